//! The bitset baseline: the strongest simple planner we could write in the bench, so that
//! `goap` is measured against a tight exact search and not only against the seed's.
//!
//! Uniform-cost search (Dijkstra) with no heuristic and no pruning, on a packed layout:
//! - a state is `words = ceil(facts / 64)` (at least 1) `u64`s, fact `i` at bit `i % 64`
//!   of word `i / 64`; every stored state lives in one flat arena (`Vec<u64>`), node `n`'s
//!   at `n * words`;
//! - each action is four masks (pre-true, pre-false, add, delete) in one flat `Vec<u64>`
//!   plus its cost: it applies to `s` when `s & pre_t == pre_t` and `s & pre_f == 0`, and
//!   leads to `(s & !del) | add`; a successor equal to its parent is skipped;
//! - the closed set is an open-addressing hash table of `u32` node ids (power-of-two size,
//!   linear probing, grown at 50% load) keyed by the arena's words, with a multiply-rotate
//!   hash;
//! - the open list is a `BinaryHeap<Reverse<(g bits, node id)>>`: `f64::to_bits` orders
//!   non-negative costs like the costs themselves. An improved `g` pushes a new entry and
//!   older ones are skipped when popped (lazy deletion); with costs ≥ 0, a state popped
//!   for the first time has its optimal `g`, so no closed state is reopened.
//!
//! [`BitsetSearcher`] keeps its buffers between searches (cleared, not freed, per search),
//! as `goap::Planner` does: once warm, a search allocates nothing but the plan it returns.
//! The word count is a compile-time constant for 1 to 8 words (up to 512 facts: the loops
//! unroll) and a run-time value above.
#![allow(dead_code)]

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use goap::{Conditions, Domain, Goal, WorldState};

/// A problem in the baseline's representation.
#[derive(Clone, Debug)]
pub struct BitsetProblem {
    /// Words per state (≥ 1).
    pub words: usize,
    /// Per action, `4 * words` words: pre-true, pre-false, add, delete.
    pub masks: Vec<u64>,
    /// Per action, its cost (finite, ≥ 0).
    pub costs: Vec<f64>,
    /// The start state (`words` words).
    pub start: Vec<u64>,
    /// Goal facts that must be true, then those that must be false (`2 * words` words).
    pub goal: Vec<u64>,
}

impl BitsetProblem {
    /// Converts a `goap` problem (facts only: integer variables are ignored, so numeric
    /// domains are not meant for this baseline).
    pub fn from_goap(domain: &Domain, start: &WorldState, goal: &Goal) -> Self {
        let facts = domain.fact_count();
        let words = facts.div_ceil(64).max(1);
        // Writes `c`'s true facts into `t` and its false facts into `f`.
        let split = |c: &Conditions, t: &mut [u64], f: &mut [u64]| {
            for e in c.entries() {
                let i = e.fact.index();
                let (w, bit) = (i / 64, 1u64 << (i % 64));
                if e.value {
                    t[w] |= bit;
                } else {
                    f[w] |= bit;
                }
            }
        };
        let mut masks = vec![0u64; 4 * words * domain.action_count()];
        let mut costs = Vec::with_capacity(domain.action_count());
        for (a, chunk) in domain
            .actions()
            .iter()
            .zip(masks.chunks_exact_mut(4 * words))
        {
            let (pre, eff) = chunk.split_at_mut(2 * words);
            let (pre_t, pre_f) = pre.split_at_mut(words);
            let (add, del) = eff.split_at_mut(words);
            split(a.pre(), pre_t, pre_f);
            split(a.effects(), add, del);
            costs.push(a.cost());
        }
        let mut s = vec![0u64; words];
        for f in start.true_facts().filter(|f| f.index() < facts) {
            s[f.index() / 64] |= 1u64 << (f.index() % 64);
        }
        let mut g = vec![0u64; 2 * words];
        let (gt, gf) = g.split_at_mut(words);
        split(goal, gt, gf);
        BitsetProblem {
            words,
            masks,
            costs,
            start: s,
            goal: g,
        }
    }

