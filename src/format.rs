//! Domain files (JSON; the format is described in the README's "Domain files" section and
//! below) → [`Domain`], start state and goals.
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
//! # Integer variables
//! ```json
//! {
//!   "vars": {"ammo": {"min": 0, "max": 30},
//!            "hp":   {"min": 0, "max": 100, "default": 100, "overflow": "saturate"}},
//!   "actions": [
//!     {"name": "reload", "pre": {"ammo": {"<": 30}}, "effects": {"ammo": {"+=": 10}}},
//!     {"name": "shoot", "pre": {"ammo": {">=": 1}}, "effects": {"ammo": {"-=": 1}, "hit": true}}
//!   ],
//!   "start": {"ammo": 5},
//!   "goal": {"hit": true, "ammo": {">": 0}}
//! }
//! ```
//! - `vars` (optional, anywhere among the top-level keys): name → `{"min": n, "max": n}`
//!   (required, inclusive, `min <= max`), `"default": n` (within the range; the value when
//!   `start` does not set it, else `min`) and `"overflow"`: `"reject"` (the default: an
//!   action whose effect would leave the range is not applicable) or `"saturate"` (the
//!   result is clamped into the range). Facts and variables share one namespace.
//! - `start`: variable → integer within its range.
//! - `pre`, `goal`, `goals[].conditions`: variable → integer (means `==`) or an object
//!   with exactly one operator, `{">=": 3}`, among `==`, `!=`, `<`, `<=`, `>`, `>=`; the
//!   constant lies within the range and the condition can hold there (`{"<": 0}` with
//!   `min` 0 is an error).
//! - `effects`: variable → integer (set, within the range), `{"+=": n}` or `{"-=": n}`
//!   (`n` from 1 to `max - min`).
//! - Integers are whole JSON numbers within `i32` (`1e3` is 1000; `3.5` and `3e9` are
//!   errors). A declared variable given `true`/`false`, a name not declared in `vars` given
//!   a number or an object, an unknown operator, more than one operator in one object, and
//!   an unknown key in a declaration are errors, placed like every other.
//!
//! # Templates
//! `objects` declares object sets; an action with `params` over them is a template,
//! grounded while the file is read into one ordinary action per choice of objects (see
//! the `templates` module and the README), by the code behind [`Domain::add_template`].
//! A `vars` entry with `params`, `"stock({item})": {"params": {"item": "item"}, "min": 0,
//! "max": 9}`, declares a family: one variable per choice of objects (`stock(flour)`, …),
//! each with the entry's range, default and overflow rule. A template's `"where":
//! {"road({from},{to})": true}` keeps the choices whose ground facts have those values in
//! `start`; no action's effects and no goal's `reset` may set such a fact.
//!
//! Because `vars` and `objects` may follow the lists that use them, the text is read twice:
//! a first pass reads only `vars` and `objects`, then the main pass reads everything with
//! them known, so
//! every value is checked where serde_json still knows its position. The main pass builds
//! the raw document; [`Domain`] is built from it afterwards.
//!
//! # Ids (deterministic)
//! Variables get ids in `vars` declaration order (file order; a family's variables in
//! its grounding order, where it is declared). Facts are registered in this
//! order, whatever the order of the top-level keys: the actions in file order (a template's
//! groundings in their order), each action's `pre` keys then its `effects` keys in file
//! order, then `start`, `goal` and `goals` (entries in file order; each one's conditions,
//! then its `reset`), each in file order. Actions get ids in file order. The
//! same file therefore always yields the same domain, hence the same plans.

mod errors;
mod lint;
mod templates;
mod validate;
mod vars;
mod visit;

use std::fmt;
use std::path::Path;

use serde::de::DeserializeSeed;

use crate::domain::{
    ActionDef, ActionId, ActionTemplate, Domain, DomainError, FactValue, Goal, VarCondition,
    VarEffect, VarId,
};
use crate::state::WorldState;
use errors::describe;
use vars::{Declarations, Declared, VarValue};
use visit::{DocumentSeed, RawDocument, RawFacts, Trail};

