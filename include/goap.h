/*
 * goap.h: Goal-Oriented Action Planning, optimal A* planner (C ABI of the goap crate).
 *
 * Link the static library (libgoap.a / goap.lib; on Linux also -lpthread -ldl -lm) or the
 * shared one (libgoap.so / goap.dll / libgoap.dylib). Compiles as C99 and as C++.
 *
 * OBJECTS AND IDS
 *   GoapWorld* is the root object: goap_world_create / goap_world_destroy (accepts NULL).
 *   Everything inside a world is named by an id passed by value, one struct type per kind
 *   (GoapDomainId, GoapFactId, GoapVarId, GoapActionId, GoapAgentId, GoapGoalId), so the
 *   compiler rejects an id of one kind passed where another is expected. Each holds one
 *   uint64_t `bits`; ids are opaque: store them, pass them back and compare them with
 *   goap_fact_id_equals and the like (at the end of this header), but do not compute with
 *   the bits or rely on their values (the encoding may change between versions). Every
 *   kind's null id, GOAP_NULL_FACT_ID and the like, is all zero bits (= {0}); no valid id
 *   is null, and the library writes the null id where there is none (no action, no goal).
 *   An id of a destroyed domain (stale) or of another domain or world (foreign) is always
 *   detected and returns an error status; it never reaches memory it does not own. Even
 *   bits copied from an id of another kind are detected (GOAP_STATUS_UNKNOWN_FACT,
 *   _UNKNOWN_VAR, _UNKNOWN_ACTION or _UNKNOWN_DOMAIN; the last error says it is an id of the
 *   wrong kind).
 *   Domain ids come from one counter for the whole process, shared by all worlds, and are
 *   never reused: after 2^32 - 2 domains have been created in one process (destroyed ones
 *   included), creating or loading another fails with GOAP_STATUS_TOO_MANY. A domain has
 *   at most 2^30 - 1 facts, 2^30 - 1 variables and 2^30 - 1 actions.
 *   Definition structs (GoapWorldDef, GoapDomainDef, GoapVarDef, GoapActionDef,
 *   GoapPlanOptions, GoapProblem, GoapAgentDef, GoapGoalDef, GoapBatchOptions) must come
 *   from their goap_..._default() function, which sets a hidden cookie; a struct that did
 *   not is GOAP_STATUS_INVALID_ARGUMENT.
 *   Agents are named by a GoapAgentId, generational: the id of a destroyed agent is never
 *   valid again in its world (GOAP_STATUS_UNKNOWN_AGENT, "stale"). An agent id carries an
 *   8-bit tag of its world (1 to 255, each held by one live world at a time), so an agent
 *   id passed to another world is GOAP_STATUS_UNKNOWN_AGENT ("foreign") too, with one
 *   exception: only while more than 255 worlds are alive at once do two of them share a
 *   tag, and then an agent id of one may name an agent of the other. (An id kept from a
 *   destroyed world is told apart from a later world's agents by its generation, whose
 *   start differs per world.) A world holds at most
 *   2^24 - 1 agents. An agent's goals are named by a GoapGoalId, generational too: the id
 *   of a removed goal (goap_agent_remove_goal) never names a later goal of its agent
 *   (GOAP_STATUS_UNKNOWN_GOAL). Goal ids are per agent: agents number their goals alike, so
 *   an id of one agent's goal usually names a goal of another agent too; keep a goal id
 *   with its agent id.
 *   The fact, variable and action ids passed to agent functions are those of the agent's
 *   domain as it was when the agent was created (the agent keeps that copy: ids added to
 *   the domain later are GOAP_STATUS_UNKNOWN_FACT/VAR/ACTION for it, and it lives on when
 *   its domain is destroyed).
 *
 * INTEGER VARIABLES
 *   Besides boolean facts a domain has bounded integer variables (goap_domain_add_var): an
 *   inclusive int32_t range [min, max] and a start default (min unless declared). Facts and
 *   variables share one namespace. Conditions (GoapVarCondition: == != < <= > >=) compare a
 *   variable with a constant in its range; effects (GoapVarEffect) set it to a constant in
 *   its range or add or subtract a step from 1 to max - min, at most one effect per
 *   variable per action, all computed from the state before the action. A constant outside
 *   those bounds is GOAP_STATUS_OUT_OF_RANGE; conditions on one variable that can never
 *   hold together are GOAP_STATUS_CONTRADICTION. Where an effect's result would leave the
 *   range, the variable's GoapOverflow rule decides: GOAP_OVERFLOW_REJECT (the default)
 *   makes the action inapplicable in that state, GOAP_OVERFLOW_SATURATE clamps the result.
 *   The enum fields of the structs (op, overflow) are int32_t holding a GoapCompare,
 *   GoapVarOp or GoapOverflow value; 0 is no GoapCompare or GoapVarOp, and any value that
 *   is not one of the enum's is GOAP_STATUS_INVALID_ARGUMENT.
 *
 * STATUS AND ERRORS
 *   Every fallible function returns a GoapStatus; GOAP_STATUS_OK is 0. Output parameters are
 *   written only when the call succeeds. The one exception is GOAP_STATUS_BUFFER_TOO_SMALL:
 *   then the needed size is written (to *out_len or *out_count, or to
 *   out_result->action_count together with the rest of *out_result) and nothing else.
 *   Every failing call stores a message in a thread-local "last error" that names the
 *   function and what was wrong (which argument, which fact, line:column of a domain file);
 *   read it with goap_last_error_length and goap_last_error_message (which itself never
 *   changes it, so a retry with a bigger buffer reads the same text). Successful calls
 *   leave the last error as it was, so check the status first. A Rust panic inside the
 *   library never unwinds into your code: it returns GOAP_STATUS_PANIC with the panic
 *   message as the last error, and the world the call was on is poisoned: its state may
 *   be broken, so every later call on it returns GOAP_STATUS_POISONED (naming the call
 *   that panicked) without doing anything, until goap_world_destroy frees it. Other worlds
 *   are not affected.
 *
 * STRUCTS THAT GROW
 *   The structs the library writes into and the caller allocates (GoapStep, GoapAgentInfo,
 *   GoapPlanResult, GoapReplanEvent, GoapBatchStats, GoapCacheStats, GoapVarInfo,
 *   GoapActionInfo, GoapGoalInfo, GoapTraceNode, GoapTraceResult, GoapRecordStats,
 *   GoapReplaySummary, GoapDiagnostic, GoapValidation) start with
 *   `uint32_t size`: set it to sizeof the struct before the call (GoapStep step =
 *   {sizeof(GoapStep)}; for an array, in its first element, which gives the stride). The
 *   rule for 1.x: fields are only ever appended; the library accepts any size of at least
 *   the struct's first version (a smaller one, 0 say, is GOAP_STATUS_INVALID_ARGUMENT,
 *   checked before the call does anything), writes only the fields that fit in it, and
 *   leaves `size` as set. So code built against an older goap.h keeps working with a newer
 *   library, and the reverse.
 *
 * LOG
 *   The library's messages (today: a caught panic's message and source location) go to
 *   the log callback installed with goap_set_log_callback (process-wide, called on any
 *   thread), or by default to stderr as one line starting "goap: ".
 *
 * STRINGS AND BUFFERS
 *   Strings passed in are UTF-8 as pointer + uint32_t byte length, not NUL-terminated (a
 *   NULL pointer with length 0 is the empty string); invalid UTF-8 is GOAP_STATUS_INVALID_UTF8
 *   naming the argument. Arrays passed in are pointer + uint32_t count (NULL allowed when the
 *   count is 0). Input memory is read during the call only; the library keeps copies.
 *   Strings passed out are copied into a caller buffer (buf, capacity) followed by a NUL
 *   terminator; *out_len receives the length without the terminator, on success and on
 *   GOAP_STATUS_BUFFER_TOO_SMALL alike, so a buffer needs *out_len + 1 bytes. Arrays passed
 *   out (plans, an agent's plan and replans) go into a caller buffer (out_actions or out,
 *   capacity); the count goes to out_result->action_count or *out_count. The library never
 *   returns memory you must free except the world itself.
 *
 * MEMORY
 *   Every allocation goes through the system allocator, or through the host's when
 *   goap_set_allocator is called before any other goap function; goap_allocated_bytes
 *   tells how many bytes goap holds.
 *   A world keeps up to GoapWorldDef.max_idle_planners idle planners for reuse by later
 *   plan calls. Each keeps its search buffers at the size the largest search it ran grew
 *   them to, and the goal-only part of its last 8 searches' setup (which actions can
 *   matter for the goal, which facts the search must tell apart: a few bytes per fact and
 *   per action of the domain each, plus on small domains up to 64 KiB of projected action
 *   masks); they are not shrunk while the world lives, and
 *   goap_world_destroy frees them.
 *   An agent whose search a step or batch budget stopped half way keeps that search (its
 *   planner and buffers) until it ends, is started over, or the agent is destroyed.
 *   No allocation whose size a domain or a call determines can abort the host: every
 *   planner table sized by the input (a search's action masks, 4 × kept actions × facts
 *   bits; its states, landmark sets, nodes and open list) is limited to 1 GiB (the Rust
 *   `goap::set_max_table_bytes` changes it for the process) and reserved fallibly. A
 *   compiled domain keeps dense action masks only up to 16 MiB and is otherwise kept
 *   sparse, so 300,000 actions over 300,000 facts load and plan. A search over the
 *   limit, or an allocation the system refuses, returns
 *   GOAP_STATUS_OUT_OF_MEMORY with a message naming the table and its size (load, plan,
 *   step, explain), or is counted in GoapBatchStats.out_of_memory. Only those tables fail
 *   softly: any other allocation that fails (small ones, error messages among them) aborts
 *   the process, as Rust's allocation failure does. The system allocator practically never
 *   refuses those; a host allocator (goap_set_allocator) that runs dry and returns NULL
 *   will almost always abort, so give goap one that does not.
 *
 * AGENTS
 *   An agent (goap_agent_create) is an NPC's goals, believed world state and plan queue.
 *   Each frame the engine writes what it sensed (goap_agent_set_fact, goap_agent_set_facts,
 *   goap_agent_set_var), calls goap_agent_step, performs the action it is told to
 *   (GOAP_STEP_KIND_START, then GOAP_STEP_KIND_CONTINUE) and reports the outcome with
 *   goap_agent_report: running, succeeded (the action's effects are applied to the
 *   believed state) or failed (the agent replans). Goals (goap_agent_add_goal, and the
 *   `goals` of a domain file) have priorities the engine may change any frame: the agent
 *   pursues the highest-priority enabled goal it does not satisfy and can plan for, and
 *   switches only when another goal beats the current one by more than its switch_margin.
 *   It searches only with a cause (GoapReplanCause): no plan yet, an action failed,
 *   another goal chosen, or the rest of the plan no longer reaching the goal from the
 *   believed state (plan monitoring, which also skips steps that became unnecessary). A
 *   frame in which nothing changed costs a few branches. Per-agent action availability and
 *   costs (goap_agent_set_action_enabled, goap_agent_set_action_cost) express context
 *   without callbacks; GoapAgentCallbacks exist for the rest. goap_world_plan_agents
 *   plans many agents per call on worker threads (agents with plan_in_step 0 wait for it),
 *   and the searches of the world's agents go through a plan cache shared by them
 *   (GoapWorldDef.plan_cache_capacity, goap_world_cache_stats), but those that walk an
 *   exact table, which cost about what a lookup does. A step may search within a
 *   budget (GoapAgentDef.step_max_expansions, step_max_micros): a search that outlasts it
 *   returns GOAP_STEP_KIND_PLANNING and the next step continues it where it stopped, so a
 *   long search is spread over frames and ends with the plan an unlimited step finds. A
 *   goal with a condition that fails and that no action can change is never searched.
 *
 * RECURRING GOALS
 *   A goal with a reset (GoapGoalDef.reset, reset_vars) or a cooldown recurs: when the
 *   agent finds the goal it pursues satisfied (after a report of success, or facts the
 *   engine set), it counts it (GoapGoalInfo.achieved), sets the reset facts and variables
 *   in its beliefs, drops the plan, and does not choose the goal again for `cooldown`
 *   seconds of its clock (the sum of the dt passed to goap_agent_step;
 *   GoapGoalInfo.ready_in tells what is left). The next plan for the goal is a fresh one
 *   (GOAP_REPLAN_CAUSE_NO_PLAN). So a patrol (reset "at_gate" to 0) or a daily delivery
 *   (reset "bread_delivered" to 0, cooldown one game day) loops without engine code. A
 *   domain file writes them as "reset": {...} (values as in "start") and "cooldown": n.
 *   Only the goal being pursued is counted and reset: a recurring goal that becomes true
 *   while the agent pursues another stays satisfied (so it is not chosen) until something
 *   makes it false. A goal achieved mid-action (a fact the engine set) drops the plan and
 *   the action in progress: a report on that action then returns GOAP_STATUS_NO_ACTION.
 *
 * PLANS AND COSTS
 *   A plan found is a minimum-cost plan; its cost is the sum of its actions' costs in plan
 *   order, as doubles. Plans whose costs differ by less than floating-point rounding (about
 *   1e-15 relative) may be taken for equal, so another plan may be cheaper by that much.
 *
 * THREADING
 *   Every function is thread-safe, and no call holds a lock of the world for long. No call
 *   on a domain ever waits for a running plan, and a plan waits for other calls only for
 *   microseconds, while it looks its domain up and takes a snapshot of it (calls on one
 *   agent wait for each other: see Agents below).
 *   - Reads take `const GoapWorld*`: find, name, count, goap_domain_plan,
 *     goap_domain_plan_from and goap_domain_plan_problem. A read takes a snapshot of the
 *     domain (facts, variables, actions, start state, goal) under a lock held for
 *     microseconds, then works without any lock. So a plan sees the domain as it was when
 *     the call started: edits made while it runs do not change it (they apply to later
 *     calls), and a plan of a domain destroyed meanwhile still finishes. Any number of
 *     reads and plans run in parallel, on one domain or many; each plan uses its own pooled
 *     search memory.
 *   - Edits take `GoapWorld*`: add a fact, a variable or an action, set the start state or
 *     the goal (their facts or their variables). Edits of one domain run one at a time, in
 *     some order; edits of different domains run in parallel. An edit never waits for a
 *     plan: while a plan uses a snapshot of the domain, the edit changes a copy (the facts,
 *     variables and actions are copied only if the edit changes them, once per snapshot in
 *     use) and publishes it when done; otherwise it changes the domain in place, and a read
 *     of that domain that starts meanwhile waits for it to finish (microseconds: an edit
 *     does no planning, and in place no copying).
 *   - goap_domain_create, goap_domain_load_json and goap_domain_destroy take the world's
 *     lock only to insert or remove the domain (a file is parsed before, a destroyed domain
 *     is freed after); they never wait for plans.
 *   - Agents: calls on different agents run concurrently, from any threads. Calls on one
 *     agent are serialised: each call locks the agent and is atomic (a goap_agent_step
 *     holds the lock while it searches, so another call on that agent waits for it).
 *     Interleaving calls on one agent from several threads is allowed, but the protocol
 *     order is then the caller's business: a report with no action in progress returns
 *     GOAP_STATUS_NO_ACTION, say. Reads of an agent (get, info, plan, replans) take
 *     `const GoapWorld*` but lock the agent like the rest. goap_agent_create,
 *     goap_agent_destroy and goap_agent_count take the world's agent map lock only to
 *     insert, remove or count, and never wait for an agent's call.
 *   - goap_world_plan_agents may run concurrently with agent calls and with other batches.
 *     Its parallel work runs on the world's own threads (GoapWorldDef.worker_threads - 1,
 *     created by goap_world_create, parked between batches, joined by goap_world_destroy)
 *     or, when GoapWorldDef.enqueue_task and finish_task are set, on the engine's workers
 *     (then the library creates no thread at all); the callbacks are called on the batch's
 *     thread and every task has ended when the batch returns. A batch with one thread or
 *     too little work to split wakes no worker. Nothing else runs off the calling thread.
 *     Without a node budget it holds each agent's lock while it plans that agent (one
 *     search, as a step does). With a node budget (max_nodes) it locks each agent briefly,
 *     to prepare its search and to apply the result, and searches without any agent
 *     locked; an agent changed by another thread meanwhile keeps its pending replan for a
 *     later step or batch.
 *   - Context callbacks run only on the thread that called goap_agent_step or
 *     goap_world_plan_agents, never on worker threads, while that call holds the agent's
 *     lock. So a callback must not call goap on the agent it is asked about (such calls
 *     return GOAP_STATUS_BUSY instead of deadlocking), must not call
 *     goap_world_plan_agents on its world (GOAP_STATUS_BUSY), and must not destroy its
 *     world (goap_world_destroy does nothing then; that call breaks the rule below). Calls
 *     on other agents are allowed but wait for them like any call: two threads whose
 *     callbacks call into each other's agents deadlock.
 *   - The write callback of a recording (GoapRecordWriter) runs on whichever thread's
 *     call on the world fills a 64 KiB block (a world or engine worker thread of
 *     goap_world_plan_agents included) and in goap_world_record_stop, while the world's
 *     recorder lock (and possibly an agent's lock) is held: every call on that world from
 *     it returns GOAP_STATUS_BUSY (goap_world_destroy does nothing); other worlds and
 *     goap_replay are allowed.
 *   The exception is goap_world_destroy: it must not run concurrently with any other call
 *   on that world, and the pointer must not be used afterwards. The last error is per
 *   thread. Functions that take no world may be called from any thread at any time.
 *
 * VERSION
 *   GOAP_VERSION_MAJOR/MINOR/PATCH describe this header; goap_version() the linked library.
 *   Check (goap_version() >> 16) == GOAP_VERSION_MAJOR when loading the library.
 */

#ifndef GOAP_H
#define GOAP_H

/* Generated by cbindgen from src/ffi/ (build.rs). Do not edit: run `GOAP_BLESS=1 cargo build --features capi`. */

#include <stdint.h>

// Major version of this header. Bindings check it against goap_version() at load time:
// a different major version is not compatible.
#define GOAP_VERSION_MAJOR 0

// Minor version of this header (compatible additions).
#define GOAP_VERSION_MINOR 1

// Patch version of this header.
#define GOAP_VERSION_PATCH 0

// The largest action cost accepted (1e12); a higher one is GOAP_STATUS_INVALID_COST.
// Bounding costs keeps every sum a search forms far from overflowing.
#define GOAP_MAX_ACTION_COST 1e12

