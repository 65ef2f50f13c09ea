//! Unit tests of `vars.rs`: variable declarations and values in domain files.

use crate::domain::{ActionId, Compare, Overflow, VarCondition, VarEffect, VarId, VarOp};
use crate::format::{parse_domain, DomainFile, FormatError};

fn ok(text: &str) -> DomainFile {
    parse_domain(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The error for `text`, checking that it says `part` and is placed at the last
/// character of the first occurrence of `needle`.
fn err_at(text: &str, needle: &str, part: &str) -> FormatError {
    let e = match parse_domain(text) {
        Ok(_) => panic!("expected an error for {text}"),
        Err(e) => e,
    };
    assert!(e.message.contains(part), "{e} does not mention {part:?}");
    let end = text.find(needle).expect("the needle is in the text") + needle.len();
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count();
    assert_eq!((e.line, e.column), (line, column), "{text}: {e}");
    e
}

/// A document with `ammo` in [0, 30] declared after `actions`, and one action `a`.
fn with_action(action_body: &str) -> String {
    format!(
        r#"{{"actions": [{{"name": "a", {action_body}}}],
 "vars": {{"ammo": {{"min": 0, "max": 30}}}}}}"#
    )
}

const SAMPLE: &str = r#"{
  "vars": {"ammo": {"min": 0, "max": 30},
       "hp":   {"min": 0, "max": 100, "default": 100, "overflow": "saturate"}},
  "actions": [
{"name": "reload", "pre": {"ammo": {"<": 30}}, "effects": {"ammo": {"+=": 10}}},
{"name": "shoot", "pre": {"ammo": {">=": 1}}, "effects": {"ammo": {"-=": 1}, "hit": true}}
  ],
  "start": {"ammo": 5},
  "goal": {"hit": true, "ammo": {">": 0}}
}"#;

#[test]
fn the_module_docs_example_builds_the_domain() {
    let f = ok(SAMPLE);
    let d = &f.domain;
    assert_eq!(d.var_count(), 2);
    let (ammo, hp) = (d.var_id("ammo").unwrap(), d.var_id("hp").unwrap());
    assert_eq!((ammo, hp), (VarId(0), VarId(1)));
    let h = d.var(hp).unwrap();
    assert_eq!((h.min(), h.max(), h.default_value()), (0, 100, 100));
    assert_eq!(h.overflow(), Overflow::Saturate);
    assert_eq!(d.var(ammo).unwrap().overflow(), Overflow::Reject);
    assert_eq!(d.var(ammo).unwrap().default_value(), 0);
    let reload = d.action(ActionId(0)).unwrap();
    assert_eq!(
        reload.pre().var_conditions(),
        [VarCondition::new(ammo, Compare::Lt, 30)]
    );
    assert_eq!(reload.var_effects(), [VarEffect::new(ammo, VarOp::Add, 10)]);
    let shoot = d.action(ActionId(1)).unwrap();
    assert_eq!(shoot.var_effects(), [VarEffect::new(ammo, VarOp::Sub, 1)]);
    assert_eq!(f.start.var(ammo), Some(5));
    assert_eq!(f.start.var(hp), None, "unset: reads as the default");
    assert_eq!(d.value(&f.start, hp), 100);
    let goal = f.goal.as_ref().unwrap();
    assert_eq!(
        goal.var_conditions(),
        [VarCondition::new(ammo, Compare::Gt, 0)]
    );
    // The reference semantics: shoot once reaches the goal.
    let mut s = f.start.clone();
    assert!(!d.satisfies(&s, goal));
    assert!(d.apply(&mut s, ActionId(1)));
    assert!(d.satisfies(&s, goal));
    assert_eq!(d.value(&s, ammo), 4);
}

