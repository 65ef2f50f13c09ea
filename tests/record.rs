//! The flight recorder and replay through the Rust API: recording changes no decision,
//! recordings replay with every decision matched (streamed, started mid-session, ring
//! mode, with context callbacks and shared facts), tampered recordings diverge at the
//! right agent and step, damaged ones are invalid with a message, and the writer's and
//! the API's errors are reported.

use std::io::Write;

use goap::agent::{ContextCallbacks, StepKind};
use goap::record::format::{read_records, write_records, Answer, Record};
use goap::record::{MemorySink, RecordOptions, ReplayError};
use goap::{ActionId, AgentDef, AgentId, BatchOptions, Report, World, WorldDef};

const VILLAGE: &str = include_str!("../examples/domains/village.json");

/// Callbacks whose answers change with every search (so only a recording can repeat them).
struct Moody(u32);

impl ContextCallbacks for Moody {
    fn available(&mut self, _: AgentId, a: ActionId) -> Result<bool, String> {
        self.0 = self.0.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        Ok(a.0 % 7 != 0 || self.0 % 3 != 0)
    }
    fn cost(&mut self, _: AgentId, _: ActionId, cost: f64) -> Result<f64, String> {
        Ok(cost + f64::from(self.0 % 4))
    }
}

/// What the engine saw: every step's result and every replan, per frame.
type Trace = Vec<String>;

/// A village of `n` agents run for `frames` frames of 0.25 s: actions take a frame, every
/// fifth reported action fails, the cook's flour is sensed away now and then, one agent
/// has context callbacks, one plans in batches. With `record`, the world records from the
/// start (`Some(window)`); `mid` starts it after `mid` frames instead.
fn village(
    n: usize,
    frames: usize,
    record: Option<RecordOptions>,
    mid: usize,
) -> (Trace, Vec<u8>, World) {
    let world = World::new(WorldDef {
        worker_threads: 2,
        ..WorldDef::default()
    });
    let sink = MemorySink::new();
    let d = world.load_domain(VILLAGE).unwrap();
    let domain = world.snapshot(d).unwrap();
    let flour = domain.domain().fact_id("has_flour").unwrap();
    let mut agents = Vec::new();
    for i in 0..n {
        let def = AgentDef {
            plan_in_step: i % 4 != 3,
            failure_cooldown: 1.0,
            ..AgentDef::default()
        };
        let id = world.create_agent(d, def).unwrap();
        if i % 4 == 2 {
            world
                .with_agent(id, |a| {
                    a.set_callbacks(Some(Box::new(Moody(i as u32))));
                    Ok(())
                })
                .unwrap();
        }
        agents.push(id);
    }
    let mut trace = Vec::new();
    let mut reports = 0u32;
    for frame in 0..frames {
        if frame == mid {
            if let Some(options) = record {
                world
                    .start_recording(Box::new(sink.clone()), options)
                    .unwrap();
            }
        }
        if frame % 3 == 0 {
            let stats = world.plan_agents(&BatchOptions::default());
            trace.push(format!("{frame} batch {} {}", stats.planned, stats.waiting));
        }
        for (i, &id) in agents.iter().enumerate() {
            if frame % 11 == 5 && i % 2 == 0 {
                world.set_fact_on(&[id], flour, frame % 22 == 5).unwrap();
            }
            let step = world.step_agent(id, 0.25).unwrap();
            trace.push(format!("{frame} {i} {step:?}"));
            if let StepKind::Start(_) | StepKind::Continue(_) = step.kind {
                reports += 1;
                let outcome = if reports % 5 == 0 {
                    Report::Failed
                } else {
                    Report::Succeeded
                };
                world.with_agent(id, |a| a.report(outcome)).unwrap();
            }
            // Cache hit counts can depend on the batch threads' timing (two may miss one
            // key at once): not a decision.
            let last = world
                .with_agent(id, |a| Ok(a.last_replan().cloned()))
                .unwrap()
                .map(|mut e| {
                    e.cache_hits = 0;
                    e
                });
            trace.push(format!("{frame} {i} {last:?}"));
        }
    }
    if record.is_some() && mid < frames {
        world.stop_recording().unwrap();
    }
    (trace, sink.take(), world)
}

