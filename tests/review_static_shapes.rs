//! Review of the static-value shapes of the exact tables (`exact.rs`: relevant actions a
//! static fact's start value denies leave, relevance is worked out again without them),
//! the tables a world's planners share, and the plan cache skipped by table walks.
//!
//! Randomized differential tests (fixed seeds) of the default search against blind search
//! on domains built around *guards*: facts read by preconditions (true or false) that are
//! made true or false only by guard setters, which are themselves guarded (chains), often
//! disabled, sometimes irrelevant (setting a value nothing reads), sometimes zero-cost.
//! Goals on guards, negative goals, starts that already satisfy the goal. Each case checks
//! the plan replays, the cost equals blind search's, and a fresh planner, a reused planner
//! (that has seen many other keys, goals, static values and disabled sets), and sliced
//! searches give the same result (but `elapsed`). World-level: plans with the cache equal
//! plans without it, cache counters are deterministic, pooled planners sharing tables give
//! a fresh planner's results.

use goap::{
    ActionContext, ActionDef, ActionId, AgentDef, AgentId, BatchOptions, Domain, FactId, FactValue,
    Goal, GoalDef, Heuristic, Outcome, PlanOptions, PlanResult, Planner, SearchBudget, World,
    WorldDef, WorldState,
};

use goap::world::WorldError;

mod support;
use support::{differential, fv, opts, strip, walked, Rng};

const COSTS: [f64; 8] = [0.0, 1.0, 1.0, 2.0, 3.0, 0.0, 5.0, 255.0];

#[derive(Clone)]
struct Task {
    d: Domain,
    start: WorldState,
    goal: Goal,
    ctx: ActionContext,
    guards: Vec<FactId>,
    setters: Vec<ActionId>,
}

/// A domain of places (goto / move), flags and guards. Guards are read by preconditions of
/// every kind of action (true or false); guard setters make a guard true or false, often
/// need another guard (chains), and are often disabled.
fn guard_task(r: &mut Rng) -> Task {
    guard_task_sized(r, false)
}

