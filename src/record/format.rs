//! The recording file format: [`Record`]s and the plain-data types they carry, and how
//! they are framed into bytes (see the module docs of [`crate::record`]).

use serde::{Deserialize, Serialize};

use crate::agent::{AgentDef, AgentId, GoalDef, GoalId, ReplanCause, ReplanEvent, ReplanResult};
use crate::agent::{Report, Step, StepKind};
use crate::domain::{
    ActionDef, ActionId, Compare, Conditions, Domain, DomainError, FactId, FactValue, Overflow,
    VarCondition, VarDef, VarEffect, VarId, VarOp,
};
use crate::planner::{ActionContext, Direction, Heuristic, PlanOptions, SearchBudget};
use crate::state::WorldState;

/// The format version this library writes and reads.
pub const FORMAT_VERSION: u16 = 1;

/// The most steps one [`Record::Steps`] counts (the recorder starts another record after
/// that many; a replay finds a larger count invalid instead of stepping for ever).
pub const MAX_RUN: u64 = 1 << 24;

/// An agent or goal id as recorded: (slot index, generation).
pub type IdRec = (u32, u32);

pub(crate) fn agent_rec(id: AgentId) -> IdRec {
    (id.index(), id.generation())
}

pub(crate) fn goal_rec(id: GoalId) -> IdRec {
    (id.index(), id.generation())
}

/// One entry of a recording. Inputs are what the world was told (replay feeds them to a
/// new world); decisions are what it answered (replay checks them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Record {
    /// A checkpoint begins: what follows until [`Record::CheckpointEnd`] is enough to
    /// rebuild the world (every recording starts with one; ring mode writes more).
    /// `time`: the recorder's clock (see the module docs).
    Checkpoint {
        /// Seconds on the recorder's clock.
        time: f64,
    },
    /// The agent table's layout at a checkpoint: slot generations (0: never used), the
    /// free slots (reused last first) and the batch cursor.
    Layout {
        /// The table's first generation.
        first: u32,
        /// Per slot, its generation.
        generations: Vec<u32>,
        /// Vacant slots, the last freed at the end.
        free: Vec<u32>,
        /// Where the next batch starts its walk.
        cursor: u32,
    },
    /// A domain's contents (facts, variables, actions, start, goals). `key` names this
    /// version of it in later records; `world` is its world domain id.
    Domain {
        /// This version's key.
        key: u32,
        /// The world's domain id.
        world: u32,
        /// Its name.
        name: String,
        /// The world domain's current version (else one agents made earlier still use:
        /// its start state and goals are left empty).
        current: bool,
        /// Its contents.
        def: DomainRec,
    },
    /// The shared values of a world domain at a checkpoint.
    SharedState {
        /// The world's domain id.
        world: u32,
        /// The values.
        values: SharedRec,
    },
    /// An agent's whole state at a checkpoint (it exists from here in a replay that
    /// starts at this checkpoint).
    AgentState {
        /// Its id.
        agent: IdRec,
        /// Its world domain id.
        world: u32,
        /// The key of its domain's version.
        key: u32,
        /// Everything the agent holds.
        snap: Box<AgentSnap>,
    },
    /// The checkpoint is complete.
    CheckpointEnd,
    /// Input: an agent was created (with the domain's start state and goals).
    CreateAgent {
        /// Its id.
        agent: IdRec,
        /// Its world domain id.
        world: u32,
        /// The key of its domain's version.
        key: u32,
        /// Its settings.
        def: AgentDefRec,
        /// Its believed state (the domain's start state).
        state: StateRec,
        /// Its goals (the domain's goals), in order.
        goals: Vec<GoalRec>,
    },
    /// Input: an agent was destroyed.
    DestroyAgent {
        /// Its id.
        agent: IdRec,
    },
    /// Input: a fact written into an agent's beliefs (only writes that changed it).
    SetFact {
        /// The agent.
        agent: IdRec,
        /// The fact.
        fact: u32,
        /// Its value.
        value: bool,
    },
    /// Input: a variable written into an agent's beliefs.
    SetVar {
        /// The agent.
        agent: IdRec,
        /// The variable.
        var: u32,
        /// Its value.
        value: i32,
    },
    /// Input: a goal added; `id` is the id it got (checked).
    AddGoal {
        /// The agent.
        agent: IdRec,
        /// The goal.
        goal: GoalRec,
        /// The id it got.
        id: IdRec,
    },
    /// Input: a goal removed.
    RemoveGoal {
        /// The agent.
        agent: IdRec,
        /// The goal.
        goal: IdRec,
    },
    /// Input: a goal's priority set (only changes).
    Priority {
        /// The agent.
        agent: IdRec,
        /// The goal.
        goal: IdRec,
        /// The priority.
        priority: f64,
    },
    /// Input: an action enabled or disabled for an agent (only changes).
    Enabled {
        /// The agent.
        agent: IdRec,
        /// The action.
        action: u32,
        /// Enabled.
        enabled: bool,
    },
    /// Input: an agent's cost override (`None`: back to the domain's cost).
    Cost {
        /// The agent.
        agent: IdRec,
        /// The action.
        action: u32,
        /// The cost.
        cost: Option<f64>,
    },
    /// Input: an agent's step budget changed.
    StepBudget {
        /// The agent.
        agent: IdRec,
        /// The budget.
        budget: BudgetRec,
    },
    /// Input: context callbacks installed (`true`) or removed.
    Callbacks {
        /// The agent.
        agent: IdRec,
        /// Installed.
        present: bool,
    },
    /// Input: what an agent's context callbacks answered while it prepared a search, in
    /// the order asked.
    Answers {
        /// The agent.
        agent: IdRec,
        /// The answers.
        answers: Vec<Answer>,
    },
    /// Input and decision: a step with its `dt`, the expansions its search spent, and
    /// what it returned.
    Step {
        /// The agent.
        agent: IdRec,
        /// Seconds.
        dt: f64,
        /// Nodes its search expanded (replays of time-budgeted steps use it).
        spent: u64,
        /// What it returned (an error as its message).
        result: Result<StepRec, String>,
        /// [`state_hash`] of the believed state after it.
        state: u32,
    },
    /// Input: the agent took shared values written since it last did (in the order the
    /// agent did, relative to its other records).
    Synced {
        /// The agent.
        agent: IdRec,
    },
    /// Input: the engine's report on the current action.
    Report {
        /// The agent.
        agent: IdRec,
        /// 0 running, 1 succeeded, 2 failed.
        outcome: u8,
    },
    /// Decision: a replan.
    Replan {
        /// The agent.
        agent: IdRec,
        /// What happened.
        replan: ReplanRec,
    },
    /// Input: a batch call ([`crate::World::plan_agents`]) begins, with its options and
    /// the cursor its walk starts after.
    BatchBegin {
        /// `max_agents`.
        max_agents: u32,
        /// `max_nodes`.
        max_nodes: u64,
        /// The cursor.
        cursor: u32,
    },
    /// Decision: the batch call's counts (planned, waiting, callback errors).
    BatchEnd {
        /// Agents planned.
        planned: u32,
        /// Agents still waiting.
        waiting: u32,
        /// Callback errors.
        callback_errors: u32,
    },
    /// Input: shared facts and variables written ([`crate::World::set_shared`]).
    SetShared {
        /// The world's domain id.
        world: u32,
        /// Facts.
        facts: Vec<(u32, bool)>,
        /// Variables.
        vars: Vec<(u32, i32)>,
    },
    /// The recording ends; `records` counts every record before it.
    End {
        /// Records before this one.
        records: u64,
        /// Ring mode's window in seconds (0: everything was kept).
        window: f64,
    },
    /// Input and decision: `count` consecutive steps of one agent with the same `dt`, each
    /// of which went on with the action in progress and changed nothing (no replan, no
    /// search, no change of state): written as one record.
    Steps {
        /// The agent.
        agent: IdRec,
        /// Seconds, each.
        dt: f64,
        /// How many (1 to [`MAX_RUN`]).
        count: u64,
        /// What each returned.
        result: StepRec,
        /// [`state_hash`] of the believed state after them.
        state: u32,
    },
}

