//! The flight recorder: a world records what it is told and what it decides, and
//! [`replay`] plays a recording back and checks every decision (the README's "Flight
//! recorder" section).
#![forbid(unsafe_code)]

mod timeline;

pub use timeline::{
    AgentTimeline, SearchProblem, Timeline, TimelineDomain, TimelineEntry, TimelineReplan,
    TimelineWhat,
};

/// The first 8 bytes of every recording.
pub const MAGIC: &[u8; 8] = b"GOAPREC\0";

/// Why a recording could not be replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// Not a recording, a version this library cannot read, truncated or corrupted: what
    /// is wrong and at which byte.
    Invalid(String),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Invalid(m) => write!(f, "invalid recording: {m}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays a recording and returns what its agents lived through (for the studio page).
pub fn timeline(bytes: &[u8]) -> Result<Timeline, ReplayError> {
    let _ = bytes;
    Err(ReplayError::Invalid("not implemented yet".into()))
}
