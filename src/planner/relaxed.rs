//! Delete-relaxation analyses: reachability and relevance pruning, h_max and LM-cut.
//!
//! All of them run over the relaxed task of [`CompiledDomain`] restricted to the actions
//! marked active for the current search. LM-cut (Helmert & Domshlak 2009) repeatedly
//! computes h_max, finds a cut of the justification graph between the state and the goal
//! (a disjunctive action landmark), adds its minimum cost and reduces the cut's costs by it.
//! The sum is admissible; it also yields a cost partitioning over landmarks that the
//! search reuses as a cheap path-dependent heuristic.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::compiled::CompiledDomain;

const NONE: u32 = u32::MAX;
const STATUS_NONE: u8 = 0;
const STATUS_ZONE: u8 = 1;
const STATUS_BEFORE: u8 = 2;

/// `a - b` rounded down, for `a >= b >= 0`: a cost partition built from it never hands out
/// more than an action's cost, whatever the rounding.
#[inline]
pub(crate) fn sub_down(a: f64, b: f64) -> f64 {
    let s = a - b;
    // Fast2Sum: the exact difference is s + err.
    let err = (-b) - (s - a);
    if err < 0.0 {
        s.next_down().max(0.0)
    } else {
        s
    }
}

/// A priority queue of atoms by cost, monotone within one exploration: a bucket array
/// when every cost is a small integer (most game domains; pops are then O(1)), a binary
/// heap otherwise.
#[derive(Debug, Default)]
struct CostQueue {
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
    fn set_integer(&mut self, integer: bool) {
        self.clear();
        self.integer = integer;
    }

