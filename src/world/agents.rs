//! A world's agents: creation, the per-agent calls, and batch planning on worker threads.
//!
//! # Locks
//! The agents live in a slotmap behind a reader–writer lock held only to look an agent up,
//! insert or remove one. Each agent has its own mutex: calls on different agents run in
//! parallel; calls on one agent run one at a time. No call holds the map lock while it
//! works on an agent, so context callbacks may create and destroy other agents.
//!
//! # Batch planning
//! [`World::plan_agents`] walks the agents in slot order, starting after the last agent
//! the previous call planned (so every agent gets its turn).
//!
//! - Without a node budget, the agents decide in parallel whether they need a plan (their
//!   goal choice and plan monitoring); the first `max_agents` that do, in walk order, are
//!   planned in parallel, each under its own lock. Agents with context callbacks have
//!   their searches prepared on the calling thread first (callbacks never run on workers).
//! - With a node budget, searches are prepared on the calling thread in chunks of
//!   [`BATCH_CHUNK`], run in parallel, and applied in walk order until the budget is spent;
//!   the budget counts each search's expanded nodes as recorded when it ran, also when the
//!   cache answered.
//!
//! Either way, which agents get planned, and their plans, do not depend on the thread
//! count or on timing. (The cache's hit and miss counters can: two threads may miss the
//! same key at once.)

use std::sync::Arc;

use parking_lot::Mutex;

use super::cache::CacheKey;
use super::{World, WorldError};
use crate::agent::{
    Agent, AgentDef, AgentError, AgentId, GoalDef, GoalId, JobRun, PlanJob, PlanJobResult,
    SearchHost, Step,
};
use crate::domain::{FactId, Goal, VarId};
use crate::planner::{Outcome, PlanResult, Planner, SearchBudget};
use crate::record::format::{self as rf, Record};
use crate::world::DomainId;

/// Searches per chunk of a batch (fixed, so results do not depend on the thread count).
pub const BATCH_CHUNK: usize = 256;

/// Agents per task in a batch's "who needs a plan" pass: most need nothing, so a task of
/// fewer would cost more to hand out than to run.
const NEEDS_RANGE: usize = 256;

/// Searches per task in a batch: as many as keep every thread at least [`PLAN_TASKS_PER_THREAD`]
/// tasks to claim (so a few long searches still spread over the threads), at most
/// [`PLAN_RANGE_MAX`] (so the tail waits on little). One search per task cost a shared
/// counter, a pooled planner taken and given back per search: with 10,000 soldier agents
/// on 2 threads, more than a warm plan cache left of the work.
fn plan_range(searches: usize, threads: usize) -> usize {
    (searches / (threads.max(1) * PLAN_TASKS_PER_THREAD)).clamp(1, PLAN_RANGE_MAX)
}

/// See [`plan_range`].
const PLAN_TASKS_PER_THREAD: usize = 32;

/// See [`plan_range`].
const PLAN_RANGE_MAX: usize = 64;

/// The most agents a world can hold (the limit of its slot map's 32-bit indices); see
/// [`super::WorldDef::max_agents`].
pub const MAX_AGENTS: usize = (u32::MAX - 1) as usize;

/// Limits of one [`World::plan_agents`] call. Zero means "no limit" for each budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchOptions {
    /// Plan at most this many agents; the others wait for the next call.
    pub max_agents: u32,
    /// Stop once the searches of this call have used this many nodes in all (expanded in
    /// this call, or recorded by the cache answers used). Each search of a chunk runs
    /// within what is left of the budget when the chunk starts: one that needs more is
    /// left half done in its agent, and the next call (or step) continues it.
    pub max_nodes: u64,
    /// Threads to use, the calling one included (0: the world's `worker_threads`).
    pub threads: u32,
}

impl BatchOptions {
    /// `max_agents` as a count (0: no limit).
    fn agent_limit(&self) -> usize {
        match self.max_agents {
            0 => usize::MAX,
            n => n as usize,
        }
    }
}

impl BatchStats {
    /// Counts one applied replan with its [`summary`].
    fn count(&mut self, (expanded, hits, out_of_memory): (u64, u64, bool)) {
        self.planned += 1;
        self.expanded += expanded;
        self.cache_hits += hits;
        self.out_of_memory += u32::from(out_of_memory);
    }
}

