//! A* over packed states. All memory lives in [`Search`] and is reused between calls:
//! states and landmark sets sit in flat arenas, the closed/open index is an open-addressing
//! table of node ids stamped per search (so it is never cleared), and the open list is a
//! binary heap of plain keys.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

use super::compiled::{atom, CompiledDomain};
use super::relaxed::{Landmarks, Relaxed};
use super::{Heuristic, Outcome, Plan, PlanOptions, PlanResult, SearchStats};
use crate::domain::{ActionId, Domain, Goal};
use crate::state::WorldState;

/// With [`Heuristic::Auto`], the number of expansions after which nodes are also scored by
/// a full LM-cut (searches that finish sooner never pay for it).
pub const AUTO_LAZY_AFTER: u64 = 64;

const NONE: u32 = u32::MAX;
const NOT_OPEN: u64 = u64::MAX;
/// Marks a node whose full heuristic has not been computed.
const UNEVALUATED: f64 = -1.0;

#[derive(Clone, Copy, Debug)]
struct Node {
    g: f64,
    /// Root-landmark estimate of this node's best-known paths.
    h_la: f64,
    /// Full heuristic of the state, or [`UNEVALUATED`].
    h_full: f64,
    parent: u32,
    action: u32,
    /// Sequence number of the node's live open-list entry, or [`NOT_OPEN`].
    open_seq: u64,
    closed: bool,
}

impl Node {
    fn h(&self) -> f64 {
        self.h_la.max(self.h_full)
    }
}

/// Open-list key: lowest f, then lowest h, then earliest push.
type Entry = Reverse<(u64, u64, u64, u32)>;

#[derive(Debug, Default)]
pub(crate) struct Search {
    relaxed: Relaxed,
    landmarks: Landmarks,
    /// Words per landmark set.
    lm_words: usize,
    /// Per active-list position, the landmarks the action belongs to.
    action_lm: Vec<u64>,
    /// Actions kept after pruning, in registration order.
    active: Vec<u32>,
    states: Vec<u64>,
    hits: Vec<u64>,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    /// Slots: `stamp << 32 | node`; a slot whose stamp is not `stamp` is empty.
    table: Vec<u64>,
    stamp: u32,
    open: BinaryHeap<Entry>,
    child: Vec<u64>,
    child_hit: Vec<u64>,
    goal_pos: Vec<u64>,
    goal_neg: Vec<u64>,
    goal_atoms: Vec<u32>,
    seq: u64,
}

