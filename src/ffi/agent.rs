//! Agents: creating and destroying them, and their believed state (facts and variables).
//!
//! Every agent function decodes the agent id and checks that no context callback of that
//! agent is running on this thread (`agent_id`) before it locks the agent
//! (`with_agent`). Fact, variable and action ids are decoded against the agent's own
//! domain (as it was when the agent was created: see the `IdScope` for `Agent`).

use std::time::Duration;

use super::args::{read_def, read_slice, write_out};
use super::context::ensure_idle;
use super::error::FfiError;
use super::fact::{list_error, read_fact_values, GoapFactValue};
use super::guard::run_value;
use super::ids::{
    decode_agent, decode_domain, decode_fact, decode_var, encode_agent, stale_agent, GoapAgentId,
    GoapDomainId, GoapFactId, GoapVarId, IdScope,
};
use super::plan::{direction_of, heuristic_of, GoapDirection, GoapHeuristic};
use super::status::GoapStatus;
use super::world::{goap_world_ref, GoapWorld};
use crate::agent::{Agent, AgentDef, AgentId};
use crate::domain::Domain;
use crate::planner::{PlanOptions, SearchBudget};
use crate::world::{DomainId, WorldError};

impl IdScope for Agent {
    fn owner(&self) -> DomainId {
        // World::create_agent sets it; the C ABI only sees agents of worlds.
        self.domain_id()
            .expect("an agent of a world knows its domain id")
    }

    fn items(&self) -> &Domain {
        self.domain()
    }

    fn describe(&self) -> String {
        format!("the agent's domain {}", self.owner())
    }
}

/// Decodes `raw` for `world` and checks that no context callback of that agent is running
/// on this thread (`GOAP_STATUS_BUSY`): the checks every agent function makes first.
pub(crate) fn agent_id(world: &GoapWorld, raw: GoapAgentId) -> Result<AgentId, FfiError> {
    let id = decode_agent(world.tag.get(), raw, "agent")?;
    ensure_idle(world, id, raw)?;
    Ok(id)
}

/// A world error about the agent `raw`, with the stale-id message for an unknown agent.
pub(crate) fn agent_error(e: WorldError, raw: GoapAgentId) -> FfiError {
    match e {
        WorldError::UnknownAgent(_) => stale_agent(raw, "agent"),
        e => e.into(),
    }
}

/// Runs `f` on the agent `raw` of `world`, locked for the call, after [`agent_id`].
pub(crate) fn with_agent<T>(
    world: &GoapWorld,
    raw: GoapAgentId,
    f: impl FnOnce(&mut Agent) -> Result<T, FfiError>,
) -> Result<T, FfiError> {
    let id = agent_id(world, raw)?;
    world
        .world
        .with_agent(id, |agent| Ok(f(agent)))
        .map_err(|e| agent_error(e, raw))?
}

/// A fact value (0 or 1) as a bool; `what` names it in messages.
pub(crate) fn flag(what: &str, value: i32) -> Result<bool, FfiError> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(FfiError::invalid(format!(
            "{what} is {v} (expected 0 or 1)"
        ))),
    }
}

const AGENT_DEF_COOKIE: u32 = 0x6F61_4702;

/// Settings for goap_agent_create. Obtain from goap_agent_def_default(), then set `domain`
/// and change other fields.
///
/// Layout: direction was appended with the backward search (the hidden cookie changed);
/// code compiled against an older goap.h must be recompiled.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapAgentDef {
    /// Internal: set by goap_agent_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// The domain the agent plans in (required; default 0, which is no domain). The agent
    /// takes its facts, variables, actions, start state and goals (a domain file's
    /// `goals`) as they are at creation: later changes of the domain do not reach it, and
    /// destroying the domain does not affect it.
    pub domain: GoapDomainId,
    /// Another goal must beat the current goal's priority by more than this to take over
    /// (hysteresis against flip-flopping). A number >= 0; default 0 (any higher priority
    /// wins).
    pub switch_margin: f64,
    /// Seconds (of the dt passed to goap_agent_step) for which an action reported failed
    /// is not planned with. A number >= 0; default 0 (it may be planned again at once).
    pub failure_cooldown: f64,
    /// 1 (the default): goap_agent_step searches itself when a plan is needed. 0: it
    /// returns GOAP_STEP_KIND_WAITING instead and leaves the search to
    /// goap_world_plan_agents. Any other value is GOAP_STATUS_INVALID_ARGUMENT.
    pub plan_in_step: u32,
    /// Node limit of each of the agent's searches, as GoapPlanOptions.max_nodes. Default
    /// 1000000.
    pub max_nodes: u32,
    /// A GoapHeuristic value for the agent's searches. Default GOAP_HEURISTIC_AUTO.
    pub heuristic: i32,
    /// The most nodes one goap_agent_step may expand searching (over all the goals it
    /// tries); 0 (the default): no limit. A step whose search runs out returns
    /// GOAP_STEP_KIND_PLANNING and the next step continues that search where it stopped;
    /// the plan is the one an unlimited step would have found. Use it to spread a long
    /// search over frames.
    pub step_max_expansions: u32,
    /// The most time one goap_agent_step may spend searching, in microseconds (checked every
    /// 16 expanded nodes, so a step may exceed it slightly; it never changes which plan is
    /// found); 0 (the default): no limit.
    pub step_max_micros: u32,
    /// A GoapDirection value for the agent's searches. Default GOAP_DIRECTION_AUTO.
    pub direction: i32,
}

