//! Review of the exact tables (`src/planner/search/exact.rs`, commit e0c7985): randomized
//! differential tests of the default search (`Heuristic::Auto`, which walks a table when it
//! can) against blind search (uniform cost: the reference for the optimal cost) on
//! adversarial small domains:
//!
//! * goto actions that clear the other places (sometimes forgetting one, sometimes also
//!   making a second place true), moves that consume their start (sometimes making two
//!   places true), teleports, pure deletes, actions that add one fact and delete another,
//!   flags, static facts read by preconditions (and sometimes named by the goal), facts no
//!   precondition reads, zero-cost actions and cycles, costs up to 255;
//! * starts with zero, one, two or more places true; goals on any fact (true or false),
//!   empty goals, goals already satisfied, goals on facts beyond the domain (value false:
//!   always holds; true: never);
//! * disabled actions, including ids beyond the domain;
//! * checks: same outcome and cost as blind search, the plan replays with `Domain::apply`
//!   on the full domain and reaches the goal (`Domain::satisfies`), uses no disabled
//!   action; a fresh planner, a reused planner that has seen many other keys (more than
//!   the 32 shapes and 32 tables kept), and a sliced search all give the same result
//!   (stats included, but `elapsed`);
//! * many keys cycling through one planner (goals × disabled sets × static values, more
//!   than 32 of each), checked against the first round's results;
//! * a binary counter of 14 bits with cost 255 per step: 16,384 states, a 16,383-action
//!   plan (the most actions a key's low bits hold), the largest distances.

use goap::{
    ActionContext, ActionDef, ActionId, Domain, FactId, FactValue, Goal, Heuristic, PlanOptions,
    PlanResult, Planner, WorldState,
};

mod support;
use support::{check_plan, differential, fv, opts, sliced, strip, walked, Rng};

const COSTS: [f64; 9] = [0.0, 1.0, 1.0, 2.0, 3.0, 1.0, 0.0, 5.0, 255.0];

struct Task {
    d: Domain,
    start: WorldState,
    goal: Goal,
    ctx: ActionContext,
}

/// A random adversarial domain: places (candidates for at-most-one groups), flags, static
/// facts (only ever read), unread facts (only ever changed).
fn random_task(r: &mut Rng, big: bool) -> Task {
    let mut d = Domain::new();
    let (np, nf, ns, nu) = if big {
        (
            4 + r.below(8) as usize,
            2 + r.below(6) as usize,
            r.below(5) as usize,
            r.below(3) as usize,
        )
    } else {
        (
            2 + r.below(5) as usize,
            r.below(4) as usize,
            r.below(3) as usize,
            r.below(2) as usize,
        )
    };
    // Sometimes filler facts first (and between), so the ones that matter sit beyond the
    // first 64-bit words of a state.
    let pad = if r.chance(25) {
        r.below(140) as usize
    } else {
        0
    };
    let mut filler = 0;
    let mut fill = |d: &mut Domain, r: &mut Rng, n: usize| {
        for _ in 0..n {
            d.add_fact(&format!("pad{filler}")).unwrap();
            filler += 1;
        }
        let _ = r;
    };
    fill(&mut d, r, pad);
    let at: Vec<FactId> = (0..np)
        .map(|i| d.add_fact(&format!("at{i}")).unwrap())
        .collect();
    let gap = if pad > 0 { r.below(70) as usize } else { 0 };
    fill(&mut d, r, gap);
    let fl: Vec<FactId> = (0..nf)
        .map(|i| d.add_fact(&format!("fl{i}")).unwrap())
        .collect();
    let st: Vec<FactId> = (0..ns)
        .map(|i| d.add_fact(&format!("st{i}")).unwrap())
        .collect();
    let un: Vec<FactId> = (0..nu)
        .map(|i| d.add_fact(&format!("un{i}")).unwrap())
        .collect();
    let all: Vec<FactId> = at
        .iter()
        .chain(&fl)
        .chain(&st)
        .chain(&un)
        .copied()
        .collect();
    let pick = |r: &mut Rng, v: &[FactId]| v[r.below(v.len() as u64) as usize];
    let cost = |r: &mut Rng| COSTS[r.below(COSTS.len() as u64) as usize];
    let mut n = 0;
    let actions = if big { 8 + r.below(25) } else { 2 + r.below(9) };
    for _ in 0..actions {
        let mut pre: Vec<FactValue> = Vec::new();
        let mut eff: Vec<FactValue> = Vec::new();
        match r.below(8) {
            // goto: one place true, the others false (sometimes one forgotten, sometimes a
            // second place made true as well).
            0 | 1 => {
                let p = r.below(np as u64) as usize;
                let forget = if r.chance(15) {
                    r.below(np as u64) as usize
                } else {
                    usize::MAX
                };
                let second = if r.chance(10) {
                    r.below(np as u64) as usize
                } else {
                    usize::MAX
                };
                for (q, &y) in at.iter().enumerate() {
                    if q == p || q == second {
                        eff.push(fv(y, true));
                    } else if q != forget {
                        eff.push(fv(y, false));
                    }
                }
                if r.chance(50) {
                    pre.push(fv(at[p], false));
                }
            }
            // move: consume one place, make another true (sometimes a third too).
            2 | 3 => {
                let a = r.below(np as u64) as usize;
                let b = r.below(np as u64) as usize;
                if a == b {
                    continue;
                }
                pre.push(fv(at[a], true));
                eff.push(fv(at[a], false));
                eff.push(fv(at[b], true));
                if r.chance(10) {
                    let c = r.below(np as u64) as usize;
                    if c != a && c != b {
                        eff.push(fv(at[c], true));
                    }
                }
            }
            // teleport: one place true, nothing cleared; or a pure delete.
            4 => {
                eff.push(fv(pick(r, &at), r.chance(50)));
            }
            // A flag action: adds one fact, deletes another.
            _ => {
                if !fl.is_empty() {
                    let x = pick(r, &fl);
                    eff.push(fv(x, r.chance(70)));
                }
                if r.chance(40) {
                    let y = pick(r, &all);
                    if !eff.iter().any(|e| e.fact == y) {
                        eff.push(fv(y, r.chance(40)));
                    }
                }
                if eff.is_empty() {
                    eff.push(fv(pick(r, &at), true));
                }
            }
        }
        // Random extra preconditions, on any fact (statics included).
        for _ in 0..r.below(3) {
            let x = pick(r, &all);
            if !pre.iter().any(|p| p.fact == x) {
                pre.push(fv(x, r.chance(60)));
            }
        }
        // Changes to unread facts.
        if !un.is_empty() && r.chance(30) {
            let x = pick(r, &un);
            if !eff.iter().any(|e| e.fact == x) {
                eff.push(fv(x, r.chance(50)));
            }
        }
        // Statics are never changed.
        eff.retain(|e| !st.contains(&e.fact));
        if eff.is_empty() && r.chance(50) {
            continue;
        }
        let c = cost(r);
        if d.add_action(ActionDef {
            name: format!("a{n}"),
            pre,
            effects: eff,
            cost: c,
            ..Default::default()
        })
        .is_ok()
        {
            n += 1;
        }
    }
    let mut start = WorldState::new();
    let placed = match r.below(10) {
        0 => 0,
        1 | 2 => 2,
        3 => 3,
        _ => 1,
    };
    for _ in 0..placed {
        start.set(pick(r, &at), true);
    }
    for &x in fl.iter().chain(&st).chain(&un) {
        if r.chance(40) {
            start.set(x, true);
        }
    }
    // The goal: a few atoms on any fact; sometimes empty; sometimes on a fact beyond the
    // domain (a goal made on a larger domain).
    let mut big = d.clone();
    let beyond = big.add_fact("beyond").unwrap();
    let mut g: Vec<FactValue> = Vec::new();
    let k = match r.below(10) {
        0 => 0,
        1..=5 => 1,
        6 | 7 => 2,
        _ => 3,
    };
    for _ in 0..k {
        let x = if r.chance(60) {
            pick(r, &at)
        } else {
            pick(r, &all)
        };
        if !g.iter().any(|e| e.fact == x) {
            g.push(fv(x, r.chance(75)));
        }
    }
    if r.chance(8) {
        g.push(fv(beyond, r.chance(25)));
    }
    let goal = big.conditions(g).unwrap();
    let mut ctx = ActionContext::new();
    let count = d.action_count() as u64;
    for _ in 0..r.below(3) {
        if r.chance(50) && count > 0 {
            ctx.set_enabled(ActionId(r.below(count) as u32), false);
        }
    }
    if r.chance(10) {
        ctx.set_enabled(ActionId((count + r.below(3)) as u32), false);
    }
    Task {
        d,
        start,
        goal,
        ctx,
    }
}

