//! A warm `Planner` allocates nothing but the plan it returns (issue 13: "numeric searches
//! allocate nothing once warm"; the `Planner` docs promise it for every search), on every
//! sample domain, those with integer variables included (their projections, linear
//! potentials and reachability tables live in buffers kept between searches).
//!
//! A counting global allocator counts this thread's allocations; each domain is planned
//! three times with one planner per heuristic, and the third plan is counted.
//!
//! Without the feature `capi` only: with it the library brings its own global allocator
//! (`goap::ffi::GoapGlobalAlloc`, the C library's allocator hook), and a program has one.
//! scripts/test.sh runs this test by itself without `capi`.
#![cfg(not(feature = "capi"))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

#[path = "../benches/common/generators.rs"]
mod generators;

use goap::format::load_domain_file;
use goap::{Direction, Heuristic, Outcome, PlanOptions, Planner};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; counting touches only
// a thread-local cell (const-initialised, so reading it never allocates).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|c| c.set(c.get() + 1));
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

#[test]
fn a_warm_planner_allocates_only_the_plan() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/domains");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the sample domains");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let file = load_domain_file(path).unwrap();
        let Some(goal) = file.goal.clone() else {
            continue;
        };
        checked += 1;
        let modes = Heuristic::ALL
            .map(|h| (h, Direction::Auto))
            .into_iter()
            .chain([Heuristic::Auto, Heuristic::Blind].map(|h| (h, Direction::Backward)));
        for (h, direction) in modes {
            let options = PlanOptions {
                heuristic: h,
                direction,
                // The backward search is slow on gripper-6 and blocksworld-5.
                max_nodes: if direction == Direction::Backward {
                    20_000
                } else {
                    PlanOptions::DEFAULT_MAX_NODES
                },
            };
            let mut planner = Planner::new();
            for _ in 0..2 {
                planner.plan(&file.domain, &file.start, &goal, &options);
            }
            let before = allocations();
            let r = planner.plan(&file.domain, &file.start, &goal, &options);
            let made = allocations() - before;
            // The plan's action list, when it has actions.
            let allowed = match &r.outcome {
                Outcome::Found(p) if !p.actions.is_empty() => 1,
                _ => 0,
            };
            if made != allowed {
                failures.push(format!(
                    "{} with {h:?} {direction:?}: {made} allocations (allowed {allowed})",
                    path.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(checked >= 10, "{checked} sample domains");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `Direction::Auto`'s portfolio (forward and backward in turns) allocates nothing once
/// warm either, whichever direction decides (the second task's forward search decides
/// after the backward one has started: it generates more than `AUTO_BACKWARD_AFTER`
/// successors).
#[test]
fn a_warm_portfolio_search_allocates_only_the_plan() {
    for p in [
        generators::logistics(20, 8, 20, 1, 5),
        generators::logistics(12, 4, 12, 2, 7),
    ] {
        let options = PlanOptions::default();
        let mut planner = Planner::new();
        for _ in 0..2 {
            planner.plan(&p.domain, &p.start, &p.goal, &options);
        }
        let before = allocations();
        let r = planner.plan(&p.domain, &p.start, &p.goal, &options);
        let made = allocations() - before;
        assert!(r.stats.generated > goap::AUTO_BACKWARD_AFTER, "{}", p.name);
        assert!(r.plan().is_some(), "{}", p.name);
        assert_eq!(made, 1, "{} (backward {})", p.name, r.stats.backward);
    }
}

/// The counter sees allocations, so the test above can fail.
#[test]
fn the_counter_counts() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box(vec![1, 2, 3]);
    assert_eq!(allocations() - before, 1);
    drop(v);
}
