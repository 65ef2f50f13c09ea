//! `goap_world_live_count`: worlds created and not yet destroyed, process-wide. Its own test
//! binary with one test, so no other test creates worlds meanwhile.

use goap::ffi::*;
use std::ptr;

#[test]
fn live_count_follows_create_and_destroy() {
    let base = goap_world_live_count();
    let def = goap_world_def_default();
    let mut worlds = Vec::new();
    for n in 1..=3 {
        let mut w = ptr::null_mut();
        // SAFETY: def and w are valid for the call.
        assert_eq!(unsafe { goap_world_create(&def, &mut w) }, GoapStatus::Ok);
        worlds.push(w);
        assert_eq!(goap_world_live_count(), base + n);
    }
    // A failed create counts nothing.
    let bad = GoapWorldDef { cookie: 0, ..def };
    let mut w = ptr::null_mut();
    // SAFETY: as above.
    assert_ne!(unsafe { goap_world_create(&bad, &mut w) }, GoapStatus::Ok);
    assert_eq!(goap_world_live_count(), base + 3);
    // SAFETY: NULL is accepted and ignored.
    unsafe { goap_world_destroy(ptr::null_mut()) };
    assert_eq!(goap_world_live_count(), base + 3);
    for (i, w) in worlds.into_iter().enumerate() {
        // SAFETY: each world was created above and is destroyed once.
        unsafe { goap_world_destroy(w) };
        assert_eq!(goap_world_live_count(), base + 2 - i as u32);
    }
    assert_eq!(goap_world_live_count(), base);
}