/// The default agent definition: no domain (set one), margin 0, cooldown 0, planning in
/// step, the default node limit and heuristic. Always use it to initialise a GoapAgentDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_agent_def_default() -> GoapAgentDef {
    run_value("goap_agent_def_default", AGENT_DEF_DEFAULT, || {
        AGENT_DEF_DEFAULT
    })
}

const AGENT_DEF_DEFAULT: GoapAgentDef = GoapAgentDef {
    cookie: AGENT_DEF_COOKIE,
    domain: GoapDomainId { bits: 0 },
    switch_margin: 0.0,
    failure_cooldown: 0.0,
    plan_in_step: 1,
    max_nodes: PlanOptions::DEFAULT_MAX_NODES,
    heuristic: GoapHeuristic::Auto as i32,
    step_max_expansions: 0,
    step_max_micros: 0,
    direction: GoapDirection::Auto as i32,
};

/// Creates an agent in the world; on success `*out` receives its id. The agent believes the
/// domain's stored start state and has the domain's goals (from its file, if any, in file
/// order: goal indices 0, 1, …); it has no plan until its first step (or batch). The world
/// owns the agent until goap_agent_destroy or goap_world_destroy. `def` is read during the
/// call only.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, out), GOAP_STATUS_INVALID_ARGUMENT (def not
/// from goap_agent_def_default(); switch_margin or failure_cooldown negative, NaN or
/// infinite; plan_in_step not 0 or 1; an unknown heuristic or direction),
/// GOAP_STATUS_UNKNOWN_DOMAIN (def->domain zero, stale or foreign), GOAP_STATUS_TOO_MANY
/// (the world holds 2^24 - 1 agents). `*out` is written only on success.
/// Thread safety: takes the world's agent map lock only to insert the agent; may be called
/// from a context callback (of another agent or the same one).
///
/// # Safety
/// `world` must be a live world; `def` readable; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_create(
    world: *mut GoapWorld,
    def: *const GoapAgentDef,
    out: *mut GoapAgentId,
) -> GoapStatus {
    guard!("goap_agent_create", [world, def, out], {
        // SAFETY: def is non-NULL (guard) and readable.
        let def = unsafe {
            read_def(
                "def",
                def,
                |d| d.cookie,
                AGENT_DEF_COOKIE,
                "goap_agent_def_default",
            )
        }?;
        let settings = AgentDef {
            switch_margin: def.switch_margin,
            failure_cooldown: def.failure_cooldown,
            plan_in_step: match def.plan_in_step {
                0 => false,
                1 => true,
                v => {
                    return Err(FfiError::invalid(format!(
                        "def->plan_in_step is {v} (expected 0 or 1)"
                    )))
                }
            },
            options: PlanOptions {
                max_nodes: def.max_nodes,
                heuristic: heuristic_of("def->heuristic", def.heuristic)?,
                direction: direction_of("def->direction", def.direction)?,
            },
            step_budget: SearchBudget {
                max_expansions: u64::from(def.step_max_expansions),
                max_time: (def.step_max_micros != 0)
                    .then(|| Duration::from_micros(u64::from(def.step_max_micros))),
            },
        };
        let domain = decode_domain(def.domain)
            .map_err(|e| FfiError::new(e.status, format!("def->domain: {}", e.message)))?;
        // SAFETY: world is non-NULL (guard) and live.
        let world = unsafe { goap_world_ref(world) };
        let id = world.world.create_agent(domain, settings)?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_agent(world.tag.get(), id)) };
        Ok(())
    })
}