/// Random adversarial domains against blind search, with one reused planner across all of
/// them (so shapes and tables cycle through its caches).
#[test]
fn review_random_adversarial_domains_match_blind() {
    let mut r = Rng::new(0xE0C7_985A_2026);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let mut walks = 0;
    for i in 0..30000 {
        let t = random_task(&mut r, false);
        let k = 1 + r.below(3);
        let a = differential(
            &mut reused,
            &mut slicer,
            &t.d,
            &t.start,
            &t.goal,
            &t.ctx,
            k,
            &format!("#{i}"),
        );
        walks += usize::from(walked(&a));
    }
    assert!(walks > 4000, "only {walks} searches walked a table");
}

/// One domain, many keys through one planner: goals × disabled sets × static start values,
/// more keys than the 32 shapes and 32 tables a planner keeps; three rounds in different
/// orders must give the first round's results, and each must match blind search.
#[test]
fn review_many_keys_cycle_through_one_planner() {
    let mut r = Rng::new(0x5EED_0032);
    let mut d = Domain::new();
    let at: Vec<FactId> = (0..6)
        .map(|i| d.add_fact(&format!("at{i}")).unwrap())
        .collect();
    let fl: Vec<FactId> = (0..3)
        .map(|i| d.add_fact(&format!("fl{i}")).unwrap())
        .collect();
    let st: Vec<FactId> = (0..3)
        .map(|i| d.add_fact(&format!("st{i}")).unwrap())
        .collect();
    for (p, &x) in at.iter().enumerate() {
        let mut effects = vec![fv(x, true)];
        effects.extend(at.iter().filter(|&&y| y != x).map(|&y| fv(y, false)));
        d.add_action(ActionDef {
            name: format!("goto{p}"),
            pre: vec![fv(x, false), fv(st[p % 3], p % 2 == 0)],
            effects,
            cost: (1 + p % 3) as f64,
            ..Default::default()
        })
        .unwrap();
    }
    for p in 0..6 {
        d.add_action(ActionDef {
            name: format!("step{p}"),
            pre: vec![fv(at[p], true)],
            effects: vec![fv(at[p], false), fv(at[(p + 1) % 6], true)],
            cost: if p == 5 { 0.0 } else { 1.0 },
            ..Default::default()
        })
        .unwrap();
    }
    for (k, &f) in fl.iter().enumerate() {
        d.add_action(ActionDef {
            name: format!("get{k}"),
            pre: vec![fv(at[2 * k], true), fv(st[k], true)],
            effects: vec![fv(f, true), fv(fl[(k + 1) % 3], false)],
            cost: 2.0,
            ..Default::default()
        })
        .unwrap();
        d.add_action(ActionDef {
            name: format!("buy{k}"),
            pre: vec![fv(at[2 * k + 1], true)],
            effects: vec![fv(f, true)],
            cost: 7.0,
            ..Default::default()
        })
        .unwrap();
    }
    let mut goals = Vec::new();
    for &x in &at {
        goals.push(d.conditions([fv(x, true)]).unwrap());
        goals.push(d.conditions([fv(x, false)]).unwrap());
    }
    for &x in &fl {
        goals.push(d.conditions([fv(x, true)]).unwrap());
        for &y in &at {
            goals.push(d.conditions([fv(x, true), fv(y, true)]).unwrap());
        }
    }
    goals.push(d.conditions(fl.iter().map(|&x| fv(x, true))).unwrap());
    let mut ctxs = vec![ActionContext::new()];
    for a in [0u32, 3, 7, 12, 14, 100] {
        let mut c = ActionContext::new();
        c.set_enabled(ActionId(a), false);
        ctxs.push(c);
    }
    let mut starts = Vec::new();
    for s in 0..8u32 {
        let mut w = WorldState::new();
        w.set(at[(s % 6) as usize], true);
        for (b, &x) in st.iter().enumerate() {
            w.set(x, (s >> b) & 1 == 1);
        }
        if s % 3 == 0 {
            w.set(fl[0], true);
        }
        starts.push(w);
    }
    let mut cases = Vec::new();
    for g in 0..goals.len() {
        for c in 0..ctxs.len() {
            if r.chance(40) {
                cases.push((g, c, r.below(starts.len() as u64) as usize));
            }
        }
    }
    assert!(cases.len() > 70, "{} cases", cases.len());
    let mut first: Vec<Option<PlanResult>> = vec![None; cases.len()];
    let mut p = Planner::new();
    let mut slicer = Planner::new();
    for round in 0..3 {
        let mut order: Vec<usize> = (0..cases.len()).collect();
        if round == 1 {
            order.reverse();
        } else if round == 2 {
            for i in (1..order.len()).rev() {
                order.swap(i, r.below(i as u64 + 1) as usize);
            }
        }
        for &i in &order {
            let (g, c, s) = cases[i];
            let what = format!("round {round} case {i}");
            let res = if round == 0 {
                differential(
                    &mut p,
                    &mut slicer,
                    &d,
                    &starts[s],
                    &goals[g],
                    &ctxs[c],
                    1 + (i as u64 % 3),
                    &what,
                )
            } else {
                p.plan_in(&d, &starts[s], &goals[g], &opts(Heuristic::Auto), &ctxs[c])
            };
            let res = strip(res);
            match &first[i] {
                None => first[i] = Some(res),
                Some(f) => assert_eq!(&res, f, "{what}"),
            }
        }
    }
}

