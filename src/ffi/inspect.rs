//! Introspection: what a domain and an agent hold, read back through the ABI (so engines
//! need not re-parse a domain file for names), and a search trace for debugger views.
//!
//! Every function here is a read: lists go into caller buffers with the usual
//! `GOAP_STATUS_BUFFER_TOO_SMALL` protocol (`*out_count` receives the needed capacity).

use std::ffi::c_char;

use super::agent::with_agent;
use super::args::{
    check_buffer, grown_size, grown_stride, read_def, write_grown, write_grown_items, write_items,
    write_out, write_slice, write_string,
};
use super::error::FfiError;
use super::fact::{read_fact_values, GoapFactValue};
use super::ids::{
    decode_action, decode_goal, decode_var, encode_action, encode_domain, encode_fact, encode_goal,
    encode_var, read_domain, GoapActionId, GoapAgentId, GoapDomainId, GoapFactId, GoapGoalId,
    GoapVarId, IdScope,
};
use super::plan::{GoapProblem, PROBLEM_COOKIE};
use super::status::GoapStatus;
use super::var::{
    read_var_conditions, read_var_values, GoapVarCondition, GoapVarEffect, GoapVarValue,
};
use super::world::{goap_world_ref, world_ref, GoapWorld};
use crate::domain::{
    ActionId, Compare, Conditions, Domain, DomainId, FactId, Overflow, VarId, VarOp,
};
use crate::explain::{trace, TraceEnd};
use crate::planner::ActionContext;
use crate::state::WorldState;
use crate::world::start_state_with;

/// What goap_domain_var_info tells about a variable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapVarInfo {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Smallest value.
    pub min: i32,
    /// Largest value.
    pub max: i32,
    /// Its value in a start state that does not set it.
    pub default_value: i32,
    /// Its GoapOverflow rule.
    pub overflow: i32,
}

impl Default for GoapVarInfo {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapVarInfo {}

/// What goap_domain_action_info tells about an action.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapActionInfo {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Its cost in the domain.
    pub cost: f64,
    /// Entries of goap_domain_action_pre (fact preconditions).
    pub pre_count: u32,
    /// Entries of goap_domain_action_effects (fact effects).
    pub effect_count: u32,
    /// Entries of goap_domain_action_var_pre (variable preconditions).
    pub var_pre_count: u32,
    /// Entries of goap_domain_action_var_effects (variable effects).
    pub var_effect_count: u32,
}

impl Default for GoapActionInfo {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapActionInfo {}

/// What goap_agent_goal_info tells about one of an agent's goals.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapGoalInfo {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Its priority (≤ 0: disabled).
    pub priority: f64,
    /// Entries of goap_agent_goal_conditions.
    pub fact_count: u32,
    /// Entries of goap_agent_goal_var_conditions.
    pub var_count: u32,
    /// 1 when the agent's believed state satisfies it, else 0.
    pub satisfied: u32,
    /// 1 when it is the goal the agent pursues (or last chose), else 0.
    pub current: u32,
    /// Times the agent achieved it (found it satisfied while pursuing it; saturates at
    /// UINT32_MAX). 0 for a domain's agent goal.
    pub achieved: u32,
    /// For a recurring goal in its cooldown, the seconds of the agent's clock left before it
    /// may be chosen again; else 0.
    pub ready_in: f64,
}

impl Default for GoapGoalInfo {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapGoalInfo {}

/// One state of a search trace (goap_domain_trace).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapTraceNode {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Its cost from the start.
    pub g: f64,
    /// The (uncapped) LM-cut estimate of its cost to the goal's facts (a lower bound;
    /// INFINITY when the goal is out of reach from it).
    pub h: f64,
    /// The action that reached it (0 for the start).
    pub action: GoapActionId,
    /// The node it was reached from (an index into the node array); UINT32_MAX for the
    /// start.
    pub parent: u32,
    /// 1 when it satisfies the goal (only the last node can), else 0.
    pub goal: u32,
    /// Its true facts are `out_facts[fact_start .. fact_start + fact_count]`.
    pub fact_start: u32,
    /// See fact_start.
    pub fact_count: u32,
    /// Its variables' values are `out_var_values[var_start .. var_start + the domain's
    /// variable count]`, in variable order.
    pub var_start: u32,
}

