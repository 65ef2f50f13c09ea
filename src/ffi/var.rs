//! Integer variables: declaring, looking up and naming them; the condition, effect and
//! value lists that mention them.

use std::ffi::c_char;

use super::args::{len_u32, read_def, read_slice, read_str, write_out, write_string};
use super::error::FfiError;
use super::guard::run_value;
use super::ids::{
    decode_var, edit_domain, encode_var, ensure_fits, read_domain, GoapDomainId, GoapVarId,
    IdScope, Kind,
};
use super::status::GoapStatus;
use super::world::{world_ref, GoapWorld};
use crate::domain::{
    Compare, DomainError, Overflow, Var, VarCondition, VarDef, VarEffect, VarId, VarOp,
};
use crate::world::DomainEntry;

/// Values of GoapVarDef.overflow: what an effect whose result would leave the variable's
/// range does.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapOverflow {
    /// The action is not applicable in a state where the result would leave the range (the
    /// default).
    Reject = 0,
    /// The result is clamped into [min, max].
    Saturate = 1,
}

/// Values of GoapVarCondition.op: `variable op value`. Zero is not a comparison.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapCompare {
    /// `==`
    Eq = 1,
    /// `!=`
    Ne = 2,
    /// `<`
    Lt = 3,
    /// `<=`
    Le = 4,
    /// `>`
    Gt = 5,
    /// `>=`
    Ge = 6,
}

/// Values of GoapVarEffect.op. Zero is not an operation.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapVarOp {
    /// `variable = value`; the value must lie in [min, max].
    Set = 1,
    /// `variable += value`; the step must lie in 1 ..= max - min.
    Add = 2,
    /// `variable -= value`; the step must lie in 1 ..= max - min.
    Sub = 3,
}

const VAR_DEF_COOKIE: u32 = 0x6F61_5601;

/// Definition of an integer variable for goap_domain_add_var. Obtain from
/// goap_var_def_default(), then set the fields. `name` is read during goap_domain_add_var
/// only.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapVarDef {
    /// Internal: set by goap_var_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// Unique, non-empty name, not a fact's name: UTF-8, `name_len` bytes, not
    /// NUL-terminated, without NUL bytes.
    pub name: *const c_char,
    /// Length of `name` in bytes.
    pub name_len: u32,
    /// Smallest value (inclusive). Default 0.
    pub min: i32,
    /// Largest value (inclusive, >= min). Default 0: set min and max, the default range
    /// holds only 0.
    pub max: i32,
    /// 1: a start state that does not list the variable gives it `default_value`; 0 (the
    /// default): it gives it `min`. Any other value is GOAP_STATUS_INVALID_ARGUMENT.
    pub has_default: i32,
    /// The start value used when `has_default` is 1; must lie in [min, max]. Default 0.
    pub default_value: i32,
    /// A GoapOverflow value. Default GOAP_OVERFLOW_REJECT.
    pub overflow: i32,
}

/// The default variable definition: no name, range [0, 0], default min, overflow
/// GOAP_OVERFLOW_REJECT. Always use it to initialise a GoapVarDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_var_def_default() -> GoapVarDef {
    run_value("goap_var_def_default", VAR_DEF_DEFAULT, || VAR_DEF_DEFAULT)
}

const VAR_DEF_DEFAULT: GoapVarDef = GoapVarDef {
    cookie: VAR_DEF_COOKIE,
    name: std::ptr::null(),
    name_len: 0,
    min: 0,
    max: 0,
    has_default: 0,
    default_value: 0,
    overflow: GoapOverflow::Reject as i32,
};

/// A condition on a variable: `var op value`, for action preconditions and goals.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoapVarCondition {
    /// A variable of the domain the list is used with.
    pub var: GoapVarId,
    /// A GoapCompare value (1 to 6); any other value is GOAP_STATUS_INVALID_ARGUMENT.
    pub op: i32,
    /// The constant compared with; must lie in the variable's [min, max]
    /// (else GOAP_STATUS_OUT_OF_RANGE).
    pub value: i32,
}

/// An effect on a variable: `var op value`, for actions (at most one per variable).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoapVarEffect {
    /// A variable of the domain the action is added to.
    pub var: GoapVarId,
    /// A GoapVarOp value (1 to 3); any other value is GOAP_STATUS_INVALID_ARGUMENT.
    pub op: i32,
    /// For GOAP_VAR_OP_SET the new value, in [min, max]; for GOAP_VAR_OP_ADD and
    /// GOAP_VAR_OP_SUB the step, in 1 ..= max - min (else GOAP_STATUS_OUT_OF_RANGE).
    pub value: i32,
}

/// A start value: `var` is `value` (which must lie in the variable's [min, max], else
/// GOAP_STATUS_OUT_OF_RANGE).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoapVarValue {
    /// A variable of the domain the list is used with.
    pub var: GoapVarId,
    /// Its value.
    pub value: i32,
}

