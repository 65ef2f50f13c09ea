//! Introspection through the C ABI: a domain's facts, variables and actions listed by
//! index and read back (names, costs, conditions, effects, ranges), its start and goal, an
//! agent's beliefs and goals, and the search trace; every error path.

mod ffi_support;

use std::ptr::{null, null_mut};

use ffi_support::{expect_err, fv, ok, World, KITCHEN_JSON};
use goap::ffi::*;

const CRAFTING_JSON: &str = include_str!("../examples/domains/crafting.json");

/// A list read with the two-call protocol: the count first (OK when empty, else
/// BUFFER_TOO_SMALL), then the items.
fn list<T: Default + Clone>(call: impl Fn(*mut T, u32, *mut u32) -> GoapStatus) -> Vec<T> {
    let mut n = u32::MAX;
    let first = call(null_mut(), 0, &mut n);
    assert_eq!(
        first,
        if n == 0 {
            GoapStatus::Ok
        } else {
            GoapStatus::BufferTooSmall
        }
    );
    let mut items = vec![T::default(); n as usize];
    let mut m = 0;
    ok(call(items.as_mut_ptr(), n, &mut m));
    assert_eq!(m, n);
    items
}

fn name_of(call: impl Fn(*mut std::ffi::c_char, u32, *mut u32) -> GoapStatus) -> String {
    let mut buf = [0u8; 128];
    let mut len = 0;
    ok(call(buf.as_mut_ptr().cast(), 128, &mut len));
    String::from_utf8(buf[..len as usize].to_vec()).unwrap()
}

#[test]
fn a_domain_lists_its_facts_variables_and_actions_with_their_rules() {
    let w = World::new();
    let d = w.load(CRAFTING_JSON);
    let (mut facts, mut vars, mut actions) = (0, 0, 0);
    unsafe {
        ok(goap_domain_fact_count(w.0, d, &mut facts));
        ok(goap_domain_var_count(w.0, d, &mut vars));
        ok(goap_domain_action_count(w.0, d, &mut actions));
    }
    assert_eq!((facts, vars, actions), (2, 4, 8));
    // Facts in order of first mention, each found again by its name.
    let fact_names: Vec<String> = (0..facts)
        .map(|i| {
            let mut f = GoapFactId::default();
            ok(unsafe { goap_domain_fact_at(w.0, d, i, &mut f) });
            assert_eq!(
                f,
                w.fact(
                    d,
                    &name_of(|b, c, l| unsafe { goap_domain_fact_name(w.0, d, f, b, c, l) })
                )
            );
            name_of(|b, c, l| unsafe { goap_domain_fact_name(w.0, d, f, b, c, l) })
        })
        .collect();
    assert_eq!(fact_names, ["has_axe", "has_workbench"]);
    // Variables with their ranges and defaults.
    let mut v = GoapVarId::default();
    ok(unsafe { goap_domain_var_at(w.0, d, 3, &mut v) });
    assert_eq!(v, w.var(d, "gold"));
    let mut info = GoapVarInfo::default();
    ok(unsafe { goap_domain_var_info(w.0, d, v, &mut info) });
    assert_eq!(
        (info.min, info.max, info.default_value, info.overflow),
        (0, 20, 0, 0)
    );
    // An action: cost, lists, each list read back as it was written.
    let mut a = GoapActionId::default();
    ok(unsafe { goap_domain_action_at(w.0, d, 2, &mut a) });
    assert_eq!(a, w.action(d, "buy_axe"));
    let mut ai = GoapActionInfo::default();
    ok(unsafe { goap_domain_action_info(w.0, d, a, &mut ai) });
    assert_eq!(ai.cost, 1.0);
    assert_eq!(
        (
            ai.pre_count,
            ai.effect_count,
            ai.var_pre_count,
            ai.var_effect_count
        ),
        (1, 1, 1, 1)
    );
    let axe = w.fact(d, "has_axe");
    let gold = w.var(d, "gold");
    let pre = list(|o, c, n| unsafe { goap_domain_action_pre(w.0, d, a, o, c, n) });
    assert_eq!(pre, [fv(axe, false)]);
    let eff = list(|o, c, n| unsafe { goap_domain_action_effects(w.0, d, a, o, c, n) });
    assert_eq!(eff, [fv(axe, true)]);
    let vpre = list(|o, c, n| unsafe { goap_domain_action_var_pre(w.0, d, a, o, c, n) });
    assert_eq!(
        vpre,
        [GoapVarCondition {
            var: gold,
            op: GoapCompare::Ge as i32,
            value: 4
        }]
    );
    let veff = list(|o, c, n| unsafe { goap_domain_action_var_effects(w.0, d, a, o, c, n) });
    assert_eq!(
        veff,
        [GoapVarEffect {
            var: gold,
            op: GoapVarOp::Sub as i32,
            value: 4
        }]
    );
    // The stored start and goal.
    let start = list(|o, c, n| unsafe { goap_domain_start(w.0, d, o, c, n) });
    assert!(start.is_empty(), "no fact is true at the start");
    let start_vars = list(|o, c, n| unsafe { goap_domain_start_vars(w.0, d, o, c, n) });
    assert_eq!(start_vars.len(), 4);
    assert_eq!(
        start_vars[3],
        GoapVarValue {
            var: gold,
            value: 5
        }
    );
    let goal = list(|o, c, n| unsafe { goap_domain_goal(w.0, d, o, c, n) });
    assert_eq!(goal, [fv(w.fact(d, "has_workbench"), true)]);
    let goal_vars = list(|o, c, n| unsafe { goap_domain_goal_vars(w.0, d, o, c, n) });
    assert_eq!(
        goal_vars,
        [GoapVarCondition {
            var: w.var(d, "wood"),
            op: GoapCompare::Ge as i32,
            value: 3
        }]
    );
}