fn stream() -> Option<RecordOptions> {
    Some(RecordOptions::default())
}

#[test]
fn recording_changes_no_decision_and_replays() {
    let (plain, none, _) = village(8, 60, None, 0);
    assert!(none.is_empty());
    let (recorded, bytes, _) = village(8, 60, stream(), 0);
    assert_eq!(plain, recorded, "recording changed a decision");
    assert_eq!(&bytes[..8], goap::record::MAGIC);
    let s = goap::record::replay(&bytes).unwrap();
    assert_eq!(s.agents, 8);
    assert_eq!(s.steps, 8 * 60);
    assert!(s.replans > 20, "{s:?}");
    assert_eq!(s.batches, 20);
    assert_eq!(s.records as usize, read_records(&bytes).unwrap().len());
}

#[test]
fn a_recording_started_mid_session_replays_from_its_checkpoint() {
    let (_, bytes, _) = village(6, 50, stream(), 23);
    let records = read_records(&bytes).unwrap();
    let states = records
        .iter()
        .filter(|r| matches!(r, Record::AgentState { .. }))
        .count();
    assert_eq!(states, 6, "the first checkpoint holds every agent");
    let s = goap::record::replay(&bytes).unwrap();
    assert_eq!(s.steps, 6 * 27);
}

#[test]
fn context_callback_answers_are_recorded_and_tampering_with_them_shows() {
    let (_, bytes, _) = village(4, 40, stream(), 0);
    let mut records = read_records(&bytes).unwrap();
    let answers = records
        .iter()
        .filter(|r| matches!(r, Record::Answers { .. }))
        .count();
    assert!(answers > 3, "{answers} answer records");
    goap::record::replay(&bytes).unwrap();
    // Make one cost answer much larger: the search it fed finds another plan (or the
    // same with another cost), and the replay says where.
    let (k, agent) = records
        .iter()
        .enumerate()
        .find_map(|(k, r)| match r {
            Record::Answers { agent, answers } if answers.len() > 5 => Some((k, *agent)),
            _ => None,
        })
        .unwrap();
    if let Record::Answers { answers, .. } = &mut records[k] {
        for a in answers.iter_mut() {
            if let Answer::Cost(c) = a {
                *c += 500.0;
            }
        }
    }
    match goap::record::replay(&write_records(&records)) {
        Err(ReplayError::Diverged(d)) => {
            assert_eq!(d.agent, Some(AgentId::from_parts(agent.0, agent.1)), "{d}");
            assert!(d.record > k as u64, "{d}");
        }
        other => panic!("{other:?}"),
    }
}

/// Position of the `n`-th record matching `f`.
fn nth(records: &[Record], n: usize, f: impl Fn(&Record) -> bool) -> usize {
    records
        .iter()
        .enumerate()
        .filter(|(_, r)| f(r))
        .nth(n)
        .map(|(k, _)| k)
        .unwrap()
}

/// Steps of `agent` recorded before position `k`.
fn steps_before(records: &[Record], k: usize, agent: (u32, u32)) -> u64 {
    records[..k]
        .iter()
        .map(|r| match r {
            Record::Step { agent: a, .. } if *a == agent => 1,
            Record::Steps {
                agent: a, count, ..
            } if *a == agent => *count,
            _ => 0,
        })
        .sum()
}

