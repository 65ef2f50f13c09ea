//! Where a world's parallel work runs: the engine's job system ([`TaskSystem`], installed
//! with [`World::with_tasks`](super::World::with_tasks); through the C ABI, Box2D-style
//! `enqueue_task` / `finish_task` callbacks), or else one pool of threads created with the
//! world and kept until it is dropped ([`ThreadPool`]): no call creates a thread.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::Mutex;

/// A task: runs items `start..end` of a parallel job on worker `worker` (an index below the
/// task system's worker count, or 0 when the caller runs it).
pub type TaskFn<'a> = &'a (dyn Fn(u32, u32, u32) + Sync);

/// An engine's job system, as the world uses it.
///
/// The world calls [`TaskSystem::run`] from the thread that called it (a batch, say) and
/// expects every item to have run when it returns. Items are independent: run them on any
/// worker threads, in any ranges of at least `min_range` items (the last may be shorter),
/// in any order, including all on the calling thread. Results never depend on how the
/// items are split or where they run.
pub trait TaskSystem: Send + Sync {
    /// Worker threads the job system has (≥ 1). A world never runs more parallel tasks than
    /// this at once.
    fn worker_count(&self) -> u32;

    /// Runs `task` over items `0..items` and returns when all have run.
    fn run(&self, items: u32, min_range: u32, task: TaskFn<'_>);
}

/// The names of a world's worker threads start with this (then the worker's number).
pub const WORKER_THREAD_PREFIX: &str = "goap-worker-";

/// The world's own workers: `threads - 1` threads created with it (the calling thread is
/// the other one), parked between jobs, joined when it is dropped.
pub struct ThreadPool {
    pool: Option<rayon_core::ThreadPool>,
    handles: Mutex<Vec<std::thread::JoinHandle<()>>>,
    threads: u32,
}

impl fmt::Debug for ThreadPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadPool")
            .field("threads", &self.threads)
            .finish()
    }
}

impl ThreadPool {
    /// A pool for `threads` threads, the calling one included (1: no thread is created and
    /// every job runs on the calling thread). Falls back to fewer threads when the system
    /// refuses to create them.
    pub fn new(threads: usize) -> Self {
        let threads = threads.clamp(1, u32::MAX as usize) as u32;
        let handles = Mutex::new(Vec::new());
        let pool = if threads > 1 {
            rayon_core::ThreadPoolBuilder::new()
                .num_threads(threads as usize - 1)
                .thread_name(|i| format!("{WORKER_THREAD_PREFIX}{i}"))
                .spawn_handler(|thread| {
                    let h = std::thread::Builder::new()
                        .name(thread.name().unwrap_or("goap-worker").to_owned())
                        .spawn(|| thread.run())?;
                    handles.lock().push(h);
                    Ok(())
                })
                .build()
                .ok()
        } else {
            None
        };
        let threads = if pool.is_some() { threads } else { 1 };
        ThreadPool {
            pool,
            handles,
            threads,
        }
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        // Terminate the workers, then wait for them: nothing outlives the world.
        drop(self.pool.take());
        for h in self.handles.get_mut().drain(..) {
            let _ = h.join();
        }
    }
}

impl TaskSystem for ThreadPool {
    fn worker_count(&self) -> u32 {
        self.threads
    }

    fn run(&self, items: u32, min_range: u32, task: TaskFn<'_>) {
        self.run_on(self.threads, items, min_range, task);
    }
}

impl ThreadPool {
    /// [`TaskSystem::run`] on at most `threads` threads (the calling one included).
    pub fn run_on(&self, threads: u32, items: u32, min_range: u32, task: TaskFn<'_>) {
        let min_range = min_range.max(1);
        let ranges = items.div_ceil(min_range);
        match &self.pool {
            Some(pool) if ranges > 1 => {
                // Ranges claimed one at a time by the calling thread and the workers.
                let next = AtomicUsize::new(0);
                let lane = |worker: u32| loop {
                    let r = next.fetch_add(1, Ordering::Relaxed) as u32;
                    if r >= ranges {
                        break;
                    }
                    let start = r * min_range;
                    task(start, (start + min_range).min(items), worker);
                };
                let helpers = (ranges - 1).min(self.threads.min(threads.max(1)) - 1);
                pool.in_place_scope(|s| {
                    for w in 0..helpers {
                        let lane = &lane;
                        s.spawn(move |_| lane(w + 1));
                    }
                    lane(0);
                });
            }
            _ => run_inline(items, task),
        }
    }
}

/// Runs every item of a task on the calling thread, as worker 0.
pub(crate) fn run_inline(items: u32, task: TaskFn<'_>) {
    if items > 0 {
        task(0, items, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_item_runs_once_and_workers_are_joined() {
        let pool = ThreadPool::new(3);
        assert_eq!(pool.worker_count(), 3);
        let seen = Mutex::new(Vec::new());
        let workers = Mutex::new(HashSet::new());
        pool.run(1000, 7, &|start, end, worker| {
            assert!(end - start <= 7 && start < end);
            assert!(worker < 3);
            workers.lock().insert(worker);
            seen.lock().extend(start..end);
        });
        let mut seen = seen.into_inner();
        seen.sort_unstable();
        assert_eq!(seen, (0..1000).collect::<Vec<_>>());
        let handles = pool.handles.lock().len();
        assert_eq!(handles, 2, "two threads besides the caller");
        drop(pool);
    }

    #[test]
    fn one_thread_runs_on_the_caller() {
        let pool = ThreadPool::new(1);
        let caller = std::thread::current().id();
        pool.run(10, 1, &|start, end, worker| {
            assert_eq!((start, end, worker), (0, 10, 0));
            assert_eq!(std::thread::current().id(), caller);
        });
        pool.run(0, 1, &|_, _, _| panic!("no items, no call"));
    }
}
