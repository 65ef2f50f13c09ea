//! The first goap call of a process may come from a Rust host's `Drop` while its thread
//! unwinds (Rust forbids changing the panic hook then): it must work, not abort. Its own
//! test binary, so that no earlier call has installed goap's panic hook yet.

use goap::ffi::*;

struct DestroysOnDrop;

impl Drop for DestroysOnDrop {
    fn drop(&mut self) {
        assert!(std::thread::panicking());
        unsafe { goap_world_destroy(std::ptr::null_mut()) };
        assert_eq!(goap_debug_force_panic(), GoapStatus::Panic);
    }
}

#[test]
fn a_first_call_during_unwinding_works_and_the_next_installs_the_hook() {
    let joined = std::thread::spawn(|| {
        let _guard = DestroysOnDrop;
        panic!("the host's own panic");
    })
    .join();
    assert!(joined.is_err(), "the host's panic went on unwinding");
    // Later calls work and install the hook.
    assert_eq!(goap_debug_force_panic(), GoapStatus::Panic);
    assert_eq!(goap_world_live_count(), 0);
}
