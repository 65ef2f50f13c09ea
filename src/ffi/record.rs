//! The flight recorder: recording a world into a file or through a write callback, and
//! replaying a recording (`goap::record`).

use std::cell::Cell;
use std::ffi::{c_char, c_void};
use std::io::Write;
use std::path::Path;

use super::args::{grown_size, read_def, read_str, write_grown, write_out};
use super::context::callbacks_running_in;
use super::error::FfiError;
use super::guard::run_value;
use super::status::GoapStatus;
use super::world::{world_ref, GoapWorld};
use crate::record::{RecordOptions, ReplayError};

const RECORD_OPTIONS_COOKIE: u32 = 0x6F61_7201;

/// How a recording keeps what it records (goap_world_record_start and
/// goap_world_record_start_callback). Obtain from goap_record_options_default(), then change
/// fields; or pass NULL for the defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapRecordOptions {
    /// Internal: set by goap_record_options_default() to detect uninitialised options.
    /// Do not change.
    pub cookie: u32,
    /// 0 (the default): everything, streamed to the file or callback as it is recorded (in
    /// blocks of 64 KiB, and at goap_world_record_stop). A number of seconds > 0: ring
    /// mode, only the last `window` seconds (of the agents' clocks) are kept, in memory,
    /// and written at goap_world_record_stop, starting at a checkpoint (the world's whole
    /// state) at most `window * 1.25` seconds before the end. NaN, infinite and negative
    /// values are GOAP_STATUS_INVALID_ARGUMENT.
    pub window: f64,
}

/// The default recording options: no window (record everything, streamed). Always use it
/// to initialise a GoapRecordOptions.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_record_options_default() -> GoapRecordOptions {
    run_value(
        "goap_record_options_default",
        RECORD_OPTIONS_DEFAULT,
        || RECORD_OPTIONS_DEFAULT,
    )
}

const RECORD_OPTIONS_DEFAULT: GoapRecordOptions = GoapRecordOptions {
    cookie: RECORD_OPTIONS_COOKIE,
    window: 0.0,
};

/// Receives the next `len` bytes of a recording (`bytes` is valid during the call only);
/// returns 0 when they were taken. Any other value fails the recording: no more bytes are
/// recorded or written, and goap_world_record_stop returns GOAP_STATUS_RECORDING_FAILED
/// naming the value. See GoapRecordWriter for when and where it runs.
pub type GoapRecordWriteFn =
    Option<unsafe extern "C" fn(user_data: *mut c_void, bytes: *const u8, len: u32) -> i32>;

/// Where goap_world_record_start_callback writes a recording: a write callback and its
/// user data.
///
/// When: streaming (window 0), whenever 64 KiB of records have gathered, and at
/// goap_world_record_stop (the rest and the end record); in ring mode (window > 0) only at
/// goap_world_record_stop, in pieces of at most 1 GiB. The bytes arrive in order, never
/// concurrently: concatenated they are the recording (it starts with "GOAPREC\0").
///
/// Where: on whichever thread's goap call on the world filled the block: any thread that
/// calls goap on this world (steps, reports, edits), a worker thread of the world's own or
/// an engine job thread running a goap_world_plan_agents task, and the thread calling
/// goap_world_record_stop. It runs while the world's recorder lock is held, and possibly
/// an agent's lock: it must return quickly (copy or queue the bytes), must not call goap
/// on this world (every such call returns GOAP_STATUS_BUSY, and goap_world_destroy does
/// nothing), and must not unwind (C++ exceptions, longjmp) out of the callback. Calls on
/// other worlds, and goap_replay, are allowed.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapRecordWriter {
    /// Receives the recording's bytes; must not be NULL.
    pub write: GoapRecordWriteFn,
    /// Passed to `write` unchanged; never dereferenced by goap. It must stay valid until
    /// goap_world_record_stop returns (or the world is destroyed: a world destroyed while
    /// recording drops the recording without calling `write` again).
    pub user_data: *mut c_void,
}

thread_local! {
    /// The world (its address) whose write callback is running on this thread; 0 when none.
    static WRITING: Cell<usize> = const { Cell::new(0) };
}

/// Marks the write callback of a world as running on this thread until dropped.
struct Writing(usize);

impl Writing {
    fn enter(world: usize) -> Writing {
        // During thread teardown the slot may be gone; no callback can call back then.
        let outer = WRITING.try_with(|w| w.replace(world)).unwrap_or(0);
        Writing(outer)
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        let _ = WRITING.try_with(|w| w.set(self.0));
    }
}

