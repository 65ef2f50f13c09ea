//! The agent C ABI called from Rust exactly as a C program would: every error path (status
//! and last-error text), the step/report protocol on the kitchen domain, action context and
//! callbacks (re-entrancy included), batch planning and the plan cache.

use std::cell::{Cell, RefCell};
use std::ffi::{c_char, c_void};
use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::{expect_err, fv, last_error, ok, s, World, KITCHEN_JSON};

const START: i32 = GoapStepKind::Start as i32;
const CONTINUE: i32 = GoapStepKind::Continue as i32;
const IDLE: i32 = GoapStepKind::Idle as i32;
const NO_PLAN: i32 = GoapStepKind::NoPlan as i32;
const WAITING: i32 = GoapStepKind::Waiting as i32;

/// The null ids: what the library writes where there is no goal or no action.
const NO_GOAL: GoapGoalId = GoapGoalId { bits: 0 };
const NO_ACTION: GoapActionId = GoapActionId { bits: 0 };

/// A kitchen world with one agent that wants dinner.
fn kitchen_agent() -> (World, GoapDomainId, GoapAgentId) {
    let (w, d, a, _) = kitchen_agent_and_goal();
    (w, d, a)
}

/// [`kitchen_agent`] with the id of its dinner goal.
fn kitchen_agent_and_goal() -> (World, GoapDomainId, GoapAgentId, GoapGoalId) {
    let w = World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    let dinner = w.dinner_goal(d, a);
    assert_ne!(dinner, NO_GOAL);
    assert_eq!(goal_at(&w, a, 0), dinner);
    (w, d, a, dinner)
}

/// The id of the agent's goal at `index` (goap_agent_goal_at).
#[track_caller]
fn goal_at(w: &World, a: GoapAgentId, index: u32) -> GoapGoalId {
    let mut goal = GoapGoalId { bits: u64::MAX };
    ok(unsafe { goap_agent_goal_at(w.0, a, index, &mut goal) });
    assert_ne!(goal, GoapGoalId { bits: u64::MAX }, "written");
    goal
}

/// Every goal of the agent, by goap_agent_goal_at up to GoapAgentInfo.goal_count.
fn goal_ids(w: &World, a: GoapAgentId) -> Vec<GoapGoalId> {
    (0..w.info(a).goal_count)
        .map(|i| goal_at(w, a, i))
        .collect()
}

/// Two ways to a goal: `cheap` (cost 1) and `dear` (cost 3).
const CHOICE_JSON: &str = r#"{
  "actions": [
    {"name": "cheap", "cost": 1, "effects": {"done": true}},
    {"name": "dear", "cost": 3, "effects": {"done": true}}
  ],
  "goals": [{"name": "finish", "priority": 1, "conditions": {"done": true}}]
}"#;

// ---------------------------------------------------------------- the protocol

#[test]
fn kitchen_protocol_through_the_abi() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    let info = w.info(a);
    assert_eq!(
        (info.goal, info.plan_len, info.replans, info.goal_count),
        (NO_GOAL, 0, 0, 1)
    );
    assert!(w.plan(a).is_empty(), "no plan before the first step");

    let first = w.step(a, 0.0);
    assert_eq!(first.kind, START);
    assert_eq!(
        (first.replanned, first.goal, first.plan_index),
        (1, dinner, 0)
    );
    let info = w.info(a);
    assert_eq!(
        (info.goal, info.plan_len, info.plan_index, info.acting),
        (dinner, 7, 0, 1)
    );
    assert_eq!(info.plan_cost, 17.0);
    assert_eq!(info.last_cause, GoapReplanCause::NoPlan as i32);
    let plan = w.plan(a);
    assert_eq!(plan.len(), 7);
    assert_eq!(plan[0], first.action);

    // Running, then Continue with the same action, then success moves on.
    w.report(a, GoapReport::Running);
    let again = w.step(a, 0.5);
    assert_eq!(
        (again.kind, again.action, again.replanned),
        (CONTINUE, first.action, 0)
    );
    w.report(a, GoapReport::Succeeded);
    assert_eq!(
        w.plan(a).len(),
        6,
        "the plan shrinks once an action succeeded"
    );

    let mut names = vec![w.action_name(d, first.action)];
    let mut cost = 0.0;
    loop {
        let step = w.step(a, 0.5);
        if step.kind == IDLE {
            assert_eq!(
                (step.action, step.goal, step.replanned),
                (NO_ACTION, NO_GOAL, 0)
            );
            break;
        }
        assert_eq!(step.kind, START);
        assert_eq!(step.replanned, 0, "no replan without cause");
        assert_eq!(step.plan_index as usize, names.len());
        names.push(w.action_name(d, step.action));
        w.report(a, GoapReport::Succeeded);
    }
    for n in &names {
        cost += match n.as_str() {
            "洗菜" | "切菜" | "摆盘" => 1.0,
            "炒菜" => 2.0,
            "买肉" => 3.0,
            "炖肉" => 4.0,
            "蒸饭" => 5.0,
            other => panic!("unknown action {other}"),
        };
    }
    assert_eq!((names.len(), cost), (7, 17.0), "{names:?}");
    assert_eq!(names.last().map(String::as_str), Some("摆盘"));
    assert!(w.get_fact(a, w.fact(d, "晚餐完成")));
    let info = w.info(a);
    assert_eq!((info.acting, info.replans), (0, 1));
    assert!((info.clock - 4.0).abs() < 1e-12, "{}", info.clock);
    let events = w.replans(a);
    assert_eq!(events.len(), 1);
    let e = events[0];
    assert_eq!(e.cause, GoapReplanCause::NoPlan as i32);
    assert_eq!(e.result, GoapReplanResult::Found as i32);
    assert_eq!(
        (e.goal, e.plan_len, e.plan_cost, e.goals_tried),
        (dinner, 7, 17.0, 1)
    );
    assert!(e.expanded > 0);
    assert_eq!(e.time, 0.0);
    // Idle stays idle without replanning.
    assert_eq!(w.step(a, 1.0).kind, IDLE);
    assert_eq!(w.info(a).replans, 1);
}

#[test]
fn a_failure_replans_with_action_failed() {
    let (w, d, a) = kitchen_agent();
    let mut failed = false;
    let (end, started) = w.run(d, a, 50, |name| {
        let fail = !failed && name == "炖肉";
        failed |= fail;
        fail
    });
    assert!(failed);
    assert_eq!(end.kind, IDLE);
    assert!(w.get_fact(a, w.fact(d, "晚餐完成")));
    assert_eq!(
        started.iter().filter(|n| *n == "炖肉").count(),
        2,
        "{started:?}"
    );
    let events = w.replans(a);
    assert_eq!(events.len(), 2);
    assert_eq!(events[1].cause, GoapReplanCause::ActionFailed as i32);
    assert_eq!(events[1].result, GoapReplanResult::Found as i32);
    assert!(
        events[1].plan_len < 7,
        "the new plan starts from what was done"
    );
    for (cause, n) in [
        (GoapReplanCause::NoPlan, 1),
        (GoapReplanCause::ActionFailed, 1),
        (GoapReplanCause::GoalChanged, 0),
    ] {
        let mut count = u64::MAX;
        ok(unsafe { goap_agent_replan_count(w.0, a, cause as i32, &mut count) });
        assert_eq!(count, n, "{cause:?}");
    }
}

#[test]
fn report_without_an_action_is_no_action() {
    let (w, _, a) = kitchen_agent();
    expect_err(
        unsafe { goap_agent_report(w.0, a, GoapReport::Succeeded as i32) },
        GoapStatus::NoAction,
        "goap_agent_report",
        &["no action is in progress"],
    );
    assert_eq!(w.step(a, 0.0).kind, START);
    w.report(a, GoapReport::Succeeded);
    // The next report needs the next step first.
    expect_err(
        unsafe { goap_agent_report(w.0, a, GoapReport::Failed as i32) },
        GoapStatus::NoAction,
        "goap_agent_report",
        &["report is only valid after step returned an action"],
    );
}

#[test]
fn waiting_agents_are_planned_by_the_batch() {
    let w = World::new();
    let d = w.kitchen();
    let a = w.agent_with(d, |def| def.plan_in_step = 0);
    w.dinner_goal(d, a);
    let step = w.step(a, 0.0);
    assert_eq!(
        (step.kind, step.action, step.goal),
        (WAITING, NO_ACTION, NO_GOAL)
    );
    assert_eq!(w.step(a, 0.0).kind, WAITING, "it waits until a batch runs");
    let stats = w.batch(|_| {});
    assert_eq!(
        (stats.planned, stats.waiting, stats.callback_errors),
        (1, 0, 0)
    );
    assert!(stats.expanded > 0 && stats.threads >= 1);
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.replanned), (START, 0));
    assert_eq!(w.info(a).plan_cost, 17.0);
    // Nothing needs a plan: an empty batch.
    let stats = w.batch(|_| {});
    assert_eq!((stats.planned, stats.waiting, stats.expanded), (0, 0, 0));
}

#[test]
fn goals_from_the_domain_file_priorities_and_switching() {
    let w = World::new();
    let json = r#"{
      "actions": [
        {"name": "eat", "cost": 1, "effects": {"fed": true}},
        {"name": "sleep", "cost": 1, "effects": {"rested": true}}
      ],
      "goals": [
        {"name": "fed", "priority": 2, "conditions": {"fed": true}},
        {"name": "rested", "priority": 1, "conditions": {"rested": true}}
      ]
    }"#;
    let d = w.load(json);
    let a = w.agent_with(d, |def| def.switch_margin = 0.5);
    let mut rested = NO_GOAL;
    let (p, n) = s("rested");
    ok(unsafe { goap_agent_find_goal(w.0, a, p, n, &mut rested) });
    assert_eq!(w.info(a).goal_count, 2);
    // The domain's goals in file order.
    let fed = goal_at(&w, a, 0);
    assert_eq!(goal_at(&w, a, 1), rested);
    assert_ne!(fed, rested);
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal), (START, fed));
    assert_eq!(w.action_name(d, step.action), "eat");
    // Within the margin: no switch.
    ok(unsafe { goap_agent_set_goal_priority(w.0, a, rested, 2.4) });
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal, step.replanned), (CONTINUE, fed, 0));
    // Beyond it: the other goal takes over.
    ok(unsafe { goap_agent_set_goal_priority(w.0, a, rested, 3.0) });
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal, step.replanned), (START, rested, 1));
    assert_eq!(w.action_name(d, step.action), "sleep");
    assert_eq!(w.info(a).last_cause, GoapReplanCause::GoalChanged as i32);
    // A priority of 0 disables; with every goal disabled the agent is idle.
    ok(unsafe { goap_agent_set_goal_priority(w.0, a, fed, 0.0) });
    ok(unsafe { goap_agent_set_goal_priority(w.0, a, rested, -1.0) });
    assert_eq!(w.step(a, 0.0).kind, IDLE);
}

#[test]
fn no_plan_until_something_changes() {
    let w = World::new();
    let json = r#"{
      "actions": [{"name": "open", "cost": 1, "pre": {"has_key": true},
                   "effects": {"open": true}}],
      "goals": [{"name": "in", "priority": 1, "conditions": {"open": true}}]
    }"#;
    let d = w.load(json);
    let a = w.agent(d);
    let step = w.step(a, 0.0);
    assert_eq!(
        (step.kind, step.replanned, step.action, step.goal),
        (NO_PLAN, 1, NO_ACTION, NO_GOAL)
    );
    let event = w.replans(a)[0];
    assert_eq!(
        (event.result, event.goal),
        (GoapReplanResult::NoPlan as i32, NO_GOAL),
        "no goal has a plan"
    );
    assert_eq!(w.info(a).goal, NO_GOAL);
    assert_eq!(w.step(a, 0.0).replanned, 0, "no retry without a change");
    w.set_fact(a, w.fact(d, "has_key"), true);
    let step = w.step(a, 0.0);
    let only = goal_at(&w, a, 0);
    assert_eq!((step.kind, step.replanned, step.goal), (START, 1, only));
    assert_eq!(w.replans(a)[1].goal, only);
}

