//! The hand-written serde visitors behind [`super::parse_domain`].
//!
//! Not derived, so that objects are read in document order (serde_json's `Map` is sorted),
//! a key listed twice in one object is caught (serde_json keeps the last silently), and every
//! semantic error is raised while serde_json still knows the position.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::templates::{self, CostBySeed, Grounded, Objects, ParamsSeed, RawTemplate, WhereSeed};
use super::vars::{Declared, Role, Value, ValueSeed, VarDecls, VarValue};
use crate::domain::MAX_ACTION_COST;

/// The entries of one fact/variable object, in document order, each name once.
#[derive(Default)]
pub(super) struct RawFacts {
    /// Facts and their values.
    pub facts: Vec<(String, bool)>,
    /// Declared variables and their values.
    pub vars: Vec<(String, VarValue)>,
}

/// One action as written.
pub(super) struct RawAction {
    pub name: String,
    pub cost: f64,
    pub pre: RawFacts,
    pub effects: RawFacts,
}

/// One `goals` entry as written.
pub(super) struct RawGoal {
    pub name: String,
    pub priority: f64,
    pub conditions: RawFacts,
    /// `reset`: facts and variables set when the goal is achieved (values as in `start`).
    pub reset: RawFacts,
    /// `cooldown`: seconds before an achieved goal may be chosen again.
    pub cooldown: f64,
}

/// The whole document as written, before fact and variable ids are assigned.
#[derive(Default)]
pub(super) struct RawDocument {
    pub vars: VarDecls,
    pub actions: Vec<RawAction>,
    pub start: RawFacts,
    pub goal: Option<RawFacts>,
    pub goals: Vec<RawGoal>,
    /// The templates, each with the index in `actions` of its first ground action.
    pub templates: Vec<(usize, Grounded)>,
    /// Per template with `where`, its name and the ground facts its `where` read.
    pub static_facts: Vec<(String, Vec<String>)>,
}

// Where the parser is, for error messages. Each seed pushes its segment before it reads and
// pops it after success, so after a failure the trail leads to the failing item.

#[derive(Clone, Debug)]
pub(super) enum Segment {
    Key(&'static str),
    /// An action by index.
    Action(usize, EntryName),
    /// A `goals` entry by index.
    GoalEntry(usize, EntryName),
    Fact(String),
    /// A declared variable (a value or its declaration).
    Var(String),
    /// An object type of `objects`.
    ObjectType(String),
    /// A name with parameters in a template's `pre` or `effects` (a fact or a variable).
    Pattern(String),
}

/// Who reads and who changes the facts of templates' `where` (they must be static).
#[derive(Default)]
pub(super) struct Statics {
    /// A ground `where` fact → the template that reads it.
    read_by: HashMap<String, String>,
    /// A fact some action's effects or goal's `reset` sets → who.
    changed: HashMap<String, String>,
}

impl Statics {
    /// The facts each template's `where` read, by template (in template name order).
    fn by_template(self) -> Vec<(String, Vec<String>)> {
        let mut out: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for (f, t) in self.read_by {
            out.entry(t).or_default().push(f);
        }
        out.into_iter().collect()
    }

    /// Records that template `template` reads `facts`; an error if something changes one.
    fn read(&mut self, template: &str, facts: Vec<String>) -> Result<(), String> {
        for f in facts {
            if let Some(who) = self.changed.get(&f) {
                return Err(format!(
                    "as a template: its \"where\" reads fact \"{f}\", which {who} changes; \
                     facts in \"where\" must be static (set only by \"start\")"
                ));
            }
            self.read_by.entry(f).or_insert_with(|| template.to_owned());
        }
        Ok(())
    }

    /// Records that `who` sets `facts`; an error if a template's `where` reads one.
    fn change<'f>(
        &mut self,
        who: &str,
        facts: impl IntoIterator<Item = &'f str>,
    ) -> Result<(), String> {
        for f in facts {
            if let Some(t) = self.read_by.get(f) {
                return Err(format!(
                    "{who} changes fact \"{f}\", which the \"where\" of template \"{t}\" \
                     reads; facts in \"where\" must be static (set only by \"start\")"
                ));
            }
            self.changed
                .entry(f.to_owned())
                .or_insert_with(|| who.to_owned());
        }
        Ok(())
    }
}