impl Record {
    /// The agent the record is about, if any.
    pub fn agent(&self) -> Option<AgentId> {
        use Record::*;
        let a = match self {
            AgentState { agent, .. }
            | CreateAgent { agent, .. }
            | DestroyAgent { agent }
            | SetFact { agent, .. }
            | SetVar { agent, .. }
            | AddGoal { agent, .. }
            | RemoveGoal { agent, .. }
            | Priority { agent, .. }
            | Enabled { agent, .. }
            | Cost { agent, .. }
            | StepBudget { agent, .. }
            | Callbacks { agent, .. }
            | Answers { agent, .. }
            | Step { agent, .. }
            | Report { agent, .. }
            | Synced { agent }
            | Steps { agent, .. }
            | Replan { agent, .. } => *agent,
            _ => return None,
        };
        Some(AgentId::from_parts(a.0, a.1))
    }
}

/// One answer of a context callback.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// `available` answered.
    Available(bool),
    /// `cost` answered.
    Cost(f64),
    /// A callback failed with this message (the search was abandoned).
    Error(String),
}

/// A step's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRec {
    /// 0 start, 1 continue, 2 idle, 3 no plan, 4 waiting, 5 planning.
    pub kind: u8,
    /// The action (start, continue, planning with an action in progress).
    pub action: Option<u32>,
    /// The goal being pursued.
    pub goal: Option<IdRec>,
    /// Index of the current action in the plan.
    pub plan_index: u32,
    /// The step replanned.
    pub replanned: bool,
}

impl StepRec {
    pub(crate) fn of(step: &Step) -> StepRec {
        let (kind, action) = match step.kind {
            StepKind::Start(a) => (0, Some(a.0)),
            StepKind::Continue(a) => (1, Some(a.0)),
            StepKind::Idle => (2, None),
            StepKind::NoPlan => (3, None),
            StepKind::Waiting => (4, None),
            StepKind::Planning(a) => (5, a.map(|a| a.0)),
        };
        StepRec {
            kind,
            action,
            goal: step.goal.map(goal_rec),
            plan_index: step.plan_index as u32,
            replanned: step.replanned,
        }
    }

