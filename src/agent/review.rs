//! Goal arbitration, plan monitoring, and the making and applying of replans.

use std::sync::Arc;

use super::{
    Agent, AgentError, PlanJob, PlanJobResult, ReplanCause, ReplanEvent, ReplanResult,
    REPLAN_HISTORY,
};
use crate::domain::compiled::atom;
use crate::domain::{ActionId, Goal};
use crate::planner::{ActionContext, Outcome};
use crate::record::format::{self as rf, Record};

impl Agent {
    pub(super) fn satisfied(&self, goal: usize) -> bool {
        self.domain
            .satisfies(&self.state, &self.goals[goal].def.conditions)
    }

    pub(super) fn candidate(&self, goal: usize) -> bool {
        let g = &self.goals[goal];
        g.def.priority > 0.0
            && g.ready_at <= self.clock
            && !self.known_without_plan(goal)
            && !self.satisfied(goal)
            && !self.hopeless(goal)
    }

    /// True when goal `goal` has a condition that fails in the believed state and that no
    /// action of the domain can change (no action has that fact value, or any effect on
    /// that variable, among its effects): it has no plan from here whatever the search.
    /// Costs O(conditions) per goal with the compiled domain's effect index, so an agent
    /// with thousands of such goals does not search them again after every change.
    pub(super) fn hopeless(&self, goal: usize) -> bool {
        let Ok(c) = self.domain.compiled() else {
            return false; // a domain too large to plan with: its searches say so
        };
        let conditions = &self.goals[goal].def.conditions;
        conditions.entries().iter().any(|k| {
            self.state.get(k.fact) != k.value && c.eff_of(atom(k.fact.0, k.value)).is_empty()
        }) || conditions.var_conditions().iter().any(|k| {
            let x = self.domain.value(&self.state, k.var);
            !k.op.holds(x, k.value) && c.var_eff_of(k.var.index()).is_empty()
        })
    }

    /// Remembers how goal `g`'s search ended: without a plan (proved, or at the node limit),
    /// or with one (which forgets an earlier "no plan").
    fn note_no_plan(&mut self, g: usize, outcome: &Outcome) {
        self.goals[g].no_plan_at = match outcome {
            Outcome::NoPlan => Some((self.epoch, None)),
            // Running out of memory is a limit too: more memory will not come from a change
            // of state, but a change of costs or state may make the search smaller.
            Outcome::LimitReached | Outcome::OutOfMemory(_) => {
                Some((self.epoch, Some(self.cost_epoch)))
            }
            Outcome::Found(_) => None,
        };
    }

    /// True when a search since the last relevant change found that goal `g` has no plan.
    fn known_without_plan(&self, g: usize) -> bool {
        match self.goals[g].no_plan_at {
            Some((epoch, None)) => epoch == self.epoch,
            Some((epoch, Some(costs))) => epoch == self.epoch && costs == self.cost_epoch,
            None => false,
        }
    }

    /// Candidate goals in the order the arbiter tries them, rank by rank: the current goal
    /// next when the best remaining goal does not beat it by more than the margin, else the
    /// best remaining by priority (ties: the goal added first).
    pub(super) fn arbiter_order(&self) -> Vec<usize> {
        let mut rest: Vec<usize> = (0..self.goals.len())
            .filter(|&g| self.candidate(g))
            .collect();
        rest.sort_by(|&a, &b| {
            let (pa, pb) = (self.goals[a].def.priority, self.goals[b].def.priority);
            pb.total_cmp(&pa)
                .then(self.goals[a].order.cmp(&self.goals[b].order))
        });
        // Stickiness applies at every rank: when a goal tried first turns out to have no
        // plan, the current goal still keeps its place against goals within the margin.
        let mut order = Vec::with_capacity(rest.len());
        while let Some(&best) = rest.first() {
            let pick = match self
                .goal
                .and_then(|cur| rest.iter().position(|&g| g == cur))
            {
                Some(pos)
                    if self.goals[best].def.priority
                        <= self.goals[rest[pos]].def.priority + self.def.switch_margin =>
                {
                    pos
                }
                _ => 0,
            };
            order.push(rest.remove(pick));
        }
        order
    }

