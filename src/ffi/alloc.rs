//! The allocator hook: every allocation of a C-library build (feature `capi`) goes through
//! [`GoapGlobalAlloc`], the crate's `#[global_allocator]`, which forwards to the system
//! allocator or, once goap_set_allocator has installed one, to the host's, and counts the
//! bytes it holds.
//!
//! The route is decided once per process, by an atomic state: `UNSET` → `SYSTEM` (the first
//! allocation, made before any host allocator was set) or `UNSET` → `SETTING` → `HOST`
//! (goap_set_allocator before any allocation). Neither ever changes again, so a block is
//! always freed by the allocator that made it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::UnsafeCell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use super::error::FfiError;
use super::status::GoapStatus;

/// Allocates `size` bytes (never 0) aligned to `align` (a power of two) for goap; returns
/// NULL when it cannot. `user_data` is GoapAllocator.user_data.
pub type GoapAllocFn =
    Option<unsafe extern "C" fn(size: u64, align: u64, user_data: *mut c_void) -> *mut c_void>;

/// Resizes the block `ptr` (of `old_size` bytes, aligned to `align`) to `new_size` bytes
/// (never 0) with the same alignment, keeping its first min(old_size, new_size) bytes;
/// returns the new block, or NULL (leaving `ptr` untouched) when it cannot.
pub type GoapReallocFn = Option<
    unsafe extern "C" fn(
        ptr: *mut c_void,
        old_size: u64,
        align: u64,
        new_size: u64,
        user_data: *mut c_void,
    ) -> *mut c_void,
>;

/// Frees the block `ptr` that alloc or realloc returned with this `size` and `align`.
pub type GoapFreeFn =
    Option<unsafe extern "C" fn(ptr: *mut c_void, size: u64, align: u64, user_data: *mut c_void)>;

/// The host's allocator for goap (goap_set_allocator), in the model of Box2D's
/// b2SetAllocator. Sizes and alignments are in bytes; an alignment is a power of two (often
/// above 16: pass it to an aligned allocation such as aligned_alloc or _aligned_malloc).
/// Every call may come from any thread, several at once: the functions must be thread-safe.
/// They must not call goap.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapAllocator {
    /// Required: allocates (see GoapAllocFn). NULL, or memory that is not aligned to
    /// `align`, is treated as out of memory: a planner table goap reserves fallibly fails
    /// with GOAP_STATUS_OUT_OF_MEMORY, any other allocation aborts the process (as Rust's
    /// allocation failure does).
    pub alloc: GoapAllocFn,
    /// Optional: resizes (see GoapReallocFn); NULL makes goap allocate, copy and free.
    pub realloc: GoapReallocFn,
    /// Required: frees (see GoapFreeFn). Receives the same size and align the block was
    /// allocated (or last resized) with.
    pub free: GoapFreeFn,
    /// Passed to the three functions unchanged; never dereferenced by goap.
    pub user_data: *mut c_void,
}

const UNSET: u8 = 0;
/// The first allocation came before any host allocator: the system's, for good.
const SYSTEM: u8 = 1;
/// goap_set_allocator is writing `HOST`; allocations wait for it.
const SETTING: u8 = 2;
/// The host's, for good.
const HOST: u8 = 3;

static STATE: AtomicU8 = AtomicU8::new(UNSET);

/// The host's allocator: written once, in state `SETTING`, by the one call that claimed it,
/// and read only after `HOST` has been seen (Acquire after its Release).
struct HostCell(UnsafeCell<Host>);

#[derive(Clone, Copy)]
struct Host {
    alloc: Option<unsafe extern "C" fn(u64, u64, *mut c_void) -> *mut c_void>,
    realloc: GoapReallocFn,
    free: Option<unsafe extern "C" fn(*mut c_void, u64, u64, *mut c_void)>,
    user_data: *mut c_void,
}

// SAFETY: written once before `HOST` is published, immutable afterwards; the host promises
// its functions and user_data work from any thread.
unsafe impl Sync for HostCell {}

static HOST_ALLOCATOR: HostCell = HostCell(UnsafeCell::new(Host {
    alloc: None,
    realloc: None,
    free: None,
    user_data: std::ptr::null_mut(),
}));

