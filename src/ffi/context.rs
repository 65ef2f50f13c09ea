//! An agent's context: per-agent action availability and costs, and context callbacks from
//! C, with the thread-local record of the callbacks running on this thread that makes a
//! re-entrant call on the same agent GOAP_STATUS_BUSY instead of a deadlock.

use std::cell::RefCell;
use std::ffi::c_void;
use std::sync::Arc;

use super::agent::{flag, with_agent};
use super::error::FfiError;
use super::ids::{decode_action, encode_action, encode_agent, GoapActionId, GoapAgentId, IdScope};
use super::status::GoapStatus;
use super::world::{goap_world_ref, GoapWorld};
use crate::agent::{AgentId, ContextCallbacks};
use crate::domain::{ActionId, Domain, MAX_ACTION_COST};
use crate::world::DomainId;

/// Enables (1) or disables (0) an action for this agent only. A disabled action is not
/// planned with; disabling one that the rest of the current plan uses makes the next step
/// replan (GOAP_REPLAN_CAUSE_PLAN_INVALIDATED). Enabling one lets goals that had no plan be
/// tried again. The same setting changes nothing.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this
/// agent's own callback), GOAP_STATUS_UNKNOWN_ACTION (zero, not an action id, of another
/// domain, or added after the agent was created), GOAP_STATUS_INVALID_ARGUMENT (enabled not
/// 0 or 1). Nothing changes on error.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_action_enabled(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    action: GoapActionId,
    enabled: i32,
) -> GoapStatus {
    guard!("goap_agent_set_action_enabled", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let action = decode_action(a, action, "action")?;
            Ok(a.set_action_enabled(action, flag("enabled", enabled)?)?)
        })
    })
}

/// Sets this agent's cost for an action, in place of the domain's (distance, danger…): a
/// number from 0 to GOAP_MAX_ACTION_COST (1e12). It applies from the next replan on; it
/// never replaces the plan in hand. A goal whose search hit the node limit is tried again
/// with the new cost; a goal proved to have no plan is not.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_ACTION, GOAP_STATUS_INVALID_COST (NaN, infinite, negative or above
/// 1e12). Nothing changes on error.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_action_cost(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    action: GoapActionId,
    cost: f64,
) -> GoapStatus {
    guard!("goap_agent_set_action_cost", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let action = decode_action(a, action, "action")?;
            Ok(a.set_action_cost(action, Some(cost))?)
        })
    })
}

/// Gives an action back the domain's cost for this agent (undoes
/// goap_agent_set_action_cost; nothing happens when no cost was set). Like setting a cost,
/// it applies from the next replan on.
///
/// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
/// GOAP_STATUS_UNKNOWN_ACTION.
/// Thread safety: locks the agent for the call.
///
/// # Safety
/// `world` must be a live world.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_clear_action_cost(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    action: GoapActionId,
) -> GoapStatus {
    guard!("goap_agent_clear_action_cost", [world], {
        // SAFETY: world is non-NULL (guard) and live.
        with_agent(unsafe { goap_world_ref(world) }, agent, |a| {
            let action = decode_action(a, action, "action")?;
            Ok(a.set_action_cost(action, None)?)
        })
    })
}

/// Context callbacks of an agent: the engine's answer to "may this agent use this action
/// now, and at what cost" when a rule is easier to code than to keep in action settings.
/// Either pointer may be NULL (not asked: every action is available / keeps its cost).
///
/// When the agent prepares a search (in goap_agent_step or goap_world_plan_agents), each
/// callback is called once per action that is not disabled, on the thread that made that
/// call (never on a worker thread), with `user_data` as given. Their answers apply to that
/// search only; they are not asked while a plan is followed, so a plan already made stays
/// until one of the documented causes replans it. A callback returns 0 for success and must
/// then write its output; a non-zero return, an output not written, *out_available other
/// than 0 or 1, or a cost outside 0 ..= 1e12 (NaN included) abandons the search: the call
/// fails with GOAP_STATUS_CALLBACK_FAILED (goap_world_plan_agents counts it in
/// callback_errors), the last error names the callback, the action and the value, and the
/// agent still needs a plan.
///
/// A callback may call goap functions on other agents and the world (reads, edits, even
/// create or destroy other agents), but not on the agent it is asked about (those calls
/// return GOAP_STATUS_BUSY), not goap_world_plan_agents of its world (BUSY), and it must
/// not destroy its world (goap_world_destroy does nothing then). It must not unwind (C++
/// exceptions, longjmp) out of the callback. Beware of waiting cycles between threads: a
/// callback that calls into agent B while B is stepped on another thread waits for that
/// step, and if B's callbacks there call into this agent, both threads wait forever.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct GoapAgentCallbacks {
    /// Is `action` available to `agent` now? Write 1 (yes) or 0 (no) to *out_available and
    /// return 0.
    pub available: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            agent: GoapAgentId,
            action: GoapActionId,
            out_available: *mut i32,
        ) -> i32,
    >,
    /// What does `action` cost `agent` now? `cost` is its cost so far (the domain's, or
    /// the agent's from goap_agent_set_action_cost). Write the cost to use (0 ..= 1e12) to
    /// *out_cost and return 0.
    pub cost: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            agent: GoapAgentId,
            action: GoapActionId,
            cost: f64,
            out_cost: *mut f64,
        ) -> i32,
    >,
    /// Passed to both callbacks untouched. The library never reads or frees it; it must
    /// stay valid while the callbacks may be called: until goap_agent_set_callbacks replaces
    /// or removes them (that call waits for a search of the agent in progress), or the world
    /// is destroyed. goap_agent_destroy does not wait for a call on the agent running on
    /// another thread, whose search may still call the callbacks: to free `user_data` when
    /// destroying an agent that other threads may be stepping, remove the callbacks first.
    pub user_data: *mut c_void,
}

