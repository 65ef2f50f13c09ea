//! Validating a domain file without loading it: its parse error or lint warnings, each
//! with a line and column (for an editor's asset importer). Needs no world.

use std::ffi::c_char;

use super::args::{
    check_buffer, grown_size, grown_stride, len_u32, read_slice, write_grown, write_grown_items,
};
use super::error::FfiError;
use super::status::GoapStatus;
use crate::format::{validate_bytes, Severity};

/// How serious a GoapDiagnostic is (GoapDiagnostic.severity).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapSeverity {
    /// The file cannot be loaded (goap_domain_load_json would fail with
    /// GOAP_STATUS_PARSE_ERROR and this message).
    Error = 0,
    /// The file loads, but something in it is almost certainly a mistake: a condition
    /// nothing can ever meet (a typo in a fact name), a variable or object nothing uses, a
    /// template that grounds to nothing usable.
    Warning = 1,
}

/// One diagnostic of goap_validate_json.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapDiagnostic {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// A GoapSeverity value.
    pub severity: i32,
    /// 1-based line; 0 when the position is unknown.
    pub line: u32,
    /// 1-based column, in characters (not bytes; a leading byte order mark is not
    /// counted); 0 when the position is unknown.
    pub column: u32,
    /// The message (UTF-8, without the position) is
    /// `out_messages[message_start .. message_start + message_len]`, followed by a NUL.
    pub message_start: u32,
    /// See message_start.
    pub message_len: u32,
}

impl Default for GoapDiagnostic {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        GoapDiagnostic {
            size: size_of::<Self>() as u32,
            severity: 0,
            line: 0,
            column: 0,
            message_start: 0,
            message_len: 0,
        }
    }
}

impl super::args::Grows for GoapDiagnostic {}

/// The counts of goap_validate_json, written on success and on
/// GOAP_STATUS_BUFFER_TOO_SMALL alike (then diagnostic_count and message_bytes are the
/// capacities needed).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapValidation {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Diagnostics written to out_diagnostics (or needed): error_count + warning_count.
    pub diagnostic_count: u32,
    /// Bytes written to out_messages (or needed): every message plus its NUL.
    pub message_bytes: u32,
    /// Diagnostics of severity GOAP_SEVERITY_ERROR: 0 (the file loads) or 1 (parsing stops
    /// at the first error).
    pub error_count: u32,
    /// Diagnostics of severity GOAP_SEVERITY_WARNING.
    pub warning_count: u32,
}

impl Default for GoapValidation {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        GoapValidation {
            size: size_of::<Self>() as u32,
            diagnostic_count: 0,
            message_bytes: 0,
            error_count: 0,
            warning_count: 0,
        }
    }
}

impl super::args::Grows for GoapValidation {}

