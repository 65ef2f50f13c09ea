//! Support shared by the FFI tests (ffi, ffi_agents, ffi_stress): the C API called from
//! Rust as a C program would, with small wrappers that assert success.
#![allow(dead_code)] // each test crate uses its own subset

use std::ffi::c_char;
use std::ptr::null_mut;

use goap::ffi::*;

pub const KITCHEN_JSON: &str = include_str!("../../examples/domains/kitchen.json");

/// The kitchen's fact names; its start holds only the first.
pub const KITCHEN_FACTS: [&str; 8] = [
    "菜已买",
    "菜已洗",
    "菜已切",
    "菜已炒",
    "肉已买",
    "肉已熟",
    "饭已熟",
    "晚餐完成",
];

/// The last error through the C API (length, then copy), checked for consistency.
pub fn last_error() -> String {
    let len = goap_last_error_length();
    let mut buf = vec![0xAAu8; len as usize + 1];
    let mut out_len = u32::MAX;
    let st = unsafe { goap_last_error_message(buf.as_mut_ptr().cast(), len + 1, &mut out_len) };
    assert_eq!(st, GoapStatus::Ok);
    assert_eq!(out_len, len);
    assert_eq!(buf[len as usize], 0, "message is NUL-terminated");
    String::from_utf8(buf[..len as usize].to_vec()).expect("message is UTF-8")
}

/// Asserts `status == expected` and that the last error names the function and contains
/// every needle.
#[track_caller]
pub fn expect_err(status: GoapStatus, expected: GoapStatus, function: &str, needles: &[&str]) {
    assert_eq!(status, expected, "last error: {}", last_error());
    let msg = last_error();
    assert!(
        msg.starts_with(&format!("{function}: ")),
        "message {msg:?} should start with {function:?}"
    );
    for n in needles {
        assert!(msg.contains(n), "message {msg:?} should contain {n:?}");
    }
}

#[track_caller]
pub fn ok(status: GoapStatus) {
    assert_eq!(status, GoapStatus::Ok, "last error: {}", last_error());
}

pub fn s(text: &str) -> (*const c_char, u32) {
    (text.as_ptr().cast(), text.len() as u32)
}

pub fn fv(fact: GoapFactId, value: bool) -> GoapFactValue {
    GoapFactValue {
        fact,
        value: i32::from(value),
    }
}

/// A world freed on drop.
pub struct World(pub *mut GoapWorld);

// The C API is thread-safe; tests share worlds between threads.
unsafe impl Send for World {}
unsafe impl Sync for World {}

impl World {
    pub fn new() -> World {
        World::with(goap_world_def_default())
    }

    pub fn with(def: GoapWorldDef) -> World {
        let mut w = null_mut();
        ok(unsafe { goap_world_create(&def, &mut w) });
        assert!(!w.is_null());
        World(w)
    }

    /// Loads a domain file.
    pub fn load(&self, json: &str) -> GoapDomainId {
        let (p, n) = s(json);
        let mut d = GoapDomainId::default();
        ok(unsafe { goap_domain_load_json(self.0, p, n, &mut d) });
        d
    }

    pub fn kitchen(&self) -> GoapDomainId {
        self.load(KITCHEN_JSON)
    }

    pub fn fact(&self, d: GoapDomainId, name: &str) -> GoapFactId {
        let (p, n) = s(name);
        let mut f = GoapFactId::default();
        ok(unsafe { goap_domain_find_fact(self.0, d, p, n, &mut f) });
        f
    }

    pub fn action(&self, d: GoapDomainId, name: &str) -> GoapActionId {
        let (p, n) = s(name);
        let mut a = GoapActionId::default();
        ok(unsafe { goap_domain_find_action(self.0, d, p, n, &mut a) });
        a
    }

    pub fn var(&self, d: GoapDomainId, name: &str) -> GoapVarId {
        let (p, n) = s(name);
        let mut v = GoapVarId::default();
        ok(unsafe { goap_domain_find_var(self.0, d, p, n, &mut v) });
        v
    }