/// How an error names the action or goal entry it is in.
#[derive(Clone, Debug)]
pub(super) enum EntryName {
    /// Not read yet: look it up in the document, else use the index.
    Unread,
    /// As read.
    Named(String),
    /// By index only (its name is the problem).
    ByIndex,
}

#[derive(Default)]
pub(super) struct Trail(RefCell<Vec<Segment>>);

impl Trail {
    /// The trail to the item being read (after a failure: to the failing item).
    pub fn segments(&self) -> Vec<Segment> {
        self.0.borrow().clone()
    }
    pub fn push(&self, s: Segment) {
        self.0.borrow_mut().push(s);
    }
    pub fn pop(&self) {
        self.0.borrow_mut().pop();
    }
    /// Sets how errors name the innermost action or goal entry.
    fn name_current(&self, name: EntryName) {
        if let Some(Segment::Action(_, n) | Segment::GoalEntry(_, n)) =
            self.0.borrow_mut().last_mut()
        {
            *n = name;
        }
    }
}

// Visitors. Hand-written (not derived) so that objects are read in document order, keys are
// checked for duplicates, and every semantic error is raised while serde_json still knows
// the position.

/// Reads the next key of an object, rejecting an empty, repeated or unknown key.
pub(super) fn next_known_key<'de, A: MapAccess<'de>>(
    map: &mut A,
    seen: &mut HashSet<String>,
    known: &[&'static str],
    reserved: &[&'static str],
) -> Result<Option<&'static str>, A::Error> {
    let Some(key) = map.next_key::<String>()? else {
        return Ok(None);
    };
    let Some(&k) = known.iter().chain(reserved).find(|&&k| k == key) else {
        let expected = known
            .iter()
            .map(|k| format!("\"{k}\""))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(de::Error::custom(format!(
            "unknown key \"{key}\"; expected one of {expected}"
        )));
    };
    if !seen.insert(key) {
        return Err(de::Error::custom(format!(
            "key \"{k}\" is listed twice in this object"
        )));
    }
    Ok(Some(k))
}

fn missing<E: de::Error>(key: &str, what: &str) -> E {
    E::custom(format!("missing \"{key}\" ({what})"))
}

/// The main pass over the document; `vars` was read before (see `super::vars`).
pub(super) struct DocumentSeed<'p> {
    pub trail: &'p Trail,
    pub declared: &'p Declared,
    /// The object sets, read by the first pass (for templates); `None` when unknown (the
    /// document is malformed before them: templates are then skipped, and the main pass
    /// reports the error).
    pub objects: Option<&'p Objects>,
    /// The facts `start` makes true (read by the first pass, for templates' `where`).
    pub holding: &'p [String],
}

const DOCUMENT_KEYS: &[&str] = &[
    "actions", "start", "goal", "goals", "vars", "objects", "meta",
];

impl<'de> DeserializeSeed<'de> for DocumentSeed<'_> {
    type Value = RawDocument;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawDocument, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DocumentSeed<'_> {
    type Value = RawDocument;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a domain object with \"actions\"")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawDocument, A::Error> {
        let (trail, declared) = (self.trail, self.declared);
        let facts = |role| FactsSeed {
            trail,
            declared,
            role,
            patterns: false,
        };
        let mut doc = RawDocument::default();
        let statics = RefCell::new(Statics::default());
        let mut have_actions = false;
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, DOCUMENT_KEYS, &[])? {
            trail.push(Segment::Key(key));
            match key {
                "actions" => {
                    let objects = self.objects;
                    let seed = ActionsSeed {
                        trail,
                        declared,
                        objects,
                        holding: self.holding,
                        statics: &statics,
                    };
                    (doc.actions, doc.templates) = map.next_value_seed(seed)?;
                    have_actions = true;
                }
                "start" => doc.start = map.next_value_seed(facts(Role::Start))?,
                "goal" => doc.goal = Some(map.next_value_seed(facts(Role::Condition))?),
                "goals" => {
                    let seed = GoalsSeed {
                        trail,
                        declared,
                        statics: &statics,
                    };
                    doc.goals = map.next_value_seed(seed)?;
                }
                _ => {
                    // "vars", "objects": read and checked by the first pass. "meta":
                    // free-form.
                    map.next_value::<IgnoredAny>()?;
                }
            }
            trail.pop();
        }
        if !have_actions {
            return Err(missing("actions", "the list of actions is required"));
        }
        doc.static_facts = statics.into_inner().by_template();
        Ok(doc)
    }
}