#[inline]
fn hash_words(words: &[u64]) -> u64 {
    let mut h: u64 = 0x243f_6a88_85a3_08d3;
    for &w in words {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    h ^ (h >> 29)
}

/// True when `s` has every bit of `pos` and none of `neg`.
#[inline]
fn satisfies(s: &[u64], pos: &[u64], neg: &[u64]) -> bool {
    s.iter()
        .zip(pos.iter().zip(neg))
        .all(|(&x, (&p, &q))| x & p == p && x & q == 0)
}

impl Search {
    pub fn run(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
    ) -> PlanResult {
        let t0 = Instant::now();
        let mut stats = SearchStats::default();
        let outcome = self.search(domain.compiled(), start, goal, options, &mut stats);
        stats.evaluations = self.relaxed.evaluations;
        stats.elapsed = t0.elapsed();
        PlanResult { outcome, stats }
    }

    fn search(
        &mut self,
        c: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        stats: &mut SearchStats,
    ) -> Outcome {
        let w = c.words;
        let facts = (c.atoms - 1) / 2;
        // Goal masks and atoms. A goal on a fact the domain does not have: `false` holds
        // in every state, `true` in none.
        self.goal_pos.clear();
        self.goal_pos.resize(w, 0);
        self.goal_neg.clear();
        self.goal_neg.resize(w, 0);
        self.goal_atoms.clear();
        for g in goal.entries() {
            let f = g.fact.index();
            if f >= facts {
                if g.value {
                    return Outcome::NoPlan;
                }
                continue;
            }
            let (wi, b) = (f / 64, 1u64 << (f % 64));
            if g.value {
                self.goal_pos[wi] |= b;
            } else {
                self.goal_neg[wi] |= b;
            }
            self.goal_atoms.push(atom(f as u32, g.value));
        }
        // Start state, masked to the domain's facts.
        self.child.clear();
        self.child.resize(w, 0);
        for (i, &word) in start.words().iter().take(w).enumerate() {
            self.child[i] = word;
        }
        if facts % 64 != 0 {
            self.child[w - 1] &= (1u64 << (facts % 64)) - 1;
        }
        if satisfies(&self.child, &self.goal_pos, &self.goal_neg) {
            return Outcome::Found(Plan::default());
        }

        // Pruning.
        self.relaxed.prepare(c, &self.goal_atoms);
        let start_words = self.child.clone();
        if !self.relaxed.prune_unreachable(c, &start_words) {
            stats.actions_pruned = c.actions as u32;
            return Outcome::NoPlan;
        }
        self.relaxed.prune_irrelevant(c);
        self.active.clear();
        self.active
            .extend((0..c.actions as u32).filter(|&a| self.relaxed.active[a as usize]));
        stats.actions_kept = self.active.len() as u32;
        stats.actions_pruned = (c.actions - self.active.len()) as u32;

        // Root landmarks.
        let use_landmarks = matches!(
            options.heuristic,
            Heuristic::Auto | Heuristic::LmCut | Heuristic::Landmarks
        );
        self.landmarks.clear();
        let mut root_h = 0.0;
        if use_landmarks {
            root_h = self
                .relaxed
                .lmcut(c, &start_words, Some(&mut self.landmarks));
            if root_h == f64::INFINITY {
                return Outcome::NoPlan;
            }
        }
        let nl = self.landmarks.len();
        self.lm_words = nl.div_ceil(64);
        let lw = self.lm_words;
        self.action_lm.clear();
        self.action_lm.resize(self.active.len() * lw, 0);
        if lw > 0 {
            // Map action ids to active-list positions.
            let mut pos = vec![NONE; c.actions];
            for (i, &a) in self.active.iter().enumerate() {
                pos[a as usize] = i as u32;
            }
            for l in 0..nl {
                for &a in self.landmarks.actions_of(l) {
                    let p = pos[a as usize] as usize;
                    self.action_lm[p * lw + l / 64] |= 1u64 << (l % 64);
                }
            }
        }
        stats.initial_h = root_h;

        // Arenas.
        self.states.clear();
        self.hits.clear();
        self.nodes.clear();
        self.hashes.clear();
        self.open.clear();
        self.seq = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        if self.table.len() < 1024 {
            self.table = vec![0; 1024];
        }
        let lazy_from: u64 = match options.heuristic {
            Heuristic::Auto => AUTO_LAZY_AFTER,
            Heuristic::LmCut | Heuristic::HMax => 0,
            Heuristic::Landmarks | Heuristic::Blind => u64::MAX,
        };
        let full_is_hmax = options.heuristic == Heuristic::HMax;
        if options.max_nodes == 0 {
            return Outcome::LimitReached;
        }

        // Root node.
        self.child_hit.clear();
        self.child_hit.resize(lw, 0);
        let root_hash = hash_words(&start_words);
        let root = self.insert_node(&start_words, root_hash);
        self.nodes[root as usize].h_la = root_h;
        if use_landmarks && options.heuristic != Heuristic::Landmarks {
            // The root's landmarks are its LM-cut: no need to evaluate it again.
            self.nodes[root as usize].h_full = root_h;
        }
        self.push(root);

        while let Some(Reverse((f_bits, _, seq, n))) = self.open.pop() {
            let ni = n as usize;
            if self.nodes[ni].open_seq != seq {
                continue; // stale entry
            }
            self.nodes[ni].open_seq = NOT_OPEN;
            let sw = ni * w;
            if self.is_goal_at(sw) {
                stats.stored = self.nodes.len() as u64;
                return Outcome::Found(self.extract(n, c));
            }
            if self.nodes[ni].h_full == UNEVALUATED && stats.expanded >= lazy_from {
                let state = &self.states[sw..sw + w];
                let h = if full_is_hmax {
                    self.relaxed.evaluations += 1;
                    self.relaxed.hmax_value(c, state)
                } else {
                    self.relaxed.lmcut(c, state, None)
                };
                self.nodes[ni].h_full = h;
                if h == f64::INFINITY {
                    self.nodes[ni].closed = true; // relaxed dead end
                    continue;
                }
                let f = self.nodes[ni].g + self.nodes[ni].h();
                if f > f64::from_bits(f_bits) {
                    self.push(n);
                    continue;
                }
            }
            self.nodes[ni].closed = true;
            stats.expanded += 1;
            let g = self.nodes[ni].g;
            for ai in 0..self.active.len() {
                let a = self.active[ai] as usize;
                let (pos, neg, add, del) = c.action_masks(a);
                let s = &self.states[sw..sw + w];
                let mut ok = true;
                let mut changed = false;
                for i in 0..w {
                    let x = s[i];
                    if x & pos[i] != pos[i] || x & neg[i] != 0 {
                        ok = false;
                        break;
                    }
                    let y = (x & !del[i]) | add[i];
                    changed |= y != x;
                    self.child[i] = y;
                }
                if !ok || !changed {
                    continue;
                }
                stats.generated += 1;
                let g2 = g + c.costs[a];
                for i in 0..lw {
                    self.child_hit[i] = self.hits[ni * lw + i] | self.action_lm[ai * lw + i];
                }
                let hash = hash_words(&self.child);
                let slot = self.find_slot(hash);
                let existing = (self.table[slot] >> 32) as u32 == self.stamp;
                if !existing {
                    if self.nodes.len() >= options.max_nodes as usize {
                        stats.stored = self.nodes.len() as u64;
                        return Outcome::LimitReached;
                    }
                    let m = self.new_node(slot, hash);
                    let mi = m as usize;
                    self.nodes[mi].g = g2;
                    self.nodes[mi].parent = n;
                    self.nodes[mi].action = a as u32;
                    self.nodes[mi].h_la = self.h_la(mi);
                    self.push(m);
                    if self.nodes.len() * 2 > self.table.len() {
                        self.grow_table();
                    }
                    continue;
                }
                let m = (self.table[slot] & 0xffff_ffff) as u32;
                let mi = m as usize;
                if self.nodes[mi].h_full == f64::INFINITY {
                    continue;
                }
                // Any path's unused landmarks bound the cost to go, so the node keeps only
                // the landmarks used by all its known paths.
                let improved = g2 < self.nodes[mi].g;
                if improved || !self.nodes[mi].closed {
                    for i in 0..lw {
                        self.hits[mi * lw + i] &= self.child_hit[i];
                    }
                    self.nodes[mi].h_la = self.h_la(mi);
                }
                if improved {
                    if self.nodes[mi].closed {
                        stats.reopened += 1;
                        self.nodes[mi].closed = false;
                    }
                    self.nodes[mi].g = g2;
                    self.nodes[mi].parent = n;
                    self.nodes[mi].action = a as u32;
                    self.push(m);
                }
            }
        }
        stats.stored = self.nodes.len() as u64;
        Outcome::NoPlan
    }

    fn is_goal_at(&self, offset: usize) -> bool {
        let w = self.goal_pos.len();
        satisfies(
            &self.states[offset..offset + w],
            &self.goal_pos,
            &self.goal_neg,
        )
    }

    /// Root-landmark estimate of node `mi`: the summed cost of the landmarks it has not used.
    fn h_la(&self, mi: usize) -> f64 {
        let lw = self.lm_words;
        let nl = self.landmarks.len();
        let mut h = 0.0;
        for wi in 0..lw {
            let mut open = !self.hits[mi * lw + wi];
            if wi == lw - 1 && nl % 64 != 0 {
                open &= (1u64 << (nl % 64)) - 1;
            }
            while open != 0 {
                let b = open.trailing_zeros() as usize;
                open &= open - 1;
                h += self.landmarks.costs[wi * 64 + b];
            }
        }
        h
    }

    fn push(&mut self, n: u32) {
        let node = &mut self.nodes[n as usize];
        let h = node.h();
        let f = node.g + h;
        let seq = self.seq;
        self.seq += 1;
        node.open_seq = seq;
        self.open.push(Reverse((f.to_bits(), h.to_bits(), seq, n)));
    }

    /// The slot holding the state in `self.child`, or the empty slot where it belongs.
    fn find_slot(&self, hash: u64) -> usize {
        let mask = self.table.len() - 1;
        let w = self.goal_pos.len();
        let mut i = (hash as usize) & mask;
        loop {
            let s = self.table[i];
            if (s >> 32) as u32 != self.stamp {
                return i;
            }
            let n = (s & 0xffff_ffff) as usize;
            if self.hashes[n] == hash && self.states[n * w..(n + 1) * w] == self.child[..] {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn insert_node(&mut self, state: &[u64], hash: u64) -> u32 {
        self.child.copy_from_slice(state);
        let slot = self.find_slot(hash);
        self.new_node(slot, hash)
    }

    /// Appends a node for the state in `self.child` and the landmark set in
    /// `self.child_hit`, and records it in table slot `slot`.
    fn new_node(&mut self, slot: usize, hash: u64) -> u32 {
        let n = self.nodes.len() as u32;
        self.states.extend_from_slice(&self.child);
        self.hits.extend_from_slice(&self.child_hit);
        self.hashes.push(hash);
        self.nodes.push(Node {
            g: 0.0,
            h_la: 0.0,
            h_full: UNEVALUATED,
            parent: NONE,
            action: NONE,
            open_seq: NOT_OPEN,
            closed: false,
        });
        self.table[slot] = (u64::from(self.stamp) << 32) | u64::from(n);
        n
    }

    fn grow_table(&mut self) {
        let cap = self.table.len() * 2;
        self.table.clear();
        self.table.resize(cap, 0);
        let mask = cap - 1;
        for (n, &h) in self.hashes.iter().enumerate() {
            let mut i = (h as usize) & mask;
            while (self.table[i] >> 32) as u32 == self.stamp {
                i = (i + 1) & mask;
            }
            self.table[i] = (u64::from(self.stamp) << 32) | n as u64;
        }
    }

    fn extract(&self, mut n: u32, c: &CompiledDomain) -> Plan {
        let mut actions = Vec::new();
        while self.nodes[n as usize].parent != NONE {
            actions.push(ActionId(self.nodes[n as usize].action));
            n = self.nodes[n as usize].parent;
        }
        actions.reverse();
        let cost = actions.iter().map(|a| c.costs[a.index()]).sum();
        Plan { actions, cost }
    }
}
