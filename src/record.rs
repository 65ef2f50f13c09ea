//! The flight recorder: a world records what it is told and what it decides, and
//! [`replay`] plays a recording back in a new world and checks every decision (the
//! README's "Flight recorder" section).
//!
//! # What is recorded
//! [`crate::World::start_recording`] first writes a **checkpoint**: the agent table's
//! layout (slot generations, free slots, the batch cursor), every domain version in use
//! (facts, variables, actions, start state, goals), the shared values of every domain, and
//! every agent's whole state (settings, beliefs, goals with their bookkeeping, context,
//! cooldowns, plan, counters, replan history, a suspended search as its inputs and the
//! expansions spent). Then, as they happen, the **inputs** (agents created and
//! destroyed, facts and variables written, goals added, removed and reprioritised,
//! actions enabled, disabled and re-costed, step budgets, callbacks installed, what the
//! context callbacks answered, steps with their `dt`, reports, batch calls, shared
//! writes, and when an agent took shared values) and the **decisions** (each step's
//! result with a digest of the believed state after it, each replan with cause, goal,
//! whole plan, cost and nodes expanded, each batch's counts). A domain edited while
//! recording is written again when an agent is made from the new version.
//!
//! Recording changes no decision (the tests run the same scenarios with and without it)
//! and costs one relaxed atomic load per agent call when it is off. Steps that change
//! nothing and go on with the action in progress (most frames of most agents) are held
//! back in the agent and written as one [`format::Record::Steps`] per run.
//!
//! # The file format (version 1)
//! A recording is the 8 bytes [`MAGIC`] (`GOAPREC\0`), the format version as a
//! little-endian `u16` ([`format::FORMAT_VERSION`]), then records, each framed as
//! - its length in bytes, as an unsigned LEB128 varint;
//! - the record, a [`format::Record`] encoded with [postcard] 1.x (the enum's variant
//!   index as a varint, then its fields in declaration order: unsigned integers as
//!   LEB128 varints, `u8` and `bool` as one byte, `f64` as 8 little-endian bytes,
//!   `Option` and `Result` as a variant byte then the value, sequences and strings as a
//!   varint length then the items or UTF-8 bytes);
//! - the CRC-32 (IEEE, as zlib's) of the record's bytes, little-endian `u32`.
//!
//! The first record is a [`format::Record::Checkpoint`]; the last is
//! [`format::Record::End`], which counts the records before it. [`format::read_records`]
//! and [`format::write_records`] read and write whole recordings (tools and tests use
//! them to inspect or edit one). A version this library does not know, a bad checksum, a
//! record that does not decode, a missing end record or a wrong count make the recording
//! invalid ([`ReplayError::Invalid`], with the byte position).
//!
//! # Ring mode
//! With [`RecordOptions::window`] > 0 the recorder keeps the recording in memory as
//! segments that each start with a checkpoint, one every `window / 4` seconds of the
//! recorder's clock (the largest clock of a stepped agent, each agent's clock counted
//! from the recorder's time when it was made), and drops the segments older than the
//! window. At [`crate::World::stop_recording`] it writes the kept segments: a recording
//! that starts at a checkpoint between `window` and `1.25 × window` seconds before the end.
//!
//! # Replay
//! [`replay`] builds a new world from the first checkpoint (agents restored exactly,
//! slot for slot, so their ids are the recorded ones), feeds it every input in order
//! (context callbacks answer what the recording says they answered), and compares every
//! decision: step results and the believed-state digest, replans, batch counts, the new
//! agent's and goal's ids, and at each later checkpoint every agent's whole state. The
//! first difference is a [`Divergence`] naming the record, the agent, its step and what
//! was expected and got. Replays run on one thread and any cache: neither changes a
//! decision. Steps that had a time budget are replayed with the expansions they spent.
//!
//! # Limits
//! - Calls racing on other threads with a shared write, a batch or a checkpoint are
//!   recorded in the order they took the recorder's lock; a replay follows that order,
//!   which is the real one for each agent but can differ across agents (the usual engine
//!   pattern, one thread writing shared values and calling batches, replays exactly).
//! - One-shot plans (`World::plan`, `goap_domain_plan`) and explain calls are not
//!   recorded (they change nothing).
//! - A domain is recorded as ground actions (templates are written out); names are kept.
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
