//! The step/report protocol and what an agent can tell about itself: its state, its plan
//! and its replans.

use super::agent::{agent_error, agent_id, with_agent};
use super::args::{grown_size, write_grown, write_grown_slice, write_out, write_slice};
use super::error::FfiError;
use super::ids::{
    decode_goal, encode_action, encode_goal_or_null, GoapActionId, GoapAgentId, GoapGoalId, IdScope,
};
use super::status::GoapStatus;
use super::world::{goap_world_ref, GoapWorld};
use crate::agent::{ReplanCause, ReplanEvent, ReplanResult, Report, StepKind};

/// Values of GoapStep.kind: what the engine should do now.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapStepKind {
    /// Start performing GoapStep.action: it is new (the first action of a plan, the one
    /// after an action that succeeded, or the first of a new plan that replaced the one
    /// running; stop any other action in progress). Report its outcome with
    /// goap_agent_report.
    Start = 1,
    /// Keep performing GoapStep.action (started earlier, not yet reported finished). Also
    /// after a replan whose new plan begins with the action in progress (GoapStep.replanned
    /// is 1 then): it is not restarted.
    Continue = 2,
    /// Every enabled goal is satisfied, or none is enabled: nothing to do.
    Idle = 3,
    /// No enabled, unsatisfied goal has a plan from the believed state. The agent tries
    /// again when its state, goals, enabled actions or cooldowns change (and, for a goal
    /// whose search hit the node limit, when a cost changes).
    NoPlan = 4,
    /// A plan is needed and the agent's plan_in_step is 0: the next goap_world_plan_agents
    /// plans it. The action in progress, if any, is abandoned: stop it (a report before the
    /// next START returns GOAP_STATUS_NO_ACTION).
    Waiting = 5,
    /// A search is under way and this step's budget (GoapAgentDef.step_max_expansions,
    /// step_max_micros) ran out before it ended: the next step continues it. When
    /// GoapStep.action is not 0, that action is in progress: keep performing it and report
    /// on it as usual (the new plan continues it when it begins with it). When it is 0,
    /// there is nothing to do meanwhile. No new action starts until the search ends. A
    /// change of the believed state, goals, enabled actions, costs or cooldowns (a report
    /// that finishes the action included) starts the search over at the next step.
    Planning = 6,
}

/// What one goap_agent_step decided.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapStep {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// A GoapStepKind value.
    pub kind: i32,
    /// 1 when this step replanned (searched, or skipped steps of its plan), else 0.
    pub replanned: u32,
    /// The action to start or continue, or the action in progress during PLANNING (an
    /// action id of the agent's domain); GOAP_NULL_ACTION_ID otherwise.
    pub action: GoapActionId,
    /// The goal pursued (the goal of the plan, or the goal last chosen); GOAP_NULL_GOAL_ID
    /// when none.
    pub goal: GoapGoalId,
    /// Index of `action` in the agent's current plan (0 when there is no action).
    pub plan_index: u32,
}

impl Default for GoapStep {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapStep {}

/// Values for goap_agent_report: the outcome of the action the last step handed out.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapReport {
    /// Still in progress (nothing changes; reporting it is optional).
    Running = 1,
    /// Done: its effects are applied to the believed state and the next step hands out the
    /// next action.
    Succeeded = 2,
    /// It could not be done: the next step replans (GOAP_REPLAN_CAUSE_ACTION_FAILED), avoiding
    /// the action for the agent's failure_cooldown.
    Failed = 3,
}

/// Values of GoapReplanEvent.cause and GoapAgentInfo.last_cause, and the `cause` of
/// goap_agent_replan_count: why an agent replanned.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapReplanCause {
    /// It had no plan: new agent, plan finished, or a retry after "no plan" once its state,
    /// context or goals changed.
    NoPlan = 1,
    /// The current action was reported failed.
    ActionFailed = 2,
    /// The arbiter chose another goal (priorities changed, a goal was added, enabled,
    /// satisfied or found to have no plan).
    GoalChanged = 3,
    /// The rest of the plan no longer reaches the goal from the believed state (a
    /// precondition broke, a step's action was disabled, or it ends short of the goal).
    PlanInvalidated = 4,
    /// A later step's rest of the plan already reaches the goal: the steps before it were
    /// skipped, without a search.
    StepsSkipped = 5,
}

/// Values of GoapReplanEvent.result: how a replan ended.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapReplanResult {
    /// A plan was found (never empty: satisfied goals are not planned for).
    Found = 1,
    /// No candidate goal has a plan.
    NoPlan = 2,
    /// A search hit the agent's node limit and no goal had a plan.
    Limit = 3,
    /// Steps were skipped; no search ran.
    Skipped = 4,
    /// The goals tried before the current one had no plan and the plan in hand for the
    /// current goal is still valid: it was kept (not searched again; the action in progress
    /// goes on).
    Kept = 5,
}

