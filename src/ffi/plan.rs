//! Planning: options, results, and the two plan calls.

use std::sync::Arc;

use super::args::{grown_size, read_def, write_grown, write_out};
use super::error::FfiError;
use super::fact::{list_error, read_fact_values, GoapFactValue};
use super::guard::run_value;
use super::ids::{encode_action, read_domain, GoapActionId, GoapDomainId};
use super::status::GoapStatus;
use super::var::{read_var_conditions, read_var_values, GoapVarCondition, GoapVarValue};
use super::world::{world_ref, GoapWorld};
use crate::domain::Goal;
use crate::planner::{Direction, Heuristic, Outcome, PlanOptions, PlanResult};
use crate::state::WorldState;
use crate::world::{start_state, start_state_with, DomainEntry, World, WorldError};

/// Values of GoapPlanOptions.heuristic. Every heuristic is admissible, so every choice
/// returns a minimum-cost plan; they differ in speed only.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapHeuristic {
    /// The default: small tasks (at most 16,384 states of the facts the goal's relevant
    /// actions and the goal read, an at-most-one group counting as one value and facts no
    /// relevant action changes left out; at most 262,144 states × relevant actions; whole
    /// costs from 0 to 255; no variables, no cost overrides) walk an exact goal-distance
    /// table kept per (domain, goal, disabled actions, values of the unchanged facts):
    /// only the plan's states are expanded. A key's first search on a planner builds its
    /// table (a world's planners share theirs: once per world), in one piece whatever the
    /// step budget (up to about 1.5 ms). Tasks whose groups leave at most 256 states but
    /// with too many facts for a table run a bounded uniform-cost search first. Other
    /// domains
    /// of at most 20 actions without variables first run up to 32 uniform-cost
    /// expansions with no setup (most small searches end there); then root landmarks,
    /// with lazy LM-cut once a search grows large.
    Auto = 0,
    /// LM-cut for every node (incremental: a node's starts from its parent's landmarks).
    Lmcut = 1,
    /// Root landmarks only (cheapest per node).
    Landmarks = 2,
    /// h_max (weaker; for comparison).
    Hmax = 3,
    /// No heuristic: uniform-cost search (for comparison), with the same probe as
    /// GOAP_HEURISTIC_AUTO.
    Blind = 4,
}

/// Values of GoapPlanOptions.direction and GoapAgentDef.direction (and, FORWARD or
/// BACKWARD, of GoapPlanResult.direction). Both directions return minimum-cost plans.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapDirection {
    /// The default: forward, then both directions in turns. Where no action and not the
    /// goal uses an integer variable and the forward search has not decided within 16,384
    /// generated successors (AUTO_BACKWARD_AFTER in the Rust API) and branches more (its
    /// successors per expansion) than the backward search's root would (the enabled
    /// actions with an effect on a goal fact), the backward search starts and the two
    /// alternate with doubling budgets of generated successors; the first to decide ends
    /// the search (GoapPlanResult.direction tells which). Deterministic: turns end at
    /// counts, never on time. The node limit applies to each direction alone. Node budgets
    /// of slices (GoapAgentDef.step_max_expansions, a batch's max_nodes, goap plan
    /// --slice) count a backward expansion as the forward expansions that generate as many
    /// successors, so slices keep about the same length.
    Auto = 0,
    /// Forward A* from the start state.
    Forward = 1,
    /// Backward (regression) A* from the goal over partial states, with an h_max estimate.
    /// It can win on domains with very many actions of which few can matter for the goal,
    /// and loses badly on many others (blocksworld, gripper). Where an action or the goal
    /// uses an integer variable the search runs forward instead (GoapPlanResult.direction
    /// tells).
    Backward = 2,
}

/// Values of GoapPlanResult.outcome.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapOutcome {
    /// A minimum-cost plan was found (empty when the start already satisfies the goal).
    Found = 0,
    /// The goal cannot be reached from the start state.
    NoPlan = 1,
    /// The node limit stopped the search before it could decide.
    Limit = 2,
}

const PLAN_OPTIONS_COOKIE: u32 = 0x6F61_5002;

