//! Parametric actions (templates) in domain files, grounded when the file is read.
//!
//! A file declares object sets, `"objects": {"place": ["mill", "bakery"]}`, and an action
//! may take parameters over them, `"params": {"from": "place", "to": "place"}`. Its name
//! and the fact names in its `pre` and `effects` may contain the parameters as `{from}`;
//! `"distinct": ["from", "to"]` keeps only the choices where those parameters name
//! different objects, and `"cost_by": {"to": {"mill": 3}}` gives a cost per object of one
//! parameter (the others take `cost`). Grounding makes one ordinary action per choice, in
//! a fixed order (the first parameter varies slowest, objects in their listed order):
//! planning, explain, lint and the C ABI see them as any other action.
//!
//! Variable names in `pre` and `effects` may contain the parameters too (`"stock({item})":
//! {">=": 1}`): each grounding's variables must be declared, one by one or as a family
//! (see `super::vars`). `"where": {"road({from},{to})": true}` keeps only the choices whose
//! ground facts have the given values in `start` (listed true or not); those facts must be
//! static: no action's effects and no goal's `reset` may set them.
//!
//! Checking and grounding are shared with [`crate::Domain::add_template`]
//! ([`crate::domain::template`]). Limits: a template grounds to at most
//! [`crate::domain::MAX_GROUNDINGS`] choices; in a template, `{` and `}` only enclose
//! parameter names.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::vars::{Declared, VarValue};
use super::visit::{nul_in_name, RawAction, RawFacts, Segment, Trail};
use crate::domain::template::{self, Context};
use crate::domain::TemplateDef;

/// The object sets: each type with its objects, in file order.
pub(super) type Objects = Vec<(String, Vec<String>)>;

/// `"objects": {type: [object, …], …}` (first pass).
pub(super) struct ObjectsSeed<'p> {
    pub trail: &'p Trail,
}

impl<'de> DeserializeSeed<'de> for ObjectsSeed<'_> {
    type Value = Objects;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Objects, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ObjectsSeed<'_> {
    type Value = Objects;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of type name → list of object names")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Objects, A::Error> {
        let mut objects = Objects::new();
        while let Some(ty) = map.next_key::<String>()? {
            if ty.is_empty() || ty.contains('\0') {
                return Err(de::Error::custom(if ty.is_empty() {
                    "empty object type name; type names must be non-empty strings".to_owned()
                } else {
                    nul_in_name("object type", &ty)
                }));
            }
            if objects.iter().any(|(t, _)| *t == ty) {
                return Err(de::Error::custom(format!(
                    "object type \"{ty}\" is listed twice in this object"
                )));
            }
            self.trail.push(Segment::ObjectType(ty.clone()));
            let names = map.next_value_seed(ObjectListSeed)?;
            self.trail.pop();
            objects.push((ty, names));
        }
        Ok(objects)
    }
}

/// A type's list of objects: non-empty, unique, non-empty names.
struct ObjectListSeed;

impl<'de> DeserializeSeed<'de> for ObjectListSeed {
    type Value = Vec<String>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ObjectListSeed {
    type Value = Vec<String>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a non-empty list of object names")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut names: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        while let Some(name) = seq.next_element::<String>()? {
            if name.is_empty() {
                return Err(de::Error::custom(
                    "empty object name; names must be non-empty",
                ));
            }
            if name.contains('\0') {
                return Err(de::Error::custom(nul_in_name("object", &name)));
            }
            if !seen.insert(name.clone()) {
                return Err(de::Error::custom(format!(
                    "object \"{name}\" is listed twice in this type"
                )));
            }
            names.push(name);
        }
        if names.is_empty() {
            return Err(de::Error::custom(
                "an object type needs at least one object",
            ));
        }
        Ok(names)
    }
}

/// `"params": {param: type, …}`, in file order.
pub(super) struct ParamsSeed;

impl<'de> DeserializeSeed<'de> for ParamsSeed {
    type Value = Vec<(String, String)>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ParamsSeed {
    type Value = Vec<(String, String)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of parameter name → object type")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut params: Vec<(String, String)> = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            let valid = !name.is_empty() && !name.contains(['{', '}', '\0']);
            if !valid {
                return Err(de::Error::custom(format!(
                    "parameter name {name:?} must be non-empty, without braces or NUL"
                )));
            }
            if params.iter().any(|(p, _)| *p == name) {
                return Err(de::Error::custom(format!(
                    "parameter \"{name}\" is listed twice in this object"
                )));
            }
            let ty: String = map.next_value()?;
            params.push((name, ty));
        }
        if params.is_empty() {
            return Err(de::Error::custom(
                "\"params\" is empty; an action without parameters needs no \"params\"",
            ));
        }
        Ok(params)
    }
}

/// `"cost_by": {param: {object: cost, …}}`, each key once.
pub(super) struct CostBySeed;

type CostBy = Vec<(String, Vec<(String, f64)>)>;