fn guard_task_sized(r: &mut Rng, big: bool) -> Task {
    let mut d = Domain::new();
    let np = if big { 6 + r.below(9) } else { 2 + r.below(5) } as usize;
    let nf = if big { 2 + r.below(4) } else { r.below(4) } as usize;
    let ng = if big { 3 + r.below(8) } else { 1 + r.below(6) } as usize;
    let pad = if r.chance(15) {
        60 + r.below(80) as usize
    } else {
        0
    };
    for i in 0..pad {
        d.add_fact(&format!("pad{i}")).unwrap();
    }
    let at: Vec<FactId> = (0..np)
        .map(|i| d.add_fact(&format!("at{i}")).unwrap())
        .collect();
    let fl: Vec<FactId> = (0..nf)
        .map(|i| d.add_fact(&format!("fl{i}")).unwrap())
        .collect();
    let gd: Vec<FactId> = (0..ng)
        .map(|i| d.add_fact(&format!("g{i}")).unwrap())
        .collect();
    let all: Vec<FactId> = at.iter().chain(&fl).chain(&gd).copied().collect();
    let pick = |r: &mut Rng, v: &[FactId]| v[r.below(v.len() as u64) as usize];
    let cost = |r: &mut Rng| COSTS[r.below(COSTS.len() as u64) as usize];
    let mut setters = Vec::new();
    let mut n = 0;
    let actions = if big {
        20 + r.below(40)
    } else {
        4 + r.below(16)
    };
    for _ in 0..actions {
        let mut pre: Vec<FactValue> = Vec::new();
        let mut eff: Vec<FactValue> = Vec::new();
        let mut setter = false;
        match r.below(10) {
            0 | 1 => {
                // goto
                let p = r.below(np as u64) as usize;
                for (q, &y) in at.iter().enumerate() {
                    eff.push(fv(y, q == p));
                }
                if r.chance(40) {
                    pre.push(fv(at[p], false));
                }
            }
            2 | 3 => {
                // move
                let a = r.below(np as u64) as usize;
                let b = r.below(np as u64) as usize;
                if a == b {
                    continue;
                }
                pre.push(fv(at[a], true));
                eff.push(fv(at[a], false));
                eff.push(fv(at[b], true));
            }
            4 | 5 => {
                // flag
                if fl.is_empty() {
                    eff.push(fv(pick(r, &at), true));
                } else {
                    eff.push(fv(pick(r, &fl), r.chance(75)));
                    if r.chance(30) {
                        let y = pick(r, &fl);
                        if !eff.iter().any(|e| e.fact == y) {
                            eff.push(fv(y, false));
                        }
                    }
                    if r.chance(40) {
                        pre.push(fv(pick(r, &at), true));
                    }
                }
            }
            _ => {
                // guard setter, sometimes guarded by another guard (a chain)
                setter = true;
                let gi = r.below(ng as u64) as usize;
                eff.push(fv(gd[gi], r.chance(60)));
                if r.chance(50) && ng > 1 {
                    let gj = r.below(ng as u64) as usize;
                    if gj != gi {
                        pre.push(fv(gd[gj], r.chance(60)));
                    }
                }
                if r.chance(25) {
                    pre.push(fv(pick(r, &at), true));
                }
                if r.chance(20) && !fl.is_empty() {
                    let x = pick(r, &fl);
                    eff.push(fv(x, r.chance(50)));
                }
            }
        }
        // Guards on everything.
        for _ in 0..r.below(3).saturating_sub(u64::from(r.chance(50))) {
            let x = pick(r, &gd);
            if !pre.iter().any(|p| p.fact == x) && !eff.iter().any(|e| e.fact == x) {
                pre.push(fv(x, r.chance(55)));
            }
        }
        if r.chance(15) {
            let x = pick(r, &all);
            if !pre.iter().any(|p| p.fact == x) {
                pre.push(fv(x, r.chance(50)));
            }
        }
        let c = cost(r);
        if let Ok(id) = d.add_action(ActionDef {
            name: format!("a{n}"),
            pre,
            effects: eff,
            cost: c,
            ..Default::default()
        }) {
            if setter {
                setters.push(id);
            }
            n += 1;
        }
    }
    let mut start = WorldState::new();
    let placed = match r.below(10) {
        0 => 0,
        1 => 2,
        _ => 1,
    };
    for _ in 0..placed {
        start.set(pick(r, &at), true);
    }
    for &x in fl.iter().chain(&gd) {
        if r.chance(45) {
            start.set(x, true);
        }
    }
    let mut g: Vec<FactValue> = Vec::new();
    let k = match r.below(10) {
        0 => 0,
        1..=5 => 1,
        6 | 7 => 2,
        _ => 3,
    };
    for _ in 0..k {
        let x = match r.below(10) {
            0..=3 => pick(r, &at),
            4 | 5 => pick(r, &gd),
            _ => pick(r, &all),
        };
        if !g.iter().any(|e| e.fact == x) {
            // Mostly goals that do not hold at the start.
            let v = if r.chance(80) {
                !start.get(x)
            } else {
                r.chance(65)
            };
            g.push(fv(x, v));
        }
    }
    let goal = d.conditions(g).unwrap();
    let mut ctx = ActionContext::new();
    for &s in &setters {
        if r.chance(35) {
            ctx.set_enabled(s, false);
        }
    }
    if r.chance(20) && d.action_count() > 0 {
        ctx.set_enabled(ActionId(r.below(d.action_count() as u64) as u32), false);
    }
    Task {
        d,
        start,
        goal,
        ctx,
        guards: gd,
        setters,
    }
}

/// Random guard domains against blind search, one reused planner across all of them.
#[test]
fn review_guard_domains_match_blind() {
    let mut r = Rng::new(0x5747_1c00_0001);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let (mut walks, mut nonempty, mut noplan) = (0, 0, 0);
    let n = support::scaled(100_000);
    for i in 0..n {
        let t = guard_task(&mut r);
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
        noplan += usize::from(matches!(a.outcome, Outcome::NoPlan));
        nonempty += usize::from(a.plan().is_some_and(|p| !p.actions.is_empty()));
    }
    eprintln!("{walks} walks, {nonempty} non-empty plans, {noplan} no plan of {n}");
    assert!(walks > n / 8, "only {walks} walks");
}

