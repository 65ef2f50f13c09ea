//! The agent's definitions, events and errors.

use std::fmt;

use super::AgentId;
use crate::domain::{ActionId, DomainError, FactValue, Goal, VarId};
use crate::planner::{OutOfMemory, PlanOptions, SearchBudget};

/// How many replan events an agent keeps (the oldest is dropped first).
pub const REPLAN_HISTORY: usize = 16;

/// Generational id of a goal of one agent: a slot index and the slot's generation. A
/// removed goal's slot is reused by a later goal with the next generation, so the id of a
/// removed goal never names another one. The default id (generation 0) names no goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GoalId {
    index: u32,
    generation: u32,
}

impl GoalId {
    /// The id of slot `index` at `generation`.
    pub fn from_parts(index: u32, generation: u32) -> GoalId {
        GoalId { index, generation }
    }

    /// The slot index.
    pub fn index(self) -> u32 {
        self.index
    }

    /// The slot's generation when the goal was added: at least 1.
    pub fn generation(self) -> u32 {
        self.generation
    }
}

/// One goal of an agent.
///
/// A goal with a `reset` or a `cooldown` **recurs**: when the agent finds the goal it was
/// pursuing satisfied, it sets the `reset` facts and variables in its beliefs (a patrol's
/// "at the gate" back to false, a delivery's "bread delivered" back to false), clears the
/// plan, and does not choose the goal again for `cooldown` seconds of its clock. The next
/// plan for it is a fresh one ([`ReplanCause::NoPlan`]), so a patrol or a daily delivery
/// loops without engine code.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalDef {
    /// Name, for reports and lookups (may be empty; need not be unique).
    pub name: String,
    /// The conditions the goal wants true (checked against the agent's domain).
    pub conditions: Goal,
    /// Priority: larger wins; ≤ 0 disables the goal. Finite.
    pub priority: f64,
    /// Facts set in the agent's beliefs when the goal is achieved (see above).
    pub reset: Vec<FactValue>,
    /// Variables set (to a value in their range) when the goal is achieved.
    pub reset_vars: Vec<(VarId, i32)>,
    /// Seconds after the goal was achieved before it may be chosen again. Finite, ≥ 0.
    pub cooldown: f64,
}

impl Default for GoalDef {
    /// No name, no conditions (always satisfied), priority 1, no recurrence.
    fn default() -> Self {
        GoalDef {
            name: String::new(),
            conditions: Goal::default(),
            priority: 1.0,
            reset: Vec::new(),
            reset_vars: Vec::new(),
            cooldown: 0.0,
        }
    }
}

impl GoalDef {
    /// True when the goal recurs (it has a reset or a cooldown).
    pub fn recurs(&self) -> bool {
        !self.reset.is_empty() || !self.reset_vars.is_empty() || self.cooldown > 0.0
    }
}

/// Settings of an agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentDef {
    /// Another goal must beat the current goal's priority by more than this to take over
    /// (hysteresis). Finite, ≥ 0. Default 0: any higher priority wins.
    pub switch_margin: f64,
    /// Seconds (of the time passed to [`Agent::step`](super::Agent::step)) for which a failed action is not
    /// planned with. Finite, ≥ 0. Default 0: it may be planned again at once.
    pub failure_cooldown: f64,
    /// When true (default), [`Agent::step`](super::Agent::step) searches itself when a plan is needed; when
    /// false it returns [`StepKind::Waiting`] and leaves the search to the batch call
    /// ([`crate::World::plan_agents`]).
    pub plan_in_step: bool,
    /// Node limit and heuristic of the agent's searches.
    pub options: PlanOptions,
    /// How much searching one [`Agent::step`](super::Agent::step) may do (with
    /// `plan_in_step`): expanded nodes and, optionally, time, over all the searches of the
    /// step. A step whose search runs out returns [`StepKind::Planning`]; the next step
    /// continues that search where it stopped, and the plan found is the one an
    /// unbudgeted step would have found. Default [`SearchBudget::UNLIMITED`]: a step
    /// searches to the end.
    pub step_budget: SearchBudget,
}

impl Default for AgentDef {
    fn default() -> Self {
        AgentDef {
            switch_margin: 0.0,
            failure_cooldown: 0.0,
            plan_in_step: true,
            options: PlanOptions::default(),
            step_budget: SearchBudget::UNLIMITED,
        }
    }
}

/// Why an agent searched (or repaired its plan). Values are stable (the C ABI uses them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReplanCause {
    /// The agent had no plan: new, its plan finished, or a retry after "no plan" once
    /// something changed.
    NoPlan = 1,
    /// The current action was reported failed.
    ActionFailed = 2,
    /// The arbiter chose another goal (priorities changed, a goal was added, enabled,
    /// satisfied or found to have no plan).
    GoalChanged = 3,
    /// The rest of the plan no longer reaches the goal from the believed state (a
    /// precondition broke, a step's action was disabled, or the plan ended short of it).
    PlanInvalidated = 4,
    /// A later step's suffix already reaches the goal: the steps before it were skipped,
    /// without a search.
    StepsSkipped = 5,
}

impl ReplanCause {
    /// Every cause, in value order.
    pub const ALL: [ReplanCause; 5] = [
        ReplanCause::NoPlan,
        ReplanCause::ActionFailed,
        ReplanCause::GoalChanged,
        ReplanCause::PlanInvalidated,
        ReplanCause::StepsSkipped,
    ];

    /// Lower-case name, as in reports: `no_plan`, `action_failed`, …
    pub fn name(self) -> &'static str {
        match self {
            ReplanCause::NoPlan => "no_plan",
            ReplanCause::ActionFailed => "action_failed",
            ReplanCause::GoalChanged => "goal_changed",
            ReplanCause::PlanInvalidated => "plan_invalidated",
            ReplanCause::StepsSkipped => "steps_skipped",
        }
    }
}