    /// Number of actions.
    pub fn action_count(&self) -> usize {
        self.costs.len()
    }
}

/// How a baseline search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum BitsetOutcome {
    /// A minimum-cost plan (action indices) and its cost.
    Found {
        plan: Vec<usize>,
        cost: f64,
    },
    NoPlan,
    /// More than the allowed number of distinct states.
    LimitReached,
}

/// Result and counters of one baseline search.
#[derive(Clone, Debug)]
pub struct BitsetResult {
    pub outcome: BitsetOutcome,
    /// States closed (goal test failed, successors generated).
    pub expanded: u64,
    /// Successors generated (applicable actions whose result differs from the parent).
    pub generated: u64,
    /// Distinct states stored.
    pub stored: u64,
}

/// A search node: its best `g` so far and how it was reached.
#[derive(Clone, Copy)]
struct Node {
    g: f64,
    parent: u32,
    action: u32,
}

const EMPTY: u32 = u32::MAX;
const NO_PARENT: u32 = u32::MAX;
/// Initial hash table size (a power of two).
const MIN_TABLE: usize = 1 << 6;

/// A reusable uniform-cost searcher (see the module documentation).
#[derive(Default)]
pub struct BitsetSearcher {
    /// The states of all nodes, `words` words each.
    arena: Vec<u64>,
    nodes: Vec<Node>,
    closed: Vec<bool>,
    /// Node ids, `EMPTY` where free; its length is a power of two.
    table: Vec<u32>,
    open: BinaryHeap<Reverse<(u64, u32)>>,
    /// The state being expanded and the successor being built.
    current: Vec<u64>,
    next: Vec<u64>,
}

/// Multiply-rotate hash over a state's words.
#[inline(always)]
fn hash(words: &[u64]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    // A last multiply so the low bits (the table index) depend on every bit.
    (h ^ (h >> 32)).wrapping_mul(K)
}

impl BitsetSearcher {
    pub fn new() -> Self {
        Self::default()
    }

    /// Uniform-cost search from `p.start` to a state satisfying `p.goal`, storing at most
    /// `max_states` distinct states.
    pub fn plan(&mut self, p: &BitsetProblem, max_states: usize) -> BitsetResult {
        match p.words {
            1 => self.search::<1>(p, max_states),
            2 => self.search::<2>(p, max_states),
            3 => self.search::<3>(p, max_states),
            4 => self.search::<4>(p, max_states),
            5 => self.search::<5>(p, max_states),
            6 => self.search::<6>(p, max_states),
            7 => self.search::<7>(p, max_states),
            8 => self.search::<8>(p, max_states),
            _ => self.search::<0>(p, max_states),
        }
    }

