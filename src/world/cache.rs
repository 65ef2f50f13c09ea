//! The plan cache shared by a world's agents.
//!
//! Searches that walk an exact goal-distance table skip it (decided by their inputs alone,
//! [`Planner::walks_table`](crate::planner::Planner)): a walk costs about what a lookup
//! does and less than an insert, so only the searches that cost more go through it.
//!
//! Key: the domain (by identity), the start state, the goal, the action context (disabled
//! actions and costs) and the search options; value: the search result. The planner is
//! deterministic, so a cached result is the result a fresh search would give (the tests
//! check it); only `stats.elapsed` is that of the original search.
//!
//! The cache is split into 16 shards by key hash, each with its own lock; a key is hashed
//! once (Fx hash) and a hit copies its result outside the lock, so parallel searches rarely
//! wait for each other.
//!
//! Eviction, per shard: two generations. New entries go into the current map; when it holds
//! its share of half the capacity, it becomes the previous map and the old previous map is
//! dropped. A hit in the previous map moves the entry to the current one. So recently used
//! plans survive and the cache never holds more than `capacity` entries, rounded up to a
//! multiple of 32 (the capacity [`CacheStats`] reports).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Arc;

use parking_lot::Mutex;

use crate::domain::{Domain, Goal};
use crate::planner::{ActionContext, Direction, Heuristic, PlanOptions, PlanResult};
use crate::state::WorldState;

/// Plan cache counters. Searches that walk an exact table skip the cache and count as
/// neither hits nor misses (see [`WorldDef::plan_cache_capacity`](crate::world::WorldDef)).
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
    /// The most entries the cache holds: the capacity asked for, rounded up to a multiple
    /// of 32 (0: the cache is off).
    pub capacity: u64,
}

/// What a search depends on. Hashed once, when made, with a fast non-cryptographic hash
/// (the inputs come from the game, not from an adversary); the maps reuse that hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CacheKey {
    hash: u64,
    /// `Arc::as_ptr` of the domain: the entry keeps the domain alive, so the address cannot
    /// be reused by another domain while the entry exists.
    domain: usize,
    state: WorldState,
    goal: Goal,
    context: ActionContext,
    max_nodes: u32,
    heuristic: Heuristic,
    /// The direction asked for: under a node limit, and in which of several optimal plans
    /// it returns, a search depends on it.
    direction: Direction,
}

impl Hash for CacheKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl CacheKey {
    pub(crate) fn new(
        domain: &Arc<Domain>,
        state: &WorldState,
        goal: &Goal,
        context: &ActionContext,
        options: &PlanOptions,
    ) -> Self {
        let mut key = CacheKey {
            hash: 0,
            domain: Arc::as_ptr(domain) as usize,
            state: state.clone(),
            goal: goal.clone(),
            context: context.clone(),
            max_nodes: options.max_nodes,
            heuristic: options.heuristic,
            direction: options.direction,
        };
        // The domain's address is compared but not hashed, so that where an entry goes (its
        // shard, hence eviction) does not depend on addresses and is the same on every run.
        let mut h = FxHasher::default();
        key.state.hash(&mut h);
        key.goal.hash(&mut h);
        key.context.hash(&mut h);
        key.max_nodes.hash(&mut h);
        key.heuristic.hash(&mut h);
        key.direction.hash(&mut h);
        key.hash = h.finish();
        key
    }
}

/// The Fx hash (as in rustc): one multiply and rotate per word.
#[derive(Default)]
struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// Hands the key's stored hash to the map.
#[derive(Default)]
struct StoredHash(u64);

impl Hasher for StoredHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, _: &[u8]) {
        unreachable!("CacheKey hashes as one u64");
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type Map = HashMap<CacheKey, Entry, BuildHasherDefault<StoredHash>>;

#[derive(Debug)]
struct Entry {
    _domain: Arc<Domain>,
    result: Arc<PlanResult>,
}

#[derive(Debug, Default)]
struct Shard {
    current: Map,
    previous: Map,
    hits: u64,
    misses: u64,
    evictions: u64,
}

/// Independent shards (by hash), so parallel searches rarely wait for each other.
const SHARDS: usize = 16;

/// A bounded map from search inputs to search results.
#[derive(Debug)]
pub(crate) struct PlanCache {
    shards: Vec<Mutex<Shard>>,
    /// Entries per shard and generation: the shard holds at most twice this.
    half: usize,
    capacity: usize,
}

impl Default for PlanCache {
    fn default() -> Self {
        PlanCache::new(0)
    }
}

impl PlanCache {
    pub(crate) fn new(capacity: usize) -> Self {
        PlanCache {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            half: capacity.div_ceil(2 * SHARDS),
            capacity: capacity.div_ceil(2 * SHARDS) * 2 * SHARDS,
        }
    }

    pub(crate) fn enabled(&self) -> bool {
        self.capacity > 0
    }

    fn shard(&self, key: &CacheKey) -> &Mutex<Shard> {
        // The top bits: the map uses the low ones.
        &self.shards[(key.hash >> 60) as usize % SHARDS]
    }

