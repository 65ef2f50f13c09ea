//! Batch planning of a world's agents on worker threads, and the shared plan cache.

use super::args::{grown_size, read_def, write_grown};
use super::context::callbacks_running_in;
use super::error::FfiError;
use super::guard::run_value;
use super::status::GoapStatus;
use super::world::{world_ref, GoapWorld};
use crate::world::BatchOptions;

const BATCH_OPTIONS_COOKIE: u32 = 0x6F61_4201;

/// Limits of one goap_world_plan_agents call. Obtain from goap_batch_options_default(),
/// then change fields; or pass NULL for the defaults. Zero means "no limit" for each
/// budget.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapBatchOptions {
    /// Internal: set by goap_batch_options_default() to detect uninitialised options.
    /// Do not change.
    pub cookie: u32,
    /// Plan at most this many agents; the others wait for a later call. Default 0 (all).
    pub max_agents: u32,
    /// Threads to use, the calling one included. Default 0: the world's worker_threads.
    pub threads: u32,
    /// Stop once the call's searches have used this many nodes in all (expanded in this
    /// call, or recorded by the cache answers used): a time budget that does not depend on
    /// the machine. No search runs past it: one that needs more is left half done in its
    /// agent (goap_agent_info still shows no new plan) and the next call, or step,
    /// continues it. Default 0 (no limit).
    pub max_nodes: u64,
}

/// The default batch options: no limits, the world's worker threads. Always use it to
/// initialise a GoapBatchOptions.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_batch_options_default() -> GoapBatchOptions {
    run_value("goap_batch_options_default", BATCH_OPTIONS_DEFAULT, || {
        BATCH_OPTIONS_DEFAULT
    })
}

const BATCH_OPTIONS_DEFAULT: GoapBatchOptions = GoapBatchOptions {
    cookie: BATCH_OPTIONS_COOKIE,
    max_agents: 0,
    threads: 0,
    max_nodes: 0,
};

/// What one goap_world_plan_agents call did.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapBatchStats {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Agents whose replan was applied (found a plan, or found that none exists).
    pub planned: u32,
    /// Agents that still need a plan after the call (budget spent, callbacks failed, or
    /// changed by another thread while their search ran).
    pub waiting: u32,
    /// Agents whose context callbacks failed (their replan stays pending; a step of such an
    /// agent with plan_in_step reports the error).
    pub callback_errors: u32,
    /// Threads the call could use, the calling one included: options->threads (0: all),
    /// at most the world's worker_threads (its own threads, or the engine's workers); a
    /// chunk never uses more threads than it has searches.
    pub threads: u32,
    /// Nodes expanded by the searches applied (as recorded when they ran, also when the
    /// cache answered).
    pub expanded: u64,
    /// Searches of this call answered from the plan cache. Equal searches running at the
    /// same time on several threads may each miss, so this count (unlike the plans and
    /// the other counts) can depend on the thread count and timing.
    pub cache_hits: u64,
    /// Replans applied in which a search ran out of memory (a table over the planner's
    /// limit of 1 GiB, or refused by the allocator): the agent took it as a search stopped
    /// by its node limit (no plan for that goal until something changes).
    pub out_of_memory: u32,
}

