//! Shared world facts and variables: values all agents of a domain read, written once.

use super::args::{grown_size, write_grown, write_out};
use super::context::callbacks_running_in;
use super::error::FfiError;
use super::fact::read_fact_values;
use super::fact::GoapFactValue;
use super::ids::{decode_fact, decode_var, read_domain, GoapDomainId, GoapFactId, GoapVarId};
use super::status::GoapStatus;
use super::var::{read_var_values, GoapVarValue};
use super::world::{world_ref, GoapWorld};
use crate::domain::{FactValue, VarId};
use crate::world::SharedChange;

/// What a shared write did, from goap_domain_set_shared and its one-value forms.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapSharedChange {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Shared values that changed (written for the first time, or to another value).
    pub changed: u32,
    /// Agents whose belief changed in a value their goals or plan depend on: each reviews
    /// its goal choice and plan at its next step. Other agents are not counted and not
    /// disturbed.
    pub reviewed: u32,
}

impl Default for GoapSharedChange {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        GoapSharedChange {
            size: size_of::<Self>() as u32,
            changed: 0,
            reviewed: 0,
        }
    }
}

impl super::args::Grows for GoapSharedChange {}

/// Decodes one of a write's lists against the domain.
type Decode<'a, T> = dyn Fn(&crate::world::DomainEntry) -> Result<Vec<T>, FfiError> + 'a;

/// The shared write common to the three setters.
///
/// # Safety
/// `world` non-NULL and live; `out` NULL or valid for a write of its caller's size.
unsafe fn write_shared(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    facts: &Decode<'_, FactValue>,
    vars: &Decode<'_, (VarId, i32)>,
    out: *mut GoapSharedChange,
) -> Result<(), FfiError> {
    // SAFETY: out is non-NULL here and readable by the caller's contract.
    let out_size = (!out.is_null())
        .then(|| unsafe { grown_size(out, "out") })
        .transpose()?;
    if callbacks_running_in(world) {
        return Err(FfiError::new(
            GoapStatus::Busy,
            "called from a context callback of an agent of this world (a shared write may \
             need to lock that agent); nothing was written",
        ));
    }
    // SAFETY: world is non-NULL and live by the caller's contract.
    let w = unsafe { world_ref(world) };
    let entry = read_domain(w, domain)?;
    let (facts, vars) = (facts(&entry)?, vars(&entry)?);
    let id = entry.id();
    drop(entry);
    let SharedChange { changed, reviewed } = w.set_shared(id, &facts, &vars)?;
    if let Some(size) = out_size {
        let change = GoapSharedChange {
            size: 0,
            changed,
            reviewed,
        };
        // SAFETY: out is non-NULL and writable for `size` bytes.
        unsafe { write_grown(out, size, change) };
    }
    Ok(())
}

/// Writes shared facts and variables of a domain: every agent of the domain reads them when
/// it plans and monitors its plan, without a call per agent. `facts` (`fact_count`
/// entries) and `vars` (`var_count` entries) are read during the call only; either may be
/// NULL when its count is 0. Every entry is checked first, and on any error nothing is
/// written; a fact or variable listed twice takes its last value. Writing the value a
/// shared fact already has is a write too: agents that overrode it take it again (see
/// Precedence), agents that believe it are not disturbed, but the fact's dependents are
/// visited, so write shared values when they change rather than every frame. `out` may be NULL; otherwise, on success,
/// `*out` receives what the write did (set `out->size` first).
///
/// Precedence: an agent's belief is the latest write, whichever came last: the world's
/// shared write, or the agent's own (goap_agent_set_fact / _set_var, goap_agents_set_fact,
/// the effects of its finished actions, a recurring goal's resets). So an agent may
/// override a shared value with its own belief, and the next shared write of that value
/// replaces the override. Agents created later start with the shared values.
///
/// Cost: only the agents whose goals or plan depend on a changed value are locked (one at a
/// time) and told to review (GoapSharedChange.reviewed); the others take the new values
/// the next time they plan or are read, and are not disturbed. An agent depends on the
/// facts and variables its goals name and, backwards through the actions that can change
/// them, their preconditions, and on the preconditions of its plan. The first shared write
/// of a domain visits each of its agents once to learn this.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or an array NULL with a count > 0),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT / GOAP_STATUS_UNKNOWN_VAR (the
/// message names the entry), GOAP_STATUS_INVALID_ARGUMENT (a fact value not 0 or 1, a bad
/// `out->size`), GOAP_STATUS_OUT_OF_RANGE (a value outside its variable's range),
/// GOAP_STATUS_BUSY (called from a context callback of an agent of this world; nothing is
/// written).
/// Thread safety: may run concurrently with every call on the world but
/// goap_world_destroy, batches included; an agent stepping meanwhile sees the values
/// either before or after the write, never half of it. It locks the dependent agents one
/// at a time (the first write of a domain: each of its agents), so it waits for a search
/// running on one of them (a step's, or a batch's without a node budget).
///
/// # Safety
/// `world` must be a live world; `facts` and `vars` valid for their counts of reads; `out`
/// NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_shared(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    facts: *const GoapFactValue,
    fact_count: u32,
    vars: *const GoapVarValue,
    var_count: u32,
    out: *mut GoapSharedChange,
) -> GoapStatus {
    guard!("goap_domain_set_shared", [world], {
        // SAFETY: world is non-NULL (guard) and live; the arrays are valid for their
        // counts; out is NULL or writable.
        unsafe {
            write_shared(
                world,
                domain,
                &|e| read_fact_values(e, "facts", facts, fact_count),
                &|e| read_var_values(e, "vars", vars, var_count),
                out,
            )
        }
    })
}

