//! Facts: registering, looking up and naming them; `GoapFactValue` lists.

use std::ffi::c_char;

use super::args::{len_u32, read_slice, read_str, write_out, write_string};
use super::error::FfiError;
use super::ids::{
    decode_fact, edit_domain, encode_fact, ensure_fits, read_domain, GoapDomainId, GoapFactId,
    IdScope, Kind,
};
use super::status::GoapStatus;
use super::world::{world_ref, GoapWorld};
use crate::domain::{DomainError, FactValue};

/// One condition or assignment: `fact` is (or must be, or becomes) `value`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoapFactValue {
    /// A fact of the domain the list is used with (a variable id here is
    /// GOAP_STATUS_UNKNOWN_FACT).
    pub fact: GoapFactId,
    /// 1 for true, 0 for false; any other value is GOAP_STATUS_INVALID_ARGUMENT.
    pub value: i32,
}

/// Decodes a `GoapFactValue` array (`what` names it in messages) against `entry`.
///
/// # Safety
/// A non-NULL `ptr` must be valid for `count` reads.
pub(crate) unsafe fn read_fact_values(
    entry: &(impl IdScope + ?Sized),
    what: &str,
    ptr: *const GoapFactValue,
    count: u32,
) -> Result<Vec<FactValue>, FfiError> {
    // SAFETY: forwarded from the caller.
    let raw = unsafe { read_slice(what, ptr, count) }?;
    raw.iter()
        .enumerate()
        .map(|(i, fv)| {
            let fact = decode_fact(entry, fv.fact, &format!("{what}[{i}].fact"))?;
            let value = match fv.value {
                0 => false,
                1 => true,
                v => {
                    return Err(FfiError::invalid(format!(
                        "{what}[{i}].value is {v} (expected 0 or 1)"
                    )))
                }
            };
            Ok(FactValue::new(fact, value))
        })
        .collect()
}

/// Rewrites a core error about the list `what` so it names the fact.
pub(crate) fn list_error(entry: &(impl IdScope + ?Sized), what: &str, e: DomainError) -> FfiError {
    match e {
        DomainError::Contradiction { fact } => FfiError::new(
            GoapStatus::Contradiction,
            format!(
                "{what} lists fact \"{}\" (id {:#x}) as both 1 and 0",
                entry.items().fact_name(fact),
                encode_fact(entry.owner(), fact)
            ),
        ),
        other => other.into(),
    }
}

/// Registers a fact by name in a domain; on success `*out` receives its id. Idempotent:
/// a name registered before gives the same id again. New facts are false in the stored
/// start state.
///
/// `name` is UTF-8, `name_len` bytes, not NUL-terminated and without NUL bytes; read during
/// the call only.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out, or name NULL with name_len > 0),
/// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_INVALID_ARGUMENT (empty
/// name, or a name containing a NUL byte), GOAP_STATUS_DUPLICATE_NAME (the name is a
/// variable's: facts and variables share one namespace), GOAP_STATUS_TOO_MANY (a new name
/// when the domain has 2^30 - 1 facts already). `*out` is written only on success.
/// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
/// one at a time.
///
/// # Safety
/// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_add_fact(
    world: *mut GoapWorld,
    domain: GoapDomainId,
    name: *const c_char,
    name_len: u32,
    out: *mut GoapFactId,
) -> GoapStatus {
    guard!("goap_domain_add_fact", [world, out], {
        // SAFETY: world is non-NULL and live; name is valid for name_len bytes.
        let (world, name) = unsafe { (world_ref(world), read_str("name", name, name_len)?) };
        if name.is_empty() {
            return Err(FfiError::invalid(
                "name is empty (fact names must not be empty)",
            ));
        }
        let id = edit_domain(world, domain, |entry| {
            if entry.domain().fact_id(name).is_none() {
                ensure_fits(entry.domain().fact_count() + 1, Kind::Fact)?;
            }
            let fact = entry.domain_mut().add_fact(name)?;
            Ok(encode_fact(entry.id(), fact))
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, id) };
        Ok(())
    })
}

/// Looks up a fact by name; on success `*out` receives its id.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8,
/// GOAP_STATUS_NOT_FOUND (no fact has this name). `*out` is written only on success.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_find_fact(
    world: *const GoapWorld,
    domain: GoapDomainId,
    name: *const c_char,
    name_len: u32,
    out: *mut GoapFactId,
) -> GoapStatus {
    guard!("goap_domain_find_fact", [world, out], {
        // SAFETY: world is non-NULL and live; name is valid for name_len bytes.
        let (world, name) = unsafe { (world_ref(world), read_str("name", name, name_len)?) };
        let entry = read_domain(world, domain)?;
        let fact = entry.domain().fact_id(name).ok_or_else(|| {
            FfiError::new(
                GoapStatus::NotFound,
                format!("{} has no fact named {name:?}", entry.describe()),
            )
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_fact(entry.id(), fact)) };
        Ok(())
    })
}

/// Copies a fact's name (UTF-8) and a NUL terminator into `buf`.
///
/// `capacity` is the size of `buf` in bytes; `buf` may be NULL when `capacity` is 0.
/// `*out_len` receives the name's length without the terminator, on success and on
/// GOAP_STATUS_BUFFER_TOO_SMALL alike (then nothing is written to `buf`); `buf` needs
/// `*out_len + 1` bytes.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT,
/// GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_fact_name(
    world: *const GoapWorld,
    domain: GoapDomainId,
    fact: GoapFactId,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_fact_name", [world, out_len], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let fact = decode_fact(&entry, fact, "fact")?;
        let name = entry.domain().fact_name(fact);
        // SAFETY: buf/capacity and out_len are valid by the caller's contract.
        unsafe { write_string(name, "buf", buf, capacity, out_len) }
    })
}

/// On success `*out_count` receives the number of facts of the domain.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
/// Thread safety: a read (see THREADING): runs in parallel with every other call but
/// goap_world_destroy.
///
/// # Safety
/// `world` must be a live world; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_fact_count(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_fact_count", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let count = len_u32("the domain's facts", entry.domain().fact_count())?;
        // SAFETY: out_count is non-NULL and writable.
        unsafe { write_out(out_count, count) };
        Ok(())
    })
}
