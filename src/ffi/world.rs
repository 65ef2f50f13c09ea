//! `GoapWorld`: the root object.

use super::args::{read_def, write_out};
use super::context::callbacks_running_in;
use super::error::FfiError;
use super::guard::run_value;
use super::ids::WorldTag;
use super::status::GoapStatus;
use crate::world::{TaskFn, TaskSystem, World, WorldDef};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;

/// The root object: owns domains (and their facts, actions, start states and goals), agents,
/// a plan cache shared by the agents, and pooled planning memory. Created by
/// goap_world_create, freed by goap_world_destroy. Opaque; every function on it is
/// thread-safe (see THREADING at the top), and no call holds its locks for long.
pub struct GoapWorld {
    pub(crate) world: World,
    /// The tag in this world's agent ids.
    pub(crate) tag: WorldTag,
    /// Set when a call on this world panicked: its state may be broken, so every later
    /// call but goap_world_destroy fails with GOAP_STATUS_POISONED (see `guard::run`).
    /// Holds the failed call's message.
    pub(crate) poisoned: std::sync::OnceLock<String>,
}

/// Worlds created by goap_world_create and not yet destroyed, in the whole process.
static LIVE_WORLDS: AtomicU32 = AtomicU32::new(0);

impl Drop for GoapWorld {
    fn drop(&mut self) {
        LIVE_WORLDS.fetch_sub(1, Ordering::Relaxed);
    }
}

const WORLD_DEF_COOKIE: u32 = 0x6F61_5703;

/// Settings for goap_world_create. Obtain from goap_world_def_default(), then change fields.
///
/// Layout: worker_threads and plan_cache_capacity were appended with the agent API, the
/// task callbacks with the frame-safe runtime (the hidden cookie changed each time); code
/// compiled against an older goap.h must be recompiled.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapWorldDef {
    /// Internal: set by goap_world_def_default() to detect uninitialised definitions.
    /// Do not change.
    pub cookie: u32,
    /// How many idle planners (with their grown search memory) the world keeps between
    /// plan calls, for reuse. More concurrent plans still work; their planners are freed
    /// afterwards. 0 keeps none (every plan allocates afresh). Default 8.
    ///
    /// An idle planner keeps the search buffers at the size its largest search grew them
    /// to: after a big plan, up to max_idle_planners such buffers stay allocated while the
    /// world lives (they are not shrunk); goap_world_destroy frees them.
    pub max_idle_planners: u32,
    /// Threads goap_world_plan_agents uses when its options say 0, the calling thread
    /// included (a batch never uses more threads than it has agents to plan).
    /// Default 0: the machine's available parallelism (1 when unknown).
    pub worker_threads: u32,
    /// How many search results the plan cache shared by the world's agents holds (searches
    /// from the same state to the same goal with the same context are answered from it;
    /// searches that walk an exact table, most small tasks under GOAP_HEURISTIC_AUTO, skip
    /// it: a walk costs about what a lookup does, less than storing its result);
    /// 0 turns the cache off; other values are rounded up to a multiple of 32. Default
    /// 16384. An entry takes a few hundred bytes for a small domain (its key holds the
    /// state, goal and context; its value the plan). The cache keeps the domains of its entries
    /// alive: their memory is freed when the entries are evicted, by goap_world_clear_cache
    /// or by goap_world_destroy.
    pub plan_cache_capacity: u32,
    /// Optional: the engine's job system, in the model of Box2D v3's b2WorldDef. With
    /// enqueue_task and finish_task both set, the world creates no thread: the parallel
    /// parts of goap_world_plan_agents (deciding who needs a plan, and the searches) are
    /// handed to enqueue_task as ranges of work items, worker_threads is the number of the
    /// engine's workers (0: the machine's available parallelism) and worker_index values
    /// passed to the task are below it. With both NULL (the default) the world creates
    /// worker_threads - 1 threads of its own at creation, parks them between batches and
    /// joins them in goap_world_destroy. Setting only one is GOAP_STATUS_INVALID_ARGUMENT.
    /// See GoapEnqueueTaskCallback for the rules.
    pub enqueue_task: GoapEnqueueTaskCallback,
    /// Waits for a task enqueue_task returned (see GoapFinishTaskCallback).
    pub finish_task: GoapFinishTaskCallback,
    /// Passed to enqueue_task and finish_task as user_context; never dereferenced by goap.
    pub user_task_context: *mut c_void,
}

/// A task goap hands to the engine: runs work items start_index..end_index (end
/// exclusive) on the engine's worker worker_index. task_context is goap's; pass it back
/// unchanged. The task never calls back into the engine's job system.
pub type GoapTaskCallback = Option<
    unsafe extern "C" fn(
        start_index: u32,
        end_index: u32,
        worker_index: u32,
        task_context: *mut c_void,
    ),
>;

