//! Agents: an NPC's goals, believed world state and plan queue, and the step/report
//! protocol that the engine drives once per frame (DESIGN.md §3).
//!
//! # The protocol
//! Each frame the engine writes what it sensed ([`Agent::set_fact`], [`Agent::set_var`]),
//! calls [`Agent::step`] (through [`crate::World::step_agent`]), performs the action it is
//! told to and reports the outcome ([`Agent::report`]): [`Report::Running`],
//! [`Report::Succeeded`] (the action's effects are applied to the believed state) or
//! [`Report::Failed`] (the agent replans, avoiding the action for
//! [`AgentDef::failure_cooldown`] seconds).
//!
//! # Goals and the arbiter
//! Goals have a priority the engine may change any frame; a priority ≤ 0 disables a goal.
//! The arbiter considers the enabled goals that the believed state does not satisfy and
//! that are not known to have no plan from the current state. It keeps its current goal
//! unless another candidate's priority exceeds the current one's by more than
//! [`AgentDef::switch_margin`] (no flip-flopping between goals of similar priority);
//! otherwise it picks the highest priority (ties: the goal added first). When the chosen
//! goal has no plan, it falls through to the next candidate in that order.
//!
//! # Replanning only with cause
//! The agent searches only for one of these [`ReplanCause`]s: it has no plan
//! ([`ReplanCause::NoPlan`]: new agent, plan finished, or retry after "no plan" once the
//! state, the context or the goals changed), the current action failed
//! ([`ReplanCause::ActionFailed`]), the arbiter chose another goal
//! ([`ReplanCause::GoalChanged`]), or plan monitoring found that the rest of the plan no
//! longer reaches the goal from the believed state ([`ReplanCause::PlanInvalidated`]).
//! Monitoring also finds when a later step's suffix already reaches the goal: the agent then
//! skips the steps before it without searching ([`ReplanCause::StepsSkipped`]). Monitoring
//! runs only after something changed (a fact or variable written with a different value, a
//! priority, an action enabled or disabled, an action finished); a frame in which nothing
//! changed costs a few branches.
//!
//! Cost overrides take effect at the next replan; they never cause one themselves (the
//! current plan stays valid).
//!
//! # Context callbacks
//! An agent may have [`ContextCallbacks`]: they are asked, for every action, whether it is
//! available and what it costs, each time the agent prepares a search, on the thread that
//! asked for the plan (never on worker threads). Their answers apply to that search only.
#![forbid(unsafe_code)]

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use crate::domain::{ActionId, Domain, DomainError, FactId, Goal, VarId, VarOp};
use crate::planner::{ActionContext, Outcome, PlanOptions, PlanResult};
use crate::state::WorldState;
use crate::world::DomainId;

slotmap::new_key_type! {
    /// Generational id of an agent in a [`crate::World`]: a destroyed agent's id never
    /// finds another agent.
    pub struct AgentId;
}

/// How many replan events an agent keeps (the oldest is dropped first).
pub const REPLAN_HISTORY: usize = 16;

/// One goal of an agent.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalDef {
    /// Name, for reports and lookups (may be empty; need not be unique).
    pub name: String,
    /// The conditions the goal wants true (checked against the agent's domain).
    pub conditions: Goal,
    /// Priority: larger wins; ≤ 0 disables the goal. Finite.
    pub priority: f64,
}

/// Settings of an agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentDef {
    /// Another goal must beat the current goal's priority by more than this to take over
    /// (hysteresis). Finite, ≥ 0. Default 0: any higher priority wins.
    pub switch_margin: f64,
    /// Seconds (of the time passed to [`Agent::step`]) for which a failed action is not
    /// planned with. Finite, ≥ 0. Default 0: it may be planned again at once.
    pub failure_cooldown: f64,
    /// When true (default), [`Agent::step`] searches itself when a plan is needed; when
    /// false it returns [`StepKind::Waiting`] and leaves the search to the batch call
    /// ([`crate::World::plan_agents`]).
    pub plan_in_step: bool,
    /// Node limit and heuristic of the agent's searches.
    pub options: PlanOptions,
}

