//! Generated members of the sample domain families, larger than the ones in
//! `examples/domains/` (gripper-10, blocksworld-8, chain-128, wide 256 × 2,000).
//! Shared by the benchmarks and the tests that check the generators' known optima.
#![allow(dead_code)]

#[path = "rng.rs"]
mod rng;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use goap::{
    ActionDef, ActionId, Compare, Domain, FactValue, Goal, Overflow, VarCondition, VarDef,
    VarEffect, VarId, VarOp, WorldState,
};
use rng::Rng;

/// A generated problem.
pub struct Problem {
    pub name: String,
    pub domain: Domain,
    pub start: WorldState,
    pub goal: Goal,
    /// Known optimal cost, where a closed form exists.
    pub optimal: Option<f64>,
}

struct Builder {
    d: Domain,
}

impl Builder {
    fn new() -> Self {
        Builder { d: Domain::new() }
    }
    fn fv(&mut self, name: &str, v: bool) -> FactValue {
        FactValue::new(self.d.add_fact(name).unwrap(), v)
    }
    fn action(&mut self, name: &str, cost: f64, pre: &[(&str, bool)], eff: &[(&str, bool)]) {
        let pre = pre.iter().map(|&(n, v)| self.fv(n, v)).collect();
        let effects = eff.iter().map(|&(n, v)| self.fv(n, v)).collect();
        self.d
            .add_action(ActionDef {
                name: name.to_owned(),
                pre,
                effects,
                cost,
                ..Default::default()
            })
            .unwrap();
    }
    fn finish(
        mut self,
        name: &str,
        start: &[&str],
        goal: &[(&str, bool)],
        optimal: Option<f64>,
    ) -> Problem {
        let start_values: Vec<FactValue> = start.iter().map(|n| self.fv(n, true)).collect();
        let goal_values: Vec<FactValue> = goal.iter().map(|&(n, v)| self.fv(n, v)).collect();
        let goal = self.d.conditions(goal_values).unwrap();
        Problem {
            name: name.to_owned(),
            domain: self.d,
            start: WorldState::from_values(start_values),
            goal,
            optimal,
        }
    }
}

/// Logistics: `trucks` trucks drive between `places` places (every ordered pair, cost 1
/// to 3 by the pair) and carry `packages` packages (load and unload, cost 1 each); the goal
/// puts the first `goal_packages` packages at other places. Trucks start at places
/// `t % places`, packages and their targets are drawn from `seed`. Ground actions:
/// `trucks · places · (places − 1)` drives plus `2 · packages · trucks · places` loads and
/// unloads, most of them irrelevant to a goal on few packages. No closed-form optimum.
pub fn logistics(
    places: usize,
    trucks: usize,
    packages: usize,
    goal_packages: usize,
    seed: u64,
) -> Problem {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut b = Builder::new();
    let truck_at = |t: usize, p: usize| format!("truck_at(t{t},p{p})");
    let pkg_at = |k: usize, p: usize| format!("pkg_at(k{k},p{p})");
    let inside = |k: usize, t: usize| format!("in(k{k},t{t})");
    for t in 0..trucks {
        for a in 0..places {
            for c in 0..places {
                if a == c {
                    continue;
                }
                let cost = 1.0 + ((a + c) % 3) as f64;
                b.action(
                    &format!("drive(t{t},p{a},p{c})"),
                    cost,
                    &[(&truck_at(t, a), true)],
                    &[(&truck_at(t, c), true), (&truck_at(t, a), false)],
                );
            }
        }
    }
    for k in 0..packages {
        for t in 0..trucks {
            for p in 0..places {
                b.action(
                    &format!("load(k{k},t{t},p{p})"),
                    1.0,
                    &[(&truck_at(t, p), true), (&pkg_at(k, p), true)],
                    &[(&inside(k, t), true), (&pkg_at(k, p), false)],
                );
                b.action(
                    &format!("unload(k{k},t{t},p{p})"),
                    1.0,
                    &[(&truck_at(t, p), true), (&inside(k, t), true)],
                    &[(&pkg_at(k, p), true), (&inside(k, t), false)],
                );
            }
        }
    }
    let mut start: Vec<String> = (0..trucks).map(|t| truck_at(t, t % places)).collect();
    let mut goal = Vec::new();
    for k in 0..packages {
        let from = rng.below(places);
        start.push(pkg_at(k, from));
        if k < goal_packages {
            let to = (from + 1 + rng.below(places - 1)) % places;
            goal.push(pkg_at(k, to));
        }
    }
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let goal: Vec<(&str, bool)> = goal.iter().map(|g| (g.as_str(), true)).collect();
    let name = format!("logistics-{places}x{trucks}x{packages}-g{goal_packages}");
    b.finish(&name, &start, &goal, None)
}

