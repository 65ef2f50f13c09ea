//! Agents: an NPC's goals, believed world state and plan queue, and the step/report
//! protocol that the engine drives once per frame (the README's "Agents" section).
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
//! priority, an action enabled or disabled or its cost changed, an action finished, a
//! failure cooldown expired); a frame in which nothing changed costs a few branches.
//!
//! Cost overrides take effect at the next replan; they never replace a plan in hand (it
//! stays valid). A goal whose search hit the node limit is tried again after a cost change;
//! a goal proved to have no plan is not (costs do not change what is reachable).
//!
//! When a replan tries goals ranked above the current one and they have no plan, the
//! current goal's plan, if still valid, is kept without a search ([`ReplanResult::Kept`]):
//! the action in progress goes on.
//!
//! # Context callbacks
//! An agent may have [`ContextCallbacks`]: they are asked, for every action, whether it is
//! available and what it costs, each time the agent prepares a search, on the thread that
//! asked for the plan (never on worker threads). Their answers apply to that search only.
#![forbid(unsafe_code)]

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use crate::domain::{ActionId, Domain, DomainError, DomainId, FactId, VarId, VarOp};
use crate::planner::{ActionContext, OutOfMemory, SearchBudget};
use crate::record::format::{self as rf, Record};
use crate::record::Recorder;
use crate::state::WorldState;
use crate::world::SharedCell;

/// Generational id of an agent in a [`crate::World`]: a slot index and the slot's
/// generation. A slot's generation starts at its world's first generation (never 0; it
/// differs from world to world) and grows by one each time the slot is given to a new
/// agent, so a destroyed agent's id never finds another agent. The default id (generation
/// 0) names no agent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AgentId {
    index: u32,
    generation: u32,
}

impl AgentId {
    /// The id of slot `index` at `generation` (whether or not such an agent lives).
    pub fn from_parts(index: u32, generation: u32) -> AgentId {
        AgentId { generation, index }
    }

    /// The slot index: agents of a world live in slots 0, 1, ... (a destroyed agent's slot
    /// is reused).
    pub fn index(self) -> u32 {
        self.index
    }

    /// The slot's generation when the agent was created: at least 1.
    pub fn generation(self) -> u32 {
        self.generation
    }
}

mod deps;
mod job;
mod review;
mod snapshot;
mod types;

pub(crate) use deps::Deps;
pub use job::{JobRun, PlanJob, PlanJobResult, SearchHost};
pub use types::*;

#[derive(Clone, Debug)]
struct GoalSlot {
    def: GoalDef,
    /// When a search found no plan for this goal: the agent's `epoch`, and for a search
    /// stopped by the node limit also its `cost_epoch` (costs can change that outcome; they
    /// cannot change a proof that no plan exists).
    no_plan_at: Option<(u64, Option<u64>)>,
    /// The slot's generation: 1 for its first goal, one more for each goal that reuses it.
    generation: u32,
    /// False once the goal was removed (its priority is then 0, so the arbiter skips it).
    live: bool,
    /// When it was added: ties between goals of one priority go to the one added first.
    order: u64,
    /// Times the agent achieved it (found it satisfied while pursuing it).
    achieved: u64,
    /// This pursuit of it was counted in `achieved` (cleared when a replan chooses it).
    counted: bool,
    /// The agent's clock time before which a recurring goal is not chosen again (its
    /// cooldown after being achieved); 0 when it never was.
    ready_at: f64,
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
    /// Slots of removed goals, reused last removed first.
    free_goals: Vec<usize>,
    /// Goals added so far (the next goal's `order`).
    goals_added: u64,
    /// The slots of the live goals, in the order added.
    goal_order: Vec<usize>,
    /// The earliest `ready_at` still ahead of the clock (infinity when none): when the
    /// clock reaches it, a goal may be chosen again.
    next_ready: f64,
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
    /// Counts cost changes (for goals whose search hit the node limit).
    cost_epoch: u64,
    /// Counts every change (for batch jobs made from an older state).
    stamp: u64,
    clock: f64,
    history: VecDeque<ReplanEvent>,
    counts: [u64; 5],
    /// The replan whose search outlasted a step's budget (see [`StepKind::Planning`]).
    run: Option<Box<JobRun>>,
    /// The last replan applied had a search run out of memory.
    out_of_memory: Option<OutOfMemory>,
    /// The shared values of the agent's world domain (agents of a world only).
    shared: Option<Arc<SharedCell>>,
    /// The version of the shared values last taken into `state`.
    shared_seen: u64,
    /// What the goal choice and plan depend on, as subscribed with `shared` (`None`: not
    /// known; the agent is then dirty, and its next review learns it).
    deps: Option<Arc<Deps>>,
    /// Its world's flight recorder (agents of a world only).
    rec: Option<Arc<Recorder>>,
    /// The recorder's clock when the agent's clock was 0.
    rec_base: f64,
    /// Expansions the current step's search spent (for the recorder).
    step_spent: u64,
    /// Steps held back from the recorder (see [`Agent::step`]).
    rec_run: Option<HeldSteps>,
}