// The ABI values are the core's.
const _: () = {
    assert!(GoapReplanCause::NoPlan as i32 == ReplanCause::NoPlan as i32);
    assert!(GoapReplanCause::ActionFailed as i32 == ReplanCause::ActionFailed as i32);
    assert!(GoapReplanCause::GoalChanged as i32 == ReplanCause::GoalChanged as i32);
    assert!(GoapReplanCause::PlanInvalidated as i32 == ReplanCause::PlanInvalidated as i32);
    assert!(GoapReplanCause::StepsSkipped as i32 == ReplanCause::StepsSkipped as i32);
};

/// One replan of an agent, from goap_agent_replans.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapReplanEvent {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// A GoapReplanCause value.
    pub cause: i32,
    /// A GoapReplanResult value.
    pub result: i32,
    /// The goal the new plan serves; GOAP_NULL_GOAL_ID when none was found. (The goal may
    /// have been removed since: its id is then stale.)
    pub goal: GoapGoalId,
    /// Number of actions of the new plan from its current step (0 when none).
    pub plan_len: u32,
    /// Cost of the new plan (0 when none).
    pub plan_cost: f64,
    /// Search nodes expanded by the replan's searches (as recorded when they ran, also
    /// when the plan cache answered).
    pub expanded: u64,
    /// Goals tried, in the arbiter's order (a goal without a plan falls through to the
    /// next).
    pub goals_tried: u32,
    /// Searches answered from the world's plan cache (equal searches running at the same
    /// time may each miss: see GoapBatchStats.cache_hits).
    pub cache_hits: u32,
    /// The agent's clock (the sum of the dt passed to goap_agent_step) when it happened.
    pub time: f64,
}

impl Default for GoapReplanEvent {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapReplanEvent {}

/// The state of an agent, from goap_agent_info.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapAgentInfo {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// The goal pursued (or last chosen); GOAP_NULL_GOAL_ID when none.
    pub goal: GoapGoalId,
    /// Number of actions of the current plan, the ones done included (0 without a plan).
    pub plan_len: u32,
    /// Index of the current (or next) action in the plan; plan_len when the plan is done.
    /// goap_agent_plan returns the plan_len - plan_index actions left.
    pub plan_index: u32,
    /// 1 while an action handed out by goap_agent_step has not been reported finished,
    /// else 0.
    pub acting: u32,
    /// The GoapReplanCause of the latest replan; 0 before the first.
    pub last_cause: i32,
    /// Number of goals of the agent.
    pub goal_count: u32,
    /// Replans of every cause over the agent's life.
    pub replans: u64,
    /// Cost of the current plan (all its actions; 0 without a plan).
    pub plan_cost: f64,
    /// The agent's clock: the sum of the dt passed to goap_agent_step, in seconds.
    pub clock: f64,
}

impl Default for GoapAgentInfo {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapAgentInfo {}

/// An index or length as uint32_t (plans longer than UINT32_MAX cannot be found: the node
/// limit is a uint32_t).
fn index_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Advances the agent's clock by `dt` seconds and tells it what to do now (`*out`): the
/// heart of the protocol, called once per frame after writing the sensed facts. When the
/// agent needs a plan (and its plan_in_step is 1), the step searches on this thread, through
/// the world's plan cache, asking the agent's callbacks first; otherwise it re-checks the
/// goal choice and the plan only when something changed since the last step.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out), GOAP_STATUS_UNKNOWN_AGENT,
/// GOAP_STATUS_BUSY (from this agent's own callback), GOAP_STATUS_INVALID_ARGUMENT (dt NaN,
/// infinite or negative; nothing changes), GOAP_STATUS_CALLBACK_FAILED (a callback failed:
/// see GoapAgentCallbacks; the clock has advanced, the agent keeps needing a plan and the
/// next step asks again), GOAP_STATUS_OUT_OF_MEMORY (a search of this step needed a table
/// over the planner's per-table limit; the agent took it as a search stopped by its node
/// limit, so the next step goes on: GOAP_STEP_KIND_NO_PLAN, or another goal's plan).
/// `*out` is written only on success.
/// Thread safety: locks the agent for the call, including the search; its callbacks run on
/// this thread.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_step(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    dt: f64,
    out: *mut GoapStep,
) -> GoapStatus {
    guard!("goap_agent_step", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL (guard) and live.
        let gw = unsafe { goap_world_ref(world) };
        let id = agent_id(gw, agent)?;
        // The domain id (fixed for the agent's life) encodes the action handed out.
        let domain = gw
            .world
            .with_agent(id, |a| Ok(a.owner()))
            .map_err(|e| agent_error(e, agent))?;
        let step = gw
            .world
            .step_agent(id, dt)
            .map_err(|e| agent_error(e, agent))?;
        let (kind, action) = match step.kind {
            StepKind::Start(a) => (GoapStepKind::Start, encode_action(domain, a)),
            StepKind::Continue(a) => (GoapStepKind::Continue, encode_action(domain, a)),
            StepKind::Idle => (GoapStepKind::Idle, GoapActionId::default()),
            StepKind::NoPlan => (GoapStepKind::NoPlan, GoapActionId::default()),
            StepKind::Waiting => (GoapStepKind::Waiting, GoapActionId::default()),
            StepKind::Planning(a) => (
                GoapStepKind::Planning,
                a.map_or(GoapActionId::default(), |a| encode_action(domain, a)),
            ),
        };
        let result = GoapStep {
            size: 0,
            kind: kind as i32,
            replanned: u32::from(step.replanned),
            action,
            goal: encode_goal_or_null(step.goal),
            plan_index: index_u32(step.plan_index),
        };
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, result) };
        Ok(())
    })
}

