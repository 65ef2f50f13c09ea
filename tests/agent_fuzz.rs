//! Seeded randomized test of the agent layer (`src/agent.rs`, `src/world/agents.rs`)
//! against its documented contract, checked independently of the implementation.
//!
//! Each case is a random small domain (3–6 facts, 4–10 actions with random preconditions,
//! effects and costs, zero costs included), 1–3 agents with random settings (switch margin,
//! failure cooldown, `plan_in_step` on or off, heuristic, sometimes a tiny node limit) and
//! 1–3 goals each, and a few hundred random operations per agent: sensed facts (same or
//! different value), goal priorities (≤ 0 included), enabling and disabling actions, cost
//! overrides, the world reaching one of the agent's goals, steps (`dt` sometimes large
//! enough to expire failure cooldowns), reports (also when no action is in progress) and
//! batches (`World::plan_agents`, with agent and node budgets; sometimes between the
//! sensors and the step, so that the batch is the first to review what changed); an agent
//! with a tiny node limit also has frames that only change a cost.
//!
//! The test keeps its own model of every agent — believed facts, priorities, disabled
//! actions, cost overrides, failure cooldowns, clock, the action in progress, and whether
//! anything changed since the agent last looked — and checks after every operation:
//! - the agent's believed state, clock, planning context and `is_acting` agree with the
//!   model; a report while no action is in progress is `AgentError::NoAction` and changes
//!   nothing; a `Waiting` step abandons the action in progress (`is_acting` is false after
//!   it, a report before the next `Start` is `NoAction`);
//! - **plan validity**: when a step says `Start(a)`/`Continue(a)`, the remaining plan begins
//!   with `a` and replays from the believed state with `Domain::apply`, every action enabled
//!   and off cooldown, to a state satisfying the current goal; after plan monitoring no
//!   later suffix of it already reaches the goal (those steps are skipped);
//! - **optimality**: every replan event that found a plan has the cost of a fresh
//!   `Planner::plan_in` from the state at that moment with the model's context, and the
//!   plan the agent holds is that plan; an event with no plan means no enabled unsatisfied
//!   goal has one;
//! - **arbiter**: the model builds the arbiter's order rank by rank: among the remaining
//!   candidates (enabled, unsatisfied, not known to have no plan, not hopeless: no goal
//!   with a failing condition that no action has among its effects) the current goal comes
//!   next when the best remaining goal's priority is at most the current goal's plus the
//!   switch margin, else the best remaining (ties: the goal added first). A replan's goal
//!   is the one at rank `goals_tried - 1` of that order and every goal before it has no
//!   plan (a replan with no plan tried every candidate); a plan a step acts on is for the
//!   first goal of the order. So no other enabled unsatisfied goal with a plan has a
//!   priority above the chosen one's plus the margin; one that ranks above the chosen goal
//!   (priority, then order added) may only be passed over when the chosen goal was the current goal
//!   (stickiness); the current goal, while it has a plan, is only left for a goal that
//!   beats it by more than the margin; and when a goal that beat it has no plan, the
//!   current goal keeps its place against goals within the margin (stickiness at every
//!   rank);
//! - **Idle / NoPlan**: `Idle` exactly when no enabled goal is unsatisfied, `NoPlan` exactly
//!   when some are and none has a plan (a fresh search says no plan or hits the node
//!   limit); `Waiting` only without `plan_in_step`;
//! - **Kept**: a replan whose order reaches the current goal while the plan in hand for it
//!   is still valid with nothing to skip keeps that plan (`ReplanResult::Kept`, the current
//!   goal, the remaining length and the plan's cost; the same plan and step after it, the
//!   action in progress goes on), and a replan that searched the current goal (`Found`)
//!   had no such plan in hand; optimality is checked for `Found` only;
//! - **no replan without cause**: a step or batch after which nothing changed through the
//!   API (a write with a different value, a priority, an action enabled or disabled, a
//!   cost changed or an override cleared while some goal's last search hit the node limit,
//!   a report of success or failure, a cooldown expiring) and with no replan left pending
//!   adds no history event (a cost change with no goal at the node limit causes no review
//!   at all); after cost changes only, the plan in hand (still valid) stays (no event, or
//!   `Kept`), unless a goal whose search hit the node limit is tried again and now has a
//!   plan (`GoalChanged`), and an agent without a plan tries again; `ActionFailed`
//!   events follow failures, and the first event after a failure has that cause (a failure
//!   followed by nothing to pursue is `Idle` and records no replan);
//!   `StepsSkipped` events shorten the plan to a suffix; a replan tries only candidates
//!   (goals a replan proved to have no plan are not searched again until the state, the
//!   enabled actions or the cooldowns change, goals that hit the node limit until those or
//!   a cost change); a replan whose plan begins with the action in progress continues it;
//! - **batches**: `planned`, `expanded` and `waiting` agree with the agents' histories and
//!   `needs_plan` (with a node budget or without), and `max_agents` holds;
//! - **determinism**: every case runs again with two batch threads (and every fourth once
//!   more with one) and must give the identical trace of steps, reports, events and batch
//!   results (cache hit counts aside between thread counts, where two threads may both
//!   miss one key; between runs with one thread they must agree too, whatever the cache
//!   size: shards do not hash the domain's address, so eviction is the same every run).
//!
//! The test also asserts that each situation it checks came up (see the coverage counts
//! printed with `--nocapture`), so that it cannot pass by checking nothing.
//!
//! A failure prints the case seed, the case (domain, agents, operations), the operation log
//! and a version with fewer operations that still fails. Replay one case with
//! `GOAP_AGENT_FUZZ_CASE=<index> cargo test --test agent_fuzz -- --nocapture` (prints its
//! log); `GOAP_DIFF_SCALE=<n>` runs `n` times as many cases.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::sync::Arc;

use goap::agent::{AgentError, GoalId, ReplanEvent, ReplanResult};
use goap::world::WorldError;
use goap::{
    ActionContext, ActionDef, ActionId, AgentDef, AgentId, BatchOptions, Domain, FactId, FactValue,
    Goal, GoalDef, Heuristic, Outcome, PlanOptions, Planner, ReplanCause, Report, Step, StepKind,
    World, WorldDef, WorldState,
};

mod support;
use support::{case_seed, close, minimise, scaled, Rng};

/// Master seed of the suite.
const MASTER_SEED: u64 = 0x6167_656e_745f_667a;
/// Number of random cases (debug build: a few seconds).
const CASES: usize = 240;

// ---------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct ActionSpec {
    pre: Vec<(usize, bool)>,
    effects: Vec<(usize, bool)>,
    cost: f64,
}

#[derive(Clone, Debug)]
struct GoalSpec {
    conditions: Vec<(usize, bool)>,
    priority: f64,
}

#[derive(Clone, Debug)]
struct AgentSpec {
    def: AgentDef,
    facts: Vec<bool>,
    goals: Vec<GoalSpec>,
}

#[derive(Clone, Copy, Debug)]
enum Op {
    SetFact {
        agent: usize,
        fact: usize,
        value: bool,
    },
    SetPriority {
        agent: usize,
        goal: usize,
        priority: f64,
    },
    /// Removes a goal (no goal is ever added back, so slots stay the model's indices).
    RemoveGoal {
        agent: usize,
        goal: usize,
    },
    SetEnabled {
        agent: usize,
        action: usize,
        enabled: bool,
    },
    SetCost {
        agent: usize,
        action: usize,
        cost: Option<f64>,
    },
    Step {
        agent: usize,
        dt: f64,
    },
    Report {
        agent: usize,
        outcome: Report,
    },
    Batch {
        max_agents: u32,
        max_nodes: u64,
    },
}

#[derive(Clone, Debug)]
struct Case {
    seed: u64,
    facts: usize,
    actions: Vec<ActionSpec>,
    agents: Vec<AgentSpec>,
    cache: usize,
    ops: Vec<Op>,
}

/// The model's goal index of an agent's goal (the fuzz never removes goals, so a goal's
/// slot is its place in the order added).
fn slot(goal: Option<GoalId>) -> Option<usize> {
    goal.map(|g| g.index() as usize)
}

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len() as u64) as usize]
}

/// `n` literals on distinct facts.
fn literals(rng: &mut Rng, facts: usize, n: usize) -> Vec<(usize, bool)> {
    let mut all: Vec<usize> = (0..facts).collect();
    for i in (1..all.len()).rev() {
        all.swap(i, rng.below(i as u64 + 1) as usize);
    }
    all.into_iter()
        .take(n)
        .map(|f| (f, rng.chance(50)))
        .collect()
}

const PRIORITIES: [f64; 9] = [-1.0, 0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 3.0, 5.0];
const DTS: [f64; 9] = [0.0, 0.016, 0.1, 0.1, 0.25, 0.5, 1.0, 3.0, 30.0];

