//! LM-cut (Helmert & Domshlak 2009): repeatedly compute h_max, find a cut of the
//! justification graph between the state and the goal (a disjunctive action landmark), add
//! its minimum cost and reduce the cut's costs by it. The sum is admissible; the cuts with
//! their costs are also a cost partitioning over landmarks, which the search reuses as a
//! cheap path-dependent estimate (see `search.rs`).

use super::relaxed::{Relaxed, NONE, STATUS_NONE, STATUS_ZONE};
use crate::domain::compiled::CompiledDomain;

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

/// The root-landmark estimate of a path whose used landmarks are `hits` (one bit per
/// landmark, `costs.len()` of them): the summed cost of the landmarks it has not used.
pub(crate) fn unused_cost(hits: &[u64], costs: &[f64]) -> f64 {
    let nl = costs.len();
    let mut h = 0.0;
    for (wi, &word) in hits.iter().enumerate() {
        let mut open = !word;
        if wi == hits.len() - 1 && nl % 64 != 0 {
            open &= (1u64 << (nl % 64)) - 1;
        }
        while open != 0 {
            let b = open.trailing_zeros() as usize;
            open &= open - 1;
            h += costs[wi * 64 + b];
        }
    }
    h
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
    /// Adds one landmark: `actions`, at `cost`.
    pub fn push(&mut self, cost: f64, actions: &[u32]) {
        self.costs.push(cost);
        self.actions.extend_from_slice(actions);
        self.start.push(self.actions.len() as u32);
    }
    /// Appends `other`'s landmarks.
    pub fn append(&mut self, other: &Landmarks) {
        let base = self.actions.len() as u32;
        self.costs.extend_from_slice(&other.costs);
        self.actions.extend_from_slice(&other.actions);
        self.start
            .extend(other.start[1..].iter().map(|&s| base + s));
    }
    pub fn actions_of(&self, l: usize) -> &[u32] {
        &self.actions[self.start[l] as usize..self.start[l + 1] as usize]
    }
}