impl Default for AgentDef {
    fn default() -> Self {
        AgentDef {
            switch_margin: 0.0,
            failure_cooldown: 0.0,
            plan_in_step: true,
            options: PlanOptions::default(),
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
}

/// One replan, as recorded in the agent's history.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplanEvent {
    /// Why.
    pub cause: ReplanCause,
    /// How it ended.
    pub result: ReplanResult,
    /// The goal the new plan serves (index into the agent's goals), if any.
    pub goal: Option<usize>,
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
    /// replan replaced the one running).
    Start(ActionId),
    /// Keep performing this action (started earlier, not yet reported finished).
    Continue(ActionId),
    /// Every enabled goal is satisfied (or none is enabled): nothing to do.
    Idle,
    /// No enabled, unsatisfied goal has a plan from the believed state. The agent retries
    /// when the state, its context or its goals change.
    NoPlan,
    /// A plan is needed and [`AgentDef::plan_in_step`] is off: the next
    /// [`crate::World::plan_agents`] call will plan it.
    Waiting,
}

/// The result of one [`Agent::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What to do.
    pub kind: StepKind,
    /// The goal being pursued (index), if any.
    pub goal: Option<usize>,
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
    /// No goal with this index.
    UnknownGoal(usize),
    /// An argument was not allowed (NaN priority, negative `dt`, …).
    InvalidArgument(String),
    /// `report` was called while no action is in progress (call `step` first).
    NoAction,
    /// A context callback returned an error; the search was not run.
    Callback(String),
}

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentError::Domain(e) => e.fmt(f),
            AgentError::UnknownGoal(i) => write!(f, "the agent has no goal #{i}"),
            AgentError::InvalidArgument(m) => f.write_str(m),
            AgentError::NoAction => f.write_str(
                "no action is in progress: report is only valid after step returned an action",
            ),
            AgentError::Callback(m) => write!(f, "a context callback failed: {m}"),
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

#[derive(Clone, Debug)]
struct GoalSlot {
    def: GoalDef,
    /// The agent's `epoch` when a search found no plan for this goal.
    no_plan_at: Option<u64>,
}

/// The inputs of one replan, taken from an agent: it can run on any thread without the
/// agent ([`PlanJob::run`]) and its result is applied with [`Agent::finish_replan`].
#[derive(Clone, Debug)]
pub struct PlanJob {
    /// The agent's domain.
    pub domain: Arc<Domain>,
    /// The believed state.
    pub state: WorldState,
    /// Candidate goals in the order to try: (index, conditions).
    pub goals: Vec<(usize, Goal)>,
    /// Disabled actions and costs for the search (engine context, cooldowns, callbacks).
    pub context: ActionContext,
    /// Search options.
    pub options: PlanOptions,
    /// Why.
    pub cause: ReplanCause,
    /// The agent's change counter when the job was made.
    stamp: u64,
}

/// What a [`PlanJob`] found: one search result per goal tried, in order; the last one
/// is the plan when found.
#[derive(Clone, Debug)]
pub struct PlanJobResult {
    /// (goal index, result, answered from the cache).
    pub attempts: Vec<(usize, PlanResult, bool)>,
}

impl PlanJobResult {
    /// Nodes expanded by all attempts (as recorded when the searches ran).
    pub fn expanded(&self) -> u64 {
        self.attempts.iter().map(|a| a.1.stats.expanded).sum()
    }
}

impl PlanJob {
    /// Tries the goals in order with `search` until one has a plan. `search` returns the
    /// result and whether it came from a cache.
    pub fn run(
        &self,
        mut search: impl FnMut(&PlanJob, &Goal) -> (PlanResult, bool),
    ) -> PlanJobResult {
        let mut attempts = Vec::new();
        for (i, goal) in &self.goals {
            let (r, cached) = search(self, goal);
            let found = r.plan().is_some();
            attempts.push((*i, r, cached));
            if found {
                break;
            }
        }
        PlanJobResult { attempts }
    }
}

