//! Review of the bounded uniform-cost search (`Stage::Bounded`): the default search of a
//! task whose at-most-one groups leave at most `BOUNDED_MAX_STATES` states but whose
//! projection has too many facts for an exact table. Random long paths (65 to 300 cells)
//! with extra groups, flags nothing reads, static guards (some with flags only their dead
//! actions read, so the search meets more states than the bound and is set up again),
//! goals on several cells or negative ones, starts with 0, 1 or 2 cells, zero-cost moves,
//! node limits around the state count and small ones; against blind search, fresh against
//! reused (planners that also run other tasks: tiny exact-table tasks, other heuristics,
//! directions, cost overrides, disabled sets, node limits), sliced against unsliced, and a
//! world's planners and agents.

use goap::{
    ActionContext, ActionDef, ActionId, AgentDef, Direction, Domain, FactId, Goal, GoalDef,
    Heuristic, Outcome, PlanOptions, PlanResult, Planner, SearchBudget, World, WorldDef,
    WorldState, BOUNDED_MAX_STATES,
};

mod support;
use support::{check_plan, fv, strip, Rng};

/// A generated task.
struct Task {
    d: Domain,
    start: WorldState,
    goal: Goal,
    ctx: ActionContext,
    o: PlanOptions,
    /// The cells of its path.
    n: usize,
    /// One cell true at the start, integer costs, no cost override: may be bounded.
    one_cell: bool,
}

fn add(
    d: &mut Domain,
    name: String,
    pre: Vec<goap::FactValue>,
    eff: Vec<goap::FactValue>,
    cost: f64,
) {
    d.add_action(ActionDef {
        name,
        pre,
        effects: eff,
        cost,
        ..Default::default()
    })
    .unwrap();
}