pub use lint::{lint, lint_templates, lint_vars, LintWarning, TemplateLintWarning, VarLintWarning};
pub use validate::{lint_diagnostics, validate, validate_bytes, Diagnostic, Severity};

/// A parsed domain file.
#[derive(Debug, Clone)]
pub struct DomainFile {
    /// Variables (in declaration order), facts (in the order of the module docs) and
    /// actions (in file order).
    pub domain: Domain,
    /// `start`: listed true facts, everything else false; the variables it lists set, the
    /// others unset (they read as their defaults).
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
    /// `reset`: facts set when the goal is achieved (see [`crate::agent::GoalDef`]).
    pub reset: Vec<FactValue>,
    /// `reset`'s variables, with the values they are set to.
    pub reset_vars: Vec<(VarId, i32)>,
    /// `cooldown` in seconds (0 when absent).
    pub cooldown: f64,
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
    // First pass: the variable declarations and object sets, wherever `vars` and `objects`
    // are (see `vars`).
    let trail = Trail::default();
    let (declarations, objects, holding) = vars::read_declarations(text, &trail);
    let (declared, malformed) = match declarations {
        Declarations::Read(decls) => (Declared::known(decls), None),
        Declarations::Invalid(e) => return Err(describe(text, &e, &trail.segments())),
        Declarations::Malformed(e, decls) => {
            (decls.map_or(Declared::Unknown, Declared::known), Some(e))
        }
    };
    // Second pass: everything else, with every value checked against the declarations.
    let trail = Trail::default();
    let raw = {
        let mut de = serde_json::Deserializer::from_str(text);
        DocumentSeed {
            trail: &trail,
            declared: &declared,
            objects: objects.as_ref(),
            holding: &holding,
        }
        .deserialize(&mut de)
        .and_then(|raw| de.end().map(|()| raw))
    };
    match (raw, malformed) {
        (Err(e), _) => Err(describe(text, &e, &trail.segments())),
        // Both passes read the same JSON; this is for safety only.
        (Ok(_), Some(e)) => Err(describe(text, &e, &[])),
        (Ok(mut raw), None) => {
            raw.vars = declared.into_decls();
            build(raw, objects.unwrap_or_default())
        }
    }
}

/// Reads and parses a domain file; errors name the file as `path` displays.
pub fn load_domain_file(path: &Path) -> Result<DomainFile, FormatError> {
    let text = read_domain_text(path)?;
    parse_domain(&text).map_err(|e| FormatError {
        file: Some(path.display().to_string()),
        ..e
    })
}

