//! Library version.

use std::ffi::c_char;

use super::guard::run_value;

/// Major version of this header. Bindings check it against goap_version() at load time:
/// a different major version is not compatible.
pub const GOAP_VERSION_MAJOR: u32 = 0;
/// Minor version of this header (compatible additions).
pub const GOAP_VERSION_MINOR: u32 = 1;
/// Patch version of this header.
pub const GOAP_VERSION_PATCH: u32 = 0;

/// Parses a decimal version component at compile time.
const fn parse(s: &str) -> u32 {
    let b = s.as_bytes();
    let mut i = 0;
    let mut n = 0u32;
    while i < b.len() {
        assert!(b[i].is_ascii_digit(), "version component is not a number");
        n = n * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    n
}

// The header's macros must follow Cargo.toml: a version bump that forgets them fails here.
const _: () = assert!(
    GOAP_VERSION_MAJOR == parse(env!("CARGO_PKG_VERSION_MAJOR"))
        && GOAP_VERSION_MINOR == parse(env!("CARGO_PKG_VERSION_MINOR"))
        && GOAP_VERSION_PATCH == parse(env!("CARGO_PKG_VERSION_PATCH")),
    "update GOAP_VERSION_* in src/ffi/version.rs to the version in Cargo.toml"
);

/// The library's version as (major << 16) | (minor << 8) | patch. Compare its major part,
/// `goap_version() >> 16`, with GOAP_VERSION_MAJOR.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_version() -> u32 {
    run_value("goap_version", 0, || {
        (GOAP_VERSION_MAJOR << 16) | (GOAP_VERSION_MINOR << 8) | GOAP_VERSION_PATCH
    })
}

const VERSION_STRING: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");

/// The library's version as a static NUL-terminated string, e.g. "0.1.0". Never NULL.
///
/// Ownership: the string is static; do not free it. Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_version_string() -> *const c_char {
    run_value(
        "goap_version_string",
        VERSION_STRING.as_ptr().cast(),
        || VERSION_STRING.as_ptr().cast(),
    )
}