impl Default for GoapTraceNode {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapTraceNode {}

/// How a search trace ended (GoapTraceResult.end).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapTraceEnd {
    /// The last node satisfies the goal; the path to it is a minimum-cost plan.
    Found = 0,
    /// Every state reachable from the start was expanded: no plan.
    NoPlan = 1,
    /// max_expanded states were expanded first.
    Limit = 2,
}

/// The counts of goap_domain_trace, written on success and on GOAP_STATUS_BUFFER_TOO_SMALL
/// alike (then they are the capacities needed).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapTraceResult {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// A GoapTraceEnd value.
    pub end: i32,
    /// Nodes written (or needed).
    pub node_count: u32,
    /// Fact ids written to out_facts (or needed).
    pub fact_count: u32,
    /// Values written to out_var_values (or needed): node_count × the domain's variables.
    pub var_value_count: u32,
}

impl Default for GoapTraceResult {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapTraceResult {}

/// A count as `uint32_t`. Lists of a domain fit: it holds fewer than 2^30 items of a kind.
pub(super) fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The id of the `index`-th item (registration order) of a kind with `count` items.
pub(super) fn item_at(
    index: u32,
    count: usize,
    kind: &str,
    describe: impl FnOnce() -> String,
) -> Result<u32, FfiError> {
    if (index as usize) < count {
        Ok(index)
    } else {
        Err(FfiError::invalid(format!(
            "index {index} is not below {}'s {kind} count {count}",
            describe()
        )))
    }
}

fn compare_value(op: Compare) -> i32 {
    match op {
        Compare::Eq => 1,
        Compare::Ne => 2,
        Compare::Lt => 3,
        Compare::Le => 4,
        Compare::Gt => 5,
        Compare::Ge => 6,
    }
}

fn var_op_value(op: VarOp) -> i32 {
    match op {
        VarOp::Set => 1,
        VarOp::Add => 2,
        VarOp::Sub => 3,
    }
}

/// A condition list's facts as ABI values.
pub(super) fn fact_values(domain: DomainId, conditions: &Conditions) -> Vec<GoapFactValue> {
    conditions
        .entries()
        .iter()
        .map(|e| GoapFactValue {
            fact: encode_fact(domain, e.fact),
            value: i32::from(e.value),
        })
        .collect()
}

/// A condition list's variable conditions as ABI values.
pub(super) fn var_conditions(domain: DomainId, conditions: &Conditions) -> Vec<GoapVarCondition> {
    conditions
        .var_conditions()
        .iter()
        .map(|c| GoapVarCondition {
            var: encode_var(domain, c.var),
            op: compare_value(c.op),
            value: c.value,
        })
        .collect()
}

/// The true facts of `state` (of `d`'s facts), as ABI values.
fn true_facts(domain: DomainId, d: &Domain, state: &WorldState) -> Vec<GoapFactValue> {
    state
        .true_facts()
        .filter(|f| f.index() < d.fact_count())
        .map(|f| GoapFactValue {
            fact: encode_fact(domain, f),
            value: 1,
        })
        .collect()
}

/// Every variable of `d` with its value in `state`.
fn var_values(domain: DomainId, d: &Domain, state: &WorldState) -> Vec<GoapVarValue> {
    (0..d.var_count() as u32)
        .map(|v| GoapVarValue {
            var: encode_var(domain, VarId(v)),
            value: d.value(state, VarId(v)),
        })
        .collect()
}

/// On success `*out` receives the id of the domain's `index`-th fact (facts are numbered
/// from 0 in the order they were added, up to goap_domain_fact_count - 1): with
/// goap_domain_fact_name, the way to list a domain's facts.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count). Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_fact_at(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapFactId,
) -> GoapStatus {
    guard!("goap_domain_fact_at", [world, out], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let i = item_at(index, entry.domain().fact_count(), "fact", || {
            entry.describe()
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_fact(entry.id(), FactId(i))) };
        Ok(())
    })
}