/// The agents of one batch, in walk order.
type Walk = [(AgentId, Arc<Mutex<Agent>>)];

/// What one [`World::plan_agents`] call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchStats {
    /// Agents whose replan was applied (found a plan or found that none exists).
    pub planned: u32,
    /// Agents that still need a plan after the call (budget spent, or changed meanwhile).
    pub waiting: u32,
    /// Nodes expanded by the searches applied (as recorded when they ran).
    pub expanded: u64,
    /// Searches of this call answered from the cache.
    pub cache_hits: u64,
    /// Agents whose callbacks failed (their replan stays pending; see the agent).
    pub callback_errors: u32,
    /// Threads used.
    pub threads: u32,
    /// Replans applied in which a search ran out of memory (see
    /// [`crate::max_table_bytes`]); the agent took it as a search stopped by its node
    /// limit.
    pub out_of_memory: u32,
}

impl World {
    /// Creates an agent of a domain. Its believed state starts as the domain's stored start
    /// state, and it gets the domain's `goals` (from its file, if any), in order.
    pub fn create_agent(&self, domain: DomainId, def: AgentDef) -> Result<AgentId, WorldError> {
        let domain_slot = self.slot(domain)?;
        let entry = Arc::clone(&domain_slot.current.lock());
        let mut agents = self.agents.write();
        let max = self.def.max_agents.min(MAX_AGENTS);
        if agents.len() >= max {
            return Err(WorldError::TooManyAgents(max));
        }
        let slot = agents.try_insert_with_key(|id| {
            let mut agent = Agent::new(
                id,
                Arc::clone(entry.domain_arc()),
                entry.start().clone(),
                def,
            )?;
            agent.set_domain_id(domain);
            for g in entry.goals() {
                agent.add_goal(g.clone())?;
            }
            agent.attach_shared(Arc::clone(&domain_slot.shared));
            agent.attach_recorder(Arc::clone(&self.recorder));
            if self.recorder.is_on() {
                let key = self.domain_key(domain, entry.domain_arc());
                self.recorder.push(Record::CreateAgent {
                    agent: rf::agent_rec(id),
                    world: domain.get(),
                    key,
                    def: rf::agent_def_rec(&def),
                    state: rf::state_rec(entry.start(), entry.domain()),
                    goals: entry.goals().iter().map(rf::goal_rec_of).collect(),
                });
            }
            Ok::<_, AgentError>(Arc::new(Mutex::new(agent)))
        })?;
        Ok(slot)
    }

    /// Destroys an agent; its id becomes stale. A call running on it finishes first.
    pub fn destroy_agent(&self, id: AgentId) -> Result<(), WorldError> {
        if self.recorder.is_on() {
            // Its held-back steps come before its end (steps racing with the destruction on
            // another thread are written after it, and a replay skips them).
            if let Ok(a) = self.agent_slot(id) {
                a.lock().flush_held_steps();
            }
        }
        let mut table = self.agents.write();
        let removed = table.remove(id);
        if removed.is_some() && self.recorder.is_on() {
            self.recorder.push(Record::DestroyAgent {
                agent: rf::agent_rec(id),
            });
        }
        drop(table);
        let removed = removed.ok_or(WorldError::UnknownAgent(id))?;
        removed.lock().flush_held_steps();
        Ok(())
    }

    /// Number of live agents.
    pub fn agent_count(&self) -> usize {
        self.agents.read().len()
    }

    /// Every live agent, to lock one at a time (the map lock is released on return).
    pub(super) fn all_agents(&self) -> Vec<Arc<Mutex<Agent>>> {
        self.agents
            .read()
            .iter()
            .map(|(_, a)| Arc::clone(a))
            .collect()
    }

    pub(super) fn agent_slot(&self, id: AgentId) -> Result<Arc<Mutex<Agent>>, WorldError> {
        self.agents
            .read()
            .get(id)
            .cloned()
            .ok_or(WorldError::UnknownAgent(id))
    }

