//! `cargo bench --bench direction`: forward against backward (regression) search, the
//! `Direction::Auto` portfolio (forward, then both in turns once forward has expanded
//! `AUTO_BACKWARD_AFTER` nodes), and the bitset uniform-cost baseline (`common/bitset.rs`), on the logistics family
//! (`generators::logistics`: many ground actions, few of them relevant to a goal on one to
//! three packages), 1,000 to 54,000 actions. Measured in one run, interleaved (forward,
//! backward, auto, bitset, forward, …) so that the shared machine's noise hits all four
//! alike; the summary gives medians and the ratios to read. Each plan is first checked:
//! every direction's plan replays with `Domain::apply` and the costs are equal (and the
//! baseline's, when it finishes within its state limit).
//!
//! `cargo bench --bench direction -- FILTER` also runs criterion (short measurements) on
//! the cases whose name contains FILTER; `GOAP_BENCH_RUNS=n` sets the interleaved runs per
//! case (default 5); `GOAP_BENCH_ONLY=text` keeps the cases whose name contains `text`.

#[path = "common/bitset.rs"]
mod bitset;
#[path = "common/generators.rs"]
mod generators;

use std::hint::black_box;
use std::time::{Duration, Instant};

use bitset::{BitsetOutcome, BitsetProblem, BitsetSearcher};
use criterion::Criterion;
use generators::Problem;
use goap::{Direction, Outcome, PlanOptions, PlanResult, Planner};

/// The baseline's state limit.
const BITSET_MAX_STATES: usize = 200_000;

/// Both directions' node limit (to keep the run short; a search stopped by it is marked).
const MAX_NODES: u32 = 200_000;

fn cases() -> Vec<Problem> {
    vec![
        generators::logistics(8, 3, 6, 1, 1),
        generators::logistics(8, 3, 6, 2, 2),
        generators::logistics(12, 4, 12, 1, 3),
        generators::logistics(12, 4, 12, 2, 4),
        generators::logistics(20, 8, 20, 1, 5),
        generators::logistics(20, 8, 20, 2, 6),
        generators::logistics(30, 12, 40, 1, 7),
        generators::logistics(30, 12, 40, 2, 8),
        generators::logistics(40, 16, 60, 1, 9),
        // Controls: single-fact goals on other families.
        first_goal_fact(generators::gripper(10)),
        first_goal_fact(generators::blocksworld(8, 6)),
        first_goal_fact(generators::blocksworld(24, 6)),
        first_goal_fact(generators::gripper(40)),
        generators::chain(128),
    ]
}

/// `p` with only the first fact of its goal.
fn first_goal_fact(mut p: Problem) -> Problem {
    let first = p.goal.entries()[0];
    p.goal = p.domain.conditions(vec![first]).unwrap();
    p.name = format!("{}-goal1", p.name);
    p
}

fn options(direction: Direction) -> PlanOptions {
    PlanOptions {
        direction,
        max_nodes: MAX_NODES,
        ..PlanOptions::default()
    }
}