// The result of every fallible function. `GOAP_STATUS_OK` is zero; every other value is an
// error whose details are in the thread's last error message (goap_last_error_message).
//
// Values are stable: a value once published keeps its meaning and is never reused, even if
// its status is retired. The type is an `int32_t`.
enum GoapStatus
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // Success. Output parameters have been written.
    GOAP_STATUS_OK = 0,
    // A required pointer argument (or a pointer inside a struct, with a non-zero count)
    // was NULL.
    GOAP_STATUS_NULL_POINTER = 1,
    // A string argument was not valid UTF-8.
    GOAP_STATUS_INVALID_UTF8 = 2,
    // An argument was out of range: a definition not made by its `_default()` function,
    // a fact value other than 0 or 1, an empty name or one containing a NUL byte, an
    // unknown heuristic, direction, comparison, variable operation or overflow rule, a
    // variable range with min > max or a default outside it, a misaligned array.
    GOAP_STATUS_INVALID_ARGUMENT = 3,
    // An action cost was NaN, infinite, negative or above GOAP_MAX_ACTION_COST (1e12).
    GOAP_STATUS_INVALID_COST = 4,
    // The domain id is zero, stale (its domain was destroyed) or foreign (another world's).
    GOAP_STATUS_UNKNOWN_DOMAIN = 5,
    // The fact id is zero, belongs to another domain, is not a fact of this domain, or is
    // not a fact id at all (an action or variable id, say).
    GOAP_STATUS_UNKNOWN_FACT = 6,
    // The action id is zero, belongs to another domain, is not an action of this domain, or
    // is not an action id at all (a fact or variable id, say).
    GOAP_STATUS_UNKNOWN_ACTION = 7,
    // An action with this name exists already in the domain; or a name is already a fact
    // (declaring it as a variable) or a variable (registering it as a fact); or a variable
    // of this name exists with another definition.
    GOAP_STATUS_DUPLICATE_NAME = 8,
    // One list names the same fact as both true (1) and false (0); or a list's conditions
    // on one variable can never hold together within its range; or an action has two
    // effects on one variable.
    GOAP_STATUS_CONTRADICTION = 9,
    // A caller buffer is too small. The needed size has been written to the function's
    // length or count output (the one documented exception to "outputs are written only on
    // success").
    GOAP_STATUS_BUFFER_TOO_SMALL = 10,
    // A domain file did not parse; the message gives line:column and what is expected.
    GOAP_STATUS_PARSE_ERROR = 11,
    // No fact or action has this name.
    GOAP_STATUS_NOT_FOUND = 12,
    // A Rust panic was caught inside the library (a bug in goap, or the test hooks
    // goap_debug_force_panic and goap_debug_poison_world). Memory is safe, but the failed
    // call may have been partly applied: a world it happened in is poisoned (every later
    // call on it returns GOAP_STATUS_POISONED; destroy it).
    GOAP_STATUS_PANIC = 13,
    // goap_domain_plan was called on a domain without a goal (see goap_domain_set_goal).
    GOAP_STATUS_NO_GOAL = 14,
    // A limit of the library was reached: too many facts, actions or variables in a domain
    // (over 2^30 - 1 of each kind), too many domains created in the process (2^32 - 2 in
    // all), or a length over UINT32_MAX.
    GOAP_STATUS_TOO_MANY = 15,
    // The variable id is zero, belongs to another domain, is not a variable of this domain,
    // or is not a variable id at all (a fact id, say).
    GOAP_STATUS_UNKNOWN_VAR = 16,
    // A constant lies outside what a variable allows: a condition, set effect or start
    // value outside `[min, max]`, or a `+=`/`-=` step outside `1..=max - min`.
    GOAP_STATUS_OUT_OF_RANGE = 17,
    // The agent id is zero, stale (its agent was destroyed) or foreign (another world's),
    // or not an agent id at all.
    GOAP_STATUS_UNKNOWN_AGENT = 18,
    // The goal id is null, not a goal id, or names no live goal of the agent (removed, or
    // never added).
    GOAP_STATUS_UNKNOWN_GOAL = 19,
    // goap_agent_report was called while the agent has no action in progress (call
    // goap_agent_step first).
    GOAP_STATUS_NO_ACTION = 20,
    // A context callback returned a non-zero status or an invalid value; the search it was
    // preparing did not run and the agent still needs a plan.
    GOAP_STATUS_CALLBACK_FAILED = 21,
    // A context callback called back into goap on the agent it is being asked about, or
    // called goap_world_plan_agents on its world (the agent is locked by the call that
    // runs the callback).
    GOAP_STATUS_BUSY = 22,
    // A table the domain or the search needs would exceed the planner's limit of 1 GiB per
    // table, or the allocator refused it (the message names the table and its size).
    // Nothing was aborted and nothing changed but what the function documents.
    GOAP_STATUS_OUT_OF_MEMORY = 23,
    // An earlier call on this world panicked (it returned GOAP_STATUS_PANIC), so the
    // world's state may be broken: every later call on it fails with this status, naming
    // the call that panicked, without doing anything. goap_world_destroy still works and
    // frees everything; create a new world to go on.
    GOAP_STATUS_POISONED = 24,
    // goap_set_allocator came too late: goap had already allocated memory with the system
    // allocator (any earlier goap call does), or an allocator was set already. Nothing
    // changed.
    GOAP_STATUS_TOO_LATE = 25,
    // The flight recorder refused or failed: goap_world_record_start or
    // goap_world_record_start_callback on a world that is already recording, or a file
    // that cannot be created; goap_world_record_stop on a world that is not recording, or
    // whose recording's writer failed (a file write failed, or the write callback returned
    // non-zero: the recording is incomplete). The message says which.
    GOAP_STATUS_RECORDING_FAILED = 26,
    // goap_replay made a different decision than the recording: the message says where
    // (record, agent, step, time) and what differed (expected and got).
    GOAP_STATUS_REPLAY_DIVERGED = 27,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapStatus GoapStatus;
#else
typedef int32_t GoapStatus;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Severity of a log message (goap_set_log_callback).
typedef enum GoapLogLevel {
    // Something failed: a panic caught inside a call (a bug in goap; a call that returns a
    // status returned GOAP_STATUS_PANIC, and a world it happened in is poisoned).
    GOAP_LOG_LEVEL_ERROR = 1,
    // Something the host should know about; nothing failed.
    GOAP_LOG_LEVEL_WARNING = 2,
    // Information.
    GOAP_LOG_LEVEL_INFO = 3,
} GoapLogLevel;

// Values of GoapPlanOptions.heuristic. Every heuristic is admissible, so every choice
// returns a minimum-cost plan; they differ in speed only.
enum GoapHeuristic
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // The default: small tasks (at most 16,384 states of the facts the goal's relevant
    // actions and the goal read, an at-most-one group counting as one value and facts no
    // relevant action changes left out; at most 262,144 states × relevant actions; whole
    // costs from 0 to 255; no variables, no cost overrides) walk an exact goal-distance
    // table kept per (domain, goal, disabled actions, values of the unchanged facts):
    // only the plan's states are expanded. A key's first search on a planner builds its
    // table (a world's planners share theirs: once per world), in one piece whatever the
    // step budget (up to about 1.5 ms). Tasks whose groups leave at most 256 states but
    // with too many facts for a table run a bounded uniform-cost search first. Other
    // domains
    // of at most 20 actions without variables first run up to 32 uniform-cost
    // expansions with no setup (most small searches end there); then root landmarks,
    // with lazy LM-cut once a search grows large.
    GOAP_HEURISTIC_AUTO = 0,
    // LM-cut for every node (incremental: a node's starts from its parent's landmarks).
    GOAP_HEURISTIC_LMCUT = 1,
    // Root landmarks only (cheapest per node).
    GOAP_HEURISTIC_LANDMARKS = 2,
    // h_max (weaker; for comparison).
    GOAP_HEURISTIC_HMAX = 3,
    // No heuristic: uniform-cost search (for comparison), with the same probe as
    // GOAP_HEURISTIC_AUTO.
    GOAP_HEURISTIC_BLIND = 4,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapHeuristic GoapHeuristic;
