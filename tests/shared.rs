//! Shared world facts and variables (issue 15, part 2): planning and monitoring read them,
//! an agent's own write overrides them until the next shared write, a change reviews only
//! the agents that depend on it (counted), new agents start with them, bad input changes
//! nothing, and batches running on other threads see consistent beliefs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use goap::world::{DomainId, SharedChange, WorldError};
use goap::{
    AgentDef, AgentId, BatchOptions, FactValue, GoalDef, ReplanCause, Report, StepKind, World,
    WorldDef,
};

/// Travellers cross a river by the bridge (cheap, needs `bridge_ok`) or swim (dear); a
/// market goal needs `market_open` and gold (a variable); guards patrol and depend on
/// neither.
const RIVER: &str = r#"{
 "vars": {"gold": {"min": 0, "max": 5}},
 "actions": [
  {"name": "cross", "cost": 1, "pre": {"bridge_ok": true}, "effects": {"across": true}},
  {"name": "swim", "cost": 10, "effects": {"across": true, "wet": true}},
  {"name": "buy", "cost": 1, "pre": {"market_open": true, "gold": {">=": 2}},
   "effects": {"fed": true, "gold": {"-=": 2}}},
  {"name": "patrol", "cost": 1, "pre": {"on_duty": true}, "effects": {"patrolled": true}},
  {"name": "clock_in", "cost": 1, "effects": {"on_duty": true}}
 ],
 "start": {}
}"#;

struct River {
    world: World,
    domain: DomainId,
}

impl River {
    fn new() -> River {
        let world = World::new(WorldDef {
            worker_threads: 2,
            ..WorldDef::default()
        });
        let domain = world.load_domain(RIVER).unwrap();
        River { world, domain }
    }

    fn fact(&self, name: &str) -> goap::FactId {
        self.world
            .snapshot(self.domain)
            .unwrap()
            .domain()
            .fact_id(name)
            .unwrap()
    }

    fn action(&self, name: &str) -> goap::ActionId {
        self.world
            .snapshot(self.domain)
            .unwrap()
            .domain()
            .action_id(name)
            .unwrap()
    }

    fn var(&self, name: &str) -> goap::VarId {
        self.world
            .snapshot(self.domain)
            .unwrap()
            .domain()
            .var_id(name)
            .unwrap()
    }

    /// An agent with one goal: `fact` true.
    fn agent(&self, goal_fact: &str) -> AgentId {
        let id = self
            .world
            .create_agent(self.domain, AgentDef::default())
            .unwrap();
        let f = self.fact(goal_fact);
        self.world
            .with_agent(id, |a| {
                let conditions = a.domain().conditions([FactValue::new(f, true)])?;
                a.add_goal(GoalDef {
                    name: goal_fact.into(),
                    conditions,
                    priority: 1.0,
                    ..GoalDef::default()
                })
            })
            .unwrap();
        id
    }

    fn step(&self, id: AgentId) -> StepKind {
        self.world.step_agent(id, 0.1).unwrap().kind
    }

    fn believes(&self, id: AgentId, fact: &str) -> bool {
        let f = self.fact(fact);
        self.world.with_agent(id, |a| a.fact(f)).unwrap()
    }

    fn replans(&self, id: AgentId) -> u64 {
        self.world.with_agent(id, |a| Ok(a.replans())).unwrap()
    }
}

#[test]
fn planning_reads_shared_facts() {
    let r = River::new();
    let bridge = r.fact("bridge_ok");
    let traveller = r.agent("across");
    assert_eq!(r.step(traveller), StepKind::Start(r.action("swim")));
    r.world
        .with_agent(traveller, |a| a.report(Report::Failed))
        .unwrap();

    let change = r.world.set_shared_fact(r.domain, bridge, true).unwrap();
    assert_eq!(change.changed, 1);
    assert_eq!(r.world.shared_fact(r.domain, bridge).unwrap(), Some(true));
    assert!(r.believes(traveller, "bridge_ok"));
    assert_eq!(r.step(traveller), StepKind::Start(r.action("cross")));
}

