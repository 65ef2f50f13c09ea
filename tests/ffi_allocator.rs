//! The allocator hook (goap_set_allocator) and the byte count (goap_allocated_bytes) of the
//! C library (feature `capi`, whose global allocator is goap's), from Rust.
//!
//! Its own program without the test harness (`harness = false`) and without Rust's `main`
//! (`no_main`): the hook can only be set before the process's first allocation, and both
//! the test harness and Rust's runtime start-up (before `main`) allocate. The C `main`
//! sets a counting host allocator first thing, then checks that every allocation of
//! the process (goap's and this program's, which share the global allocator) goes through
//! it, that goap_allocated_bytes equals what the host holds, that a world's memory is all
//! given back by goap_world_destroy, and that the hook cannot be set again.

#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};

use goap::ffi::*;

/// What the host allocator holds: bytes and blocks, and calls made.
static HOST_BYTES: AtomicU64 = AtomicU64::new(0);
static HOST_BLOCKS: AtomicU64 = AtomicU64::new(0);
static HOST_ALLOCS: AtomicU64 = AtomicU64::new(0);
static HOST_REALLOCS: AtomicU64 = AtomicU64::new(0);
static HOST_FREES: AtomicU64 = AtomicU64::new(0);
/// Checks that failed (a bad free, a misaligned request); reported at the end.
static HOST_ERRORS: AtomicU64 = AtomicU64::new(0);
const USER_DATA: usize = 0x5EED;

fn layout(size: u64, align: u64, user_data: *mut c_void) -> Layout {
    if user_data as usize != USER_DATA || size == 0 || !align.is_power_of_two() {
        HOST_ERRORS.fetch_add(1, Ordering::Relaxed);
    }
    Layout::from_size_align(size as usize, align as usize).expect("a valid layout")
}

unsafe extern "C" fn host_alloc(size: u64, align: u64, user_data: *mut c_void) -> *mut c_void {
    HOST_ALLOCS.fetch_add(1, Ordering::Relaxed);
    HOST_BYTES.fetch_add(size, Ordering::Relaxed);
    HOST_BLOCKS.fetch_add(1, Ordering::Relaxed);
    unsafe { System.alloc(layout(size, align, user_data)) }.cast()
}

unsafe extern "C" fn host_realloc(
    ptr: *mut c_void,
    old_size: u64,
    align: u64,
    new_size: u64,
    user_data: *mut c_void,
) -> *mut c_void {
    HOST_REALLOCS.fetch_add(1, Ordering::Relaxed);
    HOST_BYTES.fetch_add(new_size, Ordering::Relaxed);
    HOST_BYTES.fetch_sub(old_size, Ordering::Relaxed);
    unsafe {
        System.realloc(
            ptr.cast(),
            layout(old_size, align, user_data),
            new_size as usize,
        )
    }
    .cast()
}

unsafe extern "C" fn host_free(ptr: *mut c_void, size: u64, align: u64, user_data: *mut c_void) {
    HOST_FREES.fetch_add(1, Ordering::Relaxed);
    HOST_BYTES.fetch_sub(size, Ordering::Relaxed);
    HOST_BLOCKS.fetch_sub(1, Ordering::Relaxed);
    unsafe { System.dealloc(ptr.cast(), layout(size, align, user_data)) }
}

fn last_error() -> String {
    goap::ffi::last_error()
}

/// Creates a world with `threads` threads, loads `json`, plans its goal, creates agents,
/// steps them and plans them in a batch, then destroys the world. Returns the bytes
/// allocated while it lived.
fn world_cycle(json: &str, threads: u32) -> u64 {
    let mut def = goap_world_def_default();
    def.worker_threads = threads;
    let mut world = std::ptr::null_mut();
    assert_eq!(
        unsafe { goap_world_create(&def, &mut world) },
        GoapStatus::Ok,
        "{}",
        last_error()
    );
    let mut domain = std::mem::MaybeUninit::<GoapDomainId>::uninit();
    let status = unsafe {
        goap_domain_load_json(
            world,
            json.as_ptr().cast(),
            json.len() as u32,
            domain.as_mut_ptr(),
        )
    };
    assert_eq!(status, GoapStatus::Ok, "{}", last_error());
    let domain = unsafe { domain.assume_init() };
    let mut result: GoapPlanResult = unsafe { std::mem::zeroed() };
    result.size = std::mem::size_of::<GoapPlanResult>() as u32;
    let mut actions = std::mem::MaybeUninit::<[GoapActionId; 64]>::uninit();
    let status = unsafe {
        goap_domain_plan(
            world,
            domain,
            std::ptr::null(),
            actions.as_mut_ptr().cast(),
            64,
            &mut result,
        )
    };
    assert_eq!(status, GoapStatus::Ok, "{}", last_error());
    assert!(result.action_count > 0, "village has a plan");
    let mut agent_def = goap_agent_def_default();
    agent_def.domain = domain;
    agent_def.plan_in_step = 0;
    let mut agents = Vec::new();
    for _ in 0..16 {
        let mut agent = std::mem::MaybeUninit::<GoapAgentId>::uninit();
        let status = unsafe { goap_agent_create(world, &agent_def, agent.as_mut_ptr()) };
        assert_eq!(status, GoapStatus::Ok, "{}", last_error());
        agents.push(unsafe { agent.assume_init() });
    }
    let mut stats: GoapBatchStats = unsafe { std::mem::zeroed() };
    stats.size = std::mem::size_of::<GoapBatchStats>() as u32;
    let status = unsafe { goap_world_plan_agents(world, std::ptr::null(), &mut stats) };
    assert_eq!(status, GoapStatus::Ok, "{}", last_error());
    assert_eq!(stats.planned, 16);
    for agent in &agents {
        let mut step: GoapStep = unsafe { std::mem::zeroed() };
        step.size = std::mem::size_of::<GoapStep>() as u32;
        let status = unsafe { goap_agent_step(world, *agent, 0.1, &mut step) };
        assert_eq!(status, GoapStatus::Ok, "{}", last_error());
    }
    // A world's own workers may still free memory just after the batch returned.
    let living = if threads == 1 {
        same_count("a world with a domain and agents")
    } else {
        goap_allocated_bytes()
    };
    drop(agents);
    unsafe { goap_world_destroy(world) };
    living
}