/// An NPC: believed state, goals, plan queue and the protocol state.
pub struct Agent {
    id: AgentId,
    def: AgentDef,
    domain: Arc<Domain>,
    /// The world's id of `domain`, for agents made by [`crate::World::create_agent`].
    domain_id: Option<DomainId>,
    state: WorldState,
    goals: Vec<GoalSlot>,
    context: ActionContext,
    /// Actions that failed, with the clock time until which they are avoided.
    cooldowns: Vec<(ActionId, f64)>,
    callbacks: Option<Box<dyn ContextCallbacks>>,
    plan: Vec<ActionId>,
    plan_cost: f64,
    /// The goal of the plan, or the last goal chosen.
    goal: Option<usize>,
    /// Index of the current (or next) action in `plan`.
    next: usize,
    /// The current action was handed out by `step` and not yet reported finished.
    running: bool,
    /// A replan is due, with this cause.
    pending: Option<ReplanCause>,
    /// Something changed since the last review (state, goals, enabled actions, an action
    /// finished): the next step re-checks the goal choice and the plan.
    dirty: bool,
    /// Last review found no goal with a plan.
    stuck: bool,
    /// Counts changes that can make a goal plannable (state, goals, enabled actions).
    epoch: u64,
    /// Counts every change (for batch jobs made from an older state).
    stamp: u64,
    clock: f64,
    history: VecDeque<ReplanEvent>,
    counts: [u64; 5],
}

impl fmt::Debug for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agent")
            .field("id", &self.id)
            .field("goal", &self.goal)
            .field("plan", &self.plan)
            .field("next", &self.next)
            .field("running", &self.running)
            .finish_non_exhaustive()
    }
}

impl Agent {
    /// A new agent of `domain` with believed state `state` and no goals. Fails on a
    /// setting out of range.
    pub fn new(
        id: AgentId,
        domain: Arc<Domain>,
        state: WorldState,
        def: AgentDef,
    ) -> Result<Agent, AgentError> {
        check_setting("switch_margin", def.switch_margin)?;
        check_setting("failure_cooldown", def.failure_cooldown)?;
        Ok(Agent {
            id,
            def,
            domain,
            domain_id: None,
            state,
            goals: Vec::new(),
            context: ActionContext::new(),
            cooldowns: Vec::new(),
            callbacks: None,
            plan: Vec::new(),
            plan_cost: 0.0,
            goal: None,
            next: 0,
            running: false,
            pending: None,
            dirty: true,
            stuck: false,
            epoch: 0,
            stamp: 0,
            clock: 0.0,
            history: VecDeque::with_capacity(REPLAN_HISTORY),
            counts: [0; 5],
        })
    }

    /// The agent's id.
    pub fn id(&self) -> AgentId {
        self.id
    }

    /// Its settings.
    pub fn def(&self) -> &AgentDef {
        &self.def
    }

    /// Its domain (as it was when the agent was created).
    pub fn domain(&self) -> &Arc<Domain> {
        &self.domain
    }

    /// The id of the world domain the agent was created from ([`crate::World::create_agent`];
    /// `None` for an agent made with [`Agent::new`]). The id may be stale: the agent keeps
    /// its domain when the world's is destroyed.
    pub fn domain_id(&self) -> Option<DomainId> {
        self.domain_id
    }

    pub(crate) fn set_domain_id(&mut self, id: DomainId) {
        self.domain_id = Some(id);
    }

    /// The believed world state.
    pub fn state(&self) -> &WorldState {
        &self.state
    }

    fn changed(&mut self, affects_plans: bool) {
        self.stamp += 1;
        if affects_plans {
            self.epoch += 1;
            self.dirty = true;
        }
    }

