//! Facts, variables, actions and goals: what a planning problem is made of.
//!
//! A [`Domain`] interns fact names to dense [`FactId`]s, declares bounded integer variables
//! ([`VarId`], see [`VarDef`]) and holds the actions, each with preconditions, effects and a
//! cost. Definitions are validated when they are added; an invalid action is rejected with a
//! [`DomainError`] and never planned with.
//!
//! # Integer variables
//! A variable has an inclusive `i32` range `[min, max]` and a start default (`min` unless
//! declared). Conditions compare it with a constant (`== != < <= > >=`); effects set it to a
//! constant or add or subtract one. When an effect's result would leave the range, the
//! variable's [`Overflow`] rule decides: [`Overflow::Reject`] (the default) makes the action
//! inapplicable in that state; [`Overflow::Saturate`] clamps the result to the range.
//! Constants outside the range, and conditions on one variable that no value in its range
//! satisfies, are rejected when the action or goal is built.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};

pub(crate) mod compiled;
mod error;
pub(crate) mod template;
mod var;

pub use error::DomainError;
pub use template::{TemplateDef, MAX_GROUNDINGS, MAX_GROUND_NAMES};
pub(crate) use var::{
    condition_error, conflict_error, effect_error, interval, range_error, satisfiable, start_error,
};
pub use var::{Compare, Overflow, Var, VarCondition, VarDef, VarEffect, VarOp};

use crate::memory::OutOfMemory;
use crate::state::WorldState;
use compiled::CompiledDomain;

/// Process-unique id of a domain in a [`crate::World`] (the world draws them from one
/// counter: never zero, never reused within a process). An [`crate::Agent`] made by a world
/// remembers its domain's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DomainId(NonZeroU32);

impl DomainId {
    /// The id as a number (≥ 1).
    pub fn get(self) -> u32 {
        self.0.get()
    }

    /// The id with this number; `None` for zero. The id may not name a live domain.
    pub fn from_raw(raw: u32) -> Option<Self> {
        NonZeroU32::new(raw).map(DomainId)
    }
}

