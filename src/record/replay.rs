//! Replaying a recording: a new world fed the recorded inputs, its decisions checked.

use super::{ReplayError, ReplaySummary, Timeline};

pub(super) fn run(bytes: &[u8], timeline: bool) -> Result<(ReplaySummary, Option<Timeline>), ReplayError> {
    let _ = (bytes, timeline);
    Err(ReplayError::Invalid("replay is not written yet".into()))
}
