//! A world: the root object that owns domains and agents and plans with them.
//!
//! A [`World`] is `Send + Sync`, and no call holds a lock for long:
//!
//! - The map from ids to domains sits behind a reader–writer lock that is held only to
//!   look a domain up, insert one or remove one (a map access of a few microseconds).
//!   Parsing a domain file, building a domain and dropping a destroyed one happen outside it.
//! - Each domain's contents ([`DomainEntry`]: facts, variables, actions, start state,
//!   goal) are kept
//!   as an `Arc` snapshot. Planning and other reads clone the `Arc` ([`World::snapshot`])
//!   and then work without any lock, so a plan sees the domain as it was when it started
//!   and never blocks anybody.
//! - Edits ([`World::edit`]) of one domain run one at a time (a per-domain edit lock); they
//!   are copy-on-write: when no snapshot is in use they change the contents in place,
//!   otherwise they change a private copy (the facts and actions are copied only when the
//!   edit changes them) and publish it when done. So an edit never waits for a plan, and a
//!   plan (or read) waits for an edit at most while an in-place edit of the same domain
//!   runs or a copy is published.
//!
//! Planning scratch memory comes from a pool of [`Planner`]s kept by the world, so parallel
//! plans do not contend for one planner and repeated plans reuse grown buffers.
//!
//! # Domain ids
//! Every domain created in the process gets a [`DomainId`] drawn from one global counter,
//! so an id is never handed out twice: an id from a destroyed domain (stale) or from another
//! world (foreign) finds nothing and fails with [`WorldError::UnknownDomain`].
//!
//! Agents (see [`crate::agent`] and the `agents` module) are kept in a slot table with
//! generational ids (the `slots` module); [`World::plan_agents`] plans many of them per call on worker threads,
//! sharing a plan cache ([`CacheStats`]).
#![forbid(unsafe_code)]

mod agents;
mod cache;
mod entry;
mod record;
mod shared;
mod slots;
mod tasks;

pub use agents::{BatchOptions, BatchStats, BATCH_CHUNK, MAX_AGENTS};
pub use cache::CacheStats;
pub use entry::{start_state, start_state_with, DomainEntry};
pub(crate) use shared::SharedCell;
pub use shared::SharedChange;
pub use tasks::{TaskFn, TaskSystem, ThreadPool, WORKER_THREAD_PREFIX};

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use parking_lot::{Mutex, RwLock};

use crate::agent::{Agent, AgentError, AgentId, GoalDef};
pub use crate::domain::DomainId;
use crate::domain::{Domain, DomainError, FactValue, Goal, VarCondition, VarId};
use crate::format::{self, DomainFile, FormatError};
use crate::planner::{OutOfMemory, PlanOptions, PlanResult, Planner, TableStore};
use crate::state::WorldState;

/// Drawing fresh [`DomainId`]s (the world hands them out).
impl DomainId {
    /// A fresh id, or `None` once the process has created `u32::MAX - 1` domains.
    fn next() -> Option<Self> {
        static NEXT: AtomicU32 = AtomicU32::new(1);
        Self::next_from(&NEXT)
    }

    /// The id `counter` holds, advancing it; `None` from `u32::MAX` on (which is never
    /// handed out, so the last id is `u32::MAX - 1`).
    fn next_from(counter: &AtomicU32) -> Option<Self> {
        counter
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_add(1))
            .ok()
            .and_then(Self::from_raw)
    }
}

/// Settings of a [`World`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorldDef {
    /// How many idle planners (with their grown search buffers and the exact tables they
    /// hold: at most 32 of at most 128 KiB each, see `goap::planner`) the world keeps for
    /// reuse. More parallel plans than this still work; their planners are freed afterwards.
    /// Exact tables are also shared by all the world's planners (at most 64 more, kept
    /// until the world is dropped or replaced by newer ones), so a freed planner's tables
    /// are not built again.
    pub max_idle_planners: usize,
    /// Threads [`World::plan_agents`] uses by default, the calling one included (≥ 1).
    /// Default: the machine's available parallelism.
    pub worker_threads: usize,
    /// Entries of the plan cache shared by the agents (0 turns it off). Default
    /// [`WorldDef::DEFAULT_PLAN_CACHE_CAPACITY`]. Searches that walk an exact
    /// goal-distance table (most small tasks under [`Heuristic::Auto`](crate::Heuristic))
    /// skip the cache: a walk costs about what a lookup does, and less than storing its
    /// result. They count as neither hits nor misses.
    pub plan_cache_capacity: usize,
    /// The most agents the world holds at once; creating one more fails with
    /// [`WorldError::TooManyAgents`]. Default (and upper bound) [`MAX_AGENTS`]. (The C ABI
    /// sets a lower limit: it packs an agent's slot into 24 bits of its id.)
    pub max_agents: usize,
}

