//! The tight loop's ring of queues (keyed by `f` and `h`), searches run on the stack and
//! rings reused across searches: random boolean domains with small whole-number costs,
//! planned with `Auto`, `Landmarks` and `Blind`, checked for optimal cost (a Dijkstra
//! reference), for slices ending exactly as the search run in one call, and for a planner
//! reused across searches of different sizes giving what a fresh one gives.
//!
//! `GOAP_DIFF_SCALE=<n>` runs `n` times as many cases.

mod support;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use goap::{
    ActionContext, ActionDef, ActionId, Direction, Domain, FactId, FactValue, Goal, Heuristic,
    Outcome, PlanOptions, PlanResult, Planner, SearchStats, WorldState,
};
use support::{case_seed, scaled, Act, Rng};

#[derive(Clone, Debug)]
struct Case {
    facts: usize,
    actions: Vec<Act>,
    start: u32,
    goal_t: u32,
    goal_f: u32,
}

/// A random case: `facts` facts, whole costs `0..=max_cost` (a few zero).
fn random_case(seed: u64, facts: usize, actions: usize, max_cost: u64) -> Case {
    random_case_goals(seed, facts, actions, max_cost, 4, 9)
}

/// [`random_case`] with up to `max_goals` goal facts, deletes at 1 in `del_in`.
fn random_case_goals(
    seed: u64,
    facts: usize,
    actions: usize,
    max_cost: u64,
    max_goals: u64,
    del_in: u64,
) -> Case {
    let mut r = Rng::new(seed);
    let full = if facts == 32 {
        u32::MAX
    } else {
        (1u32 << facts) - 1
    };
    let mut acts = Vec::new();
    for _ in 0..actions {
        let (mut pre_t, mut pre_f, mut add, mut del) = (0u32, 0u32, 0u32, 0u32);
        let pre_pct = 6 + r.below(14);
        for b in 0..facts {
            if r.chance(pre_pct) {
                if r.chance(70) {
                    pre_t |= 1 << b;
                } else {
                    pre_f |= 1 << b;
                }
            }
            match r.below(del_in) {
                0 | 1 => add |= 1 << b,
                2 | 3 if del_in < 9 => del |= 1 << b,
                2 => del |= 1 << b,
                _ => {}
            }
        }
        if add == 0 {
            add |= 1 << r.below(facts as u64);
        }
        del &= !add;
        pre_f &= !pre_t;
        let cost = if r.chance(8) {
            0.0
        } else {
            (1 + r.below(max_cost)) as f64
        };
        acts.push(Act {
            pre_t: pre_t & full,
            pre_f: pre_f & full,
            add: add & full,
            del: del & full,
            cost,
        });
    }
    let start = (r.next_u64() as u32) & full;
    let mut goal_t = 0;
    let mut goal_f = 0;
    let goals = 1 + r.below(max_goals.min(facts as u64));
    for _ in 0..goals {
        let b = r.below(facts as u64);
        if r.chance(75) {
            goal_t |= 1 << b;
        } else {
            goal_f |= 1 << b;
        }
    }
    goal_f &= !goal_t;
    Case {
        facts,
        actions: acts,
        start,
        goal_t,
        goal_f,
    }
}

fn entries(t: u32, f: u32, facts: usize) -> Vec<FactValue> {
    let mut v = Vec::new();
    for i in 0..facts {
        if t >> i & 1 == 1 {
            v.push(FactValue::new(FactId(i as u32), true));
        }
        if f >> i & 1 == 1 {
            v.push(FactValue::new(FactId(i as u32), false));
        }
    }
    v
}

