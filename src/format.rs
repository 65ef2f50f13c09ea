//! Domain files (JSON, DESIGN.md §5) → [`Domain`], start state and goals.
//!
//! ```json
//! {
//!   "actions": [
//!     {"name": "洗菜", "cost": 1, "pre": {"菜已买": true}, "effects": {"菜已洗": true}}
//!   ],
//!   "start": {"菜已买": true},
//!   "goal":  {"菜已洗": true}
//! }
//! ```
//!
//! The parser is strict: malformed JSON, unknown keys (anywhere except inside `meta`), a key
//! listed twice in one object, duplicate or empty action names, empty fact names,
//! non-boolean fact values, a cost that is not a number ≥ 0 and a goal priority that is not a
//! number are errors. Every error carries the 1-based line and column where it was detected
//! (columns count characters, not bytes) and, when it lies inside an action or a `goals`
//! entry, names it.
//!
//! # Fact ids (deterministic)
//! Facts are registered in this order, whatever the order of the top-level keys: the
//! actions in file order, each action's `pre` keys then its `effects` keys in file order,
//! then `start`, `goal` and `goals` (entries in file order), each in file order. Actions get
//! ids in file order. The same file therefore always yields the same domain, hence the same
//! plans.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::path::Path;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use crate::domain::{ActionDef, Domain, DomainError, FactValue, Goal};
use crate::state::WorldState;

/// A parsed domain file.
#[derive(Debug, Clone)]
pub struct DomainFile {
    /// Facts (in order of first appearance in the file) and actions (in file order).
    pub domain: Domain,
    /// `start`: listed true facts; everything else false.
    pub start: WorldState,
    /// `goal`, when present.
    pub goal: Option<Goal>,
    /// `goals` (for agents), in file order.
    pub goals: Vec<NamedGoal>,
}

/// One entry of `goals`.
#[derive(Debug, Clone)]
pub struct NamedGoal {
    /// Name (non-empty, unique within the file).
    pub name: String,
    /// Priority (any finite number; larger wins).
    pub priority: f64,
    /// Conditions.
    pub conditions: Goal,
}

/// A domain file error: where and what.
#[derive(Debug, Clone, PartialEq)]
pub struct FormatError {
    /// File name, when known.
    pub file: Option<String>,
    /// 1-based line (0 when unknown).
    pub line: usize,
    /// 1-based column, in characters (0 when unknown).
    pub column: usize,
    /// What is wrong and what is expected.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.as_deref().unwrap_or("<input>"),
            self.line,
            self.column,
            self.message
        )
    }
}

impl std::error::Error for FormatError {}

/// Parses a domain file's text (a leading UTF-8 byte order mark is ignored).
///
/// The error's `file` is `None`; [`load_domain_file`] fills it in.
pub fn parse_domain(text: &str) -> Result<DomainFile, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let trail = Trail::default();
    let raw = {
        let mut de = serde_json::Deserializer::from_str(text);
        DocumentSeed { path: &trail }
            .deserialize(&mut de)
            .and_then(|raw| de.end().map(|()| raw))
    };
    match raw {
        Ok(raw) => build(raw),
        Err(e) => Err(describe(text, &e, &trail.0.borrow())),
    }
}

/// Reads and parses a domain file; errors name the file as `path` displays.
pub fn load_domain_file(path: &Path) -> Result<DomainFile, FormatError> {
    let file = Some(path.display().to_string());
    let bytes = std::fs::read(path).map_err(|e| FormatError {
        file: file.clone(),
        line: 0,
        column: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Valid up to here, so this prefix is a str.
        let before = std::str::from_utf8(valid).unwrap_or_default();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        FormatError {
            file: file.clone(),
            line,
            column,
            message: "the file is not valid UTF-8 (domain files are UTF-8 JSON)".into(),
        }
    })?;
    parse_domain(&text).map_err(|e| FormatError { file, ..e })
}