    pub fn action_name(&self, d: GoapDomainId, a: GoapActionId) -> String {
        let mut buf = [0u8; 64];
        let mut len = 0;
        ok(unsafe { goap_domain_action_name(self.0, d, a, buf.as_mut_ptr().cast(), 64, &mut len) });
        String::from_utf8(buf[..len as usize].to_vec()).unwrap()
    }

    /// An agent of `d` with the default definition changed by `edit`.
    pub fn agent_with(&self, d: GoapDomainId, edit: impl FnOnce(&mut GoapAgentDef)) -> GoapAgentId {
        let mut def = goap_agent_def_default();
        def.domain = d;
        edit(&mut def);
        let mut a = GoapAgentId::default();
        ok(unsafe { goap_agent_create(self.0, &def, &mut a) });
        assert_ne!(a, GoapAgentId::default());
        a
    }

    pub fn agent(&self, d: GoapDomainId) -> GoapAgentId {
        self.agent_with(d, |_| {})
    }

    /// Adds a goal on facts; returns its id.
    pub fn goal(
        &self,
        a: GoapAgentId,
        name: &str,
        facts: &[GoapFactValue],
        priority: f64,
    ) -> GoapGoalId {
        let mut def = goap_goal_def_default();
        (def.name, def.name_len) = s(name);
        def.facts = facts.as_ptr();
        def.fact_count = facts.len() as u32;
        def.priority = priority;
        let mut goal = GoapGoalId::default();
        ok(unsafe { goap_agent_add_goal(self.0, a, &def, &mut goal) });
        goal
    }

    /// The kitchen's dinner goal.
    pub fn dinner_goal(&self, d: GoapDomainId, a: GoapAgentId) -> GoapGoalId {
        let dinner = self.fact(d, "晚餐完成");
        self.goal(a, "dinner", &[fv(dinner, true)], 1.0)
    }

    pub fn step(&self, a: GoapAgentId, dt: f64) -> GoapStep {
        let mut step = GoapStep::default();
        ok(unsafe { goap_agent_step(self.0, a, dt, &mut step) });
        step
    }

    pub fn report(&self, a: GoapAgentId, report: GoapReport) {
        ok(unsafe { goap_agent_report(self.0, a, report as i32) });
    }

    pub fn info(&self, a: GoapAgentId) -> GoapAgentInfo {
        let mut info = GoapAgentInfo::default();
        ok(unsafe { goap_agent_info(self.0, a, &mut info) });
        info
    }

    /// The rest of the agent's plan.
    pub fn plan(&self, a: GoapAgentId) -> Vec<GoapActionId> {
        let mut out = [GoapActionId::default(); 64];
        let mut count = 0;
        ok(unsafe { goap_agent_plan(self.0, a, out.as_mut_ptr(), 64, &mut count) });
        out[..count as usize].to_vec()
    }

    pub fn plan_names(&self, d: GoapDomainId, a: GoapAgentId) -> Vec<String> {
        self.plan(a)
            .into_iter()
            .map(|x| self.action_name(d, x))
            .collect()
    }

    pub fn replans(&self, a: GoapAgentId) -> Vec<GoapReplanEvent> {
        let mut out = [GoapReplanEvent::default(); 16];
        let mut count = 0;
        ok(unsafe { goap_agent_replans(self.0, a, out.as_mut_ptr(), 16, &mut count) });
        out[..count as usize].to_vec()
    }

    pub fn get_fact(&self, a: GoapAgentId, fact: GoapFactId) -> bool {
        let mut v = -1;
        ok(unsafe { goap_agent_get_fact(self.0, a, fact, &mut v) });
        assert!(v == 0 || v == 1);
        v == 1
    }

    pub fn set_fact(&self, a: GoapAgentId, fact: GoapFactId, value: bool) {
        ok(unsafe { goap_agent_set_fact(self.0, a, fact, i32::from(value)) });
    }

    pub fn batch(&self, edit: impl FnOnce(&mut GoapBatchOptions)) -> GoapBatchStats {
        let mut options = goap_batch_options_default();
        edit(&mut options);
        let mut stats = GoapBatchStats::default();
        ok(unsafe { goap_world_plan_agents(self.0, &options, &mut stats) });
        stats
    }

