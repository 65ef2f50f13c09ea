//! `goap replay FILE [--json]`: replays a flight recording and checks every decision.

use goap::record::{self, ReplayError};

use crate::{Failure, EXIT_INVALID};

/// Exit code when the replay diverged.
const EXIT_DIVERGED: u8 = 1;

/// Runs the command.
pub fn replay(rest: &[String]) -> Result<u8, Failure> {
    let mut json = false;
    let mut file = None;
    for a in rest {
        match a.as_str() {
            "--json" => json = true,
            f if f.starts_with('-') => {
                return Err(crate::usage_error(format!(
                    "unknown option \"{f}\" for `replay` (it takes --json)"
                )))
            }
            f if file.is_none() => file = Some(f.to_owned()),
            f => return Err(crate::usage_error(format!("unexpected argument \"{f}\""))),
        }
    }
    let file = file.ok_or_else(|| crate::usage_error("`replay` needs a FILE".into()))?;
    let bytes = std::fs::read(&file)
        .map_err(|e| Failure::invalid(format!("goap replay: cannot read {file}: {e}")))?;
    let result = record::replay(&bytes);
    let string = |s: &str| serde_json::Value::String(s.to_owned());
    match result {
        Ok(s) => {
            if json {
                let v = serde_json::json!({
                    "file": file,
                    "status": "ok",
                    "records": s.records,
                    "agents": s.agents,
                    "steps": s.steps,
                    "replans": s.replans,
                    "batches": s.batches,
                    "window": s.window,
                });
                outln!("{v}");
            } else {
                outln!(
                    "{file}: every decision matched: {} records, {} agents, {} steps, {} replans, {} batch calls{}",
                    s.records,
                    s.agents,
                    s.steps,
                    s.replans,
                    s.batches,
                    s.window
                        .map(|w| format!(" (ring recording: the last {w} s)"))
                        .unwrap_or_default()
                );
            }
            Ok(0)
        }
        Err(ReplayError::Diverged(d)) => {
            if json {
                let v = serde_json::json!({
                    "file": file,
                    "status": "diverged",
                    "divergence": {
                        "record": d.record,
                        "agent": d.agent.map(|a| format!("{}.{}", a.index(), a.generation())),
                        "step": d.step,
                        "time": d.time,
                        "what": string(&d.what),
                        "expected": string(&d.expected),
                        "got": string(&d.got),
                    },
                });
                outln!("{v}");
            } else {
                outln!("{file}: the replay diverged: {d}");
            }
            Ok(EXIT_DIVERGED)
        }
        Err(ReplayError::Invalid(m)) => {
            if json {
                let v = serde_json::json!({
                    "file": file,
                    "status": "invalid",
                    "error": m,
                });
                outln!("{v}");
                Ok(EXIT_INVALID)
            } else {
                Err(Failure::invalid(format!(
                    "goap replay: {file}: invalid recording: {m}"
                )))
            }
        }
    }
}