/// Larger guard domains (more places, guards and actions: more group candidates broken by
/// guarded distractors) against blind search.
#[test]
fn review_big_guard_domains_match_blind() {
    let mut r = Rng::new(0x5747_1c00_0006);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let (mut walks, mut nonempty) = (0, 0);
    let n = support::scaled(6_000);
    for i in 0..n {
        let t = guard_task_sized(&mut r, true);
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
        nonempty += usize::from(a.plan().is_some_and(|p| !p.actions.is_empty()));
    }
    eprintln!("big: {walks} walks, {nonempty} non-empty plans of {n}");
    assert!(walks > n / 20, "only {walks} walks");
}

/// One guard domain, every combination of guard start values (up to 2^7, more than the 32
/// shapes a planner keeps), several goals and disabled sets, through one planner in three
/// orders: each matches blind search and the first round's result.
#[test]
fn review_every_static_combination_cycles_through_one_planner() {
    let mut r = Rng::new(0x5747_1c00_0002);
    let mut checked = 0;
    let mut walks = 0;
    for dom in 0..40 {
        let mut t = guard_task(&mut r);
        while t.guards.len() < 5 {
            t = guard_task(&mut r);
        }
        let ng = t.guards.len().min(7);
        let mut goals = vec![t.goal.clone()];
        for _ in 0..2 {
            let x = FactId(r.below(t.d.fact_count() as u64) as u32);
            goals.push(t.d.conditions([fv(x, r.chance(60))]).unwrap());
        }
        let mut ctxs = vec![t.ctx.clone(), ActionContext::new()];
        let mut c = ActionContext::new();
        for &s in &t.setters {
            if r.chance(50) {
                c.set_enabled(s, false);
            }
        }
        ctxs.push(c);
        let mut cases = Vec::new();
        for v in 0..1u32 << ng {
            let mut s = t.start.clone();
            for (b, &g) in t.guards.iter().take(ng).enumerate() {
                s.set(g, (v >> b) & 1 == 1);
            }
            for gi in 0..goals.len() {
                for ci in 0..ctxs.len() {
                    if r.chance(35) {
                        cases.push((s.clone(), gi, ci));
                    }
                }
            }
        }
        let mut first: Vec<Option<PlanResult>> = vec![None; cases.len()];
        let (mut p, mut slicer) = (Planner::new(), Planner::new());
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
                let (s, gi, ci) = &cases[i];
                let what = format!("dom {dom} round {round} case {i}");
                let res = if round == 0 {
                    checked += 1;
                    let a = differential(
                        &mut p,
                        &mut slicer,
                        &t.d,
                        s,
                        &goals[*gi],
                        &ctxs[*ci],
                        1 + (i as u64 % 3),
                        &what,
                    );
                    walks += usize::from(walked(&a));
                    a
                } else {
                    p.plan_in(&t.d, s, &goals[*gi], &opts(Heuristic::Auto), &ctxs[*ci])
                };
                let res = strip(res);
                match &first[i] {
                    None => first[i] = Some(res),
                    Some(f) => assert_eq!(&res, f, "{what}"),
                }
            }
        }
    }
    assert!(checked > 2000, "{checked} cases");
    eprintln!("{walks} of {checked} walked");
    assert!(walks > checked / 12, "only {walks} of {checked} walked");
}

