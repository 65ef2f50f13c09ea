//! A domain's action templates through the C ABI: names, parameters, ground actions, the
//! ground action for given arguments, and the errors.

use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::*;

const ROADS: &str = r#"{
  "objects": {"place": ["mill", "bakery", "well"]},
  "actions": [
    {"name": "rest", "effects": {"rested": true}},
    {"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
     "distinct": ["from", "to"],
     "pre": {"at({from})": true}, "effects": {"at({from})": false, "at({to})": true}}
  ]
}"#;

fn string(w: &World, f: impl Fn(*mut std::ffi::c_char, u32, *mut u32) -> GoapStatus) -> String {
    let mut buf = [0u8; 64];
    let mut len = 0;
    ok(f(buf.as_mut_ptr().cast(), 64, &mut len));
    let _ = w;
    String::from_utf8(buf[..len as usize].to_vec()).unwrap()
}

fn arg(s: &str) -> GoapString {
    GoapString {
        text: s.as_ptr().cast(),
        len: s.len() as u32,
    }
}

#[test]
fn a_template_reads_back_with_its_groundings() {
    let w = World::new();
    let d = w.load(ROADS);
    let mut count = 0;
    ok(unsafe { goap_domain_template_count(w.0, d, &mut count) });
    assert_eq!(count, 1);
    let name = string(&w, |b, c, l| unsafe {
        goap_domain_template_name(w.0, d, 0, b, c, l)
    });
    assert_eq!(name, "go({from},{to})");
    let mut info = GoapTemplateInfo::default();
    ok(unsafe { goap_domain_template_info(w.0, d, 0, &mut info) });
    assert_eq!((info.param_count, info.grounding_count), (2, 6));
    let to = string(&w, |b, c, l| unsafe {
        goap_domain_template_param_name(w.0, d, 0, 1, b, c, l)
    });
    assert_eq!(to, "to");
    let mut ids = [GoapActionId::default(); 6];
    let mut n = 0;
    ok(unsafe { goap_domain_template_groundings(w.0, d, 0, ids.as_mut_ptr(), 6, &mut n) });
    assert_eq!(n, 6);
    let names: Vec<String> = ids.iter().map(|&a| w.action_name(d, a)).collect();
    assert_eq!(names[0], "go(mill,bakery)");
    assert_eq!(names[5], "go(well,bakery)");
    let args = [arg("bakery"), arg("well")];
    let mut found = GoapActionId::default();
    ok(unsafe { goap_domain_template_find(w.0, d, 0, args.as_ptr(), 2, &mut found) });
    assert_eq!(found, w.action(d, "go(bakery,well)"));
    // A domain without a file has no templates.
    let plain = w.kitchen();
    ok(unsafe { goap_domain_template_count(w.0, plain, &mut count) });
    assert_eq!(count, 0);
}

#[test]
fn bad_template_calls_are_errors_and_write_nothing() {
    let w = World::new();
    let d = w.load(ROADS);
    let mut untouched = GoapActionId { bits: 77 };
    let f = "goap_domain_template_find";
    let same = [arg("mill"), arg("mill")];
    let st = unsafe { goap_domain_template_find(w.0, d, 0, same.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::NotFound, f, &["distinct"]);
    let unknown = [arg("mill"), arg("river")];
    let st = unsafe { goap_domain_template_find(w.0, d, 0, unknown.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::NotFound, f, &["river"]);
    let st = unsafe { goap_domain_template_find(w.0, d, 0, same.as_ptr(), 1, &mut untouched) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        f,
        &["2 parameters; 1 arguments"],
    );
    let st = unsafe { goap_domain_template_find(w.0, d, 1, same.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::InvalidArgument, f, &["index 1"]);
    let st = unsafe { goap_domain_template_find(w.0, d, 0, null(), 2, &mut untouched) };
    expect_err(st, GoapStatus::NullPointer, f, &["args"]);
    let bad_utf8 = [
        GoapString {
            text: b"\xff".as_ptr().cast(),
            len: 1,
        },
        arg("mill"),
    ];
    let st = unsafe { goap_domain_template_find(w.0, d, 0, bad_utf8.as_ptr(), 2, &mut untouched) };
    expect_err(st, GoapStatus::InvalidUtf8, f, &["args[0]"]);
    assert_eq!(untouched.bits, 77);
    let mut len = 0;
    let st = unsafe { goap_domain_template_param_name(w.0, d, 0, 2, null_mut(), 0, &mut len) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_template_param_name",
        &["parameter"],
    );
    let mut info = GoapTemplateInfo {
        size: 0,
        ..GoapTemplateInfo::default()
    };
    let st = unsafe { goap_domain_template_info(w.0, d, 0, &mut info) };
    expect_err(
        st,
        GoapStatus::InvalidArgument,
        "goap_domain_template_info",
        &["size"],
    );
    let mut count = 0;
    let st = unsafe { goap_domain_template_count(w.0, GoapDomainId::default(), &mut count) };
    expect_err(
        st,
        GoapStatus::UnknownDomain,
        "goap_domain_template_count",
        &[],
    );
}