    pub fn cache_stats(&self) -> GoapCacheStats {
        let mut stats = GoapCacheStats::default();
        ok(unsafe { goap_world_cache_stats(self.0, &mut stats) });
        stats
    }

    /// Drives the agent until its step says Idle (or NoPlan), reporting each action
    /// succeeded unless `fail` says otherwise for that action (it gets the action's name).
    /// Returns the actions started, by name, in order; panics after `max_steps`.
    pub fn run(
        &self,
        d: GoapDomainId,
        a: GoapAgentId,
        max_steps: usize,
        mut fail: impl FnMut(&str) -> bool,
    ) -> (GoapStep, Vec<String>) {
        let mut started = Vec::new();
        for _ in 0..max_steps {
            let step = self.step(a, 0.1);
            match step.kind {
                k if k == GoapStepKind::Start as i32 => {
                    let name = self.action_name(d, step.action);
                    let outcome = if fail(&name) {
                        GoapReport::Failed
                    } else {
                        GoapReport::Succeeded
                    };
                    started.push(name);
                    self.report(a, outcome);
                }
                k if k == GoapStepKind::Idle as i32 || k == GoapStepKind::NoPlan as i32 => {
                    return (step, started)
                }
                k => panic!("unexpected step kind {k}: {step:?}"),
            }
        }
        panic!("the agent did not finish in {max_steps} steps: {started:?}");
    }
}

impl Drop for World {
    fn drop(&mut self) {
        unsafe { goap_world_destroy(self.0) };
    }
}

/// A small job system for GoapWorldDef.enqueue_task / finish_task: each task runs on
/// `JOB_THREADS` new threads that claim ranges of `min_range` items; finish joins them.
pub mod jobs {
    use std::ffi::c_void;
    use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
    use std::sync::Arc;

    use goap::ffi::{GoapTaskCallback, GoapWorldDef};

    pub const JOB_THREADS: u32 = 3;

    /// Counters shared with the test (the user_task_context).
    #[derive(Default)]
    pub struct Jobs {
        pub enqueued: AtomicUsize,
        pub finished: AtomicUsize,
        pub ranges: AtomicUsize,
    }

    struct Job {
        threads: Vec<std::thread::JoinHandle<()>>,
    }

    unsafe extern "C" fn enqueue(
        task: GoapTaskCallback,
        count: u32,
        min_range: u32,
        task_context: *mut c_void,
        user: *mut c_void,
    ) -> *mut c_void {
        let jobs = unsafe { &*(user as *const Jobs) };
        jobs.enqueued.fetch_add(1, Ordering::SeqCst);
        let task = task.expect("a task");
        let next = Arc::new(AtomicU32::new(0));
        let (ctx, user) = (task_context as usize, user as usize);
        let threads = (0..JOB_THREADS)
            .map(|worker| {
                let next = Arc::clone(&next);
                std::thread::spawn(move || loop {
                    let start = next.fetch_add(min_range, Ordering::SeqCst);
                    if start >= count {
                        break;
                    }
                    let end = (start + min_range).min(count);
                    unsafe { task(start, end, worker, ctx as *mut c_void) };
                    let jobs = unsafe { &*(user as *const Jobs) };
                    jobs.ranges.fetch_add(1, Ordering::SeqCst);
                })
            })
            .collect();
        Box::into_raw(Box::new(Job { threads })).cast()
    }

    unsafe extern "C" fn finish(handle: *mut c_void, user: *mut c_void) {
        let job = unsafe { Box::from_raw(handle as *mut Job) };
        for t in job.threads {
            t.join().expect("a job thread");
        }
        let jobs = unsafe { &*(user as *const Jobs) };
        jobs.finished.fetch_add(1, Ordering::SeqCst);
    }

    /// `def` with this job system installed (`jobs` must outlive the world).
    pub fn install(def: &mut GoapWorldDef, jobs: &Jobs) {
        def.worker_threads = JOB_THREADS;
        def.enqueue_task = Some(enqueue);
        def.finish_task = Some(finish);
        def.user_task_context = jobs as *const Jobs as *mut c_void;
    }
}
