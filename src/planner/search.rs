//! A* over packed states. All memory lives in [`Search`] and is reused between calls:
//! states and landmark sets sit in flat arenas, the closed/open index is an open-addressing
//! table of node ids stamped per search (so it is never cleared), and the open list is a
//! binary heap of plain keys.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;
use std::time::Instant;

use super::backward::Backward;
use super::lmcut::Landmarks;
use super::numeric::{self, Numeric};
use super::partition::{LandmarkArena, Partitions, Stored, StoredLandmarks};
use super::relaxed::Relaxed;
use super::SliceEnd;
use super::{
    ActionContext, Direction, Heuristic, Outcome, Plan, PlanOptions, PlanResult, SearchBudget,
    SearchStats,
};
use crate::domain::compiled::{atom, CompiledDomain};
use crate::domain::{ActionId, Domain, Goal};
use crate::memory::{reserve, OutOfMemory};
use crate::state::WorldState;

mod exact;

pub use exact::{
    TableStore, BOUNDED_MAX_STATES, ENTRIES as EXACT_TABLES, EXACT_MAX_FACTS, EXACT_MAX_STATES,
    EXACT_MAX_WORK, SHARED_ENTRIES as SHARED_EXACT_TABLES,
};

mod setup_cache;
mod successor;
mod table;
mod tight;

use table::hash_words;
use tight::{ActionSet, LandmarkSet, Stop, Tight, Until};

/// With [`Heuristic::Auto`] on domains without integer variables, the root LM-cut stops
/// before its next cut once it has done this much work per action that can matter for the
/// goal (plus [`ROOT_LMCUT_WORK_BASE`]); its work counts the h_max updates its cuts set
/// off (each attempt to lower an atom's cost) and the goal-zone atoms it visited. The cuts found by then are landmarks all the
/// same, with an admissible (lower) sum. On the sample domains and generated families the
/// root LM-cut does 5–15 units per relevant action, except long chains, where it takes one
/// cut per step and each cut redoes h_max along the chain (chain-16 26, chain-128 194):
/// there the full root LM-cut cost ten times the search it guided. The cap is a node- and
/// work-count decision, so it is deterministic.
const ROOT_LMCUT_WORK_PER_ACTION: u64 = 16;

/// See [`ROOT_LMCUT_WORK_PER_ACTION`].
const ROOT_LMCUT_WORK_BASE: u64 = 64;

/// With [`Heuristic::Auto`] on domains with integer variables, the number of expansions
/// after which nodes are also scored by a full LM-cut, provided the search has shown the
/// root estimate to be too low (the lowest open `f` exceeds it). Searches that finish
/// sooner never pay for LM-cut. (Without variables the threshold is 256 expansions after
/// the probe: there the root-landmark search runs in a loop cheap enough to go on longer.)
pub const AUTO_LAZY_AFTER: u64 = 64;

/// With [`Heuristic::Auto`] on domains without integer variables, the number of
/// expansions of the root-landmark search in the tight loop (after the probe) after which
/// a popped node whose `f` exceeds the root estimate moves the search to the full loop
/// with LM-cut evaluations. The full loop starts again from the root, so this also bounds
/// the work that move throws away.
const AUTO_ESCALATE_AFTER: u64 = 256;

/// With [`Heuristic::Auto`], how many LM-cut evaluations of popped nodes (the root's does
/// not count) are watched before deciding whether they pay. Evaluation stops for the rest of the search when, on average, they
/// raised a node's bound by less than the cheapest action's cost, or when more than half of
/// the nodes they raised were expanded anyway.
const AUTO_SAMPLE: u64 = 8;

/// Domains with at most this many actions skip relevance pruning: on them the analysis
/// costs more than the successors it saves.
const RELEVANCE_MIN_ACTIONS: usize = 16;

/// With [`Heuristic::Auto`], evaluation is only ever stopped within this many LM-cut
/// evaluations: stopping later would leave many LM-cut-scored nodes beside unscored ones,
/// an inconsistent mix that makes A* re-open nodes. Until then evaluations are plain
/// LM-cut (about twice the cost of the incremental ones that follow): on the sample
/// domains and blocksworld-8 seeds every stop came within 31 evaluations, and a window of
/// 256 made blocksworld-8's default search 20% slower and its slices of 100 nodes uneven
/// (the longest 2.1× the median, against 1.35× with 64).
const AUTO_DECIDE_WITHIN: u64 = 64;

/// With [`Heuristic::Auto`] and [`Heuristic::Blind`] on domains of at most
/// [`PROBE_MAX_ACTIONS`] actions and no integer variables, the number of expansions of the
/// setup-free uniform-cost probe that comes first. On such small domains the setup
/// (pruning, the root's LM-cut) costs more than most searches, which end within the probe;
/// a search that does not is set up and started again, having lost at most this many
/// expansions.
pub const PROBE_EXPANSIONS: u64 = 32;

/// The most actions a domain may have for [`PROBE_EXPANSIONS`]' probe. On larger domains
/// uniform-cost search branches too widely for the probe to end most searches (in the
/// soldier benchmark it cost a quarter more work than it saved), so the setup comes first.
pub const PROBE_MAX_ACTIONS: usize = 20;

/// With [`Direction::Auto`] on a task the backward search can take (no action and not the
/// goal names an integer variable), the number of successors the forward search generates
/// ([`SearchStats::generated`], its measure of work: on domains with many actions an
/// expansion generates hundreds) after which the backward search starts beside it. The two
/// then alternate, each running until its own `generated` reaches a target: backward to
/// this count, forward to twice it, backward to twice it, forward to four times it, and so
/// on; the first to decide ends the search. Searches that end before the forward search
/// has generated this many successors are exactly [`Direction::Forward`]'s.
pub const AUTO_BACKWARD_AFTER: u64 = 16_384;

const NONE: u32 = u32::MAX;
const NOT_OPEN: u32 = u32::MAX;
/// Marks a node whose full heuristic has not been computed.
const UNEVALUATED: f64 = -1.0;

#[derive(Clone, Copy, Debug)]
struct Node {
    g: f64,
    /// Root-landmark estimate of this node's best-known paths.
    h_la: f64,
    /// Full heuristic of the state, or [`UNEVALUATED`].
    h_full: f64,
    parent: u32,
    action: u32,
    /// Sequence number of the node's live open-list entry, or [`NOT_OPEN`].
    open_seq: u32,
    /// Where this node's LM-cut cost partition is kept, if it was evaluated and re-queued.
    partition: Option<Stored>,
    /// Where this node's LM-cut landmarks are kept, if it was evaluated (for its
    /// children's LM-cut to start from).
    landmarks: Option<StoredLandmarks>,
    /// Bound inherited from an evaluated parent's LM-cut landmarks.
    h_inh: f64,
    /// An LM-cut evaluation raised this node's bound and re-queued it.
    raised: bool,
    closed: bool,
}

impl Node {
    /// The boolean estimate (see [`Search::h`] for the whole one).
    fn h_bool(&self) -> f64 {
        self.h_la.max(self.h_full).max(self.h_inh)
    }
}

/// Open-list entry: `(key, node)`, popped lowest key first. The key orders by lowest f,
/// then lowest h (its upper 32 bits, which order non-negative doubles), then earliest push
/// (a 32-bit sequence number, also the entry's identity: see `Node::open_seq`).
type Entry = Reverse<(u128, u32)>;

#[inline]
fn open_key(f: f64, h: f64, seq: u32) -> u128 {
    (u128::from(f.to_bits()) << 64) | (u128::from(h.to_bits() >> 32) << 32) | u128::from(seq)
}

#[derive(Debug, Default)]
pub(crate) struct Search {
    relaxed: Relaxed,
    landmarks: Landmarks,
    /// Words per landmark set.
    lm_words: usize,
    /// Per active-list position, the landmarks the action belongs to.
    action_lm: Vec<u64>,
    /// Actions kept after pruning, in registration order.
    active: Vec<u32>,
    /// Their masks (pre-true, pre-false, add, delete; `words` each) and costs.
    amask: Vec<u64>,
    acost: Vec<f64>,
    states: Vec<u64>,
    hits: Vec<u64>,
    nodes: Vec<Node>,
    hashes: Vec<u64>,
    /// Slots: `stamp << 32 | node`; a slot whose stamp is not `stamp` is empty.
    table: Vec<u64>,
    stamp: u32,
    open: BinaryHeap<Entry>,
    child: Vec<u64>,
    child_hit: Vec<u64>,
    goal_pos: Vec<u64>,
    goal_neg: Vec<u64>,
    goal_atoms: Vec<u32>,
    start: Vec<u64>,
    seq: u32,
    /// Action id → position in `active` (or `NONE`).
    active_pos: Vec<u32>,
    /// Landmarks of the node being evaluated.
    node_lms: Landmarks,
    /// A node's whole landmark list (inherited and found) while it is evaluated.
    full_lms: Landmarks,
    /// The landmark lists of evaluated nodes.
    lm_arena: LandmarkArena,
    /// LM-cut cost partitions for inherited bounds.
    partitions: Partitions,
    /// Words per stored state: fact words, then variable words.
    state_len: usize,
    /// Integer variables: goal test, pruning and estimate.
    numeric: Numeric,
    /// The numeric estimate is in use (variable subgoals, not blind search).
    numeric_estimate: bool,
    /// Per node when `numeric_estimate`: the numeric estimates `(split, full)` (see
    /// `numeric`). Kept beside the nodes so boolean searches do not pay for them.
    node_num: Vec<(f64, f64)>,
    /// The domain with an action context's costs, kept for its buffers.
    costed: Option<CompiledDomain>,
    /// The search begun and not yet finished.
    phase: Phase,
    /// Why the search's last allocation failed.
    oom: Option<OutOfMemory>,
    /// The tight loop: the probe, blind search, root-landmark A*.
    tight: Tight,
    /// The probe runs on `amask`, `acost` and `active` (some actions are disabled), not
    /// on the compiled domain's own masks.
    probe_copy: bool,
    /// The search's disabled actions (kept for the setup that follows a probe).
    disabled: Vec<ActionId>,
    /// Scratch: the goal facts' achievers and the disabled actions' ids, sorted (see
    /// [`Search::backward_may_pay`]).
    achievers: Vec<u32>,
    off: Vec<u32>,
    /// Setup buffers: the goal's variables, the root's singleton landmarks on variables.
    var_scratch: Vec<usize>,
    singletons: Vec<(u32, u32)>,
    /// The goals' relevant actions and projections, kept between searches.
    setup_cache: setup_cache::SetupCache,
    /// The cache entry of the search being set up.
    setup_slot: usize,
    /// `amask` holds the masks of the actions in `active` (the full loop and an
    /// unprojected tight loop need them; a projected tight loop does not).
    amask_ready: bool,
    /// The tight loop runs on the projection (see [`Projection`]).
    projected: bool,
    /// With `projected`: every relevant action is kept, so the loop reads the setup cache
    /// entry's rows ([`setup_cache::Projected::rows`]) instead of `proj.masks`.
    proj_shared: bool,
    proj: Projection,
    /// The backward search's memory.
    backward: Backward,
    /// Exact goal-distance tables of small tasks, kept between searches.
    exact: exact::ExactCache,
    /// The plan of a walk down one ([`Stage::Exact`]) so far.
    exact_plan: Vec<ActionId>,
}

