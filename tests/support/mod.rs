//! Support shared by the differential tests: a seeded generator, per-case seeds, soak
//! scaling, cost comparison and greedy shrinking of failing cases.
#![allow(dead_code)] // each test crate uses its own subset

/// SplitMix64: small, fast and the same on every platform.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (the modulo bias is irrelevant here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below((hi - lo + 1) as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn int(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((i64::from(hi) - i64::from(lo) + 1) as u64) as i32
    }

    /// True with probability `percent / 100`.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The seed of case `index` of a suite with master seed `master`.
pub fn case_seed(master: u64, index: usize) -> u64 {
    Rng::new(master ^ (index as u64).wrapping_mul(0xd134_2543_de82_ef95)).next_u64()
}

/// `n` times `GOAP_DIFF_SCALE` (default 1), for long soak runs in release builds.
pub fn scaled(n: usize) -> usize {
    match std::env::var("GOAP_DIFF_SCALE") {
        Ok(v) => {
            n * v
                .trim()
                .parse::<usize>()
                .expect("GOAP_DIFF_SCALE must be a number")
        }
        Err(_) => n,
    }
}

/// The library's documented rounding bound on plan costs (README "Guarantees", the
/// `planner` module's "Costs"): heuristic values are sums of one rounded term per landmark,
/// so plans whose costs differ by less than a few ulp per landmark, around 1e-14 relative,
/// may be taken for equal. (Observed: at most 2 ulp, about 4e-16, over the differential
/// suites at 6 times their size.)
pub const COST_TOLERANCE: f64 = 1e-14;

/// Equal costs up to [`COST_TOLERANCE`] relative to the larger one. Relative, not absolute:
/// the generators use costs of 1e-9, 1e-300 and 5e-324, where an absolute margin would let a
/// plan worse than the optimum by many times its own cost pass.
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= COST_TOLERANCE * a.abs().max(b.abs())
}

/// `x op k`, written here rather than taken from the library, for the tests' reference
/// semantics.
pub fn compare(op: goap::Compare, x: i32, k: i32) -> bool {
    use goap::Compare;
    match op {
        Compare::Eq => x == k,
        Compare::Ne => x != k,
        Compare::Lt => x < k,
        Compare::Le => x <= k,
        Compare::Gt => x > k,
        Compare::Ge => x >= k,
    }
}

/// Greedily shrinks `case` by the candidates `simplifications` proposes while `fails`
/// keeps failing, within a budget of checks and time (so a failing run still ends
/// promptly in debug builds).
pub fn minimise<C: Clone>(
    case: &C,
    simplifications: impl Fn(&C) -> Vec<C>,
    fails: impl Fn(&C) -> bool,
) -> C {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut budget = 20_000;
    let mut cur = case.clone();
    'outer: loop {
        for c in simplifications(&cur) {
            if budget == 0 || std::time::Instant::now() > deadline {
                return cur;
            }
            budget -= 1;
            if fails(&c) {
                cur = c;
                continue 'outer;
            }
        }
        return cur;
    }
}

/// The expansion budget of the sliced re-run of a case: one node, a few nodes, or a random
/// number, chosen by `seed` (a per-case number) so that every kind is exercised.
pub fn slice_budget(seed: u64) -> u64 {
    let mut rng = Rng::new(seed ^ 0x5eed_511c);
    match rng.below(3) {
        0 => 1,
        1 => 2 + rng.below(4),
        _ => 1 + rng.below(200),
    }
}

/// Runs the search again through `Planner::begin` and `Planner::resume` in slices of
/// `budget` expanded nodes, and checks that it ends exactly as the unsliced search
/// `whole`: same outcome (plan and bit-equal cost) and same counts (everything in
/// `SearchStats` but the time), in as many slices as the budget implies. Where a
/// `Direction::Auto` search ran the backward search beside the forward one (its counts
/// differ from `Direction::Forward`'s), a slice charges a backward expansion by its
/// successors (see `SearchBudget::max_expansions`), so its expansions are not `budget`
/// exactly: there every slice but the last must expand at least one node.
#[allow(clippy::too_many_arguments)]
pub fn check_sliced(
    planner: &mut goap::Planner,
    domain: &goap::Domain,
    start: &goap::WorldState,
    goal: &goap::Goal,
    options: &goap::PlanOptions,
    context: &goap::ActionContext,
    whole: &goap::PlanResult,
    budget: u64,
) -> Result<(), String> {
    let strip = |r: &goap::PlanResult| goap::SearchStats {
        elapsed: std::time::Duration::ZERO,
        ..r.stats
    };
    let exact = options.direction != goap::Direction::Auto || {
        let forward = goap::PlanOptions {
            direction: goap::Direction::Forward,
            ..*options
        };
        strip(&planner.plan_in(domain, start, goal, &forward, context)) == strip(whole)
    };
    planner.begin(domain, start, goal, options, context);
    let mut slices: u64 = 0;
    let mut last_expanded = 0;
    let sliced = loop {
        slices += 1;
        let step = goap::SearchBudget::expansions(budget);
        match planner.resume(&step) {
            Some(r) => break r,
            None => {
                let now = planner.progress().map_or(0, |p| p.expanded);
                if (exact && now - last_expanded != budget) || now == last_expanded {
                    return Err(format!(
                        "slice {slices} expanded {} nodes, its budget was {budget}",
                        now - last_expanded
                    ));
                }
                last_expanded = now;
            }
        }
        if slices > whole.stats.expanded + 2 {
            return Err(format!("{slices} slices of {budget} and still searching"));
        }
    };
    if planner.is_searching() {
        return Err("the planner still reports a search after returning its result".into());
    }
    if sliced.outcome != whole.outcome {
        return Err(format!(
            "sliced by {budget}: {:?}, unsliced: {:?}",
            sliced.outcome, whole.outcome
        ));
    }
    if strip(&sliced) != strip(whole) {
        return Err(format!(
            "sliced by {budget}, the stats differ:\n  sliced   {:?}\n  unsliced {:?}",
            strip(&sliced),
            strip(whole)
        ));
    }
    // Every slice but the last expands exactly `budget` nodes (checked above); the last
    // expands up to `budget` (none when it pops the goal at once).
    let e = whole.stats.expanded;
    if exact && slices != e / budget + 1 && !(e % budget == 0 && slices == e / budget) {
        return Err(format!(
            "{e} nodes in slices of {budget} took {slices} calls"
        ));
    }
    Ok(())
}

