//! Differential test for integer variables: the library's planner against a brute-force
//! reference over the finite state space (NUMERIC_SPEC.md, issue 3).
//!
//! The reference below is written independently of the library: a state is a fact bit mask
//! plus one `i32` per variable, encoded densely (mixed radix) into an index; its own
//! `holds` / `apply` implement the contract (inclusive ranges, defaults for unset
//! variables, all effects computed from the state before the action, `Reject` makes the
//! action inapplicable when any effect would leave the range, `Saturate` clamps). The search
//! is a plain Dijkstra with no heuristic and no pruning.
//!
//! For every case and every heuristic mode (fresh planner, default limits):
//! - a returned plan is replayed step by step with the reference semantics, and every step
//!   is also applied with `Domain::apply`, which must agree (applicable, same facts, same
//!   values); the end state must satisfy the goal (reference and `Domain::satisfies`);
//! - `plan.cost` is exactly the sum of the steps' costs in plan order and equals the
//!   reference optimum within `support::COST_TOLERANCE` (the documented rounding bound)
//!   relative; a start that satisfies the goal gives the empty plan;
//! - "no plan" agrees, and `LimitReached` is wrong (the state spaces are tiny).
//!
//! Independently of the planner, `Domain::apply` and `Domain::satisfies` are compared with
//! the reference on (up to a few hundred) reachable states of every case.
//!
//! Suites: `numeric_random` (random domains: 0–5 facts, 1–3 variables of 2–8 values, both
//! overflow rules, all six comparisons, set/add/sub, 1–10 actions), `numeric_medium` (up to
//! 6 facts, variables of up to 16 values, 16 actions, longer walks), `numeric_counters`
//! (plans that repeat one action many times), one planner reused across all cases against fresh planners, and
//! two fresh planners against each other.
//!
//! A failure prints the case (as Rust data and as a domain file) and a greedily minimised
//! version. `GOAP_DIFF_CASE=<index> cargo test --test differential_numeric -- --nocapture`
//! replays one case of every suite; `GOAP_DIFF_SCALE=<n>` runs `n` times as many cases.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

use goap::{
    ActionDef, ActionId, Compare, Direction, Domain, FactId, FactValue, Goal, Heuristic, Outcome,
    Overflow, PlanOptions, PlanResult, Planner, VarCondition, VarDef, VarEffect, VarId, VarOp,
    WorldState,
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

    /// Checks the direction that ran: backward when asked for and no action and not the
    /// goal uses a variable (the backward search's restriction), else forward.
    fn check_direction(self, b: &Built, r: &PlanResult) -> Result<(), String> {
        let uses_vars = !b.goal.var_conditions().is_empty()
            || b.domain
                .actions()
                .iter()
                .any(|a| !a.pre().var_conditions().is_empty() || !a.var_effects().is_empty());
        let want = self.1 == Direction::Backward && !uses_vars;
        if r.stats.backward != want {
            return Err(format!(
                "ran {} (variables used: {uses_vars})",
                if r.stats.backward {
                    "backward"
                } else {
                    "forward"
                }
            ));
        }
        Ok(())
    }
}

/// Every heuristic forward (as `Direction::Auto` picks), then the backward search (which
/// runs forward where variables are used).
const MODES: [Mode; 7] = [
    Mode(Heuristic::Auto, Direction::Auto),
    Mode(Heuristic::LmCut, Direction::Auto),
    Mode(Heuristic::Landmarks, Direction::Auto),
    Mode(Heuristic::HMax, Direction::Auto),
    Mode(Heuristic::Blind, Direction::Auto),
    Mode(Heuristic::Auto, Direction::Backward),
    Mode(Heuristic::Blind, Direction::Backward),
];

const RANDOM_SEED: u64 = 0x6e75_6d5f_6469_6666;
const RANDOM_CASES: usize = 4_000;
const MEDIUM_SEED: u64 = 0x6d65_6469_756d_6e75;
const MEDIUM_CASES: usize = 400;
const COUNTER_SEED: u64 = 0x636f_756e_7465_7273;
const COUNTER_CASES: usize = 200;

// ---------------------------------------------------------------------------------------
// PRNG (splitmix64, as in tests/differential.rs)
// ---------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------
// The reference model
// ---------------------------------------------------------------------------------------

/// A comparison (the reference's own; mapped to `goap::Compare` only when building).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

const CMPS: [Cmp; 6] = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];