/// Options of one plan call. Obtain from goap_plan_options_default(), then change fields;
/// or pass NULL for the defaults.
///
/// Layout: direction was appended with the backward search (the hidden cookie changed);
/// code compiled against an older goap.h must be recompiled.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapPlanOptions {
    /// Internal: set by goap_plan_options_default() to detect uninitialised options.
    /// Do not change.
    pub cookie: u32,
    /// Maximum number of distinct states the search may store; when it needs more, the
    /// result is GOAP_OUTCOME_LIMIT. Default 1000000. Two answers need no search and come
    /// whatever the limit, 0 included: GOAP_OUTCOME_FOUND (empty plan) when the start state
    /// already satisfies the goal, and GOAP_OUTCOME_NO_PLAN when the reachability check
    /// that runs before the search proves the goal unreachable (say, a goal fact that no
    /// action makes true). Otherwise 0 gives GOAP_OUTCOME_LIMIT without searching.
    pub max_nodes: u32,
    /// A GoapHeuristic value. Default GOAP_HEURISTIC_AUTO. The backward search uses h_max
    /// whatever this says, except that GOAP_HEURISTIC_BLIND makes it uniform-cost.
    pub heuristic: i32,
    /// A GoapDirection value. Default GOAP_DIRECTION_AUTO.
    pub direction: i32,
}

/// The default plan options. Always use it to initialise a GoapPlanOptions.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_plan_options_default() -> GoapPlanOptions {
    run_value("goap_plan_options_default", PLAN_OPTIONS_DEFAULT, || {
        PLAN_OPTIONS_DEFAULT
    })
}

const PLAN_OPTIONS_DEFAULT: GoapPlanOptions = GoapPlanOptions {
    cookie: PLAN_OPTIONS_COOKIE,
    max_nodes: PlanOptions::DEFAULT_MAX_NODES,
    heuristic: GoapHeuristic::Auto as i32,
    direction: GoapDirection::Auto as i32,
};

/// What a plan call did. All fields are written whenever the status is GOAP_STATUS_OK or
/// GOAP_STATUS_BUFFER_TOO_SMALL.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapPlanResult {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// A GoapOutcome value.
    pub outcome: i32,
    /// Number of actions in the plan (0 unless the outcome is GOAP_OUTCOME_FOUND). With
    /// GOAP_STATUS_BUFFER_TOO_SMALL: the capacity needed.
    pub action_count: u32,
    /// Total cost of the plan (0 unless the outcome is GOAP_OUTCOME_FOUND): the sum of its
    /// actions' costs in plan order, as doubles. Plans whose costs differ by less than
    /// floating-point rounding (about 1e-15 relative) may be taken for equal, so another
    /// plan may be cheaper by that much.
    pub cost: f64,
    /// Search nodes expanded.
    pub expanded: u64,
    /// Successor states generated (including duplicates).
    pub generated: u64,
    /// Wall-clock time of the search in microseconds. Not measured (0) for a search that
    /// ends within its first 32 expansions on a domain of at most 20 actions (the probe;
    /// at most a few microseconds, where reading the clock would cost a fifth of the
    /// search); a search that goes on is timed from its setup on.
    pub micros: u64,
    /// Heuristic estimate of the start state (a lower bound on the cost; 0 when unknown,
    /// as with blind search, or when the default search ended within its first 32
    /// expansions, which use no heuristic; the optimal cost when it walked an exact table).
    pub initial_h: f64,
    /// The direction of the search that decided: GOAP_DIRECTION_FORWARD or
    /// GOAP_DIRECTION_BACKWARD (with GOAP_DIRECTION_AUTO, the one that finished first). Appended in a later version: a caller whose
    /// `size` ends before it does not get it.
    pub direction: i32,
}

