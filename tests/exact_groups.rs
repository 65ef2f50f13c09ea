//! Exact tables with at-most-one groups (from a hostile review): random domains with
//! groups, moves that touch two groups, flags and unread facts, teleports that break a
//! group, starts with 0, 1 or 2 members true, disabled actions; `Heuristic::Auto` against
//! blind search, fresh against reused planners and sliced against whole searches; and the
//! size computation's edge cases.

use goap::{
    ActionContext, ActionDef, ActionId, Domain, FactId, FactValue, Goal, Heuristic, Outcome,
    PlanOptions, PlanResult, Planner, SearchBudget, WorldState,
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

fn opts(h: Heuristic) -> PlanOptions {
    PlanOptions {
        heuristic: h,
        ..PlanOptions::default()
    }
}

fn fv(f: FactId, v: bool) -> FactValue {
    FactValue::new(f, v)
}

fn check_plan(d: &Domain, start: &WorldState, goal: &Goal, plan: &[ActionId]) {
    let mut s = start.clone();
    for &a in plan {
        assert!(d.apply(&mut s, a), "inapplicable step");
    }
    assert!(d.satisfies(&s, goal), "goal not reached");
}

fn strip(mut r: PlanResult) -> PlanResult {
    r.stats.elapsed = Default::default();
    r
}

/// Groups of cells (several groups), flags, moves that also touch flags / other groups /
/// unread facts, occasional teleports (break the group), goals on cells (true/false),
/// flags and unread facts.
fn random_task(r: &mut Rng) -> (Domain, WorldState, Goal, ActionContext) {
    let mut d = Domain::new();
    let ngroups = 1 + r.below(3) as usize;
    let mut groups: Vec<Vec<FactId>> = Vec::new();
    let mut n = 0;
    for g in 0..ngroups {
        let size = 2 + r.below(7) as usize;
        groups.push(
            (0..size)
                .map(|i| {
                    n += 1;
                    d.add_fact(&format!("g{g}c{i}")).unwrap()
                })
                .collect(),
        );
    }
    let nflags = r.below(4) as usize;
    let flags: Vec<FactId> = (0..nflags)
        .map(|i| d.add_fact(&format!("flag{i}")).unwrap())
        .collect();
    let nun = r.below(3) as usize;
    let unread: Vec<FactId> = (0..nun)
        .map(|i| d.add_fact(&format!("un{i}")).unwrap())
        .collect();
    let nacts = 2 + r.below(14) as usize;
    for a in 0..nacts {
        let mut pre: Vec<FactValue> = Vec::new();
        let mut eff: Vec<FactValue> = Vec::new();
        let push = |v: &mut Vec<FactValue>, x: FactValue| {
            if !v.iter().any(|y| y.fact == x.fact) {
                v.push(x);
            }
        };
        // Moves in 1 or 2 groups.
        let kind = r.below(10);
        let moves_in = if kind < 6 {
            1
        } else if kind < 8 {
            2
        } else {
            0
        };
        for _ in 0..moves_in {
            let g = &groups[r.below(ngroups as u64) as usize];
            let x = g[r.below(g.len() as u64) as usize];
            let y = g[r.below(g.len() as u64) as usize];
            if x == y {
                continue;
            }
            push(&mut pre, fv(x, true));
            push(&mut eff, fv(x, false));
            push(&mut eff, fv(y, true));
            // Sometimes also require target false.
            if r.below(3) == 0 {
                push(&mut pre, fv(y, false));
            }
        }
        if kind == 8 {
            // Teleport: adds a cell without consuming (breaks that group).
            let g = &groups[r.below(ngroups as u64) as usize];
            let y = g[r.below(g.len() as u64) as usize];
            push(&mut eff, fv(y, true));
            if r.below(2) == 0 {
                push(&mut pre, fv(y, false));
            }
        }
        if kind == 9 || r.below(4) == 0 {
            // Delete a cell only, or require a cell false.
            let g = &groups[r.below(ngroups as u64) as usize];
            let y = g[r.below(g.len() as u64) as usize];
            if r.below(2) == 0 {
                push(&mut pre, fv(y, true));
                push(&mut eff, fv(y, false));
            } else {
                push(&mut pre, fv(y, false));
            }
        }
        for &f in &flags {
            match r.below(6) {
                0 => push(&mut pre, fv(f, true)),
                1 => push(&mut pre, fv(f, false)),
                2 => push(&mut eff, fv(f, true)),
                3 => push(&mut eff, fv(f, false)),
                _ => {}
            }
        }
        for &u in &unread {
            match r.below(3) {
                0 => push(&mut eff, fv(u, true)),
                1 => push(&mut eff, fv(u, false)),
                _ => {}
            }
        }
        let cost = [0.0, 1.0, 1.0, 2.0, 3.0, 255.0][r.below(6) as usize];
        let _ = d.add_action(ActionDef {
            name: format!("a{a}"),
            pre,
            effects: eff,
            cost,
            ..Default::default()
        });
    }
    let mut start = WorldState::new();
    for g in &groups {
        let k = [0, 1, 1, 1, 2][r.below(5) as usize];
        for _ in 0..k {
            start.set(g[r.below(g.len() as u64) as usize], true);
        }
    }
    for &f in flags.iter().chain(&unread) {
        if r.below(2) == 0 {
            start.set(f, true);
        }
    }
    let mut gl: Vec<FactValue> = Vec::new();
    for g in &groups {
        match r.below(5) {
            0 => gl.push(fv(g[r.below(g.len() as u64) as usize], true)),
            1 => gl.push(fv(g[r.below(g.len() as u64) as usize], false)),
            _ => {}
        }
    }
    for &f in flags.iter().chain(&unread) {
        match r.below(4) {
            0 => gl.push(fv(f, true)),
            1 => gl.push(fv(f, false)),
            _ => {}
        }
    }
    if gl.is_empty() {
        let g = &groups[0];
        gl.push(fv(g[r.below(g.len() as u64) as usize], true));
    }
    let mut dedup: Vec<FactValue> = Vec::new();
    for x in gl {
        if !dedup.iter().any(|y| y.fact == x.fact) {
            dedup.push(x);
        }
    }
    let goal = d.conditions(dedup).unwrap();
    let mut ctx = ActionContext::new();
    if r.below(4) == 0 {
        ctx.set_enabled(ActionId(r.below(nacts as u64 + 2) as u32), false);
    }
    (d, start, goal, ctx)
}

#[test]
fn review_random_groups_match_blind() {
    let mut r = Rng(0xC0FF_EE12_3456_789B);
    let mut auto = Planner::new();
    let mut sliced = Planner::new();
    let mut found = 0;
    for i in 0..10000 {
        let (d, start, goal, ctx) = random_task(&mut r);
        let o = opts(Heuristic::Auto);
        let a = auto.plan_in(&d, &start, &goal, &o, &ctx);
        let b = Planner::new().plan_in(&d, &start, &goal, &opts(Heuristic::Blind), &ctx);
        match (&a.outcome, &b.outcome) {
            (Outcome::Found(pa), Outcome::Found(pb)) => {
                found += 1;
                check_plan(&d, &start, &goal, &pa.actions);
                assert!(pa.actions.iter().all(|x| !ctx.is_disabled(*x)));
                assert_eq!(pa.cost, pb.cost, "#{i}");
                assert!(a.stats.initial_h <= pa.cost, "#{i} h");
            }
            (Outcome::NoPlan, Outcome::NoPlan) => {}
            (x, y) => panic!("#{i}: auto {x:?} vs blind {y:?}"),
        }
        let fresh = Planner::new().plan_in(&d, &start, &goal, &o, &ctx);
        assert_eq!(strip(fresh), strip(a.clone()), "#{i} fresh vs reused");
        sliced.begin(&d, &start, &goal, &o, &ctx);
        let s = loop {
            if let Some(x) = sliced.resume(&SearchBudget::expansions(1 + r.below(2))) {
                break x;
            }
        };
        assert_eq!(strip(s), strip(a), "#{i} sliced");
    }
    assert!(found > 1000, "{found}");
}

/// `ExactCache::size` shifts the state count by the number of unread goal facts with
/// `checked_shl`, which only rejects shift amounts ≥ 64, not lost bits: 1 read fact (2
/// states) and 63 goal facts no precondition reads gives 2 << 63 = 0 states, which passes
/// every limit. The build then lays out 64 free bits with a u32 stride (overflow) and the
/// walk indexes an empty table.
#[test]
fn review_size_shift_wraps_to_zero_states() {
    let mut d = Domain::new();
    let r = d.add_fact("r").unwrap();
    let u: Vec<FactId> = (0..63)
        .map(|i| d.add_fact(&format!("u{i}")).unwrap())
        .collect();
    d.add_action(ActionDef {
        name: "set_all".into(),
        pre: vec![fv(r, true)],
        effects: u.iter().map(|&x| fv(x, true)).collect(),
        cost: 1.0,
        ..Default::default()
    })
    .unwrap();
    let goal = d.conditions(u.iter().map(|&x| fv(x, true))).unwrap();
    let mut start = WorldState::new();
    start.set(r, true);
    let b = Planner::new().plan(&d, &start, &goal, &opts(Heuristic::Blind));
    assert_eq!(b.plan().unwrap().cost, 1.0);
    let a = Planner::new().plan(&d, &start, &goal, &opts(Heuristic::Auto));
    assert_eq!(a.plan().unwrap().cost, 1.0);
}

/// Big groups (up to 64 cells), random extra unread goal facts up to the 64-fact edge.
#[test]
fn review_big_groups_match_blind() {
    let mut r = Rng(0x5EED_0FB1_66E0);
    let mut auto = Planner::new();
    let mut walked = 0;
    for i in 0..3000 {
        let mut d = Domain::new();
        let cells = 2 + r.below(63) as usize;
        let at: Vec<FactId> = (0..cells)
            .map(|c| d.add_fact(&format!("at{c}")).unwrap())
            .collect();
        let nun = r.below(4) as usize;
        let un: Vec<FactId> = (0..nun)
            .map(|c| d.add_fact(&format!("un{c}")).unwrap())
            .collect();
        for m in 0..cells + r.below(cells as u64) as usize {
            let (a, b) = (
                r.below(cells as u64) as usize,
                r.below(cells as u64) as usize,
            );
            if a == b {
                continue;
            }
            let mut effects = vec![fv(at[a], false), fv(at[b], true)];
            if !un.is_empty() && r.below(3) == 0 {
                effects.push(fv(un[r.below(nun as u64) as usize], true));
            }
            let _ = d.add_action(ActionDef {
                name: format!("m{m}"),
                pre: vec![fv(at[a], true)],
                effects,
                cost: r.below(3) as f64,
                ..Default::default()
            });
        }
        let mut start = WorldState::new();
        for _ in 0..[0, 1, 1, 1, 2][r.below(5) as usize] {
            start.set(at[r.below(cells as u64) as usize], true);
        }
        let mut g = vec![fv(at[r.below(cells as u64) as usize], r.below(4) != 0)];
        for &u in &un {
            if r.below(2) == 0 {
                g.push(fv(u, true));
            }
        }
        let goal = d.conditions(g).unwrap();
        let o = opts(Heuristic::Auto);
        let a = auto.plan(&d, &start, &goal, &o);
        let b = Planner::new().plan(&d, &start, &goal, &opts(Heuristic::Blind));
        match (&a.outcome, &b.outcome) {
            (Outcome::Found(pa), Outcome::Found(pb)) => {
                check_plan(&d, &start, &goal, &pa.actions);
                assert_eq!(pa.cost, pb.cost, "#{i}");
                if a.stats.initial_h == pa.cost
                    && a.stats.expanded == pa.actions.len() as u64
                    && a.stats.stored == a.stats.expanded + 1
                {
                    walked += 1;
                }
            }
            (Outcome::NoPlan, Outcome::NoPlan) => {}
            (x, y) => panic!("#{i}: auto {x:?} vs blind {y:?}"),
        }
        let fresh = Planner::new().plan(&d, &start, &goal, &o);
        assert_eq!(strip(fresh), strip(a), "#{i} fresh vs reused");
    }
    assert!(walked > 200, "only {walked} plans walked a table");
}

/// A goal of 40,000 facts no precondition reads, on a domain of one action: no table (far
/// too many facts), the ordinary search plans it. (`ExactCache::size` used to compare each
/// goal entry with every earlier one, quadratic in the goal, before giving up: found in
/// review; its time belongs in a benchmark, this checks the answer.)
#[test]
fn a_huge_goal_takes_no_table() {
    let mut d = Domain::new();
    let f: Vec<FactId> = (0..40000)
        .map(|i| d.add_fact(&format!("f{i}")).unwrap())
        .collect();
    d.add_action(ActionDef {
        name: "all".into(),
        pre: vec![],
        effects: f.iter().map(|&x| fv(x, true)).collect(),
        cost: 1.0,
        ..Default::default()
    })
    .unwrap();
    let goal = d.conditions(f.iter().map(|&x| fv(x, true))).unwrap();
    let a = Planner::new().plan(&d, &WorldState::new(), &goal, &opts(Heuristic::Auto));
    assert_eq!(a.plan().unwrap().cost, 1.0);
    assert_eq!(a.stats.expanded, 1);
}