#else
typedef int32_t GoapHeuristic;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapPlanOptions.direction and GoapAgentDef.direction (and, FORWARD or
// BACKWARD, of GoapPlanResult.direction). Both directions return minimum-cost plans.
enum GoapDirection
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // The default: forward, then both directions in turns. Where no action and not the
    // goal uses an integer variable and the forward search has not decided within 16,384
    // generated successors (AUTO_BACKWARD_AFTER in the Rust API) and branches more (its
    // successors per expansion) than the backward search's root would (the enabled
    // actions with an effect on a goal fact), the backward search starts and the two
    // alternate with doubling budgets of generated successors; the first to decide ends
    // the search (GoapPlanResult.direction tells which). Deterministic: turns end at
    // counts, never on time. The node limit applies to each direction alone. Node budgets
    // of slices (GoapAgentDef.step_max_expansions, a batch's max_nodes, goap plan
    // --slice) count a backward expansion as the forward expansions that generate as many
    // successors, so slices keep about the same length.
    GOAP_DIRECTION_AUTO = 0,
    // Forward A* from the start state.
    GOAP_DIRECTION_FORWARD = 1,
    // Backward (regression) A* from the goal over partial states, with an h_max estimate.
    // It can win on domains with very many actions of which few can matter for the goal,
    // and loses badly on many others (blocksworld, gripper). Where an action or the goal
    // uses an integer variable the search runs forward instead (GoapPlanResult.direction
    // tells).
    GOAP_DIRECTION_BACKWARD = 2,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapDirection GoapDirection;
#else
typedef int32_t GoapDirection;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapPlanResult.outcome.
enum GoapOutcome
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // A minimum-cost plan was found (empty when the start already satisfies the goal).
    GOAP_OUTCOME_FOUND = 0,
    // The goal cannot be reached from the start state.
    GOAP_OUTCOME_NO_PLAN = 1,
    // The node limit stopped the search before it could decide.
    GOAP_OUTCOME_LIMIT = 2,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapOutcome GoapOutcome;
#else
typedef int32_t GoapOutcome;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapVarCondition.op: `variable op value`. Zero is not a comparison.
enum GoapCompare
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // `==`
    GOAP_COMPARE_EQ = 1,
    // `!=`
    GOAP_COMPARE_NE = 2,
    // `<`
    GOAP_COMPARE_LT = 3,
    // `<=`
    GOAP_COMPARE_LE = 4,
    // `>`
    GOAP_COMPARE_GT = 5,
    // `>=`
    GOAP_COMPARE_GE = 6,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapCompare GoapCompare;
#else
typedef int32_t GoapCompare;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapVarEffect.op. Zero is not an operation.
enum GoapVarOp
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // `variable = value`; the value must lie in [min, max].
    GOAP_VAR_OP_SET = 1,
    // `variable += value`; the step must lie in 1 ..= max - min.
    GOAP_VAR_OP_ADD = 2,
    // `variable -= value`; the step must lie in 1 ..= max - min.
    GOAP_VAR_OP_SUB = 3,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapVarOp GoapVarOp;
#else
typedef int32_t GoapVarOp;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapVarDef.overflow: what an effect whose result would leave the variable's
// range does.
enum GoapOverflow
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // The action is not applicable in a state where the result would leave the range (the
    // default).
    GOAP_OVERFLOW_REJECT = 0,
    // The result is clamped into [min, max].
    GOAP_OVERFLOW_SATURATE = 1,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapOverflow GoapOverflow;
#else
typedef int32_t GoapOverflow;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapStep.kind: what the engine should do now.
enum GoapStepKind
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // Start performing GoapStep.action: it is new (the first action of a plan, the one
    // after an action that succeeded, or the first of a new plan that replaced the one
    // running; stop any other action in progress). Report its outcome with
    // goap_agent_report.
    GOAP_STEP_KIND_START = 1,
    // Keep performing GoapStep.action (started earlier, not yet reported finished). Also
    // after a replan whose new plan begins with the action in progress (GoapStep.replanned
    // is 1 then): it is not restarted.
    GOAP_STEP_KIND_CONTINUE = 2,
    // Every enabled goal is satisfied, or none is enabled: nothing to do.
    GOAP_STEP_KIND_IDLE = 3,
    // No enabled, unsatisfied goal has a plan from the believed state. The agent tries
    // again when its state, goals, enabled actions or cooldowns change (and, for a goal
    // whose search hit the node limit, when a cost changes).
    GOAP_STEP_KIND_NO_PLAN = 4,
    // A plan is needed and the agent's plan_in_step is 0: the next goap_world_plan_agents
    // plans it. The action in progress, if any, is abandoned: stop it (a report before the
    // next START returns GOAP_STATUS_NO_ACTION).
    GOAP_STEP_KIND_WAITING = 5,
    // A search is under way and this step's budget (GoapAgentDef.step_max_expansions,
    // step_max_micros) ran out before it ended: the next step continues it. When
    // GoapStep.action is not 0, that action is in progress: keep performing it and report
    // on it as usual (the new plan continues it when it begins with it). When it is 0,
    // there is nothing to do meanwhile. No new action starts until the search ends. A
    // change of the believed state, goals, enabled actions, costs or cooldowns (a report
    // that finishes the action included) starts the search over at the next step.
    GOAP_STEP_KIND_PLANNING = 6,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapStepKind GoapStepKind;
#else
typedef int32_t GoapStepKind;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values for goap_agent_report: the outcome of the action the last step handed out.
enum GoapReport
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // Still in progress (nothing changes; reporting it is optional).
    GOAP_REPORT_RUNNING = 1,
    // Done: its effects are applied to the believed state and the next step hands out the
    // next action.
    GOAP_REPORT_SUCCEEDED = 2,
    // It could not be done: the next step replans (GOAP_REPLAN_CAUSE_ACTION_FAILED), avoiding
    // the action for the agent's failure_cooldown.
    GOAP_REPORT_FAILED = 3,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapReport GoapReport;
#else
typedef int32_t GoapReport;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapReplanEvent.cause and GoapAgentInfo.last_cause, and the `cause` of
// goap_agent_replan_count: why an agent replanned.
enum GoapReplanCause
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // It had no plan: new agent, plan finished, or a retry after "no plan" once its state,
    // context or goals changed.
    GOAP_REPLAN_CAUSE_NO_PLAN = 1,
    // The current action was reported failed.
    GOAP_REPLAN_CAUSE_ACTION_FAILED = 2,
    // The arbiter chose another goal (priorities changed, a goal was added, enabled,
    // satisfied or found to have no plan).
    GOAP_REPLAN_CAUSE_GOAL_CHANGED = 3,
    // The rest of the plan no longer reaches the goal from the believed state (a
    // precondition broke, a step's action was disabled, or it ends short of the goal).
    GOAP_REPLAN_CAUSE_PLAN_INVALIDATED = 4,
    // A later step's rest of the plan already reaches the goal: the steps before it were
    // skipped, without a search.
    GOAP_REPLAN_CAUSE_STEPS_SKIPPED = 5,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapReplanCause GoapReplanCause;
#else
typedef int32_t GoapReplanCause;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapReplanEvent.result: how a replan ended.
enum GoapReplanResult
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // A plan was found (never empty: satisfied goals are not planned for).
    GOAP_REPLAN_RESULT_FOUND = 1,
    // No candidate goal has a plan.
    GOAP_REPLAN_RESULT_NO_PLAN = 2,
    // A search hit the agent's node limit and no goal had a plan.
    GOAP_REPLAN_RESULT_LIMIT = 3,
    // Steps were skipped; no search ran.
    GOAP_REPLAN_RESULT_SKIPPED = 4,
    // The goals tried before the current one had no plan and the plan in hand for the
    // current goal is still valid: it was kept (not searched again; the action in progress
    // goes on).
    GOAP_REPLAN_RESULT_KEPT = 5,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapReplanResult GoapReplanResult;
#else
typedef int32_t GoapReplanResult;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values for goap_agent_explain's `format`.
enum GoapExplainFormat
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // Readable English text (what `goap explain` prints).
    GOAP_EXPLAIN_FORMAT_TEXT = 1,
    // One JSON object with the same content (what `goap explain --json` prints per goal).
    GOAP_EXPLAIN_FORMAT_JSON = 2,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapExplainFormat GoapExplainFormat;
#else
typedef int32_t GoapExplainFormat;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// How a search trace ended (GoapTraceResult.end).
typedef enum GoapTraceEnd {
    // The last node satisfies the goal; the path to it is a minimum-cost plan.
    GOAP_TRACE_END_FOUND = 0,
    // Every state reachable from the start was expanded: no plan.
    GOAP_TRACE_END_NO_PLAN = 1,
    // max_expanded states were expanded first.
    GOAP_TRACE_END_LIMIT = 2,
} GoapTraceEnd;

// How serious a GoapDiagnostic is (GoapDiagnostic.severity).
typedef enum GoapSeverity {
    // The file cannot be loaded (goap_domain_load_json would fail with
    // GOAP_STATUS_PARSE_ERROR and this message).
    GOAP_SEVERITY_ERROR = 0,
    // The file loads, but something in it is almost certainly a mistake: a condition
    // nothing can ever meet (a typo in a fact name), a variable or object nothing uses, a
    // template that grounds to nothing usable.
    GOAP_SEVERITY_WARNING = 1,
} GoapSeverity;

// The root object: owns domains (and their facts, actions, start states and goals), agents,
// a plan cache shared by the agents, and pooled planning memory. Created by
// goap_world_create, freed by goap_world_destroy. Opaque; every function on it is
// thread-safe (see THREADING at the top), and no call holds its locks for long.
typedef struct GoapWorld GoapWorld;

// Allocates `size` bytes (never 0) aligned to `align` (a power of two) for goap; returns
// NULL when it cannot. `user_data` is GoapAllocator.user_data.
typedef void *(*GoapAllocFn)(uint64_t size, uint64_t align, void *user_data);

// Resizes the block `ptr` (of `old_size` bytes, aligned to `align`) to `new_size` bytes
// (never 0) with the same alignment, keeping its first min(old_size, new_size) bytes;
// returns the new block, or NULL (leaving `ptr` untouched) when it cannot.
typedef void *(*GoapReallocFn)(void *ptr,
                               uint64_t old_size,
                               uint64_t align,
                               uint64_t new_size,
                               void *user_data);

// Frees the block `ptr` that alloc or realloc returned with this `size` and `align`.
typedef void (*GoapFreeFn)(void *ptr, uint64_t size, uint64_t align, void *user_data);

// The host's allocator for goap (goap_set_allocator), in the model of Box2D's
// b2SetAllocator. Sizes and alignments are in bytes; an alignment is a power of two (often
// above 16: pass it to an aligned allocation such as aligned_alloc or _aligned_malloc).
// Every call may come from any thread, several at once: the functions must be thread-safe.
// They must not call goap.
typedef struct GoapAllocator {
    // Required: allocates (see GoapAllocFn). NULL, or memory that is not aligned to
    // `align`, is treated as out of memory: a planner table goap reserves fallibly fails
    // with GOAP_STATUS_OUT_OF_MEMORY, any other allocation aborts the process (as Rust's
    // allocation failure does).
    GoapAllocFn alloc;
    // Optional: resizes (see GoapReallocFn); NULL makes goap allocate, copy and free.
    GoapReallocFn realloc;
    // Required: frees (see GoapFreeFn). Receives the same size and align the block was
    // allocated (or last resized) with.
    GoapFreeFn free;
    // Passed to the three functions unchanged; never dereferenced by goap.
    void *user_data;
} GoapAllocator;

// Receives a log message: its GoapLogLevel value, the UTF-8 text (`message_len` bytes,
// followed by a NUL terminator, valid during the call only) and the user_data given to
// goap_set_log_callback. Called on the thread the message arose on, possibly several at
// once: it must be thread-safe. It must not call goap functions.
typedef void (*GoapLogFn)(int32_t level, const char *message, uint32_t message_len, void *user_data);

// A log callback and its user data (goap_set_log_callback).
typedef struct GoapLogCallback {
    // Receives each message; NULL: the default (stderr).
    GoapLogFn log;
    // Passed to `log` unchanged; never dereferenced by goap.
    void *user_data;
} GoapLogCallback;

// A task goap hands to the engine: runs work items start_index..end_index (end
// exclusive) on the engine's worker worker_index. task_context is goap's; pass it back
// unchanged. The task never calls back into the engine's job system.
typedef void (*GoapTaskCallback)(uint32_t start_index,
                                 uint32_t end_index,
                                 uint32_t worker_index,
                                 void *task_context);

// Called by goap_world_plan_agents, on its calling thread, to run `task` over items
// 0..item_count: split them into ranges of at least min_range items (the last may be
// shorter), run task(start, end, worker, task_context) for every range on any of the
// engine's workers (or on the calling thread), in any order. Every item must run exactly
// once. Return a handle that finish_task will wait on, or NULL when every range has
// already run (inside this call): finish_task is then not called. user_context is
// GoapWorldDef.user_task_context.
//
// Results never depend on how the items are split or where they run: plans are equal bit
// for bit to a single-threaded batch. The task locks agents only briefly and never
// calls context callbacks (they run on the calling thread before the task is enqueued).
// Both callbacks must be callable from any thread that calls goap_world_plan_agents.
typedef void *(*GoapEnqueueTaskCallback)(GoapTaskCallback task,
                                         uint32_t item_count,
                                         uint32_t min_range,
                                         void *task_context,
                                         void *user_context);

// Called by goap_world_plan_agents, on the thread that called enqueue_task, with the
// handle it returned: returns when every range of that task has run. Called exactly once
// per non-NULL handle.
typedef void (*GoapFinishTaskCallback)(void *user_task, void *user_context);

// Settings for goap_world_create. Obtain from goap_world_def_default(), then change fields.
//
// Layout: worker_threads and plan_cache_capacity were appended with the agent API, the
// task callbacks with the frame-safe runtime (the hidden cookie changed each time); code
// compiled against an older goap.h must be recompiled.
typedef struct GoapWorldDef {
    // Internal: set by goap_world_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // How many idle planners (with their grown search memory) the world keeps between
    // plan calls, for reuse. More concurrent plans still work; their planners are freed
    // afterwards. 0 keeps none (every plan allocates afresh). Default 8.
    //
    // An idle planner keeps the search buffers at the size its largest search grew them
    // to: after a big plan, up to max_idle_planners such buffers stay allocated while the
    // world lives (they are not shrunk); goap_world_destroy frees them.
    uint32_t max_idle_planners;
    // Threads goap_world_plan_agents uses when its options say 0, the calling thread
    // included (a batch never uses more threads than it has agents to plan).
    // Default 0: the machine's available parallelism (1 when unknown).
    uint32_t worker_threads;
    // How many search results the plan cache shared by the world's agents holds (searches
    // from the same state to the same goal with the same context are answered from it;
    // searches that walk an exact table, most small tasks under GOAP_HEURISTIC_AUTO, skip
    // it: a walk costs about what a lookup does, less than storing its result);
    // 0 turns the cache off; other values are rounded up to a multiple of 32. Default
    // 16384. An entry takes a few hundred bytes for a small domain (its key holds the
    // state, goal and context; its value the plan). The cache keeps the domains of its entries
    // alive: their memory is freed when the entries are evicted, by goap_world_clear_cache
    // or by goap_world_destroy.
    uint32_t plan_cache_capacity;
    // Optional: the engine's job system, in the model of Box2D v3's b2WorldDef. With
    // enqueue_task and finish_task both set, the world creates no thread: the parallel
    // parts of goap_world_plan_agents (deciding who needs a plan, and the searches) are
    // handed to enqueue_task as ranges of work items, worker_threads is the number of the
    // engine's workers (0: the machine's available parallelism) and worker_index values
    // passed to the task are below it. With both NULL (the default) the world creates
    // worker_threads - 1 threads of its own at creation, parks them between batches and
    // joins them in goap_world_destroy. Setting only one is GOAP_STATUS_INVALID_ARGUMENT.
    // See GoapEnqueueTaskCallback for the rules.
    GoapEnqueueTaskCallback enqueue_task;
    // Waits for a task enqueue_task returned (see GoapFinishTaskCallback).
    GoapFinishTaskCallback finish_task;
    // Passed to enqueue_task and finish_task as user_context; never dereferenced by goap.
    void *user_task_context;
} GoapWorldDef;

// Settings for goap_domain_create. Obtain from goap_domain_def_default(), then change
// fields.
typedef struct GoapDomainDef {
    // Internal: set by goap_domain_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // Optional name (UTF-8, `name_len` bytes, not NUL-terminated, without NUL bytes), used
    // in error messages only; read during goap_domain_create. Default NULL (no name).
    const char *name;
    // Length of `name` in bytes. Default 0.
    uint32_t name_len;
} GoapDomainDef;

// Id of a domain within a world, passed by value. Opaque: compare ids with
// goap_domain_id_equals, never compute with `bits`. GOAP_NULL_DOMAIN_ID (all zero) is
// never valid. Domain ids come from one counter for the whole process (all worlds), so
// the id of a destroyed domain is never handed out again and a stale or foreign id is
// always an error (GOAP_STATUS_UNKNOWN_DOMAIN); after 2^32 - 2 domains have been created in
// one process, creating another fails with GOAP_STATUS_TOO_MANY.
typedef struct GoapDomainId {
    // The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    uint64_t bits;
} GoapDomainId;

// Id of a fact of one domain, passed by value. Opaque: compare ids with
// goap_fact_id_equals, never compute with `bits`. GOAP_NULL_FACT_ID (all zero) is never
// valid; an id used with another domain is always an error (GOAP_STATUS_UNKNOWN_FACT).
// Ids stay valid while their domain lives.
typedef struct GoapFactId {
    // The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    uint64_t bits;
} GoapFactId;

// One condition or assignment: `fact` is (or must be, or becomes) `value`.
typedef struct GoapFactValue {
    // A fact of the domain the list is used with (a variable id here is
    // GOAP_STATUS_UNKNOWN_FACT).
    struct GoapFactId fact;
    // 1 for true, 0 for false; any other value is GOAP_STATUS_INVALID_ARGUMENT.
    int32_t value;
} GoapFactValue;

// Id of an integer variable of one domain, passed by value. Opaque: compare ids with
// goap_var_id_equals, never compute with `bits`. GOAP_NULL_VAR_ID (all zero) is never
// valid; an id used with another domain is always an error (GOAP_STATUS_UNKNOWN_VAR). Ids
// stay valid while their domain lives.
typedef struct GoapVarId {
    // The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    uint64_t bits;
} GoapVarId;

// A start value: `var` is `value` (which must lie in the variable's [min, max], else
// GOAP_STATUS_OUT_OF_RANGE).
typedef struct GoapVarValue {
    // A variable of the domain the list is used with.
    struct GoapVarId var;
    // Its value.
    int32_t value;
} GoapVarValue;

// A condition on a variable: `var op value`, for action preconditions and goals.
typedef struct GoapVarCondition {
    // A variable of the domain the list is used with.
    struct GoapVarId var;
    // A GoapCompare value (1 to 6); any other value is GOAP_STATUS_INVALID_ARGUMENT.
    int32_t op;
    // The constant compared with; must lie in the variable's [min, max]
    // (else GOAP_STATUS_OUT_OF_RANGE).
    int32_t value;
} GoapVarCondition;

// Definition of an integer variable for goap_domain_add_var. Obtain from
// goap_var_def_default(), then set the fields. `name` is read during goap_domain_add_var
// only.
typedef struct GoapVarDef {
    // Internal: set by goap_var_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // Unique, non-empty name, not a fact's name: UTF-8, `name_len` bytes, not
    // NUL-terminated, without NUL bytes.
    const char *name;
    // Length of `name` in bytes.
    uint32_t name_len;
    // Smallest value (inclusive). Default 0.
    int32_t min;
    // Largest value (inclusive, >= min). Default 0: set min and max, the default range
    // holds only 0.
    int32_t max;
    // 1: a start state that does not list the variable gives it `default_value`; 0 (the
    // default): it gives it `min`. Any other value is GOAP_STATUS_INVALID_ARGUMENT.
    int32_t has_default;
    // The start value used when `has_default` is 1; must lie in [min, max]. Default 0.
    int32_t default_value;
    // A GoapOverflow value. Default GOAP_OVERFLOW_REJECT.
    int32_t overflow;
} GoapVarDef;

// An effect on a variable: `var op value`, for actions (at most one per variable).
typedef struct GoapVarEffect {
    // A variable of the domain the action is added to.
    struct GoapVarId var;
    // A GoapVarOp value (1 to 3); any other value is GOAP_STATUS_INVALID_ARGUMENT.
    int32_t op;
    // For GOAP_VAR_OP_SET the new value, in [min, max]; for GOAP_VAR_OP_ADD and
    // GOAP_VAR_OP_SUB the step, in 1 ..= max - min (else GOAP_STATUS_OUT_OF_RANGE).
    int32_t value;
} GoapVarEffect;

// Definition of an action for goap_domain_add_action. Obtain from
// goap_action_def_default(), then set the fields. Every pointer is read during
// goap_domain_add_action only; the domain keeps copies.
typedef struct GoapActionDef {
    // Internal: set by goap_action_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // Unique, non-empty name: UTF-8, `name_len` bytes, not NUL-terminated, without NUL
    // bytes.
    const char *name;
    // Length of `name` in bytes.
    uint32_t name_len;
    // Preconditions: each fact must have its value before the action. May be NULL when
    // `pre_count` is 0.
    const struct GoapFactValue *pre;
    // Number of preconditions.
    uint32_t pre_count;
    // Effects: each fact takes its value after the action, all at once. May be NULL when
    // `effect_count` is 0.
    const struct GoapFactValue *effects;
    // Number of effects.
    uint32_t effect_count;
    // Cost: a number from 0 to GOAP_MAX_ACTION_COST (1e12); 0 and fractions are fine.
    // Default 1.
    double cost;
    // Variable preconditions: each must hold before the action. May be NULL when
    // `var_pre_count` is 0 (the default).
    const struct GoapVarCondition *var_pre;
    // Number of variable preconditions.
    uint32_t var_pre_count;
    // Variable effects, at most one per variable, applied together with `effects` and
    // computed from the state before the action. With GOAP_OVERFLOW_REJECT the action is
    // not applicable where a result would leave the variable's range; with
    // GOAP_OVERFLOW_SATURATE the result is clamped. May be NULL when `var_effect_count` is
    // 0 (the default).
    const struct GoapVarEffect *var_effects;
    // Number of variable effects.
    uint32_t var_effect_count;
} GoapActionDef;

// Id of an action of one domain, passed by value. Opaque: compare ids with
// goap_action_id_equals, never compute with `bits`. GOAP_NULL_ACTION_ID (all zero) is never
// valid; an id used with another domain is always an error (GOAP_STATUS_UNKNOWN_ACTION).
// Ids stay valid while their domain lives.
typedef struct GoapActionId {
    // The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    uint64_t bits;
} GoapActionId;

// Options of one plan call. Obtain from goap_plan_options_default(), then change fields;
// or pass NULL for the defaults.
//
// Layout: direction was appended with the backward search (the hidden cookie changed);
// code compiled against an older goap.h must be recompiled.
typedef struct GoapPlanOptions {
    // Internal: set by goap_plan_options_default() to detect uninitialised options.
    // Do not change.
    uint32_t cookie;
    // Maximum number of distinct states the search may store; when it needs more, the
    // result is GOAP_OUTCOME_LIMIT. Default 1000000. Two answers need no search and come
    // whatever the limit, 0 included: GOAP_OUTCOME_FOUND (empty plan) when the start state
    // already satisfies the goal, and GOAP_OUTCOME_NO_PLAN when the reachability check
    // that runs before the search proves the goal unreachable (say, a goal fact that no
    // action makes true). Otherwise 0 gives GOAP_OUTCOME_LIMIT without searching.
    uint32_t max_nodes;
    // A GoapHeuristic value. Default GOAP_HEURISTIC_AUTO. The backward search uses h_max
    // whatever this says, except that GOAP_HEURISTIC_BLIND makes it uniform-cost.
    int32_t heuristic;
    // A GoapDirection value. Default GOAP_DIRECTION_AUTO.
    int32_t direction;
} GoapPlanOptions;

// What a plan call did. All fields are written whenever the status is GOAP_STATUS_OK or
// GOAP_STATUS_BUFFER_TOO_SMALL.
typedef struct GoapPlanResult {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // A GoapOutcome value.
    int32_t outcome;
    // Number of actions in the plan (0 unless the outcome is GOAP_OUTCOME_FOUND). With
    // GOAP_STATUS_BUFFER_TOO_SMALL: the capacity needed.
    uint32_t action_count;
    // Total cost of the plan (0 unless the outcome is GOAP_OUTCOME_FOUND): the sum of its
    // actions' costs in plan order, as doubles. Plans whose costs differ by less than
    // floating-point rounding (about 1e-15 relative) may be taken for equal, so another
    // plan may be cheaper by that much.
    double cost;
    // Search nodes expanded.
    uint64_t expanded;
    // Successor states generated (including duplicates).
    uint64_t generated;
    // Wall-clock time of the search in microseconds. Not measured (0) for a search that
    // ends within its first 32 expansions on a domain of at most 20 actions (the probe;
    // at most a few microseconds, where reading the clock would cost a fifth of the
    // search); a search that goes on is timed from its setup on.
    uint64_t micros;
    // Heuristic estimate of the start state (a lower bound on the cost; 0 when unknown,
    // as with blind search, or when the default search ended within its first 32
    // expansions, which use no heuristic; the optimal cost when it walked an exact table).
    double initial_h;
    // The direction of the search that decided: GOAP_DIRECTION_FORWARD or
    // GOAP_DIRECTION_BACKWARD (with GOAP_DIRECTION_AUTO, the one that finished first). Appended in a later version: a caller whose
    // `size` ends before it does not get it.
    int32_t direction;
} GoapPlanResult;

// An explicit planning problem for goap_domain_plan_problem: a start state and a goal over
// a domain's facts and variables. Obtain from goap_problem_default(), then set the fields.
// Every array is read during the call only and may be NULL when its count is 0.
typedef struct GoapProblem {
    // Internal: set by goap_problem_default() to detect uninitialised problems.
    // Do not change.
    uint32_t cookie;
    // Start facts: exactly the facts listed with value 1 are true. Default none.
    const struct GoapFactValue *start;
    // Number of entries in `start`.
    uint32_t start_count;
    // Start variables: each listed variable has its value (within its range), every
    // other one its default. Default none.
    const struct GoapVarValue *start_vars;
    // Number of entries in `start_vars`.
    uint32_t start_var_count;
    // Goal facts: each must have its value. Default none.
    const struct GoapFactValue *goal;
    // Number of entries in `goal`.
    uint32_t goal_count;
    // Goal variable conditions: each must hold. Default none. A problem without any goal
    // condition is solved by the empty plan.
    const struct GoapVarCondition *goal_vars;
    // Number of entries in `goal_vars`.
    uint32_t goal_var_count;
} GoapProblem;

// Settings for goap_agent_create. Obtain from goap_agent_def_default(), then set `domain`
// and change other fields.
//
// Layout: direction was appended with the backward search (the hidden cookie changed);
// code compiled against an older goap.h must be recompiled.
typedef struct GoapAgentDef {
    // Internal: set by goap_agent_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // The domain the agent plans in (required; default 0, which is no domain). The agent
    // takes its facts, variables, actions, start state and goals (a domain file's
    // `goals`) as they are at creation: later changes of the domain do not reach it, and
    // destroying the domain does not affect it.
    struct GoapDomainId domain;
    // Another goal must beat the current goal's priority by more than this to take over
    // (hysteresis against flip-flopping). A number >= 0; default 0 (any higher priority
    // wins).
    double switch_margin;
    // Seconds (of the dt passed to goap_agent_step) for which an action reported failed
    // is not planned with. A number >= 0; default 0 (it may be planned again at once).
    double failure_cooldown;
    // 1 (the default): goap_agent_step searches itself when a plan is needed. 0: it
    // returns GOAP_STEP_KIND_WAITING instead and leaves the search to
    // goap_world_plan_agents. Any other value is GOAP_STATUS_INVALID_ARGUMENT.
    uint32_t plan_in_step;
    // Node limit of each of the agent's searches, as GoapPlanOptions.max_nodes. Default
    // 1000000.
    uint32_t max_nodes;
    // A GoapHeuristic value for the agent's searches. Default GOAP_HEURISTIC_AUTO.
    int32_t heuristic;
    // The most nodes one goap_agent_step may expand searching (over all the goals it
    // tries); 0 (the default): no limit. A step whose search runs out returns
    // GOAP_STEP_KIND_PLANNING and the next step continues that search where it stopped;
    // the plan is the one an unlimited step would have found. Use it to spread a long
    // search over frames.
    uint32_t step_max_expansions;
    // The most time one goap_agent_step may spend searching, in microseconds (checked every
    // 16 expanded nodes, so a step may exceed it slightly; it never changes which plan is
    // found); 0 (the default): no limit.
    uint32_t step_max_micros;
    // A GoapDirection value for the agent's searches. Default GOAP_DIRECTION_AUTO.
    int32_t direction;
} GoapAgentDef;

// Id of an agent of a world, passed by value. Opaque: compare ids with
// goap_agent_id_equals, never compute with `bits`. GOAP_NULL_AGENT_ID (all zero) is never
// valid. Ids are generational: the id of a destroyed agent (stale) never names another
// agent, and is GOAP_STATUS_UNKNOWN_AGENT. An id carries a tag of its world, so an id of
// another world (foreign) is GOAP_STATUS_UNKNOWN_AGENT too, with one exception: the tag
// has 255 values, each given to one live world at a time, so only when more than 255
// worlds are alive at once do two of them share a tag, and then an agent id of one may
// name an agent of the other. (An id kept from a destroyed world is told apart from a
// later world's agents by its generation, whose start differs per world.) Ids stay valid
// until goap_agent_destroy or goap_world_destroy.
typedef struct GoapAgentId {
    // The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    uint64_t bits;
} GoapAgentId;

// Definition of a goal for goap_agent_add_goal. Obtain from goap_goal_def_default(), then
// set the fields. Every pointer is read during goap_agent_add_goal only; the agent keeps
// copies.
typedef struct GoapGoalDef {
    // Internal: set by goap_goal_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // Name, for goap_agent_find_goal and reports: UTF-8, `name_len` bytes, not
    // NUL-terminated, without NUL bytes. May be empty and need not be unique. Default
    // empty.
    const char *name;
    // Length of `name` in bytes.
    uint32_t name_len;
    // Fact conditions: each fact must have its value (facts of the agent's domain). May be
    // NULL when `fact_count` is 0 (the default).
    const struct GoapFactValue *facts;
    // Number of fact conditions.
    uint32_t fact_count;
    // Variable conditions: each must hold. May be NULL when `var_count` is 0 (the
    // default).
    const struct GoapVarCondition *vars;
    // Number of variable conditions.
    uint32_t var_count;
    // Priority: larger wins; 0 or less disables the goal. Any finite number. Default 1.
    double priority;
    // Recurrence (see RECURRING GOALS at the top): facts set in the agent's beliefs when
    // it achieves the goal. May be NULL when `reset_count` is 0 (the default: none).
    const struct GoapFactValue *reset;
    // Number of `reset` facts.
    uint32_t reset_count;
    // Variables set (each to a value in its range) when the agent achieves the goal. May
    // be NULL when `reset_var_count` is 0 (the default).
    const struct GoapVarValue *reset_vars;
    // Number of `reset_vars`.
    uint32_t reset_var_count;
    // Seconds of the agent's clock after it achieved the goal before it may choose it
    // again: finite, 0 or more. Default 0.
    double cooldown;
} GoapGoalDef;

// Id of a goal of one agent, passed by value. Opaque: compare ids with
// goap_goal_id_equals, never compute with `bits`. GOAP_NULL_GOAL_ID (all zero) is never
// valid, and is what the library writes where there is no goal (GoapStep.goal when none
// is pursued). Ids are generational: the id of a removed goal (goap_agent_remove_goal) is
// stale and never names a later goal of the agent (GOAP_STATUS_UNKNOWN_GOAL). A goal id
// is per agent: agents number their goals alike, so an id of one agent's goal usually
// names a goal of another agent too (keep a goal id with its agent id).
typedef struct GoapGoalId {
    // The encoded id (opaque; see OBJECTS AND IDS at the top of the header).
    uint64_t bits;
} GoapGoalId;

// Context callbacks of an agent: the engine's answer to "may this agent use this action
// now, and at what cost" when a rule is easier to code than to keep in action settings.
// Either pointer may be NULL (not asked: every action is available / keeps its cost).
//
// When the agent prepares a search (in goap_agent_step or goap_world_plan_agents), each
// callback is called once per action that is not disabled, on the thread that made that
// call (never on a worker thread), with `user_data` as given. Their answers apply to that
// search only; they are not asked while a plan is followed, so a plan already made stays
// until one of the documented causes replans it. A callback returns 0 for success and must
// then write its output; a non-zero return, an output not written, *out_available other
// than 0 or 1, or a cost outside 0 ..= 1e12 (NaN included) abandons the search: the call
// fails with GOAP_STATUS_CALLBACK_FAILED (goap_world_plan_agents counts it in
// callback_errors), the last error names the callback, the action and the value, and the
// agent still needs a plan.
//
// A callback may call goap functions on other agents and the world (reads, edits, even
// create or destroy other agents), but not on the agent it is asked about (those calls
// return GOAP_STATUS_BUSY), not goap_world_plan_agents of its world (BUSY), and it must
// not destroy its world (goap_world_destroy does nothing then). It must not unwind (C++
// exceptions, longjmp) out of the callback. Beware of waiting cycles between threads: a
// callback that calls into agent B while B is stepped on another thread waits for that
// step, and if B's callbacks there call into this agent, both threads wait forever.
typedef struct GoapAgentCallbacks {
    // Is `action` available to `agent` now? Write 1 (yes) or 0 (no) to *out_available and
    // return 0.
    int32_t (*available)(void *user_data,
                         struct GoapAgentId agent,
                         struct GoapActionId action,
                         int32_t *out_available);
    // What does `action` cost `agent` now? `cost` is its cost so far (the domain's, or
    // the agent's from goap_agent_set_action_cost). Write the cost to use (0 ..= 1e12) to
    // *out_cost and return 0.
    int32_t (*cost)(void *user_data,
                    struct GoapAgentId agent,
                    struct GoapActionId action,
                    double cost,
                    double *out_cost);
    // Passed to both callbacks untouched. The library never reads or frees it; it must
    // stay valid while the callbacks may be called: until goap_agent_set_callbacks replaces
    // or removes them (that call waits for a search of the agent in progress), or the world
    // is destroyed. goap_agent_destroy does not wait for a call on the agent running on
    // another thread, whose search may still call the callbacks: to free `user_data` when
    // destroying an agent that other threads may be stepping, remove the callbacks first.
    void *user_data;
} GoapAgentCallbacks;

// What one goap_agent_step decided.
typedef struct GoapStep {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // A GoapStepKind value.
    int32_t kind;
    // 1 when this step replanned (searched, or skipped steps of its plan), else 0.
    uint32_t replanned;
    // The action to start or continue, or the action in progress during PLANNING (an
    // action id of the agent's domain); GOAP_NULL_ACTION_ID otherwise.
    struct GoapActionId action;
    // The goal pursued (the goal of the plan, or the goal last chosen); GOAP_NULL_GOAL_ID
    // when none.
    struct GoapGoalId goal;
    // Index of `action` in the agent's current plan (0 when there is no action).
    uint32_t plan_index;
} GoapStep;

// The state of an agent, from goap_agent_info.
typedef struct GoapAgentInfo {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // The goal pursued (or last chosen); GOAP_NULL_GOAL_ID when none.
    struct GoapGoalId goal;
    // Number of actions of the current plan, the ones done included (0 without a plan).
    uint32_t plan_len;
    // Index of the current (or next) action in the plan; plan_len when the plan is done.
    // goap_agent_plan returns the plan_len - plan_index actions left.
    uint32_t plan_index;
    // 1 while an action handed out by goap_agent_step has not been reported finished,
    // else 0.
    uint32_t acting;
    // The GoapReplanCause of the latest replan; 0 before the first.
    int32_t last_cause;
    // Number of goals of the agent.
    uint32_t goal_count;
    // Replans of every cause over the agent's life.
    uint64_t replans;
    // Cost of the current plan (all its actions; 0 without a plan).
    double plan_cost;
    // The agent's clock: the sum of the dt passed to goap_agent_step, in seconds.
    double clock;
} GoapAgentInfo;

// One replan of an agent, from goap_agent_replans.
typedef struct GoapReplanEvent {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // A GoapReplanCause value.
    int32_t cause;
    // A GoapReplanResult value.
    int32_t result;
    // The goal the new plan serves; GOAP_NULL_GOAL_ID when none was found. (The goal may
    // have been removed since: its id is then stale.)
    struct GoapGoalId goal;
    // Number of actions of the new plan from its current step (0 when none).
    uint32_t plan_len;
    // Cost of the new plan (0 when none).
    double plan_cost;
    // Search nodes expanded by the replan's searches (as recorded when they ran, also
    // when the plan cache answered).
    uint64_t expanded;
    // Goals tried, in the arbiter's order (a goal without a plan falls through to the
    // next).
    uint32_t goals_tried;
    // Searches answered from the world's plan cache (equal searches running at the same
    // time may each miss: see GoapBatchStats.cache_hits).
    uint32_t cache_hits;
    // The agent's clock (the sum of the dt passed to goap_agent_step) when it happened.
    double time;
} GoapReplanEvent;

// Limits of one goap_world_plan_agents call. Obtain from goap_batch_options_default(),
// then change fields; or pass NULL for the defaults. Zero means "no limit" for each
// budget.
typedef struct GoapBatchOptions {
    // Internal: set by goap_batch_options_default() to detect uninitialised options.
    // Do not change.
    uint32_t cookie;
    // Plan at most this many agents; the others wait for a later call. Default 0 (all).
    uint32_t max_agents;
    // Threads to use, the calling one included. Default 0: the world's worker_threads.
    uint32_t threads;
    // Stop once the call's searches have used this many nodes in all (expanded in this
    // call, or recorded by the cache answers used): a time budget that does not depend on
    // the machine. No search runs past it: one that needs more is left half done in its
    // agent (goap_agent_info still shows no new plan) and the next call, or step,
    // continues it. Default 0 (no limit).
    uint64_t max_nodes;
} GoapBatchOptions;

// What one goap_world_plan_agents call did.
typedef struct GoapBatchStats {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Agents whose replan was applied (found a plan, or found that none exists).
    uint32_t planned;
    // Agents that still need a plan after the call (budget spent, callbacks failed, or
    // changed by another thread while their search ran).
    uint32_t waiting;
    // Agents whose context callbacks failed (their replan stays pending; a step of such an
    // agent with plan_in_step reports the error).
    uint32_t callback_errors;
    // Threads the call could use, the calling one included: options->threads (0: all),
    // at most the world's worker_threads (its own threads, or the engine's workers); a
    // chunk never uses more threads than it has searches.
    uint32_t threads;
    // Nodes expanded by the searches applied (as recorded when they ran, also when the
    // cache answered).
    uint64_t expanded;
    // Searches of this call answered from the plan cache. Equal searches running at the
    // same time on several threads may each miss, so this count (unlike the plans and
    // the other counts) can depend on the thread count and timing.
    uint64_t cache_hits;
    // Replans applied in which a search ran out of memory (a table over the planner's
    // limit of 1 GiB, or refused by the allocator): the agent took it as a search stopped
    // by its node limit (no plan for that goal until something changes).
    uint32_t out_of_memory;
} GoapBatchStats;

// Counters of a world's plan cache (shared by its agents), from goap_world_cache_stats.
typedef struct GoapCacheStats {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Searches answered from the cache.
    uint64_t hits;
    // Searches that ran (and whose results were then stored). Searches that walk an exact
    // table skip the cache and count as neither (see GoapWorldDef.plan_cache_capacity).
    uint64_t misses;
    // Entries dropped to make room.
    uint64_t evictions;
    // Entries held now.
    uint64_t entries;
    // The most entries the cache holds (GoapWorldDef.plan_cache_capacity; 0: the cache
    // is off).
    uint64_t capacity;
} GoapCacheStats;

// What goap_domain_var_info tells about a variable.
typedef struct GoapVarInfo {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Smallest value.
    int32_t min;
    // Largest value.
    int32_t max;
    // Its value in a start state that does not set it.
    int32_t default_value;
    // Its GoapOverflow rule.
    int32_t overflow;
} GoapVarInfo;

// What goap_domain_action_info tells about an action.
typedef struct GoapActionInfo {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Its cost in the domain.
    double cost;
    // Entries of goap_domain_action_pre (fact preconditions).
    uint32_t pre_count;
    // Entries of goap_domain_action_effects (fact effects).
    uint32_t effect_count;
    // Entries of goap_domain_action_var_pre (variable preconditions).
    uint32_t var_pre_count;
    // Entries of goap_domain_action_var_effects (variable effects).
    uint32_t var_effect_count;
} GoapActionInfo;

// What goap_agent_goal_info tells about one of an agent's goals.
typedef struct GoapGoalInfo {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Its priority (≤ 0: disabled).
    double priority;
    // Entries of goap_agent_goal_conditions.
    uint32_t fact_count;
    // Entries of goap_agent_goal_var_conditions.
    uint32_t var_count;
    // 1 when the agent's believed state satisfies it, else 0.
    uint32_t satisfied;
    // 1 when it is the goal the agent pursues (or last chose), else 0.
    uint32_t current;
    // Times the agent achieved it (found it satisfied while pursuing it; saturates at
    // UINT32_MAX). 0 for a domain's agent goal.
    uint32_t achieved;
    // For a recurring goal in its cooldown, the seconds of the agent's clock left before it
    // may be chosen again; else 0.
    double ready_in;
} GoapGoalInfo;

// One state of a search trace (goap_domain_trace).
typedef struct GoapTraceNode {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Its cost from the start.
    double g;
    // The (uncapped) LM-cut estimate of its cost to the goal's facts (a lower bound;
    // INFINITY when the goal is out of reach from it).
    double h;
    // The action that reached it (0 for the start).
    struct GoapActionId action;
    // The node it was reached from (an index into the node array); UINT32_MAX for the
    // start.
    uint32_t parent;
    // 1 when it satisfies the goal (only the last node can), else 0.
    uint32_t goal;
    // Its true facts are `out_facts[fact_start .. fact_start + fact_count]`.
    uint32_t fact_start;
    // See fact_start.
    uint32_t fact_count;
    // Its variables' values are `out_var_values[var_start .. var_start + the domain's
    // variable count]`, in variable order.
    uint32_t var_start;
} GoapTraceNode;

// The counts of goap_domain_trace, written on success and on GOAP_STATUS_BUFFER_TOO_SMALL
// alike (then they are the capacities needed).
typedef struct GoapTraceResult {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // A GoapTraceEnd value.
    int32_t end;
    // Nodes written (or needed).
    uint32_t node_count;
    // Fact ids written to out_facts (or needed).
    uint32_t fact_count;
    // Values written to out_var_values (or needed): node_count × the domain's variables.
    uint32_t var_value_count;
} GoapTraceResult;

// What goap_domain_template_info tells about a template.
typedef struct GoapTemplateInfo {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Its parameters (goap_domain_template_param_name).
    uint32_t param_count;
    // Its ground actions (goap_domain_template_groundings).
    uint32_t grounding_count;
} GoapTemplateInfo;

// A string passed in: UTF-8, `len` bytes at `text` (not NUL-terminated; NULL when `len`
// is 0).
typedef struct GoapString {
    // The bytes.
    const char *text;
    // How many.
    uint32_t len;
} GoapString;

// One parameter of a template: its name (as written in braces, `from`) and its object
// type (declared by goap_domain_add_objects).
typedef struct GoapTemplateParam {
    // The parameter's name: non-empty, without braces or NUL.
    struct GoapString name;
    // Its object type.
    struct GoapString object_type;
} GoapTemplateParam;

// A fact of a template, its name possibly with parameters (`at({to})`), and a value.
typedef struct GoapTemplateFact {
    // The fact's name, with parameters in braces.
    struct GoapString name;
    // 1 for true, 0 for false; any other value is GOAP_STATUS_INVALID_ARGUMENT.
    int32_t value;
} GoapTemplateFact;

// A variable condition or effect of a template, the variable named with parameters
// (`stock({item})`); each grounding's variable must be declared.
typedef struct GoapTemplateVar {
    // The variable's name, with parameters in braces.
    struct GoapString name;
    // In var_pre a GoapCompare value; in var_effects a GoapVarOp value.
    int32_t op;
    // The constant (checked against each ground variable's range).
    int32_t value;
} GoapTemplateVar;

// The cost of a template's groundings whose cost_by parameter names `object`.
typedef struct GoapObjectCost {
    // An object of the cost_by parameter's type.
    struct GoapString object;
    // A number from 0 to GOAP_MAX_ACTION_COST (1e12).
    double cost;
} GoapObjectCost;

// Definition of a template (a parametric action) for goap_domain_add_template, as a
// domain file writes one (see the README's "Parametric actions"). Obtain from
// goap_template_def_default(), then set the fields. Every pointer is read during the call
// only. The name, fact names and variable names may contain the parameters in braces
// (`go({from},{to})`, `at({to})`); in a template `{` and `}` only enclose parameter names.
// Groundings must have distinct names: put every parameter in the name.
typedef struct GoapTemplateDef {
    // Internal: set by goap_template_def_default() to detect uninitialised definitions.
    // Do not change.
    uint32_t cookie;
    // The name with its parameters, such as `go({from},{to})`.
    struct GoapString name;
    // The parameters, in order (the first varies slowest in the grounding order): at
    // least one.
    const struct GoapTemplateParam *params;
    // Number of parameters.
    uint32_t param_count;
    // Parameter names that must name pairwise different objects. May be NULL when
    // `distinct_count` is 0 (the default).
    const struct GoapString *distinct;
    // Number of names in `distinct`.
    uint32_t distinct_count;
    // Static facts a choice of objects must satisfy to be grounded (`road({from},{to})`
    // = 1): looked up in the domain's start state (goap_domain_set_start; a fact not
    // registered yet is false). No action of the domain may change them. May be NULL when
    // `where_count` is 0 (the default).
    const struct GoapTemplateFact *where_facts;
    // Number of `where_facts`.
    uint32_t where_count;
    // Preconditions. May be NULL when `pre_count` is 0.
    const struct GoapTemplateFact *pre;
    // Number of preconditions.
    uint32_t pre_count;
    // Effects. May be NULL when `effect_count` is 0.
    const struct GoapTemplateFact *effects;
    // Number of effects.
    uint32_t effect_count;
    // Variable preconditions (op: a GoapCompare value). May be NULL when `var_pre_count`
    // is 0.
    const struct GoapTemplateVar *var_pre;
    // Number of variable preconditions.
    uint32_t var_pre_count;
    // Variable effects (op: a GoapVarOp value), at most one per ground variable. May be
    // NULL when `var_effect_count` is 0.
    const struct GoapTemplateVar *var_effects;
    // Number of variable effects.
    uint32_t var_effect_count;
    // The cost of each grounding unless cost_by gives one: from 0 to
    // GOAP_MAX_ACTION_COST. Default 1.
    double cost;
    // The parameter `cost_by` gives costs for; empty (the default) for none.
    struct GoapString cost_by_param;
    // A cost per object of `cost_by_param` (objects not listed take `cost`). May be NULL
    // when `cost_by_count` is 0.
    const struct GoapObjectCost *cost_by;
    // Number of entries in `cost_by`.
    uint32_t cost_by_count;
} GoapTemplateDef;

// What a shared write did, from goap_domain_set_shared and its one-value forms.
typedef struct GoapSharedChange {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Shared values that changed (written for the first time, or to another value).
    uint32_t changed;
    // Agents whose belief changed in a value their goals or plan depend on: each reviews
    // its goal choice and plan at its next step. Other agents are not counted and not
    // disturbed.
    uint32_t reviewed;
} GoapSharedChange;

// How a recording keeps what it records (goap_world_record_start and
// goap_world_record_start_callback). Obtain from goap_record_options_default(), then change
// fields; or pass NULL for the defaults.
typedef struct GoapRecordOptions {
    // Internal: set by goap_record_options_default() to detect uninitialised options.
    // Do not change.
    uint32_t cookie;
    // 0 (the default): everything, streamed to the file or callback as it is recorded (in
    // blocks of 64 KiB, and at goap_world_record_stop). A number of seconds > 0: ring
    // mode, only the last `window` seconds (of the agents' clocks) are kept, in memory,
    // and written at goap_world_record_stop, starting at a checkpoint (the world's whole
    // state) at most `window * 1.25` seconds before the end. NaN, infinite and negative
    // values are GOAP_STATUS_INVALID_ARGUMENT.
    double window;
} GoapRecordOptions;

// Receives the next `len` bytes of a recording (`bytes` is valid during the call only);
// returns 0 when they were taken. Any other value fails the recording: no more bytes are
// recorded or written, and goap_world_record_stop returns GOAP_STATUS_RECORDING_FAILED
// naming the value. See GoapRecordWriter for when and where it runs.
typedef int32_t (*GoapRecordWriteFn)(void *user_data, const uint8_t *bytes, uint32_t len);

// Where goap_world_record_start_callback writes a recording: a write callback and its
// user data.
//
// When: streaming (window 0), whenever 64 KiB of records have gathered, and at
// goap_world_record_stop (the rest and the end record); in ring mode (window > 0) only at
// goap_world_record_stop, in pieces of at most 1 GiB. The bytes arrive in order, never
// concurrently: concatenated they are the recording (it starts with "GOAPREC\0").
//
// Where: on whichever thread's goap call on the world filled the block: any thread that
// calls goap on this world (steps, reports, edits), a worker thread of the world's own or
// an engine job thread running a goap_world_plan_agents task, and the thread calling
// goap_world_record_stop. It runs while the world's recorder lock is held, and possibly
// an agent's lock: it must return quickly (copy or queue the bytes), must not call goap
// on this world (every such call returns GOAP_STATUS_BUSY, and goap_world_destroy does
// nothing), and must not unwind (C++ exceptions, longjmp) out of the callback. Calls on
// other worlds, and goap_replay, are allowed.
typedef struct GoapRecordWriter {
    // Receives the recording's bytes; must not be NULL.
    GoapRecordWriteFn write;
    // Passed to `write` unchanged; never dereferenced by goap. It must stay valid until
    // goap_world_record_stop returns (or the world is destroyed: a world destroyed while
    // recording drops the recording without calling `write` again).
    void *user_data;
} GoapRecordWriter;

// What a recording wrote (goap_world_record_stop).
typedef struct GoapRecordStats {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Records written (the end record included).
    uint64_t records;
    // Bytes written (the whole recording).
    uint64_t bytes;
    // Records ring mode dropped (older than its window); 0 when streaming.
    uint64_t dropped;
} GoapRecordStats;

// What goap_replay went through (all of it matched).
typedef struct GoapReplaySummary {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Records read (the end record included).
    uint64_t records;
    // Agents seen (created, or found at the first checkpoint).
    uint64_t agents;
    // Agent steps replayed.
    uint64_t steps;
    // Replans replayed.
    uint64_t replans;
    // goap_world_plan_agents calls replayed.
    uint64_t batches;
    // Ring mode's window in seconds, when the recording kept only its last part; 0 for a
    // whole recording.
    double window;
} GoapReplaySummary;

// One diagnostic of goap_validate_json.
typedef struct GoapDiagnostic {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // A GoapSeverity value.
    int32_t severity;
    // 1-based line; 0 when the position is unknown.
    uint32_t line;
    // 1-based column, in characters (not bytes; a leading byte order mark is not
    // counted); 0 when the position is unknown.
    uint32_t column;
    // The message (UTF-8, without the position) is
    // `out_messages[message_start .. message_start + message_len]`, followed by a NUL.
    uint32_t message_start;
    // See message_start.
    uint32_t message_len;
} GoapDiagnostic;

// The counts of goap_validate_json, written on success and on
// GOAP_STATUS_BUFFER_TOO_SMALL alike (then diagnostic_count and message_bytes are the
// capacities needed).
typedef struct GoapValidation {
    // The struct's size in bytes, set by the caller to `sizeof` it before the call (see
    // STRUCTS THAT GROW at the top of the header). Left as the caller set it.
    uint32_t size;
    // Diagnostics written to out_diagnostics (or needed): error_count + warning_count.
    uint32_t diagnostic_count;
    // Bytes written to out_messages (or needed): every message plus its NUL.
    uint32_t message_bytes;
    // Diagnostics of severity GOAP_SEVERITY_ERROR: 0 (the file loads) or 1 (parsing stops
    // at the first error).
    uint32_t error_count;
    // Diagnostics of severity GOAP_SEVERITY_WARNING.
    uint32_t warning_count;
} GoapValidation;

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

// The library's version as (major << 16) | (minor << 8) | patch. Compare its major part,
// `goap_version() >> 16`, with GOAP_VERSION_MAJOR.
//
// Thread safety: any thread, any time.
uint32_t goap_version(void);

// The library's version as a static NUL-terminated string, e.g. "0.1.0". Never NULL.
//
// Ownership: the string is static; do not free it. Thread safety: any thread, any time.
const char *goap_version_string(void);

// The name of a status value as a static NUL-terminated string, e.g. "GOAP_STATUS_OK";
// "GOAP_STATUS_UNKNOWN" for a value that is not a status. Never NULL.
//
// Ownership: the string is static; do not free it. Thread safety: any thread, any time.
const char *goap_status_name(int32_t status);

// Length in bytes (without the NUL terminator) of this thread's last error message; 0 when
// no call on this thread has failed yet. A buffer for goap_last_error_message needs one
// byte more.
//
// Thread safety: reads the calling thread's message only.
uint32_t goap_last_error_length(void);

// Forgets this thread's last error message and frees its memory: afterwards
// goap_last_error_length is 0. For hosts that account for goap's memory
// (goap_allocated_bytes, an allocator hook): a thread's message otherwise stays allocated
// until the next failure on that thread replaces it, or until the thread exits (on some
// platforms, during process exit, after a host's static objects were destroyed), so call
// this on a thread before it ends, or before a leak check.
//
// Thread safety: clears the calling thread's message only.
void goap_clear_last_error(void);

// Copies this thread's last error message (UTF-8) and a NUL terminator into `buf`.
//
// The message describes the latest failed call on this thread and starts with that
// function's name, e.g. "goap_domain_add_action: action \"x\": cost NaN is invalid ...".
// It is empty (buf receives just the NUL) when no call on this thread has failed.
//
// `capacity` is the size of `buf` in bytes; `buf` may be NULL when `capacity` is 0.
// `*out_len` receives the message length without the terminator, on success and on
// GOAP_STATUS_BUFFER_TOO_SMALL alike; `buf` needs `*out_len + 1` bytes.
//
// Unlike every other function, this one never changes the last error, not even when it
// fails, so a retry with a bigger buffer reads the same message.
//
// Errors: GOAP_STATUS_NULL_POINTER (out_len NULL, or buf NULL with capacity > 0),
// GOAP_STATUS_BUFFER_TOO_SMALL (nothing written to buf).
// Ownership: the caller owns `buf`. Thread safety: reads the calling thread's message only.
//
// # Safety
// `buf` must be valid for `capacity` bytes of writes; `out_len` must be valid for a write.
GoapStatus goap_last_error_message(char *buf, uint32_t capacity, uint32_t *out_len);

// Routes every allocation goap makes, in the whole process, through `allocator` (in the
// model of Box2D's b2SetAllocator); goap_allocated_bytes counts them either way. Call it
// once, before any other goap function: only while goap has allocated nothing yet can it
// take over (every block must be freed by the allocator that made it), and once set it
// cannot be changed or removed. The functions are copied from `*allocator` during the
// call and must stay callable, with user_data valid, until the process exits: goap frees
// per-thread state (a thread's last error message) when each thread that called it exits,
// and keeps a little process-wide state for good (see goap_allocated_bytes).
//
// Without it goap uses the system allocator (malloc). Allocation failure: see
// GoapAllocator.alloc.
//
// Errors: GOAP_STATUS_NULL_POINTER (allocator, alloc or free NULL), GOAP_STATUS_TOO_LATE
// (goap has allocated already: the message says how many bytes; or an allocator was set
// already). A failed call records its message, which allocates, so after any failure goap
// stays on the system allocator or the one set before.
// Thread safety: any thread; the first call that wins against goap's first allocation
// (another goap call on another thread) takes effect.
//
// # Safety
// `allocator` must be NULL or readable; its functions must behave as GoapAllocFn,
// GoapReallocFn and GoapFreeFn document and be safe to call from any thread with
// `user_data` until the process exits.
GoapStatus goap_set_allocator(const struct GoapAllocator *allocator);

// Bytes goap currently has allocated (the sum of its live blocks' sizes), through the
// host's allocator (goap_set_allocator) or the system's. Counted with relaxed atomics:
// while other threads call goap the value is a moment's snapshot.
//
// What stays allocated with no world alive: the panic hook goap installs on its first call
// (a few bytes), the last error message of each thread on which a call failed (freed when
// that thread exits), and process-wide state of the thread libraries: once goap calls or
// tasks have waited for each other on several threads (a world's own workers, or the
// engine's job threads), a table of waiting threads that grows with the most threads that
// ever waited at once; and after a world with worker threads of its own (no
// enqueue_task), memory of the workers' queues whose free the work-stealing library
// defers. Together some tens of KiB, freed or reused later, not growing with each world.
// Everything else a world holds, its threads included, is freed by goap_world_destroy:
// after destroying a world used from one thread only (worker_threads 1, no job system),
// the value is back to what it was before the world was created, unless a call failed
// meanwhile (the thread's stored last error message changed size). While a world's own workers live,
// they may free memory just after a batch returns.
//
// Thread safety: any thread, any time.
uint64_t goap_allocated_bytes(void);

// Installs the log callback for the whole process (every world and every thread), in
// place of the one before. `callback` is read during the call only; NULL, or a NULL
// `callback->log`, restores the default, which writes each message to stderr as one line
// starting "goap: ".
//
// What is logged: the message of a Rust panic caught inside a goap call (GOAP_LOG_LEVEL_ERROR,
// with the source location), which would otherwise reach stderr through Rust's panic
// hook. Panics outside goap calls (in a Rust host) are left to the host's hook.
//
// The callback may run on any thread that calls goap, during the call, and on several at
// once; it must not call goap functions. After this function returns, the previous
// callback is no longer called (a message being delivered on another thread at that
// moment may still reach it, so keep its user_data valid until such calls are done).
//
// Errors: none (GOAP_STATUS_OK).
// Thread safety: any thread, any time.
//
// # Safety
// `callback` must be NULL or readable; its `log`, when set, must be a function of the
// GoapLogFn signature that is safe to call from any thread with `user_data` until replaced.
GoapStatus goap_set_log_callback(const struct GoapLogCallback *callback);

// The default world definition. Always use it to initialise a GoapWorldDef.
//
// Thread safety: any thread, any time.
struct GoapWorldDef goap_world_def_default(void);

// Creates a world. On success `*out` receives a new world that the caller owns and must
// free with goap_world_destroy.
//
// `def` is read during the call only.
//
// Errors: GOAP_STATUS_NULL_POINTER (def or out NULL), GOAP_STATUS_INVALID_ARGUMENT (def not
// initialised with goap_world_def_default(); only one of enqueue_task and finish_task
// set). `*out` is written only on success. Without task callbacks this creates the
// world's worker_threads - 1 threads.
// Thread safety: any thread, any time.
//
// # Safety
// `def` must point to a readable GoapWorldDef; `out` must be valid for a write.
GoapStatus goap_world_create(const struct GoapWorldDef *def, struct GoapWorld **out);

// Destroys a world and everything in it: its domains, facts and actions, its agents (all
// their ids become invalid; callbacks' user_data is not touched), its plan cache and its
// idle planners' search memory. NULL is accepted and ignored.
//
// Called from a context callback of an agent of this world, or from the write callback of
// its recording (which the rules below forbid), it destroys nothing and sets the last
// error. A recording in progress is dropped without its end record (a file keeps what was
// written; the write callback is not called again).
//
// Thread safety: must not run concurrently with any other call on this world; the pointer
// must not be used afterwards.
//
// # Safety
// `world` must be NULL or a pointer from goap_world_create that was not destroyed yet.
void goap_world_destroy(struct GoapWorld *world);

// How many worlds are alive in this process: created by goap_world_create and not yet
// destroyed by goap_world_destroy. A leak check for bindings and tests (a C# world left
// to its finalizer, say), not a handle count: it says nothing about which worlds.
//
// Thread safety: any thread, any time; with other threads creating or destroying worlds
// the answer may be out of date when it returns.
uint32_t goap_world_live_count(void);

// The default domain definition. Always use it to initialise a GoapDomainDef.
//
// Thread safety: any thread, any time.
struct GoapDomainDef goap_domain_def_default(void);

// Creates an empty domain (no facts, variables or actions, all-false start state, no
// goal) in the world; on success `*out` receives its id. The world owns the domain until
// goap_domain_destroy or goap_world_destroy.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, out, or def->name NULL with a length),
// GOAP_STATUS_INVALID_ARGUMENT (def not from goap_domain_def_default(), or def->name
// containing a NUL byte),
// GOAP_STATUS_INVALID_UTF8 (def->name), GOAP_STATUS_TOO_MANY (the process has created
// 2^32 - 2 domains: domain ids come from one process-wide counter, shared by all worlds and
// never reused, so destroyed domains count too). `*out` is written only on success.
// Thread safety: takes the world's lock only to insert the domain; never waits for plans.
//
// # Safety
// `world` must be a live world; `def` readable, with `name` valid for `name_len` bytes;
// `out` valid for a write.
GoapStatus goap_domain_create(struct GoapWorld *world,
                              const struct GoapDomainDef *def,
                              struct GoapDomainId *out);

// Creates a domain from a domain file (JSON, UTF-8, `len` bytes, not NUL-terminated; the
// format is described in the README's "Domain files" section), with the file's start
// state and goal (if it has
// one). On success `*out` receives the new domain's id; look its facts and actions up by
// name with goap_domain_find_fact / goap_domain_find_action. `text` is read during the
// call only.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out, or text NULL with len > 0),
// GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_PARSE_ERROR (the last error gives
// "<input>:line:column: what is wrong", line and column 1-based, the column in
// characters; every invalid value in the file is a parse error with its position,
// including what goap_domain_add_fact and goap_domain_add_action reject with other
// statuses: a name containing a NUL character ("\u0000") and a cost that is negative or
// above GOAP_MAX_ACTION_COST, 1e12), GOAP_STATUS_TOO_MANY (more than 2^30 - 1 facts,
// actions or variables, or no domain id left in the process, as goap_domain_create),
// GOAP_STATUS_OUT_OF_MEMORY (the domain is compiled for planning here; compiled tables
// grow with the file's own lists, dense action masks are kept only up to 16 MiB, so this
// means the system refused an allocation).
// `*out` is written only on success; on error no domain is created.
// Thread safety: parses without any lock, then takes the world's lock only to insert the
// domain; never waits for plans.
//
// # Safety
// `world` must be a live world; `text` valid for `len` bytes; `out` valid for a write.
GoapStatus goap_domain_load_json(struct GoapWorld *world,
                                 const char *text,
                                 uint32_t len,
                                 struct GoapDomainId *out);

// Destroys a domain of the world. Its id and the ids of its facts, variables and actions
// become stale, and are never handed out again. The domain id gives
// GOAP_STATUS_UNKNOWN_DOMAIN from then on (so every call naming the destroyed domain fails
// with it); a stale fact, variable or action id passed with a live domain is an id of
// another domain: GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR or
// GOAP_STATUS_UNKNOWN_ACTION.
//
// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_UNKNOWN_DOMAIN (zero, stale or
// foreign id; nothing happens). Thread safety: takes the world's lock only to remove the
// domain; never waits for plans. Plans running on the domain finish on their snapshot
// (the action ids in their result are then stale).
//
// # Safety
// `world` must be a live world.
GoapStatus goap_domain_destroy(struct GoapWorld *world, struct GoapDomainId domain);

// Replaces the facts of the domain's stored start state: exactly the listed facts with
// value 1 are true, every other fact is false (facts added later too). The variables'
// start values are untouched (see goap_domain_set_start_vars). Used by goap_domain_plan.
// `values` is read during the call only; NULL is allowed when `count` is 0.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or values NULL with count > 0),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_INVALID_ARGUMENT (a
// value not 0 or 1), GOAP_STATUS_CONTRADICTION (a fact listed as both 1 and 0). On error
// the stored start state is unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `values` valid for `count` elements.
GoapStatus goap_domain_set_start(struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 const struct GoapFactValue *values,
                                 uint32_t count);

// Replaces the fact conditions of the domain's stored goal: every listed fact must have
// its value (1 true, 0 false); unlisted facts do not matter. The goal's variable
// conditions (goap_domain_set_goal_vars) are kept. A goal without any condition is one
// every state satisfies. Used by goap_domain_plan. `conditions` is read during the call
// only; NULL is allowed when `count` is 0.
//
// Errors: as goap_domain_set_start. On error the stored goal is unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `conditions` valid for `count` elements.
GoapStatus goap_domain_set_goal(struct GoapWorld *world,
                                struct GoapDomainId domain,
                                const struct GoapFactValue *conditions,
                                uint32_t count);

// Replaces the variables of the domain's stored start state: each listed variable has its
// value, every other variable its default (variables declared later too). The facts are
// untouched (see goap_domain_set_start). Used by goap_domain_plan. `values` is read during
// the call only; NULL is allowed when `count` is 0 (every variable back to its default).
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or values NULL with count > 0),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR (a variable of another domain, not
// of this one, or a fact or action id), GOAP_STATUS_OUT_OF_RANGE (a value outside its
// variable's [min, max]), GOAP_STATUS_CONTRADICTION (a variable listed with two different
// values; the same value twice is fine). On error the stored start state is unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `values` valid for `count` elements.
GoapStatus goap_domain_set_start_vars(struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      const struct GoapVarValue *values,
                                      uint32_t count);

// Replaces the variable conditions of the domain's stored goal: each listed condition
// (`var op value`) must hold; unlisted variables do not matter. The goal's fact conditions
// (goap_domain_set_goal) are kept; a domain without a goal gets one with these variable
// conditions and no fact conditions. Used by goap_domain_plan. `conditions` is read
// during the call only; NULL is allowed when `count` is 0.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or conditions NULL with count > 0),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR (a variable of another domain, not
// of this one, or a fact or action id), GOAP_STATUS_INVALID_ARGUMENT (an op that is not a
// GoapCompare value, 0 included), GOAP_STATUS_OUT_OF_RANGE (a constant outside its
// variable's [min, max]), GOAP_STATUS_CONTRADICTION (the conditions on one variable can
// never hold together within its range, such as `== 3` and `== 4`). On error the stored
// goal is unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `conditions` valid for `count` elements.
GoapStatus goap_domain_set_goal_vars(struct GoapWorld *world,
                                     struct GoapDomainId domain,
                                     const struct GoapVarCondition *conditions,
                                     uint32_t count);

// Registers a fact by name in a domain; on success `*out` receives its id. Idempotent:
// a name registered before gives the same id again. New facts are false in the stored
// start state.
//
// `name` is UTF-8, `name_len` bytes, not NUL-terminated and without NUL bytes; read during
// the call only.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out, or name NULL with name_len > 0),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_INVALID_ARGUMENT (empty
// name, or a name containing a NUL byte), GOAP_STATUS_DUPLICATE_NAME (the name is a
// variable's: facts and variables share one namespace), GOAP_STATUS_TOO_MANY (a new name
// when the domain has 2^30 - 1 facts already). `*out` is written only on success.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
GoapStatus goap_domain_add_fact(struct GoapWorld *world,
                                struct GoapDomainId domain,
                                const char *name,
                                uint32_t name_len,
                                struct GoapFactId *out);

// Looks up a fact by name; on success `*out` receives its id.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8,
// GOAP_STATUS_NOT_FOUND (no fact has this name). `*out` is written only on success.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
GoapStatus goap_domain_find_fact(const struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 const char *name,
                                 uint32_t name_len,
                                 struct GoapFactId *out);

// Copies a fact's name (UTF-8) and a NUL terminator into `buf`.
//
// `capacity` is the size of `buf` in bytes; `buf` may be NULL when `capacity` is 0.
// `*out_len` receives the name's length without the terminator, on success and on
// GOAP_STATUS_BUFFER_TOO_SMALL alike (then nothing is written to `buf`); `buf` needs
// `*out_len + 1` bytes.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT,
// GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_domain_fact_name(const struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 struct GoapFactId fact,
                                 char *buf,
                                 uint32_t capacity,
                                 uint32_t *out_len);