impl<'de> DeserializeSeed<'de> for CostBySeed {
    type Value = CostBy;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<CostBy, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for CostBySeed {
    type Value = CostBy;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of parameter name → {object name: cost}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CostBy, A::Error> {
        let mut out = CostBy::new();
        while let Some(param) = map.next_key::<String>()? {
            if out.iter().any(|(p, _)| *p == param) {
                return Err(de::Error::custom(format!(
                    "key \"{param}\" is listed twice in this object"
                )));
            }
            let table = map.next_value_seed(CostTableSeed)?;
            out.push((param, table));
        }
        Ok(out)
    }
}

/// `{object: cost, …}`, each object once.
struct CostTableSeed;

impl<'de> DeserializeSeed<'de> for CostTableSeed {
    type Value = Vec<(String, f64)>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for CostTableSeed {
    type Value = Vec<(String, f64)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of object name → cost")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out: Vec<(String, f64)> = Vec::new();
        while let Some(object) = map.next_key::<String>()? {
            if out.iter().any(|(o, _)| *o == object) {
                return Err(de::Error::custom(format!(
                    "key \"{object}\" is listed twice in this object"
                )));
            }
            let cost: f64 = map.next_value()?;
            out.push((object, cost));
        }
        Ok(out)
    }
}

/// `"where": {fact: true/false, …}`, each fact once.
pub(super) struct WhereSeed;

impl<'de> DeserializeSeed<'de> for WhereSeed {
    type Value = Vec<(String, bool)>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for WhereSeed {
    type Value = Vec<(String, bool)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of static fact name → true/false")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out: Vec<(String, bool)> = Vec::new();
        while let Some(fact) = map.next_key::<String>()? {
            if fact.is_empty() || fact.contains('\0') {
                return Err(de::Error::custom(format!(
                    "fact name {fact:?} must be non-empty, without NUL"
                )));
            }
            if out.iter().any(|(f, _)| *f == fact) {
                return Err(de::Error::custom(format!(
                    "fact \"{fact}\" is listed twice in this object"
                )));
            }
            let value: bool = map.next_value()?;
            out.push((fact, value));
        }
        Ok(out)
    }
}

/// A template action's parameters as written, checked and grounded by [`ground`].
#[derive(Default)]
pub(super) struct RawTemplate {
    pub params: Vec<(String, String)>,
    pub distinct: Vec<String>,
    pub cost_by: CostBy,
    /// `"where"`: static facts (patterns) with their required values.
    pub where_facts: Vec<(String, bool)>,
}

/// A template as grounded, for [`crate::ActionTemplate`]: its name, each parameter with
/// its objects, and per ground action (in order) the object index of each parameter.
pub(super) struct Grounded {
    pub name: String,
    pub params: Vec<(String, Vec<String>)>,
    pub args: Vec<Vec<u32>>,
}

/// What grounding a template of a file gives: its ground actions in order, the record of
/// the grounding and the ground facts its `where` read.
pub(super) struct FileGrounding {
    pub actions: Vec<RawAction>,
    pub grounded: Grounded,
    pub where_facts: Vec<String>,
}

/// Grounds template action `action` with the shared implementation
/// ([`crate::domain::template`]); `holding` are the facts `start` makes true (for
/// `where`). The message of an error is for the action's position.
pub(super) fn ground(
    objects: &Objects,
    declared: &Declared,
    raw: RawTemplate,
    action: &RawAction,
    holding: &[String],
) -> Result<FileGrounding, String> {
    let cost_by = match raw.cost_by.len() {
        0 => None,
        1 => raw.cost_by.into_iter().next(),
        n => {
            return Err(format!(
                "\"cost_by\" lists {n} parameters; it takes one (its table gives the cost per \
                 object of that parameter)"
            ))
        }
    };
    let var_pre = action
        .pre
        .vars
        .iter()
        .filter_map(|(v, value)| match *value {
            VarValue::Condition(op, k) => Some((v.clone(), op, k)),
            _ => None,
        });
    let var_effects = action
        .effects
        .vars
        .iter()
        .filter_map(|(v, value)| match *value {
            VarValue::Effect(op, k) => Some((v.clone(), op, k)),
            _ => None,
        });
    let def = TemplateDef {
        name: action.name.clone(),
        params: raw.params,
        distinct: raw.distinct,
        where_facts: raw.where_facts,
        holding: holding.to_vec(),
        pre: action.pre.facts.clone(),
        effects: action.effects.facts.clone(),
        var_pre: var_pre.collect(),
        var_effects: var_effects.collect(),
        cost: action.cost,
        cost_by,
    };
    let var_range = |name: &str| declared.range(name);
    let cx = Context {
        objects,
        var_range: &var_range,
    };
    let g = template::ground(&def, &cx)?;
    let mut args = Vec::with_capacity(g.actions.len());
    let actions = g
        .actions
        .into_iter()
        .map(|a| {
            args.push(a.args);
            let var_pre = a.var_pre.into_iter();
            let var_effects = a.var_effects.into_iter();
            RawAction {
                name: a.name,
                cost: a.cost,
                pre: RawFacts {
                    facts: a.pre,
                    vars: var_pre
                        .map(|(v, op, k)| (v, VarValue::Condition(op, k)))
                        .collect(),
                },
                effects: RawFacts {
                    facts: a.effects,
                    vars: var_effects
                        .map(|(v, op, k)| (v, VarValue::Effect(op, k)))
                        .collect(),
                },
            }
        })
        .collect();
    Ok(FileGrounding {
        actions,
        grounded: Grounded {
            name: def.name,
            params: g.params,
            args,
        },
        where_facts: g.where_facts,
    })
}