// ---------------------------------------------------------------------------------------
// Raw document: everything as written, in document order, before ids are assigned.

/// Fact entries of one object, in document order, each fact once.
type RawFacts = Vec<(String, bool)>;

struct RawAction {
    name: String,
    cost: f64,
    pre: RawFacts,
    effects: RawFacts,
}

struct RawGoal {
    name: String,
    priority: f64,
    conditions: RawFacts,
}

#[derive(Default)]
struct RawDocument {
    actions: Vec<RawAction>,
    start: RawFacts,
    goal: Option<RawFacts>,
    goals: Vec<RawGoal>,
}

fn build(raw: RawDocument) -> Result<DomainFile, FormatError> {
    let unplaced = |e: DomainError| FormatError {
        file: None,
        line: 0,
        column: 0,
        message: e.to_string(),
    };
    let mut domain = Domain::new();
    let fact_lists = raw
        .actions
        .iter()
        .flat_map(|a| a.pre.iter().chain(&a.effects))
        .chain(&raw.start)
        .chain(raw.goal.iter().flatten())
        .chain(raw.goals.iter().flat_map(|g| &g.conditions));
    for (name, _) in fact_lists {
        domain.add_fact(name).map_err(unplaced)?;
    }
    let values = |domain: &Domain, facts: &RawFacts| -> Vec<FactValue> {
        facts
            .iter()
            .map(|(name, value)| {
                let id = domain.fact_id(name).expect("every fact was registered");
                FactValue::new(id, *value)
            })
            .collect()
    };
    for a in &raw.actions {
        let def = ActionDef {
            name: a.name.clone(),
            pre: values(&domain, &a.pre),
            effects: values(&domain, &a.effects),
            cost: a.cost,
        };
        domain.add_action(def).map_err(unplaced)?;
    }
    let start = WorldState::from_values(values(&domain, &raw.start));
    let goal = match &raw.goal {
        Some(g) => Some(domain.conditions(values(&domain, g)).map_err(unplaced)?),
        None => None,
    };
    let mut goals = Vec::with_capacity(raw.goals.len());
    for g in &raw.goals {
        goals.push(NamedGoal {
            name: g.name.clone(),
            priority: g.priority,
            conditions: domain
                .conditions(values(&domain, &g.conditions))
                .map_err(unplaced)?,
        });
    }
    Ok(DomainFile {
        domain,
        start,
        goal,
        goals,
    })
}

// ---------------------------------------------------------------------------------------
// Where the parser is, for error messages. Each seed pushes its segment before it reads and
// pops it after success, so after a failure the path leads to the failing item.

