//! A domain's agent goals: the goals every new agent of the domain starts with (a domain
//! file's `goals`), added and read back through the ABI.

use std::ffi::c_char;

use super::args::{grown_size, write_grown, write_out, write_slice, write_string};
use super::error::FfiError;
use super::fact::GoapFactValue;
use super::goal::{read_goal_def, GoapGoalDef};
use super::ids::{edit_domain, read_domain, GoapDomainId};
use super::inspect::{count_u32, fact_values, item_at, var_conditions, GoapGoalInfo};
use super::status::GoapStatus;
use super::var::GoapVarCondition;
use super::world::{world_ref, GoapWorld};
use crate::agent::GoalDef;
use crate::world::DomainEntry;

/// The domain's agent goal at `index`.
fn agent_goal(entry: &DomainEntry, index: u32) -> Result<&GoalDef, FfiError> {
    let goals = entry.goals();
    let i = item_at(index, goals.len(), "agent goal", || entry.describe())?;
    Ok(&goals[i as usize])
}

/// Adds a goal that every agent created from the domain afterwards starts with (after the
/// goals already there; agents that exist keep theirs), as a domain file's `goals` entry
/// does. `def` is read as by goap_agent_add_goal; its fact and variable ids are the
/// domain's.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, or an array of def NULL with a non-zero
/// count), GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_ARGUMENT (def not from
/// goap_goal_def_default(), a name containing a NUL byte, a fact value not 0 or 1, an op
/// that is not a GoapCompare value, a priority that is NaN or infinite),
/// GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR,
/// GOAP_STATUS_OUT_OF_RANGE, GOAP_STATUS_CONTRADICTION. Nothing changes on error.
/// Thread safety: an edit of the domain (see THREADING).
///
/// # Safety
/// `world` must be a live world; `def` readable, with its arrays valid for their counts.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_add_agent_goal(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    def: *const GoapGoalDef,
) -> GoapStatus {
    guard!("goap_domain_add_agent_goal", [world, def], {
        // SAFETY: world is non-NULL and live.
        edit_domain(unsafe { world_ref(world) }, domain, |e| {
            // SAFETY: def is non-NULL (guard), readable, its arrays valid for their counts.
            let goal = unsafe { read_goal_def(&*e, def) }?;
            e.add_goal(goal)?;
            Ok(())
        })
    })
}

/// On success `*out_count` receives the number of the domain's agent goals (the goals a
/// new agent starts with: a domain file's `goals`, then those of
/// goap_domain_add_agent_goal).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_agent_goal_count(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_agent_goal_count", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        // SAFETY: out_count is non-NULL and writable.
        unsafe { write_out(out_count, count_u32(entry.goals().len())) };
        Ok(())
    })
}

/// Copies the name of the domain's agent goal `index` (0 to the count - 1, in order) and a
/// NUL terminator into `buf`, with the protocol of goap_domain_fact_name.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_agent_goal_name(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_agent_goal_name", [world, out_len], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let g = agent_goal(&entry, index)?;
        // SAFETY: buf/capacity and out_len are valid by the caller's contract.
        unsafe { write_string(&g.name, "buf", buf, capacity, out_len) }
    })
}

/// On success `*out` receives what the domain's agent goal `index` is: its priority, its
/// list lengths, and whether the domain's stored start state satisfies it (`current` is 0).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (out->size too small, or index not below the count).
/// Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_agent_goal_info(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapGoalInfo,
) -> GoapStatus {
    guard!("goap_domain_agent_goal_info", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let g = agent_goal(&entry, index)?;
        let info = GoapGoalInfo {
            size: 0,
            priority: g.priority,
            fact_count: count_u32(g.conditions.entries().len()),
            var_count: count_u32(g.conditions.var_conditions().len()),
            satisfied: u32::from(entry.domain().satisfies(entry.start(), &g.conditions)),
            current: 0,
            achieved: 0,
            ready_in: 0.0,
        };
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, info) };
        Ok(())
    })
}

/// Copies the fact conditions of the domain's agent goal `index` into `out`, with the
/// buffer protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_agent_goal_conditions(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_agent_goal_conditions", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let values = fact_values(entry.id(), &agent_goal(&entry, index)?.conditions);
        // SAFETY: out/capacity and out_count are valid by the caller's contract.
        unsafe { write_slice(&values, "fact", "out", out, capacity, out_count) }
    })
}

/// Copies the variable conditions of the domain's agent goal `index` into `out`, with the
/// buffer protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_agent_goal_var_conditions(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapVarCondition,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!(
        "goap_domain_agent_goal_var_conditions",
        [world, out_count],
        {
            // SAFETY: world is non-NULL and live.
            let entry = read_domain(unsafe { world_ref(world) }, domain)?;
            let values = var_conditions(entry.id(), &agent_goal(&entry, index)?.conditions);
            // SAFETY: out/capacity and out_count are valid by the caller's contract.
            unsafe {
                write_slice(
                    &values,
                    "variable condition",
                    "out",
                    out,
                    capacity,
                    out_count,
                )
            }
        }
    )
}