/// An object of fact → true/false and variable → value, in document order.
struct FactsSeed<'p> {
    trail: &'p Trail,
    declared: &'p Declared,
    role: Role,
    /// An action's `pre` or `effects`: a name with braces that is not a declared variable
    /// may be a template's variable pattern, its value read as either kind (checked once
    /// grounded).
    patterns: bool,
}

impl<'de> DeserializeSeed<'de> for FactsSeed<'_> {
    type Value = RawFacts;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawFacts, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for FactsSeed<'_> {
    type Value = RawFacts;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object of fact name → true/false")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFacts, A::Error> {
        let mut facts = RawFacts::default();
        let mut seen = HashSet::new();
        while let Some(name) = map.next_key::<String>()? {
            if name.is_empty() {
                return Err(de::Error::custom(
                    "empty fact name; fact names must be non-empty strings",
                ));
            }
            if name.contains('\0') {
                return Err(de::Error::custom(nul_in_name("fact", &name)));
            }
            if !seen.insert(name.clone()) {
                return Err(de::Error::custom(format!(
                    "fact \"{name}\" is listed twice in this object"
                )));
            }
            let is_var = self.declared.is_var(&name);
            let pattern = self.patterns && is_var == Some(false) && name.contains('{');
            let segment = if is_var == Some(true) {
                Segment::Var(name.clone())
            } else if pattern {
                Segment::Pattern(name.clone())
            } else {
                Segment::Fact(name.clone())
            };
            self.trail.push(segment);
            let value = if is_var == Some(false) && !pattern {
                // A fact. An integer or object here gets a hint in `describe` (format.rs).
                Value::Fact(map.next_value_seed(BoolSeed)?)
            } else {
                map.next_value_seed(ValueSeed {
                    name: &name,
                    role: self.role,
                    declared: self.declared,
                    pattern,
                })?
            };
            self.trail.pop();
            match value {
                Value::Fact(v) => facts.facts.push((name, v)),
                Value::Var(v) => facts.vars.push((name, v)),
            }
        }
        Ok(facts)
    }
}

struct BoolSeed;

impl<'de> DeserializeSeed<'de> for BoolSeed {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        // Not deserialize_any: see `error_column` in format.rs.
        d.deserialize_bool(self)
    }
}

impl Visitor<'_> for BoolSeed {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("true or false")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<bool, E> {
        Ok(v)
    }
}

/// A number: an action cost (from 0 to [`MAX_ACTION_COST`]) or a goal priority (finite).
#[derive(Clone, Copy)]
enum NumberSeed {
    Cost,
    Priority,
    Cooldown,
}

impl<'de> DeserializeSeed<'de> for NumberSeed {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<f64, D::Error> {
        // Not deserialize_any: see `error_column` in format.rs.
        d.deserialize_f64(self)
    }
}

impl Visitor<'_> for NumberSeed {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberSeed::Cost => write!(f, "a number from 0 to {MAX_ACTION_COST:e}"),
            NumberSeed::Priority => f.write_str("a number"),
            NumberSeed::Cooldown => f.write_str("a number of seconds"),
        }
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        self.visit_f64(v as f64)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        self.visit_f64(v as f64)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        let valid = match self {
            NumberSeed::Cost => (0.0..=MAX_ACTION_COST).contains(&v),
            NumberSeed::Priority => v.is_finite(),
            NumberSeed::Cooldown => v.is_finite() && v >= 0.0,
        };
        if !valid {
            let expected = match self {
                NumberSeed::Cost => format!("a number from 0 to {MAX_ACTION_COST:e}"),
                NumberSeed::Priority => "a finite number".to_owned(),
                NumberSeed::Cooldown => "a finite number of seconds, 0 or more".to_owned(),
            };
            return Err(E::custom(format!(
                "{} is invalid; expected {expected}",
                crate::domain::format_cost(v)
            )));
        }
        Ok(v)
    }
}

