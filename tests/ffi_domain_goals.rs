//! A domain's agent goals through the C ABI: read back a file's `goals` (count, name, info,
//! conditions), add one with goap_domain_add_agent_goal, and every error path.

use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

const GUARD: &str = r#"{
  "vars": {"ammo": {"min": 0, "max": 5, "default": 2}},
  "actions": [
    {"name": "arm", "pre": {"ammo": {">=": 1}}, "effects": {"armed": true, "ammo": {"-=": 1}}},
    {"name": "hide", "pre": {"armed": true}, "effects": {"safe": true}},
    {"name": "eat", "pre": {}, "effects": {"fed": true}}
  ],
  "start": {"fed": true},
  "goals": [
    {"name": "stay safe", "priority": 3, "conditions": {"safe": true, "ammo": {">": 0}}},
    {"name": "eat", "priority": 1.5, "conditions": {"fed": true}}
  ]
}"#;

fn count(w: &World, d: GoapDomainId) -> u32 {
    let mut n = u32::MAX;
    ok(unsafe { goap_domain_agent_goal_count(w.0, d, &mut n) });
    n
}

fn name(w: &World, d: GoapDomainId, index: u32) -> String {
    let mut len = 0;
    let st = unsafe { goap_domain_agent_goal_name(w.0, d, index, null_mut(), 0, &mut len) };
    assert_eq!(st, GoapStatus::BufferTooSmall, "asking for the length");
    let mut buf = vec![0u8; len as usize + 1];
    ok(unsafe {
        goap_domain_agent_goal_name(w.0, d, index, buf.as_mut_ptr().cast(), len + 1, &mut len)
    });
    String::from_utf8(buf[..len as usize].to_vec()).unwrap()
}

fn info(w: &World, d: GoapDomainId, index: u32) -> GoapGoalInfo {
    let mut out = GoapGoalInfo::default();
    ok(unsafe { goap_domain_agent_goal_info(w.0, d, index, &mut out) });
    out
}

fn conditions(w: &World, d: GoapDomainId, index: u32) -> Vec<GoapFactValue> {
    let mut n = 0;
    let st = unsafe { goap_domain_agent_goal_conditions(w.0, d, index, null_mut(), 0, &mut n) };
    assert!(
        matches!(st, GoapStatus::Ok | GoapStatus::BufferTooSmall),
        "{st:?}"
    );
    let mut out = vec![fv(GoapFactId::default(), false); n as usize];
    ok(unsafe { goap_domain_agent_goal_conditions(w.0, d, index, out.as_mut_ptr(), n, &mut n) });
    out
}

fn var_conditions(w: &World, d: GoapDomainId, index: u32) -> Vec<GoapVarCondition> {
    let mut n = 0;
    let st = unsafe { goap_domain_agent_goal_var_conditions(w.0, d, index, null_mut(), 0, &mut n) };
    assert!(
        matches!(st, GoapStatus::Ok | GoapStatus::BufferTooSmall),
        "{st:?}"
    );
    let mut out = vec![
        GoapVarCondition {
            var: GoapVarId::default(),
            op: 0,
            value: 0
        };
        n as usize
    ];
    ok(unsafe {
        goap_domain_agent_goal_var_conditions(w.0, d, index, out.as_mut_ptr(), n, &mut n)
    });
    out
}

/// The names of an agent's goals, in the order added (goap_agent_goal_at).
fn agent_goal_names(w: &World, a: GoapAgentId) -> Vec<String> {
    let n = w.info(a).goal_count;
    (0..n)
        .map(|i| {
            let mut g = GoapGoalId::default();
            ok(unsafe { goap_agent_goal_at(w.0, a, i, &mut g) });
            let mut buf = [0u8; 64];
            let mut len = 0;
            ok(unsafe { goap_agent_goal_name(w.0, a, g, buf.as_mut_ptr().cast(), 64, &mut len) });
            String::from_utf8(buf[..len as usize].to_vec()).unwrap()
        })
        .collect()
}

#[test]
fn a_files_goals_read_back_with_names_priorities_and_conditions() {
    let w = World::new();
    let d = w.load(GUARD);
    assert_eq!(count(&w, d), 2);
    assert_eq!(name(&w, d, 0), "stay safe");
    assert_eq!(name(&w, d, 1), "eat");
    let (safe, fed, ammo) = (w.fact(d, "safe"), w.fact(d, "fed"), w.var(d, "ammo"));
    let first = info(&w, d, 0);
    assert_eq!(
        (
            first.priority,
            first.fact_count,
            first.var_count,
            first.satisfied,
            first.current
        ),
        (3.0, 1, 1, 0, 0)
    );
    let second = info(&w, d, 1);
    assert_eq!(
        (second.priority, second.satisfied),
        (1.5, 1),
        "the start has fed"
    );
    assert_eq!(conditions(&w, d, 0), [fv(safe, true)]);
    assert_eq!(conditions(&w, d, 1), [fv(fed, true)]);
    let vars = var_conditions(&w, d, 0);
    assert_eq!(vars.len(), 1);
    assert_eq!(
        (vars[0].var, vars[0].op, vars[0].value),
        (ammo, GoapCompare::Gt as i32, 0)
    );
    assert!(var_conditions(&w, d, 1).is_empty());
}

