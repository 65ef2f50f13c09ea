//! `goap::explain` and `goap explain`: why a goal has no plan, partial progress, search
//! traces, and the command's exit codes and output forms.

use std::path::PathBuf;

use goap::explain::{
    explain, trace_dot, Condition, ExplainOptions, Explanation, Missing, ProgressEnd, Why,
};
use goap::format::{parse_domain, DomainFile};
use goap::{ActionContext, Outcome, PlanOptions};
use serde_json::Value;

mod cli_support;
use cli_support::{assert_invalid, domain, goap, TempFile, DOMAINS};

fn file(json: &str) -> DomainFile {
    parse_domain(json).unwrap_or_else(|e| panic!("test domain: {e}"))
}

fn explain_goal(f: &DomainFile, context: &ActionContext, options: &ExplainOptions) -> Explanation {
    let goal = f.goal.as_ref().expect("test domain has a goal");
    explain(&f.domain, &f.start, goal, context, options)
}

fn explain_default(f: &DomainFile) -> Explanation {
    explain_goal(f, &ActionContext::new(), &ExplainOptions::default())
}

fn fact_condition(f: &DomainFile, name: &str, value: bool) -> Condition {
    let id = f
        .domain
        .fact_id(name)
        .unwrap_or_else(|| panic!("fact {name}"));
    Condition::Fact(goap::FactValue::new(id, value))
}

/// Every node of the tree, depth first, with its depth (goal conditions at 1).
fn nodes(missing: &[Missing]) -> Vec<(usize, &Missing)> {
    fn walk<'a>(m: &'a Missing, depth: usize, out: &mut Vec<(usize, &'a Missing)>) {
        out.push((depth, m));
        if let Why::Providers(providers) = &m.why {
            for p in providers {
                for l in &p.lacks {
                    walk(l, depth + 1, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    for m in missing {
        walk(m, 1, &mut out);
    }
    out
}

/// The leading spaces of the first line of `text` containing `needle`.
fn indent_of(text: &str, needle: &str) -> usize {
    let line = text
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in:\n{text}"));
    line.len() - line.trim_start().len()
}

const TYPO: &str = r#"{
  "actions": [
    {"name": "get_axe", "cost": 2, "effects": {"has_axe": true}},
    {"name": "chop", "cost": 1, "pre": {"has_ax": true}, "effects": {"has_wood": true}},
    {"name": "walk", "cost": 1, "effects": {"tired": true}}
  ],
  "goal": {"has_wood": true, "tired": true}
}"#;

#[test]
fn a_typo_is_named_as_missing_with_no_action_making_it_true() {
    let f = file(TYPO);
    let why = explain_default(&f);
    assert_eq!(why.outcome, Outcome::NoPlan);
    assert_eq!(why.missing.len(), 1, "only has_wood is missing: {why:?}");
    assert_eq!(
        why.missing[0].condition,
        fact_condition(&f, "has_wood", true)
    );
    let Why::Providers(providers) = &why.missing[0].why else {
        panic!("chop provides has_wood: {why:?}");
    };
    assert_eq!(providers.len(), 1);
    assert_eq!(providers[0].action, f.domain.action_id("chop").unwrap());
    assert_eq!(providers[0].lacks.len(), 1);
    assert_eq!(
        providers[0].lacks[0].condition,
        fact_condition(&f, "has_ax", true)
    );
    assert_eq!(providers[0].lacks[0].why, Why::NoProvider);
    // The root cause names the typo and the name it probably meant.
    assert_eq!(why.root_causes.len(), 1);
    assert_eq!(
        why.root_causes[0].condition,
        fact_condition(&f, "has_ax", true)
    );
    assert_eq!(
        why.root_causes[0].similar,
        [f.domain.fact_id("has_axe").unwrap()]
    );
    let text = why.render(&f.domain);
    assert!(
        text.contains("\"has_ax\" is true: no action makes it true"),
        "{text}"
    );
    assert!(text.contains("did you mean \"has_axe\"?"), "{text}");
    assert!(text.contains("\"chop\" would make it true"), "{text}");
    // The progress search gets "tired" but not the wood.
    assert_eq!(why.progress.end, ProgressEnd::Exhausted);
    assert_eq!(
        why.progress.satisfied,
        [fact_condition(&f, "tired", true)],
        "{why:?}"
    );
}

const CHAIN: &str = r#"{
  "actions": [
    {"name": "finish", "pre": {"x": true}, "effects": {"goal": true}},
    {"name": "make_x", "pre": {"y": true}, "effects": {"x": true}},
    {"name": "make_y", "pre": {"z": true}, "effects": {"y": true}}
  ],
  "goal": {"goal": true}
}"#;

#[test]
fn a_two_level_chain_shows_the_recursion() {
    let f = file(CHAIN);
    let why = explain_default(&f);
    let all = nodes(&why.missing);
    let depth_of = |name: &str| {
        let c = fact_condition(&f, name, true);
        all.iter()
            .find(|(_, m)| m.condition == c)
            .map(|(d, _)| *d)
            .unwrap_or_else(|| panic!("{name} not in the tree: {why:?}"))
    };
    assert_eq!(
        (
            depth_of("goal"),
            depth_of("x"),
            depth_of("y"),
            depth_of("z")
        ),
        (1, 2, 3, 4)
    );
    // max_depth 3 (the default): z is named but not expanded; it has no provider anyway,
    // and the root causes (whatever the depth) name it.
    let z = all.iter().find(|(d, _)| *d == 4).unwrap().1;
    assert_eq!(z.why, Why::DepthLimit);
    assert_eq!(why.root_causes.len(), 1);
    assert_eq!(why.root_causes[0].condition, fact_condition(&f, "z", true));
    let text = why.render(&f.domain);
    let (x, y, z) = (
        indent_of(&text, "- \"x\" is true"),
        indent_of(&text, "- \"y\" is true"),
        indent_of(&text, "- \"z\" is true"),
    );
    assert!(x < y && y < z, "indentation grows with depth:\n{text}");
    // Deeper reports expand z.
    let deep = ExplainOptions {
        max_depth: 10,
        ..ExplainOptions::default()
    };
    let why = explain_goal(&f, &ActionContext::new(), &deep);
    let all = nodes(&why.missing);
    assert_eq!(all.last().unwrap().1.why, Why::NoProvider);
    // Depth 0 names the goal's missing condition only.
    let shallow = ExplainOptions {
        max_depth: 0,
        ..ExplainOptions::default()
    };
    let why = explain_goal(&f, &ActionContext::new(), &shallow);
    assert_eq!(nodes(&why.missing).len(), 1);
    assert_eq!(why.missing[0].why, Why::DepthLimit);
}

#[test]
fn a_disabled_provider_shows_as_disabled_and_is_absent_for_the_planner() {
    let f = file(
        r#"{"actions": [
              {"name": "buy", "cost": 5, "effects": {"has_food": true}},
              {"name": "hunt", "cost": 1, "pre": {"has_bow": true}, "effects": {"has_food": true}}],
            "goal": {"has_food": true}}"#,
    );
    assert!(matches!(explain_default(&f).outcome, Outcome::Found(_)));
    let mut context = ActionContext::new();
    let buy = f.domain.action_id("buy").unwrap();
    context.set_enabled(buy, false);
    let why = explain_goal(&f, &context, &ExplainOptions::default());
    assert_eq!(why.outcome, Outcome::NoPlan);
    let Why::Providers(providers) = &why.missing[0].why else {
        panic!("{why:?}");
    };
    assert_eq!(providers.len(), 2);
    assert!(providers[0].disabled && providers[0].action == buy);
    assert!(!providers[1].disabled && providers[1].lacks.len() == 1);
    let text = why.render(&f.domain);
    assert!(
        text.contains("\"buy\" would make it true, but is disabled for this agent"),
        "{text}"
    );
    // The disabled action takes no part in the progress search either.
    assert!(why.progress.actions.is_empty(), "{:?}", why.progress);

    // When only disabled actions provide a condition, the root cause says so.
    let f = file(
        r#"{"actions": [{"name": "buy", "effects": {"has_food": true}}],
            "goal": {"has_food": true}}"#,
    );
    let mut context = ActionContext::new();
    context.set_enabled(f.domain.action_id("buy").unwrap(), false);
    let why = explain_goal(&f, &context, &ExplainOptions::default());
    assert_eq!(why.root_causes.len(), 1);
    assert_eq!(
        why.root_causes[0].disabled,
        [f.domain.action_id("buy").unwrap()]
    );
    let text = why.render(&f.domain);
    assert!(
        text.contains(
            "only \"buy\" would make it true, and it is disabled for this agent (by its \
             context, or cooling down after a failure)"
        ),
        "{text}"
    );
    // Its names are not in doubt: no hint about typos (which a provider-less fact gets).
    assert!(
        text.contains("Start here: nothing enabled can make these true:"),
        "{text}"
    );
    assert!(!text.contains("typo"), "{text}");
    let f = file(
        r#"{"actions": [{"name": "buy", "effects": {"has_food": true}}],
            "goal": {"has_food": true, "has_fod": true}}"#,
    );
    let mut context = ActionContext::new();
    context.set_enabled(f.domain.action_id("buy").unwrap(), false);
    let why = explain_goal(&f, &context, &ExplainOptions::default());
    let text = why.render(&f.domain);
    assert!(
        text.contains("nothing enabled can make these true (check their names for typos):"),
        "{text}"
    );
}