/// A non-empty string.
struct NameSeed {
    what: &'static str,
}

impl<'de> DeserializeSeed<'de> for NameSeed {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_string(self)
    }
}

impl Visitor<'_> for NameSeed {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a non-empty string for the {} name", self.what)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        if v.is_empty() {
            return Err(E::custom(format!(
                "empty {} name; names must be non-empty strings",
                self.what
            )));
        }
        if v.contains('\0') {
            return Err(E::custom(nul_in_name(self.what, v)));
        }
        Ok(v.to_owned())
    }
}

/// The message for a name with a NUL character (the core rejects them: they would read
/// differently in C).
pub(super) fn nul_in_name(what: &str, name: &str) -> String {
    format!("{what} name {name:?} contains a NUL character; names are UTF-8 text without NUL")
}

struct ActionsSeed<'p> {
    trail: &'p Trail,
    declared: &'p Declared,
    objects: Option<&'p Objects>,
    holding: &'p [String],
    statics: &'p RefCell<Statics>,
}

/// The actions (templates grounded) and the templates with their first action's index.
type ActionList = (Vec<RawAction>, Vec<(usize, Grounded)>);

impl<'de> DeserializeSeed<'de> for ActionsSeed<'_> {
    type Value = ActionList;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<ActionList, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ActionsSeed<'_> {
    type Value = ActionList;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of action objects")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ActionList, A::Error> {
        let mut actions = Vec::new();
        let mut templates = Vec::new();
        // Name → 1-based position of the action that has it.
        let mut names: HashMap<String, usize> = HashMap::new();
        // Entries read: a template's ground actions count as one entry.
        let mut entries = 0;
        loop {
            let seed = ActionSeed {
                trail: self.trail,
                declared: self.declared,
                objects: self.objects,
                holding: self.holding,
                statics: self.statics,
                names: &mut names,
                index: entries,
            };
            match seq.next_element_seed(seed)? {
                Some((items, grounded)) => {
                    if let Some(g) = grounded {
                        templates.push((actions.len(), g));
                    }
                    actions.extend(items);
                }
                None => return Ok((actions, templates)),
            }
            entries += 1;
        }
    }
}

struct ActionSeed<'p, 'n> {
    trail: &'p Trail,
    declared: &'p Declared,
    objects: Option<&'p Objects>,
    holding: &'p [String],
    statics: &'p RefCell<Statics>,
    names: &'n mut HashMap<String, usize>,
    index: usize,
}

const ACTION_KEYS: &[&str] = &[
    "name", "cost", "pre", "effects", "params", "distinct", "cost_by", "where",
];

/// An entry of `actions`: the action, or a template's ground actions and its record.
type Entry = (Vec<RawAction>, Option<Grounded>);

impl<'de> DeserializeSeed<'de> for ActionSeed<'_, '_> {
    type Value = Entry;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Entry, D::Error> {
        // Pushed here, not in the list's loop: only once an element has begun.
        let trail = self.trail;
        trail.push(Segment::Action(self.index, EntryName::Unread));
        let item = d.deserialize_map(self)?;
        trail.pop();
        Ok(item)
    }
}