#[derive(Clone, Debug)]
enum Segment {
    Key(&'static str),
    /// An action by index, and its name once read.
    Action(usize, Option<String>),
    /// A `goals` entry by index, and its name once read.
    GoalEntry(usize, Option<String>),
    Fact(String),
}

#[derive(Default)]
struct Trail(RefCell<Vec<Segment>>);

impl Trail {
    fn push(&self, s: Segment) {
        self.0.borrow_mut().push(s);
    }
    fn pop(&self) {
        self.0.borrow_mut().pop();
    }
    /// Records the name of the innermost action or goal entry.
    fn name_current(&self, name: &str) {
        if let Some(Segment::Action(_, n) | Segment::GoalEntry(_, n)) =
            self.0.borrow_mut().last_mut()
        {
            *n = Some(name.to_owned());
        }
    }
}

/// Turns a serde_json error into a [`FormatError`] naming the item it happened in.
fn describe(text: &str, e: &serde_json::Error, path: &[Segment]) -> FormatError {
    let (line, byte_column) = (e.line(), e.column());
    // serde_json appends " at line L column C"; the position goes in its own fields.
    let full = e.to_string();
    let suffix = format!(" at line {line} column {byte_column}");
    let detail = full.strip_suffix(&suffix).unwrap_or(&full);
    let mut context: Vec<String> = Vec::new();
    if !e.is_syntax() && !e.is_eof() {
        for seg in path {
            match seg {
                Segment::Key("actions" | "goals") => {}
                Segment::Key(k) => context.push((*k).to_owned()),
                Segment::Action(i, name) => {
                    let name = name.clone().or_else(|| name_in(text, "actions", *i));
                    context.push(match name {
                        Some(n) => format!("action \"{n}\""),
                        None => format!("action #{}", i + 1),
                    });
                }
                Segment::GoalEntry(i, name) => {
                    let name = name.clone().or_else(|| name_in(text, "goals", *i));
                    context.push(match name {
                        Some(n) => format!("goals entry \"{n}\""),
                        None => format!("goals entry #{}", i + 1),
                    });
                }
                Segment::Fact(f) => context.push(format!("fact \"{f}\"")),
            }
        }
    }
    context.push(detail.to_owned());
    FormatError {
        file: None,
        line,
        column: char_column(text, line, byte_column),
        message: context.join(": "),
    }
}

/// The `name` of entry `index` of the top-level list `list`, when the document is valid
/// JSON (the error may have been raised before the entry's name was read).
fn name_in(text: &str, list: &str, index: usize) -> Option<String> {
    let doc: serde_json::Value = serde_json::from_str(text).ok()?;
    let name = doc.get(list)?.get(index)?.get("name")?.as_str()?;
    (!name.is_empty()).then(|| name.to_owned())
}

/// serde_json counts columns in bytes; editors count characters.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(l) = line.checked_sub(1).and_then(|i| text.split('\n').nth(i)) else {
        return byte_column;
    };
    let mut end = byte_column.min(l.len());
    while !l.is_char_boundary(end) {
        end += 1; // the column points into a character: count that character
    }
    l[..end].chars().count()
}

// ---------------------------------------------------------------------------------------
// Visitors. Hand-written (not derived) so that objects are read in document order, keys are
// checked for duplicates, and every semantic error is raised while serde_json still knows
// the position.

/// Reads the next key of an object, rejecting an empty, repeated or unknown key.
fn next_known_key<'de, A: MapAccess<'de>>(
    map: &mut A,
    seen: &mut HashSet<String>,
    known: &[&'static str],
) -> Result<Option<&'static str>, A::Error> {
    let Some(key) = map.next_key::<String>()? else {
        return Ok(None);
    };
    let Some(&k) = known.iter().find(|&&k| k == key) else {
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

struct DocumentSeed<'p> {
    path: &'p Trail,
}

const DOCUMENT_KEYS: &[&str] = &["actions", "start", "goal", "goals", "meta", "vars"];

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
        let path = self.path;
        let mut doc = RawDocument::default();
        let mut have_actions = false;
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, DOCUMENT_KEYS)? {
            path.push(Segment::Key(key));
            match key {
                "actions" => {
                    doc.actions = map.next_value_seed(ActionsSeed { path })?;
                    have_actions = true;
                }
                "start" => doc.start = map.next_value_seed(FactsSeed { path })?,
                "goal" => doc.goal = Some(map.next_value_seed(FactsSeed { path })?),
                "goals" => doc.goals = map.next_value_seed(GoalsSeed { path })?,
                "meta" => {
                    map.next_value::<IgnoredAny>()?;
                }
                _ => {
                    return Err(de::Error::custom(
                        "\"vars\" (integer variables) is not supported yet; \
                         only boolean facts are",
                    ))
                }
            }
            path.pop();
        }
        if !have_actions {
            return Err(missing("actions", "the list of actions is required"));
        }
        Ok(doc)
    }
}