/// The kept actions and the start over the facts the search must tell apart: the goal's
/// and the relevant actions' preconditions' (the projection of the setup cache entry,
/// which also holds the goal). A fact that only appears in effects never decides what
/// applies or whether the goal holds, so states that differ only in such facts have the
/// same futures and are one state for the tight loop.
#[derive(Debug, Default)]
struct Projection {
    /// Per kept action, four masks of the projection's words (as `Search::amask`).
    masks: Vec<u64>,
    start: Vec<u64>,
}

/// Where the search begun by [`Search::begin`] stands.
#[derive(Debug, Default)]
#[allow(clippy::large_enum_variant)] // `Search` is boxed; boxing `Running` would allocate.
enum Phase {
    /// None begun, or its result was returned.
    #[default]
    Idle,
    /// The setup decided it without search.
    Decided(PlanResult),
    /// Between two calls of [`Search::resume`].
    Running(Running),
}

/// A search in progress: what the loop needs besides the arenas.
#[derive(Debug)]
struct Running {
    /// The compiled domain (shared with the domain and its clones), while the search is
    /// kept between calls (`None` while it runs: [`Search::run`] never keeps it).
    base: Option<Arc<CompiledDomain>>,
    /// The search reads `Search::costed`, `base` with an action context's costs.
    costed: bool,
    options: PlanOptions,
    stage: Stage,
    /// The forward search's statistics (with [`Portfolio::On`], the two searches' sum is
    /// kept in [`Alternation::shown`]).
    stats: SearchStats,
    portfolio: Portfolio,
}

/// [`Direction::Auto`]'s portfolio of the forward and the backward search (see
/// [`AUTO_BACKWARD_AFTER`]). Not boxed, so that repeated portfolio searches allocate
/// nothing once the buffers have grown.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Portfolio {
    /// Forward only.
    Off,
    /// Forward until it has expanded [`AUTO_BACKWARD_AFTER`] nodes.
    Waiting,
    /// Both searches, alternating.
    On(Alternation),
}

/// The two searches of a [`Portfolio::On`].
#[derive(Debug)]
struct Alternation {
    /// The backward search's statistics.
    bw: SearchStats,
    /// The sum of both searches' (what [`Search::progress`] shows).
    shown: SearchStats,
    /// The `generated` count the direction whose turn it is runs to.
    target: u64,
    /// It is the backward search's turn.
    bw_turn: bool,
    /// A search that stopped without deciding (node limit, memory): its outcome.
    fw_failed: Option<Outcome>,
    bw_failed: Option<Outcome>,
    /// The backward search decided.
    bw_won: bool,
}

/// Which loop a search in progress runs.
#[derive(Debug)]
enum Stage {
    /// The uniform-cost probe over every enabled action, before any setup: up to
    /// [`PROBE_EXPANSIONS`] expansions.
    Probe,
    /// Tight-cost search over the actions pruning kept ([`Heuristic::Blind`] after the
    /// probe).
    Tight,
    /// [`Heuristic::Auto`] on a task whose groups leave few states but too many facts for
    /// an exact table (see [`exact::BOUNDED_MAX_STATES`]): uniform-cost search over the
    /// actions pruning kept, set up without the root LM-cut, for up to this many
    /// expansions; then the search is set up as usual and starts again.
    Bounded(u64),
    /// A* with the root-landmark estimate in the tight loop ([`Heuristic::Auto`] after the
    /// probe, until LM-cut evaluations may pay).
    Landmarks(Evaluator),
    /// A* with the heuristic ([`Search::expand`]).
    AStar(Evaluator),
    /// The backward search ([`Backward::expand`]).
    Backward,
    /// A walk down a small task's exact goal-distance table (see `exact.rs`): one
    /// expansion per action of the plan.
    Exact(exact::Walk),
}

/// The exact-table paths a search may take ([`Search::exact_path`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExactPath {
    /// Walk the key's table.
    Table,
    /// Uniform-cost search for at most these states (plus one) first ([`Stage::Bounded`]).
    Bounded(usize),
    Neither,
}

/// When the loop scores popped nodes with a full heuristic: the evaluator policy and the
/// evidence it has gathered so far.
#[derive(Clone, Copy, Debug)]
struct Evaluator {
    /// Expansions before full evaluation may start (`u64::MAX`: never).
    lazy_from: u64,
    /// The full heuristic is h_max (else LM-cut).
    full_is_hmax: bool,
    /// Full evaluation is still allowed.
    lazy_on: bool,
    /// [`Heuristic::Auto`]: evaluation starts only once the root estimate is shown low, and
    /// stops when it does not pay.
    adaptive: bool,
    /// Evaluation has started.
    lazy_started: bool,
    /// Expanded nodes whose bound an evaluation had raised.
    raised_expanded: u64,
    /// Sum of the raises.
    raise_sum: f64,
    /// The mean positive action cost.
    typical_cost: f64,
    /// The root's estimate.
    root_est: f64,
    /// Hand the search back to the tight loop when evaluation stops.
    demote: bool,
    /// Evaluation stopped and the search is to go on in the tight loop.
    demoted: bool,
}

/// How many expansions a portfolio turn that runs until `stats.generated` reaches `target`
/// may run before it checks again: so few that none but the last can reach it (an
/// expansion generates at most one successor per kept action), so that a turn ends at the
/// first expansion that reaches its target however the caller slices the search.
/// `u64::MAX` (no limit) when `target` is.
fn turn_expansions(target: u64, stats: &SearchStats) -> u64 {
    if target == u64::MAX {
        return u64::MAX;
    }
    let rest = target.saturating_sub(stats.generated);
    (rest / u64::from(stats.actions_kept.max(1))).max(1)
}

/// How many backward expansions a portfolio slice with `left` forward expansions of its
/// budget left may run: as many as generate about the successors `left` forward
/// expansions do (from each direction's successors per expansion so far), at least one.
fn backward_share(left: u64, fw: &SearchStats, bw: &SearchStats) -> u64 {
    let successors =
        u128::from(left) * u128::from(fw.generated.max(1)) / u128::from(fw.expanded.max(1));
    let share = successors * u128::from(bw.expanded.max(1)) / u128::from(bw.generated.max(1));
    u64::try_from(share).unwrap_or(u64::MAX).max(1)
}

/// What `expanded` backward expansions that generated `generated` successors cost a
/// portfolio slice's budget, in forward expansions: the forward expansions that generate
/// as many successors (rounded up; at least one when any node was expanded).
fn backward_charge(expanded: u64, generated: u64, fw: &SearchStats) -> u64 {
    if expanded == 0 {
        return 0;
    }
    let per = u128::from(fw.generated.max(1));
    let charge = (u128::from(generated) * u128::from(fw.expanded.max(1))).div_ceil(per);
    u64::try_from(charge).unwrap_or(u64::MAX).max(1)
}

/// The statistics of a portfolio search: the sums of both searches' counts; the pruning
/// counts and `initial_h` of the one that decided (`bw_won`), else the forward one's.
fn combined(fw: &SearchStats, bw: &SearchStats, bw_won: bool) -> SearchStats {
    let decider = if bw_won { bw } else { fw };
    SearchStats {
        expanded: fw.expanded + bw.expanded,
        generated: fw.generated + bw.generated,
        stored: fw.stored + bw.stored,
        reopened: fw.reopened + bw.reopened,
        evaluations: fw.evaluations,
        raised: fw.raised,
        actions_kept: decider.actions_kept,
        actions_pruned: decider.actions_pruned,
        initial_h: decider.initial_h,
        elapsed: fw.elapsed,
        backward: bw_won,
    }
}

/// Empties `masks` and reserves, fallibly, four masks of `words` words for each of
/// `actions` actions over `facts` facts (a search's action masks).
fn reserve_masks(
    masks: &mut Vec<u64>,
    actions: usize,
    words: usize,
    facts: usize,
) -> Result<(), Outcome> {
    masks.clear();
    reserve(masks, actions * 4 * words, || {
        format!("the search's action masks ({actions} actions × {facts} facts)")
    })
    .map_err(Outcome::OutOfMemory)
}

/// The tight loop's ring of buckets holds at most this many `f` values (96 KiB of bucket
/// headers; see `Tight::begin` for what it keeps between searches).
const MAX_DIAL_SPAN: u32 = 4095;

/// How far above the lowest open `f` A* with the root landmarks can push an entry, when
/// every action cost (at most `small_costs`) and landmark cost is a whole number: the
/// largest action cost plus all the landmarks' (see [`Tight::begin`]). `None` otherwise, or
/// beyond [`MAX_DIAL_SPAN`]: the search keeps its heap.
fn landmark_dial_span(small_costs: Option<u32>, landmarks: &[f64]) -> Option<u32> {
    let mut span = f64::from(small_costs?);
    for &cost in landmarks {
        if cost.fract() != 0.0 {
            return None;
        }
        span += cost;
    }
    (span <= f64::from(MAX_DIAL_SPAN)).then_some(span as u32)
}

/// True when the search runs backward: asked for, or picked by [`Direction::Auto`], where
/// no action and not the goal reads or writes an integer variable (see `backward.rs`).
fn runs_backward(options: &PlanOptions, c: &CompiledDomain, goal: &Goal) -> bool {
    options.direction == Direction::Backward && backward_applies(c, goal)
}

/// True when a search (backward or not, as `backward` says) starts with the probe (see
/// [`PROBE_EXPANSIONS`]): forward, uniform-cost first (`Auto` or `Blind`), no integer
/// variables, at most [`PROBE_MAX_ACTIONS`] actions and a node limit above 0.
fn probe_fits(c: &CompiledDomain, backward: bool, options: &PlanOptions) -> bool {
    !backward
        && matches!(options.heuristic, Heuristic::Auto | Heuristic::Blind)
        && c.vars.is_empty()
        && c.actions <= PROBE_MAX_ACTIONS
        && options.max_nodes > 0
}