#[test]
fn an_added_agent_goal_is_given_to_agents_created_afterwards_only() {
    let w = World::new();
    let d = w.load(GUARD);
    let before = w.agent(d);
    let armed = w.fact(d, "armed");
    let want = [fv(armed, true)];
    let mut def = goap_goal_def_default();
    (def.name, def.name_len) = s("be armed");
    def.facts = want.as_ptr();
    def.fact_count = 1;
    def.priority = 2.0;
    ok(unsafe { goap_domain_add_agent_goal(w.0, d, &def) });
    assert_eq!(count(&w, d), 3);
    assert_eq!(name(&w, d, 2), "be armed");
    assert_eq!(conditions(&w, d, 2), want);
    assert_eq!(info(&w, d, 2).priority, 2.0);
    let after = w.agent(d);
    assert_eq!(agent_goal_names(&w, before), ["stay safe", "eat"]);
    assert_eq!(
        agent_goal_names(&w, after),
        ["stay safe", "eat", "be armed"]
    );
}

#[test]
fn bad_arguments_are_statuses_with_messages_and_change_nothing() {
    let w = World::new();
    let d = w.load(GUARD);
    let other = w.kitchen();
    let mut n = 0;
    let f = "goap_domain_agent_goal_count";
    expect_err(
        unsafe { goap_domain_agent_goal_count(null(), d, &mut n) },
        GoapStatus::NullPointer,
        f,
        &["world"],
    );
    expect_err(
        unsafe { goap_domain_agent_goal_count(w.0, d, null_mut()) },
        GoapStatus::NullPointer,
        f,
        &["out_count"],
    );
    expect_err(
        unsafe { goap_domain_agent_goal_count(w.0, GoapDomainId::default(), &mut n) },
        GoapStatus::UnknownDomain,
        f,
        &[],
    );
    let mut len = 0;
    expect_err(
        unsafe { goap_domain_agent_goal_name(w.0, d, 2, null_mut(), 0, &mut len) },
        GoapStatus::InvalidArgument,
        "goap_domain_agent_goal_name",
        &["index 2", "agent goal count 2"],
    );
    let mut small = [0u8; 3];
    expect_err(
        unsafe { goap_domain_agent_goal_name(w.0, d, 0, small.as_mut_ptr().cast(), 3, &mut len) },
        GoapStatus::BufferTooSmall,
        "goap_domain_agent_goal_name",
        &[],
    );
    assert_eq!(
        len,
        "stay safe".len() as u32,
        "the needed length is written"
    );
    let mut out = GoapGoalInfo {
        size: 0,
        ..GoapGoalInfo::default()
    };
    expect_err(
        unsafe { goap_domain_agent_goal_info(w.0, d, 0, &mut out) },
        GoapStatus::InvalidArgument,
        "goap_domain_agent_goal_info",
        &["size"],
    );
    let mut few: [GoapFactValue; 0] = [];
    expect_err(
        unsafe { goap_domain_agent_goal_conditions(w.0, d, 0, few.as_mut_ptr(), 0, &mut n) },
        GoapStatus::BufferTooSmall,
        "goap_domain_agent_goal_conditions",
        &[],
    );
    assert_eq!(n, 1);
    expect_err(
        unsafe { goap_domain_agent_goal_var_conditions(w.0, d, 9, null_mut(), 0, &mut n) },
        GoapStatus::InvalidArgument,
        "goap_domain_agent_goal_var_conditions",
        &["index 9"],
    );

    // Adding: a def not from goap_goal_def_default, NULL, a fact of another domain, a NaN
    // priority; none of them adds anything.
    let add = "goap_domain_add_agent_goal";
    expect_err(
        unsafe { goap_domain_add_agent_goal(w.0, d, null()) },
        GoapStatus::NullPointer,
        add,
        &["def"],
    );
    let mut def = goap_goal_def_default();
    def.cookie = 0;
    expect_err(
        unsafe { goap_domain_add_agent_goal(w.0, d, &def) },
        GoapStatus::InvalidArgument,
        add,
        &["goap_goal_def_default"],
    );
    let foreign = [fv(w.fact(other, "晚餐完成"), true)];
    let mut def = goap_goal_def_default();
    def.facts = foreign.as_ptr();
    def.fact_count = 1;
    expect_err(
        unsafe { goap_domain_add_agent_goal(w.0, d, &def) },
        GoapStatus::UnknownFact,
        add,
        &["def->facts"],
    );
    let mut def = goap_goal_def_default();
    def.priority = f64::NAN;
    expect_err(
        unsafe { goap_domain_add_agent_goal(w.0, d, &def) },
        GoapStatus::InvalidArgument,
        add,
        &["priority"],
    );
    let mut def = goap_goal_def_default();
    (def.name, def.name_len) = s("nul\0inside");
    expect_err(
        unsafe { goap_domain_add_agent_goal(w.0, d, &def) },
        GoapStatus::InvalidArgument,
        add,
        &["NUL"],
    );
    assert_eq!(count(&w, d), 2, "nothing was added");
    ok(unsafe { goap_domain_destroy(w.0, d) });
    expect_err(
        unsafe { goap_domain_agent_goal_count(w.0, d, &mut n) },
        GoapStatus::UnknownDomain,
        f,
        &[],
    );
}
