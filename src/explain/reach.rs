//! Delete-relaxed reachability over the public domain: which fact values and which
//! variable values can ever hold from a start state, ignoring that effects undo each other.
//!
//! An over-approximation: a condition it calls unreachable can never hold in any state a
//! plan reaches; one it calls reachable may still be out of reach. Facts are tracked per
//! value (true, false). A variable keeps one interval `[lo, hi]` holding every value it can
//! take: a `set` adds its constant, any applicable `+=` widens it to the variable's `max`
//! and any applicable `-=` to its `min` (the intervals only grow, so each action fires at
//! most once and the fixpoint takes at most one pass per action).

use super::Condition;
use crate::domain::{interval, satisfiable, ActionId, Domain, FactId, VarCondition, VarOp};
use crate::planner::ActionContext;
use crate::state::WorldState;

/// What relaxed reachability found from one start state.
#[derive(Debug)]
pub(super) struct Reach {
    /// Per fact: can it be false, can it be true.
    facts: Vec<[bool; 2]>,
    /// Per variable: the interval of values it can take.
    vars: Vec<(i32, i32)>,
    /// Per action: applicable in the relaxation (enabled, preconditions reachable, some
    /// reachable value keeps each variable effect in range).
    fires: Vec<bool>,
}

impl Reach {
    /// Reachability from `start` with the actions `context` disables left out.
    /// Cost O(actions × (passes) × conditions), at most one pass per action.
    pub fn compute(domain: &Domain, start: &WorldState, context: &ActionContext) -> Reach {
        let facts = (0..domain.fact_count() as u32)
            .map(|f| {
                let v = start.get(FactId(f));
                [!v, v]
            })
            .collect();
        let vars = (0..domain.var_count() as u32)
            .map(|v| {
                let x = domain.value(start, crate::domain::VarId(v));
                (x, x)
            })
            .collect();
        let mut reach = Reach {
            facts,
            vars,
            fires: vec![false; domain.action_count()],
        };
        loop {
            let mut changed = false;
            for (i, action) in domain.actions().iter().enumerate() {
                let id = ActionId(i as u32);
                if reach.fires[i] || context.is_disabled(id) || !reach.applicable(domain, id) {
                    continue;
                }
                reach.fires[i] = true;
                changed = true;
                for e in action.effects().entries() {
                    reach.facts[e.fact.index()][usize::from(e.value)] = true;
                }
                for e in action.var_effects() {
                    let var = &domain.vars()[e.var.index()];
                    let (lo, hi) = &mut reach.vars[e.var.index()];
                    match e.op {
                        VarOp::Set => {
                            *lo = (*lo).min(e.value);
                            *hi = (*hi).max(e.value);
                        }
                        VarOp::Add => *hi = var.max(),
                        VarOp::Sub => *lo = var.min(),
                    }
                }
            }
            if !changed {
                return reach;
            }
        }
    }

    /// The values `var` can take (an over-approximation).
    pub fn range(&self, var: crate::domain::VarId) -> (i32, i32) {
        self.vars[var.index()]
    }

    /// True when `condition` alone can hold in some reachable state (over-approximated).
    pub fn holds(&self, condition: &Condition) -> bool {
        match condition {
            Condition::Fact(c) => self.facts[c.fact.index()][usize::from(c.value)],
            Condition::Var(c) => {
                let (lo, hi) = self.vars[c.var.index()];
                satisfiable(std::slice::from_ref(c), lo, hi)
            }
        }
    }

