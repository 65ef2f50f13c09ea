//! Integer variables in domain files: the `vars` declarations and variable values in
//! `start`, `pre`, `goal`, `goals[].conditions` and `effects`.
//!
//! A value's meaning depends on whether its name is a declared variable, and `vars` may come
//! after the lists that use it. So `vars` is read first, in a pass of its own over the
//! document ([`read_declarations`]); the main pass then checks every value against the
//! declarations while serde_json still knows its position.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Unexpected, Visitor,
};

use super::templates::{Objects, ObjectsSeed, ParamsSeed};
use super::visit::{next_known_key, nul_in_name, Segment, Trail};
use crate::domain::template;
use crate::domain::{
    condition_error, conflict_error, effect_error, range_error, start_error, Compare, Overflow,
    VarCondition, VarDef, VarId, VarOp,
};

/// What a list's values mean.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Role {
    /// `start`: facts true/false, variables an integer.
    Start,
    /// `pre`, `goal`, `goals[].conditions`: variables an integer (`==`) or `{"op": n}`.
    Condition,
    /// `effects`: variables an integer (set), `{"+=": n}` or `{"-=": n}`.
    Effect,
}

/// A variable's value as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum VarValue {
    Start(i32),
    Condition(Compare, i32),
    Effect(VarOp, i32),
}

/// One value of a fact/variable object.
pub(super) enum Value {
    Fact(bool),
    Var(VarValue),
}

/// The declared variables, as far as the main pass knows them.
pub(super) enum Declared {
    /// `vars` was read (or is absent): every name not in it is a fact.
    Known {
        /// In declaration order.
        decls: VarDecls,
        /// Name → index in `decls`.
        index: HashMap<String, usize>,
    },
    /// `vars` could not be read because the document is malformed before it. The main pass
    /// then only runs to report that error in context: any integer value is accepted.
    Unknown,
}

impl Declared {
    /// The declarations `decls`.
    pub fn known(decls: VarDecls) -> Self {
        let index = decls
            .iter()
            .enumerate()
            .map(|(i, d)| (d.name.clone(), i))
            .collect();
        Declared::Known { decls, index }
    }

    /// Whether `name` is a declared variable (`None`: unknown).
    pub fn is_var(&self, name: &str) -> Option<bool> {
        self.get(name).map(|d| d.is_some())
    }

    /// The range of declared variable `name` (`None`: not one, or unknown).
    pub fn range(&self, name: &str) -> Option<(i32, i32)> {
        self.get(name).flatten().map(|d| (d.min, d.max))
    }

    /// The declaration of `name` (`None`: unknown).
    fn get(&self, name: &str) -> Option<Option<&VarDef>> {
        match self {
            Declared::Known { decls, index } => Some(index.get(name).map(|&i| &decls[i])),
            Declared::Unknown => None,
        }
    }

    /// The declarations, in file order (none when unknown).
    pub fn into_decls(self) -> VarDecls {
        match self {
            Declared::Known { decls, .. } => decls,
            Declared::Unknown => VarDecls::new(),
        }
    }
}

/// What the first pass found.
pub(super) enum Declarations {
    /// The declarations (none when `vars` is absent).
    Read(VarDecls),
    /// An error inside `vars`; the trail leads to it.
    Invalid(serde_json::Error),
    /// The document is malformed outside `vars`; the declarations, if `vars` came before
    /// the error. The main pass reports the error in context.
    Malformed(serde_json::Error, Option<VarDecls>),
}

/// The `vars` declarations, in file order.
pub(super) type VarDecls = Vec<VarDef>;