/// Bytes currently allocated through goap (the sum of the live blocks' sizes), on a cache
/// line of its own: every allocation writes it, and reads `STATE` and the host cell.
#[repr(align(64))]
struct Counter(AtomicU64);

static ALLOCATED: Counter = Counter(AtomicU64::new(0));

/// The host's allocator once `HOST`; `None` for the system's. The first allocation of the
/// process (`UNSET`) settles on the system's; one racing goap_set_allocator waits for it.
#[inline]
fn route(allocating: bool) -> Option<Host> {
    loop {
        match STATE.load(Ordering::Acquire) {
            // SAFETY: `HOST` was published (Release) after the cell was written, and the
            // cell never changes again.
            HOST => return Some(unsafe { *HOST_ALLOCATOR.0.get() }),
            SYSTEM => return None,
            UNSET if allocating => {
                if STATE
                    .compare_exchange(UNSET, SYSTEM, Ordering::AcqRel, Ordering::Acquire)
                    .is_ok()
                {
                    return None;
                }
            }
            // No block exists before the first allocation, so nothing is freed or resized
            // in `UNSET`; in `SETTING` (a few stores long) wait for `HOST`.
            UNSET => return None,
            _ => std::hint::spin_loop(),
        }
    }
}

fn usize_to_u64(n: usize) -> u64 {
    n as u64
}

/// The crate's global allocator in C-library builds (feature `capi`): the system allocator
/// or the host's (goap_set_allocator), with a byte count (goap_allocated_bytes).
pub struct GoapGlobalAlloc;

impl GoapGlobalAlloc {
    /// # Safety
    /// As `GlobalAlloc::alloc`.
    #[inline]
    unsafe fn host_alloc(host: &Host, layout: Layout) -> *mut u8 {
        let Some(alloc) = host.alloc else {
            return std::ptr::null_mut();
        };
        // SAFETY: the host's function, called as GoapAllocFn documents (size > 0 by the
        // GlobalAlloc contract, align a power of two).
        let p = unsafe {
            alloc(
                usize_to_u64(layout.size()),
                usize_to_u64(layout.align()),
                host.user_data,
            )
        }
        .cast::<u8>();
        if p.is_null() || (p as usize) & (layout.align() - 1) != 0 {
            if !p.is_null() {
                // A misaligned block cannot be used: give it back, report failure.
                // SAFETY: p came from alloc with this size and align.
                unsafe { Self::host_free(host, p, layout) };
            }
            return std::ptr::null_mut();
        }
        p
    }

    /// # Safety
    /// `p` came from the host with `layout`.
    #[inline]
    unsafe fn host_free(host: &Host, p: *mut u8, layout: Layout) {
        if let Some(free) = host.free {
            // SAFETY: the host's function, given a block it allocated with this layout.
            unsafe {
                free(
                    p.cast(),
                    usize_to_u64(layout.size()),
                    usize_to_u64(layout.align()),
                    host.user_data,
                )
            }
        }
    }
}