/// Reads a domain file's text, as [`load_domain_file`] does before parsing it: an
/// unreadable file is an error without a position, invalid UTF-8 one at the first invalid
/// byte. Errors name the file as `path` displays.
pub fn read_domain_text(path: &Path) -> Result<String, FormatError> {
    let file = Some(path.display().to_string());
    let bytes = std::fs::read(path).map_err(|e| FormatError {
        file: file.clone(),
        line: 0,
        column: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    String::from_utf8(bytes).map_err(|e| utf8_error(e.as_bytes(), &e.utf8_error(), file))
}

/// The error for `bytes` that are not UTF-8 (`e`), placed at the first invalid byte.
fn utf8_error(bytes: &[u8], e: &std::str::Utf8Error, file: Option<String>) -> FormatError {
    let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
    // Valid up to here, so this prefix is a str.
    let before = std::str::from_utf8(valid).unwrap_or_default();
    let before = before.strip_prefix('\u{feff}').unwrap_or(before);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    FormatError {
        file,
        line,
        column,
        message: "the file is not valid UTF-8 (domain files are UTF-8 JSON)".into(),
    }
}

fn build(raw: RawDocument, objects: Vec<(String, Vec<String>)>) -> Result<DomainFile, FormatError> {
    let unplaced = |e: DomainError| FormatError {
        file: None,
        line: 0,
        column: 0,
        message: e.to_string(),
    };
    let mut domain = Domain::new();
    // Every value was checked against the declarations while parsing, so the core's checks
    // below cannot fail on a parsed file; their errors are still passed on, unplaced.
    for def in raw.vars {
        domain.add_var(def).map_err(unplaced)?;
    }
    for (ty, list) in &objects {
        let list: Vec<&str> = list.iter().map(String::as_str).collect();
        domain.add_objects(ty, &list).map_err(unplaced)?;
    }
    let fact_lists = raw
        .actions
        .iter()
        .flat_map(|a| a.pre.facts.iter().chain(&a.effects.facts))
        .chain(&raw.start.facts)
        .chain(raw.goal.iter().flat_map(|g| &g.facts))
        .chain(
            raw.goals
                .iter()
                .flat_map(|g| g.conditions.facts.iter().chain(&g.reset.facts)),
        );
    for (name, _) in fact_lists {
        domain.add_fact(name).map_err(unplaced)?;
    }
    let values = |domain: &Domain, list: &RawFacts| -> Vec<FactValue> {
        list.facts
            .iter()
            .map(|(name, value)| {
                let id = domain.fact_id(name).expect("every fact was registered");
                FactValue::new(id, *value)
            })
            .collect()
    };
    let var = |domain: &Domain, name: &str| domain.var_id(name).expect("a declared variable");
    let var_conditions = |domain: &Domain, list: &RawFacts| -> Vec<VarCondition> {
        list.vars
            .iter()
            .filter_map(|(name, v)| match *v {
                VarValue::Condition(op, k) => Some(VarCondition::new(var(domain, name), op, k)),
                _ => None,
            })
            .collect()
    };
    for a in &raw.actions {
        let var_effects = a.effects.vars.iter().filter_map(|(name, v)| match *v {
            VarValue::Effect(op, k) => Some(VarEffect::new(var(&domain, name), op, k)),
            _ => None,
        });
        let def = ActionDef {
            name: a.name.clone(),
            pre: values(&domain, &a.pre),
            effects: values(&domain, &a.effects),
            cost: a.cost,
            var_pre: var_conditions(&domain, &a.pre),
            var_effects: var_effects.collect(),
        };
        domain.add_action(def).map_err(unplaced)?;
    }
    for (template, facts) in raw.static_facts {
        domain.record_static_facts(&template, facts);
    }
    for (first, g) in raw.templates {
        let groundings = g
            .args
            .into_iter()
            .enumerate()
            .map(|(k, args)| (ActionId((first + k) as u32), args))
            .collect();
        domain.record_template(ActionTemplate {
            name: g.name,
            params: g.params,
            groundings,
        });
    }
    let mut start = WorldState::from_values(values(&domain, &raw.start));
    for (name, v) in &raw.start.vars {
        if let VarValue::Start(k) = *v {
            start.set_var(var(&domain, name), k);
        }
    }
    let conditions = |list: &RawFacts| {
        domain
            .conditions_with(values(&domain, list), var_conditions(&domain, list))
            .map_err(unplaced)
    };
    let goal = raw.goal.as_ref().map(conditions).transpose()?;
    let mut goals = Vec::with_capacity(raw.goals.len());
    for g in &raw.goals {
        let reset_vars = g.reset.vars.iter().filter_map(|(name, v)| match *v {
            VarValue::Start(k) => Some((var(&domain, name), k)),
            _ => None,
        });
        goals.push(NamedGoal {
            name: g.name.clone(),
            priority: g.priority,
            conditions: conditions(&g.conditions)?,
            reset: values(&domain, &g.reset),
            reset_vars: reset_vars.collect(),
            cooldown: g.cooldown,
        });
    }
    Ok(DomainFile {
        domain,
        start,
        goal,
        goals,
    })
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

    const PATROL: &str = r#"{
  "vars": {"round": {"min": 0, "max": 9}},
  "actions": [
    {"name": "walk", "effects": {"at_gate": true, "round": {"+=": 1}}}
  ],
  "goals": [
    {"name": "patrol", "priority": 1, "conditions": {"at_gate": true},
     "reset": {"at_gate": false, "seen": true, "round": 0}, "cooldown": 2.5}
  ]
}"#;

    #[test]
    fn goals_read_their_reset_and_cooldown() {
        let f = parse_domain(PATROL).unwrap();
        let g = &f.goals[0];
        let (gate, seen) = (
            f.domain.fact_id("at_gate").unwrap(),
            f.domain.fact_id("seen"),
        );
        let seen = seen.expect("a fact named only in a reset is declared");
        assert_eq!(
            g.reset,
            [FactValue::new(gate, false), FactValue::new(seen, true)]
        );
        assert_eq!(g.reset_vars, [(f.domain.var_id("round").unwrap(), 0)]);
        assert_eq!(g.cooldown, 2.5);
        let plain = parse_domain(KITCHEN).unwrap();
        assert!(plain
            .goals
            .iter()
            .all(|g| g.reset.is_empty() && g.cooldown == 0.0));
    }

    #[test]
    fn bad_resets_and_cooldowns_are_errors_with_positions() {
        let e = err(&PATROL.replace("\"cooldown\": 2.5", "\"cooldown\": -1"));
        has(&e, "cooldown");
        has(&e, "0 or more");
        assert_eq!(e.line, 8);
        let e = err(&PATROL.replace("\"round\": 0}", "\"round\": 10}"));
        has(&e, "round");
        let e = err(&PATROL.replace("\"round\": 0}", "\"round\": {\">=\": 1}}"));
        has(&e, "an integer");
        let e = err(&PATROL.replace("\"seen\": true", "\"seen\": 1"));
        has(&e, "seen");
    }

    const ROADS: &str = r#"{
  "objects": {"place": ["mill", "bakery", "well"]},
  "actions": [
    {"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
     "distinct": ["from", "to"], "cost": 2, "cost_by": {"to": {"well": 5}},
     "pre": {"at({from})": true}, "effects": {"at({from})": false, "at({to})": true}},
    {"name": "rest", "effects": {"rested": true}}
  ],
  "start": {"at(mill)": true},
  "goal": {"at(well)": true}
}"#;

    #[test]
    fn templates_ground_in_order_with_their_costs() {
        let f = parse_domain(ROADS).unwrap();
        let names: Vec<&str> = f.domain.actions().iter().map(|a| a.name()).collect();
        assert_eq!(
            names,
            [
                "go(mill,bakery)",
                "go(mill,well)",
                "go(bakery,mill)",
                "go(bakery,well)",
                "go(well,mill)",
                "go(well,bakery)",
                "rest"
            ]
        );
        let cost = |n: &str| {
            f.domain
                .actions()
                .iter()
                .find(|a| a.name() == n)
                .unwrap()
                .cost()
        };
        assert_eq!((cost("go(mill,bakery)"), cost("go(mill,well)")), (2.0, 5.0));
        let r = crate::planner::plan(&f.domain, &f.start, f.goal.as_ref().unwrap());
        assert_eq!(r.plan().unwrap().cost, 5.0);
        // The domain remembers the template: its parameters and each grounding's objects.
        let [t] = f.domain.templates() else {
            panic!("one template")
        };
        assert_eq!(t.name, "go({from},{to})");
        let places = vec!["mill".to_owned(), "bakery".to_owned(), "well".to_owned()];
        assert_eq!(
            t.params,
            [
                ("from".to_owned(), places.clone()),
                ("to".to_owned(), places)
            ]
        );
        assert_eq!(t.groundings.len(), 6);
        assert_eq!(t.groundings[1], (ActionId(1), vec![0, 2]));
        assert_eq!(t.find(&["bakery", "well"]), Some(ActionId(3)));
        assert_eq!(t.find(&["mill", "mill"]), None, "excluded by distinct");
        assert_eq!(t.find(&["mill"]), None);
        assert_eq!(t.find(&["mill", "river"]), None);
    }

    #[test]
    fn bad_templates_are_errors_naming_the_action() {
        let cases: [(&str, &str, &str); 10] = [
            (
                "\"to\": \"place\"}",
                "\"to\": \"plaze\"}",
                "does not declare",
            ),
            (
                "\"distinct\": [\"from\", \"to\"]",
                "\"distinct\": [\"from\", \"x\"]",
                "not a parameter",
            ),
            (
                "\"at({from})\": true}",
                "\"at({frm})\": true}",
                "\"{frm}\"".trim_matches('"'),
            ),
            (
                "\"at({from})\": true}",
                "\"at({from)\": true}",
                "without a \"}\"",
            ),
            ("{\"well\": 5}", "{\"river\": 5}", "not an object"),
            ("{\"well\": 5}", "{\"well\": -5}", "invalid"),
            (
                "\"go({from},{to})\"",
                "\"go({from})\"",
                "two of its groundings are named \"go(mill)\"",
            ),
            (
                "\"distinct\": [\"from\", \"to\"], ",
                "",
                "both true and false",
            ),
            (
                "[\"mill\", \"bakery\", \"well\"]",
                "[]",
                "at least one object",
            ),
            (
                "[\"mill\", \"bakery\", \"well\"]",
                "[\"mill\", \"mill\"]",
                "listed twice",
            ),
        ];
        for (from, to, needle) in cases {
            assert!(ROADS.contains(from), "{from}");
            let e = err(&ROADS.replacen(from, to, 1));
            has(&e, needle);
            assert!(e.line > 0, "{e}: has a position");
        }
        // A template that would ground to too many actions names itself and the count.
        let big: Vec<String> = (0..400).map(|i| format!("\"p{i}\"")).collect();
        let text = ROADS.replace(
            "[\"mill\", \"bakery\", \"well\"]",
            &format!("[{}]", big.join(",")),
        );
        let e = err(&text.replace("{\"well\": 5}", "{}"));
        has(&e, "go({from},{to})");
        has(&e, "160000 actions");
        // Braces are literal in an action without parameters, even one named like a template.
        let plain = ROADS.replace("\"rest\"", "\"rest{ed}\"");
        assert!(parse_domain(&plain).is_ok());
        let twin = ROADS.replace("{\"name\": \"rest\"", "{\"name\": \"go({from},{to})\"");
        assert!(
            parse_domain(&twin).is_ok(),
            "{:?}",
            parse_domain(&twin).err()
        );
        // Variables: a ground variable must be declared; no grounding onto a variable's name.
        let braced_var = ROADS.replace(
            "\"pre\": {\"at({from})\": true}",
            "\"pre\": {\"stock_{from}\": 1}",
        );
        let e = err(&braced_var);
        has(&e, "\"stock_mill\" in \"pre\", which is not declared");
        assert_eq!(e.line, 6, "{e}");
        // Braces in a variable of an action without parameters are literal.
        let plain = r#"{"actions": [{"name": "a", "pre": {"x{y}": 1}}]}"#;
        has(&err(plain), "\"x{y}\" is not a declared variable");
        let onto_var = ROADS.replace(
            "\"objects\"",
            "\"vars\": {\"at(well)\": {\"min\": 0, \"max\": 3}}, \"objects\"",
        );
        let e = err(&onto_var);
        has(&e, "\"at(well)\"");
        has(&e, "declared variable");
        assert!(e.line > 0);
        // cost_by lists each key once.
        has(
            &err(&ROADS.replace("{\"well\": 5}", "{\"well\": 5, \"well\": 6}")),
            "listed twice",
        );
        // Object types are named as such.
        has(
            &err(&ROADS.replace("[\"mill\", \"bakery\", \"well\"]", "[\"mill\", \"mill\"]")),
            "type \"place\"",
        );
        // A syntax error before `objects` is reported as such, not as a template error.
        let late = r#"{"actions": [{"name": "go({to})", "params": {"to": "place"}}]
                      "objects": {"place": ["mill"]}}"#;
        let e = err(late);
        assert!(!e.message.contains("template"), "{e}");
        assert_eq!(e.line, 2, "{e}");
        assert!(parse_domain(&late.replace("}]\n", "}],\n")).is_ok());
    }

    const STOCK: &str = r#"{
  "vars": {"stock({item})": {"params": {"item": "item"}, "min": 0, "max": 3, "default": 1},
           "gold": {"min": 0, "max": 9}},
  "objects": {"place": ["mill", "bakery", "well"], "item": ["flour", "bread"]},
  "actions": [
    {"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
     "where": {"road({from},{to})": true},
     "pre": {"at({from})": true}, "effects": {"at({from})": false, "at({to})": true}},
    {"name": "take({item},{p})", "params": {"item": "item", "p": "place"},
     "where": {"sells({p},{item})": true, "closed({p})": false},
     "pre": {"at({p})": true, "stock({item})": {"<": 3}},
     "effects": {"stock({item})": {"+=": 1}}}
  ],
  "start": {"at(mill)": true, "road(mill,bakery)": true, "road(bakery,well)": true,
            "sells(mill,flour)": true, "sells(bakery,bread)": true, "sells(well,bread)": true,
            "closed(well)": true},
  "goal": {"stock(bread)": 3, "at(well)": true}
}"#;

    #[test]
    fn variable_families_and_where_ground_as_written() {
        let f = parse_domain(STOCK).unwrap();
        let d = &f.domain;
        let vars: Vec<&str> = d.vars().iter().map(|v| v.name()).collect();
        assert_eq!(vars, ["stock(flour)", "stock(bread)", "gold"]);
        assert_eq!(d.vars()[1].default_value(), 1);
        let names: Vec<&str> = d.actions().iter().map(|a| a.name()).collect();
        assert_eq!(
            names,
            [
                "go(mill,bakery)",
                "go(bakery,well)",
                "take(flour,mill)",
                "take(bread,bakery)"
            ]
        );
        let take = &d.actions()[3];
        let bread = d.var_id("stock(bread)").unwrap();
        assert_eq!(take.var_effects()[0].var, bread);
        assert_eq!(take.pre().var_conditions()[0].var, bread);
        let r = crate::planner::plan(d, &f.start, f.goal.as_ref().unwrap());
        assert_eq!(r.plan().unwrap().cost, 4.0);
        assert_eq!(d.objects()[1].0, "item");
        // Objects before the family read the same.
        let moved = STOCK.replacen("\"objects\"", "\"objects0\"", 1).replace(
            "\"vars\"",
            "\"objects\": {\"place\": [\"mill\", \"bakery\", \"well\"], \"item\": [\"flour\", \"bread\"]},\n  \"vars\"",
        );
        let moved = moved.replace("  \"objects0\": {\"place\": [\"mill\", \"bakery\", \"well\"], \"item\": [\"flour\", \"bread\"]},\n", "");
        let g = parse_domain(&moved).unwrap();
        assert_eq!(g.domain.action_count(), 4);
        assert_eq!(g.domain.var_count(), 3);
    }

    #[test]
    fn bad_families_and_wheres_are_errors_with_positions() {
        let cases: [(&str, &str, &str, usize); 8] = [
            (
                "\"item\": \"item\"}, \"min\"",
                "\"item\": \"thing\"}, \"min\"",
                "type \"thing\"",
                2,
            ),
            (
                "\"stock({item})\": {\"params\"",
                "\"stock\": {\"params\"",
                "not in the name",
                2,
            ),
            (
                "\"stock({item})\": {\"params\"",
                "\"stock({it})\": {\"params\"",
                "not a parameter",
                2,
            ),
            ("\"gold\": {", "\"stock(bread)\": {", "declared twice", 3),
            (
                "\"stock({item})\": {\"<\": 3}",
                "\"stock({item})\": {\"<\": 9}",
                "stock(flour)",
                12,
            ),
            (
                "\"stock({item})\": {\"+=\": 1}",
                "\"stock({p})\": {\"+=\": 1}",
                "\"stock(mill)\" in \"effects\", which is not declared",
                12,
            ),
            (
                "\"road({from},{to})\": true}",
                "\"road({from},{to})\": 1}",
                "invalid type",
                7,
            ),
            (
                "\"effects\": {\"stock({item})\": {\"+=\": 1}}",
                "\"effects\": {\"stock({item})\": {\"+=\": 1}, \"road(mill,bakery)\": false}",
                "must be static",
                12,
            ),
        ];
        for (from, to, needle, line) in cases {
            assert!(STOCK.contains(from), "{from}");
            let e = err(&STOCK.replacen(from, to, 1));
            has(&e, needle);
            assert_eq!(e.line, line, "{e}");
        }
        // A goal's reset may not change a "where" fact either, nor an earlier action.
        let reset = STOCK.replace(
            "\"goal\":",
            "\"goals\": [{\"name\": \"g\", \"priority\": 1, \"conditions\": {}, \"reset\": {\"sells(mill,flour)\": false}}],\n  \"goal\":",
        );
        has(
            &err(&reset),
            "the \"reset\" of goals entry \"g\" changes fact \"sells(mill,flour)\"",
        );
        let earlier = STOCK.replace(
            "\"actions\": [",
            "\"actions\": [{\"name\": \"build\", \"effects\": {\"road(well,mill)\": true}},",
        );
        let e = err(&earlier);
        has(
            &e,
            "its \"where\" reads fact \"road(well,mill)\", which action \"build\" changes",
        );
        assert_eq!(e.line, 8, "{e}");
        // "where" needs "params".
        has(
            &err(&STOCK.replace("{\"name\": \"go({from},{to})\", \"params\": {\"from\": \"place\", \"to\": \"place\"},", "{\"name\": \"go\",")),
            "need \"params\"",
        );
    }

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
        // An unfinished list is not blamed on an element that never began.
        let e = err(r#"{"actions": [{"name": "a"}"#);
        assert_eq!(e.message, "actions: EOF while parsing a list", "{e}");
        let e = err(r#"{"actions": []} extra"#);
        has(&e, "trailing");
        let e = err("[1]");
        has(&e, "expected a domain object");
    }

    #[test]
    fn columns_are_one_based_even_before_the_first_character() {
        for (text, at, what) in [
            ("", (1, 1), "EOF while parsing a value"),
            ("   ", (1, 3), "EOF while parsing a value"),
            ("{\n", (2, 1), "EOF while parsing an object"),
            ("[]", (1, 1), "invalid type: sequence"),
            ("\n[]", (2, 1), "invalid type: sequence"),
            ("  []", (1, 3), "invalid type: sequence"),
            ("{}", (1, 2), "missing \"actions\""),
        ] {
            let e = err(text);
            assert_eq!((e.line, e.column), at, "{text:?}: {e}");
            has(&e, what);
        }
    }

    #[test]
    fn a_list_or_object_of_the_wrong_type_is_pointed_at() {
        for (text, column) in [
            (r#"{"actions": {}}"#, 13),
            (r#"{"actions": [[]]}"#, 14),
            (r#"{"actions": [], "start": []}"#, 26),
            (r#"{"actions": [{"name": []}]}"#, 23),
            (r#"{"actions": [{"name": "洗菜", "pre": []}]}"#, 36),
            (r#"{"actions": [{"name": "a", "cost": {}}]}"#, 36),
            (r#"{"actions": [], "goal": {"f": []}}"#, 31),
            (r#"{"actions": [], "goal": {"f": {}}}"#, 31),
            (r#"{"actions": [], "goals": {}}"#, 26),
            (r#"{"actions": [], "goals": [[]]}"#, 27),
        ] {
            let e = err(text);
            assert_eq!((e.line, e.column), (1, column), "{text}: {e}");
            let bracket = text.chars().nth(column - 1).unwrap();
            assert!(bracket == '[' || bracket == '{', "{text}: column {column}");
            has(&e, "invalid type");
        }
        // Scalars of the wrong type were read: the column is their last character.
        let e = err(r#"{"actions": [{"name": "a", "cost": "3"}]}"#);
        assert_eq!((e.line, e.column), (1, 38), "{e}");
    }

    #[test]
    fn columns_count_characters() {
        // "洗菜" is 6 bytes but 2 characters.
        let e = err(r#"{"actions": [{"name": "洗菜", "cost": -1}]}"#);
        assert_eq!((e.line, e.column), (1, 38), "{e}");
        has(
            &e,
            "action \"洗菜\": cost: -1 is invalid; expected a number from 0 to 1e12",
        );
    }

    #[test]
    fn unknown_keys_everywhere_but_meta() {
        let e = err(r#"{"actions": [], "actoins": []}"#);
        assert_eq!(
            e.message,
            "unknown key \"actoins\"; expected one of \"actions\", \"start\", \"goal\", \
             \"goals\", \"vars\", \"objects\", \"meta\""
        );
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
            "goals entry #2: duplicate goal name \"g\" (goals entry #1 has it already)",
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
            "expected a number from 0 to 1e12",
        );
        has(
            &err(r#"{"actions": [{"name": "a", "cost": null}]}"#),
            "expected a number from 0 to 1e12",
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
    fn nul_in_names_and_costs_over_the_maximum_are_placed() {
        let e = err(r#"{"actions": [{"name": "a\u0000b"}]}"#);
        assert_eq!((e.line, e.column), (1, 32), "{e}");
        assert_eq!(
            e.message,
            "action #1: action name \"a\\0b\" contains a NUL character; names are UTF-8 text \
             without NUL"
        );
        let e = err(r#"{"actions": [{"name": "a", "pre": {"x\u0000": true}}]}"#);
        assert_eq!((e.line, e.column), (1, 44), "{e}");
        has(
            &e,
            "action \"a\": pre: fact name \"x\\0\" contains a NUL character",
        );
        has(
            &err(r#"{"actions": [], "goal": {"\u0000": true}}"#),
            "goal: fact name \"\\0\" contains a NUL",
        );
        has(
            &err(
                r#"{"actions": [], "goals": [{"name": "\u0000", "priority": 1, "conditions": {}}]}"#,
            ),
            "goals entry #1: goal name \"\\0\" contains a NUL",
        );
        // Costs: up to 1e12 (the core's MAX_ACTION_COST), placed like a negative cost.
        let f = parse_domain(r#"{"actions": [{"name": "a", "cost": 1e12}]}"#).unwrap();
        assert_eq!(f.domain.actions()[0].cost(), crate::domain::MAX_ACTION_COST);
        let e = err(r#"{"actions": [{"name": "a", "cost": 1e13}]}"#);
        assert_eq!((e.line, e.column), (1, 39), "{e}");
        assert_eq!(
            e.message,
            "action \"a\": cost: 10000000000000 is invalid; expected a number from 0 to 1e12"
        );
        has(
            &err(r#"{"actions": [{"name": "a", "cost": -1e-300}]}"#),
            "cost: -1e-300 is invalid",
        );
        // Decimals parse to the nearest double (serde_json's `float_roundtrip`), so the cap
        // holds exactly: the next double above 1e12 is refused, not rounded down onto it.
        let e = err(r#"{"actions": [{"name": "a", "cost": 1000000000000.0001}]}"#);
        has(&e, "cost: 1000000000000.0001 is invalid");
        let f =
            parse_domain(r#"{"actions": [{"name": "a", "cost": 2.0000000000000004}]}"#).unwrap();
        assert_eq!(
            f.domain.actions()[0].cost(),
            f64::from_bits(2f64.to_bits() + 1)
        );
        // Priorities stay any finite number.
        let f = parse_domain(
            r#"{"actions": [], "goals": [{"name": "g", "priority": 1e300, "conditions": {}}]}"#,
        )
        .unwrap();
        assert_eq!(f.goals[0].priority, 1e300);
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
}