#[test]
fn a_cycle_is_cut_and_repeated_conditions_are_referenced() {
    // a needs y to make x, b needs x to make y: nothing gets them started.
    let f = file(
        r#"{"actions": [
              {"name": "a", "pre": {"y": true}, "effects": {"x": true}},
              {"name": "b", "pre": {"x": true}, "effects": {"y": true}},
              {"name": "c", "pre": {"x": true}, "effects": {"w": true}}],
            "goal": {"x": true, "y": true, "w": true}}"#,
    );
    let deep = ExplainOptions {
        max_depth: 1000,
        ..ExplainOptions::default()
    };
    let why = explain_goal(&f, &ActionContext::new(), &deep);
    let all = nodes(&why.missing);
    assert!(all.len() < 20, "{all:?}");
    assert!(all.iter().any(|(_, m)| m.why == Why::Cycle), "{all:?}");
    assert!(all.iter().any(|(_, m)| m.why == Why::SeeAbove), "{all:?}");
    // No condition lacks a provider: the report says it is a cycle.
    assert!(why.root_causes.is_empty());
    let text = why.render(&f.domain);
    assert!(text.contains("a cycle"), "{text}");
    assert!(text.contains("see above"), "{text}");

    // With a root cause beside the cycle, the report warns that fixing it is not enough.
    let f = file(
        r#"{"actions": [
              {"name": "a", "pre": {"y": true}, "effects": {"x": true}},
              {"name": "b", "pre": {"x": true}, "effects": {"y": true}}],
            "start": {"door": true},
            "goal": {"x": true, "door": false}}"#,
    );
    let why = explain_default(&f);
    assert_eq!(why.root_causes.len(), 1);
    assert_eq!(
        why.root_causes[0].condition,
        fact_condition(&f, "door", false)
    );
    let text = why.render(&f.domain);
    assert!(
        text.contains("\"door\" is false: no action makes it false and it is true in \"start\""),
        "{text}"
    );
    assert!(text.contains("Fixing these may not be enough"), "{text}");
}

