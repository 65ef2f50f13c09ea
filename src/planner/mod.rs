//! The optimal planner: A* over packed states with admissible delete-relaxation
//! heuristics.
//!
//! # Algorithm
//! 0. **Exact tables** ([`Heuristic::Auto`], small tasks). Take the goal's relevant
//!    actions (backward relevance, as in step 1) and the facts their preconditions and the
//!    goal name; leave out the *static* ones (read, but changed by no relevant action: a
//!    table is made per combination of their start values), and the actions whose
//!    preconditions those values deny (with the actions relevant only through them). When
//!    the states of the rest number at most [`EXACT_MAX_STATES`] (an at-most-one group of
//!    facts, such as positions on a path or the places `goto` actions move between, counts
//!    as one value), times the relevant actions at most [`EXACT_MAX_WORK`], and every
//!    action cost is a whole number from 0 to 255 (no integer variables, no cost
//!    overrides, `max_nodes` at least the table's states), a table of every such state's
//!    exact cost to the goal is built once per (domain, goal, disabled actions, static
//!    values) and kept ([`EXACT_TABLES`] per planner; a world's planners also share up to
//!    [`SHARED_EXACT_TABLES`], so a key's table is built once per world); the search walks
//!    down it from the start, expanding only the plan's states (A* with the perfect
//!    heuristic). The steps below are skipped. A start with two facts of a group true is
//!    outside the table and takes the steps below. The build is done in one piece at the
//!    start of the key's first search on a planner, whatever the search's budget (at most
//!    about 1.5 ms on the build machine; the soldier domain's largest, 12,288 states,
//!    about 1 ms): it is bounded, and a budget must not decide whether a table is used.
//!    A task whose groups leave at most [`BOUNDED_MAX_STATES`] states but that has more
//!    facts than a table holds (a path of more than 64 cells) skips the root LM-cut: it
//!    is pruned, then searched uniform-cost for at most its states plus one expansions
//!    (all a search of those states needs; one whose pruned actions still read facts the
//!    groups' count leaves out can need more); past them it is set up as usual and starts
//!    again.
//! 1. **Pruning.** Actions that relaxed reachability shows can never apply, and actions none
//!    of whose effects can matter for the goal, are dropped for this search. Both keep the
//!    optimal cost. If the goal is not even relaxed-reachable the answer is
//!    [`Outcome::NoPlan`] without any search.
//! 2. **Root landmarks.** LM-cut at the start state yields disjunctive action landmarks with
//!    a cost partitioning. Along a path, the landmarks it has not yet used still have to be
//!    paid for: their summed cost is an admissible, path-dependent estimate (Karpas &
//!    Domshlak 2009) that costs a few word operations per node.
//! 3. **A\*** with duplicate detection and re-opening (the heuristic is admissible but not
//!    always consistent, so re-opening is what keeps the result optimal). With
//!    [`Heuristic::Auto`] (the default), nodes are first ordered by the root-landmark
//!    estimate alone. Once a search has expanded [`AUTO_LAZY_AFTER`] nodes and the lowest
//!    open `f` exceeds the root estimate, popped nodes are also scored by a full LM-cut and
//!    put back if their bound rises (lazy A*); their children inherit the bound through
//!    LM-cut's cost partition. From the 8th to the 64th such evaluation, evaluation stops
//!    for the rest of the search when it does not pay (see `AUTO_SAMPLE` in `search.rs`);
//!    once started and not stopped then, every popped node is scored. After those 64
//!    (with [`Heuristic::LmCut`], from the first), a node's LM-cut is *incremental*
//!    (Pommerening & Helmert 2013): the landmarks of the parent that the node's action is
//!    in none of are still landmarks, so it starts from them, paid for at their costs,
//!    and cuts only in what they leave: one h_max exploration and a few cuts instead of
//!    one per landmark. Its sum is as admissible (one cost partition over the inherited
//!    and the new landmarks), differs from a fresh LM-cut a little either way, and costs
//!    about half (blocksworld-8: 10.6 → 6.2 ms, 779 → 744 expansions).
//! 4. **Integer variables** (domains that declare them only). Numeric reachability prunes
//!    actions whose variable conditions no reachable value meets; the estimate adds
//!    cost-partitioned per-variable projections (of the goal's variable conditions and of
//!    unused singleton landmarks' variable conditions) to the boolean estimate and takes the
//!    larger of that and the full-cost projections and a linear potential from a small LP
//!    (see `numeric.rs` and `potential.rs`). A goal value no projection reaches is
//!    [`Outcome::NoPlan`] without search.
//!
//!    Every estimate used is admissible, so every mode returns optimal plans: there is no
//!    non-optimal mode yet. Known weakness: on unsolvable tasks that relaxed reachability
//!    cannot prove unsolvable, every state is expanded anyway and `Auto` may pay LM-cut on
//!    each (several times [`Heuristic::Blind`]'s time).
//!
//! # Tie-breaking (deterministic)
//! The open list orders nodes by lowest `f = g + h`, then lowest `h` (compared to about
//! 1e-6 relative: the upper half of its bits), then earliest insertion (a 32-bit counter
//! that wraps after 2^32 insertions). A node put back after a lazy evaluation raised its
//! bound counts as inserted anew, except that a raised node still tying the best open
//! entry on `f` and `h` is expanded at once. Successors are generated in action
//! registration order. After 256 expansions, a uniform-cost or root-landmark search whose
//! costs are whole numbers prefers the newest node among equal keys: equal `g` (uniform
//! cost); equal `f` and `h` (the landmark search's ring of queues); equal `f` (a landmark
//! search with more than 4,096 (`f`, `h`) pairs). In the tight loop a node's insertion is
//! its creation. A walk down an exact table (step 0) takes, at each state, the first
//! action in registration order that leads exactly its cost nearer the goal (ties on cost:
//! fewer actions first), so between plans of equal cost it may pick another than A\* would.
//! No decision depends on time, addresses or thread count, so the same
//! domain (same registration order), start, goal and options give the same plan on every
//! run and platform.
//!
//! # Backward search
//! [`Direction::Backward`] runs a regression A\* instead (`backward.rs`): from the goal,
//! over *subgoals* (sets of `fact = value` literals), towards the start state. An action is
//! relevant to a subgoal when it achieves one of its literals and contradicts none; the
//! regressed subgoal is the subgoal minus the action's effects plus its preconditions,
//! dropped when inconsistent. The estimate is h_max computed once, forward from the start
//! (per literal, with the search's costs): a subgoal's is the largest over its literals,
//! admissible and consistent; [`Heuristic::Blind`] makes it 0 (uniform-cost), every other
//! heuristic means h_max. Subgoals that make two facts of an *at-most-one invariant* true
//! (found from the actions and checked against the start state: a truck in two places) are
//! dropped. Plans are optimal (costs equal the forward search's; with ties the plan may
//! differ), tie-breaking is deterministic as above, and [`ActionContext`], `max_nodes`
//! ([`Outcome::LimitReached`], counting stored subgoals), memory limits and
//! [`Planner::begin`]/[`Planner::resume`] (same result and counts in slices) all apply.
//! [`SearchStats::backward`] tells which direction ran.
//!
//! *Restriction:* where an action's preconditions or effects or the goal name an integer
//! variable, the search runs forward whatever the direction asks (regression through
//! bounded `+=`/`-=` with the overflow rules is not implemented); variables nothing uses do
//! not matter.
//!
//! *When it pays:* on domains with many ground actions of which few can matter for a goal
//! of one fact, where forward search branches over every truck's moves. In the `direction`
//! benchmark (logistics, 456 to 101,760 actions; one run, medians) backward was 2 to 82
//! times faster on every one-package goal (forward hit a 200,000-node limit on the
//! largest) and 2.3 times on a 128-step chain, but 1.7 to 14 times slower with two
//! packages and 29 times slower on a blocksworld-8 goal of one fact: h_max is weak on
//! conjunctive subgoals. The rule the logistics figures suggest (one open goal fact, over
//! 1,000 actions) fails on blocksworld-24 with one goal fact (1,152 actions): forward
//! plans in 7 ms, backward stops at the 200,000-node limit. No cheap test seen before
//! searching separates these cases, so [`Direction::Auto`] runs both, in turns:
//!
//! *The portfolio:* with [`Direction::Auto`], where the backward search applies (no
//! integer variable used), the search runs forward; a search whose forward part has
//! generated [`AUTO_BACKWARD_AFTER`] successors without deciding starts the backward
//! search beside it, provided the forward search branches more (successors generated per
//! expansion so far) than the backward search's root would (the enabled actions with an
//! effect on a goal fact and none against one); otherwise the forward search goes on
//! alone, as [`Direction::Forward`]. (Where forward branches less its tree is the smaller
//! one to the same depth; gripper and blocksworld are such domains, where the backward
//! search only ever doubled or tripled the time, while one-package logistics forward
//! generates hundreds of successors per expansion against a root of a few.) The two
//! alternate, each keeping its memory and running until its
//! own [`SearchStats::generated`] (the measure of work: on domains with many actions one
//! forward expansion generates hundreds of successors, a backward one a few) reaches a
//! target: backward to `AUTO_BACKWARD_AFTER`, forward to `2 ×`, backward to `2 ×`, forward
//! to `4 ×`, and so on. The first to decide ends the search: both are optimal, so the cost
//! is the optimum, and a proof that no plan exists from either is final. Turns end at
//! counts only, never on time, so the same inputs give the same plan and counts, in one
//! call or in slices. A slice's node budget ([`SearchBudget::max_expansions`]) counts a
//! backward expansion as the forward expansions that generate as many successors, so that
//! a slice takes about as long whichever direction runs (a backward expansion may generate
//! ten times a forward one's successors, or a hundredth of them). Searches that end before
//! the forward search has generated `AUTO_BACKWARD_AFTER` successors are exactly the
//! forward search; the others do at most about three times the work (in successors
//! generated) of the direction that decides.
//! `max_nodes` applies to each direction alone (so a portfolio search may store up to
//! twice it): when one stops at its limit or runs out of memory, the other goes on alone,
//! and the search ends with [`Outcome::LimitReached`] (or [`Outcome::OutOfMemory`], the
//! forward search's first) only when both have stopped. In [`SearchStats`], `expanded`,
//! `generated`, `stored` and `reopened` are both searches' sums, `evaluations` and
//! `raised` the forward search's, the pruning counts and `initial_h` those of the search
//! that decided, and `backward` tells whether the backward search decided. In the
//! `direction` benchmark (three runs, medians) the portfolio took 1.0 to 1.1 times the
//! forward search's time on the blocksworld, gripper and chain controls and the small
//! logistics cases that end before it starts, 1.6 times on a two-package case the forward
//! search decides after it started, and 0.1 and 0.7 times the forward search's on the two
//! one-package logistics cases where backward wins late (101,760 actions: 14 ms against
//! 149 ms and a stop at the node limit; backward alone 3 ms). Where both directions stop
//! at the node limit it does both searches' work.
//!
//! # Costs
//! Costs are `f64`, finite and ≥ 0; zero and fractional costs are planned optimally.
//! Plan costs are exact `f64` sums in plan order. Heuristic values are sums of up to one
//! rounded term per landmark, so two plans whose costs differ by less than that rounding
//! (a few ulp per landmark: around 1e-14 relative) may be taken for equal.

