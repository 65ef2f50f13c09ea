//! `GoapStatus`: the result of every fallible call.

use std::ffi::c_char;

/// The result of every fallible function. `GOAP_STATUS_OK` is zero; every other value is an
/// error whose details are in the thread's last error message (goap_last_error_message).
///
/// Values are stable: a value once published keeps its meaning and is never reused, even if
/// its status is retired. The type is an `int32_t`.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoapStatus {
    /// Success. Output parameters have been written.
    Ok = 0,
    /// A required pointer argument (or a pointer inside a struct, with a non-zero count)
    /// was NULL.
    NullPointer = 1,
    /// A string argument was not valid UTF-8.
    InvalidUtf8 = 2,
    /// An argument was out of range: a definition not made by its `_default()` function,
    /// a fact value other than 0 or 1, an empty name or one containing a NUL byte, an
    /// unknown heuristic, direction, comparison, variable operation or overflow rule, a
    /// variable range with min > max or a default outside it, a misaligned array.
    InvalidArgument = 3,
    /// An action cost was NaN, infinite, negative or above GOAP_MAX_ACTION_COST (1e12).
    InvalidCost = 4,
    /// The domain id is zero, stale (its domain was destroyed) or foreign (another world's).
    UnknownDomain = 5,
    /// The fact id is zero, belongs to another domain, is not a fact of this domain, or is
    /// not a fact id at all (an action or variable id, say).
    UnknownFact = 6,
    /// The action id is zero, belongs to another domain, is not an action of this domain, or
    /// is not an action id at all (a fact or variable id, say).
    UnknownAction = 7,
    /// An action with this name exists already in the domain; or a name is already a fact
    /// (declaring it as a variable) or a variable (registering it as a fact); or a variable
    /// of this name exists with another definition.
    DuplicateName = 8,
    /// One list names the same fact as both true (1) and false (0); or a list's conditions
    /// on one variable can never hold together within its range; or an action has two
    /// effects on one variable.
    Contradiction = 9,
    /// A caller buffer is too small. The needed size has been written to the function's
    /// length or count output (the one documented exception to "outputs are written only on
    /// success").
    BufferTooSmall = 10,
    /// A domain file did not parse; the message gives line:column and what is expected.
    ParseError = 11,
    /// No fact or action has this name.
    NotFound = 12,
    /// A Rust panic was caught inside the library (a bug in goap, or the test hooks
    /// goap_debug_force_panic and goap_debug_poison_world). Memory is safe, but the failed
    /// call may have been partly applied: a world it happened in is poisoned (every later
    /// call on it returns GOAP_STATUS_POISONED; destroy it).
    Panic = 13,
    /// goap_domain_plan was called on a domain without a goal (see goap_domain_set_goal).
    NoGoal = 14,
    /// A limit of the library was reached: too many facts, actions or variables in a domain
    /// (over 2^30 - 1 of each kind), too many domains created in the process (2^32 - 2 in
    /// all), or a length over UINT32_MAX.
    TooMany = 15,
    /// The variable id is zero, belongs to another domain, is not a variable of this domain,
    /// or is not a variable id at all (a fact id, say).
    UnknownVar = 16,
    /// A constant lies outside what a variable allows: a condition, set effect or start
    /// value outside `[min, max]`, or a `+=`/`-=` step outside `1..=max - min`.
    OutOfRange = 17,
    /// The agent id is zero, stale (its agent was destroyed) or foreign (another world's),
    /// or not an agent id at all.
    UnknownAgent = 18,
    /// The goal id is null, not a goal id, or names no live goal of the agent (removed, or
    /// never added).
    UnknownGoal = 19,
    /// goap_agent_report was called while the agent has no action in progress (call
    /// goap_agent_step first).
    NoAction = 20,
    /// A context callback returned a non-zero status or an invalid value; the search it was
    /// preparing did not run and the agent still needs a plan.
    CallbackFailed = 21,
    /// A context callback called back into goap on the agent it is being asked about, or
    /// called goap_world_plan_agents on its world (the agent is locked by the call that
    /// runs the callback).
    Busy = 22,
    /// A table the domain or the search needs would exceed the planner's limit of 1 GiB per
    /// table, or the allocator refused it (the message names the table and its size).
    /// Nothing was aborted and nothing changed but what the function documents.
    OutOfMemory = 23,
    /// An earlier call on this world panicked (it returned GOAP_STATUS_PANIC), so the
    /// world's state may be broken: every later call on it fails with this status, naming
    /// the call that panicked, without doing anything. goap_world_destroy still works and
    /// frees everything; create a new world to go on.
    Poisoned = 24,
    /// goap_set_allocator came too late: goap had already allocated memory with the system
    /// allocator (any earlier goap call does), or an allocator was set already. Nothing
    /// changed.
    TooLate = 25,
    /// The flight recorder refused or failed: goap_world_record_start or
    /// goap_world_record_start_callback on a world that is already recording, or a file
    /// that cannot be created; goap_world_record_stop on a world that is not recording, or
    /// whose recording's writer failed (a file write failed, or the write callback returned
    /// non-zero: the recording is incomplete). The message says which.
    RecordingFailed = 26,
    /// goap_replay made a different decision than the recording: the message says where
    /// (record, agent, step, time) and what differed (expected and got).
    ReplayDiverged = 27,
}

