//! Agents through the Rust API: every step/report transition, every replan cause, "no
//! replan without cause", goal arbitration, context, callbacks, stale ids, batch planning
//! (deterministic across thread counts and budgets) and the plan cache.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use goap::agent::{AgentError, ContextCallbacks, GoalId, ReplanResult};
use goap::world::{DomainId, TaskFn, TaskSystem, WorldError};
use goap::{
    ActionDef, ActionId, AgentDef, AgentId, BatchOptions, Domain, FactId, FactValue, GoalDef,
    ReplanCause, Report, StepKind, World, WorldDef,
};

mod support;
use support::Rng;

/// The test domain: a cook who can also work. Its world records everything the test
/// does (the flight recorder); when the test ends without a failure, the recording must
/// replay in a new world with every decision matched.
struct Farm {
    world: World,
    domain: DomainId,
    f: Facts,
    a: Actions,
    recording: goap::record::MemorySink,
}

impl Drop for Farm {
    fn drop(&mut self) {
        if std::thread::panicking() || !self.world.is_recording() {
            return;
        }
        self.world.stop_recording().expect("the recording stops");
        let bytes = self.recording.take();
        assert!(bytes.len() > 100, "a recording of {} bytes", bytes.len());
        if let Err(e) = goap::record::replay(&bytes) {
            panic!("the test's recording does not replay: {e}");
        }
    }
}

#[derive(Clone, Copy)]
struct Facts {
    at_kitchen: FactId,
    has_ingredient: FactId,
    meal_ready: FactId,
    fed: FactId,
    has_tool: FactId,
    work_done: FactId,
    unicorn: FactId,
}

#[derive(Clone, Copy)]
struct Actions {
    goto_kitchen: ActionId,
    get_ingredient: ActionId,
    buy_ingredient: ActionId,
    cook: ActionId,
    eat: ActionId,
    get_tool: ActionId,
    work: ActionId,
}

fn farm_with(def: WorldDef) -> Farm {
    farm_in(World::new(def))
}

fn farm_in(world: World) -> Farm {
    let domain = world.create_domain("farm").unwrap();
    let (f, a) = world
        .edit(domain, |e| -> Result<_, WorldError> {
            let d: &mut Domain = e.domain_mut();
            let f = Facts {
                at_kitchen: d.add_fact("at_kitchen")?,
                has_ingredient: d.add_fact("has_ingredient")?,
                meal_ready: d.add_fact("meal_ready")?,
                fed: d.add_fact("fed")?,
                has_tool: d.add_fact("has_tool")?,
                work_done: d.add_fact("work_done")?,
                unicorn: d.add_fact("unicorn")?,
            };
            let t = |x| FactValue::new(x, true);
            let n = |x| FactValue::new(x, false);
            let mut act = |name: &str, pre: Vec<FactValue>, eff: Vec<FactValue>, cost: f64| {
                d.add_action(ActionDef {
                    name: name.into(),
                    pre,
                    effects: eff,
                    cost,
                    ..Default::default()
                })
            };
            let a = Actions {
                goto_kitchen: act(
                    "goto_kitchen",
                    vec![n(f.at_kitchen)],
                    vec![t(f.at_kitchen)],
                    1.0,
                )?,
                get_ingredient: act(
                    "get_ingredient",
                    vec![t(f.at_kitchen)],
                    vec![t(f.has_ingredient)],
                    1.0,
                )?,
                buy_ingredient: act("buy_ingredient", vec![], vec![t(f.has_ingredient)], 4.0)?,
                cook: act(
                    "cook",
                    vec![t(f.has_ingredient), t(f.at_kitchen)],
                    vec![t(f.meal_ready), n(f.has_ingredient)],
                    2.0,
                )?,
                eat: act(
                    "eat",
                    vec![t(f.meal_ready)],
                    vec![t(f.fed), n(f.meal_ready)],
                    1.0,
                )?,
                get_tool: act("get_tool", vec![], vec![t(f.has_tool)], 1.0)?,
                work: act("work", vec![t(f.has_tool)], vec![t(f.work_done)], 3.0)?,
            };
            // An achiever of `unicorn` that needs it: goals on it are searched (not
            // skipped as hopeless) and the search proves they have no plan.
            act("ride_unicorn", vec![t(f.unicorn)], vec![t(f.unicorn)], 1.0)?;
            Ok((f, a))
        })
        .unwrap();
    let recording = goap::record::MemorySink::new();
    world
        .start_recording(Box::new(recording.clone()), Default::default())
        .unwrap();
    Farm {
        world,
        domain,
        f,
        a,
        recording,
    }
}

fn farm() -> Farm {
    farm_with(WorldDef::default())
}

impl Farm {
    fn goal(&self, facts: &[(FactId, bool)]) -> goap::Goal {
        let e = self.world.snapshot(self.domain).unwrap();
        e.domain()
            .conditions(facts.iter().map(|&(f, v)| FactValue::new(f, v)))
            .unwrap()
    }

    /// An agent with goals "eat" (fed, priority `eat`) and "work" (work_done, `work`).
    fn agent(&self, def: AgentDef, eat: f64, work: f64) -> AgentId {
        let id = self.world.create_agent(self.domain, def).unwrap();
        for (name, fact, p) in [("eat", self.f.fed, eat), ("work", self.f.work_done, work)] {
            let conditions = self.goal(&[(fact, true)]);
            self.world
                .add_goal(
                    id,
                    GoalDef {
                        name: name.into(),
                        conditions,
                        priority: p,
                        ..GoalDef::default()
                    },
                )
                .unwrap();
        }
        id
    }

    fn step(&self, id: AgentId) -> StepKind {
        self.world.step_agent(id, 0.1).unwrap().kind
    }

    fn report(&self, id: AgentId, r: Report) {
        self.world.with_agent(id, |a| a.report(r)).unwrap();
    }

    fn set(&self, id: AgentId, fact: FactId, value: bool) {
        self.world
            .with_agent(id, |a| a.set_fact(fact, value))
            .unwrap();
    }

    fn causes(&self, id: AgentId) -> Vec<ReplanCause> {
        self.world
            .with_agent(id, |a| Ok(a.history().map(|e| e.cause).collect()))
            .unwrap()
    }

    fn plan(&self, id: AgentId) -> Vec<ActionId> {
        self.world
            .with_agent(id, |a| Ok(a.plan().to_vec()))
            .unwrap()
    }

    fn goal_of(&self, id: AgentId) -> Option<GoalId> {
        self.world.with_agent(id, |a| Ok(a.current_goal())).unwrap()
    }

    /// Steps and reports success until the agent stops handing out actions; returns the
    /// actions performed and the final step kind.
    fn run_to_end(&self, id: AgentId) -> (Vec<ActionId>, StepKind) {
        let mut done = Vec::new();
        for _ in 0..100 {
            match self.step(id) {
                StepKind::Start(a) => {
                    done.push(a);
                    self.report(id, Report::Succeeded);
                }
                other => return (done, other),
            }
        }
        panic!("the agent did not finish: {done:?}");
    }
}

