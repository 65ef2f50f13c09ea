//! goap_validate_json through the C ABI: diagnostics with positions, the buffer protocol,
//! and the errors.

use std::ffi::c_char;
use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

/// (severity, line, column, message) of each diagnostic, by the two-call protocol.
fn validate(text: &[u8]) -> Vec<(i32, u32, u32, String)> {
    let mut result = GoapValidation::default();
    let st = unsafe {
        goap_validate_json(
            text.as_ptr().cast(),
            text.len() as u32,
            null_mut(),
            0,
            null_mut(),
            0,
            &mut result,
        )
    };
    if result.diagnostic_count == 0 {
        ok(st);
        assert_eq!(result.message_bytes, 0);
        return Vec::new();
    }
    assert_eq!(
        st,
        GoapStatus::BufferTooSmall,
        "{}",
        ffi_support::last_error()
    );
    let mut diagnostics = vec![GoapDiagnostic::default(); result.diagnostic_count as usize];
    let mut messages = vec![0xAAu8; result.message_bytes as usize];
    let needed = result;
    ok(unsafe {
        goap_validate_json(
            text.as_ptr().cast(),
            text.len() as u32,
            diagnostics.as_mut_ptr(),
            diagnostics.len() as u32,
            messages.as_mut_ptr().cast(),
            messages.len() as u32,
            &mut result,
        )
    });
    assert_eq!(result, needed);
    assert_eq!(
        result.error_count + result.warning_count,
        result.diagnostic_count
    );
    diagnostics
        .iter()
        .map(|d| {
            assert_eq!(d.size as usize, size_of::<GoapDiagnostic>());
            let (start, end) = (
                d.message_start as usize,
                (d.message_start + d.message_len) as usize,
            );
            assert_eq!(messages[end], 0, "NUL after each message");
            let m = String::from_utf8(messages[start..end].to_vec()).unwrap();
            (d.severity, d.line, d.column, m)
        })
        .collect()
}

const ERROR: i32 = GoapSeverity::Error as i32;
const WARNING: i32 = GoapSeverity::Warning as i32;

const LINT: &str = r#"{"actions": [
  {"name": "chop", "pre": {"has_ax": true}, "effects": {"wood": true}},
  {"name": "sneak", "pre": {"alarm": false}}],
 "start": {"alarm": true},
 "goals": [{"name": "rest", "priority": 1, "conditions": {"asleep": true}}]}"#;

#[test]
fn warnings_are_placed_in_file_order() {
    let d = validate(LINT.as_bytes());
    let at: Vec<(i32, u32, u32)> = d.iter().map(|(s, l, c, _)| (*s, *l, *c)).collect();
    assert_eq!(at, [(WARNING, 2, 12), (WARNING, 3, 12), (WARNING, 5, 21)]);
    assert!(d[0]
        .3
        .starts_with("fact \"has_ax\" must be true for action \"chop\""));
    assert!(d[2].3.contains("goals entry \"rest\""));
    assert!(validate(include_bytes!("../examples/domains/kitchen.json")).is_empty());
}

#[test]
fn an_error_is_one_diagnostic_and_not_a_failure() {
    let d = validate("{\"actions\": [\n  {\"name\": \"砍树\", \"cost\": -1}]}".as_bytes());
    assert_eq!(d.len(), 1);
    let (severity, line, column, message) = &d[0];
    assert_eq!((*severity, *line, *column), (ERROR, 2, 27));
    assert!(
        message.starts_with("action \"砍树\": cost: -1 is invalid"),
        "{message}"
    );
    // Empty text (NULL with length 0 included) is a parse error too.
    let mut result = GoapValidation::default();
    ok(
        unsafe { goap_validate_json(null(), 0, null_mut(), 0, null_mut(), 0, &mut result) }
            .min_ok_or_too_small(),
    );
    assert_eq!((result.diagnostic_count, result.error_count), (1, 1));
}

#[test]
fn bad_utf8_is_an_error_diagnostic() {
    let d = validate(b"{\"actions\": [\n{\"name\": \"a\xff\"}]}");
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].0, d[0].1, d[0].2), (ERROR, 2, 12));
    assert!(d[0].3.contains("not valid UTF-8"), "{}", d[0].3);
}