/// An object of fact → true/false, in document order.
struct FactsSeed<'p> {
    path: &'p Trail,
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
        let mut facts = RawFacts::new();
        let mut seen = HashSet::new();
        while let Some(name) = map.next_key::<String>()? {
            if name.is_empty() {
                return Err(de::Error::custom(
                    "empty fact name; fact names must be non-empty strings",
                ));
            }
            if !seen.insert(name.clone()) {
                return Err(de::Error::custom(format!(
                    "fact \"{name}\" is listed twice in this object"
                )));
            }
            self.path.push(Segment::Fact(name.clone()));
            let value = map.next_value_seed(BoolSeed)?;
            self.path.pop();
            facts.push((name, value));
        }
        Ok(facts)
    }
}

struct BoolSeed;

impl<'de> DeserializeSeed<'de> for BoolSeed {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_any(self)
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

/// A number that must be finite and ≥ 0 (`min_zero`) or just finite.
struct NumberSeed {
    min_zero: bool,
}

impl<'de> DeserializeSeed<'de> for NumberSeed {
    type Value = f64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<f64, D::Error> {
        d.deserialize_any(self)
    }
}

impl Visitor<'_> for NumberSeed {
    type Value = f64;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.min_zero {
            "a number >= 0"
        } else {
            "a number"
        })
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
        self.visit_f64(v as f64)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
        self.visit_f64(v as f64)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
        if !v.is_finite() || (self.min_zero && v < 0.0) {
            let expected = if self.min_zero {
                "a finite number >= 0"
            } else {
                "a finite number"
            };
            return Err(E::custom(format!("{v} is invalid; expected {expected}")));
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
        Ok(v.to_owned())
    }
}

struct ActionsSeed<'p> {
    path: &'p Trail,
}

impl<'de> DeserializeSeed<'de> for ActionsSeed<'_> {
    type Value = Vec<RawAction>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<RawAction>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ActionsSeed<'_> {
    type Value = Vec<RawAction>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of action objects")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<RawAction>, A::Error> {
        let mut actions = Vec::new();
        // Name → 1-based position of the action that has it.
        let mut names: HashMap<String, usize> = HashMap::new();
        loop {
            self.path.push(Segment::Action(actions.len(), None));
            let seed = ActionSeed {
                path: self.path,
                names: &mut names,
                index: actions.len(),
            };
            let Some(action) = seq.next_element_seed(seed)? else {
                self.path.pop();
                return Ok(actions);
            };
            self.path.pop();
            actions.push(action);
        }
    }
}

struct ActionSeed<'p, 'n> {
    path: &'p Trail,
    names: &'n mut HashMap<String, usize>,
    index: usize,
}

const ACTION_KEYS: &[&str] = &["name", "cost", "pre", "effects"];

impl<'de> DeserializeSeed<'de> for ActionSeed<'_, '_> {
    type Value = RawAction;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawAction, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ActionSeed<'_, '_> {
    type Value = RawAction;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an action object {\"name\", \"cost\", \"pre\", \"effects\"}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawAction, A::Error> {
        let path = self.path;
        let (mut name, mut cost, mut pre, mut effects) = (None, None, None, None);
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, ACTION_KEYS)? {
            match key {
                "name" => {
                    let n: String = map.next_value_seed(NameSeed { what: "action" })?;
                    if let Some(first) = self.names.get(&n) {
                        return Err(de::Error::custom(format!(
                            "duplicate action name \"{n}\" (action #{first} has it already); \
                             action names must be unique"
                        )));
                    }
                    path.name_current(&n);
                    self.names.insert(n.clone(), self.index + 1);
                    name = Some(n);
                }
                "cost" => {
                    path.push(Segment::Key("cost"));
                    let seed = NumberSeed { min_zero: true };
                    cost = Some(map.next_value_seed(seed)?);
                    path.pop();
                }
                list => {
                    path.push(Segment::Key(list));
                    let facts = map.next_value_seed(FactsSeed { path })?;
                    path.pop();
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
        Ok(RawAction {
            name,
            cost: cost.unwrap_or(1.0),
            pre: pre.unwrap_or_default(),
            effects: effects.unwrap_or_default(),
        })
    }
}

struct GoalsSeed<'p> {
    path: &'p Trail,
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
            self.path.push(Segment::GoalEntry(goals.len(), None));
            let seed = GoalSeed {
                path: self.path,
                names: &mut names,
                index: goals.len(),
            };
            let Some(goal) = seq.next_element_seed(seed)? else {
                self.path.pop();
                return Ok(goals);
            };
            self.path.pop();
            goals.push(goal);
        }
    }
}

