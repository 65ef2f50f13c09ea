//! [`ActionContext`]: per-call changes to a domain's actions (an agent's view of them).

use std::hash::{Hash, Hasher};

use crate::domain::{ActionId, Domain, DomainError, MAX_ACTION_COST};

/// Per-call changes to a domain's actions: some actions disabled, some with another cost.
///
/// This is how an engine expresses context without callbacks: an agent far from the
/// armory makes `goto_armory` expensive, a weapon on cooldown disables `fire`. The planner
/// treats a disabled action as absent and an overridden cost as the action's cost; plans
/// stay optimal for the changed costs. Entries are kept sorted by action, so two contexts
/// with the same entries compare and hash equal whatever order they were set in (the plan
/// cache relies on this).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ActionContext {
    /// Disabled actions, sorted, without repeats.
    disabled: Vec<ActionId>,
    /// Cost overrides, sorted by action, one per action.
    costs: Vec<(ActionId, f64)>,
}

// Costs are never NaN (set_cost rejects it), so equality is reflexive.
impl Eq for ActionContext {}

impl Hash for ActionContext {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.disabled.hash(state);
        for (a, c) in &self.costs {
            a.hash(state);
            // +0.0 and -0.0 cannot both occur: set_cost stores `cost + 0.0`.
            c.to_bits().hash(state);
        }
    }
}

impl ActionContext {
    /// No changes.
    pub fn new() -> Self {
        Self::default()
    }

    /// True when nothing is disabled or overridden.
    pub fn is_empty(&self) -> bool {
        self.disabled.is_empty() && self.costs.is_empty()
    }

    /// Enables or disables `action`. Returns true when this changed the context.
    pub fn set_enabled(&mut self, action: ActionId, enabled: bool) -> bool {
        match (self.disabled.binary_search(&action), enabled) {
            (Ok(i), true) => {
                self.disabled.remove(i);
                true
            }
            (Err(i), false) => {
                self.disabled.insert(i, action);
                true
            }
            _ => false,
        }
    }

    /// True when `action` is disabled.
    pub fn is_disabled(&self, action: ActionId) -> bool {
        self.disabled.binary_search(&action).is_ok()
    }

    /// The disabled actions, in id order.
    pub fn disabled(&self) -> &[ActionId] {
        &self.disabled
    }

    /// Sets `action`'s cost for planning. Fails with [`DomainError::InvalidCost`] on a cost
    /// that is not a number from 0 to [`MAX_ACTION_COST`], leaving the context unchanged.
    /// Returns true when this changed the context.
    pub fn set_cost(&mut self, action: ActionId, cost: f64) -> Result<bool, DomainError> {
        if !(0.0..=MAX_ACTION_COST).contains(&cost) {
            return Err(DomainError::InvalidCost {
                action: format!("action #{}", action.index()),
                cost,
            });
        }
        let cost = cost + 0.0; // -0.0 → +0.0
        match self.costs.binary_search_by_key(&action, |e| e.0) {
            Ok(i) if self.costs[i].1.to_bits() == cost.to_bits() => Ok(false),
            Ok(i) => {
                self.costs[i].1 = cost;
                Ok(true)
            }
            Err(i) => {
                self.costs.insert(i, (action, cost));
                Ok(true)
            }
        }
    }

    /// Removes `action`'s cost override (it plans with its domain cost again). Returns true
    /// when there was one.
    pub fn clear_cost(&mut self, action: ActionId) -> bool {
        match self.costs.binary_search_by_key(&action, |e| e.0) {
            Ok(i) => {
                self.costs.remove(i);
                true
            }
            Err(_) => false,
        }
    }

    /// The overridden cost of `action`, if any.
    pub fn cost_override(&self, action: ActionId) -> Option<f64> {
        self.costs
            .binary_search_by_key(&action, |e| e.0)
            .ok()
            .map(|i| self.costs[i].1)
    }

    /// The cost overrides, in action id order.
    pub fn cost_overrides(&self) -> &[(ActionId, f64)] {
        &self.costs
    }

    /// The cost `action` plans with in `domain`: its override, else its domain cost.
    /// Panics on an action id `domain` does not have.
    pub fn cost(&self, domain: &Domain, action: ActionId) -> f64 {
        self.cost_override(action)
            .unwrap_or_else(|| domain.actions()[action.index()].cost())
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.disabled.clear();
        self.costs.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;

    fn hash(c: &ActionContext) -> u64 {
        let mut h = DefaultHasher::new();
        c.hash(&mut h);
        h.finish()
    }

    #[test]
    fn order_of_setting_does_not_matter() {
        let mut a = ActionContext::new();
        let mut b = ActionContext::new();
        assert!(a.set_enabled(ActionId(3), false));
        assert!(a.set_cost(ActionId(1), 2.0).unwrap());
        assert!(a.set_cost(ActionId(0), -0.0).unwrap());
        assert!(b.set_cost(ActionId(0), 0.0).unwrap());
        assert!(b.set_cost(ActionId(1), 2.0).unwrap());
        assert!(b.set_enabled(ActionId(3), false));
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert!(!a.set_enabled(ActionId(3), false), "no change");
        assert!(!a.set_cost(ActionId(1), 2.0).unwrap(), "no change");
        assert!(a.set_enabled(ActionId(3), true));
        assert!(a.clear_cost(ActionId(1)) && !a.clear_cost(ActionId(1)));
        assert_ne!(a, b);
    }

    #[test]
    fn bad_costs_are_rejected() {
        let mut c = ActionContext::new();
        for bad in [f64::NAN, -1.0, f64::INFINITY, MAX_ACTION_COST * 2.0] {
            assert!(c.set_cost(ActionId(0), bad).is_err());
        }
        assert!(c.is_empty());
    }
}