/// On success `*out` receives the id of the domain's `index`-th variable (declaration
/// order, from 0 to goap_domain_var_count - 1).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count). Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_var_at(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapVarId,
) -> GoapStatus {
    guard!("goap_domain_var_at", [world, out], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let i = item_at(index, entry.domain().var_count(), "variable", || {
            entry.describe()
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_var(entry.id(), VarId(i))) };
        Ok(())
    })
}

/// On success `*out` receives the id of the domain's `index`-th action (from 0 to
/// goap_domain_action_count - 1, in the order added).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count). Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_at(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapActionId,
) -> GoapStatus {
    guard!("goap_domain_action_at", [world, out], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let i = item_at(index, entry.domain().action_count(), "action", || {
            entry.describe()
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_action(entry.id(), ActionId(i))) };
        Ok(())
    })
}

/// On success `*out` receives a variable's range, start default and overflow rule.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR.
/// Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_var_info(
    world: *const GoapWorld,
    domain: GoapDomainId,
    var: GoapVarId,
    out: *mut GoapVarInfo,
) -> GoapStatus {
    guard!("goap_domain_var_info", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let v = decode_var(&entry, var, "var")?;
        let def = entry.domain().var(v).expect("decoded ids are in range");
        let info = GoapVarInfo {
            size: 0,
            min: def.min(),
            max: def.max(),
            default_value: def.default_value(),
            overflow: match def.overflow() {
                Overflow::Reject => 0,
                Overflow::Saturate => 1,
            },
        };
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, info) };
        Ok(())
    })
}

/// On success `*out` receives an action's cost and the lengths of its four condition
/// lists (read them with goap_domain_action_pre, _effects, _var_pre and _var_effects).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION.
/// Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_info(
    world: *const GoapWorld,
    domain: GoapDomainId,
    action: GoapActionId,
    out: *mut GoapActionInfo,
) -> GoapStatus {
    guard!("goap_domain_action_info", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL (guard) and live.
        let info = unsafe {
            with_action(world, domain, action, |_, act| {
                Ok(GoapActionInfo {
                    size: 0,
                    cost: act.cost(),
                    pre_count: count_u32(act.pre().entries().len()),
                    effect_count: count_u32(act.effects().entries().len()),
                    var_pre_count: count_u32(act.pre().var_conditions().len()),
                    var_effect_count: count_u32(act.var_effects().len()),
                })
            })
        }?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, info) };
        Ok(())
    })
}

/// Runs `f` on the action `raw` of `domain` (with the domain's id, for encoding ids): the
/// lookup every action inspection starts with.
///
/// # Safety
/// `world` must be non-NULL and live.
unsafe fn with_action<R>(
    world: *const GoapWorld,
    domain: GoapDomainId,
    raw: GoapActionId,
    f: impl FnOnce(DomainId, &crate::domain::Action) -> Result<R, FfiError>,
) -> Result<R, FfiError> {
    // SAFETY: forwarded from the caller.
    let entry = read_domain(unsafe { world_ref(world) }, domain)?;
    let a = decode_action(&entry, raw, "action")?;
    f(
        entry.id(),
        entry.domain().action(a).expect("decoded ids are in range"),
    )
}

/// Copies an action's fact preconditions into `out` (each fact with the value it must
/// have: 1 true, 0 false), in fact order; `*out_count` receives their number. `out` may be
/// NULL when `capacity` is 0 (to ask for the length); when it is too small the status is
/// GOAP_STATUS_BUFFER_TOO_SMALL, `*out_count` receives the needed capacity and nothing is
/// written to `out`.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_pre(
    world: *const GoapWorld,
    domain: GoapDomainId,
    action: GoapActionId,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_action_pre", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live; out/capacity and out_count are valid
        // by the caller's contract.
        unsafe {
            with_action(world, domain, action, |d, act| {
                write_slice(
                    &fact_values(d, act.pre()),
                    "fact",
                    "out",
                    out,
                    capacity,
                    out_count,
                )
            })
        }
    })
}