/// Called by goap_world_plan_agents, on its calling thread, to run `task` over items
/// 0..item_count: split them into ranges of at least min_range items (the last may be
/// shorter), run task(start, end, worker, task_context) for every range on any of the
/// engine's workers (or on the calling thread), in any order. Every item must run exactly
/// once. Return a handle that finish_task will wait on, or NULL when every range has
/// already run (inside this call): finish_task is then not called. user_context is
/// GoapWorldDef.user_task_context.
///
/// Results never depend on how the items are split or where they run: plans are equal bit
/// for bit to a single-threaded batch. The task locks agents only briefly and never
/// calls context callbacks (they run on the calling thread before the task is enqueued).
/// Both callbacks must be callable from any thread that calls goap_world_plan_agents.
pub type GoapEnqueueTaskCallback = Option<
    unsafe extern "C" fn(
        task: GoapTaskCallback,
        item_count: u32,
        min_range: u32,
        task_context: *mut c_void,
        user_context: *mut c_void,
    ) -> *mut c_void,
>;

/// Called by goap_world_plan_agents, on the thread that called enqueue_task, with the
/// handle it returned: returns when every range of that task has run. Called exactly once
/// per non-NULL handle.
pub type GoapFinishTaskCallback =
    Option<unsafe extern "C" fn(user_task: *mut c_void, user_context: *mut c_void)>;

/// The engine's job system as a [`TaskSystem`].
struct EngineTasks {
    enqueue:
        unsafe extern "C" fn(GoapTaskCallback, u32, u32, *mut c_void, *mut c_void) -> *mut c_void,
    finish: unsafe extern "C" fn(*mut c_void, *mut c_void),
    user: *mut c_void,
    workers: u32,
}

// SAFETY: the engine's callbacks are documented as callable from any thread that calls
// goap_world_plan_agents, and `user` is only passed back to them, never dereferenced.
unsafe impl Send for EngineTasks {}
// SAFETY: as for Send: goap only calls the callbacks, which the engine made thread-safe.
unsafe impl Sync for EngineTasks {}

/// What the trampoline receives: the task, and whether it panicked.
struct TaskContext<'a> {
    task: TaskFn<'a>,
    panicked: AtomicBool,
}

