//! The agents' generational slot table: the library's own, so that an agent id's layout
//! (slot index and generation, see [`AgentId`]) is documented and stable, not another
//! crate's internal key layout.
//!
//! A slot's generation starts at 1 with its first agent and grows by one each time the
//! slot is given to a new agent, so the id of a destroyed agent never names a later one. A
//! slot whose generation reached `u32::MAX` is retired (never reused). Free slots are
//! reused last freed first; iteration runs in slot order.

use crate::agent::AgentId;

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
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Slots {
            entries: Vec::new(),
            free: Vec::new(),
            len: 0,
        }
    }
}

impl<T> Slots<T> {
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
            .map_or(1, |e| e.generation + 1);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn insert(s: &mut Slots<u32>, v: u32) -> AgentId {
        s.try_insert_with_key(|_| Ok::<_, ()>(v)).unwrap()
    }

    #[test]
    fn a_removed_id_is_stale_and_its_slot_is_reused_with_a_new_generation() {
        let mut s = Slots::default();
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
        let mut s = Slots::<u32>::default();
        let a = insert(&mut s, 1);
        s.remove(a);
        assert_eq!(s.try_insert_with_key(|_| Err::<u32, _>("no")), Err("no"));
        assert_eq!(s.len(), 0);
        let b = insert(&mut s, 2);
        assert_eq!((b.index(), b.generation()), (0, 2));
    }

    #[test]
    fn a_slot_at_the_last_generation_is_retired() {
        let mut s = Slots::<u32>::default();
        let a = insert(&mut s, 1);
        s.entries[0].generation = u32::MAX;
        let last = AgentId::from_parts(a.index(), u32::MAX);
        assert_eq!(s.remove(last), Some(1));
        let b = insert(&mut s, 2);
        assert_eq!(b.index(), 1, "slot 0 is never reused");
    }
}