/// Checks a domain file (JSON, `len` bytes, not NUL-terminated; the format of
/// goap_domain_load_json) without loading it anywhere: its error, or its lint warnings,
/// each with a line and a column, for an editor or an asset importer. A file with an
/// error gives exactly one diagnostic, GOAP_SEVERITY_ERROR, with the message
/// goap_domain_load_json would give (without the "<input>:line:column: " prefix); text that
/// is not UTF-8 is such an error too, at the first invalid byte. A file that loads gives one
/// GOAP_SEVERITY_WARNING diagnostic per finding of `goap validate` (conditions nothing can
/// meet, variables and objects nothing uses, templates that ground to nothing usable), in
/// file order, each at the first thing in the text that needs what it is about: the
/// `"name"` of an action's entry (a ground action's: its template's), the `"goal"` key, the
/// `"name"` of a `goals` entry, the variable's key in `vars`, the object in `objects`. A
/// clean file gives none. The status is GOAP_STATUS_OK in all these cases: a bad file is
/// a diagnostic, not a failure.
///
/// Two caller buffers receive the diagnostics: `out_diagnostics` (`diagnostic_capacity`
/// structs, of the size the caller sets in `out_diagnostics[0].size`: see STRUCTS THAT
/// GROW) and `out_messages` (`message_capacity` bytes: each diagnostic's message, UTF-8,
/// followed by a NUL, at its message_start). `*out_result` receives the counts, on success
/// and on GOAP_STATUS_BUFFER_TOO_SMALL alike (then they are the capacities needed, and
/// nothing is written to the buffers). A buffer may be NULL when its capacity is 0. Call it
/// with both capacities 0 first: a clean file returns GOAP_STATUS_OK with
/// diagnostic_count 0, so it is checked once; otherwise size the buffers from
/// `*out_result` and call again (the file is checked again: same text, same result).
///
/// Errors: GOAP_STATUS_NULL_POINTER (out_result; text NULL with len > 0; a buffer NULL
/// with a capacity), GOAP_STATUS_INVALID_ARGUMENT (out_result->size or
/// `out_diagnostics[0].size` too small, a misaligned buffer), GOAP_STATUS_TOO_MANY (the
/// messages exceed UINT32_MAX bytes), GOAP_STATUS_BUFFER_TOO_SMALL.
/// Thread safety: any thread, any time; needs no world and keeps no state (it only
/// allocates, through the allocator of goap_set_allocator).
///
/// # Safety
/// `text` valid for `len` bytes; each buffer valid for its capacity; `out_result` valid for
/// a write.
#[no_mangle]
pub unsafe extern "C" fn goap_validate_json(
    text: *const c_char,
    len: u32,
    out_diagnostics: *mut GoapDiagnostic,
    diagnostic_capacity: u32,
    out_messages: *mut c_char,
    message_capacity: u32,
    out_result: *mut GoapValidation,
) -> GoapStatus {
    guard!("goap_validate_json", [out_result], {
        // SAFETY: out_result is non-NULL (guard) and readable; checked before anything else.
        let out_result_size = unsafe { grown_size(out_result, "out_result") }?;
        // SAFETY: text is valid for len bytes.
        let bytes = unsafe { read_slice("text", text.cast::<u8>(), len) }?;
        check_buffer(out_diagnostics, diagnostic_capacity, "out_diagnostics")?;
        check_buffer(out_messages, message_capacity, "out_messages")?;
        // SAFETY: out_diagnostics is non-NULL when its capacity > 0, valid for it.
        let stride =
            unsafe { grown_stride(out_diagnostics, diagnostic_capacity, "out_diagnostics") }?;
        let found = validate_bytes(bytes);
        let mut diagnostics = Vec::with_capacity(found.len());
        let mut messages: Vec<u8> = Vec::new();
        let mut result = GoapValidation {
            size: 0,
            ..GoapValidation::default()
        };
        for d in &found {
            let message_start = len_u32("the messages", messages.len())?;
            messages.extend_from_slice(d.message.as_bytes());
            messages.push(0);
            let severity = match d.severity {
                Severity::Error => {
                    result.error_count += 1;
                    GoapSeverity::Error
                }
                Severity::Warning => {
                    result.warning_count += 1;
                    GoapSeverity::Warning
                }
            };
            diagnostics.push(GoapDiagnostic {
                size: 0,
                severity: severity as i32,
                line: u32::try_from(d.line).unwrap_or(0),
                column: u32::try_from(d.column).unwrap_or(0),
                message_start,
                message_len: len_u32("a message", d.message.len())?,
            });
        }
        result.diagnostic_count = len_u32("the diagnostics", diagnostics.len())?;
        result.message_bytes = len_u32("the messages", messages.len())?;
        // SAFETY: out_result is non-NULL and writable for its size.
        unsafe { write_grown(out_result, out_result_size, result) };
        let needs = [
            ("out_diagnostics", diagnostics.len(), diagnostic_capacity),
            ("out_messages", messages.len(), message_capacity),
        ];
        if let Some((name, need, capacity)) = needs
            .iter()
            .find(|(_, need, capacity)| *need > *capacity as usize)
        {
            return Err(FfiError::new(
                GoapStatus::BufferTooSmall,
                format!("{name} has capacity {capacity} but {need} are needed (*out_result)"),
            ));
        }
        // SAFETY: each buffer is valid for its capacity, which holds its items, and aligned
        // (checked above; a buffer with no items is not touched, so NULL is fine there).
        unsafe {
            write_grown_items(&diagnostics, out_diagnostics, stride);
        }
        if !messages.is_empty() {
            // SAFETY: out_messages is non-NULL (its capacity holds the messages), valid for
            // them, and a distinct allocation from `messages`.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    messages.as_ptr(),
                    out_messages.cast::<u8>(),
                    messages.len(),
                )
            };
        }
        Ok(())
    })
}