/// Whether a default (`Heuristic::Auto`) search walked an exact table: its start estimate is
/// the optimal cost and it expanded the plan's states only, with no LM-cut evaluation (the
/// ordinary search of the exact-table tests' tasks expands more, or has a lower start
/// estimate, in most cases; the callers count walks).
pub fn walked(r: &goap::PlanResult) -> bool {
    match &r.outcome {
        goap::Outcome::Found(p) => {
            r.stats.initial_h == p.cost
                && r.stats.expanded == p.actions.len() as u64
                && r.stats.stored == r.stats.expanded + 1
                && r.stats.evaluations == 0
        }
        _ => false,
    }
}

/// A fact value (`fact = v`).
pub fn fv(f: goap::FactId, v: bool) -> goap::FactValue {
    goap::FactValue::new(f, v)
}

/// Default options with heuristic `h`.
pub fn opts(h: goap::Heuristic) -> goap::PlanOptions {
    goap::PlanOptions {
        heuristic: h,
        ..goap::PlanOptions::default()
    }
}

/// `r` with its wall-clock time zeroed: what equal searches must agree on.
pub fn strip(mut r: goap::PlanResult) -> goap::PlanResult {
    r.stats.elapsed = Default::default();
    r
}

/// The plan replays on the full domain and reaches the goal, with no disabled action.
pub fn check_plan(
    d: &goap::Domain,
    start: &goap::WorldState,
    goal: &goap::Goal,
    ctx: &goap::ActionContext,
    plan: &[goap::ActionId],
) {
    let mut s = start.clone();
    for (i, &a) in plan.iter().enumerate() {
        assert!(!ctx.is_disabled(a), "step {i}: disabled action {a:?}");
        assert!(d.apply(&mut s, a), "step {i}: inapplicable {a:?}");
    }
    assert!(d.satisfies(&s, goal), "goal not reached");
}

/// A sliced default search, `k` expansions per call.
pub fn sliced(
    p: &mut goap::Planner,
    d: &goap::Domain,
    start: &goap::WorldState,
    goal: &goap::Goal,
    ctx: &goap::ActionContext,
    k: u64,
) -> goap::PlanResult {
    p.begin(d, start, goal, &opts(goap::Heuristic::Auto), ctx);
    let mut calls = 0u64;
    loop {
        calls += 1;
        assert!(calls < 1_000_000, "sliced search does not end");
        if let Some(x) = p.resume(&goap::SearchBudget::expansions(k)) {
            return x;
        }
    }
}

/// The default search against blind search (cost, a plan that replays), fresh against
/// reused, reused twice, sliced at `k` expansions per call (on `slicer` and on a fresh
/// planner) against unsliced. Returns the default search's result.
#[allow(clippy::too_many_arguments)]
pub fn differential(
    reused: &mut goap::Planner,
    slicer: &mut goap::Planner,
    d: &goap::Domain,
    start: &goap::WorldState,
    goal: &goap::Goal,
    ctx: &goap::ActionContext,
    k: u64,
    what: &str,
) -> goap::PlanResult {
    let a = reused.plan_in(d, start, goal, &opts(goap::Heuristic::Auto), ctx);
    let b = goap::Planner::new().plan_in(d, start, goal, &opts(goap::Heuristic::Blind), ctx);
    match (&a.outcome, &b.outcome) {
        (goap::Outcome::Found(pa), goap::Outcome::Found(pb)) => {
            check_plan(d, start, goal, ctx, &pa.actions);
            assert_eq!(pa.cost, pb.cost, "{what}: auto {pa:?} vs blind {pb:?}");
        }
        (goap::Outcome::NoPlan, goap::Outcome::NoPlan) => {}
        (x, y) => panic!("{what}: auto {x:?} vs blind {y:?}"),
    }
    let fresh = goap::Planner::new().plan_in(d, start, goal, &opts(goap::Heuristic::Auto), ctx);
    assert_eq!(
        strip(fresh.clone()),
        strip(a.clone()),
        "{what}: fresh vs reused"
    );
    // Again on the reused planner: the table (if any) is found now.
    let again = reused.plan_in(d, start, goal, &opts(goap::Heuristic::Auto), ctx);
    assert_eq!(strip(again), strip(a.clone()), "{what}: reused twice");
    let s = sliced(slicer, d, start, goal, ctx, k);
    assert_eq!(strip(s), strip(a.clone()), "{what}: sliced ({k} per call)");
    // Sliced on a fresh planner too (the build happens in `begin`).
    let s = sliced(&mut goap::Planner::new(), d, start, goal, ctx, k);
    assert_eq!(strip(s), strip(a.clone()), "{what}: sliced fresh");
    a
}

/// One action of a random test domain over at most 32 facts, as bit masks (bit `i`: fact
/// `i`): preconditions true and false, facts made true and false, and its cost.
#[derive(Clone, Debug)]
pub struct Act {
    pub pre_t: u32,
    pub pre_f: u32,
    pub add: u32,
    pub del: u32,
    pub cost: f64,
}
