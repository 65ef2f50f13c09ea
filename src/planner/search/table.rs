//! The state table: states in a flat arena, indexed by an open-addressing table of node ids
//! stamped per search (so it is never cleared between searches).

use super::{Node, Search, NONE, NOT_OPEN, UNEVALUATED};
use crate::memory::{reserve, OutOfMemory};

/// Multiply-rotate hash of a state's words, with a last multiply so that the low bits (the
/// table index) depend on every bit.
#[inline(always)]
pub(super) fn hash_words(words: &[u64]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    (h ^ (h >> 32)).wrapping_mul(K)
}

/// Doubles a state table whose live slots hold `stamp << 32 | node` and re-inserts the
/// nodes, whose hashes `hashes` yields in node order, by linear probing. Fails, leaving the
/// table as it was, when it cannot grow.
#[cold]
#[inline(never)]
pub(super) fn grow_stamped(
    table: &mut Vec<u64>,
    stamp: u32,
    hashes: impl Iterator<Item = u64>,
) -> Result<(), OutOfMemory> {
    let cap = table.len() * 2;
    reserve(table, cap, || {
        format!("the search's state table ({cap} slots × 8 bytes)")
    })?;
    table.clear();
    table.resize(cap, 0);
    let mask = cap - 1;
    for (n, h) in hashes.enumerate() {
        let mut i = (h as usize) & mask;
        while (table[i] >> 32) as u32 == stamp {
            i = (i + 1) & mask;
        }
        table[i] = (u64::from(stamp) << 32) | n as u64;
    }
    Ok(())
}

impl Search {
    /// The slot holding the state in `self.child`, or the empty slot where it belongs.
    pub(super) fn find_slot(&self, hash: u64) -> usize {
        let mask = self.table.len() - 1;
        let w = self.state_len;
        let mut i = (hash as usize) & mask;
        loop {
            let s = self.table[i];
            if (s >> 32) as u32 != self.stamp {
                return i;
            }
            let n = (s & 0xffff_ffff) as usize;
            if self.hashes[n] == hash
                && (if w == 1 {
                    self.states[n] == self.child[0]
                } else {
                    self.states[n * w..(n + 1) * w] == self.child[..]
                })
            {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Appends a node for the state in `self.child` and the landmark set in
    /// `self.child_hit`, and records it in table slot `slot`. `None` when the arenas cannot
    /// grow (the error is in `self.oom`).
    pub(super) fn new_node(&mut self, slot: usize, hash: u64) -> Option<u32> {
        if self.nodes.len() == self.nodes.capacity()
            || self.states.len() + self.child.len() > self.states.capacity()
        {
            if let Err(e) = self.grow_arenas() {
                self.oom = Some(e);
                return None;
            }
        }
        let n = self.nodes.len() as u32;
        // One-word states and landmark sets are the common case: skip memcpy for them.
        match self.child[..] {
            [word] => self.states.push(word),
            _ => self.states.extend_from_slice(&self.child),
        }
        match self.child_hit[..] {
            [] => {}
            [word] => self.hits.push(word),
            _ => self.hits.extend_from_slice(&self.child_hit),
        }
        self.hashes.push(hash);
        self.nodes.push(Node {
            g: 0.0,
            h_la: 0.0,
            h_full: UNEVALUATED,
            parent: NONE,
            action: NONE,
            open_seq: NOT_OPEN,
            partition: None,
            landmarks: None,
            h_inh: 0.0,
            raised: false,
            closed: false,
        });
        self.table[slot] = (u64::from(self.stamp) << 32) | u64::from(n);
        Some(n)
    }

    /// Makes room for at least one more node in every per-node arena, fallibly.
    fn grow_arenas(&mut self) -> Result<(), OutOfMemory> {
        let n = self.nodes.len() + 1;
        let what = |table: &'static str, per: usize| {
            move || format!("the search's {table} ({n} nodes × {per} bytes)")
        };
        let sl = self.child.len();
        let lw = self.child_hit.len();
        reserve(&mut self.states, n * sl, what("states", sl * 8))?;
        reserve(&mut self.hits, n * lw, what("landmark sets", lw * 8))?;
        reserve(
            &mut self.nodes,
            n,
            what("nodes", std::mem::size_of::<Node>()),
        )?;
        reserve(&mut self.hashes, n, what("state hashes", 8))?;
        if self.numeric_estimate {
            reserve(&mut self.node_num, n, what("numeric estimates", 16))?;
        }
        Ok(())
    }

    /// Doubles the state table. False (the error in `self.oom`) when it cannot grow.
    pub(super) fn grow_table(&mut self) -> bool {
        match grow_stamped(&mut self.table, self.stamp, self.hashes.iter().copied()) {
            Ok(()) => true,
            Err(e) => {
                self.oom = Some(e);
                false
            }
        }
    }
}
