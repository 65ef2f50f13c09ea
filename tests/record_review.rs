//! A hostile review of the flight recorder: each test shows a bug that was found (and
//! is fixed) or a claim that was probed.

use std::time::{Duration, Instant};

use goap::record::format::{read_records, write_records, Record};
use goap::record::{MemorySink, RecordOptions, ReplayError};
use goap::{AgentDef, GoalDef, Report, StepKind, World, WorldDef};

const KITCHEN: &str = include_str!("../examples/domains/kitchen.json");

/// Replays on another thread; panics when it takes longer than `limit`.
fn replay_within(
    bytes: Vec<u8>,
    limit: Duration,
) -> Result<goap::record::ReplaySummary, ReplayError> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(goap::record::replay(&bytes));
    });
    rx.recv_timeout(limit)
        .unwrap_or_else(|_| panic!("the replay did not finish within {limit:?}"))
}

/// A kitchen agent that starts an action and then continues it for `n` frames (held back
/// as one Steps record).
fn continuing(n: usize) -> Vec<u8> {
    let world = World::new(WorldDef::default());
    let d = world.load_domain(KITCHEN).unwrap();
    let goal = world.snapshot(d).unwrap().goal().unwrap().clone();
    let sink = MemorySink::new();
    world
        .start_recording(Box::new(sink.clone()), RecordOptions::default())
        .unwrap();
    let a = world.create_agent(d, AgentDef::default()).unwrap();
    world
        .add_goal(
            a,
            GoalDef {
                name: "dinner".into(),
                conditions: goal,
                ..GoalDef::default()
            },
        )
        .unwrap();
    assert!(matches!(
        world.step_agent(a, 0.1).unwrap().kind,
        StepKind::Start(_)
    ));
    for _ in 0..n {
        assert!(matches!(
            world.step_agent(a, 0.1).unwrap().kind,
            StepKind::Continue(_)
        ));
    }
    world
        .with_agent(a, |x| x.report(Report::Succeeded))
        .unwrap();
    world.stop_recording().unwrap();
    sink.take()
}

#[test]
fn a_steps_record_with_a_huge_count_does_not_hang_the_replay() {
    let bytes = continuing(3);
    goap::record::replay(&bytes).unwrap();
    let mut records = read_records(&bytes).unwrap();
    let mut found = false;
    for r in &mut records {
        if let Record::Steps { count, .. } = r {
            *count = u64::MAX;
            found = true;
        }
    }
    assert!(found);
    let start = Instant::now();
    let got = replay_within(write_records(&records), Duration::from_secs(20));
    assert!(
        matches!(got, Err(ReplayError::Invalid(_))),
        "{got:?} after {:?}",
        start.elapsed()
    );
}

fn kitchen_goal(world: &World, d: goap::domain::DomainId) -> GoalDef {
    GoalDef {
        name: "dinner".into(),
        conditions: world.snapshot(d).unwrap().goal().unwrap().clone(),
        ..GoalDef::default()
    }
}

/// Agents with a time budget (ample: every search ends within its step), the second
/// answered by the plan cache the first filled.
fn timed_agents(cache: usize) -> Vec<u8> {
    timed(KITCHEN, cache, Duration::from_secs(5), 12)
}

fn timed(domain: &str, cache: usize, time: Duration, frames: usize) -> Vec<u8> {
    let world = World::new(WorldDef {
        plan_cache_capacity: cache,
        ..WorldDef::default()
    });
    let d = world.load_domain(domain).unwrap();
    let sink = MemorySink::new();
    world
        .start_recording(Box::new(sink.clone()), RecordOptions::default())
        .unwrap();
    let def = AgentDef {
        step_budget: goap::SearchBudget {
            max_expansions: 0,
            max_time: Some(time),
        },
        ..AgentDef::default()
    };
    let agents: Vec<_> = (0..2)
        .map(|_| {
            let a = world.create_agent(d, def).unwrap();
            world.add_goal(a, kitchen_goal(&world, d)).unwrap();
            a
        })
        .collect();
    for _ in 0..frames {
        for &a in &agents {
            let s = world.step_agent(a, 0.1).unwrap();
            if let StepKind::Start(_) = s.kind {
                world
                    .with_agent(a, |x| x.report(Report::Succeeded))
                    .unwrap();
            }
        }
    }
    world.stop_recording().unwrap();
    sink.take()
}

#[test]
fn time_budgeted_steps_replay_without_a_cache() {
    goap::record::replay(&timed_agents(0)).unwrap();
}

#[test]
fn time_budgeted_steps_answered_by_the_cache_replay() {
    goap::record::replay(&timed_agents(1024)).unwrap();
}

#[test]
fn time_budgeted_searches_that_span_steps_replay() {
    const BLOCKS: &str = include_str!("../examples/domains/blocksworld-5.json");
    for cache in [0, 1024] {
        let bytes = timed(BLOCKS, cache, Duration::ZERO, 200);
        let records = read_records(&bytes).unwrap();
        let planning = records
            .iter()
            .filter(|r| matches!(r, Record::Step { result: Ok(s), .. } if s.kind == 5))
            .count();
        assert!(planning > 0, "no step was cut by its time budget");
        goap::record::replay(&bytes).unwrap();
    }
}