/// A random long path with extras (see the module docs).
fn long_task(r: &mut Rng) -> Task {
    let mut d = Domain::new();
    let n = match r.below(10) {
        0 => 251 + r.below(50) as usize,
        1 => 65 + r.below(20) as usize,
        _ => 65 + r.below(190) as usize,
    };
    let cell: Vec<FactId> = (0..n)
        .map(|k| d.add_fact(&format!("cell{k}")).unwrap())
        .collect();
    let seen = d.add_fact("seen").unwrap();
    let key = d.add_fact("key").unwrap();
    let magic = d.add_fact("magic").unwrap();
    let flag = d.add_fact("flag").unwrap();
    let (open, shut) = (d.add_fact("open").unwrap(), d.add_fact("shut").unwrap());
    let lamp = d.add_fact("lamp").unwrap();
    let cost_mode = r.below(6);
    let cost = |r: &mut Rng| -> f64 {
        match cost_mode {
            0 => 0.0,
            1 => 1.0,
            2 => [0.0, 1.0, 2.0, 3.0, 255.0][r.below(5) as usize],
            3 => {
                if r.chance(2) {
                    0.5
                } else {
                    1.0 + r.below(3) as f64
                }
            }
            _ => (r.below(4)) as f64,
        }
    };
    let use_seen = r.chance(40);
    let use_key = r.chance(25);
    let use_flag = r.chance(30);
    let use_door = r.chance(25) && n <= 90;
    let use_lamp = r.chance(15) && n <= 130;
    let shortcuts = if r.chance(30) { r.range(1, 6) } else { 0 };
    let mut edges: Vec<(usize, usize)> =
        (0..n - 1).flat_map(|k| [(k, k + 1), (k + 1, k)]).collect();
    for _ in 0..shortcuts {
        let (a, b) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
        if a != b && !edges.contains(&(a, b)) {
            edges.push((a, b));
        }
    }
    for (i, &(from, to)) in edges.iter().enumerate() {
        let mut pre = vec![fv(cell[from], true)];
        let mut eff = vec![fv(cell[from], false), fv(cell[to], true)];
        if use_seen && r.chance(30) {
            eff.push(fv(seen, true));
        }
        if use_key && r.chance(5) {
            pre.push(fv(key, true));
        }
        if use_flag && r.chance(50) {
            eff.push(fv(flag, from < to));
        }
        if use_door && r.chance(10) {
            pre.push(fv(open, true));
        }
        if use_lamp && r.chance(10) {
            pre.push(fv(lamp, r.chance(50)));
        }
        add(&mut d, format!("move{i}_{from}_{to}"), pre, eff, cost(r));
    }
    if use_flag {
        // Teleports guarded by a static fact that read the flag: with `magic` false they
        // never apply (and the flag is read by nothing else).
        for t in 0..r.range(1, 3) {
            let (a, b) = (r.below(n as u64) as usize, r.below(n as u64) as usize);
            if a == b {
                continue;
            }
            add(
                &mut d,
                format!("teleport{t}"),
                vec![fv(magic, true), fv(flag, true), fv(cell[a], true)],
                vec![fv(cell[a], false), fv(cell[b], true)],
                cost(r),
            );
        }
    }
    if use_door {
        add(
            &mut d,
            "open".into(),
            vec![fv(shut, true)],
            vec![fv(shut, false), fv(open, true)],
            cost(r),
        );
        add(
            &mut d,
            "close".into(),
            vec![fv(open, true)],
            vec![fv(open, false), fv(shut, true)],
            cost(r),
        );
    }
    if use_lamp {
        add(
            &mut d,
            "lamp_on".into(),
            vec![],
            vec![fv(lamp, true)],
            cost(r),
        );
        add(
            &mut d,
            "lamp_off".into(),
            vec![],
            vec![fv(lamp, false)],
            cost(r),
        );
    }
    let mut start = WorldState::new();
    let cells = match r.below(10) {
        0 => 0,
        1 => 2,
        _ => 1,
    };
    for _ in 0..cells {
        start.set(cell[r.below(n as u64) as usize], true);
    }
    for f in [seen, key, magic, flag, lamp] {
        if r.chance(40) {
            start.set(f, true);
        }
    }
    match r.below(4) {
        0 => start.set(open, true),
        1 => start.set(shut, true),
        2 if r.chance(20) => {
            start.set(open, true);
            start.set(shut, true);
        }
        _ => {}
    }
    let mut goal = vec![fv(cell[r.below(n as u64) as usize], true)];
    match r.below(10) {
        0 => {
            let c = cell[r.below(n as u64) as usize];
            if !goal.iter().any(|g| g.fact == c) {
                goal.push(fv(c, true));
            }
        }
        1 => {
            let c = cell[r.below(n as u64) as usize];
            if !goal.iter().any(|g| g.fact == c) {
                goal.push(fv(c, false));
            }
        }
        2 => goal = vec![fv(cell[r.below(n as u64) as usize], false)],
        3 if use_door => goal.push(fv(open, r.chance(50))),
        4 if use_seen => goal.push(fv(seen, true)),
        5 if use_flag => goal.push(fv(flag, r.chance(50))),
        _ => {}
    }
    let goal = d.conditions(goal).unwrap();
    let mut ctx = ActionContext::new();
    if r.chance(30) {
        for _ in 0..r.range(1, 3) {
            ctx.set_enabled(ActionId(r.below(d.action_count() as u64) as u32), false);
        }
    }
    if r.chance(10) {
        // Disabled ids past the domain's actions.
        ctx.set_enabled(ActionId(d.action_count() as u32 + r.below(3) as u32), false);
    }
    let costed = r.chance(8);
    if costed {
        let a = ActionId(r.below(d.action_count() as u64) as u32);
        ctx.set_cost(a, r.below(4) as f64).unwrap();
    }
    let states = (n + 1) as u32;
    let max_nodes = match r.below(12) {
        0 => 1 + r.below(40) as u32,
        1 => states.saturating_sub(1),
        2 => states,
        3 => states + 1,
        4 => states + 2,
        5 => 2 * states + r.below(3) as u32,
        6 => 3 * states + r.below(3) as u32,
        _ => PlanOptions::DEFAULT_MAX_NODES,
    };
    let direction = match r.below(6) {
        0 => Direction::Forward,
        _ => Direction::Auto,
    };
    let o = PlanOptions {
        max_nodes,
        heuristic: Heuristic::Auto,
        direction,
    };
    Task {
        d,
        start,
        goal,
        ctx,
        o,
        n,
        one_cell: cells == 1 && cost_mode != 3 && !costed,
    }
}