    /// The step kind it records (`None` for an unknown code).
    pub fn step_kind(&self) -> Option<StepKind> {
        let a = self.action.map(ActionId);
        Some(match (self.kind, a) {
            (0, Some(a)) => StepKind::Start(a),
            (1, Some(a)) => StepKind::Continue(a),
            (2, _) => StepKind::Idle,
            (3, _) => StepKind::NoPlan,
            (4, _) => StepKind::Waiting,
            (5, a) => StepKind::Planning(a),
            _ => return None,
        })
    }
}

/// Report outcome codes.
pub(crate) fn report_code(r: Report) -> u8 {
    match r {
        Report::Running => 0,
        Report::Succeeded => 1,
        Report::Failed => 2,
    }
}

pub(crate) fn report_of(code: u8) -> Option<Report> {
    Some(match code {
        0 => Report::Running,
        1 => Report::Succeeded,
        2 => Report::Failed,
        _ => return None,
    })
}

/// A replan as recorded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplanRec {
    /// [`ReplanCause`] value (1–5).
    pub cause: u8,
    /// 0 found, 1 no plan, 2 limit reached, 3 skipped, 4 kept.
    pub result: u8,
    /// The goal of the new plan.
    pub goal: Option<IdRec>,
    /// The whole new plan (action ids).
    pub plan: Vec<u32>,
    /// Its cost.
    pub cost: f64,
    /// Goals tried.
    pub goals_tried: u32,
    /// Nodes expanded.
    pub expanded: u64,
    /// The agent's clock.
    pub time: f64,
}

fn result_code(r: ReplanResult) -> u8 {
    match r {
        ReplanResult::Found => 0,
        ReplanResult::NoPlan => 1,
        ReplanResult::LimitReached => 2,
        ReplanResult::Skipped => 3,
        ReplanResult::Kept => 4,
    }
}

impl ReplanRec {
    pub(crate) fn of(e: &ReplanEvent, plan: &[ActionId]) -> ReplanRec {
        ReplanRec {
            cause: e.cause as u8,
            result: result_code(e.result),
            goal: e.goal.map(goal_rec),
            plan: plan.iter().map(|a| a.0).collect(),
            cost: e.plan_cost,
            goals_tried: e.goals_tried as u32,
            expanded: e.expanded,
            time: e.time,
        }
    }

    /// The cause (`None` for an unknown code).
    pub fn replan_cause(&self) -> Option<ReplanCause> {
        ReplanCause::ALL
            .get((self.cause as usize).wrapping_sub(1))
            .copied()
    }

    /// The result (`None` for an unknown code).
    pub fn replan_result(&self) -> Option<ReplanResult> {
        Some(match self.result {
            0 => ReplanResult::Found,
            1 => ReplanResult::NoPlan,
            2 => ReplanResult::LimitReached,
            3 => ReplanResult::Skipped,
            4 => ReplanResult::Kept,
            _ => return None,
        })
    }
}

/// A domain's contents.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DomainRec {
    /// Fact names in id order.
    pub facts: Vec<String>,
    /// Variables in id order: name, min, max, default, saturate.
    pub vars: Vec<(String, i32, i32, i32, bool)>,
    /// Actions in id order.
    pub actions: Vec<ActionRec>,
    /// The start state.
    pub start: StateRec,
    /// The goals agents get, in order.
    pub goals: Vec<GoalRec>,
}

/// An action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionRec {
    /// Name.
    pub name: String,
    /// Cost.
    pub cost: f64,
    /// Preconditions.
    pub pre: CondRec,
    /// Fact effects (as conditions: fact, value).
    pub effects: Vec<(u32, bool)>,
    /// Variable effects: variable, op (0 set, 1 add, 2 sub), value.
    pub var_effects: Vec<(u32, u8, i32)>,
}

/// Conditions: facts with values, variable conditions (variable, operator 0–5 for `==
/// != < <= > >=`, constant).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CondRec {
    /// Fact conditions.
    pub facts: Vec<(u32, bool)>,
    /// Variable conditions.
    pub vars: Vec<(u32, u8, i32)>,
}

/// A world state: fact words (bit `i % 64` of word `i / 64` is fact `i`) and variables
/// set (variable, value).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateRec {
    /// Fact bits.
    pub words: Vec<u64>,
    /// Variables set.
    pub vars: Vec<(u32, i32)>,
}

/// A goal definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoalRec {
    /// Name.
    pub name: String,
    /// Conditions.
    pub conditions: CondRec,
    /// Priority.
    pub priority: f64,
    /// Reset facts.
    pub reset: Vec<(u32, bool)>,
    /// Reset variables.
    pub reset_vars: Vec<(u32, i32)>,
    /// Cooldown in seconds.
    pub cooldown: f64,
}

/// A step budget: expansions (0: no limit) and microseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetRec {
    /// Expansions per step.
    pub expansions: u64,
    /// Microseconds per step.
    pub micros: Option<u64>,
}

