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
}

/// Where a node's partition is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stored {
    start: u32,
    len: u32,
}

impl Partitions {
    /// Empties everything and sizes the dense array for `active` actions.
    pub fn reset(&mut self, active: usize) {
        self.dense.clear();
        self.dense.resize(active, 0.0);
        self.touched.clear();
        self.stored.clear();
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

    /// Moves the dense partition into storage and clears it.
    pub fn store(&mut self) -> Stored {
        let start = self.stored.len() as u32;
        for &p in &self.touched {
            self.stored.push((p, self.dense[p as usize]));
        }
        let len = self.touched.len() as u32;
        self.clear();
        Stored { start, len }
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