impl WorldDef {
    /// Default for [`WorldDef::max_idle_planners`].
    pub const DEFAULT_MAX_IDLE_PLANNERS: usize = 8;
    /// Default for [`WorldDef::plan_cache_capacity`].
    pub const DEFAULT_PLAN_CACHE_CAPACITY: usize = 16_384;
}

impl Default for WorldDef {
    fn default() -> Self {
        WorldDef {
            max_idle_planners: Self::DEFAULT_MAX_IDLE_PLANNERS,
            worker_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            plan_cache_capacity: Self::DEFAULT_PLAN_CACHE_CAPACITY,
            max_agents: MAX_AGENTS,
        }
    }
}

/// Why a world operation failed.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldError {
    /// No domain with this id exists in this world (destroyed, or made by another world).
    UnknownDomain(DomainId),
    /// The process has used up all domain ids.
    TooManyDomains,
    /// A definition was rejected by the domain.
    Domain(DomainError),
    /// A domain file did not parse.
    Format(FormatError),
    /// The domain has no stored goal to plan toward.
    NoGoal(DomainId),
    /// No agent with this id exists in this world (destroyed, or never created here).
    UnknownAgent(AgentId),
    /// The world holds as many agents as it may ([`WorldDef::max_agents`], the number).
    TooManyAgents(usize),
    /// An agent call failed.
    Agent(AgentError),
    /// Compiling the domain needed more memory than the system gave (see
    /// [`crate::max_table_bytes`]).
    OutOfMemory(OutOfMemory),
    /// The flight recorder could not start or stop, or its writer failed (the message
    /// says which).
    Recording(String),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorldError::UnknownDomain(id) => write!(
                f,
                "domain id {id} does not exist in this world (destroyed, or created by another world)"
            ),
            WorldError::TooManyDomains => write!(f, "the process has used up all domain ids"),
            WorldError::Domain(e) => e.fmt(f),
            WorldError::Format(e) => e.fmt(f),
            WorldError::NoGoal(id) => write!(f, "domain {id} has no goal: set one first"),
            WorldError::UnknownAgent(_) => f.write_str(
                "the agent does not exist in this world (destroyed, or created by another world)",
            ),
            WorldError::TooManyAgents(n) => {
                write!(f, "the world holds {n} agents already, its maximum")
            }
            WorldError::Agent(e) => e.fmt(f),
            WorldError::OutOfMemory(e) => write!(f, "the domain cannot be planned with: {e}"),
            WorldError::Recording(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for WorldError {}

impl From<DomainError> for WorldError {
    fn from(e: DomainError) -> Self {
        WorldError::Domain(e)
    }
}

impl From<AgentError> for WorldError {
    fn from(e: AgentError) -> Self {
        match e {
            AgentError::Domain(e) => WorldError::Domain(e),
            e => WorldError::Agent(e),
        }
    }
}

impl From<FormatError> for WorldError {
    fn from(e: FormatError) -> Self {
        WorldError::Format(e)
    }
}

/// A domain's place in a [`World`].
#[derive(Debug)]
struct Slot {
    /// Held for the whole of an edit: edits of one domain run one at a time.
    edit: Mutex<()>,
    /// The current contents. Locked only to clone or replace the `Arc`, or for an in-place
    /// edit when nothing shares the contents.
    current: Mutex<Arc<DomainEntry>>,
    /// Shared facts and variables of the domain's agents.
    shared: Arc<SharedCell>,
}

/// The root object: domains, their start states and goals, and pooled planners.
#[derive(Debug, Default)]
pub struct World {
    def: WorldDef,
    domains: RwLock<BTreeMap<DomainId, Arc<Slot>>>,
    planners: Mutex<Vec<Planner>>,
    /// Exact tables shared by the world's planners (built once per key, not per planner).
    tables: Arc<TableStore>,
    agents: RwLock<slots::Slots<Arc<Mutex<Agent>>>>,
    cache: cache::PlanCache,
    /// Walk place (slot index + 1) of the last agent a batch planned (where the next batch
    /// continues); 0 before the first batch.
    batch_cursor: Mutex<u32>,
    /// Where parallel work runs.
    tasks: Tasks,
    /// The flight recorder (off unless started).
    recorder: Arc<crate::record::Recorder>,
}

/// Where a world's parallel work runs.
enum Tasks {
    /// Its own threads, created with it.
    Own(ThreadPool),
    /// The engine's job system.
    Engine(Arc<dyn TaskSystem>),
}

impl Default for Tasks {
    fn default() -> Self {
        Tasks::Own(ThreadPool::new(1))
    }
}

impl fmt::Debug for Tasks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tasks::Own(pool) => pool.fmt(f),
            Tasks::Engine(t) => write!(f, "Engine({} workers)", t.worker_count()),
        }
    }
}

