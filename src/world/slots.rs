//! The agents' generational slot table: the library's own, so that an agent id's layout
//! (slot index and generation, see [`AgentId`]) is documented and stable, not another
//! crate's internal key layout.
//!
//! A slot's generation starts at the table's first generation with its first agent and
//! grows by one each time the slot is given to a new agent, so the id of a destroyed agent
//! never names a later one of the same table. The first generation differs from table to
//! table (one per world): the n-th table made in the process starts at a value spread over
//! the 32 bits by a multiplicative hash of n, so an id kept from a destroyed world is
//! unlikely to name an agent of a later world even where the C ABI's world tags repeat. A
//! slot whose generation reached `u32::MAX` is retired (never reused). Free slots are reused
//! last freed first; iteration runs in slot order. Everything is deterministic: the same
//! calls in the same order give the same ids.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::agent::AgentId;

/// Tables made so far in the process.
static TABLES: AtomicU32 = AtomicU32::new(0);

/// The first generation of the `n`-th table: Fibonacci hashing spreads consecutive tables
/// over the 32 bits; never 0, and at most `u32::MAX - 2^16` so every slot serves at least
/// 65,536 agents before it retires.
fn first_generation(n: u32) -> u32 {
    let spread = n.wrapping_mul(0x9E37_79B9) >> 1;
    spread.clamp(1, u32::MAX - (1 << 16))
}

#[derive(Debug)]
struct Entry<T> {
    /// The generation of the slot's current (or, when vacant, last) value; 0 before its
    /// first.
    generation: u32,
    value: Option<T>,
}

/// Values keyed by [`AgentId`].
#[derive(Debug)]
pub(crate) struct Slots<T> {
    entries: Vec<Entry<T>>,
    /// Vacant slots that can be reused, the last freed at the end.
    free: Vec<u32>,
    len: usize,
    /// The generation of a slot's first value.
    first: u32,
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots::starting_at(first_generation(TABLES.fetch_add(1, Ordering::Relaxed)))
    }
}

impl<T> Slots<T> {
    /// An empty table whose slots' first generation is `first` (at least 1).
    pub(crate) fn starting_at(first: u32) -> Self {
        Slots {
            entries: Vec::new(),
            free: Vec::new(),
            len: 0,
            first: first.max(1),
        }
    }

    /// Live values.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Inserts the value `make` builds for its id; nothing changes when it fails. Slot
    /// indices go up to `u32::MAX - 1`.
    pub(crate) fn try_insert_with_key<E>(
        &mut self,
        make: impl FnOnce(AgentId) -> Result<T, E>,
    ) -> Result<AgentId, E> {
        let index = match self.free.last() {
            Some(&i) => i,
            None => u32::try_from(self.entries.len())
                .ok()
                .filter(|&i| i != u32::MAX)
                .expect("fewer than u32::MAX agent slots"),
        };
        let generation = self
            .entries
            .get(index as usize)
            .map_or(self.first, |e| e.generation + 1);
        let id = AgentId::from_parts(index, generation);
        let value = make(id)?;
        match self.entries.get_mut(index as usize) {
            Some(e) => {
                self.free.pop();
                e.generation = generation;
                e.value = Some(value);
            }
            None => self.entries.push(Entry {
                generation,
                value: Some(value),
            }),
        }
        self.len += 1;
        Ok(id)
    }

    /// Removes and returns the value of `id`; `None` when `id` names no live value.
    pub(crate) fn remove(&mut self, id: AgentId) -> Option<T> {
        let e = self.entries.get_mut(id.index() as usize)?;
        if e.generation != id.generation() {
            return None;
        }
        let value = e.value.take()?;
        self.len -= 1;
        if e.generation != u32::MAX {
            self.free.push(id.index());
        }
        Some(value)
    }

    /// The value of `id`.
    pub(crate) fn get(&self, id: AgentId) -> Option<&T> {
        let e = self.entries.get(id.index() as usize)?;
        (e.generation == id.generation())
            .then_some(e.value.as_ref())
            .flatten()
    }

    /// Live values with their ids, in slot order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (AgentId, &T)> {
        self.entries.iter().enumerate().filter_map(|(i, e)| {
            let value = e.value.as_ref()?;
            Some((AgentId::from_parts(i as u32, e.generation), value))
        })
    }
}

impl<T> Slots<T> {
    /// The layout: first generation, each slot's generation, the free slots.
    pub(crate) fn layout(&self) -> (u32, Vec<u32>, Vec<u32>) {
        (
            self.first,
            self.entries.iter().map(|e| e.generation).collect(),
            self.free.clone(),
        )
    }