// On success `*out_count` receives the number of facts of the domain.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `out_count` valid for a write.
GoapStatus goap_domain_fact_count(const struct GoapWorld *world,
                                  struct GoapDomainId domain,
                                  uint32_t *out_count);

// The default variable definition: no name, range [0, 0], default min, overflow
// GOAP_OVERFLOW_REJECT. Always use it to initialise a GoapVarDef.
//
// Thread safety: any thread, any time.
struct GoapVarDef goap_var_def_default(void);

// Declares an integer variable in a domain; on success `*out` receives its id. Declaring
// a name again with the same definition (range, default and overflow rule) gives the same
// id again; with another definition it is an error. A new variable takes its default in
// the stored start state.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, out, or def->name NULL with a length),
// GOAP_STATUS_INVALID_ARGUMENT (def not from goap_var_def_default(), an empty name or one
// containing a NUL byte, min > max, has_default not 0 or 1, a default outside [min, max],
// an overflow that is not a GoapOverflow value), GOAP_STATUS_INVALID_UTF8 (def->name),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_DUPLICATE_NAME (the name is a fact's, or a
// variable's with another definition), GOAP_STATUS_TOO_MANY (the domain has 2^30 - 1
// variables already). `*out` is written only on success; on error the domain is
// unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `def` readable, with `name` valid for `name_len` bytes;
// `out` valid for a write.
GoapStatus goap_domain_add_var(struct GoapWorld *world,
                               struct GoapDomainId domain,
                               const struct GoapVarDef *def,
                               struct GoapVarId *out);