    /// The cached result for `key`, counting a hit or a miss.
    pub(crate) fn get(&self, key: &CacheKey) -> Option<PlanResult> {
        let found = {
            let mut shard = self.shard(key).lock();
            let found = match shard.current.get(key) {
                Some(e) => Some(Arc::clone(&e.result)),
                None => match shard.previous.remove_entry(key) {
                    Some((k, e)) => {
                        let r = Arc::clone(&e.result);
                        Self::insert_locked(&mut shard, self.half, k, e);
                        Some(r)
                    }
                    None => None,
                },
            };
            match found {
                Some(_) => shard.hits += 1,
                None => shard.misses += 1,
            }
            found
        };
        // The copy is made outside the lock.
        found.map(|r| PlanResult::clone(&r))
    }

    pub(crate) fn insert(&self, key: CacheKey, domain: &Arc<Domain>, result: &PlanResult) {
        let entry = Entry {
            _domain: Arc::clone(domain),
            result: Arc::new(result.clone()),
        };
        let evicted = {
            let mut shard = self.shard(&key).lock();
            Self::insert_locked(&mut shard, self.half, key, entry)
        };
        drop(evicted); // outside the lock: it may free domains
    }

    /// Inserts; when the current generation is full, it becomes the previous one and the
    /// old previous generation is returned (for dropping outside the lock).
    fn insert_locked(shard: &mut Shard, half: usize, key: CacheKey, entry: Entry) -> Option<Map> {
        let mut evicted = None;
        if shard.current.len() >= half.max(1) && !shard.current.contains_key(&key) {
            let current = std::mem::take(&mut shard.current);
            let old = std::mem::replace(&mut shard.previous, current);
            shard.evictions += old.len() as u64;
            evicted = Some(old);
        }
        shard.current.insert(key, entry);
        evicted
    }

    pub(crate) fn stats(&self) -> CacheStats {
        let mut stats = CacheStats {
            capacity: self.capacity as u64,
            ..CacheStats::default()
        };
        for shard in &self.shards {
            let s = shard.lock();
            stats.hits += s.hits;
            stats.misses += s.misses;
            stats.evictions += s.evictions;
            stats.entries += (s.current.len() + s.previous.len()) as u64;
        }
        stats
    }

    /// Drops every entry and resets the counters.
    pub(crate) fn clear(&self) {
        for shard in &self.shards {
            let old = std::mem::take(&mut *shard.lock());
            drop(old);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::FactId;
    use crate::planner::{Outcome, Plan};

    fn key(domain: &Arc<Domain>, i: u32) -> CacheKey {
        let mut state = WorldState::new();
        for b in 0..20 {
            if i >> b & 1 == 1 {
                state.set(FactId(b), true);
            }
        }
        CacheKey::new(
            domain,
            &state,
            &Goal::default(),
            &ActionContext::new(),
            &PlanOptions {
                max_nodes: 10,
                ..PlanOptions::default()
            },
        )
    }

    fn result(cost: f64) -> PlanResult {
        PlanResult {
            outcome: Outcome::Found(Plan {
                actions: vec![],
                cost,
            }),
            stats: Default::default(),
        }
    }

    /// The direction is part of the key: agents asking for different directions do not
    /// share entries.
    #[test]
    fn the_direction_is_part_of_the_key() {
        let d = Arc::new(Domain::new());
        let with = |direction| {
            CacheKey::new(
                &d,
                &WorldState::new(),
                &Goal::default(),
                &ActionContext::new(),
                &PlanOptions {
                    direction,
                    ..PlanOptions::default()
                },
            )
        };
        assert_ne!(with(Direction::Forward), with(Direction::Backward));
        assert_ne!(with(Direction::Auto), with(Direction::Backward));
        assert_eq!(with(Direction::Backward), with(Direction::Backward));
        let cache = PlanCache::new(64);
        cache.insert(with(Direction::Forward), &d, &result(3.0));
        assert!(cache.get(&with(Direction::Backward)).is_none());
        assert!(cache.get(&with(Direction::Forward)).is_some());
    }

    #[test]
    fn holds_at_most_its_capacity_and_keeps_what_is_used() {
        let d = Arc::new(Domain::new());
        let cache = PlanCache::new(100); // rounded up to 128
        assert_eq!(cache.stats().capacity, 128);
        for i in 0..1000 {
            cache.insert(key(&d, i), &d, &result(f64::from(i)));
            assert!(cache.stats().entries <= 128);
            // Entry 0 is asked for all the time: it survives every eviction.
            let hit = cache.get(&key(&d, 0)).expect("kept while used");
            assert_eq!(hit.plan().unwrap().cost, 0.0);
        }
        let s = cache.stats();
        assert!(s.evictions > 800 && s.hits == 1000, "{s:?}");
        // A recent entry is there, an old one is not; equal keys from equal inputs.
        assert_eq!(
            cache.get(&key(&d, 999)).unwrap().plan().unwrap().cost,
            999.0
        );
        assert!(cache.get(&key(&d, 500)).is_none());
        assert_eq!(key(&d, 7), key(&d, 7));
        assert_ne!(key(&d, 7).hash, key(&d, 8).hash);
        // Another domain never hits this one's entries.
        let other = Arc::new(Domain::new());
        assert!(cache.get(&key(&other, 999)).is_none());
        cache.clear();
        assert_eq!(
            cache.stats(),
            CacheStats {
                capacity: 128,
                ..CacheStats::default()
            }
        );
        assert!(!PlanCache::new(0).enabled());
    }
}