/// The library's problem; costs times `scale`; with `dummy`, one more fact (never true) and
/// an action needing it at cost `dummy` (so that `small_costs` sees that cost).
fn build(c: &Case, scale: f64, dummy: Option<f64>) -> (Domain, WorldState, Goal) {
    let mut d = Domain::new();
    for i in 0..c.facts {
        d.add_fact(&format!("f{i}")).unwrap();
    }
    for (i, a) in c.actions.iter().enumerate() {
        d.add_action(ActionDef {
            name: format!("a{i}"),
            pre: entries(a.pre_t, a.pre_f, c.facts),
            effects: entries(a.add, a.del, c.facts),
            cost: a.cost * scale,
            ..Default::default()
        })
        .unwrap();
    }
    if let Some(cost) = dummy {
        let never = d.add_fact("never").unwrap();
        d.add_action(ActionDef {
            name: "dummy".into(),
            pre: vec![FactValue::new(never, true)],
            effects: vec![FactValue::new(FactId(0), true)],
            cost,
            ..Default::default()
        })
        .unwrap();
    }
    let mut start = WorldState::new();
    for i in 0..c.facts {
        if c.start >> i & 1 == 1 {
            start.set(FactId(i as u32), true);
        }
    }
    let goal = d.conditions(entries(c.goal_t, c.goal_f, c.facts)).unwrap();
    (d, start, goal)
}

/// Dijkstra over explicit states, with `costs` per action.
fn reference(c: &Case, costs: &[f64]) -> Option<f64> {
    let mut dist: HashMap<u32, f64> = HashMap::new();
    let mut heap = BinaryHeap::new();
    dist.insert(c.start, 0.0);
    heap.push(Reverse((0u64, c.start)));
    while let Some(Reverse((d, s))) = heap.pop() {
        let d = f64::from_bits(d);
        if d > dist[&s] {
            continue;
        }
        if s & c.goal_t == c.goal_t && s & c.goal_f == 0 {
            return Some(d);
        }
        for (i, a) in c.actions.iter().enumerate() {
            if s & a.pre_t != a.pre_t || s & a.pre_f != 0 {
                continue;
            }
            let t = (s & !a.del) | a.add;
            let nd = d + costs[i];
            if dist.get(&t).is_none_or(|&old| nd < old) {
                dist.insert(t, nd);
                heap.push(Reverse((nd.to_bits(), t)));
            }
        }
    }
    None
}

fn strip(r: &PlanResult) -> (Outcome, SearchStats) {
    (
        r.outcome.clone(),
        SearchStats {
            elapsed: std::time::Duration::ZERO,
            ..r.stats
        },
    )
}

fn cost(r: &PlanResult) -> Option<f64> {
    match &r.outcome {
        Outcome::Found(p) => Some(p.cost),
        Outcome::NoPlan => None,
        other => panic!("unexpected outcome {other:?}"),
    }
}