/// True when the write callback of `world`'s recording is running on this thread (a call
/// on that world would wait for the lock the callback runs under).
pub(crate) fn writer_running_in(world: *const GoapWorld) -> bool {
    let key = world as usize;
    key != 0 && WRITING.try_with(|w| w.get() == key).unwrap_or(false)
}

/// The `GOAP_STATUS_BUSY` error of a call on a world from its own write callback.
pub(crate) fn busy_in_writer() -> FfiError {
    FfiError::new(
        GoapStatus::Busy,
        "called from the write callback of this world's recording (the world's recorder \
         is locked by the call running it; a write callback must not call goap on its \
         world); nothing was done",
    )
}

/// The most bytes handed to a write callback at once.
const WRITE_CHUNK: usize = 1 << 30;

/// A C write callback as the recorder's writer.
struct CallbackWriter {
    write: unsafe extern "C" fn(*mut c_void, *const u8, u32) -> i32,
    user_data: *mut c_void,
    world: usize,
}

// SAFETY: the caller of goap_world_record_start_callback promised that `write` may be
// called with `user_data` from any thread that calls goap on the world (GoapRecordWriter);
// the recorder calls it under its lock, one call at a time.
unsafe impl Send for CallbackWriter {}

impl Write for CallbackWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = buf.len().min(WRITE_CHUNK);
        let status = {
            let _writing = Writing::enter(self.world);
            // SAFETY: callable as declared with user_data (see Send above); `buf` is valid
            // for n bytes during the call. The host's code runs as outside goap.
            super::log::outside(|| unsafe { (self.write)(self.user_data, buf.as_ptr(), n as u32) })
        };
        if status != 0 {
            return Err(std::io::Error::other(format!(
                "the write callback returned {status}"
            )));
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The options behind a NULL or caller pointer, checked.
///
/// # Safety
/// `options` must be NULL or readable.
unsafe fn read_options(options: *const GoapRecordOptions) -> Result<RecordOptions, FfiError> {
    let options = if options.is_null() {
        RECORD_OPTIONS_DEFAULT
    } else {
        // SAFETY: non-NULL and readable by the caller's contract.
        unsafe {
            read_def(
                "options",
                options,
                |o| o.cookie,
                RECORD_OPTIONS_COOKIE,
                "goap_record_options_default",
            )
        }?
    };
    let w = options.window;
    if !(w.is_finite() && w >= 0.0) {
        return Err(FfiError::invalid(format!(
            "options->window must be a finite number of seconds >= 0 (0: keep everything), \
             not {w}"
        )));
    }
    Ok(RecordOptions { window: w })
}

/// `GOAP_STATUS_BUSY` for a recorder call from a callback running on this world.
fn ensure_not_in_callback(world: *const GoapWorld) -> Result<(), FfiError> {
    if writer_running_in(world) {
        return Err(busy_in_writer());
    }
    if callbacks_running_in(world) {
        return Err(FfiError::new(
            GoapStatus::Busy,
            "called from a context callback of an agent of this world (that agent is \
             locked by the call running its callback, and the recorder would lock it); \
             nothing was done",
        ));
    }
    Ok(())
}

/// Starts recording everything the world is told and decides into a file (created, or
/// truncated): first a checkpoint (the domains its agents use, every agent's whole state,
/// the shared values), then every input and decision as it happens. goap_replay checks a
/// recording; the README's "Flight recorder" section describes what is recorded.
///
/// `path` is UTF-8, `path_len` bytes, not NUL-terminated (the platform's file name rules
/// apply). `options` may be NULL for the defaults (stream everything); both are read during
/// the call only. The file is written by the threads that call goap on the world (see
/// GoapRecordWriter for when), and completed by goap_world_record_stop: a world destroyed
/// while recording leaves the file without its end record (goap_replay says it is
/// truncated).
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, or path NULL with path_len > 0),
/// GOAP_STATUS_INVALID_UTF8 (path), GOAP_STATUS_INVALID_ARGUMENT (options not from
/// goap_record_options_default(); window NaN, infinite or negative; an empty path or one
/// containing a NUL byte), GOAP_STATUS_RECORDING_FAILED (the world is recording already;
/// the file cannot be created: the message has the system's reason), GOAP_STATUS_BUSY
/// (called from a callback of this world). Nothing starts on error.
/// Thread safety: any thread; the checkpoint locks each agent briefly, one at a time.
///
/// # Safety
/// `world` must be a live world; `path` valid for `path_len` bytes; `options` NULL or
/// readable.
#[no_mangle]
pub unsafe extern "C" fn goap_world_record_start(
    world: *mut GoapWorld,
    path: *const c_char,
    path_len: u32,
    options: *const GoapRecordOptions,
) -> GoapStatus {
    guard!("goap_world_record_start", [world], {
        // SAFETY: path is valid for path_len bytes; options NULL or readable.
        let (path, options) =
            unsafe { (read_str("path", path, path_len)?, read_options(options)?) };
        if path.is_empty() {
            return Err(FfiError::invalid("path is empty"));
        }
        if path.contains('\0') {
            return Err(FfiError::invalid("path contains a NUL byte"));
        }
        ensure_not_in_callback(world)?;
        // SAFETY: world is non-NULL (guard) and live.
        unsafe { world_ref(world) }.start_recording_to_file(Path::new(path), options)?;
        Ok(())
    })
}

