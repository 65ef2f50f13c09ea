//! Support shared by the tests of the `goap` command (cli, explain, demo): running the
//! binary, the sample domains, temp domain files and the usage-error check.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

pub const DOMAINS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/domains");

/// What one run of the binary left behind.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the `goap` binary with `args`.
pub fn goap(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_goap"))
        .args(args)
        .output()
        .expect("the goap binary runs");
    Run {
        code: out.status.code().expect("goap exits normally"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// The path of a sample domain in `examples/domains`.
pub fn domain(name: &str) -> String {
    format!("{DOMAINS}/{name}")
}

/// A domain file under the temp dir, removed when dropped.
pub struct TempFile(PathBuf);

impl TempFile {
    pub fn new(label: &str, text: &str) -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        // Each test crate is its own process, so the id keeps crates apart.
        let path = std::env::temp_dir().join(format!(
            "goap-cli-test-{}-{n}-{label}.json",
            std::process::id()
        ));
        std::fs::write(&path, text).expect("temp file written");
        TempFile(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().expect("temp path is UTF-8")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Asserts exit 2, nothing on stdout and a message on stderr containing every `parts`.
pub fn assert_invalid(r: &Run, parts: &[&str]) {
    assert_eq!(
        r.code, 2,
        "exit code; stdout: {}\nstderr: {}",
        r.stdout, r.stderr
    );
    assert!(r.stdout.is_empty(), "stdout must be empty: {:?}", r.stdout);
    for p in parts {
        assert!(
            r.stderr.contains(p),
            "stderr does not mention {p:?}:\n{}",
            r.stderr
        );
    }
}
