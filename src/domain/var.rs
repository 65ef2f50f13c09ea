//! Integer variables: declarations, comparisons and effects.

use super::VarId;

/// A comparison of a variable with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Compare {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Compare {
    /// True when `x op k` holds.
    #[inline]
    pub fn holds(self, x: i32, k: i32) -> bool {
        match self {
            Compare::Eq => x == k,
            Compare::Ne => x != k,
            Compare::Lt => x < k,
            Compare::Le => x <= k,
            Compare::Gt => x > k,
            Compare::Ge => x >= k,
        }
    }

    /// The operator as written in domain files: `"=="`, `"!="`, `"<"`, `"<="`, `">"`, `">="`.
    pub fn symbol(self) -> &'static str {
        match self {
            Compare::Eq => "==",
            Compare::Ne => "!=",
            Compare::Lt => "<",
            Compare::Le => "<=",
            Compare::Gt => ">",
            Compare::Ge => ">=",
        }
    }
}

/// A condition on a variable: `var op value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarCondition {
    /// The variable.
    pub var: VarId,
    /// The comparison.
    pub op: Compare,
    /// The constant, within the variable's range.
    pub value: i32,
}

impl VarCondition {
    /// `var op value`.
    pub fn new(var: VarId, op: Compare, value: i32) -> Self {
        VarCondition { var, op, value }
    }
}

/// How an effect changes a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum VarOp {
    /// `var = value` (a constant within the range).
    Set,
    /// `var += value` (1 to `max - min`).
    Add,
    /// `var -= value` (1 to `max - min`).
    Sub,
}

/// An effect on a variable: `var op value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarEffect {
    /// The variable.
    pub var: VarId,
    /// Set, add or subtract.
    pub op: VarOp,
    /// The constant.
    pub value: i32,
}

impl VarEffect {
    /// `var op value`.
    pub fn new(var: VarId, op: VarOp, value: i32) -> Self {
        VarEffect { var, op, value }
    }
}

/// What happens when an effect's result would leave a variable's range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Overflow {
    /// The action is not applicable in that state (the default: nothing is created or
    /// spent out of thin air).
    #[default]
    Reject,
    /// The result is clamped to `[min, max]` (health topped up at its maximum, ammo
    /// picked up into a full clip).
    Saturate,
}

/// What the caller supplies to [`Domain::add_var`](super::Domain::add_var).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDef {
    /// Unique, non-empty name, not used by a fact.
    pub name: String,
    /// Smallest value.
    pub min: i32,
    /// Largest value (`>= min`).
    pub max: i32,
    /// Value in a start state that does not set the variable; `None` means `min`.
    pub default: Option<i32>,
    /// What an effect leaving the range does.
    pub overflow: Overflow,
}

impl VarDef {
    /// A variable with range `[min, max]`, default `min`, rejecting overflow.
    pub fn new(name: impl Into<String>, min: i32, max: i32) -> Self {
        VarDef {
            name: name.into(),
            min,
            max,
            default: None,
            overflow: Overflow::Reject,
        }
    }
}

/// A declared variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    pub(super) name: String,
    pub(super) min: i32,
    pub(super) max: i32,
    pub(super) default: i32,
    pub(super) overflow: Overflow,
}

impl Var {
    /// `(min, max)`.
    pub(crate) fn range(&self) -> (i32, i32) {
        (self.min, self.max)
    }
    /// The unique name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Smallest value.
    pub fn min(&self) -> i32 {
        self.min
    }
    /// Largest value.
    pub fn max(&self) -> i32 {
        self.max
    }
    /// Start value when a state does not set the variable.
    pub fn default_value(&self) -> i32 {
        self.default
    }
    /// The overflow rule.
    pub fn overflow(&self) -> Overflow {
        self.overflow
    }
    /// The value of a state that stores `stored` for this variable: the stored value
    /// clamped into the range, or the default when the state does not set it.
    #[inline]
    pub fn resolve(&self, stored: Option<i32>) -> i32 {
        stored.map_or(self.default, |x| x.clamp(self.min, self.max))
    }

    /// True when `op` is a step (`add`/`sub`) that this variable's range can refuse
    /// ([`Overflow::Reject`]): where it applies, it changes the value by exactly its step,
    /// and whether it applies depends on the value.
    #[inline]
    pub fn rejects_steps(&self, op: VarOp) -> bool {
        op != VarOp::Set && self.overflow == Overflow::Reject
    }

    /// Number of values in the range.
    pub fn range_len(&self) -> u64 {
        (i64::from(self.max) - i64::from(self.min) + 1) as u64
    }

