//! Differential test: the library's planner against a brute-force reference planner.
//!
//! The reference below is written independently of the library: states are `u128` bit
//! masks (bit `i` = fact `i`), actions are four masks (pre-true, pre-false, add, delete) and
//! a cost, and the search is a plain Dijkstra over explicit states with no heuristic and no
//! pruning (a dense distance table up to 20 facts, a hash map of reachable states beyond).
//!
//! Every answer is checked the same way ([`check_outcome`]): a plan is replayed step by step
//! with the reference's own state code, must end in a goal state, must cost the reference
//! optimum (within `support::COST_TOLERANCE`, the documented rounding bound, relative) and
//! `plan.cost` must be exactly the sum of its actions' costs in plan order;
//! "no plan" must agree, and `LimitReached` is wrong under default options.
//!
//! Suites (all five heuristic modes unless said otherwise):
//! - 2,400 small random domains (1–10 facts, 1–12 actions), the core of the test;
//! - 300 medium ones (11–14 facts, up to 24 actions; 1,500 in release builds);
//! - 6 large ones (16–20 facts, 30 actions; 40 in release), `Auto` and `LmCut` only;
//! - 12 many-fact chain domains (70–128 facts, two-word states; 120 in release);
//! - the small domains again embedded in 65–200 facts, with padding and stray start bits;
//! - one planner reused across all small domains (forwards and backwards) against fresh
//!   planners, and two fresh planners against each other (identical action sequences);
//! - node limits (never a wrong answer; a binary counter that needs every state);
//! - domains edited between plans, goals on unknown facts, a domain without facts.
//!
//! Random domains come from a small deterministic PRNG (splitmix64). Every case has an index
//! and its own seed; a failure prints both, the case as Rust data and as a domain file, and a
//! greedily minimised version of it. To replay one case of every suite:
//! `GOAP_DIFF_CASE=<index> cargo test --test differential -- --nocapture`. For a long soak,
//! `GOAP_DIFF_SCALE=<n> cargo test --release --test differential` runs `n` times as many
//! cases.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

use goap::planner::AUTO_LAZY_AFTER;

use goap::{
    ActionDef, ActionId, Direction, Domain, FactId, FactValue, Goal, Heuristic, Outcome,
    PlanOptions, PlanResult, Planner, WorldState,
};

mod support;
use support::{case_seed, close, minimise, scaled, Rng};

/// A heuristic and a search direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mode(Heuristic, Direction);

impl Mode {
    fn seed(self) -> u64 {
        self.0 as u64 * 3 + self.1 as u64
    }

    /// Checks that the direction asked for ran (the cases have no variables).
    fn check_direction(self, r: &PlanResult) -> Result<(), String> {
        match self.1 {
            Direction::Backward if !r.stats.backward => Err("the search ran forward".into()),
            Direction::Forward if r.stats.backward => Err("the search ran backward".into()),
            _ => Ok(()),
        }
    }
}

/// Every heuristic forward (as `Direction::Auto` picks), then the backward search with its
/// estimate and blind; the backward one is also compared with the forward one.
const MODES: [Mode; 7] = [
    Mode(Heuristic::Auto, Direction::Auto),
    Mode(Heuristic::LmCut, Direction::Auto),
    Mode(Heuristic::Landmarks, Direction::Auto),
    Mode(Heuristic::HMax, Direction::Auto),
    Mode(Heuristic::Blind, Direction::Auto),
    Mode(Heuristic::Auto, Direction::Backward),
    Mode(Heuristic::Blind, Direction::Backward),
];

/// Master seed of the small-domain suite.
const SMALL_SEED: u64 = 0x6f61_705f_6469_6666;
/// Number of small random domains (each planned in all five modes).
const SMALL_CASES: usize = 2_400;

// ---------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------

/// A state or condition set of the reference: bit `i` is fact `i` (at most 128 facts).
type Mask = u128;
const ONE: Mask = 1;

/// 128 random bits.
fn random_bits(rng: &mut Rng) -> Mask {
    (Mask::from(rng.next_u64()) << 64) | Mask::from(rng.next_u64())
}

// ---------------------------------------------------------------------------------------
// Problems and the reference planner
// ---------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
struct RefAction {
    name: String,
    pre_t: Mask,
    pre_f: Mask,
    add: Mask,
    del: Mask,
    cost: f64,
}

impl RefAction {
    fn applicable(&self, s: Mask) -> bool {
        s & self.pre_t == self.pre_t && s & self.pre_f == 0
    }