#[test]
fn monitoring_reads_shared_facts_and_only_dependents_review() {
    let r = River::new();
    let bridge = r.fact("bridge_ok");
    r.world.set_shared_fact(r.domain, bridge, true).unwrap();
    let traveller = r.agent("across");
    let guards: Vec<AgentId> = (0..20).map(|_| r.agent("patrolled")).collect();
    assert_eq!(r.step(traveller), StepKind::Start(r.action("cross")));
    for &g in &guards {
        assert_eq!(r.step(g), StepKind::Start(r.action("clock_in")));
    }
    let before: Vec<u64> = guards.iter().map(|&g| r.replans(g)).collect();

    // The bridge breaks: only the traveller depends on it.
    let change = r.world.set_shared_fact(r.domain, bridge, false).unwrap();
    assert_eq!(
        change,
        SharedChange {
            changed: 1,
            reviewed: 1
        }
    );
    let step = r.world.step_agent(traveller, 0.1).unwrap();
    assert!(step.replanned);
    assert_eq!(step.kind, StepKind::Start(r.action("swim")));
    let last = r
        .world
        .with_agent(traveller, |a| Ok(a.last_replan().unwrap().cause))
        .unwrap();
    assert_eq!(last, ReplanCause::PlanInvalidated);

    // The guards were not disturbed, yet they believe the new value when asked.
    for (&g, &n) in guards.iter().zip(&before) {
        assert_eq!(r.step(g), StepKind::Continue(r.action("clock_in")));
        assert_eq!(r.replans(g), n);
        assert!(!r.believes(g, "bridge_ok"));
    }

    // Writing the value it already has changes nothing.
    assert_eq!(
        r.world.set_shared_fact(r.domain, bridge, false).unwrap(),
        SharedChange::default()
    );
}

#[test]
fn the_latest_write_wins_between_shared_and_own_beliefs() {
    let r = River::new();
    let bridge = r.fact("bridge_ok");
    let a = r.agent("across");
    let b = r.agent("across");
    r.world.set_shared_fact(r.domain, bridge, true).unwrap();
    // Agent a saw the bridge fall before the world was told: its own belief overrides.
    r.world
        .with_agent(a, |x| x.set_fact(bridge, false))
        .unwrap();
    assert!(!r.believes(a, "bridge_ok"));
    assert!(r.believes(b, "bridge_ok"));
    assert_eq!(r.step(a), StepKind::Start(r.action("swim")));
    assert_eq!(r.step(b), StepKind::Start(r.action("cross")));
    // The next shared write replaces the override; swimming still reaches the goal, so
    // a keeps its plan (no replan without cause), while b's plan breaks.
    r.world.set_shared_fact(r.domain, bridge, false).unwrap();
    r.world.set_shared_fact(r.domain, bridge, true).unwrap();
    assert!(r.believes(a, "bridge_ok"));
    assert_eq!(r.step(a), StepKind::Continue(r.action("swim")));
    r.world.set_shared_fact(r.domain, bridge, false).unwrap();
    assert_eq!(r.step(b), StepKind::Start(r.action("swim")));
    // Writing the value the world already has is a write too: it replaces an override.
    r.world.with_agent(b, |x| x.set_fact(bridge, true)).unwrap();
    let change = r.world.set_shared_fact(r.domain, bridge, false).unwrap();
    assert_eq!((change.changed, change.reviewed), (0, 1));
    assert!(!r.believes(b, "bridge_ok"));
    // An action's effects are the agent's own writes too.
    r.world
        .with_agent(a, |x| x.report(Report::Succeeded))
        .unwrap();
    assert!(r.believes(a, "across"));
    assert!(!r.believes(b, "across"));
}

#[test]
fn shared_variables_and_new_agents() {
    let r = River::new();
    let (open, gold) = (r.fact("market_open"), r.var("gold"));
    let change = r
        .world
        .set_shared(r.domain, &[FactValue::new(open, true)], &[(gold, 3)])
        .unwrap();
    assert_eq!(change.changed, 2);
    assert_eq!(r.world.shared_var(r.domain, gold).unwrap(), Some(3));
    assert_eq!(
        r.world.shared_var(r.domain, r.var("gold")).unwrap(),
        Some(3)
    );
    // Created after the write: starts with the shared values.
    let buyer = r.agent("fed");
    assert_eq!(r.world.with_agent(buyer, |a| a.var(gold)).unwrap(), 3);
    assert_eq!(r.step(buyer), StepKind::Start(r.action("buy")));
    // Not enough gold any more: the plan no longer runs.
    let change = r.world.set_shared_var(r.domain, gold, 1).unwrap();
    assert_eq!(change.reviewed, 1);
    assert_eq!(r.step(buyer), StepKind::NoPlan);
    r.world.set_shared_var(r.domain, gold, 2).unwrap();
    assert_eq!(r.step(buyer), StepKind::Start(r.action("buy")));
}

