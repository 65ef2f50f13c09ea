use super::*;

/// (severity, line, column, message start) of each diagnostic.
fn placed(text: &str) -> Vec<(Severity, usize, usize, String)> {
    validate(text)
        .into_iter()
        .map(|d| (d.severity, d.line, d.column, d.message))
        .collect()
}

/// Line and column of the first occurrence of `needle` in `text` (1-based, characters;
/// a leading byte order mark not counted).
fn at(text: &str, needle: &str) -> (usize, usize) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let i = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in text"));
    let before = &text[..i];
    let line = before.matches('\n').count() + 1;
    let line_text = before.rsplit('\n').next().unwrap();
    (line, line_text.chars().count() + 1)
}

fn warnings_at(text: &str) -> Vec<(usize, usize)> {
    placed(text)
        .into_iter()
        .map(|(s, l, c, _)| {
            assert_eq!(s, Severity::Warning);
            (l, c)
        })
        .collect()
}

const KITCHEN: &str = include_str!("../../examples/domains/kitchen.json");

#[test]
fn a_clean_file_has_no_diagnostics() {
    assert!(validate(KITCHEN).is_empty());
    assert!(validate(r#"{"actions": []}"#).is_empty());
}

#[test]
fn a_parse_error_is_the_only_diagnostic() {
    let d = validate("{\n  \"actions\": [\n    {\"name\": \"a\",}\n  ]\n}");
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].severity, d[0].line, d[0].column),
        (Severity::Error, 3, 18)
    );
    assert!(d[0].message.contains("trailing comma"), "{}", d[0].message);
    assert!(d[0].to_string().starts_with("3:18: error: "), "{}", d[0]);
    // Characters, not bytes, and the same as parse_domain's error.
    let text = r#"{"actions": [{"name": "洗菜", "cost": -1}]}"#;
    let e = parse_domain(text).unwrap_err();
    assert_eq!(
        placed(text),
        [(Severity::Error, 1, 38, e.message.clone())],
        "{e}"
    );
    assert_eq!(validate("").len(), 1);
}

#[test]
fn minified_one_line() {
    let text = r#"{"actions":[{"name":"get","effects":{"b":true}},{"name":"use","pre":{"a":true}}],"goal":{"c":true}}"#;
    let d = validate(text);
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!((d[0].line, d[0].column), at(text, "\"use\""));
    assert!(d[0]
        .message
        .starts_with("fact \"a\" must be true for action \"use\""));
    assert_eq!((d[1].line, d[1].column), at(text, "\"goal\""));
    assert!(
        d[1].to_string().starts_with("1:82: warning: fact \"c\""),
        "{}",
        d[1]
    );
}

const PRETTY: &str = r#"{
  "start": {"alarm": true},
  "actions": [
    {
      "cost": 2,
      "name": "chop",
      "pre": {"has_ax": true},
      "effects": {"wood": true}
    },
    {"name": "sneak", "pre": {"alarm": false}, "effects": {"inside": true}}
  ],
  "goals": [
    {"name": "rest", "priority": 1, "conditions": {"asleep": true}},
    {"priority": 2, "conditions": {"inside": true, "hungry": false}, "name": "eat"}
  ],
  "goal": {"wood": true, "has_ax": true}
}"#;

#[test]
fn pretty_json_points_at_each_requirer() {
    let d = validate(PRETTY);
    let got: Vec<(usize, usize, &str)> = d
        .iter()
        .map(|d| (d.line, d.column, d.message.as_str()))
        .collect();
    assert_eq!(got.len(), 3, "{d:#?}");
    // has_ax: action "chop" (and the goal): at chop's name, not the entry's `{`.
    assert_eq!((got[0].0, got[0].1), at(PRETTY, "\"chop\""));
    assert!(got[0]
        .2
        .starts_with("fact \"has_ax\" must be true for action \"chop\", goal"));
    // alarm false: action "sneak".
    assert_eq!((got[1].0, got[1].1), at(PRETTY, "\"sneak\""));
    assert!(got[1].2.starts_with("fact \"alarm\" must be false"));
    // asleep: goals entry "rest".
    assert_eq!((got[2].0, got[2].1), at(PRETTY, "\"rest\""));
    assert!(got[2].2.contains("goals entry \"rest\""));
}

