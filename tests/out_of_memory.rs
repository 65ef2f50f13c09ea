//! Inputs that would need huge tables fail cleanly (`Outcome::OutOfMemory`,
//! `GOAP_STATUS_OUT_OF_MEMORY`, exit 2) through every entry point, in bounded memory, and
//! never abort the process; a 300,000-action domain whose tables fit plans.
//!
//! The tests share the process-wide table limit (`goap::set_max_table_bytes`), so they
//! take turns through `LIMIT`.

use std::sync::Mutex;

use goap::agent::AgentError;
use goap::ffi::*;
use goap::world::WorldError;
use goap::{
    ActionDef, AgentDef, BatchOptions, Domain, FactValue, GoalDef, Heuristic, Outcome, PlanOptions,
    Planner, StepKind, World, WorldDef, WorldState,
};

static LIMIT: Mutex<()> = Mutex::new(());

/// Peak resident memory of this process so far, in bytes (Linux).
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

/// `actions` actions, action `i` making fact `i % facts` true (cost 1 + i % 7); the goal
/// is the last fact.
fn one_fact_actions(actions: usize, facts: usize) -> (Domain, FactValue) {
    let mut d = Domain::new();
    let ids: Vec<_> = (0..facts)
        .map(|f| d.add_fact(&format!("f{f}")).unwrap())
        .collect();
    for i in 0..actions {
        d.add_action(ActionDef {
            name: format!("a{i}"),
            effects: vec![FactValue::new(ids[i % facts], true)],
            cost: (1 + i % 7) as f64,
            ..Default::default()
        })
        .unwrap();
    }
    (d, FactValue::new(ids[facts - 1], true))
}

/// The same domain as a domain file.
fn one_fact_json(actions: usize, facts: usize) -> String {
    let mut s = String::from("{\"actions\": [\n");
    for i in 0..actions {
        if i > 0 {
            s.push_str(",\n");
        }
        s.push_str(&format!(
            "{{\"name\": \"a{i}\", \"cost\": {}, \"effects\": {{\"f{}\": true}}}}",
            1 + i % 7,
            i % facts
        ));
    }
    s.push_str(&format!("],\n\"goal\": {{\"f{}\": true}}}}\n", facts - 1));
    s
}

/// The same domain as a domain file whose goal needs every fact.
fn every_fact_json(actions: usize, facts: usize) -> String {
    let mut s = one_fact_json(actions, facts);
    let at = s.rfind("\"goal\"").unwrap();
    s.truncate(at);
    let goal: Vec<String> = (0..facts).map(|f| format!("\"f{f}\": true")).collect();
    s.push_str(&format!("\"goal\": {{{}}}}}\n", goal.join(", ")));
    s
}

