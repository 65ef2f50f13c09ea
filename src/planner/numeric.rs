//! Integer variables in the search: packed values, applicability and effects, numeric
//! reachability pruning, and the admissible per-variable estimate.
//!
//! # State layout
//! A search state is the fact words followed by `var_words` words holding two variables
//! each: variable `i` is in word `facts + i / 2`, bits `32 * (i % 2)..`, stored as
//! `value - min` (a `u32`, so a variable at its minimum packs as zero bits).
//!
//! # Estimate
//! The *projection* onto a variable is an abstraction of the task: its states are the
//! variable's values, and every kept action with an effect on the variable is an edge from
//! each value where the action's conditions on that variable hold (and its result is in
//! range, or clamped) to the result. The cost of reaching a set of values in the projection
//! never exceeds the cost in the task (every plan maps to a path), so it is admissible.
//!
//! Subgoals: the goal's conditions on a variable, and the variable conditions of every
//! action that the root's LM-cut proves is in every plan (a singleton landmark) and that the
//! path to the node has not used yet: such an action must still run, so its conditions must
//! still be reached.
//!
//! Two estimates come out, and the search uses the larger:
//! - `full`: the largest projection cost over the open subgoals, at full action costs.
//! - `split`: added to the boolean estimate (landmarks or LM-cut). Actions with boolean
//!   effects keep their whole cost for the boolean side; actions with only variable effects
//!   (never part of a boolean landmark) have their cost split evenly among the subgoal
//!   variables they change. Per variable the largest open subgoal cost counts, and the
//!   variables' costs are summed: a cost partitioning, so the sum stays admissible.
//!
//! Variables with more than [`PROJECTION_LIMIT`] values get only a closed-form bound for
//! their goal conditions (in `full`): the cheapest `set`, or ⌈distance ÷ largest step⌉ ×
//! the cheapest step. A goal value that no projection path reaches proves the task
//! unsolvable without search.
//!
//! # Reachability
//! Before the search, the values each variable can reach from the start are over-estimated
//! variable by variable (for ranges up to [`PROJECTION_LIMIT`]), growing from the start
//! values through the actions whose variable conditions some reached value meets; actions
//! that never qualify can never apply and are pruned.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::potential::Potential;
use crate::domain::compiled::CompiledDomain;
use crate::domain::{interval, Var, VarCondition, VarId, VarOp};
use crate::state::WorldState;

/// Largest variable range (number of values) that gets exact projections; larger ones
/// use the closed-form bound. Bounds the per-search preparation to about
/// `PROJECTION_LIMIT × actions on the variable` steps per goal variable.
pub const PROJECTION_LIMIT: u64 = 4096;

/// At most this many singleton landmarks get their own potential (one small LP each per
/// search).
const LANDMARK_POTENTIALS: usize = 4;

/// The stored offset (`value - min`) of variable `i` in a packed state whose variables
/// start at word `base`.
#[inline]
fn offset(state: &[u64], base: usize, i: usize) -> usize {
    (state[base + i / 2] >> (32 * (i % 2))) as u32 as usize
}

/// Reads variable `i` of a packed state whose variables start at word `base`.
#[inline]
pub(crate) fn get(state: &[u64], base: usize, i: usize, var: &Var) -> i32 {
    (i64::from(var.min()) + offset(state, base, i) as i64) as i32
}

/// Writes variable `i` (`value` must lie in the variable's range).
#[inline]
pub(crate) fn put(state: &mut [u64], base: usize, i: usize, var: &Var, value: i32) {
    let raw = (i64::from(value) - i64::from(var.min())) as u32;
    let shift = 32 * (i % 2);
    let w = &mut state[base + i / 2];
    *w = (*w & !(0xffff_ffffu64 << shift)) | (u64::from(raw) << shift);
}

