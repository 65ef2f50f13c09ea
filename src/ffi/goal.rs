//! An agent's goals: adding, finding and removing them, changing their priorities.

use std::ffi::c_char;

use super::agent::with_agent;
use super::args::{read_def, read_str, write_out};
use super::error::FfiError;
use super::fact::{list_error, read_fact_values, GoapFactValue};
use super::guard::run_value;
use super::ids::IdScope;
use super::ids::{decode_goal, encode_goal, GoapAgentId, GoapGoalId, MAX_ITEMS};
use super::status::GoapStatus;
use super::var::{read_var_conditions, read_var_values, GoapVarCondition, GoapVarValue};
use super::world::{goap_world_ref, GoapWorld};
use crate::agent::GoalDef;

/// The most goals an agent has through the C ABI: its goal ids name slots below
/// `MAX_ITEMS` (see `ids`), and the slot of a removed goal being pursued is kept aside.
const MAX_GOALS: usize = MAX_ITEMS - 1;

pub(super) const GOAL_DEF_COOKIE: u32 = 0x6F61_4C01;

/// Definition of a goal for goap_agent_add_goal. Obtain from goap_goal_def_default(), then
/// set the fields. Every pointer is read during goap_agent_add_goal only; the agent keeps
/// copies.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapGoalDef {
    /// Internal: set by goap_goal_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// Name, for goap_agent_find_goal and reports: UTF-8, `name_len` bytes, not
    /// NUL-terminated, without NUL bytes. May be empty and need not be unique. Default
    /// empty.
    pub name: *const c_char,
    /// Length of `name` in bytes.
    pub name_len: u32,
    /// Fact conditions: each fact must have its value (facts of the agent's domain). May be
    /// NULL when `fact_count` is 0 (the default).
    pub facts: *const GoapFactValue,
    /// Number of fact conditions.
    pub fact_count: u32,
    /// Variable conditions: each must hold. May be NULL when `var_count` is 0 (the
    /// default).
    pub vars: *const GoapVarCondition,
    /// Number of variable conditions.
    pub var_count: u32,
    /// Priority: larger wins; 0 or less disables the goal. Any finite number. Default 1.
    pub priority: f64,
    /// Recurrence (see RECURRING GOALS at the top): facts set in the agent's beliefs when
    /// it achieves the goal. May be NULL when `reset_count` is 0 (the default: none).
    pub reset: *const GoapFactValue,
    /// Number of `reset` facts.
    pub reset_count: u32,
    /// Variables set (each to a value in its range) when the agent achieves the goal. May
    /// be NULL when `reset_var_count` is 0 (the default).
    pub reset_vars: *const GoapVarValue,
    /// Number of `reset_vars`.
    pub reset_var_count: u32,
    /// Seconds of the agent's clock after it achieved the goal before it may choose it
    /// again: finite, 0 or more. Default 0.
    pub cooldown: f64,
}

/// The default goal definition: no name, no conditions, priority 1. Always use it to
/// initialise a GoapGoalDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_goal_def_default() -> GoapGoalDef {
    run_value("goap_goal_def_default", GOAL_DEF_DEFAULT, || {
        GOAL_DEF_DEFAULT
    })
}

const GOAL_DEF_DEFAULT: GoapGoalDef = GoapGoalDef {
    cookie: GOAL_DEF_COOKIE,
    name: std::ptr::null(),
    name_len: 0,
    facts: std::ptr::null(),
    fact_count: 0,
    vars: std::ptr::null(),
    var_count: 0,
    priority: 1.0,
    reset: std::ptr::null(),
    reset_count: 0,
    reset_vars: std::ptr::null(),
    reset_var_count: 0,
    cooldown: 0.0,
};

/// Reads a goal definition's name and lists against `scope` (an agent's domain or a
/// domain): the goal it defines, checked except for what the core checks when it is added.
///
/// # Safety
/// `def` must be non-NULL and readable, with its arrays valid for their counts.
pub(super) unsafe fn read_goal_def(
    scope: &(impl IdScope + ?Sized),
    def: *const GoapGoalDef,
) -> Result<GoalDef, FfiError> {
    // SAFETY: def is non-NULL and readable; its name valid for name_len bytes.
    let (def, name) = unsafe {
        let def = read_def(
            "def",
            def,
            |d| d.cookie,
            GOAL_DEF_COOKIE,
            "goap_goal_def_default",
        )?;
        (def, read_str("def->name", def.name, def.name_len)?)
    };
    if name.contains('\0') {
        return Err(FfiError::invalid(format!(
            "def->name {name:?} contains a NUL character"
        )));
    }
    // SAFETY: the arrays of def are valid for their counts.
    let (facts, vars, reset, reset_vars) = unsafe {
        (
            read_fact_values(scope, "def->facts", def.facts, def.fact_count)?,
            read_var_conditions(scope, "def->vars", def.vars, def.var_count)?,
            read_fact_values(scope, "def->reset", def.reset, def.reset_count)?,
            read_var_values(
                scope,
                "def->reset_vars",
                def.reset_vars,
                def.reset_var_count,
            )?,
        )
    };
    let conditions = scope
        .items()
        .conditions_with(facts, vars)
        .map_err(|e| list_error(scope, "def->facts", e))?;
    Ok(GoalDef {
        name: name.to_owned(),
        conditions,
        priority: def.priority,
        reset,
        reset_vars,
        cooldown: def.cooldown,
    })
}