impl Default for GoapPlanResult {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapPlanResult {
    const FIRST_SIZE: usize = std::mem::offset_of!(GoapPlanResult, direction);
}

/// Options from a possibly NULL pointer.
///
/// # Safety
/// A non-NULL `options` must be readable.
unsafe fn read_options(options: *const GoapPlanOptions) -> Result<PlanOptions, FfiError> {
    if options.is_null() {
        return Ok(PlanOptions::default());
    }
    // SAFETY: non-NULL and readable by the caller's contract.
    let o = unsafe {
        read_def(
            "options",
            options,
            |o| o.cookie,
            PLAN_OPTIONS_COOKIE,
            "goap_plan_options_default",
        )
    }?;
    Ok(PlanOptions {
        max_nodes: o.max_nodes,
        heuristic: heuristic_of("options->heuristic", o.heuristic)?,
        direction: direction_of("options->direction", o.direction)?,
    })
}

/// The direction a GoapDirection value names; `what` names the field in messages.
pub(crate) fn direction_of(what: &str, value: i32) -> Result<Direction, FfiError> {
    Ok(match value {
        0 => Direction::Auto,
        1 => Direction::Forward,
        2 => Direction::Backward,
        d => {
            return Err(FfiError::invalid(format!(
                "{what} is {d} (expected a GOAP_DIRECTION_* value, 0 to 2)"
            )))
        }
    })
}

/// The heuristic a GoapHeuristic value names; `what` names the field in messages.
pub(crate) fn heuristic_of(what: &str, value: i32) -> Result<Heuristic, FfiError> {
    Ok(match value {
        0 => Heuristic::Auto,
        1 => Heuristic::LmCut,
        2 => Heuristic::Landmarks,
        3 => Heuristic::HMax,
        4 => Heuristic::Blind,
        h => {
            return Err(FfiError::invalid(format!(
                "{what} is {h} (expected a GOAP_HEURISTIC_* value, 0 to 4)"
            )))
        }
    })
}

/// Output arguments of a plan call.
struct PlanOutputs {
    actions: *mut GoapActionId,
    capacity: u32,
    result: *mut GoapPlanResult,
    /// The caller's `result->size` (see `args::Grows`).
    result_size: u32,
}

impl PlanOutputs {
    fn check(&self) -> Result<(), FfiError> {
        if self.actions.is_null() && self.capacity > 0 {
            return Err(FfiError::null(&format!(
                "argument `out_actions` (with capacity {})",
                self.capacity
            )));
        }
        if !self.actions.is_aligned() {
            return Err(FfiError::invalid("out_actions is not aligned"));
        }
        Ok(())
    }

    /// Writes the result (and the actions when they fit).
    ///
    /// # Safety
    /// `result` must be non-NULL and writable; `actions` valid for `capacity` writes.
    unsafe fn write(&self, entry: &DomainEntry, r: &PlanResult) -> Result<(), FfiError> {
        let (outcome, plan) = match &r.outcome {
            Outcome::Found(p) => (GoapOutcome::Found, Some(p)),
            Outcome::NoPlan => (GoapOutcome::NoPlan, None),
            Outcome::LimitReached => (GoapOutcome::Limit, None),
            Outcome::OutOfMemory(e) => {
                return Err(FfiError::new(GoapStatus::OutOfMemory, e.to_string()))
            }
        };
        let steps = plan.map_or(&[][..], |p| &p.actions[..]);
        let count = super::args::len_u32("the plan", steps.len())?;
        let summary = GoapPlanResult {
            size: 0,
            outcome: outcome as i32,
            action_count: count,
            cost: plan.map_or(0.0, |p| p.cost),
            expanded: r.stats.expanded,
            generated: r.stats.generated,
            micros: u64::try_from(r.stats.elapsed.as_micros()).unwrap_or(u64::MAX),
            initial_h: r.stats.initial_h,
            direction: if r.stats.backward {
                GoapDirection::Backward
            } else {
                GoapDirection::Forward
            } as i32,
        };
        // SAFETY: result is non-NULL (guard) and writable for result_size bytes.
        unsafe { write_grown(self.result, self.result_size, summary) };
        if count > self.capacity {
            return Err(FfiError::new(
                GoapStatus::BufferTooSmall,
                format!(
                    "out_actions has capacity {} but the plan has {} \
                     (out_result->action_count)",
                    self.capacity,
                    super::args::counted(steps.len(), "action")
                ),
            ));
        }
        for (i, a) in steps.iter().enumerate() {
            // SAFETY: i < count <= capacity, and actions is valid for capacity writes.
            unsafe { write_out(self.actions.add(i), encode_action(entry.id(), *a)) };
        }
        Ok(())
    }
}

/// The checks and reads both plan calls start with: output buffers, options, the world
/// and a snapshot of the domain.
///
/// # Safety
/// `world` is non-NULL and live; `options` is NULL or readable.
unsafe fn begin_plan<'a>(
    world: *const GoapWorld,
    domain: GoapDomainId,
    options: *const GoapPlanOptions,
    out_actions: *mut GoapActionId,
    capacity: u32,
    out_result: *mut GoapPlanResult,
) -> Result<(&'a World, Arc<DomainEntry>, PlanOptions, PlanOutputs), FfiError> {
    // SAFETY: out_result is non-NULL (the callers' guards) and readable.
    let result_size = unsafe { grown_size(out_result, "out_result") }?;
    let out = PlanOutputs {
        actions: out_actions,
        capacity,
        result: out_result,
        result_size,
    };
    out.check()?;
    // SAFETY: options is NULL or readable.
    let options = unsafe { read_options(options) }?;
    // SAFETY: world is non-NULL and live.
    let world = unsafe { world_ref(world) };
    let entry = read_domain(world, domain)?;
    Ok((world, entry, options, out))
}