/// True when every condition holds in the packed state.
#[inline]
pub(crate) fn holds(
    c: &CompiledDomain,
    state: &[u64],
    base: usize,
    conds: &[VarCondition],
) -> bool {
    conds.iter().all(|k| {
        let i = k.var.index();
        k.op.holds(get(state, base, i, &c.vars[i]), k.value)
    })
}

/// Applies action `a`'s variable effects to `child` (a copy of the parent's variables);
/// false when one leaves its range under `Overflow::Reject` (the action is inapplicable).
#[inline]
pub(crate) fn apply(c: &CompiledDomain, a: usize, child: &mut [u64], base: usize) -> bool {
    for e in c.var_eff(a) {
        let i = e.var.index();
        let var = &c.vars[i];
        match var.apply(get(child, base, i, var), e.op, e.value) {
            Some(y) => put(child, base, i, var, y),
            None => return false,
        }
    }
    true
}

/// Packs the start values of `start` (defaults for unset variables, values outside a
/// range clamped into it) after the fact words.
pub(crate) fn pack_start(c: &CompiledDomain, start: &WorldState, out: &mut [u64], base: usize) {
    for (i, var) in c.vars.iter().enumerate() {
        put(out, base, i, var, var.resolve(start.var(VarId(i as u32))));
    }
}

/// One projected subgoal: a set of values of one variable.
#[derive(Clone, Copy, Debug)]
struct Subgoal {
    /// Offsets of the full-cost and split-cost tables in `tables`.
    full: usize,
    split: usize,
    /// The root landmark whose action needs these values, or `u32::MAX` for the goal.
    landmark: u32,
}

/// The subgoals of one variable (a range of `subgoals`) and its goal bound.
#[derive(Clone, Copy, Debug)]
struct VarGoals {
    var: u32,
    from: u32,
    to: u32,
    /// Closed-form bound for the goal's conditions, for an unprojected variable.
    bound: Option<Bound>,
}