    fn clear(&mut self) {
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
    fn push(&mut self, cost: f64, atom: u32) {
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
    fn pop(&mut self) -> Option<(f64, u32)> {
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

/// One disjunctive action landmark found by LM-cut: every plan from the state uses one of
/// `actions`, and `cost` of each of their costs was assigned to it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Landmarks {
    /// Cost of each landmark.
    pub costs: Vec<f64>,
    /// CSR: actions of each landmark.
    pub start: Vec<u32>,
    pub actions: Vec<u32>,
}

impl Landmarks {
    pub fn clear(&mut self) {
        self.costs.clear();
        self.start.clear();
        self.start.push(0);
        self.actions.clear();
    }
    pub fn len(&self) -> usize {
        self.costs.len()
    }
    pub fn actions_of(&self, l: usize) -> &[u32] {
        &self.actions[self.start[l] as usize..self.start[l + 1] as usize]
    }
}

/// Scratch memory for the relaxed analyses, reused across calls.
#[derive(Debug, Default)]
pub(crate) struct Relaxed {
    /// Which actions take part (pruned ones do not).
    pub active: Vec<bool>,
    /// Goal atoms of the current search.
    goal_atoms: Vec<u32>,
    is_goal: Vec<bool>,
    atom_cost: Vec<f64>,
    status: Vec<u8>,
    reduced: Vec<f64>,
    unsat: Vec<u32>,
    supporter: Vec<u32>,
    supp_cost: Vec<f64>,
    /// Per atom, the action that set its h_max cost in the full exploration (`NONE` for
    /// atoms of the state and unreached ones).
    achiever: Vec<u32>,
    zone: Vec<u32>,
    /// Per action: equal to `mark_stamp` when marked in the current pass (see `next_mark`).
    mark: Vec<u32>,
    mark_stamp: u32,
    goal_cost: f64,
    goal_sup: u32,
    heap: CostQueue,
    zero_queue: Vec<u32>,
    stack: Vec<u32>,
    cut: Vec<u32>,
    state_atoms: Vec<u32>,
    /// Number of LM-cut evaluations since `prepare`.
    pub evaluations: u64,
}

impl Relaxed {
    /// Sizes the scratch for `c`, activates every action and sets the goal atoms.
    pub fn prepare(&mut self, c: &CompiledDomain, goal_atoms: &[u32]) {
        self.active.clear();
        self.active.resize(c.actions, true);
        // Buffers keep their contents between calls where every use overwrites them (costs,
        // counters, supporters) or restores them (status, goal flags, marks by stamp).
        for &g in &self.goal_atoms {
            if let Some(flag) = self.is_goal.get_mut(g as usize) {
                *flag = false;
            }
        }
        self.goal_atoms.clear();
        if self.is_goal.len() != c.atoms {
            self.is_goal.clear();
            self.is_goal.resize(c.atoms, false);
            self.status.clear();
            self.status.resize(c.atoms, STATUS_NONE);
            self.atom_cost.resize(c.atoms, f64::INFINITY);
        }
        for &g in goal_atoms {
            if !self.is_goal[g as usize] {
                self.is_goal[g as usize] = true;
                self.goal_atoms.push(g);
            }
        }
        if self.reduced.len() != c.actions {
            self.reduced.resize(c.actions, 0.0);
            self.unsat.resize(c.actions, 0);
            self.supporter.resize(c.actions, NONE);
            self.supp_cost.resize(c.actions, 0.0);
            self.mark.clear();
            self.mark.resize(c.actions, 0);
            self.mark_stamp = 1;
        }
        self.heap.set_integer(c.integer_costs);
        self.evaluations = 0;
    }

    fn load_state(&mut self, c: &CompiledDomain, state: &[u64]) {
        self.state_atoms.clear();
        let facts = (c.atoms - 1) / 2;
        for f in 0..facts {
            let set = (state[f / 64] >> (f % 64)) & 1 == 1;
            self.state_atoms.push((f as u32) * 2 + u32::from(!set));
        }
        self.state_atoms.push(c.init_atom);
    }

    /// Forward relaxed reachability from `state`; deactivates actions that can never apply.
    /// Returns false when some goal atom is unreachable (no plan exists).
    pub fn prune_unreachable(&mut self, c: &CompiledDomain, state: &[u64]) -> bool {
        self.load_state(c, state);
        let reached = &mut self.status;
        reached.iter_mut().for_each(|s| *s = STATUS_NONE);
        for a in 0..c.actions {
            self.unsat[a] = c.pre(a).len() as u32;
        }
        self.stack.clear();
        for &p in &self.state_atoms {
            reached[p as usize] = 1;
            self.stack.push(p);
        }
        while let Some(p) = self.stack.pop() {
            for &a in c.pre_of(p) {
                let a = a as usize;
                self.unsat[a] -= 1;
                if self.unsat[a] == 0 {
                    for &e in c.eff(a) {
                        if reached[e as usize] == 0 {
                            reached[e as usize] = 1;
                            self.stack.push(e);
                        }
                    }
                }
            }
        }
        for a in 0..c.actions {
            if self.unsat[a] != 0 {
                self.active[a] = false;
            }
        }
        self.goal_atoms.iter().all(|&g| reached[g as usize] == 1)
    }

    /// After an exploration (h_max or LM-cut), deactivates the actions it never triggered:
    /// relaxed reachability says they can never apply.
    pub fn keep_triggered(&mut self) {
        for (active, &unsat) in self.active.iter_mut().zip(&self.unsat) {
            *active &= unsat == 0;
        }
    }

    /// Backward relevance from the goal over active actions; deactivates actions none of
    /// whose effects can matter. Removing such actions from any plan leaves a valid plan
    /// that costs no more, so optimal cost is preserved.
    pub fn prune_irrelevant(&mut self, c: &CompiledDomain) {
        let relevant = &mut self.status;
        relevant.iter_mut().for_each(|s| *s = STATUS_NONE);
        self.stack.clear();
        for &g in &self.goal_atoms {
            relevant[g as usize] = 1;
            self.stack.push(g);
        }
        let mut relevant_action = std::mem::take(&mut self.unsat);
        relevant_action.iter_mut().for_each(|x| *x = 0);
        while let Some(p) = self.stack.pop() {
            for &a in c.eff_of(p) {
                let a = a as usize;
                if !self.active[a] || relevant_action[a] == 1 {
                    continue;
                }
                relevant_action[a] = 1;
                for &q in c.pre(a) {
                    if relevant[q as usize] == 0 {
                        relevant[q as usize] = 1;
                        self.stack.push(q);
                    }
                }
            }
        }
        for (active, &relevant) in self.active.iter_mut().zip(&relevant_action) {
            *active &= relevant == 1;
        }
        self.unsat = relevant_action;
    }

    /// Full h_max exploration from `state_atoms` with the current reduced costs: atom
    /// costs, each action's supporter (its most expensive precondition) and the goal's.
    fn hmax(&mut self, c: &CompiledDomain) {
        self.atom_cost.iter_mut().for_each(|x| *x = f64::INFINITY);
        self.achiever.clear();
        self.achiever.resize(c.atoms, NONE);
        for a in 0..c.actions {
            self.unsat[a] = if self.active[a] {
                c.pre(a).len() as u32
            } else {
                u32::MAX
            };
        }
        let mut goal_left = self.goal_atoms.len();
        self.goal_cost = if goal_left == 0 { 0.0 } else { f64::INFINITY };
        self.goal_sup = NONE;
        self.heap.clear();
        self.zero_queue.clear();
        for &p in &self.state_atoms {
            self.atom_cost[p as usize] = 0.0;
            self.zero_queue.push(p);
        }
        // Atoms of cost 0 first (in a fixed order), then a Dijkstra over the heap.
        let mut zi = 0;
        loop {
            let (p, cost) = if zi < self.zero_queue.len() {
                zi += 1;
                (self.zero_queue[zi - 1], 0.0)
            } else if let Some((cost, p)) = self.heap.pop() {
                if cost > self.atom_cost[p as usize] {
                    continue;
                }
                (p, cost)
            } else {
                break;
            };
            if self.status[p as usize] == STATUS_BEFORE {
                continue; // processed already
            }
            self.status[p as usize] = STATUS_BEFORE;
            if self.is_goal[p as usize] {
                goal_left -= 1;
                if goal_left == 0 {
                    self.goal_cost = cost;
                    self.goal_sup = p;
                }
            }
            for &a in c.pre_of(p) {
                let a = a as usize;
                if self.unsat[a] == u32::MAX {
                    continue; // inactive
                }
                self.unsat[a] -= 1;
                if self.unsat[a] == 0 {
                    self.supporter[a] = p;
                    self.supp_cost[a] = cost;
                    let nc = cost + self.reduced[a];
                    for &e in c.eff(a) {
                        if nc < self.atom_cost[e as usize] {
                            self.atom_cost[e as usize] = nc;
                            self.achiever[e as usize] = a as u32;
                            if nc == 0.0 {
                                self.zero_queue.push(e);
                            } else {
                                self.heap.push(nc, e);
                            }
                        }
                    }
                }
            }
        }
        self.status.iter_mut().for_each(|s| *s = STATUS_NONE);
    }

    #[inline]
    fn lower(&mut self, atom: u32, cost: f64) {
        if cost < self.atom_cost[atom as usize] {
            self.atom_cost[atom as usize] = cost;
            self.heap.push(cost, atom);
        }
    }

    /// After the cut's costs were reduced, lowers h_max values from the cut's effects
    /// onwards (costs only fall, so a decrease-only Dijkstra suffices) and moves
    /// supporters whose cost fell.
    fn hmax_incremental(&mut self, c: &CompiledDomain) {
        self.heap.clear();
        for i in 0..self.cut.len() {
            let a = self.cut[i] as usize;
            let cost = self.supp_cost[a] + self.reduced[a];
            for &e in c.eff(a) {
                self.lower(e, cost);
            }
        }
        while let Some((cost, p)) = self.heap.pop() {
            if cost > self.atom_cost[p as usize] {
                continue;
            }
            if self.goal_sup == p {
                self.update_goal_supporter();
            }
            for &a in c.pre_of(p) {
                let a = a as usize;
                if self.unsat[a] != 0 || self.supporter[a] != p || self.supp_cost[a] <= cost {
                    continue;
                }
                let old = self.supp_cost[a];
                let (mut best, mut best_cost) = (NONE, f64::NEG_INFINITY);
                for &q in c.pre(a) {
                    if self.atom_cost[q as usize] > best_cost {
                        best = q;
                        best_cost = self.atom_cost[q as usize];
                    }
                }
                self.supporter[a] = best;
                self.supp_cost[a] = best_cost;
                if best_cost < old {
                    let target = best_cost + self.reduced[a];
                    for &e in c.eff(a) {
                        self.lower(e, target);
                    }
                }
            }
        }
    }

    fn update_goal_supporter(&mut self) {
        let (mut best, mut best_cost) = (NONE, f64::NEG_INFINITY);
        for &g in &self.goal_atoms {
            if self.atom_cost[g as usize] > best_cost {
                best = g;
                best_cost = self.atom_cost[g as usize];
            }
        }
        self.goal_sup = best;
        self.goal_cost = best_cost;
    }

    /// A shortcut for the common GOAP shape, after a full h_max exploration: when every
    /// action of the h_max-greedy relaxed plan is a *singleton landmark* (the only reachable
    /// achiever of a goal atom, or of a precondition of another singleton landmark), those
    /// actions' total cost equals the optimal relaxed cost h+, which bounds LM-cut from
    /// above: LM-cut cannot find more. The singletons, each with its full cost, are then
    /// recorded as the landmarks and their sum returned. Otherwise returns `None` (and
    /// leaves `landmarks` empty) for the full LM-cut to run.
    fn singleton_landmarks(
        &mut self,
        c: &CompiledDomain,
        landmarks: &mut Landmarks,
    ) -> Option<f64> {
        let in_state = |achiever: &[u32], p: u32| achiever[p as usize] == NONE;
        // Singleton landmarks, by backchaining from the goal.
        self.cut.clear();
        self.stack.clear();
        let achiever = &self.achiever;
        self.stack.extend(
            self.goal_atoms
                .iter()
                .copied()
                .filter(|&g| !in_state(achiever, g)),
        );
        let stamp = self.next_mark();
        while let Some(p) = self.stack.pop() {
            let mut only = NONE;
            for &a in c.eff_of(p) {
                if self.unsat[a as usize] == 0 {
                    if only != NONE {
                        return None; // two achievers: not the simple shape
                    }
                    only = a;
                }
            }
            let a = only as usize;
            if self.mark[a] == stamp {
                continue;
            }
            self.mark[a] = stamp;
            self.cut.push(only);
            for &q in c.pre(a) {
                if !in_state(&self.achiever, q) {
                    self.stack.push(q);
                }
            }
        }
        // The h_max-greedy relaxed plan: the achiever that set each needed atom's cost. The
        // singletons are in every relaxed plan, so the two sets are equal when their sizes
        // are.
        let stamp = self.next_mark();
        let mut plan_actions = 0;
        self.stack.clear();
        let achiever = &self.achiever;
        self.stack.extend(
            self.goal_atoms
                .iter()
                .copied()
                .filter(|&g| !in_state(achiever, g)),
        );
        while let Some(p) = self.stack.pop() {
            let a = self.achiever[p as usize] as usize;
            if self.mark[a] == stamp {
                continue;
            }
            self.mark[a] = stamp;
            plan_actions += 1;
            if plan_actions > self.cut.len() {
                return None;
            }
            for &q in c.pre(a) {
                if !in_state(&self.achiever, q) {
                    self.stack.push(q);
                }
            }
        }
        if plan_actions != self.cut.len() {
            return None;
        }
        let mut h = 0.0;
        for &a in &self.cut {
            let cost = c.costs[a as usize];
            if cost > 0.0 {
                h += cost;
                landmarks.costs.push(cost);
                landmarks.actions.push(a);
                landmarks.start.push(landmarks.actions.len() as u32);
            }
        }
        Some(h)
    }

    /// A fresh stamp for `mark`.
    fn next_mark(&mut self) -> u32 {
        self.mark_stamp = self.mark_stamp.wrapping_add(1);
        if self.mark_stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.mark_stamp = 1;
        }
        self.mark_stamp
    }

    /// h_max of `state` (admissible, weaker than LM-cut); `INFINITY` for a dead end.
    pub fn hmax_value(&mut self, c: &CompiledDomain, state: &[u64]) -> f64 {
        self.load_state(c, state);
        self.reduced.copy_from_slice(&c.costs);
        self.hmax(c);
        self.goal_cost
    }

    /// LM-cut value of `state`; `INFINITY` for a relaxed dead end. When `landmarks` is
    /// given, the cuts and their costs are recorded there.
    pub fn lmcut(
        &mut self,
        c: &CompiledDomain,
        state: &[u64],
        mut landmarks: Option<&mut Landmarks>,
    ) -> f64 {
        self.evaluations += 1;
        self.load_state(c, state);
        self.reduced.copy_from_slice(&c.costs);
        if let Some(l) = landmarks.as_deref_mut() {
            l.clear();
        }
        self.hmax(c);
        if self.goal_cost == f64::INFINITY {
            return f64::INFINITY;
        }
        if let Some(l) = landmarks.as_deref_mut() {
            if let Some(h) = self.singleton_landmarks(c, l) {
                return h;
            }
        }
        let mut h = 0.0;
        while self.goal_cost > 0.0 {
            // Goal zone: atoms from which the goal is reached at zero reduced cost.
            self.zone.clear();
            self.status[self.goal_sup as usize] = STATUS_ZONE;
            self.zone.push(self.goal_sup);
            let mut zi = 0;
            while zi < self.zone.len() {
                let p = self.zone[zi];
                zi += 1;
                for &a in c.eff_of(p) {
                    let a = a as usize;
                    if self.unsat[a] == 0 && self.reduced[a] == 0.0 {
                        let s = self.supporter[a];
                        if self.status[s as usize] == STATUS_NONE {
                            self.status[s as usize] = STATUS_ZONE;
                            self.zone.push(s);
                        }
                    }
                }
            }
            // The cut: achievers of zone atoms whose supporter lies outside the zone. (This
            // may include a few actions that Helmert & Domshlak's forward sweep from the
            // state would leave out; a superset of a landmark is a landmark, so the sum
            // stays admissible, and it saves a sweep over the whole task per cut.)
            self.cut.clear();
            let stamp = self.next_mark();
            for &p in &self.zone {
                for &a in c.eff_of(p) {
                    let au = a as usize;
                    if self.unsat[au] == 0
                        && self.status[self.supporter[au] as usize] != STATUS_ZONE
                        && self.mark[au] != stamp
                    {
                        self.mark[au] = stamp;
                        self.cut.push(a);
                    }
                }
            }
            for &p in &self.zone {
                self.status[p as usize] = STATUS_NONE;
            }
            let cut_cost = self
                .cut
                .iter()
                .map(|&a| self.reduced[a as usize])
                .fold(f64::INFINITY, f64::min);
            if self.cut.is_empty() || cut_cost <= 0.0 || !cut_cost.is_finite() {
                // Cannot happen for a correct cut; stop rather than loop.
                debug_assert!(false, "LM-cut found an empty or zero-cost cut");
                break;
            }
            h += cut_cost;
            for &a in &self.cut {
                let r = &mut self.reduced[a as usize];
                *r = sub_down(*r, cut_cost);
            }
            if let Some(l) = landmarks.as_deref_mut() {
                l.costs.push(cut_cost);
                l.actions.extend_from_slice(&self.cut);
                l.start.push(l.actions.len() as u32);
            }
            self.hmax_incremental(c);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::{sub_down, Landmarks, Relaxed};
    use crate::domain::{ActionDef, Domain, FactValue};
    use crate::planner::compiled::atom;

    fn domain(actions: &[(&str, f64, &[&str], &[&str])]) -> Domain {
        let mut d = Domain::new();
        for &(name, cost, pre, eff) in actions {
            let fv = |d: &mut Domain, l: &[&str]| -> Vec<FactValue> {
                l.iter()
                    .map(|n| FactValue::new(d.add_fact(n).unwrap(), true))
                    .collect()
            };
            let pre = fv(&mut d, pre);
            let effects = fv(&mut d, eff);
            d.add_action(ActionDef {
                name: name.into(),
                pre,
                effects,
                cost,
            })
            .unwrap();
        }
        d
    }

    /// LM-cut with landmark recording (which may take the singleton shortcut) against
    /// LM-cut without (which never does), from the empty state to `goal`.
    fn both(d: &Domain, goal: &str) -> (f64, f64, Landmarks) {
        let c = d.compiled();
        let g = [atom(d.fact_id(goal).unwrap().0, true)];
        let state = vec![0u64; c.words];
        let mut r = Relaxed::default();
        r.prepare(c, &g);
        let mut l = Landmarks::default();
        let with = r.lmcut(c, &state, Some(&mut l));
        r.prepare(c, &g);
        let without = r.lmcut(c, &state, None);
        (with, without, l)
    }

    #[test]
    fn singleton_shortcut_matches_lmcut() {
        // A tree of single achievers (the kitchen shape): the shortcut applies.
        let d = domain(&[
            ("buy", 3.0, &[], &["meat"]),
            ("cook", 4.0, &["meat"], &["stew"]),
            ("rice", 5.0, &[], &["rice"]),
            ("serve", 1.0, &["stew", "rice"], &["dinner"]),
        ]);
        let (with, without, l) = both(&d, "dinner");
        assert_eq!((with, without), (13.0, 13.0));
        assert_eq!(l.len(), 4, "one singleton landmark per action");
        // Two achievers of one atom: no shortcut, same value, LM-cut's landmarks.
        let d = domain(&[
            ("buy", 3.0, &[], &["meat"]),
            ("hunt", 2.0, &[], &["meat"]),
            ("cook", 4.0, &["meat"], &["stew"]),
        ]);
        let (with, without, l) = both(&d, "stew");
        assert_eq!((with, without), (6.0, 6.0));
        assert!(
            l.actions.len() >= 3,
            "the disjunctive landmark {{buy, hunt}} is kept"
        );
    }

    /// `x` (0 or >= 2^-20, < 2^40) as an exact integer multiple of 2^-80.
    fn exact(x: f64) -> i128 {
        if x == 0.0 {
            return 0;
        }
        let bits = x.to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i32;
        let mant = (bits & ((1 << 52) - 1)) | (1 << 52);
        // x = mant * 2^(exp - 1075); the shift below stays within (-53, 128).
        let shift = exp - 1075 + 80;
        if shift >= 0 {
            (mant as i128) << shift
        } else {
            (mant as i128) >> (-shift)
        }
    }

    #[test]
    fn sub_down_never_rounds_up() {
        let vals = [
            1.0,
            0.1,
            0.3,
            0.7,
            17.0,
            3.0,
            1e6 + 0.1,
            0.5,
            2.0 / 3.0,
            1.0 / 7.0,
        ];
        for &a in &vals {
            for &b in &vals {
                if b > a {
                    continue;
                }
                let s = sub_down(a, b);
                assert!(s >= 0.0);
                assert!(exact(s) + exact(b) <= exact(a), "{a} - {b} -> {s}");
                assert!(
                    exact(a) - exact(b) - exact(s) <= exact(a).max(1) >> 50,
                    "too far down"
                );
            }
        }
    }
}
