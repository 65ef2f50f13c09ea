//! A domain's action templates through the C ABI: names, parameters, ground actions, the
//! ground action for given arguments, and the errors.

use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

const ROADS: &str = r#"{
  "objects": {"place": ["mill", "bakery", "well"]},
  "actions": [
    {"name": "rest", "effects": {"rested": true}},
    {"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
     "distinct": ["from", "to"],
     "pre": {"at({from})": true}, "effects": {"at({from})": false, "at({to})": true}}
  ]
}"#;

fn string(w: &World, f: impl Fn(*mut std::ffi::c_char, u32, *mut u32) -> GoapStatus) -> String {
    let mut buf = [0u8; 64];
    let mut len = 0;
    ok(f(buf.as_mut_ptr().cast(), 64, &mut len));
    let _ = w;
    String::from_utf8(buf[..len as usize].to_vec()).unwrap()
}

fn arg(s: &str) -> GoapString {
    GoapString {
        text: s.as_ptr().cast(),
        len: s.len() as u32,
    }
}

#[test]
fn a_template_reads_back_with_its_groundings() {
    let w = World::new();
    let d = w.load(ROADS);
    let mut count = 0;
    ok(unsafe { goap_domain_template_count(w.0, d, &mut count) });
    assert_eq!(count, 1);
    let name = string(&w, |b, c, l| unsafe {
        goap_domain_template_name(w.0, d, 0, b, c, l)
    });
    assert_eq!(name, "go({from},{to})");
    let mut info = GoapTemplateInfo::default();
    ok(unsafe { goap_domain_template_info(w.0, d, 0, &mut info) });
    assert_eq!((info.param_count, info.grounding_count), (2, 6));
    let to = string(&w, |b, c, l| unsafe {
        goap_domain_template_param_name(w.0, d, 0, 1, b, c, l)
    });
    assert_eq!(to, "to");
    let mut ids = [GoapActionId::default(); 6];
    let mut n = 0;
    ok(unsafe { goap_domain_template_groundings(w.0, d, 0, ids.as_mut_ptr(), 6, &mut n) });
    assert_eq!(n, 6);
    let names: Vec<String> = ids.iter().map(|&a| w.action_name(d, a)).collect();
    assert_eq!(names[0], "go(mill,bakery)");
    assert_eq!(names[5], "go(well,bakery)");
    let args = [arg("bakery"), arg("well")];
    let mut found = GoapActionId::default();
    ok(unsafe { goap_domain_template_find(w.0, d, 0, args.as_ptr(), 2, &mut found) });
    assert_eq!(found, w.action(d, "go(bakery,well)"));
    // A domain without a file has no templates.
    let plain = w.kitchen();
    ok(unsafe { goap_domain_template_count(w.0, plain, &mut count) });
    assert_eq!(count, 0);
}