/// Classic STRIPS gripper with `balls` balls in room a, to be carried to room b with two
/// grippers. Optimal cost for an even number of balls: 3·balls − 1 (2 picks, 2 drops and
/// 2 moves per pair, minus the last move back).
pub fn gripper(balls: usize) -> Problem {
    let mut b = Builder::new();
    let rooms = ["rooma", "roomb"];
    let grippers = ["left", "right"];
    for (r1, r2) in [("rooma", "roomb"), ("roomb", "rooma")] {
        b.action(
            &format!("move({r1},{r2})"),
            1.0,
            &[(&format!("at-robby({r1})"), true)],
            &[
                (&format!("at-robby({r2})"), true),
                (&format!("at-robby({r1})"), false),
            ],
        );
    }
    for i in 1..=balls {
        let ball = format!("ball{i}");
        for r in rooms {
            for g in grippers {
                let at = format!("at({ball},{r})");
                let robby = format!("at-robby({r})");
                let free = format!("free({g})");
                let carry = format!("carry({ball},{g})");
                b.action(
                    &format!("pick({ball},{r},{g})"),
                    1.0,
                    &[(&at, true), (&robby, true), (&free, true)],
                    &[(&carry, true), (&at, false), (&free, false)],
                );
                b.action(
                    &format!("drop({ball},{r},{g})"),
                    1.0,
                    &[(&carry, true), (&robby, true)],
                    &[(&at, true), (&free, true), (&carry, false)],
                );
            }
        }
    }
    let mut start = vec![
        "at-robby(rooma)".to_owned(),
        "free(left)".into(),
        "free(right)".into(),
    ];
    let mut goal = Vec::new();
    for i in 1..=balls {
        start.push(format!("at(ball{i},rooma)"));
        goal.push(format!("at(ball{i},roomb)"));
    }
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let goal: Vec<(&str, bool)> = goal.iter().map(|g| (g.as_str(), true)).collect();
    let optimal = (balls % 2 == 0).then(|| (3 * balls - 1) as f64);
    b.finish(&format!("gripper-{balls}"), &start, &goal, optimal)
}

/// 4-operator blocksworld with `n` blocks: start is two towers (odd blocks b1 on b3 on …,
/// even blocks b2 on b4 on …), the goal one tower b1 on b2 on … on bn. Hard for
/// delete-relaxation heuristics (h+ is about half the optimum). No closed form.
pub fn blocksworld_towers(n: usize) -> Problem {
    let b = blocksworld_actions(n);
    let blk = |i: usize| format!("b{i}");
    // Start: two towers, odd blocks b1 on b3 on b5 … and even blocks b2 on b4 …
    let mut start = vec!["handempty".to_owned()];
    for parity in [1, 2] {
        let tower: Vec<usize> = (parity..=n).step_by(2).collect();
        start.push(format!("clear({})", blk(tower[0])));
        for w in tower.windows(2) {
            start.push(format!("on({},{})", blk(w[0]), blk(w[1])));
        }
        start.push(format!("ontable({})", blk(*tower.last().unwrap())));
    }
    // Goal: one tower mixing both: b1 on b2 on … on bn, bottom block bn.
    let goal: Vec<String> = (1..n)
        .map(|i| format!("on({},{})", blk(i), blk(i + 1)))
        .collect();
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let goal: Vec<(&str, bool)> = goal.iter().map(|g| (g.as_str(), true)).collect();
    b.finish(&format!("blocksworld-towers-{n}"), &start, &goal, None)
}