#[test]
fn goals_entries_and_the_goal_key() {
    let text = "{\"actions\": [],\n \"goals\": [{\"priority\": 1, \"conditions\": {\"x\": true}, \"name\": \"late\"}],\n \"goal\": {\"y\": true}}";
    assert_eq!(
        warnings_at(text),
        [at(text, "\"late\""), at(text, "\"goal\"")]
    );
}

#[test]
fn crlf_line_endings_and_a_byte_order_mark() {
    let crlf = PRETTY.replace('\n', "\r\n");
    let lf = warnings_at(PRETTY);
    assert_eq!(warnings_at(&crlf), lf);
    let bom = format!("\u{feff}{crlf}");
    assert_eq!(warnings_at(&bom), lf);
    // On the first line, the byte order mark is not a column.
    let one = "\u{feff}{\"actions\": [{\"name\": \"a\", \"pre\": {\"x\": true}}]}";
    assert_eq!(warnings_at(one), [(1, 23)]);
    let bad = "\u{feff}{\"actions\": [{\"name\": \"a\",}]}";
    assert_eq!(placed(bad)[0].1..=placed(bad)[0].2, 1..=27);
}

#[test]
fn non_ascii_names_count_characters() {
    let text = r#"{"actions": [{"name": "砍树", "pre": {"有斧头": true}}, {"name": "烧火", "pre": {"有木头": true}}]}"#;
    let w = warnings_at(text);
    assert_eq!(w, [at(text, "\"砍树\""), at(text, "\"烧火\"")]);
    assert_eq!(w[1], (1, 61));
    // Escaped names are decoded before they are compared.
    let text = "{\"actions\": [\n  {\"name\": \"\\u780d\\u6811\", \"pre\": {\"x\": true}}]}";
    assert_eq!(warnings_at(text), [(2, 12)]);
}

const TEMPLATES: &str = r#"{
  "objects": {"place": ["mill", "well"],
              "tool": ["axe"], "spare": ["x", "y"]},
  "vars": {"unused": {"min": 0, "max": 1},
           "stock({p})": {"params": {"p": "place"}, "min": 0, "max": 3}},
  "actions": [
    {"name": "go({a},{b})", "params": {"a": "place", "b": "place"}, "distinct": ["a", "b"],
     "pre": {"at({a})": true, "has_key": true}, "effects": {"at({b})": true}},
    {"name": "fill({p})", "params": {"p": "place"},
     "pre": {"bucket": true}, "effects": {"stock({p})": {"+=": 1}}},
    {"name": "one({t})", "params": {"t": "tool"}, "where": {"never({t})": true}},
    {"name": "plain", "pre": {"ready": true}}
  ],
  "start": {"at(mill)": true}
}"#;

#[test]
fn templates_are_placed_at_their_entry() {
    let d = validate(TEMPLATES);
    let got: Vec<((usize, usize), &str)> = d
        .iter()
        .map(|d| ((d.line, d.column), d.message.as_str()))
        .collect();
    let expect: Vec<((usize, usize), &str)> = vec![
        (at(TEMPLATES, "\"axe\""), "object \"axe\""),
        (at(TEMPLATES, "\"y\""), "object \"y\""),
        (at(TEMPLATES, "\"x\""), "object \"x\""),
        (at(TEMPLATES, "\"unused\""), "variable \"unused\""),
        (at(TEMPLATES, "\"go({a},{b})\""), "fact \"has_key\""),
        (
            at(TEMPLATES, "\"go({a},{b})\""),
            "template \"go({a},{b})\": none",
        ),
        (at(TEMPLATES, "\"fill({p})\""), "fact \"bucket\""),
        (
            at(TEMPLATES, "\"fill({p})\""),
            "template \"fill({p})\": none",
        ),
        (
            at(TEMPLATES, "\"one({t})\""),
            "template \"one({t})\" grounds to no",
        ),
        (at(TEMPLATES, "\"plain\""), "fact \"ready\""),
    ];
    let mut sorted = expect.clone();
    sorted.sort_by_key(|(p, _)| *p);
    assert_eq!(got.len(), sorted.len(), "{d:#?}");
    for ((p, m), (ep, em)) in got.iter().zip(&sorted) {
        assert_eq!(p, ep, "{m}");
        assert!(m.starts_with(em), "{m} / {em}");
    }
}