#[test]
fn sensed_facts_invalidate_and_skip() {
    let (w, d, a) = kitchen_agent();
    let first = w.step(a, 0.0);
    assert_eq!(w.action_name(d, first.action), "洗菜");
    assert_eq!(w.plan_names(d, a)[..3], ["洗菜", "切菜", "炒菜"]);
    // The engine senses vegetables fried by someone else: the first steps are skipped.
    let fried = w.fact(d, "菜已炒");
    w.set_fact(a, fried, true);
    w.set_fact(a, fried, true); // the same value changes nothing
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.replanned, step.plan_index), (START, 1, 3));
    assert_eq!(w.action_name(d, step.action), "买肉");
    assert_eq!(w.plan_names(d, a), ["买肉", "炖肉", "蒸饭", "摆盘"]);
    let skipped = *w.replans(a).last().unwrap();
    assert_eq!(skipped.cause, GoapReplanCause::StepsSkipped as i32);
    assert_eq!(
        (skipped.result, skipped.plan_len),
        (GoapReplanResult::Skipped as i32, 4)
    );
    assert_eq!(w.step(a, 0.0).replanned, 0, "no replan without a change");
    // Losing the fried vegetables invalidates the plan, and without bought vegetables a
    // search finds none.
    w.set_fact(a, w.fact(d, "菜已买"), false);
    w.set_fact(a, fried, false);
    let step = w.step(a, 0.0);
    assert_eq!(step.kind, NO_PLAN, "nothing buys vegetables in the kitchen");
    let last = *w.replans(a).last().unwrap();
    assert_eq!(last.cause, GoapReplanCause::PlanInvalidated as i32);
}

#[test]
fn set_facts_is_all_or_nothing() {
    let (w, d, a) = kitchen_agent();
    let (rice, meat) = (w.fact(d, "饭已熟"), w.fact(d, "肉已熟"));
    let bad = [
        fv(rice, true),
        GoapFactValue {
            fact: meat,
            value: 2,
        },
    ];
    expect_err(
        unsafe { goap_agent_set_facts(w.0, a, bad.as_ptr(), 2) },
        GoapStatus::InvalidArgument,
        "goap_agent_set_facts",
        &["values[1].value is 2 (expected 0 or 1)"],
    );
    assert!(!w.get_fact(a, rice), "nothing was written");
    let both = [fv(rice, true), fv(meat, true), fv(rice, false)];
    expect_err(
        unsafe { goap_agent_set_facts(w.0, a, both.as_ptr(), 3) },
        GoapStatus::Contradiction,
        "goap_agent_set_facts",
        &["values lists fact \"饭已熟\"", "as both 1 and 0"],
    );
    assert!(!w.get_fact(a, rice) && !w.get_fact(a, meat));
    let foreign = w.kitchen();
    let stranger = [fv(rice, true), fv(w.fact(foreign, "饭已熟"), true)];
    expect_err(
        unsafe { goap_agent_set_facts(w.0, a, stranger.as_ptr(), 2) },
        GoapStatus::UnknownFact,
        "goap_agent_set_facts",
        &["values[1].fact", "does not belong to the agent's domain"],
    );
    let good = [fv(rice, true), fv(meat, true), fv(rice, true)];
    ok(unsafe { goap_agent_set_facts(w.0, a, good.as_ptr(), 3) });
    assert!(w.get_fact(a, rice) && w.get_fact(a, meat));
    ok(unsafe { goap_agent_set_facts(w.0, a, null(), 0) });
    expect_err(
        unsafe { goap_agent_set_facts(w.0, a, null(), 1) },
        GoapStatus::NullPointer,
        "goap_agent_set_facts",
        &["values (with count 1) is NULL"],
    );
}

#[test]
fn variables_of_an_agent() {
    let w = World::new();
    let d = w.load(include_str!("../examples/domains/ammo.json"));
    let a = w.agent(d);
    let (clip, hp) = (w.var(d, "clip"), w.var(d, "enemy_hp"));
    let get = |v| {
        let mut x = -1;
        ok(unsafe { goap_agent_get_var(w.0, a, v, &mut x) });
        x
    };
    assert_eq!((get(clip), get(hp)), (1, 3), "the domain's start state");
    ok(unsafe { goap_agent_set_var(w.0, a, clip, 6) });
    assert_eq!(get(clip), 6);
    expect_err(
        unsafe { goap_agent_set_var(w.0, a, clip, 7) },
        GoapStatus::OutOfRange,
        "goap_agent_set_var",
        &["clip", "7"],
    );
    assert_eq!(get(clip), 6);
    let at_crate = w.fact(d, "at_crate");
    expect_err(
        unsafe {
            goap_agent_set_var(
                w.0,
                a,
                GoapVarId {
                    bits: at_crate.bits,
                },
                1,
            )
        },
        GoapStatus::UnknownVar,
        "goap_agent_set_var",
        &["var:", "is a fact id, not a variable id"],
    );
    let mut x = 0;
    expect_err(
        unsafe { goap_agent_get_fact(w.0, a, GoapFactId { bits: clip.bits }, &mut x) },
        GoapStatus::UnknownFact,
        "goap_agent_get_fact",
        &["is a variable id, not a fact id"],
    );
    // A goal on variables: the agent plans with them (shoot six times is 6).
    let mut def = goap_goal_def_default();
    let dead = GoapVarCondition {
        var: hp,
        op: GoapCompare::Eq as i32,
        value: 0,
    };
    def.vars = &dead;
    def.var_count = 1;
    let mut index = NO_GOAL;
    ok(unsafe { goap_agent_add_goal(w.0, a, &def, &mut index) });
    assert_ne!(index, NO_GOAL);
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal), (START, index));
    assert_eq!(w.info(a).plan_cost, 3.0);
    let bad = GoapVarCondition {
        var: hp,
        op: GoapCompare::Eq as i32,
        value: 4,
    };
    def.vars = &bad;
    expect_err(
        unsafe { goap_agent_add_goal(w.0, a, &def, &mut index) },
        GoapStatus::OutOfRange,
        "goap_agent_add_goal",
        &["enemy_hp"],
    );
    let zero_op = GoapVarCondition { op: 0, ..dead };
    def.vars = &zero_op;
    expect_err(
        unsafe { goap_agent_add_goal(w.0, a, &def, &mut index) },
        GoapStatus::InvalidArgument,
        "goap_agent_add_goal",
        &["def->vars[0].op is 0"],
    );
}

// ---------------------------------------------------------------- ids

#[test]
fn zero_stale_foreign_and_misused_agent_ids() {
    let (w, d, a) = kitchen_agent();
    let other = World::new();
    let od = other.kitchen();
    let foreign = other.agent(od);
    let fact = w.fact(d, "菜已买");
    let mut v = 0;
    let mut get = |agent| unsafe { goap_agent_get_fact(w.0, agent, fact, &mut v) };
    let f = "goap_agent_get_fact";
    expect_err(
        get(GoapAgentId::default()),
        GoapStatus::UnknownAgent,
        f,
        &["agent: the null agent id is never valid"],
    );
    expect_err(
        get(foreign),
        GoapStatus::UnknownAgent,
        f,
        &["is foreign: it belongs to another world"],
    );
    expect_err(
        get(GoapAgentId { bits: fact.bits }),
        GoapStatus::UnknownAgent,
        f,
        &["is not an agent id (it looks like a fact id)"],
    );
    expect_err(
        get(GoapAgentId { bits: d.bits }),
        GoapStatus::UnknownAgent,
        f,
        &["is not an agent id (it looks like a domain id)"],
    );
    let goal = goal_at(&w, a, 0);
    expect_err(
        get(GoapAgentId { bits: goal.bits }),
        GoapStatus::UnknownAgent,
        f,
        &["is not an agent id"],
    );
    // Forged from a's bits: generation 0 is never issued; a later generation is stale.
    expect_err(
        get(GoapAgentId {
            bits: a.bits & !0xffff_ffff,
        }),
        GoapStatus::UnknownAgent,
        f,
        &["is not an agent id"],
    );
    expect_err(
        get(GoapAgentId { bits: a.bits + 1 }),
        GoapStatus::UnknownAgent,
        f,
        &["is stale"],
    );
    // Stale: destroyed, never found again, not even after its slot is reused.
    let b = w.agent(d);
    ok(unsafe { goap_agent_destroy(w.0, b) });
    expect_err(
        get(b),
        GoapStatus::UnknownAgent,
        f,
        &["is stale: its agent was destroyed"],
    );
    expect_err(
        unsafe { goap_agent_destroy(w.0, b) },
        GoapStatus::UnknownAgent,
        "goap_agent_destroy",
        &["stale"],
    );
    let c = w.agent(d);
    assert_ne!(c, b, "a reused slot has a new version");
    expect_err(get(b), GoapStatus::UnknownAgent, f, &["stale"]);
    let mut count = 0;
    ok(unsafe { goap_agent_count(w.0, &mut count) });
    assert_eq!(count, 2);
    // An agent id is no fact id either.
    expect_err(
        unsafe { goap_agent_set_fact(w.0, a, GoapFactId { bits: a.bits }, 1) },
        GoapStatus::UnknownFact,
        "goap_agent_set_fact",
        &["fact:"],
    );
    // The foreign world's own agent works there.
    assert_eq!(other.step(foreign, 0.0).kind, IDLE, "it has no goals");
}

#[test]
fn ids_of_another_domain_or_added_later_are_unknown() {
    let (w, d, a) = kitchen_agent();
    let od = w.kitchen();
    let mut v = 0;
    expect_err(
        unsafe { goap_agent_get_fact(w.0, a, w.fact(od, "菜已买"), &mut v) },
        GoapStatus::UnknownFact,
        "goap_agent_get_fact",
        &["fact: fact id", "does not belong to the agent's domain"],
    );
    let foreign_action = w.action(od, "洗菜");
    expect_err(
        unsafe { goap_agent_set_action_enabled(w.0, a, foreign_action, 0) },
        GoapStatus::UnknownAction,
        "goap_agent_set_action_enabled",
        &["action: action id", "does not belong to the agent's domain"],
    );
    expect_err(
        unsafe {
            let fact = w.fact(d, "菜已买");
            goap_agent_set_action_cost(w.0, a, GoapActionId { bits: fact.bits }, 1.0)
        },
        GoapStatus::UnknownAction,
        "goap_agent_set_action_cost",
        &["is a fact id, not an action id"],
    );
    expect_err(
        unsafe { goap_agent_clear_action_cost(w.0, a, NO_ACTION) },
        GoapStatus::UnknownAction,
        "goap_agent_clear_action_cost",
        &["0 is never a valid action id"],
    );
    let ammo = w.load(include_str!("../examples/domains/ammo.json"));
    expect_err(
        unsafe { goap_agent_set_var(w.0, a, w.var(ammo, "clip"), 1) },
        GoapStatus::UnknownVar,
        "goap_agent_set_var",
        &["does not belong to the agent's domain"],
    );
    // A fact added to the domain after the agent was created is not the agent's.
    let (p, n) = s("新事实");
    let mut late = GoapFactId::default();
    ok(unsafe { goap_domain_add_fact(w.0, d, p, n, &mut late) });
    expect_err(
        unsafe { goap_agent_set_fact(w.0, a, late, 1) },
        GoapStatus::UnknownFact,
        "goap_agent_set_fact",
        &["is not a fact of the agent's domain", "(it has 8 facts)"],
    );
    // Destroying the domain leaves the agent working with its ids.
    let dinner = w.fact(d, "晚餐完成");
    ok(unsafe { goap_domain_destroy(w.0, d) });
    let mut started = 0;
    loop {
        let step = w.step(a, 0.0);
        if step.kind == IDLE {
            break;
        }
        assert_eq!(step.kind, START);
        started += 1;
        w.report(a, GoapReport::Succeeded);
    }
    assert_eq!(started, 7);
    assert!(w.get_fact(a, dinner));
}

// ---------------------------------------------------------------- NULL pointers