#[test]
fn introspection_errors_are_statuses_that_write_nothing() {
    let w = World::new();
    let d = w.kitchen();
    let mut out = GoapFactId { bits: 77 };
    expect_err(
        unsafe { goap_domain_fact_at(w.0, d, 8, &mut out) },
        GoapStatus::InvalidArgument,
        "goap_domain_fact_at",
        &["index 8 is not below", "fact count 8"],
    );
    assert_eq!(out, GoapFactId { bits: 77 });
    let mut out_action = GoapActionId { bits: 77 };
    expect_err(
        unsafe { goap_domain_action_at(w.0, d, 7, &mut out_action) },
        GoapStatus::InvalidArgument,
        "goap_domain_action_at",
        &["action count 7"],
    );
    assert_eq!(out_action, GoapActionId { bits: 77 });
    let mut out_var = GoapVarId { bits: 77 };
    expect_err(
        unsafe { goap_domain_var_at(w.0, d, 0, &mut out_var) },
        GoapStatus::InvalidArgument,
        "goap_domain_var_at",
        &["variable count 0"],
    );
    assert_eq!(out_var, GoapVarId { bits: 77 });
    expect_err(
        unsafe { goap_domain_fact_at(w.0, d, 0, null_mut()) },
        GoapStatus::NullPointer,
        "goap_domain_fact_at",
        &["argument `out` is NULL"],
    );
    expect_err(
        unsafe { goap_domain_fact_at(w.0, GoapDomainId { bits: 12345 }, 0, &mut out) },
        GoapStatus::UnknownDomain,
        "goap_domain_fact_at",
        &[],
    );
    expect_err(
        unsafe { goap_domain_fact_at(w.0, GoapDomainId::default(), 0, &mut out) },
        GoapStatus::UnknownDomain,
        "goap_domain_fact_at",
        &[],
    );
    assert_eq!(out, GoapFactId { bits: 77 });
    // A fact id's bits where an action id is expected: the run-time kind check.
    let f = w.fact(d, "菜已买");
    let mut ai = GoapActionInfo::default();
    expect_err(
        unsafe { goap_domain_action_info(w.0, d, GoapActionId { bits: f.bits }, &mut ai) },
        GoapStatus::UnknownAction,
        "goap_domain_action_info",
        &[],
    );
    let mut vi = GoapVarInfo::default();
    expect_err(
        unsafe { goap_domain_var_info(w.0, d, GoapVarId { bits: f.bits }, &mut vi) },
        GoapStatus::UnknownVar,
        "goap_domain_var_info",
        &[],
    );
    // Too small a buffer: the count only.
    let serve = w.action(d, "摆盘");
    let mut one = [fv(GoapFactId::default(), false); 1];
    let mut n = 0;
    expect_err(
        unsafe { goap_domain_action_pre(w.0, d, serve, one.as_mut_ptr(), 1, &mut n) },
        GoapStatus::BufferTooSmall,
        "goap_domain_action_pre",
        &["out has capacity 1 but there are 3 facts"],
    );
    assert_eq!((n, one[0].fact), (3, GoapFactId::default()));
    expect_err(
        unsafe { goap_domain_action_pre(w.0, d, serve, null_mut(), 3, &mut n) },
        GoapStatus::NullPointer,
        "goap_domain_action_pre",
        &["`out` (with capacity 3)"],
    );
    // No stored goal.
    let bare = {
        let def = goap_domain_def_default();
        let mut id = GoapDomainId::default();
        ok(unsafe { goap_domain_create(w.0, &def, &mut id) });
        id
    };
    expect_err(
        unsafe { goap_domain_goal(w.0, bare, null_mut(), 0, &mut n) },
        GoapStatus::NoGoal,
        "goap_domain_goal",
        &["has no stored goal"],
    );
}

