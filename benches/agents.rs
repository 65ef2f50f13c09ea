//! `cargo bench --bench agents`: agents at scale (issue 4, "Performance").
//!
//! 10,000 soldier agents (the domain of `examples/domains/soldier-*.json`; the four files
//! share their actions and differ in the goal) with seeded, varied believed states: one
//! location, a random inventory and condition, never a goal fact already true. Each agent has
//! 2–3 of the goals kill, escape, defend (the files' goals) and heal (`injured = false`) at
//! random priorities, so every agent needs a plan and the arbiter's choice varies.
//!
//! Measured in one run:
//! 1. **agent-plans per second**: one [`World::plan_agents`] call planning all 10,000 agents,
//!    with 1 and 2 threads, with the plan cache off (`plan_cache_capacity` 0), cold (the
//!    default capacity, emptied before every batch: only repeats inside the batch hit), warm
//!    (the default capacity, 16,384, kept between batches, as in a game where situations
//!    recur; it holds the batch's distinct searches) and "warm 40k" (a capacity of 40,000). Before every timed batch, untimed, each agent is stepped (it
//!    starts its first action) and that action is reported failed, so it needs the same
//!    replan again (failure cooldown 0: the same search problem).
//! 2. **per-agent step with nothing to replan** (every agent mid-action, nothing changed):
//!    [`World::step_agent`] over the 10,000 agents in turn; `Agent::step` through
//!    [`World::with_agent`]; and `Agent::step` alone, many times on one agent inside one
//!    `with_agent` call.
//! 3. **baseline**: the same searches (per agent, its goals in the arbiter's order until one
//!    has a plan) one by one with a plain [`Planner::plan`] loop, one `Planner`, no agents,
//!    no cache. For reference also the same loop with [`Heuristic::Blind`], the bitset
//!    baseline of the planner bench (`common/bitset.rs`: exact uniform-cost search, no
//!    heuristic; checked to choose the same goals at the same costs) over the same problems,
//!    and the loop on two threads (half the problems each, one planner each): what a second core gives the
//!    bare planner on this machine.
//!
//! Before timing, the agents' plans are checked against the baseline (same goal, same plan,
//! same cost) for every thread count and cache setting. The summary gives absolute times,
//! ratios against the baseline and whether 10,000 agent-plans fit in a 16 ms frame.
//! `GOAP_BENCH_PILOT=1` replaces criterion by three plain runs of each measurement (about
//! 10 s in all). `GOAP_AGENTS_PROFILE=baseline|batch|cold|warm` (with `GOAP_AGENTS_PASSES=n`)
//! runs only that measurement, untimed, inside the function `profiled`, for a profiler:
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiled*'`.

#[path = "common/bitset.rs"]
mod bitset;
#[path = "common/report.rs"]
mod report;
#[path = "common/rng.rs"]
mod rng;

use std::collections::HashSet;
use std::hint::black_box;
use std::time::{Duration, Instant};

use bitset::{BitsetOutcome, BitsetProblem, BitsetSearcher};
use criterion::{Criterion, SamplingMode};
use goap::format::parse_domain;
use goap::world::DomainId;
use goap::{
    ActionId, AgentDef, AgentId, BatchOptions, BatchStats, Domain, FactId, FactValue, Goal,
    GoalDef, Heuristic, PlanOptions, Planner, Report, SearchStats, StepKind, World, WorldDef,
    WorldState,
};
use report::{fmt_count, fmt_time, median_per_iter};
use rng::Rng;

const DOMAINS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/domains");

/// Agents planned per batch.
const AGENTS: usize = 10_000;

/// Seed of the agents' states and goals.
const SEED: u64 = 0x5EED_0004;

/// The frame budget the issue asks 10,000 agent-plans to fit in.
const FRAME: Duration = Duration::from_millis(16);

/// A plan cache far larger than the batch's distinct searches (the default, 16,384, holds
/// them too; this row shows that more capacity buys nothing more).
const BIG_CACHE: usize = 4 * AGENTS;

/// `dt` of the step measurements (a 60 Hz frame).
const DT: f64 = 1.0 / 60.0;

/// Where a soldier can be (exactly one holds).
const PLACES: [&str; 6] = [
    "at_spawn",
    "at_armory",
    "at_ammo",
    "at_medbay",
    "at_cover",
    "at_exit",
];