/// A tiny task that takes an exact table (a path of a few cells), or other searches.
fn tiny_task(r: &mut Rng) -> Task {
    let mut d = Domain::new();
    let n = r.range(3, 20);
    let cell: Vec<FactId> = (0..n)
        .map(|k| d.add_fact(&format!("c{k}")).unwrap())
        .collect();
    for k in 0..n - 1 {
        for (i, (from, to)) in [(k, k + 1), (k + 1, k)].into_iter().enumerate() {
            add(
                &mut d,
                format!("m{k}_{i}"),
                vec![fv(cell[from], true)],
                vec![fv(cell[from], false), fv(cell[to], true)],
                r.below(3) as f64,
            );
        }
    }
    let mut start = WorldState::new();
    start.set(cell[r.below(n as u64) as usize], true);
    let goal = d
        .conditions([fv(cell[r.below(n as u64) as usize], true)])
        .unwrap();
    Task {
        d,
        start,
        goal,
        ctx: ActionContext::new(),
        o: PlanOptions::default(),
        n,
        one_cell: false,
    }
}

/// Other options for a search on a reused planner between the checked ones.
fn noise_options(r: &mut Rng) -> PlanOptions {
    PlanOptions {
        max_nodes: match r.below(3) {
            0 => 1 + r.below(300) as u32,
            _ => PlanOptions::DEFAULT_MAX_NODES,
        },
        heuristic: [
            Heuristic::Auto,
            Heuristic::Blind,
            Heuristic::Landmarks,
            Heuristic::LmCut,
            Heuristic::HMax,
        ][r.below(5) as usize],
        direction: [Direction::Auto, Direction::Forward, Direction::Backward][r.below(3) as usize],
    }
}

/// Runs `t` sliced by `k` expansions per call on `p`.
fn sliced(p: &mut Planner, t: &Task, k: u64) -> PlanResult {
    p.begin(&t.d, &t.start, &t.goal, &t.o, &t.ctx);
    let mut calls = 0u64;
    loop {
        calls += 1;
        assert!(calls < 1_000_000, "sliced search does not end");
        if let Some(x) = p.resume(&SearchBudget::expansions(k)) {
            return x;
        }
    }
}

/// Whether the search was the bounded uniform-cost one alone: no evaluation, no estimate.
fn looks_bounded(r: &PlanResult) -> bool {
    r.stats.evaluations == 0 && r.stats.initial_h == 0.0
}

/// The checks of one task; returns the reused planner's result.
fn check(
    reused: &mut Planner,
    slicer: &mut Planner,
    world: &World,
    t: &Task,
    k: u64,
    what: &str,
) -> PlanResult {
    let a = reused.plan_in(&t.d, &t.start, &t.goal, &t.o, &t.ctx);
    let blind_o = PlanOptions {
        heuristic: Heuristic::Blind,
        max_nodes: PlanOptions::DEFAULT_MAX_NODES,
        direction: Direction::Forward,
    };
    let b = Planner::new().plan_in(&t.d, &t.start, &t.goal, &blind_o, &t.ctx);
    match (&a.outcome, &b.outcome) {
        (Outcome::Found(pa), Outcome::Found(pb)) => {
            check_plan(&t.d, &t.start, &t.goal, &t.ctx, &pa.actions);
            assert_eq!(pa.cost, pb.cost, "{what}: auto {pa:?} vs blind {pb:?}");
        }
        (Outcome::NoPlan, Outcome::NoPlan) => {}
        (Outcome::LimitReached, _) if t.o.max_nodes < PlanOptions::DEFAULT_MAX_NODES => {}
        (x, y) => panic!("{what}: auto {x:?} vs blind {y:?}"),
    }
    let fresh = Planner::new().plan_in(&t.d, &t.start, &t.goal, &t.o, &t.ctx);
    assert_eq!(strip(fresh), strip(a.clone()), "{what}: fresh vs reused");
    let s = sliced(slicer, t, k);
    assert_eq!(strip(s), strip(a.clone()), "{what}: sliced by {k} (reused)");
    let s = sliced(&mut Planner::new(), t, 1 + (k * 7) % 5);
    assert_eq!(strip(s), strip(a.clone()), "{what}: sliced (fresh)");
    if t.ctx.is_empty() {
        let w = world.plan_with(&t.d, &t.start, &t.goal, &t.o);
        assert_eq!(strip(w), strip(a.clone()), "{what}: world");
    }
    a
}

fn one_world() -> World {
    World::new(WorldDef {
        worker_threads: 1,
        ..WorldDef::default()
    })
}