#[test]
fn bad_template_calls_are_errors_and_write_nothing() {
    let w = World::new();
    let d = w.load(ROADS);
    let mut untouched = GoapActionId { bits: 77 };
    let f = "goap_domain_template_find";
    let same = [arg("mill"), arg("mill")];
    let st = unsafe { goap_domain_template_find(w.0, d, 0, same.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::NotFound, f, &["distinct"]);
    let unknown = [arg("mill"), arg("river")];
    let st = unsafe { goap_domain_template_find(w.0, d, 0, unknown.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::NotFound, f, &["river"]);
    let st = unsafe { goap_domain_template_find(w.0, d, 0, same.as_ptr(), 1, &mut untouched) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        f,
        &["2 parameters; 1 arguments"],
    );
    let st = unsafe { goap_domain_template_find(w.0, d, 1, same.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["index 1"]);
    let st = unsafe { goap_domain_template_find(w.0, d, 0, null(), 2, &mut untouched) };
    expect_err(st, GoapStatus::NullPointer, f, &["args"]);
    let bad_utf8 = [
        GoapString {
            text: b"\xff".as_ptr().cast(),
            len: 1,
        },
        arg("mill"),
    ];
    let st = unsafe { goap_domain_template_find(w.0, d, 0, bad_utf8.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::InvalidUtf8, f, &["args[0]"]);
    assert_eq!(untouched.bits, 77);
    let mut len = 0;
    let st = unsafe { goap_domain_template_param_name(w.0, d, 0, 2, null_mut(), 0, &mut len) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_template_param_name",
        &["parameter"],
    );
    let mut info = GoapTemplateInfo {
        size: 0,
        ..GoapTemplateInfo::default()
    };
    let st = unsafe { goap_domain_template_info(w.0, d, 0, &mut info) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_template_info",
        &["size"],
    );
    let mut count = 0;
    let st = unsafe { goap_domain_template_count(w.0, GoapDomainId::default(), &mut count) };
    expect_err(
        st,
        GoapStatus::UnknownDomain,
        "goap_domain_template_count",
        &[],
    );
}

fn tfact(name: &'static str, value: i32) -> GoapTemplateFact {
    GoapTemplateFact {
        name: arg(name),
        value,
    }
}

/// The file's `ROADS` template with `where` and a variable, defined through the ABI: it
/// grounds to the same actions as the file does.
#[test]
fn a_template_defined_through_the_abi_grounds_like_the_file() {
    let w = World::new();
    let file = w.load(
        r#"{
      "objects": {"place": ["mill", "bakery", "well"]},
      "vars": {"trips": {"min": 0, "max": 5}},
      "actions": [
        {"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
         "distinct": ["from", "to"], "where": {"road({from},{to})": true},
         "cost_by": {"to": {"well": 4}},
         "pre": {"at({from})": true}, "effects": {"at({from})": false, "at({to})": true,
         "trips": {"+=": 1}}}
      ],
      "start": {"road(mill,well)": true, "road(well,bakery)": true}
    }"#,
    );
    // The same by calls: the start's road facts first (where reads the start state).
    let d = w.load(r#"{"vars": {"trips": {"min": 0, "max": 5}}, "actions": [], "start": {"road(mill,well)": true, "road(well,bakery)": true}}"#);
    let places = [arg("mill"), arg("bakery"), arg("well")];
    ok(unsafe { goap_domain_add_objects(w.0, d, arg("place"), places.as_ptr(), 3) });
    let params = [
        GoapTemplateParam {
            name: arg("from"),
            object_type: arg("place"),
        },
        GoapTemplateParam {
            name: arg("to"),
            object_type: arg("place"),
        },
    ];
    let distinct = [arg("from"), arg("to")];
    let where_facts = [tfact("road({from},{to})", 1)];
    let pre = [tfact("at({from})", 1)];
    let effects = [tfact("at({from})", 0), tfact("at({to})", 1)];
    let var_effects = [GoapTemplateVar {
        name: arg("trips"),
        op: GoapVarOp::Add as i32,
        value: 1,
    }];
    let costs = [GoapObjectCost {
        object: arg("well"),
        cost: 4.0,
    }];
    let mut def = goap_template_def_default();
    def.name = arg("go({from},{to})");
    (def.params, def.param_count) = (params.as_ptr(), 2);
    (def.distinct, def.distinct_count) = (distinct.as_ptr(), 2);
    (def.where_facts, def.where_count) = (where_facts.as_ptr(), 1);
    (def.pre, def.pre_count) = (pre.as_ptr(), 1);
    (def.effects, def.effect_count) = (effects.as_ptr(), 2);
    (def.var_effects, def.var_effect_count) = (var_effects.as_ptr(), 1);
    def.cost_by_param = arg("to");
    (def.cost_by, def.cost_by_count) = (costs.as_ptr(), 1);
    let mut index = 99;
    ok(unsafe { goap_domain_add_template(w.0, d, &def, &mut index) });
    assert_eq!(index, 0);
    let groundings = |dom| {
        let mut ids = [GoapActionId::default(); 8];
        let mut n = 0;
        ok(unsafe { goap_domain_template_groundings(w.0, dom, 0, ids.as_mut_ptr(), 8, &mut n) });
        ids[..n as usize]
            .iter()
            .map(|&a| {
                let mut info = GoapActionInfo::default();
                ok(unsafe { goap_domain_action_info(w.0, dom, a, &mut info) });
                format!(
                    "{} {} {} {}",
                    w.action_name(dom, a),
                    info.cost,
                    info.pre_count,
                    info.var_effect_count
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(groundings(d), groundings(file));
    assert_eq!(
        groundings(d),
        ["go(mill,well) 4 1 1", "go(well,bakery) 1 1 1"]
    );
    let found = {
        let args = [arg("well"), arg("bakery")];
        let mut out = GoapActionId::default();
        ok(unsafe { goap_domain_template_find(w.0, d, 0, args.as_ptr(), 2, &mut out) });
        out
    };
    assert_eq!(found, w.action(d, "go(well,bakery)"));

    // Errors: named, placed in def, and the domain is unchanged.
    let count = || {
        let mut n = 0;
        ok(unsafe { goap_domain_action_count(w.0, d, &mut n) });
        n
    };
    let before = count();
    let f = "goap_domain_add_template";
    let mut untouched = 77;
    let st = unsafe { goap_domain_add_template(w.0, d, &def, &mut untouched) };
    expect_err(st, GoapStatus::DuplicateName, f, &["go(mill,well)"]);
    let mut bad = def;
    bad.name = arg("go2");
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        f,
        &["\"go2\"", "two of its groundings"],
    );
    let changes_road = [tfact("road({from},{to})", 1)];
    let mut bad = def;
    bad.name = arg("build({from},{to})");
    (bad.effects, bad.effect_count) = (changes_road.as_ptr(), 1);
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["must be static"]);
    let wrong_type = [GoapTemplateParam {
        name: arg("from"),
        object_type: arg("town"),
    }];
    let mut bad = def;
    bad.name = arg("x({from})");
    (bad.params, bad.param_count) = (wrong_type.as_ptr(), 1);
    (
        bad.distinct_count,
        bad.where_count,
        bad.effect_count,
        bad.cost_by_count,
    ) = (0, 0, 0, 0);
    bad.cost_by_param = arg("");
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["\"town\""]);
    let mut bad = def;
    bad.cost = f64::NAN;
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(st, GoapStatus::InvalidCost, f, &["def->cost"]);
    let wrong_op = [GoapTemplateVar {
        name: arg("trips"),
        op: 0,
        value: 1,
    }];
    let mut bad = def;
    (bad.var_effects, bad.var_effect_count) = (wrong_op.as_ptr(), 1);
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        f,
        &["def->var_effects[0].op"],
    );
    let mut bad = def;
    bad.pre = null();
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(st, GoapStatus::NullPointer, f, &["def->pre"]);
    let mut bad = def;
    bad.cookie = 0;
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        f,
        &["goap_template_def_default"],
    );
    let bad_fact = [tfact("at({from})", 2)];
    let mut bad = def;
    (bad.pre, bad.pre_count) = (bad_fact.as_ptr(), 1);
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["def->pre[0].value"]);
    let mut bad = def;
    bad.name = GoapString {
        text: b"\xff".as_ptr().cast(),
        len: 1,
    };
    let st = unsafe { goap_domain_add_template(w.0, d, &bad, &mut untouched) };
    expect_err(st, GoapStatus::InvalidUtf8, f, &["def->name"]);
    let st = unsafe { goap_domain_add_template(w.0, d, null(), &mut untouched) };
    expect_err(st, GoapStatus::NullPointer, f, &["def"]);
    assert_eq!(untouched, 77);
    assert_eq!(count(), before);
    // A later action may not change a fact the template's "where" read.
    let road = w.fact(d, "road(mill,well)");
    let effects = [fv(road, false)];
    let mut action = goap_action_def_default();
    (action.name, action.name_len) = s("close_road");
    (action.effects, action.effect_count) = (effects.as_ptr(), 1);
    let mut id = GoapActionId::default();
    let st = unsafe { goap_domain_add_action(w.0, d, &action, &mut id) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_add_action",
        &["road(mill,well)", "must be static"],
    );
    assert_eq!(count(), before);

    // Objects: checked, a type redeclared only with the same objects.
    let g = "goap_domain_add_objects";
    let st = unsafe { goap_domain_add_objects(w.0, d, arg("place"), places.as_ptr(), 2) };
    expect_err(st, GoapStatus::InvalidArgument, g, &["other objects"]);
    ok(unsafe { goap_domain_add_objects(w.0, d, arg("place"), places.as_ptr(), 3) });
    let st = unsafe { goap_domain_add_objects(w.0, d, arg("empty"), null(), 0) };
    expect_err(st, GoapStatus::InvalidArgument, g, &["at least one"]);
    let st = unsafe { goap_domain_add_objects(w.0, d, arg("x"), null(), 1) };
    expect_err(st, GoapStatus::NullPointer, g, &["objects"]);
    let twice = [arg("a"), arg("a")];
    let st = unsafe { goap_domain_add_objects(w.0, d, arg("x"), twice.as_ptr(), 2) };
    expect_err(st, GoapStatus::InvalidArgument, g, &["twice"]);
    let st = unsafe {
        goap_domain_add_objects(w.0, GoapDomainId::default(), arg("x"), twice.as_ptr(), 1)
    };
    expect_err(st, GoapStatus::UnknownDomain, g, &[]);
}

/// Adds `t({p})` over two places to a fresh domain after `edit`; the status and message
/// (after a review found the statuses below wrong and an over-estimate refusing a small
/// template).
fn add_one(edit: impl FnOnce(&mut GoapTemplateDef)) -> (GoapStatus, String) {
    let w = World::new();
    let d = w.load(r#"{"vars": {"n": {"min": 0, "max": 5}}, "actions": []}"#);
    let places = [arg("mill"), arg("well")];
    ok(unsafe { goap_domain_add_objects(w.0, d, arg("place"), places.as_ptr(), 2) });
    let params = [GoapTemplateParam {
        name: arg("p"),
        object_type: arg("place"),
    }];
    let mut def = goap_template_def_default();
    def.name = arg("t({p})");
    (def.params, def.param_count) = (params.as_ptr(), 1);
    edit(&mut def);
    let mut index = 0;
    let st = unsafe { goap_domain_add_template(w.0, d, &def, &mut index) };
    let message = if st == GoapStatus::Ok {
        String::new()
    } else {
        ffi_support::last_error()
    };
    (st, message)
}

#[test]
fn template_costs_are_checked_as_action_costs_and_lists_are_not_overestimated() {
    for cost in [-1.0, 2e12, f64::NAN] {
        let (st, message) = add_one(|d| d.cost = cost);
        assert_eq!(st, GoapStatus::InvalidCost, "{cost}: {message}");
    }
    let table = [GoapObjectCost {
        object: arg("mill"),
        cost: -3.0,
    }];
    let (st, message) = add_one(|d| {
        d.cost_by_param = arg("p");
        (d.cost_by, d.cost_by_count) = (table.as_ptr(), 1);
    });
    assert_eq!(st, GoapStatus::InvalidCost, "{message}");
    assert!(message.contains("def->cost_by[0].cost"), "{message}");
    // A grounding's own errors are INVALID_ARGUMENT naming the grounding.
    let vars = [GoapTemplateVar {
        name: arg("n"),
        op: GoapCompare::Eq as i32,
        value: 99,
    }];
    let (st, message) = add_one(|d| (d.var_pre, d.var_pre_count) = (vars.as_ptr(), 1));
    assert_eq!(st, GoapStatus::InvalidArgument, "{message}");
    assert!(message.contains("99"), "{message}");
    // 11,000 preconditions on a template of two groundings fit easily.
    let names: Vec<String> = (0..11_000).map(|i| format!("f{i}({{p}})")).collect();
    let pre: Vec<GoapTemplateFact> = names
        .iter()
        .map(|n| GoapTemplateFact {
            name: arg(n),
            value: 1,
        })
        .collect();
    let (st, message) = add_one(|d| (d.pre, d.pre_count) = (pre.as_ptr(), pre.len() as u32));
    assert_eq!(st, GoapStatus::Ok, "{message}");
}
