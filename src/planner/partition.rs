//! Cost partitions of LM-cut evaluations, kept per node between the evaluation and the
//! expansion so that a node's children inherit its bound: the child by action `a` is at
//! least the node's LM-cut value minus the cost LM-cut assigned to `a` (every remaining
//! landmark that `a` does not hit must still be paid for).

use super::lmcut::Landmarks;
use crate::memory::reserve;

/// The partition of the node being expanded (dense by active-action position) and the
/// stored partitions of evaluated nodes waiting in the open list.
#[derive(Debug, Default)]
pub(super) struct Partitions {
    /// Per active position: the cost the current node's LM-cut assigned to the action.
    dense: Vec<f64>,
    /// Positions set in `dense`.
    touched: Vec<u32>,
    /// Stored partitions: (active position, cost) runs, addressed by `Stored`.
    stored: Vec<(u32, f64)>,
    /// At most this many stored pairs per search.
    capacity: usize,
}

/// Stored pairs allowed per node of the search's node limit: bounds this memory to
/// 16 bytes × 8 per node, however many landmarks LM-cut finds.
const PAIRS_PER_NODE: usize = 8;

/// Where a node's partition is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stored {
    start: u32,
    len: u32,
}

impl Partitions {
    /// Empties everything, sizes the dense array for `active` actions and bounds storage
    /// for a search of at most `max_nodes` nodes.
    pub fn reset(&mut self, active: usize, max_nodes: u32) {
        self.dense.clear();
        self.dense.resize(active, 0.0);
        self.touched.clear();
        self.stored.clear();
        self.capacity = (max_nodes as usize)
            .saturating_mul(PAIRS_PER_NODE)
            .min(u32::MAX as usize);
    }

    /// Sums `landmarks`' costs per action into the dense array (`active_pos` maps action
    /// ids to positions).
    pub fn scatter(&mut self, landmarks: &Landmarks, active_pos: &[u32]) {
        for l in 0..landmarks.len() {
            let cost = landmarks.costs[l];
            for &a in landmarks.actions_of(l) {
                let p = active_pos[a as usize] as usize;
                if self.dense[p] == 0.0 {
                    self.touched.push(p as u32);
                }
                self.dense[p] += cost;
            }
        }
    }

    /// The cost assigned to the action at active position `p` (0 when none).
    #[inline]
    pub fn get(&self, p: usize) -> f64 {
        self.dense[p]
    }

    /// Clears the dense array.
    pub fn clear(&mut self) {
        for &p in &self.touched {
            self.dense[p as usize] = 0.0;
        }
        self.touched.clear();
    }

    /// Moves the dense partition into storage and clears it. Returns `None` (and stores
    /// nothing) once the storage bound is reached: the node's children then simply do not
    /// inherit its bound, which only weakens the estimate.
    pub fn store(&mut self) -> Option<Stored> {
        let at = if self.stored.len() + self.touched.len() <= self.capacity {
            let start = self.stored.len() as u32;
            for &p in &self.touched {
                self.stored.push((p, self.dense[p as usize]));
            }
            Some(Stored {
                start,
                len: self.touched.len() as u32,
            })
        } else {
            None
        };
        self.clear();
        at
    }

    /// Restores a stored partition into the (clear) dense array.
    pub fn load(&mut self, at: Stored) {
        for i in at.start as usize..(at.start + at.len) as usize {
            let (p, cost) = self.stored[i];
            self.dense[p as usize] = cost;
            self.touched.push(p);
        }
    }
}

/// The landmark lists of evaluated nodes, kept so that a child's LM-cut can start from the
/// landmarks of its parent that the child's action is in none of (see
/// `Relaxed::lmcut_seeded`). Bounded like the partitions: past [`LANDMARK_BYTES_PER_NODE`]
/// per node of the node limit, or when memory is refused, nodes keep none and their
/// children run LM-cut afresh.
#[derive(Debug, Default)]
pub(super) struct LandmarkArena {
    /// Every stored list, one after the other.
    lists: Landmarks,
    /// At most this many bytes per search (4 per action entry, 12 per landmark).
    capacity: usize,
}

/// Bytes of landmark lists in use allowed per node of the search's node limit (a search
/// stores one list per LM-cut evaluation). The vectors grow by doubling, so at most twice
/// this is allocated: 64 MB at the default limit of a million nodes.
const LANDMARK_BYTES_PER_NODE: usize = 32;

/// The bytes `landmarks` lists of `entries` actions in all take in a [`LandmarkArena`].
fn arena_bytes(landmarks: usize, entries: usize) -> usize {
    entries * 4 + landmarks * 12
}

