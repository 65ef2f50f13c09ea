//! Domains: creating, loading and destroying them; their stored start state and goal.

use std::ffi::c_char;

use super::args::{read_def, read_str, write_out};
use super::fact::{list_error, read_fact_values, GoapFactValue};
use super::guard::run_value;
use super::ids::{decode_domain, edit_domain, encode_domain, ensure_fits, GoapDomainId, Kind};
use super::status::GoapStatus;
use super::var::{read_var_conditions, read_var_values, GoapVarCondition, GoapVarValue};
use super::world::{world_ref, GoapWorld};
use crate::format;
use crate::world::WorldError;

const DOMAIN_DEF_COOKIE: u32 = 0x6F61_4401;

/// Settings for goap_domain_create. Obtain from goap_domain_def_default(), then change
/// fields.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapDomainDef {
    /// Internal: set by goap_domain_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// Optional name (UTF-8, `name_len` bytes, not NUL-terminated, without NUL bytes), used
    /// in error messages only; read during goap_domain_create. Default NULL (no name).
    pub name: *const c_char,
    /// Length of `name` in bytes. Default 0.
    pub name_len: u32,
}

/// The default domain definition. Always use it to initialise a GoapDomainDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_domain_def_default() -> GoapDomainDef {
    run_value("goap_domain_def_default", DOMAIN_DEF_DEFAULT, || {
        DOMAIN_DEF_DEFAULT
    })
}

const DOMAIN_DEF_DEFAULT: GoapDomainDef = GoapDomainDef {
    cookie: DOMAIN_DEF_COOKIE,
    name: std::ptr::null(),
    name_len: 0,
};

/// Creates an empty domain (no facts, variables or actions, all-false start state, no
/// goal) in the world; on success `*out` receives its id. The world owns the domain until
/// goap_domain_destroy or goap_world_destroy.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, out, or def->name NULL with a length),
/// GOAP_STATUS_INVALID_ARGUMENT (def not from goap_domain_def_default(), or def->name
/// containing a NUL byte),
/// GOAP_STATUS_INVALID_UTF8 (def->name), GOAP_STATUS_TOO_MANY (the process has created
/// 2^32 - 2 domains: domain ids come from one process-wide counter, shared by all worlds and
/// never reused, so destroyed domains count too). `*out` is written only on success.
/// Thread safety: takes the world's lock only to insert the domain; never waits for plans.
///
/// # Safety
/// `world` must be a live world; `def` readable, with `name` valid for `name_len` bytes;
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_create(
    world: *mut GoapWorld,
    def: *const GoapDomainDef,
    out: *mut GoapDomainId,
) -> GoapStatus {
    guard!("goap_domain_create", [world, def, out], {
        // SAFETY: def is readable and its name valid for name_len bytes.
        let name = unsafe {
            let def = read_def(
                "def",
                def,
                |d| d.cookie,
                DOMAIN_DEF_COOKIE,
                "goap_domain_def_default",
            )?;
            read_str("def->name", def.name, def.name_len)?
        };
        // SAFETY: world is non-NULL and live.
        let id = unsafe { world_ref(world) }.create_domain(name)?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_domain(id)) };
        Ok(())
    })
}

/// Creates a domain from a domain file (JSON, UTF-8, `len` bytes, not NUL-terminated; the
/// format is described in the README's "Domain files" section), with the file's start
/// state and goal (if it has
/// one). On success `*out` receives the new domain's id; look its facts and actions up by
/// name with goap_domain_find_fact / goap_domain_find_action. `text` is read during the
/// call only.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out, or text NULL with len > 0),
/// GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_PARSE_ERROR (the last error gives
/// "<input>:line:column: what is wrong", line and column 1-based, the column in
/// characters; every invalid value in the file is a parse error with its position,
/// including what goap_domain_add_fact and goap_domain_add_action reject with other
/// statuses: a name containing a NUL character ("\u0000") and a cost that is negative or
/// above GOAP_MAX_ACTION_COST, 1e12), GOAP_STATUS_TOO_MANY (more than 2^30 - 1 facts,
/// actions or variables, or no domain id left in the process, as goap_domain_create),
/// GOAP_STATUS_OUT_OF_MEMORY (the domain is compiled for planning here; compiled tables
/// grow with the file's own lists, dense action masks are kept only up to 16 MiB, so this
/// means the system refused an allocation).
/// `*out` is written only on success; on error no domain is created.
/// Thread safety: parses without any lock, then takes the world's lock only to insert the
/// domain; never waits for plans.
///
/// # Safety
/// `world` must be a live world; `text` valid for `len` bytes; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_load_json(
    world: *mut GoapWorld,
    text: *const c_char,
    len: u32,
    out: *mut GoapDomainId,
) -> GoapStatus {
    guard!("goap_domain_load_json", [world, out], {
        // SAFETY: world is non-NULL and live; text is valid for len bytes.
        let (world, text) = unsafe { (world_ref(world), read_str("text", text, len)?) };
        let file = format::parse_domain(text).map_err(WorldError::from)?;
        ensure_fits(file.domain.fact_count(), Kind::Fact)?;
        ensure_fits(file.domain.action_count(), Kind::Action)?;
        ensure_fits(file.domain.var_count(), Kind::Var)?;
        let id = world.insert_file(file)?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_domain(id)) };
        Ok(())
    })
}