/// Random long tasks, with other searches on the same planners in between.
#[test]
fn random_long_paths_match_blind_fresh_sliced_and_world() {
    let mut r = Rng::new(0xb0de_d5ea_2026_0001);
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let world = one_world();
    let (mut bounded, mut past, mut limits, mut found) = (0, 0, 0, 0);
    let cases = support::scaled(if cfg!(debug_assertions) { 30 } else { 160 });
    let mut previous: Option<Task> = None;
    for i in 0..cases {
        let t = long_task(&mut r);
        let what = format!("#{i} (n {}, {:?})", t.n, t.o);
        // Noise on the reused planners first: a tiny exact-table task, the previous task
        // with other options, this task with other options.
        for _ in 0..r.range(0, 3) {
            let noise = match r.below(3) {
                0 => tiny_task(&mut r),
                _ => long_task(&mut r),
            };
            let o = if r.chance(50) {
                noise.o
            } else {
                noise_options(&mut r)
            };
            let p = if r.chance(50) {
                &mut reused
            } else {
                &mut slicer
            };
            p.plan_in(&noise.d, &noise.start, &noise.goal, &o, &noise.ctx);
        }
        // A goal on the same domain that takes an exact table (the door, the lamp, the
        // flag nothing reads), just before the checked search.
        if r.chance(40) {
            let name = ["open", "shut", "lamp", "seen"][r.below(4) as usize];
            let f = t.d.fact_id(name).unwrap();
            let g = t.d.conditions([fv(f, r.chance(70))]).unwrap();
            let p = if r.chance(50) {
                &mut reused
            } else {
                &mut slicer
            };
            p.plan_in(&t.d, &t.start, &g, &PlanOptions::default(), &t.ctx);
        }
        if let Some(prev) = &previous {
            let o = noise_options(&mut r);
            reused.plan_in(&prev.d, &prev.start, &prev.goal, &o, &prev.ctx);
        }
        if r.chance(30) {
            let o = noise_options(&mut r);
            slicer.plan_in(&t.d, &t.start, &t.goal, &o, &ActionContext::new());
            // Leave a search half done on the slicer: `begin` drops it.
            slicer.begin(&t.d, &t.start, &t.goal, &o, &t.ctx);
            slicer.resume(&SearchBudget::expansions(3));
        }
        let k = match r.below(3) {
            0 => 1,
            1 => 2 + r.below(4),
            _ => 1 + r.below(200),
        };
        let a = check(&mut reused, &mut slicer, &world, &t, k, &what);
        match &a.outcome {
            Outcome::Found(p) if !p.actions.is_empty() => {
                found += 1;
                if t.one_cell && t.n < BOUNDED_MAX_STATES {
                    if looks_bounded(&a) {
                        bounded += 1;
                    } else {
                        past += 1;
                    }
                }
            }
            Outcome::LimitReached => limits += 1,
            _ => {}
        }
        previous = Some(t);
    }
    eprintln!("{found} found, {bounded} bounded, {past} set up again, {limits} limits");
    assert!(bounded > cases / 10, "{bounded} bounded");
    assert!(past > 0, "no search past its bound");
    assert!(limits > 0, "no node limit");
}