#[test]
fn null_world_is_rejected_by_every_agent_function() {
    let (w, d, a, goal) = kitchen_agent_and_goal();
    let act = w.action(d, "洗菜");
    let fact = w.fact(d, "菜已买");
    let nw = null_mut::<GoapWorld>();
    let adef = goap_agent_def_default();
    let gdef = goap_goal_def_default();
    let (p, n) = s("dinner");
    let (mut id, mut count, mut g, mut x, mut big) =
        (GoapAgentId::default(), 0u32, NO_GOAL, 0i32, 0u64);
    let mut step = GoapStep::default();
    let mut info = GoapAgentInfo::default();
    let mut batch = GoapBatchStats::default();
    let mut cache = GoapCacheStats::default();
    let calls: Vec<(&str, GoapStatus)> = unsafe {
        vec![
            ("goap_agent_create", goap_agent_create(nw, &adef, &mut id)),
            ("goap_agent_destroy", goap_agent_destroy(nw, a)),
            ("goap_agent_count", goap_agent_count(nw, &mut count)),
            ("goap_agent_set_fact", goap_agent_set_fact(nw, a, fact, 1)),
            (
                "goap_agent_get_fact",
                goap_agent_get_fact(nw, a, fact, &mut x),
            ),
            (
                "goap_agent_set_facts",
                goap_agent_set_facts(nw, a, null(), 0),
            ),
            (
                "goap_agent_set_var",
                goap_agent_set_var(nw, a, GoapVarId { bits: 1 }, 1),
            ),
            (
                "goap_agent_get_var",
                goap_agent_get_var(nw, a, GoapVarId { bits: 1 }, &mut x),
            ),
            (
                "goap_agent_add_goal",
                goap_agent_add_goal(nw, a, &gdef, &mut g),
            ),
            (
                "goap_agent_find_goal",
                goap_agent_find_goal(nw, a, p, n, &mut g),
            ),
            (
                "goap_agent_set_goal_priority",
                goap_agent_set_goal_priority(nw, a, goal, 1.0),
            ),
            (
                "goap_agent_remove_goal",
                goap_agent_remove_goal(nw, a, goal),
            ),
            ("goap_agent_goal_at", goap_agent_goal_at(nw, a, 0, &mut g)),
            (
                "goap_agent_set_action_enabled",
                goap_agent_set_action_enabled(nw, a, act, 1),
            ),
            (
                "goap_agent_set_action_cost",
                goap_agent_set_action_cost(nw, a, act, 1.0),
            ),
            (
                "goap_agent_clear_action_cost",
                goap_agent_clear_action_cost(nw, a, act),
            ),
            (
                "goap_agent_set_callbacks",
                goap_agent_set_callbacks(nw, a, null()),
            ),
            ("goap_agent_step", goap_agent_step(nw, a, 0.0, &mut step)),
            ("goap_agent_report", goap_agent_report(nw, a, 1)),
            ("goap_agent_info", goap_agent_info(nw, a, &mut info)),
            (
                "goap_agent_plan",
                goap_agent_plan(nw, a, null_mut(), 0, &mut count),
            ),
            (
                "goap_agent_replans",
                goap_agent_replans(nw, a, null_mut(), 0, &mut count),
            ),
            (
                "goap_agent_replan_count",
                goap_agent_replan_count(nw, a, 1, &mut big),
            ),
            (
                "goap_world_plan_agents",
                goap_world_plan_agents(nw, null(), &mut batch),
            ),
            (
                "goap_world_cache_stats",
                goap_world_cache_stats(nw, &mut cache),
            ),
            ("goap_world_clear_cache", goap_world_clear_cache(nw)),
        ]
    };
    assert_eq!(calls.len(), 26);
    for (function, status) in calls {
        assert_eq!(status, GoapStatus::NullPointer, "{function}");
        // Each call's own message is gone; check the shape with a fresh call below.
        let _ = function;
    }
    expect_err(
        unsafe { goap_agent_step(nw, a, 0.0, &mut step) },
        GoapStatus::NullPointer,
        "goap_agent_step",
        &["argument `world` is NULL"],
    );
    assert_eq!(id, GoapAgentId::default(), "outputs untouched");
    assert_eq!((count, g, x, big), (0, NO_GOAL, 0, 0));
    assert_eq!(goal_ids(&w, a), [goal], "the goal is still there");
    assert_eq!(step, GoapStep::default());
}

#[test]
fn null_outputs_and_inputs_are_rejected() {
    let (w, d, a) = kitchen_agent();
    let fact = w.fact(d, "菜已买");
    let adef = goap_agent_def_default();
    let (p, _) = s("x");
    let null_arg = |st: GoapStatus, function: &str, arg: &str| {
        expect_err(
            st,
            GoapStatus::NullPointer,
            function,
            &[&format!("`{arg}`")],
        );
    };
    unsafe {
        null_arg(
            goap_agent_create(w.0, null(), &mut GoapAgentId::default()),
            "goap_agent_create",
            "def",
        );
        null_arg(
            goap_agent_create(w.0, &adef, null_mut()),
            "goap_agent_create",
            "out",
        );
        null_arg(
            goap_agent_count(w.0, null_mut()),
            "goap_agent_count",
            "out_count",
        );
        null_arg(
            goap_agent_get_fact(w.0, a, fact, null_mut()),
            "goap_agent_get_fact",
            "out",
        );
        null_arg(
            goap_agent_get_var(w.0, a, GoapVarId { bits: 1 }, null_mut()),
            "goap_agent_get_var",
            "out",
        );
        null_arg(
            goap_agent_add_goal(w.0, a, null(), &mut GoapGoalId::default()),
            "goap_agent_add_goal",
            "def",
        );
        let gdef = goap_goal_def_default();
        null_arg(
            goap_agent_add_goal(w.0, a, &gdef, null_mut()),
            "goap_agent_add_goal",
            "out_goal",
        );
        null_arg(
            goap_agent_find_goal(w.0, a, p, 1, null_mut()),
            "goap_agent_find_goal",
            "out_goal",
        );
        null_arg(
            goap_agent_goal_at(w.0, a, 0, null_mut()),
            "goap_agent_goal_at",
            "out_goal",
        );
        expect_err(
            goap_agent_find_goal(w.0, a, null(), 3, &mut GoapGoalId::default()),
            GoapStatus::NullPointer,
            "goap_agent_find_goal",
            &["name (with count 3) is NULL"],
        );
        null_arg(
            goap_agent_step(w.0, a, 0.0, null_mut()),
            "goap_agent_step",
            "out",
        );
        null_arg(
            goap_agent_info(w.0, a, null_mut()),
            "goap_agent_info",
            "out",
        );
        null_arg(
            goap_agent_plan(w.0, a, null_mut(), 0, null_mut()),
            "goap_agent_plan",
            "out_count",
        );
        null_arg(
            goap_agent_replans(w.0, a, null_mut(), 0, null_mut()),
            "goap_agent_replans",
            "out_count",
        );
        null_arg(
            goap_agent_replan_count(w.0, a, 1, null_mut()),
            "goap_agent_replan_count",
            "out",
        );
        null_arg(
            goap_world_plan_agents(w.0, null(), null_mut()),
            "goap_world_plan_agents",
            "out",
        );
        null_arg(
            goap_world_cache_stats(w.0, null_mut()),
            "goap_world_cache_stats",
            "out",
        );
        let mut count = 0;
        expect_err(
            goap_agent_plan(w.0, a, null_mut(), 4, &mut count),
            GoapStatus::NullPointer,
            "goap_agent_plan",
            &["argument `out` (with capacity 4) is NULL"],
        );
        expect_err(
            goap_agent_replans(w.0, a, null_mut(), 4, &mut count),
            GoapStatus::NullPointer,
            "goap_agent_replans",
            &["argument `out` (with capacity 4)"],
        );
        // Goal arrays NULL with a count.
        let mut gdef = goap_goal_def_default();
        gdef.fact_count = 2;
        expect_err(
            goap_agent_add_goal(w.0, a, &gdef, &mut GoapGoalId::default()),
            GoapStatus::NullPointer,
            "goap_agent_add_goal",
            &["def->facts (with count 2) is NULL"],
        );
        gdef.fact_count = 0;
        gdef.var_count = 1;
        expect_err(
            goap_agent_add_goal(w.0, a, &gdef, &mut GoapGoalId::default()),
            GoapStatus::NullPointer,
            "goap_agent_add_goal",
            &["def->vars (with count 1) is NULL"],
        );
        // NULL options are the defaults; NULL callbacks remove them.
        let mut stats = GoapBatchStats::default();
        ok(goap_world_plan_agents(w.0, null(), &mut stats));
        ok(goap_agent_set_callbacks(w.0, a, null()));
    }
    assert_eq!(w.info(a).goal_count, 1, "no goal was added");
}

// ---------------------------------------------------------------- definitions and values

#[test]
fn uninitialised_and_invalid_definitions_are_rejected() {
    let w = World::new();
    let d = w.kitchen();
    let create = |edit: &dyn Fn(&mut GoapAgentDef)| {
        let mut def = goap_agent_def_default();
        def.domain = d;
        edit(&mut def);
        let mut a = GoapAgentId::default();
        let st = unsafe { goap_agent_create(w.0, &def, &mut a) };
        if st != GoapStatus::Ok {
            assert_eq!(a, GoapAgentId::default(), "out untouched");
        }
        st
    };
    let f = "goap_agent_create";
    expect_err(
        create(&|d| d.cookie = 0),
        GoapStatus::InvalidArgument,
        f,
        &["def: definition not initialised with goap_agent_def_default()"],
    );
    expect_err(
        create(&|d| d.domain = GoapDomainId::default()),
        GoapStatus::UnknownDomain,
        f,
        &["def->domain: domain id 0 is never valid"],
    );
    let gone = w.kitchen();
    ok(unsafe { goap_domain_destroy(w.0, gone) });
    expect_err(
        create(&|d| d.domain = gone),
        GoapStatus::UnknownDomain,
        f,
        &["does not exist in this world"],
    );
    expect_err(
        create(&|d| d.plan_in_step = 2),
        GoapStatus::InvalidArgument,
        f,
        &["def->plan_in_step is 2 (expected 0 or 1)"],
    );
    expect_err(
        create(&|d| d.heuristic = 9),
        GoapStatus::InvalidArgument,
        f,
        &["def->heuristic is 9 (expected a GOAP_HEURISTIC_* value, 0 to 4)"],
    );
    expect_err(
        create(&|d| d.switch_margin = f64::NAN),
        GoapStatus::InvalidArgument,
        f,
        &["switch_margin must be a finite number >= 0, not NaN"],
    );
    expect_err(
        create(&|d| d.failure_cooldown = -1.0),
        GoapStatus::InvalidArgument,
        f,
        &["failure_cooldown must be a finite number >= 0, not -1"],
    );
    expect_err(
        create(&|d| d.failure_cooldown = f64::INFINITY),
        GoapStatus::InvalidArgument,
        f,
        &["failure_cooldown"],
    );
    ok(create(&|d| {
        d.heuristic = GoapHeuristic::Lmcut as i32;
        d.max_nodes = 10;
    }));
    let mut count = 0;
    ok(unsafe { goap_agent_count(w.0, &mut count) });
    assert_eq!(count, 1);

    let a = w.agent(d);
    let mut gdef = goap_goal_def_default();
    gdef.cookie = 1;
    expect_err(
        unsafe { goap_agent_add_goal(w.0, a, &gdef, &mut GoapGoalId::default()) },
        GoapStatus::InvalidArgument,
        "goap_agent_add_goal",
        &["def: definition not initialised with goap_goal_def_default()"],
    );
    let mut options = goap_batch_options_default();
    options.cookie = 0;
    let mut stats = GoapBatchStats::default();
    expect_err(
        unsafe { goap_world_plan_agents(w.0, &options, &mut stats) },
        GoapStatus::InvalidArgument,
        "goap_world_plan_agents",
        &["options: definition not initialised with goap_batch_options_default()"],
    );
    let mut wdef = goap_world_def_default();
    wdef.cookie = 0x6F61_5701; // the layout before the agent fields
    let mut other = null_mut();
    expect_err(
        unsafe { goap_world_create(&wdef, &mut other) },
        GoapStatus::InvalidArgument,
        "goap_world_create",
        &["goap_world_def_default()"],
    );
}

#[test]
fn defaults_are_documented_values() {
    let def = goap_agent_def_default();
    assert_eq!(
        (def.domain, def.switch_margin, def.failure_cooldown),
        (GoapDomainId::default(), 0.0, 0.0)
    );
    assert_eq!(
        (def.plan_in_step, def.max_nodes, def.heuristic),
        (1, 1_000_000, 0)
    );
    let goal = goap_goal_def_default();
    assert_eq!((goal.name_len, goal.fact_count, goal.var_count), (0, 0, 0));
    assert_eq!(goal.priority, 1.0);
    let batch = goap_batch_options_default();
    assert_eq!(
        (batch.max_agents, batch.threads, batch.max_nodes),
        (0, 0, 0)
    );
    let world = goap_world_def_default();
    assert_eq!(
        (world.worker_threads, world.plan_cache_capacity),
        (0, 16_384)
    );
}

