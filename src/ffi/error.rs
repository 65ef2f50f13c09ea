//! `FfiError` (a status with its message) and the thread-local last error.

use std::cell::RefCell;
use std::ffi::c_char;
use std::fmt::Display;

use super::args::write_string;
use super::guard::run_value;
use super::status::GoapStatus;
use crate::agent::AgentError;
use crate::domain::DomainError;
use crate::world::WorldError;

/// An error on its way out through the ABI: the status returned and the message stored.
#[derive(Clone, Debug, PartialEq)]
pub struct FfiError {
    /// The status the call returns.
    pub status: GoapStatus,
    /// The last-error message (without the function-name prefix the guard adds).
    pub message: String,
}

impl FfiError {
    /// An error with this status and message.
    pub fn new(status: GoapStatus, message: impl Into<String>) -> Self {
        FfiError {
            status,
            message: message.into(),
        }
    }

    /// `what` was NULL.
    pub fn null(what: &str) -> Self {
        Self::new(GoapStatus::NullPointer, format!("{what} is NULL"))
    }

    /// An out-of-range argument.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(GoapStatus::InvalidArgument, message)
    }
}

impl From<DomainError> for FfiError {
    fn from(e: DomainError) -> Self {
        let status = match &e {
            DomainError::EmptyName | DomainError::NulInName(_) => GoapStatus::InvalidArgument,
            DomainError::DuplicateAction(_) => GoapStatus::DuplicateName,
            DomainError::InvalidCost { .. } => GoapStatus::InvalidCost,
            DomainError::UnknownFact(_) => GoapStatus::UnknownFact,
            DomainError::UnknownAction(_) => GoapStatus::UnknownAction,
            DomainError::Contradiction { .. } | DomainError::ActionContradiction { .. } => {
                GoapStatus::Contradiction
            }
            DomainError::TooMany => GoapStatus::TooMany,
            DomainError::UnknownVar(_) => GoapStatus::UnknownVar,
            DomainError::NameInUse { .. } | DomainError::VarRedefined(_) => {
                GoapStatus::DuplicateName
            }
            DomainError::InvalidRange { .. }
            | DomainError::InvalidObjects(_)
            | DomainError::Template { .. } => GoapStatus::InvalidArgument,
            DomainError::ConstantOutOfRange { .. } => GoapStatus::OutOfRange,
            DomainError::VarContradiction { .. } | DomainError::VarConflict { .. } => {
                GoapStatus::Contradiction
            }
        };
        FfiError::new(status, e.to_string())
    }
}

impl From<AgentError> for FfiError {
    fn from(e: AgentError) -> Self {
        let status = match &e {
            AgentError::Domain(d) => return d.clone().into(),
            AgentError::UnknownGoal(id) => {
                return FfiError::new(
                    GoapStatus::UnknownGoal,
                    format!(
                        "goal id {:#x} names no goal of the agent (never added, or removed)",
                        super::ids::encode_goal(*id)
                    ),
                )
            }
            AgentError::InvalidArgument(_) => GoapStatus::InvalidArgument,
            AgentError::NoAction => GoapStatus::NoAction,
            AgentError::Callback(_) => GoapStatus::CallbackFailed,
            AgentError::OutOfMemory(_) => GoapStatus::OutOfMemory,
        };
        FfiError::new(status, e.to_string())
    }
}

