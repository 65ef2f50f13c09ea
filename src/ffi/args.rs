//! Reading arguments that cross the ABI (strings, arrays, definition structs) and writing
//! variable-size outputs into caller buffers. Every function names the argument it checks,
//! so error messages say which one was wrong.

use std::ffi::c_char;

use super::error::FfiError;
use super::status::GoapStatus;

/// A UTF-8 string given as pointer + length (not NUL-terminated). NULL with length 0 is the
/// empty string.
///
/// # Safety
/// A non-NULL `ptr` must be valid for `len` bytes of reads for `'a`.
pub(crate) unsafe fn read_str<'a>(
    what: &str,
    ptr: *const c_char,
    len: u32,
) -> Result<&'a str, FfiError> {
    // SAFETY: forwarded from the caller.
    let bytes = unsafe { read_slice(what, ptr.cast::<u8>(), len) }?;
    std::str::from_utf8(bytes).map_err(|e| {
        FfiError::new(
            GoapStatus::InvalidUtf8,
            format!(
                "{what} is not valid UTF-8 (invalid byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// An array given as pointer + count. NULL with count 0 is the empty array; NULL with a
/// count above 0 is `GOAP_STATUS_NULL_POINTER`.
///
/// # Safety
/// A non-NULL `ptr` must be valid for `count` reads of `T` for `'a`.
pub(crate) unsafe fn read_slice<'a, T>(
    what: &str,
    ptr: *const T,
    count: u32,
) -> Result<&'a [T], FfiError> {
    if ptr.is_null() {
        return if count == 0 {
            Ok(&[])
        } else {
            Err(FfiError::null(&format!("{what} (with count {count})")))
        };
    }
    if !ptr.is_aligned() {
        return Err(FfiError::invalid(format!(
            "{what} is not aligned for its element type"
        )));
    }
    // SAFETY: non-NULL, aligned, and valid for `count` elements by the caller's contract.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count as usize) })
}

/// Reads a definition struct after checking the NULL pointer and its cookie. The cookie
/// (the first field of every definition struct, checked by a test) is read and compared
/// before the whole struct, so a struct of an older, smaller layout (its own cookie) is
/// refused without reading past its end.
///
/// # Safety
/// A non-NULL `ptr` must be valid for one read of `T`, or be a definition struct of an
/// older layout (valid for its own size, at least four bytes).
pub(crate) unsafe fn read_def<T: Copy>(
    what: &str,
    ptr: *const T,
    cookie_of: impl FnOnce(&T) -> u32,
    expected: u32,
    default_fn: &str,
) -> Result<T, FfiError> {
    if ptr.is_null() {
        return Err(FfiError::null(&format!("argument `{what}`")));
    }
    if !ptr.is_aligned() {
        return Err(FfiError::invalid(format!("{what} is not aligned")));
    }
    let refused = || {
        FfiError::invalid(format!(
            "{what}: definition not initialised with {default_fn}() (or made with another \
             version of goap.h)"
        ))
    };
    // SAFETY: non-NULL and aligned; every definition struct starts with its u32 cookie.
    if unsafe { ptr.cast::<u32>().read() } != expected {
        return Err(refused());
    }
    // SAFETY: the cookie is this layout's: the struct is valid for one read of `T`.
    let def = unsafe { ptr.read() };
    if cookie_of(&def) != expected {
        return Err(refused());
    }
    Ok(def)
}

/// Writes `value` through an out-pointer already checked for NULL by the guard.
///
/// # Safety
/// `out` must be non-NULL and valid for one write of `T`.
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) {
    // SAFETY: forwarded from the caller; `write` does not read or drop the old contents.
    unsafe { out.write(value) }
}

/// An output struct that the caller allocates and that can grow in later versions: its first
/// field is `size: u32`, set by the caller to the struct's size as its header declares it.
/// The library refuses a smaller size than the struct had when it was introduced
/// ([`Grows::FIRST_SIZE`]) and writes only the bytes the caller's size covers.
pub(crate) trait Grows: Copy + Default {
    /// The struct's size in its first version (today's size unless fields were appended).
    const FIRST_SIZE: usize = size_of::<Self>();
}

/// The size the caller set in the output struct `out` (non-NULL), checked: at least the
/// struct's first version's size. Checked before a call does anything, so a bad size changes
/// nothing.
///
/// # Safety
/// `out` must be non-NULL and valid for a read of its first four bytes.
pub(crate) unsafe fn grown_size<T: Grows>(out: *const T, what: &str) -> Result<u32, FfiError> {
    if !out.is_aligned() {
        return Err(FfiError::invalid(format!(
            "{what} is not aligned for its type"
        )));
    }
    // SAFETY: `size` is the first field (offset 0) of every `Grows` struct; `out` is valid.
    let size = unsafe { out.cast::<u32>().read() };
    let min = T::FIRST_SIZE as u32;
    if size < min {
        let field = if what.ends_with(']') { "." } else { "->" };
        return Err(FfiError::invalid(format!(
            "{what}{field}size is {size}; set it to the struct's size (sizeof), at least {min}"
        )));
    }
    Ok(size)
}

/// Writes `value` into the caller's struct `out` of `size` bytes ([`grown_size`]), keeping
/// `size` as the caller set it; bytes beyond this version's struct are not touched.
///
/// # Safety
/// `out` must be valid for `size` bytes of writes, `size` from [`grown_size`].
pub(crate) unsafe fn write_grown<T: Grows>(out: *mut T, size: u32, mut value: T) {
    // SAFETY: `size` is the first field; the struct is plain data.
    unsafe { std::ptr::addr_of_mut!(value).cast::<u32>().write(size) };
    let n = (size as usize).min(size_of::<T>());
    // SAFETY: `out` is valid for `size` ≥ n bytes and does not overlap `value`.
    unsafe {
        std::ptr::copy_nonoverlapping(std::ptr::addr_of!(value).cast::<u8>(), out.cast::<u8>(), n)
    };
}

/// [`write_slice`] for an array of [`Grows`] structs: the caller sets `size` in the first
/// element (when `capacity` > 0), which is also the array's stride.
///
/// # Safety
/// As for [`write_slice`], with `out` valid for `capacity` elements of the caller's size.
pub(crate) unsafe fn write_grown_slice<T: Grows>(
    items: &[T],
    noun: &str,
    out_name: &str,
    out: *mut T,
    capacity: u32,
    out_count: *mut u32,
) -> Result<(), FfiError> {
    if out.is_null() && capacity > 0 {
        return Err(null_buffer(out_name, capacity));
    }
    // SAFETY: out is non-NULL when capacity > 0, valid for `capacity` elements.
    let stride = unsafe { grown_stride(out, capacity, out_name) }?;
    // SAFETY: out_count is valid by the caller's contract.
    unsafe { write_count(items.len(), noun, out_name, capacity, out_count) }?;
    // SAFETY: the count fits in `capacity` elements of `stride` bytes.
    unsafe { write_grown_items(items, out, stride) };
    Ok(())
}

/// The stride of a caller array of [`Grows`] structs: its first element's `size`, checked
/// ([`grown_size`], and a multiple of the struct's alignment); 0 when `capacity` is 0.
///
/// # Safety
/// When `capacity` > 0, `out` must be non-NULL and valid for one element.
pub(crate) unsafe fn grown_stride<T: Grows>(
    out: *const T,
    capacity: u32,
    out_name: &str,
) -> Result<u32, FfiError> {
    if capacity == 0 {
        return Ok(0);
    }
    // SAFETY: forwarded from the caller.
    let size = unsafe { grown_size(out, &format!("{out_name}[0]")) }?;
    if size as usize % align_of::<T>() != 0 {
        return Err(FfiError::invalid(format!(
            "{out_name}[0].size {size} is not a multiple of the struct's alignment"
        )));
    }
    Ok(size)
}

/// Writes `items` into the caller array `out` at `stride` bytes apart ([`write_grown`]).
///
/// # Safety
/// `out` must be valid for `items.len()` elements of `stride` bytes (from
/// [`grown_stride`]); nothing is written when `items` is empty.
pub(crate) unsafe fn write_grown_items<T: Grows>(items: &[T], out: *mut T, stride: u32) {
    for (i, item) in items.iter().enumerate() {
        // SAFETY: i < items.len() elements of `stride` bytes, each aligned.
        unsafe {
            write_grown(
                out.cast::<u8>().add(i * stride as usize).cast::<T>(),
                stride,
                *item,
            )
        };
    }
}

/// Writes `items` into the caller array `out`.
///
/// # Safety
/// `out` must be aligned and valid for `items.len()` writes; nothing is written (NULL is
/// fine) when `items` is empty.
pub(crate) unsafe fn write_items<T: Copy>(items: &[T], out: *mut T) {
    for (i, item) in items.iter().enumerate() {
        // SAFETY: i < items.len(), for which out is valid.
        unsafe { write_out(out.add(i), *item) };
    }
}

/// The error for a NULL caller buffer that claims a capacity.
pub(crate) fn null_buffer(out_name: &str, capacity: u32) -> FfiError {
    FfiError::null(&format!("argument `{out_name}` (with capacity {capacity})"))
}

/// Checks a caller buffer of `T`: NULL only with capacity 0, and aligned.
pub(crate) fn check_buffer<T>(
    out: *const T,
    capacity: u32,
    out_name: &str,
) -> Result<(), FfiError> {
    if out.is_null() && capacity > 0 {
        return Err(null_buffer(out_name, capacity));
    }
    if !out.is_aligned() {
        return Err(FfiError::invalid(format!(
            "{out_name} is not aligned for its element type"
        )));
    }
    Ok(())
}

/// Writes the number of `len` items into `*out_count`; when they do not fit in `capacity`,
/// fails with `GOAP_STATUS_BUFFER_TOO_SMALL` (`noun` names the items, `out_name` the buffer).
///
/// # Safety
/// `out_count` must be non-NULL and valid for a write.
unsafe fn write_count(
    len: usize,
    noun: &str,
    out_name: &str,
    capacity: u32,
    out_count: *mut u32,
) -> Result<u32, FfiError> {
    let count = len_u32(noun, len)?;
    // SAFETY: out_count is valid by the caller's contract.
    unsafe { write_out(out_count, count) };
    if count > capacity {
        return Err(FfiError::new(
            GoapStatus::BufferTooSmall,
            format!(
                "{out_name} has capacity {capacity} but there {} {} (*out_count)",
                if count == 1 { "is" } else { "are" },
                counted(len, noun)
            ),
        ));
    }
    Ok(count)
}

/// `1 fact`, `0 facts`, `2 actions`.
pub(crate) fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A length as `u32`, or `GOAP_STATUS_TOO_MANY`.
pub(crate) fn len_u32(what: &str, len: usize) -> Result<u32, FfiError> {
    u32::try_from(len).map_err(|_| {
        FfiError::new(
            GoapStatus::TooMany,
            format!("{what} has {len} elements, more than UINT32_MAX"),
        )
    })
}

/// Copies `text` plus a NUL terminator into `buf` (capacity in bytes) and its length
/// without the terminator into `*out_len`. When the buffer is too small, only `*out_len` is
/// written and the status is `GOAP_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `out_len` must be non-NULL and valid for a write; a non-NULL `buf` must be valid for
/// `capacity` bytes of writes.
pub(crate) unsafe fn write_string(
    text: &str,
    buf_name: &str,
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> Result<(), FfiError> {
    let len = len_u32("the string", text.len())?;
    if buf.is_null() && capacity > 0 {
        return Err(null_buffer(buf_name, capacity));
    }
    // SAFETY: out_len is valid by the caller's contract.
    unsafe { write_out(out_len, len) };
    if (capacity as usize) < text.len() + 1 {
        return Err(FfiError::new(
            GoapStatus::BufferTooSmall,
            format!(
                "{buf_name} has capacity {capacity} but {} {} needed (length {len} + NUL)",
                counted(text.len() + 1, "byte"),
                if text.is_empty() { "is" } else { "are" }
            ),
        ));
    }
    // SAFETY: buf is non-NULL (capacity > len >= 0) and valid for capacity >= len + 1 bytes;
    // the source is a distinct Rust allocation, so the regions do not overlap.
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), text.len());
        buf.add(text.len()).write(0);
    }
    Ok(())
}