/// Where a node's landmark list is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct StoredLandmarks {
    first: u32,
    count: u32,
}

impl LandmarkArena {
    /// Empties the arena and bounds it for a search of at most `max_nodes` nodes.
    pub fn reset(&mut self, max_nodes: u32) {
        self.lists.clear();
        self.capacity = (max_nodes as usize).saturating_mul(LANDMARK_BYTES_PER_NODE);
    }

    /// Stores `l`; `None` past the bound or when memory is refused.
    pub fn store(&mut self, l: &Landmarks) -> Option<StoredLandmarks> {
        let entries = self.lists.actions.len() + l.actions.len();
        let landmarks = self.lists.len() + l.len();
        if arena_bytes(landmarks, entries) > self.capacity || entries > u32::MAX as usize {
            return None;
        }
        let what = || String::from("the search's landmark lists");
        reserve(&mut self.lists.actions, entries, what).ok()?;
        reserve(&mut self.lists.costs, landmarks, what).ok()?;
        reserve(&mut self.lists.start, landmarks + 1, what).ok()?;
        let first = self.lists.len() as u32;
        self.lists.append(l);
        Some(StoredLandmarks {
            first,
            count: l.len() as u32,
        })
    }

    /// Replaces `out` with the landmarks stored at `at` that `action` is in none of, and
    /// returns their summed cost.
    pub fn inherit(&self, at: StoredLandmarks, action: u32, out: &mut Landmarks) -> f64 {
        out.clear();
        let mut h = 0.0;
        for i in at.first as usize..(at.first + at.count) as usize {
            let actions = self.lists.actions_of(i);
            if !actions.contains(&action) {
                h += self.lists.costs[i];
                out.push(self.lists.costs[i], actions);
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn landmarks(actions: &[u32]) -> Landmarks {
        let one_each: Vec<&[u32]> = actions.iter().map(std::slice::from_ref).collect();
        lists(&one_each)
    }

    /// Landmarks with the given action lists, each of cost 1.
    fn lists(of: &[&[u32]]) -> Landmarks {
        let mut l = Landmarks::default();
        l.clear();
        for actions in of {
            l.push(1.0, actions);
        }
        l
    }

    #[test]
    fn a_child_inherits_the_landmarks_its_action_is_in_none_of() {
        let mut arena = LandmarkArena::default();
        arena.reset(10);
        let before = arena.store(&lists(&[&[9]])).expect("fits");
        let at = arena
            .store(&lists(&[&[0, 1], &[2], &[1, 3]]))
            .expect("fits");
        let mut out = Landmarks::default();
        assert_eq!(arena.inherit(at, 1, &mut out), 1.0);
        assert_eq!((out.len(), out.actions_of(0)), (1, &[2][..]));
        assert_eq!(arena.inherit(at, 7, &mut out), 3.0, "in none: all three");
        assert_eq!(out.actions_of(2), &[1, 3]);
        assert_eq!(arena.inherit(before, 7, &mut out), 1.0);
        assert_eq!(out.actions_of(0), &[9], "each node keeps its own list");
    }

    #[test]
    fn landmark_lists_are_bounded_by_the_node_limit() {
        let mut arena = LandmarkArena::default();
        arena.reset(1); // LANDMARK_BYTES_PER_NODE bytes
        let five: Vec<u32> = (0..5).collect();
        assert!(arena.store(&lists(&[&five])).is_some(), "32 bytes fit");
        assert!(arena.store(&lists(&[&[0]])).is_none(), "48 do not");
        arena.reset(1);
        assert!(arena.store(&lists(&[&[0]])).is_some(), "reset empties it");
    }

    #[test]
    fn storage_is_bounded_by_the_node_limit() {
        let mut p = Partitions::default();
        p.reset(20, 1); // room for PAIRS_PER_NODE pairs
        let pos: Vec<u32> = (0..20).collect();
        p.scatter(&landmarks(&[0, 1, 2]), &pos);
        let first = p.store().expect("3 pairs fit");
        p.scatter(
            &landmarks(&(3..3 + PAIRS_PER_NODE as u32).collect::<Vec<_>>()),
            &pos,
        );
        assert_eq!(p.store(), None, "over the bound: not stored, and cleared");
        assert!((0..20).all(|i| p.get(i) == 0.0));
        p.load(first);
        assert_eq!((p.get(0), p.get(2), p.get(3)), (1.0, 1.0, 0.0));
    }
}
