//! Actions: adding, looking up and naming them.

use std::ffi::c_char;

use super::args::{len_u32, read_def, read_str, write_out, write_string};
use super::error::FfiError;
use super::fact::{list_error, read_fact_values, GoapFactValue};
use super::guard::run_value;
use super::ids::{
    decode_action, edit_domain, encode_action, ensure_fits, read_domain, GoapActionId,
    GoapDomainId, Kind,
};
use super::status::GoapStatus;
use super::var::{read_var_conditions, read_var_effects, GoapVarCondition, GoapVarEffect};
use super::world::{world_ref, GoapWorld};
use crate::domain::ActionDef;

const ACTION_DEF_COOKIE: u32 = 0x6F61_4101;

/// The largest action cost accepted (1e12); a higher one is GOAP_STATUS_INVALID_COST.
/// Bounding costs keeps every sum a search forms far from overflowing.
pub const GOAP_MAX_ACTION_COST: f64 = 1e12;

// The header's constant must follow the core's limit.
const _: () = assert!(GOAP_MAX_ACTION_COST == crate::domain::MAX_ACTION_COST);

/// Definition of an action for goap_domain_add_action. Obtain from
/// goap_action_def_default(), then set the fields. Every pointer is read during
/// goap_domain_add_action only; the domain keeps copies.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapActionDef {
    /// Internal: set by goap_action_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// Unique, non-empty name: UTF-8, `name_len` bytes, not NUL-terminated, without NUL
    /// bytes.
    pub name: *const c_char,
    /// Length of `name` in bytes.
    pub name_len: u32,
    /// Preconditions: each fact must have its value before the action. May be NULL when
    /// `pre_count` is 0.
    pub pre: *const GoapFactValue,
    /// Number of preconditions.
    pub pre_count: u32,
    /// Effects: each fact takes its value after the action, all at once. May be NULL when
    /// `effect_count` is 0.
    pub effects: *const GoapFactValue,
    /// Number of effects.
    pub effect_count: u32,
    /// Cost: a number from 0 to GOAP_MAX_ACTION_COST (1e12); 0 and fractions are fine.
    /// Default 1.
    pub cost: f64,
    /// Variable preconditions: each must hold before the action. May be NULL when
    /// `var_pre_count` is 0 (the default).
    pub var_pre: *const GoapVarCondition,
    /// Number of variable preconditions.
    pub var_pre_count: u32,
    /// Variable effects, at most one per variable, applied together with `effects` and
    /// computed from the state before the action. With GOAP_OVERFLOW_REJECT the action is
    /// not applicable where a result would leave the variable's range; with
    /// GOAP_OVERFLOW_SATURATE the result is clamped. May be NULL when `var_effect_count` is
    /// 0 (the default).
    pub var_effects: *const GoapVarEffect,
    /// Number of variable effects.
    pub var_effect_count: u32,
}

/// The default action definition: no name, no preconditions, no effects (on facts or
/// variables), cost 1. Always use
/// it to initialise a GoapActionDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_action_def_default() -> GoapActionDef {
    run_value("goap_action_def_default", ACTION_DEF_DEFAULT, || {
        ACTION_DEF_DEFAULT
    })
}

const ACTION_DEF_DEFAULT: GoapActionDef = GoapActionDef {
    cookie: ACTION_DEF_COOKIE,
    name: std::ptr::null(),
    name_len: 0,
    pre: std::ptr::null(),
    pre_count: 0,
    effects: std::ptr::null(),
    effect_count: 0,
    cost: 1.0,
    var_pre: std::ptr::null(),
    var_pre_count: 0,
    var_effects: std::ptr::null(),
    var_effect_count: 0,
};