#[test]
fn bad_input_writes_nothing() {
    let r = River::new();
    let (open, gold) = (r.fact("market_open"), r.var("gold"));
    let err = r
        .world
        .set_shared(r.domain, &[FactValue::new(open, true)], &[(gold, 99)])
        .unwrap_err();
    assert!(err.to_string().contains("99"), "{err}");
    assert_eq!(r.world.shared_fact(r.domain, open).unwrap(), None);
    assert_eq!(r.world.shared_var(r.domain, gold).unwrap(), None);
    let unknown = goap::FactId(1000);
    assert!(r.world.set_shared_fact(r.domain, unknown, true).is_err());
    assert!(r.world.shared_fact(r.domain, unknown).is_err());
    let other = r.world.load_domain(RIVER).unwrap();
    r.world.destroy_domain(other).unwrap();
    assert!(matches!(
        r.world.set_shared_fact(other, open, true),
        Err(WorldError::UnknownDomain(_))
    ));
}

#[test]
fn reviews_grow_with_the_dependent_agents_not_with_all() {
    let r = River::new();
    let bridge = r.fact("bridge_ok");
    let travellers: Vec<AgentId> = (0..10).map(|_| r.agent("across")).collect();
    let guards: Vec<AgentId> = (0..990).map(|_| r.agent("patrolled")).collect();
    for &a in travellers.iter().chain(&guards) {
        r.step(a);
    }
    let mut value = true;
    for _ in 0..6 {
        let change = r.world.set_shared_fact(r.domain, bridge, value).unwrap();
        assert_eq!(change.reviewed, 10, "value {value}");
        value = !value;
    }
    // A destroyed dependent is forgotten.
    r.world.destroy_agent(travellers[0]).unwrap();
    let change = r.world.set_shared_fact(r.domain, bridge, value).unwrap();
    assert_eq!(change.reviewed, 9);
    // A guard given a goal that depends on the bridge joins the dependents at its next step.
    let f = r.fact("across");
    r.world
        .with_agent(guards[0], |a| {
            let conditions = a.domain().conditions([FactValue::new(f, true)])?;
            a.add_goal(GoalDef {
                name: "across".into(),
                conditions,
                priority: 5.0,
                ..GoalDef::default()
            })
        })
        .unwrap();
    r.step(guards[0]);
    let change = r.world.set_shared_fact(r.domain, bridge, !value).unwrap();
    assert_eq!(change.reviewed, 10);
}

#[test]
fn shared_writes_while_batches_run_on_other_threads() {
    let world = Arc::new(World::new(WorldDef {
        worker_threads: 2,
        ..WorldDef::default()
    }));
    let domain = world.load_domain(RIVER).unwrap();
    let entry = world.snapshot(domain).unwrap();
    let d = entry.domain();
    let (bridge, across) = (
        d.fact_id("bridge_ok").unwrap(),
        d.fact_id("across").unwrap(),
    );
    let (cross, swim) = (d.action_id("cross").unwrap(), d.action_id("swim").unwrap());
    let def = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let agents: Vec<AgentId> = (0..200)
        .map(|_| {
            let id = world.create_agent(domain, def).unwrap();
            world
                .with_agent(id, |a| {
                    let conditions = a.domain().conditions([FactValue::new(across, true)])?;
                    a.add_goal(GoalDef {
                        name: "across".into(),
                        conditions,
                        priority: 1.0,
                        ..GoalDef::default()
                    })
                })
                .unwrap();
            id
        })
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let batcher = {
        let (world, stop, agents) = (Arc::clone(&world), Arc::clone(&stop), agents.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                world.plan_agents(&BatchOptions::default());
                for &a in &agents {
                    world.step_agent(a, 0.01).unwrap();
                }
            }
        })
    };
    for i in 0..300 {
        world.set_shared_fact(domain, bridge, i % 2 == 0).unwrap();
    }
    // The bridge ends broken: every plan over it must have been replaced by swimming.
    world.set_shared_fact(domain, bridge, false).unwrap();
    stop.store(true, Ordering::Relaxed);
    batcher.join().unwrap();
    world.plan_agents(&BatchOptions::default());
    for &a in &agents {
        let step = world.step_agent(a, 0.01).unwrap();
        assert!(
            matches!(step.kind, StepKind::Start(x) | StepKind::Continue(x) if x == swim),
            "{step:?}"
        );
        assert!(!world.with_agent(a, |x| x.fact(bridge)).unwrap());
        assert!(!world
            .with_agent(a, |x| Ok(x.plan().to_vec()))
            .unwrap()
            .contains(&cross));
    }
}