    /// Writes a sensed fact. Writing the value it already has changes nothing (so sensors
    /// may write every frame without causing replans).
    pub fn set_fact(&mut self, fact: FactId, value: bool) -> Result<(), AgentError> {
        self.domain.check_fact(fact)?;
        if self.state.get(fact) != value {
            self.state.set(fact, value);
            self.changed(true);
        }
        Ok(())
    }

    /// A believed fact.
    pub fn fact(&self, fact: FactId) -> Result<bool, AgentError> {
        self.domain.check_fact(fact)?;
        Ok(self.state.get(fact))
    }

    /// Writes a sensed variable value (within its range). The same value changes nothing.
    pub fn set_var(&mut self, var: VarId, value: i32) -> Result<(), AgentError> {
        let v = self.domain.var(var).ok_or(DomainError::UnknownVar(var))?;
        if let Some(detail) = crate::domain::start_error(v.min(), v.max(), value) {
            return Err(DomainError::ConstantOutOfRange {
                var: v.name().to_owned(),
                context: "agent state".into(),
                detail: format!("value {detail}"),
            }
            .into());
        }
        let before = self.domain.value(&self.state, var);
        self.state.set_var(var, value);
        if before != value {
            self.changed(true);
        }
        Ok(())
    }

    /// A believed variable value (its default when never set).
    pub fn var(&self, var: VarId) -> Result<i32, AgentError> {
        self.domain.check_var(var)?;
        Ok(self.domain.value(&self.state, var))
    }

    /// Adds a goal; returns its index. Its conditions must belong to the agent's domain
    /// (build them with [`Domain::conditions_with`] on [`Agent::domain`]).
    pub fn add_goal(&mut self, def: GoalDef) -> Result<usize, AgentError> {
        check_priority(def.priority)?;
        for c in def.conditions.entries() {
            self.domain.check_fact(c.fact)?;
        }
        for c in def.conditions.var_conditions() {
            self.domain.check_var(c.var)?;
        }
        self.goals.push(GoalSlot {
            def,
            no_plan_at: None,
        });
        self.changed(true);
        Ok(self.goals.len() - 1)
    }

    /// The goals, in the order added.
    pub fn goals(&self) -> impl ExactSizeIterator<Item = &GoalDef> {
        self.goals.iter().map(|g| &g.def)
    }

    /// The goal at `index`.
    pub fn goal(&self, index: usize) -> Result<&GoalDef, AgentError> {
        self.goals
            .get(index)
            .map(|g| &g.def)
            .ok_or(AgentError::UnknownGoal(index))
    }

    /// The index of the first goal named `name`.
    pub fn find_goal(&self, name: &str) -> Option<usize> {
        self.goals.iter().position(|g| g.def.name == name)
    }

    /// Sets a goal's priority (≤ 0 disables it). The same value changes nothing.
    pub fn set_priority(&mut self, index: usize, priority: f64) -> Result<(), AgentError> {
        check_priority(priority)?;
        let slot = self
            .goals
            .get_mut(index)
            .ok_or(AgentError::UnknownGoal(index))?;
        if slot.def.priority.to_bits() != priority.to_bits() {
            slot.def.priority = priority;
            // Priorities do not change what is plannable: no epoch change.
            self.stamp += 1;
            self.dirty = true;
        }
        Ok(())
    }

    /// The engine's context: disabled actions and cost overrides.
    pub fn context(&self) -> &ActionContext {
        &self.context
    }

    /// Enables or disables an action for this agent. Disabling an action the rest of the
    /// plan uses invalidates the plan (at the next step).
    pub fn set_action_enabled(
        &mut self,
        action: ActionId,
        enabled: bool,
    ) -> Result<(), AgentError> {
        self.check_action(action)?;
        if self.context.set_enabled(action, enabled) {
            self.changed(true);
        }
        Ok(())
    }