/// Installs context callbacks on an agent (a copy of `*callbacks`), replacing any it had;
/// NULL (or both pointers NULL) removes them. The next step re-checks the goal choice, and
/// the callbacks are asked at the agent's next search.
///
/// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY
/// (from this agent's own callback). Nothing changes on error.
/// Ownership: the library keeps the pointers, not what they point to (see
/// GoapAgentCallbacks.user_data). Thread safety: locks the agent for the call; the callbacks
/// then run on the threads that step or batch-plan the agent, one call at a time per agent.
///
/// # Safety
/// `world` must be a live world; `callbacks` NULL or readable, its function pointers NULL
/// or callable as declared with its `user_data` from any thread that steps or batch-plans
/// the agent, for as long as they are installed.
#[no_mangle]
pub unsafe extern "C" fn goap_agent_set_callbacks(
    world: *mut GoapWorld,
    agent: GoapAgentId,
    callbacks: *const GoapAgentCallbacks,
) -> GoapStatus {
    guard!("goap_agent_set_callbacks", [world], {
        let callbacks = if callbacks.is_null() {
            None
        } else if !callbacks.is_aligned() {
            return Err(FfiError::invalid("callbacks is not aligned"));
        } else {
            // SAFETY: non-NULL, aligned and readable by the caller's contract.
            Some(unsafe { callbacks.read() })
        }
        .filter(|c| c.available.is_some() || c.cost.is_some());
        // SAFETY: world is non-NULL (guard) and live.
        let gw = unsafe { goap_world_ref(world) };
        with_agent(gw, agent, |a| {
            let foreign = callbacks.map(|callbacks| {
                Box::new(ForeignCallbacks {
                    callbacks,
                    world: world_key(gw),
                    tag: gw.tag.get(),
                    domain_id: a.owner(),
                    domain: Arc::clone(a.domain()),
                }) as Box<dyn ContextCallbacks>
            });
            a.set_callbacks(foreign);
            Ok(())
        })
    })
}

/// A world's identity in [`RUNNING`]: its address.
fn world_key(world: &GoapWorld) -> usize {
    std::ptr::from_ref(world) as usize
}

thread_local! {
    /// The agents (world, agent) whose context callbacks are running on this thread,
    /// innermost last (a callback may step another agent, whose callbacks then run too).
    static RUNNING: RefCell<Vec<(usize, AgentId)>> = const { RefCell::new(Vec::new()) };
}

/// Marks a callback of an agent as running on this thread until dropped.
struct Running;

impl Running {
    fn enter(world: usize, agent: AgentId) -> Running {
        // During thread teardown the list may be gone; no callback can call back then.
        let _ = RUNNING.try_with(|r| r.borrow_mut().push((world, agent)));
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = RUNNING.try_with(|r| r.borrow_mut().pop());
    }
}

/// `GOAP_STATUS_BUSY` when a context callback of `agent` is running on this thread: the
/// agent is locked by the call that runs it, so locking it again would deadlock.
pub(crate) fn ensure_idle(
    world: &GoapWorld,
    agent: AgentId,
    raw: GoapAgentId,
) -> Result<(), FfiError> {
    let key = (world_key(world), agent);
    let busy = RUNNING
        .try_with(|r| r.borrow().contains(&key))
        .unwrap_or(false);
    if busy {
        return Err(FfiError::new(
            GoapStatus::Busy,
            format!(
                "agent {raw:#x} is busy: this call comes from one of its own context \
                 callbacks (a callback must not call goap on the agent it is asked about)"
            ),
        ));
    }
    Ok(())
}