#[test]
fn null_pointers_and_bad_sizes_are_refused() {
    let (text, len) = s(LINT);
    let mut result = GoapValidation::default();
    let mut diagnostics = [GoapDiagnostic::default(); 4];
    let mut messages = [0 as c_char; 1024];
    let st = unsafe { goap_validate_json(text, len, null_mut(), 0, null_mut(), 0, null_mut()) };
    expect_err(
        st,
        GoapStatus::NullPointer,
        "goap_validate_json",
        &["out_result"],
    );
    let st = unsafe { goap_validate_json(null(), 3, null_mut(), 0, null_mut(), 0, &mut result) };
    expect_err(st, GoapStatus::NullPointer, "goap_validate_json", &["text"]);
    let st = unsafe {
        goap_validate_json(
            text,
            len,
            null_mut(),
            2,
            messages.as_mut_ptr(),
            1024,
            &mut result,
        )
    };
    expect_err(
        st,
        GoapStatus::NullPointer,
        "goap_validate_json",
        &["out_diagnostics"],
    );
    let st = unsafe {
        goap_validate_json(
            text,
            len,
            diagnostics.as_mut_ptr(),
            4,
            null_mut(),
            9,
            &mut result,
        )
    };
    expect_err(
        st,
        GoapStatus::NullPointer,
        "goap_validate_json",
        &["out_messages"],
    );
    // Sizes: out_result's and the array's first element's.
    let mut small = GoapValidation {
        size: 4,
        ..GoapValidation::default()
    };
    let st = unsafe { goap_validate_json(text, len, null_mut(), 0, null_mut(), 0, &mut small) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_validate_json",
        &["out_result->size"],
    );
    assert_eq!(small.diagnostic_count, 0, "nothing written");
    diagnostics[0].size = 0;
    let st = unsafe {
        goap_validate_json(
            text,
            len,
            diagnostics.as_mut_ptr(),
            4,
            messages.as_mut_ptr(),
            1024,
            &mut result,
        )
    };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_validate_json",
        &["out_diagnostics[0].size"],
    );
}

#[test]
fn too_small_buffers_write_only_the_counts() {
    let (text, len) = s(LINT);
    let mut result = GoapValidation::default();
    let mut diagnostics = [GoapDiagnostic::default(); 3];
    let mut messages = [0x55 as c_char; 1024];
    // Enough diagnostics, too few bytes; then the reverse.
    let st = unsafe {
        goap_validate_json(
            text,
            len,
            diagnostics.as_mut_ptr(),
            3,
            messages.as_mut_ptr(),
            10,
            &mut result,
        )
    };
    expect_err(
        st,
        GoapStatus::BufferTooSmall,
        "goap_validate_json",
        &["out_messages has capacity 10"],
    );
    assert_eq!((result.diagnostic_count, result.warning_count), (3, 3));
    assert!(result.message_bytes > 10);
    assert_eq!(diagnostics[0], GoapDiagnostic::default(), "nothing written");
    assert_eq!(messages[0], 0x55);
    let st = unsafe {
        goap_validate_json(
            text,
            len,
            diagnostics.as_mut_ptr(),
            2,
            messages.as_mut_ptr(),
            1024,
            &mut result,
        )
    };
    expect_err(
        st,
        GoapStatus::BufferTooSmall,
        "goap_validate_json",
        &["out_diagnostics has capacity 2"],
    );
    assert_eq!(diagnostics[0], GoapDiagnostic::default(), "nothing written");
    // Exactly enough.
    let bytes = result.message_bytes;
    ok(unsafe {
        goap_validate_json(
            text,
            len,
            diagnostics.as_mut_ptr(),
            3,
            messages.as_mut_ptr(),
            bytes,
            &mut result,
        )
    });
    assert_eq!(
        diagnostics[2].message_start + diagnostics[2].message_len + 1,
        bytes
    );
    // A larger stride (a newer caller's struct) keeps the caller's size.
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Bigger {
        d: GoapDiagnostic,
        extra: u64,
    }
    let mut big = [Bigger {
        d: GoapDiagnostic::default(),
        extra: 7,
    }; 3];
    big[0].d.size = size_of::<Bigger>() as u32;
    ok(unsafe {
        goap_validate_json(
            text,
            len,
            big.as_mut_ptr().cast(),
            3,
            messages.as_mut_ptr(),
            bytes,
            &mut result,
        )
    });
    assert_eq!((big[2].d.line, big[2].d.column), (5, 21));
    assert!(big.iter().all(|b| b.extra == 7));
    assert_eq!(big[1].d.size, size_of::<Bigger>() as u32);
}

#[test]
fn is_stateless_across_threads() {
    let threads: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                (0..20)
                    .map(|_| validate(LINT.as_bytes()))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let first = validate(LINT.as_bytes());
    for t in threads {
        for d in t.join().unwrap() {
            assert_eq!(d, first);
        }
    }
}

trait OkOrTooSmall {
    fn min_ok_or_too_small(self) -> GoapStatus;
}

impl OkOrTooSmall for GoapStatus {
    /// BUFFER_TOO_SMALL (counts written) read as OK, for calls that only ask the counts.
    fn min_ok_or_too_small(self) -> GoapStatus {
        if self == GoapStatus::BufferTooSmall {
            GoapStatus::Ok
        } else {
            self
        }
    }
}