struct GoalSeed<'p, 'n> {
    path: &'p Trail,
    names: &'n mut HashMap<String, usize>,
    index: usize,
}

const GOAL_KEYS: &[&str] = &["name", "priority", "conditions"];

impl<'de> DeserializeSeed<'de> for GoalSeed<'_, '_> {
    type Value = RawGoal;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawGoal, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for GoalSeed<'_, '_> {
    type Value = RawGoal;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a goal object {\"name\", \"priority\", \"conditions\"}")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawGoal, A::Error> {
        let path = self.path;
        let (mut name, mut priority, mut conditions) = (None, None, None);
        let mut seen = HashSet::new();
        while let Some(key) = next_known_key(&mut map, &mut seen, GOAL_KEYS)? {
            match key {
                "name" => {
                    let n: String = map.next_value_seed(NameSeed { what: "goal" })?;
                    if let Some(first) = self.names.get(&n) {
                        return Err(de::Error::custom(format!(
                            "duplicate goal name \"{n}\" (goals entry #{first} has it already); \
                             goal names must be unique"
                        )));
                    }
                    path.name_current(&n);
                    self.names.insert(n.clone(), self.index + 1);
                    name = Some(n);
                }
                "priority" => {
                    path.push(Segment::Key("priority"));
                    let seed = NumberSeed { min_zero: false };
                    priority = Some(map.next_value_seed(seed)?);
                    path.pop();
                }
                _ => {
                    path.push(Segment::Key("conditions"));
                    conditions = Some(map.next_value_seed(FactsSeed { path })?);
                    path.pop();
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
        })
    }
}

// ---------------------------------------------------------------------------------------
// Lint.

/// A finding of [`lint`]: legal, but almost always a typo in a fact name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintWarning {
    /// The fact.
    pub fact: String,
    /// The value that is required but can never hold.
    pub value: bool,
    /// Who requires it, in file order: `action "…"`, `goal`, `goals entry "…"`.
    pub required_by: Vec<String>,
}

impl fmt::Display for LintWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let by = self.required_by.join(", ");
        if self.value {
            write!(
                f,
                "fact \"{}\" must be true for {by}, but no action makes it true and \
                 \"start\" does not set it (a typo?)",
                self.fact
            )
        } else {
            write!(
                f,
                "fact \"{}\" must be false for {by}, but it is true in \"start\" and no \
                 action makes it false (a typo?)",
                self.fact
            )
        }
    }
}

