//! `goap studio FILE -o PAGE.html` (the README's "Studio page"): usage errors, unreadable
//! and invalid input exit 2 with nothing on stdout; a page is written with the data the
//! page's script draws. The page in a browser is tested by scripts/test-studio.sh.

mod cli_support;
use cli_support::{assert_invalid, domain, goap, TempFile};

/// A path under the temp dir for a page, removed when dropped.
struct TempPage(std::path::PathBuf);

impl TempPage {
    fn new(label: &str) -> Self {
        TempPage(std::env::temp_dir().join(format!(
            "goap-studio-test-{}-{label}.html",
            std::process::id()
        )))
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
    fn read(&self) -> String {
        std::fs::read_to_string(&self.0).expect("the page was written")
    }
}

impl Drop for TempPage {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn writes_the_kitchen_page_and_prints_its_path() {
    let out = TempPage::new("kitchen");
    let r = goap(&["studio", &domain("kitchen.json"), "-o", out.path()]);
    assert_eq!(r.code, 0, "stderr: {}", r.stderr);
    assert_eq!(r.stdout, format!("{}\n", out.path()));
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    let page = out.read();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<title>kitchen.json — goap studio</title>"));
    assert!(page.contains("<script type=\"application/json\" id=\"goap-data\">"));
    assert!(page.contains("\"kind\":\"domain\""));
    assert!(page.contains("\"plan\":[\"洗菜\""), "the plan, in Chinese");
    // The same file gives the same page, byte for byte; `--output=` works too.
    let again = TempPage::new("kitchen-again");
    let flag = format!("--output={}", again.path());
    assert_eq!(goap(&["studio", &domain("kitchen.json"), &flag]).code, 0);
    assert_eq!(page, again.read());
}

#[test]
fn a_goal_without_a_plan_gets_its_report() {
    let out = TempPage::new("beacon");
    let r = goap(&["studio", &domain("night-watch.json"), "-o", out.path()]);
    assert_eq!(r.code, 0, "stderr: {}", r.stderr);
    let page = out.read();
    assert!(page.contains("\"status\":\"no_plan\""));
    assert!(page.contains("did you mean \\\"has_flnt\\\"?"));
}

#[test]
fn usage_errors_exit_2() {
    let kitchen = domain("kitchen.json");
    assert_invalid(&goap(&["studio"]), &["`studio` needs a FILE"]);
    assert_invalid(&goap(&["studio", &kitchen]), &["needs -o PAGE.html"]);
    assert_invalid(&goap(&["studio", &kitchen, "-o"]), &["-o needs a value"]);
    assert_invalid(
        &goap(&["studio", &kitchen, "-o", "x.html", "--dot"]),
        &["unknown option \"--dot\" for `studio`"],
    );
    assert_invalid(
        &goap(&["studio", &kitchen, &kitchen, "-o", "x.html"]),
        &["unexpected argument"],
    );
}

#[test]
fn missing_and_invalid_files_exit_2_and_write_nothing() {
    let out = TempPage::new("invalid");
    let r = goap(&["studio", "/no/such/file.json", "-o", out.path()]);
    assert_invalid(&r, &["/no/such/file.json", "cannot read"]);
    let bad = TempFile::new("studio-bad", "{\"actions\": [}");
    let r = goap(&["studio", bad.path(), "-o", out.path()]);
    assert_invalid(&r, &[&format!("{}:1:14", bad.path()), "expected value"]);
    assert!(!out.0.exists(), "no page for invalid input");
}

#[test]
fn recordings_are_recognised_by_their_magic() {
    // The magic, then garbage: read as a recording (not as JSON), whose replay refuses it.
    let mut bytes = goap::record::MAGIC.to_vec();
    bytes.extend_from_slice(b"\xff\x00not a real recording");
    let path =
        std::env::temp_dir().join(format!("goap-studio-test-{}.goaprec", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let out = TempPage::new("recording");
    let r = goap(&["studio", path.to_str().unwrap(), "-o", out.path()]);
    let _ = std::fs::remove_file(&path);
    assert_invalid(&r, &["invalid recording"]);
    assert!(!out.0.exists());
}