/// Plans on a domain read-locked from `world`, then writes the outputs.
///
/// # Safety
/// As [`PlanOutputs::write`].
unsafe fn plan_and_write(
    world: &World,
    entry: &DomainEntry,
    start: &WorldState,
    goal: &Goal,
    options: &PlanOptions,
    out: &PlanOutputs,
) -> Result<(), FfiError> {
    let result = world.plan_with(entry.domain(), start, goal, options);
    // SAFETY: forwarded from the caller.
    unsafe { out.write(entry, &result) }
}

/// Plans from the domain's stored start state (goap_domain_set_start,
/// goap_domain_set_start_vars) to its stored goal (goap_domain_set_goal,
/// goap_domain_set_goal_vars), returning a minimum-cost plan (up to floating-point rounding:
/// see GoapPlanResult.cost).
///
/// `options` may be NULL for the defaults; it is read during the call only. On
/// GOAP_STATUS_OK, `*out_result` describes the search and, when its outcome is
/// GOAP_OUTCOME_FOUND, the first `out_result->action_count` entries of `out_actions`
/// hold the plan's action ids in execution order. GOAP_OUTCOME_NO_PLAN and
/// GOAP_OUTCOME_LIMIT are not errors: the status is GOAP_STATUS_OK.
///
/// `out_actions` may be NULL when `capacity` is 0 (to ask for the plan length). If the
/// plan has more actions than `capacity`, the status is GOAP_STATUS_BUFFER_TOO_SMALL,
/// `*out_result` is written in full (action_count = the capacity needed) and nothing is
/// written to `out_actions`: the one exception to "outputs are written only on success".
/// Planning again with a big enough buffer gives the same plan (planning is deterministic).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out_result, or out_actions NULL with capacity >
/// 0), GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_ARGUMENT (options not from
/// goap_plan_options_default(), unknown heuristic or direction), GOAP_STATUS_NO_GOAL (no goal stored),
/// GOAP_STATUS_BUFFER_TOO_SMALL (see above), GOAP_STATUS_OUT_OF_MEMORY (the domain or the
/// search needs a table over the planner's per-table limit, 1 GiB by default, or the
/// allocator refused one; the last error names it). Nothing is written on other errors.
/// Thread safety: a read (see THREADING): plans on a snapshot of the domain as it was when
/// the call started, holding no lock while it searches; runs in parallel with other plans
/// and with edits, and never makes them wait.
///
/// # Safety
/// `world` must be a live world; `options` NULL or readable; `out_actions` valid for
/// `capacity` writes; `out_result` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_plan(
    world: *const GoapWorld,
    domain: GoapDomainId,
    options: *const GoapPlanOptions,
    out_actions: *mut GoapActionId,
    capacity: u32,
    out_result: *mut GoapPlanResult,
) -> GoapStatus {
    guard!("goap_domain_plan", [world, out_result], {
        // SAFETY: forwarded from this function's contract; world is non-NULL (guard).
        let (world, entry, options, out) =
            unsafe { begin_plan(world, domain, options, out_actions, capacity, out_result) }?;
        let goal = entry.goal().ok_or(WorldError::NoGoal(entry.id()))?;
        // SAFETY: out_result is non-NULL; the buffers are valid by the caller's contract.
        unsafe { plan_and_write(world, &entry, entry.start(), goal, &options, &out) }
    })
}