/// Destroys an agent: its id becomes stale (GOAP_STATUS_UNKNOWN_AGENT from then on; it is
/// never handed out again by this world). Its goals, plan and history are freed; the
/// user_data of its callbacks is not touched. It does not wait for a call running on the
/// agent in another thread: that call finishes on the removed agent (and its search may
/// still call the agent's callbacks; see GoapAgentCallbacks.user_data).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_UNKNOWN_AGENT (zero, stale or
/// foreign id; nothing happens), GOAP_STATUS_BUSY (called from one of this agent's own
/// callbacks; nothing happens). Thread safety: takes the world's agent map lock only to
/// remove the agent; may be called from a callback of another agent.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_destroy(
    world: *mut GoapWorld,
    agent: GoapAgentId,
) -> GoapStatus {
    guard!("goap_agent_destroy", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        let world = unsafe { goap_world_ref(world) };
        let id = agent_id(world, agent)?;
        world
            .world
            .destroy_agent(id)
            .map_err(|e| agent_error(e, agent))
    })
}

/// On success `*out_count` receives the number of live agents of the world.
///
/// Errors: GOAP_STATUS_NULL_POINTER. Thread safety: a read; any thread, also from
/// callbacks.
///
/// # Safety
/// `world` must be a live world; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_count(
    world: *const GoapWorld,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_count", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        let count = unsafe { goap_world_ref(world) }.world.agent_count();
        // The world caps agents at 2^24 - 1.
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        // SAFETY: out_count is non-NULL and writable.
        unsafe { write_out(out_count, count) };
        Ok(())
    })
}

/// Writes a sensed fact into the agent's believed state (1 true, 0 false). Writing the
/// value it already has changes nothing, so sensors may write every frame without causing
/// replans; a changed value makes the next step re-check the goal choice and the plan.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this
/// agent's own callback), GOAP_STATUS_UNKNOWN_FACT (zero, not a fact id, of another domain,
/// or added to the domain after the agent was created), GOAP_STATUS_INVALID_ARGUMENT
/// (value not 0 or 1). Nothing changes on error.
/// Thread safety: locks the agent for the call (see THREADING).
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_fact(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    fact: GoapFactId,
    value: i32,
) -> GoapStatus {
    guard!("goap_agent_set_fact", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let fact = decode_fact(a, fact, "fact")?;
            a.set_fact(fact, flag("value", value)?)?;
            Ok(())
        })
    })
}

/// On success `*out` receives the agent's believed value of a fact (1 true, 0 false).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_FACT. `*out` is written only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_get_fact(
    world: *const GoapWorld,
    agent: GoapAgentId,
    fact: GoapFactId,
    out: *mut i32,
) -> GoapStatus {
    guard!("goap_agent_get_fact", [world, out], {
        // SAFETY: world is non-NULL (guard) and live.
        let value = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let fact = decode_fact(a, fact, "fact")?;
            Ok(a.fact(fact)?)
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, i32::from(value)) };
        Ok(())
    })
}

/// Writes several sensed facts at once, all or nothing: every entry is checked first, and
/// on any error none is written. A fact may be listed twice with the same value, not with
/// both. `values` is read during the call only and may be NULL when `count` is 0.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or values NULL with count > 0),
/// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_UNKNOWN_FACT,
/// GOAP_STATUS_INVALID_ARGUMENT (a value not 0 or 1), GOAP_STATUS_CONTRADICTION (a fact
/// listed as both 1 and 0). The message names the entry.
/// Thread safety: locks the agent for the call, so other threads see all the values or none.
///
/// # Safety
/// `world` must be a live world; `values` valid for `count` reads.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_facts(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    values: *const GoapFactValue,
    count: u32,
) -> GoapStatus {
    guard!("goap_agent_set_facts", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // SAFETY: values is valid for count reads.
            let list = unsafe { read_fact_values(a, "values", values, count) }?;
            a.domain()
                .conditions(list.iter().copied())
                .map_err(|e| list_error(a, "values", e))?;
            for fv in list {
                a.set_fact(fv.fact, fv.value)?;
            }
            Ok(())
        })
    })
}