    /// An empty table with a recorded layout: slots not free are reserved until
    /// [`Slots::insert_at`] fills or [`Slots::release`] frees them. Fails on a malformed
    /// layout.
    pub(crate) fn from_layout(
        first: u32,
        generations: &[u32],
        free: &[u32],
    ) -> Result<Self, String> {
        let n = generations.len();
        let mut seen = vec![false; n];
        for &f in free {
            match seen.get_mut(f as usize) {
                Some(s) if !*s => *s = true,
                _ => return Err(format!("free slot {f} is out of range or listed twice")),
            }
        }
        if n >= u32::MAX as usize {
            return Err("too many slots".into());
        }
        Ok(Slots {
            entries: generations
                .iter()
                .map(|&generation| Entry {
                    generation,
                    value: None,
                })
                .collect(),
            free: free.to_vec(),
            len: 0,
            first: first.max(1),
        })
    }

    /// Fills the reserved slot of `id` (see [`Slots::from_layout`]); false when `id` does
    /// not name a reserved slot.
    pub(crate) fn insert_at(&mut self, id: AgentId, value: T) -> bool {
        let i = id.index();
        if self.free.contains(&i) {
            return false;
        }
        match self.entries.get_mut(i as usize) {
            Some(e) if e.generation == id.generation() && e.value.is_none() => {
                e.value = Some(value);
                self.len += 1;
                true
            }
            _ => false,
        }
    }

    /// Frees the reserved slot of `id`, as removing its value would.
    pub(crate) fn release(&mut self, id: AgentId) {
        let i = id.index();
        let reserved = self
            .entries
            .get(i as usize)
            .is_some_and(|e| e.generation == id.generation() && e.value.is_none());
        if reserved && !self.free.contains(&i) && id.generation() != u32::MAX {
            self.free.push(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insert(s: &mut Slots<u32>, v: u32) -> AgentId {
        s.try_insert_with_key(|_| Ok::<_, ()>(v)).unwrap()
    }

    #[test]
    fn a_removed_id_is_stale_and_its_slot_is_reused_with_a_new_generation() {
        let mut s = Slots::starting_at(1);
        let a = insert(&mut s, 1);
        let b = insert(&mut s, 2);
        assert_eq!((a.index(), a.generation()), (0, 1));
        assert_eq!((b.index(), b.generation()), (1, 1));
        assert_eq!(s.remove(a), Some(1));
        assert_eq!(s.remove(a), None);
        assert_eq!(s.get(a), None);
        let c = insert(&mut s, 3);
        assert_eq!((c.index(), c.generation()), (0, 2));
        assert_eq!(s.get(a), None, "the stale id does not find the new value");
        assert_eq!(s.get(c), Some(&3));
        assert_eq!(s.len(), 2);
        let all: Vec<_> = s.iter().map(|(id, &v)| (id, v)).collect();
        assert_eq!(all, vec![(c, 3), (b, 2)]);
    }

    #[test]
    fn a_failed_insert_changes_nothing() {
        let mut s = Slots::<u32>::starting_at(1);
        let a = insert(&mut s, 1);
        s.remove(a);
        assert_eq!(s.try_insert_with_key(|_| Err::<u32, _>("no")), Err("no"));
        assert_eq!(s.len(), 0);
        let b = insert(&mut s, 2);
        assert_eq!((b.index(), b.generation()), (0, 2));
    }

    #[test]
    fn tables_start_at_spread_generations() {
        let firsts: Vec<u32> = (0..300).map(first_generation).collect();
        assert!(firsts
            .iter()
            .all(|g| (1..=u32::MAX - (1 << 16)).contains(g)));
        // Tables 255 apart (worlds that get the same C ABI tag) start far apart.
        for n in 0..45 {
            let (a, b) = (firsts[n], firsts[n + 255]);
            assert!(a.abs_diff(b) > 1 << 20, "{n}: {a} and {b}");
        }
        let fresh = Slots::<u32>::default().first;
        let next = Slots::<u32>::default().first;
        assert_ne!(fresh, next);
    }

    #[test]
    fn a_slot_at_the_last_generation_is_retired() {
        let mut s = Slots::<u32>::starting_at(1);
        let a = insert(&mut s, 1);
        s.entries[0].generation = u32::MAX;
        let last = AgentId::from_parts(a.index(), u32::MAX);
        assert_eq!(s.remove(last), Some(1));
        let b = insert(&mut s, 2);
        assert_eq!(b.index(), 1, "slot 0 is never reused");
    }
}
