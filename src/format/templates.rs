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
//! Limits: a template grounds to at most [`MAX_GROUNDINGS`] actions; variable names cannot
//! contain parameters; in a template, `{` and `}` only enclose parameter names.

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::vars::Declared;
use super::visit::{nul_in_name, RawAction, RawFacts, Segment, Trail};
use crate::domain::MAX_ACTION_COST;

/// The most actions one template may ground to.
pub const MAX_GROUNDINGS: usize = 100_000;

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
        while let Some(name) = seq.next_element::<String>()? {
            if name.is_empty() {
                return Err(de::Error::custom(
                    "empty object name; names must be non-empty",
                ));
            }
            if name.contains('\0') {
                return Err(de::Error::custom(nul_in_name("object", &name)));
            }
            if names.contains(&name) {
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

/// A template action's parameters as written, checked against the objects by [`template`].
#[derive(Default)]
pub(super) struct RawTemplate {
    pub params: Vec<(String, String)>,
    pub distinct: Vec<String>,
    pub cost_by: CostBy,
}

/// A checked template.
#[derive(Clone, Debug)]
pub(super) struct Template {
    /// Parameter names with their type's index in the objects.
    params: Vec<(String, usize)>,
    /// Parameters that must name pairwise different objects (indices into `params`).
    distinct: Vec<usize>,
    /// A cost per object of one parameter (index into `params`).
    cost_by: Option<(usize, HashMap<String, f64>)>,
}

/// Checks a template action: its types exist, `distinct` and `cost_by` name its parameters,
/// costs are valid, and every `{…}` in its name and fact names is a parameter. The message
/// of an error is for the action's position.
pub(super) fn template(
    objects: &Objects,
    raw: RawTemplate,
    action: &RawAction,
) -> Result<Template, String> {
    let names: Vec<&str> = raw.params.iter().map(|(p, _)| p.as_str()).collect();
    let listed = || names.join(", ");
    let mut params = Vec::with_capacity(raw.params.len());
    for (p, ty) in &raw.params {
        let Some(t) = objects.iter().position(|(name, _)| name == ty) else {
            let known: Vec<&str> = objects.iter().map(|(t, _)| t.as_str()).collect();
            return Err(format!(
                "parameter \"{p}\" has type \"{ty}\", which \"objects\" does not declare \
                 (it declares: {})",
                if known.is_empty() {
                    "nothing".to_owned()
                } else {
                    known.join(", ")
                }
            ));
        };
        params.push((p.clone(), t));
    }
    let index = |p: &str, what: &str| {
        names.iter().position(|n| *n == p).ok_or_else(|| {
            format!(
                "{what} names \"{p}\", which is not a parameter (parameters: {})",
                listed()
            )
        })
    };
    let mut distinct = Vec::new();
    for p in &raw.distinct {
        let i = index(p, "\"distinct\"")?;
        if !distinct.contains(&i) {
            distinct.push(i);
        }
    }
    let cost_by = match raw.cost_by.len() {
        0 => None,
        1 => {
            let (p, table) = raw.cost_by.into_iter().next().expect("one entry");
            let i = index(&p, "\"cost_by\"")?;
            let of_type = &objects[params[i].1].1;
            for &(ref object, cost) in &table {
                if !of_type.contains(object) {
                    return Err(format!(
                        "\"cost_by\" gives a cost for \"{object}\", which is not an object of \
                         parameter \"{p}\"'s type \"{}\"",
                        objects[params[i].1].0
                    ));
                }
                if !(0.0..=MAX_ACTION_COST).contains(&cost) {
                    return Err(format!(
                        "\"cost_by\" cost {} for \"{object}\" is invalid; expected a number \
                         from 0 to {MAX_ACTION_COST:e}",
                        crate::domain::format_cost(cost)
                    ));
                }
            }
            Some((i, table.into_iter().collect()))
        }
        n => {
            return Err(format!(
                "\"cost_by\" lists {n} parameters; it takes one (its table gives the cost per \
                 object of that parameter)"
            ))
        }
    };
    let vars = action.pre.vars.iter().chain(&action.effects.vars);
    if let Some((v, _)) = vars.clone().find(|(v, _)| v.contains(['{', '}'])) {
        return Err(format!(
            "variable \"{v}\": variable names cannot contain parameters (yet)"
        ));
    }
    let texts = std::iter::once(&action.name)
        .chain(action.pre.facts.iter().map(|(f, _)| f))
        .chain(action.effects.facts.iter().map(|(f, _)| f));
    for text in texts {
        for part in placeholders(text)? {
            index(part, &format!("\"{text}\""))?;
        }
    }
    Ok(Template {
        params,
        distinct,
        cost_by,
    })
}

/// The `{…}` parts of `text`.
fn placeholders(text: &str) -> Result<Vec<&str>, String> {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!(
                "\"{text}\" has a \"}}\" without a \"{{\" before it"
            ));
        }
        let Some(len) = rest[open + 1..].find(['{', '}']) else {
            return Err(format!("\"{text}\" has a \"{{\" without a \"}}\" after it"));
        };
        if rest[open + 1 + len..].starts_with('{') {
            return Err(format!("\"{text}\" has a \"{{\" inside braces"));
        }
        parts.push(&rest[open + 1..open + 1 + len]);
        rest = &rest[open + len + 2..];
    }
    Ok(parts)
}