    /// Sets this agent's cost for an action (`None`: back to the domain's cost). Takes
    /// effect at the next replan; never causes one.
    pub fn set_action_cost(
        &mut self,
        action: ActionId,
        cost: Option<f64>,
    ) -> Result<(), AgentError> {
        self.check_action(action)?;
        let changed = match cost {
            Some(c) => self.context.set_cost(action, c).map_err(|e| match e {
                DomainError::InvalidCost { cost, .. } => DomainError::InvalidCost {
                    action: self.domain.actions()[action.index()].name().to_owned(),
                    cost,
                },
                e => e,
            })?,
            None => self.context.clear_cost(action),
        };
        if changed {
            self.stamp += 1;
        }
        Ok(())
    }

    fn check_action(&self, action: ActionId) -> Result<(), AgentError> {
        if action.index() < self.domain.action_count() {
            Ok(())
        } else {
            Err(DomainError::UnknownAction(action).into())
        }
    }

    /// True when the agent has context callbacks (its searches must be prepared on the
    /// thread that asked for them).
    pub fn has_callbacks(&self) -> bool {
        self.callbacks.is_some()
    }

    /// Installs (or with `None` removes) context callbacks.
    pub fn set_callbacks(&mut self, callbacks: Option<Box<dyn ContextCallbacks>>) {
        self.callbacks = callbacks;
        self.changed(true);
    }

    /// The remaining plan: the current action first.
    pub fn plan(&self) -> &[ActionId] {
        &self.plan[self.next.min(self.plan.len())..]
    }

    /// The whole current plan, its cost and the index of the current action.
    pub fn full_plan(&self) -> (&[ActionId], f64, usize) {
        (&self.plan, self.plan_cost, self.next)
    }

    /// The goal being pursued (or last chosen), if any.
    pub fn current_goal(&self) -> Option<usize> {
        self.goal
    }

    /// True while an action handed out by `step` has not been reported finished.
    pub fn is_acting(&self) -> bool {
        self.running
    }

    /// The replans so far, oldest first (at most [`REPLAN_HISTORY`]).
    pub fn history(&self) -> impl ExactSizeIterator<Item = &ReplanEvent> {
        self.history.iter()
    }

    /// The latest replan, if any.
    pub fn last_replan(&self) -> Option<&ReplanEvent> {
        self.history.back()
    }

    /// How many replans had `cause`, over the agent's life.
    pub fn replan_count(&self, cause: ReplanCause) -> u64 {
        self.counts[cause as usize - 1]
    }