// Looks up a variable by name; on success `*out` receives its id.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8,
// GOAP_STATUS_NOT_FOUND (no variable has this name; a fact's name is not a variable's).
// `*out` is written only on success.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
GoapStatus goap_domain_find_var(const struct GoapWorld *world,
                                struct GoapDomainId domain,
                                const char *name,
                                uint32_t name_len,
                                struct GoapVarId *out);

// Copies a variable's name (UTF-8) and a NUL terminator into `buf`; same buffer rules as
// goap_domain_fact_name (`*out_len` = length without the terminator, also on
// GOAP_STATUS_BUFFER_TOO_SMALL; `buf` needs `*out_len + 1` bytes).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR,
// GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_domain_var_name(const struct GoapWorld *world,
                                struct GoapDomainId domain,
                                struct GoapVarId var,
                                char *buf,
                                uint32_t capacity,
                                uint32_t *out_len);

// On success `*out_count` receives the number of variables of the domain.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `out_count` valid for a write.
GoapStatus goap_domain_var_count(const struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 uint32_t *out_count);

// The default action definition: no name, no preconditions, no effects (on facts or
// variables), cost 1. Always use
// it to initialise a GoapActionDef.
//
// Thread safety: any thread, any time.
struct GoapActionDef goap_action_def_default(void);

// Adds an action to a domain; on success `*out` receives its id. Actions are tried in
// the order they were added, which decides between equally good plans.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, out, or an array/name pointer in def that
// is NULL with a non-zero count), GOAP_STATUS_INVALID_ARGUMENT (def not from
// goap_action_def_default(), an empty name or one containing a NUL byte, a value not 0 or
// 1, a variable condition's op not a GoapCompare value or an effect's op not a GoapVarOp
// value, 0 included; an effect on a fact a template's "where" reads: those stay static),
// GOAP_STATUS_INVALID_UTF8 (def->name), GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_UNKNOWN_FACT (a fact of another domain, not of this one, or an action or
// variable id), GOAP_STATUS_UNKNOWN_VAR (in var_pre or var_effects: a variable of another
// domain, not of this one, or a fact or action id), GOAP_STATUS_DUPLICATE_NAME,
// GOAP_STATUS_INVALID_COST (NaN, infinite, negative or above GOAP_MAX_ACTION_COST, 1e12),
// GOAP_STATUS_OUT_OF_RANGE (a condition or set value outside its variable's [min, max], a
// += or -= step outside 1 ..= max - min), GOAP_STATUS_CONTRADICTION (pre or effects list
// one fact as both 1 and 0, var_pre's conditions on one variable can never hold together
// within its range, or var_effects has two effects on one variable),
// GOAP_STATUS_TOO_MANY (the domain has 2^30 - 1 actions already). `*out` is written only on
// success; on error the domain is unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `def` readable, with its pointers valid for their counts;
// `out` valid for a write.
GoapStatus goap_domain_add_action(struct GoapWorld *world,
                                  struct GoapDomainId domain,
                                  const struct GoapActionDef *def,
                                  struct GoapActionId *out);

// Looks up an action by name; on success `*out` receives its id.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_UTF8,
// GOAP_STATUS_NOT_FOUND (no action has this name). `*out` is written only on success.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `name` valid for `name_len` bytes; `out` valid for a write.
GoapStatus goap_domain_find_action(const struct GoapWorld *world,
                                   struct GoapDomainId domain,
                                   const char *name,
                                   uint32_t name_len,
                                   struct GoapActionId *out);

// Copies an action's name (UTF-8) and a NUL terminator into `buf`; same buffer rules as
// goap_domain_fact_name (`*out_len` = length without the terminator, also on
// GOAP_STATUS_BUFFER_TOO_SMALL; `buf` needs `*out_len + 1` bytes).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
// GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_domain_action_name(const struct GoapWorld *world,
                                   struct GoapDomainId domain,
                                   struct GoapActionId action,
                                   char *buf,
                                   uint32_t capacity,
                                   uint32_t *out_len);

// On success `*out_count` receives the number of actions of the domain.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
// Thread safety: a read (see THREADING): runs in parallel with every other call but
// goap_world_destroy.
//
// # Safety
// `world` must be a live world; `out_count` valid for a write.
GoapStatus goap_domain_action_count(const struct GoapWorld *world,
                                    struct GoapDomainId domain,
                                    uint32_t *out_count);