impl Relaxed {
    #[inline]
    fn lower(&mut self, atom: u32, cost: f64) {
        self.work += 1;
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

    /// Replaces `stack` with the goal atoms the state lacks (after a full exploration).
    fn push_goals_to_achieve(&mut self) {
        self.stack.clear();
        let achiever = &self.achiever;
        self.stack.extend(
            self.goal_atoms
                .iter()
                .copied()
                .filter(|&g| achiever[g as usize] != NONE),
        );
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
        self.push_goals_to_achieve();
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
        self.push_goals_to_achieve();
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
                landmarks.push(cost, &[a]);
            }
        }
        Some(h)
    }

    /// LM-cut value of `state`; `INFINITY` for a relaxed dead end. When `landmarks` is
    /// given, the cuts and their costs are recorded there.
    pub fn lmcut(
        &mut self,
        c: &CompiledDomain,
        state: &[u64],
        landmarks: Option<&mut Landmarks>,
    ) -> f64 {
        self.lmcut_within(c, state, landmarks, u64::MAX)
    }

    /// [`Relaxed::lmcut`], stopping before a cut once its work ([`Relaxed::work`]) has
    /// passed `max_work`: the cuts found so far are landmarks all the same, and their
    /// summed cost is still admissible, only lower than the full LM-cut value (a state
    /// deep in a long chain takes one cut per step, each redoing h_max along the chain).
    pub fn lmcut_within(
        &mut self,
        c: &CompiledDomain,
        state: &[u64],
        landmarks: Option<&mut Landmarks>,
        max_work: u64,
    ) -> f64 {
        self.lmcut_from(c, state, landmarks, max_work, None)
    }

    /// LM-cut of `state` that starts from `known`, landmarks of `state` already paid for
    /// (a parent's that the action to `state` is in none of): it cuts in the costs they
    /// leave and returns (and records) only what it adds, so `known`'s sum plus the result
    /// is admissible (one cost partition over both).
    pub fn lmcut_seeded(
        &mut self,
        c: &CompiledDomain,
        state: &[u64],
        landmarks: Option<&mut Landmarks>,
        known: &Landmarks,
    ) -> f64 {
        self.lmcut_from(c, state, landmarks, u64::MAX, Some(known))
    }

    fn lmcut_from(
        &mut self,
        c: &CompiledDomain,
        state: &[u64],
        mut landmarks: Option<&mut Landmarks>,
        max_work: u64,
        known: Option<&Landmarks>,
    ) -> f64 {
        self.work = 0;
        self.evaluations += 1;
        self.load_state(c, state);
        self.reduced.copy_from_slice(&c.costs);
        if let Some(known) = known {
            for l in 0..known.len() {
                let cost = known.costs[l];
                for &a in known.actions_of(l) {
                    let r = &mut self.reduced[a as usize];
                    *r = sub_down(*r, cost.min(*r));
                }
            }
        }
        if let Some(l) = landmarks.as_deref_mut() {
            l.clear();
        }
        self.hmax(c);
        if self.goal_cost == f64::INFINITY {
            return f64::INFINITY;
        }
        if let (Some(l), None) = (landmarks.as_deref_mut(), known) {
            if let Some(h) = self.singleton_landmarks(c, l) {
                return h;
            }
        }
        let mut h = 0.0;
        while self.goal_cost > 0.0 && self.work <= max_work {
            // Goal zone: atoms from which the goal is reached at zero reduced cost.
            self.zone.clear();
            self.status[self.goal_sup as usize] = STATUS_ZONE;
            self.zone.push(self.goal_sup);
            let mut zi = 0;
            while zi < self.zone.len() {
                let p = self.zone[zi];
                zi += 1;
                self.work += 1;
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
                l.push(cut_cost, &self.cut);
            }
            self.hmax_incremental(c);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::{sub_down, Landmarks, Relaxed};
    use crate::domain::compiled::atom;
    use crate::domain::{ActionDef, Domain, FactValue};
    use crate::planner::partition::LandmarkArena;

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
                ..Default::default()
            })
            .unwrap();
        }
        d
    }

    /// LM-cut with landmark recording (which may take the singleton shortcut) against
    /// LM-cut without (which never does), from the empty state to `goal`.
    fn both(d: &Domain, goal: &str) -> (f64, f64, Landmarks) {
        let c = d.compiled().unwrap();
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

    #[test]
    fn seeded_lmcut_adds_to_known_landmarks_admissibly() {
        let d = domain(&[
            ("buy", 3.0, &[], &["meat"]),
            ("hunt", 2.0, &[], &["meat"]),
            ("cook", 4.0, &["meat"], &["stew"]),
            ("rice", 5.0, &[], &["rice"]),
            ("serve", 1.0, &["stew", "rice"], &["dinner"]),
        ]);
        let c = d.compiled().unwrap();
        let fact = |name: &str| d.fact_id(name).unwrap().0;
        let action = |name: &str| d.action_id(name).unwrap().0;
        let mut r = Relaxed::default();
        r.prepare(c, &[atom(fact("dinner"), true)]);
        let root_state = vec![0u64; c.words];
        let mut root = Landmarks::default();
        assert_eq!(r.lmcut(c, &root_state, Some(&mut root)), 12.0);
        // The child by `hunt` (meat is true) keeps the root's landmarks without `hunt`.
        let mut arena = LandmarkArena::default();
        arena.reset(1000);
        let at = arena.store(&root).expect("fits");
        let mut known = Landmarks::default();
        let paid = arena.inherit(at, action("hunt"), &mut known);
        let mut child = root_state.clone();
        let m = fact("meat") as usize;
        child[m / 64] |= 1 << (m % 64);
        let mut added = Landmarks::default();
        let more = r.lmcut_seeded(c, &child, Some(&mut added), &known);
        // cook + rice + serve: the optimal cost from the child, found in known and new cuts.
        assert_eq!(paid + more, 10.0);
        assert_eq!(
            added.costs.iter().sum::<f64>(),
            more,
            "only new cuts recorded"
        );
        // Knowing nothing, it is LM-cut.
        let mut nothing = Landmarks::default();
        nothing.clear();
        let plain = r.lmcut(c, &child, None);
        assert_eq!(r.lmcut_seeded(c, &child, None, &nothing), plain);
        // Knowing everything the child needs, it adds nothing.
        let mut all = Landmarks::default();
        r.lmcut(c, &child, Some(&mut all));
        assert_eq!(r.lmcut_seeded(c, &child, None, &all), 0.0);
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