/// goap_world_record_start, with the recording's bytes handed to `writer->write` instead
/// of a file (see GoapRecordWriter for when, on which threads and under which locks it is
/// called, and what it may do). `*writer` is copied; `writer->user_data` must stay valid
/// until goap_world_record_stop returns. A write that returns non-zero fails the
/// recording: nothing more is written, and goap_world_record_stop reports it.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, writer, writer->write),
/// GOAP_STATUS_INVALID_ARGUMENT (options not from goap_record_options_default(); window
/// NaN, infinite or negative), GOAP_STATUS_RECORDING_FAILED (the world is recording
/// already), GOAP_STATUS_BUSY (called from a callback of this world). Nothing starts, and
/// `write` is not called, on error.
/// Thread safety: any thread; the checkpoint locks each agent briefly, one at a time.
///
/// # Safety
/// `world` must be a live world; `writer` readable, its `write` callable as declared with
/// its `user_data` from any thread that calls goap on the world, until the recording
/// stops; `options` NULL or readable.
#[no_mangle]
pub unsafe extern "C" fn goap_world_record_start_callback(
    world: *mut GoapWorld,
    writer: *const GoapRecordWriter,
    options: *const GoapRecordOptions,
) -> GoapStatus {
    guard!("goap_world_record_start_callback", [world, writer], {
        if !writer.is_aligned() {
            return Err(FfiError::invalid("writer is not aligned"));
        }
        // SAFETY: non-NULL, aligned and readable by the caller's contract.
        let writer = unsafe { writer.read() };
        let Some(write) = writer.write else {
            return Err(FfiError::null("writer->write"));
        };
        // SAFETY: options NULL or readable.
        let options = unsafe { read_options(options) }?;
        ensure_not_in_callback(world)?;
        // SAFETY: world is non-NULL (guard) and live.
        let w = unsafe { world_ref(world) };
        let sink = CallbackWriter {
            write,
            user_data: writer.user_data,
            world: world as usize,
        };
        w.start_recording(Box::new(sink), options)?;
        Ok(())
    })
}

/// What a recording wrote (goap_world_record_stop).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapRecordStats {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Records written (the end record included).
    pub records: u64,
    /// Bytes written (the whole recording).
    pub bytes: u64,
    /// Records ring mode dropped (older than its window); 0 when streaming.
    pub dropped: u64,
}

