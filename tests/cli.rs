//! The `goap` command (the README's "The `goap` command"): every exit code, the JSON fields, and the domain-file
//! errors as a designer sees them on stderr.

use std::path::{Path, PathBuf};

use goap::format::load_domain_file;
use goap::WorldState;
use serde_json::Value;

mod cli_support;
use cli_support::{assert_invalid, domain, goap, TempFile, DOMAINS};

/// Runs `goap plan` and parses its one JSON object (checks the fields every object has).
fn plan_json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["plan"];
    all.extend_from_slice(args);
    let r = goap(&all);
    assert_eq!(
        r.stdout.lines().count(),
        1,
        "one line of JSON: {:?}",
        r.stdout
    );
    let v: Value = serde_json::from_str(&r.stdout).expect("stdout is one JSON object");
    assert!(v.is_object(), "{v}");
    assert!(v["expanded"].is_u64(), "expanded missing: {v}");
    assert!(v["micros"].is_u64(), "micros missing: {v}");
    assert!(r.stderr.is_empty(), "stderr: {}", r.stderr);
    (r.code, v)
}

/// Replays `names` against the file with the reference semantics (`Domain::apply`, which
/// checks fact and variable preconditions and variable ranges): each action is applicable
/// in turn and the final state satisfies the goal. Returns the summed cost.
fn replay(file: &str, names: &[Value]) -> f64 {
    let f = load_domain_file(Path::new(file)).expect("the file parses");
    let goal = f.goal.as_ref().expect("the file has a goal");
    let mut state: WorldState = f.start.clone();
    let mut cost = 0.0;
    for n in names {
        let name = n.as_str().expect("plan entries are action names");
        let id = f.domain.action_id(name).expect("plan names a real action");
        assert!(
            f.domain.apply(&mut state, id),
            "{file}: {name} is not applicable here"
        );
        cost += f.domain.action(id).unwrap().cost();
    }
    assert!(
        f.domain.satisfies(&state, goal),
        "{file}: plan does not reach the goal"
    );
    cost
}

/// The optimal cost of the file's goal by exhaustive uniform-cost search over
/// `Domain::apply` (independent of the planner). Costs must be whole numbers.
fn exhaustive_optimal_cost(file: &str) -> Option<u64> {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};
    let f = load_domain_file(Path::new(file)).expect("the file parses");
    let d = &f.domain;
    let goal = f.goal.as_ref().expect("the file has a goal");
    // Every variable set explicitly, so equal states compare equal.
    let mut start = f.start.clone();
    for v in 0..d.var_count() as u32 {
        let v = goap::VarId(v);
        start.set_var(v, d.value(&f.start, v));
    }
    let mut best: HashMap<WorldState, u64> = HashMap::from([(start.clone(), 0)]);
    let mut states = vec![start];
    let mut open = BinaryHeap::from([Reverse((0u64, 0usize))]);
    while let Some(Reverse((g, i))) = open.pop() {
        let state = states[i].clone();
        if best[&state] < g {
            continue;
        }
        if d.satisfies(&state, goal) {
            return Some(g);
        }
        for (a, action) in d.actions().iter().enumerate() {
            let mut next = state.clone();
            if !d.apply(&mut next, goap::ActionId(a as u32)) {
                continue;
            }
            assert_eq!(action.cost().fract(), 0.0, "{file}: whole costs only");
            let cost = g + action.cost() as u64;
            if best.get(&next).is_none_or(|&c| cost < c) {
                best.insert(next.clone(), cost);
                states.push(next);
                open.push(Reverse((cost, states.len() - 1)));
            }
        }
    }
    None
}

#[test]
fn kitchen_is_found_at_cost_17_and_the_plan_replays() {
    let file = domain("kitchen.json");
    let (code, v) = plan_json(&[&file]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "found");
    // A whole cost prints as an integer, not 17.0.
    assert_eq!(v["cost"].as_u64(), Some(17), "{v}");
    let plan = v["plan"].as_array().expect("plan is an array");
    assert_eq!(plan.len(), 7);
    assert_eq!(replay(&file, plan), 17.0);
    assert_eq!(v["heuristic"], "auto");
}

