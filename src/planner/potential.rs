//! Linear potential heuristic over integer variables: `h(s) = C + Σ φ_v · s[v]`.
//!
//! A potential function is *consistent* when no action lowers it by more than its cost, and
//! *goal-aware* when it is at most 0 in every goal state; together these make `max(h, 0)`
//! admissible (along any plan the potential falls from `h(s)` to at most 0, by at most
//! each action's cost per step). Each action's change of the potential is linear in the
//! weights: an `add`/`sub` under `Overflow::Reject` changes its variable by exactly its
//! step, a saturating one by anything between 0 and its step, and a `set` by the constant
//! minus any value the action's conditions allow. Goal awareness is linear too: over the
//! goal's value interval of each variable (its whole range when the goal does not constrain
//! it; `!=` is relaxed away), `C + Σ max(φ_v · lo_v, φ_v · hi_v) ≤ 0`.
//!
//! The weights maximising `h(start)` come from a small linear program, solved once per
//! search by the simplex method (Bland's rule, so it cannot cycle). By LP duality its value
//! equals the *state equation* bound: the cheapest fractional action counts whose net
//! effects take the start values into the goal intervals. That is what makes resource
//! chains cheap to search: needing five tools prices in the planks, ingots, ore and wood
//! behind them. Facts get no weight (an action's effect on a fact depends on the state).
//!
//! Floating-point rounding could make the solved weights inconsistent by a hair; the
//! violation is measured and the estimate lowered by enough to cover a plan as long as the
//! node limit (see [`Potential::build`]), so it stays admissible.

use crate::domain::compiled::CompiledDomain;
use crate::domain::{interval, VarCondition, VarEffect, VarId, VarOp};

/// Largest tableau (rows × columns) solved; bigger programs are skipped (no estimate).
const MAX_TABLEAU: usize = 250_000;

/// A solved potential function.
#[derive(Debug, Default, Clone)]
pub(crate) struct Potential {
    /// Weight per variable (over its packed offset `value - min`).
    pub weights: Vec<f64>,
    /// Constant term, already lowered by the safety margin.
    pub constant: f64,
}

/// What one effect can do to its variable: (variable, lowest change, highest change) of its
/// offset.
type Change = (usize, i64, i64);

/// The linear programs' buffers, kept between searches so that a warm planner allocates
/// nothing: rows `Σ coef · column ≤ bound` over named free variables (CSR), the actions'
/// changes (CSR), the tableau and the solution.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    row_start: Vec<usize>,
    terms: Vec<(usize, f64)>,
    bounds: Vec<f64>,
    /// Per action with variable effects: the action, then its changes in `change_list`
    /// from `change_start[i]` to `change_start[i + 1]`.
    change_actions: Vec<usize>,
    change_start: Vec<usize>,
    change_list: Vec<Change>,
    goal_box: Vec<(i64, i64)>,
    objective: Vec<(usize, f64)>,
    tableau: Vec<f64>,
    basis: Vec<usize>,
    x: Vec<f64>,
}

impl Scratch {
    /// Ends the row whose terms were pushed since the last one.
    fn end_row(&mut self, bound: f64) {
        self.bounds.push(bound);
        self.row_start.push(self.terms.len());
    }

    fn rows(&self) -> usize {
        self.bounds.len()
    }

    fn row(&self, i: usize) -> &[(usize, f64)] {
        &self.terms[self.row_start[i]..self.row_start[i + 1]]
    }
}

