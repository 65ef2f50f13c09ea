//! The benchmark's bitset baseline (`benches/common/bitset.rs`): it finds goap's optimal
//! cost (blind search) on the generated families and the sample domains, its plans replay,
//! a reused searcher gives the same answers as a fresh one, and it stops at its limits.

#[path = "../benches/common/bitset.rs"]
mod bitset;
#[path = "../benches/common/generators.rs"]
mod generators;

use bitset::{BitsetOutcome, BitsetProblem, BitsetResult, BitsetSearcher};
use generators::Problem;
use goap::format::load_domain_file;
use goap::{ActionDef, ActionId, Domain, FactValue, Heuristic, Outcome, PlanOptions, Planner};
use goap::{Goal, WorldState};

const DOMAINS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/domains");

/// Far more states than any problem here needs.
const LIMIT: usize = 1_000_000;

/// goap's optimal cost with blind search.
fn blind_cost(name: &str, domain: &Domain, start: &WorldState, goal: &Goal) -> f64 {
    let options = PlanOptions {
        heuristic: Heuristic::Blind,
        ..PlanOptions::default()
    };
    match Planner::new().plan(domain, start, goal, &options).outcome {
        Outcome::Found(plan) => plan.cost,
        other => panic!("{name}: goap (blind) {other:?}"),
    }
}

/// Replays `plan` with goap's own `Domain::apply`: every action applicable in turn, the
/// goal reached, the summed cost equal to `cost`.
fn check_replay(
    name: &str,
    domain: &Domain,
    start: &WorldState,
    goal: &Goal,
    plan: &[usize],
    cost: f64,
) {
    let mut s = start.clone();
    let mut sum = 0.0;
    for (step, &a) in plan.iter().enumerate() {
        assert!(a < domain.action_count(), "{name}: step {step}: action {a}");
        assert!(
            domain.apply(&mut s, ActionId(a as u32)),
            "{name}: step {step} ({}) is not applicable",
            domain.actions()[a].name()
        );
        sum += domain.actions()[a].cost();
    }
    assert!(
        domain.satisfies(&s, goal),
        "{name}: the plan misses the goal"
    );
    assert_eq!(
        sum, cost,
        "{name}: the plan's summed cost vs the reported cost"
    );
}

/// Plans with a fresh searcher and with `reused`, checks they agree, the plan replays and
/// its cost is goap's; returns the fresh result.
fn check(
    name: &str,
    domain: &Domain,
    start: &WorldState,
    goal: &Goal,
    reused: &mut BitsetSearcher,
) -> BitsetResult {
    assert_eq!(
        domain.var_count(),
        0,
        "{name}: numeric domains are not for the baseline"
    );
    let p = BitsetProblem::from_goap(domain, start, goal);
    assert_eq!(p.words, domain.fact_count().div_ceil(64).max(1), "{name}");
    assert_eq!(p.action_count(), domain.action_count(), "{name}");
    let fresh = bitset::plan(&p, LIMIT);
    let again = reused.plan(&p, LIMIT);
    assert_eq!(fresh.outcome, again.outcome, "{name}: reused searcher");
    assert_eq!(
        (fresh.expanded, fresh.generated, fresh.stored),
        (again.expanded, again.generated, again.stored),
        "{name}: reused searcher's counters"
    );
    let BitsetOutcome::Found { plan, cost } = &fresh.outcome else {
        panic!("{name}: bitset {:?}", fresh.outcome);
    };
    check_replay(name, domain, start, goal, plan, *cost);
    let optimum = blind_cost(name, domain, start, goal);
    assert_eq!(*cost, optimum, "{name}: bitset's cost vs goap's (blind)");
    assert!(
        fresh.stored >= 1 && fresh.generated + 1 >= fresh.stored,
        "{name}"
    );
    if *cost > 0.0 {
        assert!(fresh.expanded >= 1, "{name}");
    }
    fresh
}

fn check_problem(p: &Problem, reused: &mut BitsetSearcher) -> BitsetResult {
    let r = check(&p.name, &p.domain, &p.start, &p.goal, reused);
    if let (Some(known), BitsetOutcome::Found { cost, .. }) = (p.optimal, &r.outcome) {
        assert_eq!(*cost, known, "{}: closed-form optimum", p.name);
    }
    r
}