#[test]
fn every_sample_domain_plans_at_its_optimal_cost() {
    let mut checked = 0;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(DOMAINS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let file = path.to_str().unwrap();
        let meta: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let optimal = meta["meta"]["optimal_cost"]
            .as_f64()
            .unwrap_or_else(|| panic!("{file}: meta.optimal_cost"));
        let (code, v) = plan_json(&[file]);
        assert_eq!(code, 0, "{file}: {v}");
        assert_eq!(v["status"], "found", "{file}");
        assert_eq!(v["cost"].as_f64(), Some(optimal), "{file}: {v}");
        let plan = v["plan"].as_array().unwrap();
        assert_eq!(replay(file, plan), optimal, "{file}");
        checked += 1;
    }
    assert!(checked >= 13, "only {checked} sample domains found");
}

#[test]
fn numeric_samples_state_their_exact_optimal_cost() {
    // Independent of the planner: an exhaustive search over the reference semantics.
    for name in ["crafting.json", "ammo.json"] {
        let file = domain(name);
        let meta: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let optimal = meta["meta"]["optimal_cost"].as_u64();
        assert_eq!(exhaustive_optimal_cost(&file), optimal, "{name}");
        assert!(meta["meta"]["vars"].as_u64().unwrap() > 0, "{name}");
    }
}

#[test]
fn numeric_samples_plan_validly_at_their_optimal_cost() {
    // Needs the planner's variable support (the lead's branch): until it is merged the
    // planner ignores variable conditions and this fails at `replay`.
    for (name, optimal) in [("crafting.json", 10.0), ("ammo.json", 5.0)] {
        let file = domain(name);
        let (code, v) = plan_json(&[&file]);
        assert_eq!(
            (code, &v["status"]),
            (0, &Value::from("found")),
            "{name}: {v}"
        );
        let plan = v["plan"].as_array().unwrap();
        assert_eq!(replay(&file, plan), optimal, "{name}: {v}");
        assert_eq!(v["cost"].as_f64(), Some(optimal), "{name}: {v}");
    }
}