/// Closed-form bound data for an unprojected goal variable.
#[derive(Clone, Copy, Debug)]
struct Bound {
    lo: i64,
    hi: i64,
    set_cost: f64,
    up_step: i64,
    up_cost: f64,
    down_step: i64,
    down_cost: f64,
    /// Greatest common divisor of the zero-cost steps (add/sub under `Reject`), 0 when
    /// there are none, or 1 when some zero-cost change is not such a step (a `set`, a
    /// saturating step): free moves then keep the value's residue modulo this.
    free_gcd: i64,
    /// The cheapest positive cost of an action changing the variable.
    paid_cost: f64,
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The buffers of [`Numeric::prune_unreachable`], kept between searches.
#[derive(Debug, Default)]
struct ReachScratch {
    first: Vec<usize>,
    reached: Vec<bool>,
    touch_start: Vec<u32>,
    touch: Vec<u32>,
    /// Per variable, (action, slot in `touch`); the inner lists keep their memory.
    touch_of: Vec<Vec<(u32, u32)>>,
    witnessed: Vec<bool>,
    missing: Vec<u32>,
    possible: Vec<bool>,
    queue: Vec<(u32, u32)>,
    newly: Vec<usize>,
    vars: Vec<usize>,
}

/// The buffers of [`Numeric::prepare`] and [`Numeric::project`], kept between searches.
#[derive(Debug, Default)]
struct PrepareScratch {
    offsets: Vec<i64>,
    subgoal_vars: Vec<usize>,
    split_costs: Vec<f64>,
}

/// Scratch and per-search tables.
#[derive(Debug, Default)]
pub(crate) struct Numeric {
    reach: ReachScratch,
    scratch: PrepareScratch,
    /// The linear programs' buffers (see `potential`).
    lp: super::potential::Scratch,
    /// How many entries of `potentials` are this search's (the rest are kept for their
    /// memory).
    potential_count: usize,
    vars: Vec<VarGoals>,
    subgoals: Vec<Subgoal>,
    /// The goal's variable conditions, for the goal test.
    pub goal_conds: Vec<VarCondition>,
    tables: Vec<f64>,
    /// Linear potentials over the variables (see `potential`): for the goal's variable
    /// conditions (landmark `u32::MAX`) and for those of a few singleton root landmarks.
    potentials: Vec<(u32, Potential)>,
    rev_start: Vec<u32>,
    /// Reverse projection edges: (source value offset, action).
    rev: Vec<(u32, u32)>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// Buffers of [`Numeric::project`].
    project_acts: Vec<usize>,
    project_fill: Vec<u32>,
}

/// True when the path whose used root landmarks are `hits` has run the action of landmark
/// `l` (`u32::MAX`, the goal's subgoals, never has).
#[inline]
fn ran(hits: &[u64], l: u32) -> bool {
    let l = l as usize;
    l != u32::MAX as usize && (hits[l / 64] >> (l % 64)) & 1 == 1
}

fn satisfied(conds: &[VarCondition], x: i32) -> bool {
    conds.iter().all(|c| c.op.holds(x, c.value))
}

/// The conditions on variable `v` within a sorted condition list.
fn conds_on(conds: &[VarCondition], v: usize) -> &[VarCondition] {
    let from = conds.partition_point(|c| c.var.index() < v);
    let to = conds.partition_point(|c| c.var.index() <= v);
    &conds[from..to]
}

impl Numeric {
    /// Deactivates (in `active`) the actions that can never apply from `start` because
    /// of their variable conditions or range limits (see the module docs). `start` is the
    /// packed start state (variables from word `base`).
    ///
    /// A least fixpoint, like relaxed reachability for facts: each projected variable's
    /// reached values grow from its start value; an action becomes possible once every
    /// projected variable it reads or writes has a reached value where its conditions on
    /// that variable hold (and, under `Overflow::Reject`, its step fits); a possible action
    /// then applies to every reached value of the variables it changes. Each (action,
    /// value) pair is looked at a bounded number of times: O(actions × range).
    pub fn prune_unreachable(
        &mut self,
        c: &CompiledDomain,
        start: &[u64],
        base: usize,
        active: &mut [bool],
    ) {
        if c.vars.is_empty() {
            return;
        }
        let nv = c.vars.len();
        let projected = |v: usize| c.vars[v].range_len() <= PROJECTION_LIMIT;
        let mut scratch = std::mem::take(&mut self.reach);
        let ReachScratch {
            first,
            reached,
            touch_start,
            touch,
            touch_of,
            witnessed,
            missing,
            possible,
            queue,
            newly,
            vars,
        } = &mut scratch;
        // Reached values per projected variable, in one flat array.
        first.clear();
        first.resize(nv + 1, 0);
        for v in 0..nv {
            first[v + 1] = first[v]
                + if projected(v) {
                    c.vars[v].range_len() as usize
                } else {
                    0
                };
        }
        reached.clear();
        reached.resize(first[nv], false);
        // Per action, the projected variables it touches and whether each has a witness.
        touch_start.clear();
        touch_start.resize(c.actions + 1, 0);
        touch.clear();
        touch_of.resize_with(nv.max(touch_of.len()), Vec::new);
        touch_of.iter_mut().for_each(Vec::clear);
        for a in 0..c.actions {
            vars.clear();
            vars.extend(
                c.var_pre(a)
                    .iter()
                    .map(|k| k.var.index())
                    .chain(c.var_eff(a).iter().map(|e| e.var.index()))
                    .filter(|&v| projected(v)),
            );
            vars.sort_unstable();
            vars.dedup();
            for &v in vars.iter() {
                touch_of[v].push((a as u32, touch.len() as u32));
                touch.push(v as u32);
            }
            touch_start[a + 1] = touch.len() as u32;
        }
        witnessed.clear();
        witnessed.resize(touch.len(), false);
        missing.clear();
        missing.extend((0..c.actions).map(|a| touch_start[a + 1] - touch_start[a]));
        possible.clear();
        possible.extend((0..c.actions).map(|a| missing[a] == 0));
        let first = &*first;
        let value = |v: usize, xi: usize| (i64::from(c.vars[v].min()) + xi as i64) as i32;
        let index = |v: usize, x: i32| (i64::from(x) - i64::from(c.vars[v].min())) as usize;
        // Applies possible action `a`'s effect on `v` to value `x`, queueing a new result.
        let step =
            |a: usize, v: usize, x: i32, reached: &mut [bool], queue: &mut Vec<(u32, u32)>| {
                if !satisfied(conds_on(c.var_pre(a), v), x) {
                    return;
                }
                let (op, k) = effect_of(c, a, v);
                if let Some(y) = c.vars[v].apply(x, op, k) {
                    let yi = index(v, y);
                    if !reached[first[v] + yi] {
                        reached[first[v] + yi] = true;
                        queue.push((v as u32, yi as u32));
                    }
                }
            };
        queue.clear();
        for v in (0..nv).filter(|&v| projected(v)) {
            let xi = offset(start, base, v);
            reached[first[v] + xi] = true;
            queue.push((v as u32, xi as u32));
        }
        newly.clear();
        while let Some((v, xi)) = queue.pop() {
            let (v, xi) = (v as usize, xi as usize);
            let x = value(v, xi);
            // Actions this value gives a witness on `v`.
            newly.clear();
            for &(a, slot) in &touch_of[v] {
                let (a, slot) = (a as usize, slot as usize);
                if !active[a] || possible[a] || witnessed[slot] {
                    continue;
                }
                let fits = satisfied(conds_on(c.var_pre(a), v), x)
                    && effect_on(c, a, v).is_none_or(|(op, k)| c.vars[v].apply(x, op, k).is_some());
                if fits {
                    witnessed[slot] = true;
                    missing[a] -= 1;
                    if missing[a] == 0 {
                        possible[a] = true;
                        newly.push(a);
                    }
                }
            }
            // A newly possible action applies to every value reached so far.
            for &a in newly.iter() {
                for e in c.var_eff(a) {
                    let u = e.var.index();
                    if !projected(u) {
                        continue;
                    }
                    for ui in 0..(first[u + 1] - first[u]) {
                        if reached[first[u] + ui] {
                            step(a, u, value(u, ui), reached, queue);
                        }
                    }
                }
            }
            // Possible actions changing `v` apply to the new value.
            for &a in c.var_eff_of(v) {
                let a = a as usize;
                if active[a] && possible[a] {
                    step(a, v, x, reached, queue);
                }
            }
        }
        for (on, &p) in active.iter_mut().zip(possible.iter()) {
            *on &= p;
        }
        self.reach = scratch;
    }