    /// The conditions of `conditions` that cannot hold: each failing one, and for a
    /// variable whose conditions each can hold but not together, all of that variable's.
    /// In list order.
    pub fn lacking(&self, conditions: &crate::domain::Conditions) -> Vec<Condition> {
        let mut out: Vec<Condition> = conditions
            .entries()
            .iter()
            .map(|&c| Condition::Fact(c))
            .filter(|c| !self.holds(c))
            .collect();
        for group in conditions.var_conditions().chunk_by(|a, b| a.var == b.var) {
            let (lo, hi) = self.vars[group[0].var.index()];
            if satisfiable(group, lo, hi) {
                continue;
            }
            let single: Vec<Condition> = group
                .iter()
                .map(|&c| Condition::Var(c))
                .filter(|c| !self.holds(c))
                .collect();
            if single.is_empty() {
                out.extend(group.iter().map(|&c| Condition::Var(c)));
            } else {
                out.extend(single);
            }
        }
        out
    }

    /// True when every precondition of `action` can hold but each reachable value that
    /// meets them sends some variable effect out of its range (under `Overflow::Reject`).
    pub fn blocked_by_range(&self, domain: &Domain, action: ActionId) -> bool {
        let a = &domain.actions()[action.index()];
        self.meets(a.pre()) && !self.steps_fit(domain, action)
    }

    fn applicable(&self, domain: &Domain, action: ActionId) -> bool {
        let a = &domain.actions()[action.index()];
        self.meets(a.pre()) && self.steps_fit(domain, action)
    }

    /// True when [`Reach::lacking`] is empty (without building it).
    fn meets(&self, conditions: &crate::domain::Conditions) -> bool {
        conditions
            .entries()
            .iter()
            .all(|c| self.facts[c.fact.index()][usize::from(c.value)])
            && conditions
                .var_conditions()
                .chunk_by(|a, b| a.var == b.var)
                .all(|group| {
                    let (lo, hi) = self.vars[group[0].var.index()];
                    satisfiable(group, lo, hi)
                })
    }

    /// True when each `+=`/`-=` that the range can refuse has a reachable value, allowed by
    /// the preconditions, from which it stays in range.
    fn steps_fit(&self, domain: &Domain, action: ActionId) -> bool {
        let a = &domain.actions()[action.index()];
        a.var_effects().iter().all(|e| {
            let var = &domain.vars()[e.var.index()];
            if !var.rejects_steps(e.op) {
                return true;
            }
            let (lo, hi) = self.vars[e.var.index()];
            let pre: &[VarCondition] = a.pre().var_conditions();
            let (plo, phi) = interval(pre, e.var, i64::from(lo), i64::from(hi));
            let k = i64::from(e.value);
            match e.op {
                VarOp::Add => plo + k <= i64::from(var.max()),
                VarOp::Sub => phi - k >= i64::from(var.min()),
                VarOp::Set => true,
            }
        })
    }

    /// The actions with an effect that could make `condition` true, in id order: a fact
    /// effect setting that value, a `set` to a value meeting it, a `+=` when the condition
    /// needs values above the reachable ones and a `-=` when it needs values below. Only
    /// meaningful for a condition that does not hold ([`Reach::holds`]).
    pub fn providers(&self, domain: &Domain, condition: &Condition) -> Vec<ActionId> {
        let provides = |id: usize| -> bool {
            let a = &domain.actions()[id];
            match condition {
                Condition::Fact(c) => a.effects().get(c.fact) == Some(c.value),
                Condition::Var(c) => {
                    let var = &domain.vars()[c.var.index()];
                    let (lo, hi) = self.vars[c.var.index()];
                    let (tlo, thi) = interval(
                        std::slice::from_ref(c),
                        c.var,
                        i64::from(var.min()),
                        i64::from(var.max()),
                    );
                    a.var_effects()
                        .iter()
                        .filter(|e| e.var == c.var)
                        .any(|e| match e.op {
                            VarOp::Set => c.op.holds(e.value, c.value),
                            VarOp::Add => thi > i64::from(hi),
                            VarOp::Sub => tlo < i64::from(lo),
                        })
                }
            }
        };
        (0..domain.action_count())
            .filter(|&i| provides(i))
            .map(|i| ActionId(i as u32))
            .collect()
    }
}