/// True when a context callback of an agent of `world` is running on this thread.
pub(crate) fn callbacks_running_in(world: *const GoapWorld) -> bool {
    let key = world as usize;
    RUNNING
        .try_with(|r| r.borrow().iter().any(|&(w, _)| w == key))
        .unwrap_or(false)
}

/// What a callback's output holds when the callback did not write it.
const NOT_WRITTEN_AVAILABLE: i32 = i32::MIN;
/// A NaN with a payload of its own, so a callback that wrote NaN is told apart.
const NOT_WRITTEN_COST: u64 = 0x7ff8_0000_dead_beef;

/// The C callbacks of one agent, as the core's [`ContextCallbacks`].
struct ForeignCallbacks {
    callbacks: GoapAgentCallbacks,
    world: usize,
    tag: u8,
    domain_id: DomainId,
    /// The agent's domain, to name actions in messages.
    domain: Arc<Domain>,
}

// SAFETY: the core requires `Send` because agents live in a world shared by threads, but
// these callbacks only ever run inside goap_agent_step and goap_world_plan_agents, on the
// thread that called them (Agent::make_job runs there, never on batch workers), one call
// at a time per agent (the agent is locked). The caller of goap_agent_set_callbacks
// promised that the function pointers and user_data may be used from those threads.
unsafe impl Send for ForeignCallbacks {}

impl ForeignCallbacks {
    /// `action "洗菜" (id 0x…)`, for messages.
    fn action(&self, action: ActionId) -> String {
        let name = self.domain.action(action).map_or("?", |a| a.name());
        format!(
            "action \"{name}\" (id {:#x})",
            encode_action(self.domain_id, action)
        )
    }
}

impl ContextCallbacks for ForeignCallbacks {
    fn available(&mut self, agent: AgentId, action: ActionId) -> Result<bool, String> {
        let Some(available) = self.callbacks.available else {
            return Ok(true);
        };
        let mut out = NOT_WRITTEN_AVAILABLE;
        let status = {
            let _running = Running::enter(self.world, agent);
            // SAFETY: callable with user_data on this thread by the contract of
            // goap_agent_set_callbacks; `out` is a valid i32 for the call.
            let (agent, action) = (
                encode_agent(self.tag, agent),
                encode_action(self.domain_id, action),
            );
            super::log::outside(|| unsafe {
                available(self.callbacks.user_data, agent, action, &mut out)
            })
        };
        match (status, out) {
            (0, 0) => Ok(false),
            (0, 1) => Ok(true),
            (0, NOT_WRITTEN_AVAILABLE) => Err(format!(
                "the available callback returned 0 for {} but did not write *out_available",
                self.action(action)
            )),
            (0, v) => Err(format!(
                "the available callback wrote *out_available = {v} for {} (expected 0 or 1)",
                self.action(action)
            )),
            (s, _) => Err(format!(
                "the available callback returned {s} for {}",
                self.action(action)
            )),
        }
    }

    fn cost(&mut self, agent: AgentId, action: ActionId, cost: f64) -> Result<f64, String> {
        let Some(cost_fn) = self.callbacks.cost else {
            return Ok(cost);
        };
        let mut out = f64::from_bits(NOT_WRITTEN_COST);
        let status = {
            let _running = Running::enter(self.world, agent);
            // SAFETY: as in `available`; `out` is a valid f64 for the call.
            let (agent, action) = (
                encode_agent(self.tag, agent),
                encode_action(self.domain_id, action),
            );
            super::log::outside(|| unsafe {
                cost_fn(self.callbacks.user_data, agent, action, cost, &mut out)
            })
        };
        if status != 0 {
            return Err(format!(
                "the cost callback returned {status} for {}",
                self.action(action)
            ));
        }
        if out.to_bits() == NOT_WRITTEN_COST {
            return Err(format!(
                "the cost callback returned 0 for {} but did not write *out_cost",
                self.action(action)
            ));
        }
        if !(0.0..=MAX_ACTION_COST).contains(&out) {
            return Err(format!(
                "the cost callback wrote *out_cost = {out} for {} (expected a number from 0 \
                 to 1e12)",
                self.action(action)
            ));
        }
        Ok(out)
    }
}
