//! Builds `tests/c/harness.c` and `tests/c/alloc_hook.c` (the allocator hook, its own
//! program) against `include/goap.h` and the static library, as C99 and as C++17 with
//! `-Wall -Wextra -Wpedantic -Werror`, runs both builds, and runs the C builds under
//! valgrind with its default leak settings, requiring zero errors and zero definite,
//! indirect or possible leaks.
//!
//! gcc, g++ and valgrind are required: when one is missing this test fails and says how to
//! install it; it never skips.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const WARNINGS: [&str; 4] = ["-Wall", "-Wextra", "-Wpedantic", "-Werror"];

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `target/<profile>`, the directory this test binary was built into (its parent is `deps`).
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    exe.parent()
        .and_then(Path::parent)
        .expect("test binary lives in target/<profile>/deps")
        .to_path_buf()
}

/// Runs `cargo build --lib --features capi` for this test's profile and returns the static
/// library.
fn build_static_lib() -> PathBuf {
    let dir = profile_dir();
    let profile = dir.file_name().and_then(|n| n.to_str()).unwrap_or("debug");
    let target_dir = dir.parent().expect("target dir");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(manifest_dir())
        .args(["build", "--lib", "--features", "capi", "--target-dir"])
        .arg(target_dir);
    match profile {
        "debug" => {}
        "release" => {
            cmd.arg("--release");
        }
        other => {
            cmd.args(["--profile", other]);
        }
    }
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cargo}: {e}"));
    assert!(
        out.status.success(),
        "`cargo build --lib` failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lib = dir.join("libgoap.a");
    assert!(lib.is_file(), "{} was not built", lib.display());
    lib
}

/// Fails with an install hint when `tool` is not on PATH.
fn require(tool: &str) {
    let found = Command::new(tool).arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "`{tool}` is required by the C harness test but was not found on PATH; \
         install it (Debian/Ubuntu: apt-get install gcc g++ valgrind)"
    );
}

