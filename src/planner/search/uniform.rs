//! Uniform-cost search over packed boolean states: the tight loop behind
//! [`Heuristic::Blind`](super::Heuristic::Blind) and the probe that
//! [`Heuristic::Auto`](super::Heuristic::Auto) runs before it pays for any setup.
//!
//! Everything per node is small: its state in a flat arena (`words` words), a 16-byte node
//! (`g`, parent, action), a slot in an open-addressing table of node ids stamped per search
//! (never cleared between searches) and 16-byte open-list entries `(g bits, node)`. No
//! closed flag is needed: with costs ≥ 0 a node popped with its current `g` has its optimal
//! `g`, no later path improves it, and a node is pushed only when its `g` strictly falls, so
//! exactly one of its entries carries its current `g` (the others are stale and skipped).
//! Ties in `g` pop the node created first. The loop is compiled for 1 to 4 words per state
//! (up to 256 facts) and for any other width.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::{Duration, Instant};

use super::super::memory::{reserve, OutOfMemory};
use super::super::SearchStats;
use crate::domain::ActionId;

/// A node: its best `g` so far and how it was reached.
#[derive(Clone, Copy, Debug)]
struct Node {
    g: f64,
    parent: u32,
    /// The action id (not its position in the action set).
    action: u32,
}

const NONE: u32 = u32::MAX;
/// Smallest state table (slots, a power of two).
const MIN_TABLE: usize = 64;

/// The actions a search may apply: per position four masks of `words` words (pre-true,
/// pre-false, add, delete) and a cost, and the action id of each position (`None`: the
/// position is the id).
#[derive(Clone, Copy)]
pub(super) struct ActionSet<'a> {
    pub masks: &'a [u64],
    pub costs: &'a [f64],
    pub ids: Option<&'a [u32]>,
}

impl ActionSet<'_> {
    fn len(&self) -> usize {
        self.costs.len()
    }
}

/// Where [`Uniform::run`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The node whose state satisfies the goal (its path is optimal).
    Found(u32),
    /// No state left to expand: no plan.
    Exhausted,
    /// A new state would exceed the node limit.
    NodeLimit,
    /// An arena could not grow (the error is in [`Uniform::oom`]).
    OutOfMemory,
    /// The expansion or time budget ran out; [`Uniform::run`] continues from here.
    Paused,
}

/// A budget for one call of [`Uniform::run`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Until {
    /// Stop before `stats.expanded` reaches this.
    pub expanded: u64,
    /// Stop once this much time has passed since the call began (checked every 16
    /// expansions).
    pub time: Option<Duration>,
}

/// The search's arenas, kept between searches (see the module documentation).
#[derive(Debug, Default)]
pub(super) struct Uniform {
    words: usize,
    states: Vec<u64>,
    nodes: Vec<Node>,
    /// Slots: `stamp << 32 | node`; a slot whose stamp is not `stamp` is empty.
    table: Vec<u64>,
    stamp: u32,
    open: BinaryHeap<Reverse<(u64, u32)>>,
    /// The successor being built.
    next: Vec<u64>,
    /// Why the last allocation failed.
    pub oom: Option<OutOfMemory>,
}

#[inline(always)]
fn hash(words: &[u64]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    (h ^ (h >> 32)).wrapping_mul(K)
}

