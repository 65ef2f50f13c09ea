//! The plan cache shared by a world's agents.
//!
//! Key: the domain (by identity), the start state, the goal, the action context (disabled
//! actions and costs) and the search options; value: the search result. The planner is
//! deterministic, so a cached result is the result a fresh search would give (the tests
//! check it); only `stats.elapsed` is that of the original search.
//!
//! Eviction: two generations. New entries go into the current map; when it holds half the
//! capacity, it becomes the previous map and the old previous map is dropped. A hit in the
//! previous map moves the entry to the current one. So recently used plans survive and the
//! cache never holds more than `capacity` entries.

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;

use crate::domain::{Domain, Goal};
use crate::planner::{ActionContext, Heuristic, PlanResult};
use crate::state::WorldState;

/// Plan cache counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Searches answered from the cache.
    pub hits: u64,
    /// Searches that ran (and were then stored).
    pub misses: u64,
    /// Entries dropped to make room.
    pub evictions: u64,
    /// Entries held now.
    pub entries: u64,
    /// The most entries the cache holds (0: the cache is off).
    pub capacity: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct CacheKey {
    /// `Arc::as_ptr` of the domain: the entry keeps the domain alive, so the address cannot
    /// be reused by another domain while the entry exists.
    domain: usize,
    state: WorldState,
    goal: Goal,
    context: ActionContext,
    max_nodes: u32,
    heuristic: Heuristic,
}

impl CacheKey {
    pub(crate) fn new(
        domain: &Arc<Domain>,
        state: &WorldState,
        goal: &Goal,
        context: &ActionContext,
        max_nodes: u32,
        heuristic: Heuristic,
    ) -> Self {
        CacheKey {
            domain: Arc::as_ptr(domain) as usize,
            state: state.clone(),
            goal: goal.clone(),
            context: context.clone(),
            max_nodes,
            heuristic,
        }
    }
}

#[derive(Debug)]
struct Entry {
    _domain: Arc<Domain>,
    result: PlanResult,
}

#[derive(Debug, Default)]
struct Maps {
    current: HashMap<CacheKey, Entry>,
    previous: HashMap<CacheKey, Entry>,
    stats: CacheStats,
}

/// A bounded map from search inputs to search results.
#[derive(Debug, Default)]
pub(crate) struct PlanCache {
    maps: Mutex<Maps>,
    capacity: usize,
}

impl PlanCache {
    pub(crate) fn new(capacity: usize) -> Self {
        PlanCache {
            maps: Mutex::new(Maps::default()),
            capacity,
        }
    }

    pub(crate) fn enabled(&self) -> bool {
        self.capacity > 0
    }

    /// The cached result for `key`, counting a hit or a miss.
    pub(crate) fn get(&self, key: &CacheKey) -> Option<PlanResult> {
        let mut m = self.maps.lock();
        if let Some(e) = m.current.get(key) {
            let r = e.result.clone();
            m.stats.hits += 1;
            return Some(r);
        }
        if let Some((k, e)) = m.previous.remove_entry(key) {
            let r = e.result.clone();
            m.stats.hits += 1;
            Self::insert_locked(&mut m, self.capacity, k, e);
            return Some(r);
        }
        m.stats.misses += 1;
        None
    }

    pub(crate) fn insert(&self, key: CacheKey, domain: &Arc<Domain>, result: &PlanResult) {
        let mut m = self.maps.lock();
        let entry = Entry {
            _domain: Arc::clone(domain),
            result: result.clone(),
        };
        Self::insert_locked(&mut m, self.capacity, key, entry);
    }

    fn insert_locked(m: &mut Maps, capacity: usize, key: CacheKey, entry: Entry) {
        let half = capacity.div_ceil(2);
        if m.current.len() >= half && !m.current.contains_key(&key) {
            let old = std::mem::replace(&mut m.previous, std::mem::take(&mut m.current));
            m.stats.evictions += old.len() as u64;
            // Dropping `old` may free domains; it happens under the lock but is rare.
        }
        m.current.insert(key, entry);
    }

    pub(crate) fn stats(&self) -> CacheStats {
        let m = self.maps.lock();
        CacheStats {
            entries: (m.current.len() + m.previous.len()) as u64,
            capacity: self.capacity as u64,
            ..m.stats
        }
    }

    /// Drops every entry and resets the counters.
    pub(crate) fn clear(&self) {
        let old = std::mem::take(&mut *self.maps.lock());
        drop(old);
    }
}
