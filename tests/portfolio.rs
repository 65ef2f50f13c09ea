//! `Direction::Auto`'s portfolio: searches that run past `AUTO_BACKWARD_AFTER` forward
//! expansions on domains without integer variables go on with the backward search in turns.
//! Their costs equal the forward search's, some are decided by the backward search, they
//! are deterministic and slicing changes nothing.

#[path = "../benches/common/generators.rs"]
mod generators;
mod support;

use generators::Problem;
use goap::{
    ActionContext, Direction, Heuristic, Outcome, PlanOptions, PlanResult, Planner,
    AUTO_BACKWARD_AFTER,
};

/// Logistics with goals on one and two packages (the one-package ones are the backward
/// search's good case, the two-package ones the forward search's), and controls.
fn problems() -> Vec<Problem> {
    vec![
        generators::logistics(12, 4, 12, 1, 3),
        generators::logistics(12, 4, 12, 2, 4),
        generators::logistics(20, 8, 20, 1, 5),
        generators::logistics(8, 3, 6, 2, 2),
        generators::gripper(6),
        generators::gripper(8),
        generators::blocksworld(6, 3),
    ]
}

fn options(direction: Direction, heuristic: Heuristic) -> PlanOptions {
    PlanOptions {
        direction,
        heuristic,
        max_nodes: 200_000,
    }
}

/// A result's statistics without the time it took (which differs between runs).
fn strip(r: &PlanResult) -> goap::SearchStats {
    goap::SearchStats {
        elapsed: Default::default(),
        ..r.stats
    }
}

fn cost(r: &PlanResult) -> Option<f64> {
    r.plan().map(|p| p.cost)
}

/// Auto's plans cost what the forward search's do, replay, and the backward search
/// decides some of them; searches that end early forward are the forward search's.
#[test]
fn auto_costs_equal_forward_and_backward_decides_some() {
    let mut planner = Planner::new();
    let mut crossed = 0;
    let mut decided_backward = 0;
    let mut alone = 0;
    for p in problems() {
        for heuristic in [Heuristic::Auto, Heuristic::Blind] {
            let f = planner.plan(
                &p.domain,
                &p.start,
                &p.goal,
                &options(Direction::Forward, heuristic),
            );
            let a = planner.plan(
                &p.domain,
                &p.start,
                &p.goal,
                &options(Direction::Auto, heuristic),
            );
            eprintln!(
                "{} {heuristic:?}: forward {} exp {:?}, auto {} exp backward {} {:?}",
                p.name,
                f.stats.expanded,
                cost(&f),
                a.stats.expanded,
                a.stats.backward,
                cost(&a)
            );
            if f.stats.generated < AUTO_BACKWARD_AFTER {
                // Decided before the backward search could start: the forward search alone.
                assert_eq!(a.outcome, f.outcome, "{}", p.name);
                assert_eq!(strip(&a), strip(&f), "{}", p.name);
                continue;
            }
            crossed += 1;
            decided_backward += u32::from(a.stats.backward);
            let Some(plan) = a.plan() else {
                // Only where the forward search alone stops at the limit too.
                assert_eq!(a.outcome, Outcome::LimitReached, "{}", p.name);
                assert_eq!(f.outcome, Outcome::LimitReached, "{}", p.name);
                continue;
            };
            if let Some(fc) = cost(&f) {
                assert!(
                    (plan.cost - fc).abs() < 1e-9,
                    "{}: {} {fc}",
                    p.name,
                    plan.cost
                );
            } else {
                let b = planner.plan(
                    &p.domain,
                    &p.start,
                    &p.goal,
                    &options(Direction::Backward, heuristic),
                );
                assert_eq!(cost(&b), Some(plan.cost), "{}", p.name);
            }
            let mut s = p.start.clone();
            for &act in &plan.actions {
                assert!(p.domain.apply(&mut s, act), "{}", p.name);
            }
            assert!(p.domain.satisfies(&s, &p.goal), "{}", p.name);
            if !a.stats.backward && a.stats.generated == f.stats.generated {
                // The backward search did not start (the forward search branches less
                // than its root would): the forward search alone.
                assert_eq!(a.stats.expanded, f.stats.expanded, "{}", p.name);
                assert_eq!(a.outcome, f.outcome, "{}", p.name);
                alone += 1;
            } else if !a.stats.backward {
                // The forward search decided, having run as far as alone.
                assert!(a.stats.generated > f.stats.generated, "{}", p.name);
            }
        }
    }
    assert!(
        crossed >= 4,
        "too few searches reached the portfolio: {crossed}"
    );
    assert!(decided_backward >= 2, "backward decided {decided_backward}");
    assert!(
        alone >= 1,
        "every search that crossed started the backward search"
    );
}