/// Inventory and condition facts, each true with probability 1/2 (`rifle_loaded` only with
/// a rifle, `pistol_loaded` only with a pistol, `in_cover` only at the cover).
const ITEMS: [&str; 7] = [
    "has_pistol",
    "has_knife",
    "has_rifle",
    "has_ammo",
    "has_grenade",
    "has_medkit",
    "injured",
];

/// The soldier domain and its four goals, by name.
struct Soldier {
    domain: Domain,
    goals: Vec<(&'static str, Goal)>,
}

fn soldier() -> Soldier {
    let read = |name: &str| {
        let path = format!("{DOMAINS}/{name}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        parse_domain(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let kill = read("soldier-kill.json");
    let domain = kill.domain;
    // The other files' goals, by fact name (their fact ids need not match).
    let in_domain = |file: &goap::format::DomainFile| -> Goal {
        let g = file.goal.as_ref().expect("soldier files have a goal");
        let values = g.entries().iter().map(|c| {
            let name = file.domain.fact_name(c.fact);
            FactValue::new(domain.fact_id(name).expect("same facts"), c.value)
        });
        domain.conditions(values).expect("valid goal")
    };
    let injured = domain.fact_id("injured").expect("soldier has injured");
    let goals = vec![
        ("kill", kill.goal.clone().expect("soldier-kill has a goal")),
        ("escape", in_domain(&read("soldier-escape.json"))),
        ("defend", in_domain(&read("soldier-defend.json"))),
        (
            "heal",
            domain
                .conditions([FactValue::new(injured, false)])
                .expect("valid goal"),
        ),
    ];
    Soldier { domain, goals }
}

/// One agent's problem: believed state and goals (index into `Soldier::goals`, priority).
#[derive(Clone)]
struct AgentSpec {
    state: Vec<FactValue>,
    goals: Vec<(usize, f64)>,
}

fn agent_specs(s: &Soldier) -> Vec<AgentSpec> {
    let d = &s.domain;
    let mut rng = Rng(SEED);
    (0..AGENTS)
        .map(|_| {
            let mut on: Vec<&str> = vec![PLACES[rng.below(PLACES.len())]];
            on.extend(ITEMS.iter().copied().filter(|_| rng.coin()));
            if on.contains(&"has_rifle") && rng.coin() {
                on.push("rifle_loaded");
            }
            if on.contains(&"has_pistol") && rng.coin() {
                on.push("pistol_loaded");
            }
            if on[0] == "at_cover" && rng.coin() {
                on.push("in_cover");
            }
            if rng.coin() {
                on.push("enemy_visible");
            }
            let state = (0..d.fact_count())
                .map(|f| {
                    let f = FactId(f as u32);
                    FactValue::new(f, on.contains(&d.fact_name(f)))
                })
                .collect();
            // 2 or 3 distinct goals; at least one that the state does not satisfy (only
            // heal can be satisfied: no goal fact starts true).
            let count = 2 + rng.below(2);
            let mut goals: Vec<(usize, f64)> = Vec::new();
            while goals.len() < count {
                let g = rng.below(s.goals.len());
                if goals.iter().all(|&(h, _)| h != g) {
                    goals.push((g, (1 + rng.below(10)) as f64));
                }
            }
            AgentSpec { state, goals }
        })
        .collect()
}

/// A world holding one agent per spec (none planned yet).
fn world_with_agents(
    soldier_text: &str,
    s: &Soldier,
    specs: &[AgentSpec],
    cache: usize,
) -> (World, DomainId, Vec<AgentId>) {
    world_with_threads(
        soldier_text,
        s,
        specs,
        cache,
        WorldDef::default().worker_threads,
    )
}

/// [`world_with_agents`] with `threads` worker threads.
fn world_with_threads(
    soldier_text: &str,
    s: &Soldier,
    specs: &[AgentSpec],
    cache: usize,
    threads: usize,
) -> (World, DomainId, Vec<AgentId>) {
    let world = World::new(WorldDef {
        plan_cache_capacity: cache,
        worker_threads: threads,
        ..WorldDef::default()
    });
    let domain = world
        .load_domain(soldier_text)
        .expect("soldier domain loads");
    let def = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let ids = specs
        .iter()
        .map(|spec| {
            let id = world.create_agent(domain, def).expect("agent");
            world
                .with_agent(id, |a| {
                    for v in &spec.state {
                        a.set_fact(v.fact, v.value)?;
                    }
                    for &(g, priority) in &spec.goals {
                        let (name, conditions) = &s.goals[g];
                        a.add_goal(GoalDef {
                            name: (*name).to_owned(),
                            conditions: conditions.clone(),
                            priority,
                            ..GoalDef::default()
                        })?;
                    }
                    Ok(())
                })
                .expect("agent set-up");
            id
        })
        .collect();
    (world, domain, ids)
}

/// Makes every agent need the same replan again: it starts its first action, which fails.
fn fail_first_actions(world: &World, ids: &[AgentId]) {
    for &id in ids {
        let step = world.step_agent(id, 0.0).expect("step");
        assert!(matches!(step.kind, StepKind::Start(_)), "{step:?}");
        world
            .with_agent(id, |a| a.report(Report::Failed))
            .expect("report");
    }
}

fn batch(world: &World, threads: u32) -> BatchStats {
    world.plan_agents(&BatchOptions {
        threads,
        ..BatchOptions::default()
    })
}

/// What an agent ended up with: the goal (index in its goal list), the plan and its cost.
type Chosen = Option<(usize, Vec<ActionId>, f64)>;

/// The searches of the baseline: per agent, its state and the goals it tries in the
/// arbiter's order (priority, then the order added; satisfied goals skipped).
struct Baseline {
    problems: Vec<(WorldState, Vec<(usize, Goal)>)>,
    /// The same problems for the bitset baseline, goal by goal.
    bitset: Vec<Vec<BitsetProblem>>,
}

/// The bitset baseline's state limit (as in the planner bench); soldier searches stay far
/// below it, unreachable goals included.
const BITSET_MAX_STATES: usize = 1_000_000;

impl Baseline {
    fn new(s: &Soldier, specs: &[AgentSpec]) -> Self {
        let problems = specs
            .iter()
            .map(|spec| {
                let state = WorldState::from_values(spec.state.iter().copied());
                let mut order: Vec<(usize, usize, f64)> = spec
                    .goals
                    .iter()
                    .enumerate()
                    .map(|(i, &(g, p))| (i, g, p))
                    .filter(|&(_, g, _)| !s.domain.satisfies(&state, &s.goals[g].1))
                    .collect();
                order.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
                let goals = order
                    .into_iter()
                    .map(|(i, g, _)| (i, s.goals[g].1.clone()))
                    .collect();
                (state, goals)
            })
            .collect::<Vec<(WorldState, Vec<(usize, Goal)>)>>();
        let bitset = problems
            .iter()
            .map(|(state, goals)| {
                goals
                    .iter()
                    .map(|(_, goal)| BitsetProblem::from_goap(&s.domain, state, goal))
                    .collect()
            })
            .collect();
        Baseline { problems, bitset }
    }

    /// The bitset baseline over the same problems (each agent's goals in order until one
    /// has a plan): per agent its goal and cost.
    fn bitset_run(&self, searcher: &mut BitsetSearcher) -> Vec<Option<(usize, f64)>> {
        self.problems
            .iter()
            .zip(&self.bitset)
            .map(|((_, goals), problems)| {
                for ((i, _), p) in goals.iter().zip(problems) {
                    let r = searcher.plan(p, BITSET_MAX_STATES);
                    match r.outcome {
                        BitsetOutcome::Found { cost, .. } => return Some((*i, cost)),
                        BitsetOutcome::NoPlan => {}
                        BitsetOutcome::LimitReached => panic!("bitset hit its state limit"),
                    }
                }
                None
            })
            .collect()
    }

    /// One pass of the bitset baseline (the measured loop).
    fn bitset_pass(&self, searcher: &mut BitsetSearcher) {
        for problems in &self.bitset {
            for p in problems {
                let r = searcher.plan(black_box(p), BITSET_MAX_STATES);
                if matches!(r.outcome, BitsetOutcome::Found { .. }) {
                    black_box(r);
                    break;
                }
            }
        }
    }

    /// Plans every problem; returns per agent its goal (index in its list) and plan, and
    /// the searches' statistics.
    fn run(&self, planner: &mut Planner, d: &Domain) -> (Vec<Chosen>, SearchTotals) {
        let options = PlanOptions::default();
        let mut totals = SearchTotals::default();
        let plans = self
            .problems
            .iter()
            .map(|(state, goals)| {
                for (i, goal) in goals {
                    let r = planner.plan(d, state, goal, &options);
                    totals.add(&r.stats);
                    if let Some(p) = r.plan() {
                        totals.plan_steps += p.actions.len() as u64;
                        return Some((*i, p.actions.clone(), p.cost));
                    }
                }
                None
            })
            .collect();
        (plans, totals)
    }

    /// One pass: every problem planned with `options` (the measured loop).
    fn pass(&self, planner: &mut Planner, d: &Domain, options: &PlanOptions) {
        Self::plan_all(&self.problems, planner, d, options);
    }

    /// One pass on two threads, each planning half the problems with its own planner: what
    /// this machine's second core gives the bare planner.
    fn pass_2(&self, planners: &mut [Planner; 2], d: &Domain, options: &PlanOptions) {
        let (a, b) = self.problems.split_at(self.problems.len() / 2);
        let [pa, pb] = planners;
        std::thread::scope(|s| {
            s.spawn(|| Self::plan_all(b, pb, d, options));
            Self::plan_all(a, pa, d, options);
        });
    }

    fn plan_all(
        problems: &[(WorldState, Vec<(usize, Goal)>)],
        planner: &mut Planner,
        d: &Domain,
        options: &PlanOptions,
    ) {
        for (state, goals) in problems {
            for (_, goal) in goals {
                let r = planner.plan(black_box(d), state, goal, options);
                if r.plan().is_some() {
                    black_box(r);
                    break;
                }
            }
        }
    }
}

/// Sums of the baseline searches' statistics.
#[derive(Default)]
struct SearchTotals {
    searches: u64,
    expanded: u64,
    generated: u64,
    evaluations: u64,
    actions_kept: u64,
    plan_steps: u64,
}

impl SearchTotals {
    fn add(&mut self, s: &SearchStats) {
        self.searches += 1;
        self.expanded += s.expanded;
        self.generated += s.generated;
        self.evaluations += s.evaluations;
        self.actions_kept += u64::from(s.actions_kept);
    }

    fn per_search(&self, x: u64) -> f64 {
        x as f64 / self.searches as f64
    }
}

/// Every agent's current goal and plan.
fn plans_of(world: &World, ids: &[AgentId]) -> Vec<Chosen> {
    ids.iter()
        .map(|&id| {
            world
                .with_agent(id, |a| {
                    let (plan, cost, _) = a.full_plan();
                    // No goal is ever removed here: a goal's slot is its place in the order added.
                    Ok(a.current_goal()
                        .map(|g| (g.index() as usize, plan.to_vec(), cost)))
                })
                .expect("agent")
        })
        .collect()
}

/// Runs `f`: the one function a profiler restricts itself to (`valgrind --tool=callgrind
/// --collect-atstart=no --toggle-collect='*profiled*'`).
#[inline(never)]
fn profiled(f: impl FnOnce()) {
    f();
}

/// How a figure was measured and what it is.
struct Figure {
    name: String,
    threads: u32,
    cache: &'static str,
    /// Median time of one unit (a batch of 10k, a pass, a step).
    time: Duration,
    /// Batch statistics of the checking run, for the plan rows.
    stats: Option<BatchStats>,
}

/// Times `routine` (which runs `iters` units and returns their measured time) with
/// criterion, or with three plain runs in pilot mode (of one unit when `slow`, else of
/// 100,000); returns the median time of one unit.
fn measure(
    criterion: &mut Option<Criterion>,
    group: &str,
    id: &str,
    slow: bool,
    mut routine: impl FnMut(u64) -> Duration,
) -> Duration {
    let Some(c) = criterion.as_mut() else {
        // Fast units in runs of many, so the clock's own cost does not count.
        let n: u32 = if slow { 1 } else { 100_000 };
        let mut times: Vec<Duration> = (0..3).map(|_| routine(u64::from(n)) / n).collect();
        times.sort();
        return times[1];
    };
    let samples = 10;
    let mut record = Vec::new();
    let mut g = c.benchmark_group(group);
    g.sample_size(samples);
    if slow {
        g.sampling_mode(SamplingMode::Flat);
        g.warm_up_time(Duration::from_millis(500));
        g.measurement_time(Duration::from_millis(2500));
    } else {
        g.warm_up_time(Duration::from_millis(300));
        g.measurement_time(Duration::from_millis(1000));
    }
    g.bench_function(id, |b| {
        b.iter_custom(|iters| {
            let t = routine(iters);
            record.push((iters, t));
            t
        })
    });
    g.finish();
    median_per_iter(&record, samples).unwrap_or(Duration::ZERO)
}

fn main() {
    let pilot = std::env::var_os("GOAP_BENCH_PILOT").is_some_and(|v| v != "0");
    let mut criterion = (!pilot).then(|| Criterion::default().configure_from_args());
    let bench_start = Instant::now();

    let soldier_text =
        std::fs::read_to_string(format!("{DOMAINS}/soldier-kill.json")).expect("soldier-kill");
    let s = soldier();
    let specs = agent_specs(&s);
    let baseline = Baseline::new(&s, &specs);

    // --- Checking runs: the baseline's plans, then every world's batch against them. ---
    let (no_cache, domain, ids) = world_with_agents(&soldier_text, &s, &specs, 0);
    let (cached, _, cached_ids) = world_with_agents(
        &soldier_text,
        &s,
        &specs,
        WorldDef::DEFAULT_PLAN_CACHE_CAPACITY,
    );
    let (big, _, big_ids) = world_with_agents(&soldier_text, &s, &specs, BIG_CACHE);
    let entry = no_cache.snapshot(domain).expect("domain");
    let d = entry.domain();
    let mut planner = Planner::new();
    let (expected, totals) = baseline.run(&mut planner, d);
    let distinct = baseline
        .problems
        .iter()
        .filter_map(|(s, g)| g.first().map(|g| (s, &g.1)))
        .collect::<HashSet<_>>()
        .len();
    assert!(
        expected.iter().all(Option::is_some),
        "every soldier goal is reachable"
    );
    // The bitset baseline chooses the same goals at the same costs.
    let mut searcher = BitsetSearcher::new();
    for (i, (got, want)) in baseline
        .bitset_run(&mut searcher)
        .iter()
        .zip(&expected)
        .enumerate()
    {
        let want = want.as_ref().map(|(g, _, cost)| (*g, *cost));
        assert!(
            matches!((got, want), (Some((a, x)), Some((b, y))) if *a == b && (x - y).abs() <= 1e-9 * y.max(1.0)),
            "agent {i}: bitset {got:?}, goap {want:?}"
        );
    }

    let mut checked_stats: Vec<(u32, &'static str, BatchStats)> = Vec::new();
    for (world, ids, cache) in [(&no_cache, &ids, "off"), (&cached, &cached_ids, "cold")] {
        for threads in [1, 2] {
            if threads == 2 {
                fail_first_actions(world, ids);
                world.clear_cache();
            }
            let stats = batch(world, threads);
            assert_eq!(
                (stats.planned as usize, stats.waiting),
                (AGENTS, 0),
                "{cache} cache, {threads} threads: {stats:?}"
            );
            let got = plans_of(world, ids);
            for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                // The agent's goal index is into its own goal list, as the baseline's is.
                assert_eq!(g, e, "agent {i}: {cache} cache, {threads} threads");
            }
            checked_stats.push((threads, cache, stats));
        }
    }
    // Warm caches: a batch again without clearing (every search was stored just now,
    // unless evicted since).
    for (world, ids, cache) in [(&cached, &cached_ids, "warm"), (&big, &big_ids, "warm 40k")] {
        if cache == "warm 40k" {
            assert_eq!(batch(world, 1).planned as usize, AGENTS);
        }
        for threads in [1, 2] {
            fail_first_actions(world, ids);
            let stats = batch(world, threads);
            assert_eq!(
                plans_of(world, ids),
                expected,
                "{cache} cache, {threads} threads"
            );
            checked_stats.push((threads, cache, stats));
        }
    }
    if let Ok(what) = std::env::var("GOAP_AGENTS_PROFILE") {
        // Passes of one measurement for a profiler (perf, callgrind); no timing.
        let passes: usize = std::env::var("GOAP_AGENTS_PASSES")
            .ok()
            .and_then(|p| p.parse().ok())
            .unwrap_or(1);
        for _ in 0..passes {
            match what.as_str() {
                "baseline" => profiled(|| baseline.pass(&mut planner, d, &PlanOptions::default())),
                "batch" | "cold" | "warm" => {
                    let (world, ids) = match what.as_str() {
                        "batch" => (&no_cache, &ids),
                        "cold" => (&cached, &cached_ids),
                        _ => (&big, &big_ids),
                    };
                    fail_first_actions(world, ids);
                    if what == "cold" {
                        world.clear_cache();
                    }
                    profiled(|| {
                        black_box(batch(world, 1));
                    });
                }
                other => panic!("GOAP_AGENTS_PROFILE: baseline, batch, cold or warm, not {other}"),
            }
        }
        return;
    }
    println!(
        "{AGENTS} agents: {distinct} distinct (state, first goal) problems; checking took {:.1?}",
        bench_start.elapsed()
    );

    // --- Timing. ---
    let mut figures: Vec<Figure> = Vec::new();
    let blind = PlanOptions {
        heuristic: Heuristic::Blind,
        ..PlanOptions::default()
    };
    for (options, id, name) in [
        (
            PlanOptions::default(),
            "baseline-plan-loop",
            "baseline: Planner::plan loop",
        ),
        (
            blind,
            "baseline-plan-loop-blind",
            "Planner::plan loop, Heuristic::Blind",
        ),
    ] {
        let time = measure(&mut criterion, "agents", id, true, |iters| {
            let t = Instant::now();
            for _ in 0..iters {
                baseline.pass(&mut planner, d, &options);
            }
            t.elapsed()
        });
        figures.push(Figure {
            name: name.into(),
            threads: 1,
            cache: "—",
            time,
            stats: None,
        });
    }
    let time = measure(
        &mut criterion,
        "agents",
        "baseline-bitset-loop",
        true,
        |iters| {
            let t = Instant::now();
            for _ in 0..iters {
                baseline.bitset_pass(&mut searcher);
            }
            t.elapsed()
        },
    );
    figures.push(Figure {
        name: "bitset UCS loop (the planner bench's baseline)".into(),
        threads: 1,
        cache: "—",
        time,
        stats: None,
    });
    let mut planners = [Planner::new(), Planner::new()];
    let time = measure(
        &mut criterion,
        "agents",
        "baseline-plan-loop-2t",
        true,
        |iters| {
            let t = Instant::now();
            for _ in 0..iters {
                baseline.pass_2(&mut planners, d, &PlanOptions::default());
            }
            t.elapsed()
        },
    );
    figures.push(Figure {
        name: "Planner::plan loop, half the problems per thread".into(),
        threads: 2,
        cache: "—",
        time,
        stats: None,
    });
    for (world, ids, cache) in [
        (&no_cache, &ids, "off"),
        (&cached, &cached_ids, "cold"),
        (&cached, &cached_ids, "warm"),
        (&big, &big_ids, "warm 40k"),
    ] {
        for threads in [1u32, 2] {
            let time = measure(
                &mut criterion,
                "agents",
                &format!("plan_agents-{threads}t-cache-{}", cache.replace(' ', "-")),
                true,
                |iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        fail_first_actions(world, ids);
                        if cache == "cold" {
                            world.clear_cache();
                        }
                        let t = Instant::now();
                        let stats = batch(world, threads);
                        total += t.elapsed();
                        debug_assert_eq!(stats.planned as usize, AGENTS);
                        black_box(stats);
                    }
                    total
                },
            );
            let stats = checked_stats
                .iter()
                .find(|(t, c, _)| *t == threads && *c == cache)
                .map(|x| x.2);
            figures.push(Figure {
                name: "World::plan_agents".into(),
                threads,
                cache,
                time,
                stats,
            });
        }
    }

    // Steps with nothing to replan: every agent mid-action.
    for &id in &ids {
        let step = no_cache.step_agent(id, 0.0).expect("step");
        assert!(matches!(step.kind, StepKind::Start(_)), "{step:?}");
    }
    for &id in &ids {
        let step = no_cache.step_agent(id, DT).expect("step");
        assert!(matches!(step.kind, StepKind::Continue(_)), "{step:?}");
    }
    let n = ids.len();
    let step_world = measure(&mut criterion, "agents", "step_agent", false, |iters| {
        let t = Instant::now();
        for i in 0..iters as usize {
            black_box(no_cache.step_agent(ids[i % n], DT).expect("step"));
        }
        t.elapsed()
    });
    let step_with = measure(
        &mut criterion,
        "agents",
        "with_agent-step",
        false,
        |iters| {
            let t = Instant::now();
            for i in 0..iters as usize {
                black_box(
                    no_cache
                        .with_agent(ids[i % n], |a| a.step(DT, &mut NoSearch))
                        .expect("step"),
                );
            }
            t.elapsed()
        },
    );
    let step_alone = measure(&mut criterion, "agents", "agent-step-hot", false, |iters| {
        no_cache
            .with_agent(ids[0], |a| {
                let t = Instant::now();
                for _ in 0..iters {
                    black_box(a.step(black_box(DT), &mut NoSearch)?);
                }
                Ok(t.elapsed())
            })
            .expect("step")
    });
    for &id in &ids[..100] {
        let step = no_cache.step_agent(id, DT).expect("step");
        assert!(matches!(step.kind, StepKind::Continue(_)) && !step.replanned);
    }

    // Batches with nothing to plan (every agent mid-action, nothing changed): the "who needs
    // a plan" pass over 10,000 agents, on 1, 2 and 8 threads (the last on a world with 8
    // workers on this 2-core machine).
    let (eight, _, eight_ids) = world_with_threads(&soldier_text, &s, &specs, 0, 8);
    assert_eq!(batch(&eight, 8).planned as usize, AGENTS);
    for &id in &eight_ids {
        let step = eight.step_agent(id, DT).expect("step");
        assert!(matches!(step.kind, StepKind::Start(_)), "{step:?}");
    }
    let mut idle = Vec::new();
    for (world, threads) in [(&no_cache, 1u32), (&no_cache, 2), (&eight, 8)] {
        let stats = batch(world, threads);
        assert_eq!((stats.planned, stats.waiting), (0, 0), "nothing to plan");
        assert_eq!(stats.threads, threads);
        let t = measure(
            &mut criterion,
            "agents",
            &format!("plan_agents-nothing-{threads}t"),
            true,
            |iters| {
                let t = Instant::now();
                for _ in 0..iters {
                    black_box(batch(world, threads));
                }
                t.elapsed()
            },
        );
        idle.push((threads, t));
    }
    // --- The flight recorder: the same measurements with recording off and on, back to
    // back (recording streams into `io::sink()`: the cost measured is the recorder's own,
    // not a disk's). ---
    let mut recorder: Vec<(String, Duration, Duration)> = Vec::new();
    let step_loop = |world: &World, ids: &[AgentId], iters: u64| {
        let n = ids.len();
        let t = Instant::now();
        for i in 0..iters as usize {
            black_box(world.step_agent(ids[i % n], DT).expect("step"));
        }
        t.elapsed()
    };
    let mut pair = Vec::new();
    for on in [false, true] {
        if on {
            no_cache
                .start_recording(Box::new(std::io::sink()), Default::default())
                .expect("recording starts");
        }
        let id = format!("step_agent-recording-{}", if on { "on" } else { "off" });
        pair.push(measure(&mut criterion, "agents", &id, false, |iters| {
            step_loop(&no_cache, &ids, iters)
        }));
    }
    no_cache.stop_recording().expect("recording stops");
    recorder.push((
        "World::step_agent, nothing to replan".into(),
        pair[0],
        pair[1],
    ));
    // The step measurements left every agent of `no_cache` mid-action: fail it and plan
    // again, so each agent's next step starts its first action (as fail_first_actions
    // expects).
    for &id in &ids {
        no_cache
            .with_agent(id, |a| a.report(Report::Failed))
            .expect("report");
    }
    assert_eq!(batch(&no_cache, 1).planned as usize, AGENTS);
    for (world, ids, cache) in [(&no_cache, &ids, "off"), (&cached, &cached_ids, "warm")] {
        let mut pair = Vec::new();
        for on in [false, true] {
            if on {
                world
                    .start_recording(Box::new(std::io::sink()), Default::default())
                    .expect("recording starts");
            }
            let id = format!(
                "plan_agents-1t-cache-{cache}-recording-{}",
                if on { "on" } else { "off" }
            );
            pair.push(measure(&mut criterion, "agents", &id, true, |iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    fail_first_actions(world, ids);
                    let t = Instant::now();
                    black_box(batch(world, 1));
                    total += t.elapsed();
                }
                total
            }));
        }
        world.stop_recording().expect("recording stops");
        recorder.push((
            format!("World::plan_agents, 10k agents, 1 thread, cache {cache}"),
            pair[0],
            pair[1],
        ));
    }
    if let Some(c) = criterion.as_mut() {
        c.final_summary();
    }
    print_recorder(&recorder);
    print_summary(
        &figures,
        &idle,
        [step_world, step_with, step_alone],
        distinct,
        &totals,
        bench_start.elapsed(),
        pilot,
    );
}

