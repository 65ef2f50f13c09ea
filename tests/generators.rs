//! The benchmark's problem generators (`benches/common/generators.rs`): known optima,
//! valid domains that plan, agreement of the heuristics, and the wide family's shape.

#[path = "../benches/common/generators.rs"]
mod generators;

use std::collections::HashSet;

use generators::Problem;
use goap::format::load_domain_file;
use goap::{Heuristic, Outcome, Plan, PlanOptions, Planner};

const DOMAINS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/domains");

fn options(heuristic: Heuristic) -> PlanOptions {
    PlanOptions {
        heuristic,
        ..PlanOptions::default()
    }
}

/// Plans `p` with `heuristic`, replays the plan step by step and returns it.
fn plan(p: &Problem, heuristic: Heuristic) -> Plan {
    let result = Planner::new().plan(&p.domain, &p.start, &p.goal, &options(heuristic));
    let plan = match result.outcome {
        Outcome::Found(plan) => plan,
        other => panic!("{} with {heuristic:?}: {other:?}", p.name),
    };
    let mut s = p.start.clone();
    let mut cost = 0.0;
    for &a in &plan.actions {
        let action = p.domain.action(a).unwrap();
        assert!(
            s.satisfies(action.pre()),
            "{}: {} is not applicable",
            p.name,
            action.name()
        );
        s.apply(action.effects());
        cost += action.cost();
    }
    assert!(s.satisfies(&p.goal), "{}: the plan misses the goal", p.name);
    assert_eq!(cost, plan.cost, "{}: reported cost", p.name);
    plan
}

/// Auto, LM-cut and blind search agree on the cost; returns it.
fn agreed_cost(p: &Problem) -> f64 {
    let auto = plan(p, Heuristic::Auto).cost;
    let lmcut = plan(p, Heuristic::LmCut).cost;
    let blind = plan(p, Heuristic::Blind).cost;
    assert_eq!(auto, blind, "{}: Auto vs Blind", p.name);
    assert_eq!(lmcut, blind, "{}: LmCut vs Blind", p.name);
    blind
}

#[test]
fn gripper_plans_at_its_closed_form_optimum() {
    for n in [2, 4, 6] {
        let p = generators::gripper(n);
        let optimum = (3 * n - 1) as f64;
        assert_eq!(p.optimal, Some(optimum));
        assert_eq!(plan(&p, Heuristic::Auto).cost, optimum, "gripper-{n}");
        assert_eq!(plan(&p, Heuristic::Blind).cost, optimum, "gripper-{n}");
    }
}

#[test]
fn generated_gripper_4_matches_the_sample_file() {
    let file = load_domain_file(&std::path::Path::new(DOMAINS).join("gripper-4.json")).unwrap();
    let file_cost = Planner::new()
        .plan(
            &file.domain,
            &file.start,
            file.goal.as_ref().unwrap(),
            &PlanOptions::default(),
        )
        .plan()
        .unwrap()
        .cost;
    assert_eq!(file_cost, 11.0);
    let p = generators::gripper(4);
    assert_eq!(p.domain.fact_count(), file.domain.fact_count());
    assert_eq!(p.domain.action_count(), file.domain.action_count());
    assert_eq!(agreed_cost(&p), file_cost);
}

#[test]
fn chain_plans_at_its_length() {
    for n in [1, 2, 5, 16, 40] {
        let p = generators::chain(n);
        assert_eq!(p.optimal, Some(n as f64));
        assert_eq!(agreed_cost(&p), n as f64, "chain-{n}");
    }
}

#[test]
fn blocksworld_plans_and_the_heuristics_agree() {
    for seed in 1..=4 {
        let p = generators::blocksworld(5, seed);
        assert_eq!(p.domain.fact_count(), 36);
        assert_eq!(p.domain.action_count(), 50);
        assert!(agreed_cost(&p) > 0.0, "seed {seed}");
    }
    let towers = generators::blocksworld_towers(5);
    agreed_cost(&towers);
    // The benchmark's blocksworld-8 plans (Auto only: blind search takes 400k nodes).
    let p = generators::blocksworld(8, 6);
    plan(&p, Heuristic::Auto);
}

