//! Parametric actions (templates) in domain files: a generator writes random template
//! domains and the same domains written out by hand (grounded by this test's own code), and
//! both must parse to the same actions, facts and costs and plan alike.

use goap::format::{parse_domain, DomainFile};

mod support;
use support::{case_seed, scaled, Rng};

const CASES: usize = 300;
const MASTER_SEED: u64 = 0x7E3F_1A2B_9C4D_0011;

/// One template of a generated case.
struct Template {
    name: String,
    /// (parameter, type index).
    params: Vec<(String, usize)>,
    distinct: bool,
    cost: f64,
    /// (parameter index, cost per object of its type).
    cost_by: Option<(usize, Vec<f64>)>,
    /// (fact pattern, value): patterns use `{p0}`, `{p1}`.
    pre: Vec<(String, bool)>,
    effects: Vec<(String, bool)>,
    /// `where`: (static fact pattern, value).
    where_facts: Vec<(String, bool)>,
    /// On the family `cnt({o})` (type 0): (parameter, condition `<` k) and (parameter, `+=`
    /// step).
    var_pre: Option<(usize, i32)>,
    var_effect: Option<(usize, i32)>,
}

struct Case {
    /// Each type's objects.
    types: Vec<Vec<String>>,
    templates: Vec<Template>,
    start: Vec<String>,
    goal: Vec<String>,
    /// The family `cnt({o})` over type 0 is declared (range 0..=3).
    family: bool,
    /// A goal `cnt(o0_0) >= k`.
    goal_var: Option<i32>,
    /// Static facts true in `start`: `rel(o)` and `pair(o,o)`.
    statics: Vec<String>,
}

fn random_case(seed: u64) -> Case {
    let mut rng = Rng::new(seed);
    let types: Vec<Vec<String>> = (0..rng.range(1, 3))
        .map(|t| (0..rng.range(1, 4)).map(|i| format!("o{t}_{i}")).collect())
        .collect();
    let mut templates = Vec::new();
    for k in 0..rng.range(1, 4) {
        let arity = rng.range(1, 2);
        let params: Vec<(String, usize)> = (0..arity)
            .map(|i| (format!("p{i}"), rng.range(0, types.len() - 1)))
            .collect();
        let distinct = arity == 2 && params[0].1 == params[1].1 && rng.chance(60);
        let pattern = |rng: &mut Rng| -> String {
            let p = rng.range(0, arity - 1);
            match rng.range(0, 3) {
                0 => format!("at({{p{p}}})"),
                1 => format!("has_{}({{p{p}}})", rng.range(0, 1)),
                2 if arity == 2 => "link({p0},{p1})".to_owned(),
                _ => format!("flag{}", rng.range(0, 2)),
            }
        };
        let list = |rng: &mut Rng, n: usize| -> Vec<(String, bool)> {
            let mut out: Vec<(String, bool)> = Vec::new();
            for _ in 0..n {
                let f = pattern(rng);
                if out.iter().all(|(g, _)| *g != f) {
                    out.push((f, rng.chance(70)));
                }
            }
            out
        };
        let (n_pre, n_effects) = (rng.range(0, 2), rng.range(1, 3));
        let pre = list(&mut rng, n_pre);
        let effects = list(&mut rng, n_effects);
        let cost_by = rng.chance(40).then(|| {
            let p = rng.range(0, arity - 1);
            let n = types[params[p].1].len();
            (p, (0..n).map(|_| rng.range(0, 9) as f64).collect())
        });
        let static_pattern = |rng: &mut Rng| -> String {
            if arity == 2 && rng.chance(50) {
                "pair({p0},{p1})".to_owned()
            } else {
                format!("rel({{p{}}})", rng.range(0, arity - 1))
            }
        };
        let where_facts: Vec<(String, bool)> = if rng.chance(50) {
            let f = static_pattern(&mut rng);
            vec![(f, rng.chance(70))]
        } else {
            Vec::new()
        };
        let on_type0: Vec<usize> = (0..arity).filter(|&i| params[i].1 == 0).collect();
        let var_param = |rng: &mut Rng| on_type0[rng.range(0, on_type0.len() - 1)];
        let var_pre = (!on_type0.is_empty() && rng.chance(50))
            .then(|| (var_param(&mut rng), rng.range(1, 3) as i32));
        let var_effect = (!on_type0.is_empty() && rng.chance(60))
            .then(|| (var_param(&mut rng), rng.range(1, 2) as i32));
        let name = if arity == 1 {
            format!("t{k}({{p0}})")
        } else {
            format!("t{k}({{p0}},{{p1}})")
        };
        templates.push(Template {
            name,
            params,
            distinct,
            cost: rng.range(1, 5) as f64,
            cost_by,
            pre,
            effects,
            where_facts,
            var_pre,
            var_effect,
        });
    }
    let ground_fact = |rng: &mut Rng| -> String {
        let t = rng.range(0, types.len() - 1);
        let o = &types[t][rng.range(0, types[t].len() - 1)];
        match rng.range(0, 2) {
            0 => format!("at({o})"),
            1 => format!("has_0({o})"),
            _ => "flag0".to_owned(),
        }
    };
    let start = (0..rng.range(0, 2))
        .map(|_| ground_fact(&mut rng))
        .collect();
    let goal = (0..rng.range(1, 2))
        .map(|_| ground_fact(&mut rng))
        .collect();
    let family = templates
        .iter()
        .any(|t| t.var_pre.is_some() || t.var_effect.is_some())
        || rng.chance(20);
    let goal_var = (family && rng.chance(50)).then(|| rng.range(1, 3) as i32);
    let mut statics = Vec::new();
    for t in &types {
        for a in t {
            if rng.chance(50) {
                statics.push(format!("rel({a})"));
            }
            for u in types.iter().flatten() {
                if rng.chance(30) {
                    statics.push(format!("pair({a},{u})"));
                }
            }
        }
    }
    Case {
        types,
        templates,
        start,
        goal,
        family,
        goal_var,
        statics,
    }
}