mod backward;
mod context;
mod lmcut;
mod numeric;
mod partition;
mod potential;
mod queue;
mod relaxed;
mod search;

use std::sync::Arc;
use std::time::Duration;

use crate::domain::{ActionId, Domain, Goal};
use crate::state::WorldState;

pub use crate::memory::{max_table_bytes, set_max_table_bytes, OutOfMemory, MAX_TABLE_BYTES};
pub use context::ActionContext;
pub(crate) use search::TableStore;
pub use search::{
    AUTO_BACKWARD_AFTER, AUTO_LAZY_AFTER, BOUNDED_MAX_STATES, EXACT_MAX_FACTS, EXACT_MAX_STATES,
    EXACT_MAX_WORK, EXACT_TABLES, PROBE_EXPANSIONS, PROBE_MAX_ACTIONS, SHARED_EXACT_TABLES,
};

/// Which admissible heuristic guides the search. All of them return optimal plans; they
/// differ in speed only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// The default. Small tasks walk an exact goal-distance table (see the module
    /// documentation, "Algorithm", step 0). Other domains without integer variables of at
    /// most [`PROBE_MAX_ACTIONS`] actions first run a uniform-cost probe of at most
    /// [`PROBE_EXPANSIONS`] expansions with no setup at all (most game searches end there,
    /// for less than a heuristic's setup costs); then, or at once with variables, pruning,
    /// root landmarks and lazy LM-cut once the search grows large.
    #[default]
    Auto,
    /// LM-cut computed for every node when it is first popped; incremental (it starts from
    /// the landmarks of the node's parent that its action is in none of).
    LmCut,
    /// Only the root-landmark estimate (cheapest per node).
    Landmarks,
    /// h_max for every node (weaker; for comparison).
    HMax,
    /// No heuristic: uniform-cost search, with the same probe as [`Heuristic::Auto`]
    /// and then over the actions pruning keeps.
    Blind,
}