fn run(cmd: &mut Command) -> Output {
    let shown = format!("{cmd:?}");
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {shown}: {e}"));
    eprintln!("$ {shown}");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Compiles `tests/c/<source>`; `cpp` builds it as C++17 instead of C99.
fn compile(lib: &Path, source: &str, out: &Path, cpp: bool) {
    let root = manifest_dir();
    let mut cmd = Command::new(if cpp { "g++" } else { "gcc" });
    if cpp {
        cmd.args(["-x", "c++", "-std=c++17"]);
    } else {
        cmd.arg("-std=c99");
    }
    cmd.args(WARNINGS)
        .arg("-g")
        .arg("-I")
        .arg(root.join("include"))
        .arg(root.join("tests/c").join(source));
    if cpp {
        cmd.args(["-x", "none"]); // the library is not C++ source
    }
    cmd.arg(lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(out);
    let result = run(&mut cmd);
    assert!(
        result.status.success(),
        "compiling {source} as {} failed:\n{}",
        if cpp { "C++17" } else { "C99" },
        text(&result.stderr)
    );
}

fn harness_args() -> Vec<String> {
    vec![manifest_dir()
        .join("examples/domains/kitchen.json")
        .display()
        .to_string()]
}

/// Checks the harness's own verdict line: "N passed, 0 failed" with N > 0.
fn check_summary(name: &str, out: &Output) {
    let stdout = text(&out.stdout);
    let last = stdout.lines().last().unwrap_or("");
    let passed: Option<u32> = last
        .strip_suffix(" passed, 0 failed")
        .and_then(|n| n.parse().ok());
    assert!(
        out.status.success() && passed.is_some_and(|n| n > 0),
        "{name} failed ({}):\n--- stdout\n{stdout}\n--- stderr\n{}",
        out.status,
        text(&out.stderr)
    );
}

fn build_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-harness");
    std::fs::create_dir_all(&dir).expect("create build dir");
    dir
}

#[test]
fn c_and_cpp_harness_pass_and_c_is_clean_under_valgrind() {
    require("gcc");
    require("g++");
    require("valgrind");
    let lib = build_static_lib();
    let dir = build_dir();
    let args = harness_args();

    let c_exe = dir.join("harness_c");
    let cpp_exe = dir.join("harness_cpp");
    compile(&lib, "harness.c", &c_exe, false);
    compile(&lib, "harness.c", &cpp_exe, true);

    for exe in [&c_exe, &cpp_exe] {
        let out = run(Command::new(exe).args(&args).env("RUST_BACKTRACE", "0"));
        check_summary(&exe.display().to_string(), &out);
    }

    check_valgrind("harness_c", &c_exe, &args);
}

/// Runs `exe` under valgrind (default leak settings) and requires its checks to pass with
/// no error and no definite, indirect or possible leak.
fn check_valgrind(name: &str, exe: &Path, args: &[String]) {
    let out = run(Command::new("valgrind")
        // valgrind's default leak settings (definite and possible leaks are errors), as a
        // host's leak check runs it: a thread handle left behind shows as "possibly lost".
        .args(["--leak-check=full", "--error-exitcode=99"])
        .arg(exe)
        .args(args)
        .env("RUST_BACKTRACE", "0"));
    check_summary(&format!("{name} under valgrind"), &out);
    let report = text(&out.stderr);
    assert!(
        report.contains("ERROR SUMMARY: 0 errors"),
        "valgrind found errors in {name}:\n{report}"
    );
    let no_leaks = report.contains("All heap blocks were freed")
        || (report.contains("definitely lost: 0 bytes")
            && report.contains("indirectly lost: 0 bytes")
            && report.contains("possibly lost: 0 bytes"));
    assert!(no_leaks, "valgrind found leaks in {name}:\n{report}");
}

/// The allocator hook: `tests/c/alloc_hook.c` sets a counting allocator before anything
/// else and checks every allocation and free goap makes (with the host's realloc and
/// without, when goap allocates, copies and frees), the byte count, and that worlds give
/// their memory back; as C99 and C++17, and the C build under valgrind.
#[test]
fn alloc_hook_counts_every_allocation_in_c_and_cpp_and_is_clean_under_valgrind() {
    require("gcc");
    require("g++");
    require("valgrind");
    let lib = build_static_lib();
    let dir = build_dir();
    let json = manifest_dir()
        .join("examples/domains/village.json")
        .display()
        .to_string();

    let c_exe = dir.join("alloc_hook_c");
    let cpp_exe = dir.join("alloc_hook_cpp");
    compile(&lib, "alloc_hook.c", &c_exe, false);
    compile(&lib, "alloc_hook.c", &cpp_exe, true);
    for exe in [&c_exe, &cpp_exe] {
        for mode in [None, Some("no-realloc"), Some("misaligned-realloc")] {
            let out = run(Command::new(exe)
                .arg(&json)
                .args(mode)
                .env("RUST_BACKTRACE", "0"));
            check_summary(&format!("{} {mode:?}", exe.display()), &out);
        }
    }
    check_valgrind("alloc_hook_c", &c_exe, std::slice::from_ref(&json));
}

/// The function every id-mixup source defines: it takes one id of each kind (and a raw
/// `uint64_t`) and runs `MIXUP_BODY`, one statement, on the line `MIXUP_LINE`.
const MIXUP_SOURCE: &str = r#"#include <stdint.h>
#include "goap.h"

void probe(GoapWorld *world, GoapDomainId domain, GoapFactId fact, GoapVarId var,
           GoapActionId action, GoapAgentId agent, GoapGoalId goal, uint64_t raw);
void probe(GoapWorld *world, GoapDomainId domain, GoapFactId fact, GoapVarId var,
           GoapActionId action, GoapAgentId agent, GoapGoalId goal, uint64_t raw) {
    char buf[8];
    uint32_t len = 0;
    GoapAgentInfo ainfo;
    (void)domain, (void)fact, (void)var, (void)action, (void)agent, (void)goal, (void)raw;
    ainfo.size = (uint32_t)sizeof ainfo;
    MIXUP_BODY
    (void)world, (void)buf, (void)len, (void)ainfo;
}
"#;

/// The line of `MIXUP_SOURCE` (1-based) that holds `MIXUP_BODY`.
fn mixup_line() -> usize {
    MIXUP_SOURCE
        .lines()
        .position(|l| l.contains("MIXUP_BODY"))
        .expect("MIXUP_BODY in the source")
        + 1
}

/// Runs the compiler on one mixup source (`-fsyntax-only`, the harness's warnings);
/// `cpp` compiles it as C++17 instead of C99.
fn compile_probe(dir: &Path, name: &str, body: &str, cpp: bool) -> Output {
    let path = dir.join(format!("{name}.c"));
    std::fs::write(&path, MIXUP_SOURCE.replace("MIXUP_BODY", body)).expect("write source");
    let mut cmd = Command::new(if cpp { "g++" } else { "gcc" });
    if cpp {
        cmd.args(["-x", "c++", "-std=c++17"]);
    } else {
        cmd.arg("-std=c99");
    }
    cmd.args(WARNINGS)
        .arg("-fsyntax-only")
        .arg("-I")
        .arg(manifest_dir().join("include"))
        .arg(&path)
        .env("LC_ALL", "C"); // plain quotes in messages
    run(&mut cmd)
}

/// The compile test of the typed ids: a source that passes each kind where it belongs
/// compiles cleanly as C99 and as C++17 under `-Wall -Wextra -Wpedantic -Werror`, and every
/// source that passes one kind of id (or an integer) where another is expected fails to, with
/// an error on the offending line that names the expected id type as not convertible (so a
/// missing header or any other error does not count).
#[test]
fn ids_of_one_kind_passed_as_another_do_not_compile_as_c_or_cpp() {
    require("gcc");
    require("g++");
    let dir = build_dir().join("id-mixup");
    std::fs::create_dir_all(&dir).expect("create build dir");
    let line = mixup_line();

    // Every kind where it belongs, the null ids and helpers, and ids forged from bits on
    // purpose (as the run-time wrong-kind tests do): all of it compiles.
    let control = "(void)goap_domain_action_name(world, domain, action, buf, sizeof buf, &len); \
        (void)goap_domain_fact_name(world, domain, fact, buf, sizeof buf, &len); \
        (void)goap_domain_fact_count(world, domain, &len); \
        (void)goap_agent_set_fact(world, agent, fact, 1); \
        (void)goap_agent_info(world, agent, &ainfo); \
        (void)goap_agent_remove_goal(world, agent, goal); \
        { GoapActionId forged = {fact.bits}; GoapVarId none = GOAP_NULL_VAR_ID; \
          (void)goap_domain_action_name(world, domain, forged, buf, sizeof buf, &len); \
          (void)goap_var_id_equals(var, none); (void)goap_goal_id_is_null(goal); }";
    for cpp in [false, true] {
        let out = compile_probe(&dir, "control", control, cpp);
        assert!(
            out.status.success(),
            "the control source (every id of the right kind) must compile as {}:\n{}",
            if cpp { "C++17" } else { "C99" },
            text(&out.stderr)
        );
    }

    // (name, statement, the id type the call expects)
    let mixups: [(&str, &str, &str); 7] = [
        (
            "fact_as_action",
            "(void)goap_domain_action_name(world, domain, fact, buf, sizeof buf, &len);",
            "GoapActionId",
        ),
        (
            "action_as_fact",
            "(void)goap_agent_set_fact(world, agent, action, 1);",
            "GoapFactId",
        ),
        (
            "agent_as_domain",
            "(void)goap_domain_fact_count(world, agent, &len);",
            "GoapDomainId",
        ),
        (
            "goal_as_agent",
            "(void)goap_agent_info(world, goal, &ainfo);",
            "GoapAgentId",
        ),
        (
            "var_as_goal",
            "(void)goap_agent_remove_goal(world, agent, var);",
            "GoapGoalId",
        ),
        (
            "literal_zero_as_action",
            "(void)goap_domain_action_name(world, domain, 0, buf, sizeof buf, &len);",
            "GoapActionId",
        ),
        (
            "uint64_as_fact",
            "(void)goap_agent_set_fact(world, agent, raw, 1);",
            "GoapFactId",
        ),
    ];
    let mut wrong = Vec::new();
    for (name, body, expected) in mixups {
        for cpp in [false, true] {
            let lang = if cpp { "C++17" } else { "C99" };
            let out = compile_probe(&dir, name, body, cpp);
            let stderr = text(&out.stderr);
            let at_line = format!("{name}.c:{line}:");
            // gcc: "error: incompatible type for argument 3 of ..." and "note: expected
            // 'struct GoapActionId' ..."; g++: "error: could not convert 'fact' from
            // 'GoapFactId' to 'GoapActionId'".
            let error = stderr.lines().find(|l| {
                l.contains(&at_line)
                    && l.contains("error:")
                    && ["incompatible type", "could not convert", "cannot convert"]
                        .iter()
                        .any(|phrase| l.contains(phrase))
            });
            let names_expected = error.is_some_and(|l| l.contains(expected))
                || stderr
                    .lines()
                    .any(|l| l.contains("note: expected") && l.contains(expected));
            let rejected = error.is_some() && names_expected;
            if out.status.success() || !rejected {
                wrong.push(format!(
                    "{name} as {lang}: {}, expected an incompatible-type error at line \
                     {line} naming {expected}:\n{stderr}",
                    out.status
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