#[test]
fn a_new_agent_plans_once_then_runs_its_plan_to_idle() {
    let farm = farm();
    let a = &farm.a;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    let step = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(step.kind, StepKind::Start(a.goto_kitchen));
    assert!(step.replanned);
    assert_eq!(step.goal, Some(g(0)));
    assert_eq!(farm.causes(id), [ReplanCause::NoPlan]);
    assert_eq!(
        farm.plan(id),
        [a.goto_kitchen, a.get_ingredient, a.cook, a.eat]
    );
    // Start → Continue while running.
    farm.report(id, Report::Running);
    assert_eq!(farm.step(id), StepKind::Continue(a.goto_kitchen));
    farm.report(id, Report::Succeeded);
    let (rest, end) = farm.run_to_end(id);
    assert_eq!(rest, [a.get_ingredient, a.cook, a.eat]);
    assert_eq!(end, StepKind::Idle);
    // Effects were applied to the believed state.
    let fed = farm.world.with_agent(id, |ag| ag.fact(farm.f.fed)).unwrap();
    assert!(fed);
    assert_eq!(
        farm.causes(id),
        [ReplanCause::NoPlan],
        "no replan on the way"
    );
    let idle = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (idle.kind, idle.goal, idle.replanned),
        (StepKind::Idle, None, false)
    );
}

#[test]
fn an_unchanged_world_causes_no_replanning() {
    let farm = farm();
    let f = farm.f;
    let id = farm.agent(AgentDef::default(), 2.0, 1.0);
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    for _ in 0..200 {
        // Sensors rewrite the same values every frame; the engine reports "running".
        farm.set(id, f.at_kitchen, false);
        farm.set(id, f.unicorn, false);
        farm.world
            .with_agent(id, |a| a.set_priority(g(0), 2.0))
            .unwrap();
        farm.report(id, Report::Running);
        let s = farm.world.step_agent(id, 0.016).unwrap();
        assert_eq!(s.kind, StepKind::Continue(farm.a.goto_kitchen));
        assert!(!s.replanned);
    }
    assert_eq!(farm.causes(id).len(), 1);
    // A change that does not touch the plan does not replan either.
    farm.set(id, f.unicorn, true);
    farm.world
        .with_agent(id, |a| a.set_action_cost(farm.a.work, Some(9.0)))
        .unwrap();
    assert_eq!(farm.step(id), StepKind::Continue(farm.a.goto_kitchen));
    assert_eq!(farm.causes(id).len(), 1);
}

#[test]
fn a_failed_action_replans_with_cause_action_failed() {
    let farm = farm();
    let a = farm.a;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    farm.step(id);
    farm.report(id, Report::Succeeded); // at the kitchen
    assert_eq!(farm.step(id), StepKind::Start(a.get_ingredient));
    farm.report(id, Report::Failed);
    // Without a cooldown the same cheapest plan comes back, freshly started.
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (s.kind, s.replanned),
        (StepKind::Start(a.get_ingredient), true)
    );
    assert_eq!(
        farm.causes(id),
        [ReplanCause::NoPlan, ReplanCause::ActionFailed]
    );
    // Reporting again before a step is an error, not a state change.
    farm.report(id, Report::Failed);
    let e = farm
        .world
        .with_agent(id, |ag| ag.report(Report::Succeeded))
        .unwrap_err();
    assert_eq!(e, WorldError::Agent(AgentError::NoAction));
}

#[test]
fn a_failed_action_is_avoided_for_the_cooldown() {
    let farm = farm();
    let a = farm.a;
    let def = AgentDef {
        failure_cooldown: 1.0,
        ..AgentDef::default()
    };
    let id = farm.agent(def, 2.0, 0.0);
    farm.set(id, farm.f.at_kitchen, true);
    assert_eq!(farm.step(id), StepKind::Start(a.get_ingredient));
    farm.report(id, Report::Failed);
    assert_eq!(
        farm.step(id),
        StepKind::Start(a.buy_ingredient),
        "the dearer way"
    );
    // The cooldown expiring is no cause to replan: the plan in hand is still valid.
    for _ in 0..20 {
        farm.report(id, Report::Running);
        assert_eq!(farm.step(id), StepKind::Continue(a.buy_ingredient));
    }
    assert_eq!(
        farm.causes(id),
        [ReplanCause::NoPlan, ReplanCause::ActionFailed]
    );
}

#[test]
fn a_higher_priority_goal_takes_over_beyond_the_margin_only() {
    let farm = farm();
    let a = farm.a;
    let def = AgentDef {
        switch_margin: 1.0,
        ..AgentDef::default()
    };
    let id = farm.agent(def, 2.0, 1.0);
    assert_eq!(farm.step(id), StepKind::Start(a.goto_kitchen));
    assert_eq!(farm.goal_of(id), Some(g(0)));
    // Work rises to 2.5: within the margin of eat (2.0 + 1.0), so no switch.
    farm.world
        .with_agent(id, |ag| ag.set_priority(g(1), 2.5))
        .unwrap();
    farm.report(id, Report::Running);
    assert_eq!(farm.step(id), StepKind::Continue(a.goto_kitchen));
    assert_eq!(farm.causes(id).len(), 1);
    // To 3.5: beyond it.
    farm.world
        .with_agent(id, |ag| ag.set_priority(g(1), 3.5))
        .unwrap();
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!((s.kind, s.goal), (StepKind::Start(a.get_tool), Some(g(1))));
    assert_eq!(
        farm.causes(id),
        [ReplanCause::NoPlan, ReplanCause::GoalChanged]
    );
    // Back to 2.5: eat (2.0) does not beat work by the margin; work stays.
    farm.world
        .with_agent(id, |ag| ag.set_priority(g(1), 2.5))
        .unwrap();
    farm.report(id, Report::Running);
    assert_eq!(farm.step(id), StepKind::Continue(a.get_tool));
    // Disabling work (priority 0) hands over to eat at once.
    farm.world
        .with_agent(id, |ag| ag.set_priority(g(1), 0.0))
        .unwrap();
    assert_eq!(farm.step(id), StepKind::Start(a.goto_kitchen));
    assert_eq!(farm.causes(id).last(), Some(&ReplanCause::GoalChanged));
}

#[test]
fn a_satisfied_goal_hands_over_to_the_next() {
    let farm = farm();
    let id = farm.agent(AgentDef::default(), 2.0, 1.0);
    let (done, end) = farm.run_to_end(id);
    assert_eq!(end, StepKind::Idle);
    assert_eq!(
        done.last(),
        Some(&farm.a.work),
        "eat first, then work: {done:?}"
    );
    assert_eq!(
        farm.causes(id),
        [ReplanCause::NoPlan, ReplanCause::GoalChanged]
    );
}

#[test]
fn a_broken_precondition_invalidates_the_plan() {
    let farm = farm();
    let a = farm.a;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    farm.step(id);
    farm.report(id, Report::Succeeded);
    farm.step(id);
    farm.report(id, Report::Succeeded); // has the ingredient now
    assert_eq!(farm.step(id), StepKind::Start(a.cook));
    // Stolen while cooking: the believed state loses it.
    farm.set(id, farm.f.has_ingredient, false);
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (s.kind, s.replanned),
        (StepKind::Start(a.get_ingredient), true)
    );
    assert_eq!(
        farm.causes(id),
        [ReplanCause::NoPlan, ReplanCause::PlanInvalidated]
    );
    assert_eq!(farm.plan(id), [a.get_ingredient, a.cook, a.eat]);
}