/// Two domains that differ only in one action's cost, planned in turn on one planner (and
/// a clone of one, which shares its compiled form): each its own table.
#[test]
fn review_domains_in_turn_do_not_share_tables() {
    let build = |c: f64| {
        let mut d = Domain::new();
        let f: Vec<FactId> = (0..4)
            .map(|i| d.add_fact(&format!("c{i}")).unwrap())
            .collect();
        for i in 0..4 {
            d.add_action(ActionDef {
                name: format!("s{i}"),
                pre: vec![fv(f[i], true)],
                effects: vec![fv(f[i], false), fv(f[(i + 1) % 4], true)],
                cost: 1.0,
                ..Default::default()
            })
            .unwrap();
        }
        d.add_action(ActionDef {
            name: "jump".into(),
            pre: vec![fv(f[0], true)],
            effects: vec![fv(f[0], false), fv(f[3], true)],
            cost: c,
            ..Default::default()
        })
        .unwrap();
        (d, f)
    };
    let (a, f) = build(1.0);
    let (b, _) = build(9.0);
    let a2 = a.clone();
    let goal = a.conditions([fv(f[3], true)]).unwrap();
    let mut start = WorldState::new();
    start.set(f[0], true);
    let mut p = Planner::new();
    for _ in 0..3 {
        for (d, want) in [(&a, 1.0), (&b, 3.0), (&a2, 1.0)] {
            let r = p.plan(d, &start, &goal, &opts(Heuristic::Auto));
            assert_eq!(r.plan().unwrap().cost, want);
            check_plan(
                d,
                &start,
                &goal,
                &ActionContext::new(),
                &r.plan().unwrap().actions,
            );
        }
    }
}

