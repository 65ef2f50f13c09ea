//! The C ABI called from Rust exactly as a C program would: every error path (status and
//! last-error text), the kitchen domain built by hand and loaded from JSON, concurrency.

use std::ffi::{c_char, c_void, CStr};
use std::ptr::{null, null_mut};

use goap::ffi::*;

mod ffi_support;
use ffi_support::{expect_err, fv, last_error, ok, s, KITCHEN_FACTS, KITCHEN_JSON};

// ---------------------------------------------------------------- helpers

/// A world freed on drop, with the domain-building calls (the agent tests' `World` in
/// `ffi_support` finds facts and actions by name instead of adding them).
struct World(*mut GoapWorld);

impl World {
    fn new() -> World {
        let def = goap_world_def_default();
        let mut w = null_mut();
        ok(unsafe { goap_world_create(&def, &mut w) });
        assert!(!w.is_null());
        World(w)
    }

    fn domain(&self) -> GoapDomainId {
        let def = goap_domain_def_default();
        let mut d = GoapDomainId::default();
        ok(unsafe { goap_domain_create(self.0, &def, &mut d) });
        assert_ne!(d, GoapDomainId::default());
        d
    }

    fn fact(&self, d: GoapDomainId, name: &str) -> GoapFactId {
        let (p, n) = s(name);
        let mut f = GoapFactId::default();
        ok(unsafe { goap_domain_add_fact(self.0, d, p, n, &mut f) });
        f
    }

    fn add_action(
        &self,
        d: GoapDomainId,
        name: &str,
        pre: &[GoapFactValue],
        effects: &[GoapFactValue],
        cost: f64,
    ) -> Result<GoapActionId, GoapStatus> {
        let mut def = goap_action_def_default();
        (def.name, def.name_len) = s(name);
        def.pre = pre.as_ptr();
        def.pre_count = pre.len() as u32;
        def.effects = effects.as_ptr();
        def.effect_count = effects.len() as u32;
        def.cost = cost;
        let mut a = GoapActionId::default();
        match unsafe { goap_domain_add_action(self.0, d, &def, &mut a) } {
            GoapStatus::Ok => Ok(a),
            st => Err(st),
        }
    }

    fn action(
        &self,
        d: GoapDomainId,
        name: &str,
        pre: &[GoapFactValue],
        eff: &[GoapFactValue],
        cost: f64,
    ) -> GoapActionId {
        self.add_action(d, name, pre, eff, cost)
            .unwrap_or_else(|st| panic!("{st:?}: {}", last_error()))
    }

    fn action_name(&self, d: GoapDomainId, a: GoapActionId) -> String {
        let mut buf = [0u8; 64];
        let mut len = 0;
        ok(unsafe { goap_domain_action_name(self.0, d, a, buf.as_mut_ptr().cast(), 64, &mut len) });
        String::from_utf8(buf[..len as usize].to_vec()).unwrap()
    }

    fn fact_name(&self, d: GoapDomainId, f: GoapFactId) -> String {
        let mut buf = [0u8; 64];
        let mut len = 0;
        ok(unsafe { goap_domain_fact_name(self.0, d, f, buf.as_mut_ptr().cast(), 64, &mut len) });
        String::from_utf8(buf[..len as usize].to_vec()).unwrap()
    }

    fn plan(&self, d: GoapDomainId) -> (GoapPlanResult, Vec<GoapActionId>) {
        let mut actions = [GoapActionId::default(); 32];
        let mut r = GoapPlanResult::default();
        ok(unsafe { goap_domain_plan(self.0, d, null(), actions.as_mut_ptr(), 32, &mut r) });
        (r, actions[..r.action_count as usize].to_vec())
    }

    fn count(&self, d: GoapDomainId) -> (u32, u32) {
        let (mut facts, mut actions) = (0, 0);
        ok(unsafe { goap_domain_fact_count(self.0, d, &mut facts) });
        ok(unsafe { goap_domain_action_count(self.0, d, &mut actions) });
        (facts, actions)
    }
}

impl Drop for World {
    fn drop(&mut self) {
        unsafe { goap_world_destroy(self.0) };
    }
}