/// Every status, in value order.
const ALL: [GoapStatus; 28] = [
    GoapStatus::Ok,
    GoapStatus::NullPointer,
    GoapStatus::InvalidUtf8,
    GoapStatus::InvalidArgument,
    GoapStatus::InvalidCost,
    GoapStatus::UnknownDomain,
    GoapStatus::UnknownFact,
    GoapStatus::UnknownAction,
    GoapStatus::DuplicateName,
    GoapStatus::Contradiction,
    GoapStatus::BufferTooSmall,
    GoapStatus::ParseError,
    GoapStatus::NotFound,
    GoapStatus::Panic,
    GoapStatus::NoGoal,
    GoapStatus::TooMany,
    GoapStatus::UnknownVar,
    GoapStatus::OutOfRange,
    GoapStatus::UnknownAgent,
    GoapStatus::UnknownGoal,
    GoapStatus::NoAction,
    GoapStatus::CallbackFailed,
    GoapStatus::Busy,
    GoapStatus::OutOfMemory,
    GoapStatus::Poisoned,
    GoapStatus::TooLate,
    GoapStatus::RecordingFailed,
    GoapStatus::ReplayDiverged,
];

impl GoapStatus {
    /// The status with this value, if any.
    pub fn from_i32(value: i32) -> Option<GoapStatus> {
        ALL.into_iter().find(|s| *s as i32 == value)
    }

    /// The constant's name in `goap.h`, NUL-terminated.
    fn name_nul(self) -> &'static str {
        match self {
            GoapStatus::Ok => "GOAP_STATUS_OK\0",
            GoapStatus::NullPointer => "GOAP_STATUS_NULL_POINTER\0",
            GoapStatus::InvalidUtf8 => "GOAP_STATUS_INVALID_UTF8\0",
            GoapStatus::InvalidArgument => "GOAP_STATUS_INVALID_ARGUMENT\0",
            GoapStatus::InvalidCost => "GOAP_STATUS_INVALID_COST\0",
            GoapStatus::UnknownDomain => "GOAP_STATUS_UNKNOWN_DOMAIN\0",
            GoapStatus::UnknownFact => "GOAP_STATUS_UNKNOWN_FACT\0",
            GoapStatus::UnknownAction => "GOAP_STATUS_UNKNOWN_ACTION\0",
            GoapStatus::DuplicateName => "GOAP_STATUS_DUPLICATE_NAME\0",
            GoapStatus::Contradiction => "GOAP_STATUS_CONTRADICTION\0",
            GoapStatus::BufferTooSmall => "GOAP_STATUS_BUFFER_TOO_SMALL\0",
            GoapStatus::ParseError => "GOAP_STATUS_PARSE_ERROR\0",
            GoapStatus::NotFound => "GOAP_STATUS_NOT_FOUND\0",
            GoapStatus::Panic => "GOAP_STATUS_PANIC\0",
            GoapStatus::NoGoal => "GOAP_STATUS_NO_GOAL\0",
            GoapStatus::TooMany => "GOAP_STATUS_TOO_MANY\0",
            GoapStatus::UnknownVar => "GOAP_STATUS_UNKNOWN_VAR\0",
            GoapStatus::OutOfRange => "GOAP_STATUS_OUT_OF_RANGE\0",
            GoapStatus::UnknownAgent => "GOAP_STATUS_UNKNOWN_AGENT\0",
            GoapStatus::UnknownGoal => "GOAP_STATUS_UNKNOWN_GOAL\0",
            GoapStatus::NoAction => "GOAP_STATUS_NO_ACTION\0",
            GoapStatus::CallbackFailed => "GOAP_STATUS_CALLBACK_FAILED\0",
            GoapStatus::Busy => "GOAP_STATUS_BUSY\0",
            GoapStatus::OutOfMemory => "GOAP_STATUS_OUT_OF_MEMORY\0",
            GoapStatus::Poisoned => "GOAP_STATUS_POISONED\0",
            GoapStatus::TooLate => "GOAP_STATUS_TOO_LATE\0",
            GoapStatus::RecordingFailed => "GOAP_STATUS_RECORDING_FAILED\0",
            GoapStatus::ReplayDiverged => "GOAP_STATUS_REPLAY_DIVERGED\0",
        }
    }

    /// The constant's name in `goap.h`, e.g. `"GOAP_STATUS_OK"`.
    pub fn name(self) -> &'static str {
        self.name_nul().trim_end_matches('\0')
    }
}

const UNKNOWN_STATUS: &str = "GOAP_STATUS_UNKNOWN\0";

/// The name of a status value as a static NUL-terminated string, e.g. "GOAP_STATUS_OK";
/// "GOAP_STATUS_UNKNOWN" for a value that is not a status. Never NULL.
///
/// Ownership: the string is static; do not free it. Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_status_name(status: i32) -> *const c_char {
    crate::ffi::guard::run_value("goap_status_name", UNKNOWN_STATUS.as_ptr().cast(), || {
        GoapStatus::from_i32(status)
            .map_or(UNKNOWN_STATUS, GoapStatus::name_nul)
            .as_ptr()
            .cast()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_distinct_and_dense() {
        for (i, s) in ALL.iter().enumerate() {
            assert_eq!(*s as i32, i as i32);
            assert_eq!(GoapStatus::from_i32(i as i32), Some(*s));
            assert!(s.name().starts_with("GOAP_STATUS_"));
        }
        assert_eq!(GoapStatus::from_i32(-1), None);
    }
}