#[test]
fn goal_definitions_are_checked() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    const UNWRITTEN: GoapGoalId = GoapGoalId { bits: u64::MAX };
    let add = |def: &GoapGoalDef| {
        let mut goal = UNWRITTEN;
        let st = unsafe { goap_agent_add_goal(w.0, a, def, &mut goal) };
        (st, goal)
    };
    let f = "goap_agent_add_goal";
    let mut def = goap_goal_def_default();
    (def.name, def.name_len) = s("a\0b");
    let (st, index) = add(&def);
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        f,
        &["contains a NUL character"],
    );
    assert_eq!(index, UNWRITTEN);
    let bad = [0xffu8, 0xfe];
    def.name = bad.as_ptr().cast();
    def.name_len = 2;
    expect_err(
        add(&def).0,
        GoapStatus::InvalidUtf8,
        f,
        &["def->name is not valid UTF-8"],
    );
    (def.name, def.name_len) = s("夜宵");
    for p in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        def.priority = p;
        expect_err(
            add(&def).0,
            GoapStatus::InvalidArgument,
            f,
            &["priority must be a finite"],
        );
    }
    def.priority = 2.0;
    let rice = w.fact(d, "饭已熟");
    let both = [fv(rice, true), fv(rice, false)];
    def.facts = both.as_ptr();
    def.fact_count = 2;
    expect_err(
        add(&def).0,
        GoapStatus::Contradiction,
        f,
        &["def->facts lists fact \"饭已熟\"", "both 1 and 0"],
    );
    let odd = [GoapFactValue {
        fact: rice,
        value: -1,
    }];
    def.facts = odd.as_ptr();
    def.fact_count = 1;
    expect_err(
        add(&def).0,
        GoapStatus::InvalidArgument,
        f,
        &["def->facts[0].value is -1 (expected 0 or 1)"],
    );
    assert_eq!(w.info(a).goal_count, 1, "nothing was added");
    let good = [fv(rice, true)];
    def.facts = good.as_ptr();
    let (st, snack) = add(&def);
    ok(st);
    assert!(snack != UNWRITTEN && snack != NO_GOAL && snack != dinner);
    // Names need not be unique: find_goal gives the first.
    let (st, second) = add(&def);
    ok(st);
    assert!(second != snack && second != dinner && second != NO_GOAL);
    assert_eq!(
        goal_ids(&w, a),
        [dinner, snack, second],
        "in the order added"
    );
    let mut found = NO_GOAL;
    let (p, n) = s("夜宵");
    ok(unsafe { goap_agent_find_goal(w.0, a, p, n, &mut found) });
    assert_eq!(found, snack);
    let (p, n) = s("breakfast");
    expect_err(
        unsafe { goap_agent_find_goal(w.0, a, p, n, &mut found) },
        GoapStatus::NotFound,
        "goap_agent_find_goal",
        &["the agent has no goal named \"breakfast\" (it has 3 goals)"],
    );
    assert_eq!(found, snack, "out untouched");
    // An id never handed out: the slot after the last goal's (forged from its bits).
    let forged = GoapGoalId {
        bits: second.bits + 1,
    };
    assert!(!goal_ids(&w, a).contains(&forged));
    expect_err(
        unsafe { goap_agent_set_goal_priority(w.0, a, forged, 1.0) },
        GoapStatus::UnknownGoal,
        "goap_agent_set_goal_priority",
        &["goal", "never added, or removed"],
    );
    expect_err(
        unsafe { goap_agent_set_goal_priority(w.0, a, dinner, f64::NAN) },
        GoapStatus::InvalidArgument,
        "goap_agent_set_goal_priority",
        &["priority must be a finite number"],
    );
    // Higher priority wins: the rice goal first (of two equal ones, the one added first).
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal), (START, snack));
    assert_eq!(w.action_name(d, step.action), "蒸饭");
}

#[test]
fn bad_values_are_invalid_arguments() {
    let (w, d, a) = kitchen_agent();
    let fact = w.fact(d, "菜已买");
    let act = w.action(d, "洗菜");
    let mut step = GoapStep::default();
    for dt in [f64::NAN, -0.5, f64::INFINITY] {
        expect_err(
            unsafe { goap_agent_step(w.0, a, dt, &mut step) },
            GoapStatus::InvalidArgument,
            "goap_agent_step",
            &["dt must be a finite number of seconds >= 0"],
        );
    }
    assert_eq!(step, GoapStep::default(), "out untouched");
    assert_eq!(w.info(a).clock, 0.0);
    assert_eq!(w.step(a, 0.0).kind, START);
    for r in [0, 4, -1] {
        expect_err(
            unsafe { goap_agent_report(w.0, a, r) },
            GoapStatus::InvalidArgument,
            "goap_agent_report",
            &[&format!("report is {r} (expected a GOAP_REPORT_* value")],
        );
    }
    assert_eq!(w.info(a).acting, 1, "a bad report changes nothing");
    expect_err(
        unsafe { goap_agent_set_fact(w.0, a, fact, 2) },
        GoapStatus::InvalidArgument,
        "goap_agent_set_fact",
        &["value is 2 (expected 0 or 1)"],
    );
    expect_err(
        unsafe { goap_agent_set_action_enabled(w.0, a, act, -1) },
        GoapStatus::InvalidArgument,
        "goap_agent_set_action_enabled",
        &["enabled is -1 (expected 0 or 1)"],
    );
    for cost in [f64::NAN, -1.0, 1e13, f64::INFINITY] {
        expect_err(
            unsafe { goap_agent_set_action_cost(w.0, a, act, cost) },
            GoapStatus::InvalidCost,
            "goap_agent_set_action_cost",
            &["action \"洗菜\""],
        );
    }
    let mut count = 7;
    for cause in [0, 6] {
        expect_err(
            unsafe { goap_agent_replan_count(w.0, a, cause, &mut count) },
            GoapStatus::InvalidArgument,
            "goap_agent_replan_count",
            &[&format!(
                "cause is {cause} (expected a GOAP_REPLAN_CAUSE_* value, 1 to 5)"
            )],
        );
    }
    assert_eq!(count, 7);
}

#[test]
fn buffers_too_small_report_the_needed_count() {
    let (w, _, a) = kitchen_agent();
    w.step(a, 0.0);
    let mut out = [GoapActionId { bits: 42 }; 3];
    let mut count = 0;
    expect_err(
        unsafe { goap_agent_plan(w.0, a, out.as_mut_ptr(), 3, &mut count) },
        GoapStatus::BufferTooSmall,
        "goap_agent_plan",
        &["out has capacity 3 but there are 7 actions"],
    );
    assert_eq!(count, 7);
    assert_eq!(
        out,
        [GoapActionId { bits: 42 }; 3],
        "nothing written to the buffer"
    );
    count = 0;
    expect_err(
        unsafe { goap_agent_plan(w.0, a, null_mut(), 0, &mut count) },
        GoapStatus::BufferTooSmall,
        "goap_agent_plan",
        &[],
    );
    assert_eq!(count, 7);
    let mut events = [GoapReplanEvent::default(); 1];
    count = 0;
    expect_err(
        unsafe { goap_agent_replans(w.0, a, events.as_mut_ptr(), 0, &mut count) },
        GoapStatus::BufferTooSmall,
        "goap_agent_replans",
        &["there is 1 replan"],
    );
    assert_eq!(count, 1);
    ok(unsafe { goap_agent_replans(w.0, a, events.as_mut_ptr(), 1, &mut count) });
    assert_eq!(events[0].plan_len, 7);
    // Exactly enough room.
    let mut plan = [NO_ACTION; 7];
    ok(unsafe { goap_agent_plan(w.0, a, plan.as_mut_ptr(), 7, &mut count) });
    assert_eq!(count, 7);
    assert!(plan.iter().all(|&x| x != NO_ACTION));
}

#[test]
fn replan_history_keeps_the_last_sixteen() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent(d);
    let cheap = w.action(d, "cheap");
    for i in 0..20 {
        // Each failure replans; the cooldown is 0, so "cheap" is chosen again.
        let step = w.step(a, 0.0);
        assert_eq!((step.kind, step.action), (START, cheap), "round {i}");
        w.report(a, GoapReport::Failed);
    }
    let events = w.replans(a);
    assert_eq!(events.len(), 16);
    assert!(events
        .iter()
        .all(|e| e.cause == GoapReplanCause::ActionFailed as i32));
    assert_eq!(w.info(a).replans, 20);
    let mut failed = 0;
    ok(unsafe {
        goap_agent_replan_count(w.0, a, GoapReplanCause::ActionFailed as i32, &mut failed)
    });
    assert_eq!(failed, 19, "the first was NO_PLAN");
}

#[test]
fn failure_cooldown_avoids_the_failed_action() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent_with(d, |def| def.failure_cooldown = 1.0);
    let (cheap, dear) = (w.action(d, "cheap"), w.action(d, "dear"));
    assert_eq!(w.step(a, 0.0).action, cheap);
    w.report(a, GoapReport::Failed);
    assert_eq!(w.step(a, 0.25).action, dear, "cheap is cooling down");
    w.report(a, GoapReport::Failed);
    // Both cooling down: no plan until a cooldown ends.
    assert_eq!(w.step(a, 0.25).kind, NO_PLAN);
    let step = w.step(a, 0.6); // clock 1.1: cheap is usable again
    assert_eq!((step.kind, step.action), (START, cheap));
}

// ---------------------------------------------------------------- action context

#[test]
fn disabled_actions_and_cost_overrides_change_plans() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent(d);
    let (cheap, dear) = (w.action(d, "cheap"), w.action(d, "dear"));
    ok(unsafe { goap_agent_set_action_cost(w.0, a, cheap, 10.0) });
    let step = w.step(a, 0.0);
    assert_eq!((step.action, w.info(a).plan_cost), (dear, 3.0));
    // A cost change never replans by itself.
    ok(unsafe { goap_agent_clear_action_cost(w.0, a, cheap) });
    let step = w.step(a, 0.0);
    assert_eq!(
        (step.kind, step.action, step.replanned),
        (CONTINUE, dear, 0)
    );
    // Disabling the action in use invalidates the plan.
    ok(unsafe { goap_agent_set_action_enabled(w.0, a, dear, 0) });
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.action, step.replanned), (START, cheap, 1));
    assert_eq!(
        w.info(a).last_cause,
        GoapReplanCause::PlanInvalidated as i32
    );
    ok(unsafe { goap_agent_set_action_enabled(w.0, a, cheap, 0) });
    assert_eq!(w.step(a, 0.0).kind, NO_PLAN);
    ok(unsafe { goap_agent_set_action_enabled(w.0, a, dear, 1) });
    assert_eq!(w.step(a, 0.0).action, dear, "enabling retries the goal");
    // The domain itself is unchanged: another agent takes the cheap way.
    let b = w.agent(d);
    assert_eq!(w.step(b, 0.0).action, cheap);
}

// ---------------------------------------------------------------- callbacks

/// What the test callbacks do, and what they saw. They run on the thread that steps.
#[derive(Default)]
struct Ctx {
    world: Cell<usize>,
    /// `available` answers 0 for this action.
    blocked: Cell<GoapActionId>,
    /// `cost` answers this for `costly`.
    costly: Cell<GoapActionId>,
    cost: Cell<f64>,
    /// Returned instead of 0 when set.
    fail_with: Cell<i32>,
    /// Written to *out_available instead of the answer when set.
    wrong_value: Cell<Option<i32>>,
    /// Leave the output unwritten.
    skip_write: Cell<bool>,
    /// Call back into goap on the agent asked about (and record the statuses).
    reenter: Cell<bool>,
    /// Another agent to call into from the callback.
    other: Cell<GoapAgentId>,
    statuses: RefCell<Vec<(&'static str, GoapStatus)>>,
    calls: Cell<u32>,
    agents: RefCell<Vec<GoapAgentId>>,
    threads: RefCell<Vec<std::thread::ThreadId>>,
}

impl Ctx {
    fn world(&self) -> *mut GoapWorld {
        self.world.get() as *mut GoapWorld
    }