impl Heuristic {
    /// Every heuristic, default first.
    pub const ALL: [Heuristic; 5] = [
        Heuristic::Auto,
        Heuristic::LmCut,
        Heuristic::Landmarks,
        Heuristic::HMax,
        Heuristic::Blind,
    ];
}

/// Which way the search runs. Both directions return minimum-cost plans (equal costs; with
/// ties they may pick different plans). See the module documentation, "Backward search".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Direction {
    /// The default: forward, then both directions in turns. The search runs forward; where
    /// the backward search applies (no integer variables used) and the forward search has
    /// not decided within [`AUTO_BACKWARD_AFTER`] generated successors, and branches more
    /// than the backward search's root would, the backward search starts and the two
    /// alternate with doubling budgets until one decides (see the module documentation,
    /// "Backward search"). Deterministic; searches that end early are
    /// exactly [`Direction::Forward`]'s. [`SearchStats::backward`] tells which decided.
    #[default]
    Auto,
    /// Forward A* from the start state (the planner described above).
    Forward,
    /// Backward (regression) A* from the goal over partial states. Domains with integer
    /// variables are searched forward all the same ([`SearchStats::backward`] tells).
    Backward,
}

impl Direction {
    /// Every direction, default first.
    pub const ALL: [Direction; 3] = [Direction::Auto, Direction::Forward, Direction::Backward];
}