// The FFI hands one world to many threads.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<World>();
};

impl World {
    /// An empty world with its own worker threads: `def.worker_threads - 1` threads are
    /// created here and kept (parked when idle) until the world is dropped, which joins
    /// them. No other call creates a thread.
    pub fn new(def: WorldDef) -> Self {
        World {
            def,
            cache: cache::PlanCache::new(def.plan_cache_capacity),
            tasks: Tasks::Own(ThreadPool::new(def.worker_threads)),
            ..World::default()
        }
    }

    /// An empty world whose parallel work (batch planning) runs on the engine's job system
    /// `tasks` instead of threads of its own (none is created). `def.worker_threads` is
    /// ignored: batches use up to `tasks.worker_count()` workers.
    pub fn with_tasks(def: WorldDef, tasks: Arc<dyn TaskSystem>) -> Self {
        World {
            def,
            cache: cache::PlanCache::new(def.plan_cache_capacity),
            tasks: Tasks::Engine(tasks),
            ..World::default()
        }
    }

    /// Threads a batch may use: the pool's, or the engine's workers.
    pub fn worker_count(&self) -> u32 {
        match &self.tasks {
            Tasks::Own(pool) => pool.worker_count(),
            Tasks::Engine(t) => t.worker_count().max(1),
        }
    }

    /// Runs `task` over `0..items` on up to `threads` threads (see [`TaskSystem::run`]).
    pub(crate) fn run_tasks(&self, threads: u32, items: u32, min_range: u32, task: TaskFn<'_>) {
        match &self.tasks {
            Tasks::Own(pool) => pool.run_on(threads, items, min_range, task),
            Tasks::Engine(t) if threads > 1 && items > min_range.max(1) => {
                t.run(items, min_range, task)
            }
            Tasks::Engine(_) => tasks::run_inline(items, task),
        }
    }

    /// The settings the world was created with.
    pub fn def(&self) -> WorldDef {
        self.def
    }

    /// Creates an empty domain. `name` may be empty; it only appears in messages. Like every
    /// name it must not contain a NUL character ([`DomainError::NulInName`]).
    pub fn create_domain(&self, name: &str) -> Result<DomainId, WorldError> {
        if name.contains('\0') {
            return Err(DomainError::NulInName(name.to_owned()).into());
        }
        self.insert(name, Domain::new(), WorldState::new(), None, Vec::new())
    }

    /// Creates a domain from a domain file's text, with the file's start state and goal.
    pub fn load_domain(&self, text: &str) -> Result<DomainId, WorldError> {
        self.insert_file(format::parse_domain(text)?)
    }