    /// Runs `f` on the agent (locked for the call).
    pub fn with_agent<T>(
        &self,
        id: AgentId,
        f: impl FnOnce(&mut Agent) -> Result<T, AgentError>,
    ) -> Result<T, WorldError> {
        let slot = self.agent_slot(id)?;
        let mut agent = slot.lock();
        agent.sync_shared();
        Ok(f(&mut agent)?)
    }

    /// Writes one fact into the beliefs of several agents (a door opened, a bell rang). Every
    /// agent is checked first (it exists; the fact is of its domain) and on any error none
    /// is written; an agent destroyed by another thread during the call is skipped. Each
    /// agent is locked in turn, never two at once.
    pub fn set_fact_on(
        &self,
        agents: &[AgentId],
        fact: FactId,
        value: bool,
    ) -> Result<(), WorldError> {
        self.on_each(
            agents,
            |a| Ok(a.domain().check_fact(fact)?),
            |a| a.set_fact(fact, value),
        )
    }

    /// Writes one variable value into the beliefs of several agents, as
    /// [`World::set_fact_on`] does for a fact (the value must lie in the variable's range).
    pub fn set_var_on(&self, agents: &[AgentId], var: VarId, value: i32) -> Result<(), WorldError> {
        self.on_each(
            agents,
            |a| Ok(a.domain().check_var_value(var, value, "agent state")?),
            |a| a.set_var(var, value),
        )
    }

    /// `check` on every agent, then `write` on every agent still alive.
    fn on_each(
        &self,
        agents: &[AgentId],
        check: impl Fn(&mut Agent) -> Result<(), AgentError>,
        write: impl Fn(&mut Agent) -> Result<(), AgentError>,
    ) -> Result<(), WorldError> {
        for &id in agents {
            self.with_agent(id, &check)?;
        }
        for &id in agents {
            match self.with_agent(id, &write) {
                Err(WorldError::UnknownAgent(_)) => {}
                other => other?,
            }
        }
        Ok(())
    }

    /// Adds a goal to an agent; returns its index.
    pub fn add_goal(&self, id: AgentId, goal: GoalDef) -> Result<GoalId, WorldError> {
        self.with_agent(id, |a| a.add_goal(goal))
    }

    /// Steps an agent (see [`Agent::step`]); searches on this thread when needed, through
    /// the plan cache, within the agent's step budget.
    pub fn step_agent(&self, id: AgentId, dt: f64) -> Result<Step, WorldError> {
        self.checkpoint_if_due();
        let slot = self.agent_slot(id)?;
        let mut agent = slot.lock();
        let mut host = WorldHost::new(self, None);
        let step = agent.step(dt, &mut host);
        drop(agent);
        host.release();
        Ok(step?)
    }

    /// The cache key of a job's goal, when the cache is on.
    fn cache_key(&self, job: &PlanJob, goal: &Goal) -> Option<CacheKey> {
        self.cache
            .enabled()
            .then(|| CacheKey::new(&job.domain, &job.state, goal, &job.context, &job.options))
    }

    /// Plans every agent that needs a plan, within `options`' budget, on worker threads.
    /// See the module docs for the order and the determinism rules.
    pub fn plan_agents(&self, options: &BatchOptions) -> BatchStats {
        self.checkpoint_if_due();
        if !self.recorder.is_on() {
            return self.plan_agents_inner(options);
        }
        self.flush_held_steps();
        self.recorder.push(Record::BatchBegin {
            max_agents: options.max_agents,
            max_nodes: options.max_nodes,
            cursor: *self.batch_cursor.lock(),
        });
        let stats = self.plan_agents_inner(options);
        self.recorder.push(Record::BatchEnd {
            planned: stats.planned,
            waiting: stats.waiting,
            callback_errors: stats.callback_errors,
        });
        stats
    }