/// Agent settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentDefRec {
    /// Switch margin.
    pub switch_margin: f64,
    /// Failure cooldown.
    pub failure_cooldown: f64,
    /// Plan in step.
    pub plan_in_step: bool,
    /// Node limit.
    pub max_nodes: u32,
    /// Heuristic: 0 auto, 1 lmcut, 2 landmarks, 3 hmax, 4 blind.
    pub heuristic: u8,
    /// Direction: 0 auto, 1 forward, 2 backward.
    pub direction: u8,
    /// Step budget.
    pub budget: BudgetRec,
}

/// The shared values of a world domain, exactly.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SharedRec {
    /// Version.
    pub version: u64,
    /// Active (agents subscribe dependencies).
    pub active: bool,
    /// Facts in the order first written: fact, value, version of its last write.
    pub facts: Vec<(u32, bool, u64)>,
    /// Variables likewise.
    pub vars: Vec<(u32, i32, u64)>,
}

/// One goal slot of an agent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GoalSlotRec {
    /// The goal.
    pub def: GoalRec,
    /// No plan at (epoch, cost epoch).
    pub no_plan_at: Option<(u64, Option<u64>)>,
    /// Generation.
    pub generation: u32,
    /// Live.
    pub live: bool,
    /// Order added.
    pub order: u64,
    /// Times achieved.
    pub achieved: u64,
    /// Counted.
    pub counted: bool,
    /// Ready at.
    pub ready_at: f64,
}

/// A set of facts and variables an agent depends on: bit `i % 64` of word `i / 64` is fact
/// (or variable) `i`; `all` stands for every one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepsRec {
    /// Fact bits.
    pub facts: Vec<u64>,
    /// Variable bits.
    pub vars: Vec<u64>,
    /// Every fact and variable.
    pub all: bool,
}

/// A suspended search: its inputs and the expansions spent on it so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRec {
    /// The believed state it started from.
    pub state: StateRec,
    /// Goals to try: (slot, conditions).
    pub goals: Vec<(u32, CondRec)>,
    /// Disabled actions.
    pub disabled: Vec<u32>,
    /// Cost overrides.
    pub costs: Vec<(u32, f64)>,
    /// Cause.
    pub cause: u8,
    /// Keep.
    pub keep: Option<u32>,
    /// Stamp.
    pub stamp: u64,
    /// Expansions spent so far.
    pub spent: u64,
}

/// Everything an agent holds (its context callbacks only as present or not).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentSnap {
    /// Settings.
    pub def: AgentDefRec,
    /// Believed state.
    pub state: StateRec,
    /// Goal slots.
    pub goals: Vec<GoalSlotRec>,
    /// Free goal slots.
    pub free_goals: Vec<u32>,
    /// Goals added.
    pub goals_added: u64,
    /// Live goals in order.
    pub goal_order: Vec<u32>,
    /// Next ready.
    pub next_ready: f64,
    /// Disabled actions.
    pub disabled: Vec<u32>,
    /// Cost overrides.
    pub costs: Vec<(u32, f64)>,
    /// Failure cooldowns.
    pub cooldowns: Vec<(u32, f64)>,
    /// Has callbacks.
    pub callbacks: bool,
    /// Plan.
    pub plan: Vec<u32>,
    /// Plan cost.
    pub plan_cost: f64,
    /// Goal slot.
    pub goal: Option<u32>,
    /// Next action index.
    pub next: u32,
    /// Running.
    pub running: bool,
    /// Pending cause.
    pub pending: Option<u8>,
    /// Dirty.
    pub dirty: bool,
    /// Stuck.
    pub stuck: bool,
    /// Epoch.
    pub epoch: u64,
    /// Cost epoch.
    pub cost_epoch: u64,
    /// Stamp.
    pub stamp: u64,
    /// Clock.
    pub clock: f64,
    /// Replan history (the plans left empty).
    pub history: Vec<ReplanRec>,
    /// Replans by cause.
    pub counts: [u64; 5],
    /// Searches in progress.
    pub run: Option<RunRec>,
    /// Shared version seen.
    pub shared_seen: u64,
    /// What the agent knows its goal choice and plan depend on (`None`: not known).
    pub deps: Option<DepsRec>,
    /// What its domain's shared values hold as its dependencies (which writes visit it;
    /// may be older than `deps`).
    pub subscribed: Option<DepsRec>,
}

// ---- conversions --------------------------------------------------------------------

pub(crate) fn state_rec(s: &WorldState, domain: &Domain) -> StateRec {
    // Trailing all-false words do not count (two equal states record the same).
    StateRec {
        words: s.significant().0.to_vec(),
        vars: (0..domain.var_count() as u32)
            .filter_map(|v| s.var(VarId(v)).map(|x| (v, x)))
            .collect(),
    }
}

/// A state from its record, checked against `domain` (facts and variables it has).
pub(crate) fn state_of(r: &StateRec, domain: &Domain) -> Result<WorldState, String> {
    let facts = domain.fact_count();
    let mut s = WorldState::from_words(r.words.clone());
    for f in facts..r.words.len() * 64 {
        if s.get(FactId(f as u32)) {
            return Err(format!("a state sets fact {f}, the domain has {facts}"));
        }
    }
    for &(v, x) in &r.vars {
        domain
            .check_var_value(VarId(v), x, "recorded state")
            .map_err(|e| e.to_string())?;
        s.set_var(VarId(v), x);
    }
    // Normalise the words' length, as a state the domain made would have.
    let mut fresh = WorldState::with_facts(facts);
    for f in s.true_facts() {
        fresh.set(f, true);
    }
    for &(v, x) in &r.vars {
        fresh.set_var(VarId(v), x);
    }
    Ok(fresh)
}