/// goap_allocated_bytes and the host agree (this program is single-threaded where it
/// checks, and every allocation of the process goes through both).
fn same_count(when: &str) -> u64 {
    let goap = goap_allocated_bytes();
    let host = HOST_BYTES.load(Ordering::Relaxed);
    assert_eq!(
        goap, host,
        "{when}: goap_allocated_bytes and the host disagree"
    );
    goap
}

/// The C entry point (Rust's start-up, which allocates, does not run with `no_main`).
#[no_mangle]
extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    // A panic must not unwind out of `main`: report it and fail.
    match std::panic::catch_unwind(run) {
        Ok(()) => 0,
        Err(_) => 101,
    }
}

fn run() {
    // First thing. (NULL arguments are checked at the end: a failed call records its
    // message, which allocates, so after it the hook could no longer be set.)
    let allocator = GoapAllocator {
        alloc: Some(host_alloc),
        realloc: Some(host_realloc),
        free: Some(host_free),
        user_data: USER_DATA as *mut c_void,
    };
    let status = unsafe { goap_set_allocator(&allocator) };
    assert_eq!(status, GoapStatus::Ok, "{}", last_error());
    same_count("after goap_set_allocator");

    // This program's own allocations go through the host too (one global allocator).
    let before = HOST_ALLOCS.load(Ordering::Relaxed);
    let v: Vec<u64> = std::hint::black_box(vec![1, 2, 3]);
    assert_eq!(HOST_ALLOCS.load(Ordering::Relaxed), before + 1);
    assert_eq!(same_count("a Vec of 3 u64"), same_count("again"));
    let with_v = same_count("with the Vec");
    drop(v);
    assert_eq!(same_count("the Vec dropped"), with_v - 24);

    // A realloc goes through the host's realloc; a big alignment is honoured.
    let mut grow: Vec<u8> = Vec::with_capacity(8);
    grow.extend_from_slice(&[7; 8]);
    let reallocs = HOST_REALLOCS.load(Ordering::Relaxed);
    grow.reserve_exact(4096);
    assert!(HOST_REALLOCS.load(Ordering::Relaxed) > reallocs);
    assert_eq!(grow, [7; 8]);
    drop(grow);
    #[repr(align(4096))]
    struct Page(#[allow(dead_code)] [u8; 4096]);
    let page = Box::new(Page([1; 4096]));
    assert_eq!((&*page as *const Page as usize) % 4096, 0);
    drop(page);

    // Worlds: everything a world allocates is given back by goap_world_destroy. Exactly
    // for worlds without threads of their own; a world with its own worker threads leaves
    // some of the thread libraries' process-wide state behind (crossbeam's epoch-deferred
    // frees, parking_lot's table of parked threads: see goap_allocated_bytes), bounded and
    // not growing with each world.
    let json = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/domains/village.json"),
    )
    .expect("village.json");
    let baseline = same_count("before the worlds");
    for _ in 0..3 {
        let living = world_cycle(&json, 1);
        assert!(living > baseline, "the world holds memory");
        assert_eq!(
            same_count("a world without threads destroyed"),
            baseline,
            "a world without threads left memory behind"
        );
    }
    let mut most = 0;
    for _ in 0..20 {
        world_cycle(&json, 4);
        let left = same_count("a world with 4 threads destroyed") - baseline;
        most = most.max(left);
    }
    assert!(
        most <= 256 << 10,
        "worlds with threads left up to {most} bytes behind"
    );
    drop(json);

    // Too late now: the second call is refused, with the reason, and changes nothing.
    let status = unsafe { goap_set_allocator(&allocator) };
    assert_eq!(status, GoapStatus::TooLate);
    assert!(
        last_error().starts_with("goap_set_allocator: an allocator was set already"),
        "{}",
        last_error()
    );
    let status = unsafe { goap_set_allocator(std::ptr::null()) };
    assert_eq!(status, GoapStatus::NullPointer);
    assert!(last_error().contains("argument `allocator` is NULL"));
    let no_free = GoapAllocator {
        free: None,
        ..allocator
    };
    assert_eq!(
        unsafe { goap_set_allocator(&no_free) },
        GoapStatus::NullPointer
    );
    assert!(last_error().contains("`allocator->free` is NULL"));

    assert_eq!(
        HOST_ERRORS.load(Ordering::Relaxed),
        0,
        "bad calls to the host"
    );
    assert!(HOST_FREES.load(Ordering::Relaxed) > 0);
    println!(
        "ffi_allocator: ok ({} allocations, {} reallocs, {} frees through the host; {} blocks \
         live; worlds with threads left up to {most} bytes behind)",
        HOST_ALLOCS.load(Ordering::Relaxed),
        HOST_REALLOCS.load(Ordering::Relaxed),
        HOST_FREES.load(Ordering::Relaxed),
        HOST_BLOCKS.load(Ordering::Relaxed)
    );
}
