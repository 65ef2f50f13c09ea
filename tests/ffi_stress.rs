//! The agent C ABI under eight threads: each driving its own kitchen agent to completion
//! through random failures, and all hammering one shared agent while batches and agent
//! creation run beside them. Nothing may crash, every status must be one the header
//! documents for that call, and the invariants must hold at the end.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;

use goap::ffi::*;

mod ffi_support;
mod support;
use ffi_support::jobs::{self, Jobs};
use ffi_support::{fv, last_error, ok, World, KITCHEN_FACTS};
use support::{case_seed, Rng};

const THREADS: usize = 8;
const SEED: u64 = 0x5eed_a9e7;
/// Kitchen dinners per thread in the first test.
const ROUNDS: usize = 40;
/// Calls per thread on the shared agent in the second test.
const OPS: usize = 20_000;

fn facts(w: &World, d: GoapDomainId) -> Vec<GoapFactId> {
    KITCHEN_FACTS.iter().map(|n| w.fact(d, n)).collect()
}

/// Back to the kitchen's start: only the vegetables bought.
fn reset(w: &World, a: GoapAgentId, facts: &[GoapFactId]) {
    let values: Vec<_> = facts
        .iter()
        .enumerate()
        .map(|(i, &f)| fv(f, i == 0))
        .collect();
    ok(unsafe { goap_agent_set_facts(w.0, a, values.as_ptr(), values.len() as u32) });
}

/// Unexpected statuses, with the call and the message.
#[derive(Default)]
struct Problems(Mutex<Vec<String>>);

impl Problems {
    fn check(&self, what: &str, status: GoapStatus, allowed: &[GoapStatus]) -> GoapStatus {
        if !allowed.contains(&status) {
            self.0
                .lock()
                .unwrap()
                .push(format!("{what}: {status:?} ({})", last_error()));
        }
        status
    }

    fn assert_none(&self) {
        let p = self.0.lock().unwrap();
        assert!(
            p.is_empty(),
            "{} unexpected statuses: {:#?}",
            p.len(),
            &p[..p.len().min(20)]
        );
    }
}

#[test]
fn eight_threads_drive_their_own_agents_through_failures() {
    drive_their_own_agents(World::new());
    let jobs = Jobs::default();
    drive_their_own_agents(with_jobs(&jobs));
}

/// A world whose batches run on the test job system.
fn with_jobs(jobs: &Jobs) -> World {
    let mut def = goap_world_def_default();
    jobs::install(&mut def, jobs);
    World::with(def)
}

fn drive_their_own_agents(w: World) {
    let d = w.kitchen();
    let facts = facts(&w, d);
    let dinner = facts[7];
    let problems = Problems::default();
    let completions = AtomicU64::new(0);
    thread::scope(|scope| {
        for t in 0..THREADS {
            let (w, facts, problems, completions) = (&w, &facts, &problems, &completions);
            scope.spawn(move || {
                let mut rng = Rng::new(case_seed(SEED, t));
                // Half the agents plan in their steps, half wait for batches they run.
                let in_step = t % 2 == 0;
                let a = w.agent_with(d, |def| {
                    def.plan_in_step = u32::from(in_step);
                    def.failure_cooldown = if t % 4 == 1 { 0.05 } else { 0.0 };
                    // Half the agents walk the kitchen's exact tables (which skip the plan
                    // cache), half search with root landmarks (which share it).
                    if t % 2 == 0 {
                        def.heuristic = GoapHeuristic::Landmarks as i32;
                    }
                });
                w.goal(a, "dinner", &[fv(dinner, true)], 1.0);
                for round in 0..ROUNDS {
                    reset(w, a, facts);
                    let mut steps = 0;
                    loop {
                        steps += 1;
                        assert!(steps < 500, "thread {t} round {round} does not finish");
                        let mut step = GoapStep::default();
                        let st = unsafe { goap_agent_step(w.0, a, 0.02, &mut step) };
                        problems.check("step", st, &[GoapStatus::Ok]);
                        match step.kind {
                            k if k == GoapStepKind::Idle as i32 => break,
                            k if k == GoapStepKind::Waiting as i32 => {
                                let mut stats = GoapBatchStats::default();
                                let st = unsafe {
                                    goap_world_plan_agents(w.0, std::ptr::null(), &mut stats)
                                };
                                problems.check("plan_agents", st, &[GoapStatus::Ok]);
                            }
                            k if k == GoapStepKind::NoPlan as i32 => {
                                // Only while every way is cooling down.
                                assert_eq!(t % 4, 1, "thread {t}: no plan");
                            }
                            k if k == GoapStepKind::Start as i32
                                || k == GoapStepKind::Continue as i32 =>
                            {
                                assert_ne!(step.action, GoapActionId::default());
                                let report = match rng.below(10) {
                                    0 | 1 => GoapReport::Failed,
                                    2 => GoapReport::Running,
                                    _ => GoapReport::Succeeded,
                                };
                                let st = unsafe { goap_agent_report(w.0, a, report as i32) };
                                problems.check("report", st, &[GoapStatus::Ok]);
                            }
                            k => panic!("thread {t}: step kind {k}"),
                        }
                    }
                    // Complete: idle with the goal satisfied in the agent's belief.
                    assert!(w.get_fact(a, dinner), "thread {t} round {round}");
                    let info = w.info(a);
                    assert_eq!(info.acting, 0);
                    assert!(w.plan(a).is_empty());
                    completions.fetch_add(1, Ordering::Relaxed);
                }
                let info = w.info(a);
                let mut sum = 0;
                for cause in 1..=5 {
                    let mut n = 0;
                    ok(unsafe { goap_agent_replan_count(w.0, a, cause, &mut n) });
                    sum += n;
                }
                assert_eq!(sum, info.replans);
                assert!(
                    info.replans >= ROUNDS as u64,
                    "at least one replan per round"
                );
            });
        }
    });
    problems.assert_none();
    assert_eq!(
        completions.load(Ordering::Relaxed),
        (THREADS * ROUNDS) as u64
    );
    let mut count = 0;
    ok(unsafe { goap_agent_count(w.0, &mut count) });
    assert_eq!(count, THREADS as u32);
    let cache = w.cache_stats();
    assert!(cache.hits > 0, "the agents share searches: {cache:?}");
}