/// The first pass: reads the top-level `vars` object (its first occurrence), skipping
/// everything else. `found` receives the declarations as soon as they are read, so they are
/// known even when the document fails later. Errors inside `vars` leave the trail on them;
/// any other error (malformed JSON) leaves the trail empty.
pub(super) struct DeclarationsSeed<'p> {
    pub trail: &'p Trail,
    pub found: &'p RefCell<Option<VarDecls>>,
    /// The top-level `objects` (for templates, see `super::templates`), read in this pass
    /// too: actions may come before it.
    pub objects: &'p RefCell<Option<Objects>>,
    /// The facts the top-level `start` lists as true (for templates' `where`), read in
    /// this pass too; its values are checked by the main pass.
    pub holding: &'p RefCell<Option<Vec<String>>>,
    /// Set when `vars` declares a family before `objects` is read (it is then left out;
    /// the pass is run again with the objects known).
    pub families: &'p std::cell::Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for DeclarationsSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DeclarationsSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a domain object with \"actions\"")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "vars" && self.found.borrow().is_none() {
                self.trail.push(Segment::Key("vars"));
                let objects = self.objects.borrow();
                let seed = VarsSeed {
                    trail: self.trail,
                    objects: objects.as_ref(),
                    families: self.families,
                };
                let decls = map.next_value_seed(seed)?;
                self.trail.pop();
                *self.found.borrow_mut() = Some(decls);
            } else if key == "objects" && self.objects.borrow().is_none() {
                self.trail.push(Segment::Key("objects"));
                let objects = map.next_value_seed(ObjectsSeed { trail: self.trail })?;
                self.trail.pop();
                *self.objects.borrow_mut() = Some(objects);
            } else if key == "start" && self.holding.borrow().is_none() {
                let start: HashMap<String, serde_json::Value> = map.next_value()?;
                let mut holding: Vec<String> = start
                    .into_iter()
                    .filter(|(_, v)| *v == serde_json::Value::Bool(true))
                    .map(|(k, _)| k)
                    .collect();
                holding.sort();
                *self.holding.borrow_mut() = Some(holding);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// Reads `vars` and `objects` from `text` (the first pass); `trail` must be empty. The
/// objects are `None` when the document is malformed before `objects` was read (they are
/// unknown then; the main pass reports the error in context).
pub(super) fn read_declarations(
    text: &str,
    trail: &Trail,
) -> (Declarations, Option<Objects>, Vec<String>) {
    let found = RefCell::new(None);
    let objects = RefCell::new(None);
    let holding = RefCell::new(None);
    let families = std::cell::Cell::new(false);
    let run = |found: &RefCell<_>, objects: &RefCell<_>, holding: &RefCell<_>| {
        let mut de = serde_json::Deserializer::from_str(text);
        DeclarationsSeed {
            trail,
            found,
            objects,
            holding,
            families: &families,
        }
        .deserialize(&mut de)
        .and_then(|()| de.end())
    };
    let mut result = run(&found, &objects, &holding);
    if result.is_ok() && families.get() && objects.borrow().is_some() {
        // `vars` declared a family before `objects`: read again with the objects known,
        // so that the family is expanded (or its error placed) where it is written.
        let (again, known) = (RefCell::new(None), RefCell::new(objects.borrow().clone()));
        result = run(&again, &known, &RefCell::new(None));
        *found.borrow_mut() = again.into_inner();
    }
    let mut objects = objects.into_inner();
    if result.is_ok() {
        objects.get_or_insert_with(Objects::new);
    }
    let declarations = match result {
        Ok(()) => Declarations::Read(found.into_inner().unwrap_or_default()),
        Err(e) if !trail.segments().is_empty() => Declarations::Invalid(e),
        Err(e) => Declarations::Malformed(e, found.into_inner()),
    };
    (
        declarations,
        objects,
        holding.into_inner().unwrap_or_default(),
    )
}

/// `"vars": {name: {"min", "max", "default", "overflow"}, …}`.
struct VarsSeed<'p> {
    trail: &'p Trail,
    /// The objects, when read already (for families).
    objects: Option<&'p Objects>,
    families: &'p std::cell::Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for VarsSeed<'_> {
    type Value = VarDecls;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<VarDecls, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for VarsSeed<'_> {
    type Value = VarDecls;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of variable name → {\"min\": n, \"max\": n}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<VarDecls, A::Error> {
        let mut decls = VarDecls::new();
        let mut seen = HashSet::new();
        while let Some(name) = map.next_key::<String>()? {
            if name.is_empty() {
                return Err(de::Error::custom(
                    "empty variable name; variable names must be non-empty strings",
                ));
            }
            if name.contains('\0') {
                return Err(de::Error::custom(nul_in_name("variable", &name)));
            }
            if !seen.insert(name.clone()) {
                return Err(de::Error::custom(format!(
                    "variable \"{name}\" is declared twice"
                )));
            }
            self.trail.push(Segment::Var(name.clone()));
            let (def, params) = map.next_value_seed(DeclarationSeed { name })?;
            match (params, self.objects) {
                (None, _) => decls.push(def),
                (Some(_), None) => self.families.set(true),
                (Some(params), Some(objects)) => {
                    let family = expand(&def, &params, objects).map_err(de::Error::custom)?;
                    for ground in family {
                        if !seen.insert(ground.name.clone()) {
                            return Err(de::Error::custom(format!(
                                "its variable \"{}\" is declared twice",
                                ground.name
                            )));
                        }
                        decls.push(ground);
                    }
                }
            }
            self.trail.pop();
        }
        Ok(decls)
    }
}

/// A family of variables, `"stock({item})": {"params": {"item": "item"}, …}`: one variable
/// per choice of objects, in order (the first parameter varies slowest), each with the
/// family's range, default and overflow rule.
fn expand(
    def: &VarDef,
    params: &[(String, String)],
    objects: &Objects,
) -> Result<Vec<VarDef>, String> {
    let names: Vec<&str> = params.iter().map(|(p, _)| p.as_str()).collect();
    template::check_placeholders([def.name.as_str()], &names)?;
    let used = template::placeholders(&def.name)?;
    let mut lists = Vec::with_capacity(params.len());
    for (p, ty) in params {
        if !used.contains(&p.as_str()) {
            return Err(format!(
                "parameter \"{p}\" is not in the name; put every parameter in it as \"{{{p}}}\""
            ));
        }
        let Some((_, list)) = objects.iter().find(|(t, _)| t == ty) else {
            return Err(format!(
                "parameter \"{p}\" has type \"{ty}\", which \"objects\" does not declare"
            ));
        };
        lists.push(list);
    }
    let sizes: Vec<usize> = lists.iter().map(|l| l.len()).collect();
    let choices = template::choices(&sizes).map_err(|e| e.replace("actions", "variables"))?;
    Ok(choices
        .into_iter()
        .map(|digits| {
            let choice: Vec<&str> = lists
                .iter()
                .zip(&digits)
                .map(|(l, &d)| l[d].as_str())
                .collect();
            VarDef {
                name: template::substitute(&def.name, &names, &choice),
                ..def.clone()
            }
        })
        .collect())
}

/// One declaration `{"min": n, "max": n, "default": n, "overflow": "reject"|"saturate"}`,
/// with `"params"` for a family.
struct DeclarationSeed {
    name: String,
}

const DECLARATION_KEYS: &[&str] = &["min", "max", "default", "overflow", "params"];

type Declaration = (VarDef, Option<Vec<(String, String)>>);

impl<'de> DeserializeSeed<'de> for DeclarationSeed {
    type Value = Declaration;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Declaration, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DeclarationSeed {
    type Value = Declaration;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a variable declaration {\"min\": n, \"max\": n} (optional \"default\", \"overflow\")",
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Declaration, A::Error> {
        let (mut min, mut max, mut default, mut overflow) = (None, None, None, None);
        let mut params = None;
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, DECLARATION_KEYS, &[])? {
            match key {
                "min" => min = Some(map.next_value_seed(IntSeed)?),
                "max" => max = Some(map.next_value_seed(IntSeed)?),
                "default" => default = Some(map.next_value_seed(IntSeed)?),
                "params" => params = Some(map.next_value_seed(ParamsSeed)?),
                _ => overflow = Some(map.next_value_seed(OverflowSeed)?),
            }
        }
        let min = min.ok_or_else(|| missing_bound("min", "smallest"))?;
        let max = max.ok_or_else(|| missing_bound("max", "largest"))?;
        if let Some(detail) = range_error(min, max, default) {
            return Err(de::Error::custom(detail));
        }
        let def = VarDef {
            name: self.name,
            min,
            max,
            default,
            overflow: overflow.unwrap_or_default(),
        };
        Ok((def, params))
    }
}

fn missing_bound<E: de::Error>(key: &str, what: &str) -> E {
    E::custom(format!(
        "missing \"{key}\" (the {what} value, an integer; ranges are inclusive)"
    ))
}

struct OverflowSeed;

impl<'de> DeserializeSeed<'de> for OverflowSeed {
    type Value = Overflow;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Overflow, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for OverflowSeed {
    type Value = Overflow;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"reject\" or \"saturate\"")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Overflow, E> {
        match v {
            "reject" => Ok(Overflow::Reject),
            "saturate" => Ok(Overflow::Saturate),
            _ => Err(E::custom(format!(
                "unknown overflow rule \"{v}\"; expected \"reject\" (the default: an \
                 action that would leave the range is not applicable) or \"saturate\" (the \
                 result is clamped into the range)"
            ))),
        }
    }
}

/// What a value of the wrong kind is called in messages.
///
/// These readers use `deserialize_any`, so a list's or object's bracket has been consumed
/// when they reject it: they are described with [`Unexpected::Other`], never as serde's
/// "sequence"/"map", so that `error_column` in format.rs does not move the column. A list is
/// or object is read to its end first, so the error points at its closing `]` or `}`
/// whatever it holds (serde_json would otherwise point there only when it is empty).
fn list() -> Unexpected<'static> {
    Unexpected::Other("a list")
}

fn object() -> Unexpected<'static> {
    Unexpected::Other("an object")
}