/// Hand-made chains: `g0` made by nothing; `g1` made only by an action that needs `g0`;
/// `g2` made by an action that needs `g1` false; the goal needs a move that reads `g2`.
/// Every start of the three guards, each setter disabled or not, zero costs included.
#[test]
fn review_hand_made_guard_chains() {
    let mut d = Domain::new();
    let at: Vec<FactId> = (0..5)
        .map(|i| d.add_fact(&format!("at{i}")).unwrap())
        .collect();
    let g: Vec<FactId> = (0..4)
        .map(|i| d.add_fact(&format!("g{i}")).unwrap())
        .collect();
    let mut act = |name: &str, pre: Vec<FactValue>, eff: Vec<FactValue>, cost: f64| {
        d.add_action(ActionDef {
            name: name.into(),
            pre,
            effects: eff,
            cost,
            ..Default::default()
        })
        .unwrap()
    };
    // g1 := true needs g0 (made by nothing); g2 := true needs g1 false; g3 := false needs g2.
    // `drop_g0` makes g0 false: relevant only through `goto0`.
    let setters = [
        act("set_g1", vec![fv(g[0], true)], vec![fv(g[1], true)], 0.0),
        act("clear_g1", vec![], vec![fv(g[1], false)], 3.0),
        act("set_g2", vec![fv(g[1], false)], vec![fv(g[2], true)], 1.0),
        act("clear_g3", vec![fv(g[2], true)], vec![fv(g[3], false)], 0.0),
        act("drop_g0", vec![], vec![fv(g[0], false)], 0.0),
    ];
    for i in 0..4 {
        act(
            &format!("move{i}"),
            vec![fv(at[i], true)],
            vec![fv(at[i], false), fv(at[i + 1], true)],
            1.0,
        );
    }
    // Teleports that break the group unless their guards deny them.
    act("tele_a", vec![fv(g[2], true)], vec![fv(at[4], true)], 1.0);
    act("tele_b", vec![fv(g[3], false)], vec![fv(at[3], true)], 0.0);
    act(
        "tele_c",
        vec![fv(g[1], true), fv(at[0], true)],
        vec![fv(at[2], true)],
        1.0,
    );
    act("goto0", vec![fv(g[0], false)], vec![fv(at[0], true)], 2.0);
    let mut goals = Vec::new();
    for &x in at.iter().chain(&g) {
        goals.push(d.conditions([fv(x, true)]).unwrap());
        goals.push(d.conditions([fv(x, false)]).unwrap());
    }
    goals.push(d.conditions([fv(at[4], true), fv(g[3], true)]).unwrap());
    goals.push(d.conditions([fv(at[3], true), fv(g[1], false)]).unwrap());
    goals.push(d.conditions([]).unwrap());
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let mut cases = 0;
    for dis in 0..1u32 << setters.len() {
        let mut ctx = ActionContext::new();
        for (b, &s) in setters.iter().enumerate() {
            if (dis >> b) & 1 == 1 {
                ctx.set_enabled(s, false);
            }
        }
        for gv in 0..16u32 {
            for place in 0..6usize {
                let mut start = WorldState::new();
                if place < 5 {
                    start.set(at[place], true);
                } else {
                    start.set(at[0], true);
                    start.set(at[2], true);
                }
                for (b, &x) in g.iter().enumerate() {
                    start.set(x, (gv >> b) & 1 == 1);
                }
                for (gi, goal) in goals.iter().enumerate() {
                    if (dis as usize + gv as usize + place + gi) % 3 != 0 {
                        continue;
                    }
                    cases += 1;
                    differential(
                        &mut reused,
                        &mut slicer,
                        &d,
                        &start,
                        goal,
                        &ctx,
                        1 + (cases % 2),
                        &format!("dis {dis:b} gv {gv:b} place {place} goal {gi}"),
                    );
                }
            }
        }
    }
    assert!(cases > 3000, "{cases}");
}

/// A world's pooled planners share their tables: with no idle planner kept (every plan
/// takes a new planner that shares the world's tables) and with one, every plan equals a
/// fresh planner's, stats included, over many keys and static values.
#[test]
fn review_world_planners_sharing_tables_plan_like_fresh_ones() {
    let mut r = Rng::new(0x5747_1c00_0003);
    for idle in [0usize, 1, 4] {
        let world = World::new(WorldDef {
            max_idle_planners: idle,
            ..WorldDef::default()
        });
        for dom in 0..30 {
            let t = guard_task(&mut r);
            for case in 0..60 {
                let mut s = t.start.clone();
                for &g in &t.guards {
                    if r.chance(50) {
                        s.set(g, r.chance(50));
                    }
                }
                let x = FactId(r.below(t.d.fact_count() as u64) as u32);
                let goal = if case % 3 == 0 {
                    t.goal.clone()
                } else {
                    t.d.conditions([fv(x, r.chance(60))]).unwrap()
                };
                let o = PlanOptions::default();
                let w = world.plan_with(&t.d, &s, &goal, &o);
                let fresh = Planner::new().plan_in(&t.d, &s, &goal, &o, &ActionContext::new());
                assert_eq!(strip(w), strip(fresh), "idle {idle} dom {dom} case {case}");
            }
        }
    }
}