/// Copies an action's fact effects into `out` (1: it makes the fact true, 0: false), in
/// fact order, as goap_domain_action_pre does its preconditions.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_effects(
    world: *const GoapWorld,
    domain: GoapDomainId,
    action: GoapActionId,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_action_effects", [world, out_count], {
        // SAFETY: as in goap_domain_action_pre.
        unsafe {
            with_action(world, domain, action, |d, act| {
                write_slice(
                    &fact_values(d, act.effects()),
                    "fact",
                    "out",
                    out,
                    capacity,
                    out_count,
                )
            })
        }
    })
}

/// Copies an action's variable preconditions into `out` (GoapCompare in `op`), as
/// goap_domain_action_pre does its fact preconditions.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_var_pre(
    world: *const GoapWorld,
    domain: GoapDomainId,
    action: GoapActionId,
    out: *mut GoapVarCondition,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_action_var_pre", [world, out_count], {
        // SAFETY: as in goap_domain_action_pre.
        unsafe {
            with_action(world, domain, action, |d, act| {
                let values = var_conditions(d, act.pre());
                write_slice(
                    &values,
                    "variable condition",
                    "out",
                    out,
                    capacity,
                    out_count,
                )
            })
        }
    })
}

/// Copies an action's variable effects into `out` (GoapVarOp in `op`), as
/// goap_domain_action_pre does its fact preconditions.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_var_effects(
    world: *const GoapWorld,
    domain: GoapDomainId,
    action: GoapActionId,
    out: *mut GoapVarEffect,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_action_var_effects", [world, out_count], {
        // SAFETY: as in goap_domain_action_pre.
        unsafe {
            with_action(world, domain, action, |d, act| {
                let values: Vec<GoapVarEffect> = act
                    .var_effects()
                    .iter()
                    .map(|e| GoapVarEffect {
                        var: encode_var(d, e.var),
                        op: var_op_value(e.op),
                        value: e.value,
                    })
                    .collect();
                write_slice(&values, "variable effect", "out", out, capacity, out_count)
            })
        }
    })
}

/// Copies the true facts of the domain's stored start state into `out` (value 1 each, in
/// fact order; every other fact is false), with the buffer protocol of
/// goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_start(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_start", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let values = true_facts(entry.id(), entry.domain(), entry.start());
        // SAFETY: out/capacity and out_count are valid by the caller's contract.
        unsafe { write_slice(&values, "fact", "out", out, capacity, out_count) }
    })
}

/// Copies every variable's value in the domain's stored start state into `out` (in
/// variable order), with the buffer protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_start_vars(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out: *mut GoapVarValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_start_vars", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let values = var_values(entry.id(), entry.domain(), entry.start());
        // SAFETY: out/capacity and out_count are valid by the caller's contract.
        unsafe { write_slice(&values, "variable", "out", out, capacity, out_count) }
    })
}

/// Copies the fact conditions of the domain's stored goal into `out`, with the buffer
/// protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_NO_GOAL (none
/// stored), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_goal(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_goal", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let goal = stored_goal(&entry)?;
        let values = fact_values(entry.id(), goal);
        // SAFETY: out/capacity and out_count are valid by the caller's contract.
        unsafe { write_slice(&values, "fact", "out", out, capacity, out_count) }
    })
}

/// Copies the variable conditions of the domain's stored goal into `out`, with the buffer
/// protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_NO_GOAL,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_goal_vars(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out: *mut GoapVarCondition,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_goal_vars", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let goal = stored_goal(&entry)?;
        let values = var_conditions(entry.id(), goal);
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
    })
}

fn stored_goal(entry: &crate::world::DomainEntry) -> Result<&Conditions, FfiError> {
    entry.goal().ok_or_else(|| {
        FfiError::new(
            GoapStatus::NoGoal,
            format!(
                "{} has no stored goal (see goap_domain_set_goal)",
                entry.describe()
            ),
        )
    })
}