#[test]
fn numeric_plans_respect_ranges_and_overflow() {
    // Reject (the default): a second "big" would take n from 3 to 6, outside [0, 4], so it
    // is not applicable; the cheapest plan is "big" and "small" (cost 4). Saturate: the
    // second "big" clamps 6 to 4 (cost 2).
    let f = TempFile::new(
        "numeric-reject",
        r#"{"vars": {"n": {"min": 0, "max": 4}},
            "actions": [{"name": "big", "cost": 1, "effects": {"n": {"+=": 3}}},
                        {"name": "small", "cost": 3, "effects": {"n": {"+=": 1}}}],
            "goal": {"n": 4}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(replay(f.path(), v["plan"].as_array().unwrap()), 4.0, "{v}");
    let f = TempFile::new(
        "numeric-saturate",
        r#"{"vars": {"n": {"min": 0, "max": 4, "overflow": "saturate"}},
            "actions": [{"name": "big", "cost": 1, "effects": {"n": {"+=": 3}}},
                        {"name": "small", "cost": 3, "effects": {"n": {"+=": 1}}}],
            "goal": {"n": 4}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["plan"], serde_json::json!(["big", "big"]), "{v}");
    assert_eq!(replay(f.path(), v["plan"].as_array().unwrap()), 2.0);
    // A start that already satisfies the variable goal: empty plan.
    let f = TempFile::new(
        "numeric-satisfied",
        r#"{"vars": {"n": {"min": 0, "max": 4, "default": 2}},
            "actions": [{"name": "up", "effects": {"n": {"+=": 1}}}],
            "goal": {"n": {">=": 2}}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!((code, &v["plan"]), (0, &serde_json::json!([])), "{v}");
    // Unreachable: nothing lowers n below its default.
    let f = TempFile::new(
        "numeric-noplan",
        r#"{"vars": {"n": {"min": 0, "max": 4, "default": 2}},
            "actions": [{"name": "up", "effects": {"n": {"+=": 1}}}],
            "goal": {"n": {"<": 2}}}"#,
    );
    assert_eq!(plan_json(&[f.path()]).0, 1);
}

#[test]
fn every_heuristic_flag_is_optimal_on_kitchen() {
    let file = domain("kitchen.json");
    for h in ["auto", "lmcut", "landmarks", "hmax", "blind"] {
        let (code, v) = plan_json(&[&file, "--heuristic", h]);
        assert_eq!(code, 0, "{h}");
        assert_eq!(v["cost"].as_u64(), Some(17), "{h}: {v}");
        assert_eq!(v["heuristic"], h);
    }
    let (_, v) = plan_json(&["--heuristic=blind", &file]);
    assert_eq!(v["heuristic"], "blind");
}

#[test]
fn direction_flag_reports_the_direction_that_ran() {
    let file = domain("kitchen.json");
    for (d, ran) in [
        ("auto", "forward"),
        ("forward", "forward"),
        ("backward", "backward"),
    ] {
        let (code, v) = plan_json(&[&file, "--direction", d]);
        assert_eq!(code, 0, "{d}");
        assert_eq!(v["cost"].as_u64(), Some(17), "{d}: {v}");
        assert_eq!(v["direction"], ran, "{d}: {v}");
    }
    // Sliced backward search: the same plan and counts.
    let (_, whole) = plan_json(&[&file, "--direction=backward"]);
    let (_, sliced) = plan_json(&[&file, "--direction=backward", "--slice", "2"]);
    assert_eq!(
        (&whole["plan"], &whole["expanded"]),
        (&sliced["plan"], &sliced["expanded"])
    );
    assert!(sliced["slices"].as_u64().unwrap() > 1, "{sliced}");
    // A domain whose actions use variables is searched forward.
    let (code, v) = plan_json(&[&domain("ammo.json"), "--direction", "backward"]);
    assert_eq!((code, &v["direction"]), (0, &Value::from("forward")), "{v}");
    let r = goap(&["plan", &file, "--direction", "sideways"]);
    assert_invalid(
        &r,
        &["--direction expects auto, forward or backward, not \"sideways\""],
    );
}

#[test]
fn already_satisfied_is_found_with_an_empty_plan_and_cost_0() {
    let f = TempFile::new(
        "satisfied",
        r#"{"actions": [{"name": "a", "effects": {"x": true}}],
            "start": {"x": true}, "goal": {"x": true, "y": false}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "found");
    assert_eq!(v["plan"], Value::Array(vec![]));
    assert_eq!(v["cost"].as_u64(), Some(0), "{v}");
}

#[test]
fn fractional_costs_print_as_numbers() {
    let f = TempFile::new(
        "fraction",
        r#"{"actions": [{"name": "a", "cost": 0.5, "effects": {"x": true}},
                        {"name": "b", "cost": 0.25, "pre": {"x": true}, "effects": {"y": true}},
                        {"name": "free", "cost": 0, "pre": {"y": true}, "effects": {"z": true}}],
            "goal": {"z": true}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!(code, 0);
    assert_eq!(v["cost"].as_f64(), Some(0.75), "{v}");
    assert_eq!(v["plan"], serde_json::json!(["a", "b", "free"]));
}

#[test]
fn unreachable_goal_is_no_plan_exit_1() {
    // Relaxed-unreachable: nothing makes "y" true.
    let f = TempFile::new(
        "noplan",
        r#"{"actions": [{"name": "a", "effects": {"x": true}}], "goal": {"y": true}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "no_plan");
    assert!(v.get("plan").is_none() && v.get("cost").is_none(), "{v}");
    // Relaxed-reachable but impossible (p and q exclude each other): found by the search.
    let f = TempFile::new(
        "noplan-search",
        r#"{"actions": [{"name": "a", "effects": {"p": true, "q": false}},
                        {"name": "b", "effects": {"q": true, "p": false}}],
            "goal": {"p": true, "q": true}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!((code, &v["status"]), (1, &Value::from("no_plan")), "{v}");
}

#[test]
fn node_limit_is_limit_exit_3() {
    let file = domain("blocksworld-5.json");
    let (code, v) = plan_json(&[&file, "--max-nodes", "1"]);
    assert_eq!(code, 3);
    assert_eq!(v["status"], "limit");
    assert!(v.get("plan").is_none() && v.get("cost").is_none(), "{v}");
    // The flag really sets the limit: a generous one finds the plan.
    let (code, v) = plan_json(&["--max-nodes=100000", &file]);
    assert_eq!((code, v["cost"].as_u64()), (0, Some(10)), "{v}");
}

/// `--slice N`: every field but `micros` equals the unsliced run's, plus
/// `"slices"`: one call per N expanded nodes (and the last); on every sample domain, and
/// for a node-limit result.
#[test]
fn sliced_plans_equal_unsliced_ones() {
    let mut files: Vec<String> = std::fs::read_dir(DOMAINS)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".json"))
        .collect();
    files.sort();
    let mut cases: Vec<(String, Vec<&str>)> = Vec::new();
    for f in &files {
        cases.push((f.clone(), vec![]));
    }
    cases.push((domain("blocksworld-5.json"), vec!["--max-nodes", "20"]));
    cases.push((domain("blocksworld-5.json"), vec!["--heuristic", "blind"]));
    let mut checked = 0;
    for (file, extra) in &cases {
        if load_domain_file(Path::new(file)).unwrap().goal.is_none() {
            continue;
        }
        let mut args = vec![file.as_str()];
        args.extend(extra.iter().copied());
        let (code, mut whole) = plan_json(&args);
        assert!(whole.get("slices").is_none(), "{whole}");
        let expanded = whole["expanded"].as_u64().unwrap();
        for n in [1u64, 3, 1000] {
            let n_text = n.to_string();
            let mut sliced_args = args.clone();
            sliced_args.extend(["--slice", n_text.as_str()]);
            let (sliced_code, mut sliced) = plan_json(&sliced_args);
            assert_eq!(sliced_code, code, "{file} {extra:?} --slice {n}");
            let slices = sliced.as_object_mut().unwrap().remove("slices");
            let slices = slices.and_then(|s| s.as_u64()).expect("a \"slices\" count");
            assert!(
                slices == expanded / n + 1 || (expanded % n == 0 && slices == expanded / n),
                "{file}: {expanded} nodes in slices of {n} took {slices}"
            );
            sliced["micros"] = 0.into();
            whole["micros"] = 0.into();
            assert_eq!(sliced, whole, "{file} {extra:?} --slice {n}");
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} files planned");
    let kitchen = domain("kitchen.json");
    for bad in ["0", "-1", "x", ""] {
        assert_invalid(
            &goap(&["plan", &kitchen, "--slice", bad]),
            &["--slice expects a whole number of nodes"],
        );
    }
}

#[test]
fn usage_errors_exit_2_with_nothing_on_stdout() {
    let kitchen = domain("kitchen.json");
    assert_invalid(&goap(&[]), &["usage", "goap plan FILE"]);
    assert_invalid(&goap(&["frobnicate"]), &["unknown command \"frobnicate\""]);
    assert_invalid(&goap(&["--frob"]), &["unknown command \"--frob\""]);
    assert_invalid(&goap(&["plan"]), &["`plan` needs a FILE"]);
    assert_invalid(
        &goap(&["plan", &kitchen, "--fast"]),
        &["unknown option \"--fast\""],
    );
    assert_invalid(
        &goap(&["plan", &kitchen, &kitchen]),
        &["unexpected argument"],
    );
    assert_invalid(
        &goap(&["plan", &kitchen, "--max-nodes"]),
        &["--max-nodes needs a value"],
    );
    assert_invalid(
        &goap(&["plan", &kitchen, "--max-nodes", "lots"]),
        &["--max-nodes expects a whole number", "\"lots\""],
    );
    assert_invalid(
        &goap(&["plan", &kitchen, "--max-nodes", "-5"]),
        &["--max-nodes expects a whole number"],
    );
    assert_invalid(
        &goap(&["plan", &kitchen, "--heuristic", "magic"]),
        &["--heuristic expects auto, lmcut"],
    );
    assert_invalid(&goap(&["validate"]), &["`validate` needs a FILE"]);
    assert_invalid(
        &goap(&["validate", &kitchen, "extra"]),
        &["unexpected argument"],
    );
    assert_invalid(&goap(&["demo", "now"]), &["unexpected argument \"now\""]);
    let missing = std::env::temp_dir().join("goap-cli-test-does-not-exist.json");
    assert_invalid(
        &goap(&["plan", missing.to_str().unwrap()]),
        &["goap-cli-test-does-not-exist.json", "cannot read the file"],
    );
}

#[test]
fn help_goes_to_stdout_with_exit_0() {
    for flag in ["--help", "-h", "help"] {
        let r = goap(&[flag]);
        assert_eq!(r.code, 0, "{flag}");
        assert!(
            r.stdout.contains("goap plan FILE [--max-nodes N]"),
            "{flag}"
        );
        assert!(r.stderr.is_empty());
    }
    let r = goap(&["--version"]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.stdout.trim(),
        format!("goap {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_file_without_goal_cannot_be_planned() {
    let f = TempFile::new(
        "nogoal",
        r#"{"actions": [{"name": "a", "effects": {"x": true}}],
            "goals": [{"name": "rest", "priority": 1, "conditions": {"x": true}}]}"#,
    );
    assert_invalid(&goap(&["plan", f.path()]), &["no \"goal\"", "rest"]);
    // It is a valid file all the same.
    assert_eq!(goap(&["validate", f.path()]).code, 0);
}

#[test]
fn malformed_json_names_file_line_and_column() {
    let f = TempFile::new(
        "malformed",
        "{\n  \"actions\": [\n    {\"name\": \"a\",}\n  ]\n}\n",
    );
    let r = goap(&["plan", f.path()]);
    assert_invalid(&r, &[&format!("{}:3:18: ", f.path()), "trailing comma"]);
    let r = goap(&["validate", f.path()]);
    assert_invalid(&r, &[&format!("{}:3:18: ", f.path())]);
    let f = TempFile::new("truncated", "{\"actions\": [{\"name\": \"a\"}");
    assert_invalid(&goap(&["plan", f.path()]), &[":1:26: ", "EOF"]);
}

#[test]
fn errors_at_the_start_of_a_document_are_column_1() {
    for (label, text, what) in [
        ("empty", "", "EOF while parsing a value"),
        (
            "list",
            "[]",
            "invalid type: sequence, expected a domain object",
        ),
        ("newline-list", "\n[]", "invalid type: sequence"),
    ] {
        let f = TempFile::new(label, text);
        let at = if label == "newline-list" { 2 } else { 1 };
        for command in ["validate", "plan"] {
            let r = goap(&[command, f.path()]);
            assert_invalid(&r, &[&format!("{}:{at}:1: {what}", f.path())]);
        }
    }
    // A list where the actions belong is pointed at, not the space before it.
    let f = TempFile::new("actions-object", r#"{"actions": {}}"#);
    assert_invalid(
        &goap(&["validate", f.path()]),
        &[":1:13: actions: invalid type: map"],
    );
}

#[test]
fn unknown_keys_are_errors_except_inside_meta() {
    let f = TempFile::new(
        "unknown-action-key",
        "{\"actions\": [\n  {\"name\": \"chop\", \"precondition\": {}}\n]}",
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &[
            ":2:33: ",
            "action \"chop\": unknown key \"precondition\"",
            "expected one of \"name\", \"cost\", \"pre\", \"effects\"",
        ],
    );
    let f = TempFile::new("unknown-top-key", r#"{"actions": [], "goa": {"x": true}}"#);
    assert_invalid(&goap(&["plan", f.path()]), &["unknown key \"goa\""]);
    let f = TempFile::new(
        "meta-free",
        r#"{"actions": [{"name": "a", "effects": {"x": true}}], "goal": {"x": true},
            "meta": {"author": "me", "anything": {"nested": [1, null, {"deep": true}]}}}"#,
    );
    assert_eq!(plan_json(&[f.path()]).0, 0);
    let f = TempFile::new(
        "unknown-var-key",
        "{\"actions\": [],\n \"vars\": {\"ammo\": {\"min\": 0, \"max\": 30, \"step\": 1}}}",
    );
    assert_invalid(
        &goap(&["validate", f.path()]),
        &[
            ":2:46: ",
            "vars: variable \"ammo\": unknown key \"step\"; expected one of \"min\", \"max\", \
             \"default\", \"overflow\"",
        ],
    );
}

#[test]
fn numeric_errors_name_file_line_column_and_item() {
    let vars = r#""vars": {"ammo": {"min": 0, "max": 30}}"#;
    for (label, body, parts) in [
        (
            "out-of-range",
            r#""actions": [{"name": "shoot", "pre": {"ammo": {">=": 40}}}]"#,
            &[":2:55: ", "action \"shoot\": pre: variable \"ammo\": >= 40 compares with a constant outside the range [0, 30]"][..],
        ),
        (
            "unknown-op",
            r#""actions": [{"name": "shoot", "pre": {"ammo": {"=>": 4}}}]"#,
            &[":2:51: ", "unknown operator \"=>\"; expected one of \"==\", \"!=\", \"<\", \"<=\", \">\", \">=\""],
        ),
        (
            "two-ops",
            r#""actions": [{"name": "shoot", "pre": {"ammo": {">=": 1, "<=": 5}}}]"#,
            &[":2:60: ", "more than one operator (\">=\" and \"<=\")"],
        ),
        (
            "fraction",
            r#""actions": [{"name": "shoot", "effects": {"ammo": {"-=": 0.5}}}]"#,
            &[":2:60: ", "action \"shoot\": effects: variable \"ammo\": 0.5 is not an integer"],
        ),
        (
            "i32",
            r#""start": {"ammo": 2147483648}, "actions": []"#,
            &[":2:28: ", "start: variable \"ammo\": 2147483648 is beyond the 32-bit integer range"],
        ),
        (
            "bool-for-var",
            r#""actions": [], "goal": {"ammo": true}"#,
            &[":2:36: ", "goal: variable \"ammo\": \"ammo\" is a variable: expected an integer or {\"op\": n}"],
        ),
        (
            "undeclared",
            r#""actions": [], "goal": {"amo": {">": 1}}"#,
            &[":2:32: ", "goal: fact \"amo\": invalid type: map, expected true or false; \"amo\" is not a declared variable: declare it in \"vars\""],
        ),
        (
            "bad-step",
            r#""actions": [{"name": "reload", "effects": {"ammo": {"+=": 31}}}]"#,
            &[":2:60: ", "action \"reload\": effects: variable \"ammo\": += 31 is not a step from 1 to 30"],
        ),
    ] {
        // `vars` after the lists that use it: declarations are known wherever they are.
        let f = TempFile::new(label, &format!("{{\n{body},\n {vars}}}"));
        assert_invalid(&goap(&["plan", f.path()]), parts);
        let text = std::fs::read_to_string(f.path()).unwrap();
        assert!(text.lines().nth(1).unwrap().starts_with('"'), "{label}");
    }
    for (label, decl, parts) in [
        (
            "min-max",
            r#"{"min": 5, "max": 3}"#,
            &[
                ":1:38: ",
                "vars: variable \"ammo\": min 5 is greater than max 3",
            ][..],
        ),
        (
            "default",
            r#"{"min": 0, "max": 3, "default": 9}"#,
            &[":1:52: ", "default 9 is outside the range [0, 3]"],
        ),
        (
            "overflow",
            r#"{"min": 0, "max": 3, "overflow": "wrap"}"#,
            &[":1:57: ", "unknown overflow rule \"wrap\""],
        ),
    ] {
        let f = TempFile::new(
            label,
            &format!(r#"{{"vars": {{"ammo": {decl}}}, "actions": []}}"#),
        );
        assert_invalid(&goap(&["validate", f.path()]), parts);
    }
}

#[test]
fn validate_counts_variables_and_warns_about_unmeetable_conditions() {
    let r = goap(&["validate", &domain("crafting.json")]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("valid: 2 facts, 8 actions, 4 variables, goal of 2 conditions"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.is_empty(), "no warnings expected: {}", r.stderr);
    let f = TempFile::new(
        "lint-vars",
        r#"{"vars": {"gold": {"min": 0, "max": 99}, "unused": {"min": 0, "max": 1}},
            "actions": [{"name": "sell", "effects": {"gold": 5}},
                        {"name": "buy", "pre": {"gold": {">=": 50}}, "effects": {"rich": true}}],
            "goal": {"rich": true}}"#,
    );
    let r = goap(&["lint", f.path()]);
    assert_eq!(r.code, 0, "warnings do not fail validation: {}", r.stderr);
    let warnings: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(warnings.len(), 2, "{}", r.stderr);
    // Each warning names the file, line and column of what it is about.
    assert!(warnings[0].starts_with(&format!("{}:1:42: warning: ", f.path())));
    assert!(warnings[0].ends_with(
        "warning: variable \"unused\" is declared in \"vars\" but no condition or effect uses it"
    ));
    assert!(warnings[1].starts_with(&format!("{}:3:34: warning: ", f.path())));
    assert!(warnings[1].ends_with(
        "warning: variable \"gold\" must be >= 50 for action \"buy\", but from \"start\" the \
         actions' effects keep it within [0, 5] (a typo?)"
    ));
}

#[test]
fn duplicate_action_name_is_named() {
    let f = TempFile::new(
        "dup-action",
        "{\"actions\": [\n {\"name\": \"shoot\"},\n {\"name\": \"reload\"},\n {\"name\": \"shoot\", \"cost\": 2}\n]}",
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &[
            ":4:17: ",
            "duplicate action name \"shoot\" (action #1 has it already)",
        ],
    );
}

#[test]
fn duplicate_fact_key_is_an_error() {
    let f = TempFile::new(
        "dup-fact",
        r#"{"actions": [{"name": "aim", "pre": {"loaded": true, "loaded": false}}]}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &["action \"aim\": pre: fact \"loaded\" is listed twice"],
    );
    let f = TempFile::new(
        "dup-top",
        r#"{"actions": [], "goal": {"x": true}, "goal": {"y": true}}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &["key \"goal\" is listed twice"],
    );
}

#[test]
fn non_boolean_values_are_errors() {
    let f = TempFile::new(
        "non-bool",
        r#"{"actions": [{"name": "reload", "effects": {"loaded": 1}}]}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &[
            "action \"reload\": effects: fact \"loaded\"",
            "expected true or false",
        ],
    );
    let f = TempFile::new(
        "non-bool-start",
        r#"{"actions": [], "start": {"x": "true"}}"#,
    );
    assert_invalid(
        &goap(&["validate", f.path()]),
        &["start: fact \"x\": invalid type: string \"true\", expected true or false"],
    );
}

#[test]
fn bad_costs_are_errors() {
    let f = TempFile::new(
        "negative-cost",
        r#"{"actions": [{"name": "run", "cost": -2.5}]}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &[
            "action \"run\": cost: -2.5 is invalid",
            "expected a number from 0 to 1e12",
        ],
    );
    let f = TempFile::new(
        "string-cost",
        r#"{"actions": [{"name": "run", "cost": "3"}]}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &["action \"run\": cost: invalid type: string \"3\", expected a number from 0 to 1e12"],
    );
    let f = TempFile::new(
        "huge-cost",
        r#"{"actions": [{"name": "run", "cost": 1e400}]}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &["action \"run\"", "number out of range"],
    );
}

#[test]
fn nul_in_names_and_costs_over_1e12_are_placed() {
    let f = TempFile::new("nul-name", r#"{"actions": [{"name": "a\u0000b"}]}"#);
    assert_invalid(
        &goap(&["validate", f.path()]),
        &[&format!(
            "{}:1:32: action #1: action name \"a\\0b\" contains a NUL character",
            f.path()
        )],
    );
    let f = TempFile::new("huge-cost", r#"{"actions": [{"name": "a", "cost": 1e13}]}"#);
    for command in ["validate", "plan"] {
        assert_invalid(
            &goap(&[command, f.path()]),
            &[&format!(
                "{}:1:39: action \"a\": cost: 10000000000000 is invalid; expected a number from 0 to 1e12",
                f.path()
            )],
        );
    }
}

#[test]
fn empty_names_are_errors() {
    let f = TempFile::new("empty-action", r#"{"actions": [{"name": ""}]}"#);
    assert_invalid(&goap(&["plan", f.path()]), &["empty action name"]);
    let f = TempFile::new("empty-fact", r#"{"actions": [], "goal": {"": true}}"#);
    assert_invalid(&goap(&["plan", f.path()]), &["goal: empty fact name"]);
}

#[test]
fn chinese_domain_plans_and_its_errors_count_characters() {
    let f = TempFile::new(
        "chinese",
        r#"{"actions": [
            {"name": "买斧头", "cost": 2, "effects": {"有斧头": true}},
            {"name": "砍树", "cost": 1, "pre": {"有斧头": true}, "effects": {"有木头": true}},
            {"name": "徒手劈柴", "cost": 9, "effects": {"有木头": true}}],
          "goal": {"有木头": true}}"#,
    );
    let (code, v) = plan_json(&[f.path()]);
    assert_eq!(code, 0);
    assert_eq!(v["plan"], serde_json::json!(["买斧头", "砍树"]));
    assert_eq!(v["cost"].as_u64(), Some(3));
    // "砍树" is 6 bytes but 2 characters: the column counts characters (38, not 42).
    let f = TempFile::new(
        "chinese-bad",
        r#"{"actions": [{"name": "砍树", "cost": -1}]}"#,
    );
    assert_invalid(
        &goap(&["plan", f.path()]),
        &[":1:38: ", "action \"砍树\": cost: -1 is invalid"],
    );
}

#[test]
fn validate_confirms_a_valid_file() {
    let r = goap(&["validate", &domain("kitchen.json")]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("valid: 8 facts, 7 actions"),
        "{}",
        r.stdout
    );
    assert!(r.stderr.is_empty(), "no warnings expected: {}", r.stderr);
}

#[test]
fn validate_reports_errors_on_stderr() {
    let f = TempFile::new(
        "validate-bad",
        "{\"actions\": [\n{\"name\": \"a\", \"cost\": null}]}",
    );
    assert_invalid(
        &goap(&["validate", f.path()]),
        &[&format!("{}:2:", f.path()), "action \"a\": cost"],
    );
}

#[test]
fn validate_warns_about_facts_nothing_can_make_true() {
    let f = TempFile::new(
        "lint",
        r#"{"actions": [
            {"name": "get_axe", "effects": {"has_axe": true}},
            {"name": "chop", "pre": {"has_ax": true}, "effects": {"wood": true}},
            {"name": "sneak", "pre": {"alarm": false}, "effects": {"inside": true}}],
          "start": {"alarm": true},
          "goal": {"wood": true, "inside": true}}"#,
    );
    let r = goap(&["validate", f.path()]);
    assert_eq!(r.code, 0, "warnings do not fail validation: {}", r.stderr);
    assert!(r.stdout.contains("valid: "), "{}", r.stdout);
    let warnings: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(warnings.len(), 2, "{}", r.stderr);
    // At the "name" of the action that needs the fact, in file order.
    assert!(warnings[0].starts_with(&format!(
        "{}:3:22: warning: fact \"has_ax\" must be true for action \"chop\"",
        f.path()
    )));
    assert!(warnings[1].starts_with(&format!(
        "{}:4:22: warning: fact \"alarm\" must be false for action \"sneak\"",
        f.path()
    )));
    // The plan command agrees that such a goal cannot be reached.
    assert_eq!(plan_json(&[f.path()]).0, 1);
}

#[test]
fn demo_explains_the_kitchen_plan() {
    let r = goap(&["demo", "--kitchen"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let out = &r.stdout;
    for part in [
        "start: 菜已买",
        "goal:  晚餐完成",
        "Total cost: 17",
        "expanded",
        "generated",
        "pruned",
        "estimate",
        "µs",
    ] {
        assert!(out.contains(part), "demo output lacks {part:?}:\n{out}");
    }
    // Step by step with the running total, ending at 17.
    for name in ["洗菜", "切菜", "炒菜", "买肉", "炖肉", "蒸饭", "摆盘"] {
        assert!(out.contains(name), "{name} missing:\n{out}");
    }
    let last_step = out
        .lines()
        .find(|l| l.contains("7.") && l.contains("摆盘"))
        .expect("step 7 is 摆盘");
    assert!(
        last_step.split_whitespace().any(|w| w == "17"),
        "{last_step}"
    );
    assert!(!out.contains('{'), "the demo prints no JSON:\n{out}");
}

#[test]
fn lint_is_validate() {
    let kitchen = "examples/domains/kitchen.json";
    let v = std::process::Command::new(env!("CARGO_BIN_EXE_goap"))
        .args(["validate", kitchen])
        .output()
        .unwrap();
    let l = std::process::Command::new(env!("CARGO_BIN_EXE_goap"))
        .args(["lint", kitchen])
        .output()
        .unwrap();
    assert_eq!(l.status.code(), Some(0));
    assert_eq!((l.stdout, l.stderr), (v.stdout, v.stderr));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_goap"))
        .args(["lint", "no-such-file.json"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
}