#[test]
fn eight_threads_hammer_one_agent_while_batches_run() {
    hammer_one_agent(World::new());
    let jobs = Jobs::default();
    hammer_one_agent(with_jobs(&jobs));
    assert!(
        jobs.enqueued.load(Ordering::SeqCst) > 0,
        "batches used the job system"
    );
    assert_eq!(
        jobs.enqueued.load(Ordering::SeqCst),
        jobs.finished.load(Ordering::SeqCst)
    );
}

fn hammer_one_agent(w: World) {
    let d = w.kitchen();
    let facts = facts(&w, d);
    let dinner = facts[7];
    let a = w.agent(d);
    let rice_goal = w.goal(a, "rice", &[fv(facts[6], true)], 0.5);
    w.goal(a, "dinner", &[fv(dinner, true)], 1.0);
    let problems = Problems::default();
    let done = AtomicBool::new(false);
    let batches = AtomicU64::new(0);
    let (starts, no_action) = thread::scope(|scope| {
        // Batches, and agents created, used and destroyed, beside the hammering.
        let (wr, problems_r, done_r, batches_r) = (&w, &problems, &done, &batches);
        scope.spawn(move || {
            let mut stale = GoapAgentId::default();
            // At least one batch, however fast the hammering threads are.
            let mut first = true;
            while std::mem::take(&mut first) || !done_r.load(Ordering::Relaxed) {
                // Three agents waiting for the batch: it has searches to hand out.
                let waiting: Vec<_> = (0..3)
                    .map(|_| {
                        let c = wr.agent_with(d, |def| def.plan_in_step = 0);
                        wr.goal(c, "dinner", &[fv(dinner, true)], 1.0);
                        c
                    })
                    .collect();
                let mut stats = GoapBatchStats::default();
                let st = unsafe { goap_world_plan_agents(wr.0, std::ptr::null(), &mut stats) };
                problems_r.check("plan_agents", st, &[GoapStatus::Ok]);
                batches_r.fetch_add(1, Ordering::Relaxed);
                for c in waiting {
                    ok(unsafe { goap_agent_destroy(wr.0, c) });
                }
                let b = wr.agent(d);
                wr.goal(b, "dinner", &[fv(dinner, true)], 1.0);
                let mut step = GoapStep::default();
                let st = unsafe { goap_agent_step(wr.0, b, 0.0, &mut step) };
                problems_r.check("step b", st, &[GoapStatus::Ok]);
                ok(unsafe { goap_agent_destroy(wr.0, b) });
                if stale != GoapAgentId::default() {
                    let st = unsafe { goap_agent_step(wr.0, stale, 0.0, &mut step) };
                    problems_r.check("stale step", st, &[GoapStatus::UnknownAgent]);
                }
                stale = b;
            }
        });
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let (w, facts, problems) = (&w, &facts, &problems);
                scope.spawn(move || {
                    let mut rng = Rng::new(case_seed(SEED ^ 0xa11, t));
                    // Actions started and reports without an action, seen by this thread.
                    let (mut starts, mut no_action) = (0u64, 0u64);
                    for _ in 0..OPS {
                        let f = facts[rng.below(facts.len() as u64) as usize];
                        match rng.below(9) {
                            0 => {
                                let v = i32::from(rng.chance(50));
                                let st = unsafe { goap_agent_set_fact(w.0, a, f, v) };
                                problems.check("set_fact", st, &[GoapStatus::Ok])
                            }
                            1 | 2 => {
                                let mut step = GoapStep::default();
                                let st = unsafe { goap_agent_step(w.0, a, 0.01, &mut step) };
                                if st == GoapStatus::Ok && step.kind == GoapStepKind::Start as i32 {
                                    assert_ne!(step.action, GoapActionId::default());
                                    starts += 1;
                                }
                                problems.check("step", st, &[GoapStatus::Ok])
                            }
                            3 | 4 => {
                                let r = 1 + rng.below(3) as i32;
                                let st = unsafe { goap_agent_report(w.0, a, r) };
                                no_action += u64::from(st == GoapStatus::NoAction);
                                problems.check(
                                    "report",
                                    st,
                                    &[GoapStatus::Ok, GoapStatus::NoAction],
                                )
                            }
                            5 => {
                                let mut info = GoapAgentInfo::default();
                                let st = unsafe { goap_agent_info(w.0, a, &mut info) };
                                assert!(info.plan_index <= info.plan_len, "{info:?}");
                                assert!(info.acting == 0 || info.plan_index < info.plan_len);
                                problems.check("info", st, &[GoapStatus::Ok])
                            }
                            6 => {
                                let mut out = [GoapActionId::default(); 3];
                                let mut count = 0;
                                let st = unsafe {
                                    goap_agent_plan(w.0, a, out.as_mut_ptr(), 3, &mut count)
                                };
                                problems.check(
                                    "plan",
                                    st,
                                    &[GoapStatus::Ok, GoapStatus::BufferTooSmall],
                                )
                            }
                            7 => {
                                let p = rng.unit() * 2.0;
                                let st =
                                    unsafe { goap_agent_set_goal_priority(w.0, a, rice_goal, p) };
                                problems.check("priority", st, &[GoapStatus::Ok])
                            }
                            _ => {
                                let mut v = 0;
                                let st = unsafe { goap_agent_get_fact(w.0, a, f, &mut v) };
                                assert!(v == 0 || v == 1);
                                problems.check("get_fact", st, &[GoapStatus::Ok])
                            }
                        };
                    }
                    (starts, no_action)
                })
            })
            .collect();
        let tally = handles
            .into_iter()
            .map(|h| h.join().expect("hammering thread"))
            .fold((0, 0), |(s, n), (ts, tn)| (s + ts, n + tn));
        done.store(true, Ordering::Relaxed);
        tally
    });
    problems.assert_none();
    let batches = batches.into_inner();
    eprintln!("{starts} actions started, {no_action} reports without one, {batches} batches");
    assert!(starts > 100 && no_action > 100 && batches > 0);

    // The agent is consistent and still works: from the start, it completes the dinner.
    let info = w.info(a);
    assert!(info.plan_index <= info.plan_len);
    let mut count = u32::MAX;
    let st = unsafe { goap_agent_plan(w.0, a, std::ptr::null_mut(), 0, &mut count) };
    assert!(
        st == GoapStatus::Ok || st == GoapStatus::BufferTooSmall,
        "{st:?}"
    );
    assert_eq!(count, info.plan_len - info.plan_index, "{info:?}");
    assert!(w.replans(a).len() <= 16);
    ok(unsafe { goap_agent_set_goal_priority(w.0, a, rice_goal, 0.0) });
    if info.acting == 1 {
        w.report(a, GoapReport::Failed);
    }
    reset(&w, a, &facts);
    let (end, started) = w.run(d, a, 100, |_| false);
    assert_eq!(end.kind, GoapStepKind::Idle as i32, "{started:?}");
    assert!(w.get_fact(a, dinner));
    let mut agents = 0;
    ok(unsafe { goap_agent_count(w.0, &mut agents) });
    assert_eq!(agents, 1, "every agent the side thread made is gone");
}