/// Writes `text` to a temporary file, runs `goap` with `args` and the file's path, and
/// removes the file.
fn run_cli(text: &str, args: &[&str]) -> std::process::Output {
    let path = std::env::temp_dir().join(format!(
        "goap-oom-{}-{}.json",
        std::process::id(),
        text.len()
    ));
    std::fs::write(&path, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_goap"))
        .args(&args[..1])
        .arg(&path)
        .args(&args[1..])
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    out
}

/// 300,000 actions over 300,000 facts, each action touching one fact: dense action masks
/// would need 45 GB. The domain is kept sparse, so it compiles and plans optimally,
/// through the Rust API, the C ABI and the command line, in bounded memory.
#[test]
fn three_hundred_thousand_actions_over_as_many_facts_plan_in_bounded_memory() {
    let _turn = LIMIT.lock().unwrap_or_else(|e| e.into_inner());
    const N: usize = 300_000;
    let (d, goal_fact) = one_fact_actions(N, N);
    d.compile().unwrap();
    let goal = d.conditions([goal_fact]).unwrap();
    for heuristic in [Heuristic::Auto, Heuristic::Blind] {
        let options = PlanOptions {
            heuristic,
            ..PlanOptions::default()
        };
        let r = Planner::new().plan(&d, &WorldState::new(), &goal, &options);
        let plan = r.plan().expect("a plan");
        // Only action N - 1 makes fact N - 1 true.
        assert_eq!(plan.actions.len(), 1, "{heuristic:?}");
        assert_eq!(plan.actions[0].index(), N - 1);
        assert_eq!(plan.cost, (1 + (N - 1) % 7) as f64);
        assert_eq!(r.stats.actions_kept, 1, "{heuristic:?}: {:?}", r.stats);
    }

    let json = one_fact_json(N, N);
    assert!(json.len() > 10_000_000, "a file of {} bytes", json.len());
    // Through the C ABI.
    unsafe {
        let def = goap_world_def_default();
        let mut w = std::ptr::null_mut();
        assert_eq!(goap_world_create(&def, &mut w), GoapStatus::Ok);
        let mut id = GoapDomainId::default();
        let status = goap_domain_load_json(w, json.as_ptr().cast(), json.len() as u32, &mut id);
        assert_eq!(status, GoapStatus::Ok, "{}", goap::ffi::last_error());
        let mut result = GoapPlanResult::default();
        let mut actions = [GoapActionId::default(); 4];
        let status = goap_domain_plan(
            w,
            id,
            std::ptr::null(),
            actions.as_mut_ptr(),
            4,
            &mut result,
        );
        assert_eq!(status, GoapStatus::Ok, "{}", goap::ffi::last_error());
        assert_eq!(result.action_count, 1);
        let mut name = [0u8; 32];
        let mut len = 0;
        assert_eq!(
            goap_domain_action_name(w, id, actions[0], name.as_mut_ptr().cast(), 32, &mut len),
            GoapStatus::Ok
        );
        assert_eq!(&name[..len as usize], format!("a{}", N - 1).as_bytes());
        goap_world_destroy(w);
    }

    // Through the command line.
    let out = run_cli(&json, &["plan"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(&format!("\"plan\":[\"a{}\"]", N - 1)),
        "{stdout}"
    );

    assert!(
        peak_rss() < 1 << 30,
        "peak resident memory {} bytes",
        peak_rss()
    );
}

/// A search that must keep every one of those 300,000 actions (the goal needs every
/// fact) would need 45 GB of masks for them: it is refused before allocating, with a
/// message naming the table, by the Rust API and the command line.
#[test]
fn a_search_too_large_to_run_fails_cleanly() {
    let _turn = LIMIT.lock().unwrap_or_else(|e| e.into_inner());
    const N: usize = 300_000;
    let (d, _) = one_fact_actions(N, N);
    let goal = d
        .conditions((0..N as u32).map(|f| FactValue::new(goap::FactId(f), true)))
        .unwrap();
    let blind = PlanOptions {
        heuristic: Heuristic::Blind,
        ..PlanOptions::default()
    };
    let r = Planner::new().plan(&d, &WorldState::new(), &goal, &blind);
    let Outcome::OutOfMemory(e) = &r.outcome else {
        panic!("{:?}", r.outcome);
    };
    assert!(!e.refused);
    assert_eq!(e.bytes, (N as u64) * 4 * (N as u64).div_ceil(64) * 8);
    let text = e.to_string();
    assert!(
        text.contains(
            "the search's action masks (300000 actions × 300000 facts) would need 42 GiB"
        ),
        "{text}"
    );

    let out = run_cli(&every_fact_json(N, N), &["plan", "--heuristic", "blind"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("out of memory: the search's action masks"),
        "{stderr}"
    );
    assert!(
        peak_rss() < 1 << 30,
        "peak resident memory {} bytes",
        peak_rss()
    );
}

/// 300,000 actions over 1,000 facts (150 MB of dense masks, kept sparse): compiles and
/// plans optimally.
/// A domain file of `n` facts, each set by its own action of cost 1, and a goal that needs
/// them all: blind search stores every one of its 2^n states.
fn toggles(n: usize) -> String {
    let actions: Vec<String> = (0..n)
        .map(|i| format!(r#"{{"name": "set{i}", "cost": 1, "effects": {{"f{i}": true}}}}"#))
        .collect();
    let goal: Vec<String> = (0..n).map(|i| format!(r#""f{i}": true"#)).collect();
    format!(
        r#"{{"actions": [{}], "goal": {{{}}}}}"#,
        actions.join(", "),
        goal.join(", ")
    )
}

/// A search that outgrows the limit stops with `OutOfMemory` naming the table; agents
/// take it as a node limit and say so once; the C ABI returns the status; batches count it.
#[test]
fn a_search_that_outgrows_the_limit_stops_cleanly() {
    let _turn = LIMIT.lock().unwrap_or_else(|e| e.into_inner());
    let text = &toggles(14);
    let file = goap::format::parse_domain(text).unwrap();
    let goal = file.goal.clone().unwrap();
    let blind = PlanOptions {
        heuristic: Heuristic::Blind,
        ..PlanOptions::default()
    };
    let whole = Planner::new().plan(&file.domain, &file.start, &goal, &blind);
    assert!(whole.plan().is_some());
    assert!(whole.stats.stored > 10_000, "{:?}", whole.stats);

    goap::set_max_table_bytes(64 << 10);
    let r = Planner::new().plan(&file.domain, &file.start, &goal, &blind);
    let Outcome::OutOfMemory(e) = &r.outcome else {
        goap::set_max_table_bytes(goap::MAX_TABLE_BYTES);
        panic!("{:?}", r.outcome);
    };
    assert!(e.what.starts_with("the search's "), "{e}");
    assert!(
        e.to_string()
            .contains("more than the limit of 64 KiB per planner table"),
        "{e}"
    );
    assert!(r.stats.expanded > 0 && r.stats.expanded < whole.stats.expanded);

    // An agent: the step reports it once, then goes on (no plan for that goal for now).
    let world = World::new(WorldDef {
        plan_cache_capacity: 0,
        ..WorldDef::default()
    });
    let domain = world.load_domain(text).unwrap();
    let def = AgentDef {
        options: blind,
        ..AgentDef::default()
    };
    let agent = world.create_agent(domain, def).unwrap();
    let goal_def = GoalDef {
        name: "deliver".into(),
        conditions: goal.clone(),
        priority: 1.0,
        ..GoalDef::default()
    };
    world.add_goal(agent, goal_def.clone()).unwrap();
    match world.step_agent(agent, 0.1) {
        Err(WorldError::Agent(AgentError::OutOfMemory(got))) => assert_eq!(got.what, e.what),
        other => panic!("{other:?}"),
    }
    assert_eq!(world.step_agent(agent, 0.1).unwrap().kind, StepKind::NoPlan);

    // A batch counts it.
    let waiting = world
        .create_agent(
            domain,
            AgentDef {
                plan_in_step: false,
                ..def
            },
        )
        .unwrap();
    world.add_goal(waiting, goal_def).unwrap();
    assert_eq!(
        world.step_agent(waiting, 0.1).unwrap().kind,
        StepKind::Waiting
    );
    let stats = world.plan_agents(&BatchOptions::default());
    assert_eq!((stats.planned, stats.out_of_memory), (1, 1));

    // The C ABI.
    unsafe {
        let wdef = goap_world_def_default();
        let mut w = std::ptr::null_mut();
        assert_eq!(goap_world_create(&wdef, &mut w), GoapStatus::Ok);
        let mut id = GoapDomainId::default();
        assert_eq!(
            goap_domain_load_json(w, text.as_ptr().cast(), text.len() as u32, &mut id),
            GoapStatus::Ok
        );
        let mut options = goap_plan_options_default();
        options.heuristic = GoapHeuristic::Blind as i32;
        let mut result = GoapPlanResult::default();
        let status = goap_domain_plan(w, id, &options, std::ptr::null_mut(), 0, &mut result);
        assert_eq!(status, GoapStatus::OutOfMemory);
        assert!(goap::ffi::last_error().contains("out of memory: the search's"));
        goap_world_destroy(w);
    }

    goap::set_max_table_bytes(goap::MAX_TABLE_BYTES);
    let again = Planner::new().plan(&file.domain, &file.start, &goal, &blind);
    assert_eq!(again.outcome, whole.outcome);
}

/// Under a small table limit, a domain of many relevant actions of which a search keeps one
/// plans with every heuristic, twice on one planner: the tables a search sizes follow the
/// actions it keeps (here 1), not the actions that could matter for the goal (600). (A
/// version that built projected masks for every relevant action ran out of memory here,
/// and its half-made setup cache entry then made the planner's next search panic.)
#[test]
fn a_search_sizes_its_tables_by_the_actions_it_keeps() {
    let _turn = LIMIT.lock().unwrap_or_else(|e| e.into_inner());
    let mut d = Domain::new();
    let p: Vec<_> = (0..600)
        .map(|i| d.add_fact(&format!("p{i}")).unwrap())
        .collect();
    let g = d.add_fact("G").unwrap();
    let x = d.add_fact("X").unwrap();
    for (i, &pi) in p.iter().enumerate() {
        d.add_action(ActionDef {
            name: format!("a{i}"),
            pre: vec![FactValue::new(pi, true)],
            effects: vec![FactValue::new(g, true), FactValue::new(x, true)],
            cost: 1.0,
            ..Default::default()
        })
        .unwrap();
    }
    d.compile().unwrap();
    let mut start = WorldState::new();
    start.set(p[0], true);
    let goal = d.conditions([FactValue::new(g, true)]).unwrap();
    goap::set_max_table_bytes(64 << 10);
    let mut planner = Planner::new();
    let mut results = Vec::new();
    for _round in 0..2 {
        for heuristic in Heuristic::ALL {
            let options = PlanOptions {
                heuristic,
                ..PlanOptions::default()
            };
            results.push((heuristic, planner.plan(&d, &start, &goal, &options)));
        }
    }
    goap::set_max_table_bytes(goap::MAX_TABLE_BYTES);
    for (heuristic, r) in results {
        let plan = r
            .plan()
            .unwrap_or_else(|| panic!("{heuristic:?}: {:?}", r.outcome));
        assert_eq!(plan.actions.len(), 1, "{heuristic:?}");
        assert_eq!(plan.actions[0].index(), 0, "{heuristic:?}");
        assert_eq!(r.stats.actions_kept, 1, "{heuristic:?}: {:?}", r.stats);
    }
}

/// The backward search under a small table limit: `OutOfMemory` naming its table, never an
/// abort, and the same plan again once the limit is back.
#[test]
fn a_backward_search_that_outgrows_the_limit_stops_cleanly() {
    let _turn = LIMIT.lock().unwrap_or_else(|e| e.into_inner());
    let file = goap::format::parse_domain(&toggles(14)).unwrap();
    let goal = file.goal.clone().unwrap();
    let backward = PlanOptions {
        heuristic: Heuristic::Blind,
        direction: goap::Direction::Backward,
        ..PlanOptions::default()
    };
    let whole = Planner::new().plan(&file.domain, &file.start, &goal, &backward);
    assert!(whole.stats.backward && whole.plan().is_some());
    assert!(whole.stats.stored > 5_000, "{:?}", whole.stats);

    goap::set_max_table_bytes(64 << 10);
    let r = Planner::new().plan(&file.domain, &file.start, &goal, &backward);
    goap::set_max_table_bytes(goap::MAX_TABLE_BYTES);
    let Outcome::OutOfMemory(e) = &r.outcome else {
        panic!("{:?}", r.outcome);
    };
    assert!(e.what.starts_with("the backward search's "), "{e}");
    assert!(r.stats.backward && r.stats.expanded > 0);
    let again = Planner::new().plan(&file.domain, &file.start, &goal, &backward);
    assert_eq!(again.outcome, whole.outcome);
}
