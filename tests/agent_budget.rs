//! Step budgets (`AgentDef::step_budget`): a search spread over several steps
//! (`StepKind::Planning`) gives the plan, cost and node counts of an unbudgeted step; a
//! change between slices starts it over; the action in progress goes on meanwhile and may
//! be reported; destroying an agent mid-search is safe; a batch finishes a search a step
//! began.

use goap::format::load_domain_file;
use goap::world::DomainId;
use goap::{
    ActionId, AgentDef, AgentId, BatchOptions, GoalDef, Heuristic, PlanOptions, ReplanCause,
    Report, SearchBudget, StepKind, World, WorldDef,
};

const GRIPPER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/domains/gripper-4.json"
);

/// A world (cache off, so every replan searches) with gripper-4.
fn world() -> (World, DomainId) {
    let world = World::new(WorldDef {
        plan_cache_capacity: 0,
        ..WorldDef::default()
    });
    let file = load_domain_file(std::path::Path::new(GRIPPER)).unwrap();
    let domain = world.insert_file(file).unwrap();
    (world, domain)
}

fn def(budget: u64) -> AgentDef {
    AgentDef {
        options: PlanOptions {
            heuristic: Heuristic::Blind,
            ..PlanOptions::default()
        },
        step_budget: SearchBudget::expansions(budget),
        ..AgentDef::default()
    }
}

/// An agent of `world` with the file's goal as its one goal.
fn agent(world: &World, domain: DomainId, budget: u64) -> AgentId {
    agent_with(world, domain, def(budget))
}

