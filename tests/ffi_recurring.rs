//! Recurring goals through the C ABI: a domain file's `reset` and `cooldown`, a goal added
//! with GoapGoalDef.reset / reset_vars / cooldown, GoapGoalInfo.achieved and ready_in, and
//! the errors.

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

const PATROL: &str = r#"{
  "vars": {"round": {"min": 0, "max": 9}},
  "actions": [
    {"name": "walk", "effects": {"at_gate": true, "round": {"+=": 1}}}
  ],
  "goals": [
    {"name": "patrol", "priority": 1, "conditions": {"at_gate": true},
     "reset": {"at_gate": false, "round": 0}, "cooldown": 2}
  ]
}"#;

fn goal_info(w: &World, a: GoapAgentId, g: GoapGoalId) -> GoapGoalInfo {
    let mut info = GoapGoalInfo::default();
    ok(unsafe { goap_agent_goal_info(w.0, a, g, &mut info) });
    info
}

fn var(w: &World, a: GoapAgentId, v: GoapVarId) -> i32 {
    let mut out = -1;
    ok(unsafe { goap_agent_get_var(w.0, a, v, &mut out) });
    out
}

#[test]
fn a_files_recurring_goal_loops_through_the_protocol() {
    let w = World::new();
    let d = w.load(PATROL);
    let (gate, round, walk) = (w.fact(d, "at_gate"), w.var(d, "round"), w.action(d, "walk"));
    let a = w.agent(d);
    let mut patrol = GoapGoalId::default();
    ok(unsafe { goap_agent_goal_at(w.0, a, 0, &mut patrol) });
    for n in 1..=3u32 {
        let s = w.step(a, 0.5);
        assert_eq!(
            (s.kind, s.action),
            (GoapStepKind::Start as i32, walk),
            "round {n}"
        );
        w.report(a, GoapReport::Succeeded);
        assert_eq!(var(&w, a, round), 1);
        let s = w.step(a, 0.5);
        assert_eq!(s.kind, GoapStepKind::Idle as i32);
        assert_eq!(s.goal, GoapGoalId::default());
        assert!(!w.get_fact(a, gate), "reset to false");
        assert_eq!(var(&w, a, round), 0, "reset to 0");
        let info = goal_info(&w, a, patrol);
        assert_eq!(info.achieved, n);
        assert_eq!(info.ready_in, 2.0);
        assert_eq!(w.step(a, 1.0).kind, GoapStepKind::Idle as i32);
        assert_eq!(goal_info(&w, a, patrol).ready_in, 1.0);
        assert_eq!(w.step(a, 0.5).kind, GoapStepKind::Idle as i32);
    }
    // The causes: a first plan, then plans after the goal was done (NO_PLAN each time).
    let causes: Vec<i32> = w.replans(a).iter().map(|e| e.cause).collect();
    assert_eq!(causes, vec![GoapReplanCause::NoPlan as i32; 3]);
}

#[test]
fn a_goal_added_with_a_reset_and_cooldown_recurs_and_bad_ones_are_refused() {
    let w = World::new();
    let d = w.load(PATROL);
    let (gate, round) = (w.fact(d, "at_gate"), w.var(d, "round"));
    let a = w.agent_with(d, |_| {});
    // Remove the file's goal; add one that resets only the fact, with no cooldown.
    let mut file_goal = GoapGoalId::default();
    ok(unsafe { goap_agent_goal_at(w.0, a, 0, &mut file_goal) });
    ok(unsafe { goap_agent_remove_goal(w.0, a, file_goal) });
    let want = [fv(gate, true)];
    let reset = [fv(gate, false)];
    let mut def = goap_goal_def_default();
    def.facts = want.as_ptr();
    def.fact_count = 1;
    def.reset = reset.as_ptr();
    def.reset_count = 1;
    let mut g = GoapGoalId::default();
    ok(unsafe { goap_agent_add_goal(w.0, a, &def, &mut g) });
    for n in 1..=3 {
        assert_eq!(w.step(a, 0.1).kind, GoapStepKind::Start as i32);
        w.report(a, GoapReport::Succeeded);
        assert_eq!(var(&w, a, round), n, "round is not reset by this goal");
    }
    assert_eq!(goal_info(&w, a, g).achieved, 2);

    let add = |def: &GoapGoalDef| {
        let mut out = GoapGoalId { bits: 77 };
        let st = unsafe { goap_agent_add_goal(w.0, a, def, &mut out) };
        assert_eq!(out.bits, 77, "nothing written on error");
        st
    };
    let f = "goap_agent_add_goal";
    let mut bad = goap_goal_def_default();
    bad.cooldown = f64::NAN;
    expect_err(add(&bad), GoapStatus::InvalidArgument, f, &["cooldown"]);
    bad.cooldown = -0.5;
    expect_err(add(&bad), GoapStatus::InvalidArgument, f, &["cooldown"]);
    let mut bad = goap_goal_def_default();
    let out_of_range = [GoapVarValue {
        var: round,
        value: 10,
    }];
    bad.reset_vars = out_of_range.as_ptr();
    bad.reset_var_count = 1;
    expect_err(add(&bad), GoapStatus::OutOfRange, f, &["round"]);
    let other = w.kitchen();
    let foreign = [fv(w.fact(other, "晚餐完成"), false)];
    let mut bad = goap_goal_def_default();
    bad.reset = foreign.as_ptr();
    bad.reset_count = 1;
    expect_err(add(&bad), GoapStatus::UnknownFact, f, &["def->reset"]);
    let mut bad = goap_goal_def_default();
    bad.reset = std::ptr::null();
    bad.reset_count = 1;
    expect_err(add(&bad), GoapStatus::NullPointer, f, &["def->reset"]);
    let mut count = w.info(a).goal_count;
    assert_eq!(count, 1, "nothing was added");
    // The domain's own agent goals take a reset too.
    let mut def = goap_goal_def_default();
    def.reset = reset.as_ptr();
    def.reset_count = 1;
    def.cooldown = 1.0;
    ok(unsafe { goap_domain_add_agent_goal(w.0, d, &def) });
    ok(unsafe { goap_domain_agent_goal_count(w.0, d, &mut count) });
    assert_eq!(count, 2);
}