/// Reports the outcome of the action the last step handed out (a GoapReport value):
/// GOAP_REPORT_RUNNING changes nothing, GOAP_REPORT_SUCCEEDED applies the action's effects
/// to the believed state (the engine's sensors may overwrite them afterwards) and moves on
/// to the next action, GOAP_REPORT_FAILED drops the plan so that the next step replans.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_INVALID_ARGUMENT (report is not a GoapReport value), GOAP_STATUS_NO_ACTION
/// (no action is in progress: call goap_agent_step first; after a report of success or
/// failure the next step must come before the next report). Nothing changes on error.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_report(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    report: i32,
) -> GoapStatus {
    guard!("goap_agent_report", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let outcome = match report {
                1 => Report::Running,
                2 => Report::Succeeded,
                3 => Report::Failed,
                r => {
                    return Err(FfiError::invalid(format!(
                        "report is {r} (expected a GOAP_REPORT_* value: 1 running, 2 \
                         succeeded, 3 failed)"
                    )))
                }
            };
            Ok(a.report(outcome)?)
        })
    })
}

/// On success `*out` receives the agent's state: goal, plan position, whether it is acting,
/// replans, clock (see GoapAgentInfo).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY. `*out` is
/// written only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_info(
    world: *const GoapWorld,
    agent: GoapAgentId,
    out: *mut GoapAgentInfo,
) -> GoapStatus {
    guard!("goap_agent_info", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL (guard) and live.
        let info = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let (plan, cost, next) = a.full_plan();
            Ok(GoapAgentInfo {
                size: 0,
                goal: encode_goal_or_null(a.current_goal()),
                plan_len: index_u32(plan.len()),
                plan_index: index_u32(next),
                acting: u32::from(a.is_acting()),
                last_cause: a.last_replan().map_or(0, |e| e.cause as i32),
                goal_count: index_u32(a.goal_count()),
                replans: a.replans(),
                plan_cost: cost,
                clock: a.clock(),
            })
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, info) };
        Ok(())
    })
}

/// Copies the rest of the agent's plan into `out` (action ids of the agent's domain): the
/// current action first (the one the last step handed out, or the next to start), in
/// execution order; `*out_count` receives their number. The plan is empty without a goal to
/// pursue, before the first step and once it is done.
///
/// `out` may be NULL when `capacity` is 0 (to ask for the length). When the plan has more
/// actions than `capacity`, the status is GOAP_STATUS_BUFFER_TOO_SMALL, `*out_count`
/// receives the needed capacity and nothing is written to `out`.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out_count, or out NULL with capacity > 0),
/// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is
/// written on other errors.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_plan(
    world: *const GoapWorld,
    agent: GoapAgentId,
    out: *mut GoapActionId,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_plan", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let domain = a.owner();
            let plan: Vec<GoapActionId> = a
                .plan()
                .iter()
                .map(|&action| encode_action(domain, action))
                .collect();
            // SAFETY: out is valid for capacity writes, out_count non-NULL and writable.
            unsafe { write_slice(&plan, "action", "out", out, capacity, out_count) }
        })
    })
}

fn replan_event(e: &ReplanEvent) -> GoapReplanEvent {
    GoapReplanEvent {
        size: 0,
        cause: e.cause as i32,
        result: match e.result {
            ReplanResult::Found => GoapReplanResult::Found,
            ReplanResult::NoPlan => GoapReplanResult::NoPlan,
            ReplanResult::LimitReached => GoapReplanResult::Limit,
            ReplanResult::Skipped => GoapReplanResult::Skipped,
            ReplanResult::Kept => GoapReplanResult::Kept,
        } as i32,
        goal: encode_goal_or_null(e.goal),
        plan_len: index_u32(e.plan_len),
        plan_cost: e.plan_cost,
        expanded: e.expanded,
        goals_tried: index_u32(e.goals_tried),
        cache_hits: index_u32(e.cache_hits),
        time: e.time,
    }
}

