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
//! the previous call planned (so every agent gets its turn), and prepares a search for each
//! that needs one, on the calling thread (callbacks run there). The searches run in chunks
//! of [`BATCH_CHUNK`] on up to `threads` threads (the caller's plus scoped workers); their
//! results are applied in walk order until the budget is spent. Which agents get planned,
//! and their plans, therefore do not depend on the thread count or on timing: the budget
//! counts each search's expanded nodes as recorded when it ran, also when the cache
//! answered.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;
use slotmap::Key;

use super::cache::CacheKey;
use super::{World, WorldError};
use crate::agent::{Agent, AgentDef, AgentError, AgentId, GoalDef, PlanJob, PlanJobResult, Step};
use crate::domain::Goal;
use crate::planner::{PlanResult, Planner};
use crate::world::DomainId;

/// Searches per chunk of a batch (fixed, so results do not depend on the thread count).
pub const BATCH_CHUNK: usize = 256;

/// The most agents a world holds (the C ABI packs an agent's slot into 24 bits).
pub const MAX_AGENTS: usize = (1 << 24) - 1;

/// Limits of one [`World::plan_agents`] call. Zero means "no limit" for each budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchOptions {
    /// Plan at most this many agents; the others wait for the next call.
    pub max_agents: u32,
    /// Stop once the searches applied have expanded this many nodes in all (the search that
    /// crosses the limit still counts).
    pub max_nodes: u64,
    /// Threads to use, the calling one included (0: the world's `worker_threads`).
    pub threads: u32,
}

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
}

/// A planned job on its way back to its agent.
struct Done {
    result: PlanJobResult,
}