    fn apply(&self, s: Mask) -> Mask {
        (s & !self.del) | self.add
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Case {
    facts: usize,
    actions: Vec<RefAction>,
    start: Mask,
    goal_t: Mask,
    goal_f: Mask,
}

impl Case {
    fn is_goal(&self, s: Mask) -> bool {
        s & self.goal_t == self.goal_t && s & self.goal_f == 0
    }

    fn fact_mask(&self) -> Mask {
        if self.facts >= 128 {
            Mask::MAX
        } else {
            (ONE << self.facts) - 1
        }
    }
}

/// Uniform-cost search (Dijkstra) over explicit states. Returns the optimal plan cost, or
/// `None` when no state satisfying the goal is reachable. Up to 20 facts the distances
/// live in a dense table over all `2^facts` states, beyond in a hash map of the reachable
/// ones (which must stay small).
fn reference_cost(case: &Case) -> Option<f64> {
    if case.facts <= 20 {
        dijkstra(case, &mut vec![f64::INFINITY; 1usize << case.facts])
    } else {
        let mut dist: HashMap<Mask, f64> = HashMap::new();
        let r = dijkstra(case, &mut dist);
        assert!(
            dist.len() <= 2_000_000,
            "reference: too many reachable states"
        );
        r
    }
}

/// Best known distance per state (infinite when unknown).
trait Distances {
    fn get(&self, s: Mask) -> f64;
    fn set(&mut self, s: Mask, d: f64);
}

impl Distances for Vec<f64> {
    fn get(&self, s: Mask) -> f64 {
        self[s as usize]
    }
    fn set(&mut self, s: Mask, d: f64) {
        self[s as usize] = d;
    }
}

impl Distances for HashMap<Mask, f64> {
    fn get(&self, s: Mask) -> f64 {
        self.get(&s).copied().unwrap_or(f64::INFINITY)
    }
    fn set(&mut self, s: Mask, d: f64) {
        self.insert(s, d);
    }
}

fn dijkstra(case: &Case, dist: &mut impl Distances) -> Option<f64> {
    let mut heap: BinaryHeap<Reverse<(u64, Mask)>> = BinaryHeap::new();
    dist.set(case.start, 0.0);
    heap.push(Reverse((0f64.to_bits(), case.start)));
    while let Some(Reverse((bits, s))) = heap.pop() {
        // Non-negative f64 values order like their bit patterns.
        let d = f64::from_bits(bits);
        if d > dist.get(s) {
            continue; // stale entry
        }
        if case.is_goal(s) {
            return Some(d);
        }
        for a in &case.actions {
            if !a.applicable(s) {
                continue;
            }
            let t = a.apply(s);
            let nd = d + a.cost;
            if nd < dist.get(t) {
                dist.set(t, nd);
                heap.push(Reverse((nd.to_bits(), t)));
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Building the library's problem
// ---------------------------------------------------------------------------------------

fn fact_name(i: usize) -> String {
    format!("f{i}")
}

/// Where a case's facts live in the library's domain. The identity layout registers fact
/// `i` as id `i`; a wide layout scatters them over many more facts (multi-word states) with
/// padding facts that no action touches.
#[derive(Clone, Debug)]
struct Layout {
    /// Facts registered in the domain.
    total: usize,
    /// Library id of case fact `i`.
    ids: Vec<u32>,
    /// Padding facts true at the start.
    pad_start: Vec<u32>,
    /// Goal entries on padding facts (all satisfied at the start).
    pad_goal: Vec<FactValue>,
    /// Ids at or beyond `total` set in the start state (the planner must ignore them).
    stray_start: Vec<u32>,
}

impl Layout {
    fn identity(facts: usize) -> Self {
        Layout {
            total: facts,
            ids: (0..facts as u32).collect(),
            pad_start: Vec::new(),
            pad_goal: Vec::new(),
            stray_start: Vec::new(),
        }
    }

    /// A random layout with `total` facts for a case of `facts` facts.
    fn wide(rng: &mut Rng, facts: usize, total: usize) -> Self {
        let mut all: Vec<u32> = (0..total as u32).collect();
        for i in (1..all.len()).rev() {
            let j = rng.range(0, i);
            all.swap(i, j);
        }
        // Often put case facts right at word boundaries.
        if rng.chance(50) {
            let edges = [0u32, 1, 62, 63, 64, 65, 126, 127, 128, 129];
            let mut k = 0;
            for &e in edges.iter().filter(|&&e| (e as usize) < total) {
                if k < facts {
                    let pos = all.iter().position(|&x| x == e).unwrap();
                    all.swap(k, pos);
                    k += 1;
                }
            }
        }
        let ids = all[..facts].to_vec();
        let pad: Vec<u32> = all[facts..].to_vec();
        let pad_start: Vec<u32> = pad.iter().copied().filter(|_| rng.chance(50)).collect();
        let mut pad_goal = Vec::new();
        for &p in &pad {
            if rng.chance(5) {
                pad_goal.push(FactValue::new(FactId(p), pad_start.contains(&p)));
            }
        }
        let stray_start = (0..rng.range(0, 3))
            .map(|_| (total + rng.range(0, 130)) as u32)
            .collect();
        Layout {
            total,
            ids,
            pad_start,
            pad_goal,
            stray_start,
        }
    }

    /// The set bits of masks `t` (true) and `f` (false) as entries; `reverse` lists them in
    /// descending order (the library must not care).
    fn entries(&self, t: Mask, f: Mask, reverse: bool) -> Vec<FactValue> {
        let mut v = Vec::new();
        for (i, &id) in self.ids.iter().enumerate() {
            if t >> i & 1 == 1 {
                v.push(FactValue::new(FactId(id), true));
            }
            if f >> i & 1 == 1 {
                v.push(FactValue::new(FactId(id), false));
            }
        }
        if reverse {
            v.reverse();
        }
        v
    }
}

fn build(case: &Case) -> (Domain, WorldState, Goal) {
    build_in(case, &Layout::identity(case.facts))
}

fn build_in(case: &Case, layout: &Layout) -> (Domain, WorldState, Goal) {
    assert_eq!(layout.ids.len(), case.facts);
    let mut d = Domain::new();
    let mut case_fact = vec![None; layout.total];
    for (i, &id) in layout.ids.iter().enumerate() {
        case_fact[id as usize] = Some(i);
    }
    for (id, cf) in case_fact.iter().enumerate() {
        let name = match cf {
            Some(i) => fact_name(*i),
            None => format!("pad{id}"),
        };
        assert_eq!(d.add_fact(&name).unwrap(), FactId(id as u32));
    }
    for (i, a) in case.actions.iter().enumerate() {
        let id = d
            .add_action(ActionDef {
                name: a.name.clone(),
                pre: layout.entries(a.pre_t, a.pre_f, i % 2 == 1),
                effects: layout.entries(a.add, a.del, i % 3 == 1),
                cost: a.cost,
                ..Default::default()
            })
            .unwrap_or_else(|e| panic!("action {} rejected: {e}", a.name));
        assert_eq!(id, ActionId(i as u32));
    }
    let mut start = WorldState::new();
    for (i, &id) in layout.ids.iter().enumerate() {
        if case.start >> i & 1 == 1 {
            start.set(FactId(id), true);
        }
    }
    for &p in layout.pad_start.iter().chain(&layout.stray_start) {
        start.set(FactId(p), true);
    }
    let mut goal = layout.entries(case.goal_t, case.goal_f, false);
    goal.extend_from_slice(&layout.pad_goal);
    let goal = d.conditions(goal).unwrap();
    (d, start, goal)
}

// ---------------------------------------------------------------------------------------
// Checking a result
// ---------------------------------------------------------------------------------------

/// Checks one library result against the reference optimum `expected`.
fn check_outcome(case: &Case, expected: Option<f64>, outcome: &Outcome) -> Result<(), String> {
    match (expected, outcome) {
        (Some(_), Outcome::Found(plan)) if case.is_goal(case.start) && !plan.actions.is_empty() => {
            Err(format!(
                "the start satisfies the goal, but the plan is {plan:?}"
            ))
        }
        (Some(c), Outcome::Found(plan)) => {
            let mut s = case.start;
            let mut sum = 0.0;
            for (step, id) in plan.actions.iter().enumerate() {
                let a = case
                    .actions
                    .get(id.index())
                    .ok_or_else(|| format!("step {step}: unknown action id {}", id.0))?;
                if !a.applicable(s) {
                    return Err(format!(
                        "step {step}: {} is not applicable in state {}",
                        a.name,
                        state_str(case.facts, s)
                    ));
                }
                s = a.apply(s);
                sum += a.cost;
            }
            if !case.is_goal(s) {
                return Err(format!(
                    "plan ends in {}, which does not satisfy the goal",
                    state_str(case.facts, s)
                ));
            }
            // Plan costs are exact f64 sums in plan order, as `sum` is.
            if plan.cost.to_bits() != sum.to_bits() {
                return Err(format!(
                    "plan.cost {} is not the sum of its actions' costs {sum}",
                    plan.cost
                ));
            }
            if !close(sum, c) {
                return Err(format!("plan costs {sum} but the optimum is {c}"));
            }
            Ok(())
        }
        (None, Outcome::NoPlan) => Ok(()),
        (Some(c), other) => Err(format!("expected a plan of cost {c}, got {other:?}")),
        (None, other) => Err(format!("expected NoPlan, got {other:?}")),
    }
}

fn plan_with(
    planner: &mut Planner,
    case: &Case,
    mode: Mode,
    max_nodes: u32,
) -> Result<PlanResult, String> {
    plan_in(
        planner,
        case,
        &Layout::identity(case.facts),
        mode,
        max_nodes,
    )
}

fn plan_in(
    planner: &mut Planner,
    case: &Case,
    layout: &Layout,
    mode: Mode,
    max_nodes: u32,
) -> Result<PlanResult, String> {
    let (d, start, goal) = build_in(case, layout);
    let options = PlanOptions {
        max_nodes,
        heuristic: mode.0,
        direction: mode.1,
    };
    catch_unwind(AssertUnwindSafe(|| {
        planner.plan(&d, &start, &goal, &options)
    }))
    .map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("the planner panicked: {msg}")
    })
}

/// Plans `case` with a fresh planner and default limits and checks the answer.
fn run_check(case: &Case, mode: Mode) -> Result<(), String> {
    let expected = reference_cost(case);
    let mut planner = Planner::new();
    let r = plan_with(&mut planner, case, mode, PlanOptions::DEFAULT_MAX_NODES)?;
    check_outcome(case, expected, &r.outcome)?;
    mode.check_direction(&r)?;
    // The same search in slices ends exactly the same way.
    let (d, start, goal) = build(case);
    let options = PlanOptions {
        heuristic: mode.0,
        direction: mode.1,
        ..PlanOptions::default()
    };
    let budget =
        support::slice_budget(case.actions.len() as u64 * 31 + case.facts as u64 + mode.seed());
    support::check_sliced(
        &mut planner,
        &d,
        &start,
        &goal,
        &options,
        &goap::ActionContext::default(),
        &r,
        budget,
    )
}

// ---------------------------------------------------------------------------------------
// Reporting and minimising failures
// ---------------------------------------------------------------------------------------

fn state_str(facts: usize, s: Mask) -> String {
    let on: Vec<String> = (0..facts)
        .filter(|i| s >> i & 1 == 1)
        .map(fact_name)
        .collect();
    format!("{{{}}}", on.join(", "))
}

fn conds_str(facts: usize, t: Mask, f: Mask) -> String {
    let mut v = Vec::new();
    for i in 0..facts {
        if t >> i & 1 == 1 {
            v.push(format!("\"{}\": true", fact_name(i)));
        }
        if f >> i & 1 == 1 {
            v.push(format!("\"{}\": false", fact_name(i)));
        }
    }
    format!("{{{}}}", v.join(", "))
}

/// The case as a domain file. Facts are named `f<i>`.
fn domain_json(case: &Case) -> String {
    let mut out = String::from("{\n  \"actions\": [\n");
    for (i, a) in case.actions.iter().enumerate() {
        let _ = writeln!(
            out,
            "    {{\"name\": \"{}\", \"cost\": {:?}, \"pre\": {}, \"effects\": {}}}{}",
            a.name,
            a.cost,
            conds_str(case.facts, a.pre_t, a.pre_f),
            conds_str(case.facts, a.add, a.del),
            if i + 1 < case.actions.len() { "," } else { "" }
        );
    }
    let _ = write!(
        out,
        "  ],\n  \"start\": {},\n  \"goal\": {}\n}}",
        conds_str(case.facts, case.start, 0),
        conds_str(case.facts, case.goal_t, case.goal_f)
    );
    out
}

fn describe(case: &Case) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "  facts: {} (f0..f{})",
        case.facts,
        case.facts.max(1) - 1
    );
    let _ = writeln!(out, "  start: {}", state_str(case.facts, case.start));
    let _ = writeln!(
        out,
        "  goal:  {}",
        conds_str(case.facts, case.goal_t, case.goal_f)
    );
    for a in &case.actions {
        let _ = writeln!(
            out,
            "  {} cost {:?}: pre {} effects {}",
            a.name,
            a.cost,
            conds_str(case.facts, a.pre_t, a.pre_f),
            conds_str(case.facts, a.add, a.del)
        );
    }
    let _ = writeln!(out, "  reference optimum: {:?}", reference_cost(case));
    let _ = writeln!(out, "  as Rust: {case:?}");
    let _ = write!(out, "  as a domain file:\n{}", domain_json(case));
    out
}

/// Removes fact `f`, renumbering the facts above it.
fn drop_fact(case: &Case, f: usize) -> Case {
    let squeeze = |m: Mask| -> Mask {
        let low = m & ((ONE << f) - 1);
        let high = m.checked_shr(f as u32 + 1).unwrap_or(0) << f;
        low | high
    };
    Case {
        facts: case.facts - 1,
        actions: case
            .actions
            .iter()
            .map(|a| RefAction {
                name: a.name.clone(),
                pre_t: squeeze(a.pre_t),
                pre_f: squeeze(a.pre_f),
                add: squeeze(a.add),
                del: squeeze(a.del),
                cost: a.cost,
            })
            .collect(),
        start: squeeze(case.start),
        goal_t: squeeze(case.goal_t),
        goal_f: squeeze(case.goal_f),
    }
}

/// Every one-step simplification of `case`.
fn simplifications(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for i in 0..case.actions.len() {
        let mut c = case.clone();
        c.actions.remove(i);
        out.push(c);
    }
    if case.facts > 1 {
        for f in 0..case.facts {
            out.push(drop_fact(case, f));
        }
    }
    for bit in 0..case.facts {
        let b = ONE << bit;
        for field in 0..3 {
            let mut c = case.clone();
            let m = match field {
                0 => &mut c.start,
                1 => &mut c.goal_t,
                _ => &mut c.goal_f,
            };
            if *m & b != 0 {
                *m &= !b;
                out.push(c);
            }
        }
        for i in 0..case.actions.len() {
            for field in 0..4 {
                let mut c = case.clone();
                let a = &mut c.actions[i];
                let m = match field {
                    0 => &mut a.pre_t,
                    1 => &mut a.pre_f,
                    2 => &mut a.add,
                    _ => &mut a.del,
                };
                if *m & b != 0 {
                    *m &= !b;
                    out.push(c);
                }
            }
        }
    }
    for i in 0..case.actions.len() {
        // Strictly simpler costs only (fractional -> integer -> 1 -> 0), so it ends.
        let x = case.actions[i].cost;
        let mut simpler = vec![];
        if x != 0.0 {
            simpler.push(0.0);
        }
        if x != 0.0 && x != 1.0 {
            simpler.push(1.0);
        }
        if x.fract() != 0.0 && x.round() > 1.0 {
            simpler.push(x.round());
        }
        for simpler in simpler {
            {
                let mut c = case.clone();
                c.actions[i].cost = simpler;
                out.push(c);
            }
        }
    }
    // Rename actions a0, a1, ... (names do not matter, short ones read better).
    let mut c = case.clone();
    for (i, a) in c.actions.iter_mut().enumerate() {
        a.name = format!("a{i}");
    }
    if c != *case {
        out.push(c);
    }
    out
}

/// Collects failures and panics at the end with the first few. A failure tagged with a
/// mode is also minimised, when it reproduces alone (fresh planner, plain layout).
#[derive(Default)]
struct Failures {
    list: Vec<(String, Case, Option<Mode>)>,
}

impl Failures {
    fn add(&mut self, what: String, case: &Case, mode: Option<Mode>) {
        self.list.push((what, case.clone(), mode));
    }

    fn finish(self, suite: &str) {
        if self.list.is_empty() {
            return;
        }
        let mut msg = format!("{suite}: {} failure(s)\n", self.list.len());
        for (n, (what, case, mode)) in self.list.iter().take(6).enumerate() {
            let _ = writeln!(msg, "\n=== {what}\n{}", describe(case));
            let Some(mode) = *mode else { continue };
            if n >= 3 {
                continue; // minimising takes a while; three are enough
            }
            if run_check(case, mode).is_err() {
                let small = minimise(case, simplifications, |c| run_check(c, mode).is_err());
                let why = run_check(&small, mode).unwrap_err();
                let _ = writeln!(msg, "--- minimised ({mode:?}): {why}\n{}", describe(&small));
            } else {
                let _ = writeln!(
                    msg,
                    "--- (passes alone with a fresh planner and the plain layout)"
                );
            }
        }
        panic!("{msg}");
    }
}

// ---------------------------------------------------------------------------------------
// Random generation
// ---------------------------------------------------------------------------------------

fn random_cost(rng: &mut Rng) -> f64 {
    match rng.below(16) {
        0..=2 => 0.0,
        3 | 4 => 1.0,
        5 => rng.range(2, 9) as f64,
        6 => 0.5,
        7 => 0.25,
        8 => 1.5,
        9 => [0.1, 0.3, 2.7, 0.7, 1.1, 0.2][rng.range(0, 5)],
        10 => rng.unit() * 5.0,
        11 => rng.range(1, 500) as f64 / 100.0,
        12 => rng.range(100, 1000) as f64 + 0.1,
        13 => rng.range(1, 9) as f64 * 1e-3,
        14 => 1.0 / rng.range(3, 9) as f64,
        15 if rng.chance(10) => {
            // Rare extremes: subnormal, tiny, the largest accepted costs.
            [5e-324, 1e-300, 1e-9, 1e12 - 0.5, goap::MAX_ACTION_COST][rng.range(0, 4)]
        }
        _ => rng.range(1, 4) as f64,
    }
}

/// Random (true, false) masks over `facts` facts, each fact taken with `percent` chance.
fn random_conds(rng: &mut Rng, facts: usize, percent: u64) -> (Mask, Mask) {
    let (mut t, mut f) = (0, 0);
    for i in 0..facts {
        if rng.chance(percent) {
            if rng.chance(50) {
                t |= 1 << i;
            } else {
                f |= 1 << i;
            }
        }
    }
    (t, f)
}

/// A random action: each fact a precondition with `pre_p` % chance and an effect with
/// `eff_p` % chance, values random.
fn random_action(rng: &mut Rng, facts: usize, pre_p: u64, eff_p: u64) -> RefAction {
    let (mut pre_t, mut pre_f) = random_conds(rng, facts, pre_p);
    let (mut add, mut del) = random_conds(rng, facts, eff_p);
    match rng.below(14) {
        0 => (pre_t, pre_f) = (0, 0),
        1 => (add, del) = (0, 0),
        _ => {}
    }
    if add | del == 0 && rng.chance(70) {
        // Mostly give the action something to do.
        let f = rng.range(0, facts - 1);
        if rng.chance(60) {
            add |= 1 << f;
        } else {
            del |= 1 << f;
        }
    }
    RefAction {
        name: String::new(),
        pre_t,
        pre_f,
        add,
        del,
        cost: random_cost(rng),
    }
}

/// Literals of state `s` (as true/false masks), each fact taken with `percent` % chance.
fn literals_of(rng: &mut Rng, facts: usize, s: Mask, percent: u64) -> (Mask, Mask) {
    let (mut t, mut f) = (0, 0);
    for i in 0..facts {
        if rng.chance(percent) {
            if s >> i & 1 == 1 {
                t |= 1 << i;
            } else {
                f |= 1 << i;
            }
        }
    }
    (t, f)
}

/// An action applicable in `s` that mostly changes one to three facts of it.
fn walk_action(rng: &mut Rng, facts: usize, s: Mask, pre_p: u64) -> RefAction {
    let (pre_t, pre_f) = literals_of(rng, facts, s, pre_p);
    let (mut add, mut del) = (0, 0);
    for _ in 0..rng.range(1, facts.min(3)) {
        let b = ONE << rng.range(0, facts - 1);
        let flip = rng.chance(85);
        if (s & b != 0) != flip {
            add |= b;
        } else {
            del |= b;
        }
    }
    del &= !add;
    RefAction {
        name: String::new(),
        pre_t,
        pre_f,
        add,
        del,
        cost: random_cost(rng),
    }
}

/// A random problem over `facts` facts with `n_actions` actions (a few more when
/// duplicates are added).
///
/// Half of the problems hide a random walk from the start (each action applicable in the
/// state the previous one left), with shortcuts between walk states, and usually aim the
/// goal at the walk's end: that gives multi-step plans. The rest are plain random actions.
/// Distractors are random actions and mutated copies; a share of goals is made unreachable
/// or satisfied at the start on purpose.
fn random_case(
    rng: &mut Rng,
    facts: usize,
    n_actions: usize,
    goal_max: usize,
    max_walk: usize,
) -> Case {
    let full = if facts >= 128 {
        Mask::MAX
    } else {
        (ONE << facts) - 1
    };
    let mut start = random_bits(rng) & full & random_mask(rng, facts);
    let pre_p = [10, 20, 30, 45][rng.range(0, 3)];
    let eff_p = [10, 20, 35, 50][rng.range(0, 3)];
    let mut actions: Vec<RefAction> = Vec::new();
    let mut walk_end = None;
    if rng.chance(55) {
        let steps = if n_actions >= 2 {
            rng.range(2, n_actions.min(max_walk))
        } else {
            1
        };
        let walk_pre = [15, 30, 50, 70][rng.range(0, 3)];
        let mut states = vec![start];
        let mut s = start;
        let mut made = 0;
        for _ in 0..steps * 2 {
            // Reuse a walk action when one applies (longer plans from fewer actions).
            let reuse: Vec<usize> = (0..actions.len())
                .filter(|&k| actions[k].applicable(s) && actions[k].apply(s) != s)
                .collect();
            if !reuse.is_empty() && rng.chance(40) {
                s = actions[reuse[rng.range(0, reuse.len() - 1)]].apply(s);
                states.push(s);
                continue;
            }
            if made == steps {
                break;
            }
            let a = walk_action(rng, facts, s, walk_pre);
            s = a.apply(s);
            states.push(s);
            actions.push(a);
            made += 1;
        }
        walk_end = Some(s);
        while actions.len() < n_actions && rng.chance(25) {
            // A shortcut (or detour) from one walk state to another.
            let i = rng.range(0, states.len() - 1);
            let j = rng.range(0, states.len() - 1);
            let diff = states[i] ^ states[j];
            if diff == 0 {
                continue;
            }
            let (pre_t, pre_f) = literals_of(rng, facts, states[i], walk_pre);
            actions.push(RefAction {
                name: String::new(),
                pre_t,
                pre_f,
                add: diff & states[j],
                del: diff & !states[j],
                cost: random_cost(rng),
            });
        }
    }
    while actions.len() < n_actions {
        if !actions.is_empty() && rng.chance(25) {
            // A mutated copy of an existing action.
            let mut a = actions[rng.range(0, actions.len() - 1)].clone();
            let b = ONE << rng.range(0, facts - 1);
            match rng.below(5) {
                0 => a.pre_t ^= b,
                1 => a.pre_f ^= b,
                2 => a.add ^= b,
                3 => a.del ^= b,
                _ => a.cost = random_cost(rng),
            }
            actions.push(a);
        } else {
            actions.push(random_action(rng, facts, pre_p, eff_p));
        }
    }
    // Shuffle so the walk is not in registration order.
    for i in (1..actions.len()).rev() {
        let j = rng.range(0, i);
        actions.swap(i, j);
    }
    for (i, a) in actions.iter_mut().enumerate() {
        a.name = format!("a{i}");
    }
    // Duplicate-looking actions: same conditions and effects, another cost.
    if rng.chance(25) {
        for _ in 0..rng.range(1, 2) {
            let j = rng.range(0, actions.len() - 1);
            let mut a = actions[j].clone();
            a.name = format!("{}_dup{}", a.name, actions.len());
            a.cost = random_cost(rng);
            let at = rng.range(0, actions.len());
            actions.insert(at, a);
        }
    }
    // A fact that no action touches.
    if rng.chance(15) {
        let keep = !(ONE << rng.range(0, facts - 1));
        for a in &mut actions {
            a.pre_t &= keep;
            a.pre_f &= keep;
            a.add &= keep;
            a.del &= keep;
        }
    }
    let (mut goal_t, mut goal_f) = (0, 0);
    match rng.below(10) {
        0 => {
            // Already satisfied at the start (possibly the empty goal).
            (goal_t, goal_f) = literals_of(rng, facts, start, 40);
        }
        1 => {
            // Unreachable: a goal value that the start lacks and no action produces.
            let f = rng.range(0, facts - 1);
            let b = ONE << f;
            if start & b != 0 {
                goal_f |= b;
                for a in &mut actions {
                    a.del &= !b;
                }
            } else {
                goal_t |= b;
                for a in &mut actions {
                    a.add &= !b;
                }
            }
            let (t, f2) = random_conds(rng, facts, 20);
            goal_t |= t & !b;
            goal_f |= f2 & !b & !goal_t;
        }
        2 if facts >= 2 => {
            // Unreachable, but not by relaxed reachability: every action that makes
            // `f = vf` makes `g = !vg` and vice versa, and the start has not both.
            let bf = ONE << rng.range(0, facts - 1);
            let mut bg = ONE << rng.range(0, facts - 2);
            if bg >= bf {
                bg <<= 1;
            }
            let (vf, vg) = (rng.chance(50), rng.chance(50));
            let sets =
                |a: &RefAction, b: Mask, v: bool| if v { a.add & b != 0 } else { a.del & b != 0 };
            for a in &mut actions {
                if sets(a, bf, vf) {
                    a.add &= !bg;
                    a.del &= !bg;
                    if vg {
                        a.del |= bg
                    } else {
                        a.add |= bg
                    }
                } else if sets(a, bg, vg) {
                    a.add &= !bf;
                    a.del &= !bf;
                    if vf {
                        a.del |= bf
                    } else {
                        a.add |= bf
                    }
                }
            }
            if (start & bf != 0) == vf && (start & bg != 0) == vg {
                start ^= bg;
            }
            if vf {
                goal_t |= bf
            } else {
                goal_f |= bf
            }
            if vg {
                goal_t |= bg
            } else {
                goal_f |= bg
            }
            let (t, f2) = random_conds(rng, facts, 15);
            goal_t |= t & !(bf | bg);
            goal_f |= f2 & !(bf | bg) & !goal_t;
        }
        _ => {
            if let Some(end) = walk_end.filter(|_| rng.chance(80)) {
                // Aim at the walk's end: mostly the facts it changed, some it kept.
                let changed = end ^ start;
                let (t, f) = literals_of(rng, facts, end, 75);
                let (t2, f2) = literals_of(rng, facts, end, 15);
                goal_t = (t & changed) | (t2 & !changed);
                goal_f = (f & changed) | (f2 & !changed);
                if (goal_t | goal_f) & changed == 0 && changed != 0 {
                    let b = ONE << changed.trailing_zeros();
                    goal_t |= end & b;
                    goal_f |= !end & b;
                }
            } else {
                for _ in 0..rng.range(1, goal_max.min(facts)) {
                    let b = ONE << rng.range(0, facts - 1);
                    if (goal_t | goal_f) & b != 0 {
                        continue;
                    }
                    // Mostly the value the start does not have.
                    let differ = rng.chance(75);
                    if (start & b != 0) != differ {
                        goal_t |= b;
                    } else {
                        goal_f |= b;
                    }
                }
            }
        }
    }
    for a in &mut actions {
        // Keep the definitions valid: a fact may be listed with one value only.
        a.pre_f &= !a.pre_t;
        a.del &= !a.add;
    }
    Case {
        facts,
        actions,
        start,
        goal_t,
        goal_f,
    }
}

/// Two or three chains of positions over 70–128 facts (states of two words), a token on
/// each chain moved by step actions (one-hot: each step deletes where it came from), with
/// some steps back, shortcuts, negative preconditions and links between chains; the goal
/// is the chains' ends. The reachable space stays at most the product of the chain
/// lengths while the root has many landmarks (more than 64 in most cases), and every fact
/// id beyond the chains is padding no action touches.
fn chains_case(rng: &mut Rng, facts: usize) -> Case {
    let n_chains = if rng.chance(70) { 2 } else { 3 };
    let len = if n_chains == 2 {
        rng.range(30, (facts / 2 - 1).min(50))
    } else {
        rng.range(20, (facts / 3 - 1).min(28))
    };
    let mut ids: Vec<usize> = (0..facts).collect();
    for i in (1..ids.len()).rev() {
        let j = rng.range(0, i);
        ids.swap(i, j);
    }
    let pos: Vec<Vec<usize>> = (0..n_chains)
        .map(|c| ids[c * (len + 1)..(c + 1) * (len + 1)].to_vec())
        .collect();
    let padding = &ids[n_chains * (len + 1)..];
    let bit = |f: usize| ONE << f;
    let mut start = 0;
    for chain in &pos {
        start |= bit(chain[0]);
    }
    for &p in padding {
        if rng.chance(50) {
            start |= bit(p);
        }
    }
    let mut actions = Vec::new();
    let mv = |from: usize, to: usize, cost: f64| RefAction {
        name: String::new(),
        pre_t: bit(from),
        pre_f: 0,
        add: bit(to),
        del: bit(from),
        cost,
    };
    for (c, chain) in pos.iter().enumerate() {
        for i in 0..len {
            let mut a = mv(chain[i], chain[i + 1], random_cost(rng));
            if rng.chance(30) {
                a.pre_f |= bit(chain[i + 1]);
            }
            if n_chains > 1 && rng.chance(15) {
                // A link: another chain's token must (not) be at some position.
                let other = &pos[(c + rng.range(1, n_chains - 1)) % n_chains];
                let at = other[rng.range(0, len)];
                if rng.chance(30) {
                    a.pre_t |= bit(at);
                } else {
                    a.pre_f |= bit(at);
                }
            }
            actions.push(a);
            if rng.chance(25) {
                actions.push(mv(chain[i + 1], chain[i], random_cost(rng)));
            }
        }
        for _ in 0..rng.range(0, 6) {
            let i = rng.range(0, len - 2);
            let j = (i + rng.range(2, 6)).min(len);
            actions.push(mv(
                chain[i],
                chain[j],
                (random_cost(rng) * rng.range(1, 4) as f64).min(goap::MAX_ACTION_COST),
            ));
        }
    }
    for i in (1..actions.len()).rev() {
        let j = rng.range(0, i);
        actions.swap(i, j);
    }
    for (i, a) in actions.iter_mut().enumerate() {
        a.name = format!("a{i}");
    }
    let (mut goal_t, mut goal_f) = (0, 0);
    for chain in &pos {
        if rng.chance(85) {
            goal_t |= bit(chain[len]);
        } else {
            goal_f |= bit(chain[0]);
        }
    }
    Case {
        facts,
        actions,
        start,
        goal_t,
        goal_f,
    }
}

/// Each fact kept with a random per-case density (so starts range from sparse to dense).
fn random_mask(rng: &mut Rng, facts: usize) -> Mask {
    let p = [20, 50, 80, 100][rng.range(0, 3)];
    let mut m = 0;
    for i in 0..facts {
        if rng.chance(p) {
            m |= 1 << i;
        }
    }
    m
}

fn small_case(index: usize) -> Case {
    let mut rng = Rng::new(case_seed(SMALL_SEED, index));
    let facts = rng.range(1, 10);
    let n_actions = rng.range(1, 12);
    random_case(&mut rng, facts, n_actions, 4, 10)
}

/// The case indices to run: all of `0..count`, or the one named by `GOAP_DIFF_CASE`.
fn indices(count: usize) -> Vec<usize> {
    let count = scaled(count);
    match std::env::var("GOAP_DIFF_CASE") {
        Ok(v) => vec![v
            .trim()
            .parse()
            .expect("GOAP_DIFF_CASE must be a case index")],
        Err(_) => (0..count).collect(),
    }
}

// ---------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------

#[derive(Default, Debug)]
struct Mix {
    cases: usize,
    found: usize,
    no_plan: usize,
    satisfied_at_start: usize,
    zero_cost: usize,
    fractional_cost: usize,
    negative_pre: usize,
    deleting: usize,
    /// Reachable and not satisfied at the start.
    nontrivial: usize,
    /// Optimal plans (as returned in blind mode) of at least three steps.
    three_steps: usize,
    longest_steps: usize,
    /// Cases in which `Auto` expanded more than `AUTO_LAZY_AFTER` nodes.
    auto_lazy: usize,
    /// Searches (any mode) that re-opened a closed node.
    reopened: usize,
    /// Unreachable goals that relaxed reachability does not rule out (searched to the end).
    no_plan_searched: usize,
    max_expanded: u64,
}

/// Plans case `i` of a suite (`gen(i)`) in each of `modes` with fresh planners, checks every
/// answer against the reference, and records what the cases covered.
fn run_suite(suite: &str, count: usize, modes: &[Mode], gen: impl Fn(usize) -> (Case, u64)) -> Mix {
    let mut failures = Failures::default();
    let mut mix = Mix::default();
    for i in indices(count) {
        let (case, seed) = gen(i);
        let expected = reference_cost(&case);
        mix.cases += 1;
        match expected {
            Some(_) => mix.found += 1,
            None => mix.no_plan += 1,
        }
        mix.satisfied_at_start += usize::from(case.is_goal(case.start));
        mix.nontrivial += usize::from(expected.is_some() && !case.is_goal(case.start));
        mix.zero_cost += usize::from(case.actions.iter().any(|a| a.cost == 0.0));
        mix.fractional_cost += usize::from(case.actions.iter().any(|a| a.cost.fract() != 0.0));
        mix.negative_pre += usize::from(case.actions.iter().any(|a| a.pre_f != 0));
        mix.deleting += usize::from(case.actions.iter().any(|a| a.del != 0));
        let mut searched_no_plan = false;
        for &mode in modes {
            let result = plan_with(
                &mut Planner::new(),
                &case,
                mode,
                PlanOptions::DEFAULT_MAX_NODES,
            )
            .and_then(|r| {
                check_outcome(&case, expected, &r.outcome)?;
                mode.check_direction(&r)?;
                mix.max_expanded = mix.max_expanded.max(r.stats.expanded);
                mix.reopened += usize::from(r.stats.reopened > 0);
                if mode == MODES[0] && r.stats.expanded > AUTO_LAZY_AFTER {
                    mix.auto_lazy += 1;
                }
                searched_no_plan |= r.outcome == Outcome::NoPlan && r.stats.expanded > 1;
                if let Some(p) = r.plan() {
                    if mode == modes[0] {
                        mix.three_steps += usize::from(p.actions.len() >= 3);
                        mix.longest_steps = mix.longest_steps.max(p.actions.len());
                    }
                }
                Ok(())
            });
            if let Err(e) = result {
                failures.add(
                    format!("{suite} case {i} (seed {seed:#x}), {mode:?}: {e}"),
                    &case,
                    Some(mode),
                );
            }
        }
        mix.no_plan_searched += usize::from(searched_no_plan);
    }
    println!("{suite}: {mix:?}");
    failures.finish(suite);
    mix
}

#[test]
fn small_random_domains_match_reference_in_every_mode() {
    let mix = run_suite("small", SMALL_CASES, &MODES, |i| {
        (small_case(i), case_seed(SMALL_SEED, i))
    });
    if mix.cases >= SMALL_CASES {
        // The generator must keep covering what the test is about.
        assert!(mix.cases >= 2_000);
        let share = |n: usize, percent: usize| n * 100 >= mix.cases * percent;
        assert!(share(mix.no_plan, 15), "too few unreachable goals: {mix:?}");
        assert!(
            share(mix.no_plan_searched, 3),
            "too few searched NoPlans: {mix:?}"
        );
        assert!(share(mix.nontrivial, 30), "too few plans: {mix:?}");
        assert!(share(mix.three_steps, 5), "too few long plans: {mix:?}");
        assert!(share(mix.satisfied_at_start, 8), "{mix:?}");
        assert!(share(mix.zero_cost, 30), "{mix:?}");
        assert!(share(mix.fractional_cost, 30), "{mix:?}");
        assert!(share(mix.negative_pre, 50), "{mix:?}");
        assert!(share(mix.deleting, 50), "{mix:?}");
    }
}

/// Medium domains (11–14 facts, 8–24 actions, long hidden walks): deeper searches, in
/// which `Auto` switches to lazy LM-cut and nodes get re-opened.
#[test]
fn medium_random_domains_match_reference_in_every_mode() {
    const SEED: u64 = 0x6d65_645f_6469_6666;
    let count = if cfg!(debug_assertions) { 300 } else { 1_500 };
    let mix = run_suite("medium", count, &MODES, |i| {
        let seed = case_seed(SEED, i);
        let mut rng = Rng::new(seed);
        let facts = rng.range(11, 14);
        let n_actions = rng.range(8, 24);
        (random_case(&mut rng, facts, n_actions, 6, 16), seed)
    });
    if mix.cases >= count {
        assert!(mix.auto_lazy > 0, "{mix:?}");
    }
}

/// One planner reused across every domain and mode gives exactly the answers of fresh
/// planners, and a second fresh planner gives the identical action sequence again.
#[test]
fn reused_planner_matches_fresh_planners_and_plans_are_deterministic() {
    let mut shared = Planner::new();
    let mut failures = Failures::default();
    // Run the suite forwards and then backwards so the shared planner goes from large
    // searches to small ones and back.
    let mut order = indices(SMALL_CASES);
    let back: Vec<usize> = order.iter().rev().copied().collect();
    order.extend(back);
    for i in order {
        let case = small_case(i);
        for mode in MODES {
            let max = PlanOptions::DEFAULT_MAX_NODES;
            let a = plan_with(&mut Planner::new(), &case, mode, max);
            let b = plan_with(&mut Planner::new(), &case, mode, max);
            let c = plan_with(&mut shared, &case, mode, max);
            let (a, b, c) = match (a, b, c) {
                (Ok(a), Ok(b), Ok(c)) => (a.outcome, b.outcome, c.outcome),
                (a, b, c) => {
                    failures.add(
                        format!("small case {i}, {mode:?}: panic: {a:?} / {b:?} / {c:?}"),
                        &case,
                        Some(mode),
                    );
                    continue;
                }
            };
            if a != b {
                failures.add(
                    format!("small case {i}, {mode:?}: two fresh planners differ: {a:?} vs {b:?}"),
                    &case,
                    None,
                );
            }
            if a != c {
                failures.add(
                    format!("small case {i}, {mode:?}: reused planner differs: fresh {a:?} vs reused {c:?}"),
                    &case,
                    None,
                );
            }
        }
    }
    failures.finish("planner reuse / determinism");
}

/// With a node limit the answer is either `LimitReached` or the correct answer, never a
/// wrong plan or a wrong `NoPlan`.
#[test]
fn node_limits_never_give_wrong_answers() {
    let mut failures = Failures::default();
    let mut limited = 0usize;
    let mut planner = Planner::new();
    for i in indices(SMALL_CASES).into_iter().step_by(4) {
        let case = small_case(i);
        let expected = reference_cost(&case);
        for mode in MODES {
            for max_nodes in [0u32, 1, 2, 3, 5, 8, 13, 40] {
                let r = match plan_with(&mut planner, &case, mode, max_nodes) {
                    Ok(r) => r,
                    Err(e) => {
                        failures.add(format!("case {i}, {mode:?}: {e}"), &case, None);
                        continue;
                    }
                };
                if r.stats.stored > u64::from(max_nodes) {
                    failures.add(
                        format!(
                            "small case {i}, {mode:?}: stored {} nodes with max_nodes {max_nodes}",
                            r.stats.stored
                        ),
                        &case,
                        None,
                    );
                }
                if r.outcome == Outcome::LimitReached {
                    limited += 1;
                    continue;
                }
                if let Err(e) = check_outcome(&case, expected, &r.outcome) {
                    failures.add(
                        format!("small case {i}, {mode:?}, max_nodes {max_nodes}: {e}"),
                        &case,
                        None,
                    );
                }
            }
        }
    }
    failures.finish("node limits");
    assert!(limited > 0, "no search ever hit a limit");
}

/// A binary counter: `n` bits, one `inc_i` action per bit, exactly one applicable in each
/// state. The only plan visits all `2^n` states, so every search must store them all.
fn counter(n: usize) -> Case {
    let actions = (0..n)
        .map(|i| {
            let low = (ONE << i) - 1;
            RefAction {
                name: format!("inc{i}"),
                pre_t: low,
                pre_f: 1 << i,
                add: 1 << i,
                del: low,
                cost: 1.0,
            }
        })
        .collect();
    Case {
        facts: n,
        actions,
        start: 0,
        goal_t: (ONE << n) - 1,
        goal_f: 0,
    }
}

#[test]
fn node_limit_stops_a_big_search_and_a_generous_limit_finds_it() {
    let case = counter(10);
    let states = 1u32 << 10;
    assert_eq!(reference_cost(&case), Some(f64::from(states - 1)));
    let mut planner = Planner::new();
    for mode in MODES {
        for max_nodes in [1, 2, 10, 100, states / 2, states - 1] {
            let r = plan_with(&mut planner, &case, mode, max_nodes).unwrap();
            assert_eq!(
                r.outcome,
                Outcome::LimitReached,
                "{mode:?}, max_nodes {max_nodes}"
            );
            assert!(
                r.stats.stored <= u64::from(max_nodes),
                "{mode:?}: stored {} nodes with max_nodes {max_nodes}",
                r.stats.stored
            );
        }
        for max_nodes in [states, states * 4, PlanOptions::DEFAULT_MAX_NODES] {
            let r = plan_with(&mut planner, &case, mode, max_nodes).unwrap();
            check_outcome(&case, reference_cost(&case), &r.outcome)
                .unwrap_or_else(|e| panic!("{mode:?}, max_nodes {max_nodes}: {e}"));
        }
    }
}

/// Larger random domains (16–20 facts, 30 actions) where the dense reference is still
/// feasible, for the modes meant for real use.
#[test]
fn larger_random_domains_match_reference() {
    const SEED: u64 = 0x6269_675f_6469_6666;
    let count = if cfg!(debug_assertions) { 6 } else { 40 };
    let mix = run_suite("large", count, &[MODES[0], MODES[1], MODES[5]], |i| {
        let seed = case_seed(SEED, i);
        let mut rng = Rng::new(seed);
        let facts = rng.range(16, 20);
        (random_case(&mut rng, facts, 30, 6, 20), seed)
    });
    assert!(mix.nontrivial > 0, "{mix:?}");
}

/// The same small cases embedded in domains of 65–200 facts (states of two to four words),
/// their facts scattered (often onto word boundaries) among padding facts that no action
/// touches, some of them in the goal, and stray start bits beyond the domain's facts.
#[test]
fn wide_domains_match_reference_in_every_mode() {
    let mut failures = Failures::default();
    for i in indices(SMALL_CASES).into_iter().step_by(3) {
        let case = small_case(i);
        let mut rng = Rng::new(case_seed(SMALL_SEED ^ 0x77, i));
        let total = if rng.chance(20) {
            rng.range(case.facts + 1, 64)
        } else {
            rng.range(65, 200)
        };
        let layout = Layout::wide(&mut rng, case.facts, total);
        let expected = reference_cost(&case);
        for mode in MODES {
            let result = plan_in(
                &mut Planner::new(),
                &case,
                &layout,
                mode,
                PlanOptions::DEFAULT_MAX_NODES,
            )
            .and_then(|r| check_outcome(&case, expected, &r.outcome));
            if let Err(e) = result {
                failures.add(
                    format!("wide case {i}, {mode:?}: {e}\n  layout: {layout:?}"),
                    &case,
                    Some(mode),
                );
            }
        }
    }
    failures.finish("wide domains");
}

/// A domain edited between plans (actions added one by one, then more facts) is planned
/// as it is now, by one reused planner: the compiled form must follow every edit.
#[test]
fn domain_edits_between_plans_are_seen() {
    let mut failures = Failures::default();
    let mut planner = Planner::new();
    for i in indices(SMALL_CASES).into_iter().step_by(5) {
        let case = small_case(i);
        let mode = MODES[i % MODES.len()];
        let options = PlanOptions {
            heuristic: mode.0,
            direction: mode.1,
            ..PlanOptions::default()
        };
        let (full, start, goal) = build(&case);
        let mut d = Domain::new();
        for f in 0..case.facts {
            d.add_fact(&fact_name(f)).unwrap();
        }
        for k in 0..=case.actions.len() {
            if k > 0 {
                let a = full.action(ActionId(k as u32 - 1)).unwrap();
                d.add_action(ActionDef {
                    name: a.name().to_owned(),
                    pre: a.pre().entries().to_vec(),
                    effects: a.effects().entries().to_vec(),
                    cost: a.cost(),
                    ..Default::default()
                })
                .unwrap();
            }
            let mut prefix = case.clone();
            prefix.actions.truncate(k);
            let r = planner.plan(&d, &start, &goal, &options);
            if let Err(e) = check_outcome(&prefix, reference_cost(&prefix), &r.outcome) {
                failures.add(
                    format!("edit case {i}, {mode:?}, first {k} actions: {e}"),
                    &prefix,
                    Some(mode),
                );
            }
            let fresh = Planner::new().plan(&build(&prefix).0, &start, &goal, &options);
            if fresh.outcome != r.outcome {
                failures.add(
                    format!(
                        "edit case {i}, {mode:?}, first {k} actions: the edited domain plans \
                         {:?}, a freshly built one {:?}",
                        r.outcome, fresh.outcome
                    ),
                    &prefix,
                    None,
                );
            }
        }
        // More facts (the state grows to two words), then a clone.
        let expected = reference_cost(&case);
        for extra in 0..70 {
            d.add_fact(&format!("later{extra}")).unwrap();
        }
        let r = planner.plan(&d, &start, &goal, &options);
        if let Err(e) = check_outcome(&case, expected, &r.outcome) {
            failures.add(
                format!("edit case {i}, {mode:?}, 70 more facts: {e}"),
                &case,
                None,
            );
        }
        let copy = d.clone();
        let r2 = planner.plan(&copy, &start, &goal, &options);
        if r2.outcome != r.outcome {
            failures.add(
                format!(
                    "edit case {i}, {mode:?}: the clone plans {:?}, the original {:?}",
                    r2.outcome, r.outcome
                ),
                &case,
                None,
            );
        }
    }
    failures.finish("domain edits");
}

/// Goal entries on fact ids the domain does not have (possible through `Conditions::new`)
/// follow the documented rule: `false` always holds, `true` never can.
#[test]
fn goal_entries_on_unknown_facts() {
    let mut failures = Failures::default();
    let mut planner = Planner::new();
    for i in indices(SMALL_CASES).into_iter().step_by(10) {
        let case = small_case(i);
        let (d, start, goal) = build(&case);
        let expected = reference_cost(&case);
        for mode in MODES {
            let options = PlanOptions {
                heuristic: mode.0,
                direction: mode.1,
                ..PlanOptions::default()
            };
            for (unknown, value) in [
                (case.facts as u32, false),
                (200, false),
                (case.facts as u32 + 1, true),
            ] {
                let mut entries = goal.entries().to_vec();
                entries.push(FactValue::new(FactId(unknown), value));
                let g = goap::Conditions::new(entries).unwrap();
                let r = planner.plan(&d, &start, &g, &options);
                let want = if value { None } else { expected };
                if let Err(e) = check_outcome(&case, want, &r.outcome) {
                    failures.add(
                        format!(
                            "unknown-fact case {i}, {mode:?}, goal also f#{unknown}={value}: {e}"
                        ),
                        &case,
                        None,
                    );
                }
            }
        }
    }
    failures.finish("goals on unknown facts");
}

/// Many-fact chain domains (70–128 facts, two-word states, many root landmarks) against
/// the sparse reference, in every mode.
#[test]
fn many_fact_chain_domains_match_reference_in_every_mode() {
    const SEED: u64 = 0x6368_6169_6e73_2121;
    let count = if cfg!(debug_assertions) { 12 } else { 120 };
    let gen = |i| {
        let seed = case_seed(SEED, i);
        let mut rng = Rng::new(seed);
        let facts = rng.range(70, 128);
        (chains_case(&mut rng, facts), seed)
    };
    let mix = run_suite("chains", count, &MODES[..5], gen);
    assert!(mix.nontrivial > 0, "{mix:?}");
    // The backward search's h_max is weak on long chains: some of the 120 release cases
    // (30, 80, 97) need more than the default million nodes backward, which is a limit,
    // not a wrong answer. Backward runs on the first 12 (all it decides) in every build.
    let mix = run_suite("chains-backward", 12, &MODES[5..], gen);
    assert!(mix.nontrivial > 0, "{mix:?}");
}

/// A domain without facts: only the empty goal (or goals on unknown facts set false) can
/// hold, whatever the start state says about facts the domain does not have.
#[test]
fn domain_without_facts() {
    let case = Case {
        facts: 0,
        actions: vec![
            RefAction {
                name: "noop".into(),
                pre_t: 0,
                pre_f: 0,
                add: 0,
                del: 0,
                cost: 0.0,
            },
            RefAction {
                name: "noop2".into(),
                pre_t: 0,
                pre_f: 0,
                add: 0,
                del: 0,
                cost: 1.5,
            },
        ],
        start: 0,
        goal_t: 0,
        goal_f: 0,
    };
    assert_eq!(reference_cost(&case), Some(0.0));
    let layout = Layout {
        stray_start: vec![0, 3, 64],
        ..Layout::identity(0)
    };
    let (d, start, _) = build_in(&case, &layout);
    for mode in MODES {
        let options = PlanOptions {
            heuristic: mode.0,
            direction: mode.1,
            ..PlanOptions::default()
        };
        let mut planner = Planner::new();
        for (goal, want) in [
            (vec![], Some(0.0)),
            (vec![FactValue::new(FactId(3), false)], Some(0.0)),
            (vec![FactValue::new(FactId(3), true)], None),
            (vec![FactValue::new(FactId(0), true)], None),
        ] {
            let g = goap::Conditions::new(goal.clone()).unwrap();
            let r = planner.plan(&d, &start, &g, &options);
            check_outcome(&case, want, &r.outcome)
                .unwrap_or_else(|e| panic!("{mode:?}, goal {goal:?}: {e}"));
        }
    }
}

#[test]
fn reference_planner_sanity() {
    // Two ways to the goal; the cheaper one needs a negative precondition and a delete.
    let case = Case {
        facts: 3,
        actions: vec![
            RefAction {
                name: "direct".into(),
                pre_t: 0,
                pre_f: 0,
                add: 0b100,
                del: 0,
                cost: 5.0,
            },
            RefAction {
                name: "clear".into(),
                pre_t: 0b001,
                pre_f: 0,
                add: 0,
                del: 0b001,
                cost: 0.5,
            },
            RefAction {
                name: "via".into(),
                pre_t: 0,
                pre_f: 0b001,
                add: 0b100,
                del: 0,
                cost: 0.25,
            },
        ],
        start: 0b001,
        goal_t: 0b100,
        goal_f: 0,
    };
    assert_eq!(reference_cost(&case), Some(0.75));
    let mut unreachable = case.clone();
    unreachable.goal_f = 0b010;
    unreachable.goal_t = 0b110;
    assert_eq!(reference_cost(&unreachable), None);
    assert_eq!(reference_cost(&counter(4)), Some(15.0));
    // The minimiser keeps a case failing and the renumbering keeps bits consistent.
    let squeezed = drop_fact(&case, 1);
    assert_eq!(squeezed.facts, 2);
    assert_eq!(squeezed.actions[0].add, 0b10);
    assert_eq!(reference_cost(&squeezed), Some(0.75));
    let min = minimise(&case, simplifications, |c| reference_cost(c) == Some(0.75));
    assert!(min.actions.len() <= case.actions.len());
    assert_eq!(reference_cost(&min), Some(0.75));
    for i in 0..SMALL_CASES {
        let c = small_case(i);
        if i % 7 == 0 {
            // The sparse reference agrees with the dense one.
            assert_eq!(
                dijkstra(&c, &mut HashMap::new()),
                reference_cost(&c),
                "case {i}"
            );
        }
        assert_eq!(c.start & !c.fact_mask(), 0);
        for a in &c.actions {
            assert_eq!(a.pre_t & a.pre_f, 0);
            assert_eq!(a.add & a.del, 0);
        }
        assert_eq!(c.goal_t & c.goal_f, 0);
    }
}

/// Action contexts (an agent's disabled actions and cost overrides, `Planner::plan_in`)
/// against the reference on the changed case: a disabled action gets an impossible
/// precondition there (so the check rejects any plan using it), an overridden one its new
/// cost. One planner is reused, with and without contexts, so stale costs would show.
#[test]
fn action_contexts_match_reference_in_every_mode() {
    const SEED: u64 = 0x6374_785f_6469_6666;
    let count = scaled(600);
    let mut planner = Planner::new();
    let mut changed_plans = 0;
    for i in 0..count {
        let seed = case_seed(SEED, i);
        let mut rng = Rng::new(seed);
        let case = small_case(i);
        let mut changed = case.clone();
        let mut context = goap::ActionContext::new();
        for (a, action) in changed.actions.iter_mut().enumerate() {
            if rng.chance(20) {
                context.set_enabled(ActionId(a as u32), false);
                action.pre_t |= 1;
                action.pre_f |= 1;
            } else if rng.chance(30) {
                let cost = random_cost(&mut rng);
                context.set_cost(ActionId(a as u32), cost).unwrap();
                action.cost = cost;
            }
        }
        let expected = reference_cost(&changed);
        let (d, start, goal) = build(&case);
        for mode in MODES {
            let options = PlanOptions {
                heuristic: mode.0,
                direction: mode.1,
                ..PlanOptions::default()
            };
            let r = planner.plan_in(&d, &start, &goal, &options, &context);
            if let Err(e) = check_outcome(&changed, expected, &r.outcome)
                .and_then(|()| mode.check_direction(&r))
            {
                panic!(
                    "case {i} (seed {seed:#x}), {mode:?}, context {context:?}: {e}\n{}",
                    describe(&case)
                );
            }
            support::check_sliced(
                &mut planner,
                &d,
                &start,
                &goal,
                &options,
                &context,
                &r,
                support::slice_budget(seed ^ mode.seed()),
            )
            .unwrap_or_else(|e| panic!("case {i} (seed {seed:#x}), {mode:?}, sliced: {e}"));
            // The same planner without the context plans the original costs.
            let plain = planner.plan(&d, &start, &goal, &options);
            check_outcome(&case, reference_cost(&case), &plain.outcome)
                .unwrap_or_else(|e| panic!("case {i}, {mode:?}, after a context: {e}"));
        }
        if expected != reference_cost(&case) {
            changed_plans += 1;
        }
    }
    assert!(
        changed_plans * 5 >= count,
        "contexts changed too few optima: {changed_plans} of {count}"
    );
}

/// Domains of over 2,000 actions whose last facts are marks no action or goal reads: the
/// tight loop projects them away and, the domain being too large for the setup cache to
/// keep every action's projected masks (64 KiB), builds the kept actions' masks per search.
/// Every mode matches the reference, in one call and in slices, and blind search never
/// stores more states than the read facts can tell apart.
#[test]
fn thousands_of_actions_with_unread_marks_match_reference_in_every_mode() {
    const SEED: u64 = 0x6d61_726b_7321_2121;
    const READ: usize = 8;
    const MARKS: usize = 4;
    let count = if cfg!(debug_assertions) { 3 } else { 12 };
    let read_mask: Mask = (ONE << READ) - 1;
    let mut failures = Failures::default();
    let mut nontrivial = 0;
    for i in 0..count {
        let seed = case_seed(SEED, i);
        let mut rng = Rng::new(seed);
        let n_actions = rng.range(2100, 2300);
        let mut case = random_case(&mut rng, READ + MARKS, n_actions, 3, 6);
        for a in &mut case.actions {
            a.pre_t &= read_mask;
            a.pre_f &= read_mask;
        }
        case.goal_t &= read_mask;
        case.goal_f &= read_mask;
        assert!(case.actions.len() * 4 * 8 > 64 << 10);
        let expected = reference_cost(&case);
        nontrivial += usize::from(expected.is_some() && !case.is_goal(case.start));
        for mode in MODES {
            if let Err(e) = run_check(&case, mode) {
                failures.add(
                    format!("marks case {i} (seed {seed:#x}), {mode:?}: {e}"),
                    &case,
                    Some(mode),
                );
            }
        }
        let blind = plan_with(
            &mut Planner::new(),
            &case,
            Mode(Heuristic::Blind, Direction::Forward),
            PlanOptions::DEFAULT_MAX_NODES,
        )
        .unwrap();
        assert!(
            blind.stats.stored <= 1 << READ,
            "marks case {i}: blind search stored {} states over {READ} read facts",
            blind.stats.stored
        );
    }
    failures.finish("thousands of actions with unread marks");
    assert!(nontrivial > 0, "no case needed a search");
}