// The default plan options. Always use it to initialise a GoapPlanOptions.
//
// Thread safety: any thread, any time.
struct GoapPlanOptions goap_plan_options_default(void);

// Plans from the domain's stored start state (goap_domain_set_start,
// goap_domain_set_start_vars) to its stored goal (goap_domain_set_goal,
// goap_domain_set_goal_vars), returning a minimum-cost plan (up to floating-point rounding:
// see GoapPlanResult.cost).
//
// `options` may be NULL for the defaults; it is read during the call only. On
// GOAP_STATUS_OK, `*out_result` describes the search and, when its outcome is
// GOAP_OUTCOME_FOUND, the first `out_result->action_count` entries of `out_actions`
// hold the plan's action ids in execution order. GOAP_OUTCOME_NO_PLAN and
// GOAP_OUTCOME_LIMIT are not errors: the status is GOAP_STATUS_OK.
//
// `out_actions` may be NULL when `capacity` is 0 (to ask for the plan length). If the
// plan has more actions than `capacity`, the status is GOAP_STATUS_BUFFER_TOO_SMALL,
// `*out_result` is written in full (action_count = the capacity needed) and nothing is
// written to `out_actions`: the one exception to "outputs are written only on success".
// Planning again with a big enough buffer gives the same plan (planning is deterministic).
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out_result, or out_actions NULL with capacity >
// 0), GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_ARGUMENT (options not from
// goap_plan_options_default(), unknown heuristic or direction), GOAP_STATUS_NO_GOAL (no goal stored),
// GOAP_STATUS_BUFFER_TOO_SMALL (see above), GOAP_STATUS_OUT_OF_MEMORY (the domain or the
// search needs a table over the planner's per-table limit, 1 GiB by default, or the
// allocator refused one; the last error names it). Nothing is written on other errors.
// Thread safety: a read (see THREADING): plans on a snapshot of the domain as it was when
// the call started, holding no lock while it searches; runs in parallel with other plans
// and with edits, and never makes them wait.
//
// # Safety
// `world` must be a live world; `options` NULL or readable; `out_actions` valid for
// `capacity` writes; `out_result` valid for a write.
GoapStatus goap_domain_plan(const struct GoapWorld *world,
                            struct GoapDomainId domain,
                            const struct GoapPlanOptions *options,
                            struct GoapActionId *out_actions,
                            uint32_t capacity,
                            struct GoapPlanResult *out_result);

// Plans from an explicit start state to an explicit goal (for example the engine's
// sensed state), ignoring the domain's stored start and goal. In `start`, exactly the
// facts listed with value 1 are true and every variable has its default; `goal` lists
// required fact values (no variable conditions). Both arrays are read during the call
// only and may be NULL when their count is 0. goap_domain_plan_problem also takes
// variables.
//
// Outputs, buffer rules and the BUFFER_TOO_SMALL exception are as goap_domain_plan.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out_result, an array NULL with a non-zero
// count), GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_INVALID_ARGUMENT
// (a value not 0 or 1, bad options), GOAP_STATUS_CONTRADICTION (a list names a fact as
// both 1 and 0), GOAP_STATUS_BUFFER_TOO_SMALL, GOAP_STATUS_OUT_OF_MEMORY (as
// goap_domain_plan). Nothing is written on other errors.
// Thread safety: as goap_domain_plan (the explicit start and goal are checked against the
// same snapshot).
//
// # Safety
// `world` must be a live world; `start`/`goal` valid for their counts; `options` NULL or
// readable; `out_actions` valid for `capacity` writes; `out_result` valid for a write.
GoapStatus goap_domain_plan_from(const struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 const struct GoapFactValue *start,
                                 uint32_t start_count,
                                 const struct GoapFactValue *goal,
                                 uint32_t goal_count,
                                 const struct GoapPlanOptions *options,
                                 struct GoapActionId *out_actions,
                                 uint32_t capacity,
                                 struct GoapPlanResult *out_result);

// The default problem: every fact false, every variable at its default, an empty goal.
// Always use it to initialise a GoapProblem.
//
// Thread safety: any thread, any time.
struct GoapProblem goap_problem_default(void);

// Plans from an explicit start state to an explicit goal, both over the domain's facts
// and variables (`*problem`, see GoapProblem), ignoring the domain's stored start and
// goal: goap_domain_plan_from with variables. `problem` and its arrays are read during the
// call only.
//
// Outputs, buffer rules and the BUFFER_TOO_SMALL exception are as goap_domain_plan.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, problem, out_result, an array of the problem
// NULL with a non-zero count, out_actions NULL with capacity > 0),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR,
// GOAP_STATUS_INVALID_ARGUMENT (problem not from goap_problem_default(), a fact value not
// 0 or 1, a goal op that is not a GoapCompare value, bad options),
// GOAP_STATUS_OUT_OF_RANGE (a start value or goal constant outside its variable's
// [min, max]), GOAP_STATUS_CONTRADICTION (a list names a fact as both 1 and 0, a start
// variable is listed with two different values, or the goal's conditions on one variable
// can never hold together), GOAP_STATUS_BUFFER_TOO_SMALL, GOAP_STATUS_OUT_OF_MEMORY (as
// goap_domain_plan). Nothing is written on other errors.
// Thread safety: as goap_domain_plan (the problem is checked against the same snapshot).
//
// # Safety
// `world` must be a live world; `problem` readable, with its arrays valid for their
// counts; `options` NULL or readable; `out_actions` valid for `capacity` writes;
// `out_result` valid for a write.
GoapStatus goap_domain_plan_problem(const struct GoapWorld *world,
                                    struct GoapDomainId domain,
                                    const struct GoapProblem *problem,
                                    const struct GoapPlanOptions *options,
                                    struct GoapActionId *out_actions,
                                    uint32_t capacity,
                                    struct GoapPlanResult *out_result);

// The default agent definition: no domain (set one), margin 0, cooldown 0, planning in
// step, the default node limit and heuristic. Always use it to initialise a GoapAgentDef.
//
// Thread safety: any thread, any time.
struct GoapAgentDef goap_agent_def_default(void);

// Creates an agent in the world; on success `*out` receives its id. The agent believes the
// domain's stored start state and has the domain's goals (from its file, if any, in file
// order: goal indices 0, 1, …); it has no plan until its first step (or batch). The world
// owns the agent until goap_agent_destroy or goap_world_destroy. `def` is read during the
// call only.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, out), GOAP_STATUS_INVALID_ARGUMENT (def not
// from goap_agent_def_default(); switch_margin or failure_cooldown negative, NaN or
// infinite; plan_in_step not 0 or 1; an unknown heuristic or direction),
// GOAP_STATUS_UNKNOWN_DOMAIN (def->domain zero, stale or foreign), GOAP_STATUS_TOO_MANY
// (the world holds 2^24 - 1 agents). `*out` is written only on success.
// Thread safety: takes the world's agent map lock only to insert the agent; may be called
// from a context callback (of another agent or the same one).
//
// # Safety
// `world` must be a live world; `def` readable; `out` valid for a write.
GoapStatus goap_agent_create(struct GoapWorld *world,
                             const struct GoapAgentDef *def,
                             struct GoapAgentId *out);

// Destroys an agent: its id becomes stale (GOAP_STATUS_UNKNOWN_AGENT from then on; it is
// never handed out again by this world). Its goals, plan and history are freed; the
// user_data of its callbacks is not touched. It does not wait for a call running on the
// agent in another thread: that call finishes on the removed agent (and its search may
// still call the agent's callbacks; see GoapAgentCallbacks.user_data).
//
// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_UNKNOWN_AGENT (zero, stale or
// foreign id; nothing happens), GOAP_STATUS_BUSY (called from one of this agent's own
// callbacks; nothing happens). Thread safety: takes the world's agent map lock only to
// remove the agent; may be called from a callback of another agent.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_destroy(struct GoapWorld *world, struct GoapAgentId agent);

// On success `*out_count` receives the number of live agents of the world.
//
// Errors: GOAP_STATUS_NULL_POINTER. Thread safety: a read; any thread, also from
// callbacks.
//
// # Safety
// `world` must be a live world; `out_count` valid for a write.
GoapStatus goap_agent_count(const struct GoapWorld *world, uint32_t *out_count);

// Writes a sensed fact into the agent's believed state (1 true, 0 false). Writing the
// value it already has changes nothing, so sensors may write every frame without causing
// replans; a changed value makes the next step re-check the goal choice and the plan.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this
// agent's own callback), GOAP_STATUS_UNKNOWN_FACT (zero, not a fact id, of another domain,
// or added to the domain after the agent was created), GOAP_STATUS_INVALID_ARGUMENT
// (value not 0 or 1). Nothing changes on error.
// Thread safety: locks the agent for the call (see THREADING).
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_set_fact(struct GoapWorld *world,
                               struct GoapAgentId agent,
                               struct GoapFactId fact,
                               int32_t value);

// On success `*out` receives the agent's believed value of a fact (1 true, 0 false).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_FACT. `*out` is written only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_get_fact(const struct GoapWorld *world,
                               struct GoapAgentId agent,
                               struct GoapFactId fact,
                               int32_t *out);

// Writes several sensed facts at once, all or nothing: every entry is checked first, and
// on any error none is written. A fact may be listed twice with the same value, not with
// both. `values` is read during the call only and may be NULL when `count` is 0.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or values NULL with count > 0),
// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_UNKNOWN_FACT,
// GOAP_STATUS_INVALID_ARGUMENT (a value not 0 or 1), GOAP_STATUS_CONTRADICTION (a fact
// listed as both 1 and 0). The message names the entry.
// Thread safety: locks the agent for the call, so other threads see all the values or none.
//
// # Safety
// `world` must be a live world; `values` valid for `count` reads.
GoapStatus goap_agent_set_facts(struct GoapWorld *world,
                                struct GoapAgentId agent,
                                const struct GoapFactValue *values,
                                uint32_t count);

// Writes one sensed fact into the beliefs of several agents (a door opened, a bell rang),
// one call instead of one per agent. Every agent is checked first (live, not busy, the
// fact of its domain), and on any error none is written; an agent destroyed by another
// thread during the call is skipped. Like goap_agent_set_fact, an agent whose belief does
// not change is not disturbed. `agents` is read during the call only and may be NULL when
// `count` is 0; an agent listed twice is written once more, harmlessly.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or agents NULL with count > 0),
// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_UNKNOWN_FACT (for an agent of
// another domain, say), GOAP_STATUS_INVALID_ARGUMENT (value not 0 or 1); the message names
// the entry (`agents[3]`).
// Thread safety: locks each agent in turn (never two at once), so other threads may see
// some agents written and others not yet.
//
// # Safety
// `world` must be a live world; `agents` valid for `count` reads.
GoapStatus goap_agents_set_fact(struct GoapWorld *world,
                                const struct GoapAgentId *agents,
                                uint32_t count,
                                struct GoapFactId fact,
                                int32_t value);

// Writes one sensed variable value into the beliefs of several agents, as
// goap_agents_set_fact does for a fact: all checked first (the value in range for each),
// none written on error.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_VAR, GOAP_STATUS_OUT_OF_RANGE; the message names the entry.
// Thread safety: as goap_agents_set_fact.
//
// # Safety
// `world` must be a live world; `agents` valid for `count` reads.
GoapStatus goap_agents_set_var(struct GoapWorld *world,
                               const struct GoapAgentId *agents,
                               uint32_t count,
                               struct GoapVarId var,
                               int32_t value);

// Writes a sensed variable value into the agent's believed state. The value must lie in
// the variable's [min, max]. The value it already has changes nothing.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_VAR (zero, not a variable id, of another domain, or added after the
// agent was created), GOAP_STATUS_OUT_OF_RANGE. Nothing changes on error.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_set_var(struct GoapWorld *world,
                              struct GoapAgentId agent,
                              struct GoapVarId var,
                              int32_t value);

// On success `*out` receives the agent's believed value of a variable (its default until
// written or changed by an action's effects).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_VAR. `*out` is written only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_get_var(const struct GoapWorld *world,
                              struct GoapAgentId agent,
                              struct GoapVarId var,
                              int32_t *out);

// The default goal definition: no name, no conditions, priority 1. Always use it to
// initialise a GoapGoalDef.
//
// Thread safety: any thread, any time.
struct GoapGoalDef goap_goal_def_default(void);

// Adds a goal to an agent; on success `*out_goal` receives its id. An agent's goals are
// kept in the order added (the domain's goals first; goap_agent_goal_at lists them), and
// a tie between goals of one priority goes to the one added first. Disable a goal with a
// priority of 0, or remove it (goap_agent_remove_goal). A goal without conditions is
// always satisfied. The next step re-checks which goal to pursue.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, out_goal, or an array of def NULL with a
// non-zero count), GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this agent's own
// callback), GOAP_STATUS_INVALID_ARGUMENT (def not from goap_goal_def_default(), a name
// containing a NUL byte, a fact value not 0 or 1, an op that is not a GoapCompare value, a
// priority that is NaN or infinite, a cooldown that is negative, NaN or infinite, a reset
// that sets one fact or variable two ways), GOAP_STATUS_INVALID_UTF8 (def->name),
// GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR (ids, in the conditions or the reset,
// not of the agent's domain as it was when the agent was created),
// GOAP_STATUS_OUT_OF_RANGE (a constant or reset value outside its variable's range),
// GOAP_STATUS_CONTRADICTION (a fact listed as both 1 and 0, or
// conditions on one variable that can never hold together), GOAP_STATUS_TOO_MANY (the
// agent has 2^30 - 2 goals). Nothing changes on error; `*out_goal` is written only on
// success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `def` readable, with its arrays valid for their counts;
// `out_goal` valid for a write.
GoapStatus goap_agent_add_goal(struct GoapWorld *world,
                               struct GoapAgentId agent,
                               const struct GoapGoalDef *def,
                               struct GoapGoalId *out_goal);

// Looks a goal of the agent up by name; on success `*out_goal` receives the id of the
// first goal (in the order added, removed ones left out) with exactly this name (UTF-8,
// `name_len` bytes; read during the call only).
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out_goal, or name NULL with name_len > 0),
// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_INVALID_UTF8,
// GOAP_STATUS_NOT_FOUND (no goal has this name). `*out_goal` is written only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `name` valid for `name_len` bytes; `out_goal` valid for a
// write.
GoapStatus goap_agent_find_goal(const struct GoapWorld *world,
                                struct GoapAgentId agent,
                                const char *name,
                                uint32_t name_len,
                                struct GoapGoalId *out_goal);

// Sets the priority of the agent's goal `goal` (an id from goap_agent_add_goal,
// goap_agent_find_goal or goap_agent_goal_at): larger wins, 0 or less disables the goal.
// The same value changes nothing; another value makes the next step re-check which goal to
// pursue (a switch to another goal replans with GOAP_REPLAN_CAUSE_GOAL_CHANGED).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_GOAL (the null id, or no live goal of this agent has it),
// GOAP_STATUS_INVALID_ARGUMENT
// (priority NaN or infinite). Nothing changes on error.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_set_goal_priority(struct GoapWorld *world,
                                        struct GoapAgentId agent,
                                        struct GoapGoalId goal,
                                        double priority);

// Removes a goal from an agent. Its id becomes stale: it never names a later goal of the
// agent (GOAP_STATUS_UNKNOWN_GOAL), and goap_agent_goal_at no longer lists it. Removing the
// goal being pursued works as disabling it (priority 0): the next step chooses another
// goal (GOAP_REPLAN_CAUSE_GOAL_CHANGED), or, when none is left to pursue, clears the plan.
// Until a replan for another goal is applied (the next step, or with plan_in_step 0 the
// batch that plans the agent, or the end of a search spread over steps), GoapStep.goal
// and GoapAgentInfo.goal may still hold the removed goal's stale id, and the action in
// progress may still be reported.
// Goals from the domain file can be removed like added ones.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this
// agent's own callback), GOAP_STATUS_UNKNOWN_GOAL (the null id, an id that is not a goal
// id, or no live goal of this agent has it: removed already, or of another agent).
// Nothing changes on error.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_remove_goal(struct GoapWorld *world,
                                  struct GoapAgentId agent,
                                  struct GoapGoalId goal);

// Enables (1) or disables (0) an action for this agent only. A disabled action is not
// planned with; disabling one that the rest of the current plan uses makes the next step
// replan (GOAP_REPLAN_CAUSE_PLAN_INVALIDATED). Enabling one lets goals that had no plan be
// tried again. The same setting changes nothing.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY (from this
// agent's own callback), GOAP_STATUS_UNKNOWN_ACTION (zero, not an action id, of another
// domain, or added after the agent was created), GOAP_STATUS_INVALID_ARGUMENT (enabled not
// 0 or 1). Nothing changes on error.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_set_action_enabled(struct GoapWorld *world,
                                         struct GoapAgentId agent,
                                         struct GoapActionId action,
                                         int32_t enabled);

// Sets this agent's cost for an action, in place of the domain's (distance, danger…): a
// number from 0 to GOAP_MAX_ACTION_COST (1e12). It applies from the next replan on; it
// never replaces the plan in hand. A goal whose search hit the node limit is tried again
// with the new cost; a goal proved to have no plan is not.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_ACTION, GOAP_STATUS_INVALID_COST (NaN, infinite, negative or above
// 1e12). Nothing changes on error.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_set_action_cost(struct GoapWorld *world,
                                      struct GoapAgentId agent,
                                      struct GoapActionId action,
                                      double cost);

// Gives an action back the domain's cost for this agent (undoes
// goap_agent_set_action_cost; nothing happens when no cost was set). Like setting a cost,
// it applies from the next replan on.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_ACTION.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_clear_action_cost(struct GoapWorld *world,
                                        struct GoapAgentId agent,
                                        struct GoapActionId action);

// Installs context callbacks on an agent (a copy of `*callbacks`), replacing any it had;
// NULL (or both pointers NULL) removes them. The next step re-checks the goal choice, and
// the callbacks are asked at the agent's next search.
//
// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY
// (from this agent's own callback). Nothing changes on error.
// Ownership: the library keeps the pointers, not what they point to (see
// GoapAgentCallbacks.user_data). Thread safety: locks the agent for the call; the callbacks
// then run on the threads that step or batch-plan the agent, one call at a time per agent.
//
// # Safety
// `world` must be a live world; `callbacks` NULL or readable, its function pointers NULL
// or callable as declared with its `user_data` from any thread that steps or batch-plans
// the agent, for as long as they are installed.
GoapStatus goap_agent_set_callbacks(struct GoapWorld *world,
                                    struct GoapAgentId agent,
                                    const struct GoapAgentCallbacks *callbacks);

// Advances the agent's clock by `dt` seconds and tells it what to do now (`*out`): the
// heart of the protocol, called once per frame after writing the sensed facts. When the
// agent needs a plan (and its plan_in_step is 1), the step searches on this thread, through
// the world's plan cache, asking the agent's callbacks first; otherwise it re-checks the
// goal choice and the plan only when something changed since the last step.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out), GOAP_STATUS_UNKNOWN_AGENT,
// GOAP_STATUS_BUSY (from this agent's own callback), GOAP_STATUS_INVALID_ARGUMENT (dt NaN,
// infinite or negative; nothing changes), GOAP_STATUS_CALLBACK_FAILED (a callback failed:
// see GoapAgentCallbacks; the clock has advanced, the agent keeps needing a plan and the
// next step asks again), GOAP_STATUS_OUT_OF_MEMORY (a search of this step needed a table
// over the planner's per-table limit; the agent took it as a search stopped by its node
// limit, so the next step goes on: GOAP_STEP_KIND_NO_PLAN, or another goal's plan).
// `*out` is written only on success.
// Thread safety: locks the agent for the call, including the search; its callbacks run on
// this thread.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_step(struct GoapWorld *world,
                           struct GoapAgentId agent,
                           double dt,
                           struct GoapStep *out);

// Reports the outcome of the action the last step handed out (a GoapReport value):
// GOAP_REPORT_RUNNING changes nothing, GOAP_REPORT_SUCCEEDED applies the action's effects
// to the believed state (the engine's sensors may overwrite them afterwards) and moves on
// to the next action, GOAP_REPORT_FAILED drops the plan so that the next step replans.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_INVALID_ARGUMENT (report is not a GoapReport value), GOAP_STATUS_NO_ACTION
// (no action is in progress: call goap_agent_step first; after a report of success or
// failure the next step must come before the next report). Nothing changes on error.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_agent_report(struct GoapWorld *world, struct GoapAgentId agent, int32_t report);