/// Limits and choices for one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlanOptions {
    /// Maximum number of search nodes (distinct states) stored. When the search needs more
    /// it stops with [`Outcome::LimitReached`]. Default [`PlanOptions::DEFAULT_MAX_NODES`].
    pub max_nodes: u32,
    /// The heuristic. Default [`Heuristic::Auto`]. The backward search uses h_max
    /// whatever this says, except that [`Heuristic::Blind`] makes it uniform-cost.
    pub heuristic: Heuristic,
    /// The search direction. Default [`Direction::Auto`].
    pub direction: Direction,
}

impl PlanOptions {
    /// Default node limit: one million states. A stored state costs about
    /// `8 × ⌈facts / 64⌉ + 8 × ⌈landmarks / 64⌉ + 170` bytes (packed state, landmark set,
    /// node record, hash-table share, open-list entries; with LM-cut, up to 128 more for
    /// inherited cost partitions and 64 for the landmark lists children start from), so
    /// the limit bounds a search to roughly 200–300 MB for a
    /// 64-fact domain and about 500 MB for 2,000 facts; lower it where that matters. A
    /// [`Planner`] keeps its grown buffers for reuse until it is dropped.
    pub const DEFAULT_MAX_NODES: u32 = 1_000_000;
}

impl Default for PlanOptions {
    fn default() -> Self {
        PlanOptions {
            max_nodes: Self::DEFAULT_MAX_NODES,
            heuristic: Heuristic::Auto,
            direction: Direction::Auto,
        }
    }
}