fn print_recorder(rows: &[(String, Duration, Duration)]) {
    println!();
    println!("## flight recorder overhead (same run, recording into io::sink())");
    println!();
    println!("| what | recording off | recording on | on / off |");
    println!("|---|---:|---:|---:|");
    for (what, off, on) in rows {
        println!(
            "| {what} | {} | {} | {:.2}× |",
            fmt_time(*off),
            fmt_time(*on),
            on.as_secs_f64() / off.as_secs_f64()
        );
    }
}

fn print_summary(
    figures: &[Figure],
    idle: &[(u32, Duration)],
    steps: [Duration; 3],
    distinct: usize,
    totals: &SearchTotals,
    elapsed: Duration,
    pilot: bool,
) {
    let base = figures[0].time;
    println!();
    println!("## goap agent benchmark summary");
    println!();
    println!(
        "{AGENTS} soldier agents, 2–3 goals each; {distinct} distinct (state, first goal) \
         problems. One pass of the baseline: {} searches; per search {:.1} nodes expanded, \
         {:.1} generated, {:.1} full heuristic evaluations, {:.1} of 24 actions kept after \
         pruning; {:.1} steps per plan.",
        totals.searches,
        totals.per_search(totals.expanded),
        totals.per_search(totals.generated),
        totals.per_search(totals.evaluations),
        totals.per_search(totals.actions_kept),
        totals.plan_steps as f64 / AGENTS as f64,
    );
    if pilot {
        println!("(pilot mode: medians of 3 plain runs, not criterion)");
    }
    println!();
    println!(
        "| what | threads | cache | 10k agent-plans | per agent-plan | agent-plans/s | \
         speed vs baseline | cache hits | fits 16 ms |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---|");
    for f in figures {
        let hits = f.stats.map_or("—".into(), |s| {
            format!("{:.0}%", 100.0 * s.cache_hits as f64 / AGENTS as f64)
        });
        println!(
            "| {} | {} | {} | {} | {} | {} | {:.2}× | {} | {} |",
            f.name,
            f.threads,
            f.cache,
            fmt_time(f.time),
            fmt_time(f.time / AGENTS as u32),
            fmt_count((AGENTS as f64 / f.time.as_secs_f64()) as u64),
            base.as_secs_f64() / f.time.as_secs_f64(),
            hits,
            if f.time <= FRAME { "yes" } else { "no" }
        );
    }
    println!();
    println!("| step with nothing to replan | per step |");
    println!("|---|---:|");
    for (what, t) in [
        ("World::step_agent, 10k agents in turn", steps[0]),
        (
            "World::with_agent + Agent::step, 10k agents in turn",
            steps[1],
        ),
        ("Agent::step, one agent, hot loop", steps[2]),
    ] {
        println!("| {what} | {} |", fmt_time(t));
    }
    println!();
    println!(
        "| `plan_agents` with nothing to plan, 10k agents | threads | per call | ÷ 1 thread |"
    );
    println!("|---|---:|---:|---:|");
    let single = idle[0].1;
    for &(threads, t) in idle {
        println!(
            "| every agent mid-action, nothing changed | {threads} | {} | {:.2}× |",
            fmt_time(t),
            t.as_secs_f64() / single.as_secs_f64()
        );
    }
    println!();
    let worst = idle
        .iter()
        .map(|&(_, t)| t.as_secs_f64() / single.as_secs_f64())
        .fold(0.0, f64::max);
    println!(
        "plan_agents with nothing to plan ≤ 2× the single-thread time at every thread count: {} (worst {:.2}×)",
        if worst <= 2.0 { "met" } else { "NOT MET" },
        worst
    );
    if let Some(bitset) = figures.iter().find(|f| f.name.starts_with("bitset")) {
        let x = bitset.time.as_secs_f64() / base.as_secs_f64();
        println!(
            "Planner::plan loop ≥ 4× faster than the bitset UCS loop over the same problems (one core, no cache): {} ({:.2}×)",
            if x >= 4.0 { "met" } else { "NOT MET" },
            x
        );
    }
    let agent_rows = || figures.iter().filter(|f| f.stats.is_some());
    let fits: Vec<String> = agent_rows()
        .filter(|f| f.time <= FRAME)
        .map(|f| format!("{} thread(s), cache {}", f.threads, f.cache))
        .collect();
    if fits.is_empty() {
        let best = agent_rows().min_by_key(|f| f.time).expect("figures");
        println!(
            "10,000 agent-plans within 16 ms: NOT MET (best {}, {} thread(s), cache {})",
            fmt_time(best.time),
            best.threads,
            best.cache
        );
    } else {
        println!(
            "10,000 agent-plans within 16 ms: met with {}",
            fits.join("; ")
        );
    }
    println!(
        "step_agent with nothing to replan < 100 ns: {} ({})",
        if steps[0] < Duration::from_nanos(100) {
            "met"
        } else {
            "NOT MET"
        },
        fmt_time(steps[0])
    );
    println!("bench time {:.0?}", elapsed);
}

/// A search host for steps that must not search.
struct NoSearch;

impl goap::agent::SearchHost for NoSearch {
    fn take_planner(&mut self) -> goap::Planner {
        unreachable!("no replan")
    }
}