#[test]
fn a_single_grounding_and_a_family_variable() {
    // One grounding needs the fact: the warning names the ground action, placed at the
    // template; an unused family is placed at its key.
    let text = r#"{"objects": {"p": ["a", "b"]},
  "vars": {"n({x})": {"params": {"x": "p"}, "min": 0, "max": 1}},
  "actions": [{"name": "t({x})", "params": {"x": "p"}, "pre": {"at({x})": true}}],
  "start": {"at(a)": true}}"#;
    let d = validate(text);
    assert_eq!(d.len(), 3, "{d:#?}");
    assert_eq!((d[0].line, d[0].column), at(text, "\"n({x})\""));
    assert!(
        d[0].message.contains("variable \"n(a)\""),
        "{}",
        d[0].message
    );
    assert_eq!((d[1].line, d[1].column), at(text, "\"n({x})\""));
    assert_eq!((d[2].line, d[2].column), at(text, "\"t({x})\""));
    assert!(d[2].message.contains("action \"t(b)\""), "{}", d[2].message);
}

#[test]
fn unreachable_variable_conditions_are_placed() {
    let text = "{\"vars\": {\"gold\": {\"min\": 0, \"max\": 99}},\n\"actions\": [{\"name\": \"sell\", \"effects\": {\"gold\": 5}},\n {\"name\": \"buy\", \"pre\": {\"gold\": {\">=\": 50}}}]}";
    let d = validate(text);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!((d[0].line, d[0].column), (3, 11));
    assert!(d[0].message.starts_with("variable \"gold\" must be >= 50"));
}

#[test]
fn unknown_positions_are_zero_and_nothing_panics() {
    let f = parse_domain(PRETTY).unwrap();
    // Another text: nothing found.
    for other in ["", "{", "[1, 2]", "{\"actions\": 3}", "\"", "{\"a\": \"\\"] {
        let d = lint_diagnostics(other, &f);
        assert_eq!(d.len(), 3);
        assert!(d.iter().all(|d| (d.line, d.column) == (0, 0)), "{other:?}");
    }
    // Every prefix of a valid file, with the file's own lint results: never panics.
    let text = TEMPLATES;
    let f = parse_domain(text).unwrap();
    for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = lint_diagnostics(&text[..end], &f);
        let _ = validate(&text[..end]);
    }
    // Deep nesting in "meta" is skipped without recursion.
    let deep = format!(
        "{{\"meta\": {}{}, \"actions\": [{{\"name\": \"a\", \"pre\": {{\"x\": true}}}}]}}",
        "[".repeat(100),
        "]".repeat(100)
    );
    assert_eq!(warnings_at(&deep), [at(&deep, "\"a\"")]);
}

#[test]
fn bytes_that_are_not_utf8() {
    let d = validate_bytes(b"{\"actions\": [\n{\"name\": \"a\xff\"}]}");
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].severity, d[0].line, d[0].column),
        (Severity::Error, 2, 12)
    );
    assert!(d[0].message.contains("not valid UTF-8"));
    assert_eq!(validate_bytes(KITCHEN.as_bytes()), validate(KITCHEN));
}
