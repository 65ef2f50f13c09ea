//! `cargo bench --bench shared`: what a change of a shared world fact costs (issue 15,
//! part 2, "Performance").
//!
//! A river domain: travellers cross by the bridge (their plans need the shared fact
//! `bridge_ok`) or swim; guards clock in and patrol (nothing they do depends on the
//! bridge). Every agent is stepped once first, so each holds a plan. One unit of work
//! flips `bridge_ok` (a broken bridge invalidates the travellers' crossing plans, a
//! repaired one leaves their swimming plans valid), measured in one run:
//!
//! 1. **the write alone**: [`World::set_shared_fact`] with 100 dependent travellers among
//!    1,000 agents, among 10,000 agents, and with all 10,000 agents dependent. The target is
//!    a cost in proportion to the dependent agents, not to all: the first two should be
//!    about equal, the third about 100 times more.
//! 2. **a frame after the change** with 10,000 agents of which 1% depend on the fact: the
//!    write, then one [`World::step_agent`] of every agent (the travellers replan), against
//!    the same frame when the engine writes the fact into every agent with
//!    [`World::set_fact_on`] (the way before shared facts: every agent reviews).
//!
//! The summary prints the times and the ratios. `GOAP_BENCH_PILOT=1` replaces criterion by
//! three plain runs of each measurement.

#[path = "common/report.rs"]
mod report;

use std::time::{Duration, Instant};

use criterion::Criterion;
use goap::world::DomainId;
use goap::{AgentDef, AgentId, FactId, FactValue, GoalDef, World, WorldDef};
use report::{fmt_time, measure_units};

const RIVER: &str = r#"{
 "actions": [
  {"name": "cross", "cost": 1, "pre": {"bridge_ok": true}, "effects": {"across": true}},
  {"name": "swim", "cost": 10, "effects": {"across": true, "wet": true}},
  {"name": "patrol", "cost": 1, "pre": {"on_duty": true}, "effects": {"patrolled": true}},
  {"name": "clock_in", "cost": 1, "effects": {"on_duty": true}}
 ]
}"#;

struct Town {
    world: World,
    domain: DomainId,
    bridge: FactId,
    agents: Vec<AgentId>,
}

/// `total` agents, the first `dependent` of them travellers, each stepped once.
fn town(total: usize, dependent: usize) -> Town {
    let world = World::new(WorldDef {
        worker_threads: 1,
        ..WorldDef::default()
    });
    let domain = world.load_domain(RIVER).unwrap();
    let entry = world.snapshot(domain).unwrap();
    let d = entry.domain();
    let bridge = d.fact_id("bridge_ok").unwrap();
    let (across, patrolled) = (
        d.fact_id("across").unwrap(),
        d.fact_id("patrolled").unwrap(),
    );
    world.set_shared_fact(domain, bridge, true).unwrap();
    let agents: Vec<AgentId> = (0..total)
        .map(|i| {
            let id = world.create_agent(domain, AgentDef::default()).unwrap();
            let fact = if i < dependent { across } else { patrolled };
            world
                .with_agent(id, |a| {
                    let conditions = a.domain().conditions([FactValue::new(fact, true)])?;
                    a.add_goal(GoalDef {
                        name: "work".into(),
                        conditions,
                        priority: 1.0,
                        ..GoalDef::default()
                    })
                })
                .unwrap();
            world.step_agent(id, 0.0).unwrap();
            id
        })
        .collect();
    Town {
        world,
        domain,
        bridge,
        agents,
    }
}

/// Flips the shared fact `iters` times; returns the time of the writes.
fn writes(t: &Town, value: &mut bool, iters: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        *value = !*value;
        t.world.set_shared_fact(t.domain, t.bridge, *value).unwrap();
    }
    start.elapsed()
}

/// `iters` frames: the change (shared, or written into every agent), then a step of each
/// agent.
fn frames(t: &Town, shared: bool, value: &mut bool, iters: u64) -> Duration {
    let start = Instant::now();
    for _ in 0..iters {
        *value = !*value;
        if shared {
            t.world.set_shared_fact(t.domain, t.bridge, *value).unwrap();
        } else {
            t.world.set_fact_on(&t.agents, t.bridge, *value).unwrap();
        }
        for &a in &t.agents {
            t.world.step_agent(a, 0.016).unwrap();
        }
    }
    start.elapsed()
}

fn main() {
    let mut criterion = if std::env::var_os("GOAP_BENCH_PILOT").is_some() {
        None
    } else {
        Some(Criterion::default().configure_from_args())
    };
    let small = town(1_000, 100);
    let large = town(10_000, 100);
    let all = town(10_000, 10_000);
    let mut v = true;
    let w_small = measure_units(&mut criterion, "shared", "write/100-of-1000", 20, |n| {
        writes(&small, &mut v, n)
    });
    let w_large = measure_units(&mut criterion, "shared", "write/100-of-10000", 20, |n| {
        writes(&large, &mut v, n)
    });
    let w_all = measure_units(&mut criterion, "shared", "write/10000-of-10000", 20, |n| {
        writes(&all, &mut v, n)
    });
    let f_shared = measure_units(&mut criterion, "shared", "frame/shared-fact", 20, |n| {
        frames(&large, true, &mut v, n)
    });
    let f_each = measure_units(
        &mut criterion,
        "shared",
        "frame/set-fact-on-every-agent",
        20,
        |n| frames(&large, false, &mut v, n),
    );
    println!();
    println!("shared fact change (median per change; ratios from this run)");
    println!(
        "  write, 100 dependents of 1,000 agents:    {}",
        fmt_time(w_small)
    );
    println!(
        "  write, 100 dependents of 10,000 agents:   {}  ({:.2}x the 1,000-agent write)",
        fmt_time(w_large),
        ratio(w_large, w_small)
    );
    println!(
        "  write, 10,000 dependents of 10,000:       {}  ({:.1}x the 100-dependent write)",
        fmt_time(w_all),
        ratio(w_all, w_large)
    );
    println!(
        "  frame (change + 10,000 steps), shared:    {}",
        fmt_time(f_shared)
    );
    println!(
        "  frame, fact written into every agent:     {}  ({:.2}x the shared frame)",
        fmt_time(f_each),
        ratio(f_each, f_shared)
    );
}

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-12)
}