    /// Creates a domain from a parsed domain file. The domain is compiled for planning
    /// here: one too large to plan with is refused with [`WorldError::OutOfMemory`].
    pub fn insert_file(&self, file: DomainFile) -> Result<DomainId, WorldError> {
        file.domain.compile().map_err(WorldError::OutOfMemory)?;
        let goals = file
            .goals
            .into_iter()
            .map(|g| GoalDef {
                name: g.name,
                conditions: g.conditions,
                priority: g.priority,
                reset: g.reset,
                reset_vars: g.reset_vars,
                cooldown: g.cooldown,
            })
            .collect();
        self.insert("", file.domain, file.start, file.goal, goals)
    }

    fn insert(
        &self,
        name: &str,
        domain: Domain,
        start: WorldState,
        goal: Option<Goal>,
        goals: Vec<GoalDef>,
    ) -> Result<DomainId, WorldError> {
        let id = DomainId::next().ok_or(WorldError::TooManyDomains)?;
        let entry = DomainEntry {
            id,
            name: name.to_owned(),
            domain: Arc::new(domain),
            start,
            goal,
            goals,
        };
        let slot = Arc::new(Slot {
            edit: Mutex::new(()),
            current: Mutex::new(Arc::new(entry)),
            shared: Arc::default(),
        });
        self.domains.write().insert(id, slot);
        Ok(id)
    }

    /// Destroys a domain; its id (and its facts' and actions' ids) become stale. Plans
    /// running on it finish on their snapshot.
    pub fn destroy_domain(&self, id: DomainId) -> Result<(), WorldError> {
        let removed = self.domains.write().remove(&id);
        // Drop the domain after releasing the lock.
        removed.map(drop).ok_or(WorldError::UnknownDomain(id))
    }

    /// Number of live domains.
    pub fn domain_count(&self) -> usize {
        self.domains.read().len()
    }

    fn slot(&self, id: DomainId) -> Result<Arc<Slot>, WorldError> {
        self.domains
            .read()
            .get(&id)
            .cloned()
            .ok_or(WorldError::UnknownDomain(id))
    }

    /// The domain's contents as of now. Holds no lock: later edits do not change the
    /// snapshot (they copy what they change while it is alive).
    pub fn snapshot(&self, id: DomainId) -> Result<Arc<DomainEntry>, WorldError> {
        let slot = self.slot(id)?;
        let entry = Arc::clone(&slot.current.lock());
        Ok(entry)
    }

    /// Runs `edit` on the domain's contents and keeps its changes when it succeeds.
    ///
    /// Edits of one domain run one at a time; they never wait for plans or for edits of
    /// other domains. When no snapshot shares the contents, `edit` changes them in place
    /// (snapshots taken meanwhile wait for it); otherwise it changes a private copy, which
    /// replaces the contents when `edit` returns `Ok` and is dropped when it returns `Err`.
    /// Either way `edit` must leave the entry unchanged when it fails.
    pub fn edit<T, E: From<WorldError>>(
        &self,
        id: DomainId,
        edit: impl FnOnce(&mut DomainEntry) -> Result<T, E>,
    ) -> Result<T, E> {
        let slot = self.slot(id)?;
        let _one_at_a_time = slot.edit.lock();
        {
            let mut current = slot.current.lock();
            if let Some(entry) = Arc::get_mut(&mut current) {
                if Arc::get_mut(&mut entry.domain).is_some() {
                    return edit(entry); // nothing shares it: no copy needed
                }
            }
        }
        // A plan is using the contents. Only this thread edits them (the edit lock), so the
        // copy stays current until it is published.
        let shared = Arc::clone(&slot.current.lock());
        let mut copy = DomainEntry::clone(&shared); // shares the facts and actions for now
        drop(shared);
        let result = edit(&mut copy)?;
        let old = std::mem::replace(&mut *slot.current.lock(), Arc::new(copy));
        drop(old); // after unlocking: the last snapshot's owner frees it otherwise
        Ok(result)
    }

    /// Plans from the domain's stored start state to its stored goal.
    pub fn plan(&self, id: DomainId, options: &PlanOptions) -> Result<PlanResult, WorldError> {
        let entry = self.snapshot(id)?;
        let goal = entry.goal().ok_or(WorldError::NoGoal(id))?;
        Ok(self.plan_with(entry.domain(), entry.start(), goal, options))
    }