#[test]
fn generated_families_match_goap_blind() {
    let mut reused = BitsetSearcher::new();
    let mut problems = vec![generators::gripper(2), generators::gripper(4)];
    // chain-8/16 fit one word; 40, 70, 100 and 130 take 2, 3, 4 and 5 words.
    for n in [8, 16, 40, 70, 100, 130] {
        problems.push(generators::chain(n));
    }
    for seed in 1..=3 {
        problems.push(generators::blocksworld(4, seed));
        problems.push(generators::blocksworld(5, seed));
    }
    problems.push(generators::blocksworld_towers(5));
    for seed in 1..=3 {
        problems.push(generators::wide(64, 60, seed));
    }
    for p in &problems {
        check_problem(p, &mut reused);
    }
    // Big searches first, then small ones: the reused buffers are cleared, not trusted.
    for p in problems.iter().rev() {
        check_problem(p, &mut reused);
    }
    // Uniform-cost search on a corridor: every cell before the goal is expanded.
    let chain = check_problem(&generators::chain(16), &mut reused);
    assert!(chain.expanded >= 16, "chain-16 expanded {}", chain.expanded);
}

#[test]
fn sample_domains_match_goap_blind() {
    let mut reused = BitsetSearcher::new();
    let mut files: Vec<_> = std::fs::read_dir(DOMAINS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut checked = Vec::new();
    for path in files {
        let file = load_domain_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let Some(goal) = &file.goal else { continue };
        if file.domain.var_count() > 0 {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        check(&name, &file.domain, &file.start, goal, &mut reused);
        checked.push(name);
    }
    for expected in ["kitchen", "soldier-escape", "blocksworld-5", "wide-64-60"] {
        assert!(
            checked.iter().any(|n| n == expected),
            "{expected} not checked (checked: {checked:?})"
        );
    }
}

/// 600 padding facts, then a corridor `pos0..=pos12`: 613 facts, 10 words (beyond the
/// searches unrolled for up to 8 words). Setters of padding facts spread over the words
/// (cost 1) and a clearer of `pad500` (cost 2) widen the state space; the goal needs the
/// end of the corridor, `pad130` and not `pad500`.
fn spread() -> Problem {
    let mut d = Domain::new();
    let pad: Vec<_> = (0..600)
        .map(|i| d.add_fact(&format!("pad{i}")).unwrap())
        .collect();
    let pos: Vec<_> = (0..=12)
        .map(|i| d.add_fact(&format!("pos{i}")).unwrap())
        .collect();
    let t = |f| FactValue::new(f, true);
    let f = |f| FactValue::new(f, false);
    let mut add = |name: String, cost: f64, pre: Vec<FactValue>, effects: Vec<FactValue>| {
        d.add_action(ActionDef {
            name,
            pre,
            effects,
            cost,
            ..Default::default()
        })
        .unwrap();
    };
    for i in 0..12 {
        add(
            format!("fwd{i}"),
            1.0,
            vec![t(pos[i])],
            vec![f(pos[i]), t(pos[i + 1])],
        );
        add(
            format!("back{i}"),
            1.0,
            vec![t(pos[i + 1])],
            vec![f(pos[i + 1]), t(pos[i])],
        );
    }
    for k in [7, 130, 260, 390, 520, 599] {
        add(format!("set{k}"), 1.0, vec![], vec![t(pad[k])]);
    }
    add("clear500".into(), 2.0, vec![t(pad[500])], vec![f(pad[500])]);
    let goal = d
        .conditions([t(pos[12]), t(pad[130]), f(pad[500])])
        .unwrap();
    Problem {
        name: "spread-613".into(),
        domain: d,
        start: WorldState::from_values([t(pos[0]), t(pad[500]), t(pad[64])]),
        goal,
        optimal: Some(12.0 + 1.0 + 2.0),
    }
}

#[test]
fn more_words_than_the_unrolled_searches() {
    let p = spread();
    let bp = BitsetProblem::from_goap(&p.domain, &p.start, &p.goal);
    assert_eq!(bp.words, 10);
    let r = check_problem(&p, &mut BitsetSearcher::new());
    // Every state within the optimal cost 15 is expanded: 13 cells × the setters' and the
    // clearer's facts, far more than one word's worth of distinct states.
    assert!(r.expanded > 100, "{r:?}");
}

/// Facts `a`, `b`, `c` and the actions `make_a` (cost 1), `a_to_b` (cost 2, consumes
/// `a`), `direct_b` (cost 5) and `noop` (sets `c`, already true).
fn tiny() -> (Domain, WorldState) {
    let mut d = Domain::new();
    let a = d.add_fact("a").unwrap();
    let b = d.add_fact("b").unwrap();
    let c = d.add_fact("c").unwrap();
    let mut add = |name: &str, cost: f64, pre: Vec<FactValue>, effects: Vec<FactValue>| {
        d.add_action(ActionDef {
            name: name.to_owned(),
            pre,
            effects,
            cost,
            ..Default::default()
        })
        .unwrap();
    };
    let t = |f| FactValue::new(f, true);
    let f = |f| FactValue::new(f, false);
    add("make_a", 1.0, vec![f(a)], vec![t(a)]);
    add("a_to_b", 2.0, vec![t(a)], vec![f(a), t(b)]);
    add("direct_b", 5.0, vec![], vec![t(b)]);
    add("noop", 0.0, vec![], vec![t(c)]);
    let start = WorldState::from_values([t(c)]);
    (d, start)
}

#[test]
fn tiny_domain_costs_limits_and_unreachable_goals() {
    let (d, start) = tiny();
    let fact = |n: &str| d.fact_id(n).unwrap();
    let goal = |v: Vec<(&str, bool)>| {
        d.conditions(v.into_iter().map(|(n, b)| FactValue::new(fact(n), b)))
            .unwrap()
    };
    let mut s = BitsetSearcher::new();
    // b, cheapest through a (1 + 2) rather than directly (5).
    let r = check("tiny b", &d, &start, &goal(vec![("b", true)]), &mut s);
    assert_eq!(
        r.outcome,
        BitsetOutcome::Found {
            plan: vec![0, 1],
            cost: 3.0
        }
    );
    // The no-op (a successor equal to its parent) is never generated: {c} generates
    // {a,c} and {b,c} (cost 5); {a,c} generates {b,c} (now 3) and {a,b,c}; {b,c} is the
    // goal.
    assert_eq!((r.expanded, r.generated, r.stored), (2, 4, 4), "{r:?}");
    // The start state already satisfies its goal: an empty plan, nothing expanded.
    let r = check("tiny c", &d, &start, &goal(vec![("c", true)]), &mut s);
    assert_eq!(
        r.outcome,
        BitsetOutcome::Found {
            plan: vec![],
            cost: 0.0
        }
    );
    assert_eq!(r.expanded, 0);
    // a and b together: make_a, a_to_b, make_a again (4) beats direct_b and make_a (6).
    let r = check(
        "tiny a b",
        &d,
        &start,
        &goal(vec![("a", true), ("b", true)]),
        &mut s,
    );
    assert!(matches!(r.outcome, BitsetOutcome::Found { cost, .. } if cost == 4.0));
    // c false: nothing deletes c.
    let p = BitsetProblem::from_goap(&d, &start, &goal(vec![("c", false)]));
    let r = s.plan(&p, LIMIT);
    assert_eq!(r.outcome, BitsetOutcome::NoPlan);
    assert_eq!(r.stored, 4, "{{c}}, {{a,c}}, {{b,c}}, {{a,b,c}}");
    assert_eq!(r.expanded, 4);
    // The limit counts stored states: the search needs 4.
    let r = s.plan(&p, 3);
    assert_eq!(r.outcome, BitsetOutcome::LimitReached);
    assert_eq!(r.stored, 3);
    assert_eq!(s.plan(&p, 4).outcome, BitsetOutcome::NoPlan);
}

#[test]
fn the_state_limit_stops_a_large_search() {
    let p = generators::gripper(4);
    let bp = BitsetProblem::from_goap(&p.domain, &p.start, &p.goal);
    let mut s = BitsetSearcher::new();
    let full = s.plan(&bp, LIMIT);
    assert!(full.stored > 100, "gripper-4 stores {}", full.stored);
    let r = s.plan(&bp, 100);
    assert_eq!(r.outcome, BitsetOutcome::LimitReached);
    assert_eq!(r.stored, 100);
    // After a stopped search the searcher still finds the optimum.
    assert!(
        matches!(s.plan(&bp, LIMIT).outcome, BitsetOutcome::Found { cost, .. } if cost == 11.0)
    );
}