    /// The search for `W` words per state (`W == 0`: `p.words`, not known at compile time).
    fn search<const W: usize>(&mut self, p: &BitsetProblem, max_states: usize) -> BitsetResult {
        let w = if W == 0 { p.words } else { W };
        debug_assert_eq!(w, p.words);
        let max_states = max_states.min(EMPTY as usize);
        self.arena.clear();
        self.nodes.clear();
        self.closed.clear();
        self.open.clear();
        if self.table.len() < MIN_TABLE {
            self.table = vec![EMPTY; MIN_TABLE];
        } else {
            self.table.fill(EMPTY);
        }
        self.current.clear();
        self.current.resize(w, 0);
        self.next.clear();
        self.next.resize(w, 0);
        let (goal_t, goal_f) = p.goal.split_at(w);
        let (mut expanded, mut generated) = (0u64, 0u64);

        // The start node.
        self.arena.extend_from_slice(&p.start[..w]);
        self.nodes.push(Node {
            g: 0.0,
            parent: NO_PARENT,
            action: 0,
        });
        self.closed.push(false);
        let mask = self.table.len() - 1;
        self.table[hash(&p.start[..w]) as usize & mask] = 0;
        self.open.push(Reverse((0.0f64.to_bits(), 0)));

        let outcome = 'search: loop {
            let Some(Reverse((g_bits, node))) = self.open.pop() else {
                break BitsetOutcome::NoPlan;
            };
            let n = node as usize;
            if self.closed[n] || g_bits != self.nodes[n].g.to_bits() {
                continue; // a stale entry
            }
            let g = self.nodes[n].g;
            let base = n * w;
            self.current[..w].copy_from_slice(&self.arena[base..base + w]);
            let s = &self.current[..w];
            if (0..w).all(|k| s[k] & goal_t[k] == goal_t[k] && s[k] & goal_f[k] == 0) {
                let mut plan = Vec::new();
                let mut m = n;
                while self.nodes[m].parent != NO_PARENT {
                    plan.push(self.nodes[m].action as usize);
                    m = self.nodes[m].parent as usize;
                }
                plan.reverse();
                break BitsetOutcome::Found { plan, cost: g };
            }
            self.closed[n] = true;
            expanded += 1;
            for (ai, m) in p.masks.chunks_exact(4 * w).enumerate() {
                let (pre_t, rest) = m.split_at(w);
                let (pre_f, rest) = rest.split_at(w);
                let (add, del) = rest.split_at(w);
                if !(0..w).all(|k| s[k] & pre_t[k] == pre_t[k] && s[k] & pre_f[k] == 0) {
                    continue;
                }
                let next = &mut self.next[..w];
                let mut same = true;
                for k in 0..w {
                    next[k] = (s[k] & !del[k]) | add[k];
                    same &= next[k] == s[k];
                }
                if same {
                    continue;
                }
                generated += 1;
                let g2 = g + p.costs[ai];
                // Probe for the successor; `slot` ends on its id or on a free slot.
                let mask = self.table.len() - 1;
                let mut slot = hash(next) as usize & mask;
                let found = loop {
                    let id = self.table[slot];
                    if id == EMPTY {
                        break None;
                    }
                    let b = id as usize * w;
                    if self.arena[b..b + w] == *next {
                        break Some(id);
                    }
                    slot = (slot + 1) & mask;
                };
                let target = match found {
                    Some(id) => {
                        let t = &mut self.nodes[id as usize];
                        if self.closed[id as usize] || g2 >= t.g {
                            continue;
                        }
                        t.g = g2;
                        t.parent = node;
                        t.action = ai as u32;
                        id
                    }
                    None => {
                        if self.nodes.len() >= max_states {
                            break 'search BitsetOutcome::LimitReached;
                        }
                        let id = self.nodes.len() as u32;
                        self.arena.extend_from_slice(next);
                        self.nodes.push(Node {
                            g: g2,
                            parent: node,
                            action: ai as u32,
                        });
                        self.closed.push(false);
                        self.table[slot] = id;
                        if self.nodes.len() * 2 > self.table.len() {
                            grow(&mut self.table, &self.arena, w);
                        }
                        id
                    }
                };
                self.open.push(Reverse((g2.to_bits(), target)));
            }
        };
        BitsetResult {
            outcome,
            expanded,
            generated,
            stored: self.nodes.len() as u64,
        }
    }
}

/// Doubles the hash table and reinserts every node of `arena`.
#[cold]
fn grow(table: &mut Vec<u32>, arena: &[u64], w: usize) {
    let size = table.len() * 2;
    table.clear();
    table.resize(size, EMPTY);
    let mask = size - 1;
    for (id, state) in arena.chunks_exact(w).enumerate() {
        let mut slot = hash(state) as usize & mask;
        while table[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        table[slot] = id as u32;
    }
}

/// One search with a fresh searcher.
pub fn plan(p: &BitsetProblem, max_states: usize) -> BitsetResult {
    BitsetSearcher::new().plan(p, max_states)
}