fn random_case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let facts = rng.range(3, 6);
    // Actions that make one fact true or false (so that most goals are reachable, in a
    // few steps), then random ones: 4–10 in all.
    let mut actions = Vec::new();
    let cost = |rng: &mut Rng| pick(rng, &[0.0, 0.5, 1.0, 1.0, 1.25, 2.0, 3.0, 7.0]);
    for f in 0..facts {
        for value in [true, false] {
            if actions.len() < 10 && rng.chance(if value { 55 } else { 45 }) {
                let n = rng.range(0, 2);
                let pre: Vec<(usize, bool)> = literals(&mut rng, facts, n + 1)
                    .into_iter()
                    .filter(|&(g, _)| g != f)
                    .take(n)
                    .collect();
                let mut effects = vec![(f, value)];
                if rng.chance(30) {
                    effects.extend(
                        literals(&mut rng, facts, 2)
                            .into_iter()
                            .find(|&(g, _)| g != f),
                    );
                }
                actions.push(ActionSpec {
                    pre,
                    effects,
                    cost: cost(&mut rng),
                });
            }
        }
    }
    let total = rng.range(actions.len().max(4), 10);
    while actions.len() < total {
        let pre = rng.range(0, 2);
        let effects = rng.range(1, 2);
        actions.push(ActionSpec {
            pre: literals(&mut rng, facts, pre),
            effects: literals(&mut rng, facts, effects),
            cost: cost(&mut rng),
        });
    }
    for i in (1..actions.len()).rev() {
        actions.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let agents = (0..rng.range(1, 3))
        .map(|_| {
            let max_nodes = if rng.chance(30) {
                pick(&mut rng, &[1, 3, 5, 8, 16])
            } else {
                PlanOptions::DEFAULT_MAX_NODES
            };
            let def = AgentDef {
                switch_margin: pick(&mut rng, &[0.0, 0.0, 0.5, 1.0, 2.5]),
                failure_cooldown: pick(&mut rng, &[0.0, 0.0, 0.5, 2.0, 10.0]),
                plan_in_step: rng.chance(50),
                options: PlanOptions {
                    max_nodes,
                    heuristic: pick(&mut rng, &Heuristic::ALL),
                    direction: pick(&mut rng, &goap::Direction::ALL),
                },
                // Step budgets have their own tests (tests/agents.rs).
                step_budget: goap::SearchBudget::UNLIMITED,
            };
            let start: Vec<bool> = (0..facts).map(|_| rng.chance(40)).collect();
            let goals = (0..rng.range(1, 3))
                .map(|_| {
                    // Mostly goals the domain can reach from the agent's start.
                    let reachable = rng.chance(80);
                    let mut conditions = Vec::new();
                    for _ in 0..20 {
                        let n = rng.range(1, 3);
                        conditions = literals(&mut rng, facts, n);
                        if !reachable || reaches(&actions, &start, &conditions) {
                            break;
                        }
                    }
                    GoalSpec {
                        conditions,
                        priority: pick(&mut rng, &PRIORITIES),
                    }
                })
                .collect();
            AgentSpec {
                def,
                facts: start,
                goals,
            }
        })
        .collect::<Vec<_>>();
    let cache = pick(&mut rng, &[0, 32, WorldDef::DEFAULT_PLAN_CACHE_CAPACITY]);
    let mut ops = Vec::new();
    let total = agents.len() * rng.range(150, 300);
    while ops.len() < total {
        let agent = rng.range(0, agents.len() - 1);
        let spec: &AgentSpec = &agents[agent];
        // Cost changes matter most to an agent with a tiny node limit (they make the goals
        // whose search hit it candidates again): some of its frames change only a cost.
        let limited = spec.def.options.max_nodes < PlanOptions::DEFAULT_MAX_NODES;
        if limited && rng.chance(20) {
            ops.push(Op::SetCost {
                agent,
                action: rng.range(0, actions.len() - 1),
                cost: Some(pick(&mut rng, &[0.0, 0.25, 1.0, 4.0, 9.0])),
            });
            ops.push(Op::Step { agent, dt: 0.016 });
            ops.push(Op::Report {
                agent,
                outcome: Report::Running,
            });
            continue;
        }
        // One frame of this agent: sensors, engine context, a step, a report.
        for _ in 0..rng.range(0, 2) {
            if rng.chance(60) {
                ops.push(Op::SetFact {
                    agent,
                    fact: rng.range(0, facts - 1),
                    value: rng.chance(50),
                });
            }
        }
        if rng.chance(6) {
            // The world reaches one of the agent's goals (another agent did the work).
            let goal = &spec.goals[rng.range(0, spec.goals.len() - 1)];
            for &(fact, value) in &goal.conditions {
                ops.push(Op::SetFact { agent, fact, value });
            }
            if rng.chance(50) {
                // The action in progress, if any, fails (the world got there first).
                ops.push(Op::Report {
                    agent,
                    outcome: Report::Failed,
                });
            }
            if rng.chance(50) {
                // A batch is the first to review it (a failure may leave nothing to
                // pursue).
                ops.push(Op::Batch {
                    max_agents: pick(&mut rng, &[0, 0, 1, 2]),
                    max_nodes: pick(&mut rng, &[0, 0, 0, 1, 5, 20]),
                });
            }
        }
        if rng.chance(15) {
            ops.push(Op::SetPriority {
                agent,
                goal: rng.range(0, spec.goals.len() - 1),
                priority: pick(&mut rng, &PRIORITIES),
            });
        }
        if rng.chance(4) {
            ops.push(Op::RemoveGoal {
                agent,
                goal: rng.range(0, spec.goals.len() - 1),
            });
        }
        if rng.chance(10) {
            ops.push(Op::SetEnabled {
                agent,
                action: rng.range(0, actions.len() - 1),
                enabled: rng.chance(75),
            });
        }
        if rng.chance(10) {
            let cost = if rng.chance(30) {
                None
            } else {
                Some(pick(&mut rng, &[0.0, 0.25, 1.0, 4.0, 9.0]))
            };
            ops.push(Op::SetCost {
                agent,
                action: rng.range(0, actions.len() - 1),
                cost,
            });
        }
        if rng.chance(5) {
            // A report with no step before it: often no action is in progress.
            ops.push(Op::Report {
                agent,
                outcome: if rng.chance(70) {
                    Report::Succeeded
                } else {
                    Report::Failed
                },
            });
        }
        if rng.chance(5) {
            // A batch between the sensors and the step: the first to review what they
            // changed (a failure reported last frame with nothing left to pursue, say).
            ops.push(Op::Batch {
                max_agents: pick(&mut rng, &[0, 0, 1, 2]),
                max_nodes: pick(&mut rng, &[0, 0, 0, 1, 5, 20]),
            });
        }
        ops.push(Op::Step {
            agent,
            dt: pick(&mut rng, &DTS),
        });
        if rng.chance(85) {
            let outcome = match rng.below(100) {
                0..=34 => Report::Running,
                35..=79 => Report::Succeeded,
                _ => Report::Failed,
            };
            ops.push(Op::Report { agent, outcome });
        }
        if rng.chance(15) {
            ops.push(Op::Batch {
                max_agents: pick(&mut rng, &[0, 0, 1, 2]),
                max_nodes: pick(&mut rng, &[0, 0, 0, 1, 5, 20]),
            });
        }
    }
    Case {
        seed,
        facts,
        actions,
        agents,
        cache,
        ops,
    }
}

/// True when some sequence of `actions` leads from `start` to a state with `goal` (a
/// search over all states, for generating cases).
fn reaches(actions: &[ActionSpec], start: &[bool], goal: &[(usize, bool)]) -> bool {
    let holds = |s: u64, l: &[(usize, bool)]| l.iter().all(|&(f, v)| (s >> f) & 1 == u64::from(v));
    let start = start
        .iter()
        .enumerate()
        .fold(0u64, |acc, (f, &v)| acc | (u64::from(v) << f));
    let mut seen = vec![start];
    let mut next = 0;
    while next < seen.len() {
        let s = seen[next];
        next += 1;
        if holds(s, goal) {
            return true;
        }
        for a in actions.iter().filter(|a| holds(s, &a.pre)) {
            let t = a
                .effects
                .iter()
                .fold(s, |t, &(f, v)| (t & !(1 << f)) | (u64::from(v) << f));
            if !seen.contains(&t) {
                seen.push(t);
            }
        }
    }
    false
}

fn literal_list(list: &[(usize, bool)]) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|&(f, v)| format!("{}f{f}", if v { "" } else { "!" }))
        .collect();
    format!("[{}]", items.join(" "))
}

impl Case {
    fn describe(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "case seed {:#x}: {} facts, plan cache {}",
            self.seed, self.facts, self.cache
        );
        for (i, a) in self.actions.iter().enumerate() {
            let _ = writeln!(
                s,
                "  action a{i}: pre {} effects {} cost {}",
                literal_list(&a.pre),
                literal_list(&a.effects),
                a.cost
            );
        }
        for (i, a) in self.agents.iter().enumerate() {
            let on: Vec<String> = (0..self.facts)
                .filter(|&f| a.facts[f])
                .map(|f| format!("f{f}"))
                .collect();
            let _ = writeln!(s, "  agent {i}: {:?}; true at start: {on:?}", a.def);
            for (g, goal) in a.goals.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "    goal g{g}: {} priority {}",
                    literal_list(&goal.conditions),
                    goal.priority
                );
            }
        }
        s
    }

    /// Cases with fewer operations (chunks, then single ones).
    fn simplifications(&self) -> Vec<Case> {
        let n = self.ops.len();
        let mut out = Vec::new();
        let mut size = n / 2;
        while size >= 1 {
            let mut start = 0;
            while start < n {
                let mut c = self.clone();
                c.ops.drain(start..(start + size).min(n));
                out.push(c);
                start += size;
            }
            size /= 2;
        }
        out
    }
}

// ---------------------------------------------------------------------------------------
// The model of an agent and the trace of a run
// ---------------------------------------------------------------------------------------

/// Whether a reported failure has yet to be answered by a replan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Failure {
    None,
    /// The next replan must have cause `ActionFailed` (unless nothing is left to pursue
    /// when the agent reviews: then the replan is dropped).
    Pending,
}