/// A 14-bit binary counter, each increment of cost 255: 16,384 states (the table's limit),
/// 14 × 16,384 state-action pairs (within the work limit), and from zero to all ones the
/// only plan has 16,383 actions (the most a key's low bits hold) and costs 255 × 16,383.
#[test]
fn review_longest_walk_and_largest_keys() {
    let bits = 14;
    let mut d = Domain::new();
    let f: Vec<FactId> = (0..bits)
        .map(|i| d.add_fact(&format!("b{i}")).unwrap())
        .collect();
    for i in 0..bits {
        let mut pre = vec![fv(f[i], false)];
        pre.extend(f[..i].iter().map(|&x| fv(x, true)));
        let mut effects = vec![fv(f[i], true)];
        effects.extend(f[..i].iter().map(|&x| fv(x, false)));
        d.add_action(ActionDef {
            name: format!("inc{i}"),
            pre,
            effects,
            cost: 255.0,
            ..Default::default()
        })
        .unwrap();
    }
    let goal = d.conditions(f.iter().map(|&x| fv(x, true))).unwrap();
    let start = WorldState::new();
    let mut p = Planner::new();
    let a = p.plan(&d, &start, &goal, &opts(Heuristic::Auto));
    let plan = a.plan().expect("a plan").clone();
    assert_eq!(plan.actions.len(), (1 << bits) - 1);
    assert_eq!(plan.cost, 255.0 * ((1 << bits) - 1) as f64);
    assert!(walked(&a), "expected a table walk: {:?}", a.stats);
    check_plan(&d, &start, &goal, &ActionContext::new(), &plan.actions);
    let again = p.plan(&d, &start, &goal, &opts(Heuristic::Auto));
    assert_eq!(strip(again), strip(a.clone()));
    let s = sliced(
        &mut Planner::new(),
        &d,
        &start,
        &goal,
        &ActionContext::new(),
        4096,
    );
    assert_eq!(strip(s), strip(a.clone()));
    // From the middle, with zero-cost increments instead (a second domain: the counter
    // with cost 0), the walk still ends: key = actions only.
    let mut z = Domain::new();
    let g: Vec<FactId> = (0..bits)
        .map(|i| z.add_fact(&format!("b{i}")).unwrap())
        .collect();
    for i in 0..bits {
        let mut pre = vec![fv(g[i], false)];
        pre.extend(g[..i].iter().map(|&x| fv(x, true)));
        let mut effects = vec![fv(g[i], true)];
        effects.extend(g[..i].iter().map(|&x| fv(x, false)));
        z.add_action(ActionDef {
            name: format!("inc{i}"),
            pre,
            effects,
            cost: 0.0,
            ..Default::default()
        })
        .unwrap();
    }
    let mut mid = WorldState::new();
    mid.set(g[bits - 1], true);
    let goal = z.conditions(g.iter().map(|&x| fv(x, true))).unwrap();
    let r = p.plan(&z, &mid, &goal, &opts(Heuristic::Auto));
    let plan = r.plan().expect("a plan");
    assert_eq!(
        (plan.cost, plan.actions.len()),
        (0.0, (1 << (bits - 1)) - 1)
    );
    check_plan(&z, &mid, &goal, &ActionContext::new(), &plan.actions);
}

/// Larger random domains (up to 11 places, 7 flags, 4 statics, 32 actions): tables of
/// hundreds to thousands of states, against blind search, also searched forward only.
#[test]
fn review_larger_random_domains_match_blind() {
    let mut r = Rng::new(0xB16_E0C7_985A);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let mut walks = 0;
    for i in 0..3000 {
        let t = random_task(&mut r, true);
        let k = 1 + r.below(5);
        let a = differential(
            &mut reused,
            &mut slicer,
            &t.d,
            &t.start,
            &t.goal,
            &t.ctx,
            k,
            &format!("#{i}"),
        );
        walks += usize::from(walked(&a));
        let forward = PlanOptions {
            direction: goap::Direction::Forward,
            ..PlanOptions::default()
        };
        let f = reused.plan_in(&t.d, &t.start, &t.goal, &forward, &t.ctx);
        assert_eq!(
            f.plan().map(|p| p.cost),
            a.plan().map(|p| p.cost),
            "#{i}: forward"
        );
    }
    assert!(walks > 400, "only {walks} searches walked a table");
}

/// A precondition on 64 static facts takes a table (per their start values); on 65, none:
/// both plan as blind search does, whichever statics are true.
#[test]
fn review_many_static_facts() {
    for n in [63usize, 64, 65] {
        let mut d = Domain::new();
        let goal_fact = d.add_fact("goal").unwrap();
        let st: Vec<FactId> = (0..n)
            .map(|i| d.add_fact(&format!("s{i}")).unwrap())
            .collect();
        d.add_action(ActionDef {
            name: "a".into(),
            pre: st
                .iter()
                .enumerate()
                .map(|(i, &x)| fv(x, i % 3 == 0))
                .collect(),
            effects: vec![fv(goal_fact, true)],
            cost: 3.0,
            ..Default::default()
        })
        .unwrap();
        d.add_action(ActionDef {
            name: "b".into(),
            pre: vec![fv(st[n - 1], true)],
            effects: vec![fv(goal_fact, true)],
            cost: 4.0,
            ..Default::default()
        })
        .unwrap();
        let goal = d.conditions([fv(goal_fact, true)]).unwrap();
        let mut p = Planner::new();
        let mut slicer = Planner::new();
        let mut r = Rng::new(n as u64);
        for i in 0..40 {
            let mut start = WorldState::new();
            for (k, &x) in st.iter().enumerate() {
                let v = if i % 2 == 0 { k % 3 == 0 } else { r.chance(50) };
                start.set(x, v);
            }
            if i % 4 == 1 {
                start.set(st[n - 1], true);
            }
            differential(
                &mut p,
                &mut slicer,
                &d,
                &start,
                &goal,
                &ActionContext::new(),
                1,
                &format!("{n} statics #{i}"),
            );
        }
    }
}