    /// The calls a callback makes back into goap.
    unsafe fn reenter(&self, agent: GoapAgentId, action: GoapActionId) {
        let w = self.world();
        let mut step = GoapStep::default();
        let mut info = GoapAgentInfo::default();
        let mut stats = GoapBatchStats::default();
        let mut v = 0;
        let mut statuses = vec![
            ("set_fact", unsafe {
                goap_agent_set_fact(w, agent, GoapFactId { bits: 1 }, 1)
            }),
            (
                "message",
                last_message_contains("is busy: this call comes from"),
            ),
            ("step", unsafe { goap_agent_step(w, agent, 0.0, &mut step) }),
            ("info", unsafe { goap_agent_info(w, agent, &mut info) }),
            ("get_fact", unsafe {
                goap_agent_get_fact(w, agent, GoapFactId { bits: 1 }, &mut v)
            }),
            ("destroy", unsafe { goap_agent_destroy(w, agent) }),
            ("set_callbacks", unsafe {
                goap_agent_set_callbacks(w, agent, null())
            }),
            ("disable", unsafe {
                goap_agent_set_action_enabled(w, agent, action, 0)
            }),
            ("plan_agents", unsafe {
                goap_world_plan_agents(w, null(), &mut stats)
            }),
            ("set_shared", unsafe {
                goap_domain_set_shared_fact(
                    w,
                    GoapDomainId { bits: 1 },
                    GoapFactId { bits: 1 },
                    1,
                    null_mut(),
                )
            }),
        ];
        if self.other.get() != GoapAgentId::default() {
            statuses.push(("other agent", unsafe {
                goap_agent_info(w, self.other.get(), &mut info)
            }));
            statuses.push(("other step", unsafe {
                goap_agent_step(w, self.other.get(), 0.0, &mut step)
            }));
        }
        let mut n = 0;
        statuses.push(("count", unsafe { goap_agent_count(w, &mut n) }));
        // Destroying the world from here is refused.
        unsafe { goap_world_destroy(w) };
        statuses.push((
            "world_destroy",
            last_message_contains("a callback must not destroy"),
        ));
        self.statuses.borrow_mut().extend(statuses);
    }
}

fn last_message_contains(needle: &str) -> GoapStatus {
    if last_error().contains(needle) {
        GoapStatus::Ok
    } else {
        GoapStatus::Panic
    }
}

unsafe extern "C" fn available_cb(
    user_data: *mut c_void,
    agent: GoapAgentId,
    action: GoapActionId,
    out: *mut i32,
) -> i32 {
    let ctx = unsafe { &*(user_data as *const Ctx) };
    ctx.calls.set(ctx.calls.get() + 1);
    ctx.agents.borrow_mut().push(agent);
    ctx.threads.borrow_mut().push(std::thread::current().id());
    if ctx.reenter.replace(false) {
        unsafe { ctx.reenter(agent, action) };
    }
    if ctx.fail_with.get() != 0 {
        return ctx.fail_with.get();
    }
    if !ctx.skip_write.get() {
        let answer = ctx
            .wrong_value
            .get()
            .unwrap_or(i32::from(action != ctx.blocked.get()));
        unsafe { out.write(answer) };
    }
    0
}

unsafe extern "C" fn cost_cb(
    user_data: *mut c_void,
    _agent: GoapAgentId,
    action: GoapActionId,
    cost: f64,
    out: *mut f64,
) -> i32 {
    let ctx = unsafe { &*(user_data as *const Ctx) };
    if ctx.skip_write.get() {
        return 0;
    }
    let answer = if action == ctx.costly.get() {
        ctx.cost.get()
    } else {
        cost
    };
    unsafe { out.write(answer) };
    0
}

fn install(w: &World, a: GoapAgentId, ctx: &Ctx, available: bool, cost: bool) {
    ctx.world.set(w.0 as usize);
    let callbacks = GoapAgentCallbacks {
        available: if available { Some(available_cb) } else { None },
        cost: if cost { Some(cost_cb) } else { None },
        user_data: std::ptr::from_ref(ctx).cast_mut().cast(),
    };
    ok(unsafe { goap_agent_set_callbacks(w.0, a, &callbacks) });
}

#[test]
fn an_unavailable_action_gives_another_plan() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent(d);
    let (cheap, dear) = (w.action(d, "cheap"), w.action(d, "dear"));
    let ctx = Ctx::default();
    ctx.blocked.set(cheap);
    install(&w, a, &ctx, true, false);
    let step = w.step(a, 0.0);
    assert_eq!(step.action, dear);
    assert_eq!(ctx.calls.get(), 2, "once per action per search");
    assert!(
        ctx.agents.borrow().iter().all(|&x| x == a),
        "asked about this agent"
    );
    // Not asked while the plan is followed.
    w.step(a, 0.0);
    assert_eq!(ctx.calls.get(), 2);
    // Removed: the next search uses the domain again.
    ok(unsafe { goap_agent_set_callbacks(w.0, a, null()) });
    w.report(a, GoapReport::Failed);
    assert_eq!(w.step(a, 0.0).action, cheap);
    assert_eq!(ctx.calls.get(), 2);
}

#[test]
fn a_cost_callback_changes_the_plan() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent(d);
    let (cheap, dear) = (w.action(d, "cheap"), w.action(d, "dear"));
    let ctx = Ctx::default();
    ctx.costly.set(cheap);
    ctx.cost.set(5.0);
    install(&w, a, &ctx, false, true);
    let step = w.step(a, 0.0);
    assert_eq!((step.action, w.info(a).plan_cost), (dear, 3.0));
    // The callback sees the agent's own cost override as the cost so far.
    ctx.costly.set(NO_ACTION);
    ok(unsafe { goap_agent_set_action_cost(w.0, a, dear, 0.5) });
    w.report(a, GoapReport::Failed);
    let step = w.step(a, 0.0);
    assert_eq!((step.action, w.info(a).plan_cost), (dear, 0.5));
}

#[test]
fn failing_callbacks_are_callback_failed_and_the_agent_still_needs_a_plan() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent(d);
    let ctx = Ctx::default();
    install(&w, a, &ctx, true, true);
    let mut step = GoapStep::default();
    let f = "goap_agent_step";
    ctx.fail_with.set(-3);
    expect_err(
        unsafe { goap_agent_step(w.0, a, 0.0, &mut step) },
        GoapStatus::CallbackFailed,
        f,
        &[
            "a context callback failed: the available callback returned -3 for action \"cheap\"",
            "(id 0x",
        ],
    );
    assert_eq!(step, GoapStep::default());
    ctx.fail_with.set(0);
    ctx.wrong_value.set(Some(7));
    expect_err(
        unsafe { goap_agent_step(w.0, a, 0.0, &mut step) },
        GoapStatus::CallbackFailed,
        f,
        &[
            "wrote *out_available = 7 for action \"cheap\" (id 0x",
            "(expected 0 or 1)",
        ],
    );
    ctx.wrong_value.set(None);
    ctx.skip_write.set(true);
    expect_err(
        unsafe { goap_agent_step(w.0, a, 0.0, &mut step) },
        GoapStatus::CallbackFailed,
        f,
        &[
            "the available callback returned 0 for action \"cheap\"",
            "did not write *out_available",
        ],
    );
    ctx.skip_write.set(false);
    ctx.costly.set(w.action(d, "dear"));
    for (bad, text) in [(f64::NAN, "NaN"), (-1.0, "-1"), (2e12, "2000000000000")] {
        ctx.cost.set(bad);
        expect_err(
            unsafe { goap_agent_step(w.0, a, 0.0, &mut step) },
            GoapStatus::CallbackFailed,
            f,
            &[&format!(
                "the cost callback wrote *out_cost = {text} for action \"dear\""
            )],
        );
    }
    let info = w.info(a);
    assert_eq!(
        (info.replans, info.plan_len, info.goal),
        (0, 0, NO_GOAL),
        "no search ran"
    );
    // The cost callback's not writing is told apart from writing NaN.
    install(&w, a, &ctx, false, true);
    ctx.skip_write.set(true);
    expect_err(
        unsafe { goap_agent_step(w.0, a, 0.0, &mut step) },
        GoapStatus::CallbackFailed,
        f,
        &[
            "the cost callback returned 0 for action \"cheap\"",
            "did not write *out_cost",
        ],
    );
    // Batches count the failures and keep the agent waiting.
    let stats = w.batch(|_| {});
    assert_eq!(
        (stats.planned, stats.waiting, stats.callback_errors),
        (0, 1, 1)
    );
    ctx.skip_write.set(false);
    ctx.cost.set(1.0);
    let step = w.step(a, 0.0);
    assert_eq!(
        (step.kind, step.replanned),
        (START, 1),
        "planned once the callbacks work"
    );
    assert_eq!(w.replans(a)[0].cause, GoapReplanCause::NoPlan as i32);
}

#[test]
fn re_entrant_calls_on_the_same_agent_are_busy() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let a = w.agent(d);
    let other = w.agent(d);
    let ctx = Ctx::default();
    ctx.reenter.set(true);
    ctx.other.set(other);
    install(&w, a, &ctx, true, false);
    let step = w.step(a, 0.0);
    assert_eq!(step.kind, START, "the callback's answers still count");
    let statuses = ctx.statuses.borrow().clone();
    let busy = [
        "set_fact",
        "step",
        "info",
        "get_fact",
        "destroy",
        "set_callbacks",
        "disable",
        "plan_agents",
        "set_shared",
    ];
    for (what, status) in &statuses {
        let expected = if busy.contains(what) {
            GoapStatus::Busy
        } else {
            GoapStatus::Ok
        };
        assert_eq!(*status, expected, "{what}: {statuses:?}");
    }
    assert_eq!(statuses.len(), busy.len() + 5);
    // The agent is intact, and so is the world.
    assert_eq!(w.info(a).acting, 1);
    let mut count = 0;
    ok(unsafe { goap_agent_count(w.0, &mut count) });
    assert_eq!(count, 2);
    assert_eq!(
        w.step(other, 0.0).kind,
        CONTINUE,
        "the callback stepped the other agent"
    );
}

#[test]
fn batch_callbacks_run_on_the_calling_thread() {
    let w = World::with(GoapWorldDef {
        worker_threads: 8,
        ..goap_world_def_default()
    });
    let d = w.load(CHOICE_JSON);
    let ctx = Ctx::default();
    let agents: Vec<_> = (0..40)
        .map(|_| {
            let a = w.agent_with(d, |def| def.plan_in_step = 0);
            install(&w, a, &ctx, true, false);
            a
        })
        .collect();
    let stats = w.batch(|o| o.threads = 4);
    assert_eq!(
        (stats.planned, stats.threads, stats.callback_errors),
        (40, 4, 0)
    );
    let me = std::thread::current().id();
    assert_eq!(ctx.threads.borrow().len(), 80);
    assert!(ctx.threads.borrow().iter().all(|t| *t == me));
    let mut seen = ctx.agents.borrow().clone();
    seen.dedup();
    assert_eq!(seen, agents, "each agent asked, in slot order");
    // A batch called from a callback is refused.
    ctx.reenter.set(true);
    let extra = w.agent_with(d, |def| def.plan_in_step = 0);
    install(&w, extra, &ctx, true, false);
    w.batch(|_| {});
    let statuses = ctx.statuses.borrow();
    assert!(
        statuses.contains(&("plan_agents", GoapStatus::Busy)),
        "{statuses:?}"
    );
}

// ---------------------------------------------------------------- batches and the cache

/// A world of kitchen agents with varied start states and goal priorities, all waiting for
/// batches; returns each agent's plan (by action names) after `batches` calls with
/// `threads`, and the stats of every call.
fn batch_run(threads: u32, max_nodes: u64) -> (Vec<Vec<String>>, Vec<GoapBatchStats>) {
    let mut def = goap_world_def_default();
    def.plan_cache_capacity = 64;
    def.worker_threads = 8;
    let w = World::with(def);
    let d = w.load(KITCHEN_JSON);
    let facts: Vec<_> = ["菜已洗", "菜已切", "菜已炒", "肉已买", "肉已熟", "饭已熟"]
        .iter()
        .map(|n| w.fact(d, n))
        .collect();
    let (dinner, rice) = (w.fact(d, "晚餐完成"), w.fact(d, "饭已熟"));
    let agents: Vec<_> = (0..300u32)
        .map(|i| {
            let a = w.agent_with(d, |def| def.plan_in_step = 0);
            for (bit, &f) in facts.iter().enumerate() {
                if (i * 7 + 3) >> bit & 1 == 1 && i % 5 != 0 {
                    w.set_fact(a, f, true);
                }
            }
            w.goal(a, "dinner", &[fv(dinner, true)], 1.0 + f64::from(i % 3));
            w.goal(a, "rice", &[fv(rice, true)], f64::from(i % 4));
            a
        })
        .collect();
    let mut all = Vec::new();
    loop {
        let stats = w.batch(|o| {
            o.threads = threads;
            o.max_nodes = max_nodes;
        });
        all.push(stats);
        if stats.waiting == 0 {
            break;
        }
        assert!(stats.planned > 0, "a batch always makes progress");
    }
    let plans = agents.iter().map(|&a| w.plan_names(d, a)).collect();
    (plans, all)
}

#[test]
fn batches_are_identical_for_any_thread_count() {
    for max_nodes in [0, 200] {
        let (plans, stats) = batch_run(1, max_nodes);
        assert!(plans.iter().all(|p| !p.is_empty()));
        if max_nodes > 0 {
            assert!(
                stats.len() > 1,
                "the budget spreads the work over several calls"
            );
        }
        for threads in [2, 8] {
            let (p, s) = batch_run(threads, max_nodes);
            assert_eq!(p, plans, "threads {threads}, max_nodes {max_nodes}");
            // Cache hits may differ: equal searches running at once both miss.
            let key = |s: &GoapBatchStats| (s.planned, s.waiting, s.expanded, s.callback_errors);
            assert_eq!(
                s.iter().map(key).collect::<Vec<_>>(),
                stats.iter().map(key).collect::<Vec<_>>(),
                "threads {threads}, max_nodes {max_nodes}"
            );
            assert!(s.iter().all(|x| x.threads == threads));
        }
    }
}