/// The backward search starts only where the forward search branches more than the
/// backward search's root: on gripper and blocksworld (few successors per forward
/// expansion, many achievers of the goal) the portfolio is the forward search alone,
/// counts and all, well past `AUTO_BACKWARD_AFTER`; on one-package logistics (hundreds of
/// successors per forward expansion) it starts and decides.
#[test]
fn backward_starts_only_where_forward_branches_more() {
    let mut planner = Planner::new();
    for (p, heuristic) in [
        (generators::gripper(8), Heuristic::Auto),
        (generators::gripper(8), Heuristic::Blind),
        (generators::blocksworld(7, 3), Heuristic::Blind),
    ] {
        let f = planner.plan(
            &p.domain,
            &p.start,
            &p.goal,
            &options(Direction::Forward, heuristic),
        );
        assert!(
            f.stats.generated > 2 * AUTO_BACKWARD_AFTER,
            "{} {heuristic:?}: {:?}",
            p.name,
            f.stats
        );
        let a = planner.plan(
            &p.domain,
            &p.start,
            &p.goal,
            &options(Direction::Auto, heuristic),
        );
        assert_eq!(a.outcome, f.outcome, "{} {heuristic:?}", p.name);
        assert_eq!(strip(&a), strip(&f), "{} {heuristic:?}", p.name);
    }
    let p = generators::logistics(20, 8, 20, 1, 5);
    let a = planner.plan(
        &p.domain,
        &p.start,
        &p.goal,
        &options(Direction::Auto, Heuristic::Blind),
    );
    assert!(a.stats.backward, "{:?}", a.stats);
}

/// Two runs, with fresh or reused planners, give the same result and counts.
#[test]
fn auto_is_deterministic() {
    let p = generators::logistics(20, 8, 20, 1, 5);
    let o = options(Direction::Auto, Heuristic::Auto);
    let mut reused = Planner::new();
    let first = Planner::new().plan(&p.domain, &p.start, &p.goal, &o);
    assert!(first.stats.generated > AUTO_BACKWARD_AFTER);
    for _ in 0..2 {
        for r in [
            reused.plan(&p.domain, &p.start, &p.goal, &o),
            Planner::new().plan(&p.domain, &p.start, &p.goal, &o),
        ] {
            assert_eq!(r.outcome, first.outcome);
            assert_eq!(r.stats.expanded, first.stats.expanded);
            assert_eq!(r.stats.generated, first.stats.generated);
            assert_eq!(r.stats.stored, first.stats.stored);
            assert_eq!(r.stats.backward, first.stats.backward);
        }
    }
}

/// Portfolio searches in slices end exactly as in one call, whichever direction decides.
#[test]
fn sliced_portfolio_searches_end_as_unsliced_ones() {
    let mut planner = Planner::new();
    let mut directions = [false; 2];
    for p in [
        generators::logistics(20, 8, 20, 1, 5),
        generators::logistics(12, 4, 12, 2, 7),
    ] {
        let o = options(Direction::Auto, Heuristic::Auto);
        let whole = planner.plan(&p.domain, &p.start, &p.goal, &o);
        assert!(whole.stats.generated > AUTO_BACKWARD_AFTER, "{}", p.name);
        directions[usize::from(whole.stats.backward)] = true;
        for budget in [1, 1000, 4095, 5000] {
            support::check_sliced(
                &mut planner,
                &p.domain,
                &p.start,
                &p.goal,
                &o,
                &ActionContext::default(),
                &whole,
                budget,
            )
            .unwrap_or_else(|e| panic!("{}, budget {budget}: {e}", p.name));
        }
    }
    assert_eq!(directions, [true, true], "both directions decided some");
}

/// A node limit that stops the forward search after the backward search started leaves
/// the backward search to decide.
#[test]
fn node_limits_in_the_portfolio() {
    let p = generators::logistics(20, 8, 20, 1, 5);
    let mut planner = Planner::new();
    let o = |direction| PlanOptions {
        max_nodes: 18_000,
        ..options(direction, Heuristic::Auto)
    };
    let f = planner.plan(&p.domain, &p.start, &p.goal, &o(Direction::Forward));
    assert_eq!(f.outcome, Outcome::LimitReached);
    assert!(f.stats.generated > AUTO_BACKWARD_AFTER);
    let a = planner.plan(&p.domain, &p.start, &p.goal, &o(Direction::Auto));
    assert!(a.stats.backward, "{:?}", a.stats);
    assert_eq!(a.plan().map(|p| p.cost), Some(4.0));
    // Below the forward search's need before the backward search starts: as forward.
    let small = PlanOptions {
        max_nodes: 5_000,
        ..o(Direction::Auto)
    };
    let a = planner.plan(&p.domain, &p.start, &p.goal, &small);
    assert_eq!(a.outcome, Outcome::LimitReached);
    assert!(!a.stats.backward && a.stats.stored <= 5_000);
}

/// Time budgets end slices anywhere, also inside a turn: the result and counts stay.
#[test]
fn time_sliced_portfolio_searches_end_as_unsliced_ones() {
    let p = generators::logistics(20, 8, 20, 1, 5);
    let o = options(Direction::Auto, Heuristic::Blind);
    let mut planner = Planner::new();
    let whole = planner.plan(&p.domain, &p.start, &p.goal, &o);
    assert!(whole.stats.backward, "{:?}", whole.stats);
    planner.begin(&p.domain, &p.start, &p.goal, &o, &ActionContext::default());
    let budget = goap::SearchBudget {
        max_expansions: 0,
        max_time: Some(std::time::Duration::ZERO),
    };
    let sliced = loop {
        if let Some(r) = planner.resume(&budget) {
            break r;
        }
        assert!(planner.progress().unwrap().expanded <= whole.stats.expanded);
    };
    assert_eq!(sliced.outcome, whole.outcome);
    assert_eq!(strip(&sliced), strip(&whole));
}