impl From<WorldError> for FfiError {
    fn from(e: WorldError) -> Self {
        match e {
            WorldError::Domain(d) => d.into(),
            WorldError::UnknownDomain(_) => FfiError::new(GoapStatus::UnknownDomain, e.to_string()),
            WorldError::TooManyDomains => FfiError::new(GoapStatus::TooMany, e.to_string()),
            WorldError::Format(_) => FfiError::new(GoapStatus::ParseError, e.to_string()),
            WorldError::NoGoal(_) => FfiError::new(GoapStatus::NoGoal, e.to_string()),
            WorldError::UnknownAgent(_) => FfiError::new(GoapStatus::UnknownAgent, e.to_string()),
            WorldError::TooManyAgents(_) => FfiError::new(GoapStatus::TooMany, e.to_string()),
            WorldError::Agent(a) => a.into(),
            WorldError::OutOfMemory(_) => FfiError::new(GoapStatus::OutOfMemory, e.to_string()),
            WorldError::Recording(m) => FfiError::new(GoapStatus::RecordingFailed, m),
        }
    }
}

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Stores `function: message` as this thread's last error. A NUL in the message (a name
/// a caller passed, say) is stored as the two characters `\0`, so C's `strlen` and the
/// reported length agree.
pub(crate) fn set_last_error(function: &str, message: impl Display) {
    let mut text = format!("{function}: {message}");
    if text.contains('\0') {
        text = text.replace('\0', "\\0");
    }
    // During thread teardown the slot may be gone; there is nobody left to read it then.
    let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = text);
}

/// A copy of this thread's last error message (empty when none).
pub fn last_error() -> String {
    LAST_ERROR
        .try_with(|slot| slot.borrow().clone())
        .unwrap_or_default()
}

/// Length in bytes (without the NUL terminator) of this thread's last error message; 0 when
/// no call on this thread has failed yet. A buffer for goap_last_error_message needs one
/// byte more.
///
/// Thread safety: reads the calling thread's message only.
#[no_mangle]
pub extern "C" fn goap_last_error_length() -> u32 {
    run_value("goap_last_error_length", 0, || {
        let len = LAST_ERROR.try_with(|s| s.borrow().len()).unwrap_or(0);
        u32::try_from(len).unwrap_or(u32::MAX)
    })
}

/// Forgets this thread's last error message and frees its memory: afterwards
/// goap_last_error_length is 0. For hosts that account for goap's memory
/// (goap_allocated_bytes, an allocator hook): a thread's message otherwise stays allocated
/// until the next failure on that thread replaces it, or until the thread exits (on some
/// platforms, during process exit, after a host's static objects were destroyed), so call
/// this on a thread before it ends, or before a leak check.
///
/// Thread safety: clears the calling thread's message only.
#[no_mangle]
pub extern "C" fn goap_clear_last_error() {
    run_value("goap_clear_last_error", (), || {
        let _ = LAST_ERROR.try_with(|slot| *slot.borrow_mut() = String::new());
    })
}

/// Copies this thread's last error message (UTF-8) and a NUL terminator into `buf`.
///
/// The message describes the latest failed call on this thread and starts with that
/// function's name, e.g. "goap_domain_add_action: action \"x\": cost NaN is invalid ...".
/// It is empty (buf receives just the NUL) when no call on this thread has failed.
///
/// `capacity` is the size of `buf` in bytes; `buf` may be NULL when `capacity` is 0.
/// `*out_len` receives the message length without the terminator, on success and on
/// GOAP_STATUS_BUFFER_TOO_SMALL alike; `buf` needs `*out_len + 1` bytes.
///
/// Unlike every other function, this one never changes the last error, not even when it
/// fails, so a retry with a bigger buffer reads the same message.
///
/// Errors: GOAP_STATUS_NULL_POINTER (out_len NULL, or buf NULL with capacity > 0),
/// GOAP_STATUS_BUFFER_TOO_SMALL (nothing written to buf).
/// Ownership: the caller owns `buf`. Thread safety: reads the calling thread's message only.
///
/// # Safety
/// `buf` must be valid for `capacity` bytes of writes; `out_len` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_last_error_message(
    buf: *mut c_char,
    capacity: u32,
    out_len: *mut u32,
) -> GoapStatus {
    guard!(keep_last_error, "goap_last_error_message", [out_len], {
        let message = last_error();
        // SAFETY: the caller guarantees buf/capacity and out_len; out_len is not NULL.
        unsafe { write_string(&message, "buf", buf, capacity, out_len) }
    })
}