#[test]
fn steps_that_change_nothing_are_one_record_and_replay_one_by_one() {
    let world = World::new(WorldDef::default());
    let d = world.load_domain(VILLAGE).unwrap();
    let sink = MemorySink::new();
    world
        .start_recording(Box::new(sink.clone()), RecordOptions::default())
        .unwrap();
    let ids: Vec<AgentId> = (0..3)
        .map(|_| world.create_agent(d, AgentDef::default()).unwrap())
        .collect();
    for &id in &ids {
        assert!(matches!(
            world.step_agent(id, 0.0).unwrap().kind,
            StepKind::Start(_)
        ));
    }
    // 100 frames of an action in progress, then one with another dt, then a report.
    for frame in 0..101 {
        let dt = if frame == 100 { 0.5 } else { 1.0 / 60.0 };
        for &id in &ids {
            let s = world.step_agent(id, dt).unwrap();
            assert!(matches!(s.kind, StepKind::Continue(_)), "{s:?}");
        }
    }
    world
        .with_agent(ids[1], |a| a.report(Report::Running))
        .unwrap();
    world.stop_recording().unwrap();
    let bytes = sink.take();
    let records = read_records(&bytes).unwrap();
    let held: Vec<u64> = records
        .iter()
        .filter_map(|r| match r {
            Record::Steps { count, .. } => Some(*count),
            _ => None,
        })
        .collect();
    let mut sorted = held.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 1, 1, 100, 100, 100], "{held:?}");
    let s = goap::record::replay(&bytes).unwrap();
    assert_eq!(s.steps, 3 * 102);
    // A held run that says another action went on: the replay names its first step.
    let mut records = records;
    let k = nth(&records, 1, |r| {
        matches!(r, Record::Steps { count: 100, .. })
    });
    let Record::Steps { agent, result, .. } = &mut records[k] else {
        unreachable!()
    };
    result.action = result.action.map(|a| a + 1);
    let agent = *agent;
    match goap::record::replay(&write_records(&records)) {
        Err(ReplayError::Diverged(d)) => {
            assert_eq!(d.agent, Some(AgentId::from_parts(agent.0, agent.1)), "{d}");
            assert_eq!(d.step, steps_before(&records, k, agent), "{d}");
            assert_eq!(d.what, "step result", "{d}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_changed_report_is_found_at_the_agents_next_step() {
    let (_, bytes, _) = village(4, 40, stream(), 0);
    let mut records = read_records(&bytes).unwrap();
    let k = nth(&records, 6, |r| {
        matches!(r, Record::Report { outcome: 1, .. })
    });
    let Record::Report { agent, outcome } = &mut records[k] else {
        unreachable!()
    };
    *outcome = 2; // succeeded → failed
    let agent = *agent;
    match goap::record::replay(&write_records(&records)) {
        Err(ReplayError::Diverged(d)) => {
            assert_eq!(d.agent, Some(AgentId::from_parts(agent.0, agent.1)), "{d}");
            assert_eq!(d.step, steps_before(&records, k, agent), "{d}");
            let text = d.to_string();
            assert!(text.contains("expected") && text.contains("got"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_changed_fact_is_found_at_the_agents_next_step() {
    let (_, bytes, _) = village(4, 40, stream(), 0);
    let mut records = read_records(&bytes).unwrap();
    let k = nth(&records, 1, |r| matches!(r, Record::SetFact { .. }));
    let Record::SetFact { agent, value, .. } = &mut records[k] else {
        unreachable!()
    };
    *value = !*value;
    let agent = *agent;
    match goap::record::replay(&write_records(&records)) {
        Err(ReplayError::Diverged(d)) => {
            assert_eq!(d.agent, Some(AgentId::from_parts(agent.0, agent.1)), "{d}");
            assert_eq!(d.step, steps_before(&records, k, agent), "{d}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn damaged_recordings_are_invalid_with_a_message() {
    let (_, bytes, _) = village(3, 20, stream(), 0);
    let invalid = |b: &[u8]| match goap::record::replay(b) {
        Err(ReplayError::Invalid(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(invalid(b"").contains("not a goap recording"));
    assert!(invalid(b"{\"actions\": []}").contains("not a goap recording"));
    let mut v = bytes.clone();
    v[8] = 9;
    assert!(invalid(&v).contains("version 9"));
    for cut in [11, bytes.len() / 3, bytes.len() / 2, bytes.len() - 1] {
        let m = invalid(&bytes[..cut]);
        assert!(m.contains("truncated"), "cut at {cut}: {m}");
    }
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..200 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mut v = bytes.clone();
        let at = 10 + (rng as usize) % (v.len() - 10);
        v[at] ^= 1 << ((rng >> 40) % 8);
        let m = invalid(&v);
        assert!(
            m.contains("corrupted") || m.contains("truncated"),
            "byte {at}: {m}"
        );
    }
}

#[test]
fn ring_mode_keeps_the_last_window_from_a_checkpoint() {
    let window = 2.0;
    let (_, full, _) = village(4, 400, stream(), 0);
    let (_, ring, world) = village(4, 400, Some(RecordOptions { window }), 0);
    assert!(!world.is_recording());
    assert!(
        ring.len() * 3 < full.len(),
        "{} bytes vs {}",
        ring.len(),
        full.len()
    );
    let records = read_records(&ring).unwrap();
    let Record::Checkpoint { time: first } = records[0] else {
        panic!("{:?}", records[0])
    };
    // 400 frames of 0.25 s: the end is at 100 s; the window starts at a checkpoint at
    // most a quarter window earlier than 98 s.
    let end = 400.0 * 0.25;
    assert!(
        first <= end - window && first >= end - window * 1.25 - 0.25,
        "the kept part starts at {first}"
    );
    assert!(matches!(records.last(), Some(Record::End { window: w, .. }) if *w == window));
    let s = goap::record::replay(&ring).unwrap();
    assert_eq!(s.window, Some(window));
    assert!(s.steps >= 4 * 8, "{s:?}");
    assert!(s.steps <= 4 * 11, "{s:?}");
}

#[test]
fn shared_facts_replay() {
    let world = World::new(WorldDef::default());
    let sink = MemorySink::new();
    world
        .start_recording(Box::new(sink.clone()), RecordOptions::default())
        .unwrap();
    let d = world.load_domain(VILLAGE).unwrap();
    let domain = world.snapshot(d).unwrap();
    let flour = domain.domain().fact_id("has_flour").unwrap();
    let coin = domain.domain().fact_id("has_coin").unwrap();
    let agents: Vec<AgentId> = (0..5)
        .map(|_| world.create_agent(d, AgentDef::default()).unwrap())
        .collect();
    for frame in 0..40 {
        if frame % 7 == 3 {
            world.set_shared_fact(d, flour, frame % 14 == 3).unwrap();
        }
        if frame % 9 == 4 {
            world.set_shared_fact(d, coin, frame % 18 == 4).unwrap();
        }
        for &id in &agents {
            let s = world.step_agent(id, 0.5).unwrap();
            if let StepKind::Start(_) = s.kind {
                world
                    .with_agent(id, |a| a.report(Report::Succeeded))
                    .unwrap();
            }
        }
    }
    world.stop_recording().unwrap();
    let bytes = sink.take();
    let records = read_records(&bytes).unwrap();
    assert!(records
        .iter()
        .any(|r| matches!(r, Record::SetShared { .. })));
    goap::record::replay(&bytes).unwrap();
}

struct Broken;

impl Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("disk full"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn recorder_errors_are_reported() {
    let world = World::new(WorldDef::default());
    let e = world.stop_recording().unwrap_err().to_string();
    assert!(e.contains("not recording"), "{e}");
    for window in [f64::NAN, -1.0, f64::INFINITY] {
        let e = world
            .start_recording(Box::new(MemorySink::new()), RecordOptions { window })
            .unwrap_err()
            .to_string();
        assert!(e.contains("window"), "{e}");
    }
    world
        .start_recording(Box::new(MemorySink::new()), RecordOptions::default())
        .unwrap();
    let e = world
        .start_recording(Box::new(MemorySink::new()), RecordOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("already recording"), "{e}");
    world.stop_recording().unwrap();
    let e = world
        .start_recording_to_file(
            std::path::Path::new("/nonexistent-dir/x.goaprec"),
            RecordOptions::default(),
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot create"), "{e}");
    world
        .start_recording(Box::new(Broken), RecordOptions::default())
        .unwrap();
    let e = world.stop_recording().unwrap_err().to_string();
    assert!(e.contains("disk full"), "{e}");
    assert!(!world.is_recording());
}