/// Reads the rest of a list.
fn skip<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// An `i32`, written as an integer (an integral number such as `1e3` is accepted).
#[derive(Clone, Copy)]
pub(super) struct IntSeed;

impl<'de> DeserializeSeed<'de> for IntSeed {
    type Value = i32;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<i32, D::Error> {
        d.deserialize_any(self)
    }
}

/// `v` as an `i32`, or the error for a non-integer or a number beyond `i32`.
fn to_i32<E: de::Error>(v: f64, written: impl fmt::Display) -> Result<i32, E> {
    if v.fract() != 0.0 || !v.is_finite() {
        return Err(E::custom(format!(
            "{written} is not an integer; variables hold whole numbers"
        )));
    }
    if !(f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&v) {
        return Err(E::custom(format!(
            "{written} is beyond the 32-bit integer range ({} to {})",
            i32::MIN,
            i32::MAX
        )));
    }
    Ok(v as i32)
}

impl<'de> Visitor<'de> for IntSeed {
    type Value = i32;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<i32, E> {
        i32::try_from(v).or_else(|_| to_i32(v as f64, v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<i32, E> {
        i32::try_from(v).or_else(|_| to_i32(v as f64, v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<i32, E> {
        to_i32(v, crate::domain::format_cost(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<i32, A::Error> {
        match skip(seq) {
            Ok(()) => Err(de::Error::invalid_type(list(), &self)),
            Err(e) => Err(e),
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<i32, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Err(de::Error::invalid_type(object(), &self))
    }
}

/// One value of a fact/variable object (`name` is its key).
pub(super) struct ValueSeed<'v> {
    pub name: &'v str,
    pub role: Role,
    pub declared: &'v Declared,
    /// `name` is a template's pattern: a fact or a variable, its value checked once
    /// grounded.
    pub pattern: bool,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        // Any: a name's value may be a boolean, an integer or an operator object.
        d.deserialize_any(self)
    }
}

const COMPARE_OPS: [(&str, Compare); 6] = [
    ("==", Compare::Eq),
    ("!=", Compare::Ne),
    ("<", Compare::Lt),
    ("<=", Compare::Le),
    (">", Compare::Gt),
    (">=", Compare::Ge),
];
const EFFECT_OPS: [(&str, VarOp); 2] = [("+=", VarOp::Add), ("-=", VarOp::Sub)];

impl ValueSeed<'_> {
    fn def(&self) -> Option<&VarDef> {
        self.declared.get(self.name).flatten()
    }

    /// What a variable's value must be, for messages.
    fn var_expected(&self) -> &'static str {
        match self.role {
            Role::Start => "an integer",
            Role::Condition => {
                "an integer or {\"op\": n} with op one of \"==\", \"!=\", \"<\", \"<=\", \
                 \">\", \">=\""
            }
            Role::Effect => {
                "an integer or {\"op\": n} with op \"+=\" or \"-=\" (an integer sets the \
                 variable)"
            }
        }
    }

    /// Checks a variable's constant against its declaration.
    fn checked<E: de::Error>(&self, v: VarValue) -> Result<Value, E> {
        let Some(def) = self.def() else {
            return Ok(Value::Var(v)); // lenient mode: only reporting a later error
        };
        let (min, max) = (def.min, def.max);
        let bad = match v {
            VarValue::Start(k) => start_error(min, max, k),
            VarValue::Condition(op, k) => condition_error(min, max, op, k).or_else(|| {
                let c = VarCondition::new(VarId(0), op, k);
                conflict_error(min, max, &[c])
            }),
            VarValue::Effect(op, k) => effect_error(min, max, op, k),
        };
        match bad {
            Some(detail) => Err(E::custom(detail)),
            None => Ok(Value::Var(v)),
        }
    }

    fn bare<E: de::Error>(&self, k: i32) -> Result<Value, E> {
        self.checked(match self.role {
            Role::Start => VarValue::Start(k),
            Role::Condition => VarValue::Condition(Compare::Eq, k),
            Role::Effect => VarValue::Effect(VarOp::Set, k),
        })
    }

    fn wrong_list<'de, A: SeqAccess<'de>>(&self, seq: A) -> A::Error {
        match skip(seq) {
            Ok(()) => self.wrong(list()),
            Err(e) => e,
        }
    }

    fn wrong<E: de::Error>(&self, found: Unexpected<'_>) -> E {
        match self.declared {
            Declared::Known { .. } if self.pattern => E::custom(format!(
                "expected true or false (a fact) or a variable's value ({}), not {found}",
                self.var_expected()
            )),
            Declared::Known { .. } => E::custom(format!(
                "\"{}\" is a variable: expected {}, not {found}",
                self.name,
                self.var_expected()
            )),
            Declared::Unknown => E::invalid_type(found, self),
        }
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.declared {
            Declared::Known { .. } => f.write_str(self.var_expected()),
            Declared::Unknown => f.write_str("true or false (a fact) or a variable's value"),
        }
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        match self.declared.is_var(self.name) {
            Some(true) => Err(E::custom(format!(
                "\"{}\" is a variable: expected {}, not {v} (facts and variables share one \
                 namespace)",
                self.name,
                self.var_expected()
            ))),
            _ => Ok(Value::Fact(v)),
        }
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        self.bare(IntSeed.visit_i64(v)?)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        self.bare(IntSeed.visit_u64(v)?)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        self.bare(IntSeed.visit_f64(v)?)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Err(self.wrong(Unexpected::Str(v)))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Err(self.wrong(Unexpected::Other("null")))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Value, A::Error> {
        Err(self.wrong_list(seq))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let example = if self.role == Role::Effect {
            "{\"+=\": 1}"
        } else {
            "{\">=\": 3}"
        };
        if self.role == Role::Start {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Err(de::Error::custom(format!(
                "\"start\" gives a variable its value: expected an integer, not an operator \
                 object like {example}"
            )));
        }
        let Some(op) = map.next_key::<String>()? else {
            return Err(de::Error::custom(format!(
                "empty operator object: expected exactly one operator, like {example}"
            )));
        };
        let value = if self.role == Role::Condition {
            let Some(&(_, c)) = COMPARE_OPS.iter().find(|(s, _)| *s == op) else {
                return Err(unknown_operator(&op, &COMPARE_OPS.map(|o| o.0), ""));
            };
            map.next_value_seed(Operand {
                seed: &self,
                wrap: |k| VarValue::Condition(c, k),
            })?
        } else {
            let Some(&(_, o)) = EFFECT_OPS.iter().find(|(s, _)| *s == op) else {
                return Err(unknown_operator(
                    &op,
                    &EFFECT_OPS.map(|o| o.0),
                    " (a bare integer sets the variable)",
                ));
            };
            map.next_value_seed(Operand {
                seed: &self,
                wrap: move |k| VarValue::Effect(o, k),
            })?
        };
        if let Some(second) = map.next_key::<String>()? {
            return Err(de::Error::custom(format!(
                "more than one operator (\"{op}\" and \"{second}\"): an operator object has \
                 exactly one, like {example}"
            )));
        }
        Ok(value)
    }
}

/// The integer of an operator object, checked against the variable where it is written.
struct Operand<'s, 'v, F> {
    seed: &'s ValueSeed<'v>,
    wrap: F,
}

impl<'de, F: Fn(i32) -> VarValue> DeserializeSeed<'de> for Operand<'_, '_, F> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, F: Fn(i32) -> VarValue> Visitor<'de> for Operand<'_, '_, F> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        IntSeed.expecting(f)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        self.seed.checked((self.wrap)(IntSeed.visit_i64(v)?))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        self.seed.checked((self.wrap)(IntSeed.visit_u64(v)?))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        self.seed.checked((self.wrap)(IntSeed.visit_f64(v)?))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Value, A::Error> {
        IntSeed.visit_seq(seq).map(|k| Value::Var((self.wrap)(k)))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        IntSeed.visit_map(map).map(|k| Value::Var((self.wrap)(k)))
    }
}

fn unknown_operator<E: de::Error>(op: &str, valid: &[&str], note: &str) -> E {
    let list: Vec<String> = valid.iter().map(|s| format!("\"{s}\"")).collect();
    E::custom(format!(
        "unknown operator \"{op}\"; expected one of {}{note}",
        list.join(", ")
    ))
}

#[cfg(test)]
#[path = "vars_tests.rs"]
mod tests;