#[test]
fn disabling_a_planned_action_invalidates_the_plan_and_it_is_not_used() {
    let farm = farm();
    let a = farm.a;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    farm.set(id, farm.f.at_kitchen, true);
    assert_eq!(farm.step(id), StepKind::Start(a.get_ingredient));
    farm.world
        .with_agent(id, |ag| ag.set_action_enabled(a.get_ingredient, false))
        .unwrap();
    assert_eq!(farm.step(id), StepKind::Start(a.buy_ingredient));
    assert_eq!(farm.causes(id).last(), Some(&ReplanCause::PlanInvalidated));
    // A cost override applies at the next replan: buying becomes cheap, getting is enabled
    // again; the plan in hand stays (no cause), a failure then picks the cheaper way.
    farm.world
        .with_agent(id, |ag| {
            ag.set_action_enabled(a.get_ingredient, true)?;
            ag.set_action_cost(a.buy_ingredient, Some(0.5))
        })
        .unwrap();
    farm.report(id, Report::Running);
    assert_eq!(farm.step(id), StepKind::Continue(a.buy_ingredient));
    assert_eq!(farm.causes(id).len(), 2);
    farm.report(id, Report::Failed);
    assert_eq!(farm.step(id), StepKind::Start(a.buy_ingredient));
    let cost = farm
        .world
        .with_agent(id, |ag| Ok(ag.full_plan().1))
        .unwrap();
    assert_eq!(cost, 0.5 + 2.0 + 1.0);
}

#[test]
fn steps_already_done_are_skipped_without_a_search() {
    let farm = farm();
    let a = farm.a;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    assert_eq!(farm.step(id), StepKind::Start(a.goto_kitchen));
    // Someone serves a meal: only "eat" is left.
    farm.set(id, farm.f.meal_ready, true);
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (s.kind, s.replanned, s.plan_index),
        (StepKind::Start(a.eat), true, 3)
    );
    let last = farm
        .world
        .with_agent(id, |ag| Ok(ag.last_replan().cloned()))
        .unwrap()
        .unwrap();
    assert_eq!(
        (last.cause, last.result, last.expanded),
        (ReplanCause::StepsSkipped, ReplanResult::Skipped, 0)
    );
    assert_eq!(last.plan_len, 1);
}