/// Random towers of blocks 1..=n: each tower listed top to bottom.
fn random_towers(n: usize, rng: &mut Rng) -> Vec<Vec<usize>> {
    let mut blocks: Vec<usize> = (1..=n).collect();
    for i in (1..n).rev() {
        blocks.swap(i, rng.below(i + 1));
    }
    let mut towers: Vec<Vec<usize>> = Vec::new();
    for blk in blocks {
        if towers.is_empty() || rng.below(3) == 0 {
            towers.push(vec![blk]);
        } else {
            towers.last_mut().unwrap().push(blk);
        }
    }
    towers
}

fn tower_facts(towers: &[Vec<usize>], with_table: bool) -> Vec<String> {
    let mut out = Vec::new();
    for t in towers {
        if with_table {
            out.push(format!("clear(b{})", t[0]));
            out.push(format!("ontable(b{})", t[t.len() - 1]));
        }
        for w in t.windows(2) {
            out.push(format!("on(b{},b{})", w[0], w[1]));
        }
    }
    out
}

/// 4-operator blocksworld with `n` blocks, random start and goal towers from `seed`
/// (IPC style: the goal lists only `on` facts). No closed form for the optimum. A goal
/// the start already satisfies is drawn again, so the problem is never trivial (for
/// `n` ≥ 2).
pub fn blocksworld(n: usize, seed: u64) -> Problem {
    let b = blocksworld_actions(n);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut start = vec!["handempty".to_owned()];
    start.extend(tower_facts(&random_towers(n, &mut rng), true));
    let goal = loop {
        let goal = tower_facts(&random_towers(n, &mut rng), false);
        if n < 2 || goal.iter().any(|g| !start.contains(g)) {
            break goal;
        }
    };
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let goal: Vec<(&str, bool)> = goal.iter().map(|g| (g.as_str(), true)).collect();
    b.finish(&format!("blocksworld-{n}"), &start, &goal, None)
}

fn blocksworld_actions(n: usize) -> Builder {
    let mut b = Builder::new();
    let blk = |i: usize| format!("b{i}");
    for i in 1..=n {
        let x = blk(i);
        b.action(
            &format!("pick-up({x})"),
            1.0,
            &[
                (&format!("clear({x})"), true),
                (&format!("ontable({x})"), true),
                ("handempty", true),
            ],
            &[
                (&format!("holding({x})"), true),
                (&format!("ontable({x})"), false),
                (&format!("clear({x})"), false),
                ("handempty", false),
            ],
        );
        b.action(
            &format!("put-down({x})"),
            1.0,
            &[(&format!("holding({x})"), true)],
            &[
                (&format!("ontable({x})"), true),
                (&format!("clear({x})"), true),
                ("handempty", true),
                (&format!("holding({x})"), false),
            ],
        );
    }
    for i in 1..=n {
        for j in 1..=n {
            if i == j {
                continue;
            }
            let (x, y) = (blk(i), blk(j));
            b.action(
                &format!("stack({x},{y})"),
                1.0,
                &[
                    (&format!("holding({x})"), true),
                    (&format!("clear({y})"), true),
                ],
                &[
                    (&format!("on({x},{y})"), true),
                    (&format!("clear({x})"), true),
                    ("handempty", true),
                    (&format!("holding({x})"), false),
                    (&format!("clear({y})"), false),
                ],
            );
            b.action(
                &format!("unstack({x},{y})"),
                1.0,
                &[
                    (&format!("on({x},{y})"), true),
                    (&format!("clear({x})"), true),
                    ("handempty", true),
                ],
                &[
                    (&format!("holding({x})"), true),
                    (&format!("clear({y})"), true),
                    (&format!("on({x},{y})"), false),
                    (&format!("clear({x})"), false),
                    ("handempty", false),
                ],
            );
        }
    }
    b
}

/// A corridor of `n` cells with forward and backward moves; optimal cost `n`.
pub fn chain(n: usize) -> Problem {
    let mut b = Builder::new();
    for i in 0..n {
        let (p, q) = (format!("pos{i}"), format!("pos{}", i + 1));
        b.action(
            &format!("fwd{i}"),
            1.0,
            &[(&p, true)],
            &[(&q, true), (&p, false), (&format!("seen{}", i + 1), true)],
        );
    }
    for i in 0..n {
        let (p, q) = (format!("pos{i}"), format!("pos{}", i + 1));
        b.action(
            &format!("back{i}"),
            1.0,
            &[(&q, true)],
            &[(&p, true), (&q, false)],
        );
    }
    let goal = format!("pos{n}");
    b.finish(
        &format!("chain-{n}"),
        &["pos0"],
        &[(&goal, true)],
        Some(n as f64),
    )
}

