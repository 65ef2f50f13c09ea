//! The flight recorder: a world records what it is told and what it decides, and
//! [`replay`] plays a recording back and checks every decision (the README's "Flight
//! recorder" section).
#![forbid(unsafe_code)]

use crate::agent::AgentId;

pub mod format;
mod recorder;
mod replay;
mod timeline;

pub(crate) use recorder::Recorder;
pub use recorder::{MemorySink, RecordOptions, RecordStats};

pub use timeline::{
    AgentTimeline, SearchProblem, Timeline, TimelineDomain, TimelineEntry, TimelineReplan,
    TimelineWhat,
};

/// The first 8 bytes of every recording.
pub const MAGIC: &[u8; 8] = b"GOAPREC\0";

/// What a replay went through (all of it matched).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ReplaySummary {
    /// Records read (the end record included).
    pub records: u64,
    /// Agents seen (created, or found at the first checkpoint).
    pub agents: u64,
    /// Steps replayed.
    pub steps: u64,
    /// Replans replayed.
    pub replans: u64,
    /// Batch calls replayed.
    pub batches: u64,
    /// Ring mode's window in seconds, when the recording kept only the last part.
    pub window: Option<f64>,
}

/// Where a replay's decision differed from the recording's.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// Position of the record (0-based) where it showed.
    pub record: u64,
    /// The agent (its recorded id), if the decision was an agent's.
    pub agent: Option<AgentId>,
    /// The agent's steps replayed before it (its step number, from 0).
    pub step: u64,
    /// The agent's clock then.
    pub time: f64,
    /// What differed ("step result", "replan", "batch", "checkpoint state", …).
    pub what: String,
    /// The recording's decision.
    pub expected: String,
    /// The replay's.
    pub got: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.agent {
            Some(a) => write!(
                f,
                "agent {}.{}, step {} (t = {}s), record {}: {} differs\n  expected: {}\n  got:      {}",
                a.index(),
                a.generation(),
                self.step,
                self.time,
                self.record,
                self.what,
                self.expected,
                self.got
            ),
            None => write!(
                f,
                "record {}: {} differs\n  expected: {}\n  got:      {}",
                self.record, self.what, self.expected, self.got
            ),
        }
    }
}

/// Why a replay failed.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// Not a recording, a version this library cannot read, truncated or corrupted: what
    /// is wrong and where.
    Invalid(String),
    /// The replay made a different decision than the recording.
    Diverged(Box<Divergence>),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Invalid(m) => write!(f, "invalid recording: {m}"),
            ReplayError::Diverged(d) => write!(f, "the replay diverged: {d}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays a recording in a new world and checks every decision against it.
pub fn replay(bytes: &[u8]) -> Result<ReplaySummary, ReplayError> {
    guarded(bytes, false).map(|(s, _)| s)
}

/// Runs a replay; a panic (a malformed recording that passed every check) becomes
/// [`ReplayError::Invalid`].
fn guarded(bytes: &[u8], timeline: bool) -> Result<(ReplaySummary, Option<Timeline>), ReplayError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        replay::run(bytes, timeline)
    }))
    .unwrap_or_else(|p| {
        let m = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(ReplayError::Invalid(format!(
            "the recording is inconsistent (the replay stopped: {m})"
        )))
    })
}

/// Replays a recording (checking every decision) and returns what its agents lived
/// through (the studio page's "Agents" view).
pub fn timeline(bytes: &[u8]) -> Result<Timeline, ReplayError> {
    guarded(bytes, true).map(|(_, t)| t.unwrap_or_default())
}