impl<'de> Visitor<'de> for ActionSeed<'_, '_> {
    type Value = Entry;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an action object {\"name\", \"cost\", \"pre\", \"effects\", …}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entry, A::Error> {
        let trail = self.trail;
        let (mut name, mut cost, mut pre, mut effects) = (None, None, None, None);
        let mut template: Option<RawTemplate> = None;
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, ACTION_KEYS, &[])? {
            match key {
                "name" => {
                    let n: String = map.next_value_seed(NameSeed { what: "action" })?;
                    // A name with braces may be a template's: checked once grounded.
                    if let Some(first) = self.names.get(&n).filter(|_| !n.contains('{')) {
                        trail.name_current(EntryName::ByIndex);
                        return Err(de::Error::custom(format!(
                            "duplicate action name \"{n}\" (action #{first} has it already); \
                             action names must be unique"
                        )));
                    }
                    trail.name_current(EntryName::Named(n.clone()));
                    name = Some(n);
                }
                "params" => {
                    trail.push(Segment::Key("params"));
                    template.get_or_insert_with(RawTemplate::default).params =
                        map.next_value_seed(ParamsSeed)?;
                    trail.pop();
                }
                "distinct" => {
                    trail.push(Segment::Key("distinct"));
                    template.get_or_insert_with(RawTemplate::default).distinct =
                        map.next_value()?;
                    trail.pop();
                }
                "where" => {
                    trail.push(Segment::Key("where"));
                    template
                        .get_or_insert_with(RawTemplate::default)
                        .where_facts = map.next_value_seed(WhereSeed)?;
                    trail.pop();
                }
                "cost_by" => {
                    trail.push(Segment::Key("cost_by"));
                    template.get_or_insert_with(RawTemplate::default).cost_by =
                        map.next_value_seed(CostBySeed)?;
                    trail.pop();
                }
                "cost" => {
                    trail.push(Segment::Key("cost"));
                    let seed = NumberSeed::Cost;
                    cost = Some(map.next_value_seed(seed)?);
                    trail.pop();
                }
                list => {
                    trail.push(Segment::Key(list));
                    let role = if list == "pre" {
                        Role::Condition
                    } else {
                        Role::Effect
                    };
                    let declared = self.declared;
                    let facts = map.next_value_seed(FactsSeed {
                        trail,
                        declared,
                        role,
                        patterns: true,
                    })?;
                    trail.pop();
                    if list == "pre" {
                        pre = Some(facts);
                    } else {
                        effects = Some(facts);
                    }
                }
            }
        }
        let Some(name) = name else {
            return Err(missing(
                "name",
                "every action needs a unique, non-empty name",
            ));
        };
        let action = RawAction {
            name,
            cost: cost.unwrap_or(1.0),
            pre: pre.unwrap_or_default(),
            effects: effects.unwrap_or_default(),
        };
        let template_name = template.is_some().then(|| action.name.clone());
        let (actions, grounded) = match (template, self.objects) {
            (None, _) => {
                let vars = action.pre.vars.iter().chain(&action.effects.vars);
                let undeclared =
                    |v: &&(String, VarValue)| self.declared.is_var(&v.0) == Some(false);
                if let Some((v, _)) = vars.clone().find(undeclared) {
                    return Err(de::Error::custom(format!(
                        "\"{v}\" is not a declared variable (not in \"vars\"); braces name \
                         parameters only in an action with \"params\""
                    )));
                }
                (vec![action], None)
            }
            (Some(raw), _) if raw.params.is_empty() => {
                return Err(de::Error::custom(
                    "\"distinct\", \"where\" and \"cost_by\" need \"params\" (the action's \
                     parameters)",
                ))
            }
            // The document is malformed before `objects`: that error is reported.
            (Some(_), None) => (Vec::new(), None),
            (Some(_), _) if matches!(self.declared, Declared::Unknown) => (Vec::new(), None),
            (Some(raw), Some(objects)) => {
                // The trail names the action already.
                let template = |why: String| de::Error::custom(format!("as a template: {why}"));
                let g = templates::ground(objects, self.declared, raw, &action, self.holding)
                    .map_err(template)?;
                let name = &g.grounded.name;
                self.statics
                    .borrow_mut()
                    .read(name, g.where_facts)
                    .map_err(de::Error::custom)?;
                (g.actions, Some(g.grounded))
            }
        };
        for a in &actions {
            let who = format!("action \"{}\"", a.name);
            let facts = a.effects.facts.iter().map(|(f, _)| f.as_str());
            self.statics
                .borrow_mut()
                .change(&who, facts)
                .map_err(de::Error::custom)?;
        }
        for a in &actions {
            if let Some(first) = self.names.get(&a.name) {
                let what = match &template_name {
                    Some(t) => format!(", a grounding of template action \"{t}\""),
                    None => String::new(),
                };
                return Err(de::Error::custom(format!(
                    "duplicate action name \"{}\"{what} (action #{first} has it already, itself \
                     or as a grounding of its template); action names must be unique",
                    a.name
                )));
            }
            self.names.insert(a.name.clone(), self.index + 1);
        }
        Ok((actions, grounded))
    }
}

struct GoalsSeed<'p> {
    trail: &'p Trail,
    declared: &'p Declared,
    statics: &'p RefCell<Statics>,
}