/// A path whose moves toggle a flag that only a dead (static-guarded) teleport reads: the
/// exact shape leaves the flag out (n + 1 states), the search does not (twice as many), so
/// the bounded search runs out of expansions (or, with a node limit between the two
/// counts, of nodes) and is set up as usual; every way of running it agrees.
#[test]
fn a_flag_only_dead_actions_read_takes_the_search_past_its_bound() {
    let world = one_world();
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let mut set_up_again = 0;
    let lengths: &[usize] = if cfg!(debug_assertions) {
        &[65, 127]
    } else {
        &[65, 127, 200, 254]
    };
    for (i, &n) in lengths.iter().enumerate() {
        let mut d = Domain::new();
        let cell: Vec<FactId> = (0..n)
            .map(|k| d.add_fact(&format!("cell{k}")).unwrap())
            .collect();
        let (magic, flag) = (d.add_fact("magic").unwrap(), d.add_fact("flag").unwrap());
        for k in 0..n - 1 {
            for (from, to) in [(k, k + 1), (k + 1, k)] {
                add(
                    &mut d,
                    format!("move_{from}_{to}"),
                    vec![fv(cell[from], true)],
                    vec![
                        fv(cell[from], false),
                        fv(cell[to], true),
                        fv(flag, from < to),
                    ],
                    1.0 + (from % 2) as f64,
                );
            }
        }
        add(
            &mut d,
            "teleport".into(),
            vec![fv(magic, true), fv(flag, true), fv(cell[0], true)],
            vec![fv(cell[0], false), fv(cell[n - 1], true)],
            1.0,
        );
        let mut start = WorldState::new();
        start.set(cell[0], true);
        let goal = d.conditions([fv(cell[n - 1], true)]).unwrap();
        let states = (n + 1) as u32;
        for (j, max_nodes) in [PlanOptions::DEFAULT_MAX_NODES, states + 1, 2 * states]
            .into_iter()
            .enumerate()
        {
            for direction in [Direction::Auto, Direction::Forward] {
                let t = Task {
                    d: d.clone(),
                    start: start.clone(),
                    goal: goal.clone(),
                    ctx: ActionContext::new(),
                    o: PlanOptions {
                        max_nodes,
                        heuristic: Heuristic::Auto,
                        direction,
                    },
                    n,
                    one_cell: true,
                };
                let what = format!("n {n}, max_nodes {max_nodes}, {direction:?}");
                let a = check(
                    &mut reused,
                    &mut slicer,
                    &world,
                    &t,
                    1 + (i + j) as u64,
                    &what,
                );
                if a.stats.evaluations > 0 {
                    set_up_again += 1;
                }
                // And with `magic` true: the teleport applies (not bounded: the flag is
                // read).
                let mut s2 = start.clone();
                s2.set(magic, true);
                let t2 = Task { start: s2, ..t };
                check(&mut reused, &mut slicer, &world, &t2, 3, &what);
            }
        }
    }
    assert!(set_up_again >= lengths.len() * 2, "{set_up_again}");
}

/// Many places any of which a `goto` reaches from anywhere (a group whose makers clear the
/// others) and a second group, with the goal behind an expensive action: the bounded
/// search generates more than `AUTO_BACKWARD_AFTER` successors, so `Direction::Auto`
/// starts the backward search beside it. Some variants also toggle a flag only a dead
/// action reads, so the forward search is set up again while the backward one runs.
#[test]
fn wide_groups_and_the_portfolio() {
    let world = one_world();
    let (mut reused, mut slicer) = (Planner::new(), Planner::new());
    let mut r = Rng::new(0x0f0e_0d0c_0b0a_0908);
    let (mut portfolio, mut set_up_again) = (0, 0);
    for case in 0..if cfg!(debug_assertions) { 4 } else { 12 } {
        let places = r.range(66, 84);
        let mut d = Domain::new();
        let at: Vec<FactId> = (0..places)
            .map(|k| d.add_fact(&format!("at{k}")).unwrap())
            .collect();
        let (b1, b2) = (d.add_fact("b1").unwrap(), d.add_fact("b2").unwrap());
        let (magic, flag) = (d.add_fact("magic").unwrap(), d.add_fact("flag").unwrap());
        let toggles = case % 2 == 1;
        for k in 0..places {
            // Two of each with `toggles`, one setting the flag, one clearing it.
            for f in 0..1 + usize::from(toggles) {
                let mut eff: Vec<_> = (0..places).map(|j| fv(at[j], j == k)).collect();
                if toggles {
                    eff.push(fv(flag, f == 0));
                }
                // Read every place (the next one must not hold), so all are relevant.
                let pre = vec![fv(at[(k + 1) % places], false)];
                add(&mut d, format!("goto{k}_{f}"), pre, eff, r.below(3) as f64);
            }
        }
        add(
            &mut d,
            "make_b2".into(),
            vec![],
            vec![fv(b2, true), fv(b1, false)],
            1.0,
        );
        add(
            &mut d,
            "make_b1".into(),
            vec![fv(b2, true)],
            vec![fv(b2, false), fv(b1, true)],
            200.0 + r.below(56) as f64,
        );
        add(
            &mut d,
            "dead".into(),
            vec![fv(magic, true), fv(flag, true)],
            vec![fv(b1, true), fv(b2, false)],
            0.0,
        );
        let mut start = WorldState::new();
        if r.chance(80) {
            start.set(at[r.below(places as u64) as usize], true);
        }
        let goal = d
            .conditions([fv(at[r.below(places as u64) as usize], true), fv(b1, true)])
            .unwrap();
        for direction in [Direction::Auto, Direction::Forward] {
            let t = Task {
                d: d.clone(),
                start: start.clone(),
                goal: goal.clone(),
                ctx: ActionContext::new(),
                o: PlanOptions {
                    direction,
                    ..PlanOptions::default()
                },
                n: places,
                one_cell: true,
            };
            let what = format!("case {case}, {places} places, {direction:?}");
            let a = check(&mut reused, &mut slicer, &world, &t, 1 + r.below(60), &what);
            assert!(a.plan().is_some(), "{what}: {:?}", a.outcome);
            portfolio += usize::from(a.stats.backward);
            set_up_again += usize::from(a.stats.evaluations > 0 && !a.stats.backward);
        }
    }
    assert!(
        portfolio > 0 && set_up_again > 0,
        "{portfolio} {set_up_again}"
    );
}