impl std::fmt::Display for DomainId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Dense id of a boolean fact within one [`Domain`] (its registration index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FactId(pub u32);

/// Dense id of an action within one [`Domain`] (its registration index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ActionId(pub u32);

/// Dense id of an integer variable within one [`Domain`] (its declaration index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VarId(pub u32);

impl VarId {
    /// The id as a `usize` index.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

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

/// A validated set of conditions: fact conditions sorted by fact id (each fact at most
/// once) and variable conditions sorted by variable.
///
/// Used for preconditions, effects and goals. Build one with [`Conditions::new`] (facts) or
/// [`Conditions::with_vars`]; both reject a contradiction (a fact listed with both values,
/// or conditions on one variable that no `i32` satisfies together) and drop exact repeats.
/// [`Domain::conditions_with`] also checks ids and constants against the domain.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Conditions {
    entries: Vec<FactValue>,
    vars: Vec<VarCondition>,
}

impl Conditions {
    /// Validates and normalises fact `entries`. Fails with [`DomainError::Contradiction`]
    /// when a fact appears with both values.
    pub fn new(entries: impl IntoIterator<Item = FactValue>) -> Result<Self, DomainError> {
        Self::with_vars(entries, [])
    }

    /// Validates and normalises fact `entries` and variable conditions `vars`. Fails with
    /// [`DomainError::Contradiction`] when a fact appears with both values and with
    /// [`DomainError::VarContradiction`] when no `i32` satisfies one variable's conditions.
    pub fn with_vars(
        entries: impl IntoIterator<Item = FactValue>,
        vars: impl IntoIterator<Item = VarCondition>,
    ) -> Result<Self, DomainError> {
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
        let mut vars: Vec<VarCondition> = vars.into_iter().collect();
        vars.sort();
        vars.dedup();
        for group in vars.chunk_by(|a, b| a.var == b.var) {
            if !satisfiable(group, i32::MIN, i32::MAX) {
                return Err(DomainError::VarContradiction { var: group[0].var });
            }
        }
        Ok(Conditions { entries: out, vars })
    }

    /// The fact entries, sorted by fact id.
    pub fn entries(&self) -> &[FactValue] {
        &self.entries
    }

    /// The variable conditions, sorted by variable (then operator and constant).
    pub fn var_conditions(&self) -> &[VarCondition] {
        &self.vars
    }

    /// Number of entries (fact and variable conditions).
    pub fn len(&self) -> usize {
        self.entries.len() + self.vars.len()
    }

    /// True when there are no entries (always satisfied).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.vars.is_empty()
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
#[derive(Clone, Debug, Default)]
pub struct ActionDef {
    /// Unique, non-empty name.
    pub name: String,
    /// Fact conditions that must hold before the action.
    pub pre: Vec<FactValue>,
    /// Fact assignments applied together after the action.
    pub effects: Vec<FactValue>,
    /// Cost: a number from 0 to [`MAX_ACTION_COST`].
    pub cost: f64,
    /// Variable conditions that must hold before the action.
    pub var_pre: Vec<VarCondition>,
    /// Variable effects, at most one per variable, applied together with `effects`.
    pub var_effects: Vec<VarEffect>,
}

/// A validated action.
#[derive(Clone, Debug)]
pub struct Action {
    name: String,
    pre: Conditions,
    effects: Conditions,
    var_effects: Vec<VarEffect>,
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
    /// Fact effects.
    pub fn effects(&self) -> &Conditions {
        &self.effects
    }
    /// Variable effects, sorted by variable.
    pub fn var_effects(&self) -> &[VarEffect] {
        &self.var_effects
    }
    /// Cost (finite, ≥ 0).
    pub fn cost(&self) -> f64 {
        self.cost
    }
}

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

/// A parametric action, as it was grounded (by a domain file, see [`crate::format`], or by
/// [`Domain::add_template`]): its ground actions are ordinary actions of the domain; this
/// records where they came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionTemplate {
    /// The name with its parameters, such as `go({from},{to})`.
    pub name: String,
    /// Each parameter's name and the objects it ranges over, in order.
    pub params: Vec<(String, Vec<String>)>,
    /// Each ground action with, per parameter, the index of its object in `params`.
    pub groundings: Vec<(ActionId, Vec<u32>)>,
}

impl ActionTemplate {
    /// The ground action whose arguments are the objects named `args` (one per parameter,
    /// in order), if the template has one (`distinct` may have left a choice out).
    pub fn find(&self, args: &[&str]) -> Option<ActionId> {
        if args.len() != self.params.len() {
            return None;
        }
        let want: Option<Vec<u32>> = self
            .params
            .iter()
            .zip(args)
            .map(|((_, objects), a)| objects.iter().position(|o| o == a).map(|i| i as u32))
            .collect();
        let want = want?;
        self.groundings
            .iter()
            .find(|(_, g)| *g == want)
            .map(|&(id, _)| id)
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
    vars: Vec<Var>,
    var_ids: HashMap<String, VarId>,
    actions: Vec<Action>,
    action_ids: HashMap<String, ActionId>,
    /// The templates its file's actions were grounded from.
    templates: Vec<ActionTemplate>,
    /// The object types for templates, each with its objects, in declaration order.
    objects: Vec<(String, Vec<String>)>,
    /// The facts templates' `where` read (they must stay static) → the template's name.
    static_facts: HashMap<String, String>,
    /// Shared by clones (they have the same content) and by suspended searches.
    compiled: OnceLock<Arc<CompiledDomain>>,
}

impl Clone for Domain {
    fn clone(&self) -> Self {
        Domain {
            fact_names: self.fact_names.clone(),
            fact_ids: self.fact_ids.clone(),
            vars: self.vars.clone(),
            var_ids: self.var_ids.clone(),
            actions: self.actions.clone(),
            action_ids: self.action_ids.clone(),
            templates: self.templates.clone(),
            objects: self.objects.clone(),
            static_facts: self.static_facts.clone(),
            compiled: self.compiled.clone(),
        }
    }
}

impl Domain {
    /// An empty domain.
    pub fn new() -> Self {
        Self::default()
    }

    /// The templates the domain's actions were grounded from, in the order they were
    /// added (a domain file's in file order).
    pub fn templates(&self) -> &[ActionTemplate] {
        &self.templates
    }

    /// Records facts template `template`'s `where` read: no action added later may change
    /// them (the caller checked the actions so far).
    pub(crate) fn record_static_facts(&mut self, template: &str, facts: Vec<String>) {
        for f in facts {
            self.static_facts
                .entry(f)
                .or_insert_with(|| template.to_owned());
        }
    }

    /// Records a template whose ground actions were added (their ids must exist).
    pub(crate) fn record_template(&mut self, t: ActionTemplate) {
        debug_assert!(t
            .groundings
            .iter()
            .all(|(a, _)| a.index() < self.actions.len()));
        self.templates.push(t);
    }

    /// The object types templates range over, each with its objects, in declaration order.
    pub fn objects(&self) -> &[(String, Vec<String>)] {
        &self.objects
    }

    /// Declares object type `ty` with its `objects` (non-empty names without NUL, at least
    /// one, each once) for templates. Declaring a type again with the same objects does
    /// nothing; with other objects it is an error ([`DomainError::InvalidObjects`]).
    pub fn add_objects(&mut self, ty: &str, objects: &[&str]) -> Result<(), DomainError> {
        let objects: Vec<String> = objects.iter().map(|&o| o.to_owned()).collect();
        template::check_objects(ty, &objects).map_err(DomainError::InvalidObjects)?;
        match self.objects.iter().find(|(t, _)| t == ty) {
            Some((_, old)) if *old == objects => Ok(()),
            Some(_) => Err(DomainError::InvalidObjects(format!(
                "object type \"{ty}\" is already declared with other objects"
            ))),
            None => {
                self.objects.push((ty.to_owned(), objects));
                Ok(())
            }
        }
    }

    /// Checks and grounds a template (see [`TemplateDef`]) into ordinary actions, added in
    /// grounding order (the first parameter varies slowest), registering their facts as
    /// they come; records it (see [`Domain::templates`]) and returns its index there.
    ///
    /// Rejects ([`DomainError::Template`]) a template without parameters, a parameter of an
    /// undeclared type, a `{…}` that is not a parameter, `distinct` or `cost_by` naming
    /// something else, a bad cost, more than [`MAX_GROUNDINGS`] choices, two groundings with
    /// one name, a ground variable that is not declared or a constant outside its range, a
    /// ground fact that is a variable, and a `where` fact that an action of the domain
    /// (existing or ground here) changes. A ground action rejected by
    /// [`Domain::add_action`] (such as a name taken) fails with that error. On error the
    /// domain is unchanged. From then on [`Domain::add_action`] refuses an action whose
    /// effects change one of its `where` facts.
    pub fn add_template(&mut self, def: TemplateDef) -> Result<usize, DomainError> {
        let err = |detail: String| DomainError::Template {
            template: def.name.clone(),
            detail,
        };
        let grounding = {
            let var_range = |n: &str| self.var_id(n).map(|id| self.vars[id.index()].range());
            let cx = template::Context {
                objects: &self.objects,
                var_range: &var_range,
            };
            template::ground(&def, &cx).map_err(err)?
        };
        // Who changes each fact: one pass over the existing and the ground actions (the
        // first action in order names it), so the check costs O(actions × effects).
        let mut changed_by: std::collections::HashMap<&str, &str> = Default::default();
        for a in &self.actions {
            for e in a.effects.entries() {
                changed_by
                    .entry(self.fact_name(e.fact))
                    .or_insert(a.name.as_str());
            }
        }
        for a in &grounding.actions {
            for (e, _) in &a.effects {
                changed_by.entry(e.as_str()).or_insert(a.name.as_str());
            }
        }
        for f in &grounding.where_facts {
            if let Some(by) = changed_by.get(f.as_str()) {
                return Err(err(format!(
                    "action \"{by}\" changes fact \"{f}\", which \"where\" reads; facts in \
                     \"where\" must be static (no action may change them)"
                )));
            }
        }
        let mut work = self.clone();
        let mut groundings = Vec::with_capacity(grounding.actions.len());
        for a in grounding.actions {
            let mut fact = |(name, value): (String, bool)| -> Result<FactValue, DomainError> {
                Ok(FactValue::new(work.add_fact(&name)?, value))
            };
            let pre = a.pre.into_iter().map(&mut fact).collect::<Result<_, _>>()?;
            let effects = a
                .effects
                .into_iter()
                .map(&mut fact)
                .collect::<Result<_, _>>()?;
            let var = |n: &str| work.var_id(n).expect("checked by ground");
            let var_pre = a
                .var_pre
                .iter()
                .map(|(n, op, k)| VarCondition::new(var(n), *op, *k));
            let var_effects = a
                .var_effects
                .iter()
                .map(|(n, op, k)| VarEffect::new(var(n), *op, *k));
            let def = ActionDef {
                name: a.name,
                pre,
                effects,
                cost: a.cost,
                var_pre: var_pre.collect(),
                var_effects: var_effects.collect(),
            };
            groundings.push((work.add_action(def)?, a.args));
        }
        work.record_static_facts(&def.name, grounding.where_facts);
        work.templates.push(ActionTemplate {
            name: def.name,
            params: grounding.params,
            groundings,
        });
        *self = work;
        Ok(self.templates.len() - 1)
    }

    /// Interns `name` and returns its id; registering a name twice returns the first id.
    /// Rejects an empty name and one containing a NUL character.
    pub fn add_fact(&mut self, name: &str) -> Result<FactId, DomainError> {
        check_name(name)?;
        if let Some(&id) = self.fact_ids.get(name) {
            return Ok(id);
        }
        if self.var_ids.contains_key(name) {
            return Err(DomainError::NameInUse {
                name: name.to_owned(),
                taken_by: "variable",
            });
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

    /// Declares an integer variable and returns its id. Declaring the same name again with
    /// the same definition returns the first id. Rejects an empty name or one with a NUL
    /// character, a fact's name, `min > max`, a default outside the range and a name
    /// declared before with another definition.
    pub fn add_var(&mut self, def: VarDef) -> Result<VarId, DomainError> {
        check_name(&def.name)?;
        if self.fact_ids.contains_key(&def.name) {
            return Err(DomainError::NameInUse {
                name: def.name,
                taken_by: "fact",
            });
        }
        if let Some(detail) = var::range_error(def.min, def.max, def.default) {
            return Err(DomainError::InvalidRange {
                detail,
                var: def.name,
            });
        }
        let default = def.default.unwrap_or(def.min);
        let var = Var {
            name: def.name,
            min: def.min,
            max: def.max,
            default,
            overflow: def.overflow,
        };
        if let Some(&id) = self.var_ids.get(&var.name) {
            return if self.vars[id.index()] == var {
                Ok(id)
            } else {
                Err(DomainError::VarRedefined(var.name))
            };
        }
        if self.vars.len() >= (u32::MAX - 1) as usize {
            return Err(DomainError::TooMany);
        }
        let id = VarId(self.vars.len() as u32);
        self.var_ids.insert(var.name.clone(), id);
        self.vars.push(var);
        self.compiled = OnceLock::new();
        Ok(id)
    }

    /// Validates and adds an action. Rejects an empty or duplicate name, a name with a NUL
    /// character, a cost that is not a number from 0 to [`MAX_ACTION_COST`], unknown fact
    /// or variable ids, self-contradicting lists, constants outside a variable's range
    /// (for `+=`/`-=`: a step outside `1..=max - min`) and two effects on one variable.
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
        if !self.static_facts.is_empty() {
            for e in &def.effects {
                let fact = &self.fact_names[e.fact.index()];
                if let Some(t) = self.static_facts.get(fact) {
                    return Err(DomainError::Template {
                        template: t.clone(),
                        detail: format!(
                            "its \"where\" reads fact \"{fact}\", which action \"{}\" would \
                             change; facts in \"where\" must be static",
                            def.name
                        ),
                    });
                }
            }
        }
        let pre = self.action_conditions(&def.name, "pre", def.pre, def.var_pre)?;
        let effects = self.action_conditions(&def.name, "effects", def.effects, [])?;
        let var_effects = self.var_effects(&def.name, def.var_effects)?;
        // -0.0 and 0.0 compare equal but print differently; store one zero.
        let cost = if def.cost == 0.0 { 0.0 } else { def.cost };
        let id = ActionId(self.actions.len() as u32);
        self.action_ids.insert(def.name.clone(), id);
        self.actions.push(Action {
            name: def.name,
            pre,
            effects,
            var_effects,
            cost,
        });
        self.compiled = OnceLock::new();
        Ok(id)
    }

    fn var_effects(
        &self,
        action: &str,
        mut effects: Vec<VarEffect>,
    ) -> Result<Vec<VarEffect>, DomainError> {
        let context = || format!("action \"{action}\": effects");
        for e in &effects {
            let var = self.var(e.var).ok_or(DomainError::UnknownVar(e.var))?;
            if let Some(detail) = var::effect_error(var.min, var.max, e.op, e.value) {
                return Err(DomainError::ConstantOutOfRange {
                    var: var.name.clone(),
                    context: context(),
                    detail,
                });
            }
        }
        // No dedup: `g += 1` listed twice is not `g += 2`, and silently keeping one would
        // change what the author wrote. Any two effects on one variable are refused.
        effects.sort();
        if let Some(w) = effects.windows(2).find(|w| w[0].var == w[1].var) {
            let detail = if w[0] == w[1] {
                "has the same effect listed twice (at most one effect per action)"
            } else {
                "has two different effects (at most one per action)"
            };
            return Err(DomainError::VarConflict {
                context: context(),
                var: self.vars[w[0].var.index()].name.clone(),
                detail: detail.into(),
            });
        }
        Ok(effects)
    }

    fn action_conditions(
        &self,
        action: &str,
        list: &'static str,
        entries: Vec<FactValue>,
        vars: impl IntoIterator<Item = VarCondition>,
    ) -> Result<Conditions, DomainError> {
        self.checked_conditions(&format!("action \"{action}\": {list}"), entries, vars)
            .map_err(|e| match e {
                DomainError::Contradiction { fact } => DomainError::ActionContradiction {
                    action: action.to_owned(),
                    list,
                    fact: self.fact_names[fact.index()].clone(),
                },
                other => other,
            })
    }

    /// Builds conditions checking fact and variable ids, constants against ranges and that
    /// each variable's conditions can hold; `context` names the list in messages.
    fn checked_conditions(
        &self,
        context: &str,
        entries: Vec<FactValue>,
        vars: impl IntoIterator<Item = VarCondition>,
    ) -> Result<Conditions, DomainError> {
        for e in &entries {
            self.check_fact(e.fact)?;
        }
        let vars: Vec<VarCondition> = vars.into_iter().collect();
        for c in &vars {
            let var = self.var(c.var).ok_or(DomainError::UnknownVar(c.var))?;
            if let Some(detail) = var::condition_error(var.min, var.max, c.op, c.value) {
                return Err(DomainError::ConstantOutOfRange {
                    var: var.name.clone(),
                    context: context.to_owned(),
                    detail,
                });
            }
        }
        // Each variable's conditions must hold together within its range (this also covers
        // the range-free check in `Conditions::with_vars`, so that never fails here).
        let mut sorted = vars.clone();
        sorted.sort();
        sorted.dedup();
        for group in sorted.chunk_by(|a, b| a.var == b.var) {
            let var = &self.vars[group[0].var.index()];
            if let Some(detail) = var::conflict_error(var.min, var.max, group) {
                return Err(DomainError::VarConflict {
                    context: context.to_owned(),
                    var: var.name.clone(),
                    detail,
                });
            }
        }
        let conditions = Conditions::with_vars(entries, vars)?;
        Ok(conditions)
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
        self.conditions_with(entries, [])
    }

    /// Builds a validated goal (or any condition set) over this domain's facts and
    /// variables: ids must belong to the domain, constants lie within each variable's
    /// range, and each variable's conditions must be satisfiable together.
    pub fn conditions_with(
        &self,
        entries: impl IntoIterator<Item = FactValue>,
        vars: impl IntoIterator<Item = VarCondition>,
    ) -> Result<Conditions, DomainError> {
        self.checked_conditions("goal", entries.into_iter().collect(), vars)
    }

    /// Fails unless `var` belongs to this domain ([`DomainError::UnknownVar`]) and `value`
    /// lies in its range ([`DomainError::ConstantOutOfRange`], in `context`: "start",
    /// "agent state", …): the check of a value a state gives the variable.
    pub fn check_var_value(
        &self,
        var: VarId,
        value: i32,
        context: &str,
    ) -> Result<(), DomainError> {
        let v = self.var(var).ok_or(DomainError::UnknownVar(var))?;
        match start_error(v.min(), v.max(), value) {
            None => Ok(()),
            Some(detail) => Err(DomainError::ConstantOutOfRange {
                var: v.name().to_owned(),
                context: context.to_owned(),
                detail: format!("value {detail}"),
            }),
        }
    }

    /// Fails with [`DomainError::UnknownVar`] unless `var` belongs to this domain.
    pub fn check_var(&self, var: VarId) -> Result<(), DomainError> {
        if var.index() < self.vars.len() {
            Ok(())
        } else {
            Err(DomainError::UnknownVar(var))
        }
    }

    /// Number of variables.
    pub fn var_count(&self) -> usize {
        self.vars.len()
    }

    /// The id of a variable name, if declared.
    pub fn var_id(&self, name: &str) -> Option<VarId> {
        self.var_ids.get(name).copied()
    }

    /// The variable with this id, if it exists.
    pub fn var(&self, id: VarId) -> Option<&Var> {
        self.vars.get(id.index())
    }

    /// All variables in declaration order.
    pub fn vars(&self) -> &[Var] {
        &self.vars
    }

    /// The value of `var` in `state`: the stored value (clamped into the variable's range,
    /// as the planner reads it), or the variable's default when the state does not set it.
    /// Panics on an id from another domain.
    pub fn value(&self, state: &WorldState, var: VarId) -> i32 {
        self.vars[var.index()].resolve(state.var(var))
    }

    /// True when `state` satisfies every fact and variable condition (unset variables read
    /// as their defaults). Panics on ids from another domain.
    pub fn satisfies(&self, state: &WorldState, conditions: &Conditions) -> bool {
        conditions
            .entries()
            .iter()
            .all(|c| state.get(c.fact) == c.value)
            && conditions
                .var_conditions()
                .iter()
                .all(|c| c.op.holds(self.value(state, c.var), c.value))
    }

    /// Applies `action` to `state` when it is applicable there: its preconditions hold and
    /// no variable effect leaves its range under [`Overflow::Reject`]. Returns false, with
    /// `state` unchanged, when it is not. Panics on an id from another domain.
    pub fn apply(&self, state: &mut WorldState, action: ActionId) -> bool {
        let a = &self.actions[action.index()];
        if !self.satisfies(state, &a.pre) {
            return false;
        }
        let mut results = Vec::with_capacity(a.var_effects.len());
        for e in &a.var_effects {
            let var = &self.vars[e.var.index()];
            match var.apply(self.value(state, e.var), e.op, e.value) {
                Some(y) => results.push((e.var, y)),
                None => return false,
            }
        }
        state.apply(&a.effects);
        for (v, y) in results {
            state.set_var(v, y);
        }
        true
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
    /// change and cached until the next change; clones share it. Fails when a table would
    /// be too large (nothing is cached then: the next call tries again).
    pub(crate) fn compiled(&self) -> Result<&Arc<CompiledDomain>, OutOfMemory> {
        if let Some(c) = self.compiled.get() {
            return Ok(c);
        }
        let c = Arc::new(CompiledDomain::build(self)?);
        Ok(self.compiled.get_or_init(|| c))
    }

    /// Compiles the domain for planning now (it is otherwise compiled by the first search
    /// after a change). Every compiled table grows with the domain's own lists (dense
    /// action masks, 4 × actions × facts bits, are kept only up to 16 MiB; a larger domain
    /// is kept sparse), so this fails with [`OutOfMemory`] only when the allocator refuses
    /// those dense masks (the other tables are allocated as usual).
    pub fn compile(&self) -> Result<(), OutOfMemory> {
        self.compiled().map(|_| ())
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
            ..Default::default()
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
                ..Default::default()
            })
            .unwrap_err();
        assert!(e.to_string().contains("door_open"), "{e}");
        assert!(Conditions::new([FactValue::new(f, true), FactValue::new(f, true)]).is_ok());
        assert!(d.conditions([FactValue::new(FactId(9), true)]).is_err());
    }
}
