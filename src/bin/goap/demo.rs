//! `goap demo`: the village simulation (agents, goal arbitration, failures, batch planning)
//! and, with `--kitchen`, the single-plan walkthrough of the kitchen scenario.

mod kitchen;
mod village;

use std::path::PathBuf;

use crate::{no_more_args, usage_error, Failure};

pub use kitchen::kitchen;
pub use village::village;

/// Where the village demo writes its recording and studio page.
pub struct Outputs {
    /// `--record FILE`.
    pub record: Option<PathBuf>,
    /// The studio page.
    pub studio: PathBuf,
}

/// `goap demo [--kitchen] [--record FILE] [--studio PAGE]`.
pub fn run(rest: &[String]) -> Result<u8, Failure> {
    let mut kitchen_only = false;
    let mut record = None;
    let mut studio = None;
    let mut args = rest.iter();
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .cloned()
                .ok_or_else(|| usage_error(format!("{name} needs a value")))
        };
        match a.as_str() {
            "--kitchen" => kitchen_only = true,
            "--record" => record = Some(PathBuf::from(value("--record")?)),
            "--studio" => studio = Some(PathBuf::from(value("--studio")?)),
            f if f.starts_with('-') => {
                return Err(usage_error(format!("unknown option \"{f}\" for `demo`")))
            }
            _ => no_more_args("demo", std::slice::from_ref(a))?,
        }
    }
    if kitchen_only {
        if record.is_some() || studio.is_some() {
            return Err(usage_error(
                "--record and --studio are for the village demo, not --kitchen".into(),
            ));
        }
        kitchen();
        return Ok(0);
    }
    let studio = studio.unwrap_or_else(|| {
        if std::path::Path::new("target").is_dir() {
            PathBuf::from("target/goap-demo.html")
        } else {
            std::env::temp_dir().join("goap-demo.html")
        }
    });
    village(Outputs { record, studio }).map_err(|e| Failure::invalid(format!("goap demo: {e}")))?;
    Ok(0)
}