#[test]
fn a_variable_nothing_raises_is_named_with_its_range() {
    let f = file(
        r#"{"vars": {"ammo": {"min": 0, "max": 30}},
            "actions": [{"name": "shoot", "pre": {"ammo": {">=": 1}},
                         "effects": {"ammo": {"-=": 1}, "hit": true}}],
            "start": {"ammo": 3},
            "goal": {"ammo": {">=": 10}}}"#,
    );
    let why = explain_default(&f);
    assert_eq!(why.outcome, Outcome::NoPlan);
    assert_eq!(why.missing.len(), 1);
    let m = &why.missing[0];
    assert!(matches!(m.condition, Condition::Var(_)));
    // shoot only lowers ammo: it is no provider of ammo >= 10.
    assert_eq!(m.why, Why::NoProvider);
    assert_eq!(m.range, Some((0, 3)));
    let text = why.render(&f.domain);
    assert!(
        text.contains(
            "\"ammo\" >= 10 (\"ammo\" can only be within [0, 3]): no action makes it true"
        ),
        "{text}"
    );
}

#[test]
fn a_step_the_range_always_refuses_is_reported() {
    // From 25, += 10 would leave [0, 30] (overflow rejected), so reload never runs.
    let f = file(
        r#"{"vars": {"ammo": {"min": 0, "max": 30}},
            "actions": [{"name": "reload", "effects": {"ammo": {"+=": 10}}}],
            "start": {"ammo": 25},
            "goal": {"ammo": {">=": 28}}}"#,
    );
    let why = explain_default(&f);
    assert_eq!(why.outcome, Outcome::NoPlan);
    let Why::Providers(providers) = &why.missing[0].why else {
        panic!("{why:?}");
    };
    assert!(providers[0].blocked_by_range && providers[0].lacks.is_empty());
    let text = why.render(&f.domain);
    assert!(text.contains("would leave the range"), "{text}");
}

#[test]
fn conditions_reachable_alone_but_not_together_are_said_to_be() {
    let f = file(
        r#"{"actions": [
              {"name": "left", "effects": {"a": true, "b": false}},
              {"name": "right", "effects": {"b": true, "a": false}}],
            "goal": {"a": true, "b": true}}"#,
    );
    let why = explain_default(&f);
    assert_eq!(why.outcome, Outcome::NoPlan);
    assert!(why.missing.is_empty() && why.root_causes.is_empty());
    let text = why.render(&f.domain);
    assert!(text.contains("not all of them together"), "{text}");
    assert_eq!(why.progress.satisfied.len(), 1);
    assert_eq!(why.progress.end, ProgressEnd::Exhausted);
}

#[test]
fn the_node_limit_is_reported() {
    let f = load("kitchen.json");
    let tiny = ExplainOptions {
        plan: PlanOptions {
            max_nodes: 2,
            ..PlanOptions::default()
        },
        ..ExplainOptions::default()
    };
    let why = explain_goal(&f, &ActionContext::new(), &tiny);
    assert_eq!(why.outcome, Outcome::LimitReached);
    assert_eq!(why.max_nodes, 2);
    assert!(why.missing.is_empty());
    let text = why.render(&f.domain);
    assert!(text.contains("node limit (2)"), "{text}");
    // The progress search still finds the goal.
    assert_eq!(why.progress.end, ProgressEnd::Goal);
    assert_eq!(why.progress.cost, 17.0);
}

#[test]
fn a_goal_with_a_plan_reports_its_optimal_cost() {
    let f = load("kitchen.json");
    let why = explain_default(&f);
    let Outcome::Found(plan) = &why.outcome else {
        panic!("{why:?}");
    };
    assert_eq!(plan.cost, 17.0);
    assert!(why.missing.is_empty());
    let text = why.render(&f.domain);
    assert!(text.contains("Plan found: 7 actions, cost 17"), "{text}");
    // The names are the file's own (UTF-8).
    assert!(text.contains("\"洗菜\""), "{text}");
    // The progress search agrees on the optimum.
    assert_eq!(why.progress.end, ProgressEnd::Goal);
    assert_eq!(why.progress.cost, 17.0);
    assert!(why.progress.unsatisfied.is_empty());
}

#[test]
fn partial_progress_replays_to_exactly_the_reported_conditions() {
    let f = file(
        r#"{"vars": {"gold": {"min": 0, "max": 9}},
            "actions": [
              {"name": "mine", "cost": 2, "effects": {"gold": {"+=": 3}}},
              {"name": "buy_sword", "cost": 1, "pre": {"gold": {">=": 6}},
               "effects": {"gold": {"-=": 6}, "armed": true}},
              {"name": "rest", "cost": 4, "effects": {"rested": true}},
              {"name": "fly", "pre": {"has_wings": true}, "effects": {"flying": true}}],
            "goal": {"armed": true, "rested": true, "flying": true, "gold": {">=": 3}}}"#,
    );
    let mut context = ActionContext::new();
    context
        .set_cost(f.domain.action_id("rest").unwrap(), 1.5)
        .unwrap();
    let why = explain_goal(&f, &context, &ExplainOptions::default());
    assert_eq!(why.outcome, Outcome::NoPlan);
    let p = &why.progress;
    assert_eq!(p.end, ProgressEnd::Exhausted);
    let mut state = f.start.clone();
    let mut cost = 0.0;
    for &a in &p.actions {
        assert!(f.domain.apply(&mut state, a), "{p:?}");
        cost += context.cost(&f.domain, a);
    }
    assert_eq!(cost, p.cost);
    let goal = Condition::list(f.goal.as_ref().unwrap());
    for c in &goal {
        assert_eq!(
            c.holds(&f.domain, &state),
            p.satisfied.contains(c),
            "{c:?} in {p:?}"
        );
        assert_ne!(p.satisfied.contains(c), p.unsatisfied.contains(c));
    }
    // Three of four (all but flying) at the lowest cost: mine ×3, buy_sword, rest = 8.5.
    assert_eq!(p.satisfied.len(), 3, "{p:?}");
    assert_eq!(p.cost, 2.0 * 3.0 + 1.0 + 1.5);
    // A cap stops it early and says so.
    let capped = ExplainOptions {
        progress_nodes: 3,
        ..ExplainOptions::default()
    };
    let why = explain_goal(&f, &context, &capped);
    assert_eq!(why.progress.end, ProgressEnd::Capped);
    assert!(why.progress.explored <= 3);
    assert!(why.render(&f.domain).contains("a closer state may exist"));
}