#[test]
fn every_operator_and_bare_integers() {
    let f = ok(r#"{"vars": {"x": {"min": -5, "max": 5}},
        "actions": [{"name": "a", "pre": {"x": -2}, "effects": {"x": 3}},
                    {"name": "b", "pre": {"x": {"==": 1}}},
                    {"name": "c", "pre": {"x": {"!=": 1}}},
                    {"name": "d", "pre": {"x": {"<": 1}}},
                    {"name": "e", "pre": {"x": {"<=": 1}}},
                    {"name": "f", "pre": {"x": {">": 1}}},
                    {"name": "g", "pre": {"x": {">=": -5}}, "effects": {"x": {"-=": 10}}}],
        "start": {"x": -5}}"#);
    let d = &f.domain;
    let x = VarId(0);
    let ops: Vec<(Compare, i32)> = d
        .actions()
        .iter()
        .map(|a| {
            let c = a.pre().var_conditions()[0];
            (c.op, c.value)
        })
        .collect();
    use Compare::*;
    assert_eq!(
        ops,
        [
            (Eq, -2),
            (Eq, 1),
            (Ne, 1),
            (Lt, 1),
            (Le, 1),
            (Gt, 1),
            (Ge, -5)
        ]
    );
    assert_eq!(
        d.actions()[0].var_effects(),
        [VarEffect::new(x, VarOp::Set, 3)]
    );
    assert_eq!(
        d.actions()[6].var_effects(),
        [VarEffect::new(x, VarOp::Sub, 10)]
    );
    assert_eq!(f.start.var(x), Some(-5));
    // Integral numbers in other spellings.
    let f = ok(r#"{"vars": {"x": {"min": 0, "max": 5000, "default": 2.0}},
        "actions": [{"name": "a", "pre": {"x": 1e3}, "effects": {"x": {"+=": 1E1}}}]}"#);
    let a = &f.domain.actions()[0];
    assert_eq!(a.pre().var_conditions()[0].value, 1000);
    assert_eq!(a.var_effects()[0].value, 10);
    assert_eq!(f.domain.vars()[0].default_value(), 2);
}

#[test]
fn ids_follow_declaration_order_and_facts_keep_theirs() {
    let f = ok(
        r#"{"actions": [{"name": "a", "pre": {"p": true, "z": 1}, "effects": {"q": true}}],
        "goal": {"a1": {">=": 2}, "r": false},
        "vars": {"z": {"min": 0, "max": 3}, "a1": {"min": 0, "max": 3}, "m": {"min": 0, "max": 1}}}"#,
    );
    let d = &f.domain;
    let names: Vec<&str> = d.vars().iter().map(|v| v.name()).collect();
    assert_eq!(names, ["z", "a1", "m"]);
    let facts: Vec<&str> = (0..d.fact_count() as u32)
        .map(|i| d.fact_name(crate::domain::FactId(i)))
        .collect();
    assert_eq!(facts, ["p", "q", "r"]);
    // Goals entries take variables too.
    let f = ok(r#"{"vars": {"gold": {"min": 0, "max": 9}}, "actions": [],
        "goals": [{"name": "rich", "priority": 1, "conditions": {"gold": {">": 5}}}]}"#);
    assert_eq!(
        f.goals[0].conditions.var_conditions(),
        [VarCondition::new(VarId(0), Compare::Gt, 5)]
    );
}