    /// Replans of every cause, over the agent's life.
    pub fn replans(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The agent's clock: the sum of the `dt` passed to `step`.
    pub fn clock(&self) -> f64 {
        self.clock
    }

    /// Why goal `index` has (or has no) plan from the believed state, with the agent's
    /// context (disabled actions, cost overrides, failure cooldowns; callbacks are not
    /// asked) and search options. See [`crate::explain`].
    pub fn explain(
        &self,
        index: usize,
        options: &crate::explain::ExplainOptions,
    ) -> Result<crate::explain::Explanation, AgentError> {
        let goal = &self.goal(index)?.conditions;
        let options = crate::explain::ExplainOptions {
            plan: self.def.options,
            ..*options
        };
        Ok(crate::explain::explain(
            &self.domain,
            &self.state,
            goal,
            &self.planning_context(),
            &options,
        ))
    }

    /// The context a search uses now: the engine's, plus actions on failure cooldown.
    pub fn planning_context(&self) -> ActionContext {
        let mut c = self.context.clone();
        for &(a, _) in &self.cooldowns {
            c.set_enabled(a, false);
        }
        c
    }

    fn usable(&self, action: ActionId) -> bool {
        !self.context.is_disabled(action) && !self.cooldowns.iter().any(|&(a, _)| a == action)
    }

    /// Advances the clock by `dt` seconds and decides what to do; searches when a plan is
    /// needed and [`AgentDef::plan_in_step`] is on, with `search` (which may answer from
    /// a cache). Callbacks run on this thread.
    pub fn step(
        &mut self,
        dt: f64,
        search: impl FnMut(&PlanJob, &Goal) -> (PlanResult, bool),
    ) -> Result<Step, AgentError> {
        if !(dt.is_finite() && dt >= 0.0) {
            return Err(AgentError::InvalidArgument(format!(
                "dt must be a finite number of seconds >= 0, not {dt}"
            )));
        }
        self.advance(dt);
        let mut replanned = false;
        if self.dirty {
            replanned |= self.review();
        }
        if self.pending.is_some() {
            if !self.def.plan_in_step {
                return Ok(self.report_step(StepKind::Waiting, replanned));
            }
            if let Some(job) = self.make_job()? {
                let result = job.run(search);
                self.finish_replan(&job, result);
                replanned = true;
            }
        }
        let kind = match self.plan.get(self.next) {
            Some(&a) if self.running => StepKind::Continue(a),
            Some(&a) => {
                self.running = true;
                StepKind::Start(a)
            }
            None if self.stuck => StepKind::NoPlan,
            None => StepKind::Idle,
        };
        Ok(self.report_step(kind, replanned))
    }

    fn report_step(&self, kind: StepKind, replanned: bool) -> Step {
        Step {
            kind,
            goal: self.goal,
            plan_index: if self.next < self.plan.len() {
                self.next
            } else {
                0
            },
            replanned,
        }
    }

    fn advance(&mut self, dt: f64) {
        self.clock += dt;
        if !self.cooldowns.is_empty() {
            let now = self.clock;
            let before = self.cooldowns.len();
            self.cooldowns.retain(|&(_, until)| until > now);
            if self.cooldowns.len() != before {
                // Actions became usable again: a goal without a plan may have one now.
                self.changed(true);
            }
        }
    }

    /// True when the agent needs a search (it would return `Waiting` without
    /// `plan_in_step`). Runs the review when something changed.
    pub fn needs_plan(&mut self) -> bool {
        if self.dirty {
            self.review();
        }
        self.pending.is_some()
    }

    /// The engine's report on the current action.
    pub fn report(&mut self, outcome: Report) -> Result<(), AgentError> {
        if !self.running {
            return Err(AgentError::NoAction);
        }
        let action = self.plan[self.next];
        match outcome {
            Report::Running => {}
            Report::Succeeded => {
                self.running = false;
                apply_effects(&self.domain, &mut self.state, action);
                self.next += 1;
                self.changed(true);
            }
            Report::Failed => {
                self.running = false;
                if self.def.failure_cooldown > 0.0 {
                    let until = self.clock + self.def.failure_cooldown;
                    self.cooldowns.retain(|&(a, _)| a != action);
                    self.cooldowns.push((action, until));
                }
                self.clear_plan();
                self.pending = Some(ReplanCause::ActionFailed);
                self.changed(true);
            }
        }
        Ok(())
    }

    fn clear_plan(&mut self) {
        self.plan.clear();
        self.plan_cost = 0.0;
        self.next = 0;
        self.running = false;
    }

    fn satisfied(&self, goal: usize) -> bool {
        self.domain
            .satisfies(&self.state, &self.goals[goal].def.conditions)
    }

    fn candidate(&self, goal: usize) -> bool {
        let g = &self.goals[goal];
        g.def.priority > 0.0 && g.no_plan_at != Some(self.epoch) && !self.satisfied(goal)
    }

    /// Candidate goals in the order the arbiter tries them: the current goal first when
    /// no other beats it by the margin, then by priority (ties: lower index).
    fn arbiter_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.goals.len())
            .filter(|&g| self.candidate(g))
            .collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (self.goals[a].def.priority, self.goals[b].def.priority);
            pb.total_cmp(&pa).then(a.cmp(&b))
        });
        if let (Some(cur), Some(&best)) = (self.goal, order.first()) {
            if let Some(pos) = order.iter().position(|&g| g == cur) {
                let margin = self.def.switch_margin;
                if self.goals[best].def.priority <= self.goals[cur].def.priority + margin {
                    order.remove(pos);
                    order.insert(0, cur);
                }
            }
        }
        order
    }

    /// Re-checks the goal choice and the plan after a change. Returns true when it
    /// repaired the plan (skipped steps).
    fn review(&mut self) -> bool {
        self.dirty = false;
        if self.pending == Some(ReplanCause::ActionFailed) {
            return false;
        }
        let order = self.arbiter_order();
        let Some(&chosen) = order.first() else {
            // Nothing to pursue: every goal satisfied, disabled or without a plan.
            if !self.plan.is_empty() {
                self.clear_plan();
            }
            self.goal = None;
            self.pending = None;
            self.stuck = self.goals.iter().any(|g| g.def.priority > 0.0)
                && (0..self.goals.len()).any(|g| {
                    self.goals[g].def.priority > 0.0
                        && self.goals[g].no_plan_at == Some(self.epoch)
                        && !self.satisfied(g)
                });
            return false;
        };
        self.stuck = false;
        if self.goal != Some(chosen) {
            // New agent or retry after "no plan" (no goal yet), or another goal.
            self.pending = Some(match self.goal {
                None => ReplanCause::NoPlan,
                Some(_) => ReplanCause::GoalChanged,
            });
            return false;
        }
        if self.plan.is_empty() {
            self.pending = Some(ReplanCause::NoPlan);
            return false;
        }
        // Same goal, a plan in hand: monitor it.
        match self.monitor(chosen) {
            Some(k) if k == self.next => {
                self.pending = None;
                false
            }
            Some(k) => {
                self.next = k;
                self.running = false;
                self.pending = None;
                self.record(ReplanEvent {
                    cause: ReplanCause::StepsSkipped,
                    result: ReplanResult::Skipped,
                    goal: Some(chosen),
                    plan_len: self.plan.len() - k,
                    plan_cost: self.plan_cost,
                    goals_tried: 0,
                    expanded: 0,
                    cache_hits: 0,
                    time: self.clock,
                });
                true
            }
            None => {
                self.pending = Some(ReplanCause::PlanInvalidated);
                false
            }
        }
    }

    /// The largest `k ≥ next` such that `plan[k..]` runs from the believed state (every
    /// step applicable and usable) and ends in a state satisfying `goal`'s conditions;
    /// `None` when no suffix does. `k == plan.len()` cannot occur here (the goal would be
    /// satisfied and not a candidate).
    fn monitor(&self, goal: usize) -> Option<usize> {
        let conditions = &self.goals[goal].def.conditions;
        let mut state = self.state.clone();
        (self.next..self.plan.len()).rev().find(|&k| {
            state.clone_from(&self.state);
            self.plan[k..]
                .iter()
                .all(|&a| self.usable(a) && self.domain.apply(&mut state, a))
                && self.domain.satisfies(&state, conditions)
        })
    }

    /// The search inputs for the pending replan (evaluating callbacks), or `None` when no
    /// replan is pending. The job is independent of the agent: run it anywhere, then give
    /// the result to [`Agent::finish_replan`].
    pub fn make_job(&mut self) -> Result<Option<PlanJob>, AgentError> {
        let Some(cause) = self.pending else {
            return Ok(None);
        };
        let mut context = self.planning_context();
        if let Some(callbacks) = self.callbacks.as_mut() {
            for (i, action) in self.domain.actions().iter().enumerate() {
                let a = ActionId(i as u32);
                if context.is_disabled(a) {
                    continue;
                }
                if !callbacks
                    .available(self.id, a)
                    .map_err(AgentError::Callback)?
                {
                    context.set_enabled(a, false);
                    continue;
                }
                let base = context.cost_override(a).unwrap_or(action.cost());
                let cost = callbacks
                    .cost(self.id, a, base)
                    .map_err(AgentError::Callback)?;
                if cost.to_bits() != base.to_bits() {
                    context.set_cost(a, cost).map_err(|_| {
                        AgentError::Callback(format!(
                            "the cost callback returned {cost} for action \"{}\": costs must be numbers from 0 to {}",
                            action.name(),
                            crate::MAX_ACTION_COST
                        ))
                    })?;
                }
            }
        }
        let goals: Vec<(usize, Goal)> = self
            .arbiter_order()
            .into_iter()
            .map(|g| (g, self.goals[g].def.conditions.clone()))
            .collect();
        if goals.is_empty() {
            // Nothing left to pursue (after a failure, say): no search.
            self.pending = None;
            self.goal = None;
            self.clear_plan();
            return Ok(None);
        }
        Ok(Some(PlanJob {
            domain: Arc::clone(&self.domain),
            state: self.state.clone(),
            goals,
            context,
            options: self.def.options,
            cause,
            stamp: self.stamp,
        }))
    }

    /// Applies a job's result. Returns false (changing nothing) when the agent changed
    /// since the job was made: the replan stays pending.
    pub fn finish_replan(&mut self, job: &PlanJob, result: PlanJobResult) -> bool {
        if job.stamp != self.stamp {
            return false;
        }
        // Applying a replan is a change: a job made before it (a batch's, while a step
        // replanned) must not replace this plan, or the action in progress.
        self.stamp += 1;
        let mut event = ReplanEvent {
            cause: job.cause,
            result: ReplanResult::NoPlan,
            goal: None,
            plan_len: 0,
            plan_cost: 0.0,
            goals_tried: result.attempts.len(),
            expanded: result.expanded(),
            cache_hits: result.attempts.iter().filter(|a| a.2).count(),
            time: self.clock,
        };
        let mut limited = false;
        self.clear_plan();
        self.pending = None;
        for (g, r, _) in result.attempts {
            match r.outcome {
                Outcome::Found(plan) => {
                    event.result = ReplanResult::Found;
                    event.goal = Some(g);
                    event.plan_len = plan.actions.len();
                    event.plan_cost = plan.cost;
                    self.plan = plan.actions;
                    self.plan_cost = plan.cost;
                    self.goal = Some(g);
                }
                Outcome::NoPlan => self.goals[g].no_plan_at = Some(self.epoch),
                Outcome::LimitReached => {
                    limited = true;
                    self.goals[g].no_plan_at = Some(self.epoch);
                }
            }
        }
        if event.result != ReplanResult::Found {
            if limited {
                event.result = ReplanResult::LimitReached;
            }
            self.goal = None;
            self.stuck = !job.goals.is_empty();
        } else {
            self.stuck = false;
        }
        self.record(event);
        true
    }

    fn record(&mut self, event: ReplanEvent) {
        self.counts[event.cause as usize - 1] += 1;
        if self.history.len() == REPLAN_HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(event);
    }
}

