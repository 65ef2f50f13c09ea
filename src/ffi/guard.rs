//! The guard that runs every exported body: null checks, `catch_unwind`, and the conversion
//! of `Result<(), FfiError>` into a status plus the thread's last error.
//!
//! Use [`guard!`](crate::ffi::guard) for functions returning `GoapStatus`:
//!
//! ```text
//! guard!("goap_thing_do", [thing, out], {
//!     // body: `?` works; evaluates to Result<(), FfiError>
//!     Ok(())
//! })
//! ```
//!
//! and [`run_value`] for the few infallible functions that return a plain value.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::error::{last_error, set_last_error, FfiError};
use super::log::Inside;
use super::status::GoapStatus;
use super::world::GoapWorld;

/// Runs an exported body under the guard. Each listed pointer argument is checked for NULL
/// first (→ `GOAP_STATUS_NULL_POINTER` naming it). When the first is `world`, the call runs
/// under [`run_in_world`] (a poisoned world refuses it; a panic poisons the world).
/// `keep_last_error` as the first token leaves the last error untouched even on failure
/// (for goap_last_error_message only).
macro_rules! guard {
    (keep_last_error, $function:literal, [$($ptr:ident),* $(,)?], $body:block) => {
        $crate::ffi::guard::run($function, false, || {
            $( if $ptr.is_null() {
                return Err($crate::ffi::error::FfiError::null(concat!("argument `", stringify!($ptr), "`")));
            } )*
            $body
        })
    };
    ($function:literal, [], $body:block) => {
        $crate::ffi::guard::run($function, true, || $body)
    };
    ($function:literal, [$first:ident $(, $ptr:ident)* $(,)?], $body:block) => {
        guard!(@first $first, $first, $function, [$first $(, $ptr)*], $body)
    };
    // A call on a world (its first pointer is `world`): a poisoned world refuses it, and a
    // panic in it poisons the world.
    (@first world, $world:ident, $function:literal, [$($ptr:ident),*], $body:block) => {
        $crate::ffi::guard::run_in_world($function, $world as *const $crate::ffi::world::GoapWorld, || {
            $( if $ptr.is_null() {
                return Err($crate::ffi::error::FfiError::null(concat!("argument `", stringify!($ptr), "`")));
            } )*
            $body
        })
    };
    (@first $other:ident, $first:ident, $function:literal, [$($ptr:ident),*], $body:block) => {
        $crate::ffi::guard::run($function, true, || {
            $( if $ptr.is_null() {
                return Err($crate::ffi::error::FfiError::null(concat!("argument `", stringify!($ptr), "`")));
            } )*
            $body
        })
    };
}

/// Calls `body`, catching panics. `Ok` → `GOAP_STATUS_OK`; `Err(e)` → `e.status`, with
/// `function: e.message` stored as the last error when `record` is set; a panic →
/// `GOAP_STATUS_PANIC` with the panic message (always recorded).
pub(crate) fn run(
    function: &'static str,
    record: bool,
    body: impl FnOnce() -> Result<(), FfiError>,
) -> GoapStatus {
    finish(function, record, catch(function, body))
}

/// The status of a guarded body's result ([`catch`]: `None` for a panic, whose message
/// `catch` recorded); an error's message is recorded when `record` is set.
fn finish(
    function: &'static str,
    record: bool,
    caught: Option<Result<(), FfiError>>,
) -> GoapStatus {
    match caught {
        Some(Ok(())) => GoapStatus::Ok,
        Some(Err(e)) => {
            if record {
                set_last_error(function, &e.message);
            }
            e.status
        }
        None => GoapStatus::Panic,
    }
}

/// [`run`] for a call on `world` (NULL is left to the body's check). A world in which a
/// call panicked is poisoned: its state may be broken (the call may have been partly
/// applied), so this call fails with `GOAP_STATUS_POISONED` without running `body`, and a
/// panic in `body` poisons the world. A call from the write callback of the world's
/// recording fails with `GOAP_STATUS_BUSY` (the recorder is locked by the call running the
/// callback). goap_world_destroy does not come here: a poisoned
/// world can still be destroyed, which frees everything.
pub(crate) fn run_in_world(
    function: &'static str,
    world: *const GoapWorld,
    body: impl FnOnce() -> Result<(), FfiError>,
) -> GoapStatus {
    // SAFETY: a non-NULL world pointer is a live world (every caller's contract, as for
    // the body, which dereferences it too).
    let w = (!world.is_null()).then(|| unsafe { &*world });
    if let Some(first) = w.and_then(|w| w.poisoned.get()) {
        set_last_error(
            function,
            format_args!(
                "the world is poisoned: an earlier call on it panicked ({first}); every \
                 call but goap_world_destroy now fails"
            ),
        );
        return GoapStatus::Poisoned;
    }
    if super::record::writer_running_in(world) {
        let e = super::record::busy_in_writer();
        set_last_error(function, &e.message);
        return e.status;
    }
    let caught = catch(function, body);
    if let (None, Some(w)) = (&caught, w) {
        let _ = w.poisoned.set(last_error());
    }
    finish(function, true, caught)
}

/// The guard for infallible functions that return a value: a panic (a bug) is recorded as
/// the last error and `on_panic` is returned.
pub(crate) fn run_value<T>(function: &'static str, on_panic: T, body: impl FnOnce() -> T) -> T {
    catch(function, body).unwrap_or(on_panic)
}

/// `catch_unwind` that records a panic as the last error and returns `None` for it.
fn catch<T>(function: &'static str, body: impl FnOnce() -> T) -> Option<T> {
    // Unwind safety: a panic leaves no broken invariant that memory safety depends on; the
    // status tells the caller that the call may have been partly applied (and a world it
    // happened in is poisoned, see `run_in_world`). While `_inside` lives, a panic's
    // message goes to the log (`log.rs`), not through Rust's default hook.
    let _inside = Inside::enter();
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => Some(value),
        Err(payload) => {
            set_last_error(
                function,
                format_args!(
                    "panic: {} (a bug in goap; the call may have been partly applied)",
                    panic_message(payload.as_ref())
                ),
            );
            None
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&'static str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "unknown panic payload"
    }
}

/// Test hook for bindings: panics inside the guard, so it always returns GOAP_STATUS_PANIC
/// and sets the last error to a message containing "goap_debug_force_panic". The panic is
/// caught, and its message goes to the log (goap_set_log_callback; by default one line on
/// stderr); nothing else happens.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_debug_force_panic() -> GoapStatus {
    guard!("goap_debug_force_panic", [], {
        panic!("goap_debug_force_panic was called");
    })
}

/// Test hook for bindings: panics inside a call on `world`, which poisons it. This call
/// returns GOAP_STATUS_PANIC (its last error contains "goap_debug_poison_world"); every
/// later call on the world but goap_world_destroy returns GOAP_STATUS_POISONED. Destroying
/// the world still frees everything.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_POISONED (already poisoned).
/// Thread safety: a write (see THREADING).
///
/// # Safety
/// `world` must be a live world from goap_world_create.
#[no_mangle]
pub unsafe extern "C" fn goap_debug_poison_world(world: *mut GoapWorld) -> GoapStatus {
    guard!("goap_debug_poison_world", [world], {
        panic!("goap_debug_poison_world was called");
    })
}