/// On success `*out` receives the id of the domain the agent was created from (its ids
/// of facts, variables and actions belong to it; the domain may have been destroyed
/// since: the agent keeps its own copy).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY. Written
/// only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_domain(
    world: *const GoapWorld,
    agent: GoapAgentId,
    out: *mut GoapDomainId,
) -> GoapStatus {
    guard!("goap_agent_domain", [world, out], {
        // SAFETY: world is non-NULL (guard) and live.
        let id = with_agent(unsafe { goap_world_ref(world) }, agent, |a| Ok(a.owner()))?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_domain(id)) };
        Ok(())
    })
}

/// Copies the facts the agent believes true into `out` (value 1 each, in fact order; every
/// other fact of its domain it believes false), with the buffer protocol of
/// goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_facts(
    world: *const GoapWorld,
    agent: GoapAgentId,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_facts", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let values = true_facts(a.owner(), a.domain(), a.state());
            // SAFETY: out/capacity and out_count are valid by the caller's contract.
            unsafe { write_slice(&values, "fact", "out", out, capacity, out_count) }
        })
    })
}

/// Copies every variable's believed value into `out` (in variable order), with the buffer
/// protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_vars(
    world: *const GoapWorld,
    agent: GoapAgentId,
    out: *mut GoapVarValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_vars", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let values = var_values(a.owner(), a.domain(), a.state());
            // SAFETY: out/capacity and out_count are valid by the caller's contract.
            unsafe { write_slice(&values, "variable", "out", out, capacity, out_count) }
        })
    })
}

/// On success `*out_goal` receives the id of the agent's goal at `index` (0 to
/// GoapAgentInfo.goal_count - 1) in the order the goals were added (the domain's goals
/// first; removed goals are left out, so the goals after one move down).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the goal count, as for
/// goap_domain_fact_at). Written only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out_goal` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_goal_at(
    world: *const GoapWorld,
    agent: GoapAgentId,
    index: u32,
    out_goal: *mut GoapGoalId,
) -> GoapStatus {
    guard!("goap_agent_goal_at", [world, out_goal], {
        // SAFETY: world is non-NULL (guard) and live.
        let goal = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let i = item_at(index, a.goal_count(), "goal", || "the agent".to_owned())?;
            Ok(a.goal_at(i as usize).expect("i < goal_count"))
        })?;
        // SAFETY: out_goal is non-NULL and writable.
        unsafe { write_out(out_goal, encode_goal(goal)) };
        Ok(())
    })
}

/// Copies the name of the agent's goal `goal` (an id) and a NUL terminator into `buf`, with
/// the protocol of goap_domain_fact_name.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_goal_name(
    world: *const GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_goal_name", [world, out_len], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            let g = a.goal(goal)?;
            // SAFETY: buf/capacity and out_len are valid by the caller's contract.
            unsafe { write_string(&g.name, "buf", buf, capacity, out_len) }
        })
    })
}

/// On success `*out` receives what the agent's goal `goal` (an id) is now: its priority,
/// its list lengths, whether the believed state satisfies it, whether it is the goal
/// pursued, how often it was achieved and (for a recurring goal) how long its cooldown
/// still runs.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_GOAL. Written only on success.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_goal_info(
    world: *const GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
    out: *mut GoapGoalInfo,
) -> GoapStatus {
    guard!("goap_agent_goal_info", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL (guard) and live.
        let info = with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            let g = a.goal(goal)?;
            let (achieved, ready_in) = a.goal_progress(goal)?;
            Ok(GoapGoalInfo {
                size: 0,
                priority: g.priority,
                fact_count: count_u32(g.conditions.entries().len()),
                var_count: count_u32(g.conditions.var_conditions().len()),
                satisfied: u32::from(a.domain().satisfies(a.state(), &g.conditions)),
                current: u32::from(a.current_goal() == Some(goal)),
                achieved: u32::try_from(achieved).unwrap_or(u32::MAX),
                ready_in,
            })
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, info) };
        Ok(())
    })
}