#[test]
fn an_agent_tells_its_beliefs_and_goals() {
    let w = World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    let g = w.dinner_goal(d, a);
    let mut dom = GoapDomainId::default();
    ok(unsafe { goap_agent_domain(w.0, a, &mut dom) });
    assert_eq!(dom, d);
    let bought = w.fact(d, "菜已买");
    let facts = list(|o, c, n| unsafe { goap_agent_facts(w.0, a, o, c, n) });
    assert_eq!(facts, [fv(bought, true)]);
    w.set_fact(a, w.fact(d, "饭已熟"), true);
    let facts = list(|o, c, n| unsafe { goap_agent_facts(w.0, a, o, c, n) });
    assert_eq!(facts.len(), 2);
    assert!(list(|o, c, n| unsafe { goap_agent_vars(w.0, a, o, c, n) }).is_empty());
    // Its goal: name, priority, conditions, and whether it is pursued and met.
    let name = name_of(|b, c, l| unsafe { goap_agent_goal_name(w.0, a, g, b, c, l) });
    let mut info = GoapGoalInfo::default();
    ok(unsafe { goap_agent_goal_info(w.0, a, g, &mut info) });
    assert_eq!(
        (
            info.fact_count,
            info.var_count,
            info.satisfied,
            info.current
        ),
        (1, 0, 0, 0)
    );
    assert!(info.priority > 0.0);
    assert!(!name.is_empty());
    let dinner = w.fact(d, "晚餐完成");
    let conditions = list(|o, c, n| unsafe { goap_agent_goal_conditions(w.0, a, g, o, c, n) });
    assert_eq!(conditions, [fv(dinner, true)]);
    assert!(
        list(|o, c, n| unsafe { goap_agent_goal_var_conditions(w.0, a, g, o, c, n) }).is_empty()
    );
    w.step(a, 0.1);
    ok(unsafe { goap_agent_goal_info(w.0, a, g, &mut info) });
    assert_eq!(info.current, 1);
    w.set_fact(a, dinner, true);
    ok(unsafe { goap_agent_goal_info(w.0, a, g, &mut info) });
    assert_eq!(info.satisfied, 1);
    // The goal is listed by index, with the id add_goal gave; nothing past the end.
    let mut listed = GoapGoalId::default();
    ok(unsafe { goap_agent_goal_at(w.0, a, 0, &mut listed) });
    assert_eq!(listed, g);
    let mut past = GoapGoalId { bits: 77 };
    expect_err(
        unsafe { goap_agent_goal_at(w.0, a, 1, &mut past) },
        GoapStatus::InvalidArgument,
        "goap_agent_goal_at",
        &["is not below the agent's goal count"],
    );
    assert_eq!(past, GoapGoalId { bits: 77 });
    // Bad goal ids (the null id, an id no goal has, a fact id's bits), stale agent.
    let unknown_goal = GoapGoalId {
        bits: g.bits + 9, // the same generation, a slot no goal has
    };
    let fact_bits = GoapGoalId { bits: dinner.bits };
    for bad in [GoapGoalId::default(), unknown_goal, fact_bits] {
        let mut untouched = GoapGoalInfo {
            priority: 77.0,
            ..GoapGoalInfo::default()
        };
        expect_err(
            unsafe { goap_agent_goal_info(w.0, a, bad, &mut untouched) },
            GoapStatus::UnknownGoal,
            "goap_agent_goal_info",
            &[],
        );
        assert_eq!(untouched.priority, 77.0, "{bad:x}: nothing written");
    }
    // A removed goal's id is stale, and the goal is no longer listed.
    ok(unsafe { goap_agent_remove_goal(w.0, a, g) });
    expect_err(
        unsafe { goap_agent_goal_info(w.0, a, g, &mut info) },
        GoapStatus::UnknownGoal,
        "goap_agent_goal_info",
        &[],
    );
    expect_err(
        unsafe { goap_agent_goal_at(w.0, a, 0, &mut past) },
        GoapStatus::InvalidArgument,
        "goap_agent_goal_at",
        &["is not below the agent's goal count"],
    );
    ok(unsafe { goap_agent_destroy(w.0, a) });
    let mut n = 0;
    expect_err(
        unsafe { goap_agent_facts(w.0, a, null_mut(), 0, &mut n) },
        GoapStatus::UnknownAgent,
        "goap_agent_facts",
        &[],
    );
}