impl Potential {
    /// Solves, into `self`, for the potential that maximises the start state's estimate.
    /// `start[v]` is the start value offset of each variable, `goal` the goal's variable
    /// conditions, `active` the actions the search may use, `max_path` the longest plan the
    /// search can store (its node limit). False (and `self` unspecified) when the program is
    /// too large, unbounded (the goal is unreachable even fractionally: the caller's
    /// projections report that) or numerically unsound.
    pub fn build(
        &mut self,
        lp: &mut Scratch,
        c: &CompiledDomain,
        start: &[i64],
        goal: &[VarCondition],
        active: &[bool],
        max_path: u32,
    ) -> bool {
        let nv = c.vars.len();
        // Free LP variables: φ_v (0..nv), t_v (nv..2nv), C (2nv), then helpers u.
        let mut cols = 2 * nv + 1;
        lp.row_start.clear();
        lp.row_start.push(0);
        lp.terms.clear();
        lp.bounds.clear();
        // Offsets: x = min + o, so over offsets each variable's range is [0, max - min].
        // Per action with variable effects: the change each can make to its variable's
        // offset, exact or an interval (effects whose conditions allow no value are left
        // out: the action never applies).
        lp.change_actions.clear();
        lp.change_start.clear();
        lp.change_start.push(0);
        lp.change_list.clear();
        for a in (0..c.actions).filter(|&a| active[a] && !c.var_eff(a).is_empty()) {
            lp.change_list.extend(
                c.var_eff(a)
                    .iter()
                    .filter_map(|e| change(c, a, e).map(|(lo, hi)| (e.var.index(), lo, hi))),
            );
            lp.change_actions.push(a);
            lp.change_start.push(lp.change_list.len());
        }
        for i in 0..lp.change_actions.len() {
            let a = lp.change_actions[i];
            // The action's helper rows first, then its own row.
            let (from, to) = (lp.change_start[i], lp.change_start[i + 1]);
            let mut helpers = 0;
            for k in from..to {
                let (_, lo, hi) = lp.change_list[k];
                if lo != hi {
                    helpers += 1;
                }
            }
            // Helper rows: u ≥ −φ·lo and u ≥ −φ·hi for each interval change.
            let first_helper = cols;
            let mut u = first_helper;
            for k in from..to {
                let (v, lo, hi) = lp.change_list[k];
                if lo != hi {
                    lp.terms.push((v, -(lo as f64)));
                    lp.terms.push((u, -1.0));
                    lp.end_row(0.0);
                    lp.terms.push((v, -(hi as f64)));
                    lp.terms.push((u, -1.0));
                    lp.end_row(0.0);
                    u += 1;
                }
            }
            cols += helpers;
            // The potential falls by −φ·Δ; it must not fall by more than the cost. An
            // exact change enters directly, an interval one through its helper u.
            let mut u = first_helper;
            for k in from..to {
                let (v, lo, hi) = lp.change_list[k];
                if lo == hi {
                    lp.terms.push((v, -(lo as f64)));
                } else {
                    lp.terms.push((u, 1.0));
                    u += 1;
                }
            }
            lp.end_row(c.costs[a]);
        }
        // Goal awareness: t_v ≥ φ_v·lo_v, t_v ≥ φ_v·hi_v, C + Σ t_v ≤ 0, over each
        // variable's goal interval of offsets.
        lp.goal_box.clear();
        lp.goal_box
            .extend((0..nv).map(|v| offsets_allowed(c, goal, v)));
        if lp.goal_box.iter().any(|&(lo, hi)| lo > hi) {
            return false; // unsatisfiable goal: nothing to estimate
        }
        for v in 0..nv {
            let (lo, hi) = lp.goal_box[v];
            lp.terms.push((v, lo as f64));
            lp.terms.push((nv + v, -1.0));
            lp.end_row(0.0);
            lp.terms.push((v, hi as f64));
            lp.terms.push((nv + v, -1.0));
            lp.end_row(0.0);
        }
        lp.terms.push((2 * nv, 1.0));
        for v in 0..nv {
            lp.terms.push((nv + v, 1.0));
        }
        lp.end_row(0.0);
        // Objective: maximise C + Σ φ_v · start_v.
        lp.objective.clear();
        lp.objective.push((2 * nv, 1.0));
        for (v, &s) in start.iter().enumerate() {
            lp.objective.push((v, s as f64));
        }
        if !solve(cols, lp) {
            return false;
        }
        self.weights.clear();
        self.weights.extend_from_slice(&lp.x[..nv]);
        let weights = &self.weights;
        if weights.iter().any(|w| !w.is_finite()) {
            return false;
        }
        // Recompute the constant from the weights so the goal bound holds as computed, then
        // lower it by the measured inconsistency over a longest storable plan.
        let goal_max: f64 = weights
            .iter()
            .zip(&lp.goal_box)
            .map(|(&wv, &(lo, hi))| (wv * lo as f64).max(wv * hi as f64))
            .sum();
        let mut worst: f64 = 0.0;
        for i in 0..lp.change_actions.len() {
            let a = lp.change_actions[i];
            let fall: f64 = lp.change_list[lp.change_start[i]..lp.change_start[i + 1]]
                .iter()
                .map(|&(v, lo, hi)| (-weights[v] * lo as f64).max(-weights[v] * hi as f64))
                .sum();
            worst = worst.max(fall - c.costs[a]);
        }
        let scale = 1.0 + goal_max.abs() + weights.iter().map(|w| w.abs()).sum::<f64>();
        if worst > 1e-9 * scale {
            return false; // not a rounding error: do not trust the solution
        }
        // Margin: the inconsistency (doubled, plus rounding of the sums themselves) per
        // step over the longest plan the search can hold.
        let margin = (worst.max(0.0) + 1e-15 * scale) * 2.0 * (f64::from(max_path) + 1.0);
        self.constant = -goal_max - margin - 1e-12 * scale;
        true
    }

    /// The estimate at the variable offsets `values(v)`: `max(0, C + Σ φ_v · offset_v)`.
    #[inline]
    pub fn at(&self, offset: impl Fn(usize) -> i64) -> f64 {
        let mut h = self.constant;
        for (v, &w) in self.weights.iter().enumerate() {
            h += w * offset(v) as f64;
        }
        h.max(0.0)
    }
}