    fn plan_agents_inner(&self, options: &BatchOptions) -> BatchStats {
        let threads = match options.threads {
            0 => self.worker_count(),
            n => n.min(self.worker_count()),
        } as usize;
        // The walk: slot order, starting after the last agent planned.
        let walk: Box<Walk> = {
            let agents = self.agents.read();
            let mut all: Vec<_> = agents.iter().map(|(id, a)| (id, Arc::clone(a))).collect();
            let cursor = *self.batch_cursor.lock();
            let start = all.partition_point(|(id, _)| slot_index(*id) <= cursor);
            all.rotate_left(start);
            all.into_boxed_slice()
        };
        let mut stats = if options.max_nodes == 0 {
            self.plan_walk(&walk, options, threads)
        } else {
            self.plan_walk_with_node_budget(&walk, options, threads)
        };
        stats.threads = threads as u32;
        stats
    }

    /// The batch without a node budget: who needs a plan is decided in parallel, and the
    /// first `max_agents` of them in walk order are planned in parallel, each under its own
    /// lock (agents with callbacks have their searches prepared on this thread first).
    fn plan_walk(&self, walk: &Walk, options: &BatchOptions, threads: usize) -> BatchStats {
        let mut stats = BatchStats::default();
        let needs: Vec<bool> = parallel_map(self, walk.len(), threads, NEEDS_RANGE, |_, i| {
            walk[i].1.lock().needs_plan()
        });
        let max_agents = options.agent_limit();
        let chosen: Vec<usize> = (0..walk.len())
            .filter(|&i| needs[i])
            .take(max_agents)
            .collect();
        let needing = needs.iter().filter(|&&n| n).count();
        // Agents with callbacks: their jobs are made here, on the calling thread.
        let mut prepared: Vec<Mutex<Option<Box<JobRun>>>> = Vec::with_capacity(chosen.len());
        let mut host = WorldHost::new(self, None);
        for &i in &chosen {
            let mut agent = walk[i].1.lock();
            let run = if agent.has_callbacks() {
                agent.take_run(&mut host).unwrap_or_else(|_| {
                    stats.callback_errors += 1;
                    None
                })
            } else {
                None
            };
            prepared.push(Mutex::new(run));
        }
        host.release();
        let outcomes: Vec<Option<(u64, u64, bool)>> = parallel_map(
            self,
            chosen.len(),
            threads,
            plan_range(chosen.len(), threads),
            |planner, k| {
                let slot = &walk[chosen[k]].1;
                let mut host = WorldHost::new(self, planner.take());
                let outcome = match prepared[k].lock().take() {
                    Some(run) => {
                        let (job, result) = finish_run(run, &mut host);
                        apply(&mut slot.lock(), &job, result)
                    }
                    None => {
                        let mut agent = slot.lock();
                        match agent.has_callbacks() {
                            // Prepared above, or its callbacks failed: nothing to do here.
                            true => None,
                            false => match agent.take_run(&mut host) {
                                Ok(Some(run)) => {
                                    let (job, result) = finish_run(run, &mut host);
                                    apply(&mut agent, &job, result)
                                }
                                _ => None,
                            },
                        }
                    }
                };
                *planner = host.into_planner();
                outcome
            },
        );
        let mut last = None;
        for (k, outcome) in outcomes.iter().enumerate() {
            if let Some(summary) = outcome {
                stats.count(*summary);
                last = Some(walk[chosen[k]].0);
            }
        }
        if let Some(id) = last {
            *self.batch_cursor.lock() = slot_index(id);
        }
        // Still waiting: the needing agents not chosen, and the chosen ones not planned that
        // still need a plan (a replan can turn out to be unnecessary: nothing left to pursue).
        let unplanned = (0..chosen.len())
            .filter(|&k| outcomes[k].is_none() && walk[chosen[k]].1.lock().needs_plan())
            .count();
        stats.waiting = (needing - chosen.len() + unplanned) as u32;
        stats
    }

