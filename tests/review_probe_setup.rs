//! Review tests for the lean probe path of `Planner::plan` (`Search::run_probe`), the
//! packed reachability pass, the skipped second relevance pass, the setup cache's
//! projected rows (shared in place or copied by rank) and the landmark-free `add_node`.
//!
//! Random small domains (built from bit masks, so a brute-force Dijkstra written here
//! gives the optimal cost independently of the library) are planned with every heuristic,
//! `Direction::Auto` and `Direction::Forward`, with and without disabled actions and cost
//! overrides, with the default and with tiny node limits, by:
//! - one `Planner` reused across every domain, start, goal and context (so setup cache
//!   entries are found, missed and replaced),
//! - a fresh `Planner`,
//! - `begin` + `resume` in slices of 1, a few or many expansions (`support::check_sliced`,
//!   which also checks the slice counts) and in one unlimited call.
//!
//! All must agree on the outcome, the plan, its cost and every `SearchStats` count; found
//! plans must replay, avoid disabled actions, cost the context's prices and be optimal
//! (the reference's cost); `NoPlan` must agree with the reference; Blind and LM-cut agree.
//! `stats.elapsed` is zero only for a `plan` the probe can have decided, and always zero
//! when uniform-cost search ended within the probe. The actions set-up searches keep
//! (`actions_kept`/`actions_pruned`) equal a reachability + relevance fixpoint worked out
//! here ([`expected_kept`]), agree between heuristics (LM-cut's exploration against the
//! packed / atom-by-atom reachability of h_max and blind search) and do not depend on the
//! order the actions are listed in (long chains listed backwards make the packed pass fall
//! back to the atom exploration).

mod support;

use goap::{
    ActionContext, ActionDef, ActionId, Direction, Domain, FactId, FactValue, Goal, Heuristic,
    Outcome, PlanOptions, PlanResult, Planner, SearchBudget, WorldState, PROBE_EXPANSIONS,
    PROBE_MAX_ACTIONS,
};
use support::{case_seed, check_plan, check_sliced, close, scaled, strip, Act, Rng};

/// One action over at most 31 facts, as masks.
#[derive(Clone, Debug)]
struct Case {
    facts: usize,
    actions: Vec<Act>,
    /// Facts nothing makes true (false in every start): actions needing them are
    /// relevant-looking but unreachable.
    dead: u32,
    /// Facts no precondition and no goal reads: the projection leaves them out.
    write_only: u32,
}

fn random_cost(rng: &mut Rng) -> f64 {
    match rng.below(10) {
        0 | 1 => 0.0,
        2..=4 => 1.0,
        5 => 0.5,
        6 => 1.5,
        7 => rng.range(2, 9) as f64,
        8 => rng.range(1, 400) as f64 / 100.0,
        _ => 3.0,
    }
}

fn random_case(rng: &mut Rng, facts: usize, actions: usize) -> Case {
    random_case_with(rng, facts, actions, false)
}

/// With `wide`, few preconditions always (large state spaces).
fn random_case_with(rng: &mut Rng, facts: usize, actions: usize, wide: bool) -> Case {
    let all = (1u32 << facts) - 1;
    let mut dead = 0u32;
    let mut write_only = 0u32;
    for f in 0..facts {
        match rng.below(10) {
            0 => dead |= 1 << f,
            1 | 2 => write_only |= 1 << f,
            _ => {}
        }
    }
    // Some domains with few preconditions: wide state spaces, where uniform-cost search
    // goes on past the probe.
    let pre_p = if wide || rng.chance(40) {
        rng.range(0, 8)
    } else {
        rng.range(10, 30)
    } as u64;
    let eff_p = rng.range(10, 35) as u64;
    let mut acts = Vec::with_capacity(actions);
    for _ in 0..actions {
        let (mut pre_t, mut pre_f, mut add, mut del) = (0u32, 0u32, 0u32, 0u32);
        for f in 0..facts {
            let b = 1u32 << f;
            if rng.chance(pre_p) {
                if rng.chance(60) {
                    pre_t |= b;
                } else {
                    pre_f |= b;
                }
            }
            if rng.chance(eff_p) {
                if rng.chance(55) {
                    add |= b;
                } else {
                    del |= b;
                }
            }
        }
        if add | del == 0 {
            let f = rng.range(0, facts - 1);
            if rng.chance(65) {
                add |= 1 << f;
            } else {
                del |= 1 << f;
            }
        }
        // Some actions need a dead fact: unreachable, though they may add goal facts.
        if dead != 0 && rng.chance(15) {
            let f = rng.range(0, facts - 1);
            if dead & (1 << f) != 0 {
                pre_t |= 1 << f;
                pre_f &= !(1 << f);
            }
        }
        // Nothing makes a dead fact true; nothing reads a write-only fact.
        add &= !dead;
        pre_t &= !write_only;
        pre_f &= !write_only;
        acts.push(Act {
            pre_t: pre_t & all,
            pre_f: pre_f & all,
            add: add & all,
            del: del & all & !add,
            cost: random_cost(rng),
        });
    }
    Case {
        facts,
        actions: acts,
        dead,
        write_only,
    }
}

