//! Generates the C header from `src/ffi/` with cbindgen into `$OUT_DIR/goap.h`; with
//! `GOAP_BLESS=1` also into `include/goap.h` (committed; `tests/header.rs` checks drift).
//! Parses only the listed files (no `cargo metadata`, no network).

use std::path::{Path, PathBuf};

/// FFI sources in header order.
const FFI_FILES: [&str; 15] = [
    "version.rs",
    "status.rs",
    "error.rs",
    "ids.rs",
    "world.rs",
    "domain.rs",
    "fact.rs",
    "var.rs",
    "action.rs",
    "plan.rs",
    "agent.rs",
    "goal.rs",
    "context.rs",
    "protocol.rs",
    "batch.rs",
];

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let ffi = root.join("src/ffi");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-env-changed=GOAP_BLESS");

    let config = cbindgen::Config::from_file(root.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("cbindgen.toml: {e}"));
    let mut builder = cbindgen::Builder::new().with_config(config);
    for f in FFI_FILES.iter().chain(["guard.rs"].iter()) {
        builder = builder.with_src(ffi.join(f));
    }
    let bindings = builder
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen failed on src/ffi: {e}"));

    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("goap.h");
    bindings.write_to_file(&out);
    if std::env::var_os("GOAP_BLESS").is_some_and(|v| v == "1") {
        let committed = root.join("include/goap.h");
        std::fs::create_dir_all(committed.parent().unwrap_or(Path::new("."))).ok();
        bindings.write_to_file(&committed);
    }
}