#[derive(Clone, Debug)]
struct Model {
    facts: Vec<bool>,
    priorities: Vec<f64>,
    /// Goals removed: they act as disabled (priority 0), and their ids are stale.
    removed: BTreeSet<usize>,
    disabled: BTreeSet<usize>,
    costs: BTreeMap<usize, f64>,
    /// (action, clock time until which it is avoided).
    cooldowns: Vec<(usize, f64)>,
    clock: f64,
    /// The action handed out and not reported finished.
    acting: Option<ActionId>,
    /// Something changed through the API since the agent last reviewed (step or batch).
    dirty: bool,
    /// With `dirty`: the only changes were cost changes.
    costs_only: bool,
    /// A replan may be pending (a step said `Waiting` and no batch has planned it since).
    pending: bool,
    /// The plan in hand was monitored against the current state (after a change) rather
    /// than freshly found.
    monitored: bool,
    failure: Failure,
    /// Goals a replan proved to have no plan (`Outcome::NoPlan`), with no change since that
    /// could give them one (state, enabled actions, cooldowns; not costs): the arbiter must
    /// not search them again.
    known_no_plan: BTreeSet<usize>,
    /// Goals whose last search hit the node limit, with no change since (a cost change
    /// too makes them candidates again).
    known_limit: BTreeSet<usize>,
    /// History events seen so far, and per cause.
    replans: u64,
    causes: [u64; 5],
}

impl Model {
    /// A change that can give a goal a plan (or take it away).
    fn plannability_changed(&mut self) {
        self.dirty = true;
        self.costs_only = false;
        self.forget_no_plan();
    }

    /// Every goal is a candidate again.
    fn forget_no_plan(&mut self) {
        self.known_no_plan.clear();
        self.known_limit.clear();
    }

    /// Goal `g` is known to have no plan (proved, or its search hit the node limit).
    fn known(&self, g: usize) -> bool {
        self.known_no_plan.contains(&g) || self.known_limit.contains(&g)
    }

    /// Only cost changes since the agent last reviewed (with a goal at the node limit, or
    /// the agent would not review), and no replan pending: the plan in hand, if any, is
    /// still valid.
    fn after_cost_changes_only(&self) -> bool {
        self.dirty && self.costs_only && !self.pending
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Trace {
    Step(usize, Step),
    Report(usize, Result<(), AgentError>),
    Event(usize, ReplanEvent),
    Batch {
        planned: u32,
        waiting: u32,
        expanded: u64,
    },
}

/// A fresh search's answer.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fresh {
    Found(f64),
    NoPlan,
    Limit,
}

/// (agent, true facts, unusable actions, cost overrides as bits, goal).
type SearchKey = (usize, u64, u64, Vec<(usize, u64)>, usize);

macro_rules! ensure {
    ($cond:expr, $($msg:tt)+) => {
        match $cond {
            true => {}
            false => return Err(format!($($msg)+)),
        }
    };
}

/// Why a step may act: something changed since the agent last reviewed (or a cooldown
/// expired in this step), or that or a pending replan.
#[derive(Clone, Copy)]
struct Causes {
    reviewed: bool,
    cause: bool,
}

/// A failed run: the message and the log up to the failing operation.
struct Failed {
    message: String,
    log: Vec<String>,
}

struct Runner<'a> {
    case: &'a Case,
    threads: u32,
    checks: bool,
    world: World,
    domain: Arc<Domain>,
    ids: Vec<AgentId>,
    goals: Vec<Vec<Goal>>,
    models: Vec<Model>,
    memo: HashMap<SearchKey, Fresh>,
    log: Vec<String>,
    trace: Vec<Trace>,
    seen: Coverage,
}

/// How often each situation came up (to show that the checks have something to check).
type Coverage = BTreeMap<String, usize>;

/// A completed run: its trace, operation log and coverage.
struct Ran {
    trace: Vec<Trace>,
    log: Vec<String>,
    seen: Coverage,
}

/// Runs `case` with batches on `threads` threads; with `checks`, checks the contract after
/// every operation.
fn run(case: &Case, threads: u32, checks: bool) -> Result<Ran, Failed> {
    run_recorded(case, threads, checks, None).map(|(ran, _)| ran)
}

/// [`run`], recorded from after the agents were made (a stream with `Some(0.0)`, ring
/// mode with a window > 0); returns the recording too.
fn run_recorded(
    case: &Case,
    threads: u32,
    checks: bool,
    record: Option<f64>,
) -> Result<(Ran, Vec<u8>), Failed> {
    let mut r = Runner::new(case, threads, checks);
    let sink = goap::record::MemorySink::new();
    if let Some(window) = record {
        r.world
            .start_recording(
                Box::new(sink.clone()),
                goap::record::RecordOptions { window },
            )
            .unwrap();
    }
    for (k, op) in case.ops.iter().enumerate() {
        let line = format!("#{k:4} {}", describe_op(op));
        r.log.push(line);
        if let Err(message) = r.apply(op) {
            return Err(Failed {
                message: format!("operation #{k} ({}): {message}", describe_op(op)),
                log: r.log,
            });
        }
    }
    if record.is_some() {
        r.world.stop_recording().unwrap();
    }
    Ok((
        Ran {
            trace: r.trace,
            log: r.log,
            seen: r.seen,
        },
        sink.take(),
    ))
}

fn describe_op(op: &Op) -> String {
    match *op {
        Op::SetFact { agent, fact, value } => format!("agent {agent}: set f{fact} = {value}"),
        Op::SetPriority {
            agent,
            goal,
            priority,
        } => format!("agent {agent}: priority g{goal} = {priority}"),
        Op::RemoveGoal { agent, goal } => format!("agent {agent}: remove g{goal}"),
        Op::SetEnabled {
            agent,
            action,
            enabled,
        } => format!("agent {agent}: a{action} enabled = {enabled}"),
        Op::SetCost {
            agent,
            action,
            cost,
        } => format!("agent {agent}: cost a{action} = {cost:?}"),
        Op::Step { agent, dt } => format!("agent {agent}: step dt {dt}"),
        Op::Report { agent, outcome } => format!("agent {agent}: report {outcome:?}"),
        Op::Batch {
            max_agents,
            max_nodes,
        } => format!("batch max_agents {max_agents} max_nodes {max_nodes}"),
    }
}

fn describe_event(e: &ReplanEvent) -> String {
    format!(
        "event {}/{:?} goal {:?} len {} cost {} tried {} expanded {} t {}",
        e.cause.name(),
        e.result,
        e.goal,
        e.plan_len,
        e.plan_cost,
        e.goals_tried,
        e.expanded,
        e.time
    )
}

fn cause_index(c: ReplanCause) -> usize {
    ReplanCause::ALL.iter().position(|&x| x == c).unwrap()
}

impl<'a> Runner<'a> {
    fn new(case: &'a Case, threads: u32, checks: bool) -> Self {
        let world = World::new(WorldDef {
            plan_cache_capacity: case.cache,
            worker_threads: 2,
            ..WorldDef::default()
        });
        let d = world.create_domain("fuzz").unwrap();
        world
            .edit(d, |e| -> Result<(), WorldError> {
                let dom = e.domain_mut();
                for f in 0..case.facts {
                    dom.add_fact(&format!("f{f}"))?;
                }
                let lits = |l: &[(usize, bool)]| {
                    l.iter()
                        .map(|&(f, v)| FactValue::new(FactId(f as u32), v))
                        .collect::<Vec<_>>()
                };
                for (i, a) in case.actions.iter().enumerate() {
                    dom.add_action(ActionDef {
                        name: format!("a{i}"),
                        pre: lits(&a.pre),
                        effects: lits(&a.effects),
                        cost: a.cost,
                        ..ActionDef::default()
                    })?;
                }
                Ok(())
            })
            .unwrap();
        let domain = Arc::clone(world.snapshot(d).unwrap().domain_arc());
        let mut ids = Vec::new();
        let mut goals = Vec::new();
        let mut models = Vec::new();
        for spec in &case.agents {
            let id = world.create_agent(d, spec.def).unwrap();
            let mut agent_goals = Vec::new();
            for (g, goal) in spec.goals.iter().enumerate() {
                let conditions = domain
                    .conditions(
                        goal.conditions
                            .iter()
                            .map(|&(f, v)| FactValue::new(FactId(f as u32), v)),
                    )
                    .unwrap();
                agent_goals.push(conditions.clone());
                world
                    .add_goal(
                        id,
                        GoalDef {
                            name: format!("g{g}"),
                            conditions,
                            priority: goal.priority,
                            ..GoalDef::default()
                        },
                    )
                    .unwrap();
            }
            for (f, &v) in spec.facts.iter().enumerate() {
                world
                    .with_agent(id, |a| a.set_fact(FactId(f as u32), v))
                    .unwrap();
            }
            ids.push(id);
            goals.push(agent_goals);
            models.push(Model {
                facts: spec.facts.clone(),
                priorities: spec.goals.iter().map(|g| g.priority).collect(),
                removed: BTreeSet::new(),
                disabled: BTreeSet::new(),
                costs: BTreeMap::new(),
                cooldowns: Vec::new(),
                clock: 0.0,
                acting: None,
                dirty: true,
                costs_only: false,
                pending: false,
                monitored: false,
                failure: Failure::None,
                known_no_plan: BTreeSet::new(),
                known_limit: BTreeSet::new(),
                replans: 0,
                causes: [0; 5],
            });
        }
        Runner {
            case,
            threads,
            checks,
            world,
            domain,
            ids,
            goals,
            models,
            memo: HashMap::new(),
            log: Vec::new(),
            trace: Vec::new(),
            seen: Coverage::new(),
        }
    }

    fn count(&mut self, what: impl Into<String>) {
        *self.seen.entry(what.into()).or_default() += 1;
    }

    fn note(&mut self, text: String) {
        if let Some(line) = self.log.last_mut() {
            let _ = write!(line, "\n        {text}");
        }
    }

