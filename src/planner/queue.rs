//! The priority queue of the relaxed explorations.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A priority queue of atoms by cost, monotone within one exploration: a bucket array
/// when every cost is a small integer (most game domains; pops are then O(1)), a binary
/// heap otherwise.
#[derive(Debug, Default)]
pub(super) struct CostQueue {
    integer: bool,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    buckets: Vec<Vec<u32>>,
    /// Lowest bucket that may be non-empty.
    cur: usize,
    /// Highest bucket used since the last clear.
    top: usize,
    len: usize,
}

impl CostQueue {
    pub(super) fn set_integer(&mut self, integer: bool) {
        self.clear();
        self.integer = integer;
    }

    pub(super) fn clear(&mut self) {
        self.heap.clear();
        if self.len > 0 {
            let end = self.top.min(self.buckets.len() - 1);
            for b in &mut self.buckets[self.cur..=end] {
                b.clear();
            }
        }
        self.cur = 0;
        self.top = 0;
        self.len = 0;
    }

    #[inline]
    pub(super) fn push(&mut self, cost: f64, atom: u32) {
        if self.integer {
            let i = cost as usize;
            if i >= self.buckets.len() {
                self.buckets.resize_with(i + 1, Vec::new);
            }
            self.buckets[i].push(atom);
            self.cur = self.cur.min(i);
            self.top = self.top.max(i);
            self.len += 1;
        } else {
            self.heap.push(Reverse((cost.to_bits(), atom)));
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<(f64, u32)> {
        if self.integer {
            while self.len > 0 {
                if let Some(a) = self.buckets[self.cur].pop() {
                    self.len -= 1;
                    return Some((self.cur as f64, a));
                }
                self.cur += 1;
            }
            self.cur = 0;
            self.top = 0;
            None
        } else {
            self.heap
                .pop()
                .map(|Reverse((bits, a))| (f64::from_bits(bits), a))
        }
    }
}