/// Degenerate tasks: a domain with no facts or no actions, empty goals, goals already
/// satisfied, goals only on facts beyond the domain.
#[test]
fn review_degenerate_tasks() {
    let mut empty = Domain::new();
    let mut big = empty.clone();
    let x = big.add_fact("x").unwrap();
    let (mut p, mut slicer) = (Planner::new(), Planner::new());
    let ctx = ActionContext::new();
    let start = WorldState::new();
    for g in [vec![], vec![fv(x, false)], vec![fv(x, true)]] {
        let goal = big.conditions(g.clone()).unwrap();
        let a = differential(
            &mut p,
            &mut slicer,
            &empty,
            &start,
            &goal,
            &ctx,
            1,
            &format!("{g:?}"),
        );
        assert_eq!(a.plan().is_some(), g.iter().all(|e| !e.value));
    }
    let f = empty.add_fact("f").unwrap();
    empty
        .add_action(ActionDef {
            name: "noop".into(),
            pre: vec![],
            effects: vec![],
            cost: 0.0,
            ..Default::default()
        })
        .unwrap();
    let mut on = WorldState::new();
    on.set(f, true);
    for g in [vec![], vec![fv(f, true)], vec![fv(f, false)]] {
        let goal = empty.conditions(g.clone()).unwrap();
        for s in [&start, &on] {
            differential(
                &mut p,
                &mut slicer,
                &empty,
                s,
                &goal,
                &ctx,
                1,
                &format!("{g:?}"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Review of the groups' refinement (commits d6c68a0, ab25b57, e8b805c: `clearing_groups`,
// `consumer_groups`, `two_kinds`): domains whose actions consume two or more facts, make
// two facts true at once, mix clearing and consuming makers of one set of facts; goals that
// often ask for two facts of one candidate group true at once (a table that wrongly groups
// them has no such goal state and says no plan); starts with 0, 1 or 2 members true.
// ---------------------------------------------------------------------------------------

/// Adds an action (names numbered by `n`), ignoring the ones the domain refuses.
fn add(d: &mut Domain, n: &mut usize, pre: Vec<FactValue>, eff: Vec<FactValue>, cost: f64) {
    if d.add_action(ActionDef {
        name: format!("g{}", *n),
        pre,
        effects: eff,
        cost,
        ..Default::default()
    })
    .is_ok()
    {
        *n += 1;
    }
}

/// Some actions disabled at random (sometimes none).
fn random_ctx(r: &mut Rng, d: &Domain) -> ActionContext {
    let mut ctx = ActionContext::new();
    let count = d.action_count() as u64;
    if count > 0 && r.chance(40) {
        for _ in 0..1 + r.below(3) {
            ctx.set_enabled(ActionId(r.below(count) as u32), false);
        }
    }
    ctx
}

/// A goal of 1 to 4 atoms, mostly true, on `main` (often two of them) or `all`.
fn random_goal(r: &mut Rng, d: &Domain, main: &[FactId], all: &[FactId]) -> Goal {
    let mut g: Vec<FactValue> = Vec::new();
    for _ in 0..1 + r.below(4) {
        let x = if r.chance(75) {
            main[r.below(main.len() as u64) as usize]
        } else {
            all[r.below(all.len() as u64) as usize]
        };
        if !g.iter().any(|e| e.fact == x) {
            g.push(fv(x, r.chance(80)));
        }
    }
    d.conditions(g).unwrap()
}

/// Gripper-like: rooms (the robot's place), balls (each at a room or in a hand), hands
/// (free or not). `pick` consumes the ball's place and the hand's `free`; `drop` makes the
/// place and `free` true at once. Mutations: a `pick` that forgets to consume `free` or
/// requires it without consuming, a `drop` that does not clear the carry, a `move` that
/// only clears its start, or clears every room, a `swap` that consumes two balls' carries
/// and makes both places true, a `juggle` that moves a ball between hands.
fn gripper_task(r: &mut Rng) -> Task {
    let mut d = Domain::new();
    // Small enough for blind search in debug builds.
    let (rooms, balls, hands) = match r.below(4) {
        0 => (3, 1 + r.below(2) as usize, 1 + r.below(2) as usize),
        1 => (2, 3, 1 + r.below(2) as usize),
        _ => (2, 1 + r.below(2) as usize, 1 + r.below(3) as usize),
    };
    let robby: Vec<FactId> = (0..rooms)
        .map(|i| d.add_fact(&format!("robby{i}")).unwrap())
        .collect();
    let at: Vec<Vec<FactId>> = (0..balls)
        .map(|b| {
            (0..rooms)
                .map(|i| d.add_fact(&format!("at{b}_{i}")).unwrap())
                .collect()
        })
        .collect();
    let carry: Vec<Vec<FactId>> = (0..balls)
        .map(|b| {
            (0..hands)
                .map(|h| d.add_fact(&format!("carry{b}_{h}")).unwrap())
                .collect()
        })
        .collect();
    let free: Vec<FactId> = (0..hands)
        .map(|h| d.add_fact(&format!("free{h}")).unwrap())
        .collect();
    let cost = |r: &mut Rng| {
        if r.chance(80) {
            1.0
        } else {
            COSTS[r.below(8) as usize]
        }
    };
    let mutate = |r: &mut Rng| r.chance(8);
    let mut n = 0;
    // Moves.
    for i in 0..rooms {
        for j in 0..rooms {
            if i == j {
                continue;
            }
            let mut pre = vec![fv(robby[i], true)];
            let mut eff = vec![fv(robby[j], true), fv(robby[i], false)];
            if mutate(r) {
                pre.clear(); // a move from anywhere that clears only `i`
            } else if mutate(r) {
                pre.clear();
                eff.retain(|e| e.value);
                eff.extend(
                    robby
                        .iter()
                        .filter(|&&x| x != robby[j])
                        .map(|&x| fv(x, false)),
                );
            }
            let c = cost(r);
            add(&mut d, &mut n, pre, eff, c);
        }
    }
    for b in 0..balls {
        for i in 0..rooms {
            for h in 0..hands {
                // pick
                let mut pre = vec![fv(at[b][i], true), fv(robby[i], true), fv(free[h], true)];
                let mut eff = vec![
                    fv(carry[b][h], true),
                    fv(at[b][i], false),
                    fv(free[h], false),
                ];
                if mutate(r) {
                    eff.retain(|e| e.fact != free[h]);
                } else if mutate(r) {
                    pre.retain(|p| p.fact != free[h]);
                }
                let c = cost(r);
                add(&mut d, &mut n, pre, eff, c);
                // drop
                let pre = vec![fv(carry[b][h], true), fv(robby[i], true)];
                let mut eff = vec![
                    fv(at[b][i], true),
                    fv(free[h], true),
                    fv(carry[b][h], false),
                ];
                if mutate(r) {
                    eff.retain(|e| e.fact != carry[b][h]);
                }
                let c = cost(r);
                add(&mut d, &mut n, pre, eff, c);
            }
        }
        // juggle: the ball from hand h to hand k.
        if hands > 1 && r.chance(40) {
            let h = r.below(hands as u64) as usize;
            let k = (h + 1) % hands;
            let pre = vec![fv(carry[b][h], true), fv(free[k], true)];
            let mut eff = vec![
                fv(carry[b][k], true),
                fv(free[h], true),
                fv(carry[b][h], false),
                fv(free[k], false),
            ];
            if mutate(r) {
                eff.retain(|e| e.fact != free[k]);
            }
            let c = cost(r);
            add(&mut d, &mut n, pre, eff, c);
        }
    }
    // swap: consumes two balls' carries (hand 0), makes both balls' places true.
    if balls > 1 && r.chance(40) {
        let (b, c2) = (0, 1);
        let i = r.below(rooms as u64) as usize;
        let pre = vec![fv(carry[b][0], true), fv(carry[c2][0], true)];
        let eff = vec![
            fv(at[b][i], true),
            fv(at[c2][i], true),
            fv(carry[b][0], false),
            fv(carry[c2][0], false),
        ];
        let c = cost(r);
        add(&mut d, &mut n, pre, eff, c);
    }
    // A stray teleport or a "make two true" now and then.
    if r.chance(15) {
        let b = r.below(balls as u64) as usize;
        let i = r.below(rooms as u64) as usize;
        let h = r.below(hands as u64) as usize;
        let eff = if r.chance(50) {
            vec![fv(at[b][i], true)]
        } else {
            vec![fv(at[b][i], true), fv(free[h], true)]
        };
        let c = cost(r);
        add(&mut d, &mut n, vec![], eff, c);
    }
    let mut start = WorldState::new();
    let rs = r.below(rooms as u64) as usize;
    start.set(robby[rs], true);
    if r.chance(8) {
        start.set(robby[(rs + 1) % rooms], true);
    }
    let mut used = vec![false; hands];
    for b in 0..balls {
        match r.below(10) {
            0 => {}
            1 => {
                // Two places, or a place and a hand.
                start.set(at[b][0], true);
                if r.chance(50) {
                    start.set(at[b][1], true);
                } else {
                    start.set(carry[b][r.below(hands as u64) as usize], true);
                }
            }
            2 | 3 => {
                let h = r.below(hands as u64) as usize;
                start.set(carry[b][h], true);
                used[h] = true;
            }
            _ => start.set(at[b][r.below(rooms as u64) as usize], true),
        }
    }
    for h in 0..hands {
        if !used[h] || r.chance(10) {
            start.set(free[h], !r.chance(10));
        }
    }
    let places: Vec<FactId> = at.iter().flatten().copied().collect();
    let all: Vec<FactId> = robby
        .iter()
        .chain(at.iter().flatten())
        .chain(carry.iter().flatten())
        .chain(&free)
        .copied()
        .collect();
    let goal = random_goal(r, &d, &places, &all);
    let ctx = random_ctx(r, &d);
    Task {
        d,
        start,
        goal,
        ctx,
    }
}

/// Inventory: items on the ground or in a slot, slots empty or not. `take` consumes the
/// item's `ground` and the slot's `empty`; `drop` makes `ground` and `empty` true at once;
/// `shift` moves an item between slots (makes its new slot and the old slot's `empty` true,
/// consumes its old slot and the new slot's `empty`); `craft` consumes two items' `ground`
/// and makes a third's true; `merge` consumes two slots of one item (never enabled from a
/// state with at most one of them). Mutations forget a consumption or a precondition.
fn inventory_task(r: &mut Rng) -> Task {
    let mut d = Domain::new();
    let (items, slots) = (2 + r.below(2) as usize, 1 + r.below(3) as usize);
    let ground: Vec<FactId> = (0..items)
        .map(|i| d.add_fact(&format!("ground{i}")).unwrap())
        .collect();
    let inslot: Vec<Vec<FactId>> = (0..items)
        .map(|i| {
            (0..slots)
                .map(|s| d.add_fact(&format!("in{i}_{s}")).unwrap())
                .collect()
        })
        .collect();
    let empty: Vec<FactId> = (0..slots)
        .map(|s| d.add_fact(&format!("empty{s}")).unwrap())
        .collect();
    let flag = d.add_fact("flag").unwrap();
    let cost = |r: &mut Rng| COSTS[r.below(COSTS.len() as u64) as usize];
    let mutate = |r: &mut Rng| r.chance(8);
    let mut n = 0;
    for i in 0..items {
        for s in 0..slots {
            let mut pre = vec![fv(ground[i], true), fv(empty[s], true)];
            let mut eff = vec![
                fv(inslot[i][s], true),
                fv(ground[i], false),
                fv(empty[s], false),
            ];
            if mutate(r) {
                eff.retain(|e| e.fact != empty[s]);
            } else if mutate(r) {
                pre.retain(|p| p.fact != empty[s]);
            }
            let c = cost(r);
            add(&mut d, &mut n, pre, eff, c);
            let pre = vec![fv(inslot[i][s], true)];
            let mut eff = vec![
                fv(ground[i], true),
                fv(empty[s], true),
                fv(inslot[i][s], false),
            ];
            if mutate(r) {
                eff.retain(|e| e.fact != empty[s]);
            }
            if r.chance(10) {
                eff.push(fv(flag, true));
            }
            let c = cost(r);
            add(&mut d, &mut n, pre, eff, c);
            for t in 0..slots {
                if t == s || !r.chance(50) {
                    continue;
                }
                let pre = vec![fv(inslot[i][s], true), fv(empty[t], true)];
                let mut eff = vec![
                    fv(inslot[i][t], true),
                    fv(empty[s], true),
                    fv(inslot[i][s], false),
                    fv(empty[t], false),
                ];
                if mutate(r) {
                    eff.retain(|e| e.fact != empty[t]);
                }
                let c = cost(r);
                add(&mut d, &mut n, pre, eff, c);
            }
        }
    }
    if r.chance(60) {
        let a = r.below(items as u64) as usize;
        let b = (a + 1) % items;
        let c3 = (a + 2) % items;
        let pre = vec![fv(ground[a], true), fv(ground[b], true)];
        let mut eff = vec![fv(ground[a], false), fv(ground[b], false)];
        if c3 != a && c3 != b {
            eff.push(fv(ground[c3], true));
        } else {
            eff.push(fv(flag, true));
        }
        if r.chance(30) {
            eff.push(fv(empty[0], true));
        }
        let c = cost(r);
        add(&mut d, &mut n, pre, eff, c);
    }
    if slots > 1 && r.chance(40) {
        let i = r.below(items as u64) as usize;
        let pre = vec![fv(inslot[i][0], true), fv(inslot[i][1], true)];
        let eff = vec![
            fv(inslot[i][0], false),
            fv(inslot[i][1], false),
            fv(ground[i], true),
        ];
        let c = cost(r);
        add(&mut d, &mut n, pre, eff, c);
    }
    if r.chance(30) {
        // A flag action that reads a slot and makes an item's ground true without consuming.
        let i = r.below(items as u64) as usize;
        let pre = vec![fv(flag, true)];
        let eff = vec![fv(ground[i], true), fv(flag, false)];
        let c = cost(r);
        add(&mut d, &mut n, pre, eff, c);
    }
    let mut start = WorldState::new();
    let mut full = vec![false; slots];
    for i in 0..items {
        match r.below(10) {
            0 => {}
            1 => {
                start.set(ground[i], true);
                start.set(inslot[i][r.below(slots as u64) as usize], true);
            }
            2..=4 => {
                let s = r.below(slots as u64) as usize;
                start.set(inslot[i][s], true);
                full[s] = true;
            }
            _ => start.set(ground[i], true),
        }
    }
    for s in 0..slots {
        if !full[s] || r.chance(10) {
            start.set(empty[s], !r.chance(10));
        }
    }
    start.set(flag, r.chance(30));
    let main: Vec<FactId> = ground
        .iter()
        .chain(inslot.iter().flatten())
        .copied()
        .collect();
    let mut all = main.clone();
    all.extend(&empty);
    all.push(flag);
    let goal = random_goal(r, &d, &main, &all);
    let ctx = random_ctx(r, &d);
    Task {
        d,
        start,
        goal,
        ctx,
    }
}

/// Generic consumers: actions that require 1 to 3 facts true and consume some of them,
/// make 1 or 2 facts true (the made ones sometimes among those required and kept), clear
/// some others (sometimes all the others: a clearing maker), with preconditions false on
/// others; plain makers, plain deletes; flags.
fn consumer_task(r: &mut Rng, big: bool) -> Task {
    let mut d = Domain::new();
    let np = if big { 5 + r.below(6) } else { 3 + r.below(5) } as usize;
    let nf = r.below(3) as usize;
    let p: Vec<FactId> = (0..np)
        .map(|i| d.add_fact(&format!("p{i}")).unwrap())
        .collect();
    let fl: Vec<FactId> = (0..nf)
        .map(|i| d.add_fact(&format!("f{i}")).unwrap())
        .collect();
    let all: Vec<FactId> = p.iter().chain(&fl).copied().collect();
    let pick = |r: &mut Rng, v: &[FactId]| v[r.below(v.len() as u64) as usize];
    let cost = |r: &mut Rng| COSTS[r.below(COSTS.len() as u64) as usize];
    let mut n = 0;
    let actions = if big {
        6 + r.below(20)
    } else {
        3 + r.below(10)
    };
    for _ in 0..actions {
        let mut pre: Vec<FactValue> = Vec::new();
        let mut eff: Vec<FactValue> = Vec::new();
        let set = |v: &mut Vec<FactValue>, x: FactId, b: bool| {
            if !v.iter().any(|e| e.fact == x) {
                v.push(fv(x, b));
            }
        };
        match r.below(10) {
            // Consumer.
            0..=5 => {
                let k = match r.below(10) {
                    0..=5 => 1,
                    6..=8 => 2,
                    _ => 3,
                };
                for _ in 0..k {
                    let x = pick(r, &p);
                    set(&mut pre, x, true);
                }
                let consumed: Vec<FactId> = pre
                    .iter()
                    .filter(|_| r.chance(85))
                    .map(|e| e.fact)
                    .collect();
                for &x in &consumed {
                    set(&mut eff, x, false);
                }
                let m = if r.chance(80) { 1 } else { 2 };
                for _ in 0..m {
                    let x = pick(r, &p);
                    set(&mut eff, x, true);
                }
                if r.chance(20) {
                    // Clears some or all of the others.
                    let all_others = r.chance(50);
                    for &x in &p {
                        if all_others || r.chance(40) {
                            set(&mut eff, x, false);
                        }
                    }
                }
            }
            // Clearing maker.
            6 | 7 => {
                let x = pick(r, &p);
                eff.push(fv(x, true));
                for &y in &p {
                    if y != x && !r.chance(10) {
                        eff.push(fv(y, false));
                    }
                }
                if r.chance(10) {
                    let y = pick(r, &p);
                    if let Some(e) = eff.iter_mut().find(|e| e.fact == y) {
                        e.value = true;
                    }
                }
            }
            // Plain maker of one or two, or plain delete.
            8 => {
                for _ in 0..1 + r.below(2) {
                    let x = pick(r, &p);
                    set(&mut eff, x, r.chance(70));
                }
            }
            _ => {
                if !fl.is_empty() {
                    let x = pick(r, &fl);
                    set(&mut eff, x, r.chance(60));
                }
                if r.chance(50) {
                    let x = pick(r, &all);
                    set(&mut eff, x, r.chance(50));
                }
            }
        }
        // Extra preconditions (on facts not yet read).
        for _ in 0..r.below(2) {
            let x = pick(r, &all);
            set(&mut pre, x, r.chance(40));
        }
        if eff.is_empty() {
            continue;
        }
        let c = cost(r);
        add(&mut d, &mut n, pre, eff, c);
    }
    let mut start = WorldState::new();
    let placed = match r.below(10) {
        0 => 0,
        1..=6 => 1,
        7 | 8 => 2,
        _ => 3,
    };
    for _ in 0..placed {
        start.set(pick(r, &p), true);
    }
    for &x in &fl {
        start.set(x, r.chance(40));
    }
    let goal = random_goal(r, &d, &p, &all);
    let ctx = random_ctx(r, &d);
    Task {
        d,
        start,
        goal,
        ctx,
    }
}

fn run_suite(seed: u64, cases: usize, min_walks: usize, mut gen: impl FnMut(&mut Rng) -> Task) {
    let mut r = Rng::new(seed);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let mut walks = 0;
    for i in 0..cases {
        let t = gen(&mut r);
        let k = 1 + r.below(4);
        let a = differential(
            &mut reused,
            &mut slicer,
            &t.d,
            &t.start,
            &t.goal,
            &t.ctx,
            k,
            &format!("#{i}"),
        );
        walks += usize::from(walked(&a));
    }
    assert!(walks >= min_walks, "only {walks} searches walked a table");
}

/// Gripper-like domains with mutations (see `gripper_task`) against blind search.
#[test]
fn review_groups_gripper_like_match_blind() {
    run_suite(0x0D6C_68A0_0001, 700, 100, gripper_task);
}

/// Inventory domains (see `inventory_task`) against blind search.
#[test]
fn review_groups_inventory_match_blind() {
    run_suite(0x0AB2_5B57_0002, 1200, 120, inventory_task);
}

/// Generic consumers (see `consumer_task`) against blind search.
#[test]
fn review_groups_generic_consumers_match_blind() {
    run_suite(0x0E8B_805C_0003, 6000, 700, |r| consumer_task(r, false));
    run_suite(0x0E8B_805C_0004, 1000, 200, |r| consumer_task(r, true));
}

/// An action that sets a fact both ways (which `consumer_groups` would count as consuming
/// it while the table's `apply` keeps it true) cannot be registered: the groups never see
/// one.
#[test]
fn review_groups_effect_both_ways_is_refused() {
    let mut d = Domain::new();
    let x = d.add_fact("x").unwrap();
    let y = d.add_fact("y").unwrap();
    let both = d.add_action(ActionDef {
        name: "both".into(),
        pre: vec![fv(x, true)],
        effects: vec![fv(x, false), fv(x, true), fv(y, true)],
        cost: 1.0,
        ..Default::default()
    });
    assert!(both.is_err());
}