#[test]
fn max_agents_limits_a_batch_and_every_agent_gets_its_turn() {
    let w = World::new();
    let d = w.load(CHOICE_JSON);
    let agents: Vec<_> = (0..5)
        .map(|_| w.agent_with(d, |def| def.plan_in_step = 0))
        .collect();
    let stats = w.batch(|o| o.max_agents = 2);
    assert_eq!((stats.planned, stats.waiting), (2, 3));
    let stats = w.batch(|o| o.max_agents = 2);
    assert_eq!((stats.planned, stats.waiting), (2, 1));
    // The first two were planned first, then the next two.
    let planned: Vec<bool> = agents.iter().map(|&a| w.info(a).plan_len > 0).collect();
    assert_eq!(planned, [true, true, true, true, false]);
    let stats = w.batch(|o| o.max_agents = 2);
    assert_eq!((stats.planned, stats.waiting), (1, 0));
}

#[test]
fn the_plan_cache_counts_hits() {
    let w = World::new();
    let d = w.kitchen();
    let cache = w.cache_stats();
    assert_eq!(
        (cache.hits, cache.misses, cache.entries, cache.capacity),
        (0, 0, 0, 16_384)
    );
    // Under the default heuristic the kitchen's searches walk an exact table and skip the
    // cache (see `table_walks_skip_the_plan_cache`): these agents use root landmarks.
    let landmarks = |def: &mut GoapAgentDef| def.heuristic = GoapHeuristic::Landmarks as i32;
    let agents: Vec<_> = (0..10)
        .map(|_| {
            let a = w.agent_with(d, landmarks);
            w.dinner_goal(d, a);
            a
        })
        .collect();
    for &a in &agents {
        assert_eq!(w.step(a, 0.0).kind, START);
    }
    let cache = w.cache_stats();
    assert_eq!(
        (cache.hits, cache.misses, cache.entries, cache.evictions),
        (9, 1, 1, 0)
    );
    let events: Vec<_> = agents.iter().map(|&a| w.replans(a)[0]).collect();
    assert_eq!(events[0].cache_hits, 0);
    assert!(events[1..].iter().all(|e| e.cache_hits == 1));
    assert!(events
        .iter()
        .all(|e| e.expanded == events[0].expanded && e.plan_cost == 17.0));
    ok(unsafe { goap_world_clear_cache(w.0) });
    let cache = w.cache_stats();
    assert_eq!(
        (cache.hits, cache.misses, cache.entries, cache.capacity),
        (0, 0, 0, 16_384)
    );
    // A batch reports its hits too.
    let batched = |def: &mut GoapAgentDef| {
        landmarks(def);
        def.plan_in_step = 0;
    };
    let b = w.agent_with(d, batched);
    let c = w.agent_with(d, batched);
    w.dinner_goal(d, b);
    w.dinner_goal(d, c);
    let stats = w.batch(|o| o.threads = 1);
    assert_eq!((stats.planned, stats.cache_hits), (2, 1));
}

/// A search that walks an exact table (the kitchen under the default heuristic) costs
/// about what a lookup does: it neither looks the cache up nor stores its result, in a
/// step or in a batch.
#[test]
fn table_walks_skip_the_plan_cache() {
    let w = World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    let b = w.agent(d);
    w.dinner_goal(d, a);
    w.dinner_goal(d, b);
    assert_eq!(w.step(a, 0.0).kind, START);
    assert_eq!(w.step(b, 0.0).kind, START);
    let c = w.agent_with(d, |def| def.plan_in_step = 0);
    w.dinner_goal(d, c);
    let stats = w.batch(|o| o.threads = 1);
    assert_eq!((stats.planned, stats.cache_hits), (1, 0));
    let cache = w.cache_stats();
    assert_eq!((cache.hits, cache.misses, cache.entries), (0, 0, 0));
    let events: Vec<_> = [a, b, c].iter().map(|&x| w.replans(x)[0]).collect();
    assert!(events
        .iter()
        .all(|e| e.cache_hits == 0 && e.plan_cost == 17.0));
    // An agent under root landmarks does use it (its plan may be another of equal cost).
    let l = w.agent_with(d, |def| def.heuristic = GoapHeuristic::Landmarks as i32);
    w.dinner_goal(d, l);
    assert_eq!(w.step(l, 0.0).kind, START);
    assert_eq!(w.cache_stats().misses, 1);
    assert_eq!(w.replans(l)[0].plan_cost, 17.0);
}

#[test]
fn world_settings_reach_the_world() {
    let mut def = goap_world_def_default();
    def.plan_cache_capacity = 0;
    def.worker_threads = 3;
    let w = World::with(def);
    let d = w.kitchen();
    for _ in 0..2 {
        let a = w.agent_with(d, |def| def.plan_in_step = 0);
        w.dinner_goal(d, a);
    }
    let stats = w.batch(|_| {});
    assert_eq!((stats.planned, stats.threads, stats.cache_hits), (2, 3, 0));
    let cache = w.cache_stats();
    assert_eq!(
        (cache.hits, cache.misses, cache.entries, cache.capacity),
        (0, 0, 0, 0)
    );
    // worker_threads 0 is the machine's parallelism.
    let w = World::new();
    let stats = w.batch(|_| {});
    let machine = std::thread::available_parallelism().map_or(1, |n| n.get() as u32);
    assert_eq!(stats.threads, machine);
}

// ---------------------------------------------------------------- core regression

/// A batch's job made before a step's own replan must not replace that plan: it would drop
/// the action in progress (and count the replan twice). Through the Rust API, because the
/// window between a batch preparing a job and applying it cannot be hit on purpose through
/// the C ABI.
#[test]
fn a_stale_batch_job_is_not_applied_over_a_steps_replan() {
    use goap::agent::{Agent, AgentDef, AgentId, GoalDef};
    use goap::{ActionDef, Domain, FactValue, Planner, StepKind, WorldState};
    use std::sync::Arc;

    let mut d = Domain::new();
    let done = d.add_fact("done").unwrap();
    d.add_action(ActionDef {
        name: "finish".into(),
        effects: vec![FactValue::new(done, true)],
        cost: 1.0,
        ..Default::default()
    })
    .unwrap();
    let d = Arc::new(d);
    let goal = d.conditions([FactValue::new(done, true)]).unwrap();
    let mut agent = Agent::new(
        AgentId::default(),
        d,
        WorldState::new(),
        AgentDef::default(),
    )
    .unwrap();
    agent
        .add_goal(GoalDef {
            name: "g".into(),
            conditions: goal,
            priority: 1.0,
            ..GoalDef::default()
        })
        .unwrap();
    assert!(agent.needs_plan());
    let job = agent.make_job().unwrap().unwrap();
    let step = agent.step(0.0, &mut Planner::new()).unwrap();
    assert!(matches!(step.kind, StepKind::Start(_)));
    let mut run = goap::agent::JobRun::new(job);
    assert!(run.advance(&goap::SearchBudget::UNLIMITED, &mut Planner::new()));
    let (job, result) = run.finish();
    assert!(!result.attempts.is_empty(), "the stale job searched");
    assert!(
        !agent.finish_replan(&job, result),
        "the stale job is refused"
    );
    assert!(agent.is_acting());
    assert_eq!(agent.replans(), 1);
}

// ---------------------------------------------------------------- explain

/// goap_agent_explain's text, through the two-call buffer protocol.
fn explain(w: &World, a: GoapAgentId, goal: GoapGoalId, format: GoapExplainFormat) -> String {
    let mut len = 0u32;
    let status =
        unsafe { goap_agent_explain(w.0, a, goal, format as i32, null_mut(), 0, &mut len) };
    assert_eq!(status, GoapStatus::BufferTooSmall, "{}", last_error());
    assert!(len > 0);
    let mut buf = vec![0u8; len as usize + 1];
    let mut len2 = 0u32;
    ok(unsafe {
        goap_agent_explain(
            w.0,
            a,
            goal,
            format as i32,
            buf.as_mut_ptr().cast(),
            len + 1,
            &mut len2,
        )
    });
    assert_eq!((len2, buf[len as usize]), (len, 0));
    String::from_utf8(buf[..len as usize].to_vec()).unwrap()
}

#[test]
fn explain_names_what_is_missing_with_the_agents_context() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    let text = explain(&w, a, dinner, GoapExplainFormat::Text);
    assert!(
        text.contains("Plan found") && text.contains("cost 17"),
        "{text}"
    );
    // Disable the only way to buy meat: dinner has no plan, and the report says why.
    let buy = w.action(d, "买肉");
    ok(unsafe { goap_agent_set_action_enabled(w.0, a, buy, 0) });
    let text = explain(&w, a, dinner, GoapExplainFormat::Text);
    assert!(
        text.contains("No plan") && text.contains("买肉") && text.contains("disabled"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&explain(&w, a, dinner, GoapExplainFormat::Json)).unwrap();
    assert!(json.is_object(), "{json}");
    let mut len = 0;
    let forged = GoapGoalId {
        bits: dinner.bits + 6,
    };
    expect_err(
        unsafe { goap_agent_explain(w.0, a, forged, 1, null_mut(), 0, &mut len) },
        GoapStatus::UnknownGoal,
        "goap_agent_explain",
        &["goal", "never added, or removed"],
    );
    expect_err(
        unsafe { goap_agent_explain(w.0, a, NO_GOAL, 1, null_mut(), 0, &mut len) },
        GoapStatus::UnknownGoal,
        "goap_agent_explain",
        &["goal: the null goal id is never valid"],
    );
    expect_err(
        unsafe { goap_agent_explain(w.0, a, dinner, 3, null_mut(), 0, &mut len) },
        GoapStatus::InvalidArgument,
        "goap_agent_explain",
        &["format is 3"],
    );
    expect_err(
        unsafe { goap_agent_explain(w.0, a, dinner, 1, null_mut(), 5, &mut len) },
        GoapStatus::NullPointer,
        "goap_agent_explain",
        &["buf"],
    );
    expect_err(
        unsafe {
            goap_agent_explain(
                w.0,
                GoapAgentId::default(),
                dinner,
                1,
                null_mut(),
                0,
                &mut len,
            )
        },
        GoapStatus::UnknownAgent,
        "goap_agent_explain",
        &[],
    );
}

// ---------------------------------------------------------------- step budgets

/// GoapAgentDef.step_max_expansions through the ABI: PLANNING steps (action 0, nothing in
/// progress), each expanding the budget, then the plan an unlimited agent finds, with the
/// same replan event; the defaults are 0 (no limit).
#[test]
fn step_budgets_spread_a_search_over_steps() {
    const PLANNING: i32 = GoapStepKind::Planning as i32;
    let def = goap_agent_def_default();
    assert_eq!((def.step_max_expansions, def.step_max_micros), (0, 0));
    let w = World::with(GoapWorldDef {
        plan_cache_capacity: 0,
        ..goap_world_def_default()
    });
    let d = w.load(include_str!("../examples/domains/gripper-4.json"));
    let blind = |def: &mut GoapAgentDef| def.heuristic = GoapHeuristic::Blind as i32;
    let whole = w.agent_with(d, blind);
    let sliced = w.agent_with(d, |def| {
        blind(def);
        def.step_max_expansions = 40;
    });
    for a in [whole, sliced] {
        let facts: Vec<GoapFactValue> = (1..=4)
            .map(|i| fv(w.fact(d, &format!("at(ball{i},roomb)")), true))
            .collect();
        w.goal(a, "deliver", &facts, 1.0);
    }
    let first = w.step(whole, 0.0);
    assert_eq!(first.kind, START);
    let expected = w.replans(whole);
    let nodes = expected[0].expanded;
    assert!(nodes > 100, "{nodes}");
    let mut planning = 0;
    let step = loop {
        let step = w.step(sliced, 0.0);
        if step.kind != PLANNING {
            break step;
        }
        assert_eq!(
            (step.action, step.replanned, step.goal),
            (NO_ACTION, 0, NO_GOAL)
        );
        planning += 1;
    };
    assert_eq!(
        planning,
        nodes.div_ceil(40) - 1 + u64::from(nodes % 40 == 0)
    );
    assert_eq!(
        (step.kind, step.action, step.replanned),
        (START, first.action, 1)
    );
    assert_eq!(w.plan(sliced), w.plan(whole));
    let got = w.replans(sliced);
    assert_eq!(got.len(), 1);
    assert_eq!(
        (
            got[0].expanded,
            got[0].plan_cost,
            got[0].plan_len,
            got[0].cause
        ),
        (
            expected[0].expanded,
            expected[0].plan_cost,
            expected[0].plan_len,
            expected[0].cause
        )
    );
    // Destroying an agent in the middle of a search frees it.
    let third = w.agent_with(d, |def| def.step_max_expansions = 1);
    w.goal(
        third,
        "deliver",
        &[fv(w.fact(d, "at(ball1,roomb)"), true)],
        1.0,
    );
    assert_eq!(w.step(third, 0.0).kind, PLANNING);
    ok(unsafe { goap_agent_destroy(w.0, third) });
    let mut out = GoapStep::default();
    expect_err(
        unsafe { goap_agent_step(w.0, third, 0.0, &mut out) },
        GoapStatus::UnknownAgent,
        "goap_agent_step",
        &[],
    );
}

