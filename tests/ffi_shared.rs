//! Shared world facts and variables through the C ABI: goap_domain_set_shared and its
//! one-value forms, the GoapSharedChange counts, reading back, errors that write nothing,
//! and Busy from a context callback.

use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

/// Guards close the gate when the bell rang (shared); farmers harvest (independent).
const TOWN: &str = r#"{
  "vars": {"alarm": {"min": 0, "max": 3}},
  "actions": [
    {"name": "close_gate", "pre": {"bell_rang": true, "alarm": {">=": 1}}, "effects": {"gate_closed": true}},
    {"name": "harvest", "effects": {"harvested": true}}
  ],
  "goals": [{"name": "secure", "priority": 1, "conditions": {"gate_closed": true}}]
}"#;

fn change() -> GoapSharedChange {
    GoapSharedChange::default()
}

fn shared_fact(w: &World, d: GoapDomainId, f: GoapFactId) -> Option<bool> {
    let (mut shared, mut value) = (-1, -1);
    ok(unsafe { goap_domain_get_shared_fact(w.0, d, f, &mut shared, &mut value) });
    (shared == 1).then_some(value == 1)
}

#[test]
fn one_write_reaches_every_agent_and_counts_the_dependent_ones() {
    let w = World::new();
    let d = w.load(TOWN);
    let (bell, alarm) = (w.fact(d, "bell_rang"), w.var(d, "alarm"));
    let guards: Vec<GoapAgentId> = (0..3).map(|_| w.agent(d)).collect();
    for &g in &guards {
        assert_eq!(w.step(g, 0.1).kind, GoapStepKind::NoPlan as i32);
    }
    assert_eq!(shared_fact(&w, d, bell), None);
    let mut out = change();
    let facts = [GoapFactValue {
        fact: bell,
        value: 1,
    }];
    let vars = [GoapVarValue {
        var: alarm,
        value: 2,
    }];
    ok(unsafe { goap_domain_set_shared(w.0, d, facts.as_ptr(), 1, vars.as_ptr(), 1, &mut out) });
    assert_eq!((out.changed, out.reviewed), (2, 3));
    assert_eq!(shared_fact(&w, d, bell), Some(true));
    let (mut shared, mut value) = (0, 0);
    ok(unsafe { goap_domain_get_shared_var(w.0, d, alarm, &mut shared, &mut value) });
    assert_eq!((shared, value), (1, 2));
    for &g in &guards {
        assert!(w.get_fact(g, bell));
        assert_eq!(w.step(g, 0.1).kind, GoapStepKind::Start as i32);
    }
    // A new agent starts with the shared values.
    let late = w.agent(d);
    assert!(w.get_fact(late, bell));
    // The same value again changes nothing; `out` may be NULL.
    let mut out = change();
    ok(unsafe { goap_domain_set_shared_fact(w.0, d, bell, 1, &mut out) });
    assert_eq!((out.changed, out.reviewed), (0, 0));
    ok(unsafe { goap_domain_set_shared_var(w.0, d, alarm, 0, null_mut()) });
    for &g in &guards {
        // The plan needs alarm >= 1: it is invalidated, and no plan is left.
        assert_eq!(w.step(g, 0.1).kind, GoapStepKind::NoPlan as i32);
    }
    // An agent's own write overrides until the next shared write.
    ok(unsafe { goap_agent_set_fact(w.0, guards[0], bell, 0) });
    assert!(!w.get_fact(guards[0], bell) && w.get_fact(guards[1], bell));
    ok(unsafe { goap_domain_set_shared_fact(w.0, d, bell, 0, null_mut()) });
    ok(unsafe { goap_domain_set_shared_fact(w.0, d, bell, 1, null_mut()) });
    assert!(w.get_fact(guards[0], bell));
    // Empty lists are fine, NULL included.
    ok(unsafe { goap_domain_set_shared(w.0, d, null(), 0, null(), 0, null_mut()) });
}

#[test]
fn bad_input_writes_nothing_and_is_named() {
    let w = World::new();
    let d = w.load(TOWN);
    let other = w.kitchen();
    let (bell, alarm) = (w.fact(d, "bell_rang"), w.var(d, "alarm"));
    let cook_fact = w.fact(other, "菜已洗");
    let f = "goap_domain_set_shared";
    let facts = [
        GoapFactValue {
            fact: bell,
            value: 1,
        },
        GoapFactValue {
            fact: cook_fact,
            value: 1,
        },
    ];
    let st = unsafe { goap_domain_set_shared(w.0, d, facts.as_ptr(), 2, null(), 0, null_mut()) };
    expect_err(st, GoapStatus::UnknownFact, f, &["facts[1]"]);
    let facts = [GoapFactValue {
        fact: bell,
        value: 2,
    }];
    let st = unsafe { goap_domain_set_shared(w.0, d, facts.as_ptr(), 1, null(), 0, null_mut()) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["facts[0].value is 2"]);
    let facts = [GoapFactValue {
        fact: bell,
        value: 1,
    }];
    let vars = [GoapVarValue {
        var: alarm,
        value: 9,
    }];
    let st =
        unsafe { goap_domain_set_shared(w.0, d, facts.as_ptr(), 1, vars.as_ptr(), 1, null_mut()) };
    expect_err(st, GoapStatus::OutOfRange, f, &["alarm"]);
    let st = unsafe { goap_domain_set_shared(w.0, d, null(), 1, null(), 0, null_mut()) };
    expect_err(st, GoapStatus::NullPointer, f, &["facts"]);
    let mut bad = GoapSharedChange {
        size: 4,
        ..change()
    };
    let st = unsafe { goap_domain_set_shared_fact(w.0, d, bell, 1, &mut bad) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_set_shared_fact",
        &["size"],
    );
    let st = unsafe { goap_domain_set_shared_fact(w.0, d, bell, 5, null_mut()) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_set_shared_fact",
        &["value"],
    );
    let st = unsafe { goap_domain_set_shared_var(w.0, d, alarm, -1, null_mut()) };
    expect_err(
        st,
        GoapStatus::OutOfRange,
        "goap_domain_set_shared_var",
        &["alarm"],
    );
    assert_eq!(shared_fact(&w, d, bell), None, "nothing was written");
    let (mut s, mut v) = (0, 0);
    let st = unsafe { goap_domain_get_shared_fact(w.0, d, cook_fact, &mut s, &mut v) };
    expect_err(
        st,
        GoapStatus::UnknownFact,
        "goap_domain_get_shared_fact",
        &["fact"],
    );
    let st = unsafe { goap_domain_get_shared_var(w.0, d, alarm, null_mut(), &mut v) };
    expect_err(
        st,
        GoapStatus::NullPointer,
        "goap_domain_get_shared_var",
        &["out_shared"],
    );
    let st = unsafe { goap_domain_set_shared_fact(null_mut(), d, bell, 1, null_mut()) };
    expect_err(
        st,
        GoapStatus::NullPointer,
        "goap_domain_set_shared_fact",
        &["world"],
    );
}
