//! The default search's exact tables on tiny tasks (see `src/planner/search/exact.rs`),
//! against blind search: random tiny domains with whole, zero, fractional and large costs,
//! disabled actions (some beyond the domain), sliced against unsliced, reused planners
//! against fresh ones; and the rounding cases a review found.

use goap::{
    ActionContext, ActionDef, ActionId, Domain, FactId, FactValue, Goal, Heuristic, Outcome,
    PlanOptions, Planner, SearchBudget, WorldState, EXACT_MAX_FACTS, EXACT_MAX_WORK,
};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Whole costs a table takes (0 to 255), and ones it does not (fractional, over 255).
const COSTS: [f64; 8] = [0.0, 1.0, 2.0, 3.0, 255.0, 1.0, 0.5, 256.0];

fn opts(h: Heuristic) -> PlanOptions {
    PlanOptions {
        heuristic: h,
        ..PlanOptions::default()
    }
}

fn check_plan(d: &Domain, start: &WorldState, goal: &Goal, plan: &[ActionId]) {
    let mut s = start.clone();
    for &a in plan {
        assert!(d.apply(&mut s, a), "inapplicable step");
    }
    assert!(d.satisfies(&s, goal), "goal not reached");
}

/// Whether the default search of this task walks a table: whole costs up to 255, at most
/// `EXACT_MAX_FACTS` facts read by a precondition or the goal, and their states times the
/// enabled actions at most `EXACT_MAX_WORK` (the documented rule, computed here from the
/// domain file's view).
fn takes_table(d: &Domain, goal: &Goal, ctx: &ActionContext) -> bool {
    let mut read = vec![false; d.fact_count()];
    let mut enabled = 0;
    for a in 0..d.action_count() as u32 {
        let def = d.action(ActionId(a)).unwrap();
        if def.cost().fract() != 0.0 || def.cost() > 255.0 {
            return false;
        }
        for p in def.pre().entries() {
            read[p.fact.index()] = true;
        }
        enabled += usize::from(!ctx.is_disabled(ActionId(a)));
    }
    for e in goal.entries() {
        read[e.fact.index()] = true;
    }
    let k = read.iter().filter(|&&r| r).count();
    k <= EXACT_MAX_FACTS && (1usize << k) * enabled.max(1) <= EXACT_MAX_WORK
}

/// Three independent actions of costs 0.1, 0.2, 0.3 (registered in that order), the goal
/// needs all three. Every order is a plan; summed in plan order, 0.3 + 0.2 + 0.1 = 0.6 but
/// 0.1 + 0.2 + 0.3 = 0.6000000000000001. A table's distances are sums formed from the goal,
/// so with fractional costs its walk could return the second (found in review): tables are
/// only for whole costs, and this search is the ordinary one.
#[test]
fn exact_walk_cost_is_the_optimum_in_plan_order() {
    let mut d = Domain::new();
    let f: Vec<FactId> = (0..3)
        .map(|i| d.add_fact(&format!("f{i}")).unwrap())
        .collect();
    for (i, cost) in [0.1, 0.2, 0.3].into_iter().enumerate() {
        d.add_action(ActionDef {
            name: format!("a{i}"),
            pre: vec![],
            effects: vec![FactValue::new(f[i], true)],
            cost,
            ..Default::default()
        })
        .unwrap();
    }
    let goal = d
        .conditions(f.iter().map(|&x| FactValue::new(x, true)))
        .unwrap();
    let start = WorldState::new();
    let blind = Planner::new().plan(&d, &start, &goal, &opts(Heuristic::Blind));
    let auto = Planner::new().plan(&d, &start, &goal, &opts(Heuristic::Auto));
    let (pb, pa) = (blind.plan().unwrap(), auto.plan().unwrap());
    assert_eq!(pb.cost, 0.6, "blind: {:?}", pb.actions);
    assert_eq!(
        pa.cost, pb.cost,
        "auto {:?} vs blind {:?}",
        pa.actions, pb.actions
    );
    assert!(auto.stats.initial_h <= pa.cost);
}

/// A chain 0.3 → 0.2 → 0.1: the only plan costs 0.3 + 0.2 + 0.1 = 0.6 in plan order, but a
/// distance formed from the goal (0.1 + 0.2 + 0.3) is 0.6000000000000001: `initial_h`, a
/// lower bound, must not be that (found in review).
#[test]
fn exact_initial_h_is_a_lower_bound() {
    let mut d = Domain::new();
    let f: Vec<FactId> = (0..3)
        .map(|i| d.add_fact(&format!("f{i}")).unwrap())
        .collect();
    for (i, cost) in [0.3, 0.2, 0.1].into_iter().enumerate() {
        d.add_action(ActionDef {
            name: format!("a{i}"),
            pre: if i == 0 {
                vec![]
            } else {
                vec![FactValue::new(f[i - 1], true)]
            },
            effects: vec![FactValue::new(f[i], true)],
            cost,
            ..Default::default()
        })
        .unwrap();
    }
    let goal = d.conditions([FactValue::new(f[2], true)]).unwrap();
    let r = Planner::new().plan(&d, &WorldState::new(), &goal, &opts(Heuristic::Auto));
    let cost = r.plan().unwrap().cost;
    assert_eq!(cost, 0.6);
    assert!(
        r.stats.initial_h <= cost,
        "initial_h {} > plan cost {}",
        r.stats.initial_h,
        cost
    );
}

