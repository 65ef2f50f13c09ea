//! Cost partitions of LM-cut evaluations, kept per node between the evaluation and the
//! expansion so that a node's children inherit its bound: the child by action `a` is at
//! least the node's LM-cut value minus the cost LM-cut assigned to `a` (every remaining
//! landmark that `a` does not hit must still be paid for).

use super::lmcut::Landmarks;

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

#[cfg(test)]
mod tests {
    use super::*;

    fn landmarks(actions: &[u32]) -> Landmarks {
        let mut l = Landmarks::default();
        l.clear();
        for &a in actions {
            l.costs.push(1.0);
            l.actions.push(a);
            l.start.push(l.actions.len() as u32);
        }
        l
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