/// Adds a goal to an agent; on success `*out_goal` receives its id. An agent's goals are
/// kept in the order added (the domain's goals first; goap_agent_goal_at lists them), and
/// a tie between goals of one priority goes to the one added first. Disable a goal with a
/// priority of 0, or remove it (goap_agent_remove_goal). A goal without conditions is
/// always satisfied. The next step re-checks which goal to pursue.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, out_goal, or an array of def NULL with a
/// non-zero count), GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this agent's own
/// callback), GOAP_STATUS_INVALID_ARGUMENT (def not from goap_goal_def_default(), a name
/// containing a NUL byte, a fact value not 0 or 1, an op that is not a GoapCompare value, a
/// priority that is NaN or infinite, a cooldown that is negative, NaN or infinite, a reset
/// that sets one fact or variable two ways), GOAP_STATUS_INVALID_UTF8 (def->name),
/// GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR (ids, in the conditions or the reset,
/// not of the agent's domain as it was when the agent was created),
/// GOAP_STATUS_OUT_OF_RANGE (a constant or reset value outside its variable's range),
/// GOAP_STATUS_CONTRADICTION (a fact listed as both 1 and 0, or
/// conditions on one variable that can never hold together), GOAP_STATUS_TOO_MANY (the
/// agent has 2^30 - 2 goals). Nothing changes on error; `*out_goal` is written only on
/// success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `def` readable, with its arrays valid for their counts;
/// `out_goal` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_add_goal(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    def: *const GoapGoalDef,
    out_goal: *mut GoapGoalId,
) -> GoapStatus {
    guard!("goap_agent_add_goal", [world, def, out_goal], {
        // SAFETY: world is non-NULL (guard) and live.
        let goal = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // SAFETY: def is non-NULL (guard), readable, its arrays valid for their counts.
            let goal = unsafe { read_goal_def(a, def) }?;
            if a.goal_count() >= MAX_GOALS {
                return Err(FfiError::new(
                    GoapStatus::TooMany,
                    format!("the agent has {MAX_GOALS} goals already"),
                ));
            }
            Ok(a.add_goal(goal)?)
        })?;
        // SAFETY: out_goal is non-NULL and writable.
        unsafe { write_out(out_goal, encode_goal(goal)) };
        Ok(())
    })
}

/// Looks a goal of the agent up by name; on success `*out_goal` receives the id of the
/// first goal (in the order added, removed ones left out) with exactly this name (UTF-8,
/// `name_len` bytes; read during the call only).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out_goal, or name NULL with name_len > 0),
/// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_INVALID_UTF8,
/// GOAP_STATUS_NOT_FOUND (no goal has this name). `*out_goal` is written only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `name` valid for `name_len` bytes; `out_goal` valid for a
/// write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_find_goal(
    world: *const GoapWorld,
    agent: GoapAgentId,
    name: *const c_char,
    name_len: u32,
    out_goal: *mut GoapGoalId,
) -> GoapStatus {
    guard!("goap_agent_find_goal", [world, out_goal], {
        // SAFETY: name is valid for name_len bytes.
        let name = unsafe { read_str("name", name, name_len) }?;
        // SAFETY: world is non-NULL (guard) and live.
        let goal = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            a.find_goal(name).ok_or_else(|| {
                FfiError::new(
                    GoapStatus::NotFound,
                    format!(
                        "the agent has no goal named {name:?} (it has {} goals)",
                        a.goal_count()
                    ),
                )
            })
        })?;
        // SAFETY: out_goal is non-NULL and writable.
        unsafe { write_out(out_goal, encode_goal(goal)) };
        Ok(())
    })
}

/// Sets the priority of the agent's goal `goal` (an id from goap_agent_add_goal,
/// goap_agent_find_goal or goap_agent_goal_at): larger wins, 0 or less disables the goal.
/// The same value changes nothing; another value makes the next step re-check which goal to
/// pursue (a switch to another goal replans with GOAP_REPLAN_CAUSE_GOAL_CHANGED).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_GOAL (the null id, or no live goal of this agent has it),
/// GOAP_STATUS_INVALID_ARGUMENT
/// (priority NaN or infinite). Nothing changes on error.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_goal_priority(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
    priority: f64,
) -> GoapStatus {
    guard!("goap_agent_set_goal_priority", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            Ok(a.set_priority(goal, priority)?)
        })
    })
}

/// Removes a goal from an agent. Its id becomes stale: it never names a later goal of the
/// agent (GOAP_STATUS_UNKNOWN_GOAL), and goap_agent_goal_at no longer lists it. Removing the
/// goal being pursued works as disabling it (priority 0): the next step chooses another
/// goal (GOAP_REPLAN_CAUSE_GOAL_CHANGED), or, when none is left to pursue, clears the plan.
/// Until a replan for another goal is applied (the next step, or with plan_in_step 0 the
/// batch that plans the agent, or the end of a search spread over steps), GoapStep.goal
/// and GoapAgentInfo.goal may still hold the removed goal's stale id, and the action in
/// progress may still be reported.
/// Goals from the domain file can be removed like added ones.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this
/// agent's own callback), GOAP_STATUS_UNKNOWN_GOAL (the null id, an id that is not a goal
/// id, or no live goal of this agent has it: removed already, or of another agent).
/// Nothing changes on error.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_remove_goal(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
) -> GoapStatus {
    guard!("goap_agent_remove_goal", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            a.remove_goal(goal)?;
            Ok(())
        })
    })
}