fn cmp_code(c: Compare) -> u8 {
    match c {
        Compare::Eq => 0,
        Compare::Ne => 1,
        Compare::Lt => 2,
        Compare::Le => 3,
        Compare::Gt => 4,
        Compare::Ge => 5,
    }
}

fn cmp_of(c: u8) -> Result<Compare, String> {
    Ok(match c {
        0 => Compare::Eq,
        1 => Compare::Ne,
        2 => Compare::Lt,
        3 => Compare::Le,
        4 => Compare::Gt,
        5 => Compare::Ge,
        _ => return Err(format!("unknown comparison code {c}")),
    })
}

pub(crate) fn cond_rec(c: &Conditions) -> CondRec {
    CondRec {
        facts: c.entries().iter().map(|e| (e.fact.0, e.value)).collect(),
        vars: c
            .var_conditions()
            .iter()
            .map(|k| (k.var.0, cmp_code(k.op), k.value))
            .collect(),
    }
}

pub(crate) fn cond_of(r: &CondRec, domain: &Domain) -> Result<Conditions, String> {
    let vars = r
        .vars
        .iter()
        .map(|&(v, op, x)| Ok(VarCondition::new(VarId(v), cmp_of(op)?, x)))
        .collect::<Result<Vec<_>, String>>()?;
    domain
        .conditions_with(
            r.facts.iter().map(|&(f, v)| FactValue::new(FactId(f), v)),
            vars,
        )
        .map_err(|e| e.to_string())
}

pub(crate) fn goal_rec_of(g: &GoalDef) -> GoalRec {
    GoalRec {
        name: g.name.clone(),
        conditions: cond_rec(&g.conditions),
        priority: g.priority,
        reset: g.reset.iter().map(|e| (e.fact.0, e.value)).collect(),
        reset_vars: g.reset_vars.iter().map(|&(v, x)| (v.0, x)).collect(),
        cooldown: g.cooldown,
    }
}

pub(crate) fn goal_def_of(r: &GoalRec, domain: &Domain) -> Result<GoalDef, String> {
    Ok(GoalDef {
        name: r.name.clone(),
        conditions: cond_of(&r.conditions, domain)?,
        priority: r.priority,
        reset: r
            .reset
            .iter()
            .map(|&(f, v)| FactValue::new(FactId(f), v))
            .collect(),
        reset_vars: r.reset_vars.iter().map(|&(v, x)| (VarId(v), x)).collect(),
        cooldown: r.cooldown,
    })
}

pub(crate) fn budget_rec(b: &SearchBudget) -> BudgetRec {
    BudgetRec {
        expansions: b.max_expansions,
        micros: b
            .max_time
            .map(|t| t.as_micros().min(u64::MAX as u128) as u64),
    }
}

pub(crate) fn budget_of(b: &BudgetRec) -> SearchBudget {
    SearchBudget {
        max_expansions: b.expansions,
        max_time: b.micros.map(std::time::Duration::from_micros),
    }
}

pub(crate) fn agent_def_rec(d: &AgentDef) -> AgentDefRec {
    AgentDefRec {
        switch_margin: d.switch_margin,
        failure_cooldown: d.failure_cooldown,
        plan_in_step: d.plan_in_step,
        max_nodes: d.options.max_nodes,
        heuristic: match d.options.heuristic {
            Heuristic::Auto => 0,
            Heuristic::LmCut => 1,
            Heuristic::Landmarks => 2,
            Heuristic::HMax => 3,
            Heuristic::Blind => 4,
        },
        direction: match d.options.direction {
            Direction::Auto => 0,
            Direction::Forward => 1,
            Direction::Backward => 2,
        },
        budget: budget_rec(&d.step_budget),
    }
}

pub(crate) fn agent_def_of(r: &AgentDefRec) -> Result<AgentDef, String> {
    Ok(AgentDef {
        switch_margin: r.switch_margin,
        failure_cooldown: r.failure_cooldown,
        plan_in_step: r.plan_in_step,
        options: PlanOptions {
            max_nodes: r.max_nodes,
            heuristic: match r.heuristic {
                0 => Heuristic::Auto,
                1 => Heuristic::LmCut,
                2 => Heuristic::Landmarks,
                3 => Heuristic::HMax,
                4 => Heuristic::Blind,
                h => return Err(format!("unknown heuristic code {h}")),
            },
            direction: match r.direction {
                0 => Direction::Auto,
                1 => Direction::Forward,
                2 => Direction::Backward,
                d => return Err(format!("unknown direction code {d}")),
            },
        },
        step_budget: budget_of(&r.budget),
    })
}

pub(crate) fn context_rec(c: &ActionContext) -> (Vec<u32>, Vec<(u32, f64)>) {
    (
        c.disabled().iter().map(|a| a.0).collect(),
        c.cost_overrides().iter().map(|&(a, x)| (a.0, x)).collect(),
    )
}