/// `buy` subtracts 2 gold and a variable refuses to leave its range (the default
/// overflow), so `buy` cannot run with gold < 2 although no precondition names gold: the
/// agent depends on gold (found by a review of this change).
#[test]
fn a_variable_an_effect_could_push_out_of_range_is_a_dependency() {
    let world = World::new(WorldDef {
        worker_threads: 1,
        ..WorldDef::default()
    });
    let d = world
        .load_domain(
            r#"{"vars": {"gold": {"min": 0, "max": 10}},
                "actions": [{"name": "buy", "cost": 1, "effects": {"fed": true, "gold": {"-=": 2}}},
                            {"name": "beg", "cost": 10, "effects": {"fed": true}}]}"#,
        )
        .unwrap();
    let s = world.snapshot(d).unwrap();
    let (gold, fed) = (
        s.domain().var_id("gold").unwrap(),
        s.domain().fact_id("fed").unwrap(),
    );
    let (buy, beg) = (
        s.domain().action_id("buy").unwrap(),
        s.domain().action_id("beg").unwrap(),
    );
    drop(s);
    world.set_shared_var(d, gold, 5).unwrap();
    let a = world.create_agent(d, AgentDef::default()).unwrap();
    world
        .with_agent(a, |x| {
            let conditions = x.domain().conditions([FactValue::new(fed, true)])?;
            x.add_goal(GoalDef {
                name: "fed".into(),
                conditions,
                priority: 1.0,
                ..GoalDef::default()
            })
        })
        .unwrap();
    assert_eq!(world.step_agent(a, 0.1).unwrap().kind, StepKind::Start(buy));
    let change = world.set_shared_var(d, gold, 0).unwrap();
    assert_eq!(change.reviewed, 1, "the agent depends on gold");
    assert_eq!(world.step_agent(a, 0.1).unwrap().kind, StepKind::Start(beg));
}

/// A search spread over steps by a step budget is not restarted by shared writes the
/// agent does not depend on, followed by reads of its beliefs (found by a review).
#[test]
fn writes_nobody_depends_on_do_not_restart_a_budgeted_search() {
    let chain = r#"{
     "vars": {"hour": {"min": 0, "max": 23}},
     "actions": [
      {"name": "a1", "cost": 1, "effects": {"p1": true}},
      {"name": "a2", "cost": 1, "pre": {"p1": true}, "effects": {"p2": true}},
      {"name": "a3", "cost": 1, "pre": {"p2": true}, "effects": {"p3": true}},
      {"name": "a4", "cost": 1, "pre": {"p3": true}, "effects": {"p4": true}},
      {"name": "a5", "cost": 1, "pre": {"p4": true}, "effects": {"p5": true}}
     ]
    }"#;
    let run = |with_writes: bool| {
        let world = World::new(WorldDef {
            worker_threads: 1,
            ..WorldDef::default()
        });
        let d = world.load_domain(chain).unwrap();
        let s = world.snapshot(d).unwrap();
        let (hour, p1, p5) = (
            s.domain().var_id("hour").unwrap(),
            s.domain().fact_id("p1").unwrap(),
            s.domain().fact_id("p5").unwrap(),
        );
        drop(s);
        let def = AgentDef {
            step_budget: goap::SearchBudget::expansions(2),
            ..AgentDef::default()
        };
        let id = world.create_agent(d, def).unwrap();
        world
            .with_agent(id, |a| {
                let conditions = a.domain().conditions([FactValue::new(p5, true)])?;
                a.add_goal(GoalDef {
                    name: "p5".into(),
                    conditions,
                    priority: 1.0,
                    ..GoalDef::default()
                })
            })
            .unwrap();
        for frame in 0..50 {
            if with_writes {
                world.set_shared_var(d, hour, frame % 24).unwrap();
            }
            world.with_agent(id, |a| a.fact(p1)).unwrap();
            if let StepKind::Start(_) = world.step_agent(id, 0.1).unwrap().kind {
                return Some(frame);
            }
        }
        None
    };
    let quiet = run(false);
    assert!(
        quiet.is_some_and(|f| f > 0),
        "{quiet:?}: the budget spreads the search"
    );
    assert_eq!(run(true), quiet);
}