    /// The result of `effect` from `x`, or `None` when it leaves the range under
    /// [`Overflow::Reject`].
    #[inline]
    pub fn apply(&self, x: i32, op: VarOp, k: i32) -> Option<i32> {
        let y = match op {
            VarOp::Set => i64::from(k),
            VarOp::Add => i64::from(x) + i64::from(k),
            VarOp::Sub => i64::from(x) - i64::from(k),
        };
        let (lo, hi) = (i64::from(self.min), i64::from(self.max));
        if (lo..=hi).contains(&y) {
            Some(y as i32)
        } else if self.overflow == Overflow::Saturate {
            Some(y.clamp(lo, hi) as i32)
        } else {
            None
        }
    }
}

/// The interval `[lo, hi]` of values in `[min, max]` that every condition in `conds` on
/// variable `var` allows, ignoring `!=` (so it may hold a few excluded values). Empty when
/// `lo > hi`. `conds` may hold conditions on other variables; they are skipped.
pub(crate) fn interval(conds: &[VarCondition], var: VarId, min: i64, max: i64) -> (i64, i64) {
    let (mut lo, mut hi) = (min, max);
    for c in conds.iter().filter(|c| c.var == var) {
        let k = i64::from(c.value);
        match c.op {
            Compare::Eq => {
                lo = lo.max(k);
                hi = hi.min(k);
            }
            Compare::Lt => hi = hi.min(k - 1),
            Compare::Le => hi = hi.min(k),
            Compare::Gt => lo = lo.max(k + 1),
            Compare::Ge => lo = lo.max(k),
            Compare::Ne => {}
        }
    }
    (lo, hi)
}

/// True when some `x` in `[min, max]` satisfies every condition in `conds` (all on one
/// variable).
pub(crate) fn satisfiable(conds: &[VarCondition], min: i32, max: i32) -> bool {
    let Some(first) = conds.first() else {
        return min <= max;
    };
    let (lo, hi) = interval(conds, first.var, i64::from(min), i64::from(max));
    if lo > hi {
        return false;
    }
    // `!=` removes single values; the interval survives unless they cover all of it.
    let mut excluded: Vec<i64> = conds
        .iter()
        .filter(|c| c.op == Compare::Ne)
        .map(|c| i64::from(c.value))
        .filter(|k| (lo..=hi).contains(k))
        .collect();
    excluded.sort_unstable();
    excluded.dedup();
    (excluded.len() as i64) < hi - lo + 1
}

// What a variable with range `[min, max]` allows. The domain's checks and the domain-file
// parser (which reports positions) both use these, so they agree on rules and messages.

/// Why `min`, `max` and `default` do not make a range, if they do not.
pub(crate) fn range_error(min: i32, max: i32, default: Option<i32>) -> Option<String> {
    if min > max {
        return Some(format!("min {min} is greater than max {max}"));
    }
    let d = default.filter(|d| !(min..=max).contains(d))?;
    Some(format!("default {d} is outside the range [{min}, {max}]"))
}

/// Why `k` is not a start value, if it is not.
pub(crate) fn start_error(min: i32, max: i32, k: i32) -> Option<String> {
    (!(min..=max).contains(&k)).then(|| format!("{k} is outside the range [{min}, {max}]"))
}

/// Why `op k` may not be a condition, if its constant lies outside the range.
pub(crate) fn condition_error(min: i32, max: i32, op: Compare, k: i32) -> Option<String> {
    (!(min..=max).contains(&k)).then(|| {
        format!(
            "{} {k} compares with a constant outside the range [{min}, {max}]",
            op.symbol()
        )
    })
}

/// Why the conditions `conds` (all on one variable) cannot stand together, if no value in
/// the range satisfies them.
pub(crate) fn conflict_error(min: i32, max: i32, conds: &[VarCondition]) -> Option<String> {
    if satisfiable(conds, min, max) {
        return None;
    }
    let list: Vec<String> = conds
        .iter()
        .map(|c| format!("{} {}", c.op.symbol(), c.value))
        .collect();
    Some(format!(
        "{} can never hold within the range [{min}, {max}]",
        list.join(" and ")
    ))
}

/// Why `op k` may not be an effect, if it may not: a `set` outside the range, or a step
/// outside `1..=max - min`.
pub(crate) fn effect_error(min: i32, max: i32, op: VarOp, k: i32) -> Option<String> {
    let range = format!("[{min}, {max}]");
    let width = i64::from(max) - i64::from(min);
    let sym = if op == VarOp::Add { "+=" } else { "-=" };
    match op {
        VarOp::Set => {
            (!(min..=max).contains(&k)).then(|| format!("cannot set {k} outside the range {range}"))
        }
        _ if width == 0 => Some(format!(
            "{sym} {k} can never apply: the range {range} has a single value"
        )),
        _ => (!(1..=width).contains(&i64::from(k)))
            .then(|| format!("{sym} {k} is not a step from 1 to {width} (the range's width)")),
    }
}