/// How a replan ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplanResult {
    /// A plan was found (never empty: satisfied goals are not planned for).
    Found,
    /// No goal had a plan.
    NoPlan,
    /// A search hit its node limit and no goal had a plan.
    LimitReached,
    /// Steps were skipped; no search ran.
    Skipped,
    /// The goals tried before the current one had no plan, and the plan in hand for the
    /// current goal is still valid: it was kept (not searched again, the action in progress
    /// goes on).
    Kept,
}

/// One replan, as recorded in the agent's history.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplanEvent {
    /// Why.
    pub cause: ReplanCause,
    /// How it ended.
    pub result: ReplanResult,
    /// The goal the new plan serves, if any.
    pub goal: Option<GoalId>,
    /// Length and cost of the new plan (0 when none).
    pub plan_len: usize,
    /// Cost of the new plan (0 when none).
    pub plan_cost: f64,
    /// Goals tried in this replan (fall-through counts each).
    pub goals_tried: usize,
    /// Nodes expanded by its searches (as recorded when they ran, also for cached plans).
    pub expanded: u64,
    /// Searches answered from the plan cache.
    pub cache_hits: usize,
    /// The agent's clock (sum of `dt`) when it happened.
    pub time: f64,
}

/// What the engine should do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Start this action (it is new: first step of a plan, the previous one succeeded, or a
    /// replan replaced the one running). Stop any other action in progress.
    Start(ActionId),
    /// Keep performing this action (started earlier, not yet reported finished). Also after
    /// a replan whose new plan begins with the action in progress: it is not restarted.
    Continue(ActionId),
    /// Every enabled goal is satisfied (or none is enabled): nothing to do.
    Idle,
    /// No enabled, unsatisfied goal has a plan from the believed state. The agent retries
    /// when the state, its goals, enabled actions or cooldowns change (and, for a goal
    /// whose search hit the node limit, when a cost changes).
    NoPlan,
    /// A plan is needed and [`AgentDef::plan_in_step`] is off: the next
    /// [`crate::World::plan_agents`] call will plan it. The action in progress, if any, is
    /// abandoned (stop it; a report before the next `Start` is [`AgentError::NoAction`]).
    Waiting,
    /// A search is under way and this step's [`AgentDef::step_budget`] ran out before it
    /// ended: the next step continues it. `Some(action)`: the action in progress goes on
    /// (keep performing it and report on it as usual; the new plan continues it when it
    /// begins with it). `None`: nothing to do meanwhile. No new action starts until the
    /// search ends. Any change of the believed state, the goals, enabled actions, costs or
    /// cooldowns (including a report that finishes the action) starts the search over
    /// from the new situation at the next step.
    Planning(Option<ActionId>),
}

/// The result of one [`Agent::step`](super::Agent::step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What to do.
    pub kind: StepKind,
    /// The goal being pursued, if any.
    pub goal: Option<GoalId>,
    /// Index of the current action in the plan (0 when there is none).
    pub plan_index: usize,
    /// True when this step replanned (searched or skipped steps).
    pub replanned: bool,
}

/// The outcome of the current action, reported by the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Still in progress.
    Running,
    /// Done: its effects are applied to the believed state.
    Succeeded,
    /// It could not be done: the agent replans.
    Failed,
}

/// Why an agent call failed.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentError {
    /// A fact, variable, action or goal id the agent's domain or goal list does not have,
    /// or a value out of range (the message says which).
    Domain(DomainError),
    /// No live goal with this id (never added, or removed).
    UnknownGoal(GoalId),
    /// An argument was not allowed (NaN priority, negative `dt`, …).
    InvalidArgument(String),
    /// `report` was called while no action is in progress (call `step` first).
    NoAction,
    /// A context callback returned an error; the search was not run.
    Callback(String),
    /// A search of this step ran out of memory (see [`crate::max_table_bytes`]). The agent
    /// took it as a search stopped by its node limit (the goal has no plan for now, tried
    /// again when something changes), so the next step goes on normally.
    OutOfMemory(OutOfMemory),
}

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentError::Domain(e) => e.fmt(f),
            AgentError::UnknownGoal(id) => write!(
                f,
                "the agent has no goal {}.{} (never added, or removed)",
                id.index(),
                id.generation()
            ),
            AgentError::InvalidArgument(m) => f.write_str(m),
            AgentError::NoAction => f.write_str(
                "no action is in progress: report is only valid after step returned an action",
            ),
            AgentError::Callback(m) => write!(f, "a context callback failed: {m}"),
            AgentError::OutOfMemory(e) => write!(f, "the agent's search ran {e}"),
        }
    }
}

impl std::error::Error for AgentError {}

impl From<DomainError> for AgentError {
    fn from(e: DomainError) -> Self {
        AgentError::Domain(e)
    }
}

/// Context callbacks: the engine's answer to "is this action possible, and what does it
/// cost, for this agent right now" (line of sight, distances, cooldowns the engine keeps).
///
/// Called while the agent prepares a search, on the thread that asked for it, once per
/// action per search (not for actions already disabled). Not called during monitoring:
/// a plan already made stays valid until a listed cause replans it.
pub trait ContextCallbacks: Send {
    /// Whether `action` may be used. `Err` abandons the search (the agent stays as it was
    /// and the error is returned).
    fn available(&mut self, agent: AgentId, action: ActionId) -> Result<bool, String>;
    /// The cost of `action` for this search, given its current cost. `Err` abandons the
    /// search; a cost that is not a number from 0 to `MAX_ACTION_COST` is an error too.
    fn cost(&mut self, agent: AgentId, action: ActionId, cost: f64) -> Result<f64, String>;
}