#[test]
fn a_trace_records_the_search_with_states_and_sizes_its_buffers() {
    let w = World::new();
    let d = w.load(KITCHEN_JSON);
    let mut r = GoapTraceResult::default();
    let trace = |r: &mut GoapTraceResult,
                 nodes: &mut [GoapTraceNode],
                 facts: &mut [GoapFactId],
                 problem: *const GoapProblem,
                 max: u32| unsafe {
        goap_domain_trace(
            w.0,
            d,
            problem,
            max,
            nodes.as_mut_ptr(),
            nodes.len() as u32,
            facts.as_mut_ptr(),
            facts.len() as u32,
            null_mut(),
            0,
            r,
        )
    };
    // Ask for the sizes, then read it.
    expect_err(
        trace(&mut r, &mut [], &mut [], null(), 1000),
        GoapStatus::BufferTooSmall,
        "goap_domain_trace",
        &["out_nodes has capacity 0"],
    );
    assert_eq!(r.end, GoapTraceEnd::Found as i32);
    assert_eq!(r.var_value_count, 0, "the kitchen has no variables");
    let mut nodes = vec![GoapTraceNode::default(); r.node_count as usize];
    let mut facts = vec![GoapFactId::default(); r.fact_count as usize];
    ok(trace(&mut r, &mut nodes, &mut facts, null(), 1000));
    let last = nodes.last().unwrap();
    assert_eq!((last.goal, last.g, last.h), (1, 17.0, 0.0));
    assert_eq!(nodes[0].parent, u32::MAX);
    assert_eq!(nodes[0].h, 17.0, "LM-cut is exact on the kitchen");
    // The goal node's facts hold the goal; walking the parents gives the optimal plan.
    let dinner = w.fact(d, "晚餐完成");
    let goal_facts = &facts[last.fact_start as usize..(last.fact_start + last.fact_count) as usize];
    assert!(goal_facts.contains(&dinner));
    let mut plan = Vec::new();
    let mut n = nodes.len() - 1;
    while nodes[n].parent != u32::MAX {
        plan.push(w.action_name(d, nodes[n].action));
        n = nodes[n].parent as usize;
    }
    assert_eq!(plan.len(), 7);
    // An explicit problem: from the start, a goal already met is one node.
    let mut p = goap_problem_default();
    let start = [fv(w.fact(d, "菜已买"), true)];
    (p.start, p.start_count, p.goal, p.goal_count) = (start.as_ptr(), 1, start.as_ptr(), 1);
    let mut one = [GoapTraceNode::default(); 1];
    let mut f = [GoapFactId::default(); 1];
    ok(trace(&mut r, &mut one, &mut f, &p, 10));
    assert_eq!((r.node_count, one[0].goal, f[0]), (1, 1, start[0].fact));
    // Errors.
    expect_err(
        trace(&mut r, &mut nodes, &mut facts, null(), 0),
        GoapStatus::InvalidArgument,
        "goap_domain_trace",
        &["max_expanded must be at least 1"],
    );
    let unknown = [fv(GoapFactId { bits: 12345 }, true)];
    (p.goal, p.goal_count) = (unknown.as_ptr(), 1);
    expect_err(
        trace(&mut r, &mut nodes, &mut facts, &p, 10),
        GoapStatus::UnknownFact,
        "goap_domain_trace",
        &["problem->goal"],
    );
    // A NULL buffer with a capacity, or a misaligned one, is refused before anything is
    // written.
    let mut untouched = GoapTraceResult {
        end: 77,
        ..GoapTraceResult::default()
    };
    let status = unsafe {
        goap_domain_trace(
            w.0,
            d,
            null(),
            10,
            null_mut(),
            5,
            null_mut(),
            0,
            null_mut(),
            0,
            &mut untouched,
        )
    };
    assert_eq!(status, GoapStatus::NullPointer);
    assert_eq!(untouched.end, 77);
    let mut raw = [0u64; 4];
    let misaligned = unsafe { raw.as_mut_ptr().cast::<u8>().add(1).cast::<GoapFactId>() };
    let status = unsafe {
        goap_domain_trace(
            w.0,
            d,
            null(),
            10,
            nodes.as_mut_ptr(),
            nodes.len() as u32,
            misaligned,
            2,
            null_mut(),
            0,
            &mut untouched,
        )
    };
    assert_eq!(status, GoapStatus::InvalidArgument);
    assert_eq!(untouched.end, 77);
    let cut = trace(&mut r, &mut nodes, &mut facts, null(), 2);
    ok(cut);
    assert_eq!((r.end, r.node_count), (GoapTraceEnd::Limit as i32, 2));
}