/// The seed's kitchen scenario, built through the API: (world, domain, fact ids by name).
struct Kitchen {
    w: World,
    d: GoapDomainId,
    facts: Vec<(&'static str, GoapFactId)>,
}

impl Kitchen {
    fn fact(&self, name: &str) -> GoapFactId {
        self.facts.iter().find(|(n, _)| *n == name).unwrap().1
    }
}

/// (name, pre, effect, cost) of the kitchen actions.
const KITCHEN_ACTIONS: [(&str, &[&str], &str, f64); 7] = [
    ("洗菜", &["菜已买"], "菜已洗", 1.0),
    ("切菜", &["菜已洗"], "菜已切", 1.0),
    ("炒菜", &["菜已切"], "菜已炒", 2.0),
    ("买肉", &[], "肉已买", 3.0),
    ("炖肉", &["肉已买"], "肉已熟", 4.0),
    ("蒸饭", &[], "饭已熟", 5.0),
    ("摆盘", &["菜已炒", "肉已熟", "饭已熟"], "晚餐完成", 1.0),
];

fn kitchen_in(w: World) -> Kitchen {
    let d = w.domain();
    let facts: Vec<_> = KITCHEN_FACTS.iter().map(|n| (*n, w.fact(d, n))).collect();
    let k = Kitchen { w, d, facts };
    for (name, pre, eff, cost) in KITCHEN_ACTIONS {
        let pre: Vec<_> = pre.iter().map(|p| fv(k.fact(p), true)).collect();
        k.w.action(d, name, &pre, &[fv(k.fact(eff), true)], cost);
    }
    let start = [fv(k.fact("菜已买"), true)];
    ok(unsafe { goap_domain_set_start(k.w.0, d, start.as_ptr(), 1) });
    let goal = [fv(k.fact("晚餐完成"), true)];
    ok(unsafe { goap_domain_set_goal(k.w.0, d, goal.as_ptr(), 1) });
    k
}

fn kitchen() -> Kitchen {
    kitchen_in(World::new())
}

/// Replays a plan of action names on the kitchen rules from `start`; returns the final
/// true facts and the summed cost, panicking on an inapplicable step.
fn replay_kitchen(names: &[String], start: &[&str]) -> (Vec<String>, f64) {
    let mut state: Vec<String> = start.iter().map(|s| s.to_string()).collect();
    let mut cost = 0.0;
    for n in names {
        let (_, pre, eff, c) = KITCHEN_ACTIONS
            .iter()
            .find(|a| a.0 == n)
            .unwrap_or_else(|| panic!("unknown action {n}"));
        for p in *pre {
            assert!(state.iter().any(|s| s == p), "{n} needs {p} in {state:?}");
        }
        if !state.iter().any(|s| s == eff) {
            state.push(eff.to_string());
        }
        cost += c;
    }
    (state, cost)
}

// ---------------------------------------------------------------- version, status names

#[test]
fn version_and_status_names() {
    let v = goap_version();
    assert_eq!(
        v,
        (GOAP_VERSION_MAJOR << 16) | (GOAP_VERSION_MINOR << 8) | GOAP_VERSION_PATCH
    );
    let text = unsafe { CStr::from_ptr(goap_version_string()) };
    assert_eq!(text.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    let name = |v: i32| {
        unsafe { CStr::from_ptr(goap_status_name(v)) }
            .to_str()
            .unwrap()
    };
    assert_eq!(name(0), "GOAP_STATUS_OK");
    assert_eq!(
        name(GoapStatus::BufferTooSmall as i32),
        "GOAP_STATUS_BUFFER_TOO_SMALL"
    );
    assert_eq!(name(GoapStatus::Panic as i32), "GOAP_STATUS_PANIC");
    assert_eq!(name(-7), "GOAP_STATUS_UNKNOWN");
    assert_eq!(name(1000), "GOAP_STATUS_UNKNOWN");
}

// ---------------------------------------------------------------- world

#[test]
fn world_create_errors_and_destroy_null() {
    let def = goap_world_def_default();
    let sentinel = std::ptr::dangling_mut::<GoapWorld>(); // must stay untouched
    let mut w = sentinel;
    expect_err(
        unsafe { goap_world_create(null(), &mut w) },
        GoapStatus::NullPointer,
        "goap_world_create",
        &["`def` is NULL"],
    );
    assert_eq!(w, sentinel);
    expect_err(
        unsafe { goap_world_create(&def, null_mut()) },
        GoapStatus::NullPointer,
        "goap_world_create",
        &["`out` is NULL"],
    );
    let mut bad = def;
    bad.cookie = 0;
    expect_err(
        unsafe { goap_world_create(&bad, &mut w) },
        GoapStatus::InvalidArgument,
        "goap_world_create",
        &["not initialised with goap_world_def_default()"],
    );
    assert_eq!(w, sentinel);
    unsafe { goap_world_destroy(null_mut()) };
    // A world with no pooled planners still plans.
    let mut def0 = goap_world_def_default();
    def0.max_idle_planners = 0;
    let mut w0 = null_mut();
    ok(unsafe { goap_world_create(&def0, &mut w0) });
    let k = kitchen_in(World(w0));
    assert_eq!(k.w.plan(k.d).0.cost, 17.0);
}

// ---------------------------------------------------------------- NULL pointers

#[test]
fn null_world_is_rejected_by_every_function() {
    let (p, n) = s("x");
    let mut did = GoapDomainId::default();
    let mut fid = GoapFactId::default();
    let mut aid = GoapActionId::default();
    let mut count = 0u32;
    let mut r = GoapPlanResult::default();
    let ddef = goap_domain_def_default();
    let adef = goap_action_def_default();
    let nw = null_mut::<GoapWorld>();
    let d1 = GoapDomainId { bits: 1 };
    let calls: Vec<(&str, GoapStatus)> = unsafe {
        vec![
            (
                "goap_domain_create",
                goap_domain_create(nw, &ddef, &mut did),
            ),
            (
                "goap_domain_load_json",
                goap_domain_load_json(nw, p, n, &mut did),
            ),
            ("goap_domain_destroy", goap_domain_destroy(nw, d1)),
            (
                "goap_domain_add_fact",
                goap_domain_add_fact(nw, d1, p, n, &mut fid),
            ),
            (
                "goap_domain_find_fact",
                goap_domain_find_fact(nw, d1, p, n, &mut fid),
            ),
            (
                "goap_domain_fact_name",
                goap_domain_fact_name(nw, d1, GoapFactId { bits: 1 }, null_mut(), 0, &mut count),
            ),
            (
                "goap_domain_fact_count",
                goap_domain_fact_count(nw, d1, &mut count),
            ),
            (
                "goap_domain_add_action",
                goap_domain_add_action(nw, d1, &adef, &mut aid),
            ),
            (
                "goap_domain_find_action",
                goap_domain_find_action(nw, d1, p, n, &mut aid),
            ),
            (
                "goap_domain_action_name",
                goap_domain_action_name(
                    nw,
                    d1,
                    GoapActionId { bits: 1 },
                    null_mut(),
                    0,
                    &mut count,
                ),
            ),
            (
                "goap_domain_action_count",
                goap_domain_action_count(nw, d1, &mut count),
            ),
            (
                "goap_domain_set_start",
                goap_domain_set_start(nw, d1, null(), 0),
            ),
            (
                "goap_domain_set_goal",
                goap_domain_set_goal(nw, d1, null(), 0),
            ),
            (
                "goap_domain_plan",
                goap_domain_plan(nw, d1, null(), null_mut(), 0, &mut r),
            ),
            (
                "goap_domain_plan_from",
                goap_domain_plan_from(nw, d1, null(), 0, null(), 0, null(), null_mut(), 0, &mut r),
            ),
        ]
    };
    for (function, st) in calls {
        // Each call overwrote the last error; check the status, and the message of the last.
        assert_eq!(st, GoapStatus::NullPointer, "{function}");
    }
    assert!(last_error().starts_with("goap_domain_plan_from: argument `world` is NULL"));
    assert_eq!(
        (did, fid, aid, count),
        (
            GoapDomainId::default(),
            GoapFactId::default(),
            GoapActionId::default(),
            0
        ),
        "outputs untouched"
    );
}

#[test]
fn null_outputs_and_inputs_are_rejected() {
    let k = kitchen();
    let (w, d) = (k.w.0, k.d);
    let (p, n) = s("菜已买");
    let f = k.fact("菜已买");
    unsafe {
        expect_err(
            goap_domain_add_fact(w, d, p, n, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_add_fact",
            &["`out`"],
        );
        expect_err(
            goap_domain_find_fact(w, d, p, n, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_find_fact",
            &["`out`"],
        );
        expect_err(
            goap_domain_find_action(w, d, p, n, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_find_action",
            &["`out`"],
        );
        expect_err(
            goap_domain_fact_count(w, d, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_fact_count",
            &["`out_count`"],
        );
        expect_err(
            goap_domain_action_count(w, d, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_action_count",
            &["`out_count`"],
        );
        expect_err(
            goap_domain_create(w, null(), &mut GoapDomainId::default()),
            GoapStatus::NullPointer,
            "goap_domain_create",
            &["`def`"],
        );
        expect_err(
            goap_domain_create(w, &goap_domain_def_default(), null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_create",
            &["`out`"],
        );
        expect_err(
            goap_domain_load_json(w, p, n, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_load_json",
            &["`out`"],
        );
        expect_err(
            goap_domain_add_action(w, d, null(), &mut GoapActionId::default()),
            GoapStatus::NullPointer,
            "goap_domain_add_action",
            &["`def`"],
        );
        // String inputs: NULL with a length.
        let mut out_f = GoapFactId::default();
        let mut out_a = GoapActionId::default();
        let mut out_d = GoapDomainId::default();
        expect_err(
            goap_domain_add_fact(w, d, null(), 3, &mut out_f),
            GoapStatus::NullPointer,
            "goap_domain_add_fact",
            &["name", "count 3"],
        );
        expect_err(
            goap_domain_find_fact(w, d, null(), 1, &mut out_f),
            GoapStatus::NullPointer,
            "goap_domain_find_fact",
            &["name"],
        );
        expect_err(
            goap_domain_load_json(w, null(), 10, &mut out_d),
            GoapStatus::NullPointer,
            "goap_domain_load_json",
            &["text"],
        );
        let mut ddef = goap_domain_def_default();
        ddef.name_len = 4;
        expect_err(
            goap_domain_create(w, &ddef, &mut out_d),
            GoapStatus::NullPointer,
            "goap_domain_create",
            &["def->name"],
        );
        // Array inputs: NULL with a count.
        expect_err(
            goap_domain_set_start(w, d, null(), 2),
            GoapStatus::NullPointer,
            "goap_domain_set_start",
            &["values", "count 2"],
        );
        expect_err(
            goap_domain_set_goal(w, d, null(), 1),
            GoapStatus::NullPointer,
            "goap_domain_set_goal",
            &["conditions"],
        );
        let mut adef = goap_action_def_default();
        (adef.name, adef.name_len) = s("new");
        adef.pre_count = 1;
        expect_err(
            goap_domain_add_action(w, d, &adef, &mut out_a),
            GoapStatus::NullPointer,
            "goap_domain_add_action",
            &["def->pre"],
        );
        adef.pre_count = 0;
        adef.effect_count = 2;
        expect_err(
            goap_domain_add_action(w, d, &adef, &mut out_a),
            GoapStatus::NullPointer,
            "goap_domain_add_action",
            &["def->effects"],
        );
        adef.name = null();
        adef.effect_count = 0;
        expect_err(
            goap_domain_add_action(w, d, &adef, &mut out_a),
            GoapStatus::NullPointer,
            "goap_domain_add_action",
            &["def->name"],
        );
        assert_eq!(
            (out_f, out_a, out_d),
            Default::default(),
            "outputs untouched"
        );
        // NULL name with length 0 is the empty string, and empty names are invalid.
        expect_err(
            goap_domain_add_fact(w, d, null(), 0, &mut out_f),
            GoapStatus::InvalidArgument,
            "goap_domain_add_fact",
            &["name is empty"],
        );
        adef.name_len = 0;
        expect_err(
            goap_domain_add_action(w, d, &adef, &mut out_a),
            GoapStatus::InvalidArgument,
            "goap_domain_add_action",
            &["def->name is empty"],
        );
        // Output buffers.
        let mut len = 0u32;
        expect_err(
            goap_domain_fact_name(w, d, f, null_mut(), 8, &mut len),
            GoapStatus::NullPointer,
            "goap_domain_fact_name",
            &["`buf`", "capacity 8"],
        );
        let mut buf = [0 as c_char; 8];
        expect_err(
            goap_domain_fact_name(w, d, f, buf.as_mut_ptr(), 8, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_fact_name",
            &["`out_len`"],
        );
        expect_err(
            goap_domain_action_name(
                w,
                d,
                GoapActionId { bits: 1 },
                buf.as_mut_ptr(),
                8,
                null_mut(),
            ),
            GoapStatus::NullPointer,
            "goap_domain_action_name",
            &["`out_len`"],
        );
        let mut actions = [GoapActionId::default(); 4];
        expect_err(
            goap_domain_plan(w, d, null(), actions.as_mut_ptr(), 4, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_plan",
            &["`out_result`"],
        );
        let mut r = GoapPlanResult::default();
        expect_err(
            goap_domain_plan(w, d, null(), null_mut(), 4, &mut r),
            GoapStatus::NullPointer,
            "goap_domain_plan",
            &["`out_actions`", "capacity 4"],
        );
        expect_err(
            goap_domain_plan_from(
                w,
                d,
                null(),
                1,
                null(),
                0,
                null(),
                actions.as_mut_ptr(),
                4,
                &mut r,
            ),
            GoapStatus::NullPointer,
            "goap_domain_plan_from",
            &["start"],
        );
        expect_err(
            goap_domain_plan_from(
                w,
                d,
                null(),
                0,
                null(),
                1,
                null(),
                actions.as_mut_ptr(),
                4,
                &mut r,
            ),
            GoapStatus::NullPointer,
            "goap_domain_plan_from",
            &["goal"],
        );
        expect_err(
            goap_domain_plan_from(
                w,
                d,
                null(),
                0,
                null(),
                0,
                null(),
                actions.as_mut_ptr(),
                4,
                null_mut(),
            ),
            GoapStatus::NullPointer,
            "goap_domain_plan_from",
            &["`out_result`"],
        );
        assert_eq!(r, GoapPlanResult::default(), "outputs untouched");
        // Last error: NULL out_len; NULL buf with capacity. Neither changes the message.
        let before = last_error();
        assert_eq!(
            goap_last_error_message(buf.as_mut_ptr(), 8, null_mut()),
            GoapStatus::NullPointer
        );
        assert_eq!(
            goap_last_error_message(null_mut(), 8, &mut len),
            GoapStatus::NullPointer
        );
        assert_eq!(last_error(), before);
    }
}

// ---------------------------------------------------------------- UTF-8

#[test]
fn invalid_utf8_names_the_argument() {
    let k = kitchen();
    let (w, d) = (k.w.0, k.d);
    let bad = b"ok\xff\xfe";
    let (p, n) = (bad.as_ptr().cast::<c_char>(), bad.len() as u32);
    let mut out_f = GoapFactId::default();
    let mut out_a = GoapActionId::default();
    let mut out_d = GoapDomainId::default();
    unsafe {
        expect_err(
            goap_domain_add_fact(w, d, p, n, &mut out_f),
            GoapStatus::InvalidUtf8,
            "goap_domain_add_fact",
            &["name is not valid UTF-8", "offset 2"],
        );
        expect_err(
            goap_domain_find_fact(w, d, p, n, &mut out_f),
            GoapStatus::InvalidUtf8,
            "goap_domain_find_fact",
            &["name"],
        );
        expect_err(
            goap_domain_find_action(w, d, p, n, &mut out_a),
            GoapStatus::InvalidUtf8,
            "goap_domain_find_action",
            &["name"],
        );
        expect_err(
            goap_domain_load_json(w, p, n, &mut out_d),
            GoapStatus::InvalidUtf8,
            "goap_domain_load_json",
            &["text is not valid UTF-8"],
        );
        let mut ddef = goap_domain_def_default();
        (ddef.name, ddef.name_len) = (p, n);
        expect_err(
            goap_domain_create(w, &ddef, &mut out_d),
            GoapStatus::InvalidUtf8,
            "goap_domain_create",
            &["def->name"],
        );
        let mut adef = goap_action_def_default();
        (adef.name, adef.name_len) = (p, n);
        expect_err(
            goap_domain_add_action(w, d, &adef, &mut out_a),
            GoapStatus::InvalidUtf8,
            "goap_domain_add_action",
            &["def->name"],
        );
        // A UTF-8 sequence cut in half is invalid too.
        let cut = &"菜".as_bytes()[..2];
        expect_err(
            goap_domain_add_fact(w, d, cut.as_ptr().cast(), 2, &mut out_f),
            GoapStatus::InvalidUtf8,
            "goap_domain_add_fact",
            &["offset 0"],
        );
    }
    assert_eq!((out_f, out_a, out_d), Default::default());
    assert_eq!(k.w.count(d), (8, 7), "nothing was added");
}

// ---------------------------------------------------------------- domain ids

#[test]
fn zero_stale_foreign_and_misused_domain_ids() {
    let a = kitchen();
    let b = kitchen();
    let (p, n) = s("x");
    let mut out = GoapFactId::default();
    let mut count = 0u32;
    unsafe {
        expect_err(
            goap_domain_add_fact(a.w.0, GoapDomainId::default(), p, n, &mut out),
            GoapStatus::UnknownDomain,
            "goap_domain_add_fact",
            &["domain id 0 is never valid"],
        );
        // Foreign: b's domain used with a's world.
        expect_err(
            goap_domain_fact_count(a.w.0, b.d, &mut count),
            GoapStatus::UnknownDomain,
            "goap_domain_fact_count",
            &["does not exist in this world"],
        );
        let mut r = GoapPlanResult::default();
        expect_err(
            goap_domain_plan(a.w.0, b.d, null(), null_mut(), 0, &mut r),
            GoapStatus::UnknownDomain,
            "goap_domain_plan",
            &["does not exist"],
        );
        // A fact id is not a domain id.
        expect_err(
            goap_domain_fact_count(
                a.w.0,
                GoapDomainId {
                    bits: a.fact("菜已买").bits,
                },
                &mut count,
            ),
            GoapStatus::UnknownDomain,
            "goap_domain_fact_count",
            &["not a domain id"],
        );
        // Stale: destroyed domain.
        let d2 = a.w.domain();
        let f2 = a.w.fact(d2, "f");
        ok(goap_domain_destroy(a.w.0, d2));
        expect_err(
            goap_domain_destroy(a.w.0, d2),
            GoapStatus::UnknownDomain,
            "goap_domain_destroy",
            &[&format!("domain id {} does not exist", d2.bits)],
        );
        expect_err(
            goap_domain_add_fact(a.w.0, d2, p, n, &mut out),
            GoapStatus::UnknownDomain,
            "goap_domain_add_fact",
            &[],
        );
        let mut len = 0;
        expect_err(
            goap_domain_fact_name(a.w.0, d2, f2, null_mut(), 0, &mut len),
            GoapStatus::UnknownDomain,
            "goap_domain_fact_name",
            &[],
        );
        expect_err(
            goap_domain_destroy(a.w.0, GoapDomainId::default()),
            GoapStatus::UnknownDomain,
            "goap_domain_destroy",
            &["0 is never valid"],
        );
        // A new domain never reuses the destroyed id.
        let d3 = a.w.domain();
        assert_ne!(d3, d2);
        assert_eq!(
            (out, count, len),
            (GoapFactId::default(), 0, 0),
            "outputs untouched"
        );
    }
    // The other domains are unaffected.
    assert_eq!(a.w.plan(a.d).0.cost, 17.0);
    assert_eq!(b.w.plan(b.d).0.cost, 17.0);
}

#[test]
fn stale_fact_and_action_ids_with_a_live_domain() {
    let k = kitchen();
    let gone = k.w.domain();
    let f = k.w.fact(gone, "f");
    let a = k.w.action(gone, "a", &[], &[fv(f, true)], 1.0);
    ok(unsafe { goap_domain_destroy(k.w.0, gone) });
    let mut len = 0u32;
    // With the destroyed domain: the domain id is what is unknown.
    expect_err(
        unsafe { goap_domain_action_name(k.w.0, gone, a, null_mut(), 0, &mut len) },
        GoapStatus::UnknownDomain,
        "goap_domain_action_name",
        &["does not exist"],
    );
    // With a live domain: ids of another domain.
    expect_err(
        unsafe { goap_domain_fact_name(k.w.0, k.d, f, null_mut(), 0, &mut len) },
        GoapStatus::UnknownFact,
        "goap_domain_fact_name",
        &["does not belong to domain"],
    );
    expect_err(
        unsafe { goap_domain_action_name(k.w.0, k.d, a, null_mut(), 0, &mut len) },
        GoapStatus::UnknownAction,
        "goap_domain_action_name",
        &["does not belong to domain"],
    );
    let goal = [fv(f, true)];
    expect_err(
        unsafe { goap_domain_set_goal(k.w.0, k.d, goal.as_ptr(), 1) },
        GoapStatus::UnknownFact,
        "goap_domain_set_goal",
        &["conditions[0].fact"],
    );
    assert_eq!(len, 0);
}

#[test]
fn named_domain_appears_in_messages() {
    let w = World::new();
    let mut def = goap_domain_def_default();
    (def.name, def.name_len) = s("厨房");
    let mut d = GoapDomainId::default();
    ok(unsafe { goap_domain_create(w.0, &def, &mut d) });
    let (p, n) = s("nothing");
    let mut out = GoapFactId::default();
    expect_err(
        unsafe { goap_domain_find_fact(w.0, d, p, n, &mut out) },
        GoapStatus::NotFound,
        "goap_domain_find_fact",
        &["(\"厨房\")", "no fact named \"nothing\""],
    );
}

// ---------------------------------------------------------------- fact and action ids

#[test]
fn unknown_and_foreign_fact_ids() {
    let a = kitchen();
    let other = a.w.domain(); // same world, other domain
    let foreign_same_world = a.w.fact(other, "菜已买");
    let b = kitchen(); // other world
    let foreign_world = b.fact("菜已买");
    let mine = a.fact("菜已买");
    let beyond = GoapFactId {
        bits: (mine.bits & !0xffff_ffff) | 100,
    }; // right domain, no such fact
    let no_index = GoapFactId {
        bits: mine.bits & !0xffff_ffff,
    }; // right domain, index part 0
    let mut len = 0u32;
    for (id, needle) in [
        (GoapFactId::default(), "0 is never a valid fact id"),
        (foreign_same_world, "does not belong to domain"),
        (foreign_world, "does not belong to domain"),
        (beyond, "(it has 8 facts)"),
        (no_index, "is not a fact of"),
    ] {
        expect_err(
            unsafe { goap_domain_fact_name(a.w.0, a.d, id, null_mut(), 0, &mut len) },
            GoapStatus::UnknownFact,
            "goap_domain_fact_name",
            &["fact:", needle],
        );
    }
    assert_eq!(len, 0);
    // In every list argument, naming the element.
    let bad = [fv(mine, true), fv(foreign_world, true)];
    assert_eq!(
        a.w.add_action(a.d, "new", &bad, &[], 1.0),
        Err(GoapStatus::UnknownFact)
    );
    assert!(
        last_error().contains("def->pre[1].fact"),
        "{}",
        last_error()
    );
    assert_eq!(
        a.w.add_action(a.d, "new", &[], &bad, 1.0),
        Err(GoapStatus::UnknownFact)
    );
    assert!(last_error().contains("def->effects[1].fact"));
    unsafe {
        expect_err(
            goap_domain_set_start(a.w.0, a.d, bad.as_ptr(), 2),
            GoapStatus::UnknownFact,
            "goap_domain_set_start",
            &["values[1].fact"],
        );
        expect_err(
            goap_domain_set_goal(a.w.0, a.d, bad.as_ptr(), 2),
            GoapStatus::UnknownFact,
            "goap_domain_set_goal",
            &["conditions[1].fact"],
        );
        let mut r = GoapPlanResult::default();
        expect_err(
            goap_domain_plan_from(
                a.w.0,
                a.d,
                bad.as_ptr(),
                2,
                null(),
                0,
                null(),
                null_mut(),
                0,
                &mut r,
            ),
            GoapStatus::UnknownFact,
            "goap_domain_plan_from",
            &["start[1].fact"],
        );
        expect_err(
            goap_domain_plan_from(
                a.w.0,
                a.d,
                null(),
                0,
                bad.as_ptr(),
                2,
                null(),
                null_mut(),
                0,
                &mut r,
            ),
            GoapStatus::UnknownFact,
            "goap_domain_plan_from",
            &["goal[1].fact"],
        );
        assert_eq!(r, GoapPlanResult::default());
    }
    assert_eq!(a.w.count(a.d), (8, 7));
    assert_eq!(a.w.plan(a.d).0.cost, 17.0, "start and goal unchanged");
}

#[test]
fn unknown_and_foreign_action_ids() {
    let a = kitchen();
    let b = kitchen();
    let (p, n) = s("洗菜");
    let mut mine = GoapActionId::default();
    ok(unsafe { goap_domain_find_action(a.w.0, a.d, p, n, &mut mine) });
    assert_eq!(a.w.action_name(a.d, mine), "洗菜");
    let mut theirs = GoapActionId::default();
    ok(unsafe { goap_domain_find_action(b.w.0, b.d, p, n, &mut theirs) });
    let mut len = 0u32;
    let with_low = |low: u64| GoapActionId {
        bits: (mine.bits & !0x7fff_ffff) | low, // kind bit kept
    };
    for (id, needle) in [
        (GoapActionId::default(), "0 is never a valid action id"),
        (theirs, "does not belong to domain"),
        (with_low(8), "(it has 7 actions)"),
        (with_low(0), "is not an action of"),
    ] {
        expect_err(
            unsafe { goap_domain_action_name(a.w.0, a.d, id, null_mut(), 0, &mut len) },
            GoapStatus::UnknownAction,
            "goap_domain_action_name",
            &["action:", needle],
        );
    }
    assert_eq!(len, 0);
    let (p, n) = s("飞");
    expect_err(
        unsafe { goap_domain_find_action(a.w.0, a.d, p, n, &mut mine) },
        GoapStatus::NotFound,
        "goap_domain_find_action",
        &["no action named \"飞\""],
    );
}

#[test]
fn fact_and_action_ids_are_distinct_kinds() {
    let k = kitchen();
    let actions: Vec<GoapActionId> = KITCHEN_ACTIONS
        .iter()
        .map(|(name, ..)| {
            let (p, n) = s(name);
            let mut a = GoapActionId::default();
            ok(unsafe { goap_domain_find_action(k.w.0, k.d, p, n, &mut a) });
            a
        })
        .collect();
    for &(_, f) in &k.facts {
        assert!(
            !actions.iter().any(|a| a.bits == f.bits),
            "fact id {f:#x} is also an action id"
        );
    }
    let (fact0, action0) = (k.fact("菜已买"), actions[0]);
    // The same bits in a struct of the other kind (a C caller copying `bits`).
    let fact0_as_action = GoapActionId { bits: fact0.bits };
    let action0_as_fact = GoapFactId { bits: action0.bits };
    let mut len = 0u32;
    // A fact id where an action id is expected.
    expect_err(
        unsafe { goap_domain_action_name(k.w.0, k.d, fact0_as_action, null_mut(), 0, &mut len) },
        GoapStatus::UnknownAction,
        "goap_domain_action_name",
        &[
            "action:",
            "is a fact id, not an action id (wrong kind of id)",
        ],
    );
    // An action id where a fact id is expected: as an argument and in every list.
    expect_err(
        unsafe { goap_domain_fact_name(k.w.0, k.d, action0_as_fact, null_mut(), 0, &mut len) },
        GoapStatus::UnknownFact,
        "goap_domain_fact_name",
        &["fact:", "is an action id, not a fact id (wrong kind of id)"],
    );
    assert_eq!(len, 0);
    let bad = [fv(action0_as_fact, true)];
    assert_eq!(
        k.w.add_action(k.d, "new", &bad, &[], 1.0),
        Err(GoapStatus::UnknownFact)
    );
    assert!(
        last_error().contains("def->pre[0].fact: "),
        "{}",
        last_error()
    );
    assert!(last_error().contains("is an action id"), "{}", last_error());
    expect_err(
        unsafe { goap_domain_set_goal(k.w.0, k.d, bad.as_ptr(), 1) },
        GoapStatus::UnknownFact,
        "goap_domain_set_goal",
        &["conditions[0].fact: ", "is an action id, not a fact id"],
    );
    let mut r = GoapPlanResult::default();
    expect_err(
        unsafe {
            goap_domain_plan_from(
                k.w.0,
                k.d,
                bad.as_ptr(),
                1,
                null(),
                0,
                null(),
                null_mut(),
                0,
                &mut r,
            )
        },
        GoapStatus::UnknownFact,
        "goap_domain_plan_from",
        &["start[0].fact: ", "is an action id"],
    );
    // Even an action id of another world is recognised as the wrong kind.
    let other = kitchen();
    let (p, n) = s("洗菜");
    let mut theirs = GoapActionId::default();
    ok(unsafe { goap_domain_find_action(other.w.0, other.d, p, n, &mut theirs) });
    let theirs = GoapFactId { bits: theirs.bits };
    expect_err(
        unsafe { goap_domain_fact_name(k.w.0, k.d, theirs, null_mut(), 0, &mut len) },
        GoapStatus::UnknownFact,
        "goap_domain_fact_name",
        &["is an action id, not a fact id"],
    );
    // Neither is a domain id, and the message says which it looks like.
    let mut count = 0;
    expect_err(
        unsafe { goap_domain_fact_count(k.w.0, GoapDomainId { bits: action0.bits }, &mut count) },
        GoapStatus::UnknownDomain,
        "goap_domain_fact_count",
        &["is not a domain id (it looks like an action id)"],
    );
    expect_err(
        unsafe { goap_domain_fact_count(k.w.0, GoapDomainId { bits: fact0.bits }, &mut count) },
        GoapStatus::UnknownDomain,
        "goap_domain_fact_count",
        &["is not a domain id (it looks like a fact id)"],
    );
    // ... and a domain id is neither a fact nor an action id.
    expect_err(
        unsafe {
            goap_domain_fact_name(
                k.w.0,
                k.d,
                GoapFactId { bits: k.d.bits },
                null_mut(),
                0,
                &mut len,
            )
        },
        GoapStatus::UnknownFact,
        "goap_domain_fact_name",
        &["is not a fact id (it looks like a domain id)"],
    );
    assert_eq!((len, count), (0, 0));
    assert_eq!(k.w.count(k.d), (8, 7), "nothing was added");
    assert_eq!(k.w.plan(k.d).0.cost, 17.0, "goal unchanged");
}

#[test]
fn id_messages_use_articles_and_singular_counts() {
    let w = World::new();
    let d = w.domain();
    let f = w.fact(d, "only");
    let a = w.action(d, "act", &[], &[fv(f, true)], 1.0);
    let mut len = 0u32;
    // An index beyond the last of exactly one fact / action: singular count.
    expect_err(
        unsafe {
            goap_domain_fact_name(
                w.0,
                d,
                GoapFactId { bits: f.bits + 1 },
                null_mut(),
                0,
                &mut len,
            )
        },
        GoapStatus::UnknownFact,
        "goap_domain_fact_name",
        &["is not a fact of", "(it has 1 fact)"],
    );
    expect_err(
        unsafe {
            goap_domain_action_name(
                w.0,
                d,
                GoapActionId { bits: a.bits + 1 },
                null_mut(),
                0,
                &mut len,
            )
        },
        GoapStatus::UnknownAction,
        "goap_domain_action_name",
        &["is not an action of", "(it has 1 action)"],
    );
    // An action id of another domain.
    let other = w.domain();
    expect_err(
        unsafe { goap_domain_action_name(w.0, other, a, null_mut(), 0, &mut len) },
        GoapStatus::UnknownAction,
        "goap_domain_action_name",
        &["or not an action id)"],
    );
    // The plan has exactly one action: "1 action", not "1 actions".
    let goal = [fv(f, true)];
    ok(unsafe { goap_domain_set_goal(w.0, d, goal.as_ptr(), 1) });
    let mut r = GoapPlanResult::default();
    expect_err(
        unsafe { goap_domain_plan(w.0, d, null(), null_mut(), 0, &mut r) },
        GoapStatus::BufferTooSmall,
        "goap_domain_plan",
        &["but the plan has 1 action (out_result->action_count)"],
    );
    assert_eq!(r.action_count, 1);
    assert_eq!(len, 0);
}

// ---------------------------------------------------------------- action definitions

#[test]
fn invalid_costs_are_rejected() {
    let k = kitchen();
    let f = k.fact("菜已买");
    for cost in [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -1.0,
        1e13,
        -1e-300,
    ] {
        assert_eq!(
            k.w.add_action(k.d, "bad", &[], &[fv(f, true)], cost),
            Err(GoapStatus::InvalidCost),
            "cost {cost}"
        );
        let msg = last_error();
        assert!(msg.starts_with("goap_domain_add_action: "), "{msg}");
        assert!(
            msg.contains("action \"bad\": cost") && msg.contains("a number from 0 to 1e12"),
            "{msg}"
        );
    }
    assert!(
        last_error().contains("cost -1e-300 is invalid"),
        "negative tiny cost printed: {}",
        last_error()
    );
    assert_eq!(k.w.count(k.d), (8, 7), "nothing was added");
    // Zero and fractional costs are fine.
    k.w.action(k.d, "free", &[], &[fv(f, true)], 0.0);
    k.w.action(k.d, "half", &[], &[fv(f, true)], 0.5);
}

#[test]
fn names_with_nul_and_costs_over_the_maximum_are_rejected() {
    let k = kitchen();
    let f = k.fact("菜已买");
    let nul = "a\0b"; // 3 bytes, valid UTF-8
    let (p, n) = s(nul);
    assert_eq!(n, 3);
    let mut out = GoapFactId::default();
    expect_err(
        unsafe { goap_domain_add_fact(k.w.0, k.d, p, n, &mut out) },
        GoapStatus::InvalidArgument,
        "goap_domain_add_fact",
        &["name \"a\\0b\" contains a NUL character"],
    );
    assert_eq!(
        k.w.add_action(k.d, nul, &[], &[fv(f, true)], 1.0),
        Err(GoapStatus::InvalidArgument)
    );
    let msg = last_error();
    assert!(
        msg.starts_with("goap_domain_add_action: ") && msg.contains("contains a NUL character"),
        "{msg}"
    );
    let mut def = goap_domain_def_default();
    (def.name, def.name_len) = (p, n);
    let mut d = GoapDomainId::default();
    expect_err(
        unsafe { goap_domain_create(k.w.0, &def, &mut d) },
        GoapStatus::InvalidArgument,
        "goap_domain_create",
        &["name \"a\\0b\" contains a NUL character"],
    );
    assert_eq!(
        k.w.add_action(k.d, "dear", &[], &[fv(f, true)], 1e13),
        Err(GoapStatus::InvalidCost)
    );
    let msg = last_error();
    assert!(
        msg.contains("cost 10000000000000 is invalid (expected a number from 0 to 1e12)"),
        "{msg}"
    );
    assert_eq!((out, d), Default::default());
    assert_eq!(k.w.count(k.d), (8, 7), "nothing was added");
    // The maximum itself is fine.
    k.w.action(k.d, "dearest", &[], &[fv(f, true)], GOAP_MAX_ACTION_COST);
    // In a domain file both are parse errors placed at the offending value.
    for (text, want) in [
        (
            r#"{"actions": [{"name": "a\u0000b"}]}"#,
            "<input>:1:32: action #1: action name \"a\\0b\" contains a NUL character",
        ),
        (
            r#"{"actions": [{"name": "a", "cost": 1e13}]}"#,
            "<input>:1:39: action \"a\": cost: 10000000000000 is invalid; expected a number from 0 to 1e12",
        ),
    ] {
        let (p, n) = s(text);
        expect_err(
            unsafe { goap_domain_load_json(k.w.0, p, n, &mut d) },
            GoapStatus::ParseError,
            "goap_domain_load_json",
            &[want],
        );
        assert_eq!(d, GoapDomainId::default());
    }
}

#[test]
fn values_must_be_zero_or_one() {
    let k = kitchen();
    let f = k.fact("菜已买");
    for v in [2, -1, i32::MAX] {
        let bad = [fv(f, true), GoapFactValue { fact: f, value: v }];
        assert_eq!(
            k.w.add_action(k.d, "x", &bad, &[], 1.0),
            Err(GoapStatus::InvalidArgument)
        );
        assert!(last_error().contains(&format!("def->pre[1].value is {v} (expected 0 or 1)")));
        assert_eq!(
            k.w.add_action(k.d, "x", &[], &bad, 1.0),
            Err(GoapStatus::InvalidArgument)
        );
        assert!(last_error().contains("def->effects[1].value"));
        unsafe {
            expect_err(
                goap_domain_set_start(k.w.0, k.d, bad.as_ptr(), 2),
                GoapStatus::InvalidArgument,
                "goap_domain_set_start",
                &["values[1].value"],
            );
            expect_err(
                goap_domain_set_goal(k.w.0, k.d, bad.as_ptr(), 2),
                GoapStatus::InvalidArgument,
                "goap_domain_set_goal",
                &["conditions[1].value"],
            );
            let mut r = GoapPlanResult::default();
            expect_err(
                goap_domain_plan_from(
                    k.w.0,
                    k.d,
                    null(),
                    0,
                    bad.as_ptr(),
                    2,
                    null(),
                    null_mut(),
                    0,
                    &mut r,
                ),
                GoapStatus::InvalidArgument,
                "goap_domain_plan_from",
                &["goal[1].value"],
            );
        }
    }
    assert_eq!(k.w.count(k.d), (8, 7));
}

#[test]
fn uninitialised_definitions_are_rejected() {
    let k = kitchen();
    let mut out = GoapActionId::default();
    let mut out_d = GoapDomainId::default();
    unsafe {
        let mut adef = goap_action_def_default();
        (adef.name, adef.name_len) = s("new");
        adef.cookie = 0;
        expect_err(
            goap_domain_add_action(k.w.0, k.d, &adef, &mut out),
            GoapStatus::InvalidArgument,
            "goap_domain_add_action",
            &["definition not initialised with goap_action_def_default()"],
        );
        let mut ddef = goap_domain_def_default();
        ddef.cookie ^= 1;
        expect_err(
            goap_domain_create(k.w.0, &ddef, &mut out_d),
            GoapStatus::InvalidArgument,
            "goap_domain_create",
            &["not initialised with goap_domain_def_default()"],
        );
        // A plan options struct filled by hand (cookie 0).
        let opts = GoapPlanOptions {
            cookie: 0,
            max_nodes: 100,
            heuristic: 0,
            direction: 0,
        };
        let mut r = GoapPlanResult::default();
        expect_err(
            goap_domain_plan(k.w.0, k.d, &opts, null_mut(), 0, &mut r),
            GoapStatus::InvalidArgument,
            "goap_domain_plan",
            &["not initialised with goap_plan_options_default()"],
        );
        let mut opts = goap_plan_options_default();
        opts.heuristic = 5;
        expect_err(
            goap_domain_plan(k.w.0, k.d, &opts, null_mut(), 0, &mut r),
            GoapStatus::InvalidArgument,
            "goap_domain_plan",
            &["options->heuristic is 5"],
        );
        assert_eq!(r, GoapPlanResult::default());
    }
    assert_eq!((out, out_d), Default::default());
}

#[test]
fn duplicate_action_names_and_idempotent_facts() {
    let k = kitchen();
    let f = k.fact("菜已买");
    assert_eq!(
        k.w.add_action(k.d, "洗菜", &[], &[fv(f, true)], 1.0),
        Err(GoapStatus::DuplicateName)
    );
    let msg = last_error();
    assert!(
        msg.starts_with("goap_domain_add_action: duplicate action name \"洗菜\""),
        "{msg}"
    );
    // Registering a fact name again returns the same id.
    assert_eq!(k.w.fact(k.d, "菜已买"), f);
    assert_eq!(k.w.fact_name(k.d, f), "菜已买");
    let (p, n) = s("晚餐完成");
    let mut found = GoapFactId::default();
    ok(unsafe { goap_domain_find_fact(k.w.0, k.d, p, n, &mut found) });
    assert_eq!(found, k.fact("晚餐完成"));
    assert_eq!(k.w.count(k.d), (8, 7));
}

#[test]
fn contradictions_name_the_fact() {
    let k = kitchen();
    let f = k.fact("菜已洗");
    let both = [fv(f, true), fv(f, false)];
    assert_eq!(
        k.w.add_action(k.d, "x", &both, &[], 1.0),
        Err(GoapStatus::Contradiction)
    );
    assert!(
        last_error().contains("action \"x\": pre lists fact \"菜已洗\" as both true and false"),
        "{}",
        last_error()
    );
    assert_eq!(
        k.w.add_action(k.d, "x", &[], &both, 1.0),
        Err(GoapStatus::Contradiction)
    );
    assert!(last_error().contains("effects lists fact \"菜已洗\""));
    unsafe {
        expect_err(
            goap_domain_set_start(k.w.0, k.d, both.as_ptr(), 2),
            GoapStatus::Contradiction,
            "goap_domain_set_start",
            &["values lists fact \"菜已洗\"", "both 1 and 0"],
        );
        expect_err(
            goap_domain_set_goal(k.w.0, k.d, both.as_ptr(), 2),
            GoapStatus::Contradiction,
            "goap_domain_set_goal",
            &["conditions lists fact \"菜已洗\""],
        );
        let mut r = GoapPlanResult::default();
        expect_err(
            goap_domain_plan_from(
                k.w.0,
                k.d,
                both.as_ptr(),
                2,
                null(),
                0,
                null(),
                null_mut(),
                0,
                &mut r,
            ),
            GoapStatus::Contradiction,
            "goap_domain_plan_from",
            &["start lists fact"],
        );
        expect_err(
            goap_domain_plan_from(
                k.w.0,
                k.d,
                null(),
                0,
                both.as_ptr(),
                2,
                null(),
                null_mut(),
                0,
                &mut r,
            ),
            GoapStatus::Contradiction,
            "goap_domain_plan_from",
            &["goal lists fact"],
        );
    }
    // Exact repeats are not contradictions.
    let twice = [fv(f, true), fv(f, true)];
    k.w.action(k.d, "x", &twice, &[], 1.0);
    assert_eq!(
        k.w.plan(k.d).0.cost,
        17.0,
        "stored start and goal unchanged"
    );
}

// ---------------------------------------------------------------- buffers

#[test]
fn name_buffer_too_small_reports_the_needed_length() {
    let k = kitchen();
    let f = k.fact("晚餐完成"); // 12 bytes of UTF-8
    let mut buf = [0x55 as c_char; 16];
    for capacity in [0u32, 1, 12] {
        let mut len = 0u32;
        expect_err(
            unsafe { goap_domain_fact_name(k.w.0, k.d, f, buf.as_mut_ptr(), capacity, &mut len) },
            GoapStatus::BufferTooSmall,
            "goap_domain_fact_name",
            &["13 bytes are needed"],
        );
        assert_eq!(len, 12, "needed length");
        assert!(buf.iter().all(|&b| b == 0x55), "buffer untouched");
    }
    let mut len2 = 0u32;
    ok(unsafe { goap_domain_fact_name(k.w.0, k.d, f, buf.as_mut_ptr(), 13, &mut len2) });
    assert_eq!(len2, 12);
    assert_eq!(
        unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap(),
        "晚餐完成"
    );
    assert_eq!(buf[13], 0x55, "nothing written past the terminator");
    // Action names follow the same rules.
    let mut a = GoapActionId::default();
    let (p, n) = s("摆盘");
    ok(unsafe { goap_domain_find_action(k.w.0, k.d, p, n, &mut a) });
    let mut alen = 0;
    let st = unsafe { goap_domain_action_name(k.w.0, k.d, a, buf.as_mut_ptr(), 6, &mut alen) };
    expect_err(
        st,
        GoapStatus::BufferTooSmall,
        "goap_domain_action_name",
        &["7 bytes"],
    );
    assert_eq!(alen, 6);
}

#[test]
fn last_error_buffer_too_small_keeps_the_message() {
    let mut out = GoapFactId::default();
    let st =
        unsafe { goap_domain_add_fact(null_mut(), GoapDomainId { bits: 1 }, null(), 0, &mut out) };
    assert_eq!(st, GoapStatus::NullPointer);
    let full = last_error();
    let len = goap_last_error_length();
    assert_eq!(len as usize, full.len());
    let mut small = [0x11 as c_char; 4];
    let mut got = 0u32;
    assert_eq!(
        unsafe { goap_last_error_message(small.as_mut_ptr(), 4, &mut got) },
        GoapStatus::BufferTooSmall
    );
    assert_eq!(got, len, "needed length");
    assert!(small.iter().all(|&b| b == 0x11), "buffer untouched");
    // Exactly len bytes is still one too few (the NUL).
    let mut exact = vec![0 as c_char; len as usize];
    assert_eq!(
        unsafe { goap_last_error_message(exact.as_mut_ptr(), len, &mut got) },
        GoapStatus::BufferTooSmall
    );
    assert_eq!(last_error(), full, "reading the message never changes it");
}

#[test]
fn plan_buffer_too_small_writes_only_the_result() {
    let k = kitchen();
    let mut actions = [GoapActionId { bits: 7 }; 8];
    let mut r = GoapPlanResult::default();
    for capacity in [0u32, 6] {
        let ptr = if capacity == 0 {
            null_mut()
        } else {
            actions.as_mut_ptr()
        };
        let st = unsafe { goap_domain_plan(k.w.0, k.d, null(), ptr, capacity, &mut r) };
        expect_err(
            st,
            GoapStatus::BufferTooSmall,
            "goap_domain_plan",
            &["the plan has 7 actions"],
        );
        assert_eq!(r.action_count, 7, "needed count");
        assert_eq!(r.outcome, GoapOutcome::Found as i32);
        assert_eq!(r.cost, 17.0);
        assert!(actions.iter().all(|a| a.bits == 7), "actions untouched");
    }
    let start = [fv(k.fact("菜已买"), true)];
    let goal = [fv(k.fact("晚餐完成"), true)];
    let st = unsafe {
        goap_domain_plan_from(
            k.w.0,
            k.d,
            start.as_ptr(),
            1,
            goal.as_ptr(),
            1,
            null(),
            actions.as_mut_ptr(),
            3,
            &mut r,
        )
    };
    expect_err(
        st,
        GoapStatus::BufferTooSmall,
        "goap_domain_plan_from",
        &["capacity 3"],
    );
    assert_eq!(r.action_count, 7);
    assert!(actions.iter().all(|a| a.bits == 7));
    // With room, the same plan.
    ok(unsafe { goap_domain_plan(k.w.0, k.d, null(), actions.as_mut_ptr(), 7, &mut r) });
    assert_eq!(r.action_count, 7);
    assert_eq!(actions[7].bits, 7, "nothing written past the plan");
}

// ---------------------------------------------------------------- panics and the last error

#[test]
fn forced_panic_becomes_a_status() {
    assert_eq!(goap_debug_force_panic(), GoapStatus::Panic);
    let msg = last_error();
    assert!(
        msg.starts_with("goap_debug_force_panic: panic: goap_debug_force_panic was called"),
        "{msg}"
    );
    // The library keeps working after a caught panic.
    let k = kitchen();
    assert_eq!(k.w.plan(k.d).0.cost, 17.0);
    assert_eq!(goap_debug_force_panic(), GoapStatus::Panic);
}

/// Messages the log callback of `the_log_callback_receives_caught_panics` received, with
/// the user data it was given.
static LOGGED: std::sync::Mutex<Vec<(i32, String, usize)>> = std::sync::Mutex::new(Vec::new());

unsafe extern "C" fn record_log(level: i32, message: *const c_char, len: u32, user: *mut c_void) {
    let text = unsafe { std::slice::from_raw_parts(message.cast::<u8>(), len as usize + 1) };
    assert_eq!(text[len as usize], 0, "NUL-terminated");
    let text = String::from_utf8(text[..len as usize].to_vec()).expect("UTF-8");
    LOGGED.lock().unwrap().push((level, text, user as usize));
}

#[test]
fn the_log_callback_receives_caught_panics() {
    let callback = GoapLogCallback {
        log: Some(record_log),
        user_data: 0x5EED as *mut c_void,
    };
    ok(unsafe { goap_set_log_callback(&callback) });
    assert_eq!(goap_debug_force_panic(), GoapStatus::Panic);
    ok(unsafe { goap_set_log_callback(null()) });
    assert_eq!(goap_debug_force_panic(), GoapStatus::Panic); // to stderr: not recorded
    let logged = LOGGED.lock().unwrap();
    // Other tests of this binary may panic meanwhile: look for ours.
    let ours: Vec<_> = logged
        .iter()
        .filter(|(_, m, _)| m.contains("goap_debug_force_panic was called"))
        .collect();
    assert!(!ours.is_empty(), "{logged:?}");
    for (level, message, user) in ours {
        assert_eq!(*level, GoapLogLevel::Error as i32);
        assert_eq!(*user, 0x5EED);
        assert!(
            message.starts_with("panic caught at src/ffi/guard.rs:"),
            "{message}"
        );
        assert!(message.contains("GOAP_STATUS_PANIC"), "{message}");
    }
    assert!(
        logged.len() <= 3,
        "the callback was called after it was removed: {logged:?}"
    );
}

#[test]
fn a_panic_in_a_world_call_poisons_that_world_only() {
    let (poisoned, healthy) = (kitchen(), kitchen());
    assert_eq!(
        unsafe { goap_debug_poison_world(poisoned.w.0) },
        GoapStatus::Panic
    );
    assert!(
        last_error()
            .starts_with("goap_debug_poison_world: panic: goap_debug_poison_world was called"),
        "{}",
        last_error()
    );
    // Every later call on it is refused, reads included, naming the call that panicked;
    // nothing runs (the out value is left alone).
    let mut count = 99;
    expect_err(
        unsafe { goap_domain_fact_count(poisoned.w.0, poisoned.d, &mut count) },
        GoapStatus::Poisoned,
        "goap_domain_fact_count",
        &["the world is poisoned", "goap_debug_poison_world: panic:"],
    );
    assert_eq!(count, 99);
    let (p, n) = s("x");
    let mut out = GoapFactId::default();
    expect_err(
        unsafe { goap_domain_add_fact(poisoned.w.0, poisoned.d, p, n, &mut out) },
        GoapStatus::Poisoned,
        "goap_domain_add_fact",
        &["the world is poisoned"],
    );
    expect_err(
        unsafe { goap_debug_poison_world(poisoned.w.0) },
        GoapStatus::Poisoned,
        "goap_debug_poison_world",
        &["the world is poisoned"],
    );
    // A NULL world is still a NULL pointer, and another world is unaffected.
    expect_err(
        unsafe { goap_domain_fact_count(null(), poisoned.d, &mut count) },
        GoapStatus::NullPointer,
        "goap_domain_fact_count",
        &["argument `world` is NULL"],
    );
    assert_eq!(healthy.w.plan(healthy.d).0.cost, 17.0);
    // Destroying it works (the C harness checks under valgrind that it frees everything).
    drop(poisoned);
    assert_eq!(
        unsafe { CStr::from_ptr(goap_status_name(GoapStatus::Poisoned as i32)) },
        c"GOAP_STATUS_POISONED"
    );
}

#[test]
fn last_error_is_per_thread_and_kept_by_successful_calls() {
    std::thread::spawn(|| {
        assert_eq!(goap_last_error_length(), 0, "fresh thread has no message");
        assert_eq!(last_error(), "");
        let mut len = 99u32;
        let mut one = [0x33 as c_char; 1];
        ok(unsafe { goap_last_error_message(one.as_mut_ptr(), 1, &mut len) });
        assert_eq!((len, one[0]), (0, 0));
        let mut out = GoapFactId::default();
        let st = unsafe {
            goap_domain_add_fact(null_mut(), GoapDomainId { bits: 1 }, null(), 0, &mut out)
        };
        assert_eq!(st, GoapStatus::NullPointer);
        let msg = last_error();
        let k = kitchen(); // many successful calls
        assert_eq!(k.w.plan(k.d).0.cost, 17.0);
        assert_eq!(last_error(), msg, "success leaves the last error alone");
        std::thread::spawn(|| assert_eq!(goap_last_error_length(), 0))
            .join()
            .unwrap();
    })
    .join()
    .unwrap();
}

// ---------------------------------------------------------------- planning

#[test]
fn kitchen_built_by_hand_plans_optimally() {
    let k = kitchen();
    let (r, actions) = k.w.plan(k.d);
    assert_eq!(r.outcome, GoapOutcome::Found as i32);
    assert_eq!(r.cost, 17.0);
    assert_eq!(r.action_count, 7);
    assert!(r.expanded > 0 && r.generated > 0);
    // The default search ends within its probe here: no start estimate (0).
    assert!(
        r.initial_h >= 0.0 && r.initial_h <= 17.0,
        "admissible start estimate"
    );
    let names: Vec<String> = actions.iter().map(|&a| k.w.action_name(k.d, a)).collect();
    let (state, cost) = replay_kitchen(&names, &["菜已买"]);
    assert_eq!(cost, 17.0);
    assert!(state.iter().any(|s| s == "晚餐完成"), "{names:?}");
    // Deterministic: planning again gives the same ids.
    assert_eq!(k.w.plan(k.d).1, actions);
    // Every heuristic is optimal.
    for h in [
        GoapHeuristic::Auto,
        GoapHeuristic::Lmcut,
        GoapHeuristic::Landmarks,
        GoapHeuristic::Hmax,
        GoapHeuristic::Blind,
    ] {
        let mut opts = goap_plan_options_default();
        opts.heuristic = h as i32;
        let mut buf = [GoapActionId::default(); 8];
        let mut r = GoapPlanResult::default();
        ok(unsafe { goap_domain_plan(k.w.0, k.d, &opts, buf.as_mut_ptr(), 8, &mut r) });
        assert_eq!(
            (r.outcome, r.cost),
            (GoapOutcome::Found as i32, 17.0),
            "{h:?}"
        );
    }
}

/// GoapPlanOptions.direction: forward and backward find plans of equal cost, the result
/// says which ran (AUTO runs forward today), unknown values are rejected with a message
/// naming the field, and a result of the first version's size (without `direction`) is
/// accepted and not written past.
#[test]
fn plan_options_direction() {
    let k = kitchen();
    assert_eq!(
        goap_plan_options_default().direction,
        GoapDirection::Auto as i32
    );
    for (d, ran) in [
        (GoapDirection::Auto, GoapDirection::Forward),
        (GoapDirection::Forward, GoapDirection::Forward),
        (GoapDirection::Backward, GoapDirection::Backward),
    ] {
        for h in [GoapHeuristic::Auto, GoapHeuristic::Blind] {
            let mut opts = goap_plan_options_default();
            opts.direction = d as i32;
            opts.heuristic = h as i32;
            let mut buf = [GoapActionId::default(); 8];
            let mut r = GoapPlanResult::default();
            ok(unsafe { goap_domain_plan(k.w.0, k.d, &opts, buf.as_mut_ptr(), 8, &mut r) });
            assert_eq!(
                (r.outcome, r.cost),
                (GoapOutcome::Found as i32, 17.0),
                "{d:?}"
            );
            assert_eq!(r.direction, ran as i32, "{d:?} {h:?}");
            let names: Vec<String> = buf[..r.action_count as usize]
                .iter()
                .map(|&a| k.w.action_name(k.d, a))
                .collect();
            let (state, cost) = replay_kitchen(&names, &["菜已买"]);
            assert_eq!(cost, 17.0);
            assert!(state.iter().any(|s| s == "晚餐完成"), "{d:?}: {names:?}");
        }
    }
    for bad in [3, -1, i32::MAX] {
        let mut opts = goap_plan_options_default();
        opts.direction = bad;
        let mut r = GoapPlanResult::default();
        unsafe {
            expect_err(
                goap_domain_plan(k.w.0, k.d, &opts, null_mut(), 0, &mut r),
                GoapStatus::InvalidArgument,
                "goap_domain_plan",
                &[&format!("options->direction is {bad}"), "GOAP_DIRECTION_"],
            )
        };
        assert_eq!(r, GoapPlanResult::default());
    }
    // A caller built against the header before `direction`: its size ends before the field.
    let first = std::mem::offset_of!(GoapPlanResult, direction);
    let mut r = GoapPlanResult {
        size: first as u32,
        direction: -7,
        ..GoapPlanResult::default()
    };
    let mut opts = goap_plan_options_default();
    opts.direction = GoapDirection::Backward as i32;
    let mut buf = [GoapActionId::default(); 8];
    ok(unsafe { goap_domain_plan(k.w.0, k.d, &opts, buf.as_mut_ptr(), 8, &mut r) });
    assert_eq!((r.cost, r.size, r.direction), (17.0, first as u32, -7));
    r.size = first as u32 - 8;
    unsafe {
        expect_err(
            goap_domain_plan(k.w.0, k.d, &opts, buf.as_mut_ptr(), 8, &mut r),
            GoapStatus::InvalidArgument,
            "goap_domain_plan",
            &[&format!("at least {first}")],
        )
    };
}

#[test]
fn plan_from_uses_the_given_state_not_the_stored_one() {
    let k = kitchen();
    // The engine senses that the vegetables are already fried and the rice is done.
    let start = [fv(k.fact("菜已炒"), true), fv(k.fact("饭已熟"), true)];
    let goal = [fv(k.fact("晚餐完成"), true)];
    let mut buf = [GoapActionId::default(); 8];
    let mut r = GoapPlanResult::default();
    ok(unsafe {
        goap_domain_plan_from(
            k.w.0,
            k.d,
            start.as_ptr(),
            2,
            goal.as_ptr(),
            1,
            null(),
            buf.as_mut_ptr(),
            8,
            &mut r,
        )
    });
    let names: Vec<String> = buf[..r.action_count as usize]
        .iter()
        .map(|&a| k.w.action_name(k.d, a))
        .collect();
    assert_eq!(names, ["买肉", "炖肉", "摆盘"]);
    assert_eq!(r.cost, 8.0);
    // Already satisfied: found, empty, cost 0 (NULL buffer is fine then).
    ok(unsafe {
        goap_domain_plan_from(
            k.w.0,
            k.d,
            goal.as_ptr(),
            1,
            goal.as_ptr(),
            1,
            null(),
            null_mut(),
            0,
            &mut r,
        )
    });
    assert_eq!(
        (r.outcome, r.action_count, r.cost),
        (GoapOutcome::Found as i32, 0, 0.0)
    );
    // The stored problem is unchanged.
    assert_eq!(k.w.plan(k.d).0.cost, 17.0);
}

#[test]
fn no_plan_limit_and_missing_goal_outcomes() {
    let k = kitchen();
    let lonely = k.w.fact(k.d, "没人能做到");
    let goal = [fv(lonely, true)];
    let mut r = GoapPlanResult::default();
    ok(unsafe {
        goap_domain_plan_from(
            k.w.0,
            k.d,
            null(),
            0,
            goal.as_ptr(),
            1,
            null(),
            null_mut(),
            0,
            &mut r,
        )
    });
    assert_eq!(
        (r.outcome, r.action_count, r.cost),
        (GoapOutcome::NoPlan as i32, 0, 0.0)
    );
    let mut opts = goap_plan_options_default();
    opts.max_nodes = 2;
    ok(unsafe { goap_domain_plan(k.w.0, k.d, &opts, null_mut(), 0, &mut r) });
    assert_eq!((r.outcome, r.action_count), (GoapOutcome::Limit as i32, 0));
    let d = k.w.domain();
    expect_err(
        unsafe { goap_domain_plan(k.w.0, d, null(), null_mut(), 0, &mut r) },
        GoapStatus::NoGoal,
        "goap_domain_plan",
        &["has no goal"],
    );
    // An empty goal is always satisfied.
    ok(unsafe { goap_domain_set_goal(k.w.0, d, null(), 0) });
    let (r, actions) = k.w.plan(d);
    assert_eq!((r.outcome, actions.len()), (GoapOutcome::Found as i32, 0));
}

#[test]
fn max_nodes_zero_still_answers_what_needs_no_search() {
    let k = kitchen();
    let lonely = k.w.fact(k.d, "没人能做到");
    let mut opts = goap_plan_options_default();
    opts.max_nodes = 0;
    let plan_from = |start: &[GoapFactValue], goal: &[GoapFactValue]| {
        let mut r = GoapPlanResult::default();
        ok(unsafe {
            goap_domain_plan_from(
                k.w.0,
                k.d,
                start.as_ptr(),
                start.len() as u32,
                goal.as_ptr(),
                goal.len() as u32,
                &opts,
                null_mut(),
                0,
                &mut r,
            )
        });
        (r.outcome, r.action_count)
    };
    let dinner = k.fact("晚餐完成");
    // Already satisfied: found, empty plan.
    assert_eq!(
        plan_from(&[fv(dinner, true)], &[fv(dinner, true)]),
        (GoapOutcome::Found as i32, 0)
    );
    // Provably unreachable: no action makes the fact true.
    assert_eq!(
        plan_from(&[], &[fv(lonely, true)]),
        (GoapOutcome::NoPlan as i32, 0)
    );
    // Anything else needs a search: the limit.
    assert_eq!(
        plan_from(&[fv(k.fact("菜已买"), true)], &[fv(dinner, true)]),
        (GoapOutcome::Limit as i32, 0)
    );
}

#[test]
fn kitchen_from_json_plans_optimally() {
    let w = World::new();
    let (p, n) = s(KITCHEN_JSON);
    let mut d = GoapDomainId::default();
    ok(unsafe { goap_domain_load_json(w.0, p, n, &mut d) });
    assert_eq!(w.count(d), (8, 7));
    let (r, actions) = w.plan(d);
    assert_eq!(
        (r.outcome, r.cost, r.action_count),
        (GoapOutcome::Found as i32, 17.0, 7)
    );
    let names: Vec<String> = actions.iter().map(|&a| w.action_name(d, a)).collect();
    let (state, cost) = replay_kitchen(&names, &["菜已买"]);
    assert!(state.iter().any(|s| s == "晚餐完成") && cost == 17.0);
    // Facts are found by their Chinese names and round-trip.
    let (p, n) = s("菜已洗");
    let mut f = GoapFactId::default();
    ok(unsafe { goap_domain_find_fact(w.0, d, p, n, &mut f) });
    assert_eq!(w.fact_name(d, f), "菜已洗");
    // The loaded domain is editable like any other.
    let a = w.action(d, "外卖", &[], &[fv(f, true)], 0.5);
    assert_eq!(w.action_name(d, a), "外卖");
}

#[test]
fn json_parse_errors_give_line_and_column() {
    let w = World::new();
    let text = "{\n  \"actions\": [\n    {\"name\": \"a\", \"cost\": }\n  ]\n}";
    let (p, n) = s(text);
    let mut d = GoapDomainId::default();
    let st = unsafe { goap_domain_load_json(w.0, p, n, &mut d) };
    assert_eq!(st, GoapStatus::ParseError, "{}", last_error());
    assert_eq!(d, GoapDomainId::default(), "no id on error");
    let msg = last_error();
    assert!(msg.starts_with("goap_domain_load_json: <input>:"), "{msg}");
    assert!(msg.contains("<input>:3:"), "{msg}");
    let dup = r#"{"actions": [{"name": "a"}, {"name": "a"}], "goal": {}}"#;
    let (p, n) = s(dup);
    let st = unsafe { goap_domain_load_json(w.0, p, n, &mut d) };
    assert_eq!(st, GoapStatus::ParseError);
    assert!(last_error().contains("\"a\""), "{}", last_error());
}

#[test]
fn json_errors_at_the_start_are_column_1() {
    let w = World::new();
    for (text, want) in [
        (
            "",
            "goap_domain_load_json: <input>:1:1: EOF while parsing a value",
        ),
        (
            "[]",
            "goap_domain_load_json: <input>:1:1: invalid type: sequence",
        ),
        (
            "\n\n{}",
            "goap_domain_load_json: <input>:3:2: missing \"actions\"",
        ),
    ] {
        let (p, n) = s(text);
        let mut d = GoapDomainId::default();
        expect_err(
            unsafe { goap_domain_load_json(w.0, p, n, &mut d) },
            GoapStatus::ParseError,
            "goap_domain_load_json",
            &[want],
        );
        assert_eq!(d, GoapDomainId::default());
    }
}

// ---------------------------------------------------------------- concurrency

#[test]
fn parallel_plans_on_one_world_agree() {
    let k = kitchen();
    let expected = k.w.plan(k.d).1;
    let start = [fv(k.fact("菜已炒"), true)];
    let goal = [fv(k.fact("晚餐完成"), true)];
    let expected_from = {
        let mut buf = [GoapActionId::default(); 16];
        let mut r = GoapPlanResult::default();
        ok(unsafe {
            goap_domain_plan_from(
                k.w.0,
                k.d,
                start.as_ptr(),
                1,
                goal.as_ptr(),
                1,
                null(),
                buf.as_mut_ptr(),
                16,
                &mut r,
            )
        });
        assert_eq!((r.cost, r.action_count), (13.0, 4));
        (buf[..4].to_vec(), r.cost)
    };
    let world = k.w.0 as usize; // raw pointers are not Send; the world is thread-safe
    let d = k.d;
    let (start_addr, goal_addr) = (start.as_ptr() as usize, goal.as_ptr() as usize);
    let results: Vec<Vec<(Vec<GoapActionId>, f64)>> = std::thread::scope(|scope| {
        let planners: Vec<_> = (0..4)
            .map(|t| {
                scope.spawn(move || {
                    let w = world as *const GoapWorld;
                    (0..200)
                        .map(|i| {
                            let mut buf = [GoapActionId::default(); 16];
                            let mut r = GoapPlanResult::default();
                            let st = if (i + t) % 2 == 0 {
                                unsafe {
                                    goap_domain_plan(w, d, null(), buf.as_mut_ptr(), 16, &mut r)
                                }
                            } else {
                                unsafe {
                                    goap_domain_plan_from(
                                        w,
                                        d,
                                        start_addr as *const GoapFactValue,
                                        1,
                                        goal_addr as *const GoapFactValue,
                                        1,
                                        null(),
                                        buf.as_mut_ptr(),
                                        16,
                                        &mut r,
                                    )
                                }
                            };
                            assert_eq!(st, GoapStatus::Ok);
                            (buf[..r.action_count as usize].to_vec(), r.cost)
                        })
                        .collect()
                })
            })
            .collect();
        // Meanwhile another thread mutates another domain of the same world.
        let mutator = scope.spawn(move || {
            let w = world as *mut GoapWorld;
            let def = goap_domain_def_default();
            let mut other = GoapDomainId::default();
            assert_eq!(
                unsafe { goap_domain_create(w, &def, &mut other) },
                GoapStatus::Ok
            );
            for i in 0..200 {
                let name = format!("f{i}");
                let mut f = GoapFactId::default();
                let st = unsafe {
                    goap_domain_add_fact(w, other, name.as_ptr().cast(), name.len() as u32, &mut f)
                };
                assert_eq!(st, GoapStatus::Ok);
            }
        });
        mutator.join().unwrap();
        planners.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, thread) in results.iter().enumerate() {
        for (i, result) in thread.iter().enumerate() {
            let want = if (i + t) % 2 == 0 {
                (expected.clone(), 17.0)
            } else {
                expected_from.clone()
            };
            assert_eq!(result, &want, "thread {t}, call {i}");
        }
    }
}

/// A domain of `n` independent facts, each made true by its own action (cost 1), with the
/// goal "all true". Blind search stores every one of the 2^n states before it finds the
/// plan: a slow plan of predictable cost.
fn independent_facts(w: &World, n: usize) -> GoapDomainId {
    let d = w.domain();
    let facts: Vec<_> = (0..n).map(|i| w.fact(d, &format!("f{i}"))).collect();
    for (i, &f) in facts.iter().enumerate() {
        w.action(d, &format!("set{i}"), &[], &[fv(f, true)], 1.0);
    }
    let goal: Vec<_> = facts.iter().map(|&f| fv(f, true)).collect();
    ok(unsafe { goap_domain_set_goal(w.0, d, goal.as_ptr(), goal.len() as u32) });
    d
}

/// When a call ran, relative to a common origin.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: std::time::Duration,
    end: std::time::Duration,
}

impl Span {
    fn len(self) -> std::time::Duration {
        self.end - self.start
    }
}

#[test]
fn a_long_plan_blocks_neither_edits_nor_other_plans() {
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let w = World::new();
    let trivial = w.domain();
    ok(unsafe { goap_domain_set_goal(w.0, trivial, null(), 0) });
    let other = w.domain();
    // The world is thread-safe; raw pointers are not Send.
    let world = w.0 as usize;
    // Grow the slow domain until its plan takes at least 200 ms on this machine.
    for n in 12..=24usize {
        let slow = independent_facts(&w, n);
        let origin = Instant::now();
        let since = move || origin.elapsed();
        let (started, wait_started) = mpsc::channel();
        let (slow_span, slow_result, edit_span, plan_span, cheap) = std::thread::scope(|scope| {
            let planner = scope.spawn(move || {
                let w = world as *const GoapWorld;
                let mut opts = goap_plan_options_default();
                opts.heuristic = GoapHeuristic::Blind as i32;
                opts.max_nodes = u32::MAX;
                let mut actions = [GoapActionId::default(); 32];
                let mut r = GoapPlanResult::default();
                started.send(()).unwrap();
                let start = since();
                let st =
                    unsafe { goap_domain_plan(w, slow, &opts, actions.as_mut_ptr(), 32, &mut r) };
                let end = since();
                assert_eq!(st, GoapStatus::Ok);
                (Span { start, end }, r)
            });
            wait_started.recv().unwrap();
            std::thread::sleep(Duration::from_millis(20)); // the search is under way
            let editor = scope.spawn(move || {
                let w = world as *mut GoapWorld;
                let start = since();
                let mut all = Vec::new();
                for (d, prefix) in [(other, "other"), (slow, "more")] {
                    for i in 0..50 {
                        let name = format!("{prefix}{i}");
                        let mut f = GoapFactId::default();
                        let st = unsafe {
                            goap_domain_add_fact(
                                w,
                                d,
                                name.as_ptr().cast(),
                                name.len() as u32,
                                &mut f,
                            )
                        };
                        assert_eq!(st, GoapStatus::Ok);
                    }
                }
                // A shortcut to the slow domain's goal: later plans use it, the running one
                // plans on the domain as it was when it started.
                for i in 0..n {
                    let name = format!("f{i}");
                    let mut f = GoapFactId::default();
                    let st = unsafe {
                        goap_domain_find_fact(
                            w,
                            slow,
                            name.as_ptr().cast(),
                            name.len() as u32,
                            &mut f,
                        )
                    };
                    assert_eq!(st, GoapStatus::Ok);
                    all.push(fv(f, true));
                }
                let mut def = goap_action_def_default();
                (def.name, def.name_len) = s("everything");
                def.effects = all.as_ptr();
                def.effect_count = all.len() as u32;
                def.cost = 0.5;
                let mut a = GoapActionId::default();
                assert_eq!(
                    unsafe { goap_domain_add_action(w, slow, &def, &mut a) },
                    GoapStatus::Ok
                );
                let end = since();
                (Span { start, end }, a)
            });
            std::thread::sleep(Duration::from_millis(5)); // the edits are under way
            let quick = scope.spawn(move || {
                let w = world as *const GoapWorld;
                let start = since();
                for _ in 0..20 {
                    let mut r = GoapPlanResult::default();
                    let st = unsafe { goap_domain_plan(w, trivial, null(), null_mut(), 0, &mut r) };
                    assert_eq!((st, r.outcome), (GoapStatus::Ok, GoapOutcome::Found as i32));
                }
                Span {
                    start,
                    end: since(),
                }
            });
            let (slow_span, slow_result) = planner.join().unwrap();
            let (edit_span, cheap) = editor.join().unwrap();
            (
                slow_span,
                slow_result,
                edit_span,
                quick.join().unwrap(),
                cheap,
            )
        });
        if slow_span.len() < Duration::from_millis(200) && n < 24 {
            continue; // too fast to tell on this machine: try a bigger domain
        }
        let report = format!(
            "n = {n}: slow plan {slow_span:?}, edits {edit_span:?}, trivial plans {plan_span:?}"
        );
        assert!(slow_span.len() >= Duration::from_millis(200), "{report}");
        // The edits and the trivial plans ran while the slow plan did, and took a small
        // fraction of its time: nobody waited for it.
        for span in [edit_span, plan_span] {
            assert!(
                span.start > slow_span.start && span.end < slow_span.end,
                "{report}"
            );
            assert!(span.len() * 10 < slow_span.len(), "{report}");
        }
        // The slow plan saw the domain as it was when it started.
        assert_eq!(
            (
                slow_result.outcome,
                slow_result.cost,
                slow_result.action_count
            ),
            (GoapOutcome::Found as i32, n as f64, n as u32),
            "{report}"
        );
        // Later plans see the edits.
        let (r, actions) = w.plan(slow);
        assert_eq!((r.cost, actions), (0.5, vec![cheap]));
        assert_eq!(w.count(slow), (n as u32 + 50, n as u32 + 1));
        assert_eq!(w.count(other), (50, 0));
        return;
    }
}

#[test]
fn concurrent_edits_of_one_domain_are_never_lost_while_plans_run() {
    let k = kitchen();
    let world = k.w.0 as usize;
    let d = k.d;
    let bought = k.fact("菜已买");
    std::thread::scope(|scope| {
        for t in 0..4 {
            scope.spawn(move || {
                let w = world as *mut GoapWorld;
                for i in 0..100 {
                    let name = format!("t{t}_{i}");
                    let mut f = GoapFactId::default();
                    let st = unsafe {
                        goap_domain_add_fact(w, d, name.as_ptr().cast(), name.len() as u32, &mut f)
                    };
                    assert_eq!(st, GoapStatus::Ok);
                    // Every start state set here gives the same plan.
                    let start = [fv(bought, true), fv(f, true)];
                    assert_eq!(
                        unsafe { goap_domain_set_start(w, d, start.as_ptr(), 2) },
                        GoapStatus::Ok
                    );
                }
            });
            scope.spawn(move || {
                let w = world as *const GoapWorld;
                for _ in 0..50 {
                    let mut r = GoapPlanResult::default();
                    let mut buf = [GoapActionId::default(); 16];
                    let st =
                        unsafe { goap_domain_plan(w, d, null(), buf.as_mut_ptr(), 16, &mut r) };
                    assert_eq!(
                        (st, r.outcome, r.cost),
                        (GoapStatus::Ok, GoapOutcome::Found as i32, 17.0)
                    );
                }
            });
        }
    });
    assert_eq!(
        k.w.count(d),
        (8 + 400, 7),
        "every fact was added exactly once"
    );
}

// ---------------------------------------------------------------- integer variables

fn var_def(name: &str, min: i32, max: i32) -> GoapVarDef {
    let mut def = goap_var_def_default();
    (def.name, def.name_len) = s(name);
    def.min = min;
    def.max = max;
    def
}

fn vc(var: GoapVarId, op: GoapCompare, value: i32) -> GoapVarCondition {
    GoapVarCondition {
        var,
        op: op as i32,
        value,
    }
}

fn ve(var: GoapVarId, op: GoapVarOp, value: i32) -> GoapVarEffect {
    GoapVarEffect {
        var,
        op: op as i32,
        value,
    }
}

fn vv(var: GoapVarId, value: i32) -> GoapVarValue {
    GoapVarValue { var, value }
}

/// An action with fact and variable preconditions and effects.
struct NumAction<'a> {
    name: &'a str,
    pre: &'a [GoapFactValue],
    effects: &'a [GoapFactValue],
    var_pre: &'a [GoapVarCondition],
    var_effects: &'a [GoapVarEffect],
    cost: f64,
}

impl NumAction<'_> {
    fn def(&self) -> GoapActionDef {
        let mut def = goap_action_def_default();
        (def.name, def.name_len) = s(self.name);
        def.pre = self.pre.as_ptr();
        def.pre_count = self.pre.len() as u32;
        def.effects = self.effects.as_ptr();
        def.effect_count = self.effects.len() as u32;
        def.var_pre = self.var_pre.as_ptr();
        def.var_pre_count = self.var_pre.len() as u32;
        def.var_effects = self.var_effects.as_ptr();
        def.var_effect_count = self.var_effects.len() as u32;
        def.cost = self.cost;
        def
    }
}

/// `NumAction { name, ..NONE }`: no conditions or effects, cost 1.
const NONE: NumAction<'static> = NumAction {
    name: "",
    pre: &[],
    effects: &[],
    var_pre: &[],
    var_effects: &[],
    cost: 1.0,
};

impl World {
    fn try_var(&self, d: GoapDomainId, def: &GoapVarDef) -> Result<GoapVarId, GoapStatus> {
        let mut v = GoapVarId::default();
        match unsafe { goap_domain_add_var(self.0, d, def, &mut v) } {
            GoapStatus::Ok => Ok(v),
            st => {
                assert_eq!(v, GoapVarId::default(), "no output on error");
                Err(st)
            }
        }
    }

    fn var(&self, d: GoapDomainId, name: &str, min: i32, max: i32) -> GoapVarId {
        self.try_var(d, &var_def(name, min, max))
            .unwrap_or_else(|st| panic!("{st:?}: {}", last_error()))
    }

    fn try_num_action(&self, d: GoapDomainId, a: &NumAction) -> Result<GoapActionId, GoapStatus> {
        let mut id = GoapActionId::default();
        match unsafe { goap_domain_add_action(self.0, d, &a.def(), &mut id) } {
            GoapStatus::Ok => Ok(id),
            st => Err(st),
        }
    }

    fn num_action(&self, d: GoapDomainId, a: &NumAction) -> GoapActionId {
        self.try_num_action(d, a)
            .unwrap_or_else(|st| panic!("{st:?}: {}", last_error()))
    }

    fn var_name(&self, d: GoapDomainId, v: GoapVarId) -> String {
        let mut buf = [0u8; 64];
        let mut len = 0;
        ok(unsafe { goap_domain_var_name(self.0, d, v, buf.as_mut_ptr().cast(), 64, &mut len) });
        String::from_utf8(buf[..len as usize].to_vec()).unwrap()
    }

    fn var_count(&self, d: GoapDomainId) -> u32 {
        let mut n = u32::MAX;
        ok(unsafe { goap_domain_var_count(self.0, d, &mut n) });
        n
    }

    /// The plan as action names, and its cost; panics unless one was found.
    fn plan_names(&self, d: GoapDomainId) -> (Vec<String>, f64) {
        let (r, actions) = self.plan(d);
        assert_eq!(r.outcome, GoapOutcome::Found as i32, "{r:?}");
        let names = actions.iter().map(|&a| self.action_name(d, a)).collect();
        (names, r.cost)
    }

    fn plan_problem(
        &self,
        d: GoapDomainId,
        p: &GoapProblem,
    ) -> Result<(GoapPlanResult, Vec<String>), GoapStatus> {
        let mut actions = [GoapActionId::default(); 32];
        let mut r = GoapPlanResult::default();
        let st = unsafe {
            goap_domain_plan_problem(self.0, d, p, null(), actions.as_mut_ptr(), 32, &mut r)
        };
        if st != GoapStatus::Ok {
            assert_eq!(r, GoapPlanResult::default(), "no output on error");
            return Err(st);
        }
        let n = r.action_count as usize;
        let names = actions[..n]
            .iter()
            .map(|&a| self.action_name(d, a))
            .collect();
        Ok((r, names))
    }
}

/// A small numeric domain: chop wood (needs an axe) one at a time or buy five, and build a
/// house from three. Goal: the house; start: no axe, no wood.
struct Lumber {
    w: World,
    d: GoapDomainId,
    axe: GoapFactId,
    house: GoapFactId,
    wood: GoapVarId,
}

fn lumber() -> Lumber {
    let w = World::new();
    let d = w.domain();
    let axe = w.fact(d, "has_axe");
    let house = w.fact(d, "house");
    let wood = w.var(d, "wood", 0, 10);
    let add = ve(wood, GoapVarOp::Add, 1);
    w.num_action(
        d,
        &NumAction {
            name: "get_axe",
            effects: &[fv(axe, true)],
            cost: 2.0,
            ..NONE
        },
    );
    w.num_action(
        d,
        &NumAction {
            name: "chop",
            pre: &[fv(axe, true)],
            var_effects: &[add],
            ..NONE
        },
    );
    w.num_action(
        d,
        &NumAction {
            name: "buy_wood",
            var_effects: &[ve(wood, GoapVarOp::Add, 5)],
            cost: 6.0,
            ..NONE
        },
    );
    w.num_action(
        d,
        &NumAction {
            name: "build",
            effects: &[fv(house, true)],
            var_pre: &[vc(wood, GoapCompare::Ge, 3)],
            var_effects: &[ve(wood, GoapVarOp::Sub, 3)],
            ..NONE
        },
    );
    let goal = [fv(house, true)];
    ok(unsafe { goap_domain_set_goal(w.0, d, goal.as_ptr(), 1) });
    Lumber {
        w,
        d,
        axe,
        house,
        wood,
    }
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn variables_are_declared_found_named_and_counted() {
    let w = World::new();
    let d = w.domain();
    assert_eq!(w.var_count(d), 0);
    let ammo = w.var(d, "ammo", 0, 30);
    let hp = w.var(d, "生命", -5, 100);
    assert_ne!(ammo, hp);
    assert_eq!(w.var(d, "ammo", 0, 30), ammo, "same definition, same id");
    assert_eq!(w.var_count(d), 2);
    assert_eq!(w.var_name(d, hp), "生命");
    let (p, n) = s("ammo");
    let mut found = GoapVarId::default();
    ok(unsafe { goap_domain_find_var(w.0, d, p, n, &mut found) });
    assert_eq!(found, ammo);
    // Facts and variables share one namespace but not one lookup.
    let f = w.fact(d, "loaded");
    let (p, n) = s("loaded");
    let mut out_v = GoapVarId::default();
    let mut out_f = GoapFactId::default();
    expect_err(
        unsafe { goap_domain_find_var(w.0, d, p, n, &mut out_v) },
        GoapStatus::NotFound,
        "goap_domain_find_var",
        &["has no variable named \"loaded\" (it is a fact)"],
    );
    let (p, n) = s("ammo");
    expect_err(
        unsafe { goap_domain_find_fact(w.0, d, p, n, &mut out_f) },
        GoapStatus::NotFound,
        "goap_domain_find_fact",
        &["has no fact named \"ammo\""],
    );
    assert_eq!((out_v, out_f), Default::default());
    // A name with a NUL is never found, and the message shows it escaped: no raw NUL
    // reaches the C string (its reported length and `strlen` agree).
    let nul = "a\0b";
    let (p, n) = s(nul);
    let mut out_a = GoapActionId::default();
    let finders: [(&mut dyn FnMut() -> GoapStatus, &str, &str); 3] = [
        (
            &mut || unsafe { goap_domain_find_fact(w.0, d, p, n, &mut out_f) },
            "goap_domain_find_fact",
            "fact",
        ),
        (
            &mut || unsafe { goap_domain_find_var(w.0, d, p, n, &mut out_v) },
            "goap_domain_find_var",
            "variable",
        ),
        (
            &mut || unsafe { goap_domain_find_action(w.0, d, p, n, &mut out_a) },
            "goap_domain_find_action",
            "action",
        ),
    ];
    for (find, function, kind) in finders {
        let status = find();
        let needle = format!("has no {kind} named \"a\\0b\"");
        expect_err(status, GoapStatus::NotFound, function, &[&needle]);
        assert!(!last_error().contains('\0'), "{:?}", last_error());
    }
    assert!(f.bits != ammo.bits && f.bits != hp.bits);
    assert_eq!((out_f, out_v, out_a), Default::default());
    // A default, a saturating overflow rule.
    let mut def = var_def("clip", 0, 30);
    def.has_default = 1;
    def.default_value = 30;
    def.overflow = GoapOverflow::Saturate as i32;
    let clip = w.try_var(d, &def).unwrap();
    assert_eq!(w.try_var(d, &def), Ok(clip));
    // The name buffer protocol is the facts'.
    let mut len = 0;
    let mut small = [0u8; 4];
    expect_err(
        unsafe { goap_domain_var_name(w.0, d, clip, small.as_mut_ptr().cast(), 4, &mut len) },
        GoapStatus::BufferTooSmall,
        "goap_domain_var_name",
        &["capacity 4 but 5 bytes are needed"],
    );
    assert_eq!((len, small), (4, [0; 4]));
    assert_eq!(w.var_count(d), 3);
    assert_eq!(w.count(d), (1, 0));
}

#[test]
fn variable_definitions_are_checked() {
    let w = World::new();
    let d = w.domain();
    let fact = w.fact(d, "door_open");
    w.var(d, "ammo", 0, 30);
    let fails = |def: &GoapVarDef, status, needles: &[&str]| {
        let mut out = GoapVarId::default();
        expect_err(
            unsafe { goap_domain_add_var(w.0, d, def, &mut out) },
            status,
            "goap_domain_add_var",
            needles,
        );
        assert_eq!(out, GoapVarId::default());
    };
    use GoapStatus::*;
    // Uninitialised definitions: zeroed and with the cookie changed.
    let zeroed: GoapVarDef = unsafe { std::mem::zeroed() };
    fails(
        &zeroed,
        InvalidArgument,
        &["def: definition not initialised with goap_var_def_default()"],
    );
    let mut def = var_def("x", 0, 1);
    def.cookie ^= 1;
    fails(&def, InvalidArgument, &["goap_var_def_default()"]);
    // Names.
    fails(&var_def("", 0, 1), InvalidArgument, &["def->name is empty"]);
    fails(&var_def("a\0b", 0, 1), InvalidArgument, &["NUL"]);
    let mut def = var_def("x", 0, 1);
    def.name = null();
    fails(&def, NullPointer, &["def->name (with count 1) is NULL"]);
    let bad_utf8 = [0x66u8, 0xff];
    def.name = bad_utf8.as_ptr().cast();
    def.name_len = 2;
    fails(&def, InvalidUtf8, &["def->name is not valid UTF-8"]);
    // Ranges, defaults, flags.
    fails(
        &var_def("x", 5, 4),
        InvalidArgument,
        &["variable \"x\": min 5 is greater than max 4"],
    );
    let mut def = var_def("x", 0, 10);
    def.has_default = 1;
    def.default_value = 11;
    fails(
        &def,
        InvalidArgument,
        &["variable \"x\": default 11 is outside the range [0, 10]"],
    );
    def.has_default = 2;
    fails(
        &def,
        InvalidArgument,
        &["def->has_default of variable \"x\" is 2 (expected 0 or 1)"],
    );
    let mut def = var_def("x", 0, 10);
    def.overflow = 2;
    fails(
        &def,
        InvalidArgument,
        &[
            "def->overflow of variable \"x\" is 2",
            "GOAP_OVERFLOW_SATURATE",
        ],
    );
    // One namespace for facts and variables.
    fails(
        &var_def("door_open", 0, 1),
        DuplicateName,
        &["\"door_open\" is already a fact"],
    );
    let (p, n) = s("ammo");
    let mut out_f = GoapFactId::default();
    expect_err(
        unsafe { goap_domain_add_fact(w.0, d, p, n, &mut out_f) },
        DuplicateName,
        "goap_domain_add_fact",
        &["\"ammo\" is already a variable"],
    );
    // A variable declared again with another range, default or overflow rule.
    fails(
        &var_def("ammo", 0, 50),
        DuplicateName,
        &[
            "variable \"ammo\" is already declared as [0, 30], default 0, overflow reject; \
             this definition is [0, 50], default 0, overflow reject",
        ],
    );
    let mut def = var_def("ammo", 0, 30);
    def.overflow = GoapOverflow::Saturate as i32;
    fails(&def, DuplicateName, &["overflow saturate"]);
    // NULL arguments.
    let def = var_def("y", 0, 1);
    let mut out = GoapVarId::default();
    unsafe {
        expect_err(
            goap_domain_add_var(w.0, d, null(), &mut out),
            NullPointer,
            "goap_domain_add_var",
            &["argument `def` is NULL"],
        );
        expect_err(
            goap_domain_add_var(w.0, d, &def, null_mut()),
            NullPointer,
            "goap_domain_add_var",
            &["argument `out` is NULL"],
        );
        expect_err(
            goap_domain_add_var(null_mut(), d, &def, &mut out),
            NullPointer,
            "goap_domain_add_var",
            &["argument `world` is NULL"],
        );
        expect_err(
            goap_domain_add_var(w.0, GoapDomainId::default(), &def, &mut out),
            UnknownDomain,
            "goap_domain_add_var",
            &["domain id 0"],
        );
    }
    assert_eq!((out, out_f), Default::default());
    assert_eq!(w.var_count(d), 1, "nothing was added");
    assert_eq!(w.fact_name(d, fact), "door_open");
}

#[test]
fn variable_conditions_and_effects_are_checked() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    let fails = |a: NumAction, status, needles: &[&str]| {
        assert_eq!(w.try_num_action(d, &a), Err(status), "{}", last_error());
        let msg = last_error();
        assert!(msg.starts_with("goap_domain_add_action: "), "{msg}");
        for n in needles {
            assert!(msg.contains(n), "{msg:?} lacks {n:?}");
        }
    };
    use GoapStatus::*;
    for op in [0, 7, 99, -1] {
        let c = GoapVarCondition {
            var: wood,
            op,
            value: 1,
        };
        fails(
            NumAction {
                name: "x",
                var_pre: &[vc(wood, GoapCompare::Ge, 1), c],
                ..NONE
            },
            InvalidArgument,
            &[&format!(
                "def->var_pre[1].op is {op} on variable \"wood\" (expected a GOAP_COMPARE_* \
                 value, 1 to 6)"
            )],
        );
    }
    for op in [0, 4, 99] {
        let e = GoapVarEffect {
            var: wood,
            op,
            value: 1,
        };
        fails(
            NumAction {
                name: "x",
                var_effects: &[e],
                ..NONE
            },
            InvalidArgument,
            &[&format!(
                "def->var_effects[0].op is {op} on variable \"wood\" (expected a \
                 GOAP_VAR_OP_* value, 1 to 3)"
            )],
        );
    }
    // Constants outside the range.
    for (c, shown) in [
        (vc(wood, GoapCompare::Ge, 11), ">= 11"),
        (vc(wood, GoapCompare::Lt, -1), "< -1"),
        (vc(wood, GoapCompare::Eq, i32::MAX), "== 2147483647"),
    ] {
        fails(
            NumAction {
                name: "x",
                var_pre: &[c],
                ..NONE
            },
            OutOfRange,
            &[
                "action \"x\": pre: variable \"wood\"",
                shown,
                "outside the range [0, 10]",
            ],
        );
    }
    fails(
        NumAction {
            name: "x",
            var_effects: &[ve(wood, GoapVarOp::Set, -1)],
            ..NONE
        },
        OutOfRange,
        &["variable \"wood\": cannot set -1 outside the range [0, 10]"],
    );
    for (e, shown) in [
        (ve(wood, GoapVarOp::Add, 0), "+= 0"),
        (ve(wood, GoapVarOp::Add, 11), "+= 11"),
        (ve(wood, GoapVarOp::Sub, -2), "-= -2"),
    ] {
        fails(
            NumAction {
                name: "x",
                var_effects: &[e],
                ..NONE
            },
            OutOfRange,
            &[
                "variable \"wood\"",
                &format!("{shown} is not a step from 1 to 10"),
            ],
        );
    }
    // Conditions that never hold together; two effects on one variable.
    fails(
        NumAction {
            name: "x",
            var_pre: &[vc(wood, GoapCompare::Eq, 3), vc(wood, GoapCompare::Eq, 4)],
            ..NONE
        },
        Contradiction,
        &[
            "action \"x\": pre: variable \"wood\"",
            "== 3 and == 4 can never hold within the range [0, 10]",
        ],
    );
    fails(
        NumAction {
            name: "x",
            var_pre: &[vc(wood, GoapCompare::Lt, 0)],
            ..NONE
        },
        Contradiction,
        &["variable \"wood\": < 0 can never hold within the range [0, 10]"],
    );
    fails(
        NumAction {
            name: "x",
            var_effects: &[ve(wood, GoapVarOp::Add, 1), ve(wood, GoapVarOp::Set, 2)],
            ..NONE
        },
        Contradiction,
        &["variable \"wood\": has two different effects"],
    );
    // The same effect twice is not a double step (`+= 1` twice once loaded as one `+= 1`).
    fails(
        NumAction {
            name: "x",
            var_effects: &[ve(wood, GoapVarOp::Add, 1), ve(wood, GoapVarOp::Add, 1)],
            ..NONE
        },
        Contradiction,
        &["variable \"wood\": has the same effect listed twice"],
    );
    // NULL arrays with a count.
    let mut def = NumAction { name: "x", ..NONE }.def();
    (def.var_pre, def.var_effects) = (null(), null()); // an empty slice's pointer is not NULL
    def.var_pre_count = 1;
    let mut out = GoapActionId::default();
    expect_err(
        unsafe { goap_domain_add_action(w.0, d, &def, &mut out) },
        NullPointer,
        "goap_domain_add_action",
        &["def->var_pre (with count 1) is NULL"],
    );
    def.var_pre_count = 0;
    def.var_effect_count = 2;
    expect_err(
        unsafe { goap_domain_add_action(w.0, d, &def, &mut out) },
        NullPointer,
        "goap_domain_add_action",
        &["def->var_effects (with count 2) is NULL"],
    );
    assert_eq!(out, GoapActionId::default());
    assert_eq!(w.count(d), (2, 4), "no action was added");
}

#[test]
fn variable_ids_are_checked_and_distinct_from_other_kinds() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    let (p, n) = s("chop");
    let mut chop = GoapActionId::default();
    ok(unsafe { goap_domain_find_action(w.0, d, p, n, &mut chop) });
    for other in [l.axe.bits, l.house.bits, chop.bits, d.bits] {
        assert_ne!(wood.bits, other, "a variable id equals another kind's");
    }
    let mut len = 0;
    let var_name_fails = |v: GoapVarId, status, needles: &[&str]| {
        let mut len = 0;
        expect_err(
            unsafe { goap_domain_var_name(w.0, d, v, null_mut(), 0, &mut len) },
            status,
            "goap_domain_var_name",
            needles,
        );
        assert_eq!(len, 0);
    };
    use GoapStatus::*;
    var_name_fails(
        GoapVarId::default(),
        UnknownVar,
        &["var: 0 is never a valid variable id"],
    );
    var_name_fails(
        GoapVarId { bits: l.axe.bits },
        UnknownVar,
        &["is a fact id, not a variable id (wrong kind of id)"],
    );
    var_name_fails(
        GoapVarId { bits: chop.bits },
        UnknownVar,
        &["is an action id, not a variable id"],
    );
    var_name_fails(
        GoapVarId { bits: d.bits },
        UnknownVar,
        &["is not a variable id (it looks like a domain id)"],
    );
    // A variable id where a fact, an action or a domain id is expected.
    expect_err(
        unsafe {
            goap_domain_fact_name(
                w.0,
                d,
                GoapFactId { bits: wood.bits },
                null_mut(),
                0,
                &mut len,
            )
        },
        UnknownFact,
        "goap_domain_fact_name",
        &["is a variable id, not a fact id (wrong kind of id)"],
    );
    expect_err(
        unsafe {
            goap_domain_action_name(
                w.0,
                d,
                GoapActionId { bits: wood.bits },
                null_mut(),
                0,
                &mut len,
            )
        },
        UnknownAction,
        "goap_domain_action_name",
        &["is a variable id, not an action id"],
    );
    let mut count = 0;
    expect_err(
        unsafe { goap_domain_var_count(w.0, GoapDomainId { bits: wood.bits }, &mut count) },
        UnknownDomain,
        "goap_domain_var_count",
        &["is not a domain id (it looks like a variable id)"],
    );
    // ... and in every list.
    let wood_as_fact = GoapFactId { bits: wood.bits };
    assert_eq!(
        w.add_action(d, "x", &[fv(wood_as_fact, true)], &[], 1.0),
        Err(UnknownFact)
    );
    assert!(last_error().contains("def->pre[0].fact: "));
    assert!(last_error().contains("is a variable id, not a fact id"));
    let start = [fv(wood_as_fact, true)];
    expect_err(
        unsafe { goap_domain_set_start(w.0, d, start.as_ptr(), 1) },
        UnknownFact,
        "goap_domain_set_start",
        &["values[0].fact: ", "is a variable id"],
    );
    let as_var = [vc(GoapVarId { bits: l.house.bits }, GoapCompare::Eq, 1)];
    assert_eq!(
        w.try_num_action(
            d,
            &NumAction {
                name: "x",
                var_pre: &as_var,
                ..NONE
            }
        ),
        Err(UnknownVar)
    );
    assert!(last_error().contains("def->var_pre[0].var: "));
    assert!(last_error().contains("is a fact id, not a variable id"));
    let as_var = [ve(GoapVarId { bits: chop.bits }, GoapVarOp::Set, 1)];
    assert_eq!(
        w.try_num_action(
            d,
            &NumAction {
                name: "x",
                var_effects: &as_var,
                ..NONE
            }
        ),
        Err(UnknownVar)
    );
    assert!(last_error().contains("def->var_effects[0].var: "));
    // A stale variable id (its domain destroyed) and a foreign one (another world's), and a
    // variable index the domain does not have.
    let gone = w.domain();
    let stale = w.var(gone, "wood", 0, 10);
    ok(unsafe { goap_domain_destroy(w.0, gone) });
    var_name_fails(stale, UnknownVar, &["does not belong to domain"]);
    let other = lumber();
    var_name_fails(other.wood, UnknownVar, &["does not belong to domain"]);
    let second = w.var(d, "stone", 0, 5);
    let small = w.domain();
    let only = w.var(small, "wood", 0, 10);
    let mut len = 0;
    expect_err(
        unsafe { goap_domain_var_name(w.0, small, second, null_mut(), 0, &mut len) },
        UnknownVar,
        "goap_domain_var_name",
        &["does not belong to domain"],
    );
    assert_eq!(w.var_name(small, only), "wood");
    assert_eq!(w.var_count(d), 2);
}

#[test]
fn start_variables_are_checked() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    let set = |values: &[GoapVarValue]| unsafe {
        goap_domain_set_start_vars(w.0, d, values.as_ptr(), values.len() as u32)
    };
    ok(set(&[vv(wood, 2)]));
    use GoapStatus::*;
    expect_err(
        set(&[vv(wood, 11)]),
        OutOfRange,
        "goap_domain_set_start_vars",
        &["start: variable \"wood\": value 11 is outside the range [0, 10]"],
    );
    expect_err(
        set(&[vv(wood, -1)]),
        OutOfRange,
        "goap_domain_set_start_vars",
        &["value -1 is outside"],
    );
    expect_err(
        set(&[vv(wood, 3), vv(wood, 4)]),
        Contradiction,
        "goap_domain_set_start_vars",
        &["start: variable \"wood\": is listed with two values, 3 and 4"],
    );
    expect_err(
        set(&[vv(GoapVarId { bits: l.axe.bits }, 1)]),
        UnknownVar,
        "goap_domain_set_start_vars",
        &["values[0].var: ", "is a fact id, not a variable id"],
    );
    expect_err(
        set(&[vv(wood, 1), vv(GoapVarId::default(), 1)]),
        UnknownVar,
        "goap_domain_set_start_vars",
        &["values[1].var: 0 is never a valid variable id"],
    );
    unsafe {
        expect_err(
            goap_domain_set_start_vars(w.0, d, null(), 1),
            NullPointer,
            "goap_domain_set_start_vars",
            &["values (with count 1) is NULL"],
        );
        expect_err(
            goap_domain_set_start_vars(null_mut(), d, null(), 0),
            NullPointer,
            "goap_domain_set_start_vars",
            &["argument `world` is NULL"],
        );
        expect_err(
            goap_domain_set_start_vars(w.0, GoapDomainId { bits: wood.bits }, null(), 0),
            UnknownDomain,
            "goap_domain_set_start_vars",
            &["looks like a variable id"],
        );
    }
    // The stored start is still wood = 2: get the axe, chop one, build.
    assert_eq!(w.plan_names(d), (names(&["get_axe", "chop", "build"]), 4.0));
    // The same value twice is fine.
    ok(set(&[vv(wood, 3), vv(wood, 3)]));
    assert_eq!(w.plan_names(d), (names(&["build"]), 1.0));
}

#[test]
fn goal_variables_are_checked() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    let set = |conds: &[GoapVarCondition]| unsafe {
        goap_domain_set_goal_vars(w.0, d, conds.as_ptr(), conds.len() as u32)
    };
    use GoapStatus::*;
    let c = GoapVarCondition {
        var: wood,
        op: 0,
        value: 1,
    };
    expect_err(
        set(&[c]),
        InvalidArgument,
        "goap_domain_set_goal_vars",
        &["conditions[0].op is 0 on variable \"wood\""],
    );
    expect_err(
        set(&[vc(wood, GoapCompare::Le, 12)]),
        OutOfRange,
        "goap_domain_set_goal_vars",
        &["goal: variable \"wood\": <= 12 compares with a constant outside the range [0, 10]"],
    );
    expect_err(
        set(&[vc(wood, GoapCompare::Gt, 5), vc(wood, GoapCompare::Lt, 3)]),
        Contradiction,
        "goap_domain_set_goal_vars",
        &["variable \"wood\"", "> 5", "< 3"],
    );
    expect_err(
        set(&[vc(wood, GoapCompare::Eq, 1), vc(wood, GoapCompare::Eq, 2)]),
        Contradiction,
        "goap_domain_set_goal_vars",
        &[
            "goal: variable \"wood\"",
            "== 1 and == 2 can never hold within the range [0, 10]",
        ],
    );
    expect_err(
        set(&[vc(GoapVarId { bits: l.house.bits }, GoapCompare::Eq, 1)]),
        UnknownVar,
        "goap_domain_set_goal_vars",
        &["conditions[0].var: ", "is a fact id"],
    );
    unsafe {
        expect_err(
            goap_domain_set_goal_vars(w.0, d, null(), 3),
            NullPointer,
            "goap_domain_set_goal_vars",
            &["conditions (with count 3) is NULL"],
        );
        expect_err(
            goap_domain_set_goal_vars(null_mut(), d, null(), 0),
            NullPointer,
            "goap_domain_set_goal_vars",
            &["argument `world` is NULL"],
        );
    }
    // The goal is unchanged: the house, any wood.
    assert_eq!(
        w.plan_names(d),
        (names(&["get_axe", "chop", "chop", "chop", "build"]), 6.0)
    );
}

#[test]
fn numeric_domain_plans_optimally_through_the_abi() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    // Chop wood three times, then build (6), rather than buy wood (7).
    assert_eq!(
        w.plan_names(d),
        (names(&["get_axe", "chop", "chop", "chop", "build"]), 6.0)
    );
    // Start with two pieces of wood: one chop is enough.
    let start_vars = [vv(wood, 2)];
    ok(unsafe { goap_domain_set_start_vars(w.0, d, start_vars.as_ptr(), 1) });
    assert_eq!(w.plan_names(d), (names(&["get_axe", "chop", "build"]), 4.0));
    // Setting the start facts keeps the start variables.
    let start = [fv(l.axe, true)];
    ok(unsafe { goap_domain_set_start(w.0, d, start.as_ptr(), 1) });
    assert_eq!(w.plan_names(d), (names(&["chop", "build"]), 2.0));
    // Back to no wood and no axe; the goal also wants exactly two pieces left: buying five
    // and building (7) beats the axe and five chops (8).
    ok(unsafe { goap_domain_set_start_vars(w.0, d, null(), 0) });
    ok(unsafe { goap_domain_set_start(w.0, d, null(), 0) });
    let goal_vars = [vc(wood, GoapCompare::Eq, 2)];
    ok(unsafe { goap_domain_set_goal_vars(w.0, d, goal_vars.as_ptr(), 1) });
    assert_eq!(w.plan_names(d), (names(&["buy_wood", "build"]), 7.0));
    // Setting the goal's facts keeps its variable conditions.
    let goal = [fv(l.house, true)];
    ok(unsafe { goap_domain_set_goal(w.0, d, goal.as_ptr(), 1) });
    assert_eq!(w.plan_names(d), (names(&["buy_wood", "build"]), 7.0));
    // Only the variable conditions, with no fact conditions.
    ok(unsafe { goap_domain_set_goal(w.0, d, null(), 0) });
    let goal_vars = [vc(wood, GoapCompare::Ge, 2)];
    ok(unsafe { goap_domain_set_goal_vars(w.0, d, goal_vars.as_ptr(), 1) });
    assert_eq!(w.plan_names(d), (names(&["get_axe", "chop", "chop"]), 4.0));
    // goap_domain_plan_from ignores the stored variables' start values: defaults.
    let mut actions = [GoapActionId::default(); 8];
    let mut r = GoapPlanResult::default();
    let goal = [fv(l.house, true)];
    ok(unsafe {
        goap_domain_plan_from(
            w.0,
            d,
            start.as_ptr(),
            1,
            goal.as_ptr(),
            1,
            null(),
            actions.as_mut_ptr(),
            8,
            &mut r,
        )
    });
    assert_eq!((r.action_count, r.cost), (4, 4.0), "{r:?}");
}

#[test]
fn goal_variables_alone_make_a_goal() {
    let w = World::new();
    let d = w.domain();
    let wood = w.var(d, "wood", 0, 10);
    w.num_action(
        d,
        &NumAction {
            name: "chop",
            var_effects: &[ve(wood, GoapVarOp::Add, 1)],
            ..NONE
        },
    );
    let mut r = GoapPlanResult::default();
    expect_err(
        unsafe { goap_domain_plan(w.0, d, null(), null_mut(), 0, &mut r) },
        GoapStatus::NoGoal,
        "goap_domain_plan",
        &["has no goal"],
    );
    let goal_vars = [vc(wood, GoapCompare::Ge, 2)];
    ok(unsafe { goap_domain_set_goal_vars(w.0, d, goal_vars.as_ptr(), 1) });
    assert_eq!(w.plan_names(d), (names(&["chop", "chop"]), 2.0));
}

#[test]
fn overflow_rules_decide_whether_an_effect_may_leave_the_range() {
    for (overflow, expected) in [
        (GoapOverflow::Reject, None),
        (GoapOverflow::Saturate, Some(1.0)),
    ] {
        let w = World::new();
        let d = w.domain();
        let mut def = var_def("ammo", 0, 30);
        def.has_default = 1;
        def.default_value = 25;
        def.overflow = overflow as i32;
        let ammo = w.try_var(d, &def).unwrap();
        w.num_action(
            d,
            &NumAction {
                name: "reload",
                var_effects: &[ve(ammo, GoapVarOp::Add, 10)],
                ..NONE
            },
        );
        let goal_vars = [vc(ammo, GoapCompare::Eq, 30)];
        ok(unsafe { goap_domain_set_goal_vars(w.0, d, goal_vars.as_ptr(), 1) });
        let (r, actions) = w.plan(d);
        match expected {
            // 25 + 10 leaves the range: reloading is not applicable.
            None => assert_eq!(r.outcome, GoapOutcome::NoPlan as i32, "{r:?}"),
            // 25 + 10 is clamped to 30.
            Some(cost) => {
                assert_eq!((r.outcome, r.cost), (GoapOutcome::Found as i32, cost));
                assert_eq!(w.action_name(d, actions[0]), "reload");
            }
        }
    }
}

#[test]
fn plan_problem_uses_its_own_start_and_goal() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    // The default problem: an empty goal, solved by the empty plan.
    let p = goap_problem_default();
    let (r, plan) = w.plan_problem(d, &p).unwrap();
    assert_eq!((r.outcome, plan.len()), (GoapOutcome::Found as i32, 0));
    // Axe and two pieces of wood, house wanted: chop once and build.
    let start = [fv(l.axe, true)];
    let start_vars = [vv(wood, 2)];
    let goal = [fv(l.house, true)];
    let mut p = goap_problem_default();
    (p.start, p.start_count) = (start.as_ptr(), 1);
    (p.start_vars, p.start_var_count) = (start_vars.as_ptr(), 1);
    (p.goal, p.goal_count) = (goal.as_ptr(), 1);
    let (r, plan) = w.plan_problem(d, &p).unwrap();
    assert_eq!((plan, r.cost), (names(&["chop", "build"]), 2.0));
    // Plus at least four pieces left over: chop five times in all.
    let goal_vars = [vc(wood, GoapCompare::Ge, 4)];
    (p.goal_vars, p.goal_var_count) = (goal_vars.as_ptr(), 1);
    let (r, plan) = w.plan_problem(d, &p).unwrap();
    assert_eq!(r.cost, 6.0, "{plan:?}");
    assert_eq!(plan.iter().filter(|a| *a == "chop").count(), 5, "{plan:?}");
    // The stored start and goal were not touched.
    assert_eq!(
        w.plan_names(d),
        (names(&["get_axe", "chop", "chop", "chop", "build"]), 6.0)
    );
    // A buffer too small gets the result only, as with the other plan calls.
    let mut r = GoapPlanResult::default();
    let mut one = [GoapActionId::default(); 1];
    expect_err(
        unsafe { goap_domain_plan_problem(w.0, d, &p, null(), one.as_mut_ptr(), 1, &mut r) },
        GoapStatus::BufferTooSmall,
        "goap_domain_plan_problem",
        &["out_actions has capacity 1 but the plan has 6 actions"],
    );
    assert_eq!((r.action_count, one[0]), (6, GoapActionId::default()));
}

#[test]
fn plan_problem_errors() {
    let l = lumber();
    let (w, d, wood) = (&l.w, l.d, l.wood);
    use GoapStatus::*;
    let fails = |p: &GoapProblem, status, needles: &[&str]| {
        assert_eq!(w.plan_problem(d, p), Err(status), "{}", last_error());
        let msg = last_error();
        assert!(msg.starts_with("goap_domain_plan_problem: "), "{msg}");
        for n in needles {
            assert!(msg.contains(n), "{msg:?} lacks {n:?}");
        }
    };
    let zeroed: GoapProblem = unsafe { std::mem::zeroed() };
    fails(
        &zeroed,
        InvalidArgument,
        &["problem: definition not initialised with goap_problem_default()"],
    );
    let bad_start = [vv(wood, 11)];
    let twice = [vv(wood, 1), vv(wood, 2)];
    let fact_as_var = [vv(GoapVarId { bits: l.axe.bits }, 1)];
    let bad_op = [GoapVarCondition {
        var: wood,
        op: 99,
        value: 1,
    }];
    let never = [vc(wood, GoapCompare::Ne, 0), vc(wood, GoapCompare::Le, 0)];
    let out_of_range = [vc(wood, GoapCompare::Gt, 11)];
    let var_as_fact = [fv(GoapFactId { bits: wood.bits }, true)];
    let mut p = goap_problem_default();
    (p.start_vars, p.start_var_count) = (bad_start.as_ptr(), 1);
    fails(
        &p,
        OutOfRange,
        &["start: variable \"wood\": value 11 is outside the range [0, 10]"],
    );
    (p.start_vars, p.start_var_count) = (twice.as_ptr(), 2);
    fails(&p, Contradiction, &["is listed with two values, 1 and 2"]);
    (p.start_vars, p.start_var_count) = (fact_as_var.as_ptr(), 1);
    fails(
        &p,
        UnknownVar,
        &["problem->start_vars[0].var: ", "is a fact id"],
    );
    (p.start_vars, p.start_var_count) = (null(), 1);
    fails(
        &p,
        NullPointer,
        &["problem->start_vars (with count 1) is NULL"],
    );
    let mut p = goap_problem_default();
    (p.goal_vars, p.goal_var_count) = (bad_op.as_ptr(), 1);
    fails(
        &p,
        InvalidArgument,
        &["problem->goal_vars[0].op is 99 on variable \"wood\""],
    );
    (p.goal_vars, p.goal_var_count) = (never.as_ptr(), 2);
    fails(
        &p,
        Contradiction,
        &["variable \"wood\": != 0 and <= 0 can never hold within the range [0, 10]"],
    );
    (p.goal_vars, p.goal_var_count) = (out_of_range.as_ptr(), 1);
    fails(&p, OutOfRange, &["goal: variable \"wood\": > 11"]);
    let mut p = goap_problem_default();
    (p.goal, p.goal_count) = (var_as_fact.as_ptr(), 1);
    fails(
        &p,
        UnknownFact,
        &["problem->goal[0].fact: ", "is a variable id, not a fact id"],
    );
    (p.goal, p.goal_count) = (null(), 2);
    fails(&p, NullPointer, &["problem->goal (with count 2) is NULL"]);
    let p = goap_problem_default();
    let mut r = GoapPlanResult::default();
    let opts = GoapPlanOptions {
        cookie: 0,
        max_nodes: 1,
        heuristic: 0,
        direction: 0,
    };
    unsafe {
        expect_err(
            goap_domain_plan_problem(w.0, d, null(), null(), null_mut(), 0, &mut r),
            NullPointer,
            "goap_domain_plan_problem",
            &["argument `problem` is NULL"],
        );
        expect_err(
            goap_domain_plan_problem(w.0, d, &p, null(), null_mut(), 0, null_mut()),
            NullPointer,
            "goap_domain_plan_problem",
            &["argument `out_result` is NULL"],
        );
        expect_err(
            goap_domain_plan_problem(null(), d, &p, null(), null_mut(), 0, &mut r),
            NullPointer,
            "goap_domain_plan_problem",
            &["argument `world` is NULL"],
        );
        expect_err(
            goap_domain_plan_problem(w.0, d, &p, null(), null_mut(), 4, &mut r),
            NullPointer,
            "goap_domain_plan_problem",
            &["argument `out_actions` (with capacity 4) is NULL"],
        );
        expect_err(
            goap_domain_plan_problem(w.0, d, &p, &opts, null_mut(), 0, &mut r),
            InvalidArgument,
            "goap_domain_plan_problem",
            &["not initialised with goap_plan_options_default()"],
        );
        expect_err(
            goap_domain_plan_problem(
                w.0,
                GoapDomainId { bits: wood.bits },
                &p,
                null(),
                null_mut(),
                0,
                &mut r,
            ),
            UnknownDomain,
            "goap_domain_plan_problem",
            &["looks like a variable id"],
        );
    }
    assert_eq!(r, GoapPlanResult::default());
}

#[test]
fn null_world_is_rejected_by_the_variable_functions() {
    let (p, n) = s("x");
    let mut id = GoapVarId::default();
    let mut count = 0u32;
    let def = goap_var_def_default();
    let nw = null_mut::<GoapWorld>();
    let calls: Vec<(&str, GoapStatus)> = unsafe {
        vec![
            (
                "goap_domain_add_var",
                goap_domain_add_var(nw, GoapDomainId { bits: 1 }, &def, &mut id),
            ),
            (
                "goap_domain_find_var",
                goap_domain_find_var(nw, GoapDomainId { bits: 1 }, p, n, &mut id),
            ),
            (
                "goap_domain_var_name",
                goap_domain_var_name(
                    nw,
                    GoapDomainId { bits: 1 },
                    GoapVarId { bits: 1 },
                    null_mut(),
                    0,
                    &mut count,
                ),
            ),
            (
                "goap_domain_var_count",
                goap_domain_var_count(nw, GoapDomainId { bits: 1 }, &mut count),
            ),
        ]
    };
    for (function, st) in calls {
        assert_eq!(st, GoapStatus::NullPointer, "{function}");
    }
    let l = lumber();
    unsafe {
        expect_err(
            goap_domain_find_var(l.w.0, l.d, p, n, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_find_var",
            &["argument `out` is NULL"],
        );
        expect_err(
            goap_domain_var_name(l.w.0, l.d, l.wood, null_mut(), 0, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_var_name",
            &["argument `out_len` is NULL"],
        );
        expect_err(
            goap_domain_var_count(l.w.0, l.d, null_mut()),
            GoapStatus::NullPointer,
            "goap_domain_var_count",
            &["argument `out_count` is NULL"],
        );
        expect_err(
            goap_domain_var_name(l.w.0, l.d, l.wood, null_mut(), 4, &mut count),
            GoapStatus::NullPointer,
            "goap_domain_var_name",
            &["argument `buf` (with capacity 4) is NULL"],
        );
    }
    assert_eq!((id, count), (GoapVarId::default(), 0), "outputs untouched");
}

#[test]
fn numeric_domain_from_json_plans_through_the_abi() {
    let json = r#"{
        "vars": {"wood": {"min": 0, "max": 10}},
        "actions": [
            {"name": "get_axe", "effects": {"has_axe": true}, "cost": 2},
            {"name": "chop", "pre": {"has_axe": true}, "effects": {"wood": {"+=": 1}}},
            {"name": "buy_wood", "effects": {"wood": {"+=": 5}}, "cost": 6},
            {"name": "build", "pre": {"wood": {">=": 3}},
             "effects": {"house": true, "wood": {"-=": 3}}}
        ],
        "start": {"wood": 2},
        "goal": {"house": true}
    }"#;
    let w = World::new();
    let (p, n) = s(json);
    let mut d = GoapDomainId::default();
    ok(unsafe { goap_domain_load_json(w.0, p, n, &mut d) });
    let (p, n) = s("wood");
    let mut wood = GoapVarId::default();
    ok(unsafe { goap_domain_find_var(w.0, d, p, n, &mut wood) });
    assert_eq!(w.var_count(d), 1);
    assert_eq!(w.plan_names(d), (names(&["get_axe", "chop", "build"]), 4.0));
}

// ---------------------------------------------------------------- typed ids: null and kinds

/// An agent of a fresh kitchen with two goals, in a world of the agent tests' kind:
/// (world, domain, agent, goal ids).
fn agent_with_goals() -> (
    ffi_support::World,
    GoapDomainId,
    GoapAgentId,
    [GoapGoalId; 2],
) {
    let w = ffi_support::World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    let dinner = w.dinner_goal(d, a);
    let rice = w.fact(d, "饭已熟");
    let rice = w.goal(a, "rice", &[fv(rice, true)], 0.5);
    (w, d, a, [dinner, rice])
}

#[test]
fn the_null_id_of_every_kind_is_rejected() {
    let (w, d, a, [goal, _]) = agent_with_goals();
    let wp = w.0;
    let mut len = 0u32;
    let mut count = 0u32;
    let mut value = -1;
    unsafe {
        expect_err(
            goap_domain_fact_count(wp, GoapDomainId::default(), &mut count),
            GoapStatus::UnknownDomain,
            "goap_domain_fact_count",
            &["domain id 0 is never valid"],
        );
        expect_err(
            goap_domain_fact_name(wp, d, GoapFactId::default(), null_mut(), 0, &mut len),
            GoapStatus::UnknownFact,
            "goap_domain_fact_name",
            &["fact: 0 is never a valid fact id"],
        );
        expect_err(
            goap_agent_get_fact(wp, a, GoapFactId::default(), &mut value),
            GoapStatus::UnknownFact,
            "goap_agent_get_fact",
            &["fact: 0 is never a valid fact id"],
        );
        expect_err(
            goap_domain_action_name(wp, d, GoapActionId::default(), null_mut(), 0, &mut len),
            GoapStatus::UnknownAction,
            "goap_domain_action_name",
            &["action: 0 is never a valid action id"],
        );
        expect_err(
            goap_agent_set_action_enabled(wp, a, GoapActionId::default(), 0),
            GoapStatus::UnknownAction,
            "goap_agent_set_action_enabled",
            &["action: 0 is never a valid action id"],
        );
        expect_err(
            goap_domain_var_name(wp, d, GoapVarId::default(), null_mut(), 0, &mut len),
            GoapStatus::UnknownVar,
            "goap_domain_var_name",
            &["var: 0 is never a valid variable id"],
        );
        expect_err(
            goap_agent_get_var(wp, a, GoapVarId::default(), &mut value),
            GoapStatus::UnknownVar,
            "goap_agent_get_var",
            &["var: 0 is never a valid variable id"],
        );
        let mut info = GoapAgentInfo::default();
        expect_err(
            goap_agent_info(wp, GoapAgentId::default(), &mut info),
            GoapStatus::UnknownAgent,
            "goap_agent_info",
            &["the null agent id is never valid"],
        );
        expect_err(
            goap_agent_destroy(wp, GoapAgentId::default()),
            GoapStatus::UnknownAgent,
            "goap_agent_destroy",
            &["the null agent id is never valid"],
        );
        // Every function that takes a goal id.
        let null = GoapGoalId::default();
        let needle = ["goal: the null goal id is never valid"];
        expect_err(
            goap_agent_goal_name(wp, a, null, null_mut(), 0, &mut len),
            GoapStatus::UnknownGoal,
            "goap_agent_goal_name",
            &needle,
        );
        let mut goal_info = GoapGoalInfo::default();
        expect_err(
            goap_agent_goal_info(wp, a, null, &mut goal_info),
            GoapStatus::UnknownGoal,
            "goap_agent_goal_info",
            &needle,
        );
        expect_err(
            goap_agent_goal_conditions(wp, a, null, null_mut(), 0, &mut count),
            GoapStatus::UnknownGoal,
            "goap_agent_goal_conditions",
            &needle,
        );
        expect_err(
            goap_agent_goal_var_conditions(wp, a, null, null_mut(), 0, &mut count),
            GoapStatus::UnknownGoal,
            "goap_agent_goal_var_conditions",
            &needle,
        );
        expect_err(
            goap_agent_set_goal_priority(w.0, a, null, 2.0),
            GoapStatus::UnknownGoal,
            "goap_agent_set_goal_priority",
            &needle,
        );
        expect_err(
            goap_agent_remove_goal(w.0, a, null),
            GoapStatus::UnknownGoal,
            "goap_agent_remove_goal",
            &needle,
        );
        expect_err(
            goap_agent_explain(
                wp,
                a,
                null,
                GoapExplainFormat::Text as i32,
                null_mut(),
                0,
                &mut len,
            ),
            GoapStatus::UnknownGoal,
            "goap_agent_explain",
            &["the null goal id is never valid"],
        );
        assert_eq!(info, GoapAgentInfo::default(), "outputs untouched");
    }
    assert_eq!((len, count, value), (0, 0, -1), "outputs untouched");
    // Nothing changed: the agent still has both goals and pursues the dinner.
    assert_eq!(w.info(a).goal_count, 2);
    let step = w.step(a, 0.1);
    assert_eq!(step.kind, GoapStepKind::Start as i32, "{step:?}");
    assert_eq!(step.goal, goal);
    assert_ne!(step.action, GoapActionId::default());
}

#[test]
fn the_library_writes_null_ids_where_there_is_none() {
    let w = ffi_support::World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    // No goal: the null goal id (never -1 or an index), and no action.
    assert_eq!(w.info(a).goal, GoapGoalId::default());
    let step = w.step(a, 0.1);
    assert_eq!(step.kind, GoapStepKind::Idle as i32, "{step:?}");
    assert_eq!(step.goal, GoapGoalId::default());
    assert_eq!(step.action, GoapActionId::default());
    // With a goal, its id; after removing it, the null id again.
    let goal = w.dinner_goal(d, a);
    assert_ne!(goal, GoapGoalId::default());
    let step = w.step(a, 0.1);
    assert_eq!((step.kind, step.goal), (GoapStepKind::Start as i32, goal));
    assert_eq!(w.info(a).goal, goal);
    ok(unsafe { goap_agent_remove_goal(w.0, a, goal) });
    let step = w.step(a, 0.1);
    assert_eq!(step.goal, GoapGoalId::default(), "{step:?}");
    assert_eq!(w.info(a).goal, GoapGoalId::default());
}

#[test]
fn item_id_bits_in_a_struct_of_another_kind_are_the_wrong_kind() {
    let l = lumber();
    let (w, d) = (&l.w, l.d);
    let (p, n) = s("chop");
    let mut chop = GoapActionId::default();
    ok(unsafe { goap_domain_find_action(w.0, d, p, n, &mut chop) });
    let (fact, action, var) = (l.axe.bits, chop.bits, l.wood.bits);
    let mut len = 0u32;
    let name = |bits: u64, kind: &str| unsafe {
        let mut len = 0u32;
        match kind {
            "fact" => (
                goap_domain_fact_name(w.0, d, GoapFactId { bits }, null_mut(), 0, &mut len),
                "goap_domain_fact_name",
            ),
            "action" => (
                goap_domain_action_name(w.0, d, GoapActionId { bits }, null_mut(), 0, &mut len),
                "goap_domain_action_name",
            ),
            _ => (
                goap_domain_var_name(w.0, d, GoapVarId { bits }, null_mut(), 0, &mut len),
                "goap_domain_var_name",
            ),
        }
    };
    let status = |kind: &str| match kind {
        "fact" => GoapStatus::UnknownFact,
        "action" => GoapStatus::UnknownAction,
        _ => GoapStatus::UnknownVar,
    };
    let ids = [(fact, "fact"), (action, "action"), (var, "variable")];
    for (bits, actual) in ids {
        for (_, expected) in ids {
            let (st, function) = name(bits, expected);
            if actual == expected {
                // The id decodes: only the empty buffer is refused.
                assert_eq!(st, GoapStatus::BufferTooSmall, "{}", last_error());
                continue;
            }
            let article = |k: &str| if k == "action" { "an" } else { "a" };
            let needle = format!(
                "{bits:#x} is {} {actual} id, not {} {expected} id (wrong kind of id)",
                article(actual),
                article(expected)
            );
            expect_err(st, status(expected), function, &[&needle]);
        }
    }
    // Through an agent too (its own copy of the domain decodes the ids).
    let agent = {
        let mut def = goap_agent_def_default();
        def.domain = d;
        let mut agent = GoapAgentId::default();
        ok(unsafe { goap_agent_create(w.0, &def, &mut agent) });
        agent
    };
    let mut value = -1;
    unsafe {
        expect_err(
            goap_agent_get_fact(w.0, agent, GoapFactId { bits: var }, &mut value),
            GoapStatus::UnknownFact,
            "goap_agent_get_fact",
            &["is a variable id, not a fact id (wrong kind of id)"],
        );
        expect_err(
            goap_agent_get_var(w.0, agent, GoapVarId { bits: fact }, &mut value),
            GoapStatus::UnknownVar,
            "goap_agent_get_var",
            &["is a fact id, not a variable id (wrong kind of id)"],
        );
        expect_err(
            goap_agent_set_action_enabled(w.0, agent, GoapActionId { bits: fact }, 0),
            GoapStatus::UnknownAction,
            "goap_agent_set_action_enabled",
            &["is a fact id, not an action id (wrong kind of id)"],
        );
        expect_err(
            goap_domain_fact_name(w.0, d, GoapFactId { bits: d.bits }, null_mut(), 0, &mut len),
            GoapStatus::UnknownFact,
            "goap_domain_fact_name",
            &["is not a fact id (it looks like a domain id)"],
        );
    }
    assert_eq!((len, value), (0, -1), "outputs untouched");
}

#[test]
fn domain_agent_and_goal_id_bits_in_a_struct_of_another_kind_are_rejected() {
    let (w, d, a, [goal, _]) = agent_with_goals();
    let fact = w.fact(d, "菜已买");
    let action = w.action(d, "洗菜");
    let mut count = 0u32;
    let mut info = GoapAgentInfo::default();
    let mut len = 0u32;
    let mut value = -1;
    unsafe {
        // As a domain id: the message says what the bits look like.
        for (bits, looks_like) in [
            (fact.bits, "a fact id"),
            (action.bits, "an action id"),
            (a.bits, "an agent id"),
        ] {
            expect_err(
                goap_domain_fact_count(w.0, GoapDomainId { bits }, &mut count),
                GoapStatus::UnknownDomain,
                "goap_domain_fact_count",
                &[&format!(
                    "{bits:#x} is not a domain id (it looks like {looks_like})"
                )],
            );
        }
        // As an agent id: likewise.
        for (bits, looks_like) in [
            (d.bits, "a domain id"),
            (fact.bits, "a fact id"),
            (action.bits, "an action id"),
        ] {
            expect_err(
                goap_agent_info(w.0, GoapAgentId { bits }, &mut info),
                GoapStatus::UnknownAgent,
                "goap_agent_info",
                &[&format!(
                    "{bits:#x} is not an agent id (it looks like {looks_like})"
                )],
            );
        }
        // An agent id where an item id is expected.
        expect_err(
            goap_agent_get_fact(w.0, a, GoapFactId { bits: a.bits }, &mut value),
            GoapStatus::UnknownFact,
            "goap_agent_get_fact",
            &["fact: "],
        );
        expect_err(
            goap_domain_action_name(
                w.0,
                d,
                GoapActionId { bits: a.bits },
                null_mut(),
                0,
                &mut len,
            ),
            GoapStatus::UnknownAction,
            "goap_domain_action_name",
            &["action: "],
        );
        // As a goal id, and a goal id as any other kind: never taken for one another.
        let goal_name = |bits: u64| {
            let mut len = 0u32;
            let st = goap_agent_goal_name(w.0, a, GoapGoalId { bits }, null_mut(), 0, &mut len);
            assert_eq!(len, 0);
            st
        };
        for (bits, looks_like) in [
            (d.bits, "a domain id"),
            (fact.bits, "a fact id"),
            (action.bits, "an action id"),
            (a.bits, "an agent id"),
        ] {
            expect_err(
                goal_name(bits),
                GoapStatus::UnknownGoal,
                "goap_agent_goal_name",
                &[&format!(
                    "goal: {bits:#x} is not a goal id (it looks like {looks_like})"
                )],
            );
        }
        let looks = format!("{:#x} is not", goal.bits);
        let looks = [looks.as_str(), "(it looks like a goal id)"];
        expect_err(
            goap_domain_fact_count(w.0, GoapDomainId { bits: goal.bits }, &mut count),
            GoapStatus::UnknownDomain,
            "goap_domain_fact_count",
            &looks,
        );
        expect_err(
            goap_agent_info(w.0, GoapAgentId { bits: goal.bits }, &mut info),
            GoapStatus::UnknownAgent,
            "goap_agent_info",
            &looks,
        );
        expect_err(
            goap_agent_get_fact(w.0, a, GoapFactId { bits: goal.bits }, &mut value),
            GoapStatus::UnknownFact,
            "goap_agent_get_fact",
            &looks,
        );
        expect_err(
            goap_agent_set_action_enabled(w.0, a, GoapActionId { bits: goal.bits }, 0),
            GoapStatus::UnknownAction,
            "goap_agent_set_action_enabled",
            &looks,
        );
        expect_err(
            goap_agent_get_var(w.0, a, GoapVarId { bits: goal.bits }, &mut value),
            GoapStatus::UnknownVar,
            "goap_agent_get_var",
            &looks,
        );
    }
    assert_eq!((count, len, value), (0, 0, -1), "outputs untouched");
    assert_eq!(info, GoapAgentInfo::default(), "outputs untouched");
    // The real ids still work.
    assert!(w.get_fact(a, fact), "the kitchen starts with 菜已买");
    let mut buf = [0u8; 16];
    let mut len = 0u32;
    ok(unsafe { goap_agent_goal_name(w.0, a, goal, buf.as_mut_ptr().cast(), 16, &mut len) });
    assert_eq!(&buf[..len as usize], b"dinner");
}

#[test]
fn a_goal_id_and_a_fact_id_with_the_same_high_word_are_told_apart() {
    // A goal's generation and a domain's number share the high word of the bits: bring the
    // first goal slot's generation to the domain's number, so only the kind tells them apart.
    let w = ffi_support::World::new();
    let d = w.kitchen();
    let a = w.agent(d);
    let fact = w.fact(d, "菜已买");
    assert!(d.bits < 1_000_000, "domain number {}", d.bits);
    let mut goal = w.dinner_goal(d, a);
    while goal.bits >> 32 < d.bits {
        ok(unsafe { goap_agent_remove_goal(w.0, a, goal) });
        goal = w.dinner_goal(d, a);
    }
    assert_eq!(goal.bits >> 32, fact.bits >> 32, "{goal:#x} and {fact:#x}");
    assert_eq!(
        goal.bits as u32 & 0x3fff_ffff,
        fact.bits as u32,
        "the same index"
    );
    let mut len = 0u32;
    let mut value = -1;
    unsafe {
        expect_err(
            goap_agent_goal_name(
                w.0,
                a,
                GoapGoalId { bits: fact.bits },
                null_mut(),
                0,
                &mut len,
            ),
            GoapStatus::UnknownGoal,
            "goap_agent_goal_name",
            &["is not a goal id (it looks like a fact id)"],
        );
        expect_err(
            goap_agent_remove_goal(w.0, a, GoapGoalId { bits: fact.bits }),
            GoapStatus::UnknownGoal,
            "goap_agent_remove_goal",
            &["is not a goal id"],
        );
        expect_err(
            goap_agent_get_fact(w.0, a, GoapFactId { bits: goal.bits }, &mut value),
            GoapStatus::UnknownFact,
            "goap_agent_get_fact",
            &["is not a fact id (it looks like a goal id)"],
        );
    }
    assert_eq!((len, value), (0, -1), "outputs untouched");
    assert_eq!(w.info(a).goal_count, 1, "the goal is still there");
    let mut first = GoapGoalId::default();
    ok(unsafe { goap_agent_goal_at(w.0, a, 0, &mut first) });
    assert_eq!(first, goal);
}

#[test]
fn clear_last_error_forgets_the_threads_message() {
    let w = World::new();
    let mut count = 0;
    let st = unsafe { goap_domain_fact_count(w.0, GoapDomainId::default(), &mut count) };
    assert_eq!(st, GoapStatus::UnknownDomain);
    assert!(goap_last_error_length() > 0);
    goap_clear_last_error();
    assert_eq!(goap_last_error_length(), 0);
    assert_eq!(last_error(), "");
    // Another thread's message is its own: clearing here leaves it.
    let other = std::thread::spawn(|| {
        let st = unsafe {
            goap_domain_fact_count(
                std::ptr::null(),
                GoapDomainId::default(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(st, GoapStatus::NullPointer);
        let before = goap_last_error_length();
        (before, goap_last_error_length())
    })
    .join()
    .unwrap();
    assert!(other.0 > 0 && other.0 == other.1);
    assert_eq!(goap_last_error_length(), 0);
}

/// A GoapPlanOptions of the layout before `direction` (12 bytes: cookie, max_nodes,
/// heuristic), placed right before an unreadable page, is refused by its old cookie without
/// a read past its end (found by a review: the whole struct used to be read first).
#[cfg(target_os = "linux")]
#[test]
fn an_older_options_layout_is_refused_without_reading_past_it() {
    use std::ffi::c_void;
    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: i32,
            flags: i32,
            fd: i32,
            off: i64,
        ) -> *mut c_void;
        fn mprotect(addr: *mut c_void, len: usize, prot: i32) -> i32;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
    }
    const PROT_READ_WRITE: i32 = 3;
    const MAP_PRIVATE_ANONYMOUS: i32 = 0x22;
    unsafe {
        let page = 4096usize;
        let p = mmap(
            std::ptr::null_mut(),
            2 * page,
            PROT_READ_WRITE,
            MAP_PRIVATE_ANONYMOUS,
            -1,
            0,
        ) as *mut u8;
        assert!(!p.is_null() && p as isize != -1);
        assert_eq!(mprotect(p.add(page) as *mut c_void, page, 0), 0); // the guard page
        let old = p.add(page - 12) as *mut u32;
        old.write(0x6F61_5001); // the cookie of that layout
        old.add(1).write(1000);
        old.add(2).write(0);
        let w = World::new();
        let d = w.domain();
        let mut r = GoapPlanResult::default();
        let st = goap_domain_plan(
            w.0,
            d,
            old as *const GoapPlanOptions,
            std::ptr::null_mut(),
            0,
            &mut r,
        );
        expect_err(
            st,
            GoapStatus::InvalidArgument,
            "goap_domain_plan",
            &["another version of goap.h"],
        );
        assert_eq!(munmap(p as *mut c_void, 2 * page), 0);
    }
}