impl<'de> DeserializeSeed<'de> for GoalsSeed<'_> {
    type Value = Vec<RawGoal>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<RawGoal>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for GoalsSeed<'_> {
    type Value = Vec<RawGoal>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of goal objects {\"name\", \"priority\", \"conditions\"}")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<RawGoal>, A::Error> {
        let mut goals = Vec::new();
        let mut names: HashMap<String, usize> = HashMap::new();
        loop {
            let seed = GoalSeed {
                trail: self.trail,
                declared: self.declared,
                statics: self.statics,
                names: &mut names,
                index: goals.len(),
            };
            match seq.next_element_seed(seed)? {
                Some(item) => goals.push(item),
                None => return Ok(goals),
            }
        }
    }
}

struct GoalSeed<'p, 'n> {
    trail: &'p Trail,
    declared: &'p Declared,
    statics: &'p RefCell<Statics>,
    names: &'n mut HashMap<String, usize>,
    index: usize,
}

const GOAL_KEYS: &[&str] = &["name", "priority", "conditions", "reset", "cooldown"];

impl<'de> DeserializeSeed<'de> for GoalSeed<'_, '_> {
    type Value = RawGoal;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawGoal, D::Error> {
        // Pushed here, not in the list's loop: only once an element has begun.
        let trail = self.trail;
        trail.push(Segment::GoalEntry(self.index, EntryName::Unread));
        let item = d.deserialize_map(self)?;
        trail.pop();
        Ok(item)
    }
}

impl<'de> Visitor<'de> for GoalSeed<'_, '_> {
    type Value = RawGoal;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a goal object {\"name\", \"priority\", \"conditions\"}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawGoal, A::Error> {
        let trail = self.trail;
        let (mut name, mut priority, mut conditions) = (None, None, None);
        let (mut reset, mut cooldown) = (None, 0.0);
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, GOAL_KEYS, &[])? {
            match key {
                "name" => {
                    let n: String = map.next_value_seed(NameSeed { what: "goal" })?;
                    if let Some(first) = self.names.get(&n) {
                        trail.name_current(EntryName::ByIndex);
                        return Err(de::Error::custom(format!(
                            "duplicate goal name \"{n}\" (goals entry #{first} has it \
                             already); goal names must be unique"
                        )));
                    }
                    trail.name_current(EntryName::Named(n.clone()));
                    self.names.insert(n.clone(), self.index + 1);
                    name = Some(n);
                }
                "priority" => {
                    trail.push(Segment::Key("priority"));
                    let seed = NumberSeed::Priority;
                    priority = Some(map.next_value_seed(seed)?);
                    trail.pop();
                }
                "cooldown" => {
                    trail.push(Segment::Key("cooldown"));
                    cooldown = map.next_value_seed(NumberSeed::Cooldown)?;
                    trail.pop();
                }
                "reset" => {
                    trail.push(Segment::Key("reset"));
                    let r = map.next_value_seed(FactsSeed {
                        trail,
                        declared: self.declared,
                        role: Role::Start,
                        patterns: false,
                    })?;
                    let who = match &name {
                        Some(n) => format!("the \"reset\" of goals entry \"{n}\""),
                        None => format!("the \"reset\" of goals entry #{}", self.index + 1),
                    };
                    let facts = r.facts.iter().map(|(f, _)| f.as_str());
                    self.statics
                        .borrow_mut()
                        .change(&who, facts)
                        .map_err(de::Error::custom)?;
                    reset = Some(r);
                    trail.pop();
                }
                _ => {
                    trail.push(Segment::Key("conditions"));
                    conditions = Some(map.next_value_seed(FactsSeed {
                        trail,
                        declared: self.declared,
                        role: Role::Condition,
                        patterns: false,
                    })?);
                    trail.pop();
                }
            }
        }
        let name = name.ok_or_else(|| missing("name", "every goal needs a unique name"))?;
        let priority = priority.ok_or_else(|| missing("priority", "a number; larger wins"))?;
        let conditions = conditions
            .ok_or_else(|| missing("conditions", "an object of fact name → true/false"))?;
        Ok(RawGoal {
            name,
            priority,
            conditions,
            reset: reset.unwrap_or_default(),
            cooldown,
        })
    }
}