#[test]
fn a_goal_without_plan_falls_through_and_is_not_retried_until_something_changes() {
    let farm = farm();
    let f = farm.f;
    let id = farm
        .world
        .create_agent(farm.domain, AgentDef::default())
        .unwrap();
    let impossible = farm.goal(&[(f.unicorn, true)]);
    let eat = farm.goal(&[(f.fed, true)]);
    farm.world
        .add_goal(
            id,
            GoalDef {
                name: "unicorn".into(),
                conditions: impossible,
                priority: 9.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    farm.world
        .add_goal(
            id,
            GoalDef {
                name: "eat".into(),
                conditions: eat,
                priority: 1.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    let e = farm
        .world
        .with_agent(id, |ag| Ok(ag.last_replan().cloned()))
        .unwrap()
        .unwrap();
    assert_eq!(
        (e.goals_tried, e.goal, e.result),
        (2, Some(g(1)), ReplanResult::Found)
    );
    // Eat done: the unicorn goal is still known to have no plan for this state... but the
    // state changed (the plan ran), so it is tried again once, then the agent reports
    // NoPlan and stays quiet.
    farm.report(id, Report::Succeeded);
    let (done, end) = farm.run_to_end(id);
    assert_eq!(done.len(), 3);
    assert_eq!(end, StepKind::NoPlan);
    let n = farm.causes(id).len();
    for _ in 0..50 {
        assert_eq!(farm.step(id), StepKind::NoPlan);
    }
    assert_eq!(farm.causes(id).len(), n, "no retry without a change");
    // A change makes it retry (and fail) once more.
    farm.set(id, f.has_tool, true);
    assert_eq!(farm.step(id), StepKind::NoPlan);
    assert_eq!(farm.causes(id).len(), n + 1);
    assert_eq!(farm.causes(id).last(), Some(&ReplanCause::NoPlan));
}

#[test]
fn plan_in_step_off_waits_for_the_batch() {
    let farm = farm();
    let def = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let id = farm.agent(def, 2.0, 0.0);
    assert_eq!(farm.step(id), StepKind::Waiting);
    assert_eq!(farm.step(id), StepKind::Waiting);
    let stats = farm.world.plan_agents(&BatchOptions::default());
    assert_eq!((stats.planned, stats.waiting), (1, 0));
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    assert_eq!(farm.causes(id), [ReplanCause::NoPlan]);
    // Nothing needs a plan: the batch does nothing.
    let stats = farm.world.plan_agents(&BatchOptions::default());
    assert_eq!((stats.planned, stats.expanded), (0, 0));
}

#[test]
fn a_world_holds_at_most_max_agents() {
    let farm = farm_with(WorldDef {
        max_agents: 2,
        ..WorldDef::default()
    });
    let domain = farm.domain;
    let a = farm
        .world
        .create_agent(domain, AgentDef::default())
        .unwrap();
    farm.world
        .create_agent(domain, AgentDef::default())
        .unwrap();
    let e = farm
        .world
        .create_agent(domain, AgentDef::default())
        .unwrap_err();
    assert_eq!(e, WorldError::TooManyAgents(2));
    assert_eq!(
        e.to_string(),
        "the world holds 2 agents already, its maximum"
    );
    // A destroyed agent frees its place.
    farm.world.destroy_agent(a).unwrap();
    farm.world
        .create_agent(domain, AgentDef::default())
        .unwrap();
    assert_eq!(farm.world.agent_count(), 2);
}

#[test]
fn stale_ids_are_errors_and_never_reach_another_agent() {
    let farm = farm();
    let a = farm.agent(AgentDef::default(), 1.0, 0.0);
    farm.world.destroy_agent(a).unwrap();
    let b = farm.agent(AgentDef::default(), 1.0, 0.0); // reuses the slot
    assert_ne!(a, b);
    assert_eq!(
        farm.world.step_agent(a, 0.1),
        Err(WorldError::UnknownAgent(a))
    );
    assert_eq!(
        farm.world.destroy_agent(a),
        Err(WorldError::UnknownAgent(a))
    );
    assert!(farm
        .world
        .with_agent(a, |ag| ag.set_fact(farm.f.fed, true))
        .is_err());
    assert!(!farm.world.with_agent(b, |ag| ag.fact(farm.f.fed)).unwrap());
    assert_eq!(farm.world.agent_count(), 1);
}

#[test]
fn bad_arguments_are_errors_that_change_nothing() {
    let farm = farm();
    let id = farm.agent(AgentDef::default(), 1.0, 0.0);
    let w = &farm.world;
    assert!(matches!(
        w.step_agent(id, f64::NAN),
        Err(WorldError::Agent(AgentError::InvalidArgument(_)))
    ));
    assert!(matches!(
        w.step_agent(id, -1.0),
        Err(WorldError::Agent(AgentError::InvalidArgument(_)))
    ));
    assert!(w
        .with_agent(id, |a| a.set_priority(g(0), f64::NAN))
        .is_err());
    assert_eq!(
        w.with_agent(id, |a| a.set_priority(g(7), 1.0)),
        Err(WorldError::Agent(AgentError::UnknownGoal(g(7))))
    );
    assert!(w
        .with_agent(id, |a| a.set_action_cost(farm.a.eat, Some(-1.0)))
        .is_err());
    assert!(w
        .with_agent(id, |a| a.set_action_cost(ActionId(99), Some(1.0)))
        .is_err());
    assert!(w.with_agent(id, |a| a.set_fact(FactId(99), true)).is_err());
    assert!(
        AgentDef {
            switch_margin: -1.0,
            ..AgentDef::default()
        }
        .switch_margin
            < 0.0
    );
    assert!(w
        .create_agent(
            farm.domain,
            AgentDef {
                switch_margin: f64::NAN,
                ..AgentDef::default()
            }
        )
        .is_err());
    assert_eq!(
        w.with_agent(id, |a| Ok(a.replans())).unwrap(),
        0,
        "nothing planned yet"
    );
}

struct Callbacks {
    forbid: ActionId,
    fail: bool,
    asked: usize,
}

impl ContextCallbacks for Callbacks {
    fn available(&mut self, _: AgentId, action: ActionId) -> Result<bool, String> {
        self.asked += 1;
        if self.fail {
            return Err("sensor offline".into());
        }
        Ok(action != self.forbid)
    }
    fn cost(&mut self, _: AgentId, _: ActionId, cost: f64) -> Result<f64, String> {
        Ok(cost)
    }
}

#[test]
fn callbacks_shape_the_plan_and_their_errors_abandon_the_search() {
    let farm = farm();
    let a = farm.a;
    let id = farm.agent(AgentDef::default(), 1.0, 0.0);
    farm.set(id, farm.f.at_kitchen, true);
    let install = |fail: bool| {
        let cb = Callbacks {
            forbid: a.get_ingredient,
            fail,
            asked: 0,
        };
        farm.world
            .with_agent(id, |ag| {
                ag.set_callbacks(Some(Box::new(cb)));
                Ok(())
            })
            .unwrap();
    };
    install(true);
    let e = farm.world.step_agent(id, 0.1).unwrap_err();
    assert!(e.to_string().contains("sensor offline"), "{e}");
    assert_eq!(farm.causes(id).len(), 0, "no search ran");
    // Working callbacks: get_ingredient is unavailable, so the agent buys.
    install(false);
    assert_eq!(farm.step(id), StepKind::Start(a.buy_ingredient));
    assert!(farm
        .world
        .with_agent(id, |ag| ag
            .needs_plan()
            .then_some(())
            .ok_or(AgentError::NoAction))
        .is_err());
}

/// A world with `n` agents of varied believed states and priorities.
fn crowd(def: WorldDef, n: usize, agent: AgentDef) -> (Farm, Vec<AgentId>) {
    crowd_in(World::new(def), n, agent)
}

fn crowd_in(world: World, n: usize, agent: AgentDef) -> (Farm, Vec<AgentId>) {
    let farm = farm_in(world);
    let f = farm.f;
    let mut rng = Rng::new(0xa6e7);
    let ids = (0..n)
        .map(|_| {
            let id = farm.agent(agent, rng.int(1, 5) as f64, rng.int(1, 5) as f64);
            for fact in [f.at_kitchen, f.has_ingredient, f.meal_ready, f.has_tool] {
                if rng.chance(40) {
                    farm.set(id, fact, true);
                }
            }
            id
        })
        .collect();
    (farm, ids)
}

/// The id of the goal added `index`th, when no goal was removed.
fn g(index: u32) -> GoalId {
    GoalId::from_parts(index, 1)
}

fn plans(farm: &Farm, ids: &[AgentId]) -> Vec<(Vec<ActionId>, Option<GoalId>, bool)> {
    ids.iter()
        .map(|&id| {
            farm.world
                .with_agent(id, |a| {
                    Ok((a.plan().to_vec(), a.current_goal(), a.needs_plan()))
                })
                .unwrap()
        })
        .collect()
}

#[test]
fn batch_results_are_identical_for_1_2_and_8_threads_and_budgets() {
    let agent = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let mut reference = None;
    for threads in [1, 2, 8] {
        for cache in [0, 4096] {
            // A pool of 8 threads; each batch uses `threads` of them.
            let def = WorldDef {
                plan_cache_capacity: cache,
                worker_threads: 8,
                ..WorldDef::default()
            };
            let (farm, ids) = crowd(def, 700, agent);
            let mut rounds = Vec::new();
            // Budgets: 300 agents, then a node budget, then the rest.
            for options in [
                BatchOptions {
                    max_agents: 300,
                    threads,
                    ..BatchOptions::default()
                },
                BatchOptions {
                    max_nodes: 500,
                    threads,
                    ..BatchOptions::default()
                },
                BatchOptions {
                    threads,
                    ..BatchOptions::default()
                },
            ] {
                let s = farm.world.plan_agents(&options);
                assert_eq!(s.threads, threads);
                rounds.push((s.planned, s.waiting, s.expanded, plans(&farm, &ids)));
            }
            assert_eq!(rounds[0].0, 300);
            assert!(
                rounds[1].2 >= 500 && rounds[1].0 < 400,
                "node budget: {:?}",
                (rounds[1].0, rounds[1].2)
            );
            assert_eq!(rounds[2].1, 0, "everyone planned in the end");
            match &reference {
                None => reference = Some(rounds),
                Some(r) => assert!(r == &rounds, "threads {threads}, cache {cache} differ"),
            }
        }
    }
}

#[test]
fn cached_plans_equal_fresh_plans_and_hits_are_counted() {
    // Root landmarks: under the default heuristic the farm's searches walk exact tables,
    // which skip the cache (see `table_walks_skip_the_cache_and_plan_the_same`).
    let agent = AgentDef {
        plan_in_step: false,
        options: goap::PlanOptions {
            heuristic: goap::Heuristic::Landmarks,
            ..goap::PlanOptions::default()
        },
        ..AgentDef::default()
    };
    let (cached, ids) = crowd(WorldDef::default(), 300, agent);
    let (fresh, fresh_ids) = crowd(
        WorldDef {
            plan_cache_capacity: 0,
            ..WorldDef::default()
        },
        300,
        agent,
    );
    cached.world.plan_agents(&BatchOptions::default());
    fresh.world.plan_agents(&BatchOptions::default());
    assert_eq!(plans(&cached, &ids), plans(&fresh, &fresh_ids));
    let s = cached.world.cache_stats();
    // 300 agents over at most 2^4 states × a few goal orders: most searches are hits.
    assert!(s.hits > 200 && s.hits + s.misses >= 300, "{s:?}");
    // Two threads may miss the same key at once: entries <= misses.
    assert!(s.entries <= s.misses && s.entries > 0, "{s:?}");
    assert_eq!(fresh.world.cache_stats().hits, 0);
    // Each cached result equals a fresh search of the same inputs.
    for &id in &ids {
        cached
            .world
            .with_agent(id, |a| {
                let job = a.planning_context();
                let goal = a.goal(a.current_goal().unwrap_or(g(0)))?.conditions.clone();
                let r = goap::Planner::new().plan_in(
                    a.domain(),
                    a.state(),
                    &goal,
                    &a.def().options,
                    &job,
                );
                if a.current_goal().is_some() {
                    assert_eq!(r.plan().map(|p| p.actions.clone()), Some(a.plan().to_vec()));
                }
                Ok(())
            })
            .unwrap();
    }
    cached.world.clear_cache();
    assert_eq!(cached.world.cache_stats().entries, 0);
}

/// Searches that walk an exact table (the farm's, under the default heuristic) neither
/// look the cache up nor store their results, in batches and in steps, on any number of
/// threads; their plans are those of a world without a cache.
#[test]
fn table_walks_skip_the_cache_and_plan_the_same() {
    for plan_in_step in [false, true] {
        let agent = AgentDef {
            plan_in_step,
            ..AgentDef::default()
        };
        let (cached, ids) = crowd(WorldDef::default(), 200, agent);
        let (fresh, fresh_ids) = crowd(
            WorldDef {
                plan_cache_capacity: 0,
                ..WorldDef::default()
            },
            200,
            agent,
        );
        for (farm, ids) in [(&cached, &ids), (&fresh, &fresh_ids)] {
            if plan_in_step {
                for &id in ids {
                    farm.world.step_agent(id, 0.0).unwrap();
                }
            } else {
                let s = farm.world.plan_agents(&BatchOptions {
                    threads: 2,
                    ..BatchOptions::default()
                });
                assert_eq!(s.cache_hits, 0);
                assert!(s.planned > 100, "{s:?}");
            }
        }
        assert_eq!(plans(&cached, &ids), plans(&fresh, &fresh_ids));
        let s = cached.world.cache_stats();
        assert_eq!((s.hits, s.misses, s.entries), (0, 0, 0), "{s:?}");
    }
}

#[test]
fn batches_take_turns_fairly() {
    let agent = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let (farm, ids) = crowd(WorldDef::default(), 10, agent);
    let once = BatchOptions {
        max_agents: 4,
        ..BatchOptions::default()
    };
    let planned = |farm: &Farm| plans(farm, &ids).iter().map(|p| !p.2).collect::<Vec<_>>();
    farm.world.plan_agents(&once);
    assert_eq!(
        planned(&farm),
        [true, true, true, true, false, false, false, false, false, false]
    );
    farm.world.plan_agents(&once);
    assert_eq!(planned(&farm)[4..8], [true; 4]);
    // The first four need plans again; the next batch continues with 8 and 9 first.
    for &id in &ids[..4] {
        farm.world
            .with_agent(id, |a| a.set_fact(farm.f.unicorn, true))
            .unwrap();
        farm.world
            .with_agent(id, |a| a.set_action_enabled(farm.a.goto_kitchen, false))
            .unwrap();
    }
    let s = farm.world.plan_agents(&BatchOptions {
        max_agents: 2,
        ..BatchOptions::default()
    });
    assert_eq!(s.planned, 2);
    assert_eq!(planned(&farm)[8..], [true, true]);
}

#[test]
fn agents_start_with_the_domain_files_goals() {
    let world = World::new(WorldDef::default());
    let text = r#"{
      "actions": [
        {"name": "cook", "cost": 2, "effects": {"meal": true}},
        {"name": "eat", "pre": {"meal": true}, "effects": {"fed": true, "meal": false}},
        {"name": "nap", "cost": 1, "effects": {"rested": true}}
      ],
      "start": {},
      "goals": [
        {"name": "eat", "priority": 2, "conditions": {"fed": true}},
        {"name": "rest", "priority": 1, "conditions": {"rested": true}},
        {"name": "off", "priority": 0, "conditions": {"meal": true}}
      ]
    }"#;
    let d = world.load_domain(text).unwrap();
    let id = world.create_agent(d, AgentDef::default()).unwrap();
    let names: Vec<String> = world
        .with_agent(id, |a| Ok(a.goals().map(|(_, g)| g.name.clone()).collect()))
        .unwrap();
    assert_eq!(names, ["eat", "rest", "off"]);
    let entry = world.snapshot(d).unwrap();
    let name = |a: ActionId| entry.domain().action(a).unwrap().name().to_owned();
    let mut done = Vec::new();
    for _ in 0..10 {
        match world.step_agent(id, 0.5).unwrap().kind {
            StepKind::Start(a) => {
                done.push(name(a));
                world
                    .with_agent(id, |ag| ag.report(Report::Succeeded))
                    .unwrap();
            }
            StepKind::Idle => break,
            other => panic!("{other:?}"),
        }
    }
    // Priority 0 disables "off": the meal is eaten, not kept.
    assert_eq!(done, ["cook", "eat", "nap"]);
}

#[test]
fn an_agent_explains_why_its_goal_has_no_plan() {
    let farm = farm();
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    // Without a tool source and with buying disabled for this agent, work is impossible.
    farm.world
        .with_agent(id, |a| a.set_action_enabled(farm.a.get_tool, false))
        .unwrap();
    let text = farm
        .world
        .with_agent(id, |a| {
            let why = a.explain(g(1), &goap::explain::ExplainOptions::default())?;
            assert_eq!(why.outcome, goap::Outcome::NoPlan);
            Ok(why.render(a.domain()))
        })
        .unwrap();
    assert!(text.contains("\"has_tool\""), "{text}");
    assert!(text.contains("disabled"), "{text}");
    assert!(farm
        .world
        .with_agent(id, |a| a.explain(g(9), &Default::default()))
        .is_err());
}

#[test]
fn a_replan_that_keeps_the_action_in_progress_continues_it() {
    let farm = farm();
    let f = farm.f;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    let impossible = farm.goal(&[(f.unicorn, true)]);
    let unicorn = farm
        .world
        .add_goal(
            id,
            GoalDef {
                name: "unicorn".into(),
                conditions: impossible,
                priority: 0.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    // The unicorn goal wins the arbiter, has no plan, and eating is planned again: the
    // same walk to the kitchen, which goes on instead of restarting.
    farm.world
        .with_agent(id, |a| a.set_priority(unicorn, 9.0))
        .unwrap();
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (s.kind, s.replanned, s.goal),
        (StepKind::Continue(farm.a.goto_kitchen), true, Some(g(0)))
    );
    let last = farm
        .world
        .with_agent(id, |a| Ok(a.last_replan().cloned()))
        .unwrap()
        .unwrap();
    assert_eq!(
        (last.cause, last.goals_tried),
        (ReplanCause::GoalChanged, 2)
    );
    farm.report(id, Report::Succeeded);
    assert_eq!(farm.step(id), StepKind::Start(farm.a.get_ingredient));
}

#[test]
fn stickiness_holds_when_a_better_goal_has_no_plan() {
    let farm = farm();
    let f = farm.f;
    let def = AgentDef {
        switch_margin: 1.0,
        ..AgentDef::default()
    };
    let id = farm.agent(def, 2.0, 0.0); // eat 2.0, work off
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    // Work at 2.5 is within the margin; an impossible goal at 10 beats eat but has no plan.
    farm.world
        .with_agent(id, |a| a.set_priority(g(1), 2.5))
        .unwrap();
    let impossible = farm.goal(&[(f.unicorn, true)]);
    farm.world
        .add_goal(
            id,
            GoalDef {
                name: "unicorn".into(),
                conditions: impossible,
                priority: 10.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    let s = farm.world.step_agent(id, 0.1).unwrap();
    // Eating goes on: the fall-through keeps the current goal ahead of work.
    assert_eq!(
        (s.kind, s.goal),
        (StepKind::Continue(farm.a.goto_kitchen), Some(g(0)))
    );
}

#[test]
fn waiting_abandons_the_action_and_a_dropped_replan_is_idle() {
    let farm = farm();
    let def = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let id = farm.agent(def, 2.0, 0.0);
    assert_eq!(farm.step(id), StepKind::Waiting);
    farm.world.plan_agents(&BatchOptions::default());
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    // A priority change makes a replan due: Waiting, and the walk is abandoned.
    farm.world
        .with_agent(id, |a| a.set_priority(g(1), 5.0))
        .unwrap();
    assert_eq!(farm.step(id), StepKind::Waiting);
    let e = farm
        .world
        .with_agent(id, |a| a.report(Report::Succeeded))
        .unwrap_err();
    assert_eq!(e, WorldError::Agent(AgentError::NoAction));
    let s = farm.world.plan_agents(&BatchOptions::default());
    assert_eq!((s.planned, s.waiting), (1, 0));
    assert_eq!(farm.step(id), StepKind::Start(farm.a.get_tool));
    // A failure, then the goals are met by someone else: no replan is left to wait for.
    farm.report(id, Report::Failed);
    farm.set(id, farm.f.work_done, true);
    farm.set(id, farm.f.fed, true);
    let before = farm.causes(id).len();
    assert_eq!(farm.step(id), StepKind::Idle);
    let s = farm.world.plan_agents(&BatchOptions::default());
    assert_eq!((s.planned, s.waiting), (0, 0));
    assert_eq!(farm.causes(id).len(), before, "no replan for nothing");
}

#[test]
fn a_cost_change_lets_an_agent_stuck_at_the_node_limit_retry() {
    let farm = farm();
    // A node limit too small for the eat plan (4 actions deep).
    let def = AgentDef {
        options: goap::PlanOptions {
            max_nodes: 3,
            ..Default::default()
        },
        ..AgentDef::default()
    };
    let id = farm.agent(def, 2.0, 0.0);
    assert_eq!(farm.step(id), StepKind::NoPlan);
    let last = farm
        .world
        .with_agent(id, |a| Ok(a.last_replan().cloned()))
        .unwrap()
        .unwrap();
    assert_eq!(last.result, ReplanResult::LimitReached);
    // Buying cheap, cooking free and eating free do not shorten the plan; still stuck, but
    // the agent did try again (a change of costs is a change of its context).
    let n = farm.causes(id).len();
    farm.world
        .with_agent(id, |a| a.set_action_cost(farm.a.cook, Some(0.0)))
        .unwrap();
    assert_eq!(farm.step(id), StepKind::NoPlan);
    assert_eq!(farm.causes(id).len(), n + 1);
    // Without a change, no retry.
    assert_eq!(farm.step(id), StepKind::NoPlan);
    assert_eq!(farm.causes(id).len(), n + 1);
}

#[test]
fn a_plan_still_valid_is_kept_when_the_goals_above_have_none() {
    let farm = farm();
    let f = farm.f;
    let id = farm.agent(AgentDef::default(), 2.0, 0.0);
    assert_eq!(farm.step(id), StepKind::Start(farm.a.goto_kitchen));
    farm.report(id, Report::Succeeded);
    assert_eq!(farm.step(id), StepKind::Start(farm.a.get_ingredient));
    // A goal above eating appears, without a plan: eating's plan is kept, not searched.
    let impossible = farm.goal(&[(f.unicorn, true)]);
    farm.world
        .add_goal(
            id,
            GoalDef {
                name: "unicorn".into(),
                conditions: impossible,
                priority: 9.0,
                ..GoalDef::default()
            },
        )
        .unwrap();
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (s.kind, s.replanned, s.plan_index),
        (StepKind::Continue(farm.a.get_ingredient), true, 1)
    );
    let e = farm
        .world
        .with_agent(id, |a| Ok(a.last_replan().cloned()))
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            e.cause,
            e.result,
            e.goal,
            e.goals_tried,
            e.plan_len,
            e.plan_cost
        ),
        (
            ReplanCause::GoalChanged,
            ReplanResult::Kept,
            Some(g(0)),
            2,
            3,
            5.0
        )
    );
    // Cost changes (every frame, say) do not make it try the proved-impossible goal again.
    let n = farm.causes(id).len();
    for c in 1..20 {
        farm.world
            .with_agent(id, |a| a.set_action_cost(farm.a.work, Some(f64::from(c))))
            .unwrap();
        farm.report(id, Report::Running);
        assert_eq!(farm.step(id), StepKind::Continue(farm.a.get_ingredient));
    }
    assert_eq!(farm.causes(id).len(), n);
}

/// 20,000 goals that each need their own fact, which no action makes true, rank above one
/// goal with a plan. They are hopeless from the believed state, so no step searches them:
/// not the first, and not the steps after each state change (which used to search all of
/// them again: goals × facts work per step). With the reachable goal met, the agent is
/// stuck (`NoPlan`), not idle.
#[test]
fn twenty_thousand_hopeless_goals_are_not_searched_after_changes() {
    const GOALS: usize = 20_000;
    let world = World::new(WorldDef::default());
    let domain = world.create_domain("hopeless").unwrap();
    let (needs, door, noise, open) = world
        .edit(domain, |e| -> Result<_, WorldError> {
            let d: &mut Domain = e.domain_mut();
            let needs: Vec<FactId> = (0..GOALS)
                .map(|i| d.add_fact(&format!("need{i}")))
                .collect::<Result<_, _>>()?;
            let door = d.add_fact("door_open")?;
            let noise = d.add_fact("noise")?;
            let open = d.add_action(ActionDef {
                name: "open_door".into(),
                effects: vec![FactValue::new(door, true)],
                cost: 1.0,
                ..Default::default()
            })?;
            Ok((needs, door, noise, open))
        })
        .unwrap();
    let a = world.create_agent(domain, AgentDef::default()).unwrap();
    let conditions = |f: FactId| {
        world
            .snapshot(domain)
            .unwrap()
            .domain()
            .conditions([FactValue::new(f, true)])
            .unwrap()
    };
    for (i, &f) in needs.iter().enumerate() {
        let goal = GoalDef {
            name: format!("need{i}"),
            conditions: conditions(f),
            priority: 2.0,
            ..GoalDef::default()
        };
        world.add_goal(a, goal).unwrap();
    }
    let goal = GoalDef {
        name: "door".into(),
        conditions: conditions(door),
        priority: 1.0,
        ..GoalDef::default()
    };
    world.add_goal(a, goal).unwrap();
    let step = world.step_agent(a, 0.1).unwrap();
    assert_eq!(step.kind, StepKind::Start(open));
    let last = |world: &World| {
        world
            .with_agent(a, |x| Ok(x.last_replan().cloned().unwrap()))
            .unwrap()
    };
    let first = last(&world);
    assert_eq!((first.goals_tried, first.goal), (1, Some(g(GOALS as u32))));
    for k in 0..50 {
        world
            .with_agent(a, |x| x.set_fact(noise, k % 2 == 0))
            .unwrap();
        let step = world.step_agent(a, 0.1).unwrap();
        assert_eq!(step.kind, StepKind::Continue(open));
        assert!(!step.replanned);
    }
    assert_eq!(world.with_agent(a, |x| Ok(x.replans())).unwrap(), 1);
    // A failure replans: again one goal tried, one search.
    world.with_agent(a, |x| x.report(Report::Failed)).unwrap();
    assert_eq!(
        world.step_agent(a, 0.1).unwrap().kind,
        StepKind::Start(open)
    );
    let again = last(&world);
    assert_eq!(
        (again.cause, again.goals_tried),
        (ReplanCause::ActionFailed, 1)
    );
    // The door open: only hopeless goals are left.
    world
        .with_agent(a, |x| x.report(Report::Succeeded))
        .unwrap();
    assert_eq!(world.step_agent(a, 0.1).unwrap().kind, StepKind::NoPlan);
    // A need met by the engine itself: that goal is satisfied, the others stay hopeless.
    world.with_agent(a, |x| x.set_fact(needs[7], true)).unwrap();
    assert_eq!(world.step_agent(a, 0.1).unwrap().kind, StepKind::NoPlan);
    assert_eq!(world.with_agent(a, |x| Ok(x.replans())).unwrap(), 2);
}

/// An engine job system for the test: each `run` splits the items into ranges of
/// `min_range` and runs them on `workers` scoped threads (ranges claimed in turn).
struct ScopedJobs {
    workers: u32,
    runs: AtomicUsize,
    ranges: AtomicUsize,
    threads_seen: Mutex<HashSet<std::thread::ThreadId>>,
}

impl TaskSystem for ScopedJobs {
    fn worker_count(&self) -> u32 {
        self.workers
    }

    fn run(&self, items: u32, min_range: u32, task: TaskFn<'_>) {
        self.runs.fetch_add(1, Ordering::SeqCst);
        let next = AtomicU32::new(0);
        std::thread::scope(|s| {
            for worker in 0..self.workers {
                let next = &next;
                s.spawn(move || loop {
                    let start = next.fetch_add(min_range, Ordering::SeqCst);
                    if start >= items {
                        break;
                    }
                    task(start, (start + min_range).min(items), worker);
                    self.ranges.fetch_add(1, Ordering::SeqCst);
                    self.threads_seen
                        .lock()
                        .unwrap()
                        .insert(std::thread::current().id());
                });
            }
        });
    }
}

/// Batches on an engine's job system (`World::with_tasks`) plan exactly what a
/// single-threaded world plans, with its budgets; the world creates no thread itself.
#[test]
fn batches_on_an_engine_job_system_equal_single_threaded_ones() {
    let agent = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let def = WorldDef {
        worker_threads: 1,
        plan_cache_capacity: 0,
        ..WorldDef::default()
    };
    let jobs = Arc::new(ScopedJobs {
        workers: 4,
        runs: AtomicUsize::new(0),
        ranges: AtomicUsize::new(0),
        threads_seen: Mutex::new(HashSet::new()),
    });
    let mut results = Vec::new();
    for world in [
        World::new(def),
        World::with_tasks(def, Arc::clone(&jobs) as Arc<dyn TaskSystem>),
    ] {
        assert_eq!(world.worker_count(), if results.is_empty() { 1 } else { 4 });
        let (farm, ids) = crowd_in(world, 700, agent);
        let mut rounds = Vec::new();
        for options in [
            BatchOptions {
                max_agents: 300,
                ..BatchOptions::default()
            },
            BatchOptions {
                max_nodes: 500,
                ..BatchOptions::default()
            },
            BatchOptions::default(),
        ] {
            let s = farm.world.plan_agents(&options);
            rounds.push((s.planned, s.waiting, s.expanded, plans(&farm, &ids)));
        }
        results.push(rounds);
    }
    assert_eq!(results[0], results[1]);
    assert!(
        jobs.runs.load(Ordering::SeqCst) >= 3,
        "every batch used the jobs"
    );
    assert!(jobs.ranges.load(Ordering::SeqCst) > 10);
    // Which threads ran the ranges is the scheduler's business; at least one of the job
    // system's did (none is the calling thread).
    let seen = jobs.threads_seen.lock().unwrap();
    assert!(!seen.is_empty() && !seen.contains(&std::thread::current().id()));
}

#[test]
fn removing_the_pursued_goal_hands_over_and_its_id_goes_stale() {
    let farm = farm();
    let a = farm.a;
    let id = farm.agent(AgentDef::default(), 1.0, 2.0);
    assert_eq!(farm.step(id), StepKind::Start(a.get_tool));
    assert_eq!(farm.goal_of(id), Some(g(1)));
    let removed = farm
        .world
        .with_agent(id, |ag| ag.remove_goal(g(1)))
        .unwrap();
    assert_eq!(removed.name, "work");
    // The next step hands over to eat, as disabling work would.
    farm.report(id, Report::Running);
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!(
        (s.kind, s.goal),
        (StepKind::Start(a.goto_kitchen), Some(g(0)))
    );
    assert_eq!(farm.causes(id).last(), Some(&ReplanCause::GoalChanged));
    // The removed id is stale for every goal call.
    let stale = Err(WorldError::Agent(AgentError::UnknownGoal(g(1))));
    assert_eq!(
        farm.world
            .with_agent(id, |ag| ag.remove_goal(g(1)))
            .map(|_| ()),
        stale
    );
    assert_eq!(
        farm.world.with_agent(id, |ag| ag.set_priority(g(1), 3.0)),
        stale
    );
    assert_eq!(
        farm.world.with_agent(id, |ag| ag.goal(g(1)).map(|_| ())),
        stale
    );
    let (count, names) = farm
        .world
        .with_agent(id, |ag| {
            Ok((
                ag.goal_count(),
                ag.goals().map(|(_, d)| d.name.clone()).collect::<Vec<_>>(),
            ))
        })
        .unwrap();
    assert_eq!((count, names), (1, vec!["eat".to_owned()]));
    assert_eq!(
        farm.world
            .with_agent(id, |ag| Ok(ag.find_goal("work")))
            .unwrap(),
        None
    );
}

#[test]
fn a_removed_goals_slot_is_reused_with_a_new_generation_and_ties_keep_the_order_added() {
    let farm = farm();
    let a = farm.a;
    // Both goals at priority 1: the tie goes to the goal added first (eat).
    let id = farm.agent(AgentDef::default(), 1.0, 1.0);
    let first = farm.agent(AgentDef::default(), 1.0, 1.0);
    assert_eq!(farm.step(first), StepKind::Start(a.goto_kitchen));
    // The slot of the goal being pursued is not reused while the agent names it.
    let next = farm
        .world
        .with_agent(first, |ag| {
            let def = ag.remove_goal(g(0))?;
            ag.add_goal(def)
        })
        .unwrap();
    assert_eq!((next.index(), next.generation()), (2, 1));
    let work = farm
        .world
        .with_agent(id, |ag| {
            let def = ag.remove_goal(g(0))?; // eat
                                             // A new goal reuses eat's slot, later in the order than work.
            let again = ag.add_goal(def)?;
            assert_eq!((again.index(), again.generation()), (0, 2));
            assert_ne!(again, g(0));
            Ok(ag.find_goal("work").unwrap())
        })
        .unwrap();
    assert_eq!(work, g(1));
    // Now work was added first: it wins the tie.
    let s = farm.world.step_agent(id, 0.1).unwrap();
    assert_eq!((s.kind, s.goal), (StepKind::Start(a.get_tool), Some(g(1))));
    let order: Vec<GoalId> = farm
        .world
        .with_agent(id, |ag| Ok(ag.goals().map(|(id, _)| id).collect()))
        .unwrap();
    assert_eq!(order, [g(1), GoalId::from_parts(0, 2)]);
}

/// An agent whose only enabled goal is `work`, recurring with `reset` and `cooldown`.
fn worker(farm: &Farm, reset: Vec<FactValue>, cooldown: f64) -> (AgentId, GoalId) {
    let id = farm
        .world
        .create_agent(farm.domain, AgentDef::default())
        .unwrap();
    let goal = farm
        .world
        .add_goal(
            id,
            GoalDef {
                name: "work".into(),
                conditions: farm.goal(&[(farm.f.work_done, true)]),
                reset,
                cooldown,
                ..GoalDef::default()
            },
        )
        .unwrap();
    (id, goal)
}

#[test]
fn a_recurring_goal_resets_its_facts_waits_its_cooldown_and_is_pursued_again() {
    let farm = farm();
    let a = farm.a;
    let (id, work) = worker(&farm, vec![FactValue::new(farm.f.work_done, false)], 1.0);
    let progress = |farm: &Farm| {
        farm.world
            .with_agent(id, |x| x.goal_progress(work))
            .unwrap()
    };
    assert_eq!(farm.step(id), StepKind::Start(a.get_tool));
    farm.report(id, Report::Succeeded);
    assert_eq!(farm.step(id), StepKind::Start(a.work));
    farm.report(id, Report::Succeeded);
    assert_eq!(
        progress(&farm),
        (0, 0.0),
        "counted when the agent finds it satisfied"
    );
    // The step finds the goal achieved: work_done goes back to false and the goal rests
    // for 1 s from this step's clock.
    let s = farm.world.step_agent(id, 0.25).unwrap();
    assert_eq!((s.kind, s.goal), (StepKind::Idle, None));
    assert!(!farm
        .world
        .with_agent(id, |x| x.fact(farm.f.work_done))
        .unwrap());
    let (achieved, ready_in) = progress(&farm);
    assert_eq!(achieved, 1);
    assert!(
        (ready_in - 1.0).abs() < 1e-9,
        "{ready_in}: the cooldown starts at this step"
    );
    assert_eq!(
        farm.step(id),
        StepKind::Idle,
        "still cooling down 0.1 s later"
    );
    // 1 s after it was achieved it is chosen again: the tool is still at hand.
    let s = farm.world.step_agent(id, 1.0).unwrap();
    assert_eq!((s.kind, s.goal), (StepKind::Start(a.work), Some(work)));
    assert_eq!(farm.causes(id).last(), Some(&ReplanCause::NoPlan));
    farm.report(id, Report::Succeeded);
    assert_eq!(farm.step(id), StepKind::Idle);
    assert_eq!(progress(&farm).0, 2);
}

#[test]
fn a_recurring_goal_without_cooldown_loops_at_once_and_a_plain_goal_only_counts() {
    let farm = farm();
    let a = farm.a;
    // Reset both the result and the tool: every round fetches the tool again.
    let reset = vec![
        FactValue::new(farm.f.work_done, false),
        FactValue::new(farm.f.has_tool, false),
    ];
    let (id, work) = worker(&farm, reset, 0.0);
    for round in 1..=3u64 {
        assert_eq!(farm.step(id), StepKind::Start(a.get_tool), "round {round}");
        farm.report(id, Report::Succeeded);
        assert_eq!(farm.step(id), StepKind::Start(a.work));
        farm.report(id, Report::Succeeded);
        let achieved = farm
            .world
            .with_agent(id, |x| x.goal_progress(work))
            .unwrap()
            .0;
        assert_eq!(achieved, round - 1);
    }
    // A goal without reset or cooldown is counted and then simply stays satisfied.
    let (plain, goal) = worker(&farm, vec![], 0.0);
    assert_eq!(farm.step(plain), StepKind::Start(a.get_tool));
    farm.report(plain, Report::Succeeded);
    farm.step(plain);
    farm.report(plain, Report::Succeeded);
    assert_eq!(farm.step(plain), StepKind::Idle);
    assert_eq!(farm.step(plain), StepKind::Idle);
    let (achieved, ready_in) = farm
        .world
        .with_agent(plain, |x| x.goal_progress(goal))
        .unwrap();
    assert_eq!((achieved, ready_in), (1, 0.0));
    assert!(farm
        .world
        .with_agent(plain, |x| x.fact(farm.f.work_done))
        .unwrap());
}

#[test]
fn bad_recurrences_are_refused() {
    let farm = farm();
    let id = farm
        .world
        .create_agent(farm.domain, AgentDef::default())
        .unwrap();
    let add = |def: GoalDef| farm.world.with_agent(id, |x| x.add_goal(def).map(|_| ()));
    for cooldown in [f64::NAN, -1.0, f64::INFINITY] {
        let e = add(GoalDef {
            cooldown,
            ..GoalDef::default()
        });
        assert!(
            matches!(&e, Err(WorldError::Agent(AgentError::InvalidArgument(m))) if m.contains("cooldown")),
            "{e:?}"
        );
    }
    let both = add(GoalDef {
        reset: vec![
            FactValue::new(farm.f.fed, true),
            FactValue::new(farm.f.fed, false),
        ],
        ..GoalDef::default()
    });
    assert!(
        matches!(&both, Err(WorldError::Agent(AgentError::InvalidArgument(m))) if m.contains("both true and false")),
        "{both:?}"
    );
    let unknown = add(GoalDef {
        reset: vec![FactValue::new(FactId(999), false)],
        ..GoalDef::default()
    });
    assert!(matches!(unknown, Err(WorldError::Domain(_))), "{unknown:?}");
    assert_eq!(
        farm.world.with_agent(id, |x| Ok(x.goal_count())).unwrap(),
        0
    );
}

#[test]
fn a_plain_goal_is_counted_once_while_a_goal_change_waits_for_the_batch() {
    let farm = farm();
    let a = farm.a;
    let def = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    // work (priority 2) first, eat (priority 1) after.
    let id = farm.agent(def, 1.0, 2.0);
    farm.world.plan_agents(&BatchOptions::default());
    assert_eq!(farm.step(id), StepKind::Start(a.get_tool));
    farm.report(id, Report::Succeeded);
    assert_eq!(farm.step(id), StepKind::Start(a.work));
    farm.report(id, Report::Succeeded);
    let work = farm
        .world
        .with_agent(id, |x| Ok(x.find_goal("work").unwrap()))
        .unwrap();
    let count = |farm: &Farm| {
        farm.world
            .with_agent(id, |x| x.goal_progress(work))
            .unwrap()
            .0
    };
    farm.step(id); // Waiting for the batch: eat is next
    assert_eq!(count(&farm), 1);
    // A sensor writes an unrelated fact before the batch runs.
    farm.set(id, farm.f.unicorn, true);
    farm.step(id);
    farm.set(id, farm.f.unicorn, false);
    farm.step(id);
    assert_eq!(count(&farm), 1, "achieved once, counted {}", count(&farm));
}

/// After an action failure (ActionFailed keeps the goal named) the same holds.
#[test]
fn a_plain_goal_is_counted_once_after_a_failure() {
    let farm = farm();
    let def = AgentDef {
        plan_in_step: false,
        ..AgentDef::default()
    };
    let id = farm.agent(def, 1.0, 2.0);
    farm.world.plan_agents(&BatchOptions::default());
    assert_eq!(farm.step(id), StepKind::Start(farm.a.get_tool));
    farm.report(id, Report::Failed);
    // the engine learns that work was done after all
    farm.set(id, farm.f.work_done, true);
    let work = farm
        .world
        .with_agent(id, |x| Ok(x.find_goal("work").unwrap()))
        .unwrap();
    let count = |farm: &Farm| {
        farm.world
            .with_agent(id, |x| x.goal_progress(work))
            .unwrap()
            .0
    };
    farm.step(id);
    farm.set(id, farm.f.unicorn, true);
    farm.step(id);
    assert_eq!(count(&farm), 1, "counted {}", count(&farm));
}

#[test]
fn one_call_writes_a_fact_into_several_agents_or_into_none() {
    let farm = farm();
    let a = farm.a;
    let ids: Vec<AgentId> = (0..3)
        .map(|_| farm.agent(AgentDef::default(), 2.0, 1.0))
        .collect();
    for &id in &ids {
        assert_eq!(farm.step(id), StepKind::Start(a.goto_kitchen));
    }
    // Everyone is at the kitchen now: the rest of each plan starts with get_ingredient.
    farm.world
        .set_fact_on(&ids, farm.f.at_kitchen, true)
        .unwrap();
    for &id in &ids {
        assert!(farm
            .world
            .with_agent(id, |x| x.fact(farm.f.at_kitchen))
            .unwrap());
        farm.report(id, Report::Running);
        assert_eq!(farm.step(id), StepKind::Start(a.get_ingredient));
    }
    // A destroyed agent among them: nothing is written, to anyone.
    let gone = farm.agent(AgentDef::default(), 2.0, 1.0);
    farm.world.destroy_agent(gone).unwrap();
    let with_gone = [ids[0], gone, ids[2]];
    let e = farm.world.set_fact_on(&with_gone, farm.f.unicorn, true);
    assert_eq!(e, Err(WorldError::UnknownAgent(gone)));
    for &id in &ids {
        assert!(!farm
            .world
            .with_agent(id, |x| x.fact(farm.f.unicorn))
            .unwrap());
    }
}