/// What the log callback of `a_hosts_own_caught_panic_in_a_callback_is_not_goaps` got.
static HOST_LOGGED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

unsafe extern "C" fn record_host_log(_: i32, message: *const c_char, len: u32, _: *mut c_void) {
    let text = unsafe { std::slice::from_raw_parts(message.cast::<u8>(), len as usize) };
    HOST_LOGGED
        .lock()
        .unwrap()
        .push(String::from_utf8_lossy(text).into_owned());
}

/// A context callback that panics and catches it itself, as hosts do at FFI boundaries.
unsafe extern "C" fn panicking_available(
    _: *mut c_void,
    _: GoapAgentId,
    _: GoapActionId,
    out: *mut i32,
) -> i32 {
    let caught = std::panic::catch_unwind(|| panic!("the host's own caught panic"));
    assert!(caught.is_err());
    unsafe { *out = 1 };
    0
}

#[test]
fn a_hosts_own_caught_panic_in_a_callback_is_not_goaps() {
    let w = World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    w.dinner_goal(d, a);
    let callbacks = GoapAgentCallbacks {
        available: Some(panicking_available),
        cost: None,
        user_data: null_mut(),
    };
    ok(unsafe { goap_agent_set_callbacks(w.0, a, &callbacks) });
    let log = GoapLogCallback {
        log: Some(record_host_log),
        user_data: null_mut(),
    };
    ok(unsafe { goap_set_log_callback(&log) });
    let step = w.step(a, 0.1);
    ok(unsafe { goap_set_log_callback(null()) });
    assert_eq!(
        step.kind,
        GoapStepKind::Start as i32,
        "the callback allowed every action"
    );
    let logged = HOST_LOGGED.lock().unwrap();
    assert!(
        !logged
            .iter()
            .any(|m| m.contains("the host's own caught panic")),
        "{logged:?}"
    );
}

#[test]
fn output_structs_carry_their_size_and_a_bad_one_changes_nothing() {
    let w = World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    w.dinner_goal(d, a);
    // size 0 (an old caller that forgot it): refused before the step runs.
    let mut step = GoapStep {
        size: 0,
        ..GoapStep::default()
    };
    expect_err(
        unsafe { goap_agent_step(w.0, a, 0.5, &mut step) },
        GoapStatus::InvalidArgument,
        "goap_agent_step",
        &["out->size is 0", "at least"],
    );
    assert_eq!(w.info(a).clock, 0.0, "the step did not run");
    let mut result = GoapPlanResult {
        size: 3,
        ..GoapPlanResult::default()
    };
    expect_err(
        unsafe { goap_domain_plan(w.0, d, null(), null_mut(), 0, &mut result) },
        GoapStatus::InvalidArgument,
        "goap_domain_plan",
        &["out_result->size is 3"],
    );
    // A caller built against a later goap.h, whose struct has grown: the library writes
    // what it knows and leaves the rest, and the caller's size, alone.
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Later {
        step: GoapStep,
        appended: u64,
    }
    let mut later = Later {
        step: GoapStep {
            size: size_of::<Later>() as u32,
            ..GoapStep::default()
        },
        appended: 0xFEED,
    };
    ok(unsafe { goap_agent_step(w.0, a, 0.1, &mut later.step) });
    assert_eq!(later.step.kind, GoapStepKind::Start as i32);
    assert_eq!(
        (later.step.size, later.appended),
        (size_of::<Later>() as u32, 0xFEED)
    );
    // Arrays: the first element's size is the stride.
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct LaterEvent {
        event: GoapReplanEvent,
        appended: u64,
    }
    let stride = size_of::<LaterEvent>() as u32;
    let mut events = [LaterEvent {
        event: GoapReplanEvent::default(),
        appended: 0xFEED,
    }; 4];
    events[0].event.size = stride;
    let out = events.as_mut_ptr().cast::<GoapReplanEvent>();
    let mut n = 0;
    ok(unsafe { goap_agent_replans(w.0, a, out, 4, &mut n) });
    assert_eq!(n, 1);
    assert_eq!(events[0].event.cause, GoapReplanCause::NoPlan as i32);
    assert_eq!((events[0].event.size, events[0].appended), (stride, 0xFEED));
    let mut small = [GoapReplanEvent {
        size: 8,
        ..GoapReplanEvent::default()
    }; 2];
    expect_err(
        unsafe { goap_agent_replans(w.0, a, small.as_mut_ptr(), 2, &mut n) },
        GoapStatus::InvalidArgument,
        "goap_agent_replans",
        &["out[0].size is 8"],
    );
}

// ---------------------------------------------------------------- goal ids and removal

/// Two goals from the domain file: "fed" (priority 2) and "rested" (priority 1), each one
/// action away.
const TWO_GOALS_JSON: &str = r#"{
  "actions": [
    {"name": "eat", "cost": 1, "effects": {"fed": true}},
    {"name": "sleep", "cost": 1, "effects": {"rested": true}}
  ],
  "goals": [
    {"name": "fed", "priority": 2, "conditions": {"fed": true}},
    {"name": "rested", "priority": 1, "conditions": {"rested": true}}
  ]
}"#;

/// The name of the agent's goal `goal` (goap_agent_goal_name).
#[track_caller]
fn goal_name(w: &World, a: GoapAgentId, goal: GoapGoalId) -> String {
    let mut buf = [0u8; 64];
    let mut len = 0;
    ok(unsafe { goap_agent_goal_name(w.0, a, goal, buf.as_mut_ptr().cast(), 64, &mut len) });
    String::from_utf8(buf[..len as usize].to_vec()).unwrap()
}

/// The id goap_agent_find_goal gives for `name`.
#[track_caller]
fn find_goal(w: &World, a: GoapAgentId, name: &str) -> GoapGoalId {
    let (p, n) = s(name);
    let mut goal = NO_GOAL;
    ok(unsafe { goap_agent_find_goal(w.0, a, p, n, &mut goal) });
    goal
}

/// Removes the agent's goal `goal`, which must succeed.
#[track_caller]
fn remove_goal(w: &World, a: GoapAgentId, goal: GoapGoalId) {
    ok(unsafe { goap_agent_remove_goal(w.0, a, goal) });
}

/// The goal slot an id names: its low word (the layout of src/ffi/ids.rs, opaque to C
/// callers; used only to show that a slot was, or was not, reused).
fn slot_of(goal: GoapGoalId) -> u32 {
    goal.bits as u32
}

/// Every call that takes a goal id fails with GOAP_STATUS_UNKNOWN_GOAL for `goal` on
/// agent `a`, with a message naming the function and containing `needle`, and writes
/// nothing.
#[track_caller]
fn expect_unknown_goal(w: &World, a: GoapAgentId, goal: GoapGoalId, needle: &str) {
    let before = goal_ids(w, a);
    let (u, needles) = (GoapStatus::UnknownGoal, &[needle]);
    let mut len = 77;
    let mut count = 77;
    let mut info = GoapGoalInfo::default();
    let mut buf = [0xAAu8; 8];
    let mut facts = [GoapFactValue::default(); 4];
    let mut vars = [GoapVarCondition::default(); 4];
    unsafe {
        let f = "goap_agent_set_goal_priority";
        expect_err(
            goap_agent_set_goal_priority(w.0, a, goal, 5.0),
            u,
            f,
            needles,
        );
        let f = "goap_agent_remove_goal";
        expect_err(goap_agent_remove_goal(w.0, a, goal), u, f, needles);
        let f = "goap_agent_goal_info";
        expect_err(goap_agent_goal_info(w.0, a, goal, &mut info), u, f, needles);
        let f = "goap_agent_goal_name";
        let st = goap_agent_goal_name(w.0, a, goal, buf.as_mut_ptr().cast(), 8, &mut len);
        expect_err(st, u, f, needles);
        let f = "goap_agent_goal_conditions";
        let st = goap_agent_goal_conditions(w.0, a, goal, facts.as_mut_ptr(), 4, &mut count);
        expect_err(st, u, f, needles);
        let f = "goap_agent_goal_var_conditions";
        let st = goap_agent_goal_var_conditions(w.0, a, goal, vars.as_mut_ptr(), 4, &mut count);
        expect_err(st, u, f, needles);
        let f = "goap_agent_explain";
        let st = goap_agent_explain(w.0, a, goal, 1, null_mut(), 0, &mut len);
        expect_err(st, u, f, needles);
    }
    assert_eq!((len, count), (77, 77), "nothing written");
    assert_eq!(info, GoapGoalInfo::default());
    assert_eq!(buf, [0xAA; 8]);
    assert_eq!(facts, [GoapFactValue::default(); 4]);
    assert_eq!(vars, [GoapVarCondition::default(); 4]);
    assert_eq!(goal_ids(w, a), before, "no goal was removed");
}

#[test]
fn removing_the_pursued_goal_hands_over_with_goal_changed() {
    let w = World::new();
    let d = w.load(TWO_GOALS_JSON);
    let a = w.agent(d);
    let (fed, rested) = (goal_at(&w, a, 0), goal_at(&w, a, 1));
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal), (START, fed));
    assert_eq!(w.action_name(d, step.action), "eat");
    remove_goal(&w, a, fed);
    assert_eq!(w.info(a).goal_count, 1);
    assert_eq!(goal_ids(&w, a), [rested]);
    // The next step hands over to the other goal.
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal, step.replanned), (START, rested, 1));
    assert_eq!(w.action_name(d, step.action), "sleep");
    let info = w.info(a);
    assert_eq!(
        (info.goal, info.last_cause, info.replans, info.goal_count),
        (rested, GoapReplanCause::GoalChanged as i32, 2, 1)
    );
    let mut ginfo = GoapGoalInfo::default();
    ok(unsafe { goap_agent_goal_info(w.0, a, rested, &mut ginfo) });
    assert_eq!(ginfo.current, 1);
    let events = w.replans(a);
    assert_eq!(events.len(), 2);
    assert_eq!(
        (events[0].cause, events[0].goal),
        (GoapReplanCause::NoPlan as i32, fed),
        "the history keeps the removed goal's id"
    );
    assert_eq!(
        (events[1].cause, events[1].result, events[1].goal),
        (
            GoapReplanCause::GoalChanged as i32,
            GoapReplanResult::Found as i32,
            rested
        )
    );
    let mut changed = 0;
    ok(unsafe {
        goap_agent_replan_count(w.0, a, GoapReplanCause::GoalChanged as i32, &mut changed)
    });
    assert_eq!(changed, 1);
    // Its plan done, the agent is idle: no goal is left to pursue.
    w.report(a, GoapReport::Succeeded);
    let step = w.step(a, 0.0);
    assert_eq!(
        (step.kind, step.action, step.goal),
        (IDLE, NO_ACTION, NO_GOAL)
    );
}

#[test]
fn removing_the_last_goal_leaves_the_agent_idle_and_cleared() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    assert_eq!(w.step(a, 0.0).kind, START);
    let info = w.info(a);
    assert_eq!((info.goal, info.plan_len, info.acting), (dinner, 7, 1));
    remove_goal(&w, a, dinner);
    assert_eq!(w.info(a).goal_count, 0);
    let step = w.step(a, 0.0);
    assert_eq!(
        (step.kind, step.action, step.goal, step.replanned),
        (IDLE, NO_ACTION, NO_GOAL, 0)
    );
    let info = w.info(a);
    assert_eq!(
        (info.goal, info.plan_len, info.acting, info.goal_count),
        (NO_GOAL, 0, 0, 0)
    );
    assert!(w.plan(a).is_empty(), "the plan is cleared");
    expect_err(
        unsafe { goap_agent_report(w.0, a, GoapReport::Succeeded as i32) },
        GoapStatus::NoAction,
        "goap_agent_report",
        &[],
    );
    let mut out = NO_GOAL;
    expect_err(
        unsafe { goap_agent_goal_at(w.0, a, 0, &mut out) },
        GoapStatus::InvalidArgument,
        "goap_agent_goal_at",
        &["index 0 is not below the agent's goal count 0"],
    );
    assert_eq!(out, NO_GOAL, "out untouched");
    assert_eq!(w.step(a, 1.0).kind, IDLE, "it stays idle");
    // A new goal gets a new id, though it may take the freed slot, and the agent plans
    // for it.
    let again = w.dinner_goal(d, a);
    assert_ne!(again, dinner);
    assert_eq!(goal_ids(&w, a), [again]);
    expect_unknown_goal(&w, a, dinner, "never added, or removed");
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal, step.replanned), (START, again, 1));
    assert_eq!(w.info(a).plan_len, 7);
}