/// [`agent`] with the settings `def`.
fn agent_with(world: &World, domain: DomainId, def: AgentDef) -> AgentId {
    let a = world.create_agent(domain, def).unwrap();
    let goal = load_domain_file(std::path::Path::new(GRIPPER))
        .unwrap()
        .goal
        .unwrap();
    world
        .add_goal(
            a,
            GoalDef {
                name: "deliver".into(),
                conditions: goal,
                priority: 1.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    a
}

/// Steps until the step is not `Planning`; returns it and how many `Planning` steps came
/// first (checking each says what the agent is doing).
fn step_through(world: &World, a: AgentId) -> (goap::Step, u64) {
    let mut planning = 0;
    loop {
        let step = world.step_agent(a, 0.1).unwrap();
        match step.kind {
            StepKind::Planning(doing) => {
                let acting = world
                    .with_agent(a, |x| Ok::<_, goap::agent::AgentError>(x.is_acting()))
                    .unwrap();
                assert_eq!(
                    doing.is_some(),
                    acting,
                    "Planning names the action in progress"
                );
                assert!(world
                    .with_agent(a, |x| Ok::<_, goap::agent::AgentError>(x.is_planning()))
                    .unwrap());
                planning += 1;
                assert!(planning < 1_000_000, "the search never ends");
            }
            _ => return (step, planning),
        }
    }
}

type Snapshot = (Vec<ActionId>, f64, u64, ReplanCause);

fn snapshot(world: &World, a: AgentId) -> Snapshot {
    world
        .with_agent(a, |x| {
            let e = x.last_replan().cloned().expect("a replan");
            Ok::<_, goap::agent::AgentError>((
                x.full_plan().0.to_vec(),
                x.full_plan().1,
                e.expanded,
                e.cause,
            ))
        })
        .unwrap()
}

#[test]
fn a_search_spread_over_steps_finds_the_unbudgeted_plan() {
    let (world, domain) = world();
    let whole = agent(&world, domain, 0);
    let (step, planning) = step_through(&world, whole);
    assert_eq!(planning, 0, "no budget: the first step plans");
    assert!(matches!(step.kind, StepKind::Start(_)));
    let expected = snapshot(&world, whole);
    assert!(
        expected.2 > 200,
        "the search is long enough to slice: {expected:?}"
    );
    for budget in [1, 37, 200] {
        let a = agent(&world, domain, budget);
        let (step, planning) = step_through(&world, a);
        assert_eq!(step.kind, StepKind::Start(expected.0[0]), "budget {budget}");
        assert!(step.replanned);
        assert_eq!(snapshot(&world, a), expected, "budget {budget}");
        // Each Planning step spent the whole budget; the last step the rest.
        assert_eq!(
            planning,
            expected.2.div_ceil(budget) - 1 + u64::from(expected.2 % budget == 0),
            "budget {budget}"
        );
        assert!(!world
            .with_agent(a, |x| Ok::<_, goap::agent::AgentError>(x.is_planning()))
            .unwrap());
    }
}

#[test]
fn a_change_between_slices_starts_the_search_over() {
    let (world, domain) = world();
    let a = agent(&world, domain, 50);
    assert_eq!(
        world.step_agent(a, 0.0).unwrap().kind,
        StepKind::Planning(None)
    );
    // The world changes under the search: ball1 is already in room b.
    let (in_a, in_b) = world
        .with_agent(a, |x| {
            let d = x.domain();
            Ok::<_, goap::agent::AgentError>((
                d.fact_id("at(ball1,rooma)").unwrap(),
                d.fact_id("at(ball1,roomb)").unwrap(),
            ))
        })
        .unwrap();
    world
        .with_agent(a, |x| {
            x.set_fact(in_a, false)?;
            x.set_fact(in_b, true)
        })
        .unwrap();
    let (_, _) = step_through(&world, a);
    let got = snapshot(&world, a);
    // The same as an agent that starts from the changed state without a budget.
    let fresh = agent(&world, domain, 0);
    world
        .with_agent(fresh, |x| {
            x.set_fact(in_a, false)?;
            x.set_fact(in_b, true)
        })
        .unwrap();
    step_through(&world, fresh);
    let expected = snapshot(&world, fresh);
    assert_eq!(got, expected);
    assert_eq!(got.0.len(), 9, "three balls to carry: 9 actions");
}

#[test]
fn a_goal_change_between_slices_starts_the_search_over() {
    let (world, domain) = world();
    let a = agent(&world, domain, 50);
    assert_eq!(
        world.step_agent(a, 0.0).unwrap().kind,
        StepKind::Planning(None)
    );
    // A more urgent, easy goal: ball1 in the left hand.
    let carry = world
        .with_agent(a, |x| {
            Ok::<_, goap::agent::AgentError>(x.domain().fact_id("carry(ball1,left)").unwrap())
        })
        .unwrap();
    let goal = world
        .with_agent(a, |x| {
            Ok::<_, goap::agent::AgentError>(
                x.domain()
                    .conditions([goap::FactValue::new(carry, true)])
                    .unwrap(),
            )
        })
        .unwrap();
    world
        .add_goal(
            a,
            GoalDef {
                name: "grab".into(),
                conditions: goal,
                priority: 5.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    let (step, _) = step_through(&world, a);
    let (plan, cost, _, _) = snapshot(&world, a);
    assert_eq!(plan.len(), 1);
    assert_eq!(cost, 1.0);
    assert_eq!(step.kind, StepKind::Start(plan[0]));
    assert_eq!(step.goal.map(|g| g.index()), Some(1));
}

/// While a replan searches, the action in progress goes on: `Planning(Some(action))`, and
/// a report on it is accepted. A failure starts the search over with cause ActionFailed.
#[test]
fn the_action_in_progress_goes_on_and_may_fail_while_planning() {
    let (world, domain) = world();
    let a = agent(&world, domain, 0);
    let (first, _) = step_through(&world, a);
    let StepKind::Start(doing) = first.kind else {
        panic!("{first:?}")
    };
    // From now on, steps search 20 nodes at a time; a new goal makes the agent replan.
    world
        .with_agent(a, |x| {
            // A second goal of higher priority: every ball back in room a... which is the
            // start, except that ball1 is now being carried.
            let d = x.domain().clone();
            let goal = d
                .conditions([
                    goap::FactValue::new(d.fact_id("at(ball1,roomb)").unwrap(), true),
                    goap::FactValue::new(d.fact_id("at(ball2,roomb)").unwrap(), true),
                    goap::FactValue::new(d.fact_id("at(ball3,roomb)").unwrap(), true),
                ])
                .unwrap();
            x.set_step_budget(SearchBudget::expansions(20));
            x.add_goal(GoalDef {
                name: "three".into(),
                conditions: goal,
                priority: 9.0,
                ..GoalDef::default()
            })
            .map(|_| ())
        })
        .unwrap();
    let step = world.step_agent(a, 0.1).unwrap();
    assert_eq!(step.kind, StepKind::Planning(Some(doing)));
    // The engine keeps performing `doing` and it fails.
    world.with_agent(a, |x| x.report(Report::Failed)).unwrap();
    let (step, planning) = step_through(&world, a);
    assert!(planning > 0, "the search after the failure is sliced too");
    assert!(matches!(step.kind, StepKind::Start(_)), "{step:?}");
    let (_, _, _, cause) = snapshot(&world, a);
    assert_eq!(cause, ReplanCause::ActionFailed);
    assert_eq!(step.goal.map(|g| g.index()), Some(1));
}

#[test]
fn destroying_an_agent_mid_search_is_safe() {
    let (world, domain) = world();
    let a = agent(&world, domain, 10);
    assert_eq!(
        world.step_agent(a, 0.0).unwrap().kind,
        StepKind::Planning(None)
    );
    world.destroy_agent(a).unwrap();
    assert!(world.step_agent(a, 0.0).is_err());
    // The world plans on as before.
    let b = agent(&world, domain, 0);
    assert!(matches!(
        world.step_agent(b, 0.0).unwrap().kind,
        StepKind::Start(_)
    ));
}

/// A batch finishes the search a step began, and the plan is the unbudgeted one.
#[test]
fn a_batch_finishes_a_search_a_step_began() {
    let (world, domain) = world();
    let whole = agent(&world, domain, 0);
    step_through(&world, whole);
    let expected = snapshot(&world, whole);
    let a = agent(&world, domain, 25);
    assert_eq!(
        world.step_agent(a, 0.0).unwrap().kind,
        StepKind::Planning(None)
    );
    let stats = world.plan_agents(&BatchOptions::default());
    assert_eq!(stats.planned, 1);
    assert_eq!(
        stats.expanded, expected.2,
        "the batch reports the whole search's nodes"
    );
    assert_eq!(snapshot(&world, a), expected);
    let step = world.step_agent(a, 0.0).unwrap();
    assert_eq!(step.kind, StepKind::Start(expected.0[0]));
    assert!(!step.replanned, "the batch planned it");
}

/// A time budget: with no time at all, each step still expands the 16 nodes between two
/// clock checks, and the plan is the unbudgeted one.
#[test]
fn a_time_budget_spreads_the_search_too() {
    let (world, domain) = world();
    let whole = agent(&world, domain, 0);
    step_through(&world, whole);
    let expected = snapshot(&world, whole);
    let a = agent_with(
        &world,
        domain,
        AgentDef {
            step_budget: SearchBudget {
                max_expansions: 0,
                max_time: Some(std::time::Duration::ZERO),
            },
            ..def(0)
        },
    );
    let (step, planning) = step_through(&world, a);
    assert_eq!(step.kind, StepKind::Start(expected.0[0]));
    assert_eq!(snapshot(&world, a), expected);
    assert_eq!(
        planning,
        expected.2.div_ceil(16) - 1 + u64::from(expected.2 % 16 == 0)
    );
}

/// A batch with a node budget smaller than a search leaves it half done in its agent and
/// the next call continues it: no search runs past the budget in one call, the plan is the
/// unbudgeted one, and the calls go the same way on 1 and 2 threads.
#[test]
fn a_batch_budget_leaves_a_search_half_done_for_the_next_call() {
    let (world, domain) = world();
    let whole = agent(&world, domain, 0);
    step_through(&world, whole);
    let expected = snapshot(&world, whole);
    let mut runs = Vec::new();
    for threads in [1, 2] {
        let (world, domain) = self::world();
        let waiting: Vec<AgentId> = (0..2)
            .map(|_| {
                let a = agent_with(
                    &world,
                    domain,
                    AgentDef {
                        plan_in_step: false,
                        ..def(0)
                    },
                );
                assert_eq!(world.step_agent(a, 0.0).unwrap().kind, StepKind::Waiting);
                a
            })
            .collect();
        let mut calls = Vec::new();
        loop {
            let stats = world.plan_agents(&BatchOptions {
                max_nodes: 50,
                threads,
                ..BatchOptions::default()
            });
            let planning: Vec<bool> = waiting
                .iter()
                .map(|&a| {
                    world
                        .with_agent(a, |x| Ok::<_, goap::agent::AgentError>(x.is_planning()))
                        .unwrap()
                })
                .collect();
            calls.push((stats.planned, stats.waiting, stats.expanded, planning));
            if stats.waiting == 0 {
                break;
            }
            assert!(calls.len() < 100, "the batches never finish: {calls:?}");
        }
        for &a in &waiting {
            assert_eq!(snapshot(&world, a), expected);
            assert_eq!(
                world.step_agent(a, 0.0).unwrap().kind,
                StepKind::Start(expected.0[0])
            );
        }
        // The first agent's search needs several calls of 50 nodes (the goal is found when
        // popped, so a search of exactly 50k expansions ends in call k + 1); while it is half
        // done, the batch plans nobody and the agent says so.
        let first_done = calls.iter().position(|c| c.0 > 0).unwrap();
        assert_eq!(first_done as u64, expected.2 / 50, "{calls:?}");
        assert!(calls[..first_done]
            .iter()
            .all(|c| c.0 == 0 && c.1 == 2 && c.3[0]));
        runs.push(calls);
    }
    assert_eq!(runs[0], runs[1], "the same calls on 1 and 2 threads");
}
