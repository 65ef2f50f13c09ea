//! Backward (regression) A*: from the goal towards the start state, over partial states.
//!
//! # Subgoals
//! A subgoal is a set of atoms (`fact = value` literals, [`atom`]'s numbering) kept as a
//! bitset over atoms: a consistent subgoal never holds both atoms of a fact. It stands for
//! every state that has all its atoms. The root is the goal; the search ends when it pops
//! a subgoal the start state satisfies.
//!
//! # Regression
//! Action `a` is *relevant* to subgoal `g` when one of its effects is in `g` and none
//! contradicts `g` (sets a fact of `g` to the other value). The regressed subgoal is
//! `(g − eff(a)) ∪ pre(a)`, dropped when it is inconsistent (a precondition contradicts an
//! atom of `g` the action leaves alone). Every plan from the start corresponds to a chain
//! of regressions once the actions that achieve nothing of the then-current subgoal are
//! removed, and removing them keeps the plan valid and never raises its cost (costs are
//! ≥ 0), so A* over subgoals finds a minimum-cost plan. The plan is the path from the
//! popped subgoal back to the goal, which is already in execution order.
//!
//! # Estimate and pruning
//! * h_max is computed once, forward from the start state with the search's costs
//!   (disabled actions left out): per atom, the cost of the costliest atom on its cheapest
//!   relaxed path. A subgoal's estimate is the largest over its atoms, an admissible and
//!   consistent estimate of the cost from the start to some state having them all
//!   ([`Heuristic::Blind`](super::Heuristic::Blind): 0, uniform-cost search). A subgoal
//!   with an atom no relaxed path reaches is dropped.
//! * *At-most-one invariants* drop subgoals no reachable state satisfies (a truck in two
//!   places). Candidate groups join, per action, each fact it makes true with each fact it
//!   requires true and makes false; a group is kept when every action that makes one of its
//!   facts true makes exactly one true and requires and deletes another one, and the start
//!   state has at most one true. By induction no reachable state then has two facts of the
//!   group true, so a subgoal requiring two of them cannot be reached.
//! * Only actions with finite h_max preconditions (forward relaxed reachability) that are
//!   relevant to the goal (backward relaxed reachability from the goal atoms) are kept.
//!
//! # Tie-breaking and determinism
//! The open list orders by lowest `f`, then lowest `h`, then earliest insertion, as the
//! forward search does; a subgoal's relevant actions are tried in registration order. Ties
//! may resolve to another plan than the forward search's, of equal cost.
//!
//! # Restriction: no integer variables
//! Regressing variable conditions through `+=`/`-=` with the range rules ([`Overflow`])
//! and `!=` conditions is not implemented: when an action's preconditions or effects or
//! the goal name an integer variable, the planner runs the forward search whatever
//! [`Direction`](super::Direction) asks, and says so in
//! [`SearchStats::backward`](super::SearchStats::backward) (false). Variables that are
//! declared but that no action and not the goal uses never change and are never read, so
//! they do not stop the backward search.
//!
//! [`Overflow`]: crate::Overflow

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Heuristic, Outcome, Plan, SearchBudget, SearchStats, SliceEnd};
use crate::domain::compiled::CompiledDomain;
use crate::domain::ActionId;
use crate::memory::{reserve, OutOfMemory};

const NONE: u32 = u32::MAX;
const NOT_OPEN: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    g: f64,
    h: f64,
    /// The subgoal this one was regressed from (towards the goal), or [`NONE`] for the goal.
    parent: u32,
    /// The action it was regressed through.
    action: u32,
    /// Sequence number of the live open-list entry, or [`NOT_OPEN`].
    open_seq: u32,
    closed: bool,
}

type Entry = Reverse<(u128, u32)>;

#[inline]
fn open_key(f: f64, h: f64, seq: u32) -> u128 {
    (u128::from(f.to_bits()) << 64) | (u128::from(h.to_bits() >> 32) << 32) | u128::from(seq)
}

#[inline(always)]
fn hash_words(words: &[u64]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = 0u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(K).rotate_left(29);
    }
    (h ^ (h >> 32)).wrapping_mul(K)
}