pub(crate) fn context_of(
    disabled: &[u32],
    costs: &[(u32, f64)],
    domain: &Domain,
) -> Result<ActionContext, String> {
    let mut c = ActionContext::new();
    for &a in disabled {
        check_action(a, domain)?;
        c.set_enabled(ActionId(a), false);
    }
    for &(a, x) in costs {
        check_action(a, domain)?;
        c.set_cost(ActionId(a), x).map_err(|e| e.to_string())?;
    }
    Ok(c)
}

pub(crate) fn check_action(a: u32, domain: &Domain) -> Result<(), String> {
    if (a as usize) < domain.action_count() {
        Ok(())
    } else {
        Err(format!(
            "action {a} out of range (the domain has {})",
            domain.action_count()
        ))
    }
}

/// A domain's contents as recorded (its start state and goals given by the caller).
pub(crate) fn domain_rec(d: &Domain, start: &WorldState, goals: &[GoalDef]) -> DomainRec {
    DomainRec {
        facts: (0..d.fact_count() as u32)
            .map(|f| d.fact_name(FactId(f)).to_owned())
            .collect(),
        vars: d
            .vars()
            .iter()
            .map(|v| {
                (
                    v.name().to_owned(),
                    v.min(),
                    v.max(),
                    v.default_value(),
                    v.overflow() == Overflow::Saturate,
                )
            })
            .collect(),
        actions: d
            .actions()
            .iter()
            .map(|a| ActionRec {
                name: a.name().to_owned(),
                cost: a.cost(),
                pre: cond_rec(a.pre()),
                effects: a
                    .effects()
                    .entries()
                    .iter()
                    .map(|e| (e.fact.0, e.value))
                    .collect(),
                var_effects: a
                    .var_effects()
                    .iter()
                    .map(|e| {
                        let op = match e.op {
                            VarOp::Set => 0,
                            VarOp::Add => 1,
                            VarOp::Sub => 2,
                        };
                        (e.var.0, op, e.value)
                    })
                    .collect(),
            })
            .collect(),
        start: state_rec(start, d),
        goals: goals.iter().map(goal_rec_of).collect(),
    }
}

/// Rebuilds a domain (ids as recorded), its start state and goals.
pub(crate) fn domain_of(r: &DomainRec) -> Result<(Domain, WorldState, Vec<GoalDef>), String> {
    let err = |e: DomainError| e.to_string();
    let mut d = Domain::new();
    for (i, v) in r.vars.iter().enumerate() {
        let id = d
            .add_var(VarDef {
                name: v.0.clone(),
                min: v.1,
                max: v.2,
                default: Some(v.3),
                overflow: if v.4 {
                    Overflow::Saturate
                } else {
                    Overflow::Reject
                },
            })
            .map_err(err)?;
        if id.index() != i {
            return Err(format!("variable \"{}\" got id {}", v.0, id.index()));
        }
    }
    for (i, f) in r.facts.iter().enumerate() {
        let id = d.add_fact(f).map_err(err)?;
        if id.index() != i {
            return Err(format!("fact \"{f}\" is named twice"));
        }
    }
    for a in &r.actions {
        let var_pre = a
            .pre
            .vars
            .iter()
            .map(|&(v, op, x)| Ok(VarCondition::new(VarId(v), cmp_of(op)?, x)))
            .collect::<Result<Vec<_>, String>>()?;
        let var_effects = a
            .var_effects
            .iter()
            .map(|&(v, op, x)| {
                let op = match op {
                    0 => VarOp::Set,
                    1 => VarOp::Add,
                    2 => VarOp::Sub,
                    o => return Err(format!("unknown variable operation code {o}")),
                };
                Ok(VarEffect::new(VarId(v), op, x))
            })
            .collect::<Result<Vec<_>, String>>()?;
        for &(f, _) in a.pre.facts.iter().chain(&a.effects) {
            if f as usize >= r.facts.len() {
                return Err(format!(
                    "action \"{}\" names fact {f}, out of range",
                    a.name
                ));
            }
        }
        d.add_action(ActionDef {
            name: a.name.clone(),
            pre: a
                .pre
                .facts
                .iter()
                .map(|&(f, v)| FactValue::new(FactId(f), v))
                .collect(),
            effects: a
                .effects
                .iter()
                .map(|&(f, v)| FactValue::new(FactId(f), v))
                .collect(),
            cost: a.cost,
            var_pre,
            var_effects,
        })
        .map_err(err)?;
    }
    let start = state_of(&r.start, &d)?;
    let goals = r
        .goals
        .iter()
        .map(|g| goal_def_of(g, &d))
        .collect::<Result<Vec<_>, String>>()?;
    Ok((d, start, goals))
}

/// A 32-bit digest of a believed state (its true facts and the variables it sets), the
/// same on every platform: steps record it so that a replay notices a belief that went
/// another way even when no decision showed it yet.
pub fn state_hash(s: &WorldState, var_count: usize) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    };
    for &w in s.significant().0 {
        mix(w);
    }
    for v in 0..var_count as u32 {
        if let Some(x) = s.var(VarId(v)) {
            mix(u64::from(v) << 32 | u64::from(x as u32));
        }
    }
    (h ^ (h >> 32)) as u32
}