impl Cmp {
    fn holds(self, x: i32, k: i32) -> bool {
        match self {
            Cmp::Eq => x == k,
            Cmp::Ne => x != k,
            Cmp::Lt => x < k,
            Cmp::Le => x <= k,
            Cmp::Gt => x > k,
            Cmp::Ge => x >= k,
        }
    }
    fn symbol(self) -> &'static str {
        match self {
            Cmp::Eq => "==",
            Cmp::Ne => "!=",
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
        }
    }
    fn lib(self) -> Compare {
        match self {
            Cmp::Eq => Compare::Eq,
            Cmp::Ne => Compare::Ne,
            Cmp::Lt => Compare::Lt,
            Cmp::Le => Compare::Le,
            Cmp::Gt => Compare::Gt,
            Cmp::Ge => Compare::Ge,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Eff {
    Set,
    Add,
    Sub,
}

impl Eff {
    fn lib(self) -> VarOp {
        match self {
            Eff::Set => VarOp::Set,
            Eff::Add => VarOp::Add,
            Eff::Sub => VarOp::Sub,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct RVar {
    min: i32,
    max: i32,
    /// The declared default (`None`: the domain's default, `min`).
    declared_default: Option<i32>,
    saturate: bool,
}

impl RVar {
    fn default_value(&self) -> i32 {
        self.declared_default.unwrap_or(self.min)
    }
    fn len(&self) -> usize {
        (self.max - self.min + 1) as usize
    }
    /// The result of an effect from `x`, `None` when rejected.
    fn effect(&self, x: i32, op: Eff, k: i32) -> Option<i32> {
        let y = match op {
            Eff::Set => k,
            Eff::Add => x + k,
            Eff::Sub => x - k,
        };
        if y < self.min || y > self.max {
            if self.saturate {
                Some(y.max(self.min).min(self.max))
            } else {
                None
            }
        } else {
            Some(y)
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct RAction {
    name: String,
    pre: Vec<(usize, bool)>,
    var_pre: Vec<(usize, Cmp, i32)>,
    eff: Vec<(usize, bool)>,
    var_eff: Vec<(usize, Eff, i32)>,
    cost: f64,
}

#[derive(Clone, Debug, PartialEq)]
struct Case {
    facts: usize,
    vars: Vec<RVar>,
    actions: Vec<RAction>,
    start_facts: u32,
    /// `None`: left unset in the start state (the default applies).
    start_vars: Vec<Option<i32>>,
    goal: Vec<(usize, bool)>,
    goal_vars: Vec<(usize, Cmp, i32)>,
}

/// Fact conditions `(fact, value)`.
type FactConds = Vec<(usize, bool)>;
/// Variable conditions `(var, op, constant)`.
type VarConds = Vec<(usize, Cmp, i32)>;

/// A reference state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct St {
    facts: u32,
    vals: Vec<i32>,
}

impl Case {
    fn start(&self) -> St {
        St {
            facts: self.start_facts,
            vals: self
                .vars
                .iter()
                .zip(&self.start_vars)
                .map(|(v, s)| s.unwrap_or(v.default_value()))
                .collect(),
        }
    }

    fn holds(&self, s: &St, facts: &[(usize, bool)], vars: &[(usize, Cmp, i32)]) -> bool {
        facts.iter().all(|&(f, v)| (s.facts >> f & 1 == 1) == v)
            && vars.iter().all(|&(v, op, k)| op.holds(s.vals[v], k))
    }

    fn is_goal(&self, s: &St) -> bool {
        self.holds(s, &self.goal, &self.goal_vars)
    }

    /// The reference semantics of applying `a` in `s`.
    fn apply(&self, a: &RAction, s: &St) -> Option<St> {
        if !self.holds(s, &a.pre, &a.var_pre) {
            return None;
        }
        let mut t = s.clone();
        for &(v, op, k) in &a.var_eff {
            t.vals[v] = self.vars[v].effect(s.vals[v], op, k)?;
        }
        for &(f, val) in &a.eff {
            if val {
                t.facts |= 1 << f;
            } else {
                t.facts &= !(1 << f);
            }
        }
        Some(t)
    }

    fn state_count(&self) -> usize {
        self.vars.iter().map(RVar::len).product::<usize>() << self.facts
    }

    fn encode(&self, s: &St) -> usize {
        let mut i = 0usize;
        for (v, &x) in self.vars.iter().zip(&s.vals).rev() {
            i = i * v.len() + (x - v.min) as usize;
        }
        (i << self.facts) | s.facts as usize
    }

    fn decode(&self, mut i: usize) -> St {
        let facts = (i & ((1 << self.facts) - 1)) as u32;
        i >>= self.facts;
        let mut vals = Vec::with_capacity(self.vars.len());
        for v in &self.vars {
            vals.push(v.min + (i % v.len()) as i32);
            i /= v.len();
        }
        St { facts, vals }
    }
}

/// Dijkstra over the dense state space. Returns the optimal cost (`None`: unreachable) and
/// the distance table (infinite where unreached when the search stopped).
fn reference(case: &Case) -> (Option<f64>, Vec<f64>) {
    let mut dist = vec![f64::INFINITY; case.state_count()];
    let start = case.start();
    let si = case.encode(&start);
    dist[si] = 0.0;
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> = BinaryHeap::new();
    heap.push(Reverse((0f64.to_bits(), si)));
    let mut best = None;
    while let Some(Reverse((bits, i))) = heap.pop() {
        let d = f64::from_bits(bits);
        if d > dist[i] {
            continue;
        }
        let s = case.decode(i);
        if best.is_none() && case.is_goal(&s) {
            best = Some(d);
            // Keep exploring: the distance table also feeds the agreement check.
        }
        for a in &case.actions {
            if let Some(t) = case.apply(a, &s) {
                let j = case.encode(&t);
                let nd = d + a.cost;
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Reverse((nd.to_bits(), j)));
                }
            }
        }
    }
    (best, dist)
}

fn reference_cost(case: &Case) -> Option<f64> {
    reference(case).0
}

// ---------------------------------------------------------------------------------------
// Building the library's problem
// ---------------------------------------------------------------------------------------

fn var_name(v: usize) -> String {
    ["gold", "wood", "ammo"]
        .get(v)
        .map_or(format!("v{v}"), |s| (*s).to_owned())
}

fn fact_name(f: usize) -> String {
    format!("f{f}")
}

struct Built {
    domain: Domain,
    start: WorldState,
    goal: Goal,
}

fn lib_facts(l: &[(usize, bool)]) -> Vec<FactValue> {
    l.iter()
        .map(|&(f, v)| FactValue::new(FactId(f as u32), v))
        .collect()
}

fn lib_conds(l: &[(usize, Cmp, i32)]) -> Vec<VarCondition> {
    l.iter()
        .map(|&(v, op, k)| VarCondition::new(VarId(v as u32), op.lib(), k))
        .collect()
}

fn build(case: &Case) -> Result<Built, String> {
    let mut d = Domain::new();
    // Interleave fact and variable registration a little: ids are per kind.
    for v in 0..case.vars.len().max(case.facts) {
        if v < case.facts {
            let id = d.add_fact(&fact_name(v)).map_err(|e| e.to_string())?;
            assert_eq!(id, FactId(v as u32));
        }
        if let Some(rv) = case.vars.get(v) {
            let id = d
                .add_var(VarDef {
                    name: var_name(v),
                    min: rv.min,
                    max: rv.max,
                    default: rv.declared_default,
                    overflow: if rv.saturate {
                        Overflow::Saturate
                    } else {
                        Overflow::Reject
                    },
                })
                .map_err(|e| format!("var {}: {e}", var_name(v)))?;
            assert_eq!(id, VarId(v as u32));
        }
    }
    for (i, a) in case.actions.iter().enumerate() {
        let id = d
            .add_action(ActionDef {
                name: a.name.clone(),
                pre: lib_facts(&a.pre),
                effects: lib_facts(&a.eff),
                cost: a.cost,
                var_pre: lib_conds(&a.var_pre),
                var_effects: a
                    .var_eff
                    .iter()
                    .map(|&(v, op, k)| VarEffect::new(VarId(v as u32), op.lib(), k))
                    .collect(),
            })
            .map_err(|e| format!("action {} rejected: {e}", a.name))?;
        assert_eq!(id, ActionId(i as u32));
    }
    let mut start = WorldState::new();
    for f in 0..case.facts {
        if case.start_facts >> f & 1 == 1 {
            start.set(FactId(f as u32), true);
        }
    }
    for (v, s) in case.start_vars.iter().enumerate() {
        if let Some(x) = s {
            start.set_var(VarId(v as u32), *x);
        }
    }
    let goal = d
        .conditions_with(lib_facts(&case.goal), lib_conds(&case.goal_vars))
        .map_err(|e| format!("goal rejected: {e}"))?;
    Ok(Built {
        domain: d,
        start,
        goal,
    })
}

fn to_world(case: &Case, s: &St) -> WorldState {
    let mut w = WorldState::new();
    for f in 0..case.facts {
        if s.facts >> f & 1 == 1 {
            w.set(FactId(f as u32), true);
        }
    }
    for (v, &x) in s.vals.iter().enumerate() {
        w.set_var(VarId(v as u32), x);
    }
    w
}

/// The library's view of a world state, as a reference state.
fn from_world(case: &Case, d: &Domain, w: &WorldState) -> St {
    let mut facts = 0;
    for f in 0..case.facts {
        if w.get(FactId(f as u32)) {
            facts |= 1 << f;
        }
    }
    St {
        facts,
        vals: (0..case.vars.len())
            .map(|v| d.value(w, VarId(v as u32)))
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------
// Checking
// ---------------------------------------------------------------------------------------

fn st_str(case: &Case, s: &St) -> String {
    let mut v: Vec<String> = (0..case.facts)
        .filter(|f| s.facts >> f & 1 == 1)
        .map(fact_name)
        .collect();
    for (i, x) in s.vals.iter().enumerate() {
        v.push(format!("{}={x}", var_name(i)));
    }
    format!("{{{}}}", v.join(", "))
}

/// Checks one library outcome against the reference optimum.
fn check_outcome(
    case: &Case,
    b: &Built,
    expected: Option<f64>,
    outcome: &Outcome,
) -> Result<(), String> {
    let start = case.start();
    match (expected, outcome) {
        (Some(_), Outcome::Found(plan)) if case.is_goal(&start) && !plan.actions.is_empty() => Err(
            format!("the start satisfies the goal, but the plan is {plan:?}"),
        ),
        (Some(c), Outcome::Found(plan)) => {
            let mut s = start;
            let mut w = b.start.clone();
            let mut sum = 0.0;
            for (step, id) in plan.actions.iter().enumerate() {
                let a = case
                    .actions
                    .get(id.index())
                    .ok_or_else(|| format!("step {step}: unknown action id {}", id.0))?;
                let Some(t) = case.apply(a, &s) else {
                    return Err(format!(
                        "step {step}: {} is not applicable in {} (plan {})",
                        a.name,
                        st_str(case, &s),
                        plan_str(case, &plan.actions)
                    ));
                };
                if !b.domain.apply(&mut w, *id) {
                    return Err(format!(
                        "step {step}: Domain::apply says {} is not applicable in {}, the reference says it is",
                        a.name,
                        st_str(case, &s)
                    ));
                }
                let lib = from_world(case, &b.domain, &w);
                if lib != t {
                    return Err(format!(
                        "step {step}: {} from {}: Domain::apply gives {}, the reference {}",
                        a.name,
                        st_str(case, &s),
                        st_str(case, &lib),
                        st_str(case, &t)
                    ));
                }
                s = t;
                sum += a.cost;
            }
            if !case.is_goal(&s) {
                return Err(format!(
                    "plan {} ends in {}, which does not satisfy the goal",
                    plan_str(case, &plan.actions),
                    st_str(case, &s)
                ));
            }
            if !b.domain.satisfies(&w, &b.goal) {
                return Err(format!(
                    "Domain::satisfies rejects the plan's end state {}",
                    st_str(case, &s)
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
                return Err(format!(
                    "plan {} costs {sum} but the optimum is {c}",
                    plan_str(case, &plan.actions)
                ));
            }
            Ok(())
        }
        (None, Outcome::NoPlan) => Ok(()),
        (Some(c), other) => Err(format!("expected a plan of cost {c}, got {other:?}")),
        (None, Outcome::Found(p)) => {
            // Replay it anyway for a sharper message.
            let mut s = case.start();
            for id in &p.actions {
                match case.actions.get(id.index()).and_then(|a| case.apply(a, &s)) {
                    Some(t) => s = t,
                    None => {
                        return Err(format!(
                            "expected NoPlan, got plan {} whose step {} is not applicable in {}",
                            plan_str(case, &p.actions),
                            case.actions
                                .get(id.index())
                                .map_or("?", |a| a.name.as_str()),
                            st_str(case, &s)
                        ))
                    }
                }
            }
            Err(format!(
                "expected NoPlan, got plan {} ending in {}",
                plan_str(case, &p.actions),
                st_str(case, &s)
            ))
        }
        (None, other) => Err(format!("expected NoPlan, got {other:?}")),
    }
}

fn plan_str(case: &Case, plan: &[ActionId]) -> String {
    let v: Vec<&str> = plan
        .iter()
        .map(|a| case.actions.get(a.index()).map_or("?", |x| x.name.as_str()))
        .collect();
    format!("[{}]", v.join(", "))
}

fn plan_catching(planner: &mut Planner, b: &Built, mode: Mode) -> Result<PlanResult, String> {
    let options = PlanOptions {
        heuristic: mode.0,
        direction: mode.1,
        ..PlanOptions::default()
    };
    catch_unwind(AssertUnwindSafe(|| {
        planner.plan(&b.domain, &b.start, &b.goal, &options)
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

/// Plans `case` in `mode` with a fresh planner and checks the answer.
fn run_check(case: &Case, mode: Mode) -> Result<(), String> {
    let b = build(case)?;
    let expected = reference_cost(case);
    let mut planner = Planner::new();
    let r = plan_catching(&mut planner, &b, mode)?;
    check_outcome(case, &b, expected, &r.outcome)?;
    mode.check_direction(&b, &r)?;
    // The same search in slices ends exactly the same way.
    let options = PlanOptions {
        heuristic: mode.0,
        direction: mode.1,
        ..PlanOptions::default()
    };
    let budget = support::slice_budget(case.actions.len() as u64 * 31 + mode.seed());
    support::check_sliced(
        &mut planner,
        &b.domain,
        &b.start,
        &b.goal,
        &options,
        &goap::ActionContext::default(),
        &r,
        budget,
    )
}

/// `Domain::apply` and `Domain::satisfies` against the reference on up to `limit`
/// reachable states (every action; the goal).
fn check_domain_semantics(
    case: &Case,
    b: &Built,
    dist: &[f64],
    limit: usize,
) -> Result<(), String> {
    let reachable: Vec<usize> = (0..dist.len()).filter(|&i| dist[i].is_finite()).collect();
    let step = reachable.len().div_ceil(limit).max(1);
    for &i in reachable.iter().step_by(step) {
        let s = case.decode(i);
        let w = to_world(case, &s);
        if b.domain.satisfies(&w, &b.goal) != case.is_goal(&s) {
            return Err(format!(
                "Domain::satisfies(goal) in {} is {}, the reference says {}",
                st_str(case, &s),
                !case.is_goal(&s),
                case.is_goal(&s)
            ));
        }
        for (k, a) in case.actions.iter().enumerate() {
            let mut w2 = w.clone();
            let lib = b
                .domain
                .apply(&mut w2, ActionId(k as u32))
                .then(|| from_world(case, &b.domain, &w2));
            let r = case.apply(a, &s);
            if lib != r {
                return Err(format!(
                    "{} in {}: Domain::apply gives {:?}, the reference {:?}",
                    a.name,
                    st_str(case, &s),
                    lib.map(|t| st_str(case, &t)),
                    r.map(|t| st_str(case, &t))
                ));
            }
            if lib.is_none() && w2 != w {
                return Err(format!(
                    "Domain::apply changed the state though {} was not applicable",
                    a.name
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Reporting and minimising
// ---------------------------------------------------------------------------------------

fn conds_json(facts: &[(usize, bool)], vars: &[(usize, Cmp, i32)]) -> String {
    let mut v: Vec<String> = facts
        .iter()
        .map(|&(f, b)| format!("\"{}\": {b}", fact_name(f)))
        .collect();
    for &(x, op, k) in vars {
        v.push(format!("\"{}\": {{\"{}\": {k}}}", var_name(x), op.symbol()));
    }
    format!("{{{}}}", v.join(", "))
}

fn effects_json(facts: &[(usize, bool)], vars: &[(usize, Eff, i32)]) -> String {
    let mut v: Vec<String> = facts
        .iter()
        .map(|&(f, b)| format!("\"{}\": {b}", fact_name(f)))
        .collect();
    for &(x, op, k) in vars {
        v.push(match op {
            Eff::Set => format!("\"{}\": {k}", var_name(x)),
            Eff::Add => format!("\"{}\": {{\"+=\": {k}}}", var_name(x)),
            Eff::Sub => format!("\"{}\": {{\"-=\": {k}}}", var_name(x)),
        });
    }
    format!("{{{}}}", v.join(", "))
}

/// The case as a domain file (NUMERIC_SPEC.md syntax). Several conditions on one variable
/// in one list cannot be written as one JSON key; they are listed as repeated keys.
fn domain_json(case: &Case) -> String {
    let mut out = String::from("{\n  \"vars\": {");
    let decls: Vec<String> = case
        .vars
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let mut s = format!(
                "\"{}\": {{\"min\": {}, \"max\": {}",
                var_name(i),
                v.min,
                v.max
            );
            if let Some(dv) = v.declared_default {
                let _ = write!(s, ", \"default\": {dv}");
            }
            if v.saturate {
                s.push_str(", \"overflow\": \"saturate\"");
            }
            s.push('}');
            s
        })
        .collect();
    out.push_str(&decls.join(", "));
    out.push_str("},\n  \"actions\": [\n");
    for (i, a) in case.actions.iter().enumerate() {
        let _ = writeln!(
            out,
            "    {{\"name\": \"{}\", \"cost\": {:?}, \"pre\": {}, \"effects\": {}}}{}",
            a.name,
            a.cost,
            conds_json(&a.pre, &a.var_pre),
            effects_json(&a.eff, &a.var_eff),
            if i + 1 < case.actions.len() { "," } else { "" }
        );
    }
    let mut start: Vec<String> = (0..case.facts)
        .filter(|f| case.start_facts >> f & 1 == 1)
        .map(|f| format!("\"{}\": true", fact_name(f)))
        .collect();
    for (v, s) in case.start_vars.iter().enumerate() {
        if let Some(x) = s {
            start.push(format!("\"{}\": {x}", var_name(v)));
        }
    }
    let _ = write!(
        out,
        "  ],\n  \"start\": {{{}}},\n  \"goal\": {}\n}}",
        start.join(", "),
        conds_json(&case.goal, &case.goal_vars)
    );
    out
}

fn describe(case: &Case) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "  start: {}", st_str(case, &case.start()));
    let _ = writeln!(out, "  reference optimum: {:?}", reference_cost(case));
    let _ = writeln!(out, "  as Rust: {case:?}");
    let _ = write!(out, "  as a domain file:\n{}", domain_json(case));
    out
}

/// Every one-step simplification of `case` (each keeps the definitions valid).
fn simplifications(case: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    for i in 0..case.actions.len() {
        let mut c = case.clone();
        c.actions.remove(i);
        out.push(c);
    }
    for i in 0..case.goal.len() {
        let mut c = case.clone();
        c.goal.remove(i);
        out.push(c);
    }
    for i in 0..case.goal_vars.len() {
        let mut c = case.clone();
        c.goal_vars.remove(i);
        out.push(c);
    }
    for v in 0..case.vars.len() {
        if case.start_vars[v].is_some() {
            let mut c = case.clone();
            c.start_vars[v] = None;
            out.push(c);
        }
        if case.vars[v].declared_default.is_some() {
            let mut c = case.clone();
            c.vars[v].declared_default = None;
            out.push(c);
        }
        if case.vars[v].saturate {
            let mut c = case.clone();
            c.vars[v].saturate = false;
            out.push(c);
        }
    }
    for f in 0..case.facts {
        if case.start_facts >> f & 1 == 1 {
            let mut c = case.clone();
            c.start_facts &= !(1 << f);
            out.push(c);
        }
    }
    for i in 0..case.actions.len() {
        let a = &case.actions[i];
        for j in 0..a.pre.len() {
            let mut c = case.clone();
            c.actions[i].pre.remove(j);
            out.push(c);
        }
        for j in 0..a.var_pre.len() {
            let mut c = case.clone();
            c.actions[i].var_pre.remove(j);
            out.push(c);
        }
        for j in 0..a.eff.len() {
            let mut c = case.clone();
            c.actions[i].eff.remove(j);
            out.push(c);
        }
        for j in 0..a.var_eff.len() {
            let mut c = case.clone();
            c.actions[i].var_eff.remove(j);
            out.push(c);
        }
        let x = a.cost;
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
        for y in simpler {
            let mut c = case.clone();
            c.actions[i].cost = y;
            out.push(c);
        }
    }
    // Drop an unused last variable / fact (keeps ids dense).
    if let Some(last) = case.vars.len().checked_sub(1) {
        let used = case.goal_vars.iter().any(|c| c.0 == last)
            || case.actions.iter().any(|a| {
                a.var_pre.iter().any(|c| c.0 == last) || a.var_eff.iter().any(|e| e.0 == last)
            });
        if !used && case.vars.len() > 1 {
            let mut c = case.clone();
            c.vars.pop();
            c.start_vars.pop();
            out.push(c);
        }
    }
    if case.facts > 0 {
        let last = case.facts - 1;
        let used = case.goal.iter().any(|c| c.0 == last)
            || case
                .actions
                .iter()
                .any(|a| a.pre.iter().any(|c| c.0 == last) || a.eff.iter().any(|e| e.0 == last));
        if !used {
            let mut c = case.clone();
            c.facts -= 1;
            c.start_facts &= !(1 << last);
            out.push(c);
        }
    }
    let mut c = case.clone();
    for (i, a) in c.actions.iter_mut().enumerate() {
        a.name = format!("a{i}");
    }
    if c != *case {
        out.push(c);
    }
    out
}

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
        let mut per_mode = std::collections::BTreeMap::new();
        for (_, _, m) in &self.list {
            *per_mode.entry(format!("{m:?}")).or_insert(0usize) += 1;
        }
        let _ = writeln!(msg, "failures per mode: {per_mode:?}");
        for (n, (what, case, mode)) in self.list.iter().take(6).enumerate() {
            let _ = writeln!(msg, "\n=== {what}\n{}", describe(case));
            let Some(mode) = *mode else { continue };
            if n >= 3 {
                continue;
            }
            if run_check(case, mode).is_err() {
                let small = minimise(case, simplifications, |c| run_check(c, mode).is_err());
                let why = run_check(&small, mode).unwrap_err();
                let _ = writeln!(msg, "--- minimised ({mode:?}): {why}\n{}", describe(&small));
            } else {
                let _ = writeln!(msg, "--- (passes alone with a fresh planner)");
            }
        }
        panic!("{msg}");
    }
}

// ---------------------------------------------------------------------------------------
// Random generation
// ---------------------------------------------------------------------------------------

fn random_cost(rng: &mut Rng) -> f64 {
    match rng.below(14) {
        0..=2 => 0.0,
        3..=5 => 1.0,
        6 => rng.range(2, 9) as f64,
        7 => 0.5,
        8 => 0.25,
        9 => 1.5,
        10 => [0.1, 0.3, 2.7, 0.7, 1.1, 0.2][rng.range(0, 5)],
        11 => rng.unit() * 5.0,
        12 => 1.0 / rng.range(3, 9) as f64,
        _ => rng.range(1, 4) as f64,
    }
}

/// True when some value in the variable's range satisfies all `conds` on it.
fn satisfiable(v: &RVar, conds: &[(Cmp, i32)]) -> bool {
    (v.min..=v.max).any(|x| conds.iter().all(|&(op, k)| op.holds(x, k)))
}

/// A constant in `v`'s range, often an edge.
fn constant(rng: &mut Rng, v: &RVar) -> i32 {
    match rng.below(6) {
        0 => v.min,
        1 => v.max,
        _ => rng.int(v.min, v.max),
    }
}

/// Random conditions on the variables, each taken with `percent` chance (sometimes two on
/// one variable); always satisfiable within the range.
fn random_var_conds(rng: &mut Rng, vars: &[RVar], percent: u64) -> Vec<(usize, Cmp, i32)> {
    let mut out = Vec::new();
    for (i, v) in vars.iter().enumerate() {
        if !rng.chance(percent) {
            continue;
        }
        let mut mine: Vec<(Cmp, i32)> = Vec::new();
        for _ in 0..if rng.chance(15) { 2 } else { 1 } {
            for _ in 0..10 {
                let c = (CMPS[rng.range(0, 5)], constant(rng, v));
                let mut t = mine.clone();
                t.push(c);
                if satisfiable(v, &t) {
                    mine = t;
                    break;
                }
            }
        }
        out.extend(mine.into_iter().map(|(op, k)| (i, op, k)));
    }
    out
}

fn random_facts(rng: &mut Rng, facts: usize, percent: u64) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for f in 0..facts {
        if rng.chance(percent) {
            out.push((f, rng.chance(50)));
        }
    }
    out
}

fn random_var_effects(rng: &mut Rng, vars: &[RVar], percent: u64) -> Vec<(usize, Eff, i32)> {
    let mut out = Vec::new();
    for (i, v) in vars.iter().enumerate() {
        if !rng.chance(percent) {
            continue;
        }
        let width = v.max - v.min;
        let step = match rng.below(8) {
            0..=3 => 1,
            4 | 5 => rng.int(1, width.min(2)),
            6 => width,
            _ => rng.int(1, width),
        };
        out.push(match rng.below(5) {
            0 => (i, Eff::Set, constant(rng, v)),
            1 | 2 => (i, Eff::Add, step),
            _ => (i, Eff::Sub, step),
        });
    }
    out
}

fn random_action(rng: &mut Rng, facts: usize, vars: &[RVar]) -> RAction {
    let mut a = RAction {
        name: String::new(),
        pre: random_facts(rng, facts, 25),
        var_pre: random_var_conds(rng, vars, 35),
        eff: random_facts(rng, facts, 30),
        var_eff: random_var_effects(rng, vars, 45),
        cost: random_cost(rng),
    };
    if a.eff.is_empty() && a.var_eff.is_empty() && rng.chance(80) {
        if facts > 0 && rng.chance(40) {
            a.eff.push((rng.range(0, facts - 1), rng.chance(60)));
        } else {
            a.var_eff = random_var_effects(rng, vars, 100);
            a.var_eff.truncate(1);
        }
    }
    a
}

fn random_vars(rng: &mut Rng, n: usize, max_len: usize) -> Vec<RVar> {
    (0..n)
        .map(|_| {
            let len = rng.range(2, max_len) as i32;
            let min = rng.int(-3, 3);
            let max = min + len - 1;
            RVar {
                min,
                max,
                declared_default: rng.chance(50).then(|| rng.int(min, max)),
                saturate: rng.chance(50),
            }
        })
        .collect()
}

/// Conditions that hold in `s`: facts taken with `fp` %, variables with `vp` %, the
/// comparison chosen at random among those `s`'s value satisfies for a random constant.
fn conds_of(
    rng: &mut Rng,
    case: &Case,
    s: &St,
    fp: u64,
    vp: u64,
    avoid: Option<&St>,
) -> (FactConds, VarConds) {
    let mut facts = Vec::new();
    for f in 0..case.facts {
        let v = s.facts >> f & 1 == 1;
        // Facts that differ from `avoid` are taken more often.
        let differs = avoid.is_some_and(|a| (a.facts >> f & 1 == 1) != v);
        if rng.chance(if differs { 90 } else { fp }) {
            facts.push((f, v));
        }
    }
    let mut vars = Vec::new();
    for (i, v) in case.vars.iter().enumerate() {
        let differs = avoid.is_some_and(|a| a.vals[i] != s.vals[i]);
        if !rng.chance(if differs { 95 } else { vp }) {
            continue;
        }
        let x = s.vals[i];
        // Mostly a comparison that `avoid` fails, when one exists.
        let want_sharp = differs && rng.chance(85);
        for _ in 0..40 {
            let op = CMPS[rng.range(0, 5)];
            let k = if rng.chance(40) { x } else { constant(rng, v) };
            if op.holds(x, k) && !(want_sharp && op.holds(avoid.unwrap().vals[i], k)) {
                vars.push((i, op, k));
                break;
            }
        }
    }
    (facts, vars)
}

/// Bounds of a random case.
#[derive(Clone, Copy)]
struct Size {
    facts: usize,
    max_len: usize,
    actions: usize,
    walk: usize,
}

/// 0–5 facts, 1–3 variables of 2–8 values, 1–10 actions.
const SMALL: Size = Size {
    facts: 5,
    max_len: 8,
    actions: 10,
    walk: 12,
};

/// 0–6 facts, 1–3 variables of 2–16 values, 1–16 actions, longer walks.
const MEDIUM: Size = Size {
    facts: 6,
    max_len: 16,
    actions: 16,
    walk: 24,
};

/// A random case. Half of them aim the goal at the end of a random walk from the start
/// (which often repeats an action), the rest have random goals (often unreachable).
fn random_case(rng: &mut Rng, size: Size) -> Case {
    let facts = rng.range(0, size.facts);
    let nv = rng.range(1, 3);
    let vars = random_vars(rng, nv, size.max_len);
    let n_actions = rng.range(1, size.actions);
    let mut case = Case {
        facts,
        start_facts: if facts == 0 {
            0
        } else {
            rng.below(1 << facts) as u32
        },
        start_vars: vars
            .iter()
            .map(|v| match rng.below(4) {
                0 => None,
                1 => Some(v.default_value()),
                _ => Some(rng.int(v.min, v.max)),
            })
            .collect(),
        vars,
        actions: Vec::new(),
        goal: Vec::new(),
        goal_vars: Vec::new(),
    };
    let vars = case.vars.clone();
    case.actions = (0..n_actions)
        .map(|_| random_action(rng, facts, &vars))
        .collect();
    for (i, a) in case.actions.iter_mut().enumerate() {
        a.name = format!("a{i}");
    }
    match rng.below(12) {
        0 => {
            let s = case.start();
            (case.goal, case.goal_vars) = conds_of(rng, &case, &s, 30, 50, None);
        }
        1..=7 => {
            // A random walk, preferring to repeat the previous action.
            let mut s = case.start();
            let mut prev: Option<usize> = None;
            for _ in 0..rng.range(1, size.walk) {
                let ok: Vec<usize> = (0..case.actions.len())
                    .filter(|&k| case.apply(&case.actions[k], &s).is_some_and(|t| t != s))
                    .collect();
                if ok.is_empty() {
                    break;
                }
                let k = match prev {
                    Some(p) if ok.contains(&p) && rng.chance(60) => p,
                    _ => ok[rng.range(0, ok.len() - 1)],
                };
                s = case.apply(&case.actions[k], &s).unwrap();
                prev = Some(k);
            }
            let start = case.start();
            (case.goal, case.goal_vars) = conds_of(rng, &case, &s, 25, 40, Some(&start));
        }
        _ => {
            // Random conditions, mostly ones the start fails (redrawn a few times).
            let start = case.start();
            for _ in 0..4 {
                case.goal = random_facts(rng, facts, 30);
                case.goal_vars = random_var_conds(rng, &vars, 70);
                if !case.is_goal(&start) {
                    break;
                }
            }
        }
    }
    sanitize(&mut case);
    case
}

/// Makes fact lists contradiction-free (first value wins).
fn sanitize(case: &mut Case) {
    fn dedup(l: &mut Vec<(usize, bool)>) {
        let mut seen = 0u32;
        l.retain(|&(f, _)| {
            let fresh = seen >> f & 1 == 0;
            seen |= 1 << f;
            fresh
        });
    }
    dedup(&mut case.goal);
    for a in &mut case.actions {
        dedup(&mut a.pre);
        dedup(&mut a.eff);
    }
}

/// A counter domain: the plan must repeat a small step many times. Variable 0 starts low
/// and the goal wants it high (or the reverse); steps of 1–2 (some guarded by a fact a
/// cheap action sets), a costly big step or set, and a random distractor or two.
fn counter_case(rng: &mut Rng) -> Case {
    let facts = rng.range(0, 2);
    let nv = rng.range(1, 2);
    let mut vars = random_vars(rng, nv, 8);
    let len = rng.range(6, 8) as i32;
    vars[0].max = vars[0].min + len - 1;
    if let Some(d) = vars[0].declared_default {
        vars[0].declared_default = Some(d.min(vars[0].max));
    }
    let v = &vars[0];
    let up = rng.chance(50);
    let (from, to) = if up { (v.min, v.max) } else { (v.max, v.min) };
    let mut actions = Vec::new();
    let step = if rng.chance(70) { 1 } else { 2 };
    let guard: Vec<(usize, bool)> = if facts > 0 && rng.chance(50) {
        vec![(0, true)]
    } else {
        vec![]
    };
    actions.push(RAction {
        name: "step".into(),
        pre: guard.clone(),
        var_pre: vec![],
        eff: vec![],
        var_eff: vec![(0, if up { Eff::Add } else { Eff::Sub }, step)],
        cost: [1.0, 0.5, 2.0, 0.25, 1.5][rng.range(0, 4)],
    });
    if !guard.is_empty() {
        actions.push(RAction {
            name: "arm".into(),
            pre: vec![],
            var_pre: vec![],
            eff: vec![(0, true)],
            var_eff: vec![],
            cost: random_cost(rng),
        });
    }
    if rng.chance(60) {
        // A big step that may or may not beat the small ones.
        actions.push(RAction {
            name: "leap".into(),
            pre: vec![],
            var_pre: vec![],
            eff: vec![],
            var_eff: vec![(0, if up { Eff::Add } else { Eff::Sub }, rng.int(2, len - 1))],
            cost: rng.range(2, 12) as f64 * 0.5,
        });
    }
    if rng.chance(40) {
        actions.push(RAction {
            name: "back".into(),
            pre: vec![],
            var_pre: vec![],
            eff: vec![],
            var_eff: vec![(0, if up { Eff::Sub } else { Eff::Add }, 1)],
            cost: random_cost(rng),
        });
    }
    if rng.chance(30) {
        actions.push(RAction {
            name: "jump".into(),
            pre: vec![],
            var_pre: vec![(
                0,
                if up { Cmp::Ge } else { Cmp::Le },
                from + if up { 2 } else { -2 },
            )],
            eff: vec![],
            var_eff: vec![(0, Eff::Set, to)],
            cost: rng.range(3, 9) as f64,
        });
    }
    for _ in 0..rng.range(0, 2) {
        actions.push(random_action(rng, facts, &vars));
    }
    for (i, a) in actions.iter_mut().enumerate() {
        a.name = format!("{}{i}", a.name.chars().next().unwrap_or('a'));
    }
    let goal_op = match rng.below(4) {
        0 => Cmp::Eq,
        1 => {
            if up {
                Cmp::Ge
            } else {
                Cmp::Le
            }
        }
        2 => {
            if up {
                Cmp::Gt
            } else {
                Cmp::Lt
            }
        }
        _ => Cmp::Eq,
    };
    let target = match goal_op {
        Cmp::Gt => to - 1,
        Cmp::Lt => to + 1,
        _ => to,
    };
    let mut case = Case {
        facts,
        start_facts: 0,
        start_vars: vars.iter().map(|_| None).collect(),
        vars,
        actions,
        goal: vec![],
        goal_vars: vec![(0, goal_op, target)],
    };
    case.start_vars[0] = Some(from);
    if rng.chance(30) {
        case.start_vars[0] = Some(from + if up { 1 } else { -1 });
    }
    if case.vars.len() > 1 && rng.chance(50) {
        let s = case.start();
        let (_, vc) = conds_of(rng, &case, &s, 0, 100, None);
        case.goal_vars.extend(vc.into_iter().filter(|c| c.0 == 1));
    }
    sanitize(&mut case);
    case
}

// ---------------------------------------------------------------------------------------
// Suites
// ---------------------------------------------------------------------------------------

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

#[derive(Default, Debug)]
struct Mix {
    cases: usize,
    found: usize,
    no_plan: usize,
    satisfied_at_start: usize,
    /// Reachable and not satisfied at the start.
    nontrivial: usize,
    saturating: usize,
    zero_cost: usize,
    fractional_cost: usize,
    ops_seen: [usize; 6],
    /// Cases whose optimal plan (Blind) repeats one action at least four times.
    repeats4: usize,
    most_repeats: usize,
    longest_plan: usize,
    max_expanded: u64,
    states_checked: usize,
}

fn run_suite(suite: &str, count: usize, gen: impl Fn(usize) -> (Case, u64)) -> Mix {
    let mut failures = Failures::default();
    let mut mix = Mix::default();
    for i in indices(count) {
        let (case, seed) = gen(i);
        let b = match build(&case) {
            Ok(b) => b,
            Err(e) => {
                failures.add(
                    format!("{suite} case {i} (seed {seed:#x}): {e}"),
                    &case,
                    None,
                );
                continue;
            }
        };
        let (expected, dist) = reference(&case);
        mix.cases += 1;
        match expected {
            Some(_) => mix.found += 1,
            None => mix.no_plan += 1,
        }
        mix.satisfied_at_start += usize::from(case.is_goal(&case.start()));
        mix.nontrivial += usize::from(expected.is_some() && !case.is_goal(&case.start()));
        mix.saturating += usize::from(case.vars.iter().any(|v| v.saturate));
        mix.zero_cost += usize::from(case.actions.iter().any(|a| a.cost == 0.0));
        mix.fractional_cost += usize::from(case.actions.iter().any(|a| a.cost.fract() != 0.0));
        for a in &case.actions {
            for c in a.var_pre.iter().chain(&case.goal_vars) {
                mix.ops_seen[CMPS.iter().position(|&o| o == c.1).unwrap()] += 1;
            }
        }
        if let Err(e) = check_domain_semantics(&case, &b, &dist, 200) {
            failures.add(
                format!("{suite} case {i} (seed {seed:#x}), domain semantics: {e}"),
                &case,
                None,
            );
        }
        mix.states_checked += dist.iter().filter(|d| d.is_finite()).count().min(200);
        for mode in MODES {
            let result = plan_catching(&mut Planner::new(), &b, mode).and_then(|r| {
                check_outcome(&case, &b, expected, &r.outcome)?;
                mode.check_direction(&b, &r)?;
                mix.max_expanded = mix.max_expanded.max(r.stats.expanded);
                if let (Heuristic::Blind, Some(p)) = (mode.0, r.plan()) {
                    let mut counts = vec![0usize; case.actions.len()];
                    for a in &p.actions {
                        counts[a.index()] += 1;
                    }
                    let most = counts.into_iter().max().unwrap_or(0);
                    mix.most_repeats = mix.most_repeats.max(most);
                    mix.repeats4 += usize::from(most >= 4);
                    mix.longest_plan = mix.longest_plan.max(p.actions.len());
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
    }
    println!("{suite}: {mix:?}");
    failures.finish(suite);
    mix
}

fn random_case_at(i: usize) -> (Case, u64) {
    let seed = case_seed(RANDOM_SEED, i);
    (random_case(&mut Rng::new(seed), SMALL), seed)
}

fn medium_case_at(i: usize) -> (Case, u64) {
    let seed = case_seed(MEDIUM_SEED, i);
    (random_case(&mut Rng::new(seed), MEDIUM), seed)
}

fn counter_case_at(i: usize) -> (Case, u64) {
    let seed = case_seed(COUNTER_SEED, i);
    (counter_case(&mut Rng::new(seed)), seed)
}

#[test]
fn numeric_random_domains_match_reference_in_every_mode() {
    let mix = run_suite("numeric_random", RANDOM_CASES, random_case_at);
    if mix.cases >= RANDOM_CASES {
        // The generator keeps covering what the test is about.
        assert!(mix.found >= mix.cases / 3, "{mix:?}");
        assert!(mix.nontrivial >= mix.cases / 3, "{mix:?}");
        assert!(mix.no_plan >= mix.cases / 10, "{mix:?}");
        assert!(mix.saturating >= mix.cases / 3, "{mix:?}");
        assert!(mix.ops_seen.iter().all(|&n| n >= 100), "{mix:?}");
        assert!(mix.repeats4 >= 10, "{mix:?}");
        assert!(mix.longest_plan >= 6, "{mix:?}");
    }
}

#[test]
fn numeric_medium_domains_match_reference_in_every_mode() {
    let mix = run_suite("numeric_medium", MEDIUM_CASES, medium_case_at);
    if mix.cases >= MEDIUM_CASES {
        assert!(mix.nontrivial >= mix.cases / 3, "{mix:?}");
        assert!(mix.longest_plan >= 10, "{mix:?}");
    }
}

#[test]
fn numeric_counter_domains_repeat_actions_optimally() {
    let mix = run_suite("numeric_counters", COUNTER_CASES, counter_case_at);
    if mix.cases >= COUNTER_CASES {
        assert!(mix.repeats4 >= mix.cases / 4, "{mix:?}");
        assert!(mix.most_repeats >= 7, "{mix:?}");
    }
}

/// The generated definitions are all valid (the generator respects the validation rules),
/// so a build failure in the suites above is a library bug, not a generator one. This also
/// runs without the planner, so it pins the reference to `Domain`'s semantics on its own.
#[test]
fn numeric_domain_semantics_match_reference() {
    let mut failures = Failures::default();
    for i in indices(RANDOM_CASES / 2) {
        let (case, seed) = random_case_at(i);
        match build(&case) {
            Ok(b) => {
                let (_, dist) = reference(&case);
                if let Err(e) = check_domain_semantics(&case, &b, &dist, usize::MAX) {
                    failures.add(format!("case {i} (seed {seed:#x}): {e}"), &case, None);
                }
            }
            Err(e) => failures.add(format!("case {i} (seed {seed:#x}): {e}"), &case, None),
        }
    }
    failures.finish("numeric_semantics");
}

/// One planner reused across every random and counter case (numeric and, interleaved,
/// variable-free ones) answers exactly like a fresh planner per case.
#[test]
fn numeric_reused_planner_matches_fresh_planners() {
    let mut failures = Failures::default();
    let mut reused = Planner::new();
    let cases: Vec<(Case, u64)> = indices(RANDOM_CASES / 4)
        .into_iter()
        .flat_map(|i| {
            let (c, s) = random_case_at(i);
            let mut plain = c.clone();
            // The same domain with its variables stripped (conditions and effects dropped):
            // a fact-only problem between numeric ones.
            plain.vars.clear();
            plain.start_vars.clear();
            plain.goal_vars.clear();
            for a in &mut plain.actions {
                a.var_pre.clear();
                a.var_eff.clear();
            }
            // Variables declared (and set at the start) but used by no action and not
            // the goal: the backward search runs there.
            let mut unused = plain.clone();
            unused.vars.clone_from(&c.vars);
            unused.start_vars.clone_from(&c.start_vars);
            [(c, s), (plain, s), (unused, s)]
        })
        .chain(indices(COUNTER_CASES / 4).into_iter().map(counter_case_at))
        .collect();
    let mut backward_with_vars = 0;
    for (n, (case, seed)) in cases.iter().enumerate() {
        let b = build(case).unwrap();
        let mode = MODES[n % MODES.len()];
        let expected = reference_cost(case);
        let fresh = plan_catching(&mut Planner::new(), &b, mode);
        let again = plan_catching(&mut reused, &b, mode);
        match (fresh, again) {
            (Ok(f), Ok(r)) => {
                backward_with_vars += usize::from(r.stats.backward && !case.vars.is_empty());
                if let Err(e) = check_outcome(case, &b, expected, &r.outcome)
                    .and_then(|()| mode.check_direction(&b, &r))
                {
                    failures.add(
                        format!("reused case {n} (seed {seed:#x}), {mode:?}: {e}"),
                        case,
                        Some(mode),
                    );
                } else if f.outcome != r.outcome {
                    failures.add(
                        format!(
                            "reused case {n} (seed {seed:#x}), {mode:?}: fresh {:?} vs reused {:?}",
                            f.outcome, r.outcome
                        ),
                        case,
                        None,
                    );
                }
            }
            (Err(e), _) | (_, Err(e)) => failures.add(
                format!("reused case {n} (seed {seed:#x}): {e}"),
                case,
                Some(mode),
            ),
        }
    }
    failures.finish("numeric_reused");
    assert!(
        backward_with_vars >= 10,
        "too few backward searches on domains declaring unused variables: {backward_with_vars}"
    );
}

/// Two fresh planners return identical action sequences (determinism).
#[test]
fn numeric_fresh_planners_agree_exactly() {
    let mut failures = Failures::default();
    for i in indices(RANDOM_CASES / 6) {
        let (case, seed) = random_case_at(i);
        let b = build(&case).unwrap();
        for mode in [MODES[0], MODES[4], MODES[5]] {
            let a = plan_catching(&mut Planner::new(), &b, mode);
            let c = plan_catching(&mut Planner::new(), &b, mode);
            if let (Ok(a), Ok(c)) = (&a, &c) {
                if a.outcome != c.outcome {
                    failures.add(
                        format!(
                            "case {i} (seed {seed:#x}), {mode:?}: {:?} vs {:?}",
                            a.outcome, c.outcome
                        ),
                        &case,
                        None,
                    );
                }
            }
        }
    }
    failures.finish("numeric_determinism");
}
