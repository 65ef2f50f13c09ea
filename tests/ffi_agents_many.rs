//! goap_agents_set_fact and goap_agents_set_var: one call writes into several agents, all
//! checked first (nothing written on error, the message names the entry).

use std::ptr::null;

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

const GUARDS: &str = r#"{
  "vars": {"alarm": {"min": 0, "max": 3}},
  "actions": [{"name": "close_gate", "pre": {"bell_rang": true}, "effects": {"gate_closed": true}}],
  "goals": [{"name": "secure", "priority": 1, "conditions": {"gate_closed": true}}]
}"#;

fn alarm(w: &World, a: GoapAgentId, v: GoapVarId) -> i32 {
    let mut out = -1;
    ok(unsafe { goap_agent_get_var(w.0, a, v, &mut out) });
    out
}

#[test]
fn one_call_writes_every_agent_and_they_replan() {
    let w = World::new();
    let d = w.load(GUARDS);
    let (bell, alarm_var) = (w.fact(d, "bell_rang"), w.var(d, "alarm"));
    let guards: Vec<GoapAgentId> = (0..4).map(|_| w.agent(d)).collect();
    for &g in &guards {
        assert_eq!(w.step(g, 0.1).kind, GoapStepKind::NoPlan as i32);
    }
    ok(unsafe { goap_agents_set_fact(w.0, guards.as_ptr(), 4, bell, 1) });
    ok(unsafe { goap_agents_set_var(w.0, guards.as_ptr(), 4, alarm_var, 2) });
    for &g in &guards {
        assert!(w.get_fact(g, bell));
        assert_eq!(alarm(&w, g, alarm_var), 2);
        assert_eq!(
            w.step(g, 0.1).kind,
            GoapStepKind::Start as i32,
            "the bell makes a plan"
        );
    }
    // An empty list is fine, NULL included.
    ok(unsafe { goap_agents_set_fact(w.0, null(), 0, bell, 0) });
}

#[test]
fn a_bad_entry_writes_nothing_and_is_named() {
    let w = World::new();
    let d = w.load(GUARDS);
    let other = w.kitchen();
    let (bell, alarm_var) = (w.fact(d, "bell_rang"), w.var(d, "alarm"));
    let (a, b) = (w.agent(d), w.agent(d));
    let cook = w.agent(other);
    let gone = w.agent(d);
    ok(unsafe { goap_agent_destroy(w.0, gone) });
    let f = "goap_agents_set_fact";
    let list = [a, gone, b];
    let st = unsafe { goap_agents_set_fact(w.0, list.as_ptr(), 3, bell, 1) };
    expect_err(st, GoapStatus::UnknownAgent, f, &["agents[1]", "stale"]);
    let list = [a, b, cook];
    let st = unsafe { goap_agents_set_fact(w.0, list.as_ptr(), 3, bell, 1) };
    expect_err(st, GoapStatus::UnknownFact, f, &["agents[2]"]);
    let st = unsafe { goap_agents_set_fact(w.0, list.as_ptr(), 2, bell, 7) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["value is 7"]);
    let st = unsafe { goap_agents_set_fact(w.0, null(), 2, bell, 1) };
    expect_err(st, GoapStatus::NullPointer, f, &["agents"]);
    assert!(
        !w.get_fact(a, bell) && !w.get_fact(b, bell),
        "nothing was written"
    );
    let list = [a, b];
    let st = unsafe { goap_agents_set_var(w.0, list.as_ptr(), 2, alarm_var, 9) };
    expect_err(
        st,
        GoapStatus::OutOfRange,
        "goap_agents_set_var",
        &["agents[0]", "alarm"],
    );
    assert_eq!((alarm(&w, a, alarm_var), alarm(&w, b, alarm_var)), (0, 0));
    let st = unsafe { goap_agents_set_fact(std::ptr::null_mut(), list.as_ptr(), 2, bell, 1) };
    expect_err(st, GoapStatus::NullPointer, f, &["world"]);
}