/// The interval of changes that effect `e` of action `a` can make to its variable, over
/// the values the action's conditions allow; `None` when they allow none.
fn change(c: &CompiledDomain, a: usize, e: &VarEffect) -> Option<(i64, i64)> {
    let var = &c.vars[e.var.index()];
    let width = i64::from(var.max()) - i64::from(var.min());
    let (plo, phi) = offsets_allowed(c, c.var_pre(a), e.var.index());
    if plo > phi {
        return None;
    }
    let d = i64::from(e.value);
    Some(match e.op {
        // Under Reject the action only applies where the step fits: the change is exact.
        VarOp::Add if var.rejects_steps(e.op) => (d, d),
        VarOp::Sub if var.rejects_steps(e.op) => (-d, -d),
        // Saturating: from offset x the change is min(d, width − x) or −min(d, x).
        VarOp::Add => (d.min(width - phi), d.min(width - plo)),
        VarOp::Sub => (-d.min(phi), -d.min(plo)),
        VarOp::Set => {
            let k = i64::from(e.value) - i64::from(var.min());
            (k - phi, k - plo)
        }
    })
}

/// The interval of offsets (value − min) that `conds` allow for variable `v`, within its
/// range (`!=` is ignored: the interval may be wider than the exact set).
fn offsets_allowed(c: &CompiledDomain, conds: &[VarCondition], v: usize) -> (i64, i64) {
    let (min, max) = (i64::from(c.vars[v].min()), i64::from(c.vars[v].max()));
    let (lo, hi) = interval(conds, VarId(v as u32), min, max);
    (lo - min, hi - min)
}

/// Maximises `objective · x` subject to the rows (each `Σ terms ≤ bound`, `bound ≥ 0`) over
/// free variables `x` (`cols` of them), by the tableau simplex method with Bland's rule;
/// the solution is left in `lp.x`. False when unbounded, too large or not converged.
fn solve(cols: usize, lp: &mut Scratch) -> bool {
    // Free variables split as x = p − n (columns 2j and 2j + 1), then one slack per row.
    let m = lp.rows();
    let n = 2 * cols + m;
    let width = n + 1; // last column: right-hand side
    if (m + 1) * width > MAX_TABLEAU {
        return false;
    }
    let mut t = std::mem::take(&mut lp.tableau);
    t.clear();
    t.resize((m + 1) * width, 0.0);
    for i in 0..m {
        let row = &mut t[i * width..(i + 1) * width];
        for &(j, a) in lp.row(i) {
            row[2 * j] += a;
            row[2 * j + 1] -= a;
        }
        row[2 * cols + i] = 1.0;
        row[n] = lp.bounds[i];
    }
    // Objective row holds the negated reduced costs (maximisation: pivot on negatives).
    {
        let z = &mut t[m * width..];
        for &(j, a) in &lp.objective {
            z[2 * j] -= a;
            z[2 * j + 1] += a;
        }
    }
    let solved = pivot(&mut t, &mut lp.basis, &mut lp.x, cols, m, n);
    lp.tableau = t;
    solved
}

/// The simplex iterations of [`solve`] on tableau `t` (`m` rows and `n` columns besides the
/// right-hand side), with the basis and the solution's buffers.
fn pivot(
    t: &mut [f64],
    basis: &mut Vec<usize>,
    x: &mut Vec<f64>,
    cols: usize,
    m: usize,
    n: usize,
) -> bool {
    let width = n + 1;
    basis.clear();
    basis.extend((0..m).map(|i| 2 * cols + i));
    const EPS: f64 = 1e-12;
    for _ in 0..50 * (n + m) {
        // Bland: the lowest-index column with a negative reduced cost enters.
        let Some(enter) = (0..n).find(|&j| t[m * width + j] < -EPS) else {
            x.clear();
            x.resize(cols, 0.0);
            for (i, &b) in basis.iter().enumerate() {
                if b < 2 * cols {
                    let v = t[i * width + n];
                    if b % 2 == 0 {
                        x[b / 2] += v;
                    } else {
                        x[b / 2] -= v;
                    }
                }
            }
            return true;
        };
        // Ratio test; ties by lowest basis index (Bland).
        let mut leave: Option<(usize, f64)> = None;
        for i in 0..m {
            let a = t[i * width + enter];
            if a > EPS {
                let ratio = t[i * width + n] / a;
                match leave {
                    Some((_, lr)) if ratio > lr + EPS => {}
                    Some((li, lr)) if (ratio - lr).abs() <= EPS && basis[i] > basis[li] => {}
                    _ => leave = Some((i, ratio)),
                }
            }
        }
        let Some((r, _)) = leave else {
            return false; // unbounded
        };
        let p = t[r * width + enter];
        for j in 0..width {
            t[r * width + j] /= p;
        }
        for i in 0..=m {
            if i == r {
                continue;
            }
            let f = t[i * width + enter];
            if f != 0.0 {
                for j in 0..width {
                    t[i * width + j] -= f * t[r * width + j];
                }
            }
        }
        basis[r] = enter;
    }
    false
}