/// Runs one range of a task for the engine. A panic stops at this frame (it must not
/// unwind into the engine): it is remembered and raised again on the calling thread.
unsafe extern "C" fn run_task_range(start: u32, end: u32, worker: u32, context: *mut c_void) {
    // SAFETY: `context` is the TaskContext that EngineTasks::run passed to enqueue_task,
    // alive until finish_task returns (the engine runs every range before that).
    let ctx = unsafe { &*(context as *const TaskContext<'_>) };
    let ran = run_value("run_task_range", false, || {
        (ctx.task)(start, end, worker);
        true
    });
    if !ran {
        ctx.panicked.store(true, Ordering::Relaxed);
    }
}

impl TaskSystem for EngineTasks {
    fn worker_count(&self) -> u32 {
        self.workers
    }

    fn run(&self, items: u32, min_range: u32, task: TaskFn<'_>) {
        let ctx = TaskContext {
            task,
            panicked: AtomicBool::new(false),
        };
        let context = &ctx as *const TaskContext<'_> as *mut c_void;
        // SAFETY: the engine's callbacks, as the GoapWorldDef that installed them promises;
        // `ctx` outlives the task (finish_task returns only when every range has run).
        // The engine's own code runs as outside goap (see `log::outside`); the ranges it
        // runs enter goap again through `run_task_range`'s guard.
        super::log::outside(|| unsafe {
            let handle = (self.enqueue)(
                Some(run_task_range),
                items,
                min_range.max(1),
                context,
                self.user,
            );
            if !handle.is_null() {
                (self.finish)(handle, self.user);
            }
        });
        if ctx.panicked.load(Ordering::Relaxed) {
            panic!("a task of goap_world_plan_agents panicked on an engine worker");
        }
    }
}

/// The default world definition. Always use it to initialise a GoapWorldDef.
///
/// Thread safety: any thread, any time.
#[no_mangle]
pub extern "C" fn goap_world_def_default() -> GoapWorldDef {
    run_value("goap_world_def_default", WORLD_DEF_DEFAULT, || {
        WORLD_DEF_DEFAULT
    })
}

const WORLD_DEF_DEFAULT: GoapWorldDef = GoapWorldDef {
    cookie: WORLD_DEF_COOKIE,
    max_idle_planners: WorldDef::DEFAULT_MAX_IDLE_PLANNERS as u32,
    worker_threads: 0,
    plan_cache_capacity: WorldDef::DEFAULT_PLAN_CACHE_CAPACITY as u32,
    enqueue_task: None,
    finish_task: None,
    user_task_context: std::ptr::null_mut(),
};

/// Creates a world. On success `*out` receives a new world that the caller owns and must
/// free with goap_world_destroy.
///
/// `def` is read during the call only.
///
/// Errors: GOAP_STATUS_NULL_POINTER (def or out NULL), GOAP_STATUS_INVALID_ARGUMENT (def not
/// initialised with goap_world_def_default(); only one of enqueue_task and finish_task
/// set). `*out` is written only on success. Without task callbacks this creates the
/// world's worker_threads - 1 threads.
/// Thread safety: any thread, any time.
///
/// # Safety
/// `def` must point to a readable GoapWorldDef; `out` must be valid for a write.
#[no_mangle]
pub unsafe extern "C" fn goap_world_create(
    def: *const GoapWorldDef,
    out: *mut *mut GoapWorld,
) -> GoapStatus {
    guard!("goap_world_create", [def, out], {
        // SAFETY: the caller guarantees def is readable.
        let def = unsafe {
            read_def(
                "def",
                def,
                |d| d.cookie,
                WORLD_DEF_COOKIE,
                "goap_world_def_default",
            )
        }?;
        let defaults = WorldDef::default();
        let settings = WorldDef {
            max_idle_planners: def.max_idle_planners as usize,
            worker_threads: match def.worker_threads {
                0 => defaults.worker_threads,
                n => n as usize,
            },
            plan_cache_capacity: def.plan_cache_capacity as usize,
            max_agents: super::ids::MAX_AGENTS,
        };
        let world =
            match (def.enqueue_task, def.finish_task) {
                (None, None) => World::new(settings),
                (Some(enqueue), Some(finish)) => {
                    let tasks = EngineTasks {
                        enqueue,
                        finish,
                        user: def.user_task_context,
                        workers: settings.worker_threads.clamp(1, u32::MAX as usize) as u32,
                    };
                    World::with_tasks(settings, Arc::new(tasks))
                }
                _ => return Err(FfiError::invalid(
                    "def->enqueue_task and def->finish_task must be set together (or both NULL)",
                )),
            };
        let tag = WorldTag::acquire();
        LIVE_WORLDS.fetch_add(1, Ordering::Relaxed);
        let ptr = Box::into_raw(Box::new(GoapWorld {
            world,
            tag,
            poisoned: std::sync::OnceLock::new(),
        }));
        // SAFETY: out is non-NULL (guard) and writable by the caller's contract.
        unsafe { write_out(out, ptr) };
        Ok(())
    })
}

/// Destroys a world and everything in it: its domains, facts and actions, its agents (all
/// their ids become invalid; callbacks' user_data is not touched), its plan cache and its
/// idle planners' search memory. NULL is accepted and ignored.
///
/// Called from a context callback of an agent of this world, or from the write callback of
/// its recording (which the rules below forbid), it destroys nothing and sets the last
/// error. A recording in progress is dropped without its end record (a file keeps what was
/// written; the write callback is not called again).
///
/// Thread safety: must not run concurrently with any other call on this world; the pointer
/// must not be used afterwards.
///
/// # Safety
/// `world` must be NULL or a pointer from goap_world_create that was not destroyed yet.
#[no_mangle]
pub unsafe extern "C" fn goap_world_destroy(world: *mut GoapWorld) {
    let _ = guard!("goap_world_destroy", [], {
        if world.is_null() {
            return Ok(());
        }
        if callbacks_running_in(world) {
            return Err(FfiError::new(
                GoapStatus::Busy,
                "called from a context callback of an agent of this world; nothing was \
                 destroyed (a callback must not destroy its world)",
            ));
        }
        if super::record::writer_running_in(world) {
            return Err(FfiError::new(
                GoapStatus::Busy,
                "called from the write callback of this world's recording; nothing was \
                 destroyed (a callback must not destroy its world)",
            ));
        }
        // SAFETY: created by Box::into_raw in goap_world_create, not yet destroyed.
        drop(unsafe { Box::from_raw(world) });
        Ok(())
    });
}

/// How many worlds are alive in this process: created by goap_world_create and not yet
/// destroyed by goap_world_destroy. A leak check for bindings and tests (a C# world left
/// to its finalizer, say), not a handle count: it says nothing about which worlds.
///
/// Thread safety: any thread, any time; with other threads creating or destroying worlds
/// the answer may be out of date when it returns.
#[no_mangle]
pub extern "C" fn goap_world_live_count() -> u32 {
    run_value("goap_world_live_count", 0, || {
        LIVE_WORLDS.load(Ordering::Relaxed)
    })
}

/// The world behind a non-NULL pointer, with its agent id tag.
///
/// # Safety
/// `ptr` must be non-NULL and a live world from goap_world_create, for `'a`.
pub(crate) unsafe fn goap_world_ref<'a>(ptr: *const GoapWorld) -> &'a GoapWorld {
    // SAFETY: forwarded from the caller.
    unsafe { &*ptr }
}

/// The world behind a non-NULL pointer.
///
/// # Safety
/// `ptr` must be non-NULL and a live world from goap_world_create, for `'a`.
pub(crate) unsafe fn world_ref<'a>(ptr: *const GoapWorld) -> &'a World {
    // SAFETY: forwarded from the caller.
    unsafe { &(*ptr).world }
}