/// `facts` facts and `actions` actions, most of them distractors (like
/// `examples/domains/wide-64-60.json`, where pruning keeps 21 of 60 actions).
///
/// Fact layout (all `facts` facts are registered up front, named `x000`, `x001`, …):
/// - `x000..=x012`, the **chain**: the start has `x000`, the goal is `x012`. Steps move
///   the token one cell (cost 1–3), skips two cells (cost 4–6), detours one cell for cost 1
///   while consuming a resource.
/// - 8 **resources**, read by the detours and produced by 8 junk actions (cost 8–11).
/// - **static background** facts (a quarter of the rest, at least 8): read by steps and
///   junk actions, written by nothing, so they keep their start values. Steps and junk
///   actions read them only at their start values, so the step chain always reaches the
///   goal.
/// - **noise**, everything else: written by the distractors and read by nothing but
///   distractors.
///
/// The distractors (all actions beyond the chain and junk ones) read random facts of any
/// kind and write only noise, so relevance pruning drops them. One in twenty instead
/// touches a relevant fact without helping: half move the chain token backwards (cost
/// 6–11), half produce a resource for at least 12, which the junk action producing the
/// same resource always does cheaper from the start. Those survive pruning and are
/// searched. Deterministic for a given seed.
pub fn wide(facts: usize, actions: usize, seed: u64) -> Problem {
    assert!(facts >= 40 && actions >= 40);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut b = Builder::new();
    let x = |i: usize| format!("x{i:03}");
    for i in 0..facts {
        b.d.add_fact(&x(i)).unwrap();
    }
    let len = 12;
    let res_base = len + 1;
    let res_count = 8;
    let static_base = res_base + res_count;
    let static_count = ((facts - static_base) / 4).max(8);
    let noise_base = static_base + static_count;
    let noise_count = facts - noise_base;

    // Start values: the token at x000, half the static facts, a third of the noise.
    let static_value: Vec<bool> = (0..static_count).map(|_| rng.below(2) == 0).collect();
    let static_true: Vec<usize> = (0..static_count)
        .filter(|&i| static_value[i])
        .map(|i| static_base + i)
        .collect();
    let mut start = vec![x(0)];
    start.extend(static_true.iter().map(|&i| x(i)));
    for i in noise_base..facts {
        if rng.below(3) == 0 {
            start.push(x(i));
        }
    }

    let mut made = 0;
    for i in 0..len {
        let mut pre = vec![(x(i), true)];
        if !static_true.is_empty() {
            for _ in 0..rng.below(3) {
                pre.push((x(static_true[rng.below(static_true.len())]), true));
            }
        }
        pre.sort();
        pre.dedup();
        let pre_ref: Vec<(&str, bool)> = pre.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        b.action(
            &format!("step{i}"),
            1.0 + rng.below(3) as f64,
            &pre_ref,
            &[(&x(i + 1), true), (&x(i), false)],
        );
        made += 1;
        if i + 2 <= len {
            b.action(
                &format!("skip{i}"),
                4.0 + rng.below(3) as f64,
                &[(&x(i), true)],
                &[(&x(i + 2), true), (&x(i), false)],
            );
            made += 1;
        }
        if i % 3 == 0 {
            let r = x(res_base + rng.below(res_count));
            b.action(
                &format!("detour{i}"),
                1.0,
                &[(&x(i), true), (&r, true)],
                &[(&x(i + 1), true), (&x(i), false), (&r, false)],
            );
            made += 1;
        }
    }
    for j in 0..res_count {
        let r = x(res_base + j);
        let s = rng.below(static_count);
        let p = x(static_base + s);
        b.action(
            &format!("junk{j}"),
            8.0 + rng.below(4) as f64,
            &[(&p, static_value[s])],
            &[(&r, true)],
        );
        made += 1;
    }
    let mut k = 0;
    while made < actions {
        let mut pre = Vec::new();
        let mut eff = Vec::new();
        let cost;
        if rng.below(20) == 0 {
            // Relevant but useless: reads chain, resource and static facts only (reading
            // noise would make noise relevant, and with it every distractor writing it).
            for _ in 0..rng.below(3) {
                pre.push((x(res_base + rng.below(res_count + static_count)), true));
            }
            if rng.below(2) == 0 {
                let from = 1 + rng.below(len - 1);
                let to = rng.below(from);
                pre.push((x(from), true));
                eff.push((x(to), true));
                eff.push((x(from), false));
                cost = 6.0 + rng.below(6) as f64;
            } else {
                eff.push((x(res_base + rng.below(res_count)), true));
                cost = 12.0 + rng.below(4) as f64;
            }
            if noise_count > 0 && rng.below(2) == 0 {
                eff.push((x(noise_base + rng.below(noise_count)), rng.below(2) == 0));
            }
        } else {
            for _ in 0..1 + rng.below(4) {
                pre.push((x(rng.below(facts)), rng.below(4) != 0));
            }
            if noise_count > 0 {
                for _ in 0..1 + rng.below(3) {
                    eff.push((x(noise_base + rng.below(noise_count)), rng.below(3) != 0));
                }
            }
            cost = 1.0 + rng.below(6) as f64;
        }
        pre.sort();
        pre.dedup_by(|a, b| a.0 == b.0);
        eff.sort();
        eff.dedup_by(|a, b| a.0 == b.0);
        let pre_ref: Vec<(&str, bool)> = pre.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        let eff_ref: Vec<(&str, bool)> = eff.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        b.action(&format!("dis{k}"), cost, &pre_ref, &eff_ref);
        made += 1;
        k += 1;
    }
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let goal = x(len);
    b.finish(
        &format!("wide-{facts}-{actions}"),
        &start,
        &[(&goal, true)],
        None,
    )
}