#[inline(always)]
fn has(bits: &[u64], a: u32) -> bool {
    (bits[a as usize / 64] >> (a % 64)) & 1 == 1
}

/// The backward search's memory, reused between searches.
#[derive(Debug, Default)]
pub(crate) struct Backward {
    /// Words per subgoal (a bit per atom, the always-true atom included).
    aw: usize,
    /// h_max per atom from the start state.
    hmax: Vec<f64>,
    /// The action may be used (enabled, reachable, relevant), per action id.
    kept: Vec<bool>,
    /// The start state's atoms.
    start: Vec<u64>,
    /// Per fact, its at-most-one group (or [`NONE`]), for this search's start state.
    group: Vec<u32>,
    /// The action-checked groups of the domain `groups_of` (kept between searches).
    groups_of: u64,
    domain_group: Vec<u32>,
    group_mark: Vec<u32>,
    mark: u32,
    blind: bool,
    states: Vec<u64>,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    /// Open addressing: `stamp << 32 | node`; a slot whose stamp is not `stamp` is empty
    /// (so the table is never cleared between searches).
    table: Vec<u64>,
    stamp: u32,
    open: BinaryHeap<Entry>,
    seq: u32,
    child: Vec<u64>,
    cands: Vec<u32>,
    /// Per action, the expansion that last listed it (`exp_mark`).
    act_mark: Vec<u32>,
    exp_mark: u32,
    oom: Option<OutOfMemory>,
    /// Scratch for h_max and relevance.
    queue: BinaryHeap<Reverse<(u64, u32)>>,
    count: Vec<u32>,
    stack: Vec<u32>,
    seen: Vec<bool>,
    relevant: Vec<bool>,
}

impl Backward {
    /// Sets a search up: h_max from `start` (packed facts), the kept actions, the
    /// invariants and the root. `Err` carries an outcome decided without search.
    #[allow(clippy::too_many_arguments)]
    pub fn begin(
        &mut self,
        c: &CompiledDomain,
        start: &[u64],
        goal_atoms: &[u32],
        disabled: &[ActionId],
        heuristic: Heuristic,
        max_nodes: u32,
        stats: &mut SearchStats,
    ) -> Result<(), Outcome> {
        let facts = (c.atoms - 1) / 2;
        self.aw = c.atoms.div_ceil(64);
        self.blind = heuristic == Heuristic::Blind;
        // The start's atoms.
        self.start.clear();
        self.start.resize(self.aw, 0);
        for f in 0..facts {
            let on = (start[f / 64] >> (f % 64)) & 1 == 1;
            let a = 2 * f + usize::from(!on);
            self.start[a / 64] |= 1 << (a % 64);
        }
        let init = c.init_atom as usize;
        self.start[init / 64] |= 1 << (init % 64);
        // Enabled actions, then h_max over them (which also finds the reachable ones).
        self.kept.clear();
        self.kept.resize(c.actions, true);
        for a in disabled {
            if let Some(k) = self.kept.get_mut(a.index()) {
                *k = false;
            }
        }
        self.compute_hmax(c);
        if goal_atoms
            .iter()
            .any(|&g| self.hmax[g as usize] == f64::INFINITY)
        {
            stats.actions_pruned = c.actions as u32;
            return Err(Outcome::NoPlan);
        }
        self.keep_relevant(c, goal_atoms);
        let kept = self.kept.iter().filter(|&&k| k).count();
        stats.actions_kept = kept as u32;
        stats.actions_pruned = (c.actions - kept) as u32;
        self.set_groups(c);
        // Arenas and the root.
        self.states.clear();
        self.nodes.clear();
        self.hashes.clear();
        self.open.clear();
        self.seq = 0;
        self.oom = None;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        if self.table.len() < 1024 {
            self.table = vec![0; 1024];
        }
        self.act_mark.clear();
        self.act_mark.resize(c.actions, 0);
        self.exp_mark = 0;
        if max_nodes == 0 {
            return Err(Outcome::LimitReached);
        }
        self.child.clear();
        self.child.resize(self.aw, 0);
        for &g in goal_atoms {
            self.child[g as usize / 64] |= 1 << (g % 64);
        }
        if self.violates_invariant() {
            return Err(Outcome::NoPlan);
        }
        let h = self.estimate();
        stats.initial_h = h;
        let hash = hash_words(&self.child);
        let slot = self.find_slot(hash);
        let Some(root) = self.new_node(slot, hash) else {
            return Err(Outcome::OutOfMemory(self.oom.take().expect("set")));
        };
        let node = &mut self.nodes[root as usize];
        node.h = h;
        self.push(root);
        Ok(())
    }