    /// The batch with a node budget: searches are prepared on this thread in chunks of
    /// [`BATCH_CHUNK`], run in parallel, each within what is left of the budget when the
    /// chunk starts, and applied in walk order until the budget is spent. A search the
    /// budget stops half way is kept by its agent and continued by the next call (or
    /// step); so is every search of the chunk after the one that spent the budget.
    fn plan_walk_with_node_budget(
        &self,
        walk: &Walk,
        options: &BatchOptions,
        threads: usize,
    ) -> BatchStats {
        let mut stats = BatchStats::default();
        let max_agents = options.agent_limit();
        let mut pos = 0;
        let mut used: u64 = 0;
        let mut spent = false;
        let mut last_planned = None;
        let mut host = WorldHost::new(self, None);
        while pos < walk.len() && !spent && (stats.planned as usize) < max_agents {
            let mut chunk: Vec<(usize, Mutex<Option<Box<JobRun>>>)> =
                Vec::with_capacity(BATCH_CHUNK);
            while pos < walk.len()
                && chunk.len() < BATCH_CHUNK
                && (stats.planned as usize) + chunk.len() < max_agents
            {
                let mut agent = walk[pos].1.lock();
                if agent.needs_plan() {
                    match agent.take_run(&mut host) {
                        Ok(Some(run)) => chunk.push((pos, Mutex::new(Some(run)))),
                        Ok(None) => {}
                        Err(_) => stats.callback_errors += 1,
                    }
                }
                drop(agent);
                pos += 1;
            }
            // Every search of the chunk gets what is left of the budget: where each stops
            // depends on the chunk only, never on the thread count.
            let budget = SearchBudget::expansions(options.max_nodes - used);
            let range = plan_range(chunk.len(), threads);
            let results = parallel_map(self, chunk.len(), threads, range, |planner, k| {
                let mut run = chunk[k].1.lock().take().expect("each run is taken once");
                let mut host = WorldHost::new(self, planner.take());
                let done = run.advance(&budget, &mut host);
                *planner = host.into_planner();
                (run, done)
            });
            for ((p, _), (run, done)) in chunk.iter().zip(results) {
                let mut agent = walk[*p].1.lock();
                if spent {
                    agent.put_back_run(run, &mut host);
                    continue;
                }
                used += run.spent();
                spent = used >= options.max_nodes;
                if !done {
                    agent.put_back_run(run, &mut host);
                    continue;
                }
                let (job, result) = run.finish();
                if let Some(summary) = apply(&mut agent, &job, result) {
                    stats.count(summary);
                    last_planned = Some(walk[*p].0);
                }
            }
        }
        host.release();
        if let Some(id) = last_planned {
            *self.batch_cursor.lock() = slot_index(id);
        }
        stats.waiting = walk.iter().filter(|(_, a)| a.lock().needs_plan()).count() as u32;
        stats
    }

    /// The plan cache's counters.
    pub fn cache_stats(&self) -> super::CacheStats {
        self.cache.stats()
    }

    /// Empties the plan cache and resets its counters.
    pub fn clear_cache(&self) {
        self.cache.clear();
    }
}

/// Runs a job's searches to the end (continuing one a step's budget suspended).
fn finish_run(mut run: Box<JobRun>, host: &mut WorldHost<'_>) -> (PlanJob, PlanJobResult) {
    let done = run.advance(&SearchBudget::UNLIMITED, host);
    debug_assert!(done, "an unlimited run ends");
    run.finish()
}

/// An agent's searches in a world: through the plan cache, with pooled planners.
struct WorldHost<'w> {
    world: &'w World,
    /// A planner at hand (given back to the pool by [`WorldHost::release`]).
    planner: Option<Planner>,
    /// The key of the last cache miss, for storing that search's result.
    missed: Option<(*const Goal, CacheKey)>,
    /// The goal of the last lookup that skipped the cache (its search walks a table).
    skipped: Option<*const Goal>,
}

impl<'w> WorldHost<'w> {
    fn new(world: &'w World, planner: Option<Planner>) -> Self {
        WorldHost {
            world,
            planner,
            missed: None,
            skipped: None,
        }
    }

    /// True when `goal`'s search for `job` walks an exact table: it skips the cache, as a
    /// walk costs about what a lookup does and less than storing its result. Decided by
    /// the inputs alone (see [`Planner::walks_table`]), with the planner at hand.
    fn skips_cache(&mut self, job: &PlanJob, goal: &Goal) -> bool {
        let world = self.world;
        let planner = self.planner.get_or_insert_with(|| world.take_planner());
        planner.walks_table(&job.domain, &job.state, goal, &job.options, &job.context)
    }

    /// The planner at hand, if a search did not keep it.
    fn into_planner(self) -> Option<Planner> {
        self.planner
    }