    fn agent<T>(&self, i: usize, f: impl FnOnce(&mut goap::Agent) -> T) -> T {
        self.world.with_agent(self.ids[i], |a| Ok(f(a))).unwrap()
    }

    fn apply(&mut self, op: &Op) -> Result<(), String> {
        match *op {
            Op::SetFact { agent, fact, value } => {
                let m = &mut self.models[agent];
                if m.facts[fact] != value {
                    m.facts[fact] = value;
                    m.plannability_changed();
                }
                self.agent(agent, |a| a.set_fact(FactId(fact as u32), value))
                    .map_err(|e| format!("set_fact failed: {e}"))?;
            }
            Op::SetPriority {
                agent,
                goal,
                priority,
            } => {
                let id = GoalId::from_parts(goal as u32, 1);
                if self.models[agent].removed.contains(&goal) {
                    let got = self.agent(agent, |a| a.set_priority(id, priority));
                    ensure!(
                        got == Err(AgentError::UnknownGoal(id)),
                        "agent {agent}: set_priority of removed g{goal} gave {got:?}"
                    );
                    return Ok(());
                }
                let m = &mut self.models[agent];
                if m.priorities[goal] != priority {
                    m.priorities[goal] = priority;
                    m.dirty = true;
                    m.costs_only = false;
                }
                self.agent(agent, |a| a.set_priority(id, priority))
                    .map_err(|e| format!("set_priority failed: {e}"))?;
            }
            Op::RemoveGoal { agent, goal } => {
                let id = GoalId::from_parts(goal as u32, 1);
                let (got, pursued) = self.agent(agent, |a| {
                    let pursued = a.current_goal() == Some(id);
                    (a.remove_goal(id).map(|_| ()), pursued)
                });
                if got.is_ok() {
                    self.count(if pursued {
                        "remove the pursued goal"
                    } else {
                        "remove a goal"
                    });
                } else {
                    self.count("remove a removed goal: refused");
                }
                let m = &mut self.models[agent];
                if m.removed.insert(goal) {
                    ensure!(got.is_ok(), "agent {agent}: remove g{goal} failed: {got:?}");
                    // Removal works as disabling: the arbiter sees priority 0.
                    if m.priorities[goal] != 0.0 {
                        m.priorities[goal] = 0.0;
                    }
                    m.dirty = true;
                    m.costs_only = false;
                } else {
                    ensure!(
                        got == Err(AgentError::UnknownGoal(id)),
                        "agent {agent}: removing g{goal} again gave {got:?}"
                    );
                }
            }
            Op::SetEnabled {
                agent,
                action,
                enabled,
            } => {
                let m = &mut self.models[agent];
                let changed = if enabled {
                    m.disabled.remove(&action)
                } else {
                    m.disabled.insert(action)
                };
                if changed {
                    m.plannability_changed();
                }
                self.agent(agent, |a| {
                    a.set_action_enabled(ActionId(action as u32), enabled)
                })
                .map_err(|e| format!("set_action_enabled failed: {e}"))?;
            }
            Op::SetCost {
                agent,
                action,
                cost,
            } => {
                // A different cost (or clearing an override) makes the goals whose last
                // search hit the node limit candidates again (the agent reviews: the plan in
                // hand is monitored, and kept while valid); a goal proved to have no plan
                // stays without one. With no goal at the node limit nothing is reviewed.
                let m = &mut self.models[agent];
                let before = match cost {
                    Some(c) => m.costs.insert(action, c),
                    None => m.costs.remove(&action),
                };
                if before.map(f64::to_bits) != cost.map(f64::to_bits) {
                    if m.known_limit.is_empty() {
                        self.count("cost change with no goal at the node limit: no review");
                    } else {
                        let only = !m.dirty || m.costs_only;
                        m.dirty = true;
                        m.costs_only = only;
                        m.known_limit.clear();
                        self.count("cost change: goals at the node limit are candidates again");
                    }
                }
                self.agent(agent, |a| a.set_action_cost(ActionId(action as u32), cost))
                    .map_err(|e| format!("set_action_cost failed: {e}"))?;
            }
            Op::Step { agent, dt } => self.step(agent, dt)?,
            Op::Report { agent, outcome } => self.report(agent, outcome)?,
            Op::Batch {
                max_agents,
                max_nodes,
            } => self.batch(max_agents, max_nodes)?,
        }
        if self.checks {
            for i in 0..self.ids.len() {
                self.check_mirror(i)?;
            }
        }
        Ok(())
    }

    // -- the model's view ------------------------------------------------------------

    fn usable(&self, i: usize, a: ActionId) -> bool {
        let m = &self.models[i];
        let a = a.index();
        !m.disabled.contains(&a) && !m.cooldowns.iter().any(|&(c, _)| c == a)
    }

    /// The context a search of agent `i` should use now: disabled actions, actions on
    /// cooldown, cost overrides.
    fn context(&self, i: usize) -> ActionContext {
        let m = &self.models[i];
        let mut c = ActionContext::new();
        for &a in &m.disabled {
            c.set_enabled(ActionId(a as u32), false);
        }
        for &(a, _) in &m.cooldowns {
            c.set_enabled(ActionId(a as u32), false);
        }
        for (&a, &cost) in &m.costs {
            c.set_cost(ActionId(a as u32), cost).unwrap();
        }
        c
    }

    fn state(&self, i: usize) -> WorldState {
        let mut s = WorldState::new();
        for (f, &v) in self.models[i].facts.iter().enumerate() {
            s.set(FactId(f as u32), v);
        }
        s
    }

    fn enabled(&self, i: usize, g: usize) -> bool {
        self.models[i].priorities[g] > 0.0
    }

    fn satisfied(&self, i: usize, g: usize) -> bool {
        let facts = &self.models[i].facts;
        self.case.agents[i].goals[g]
            .conditions
            .iter()
            .all(|&(f, v)| facts[f] == v)
    }

    /// Goal `g` has a condition the believed state fails that no action of the domain
    /// has among its effects (documented: such a goal is never searched).
    fn hopeless(&self, i: usize, g: usize) -> bool {
        let facts = &self.models[i].facts;
        self.case.agents[i].goals[g]
            .conditions
            .iter()
            .any(|&(f, v)| {
                facts[f] != v
                    && !self
                        .case
                        .actions
                        .iter()
                        .any(|a| a.effects.contains(&(f, v)))
            })
    }

    /// Enabled goals the believed state does not satisfy.
    fn open_goals(&self, i: usize) -> Vec<usize> {
        (0..self.goals[i].len())
            .filter(|&g| self.enabled(i, g) && !self.satisfied(i, g))
            .collect()
    }

    fn action_cost(&self, i: usize, a: ActionId) -> f64 {
        self.models[i]
            .costs
            .get(&a.index())
            .copied()
            .unwrap_or(self.case.actions[a.index()].cost)
    }

    /// A fresh search for goal `g` of agent `i` from the model's state and context.
    fn fresh(&mut self, i: usize, g: usize) -> Fresh {
        let m = &self.models[i];
        let facts = m
            .facts
            .iter()
            .enumerate()
            .fold(0u64, |acc, (f, &v)| acc | (u64::from(v) << f));
        let unusable = (0..self.case.actions.len())
            .filter(|&a| !self.usable(i, ActionId(a as u32)))
            .fold(0u64, |acc, a| acc | (1 << a));
        let costs = m.costs.iter().map(|(&a, &c)| (a, c.to_bits())).collect();
        let key = (i, facts, unusable, costs, g);
        if let Some(&f) = self.memo.get(&key) {
            return f;
        }
        let r = Planner::new().plan_in(
            &self.domain,
            &self.state(i),
            &self.goals[i][g],
            &self.case.agents[i].def.options,
            &self.context(i),
        );
        let f = match r.outcome {
            Outcome::Found(p) => Fresh::Found(p.cost),
            Outcome::NoPlan => Fresh::NoPlan,
            Outcome::LimitReached => Fresh::Limit,
            Outcome::OutOfMemory(e) => panic!("a small fuzz domain ran {e}"),
        };
        self.memo.insert(key, f);
        f
    }

    /// Replays `plan` from the believed state: every action usable and applicable, ending
    /// in a state that satisfies goal `g`.
    fn replay(&self, i: usize, plan: &[ActionId], g: usize) -> Result<(), String> {
        let mut s = self.state(i);
        for (k, &a) in plan.iter().enumerate() {
            ensure!(
                self.usable(i, a),
                "plan step {k} (a{}) is disabled or on cooldown",
                a.index()
            );
            ensure!(
                self.domain.apply(&mut s, a),
                "plan step {k} (a{}) is not applicable",
                a.index()
            );
        }
        ensure!(
            self.domain.satisfies(&s, &self.goals[i][g]),
            "the plan does not reach goal g{g}"
        );
        Ok(())
    }

    // -- operations ------------------------------------------------------------------