    /// h_max per atom from the start, over the kept actions (generalized Dijkstra); marks
    /// unreachable actions as not kept.
    fn compute_hmax(&mut self, c: &CompiledDomain) {
        self.hmax.clear();
        self.hmax.resize(c.atoms, f64::INFINITY);
        self.count.clear();
        self.count
            .extend((0..c.actions).map(|a| c.pre(a).len() as u32));
        self.queue.clear();
        for a in 0..c.atoms as u32 {
            if has(&self.start, a) {
                self.hmax[a as usize] = 0.0;
                self.queue.push(Reverse((0, a)));
            }
        }
        while let Some(Reverse((bits, p))) = self.queue.pop() {
            let cost = f64::from_bits(bits);
            if cost > self.hmax[p as usize] {
                continue;
            }
            for &a in c.pre_of(p) {
                let a = a as usize;
                if !self.kept[a] {
                    continue;
                }
                self.count[a] -= 1;
                if self.count[a] > 0 {
                    continue;
                }
                // The last precondition reached is the costliest.
                let to = cost + c.costs[a];
                for &e in c.eff(a) {
                    if to < self.hmax[e as usize] {
                        self.hmax[e as usize] = to;
                        self.queue.push(Reverse((to.to_bits(), e)));
                    }
                }
            }
        }
        for a in 0..c.actions {
            if self.count[a] > 0 {
                self.kept[a] = false;
            }
        }
    }

    /// Keeps only the actions backward relaxed reachability from the goal reaches.
    fn keep_relevant(&mut self, c: &CompiledDomain, goal_atoms: &[u32]) {
        self.seen.clear();
        self.seen.resize(c.atoms, false);
        self.stack.clear();
        for &g in goal_atoms {
            if !self.seen[g as usize] {
                self.seen[g as usize] = true;
                self.stack.push(g);
            }
        }
        let mut relevant = std::mem::take(&mut self.relevant);
        relevant.clear();
        relevant.resize(c.actions, false);
        while let Some(p) = self.stack.pop() {
            for &a in c.eff_of(p) {
                let a = a as usize;
                if !self.kept[a] || relevant[a] {
                    continue;
                }
                relevant[a] = true;
                for &q in c.pre(a) {
                    if !self.seen[q as usize] {
                        self.seen[q as usize] = true;
                        self.stack.push(q);
                    }
                }
            }
        }
        for (k, &r) in self.kept.iter_mut().zip(&relevant) {
            *k &= r;
        }
        self.relevant = relevant;
    }

    /// The at-most-one groups for this search: the domain's action-checked groups (made
    /// once per compiled domain) that the start state respects.
    fn set_groups(&mut self, c: &CompiledDomain) {
        let facts = (c.atoms - 1) / 2;
        if self.groups_of != c.id {
            self.domain_group = action_checked_groups(c);
            self.groups_of = c.id;
        }
        self.group.clone_from(&self.domain_group);
        // Groups with two true facts at the start are no invariant here.
        let groups = group_count(&self.group);
        // Count each group's true facts in `group_mark` (reset below).
        self.group_mark.clear();
        self.group_mark.resize(groups, 0);
        for f in 0..facts {
            let g = self.group[f];
            if g != NONE && has(&self.start, 2 * f as u32) {
                self.group_mark[g as usize] += 1;
            }
        }
        for g in self.group.iter_mut() {
            if *g != NONE && self.group_mark[*g as usize] > 1 {
                *g = NONE;
            }
        }
        self.group_mark.iter_mut().for_each(|m| *m = 0);
        self.mark = 0;
    }