/// Applies `action`'s effects to `state` whatever its preconditions (the engine reported
/// it done); variable results outside the range are clamped into it.
fn apply_effects(domain: &Domain, state: &mut WorldState, action: ActionId) {
    let a = &domain.actions()[action.index()];
    for e in a.var_effects() {
        let var = &domain.vars()[e.var.index()];
        let x = domain.value(state, e.var);
        let y = var.apply(x, e.op, e.value).unwrap_or_else(|| match e.op {
            VarOp::Set => e.value.clamp(var.min(), var.max()),
            VarOp::Add => x.saturating_add(e.value).clamp(var.min(), var.max()),
            VarOp::Sub => x.saturating_sub(e.value).clamp(var.min(), var.max()),
        });
        state.set_var(e.var, y);
    }
    state.apply(a.effects());
}

fn check_setting(name: &str, x: f64) -> Result<(), AgentError> {
    if x.is_finite() && x >= 0.0 {
        Ok(())
    } else {
        Err(AgentError::InvalidArgument(format!(
            "{name} must be a finite number >= 0, not {x}"
        )))
    }
}

fn check_priority(p: f64) -> Result<(), AgentError> {
    if p.is_finite() {
        Ok(())
    } else {
        Err(AgentError::InvalidArgument(format!(
            "a goal priority must be a finite number (<= 0 disables the goal), not {p}"
        )))
    }
}