    fn step(&mut self, i: usize, dt: f64) -> Result<(), String> {
        let (prev_goal, prev_plan, prev_cost) = self.agent(i, |a| {
            (slot(a.current_goal()), a.plan().to_vec(), a.full_plan().1)
        });
        let m = &mut self.models[i];
        m.clock += dt;
        let clock = m.clock;
        let before = m.cooldowns.len();
        m.cooldowns.retain(|&(_, until)| until > clock);
        let expired = m.cooldowns.len() != before;
        if expired {
            m.forget_no_plan();
        }
        let reviewed = m.dirty || expired;
        let cause = reviewed || m.pending;
        let costs_only = m.after_cost_changes_only() && !expired;
        let acting_before = m.acting;
        let causes = Causes { reviewed, cause };
        let step = self
            .world
            .step_agent(self.ids[i], dt)
            .map_err(|e| format!("step failed: {e}"))?;
        self.trace.push(Trace::Step(i, step));
        let kind = format!("{:?}", step.kind);
        self.count(format!(
            "step {}",
            &kind[..kind.find('(').unwrap_or(kind.len())]
        ));
        if expired {
            self.count("cooldown expired");
        }
        self.note(format!(
            "-> {:?} goal {:?} index {} replanned {}",
            step.kind, step.goal, step.plan_index, step.replanned
        ));
        let events = self.new_events(i)?;
        if self.checks {
            for (k, e) in events.iter().enumerate() {
                let prev = (prev_goal, &prev_plan[..], prev_cost);
                self.check_event(i, e, prev, k + 1 == events.len())?;
            }
            self.check_step(i, &step, prev_goal, acting_before, causes, &events)?;
            if costs_only {
                self.check_cost_changes(i, &prev_plan, &events)?;
            }
        }
        let m = &mut self.models[i];
        m.dirty = false;
        m.costs_only = false;
        m.pending = step.kind == StepKind::Waiting;
        match events.last() {
            Some(e) if e.result == ReplanResult::Found => m.monitored = false,
            // A plan kept was monitored: no steps to skip.
            Some(e) if e.result == ReplanResult::Kept => m.monitored = true,
            _ if reviewed => m.monitored = true,
            _ => {}
        }
        match step.kind {
            StepKind::Start(a) | StepKind::Continue(a) => m.acting = Some(a),
            // Waiting abandons the action in progress: the next report is `NoAction`, and
            // the batch that plans the agent has nothing to continue.
            StepKind::Idle | StepKind::NoPlan | StepKind::Waiting => m.acting = None,
            StepKind::Planning(_) => {
                return Err(format!("agent {i}: Planning without a step budget"));
            }
        }
        if !events.is_empty() || step.kind != StepKind::Waiting {
            m.failure = Failure::None;
        }
        Ok(())
    }

    fn report(&mut self, i: usize, outcome: Report) -> Result<(), String> {
        let observe = |a: &mut goap::Agent| {
            (
                a.state().clone(),
                a.full_plan().0.to_vec(),
                a.full_plan().2,
                slot(a.current_goal()),
                a.is_acting(),
                a.replans(),
                a.planning_context(),
            )
        };
        let before = self.agent(i, observe);
        let r = self
            .world
            .with_agent(self.ids[i], |a| a.report(outcome))
            .map_err(|e| match e {
                WorldError::Agent(e) => e,
                e => panic!("unexpected world error {e}"),
            });
        self.trace.push(Trace::Report(i, r.clone()));
        self.note(format!("-> {r:?}"));
        match &r {
            Ok(()) => self.count(format!("report {outcome:?}")),
            Err(e) => self.count(format!("report refused: {e:?}")),
        }
        let Some(action) = self.models[i].acting else {
            ensure!(
                r == Err(AgentError::NoAction),
                "report with no action in progress gave {r:?}, not NoAction"
            );
            let after = self.agent(i, observe);
            ensure!(
                after == before,
                "a report refused with NoAction changed the agent"
            );
            return Ok(());
        };
        ensure!(r.is_ok(), "report of the action in progress failed: {r:?}");
        if outcome == Report::Running {
            let after = self.agent(i, observe);
            ensure!(after == before, "report Running changed the agent");
        }
        let m = &mut self.models[i];
        match outcome {
            Report::Running => {}
            Report::Succeeded => {
                for &(f, v) in &self.case.actions[action.index()].effects {
                    m.facts[f] = v;
                }
                m.acting = None;
                m.plannability_changed();
            }
            Report::Failed => {
                let cooldown = self.case.agents[i].def.failure_cooldown;
                if cooldown > 0.0 {
                    m.cooldowns.retain(|&(a, _)| a != action.index());
                    m.cooldowns.push((action.index(), m.clock + cooldown));
                }
                m.acting = None;
                m.plannability_changed();
                m.failure = Failure::Pending;
            }
        }
        Ok(())
    }

    fn batch(&mut self, max_agents: u32, max_nodes: u64) -> Result<(), String> {
        let before: Vec<(Option<usize>, Vec<ActionId>, f64)> = (0..self.ids.len())
            .map(|i| {
                self.agent(i, |a| {
                    (slot(a.current_goal()), a.plan().to_vec(), a.full_plan().1)
                })
            })
            .collect();
        let stats = self.world.plan_agents(&BatchOptions {
            max_agents,
            max_nodes,
            threads: self.threads,
        });
        self.trace.push(Trace::Batch {
            planned: stats.planned,
            waiting: stats.waiting,
            expanded: stats.expanded,
        });
        self.note(format!(
            "-> planned {} waiting {} expanded {}",
            stats.planned, stats.waiting, stats.expanded
        ));
        let mut planned = 0;
        let mut expanded = 0;
        for (i, (prev_goal, prev_plan, prev_cost)) in before.iter().enumerate() {
            let events = self.new_events(i)?;
            let searched: Vec<&ReplanEvent> = events
                .iter()
                .filter(|e| e.result != ReplanResult::Skipped)
                .collect();
            planned += searched.len() as u32;
            if !events.is_empty() {
                self.count("batch replans");
            }
            expanded += searched.iter().map(|e| e.expanded).sum::<u64>();
            if self.checks {
                let m = &self.models[i];
                ensure!(
                    events.is_empty() || m.dirty || m.pending,
                    "agent {i}: the batch replanned it without a cause (nothing changed, no \
                     replan pending)"
                );
                for (k, e) in events.iter().enumerate() {
                    let prev = (*prev_goal, &prev_plan[..], *prev_cost);
                    self.check_event(i, e, prev, k + 1 == events.len())?;
                }
                if self.models[i].after_cost_changes_only() {
                    self.check_cost_changes(i, prev_plan, &events)?;
                }
            }
            // The action in progress: kept when a new plan begins with it; dropped by a
            // replan, a skip, or when nothing is left to pursue.
            let (acting, plan) = self.agent(i, |a| (a.is_acting(), a.plan().to_vec()));
            if let Some(a) = self.models[i].acting {
                if acting {
                    ensure!(
                        plan.first() == Some(&a),
                        "agent {i}: acting after the batch, but not on a{}: {plan:?}",
                        a.index()
                    );
                } else if self.checks {
                    ensure!(
                        !matches!(events.last(), Some(e) if e.result == ReplanResult::Kept),
                        "agent {i}: the batch kept the plan in hand, but a{} is no longer in \
                         progress",
                        a.index()
                    );
                    let continues = matches!(events.last(), Some(e) if e.result == ReplanResult::Found)
                        && plan.first() == Some(&a);
                    ensure!(
                        !continues,
                        "agent {i}: the new plan begins with the action in progress, but it \
                         is no longer in progress"
                    );
                    let open = self.open_goals(i);
                    let any_plan = open
                        .iter()
                        .any(|&g| matches!(self.fresh(i, g), Fresh::Found(_)));
                    ensure!(
                        !events.is_empty() || !any_plan,
                        "agent {i}: the batch dropped the action in progress without a replan"
                    );
                }
                if !acting {
                    self.count("the batch ended the action in progress");
                    self.models[i].acting = None;
                }
            } else {
                ensure!(!acting, "agent {i}: acting after the batch without a Start");
            }
            let m = &mut self.models[i];
            match events.last() {
                Some(e) if e.result == ReplanResult::Found => m.monitored = false,
                Some(e) if e.result == ReplanResult::Kept => m.monitored = true,
                _ if m.dirty => m.monitored = true,
                _ => {}
            }
            if !events.is_empty() {
                m.pending = false;
                m.failure = Failure::None;
            } else {
                m.pending |= m.dirty;
                if m.failure == Failure::Pending && self.open_goals(i).is_empty() {
                    // Nothing left to pursue: the replan after the failure was dropped.
                    self.count(format!(
                        "failure with nothing to pursue dropped (batch, node budget {})",
                        max_nodes > 0
                    ));
                    let m = &mut self.models[i];
                    m.failure = Failure::None;
                    m.pending = false;
                }
            }
            self.models[i].dirty = false;
            self.models[i].costs_only = false;
        }
        // Right after the batch nothing has changed since it reviewed every agent, so this
        // only reads whether a replan is still pending.
        let needing = (0..self.ids.len())
            .filter(|&i| self.agent(i, |a| a.needs_plan()))
            .count() as u32;
        if self.checks {
            ensure!(
                stats.waiting == needing,
                "batch says {} agents still wait, {needing} need a plan",
                stats.waiting
            );
            ensure!(
                stats.planned == planned,
                "batch says {} agents planned, their histories {planned}",
                stats.planned
            );
            ensure!(
                stats.expanded == expanded,
                "batch says {} nodes expanded, the events {expanded}",
                stats.expanded
            );
            ensure!(
                max_agents == 0 || planned <= max_agents,
                "batch planned {planned} agents, more than max_agents {max_agents}"
            );
        }
        Ok(())
    }

    /// The history events agent `i` added since the last look.
    fn new_events(&mut self, i: usize) -> Result<Vec<ReplanEvent>, String> {
        let (total, history, counts) = self.agent(i, |a| {
            (
                a.replans(),
                a.history().cloned().collect::<Vec<_>>(),
                ReplanCause::ALL.map(|c| a.replan_count(c)),
            )
        });
        let m = &mut self.models[i];
        ensure!(
            total >= m.replans,
            "replans() went down from {} to {total}",
            m.replans
        );
        let n = (total - m.replans) as usize;
        ensure!(
            n <= history.len(),
            "{n} new replans but a history of {}",
            history.len()
        );
        let events = history[history.len() - n..].to_vec();
        m.replans = total;
        for e in &events {
            m.causes[cause_index(e.cause)] += 1;
        }
        ensure!(
            counts == m.causes,
            "replan_count per cause {counts:?}, the events say {:?}",
            m.causes
        );
        for e in &events {
            self.count(format!("event {}", e.cause.name()));
            self.count(format!("event result {:?}", e.result));
            self.trace.push(Trace::Event(i, e.clone()));
            self.note(format!("agent {i}: {}", describe_event(e)));
        }
        Ok(events)
    }