impl Default for GoapBatchStats {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapBatchStats {}

/// Plans, within `options`' budget, every agent of the world that needs a plan: the agents
/// whose step returned GOAP_STEP_KIND_WAITING (plan_in_step 0), and any other agent that
/// needs one now. On success `*out` receives what it did.
///
/// Order and determinism: agents are taken in a fixed order (by slot), starting after the
/// last agent the previous call planned, so that with a budget every agent gets its turn.
/// The work runs on up to `options->threads` threads: this one and the world's own worker
/// threads (created with the world, parked between batches), or the engine's workers
/// through GoapWorldDef.enqueue_task / finish_task (called on this thread; every task has
/// ended when the call returns). A batch with one thread, or too little work to split
/// (nothing to plan, say), runs on this thread and wakes no worker. Context callbacks are
/// asked on this thread only. Without max_nodes,
/// the agents decide in parallel whether they need a plan, and the first max_agents that
/// do are planned in parallel, each under its own lock. With max_nodes, searches are
/// prepared on this thread in chunks of 256 and run in parallel, each within what is left
/// of the budget when its chunk starts, and finished searches are applied in the fixed
/// order until the budget is spent; a search stopped by the budget, and every search of
/// the chunk after the one that spent it, is kept by its agent and continued (or applied)
/// by the next call or step. Either way, which agents get planned, and their plans, do not
/// depend on the thread count or on timing (a cache answer is used only when more nodes
/// are left than it records, as the search would need, so where a search stops does not
/// depend on the cache).
///
/// `options` may be NULL for the defaults; it is read during the call only.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world, out), GOAP_STATUS_INVALID_ARGUMENT (options not
/// from goap_batch_options_default()), GOAP_STATUS_BUSY (called from a context callback of
/// an agent of this world; nothing is planned). Callback failures are not errors of this
/// call: see GoapBatchStats.callback_errors. `*out` is written only on success.
/// Thread safety: may run concurrently with every call on the world but goap_world_destroy,
/// another batch included. Without max_nodes it holds each agent's lock while planning it;
/// with max_nodes it locks each agent briefly, to prepare its search and to apply the
/// result, and an agent changed by another thread while its search ran keeps its pending
/// replan (counted in `waiting`).
///
/// # Safety
/// `world` must be a live world; `options` NULL or readable; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_world_plan_agents(
    world: *mut GoapWorld,
    options: *const GoapBatchOptions,
    out: *mut GoapBatchStats,
) -> GoapStatus {
    guard!("goap_world_plan_agents", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        let options = if options.is_null() {
            BATCH_OPTIONS_DEFAULT
        } else {
            // SAFETY: non-NULL and readable by the caller's contract.
            unsafe {
                read_def(
                    "options",
                    options,
                    |o| o.cookie,
                    BATCH_OPTIONS_COOKIE,
                    "goap_batch_options_default",
                )
            }?
        };
        if callbacks_running_in(world) {
            return Err(FfiError::new(
                GoapStatus::Busy,
                "called from a context callback of an agent of this world (that agent is \
                 locked by the call running its callback); nothing was planned",
            ));
        }
        // SAFETY: world is non-NULL (guard) and live.
        let stats = unsafe { world_ref(world) }.plan_agents(&BatchOptions {
            max_agents: options.max_agents,
            max_nodes: options.max_nodes,
            threads: options.threads,
        });
        let stats = GoapBatchStats {
            size: 0,
            planned: stats.planned,
            waiting: stats.waiting,
            callback_errors: stats.callback_errors,
            threads: stats.threads,
            expanded: stats.expanded,
            cache_hits: stats.cache_hits,
            out_of_memory: stats.out_of_memory,
        };
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, stats) };
        Ok(())
    })
}

/// Counters of a world's plan cache (shared by its agents), from goap_world_cache_stats.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoapCacheStats {
    /// The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    /// STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    pub size: u32,
    /// Searches answered from the cache.
    pub hits: u64,
    /// Searches that ran (and whose results were then stored). Searches that walk an exact
    /// table skip the cache and count as neither (see GoapWorldDef.plan_cache_capacity).
    pub misses: u64,
    /// Entries dropped to make room.
    pub evictions: u64,
    /// Entries held now.
    pub entries: u64,
    /// The most entries the cache holds (GoapWorldDef.plan_cache_capacity; 0: the cache
    /// is off).
    pub capacity: u64,
}

impl Default for GoapCacheStats {
    /// Every field zero but `size`, which is this struct's size.
    fn default() -> Self {
        // SAFETY: every field is an integer or a float (ids are integers): all-zero is a
        // valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = size_of::<Self>() as u32;
        v
    }
}

impl super::args::Grows for GoapCacheStats {}

/// On success `*out` receives the counters of the world's plan cache since the world was
/// created or the cache last cleared.
///
/// Errors: GOAP_STATUS_NULL_POINTER. Thread safety: a read; any thread, also from
/// callbacks.
///
/// # Safety
/// `world` must be a live world; `out` valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_world_cache_stats(
    world: *const GoapWorld,
    out: *mut GoapCacheStats,
) -> GoapStatus {
    guard!("goap_world_cache_stats", [world, out], {
        // SAFETY: out is non-NULL (guard) and readable; checked before anything else.
        let out_size = unsafe { grown_size(out, "out") }?;
        // SAFETY: world is non-NULL (guard) and live.
        let s = unsafe { world_ref(world) }.cache_stats();
        let stats = GoapCacheStats {
            size: 0,
            hits: s.hits,
            misses: s.misses,
            evictions: s.evictions,
            entries: s.entries,
            capacity: s.capacity,
        };
        // SAFETY: out is non-NULL and writable.
        unsafe { write_grown(out, out_size, stats) };
        Ok(())
    })
}

/// Empties the world's plan cache and resets its counters (frees the memory of its
/// entries, and of domains only they kept alive). Plans stay as they are; later searches
/// run afresh.
///
/// Errors: GOAP_STATUS_NULL_POINTER. Thread safety: any thread, also from callbacks;
/// searches running meanwhile may store their results afterwards.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_world_clear_cache(world: *mut GoapWorld) -> GoapStatus {
    guard!("goap_world_clear_cache", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        unsafe { world_ref(world) }.clear_cache();
        Ok(())
    })
}