/// goap_domain_set_shared for one fact (`value` 0 or 1).
///
/// Errors: as goap_domain_set_shared.
/// Thread safety: as goap_domain_set_shared.
///
/// # Safety
/// `world` must be a live world; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_shared_fact(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    fact: GoapFactId,
    value: i32,
    out: *mut GoapSharedChange,
) -> GoapStatus {
    guard!("goap_domain_set_shared_fact", [world], {
        let value = super::agent::flag("value", value)?;
        // SAFETY: world is non-NULL (guard) and live; out is NULL or writable.
        unsafe {
            write_shared(
                world,
                domain,
                &|e| Ok(vec![FactValue::new(decode_fact(e, fact, "fact")?, value)]),
                &|_| Ok(Vec::new()),
                out,
            )
        }
    })
}

/// goap_domain_set_shared for one variable.
///
/// Errors: as goap_domain_set_shared.
/// Thread safety: as goap_domain_set_shared.
///
/// # Safety
/// `world` must be a live world; `out` NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_shared_var(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    var: GoapVarId,
    value: i32,
    out: *mut GoapSharedChange,
) -> GoapStatus {
    guard!("goap_domain_set_shared_var", [world], {
        // SAFETY: world is non-NULL (guard) and live; out is NULL or writable.
        unsafe {
            write_shared(
                world,
                domain,
                &|_| Ok(Vec::new()),
                &|e| Ok(vec![(decode_var(e, var, "var")?, value)]),
                out,
            )
        }
    })
}

/// A fact's shared value: on success `*out_shared` receives 1 when the fact was ever
/// written as shared (then `*out_value` receives its value, 0 or 1) and 0 when it was not
/// (then `*out_value` receives 0). What an agent believes is goap_agent_get_fact.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT.
/// Written only on success. Thread safety: a read; any thread.
///
/// # Safety
/// `world` must be a live world; the outputs valid for writes.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_get_shared_fact(
    world: *const GoapWorld,
    domain: GoapDomainId,
    fact: GoapFactId,
    out_shared: *mut i32,
    out_value: *mut i32,
) -> GoapStatus {
    guard!(
        "goap_domain_get_shared_fact",
        [world, out_shared, out_value],
        {
            // SAFETY: world is non-NULL (guard) and live.
            let w = unsafe { world_ref(world) };
            let entry = read_domain(w, domain)?;
            let f = decode_fact(&entry, fact, "fact")?;
            let value = w.shared_fact(entry.id(), f)?;
            // SAFETY: both outputs are non-NULL and writable.
            unsafe {
                write_out(out_shared, i32::from(value.is_some()));
                write_out(out_value, i32::from(value.unwrap_or(false)));
            }
            Ok(())
        }
    )
}

/// A variable's shared value: `*out_shared` receives 1 when it was ever written as shared
/// (then `*out_value` receives its value) and 0 when it was not (then `*out_value`
/// receives 0).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR.
/// Written only on success. Thread safety: a read; any thread.
///
/// # Safety
/// `world` must be a live world; the outputs valid for writes.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_get_shared_var(
    world: *const GoapWorld,
    domain: GoapDomainId,
    var: GoapVarId,
    out_shared: *mut i32,
    out_value: *mut i32,
) -> GoapStatus {
    guard!(
        "goap_domain_get_shared_var",
        [world, out_shared, out_value],
        {
            // SAFETY: world is non-NULL (guard) and live.
            let w = unsafe { world_ref(world) };
            let entry = read_domain(w, domain)?;
            let v = decode_var(&entry, var, "var")?;
            let value = w.shared_var(entry.id(), v)?;
            // SAFETY: both outputs are non-NULL and writable.
            unsafe {
                write_out(out_shared, i32::from(value.is_some()));
                write_out(out_value, value.unwrap_or(0));
            }
            Ok(())
        }
    )
}
