//! [`Timeline`]: what a recording's agents lived through, rebuilt by replaying it (the
//! studio page's "Agents" view reads it).

use std::sync::Arc;

use crate::agent::{AgentId, ReplanCause, ReplanResult, Report, StepKind};
use crate::domain::{ActionId, Domain, FactId, Goal, VarId};
use crate::planner::ActionContext;
use crate::state::WorldState;

/// A recording, replayed: its domains and, per agent, what happened to it.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    /// The domains the agents used, in the order the recording defined them (a domain
    /// edited while recording appears once per version).
    pub domains: Vec<TimelineDomain>,
    /// The agents, in the order the recording first names them.
    pub agents: Vec<AgentTimeline>,
    /// Records in the recording.
    pub events: u64,
    /// Ring mode's window in seconds, when the recording kept only the last part.
    pub window: Option<f64>,
}

/// One domain of a [`Timeline`].
#[derive(Clone, Debug)]
pub struct TimelineDomain {
    /// Its name in the world (may be empty).
    pub name: String,
    /// Its facts, variables and actions (ids as in the recording).
    pub domain: Arc<Domain>,
}

/// One agent of a [`Timeline`].
#[derive(Clone, Debug)]
pub struct AgentTimeline {
    /// Its id when it was recorded.
    pub id: AgentId,
    /// Index of its domain in [`Timeline::domains`].
    pub domain: usize,
    /// What happened, in order. A step that only continues the action in progress is left
    /// out (it changes nothing to look at).
    pub entries: Vec<TimelineEntry>,
}

/// One moment of an agent's life: what happened and how the agent was just after.
#[derive(Clone, Debug)]
pub struct TimelineEntry {
    /// The agent's clock (sum of the `dt` passed to its steps) in seconds.
    pub time: f64,
    /// Position of the record in the recording (0-based).
    pub record: u64,
    /// What happened.
    pub what: TimelineWhat,
    /// The believed state just after.
    pub state: WorldState,
    /// The live goals (name, priority), in the order added.
    pub goals: Vec<(String, f64)>,
    /// The goal being pursued (index into `goals`), if any.
    pub goal: Option<usize>,
    /// The whole plan in hand and the index of the current action in it.
    pub plan: Vec<ActionId>,
    /// Index of the current (or next) action in `plan`.
    pub plan_index: usize,
}

/// What a [`TimelineEntry`] records.
#[derive(Clone, Debug)]
pub enum TimelineWhat {
    /// The agent was created (or, in a ring recording, first seen at a checkpoint).
    Created,
    /// It was destroyed.
    Destroyed,
    /// The engine wrote a fact.
    Fact(FactId, bool),
    /// The engine wrote a variable.
    Var(VarId, i32),
    /// Shared facts or variables of its domain changed its beliefs.
    Shared,
    /// A goal was added (name, priority).
    GoalAdded(String, f64),
    /// A goal was removed (name).
    GoalRemoved(String),
    /// A goal's priority was set (name, priority).
    Priority(String, f64),
    /// An action was enabled (true) or disabled.
    ActionEnabled(ActionId, bool),
    /// An action's cost was overridden (`None`: back to the domain's).
    ActionCost(ActionId, Option<f64>),
    /// A step, and what it told the engine.
    Step(StepKind),
    /// The engine reported on the current action.
    Report(ActionId, Report),
    /// A replan.
    Replan(Box<TimelineReplan>),
}

/// A replan of a [`Timeline`], with what is needed to show its search again.
#[derive(Clone, Debug)]
pub struct TimelineReplan {
    /// Why.
    pub cause: ReplanCause,
    /// How it ended.
    pub result: ReplanResult,
    /// The goal of the new plan (name), if any.
    pub goal: Option<String>,
    /// The new plan (empty when none).
    pub plan: Vec<ActionId>,
    /// Its cost.
    pub cost: f64,
    /// Nodes its searches expanded.
    pub expanded: u64,
    /// The search that produced the plan (the last goal tried), when one ran: start
    /// state, goal conditions and context, enough to run it again for the search view.
    pub search: Option<SearchProblem>,
}

/// The inputs of one search.
#[derive(Clone, Debug)]
pub struct SearchProblem {
    /// Where it started (the agent's believed state then).
    pub start: WorldState,
    /// The goal's conditions.
    pub goal: Goal,
    /// Name of the goal.
    pub goal_name: String,
    /// Disabled actions and cost overrides it used.
    pub context: ActionContext,
}