/// A world of agents over one guard domain: random starts, goals (on guards too), disabled
/// setters. Plans with the cache equal plans without it (batches and steps, threads,
/// node budgets, step budgets), every plan matches a fresh search, and two identical
/// single-threaded worlds count the same cache hits and misses.
#[test]
fn review_world_cache_skip_is_deterministic() {
    let mut r = Rng::new(0x5747_1c00_0004);
    let (mut walked_any, mut hits, mut misses) = (0, 0, 0);
    for round in 0..15 {
        let t = guard_task(&mut r);
        let seed = r.next_u64();
        let mode = round % 5;
        let mut reference = None;
        let mut stats_ref = None;
        for (cache, threads) in [(0usize, 1u32), (4096, 1), (4096, 1), (4096, 4), (0, 4)] {
            let world = World::new(WorldDef {
                plan_cache_capacity: cache,
                worker_threads: 4,
                max_idle_planners: 2,
                ..WorldDef::default()
            });
            let dom = world.create_domain("d").unwrap();
            world
                .edit(dom, |e| -> Result<(), WorldError> {
                    *e.domain_mut() = t.d.clone();
                    Ok(())
                })
                .unwrap();
            let domain = world.snapshot(dom).unwrap().domain().clone();
            let mut rr = Rng::new(seed);
            let ids: Vec<AgentId> = (0..150)
                .map(|_| {
                    let def = AgentDef {
                        plan_in_step: mode == 1 || mode == 3,
                        step_budget: if mode == 3 {
                            SearchBudget::expansions(1 + rr.below(3))
                        } else {
                            SearchBudget::UNLIMITED
                        },
                        failure_cooldown: if mode == 4 { 0.5 } else { 0.0 },
                        // Some agents' searches go through the cache: another heuristic,
                        // or a node limit below a table's states.
                        options: match rr.below(6) {
                            0 => opts(Heuristic::Landmarks),
                            1 => PlanOptions {
                                max_nodes: 1 + rr.below(4) as u32,
                                ..PlanOptions::default()
                            },
                            _ => PlanOptions::default(),
                        },
                        ..AgentDef::default()
                    };
                    let id = world.create_agent(dom, def).unwrap();
                    for _ in 0..1 + rr.below(3) {
                        let x = FactId(rr.below(domain.fact_count() as u64) as u32);
                        let conditions = if rr.chance(30) {
                            t.goal.clone()
                        } else {
                            domain.conditions([fv(x, rr.chance(60))]).unwrap()
                        };
                        world
                            .add_goal(
                                id,
                                GoalDef {
                                    name: "g".into(),
                                    conditions,
                                    priority: rr.below(4) as f64,
                                    ..GoalDef::default()
                                },
                            )
                            .unwrap();
                    }
                    world
                        .with_agent(id, |a| {
                            for f in 0..domain.fact_count() {
                                if t.start.get(FactId(f as u32)) != rr.chance(20) {
                                    a.set_fact(FactId(f as u32), true)?;
                                }
                            }
                            for &s in &t.setters {
                                if rr.chance(30) {
                                    a.set_action_enabled(s, false)?;
                                }
                            }
                            Ok(())
                        })
                        .unwrap();
                    id
                })
                .collect();
            match mode {
                0 => {
                    world.plan_agents(&BatchOptions {
                        threads,
                        ..BatchOptions::default()
                    });
                }
                2 => {
                    for _ in 0..200 {
                        let s = world.plan_agents(&BatchOptions {
                            threads,
                            max_nodes: 7,
                            ..BatchOptions::default()
                        });
                        if s.waiting == 0 {
                            break;
                        }
                    }
                }
                4 => {
                    // Agents act their plans out (an action fails now and then), with
                    // batches between rounds of steps.
                    let mut fr = Rng::new(seed ^ 0x00f0);
                    for step in 0..40 {
                        if step % 5 == 0 {
                            world.plan_agents(&BatchOptions {
                                threads,
                                ..BatchOptions::default()
                            });
                        }
                        for &id in &ids {
                            let st = world.step_agent(id, 0.25).unwrap();
                            if let goap::StepKind::Start(_) | goap::StepKind::Continue(_) = st.kind
                            {
                                let rep = if fr.chance(10) {
                                    goap::Report::Failed
                                } else {
                                    goap::Report::Succeeded
                                };
                                world.with_agent(id, |a| a.report(rep)).unwrap();
                            }
                        }
                    }
                }
                _ => {
                    for _ in 0..300 {
                        for &id in &ids {
                            world.step_agent(id, 0.0).unwrap();
                        }
                    }
                }
            }
            type Seen = (Vec<ActionId>, bool, u64, WorldState);
            let got: Vec<Seen> = ids
                .iter()
                .map(|&id| {
                    world
                        .with_agent(id, |a| {
                            Ok((
                                a.plan().to_vec(),
                                a.needs_plan(),
                                a.replans(),
                                a.state().clone(),
                            ))
                        })
                        .unwrap()
                })
                .collect();
            // Every plan is a fresh search's.
            for &id in &ids {
                world
                    .with_agent(id, |a| {
                        if let Some(g) = a.current_goal() {
                            let goal = a.goal(g)?.conditions.clone();
                            let ctx = a.planning_context();
                            let f = Planner::new().plan_in(
                                a.domain(),
                                a.state(),
                                &goal,
                                &a.def().options,
                                &ctx,
                            );
                            walked_any += usize::from(walked(&f));
                            if a.full_plan().2 == 0 && !a.plan().is_empty() {
                                assert_eq!(
                                    f.plan().map(|p| p.actions.clone()),
                                    Some(a.plan().to_vec()),
                                    "round {round} mode {mode}"
                                );
                            }
                        }
                        Ok(())
                    })
                    .unwrap();
            }
            match &reference {
                None => reference = Some(got),
                Some(x) => assert!(
                    x == &got,
                    "round {round} mode {mode}: cache {cache} threads {threads} differ"
                ),
            }
            if cache > 0 {
                let s = world.cache_stats();
                hits += s.hits;
                misses += s.misses;
            }
            if cache > 0 && threads == 1 {
                let s = world.cache_stats();
                match &stats_ref {
                    None => stats_ref = Some(s),
                    Some(x) => assert_eq!(x, &s, "round {round} mode {mode}: cache stats"),
                }
            }
        }
    }
    eprintln!("world: {walked_any} walks, {hits} hits, {misses} misses");
    assert!(hits > 100 && misses > 100);
    assert!(walked_any > 100, "{walked_any}");
}