    /// Prepares the goal test and the estimate for `goal_conds` (sorted by variable) over
    /// the actions marked in `active`; `landmarks` lists the root's singleton landmarks as
    /// (landmark index, action). `start` is the packed start state (variables from word
    /// `base`), `max_nodes` the search's node limit.
    #[allow(clippy::too_many_arguments)]
    pub fn prepare(
        &mut self,
        c: &CompiledDomain,
        goal_conds: &[VarCondition],
        active: &[bool],
        landmarks: &[(u32, u32)],
        start: &[u64],
        base: usize,
        max_nodes: u32,
    ) {
        self.goal_conds.clear();
        self.goal_conds.extend_from_slice(goal_conds);
        self.vars.clear();
        self.subgoals.clear();
        self.tables.clear();
        self.potential_count = 0;
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.offsets.clear();
        scratch
            .offsets
            .extend((0..c.vars.len()).map(|v| offset(start, base, v) as i64));
        if !goal_conds.is_empty() {
            self.add_potential(c, &scratch.offsets, goal_conds, u32::MAX, active, max_nodes);
        }
        for &(l, a) in landmarks.iter().take(LANDMARK_POTENTIALS) {
            let pre = c.var_pre(a as usize);
            self.add_potential(c, &scratch.offsets, pre, l, active, max_nodes);
        }
        // Subgoal variables: the goal's, and the projected ones a landmark action needs.
        let subgoal_vars = &mut scratch.subgoal_vars;
        subgoal_vars.clear();
        subgoal_vars.extend(goal_conds.iter().map(|k| k.var.index()));
        for &(_, a) in landmarks {
            subgoal_vars.extend(
                c.var_pre(a as usize)
                    .iter()
                    .map(|k| k.var.index())
                    .filter(|&v| c.vars[v].range_len() <= PROJECTION_LIMIT),
            );
        }
        subgoal_vars.sort_unstable();
        subgoal_vars.dedup();
        // Per action, its cost in the split tables (computed once, read per edge).
        let split_costs = &mut scratch.split_costs;
        split_costs.clear();
        split_costs.extend((0..c.actions).map(|a| {
            if !c.eff(a).is_empty() {
                return 0.0; // the boolean side counts this action
            }
            let shares = c
                .var_eff(a)
                .iter()
                .filter(|e| subgoal_vars.binary_search(&e.var.index()).is_ok())
                .count()
                .max(1);
            c.costs[a] / shares as f64
        }));
        for &v in subgoal_vars.iter() {
            let var = &c.vars[v];
            let conds = conds_on(goal_conds, v);
            let from = self.subgoals.len() as u32;
            let mut bound = None;
            if var.range_len() <= PROJECTION_LIMIT {
                if !conds.is_empty() {
                    let (full, part) = self.project(c, v, conds, active, split_costs);
                    self.subgoals.push(Subgoal {
                        full,
                        split: part,
                        landmark: u32::MAX,
                    });
                }
                for &(l, a) in landmarks {
                    let pre = conds_on(c.var_pre(a as usize), v);
                    if pre.is_empty() {
                        continue;
                    }
                    let (full, part) = self.project(c, v, pre, active, split_costs);
                    self.subgoals.push(Subgoal {
                        full,
                        split: part,
                        landmark: l,
                    });
                }
            } else {
                bound = Some(Bound::new(c, v, conds, active));
            }
            self.vars.push(VarGoals {
                var: v as u32,
                from,
                to: self.subgoals.len() as u32,
                bound,
            });
        }
        self.scratch = scratch;
    }