/// Copies the agent's latest replans into `out`, oldest first (the agent keeps the last 16;
/// a buffer of 16 always suffices); `*out_count` receives their number. Buffer rules and
/// GOAP_STATUS_BUFFER_TOO_SMALL as goap_agent_plan.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out_count, or out NULL with capacity > 0),
/// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_replans(
    world: *const GoapWorld,
    agent: GoapAgentId,
    out: *mut GoapReplanEvent,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_replans", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let events: Vec<GoapReplanEvent> = a.history().map(replan_event).collect();
            // SAFETY: out is valid for capacity writes, out_count non-NULL and writable.
            unsafe { write_grown_slice(&events, "replan", "out", out, capacity, out_count) }
        })
    })
}

/// On success `*out` receives how many replans of `cause` (a GoapReplanCause value) the
/// agent had over its life (not only the 16 goap_agent_replans keeps); GoapAgentInfo.replans
/// is the sum over all causes.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_INVALID_ARGUMENT (cause is not a GoapReplanCause value). `*out` is written
/// only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_replan_count(
    world: *const GoapWorld,
    agent: GoapAgentId,
    cause: i32,
    out: *mut u64,
) -> GoapStatus {
    guard!("goap_agent_replan_count", [world, out], {
        // SAFETY: world is non-NULL (guard) and live.
        let count = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let cause = ReplanCause::ALL
                .into_iter()
                .find(|c| *c as i32 == cause)
                .ok_or_else(|| {
                    FfiError::invalid(format!(
                        "cause is {cause} (expected a GOAP_REPLAN_CAUSE_* value, 1 to 5)"
                    ))
                })?;
            Ok(a.replan_count(cause))
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, count) };
        Ok(())
    })
}

/// Values for goap_agent_explain's `format`.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapExplainFormat {
    /// Readable English text (what `goap explain` prints).
    Text = 1,
    /// One JSON object with the same content (what `goap explain --json` prints per goal).
    Json = 2,
}

/// Explains why goal `goal` (an id from goap_agent_add_goal and the like) of the agent has, or has
/// no, plan from the agent's believed state, with its context (disabled actions, cost
/// overrides and failure cooldowns; context callbacks are not called) and its search
/// options: the planner's verdict (found, no plan, or the node limit stopped it), the goal
/// conditions that can never be made true with the actions that could provide them and
/// what those lack (three levels deep), the conditions nothing enabled provides (with
/// similar names: "did you mean"), and the closest reachable state. This runs a search
/// and a bounded exploration (up to 10,000 states): a debugging call, not a per-frame one.
///
/// The report (UTF-8, NUL-terminated) goes into `buf` (`capacity` bytes); `*out_len`
/// receives its length without the NUL, also on GOAP_STATUS_BUFFER_TOO_SMALL (then nothing
/// is written to `buf`; call again with `*out_len + 1` bytes). `buf` may be NULL when
/// `capacity` is 0.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out_len, or buf NULL with capacity > 0),
/// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_INVALID_ARGUMENT (a
/// format other than GOAP_EXPLAIN_FORMAT_TEXT or _JSON), GOAP_STATUS_BUSY,
/// GOAP_STATUS_BUFFER_TOO_SMALL, GOAP_STATUS_OUT_OF_MEMORY (the search ran out of memory).
/// Thread safety: locks the agent for the call (its duration is that of the search).
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes of writes; `out_len` valid
/// for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_explain(
    world: *const GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
    format: i32,
    buf: *mut std::ffi::c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_explain", [world, out_len], {
        let json = match format {
            1 => false,
            2 => true,
            f => {
                return Err(FfiError::invalid(format!(
                    "format is {f} (expected GOAP_EXPLAIN_FORMAT_TEXT = 1 or _JSON = 2)"
                )))
            }
        };
        // SAFETY: world is non-NULL (guard) and live.
        let text = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            let why = a
                .explain(goal, &crate::explain::ExplainOptions::default())
                .map_err(FfiError::from)?;
            if let crate::planner::Outcome::OutOfMemory(e) = &why.outcome {
                return Err(FfiError::new(GoapStatus::OutOfMemory, e.to_string()));
            }
            Ok(if json {
                why.to_json(a.domain()).to_string()
            } else {
                why.render(a.domain())
            })
        })?;
        // SAFETY: out_len is non-NULL (guard); buf valid for capacity bytes by contract.
        unsafe { super::args::write_string(&text, "buf", buf, capacity, out_len) }
    })
}