#[test]
fn reports_are_deterministic_and_serialize() {
    let f = load("night-watch.json");
    let goal = &f
        .goals
        .iter()
        .find(|g| g.name == "beacon")
        .unwrap()
        .conditions;
    let run = || {
        explain(
            &f.domain,
            &f.start,
            goal,
            &ActionContext::new(),
            &ExplainOptions::default(),
        )
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert_eq!(a.render(&f.domain), b.render(&f.domain));
    assert_eq!(a.to_json(&f.domain), b.to_json(&f.domain));
    let text = a.render(&f.domain);
    assert!(text.contains("did you mean \"has_flnt\"?"), "{text}");
    let v = a.to_json(&f.domain);
    assert_eq!(v["status"], "no_plan");
    assert_eq!(v["root_causes"][0]["condition"]["fact"], "has_flint");
    assert_eq!(v["root_causes"][0]["similar"][0], "has_flnt");
    assert_eq!(v["missing"][0]["why"], "providers");
    let ctx = ActionContext::new();
    let g = f.goal.as_ref().unwrap();
    assert_eq!(
        trace_dot(&f.domain, &f.start, g, &ctx, 50),
        trace_dot(&f.domain, &f.start, g, &ctx, 50)
    );
}

fn load(name: &str) -> DomainFile {
    goap::format::load_domain_file(&PathBuf::from(DOMAINS).join(name)).expect("sample loads")
}

/// Checks DOT structure without Graphviz: one `digraph { … }`, braces balanced outside
/// strings, every quoted string closed, and every edge endpoint declared as a node.
fn assert_valid_dot(dot: &str) {
    assert!(dot.starts_with("digraph "), "{dot}");
    assert!(dot.trim_end().ends_with('}'), "{dot}");
    let mut depth = 0i32;
    let (mut in_string, mut escaped) = (false, false);
    for c in dot.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                (false, '\n') => panic!("line break inside a string:\n{dot}"),
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                assert!(depth >= 0, "{dot}");
            }
            _ => {}
        }
    }
    assert!(!in_string && depth == 0, "unbalanced:\n{dot}");
    let mut declared = std::collections::HashSet::new();
    let mut endpoints = Vec::new();
    for line in dot.lines().map(str::trim) {
        let head = line.split(" [").next().unwrap().trim_end_matches(';');
        if let Some((from, to)) = head.split_once(" -> ") {
            endpoints.push(from.to_owned());
            endpoints.push(to.to_owned());
        } else if line.contains(" [") && !line.starts_with("node ") && !line.starts_with("edge ") {
            declared.insert(head.to_owned());
        }
    }
    for e in endpoints {
        assert!(
            declared.contains(&e),
            "edge endpoint {e} not declared:\n{dot}"
        );
    }
}