    // -- checks ----------------------------------------------------------------------

    /// The agent's observable state agrees with the model.
    fn check_mirror(&self, i: usize) -> Result<(), String> {
        let (state, clock, context, acting) = self.agent(i, |a| {
            (
                a.state().clone(),
                a.clock(),
                a.planning_context(),
                a.is_acting(),
            )
        });
        let m = &self.models[i];
        ensure!(
            state == self.state(i),
            "agent {i}: believed state {:?}, the model says {:?}",
            state.true_facts().collect::<Vec<_>>(),
            self.state(i).true_facts().collect::<Vec<_>>()
        );
        ensure!(
            clock == m.clock,
            "agent {i}: clock {clock}, the model says {}",
            m.clock
        );
        ensure!(
            context == self.context(i),
            "agent {i}: planning context {context:?}, the model says {:?}",
            self.context(i)
        );
        ensure!(
            acting == m.acting.is_some(),
            "agent {i}: is_acting {acting}, the model says {:?}",
            m.acting
        );
        Ok(())
    }

    /// Goal `g`, just chosen or kept by agent `i`, obeys the arbiter's rules.
    /// The order in which agent `i`, with current goal `cur`, tries its goals: the
    /// candidates (enabled, unsatisfied, not known to have no plan), rank by rank: the
    /// current goal next when the best remaining goal's priority is at most the current
    /// goal's plus the switch margin, else the best remaining (ties: the goal added first).
    fn arbiter_order(&self, i: usize, cur: Option<usize>) -> Vec<usize> {
        let m = &self.models[i];
        let margin = self.case.agents[i].def.switch_margin;
        let mut rest: Vec<usize> = self
            .open_goals(i)
            .into_iter()
            .filter(|&g| !m.known(g) && !self.hopeless(i, g))
            .collect();
        let mut order = Vec::with_capacity(rest.len());
        while !rest.is_empty() {
            // `rest` is in index order: on equal priorities the first one stays.
            let best = rest
                .iter()
                .copied()
                .reduce(|a, b| {
                    if m.priorities[b] > m.priorities[a] {
                        b
                    } else {
                        a
                    }
                })
                .unwrap();
            let pick = match cur.filter(|c| rest.contains(c)) {
                Some(c) if m.priorities[best] <= m.priorities[c] + margin => c,
                _ => best,
            };
            rest.retain(|&h| h != pick);
            order.push(pick);
        }
        order
    }

    /// Goal `g`, just chosen or kept by agent `i` (whose current goal was `prev_goal`),
    /// obeys the arbiter's rules: it is the goal at `rank` in the arbiter's order (the
    /// number of goals a replan tried before it; 0 for a plan kept), and every goal before
    /// it has no plan.
    fn check_arbiter(
        &mut self,
        i: usize,
        g: usize,
        prev_goal: Option<usize>,
        rank: usize,
    ) -> Result<(), String> {
        ensure!(
            self.enabled(i, g),
            "agent {i}: chosen goal g{g} is disabled"
        );
        ensure!(
            !self.satisfied(i, g),
            "agent {i}: chosen goal g{g} is already satisfied"
        );
        let margin = self.case.agents[i].def.switch_margin;
        let pg = self.models[i].priorities[g];
        let open = self.open_goals(i);
        let order = self.arbiter_order(i, prev_goal);
        let priorities: Vec<String> = order
            .iter()
            .map(|&h| format!("g{h}: {}", self.models[i].priorities[h]))
            .collect();
        ensure!(
            order.get(rank) == Some(&g),
            "agent {i}: chose g{g} at rank {rank}, but the arbiter's order (current goal \
             {prev_goal:?}, margin {margin}) is {priorities:?}"
        );
        for &h in &order[..rank] {
            ensure!(
                !matches!(self.fresh(i, h), Fresh::Found(_)),
                "agent {i}: chose g{g}, but g{h}, before it in the arbiter's order (current \
                 goal {prev_goal:?}, margin {margin}: {priorities:?}), has a plan"
            );
        }
        // Stickiness at every rank: the current goal, while it has a plan, is only left for
        // a goal that beats it by more than the margin; and it keeps its place when a goal
        // that beat it has no plan.
        if let Some(c) = prev_goal.filter(|&c| open.contains(&c)) {
            let pc = self.models[i].priorities[c];
            if c != g && matches!(self.fresh(i, c), Fresh::Found(_)) {
                ensure!(
                    pg > pc + margin,
                    "agent {i}: left goal g{c} (priority {pc}), which has a plan, for g{g} \
                     (priority {pg}), which does not beat it by more than the margin {margin}"
                );
                self.count("goal left for one beyond the margin");
            }
            if c == g && rank > 0 {
                ensure!(
                    order[..rank]
                        .iter()
                        .all(|&h| self.models[i].priorities[h] > pc + margin),
                    "agent {i}: kept goal g{c} (priority {pc}) after {:?}, not all beyond the \
                     margin {margin}",
                    &order[..rank]
                );
                self.count("current goal kept after a goal beyond the margin had no plan");
            }
        }
        for h in open {
            if h == g || !matches!(self.fresh(i, h), Fresh::Found(_)) {
                continue;
            }
            let ph = self.models[i].priorities[h];
            ensure!(
                ph <= pg + margin,
                "agent {i}: goal g{h} (priority {ph}) has a plan and beats the chosen g{g} \
                 (priority {pg}) by more than the margin {margin}"
            );
            let ranks_above = ph > pg || (ph == pg && h < g);
            if ranks_above {
                self.count("goal kept within the margin");
            }
            ensure!(
                !ranks_above || prev_goal == Some(g),
                "agent {i}: goal g{h} (priority {ph}) has a plan and ranks above the chosen \
                 g{g} (priority {pg}), which was not the current goal ({prev_goal:?})"
            );
        }
        Ok(())
    }

    /// After a step or batch for which only costs changed (no replan pending), and so the
    /// agent reviewed because goals whose search hit the node limit are candidates again:
    /// the plan in hand, still valid, stays (the same remaining plan, no event, or `Kept`
    /// when the retried goals still have no plan), unless the arbiter retries such a goal
    /// and it has a plan now (`GoalChanged`), or the first monitoring of the plan skips
    /// steps (then a fall-through to the current goal also searches it afresh).
    fn check_cost_changes(
        &mut self,
        i: usize,
        prev_plan: &[ActionId],
        events: &[ReplanEvent],
    ) -> Result<(), String> {
        if prev_plan.is_empty() {
            if !events.is_empty() {
                self.count("cost change: an agent without a plan retried");
            }
            return Ok(());
        }
        // A plan found and not yet monitored may have steps a suffix does without (zero
        // costs): the first monitoring skips them.
        let skips = !self.models[i].monitored;
        for e in events {
            ensure!(
                e.cause == ReplanCause::GoalChanged
                    || (skips && e.cause == ReplanCause::StepsSkipped),
                "agent {i}: only costs changed, yet the plan in hand {prev_plan:?} (still \
                 valid) was replaced: {}",
                describe_event(e)
            );
        }
        if events.is_empty() {
            let plan = self.agent(i, |a| a.plan().to_vec());
            ensure!(
                plan == prev_plan,
                "agent {i}: only costs changed, yet the plan in hand {prev_plan:?} became \
                 {plan:?} without a replan"
            );
            self.count("cost change: the plan in hand kept");
        } else {
            for e in events
                .iter()
                .filter(|e| e.cause == ReplanCause::GoalChanged)
            {
                self.count("cost change: a goal at the node limit retried");
                if e.result == ReplanResult::Kept {
                    self.count("cost change: the plan in hand kept after a retry");
                }
            }
        }
        Ok(())
    }

    /// Goals `goals` of agent `i` were searched and had no plan: the model remembers them as
    /// the agent does (proved to have none, or the search hit the node limit).
    fn note_no_plan(&mut self, i: usize, goals: &[usize]) {
        for &g in goals {
            match self.fresh(i, g) {
                Fresh::NoPlan => {
                    self.models[i].known_no_plan.insert(g);
                }
                Fresh::Limit => {
                    self.models[i].known_limit.insert(g);
                }
                // The checks that called this ruled it out.
                Fresh::Found(_) => {}
            }
        }
    }

    /// Whether `plan` (the remaining steps in hand) for goal `g` of agent `i` is still valid
    /// with nothing to skip: it runs from the believed state to the goal and no later suffix
    /// does (monitoring accepts it as it is). A replan that reaches that goal keeps it.
    fn keepable(&self, i: usize, plan: &[ActionId], g: usize) -> bool {
        !plan.is_empty()
            && self.replay(i, plan, g).is_ok()
            && (1..plan.len()).all(|k| self.replay(i, &plan[k..], g).is_err())
    }

