//! Searches run in slices (`Planner::begin` / `Planner::resume`) end exactly as the same
//! search run in one call: on every example domain and on the benchmark's generated
//! families (large enough for `Heuristic::Auto` to start, and stop, LM-cut evaluation
//! between slices), with every heuristic and several budgets.

#[path = "../benches/common/generators.rs"]
mod generators;
mod support;

use std::time::Duration;

use goap::format::load_domain_file;
use goap::{
    ActionContext, Direction, Domain, Goal, Heuristic, Outcome, PlanOptions, Planner, SearchBudget,
    WorldState,
};

const DOMAINS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/domains");

fn problems() -> Vec<(String, Domain, WorldState, Goal)> {
    let mut all = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(DOMAINS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for path in files {
        let f = load_domain_file(&path).unwrap();
        let Some(goal) = f.goal else { continue };
        all.push((path.display().to_string(), f.domain, f.start, goal));
    }
    for p in [
        generators::gripper(4),
        generators::blocksworld(6, 3),
        generators::chain(32),
        generators::wide(64, 120, 7),
    ] {
        all.push((p.name, p.domain, p.start, p.goal));
    }
    all
}

#[test]
fn sliced_searches_end_as_unsliced_ones() {
    let mut planner = Planner::new();
    let mut evaluated = 0;
    let mut backward = 0;
    for (name, domain, start, goal) in problems() {
        let modes = Heuristic::ALL
            .map(|h| (h, Direction::Auto))
            .into_iter()
            .chain([Heuristic::Auto, Heuristic::Blind].map(|h| (h, Direction::Backward)));
        for (heuristic, direction) in modes {
            let options = PlanOptions {
                heuristic,
                direction,
                // The backward search is slow on gripper and blocksworld: a limit keeps the
                // test short and checks `LimitReached` in slices too.
                max_nodes: if direction == Direction::Backward {
                    5_000
                } else {
                    PlanOptions::DEFAULT_MAX_NODES
                },
            };
            let whole = planner.plan(&domain, &start, &goal, &options);
            evaluated += whole.stats.evaluations;
            backward += u64::from(whole.stats.backward && whole.stats.expanded > 3);
            for budget in [1, 3, 64, 1000] {
                support::check_sliced(
                    &mut planner,
                    &domain,
                    &start,
                    &goal,
                    &options,
                    &ActionContext::default(),
                    &whole,
                    budget,
                )
                .unwrap_or_else(|e| panic!("{name}, {heuristic:?}, {direction:?}: {e}"));
            }
        }
    }
    assert!(
        evaluated > 0,
        "no search evaluated LM-cut: the check is too weak"
    );
    assert!(backward >= 4, "too few backward searches: {backward}");
}

/// A node limit reached inside a slice is the same `LimitReached` as without slices.
#[test]
fn node_limit_inside_a_slice() {
    let p = generators::gripper(6);
    let mut planner = Planner::new();
    for direction in [Direction::Forward, Direction::Backward] {
        let options = PlanOptions {
            max_nodes: 500,
            heuristic: Heuristic::Blind,
            direction,
        };
        let whole = planner.plan(&p.domain, &p.start, &p.goal, &options);
        assert_eq!(whole.outcome, Outcome::LimitReached, "{direction:?}");
        assert_eq!(whole.stats.backward, direction == Direction::Backward);
        assert!(whole.stats.stored <= 500, "{direction:?}");
        for budget in [1, 7, 100] {
            let context = ActionContext::default();
            support::check_sliced(
                &mut planner,
                &p.domain,
                &p.start,
                &p.goal,
                &options,
                &context,
                &whole,
                budget,
            )
            .unwrap();
        }
    }
}

/// The search keeps its own inputs: dropping or editing the domain, start and goal after
/// `begin` changes nothing.
#[test]
fn a_search_keeps_its_inputs() {
    let p = generators::blocksworld(6, 3);
    let options = PlanOptions::default();
    let whole = Planner::new().plan(&p.domain, &p.start, &p.goal, &options);
    let mut planner = Planner::new();
    {
        let mut domain = p.domain.clone();
        let start = p.start.clone();
        let goal = p.goal.clone();
        planner.begin(&domain, &start, &goal, &options, &ActionContext::default());
        domain.add_fact("added after begin").unwrap();
    }
    let mut result = None;
    while result.is_none() {
        result = planner.resume(&SearchBudget::expansions(5));
    }
    assert_eq!(result.unwrap().outcome, whole.outcome);
}

/// A time budget ends slices early but changes nothing else; `plan` drops a search in
/// progress; `resume` without a search returns `None`.
#[test]
fn time_budgets_cancel_and_idle_planners() {
    let p = generators::gripper(6);
    let options = PlanOptions {
        heuristic: Heuristic::Blind,
        ..PlanOptions::default()
    };
    let mut planner = Planner::new();
    let whole = planner.plan(&p.domain, &p.start, &p.goal, &options);
    assert!(whole.stats.expanded > 1000);
    planner.begin(
        &p.domain,
        &p.start,
        &p.goal,
        &options,
        &ActionContext::default(),
    );
    let budget = SearchBudget {
        max_expansions: 0,
        max_time: Some(Duration::ZERO),
    };
    let mut slices = 0;
    let sliced = loop {
        slices += 1;
        if let Some(r) = planner.resume(&budget) {
            break r;
        }
    };
    // A zero time budget still expands 16 nodes per call (it is checked every 16).
    assert_eq!(slices, whole.stats.expanded.div_ceil(16));
    assert_eq!(sliced.outcome, whole.outcome);
    assert_eq!(sliced.stats.expanded, whole.stats.expanded);

    assert!(planner.resume(&SearchBudget::UNLIMITED).is_none());
    assert!(!planner.is_searching());
    planner.begin(
        &p.domain,
        &p.start,
        &p.goal,
        &options,
        &ActionContext::default(),
    );
    assert!(planner.resume(&SearchBudget::expansions(10)).is_none());
    assert!(planner.is_searching());
    assert_eq!(planner.progress().unwrap().expanded, 10);
    planner.cancel();
    assert!(!planner.is_searching());
    assert!(planner.resume(&SearchBudget::UNLIMITED).is_none());
    planner.begin(
        &p.domain,
        &p.start,
        &p.goal,
        &options,
        &ActionContext::default(),
    );
    assert!(planner.resume(&SearchBudget::expansions(10)).is_none());
    let again = planner.plan(&p.domain, &p.start, &p.goal, &options);
    assert_eq!(again.outcome, whole.outcome);
    assert!(
        !planner.is_searching(),
        "plan dropped the search in progress"
    );
}