    /// Solves a linear potential for `conds` into the next entry of `potentials`, labelled
    /// `label`, when the program has a sound solution.
    fn add_potential(
        &mut self,
        c: &CompiledDomain,
        offsets: &[i64],
        conds: &[VarCondition],
        label: u32,
        active: &[bool],
        max_nodes: u32,
    ) {
        if self.potential_count == self.potentials.len() {
            self.potentials.push((label, Potential::default()));
        }
        let (l, p) = &mut self.potentials[self.potential_count];
        if p.build(&mut self.lp, c, offsets, conds, active, max_nodes) {
            *l = label;
            self.potential_count += 1;
        }
    }

    /// Backward Dijkstra in the projection onto `v`: the cost from every value to one
    /// satisfying `conds`, once at full action costs and once at the `split` costs (per
    /// action), over
    /// one reverse graph. Returns the two tables' offsets in `tables`.
    fn project(
        &mut self,
        c: &CompiledDomain,
        v: usize,
        conds: &[VarCondition],
        active: &[bool],
        split: &[f64],
    ) -> (usize, usize) {
        let var = &c.vars[v];
        let r = var.range_len() as usize;
        let min = i64::from(var.min());
        let value = |xi: usize| (min + xi as i64) as i32;
        // Reverse edges (result ← source), CSR by result.
        self.rev_start.clear();
        self.rev_start.resize(r + 1, 0);
        let edges = |a: usize, xi: usize| -> Option<usize> {
            let x = value(xi);
            if !satisfied(conds_on(c.var_pre(a), v), x) {
                return None;
            }
            let (op, k) = effect_of(c, a, v);
            let y = var.apply(x, op, k)?;
            let yi = (i64::from(y) - min) as usize;
            (yi != xi).then_some(yi)
        };
        let mut acts = std::mem::take(&mut self.project_acts);
        acts.clear();
        acts.extend(
            c.var_eff_of(v)
                .iter()
                .map(|&a| a as usize)
                .filter(|&a| active[a]),
        );
        for &a in &acts {
            for xi in 0..r {
                if let Some(yi) = edges(a, xi) {
                    self.rev_start[yi + 1] += 1;
                }
            }
        }
        for i in 0..r {
            self.rev_start[i + 1] += self.rev_start[i];
        }
        self.rev.clear();
        self.rev.resize(self.rev_start[r] as usize, (0, 0));
        let mut fill = std::mem::take(&mut self.project_fill);
        fill.clear();
        fill.extend_from_slice(&self.rev_start[..r]);
        for &a in &acts {
            for xi in 0..r {
                if let Some(yi) = edges(a, xi) {
                    self.rev[fill[yi] as usize] = (xi as u32, a as u32);
                    fill[yi] += 1;
                }
            }
        }
        self.project_acts = acts;
        self.project_fill = fill;
        let full = self.dijkstra(r, |xi| satisfied(conds, value(xi)), |a| c.costs[a]);
        let part = self.dijkstra(r, |xi| satisfied(conds, value(xi)), |a| split[a]);
        (full, part)
    }