/// How much of a search one call of [`Planner::resume`] may run. A search stops between
/// two expansions once either limit is reached (at least one node is expanded per call)
/// and continues from there on the next call. The setup [`Planner::begin`] does is not
/// sliced: pruning, the root landmarks, and on a key's first search on the planner the
/// build of its exact table (see "Algorithm", step 0: at most about 1.5 ms on the build
/// machine, once per key).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchBudget {
    /// Nodes to expand in this call; 0: no limit. Once a [`Direction::Auto`] search runs
    /// the backward search beside the forward one, a backward expansion counts as the
    /// forward expansions that generate as many successors (so slices keep about the same
    /// length; see the module documentation, "Backward search").
    pub max_expansions: u64,
    /// Wall-clock time for this call, checked every 16 expansions; `None`: no limit. A
    /// time budget changes where slices end, never the plan, its cost or the node counts.
    pub max_time: Option<Duration>,
}

impl SearchBudget {
    /// No limit: the search runs to its end.
    pub const UNLIMITED: SearchBudget = SearchBudget {
        max_expansions: 0,
        max_time: None,
    };

    /// At most `n` expansions (0: no limit).
    pub fn expansions(n: u64) -> Self {
        SearchBudget {
            max_expansions: n,
            max_time: None,
        }
    }
}

/// Where one call's slice of a search stops: once `stats.expanded` reaches `stop_at`, or
/// once the time limit has passed (checked every 16 expansions after the first, so a call
/// expands at least one node and reads the clock rarely). One rule for every search loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SliceEnd {
    first: u64,
    stop_at: u64,
    clock: Option<(std::time::Instant, Duration)>,
}

impl SliceEnd {
    /// A slice starting at `expanded` nodes that stops at `stop_at` or after `time`.
    pub(crate) fn new(expanded: u64, stop_at: u64, time: Option<Duration>) -> Self {
        SliceEnd {
            first: expanded,
            stop_at,
            clock: time.map(|limit| (std::time::Instant::now(), limit)),
        }
    }

    /// The slice `budget` allows from `expanded` nodes on.
    pub(crate) fn of(budget: &SearchBudget, expanded: u64) -> Self {
        let stop_at = match budget.max_expansions {
            0 => u64::MAX,
            n => expanded.saturating_add(n),
        };
        SliceEnd::new(expanded, stop_at, budget.max_time)
    }

    /// True when a search that has expanded `expanded` nodes must stop here.
    pub(crate) fn reached(&self, expanded: u64) -> bool {
        expanded >= self.stop_at
            || self.clock.is_some_and(|(t0, limit)| {
                expanded > self.first && (expanded - self.first) % 16 == 0 && t0.elapsed() >= limit
            })
    }
}

/// A plan: actions in execution order and their total cost.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// Actions in order.
    pub actions: Vec<ActionId>,
    /// Sum of the actions' costs.
    pub cost: f64,
}