/// True when the backward search can take the task: no action and not the goal reads or
/// writes an integer variable.
fn backward_applies(c: &CompiledDomain, goal: &Goal) -> bool {
    c.var_pre.is_empty() && c.var_eff.is_empty() && goal.var_conditions().is_empty()
}

/// True when `s` has every bit of `pos` and none of `neg`.
#[inline]
fn satisfies(s: &[u64], pos: &[u64], neg: &[u64]) -> bool {
    s.iter()
        .zip(pos.iter().zip(neg))
        .all(|(&x, (&p, &q))| x & p == p && x & q == 0)
}

/// The result of a search whose domain could not be compiled.
fn oom_result(e: OutOfMemory) -> PlanResult {
    PlanResult {
        outcome: Outcome::OutOfMemory(e),
        stats: SearchStats::default(),
    }
}

impl Search {
    /// Plans to the end: what [`Search::begin`] then [`Search::resume`] without a budget
    /// would return, with the search kept on the stack and timed once (two clock reads per
    /// plan, not four). A search the probe decides is not timed at all (see
    /// [`SearchStats::elapsed`]).
    pub fn run(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> PlanResult {
        let base = match domain.compiled() {
            Err(e) => return oom_result(e),
            Ok(base) => base,
        };
        // The search runs here, never stored in `phase` (a `Running` is some hundreds of
        // bytes: moving it in and out cost tiny searches a tenth of their time).
        // Nor does it hold the compiled domain: counting references to it (shared by the
        // threads of a batch) would cost each search two contended atomic operations.
        let mut path = None;
        let mut probed = None;
        if self.probe_applies(base, goal, options, context) {
            let p = self.exact_path(base, start, goal, options, context);
            if p == ExactPath::Neither {
                match self.run_probe(base, start, goal, options, context) {
                    Ok(decided) => return decided,
                    Err(run) => probed = Some(run),
                }
            }
            path = Some(p);
        }
        let t0 = Instant::now();
        // (Each arm runs its own search: gathering them into one `Phase` first would move
        // the `Running` once more, about a tenth of chain-16's blind search.)
        let mut result = match probed {
            // The probe did not decide: set up as usual and search on, as `drive` does.
            Some(mut run) => match self.set_up_again(base, options, &mut run.stage, &mut run.stats)
            {
                Err(outcome) => PlanResult {
                    outcome,
                    stats: run.stats,
                },
                Ok(()) => self
                    .advance_run(base, &mut run, &SearchBudget::UNLIMITED)
                    .expect("a search without a budget runs to its end"),
            },
            None => {
                let path =
                    path.unwrap_or_else(|| self.exact_path(base, start, goal, options, context));
                match self.set_up(base, false, start, goal, options, context, path) {
                    Phase::Running(mut run) => self
                        .advance_run(base, &mut run, &SearchBudget::UNLIMITED)
                        .expect("a search without a budget runs to its end"),
                    Phase::Decided(result) => result,
                    Phase::Idle => unreachable!("a set-up search is decided or running"),
                }
            }
        };
        result.stats.elapsed = t0.elapsed();
        result
    }

    /// [`Search::run`]'s probe, untimed: `Ok` with the result when the probe decides the
    /// search (a plan, none, or out of memory), else `Err` with the search after it, for
    /// [`Search::set_up_again`]. What [`Search::set_up`] and [`Search::drive`] do for a
    /// probe, without moving the search in and out of `phase`. (The `Running` is not boxed:
    /// a search that goes on would allocate.)
    #[allow(clippy::result_large_err)]
    fn run_probe(
        &mut self,
        c: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> Result<PlanResult, Running> {
        self.phase = Phase::Idle;
        self.relaxed.evaluations = 0;
        let mut stats = SearchStats::default();
        let portfolio = self.portfolio(c, goal, options, context);
        if let Err(outcome) = self.begin_probe(c, start, goal, context.disabled(), &mut stats) {
            return Ok(PlanResult { outcome, stats });
        }
        let until = Until {
            expanded: PROBE_EXPANSIONS,
            time: None,
        };
        match self.probe(c, options, until, &mut stats) {
            Stop::Paused | Stop::NodeLimit => Err(Running {
                base: None,
                costed: false,
                options: *options,
                stage: Stage::Probe,
                stats,
                portfolio,
            }),
            stop => {
                let outcome = self.tight_outcome(c, stop, &mut stats);
                Ok(PlanResult { outcome, stats })
            }
        }
    }

    /// Sets a search up (pruning, root landmarks, numeric projections, the root node) and
    /// keeps it for [`Search::resume`]. Drops the search in progress, if any.
    pub fn begin(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) {
        let t0 = Instant::now();
        self.phase = match domain.compiled() {
            Err(e) => Phase::Decided(oom_result(e)),
            Ok(base) => {
                let path = self.exact_path(base, start, goal, options, context);
                self.set_up(base, true, start, goal, options, context, path)
            }
        };
        let spent = t0.elapsed();
        match &mut self.phase {
            Phase::Decided(r) => r.stats.elapsed += spent,
            Phase::Running(run) => run.stats.elapsed += spent,
            Phase::Idle => {}
        }
    }

    /// Runs the search begun by [`Search::begin`] for at most `budget`. Returns its result
    /// when it ends, `None` while it is still in progress (or when none was begun).
    pub fn resume(&mut self, budget: &SearchBudget) -> Option<PlanResult> {
        let t0 = Instant::now();
        let mut result = self.advance(budget);
        let spent = t0.elapsed();
        match (&mut result, &mut self.phase) {
            (Some(r), _) => r.stats.elapsed += spent,
            (None, Phase::Running(run)) => {
                run.stats.elapsed += spent;
                if let Portfolio::On(alt) = &mut run.portfolio {
                    alt.shown.elapsed = run.stats.elapsed;
                }
            }
            (None, _) => {}
        }
        result
    }

    /// [`Search::begin`] without the clock, on the domain compiled as `base`, taking the
    /// exact-table `path` [`Search::exact_path`] chose: the search set up (`Decided` or
    /// `Running`, holding `base` when `keep`), for the caller to run or keep. Drops the
    /// search in progress, if any.
    #[allow(clippy::too_many_arguments)]
    fn set_up(
        &mut self,
        base: &Arc<CompiledDomain>,
        keep: bool,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
        path: ExactPath,
    ) -> Phase {
        self.phase = Phase::Idle;
        let mut stats = SearchStats::default();
        let costed = !context.cost_overrides().is_empty();
        if costed {
            // Every heuristic reads `costs`: plan on a copy that has the changed ones.
            let mut copy = self.costed.take().unwrap_or_default();
            copy.copy_with_costs(base, context.cost_overrides());
            self.costed = Some(copy);
        }
        self.relaxed.evaluations = 0;
        let backward = runs_backward(options, base, goal);
        stats.backward = backward;
        let portfolio = self.portfolio(base, goal, options, context);
        // Small tasks walk an exact goal-distance table (see `exact.rs`); tasks with few
        // states but too many facts for a table search uniform-cost first.
        let exact = path == ExactPath::Table;
        let bounded = match path {
            ExactPath::Bounded(states) => Some(states),
            _ => None,
        };
        let probe = probe_fits(base, backward, options);
        let setup = self.with_compiled(base, costed, |search, c| {
            if backward {
                search.load_task(c, start, goal)?;
                search.backward.begin(
                    c,
                    &search.start,
                    &search.goal_atoms,
                    context.disabled(),
                    options.heuristic,
                    options.max_nodes,
                    &mut stats,
                )?;
                return Ok(Stage::Backward);
            }
            if exact {
                if let Some(stage) =
                    search.begin_exact(c, start, goal, context.disabled(), &mut stats)?
                {
                    return Ok(stage);
                }
                // Two facts of a group true at the start: no table covers it.
            }
            if probe {
                return search.begin_probe(c, start, goal, context.disabled(), &mut stats);
            }
            if let Some(states) = bounded {
                // Uniform-cost search first (see `Stage::Bounded`).
                let blind = PlanOptions {
                    heuristic: Heuristic::Blind,
                    ..*options
                };
                let ev = search.setup(c, start, goal, &blind, context.disabled(), &mut stats)?;
                search.disabled.clear();
                search.disabled.extend_from_slice(context.disabled());
                return match search.first_stage(c, &blind, ev, &stats)? {
                    Stage::Tight => Ok(Stage::Bounded(states as u64 + 1)),
                    other => Ok(other),
                };
            }
            let ev = search.setup(c, start, goal, options, context.disabled(), &mut stats)?;
            search.first_stage(c, options, ev, &stats)
        });
        stats.evaluations = self.relaxed.evaluations;
        let portfolio = match setup {
            Ok(Stage::Exact(_)) => Portfolio::Off,
            _ => portfolio,
        };
        match setup {
            Err(outcome) => Phase::Decided(PlanResult { outcome, stats }),
            Ok(stage) => Phase::Running(Running {
                base: keep.then(|| Arc::clone(base)),
                costed,
                options: *options,
                stage,
                stats,
                portfolio,
            }),
        }
    }

    /// The portfolio a search starts with: [`Portfolio::Waiting`] (with the disabled
    /// actions kept for the backward search, should it start) under [`Direction::Auto`]
    /// where the backward search applies, else [`Portfolio::Off`].
    fn portfolio(
        &mut self,
        c: &CompiledDomain,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> Portfolio {
        if options.direction == Direction::Auto && backward_applies(c, goal) {
            self.disabled.clear();
            self.disabled.extend_from_slice(context.disabled());
            Portfolio::Waiting
        } else {
            Portfolio::Off
        }
    }

    /// True when [`Search::run`] may try the untimed probe ([`Search::run_probe`]): the
    /// probe's conditions ([`probe_fits`]), and the domain's own costs (a context's costs
    /// need the costed copy set up).
    fn probe_applies(
        &self,
        c: &CompiledDomain,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> bool {
        context.cost_overrides().is_empty()
            && probe_fits(c, runs_backward(options, c, goal), options)
    }

    /// Shares exact tables through `store` (see [`TableStore`]).
    pub fn share_tables(&mut self, store: Option<Arc<TableStore>>) {
        self.exact.store = store;
    }

    /// Which of the exact-table paths (see `exact.rs`) a search of these inputs may take:
    /// under the default heuristic, forward, with the domain's own costs, a table when
    /// the key's fits (and fits `max_nodes`), else a bounded uniform-cost search when the
    /// key's groups leave few states (fewer than `max_nodes`) and `start` is covered.
    /// Leaves the key's shape current in `exact`.
    fn exact_path(
        &mut self,
        base: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> ExactPath {
        if options.heuristic != Heuristic::Auto
            || runs_backward(options, base, goal)
            || !context.cost_overrides().is_empty()
        {
            return ExactPath::Neither;
        }
        let max_nodes = u64::from(options.max_nodes);
        match self
            .exact
            .size(base, goal, context.disabled(), start.words())
        {
            Some(states) if max_nodes >= states as u64 => ExactPath::Table,
            Some(_) => ExactPath::Neither,
            // A key with a table never has a bound.
            None => match self.exact.bounded(start.words()) {
                Some(states) if max_nodes > states as u64 => ExactPath::Bounded(states),
                _ => ExactPath::Neither,
            },
        }
    }

    /// True when a search of these inputs walks an exact table: [`Search::exact_path`]
    /// says so, and a start with at most one fact of each at-most-one group true.
    /// Deterministic: the answer depends on the inputs only, whether or not the table is
    /// built yet.
    pub fn walks_table(
        &mut self,
        domain: &Domain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        context: &ActionContext,
    ) -> bool {
        let Ok(base) = domain.compiled() else {
            return false;
        };
        self.exact_path(base, start, goal, options, context) == ExactPath::Table
            && self.exact.covers(start.words())
    }

    /// Sets up a walk down a small task's exact goal-distance table (see `exact.rs`),
    /// building the table first if the planner has none; `None` when the start has two
    /// facts of an at-most-one group true.
    fn begin_exact(
        &mut self,
        c: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
        disabled: &[ActionId],
        stats: &mut SearchStats,
    ) -> Result<Option<Stage>, Outcome> {
        self.load_task(c, start, goal)?;
        let Some((walk, h, enabled)) = self
            .exact
            .begin(c, &self.start, &self.goal_atoms, disabled)
            .map_err(Outcome::OutOfMemory)?
        else {
            return Ok(None);
        };
        stats.actions_kept = enabled;
        stats.actions_pruned = c.actions as u32 - enabled;
        stats.initial_h = h.ok_or(Outcome::NoPlan)?;
        // The start is stored.
        stats.stored = 1;
        self.exact_plan.clear();
        Ok(Some(Stage::Exact(walk)))
    }

    /// Sets up the probe: the goal and start, and the actions it may apply.
    fn begin_probe(
        &mut self,
        c: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
        disabled: &[ActionId],
        stats: &mut SearchStats,
    ) -> Result<Stage, Outcome> {
        self.load_task(c, start, goal)?;
        self.disabled.clear();
        self.disabled.extend_from_slice(disabled);
        self.probe_copy = !c.dense || disabled.iter().any(|a| a.index() < c.actions);
        if self.probe_copy {
            // Disabled actions, or a domain kept sparse: the probe runs on a copy of the
            // enabled actions' masks.
            self.active.clear();
            self.active.extend(
                (0..c.actions as u32).filter(|&a| disabled.binary_search(&ActionId(a)).is_err()),
            );
            self.fill_action_copy(c)?;
        }
        stats.actions_kept = if self.probe_copy {
            self.active.len() as u32
        } else {
            c.actions as u32
        };
        stats.actions_pruned = c.actions as u32 - stats.actions_kept;
        self.tight
            .begin(&self.start, 0, 0.0, c.small_costs)
            .map_err(Outcome::OutOfMemory)?;
        Ok(Stage::Probe)
    }

    /// Fills `amask` and `acost` with the masks and costs of the actions in `active`.
    fn fill_action_copy(&mut self, c: &CompiledDomain) -> Result<(), Outcome> {
        self.fill_costs(c);
        self.fill_masks(c)
    }

    /// Fills `acost` with the costs of the actions in `active`; their masks are built
    /// when a stage needs them ([`Search::fill_masks`]).
    fn fill_costs(&mut self, c: &CompiledDomain) {
        self.acost.clear();
        self.acost
            .extend(self.active.iter().map(|&a| c.costs[a as usize]));
        self.amask_ready = false;
    }

    /// Fills `amask` with the masks of the actions in `active`, unless it holds them.
    fn fill_masks(&mut self, c: &CompiledDomain) -> Result<(), Outcome> {
        if self.amask_ready {
            return Ok(());
        }
        let facts = (c.atoms - 1) / 2;
        reserve_masks(&mut self.amask, self.active.len(), c.words, facts)?;
        for &a in &self.active {
            c.write_masks(a as usize, &mut self.amask);
        }
        self.amask_ready = true;
        Ok(())
    }

    /// [`Search::resume`] without the clock.
    fn advance(&mut self, budget: &SearchBudget) -> Option<PlanResult> {
        match std::mem::replace(&mut self.phase, Phase::Idle) {
            Phase::Idle => None,
            Phase::Decided(result) => Some(result),
            Phase::Running(mut run) => {
                let base = run.base.take().expect("a kept search holds its domain");
                let result = self.advance_run(&base, &mut run, budget);
                if result.is_none() {
                    run.base = Some(base);
                    self.phase = Phase::Running(run);
                }
                result
            }
        }
    }

    /// Runs `run` (on the domain compiled as `base`) until it decides (its result) or
    /// `budget` runs out (`None`).
    fn advance_run(
        &mut self,
        base: &CompiledDomain,
        run: &mut Running,
        budget: &SearchBudget,
    ) -> Option<PlanResult> {
        let Running {
            base: _,
            costed,
            options,
            stage,
            stats,
            portfolio,
        } = run;
        let outcome = self.with_compiled(base, *costed, |search, c| match portfolio {
            Portfolio::Off => search.drive(c, options, stage, stats, budget),
            _ => search.drive_auto(c, options, stage, stats, portfolio, budget),
        });
        run.stats.evaluations = self.relaxed.evaluations;
        let stats = match &mut run.portfolio {
            Portfolio::On(alt) => {
                alt.shown = combined(&run.stats, &alt.bw, alt.bw_won);
                alt.shown.stored = alt.bw.stored + self.forward_stored(&run.stage);
                alt.shown
            }
            _ => run.stats,
        };
        outcome.map(|outcome| PlanResult { outcome, stats })
    }

    /// The loop a search runs once set up (by [`Search::prepare`], whose evaluator is
    /// `ev`): on domains without variables the tight loop for blind search, root landmarks
    /// and the default (which escalates to LM-cut evaluations after
    /// [`AUTO_ESCALATE_AFTER`] more expansions), else the full loop.
    fn first_stage(
        &mut self,
        c: &CompiledDomain,
        options: &PlanOptions,
        mut ev: Evaluator,
        stats: &SearchStats,
    ) -> Result<Stage, Outcome> {
        if !c.vars.is_empty() || matches!(options.heuristic, Heuristic::LmCut | Heuristic::HMax) {
            self.fill_masks(c)?;
            return Ok(Stage::AStar(ev));
        }
        self.project(c)?;
        if !self.projected {
            self.fill_masks(c)?;
        }
        let start = if self.projected {
            &self.proj.start
        } else {
            &self.start
        };
        let stage = match options.heuristic {
            Heuristic::Blind => {
                self.tight
                    .begin(start, 0, 0.0, c.small_costs)
                    .map_err(Outcome::OutOfMemory)?;
                return Ok(Stage::Tight);
            }
            Heuristic::Landmarks => Stage::Landmarks(ev),
            Heuristic::Auto => {
                ev.lazy_from = AUTO_ESCALATE_AFTER.saturating_add(stats.expanded);
                Stage::Landmarks(ev)
            }
            Heuristic::LmCut | Heuristic::HMax => unreachable!("returned above"),
        };
        let span = landmark_dial_span(c.small_costs, &self.landmarks.costs);
        self.tight
            .begin(start, self.lm_words, ev.root_est, span)
            .map_err(Outcome::OutOfMemory)?;
        Ok(stage)
    }

    /// Builds [`Search::proj`] for the kept actions (`active`) and the start over the
    /// setup cache entry's projection (made now if it is not yet), or clears `projected`
    /// when it leaves out no fact.
    fn project(&mut self, c: &CompiledDomain) -> Result<(), Outcome> {
        self.setup_cache.projection(self.setup_slot, c);
        let entry = self.setup_cache.entry(self.setup_slot);
        let cached = &entry.proj;
        self.projected = cached.on;
        if !cached.on {
            return Ok(());
        }
        let pw = cached.words;
        let n = self.active.len();
        // The kept actions are among the relevant ones: all of them, or the rows to copy.
        self.proj_shared = !cached.rows.is_empty() && n == entry.count;
        let p = &mut self.proj;
        if !self.proj_shared {
            reserve_masks(&mut p.masks, n, pw, cached.facts.len())?;
            p.masks.resize(n * 4 * pw, 0);
            let row = 4 * pw;
            // The row of a relevant action: the relevant actions before it.
            let (mut next, mut before) = (0, 0);
            for (i, &a) in self.active.iter().enumerate() {
                let (a, m) = (a as usize, &mut p.masks[i * row..(i + 1) * row]);
                if cached.rows.is_empty() {
                    cached.write_masks(c, a, m);
                } else {
                    before += entry.relevant[next..a].iter().filter(|&&r| r).count();
                    next = a;
                    m.copy_from_slice(&cached.rows[before * row..(before + 1) * row]);
                }
            }
        }
        p.start.clear();
        p.start.resize(pw, 0);
        for &(f, to) in &cached.facts {
            let f = f as usize;
            if (self.start[f / 64] >> (f % 64)) & 1 == 1 {
                p.start[to as usize / 64] |= 1u64 << (to % 64);
            }
        }
        Ok(())
    }

    /// Runs the search's stages from where the last call left them, until it decides or
    /// `budget` runs out (`None`).
    fn drive(
        &mut self,
        c: &CompiledDomain,
        options: &PlanOptions,
        stage: &mut Stage,
        stats: &mut SearchStats,
        budget: &SearchBudget,
    ) -> Option<Outcome> {
        let stop_at = match budget.max_expansions {
            0 => u64::MAX,
            n => stats.expanded.saturating_add(n),
        };
        let t0 = budget.max_time.map(|limit| (Instant::now(), limit));
        let first = stats.expanded;
        // What is left of the budget, `None` when nothing is (a call expands at least one
        // node, as the loops check the clock only after expanding some).
        let left = |stats: &SearchStats| -> Option<SearchBudget> {
            let max_expansions = match stop_at {
                u64::MAX => 0,
                at if at > stats.expanded => at - stats.expanded,
                _ => return None,
            };
            let max_time = match t0 {
                None => None,
                Some((t0, limit)) => {
                    let rest = limit.saturating_sub(t0.elapsed());
                    if rest.is_zero() && stats.expanded > first {
                        return None;
                    }
                    Some(rest)
                }
            };
            Some(SearchBudget {
                max_expansions,
                max_time,
            })
        };
        loop {
            let left = left(stats)?;
            let until = Until {
                expanded: match left.max_expansions {
                    0 => u64::MAX,
                    n => stats.expanded + n,
                },
                time: left.max_time,
            };
            match stage {
                Stage::Exact(walk) => {
                    while self.exact.left(walk) != Some(0) {
                        if stats.expanded >= until.expanded {
                            return None;
                        }
                        let (a, generated) = self.exact.step(walk);
                        self.exact_plan.push(a);
                        stats.expanded += 1;
                        stats.generated += generated;
                        stats.stored += 1;
                    }
                    let plan = Plan::priced(self.exact_plan.clone(), &c.costs);
                    return Some(Outcome::Found(plan));
                }
                Stage::Backward => {
                    return self.backward.expand(c, options.max_nodes, &left, stats);
                }
                Stage::AStar(ev) => {
                    let outcome = self.expand(c, options, ev, stats, &left);
                    if outcome.is_some() || !ev.demoted {
                        return outcome;
                    }
                    // LM-cut evaluations stopped paying: the tight loop's search goes on
                    // from where it moved to the full loop, with the root landmarks alone.
                    ev.demoted = false;
                    ev.lazy_on = false;
                    *stage = Stage::Landmarks(*ev);
                }
                Stage::Probe => {
                    let until = Until {
                        expanded: until.expanded.min(PROBE_EXPANSIONS),
                        ..until
                    };
                    match self.probe(c, options, until, stats) {
                        Stop::Paused if stats.expanded < PROBE_EXPANSIONS => return None,
                        Stop::Paused | Stop::NodeLimit => {
                            // Not a tiny search: set it up (pruning, root landmarks) and
                            // start again with the pruned actions (the probe's nodes
                            // reached by irrelevant actions would all have to be expanded).
                            if let Err(outcome) = self.set_up_again(c, options, stage, stats) {
                                return Some(outcome);
                            }
                        }
                        stop => return Some(self.tight_outcome(c, stop, stats)),
                    }
                }
                Stage::Tight | Stage::Landmarks(_) | Stage::Bounded(_) => {
                    let cached = self.setup_cache.projected(self.setup_slot);
                    let (masks, goal_pos, goal_neg) = if self.projected {
                        let masks = if self.proj_shared {
                            &cached.rows
                        } else {
                            &self.proj.masks
                        };
                        (masks, &cached.goal_pos, &cached.goal_neg)
                    } else {
                        (&self.amask, &self.goal_pos, &self.goal_neg)
                    };
                    let actions = ActionSet {
                        masks,
                        costs: &self.acost,
                        ids: Some(&self.active),
                    };
                    let landmarks = match stage {
                        Stage::Landmarks(ev) => Some(LandmarkSet {
                            words: self.lm_words,
                            of_action: &self.action_lm,
                            costs: &self.landmarks.costs,
                            root: ev.root_est,
                            escalate_from: if ev.lazy_on { ev.lazy_from } else { u64::MAX },
                        }),
                        _ => None,
                    };
                    let until = match stage {
                        Stage::Bounded(limit) => Until {
                            expanded: until.expanded.min(*limit),
                            ..until
                        },
                        _ => until,
                    };
                    let stop = self.tight.run(
                        &actions,
                        landmarks.as_ref(),
                        goal_pos,
                        goal_neg,
                        options.max_nodes,
                        until,
                        stats,
                    );
                    match (stop, &mut *stage) {
                        (Stop::Paused | Stop::NodeLimit, Stage::Bounded(limit))
                            if stop == Stop::NodeLimit || stats.expanded >= *limit =>
                        {
                            // Past the bound: set up as usual and start again.
                            if let Err(outcome) = self.set_up_again(c, options, stage, stats) {
                                return Some(outcome);
                            }
                        }
                        (Stop::Paused, _) => return None,
                        (Stop::Escalate, Stage::Landmarks(ev)) => {
                            // The root estimate is shown low: LM-cut evaluations may pay.
                            // The full loop starts again from the root set up by `prepare`,
                            // evaluating at once; if they do not pay, it hands back to the
                            // tight loop, which goes on from where it stopped.
                            ev.lazy_started = true;
                            ev.demote = true;
                            *stage = Stage::AStar(*ev);
                            if let Err(outcome) = self.fill_masks(c) {
                                return Some(outcome);
                            }
                        }
                        (stop, _) => return Some(self.tight_outcome(c, stop, stats)),
                    }
                }
            }
        }
    }

    /// Runs the probe ([`Stage::Probe`], set up by [`Search::begin_probe`]) until `until`.
    fn probe(
        &mut self,
        c: &CompiledDomain,
        options: &PlanOptions,
        until: Until,
        stats: &mut SearchStats,
    ) -> Stop {
        let actions = if self.probe_copy {
            ActionSet {
                masks: &self.amask,
                costs: &self.acost,
                ids: Some(&self.active),
            }
        } else {
            ActionSet {
                masks: &c.masks,
                costs: &c.costs,
                ids: None,
            }
        };
        self.tight.run(
            &actions,
            None,
            &self.goal_pos,
            &self.goal_neg,
            options.max_nodes,
            until,
            stats,
        )
    }

    /// A search that set up without a heuristic ([`Stage::Probe`], [`Stage::Bounded`]) and
    /// did not end within its expansions (or its node limit): set up as usual (pruning,
    /// root landmarks) with its first stage, started again from the start (the expansions
    /// so far still count). `Err` carries the outcome when the setup decides.
    fn set_up_again(
        &mut self,
        c: &CompiledDomain,
        options: &PlanOptions,
        stage: &mut Stage,
        stats: &mut SearchStats,
    ) -> Result<(), Outcome> {
        let disabled = std::mem::take(&mut self.disabled);
        let setup = self.prepare(c, &[], options, &disabled, stats);
        self.disabled = disabled;
        stats.evaluations = self.relaxed.evaluations;
        *stage = self.first_stage(c, options, setup?, stats)?;
        Ok(())
    }

    /// [`Search::drive`] for [`Direction::Auto`] where the backward search applies: forward
    /// until it has generated [`AUTO_BACKWARD_AFTER`] successors, then both in turns (see
    /// there). Turns end at counts only, so slices and time budgets never change the
    /// result.
    fn drive_auto(
        &mut self,
        c: &CompiledDomain,
        options: &PlanOptions,
        stage: &mut Stage,
        fw: &mut SearchStats,
        portfolio: &mut Portfolio,
        budget: &SearchBudget,
    ) -> Option<Outcome> {
        // What this call has spent of `budget.max_expansions`, in forward expansions: a
        // backward expansion counts as the forward expansions that generate as many
        // successors (see `SearchBudget`), so that slices take about the same time once
        // the backward search runs.
        let mut spent = 0u64;
        let t0 = budget.max_time.map(|limit| (Instant::now(), limit));
        loop {
            // What is left of the caller's budget (at least one expansion per call).
            let left_expansions = match budget.max_expansions {
                0 => u64::MAX,
                n if spent >= n => return None,
                n => n - spent,
            };
            let max_time = match t0 {
                None => None,
                Some((t0, limit)) => {
                    let rest = limit.saturating_sub(t0.elapsed());
                    if rest.is_zero() && spent > 0 {
                        return None;
                    }
                    Some(rest)
                }
            };
            let slice = |turn: u64| SearchBudget {
                max_expansions: match turn.min(left_expansions) {
                    u64::MAX => 0,
                    n => n,
                },
                max_time,
            };
            let fw_before = fw.expanded;
            match portfolio {
                // What is left of the budget: the forward search may have spent some of
                // it in this call before the backward one was ruled out.
                Portfolio::Off => return self.drive(c, options, stage, fw, &slice(u64::MAX)),
                Portfolio::Waiting if fw.generated < AUTO_BACKWARD_AFTER => {
                    let turn = turn_expansions(AUTO_BACKWARD_AFTER, fw);
                    let outcome = self.drive(c, options, stage, fw, &slice(turn));
                    if outcome.is_some() {
                        return outcome;
                    }
                    spent += fw.expanded - fw_before;
                }
                Portfolio::Waiting if !self.backward_may_pay(c, fw) => {
                    // The forward search branches no more than the backward one would:
                    // it goes on alone.
                    *portfolio = Portfolio::Off;
                }
                Portfolio::Waiting => {
                    // The forward search has not decided early: start the backward one.
                    let mut bw = SearchStats {
                        backward: true,
                        ..SearchStats::default()
                    };
                    let mut alt = Alternation {
                        bw,
                        shown: SearchStats::default(),
                        target: AUTO_BACKWARD_AFTER,
                        bw_turn: true,
                        fw_failed: None,
                        bw_failed: None,
                        bw_won: false,
                    };
                    match self.backward.begin(
                        c,
                        &self.start,
                        &self.goal_atoms,
                        &self.disabled,
                        options.heuristic,
                        options.max_nodes,
                        &mut bw,
                    ) {
                        Ok(()) => {}
                        Err(Outcome::NoPlan) => {
                            alt.bw = bw;
                            alt.bw_won = true;
                            *portfolio = Portfolio::On(alt);
                            return Some(Outcome::NoPlan);
                        }
                        Err(failed) => alt.bw_failed = Some(failed),
                    }
                    alt.bw = bw;
                    *portfolio = Portfolio::On(alt);
                }
                Portfolio::On(alt) => {
                    let backward_turn = match (&alt.fw_failed, &alt.bw_failed) {
                        (Some(_), Some(_)) => {
                            // Neither can decide: a memory failure if there was one.
                            let fw_failed = alt.fw_failed.take().expect("matched");
                            let bw_failed = alt.bw_failed.take().expect("matched");
                            return Some(match (fw_failed, bw_failed) {
                                (o @ Outcome::OutOfMemory(_), _) => o,
                                (_, o) => o,
                            });
                        }
                        (Some(_), None) => true,
                        (None, Some(_)) => false,
                        (None, None) => alt.bw_turn,
                    };
                    let alone = alt.fw_failed.is_some() || alt.bw_failed.is_some();
                    let target = if alone { u64::MAX } else { alt.target };
                    if backward_turn {
                        if alt.bw.generated >= target {
                            alt.bw_turn = false;
                            alt.target = alt.target.saturating_mul(2);
                            continue;
                        }
                        let mut turn = slice(turn_expansions(target, &alt.bw));
                        if left_expansions != u64::MAX {
                            turn.max_expansions = turn.max_expansions.min(backward_share(
                                left_expansions,
                                fw,
                                &alt.bw,
                            ));
                        }
                        let (bw_expanded, bw_generated) = (alt.bw.expanded, alt.bw.generated);
                        let outcome =
                            self.backward
                                .expand(c, options.max_nodes, &turn, &mut alt.bw);
                        spent += backward_charge(
                            alt.bw.expanded - bw_expanded,
                            alt.bw.generated - bw_generated,
                            fw,
                        );
                        match outcome {
                            None => {}
                            Some(o @ (Outcome::LimitReached | Outcome::OutOfMemory(_))) => {
                                alt.bw_failed = Some(o);
                            }
                            Some(o) => {
                                alt.bw_won = true;
                                return Some(o);
                            }
                        }
                    } else {
                        if fw.generated >= target {
                            alt.bw_turn = true;
                            continue;
                        }
                        let turn = slice(turn_expansions(target, fw));
                        let outcome = self.drive(c, options, stage, fw, &turn);
                        spent += fw.expanded - fw_before;
                        match outcome {
                            None => {}
                            Some(o @ (Outcome::LimitReached | Outcome::OutOfMemory(_))) => {
                                alt.fw_failed = Some(o);
                            }
                            Some(o) => return Some(o),
                        }
                    }
                }
            }
        }
    }

    /// Whether the portfolio starts the backward search beside a forward search that has
    /// generated [`AUTO_BACKWARD_AFTER`] successors without deciding: only where the
    /// forward search branches more (successors generated per expansion, `fw`) than the
    /// backward search's root does (the enabled actions with an effect on a goal fact and
    /// none against one). Where forward branches less, its search tree is the smaller one
    /// to the same depth, and the backward search, whose branching only grows as subgoals
    /// gather preconditions, has not paid in any benchmark (gripper, blocksworld: it
    /// doubled or tripled the time of forward search alone).
    fn backward_may_pay(&mut self, c: &CompiledDomain, fw: &SearchStats) -> bool {
        self.achievers.clear();
        for &g in &self.goal_atoms {
            self.achievers.extend_from_slice(c.eff_of(g));
        }
        self.achievers.sort_unstable();
        self.achievers.dedup();
        self.off.clear();
        self.off.extend(self.disabled.iter().map(|a| a.0));
        self.off.sort_unstable();
        let goal = &self.goal_atoms;
        let roots = self
            .achievers
            .iter()
            .filter(|&&a| {
                self.off.binary_search(&a).is_err()
                    && !c.eff(a as usize).iter().any(|&e| goal.contains(&(e ^ 1)))
            })
            .count() as u64;
        fw.generated > roots.saturating_mul(fw.expanded)
    }

    /// The forward search's stored states so far (its `stats.stored` is set when it ends).
    fn forward_stored(&self, stage: &Stage) -> u64 {
        match stage {
            Stage::AStar(_) => self.nodes.len() as u64,
            _ => self.tight.stored(),
        }
    }

    /// The outcome of a search in the tight loop that stopped for good.
    fn tight_outcome(
        &mut self,
        c: &CompiledDomain,
        stop: Stop,
        stats: &mut SearchStats,
    ) -> Outcome {
        stats.stored = self.tight.stored();
        match stop {
            Stop::Found(n) => Outcome::Found(Plan::priced(self.tight.path(n), &c.costs)),
            Stop::Exhausted => Outcome::NoPlan,
            Stop::NodeLimit => Outcome::LimitReached,
            Stop::OutOfMemory => {
                Outcome::OutOfMemory(self.tight.oom.take().expect("the tight loop sets it"))
            }
            Stop::Paused | Stop::Escalate => unreachable!("the search goes on"),
        }
    }

    /// Runs `f` on the compiled domain the search reads: `base`, or with `costed` the copy
    /// with an action context's costs (`Search::costed`, taken out for the call).
    fn with_compiled<R>(
        &mut self,
        base: &CompiledDomain,
        costed: bool,
        f: impl FnOnce(&mut Self, &CompiledDomain) -> R,
    ) -> R {
        let owned = if costed { self.costed.take() } else { None };
        let result = f(self, owned.as_ref().unwrap_or(base));
        if costed {
            self.costed = owned;
        }
        result
    }

    /// The statistics so far of the search begun and not yet finished.
    pub fn progress(&self) -> Option<&SearchStats> {
        match &self.phase {
            Phase::Idle => None,
            Phase::Decided(r) => Some(&r.stats),
            Phase::Running(run) => match &run.portfolio {
                Portfolio::On(alt) => Some(&alt.shown),
                _ => Some(&run.stats),
            },
        }
    }

    /// Drops the search in progress (its memory stays for the next one).
    pub fn cancel(&mut self) {
        self.phase = Phase::Idle;
    }

    /// The per-search setup. `Err` carries an outcome decided without search.
    fn setup(
        &mut self,
        c: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
        options: &PlanOptions,
        disabled: &[ActionId],
        stats: &mut SearchStats,
    ) -> Result<Evaluator, Outcome> {
        self.load_task(c, start, goal)?;
        self.prepare(c, goal.var_conditions(), options, disabled, stats)
    }

    /// Packs the goal (`goal_pos`, `goal_neg`, `goal_atoms`) and the start state. `Err`
    /// carries an outcome decided by them alone: no plan, or the empty plan.
    fn load_task(
        &mut self,
        c: &CompiledDomain,
        start: &WorldState,
        goal: &Goal,
    ) -> Result<(), Outcome> {
        let w = c.words;
        let sl = w + c.var_words;
        self.state_len = sl;
        let facts = (c.atoms - 1) / 2;
        // Goal masks and atoms. A goal on a fact the domain does not have: `false` holds
        // in every state, `true` in none.
        self.goal_pos.clear();
        self.goal_pos.resize(w, 0);
        self.goal_neg.clear();
        self.goal_neg.resize(w, 0);
        self.goal_atoms.clear();
        for g in goal.entries() {
            let f = g.fact.index();
            if f >= facts {
                if g.value {
                    return Err(Outcome::NoPlan);
                }
                continue;
            }
            let (wi, b) = (f / 64, 1u64 << (f % 64));
            if g.value {
                self.goal_pos[wi] |= b;
            } else {
                self.goal_neg[wi] |= b;
            }
            self.goal_atoms.push(atom(f as u32, g.value));
        }
        let has_vars = !c.vars.is_empty();
        // A goal on a variable the domain does not have can never be checked: no plan.
        if goal
            .var_conditions()
            .iter()
            .any(|k| k.var.index() >= c.vars.len())
        {
            return Err(Outcome::NoPlan);
        }
        // Start state, masked to the domain's facts, then the variables.
        self.start.clear();
        self.start.resize(sl, 0);
        for (i, &word) in start.words().iter().take(w).enumerate() {
            self.start[i] = word;
        }
        if facts % 64 != 0 {
            self.start[w - 1] &= (1u64 << (facts % 64)) - 1;
        }
        if has_vars {
            numeric::pack_start(c, start, &mut self.start, w);
        }
        if satisfies(&self.start, &self.goal_pos, &self.goal_neg)
            && (!has_vars || numeric::holds(c, &self.start, w, goal.var_conditions()))
        {
            return Err(Outcome::Found(Plan::default()));
        }
        Ok(())
    }

    /// The setup after [`Search::load_task`]: pruning, root landmarks, numeric
    /// projections, the arenas and the root node. `var_goal` is the goal's variable
    /// conditions. `Err` carries an outcome decided without search.
    fn prepare(
        &mut self,
        c: &CompiledDomain,
        var_goal: &[crate::domain::VarCondition],
        options: &PlanOptions,
        disabled: &[ActionId],
        stats: &mut SearchStats,
    ) -> Result<Evaluator, Outcome> {
        let w = c.words;
        let has_vars = !c.vars.is_empty();

        // Root landmarks, and pruning: actions that relaxed reachability shows can never
        // apply, then actions that cannot matter for the goal.
        self.relaxed.prepare(c, &self.goal_atoms);
        for a in disabled {
            if let Some(on) = self.relaxed.active.get_mut(a.index()) {
                *on = false;
            }
        }
        let relevance = c.actions > RELEVANCE_MIN_ACTIONS || has_vars;
        self.var_scratch.clear();
        self.var_scratch
            .extend(var_goal.iter().map(|k| k.var.index()));
        self.var_scratch.dedup();
        // The goal's relevant actions among all enabled ones (with `relevance`; else
        // every enabled action) and their projection, from the cache or computed now: the
        // analyses below then skip the other actions. This changes no result: an
        // irrelevant action never sets the h_max cost of a relevant atom, never enters a
        // cut, and is pruned below anyway; an action reachable only through irrelevant
        // ones is irrelevant itself.
        let (goal_atoms, goal_vars) = (&self.goal_atoms, &self.var_scratch);
        self.setup_slot = match self.setup_cache.find(c.id, goal_atoms, goal_vars, disabled) {
            Some(slot) => {
                let relevant = &self.setup_cache.entry(slot).relevant;
                self.relaxed.active.copy_from_slice(relevant);
                slot
            }
            None => {
                if relevance {
                    self.relaxed.prune_irrelevant(c, goal_vars);
                }
                let relevant = &self.relaxed.active;
                self.setup_cache
                    .insert(c.id, goal_atoms, goal_vars, disabled, relevant)
            }
        };
        if has_vars {
            self.numeric
                .prune_unreachable(c, &self.start, w, &mut self.relaxed.active);
        }
        let use_landmarks = matches!(
            options.heuristic,
            Heuristic::Auto | Heuristic::LmCut | Heuristic::Landmarks
        );
        self.landmarks.clear();
        let mut root_h = 0.0;
        // The default search caps the root LM-cut's work (see ROOT_LMCUT_WORK_PER_ACTION).
        let max_work = if options.heuristic == Heuristic::Auto && !has_vars {
            let relevant = self.setup_cache.entry(self.setup_slot).count as u64;
            ROOT_LMCUT_WORK_BASE + ROOT_LMCUT_WORK_PER_ACTION * relevant
        } else {
            u64::MAX
        };
        let reachable = if use_landmarks {
            root_h = self
                .relaxed
                .lmcut_within(c, &self.start, Some(&mut self.landmarks), max_work);
            // LM-cut's first exploration is the reachability analysis.
            self.relaxed.keep_triggered();
            root_h != f64::INFINITY
        } else {
            self.relaxed.prune_unreachable(c, &self.start)
        };
        if !reachable {
            // (A probe before this set-up counted its actions as kept.)
            stats.actions_kept = 0;
            stats.actions_pruned = c.actions as u32;
            return Err(Outcome::NoPlan);
        }
        // Relevance again, over the reachable actions only, unless every action relevant
        // (and not shown impossible by the variables' projections) is reachable: then it
        // would keep them all.
        if relevance
            && (has_vars
                || self.relaxed.active.iter().filter(|&&on| on).count()
                    != self.setup_cache.entry(self.setup_slot).count)
        {
            self.relaxed.prune_irrelevant(c, &self.var_scratch);
        }
        let (mut root_nl, mut root_nf) = (0.0, 0.0);
        self.numeric_estimate = false;
        if has_vars {
            let mut singletons = std::mem::take(&mut self.singletons);
            singletons.clear();
            singletons.extend((0..self.landmarks.len()).filter_map(|l| {
                match self.landmarks.actions_of(l) {
                    [a] if !c.var_pre(*a as usize).is_empty() => Some((l as u32, *a)),
                    _ => None,
                }
            }));
            // Blind search does not use the estimate, but still lets the projections prove
            // a goal unreachable before searching, as relaxed reachability does for facts.
            self.numeric.prepare(
                c,
                var_goal,
                &self.relaxed.active,
                &singletons,
                &self.start,
                w,
                options.max_nodes,
            );
            self.singletons = singletons;
            if !self.numeric.is_trivial() {
                // The root has used no landmark.
                self.child_hit.clear();
                self.child_hit.resize(self.landmarks.len().div_ceil(64), 0);
                (root_nl, root_nf) = self.numeric.estimate(c, &self.start, w, &self.child_hit);
            }
            if root_nf == f64::INFINITY {
                stats.actions_kept = 0;
                stats.actions_pruned = c.actions as u32;
                return Err(Outcome::NoPlan);
            }
            if options.heuristic == Heuristic::Blind {
                (root_nl, root_nf) = (0.0, 0.0);
            } else {
                self.numeric_estimate = !self.numeric.is_trivial();
            }
        }
        self.active.clear();
        self.active
            .extend((0..c.actions as u32).filter(|&a| self.relaxed.active[a as usize]));
        self.fill_costs(c);
        let kept = self.active.len();
        stats.actions_kept = self.active.len() as u32;
        stats.actions_pruned = (c.actions - self.active.len()) as u32;
        let nl = self.landmarks.len();
        self.lm_words = nl.div_ceil(64);
        let lw = self.lm_words;
        self.action_lm.clear();
        reserve(&mut self.action_lm, kept * lw, || {
            format!("the search's landmark table ({kept} actions × {nl} landmarks)")
        })
        .map_err(Outcome::OutOfMemory)?;
        self.action_lm.resize(kept * lw, 0);
        self.active_pos.clear();
        self.active_pos.resize(c.actions, NONE);
        for (i, &a) in self.active.iter().enumerate() {
            self.active_pos[a as usize] = i as u32;
        }
        self.partitions.reset(self.active.len(), options.max_nodes);
        self.lm_arena.reset(options.max_nodes);
        if lw > 0 {
            for l in 0..nl {
                for &a in self.landmarks.actions_of(l) {
                    let p = self.active_pos[a as usize] as usize;
                    self.action_lm[p * lw + l / 64] |= 1u64 << (l % 64);
                }
            }
        }
        // What the root's estimate promises; Auto starts LM-cut once the search shows it low.
        let root_est = (root_h + root_nl).max(root_nf);
        stats.initial_h = root_est;

        // Arenas.
        self.states.clear();
        self.node_num.clear();
        self.hits.clear();
        self.nodes.clear();
        self.hashes.clear();
        self.open.clear();
        self.seq = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.table.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        if self.table.len() < 1024 {
            self.table = vec![0; 1024];
        }
        let lazy_from: u64 = match options.heuristic {
            Heuristic::Auto => AUTO_LAZY_AFTER,
            Heuristic::LmCut | Heuristic::HMax => 0,
            Heuristic::Landmarks | Heuristic::Blind => u64::MAX,
        };
        let full_is_hmax = options.heuristic == Heuristic::HMax;
        if options.max_nodes == 0 {
            return Err(Outcome::LimitReached);
        }

        // Root node.
        self.child_hit.clear();
        self.child_hit.resize(lw, 0);
        let root_hash = hash_words(&self.start);
        self.child.clear();
        self.child.extend_from_slice(&self.start);
        let slot = self.find_slot(root_hash);
        let Some(root) = self.new_node(slot, root_hash) else {
            return Err(Outcome::OutOfMemory(
                self.oom.take().expect("new_node sets it"),
            ));
        };
        self.nodes[root as usize].h_la = root_h;
        if self.numeric_estimate {
            self.node_num.push((root_nl, root_nf));
        }
        if use_landmarks && options.heuristic != Heuristic::Landmarks {
            // The root's landmarks are its LM-cut: no need to evaluate it again.
            self.nodes[root as usize].h_full = root_h;
            self.nodes[root as usize].landmarks = self.lm_arena.store(&self.landmarks);
        }
        self.push(root);

        // The typical step: the mean positive action cost.
        let (cost_sum, cost_count) = self
            .acost
            .iter()
            .filter(|&&c| c > 0.0)
            .fold((0.0, 0u32), |(s, n), &c| (s + c, n + 1));
        let typical_cost = if cost_count == 0 {
            f64::INFINITY
        } else {
            cost_sum / f64::from(cost_count)
        };
        Ok(Evaluator {
            lazy_from,
            full_is_hmax,
            lazy_on: lazy_from != u64::MAX,
            adaptive: options.heuristic == Heuristic::Auto,
            lazy_started: false,
            raised_expanded: 0,
            raise_sum: 0.0,
            typical_cost,
            root_est,
            demote: false,
            demoted: false,
        })
    }

    /// The A* loop, from where the last call left it, until it decides or `budget` runs
    /// out (`None`). Slicing never changes what it does: the open list, the node store and
    /// the evaluator policy carry over between calls unchanged.
    fn expand(
        &mut self,
        c: &CompiledDomain,
        options: &PlanOptions,
        ev: &mut Evaluator,
        stats: &mut SearchStats,
        budget: &SearchBudget,
    ) -> Option<Outcome> {
        let w = c.words;
        let sl = self.state_len;
        let root_est = ev.root_est;
        let lazy_from = ev.lazy_from;
        let full_is_hmax = ev.full_is_hmax;
        let adaptive = ev.adaptive;
        let typical_cost = ev.typical_cost;
        let end = SliceEnd::of(budget, stats.expanded);
        loop {
            if end.reached(stats.expanded) {
                return None;
            }
            let Some(Reverse((key, n))) = self.open.pop() else {
                break;
            };
            let (f_bits, seq) = ((key >> 64) as u64, key as u32);
            let ni = n as usize;
            if self.nodes[ni].open_seq != seq {
                continue; // stale entry
            }
            self.nodes[ni].open_seq = NOT_OPEN;
            let sw = ni * sl;
            if self.is_goal_at(c, sw) {
                stats.stored = self.nodes.len() as u64;
                return Some(Outcome::Found(self.extract(n, c)));
            }
            let f_entry = f64::from_bits(f_bits);
            if self.nodes[ni].g + self.h(ni) > f_entry {
                // Its bound rose after the push (another path's landmarks).
                self.push(n);
                continue;
            }
            let mut have_partition = false;
            // Auto starts evaluating once the root estimate is shown too low, then scores
            // every popped node (scoring only some would mix estimates and re-open nodes).
            ev.lazy_started |= stats.expanded >= lazy_from && (!adaptive || f_entry > root_est);
            if ev.lazy_on && ev.lazy_started && self.nodes[ni].h_full == UNEVALUATED {
                let state = &self.states[sw..sw + w];
                let h = if full_is_hmax {
                    self.relaxed.hmax_value(c, state)
                } else {
                    // The parent's landmarks that the action to this node is in none of
                    // are this node's too: LM-cut starts from them, if they were kept.
                    let parent = self.nodes[ni].parent as usize;
                    let kept = self.nodes.get(parent).and_then(|p| p.landmarks);
                    // While `Auto` decides whether evaluations pay, they are plain LM-cut:
                    // seeded values differ a little, and its thresholds were set on these.
                    let deciding = adaptive && self.relaxed.evaluations < AUTO_DECIDE_WITHIN;
                    let h = match kept {
                        Some(at) if !deciding => {
                            let action = self.nodes[ni].action;
                            let known = self.lm_arena.inherit(at, action, &mut self.full_lms);
                            let more = self.relaxed.lmcut_seeded(
                                c,
                                state,
                                Some(&mut self.node_lms),
                                &self.full_lms,
                            );
                            self.full_lms.append(&self.node_lms);
                            known + more
                        }
                        _ => {
                            let h = self.relaxed.lmcut(c, state, Some(&mut self.node_lms));
                            std::mem::swap(&mut self.full_lms, &mut self.node_lms);
                            h
                        }
                    };
                    if h != f64::INFINITY {
                        self.nodes[ni].landmarks = self.lm_arena.store(&self.full_lms);
                    }
                    self.partitions.scatter(&self.full_lms, &self.active_pos);
                    have_partition = true;
                    h
                };
                self.nodes[ni].h_full = h;
                if h == f64::INFINITY {
                    self.partitions.clear();
                    self.nodes[ni].closed = true; // relaxed dead end
                    continue;
                }
                let h_now = self.h(ni);
                let f = self.nodes[ni].g + h_now;
                let raised = f > f_entry;
                if raised {
                    stats.raised += 1;
                    self.nodes[ni].raised = true;
                    ev.raise_sum += f - f_entry;
                }
                if adaptive
                    && self.relaxed.evaluations > AUTO_SAMPLE
                    && self.relaxed.evaluations <= AUTO_DECIDE_WITHIN
                    && ev.raise_sum < self.relaxed.evaluations as f64 * typical_cost
                {
                    // On average an evaluation raises a bound by less than a typical
                    // action's cost: it reorders within plateaus but prunes little.
                    ev.lazy_on = false;
                    if ev.demote {
                        ev.demoted = true;
                        return None;
                    }
                }
                // Still the best node? Then expand it now instead of re-queueing it.
                let still_first = match self.open.peek() {
                    Some(Reverse((top, _))) => open_key(f, h_now, 0) <= *top,
                    None => true,
                };
                if raised && !still_first {
                    if have_partition {
                        self.nodes[ni].partition = self.partitions.store();
                    }
                    self.push(n);
                    continue;
                }
            }
            if !have_partition {
                if let Some(at) = self.nodes[ni].partition {
                    self.partitions.load(at);
                    have_partition = true;
                }
            }
            self.nodes[ni].closed = true;
            stats.expanded += 1;
            if self.nodes[ni].raised {
                ev.raised_expanded += 1;
                if adaptive
                    && ev.raised_expanded * 2 > stats.raised
                    && stats.raised >= AUTO_SAMPLE
                    && self.relaxed.evaluations <= AUTO_DECIDE_WITHIN
                {
                    // Most nodes LM-cut deferred get expanded anyway (a wide plateau, as
                    // in gripper): the evaluations do not save their cost.
                    ev.lazy_on = false;
                    if ev.demote {
                        ev.demoted = true;
                        return None;
                    }
                }
            }
            let g = self.nodes[ni].g;
            let h_parent = if have_partition {
                self.nodes[ni].h_full
            } else {
                f64::NAN
            };
            // Room in the open list for every successor (and a re-push), fallibly.
            if let Err(e) = self.reserve_open(self.active.len() + 1) {
                return Some(Outcome::OutOfMemory(e));
            }
            // Successors, in action registration order. `amask` is taken out of `self` for
            // the loop so that `successor` may borrow `self` mutably.
            let amask = std::mem::take(&mut self.amask);
            let mut limit = false;
            if sl == 1 {
                let x = self.states[ni];
                for (ai, m) in amask.chunks_exact(4).enumerate() {
                    if x & m[0] != m[0] || x & m[1] != 0 {
                        continue;
                    }
                    let y = (x & !m[3]) | m[2];
                    if y == x {
                        continue;
                    }
                    self.child[0] = y;
                    if !self.successor(c, n, ai, g, h_parent, options.max_nodes, stats) {
                        limit = true;
                        break;
                    }
                }
            } else {
                for (ai, m) in amask.chunks_exact(4 * w).enumerate() {
                    let (pos, rest) = m.split_at(w);
                    let (neg, rest) = rest.split_at(w);
                    let (add, del) = rest.split_at(w);
                    let s = &self.states[sw..sw + sl];
                    let applicable = s
                        .iter()
                        .zip(pos.iter().zip(neg))
                        .all(|(&x, (&p, &q))| x & p == p && x & q == 0);
                    if !applicable {
                        continue;
                    }
                    let a = self.active[ai] as usize;
                    if sl > w && !numeric::holds(c, s, w, c.var_pre(a)) {
                        continue;
                    }
                    let mut changed = false;
                    for (i, &x) in s[..w].iter().enumerate() {
                        let y = (x & !del[i]) | add[i];
                        changed |= y != x;
                        self.child[i] = y;
                    }
                    if sl > w {
                        self.child[w..].copy_from_slice(&s[w..]);
                        if !numeric::apply(c, a, &mut self.child, w) {
                            continue; // a variable would leave its range
                        }
                        changed |= self.child[w..] != s[w..];
                    }
                    if !changed {
                        continue;
                    }
                    if !self.successor(c, n, ai, g, h_parent, options.max_nodes, stats) {
                        limit = true;
                        break;
                    }
                }
            }
            self.amask = amask;
            if limit {
                stats.stored = self.nodes.len() as u64;
                return Some(match self.oom.take() {
                    Some(e) => Outcome::OutOfMemory(e),
                    None => Outcome::LimitReached,
                });
            }
            if have_partition {
                self.partitions.clear();
            }
        }
        stats.stored = self.nodes.len() as u64;
        Some(Outcome::NoPlan)
    }

    /// Makes room for `more` open-list entries, failing instead of aborting.
    fn reserve_open(&mut self, more: usize) -> Result<(), OutOfMemory> {
        let want = self.open.len() + more;
        reserve(&mut self.open, want, || {
            format!("the search's open list ({want} entries)")
        })
    }

    fn is_goal_at(&self, c: &CompiledDomain, offset: usize) -> bool {
        let w = self.goal_pos.len();
        let s = &self.states[offset..offset + self.state_len];
        satisfies(&s[..w], &self.goal_pos, &self.goal_neg)
            && (self.state_len == w || numeric::holds(c, s, w, &self.numeric.goal_conds))
    }

    /// The estimate of node `n`: the boolean one plus the numeric `split`, or the numeric
    /// `full` when that is larger.
    #[inline(always)]
    fn h(&self, n: usize) -> f64 {
        let h = self.nodes[n].h_bool();
        if self.numeric_estimate {
            let (split, full) = self.node_num[n];
            (h + split).max(full)
        } else {
            h
        }
    }

    #[inline]
    fn push(&mut self, n: u32) {
        let h = self.h(n as usize);
        let node = &mut self.nodes[n as usize];
        let f = node.g + h;
        // Sequence numbers wrap after 2^32 pushes; NOT_OPEN is skipped.
        let seq = self.seq;
        self.seq = self.seq.wrapping_add(1);
        if self.seq == NOT_OPEN {
            self.seq = 0;
        }
        node.open_seq = seq;
        self.open.push(Reverse((open_key(f, h, seq), n)));
    }

    fn extract(&self, mut n: u32, c: &CompiledDomain) -> Plan {
        let mut len = 0;
        let mut m = n;
        while self.nodes[m as usize].parent != NONE {
            len += 1;
            m = self.nodes[m as usize].parent;
        }
        let mut actions = Vec::with_capacity(len);
        while self.nodes[n as usize].parent != NONE {
            actions.push(ActionId(self.nodes[n as usize].action));
            n = self.nodes[n as usize].parent;
        }
        actions.reverse();
        Plan::priced(actions, &c.costs)
    }
}

#[cfg(test)]
mod tests {
    use super::{backward_charge, backward_share, SearchStats};

    fn stats(expanded: u64, generated: u64) -> SearchStats {
        SearchStats {
            expanded,
            generated,
            ..SearchStats::default()
        }
    }

    /// A slice's budget converts between the directions by successors generated: where
    /// a forward expansion generates 100 successors and a backward one 4, 10 forward
    /// expansions' worth is 250 backward expansions, and those cost the 10 back.
    #[test]
    fn slices_weigh_backward_expansions_by_their_successors() {
        let fw = stats(1_000, 100_000);
        let bw = stats(200, 800);
        assert_eq!(backward_share(10, &fw, &bw), 250);
        assert_eq!(backward_charge(250, 1_000, &fw), 10);
        // Where backward expansions generate more (38 against 3.4, blocksworld), fewer.
        let fw = stats(10_000, 34_000);
        let bw = stats(1_000, 38_000);
        assert_eq!(backward_share(1_000, &fw, &bw), 89);
        assert_eq!(backward_charge(89, 3_382, &fw), 995);
        // Rounding up, at least one expansion, and none charged for none.
        assert_eq!(backward_share(1, &fw, &bw), 1);
        assert_eq!(backward_charge(1, 1, &fw), 1);
        assert_eq!(backward_charge(0, 0, &fw), 0);
        // Before either has expanded a node: one for one.
        assert_eq!(backward_share(7, &stats(0, 0), &stats(0, 0)), 7);
        // No overflow at the extremes.
        let huge = stats(1, u64::MAX);
        assert_eq!(backward_share(u64::MAX, &huge, &stats(1, 1)), u64::MAX);
        assert_eq!(backward_charge(1, u64::MAX, &stats(u64::MAX, 1)), u64::MAX);
    }

    /// A bounded uniform-cost search that does not end within its expansions is set up as
    /// usual (root landmarks) and starts again: the plan is still optimal. (The bound is the
    /// task's state count, so this only happens when it is lowered, as here.)
    #[test]
    fn a_bounded_search_past_its_bound_is_set_up_as_usual() {
        use super::{Phase, Search, SearchBudget, Stage};
        use crate::domain::{ActionDef, Domain, FactValue};
        use crate::planner::{ActionContext, Heuristic, PlanOptions};
        use crate::state::WorldState;
        let n = 80;
        let mut d = Domain::new();
        let cell: Vec<_> = (0..n)
            .map(|k| d.add_fact(&format!("cell{k}")).unwrap())
            .collect();
        for k in 0..n - 1 {
            for (from, to) in [(k, k + 1), (k + 1, k)] {
                d.add_action(ActionDef {
                    name: format!("move_{from}_{to}"),
                    pre: vec![FactValue::new(cell[from], true)],
                    effects: vec![
                        FactValue::new(cell[from], false),
                        FactValue::new(cell[to], true),
                    ],
                    cost: 1.0 + (from % 3) as f64,
                    ..Default::default()
                })
                .unwrap();
            }
        }
        let mut start = WorldState::new();
        start.set(cell[10], true);
        let goal = d.conditions([FactValue::new(cell[70], true)]).unwrap();
        let (o, ctx) = (PlanOptions::default(), ActionContext::new());
        let whole = Search::default().run(&d, &start, &goal, &o, &ctx);
        assert_eq!(whole.stats.evaluations, 0, "bounded: {:?}", whole.stats);
        let mut search = Search::default();
        search.begin(&d, &start, &goal, &o, &ctx);
        match &mut search.phase {
            Phase::Running(run) => {
                // 80 cells and none: 81 states, so 82 expansions.
                assert!(matches!(run.stage, Stage::Bounded(82)), "{:?}", run.stage);
                run.stage = Stage::Bounded(5);
            }
            _ => panic!("running"),
        }
        let r = loop {
            if let Some(r) = search.resume(&SearchBudget::expansions(2)) {
                break r;
            }
        };
        let blind = PlanOptions {
            heuristic: Heuristic::Blind,
            ..o
        };
        let b = Search::default().run(&d, &start, &goal, &blind, &ctx);
        assert_eq!(r.plan().unwrap().cost, b.plan().unwrap().cost);
        assert_eq!(r.plan().unwrap().cost, whole.plan().unwrap().cost);
        assert!(r.stats.evaluations >= 1, "set up again: {:?}", r.stats);
        assert!(r.stats.expanded > whole.stats.expanded, "{:?}", r.stats);
    }
}