/// Consecutive steps that changed nothing, with the same `dt` and result, not yet recorded.
#[derive(Clone, Copy, Debug)]
struct HeldSteps {
    dt: f64,
    count: u64,
    step: Step,
    /// The agent's stamp during them.
    stamp: u64,
    state: u32,
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
            free_goals: Vec::new(),
            goals_added: 0,
            goal_order: Vec::new(),
            next_ready: f64::INFINITY,
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
            cost_epoch: 0,
            stamp: 0,
            clock: 0.0,
            history: VecDeque::with_capacity(REPLAN_HISTORY),
            counts: [0; 5],
            run: None,
            out_of_memory: None,
            shared: None,
            shared_seen: 0,
            deps: None,
            rec: None,
            rec_base: 0.0,
            step_spent: 0,
            rec_run: None,
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

    /// The recorder, when it is recording, after writing the steps it holds back (every
    /// record about the agent comes after its earlier steps).
    #[inline]
    pub(crate) fn rec(&mut self) -> Option<Arc<Recorder>> {
        let r = self.rec.as_ref().filter(|r| r.is_on())?;
        let r = Arc::clone(r);
        self.flush_steps(&r);
        Some(r)
    }

    /// True while the world records.
    #[inline]
    fn recording(&self) -> bool {
        self.rec.as_deref().is_some_and(|r| r.is_on())
    }

    /// Writes the steps held back (see [`Agent::step`]), if any.
    pub(crate) fn flush_steps(&mut self, r: &Recorder) {
        if let Some(p) = self.rec_run.take() {
            r.note_held(false);
            r.push(Record::Steps {
                agent: rf::agent_rec(self.id),
                dt: p.dt,
                count: p.count,
                result: rf::StepRec::of(&p.step),
                state: p.state,
            });
        }
    }

    /// [`Agent::flush_steps`] through the agent's own recorder.
    pub(crate) fn flush_held_steps(&mut self) {
        if self.rec_run.is_some() {
            if let Some(r) = self.rec.clone() {
                self.flush_steps(&r);
            }
        }
    }

