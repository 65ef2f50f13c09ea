//! Facts, actions and goals: what a planning problem is made of.
//!
//! A [`Domain`] interns fact names to dense [`FactId`]s and holds the actions, each with
//! preconditions, effects and a cost. Definitions are validated when they are added; an
//! invalid action is rejected with a [`DomainError`] and never planned with.

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use crate::planner::compiled::CompiledDomain;

/// Dense id of a boolean fact within one [`Domain`] (its registration index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FactId(pub u32);

/// Dense id of an action within one [`Domain`] (its registration index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ActionId(pub u32);

impl FactId {
    /// The id as a `usize` index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl ActionId {
    /// The id as a `usize` index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One requirement or assignment: `fact` must be (or becomes) `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FactValue {
    /// The fact.
    pub fact: FactId,
    /// Its required or assigned value.
    pub value: bool,
}

impl FactValue {
    /// `fact = value`.
    pub fn new(fact: FactId, value: bool) -> Self {
        FactValue { fact, value }
    }
}

/// A validated set of fact conditions, sorted by fact id, each fact at most once.
///
/// Used for preconditions, effects and goals. Build one with [`Conditions::new`], which
/// rejects a fact listed twice with different values (a contradiction) and drops exact
/// repeats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Conditions {
    entries: Vec<FactValue>,
}

impl Conditions {
    /// Validates and normalises `entries`. Fails with [`DomainError::Contradiction`] when a
    /// fact appears with both values.
    pub fn new(entries: impl IntoIterator<Item = FactValue>) -> Result<Self, DomainError> {
        let mut entries: Vec<FactValue> = entries.into_iter().collect();
        entries.sort_by_key(|e| (e.fact, e.value));
        let mut out: Vec<FactValue> = Vec::with_capacity(entries.len());
        for e in entries {
            match out.last() {
                Some(last) if last.fact == e.fact && last.value == e.value => {}
                Some(last) if last.fact == e.fact => {
                    return Err(DomainError::Contradiction { fact: e.fact });
                }
                _ => out.push(e),
            }
        }
        Ok(Conditions { entries: out })
    }

    /// The entries, sorted by fact id.
    pub fn entries(&self) -> &[FactValue] {
        &self.entries
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when there are no entries (always satisfied).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The required value of `fact`, if any.
    pub fn get(&self, fact: FactId) -> Option<bool> {
        self.entries
            .binary_search_by_key(&fact, |e| e.fact)
            .ok()
            .map(|i| self.entries[i].value)
    }
}

/// A goal: conditions the planner must make true.
pub type Goal = Conditions;

/// What the caller supplies to [`Domain::add_action`].
#[derive(Clone, Debug)]
pub struct ActionDef {
    /// Unique, non-empty name.
    pub name: String,
    /// Conditions that must hold before the action.
    pub pre: Vec<FactValue>,
    /// Assignments applied together after the action.
    pub effects: Vec<FactValue>,
    /// Cost: a number from 0 to [`MAX_ACTION_COST`].
    pub cost: f64,
}

/// A validated action.
#[derive(Clone, Debug)]
pub struct Action {
    name: String,
    pre: Conditions,
    effects: Conditions,
    cost: f64,
}

impl Action {
    /// The unique name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Preconditions.
    pub fn pre(&self) -> &Conditions {
        &self.pre
    }
    /// Effects.
    pub fn effects(&self) -> &Conditions {
        &self.effects
    }
    /// Cost (finite, ≥ 0).
    pub fn cost(&self) -> f64 {
        self.cost
    }
}

/// Why a definition was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum DomainError {
    /// A fact or action name was empty.
    EmptyName,
    /// A fact or action name contains a NUL character (it would read differently in C).
    NulInName(String),
    /// An action with this name exists already.
    DuplicateAction(String),
    /// The cost is NaN, infinite, negative or above [`MAX_ACTION_COST`].
    InvalidCost {
        /// The action.
        action: String,
        /// The rejected value.
        cost: f64,
    },
    /// A fact id does not belong to this domain.
    UnknownFact(FactId),
    /// An action id does not belong to this domain.
    UnknownAction(ActionId),
    /// The same fact is listed with both values in one condition set.
    Contradiction {
        /// The fact.
        fact: FactId,
    },
    /// A precondition or effect list of the named action contradicts itself.
    ActionContradiction {
        /// The action.
        action: String,
        /// Which list: `"pre"` or `"effects"`.
        list: &'static str,
        /// The fact's name.
        fact: String,
    },
    /// The domain cannot grow any further (over `u32::MAX - 1` facts or actions).
    TooMany,
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DomainError::EmptyName => write!(f, "names must not be empty"),
            DomainError::NulInName(n) => write!(
                f,
                "name {:?} contains a NUL character (names are UTF-8 text without NUL)",
                n
            ),
            DomainError::DuplicateAction(n) => write!(f, "duplicate action name \"{n}\""),
            DomainError::InvalidCost { action, cost } => write!(
                f,
                "action \"{action}\": cost {} is invalid (expected a number from 0 to {MAX_ACTION_COST:e})",
                format_cost(*cost)
            ),
            DomainError::UnknownFact(id) => write!(f, "unknown fact id {}", id.0),
            DomainError::UnknownAction(id) => write!(f, "unknown action id {}", id.0),
            DomainError::Contradiction { fact } => {
                write!(
                    f,
                    "fact id {} is required to be both true and false",
                    fact.0
                )
            }
            DomainError::ActionContradiction { action, list, fact } => write!(
                f,
                "action \"{action}\": {list} lists fact \"{fact}\" as both true and false"
            ),
            DomainError::TooMany => write!(f, "too many facts or actions"),
        }
    }
}