impl Uniform {
    /// Starts a search from `start` (`words` words, at least one). Fails only when the
    /// first node cannot be stored.
    pub fn begin(&mut self, start: &[u64]) -> Result<(), OutOfMemory> {
        let w = start.len();
        self.words = w;
        self.states.clear();
        self.nodes.clear();
        self.open.clear();
        self.oom = None;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.fill(0);
            self.stamp = 1;
        }
        if self.table.len() < MIN_TABLE {
            self.table = vec![0; MIN_TABLE];
        }
        self.next.clear();
        self.next.extend_from_slice(start);
        let mask = self.table.len() - 1;
        let slot = hash(start) as usize & mask;
        self.add_node(slot, 0.0, NONE, NONE)?;
        self.open.push(Reverse((0.0f64.to_bits(), 0)));
        Ok(())
    }

    /// Nodes stored.
    pub fn stored(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// The actions from the start to `node`.
    pub fn path(&self, node: u32) -> Vec<ActionId> {
        let back = |mut n: u32| {
            std::iter::from_fn(move || {
                let node = self.nodes[n as usize];
                (node.parent != NONE).then(|| {
                    n = node.parent;
                    ActionId(node.action)
                })
            })
        };
        let mut path = Vec::with_capacity(back(node).count());
        path.extend(back(node));
        path.reverse();
        path
    }

    /// Appends a node for the state in `self.next` in table slot `slot`.
    fn add_node(
        &mut self,
        slot: usize,
        g: f64,
        parent: u32,
        action: u32,
    ) -> Result<u32, OutOfMemory> {
        let n = self.nodes.len();
        let w = self.words;
        if n == self.nodes.capacity() || self.states.len() + w > self.states.capacity() {
            let what = |table: &'static str, per: usize| {
                move || format!("the search's {table} ({} nodes × {per} bytes)", n + 1)
            };
            reserve(
                &mut self.nodes,
                n + 1,
                what("nodes", std::mem::size_of::<Node>()),
            )?;
            reserve(&mut self.states, (n + 1) * w, what("states", w * 8))?;
        }
        self.states.extend_from_slice(&self.next);
        self.nodes.push(Node { g, parent, action });
        self.table[slot] = (u64::from(self.stamp) << 32) | n as u64;
        if self.nodes.len() * 2 > self.table.len() {
            self.grow_table()?;
        }
        Ok(n as u32)
    }

    /// Doubles the state table and re-inserts every node.
    #[cold]
    fn grow_table(&mut self) -> Result<(), OutOfMemory> {
        let size = self.table.len() * 2;
        reserve(&mut self.table, size, || {
            format!("the search's state table ({size} slots × 8 bytes)")
        })?;
        self.table.clear();
        self.table.resize(size, 0);
        let mask = size - 1;
        let stamp = u64::from(self.stamp) << 32;
        for (n, state) in self.states.chunks_exact(self.words).enumerate() {
            let mut slot = hash(state) as usize & mask;
            while self.table[slot] >> 32 == stamp >> 32 {
                slot = (slot + 1) & mask;
            }
            self.table[slot] = stamp | n as u64;
        }
        Ok(())
    }

    /// Searches on from where the last call stopped, with `actions`, until a state has every
    /// bit of `goal_pos` and none of `goal_neg`, or `until` or `max_nodes` stops it.
    /// Counts into `stats` (expanded, generated).
    pub fn run(
        &mut self,
        actions: &ActionSet<'_>,
        goal_pos: &[u64],
        goal_neg: &[u64],
        max_nodes: u32,
        until: Until,
        stats: &mut SearchStats,
    ) -> Stop {
        match self.words {
            1 => self.run_w::<1>(actions, goal_pos, goal_neg, max_nodes, until, stats),
            2 => self.run_w::<2>(actions, goal_pos, goal_neg, max_nodes, until, stats),
            3 => self.run_w::<3>(actions, goal_pos, goal_neg, max_nodes, until, stats),
            4 => self.run_w::<4>(actions, goal_pos, goal_neg, max_nodes, until, stats),
            _ => self.run_w::<0>(actions, goal_pos, goal_neg, max_nodes, until, stats),
        }
    }

    /// [`Uniform::run`] for `W` words per state (`W == 0`: `self.words`, known at run time).
    #[inline(always)]
    fn run_w<const W: usize>(
        &mut self,
        actions: &ActionSet<'_>,
        goal_pos: &[u64],
        goal_neg: &[u64],
        max_nodes: u32,
        until: Until,
        stats: &mut SearchStats,
    ) -> Stop {
        let w = if W == 0 { self.words } else { W };
        debug_assert_eq!(w, self.words);
        debug_assert_eq!(actions.masks.len(), actions.len() * 4 * w);
        let (goal_pos, goal_neg) = (&goal_pos[..w], &goal_neg[..w]);
        let first = stats.expanded;
        let t0 = until.time.map(|limit| (Instant::now(), limit));
        let mut current = [0u64; 8];
        let mut wide = Vec::new();
        loop {
            if stats.expanded >= until.expanded {
                return Stop::Paused;
            }
            if let Some((t0, limit)) = t0 {
                if stats.expanded > first
                    && (stats.expanded - first) % 16 == 0
                    && t0.elapsed() >= limit
                {
                    return Stop::Paused;
                }
            }
            let Some(Reverse((g_bits, node))) = self.open.pop() else {
                return Stop::Exhausted;
            };
            let n = node as usize;
            let g = self.nodes[n].g;
            if g.to_bits() != g_bits {
                continue; // a stale entry
            }
            // The state, copied out of the arena (which grows below).
            let s: &[u64] = if W > 0 && W <= 8 {
                current[..W].copy_from_slice(&self.states[n * W..n * W + W]);
                &current[..W]
            } else {
                wide.clear();
                wide.extend_from_slice(&self.states[n * w..n * w + w]);
                &wide
            };
            if (0..w).all(|k| s[k] & goal_pos[k] == goal_pos[k] && s[k] & goal_neg[k] == 0) {
                return Stop::Found(node);
            }
            stats.expanded += 1;
            let want = self.open.len() + actions.len();
            if let Err(e) = reserve(&mut self.open, want, || {
                format!("the search's open list ({want} entries)")
            }) {
                self.oom = Some(e);
                return Stop::OutOfMemory;
            }
            for (ai, m) in actions.masks.chunks_exact(4 * w).enumerate() {
                let (pre_t, rest) = m.split_at(w);
                let (pre_f, rest) = rest.split_at(w);
                let (add, del) = rest.split_at(w);
                if !(0..w).all(|k| s[k] & pre_t[k] == pre_t[k] && s[k] & pre_f[k] == 0) {
                    continue;
                }
                let mut same = true;
                for k in 0..w {
                    let y = (s[k] & !del[k]) | add[k];
                    same &= y == s[k];
                    self.next[k] = y;
                }
                if same {
                    continue;
                }
                stats.generated += 1;
                let g2 = g + actions.costs[ai];
                let action = actions.ids.map_or(ai as u32, |ids| ids[ai]);
                let mask = self.table.len() - 1;
                let mut slot = hash(&self.next[..w]) as usize & mask;
                let found = loop {
                    let entry = self.table[slot];
                    if (entry >> 32) as u32 != self.stamp {
                        break None;
                    }
                    let id = entry as u32;
                    let b = id as usize * w;
                    if self.states[b..b + w] == self.next[..w] {
                        break Some(id);
                    }
                    slot = (slot + 1) & mask;
                };
                let target = match found {
                    Some(id) => {
                        let t = &mut self.nodes[id as usize];
                        if g2 >= t.g {
                            continue;
                        }
                        *t = Node {
                            g: g2,
                            parent: node,
                            action,
                        };
                        id
                    }
                    None => {
                        if self.nodes.len() >= max_nodes as usize {
                            return Stop::NodeLimit;
                        }
                        match self.add_node(slot, g2, node, action) {
                            Ok(id) => id,
                            Err(e) => {
                                self.oom = Some(e);
                                return Stop::OutOfMemory;
                            }
                        }
                    }
                };
                self.open.push(Reverse((g2.to_bits(), target)));
            }
        }
    }
}