/// Up to 66 static facts (the limit is 64 statics, keyed by a `u64` of their values):
/// guards of consuming teleports on a path of cells, read true or false, never changed,
/// some beyond the first word of a state. Random start values through one planner.
#[test]
fn review_sixty_four_statics_and_more() {
    let mut r = Rng::new(0x5747_1c00_0005);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    for ng in [1usize, 31, 32, 33, 63, 64, 65, 66] {
        let mut d = Domain::new();
        let n = 10;
        let cell: Vec<FactId> = (0..n)
            .map(|k| d.add_fact(&format!("cell{k}")).unwrap())
            .collect();
        let gd: Vec<FactId> = (0..ng)
            .map(|k| d.add_fact(&format!("g{k}")).unwrap())
            .collect();
        for k in 0..n - 1 {
            for (from, to) in [(k, k + 1), (k + 1, k)] {
                d.add_action(ActionDef {
                    name: format!("move_{from}_{to}"),
                    pre: vec![fv(cell[from], true)],
                    effects: vec![fv(cell[from], false), fv(cell[to], true)],
                    cost: 3.0,
                    ..Default::default()
                })
                .unwrap();
            }
        }
        for (k, &g) in gd.iter().enumerate() {
            let (from, to) = (k % n, (k * 7 + 3) % n);
            if from == to {
                continue;
            }
            d.add_action(ActionDef {
                name: format!("tele{k}"),
                pre: vec![fv(cell[from], true), fv(g, k % 3 != 0)],
                effects: vec![fv(cell[from], false), fv(cell[to], true)],
                cost: (k % 3) as f64,
                ..Default::default()
            })
            .unwrap();
        }
        let mut walks = 0;
        for case in 0..150 {
            let mut start = WorldState::new();
            start.set(cell[r.below(n as u64) as usize], true);
            for &g in &gd {
                if r.chance(if case % 2 == 0 { 10 } else { 60 }) {
                    start.set(g, true);
                }
            }
            let goal = d
                .conditions([fv(cell[r.below(n as u64) as usize], true)])
                .unwrap();
            let a = differential(
                &mut reused,
                &mut slicer,
                &d,
                &start,
                &goal,
                &ActionContext::new(),
                1 + r.below(3),
                &format!("ng {ng} case {case}"),
            );
            walks += usize::from(walked(&a));
        }
        eprintln!("ng {ng}: {walks} walks");
    }
}