impl Default for GoapRecordStats {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer: all-zero is a valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapRecordStats {}

/// Stops the world's recording: writes what ring mode kept and the end record, flushes
/// (and closes a file). On success `*out` (may be NULL) receives what was written. The
/// write callback is not called after this returns; its user_data may then be freed.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_INVALID_ARGUMENT (out->size too
/// small), GOAP_STATUS_RECORDING_FAILED (the world is not recording; or the writer failed,
/// now or earlier: a file write failed, or the write callback returned non-zero; the
/// message says which and the recording is incomplete, but it has stopped all the same),
/// GOAP_STATUS_BUSY (called from a callback of this world; the recording goes on).
/// `*out` is written only on success.
/// Thread safety: any thread; it may wait for a checkpoint another thread is writing.
///
/// # Safety
/// `world` must be a live world; `out` NULL or valid for a write of its `size`.
#[no_mangle]
pub unsafe extern "C" fn goap_world_record_stop(
    world: *mut GoapWorld,
    out: *mut GoapRecordStats,
) -> GoapStatus {
    guard!("goap_world_record_stop", [world], {
        let out_size = if out.is_null() {
            0
        } else {
            // SAFETY: out is non-NULL and readable; checked before anything else.
            unsafe { grown_size(out, "out") }?
        };
        ensure_not_in_callback(world)?;
        // SAFETY: world is non-NULL (guard) and live.
        let s = unsafe { world_ref(world) }.stop_recording()?;
        if !out.is_null() {
            let stats = GoapRecordStats {
                size: 0,
                records: s.records,
                bytes: s.bytes,
                dropped: s.dropped,
            };
            // SAFETY: out is non-NULL and writable for out_size bytes.
            unsafe { write_grown(out, out_size, stats) };
        }
        Ok(())
    })
}

/// On success `*out` receives 1 while the world records (between a successful
/// goap_world_record_start or goap_world_record_start_callback and goap_world_record_stop),
/// else 0.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_BUSY (called from the world's write
/// callback). Thread safety: a read; any thread (another thread may start or stop the
/// recording meanwhile).
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_world_is_recording(
    world: *const GoapWorld,
    out: *mut i32,
) -> GoapStatus {
    guard!("goap_world_is_recording", [world, out], {
        if writer_running_in(world) {
            return Err(busy_in_writer());
        }
        // SAFETY: world is non-NULL (guard) and live.
        let on = unsafe { world_ref(world) }.is_recording();
        // SAFETY: out is non-NULL and writable.
        unsafe { write_out(out, i32::from(on)) };
        Ok(())
    })
}

/// What goap_replay went through (all of it matched).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoapReplaySummary {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Records read (the end record included).
    pub records: u64,
    /// Agents seen (created, or found at the first checkpoint).
    pub agents: u64,
    /// Agent steps replayed.
    pub steps: u64,
    /// Replans replayed.
    pub replans: u64,
    /// goap_world_plan_agents calls replayed.
    pub batches: u64,
    /// Ring mode's window in seconds, when the recording kept only its last part; 0 for a
    /// whole recording.
    pub window: f64,
}

impl Default for GoapReplaySummary {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float: all-zero is a valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapReplaySummary {}

/// Replays a recording (from goap_world_record_start / goap_world_record_start_callback)
/// in a new world of its own and checks every decision against the recording. On success
/// (every decision matched) `*out` (may be NULL) receives what it went through.
///
/// `bytes` is read during the call only (it may be NULL when `len` is 0, which is not a
/// recording). The replay runs on this thread and calls no callback (the recorded context
/// callbacks' answers are in the recording).
///
/// Errors: GOAP_STATUS_NULL_POINTER (bytes NULL with len > 0), GOAP_STATUS_INVALID_ARGUMENT
/// (not a recording, a version this library cannot read, truncated or corrupted: the
/// message says what is wrong and where; also out->size too small),
/// GOAP_STATUS_REPLAY_DIVERGED (the replay made a different decision: the message gives
/// the record, the agent, its step and clock, what differed, and the expected and actual
/// decisions), GOAP_STATUS_TOO_MANY (len does not fit in this platform's address space).
/// `*out` is written only on success.
/// Thread safety: any thread, any time (also from a write callback).
///
/// # Safety
/// `bytes` must be valid for `len` bytes of reads; `out` NULL or valid for a write of its
/// `size`.
#[no_mangle]
pub unsafe extern "C" fn goap_replay(
    bytes: *const u8,
    len: u64,
    out: *mut GoapReplaySummary,
) -> GoapStatus {
    guard!("goap_replay", [], {
        let out_size = if out.is_null() {
            0
        } else {
            // SAFETY: out is non-NULL and readable; checked before anything else.
            unsafe { grown_size(out, "out") }?
        };
        let bytes: &[u8] = if bytes.is_null() {
            if len != 0 {
                return Err(FfiError::null(&format!(
                    "argument `bytes` (with len {len})"
                )));
            }
            &[]
        } else {
            let n = usize::try_from(len).map_err(|_| {
                FfiError::new(
                    GoapStatus::TooMany,
                    format!("len {len} does not fit in this platform's address space"),
                )
            })?;
            // SAFETY: valid for len bytes of reads by the caller's contract; u8 needs no
            // alignment.
            unsafe { std::slice::from_raw_parts(bytes, n) }
        };
        let summary = crate::record::replay(bytes).map_err(|e| match e {
            ReplayError::Invalid(_) => FfiError::invalid(e.to_string()),
            ReplayError::Diverged(_) => FfiError::new(GoapStatus::ReplayDiverged, e.to_string()),
        })?;
        if !out.is_null() {
            let s = GoapReplaySummary {
                size: 0,
                records: summary.records,
                agents: summary.agents,
                steps: summary.steps,
                replans: summary.replans,
                batches: summary.batches,
                window: summary.window.unwrap_or(0.0),
            };
            // SAFETY: out is non-NULL and writable for out_size bytes.
            unsafe { write_grown(out, out_size, s) };
        }
        Ok(())
    })
}