fn json_facts(list: &[(String, bool)]) -> String {
    let items: Vec<String> = list.iter().map(|(f, v)| format!("\"{f}\": {v}")).collect();
    format!("{{{}}}", items.join(", "))
}

fn json_true(list: &[String]) -> String {
    let mut items: Vec<String> = list.iter().map(|f| format!("\"{f}\": true")).collect();
    items.dedup();
    let mut seen = Vec::new();
    items.retain(|i| {
        let new = !seen.contains(i);
        seen.push(i.clone());
        new
    });
    format!("{{{}}}", items.join(", "))
}

/// `start` (its facts, then the static facts) and `goal` (with the variable goal).
fn start_and_goal(c: &Case) -> String {
    let mut start = c.start.clone();
    start.extend(c.statics.iter().cloned());
    let mut goal = json_true(&c.goal);
    if let Some(k) = c.goal_var {
        goal.pop();
        goal.push_str(&format!(", \"cnt(o0_0)\": {{\">=\": {k}}}}}"));
    }
    format!("\"start\": {}, \"goal\": {goal}", json_true(&start))
}

/// The case as a template domain.
fn template_text(c: &Case) -> String {
    let objects: Vec<String> = c
        .types
        .iter()
        .enumerate()
        .map(|(t, objs)| {
            let names: Vec<String> = objs.iter().map(|o| format!("\"{o}\"")).collect();
            format!("\"type{t}\": [{}]", names.join(", "))
        })
        .collect();
    let actions: Vec<String> = c
        .templates
        .iter()
        .map(|t| {
            let params: Vec<String> = t
                .params
                .iter()
                .map(|(p, ty)| format!("\"{p}\": \"type{ty}\""))
                .collect();
            let mut pre = json_facts(&t.pre);
            if let Some((p, k)) = t.var_pre {
                with_entry(&mut pre, &format!("\"cnt({{p{p}}})\": {{\"<\": {k}}}"));
            }
            let mut effects = json_facts(&t.effects);
            if let Some((p, k)) = t.var_effect {
                with_entry(&mut effects, &format!("\"cnt({{p{p}}})\": {{\"+=\": {k}}}"));
            }
            let mut a = format!(
                "{{\"name\": \"{}\", \"params\": {{{}}}, \"cost\": {}, \"pre\": {pre}, \"effects\": {effects}",
                t.name,
                params.join(", "),
                t.cost,
            );
            if !t.where_facts.is_empty() {
                a.push_str(&format!(", \"where\": {}", json_facts(&t.where_facts)));
            }
            if t.distinct {
                a.push_str(", \"distinct\": [\"p0\", \"p1\"]");
            }
            if let Some((p, costs)) = &t.cost_by {
                let ty = t.params[*p].1;
                let table: Vec<String> = c.types[ty]
                    .iter()
                    .zip(costs)
                    .map(|(o, k)| format!("\"{o}\": {k}"))
                    .collect();
                a.push_str(&format!(", \"cost_by\": {{\"p{p}\": {{{}}}}}", table.join(", ")));
            }
            a.push('}');
            a
        })
        .collect();
    let vars = if c.family {
        "\"vars\": {\"cnt({o})\": {\"params\": {\"o\": \"type0\"}, \"min\": 0, \"max\": 3}}, "
    } else {
        ""
    };
    format!(
        "{{{vars}\"objects\": {{{}}}, \"actions\": [{}], {}}}",
        objects.join(", "),
        actions.join(", "),
        start_and_goal(c)
    )
}

