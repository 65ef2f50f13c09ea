//! The test command's suite runner (`scripts/suites.sh`, sourced by `scripts/test.sh`):
//! a suite that dies early, reports failures, or runs nothing is counted as failed, the
//! suites after it still run, the closing `N passed, N failed` line is always printed, and
//! the knobs that shrink the tests are cleared.

use std::path::Path;
use std::process::Command;

struct Run {
    status: i32,
    stdout: String,
}

/// Runs `body` in bash after sourcing `scripts/suites.sh`, as `scripts/test.sh` does.
fn run(body: &str, env: &[(&str, &str)]) -> Run {
    let suites = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/suites.sh");
    let script = format!("set -uo pipefail\n. '{}'\n{body}\n", suites.display());
    let mut cmd = Command::new("bash");
    cmd.arg("-c").arg(script);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("bash runs");
    Run {
        status: out.status.code().expect("bash exits with a status"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
    }
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

#[test]
fn every_suite_runs_and_failures_of_every_kind_are_counted() {
    let r = run(
        r#"
ok_suite() { echo "a: 3 passed, 0 failed"; }
dies_early() { echo "starting"; exit 3; }
reports_failures() { echo "c: 2 passed, 1 failed"; return 1; }
fails_silently() { echo "d: 4 passed, 0 failed"; return 2; }
runs_nothing() { echo "e: 0 passed, 0 failed"; }
last_one() { echo "f ran"; echo "f: 1 passed, 0 failed"; }
run_suite a ok_suite
run_suite b dies_early
run_suite c reports_failures
run_suite d fails_silently
run_suite e runs_nothing
run_suite f last_one
"#,
        &[],
    );
    assert_eq!(r.status, 1, "{}", r.stdout);
    assert!(
        r.stdout.contains("f ran"),
        "the last suite ran: {}",
        r.stdout
    );
    // a 3/0, b 0/1 (no line), c 2/1, d 4/1 (non-zero exit), e 0/1 (nothing ran), f 1/0.
    assert_eq!(last_line(&r.stdout), "10 passed, 4 failed", "{}", r.stdout);
    assert!(r.stdout.contains("b: 0 passed, 1 failed (it printed no"));
    assert!(r
        .stdout
        .contains("d: 4 passed, 1 failed (it exited with status 2"));
    assert!(r.stdout.contains("e: 0 passed, 1 failed (it ran no test)"));
}

#[test]
fn a_clean_run_exits_zero_with_its_totals() {
    let r = run(
        r#"
one() { echo "noise: 9 passed, 9 failed"; echo "x: 2 passed, 0 failed"; }
two() { echo "y: 5 passed, 0 failed"; }
run_suite x one
run_suite y two
"#,
        &[],
    );
    assert_eq!(r.status, 0, "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "7 passed, 0 failed", "{}", r.stdout);
}

#[test]
fn the_closing_line_is_printed_when_the_script_stops_early() {
    let r = run(
        r#"
one() { echo "x: 2 passed, 0 failed"; }
run_suite x one
echo "cannot install a tool" >&2
exit 7
"#,
        &[],
    );
    assert_eq!(r.status, 1, "{}", r.stdout);
    assert!(r.stdout.contains("the test script stopped with status 7"));
    assert_eq!(last_line(&r.stdout), "2 passed, 1 failed", "{}", r.stdout);
}

#[test]
fn knobs_that_shrink_the_tests_are_cleared() {
    let r = run(
        r#"
clear_test_env GOAP_
echo "case=${GOAP_DIFF_CASE:-unset} scale=${GOAP_DIFF_SCALE:-unset} other=${OTHER_VAR:-unset}"
"#,
        &[
            ("GOAP_DIFF_CASE", "3"),
            ("GOAP_DIFF_SCALE", "0"),
            ("OTHER_VAR", "kept"),
        ],
    );
    assert!(
        r.stdout.contains("case=unset scale=unset other=kept"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("ignoring GOAP_DIFF_CASE=3"),
        "{}",
        r.stdout
    );
    // No suite ran: that is a failure too.
    assert_eq!(r.status, 1, "{}", r.stdout);
    assert!(r.stdout.contains("no suite ran"), "{}", r.stdout);
    assert_eq!(last_line(&r.stdout), "0 passed, 1 failed", "{}", r.stdout);
}