impl std::error::Error for DomainError {}

/// The largest action cost accepted. Bounding costs keeps every sum the search forms (at
/// most a few billion actions long) far from overflowing to infinity, which the planner
/// reserves for "unreachable".
pub const MAX_ACTION_COST: f64 = 1e12;

/// A cost for messages: plain for ordinary magnitudes, scientific otherwise (Rust's `{}`
/// never uses an exponent, which turns 1e-300 into 300 digits).
pub(crate) fn format_cost(cost: f64) -> String {
    if cost == 0.0 || (1e-6..1e15).contains(&cost.abs()) || !cost.is_finite() {
        format!("{cost}")
    } else {
        format!("{cost:e}")
    }
}

fn check_name(name: &str) -> Result<(), DomainError> {
    if name.is_empty() {
        Err(DomainError::EmptyName)
    } else if name.contains('\0') {
        Err(DomainError::NulInName(name.to_owned()))
    } else {
        Ok(())
    }
}

/// Facts and actions of one planning domain.
///
/// Ids are dense registration indices, so the same registration order gives the same ids
/// and (by the planner's tie-breaking rule) the same plans.
#[derive(Debug, Default)]
pub struct Domain {
    fact_names: Vec<String>,
    fact_ids: HashMap<String, FactId>,
    actions: Vec<Action>,
    action_ids: HashMap<String, ActionId>,
    compiled: OnceLock<CompiledDomain>,
}

impl Clone for Domain {
    fn clone(&self) -> Self {
        Domain {
            fact_names: self.fact_names.clone(),
            fact_ids: self.fact_ids.clone(),
            actions: self.actions.clone(),
            action_ids: self.action_ids.clone(),
            compiled: OnceLock::new(),
        }
    }
}

impl Domain {
    /// An empty domain.
    pub fn new() -> Self {
        Self::default()
    }

    /// Interns `name` and returns its id; registering a name twice returns the first id.
    /// Rejects an empty name and one containing a NUL character.
    pub fn add_fact(&mut self, name: &str) -> Result<FactId, DomainError> {
        check_name(name)?;
        if let Some(&id) = self.fact_ids.get(name) {
            return Ok(id);
        }
        if self.fact_names.len() >= (u32::MAX - 1) as usize {
            return Err(DomainError::TooMany);
        }
        let id = FactId(self.fact_names.len() as u32);
        self.fact_names.push(name.to_owned());
        self.fact_ids.insert(name.to_owned(), id);
        self.compiled = OnceLock::new();
        Ok(id)
    }

    /// Validates and adds an action. Rejects an empty or duplicate name, a name with a NUL
    /// character, a cost that is not a number from 0 to [`MAX_ACTION_COST`], unknown fact
    /// ids and self-contradicting lists.
    pub fn add_action(&mut self, def: ActionDef) -> Result<ActionId, DomainError> {
        check_name(&def.name)?;
        if self.action_ids.contains_key(&def.name) {
            return Err(DomainError::DuplicateAction(def.name));
        }
        if !(0.0..=MAX_ACTION_COST).contains(&def.cost) {
            return Err(DomainError::InvalidCost {
                action: def.name,
                cost: def.cost,
            });
        }
        if self.actions.len() >= (u32::MAX - 1) as usize {
            return Err(DomainError::TooMany);
        }
        for fv in def.pre.iter().chain(def.effects.iter()) {
            self.check_fact(fv.fact)?;
        }
        let pre = self.action_conditions(&def.name, "pre", def.pre)?;
        let effects = self.action_conditions(&def.name, "effects", def.effects)?;
        // -0.0 and 0.0 compare equal but print differently; store one zero.
        let cost = if def.cost == 0.0 { 0.0 } else { def.cost };
        let id = ActionId(self.actions.len() as u32);
        self.action_ids.insert(def.name.clone(), id);
        self.actions.push(Action {
            name: def.name,
            pre,
            effects,
            cost,
        });
        self.compiled = OnceLock::new();
        Ok(id)
    }