/// Adds `entry` to the JSON object `object`.
fn with_entry(object: &mut String, entry: &str) {
    object.pop();
    if object.len() > 1 {
        object.push_str(", ");
    }
    object.push_str(entry);
    object.push('}');
}

/// The case written out by hand: this test's own grounding (first parameter slowest).
fn ground_text(c: &Case) -> String {
    let mut actions = Vec::new();
    for t in &c.templates {
        let choices: Vec<Vec<usize>> = match t.params.len() {
            1 => (0..c.types[t.params[0].1].len()).map(|a| vec![a]).collect(),
            _ => {
                let (n0, n1) = (c.types[t.params[0].1].len(), c.types[t.params[1].1].len());
                (0..n0)
                    .flat_map(|a| (0..n1).map(move |b| vec![a, b]))
                    .collect()
            }
        };
        for choice in choices {
            let objs: Vec<&str> = t
                .params
                .iter()
                .zip(&choice)
                .map(|((_, ty), &i)| c.types[*ty][i].as_str())
                .collect();
            if t.distinct && objs[0] == objs[1] {
                continue;
            }
            let statics_ok = t.where_facts.iter().all(|(f, v)| {
                let mut f = f.replace("{p0}", objs[0]);
                if objs.len() > 1 {
                    f = f.replace("{p1}", objs[1]);
                }
                c.statics.contains(&f) == *v
            });
            if !statics_ok {
                continue;
            }
            let fill = |s: &str| {
                let mut s = s.replace("{p0}", objs[0]);
                if objs.len() > 1 {
                    s = s.replace("{p1}", objs[1]);
                }
                s
            };
            let list = |l: &[(String, bool)]| -> Result<Vec<(String, bool)>, ()> {
                let mut out: Vec<(String, bool)> = Vec::new();
                for (f, v) in l {
                    let f = fill(f);
                    match out.iter().find(|(g, _)| *g == f) {
                        Some((_, w)) if w != v => return Err(()),
                        Some(_) => {}
                        None => out.push((f, *v)),
                    }
                }
                Ok(out)
            };
            let (Ok(pre), Ok(effects)) = (list(&t.pre), list(&t.effects)) else {
                return String::new(); // a conflicting grounding: the template form must fail too
            };
            let cost = match &t.cost_by {
                Some((p, costs)) => costs[choice[*p]],
                None => t.cost,
            };
            let mut pre = json_facts(&pre);
            if let Some((p, k)) = t.var_pre {
                with_entry(&mut pre, &format!("\"cnt({})\": {{\"<\": {k}}}", objs[p]));
            }
            let mut effects = json_facts(&effects);
            if let Some((p, k)) = t.var_effect {
                with_entry(
                    &mut effects,
                    &format!("\"cnt({})\": {{\"+=\": {k}}}", objs[p]),
                );
            }
            actions.push(format!(
                "{{\"name\": \"{}\", \"cost\": {cost}, \"pre\": {pre}, \"effects\": {effects}}}",
                fill(&t.name),
            ));
        }
    }
    let vars = if c.family {
        let decls: Vec<String> = c.types[0]
            .iter()
            .map(|o| format!("\"cnt({o})\": {{\"min\": 0, \"max\": 3}}"))
            .collect();
        format!("\"vars\": {{{}}}, ", decls.join(", "))
    } else {
        String::new()
    };
    format!(
        "{{{vars}\"actions\": [{}], {}}}",
        actions.join(", "),
        start_and_goal(c)
    )
}