/// Incremental LM-cut (an evaluation starts from the landmarks of the node's parent that its
/// action is in none of) keeps plans optimal in long searches: `LmCut` (incremental from its
/// first evaluation) on blocksworld-7, and `Auto` on blocksworld-8 past the 256 plain
/// evaluations it decides on, against searches that run no LM-cut evaluation.
#[test]
fn long_incremental_lmcut_searches_plan_at_the_optimum() {
    let evaluations = |p: &Problem, heuristic| {
        let r = Planner::new().plan(&p.domain, &p.start, &p.goal, &options(heuristic));
        r.stats.evaluations
    };
    let p = generators::blocksworld(7, 2);
    assert!(evaluations(&p, Heuristic::LmCut) > 256);
    assert_eq!(
        plan(&p, Heuristic::LmCut).cost,
        plan(&p, Heuristic::Blind).cost
    );
    let p = generators::blocksworld(8, 6);
    assert!(evaluations(&p, Heuristic::Auto) > 256);
    assert_eq!(
        plan(&p, Heuristic::Auto).cost,
        plan(&p, Heuristic::Landmarks).cost
    );
}

#[test]
fn wide_plans_and_the_heuristics_agree() {
    for seed in 1..=5 {
        let p = generators::wide(64, 60, seed);
        assert_eq!(p.domain.fact_count(), 64);
        assert_eq!(p.domain.action_count(), 60);
        agreed_cost(&p);
    }
}

/// The action names and their lists: two problems generated alike compare equal.
fn fingerprint(p: &Problem) -> Vec<String> {
    p.domain
        .actions()
        .iter()
        .map(|a| format!("{} {:?} {:?} {}", a.name(), a.pre(), a.effects(), a.cost()))
        .collect()
}

#[test]
fn wide_is_deterministic_and_mostly_distractors() {
    assert_eq!(
        fingerprint(&generators::wide(256, 2000, 1)),
        fingerprint(&generators::wide(256, 2000, 1))
    );
    assert_ne!(
        fingerprint(&generators::wide(64, 60, 1)),
        fingerprint(&generators::wide(64, 60, 2))
    );
    for seed in 1..=3 {
        let p = generators::wide(256, 2000, seed);
        assert_eq!(p.domain.fact_count(), 256);
        assert_eq!(p.domain.action_count(), 2000);
        // What the chain's actions read, apart from the chain and the resources
        // (x000..=x020), is static background: nothing writes it.
        let is_core = |n: &str| {
            ["step", "skip", "detour", "junk"]
                .iter()
                .any(|k| n.starts_with(k))
        };
        let background: HashSet<u32> = p
            .domain
            .actions()
            .iter()
            .filter(|a| is_core(a.name()))
            .flat_map(|a| a.pre().entries().iter().map(|e| e.fact.0))
            .filter(|&f| f > 20)
            .collect();
        for a in p.domain.actions() {
            for e in a.effects().entries() {
                assert!(
                    !background.contains(&e.fact.0),
                    "{} writes background fact {}",
                    a.name(),
                    p.domain.fact_name(e.fact)
                );
            }
        }
        let result = Planner::new().plan(&p.domain, &p.start, &p.goal, &PlanOptions::default());
        assert!(matches!(result.outcome, Outcome::Found(_)), "seed {seed}");
        let kept = result.stats.actions_kept;
        assert!(
            (30..=250).contains(&kept),
            "seed {seed}: pruning keeps {kept} of 2000 actions"
        );
        assert_eq!(
            plan(&p, Heuristic::Blind).cost,
            plan(&p, Heuristic::Auto).cost
        );
    }
}