#[test]
fn a_removed_goals_id_is_stale_for_every_goal_call() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    let rice = w.fact(d, "饭已熟");
    let snack = w.goal(a, "夜宵", &[fv(rice, true)], 0.5);
    assert_eq!(goal_ids(&w, a), [dinner, snack]);
    remove_goal(&w, a, snack);
    assert_eq!(goal_ids(&w, a), [dinner]);
    expect_unknown_goal(&w, a, snack, "never added, or removed");
    let (p, n) = s("夜宵");
    let mut found = NO_GOAL;
    expect_err(
        unsafe { goap_agent_find_goal(w.0, a, p, n, &mut found) },
        GoapStatus::NotFound,
        "goap_agent_find_goal",
        &["no goal named \"夜宵\" (it has 1 goals)"],
    );
    assert_eq!(found, NO_GOAL);
    // A later goal reuses the free slot with another id; the old id stays stale.
    let late = w.goal(a, "夜宵", &[fv(rice, true)], 0.5);
    assert_eq!(slot_of(late), slot_of(snack), "the slot is reused");
    assert_ne!(late, snack);
    expect_unknown_goal(&w, a, snack, "never added, or removed");
    assert_eq!(find_goal(&w, a, "夜宵"), late);
    assert_eq!(goal_name(&w, a, late), "夜宵");
    let mut info = GoapGoalInfo::default();
    ok(unsafe { goap_agent_goal_info(w.0, a, late, &mut info) });
    assert_eq!((info.priority, info.fact_count, info.current), (0.5, 1, 0));
    // The other goal was never touched.
    ok(unsafe { goap_agent_goal_info(w.0, a, dinner, &mut info) });
    assert_eq!((info.priority, info.fact_count), (1.0, 1));
    assert_eq!(goal_name(&w, a, dinner), "dinner");
    assert_eq!(w.step(a, 0.0).goal, dinner, "the higher priority");
    // Removing the late goal works once.
    remove_goal(&w, a, late);
    expect_unknown_goal(&w, a, late, "never added, or removed");
    assert_eq!(goal_ids(&w, a), [dinner]);
}

#[test]
fn a_new_goal_does_not_take_the_slot_of_the_goal_pursued() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    let first = w.step(a, 0.0);
    assert_eq!((first.kind, first.goal), (START, dinner));
    remove_goal(&w, a, dinner);
    let again = w.dinner_goal(d, a);
    assert_ne!(again, dinner);
    assert_ne!(
        slot_of(again),
        slot_of(dinner),
        "the pursued goal's slot is still named by the agent"
    );
    expect_unknown_goal(&w, a, dinner, "never added, or removed");
    let step = w.step(a, 0.0);
    assert_eq!(step.goal, again);
    assert_eq!(w.info(a).goal, again);
    assert_eq!(goal_ids(&w, a), [again]);
}

#[test]
fn null_forged_and_foreign_goal_ids_are_unknown_goal() {
    let (w, d, a, dinner) = kitchen_agent_and_goal();
    expect_unknown_goal(&w, a, NO_GOAL, "goal: the null goal id is never valid");
    assert_eq!(NO_GOAL, GoapGoalId::default());
    // Forged from a valid id's bits: generation 0, slot number 0, a later generation, a
    // slot never used.
    for (bits, needle) in [
        (dinner.bits & 0xffff_ffff, "is not a goal id"),
        (dinner.bits & !0xffff_ffff, "is not a goal id"),
        (dinner.bits + (1 << 32), "never added, or removed"),
        (dinner.bits + 5, "never added, or removed"),
    ] {
        expect_unknown_goal(&w, a, GoapGoalId { bits }, needle);
    }
    // Ids of other kinds, their bits copied.
    let action = w.action(d, "洗菜");
    expect_unknown_goal(&w, a, GoapGoalId { bits: action.bits }, "goal");
    expect_unknown_goal(&w, a, GoapGoalId { bits: a.bits }, "goal");
    // Another agent's goal that this agent has no goal for.
    let b = w.agent(d);
    w.dinner_goal(d, b);
    let rice = w.fact(d, "饭已熟");
    let b_rice = w.goal(b, "rice", &[fv(rice, true)], 1.0);
    expect_unknown_goal(&w, a, b_rice, "never added, or removed");
    assert_eq!(goal_ids(&w, a), [dinner], "nothing changed");
    // Unknown agents.
    for agent in [GoapAgentId::default(), GoapAgentId { bits: a.bits + 1 }] {
        expect_err(
            unsafe { goap_agent_remove_goal(w.0, agent, dinner) },
            GoapStatus::UnknownAgent,
            "goap_agent_remove_goal",
            &["agent:"],
        );
        let mut out = NO_GOAL;
        expect_err(
            unsafe { goap_agent_goal_at(w.0, agent, 0, &mut out) },
            GoapStatus::UnknownAgent,
            "goap_agent_goal_at",
            &["agent:"],
        );
        assert_eq!(out, NO_GOAL);
    }
    ok(unsafe { goap_agent_destroy(w.0, b) });
    expect_err(
        unsafe { goap_agent_remove_goal(w.0, b, b_rice) },
        GoapStatus::UnknownAgent,
        "goap_agent_remove_goal",
        &["is stale"],
    );
    // A NULL world.
    expect_err(
        unsafe { goap_agent_remove_goal(null_mut(), a, dinner) },
        GoapStatus::NullPointer,
        "goap_agent_remove_goal",
        &["argument `world` is NULL"],
    );
    let mut out = NO_GOAL;
    expect_err(
        unsafe { goap_agent_goal_at(null(), a, 0, &mut out) },
        GoapStatus::NullPointer,
        "goap_agent_goal_at",
        &["argument `world` is NULL"],
    );
    assert_eq!(out, NO_GOAL);
    assert_eq!(goal_ids(&w, a), [dinner], "dinner is still there");
}

#[test]
fn goal_at_lists_goals_in_the_order_added() {
    let w = World::new();
    let d = w.load(TWO_GOALS_JSON);
    let a = w.agent(d);
    let fed_fact = w.fact(d, "fed");
    let extra = w.goal(a, "extra", &[fv(fed_fact, true)], 0.5);
    let ids = goal_ids(&w, a);
    assert_eq!(ids.len(), 3);
    assert_eq!(ids[2], extra);
    let names: Vec<String> = ids.iter().map(|&g| goal_name(&w, a, g)).collect();
    assert_eq!(
        names,
        ["fed", "rested", "extra"],
        "the domain's goals first"
    );
    let (fed, rested) = (ids[0], ids[1]);
    assert_eq!(
        (find_goal(&w, a, "fed"), find_goal(&w, a, "rested")),
        (fed, rested)
    );
    let mut out = NO_GOAL;
    for index in [3, u32::MAX] {
        expect_err(
            unsafe { goap_agent_goal_at(w.0, a, index, &mut out) },
            GoapStatus::InvalidArgument,
            "goap_agent_goal_at",
            &[&format!(
                "index {index} is not below the agent's goal count 3"
            )],
        );
    }
    assert_eq!(out, NO_GOAL, "out untouched");
    // A removed goal is left out; the goals after it move down.
    remove_goal(&w, a, rested);
    assert_eq!(goal_ids(&w, a), [fed, extra]);
    expect_err(
        unsafe { goap_agent_goal_at(w.0, a, 2, &mut out) },
        GoapStatus::InvalidArgument,
        "goap_agent_goal_at",
        &["index 2 is not below the agent's goal count 2"],
    );
    // A goal taking the freed slot is listed last, in the order added.
    let again = w.goal(a, "again", &[fv(fed_fact, true)], 0.5);
    assert_eq!(slot_of(again), slot_of(rested), "the slot is reused");
    assert_eq!(goal_ids(&w, a), [fed, extra, again]);
    // Of goals with one name, find_goal gives the first added, also after removals.
    let extra2 = w.goal(a, "extra", &[fv(fed_fact, true)], 0.5);
    assert_eq!(find_goal(&w, a, "extra"), extra);
    remove_goal(&w, a, extra);
    assert_eq!(find_goal(&w, a, "extra"), extra2);
    assert_eq!(goal_ids(&w, a), [fed, again, extra2]);
    assert_eq!(w.info(a).goal_count, 3);
}

#[test]
fn ties_go_to_the_goal_added_first_not_the_lower_slot() {
    let w = World::new();
    let d = w.load(
        r#"{"actions": [
          {"name": "eat", "cost": 1, "effects": {"fed": true}},
          {"name": "sleep", "cost": 1, "effects": {"rested": true}}
        ]}"#,
    );
    let a = w.agent(d);
    let (fed, rested) = (w.fact(d, "fed"), w.fact(d, "rested"));
    let first = w.goal(a, "first", &[fv(fed, true)], 1.0);
    let second = w.goal(a, "second", &[fv(rested, true)], 1.0);
    remove_goal(&w, a, first);
    let third = w.goal(a, "third", &[fv(fed, true)], 1.0);
    assert_eq!(slot_of(third), slot_of(first), "third took the lower slot");
    assert_eq!(goal_ids(&w, a), [second, third]);
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal), (START, second));
    assert_eq!(w.action_name(d, step.action), "sleep");
    // Once it is done, the other.
    w.report(a, GoapReport::Succeeded);
    let step = w.step(a, 0.0);
    assert_eq!((step.kind, step.goal), (START, third));
    assert_eq!(w.action_name(d, step.action), "eat");
}

// ---------------------------------------------------------------- search direction

/// GoapAgentDef.direction: backward agents plan the forward agents' cost (a different
/// search: other node counts), a step budget spreads a backward search over steps without
/// changing it, and an unknown direction is rejected naming the field.
#[test]
fn backward_agents_plan_like_forward_ones() {
    const PLANNING: i32 = GoapStepKind::Planning as i32;
    assert_eq!(
        goap_agent_def_default().direction,
        GoapDirection::Auto as i32
    );
    let w = World::with(GoapWorldDef {
        plan_cache_capacity: 0,
        ..goap_world_def_default()
    });
    let d = w.load(include_str!("../examples/domains/gripper-4.json"));
    let backward = |def: &mut GoapAgentDef| def.direction = GoapDirection::Backward as i32;
    let fwd = w.agent_with(d, |def| def.direction = GoapDirection::Forward as i32);
    let bwd = w.agent_with(d, backward);
    let sliced = w.agent_with(d, |def| {
        backward(def);
        def.step_max_expansions = 3;
    });
    let facts: Vec<GoapFactValue> = (1..=2)
        .map(|i| fv(w.fact(d, &format!("at(ball{i},roomb)")), true))
        .collect();
    for a in [fwd, bwd, sliced] {
        w.goal(a, "deliver", &facts, 1.0);
    }
    assert_eq!(w.step(fwd, 0.0).kind, START);
    assert_eq!(w.step(bwd, 0.0).kind, START);
    let mut planning = 0;
    while w.step(sliced, 0.0).kind == PLANNING {
        planning += 1;
    }
    let (f, b, s) = (w.replans(fwd), w.replans(bwd), w.replans(sliced));
    assert!(planning > 0, "the backward search fit in one step");
    assert_eq!(f[0].plan_cost, b[0].plan_cost);
    assert_ne!(f[0].expanded, b[0].expanded, "both agents searched forward");
    assert_eq!(
        (b[0].expanded, b[0].plan_cost, b[0].plan_len),
        (s[0].expanded, s[0].plan_cost, s[0].plan_len)
    );
    assert_eq!(w.plan(bwd), w.plan(sliced));
    let mut def = goap_agent_def_default();
    def.domain = d;
    def.direction = 3;
    let mut a = GoapAgentId::default();
    expect_err(
        unsafe { goap_agent_create(w.0, &def, &mut a) },
        GoapStatus::InvalidArgument,
        "goap_agent_create",
        &["def->direction is 3 (expected a GOAP_DIRECTION_* value, 0 to 2)"],
    );
    assert_eq!(a, GoapAgentId::default());
}