// ---- framing ------------------------------------------------------------------------

/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`) of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// A step's body, built on the stack (at most 80 bytes: 10-byte varints at most).
struct Small {
    buf: [u8; 96],
    len: usize,
}

impl Default for Small {
    fn default() -> Self {
        Small {
            buf: [0; 96],
            len: 0,
        }
    }
}

impl Small {
    #[inline]
    fn byte(&mut self, x: u8) {
        self.buf[self.len] = x;
        self.len += 1;
    }
    #[inline]
    fn bytes(&mut self, x: &[u8]) {
        self.buf[self.len..self.len + x.len()].copy_from_slice(x);
        self.len += x.len();
    }
    #[inline]
    fn varint(&mut self, mut x: u64) {
        while x >= 0x80 {
            self.byte((x as u8) | 0x80);
            x >>= 7;
        }
        self.byte(x as u8);
    }
}

/// Postcard's variant index of [`Record::Step`].
const STEP_VARIANT: u64 = 18;

/// Postcard's variant index of [`Record::Replan`].
const REPLAN_VARIANT: u64 = 21;

/// Appends the frame of `Record::Replan { agent, replan: ReplanRec::of(event, plan) }`,
/// encoded by hand (exactly as postcard would: the tests compare) without building the
/// record. `scratch` is a reusable buffer.
pub(crate) fn write_replan_frame(
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
    agent: IdRec,
    e: &ReplanEvent,
    plan: &[ActionId],
) {
    scratch.clear();
    put_varint(scratch, REPLAN_VARIANT);
    put_varint(scratch, u64::from(agent.0));
    put_varint(scratch, u64::from(agent.1));
    scratch.push(e.cause as u8);
    scratch.push(result_code(e.result));
    match e.goal {
        None => scratch.push(0),
        Some(g) => {
            scratch.push(1);
            put_varint(scratch, u64::from(g.index()));
            put_varint(scratch, u64::from(g.generation()));
        }
    }
    put_varint(scratch, plan.len() as u64);
    for a in plan {
        put_varint(scratch, u64::from(a.0));
    }
    scratch.extend_from_slice(&e.plan_cost.to_le_bytes());
    put_varint(scratch, u64::from(e.goals_tried as u32));
    put_varint(scratch, e.expanded);
    scratch.extend_from_slice(&e.time.to_le_bytes());
    put_varint(out, scratch.len() as u64);
    out.extend_from_slice(scratch);
    out.extend_from_slice(&crc32(scratch).to_le_bytes());
}

/// The file header: [`super::MAGIC`] then the format version (u16, little-endian).
pub fn header() -> [u8; 10] {
    let mut h = [0u8; 10];
    h[..8].copy_from_slice(super::MAGIC);
    h[8..].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h
}

fn put_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Appends one framed record to `out`: its length (LEB128 varint), its postcard encoding
/// and the CRC-32 of that encoding (u32, little-endian). `scratch` is a reusable buffer.
pub fn write_frame(out: &mut Vec<u8>, scratch: &mut Vec<u8>, record: &Record) {
    if let Record::Step {
        agent,
        dt,
        spent,
        result: Ok(step),
        state,
    } = record
    {
        // The frame agents write most, encoded by hand (exactly as postcard would: the
        // tests compare) in a buffer on the stack: a step's body is always under 128
        // bytes, so its length is one byte.
        let mut b = Small::default();
        b.varint(STEP_VARIANT);
        b.varint(u64::from(agent.0));
        b.varint(u64::from(agent.1));
        b.bytes(&dt.to_le_bytes());
        b.varint(*spent);
        b.byte(0); // Ok
        b.byte(step.kind);
        match step.action {
            None => b.byte(0),
            Some(a) => {
                b.byte(1);
                b.varint(u64::from(a));
            }
        }
        match step.goal {
            None => b.byte(0),
            Some((i, g)) => {
                b.byte(1);
                b.varint(u64::from(i));
                b.varint(u64::from(g));
            }
        }
        b.varint(u64::from(step.plan_index));
        b.byte(u8::from(step.replanned));
        b.varint(u64::from(*state));
        let body = &b.buf[..b.len];
        out.reserve(body.len() + 5);
        out.push(body.len() as u8);
        out.extend_from_slice(body);
        out.extend_from_slice(&crc32(body).to_le_bytes());
        return;
    }
    scratch.clear();
    let body =
        postcard::to_extend(record, std::mem::take(scratch)).expect("records always serialize");
    put_varint(out, body.len() as u64);
    out.extend_from_slice(&body);
    out.extend_from_slice(&crc32(&body).to_le_bytes());
    *scratch = body;
}

/// Reads every record of a recording (header included); an error says what is wrong and
/// at which byte.
pub fn read_records(bytes: &[u8]) -> Result<Vec<Record>, String> {
    if bytes.len() < 10 || &bytes[..8] != super::MAGIC {
        return Err("not a goap recording (the file does not start with GOAPREC)".into());
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != FORMAT_VERSION {
        return Err(format!(
            "format version {version}; this library reads version {FORMAT_VERSION}"
        ));
    }
    let mut records = Vec::new();
    let mut at = 10usize;
    while at < bytes.len() {
        let start = at;
        let mut len: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(&b) = bytes.get(at) else {
                return Err(format!(
                    "truncated at byte {start}: a record's length is cut off"
                ));
            };
            at += 1;
            if shift >= 63 {
                return Err(format!(
                    "corrupted at byte {start}: a record's length is too long"
                ));
            }
            len |= u64::from(b & 0x7F) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        let end = at
            .checked_add(len as usize)
            .and_then(|e| e.checked_add(4))
            .filter(|&e| len < (1 << 40) && e <= bytes.len())
            .ok_or_else(|| {
                format!(
                    "truncated at byte {start}: record {} needs {len} bytes, {} are left",
                    records.len() + 1,
                    bytes.len() - at
                )
            })?;
        let body = &bytes[at..end - 4];
        let crc = u32::from_le_bytes(bytes[end - 4..end].try_into().expect("4 bytes"));
        if crc32(body) != crc {
            return Err(format!(
                "corrupted at byte {start}: record {} fails its checksum",
                records.len() + 1
            ));
        }
        let record: Record = postcard::from_bytes(body).map_err(|e| {
            format!(
                "corrupted at byte {start}: record {} cannot be read ({e})",
                records.len() + 1
            )
        })?;
        records.push(record);
        at = end;
    }
    match records.last() {
        Some(Record::End { records: n, .. }) if *n as usize == records.len() - 1 => Ok(records),
        Some(Record::End { records: n, .. }) => Err(format!(
            "corrupted: the end record counts {n} records, the file has {}",
            records.len() - 1
        )),
        _ => Err(format!(
            "truncated: the recording ends after {} records without its end record (was it stopped?)",
            records.len()
        )),
    }
}

/// Encodes records into a whole recording (header, frames); the last must be
/// [`Record::End`] for [`read_records`] to accept it. For tools and tests that edit
/// recordings.
pub fn write_records(records: &[Record]) -> Vec<u8> {
    let mut out = header().to_vec();
    let mut scratch = Vec::new();
    for r in records {
        write_frame(&mut out, &mut scratch, r);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_encoded_steps_are_postcard() {
        let steps = [
            StepRec {
                kind: 1,
                action: Some(3),
                goal: Some((0, 1)),
                plan_index: 0,
                replanned: false,
            },
            StepRec {
                kind: 5,
                action: None,
                goal: None,
                plan_index: 70_000,
                replanned: true,
            },
            StepRec {
                kind: 0,
                action: Some(u32::MAX),
                goal: Some((u32::MAX, 300)),
                plan_index: 127,
                replanned: true,
            },
        ];
        for (k, step) in steps.into_iter().enumerate() {
            let r = Record::Step {
                agent: (k as u32 * 1000, u32::MAX - k as u32),
                dt: 1.0 / 60.0 * k as f64,
                spent: [0, 5, u64::MAX][k],
                result: Ok(step),
                state: [0, 0xdead_beef, u32::MAX][k],
            };
            let mut fast = Vec::new();
            write_frame(&mut fast, &mut Vec::new(), &r);
            let body = postcard::to_stdvec(&r).unwrap();
            let mut slow = vec![body.len() as u8];
            slow.extend_from_slice(&body);
            slow.extend_from_slice(&crc32(&body).to_le_bytes());
            assert_eq!(fast, slow, "{r:?}");
            let mut file = header().to_vec();
            file.extend_from_slice(&fast);
            write_frame(
                &mut file,
                &mut Vec::new(),
                &Record::End {
                    records: 1,
                    window: 0.0,
                },
            );
            assert_eq!(read_records(&file).unwrap()[0], r);
        }
    }

    #[test]
    fn hand_encoded_replans_are_postcard() {
        use crate::agent::{GoalId, ReplanCause};
        let plans: [Vec<ActionId>; 3] = [
            vec![],
            vec![ActionId(3), ActionId(200)],
            (0..100).map(|i| ActionId(i * 1000)).collect(),
        ];
        for (k, plan) in plans.iter().enumerate() {
            let e = ReplanEvent {
                cause: ReplanCause::ALL[k + 1],
                result: [
                    ReplanResult::Found,
                    ReplanResult::Kept,
                    ReplanResult::NoPlan,
                ][k],
                goal: (k != 2).then(|| GoalId::from_parts(k as u32, 7 + 300 * k as u32)),
                plan_len: plan.len(),
                plan_cost: 2.5 * k as f64,
                goals_tried: k + 1,
                expanded: [0, 12, u64::MAX][k],
                cache_hits: 3,
                time: 0.1 * k as f64,
            };
            let agent = (k as u32, u32::MAX - k as u32);
            let mut fast = Vec::new();
            write_replan_frame(&mut fast, &mut Vec::new(), agent, &e, plan);
            let mut slow = Vec::new();
            let r = Record::Replan {
                agent,
                replan: ReplanRec::of(&e, plan),
            };
            write_frame(&mut slow, &mut Vec::new(), &r);
            assert_eq!(fast, slow, "{r:?}");
        }
    }

    #[test]
    fn crc32_is_zlibs() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }
}