/// Checks one case with `heuristics`: optimal, same as a fresh planner, same in slices.
#[allow(clippy::too_many_arguments)]
fn check_case(
    shared: &mut Planner,
    c: &Case,
    context: &ActionContext,
    costs: &[f64],
    heuristics: &[Heuristic],
    direction: Direction,
    seed: u64,
    big: &mut u64,
) {
    let (d, start, goal) = build(c, 1.0, None);
    let best = reference(c, costs);
    for &heuristic in heuristics {
        let options = PlanOptions {
            heuristic,
            direction,
            ..PlanOptions::default()
        };
        let whole = shared.plan_in(&d, &start, &goal, &options, context);
        let got = cost(&whole);
        assert_eq!(
            got, best,
            "seed {seed:#x} {heuristic:?} {direction:?}: cost {got:?}, optimum {best:?}\n{c:?}"
        );
        if whole.stats.expanded > 256 && heuristic != Heuristic::Blind {
            *big += 1;
        }
        if heuristic == Heuristic::Auto && whole.stats.evaluations > 1 {
            ESCALATED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        let fresh = Planner::new().plan_in(&d, &start, &goal, &options, context);
        assert_eq!(
            strip(&fresh),
            strip(&whole),
            "seed {seed:#x} {heuristic:?}: a reused planner differs from a fresh one"
        );
        let budget = support::slice_budget(seed ^ heuristic as u64);
        support::check_sliced(shared, &d, &start, &goal, &options, context, &whole, budget)
            .unwrap_or_else(|e| panic!("seed {seed:#x} {heuristic:?} {direction:?}: {e}\n{c:?}"));
    }
}

/// Auto searches that evaluated LM-cut beyond the root (escalated), over all tests.
static ESCALATED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

const HEURISTICS: [Heuristic; 3] = [Heuristic::Landmarks, Heuristic::Auto, Heuristic::Blind];

/// Runs `n` cases (`n` scaled by `GOAP_DIFF_SCALE`) made by `make` from their index and
/// a generator seeded from `tag`, through [`check_case`] with one planner reused across all
/// of them (rings of every size in turn). Returns the landmark searches past 256
/// expansions.
fn run_cases(
    n: usize,
    tag: u64,
    make: impl Fn(usize, &mut Rng, u64) -> (Case, ActionContext, Vec<f64>, Direction),
) -> u64 {
    let mut shared = Planner::new();
    let mut big = 0;
    for i in 0..scaled(n) {
        let seed = case_seed(tag, i);
        let mut r = Rng::new(seed);
        let (c, context, costs, direction) = make(i, &mut r, seed);
        check_case(
            &mut shared,
            &c,
            &context,
            &costs,
            &HEURISTICS,
            direction,
            seed,
            &mut big,
        );
    }
    big
}

/// Small and medium cases, forward and with the portfolio.
#[test]
fn random_small_whole_costs() {
    let n = if cfg!(debug_assertions) { 400 } else { 2_000 };
    let big = run_cases(n, 0x7265_7669_6577, |i, r, seed| {
        let facts = r.range(3, 14);
        let actions = r.range(4, 30);
        let max_cost = 1 + r.below(4);
        let c = random_case(seed, facts, actions, max_cost);
        let costs: Vec<f64> = c.actions.iter().map(|a| a.cost).collect();
        let direction = if i % 4 == 3 {
            Direction::Auto
        } else {
            Direction::Forward
        };
        (c, ActionContext::default(), costs, direction)
    });
    eprintln!("{big} searches past 256 expansions");
}

/// Larger cases (hundreds to thousands of expansions: past the 256 after which uniform-cost
/// searches and landmark searches with many keys move to the f-keyed ring).
#[test]
fn random_large_whole_costs() {
    let n = if cfg!(debug_assertions) { 60 } else { 1_500 };
    let big = run_cases(n, 0x6c61_7267_6521, |i, r, seed| {
        let facts = r.range(15, 19);
        let actions = r.range(30, 70);
        let max_cost = 1 + r.below(if i % 3 == 0 { 12 } else { 3 });
        let c = random_case_goals(seed, facts, actions, max_cost, 8, 7);
        let costs: Vec<f64> = c.actions.iter().map(|a| a.cost).collect();
        (c, ActionContext::default(), costs, Direction::Forward)
    });
    eprintln!(
        "{big} landmark searches past 256 expansions; {} Auto searches escalated so far",
        ESCALATED.load(std::sync::atomic::Ordering::Relaxed)
    );
    assert!(
        big >= scaled(n) as u64 / 10,
        "too few large searches: {big}"
    );
}

/// Cost overrides (whole and fractional) through an action context: the costed copy's
/// `small_costs` decides the ring; optimal for the changed costs, same in slices.
#[test]
fn random_cost_overrides() {
    let n = if cfg!(debug_assertions) { 300 } else { 1_500 };
    let big = run_cases(n, 0x636f_7374_6564, |_, r, seed| {
        let facts = r.range(4, 15);
        let actions = r.range(6, 40);
        let c = random_case(seed, facts, actions, 3);
        let mut costs: Vec<f64> = c.actions.iter().map(|a| a.cost).collect();
        let mut context = ActionContext::new();
        for _ in 0..r.range(1, 4) {
            let a = r.below(actions as u64) as usize;
            let cost = match r.below(3) {
                0 => r.below(6) as f64,
                1 => 0.5 + r.below(4) as f64,
                _ => 40.0 + r.below(300) as f64,
            };
            context.set_cost(ActionId(a as u32), cost).unwrap();
            costs[a] = cost;
        }
        (c, context, costs, Direction::Forward)
    });
    eprintln!("{big} searches past 256 expansions");
}

/// The ring of queues pops in the heap's order, so a landmark search
/// expands the same nodes with it as with the heap. Compared on the same domain plus one
/// unreachable action (pruned by the setup: the landmarks and everything else stay the
/// same) of cost 1 (ring of queues: `(1 + max cost + root) × (root + 1) ≤ 4096`) or 255 (too
/// many keys: the heap, for searches under 256 expansions). Counts the cases where they
/// differ; `ring_matches_heap_strict` asserts there are none (a node pushed again after a
/// cheaper path must take its place by creation in its queue, as it does in the heap).
fn ring_vs_heap(strict: bool) {
    let n = scaled(if cfg!(debug_assertions) { 400 } else { 3_000 });
    let mut planner = Planner::new();
    let mut differ = Vec::new();
    let mut compared = 0;
    for i in 0..n {
        let seed = case_seed(0x6865_6170, i);
        let mut r = Rng::new(seed);
        let facts = r.range(6, 16);
        let actions = r.range(8, 40);
        let c = random_case_goals(seed, facts, actions, 6 + r.below(10), 12, 9);
        let options = PlanOptions {
            heuristic: Heuristic::Landmarks,
            direction: Direction::Forward,
            ..PlanOptions::default()
        };
        let (d1, s1, g1) = build(&c, 1.0, Some(1.0));
        let (d2, s2, g2) = build(&c, 1.0, Some(255.0));
        let ring = planner.plan(&d1, &s1, &g1, &options);
        let heap = planner.plan(&d2, &s2, &g2, &options);
        let root = ring.stats.initial_h;
        let max_cost = c.actions.iter().map(|a| a.cost).fold(1.0, f64::max);
        let queues = (1.0 + max_cost + root) * (root + 1.0) <= 4096.0;
        let heap_only = (256.0 + root) * (root + 1.0) > 4096.0 && heap.stats.expanded < 256;
        assert_eq!(cost(&ring), cost(&heap), "seed {seed:#x}: costs");
        assert_eq!(ring.stats.initial_h, heap.stats.initial_h);
        if !(queues && heap_only) {
            continue;
        }
        compared += 1;
        let plans = (
            ring.plan().map(|p| p.actions.clone()),
            heap.plan().map(|p| p.actions.clone()),
        );
        let counts = |r: &PlanResult| (r.stats.expanded, r.stats.generated, r.stats.stored);
        if plans.0 != plans.1 || counts(&ring) != counts(&heap) {
            differ.push((seed, counts(&ring), counts(&heap), ring.stats.reopened));
        }
    }
    eprintln!(
        "ring vs heap: {} of {compared} landmark searches differ; first: {:?}",
        differ.len(),
        differ.iter().take(5).collect::<Vec<_>>()
    );
    assert!(compared >= n / 50, "only {compared} compared");
    if strict {
        assert!(differ.is_empty(), "{:?}", differ.first());
    }
}

#[test]
fn ring_vs_heap_costs_agree() {
    ring_vs_heap(false);
}

#[test]
fn ring_matches_heap_strict() {
    ring_vs_heap(true);
}

/// A host that records what it is offered for storing (and keeps one planner).
#[derive(Default)]
struct Recorder {
    planner: Planner,
    stored: Vec<(Outcome, SearchStats)>,
}

impl goap::agent::SearchHost for Recorder {
    fn store(&mut self, _job: &goap::agent::PlanJob, _goal: &Goal, result: &PlanResult) {
        self.stored.push(strip(result));
    }
    fn take_planner(&mut self) -> Planner {
        std::mem::take(&mut self.planner)
    }
    fn return_planner(&mut self, planner: Planner) {
        self.planner = planner;
    }
}

/// `JobRun::advance` without a budget (now `Planner::plan_in`) against a budget so large
/// it never runs out (`begin` and `resume`): same attempts, same
/// results offered to the cache, same `spent` and `total`.
#[test]
fn job_run_without_budget() {
    use goap::agent::JobRun;
    use goap::{Agent, AgentDef, AgentId, GoalDef, SearchBudget};
    let n = scaled(if cfg!(debug_assertions) { 60 } else { 400 });
    let mut searched = 0;
    let mut multi = 0;
    for i in 0..n {
        let seed = case_seed(0x6a6f_6272_756e, i);
        let mut r = Rng::new(seed);
        let facts = r.range(6, 16);
        let c = random_case(seed, facts, r.range(4, 16), 1 + r.below(3));
        let (d, start, _) = build(&c, 1.0, Some(1.0));
        let d = std::sync::Arc::new(d);
        let heuristic = HEURISTICS[i % 3];
        let def = AgentDef {
            options: PlanOptions {
                heuristic,
                ..PlanOptions::default()
            },
            ..AgentDef::default()
        };
        let mut agent = Agent::new(AgentId::default(), d.clone(), start, def).unwrap();
        // Random goals (some without a plan, found by search or by the setup).
        let mut goals = Vec::new();
        for k in 0..6 {
            let g = random_case_goals(seed ^ (k + 1), facts, 1, 1, 6, 9);
            goals.push(d.conditions(entries(g.goal_t, g.goal_f, facts)).unwrap());
        }
        for (k, goal) in goals.into_iter().enumerate() {
            agent
                .add_goal(GoalDef {
                    name: format!("g{k}"),
                    conditions: goal,
                    priority: 10.0 - k as f64,
                    ..GoalDef::default()
                })
                .unwrap();
        }
        if !agent.needs_plan() {
            continue;
        }
        let Some(job) = agent.make_job().unwrap() else {
            continue;
        };
        let mut results = Vec::new();
        for budget in [
            SearchBudget::UNLIMITED,
            SearchBudget::expansions(u64::MAX / 2),
        ] {
            let mut host = Recorder::default();
            let mut run = JobRun::new(job.clone());
            assert!(run.advance(&budget, &mut host));
            let (spent, total) = (run.spent(), run.total());
            let (_, result) = run.finish();
            let attempts: Vec<_> = result
                .attempts
                .iter()
                .map(|(g, r, cached)| (*g, strip(r), *cached))
                .collect();
            assert_eq!(spent, total);
            assert_eq!(
                total,
                result.expanded(),
                "seed {seed:#x}: total counts every attempt's expansions"
            );
            results.push((attempts, host.stored, spent, total));
        }
        searched += results[0].0.len();
        multi += usize::from(results[0].0.len() >= 2);
        assert_eq!(results[0], results[1], "seed {seed:#x} {heuristic:?}");
    }
    eprintln!("{searched} attempts in {n} jobs, {multi} with two or more");
    assert!(
        searched >= n / 2 && multi > 0,
        "{searched} attempts, {multi} jobs with two or more"
    );
}

/// `Planner::plan` between `begin` and the end of the search drops it (the search ran on
/// the stack, not in the planner); the plan equals a fresh planner's; a search begun after
/// it (and after `cancel`) ends as in one call.
#[test]
fn plan_in_the_middle_of_a_sliced_search() {
    let n = scaled(if cfg!(debug_assertions) { 60 } else { 300 });
    let mut p = Planner::new();
    for i in 0..n {
        let seed = case_seed(0x6d69_6464_6c65, i);
        let mut r = Rng::new(seed);
        let facts = r.range(12, 17);
        let a = random_case_goals(seed, facts, r.range(20, 50), 3, 8, 7);
        let b = random_case(seed ^ 1, r.range(3, 12), r.range(4, 20), 3);
        let (da, sa, ga) = build(&a, 1.0, None);
        let (db, sb, gb) = build(&b, 1.0, None);
        let heuristic = HEURISTICS[i % 3];
        let options = PlanOptions {
            heuristic,
            direction: Direction::Forward,
            ..PlanOptions::default()
        };
        let whole_a = Planner::new().plan(&da, &sa, &ga, &options);
        let whole_b = Planner::new().plan(&db, &sb, &gb, &options);
        p.begin(&da, &sa, &ga, &options, &ActionContext::default());
        let first = p.resume(&goap::SearchBudget::expansions(1 + r.below(50)));
        let got_b = p.plan(&db, &sb, &gb, &options);
        assert_eq!(strip(&got_b), strip(&whole_b), "seed {seed:#x}");
        assert!(!p.is_searching() && p.progress().is_none());
        assert_eq!(p.resume(&goap::SearchBudget::UNLIMITED), None);
        if first.is_none() {
            p.begin(&da, &sa, &ga, &options, &ActionContext::default());
            let _ = p.resume(&goap::SearchBudget::expansions(3));
            p.cancel();
            assert!(!p.is_searching());
        }
        let budget = support::slice_budget(seed);
        support::check_sliced(
            &mut p,
            &da,
            &sa,
            &ga,
            &options,
            &ActionContext::default(),
            &whole_a,
            budget,
        )
        .unwrap_or_else(|e| panic!("seed {seed:#x} {heuristic:?}: {e}"));
    }
}
