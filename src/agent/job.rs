//! [`PlanJob`]: one replan's inputs, independent of the agent, so that it can run on any
//! thread.

use std::sync::Arc;

use super::ReplanCause;
use crate::domain::{Domain, Goal};
use crate::planner::{ActionContext, PlanOptions, PlanResult};
use crate::state::WorldState;

/// The inputs of one replan, taken from an agent: it can run on any thread without the
/// agent ([`PlanJob::run`]) and its result is applied with [`Agent::finish_replan`](super::Agent::finish_replan).
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
    /// The current goal, when the plan in hand for it is still valid: reaching it in the
    /// order keeps that plan instead of searching.
    pub keep: Option<usize>,
    /// The agent's change counter when the job was made.
    pub(super) stamp: u64,
}

/// What a [`PlanJob`] found: one search result per goal tried, in order; the last one
/// is the plan when found.
#[derive(Clone, Debug)]
pub struct PlanJobResult {
    /// (goal index, result, answered from the cache).
    pub attempts: Vec<(usize, PlanResult, bool)>,
    /// The order reached [`PlanJob::keep`]: the plan in hand stays.
    pub kept: bool,
}

impl PlanJobResult {
    /// Nodes expanded by all attempts (as recorded when the searches ran).
    pub fn expanded(&self) -> u64 {
        self.attempts.iter().map(|a| a.1.stats.expanded).sum()
    }

    /// Attempts answered from the plan cache.
    pub fn cache_hits(&self) -> usize {
        self.attempts.iter().filter(|a| a.2).count()
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
            if self.keep == Some(*i) {
                return PlanJobResult {
                    attempts,
                    kept: true,
                };
            }
            let (r, cached) = search(self, goal);
            let found = r.plan().is_some();
            attempts.push((*i, r, cached));
            if found {
                break;
            }
        }
        PlanJobResult {
            attempts,
            kept: false,
        }
    }
}