    /// Backward Dijkstra over the reverse graph in `rev_start`/`rev` (`r` values) from the
    /// values where `goal` holds, with action costs from `cost`; appends the table to
    /// `tables` and returns its offset.
    fn dijkstra(
        &mut self,
        r: usize,
        goal: impl Fn(usize) -> bool,
        cost: impl Fn(usize) -> f64,
    ) -> usize {
        let offset = self.tables.len();
        self.tables.resize(offset + r, f64::INFINITY);
        let dist = &mut self.tables[offset..];
        self.heap.clear();
        for (xi, d) in dist.iter_mut().enumerate() {
            if goal(xi) {
                *d = 0.0;
                self.heap.push(Reverse((0, xi as u32)));
            }
        }
        while let Some(Reverse((bits, yi))) = self.heap.pop() {
            let d = f64::from_bits(bits);
            if d > dist[yi as usize] {
                continue;
            }
            let (from, to) = (
                self.rev_start[yi as usize] as usize,
                self.rev_start[yi as usize + 1] as usize,
            );
            for &(xi, a) in &self.rev[from..to] {
                let nd = d + cost(a as usize);
                if nd < dist[xi as usize] {
                    dist[xi as usize] = nd;
                    // Non-negative doubles order like their bit patterns.
                    self.heap.push(Reverse((nd.to_bits(), xi)));
                }
            }
        }
        offset
    }

    /// True when no variable goal needs an estimate.
    pub fn is_trivial(&self) -> bool {
        self.vars.is_empty() && self.potential_count == 0
    }

