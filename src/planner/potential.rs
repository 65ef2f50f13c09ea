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

use super::compiled::CompiledDomain;
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

/// One row `Σ coef · column ≤ bound` over named free variables.
struct Row {
    terms: Vec<(usize, f64)>,
    bound: f64,
}

impl Potential {
    /// Solves for the potential that maximises the start state's estimate. `start[v]` is
    /// the start value offset of each variable, `goal` the goal's variable conditions,
    /// `active` the actions the search may use, `max_path` the longest plan the search can
    /// store (its node limit). `None` when the program is too large, unbounded (the goal is
    /// unreachable even fractionally: the caller's projections report that) or
    /// numerically unsound.
    pub fn build(
        c: &CompiledDomain,
        start: &[i64],
        goal: &[VarCondition],
        active: &[bool],
        max_path: u32,
    ) -> Option<Potential> {
        let nv = c.vars.len();
        // Free LP variables: φ_v (0..nv), t_v (nv..2nv), C (2nv), then helpers u.
        let mut cols = 2 * nv + 1;
        let mut rows: Vec<Row> = Vec::new();
        // Offsets: x = min + o, so over offsets each variable's range is [0, max - min].
        // Per action with variable effects: the change each can make to its variable's
        // offset, exact or an interval (effects whose conditions allow no value are left
        // out: the action never applies).
        let changes: Vec<(usize, Vec<Change>)> = (0..c.actions)
            .filter(|&a| active[a] && !c.var_eff(a).is_empty())
            .map(|a| {
                let list = c
                    .var_eff(a)
                    .iter()
                    .filter_map(|e| change(c, a, e).map(|(lo, hi)| (e.var.index(), lo, hi)))
                    .collect();
                (a, list)
            })
            .collect();
        for (a, list) in &changes {
            let mut terms = Vec::new();
            for &(v, lo, hi) in list {
                // The potential falls by −φ·Δ; it must not fall by more than the cost.
                if lo == hi {
                    terms.push((v, -(lo as f64)));
                } else {
                    // u ≥ −φ·lo and u ≥ −φ·hi; u enters the action's row.
                    let u = cols;
                    cols += 1;
                    rows.push(Row {
                        terms: vec![(v, -(lo as f64)), (u, -1.0)],
                        bound: 0.0,
                    });
                    rows.push(Row {
                        terms: vec![(v, -(hi as f64)), (u, -1.0)],
                        bound: 0.0,
                    });
                    terms.push((u, 1.0));
                }
            }
            rows.push(Row {
                terms,
                bound: c.costs[*a],
            });
        }
        // Goal awareness: t_v ≥ φ_v·lo_v, t_v ≥ φ_v·hi_v, C + Σ t_v ≤ 0, over each
        // variable's goal interval of offsets.
        let goal_box: Vec<(i64, i64)> = (0..nv).map(|v| offsets_allowed(c, goal, v)).collect();
        if goal_box.iter().any(|&(lo, hi)| lo > hi) {
            return None; // unsatisfiable goal: nothing to estimate
        }
        let mut goal_row = vec![(2 * nv, 1.0)];
        for (v, &(lo, hi)) in goal_box.iter().enumerate() {
            rows.push(Row {
                terms: vec![(v, lo as f64), (nv + v, -1.0)],
                bound: 0.0,
            });
            rows.push(Row {
                terms: vec![(v, hi as f64), (nv + v, -1.0)],
                bound: 0.0,
            });
            goal_row.push((nv + v, 1.0));
        }
        rows.push(Row {
            terms: goal_row,
            bound: 0.0,
        });
        // Objective: maximise C + Σ φ_v · start_v.
        let mut objective = vec![(2 * nv, 1.0)];
        for (v, &s) in start.iter().enumerate() {
            objective.push((v, s as f64));
        }
        let x = solve(cols, &rows, &objective)?;
        let weights: Vec<f64> = x[..nv].to_vec();
        if weights.iter().any(|w| !w.is_finite()) {
            return None;
        }
        // Recompute the constant from the weights so the goal bound holds as computed, then
        // lower it by the measured inconsistency over a longest storable plan.
        let goal_max: f64 = weights
            .iter()
            .zip(&goal_box)
            .map(|(&wv, &(lo, hi))| (wv * lo as f64).max(wv * hi as f64))
            .sum();
        let mut worst: f64 = 0.0;
        for (a, list) in &changes {
            let fall: f64 = list
                .iter()
                .map(|&(v, lo, hi)| (-weights[v] * lo as f64).max(-weights[v] * hi as f64))
                .sum();
            worst = worst.max(fall - c.costs[*a]);
        }
        let scale = 1.0 + goal_max.abs() + weights.iter().map(|w| w.abs()).sum::<f64>();
        if worst > 1e-9 * scale {
            return None; // not a rounding error: do not trust the solution
        }
        // Margin: the inconsistency (doubled, plus rounding of the sums themselves) per
        // step over the longest plan the search can hold.
        let margin = (worst.max(0.0) + 1e-15 * scale) * 2.0 * (f64::from(max_path) + 1.0);
        Some(Potential {
            weights,
            constant: -goal_max - margin - 1e-12 * scale,
        })
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

/// Maximises `objective · x` subject to `rows` (each `Σ terms ≤ bound`, `bound ≥ 0`) over
/// free variables `x` (`cols` of them), by the tableau simplex method with Bland's rule.
/// `None` when unbounded, too large or not converged.
fn solve(cols: usize, rows: &[Row], objective: &[(usize, f64)]) -> Option<Vec<f64>> {
    // Free variables split as x = p − n (columns 2j and 2j + 1), then one slack per row.
    let m = rows.len();
    let n = 2 * cols + m;
    let width = n + 1; // last column: right-hand side
    if (m + 1) * width > MAX_TABLEAU {
        return None;
    }
    let mut t = vec![0.0f64; (m + 1) * width];
    for (i, r) in rows.iter().enumerate() {
        let row = &mut t[i * width..(i + 1) * width];
        for &(j, a) in &r.terms {
            row[2 * j] += a;
            row[2 * j + 1] -= a;
        }
        row[2 * cols + i] = 1.0;
        row[n] = r.bound;
    }
    // Objective row holds the negated reduced costs (maximisation: pivot on negatives).
    {
        let z = &mut t[m * width..];
        for &(j, a) in objective {
            z[2 * j] -= a;
            z[2 * j + 1] += a;
        }
    }
    let mut basis: Vec<usize> = (0..m).map(|i| 2 * cols + i).collect();
    const EPS: f64 = 1e-12;
    for _ in 0..50 * (n + m) {
        // Bland: the lowest-index column with a negative reduced cost enters.
        let Some(enter) = (0..n).find(|&j| t[m * width + j] < -EPS) else {
            let mut x = vec![0.0; cols];
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
            return Some(x);
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
        let (r, _) = leave?; // unbounded
        let pivot = t[r * width + enter];
        for j in 0..width {
            t[r * width + j] /= pivot;
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
    None
}
