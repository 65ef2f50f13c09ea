//! An agent's whole state as recorded at a checkpoint ([`AgentSnap`]), and an agent
//! rebuilt from one (replays).

use std::collections::VecDeque;
use std::sync::Arc;

use super::{Agent, GoalSlot, JobRun, PlanJob, ReplanCause, ReplanEvent, REPLAN_HISTORY};
use crate::agent::{AgentId, GoalId};
use crate::domain::{ActionId, Domain};
use crate::planner::SearchBudget;
use crate::record::format::{self as rf, AgentSnap, GoalSlotRec, RunRec};

impl Agent {
    /// Everything the agent holds, for a checkpoint.
    pub(crate) fn snapshot(&self) -> AgentSnap {
        let d = &self.domain;
        let (disabled, costs) = rf::context_rec(&self.context);
        let run = self.run.as_ref().map(|run| {
            let job = run.job();
            let (disabled, costs) = rf::context_rec(&job.context);
            RunRec {
                state: rf::state_rec(&job.state, d),
                goals: job
                    .goals
                    .iter()
                    .map(|(g, c)| (*g as u32, rf::cond_rec(c)))
                    .collect(),
                disabled,
                costs,
                cause: job.cause as u8,
                keep: job.keep.map(|k| k as u32),
                stamp: job.stamp,
                spent: run.total(),
            }
        });
        AgentSnap {
            def: rf::agent_def_rec(&self.def),
            state: rf::state_rec(&self.state, d),
            goals: self
                .goals
                .iter()
                .map(|g| GoalSlotRec {
                    def: rf::goal_rec_of(&g.def),
                    no_plan_at: g.no_plan_at,
                    generation: g.generation,
                    live: g.live,
                    order: g.order,
                    achieved: g.achieved,
                    counted: g.counted,
                    ready_at: g.ready_at,
                })
                .collect(),
            free_goals: self.free_goals.iter().map(|&g| g as u32).collect(),
            goals_added: self.goals_added,
            goal_order: self.goal_order.iter().map(|&g| g as u32).collect(),
            next_ready: self.next_ready,
            disabled,
            costs,
            cooldowns: self.cooldowns.iter().map(|&(a, t)| (a.0, t)).collect(),
            callbacks: self.callbacks.is_some(),
            plan: self.plan.iter().map(|a| a.0).collect(),
            plan_cost: self.plan_cost,
            goal: self.goal.map(|g| g as u32),
            next: self.next as u32,
            running: self.running,
            pending: self.pending.map(|c| c as u8),
            dirty: self.dirty,
            stuck: self.stuck,
            epoch: self.epoch,
            cost_epoch: self.cost_epoch,
            stamp: self.stamp,
            clock: self.clock,
            history: self
                .history
                .iter()
                .map(|e| rf::ReplanRec::of(e, &[]))
                .collect(),
            counts: self.counts,
            run,
            shared_seen: self.shared_seen,
            deps: self.deps.as_ref().map(|d| d.to_rec()),
            subscribed: self
                .shared
                .as_ref()
                .and_then(|c| c.subscription(self.id))
                .map(|d| d.to_rec()),
        }
    }