/// Every action with its cost and rules by fact name, in id order.
fn actions_of(f: &DomainFile) -> Vec<String> {
    let d = &f.domain;
    d.actions()
        .iter()
        .map(|a| {
            let names = |l: &goap::Conditions| -> Vec<String> {
                l.entries()
                    .iter()
                    .map(|v| format!("{}={}", d.fact_name(v.fact), v.value))
                    .collect()
            };
            let var = |v: goap::VarId| d.vars()[v.index()].name().to_owned();
            let var_pre: Vec<String> = a
                .pre()
                .var_conditions()
                .iter()
                .map(|c| format!("{} {:?} {}", var(c.var), c.op, c.value))
                .collect();
            let var_effects: Vec<String> = a
                .var_effects()
                .iter()
                .map(|e| format!("{} {:?} {}", var(e.var), e.op, e.value))
                .collect();
            format!(
                "{} cost {} pre {:?} {var_pre:?} effects {:?} {var_effects:?}",
                a.name(),
                a.cost(),
                names(a.pre()),
                names(a.effects())
            )
        })
        .collect()
}

#[test]
fn template_domains_ground_like_the_same_domains_written_out() {
    let mut grounded_actions = 0;
    let mut conflicts = 0;
    let (mut with_where, mut with_vars) = (0, 0);
    for index in 0..scaled(CASES) {
        let case = random_case(case_seed(MASTER_SEED, index));
        let (text, by_hand) = (template_text(&case), ground_text(&case));
        let parsed = parse_domain(&text);
        if by_hand.is_empty() {
            let e = parsed.expect_err(&format!("case {index}: a conflicting grounding: {text}"));
            assert!(
                e.message.contains("both true and false"),
                "case {index}: {e}"
            );
            conflicts += 1;
            continue;
        }
        let expected = parse_domain(&by_hand);
        match (parsed, expected) {
            (Ok(t), Ok(h)) => {
                assert_eq!(actions_of(&t), actions_of(&h), "case {index}: {text}");
                let facts = |f: &DomainFile| -> Vec<String> {
                    (0..f.domain.fact_count())
                        .map(|i| f.domain.fact_name(goap::FactId(i as u32)).to_owned())
                        .collect()
                };
                assert_eq!(facts(&t), facts(&h), "case {index}: fact ids");
                let (gt, gh) = (t.goal.clone().unwrap(), h.goal.clone().unwrap());
                let pt = goap::plan(&t.domain, &t.start, &gt);
                let ph = goap::plan(&h.domain, &h.start, &gh);
                assert_eq!(
                    pt.plan().map(|p| (p.actions.clone(), p.cost)),
                    ph.plan().map(|p| (p.actions.clone(), p.cost)),
                    "case {index}: plans"
                );
                grounded_actions += t.domain.action_count();
                with_where += usize::from(case.templates.iter().any(|t| !t.where_facts.is_empty()));
                with_vars += usize::from(
                    t.domain
                        .actions()
                        .iter()
                        .any(|a| !a.var_effects().is_empty()),
                );
                let vars = |f: &DomainFile| -> Vec<String> {
                    f.domain
                        .vars()
                        .iter()
                        .map(|v| v.name().to_owned())
                        .collect()
                };
                assert_eq!(vars(&t), vars(&h), "case {index}: variables");
                // The domain records each template with its groundings.
                let recorded = t.domain.templates();
                assert_eq!(recorded.len(), case.templates.len(), "case {index}");
                let total: usize = recorded.iter().map(|r| r.groundings.len()).sum();
                assert_eq!(total, t.domain.action_count(), "case {index}");
                for r in recorded {
                    for (id, args) in &r.groundings {
                        let names: Vec<&str> = r
                            .params
                            .iter()
                            .zip(args)
                            .map(|((_, objs), &i)| objs[i as usize].as_str())
                            .collect();
                        assert_eq!(r.find(&names), Some(*id), "case {index}");
                    }
                }
            }
            (Err(e), Ok(_)) => panic!("case {index}: the template form failed: {e}\n{text}"),
            (Ok(_), Err(e)) => panic!("case {index}: the written-out form failed: {e}\n{by_hand}"),
            (Err(a), Err(b)) => panic!("case {index}: both failed: {a} / {b}"),
        }
    }
    assert!(
        grounded_actions > scaled(CASES) * 3,
        "{grounded_actions} actions"
    );
    assert!(
        conflicts > 0,
        "the generator never made a conflicting grounding"
    );
    assert!(
        with_where > scaled(CASES) / 4,
        "{with_where} cases with \"where\""
    );
    assert!(
        with_vars > scaled(CASES) / 4,
        "{with_vars} cases with variables"
    );
}