/// Conditions that can never be met, whatever the plan: a fact required true that neither
/// `start` nor any effect makes true, or required false that is true in `start` and that no
/// effect makes false. Ordered by fact id, then value. Cost O(size of the file).
pub fn lint(file: &DomainFile) -> Vec<LintWarning> {
    let d = &file.domain;
    let n = d.fact_count();
    // Per fact and value (index 2f + !value): can it ever hold, and who needs it.
    let mut possible = vec![false; 2 * n];
    let mut needed_by: Vec<Vec<String>> = vec![Vec::new(); 2 * n];
    let slot = |fact: usize, value: bool| 2 * fact + usize::from(!value);
    for f in 0..n {
        let id = crate::domain::FactId(f as u32);
        possible[slot(f, file.start.get(id))] = true;
    }
    for a in d.actions() {
        for e in a.effects().entries() {
            possible[slot(e.fact.index(), e.value)] = true;
        }
    }
    let mut require = |who: &str, conditions: &Goal| {
        for c in conditions.entries() {
            let users = &mut needed_by[slot(c.fact.index(), c.value)];
            if users.last().map(String::as_str) != Some(who) {
                users.push(who.to_owned());
            }
        }
    };
    for a in d.actions() {
        require(&format!("action \"{}\"", a.name()), a.pre());
    }
    if let Some(g) = &file.goal {
        require("goal", g);
    }
    for g in &file.goals {
        require(&format!("goals entry \"{}\"", g.name), &g.conditions);
    }
    let mut warnings = Vec::new();
    for (i, users) in needed_by.into_iter().enumerate() {
        if !possible[i] && !users.is_empty() {
            warnings.push(LintWarning {
                fact: d
                    .fact_name(crate::domain::FactId((i / 2) as u32))
                    .to_owned(),
                value: i % 2 == 0,
                required_by: users,
            });
        }
    }
    warnings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> FormatError {
        match parse_domain(text) {
            Ok(_) => panic!("expected an error for {text}"),
            Err(e) => e,
        }
    }

    fn has(e: &FormatError, part: &str) {
        assert!(e.message.contains(part), "{e} does not mention {part:?}");
    }

    const KITCHEN: &str = include_str!("../examples/domains/kitchen.json");

    #[test]
    fn parses_kitchen_in_document_order() {
        let f = parse_domain(KITCHEN).unwrap();
        let d = &f.domain;
        let facts: Vec<&str> = (0..d.fact_count() as u32)
            .map(|i| d.fact_name(crate::domain::FactId(i)))
            .collect();
        assert_eq!(
            facts,
            [
                "菜已买",
                "菜已洗",
                "菜已切",
                "菜已炒",
                "肉已买",
                "肉已熟",
                "饭已熟",
                "晚餐完成"
            ]
        );
        let actions: Vec<&str> = d.actions().iter().map(|a| a.name()).collect();
        assert_eq!(
            actions,
            ["洗菜", "切菜", "炒菜", "买肉", "炖肉", "蒸饭", "摆盘"]
        );
        assert_eq!(d.actions()[4].cost(), 4.0);
        assert!(f.start.get(d.fact_id("菜已买").unwrap()));
        assert!(!f.start.get(d.fact_id("菜已洗").unwrap()));
        let goal = f.goal.unwrap();
        assert_eq!(goal.len(), 1);
        assert_eq!(goal.get(d.fact_id("晚餐完成").unwrap()), Some(true));
        assert!(f.goals.is_empty());
        let plan = crate::plan(d, &f.start, &goal);
        assert_eq!(plan.plan().unwrap().cost, 17.0);
    }

    #[test]
    fn fact_order_ignores_top_level_key_order_and_sorted_maps() {
        // Keys deliberately out of alphabetical order, start before actions.
        let text = r#"{"goal": {"a": true}, "start": {"zz": true, "m": false},
            "actions": [{"effects": {"y": true, "b": false}, "pre": {"x": true}, "name": "act"}],
            "goals": [{"name": "g", "priority": 2, "conditions": {"c": true}}]}"#;
        let f = parse_domain(text).unwrap();
        let d = &f.domain;
        let facts: Vec<&str> = (0..d.fact_count() as u32)
            .map(|i| d.fact_name(crate::domain::FactId(i)))
            .collect();
        assert_eq!(facts, ["x", "y", "b", "zz", "m", "a", "c"]);
        assert_eq!(f.goals.len(), 1);
        assert_eq!(f.goals[0].name, "g");
        assert_eq!(f.goals[0].priority, 2.0);
    }

    #[test]
    fn defaults_and_optional_sections() {
        let f = parse_domain(r#"{"actions": [{"name": "a"}, {"name": "b", "pre": {}}]}"#).unwrap();
        assert_eq!(f.domain.actions()[0].cost(), 1.0);
        assert!(f.domain.actions()[1].pre().is_empty());
        assert!(f.goal.is_none());
        assert_eq!(f.start, WorldState::new());
        let f = parse_domain(
            r#"{"actions": [{"name": "a", "cost": 0.5}, {"name": "b", "cost": 0}],
                "meta": {"anything": [1, {"nested": null}], "optimal_cost": 3}}"#,
        )
        .unwrap();
        assert_eq!(f.domain.actions()[0].cost(), 0.5);
        assert_eq!(f.domain.actions()[1].cost(), 0.0);
        assert!(parse_domain("\u{feff}{\"actions\": []}").is_ok());
    }

    #[test]
    fn malformed_json_has_position() {
        let e = err("{\n  \"actions\": [\n    {\"name\": \"a\",}\n  ]\n}");
        assert_eq!((e.line, e.column), (3, 18), "{e}");
        has(&e, "trailing comma");
        let e = err("");
        assert_eq!(e.line, 1);
        has(&e, "EOF");
        let e = err(r#"{"actions": []} extra"#);
        has(&e, "trailing");
        let e = err("[1]");
        has(&e, "expected a domain object");
    }

    #[test]
    fn columns_count_characters() {
        // "洗菜" is 6 bytes but 2 characters.
        let e = err(r#"{"actions": [{"name": "洗菜", "cost": -1}]}"#);
        assert_eq!((e.line, e.column), (1, 38), "{e}");
        has(
            &e,
            "action \"洗菜\": cost: -1 is invalid; expected a finite number >= 0",
        );
    }

    #[test]
    fn unknown_keys_everywhere_but_meta() {
        let e = err(r#"{"actions": [], "actoins": []}"#);
        has(&e, "unknown key \"actoins\"");
        assert_eq!((e.line, e.column), (1, 25));
        has(
            &err(r#"{"actions": [{"name": "a", "precondition": {}}]}"#),
            "action \"a\": unknown key \"precondition\"",
        );
        has(
            &err(
                r#"{"actions": [], "goals": [{"name": "g", "priority": 1, "conditions": {}, "x": 1}]}"#,
            ),
            "goals entry \"g\": unknown key \"x\"",
        );
        let e = err(r#"{"actions": [], "vars": {"ammo": {"min": 0, "max": 3}}}"#);
        has(&e, "\"vars\" (integer variables) is not supported yet");
        assert_eq!(e.line, 1);
        assert!(e.column > 0);
    }

    #[test]
    fn duplicates() {
        let text = "{\"actions\": [\n {\"name\": \"洗菜\"},\n {\"name\": \"洗菜\"}\n]}";
        let e = err(text);
        has(
            &e,
            "duplicate action name \"洗菜\" (action #1 has it already)",
        );
        assert_eq!(e.line, 3);
        let e = err(r#"{"actions": [{"name": "a", "pre": {"f": true, "f": false}}]}"#);
        has(&e, "action \"a\": pre: fact \"f\" is listed twice");
        has(
            &err(r#"{"actions": [], "actions": []}"#),
            "key \"actions\" is listed twice",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "cost": 1, "cost": 2}]}"#),
            "key \"cost\" is listed twice",
        );
        has(
            &err(r#"{"actions": [], "start": {"s": true, "s": true}}"#),
            "start: fact \"s\" is listed twice",
        );
        has(
            &err(
                r#"{"actions": [], "goals": [{"name": "g", "priority": 1, "conditions": {}}, {"name": "g", "priority": 2, "conditions": {}}]}"#,
            ),
            "duplicate goal name \"g\"",
        );
    }

    #[test]
    fn value_errors_name_the_action_even_before_its_name() {
        // The error comes before "name" is read: the name is found afterwards.
        let e = err(r#"{"actions": [{"name": "ok"}, {"pre": {"f": "yes"}, "name": "bad"}]}"#);
        has(
            &e,
            "action \"bad\": pre: fact \"f\": invalid type: string \"yes\", expected true or false",
        );
        let e = err(r#"{"actions": [{"effects": {"f": 1}}]}"#);
        has(
            &e,
            "action #1: effects: fact \"f\": invalid type: integer `1`, expected true or false",
        );
        has(
            &err(r#"{"actions": [], "goal": {"f": null}}"#),
            "goal: fact \"f\": invalid type: null",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "cost": "3"}]}"#),
            "expected a number >= 0",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "cost": null}]}"#),
            "expected a number >= 0",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "cost": 1e999}]}"#),
            "number out of range",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "pre": []}]}"#),
            "expected an object of fact name",
        );
        has(
            &err(r#"{"actions": {}}"#),
            "expected a list of action objects",
        );
    }

    #[test]
    fn names_and_required_fields() {
        has(&err(r#"{"actions": [{"name": ""}]}"#), "empty action name");
        has(
            &err(r#"{"actions": [{"name": 3}]}"#),
            "expected a non-empty string for the action name",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "pre": {"": true}}]}"#),
            "empty fact name",
        );
        has(
            &err(r#"{"actions": [{"cost": 1}]}"#),
            "action #1: missing \"name\"",
        );
        has(&err(r#"{"start": {}}"#), "missing \"actions\"");
        has(
            &err(r#"{"actions": [], "goals": [{"name": "g", "conditions": {}}]}"#),
            "goals entry \"g\": missing \"priority\"",
        );
        has(
            &err(
                r#"{"actions": [], "goals": [{"name": "g", "priority": "high", "conditions": {}}]}"#,
            ),
            "goals entry \"g\": priority: invalid type: string \"high\", expected a number",
        );
        let f = parse_domain(
            r#"{"actions": [], "goals": [{"name": "g", "priority": -2.5, "conditions": {}}]}"#,
        )
        .unwrap();
        assert_eq!(f.goals[0].priority, -2.5);
    }

    #[test]
    fn load_fills_file_and_reports_bad_utf8() {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("goap-format-unit-{}.json", std::process::id()));
        std::fs::write(&path, b"{\"actions\": [\n{\"name\": \"a\xff\"}]}").unwrap();
        let e = load_domain_file(&path).unwrap_err();
        assert_eq!(e.file.as_deref(), Some(path.display().to_string().as_str()));
        assert_eq!((e.line, e.column), (2, 12));
        has(&e, "not valid UTF-8");
        std::fs::write(&path, b"{\"actions\": [}").unwrap();
        let e = load_domain_file(&path).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("{}:1:14: ", path.display())),
            "{e}"
        );
        std::fs::remove_file(&path).unwrap();
        let e = load_domain_file(&path).unwrap_err();
        has(&e, "cannot read the file");
    }

    #[test]
    fn lint_finds_unreachable_requirements() {
        let f = parse_domain(
            r#"{"actions": [
                {"name": "a", "pre": {"has_ax": true}, "effects": {"wood": true}},
                {"name": "b", "pre": {"alarm": false, "has_axe": true}, "effects": {"has_axe": true}},
                {"name": "c", "pre": {"door": false}, "effects": {"door": true}}],
              "start": {"alarm": true, "door": true},
              "goal": {"wood": true, "has_ax": true},
              "goals": [{"name": "calm", "priority": 1, "conditions": {"alarm": false}}]}"#,
        )
        .unwrap();
        let w = lint(&f);
        assert_eq!(w.len(), 3, "{w:?}");
        assert_eq!(w[0].fact, "has_ax");
        assert!(w[0].value);
        assert_eq!(w[0].required_by, ["action \"a\"", "goal"]);
        assert_eq!(w[1].fact, "alarm");
        assert!(!w[1].value);
        assert_eq!(w[1].required_by, ["action \"b\"", "goals entry \"calm\""]);
        assert_eq!(w[2].fact, "door");
        assert!(w[0].to_string().contains("no action makes it true"));
        assert!(w[1].to_string().contains("it is true in \"start\""));
        // "has_axe" is made true by b itself: legal, no warning.
        assert!(lint(&parse_domain(KITCHEN).unwrap()).is_empty());
    }
}