/// Copies `items` into the caller buffer `out` (`capacity` elements) and their number into
/// `*out_count`. When the buffer is too small, only `*out_count` is written and the status
/// is `GOAP_STATUS_BUFFER_TOO_SMALL`; `noun` names the elements in that message.
///
/// # Safety
/// `out_count` must be non-NULL and valid for a write; a non-NULL `out` must be valid for
/// `capacity` writes of `T`.
pub(crate) unsafe fn write_slice<T: Copy>(
    items: &[T],
    noun: &str,
    out_name: &str,
    out: *mut T,
    capacity: u32,
    out_count: *mut u32,
) -> Result<(), FfiError> {
    check_buffer(out, capacity, out_name)?;
    // SAFETY: out_count is valid by the caller's contract.
    unsafe { write_count(items.len(), noun, out_name, capacity, out_count) }?;
    // SAFETY: the items fit in `capacity`, for which out is valid and aligned.
    unsafe { write_items(items, out) };
    Ok(())
}

#[cfg(test)]
mod tests {
    /// `read_def` reads the cookie at offset 0 before the whole struct.
    #[test]
    fn every_definition_struct_starts_with_its_cookie() {
        use std::mem::offset_of;
        let offsets = [
            offset_of!(super::super::action::GoapActionDef, cookie),
            offset_of!(super::super::agent::GoapAgentDef, cookie),
            offset_of!(super::super::batch::GoapBatchOptions, cookie),
            offset_of!(super::super::domain::GoapDomainDef, cookie),
            offset_of!(super::super::goal::GoapGoalDef, cookie),
            offset_of!(super::super::plan::GoapPlanOptions, cookie),
            offset_of!(super::super::plan::GoapProblem, cookie),
            offset_of!(super::super::record::GoapRecordOptions, cookie),
            offset_of!(super::super::template_def::GoapTemplateDef, cookie),
            offset_of!(super::super::var::GoapVarDef, cookie),
            offset_of!(super::super::world::GoapWorldDef, cookie),
        ];
        assert_eq!(offsets, [0; 11]);
    }

    use super::*;

    #[test]
    fn counted_is_singular_only_for_one() {
        assert_eq!(counted(0, "fact"), "0 facts");
        assert_eq!(counted(1, "byte"), "1 byte");
        assert_eq!(counted(2, "action"), "2 actions");
    }
}