pub(crate) fn compare_of(op: i32) -> Option<Compare> {
    Some(match op {
        1 => Compare::Eq,
        2 => Compare::Ne,
        3 => Compare::Lt,
        4 => Compare::Le,
        5 => Compare::Gt,
        6 => Compare::Ge,
        _ => return None,
    })
}

pub(crate) fn var_op_of(op: i32) -> Option<VarOp> {
    Some(match op {
        1 => VarOp::Set,
        2 => VarOp::Add,
        3 => VarOp::Sub,
        _ => return None,
    })
}

/// Decodes a `GoapVarCondition` array (`what` names it in messages) against `entry`.
/// Ranges are checked by the domain when the list is used.
///
/// # Safety
/// A non-NULL `ptr` must be valid for `count` reads.
pub(crate) unsafe fn read_var_conditions(
    entry: &(impl IdScope + ?Sized),
    what: &str,
    ptr: *const GoapVarCondition,
    count: u32,
) -> Result<Vec<VarCondition>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        .map(|(i, c)| {
            let var = decode_var(entry, c.var, &format!("{what}[{i}].var"))?;
            let op = compare_of(c.op).ok_or_else(|| {
                FfiError::invalid(format!(
                    "{what}[{i}].op is {} on variable \"{}\" (expected a GOAP_COMPARE_* value, \
                     1 to 6)",
                    c.op,
                    var_name(entry, var)
                ))
            })?;
            Ok(VarCondition::new(var, op, c.value))
        })
        .collect()
}

/// Decodes a `GoapVarEffect` array against `entry`; steps and ranges are checked by the
/// domain.
///
/// # Safety
/// A non-NULL `ptr` must be valid for `count` reads.
pub(crate) unsafe fn read_var_effects(
    entry: &DomainEntry,
    what: &str,
    ptr: *const GoapVarEffect,
    count: u32,
) -> Result<Vec<VarEffect>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        .map(|(i, e)| {
            let var = decode_var(entry, e.var, &format!("{what}[{i}].var"))?;
            let op = var_op_of(e.op).ok_or_else(|| {
                FfiError::invalid(format!(
                    "{what}[{i}].op is {} on variable \"{}\" (expected a GOAP_VAR_OP_* value, \
                     1 to 3)",
                    e.op,
                    var_name(entry, var)
                ))
            })?;
            Ok(VarEffect::new(var, op, e.value))
        })
        .collect()
}

/// Decodes a `GoapVarValue` array against `entry`; ranges are checked where it is used.
///
/// # Safety
/// A non-NULL `ptr` must be valid for `count` reads.
pub(crate) unsafe fn read_var_values(
    entry: &(impl IdScope + ?Sized),
    what: &str,
    ptr: *const GoapVarValue,
    count: u32,
) -> Result<Vec<(VarId, i32)>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        .map(|(i, v)| {
            Ok((
                decode_var(entry, v.var, &format!("{what}[{i}].var"))?,
                v.value,
            ))
        })
        .collect()
}

fn var_name(entry: &(impl IdScope + ?Sized), var: VarId) -> &str {
    entry.items().var(var).map_or("?", Var::name)
}

/// `[0, 30], default 0, reject`, for messages.
fn describe_def(min: i32, max: i32, default: i32, overflow: Overflow) -> String {
    let rule = match overflow {
        Overflow::Reject => "reject",
        Overflow::Saturate => "saturate",
    };
    format!("[{min}, {max}], default {default}, overflow {rule}")
}

/// Rewrites [`DomainError::VarRedefined`] to show both definitions.
fn redefinition_error(
    entry: &DomainEntry,
    e: DomainError,
    def: &GoapVarDef,
    overflow: Overflow,
) -> FfiError {
    let DomainError::VarRedefined(name) = &e else {
        return e.into();
    };
    let Some(old) = entry
        .domain()
        .var_id(name)
        .and_then(|v| entry.domain().var(v))
    else {
        return e.into();
    };
    let default = if def.has_default == 1 {
        def.default_value
    } else {
        def.min
    };
    FfiError::new(
        GoapStatus::DuplicateName,
        format!(
            "variable \"{name}\" is already declared as {}; this definition is {}",
            describe_def(old.min(), old.max(), old.default_value(), old.overflow()),
            describe_def(def.min, def.max, default, overflow)
        ),
    )
}

