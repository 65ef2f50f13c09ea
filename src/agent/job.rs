//! [`PlanJob`]: one replan's inputs, independent of the agent, so that it can run on any
//! thread.

use std::sync::Arc;
use std::time::Instant;

use super::ReplanCause;
use crate::domain::{Domain, Goal};
use crate::planner::{ActionContext, PlanOptions, PlanResult, Planner, SearchBudget};
use crate::state::WorldState;

/// The inputs of one replan, taken from an agent: it can run on any thread without the
/// agent ([`JobRun`]) and its result is applied with [`Agent::finish_replan`](super::Agent::finish_replan).
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

/// What runs an agent's searches: the plan cache in front of them and the planners that
/// search. The defaults search with a fresh [`Planner`] and no cache.
pub trait SearchHost {
    /// A stored result of `goal`'s search for `job`, if any.
    fn lookup(&mut self, job: &PlanJob, goal: &Goal) -> Option<PlanResult> {
        let _ = (job, goal);
        None
    }

    /// Offers a finished search's result for storing.
    fn store(&mut self, job: &PlanJob, goal: &Goal, result: &PlanResult) {
        let _ = (job, goal, result);
    }

    /// A planner for a new search. A search that outlasts its step keeps it until it ends.
    fn take_planner(&mut self) -> Planner {
        Planner::new()
    }

    /// A planner whose search ended (or was dropped), for reuse.
    fn return_planner(&mut self, planner: Planner) {
        let _ = planner;
    }
}

/// A plain planner is a host without a cache: its buffers are lent to each search.
impl SearchHost for Planner {
    fn take_planner(&mut self) -> Planner {
        std::mem::take(self)
    }

    fn return_planner(&mut self, planner: Planner) {
        *self = planner;
    }
}

/// A [`PlanJob`] being run, possibly over several calls: the attempts that ended and the
/// search in progress (kept, with its planner, between calls).
#[derive(Debug)]
pub struct JobRun {
    job: PlanJob,
    attempts: Vec<(usize, PlanResult, bool)>,
    /// Position in `job.goals` of the goal searched next (or now).
    next: usize,
    kept: bool,
    done: bool,
    /// The planner holding the suspended search of `job.goals[next]`.
    planner: Option<Planner>,
    /// Nodes the last [`JobRun::advance`] spent: expanded by its searches, and recorded by
    /// the cache answers it used.
    spent: u64,
    /// Nodes all its [`JobRun::advance`] calls spent.
    total: u64,
}

impl JobRun {
    /// A run of `job` that has not searched yet.
    pub fn new(job: PlanJob) -> Self {
        JobRun {
            done: job.goals.is_empty(),
            job,
            attempts: Vec::new(),
            next: 0,
            kept: false,
            planner: None,
            spent: 0,
            total: 0,
        }
    }

    /// The job.
    pub fn job(&self) -> &PlanJob {
        &self.job
    }

    /// Tries the goals in order until one has a plan (or the order reaches
    /// [`PlanJob::keep`]: the plan in hand stays), spending at most `budget` on
    /// searches in this call (the budget covers every search of the call together; each
    /// call expands at least one node when a search is due). Returns true when the run has
    /// ended; false when the budget ran out first (the search in progress is kept for the
    /// next call).
    ///
    /// A cache answer counts its recorded nodes against the budget, and is used only when
    /// more are left than it records (else the goal is searched): the search would have
    /// expanded exactly those nodes and then needed one more step of its loop to decide
    /// (a slice stops before taking up a node once its expansions are spent), so where a
    /// run stops never depends on what the cache holds.
    pub fn advance(&mut self, budget: &SearchBudget, host: &mut dyn SearchHost) -> bool {
        let start = Instant::now();
        let limited = budget.max_expansions != 0;
        let mut left = budget.max_expansions;
        let mut spent_nodes = 0u64;
        self.spent = 0;
        while !self.done {
            let (g, goal) = &self.job.goals[self.next];
            let (result, cached) = if let Some(planner) = self.planner.as_mut() {
                let out_of_nodes = limited && left == 0;
                let out_of_time =
                    spent_nodes > 0 && budget.max_time.is_some_and(|t| start.elapsed() >= t);
                if out_of_nodes || out_of_time {
                    return false;
                }
                let slice = SearchBudget {
                    max_expansions: left,
                    max_time: budget.max_time.map(|t| t.saturating_sub(start.elapsed())),
                };
                let before = planner.progress().map_or(0, |s| s.expanded);
                let result = planner.resume(&slice);
                let after = match &result {
                    Some(r) => r.stats.expanded,
                    None => planner.progress().map_or(0, |s| s.expanded),
                };
                spent_nodes += after - before;
                self.spent += after - before;
                self.total += after - before;
                if limited {
                    left = left.saturating_sub(after - before);
                }
                let Some(result) = result else {
                    return false;
                };
                if let Some(p) = self.planner.take() {
                    host.return_planner(p);
                }
                host.store(&self.job, goal, &result);
                (result, false)
            } else if self.job.keep == Some(*g) {
                self.kept = true;
                self.done = true;
                break;
            } else if let Some(result) = host
                .lookup(&self.job, goal)
                .filter(|r| !limited || r.stats.expanded < left)
            {
                self.spent += result.stats.expanded;
                self.total += result.stats.expanded;
                if limited {
                    left -= result.stats.expanded;
                }
                (result, true)
            } else if !limited && budget.max_time.is_none() {
                // No budget: the search runs to its end in this call, so it need not be
                // kept between calls (`Planner::plan_in`: the same result, without what
                // keeping it costs).
                let mut planner = host.take_planner();
                let job = &self.job;
                let result =
                    planner.plan_in(&job.domain, &job.state, goal, &job.options, &job.context);
                host.return_planner(planner);
                spent_nodes += result.stats.expanded;
                self.spent += result.stats.expanded;
                self.total += result.stats.expanded;
                host.store(&self.job, goal, &result);
                (result, false)
            } else {
                let mut planner = host.take_planner();
                let job = &self.job;
                planner.begin(&job.domain, &job.state, goal, &job.options, &job.context);
                self.planner = Some(planner);
                continue;
            };
            let g = *g;
            let found = result.plan().is_some();
            self.attempts.push((g, result, cached));
            self.next += 1;
            self.done = found || self.next == self.job.goals.len();
        }
        true
    }

    /// Nodes the last [`JobRun::advance`] spent of its budget: expanded by its searches in
    /// that call, plus the recorded nodes of the cache answers it used.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Nodes all its [`JobRun::advance`] calls spent (a run advanced by this many
    /// expansions in one call reaches the same point).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// True once [`JobRun::advance`] returned true.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The job and its result, once [`JobRun::advance`] returned true.
    pub fn finish(self) -> (PlanJob, PlanJobResult) {
        debug_assert!(self.done);
        (
            self.job,
            PlanJobResult {
                attempts: self.attempts,
                kept: self.kept,
            },
        )
    }

    /// Drops the run, giving the planner of a search in progress back to `host`.
    pub fn abandon(mut self, host: &mut dyn SearchHost) {
        if let Some(mut p) = self.planner.take() {
            p.cancel();
            host.return_planner(p);
        }
    }
}