/// A numeric crafting economy (issue 3): gather wood, stone and ore, saw planks, smelt
/// ingots, forge tools, trade planks for gold and gold for ore, until `target` tools are
/// made. The goal is `tools >= target`; the tool count is the only large variable (range
/// `0..=target`), the stocks are small buffers (overflow rejected), so the state space
/// has at most 12,000 × (`target` + 1) states.
///
/// Actions (cost): `chop` wood +1 (1); `make_axe` (once, wood −1, stone −1; 1); `chop_axe`
/// wood +3 with the axe (1); `quarry` stone +1 (1); `make_pickaxe` (once, wood −2,
/// stone −2; 1); `mine` ore +1 with the pickaxe (2); `saw` wood −1, planks +2 (0.5);
/// `smelt` ore −2, ingots +1 (1); `forge` planks −2, ingots −1, tools +1 (1);
/// `sell_planks` planks −4, gold +3 (0.5); `buy_ore` gold −2, ore +1 (0.5). Gold
/// saturates at its cap (selling with a full purse wastes the surplus).
///
/// No closed form: [`brute_force_cost`] gives the optimum (a few seconds in release for
/// `target` 50).
pub fn crafting(target: i32) -> Problem {
    assert!(target >= 1);
    let mut d = Domain::new();
    let axe = d.add_fact("has_axe").unwrap();
    let pick = d.add_fact("has_pickaxe").unwrap();
    let var = |d: &mut Domain, name: &str, max: i32, overflow| {
        d.add_var(VarDef {
            overflow,
            ..VarDef::new(name, 0, max)
        })
        .unwrap()
    };
    let wood = var(&mut d, "wood", 4, Overflow::Reject);
    let stone = var(&mut d, "stone", 2, Overflow::Reject);
    let ore = var(&mut d, "ore", 3, Overflow::Reject);
    let planks = var(&mut d, "planks", 4, Overflow::Reject);
    let ingots = var(&mut d, "ingots", 1, Overflow::Reject);
    let tools = var(&mut d, "tools", target, Overflow::Reject);
    let gold = var(&mut d, "gold", 4, Overflow::Saturate);
    let ge = |v: VarId, k: i32| VarCondition::new(v, Compare::Ge, k);
    let add = |v: VarId, k: i32| VarEffect::new(v, VarOp::Add, k);
    let sub = |v: VarId, k: i32| VarEffect::new(v, VarOp::Sub, k);
    let mut act = |name: &str,
                   cost: f64,
                   pre: Vec<FactValue>,
                   var_pre: Vec<VarCondition>,
                   effects: Vec<FactValue>,
                   var_effects: Vec<VarEffect>| {
        d.add_action(ActionDef {
            name: name.into(),
            pre,
            effects,
            cost,
            var_pre,
            var_effects,
        })
        .unwrap();
    };
    let t = |f| FactValue::new(f, true);
    let f = |f| FactValue::new(f, false);
    act("chop", 1.0, vec![], vec![], vec![], vec![add(wood, 1)]);
    act(
        "make_axe",
        1.0,
        vec![f(axe)],
        vec![ge(wood, 1), ge(stone, 1)],
        vec![t(axe)],
        vec![sub(wood, 1), sub(stone, 1)],
    );
    act(
        "chop_axe",
        1.0,
        vec![t(axe)],
        vec![],
        vec![],
        vec![add(wood, 3)],
    );
    act("quarry", 1.0, vec![], vec![], vec![], vec![add(stone, 1)]);
    act(
        "make_pickaxe",
        1.0,
        vec![f(pick)],
        vec![ge(wood, 2), ge(stone, 2)],
        vec![t(pick)],
        vec![sub(wood, 2), sub(stone, 2)],
    );
    act(
        "mine",
        2.0,
        vec![t(pick)],
        vec![],
        vec![],
        vec![add(ore, 1)],
    );
    act(
        "saw",
        0.5,
        vec![],
        vec![ge(wood, 1)],
        vec![],
        vec![sub(wood, 1), add(planks, 2)],
    );
    act(
        "smelt",
        1.0,
        vec![],
        vec![ge(ore, 2)],
        vec![],
        vec![sub(ore, 2), add(ingots, 1)],
    );
    act(
        "forge",
        1.0,
        vec![],
        vec![ge(planks, 2), ge(ingots, 1)],
        vec![],
        vec![sub(planks, 2), sub(ingots, 1), add(tools, 1)],
    );
    act(
        "sell_planks",
        0.5,
        vec![],
        vec![ge(planks, 4)],
        vec![],
        vec![sub(planks, 4), add(gold, 3)],
    );
    act(
        "buy_ore",
        0.5,
        vec![],
        vec![ge(gold, 2)],
        vec![],
        vec![sub(gold, 2), add(ore, 1)],
    );
    let goal = d
        .conditions_with([], [VarCondition::new(tools, Compare::Ge, target)])
        .unwrap();
    Problem {
        name: format!("crafting-{target}"),
        domain: d,
        start: WorldState::new(),
        goal,
        optimal: None,
    }
}