    /// Joins the world's recorder (its clock now reads as `base` on the recorder's).
    pub(crate) fn attach_recorder(&mut self, rec: Arc<Recorder>) {
        self.rec_base = rec.time() - self.clock;
        self.rec = Some(rec);
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

    /// Changes how much searching one step may do (see [`AgentDef::step_budget`]). A
    /// search in progress continues under the new budget from the next step.
    pub fn set_step_budget(&mut self, budget: SearchBudget) {
        self.def.step_budget = budget;
        if let Some(r) = self.rec() {
            r.push(Record::StepBudget {
                agent: rf::agent_rec(self.id),
                budget: rf::budget_rec(&budget),
            });
        }
    }

    /// Writes a sensed fact. Writing the value it already has changes nothing (so sensors
    /// may write every frame without causing replans).
    pub fn set_fact(&mut self, fact: FactId, value: bool) -> Result<(), AgentError> {
        self.domain.check_fact(fact)?;
        if self.state.get(fact) != value {
            self.state.set(fact, value);
            self.changed(true);
            if let Some(r) = self.rec() {
                r.push(Record::SetFact {
                    agent: rf::agent_rec(self.id),
                    fact: fact.0,
                    value,
                });
            }
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
        self.domain.check_var_value(var, value, "agent state")?;
        let before = self.domain.value(&self.state, var);
        let was = self.state.var(var);
        self.state.set_var(var, value);
        if before != value {
            self.changed(true);
        }
        if was != Some(value) {
            if let Some(r) = self.rec() {
                r.push(Record::SetVar {
                    agent: rf::agent_rec(self.id),
                    var: var.0,
                    value,
                });
            }
        }
        Ok(())
    }

    /// A believed variable value (its default when never set).
    pub fn var(&self, var: VarId) -> Result<i32, AgentError> {
        self.domain.check_var(var)?;
        Ok(self.domain.value(&self.state, var))
    }

    /// Adds a goal; returns its id. Its conditions must belong to the agent's domain
    /// (build them with [`Domain::conditions_with`] on [`Agent::domain`]).
    pub fn add_goal(&mut self, def: GoalDef) -> Result<GoalId, AgentError> {
        check_goal(&self.domain, &def)?;
        let order = self.goals_added;
        self.goals_added += 1;
        // The slot of the goal being pursued is not reused while the agent still names it.
        let reuse = self.free_goals.iter().rposition(|&g| Some(g) != self.goal);
        let slot = match reuse {
            Some(pos) => {
                let g = self.free_goals.remove(pos);
                let generation = self.goals[g].generation + 1;
                self.goals[g] = GoalSlot {
                    def,
                    no_plan_at: None,
                    generation,
                    live: true,
                    order,
                    achieved: 0,
                    counted: false,
                    ready_at: 0.0,
                };
                g
            }
            None => {
                self.goals.push(GoalSlot {
                    def,
                    no_plan_at: None,
                    generation: 1,
                    live: true,
                    order,
                    achieved: 0,
                    counted: false,
                    ready_at: 0.0,
                });
                self.goals.len() - 1
            }
        };
        self.goal_order.push(slot);
        self.deps = None;
        self.changed(true);
        let id = self.goal_id(slot);
        if let Some(r) = self.rec() {
            r.push(Record::AddGoal {
                agent: rf::agent_rec(self.id),
                goal: rf::goal_rec_of(&self.goals[slot].def),
                id: rf::goal_rec(id),
            });
        }
        Ok(id)
    }

    /// Removes a goal; its id becomes stale (it never names a later goal). Removing the
    /// goal being pursued works as disabling it: the next step chooses another goal
    /// ([`ReplanCause::GoalChanged`]) or, with none left, clears the plan.
    pub fn remove_goal(&mut self, id: GoalId) -> Result<GoalDef, AgentError> {
        let slot = self.goal_slot(id)?;
        if let Some(pos) = self.goal_order.iter().position(|&g| g == slot) {
            self.goal_order.remove(pos);
        }
        let g = &mut self.goals[slot];
        g.live = false;
        let def = std::mem::replace(
            &mut g.def,
            GoalDef {
                priority: 0.0,
                ..GoalDef::default()
            },
        );
        g.no_plan_at = None;
        if g.generation != u32::MAX {
            self.free_goals.push(slot);
        }
        self.deps = None;
        self.stamp += 1;
        self.dirty = true;
        if let Some(r) = self.rec() {
            r.push(Record::RemoveGoal {
                agent: rf::agent_rec(self.id),
                goal: rf::goal_rec(id),
            });
        }
        Ok(def)
    }

    /// The id of the goal in slot `slot`.
    pub(super) fn goal_id(&self, slot: usize) -> GoalId {
        GoalId::from_parts(slot as u32, self.goals[slot].generation)
    }

    /// The slot of a live goal.
    fn goal_slot(&self, id: GoalId) -> Result<usize, AgentError> {
        let slot = id.index() as usize;
        match self.goals.get(slot) {
            Some(g) if g.live && g.generation == id.generation() => Ok(slot),
            _ => Err(AgentError::UnknownGoal(id)),
        }
    }

    /// The live goals with their ids, in the order added.
    pub fn goals(&self) -> impl ExactSizeIterator<Item = (GoalId, &GoalDef)> {
        self.goal_order
            .iter()
            .map(|&g| (self.goal_id(g), &self.goals[g].def))
    }

    /// The live goal added `index`-th (removed goals left out), if there is one.
    pub fn goal_at(&self, index: usize) -> Option<GoalId> {
        self.goal_order.get(index).map(|&g| self.goal_id(g))
    }

    /// How many live goals the agent has.
    pub fn goal_count(&self) -> usize {
        self.goal_order.len()
    }

    /// The goal `id`.
    pub fn goal(&self, id: GoalId) -> Result<&GoalDef, AgentError> {
        Ok(&self.goals[self.goal_slot(id)?].def)
    }

    /// How often the agent achieved goal `id` (found it satisfied while pursuing it), and
    /// for a recurring goal the seconds of its clock left before it may be chosen again (0
    /// when it may be now).
    pub fn goal_progress(&self, id: GoalId) -> Result<(u64, f64), AgentError> {
        let g = &self.goals[self.goal_slot(id)?];
        Ok((g.achieved, (g.ready_at - self.clock).max(0.0)))
    }

    /// The first goal added (of those still there) named `name`.
    pub fn find_goal(&self, name: &str) -> Option<GoalId> {
        self.goals().find(|(_, g)| g.name == name).map(|(id, _)| id)
    }

    /// Sets a goal's priority (≤ 0 disables it). The same value changes nothing.
    pub fn set_priority(&mut self, id: GoalId, priority: f64) -> Result<(), AgentError> {
        check_priority(priority)?;
        let slot = self.goal_slot(id)?;
        let slot = &mut self.goals[slot];
        if slot.def.priority.to_bits() != priority.to_bits() {
            slot.def.priority = priority;
            // Priorities do not change what is plannable: no epoch change.
            self.stamp += 1;
            self.dirty = true;
            if let Some(r) = self.rec() {
                r.push(Record::Priority {
                    agent: rf::agent_rec(self.id),
                    goal: rf::goal_rec(id),
                    priority,
                });
            }
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
            if let Some(r) = self.rec() {
                r.push(Record::Enabled {
                    agent: rf::agent_rec(self.id),
                    action: action.0,
                    enabled,
                });
            }
        }
        Ok(())
    }

    /// Sets this agent's cost for an action (`None`: back to the domain's cost). Takes
    /// effect at the next replan; it never replaces a plan in hand, but a goal whose search
    /// hit the node limit is tried again (one proved to have no plan is not).
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
            // The plan in hand stays. A goal whose search hit the node limit may be tried
            // again with the new cost; a goal proved to have no plan is not (costs do not
            // change what is reachable).
            let (epoch, costs) = (self.epoch, self.cost_epoch);
            let limited = |g: &GoalSlot| g.no_plan_at == Some((epoch, Some(costs)));
            self.stamp += 1;
            self.cost_epoch += 1;
            if self.goals.iter().any(limited) {
                self.dirty = true;
            }
            if let Some(r) = self.rec() {
                r.push(Record::Cost {
                    agent: rf::agent_rec(self.id),
                    action: action.0,
                    cost,
                });
            }
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
        let present = callbacks.is_some();
        self.callbacks = callbacks;
        self.changed(true);
        if let Some(r) = self.rec() {
            r.push(Record::Callbacks {
                agent: rf::agent_rec(self.id),
                present,
            });
        }
    }

    /// The remaining plan: the current action first.
    pub fn plan(&self) -> &[ActionId] {
        &self.plan[self.next.min(self.plan.len())..]
    }

    /// The whole current plan, its cost and the index of the current action.
    pub fn full_plan(&self) -> (&[ActionId], f64, usize) {
        (&self.plan, self.plan_cost, self.next)
    }

    /// The goal being pursued (or last chosen), if any. After that goal was removed, its
    /// (stale) id until the next step chooses again.
    pub fn current_goal(&self) -> Option<GoalId> {
        // The slot of the current goal is not reused while it is current (see add_goal).
        self.goal.map(|g| self.goal_id(g))
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

    /// Why goal `goal` has (or has no) plan from the believed state, with the agent's
    /// context (disabled actions, cost overrides, failure cooldowns; callbacks are not
    /// asked) and search options. See [`crate::explain`].
    pub fn explain(
        &self,
        goal: GoalId,
        options: &crate::explain::ExplainOptions,
    ) -> Result<crate::explain::Explanation, AgentError> {
        let goal = &self.goal(goal)?.conditions;
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
    /// needed and [`AgentDef::plan_in_step`] is on, through `host` (its cache and planners),
    /// within [`AgentDef::step_budget`]. Callbacks run on this thread.
    pub fn step(&mut self, dt: f64, host: &mut dyn SearchHost) -> Result<Step, AgentError> {
        if !self.recording() {
            return self.step_inner(dt, host);
        }
        self.step_spent = 0;
        let stamp = self.stamp;
        let result = self.step_inner(dt, host);
        // A step that changed nothing and goes on with the action in progress (most steps,
        // frame after frame) is held back and counted: consecutive ones with the same `dt`
        // become one record, written before the agent's next record (or a batch, a shared
        // write, a checkpoint, the end). Replays step them one by one all the same.
        if let Ok(step) = &result {
            if matches!(step.kind, StepKind::Continue(_))
                && !step.replanned
                && self.step_spent == 0
                && self.stamp == stamp
            {
                match &mut self.rec_run {
                    // Nothing changed since the held steps (the same stamp): this step is
                    // theirs again.
                    // (A run is cut at `MAX_RUN` steps: replays refuse longer ones.)
                    Some(p)
                        if p.stamp == stamp
                            && p.dt.to_bits() == dt.to_bits()
                            && p.count < rf::MAX_RUN =>
                    {
                        debug_assert_eq!(p.step, *step);
                        p.count += 1;
                    }
                    _ => {
                        let r = self.rec.clone().expect("recording");
                        self.flush_steps(&r);
                        r.note_held(true);
                        self.rec_run = Some(HeldSteps {
                            dt,
                            count: 1,
                            step: *step,
                            stamp,
                            state: rf::state_hash(&self.state, self.domain.var_count()),
                        });
                    }
                }
                if let Some(r) = self.rec.as_deref().filter(|r| r.is_ring()) {
                    r.advance_time(self.rec_base + self.clock);
                }
                return result;
            }
        }
        if let Some(r) = self.rec() {
            let spent = self.step_spent;
            r.push_step(
                Record::Step {
                    agent: rf::agent_rec(self.id),
                    dt,
                    spent,
                    result: result
                        .as_ref()
                        .map(rf::StepRec::of)
                        .map_err(|e| e.to_string()),
                    state: rf::state_hash(&self.state, self.domain.var_count()),
                },
                self.rec_base + self.clock,
            );
        }
        result
    }

    #[inline(always)]
    fn step_inner(&mut self, dt: f64, host: &mut dyn SearchHost) -> Result<Step, AgentError> {
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
                // The plan in hand is being replaced: the action in progress is abandoned.
                self.running = false;
                return Ok(self.report_step(StepKind::Waiting, replanned));
            }
            if let Some(mut run) = self.take_run(host)? {
                let done = run.advance(&self.def.step_budget, host);
                self.step_spent = run.spent();
                if !done {
                    self.run = Some(run);
                    let doing = self.running.then(|| self.plan[self.next]);
                    return Ok(self.report_step(StepKind::Planning(doing), replanned));
                }
                let (job, result) = run.finish();
                self.finish_replan(&job, result);
                if let Some(e) = self.out_of_memory.take() {
                    // Applied like a node limit; the engine hears of it once.
                    return Err(AgentError::OutOfMemory(e));
                }
                replanned = true;
            }
        } else if let Some(run) = self.run.take() {
            run.abandon(host); // the replan is no longer due
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

    /// The pending replan's run: the one a step's budget suspended when nothing changed
    /// since, else a new one (`None` when no search is due after all).
    pub fn take_run(
        &mut self,
        host: &mut dyn SearchHost,
    ) -> Result<Option<Box<JobRun>>, AgentError> {
        match self.run.take() {
            Some(run) if run.job().stamp == self.stamp => return Ok(Some(run)),
            Some(stale) => stale.abandon(host),
            None => {}
        }
        Ok(self.make_job()?.map(|job| Box::new(JobRun::new(job))))
    }

    /// True while a search suspended by a step's or a batch's budget waits to be continued.
    pub fn is_planning(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|r| r.job().stamp == self.stamp && !r.is_done())
    }

    /// Gives back a run taken with [`Agent::take_run`] that was not applied (a batch's
    /// budget ran out): the next step or batch continues it (or applies it, when it ended)
    /// if nothing changed since; otherwise it is dropped.
    pub fn put_back_run(&mut self, run: Box<JobRun>, host: &mut dyn SearchHost) {
        if run.job().stamp == self.stamp && self.run.is_none() {
            self.run = Some(run);
        } else {
            run.abandon(host);
        }
    }

    fn report_step(&self, kind: StepKind, replanned: bool) -> Step {
        Step {
            kind,
            goal: self.current_goal(),
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
        if self.clock >= self.next_ready {
            // A recurring goal's cooldown ended: it may be chosen again.
            self.next_ready = self
                .goals
                .iter()
                .map(|g| g.ready_at)
                .filter(|&t| t > self.clock)
                .fold(f64::INFINITY, f64::min);
            self.dirty = true;
        }
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
        if let Some(r) = self.rec() {
            r.push(Record::Report {
                agent: rf::agent_rec(self.id),
                outcome: rf::report_code(outcome),
            });
        }
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

/// Checks a goal's conditions, reset and numbers against the agent's domain.
fn check_goal(domain: &Domain, def: &GoalDef) -> Result<(), AgentError> {
    check_priority(def.priority)?;
    for c in def.conditions.entries() {
        domain.check_fact(c.fact)?;
    }
    for c in def.conditions.var_conditions() {
        domain.check_var(c.var)?;
    }
    for (i, r) in def.reset.iter().enumerate() {
        domain.check_fact(r.fact)?;
        if def.reset[..i]
            .iter()
            .any(|o| o.fact == r.fact && o.value != r.value)
        {
            return Err(AgentError::InvalidArgument(format!(
                "the goal's reset sets fact \"{}\" both true and false",
                domain.fact_name(r.fact)
            )));
        }
    }
    for (i, &(var, value)) in def.reset_vars.iter().enumerate() {
        domain.check_var_value(var, value, "a goal's reset")?;
        if def.reset_vars[..i]
            .iter()
            .any(|&(o, k)| o == var && k != value)
        {
            return Err(AgentError::InvalidArgument(format!(
                "the goal's reset sets variable \"{}\" to two values",
                domain.var(var).map_or("", |v| v.name())
            )));
        }
    }
    if !(def.cooldown.is_finite() && def.cooldown >= 0.0) {
        return Err(AgentError::InvalidArgument(format!(
            "a goal cooldown must be a finite number of seconds >= 0, not {}",
            def.cooldown
        )));
    }
    Ok(())
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