    fn action_conditions(
        &self,
        action: &str,
        list: &'static str,
        entries: Vec<FactValue>,
    ) -> Result<Conditions, DomainError> {
        Conditions::new(entries).map_err(|e| match e {
            DomainError::Contradiction { fact } => DomainError::ActionContradiction {
                action: action.to_owned(),
                list,
                fact: self.fact_names[fact.index()].clone(),
            },
            other => other,
        })
    }

    /// Fails with [`DomainError::UnknownFact`] unless `fact` belongs to this domain.
    pub fn check_fact(&self, fact: FactId) -> Result<(), DomainError> {
        if fact.index() < self.fact_names.len() {
            Ok(())
        } else {
            Err(DomainError::UnknownFact(fact))
        }
    }

    /// Builds a validated goal (or any condition set) over this domain's facts.
    pub fn conditions(
        &self,
        entries: impl IntoIterator<Item = FactValue>,
    ) -> Result<Conditions, DomainError> {
        let entries: Vec<FactValue> = entries.into_iter().collect();
        for e in &entries {
            self.check_fact(e.fact)?;
        }
        Conditions::new(entries)
    }

    /// Number of facts.
    pub fn fact_count(&self) -> usize {
        self.fact_names.len()
    }

    /// Number of actions.
    pub fn action_count(&self) -> usize {
        self.actions.len()
    }

    /// The id of a fact name, if registered.
    pub fn fact_id(&self, name: &str) -> Option<FactId> {
        self.fact_ids.get(name).copied()
    }

    /// The id of an action name, if registered.
    pub fn action_id(&self, name: &str) -> Option<ActionId> {
        self.action_ids.get(name).copied()
    }

    /// The name of a fact. Panics on an id from another domain; use [`Domain::check_fact`]
    /// first when the id is untrusted.
    pub fn fact_name(&self, fact: FactId) -> &str {
        &self.fact_names[fact.index()]
    }

    /// The action with this id, if it exists.
    pub fn action(&self, id: ActionId) -> Option<&Action> {
        self.actions.get(id.index())
    }

    /// All actions in registration order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The planner's compiled form (bit masks, relaxed task), built on first use after a
    /// change and cached until the next change.
    pub(crate) fn compiled(&self) -> &CompiledDomain {
        self.compiled.get_or_init(|| CompiledDomain::build(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(name: &str, cost: f64) -> ActionDef {
        ActionDef {
            name: name.into(),
            pre: vec![],
            effects: vec![],
            cost,
        }
    }

    #[test]
    fn rejects_bad_names_and_costs() {
        let mut d = Domain::new();
        assert_eq!(d.add_fact(""), Err(DomainError::EmptyName));
        assert!(matches!(d.add_fact("a\0b"), Err(DomainError::NulInName(_))));
        assert!(matches!(
            d.add_action(def("x\0", 1.0)),
            Err(DomainError::NulInName(_))
        ));
        for bad in [f64::NAN, f64::INFINITY, -1.0, -1e-300, 1.0001e12, 1e308] {
            let e = d.add_action(def("a", bad)).unwrap_err();
            assert!(matches!(e, DomainError::InvalidCost { .. }), "{bad}");
            // Messages stay short whatever the magnitude.
            assert!(e.to_string().len() < 120, "{e}");
        }
        assert!(d.add_action(def("max", MAX_ACTION_COST)).is_ok());
        assert!(d.add_action(def("zero", -0.0)).is_ok());
        assert_eq!(
            d.action(ActionId(1)).unwrap().cost().to_bits(),
            0.0f64.to_bits()
        );
        assert_eq!(
            d.add_action(def("max", 1.0)),
            Err(DomainError::DuplicateAction("max".into()))
        );
    }

    #[test]
    fn contradictions_name_the_fact() {
        let mut d = Domain::new();
        let f = d.add_fact("door_open").unwrap();
        let e = d
            .add_action(ActionDef {
                name: "a".into(),
                pre: vec![FactValue::new(f, true), FactValue::new(f, false)],
                effects: vec![],
                cost: 1.0,
            })
            .unwrap_err();
        assert!(e.to_string().contains("door_open"), "{e}");
        assert!(Conditions::new([FactValue::new(f, true), FactValue::new(f, true)]).is_ok());
        assert!(d.conditions([FactValue::new(FactId(9), true)]).is_err());
    }
}