/// Plans from an explicit start state to an explicit goal (for example the engine's
/// sensed state), ignoring the domain's stored start and goal. In `start`, exactly the
/// facts listed with value 1 are true and every variable has its default; `goal` lists
/// required fact values (no variable conditions). Both arrays are read during the call
/// only and may be NULL when their count is 0. goap_domain_plan_problem also takes
/// variables.
///
/// Outputs, buffer rules and the BUFFER_TOO_SMALL exception are as goap_domain_plan.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out_result, an array NULL with a non-zero
/// count), GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_INVALID_ARGUMENT
/// (a value not 0 or 1, bad options), GOAP_STATUS_CONTRADICTION (a list names a fact as
/// both 1 and 0), GOAP_STATUS_BUFFER_TOO_SMALL, GOAP_STATUS_OUT_OF_MEMORY (as
/// goap_domain_plan). Nothing is written on other errors.
/// Thread safety: as goap_domain_plan (the explicit start and goal are checked against the
/// same snapshot).
///
/// # Safety
/// `world` must be a live world; `start`/`goal` valid for their counts; `options` NULL or
/// readable; `out_actions` valid for `capacity` writes; `out_result` valid for a write.
// A flat C signature; a struct of inputs would not make the call clearer.
#[allow(clippy::too_many_arguments)]
#[no_mangle]
pub unsafe extern "C" fn goap_domain_plan_from(
    world: *const GoapWorld,
    domain: GoapDomainId,
    start: *const GoapFactValue,
    start_count: u32,
    goal: *const GoapFactValue,
    goal_count: u32,
    options: *const GoapPlanOptions,
    out_actions: *mut GoapActionId,
    capacity: u32,
    out_result: *mut GoapPlanResult,
) -> GoapStatus {
    guard!("goap_domain_plan_from", [world, out_result], {
        // SAFETY: forwarded from this function's contract; world is non-NULL (guard).
        let (world, entry, options, out) =
            unsafe { begin_plan(world, domain, options, out_actions, capacity, out_result) }?;
        // SAFETY: start and goal are valid for their counts.
        let (start_values, goal_values) = unsafe {
            (
                read_fact_values(&entry, "start", start, start_count)?,
                read_fact_values(&entry, "goal", goal, goal_count)?,
            )
        };
        let start = start_state(entry.domain(), &start_values)
            .map_err(|e| list_error(&entry, "start", e))?;
        let goal = entry
            .domain()
            .conditions(goal_values)
            .map_err(|e| list_error(&entry, "goal", e))?;
        // SAFETY: out_result is non-NULL; the buffers are valid by the caller's contract.
        unsafe { plan_and_write(world, &entry, &start, &goal, &options, &out) }
    })
}

pub(crate) const PROBLEM_COOKIE: u32 = 0x6F61_5201;

/// An explicit planning problem for goap_domain_plan_problem: a start state and a goal over
/// a domain's facts and variables. Obtain from goap_problem_default(), then set the fields.
/// Every array is read during the call only and may be NULL when its count is 0.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapProblem {
    /// Internal: set by goap_problem_default() to detect uninitialised problems.
    /// Do not change.
    pub cookie: u32,
    /// Start facts: exactly the facts listed with value 1 are true. Default none.
    pub start: *const GoapFactValue,
    /// Number of entries in `start`.
    pub start_count: u32,
    /// Start variables: each listed variable has its value (within its range), every
    /// other one its default. Default none.
    pub start_vars: *const GoapVarValue,
    /// Number of entries in `start_vars`.
    pub start_var_count: u32,
    /// Goal facts: each must have its value. Default none.
    pub goal: *const GoapFactValue,
    /// Number of entries in `goal`.
    pub goal_count: u32,
    /// Goal variable conditions: each must hold. Default none. A problem without any goal
    /// condition is solved by the empty plan.
    pub goal_vars: *const GoapVarCondition,
    /// Number of entries in `goal_vars`.
    pub goal_var_count: u32,
}