/// Runs `check` on each agent of `agents` (read from the caller's array), then `write` on
/// each: nothing is written unless every agent passes. An agent destroyed by another thread
/// between the two passes is skipped (it is gone). Errors name the entry, `agents[i]`.
///
/// # Safety
/// `agents` must be valid for `count` reads.
unsafe fn for_each_agent<T>(
    world: &GoapWorld,
    agents: *const GoapAgentId,
    count: u32,
    check: impl Fn(&mut Agent) -> Result<T, FfiError>,
    write: impl Fn(&mut Agent, T) -> Result<(), FfiError>,
) -> Result<(), FfiError> {
    // SAFETY: forwarded from the caller.
    let ids = unsafe { read_slice("agents", agents, count) }?;
    let entry =
        |i: usize, e: FfiError| FfiError::new(e.status, format!("agents[{i}]: {}", e.message));
    let mut checked = Vec::with_capacity(ids.len());
    for (i, &raw) in ids.iter().enumerate() {
        checked.push(with_agent(world, raw, &check).map_err(|e| entry(i, e))?);
    }
    for (i, (&raw, value)) in ids.iter().zip(checked).enumerate() {
        match with_agent(world, raw, |a| write(a, value)) {
            Err(e) if e.status == GoapStatus::UnknownAgent => {}
            other => other.map_err(|e| entry(i, e))?,
        }
    }
    Ok(())
}

/// Writes one sensed fact into the beliefs of several agents (a door opened, a bell rang),
/// one call instead of one per agent. Every agent is checked first (live, not busy, the
/// fact of its domain), and on any error none is written; an agent destroyed by another
/// thread during the call is skipped. Like goap_agent_set_fact, an agent whose belief does
/// not change is not disturbed. `agents` is read during the call only and may be NULL when
/// `count` is 0; an agent listed twice is written once more, harmlessly.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or agents NULL with count > 0),
/// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_UNKNOWN_FACT (for an agent of
/// another domain, say), GOAP_STATUS_INVALID_ARGUMENT (value not 0 or 1); the message names
/// the entry (`agents[3]`).
/// Thread safety: locks each agent in turn (never two at once), so other threads may see
/// some agents written and others not yet.
///
/// # Safety
/// `world` must be a live world; `agents` valid for `count` reads.
#[no_mangle]
pub unsafe extern "C" fn goap_agents_set_fact(
    world: *mut GoapWorld,
    agents: *const GoapAgentId,
    count: u32,
    fact: GoapFactId,
    value: i32,
) -> GoapStatus {
    guard!("goap_agents_set_fact", [world], {
        let value = flag("value", value)?;
        // SAFETY: world is non-NULL (guard) and live; agents valid for count reads.
        unsafe {
            for_each_agent(
                goap_world_ref(world),
                agents,
                count,
                |a| decode_fact(a, fact, "fact"),
                |a, f| Ok(a.set_fact(f, value)?),
            )
        }
    })
}

/// Writes one sensed variable value into the beliefs of several agents, as
/// goap_agents_set_fact does for a fact: all checked first (the value in range for each),
/// none written on error.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_VAR, GOAP_STATUS_OUT_OF_RANGE; the message names the entry.
/// Thread safety: as goap_agents_set_fact.
///
/// # Safety
/// `world` must be a live world; `agents` valid for `count` reads.
#[no_mangle]
pub unsafe extern "C" fn goap_agents_set_var(
    world: *mut GoapWorld,
    agents: *const GoapAgentId,
    count: u32,
    var: GoapVarId,
    value: i32,
) -> GoapStatus {
    guard!("goap_agents_set_var", [world], {
        // SAFETY: world is non-NULL (guard) and live; agents valid for count reads.
        unsafe {
            for_each_agent(
                goap_world_ref(world),
                agents,
                count,
                |a| {
                    let v = decode_var(a, var, "var")?;
                    // Checked here so that an out-of-range value writes nothing.
                    a.domain().check_var_value(v, value, "agent state")?;
                    Ok(v)
                },
                |a, v| Ok(a.set_var(v, value)?),
            )
        }
    })
}

/// Writes a sensed variable value into the agent's believed state. The value must lie in
/// the variable's [min, max]. The value it already has changes nothing.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_VAR (zero, not a variable id, of another domain, or added after the
/// agent was created), GOAP_STATUS_OUT_OF_RANGE. Nothing changes on error.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_var(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    var: GoapVarId,
    value: i32,
) -> GoapStatus {
    guard!("goap_agent_set_var", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let var = decode_var(a, var, "var")?;
            Ok(a.set_var(var, value)?)
        })
    })
}

/// On success `*out` receives the agent's believed value of a variable (its default until
/// written or changed by an action's effects).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_VAR. `*out` is written only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_get_var(
    world: *const GoapWorld,
    agent: GoapAgentId,
    var: GoapVarId,
    out: *mut i32,
) -> GoapStatus {
    guard!("goap_agent_get_var", [world, out], {
        // SAFETY: world is non-NULL (guard) and live.
        let value = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let var = decode_var(a, var, "var")?;
            Ok(a.var(var)?)
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, value) };
        Ok(())
    })
}