// On success `*out` receives the agent's state: goal, plan position, whether it is acting,
// replans, clock (see GoapAgentInfo).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY. `*out` is
// written only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_info(const struct GoapWorld *world,
                           struct GoapAgentId agent,
                           struct GoapAgentInfo *out);

// Copies the rest of the agent's plan into `out` (action ids of the agent's domain): the
// current action first (the one the last step handed out, or the next to start), in
// execution order; `*out_count` receives their number. The plan is empty without a goal to
// pursue, before the first step and once it is done.
//
// `out` may be NULL when `capacity` is 0 (to ask for the length). When the plan has more
// actions than `capacity`, the status is GOAP_STATUS_BUFFER_TOO_SMALL, `*out_count`
// receives the needed capacity and nothing is written to `out`.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out_count, or out NULL with capacity > 0),
// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is
// written on other errors.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` valid for a
// write.
GoapStatus goap_agent_plan(const struct GoapWorld *world,
                           struct GoapAgentId agent,
                           struct GoapActionId *out,
                           uint32_t capacity,
                           uint32_t *out_count);

// Copies the agent's latest replans into `out`, oldest first (the agent keeps the last 16;
// a buffer of 16 always suffices); `*out_count` receives their number. Buffer rules and
// GOAP_STATUS_BUFFER_TOO_SMALL as goap_agent_plan.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out_count, or out NULL with capacity > 0),
// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY, GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` valid for a
// write.
GoapStatus goap_agent_replans(const struct GoapWorld *world,
                              struct GoapAgentId agent,
                              struct GoapReplanEvent *out,
                              uint32_t capacity,
                              uint32_t *out_count);

// On success `*out` receives how many replans of `cause` (a GoapReplanCause value) the
// agent had over its life (not only the 16 goap_agent_replans keeps); GoapAgentInfo.replans
// is the sum over all causes.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_INVALID_ARGUMENT (cause is not a GoapReplanCause value). `*out` is written
// only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_replan_count(const struct GoapWorld *world,
                                   struct GoapAgentId agent,
                                   int32_t cause,
                                   uint64_t *out);

// Explains why goal `goal` (an id from goap_agent_add_goal and the like) of the agent has, or has
// no, plan from the agent's believed state, with its context (disabled actions, cost
// overrides and failure cooldowns; context callbacks are not called) and its search
// options: the planner's verdict (found, no plan, or the node limit stopped it), the goal
// conditions that can never be made true with the actions that could provide them and
// what those lack (three levels deep), the conditions nothing enabled provides (with
// similar names: "did you mean"), and the closest reachable state. This runs a search
// and a bounded exploration (up to 10,000 states): a debugging call, not a per-frame one.
//
// The report (UTF-8, NUL-terminated) goes into `buf` (`capacity` bytes); `*out_len`
// receives its length without the NUL, also on GOAP_STATUS_BUFFER_TOO_SMALL (then nothing
// is written to `buf`; call again with `*out_len + 1` bytes). `buf` may be NULL when
// `capacity` is 0.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out_len, or buf NULL with capacity > 0),
// GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_INVALID_ARGUMENT (a
// format other than GOAP_EXPLAIN_FORMAT_TEXT or _JSON), GOAP_STATUS_BUSY,
// GOAP_STATUS_BUFFER_TOO_SMALL, GOAP_STATUS_OUT_OF_MEMORY (the search ran out of memory).
// Thread safety: locks the agent for the call (its duration is that of the search).
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes of writes; `out_len` valid
// for a write.
GoapStatus goap_agent_explain(const struct GoapWorld *world,
                              struct GoapAgentId agent,
                              struct GoapGoalId goal,
                              int32_t format,
                              char *buf,
                              uint32_t capacity,
                              uint32_t *out_len);

// The default batch options: no limits, the world's worker threads. Always use it to
// initialise a GoapBatchOptions.
//
// Thread safety: any thread, any time.
struct GoapBatchOptions goap_batch_options_default(void);

// Plans, within `options`' budget, every agent of the world that needs a plan: the agents
// whose step returned GOAP_STEP_KIND_WAITING (plan_in_step 0), and any other agent that
// needs one now. On success `*out` receives what it did.
//
// Order and determinism: agents are taken in a fixed order (by slot), starting after the
// last agent the previous call planned, so that with a budget every agent gets its turn.
// The work runs on up to `options->threads` threads: this one and the world's own worker
// threads (created with the world, parked between batches), or the engine's workers
// through GoapWorldDef.enqueue_task / finish_task (called on this thread; every task has
// ended when the call returns). A batch with one thread, or too little work to split
// (nothing to plan, say), runs on this thread and wakes no worker. Context callbacks are
// asked on this thread only. Without max_nodes,
// the agents decide in parallel whether they need a plan, and the first max_agents that
// do are planned in parallel, each under its own lock. With max_nodes, searches are
// prepared on this thread in chunks of 256 and run in parallel, each within what is left
// of the budget when its chunk starts, and finished searches are applied in the fixed
// order until the budget is spent; a search stopped by the budget, and every search of
// the chunk after the one that spent it, is kept by its agent and continued (or applied)
// by the next call or step. Either way, which agents get planned, and their plans, do not
// depend on the thread count or on timing (a cache answer is used only when more nodes
// are left than it records, as the search would need, so where a search stops does not
// depend on the cache).
//
// `options` may be NULL for the defaults; it is read during the call only.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out), GOAP_STATUS_INVALID_ARGUMENT (options not
// from goap_batch_options_default()), GOAP_STATUS_BUSY (called from a context callback of
// an agent of this world; nothing is planned). Callback failures are not errors of this
// call: see GoapBatchStats.callback_errors. `*out` is written only on success.
// Thread safety: may run concurrently with every call on the world but goap_world_destroy,
// another batch included. Without max_nodes it holds each agent's lock while planning it;
// with max_nodes it locks each agent briefly, to prepare its search and to apply the
// result, and an agent changed by another thread while its search ran keeps its pending
// replan (counted in `waiting`).
//
// # Safety
// `world` must be a live world; `options` NULL or readable; `out` valid for a write.
GoapStatus goap_world_plan_agents(struct GoapWorld *world,
                                  const struct GoapBatchOptions *options,
                                  struct GoapBatchStats *out);

// On success `*out` receives the counters of the world's plan cache since the world was
// created or the cache last cleared.
//
// Errors: GOAP_STATUS_NULL_POINTER. Thread safety: a read; any thread, also from
// callbacks.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_world_cache_stats(const struct GoapWorld *world, struct GoapCacheStats *out);

// Empties the world's plan cache and resets its counters (frees the memory of its
// entries, and of domains only they kept alive). Plans stay as they are; later searches
// run afresh.
//
// Errors: GOAP_STATUS_NULL_POINTER. Thread safety: any thread, also from callbacks;
// searches running meanwhile may store their results afterwards.
//
// # Safety
// `world` must be a live world.
GoapStatus goap_world_clear_cache(struct GoapWorld *world);

// On success `*out` receives the id of the domain's `index`-th fact (facts are numbered
// from 0 in the order they were added, up to goap_domain_fact_count - 1): with
// goap_domain_fact_name, the way to list a domain's facts.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count). Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_fact_at(const struct GoapWorld *world,
                               struct GoapDomainId domain,
                               uint32_t index,
                               struct GoapFactId *out);

// On success `*out` receives the id of the domain's `index`-th variable (declaration
// order, from 0 to goap_domain_var_count - 1).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count). Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_var_at(const struct GoapWorld *world,
                              struct GoapDomainId domain,
                              uint32_t index,
                              struct GoapVarId *out);

// On success `*out` receives the id of the domain's `index`-th action (from 0 to
// goap_domain_action_count - 1, in the order added).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count). Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_action_at(const struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 uint32_t index,
                                 struct GoapActionId *out);

// On success `*out` receives a variable's range, start default and overflow rule.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR.
// Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_var_info(const struct GoapWorld *world,
                                struct GoapDomainId domain,
                                struct GoapVarId var,
                                struct GoapVarInfo *out);

// On success `*out` receives an action's cost and the lengths of its four condition
// lists (read them with goap_domain_action_pre, _effects, _var_pre and _var_effects).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION.
// Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_action_info(const struct GoapWorld *world,
                                   struct GoapDomainId domain,
                                   struct GoapActionId action,
                                   struct GoapActionInfo *out);

// Copies an action's fact preconditions into `out` (each fact with the value it must
// have: 1 true, 0 false), in fact order; `*out_count` receives their number. `out` may be
// NULL when `capacity` is 0 (to ask for the length); when it is too small the status is
// GOAP_STATUS_BUFFER_TOO_SMALL, `*out_count` receives the needed capacity and nothing is
// written to `out`.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_action_pre(const struct GoapWorld *world,
                                  struct GoapDomainId domain,
                                  struct GoapActionId action,
                                  struct GoapFactValue *out,
                                  uint32_t capacity,
                                  uint32_t *out_count);

// Copies an action's fact effects into `out` (1: it makes the fact true, 0: false), in
// fact order, as goap_domain_action_pre does its preconditions.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_action_effects(const struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      struct GoapActionId action,
                                      struct GoapFactValue *out,
                                      uint32_t capacity,
                                      uint32_t *out_count);

// Copies an action's variable preconditions into `out` (GoapCompare in `op`), as
// goap_domain_action_pre does its fact preconditions.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_action_var_pre(const struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      struct GoapActionId action,
                                      struct GoapVarCondition *out,
                                      uint32_t capacity,
                                      uint32_t *out_count);

// Copies an action's variable effects into `out` (GoapVarOp in `op`), as
// goap_domain_action_pre does its fact preconditions.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_ACTION,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_action_var_effects(const struct GoapWorld *world,
                                          struct GoapDomainId domain,
                                          struct GoapActionId action,
                                          struct GoapVarEffect *out,
                                          uint32_t capacity,
                                          uint32_t *out_count);

// Copies the true facts of the domain's stored start state into `out` (value 1 each, in
// fact order; every other fact is false), with the buffer protocol of
// goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_start(const struct GoapWorld *world,
                             struct GoapDomainId domain,
                             struct GoapFactValue *out,
                             uint32_t capacity,
                             uint32_t *out_count);

// Copies every variable's value in the domain's stored start state into `out` (in
// variable order), with the buffer protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_start_vars(const struct GoapWorld *world,
                                  struct GoapDomainId domain,
                                  struct GoapVarValue *out,
                                  uint32_t capacity,
                                  uint32_t *out_count);

// Copies the fact conditions of the domain's stored goal into `out`, with the buffer
// protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_NO_GOAL (none
// stored), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_goal(const struct GoapWorld *world,
                            struct GoapDomainId domain,
                            struct GoapFactValue *out,
                            uint32_t capacity,
                            uint32_t *out_count);

// Copies the variable conditions of the domain's stored goal into `out`, with the buffer
// protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_NO_GOAL,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_goal_vars(const struct GoapWorld *world,
                                 struct GoapDomainId domain,
                                 struct GoapVarCondition *out,
                                 uint32_t capacity,
                                 uint32_t *out_count);

// On success `*out` receives the id of the domain the agent was created from (its ids
// of facts, variables and actions belong to it; the domain may have been destroyed
// since: the agent keeps its own copy).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY. Written
// only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_domain(const struct GoapWorld *world,
                             struct GoapAgentId agent,
                             struct GoapDomainId *out);

// Copies the facts the agent believes true into `out` (value 1 each, in fact order; every
// other fact of its domain it believes false), with the buffer protocol of
// goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_agent_facts(const struct GoapWorld *world,
                            struct GoapAgentId agent,
                            struct GoapFactValue *out,
                            uint32_t capacity,
                            uint32_t *out_count);

// Copies every variable's believed value into `out` (in variable order), with the buffer
// protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_agent_vars(const struct GoapWorld *world,
                           struct GoapAgentId agent,
                           struct GoapVarValue *out,
                           uint32_t capacity,
                           uint32_t *out_count);

// On success `*out_goal` receives the id of the agent's goal at `index` (0 to
// GoapAgentInfo.goal_count - 1) in the order the goals were added (the domain's goals
// first; removed goals are left out, so the goals after one move down).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the goal count, as for
// goap_domain_fact_at). Written only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out_goal` valid for a write.
GoapStatus goap_agent_goal_at(const struct GoapWorld *world,
                              struct GoapAgentId agent,
                              uint32_t index,
                              struct GoapGoalId *out_goal);

// Copies the name of the agent's goal `goal` (an id) and a NUL terminator into `buf`, with
// the protocol of goap_domain_fact_name.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_agent_goal_name(const struct GoapWorld *world,
                                struct GoapAgentId agent,
                                struct GoapGoalId goal,
                                char *buf,
                                uint32_t capacity,
                                uint32_t *out_len);

// On success `*out` receives what the agent's goal `goal` (an id) is now: its priority,
// its list lengths, whether the believed state satisfies it, whether it is the goal
// pursued, how often it was achieved and (for a recurring goal) how long its cooldown
// still runs.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_GOAL. Written only on success.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_agent_goal_info(const struct GoapWorld *world,
                                struct GoapAgentId agent,
                                struct GoapGoalId goal,
                                struct GoapGoalInfo *out);

// Copies the fact conditions of the agent's goal `goal` (an id) into `out`, with the
// buffer protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_agent_goal_conditions(const struct GoapWorld *world,
                                      struct GoapAgentId agent,
                                      struct GoapGoalId goal,
                                      struct GoapFactValue *out,
                                      uint32_t capacity,
                                      uint32_t *out_count);

// Copies the variable conditions of the agent's goal `goal` (an id) into `out`, with
// the buffer protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_AGENT, GOAP_STATUS_BUSY,
// GOAP_STATUS_UNKNOWN_GOAL, GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: locks the agent for the call.
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_agent_goal_var_conditions(const struct GoapWorld *world,
                                          struct GoapAgentId agent,
                                          struct GoapGoalId goal,
                                          struct GoapVarCondition *out,
                                          uint32_t capacity,
                                          uint32_t *out_count);

// Records a search for a debugger view: a uniform-cost search of the domain from a start
// towards a goal, every state it takes up in order (lowest cost first, ties in the order
// found, successors in action order), each with its cost `g`, its LM-cut estimate `h`
// (uncapped: a lower bound on its cost to the goal's facts), the action and node it was reached
// from and its state, until a goal state (GOAP_TRACE_END_FOUND: the path to the last node
// is a minimum-cost plan), no state is left (GOAP_TRACE_END_NO_PLAN) or `max_expanded`
// states were expanded (GOAP_TRACE_END_LIMIT). `problem` gives the start and goal, or
// NULL for the domain's stored ones.
//
// Three caller buffers receive it: `out_nodes` (`node_capacity` nodes, of the size the
// caller sets in `out_nodes[0].size`: see STRUCTS THAT GROW), `out_facts`
// (`fact_capacity` fact ids: each node's true facts, at its fact_start) and
// `out_var_values` (`var_capacity` values: each node's variables in order, at its
// var_start). `*out_result` receives the end and the three counts, on success and on
// GOAP_STATUS_BUFFER_TOO_SMALL alike (then they are the capacities needed, and nothing is
// written to the buffers). A buffer may be NULL when its capacity is 0. The trace holds
// up to max_expanded + 1 nodes: keep it small (hundreds) for a view a person can read;
// the search runs again on every call.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_NO_GOAL
// (problem NULL and no stored goal), the errors of goap_domain_plan_problem for a bad
// problem, GOAP_STATUS_INVALID_ARGUMENT (max_expanded 0), GOAP_STATUS_OUT_OF_MEMORY,
// GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `problem` NULL or readable (with its arrays valid for
// their counts); each buffer valid for its capacity; `out_result` valid for a write.
GoapStatus goap_domain_trace(const struct GoapWorld *world,
                             struct GoapDomainId domain,
                             const struct GoapProblem *problem,
                             uint32_t max_expanded,
                             struct GoapTraceNode *out_nodes,
                             uint32_t node_capacity,
                             struct GoapFactId *out_facts,
                             uint32_t fact_capacity,
                             int32_t *out_var_values,
                             uint32_t var_capacity,
                             struct GoapTraceResult *out_result);

// Adds a goal that every agent created from the domain afterwards starts with (after the
// goals already there; agents that exist keep theirs), as a domain file's `goals` entry
// does. `def` is read as by goap_agent_add_goal; its fact and variable ids are the
// domain's.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, or an array of def NULL with a non-zero
// count), GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_ARGUMENT (def not from
// goap_goal_def_default(), a name containing a NUL byte, a fact value not 0 or 1, an op
// that is not a GoapCompare value, a priority that is NaN or infinite),
// GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_UNKNOWN_FACT, GOAP_STATUS_UNKNOWN_VAR,
// GOAP_STATUS_OUT_OF_RANGE, GOAP_STATUS_CONTRADICTION. Nothing changes on error.
// Thread safety: an edit of the domain (see THREADING).
//
// # Safety
// `world` must be a live world; `def` readable, with its arrays valid for their counts.
GoapStatus goap_domain_add_agent_goal(struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      const struct GoapGoalDef *def);

// On success `*out_count` receives the number of the domain's agent goals (the goals a
// new agent starts with: a domain file's `goals`, then those of
// goap_domain_add_agent_goal).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out_count` valid for a write.
GoapStatus goap_domain_agent_goal_count(const struct GoapWorld *world,
                                        struct GoapDomainId domain,
                                        uint32_t *out_count);

// Copies the name of the domain's agent goal `index` (0 to the count - 1, in order) and a
// NUL terminator into `buf`, with the protocol of goap_domain_fact_name.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_domain_agent_goal_name(const struct GoapWorld *world,
                                       struct GoapDomainId domain,
                                       uint32_t index,
                                       char *buf,
                                       uint32_t capacity,
                                       uint32_t *out_len);

// On success `*out` receives what the domain's agent goal `index` is: its priority, its
// list lengths, and whether the domain's stored start state satisfies it (`current` is 0).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (out->size too small, or index not below the count).
// Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_agent_goal_info(const struct GoapWorld *world,
                                       struct GoapDomainId domain,
                                       uint32_t index,
                                       struct GoapGoalInfo *out);

// Copies the fact conditions of the domain's agent goal `index` into `out`, with the
// buffer protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_agent_goal_conditions(const struct GoapWorld *world,
                                             struct GoapDomainId domain,
                                             uint32_t index,
                                             struct GoapFactValue *out,
                                             uint32_t capacity,
                                             uint32_t *out_count);

// Copies the variable conditions of the domain's agent goal `index` into `out`, with the
// buffer protocol of goap_domain_action_pre.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_agent_goal_var_conditions(const struct GoapWorld *world,
                                                 struct GoapDomainId domain,
                                                 uint32_t index,
                                                 struct GoapVarCondition *out,
                                                 uint32_t capacity,
                                                 uint32_t *out_count);

// On success `*out_count` receives the number of the domain's templates: the parametric
// actions of its domain file (`"params"`), in file order. Their ground actions are ordinary
// actions of the domain; a domain built without a file has none.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN. Written only on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out_count` valid for a write.
GoapStatus goap_domain_template_count(const struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      uint32_t *out_count);

// Copies the name of template `index` (0 to the count - 1) with its parameters, such as
// `go({from},{to})`, and a NUL terminator into `buf`, with the protocol of
// goap_domain_fact_name.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_domain_template_name(const struct GoapWorld *world,
                                     struct GoapDomainId domain,
                                     uint32_t index,
                                     char *buf,
                                     uint32_t capacity,
                                     uint32_t *out_len);

// On success `*out` receives template `index`'s parameter and ground action counts.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (out->size too small, or index not below the count).
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_domain_template_info(const struct GoapWorld *world,
                                     struct GoapDomainId domain,
                                     uint32_t index,
                                     struct GoapTemplateInfo *out);

// Copies the name of parameter `param` of template `index` and a NUL terminator into
// `buf`, with the protocol of goap_domain_fact_name.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index or param out of range), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `buf` valid for `capacity` bytes; `out_len` for a write.
GoapStatus goap_domain_template_param_name(const struct GoapWorld *world,
                                           struct GoapDomainId domain,
                                           uint32_t index,
                                           uint32_t param,
                                           char *buf,
                                           uint32_t capacity,
                                           uint32_t *out_len);

