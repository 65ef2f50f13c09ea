//! `goap demo`: the village timeline shows the agent protocol's key events, and prints the
//! same text on every run.

mod cli_support;
use cli_support::{domain, goap};

/// Runs `goap demo` with `args`; returns (exit code, stdout, stderr).
fn demo(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["demo"];
    all.extend_from_slice(args);
    let r = goap(&all);
    (r.code, r.stdout, r.stderr)
}

/// The timeline lines of `who` (`   5  Brom  replan …`), continuation lines joined.
fn events_of(out: &str, who: &str) -> Vec<String> {
    let mut events: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in out.lines() {
        let mut words = line.split_whitespace();
        let timed = words.next().is_some_and(|w| w.parse::<u32>().is_ok());
        if timed {
            events.extend(current.take());
            if words.next() == Some(who) {
                current = Some(line.to_owned());
            }
        } else if let Some(c) = current.as_mut() {
            if line.starts_with("              ") && !line.trim().is_empty() {
                c.push(' ');
                c.push_str(line.trim());
            } else {
                events.extend(current.take());
            }
        }
    }
    events.extend(current);
    events
}

#[test]
fn timeline_shows_failure_goal_switch_no_plan_and_the_batch() {
    let (code, out, err) = demo(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");

    // t = 0: one batch plans all four NPCs.
    let batch = out
        .lines()
        .find(|l| l.contains("batch") && l.contains("plan_agents"))
        .unwrap_or_else(|| panic!("no batch line:\n{out}"));
    assert!(batch.trim_start().starts_with("0 "), "{batch}");
    assert!(batch.contains("4 planned, 0 waiting"), "{batch}");
    assert!(batch.contains("cache 0 hits"), "{batch}");

    // The cook's flour is stolen while she bakes: the failure replans, through the mill.
    let mara = events_of(&out, "Mara");
    let theft = mara
        .iter()
        .position(|e| e.contains("bake_bread reported failed"))
        .unwrap_or_else(|| panic!("no failure:\n{out}"));
    let replan = &mara[theft + 1];
    assert!(
        replan.contains("replan (action_failed) → bake:"),
        "{replan}"
    );
    assert!(replan.contains("buy_flour"), "{replan}");
    assert!(
        mara[theft + 2].contains("starts go_mill"),
        "{}",
        mara[theft + 2]
    );

    // The guard's hunger beats patrol by the margin: a goal switch mid-action, and back.
    let brom = events_of(&out, "Brom");
    let switch = brom
        .iter()
        .position(|e| e.contains("replan (goal_changed), eat") && e.contains("> patrol"))
        .unwrap_or_else(|| panic!("no hunger switch:\n{out}"));
    assert!(
        brom[switch].contains("→ eat: go_tavern"),
        "{}",
        brom[switch]
    );
    assert!(brom[switch + 1].contains("drops "), "{}", brom[switch + 1]);
    assert!(
        brom[switch..]
            .iter()
            .any(|e| e.contains("replan (goal_changed), eat done → patrol")),
        "{brom:?}"
    );

    // The traveller has no plan: the explanation section, then a retry once she has a coin.
    let wren = events_of(&out, "Wren");
    assert!(
        wren.iter()
            .any(|e| e.contains("first search: no plan for its goal")),
        "{wren:?}"
    );
    let stuck = out
        .find("stuck (StepKind::NoPlan)")
        .unwrap_or_else(|| panic!("no no-plan section:\n{out}"));
    // The report of goap::explain: the goal, the verdict, the chain of missing conditions.
    let why: Vec<&str> = out[stuck..].lines().skip(1).take(30).collect();
    assert_eq!(why[0].trim(), "goal cross:", "{why:?}");
    assert!(why[1].contains("across_river"), "{why:?}");
    assert!(why.iter().any(|l| l.contains("No plan")), "{why:?}");
    for link in [
        "\"cross_bridge\"",
        "\"bridge_intact\"",
        "\"has_planks\"",
        "\"has_coin\"",
    ] {
        assert!(
            why.iter().any(|l| l.contains(link)),
            "{link} missing: {why:?}"
        );
    }
    assert!(
        why.iter().all(|l| l.trim_end() == *l),
        "trailing spaces: {why:?}"
    );
    assert!(
        wren.iter()
            .any(|e| e.contains("replan, a retry: its state changed") && e.contains("→ cross:")),
        "{wren:?}"
    );

    // A line near the end counts the replans by cause, and they add up.
    let last = out
        .lines()
        .rev()
        .find(|l| l.contains(" replans in "))
        .unwrap_or_else(|| panic!("no replan count:\n{out}"));
    let (total, causes) = last
        .split_once(" replans in ")
        .unwrap_or_else(|| panic!("{last}"));
    let sum: u32 = causes
        .split_once(": ")
        .unwrap()
        .1
        .split(", ")
        .map(|c| c.rsplit(' ').next().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(total.parse::<u32>().unwrap(), sum, "{last}");
    for cause in [
        "no_plan",
        "action_failed 1",
        "goal_changed",
        "plan_invalidated",
    ] {
        assert!(last.contains(cause), "{last}");
    }

    // Short and readable: no JSON, no wall-clock times, lines that fit a terminal.
    assert!(out.lines().count() <= 100, "{} lines", out.lines().count());
    assert!(!out.contains('{') && !out.contains("µs"), "{out}");
    for line in out.lines() {
        assert!(line.chars().count() <= 100, "long line: {line}");
    }
}

#[test]
fn timeline_is_the_same_on_every_run() {
    let (a, b) = (demo(&[]), demo(&[]));
    assert_eq!(a.0, 0);
    assert_eq!(a, b);
}

#[test]
fn kitchen_walkthrough_is_behind_a_flag() {
    let (code, out, _) = demo(&["--kitchen"]);
    assert_eq!(code, 0);
    assert!(out.contains("Total cost: 17"), "{out}");
    let (code, out, err) = demo(&["--kitchen", "again"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("unexpected argument \"again\""), "{err}");
    let (code, _, err) = demo(&["--fast"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown option \"--fast\""), "{err}");
}

#[test]
fn a_closed_stdout_ends_the_command_quietly() {
    // `goap demo | head`: the reader goes away. The read end is closed before the command
    // writes, so its first write fails with a broken pipe; it must end with status 0 and
    // say nothing (it used to panic and exit 101).
    let kitchen = cli_support::domain("kitchen.json");
    for args in [&["demo"][..], &["demo", "--kitchen"], &["plan", &kitchen]] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_goap"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("goap runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("goap ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "goap {args:?}: {err}");
        assert!(err.is_empty(), "goap {args:?}: {err}");
    }
}

/// A path under the temp dir for this process.
fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("goap-demo-test-{}-{name}", std::process::id()))
}

#[test]
fn the_demo_records_itself_and_the_recording_replays() {
    let rec = temp("demo.goaprec");
    let page = temp("demo.html");
    let run = goap(&[
        "demo",
        "--record",
        rec.to_str().unwrap(),
        "--studio",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("replayed in a new world: every decision matched"),
        "{}",
        run.stdout
    );
    let ok = goap(&["replay", rec.to_str().unwrap()]);
    assert_eq!(ok.code, 0, "{}{}", ok.stdout, ok.stderr);
    assert!(
        ok.stdout.contains("every decision matched"),
        "{}",
        ok.stdout
    );
    let json = goap(&["replay", rec.to_str().unwrap(), "--json"]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["agents"], 4);
    assert!(v["steps"].as_u64().unwrap() >= 4 * 18, "{v}");
    assert!(v["replans"].as_u64().unwrap() >= 10, "{v}");
    assert!(v["records"].as_u64().unwrap() > 100, "{v}");

    // A changed report: exit 1, the divergence named.
    let bytes = std::fs::read(&rec).unwrap();
    let mut records = goap::record::format::read_records(&bytes).unwrap();
    let k = records
        .iter()
        .position(|r| matches!(r, goap::record::format::Record::Report { outcome: 1, .. }))
        .unwrap();
    if let goap::record::format::Record::Report { outcome, .. } = &mut records[k] {
        *outcome = 2;
    }
    let tampered = temp("tampered.goaprec");
    std::fs::write(&tampered, goap::record::format::write_records(&records)).unwrap();
    let bad = goap(&["replay", tampered.to_str().unwrap()]);
    assert_eq!(bad.code, 1, "{}{}", bad.stdout, bad.stderr);
    assert!(
        bad.stdout.contains("diverged") && bad.stdout.contains("expected"),
        "{}",
        bad.stdout
    );
    let bad = goap(&["replay", tampered.to_str().unwrap(), "--json"]);
    assert_eq!(bad.code, 1);
    let v: serde_json::Value = serde_json::from_str(bad.stdout.trim()).unwrap();
    assert_eq!(v["status"], "diverged");
    assert!(v["divergence"]["agent"].is_string(), "{v}");

    // Truncated, corrupted, not a recording, missing: exit 2 with a message.
    let cut = temp("cut.goaprec");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let r = goap(&["replay", cut.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("truncated"), "{}", r.stderr);
    let mut v = bytes.clone();
    let mid = v.len() / 2;
    v[mid] ^= 0x40;
    std::fs::write(&cut, &v).unwrap();
    let r = goap(&["replay", cut.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("corrupted"), "{}", r.stderr);
    let r = goap(&["replay", cut.to_str().unwrap(), "--json"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("\"invalid\""), "{}", r.stdout);
    let r = goap(&["replay", &domain("village.json")]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a goap recording"), "{}", r.stderr);
    let r = goap(&["replay", "/nonexistent.goaprec"]);
    assert_eq!(r.code, 2);
    let r = goap(&["replay"]);
    assert_eq!(r.code, 2);
    let r = goap(&["replay", "a", "b"]);
    assert_eq!(r.code, 2);
    for p in [rec, page, tampered, cut] {
        let _ = std::fs::remove_file(p);
    }
}