/// Adds an action to a domain; on success `*out` receives its id. Actions are tried in
/// the order they were added, which decides between equally good plans.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, out, or an array/name pointer in def that
/// is NULL with a non-zero count), GOAP_STATUS_INVALID_ARGUMENT (def not from
/// goap_action_def_default(), an empty name or one containing a NUL byte, a value not 0 or
/// 1, a variable condition's op not a GoapCompare value or an effect's op not a GoapVarOp
/// value, 0 included; an effect on a fact a template's "where" reads: those stay static),
/// GOAP_STATUS_INVALID_UTF8 (def->name), GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_UNKNOWN_FACT (a fact of another domain, not of this one, or an action or
/// variable id), GOAP_STATUS_UNKNOWN_VAR (in var_pre or var_effects: a variable of another
/// domain, not of this one, or a fact or action id), GOAP_STATUS_DUPLICATE_NAME,
/// GOAP_STATUS_INVALID_COST (NaN, infinite, negative or above GOAP_MAX_ACTION_COST, 1e12),
/// GOAP_STATUS_OUT_OF_RANGE (a condition or set value outside its variable's [min, max], a
/// += or -= step outside 1 ..= max - min), GOAP_STATUS_CONTRADICTION (pre or effects list
/// one fact as both 1 and 0, var_pre's conditions on one variable can never hold together
/// within its range, or var_effects has two effects on one variable),
/// GOAP_STATUS_TOO_MANY (the domain has 2^30 - 1 actions already). `*out` is written only on
/// success; on error the domain is unchanged.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `def` readable, with its pointers valid for their counts;
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_add_action(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    def: *const GoapActionDef,
    out: *mut GoapActionId,
) -> GoapStatus {
    guard!("goap_domain_add_action", [world, def, out], {
        // SAFETY: def is readable and its name valid for name_len bytes.
        let (def, name) = unsafe {
            let def = read_def(
                "def",
                def,
                |d| d.cookie,
                ACTION_DEF_COOKIE,
                "goap_action_def_default",
            )?;
            (def, read_str("def->name", def.name, def.name_len)?)
        };
        if name.is_empty() {
            return Err(FfiError::invalid(
                "def->name is empty (action names must not be empty)",
            ));
        }
        // SAFETY: world is non-NULL and live.
        let id = edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            // SAFETY: def's arrays are valid for their counts.
            let (pre, effects, var_pre, var_effects) = unsafe {
                (
                    read_fact_values(entry, "def->pre", def.pre, def.pre_count)?,
                    read_fact_values(entry, "def->effects", def.effects, def.effect_count)?,
                    read_var_conditions(entry, "def->var_pre", def.var_pre, def.var_pre_count)?,
                    read_var_effects(
                        entry,
                        "def->var_effects",
                        def.var_effects,
                        def.var_effect_count,
                    )?,
                )
            };
            ensure_fits(entry.domain().action_count() + 1, Kind::Action)?;
            let action = entry
                .domain_mut()
                .add_action(ActionDef {
                    name: name.to_owned(),
                    pre,
                    effects,
                    cost: def.cost,
                    var_pre,
                    var_effects,
                })
                .map_err(|e| list_error(entry, &format!("action \"{name}\": def->var_pre"), e))?;
            Ok(encode_action(entry.id(), action))
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, id) };
        Ok(())
    })
}

/// Looks up an action by name; on success `*out` receives its id.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8,
/// GOAP_STATUS_NOT_FOUND (no action has this name). `*out` is written only on success.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_find_action(
    world: *const GoapWorld,
    domain: GoapDomainId,
    name: *const c_char,
    name_len: u32,
    out: *mut GoapActionId,
) -> GoapStatus {
    guard!("goap_domain_find_action", [world, out], {
        // SAFETY: world is non-NULL and live; name is valid for name_len bytes.
        let (world, name) = unsafe { (world_ref(world), read_str("name", name, name_len)?) };
        let entry = read_domain(world, domain)?;
        let action = entry.domain().action_id(name).ok_or_else(|| {
            FfiError::new(
                GoapStatus::NotFound,
                format!("{} has no action named {name:?}", entry.describe()),
            )
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_action(entry.id(), action)) };
        Ok(())
    })
}

/// Copies an action's name (UTF-8) and a NUL terminator into `buf`; same buffer rules as
/// goap_domain_fact_name (`*out_len` = length without the terminator, also on
/// GOAP_STATUS_BUFFER_TOO_SMALL; `buf` needs `*out_len + 1` bytes).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
/// GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_name(
    world: *const GoapWorld,
    domain: GoapDomainId,
    action: GoapActionId,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_action_name", [world, out_len], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let action = decode_action(&entry, action, "action")?;
        let name = entry
            .domain()
            .action(action)
            .map(|a| a.name())
            .unwrap_or_default();
        // SAFETY: buf/capacity and out_len are valid by the caller's contract.
        unsafe { write_string(name, "buf", buf, capacity, out_len) }
    })
}

/// On success `*out_count` receives the number of actions of the domain.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_action_count(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_action_count", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let count = len_u32("the domain's actions", entry.domain().action_count())?;
        // SAFETY: out_count is non-NULL and writable.
        unsafe { write_out(out_count, count) };
        Ok(())
    })
}