/// Optimal plan cost by uniform-cost search over explicit states with `Domain::apply` (no
/// heuristic, no pruning, no planner code), or `None` when the goal is unreachable. Gives
/// up (panics) beyond `max_states` distinct states.
pub fn brute_force_cost(p: &Problem, max_states: usize) -> Option<f64> {
    let d = &p.domain;
    // Normalise states: every variable set explicitly (so equal worlds hash equal).
    let norm = |s: &WorldState| {
        let mut s = s.clone();
        for v in 0..d.var_count() {
            let id = VarId(v as u32);
            s.set_var(id, d.value(&s, id));
        }
        s
    };
    let start = norm(&p.start);
    let mut ids: HashMap<WorldState, usize> = HashMap::new();
    let mut states: Vec<WorldState> = vec![start.clone()];
    let mut dist: Vec<f64> = vec![0.0];
    ids.insert(start, 0);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0f64.to_bits(), 0usize)));
    while let Some(Reverse((bits, i))) = heap.pop() {
        let g = f64::from_bits(bits);
        if g > dist[i] {
            continue;
        }
        if d.satisfies(&states[i], &p.goal) {
            return Some(g);
        }
        for a in 0..d.action_count() {
            let mut s = states[i].clone();
            let id = ActionId(a as u32);
            if !d.apply(&mut s, id) {
                continue;
            }
            let ng = g + d.action(id).unwrap().cost();
            let j = match ids.get(&s) {
                Some(&j) => j,
                None => {
                    assert!(states.len() < max_states, "brute force: too many states");
                    states.push(s.clone());
                    dist.push(f64::INFINITY);
                    ids.insert(s, states.len() - 1);
                    states.len() - 1
                }
            };
            if ng < dist[j] {
                dist[j] = ng;
                heap.push(Reverse((ng.to_bits(), j)));
            }
        }
    }
    None
}