/// Agents of a world planning on long paths: the plan each takes is the one a fresh planner
/// finds.
#[test]
fn agents_on_long_paths_plan_as_a_fresh_planner() {
    let mut r = Rng::new(0x00a9_e475_0000_0001);
    for _ in 0..if cfg!(debug_assertions) { 3 } else { 8 } {
        let world = one_world();
        let n = r.range(65, 200);
        let id = world.create_domain("path").unwrap();
        let (cells, start_cell) = world
            .edit(id, |e| -> Result<_, goap::world::WorldError> {
                let d = e.domain_mut();
                let cell: Vec<FactId> = (0..n)
                    .map(|k| d.add_fact(&format!("cell{k}")).unwrap())
                    .collect();
                let seen = d.add_fact("seen").unwrap();
                for k in 0..n - 1 {
                    for (from, to) in [(k, k + 1), (k + 1, k)] {
                        d.add_action(ActionDef {
                            name: format!("move_{from}_{to}"),
                            pre: vec![fv(cell[from], true)],
                            effects: vec![
                                fv(cell[from], false),
                                fv(cell[to], true),
                                fv(seen, true),
                            ],
                            cost: ((from * 7) % 3) as f64,
                            ..Default::default()
                        })?;
                    }
                }
                let s = r.below(n as u64) as usize;
                e.set_start(&[fv(cell[s], true)])?;
                Ok((cell, s))
            })
            .unwrap();
        let snapshot = world.snapshot(id).unwrap();
        let d = snapshot.domain().clone();
        let mut agents = Vec::new();
        for a in 0..4 {
            let target = r.below(n as u64) as usize;
            let def = AgentDef {
                plan_in_step: a % 2 == 0,
                step_budget: if a == 2 {
                    SearchBudget::expansions(3)
                } else {
                    SearchBudget::UNLIMITED
                },
                ..AgentDef::default()
            };
            let agent = world.create_agent(id, def).unwrap();
            let goal = d.conditions([fv(cells[target], true)]).unwrap();
            world
                .add_goal(
                    agent,
                    GoalDef {
                        conditions: goal.clone(),
                        ..GoalDef::default()
                    },
                )
                .unwrap();
            agents.push((agent, goal, target));
        }
        for _ in 0..200 {
            world.plan_agents(&goap::BatchOptions::default());
            for &(agent, _, _) in &agents {
                let _ = world.step_agent(agent, 0.0);
            }
            let done = agents.iter().all(|&(agent, _, _)| {
                world
                    .with_agent(agent, |ag| {
                        Ok(!ag.full_plan().0.is_empty() || ag.replans() > 0)
                    })
                    .unwrap()
            });
            if done {
                break;
            }
        }
        let mut start = WorldState::new();
        start.set(cells[start_cell], true);
        for &(agent, ref goal, target) in &agents {
            let want = Planner::new().plan(&d, &start, goal, &PlanOptions::default());
            let (plan, cost) = world
                .with_agent(agent, |ag| {
                    let (p, c, _) = ag.full_plan();
                    Ok((p.to_vec(), c))
                })
                .unwrap();
            if target == start_cell {
                assert!(plan.is_empty());
                continue;
            }
            let p = want.plan().unwrap();
            assert_eq!(plan, p.actions, "agent to {target} from {start_cell}");
            assert_eq!(cost, p.cost);
        }
    }
}