    /// An agent rebuilt from a snapshot (callbacks not installed: the caller gives the
    /// replay's). Every id is checked against `domain`; a suspended search is run again
    /// to where it was (through `host`).
    pub(crate) fn restore(
        id: AgentId,
        domain: Arc<Domain>,
        s: &AgentSnap,
        host: &mut dyn super::SearchHost,
    ) -> Result<Agent, String> {
        let d = &*domain;
        let def = rf::agent_def_of(&s.def)?;
        let state = rf::state_of(&s.state, d)?;
        let mut agent =
            Agent::new(id, Arc::clone(&domain), state, def).map_err(|e| e.to_string())?;
        let n = s.goals.len();
        let slot = |g: u32| -> Result<usize, String> {
            if (g as usize) < n {
                Ok(g as usize)
            } else {
                Err(format!("goal slot {g} out of range ({n} slots)"))
            }
        };
        for g in &s.goals {
            let def = rf::goal_def_of(&g.def, d)?;
            agent.goals.push(GoalSlot {
                def,
                no_plan_at: g.no_plan_at,
                generation: g.generation.max(1),
                live: g.live,
                order: g.order,
                achieved: g.achieved,
                counted: g.counted,
                ready_at: g.ready_at,
            });
        }
        agent.free_goals = s
            .free_goals
            .iter()
            .map(|&g| slot(g))
            .collect::<Result<_, _>>()?;
        agent.goals_added = s.goals_added;
        agent.goal_order = s
            .goal_order
            .iter()
            .map(|&g| slot(g))
            .collect::<Result<_, _>>()?;
        agent.next_ready = s.next_ready;
        agent.context = rf::context_of(&s.disabled, &s.costs, d)?;
        agent.cooldowns = s
            .cooldowns
            .iter()
            .map(|&(a, t)| rf::check_action(a, d).map(|()| (ActionId(a), t)))
            .collect::<Result<_, _>>()?;
        agent.plan = s
            .plan
            .iter()
            .map(|&a| rf::check_action(a, d).map(|()| ActionId(a)))
            .collect::<Result<_, _>>()?;
        agent.plan_cost = s.plan_cost;
        agent.goal = s.goal.map(slot).transpose()?;
        if s.next as usize > agent.plan.len() || (s.running && s.next as usize >= agent.plan.len())
        {
            return Err(format!(
                "plan position {} out of range (plan of {})",
                s.next,
                agent.plan.len()
            ));
        }
        agent.next = s.next as usize;
        agent.running = s.running;
        agent.pending = s.pending.map(cause_of).transpose()?;
        agent.dirty = s.dirty;
        agent.stuck = s.stuck;
        agent.epoch = s.epoch;
        agent.cost_epoch = s.cost_epoch;
        agent.stamp = s.stamp;
        agent.clock = s.clock;
        let mut history = VecDeque::with_capacity(REPLAN_HISTORY);
        for h in s.history.iter().rev().take(REPLAN_HISTORY).rev() {
            history.push_back(ReplanEvent {
                cause: h
                    .replan_cause()
                    .ok_or_else(|| format!("unknown replan cause {}", h.cause))?,
                result: h
                    .replan_result()
                    .ok_or_else(|| format!("unknown replan result {}", h.result))?,
                goal: h.goal.map(|(i, g)| GoalId::from_parts(i, g)),
                plan_len: h.plan.len(),
                plan_cost: h.cost,
                goals_tried: h.goals_tried as usize,
                expanded: h.expanded,
                cache_hits: 0,
                time: h.time,
            });
        }
        agent.history = history;
        agent.counts = s.counts;
        agent.shared_seen = s.shared_seen;
        agent.deps = match &s.deps {
            Some(r) => Some(Arc::new(super::Deps::of_rec(r, d)?)),
            None => None,
        };
        if let Some(r) = &s.run {
            let job = PlanJob {
                domain: Arc::clone(&domain),
                state: rf::state_of(&r.state, d)?,
                goals: r
                    .goals
                    .iter()
                    .map(|(g, c)| Ok((slot(*g)?, rf::cond_of(c, d)?)))
                    .collect::<Result<_, String>>()?,
                context: rf::context_of(&r.disabled, &r.costs, d)?,
                options: agent.def.options,
                cause: cause_of(r.cause)?,
                keep: r.keep.map(slot).transpose()?,
                stamp: r.stamp,
            };
            let mut run = Box::new(JobRun::new(job));
            if r.spent > 0 {
                run.advance(&SearchBudget::expansions(r.spent), host);
            }
            agent.run = Some(run);
        }
        Ok(agent)
    }

    /// Subscribes the dependencies its domain's shared values held for it (as recorded).
    pub(crate) fn restore_subscription(&mut self, r: Option<&rf::DepsRec>) -> Result<(), String> {
        if let (Some(r), Some(cell)) = (r, &self.shared) {
            let deps = super::Deps::of_rec(r, &self.domain)?;
            cell.subscribe(self.id, Arc::new(deps));
        }
        Ok(())
    }
}

fn cause_of(c: u8) -> Result<ReplanCause, String> {
    ReplanCause::ALL
        .get((c as usize).wrapping_sub(1))
        .copied()
        .ok_or_else(|| format!("unknown replan cause {c}"))
}

impl Agent {
    /// Replaces the step budget without recording it (replays of time-budgeted steps);
    /// returns the one it replaced.
    pub(crate) fn swap_step_budget(&mut self, budget: SearchBudget) -> SearchBudget {
        std::mem::replace(&mut self.def.step_budget, budget)
    }

    /// Installs callbacks without counting it as a change (a restored agent's counters
    /// stand as recorded).
    pub(crate) fn install_callbacks_quietly(
        &mut self,
        callbacks: Box<dyn super::ContextCallbacks>,
    ) {
        self.callbacks = Some(callbacks);
    }
}