    /// Gives the planner at hand back to the world's pool.
    fn release(self) {
        if let Some(p) = self.planner {
            self.world.return_planner(p);
        }
    }
}

impl SearchHost for WorldHost<'_> {
    fn lookup(&mut self, job: &PlanJob, goal: &Goal) -> Option<PlanResult> {
        if !self.world.cache.enabled() {
            return None;
        }
        if self.skips_cache(job, goal) {
            self.skipped = Some(goal as *const Goal);
            return None;
        }
        let key = self.world.cache_key(job, goal)?;
        let hit = self.world.cache.get(&key);
        if hit.is_none() {
            self.missed = Some((goal as *const Goal, key));
        }
        hit
    }

    fn store(&mut self, job: &PlanJob, goal: &Goal, result: &PlanResult) {
        if !self.world.cache.enabled() {
            return;
        }
        let key = match (self.missed.take(), self.skipped.take()) {
            (Some((g, key)), _) if std::ptr::eq(g, goal) => Some(key),
            (_, Some(g)) if std::ptr::eq(g, goal) => None,
            // A search resumed in another call than its lookup's: decided again.
            _ if self.skips_cache(job, goal) => None,
            _ => self.world.cache_key(job, goal),
        };
        if let Some(key) = key {
            self.world.cache.insert(key, &job.domain, result);
        }
    }

    fn take_planner(&mut self) -> Planner {
        self.planner
            .take()
            .unwrap_or_else(|| self.world.take_planner())
    }

    fn return_planner(&mut self, planner: Planner) {
        match self.planner {
            None => self.planner = Some(planner),
            Some(_) => self.world.return_planner(planner),
        }
    }
}

/// Applies a job's result to its agent; its [`summary`] when the agent took it (it had not
/// changed since the job was made).
fn apply(agent: &mut Agent, job: &PlanJob, result: PlanJobResult) -> Option<(u64, u64, bool)> {
    let summary = summary(&result);
    agent.finish_replan(job, result).then_some(summary)
}

/// (expanded nodes, cache hits, a search ran out of memory) of a job's result.
fn summary(result: &PlanJobResult) -> (u64, u64, bool) {
    let oom = result
        .attempts
        .iter()
        .any(|a| matches!(a.1.outcome, Outcome::OutOfMemory(_)));
    (result.expanded(), result.cache_hits() as u64, oom)
}

/// `f(planner, i)` for every `i < n`, on up to `threads` threads (this one included),
/// through the world's task system, results in index order. Items go out in ranges of
/// `min_range`; each range plans with a pooled planner, which `f` may take (a search that
/// outlasts its call keeps it) or leave for the next item. With one thread, or one range,
/// everything runs on the calling thread and no worker is woken.
fn parallel_map<T: Send>(
    world: &World,
    n: usize,
    threads: usize,
    min_range: usize,
    f: impl Fn(&mut Option<Planner>, usize) -> T + Sync,
) -> Vec<T> {
    let give_back = |planner: Option<Planner>| {
        if let Some(p) = planner {
            world.return_planner(p);
        }
    };
    if threads <= 1 || n <= min_range {
        let mut planner = Some(world.take_planner());
        let out = (0..n).map(|i| f(&mut planner, i)).collect();
        give_back(planner);
        return out;
    }
    let slots: Vec<Mutex<Option<T>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let items = u32::try_from(n).expect("at most 2^24 agents");
    world.run_tasks(
        threads as u32,
        items,
        min_range as u32,
        &|start, end, _worker| {
            let mut planner = Some(world.take_planner());
            let (start, end) = (start as usize, (end as usize).min(n));
            for (i, slot) in slots[start..end].iter().enumerate() {
                *slot.lock() = Some(f(&mut planner, start + i));
            }
            give_back(planner);
        },
    );
    slots
        .into_iter()
        .map(|s| s.into_inner().expect("the task system ran every item"))
        .collect()
}

/// The place of an agent in the walk order: its slot index plus one (so that the batch
/// cursor's 0 is before the first slot).
fn slot_index(id: AgentId) -> u32 {
    id.index() + 1
}