#[test]
fn out_of_range_constants() {
    err_at(
        &with_action(r#""pre": {"ammo": {">=": 40}}"#),
        r#"40"#,
        "action \"a\": pre: variable \"ammo\": >= 40 compares with a constant outside \
         the range [0, 30]",
    );
    err_at(
        &with_action(r#""pre": {"ammo": -1}"#),
        r#"-1"#,
        "variable \"ammo\": == -1 compares with a constant outside the range [0, 30]",
    );
    err_at(
        &with_action(r#""effects": {"ammo": 31}"#),
        r#"31"#,
        "action \"a\": effects: variable \"ammo\": cannot set 31 outside the range [0, 30]",
    );
    err_at(
        r#"{"actions": [], "start": {"ammo": 31}, "vars": {"ammo": {"min": 0, "max": 30}}}"#,
        r#"31"#,
        "start: variable \"ammo\": 31 is outside the range [0, 30]",
    );
    err_at(
        r#"{"actions": [], "goal": {"ammo": {"<": 0}}, "vars": {"ammo": {"min": 0, "max": 30}}}"#,
        r#""<": 0"#,
        "goal: variable \"ammo\": < 0 can never hold within the range [0, 30]",
    );
    err_at(
        r#"{"actions": [], "goal": {"ammo": {">": 30}}, "vars": {"ammo": {"min": 0, "max": 30}}}"#,
        r#"">": 30"#,
        "> 30 can never hold within the range [0, 30]",
    );
    err_at(
        r#"{"vars": {"k": {"min": 2, "max": 2}}, "actions": [],
            "goals": [{"name": "g", "priority": 1, "conditions": {"k": {"!=": 2}}}]}"#,
        r#""!=": 2"#,
        "goals entry \"g\": conditions: variable \"k\": != 2 can never hold within the \
         range [2, 2]",
    );
}

#[test]
fn steps_must_lie_within_the_range_width() {
    for (body, part) in [
        (
            r#"{"+=": 0}"#,
            "+= 0 is not a step from 1 to 30 (the range's width)",
        ),
        (r#"{"-=": 31}"#, "-= 31 is not a step from 1 to 30"),
        (r#"{"-=": -1}"#, "-= -1 is not a step from 1 to 30"),
    ] {
        // Placed at the number.
        let number = &body[..body.len() - 1];
        err_at(
            &with_action(&format!(r#""effects": {{"ammo": {body}}}"#)),
            number,
            part,
        );
    }
    ok(&with_action(r#""effects": {"ammo": {"+=": 30}}"#));
    err_at(
        r#"{"vars": {"k": {"min": 7, "max": 7}},
            "actions": [{"name": "a", "effects": {"k": {"+=": 1}}}]}"#,
        r#""+=": 1"#,
        "+= 1 can never apply: the range [7, 7] has a single value",
    );
}

#[test]
fn operators_are_checked() {
    err_at(
        &with_action(r#""pre": {"ammo": {"=>": 4}}"#),
        r#""=>""#,
        "action \"a\": pre: variable \"ammo\": unknown operator \"=>\"; expected one of \
         \"==\", \"!=\", \"<\", \"<=\", \">\", \">=\"",
    );
    err_at(
        &with_action(r#""effects": {"ammo": {">=": 4}}"#),
        r#"">=""#,
        "effects: variable \"ammo\": unknown operator \">=\"; expected one of \"+=\", \
         \"-=\" (a bare integer sets the variable)",
    );
    err_at(
        &with_action(r#""pre": {"ammo": {"+=": 4}}"#),
        r#""+=""#,
        "unknown operator \"+=\"",
    );
    err_at(
        &with_action(r#""pre": {"ammo": {">=": 4, "<": 9}}"#),
        r#""<""#,
        "more than one operator (\">=\" and \"<\"): an operator object has exactly one, \
         like {\">=\": 3}",
    );
    err_at(
        &with_action(r#""pre": {"ammo": {}}"#),
        r#"{}"#,
        "empty operator object: expected exactly one operator",
    );
    err_at(
        &with_action(r#""pre": {"ammo": {">": "3"}}"#),
        r#""3""#,
        "invalid type: string \"3\", expected an integer",
    );
    err_at(
        r#"{"actions": [], "start": {"ammo": {">": 3}}, "vars": {"ammo": {"min": 0, "max": 30}}}"#,
        r#"{">": 3}"#,
        "start: variable \"ammo\": \"start\" gives a variable its value: expected an \
         integer",
    );
}

#[test]
fn integers_only_and_within_i32() {
    err_at(
        &with_action(r#""pre": {"ammo": 3.5}"#),
        r#"3.5"#,
        "variable \"ammo\": 3.5 is not an integer",
    );
    err_at(
        &with_action(r#""pre": {"ammo": {">": 1.5e0}}"#),
        r#"1.5e0"#,
        "1.5 is not an integer",
    );
    err_at(
        &with_action(r#""pre": {"ammo": 3000000000}"#),
        r#"3000000000"#,
        "3000000000 is beyond the 32-bit integer range (-2147483648 to 2147483647)",
    );
    err_at(
        &with_action(r#""pre": {"ammo": -99999999999999999999}"#),
        r#"-99999999999999999999"#,
        "is beyond the 32-bit integer range",
    );
    err_at(
        r#"{"actions": [], "vars": {"x": {"min": -2147483649, "max": 0}}}"#,
        r#"-2147483649"#,
        "vars: variable \"x\": -2147483649 is beyond the 32-bit integer range",
    );
    // The extremes themselves are fine.
    let f = ok(r#"{"actions": [], "vars": {"x": {"min": -2147483648, "max": 2147483647}}}"#);
    assert_eq!(f.domain.vars()[0].range_len(), 1 << 32);
}

#[test]
fn variables_and_facts_do_not_mix() {
    let e = err_at(
        &with_action(r#""pre": {"ammo": true}"#),
        r#"true"#,
        "action \"a\": pre: variable \"ammo\": \"ammo\" is a variable: expected an \
         integer or {\"op\": n}",
    );
    assert!(e
        .message
        .ends_with("not true (facts and variables share one namespace)"));
    err_at(
        r#"{"actions": [], "start": {"ammo": false}, "vars": {"ammo": {"min": 0, "max": 1}}}"#,
        r#"false"#,
        "start: variable \"ammo\": \"ammo\" is a variable: expected an integer, not false",
    );
    err_at(
        &with_action(r#""pre": {"ammo": "3"}"#),
        r#""3""#,
        "\"ammo\" is a variable: expected an integer or {\"op\": n} with op one of",
    );
    err_at(
        &with_action(r#""pre": {"ammo": [1, 2]}"#),
        r#"[1, 2]"#,
        "is a variable: expected an integer or {\"op\": n} with op one of \"==\", \"!=\", \
         \"<\", \"<=\", \">\", \">=\", not a list",
    );
    err_at(
        &with_action(r#""pre": {"ammo": null}"#),
        r#"null"#,
        "not null",
    );
    // A name `vars` does not declare is a fact.
    for (value, at, kind) in [
        ("3", r#""ammo": 3"#, "invalid type: integer `3`"),
        (
            "3.5",
            r#""ammo": 3.5"#,
            "invalid type: floating point `3.5`",
        ),
        (r#"{">": 3}"#, r#""ammo": {"#, "invalid type: map"),
    ] {
        let text = format!(
            r#"{{"actions": [{{"name": "a", "pre": {{"ammo": {value}}}}}],
                "vars": {{"am": {{"min": 0, "max": 3}}}}}}"#
        );
        err_at(
            &text,
            at,
            &format!(
                "action \"a\": pre: fact \"ammo\": {kind}, expected true or false; \
                 \"ammo\" is not a declared variable: declare it in \"vars\""
            ),
        );
    }
    // A string is just not a boolean: no hint about variables.
    let e = err_at(
        r#"{"actions": [], "goal": {"f": "yes"}}"#,
        r#""yes""#,
        "goal: fact \"f\": invalid type: string \"yes\", expected true or false",
    );
    assert!(!e.message.contains("variable"), "{e}");
}

#[test]
fn declarations_are_checked() {
    for (decl, at, part) in [
        (r#"{"min": 0, "max": 30, "step": 1}"#, r#""step""#, "vars: variable \"v\": unknown key \"step\"; expected one of \"min\", \"max\", \"default\", \"overflow\""),
        (r#"{"min": 5, "max": 3}"#, r#"{"min": 5, "max": 3}"#, "vars: variable \"v\": min 5 is greater than max 3"),
        (r#"{"min": 0, "max": 3, "default": 4}"#, r#"{"min": 0, "max": 3, "default": 4}"#, "vars: variable \"v\": default 4 is outside the range [0, 3]"),
        (r#"{"min": 0, "max": 3, "default": -1}"#, r#"{"min": 0, "max": 3, "default": -1}"#, "default -1 is outside the range [0, 3]"),
        (r#"{"min": 0, "max": 3, "overflow": "wrap"}"#, r#""wrap""#, "unknown overflow rule \"wrap\"; expected \"reject\""),
        (r#"{"min": 0, "max": 3, "overflow": 1}"#, r#""overflow": 1"#, "invalid type: integer `1`, expected \"reject\" or \"saturate\""),
        (r#"{"max": 3}"#, r#"{"max": 3}"#, "missing \"min\""),
        (r#"{"min": 3}"#, r#"{"min": 3}"#, "missing \"max\""),
        (r#"{"min": 0, "min": 1, "max": 3}"#, r#"0, "min""#, "key \"min\" is listed twice"),
        (r#"{"min": 0.5, "max": 3}"#, r#"0.5"#, "0.5 is not an integer"),
        (r#"{"min": [0], "max": 3}"#, r#"[0]"#, "invalid type: a list, expected an integer"),
        (r#"[0, 3]"#, r#""v": ["#, "invalid type: sequence, expected a variable declaration"),
    ] {
        let text = format!(r#"{{"actions": [], "vars": {{"v": {decl}}}}}"#);
        // Errors found at the end of a declaration point at its `}`.
        let at = if at == decl { format!("{{\"v\": {decl}") } else { at.to_owned() };
        err_at(&text, &at, part);
    }
    err_at(
        r#"{"actions": [], "vars": {"v": {"min": 0, "max": 1}, "v": {"min": 0, "max": 1}}}"#,
        r#"}, "v""#,
        "vars: variable \"v\" is declared twice",
    );
    err_at(
        r#"{"actions": [], "vars": {"": {"min": 0, "max": 1}}}"#,
        r#""""#,
        "empty variable name",
    );
    err_at(
        r#"{"actions": [], "vars": {"a\u0000": {"min": 0, "max": 1}}}"#,
        r#""a\u0000""#,
        "variable name \"a\\0\" contains a NUL character",
    );
    err_at(
        r#"{"actions": [], "vars": []}"#,
        r#""vars": ["#,
        "vars: invalid type: sequence",
    );
    err_at(
        r#"{"actions": [], "vars": {}, "vars": {}}"#,
        r#"{}, "vars""#,
        "key \"vars\" is listed twice",
    );
    // A declaration error is reported even when an earlier list uses the variable.
    err_at(
        r#"{"actions": [{"name": "a", "pre": {"v": 9}}], "vars": {"v": {"min": 1, "max": 0}}}"#,
        r#"{"min": 1, "max": 0}"#,
        "vars: variable \"v\": min 1 is greater than max 0",
    );
}

#[test]
fn malformed_json_is_reported_in_context_around_vars() {
    // Malformed before `vars`: the declarations are unknown, the error keeps its context.
    err_at(
        r#"{"actions": [{"name": "a", "pre": {"x": 1 "y": true}}], "vars": {"x": {"min": 0, "max": 3}}}"#,
        r#"1 ""#,
        "action \"a\": pre: expected `,` or `}`",
    );
    // ...and an earlier error still comes first.
    err_at(
        r#"{"actions": [{"name": "a", "pre": {"x": "yes"}}] oops}"#,
        r#""yes""#,
        "action \"a\": pre: fact \"x\": invalid type: string \"yes\"",
    );
    // Malformed after `vars`: the declarations are known and checked.
    err_at(
        r#"{"vars": {"x": {"min": 0, "max": 3}}, "actions": [{"name": "a", "pre": {"x": 4}}] x}"#,
        r#""x": 4"#,
        "== 4 compares with a constant outside the range [0, 3]",
    );
    err_at(
        r#"{"vars": {"x": {"min": 0, "max": 3}}, "actions": []} x"#,
        r#"} x"#,
        "trailing characters",
    );
    err_at(r#"{"vars": {"x": {"min": 0, "max": 3}"#, r#"3}"#, "EOF");
}