    /// A new history event of agent `i`, at the moment it was recorded (the model's state
    /// now); `prev`: the goal, remaining plan and plan cost before the step or batch.
    /// `last`: the agent's plan is this event's.
    fn check_event(
        &mut self,
        i: usize,
        e: &ReplanEvent,
        (prev_goal, prev_plan, prev_cost): (Option<usize>, &[ActionId], f64),
        last: bool,
    ) -> Result<(), String> {
        let m = &self.models[i];
        ensure!(
            e.time == m.clock,
            "agent {i}: event time {} but the clock is {}",
            e.time,
            m.clock
        );
        match m.failure {
            Failure::Pending => ensure!(
                e.cause == ReplanCause::ActionFailed,
                "agent {i}: the first replan after a failure has cause {}",
                e.cause.name()
            ),
            Failure::None => ensure!(
                e.cause != ReplanCause::ActionFailed,
                "agent {i}: cause action_failed without a failure"
            ),
        }
        ensure!(
            (e.cause == ReplanCause::StepsSkipped) == (e.result == ReplanResult::Skipped),
            "agent {i}: cause {} with result {:?}",
            e.cause.name(),
            e.result
        );
        if e.result != ReplanResult::Skipped {
            let m = &self.models[i];
            let candidates: Vec<usize> = self
                .open_goals(i)
                .into_iter()
                .filter(|&g| !m.known(g) && !self.hopeless(i, g))
                .collect();
            ensure!(
                e.goals_tried >= 1 && e.goals_tried <= candidates.len(),
                "agent {i}: a replan tried {} goals; the candidates were {candidates:?} (goals \
                 proved to have no plan: {:?}, at the node limit: {:?})",
                e.goals_tried,
                m.known_no_plan,
                m.known_limit
            );
            if let Some(g) = slot(e.goal) {
                ensure!(
                    candidates.contains(&g),
                    "agent {i}: a plan for g{g}, not a candidate ({candidates:?})"
                );
            } else {
                ensure!(
                    e.goals_tried == candidates.len(),
                    "agent {i}: a replan found no plan after trying {} goals; the candidates \
                     were {candidates:?}",
                    e.goals_tried
                );
            }
        }
        match e.result {
            ReplanResult::Found => {
                let g = slot(e.goal).ok_or(format!("agent {i}: a plan found for no goal"))?;
                ensure!(e.plan_len > 0, "agent {i}: an empty plan was found");
                match self.fresh(i, g) {
                    Fresh::Found(cost) => ensure!(
                        close(e.plan_cost, cost),
                        "agent {i}: replan found a plan of cost {} for g{g}; a fresh search \
                         finds cost {cost}",
                        e.plan_cost
                    ),
                    other => {
                        return Err(format!(
                            "agent {i}: replan found a plan for g{g}; a fresh search says \
                             {other:?}"
                        ))
                    }
                }
                ensure!(
                    prev_goal != Some(g) || !self.keepable(i, prev_plan, g),
                    "agent {i}: a replan searched g{g} again, but the plan in hand for it \
                     {prev_plan:?} is still valid with nothing to skip (it should be kept)"
                );
                if last {
                    let (plan, cost, next, goal) = self.agent(i, |a| {
                        let (p, c, n) = a.full_plan();
                        (p.to_vec(), c, n, slot(a.current_goal()))
                    });
                    ensure!(goal == Some(g), "agent {i}: plan for g{g}, goal {goal:?}");
                    ensure!(
                        next == 0 && plan.len() == e.plan_len && cost == e.plan_cost,
                        "agent {i}: holds plan {plan:?} (cost {cost}, at {next}), the event \
                         says length {} cost {}",
                        e.plan_len,
                        e.plan_cost
                    );
                    let sum: f64 = plan.iter().map(|&a| self.action_cost(i, a)).sum();
                    ensure!(
                        close(sum, cost),
                        "agent {i}: plan cost {cost}, its actions cost {sum}"
                    );
                    self.replay(i, &plan, g)
                        .map_err(|m| format!("agent {i}: new plan {plan:?}: {m}"))?;
                }
                // The goals tried before `g` have no plan now: they are not tried again until
                // something changes.
                let rank = e.goals_tried - 1;
                self.check_arbiter(i, g, prev_goal, rank)?;
                let before = self.arbiter_order(i, prev_goal)[..rank].to_vec();
                self.note_no_plan(i, &before);
            }
            ReplanResult::Kept => {
                // The order reached the current goal, whose plan in hand is still valid
                // with nothing to skip: it stays (no search for it, no optimality).
                let g = slot(e.goal).ok_or(format!("agent {i}: a plan kept for no goal"))?;
                ensure!(
                    prev_goal == Some(g),
                    "agent {i}: kept a plan for g{g}, but the current goal was {prev_goal:?}"
                );
                ensure!(
                    self.keepable(i, prev_plan, g),
                    "agent {i}: kept the plan in hand {prev_plan:?} for g{g}, which is not \
                     valid as it is (invalid, or steps to skip)"
                );
                ensure!(
                    e.plan_len == prev_plan.len() && e.plan_cost == prev_cost,
                    "agent {i}: kept the plan in hand {prev_plan:?} (cost {prev_cost}), the \
                     event says length {} cost {}",
                    e.plan_len,
                    e.plan_cost
                );
                if last {
                    let (plan, cost, goal) = self.agent(i, |a| {
                        (a.plan().to_vec(), a.full_plan().1, slot(a.current_goal()))
                    });
                    ensure!(
                        goal == Some(g) && plan == prev_plan && cost == prev_cost,
                        "agent {i}: kept the plan {prev_plan:?} (cost {prev_cost}) for g{g}, \
                         but holds {plan:?} (cost {cost}) for {goal:?}"
                    );
                }
                // The goals ranked before it were searched and had no plan.
                let rank = e.goals_tried - 1;
                self.check_arbiter(i, g, prev_goal, rank)?;
                let before = self.arbiter_order(i, prev_goal)[..rank].to_vec();
                self.note_no_plan(i, &before);
            }
            ReplanResult::NoPlan | ReplanResult::LimitReached => {
                ensure!(
                    e.goal.is_none() && e.plan_len == 0 && e.plan_cost == 0.0,
                    "agent {i}: no plan, yet goal {:?} length {} cost {}",
                    e.goal,
                    e.plan_len,
                    e.plan_cost
                );
                let open = self.open_goals(i);
                ensure!(
                    !open.is_empty(),
                    "agent {i}: searched with every goal satisfied or disabled"
                );
                let mut limited = false;
                for g in open {
                    match self.fresh(i, g) {
                        Fresh::Found(cost) => {
                            return Err(format!(
                                "agent {i}: replan found no plan, but goal g{g} has one \
                                 (cost {cost})"
                            ))
                        }
                        Fresh::Limit => limited = true,
                        Fresh::NoPlan => {}
                    }
                }
                if e.result == ReplanResult::LimitReached {
                    ensure!(
                        limited,
                        "agent {i}: limit reached, but no goal's search hits the limit"
                    );
                }
                let open = self.open_goals(i);
                self.note_no_plan(i, &open);
            }
            ReplanResult::Skipped => {
                ensure!(
                    e.expanded == 0 && e.goal.is_some() && slot(e.goal) == prev_goal,
                    "agent {i}: skip with expanded {} goal {:?} (was {prev_goal:?})",
                    e.expanded,
                    e.goal
                );
                if last {
                    let rest = self.agent(i, |a| a.plan().to_vec());
                    ensure!(
                        rest.len() == e.plan_len
                            && rest.len() < prev_plan.len()
                            && prev_plan.ends_with(&rest),
                        "agent {i}: skipped from {prev_plan:?} to {rest:?} (event length {})",
                        e.plan_len
                    );
                }
            }
        }
        Ok(())
    }