fn build(case: &Case) -> (Domain, Vec<FactId>) {
    let mut d = Domain::new();
    let ids: Vec<FactId> = (0..case.facts)
        .map(|f| d.add_fact(&format!("f{f}")).unwrap())
        .collect();
    let list = |t: u32, f: u32| -> Vec<FactValue> {
        (0..case.facts)
            .filter_map(|i| {
                if t >> i & 1 == 1 {
                    Some(FactValue::new(ids[i], true))
                } else if f >> i & 1 == 1 {
                    Some(FactValue::new(ids[i], false))
                } else {
                    None
                }
            })
            .collect()
    };
    for (i, a) in case.actions.iter().enumerate() {
        d.add_action(ActionDef {
            name: format!("a{i}"),
            pre: list(a.pre_t, a.pre_f),
            effects: list(a.add, a.del),
            cost: a.cost,
            ..Default::default()
        })
        .unwrap();
    }
    (d, ids)
}

/// Dijkstra over all `2^facts` states with the context's enabled actions and prices.
fn reference(case: &Case, ctx: &ActionContext, start: u32, gt: u32, gf: u32) -> Option<f64> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let costs: Vec<f64> = (0..case.actions.len())
        .map(|i| {
            ctx.cost_override(ActionId(i as u32))
                .unwrap_or(case.actions[i].cost)
        })
        .collect();
    let mut dist = vec![f64::INFINITY; 1usize << case.facts];
    let mut heap = BinaryHeap::new();
    dist[start as usize] = 0.0;
    heap.push(Reverse((0f64.to_bits(), start)));
    while let Some(Reverse((bits, s))) = heap.pop() {
        let g = f64::from_bits(bits);
        if g > dist[s as usize] {
            continue;
        }
        if s & gt == gt && s & gf == 0 {
            return Some(g);
        }
        for (i, a) in case.actions.iter().enumerate() {
            if ctx.is_disabled(ActionId(i as u32)) || s & a.pre_t != a.pre_t || s & a.pre_f != 0 {
                continue;
            }
            let t = (s & !a.del) | a.add;
            let g2 = g + costs[i];
            if g2 < dist[t as usize] {
                dist[t as usize] = g2;
                heap.push(Reverse((g2.to_bits(), t)));
            }
        }
    }
    None
}

fn state(ids: &[FactId], bits: u32) -> WorldState {
    let mut s = WorldState::new();
    for (i, &f) in ids.iter().enumerate() {
        if bits >> i & 1 == 1 {
            s.set(f, true);
        }
    }
    s
}

#[derive(Debug, Default)]
struct Counts {
    searches: u64,
    found: u64,
    no_plan: u64,
    limit: u64,
    /// `plan` results with `elapsed == 0` (the lean probe path decided).
    untimed: u64,
    /// Blind/Auto on ≤ 20 actions that went on past the probe (the `set_up_again` path).
    past_probe: u64,
    /// Set-up tight-loop searches where reachability pruned some enabled actions but kept
    /// some (the projected rows copied by rank, when the projection is on).
    partly_pruned: u64,
    /// Set-up tight-loop searches that kept every enabled action.
    none_pruned: u64,
    /// Searches with cost overrides / disabled actions.
    costed: u64,
    disabled: u64,
    /// Searches compared with the same task's actions reordered.
    permuted: u64,
    /// Kept/pruned counts compared between heuristics on one task.
    pruning_compared: u64,
    /// Kept/pruned counts checked against [`expected_kept`].
    kept_checked: u64,
}

struct Task<'a> {
    what: String,
    case: &'a Case,
    d: &'a Domain,
    start: WorldState,
    goal: Goal,
    ctx: &'a ActionContext,
    max_nodes: u32,
    want: Option<f64>,
    /// The start and goal as masks (for [`expected_kept`]).
    bits: (u32, u32, u32),
}