/// The Rust builder grounds with the same code as the file reader: the same template,
/// defined both ways, gives the same actions, and bad templates leave the domain unchanged.
#[test]
fn the_builder_grounds_like_the_file() {
    use goap::{Compare, Domain, DomainError, TemplateDef, VarDef, VarOp};
    let text = r#"{
      "objects": {"place": ["mill", "bakery", "well"], "item": ["flour", "bread"]},
      "vars": {"stock({item})": {"params": {"item": "item"}, "min": 0, "max": 3}},
      "actions": [
        {"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
         "distinct": ["from", "to"], "where": {"road({from},{to})": false},
         "cost": 2, "cost_by": {"to": {"well": 5}},
         "pre": {"at({from})": true}, "effects": {"at({from})": false, "at({to})": true}},
        {"name": "take({item},{p})", "params": {"item": "item", "p": "place"},
         "pre": {"at({p})": true, "stock({item})": {"<": 3}},
         "effects": {"stock({item})": {"+=": 1}}}
      ],
      "start": {"road(mill,well)": true}
    }"#;
    let file = parse_domain(text).unwrap();
    let mut d = Domain::new();
    d.add_objects("place", &["mill", "bakery", "well"]).unwrap();
    d.add_objects("item", &["flour", "bread"]).unwrap();
    for item in ["flour", "bread"] {
        d.add_var(VarDef::new(format!("stock({item})"), 0, 3))
            .unwrap();
    }
    let s = |x: &str| x.to_owned();
    let go = TemplateDef {
        name: s("go({from},{to})"),
        params: vec![(s("from"), s("place")), (s("to"), s("place"))],
        distinct: vec![s("from"), s("to")],
        where_facts: vec![(s("road({from},{to})"), false)],
        holding: vec![s("road(mill,well)")],
        pre: vec![(s("at({from})"), true)],
        effects: vec![(s("at({from})"), false), (s("at({to})"), true)],
        cost: 2.0,
        cost_by: Some((s("to"), vec![(s("well"), 5.0)])),
        ..TemplateDef::default()
    };
    assert_eq!(d.add_template(go.clone()), Ok(0));
    let take = TemplateDef {
        name: s("take({item},{p})"),
        params: vec![(s("item"), s("item")), (s("p"), s("place"))],
        pre: vec![(s("at({p})"), true)],
        var_pre: vec![(s("stock({item})"), Compare::Lt, 3)],
        var_effects: vec![(s("stock({item})"), VarOp::Add, 1)],
        cost: 1.0,
        ..TemplateDef::default()
    };
    assert_eq!(d.add_template(take.clone()), Ok(1));
    let shown = |d: &Domain| -> Vec<String> {
        d.actions()
            .iter()
            .map(|a| format!("{a:?}").replace(char::is_whitespace, ""))
            .collect()
    };
    assert_eq!(shown(&d), shown(&file.domain));
    assert_eq!(d.templates(), file.domain.templates());
    // Errors name the template and change nothing.
    let before = shown(&d);
    let bad = [
        (
            TemplateDef {
                name: s("go2({from})"),
                params: vec![(s("from"), s("town"))],
                ..go.clone()
            },
            "does not declare",
        ),
        (
            TemplateDef {
                name: s("take2({item},{p})"),
                var_effects: vec![(s("stok({item})"), VarOp::Add, 1)],
                ..take.clone()
            },
            "not declared",
        ),
        (go.clone(), "duplicate action name"),
        (
            TemplateDef {
                name: s("fix({from},{to})"),
                effects: vec![(s("road({from},{to})"), true)],
                ..go.clone()
            },
            "must be static",
        ),
        (
            TemplateDef {
                name: s("x"),
                params: vec![],
                ..go.clone()
            },
            "at least one parameter",
        ),
    ];
    for (def, needle) in bad {
        let e = d.add_template(def).unwrap_err();
        assert!(e.to_string().contains(needle), "{e}");
        assert_eq!(shown(&d), before);
        assert_eq!(d.templates().len(), 2);
    }
    // Later actions may not change a fact a template's `where` read, in a domain built by
    // calls or read from a file.
    for domain in [&mut d, &mut file.domain.clone()] {
        let road = domain.add_fact("road(mill,well)").unwrap();
        let build = goap::ActionDef {
            name: s("build"),
            effects: vec![goap::FactValue::new(road, true)],
            cost: 1.0,
            ..goap::ActionDef::default()
        };
        let e = domain.add_action(build).unwrap_err();
        assert!(e.to_string().contains("must be static"), "{e}");
        assert!(
            e.to_string().contains("template \"go({from},{to})\""),
            "{e}"
        );
    }
    assert!(matches!(
        d.add_objects("place", &["mill"]),
        Err(DomainError::InvalidObjects(_))
    ));
    assert!(d.add_objects("place", &["mill", "bakery", "well"]).is_ok());
    assert!(d.add_objects("empty", &[]).is_err());
    assert!(d.add_objects("twice", &["a", "a"]).is_err());
}

/// A template whose groundings would write out more names in all than
/// `goap::MAX_GROUND_NAMES` is refused before any is made (a review found that only the
/// choice count was limited, so long lists could exhaust memory).
#[test]
fn the_total_of_ground_names_is_limited() {
    let text = |effects: usize| {
        let a: Vec<String> = (0..400).map(|i| format!("\"a{i}\"")).collect();
        let b: Vec<String> = (0..250).map(|i| format!("\"b{i}\"")).collect();
        let eff: Vec<String> = (0..effects)
            .map(|k| format!("\"e{k}({{x}},{{y}})\": true"))
            .collect();
        format!(
            r#"{{"objects": {{"a": [{}], "b": [{}]}},
                "actions": [{{"name": "t({{x}},{{y}})", "params": {{"x": "a", "y": "b"}},
                              "effects": {{{}}}}}]}}"#,
            a.join(","),
            b.join(","),
            eff.join(",")
        )
    };
    // 100,000 groundings of 41 names: 4,100,000.
    let err = parse_domain(&text(40)).unwrap_err().to_string();
    assert!(err.contains("4100000 names"), "{err}");
    assert!(
        err.contains(&format!("limit of {}", goap::MAX_GROUND_NAMES)),
        "{err}"
    );
}
