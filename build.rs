//! Generates the C header from `src/ffi/` with cbindgen into `$OUT_DIR/goap.h`, and the C#
//! P/Invoke declarations with csbindgen into `$OUT_DIR/NativeMethods.g.cs`; with
//! `GOAP_BLESS=1` also into `include/goap.h` and `bindings/csharp/NativeMethods.g.cs`
//! (both committed; `tests/header.rs` checks drift). Parses only the listed files (no
//! `cargo metadata`, no network). Only with the feature `capi` (the C ABI); without it the
//! build script does nothing, and cbindgen and csbindgen are not built.
#![cfg_attr(not(feature = "capi"), allow(dead_code, unused_imports))]

use std::path::{Path, PathBuf};

/// FFI sources in header order.
const FFI_FILES: [&str; 24] = [
    "version.rs",
    "status.rs",
    "error.rs",
    "alloc.rs",
    "log.rs",
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
    "inspect.rs",
    "domain_goals.rs",
    "templates.rs",
    "template_def.rs",
    "shared.rs",
    "record.rs",
    "validate.rs",
];

/// Every file both generators parse: the header's files, then `guard.rs` (its test hook).
#[cfg(feature = "capi")]
fn ffi_sources(ffi: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    FFI_FILES
        .iter()
        .chain(["guard.rs"].iter())
        .map(move |f| ffi.join(f))
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // Without the C ABI (feature `capi`) there is nothing to generate.
    #[cfg(feature = "capi")]
    generate();
}

#[cfg(feature = "capi")]
fn generate() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let ffi = root.join("src/ffi");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=src/ffi");
    println!("cargo:rerun-if-env-changed=GOAP_BLESS");

    let mut config = cbindgen::Config::from_file(root.join("cbindgen.toml"))
        .unwrap_or_else(|e| panic!("cbindgen.toml: {e}"));
    config.export.include = EXPORTED_ENUMS.iter().map(|s| s.to_string()).collect();
    let mut builder = cbindgen::Builder::new().with_config(config);
    for f in ffi_sources(&ffi) {
        builder = builder.with_src(f);
    }
    let bindings = builder
        .generate()
        .unwrap_or_else(|e| panic!("cbindgen failed on src/ffi: {e}"));

    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    let bless = std::env::var_os("GOAP_BLESS").is_some_and(|v| v == "1");
    bindings.write_to_file(out_dir.join("goap.h"));
    if bless {
        let committed = root.join("include/goap.h");
        std::fs::create_dir_all(committed.parent().unwrap_or(Path::new("."))).ok();
        bindings.write_to_file(&committed);
    }

    let csharp = out_dir.join("NativeMethods.g.cs");
    csharp_builder(&ffi)
        .generate_csharp_file(&csharp)
        .unwrap_or_else(|e| panic!("csbindgen failed on src/ffi: {e}"));
    if bless {
        let committed = root.join("bindings/csharp/NativeMethods.g.cs");
        std::fs::create_dir_all(committed.parent().unwrap_or(Path::new("."))).ok();
        std::fs::copy(&csharp, &committed)
            .unwrap_or_else(|e| panic!("{}: {e}", committed.display()));
    }
}

/// The raw C# layer: `Goap.Native.NativeMethods`, public for code that calls goap.h itself
/// (a Burst job: pointers and buffers only). C# 7.2
/// (Mono's mcs, Unity): no `nint`, no `delegate*` (callback fields are `void*`, filled by
/// the wrapper with `Marshal.GetFunctionPointerForDelegate`). The library is `goap`, or
/// `__Internal` where Unity links it statically (iOS, tvOS, visionOS, WebGL).
#[cfg(feature = "capi")]
fn csharp_builder(ffi: &Path) -> csbindgen::Builder {
    let mut builder = csbindgen::Builder::default();
    for f in ffi_sources(ffi) {
        builder = builder.input_extern_file(f);
    }
    builder
        .csharp_namespace("Goap.Native")
        .csharp_class_name("NativeMethods")
        .csharp_class_accessibility("public")
        .csharp_dll_name("goap")
        .csharp_dll_name_if(
            "(UNITY_IOS || UNITY_TVOS || UNITY_VISIONOS || UNITY_WEBGL) && !UNITY_EDITOR",
            "__Internal",
        )
        .csharp_use_function_pointer(false)
        .csharp_use_nint_types(false)
        .csharp_generate_const_filter(|name| name.starts_with("GOAP_"))
        .always_included_types(EXPORTED_ENUMS)
}

/// Enums not named in any signature (fields are int32_t), exported to both languages:
/// cbindgen's `export.include` and csbindgen's `always_included_types`.
const EXPORTED_ENUMS: [&str; 14] = [
    "GoapLogLevel",
    "GoapHeuristic",
    "GoapDirection",
    "GoapOutcome",
    "GoapCompare",
    "GoapVarOp",
    "GoapOverflow",
    "GoapStepKind",
    "GoapReport",
    "GoapReplanCause",
    "GoapReplanResult",
    "GoapExplainFormat",
    "GoapTraceEnd",
    "GoapSeverity",
];