/// The actions setup keeps, worked out here from the masks: relevance to the goal over
/// the enabled actions (on domains of more than 16 actions), relaxed reachability from
/// the start over those, and relevance again over the reachable ones. `None` when
/// relaxed reachability misses a goal atom (no plan).
fn expected_kept(
    case: &Case,
    ctx: &ActionContext,
    (start, gt, gf): (u32, u32, u32),
) -> Option<u32> {
    let n = case.actions.len();
    let relevance = n > 16;
    let mut active: Vec<bool> = (0..n)
        .map(|a| !ctx.is_disabled(ActionId(a as u32)))
        .collect();
    let relevant = |active: &mut Vec<bool>| {
        // Atoms as (true facts, false facts).
        let (mut rt, mut rf) = (gt, gf);
        let mut keep = vec![false; n];
        loop {
            let mut grew = false;
            for (a, act) in case.actions.iter().enumerate() {
                if active[a] && !keep[a] && (act.add & rt != 0 || act.del & rf != 0) {
                    keep[a] = true;
                    rt |= act.pre_t;
                    rf |= act.pre_f;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        *active = keep;
    };
    if relevance {
        relevant(&mut active);
    }
    let (mut t, mut f) = (start, !start);
    let mut fired = vec![false; n];
    loop {
        let mut grew = false;
        for (a, act) in case.actions.iter().enumerate() {
            if active[a] && !fired[a] && act.pre_t & t == act.pre_t && act.pre_f & f == act.pre_f {
                fired[a] = true;
                t |= act.add;
                f |= act.del;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if gt & t != gt || gf & f != gf {
        return None;
    }
    active = fired;
    if relevance {
        relevant(&mut active);
    }
    Some(active.iter().filter(|&&k| k).count() as u32)
}

/// Runs one task in every mode on the shared planners and fresh ones and checks
/// everything; returns the result per mode.
fn check_task(
    t: &Task<'_>,
    shared: &mut Planner,
    slicer: &mut Planner,
    rng: &mut Rng,
    counts: &mut Counts,
) {
    let actions = t.case.actions.len();
    let default_nodes = t.max_nodes == PlanOptions::DEFAULT_MAX_NODES;
    let disabled = t.ctx.disabled().len() as u32;
    let mut blind_cost = None;
    let mut lmcut_cost = None;
    // (heuristic, kept, pruned) of the forward searches that pruned (were set up).
    let mut pruning: Vec<(Heuristic, u32, u32)> = Vec::new();
    for heuristic in Heuristic::ALL {
        for direction in [Direction::Auto, Direction::Forward] {
            let options = PlanOptions {
                max_nodes: t.max_nodes,
                heuristic,
                direction,
            };
            let what = format!(
                "{} {heuristic:?} {direction:?} max_nodes {}",
                t.what, t.max_nodes
            );
            counts.searches += 1;
            let whole = shared.plan_in(t.d, &t.start, &t.goal, &options, t.ctx);
            let fresh = Planner::new().plan_in(t.d, &t.start, &t.goal, &options, t.ctx);
            assert_eq!(
                strip(fresh.clone()),
                strip(whole.clone()),
                "{what}: fresh planner vs reused planner"
            );
            // The outcome against the reference.
            match &whole.outcome {
                Outcome::Found(p) => {
                    counts.found += 1;
                    check_plan(t.d, &t.start, &t.goal, t.ctx, &p.actions);
                    let priced: f64 = p.actions.iter().map(|&a| t.ctx.cost(t.d, a)).sum();
                    assert_eq!(p.cost, priced, "{what}: plan cost is not its actions' sum");
                    let want = t.want.unwrap_or_else(|| {
                        panic!("{what}: found {p:?}, the reference finds no plan")
                    });
                    assert!(
                        close(p.cost, want),
                        "{what}: cost {} vs optimal {want}",
                        p.cost
                    );
                }
                Outcome::NoPlan => {
                    counts.no_plan += 1;
                    assert_eq!(t.want, None, "{what}: NoPlan, the reference finds one");
                }
                Outcome::LimitReached => {
                    counts.limit += 1;
                    assert!(
                        !default_nodes,
                        "{what}: LimitReached under the default limit"
                    );
                    assert!(
                        whole.stats.stored <= u64::from(t.max_nodes) + 1,
                        "{what}: stored {} over the limit {}",
                        whole.stats.stored,
                        t.max_nodes
                    );
                }
                Outcome::OutOfMemory(e) => panic!("{what}: out of memory: {e:?}"),
            }
            let set_up_here = match heuristic {
                Heuristic::LmCut | Heuristic::Landmarks | Heuristic::HMax => true,
                // Past the probe (it pauses at exactly its expansions), or no probe.
                // (With cost overrides too: `set_up` runs the probe on the costed copy.)
                Heuristic::Blind => {
                    actions > PROBE_MAX_ACTIONS || whole.stats.expanded >= PROBE_EXPANSIONS
                }
                Heuristic::Auto => false,
            };
            if default_nodes
                && direction == Direction::Forward
                && set_up_here
                && whole.stats.expanded > 0
            {
                pruning.push((
                    heuristic,
                    whole.stats.actions_kept,
                    whole.stats.actions_pruned,
                ));
            }
            if default_nodes {
                match heuristic {
                    Heuristic::Blind if direction == Direction::Forward => {
                        blind_cost = Some(whole.plan().map(|p| p.cost))
                    }
                    Heuristic::LmCut if direction == Direction::Forward => {
                        lmcut_cost = Some(whole.plan().map(|p| p.cost))
                    }
                    _ => {}
                }
            }
            // The time: zero only where the probe may have decided; always zero when a
            // uniform-cost search ended within the probe's expansions.
            let probe_may = matches!(heuristic, Heuristic::Auto | Heuristic::Blind)
                && actions <= PROBE_MAX_ACTIONS
                && t.ctx.cost_overrides().is_empty();
            let s = &whole.stats;
            if s.elapsed.is_zero() {
                counts.untimed += 1;
                // (A search decided before expanding anything may read equal clock times
                // on a coarse clock: only its mode is checked.)
                assert!(
                    probe_may || s.expanded == 0,
                    "{what}: elapsed zero outside the probe's conditions: {whole:?}"
                );
                assert!(
                    s.expanded == 0
                        || (probe_may
                            && s.expanded <= PROBE_EXPANSIONS
                            && !s.backward
                            && s.evaluations == 0
                            && s.initial_h == 0.0
                            && matches!(whole.outcome, Outcome::Found(_) | Outcome::NoPlan)),
                    "{what}: elapsed zero for a search the probe did not decide: {whole:?}"
                );
            } else if probe_may && heuristic == Heuristic::Blind && default_nodes {
                assert!(
                    s.expanded >= PROBE_EXPANSIONS,
                    "{what}: a search the probe decided ({} expansions) was timed: {whole:?}",
                    s.expanded
                );
            }
            if probe_may && s.expanded > PROBE_EXPANSIONS && heuristic == Heuristic::Blind {
                counts.past_probe += 1;
                assert!(!s.elapsed.is_zero(), "{what}: past the probe, untimed");
            }
            // Set-up tight-loop searches: which kind of projected-rows path ran.
            let probe_runs = actions <= PROBE_MAX_ACTIONS
                && matches!(heuristic, Heuristic::Auto | Heuristic::Blind);
            let set_up = !(probe_runs && s.expanded < PROBE_EXPANSIONS)
                && matches!(
                    heuristic,
                    Heuristic::Blind | Heuristic::Landmarks | Heuristic::Auto
                )
                && !s.backward
                && s.expanded > 0;
            if set_up {
                if s.actions_pruned > disabled && s.actions_kept > 0 {
                    counts.partly_pruned += 1;
                } else if s.actions_pruned == disabled {
                    counts.none_pruned += 1;
                }
            }
            counts.costed += u64::from(!t.ctx.cost_overrides().is_empty());
            counts.disabled += u64::from(disabled > 0);
            // (Both zero for a search the start and goal alone decide. A search that
            // reachability shows unsolvable prunes every action but keeps the probe's
            // `actions_kept`, as before this change.)
            assert!(
                s.actions_kept + s.actions_pruned == actions as u32
                    || (s.actions_kept, s.actions_pruned, s.expanded) == (0, 0, 0),
                "{what}: kept + pruned is not the action count: {s:?}"
            );
            // Sliced on the second reused planner: 1, a few, or many expansions per call
            // (check_sliced also checks how many calls that took).
            let budget = match rng.below(3) {
                0 => 1,
                1 => rng.range(2, 6) as u64,
                _ => rng.range(7, 80) as u64,
            };
            let on = if rng.chance(50) {
                &mut *slicer
            } else {
                &mut *shared
            };
            check_sliced(on, t.d, &t.start, &t.goal, &options, t.ctx, &whole, budget)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            // Begun and resumed without a budget: one call, the same result, timed.
            let planner = if rng.chance(50) {
                &mut *slicer
            } else {
                &mut *shared
            };
            planner.begin(t.d, &t.start, &t.goal, &options, t.ctx);
            let resumed = planner
                .resume(&SearchBudget::UNLIMITED)
                .unwrap_or_else(|| panic!("{what}: an unlimited resume did not end"));
            assert!(!planner.is_searching(), "{what}");
            assert_eq!(
                strip(resumed.clone()),
                strip(whole.clone()),
                "{what}: begin + unlimited resume vs plan"
            );
            if resumed.stats.expanded > 0 {
                assert!(!resumed.stats.elapsed.is_zero(), "{what}: resume untimed");
            }
            // And planned again on the reused planner after the sliced runs.
            if rng.chance(30) {
                let again = shared.plan_in(t.d, &t.start, &t.goal, &options, t.ctx);
                assert_eq!(strip(again), strip(whole.clone()), "{what}: planned again");
            }
        }
    }
    // Reachability then relevance keep the same actions whichever analysis shows
    // reachability: LM-cut's first exploration (LM-cut, root landmarks) or the packed /
    // atom-by-atom pass (h_max, blind).
    if let Some(&(_, k, p)) = pruning.first() {
        let n = actions as u32;
        match expected_kept(t.case, t.ctx, t.bits) {
            Some(kept) => assert_eq!(
                (k, p),
                (kept, n - kept),
                "{}: kept/pruned {k}/{p}, expected {kept}/{}",
                t.what,
                n - kept
            ),
            None => assert_eq!(p, n, "{}: relaxed reachability misses the goal", t.what),
        }
        counts.kept_checked += pruning.len() as u64;
    }
    if let Some(&(h0, k0, p0)) = pruning.first() {
        for &(h, k, p) in &pruning[1..] {
            assert_eq!(
                (k, p),
                (k0, p0),
                "{}: {h:?} keeps/prunes {k}/{p} actions, {h0:?} {k0}/{p0}",
                t.what
            );
        }
        counts.pruning_compared += pruning.len() as u64 - 1;
    }
    if let (Some(b), Some(l)) = (blind_cost, lmcut_cost) {
        match (b, l) {
            (Some(b), Some(l)) => assert!(close(b, l), "{}: blind {b} vs LM-cut {l}", t.what),
            (None, None) => {}
            (b, l) => panic!("{}: blind {b:?} vs LM-cut {l:?}", t.what),
        }
    }
}

/// The same task with the actions listed in another order (the context's entries moved
/// with them): pruning is a fixpoint, so the kept and pruned counts are the same, and so
/// are the outcome and the optimal cost. Checked where no probe decides the search (its
/// own decision depends on the order of ties): LM-cut, root landmarks and h_max always,
/// blind search beyond the probe's action limit. Blind and h_max prune with the packed
/// reachability pass, which falls back to the atom exploration when an order needs more
/// than its passes.
fn check_permuted(t: &Task<'_>, shared: &mut Planner, rng: &mut Rng, counts: &mut Counts) {
    let n = t.case.actions.len();
    let mut perm: Vec<usize> = (0..n).collect();
    if rng.chance(30) {
        perm.reverse();
    } else {
        for i in (1..n).rev() {
            perm.swap(i, rng.range(0, i));
        }
    }
    // Action `perm[i]` of the case is action `i` of the copy.
    let case = Case {
        actions: perm.iter().map(|&a| t.case.actions[a].clone()).collect(),
        ..t.case.clone()
    };
    let (d, _) = build(&case);
    let mut ctx = ActionContext::new();
    for (i, &a) in perm.iter().enumerate() {
        let (from, to) = (ActionId(a as u32), ActionId(i as u32));
        if t.ctx.is_disabled(from) {
            ctx.set_enabled(to, false);
        }
        if let Some(c) = t.ctx.cost_override(from) {
            ctx.set_cost(to, c).unwrap();
        }
    }
    // The goal names facts by id, and the copy has the same facts.
    for heuristic in [
        Heuristic::LmCut,
        Heuristic::Landmarks,
        Heuristic::HMax,
        Heuristic::Blind,
    ] {
        if heuristic == Heuristic::Blind && n <= PROBE_MAX_ACTIONS {
            continue;
        }
        let options = PlanOptions {
            max_nodes: PlanOptions::DEFAULT_MAX_NODES,
            heuristic,
            direction: Direction::Forward,
        };
        let a = shared.plan_in(t.d, &t.start, &t.goal, &options, t.ctx);
        let b = shared.plan_in(&d, &t.start, &t.goal, &options, &ctx);
        let what = format!("{} {heuristic:?}, actions reordered as {perm:?}", t.what);
        assert_eq!(
            (a.stats.actions_kept, a.stats.actions_pruned),
            (b.stats.actions_kept, b.stats.actions_pruned),
            "{what}: pruning depends on the action order\n  {a:?}\n  {b:?}"
        );
        match (&a.outcome, &b.outcome) {
            (Outcome::Found(x), Outcome::Found(y)) => {
                assert!(close(x.cost, y.cost), "{what}: {x:?} vs {y:?}")
            }
            (Outcome::NoPlan, Outcome::NoPlan) => {}
            (x, y) => panic!("{what}: {x:?} vs {y:?}"),
        }
        counts.permuted += 1;
    }
}

/// A random goal of 1–5 atoms over facts some precondition could read (never a
/// write-only fact), sometimes asking for a dead fact.
fn random_goal(rng: &mut Rng, case: &Case) -> (u32, u32) {
    random_goal_of(rng, case, 1)
}

/// A random goal of `least`–5 atoms (fewer when facts repeat).
fn random_goal_of(rng: &mut Rng, case: &Case, least: usize) -> (u32, u32) {
    let (mut gt, mut gf) = (0u32, 0u32);
    let readable: Vec<usize> = (0..case.facts)
        .filter(|&f| case.write_only >> f & 1 == 0)
        .collect();
    if readable.is_empty() {
        return (0, 0);
    }
    for _ in 0..rng.range(least, 5) {
        let f = readable[rng.range(0, readable.len() - 1)];
        let b = 1u32 << f;
        if case.dead & b != 0 && !rng.chance(20) {
            gf |= b;
            gt &= !b;
        } else if rng.chance(65) {
            gt |= b;
            gf &= !b;
        } else {
            gf |= b;
            gt &= !b;
        }
    }
    (gt, gf)
}

fn random_context(rng: &mut Rng, actions: usize) -> ActionContext {
    let mut ctx = ActionContext::new();
    match rng.below(6) {
        0..=2 => {}
        3 => {
            for _ in 0..rng.range(1, 3) {
                ctx.set_enabled(ActionId(rng.below(actions as u64) as u32), false);
            }
        }
        4 => {
            for _ in 0..rng.range(1, 2) {
                let a = ActionId(rng.below(actions as u64) as u32);
                ctx.set_cost(a, random_cost(rng)).unwrap();
            }
        }
        _ => {
            ctx.set_enabled(ActionId(rng.below(actions as u64) as u32), false);
            let a = ActionId(rng.below(actions as u64) as u32);
            ctx.set_cost(a, random_cost(rng)).unwrap();
        }
    }
    ctx
}

fn run_cases(
    master: u64,
    cases: std::ops::Range<usize>,
    actions: (usize, usize),
    wide: bool,
    counts: &mut Counts,
) {
    let mut shared = Planner::new();
    let mut slicer = Planner::new();
    for index in cases {
        let seed = case_seed(master, index);
        let mut rng = Rng::new(seed);
        let facts = if wide {
            rng.range(9, 14)
        } else {
            rng.range(3, 14)
        };
        let n = rng.range(actions.0, actions.1);
        let case = random_case_with(&mut rng, facts, n, wide);
        let (d, ids) = build(&case);
        // A few goals, starts and contexts per domain, interleaved so that the reused
        // planners' setup cache entries are found and replaced.
        let goals: Vec<(u32, u32)> = (0..rng.range(1, 3))
            .map(|_| random_goal_of(&mut rng, &case, if wide { 3 } else { 1 }))
            .collect();
        for round in 0..rng.range(2, 4) {
            let (gt, gf) = goals[rng.range(0, goals.len() - 1)];
            let start_bits = (rng.next_u64() as u32) & ((1u32 << facts) - 1) & !case.dead;
            let ctx = random_context(&mut rng, n);
            let goal = d
                .conditions((0..facts).filter_map(|i| {
                    if gt >> i & 1 == 1 {
                        Some(FactValue::new(ids[i], true))
                    } else if gf >> i & 1 == 1 {
                        Some(FactValue::new(ids[i], false))
                    } else {
                        None
                    }
                }))
                .unwrap();
            let max_nodes = if rng.chance(25) {
                rng.range(1, 40) as u32
            } else {
                PlanOptions::DEFAULT_MAX_NODES
            };
            let want = reference(&case, &ctx, start_bits, gt, gf);
            let task = Task {
                what: format!(
                    "seed {seed:#x} (master {master:#x} case {index}) round {round}: \
                     {facts} facts, {n} actions, start {start_bits:#b}, goal +{gt:#b} \
                     -{gf:#b}, disabled {:?}, costs {:?}\n{case:?}\n",
                    ctx.disabled(),
                    ctx.cost_overrides()
                ),
                case: &case,
                d: &d,
                start: state(&ids, start_bits),
                goal,
                ctx: &ctx,
                max_nodes,
                want,
                bits: (start_bits, gt, gf),
            };
            check_task(&task, &mut shared, &mut slicer, &mut rng, counts);
            check_permuted(&task, &mut shared, &mut rng, counts);
        }
    }
}

/// Domains of at most `PROBE_MAX_ACTIONS` actions (the probe applies; at most 16 skip
/// relevance, 17–20 run it), every mode.
#[test]
fn probe_sized_domains_agree_everywhere() {
    let mut counts = Counts::default();
    run_cases(
        0x7072_6f62_655f_3230,
        0..scaled(2500),
        (1, PROBE_MAX_ACTIONS),
        false,
        &mut counts,
    );
    eprintln!("probe-sized: {counts:?}");
    assert!(counts.untimed > 1000, "{counts:?}");
    assert!(counts.past_probe > 50, "{counts:?}");
    assert!(counts.partly_pruned > 100, "{counts:?}");
    assert!(counts.none_pruned > 100, "{counts:?}");
    assert!(counts.limit > 50 && counts.no_plan > 50, "{counts:?}");
    assert!(counts.costed > 100 && counts.disabled > 100, "{counts:?}");
}

/// Probe-sized domains with few preconditions and goals of 3–5 atoms: large state
/// spaces, where uniform-cost search goes on past the probe (`set_up_again` after the
/// lean path's probe, or after its node limit) and reachability prunes actions that need
/// dead facts (the projected rows copied by rank).
#[test]
fn probe_sized_wide_domains_go_on_past_the_probe() {
    let mut counts = Counts::default();
    run_cases(
        0x0077_6964_655f_3230,
        0..scaled(1200),
        (8, PROBE_MAX_ACTIONS),
        true,
        &mut counts,
    );
    eprintln!("wide probe-sized: {counts:?}");
    assert!(counts.past_probe > 300, "{counts:?}");
    assert!(counts.untimed > 300, "{counts:?}");
    assert!(counts.partly_pruned > 300, "{counts:?}");
    assert!(counts.limit > 100, "{counts:?}");
}

/// Domains of 21–60 actions (no probe; relevance and its second pass run), every mode.
#[test]
fn larger_domains_agree_everywhere() {
    let mut counts = Counts::default();
    run_cases(
        LARGER,
        0..scaled(800),
        (PROBE_MAX_ACTIONS + 1, 60),
        false,
        &mut counts,
    );
    eprintln!("larger: {counts:?}");
    assert_eq!(counts.untimed, 0, "{counts:?}");
    assert!(counts.partly_pruned > 50, "{counts:?}");
    assert!(counts.none_pruned > 50, "{counts:?}");
}

/// The larger-domain suite's master seed.
const LARGER: u64 = 0x6c61_7267_6572_5f36;

/// A slice expands no more than its budget: case 10908 of the larger suite (reached only
/// at `GOAP_DIFF_SCALE=20`), where the forward search of `Direction::Auto` passes
/// `AUTO_BACKWARD_AFTER` successors inside a slice and the backward search is then ruled
/// out; the rest of that slice used to run with the whole budget (a slice of 3 expanded 5).
#[test]
fn slices_keep_their_budget_when_the_backward_search_is_ruled_out() {
    let mut counts = Counts::default();
    run_cases(
        LARGER,
        10_908..10_909,
        (PROBE_MAX_ACTIONS + 1, 60),
        false,
        &mut counts,
    );
    assert!(counts.untimed == 0 && counts.kept_checked > 0, "{counts:?}");
}

/// One planner across probe-sized and larger domains alternately, with the same goal
/// facts by index (so the setup cache keys differ only by the compiled domain), against
/// fresh planners.
#[test]
fn one_planner_across_domains() {
    let mut shared = Planner::new();
    let mut rng = Rng::new(0x0ace_d0c5);
    let mut domains = Vec::new();
    for k in 0..12 {
        let n = if k % 2 == 0 {
            rng.range(10, PROBE_MAX_ACTIONS)
        } else {
            rng.range(PROBE_MAX_ACTIONS + 1, 40)
        };
        let case = random_case(&mut rng, 8, n);
        let (d, ids) = build(&case);
        domains.push((case, d, ids));
    }
    let mut runs = 0;
    for round in 0..400 {
        let (case, d, ids) = &domains[rng.range(0, domains.len() - 1)];
        let (gt, gf) = random_goal(&mut rng, case);
        let start_bits = (rng.next_u64() as u32) & 0xff & !case.dead;
        let goal = d
            .conditions((0..8).filter_map(|i| {
                (gt >> i & 1 == 1)
                    .then(|| FactValue::new(ids[i], true))
                    .or_else(|| (gf >> i & 1 == 1).then(|| FactValue::new(ids[i], false)))
            }))
            .unwrap();
        let ctx = random_context(&mut rng, case.actions.len());
        let start = state(ids, start_bits);
        let want = reference(case, &ctx, start_bits, gt, gf);
        for heuristic in [Heuristic::Auto, Heuristic::Blind, Heuristic::Landmarks] {
            let options = PlanOptions {
                heuristic,
                ..PlanOptions::default()
            };
            let a = shared.plan_in(d, &start, &goal, &options, &ctx);
            let b = Planner::new().plan_in(d, &start, &goal, &options, &ctx);
            assert_eq!(strip(a.clone()), strip(b), "round {round} {heuristic:?}");
            match (&a.outcome, want) {
                (Outcome::Found(p), Some(w)) => {
                    check_plan(d, &start, &goal, &ctx, &p.actions);
                    assert!(
                        close(p.cost, w),
                        "round {round} {heuristic:?}: {} vs {w}",
                        p.cost
                    );
                }
                (Outcome::NoPlan, None) => {}
                (o, w) => panic!("round {round} {heuristic:?}: {o:?} vs reference {w:?}"),
            }
            runs += 1;
        }
    }
    assert_eq!(runs, 1200);
}

/// Searches whose relaxed plan costs nothing (every action free) have no landmarks: the
/// root-landmark loop then runs with an empty landmark set (`add_node::<true>` with no
/// landmark words). Every heuristic must still find the plan, on both sides of the probe's
/// action limit.
#[test]
fn free_actions_leave_no_landmarks() {
    for extra in [0usize, 30] {
        let mut d = Domain::new();
        let f: Vec<FactId> = (0..6)
            .map(|i| d.add_fact(&format!("p{i}")).unwrap())
            .collect();
        for i in 0..5 {
            d.add_action(ActionDef {
                name: format!("step{i}"),
                pre: vec![FactValue::new(f[i], true)],
                effects: vec![FactValue::new(f[i + 1], true)],
                cost: 0.0,
                ..Default::default()
            })
            .unwrap();
        }
        for i in 0..extra {
            // Irrelevant padding (beyond the probe's limit, relevance prunes it).
            d.add_action(ActionDef {
                name: format!("pad{i}"),
                pre: vec![FactValue::new(f[i % 6], i % 2 == 0)],
                effects: vec![FactValue::new(f[(i + 3) % 6], false)],
                cost: 1.0,
                ..Default::default()
            })
            .unwrap();
        }
        let start = state(&f, 1);
        let goal = d.conditions([FactValue::new(f[5], true)]).unwrap();
        let mut shared = Planner::new();
        for heuristic in Heuristic::ALL {
            for direction in [Direction::Auto, Direction::Forward] {
                let options = PlanOptions {
                    heuristic,
                    direction,
                    ..PlanOptions::default()
                };
                let whole = shared.plan(&d, &start, &goal, &options);
                let p = whole
                    .plan()
                    .unwrap_or_else(|| panic!("{extra} {heuristic:?}: {whole:?}"));
                assert_eq!(p.cost, 0.0);
                check_plan(&d, &start, &goal, &ActionContext::new(), &p.actions);
                for budget in [1, 3] {
                    check_sliced(
                        &mut shared,
                        &d,
                        &start,
                        &goal,
                        &options,
                        &ActionContext::new(),
                        &whole,
                        budget,
                    )
                    .unwrap_or_else(|e| panic!("{extra} {heuristic:?} {direction:?}: {e}"));
                }
            }
        }
    }
}

/// A chain of actions listed against its order needs a pass of the packed reachability
/// per link: past its passes it falls back to the atom exploration. With toggles that
/// make uniform-cost search go on past the probe, a dead shortcut (relevant, never
/// reachable) and irrelevant actions, blind search and h_max (packed reachability) must
/// keep the actions LM-cut keeps (LM-cut's exploration), on both sides of the relevance
/// threshold and of the probe's action limit, in every order of the actions.
#[test]
fn chains_in_any_order_prune_alike() {
    let mut rng = Rng::new(0x000c_4a12);
    let mut compared = 0;
    for links in [4usize, 9, 12, 14] {
        for toggles in [0usize, 3, 5] {
            for padding in [0usize, 2, 8] {
                let mut d_facts = links + 1 + toggles + 1;
                let dead = d_facts - 1;
                let mut acts: Vec<Act> = Vec::new();
                for i in 0..links {
                    acts.push(Act {
                        pre_t: 1 << i,
                        pre_f: 0,
                        add: 1 << (i + 1),
                        del: 0,
                        cost: 1.0,
                    });
                }
                for k in 0..toggles {
                    let b = 1 << (links + 1 + k);
                    acts.push(Act {
                        pre_t: 0,
                        pre_f: 0,
                        add: b,
                        del: 0,
                        cost: 1.0,
                    });
                    acts.push(Act {
                        pre_t: b,
                        pre_f: 0,
                        add: 0,
                        del: b,
                        cost: 1.0,
                    });
                }
                // The dead shortcut to the goal.
                acts.push(Act {
                    pre_t: 1 << dead,
                    pre_f: 0,
                    add: 1 << links,
                    del: 0,
                    cost: 0.5,
                });
                // Padding: writes a fact nobody reads (irrelevant).
                if padding > 0 {
                    d_facts += 1;
                }
                for _ in 0..padding {
                    acts.push(Act {
                        pre_t: 1,
                        pre_f: 0,
                        add: 1 << (d_facts - 1),
                        del: 0,
                        cost: 1.0,
                    });
                }
                for order in 0..4 {
                    let mut perm: Vec<usize> = (0..acts.len()).collect();
                    match order {
                        0 => {}
                        1 => perm.reverse(),
                        _ => {
                            for i in (1..perm.len()).rev() {
                                perm.swap(i, rng.range(0, i));
                            }
                        }
                    }
                    let case = Case {
                        facts: d_facts,
                        actions: perm.iter().map(|&a| acts[a].clone()).collect(),
                        dead: 1 << dead,
                        write_only: 0,
                    };
                    let (d, ids) = build(&case);
                    let start = state(&ids, 1);
                    let goal = d.conditions([FactValue::new(ids[links], true)]).unwrap();
                    let want = reference(&case, &ActionContext::new(), 1, 1 << links, 0);
                    assert_eq!(want, Some(links as f64));
                    let mut kept = Vec::new();
                    let mut planner = Planner::new();
                    for heuristic in Heuristic::ALL {
                        let options = PlanOptions {
                            heuristic,
                            direction: Direction::Forward,
                            ..PlanOptions::default()
                        };
                        let r = planner.plan(&d, &start, &goal, &options);
                        let what = format!(
                            "links {links} toggles {toggles} padding {padding} order {perm:?} \
                             {heuristic:?}: {r:?}"
                        );
                        assert_eq!(r.plan().map(|p| p.cost), want, "{what}");
                        assert_eq!(
                            strip(r.clone()),
                            strip(Planner::new().plan(&d, &start, &goal, &options)),
                            "{what}"
                        );
                        let set_up = match heuristic {
                            Heuristic::Auto => false,
                            Heuristic::Blind => {
                                case.actions.len() > PROBE_MAX_ACTIONS
                                    || r.stats.expanded >= PROBE_EXPANSIONS
                            }
                            _ => true,
                        };
                        if set_up {
                            kept.push((heuristic, r.stats.actions_kept, r.stats.actions_pruned));
                        }
                        for budget in [1, 5] {
                            check_sliced(
                                &mut planner,
                                &d,
                                &start,
                                &goal,
                                &options,
                                &ActionContext::new(),
                                &r,
                                budget,
                            )
                            .unwrap_or_else(|e| panic!("{what}: {e}"));
                        }
                    }
                    for w in kept.windows(2) {
                        assert_eq!(
                            (w[0].1, w[0].2),
                            (w[1].1, w[1].2),
                            "links {links} toggles {toggles} padding {padding} order \
                             {perm:?}: {kept:?}"
                        );
                        compared += 1;
                    }
                    // The dead shortcut is never kept, nor (with relevance) the padding.
                    if let Some(&(_, k, _)) = kept.first() {
                        assert!((k as usize) < acts.len(), "{kept:?}");
                    }
                }
            }
        }
    }
    assert!(compared > 300, "{compared}");
}

/// A check that the comparisons above can fail: the probe's result differs from the
/// reference when the reference is given a different goal (guards against a vacuous
/// reference).
#[test]
fn reference_is_not_vacuous() {
    let (mut differ, mut found) = (0, 0);
    for seed in 0..40 {
        let mut rng = Rng::new(seed);
        let case = random_case(&mut rng, 6, 10);
        let (d, ids) = build(&case);
        let goal = d.conditions([FactValue::new(ids[0], true)]).unwrap();
        let ctx = ActionContext::new();
        for s in 0..64u32 {
            let s = s & !case.dead;
            let want = reference(&case, &ctx, s, 0b1, 0);
            let r: PlanResult =
                Planner::new().plan(&d, &state(&ids, s), &goal, &PlanOptions::default());
            assert_eq!(r.plan().map(|p| p.cost), want, "seed {seed} start {s:#b}");
            found += usize::from(want.is_some_and(|w| w > 0.0));
            differ += usize::from(want != reference(&case, &ctx, s, 0b10, 0));
        }
    }
    assert!(
        found > 100 && differ > 100,
        "found {found}, differ {differ}"
    );
}