impl World {
    /// Creates an agent of a domain. Its believed state starts as the domain's stored start
    /// state, and it gets the domain's `goals` (from its file, if any), in order.
    pub fn create_agent(&self, domain: DomainId, def: AgentDef) -> Result<AgentId, WorldError> {
        let entry = self.snapshot(domain)?;
        let mut agents = self.agents.write();
        if agents.len() >= MAX_AGENTS {
            return Err(WorldError::TooManyAgents);
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
            Ok::<_, AgentError>(Arc::new(Mutex::new(agent)))
        })?;
        Ok(slot)
    }

    /// Destroys an agent; its id becomes stale. A call running on it finishes first.
    pub fn destroy_agent(&self, id: AgentId) -> Result<(), WorldError> {
        let removed = self.agents.write().remove(id);
        removed.map(drop).ok_or(WorldError::UnknownAgent(id))
    }

    /// Number of live agents.
    pub fn agent_count(&self) -> usize {
        self.agents.read().len()
    }

    fn agent_slot(&self, id: AgentId) -> Result<Arc<Mutex<Agent>>, WorldError> {
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
        Ok(f(&mut agent)?)
    }

    /// Adds a goal to an agent; returns its index.
    pub fn add_goal(&self, id: AgentId, goal: GoalDef) -> Result<usize, WorldError> {
        self.with_agent(id, |a| a.add_goal(goal))
    }

    /// Steps an agent (see [`Agent::step`]); searches on this thread when needed, through
    /// the plan cache.
    pub fn step_agent(&self, id: AgentId, dt: f64) -> Result<Step, WorldError> {
        let slot = self.agent_slot(id)?;
        let mut agent = slot.lock();
        let mut planner: Option<Planner> = None;
        let step = agent.step(dt, |job, goal| {
            let p = planner.get_or_insert_with(|| self.take_planner());
            self.search(p, job, goal)
        });
        if let Some(p) = planner {
            self.return_planner(p);
        }
        Ok(step?)
    }

    /// One search of a job, through the cache when it is on. Returns the result and
    /// whether the cache answered.
    pub(crate) fn search(
        &self,
        planner: &mut Planner,
        job: &PlanJob,
        goal: &Goal,
    ) -> (PlanResult, bool) {
        if !self.cache.enabled() {
            return (self.run_search(planner, job, goal), false);
        }
        let key = CacheKey::new(
            &job.domain,
            &job.state,
            goal,
            &job.context,
            job.options.max_nodes,
            job.options.heuristic,
        );
        if let Some(r) = self.cache.get(&key) {
            return (r, true);
        }
        let r = self.run_search(planner, job, goal);
        self.cache.insert(key, &job.domain, &r);
        (r, false)
    }

    fn run_search(&self, planner: &mut Planner, job: &PlanJob, goal: &Goal) -> PlanResult {
        planner.plan_in(&job.domain, &job.state, goal, &job.options, &job.context)
    }

    /// Plans every agent that needs a plan, within `options`' budget, on worker threads.
    /// See the module docs for the order and the determinism rules.
    pub fn plan_agents(&self, options: &BatchOptions) -> BatchStats {
        let threads = match options.threads {
            0 => self.def.worker_threads.max(1),
            n => n as usize,
        };
        let mut stats = BatchStats {
            threads: threads as u32,
            ..BatchStats::default()
        };
        // The walk: slot order, starting after the last agent planned.
        let walk: Vec<(AgentId, Arc<Mutex<Agent>>)> = {
            let agents = self.agents.read();
            let mut all: Vec<_> = agents.iter().map(|(id, a)| (id, Arc::clone(a))).collect();
            let cursor = *self.batch_cursor.lock();
            let start = all.partition_point(|(id, _)| slot_index(*id) <= cursor);
            all.rotate_left(start);
            all
        };
        let max_agents = if options.max_agents == 0 {
            usize::MAX
        } else {
            options.max_agents as usize
        };
        let max_nodes = if options.max_nodes == 0 {
            u64::MAX
        } else {
            options.max_nodes
        };
        let mut pos = 0;
        let mut spent = false;
        let mut last_planned = None;
        while pos < walk.len() && !spent && (stats.planned as usize) < max_agents {
            // Prepare a chunk on this thread.
            let mut chunk: Vec<(usize, PlanJob)> = Vec::with_capacity(BATCH_CHUNK);
            while pos < walk.len()
                && chunk.len() < BATCH_CHUNK
                && (stats.planned as usize) + chunk.len() < max_agents
            {
                let mut agent = walk[pos].1.lock();
                if agent.needs_plan() {
                    match agent.make_job() {
                        Ok(Some(job)) => chunk.push((pos, job)),
                        Ok(None) => {}
                        Err(_) => stats.callback_errors += 1,
                    }
                }
                drop(agent);
                pos += 1;
            }
            let results = self.run_chunk(&chunk, threads);
            for ((p, job), done) in chunk.iter().zip(results) {
                if spent {
                    break;
                }
                let expanded = done.result.expanded();
                let hits = done.result.attempts.iter().filter(|a| a.2).count() as u64;
                let mut agent = walk[*p].1.lock();
                if agent.finish_replan(job, done.result) {
                    stats.planned += 1;
                    stats.expanded += expanded;
                    stats.cache_hits += hits;
                    last_planned = Some(walk[*p].0);
                    if stats.expanded >= max_nodes {
                        spent = true;
                    }
                }
            }
        }
        if let Some(id) = last_planned {
            *self.batch_cursor.lock() = slot_index(id);
        }
        stats.waiting = walk.iter().filter(|(_, a)| a.lock().needs_plan()).count() as u32;
        stats
    }

    /// Runs a chunk's jobs on up to `threads` threads; results in job order.
    fn run_chunk(&self, chunk: &[(usize, PlanJob)], threads: usize) -> Vec<Done> {
        let next = AtomicUsize::new(0);
        let work = |planner: &mut Planner| -> Vec<(usize, Done)> {
            let mut out = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((_, job)) = chunk.get(i) else { break };
                let result = job.run(|job, goal| self.search(planner, job, goal));
                out.push((i, Done { result }));
            }
            out
        };
        let helpers = threads.min(chunk.len()).saturating_sub(1);
        let mut all: Vec<(usize, Done)> = if helpers == 0 {
            let mut p = self.take_planner();
            let out = work(&mut p);
            self.return_planner(p);
            out
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..helpers)
                    .map(|_| {
                        s.spawn(|| {
                            let mut p = self.take_planner();
                            let out = work(&mut p);
                            self.return_planner(p);
                            out
                        })
                    })
                    .collect();
                let mut p = self.take_planner();
                let mut out = work(&mut p);
                self.return_planner(p);
                for h in handles {
                    match h.join() {
                        Ok(o) => out.extend(o),
                        Err(panic) => std::panic::resume_unwind(panic),
                    }
                }
                out
            })
        };
        all.sort_unstable_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, d)| d).collect()
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

/// The slot index of an agent id (its place in the walk order).
fn slot_index(id: AgentId) -> u32 {
    id.data().as_ffi() as u32
}