/// Replays `r`'s plan; its cost (`None`: the node limit).
fn check(p: &Problem, r: &PlanResult, who: &str) -> Option<f64> {
    let plan = match &r.outcome {
        Outcome::Found(plan) => plan,
        Outcome::LimitReached => return None,
        other => panic!("{}: {who} {other:?}", p.name),
    };
    let mut s = p.start.clone();
    let mut cost = 0.0;
    for &a in &plan.actions {
        assert!(p.domain.apply(&mut s, a), "{}: {who}'s plan", p.name);
        cost += p.domain.actions()[a.index()].cost();
    }
    assert!(p.domain.satisfies(&s, &p.goal), "{}: {who}'s plan", p.name);
    assert!((cost - plan.cost).abs() < 1e-9, "{}: {who}'s cost", p.name);
    Some(plan.cost)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    let runs: usize = std::env::var("GOAP_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
        .max(1);
    let only = std::env::var("GOAP_BENCH_ONLY").unwrap_or_default();
    let mut rows = Vec::new();
    for p in cases().into_iter().filter(|p| p.name.contains(&only)) {
        let mut fwd = Planner::new();
        let mut bwd = Planner::new();
        let mut searcher = BitsetSearcher::new();
        let bp = BitsetProblem::from_goap(&p.domain, &p.start, &p.goal);
        let f = fwd.plan(&p.domain, &p.start, &p.goal, &options(Direction::Forward));
        let b = bwd.plan(&p.domain, &p.start, &p.goal, &options(Direction::Backward));
        assert!(b.stats.backward && !f.stats.backward);
        let fc = check(&p, &f, "forward");
        let bc = check(&p, &b, "backward");
        if let (Some(fc), Some(bc)) = (fc, bc) {
            assert!(
                (fc - bc).abs() < 1e-9,
                "{}: forward {fc}, backward {bc}",
                p.name
            );
        }
        let mut aut = Planner::new();
        let auto = aut.plan(&p.domain, &p.start, &p.goal, &options(Direction::Auto));
        if let (Some(ac), Some(fc)) = (check(&p, &auto, "auto"), fc.or(bc)) {
            assert!((ac - fc).abs() < 1e-9, "{}: auto {ac}, {fc}", p.name);
        }
        let fc = fc.or(bc).unwrap_or(f64::NAN);
        let bs = searcher.plan(&bp, BITSET_MAX_STATES);
        let bitset_cost = match &bs.outcome {
            BitsetOutcome::Found { cost, .. } => {
                assert!(
                    fc.is_nan() || (cost - fc).abs() < 1e-9,
                    "{}: bitset {cost}",
                    p.name
                );
                Some(*cost)
            }
            _ => None,
        };
        let (mut tf, mut tb, mut ta, mut ts) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            let t = Instant::now();
            black_box(fwd.plan(&p.domain, &p.start, &p.goal, &options(Direction::Forward)));
            tf.push(t.elapsed());
            let t = Instant::now();
            black_box(bwd.plan(&p.domain, &p.start, &p.goal, &options(Direction::Backward)));
            tb.push(t.elapsed());
            let t = Instant::now();
            black_box(aut.plan(&p.domain, &p.start, &p.goal, &options(Direction::Auto)));
            ta.push(t.elapsed());
            let t = Instant::now();
            black_box(searcher.plan(&bp, BITSET_MAX_STATES));
            ts.push(t.elapsed());
        }
        let (tf, tb, ta, ts) = (median(tf), median(tb), median(ta), median(ts));
        eprintln!(
            "{}: {} actions, cost {fc}; forward {tf:?} ({} exp, {} kept), backward {tb:?} \
             ({} exp, {} kept), bitset {ts:?} ({} exp{}), auto ran {}",
            p.name,
            p.domain.action_count(),
            f.stats.expanded,
            f.stats.actions_kept,
            b.stats.expanded,
            b.stats.actions_kept,
            bs.expanded,
            if bitset_cost.is_some() { "" } else { ", limit" },
            if auto.stats.backward {
                "backward"
            } else {
                "forward"
            },
        );
        let mut group = criterion.benchmark_group(&p.name);
        for (id, d) in [
            ("forward", Direction::Forward),
            ("backward", Direction::Backward),
            ("auto", Direction::Auto),
        ] {
            let mut planner = Planner::new();
            group.bench_function(id, |bench| {
                bench.iter(|| black_box(planner.plan(&p.domain, &p.start, &p.goal, &options(d))))
            });
        }
        group.bench_function("bitset", |bench| {
            bench.iter(|| black_box(searcher.plan(&bp, BITSET_MAX_STATES)))
        });
        group.finish();
        rows.push((
            p.name.clone(),
            p.domain.action_count(),
            f,
            b,
            auto,
            tf,
            tb,
            ta,
            ts,
            bitset_cost,
        ));
    }
    println!(
        "\nforward vs backward vs auto vs bitset UCS (medians of {runs} interleaved runs; \
         fwd/bwd > 1: backward faster; auto/best: auto's time over the faster direction's; \
         auto ran: the direction that decided)"
    );
    println!(
        "{:<28} {:>7} {:>11} {:>11} {:>11} {:>11} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>8}",
        "case",
        "actions",
        "forward",
        "backward",
        "auto",
        "bitset",
        "fwd/bwd",
        "auto/best",
        "bit/bwd",
        "fwd exp",
        "bwd exp",
        "auto exp",
        "auto ran"
    );
    for (name, actions, f, b, a, tf, tb, ta, ts, bitset_cost) in rows {
        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64().max(1e-9);
        // The faster direction among those that decided.
        let best = match (f.plan().is_some(), b.plan().is_some()) {
            (true, true) => tf.min(tb),
            (false, true) => tb,
            _ => tf,
        };
        println!(
            "{:<28} {:>7} {:>11} {:>11} {:>11} {:>11} {:>9.2} {:>9.2} {:>9} {:>9} {:>9} {:>9} {:>8}",
            name,
            actions,
            if f.plan().is_some() {
                format!("{tf:.2?}")
            } else {
                format!("{tf:.2?}+")
            },
            if b.plan().is_some() {
                format!("{tb:.2?}")
            } else {
                format!("{tb:.2?}+")
            },
            if a.plan().is_some() {
                format!("{ta:.2?}")
            } else {
                format!("{ta:.2?}+")
            },
            if bitset_cost.is_some() {
                format!("{ts:.2?}")
            } else {
                format!("{ts:.2?}*")
            },
            ratio(tf, tb),
            ratio(ta, best),
            format!("{:.2}", ratio(ts, tb)),
            f.stats.expanded,
            b.stats.expanded,
            a.stats.expanded,
            if a.stats.backward { "bwd" } else { "fwd" },
        );
    }
    println!("* the baseline stopped at its limit of {BITSET_MAX_STATES} states (no plan)");
    println!("+ the search stopped at its limit of {MAX_NODES} nodes (no plan)");
}