// Copies the ids of template `index`'s ground actions, in grounding order (the first
// parameter varies slowest), into `out`, with the buffer protocol of
// goap_domain_action_pre. Their names are the template's name with the objects filled in
// (goap_domain_action_name).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `out` valid for `capacity` writes; `out_count` for a write.
GoapStatus goap_domain_template_groundings(const struct GoapWorld *world,
                                           struct GoapDomainId domain,
                                           uint32_t index,
                                           struct GoapActionId *out,
                                           uint32_t capacity,
                                           uint32_t *out_count);

// On success `*out` receives the ground action of template `index` for the objects `args`
// (one per parameter, in order: for `go({from},{to})`, {"mill", "well"}).
//
// Errors: GOAP_STATUS_NULL_POINTER (world, out, args NULL with arg_count > 0, or an
// argument's text NULL with a length > 0), GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (index not below the count, or arg_count not the number of
// parameters), GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_NOT_FOUND (an argument that is not an
// object of its parameter, or a choice the template's "distinct" left out). Written only
// on success.
// Thread safety: a read (see THREADING).
//
// # Safety
// `world` must be a live world; `args` valid for `arg_count` reads, each text for its
// length; `out` valid for a write.
GoapStatus goap_domain_template_find(const struct GoapWorld *world,
                                     struct GoapDomainId domain,
                                     uint32_t index,
                                     const struct GoapString *args,
                                     uint32_t arg_count,
                                     struct GoapActionId *out);

// The default template definition: no name, no parameters, no conditions or effects, cost
// 1, no cost table. Always use it to initialise a GoapTemplateDef.
//
// Thread safety: any thread, any time.
struct GoapTemplateDef goap_template_def_default(void);

// Declares object type `object_type` with its `objects` for templates (as a domain file's
// `"objects"`): non-empty names without NUL, at least one, each once. Declaring a type
// again with the same objects does nothing.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or objects NULL with count > 0, or a text NULL
// with a length > 0), GOAP_STATUS_INVALID_UTF8, GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_INVALID_ARGUMENT (an empty or NUL-containing name, no objects, an object
// listed twice, or the type declared before with other objects). On error the domain is
// unchanged.
// Thread safety: an edit (see THREADING).
//
// # Safety
// `world` must be a live world; `object_type.text` valid for its length; `objects` valid
// for `count` reads, each text for its length.
GoapStatus goap_domain_add_objects(struct GoapWorld *world,
                                   struct GoapDomainId domain,
                                   struct GoapString object_type,
                                   const struct GoapString *objects,
                                   uint32_t count);

// Checks and grounds a template (see GoapTemplateDef) into ordinary actions of the domain,
// added in grounding order (the first parameter varies slowest, objects in their declared
// order) with their facts registered as they come, exactly as a domain file's template
// grounds; on success `*out_index` receives the template's index for
// goap_domain_template_* (its ground actions: goap_domain_template_groundings).
//
// Errors: GOAP_STATUS_NULL_POINTER (world, def, out_index, or an array or text in def NULL
// with a non-zero count or length), GOAP_STATUS_INVALID_ARGUMENT (def not from
// goap_template_def_default(); an empty name; a NUL byte in a name; a fact value not 0 or
// 1; an op not a GoapCompare (var_pre) or GoapVarOp (var_effects) value; cost_by without
// cost_by_param; and every template error: no parameters, an undeclared object type, a
// `{…}` that is not a parameter, distinct or cost_by naming something else, more than
// 100000 choices of objects, two groundings with one name, a ground variable not declared,
// a ground fact that is a variable, a where fact that an action changes, more than
// 4000000 ground names in all, and in a grounding a constant outside a variable's range, a
// fact both true and false or two effects on one variable), GOAP_STATUS_INVALID_UTF8,
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_INVALID_COST (def->cost or a cost_by cost not
// a number from 0 to GOAP_MAX_ACTION_COST), GOAP_STATUS_DUPLICATE_NAME (a grounding's
// name taken by an action), GOAP_STATUS_TOO_MANY (the domain's ids could not hold the
// groundings' actions or facts). The message names the template and, for a grounding, the
// grounding. `*out_index` is written only on success; on error the domain is unchanged.
// Thread safety: an edit (see THREADING).
//
// # Safety
// `world` must be a live world; `def` readable, with its pointers valid for their counts
// and lengths; `out_index` valid for a write.
GoapStatus goap_domain_add_template(struct GoapWorld *world,
                                    struct GoapDomainId domain,
                                    const struct GoapTemplateDef *def,
                                    uint32_t *out_index);

// Writes shared facts and variables of a domain: every agent of the domain reads them when
// it plans and monitors its plan, without a call per agent. `facts` (`fact_count`
// entries) and `vars` (`var_count` entries) are read during the call only; either may be
// NULL when its count is 0. Every entry is checked first, and on any error nothing is
// written; a fact or variable listed twice takes its last value. Writing the value a
// shared fact already has is a write too: agents that overrode it take it again (see
// Precedence), agents that believe it are not disturbed, but the fact's dependents are
// visited, so write shared values when they change rather than every frame. `out` may be NULL; otherwise, on success,
// `*out` receives what the write did (set `out->size` first).
//
// Precedence: an agent's belief is the latest write, whichever came last: the world's
// shared write, or the agent's own (goap_agent_set_fact / _set_var, goap_agents_set_fact,
// the effects of its finished actions, a recurring goal's resets). So an agent may
// override a shared value with its own belief, and the next shared write of that value
// replaces the override. Agents created later start with the shared values.
//
// Cost: only the agents whose goals or plan depend on a changed value are locked (one at a
// time) and told to review (GoapSharedChange.reviewed); the others take the new values
// the next time they plan or are read, and are not disturbed. An agent depends on the
// facts and variables its goals name and, backwards through the actions that can change
// them, their preconditions, and on the preconditions of its plan. The first shared write
// of a domain visits each of its agents once to learn this.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or an array NULL with a count > 0),
// GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT / GOAP_STATUS_UNKNOWN_VAR (the
// message names the entry), GOAP_STATUS_INVALID_ARGUMENT (a fact value not 0 or 1, a bad
// `out->size`), GOAP_STATUS_OUT_OF_RANGE (a value outside its variable's range),
// GOAP_STATUS_BUSY (called from a context callback of an agent of this world; nothing is
// written).
// Thread safety: may run concurrently with every call on the world but
// goap_world_destroy, batches included; an agent stepping meanwhile sees the values
// either before or after the write, never half of it. It locks the dependent agents one
// at a time (the first write of a domain: each of its agents), so it waits for a search
// running on one of them (a step's, or a batch's without a node budget).
//
// # Safety
// `world` must be a live world; `facts` and `vars` valid for their counts of reads; `out`
// NULL or valid for a write.
GoapStatus goap_domain_set_shared(struct GoapWorld *world,
                                  struct GoapDomainId domain,
                                  const struct GoapFactValue *facts,
                                  uint32_t fact_count,
                                  const struct GoapVarValue *vars,
                                  uint32_t var_count,
                                  struct GoapSharedChange *out);

// goap_domain_set_shared for one fact (`value` 0 or 1).
//
// Errors: as goap_domain_set_shared.
// Thread safety: as goap_domain_set_shared.
//
// # Safety
// `world` must be a live world; `out` NULL or valid for a write.
GoapStatus goap_domain_set_shared_fact(struct GoapWorld *world,
                                       struct GoapDomainId domain,
                                       struct GoapFactId fact,
                                       int32_t value,
                                       struct GoapSharedChange *out);

// goap_domain_set_shared for one variable.
//
// Errors: as goap_domain_set_shared.
// Thread safety: as goap_domain_set_shared.
//
// # Safety
// `world` must be a live world; `out` NULL or valid for a write.
GoapStatus goap_domain_set_shared_var(struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      struct GoapVarId var,
                                      int32_t value,
                                      struct GoapSharedChange *out);

// A fact's shared value: on success `*out_shared` receives 1 when the fact was ever
// written as shared (then `*out_value` receives its value, 0 or 1) and 0 when it was not
// (then `*out_value` receives 0). What an agent believes is goap_agent_get_fact.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_FACT.
// Written only on success. Thread safety: a read; any thread.
//
// # Safety
// `world` must be a live world; the outputs valid for writes.
GoapStatus goap_domain_get_shared_fact(const struct GoapWorld *world,
                                       struct GoapDomainId domain,
                                       struct GoapFactId fact,
                                       int32_t *out_shared,
                                       int32_t *out_value);

// A variable's shared value: `*out_shared` receives 1 when it was ever written as shared
// (then `*out_value` receives its value) and 0 when it was not (then `*out_value`
// receives 0).
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_UNKNOWN_DOMAIN, GOAP_STATUS_UNKNOWN_VAR.
// Written only on success. Thread safety: a read; any thread.
//
// # Safety
// `world` must be a live world; the outputs valid for writes.
GoapStatus goap_domain_get_shared_var(const struct GoapWorld *world,
                                      struct GoapDomainId domain,
                                      struct GoapVarId var,
                                      int32_t *out_shared,
                                      int32_t *out_value);

// The default recording options: no window (record everything, streamed). Always use it
// to initialise a GoapRecordOptions.
//
// Thread safety: any thread, any time.
struct GoapRecordOptions goap_record_options_default(void);

// Starts recording everything the world is told and decides into a file (created, or
// truncated): first a checkpoint (the domains its agents use, every agent's whole state,
// the shared values), then every input and decision as it happens. goap_replay checks a
// recording; the README's "Flight recorder" section describes what is recorded.
//
// `path` is UTF-8, `path_len` bytes, not NUL-terminated (the platform's file name rules
// apply). `options` may be NULL for the defaults (stream everything); both are read during
// the call only. The file is written by the threads that call goap on the world (see
// GoapRecordWriter for when), and completed by goap_world_record_stop: a world destroyed
// while recording leaves the file without its end record (goap_replay says it is
// truncated).
//
// Errors: GOAP_STATUS_NULL_POINTER (world, or path NULL with path_len > 0),
// GOAP_STATUS_INVALID_UTF8 (path), GOAP_STATUS_INVALID_ARGUMENT (options not from
// goap_record_options_default(); window NaN, infinite or negative; an empty path or one
// containing a NUL byte), GOAP_STATUS_RECORDING_FAILED (the world is recording already;
// the file cannot be created: the message has the system's reason), GOAP_STATUS_BUSY
// (called from a callback of this world). Nothing starts on error.
// Thread safety: any thread; the checkpoint locks each agent briefly, one at a time.
//
// # Safety
// `world` must be a live world; `path` valid for `path_len` bytes; `options` NULL or
// readable.
GoapStatus goap_world_record_start(struct GoapWorld *world,
                                   const char *path,
                                   uint32_t path_len,
                                   const struct GoapRecordOptions *options);

// goap_world_record_start, with the recording's bytes handed to `writer->write` instead
// of a file (see GoapRecordWriter for when, on which threads and under which locks it is
// called, and what it may do). `*writer` is copied; `writer->user_data` must stay valid
// until goap_world_record_stop returns. A write that returns non-zero fails the
// recording: nothing more is written, and goap_world_record_stop reports it.
//
// Errors: GOAP_STATUS_NULL_POINTER (world, writer, writer->write),
// GOAP_STATUS_INVALID_ARGUMENT (options not from goap_record_options_default(); window
// NaN, infinite or negative), GOAP_STATUS_RECORDING_FAILED (the world is recording
// already), GOAP_STATUS_BUSY (called from a callback of this world). Nothing starts, and
// `write` is not called, on error.
// Thread safety: any thread; the checkpoint locks each agent briefly, one at a time.
//
// # Safety
// `world` must be a live world; `writer` readable, its `write` callable as declared with
// its `user_data` from any thread that calls goap on the world, until the recording
// stops; `options` NULL or readable.
GoapStatus goap_world_record_start_callback(struct GoapWorld *world,
                                            const struct GoapRecordWriter *writer,
                                            const struct GoapRecordOptions *options);

// Stops the world's recording: writes what ring mode kept and the end record, flushes
// (and closes a file). On success `*out` (may be NULL) receives what was written. The
// write callback is not called after this returns; its user_data may then be freed.
//
// Errors: GOAP_STATUS_NULL_POINTER (world), GOAP_STATUS_INVALID_ARGUMENT (out->size too
// small), GOAP_STATUS_RECORDING_FAILED (the world is not recording; or the writer failed,
// now or earlier: a file write failed, or the write callback returned non-zero; the
// message says which and the recording is incomplete, but it has stopped all the same),
// GOAP_STATUS_BUSY (called from a callback of this world; the recording goes on).
// `*out` is written only on success.
// Thread safety: any thread; it may wait for a checkpoint another thread is writing.
//
// # Safety
// `world` must be a live world; `out` NULL or valid for a write of its `size`.
GoapStatus goap_world_record_stop(struct GoapWorld *world, struct GoapRecordStats *out);

// On success `*out` receives 1 while the world records (between a successful
// goap_world_record_start or goap_world_record_start_callback and goap_world_record_stop),
// else 0.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_BUSY (called from the world's write
// callback). Thread safety: a read; any thread (another thread may start or stop the
// recording meanwhile).
//
// # Safety
// `world` must be a live world; `out` valid for a write.
GoapStatus goap_world_is_recording(const struct GoapWorld *world, int32_t *out);

// Replays a recording (from goap_world_record_start / goap_world_record_start_callback)
// in a new world of its own and checks every decision against the recording. On success
// (every decision matched) `*out` (may be NULL) receives what it went through.
//
// `bytes` is read during the call only (it may be NULL when `len` is 0, which is not a
// recording). The replay runs on this thread and calls no callback (the recorded context
// callbacks' answers are in the recording).
//
// Errors: GOAP_STATUS_NULL_POINTER (bytes NULL with len > 0), GOAP_STATUS_INVALID_ARGUMENT
// (not a recording, a version this library cannot read, truncated or corrupted: the
// message says what is wrong and where; also out->size too small),
// GOAP_STATUS_REPLAY_DIVERGED (the replay made a different decision: the message gives
// the record, the agent, its step and clock, what differed, and the expected and actual
// decisions), GOAP_STATUS_TOO_MANY (len does not fit in this platform's address space).
// `*out` is written only on success.
// Thread safety: any thread, any time (also from a write callback).
//
// # Safety
// `bytes` must be valid for `len` bytes of reads; `out` NULL or valid for a write of its
// `size`.
GoapStatus goap_replay(const uint8_t *bytes, uint64_t len, struct GoapReplaySummary *out);

// Checks a domain file (JSON, `len` bytes, not NUL-terminated; the format of
// goap_domain_load_json) without loading it anywhere: its error, or its lint warnings,
// each with a line and a column, for an editor or an asset importer. A file with an
// error gives exactly one diagnostic, GOAP_SEVERITY_ERROR, with the message
// goap_domain_load_json would give (without the "<input>:line:column: " prefix); text that
// is not UTF-8 is such an error too, at the first invalid byte. A file that loads gives one
// GOAP_SEVERITY_WARNING diagnostic per finding of `goap validate` (conditions nothing can
// meet, variables and objects nothing uses, templates that ground to nothing usable), in
// file order, each at the first thing in the text that needs what it is about: the
// `"name"` of an action's entry (a ground action's: its template's), the `"goal"` key, the
// `"name"` of a `goals` entry, the variable's key in `vars`, the object in `objects`. A
// clean file gives none. The status is GOAP_STATUS_OK in all these cases: a bad file is
// a diagnostic, not a failure.
//
// Two caller buffers receive the diagnostics: `out_diagnostics` (`diagnostic_capacity`
// structs, of the size the caller sets in `out_diagnostics[0].size`: see STRUCTS THAT
// GROW) and `out_messages` (`message_capacity` bytes: each diagnostic's message, UTF-8,
// followed by a NUL, at its message_start). `*out_result` receives the counts, on success
// and on GOAP_STATUS_BUFFER_TOO_SMALL alike (then they are the capacities needed, and
// nothing is written to the buffers). A buffer may be NULL when its capacity is 0. Call it
// with both capacities 0 first: a clean file returns GOAP_STATUS_OK with
// diagnostic_count 0, so it is checked once; otherwise size the buffers from
// `*out_result` and call again (the file is checked again: same text, same result).
//
// Errors: GOAP_STATUS_NULL_POINTER (out_result; text NULL with len > 0; a buffer NULL
// with a capacity), GOAP_STATUS_INVALID_ARGUMENT (out_result->size or
// `out_diagnostics[0].size` too small, a misaligned buffer), GOAP_STATUS_TOO_MANY (the
// messages exceed UINT32_MAX bytes), GOAP_STATUS_BUFFER_TOO_SMALL.
// Thread safety: any thread, any time; needs no world and keeps no state (it only
// allocates, through the allocator of goap_set_allocator).
//
// # Safety
// `text` valid for `len` bytes; each buffer valid for its capacity; `out_result` valid for
// a write.
GoapStatus goap_validate_json(const char *text,
                              uint32_t len,
                              struct GoapDiagnostic *out_diagnostics,
                              uint32_t diagnostic_capacity,
                              char *out_messages,
                              uint32_t message_capacity,
                              struct GoapValidation *out_result);

// Test hook for bindings: panics inside the guard, so it always returns GOAP_STATUS_PANIC
// and sets the last error to a message containing "goap_debug_force_panic". The panic is
// caught, and its message goes to the log (goap_set_log_callback; by default one line on
// stderr); nothing else happens.
//
// Thread safety: any thread, any time.
GoapStatus goap_debug_force_panic(void);

// Test hook for bindings: panics inside a call on `world`, which poisons it. This call
// returns GOAP_STATUS_PANIC (its last error contains "goap_debug_poison_world"); every
// later call on the world but goap_world_destroy returns GOAP_STATUS_POISONED. Destroying
// the world still frees everything.
//
// Errors: GOAP_STATUS_NULL_POINTER, GOAP_STATUS_POISONED (already poisoned).
// Thread safety: a write (see THREADING).
//
// # Safety
// `world` must be a live world from goap_world_create.
GoapStatus goap_debug_poison_world(struct GoapWorld *world);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* GOAP_H */

/* Null ids and equality helpers (see OBJECTS AND IDS at the top). Guarded on their own:
   cbindgen writes this part after the include guard's #endif. To initialise a static or
   global id in C, write = {0} (a const object is not a constant expression in C). */
#ifndef GOAP_H_IDS
#define GOAP_H_IDS
static const GoapDomainId GOAP_NULL_DOMAIN_ID = {0};
static const GoapFactId GOAP_NULL_FACT_ID = {0};
static const GoapVarId GOAP_NULL_VAR_ID = {0};
static const GoapActionId GOAP_NULL_ACTION_ID = {0};
static const GoapAgentId GOAP_NULL_AGENT_ID = {0};
static const GoapGoalId GOAP_NULL_GOAL_ID = {0};

/* 1 when a and b are the same id, else 0. */
static inline int goap_domain_id_equals(GoapDomainId a, GoapDomainId b) { return a.bits == b.bits; }
static inline int goap_fact_id_equals(GoapFactId a, GoapFactId b) { return a.bits == b.bits; }
static inline int goap_var_id_equals(GoapVarId a, GoapVarId b) { return a.bits == b.bits; }
static inline int goap_action_id_equals(GoapActionId a, GoapActionId b) { return a.bits == b.bits; }
static inline int goap_agent_id_equals(GoapAgentId a, GoapAgentId b) { return a.bits == b.bits; }
static inline int goap_goal_id_equals(GoapGoalId a, GoapGoalId b) { return a.bits == b.bits; }

/* 1 when id is the null id of its kind, else 0. */
static inline int goap_domain_id_is_null(GoapDomainId id) { return id.bits == 0; }
static inline int goap_fact_id_is_null(GoapFactId id) { return id.bits == 0; }
static inline int goap_var_id_is_null(GoapVarId id) { return id.bits == 0; }
static inline int goap_action_id_is_null(GoapActionId id) { return id.bits == 0; }
static inline int goap_agent_id_is_null(GoapAgentId id) { return id.bits == 0; }
static inline int goap_goal_id_is_null(GoapGoalId id) { return id.bits == 0; }
#endif  /* GOAP_H_IDS */