/// The default problem: every fact false, every variable at its default, an empty goal.
/// Always use it to initialise a GoapProblem.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_problem_default() -> GoapProblem {
    run_value("goap_problem_default", PROBLEM_DEFAULT, || PROBLEM_DEFAULT)
}

const PROBLEM_DEFAULT: GoapProblem = GoapProblem {
    cookie: PROBLEM_COOKIE,
    start: std::ptr::null(),
    start_count: 0,
    start_vars: std::ptr::null(),
    start_var_count: 0,
    goal: std::ptr::null(),
    goal_count: 0,
    goal_vars: std::ptr::null(),
    goal_var_count: 0,
};

/// Plans from an explicit start state to an explicit goal, both over the domain's facts
/// and variables (`*problem`, see GoapProblem), ignoring the domain's stored start and
/// goal: goap_domain_plan_from with variables. `problem` and its arrays are read during the
/// call only.
///
/// Outputs, buffer rules and the BUFFER_TOO_SMALL exception are as goap_domain_plan.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, problem, out_result, an array of the problem
/// NULL with a non-zero count, out_actions NULL with capacity > 0),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR,
/// GOAP_STATUS_INVALID_ARGUMENT (problem not from goap_problem_default(), a fact value not
/// 0 or 1, a goal op that is not a GoapCompare value, bad options),
/// GOAP_STATUS_OUT_OF_RANGE (a start value or goal constant outside its variable's
/// [min, max]), GOAP_STATUS_CONTRADICTION (a list names a fact as both 1 and 0, a start
/// variable is listed with two different values, or the goal's conditions on one variable
/// can never hold together), GOAP_STATUS_BUFFER_TOO_SMALL, GOAP_STATUS_OUT_OF_MEMORY (as
/// goap_domain_plan). Nothing is written on other errors.
/// Thread safety: as goap_domain_plan (the problem is checked against the same snapshot).
///
/// # Safety
/// `world` must be a live world; `problem` readable, with its arrays valid for their
/// counts; `options` NULL or readable; `out_actions` valid for `capacity` writes;
/// `out_result` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_plan_problem(
    world: *const GoapWorld,
    domain: GoapDomainId,
    problem: *const GoapProblem,
    options: *const GoapPlanOptions,
    out_actions: *mut GoapActionId,
    capacity: u32,
    out_result: *mut GoapPlanResult,
) -> GoapStatus {
    guard!("goap_domain_plan_problem", [world, problem, out_result], {
        // SAFETY: problem is non-NULL (guard) and readable.
        let p = unsafe {
            read_def(
                "problem",
                problem,
                |p| p.cookie,
                PROBLEM_COOKIE,
                "goap_problem_default",
            )
        }?;
        // SAFETY: forwarded from this function's contract; world is non-NULL (guard).
        let (world, entry, options, out) =
            unsafe { begin_plan(world, domain, options, out_actions, capacity, out_result) }?;
        // SAFETY: the problem's arrays are valid for their counts.
        let (start_facts, start_vars, goal_facts, goal_vars) = unsafe {
            (
                read_fact_values(&entry, "problem->start", p.start, p.start_count)?,
                read_var_values(
                    &entry,
                    "problem->start_vars",
                    p.start_vars,
                    p.start_var_count,
                )?,
                read_fact_values(&entry, "problem->goal", p.goal, p.goal_count)?,
                read_var_conditions(&entry, "problem->goal_vars", p.goal_vars, p.goal_var_count)?,
            )
        };
        let start = start_state_with(entry.domain(), &start_facts, &start_vars)
            .map_err(|e| list_error(&entry, "problem->start", e))?;
        let goal = entry
            .domain()
            .conditions_with(goal_facts, goal_vars.iter().copied())
            .map_err(|e| list_error(&entry, "problem->goal", e))?;
        // SAFETY: out_result is non-NULL; the buffers are valid by the caller's contract.
        unsafe { plan_and_write(world, &entry, &start, &goal, &options, &out) }
    })
}
