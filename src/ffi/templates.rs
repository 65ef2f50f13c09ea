//! A domain's action templates (parametric actions of its file), read back through the ABI:
//! their names, parameters and ground actions, and the ground action for given arguments.

use std::ffi::c_char;

use super::args::{
    grown_size, read_slice, read_str, write_grown, write_out, write_slice, write_string,
};
use super::error::FfiError;
use super::ids::{encode_action, read_domain, GoapActionId, GoapDomainId};
use super::inspect::{count_u32, item_at};
use super::status::GoapStatus;
use super::world::{world_ref, GoapWorld};
use crate::domain::ActionTemplate;
use crate::world::DomainEntry;

/// A string passed in: UTF-8, `len` bytes at `text` (not NUL-terminated; NULL when `len`
/// is 0).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapString {
    /// The bytes.
    pub text: *const c_char,
    /// How many.
    pub len: u32,
}

/// What goap_domain_template_info tells about a template.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapTemplateInfo {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Its parameters (goap_domain_template_param_name).
    pub param_count: u32,
    /// Its ground actions (goap_domain_template_groundings).
    pub grounding_count: u32,
}

impl Default for GoapTemplateInfo {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        GoapTemplateInfo {
            size: size_of::<Self>() as u32,
            param_count: 0,
            grounding_count: 0,
        }
    }
}

impl super::args::Grows for GoapTemplateInfo {}

/// The domain's template at `index`.
fn template(entry: &DomainEntry, index: u32) -> Result<&ActionTemplate, FfiError> {
    let all = entry.domain().templates();
    let i = item_at(index, all.len(), "template", || entry.describe())?;
    Ok(&all[i as usize])
}

/// On success `*out_count` receives the number of the domain's templates: the parametric
/// actions of its domain file (`"params"`), in file order. Their ground actions are ordinary
/// actions of the domain; a domain built without a file has none.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out_count` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_template_count(
    world: *const GoapWorld,
    domain: GoapDomainId,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_template_count", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let count = count_u32(entry.domain().templates().len());
        // SAFETY: out_count is non-NULL and writable.
        unsafe { write_out(out_count, count) };
        Ok(())
    })
}

/// Copies the name of template `index` (0 to the count - 1) with its parameters, such as
/// `go({from},{to})`, and a NUL terminator into `buf`, with the protocol of
/// goap_domain_fact_name.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_template_name(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_template_name", [world, out_len], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let t = template(&entry, index)?;
        // SAFETY: buf/capacity and out_len are valid by the caller's contract.
        unsafe { write_string(&t.name, "buf", buf, capacity, out_len) }
    })
}

/// On success `*out` receives template `index`'s parameter and ground action counts.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (out->size too small, or index not below the count).
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_template_info(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapTemplateInfo,
) -> GoapStatus {
    guard!("goap_domain_template_info", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let t = template(&entry, index)?;
        let info = GoapTemplateInfo {
            size: 0,
            param_count: count_u32(t.params.len()),
            grounding_count: count_u32(t.groundings.len()),
        };
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, info) };
        Ok(())
    })
}

/// Copies the name of parameter `param` of template `index` and a NUL terminator into
/// `buf`, with the protocol of goap_domain_fact_name.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index or param out of range), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_template_param_name(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    param: u32,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_template_param_name", [world, out_len], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let t = template(&entry, index)?;
        let p = item_at(param, t.params.len(), "parameter", || {
            format!("template \"{}\"", t.name)
        })?;
        // SAFETY: buf/capacity and out_len are valid by the caller's contract.
        unsafe { write_string(&t.params[p as usize].0, "buf", buf, capacity, out_len) }
    })
}

/// Copies the ids of template `index`'s ground actions, in grounding order (the first
/// parameter varies slowest), into `out`, with the buffer protocol of
/// goap_domain_action_pre. Their names are the template's name with the objects filled in
/// (goap_domain_action_name).
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_template_groundings(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    out: *mut GoapActionId,
    capacity: u32,
    out_count: *mut u32,
) -> GoapStatus {
    guard!("goap_domain_template_groundings", [world, out_count], {
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let t = template(&entry, index)?;
        let ids: Vec<GoapActionId> = t
            .groundings
            .iter()
            .map(|&(a, _)| encode_action(entry.id(), a))
            .collect();
        // SAFETY: out/capacity and out_count are valid by the caller's contract.
        unsafe { write_slice(&ids, "action", "out", out, capacity, out_count) }
    })
}

/// On success `*out` receives the ground action of template `index` for the objects `args`
/// (one per parameter, in order: for `go({from},{to})`, {"mill", "well"}).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out, args NULL with arg_count > 0, or an
/// argument's text NULL with a length > 0), GOAP_STATUS_UNKNOWN_DOMAIN,
/// GOAP_STATUS_INVALID_ARGUMENT (index not below the count, or arg_count not the number of
/// parameters), GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_NOT_FOUND (an argument that is not an
/// object of its parameter, or a choice the template's "distinct" left out). Written only
/// on success.
/// Thread safety: a read (see THREADING).
///
/// # Safety
/// `world` must be a live world; `args` valid for `arg_count` reads, each text for its
/// length; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_domain_template_find(
    world: *const GoapWorld,
    domain: GoapDomainId,
    index: u32,
    args: *const GoapString,
    arg_count: u32,
    out: *mut GoapActionId,
) -> GoapStatus {
    guard!("goap_domain_template_find", [world, out], {
        // SAFETY: args is valid for arg_count reads.
        let raw = unsafe { read_slice("args", args, arg_count) }?;
        let mut names = Vec::with_capacity(raw.len());
        for (i, a) in raw.iter().enumerate() {
            // SAFETY: each text is valid for its length.
            names.push(unsafe { read_str(&format!("args[{i}]"), a.text, a.len) }?);
        }
        // SAFETY: world is non-NULL and live.
        let entry = read_domain(unsafe { world_ref(world) }, domain)?;
        let t = template(&entry, index)?;
        if names.len() != t.params.len() {
            return Err(FfiError::invalid(format!(
                "template \"{}\" has {} parameters; {} arguments were given",
                t.name,
                t.params.len(),
                names.len()
            )));
        }
        let id = t.find(&names).ok_or_else(|| {
            FfiError::new(
                GoapStatus::NotFound,
                format!(
                    "template \"{}\" has no ground action for {names:?} (an argument that is \
                     not an object of its parameter, or a choice \"distinct\" left out)",
                    t.name
                ),
            )
        })?;
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, encode_action(entry.id(), id)) };
        Ok(())
    })
}