/// Destroys a domain of the world. Its id and the ids of its facts, variables and actions
/// become stale, and are never handed out again. The domain id gives
/// GOAP_STATUS_UNKNOWN_DOMAIN from then on (so every call naming the destroyed domain fails
/// with it); a stale fact, variable or action id passed with a live domain is an id of
/// another domain: GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR or
/// GOAP_STATUS_UNKNOWN_ACTION.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_UNKNOWN_DOMAIN (zero, stale or
/// foreign id; nothing happens). Thread safety: takes the world's lock only to remove the
/// domain; never waits for plans. Plans running on the domain finish on their snapshot
/// (the action ids in their result are then stale).
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_destroy(
    world: *mut GoapWorld,
    domain: GoapDomainId,
) -> GoapStatus {
    guard!("goap_domain_destroy", [world], {
        let id = decode_domain(domain)?;
        // SAFETY: world is non-NULL and live.
        Ok(unsafe { world_ref(world) }.destroy_domain(id)?)
    })
}

/// Replaces the facts of the domain's stored start state: exactly the listed facts with
/// value 1 are true, every other fact is false (facts added later too). The variables'
/// start values are untouched (see goap_domain_set_start_vars). Used by goap_domain_plan.
/// `values` is read during the call only; NULL is allowed when `count` is 0.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or values NULL with count > 0),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_INVALID_ARGUMENT (a
/// value not 0 or 1), GOAP_STATUS_CONTRADICTION (a fact listed as both 1 and 0). On error
/// the stored start state is unchanged.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `values` valid for `count` elements.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_start(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    values: *const GoapFactValue,
    count: u32,
) -> GoapStatus {
    guard!("goap_domain_set_start", [world], {
        // SAFETY: world is non-NULL and live.
        edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            // SAFETY: values is valid for count elements.
            let values = unsafe { read_fact_values(entry, "values", values, count) }?;
            entry
                .set_start(&values)
                .map_err(|e| list_error(entry, "values", e))
        })
    })
}

/// Replaces the fact conditions of the domain's stored goal: every listed fact must have
/// its value (1 true, 0 false); unlisted facts do not matter. The goal's variable
/// conditions (goap_domain_set_goal_vars) are kept. A goal without any condition is one
/// every state satisfies. Used by goap_domain_plan. `conditions` is read during the call
/// only; NULL is allowed when `count` is 0.
///
/// Errors: as goap_domain_set_start. On error the stored goal is unchanged.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `conditions` valid for `count` elements.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_goal(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    conditions: *const GoapFactValue,
    count: u32,
) -> GoapStatus {
    guard!("goap_domain_set_goal", [world], {
        // SAFETY: world is non-NULL and live.
        edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            // SAFETY: conditions is valid for count elements.
            let conditions = unsafe { read_fact_values(entry, "conditions", conditions, count) }?;
            entry
                .set_goal(&conditions)
                .map_err(|e| list_error(entry, "conditions", e))
        })
    })
}

/// Replaces the variables of the domain's stored start state: each listed variable has its
/// value, every other variable its default (variables declared later too). The facts are
/// untouched (see goap_domain_set_start). Used by goap_domain_plan. `values` is read during
/// the call only; NULL is allowed when `count` is 0 (every variable back to its default).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or values NULL with count > 0),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR (a variable of another domain, not
/// of this one, or a fact or action id), GOAP_STATUS_OUT_OF_RANGE (a value outside its
/// variable's [min, max]), GOAP_STATUS_CONTRADICTION (a variable listed with two different
/// values; the same value twice is fine). On error the stored start state is unchanged.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `values` valid for `count` elements.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_start_vars(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    values: *const GoapVarValue,
    count: u32,
) -> GoapStatus {
    guard!("goap_domain_set_start_vars", [world], {
        // SAFETY: world is non-NULL and live.
        edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            // SAFETY: values is valid for count elements.
            let values = unsafe { read_var_values(entry, "values", values, count) }?;
            Ok(entry.set_start_vars(&values)?)
        })
    })
}

/// Replaces the variable conditions of the domain's stored goal: each listed condition
/// (`var op value`) must hold; unlisted variables do not matter. The goal's fact conditions
/// (goap_domain_set_goal) are kept; a domain without a goal gets one with these variable
/// conditions and no fact conditions. Used by goap_domain_plan. `conditions` is read
/// during the call only; NULL is allowed when `count` is 0.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or conditions NULL with count > 0),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR (a variable of another domain, not
/// of this one, or a fact or action id), GOAP_STATUS_INVALID_ARGUMENT (an op that is not a
/// GoapCompare value, 0 included), GOAP_STATUS_OUT_OF_RANGE (a constant outside its
/// variable's [min, max]), GOAP_STATUS_CONTRADICTION (the conditions on one variable can
/// never hold together within its range, such as `== 3` and `== 4`). On error the stored
/// goal is unchanged.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `conditions` valid for `count` elements.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_set_goal_vars(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    conditions: *const GoapVarCondition,
    count: u32,
) -> GoapStatus {
    guard!("goap_domain_set_goal_vars", [world], {
        // SAFETY: world is non-NULL and live.
        edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            // SAFETY: conditions is valid for count elements.
            let conditions =
                unsafe { read_var_conditions(entry, "conditions", conditions, count) }?;
            entry
                .set_goal_vars(&conditions)
                .map_err(|e| list_error(entry, "conditions", e))
        })
    })
}