impl Plan {
    /// A plan of `actions` with their `costs` (per action id) summed in plan order, as
    /// every search reports it.
    pub(crate) fn priced(actions: Vec<ActionId>, costs: &[f64]) -> Plan {
        let cost = actions.iter().map(|a| costs[a.index()]).sum();
        Plan { actions, cost }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A minimum-cost plan (empty when the start state satisfies the goal).
    Found(Plan),
    /// The goal cannot be reached from the start state.
    NoPlan,
    /// The node limit stopped the search before it could decide.
    LimitReached,
    /// A table the domain or the search needed could not be allocated (see
    /// [`max_table_bytes`]): the search stopped before it could decide, and nothing was
    /// aborted. The error names the table and its size.
    OutOfMemory(OutOfMemory),
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Nodes expanded (successors generated).
    pub expanded: u64,
    /// Successor states generated (including duplicates).
    pub generated: u64,
    /// Distinct states stored.
    pub stored: u64,
    /// Nodes re-opened because a cheaper path was found.
    pub reopened: u64,
    /// Full heuristic (LM-cut or h_max) evaluations.
    pub evaluations: u64,
    /// Full evaluations that raised a node's bound (it was put back in the open list).
    pub raised: u64,
    /// Actions kept after pruning.
    pub actions_kept: u32,
    /// Actions pruned as unreachable or irrelevant.
    pub actions_pruned: u32,
    /// Heuristic value of the start state (0 when unknown: blind search, or a search that
    /// ended within the heuristic-free probe, see [`PROBE_EXPANSIONS`]; the optimal cost
    /// when the search walked an exact table).
    pub initial_h: f64,
    /// Wall-clock time of the call. Not measured for a search that ends within the probe
    /// (see [`PROBE_EXPANSIONS`]) when run whole by [`Planner::plan`] or
    /// [`Planner::plan_in`] (which agents and batches use): zero. Such a search takes at
    /// most a few microseconds, and reading the clock twice cost about a fifth of it
    /// (45 of 250 ns on gpgoap-example). A search that goes on past the probe is timed from
    /// its setup on, leaving the probe's expansions out. [`Planner::begin`] and
    /// [`Planner::resume`] time every call.
    pub elapsed: Duration,
    /// The backward (regression) search decided: asked for with [`Direction::Backward`],
    /// or the one of [`Direction::Auto`]'s two searches that finished first (then the
    /// counts are both searches' sums). Its `stored` counts subgoals (partial states).
    pub backward: bool,
}

/// The result of [`Planner::plan`].
#[derive(Clone, Debug, PartialEq)]
pub struct PlanResult {
    /// How the search ended.
    pub outcome: Outcome,
    /// Statistics.
    pub stats: SearchStats,
}

impl PlanResult {
    /// The plan, if one was found.
    pub fn plan(&self) -> Option<&Plan> {
        match &self.outcome {
            Outcome::Found(p) => Some(p),
            _ => None,
        }
    }
}

/// A reusable planner. It keeps its search memory between calls, so planning many times
/// with one `Planner` allocates nothing but the returned plan once the buffers have grown
/// to the largest search (`tests/allocations.rs`), integer variables included.
/// A `Planner` is `Send` but used by one thread at a time (`&mut self`). Making one
/// allocates nothing: its memory is allocated by its first search.
#[derive(Debug, Default)]
pub struct Planner {
    /// Boxed: a planner is moved around (pools, hosts) far more often than it is created;
    /// `None` until the first search (so an empty planner, as `std::mem::take` leaves
    /// behind, costs nothing).
    search: Option<Box<search::Search>>,
    /// Exact tables shared with other planners (a world's pool), if any.
    tables: Option<Arc<TableStore>>,
}

impl Planner {
    /// A planner with empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// A planner that shares its exact tables through `store` (see [`TableStore`]).
    pub(crate) fn sharing(store: &Arc<TableStore>) -> Self {
        Planner {
            search: None,
            tables: Some(Arc::clone(store)),
        }
    }

    /// The search state, made on first use.
    fn search(&mut self) -> &mut search::Search {
        let tables = &self.tables;
        self.search.get_or_insert_with(|| {
            let mut search = Box::<search::Search>::default();
            search.share_tables(tables.clone());
            search
        })
    }

    /// Finds a minimum-cost plan from `start` to a state satisfying `goal`.
    ///
    /// Facts set in `start` beyond the domain's facts are ignored; variables `start` does
    /// not set take their defaults, and values outside a variable's range are clamped into
    /// it (the checked entry points reject them). `goal` must only name facts and variables
    /// of `domain` (see [`Domain::conditions_with`]); conditions on unknown facts are
    /// treated as unreachable when true and as satisfied when false, and a condition on an
    /// unknown variable makes the goal unreachable.
    pub fn plan(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
    ) -> PlanResult {
        self.search()
            .run(domain, start, goal, options, &ActionContext::default())
    }