    /// True when `child` makes two facts of one group true.
    fn violates_invariant(&mut self) -> bool {
        if self.group_mark.is_empty() {
            return false;
        }
        self.mark = self.mark.wrapping_add(1);
        if self.mark == 0 {
            self.group_mark.iter_mut().for_each(|m| *m = 0);
            self.mark = 1;
        }
        for (i, &word) in self.child.iter().enumerate() {
            // Even bits: "fact is true" atoms.
            let mut pos = word & 0x5555_5555_5555_5555;
            while pos != 0 {
                let b = pos.trailing_zeros() as usize;
                pos &= pos - 1;
                let f = (i * 64 + b) / 2;
                let Some(&g) = self.group.get(f) else {
                    continue; // the always-true atom
                };
                if g == NONE {
                    continue;
                }
                if self.group_mark[g as usize] == self.mark {
                    return true;
                }
                self.group_mark[g as usize] = self.mark;
            }
        }
        false
    }

    /// h_max of `child`: the largest over its atoms (0 with blind search).
    fn estimate(&self) -> f64 {
        if self.blind {
            return 0.0;
        }
        let mut h = 0.0f64;
        for (i, &word) in self.child.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                h = h.max(self.hmax[i * 64 + b]);
            }
        }
        h
    }

    /// The slot holding `child`, or the empty slot where it belongs.
    fn find_slot(&self, hash: u64) -> usize {
        let mask = self.table.len() - 1;
        let aw = self.aw;
        let mut i = (hash as usize) & mask;
        loop {
            let s = self.table[i];
            if (s >> 32) as u32 != self.stamp {
                return i;
            }
            let n = (s & 0xffff_ffff) as usize;
            if self.hashes[n] == hash && self.states[n * aw..(n + 1) * aw] == self.child[..] {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `child` as a new node in `slot`; `None` when memory runs out (`oom`).
    fn new_node(&mut self, slot: usize, hash: u64) -> Option<u32> {
        let n = self.nodes.len();
        if let Err(e) = reserve(&mut self.nodes, n + 1, || {
            format!("the backward search's nodes ({} nodes)", n + 1)
        })
        .and_then(|()| {
            reserve(&mut self.hashes, n + 1, || {
                format!("the backward search's hashes ({} nodes)", n + 1)
            })
        })
        .and_then(|()| {
            let len = self.states.len() + self.aw;
            reserve(&mut self.states, len, || {
                format!("the backward search's subgoals ({len} words)")
            })
        }) {
            self.oom = Some(e);
            return None;
        }
        self.states.extend_from_slice(&self.child);
        self.hashes.push(hash);
        self.nodes.push(Node {
            g: 0.0,
            h: 0.0,
            parent: NONE,
            action: NONE,
            open_seq: NOT_OPEN,
            closed: false,
        });
        let stamp = u64::from(self.stamp) << 32;
        self.table[slot] = stamp | n as u64;
        if self.nodes.len() * 2 > self.table.len() {
            let cap = self.table.len() * 2;
            if let Err(e) = reserve(&mut self.table, cap, || {
                format!("the backward search's subgoal table ({cap} slots × 8 bytes)")
            }) {
                self.oom = Some(e);
                return None;
            }
            self.table.clear();
            self.table.resize(cap, 0);
            let mask = cap - 1;
            for (m, &h) in self.hashes.iter().enumerate() {
                let mut i = (h as usize) & mask;
                while self.table[i] >> 32 == stamp >> 32 {
                    i = (i + 1) & mask;
                }
                self.table[i] = stamp | m as u64;
            }
        }
        Some(n as u32)
    }

    fn push(&mut self, n: u32) {
        let node = &mut self.nodes[n as usize];
        let seq = self.seq;
        self.seq = self.seq.wrapping_add(1);
        if self.seq == NOT_OPEN {
            self.seq = 0;
        }
        node.open_seq = seq;
        let key = open_key(node.g + node.h, node.h, seq);
        self.open.push(Reverse((key, n)));
    }

    /// The A* loop, from where the last call left it, until it decides or `budget` runs
    /// out (`None`).
    pub fn expand(
        &mut self,
        c: &CompiledDomain,
        max_nodes: u32,
        budget: &SearchBudget,
        stats: &mut SearchStats,
    ) -> Option<Outcome> {
        let aw = self.aw;
        let end = SliceEnd::of(budget, stats.expanded);
        loop {
            if end.reached(stats.expanded) {
                return None;
            }
            let Some(Reverse((key, n))) = self.open.pop() else {
                break;
            };
            let ni = n as usize;
            if self.nodes[ni].open_seq != key as u32 {
                continue; // stale entry
            }
            self.nodes[ni].open_seq = NOT_OPEN;
            let sg = ni * aw;
            // The start satisfies the subgoal: its atoms are all start atoms.
            if self.states[sg..sg + aw]
                .iter()
                .zip(&self.start)
                .all(|(&x, &s)| x & !s == 0)
            {
                stats.stored = self.nodes.len() as u64;
                return Some(Outcome::Found(self.extract(n, c)));
            }
            self.nodes[ni].closed = true;
            stats.expanded += 1;
            // Relevant actions: achievers of the subgoal's atoms, in registration order.
            self.cands.clear();
            self.exp_mark = self.exp_mark.wrapping_add(1);
            if self.exp_mark == 0 {
                self.act_mark.iter_mut().for_each(|m| *m = 0);
                self.exp_mark = 1;
            }
            let mark = self.exp_mark;
            for i in 0..aw {
                let mut bits = self.states[sg + i];
                while bits != 0 {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    let atom = i as u32 * 64 + b;
                    for &a in c.eff_of(atom) {
                        if self.kept[a as usize] && self.act_mark[a as usize] != mark {
                            self.act_mark[a as usize] = mark;
                            self.cands.push(a);
                        }
                    }
                }
            }
            self.cands.sort_unstable();
            let want = self.open.len() + self.cands.len();
            if let Err(e) = reserve(&mut self.open, want, || {
                format!("the backward search's open list ({want} entries)")
            }) {
                return Some(Outcome::OutOfMemory(e));
            }
            let g = self.nodes[ni].g;
            let cands = std::mem::take(&mut self.cands);
            let mut stop = None;
            for &a in &cands {
                if let Some(outcome) = self.regress(c, n, a, g, max_nodes, stats) {
                    stop = Some(outcome);
                    break;
                }
            }
            self.cands = cands;
            if stop.is_some() {
                stats.stored = self.nodes.len() as u64;
                return stop;
            }
        }
        stats.stored = self.nodes.len() as u64;
        Some(Outcome::NoPlan)
    }

    /// Regresses node `n`'s subgoal through action `a` and records the result. `Some`
    /// when the node limit or memory stops the search.
    fn regress(
        &mut self,
        c: &CompiledDomain,
        n: u32,
        a: u32,
        g: f64,
        max_nodes: u32,
        stats: &mut SearchStats,
    ) -> Option<Outcome> {
        let aw = self.aw;
        let sg = n as usize * aw;
        let eff = c.eff(a as usize);
        // No effect may contradict the subgoal.
        if eff.iter().any(|&e| has(&self.states[sg..sg + aw], e ^ 1)) {
            return None;
        }
        self.child.copy_from_slice(&self.states[sg..sg + aw]);
        for &e in eff {
            self.child[e as usize / 64] &= !(1 << (e % 64));
        }
        for &p in c.pre(a as usize) {
            if p == c.init_atom {
                continue;
            }
            if has(&self.child, p ^ 1) {
                return None; // inconsistent
            }
            self.child[p as usize / 64] |= 1 << (p % 64);
        }
        stats.generated += 1;
        if self.violates_invariant() {
            return None;
        }
        let h = self.estimate();
        if h == f64::INFINITY {
            return None;
        }
        let g2 = g + c.costs[a as usize];
        let hash = hash_words(&self.child);
        let slot = self.find_slot(hash);
        if (self.table[slot] >> 32) as u32 != self.stamp {
            if self.nodes.len() >= max_nodes as usize {
                return Some(Outcome::LimitReached);
            }
            let Some(m) = self.new_node(slot, hash) else {
                return Some(Outcome::OutOfMemory(self.oom.take().expect("set")));
            };
            let node = &mut self.nodes[m as usize];
            node.g = g2;
            node.h = h;
            node.parent = n;
            node.action = a;
            self.push(m);
            return None;
        }
        let m = (self.table[slot] & 0xffff_ffff) as u32;
        let node = &mut self.nodes[m as usize];
        if g2 >= node.g {
            return None;
        }
        if node.closed {
            stats.reopened += 1;
            node.closed = false;
        }
        node.g = g2;
        node.parent = n;
        node.action = a;
        self.push(m);
        None
    }

    /// The plan of node `n`: its actions towards the goal, which is execution order.
    fn extract(&self, mut n: u32, c: &CompiledDomain) -> Plan {
        let (mut len, mut m) = (0, n);
        while self.nodes[m as usize].parent != NONE {
            len += 1;
            m = self.nodes[m as usize].parent;
        }
        let mut actions = Vec::with_capacity(len);
        while self.nodes[n as usize].parent != NONE {
            actions.push(ActionId(self.nodes[n as usize].action));
            n = self.nodes[n as usize].parent;
        }
        Plan::priced(actions, &c.costs)
    }
}

/// The number of groups in a per-fact group list (ids from 0; [`NONE`]: no group).
pub(super) fn group_count(group: &[u32]) -> usize {
    group
        .iter()
        .filter(|&&g| g != NONE)
        .max()
        .map_or(0, |&g| g as usize + 1)
}

/// Per fact, its at-most-one group (or [`NONE`]) checked against every action of `c`
/// (see the module documentation); the start state is checked per search.
fn action_checked_groups(c: &CompiledDomain) -> Vec<u32> {
    groups_among(c, |_| true)
}

/// [`action_checked_groups`] over the facts `seen` keeps: the others are left out of every
/// group and every check, as if no action touched them (an action that makes a kept fact
/// and an unseen one true still makes one group fact true). Every fact a precondition
/// names must be seen.
pub(super) fn groups_among(c: &CompiledDomain, seen: impl Fn(usize) -> bool) -> Vec<u32> {
    let facts = (c.atoms - 1) / 2;
    // Union-find over facts.
    let mut parent: Vec<u32> = (0..facts as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let consumed = |a: usize| {
        let eff = c.eff(a);
        c.pre(a)
            .iter()
            .filter(move |&&p| p % 2 == 0 && p != c.init_atom && eff.contains(&(p + 1)))
            .map(|&p| p / 2)
    };
    for a in 0..c.actions {
        for &e in c.eff(a) {
            if e % 2 != 0 || !seen(e as usize / 2) {
                continue;
            }
            for q in consumed(a) {
                let (x, y) = (find(&mut parent, e / 2), find(&mut parent, q));
                if x != y {
                    parent[x.max(y) as usize] = x.min(y);
                }
            }
        }
    }
    let root: Vec<u32> = (0..facts as u32).map(|f| find(&mut parent, f)).collect();
    let mut size = vec![0u32; facts];
    for &r in &root {
        size[r as usize] += 1;
    }
    // Check every action against the candidate groups.
    let mut ok: Vec<bool> = size.iter().map(|&s| s > 1).collect();
    let mut adds: Vec<(u32, u32)> = Vec::new();
    for a in 0..c.actions {
        adds.clear();
        for &e in c.eff(a) {
            if e % 2 == 0 && seen(e as usize / 2) {
                let r = root[e as usize / 2];
                if ok[r as usize] {
                    adds.push((r, e / 2));
                }
            }
        }
        adds.sort_unstable();
        for (i, &(r, _)) in adds.iter().enumerate() {
            if i > 0 && adds[i - 1].0 == r {
                ok[r as usize] = false; // makes two facts of the group true
                continue;
            }
            if !consumed(a).any(|q| root[q as usize] == r) {
                ok[r as usize] = false; // makes one true without consuming another
            }
        }
    }
    // Number the groups that passed.
    let mut id = vec![NONE; facts];
    let mut next = 0u32;
    let mut group = vec![NONE; facts];
    for f in 0..facts {
        let r = root[f] as usize;
        if !ok[r] {
            continue;
        }
        if id[r] == NONE {
            id[r] = next;
            next += 1;
        }
        group[f] = id[r];
    }
    group
}