    fn check_step(
        &mut self,
        i: usize,
        step: &Step,
        prev_goal: Option<usize>,
        acting_before: Option<ActionId>,
        Causes { reviewed, cause }: Causes,
        events: &[ReplanEvent],
    ) -> Result<(), String> {
        let (goal, plan, index) = self.agent(i, |a| {
            (slot(a.current_goal()), a.plan().to_vec(), a.full_plan().2)
        });
        let plan_in_step = self.case.agents[i].def.plan_in_step;
        ensure!(
            slot(step.goal) == goal,
            "agent {i}: step says goal {:?}, current_goal {goal:?}",
            step.goal
        );
        ensure!(
            step.replanned != events.is_empty(),
            "agent {i}: replanned {} with {} new events",
            step.replanned,
            events.len()
        );
        ensure!(
            cause || events.is_empty(),
            "agent {i}: replanned without a cause (nothing changed since the last step, no \
             cooldown expired, no replan pending)"
        );
        let open = self.open_goals(i);
        // Goals a fresh search finds a plan for, and goals whose search hits the node limit
        // (they may have a plan: the agent may hold one from another state).
        let (mut plannable, mut limited) = (Vec::new(), Vec::new());
        for &g in &open {
            match self.fresh(i, g) {
                Fresh::Found(_) => plannable.push(g),
                Fresh::Limit => limited.push(g),
                Fresh::NoPlan => {}
            }
        }
        match step.kind {
            StepKind::Start(a) | StepKind::Continue(a) => {
                ensure!(
                    plan.first() == Some(&a),
                    "agent {i}: step says a{}, the remaining plan is {plan:?}",
                    a.index()
                );
                ensure!(
                    step.plan_index == index,
                    "agent {i}: step says plan index {}, the plan is at {index}",
                    step.plan_index
                );
                let g = goal.ok_or(format!("agent {i}: an action without a goal"))?;
                self.replay(i, &plan, g)
                    .map_err(|m| format!("agent {i}: remaining plan {plan:?}: {m}"))?;
                self.check_arbiter(i, g, prev_goal, 0)?;
                let monitored = match events.last() {
                    Some(e) => e.result != ReplanResult::Found,
                    None => reviewed || self.models[i].monitored,
                };
                if monitored {
                    self.count("plan suffixes checked after monitoring");
                    for k in 1..plan.len() {
                        ensure!(
                            self.replay(i, &plan[k..], g).is_err(),
                            "agent {i}: after monitoring, the suffix {:?} of the plan \
                             {plan:?} already reaches g{g} (steps not skipped)",
                            &plan[k..]
                        );
                    }
                }
                if let StepKind::Continue(_) = step.kind {
                    ensure!(
                        acting_before == Some(a),
                        "agent {i}: Continue(a{}) but the action in progress was {:?}",
                        a.index(),
                        acting_before
                    );
                }
                match acting_before {
                    None => ensure!(
                        matches!(step.kind, StepKind::Start(_)),
                        "agent {i}: Continue with no action in progress"
                    ),
                    Some(y) => {
                        ensure!(
                            !events.is_empty() || step.kind == StepKind::Continue(y),
                            "agent {i}: {:?} without a replan while a{} is in progress",
                            step.kind,
                            y.index()
                        );
                        let kept = events
                            .last()
                            .is_some_and(|e| e.result == ReplanResult::Kept);
                        ensure!(
                            !kept || step.kind == StepKind::Continue(y),
                            "agent {i}: a replan kept the plan in hand, but the step says {:?} \
                             (a{} was in progress)",
                            step.kind,
                            y.index()
                        );
                        if kept {
                            self.count("a plan kept: the action in progress continues");
                        }
                        let searched = events
                            .last()
                            .is_some_and(|e| e.result == ReplanResult::Found);
                        ensure!(
                            !searched || a != y || step.kind == StepKind::Continue(y),
                            "agent {i}: a replan kept a{} (in progress) first, but the step \
                             says {:?}",
                            y.index(),
                            step.kind
                        );
                    }
                }
            }
            StepKind::Idle => ensure!(
                open.is_empty(),
                "agent {i}: Idle with unsatisfied enabled goals {open:?}"
            ),
            StepKind::NoPlan => ensure!(
                !open.is_empty() && plannable.is_empty(),
                "agent {i}: NoPlan with unsatisfied enabled goals {open:?}, of which \
                 {plannable:?} have plans"
            ),
            StepKind::Waiting => {
                if acting_before.is_some() {
                    self.count("Waiting abandoned the action in progress");
                }
                ensure!(!plan_in_step, "agent {i}: Waiting with plan_in_step on");
                ensure!(
                    cause,
                    "agent {i}: Waiting for a replan without a cause (nothing changed, no \
                     replan pending)"
                );
            }
            StepKind::Planning(_) => ensure!(false, "agent {i}: Planning without a step budget"),
        }
        // And the other way round: what the model says the step must be.
        let waiting = !plan_in_step && step.kind == StepKind::Waiting;
        if open.is_empty() {
            // Also after a failure: the replan it asked for is dropped, no event.
            if self.models[i].failure == Failure::Pending {
                self.count("failure with nothing to pursue dropped (step)");
            }
            ensure!(
                step.kind == StepKind::Idle,
                "agent {i}: every goal is satisfied or disabled, but the step says {:?}",
                step.kind
            );
        } else if plannable.is_empty() && limited.is_empty() {
            ensure!(
                step.kind == StepKind::NoPlan || waiting,
                "agent {i}: no goal has a plan, but the step says {:?}",
                step.kind
            );
        } else if plannable.is_empty() {
            // Either way is right: the plan of an action handed out was replayed above.
            self.count("node limit: fresh search undecided");
        } else {
            ensure!(
                matches!(step.kind, StepKind::Start(_) | StepKind::Continue(_)) || waiting,
                "agent {i}: goals {plannable:?} have plans, but the step says {:?}",
                step.kind
            );
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------

/// Events without their cache hit counts (two threads may both miss one key).
fn without_cache_hits(trace: &[Trace]) -> Vec<Trace> {
    trace
        .iter()
        .map(|t| match t {
            Trace::Event(i, e) => Trace::Event(
                *i,
                ReplanEvent {
                    cache_hits: 0,
                    ..e.clone()
                },
            ),
            t => t.clone(),
        })
        .collect()
}

/// Everything that is wrong with `case`, if anything: a failed check, or a trace that
/// differs between one and two batch threads or between two runs.
fn problem(case: &Case, index: usize) -> Result<Coverage, Failed> {
    let one = run(case, 1, true)?;
    // The two-thread run is recorded (every third case in ring mode, with a window short
    // enough to drop its start) and must replay without a divergence.
    let window = if index % 3 == 0 { 0.5 } else { 0.0 };
    let (two, recording) = run_recorded(case, 2, true, Some(window)).map_err(|f| Failed {
        message: format!("with 2 batch threads: {}", f.message),
        log: f.log,
    })?;
    if let Err(e) = goap::record::replay(&recording) {
        let _ = std::fs::write(
            env!("CARGO_TARGET_TMPDIR").to_owned() + "/agent_fuzz_failure.goaprec",
            &recording,
        );
        return Err(Failed {
            message: format!("the recording ({window} s window) does not replay: {e}"),
            log: two.log,
        });
    }
    let differs = |a: &[Trace], b: &[Trace]| -> Option<String> {
        let k = a.iter().zip(b).position(|(x, y)| x != y)?;
        Some(format!(
            "traces differ at entry {k}: {:?} vs {:?}",
            a.get(k),
            b.get(k)
        ))
    };
    let (one, two, log, seen) = (one.trace, two.trace, one.log, one.seen);
    if let Some(d) = differs(&without_cache_hits(&one), &without_cache_hits(&two))
        .or_else(|| (one.len() != two.len()).then(|| "traces differ in length".into()))
    {
        return Err(Failed {
            message: format!("1 vs 2 batch threads: {d}"),
            log,
        });
    }
    if index % 4 == 0 {
        // With one thread, cache hit counts too: where a cache entry goes (its shard, hence
        // eviction) does not depend on addresses.
        let again = run(case, 1, false)?.trace;
        if let Some(d) = differs(&one, &again)
            .or_else(|| (one.len() != again.len()).then(|| "traces differ in length".into()))
        {
            return Err(Failed {
                message: format!("two runs of one seed: {d}"),
                log,
            });
        }
    }
    Ok(seen)
}

fn report_failure(index: usize, case: &Case, failure: &Failed) -> String {
    let small = minimise(case, Case::simplifications, |c| problem(c, index).is_err());
    let small_failure = problem(&small, index).err();
    let mut s = format!(
        "agent fuzz case {index} (seed {:#x}) failed:\n  {}\n\n{}\noperation log:\n{}\n",
        case.seed,
        failure.message,
        case.describe(),
        failure.log.join("\n")
    );
    if let Some(f) = small_failure {
        let _ = write!(
            s,
            "\nwith {} of the {} operations it still fails:\n  {}\noperation log:\n{}\n",
            small.ops.len(),
            case.ops.len(),
            f.message,
            f.log.join("\n")
        );
    }
    let _ = write!(
        s,
        "\nreplay: GOAP_AGENT_FUZZ_CASE={index} cargo test --test agent_fuzz -- --nocapture"
    );
    s
}

#[test]
fn random_agents_keep_the_documented_contract() {
    let only: Option<usize> = std::env::var("GOAP_AGENT_FUZZ_CASE").ok().map(|v| {
        v.trim()
            .parse()
            .expect("GOAP_AGENT_FUZZ_CASE must be a number")
    });
    let cases = scaled(CASES);
    let mut ops = 0;
    let mut seen = Coverage::new();
    for index in 0..cases {
        if only.is_some_and(|o| o != index) {
            continue;
        }
        let case = random_case(case_seed(MASTER_SEED, index));
        ops += case.ops.len();
        match problem(&case, index) {
            Ok(s) => {
                for (k, n) in s {
                    *seen.entry(k).or_default() += n;
                }
            }
            Err(f) => panic!("{}", report_failure(index, &case, &f)),
        }
        if only.is_some() {
            let log = run(&case, 1, true).map_or_else(|f| f.log, |r| r.log);
            println!("{}\n{}", case.describe(), log.join("\n"));
        }
    }
    println!("{cases} cases, {ops} operations; seen: {seen:#?}");
    if only.is_none() {
        assert!(ops > cases * 150, "{ops} operations in {cases} cases");
        // Every situation the checks are about came up.
        let mut wanted: Vec<String> = [
            "step Start",
            "step Continue",
            "step Idle",
            "step NoPlan",
            "step Waiting",
            "Waiting abandoned the action in progress",
            "cooldown expired",
            "report Running",
            "report Succeeded",
            "report Failed",
            "report refused: NoAction",
            "goal kept within the margin",
            "goal left for one beyond the margin",
            "current goal kept after a goal beyond the margin had no plan",
            "plan suffixes checked after monitoring",
            "cost change: the plan in hand kept",
            "cost change: a goal at the node limit retried",
            "cost change: the plan in hand kept after a retry",
            "cost change with no goal at the node limit: no review",
            "cost change: goals at the node limit are candidates again",
            "a plan kept: the action in progress continues",
            "failure with nothing to pursue dropped (step)",
            "failure with nothing to pursue dropped (batch, node budget false)",
            "failure with nothing to pursue dropped (batch, node budget true)",
            "cost change: an agent without a plan retried",
            "batch replans",
            "remove the pursued goal",
            "remove a goal",
            "remove a removed goal: refused",
        ]
        .map(String::from)
        .to_vec();
        wanted.extend(ReplanCause::ALL.map(|c| format!("event {}", c.name())));
        wanted.extend(
            [
                ReplanResult::Found,
                ReplanResult::NoPlan,
                ReplanResult::LimitReached,
                ReplanResult::Skipped,
                ReplanResult::Kept,
            ]
            .map(|r| format!("event result {r:?}")),
        );
        for w in wanted {
            assert!(seen.get(&w).is_some_and(|&n| n > 0), "never seen: {w}");
        }
    }
}