    /// Plans with an explicit start state (listed `true` facts hold) and goal.
    pub fn plan_from(
        &self,
        id: DomainId,
        start: &[FactValue],
        goal: &[FactValue],
        options: &PlanOptions,
    ) -> Result<PlanResult, WorldError> {
        let entry = self.snapshot(id)?;
        let domain = entry.domain();
        let start = start_state(domain, start)?;
        let goal = domain.conditions(goal.iter().copied())?;
        Ok(self.plan_with(domain, &start, &goal, options))
    }

    /// Plans with an explicit start state (listed `true` facts hold, listed variables take
    /// their values, others their defaults) and goal (fact and variable conditions).
    pub fn plan_problem(
        &self,
        id: DomainId,
        start: (&[FactValue], &[(VarId, i32)]),
        goal: (&[FactValue], &[VarCondition]),
        options: &PlanOptions,
    ) -> Result<PlanResult, WorldError> {
        let entry = self.snapshot(id)?;
        let domain = entry.domain();
        let start = start_state_with(domain, start.0, start.1)?;
        let goal = domain.conditions_with(goal.0.iter().copied(), goal.1.iter().copied())?;
        Ok(self.plan_with(domain, &start, &goal, options))
    }

    /// Plans on `domain` (typically from a [`World::snapshot`]) with a pooled planner.
    pub fn plan_with(
        &self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
    ) -> PlanResult {
        let mut planner = self.take_planner();
        // A panic below drops the planner instead of returning half-updated buffers.
        let result = planner.plan(domain, start, goal, options);
        self.return_planner(planner);
        result
    }

    /// An idle planner from the pool, or a new one.
    fn take_planner(&self) -> Planner {
        self.planners
            .lock()
            .pop()
            .unwrap_or_else(|| Planner::sharing(&self.tables))
    }

    /// Gives a planner back to the pool (dropped when the pool is full).
    fn return_planner(&self, planner: Planner) {
        let mut idle = self.planners.lock();
        if idle.len() < self.def.max_idle_planners {
            idle.push(planner);
        }
    }