// SAFETY: every block comes from the system allocator or the host's, which one being fixed
// for the process before the first block (see `route`), and is freed or resized by the one
// that made it with the layout it was made with; a host block is checked for alignment.
unsafe impl GlobalAlloc for GoapGlobalAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = match route(true) {
            // SAFETY: the caller's contract is passed on.
            Some(host) => unsafe { Self::host_alloc(&host, layout) },
            // SAFETY: the caller's contract is passed on.
            None => unsafe { System.alloc(layout) },
        };
        if !p.is_null() {
            ALLOCATED
                .0
                .fetch_add(usize_to_u64(layout.size()), Ordering::Relaxed);
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = match route(true) {
            Some(host) => {
                // SAFETY: the caller's contract is passed on.
                let p = unsafe { Self::host_alloc(&host, layout) };
                if !p.is_null() {
                    // SAFETY: p is a fresh block of layout.size() bytes.
                    unsafe { std::ptr::write_bytes(p, 0, layout.size()) };
                }
                p
            }
            // SAFETY: the caller's contract is passed on.
            None => unsafe { System.alloc_zeroed(layout) },
        };
        if !p.is_null() {
            ALLOCATED
                .0
                .fetch_add(usize_to_u64(layout.size()), Ordering::Relaxed);
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        ALLOCATED
            .0
            .fetch_sub(usize_to_u64(layout.size()), Ordering::Relaxed);
        match route(false) {
            // SAFETY: ptr came from this allocator (the host's) with layout.
            Some(host) => unsafe { Self::host_free(&host, ptr, layout) },
            // SAFETY: ptr came from this allocator (the system's) with layout.
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = match route(false) {
            Some(host) => match host.realloc {
                Some(realloc) => {
                    // SAFETY: the host's function, given a block it allocated with layout.
                    let p = unsafe {
                        realloc(
                            ptr.cast(),
                            usize_to_u64(layout.size()),
                            usize_to_u64(layout.align()),
                            usize_to_u64(new_size),
                            host.user_data,
                        )
                    }
                    .cast::<u8>();
                    if p.is_null() || (p as usize) & (layout.align() - 1) == 0 {
                        p
                    } else {
                        // Misaligned (a host realloc that ignores alignment): move the
                        // contents into an aligned block from the host's alloc. When that
                        // fails too, the old contents live only in the misaligned block,
                        // which cannot be returned: that is an allocation failure.
                        // SAFETY: the GlobalAlloc contract makes this layout valid.
                        let new_layout =
                            unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                        // SAFETY: new_layout has a non-zero size (the caller's contract).
                        let q = unsafe { Self::host_alloc(&host, new_layout) };
                        if q.is_null() {
                            std::alloc::handle_alloc_error(new_layout);
                        }
                        // SAFETY: both blocks are live and distinct; new_size bytes fit both;
                        // the misaligned block is freed with the layout it now has.
                        unsafe {
                            std::ptr::copy_nonoverlapping(p, q, new_size);
                            Self::host_free(&host, p, new_layout);
                        }
                        q
                    }
                }
                None => {
                    // SAFETY: the GlobalAlloc contract makes this layout valid.
                    let new_layout =
                        unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
                    // SAFETY: new_layout has a non-zero size (the caller's contract).
                    let p = unsafe { Self::host_alloc(&host, new_layout) };
                    if !p.is_null() {
                        // SAFETY: both blocks are live and distinct; the copy fits both.
                        unsafe {
                            std::ptr::copy_nonoverlapping(ptr, p, layout.size().min(new_size));
                            Self::host_free(&host, ptr, layout);
                        }
                    }
                    p
                }
            },
            // SAFETY: the caller's contract is passed on.
            None => unsafe { System.realloc(ptr, layout, new_size) },
        };
        if !p.is_null() {
            ALLOCATED
                .0
                .fetch_add(usize_to_u64(new_size), Ordering::Relaxed);
            ALLOCATED
                .0
                .fetch_sub(usize_to_u64(layout.size()), Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: GoapGlobalAlloc = GoapGlobalAlloc;

/// Why goap_set_allocator refused, found before anything was allocated.
enum Refused {
    Null(&'static str),
    TooLate { host: bool },
}

/// Installs `allocator` unless anything was allocated already; allocates nothing and cannot
/// panic, so it runs before the guard (whose first call allocates its panic hook).
///
/// # Safety
/// `allocator` is NULL or readable.
unsafe fn claim(allocator: *const GoapAllocator) -> Result<(), Refused> {
    // SAFETY: NULL or readable, by the caller's contract.
    let Some(a) = (unsafe { allocator.as_ref() }) else {
        return Err(Refused::Null("argument `allocator`"));
    };
    let Some(alloc) = a.alloc else {
        return Err(Refused::Null("`allocator->alloc`"));
    };
    let Some(free) = a.free else {
        return Err(Refused::Null("`allocator->free`"));
    };
    match STATE.compare_exchange(UNSET, SETTING, Ordering::Acquire, Ordering::Acquire) {
        Ok(_) => {
            // SAFETY: this call alone moved UNSET → SETTING, so nobody reads the cell
            // until HOST is published below.
            unsafe {
                *HOST_ALLOCATOR.0.get() = Host {
                    alloc: Some(alloc),
                    realloc: a.realloc,
                    free: Some(free),
                    user_data: a.user_data,
                };
            }
            STATE.store(HOST, Ordering::Release);
            Ok(())
        }
        Err(state) => Err(Refused::TooLate {
            host: state != SYSTEM,
        }),
    }
}

/// Routes every allocation goap makes, in the whole process, through `allocator` (in the
/// model of Box2D's b2SetAllocator); goap_allocated_bytes counts them either way. Call it
/// once, before any other goap function: only while goap has allocated nothing yet can it
/// take over (every block must be freed by the allocator that made it), and once set it
/// cannot be changed or removed. The functions are copied from `*allocator` during the
/// call and must stay callable, with user_data valid, until the process exits: goap frees
/// per-thread state (a thread's last error message) when each thread that called it exits,
/// and keeps a little process-wide state for good (see goap_allocated_bytes).
///
/// Without it goap uses the system allocator (malloc). Allocation failure: see
/// GoapAllocator.alloc.
///
/// Errors: GOAP_STATUS_NULL_POINTER (allocator, alloc or free NULL), GOAP_STATUS_TOO_LATE
/// (goap has allocated already: the message says how many bytes; or an allocator was set
/// already). A failed call records its message, which allocates, so after any failure goap
/// stays on the system allocator or the one set before.
/// Thread safety: any thread; the first call that wins against goap's first allocation
/// (another goap call on another thread) takes effect.
///
/// # Safety
/// `allocator` must be NULL or readable; its functions must behave as GoapAllocFn,
/// GoapReallocFn and GoapFreeFn document and be safe to call from any thread with
/// `user_data` until the process exits.
#[no_mangle]
pub unsafe extern "C" fn goap_set_allocator(allocator: *const GoapAllocator) -> GoapStatus {
    // Decided before the guard: the guard's first call allocates (its panic hook).
    // SAFETY: the caller's contract.
    let claimed = unsafe { claim(allocator) };
    guard!("goap_set_allocator", [], {
        claimed.map_err(|refused| match refused {
            Refused::Null(what) => FfiError::null(what),
            Refused::TooLate { host: true } => FfiError::new(
                GoapStatus::TooLate,
                "an allocator was set already; it cannot be changed",
            ),
            Refused::TooLate { host: false } => FfiError::new(
                GoapStatus::TooLate,
                format!(
                    "goap_set_allocator must be called before goap allocates anything (before \
                     any other goap function, and in a Rust program before the Rust runtime \
                     starts main): {} bytes were already allocated with the system allocator",
                    allocated()
                ),
            ),
        })
    })
}

/// Bytes goap currently has allocated (the sum of its live blocks' sizes), through the
/// host's allocator (goap_set_allocator) or the system's. Counted with relaxed atomics:
/// while other threads call goap the value is a moment's snapshot.
///
/// What stays allocated with no world alive: the panic hook goap installs on its first call
/// (a few bytes), the last error message of each thread on which a call failed (freed when
/// that thread exits), and process-wide state of the thread libraries: once goap calls or
/// tasks have waited for each other on several threads (a world's own workers, or the
/// engine's job threads), a table of waiting threads that grows with the most threads that
/// ever waited at once; and after a world with worker threads of its own (no
/// enqueue_task), memory of the workers' queues whose free the work-stealing library
/// defers. Together some tens of KiB, freed or reused later, not growing with each world.
/// Everything else a world holds, its threads included, is freed by goap_world_destroy:
/// after destroying a world used from one thread only (worker_threads 1, no job system),
/// the value is back to what it was before the world was created, unless a call failed
/// meanwhile (the thread's stored last error message changed size). While a world's own workers live,
/// they may free memory just after a batch returns.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_allocated_bytes() -> u64 {
    // Not under the guard (one atomic load, which cannot panic): the guard's first call
    // allocates, so a host may read the count before goap_set_allocator.
    allocated()
}

fn allocated() -> u64 {
    ALLOCATED.0.load(Ordering::Relaxed)
}
