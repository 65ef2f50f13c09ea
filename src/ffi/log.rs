//! The log callback: where the library's messages go (today: the message of a panic caught
//! inside a call, which Rust's default panic hook would print to stderr with a backtrace
//! note).
//!
//! The first guarded call installs a panic hook once per process. It handles the panics
//! that happen inside a goap call on the thread making it (the guard counts them, see
//! `Inside`): their message, with the source location, goes to the installed callback, or
//! without one to stderr as one line. Every other panic goes to the hook that was installed
//! before (a Rust host's own, or Rust's default).

use std::cell::Cell;
use std::ffi::{c_char, c_void};
use std::io::Write;
use std::sync::Once;

use parking_lot::RwLock;

use super::status::GoapStatus;

/// Severity of a log message (goap_set_log_callback).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoapLogLevel {
    /// Something failed: a panic caught inside a call (a bug in goap; a call that returns a
    /// status returned GOAP_STATUS_PANIC, and a world it happened in is poisoned).
    Error = 1,
    /// Something the host should know about; nothing failed.
    Warning = 2,
    /// Information.
    Info = 3,
}

/// Receives a log message: its GoapLogLevel value, the UTF-8 text (`message_len` bytes,
/// followed by a NUL terminator, valid during the call only) and the user_data given to
/// goap_set_log_callback. Called on the thread the message arose on, possibly several at
/// once: it must be thread-safe. It must not call goap functions.
pub type GoapLogFn = Option<
    unsafe extern "C" fn(
        level: i32,
        message: *const c_char,
        message_len: u32,
        user_data: *mut c_void,
    ),
>;

/// A set log callback.
type LogFnPtr = unsafe extern "C" fn(i32, *const c_char, u32, *mut c_void);

/// The installed callback and its user data (as an address: it is only passed back).
static SINK: RwLock<Option<(LogFnPtr, usize)>> = RwLock::new(None);

static HOOK: Once = Once::new();

thread_local! {
    /// Guarded goap calls running on this thread (nested through callbacks).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// Marks the calling thread as inside a goap call while it lives.
pub(crate) struct Inside;

impl Inside {
    /// Enters a call (and installs the panic hook the first time, unless this thread is
    /// panicking, when Rust forbids changing the hook: a later call installs it).
    pub(crate) fn enter() -> Inside {
        if !std::thread::panicking() {
            HOOK.call_once(install_hook);
        }
        let _ = DEPTH.try_with(|d| d.set(d.get() + 1));
        Inside
    }
}

impl Drop for Inside {
    fn drop(&mut self) {
        let _ = DEPTH.try_with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Runs `f`, code of the host that a goap call calls out to (a context callback, the
/// engine's task callbacks, the log callback), as outside goap: a panic the host raises and
/// catches there is the host's, left to its own hook, not logged as goap's.
pub(crate) fn outside<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            let _ = DEPTH.try_with(|d| d.set(self.0));
        }
    }
    let _restore = Restore(DEPTH.try_with(|d| d.replace(0)).unwrap_or(0));
    f()
}

fn install_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // Inside a goap call on this thread, or on one of a world's own workers (whose
        // panics the batch that runs them re-raises inside its call).
        let inside = DEPTH.try_with(Cell::get).unwrap_or(0) > 0
            || std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with(crate::world::WORKER_THREAD_PREFIX));
        if !inside {
            previous(info);
            return;
        }
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("unknown panic payload");
        let message = match info.location() {
            Some(at) => format!(
                "panic caught at {}:{}: {text} (a bug in goap; it did not reach your code: a \
                 call that returns a status returns GOAP_STATUS_PANIC)",
                at.file(),
                at.line()
            ),
            None => format!(
                "panic caught: {text} (a bug in goap; it did not reach your code: a call that \
                 returns a status returns GOAP_STATUS_PANIC)"
            ),
        };
        log(GoapLogLevel::Error, &message);
    }));
}

/// Sends `message` to the installed callback, or to stderr (one line, prefixed "goap: ")
/// when there is none.
pub(crate) fn log(level: GoapLogLevel, message: &str) {
    let sink = *SINK.read();
    match sink {
        Some((callback, user)) => {
            let mut text = message.replace('\0', "\\0");
            let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
            text.push('\0');
            // SAFETY: the callback is the host's, set with goap_set_log_callback, which
            // documents the signature and that it may run on any thread; the text is
            // NUL-terminated and outlives the call.
            outside(|| unsafe {
                callback(level as i32, text.as_ptr().cast(), len, user as *mut c_void)
            });
        }
        None => {
            let _ = writeln!(std::io::stderr().lock(), "goap: {message}");
        }
    }
}

/// A log callback and its user data (goap_set_log_callback).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapLogCallback {
    /// Receives each message; NULL: the default (stderr).
    pub log: GoapLogFn,
    /// Passed to `log` unchanged; never dereferenced by goap.
    pub user_data: *mut c_void,
}

/// Installs the log callback for the whole process (every world and every thread), in
/// place of the one before. `callback` is read during the call only; NULL, or a NULL
/// `callback->log`, restores the default, which writes each message to stderr as one line
/// starting "goap: ".
///
/// What is logged: the message of a Rust panic caught inside a goap call (GOAP_LOG_LEVEL_ERROR,
/// with the source location), which would otherwise reach stderr through Rust's panic
/// hook. Panics outside goap calls (in a Rust host) are left to the host's hook.
///
/// The callback may run on any thread that calls goap, during the call, and on several at
/// once; it must not call goap functions. After this function returns, the previous
/// callback is no longer called (a message being delivered on another thread at that
/// moment may still reach it, so keep its user_data valid until such calls are done).
///
/// Errors: none (GOAP_STATUS_OK).
/// Thread safety: any thread, any time.
///
/// # Safety
/// `callback` must be NULL or readable; its `log`, when set, must be a function of the
/// GoapLogFn signature that is safe to call from any thread with `user_data` until replaced.
#[no_mangle]
pub unsafe extern "C" fn goap_set_log_callback(callback: *const GoapLogCallback) -> GoapStatus {
    guard!("goap_set_log_callback", [], {
        // SAFETY: NULL or readable, by the caller's contract.
        let def = unsafe { callback.as_ref() }.copied();
        *SINK.write() = def.and_then(|d| d.log.map(|f| (f, d.user_data as usize)));
        Ok(())
    })
}