#[test]
fn trace_dot_is_well_formed_highlights_the_plan_and_notes_the_cap() {
    let f = load("kitchen.json");
    let g = f.goal.as_ref().unwrap();
    let ctx = ActionContext::new();
    let full = trace_dot(&f.domain, &f.start, g, &ctx, 10_000);
    assert_valid_dot(&full);
    assert!(full.contains(" -> "), "{full}");
    assert!(full.contains("doublecircle"), "goal node drawn");
    assert!(full.contains("plan found: 7 actions, cost 17"), "{full}");
    // The plan's seven edges are highlighted.
    let bold = full
        .lines()
        .filter(|l| l.contains(" -> ") && l.contains("penwidth"))
        .count();
    assert_eq!(bold, 7, "{full}");
    assert!(full.contains("label=\"洗菜\""));

    let cut = trace_dot(&f.domain, &f.start, g, &ctx, 3);
    assert_valid_dot(&cut);
    assert!(cut.contains("cut off"), "{cut}");
    assert!(
        !cut.contains("penwidth=2.5"),
        "no plan to highlight:\n{cut}"
    );

    // Quotes, backslashes and line breaks in names are escaped.
    let f = file(
        r#"{"actions": [{"name": "say \"hi\" \\ bye", "effects": {"a \"b\"\nc": true}},
                        {"name": "other", "effects": {"x": true}}],
            "goal": {"nothing_makes_this": true}}"#,
    );
    let g = f.goal.as_ref().unwrap();
    let dot = trace_dot(&f.domain, &f.start, g, &ActionContext::new(), 100);
    assert_valid_dot(&dot);
    assert!(dot.contains(r#"label="say \"hi\" \\ bye""#), "{dot}");
    assert!(dot.contains(r#"+a \"b\"\nc"#), "{dot}");
    assert!(
        dot.contains("no plan: all 4 reachable states expanded"),
        "{dot}"
    );
}

// ---- the command ----

#[test]
fn cli_exit_codes_follow_goap_plan() {
    let r = goap(&["explain", &domain("kitchen.json")]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("Plan found"), "{}", r.stdout);
    assert!(r.stderr.is_empty(), "{}", r.stderr);

    // night-watch: the goal and "secure" have plans, "beacon" has none.
    let r = goap(&["explain", &domain("night-watch.json")]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    for header in [
        "=== goal ===",
        "goals entry \"secure\"",
        "goals entry \"beacon\"",
    ] {
        assert!(r.stdout.contains(header), "{header}: {}", r.stdout);
    }
    assert!(
        r.stdout.contains("did you mean \"has_flnt\"?"),
        "{}",
        r.stdout
    );

    let r = goap(&["explain", &domain("kitchen.json"), "--max-nodes", "2"]);
    assert_eq!(r.code, 3, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("node limit (2)"), "{}", r.stdout);
    let r = goap(&["explain", &domain("kitchen.json"), "--max-nodes=2"]);
    assert_eq!(r.code, 3);
}

#[test]
fn cli_goal_selects_one_entry_and_unknown_names_list_the_others() {
    let watch = domain("night-watch.json");
    let r = goap(&["explain", &watch, "--goal", "secure"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("goals entry \"secure\" (priority 2)"));
    assert!(!r.stdout.contains("beacon"), "{}", r.stdout);
    let r = goap(&["explain", &watch, "--goal=beacon"]);
    assert_eq!(r.code, 1);
    assert!(!r.stdout.contains("\"secure\""), "{}", r.stdout);

    assert_invalid(
        &goap(&["explain", &watch, "--goal", "sleep"]),
        &["no goal named \"sleep\"", "\"secure\", \"beacon\""],
    );
    // The name "goal" is not special: it is looked up in "goals".
    assert_invalid(
        &goap(&["explain", &domain("kitchen.json"), "--goal", "goal"]),
        &["no goal named \"goal\"", "no \"goals\" list"],
    );
}

#[test]
fn cli_invalid_usage_exits_2() {
    let kitchen = domain("kitchen.json");
    assert_invalid(&goap(&["explain"]), &["`explain` needs a FILE"]);
    assert_invalid(
        &goap(&["explain", &kitchen, "--frobnicate"]),
        &["unknown option \"--frobnicate\""],
    );
    assert_invalid(
        &goap(&["explain", &kitchen, "--max-nodes", "lots"]),
        &["--max-nodes expects a whole number"],
    );
    assert_invalid(
        &goap(&["explain", &kitchen, "--dot", "--json"]),
        &["exclude each other"],
    );
    assert_invalid(
        &goap(&["explain", &kitchen, "--goal"]),
        &["--goal needs a value"],
    );
    assert_invalid(
        &goap(&["explain", "/nonexistent/goap-explain.json"]),
        &["cannot read the file"],
    );
    let f = TempFile::new("no-goal", r#"{"actions": [{"name": "a"}]}"#);
    assert_invalid(&goap(&["explain", f.path()]), &["nothing to explain"]);
    let f = TempFile::new(
        "two-goals",
        r#"{"actions": [{"name": "a", "effects": {"x": true}}],
            "goals": [{"name": "one", "priority": 1, "conditions": {"x": true}},
                      {"name": "two", "priority": 2, "conditions": {"x": false}}]}"#,
    );
    assert_invalid(
        &goap(&["explain", f.path(), "--dot"]),
        &["pick one with --goal", "\"one\", \"two\""],
    );
    let r = goap(&["explain", f.path(), "--dot", "--goal", "two"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_valid_dot(&r.stdout);
}

#[test]
fn cli_reports_chinese_names() {
    let f = TempFile::new(
        "chinese",
        r#"{"actions": [
              {"name": "洗菜", "pre": {"菜已买": true}, "effects": {"菜已洗": true}},
              {"name": "买菜", "effects": {"菜以买": true}}],
            "goals": [{"name": "晚餐", "priority": 1, "conditions": {"菜已洗": true}}]}"#,
    );
    let r = goap(&["explain", f.path(), "--goal", "晚餐"]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("goals entry \"晚餐\""), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("\"菜已买\" is true: no action makes it true"),
        "{}",
        r.stdout
    );
    // Both names are an edit away; the one "买菜" can actually make true comes first.
    assert!(
        r.stdout.contains("did you mean \"菜以买\" or \"菜已洗\"?"),
        "{}",
        r.stdout
    );
    let r = goap(&["explain", f.path(), "--dot"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_valid_dot(&r.stdout);
    assert!(r.stdout.contains("label=\"买菜\""), "{}", r.stdout);
}

#[test]
fn cli_json_and_dot_forms() {
    let r = goap(&["explain", &domain("night-watch.json"), "--json"]);
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout.lines().count(), 1, "one line of JSON");
    let v: Value = serde_json::from_str(&r.stdout).expect("stdout is JSON");
    let goals = v["goals"].as_array().unwrap();
    assert_eq!(goals.len(), 3);
    assert_eq!(goals[0]["source"], "goal");
    assert_eq!(goals[0]["status"], "found");
    assert_eq!(goals[0]["cost"].as_u64(), Some(5));
    assert_eq!(goals[2]["name"], "beacon");
    assert_eq!(goals[2]["priority"].as_f64(), Some(1.0));
    assert_eq!(goals[2]["status"], "no_plan");
    assert_eq!(goals[2]["progress"]["end"], "exhausted");

    let r = goap(&["explain", &domain("kitchen.json"), "--dot"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_valid_dot(&r.stdout);
    assert!(r.stdout.contains("plan found"), "{}", r.stdout);
    let r = goap(&[
        "explain",
        &domain("kitchen.json"),
        "--dot",
        "--max-nodes",
        "2",
    ]);
    assert_valid_dot(&r.stdout);
    assert!(r.stdout.contains("cut off"), "{}", r.stdout);
}

// ---- random small domains: the report agrees with the planner and with brute force ----

#[path = "support/mod.rs"]
mod support;

use goap::{
    ActionDef, Compare, Domain, FactId, FactValue, Goal, Overflow, Planner, VarCondition, VarDef,
    VarEffect, VarId, VarOp, WorldState,
};
use support::{case_seed, close, compare, Rng};

struct Case {
    domain: Domain,
    start: WorldState,
    goal: Goal,
    context: ActionContext,
}

fn random_case(rng: &mut Rng) -> Case {
    let mut d = Domain::new();
    let facts: Vec<FactId> = (0..rng.range(1, 6))
        .map(|i| d.add_fact(&format!("f{i}")).unwrap())
        .collect();
    let vars: Vec<VarId> = (0..rng.range(0, 2))
        .map(|i| {
            let mut def = VarDef::new(format!("v{i}"), 0, rng.int(1, 5));
            if rng.chance(30) {
                def.overflow = Overflow::Saturate;
            }
            d.add_var(def).unwrap()
        })
        .collect();
    let ops = [
        Compare::Eq,
        Compare::Ne,
        Compare::Lt,
        Compare::Le,
        Compare::Gt,
        Compare::Ge,
    ];
    let var_condition = |rng: &mut Rng, d: &Domain, v: VarId| {
        let max = d.var(v).unwrap().max();
        VarCondition::new(v, ops[rng.below(6) as usize], rng.int(0, max))
    };
    let fact_values = |rng: &mut Rng, percent: u64| -> Vec<FactValue> {
        let mut out = Vec::new();
        for &f in &facts {
            if rng.chance(percent) {
                out.push(FactValue::new(f, rng.chance(70)));
            }
        }
        out
    };
    let var_conditions = |rng: &mut Rng, d: &Domain, percent: u64| -> Vec<VarCondition> {
        let mut out = Vec::new();
        for &v in &vars {
            if rng.chance(percent) {
                out.push(var_condition(rng, d, v));
            }
        }
        out
    };
    for i in 0..rng.range(1, 7) {
        let pre = fact_values(rng, 30);
        let effects = fact_values(rng, 35);
        let var_pre = var_conditions(rng, &d, 30);
        let mut var_effects = Vec::new();
        for &v in &vars {
            if !rng.chance(40) {
                continue;
            }
            let max = d.var(v).unwrap().max();
            var_effects.push(match rng.below(3) {
                0 => VarEffect::new(v, VarOp::Set, rng.int(0, max)),
                1 => VarEffect::new(v, VarOp::Add, rng.int(1, max)),
                _ => VarEffect::new(v, VarOp::Sub, rng.int(1, max)),
            });
        }
        // Some definitions are invalid (conflicting conditions): skip those.
        let _ = d.add_action(ActionDef {
            name: format!("a{i}"),
            pre,
            effects,
            cost: rng.range(0, 3) as f64,
            var_pre,
            var_effects,
        });
    }
    let mut start = WorldState::new();
    for &f in &facts {
        start.set(f, rng.chance(40));
    }
    for &v in &vars {
        let max = d.var(v).unwrap().max();
        start.set_var(v, rng.int(0, max));
    }
    let goal = loop {
        let entries = fact_values(rng, 45);
        let conds = var_conditions(rng, &d, 40);
        if let Ok(g) = d.conditions_with(entries, conds) {
            break g;
        }
    };
    let mut context = ActionContext::new();
    for a in 0..d.action_count() as u32 {
        if rng.chance(15) {
            context.set_enabled(goap::ActionId(a), false);
        }
        if rng.chance(15) {
            context.set_cost(goap::ActionId(a), 0.5).unwrap();
        }
    }
    Case {
        domain: d,
        start,
        goal,
        context,
    }
}

/// A state of the brute force, in its own representation: every fact's value and every
/// variable's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Explicit {
    facts: Vec<bool>,
    vars: Vec<i32>,
}

/// The brute force's own semantics, written from the documented contract (README
/// "Guarantees") and reading the domain only through its definition accessors, not through
/// `Domain::apply` or `Condition::holds`: conditions compare the state before the action;
/// all effects are computed from that state; a `+=` / `-=` / `=` leaving a variable's
/// inclusive range makes a `reject` action inapplicable and is clamped by `saturate`.
struct Reference<'a> {
    case: &'a Case,
}

impl Reference<'_> {
    fn start(&self) -> Explicit {
        let d = &self.case.domain;
        Explicit {
            facts: (0..d.fact_count() as u32)
                .map(|f| self.case.start.get(FactId(f)))
                .collect(),
            // The generator sets every variable of the start state.
            vars: (0..d.var_count() as u32)
                .map(|v| {
                    self.case
                        .start
                        .var(VarId(v))
                        .expect("start sets every variable")
                })
                .collect(),
        }
    }

    fn holds(&self, s: &Explicit, c: &Condition) -> bool {
        match c {
            Condition::Fact(f) => s.facts[f.fact.index()] == f.value,
            Condition::Var(v) => compare(v.op, s.vars[v.var.index()], v.value),
        }
    }

    fn holds_all(&self, s: &Explicit, conditions: &[Condition]) -> bool {
        conditions.iter().all(|c| self.holds(s, c))
    }

    /// `a` applied to `s`, or `None` when it cannot run there (or is disabled).
    fn step(&self, s: &Explicit, a: goap::ActionId) -> Option<Explicit> {
        let d = &self.case.domain;
        if self.case.context.is_disabled(a) {
            return None;
        }
        let action = d.action(a)?;
        if !self.holds_all(s, &Condition::list(action.pre())) {
            return None;
        }
        let mut next = s.clone();
        for e in action.effects().entries() {
            next.facts[e.fact.index()] = e.value;
        }
        for e in action.var_effects() {
            let var = d.var(e.var).expect("an effect's variable exists");
            let x = i64::from(s.vars[e.var.index()]);
            let k = i64::from(e.value);
            let y = match e.op {
                VarOp::Set => k,
                VarOp::Add => x + k,
                VarOp::Sub => x - k,
            };
            let (lo, hi) = (i64::from(var.min()), i64::from(var.max()));
            next.vars[e.var.index()] = if (lo..=hi).contains(&y) {
                y as i32
            } else if var.overflow() == Overflow::Saturate {
                y.clamp(lo, hi) as i32
            } else {
                return None;
            };
        }
        Some(next)
    }

    /// The cost of `a` for the case's context (its override, else the action's cost).
    fn cost(&self, a: goap::ActionId) -> f64 {
        self.case.context.cost(&self.case.domain, a)
    }

    /// Every reachable state and the minimum cost of a goal state (Dijkstra), or `None`.
    fn solve(&self, goal: &[Condition]) -> (Vec<Explicit>, Option<f64>) {
        use std::collections::HashMap;
        let n = self.case.domain.action_count() as u32;
        let start = self.start();
        let mut dist: HashMap<Explicit, f64> = HashMap::from([(start.clone(), 0.0)]);
        let mut done: std::collections::HashSet<Explicit> = Default::default();
        let mut best: Option<f64> = None;
        // Tiny spaces: a linear scan for the closest open state is enough.
        while let Some((s, g)) = dist
            .iter()
            .filter(|(s, _)| !done.contains(*s))
            .min_by(|a, b| a.1.total_cmp(b.1))
            .map(|(s, &g)| (s.clone(), g))
        {
            done.insert(s.clone());
            if best.is_none() && self.holds_all(&s, goal) {
                best = Some(g);
            }
            for a in 0..n {
                let a = goap::ActionId(a);
                if let Some(t) = self.step(&s, a) {
                    let ng = g + self.cost(a);
                    if dist.get(&t).is_none_or(|&old| ng < old) {
                        dist.insert(t, ng);
                    }
                }
            }
        }
        (done.into_iter().collect(), best)
    }

    /// Replays `actions` from the start; `Err` names the first step that cannot run.
    fn replay(&self, actions: &[goap::ActionId]) -> Result<(Explicit, f64), String> {
        let mut s = self.start();
        let mut cost = 0.0;
        for (i, &a) in actions.iter().enumerate() {
            s = self
                .step(&s, a)
                .ok_or_else(|| format!("step {i} ({a:?}) cannot run in {s:?}"))?;
            cost += self.cost(a);
        }
        Ok((s, cost))
    }
}

/// The text the report uses for a condition (`"f1" is true`, `"v0" >= 3`).
fn condition_text(d: &Domain, c: &Condition) -> String {
    match c {
        Condition::Fact(f) => format!("\"{}\" is {}", d.fact_name(f.fact), f.value),
        Condition::Var(v) => format!(
            "\"{}\" {} {}",
            d.var(v.var).unwrap().name(),
            v.op.symbol(),
            v.value
        ),
    }
}

#[test]
fn random_domains_agree_with_the_planner_and_brute_force() {
    let (mut no_plan, mut missing, mut found, mut exhausted) = (0, 0, 0, 0);
    for i in 0..400 {
        let seed = case_seed(0x0065_7870_6c61_696e, i);
        let c = random_case(&mut Rng::new(seed));
        let d = &c.domain;
        let options = ExplainOptions::default();
        let why = explain(d, &c.start, &c.goal, &c.context, &options);
        let goal = Condition::list(&c.goal);
        assert_eq!(why.goal, goal, "seed {seed}");
        let reference = Reference { case: &c };
        let (states, optimum) = reference.solve(&goal);

        // The outcome is the planner's, with the same options and context.
        let planned = Planner::new().plan_in(d, &c.start, &c.goal, &options.plan, &c.context);
        assert_eq!(why.outcome, planned.outcome, "seed {seed}");
        assert_eq!(why.expanded, planned.stats.expanded, "seed {seed}");
        // ... and agrees with brute force: a replayable plan of the optimal cost, or none.
        match (&why.outcome, optimum) {
            (Outcome::Found(plan), Some(best)) => {
                found += 1;
                let (end, cost) = reference
                    .replay(&plan.actions)
                    .unwrap_or_else(|e| panic!("seed {seed}: plan {plan:?}: {e}"));
                assert!(
                    reference.holds_all(&end, &goal),
                    "seed {seed}: plan {plan:?} ends in {end:?}, not a goal state"
                );
                assert_eq!(cost.to_bits(), plan.cost.to_bits(), "seed {seed}: {plan:?}");
                assert!(
                    close(plan.cost, best),
                    "seed {seed}: plan costs {}, the optimum is {best}",
                    plan.cost
                );
                assert!(why.missing.is_empty(), "seed {seed}: {why:?}");
            }
            (Outcome::NoPlan, None) => no_plan += 1,
            (o, best) => panic!("seed {seed}: explain says {o:?}, brute force {best:?}"),
        }

        // Reachability is an over-approximation: a missing condition means no plan, and no
        // reachable state meets it.
        if !why.missing.is_empty() {
            missing += 1;
            assert_eq!(why.outcome, Outcome::NoPlan, "seed {seed}");
            for m in &why.missing {
                assert!(goal.contains(&m.condition), "seed {seed}");
                assert!(
                    states.iter().all(|s| !reference.holds(s, &m.condition)),
                    "seed {seed}: {:?} holds somewhere",
                    m.condition
                );
            }
        }

        // Progress replays to a state meeting exactly its `satisfied` conditions, at its cost.
        let p = &why.progress;
        let (end, cost) = reference
            .replay(&p.actions)
            .unwrap_or_else(|e| panic!("seed {seed}: progress {p:?}: {e}"));
        assert!(close(cost, p.cost), "seed {seed}: {cost} against {p:?}");
        for g in &goal {
            assert_eq!(
                reference.holds(&end, g),
                p.satisfied.contains(g),
                "seed {seed}: {g:?} in {p:?}"
            );
        }
        assert_eq!(p.satisfied.len() + p.unsatisfied.len(), goal.len());
        let most = states
            .iter()
            .map(|s| goal.iter().filter(|g| reference.holds(s, g)).count())
            .max()
            .unwrap();
        assert!(
            (states.len() as u64) < u64::from(options.progress_nodes),
            "seed {seed}: the generator's spaces fit the progress search"
        );
        match p.end {
            ProgressEnd::Goal => {
                // A goal ending meets every condition, by a minimum-cost path.
                assert!(p.unsatisfied.is_empty(), "seed {seed}: {p:?}");
                assert_eq!(p.satisfied, goal, "seed {seed}: {p:?}");
                let best = optimum.unwrap_or_else(|| panic!("seed {seed}: no goal state"));
                assert!(close(p.cost, best), "seed {seed}: {p:?}, optimum {best}");
            }
            ProgressEnd::Exhausted => {
                exhausted += 1;
                assert!(
                    optimum.is_none(),
                    "seed {seed}: exhausted, but a plan exists"
                );
                assert_eq!(p.satisfied.len(), most, "seed {seed}");
            }
            ProgressEnd::Capped => panic!("seed {seed}: capped, though every space fits"),
        }

        // The report says what the explanation holds, and the same inputs give the same
        // report.
        let text = why.render(d);
        let texts: Vec<String> = goal.iter().map(|g| condition_text(d, g)).collect();
        let first = if texts.is_empty() {
            "(no conditions)".to_owned()
        } else {
            texts.join(", ")
        };
        assert_eq!(text.lines().next(), Some(&*format!("Goal: {first}")));
        let second = text.lines().nth(1).unwrap_or("");
        match &why.outcome {
            Outcome::Found(plan) if plan.actions.is_empty() => {
                assert!(second.starts_with("Plan found: the start state"), "{text}")
            }
            Outcome::Found(plan) => {
                assert!(second.starts_with("Plan found:"), "{text}");
                let steps: Vec<&str> = text.lines().skip(2).collect();
                assert_eq!(steps.len(), plan.actions.len(), "{text}");
                for (line, &a) in steps.iter().zip(&plan.actions) {
                    let name = d.action(a).unwrap().name();
                    assert!(line.contains(&format!("\"{name}\"")), "{text}");
                }
            }
            _ => {
                assert!(second.starts_with("No plan:"), "{text}");
                for m in &why.missing {
                    assert!(text.contains(&condition_text(d, &m.condition)), "{text}");
                }
            }
        }
        let again = explain(d, &c.start, &c.goal, &c.context, &options);
        assert_eq!(again, why, "seed {seed}");
        assert_eq!(again.render(d), text, "seed {seed}");
        assert_valid_dot(&trace_dot(d, &c.start, &c.goal, &c.context, 30));
    }
    // The generator covers every kind of case.
    eprintln!("{found} found, {no_plan} no plan ({missing} with missing conditions, {exhausted} exhausted)");
    assert!(
        found > 50 && no_plan > 50 && missing > 20 && exhausted > 20,
        "{found} {no_plan} {missing} {exhausted}"
    );
}

#[test]
fn a_trace_lists_the_states_in_order_with_costs_estimates_and_the_plan() {
    let file = goap::format::load_domain_file(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/domains/kitchen.json"
    )))
    .unwrap();
    let (d, goal) = (&file.domain, file.goal.as_ref().unwrap());
    let t = goap::explain::trace(d, &file.start, goal, &goap::ActionContext::new(), 1000).unwrap();
    assert_eq!(t.end, goap::explain::TraceEnd::Found);
    let last = t.nodes.len() - 1;
    assert!(t.nodes[last].goal && t.nodes[..last].iter().all(|n| !n.goal));
    // The path to the goal node is an optimal plan.
    let plan = t.path(last);
    let optimal = goap::plan(d, &file.start, goal).plan().unwrap().cost;
    let cost: f64 = plan.iter().map(|a| d.actions()[a.index()].cost()).sum();
    assert_eq!((cost, t.nodes[last].g), (optimal, optimal));
    // Uniform-cost order; parents come first; each state is its parent's with the action
    // applied; estimates are admissible (at most the remaining optimal cost) and 0 at the goal.
    let mut previous = 0.0;
    for (i, n) in t.nodes.iter().enumerate() {
        assert!(n.g >= previous);
        previous = n.g;
        if let Some((p, a)) = n.parent {
            assert!(p < i);
            let mut s = t.nodes[p].state.clone();
            assert!(d.apply(&mut s, a));
            assert_eq!(s, n.state);
            assert_eq!(n.g, t.nodes[p].g + d.actions()[a.index()].cost());
        } else {
            assert_eq!(i, 0);
        }
        let rest = goap::plan(d, &n.state, goal)
            .plan()
            .map_or(f64::INFINITY, |p| p.cost);
        assert!(n.h <= rest, "node {i}: h {} > {rest}", n.h);
    }
    assert_eq!(t.nodes[last].h, 0.0);
    assert!(t.nodes[0].h > 0.0);
    // A limit cuts it short, keeping only expanded states.
    let cut = goap::explain::trace(d, &file.start, goal, &goap::ActionContext::new(), 3).unwrap();
    assert_eq!(
        (cut.end, cut.nodes.len()),
        (goap::explain::TraceEnd::Limit, 3)
    );
    assert_eq!(cut.nodes[..], t.nodes[..3]);
    // No plan: every reachable state, each with an infinite estimate.
    let mut d = goap::Domain::new();
    let (a, b) = (d.add_fact("a").unwrap(), d.add_fact("b").unwrap());
    d.add_action(goap::ActionDef {
        name: "make_a".into(),
        cost: 1.0,
        effects: vec![goap::FactValue::new(a, true)],
        ..Default::default()
    })
    .unwrap();
    let goal = d.conditions([goap::FactValue::new(b, true)]).unwrap();
    let none = goap::explain::trace(
        &d,
        &goap::state::WorldState::new(),
        &goal,
        &goap::ActionContext::new(),
        100,
    )
    .unwrap();
    assert_eq!(
        (none.end, none.nodes.len()),
        (goap::explain::TraceEnd::NoPlan, 2)
    );
    assert!(none.nodes.iter().all(|n| n.h == f64::INFINITY && !n.goal));
}