/// `text` with each `{param}` replaced by the object chosen for it.
fn substitute(text: &str, params: &[(String, usize)], choice: &[&str]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = open + rest[open..].find('}').expect("checked by template");
        out.push_str(&rest[..open]);
        let name = &rest[open + 1..close];
        let i = params
            .iter()
            .position(|(p, _)| p == name)
            .expect("checked by template");
        out.push_str(choice[i]);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The facts of `list` for one choice; a fact that two entries ground to with different
/// values is an error.
fn ground_facts(
    list: &RawFacts,
    params: &[(String, usize)],
    choice: &[&str],
    (name, what): (&str, &str),
    declared: &Declared,
) -> Result<RawFacts, String> {
    let mut facts: Vec<(String, bool)> = Vec::with_capacity(list.facts.len());
    for (fact, value) in &list.facts {
        let fact = substitute(fact, params, choice);
        if declared.is_var(&fact) == Some(true) {
            return Err(format!(
                "its grounding \"{name}\" has \"{fact}\" in \"{what}\", which is a declared \
                 variable (variable names cannot contain parameters; facts and variables share \
                 one namespace)"
            ));
        }
        match facts.iter().find(|(f, _)| *f == fact) {
            Some((_, v)) if v != value => {
                return Err(format!(
                    "its grounding \"{name}\" lists fact \"{fact}\" in \"{what}\" as both true \
                     and false"
                ))
            }
            Some(_) => {}
            None => facts.push((fact, *value)),
        }
    }
    Ok(RawFacts {
        facts,
        vars: list.vars.clone(),
    })
}

/// A template as grounded, for [`crate::ActionTemplate`]: its name, each parameter with
/// its objects, and per ground action (in order) the object index of each parameter.
pub(super) struct Grounded {
    pub name: String,
    pub params: Vec<(String, Vec<String>)>,
    pub args: Vec<Vec<u32>>,
}

/// The ground actions of template `action`, in order (first parameter slowest), and the
/// record of the grounding.
pub(super) fn ground(
    objects: &Objects,
    declared: &Declared,
    t: &Template,
    action: &RawAction,
) -> Result<(Vec<RawAction>, Grounded), String> {
    let sizes: Vec<usize> = t
        .params
        .iter()
        .map(|&(_, ty)| objects[ty].1.len())
        .collect();
    let count = sizes
        .iter()
        .try_fold(1usize, |n, &s| n.checked_mul(s))
        .filter(|&n| n <= MAX_GROUNDINGS);
    let Some(count) = count else {
        let total: f64 = sizes.iter().map(|&s| s as f64).product();
        return Err(format!(
            "it would ground to {total} actions (its parameters' object counts multiplied), \
             more than the limit of {MAX_GROUNDINGS}"
        ));
    };
    let mut out = Vec::with_capacity(count);
    let mut args = Vec::with_capacity(count);
    let mut digits = vec![0usize; sizes.len()];
    let mut seen_names = HashSet::new();
    for _ in 0..count {
        let choice: Vec<&str> = t
            .params
            .iter()
            .zip(&digits)
            .map(|(&(_, ty), &d)| objects[ty].1[d].as_str())
            .collect();
        let distinct_ok = t
            .distinct
            .iter()
            .enumerate()
            .all(|(k, &a)| t.distinct[k + 1..].iter().all(|&b| choice[a] != choice[b]));
        if distinct_ok {
            let name = substitute(&action.name, &t.params, &choice);
            if !seen_names.insert(name.clone()) {
                return Err(format!(
                    "two of its groundings are named \"{name}\"; put every parameter in the \
                     name"
                ));
            }
            let cost = match &t.cost_by {
                Some((p, table)) => table.get(choice[*p]).copied().unwrap_or(action.cost),
                None => action.cost,
            };
            args.push(digits.iter().map(|&d| d as u32).collect());
            out.push(RawAction {
                pre: ground_facts(&action.pre, &t.params, &choice, (&name, "pre"), declared)?,
                effects: ground_facts(
                    &action.effects,
                    &t.params,
                    &choice,
                    (&name, "effects"),
                    declared,
                )?,
                name,
                cost,
            });
        }
        // The next choice: the last parameter varies fastest.
        for k in (0..digits.len()).rev() {
            digits[k] += 1;
            if digits[k] < sizes[k] {
                break;
            }
            digits[k] = 0;
        }
    }
    // `distinct` may exclude every choice (one object for two distinct parameters): then
    // the template grounds to no action, which is legal.
    let params = t
        .params
        .iter()
        .map(|(p, ty)| (p.clone(), objects[*ty].1.clone()))
        .collect();
    let grounded = Grounded {
        name: action.name.clone(),
        params,
        args,
    };
    Ok((out, grounded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_found_and_bad_braces_refused() {
        assert_eq!(placeholders("go({from},{to})").unwrap(), ["from", "to"]);
        assert!(placeholders("plain").unwrap().is_empty());
        assert!(placeholders("a{b").unwrap_err().contains("without a \"}\""));
        assert!(placeholders("a}b").unwrap_err().contains("without a \"{\""));
        assert!(placeholders("a{b{c}}")
            .unwrap_err()
            .contains("inside braces"));
        let params = [("from".to_owned(), 0), ("to".to_owned(), 0)];
        assert_eq!(
            substitute("go({from},{to})", &params, &["mill", "well"]),
            "go(mill,well)"
        );
    }
}