    /// Number of idle planners kept for reuse.
    pub fn idle_planners(&self) -> usize {
        self.planners.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{ActionDef, FactId};
    use crate::planner::Outcome;

    fn chop_world() -> (World, DomainId, FactId) {
        let world = World::new(WorldDef::default());
        let id = world.create_domain("wood").unwrap();
        let axe = world
            .edit(id, |e| -> Result<_, WorldError> {
                let axe = e.domain_mut().add_fact("axe")?;
                let wood = e.domain_mut().add_fact("wood")?;
                e.domain_mut().add_action(ActionDef {
                    name: "get_axe".into(),
                    pre: vec![],
                    effects: vec![FactValue::new(axe, true)],
                    cost: 2.0,
                    ..Default::default()
                })?;
                e.domain_mut().add_action(ActionDef {
                    name: "chop".into(),
                    pre: vec![FactValue::new(axe, true)],
                    effects: vec![FactValue::new(wood, true)],
                    cost: 1.0,
                    ..Default::default()
                })?;
                e.set_goal(&[FactValue::new(wood, true)])?;
                Ok(axe)
            })
            .unwrap();
        (world, id, axe)
    }

    /// [`World::edit`] with a core edit.
    fn edit<T>(
        world: &World,
        id: DomainId,
        f: impl FnOnce(&mut DomainEntry) -> Result<T, DomainError>,
    ) -> Result<T, WorldError> {
        world.edit(id, |e| f(e).map_err(WorldError::from))
    }

    /// Adds a fact through [`World::edit`].
    fn add_fact(world: &World, id: DomainId, name: &str) -> Result<FactId, WorldError> {
        world.edit(id, |e| Ok(e.domain_mut().add_fact(name)?))
    }

    #[test]
    fn plans_stored_and_explicit_problems() {
        let (world, id, axe) = chop_world();
        let r = world.plan(id, &PlanOptions::default()).unwrap();
        assert_eq!(r.plan().unwrap().cost, 3.0);
        let wood = world
            .snapshot(id)
            .unwrap()
            .domain()
            .fact_id("wood")
            .unwrap();
        let r = world
            .plan_from(
                id,
                &[FactValue::new(axe, true)],
                &[FactValue::new(wood, true)],
                &PlanOptions::default(),
            )
            .unwrap();
        assert_eq!(r.plan().unwrap().cost, 1.0);
        assert_eq!(world.idle_planners(), 1);
    }

    #[test]
    fn ids_are_never_reused_and_never_shared_between_worlds() {
        let (a, id, _) = chop_world();
        let b = World::new(WorldDef::default());
        let other = b.create_domain("").unwrap();
        assert_ne!(id, other);
        assert!(matches!(
            a.snapshot(other),
            Err(WorldError::UnknownDomain(_))
        ));
        assert!(matches!(
            add_fact(&a, other, "x"),
            Err(WorldError::UnknownDomain(_))
        ));
        a.destroy_domain(id).unwrap();
        assert_eq!(a.destroy_domain(id), Err(WorldError::UnknownDomain(id)));
        let again = a.create_domain("").unwrap();
        assert_ne!(again, id);
        assert!(a.plan(id, &PlanOptions::default()).is_err());
    }

    #[test]
    fn missing_goal_and_bad_start_are_errors() {
        let world = World::new(WorldDef::default());
        let id = world.create_domain("").unwrap();
        assert_eq!(
            world.plan(id, &PlanOptions::default()),
            Err(WorldError::NoGoal(id))
        );
        let f = add_fact(&world, id, "f").unwrap();
        let both = [FactValue::new(f, true), FactValue::new(f, false)];
        assert!(matches!(
            edit(&world, id, |e| e.set_start(&both)),
            Err(WorldError::Domain(DomainError::Contradiction { .. }))
        ));
        assert!(edit(&world, id, |e| e
            .set_start(&[FactValue::new(FactId(9), true)]))
        .is_err());
        edit(&world, id, |e| e.set_goal(&[])).unwrap();
        let r = world.plan(id, &PlanOptions::default()).unwrap();
        assert_eq!(r.outcome, Outcome::Found(Default::default()));
    }

    #[test]
    fn edits_copy_only_what_a_snapshot_shares() {
        let (world, id, axe) = chop_world();
        // Nobody holds a snapshot: edits change the contents in place.
        let before = Arc::as_ptr(&world.snapshot(id).unwrap());
        add_fact(&world, id, "in_place").unwrap();
        assert_eq!(Arc::as_ptr(&world.snapshot(id).unwrap()), before);
        // A snapshot in use keeps the contents it was taken with.
        let old = world.snapshot(id).unwrap();
        edit(&world, id, |e| e.set_start(&[FactValue::new(axe, true)])).unwrap();
        let new = world.snapshot(id).unwrap();
        assert!(!old.start().get(axe) && new.start().get(axe));
        // The start state changed, the facts and actions did not: they are shared.
        assert!(Arc::ptr_eq(&old.domain, &new.domain));
        drop(new);
        add_fact(&world, id, "copied").unwrap();
        let new = world.snapshot(id).unwrap();
        assert_eq!(
            (old.domain().fact_count(), new.domain().fact_count()),
            (3, 4)
        );
        assert!(!Arc::ptr_eq(&old.domain, &new.domain));
        // A failed edit of a copy publishes nothing.
        let held = Arc::clone(&new);
        assert!(add_fact(&world, id, "").is_err());
        assert!(Arc::ptr_eq(&world.snapshot(id).unwrap(), &held));
        assert_eq!(
            world
                .plan(id, &PlanOptions::default())
                .unwrap()
                .plan()
                .unwrap()
                .cost,
            1.0
        );
    }

    #[test]
    fn domain_ids_run_out_after_u32_max_minus_1() {
        let counter = AtomicU32::new(u32::MAX - 2);
        let ids: Vec<_> = (0..4).map(|_| DomainId::next_from(&counter)).collect();
        let last = DomainId::from_raw(u32::MAX - 1);
        assert_eq!(ids, [DomainId::from_raw(u32::MAX - 2), last, None, None]);
        // The world reports it as TooManyDomains, the C ABI as GOAP_STATUS_TOO_MANY.
        #[cfg(feature = "capi")]
        {
            let e = crate::ffi::FfiError::from(WorldError::TooManyDomains);
            assert_eq!(e.status, crate::ffi::GoapStatus::TooMany);
        }
    }

    #[test]
    fn start_and_goal_keep_the_part_not_replaced() {
        use crate::domain::{Compare, VarDef};
        let (world, id, axe) = chop_world();
        let ammo = world
            .edit(id, |e| -> Result<_, WorldError> {
                let ammo = e.domain_mut().add_var(VarDef::new("ammo", 0, 30))?;
                e.set_start_vars(&[(ammo, 7)])?;
                e.set_start(&[FactValue::new(axe, true)])?;
                e.set_goal_vars(&[VarCondition::new(ammo, Compare::Ge, 3)])?;
                e.set_goal(&[FactValue::new(axe, true)])?;
                Ok(ammo)
            })
            .unwrap();
        let e = world.snapshot(id).unwrap();
        assert_eq!((e.start().get(axe), e.start().var(ammo)), (true, Some(7)));
        let goal = e.goal().unwrap();
        assert_eq!(goal.entries(), &[FactValue::new(axe, true)]);
        assert_eq!(
            goal.var_conditions(),
            &[VarCondition::new(ammo, Compare::Ge, 3)]
        );
        drop(e);
        // Unlisted variables go back to their defaults; facts stay.
        edit(&world, id, |e| e.set_start_vars(&[])).unwrap();
        let e = world.snapshot(id).unwrap();
        assert_eq!((e.start().get(axe), e.start().var(ammo)), (true, None));
    }

    #[test]
    fn start_values_are_checked() {
        use crate::domain::VarDef;
        let (world, id, _) = chop_world();
        let ammo = world
            .edit(id, |e| {
                Ok::<_, WorldError>(e.domain_mut().add_var(VarDef::new("ammo", 0, 30))?)
            })
            .unwrap();
        let e = edit(&world, id, |e| e.set_start_vars(&[(ammo, 31)])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "start: variable \"ammo\": value 31 is outside the range [0, 30]"
        );
        let e = edit(&world, id, |e| e.set_start_vars(&[(ammo, 3), (ammo, 4)])).unwrap_err();
        assert!(
            matches!(e, WorldError::Domain(DomainError::VarConflict { .. })),
            "{e}"
        );
        assert!(e.to_string().contains("two values, 3 and 4"), "{e}");
        edit(&world, id, |e| e.set_start_vars(&[(ammo, 3), (ammo, 3)])).unwrap();
        assert_eq!(
            edit(&world, id, |e| e.set_start_vars(&[(VarId(5), 1)])),
            Err(WorldError::Domain(DomainError::UnknownVar(VarId(5))))
        );
        assert_eq!(world.snapshot(id).unwrap().start().var(ammo), Some(3));
    }

    #[test]
    fn idle_planners_are_capped() {
        let world = World::new(WorldDef {
            max_idle_planners: 0,
            ..WorldDef::default()
        });
        let id = world.create_domain("").unwrap();
        edit(&world, id, |e| e.set_goal(&[])).unwrap();
        world.plan(id, &PlanOptions::default()).unwrap();
        assert_eq!(world.idle_planners(), 0);
    }

    /// The world's planners share their exact tables: with no idle planner kept, every
    /// search takes a new planner, and the chop domain's table is still built once (the
    /// store holds one table, whatever the number of searches).
    #[test]
    fn planners_share_exact_tables() {
        let (world, id, _) = chop_world();
        let world = World {
            def: WorldDef {
                max_idle_planners: 0,
                ..WorldDef::default()
            },
            ..world
        };
        for _ in 0..3 {
            let r = world.plan(id, &PlanOptions::default()).unwrap();
            assert_eq!(r.plan().unwrap().cost, 3.0);
            assert_eq!(r.stats.expanded, 2, "walked");
        }
        assert_eq!(world.idle_planners(), 0);
        assert_eq!(world.tables.len(), 1);
    }
}