/// Copies the fact conditions of the agent's goal `goal` (an id) into `out`, with the
/// buffer protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_goal_conditions(
    world: *const GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
    out: *mut GoapFactValue,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_goal_conditions", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            let values = fact_values(a.owner(), &a.goal(goal)?.conditions);
            // SAFETY: out/capacity and out_count are valid by the caller's contract.
            unsafe { write_slice(&values, "fact", "out", out, capacity, out_count) }
        })
    })
}

/// Copies the variable conditions of the agent's goal `goal` (an id) into `out`, with
/// the buffer protocol of goap_domain_action_pre.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_goal_var_conditions(
    world: *const GoapWorld,
    agent: GoapAgentId,
    goal: GoapGoalId,
    out: *mut GoapVarCondition,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_agent_goal_var_conditions", [world, out_count], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            // The agent is checked before the goal id, as for the other ids.
            let goal = decode_goal(goal, "goal")?;
            let values = var_conditions(a.owner(), &a.goal(goal)?.conditions);
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
        })
    })
}

/// Records a search for a debugger view: a uniform-cost search of the domain from a start
/// towards a goal, every state it takes up in order (lowest cost first, ties in the order
/// found, successors in action order), each with its cost `g`, its LM-cut estimate `h`
/// (uncapped: a lower bound on its cost to the goal's facts), the action and node it was reached
/// from and its state, until a goal state (GOAP_TRACE_END_FOUND: the path to the last node
/// is a minimum-cost plan), no state is left (GOAP_TRACE_END_NO_PLAN) or `max_expanded`
/// states were expanded (GOAP_TRACE_END_LIMIT). `problem` gives the start and goal, or
/// NULL for the domain's stored ones.
///
/// Three caller buffers receive it: `out_nodes` (`node_capacity` nodes, of the size the
/// caller sets in `out_nodes[0].size`: see STRUCTS THAT GROW), `out_facts`
/// (`fact_capacity` fact ids: each node's true facts, at its fact_start) and
/// `out_var_values` (`var_capacity` values: each node's variables in order, at its
/// var_start). `*out_result` receives the end and the three counts, on success and on
/// GOAP_STATUS_BUFFER_TOO_SMALL alike (then they are the capacities needed, and nothing is
/// written to the buffers). A buffer may be NULL when its capacity is 0. The trace holds
/// up to max_expanded + 1 nodes: keep it small (hundreds) for a view a person can read;
/// the search runs again on every call.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_NO_GOAL
/// (problem NULL and no stored goal), the errors of goap_domain_plan_problem for a bad
/// problem, GOAP_STATUS_INVALID_ARGUMENT (max_expanded 0), GOAP_STATUS_OUT_OF_MEMORY,
/// GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `problem` NULL or readable (with its arrays valid for
/// their counts); each buffer valid for its capacity; `out_result` valid for a write.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn goap_domain_trace(
    world: *const GoapWorld,
    domain: GoapDomainId,
    problem: *const GoapProblem,
    max_expanded: u32,
    out_nodes: *mut GoapTraceNode,
    node_capacity: u32,
    out_facts: *mut GoapFactId,
    fact_capacity: u32,
    out_var_values: *mut i32,
    var_capacity: u32,
    out_result: *mut GoapTraceResult,
) -> GoapStatus {
    guard!("goap_domain_trace", [world, out_result], {
        // SAFETY: out_result is non-NULL (guard) and readable; checked before anything else.
        let out_result_size = unsafe { grown_size(out_result, "out_result") }?;
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        if max_expanded == 0 {
            return Err(FfiError::invalid("max_expanded must be at least 1"));
        }
        // The buffers are checked before anything is written (outputs are written only on
        // success and, for the counts, on GOAP_STATUS_BUFFER_TOO_SMALL).
        check_buffer(out_nodes, node_capacity, "out_nodes")?;
        check_buffer(out_facts, fact_capacity, "out_facts")?;
        check_buffer(out_var_values, var_capacity, "out_var_values")?;
        // SAFETY: out_nodes is non-NULL when node_capacity > 0, valid for its nodes.
        let node_stride = unsafe { grown_stride(out_nodes, node_capacity, "out_nodes") }?;
        let (start, goal) = if problem.is_null() {
            let goal = stored_goal(&entry)?.clone();
            (entry.start().clone(), goal)
        } else {
            // SAFETY: problem is readable, with its arrays valid for their counts.
            let p = unsafe {
                read_def(
                    "problem",
                    problem,
                    |p| p.cookie,
                    PROBLEM_COOKIE,
                    "goap_problem_default",
                )
            }?;
            // SAFETY: as above.
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
                    read_var_conditions(
                        &entry,
                        "problem->goal_vars",
                        p.goal_vars,
                        p.goal_var_count,
                    )?,
                )
            };
            let start = start_state_with(entry.domain(), &start_facts, &start_vars)
                .map_err(|e| super::fact::list_error(&entry, "problem->start", e))?;
            let goal = entry
                .domain()
                .conditions_with(goal_facts, goal_vars.iter().copied())
                .map_err(|e| super::fact::list_error(&entry, "problem->goal", e))?;
            (start, goal)
        };
        let d = entry.domain();
        let t = trace(d, &start, &goal, &ActionContext::new(), max_expanded)
            .map_err(|e| FfiError::new(GoapStatus::OutOfMemory, e.to_string()))?;
        let id = entry.id();
        let vars = d.var_count();
        let mut nodes = Vec::with_capacity(t.nodes.len());
        let mut facts = Vec::new();
        let mut values = Vec::with_capacity(t.nodes.len() * vars);
        for n in &t.nodes {
            let fact_start = count_u32(facts.len());
            facts.extend(
                n.state
                    .true_facts()
                    .filter(|f| f.index() < d.fact_count())
                    .map(|f| encode_fact(id, f)),
            );
            let var_start = count_u32(values.len());
            values.extend((0..vars as u32).map(|v| d.value(&n.state, VarId(v))));
            nodes.push(GoapTraceNode {
                size: 0,
                g: n.g,
                h: n.h,
                action: n
                    .parent
                    .map_or(GoapActionId::default(), |(_, a)| encode_action(id, a)),
                parent: n.parent.map_or(u32::MAX, |(p, _)| count_u32(p)),
                goal: u32::from(n.goal),
                fact_start,
                fact_count: count_u32(facts.len()) - fact_start,
                var_start,
            });
        }
        let result = GoapTraceResult {
            size: 0,
            end: match t.end {
                TraceEnd::Found => GoapTraceEnd::Found,
                TraceEnd::NoPlan => GoapTraceEnd::NoPlan,
                TraceEnd::Limit => GoapTraceEnd::Limit,
            } as i32,
            node_count: count_u32(nodes.len()),
            fact_count: count_u32(facts.len()),
            var_value_count: count_u32(values.len()),
        };
        // SAFETY: out_result is non-NULL and writable.
        unsafe { write_grown(out_result, out_result_size, result) };
        let needs = [
            ("out_nodes", nodes.len(), node_capacity),
            ("out_facts", facts.len(), fact_capacity),
            ("out_var_values", values.len(), var_capacity),
        ];
        if let Some((name, need, capacity)) = needs
            .iter()
            .find(|(_, need, capacity)| *need > *capacity as usize)
        {
            return Err(FfiError::new(
                GoapStatus::BufferTooSmall,
                format!("{name} has capacity {capacity} but the trace needs {need} (*out_result)"),
            ));
        }
        // SAFETY: each buffer is valid for its capacity, which holds its items, and aligned
        // (checked above; a buffer with no items is not touched, so NULL is fine there).
        unsafe {
            write_grown_items(&nodes, out_nodes, node_stride);
            write_items(&facts, out_facts);
            write_items(&values, out_var_values);
        }
        Ok(())
    })
}