    /// The goal pursued, `g`, is satisfied: count it and, for a recurring goal, reset its
    /// facts and variables in the beliefs, start its cooldown and drop the plan (the next
    /// plan for it is a fresh one, cause `NoPlan`).
    fn achieved(&mut self, g: usize) {
        let slot = &mut self.goals[g];
        slot.achieved += 1;
        slot.counted = true;
        if !slot.def.recurs() {
            return;
        }
        slot.ready_at = self.clock + slot.def.cooldown;
        let ready_at = slot.ready_at;
        let mut changed = false;
        for r in &self.goals[g].def.reset {
            changed |= self.state.get(r.fact) != r.value;
            self.state.set(r.fact, r.value);
        }
        for &(var, value) in &self.goals[g].def.reset_vars {
            changed |= self.domain.value(&self.state, var) != value;
            self.state.set_var(var, value);
        }
        if ready_at > self.clock {
            self.next_ready = self.next_ready.min(ready_at);
        }
        // A fresh plan, never the rest of the old one (which reached the goal).
        self.clear_plan();
        self.goal = None;
        self.pending = None;
        self.stamp += 1;
        if changed {
            self.epoch += 1;
        }
    }

    /// Re-checks the goal choice and the plan after a change. Returns true when it
    /// repaired the plan (skipped steps).
    pub(super) fn review(&mut self) -> bool {
        self.sync_shared();
        if self.deps.is_none() {
            self.refresh_deps();
        }
        self.dirty = false;
        if let Some(g) = self.goal {
            // Counted once per pursuit: the goal may stay named while a replan for another
            // goal is pending, and reviews run after every change.
            if self.goals[g].live && !self.goals[g].counted && self.satisfied(g) {
                self.achieved(g);
            }
        }
        if self.pending == Some(ReplanCause::ActionFailed)
            && (0..self.goals.len()).any(|g| self.candidate(g))
        {
            return false; // the replan after the failure stays due
        }
        let order = self.arbiter_order();
        let Some(&chosen) = order.first() else {
            // Nothing to pursue: every goal satisfied, disabled or without a plan.
            self.clear_plan();
            self.goal = None;
            self.pending = None;
            self.stuck = (0..self.goals.len()).any(|g| {
                self.goals[g].def.priority > 0.0
                    && (self.known_without_plan(g) || self.hopeless(g))
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
                    goal: Some(self.goal_id(chosen)),
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
    pub(super) fn monitor(&self, goal: usize) -> Option<usize> {
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
        self.sync_shared();
        let Some(cause) = self.pending else {
            return Ok(None);
        };
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
        let mut context = self.planning_context();
        if self.callbacks.is_some() {
            let mut answers = self.rec().map(|_| Vec::new());
            let asked = self.ask_callbacks(&mut context, &mut answers);
            if let (Some(r), Some(answers)) = (self.rec(), answers) {
                r.push(Record::Answers {
                    agent: rf::agent_rec(self.id),
                    answers,
                });
            }
            asked?;
        }
        // A plan in hand that still reaches its goal from here (no steps to skip) is kept
        // when the goals ranked before it turn out to have no plan.
        let keep = self
            .goal
            .filter(|&g| !self.plan.is_empty() && self.monitor(g) == Some(self.next));
        Ok(Some(PlanJob {
            domain: Arc::clone(&self.domain),
            state: self.state.clone(),
            goals,
            context,
            options: self.def.options,
            cause,
            keep,
            stamp: self.stamp,
        }))
    }

    /// Asks the context callbacks about every action not yet disabled, into `context`;
    /// with `answers`, notes each answer (for the recorder).
    fn ask_callbacks(
        &mut self,
        context: &mut ActionContext,
        answers: &mut Option<Vec<rf::Answer>>,
    ) -> Result<(), AgentError> {
        let Some(callbacks) = self.callbacks.as_mut() else {
            return Ok(());
        };
        let mut note = |a: rf::Answer| {
            if let Some(v) = answers.as_mut() {
                v.push(a);
            }
        };
        let fail = |m: String, note: &mut dyn FnMut(rf::Answer)| {
            note(rf::Answer::Error(m.clone()));
            AgentError::Callback(m)
        };
        for (i, action) in self.domain.actions().iter().enumerate() {
            let a = ActionId(i as u32);
            if context.is_disabled(a) {
                continue;
            }
            let available = callbacks
                .available(self.id, a)
                .map_err(|m| fail(m, &mut note))?;
            note(rf::Answer::Available(available));
            if !available {
                context.set_enabled(a, false);
                continue;
            }
            let base = context.cost(&self.domain, a);
            let cost = callbacks
                .cost(self.id, a, base)
                .map_err(|m| fail(m, &mut note))?;
            note(rf::Answer::Cost(cost));
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
        Ok(())
    }

    /// Applies a job's result. Returns false (changing nothing) when the agent changed
    /// since the job was made: the replan stays pending.
    pub fn finish_replan(&mut self, job: &PlanJob, result: PlanJobResult) -> bool {
        if job.stamp != self.stamp {
            return false;
        }
        let last_goal = result.attempts.last().map(|a| a.0);
        // Applying a replan is a change: a job made before it (a batch's, while a step
        // replanned) must not replace this plan, or the action in progress.
        self.stamp += 1;
        self.out_of_memory = None;
        let mut event = ReplanEvent {
            cause: job.cause,
            result: ReplanResult::NoPlan,
            goal: None,
            plan_len: 0,
            plan_cost: 0.0,
            goals_tried: result.attempts.len() + usize::from(result.kept),
            expanded: result.expanded(),
            cache_hits: result.cache_hits(),
            time: self.clock,
        };
        if result.kept {
            // The goals ranked above the current one have no plan; the plan in hand stays.
            for (g, r, _) in &result.attempts {
                self.note_no_plan(*g, &r.outcome);
            }
            self.pending = None;
            self.stuck = false;
            event.result = ReplanResult::Kept;
            event.goal = self.current_goal();
            event.plan_len = self.plan.len() - self.next;
            event.plan_cost = self.plan_cost;
            self.record_with(event, Some((job, None)));
            return true;
        }
        let mut limited = false;
        let in_progress = self.running.then(|| self.plan[self.next]);
        self.clear_plan();
        self.pending = None;
        for (g, r, _) in result.attempts {
            self.note_no_plan(g, &r.outcome);
            match r.outcome {
                Outcome::Found(plan) => {
                    event.result = ReplanResult::Found;
                    event.goal = Some(self.goal_id(g));
                    event.plan_len = plan.actions.len();
                    event.plan_cost = plan.cost;
                    self.plan = plan.actions;
                    self.plan_cost = plan.cost;
                    self.goal = Some(g);
                    self.goals[g].counted = false;
                    self.plan_deps();
                }
                Outcome::NoPlan => {}
                Outcome::LimitReached => limited = true,
                Outcome::OutOfMemory(e) => {
                    limited = true;
                    self.out_of_memory = Some(e);
                }
            }
        }
        // A new plan that begins with the action in progress continues it: the engine need
        // not restart what it is doing.
        self.running = in_progress.is_some() && self.plan.first().copied() == in_progress;
        if event.result != ReplanResult::Found {
            if limited {
                event.result = ReplanResult::LimitReached;
            }
            self.goal = None;
            self.stuck = !job.goals.is_empty();
        } else {
            self.stuck = false;
        }
        self.record_with(event, Some((job, last_goal)));
        true
    }

    pub(super) fn record(&mut self, event: ReplanEvent) {
        self.record_with(event, None);
    }

    /// Adds a replan to the history (and to the recording, with the job it ran and the
    /// goal slot searched last, if any).
    pub(super) fn record_with(
        &mut self,
        event: ReplanEvent,
        job: Option<(&PlanJob, Option<usize>)>,
    ) {
        if let Some(r) = self.rec() {
            r.push_replan(rf::agent_rec(self.id), &event, &self.plan, || {
                let (job, g) = job?;
                let g = g?;
                let (_, goal) = job.goals.iter().find(|(i, _)| *i == g)?;
                Some(crate::record::SearchProblem {
                    start: job.state.clone(),
                    goal: goal.clone(),
                    goal_name: self.goals[g].def.name.clone(),
                    context: job.context.clone(),
                })
            });
        }
        self.counts[event.cause as usize - 1] += 1;
        if self.history.len() == REPLAN_HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(event);
    }
}
