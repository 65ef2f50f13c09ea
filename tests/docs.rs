//! The repository stands alone: no file in it sends a reader to design notes kept outside
//! it (the domain file format, the command's contract and the rest are documented here, in
//! the README and the header). The CHANGELOG's history may name them.

use std::path::{Path, PathBuf};

/// Text that points outside the repository.
const OUTSIDE: [&str; 3] = ["DESIGN.md", "STYLE.md", "../shared/"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | ".git" | "obj" | "bin" | "Library" | "Temp") {
                files(&path, out);
            }
        } else if name != "CHANGELOG.md" && name != "docs.rs" {
            out.push(path);
        }
    }
}

#[test]
fn no_file_refers_to_notes_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(root, &mut all);
    assert!(
        all.len() > 50,
        "found only {} files under {}",
        all.len(),
        root.display()
    );
    let mut found = Vec::new();
    for path in &all {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue; // binary
        };
        for (i, line) in text.lines().enumerate() {
            if OUTSIDE.iter().any(|o| line.contains(o)) {
                found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "references outside the repository:\n{}",
        found.join("\n")
    );
}

/// The C ABI is the cargo feature `capi`: without it a Rust user builds neither cbindgen nor
/// csbindgen (the build script's generators).
#[test]
fn the_c_abi_generators_are_built_only_with_the_capi_feature() {
    let tree = |features: &[&str]| {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let out = std::process::Command::new(cargo)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["tree", "--offline", "--edges", "build", "--prefix", "none"])
            .args(features)
            .output()
            .expect("cargo tree runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let plain = tree(&[]);
    assert!(
        !plain.contains("cbindgen") && !plain.contains("csbindgen"),
        "{plain}"
    );
    let capi = tree(&["--features", "capi"]);
    assert!(
        capi.contains("cbindgen") && capi.contains("csbindgen"),
        "{capi}"
    );
}