    /// [`Planner::plan`] with some actions disabled or costed differently (an agent's
    /// context). The plan is optimal for the changed costs and never uses a disabled
    /// action; its `cost` sums the changed costs. Entries for action ids the domain does
    /// not have are ignored.
    pub fn plan_in(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> PlanResult {
        self.search().run(domain, start, goal, options, context)
    }

    /// Begins a search that [`Planner::resume`] runs in slices, so that a long search can
    /// be spread over frames. The setup (pruning, root landmarks) runs here; the arguments
    /// are as for [`Planner::plan_in`] and are copied or shared (the domain's compiled form
    /// is kept by `Arc`), so the caller may drop or change them afterwards: the search
    /// keeps planning for the inputs it began with. A search already in progress is
    /// dropped. [`Planner::plan`] and [`Planner::plan_in`] also drop it.
    pub fn begin(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) {
        self.search().begin(domain, start, goal, options, context);
    }

    /// Runs the search begun with [`Planner::begin`] within `budget`. Returns its result
    /// once it ends, and `None` while it is in progress (or when no search was begun: see
    /// [`Planner::is_searching`]).
    ///
    /// Slicing is invisible in the result: the plan, its cost and every count in
    /// [`SearchStats`] equal those of the same search run in one call; only
    /// [`SearchStats::elapsed`] (the time spent in `begin` and every `resume`) differs.
    pub fn resume(&mut self, budget: &SearchBudget) -> Option<PlanResult> {
        self.search.as_mut()?.resume(budget)
    }

    /// True between [`Planner::begin`] and the [`Planner::resume`] that returns the result.
    pub fn is_searching(&self) -> bool {
        self.progress().is_some()
    }

    /// The statistics so far of the search in progress (`expanded` counts every slice).
    pub fn progress(&self) -> Option<&SearchStats> {
        self.search.as_ref()?.progress()
    }

    /// True when a search of these inputs (as for [`Planner::plan_in`]) walks an exact
    /// goal-distance table: a small task under the default options (see "How the planner
    /// works" in the README). A walk costs about what a plan cache lookup does, so the
    /// world's cache skips such searches. Depends on the inputs only; works out the key's
    /// projection if this planner has not yet, and leaves a search in progress alone.
    pub(crate) fn walks_table(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> bool {
        self.search()
            .walks_table(domain, start, goal, options, context)
    }

    /// Drops the search in progress; its buffers stay for the next search.
    pub fn cancel(&mut self) {
        if let Some(search) = &mut self.search {
            search.cancel();
        }
    }
}

/// Plans once with a fresh [`Planner`] and default options.
pub fn plan(domain: &Domain, start: &WorldState, goal: &Goal) -> PlanResult {
    Planner::new().plan(domain, start, goal, &PlanOptions::default())
}

/// The LM-cut estimate of the cost from `state` to `goal`'s facts with the domain's action
/// costs: a lower bound on the cost of any plan (its variable conditions are not counted).
/// It is the full LM-cut: the default search caps its root LM-cut's work on long chains,
/// so its `initial_h` can be lower. `f64::INFINITY` when a goal fact cannot
/// be reached even ignoring delete effects (then no plan exists), 0 when `state` has
/// every goal fact. For debugging views (search traces) and tests; a search computes it
/// itself.
pub fn lmcut_estimate(
    domain: &Domain,
    state: &WorldState,
    goal: &Goal,
) -> Result<f64, OutOfMemory> {
    let c = domain.compiled()?;
    let facts = domain.fact_count();
    let mut goal_atoms = Vec::new();
    for g in goal.entries() {
        if g.fact.index() >= facts {
            if g.value {
                return Ok(f64::INFINITY);
            }
            continue;
        }
        goal_atoms.push(crate::domain::compiled::atom(g.fact.0, g.value));
    }
    let mut words = vec![0u64; c.words];
    for (i, w) in state.words().iter().take(c.words).enumerate() {
        words[i] = *w;
    }
    let mut relaxed = relaxed::Relaxed::default();
    relaxed.prepare(c, &goal_atoms);
    Ok(relaxed.lmcut(c, &words, None))
}