/// Declares an integer variable in a domain; on success `*out` receives its id. Declaring
/// a name again with the same definition (range, default and overflow rule) gives the same
/// id again; with another definition it is an error. A new variable takes its default in
/// the stored start state.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, def, out, or def->name NULL with a length),
/// GOAP_STATUS_INVALID_ARGUMENT (def not from goap_var_def_default(), an empty name or one
/// containing a NUL byte, min > max, has_default not 0 or 1, a default outside [min, max],
/// an overflow that is not a GoapOverflow value), GOAP_STATUS_INVALID_UTF8 (def->name),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_DUPLICATE_NAME (the name is a fact's, or a
/// variable's with another definition), GOAP_STATUS_TOO_MANY (the domain has 2^30 - 1
/// variables already). `*out` is written only on success; on error the domain is
/// unchanged.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `def` readable, with `name` valid for `name_len` bytes;
/// `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_add_var(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    def: *const GoapVarDef,
    out: *mut GoapVarId,
) -> GoapStatus {
    guard!("goap_domain_add_var", [world, def, out], {
        // SAFETY: def is readable and its name valid for name_len bytes.
        let (def, name) = unsafe {
            let def = read_def(
                "def",
                def,
                |d| d.cookie,
                VAR_DEF_COOKIE,
                "goap_var_def_default",
            )?;
            (def, read_str("def->name", def.name, def.name_len)?)
        };
        if name.is_empty() {
            return Err(FfiError::invalid(
                "def->name is empty (variable names must not be empty)",
            ));
        }
        let overflow = match def.overflow {
            0 => Overflow::Reject,
            1 => Overflow::Saturate,
            v => {
                return Err(FfiError::invalid(format!(
                    "def->overflow of variable \"{name}\" is {v} (expected \
                     GOAP_OVERFLOW_REJECT 0 or GOAP_OVERFLOW_SATURATE 1)"
                )))
            }
        };
        let default = match def.has_default {
            0 => None,
            1 => Some(def.default_value),
            v => {
                return Err(FfiError::invalid(format!(
                    "def->has_default of variable \"{name}\" is {v} (expected 0 or 1)"
                )))
            }
        };
        // SAFETY: world is non-NULL and live.
        let id = edit_domain(unsafe { world_ref(world) }, domain, |entry| {
            if entry.domain().var_id(name).is_none() {
                ensure_fits(entry.domain().var_count() + 1, Kind::Var)?;
            }
            let var = entry
                .domain_mut()
                .add_var(VarDef {
                    name: name.to_owned(),
                    min: def.min,
                    max: def.max,
                    default,
                    overflow,
                })
                .map_err(|e| redefinition_error(entry, e, &def, overflow))?;
            Ok(encode_var(entry.id(), var))
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, id) };
        Ok(())
    })
}

/// Looks up a variable by name; on success `*out` receives its id.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8,
/// GOAP_STATUS_NOT_FOUND (no variable has this name; a fact's name is not a variable's).
/// `*out` is written only on success.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_find_var(
    world: *const GoapWorld,
    domain: GoapDomainId,
    name: *const c_char,
    name_len: u32,
    out: *mut GoapVarId,
) -> GoapStatus {
    guard!("goap_domain_find_var", [world, out], {
        // SAFETY: world is non-NULL and live; name is valid for name_len bytes.
        let (world, name) = unsafe { (world_ref(world), read_str("name", name, name_len)?) };
        let entry = read_domain(world, domain)?;
        let var = entry.domain().var_id(name).ok_or_else(|| {
            let hint = if entry.domain().fact_id(name).is_some() {
                " (it is a fact)"
            } else {
                ""
            };
            FfiError::new(
                GoapStatus::NotFound,
                format!("{} has no variable named {name:?}{hint}", entry.describe()),
            )
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_var(entry.id(), var)) };
        Ok(())
    })
}

/// Copies a variable's name (UTF-8) and a NUL terminator into `buf`; same buffer rules as
/// goap_domain_fact_name (`*out_len` = length without the terminator, also on
/// GOAP_STATUS_BUFFER_TOO_SMALL; `buf` needs `*out_len + 1` bytes).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR,
/// GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_var_name(
    world: *const GoapWorld,
    domain: GoapDomainId,
    var: GoapVarId,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_var_name", [world, out_len], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let var = decode_var(&entry, var, "var")?;
        // SAFETY: buf/capacity and out_len are valid by the caller's contract.
        unsafe { write_string(var_name(&entry, var), "buf", buf, capacity, out_len) }
    })
}

/// On success `*out_count` receives the number of variables of the domain.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_var_count(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_var_count", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let count = len_u32("the domain's variables", entry.domain().var_count())?;
        // SAFETY: out_count is non-NULL and writable.
        unsafe { write_out(out_count, count) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enum_values_match_the_decoders() {
        for op in [
            GoapCompare::Eq,
            GoapCompare::Ne,
            GoapCompare::Lt,
            GoapCompare::Le,
            GoapCompare::Gt,
            GoapCompare::Ge,
        ] {
            let c = compare_of(op as i32).unwrap();
            assert_eq!(format!("{op:?}"), format!("{c:?}"));
        }
        for op in [GoapVarOp::Set, GoapVarOp::Add, GoapVarOp::Sub] {
            let v = var_op_of(op as i32).unwrap();
            assert_eq!(format!("{op:?}"), format!("{v:?}"));
        }
        for bad in [0, 7, -1, 99] {
            assert!(compare_of(bad).is_none());
        }
        assert!(var_op_of(0).is_none() && var_op_of(4).is_none());
    }
}