fn random_task_k(r: &mut Rng, max_facts: u64, max_actions: u64) -> (Domain, WorldState, Goal) {
    let mut d = Domain::new();
    let nf = 1 + r.below(max_facts) as usize;
    let f: Vec<FactId> = (0..nf)
        .map(|i| d.add_fact(&format!("f{i}")).unwrap())
        .collect();
    let na = 1 + r.below(max_actions);
    // One domain in five mixes in costs no table takes.
    let kinds = if r.below(5) == 0 { COSTS.len() } else { 6 };
    for a in 0..na {
        let mut pre = Vec::new();
        let mut eff = Vec::new();
        for &x in &f {
            match r.below(8) {
                0 => pre.push(FactValue::new(x, true)),
                1 => pre.push(FactValue::new(x, false)),
                _ => {}
            }
            match r.below(6) {
                0 => eff.push(FactValue::new(x, true)),
                1 => eff.push(FactValue::new(x, false)),
                _ => {}
            }
        }
        let cost = COSTS[r.below(kinds as u64) as usize];
        let _ = d.add_action(ActionDef {
            name: format!("a{a}"),
            pre,
            effects: eff,
            cost,
            ..Default::default()
        });
    }
    let mut start = WorldState::new();
    for &x in &f {
        if r.below(2) == 0 {
            start.set(x, true);
        }
    }
    let mut g = Vec::new();
    for &x in &f {
        match r.below(5) {
            0 => g.push(FactValue::new(x, true)),
            1 => g.push(FactValue::new(x, false)),
            _ => {}
        }
    }
    let goal = d.conditions(g).unwrap();
    (d, start, goal)
}

/// Random tiny tasks (up to 13 facts, 12 actions), disabled actions (some beyond the
/// domain), against blind search (same outcome, same cost: whole costs sum exactly, and
/// the fractional ones here are halves), sliced against unsliced, reused against fresh.
/// Where a table applies, the start estimate is the optimal cost and only the plan's
/// states are expanded.
#[test]
fn random_tiny_tasks_match_blind_search() {
    let mut r = Rng(0x1234_5678_9ABC_DEF1);
    let mut auto = Planner::new();
    let mut sliced = Planner::new();
    let mut walked = 0;
    for i in 0..4000 {
        let (d, start, goal) = random_task_k(&mut r, 13, 12);
        let mut ctx = ActionContext::new();
        for _ in 0..r.below(3) {
            ctx.set_enabled(ActionId(r.below(16) as u32), false);
        }
        let o = opts(Heuristic::Auto);
        let a = auto.plan_in(&d, &start, &goal, &o, &ctx);
        let b = Planner::new().plan_in(&d, &start, &goal, &opts(Heuristic::Blind), &ctx);
        match (&a.outcome, &b.outcome) {
            (Outcome::Found(pa), Outcome::Found(pb)) => {
                check_plan(&d, &start, &goal, &pa.actions);
                assert!(pa.actions.iter().all(|x| !ctx.is_disabled(*x)));
                assert_eq!(pa.cost, pb.cost, "#{i}");
                assert_eq!(
                    pa.cost,
                    pa.actions
                        .iter()
                        .map(|&x| d.action(x).unwrap().cost())
                        .sum::<f64>()
                );
                if takes_table(&d, &goal, &ctx) && !pa.actions.is_empty() {
                    walked += 1;
                    assert_eq!(a.stats.initial_h, pa.cost, "#{i}: the exact estimate");
                    assert_eq!(a.stats.expanded, pa.actions.len() as u64, "#{i}");
                    assert_eq!(a.stats.stored, a.stats.expanded + 1, "#{i}");
                }
            }
            (Outcome::NoPlan, Outcome::NoPlan) => {}
            (x, y) => panic!("#{i}: auto {x:?} vs blind {y:?}"),
        }
        let fresh = Planner::new().plan_in(&d, &start, &goal, &o, &ctx);
        let mut k1 = fresh.clone();
        k1.stats.elapsed = Default::default();
        let mut k2 = a.clone();
        k2.stats.elapsed = Default::default();
        assert_eq!(k1, k2, "#{i} fresh vs reused");
        sliced.begin(&d, &start, &goal, &o, &ctx);
        let s = loop {
            if let Some(x) = sliced.resume(&SearchBudget::expansions(1)) {
                break x;
            }
        };
        let mut k3 = s;
        k3.stats.elapsed = Default::default();
        assert_eq!(k3, k2, "#{i} sliced");
    }
    assert!(walked > 300, "only {walked} plans walked a table");
}