    /// Admissible estimates `(split, full)` (see the module docs) for the packed `state`
    /// reached by a path that used the root landmarks set in `hits`. `full` is `INFINITY`
    /// when some open subgoal cannot be reached: the state is a dead end. (Not inlined:
    /// searches without variables never call it and keep their loops tight.)
    #[inline(never)]
    pub fn estimate(
        &self,
        c: &CompiledDomain,
        state: &[u64],
        base: usize,
        hits: &[u64],
    ) -> (f64, f64) {
        let mut full: f64 = 0.0;
        let mut split = 0.0;
        for g in &self.vars {
            let i = g.var as usize;
            let xi = offset(state, base, i);
            let mut most: f64 = 0.0;
            for sg in &self.subgoals[g.from as usize..g.to as usize] {
                if ran(hits, sg.landmark) {
                    continue;
                }
                let f = self.tables[sg.full + xi];
                if f == f64::INFINITY {
                    return (f64::INFINITY, f64::INFINITY);
                }
                full = full.max(f);
                most = most.max(self.tables[sg.split + xi]);
            }
            split += most;
            if let Some(b) = &g.bound {
                full = full.max(b.at(i64::from(get(state, base, i, &c.vars[i]))));
            }
        }
        for &(l, ref p) in &self.potentials[..self.potential_count] {
            if !ran(hits, l) {
                full = full.max(p.at(|v| offset(state, base, v) as i64));
            }
        }
        (split, full)
    }
}

impl Bound {
    fn new(c: &CompiledDomain, v: usize, conds: &[VarCondition], active: &[bool]) -> Self {
        let var = &c.vars[v];
        let mut g = Bound {
            lo: i64::from(var.min()),
            hi: i64::from(var.max()),
            set_cost: f64::INFINITY,
            up_step: 0,
            up_cost: f64::INFINITY,
            down_step: 0,
            down_cost: f64::INFINITY,
            free_gcd: 0,
            paid_cost: f64::INFINITY,
        };
        (g.lo, g.hi) = interval(conds, VarId(v as u32), g.lo, g.hi); // `!=` relaxed away
        for &a in c.var_eff_of(v) {
            let a = a as usize;
            if !active[a] {
                continue;
            }
            let (op, k) = effect_of(c, a, v);
            let cost = c.costs[a];
            if cost > 0.0 {
                g.paid_cost = g.paid_cost.min(cost);
            } else if !var.rejects_steps(op) {
                g.free_gcd = 1;
            } else {
                g.free_gcd = gcd(g.free_gcd, i64::from(k));
            }
            match op {
                VarOp::Set => g.set_cost = g.set_cost.min(cost),
                VarOp::Add => {
                    g.up_step = g.up_step.max(i64::from(k));
                    g.up_cost = g.up_cost.min(cost);
                }
                VarOp::Sub => {
                    g.down_step = g.down_step.max(i64::from(k));
                    g.down_cost = g.down_cost.min(cost);
                }
            }
        }
        g
    }

    /// Lower bound at value `x`.
    fn at(&self, x: i64) -> f64 {
        let h = self.steps_bound(x);
        // Free steps of G keep x mod G: when no goal value shares it, some paid action
        // must change the variable (this cuts off endless free plateaus on huge ranges).
        if self.free_gcd > 1 && self.lo <= self.hi && h < self.paid_cost {
            let first = self.lo + (x - self.lo).rem_euclid(self.free_gcd);
            if first > self.hi {
                return self.paid_cost;
            }
        }
        h
    }

    /// The closed form without the residue argument.
    fn steps_bound(&self, x: i64) -> f64 {
        if self.lo > self.hi {
            return f64::INFINITY;
        }
        let steps = |gap: i64, step: i64, cost: f64| {
            if step == 0 {
                f64::INFINITY
            } else {
                let n = (gap + step - 1) / step;
                if cost == 0.0 {
                    0.0
                } else {
                    n as f64 * cost
                }
            }
        };
        if x < self.lo {
            self.set_cost
                .min(steps(self.lo - x, self.up_step, self.up_cost))
        } else if x > self.hi {
            self.set_cost
                .min(steps(x - self.hi, self.down_step, self.down_cost))
        } else {
            0.0
        }
    }
}

/// The effect of action `a` on variable `v`, if it has one.
#[inline]
fn effect_on(c: &CompiledDomain, a: usize, v: usize) -> Option<(VarOp, i32)> {
    c.var_eff(a)
        .iter()
        .find(|e| e.var.index() == v)
        .map(|e| (e.op, e.value))
}

/// The effect of action `a` on variable `v`, which the caller knows it has (an action
/// listed as changing the variable).
#[inline]
fn effect_of(c: &CompiledDomain, a: usize, v: usize) -> (VarOp, i32) {
    effect_on(c, a, v).expect("an action listed as changing the variable has an effect on it")
}
