/*
 * goap.h: Goal-Oriented Action Planning, optimal A* planner (C ABI of the goap crate).
 *
 * Link the static library (libgoap.a / goap.lib; on Linux also -lpthread -ldl -lm) or the
 * shared one (libgoap.so / goap.dll / libgoap.dylib). Compiles as C99 and as C++.
 *
 * OBJECTS AND IDS
 *   GoapWorld* is the root object: goap_world_create / goap_world_destroy (accepts NULL).
 *   Everything inside a world is named by a 64-bit id passed by value: GoapDomainId,
 *   GoapFactId, GoapVarId, GoapActionId. Ids are opaque: store them, pass them back and
 *   compare them for equality, but do not compute with them or rely on their values (the
 *   encoding may change between versions). Zero is never a valid id. An id of a destroyed
 *   domain (stale) or of another domain or world (foreign) is always detected and returns
 *   an error status; it never reaches memory it does not own. The kinds never coincide
 *   either: a fact id, a variable id and an action id are mutually distinguishable, so an
 *   id of another kind passed where a fact id is expected is GOAP_STATUS_UNKNOWN_FACT,
 *   where a variable id is expected GOAP_STATUS_UNKNOWN_VAR, where an action id is expected
 *   GOAP_STATUS_UNKNOWN_ACTION, and a fact, variable or action id passed as a domain id is
 *   GOAP_STATUS_UNKNOWN_DOMAIN; the last error says it is an id of the wrong kind.
 *   Domain ids come from one counter for the whole process, shared by all worlds, and are
 *   never reused: after 2^32 - 2 domains have been created in one process (destroyed ones
 *   included), creating or loading another fails with GOAP_STATUS_TOO_MANY. A domain has
 *   at most 2^30 - 1 facts, 2^30 - 1 variables and 2^30 - 1 actions.
 *   Definition structs (GoapWorldDef, GoapDomainDef, GoapVarDef, GoapActionDef,
 *   GoapPlanOptions, GoapProblem) must come from their goap_..._default() function, which
 *   sets a hidden cookie; a struct that did not is GOAP_STATUS_INVALID_ARGUMENT.
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
 *   then the needed size is written (to *out_len, or to out_result->action_count together
 *   with the rest of *out_result) and nothing else. Every failing call stores a message in a
 *   thread-local "last error" that names the function and what was wrong (which argument,
 *   which fact, line:column of a domain file); read it with goap_last_error_length and
 *   goap_last_error_message (which itself never changes it, so a retry with a bigger buffer
 *   reads the same text). Successful calls leave the last error as it was, so check the
 *   status first. A Rust panic inside the library never unwinds into your code: it returns
 *   GOAP_STATUS_PANIC with the panic message as the last error.
 *
 * STRINGS AND BUFFERS
 *   Strings passed in are UTF-8 as pointer + uint32_t byte length, not NUL-terminated (a
 *   NULL pointer with length 0 is the empty string); invalid UTF-8 is GOAP_STATUS_INVALID_UTF8
 *   naming the argument. Arrays passed in are pointer + uint32_t count (NULL allowed when the
 *   count is 0). Input memory is read during the call only; the library keeps copies.
 *   Strings passed out are copied into a caller buffer (buf, capacity) followed by a NUL
 *   terminator; *out_len receives the length without the terminator, on success and on
 *   GOAP_STATUS_BUFFER_TOO_SMALL alike, so a buffer needs *out_len + 1 bytes. Arrays passed
 *   out (plans) go into a caller buffer (out_actions, capacity). The library never returns
 *   memory you must free except the world itself.
 *
 * MEMORY
 *   A world keeps up to GoapWorldDef.max_idle_planners idle planners for reuse by later
 *   plan calls. Each keeps its search buffers at the size the largest search it ran grew
 *   them to; they are not shrunk while the world lives, and goap_world_destroy frees them.
 *
 * PLANS AND COSTS
 *   A plan found is a minimum-cost plan; its cost is the sum of its actions' costs in plan
 *   order, as doubles. Plans whose costs differ by less than floating-point rounding (about
 *   1e-15 relative) may be taken for equal, so another plan may be cheaper by that much.
 *
 * THREADING
 *   Every function is thread-safe, and no call holds a lock of the world for long. No call
 *   ever waits for a running plan, and a plan waits for other calls only for microseconds,
 *   while it looks its domain up and takes a snapshot of it.
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

/* Generated by cbindgen from src/ffi/ (build.rs). Do not edit: run `GOAP_BLESS=1 cargo build`. */

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
    // unknown heuristic, comparison, variable operation or overflow rule, a variable range
    // with min > max or a default outside it, a misaligned array.
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
    // A Rust panic was caught inside the library (a bug in goap, or the test hook
    // goap_debug_force_panic). Memory is safe and the world may be used further, but the
    // failed call may have been partly applied.
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
    // The agent has no goal with this index.
    GOAP_STATUS_UNKNOWN_GOAL = 19,
    // goap_agent_report was called while the agent has no action in progress (call
    // goap_agent_step first).
    GOAP_STATUS_NO_ACTION = 20,
    // A context callback returned a non-zero status or an invalid value; the search it was
    // preparing did not run and the agent still needs a plan.
    GOAP_STATUS_CALLBACK_FAILED = 21,
    // A context callback called back into goap on the agent it is being asked about.
    GOAP_STATUS_BUSY = 22,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapStatus GoapStatus;
#else
typedef int32_t GoapStatus;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

// Values of GoapPlanOptions.heuristic. Every heuristic is admissible, so every choice
// returns a minimum-cost plan; they differ in speed only.
enum GoapHeuristic
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : int32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
    // Root landmarks, with lazy LM-cut once a search grows large (the default).
    GOAP_HEURISTIC_AUTO = 0,
    // LM-cut for every node.
    GOAP_HEURISTIC_LMCUT = 1,
    // Root landmarks only (cheapest per node).
    GOAP_HEURISTIC_LANDMARKS = 2,
    // h_max (weaker; for comparison).
    GOAP_HEURISTIC_HMAX = 3,
    // No heuristic: uniform-cost search (for comparison).
    GOAP_HEURISTIC_BLIND = 4,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum GoapHeuristic GoapHeuristic;
#else
typedef int32_t GoapHeuristic;
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

// The root object: owns domains (and their facts, actions, start states and goals) and
// pooled planning memory. Created by goap_world_create, freed by goap_world_destroy.
// Opaque; every function on it is thread-safe (see THREADING at the top), and no call
// holds its locks for long.
typedef struct GoapWorld GoapWorld;

// Settings for goap_world_create. Obtain from goap_world_def_default(), then change fields.
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

// Id of a domain within a world. Opaque, like every id. Zero is never valid. Domain ids
// come from one counter for the whole process (all worlds), so the id of a destroyed
// domain is never handed out again and a stale or foreign id is always an error
// (GOAP_STATUS_UNKNOWN_DOMAIN); after 2^32 - 2 domains have been created in one process,
// creating another fails with GOAP_STATUS_TOO_MANY.
typedef uint64_t GoapDomainId;

// Id of a fact of one domain. Opaque: compare ids for equality, never compute with them.
// Zero is never valid; an id used with another domain, and an action id passed as a fact
// id, is always an error (GOAP_STATUS_UNKNOWN_FACT). Ids stay valid while their domain
// lives.
typedef uint64_t GoapFactId;

// One condition or assignment: `fact` is (or must be, or becomes) `value`.
typedef struct GoapFactValue {
    // A fact of the domain the list is used with (a variable id here is
    // GOAP_STATUS_UNKNOWN_FACT).
    GoapFactId fact;
    // 1 for true, 0 for false; any other value is GOAP_STATUS_INVALID_ARGUMENT.
    int32_t value;
} GoapFactValue;

// Id of an integer variable of one domain. Opaque: compare ids for equality, never
// compute with them. Zero is never valid; an id used with another domain, and a fact or
// action id passed as a variable id, is always an error (GOAP_STATUS_UNKNOWN_VAR); a
// variable id passed as a fact id is GOAP_STATUS_UNKNOWN_FACT. No variable id equals any
// fact or action id. Ids stay valid while their domain lives.
typedef uint64_t GoapVarId;

// A start value: `var` is `value` (which must lie in the variable's [min, max], else
// GOAP_STATUS_OUT_OF_RANGE).
typedef struct GoapVarValue {
    // A variable of the domain the list is used with.
    GoapVarId var;
    // Its value.
    int32_t value;
} GoapVarValue;

// A condition on a variable: `var op value`, for action preconditions and goals.
typedef struct GoapVarCondition {
    // A variable of the domain the list is used with.
    GoapVarId var;
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
    GoapVarId var;
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

// Id of an action of one domain. Opaque: compare ids for equality, never compute with
// them. Zero is never valid; an id used with another domain, and a fact id passed as an
// action id, is always an error (GOAP_STATUS_UNKNOWN_ACTION). No action id equals any fact
// or variable id. Ids stay valid while their domain lives.
typedef uint64_t GoapActionId;

// Options of one plan call. Obtain from goap_plan_options_default(), then change fields;
// or pass NULL for the defaults.
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
    // A GoapHeuristic value. Default GOAP_HEURISTIC_AUTO.
    int32_t heuristic;
} GoapPlanOptions;

// What a plan call did. All fields are written whenever the status is GOAP_STATUS_OK or
// GOAP_STATUS_BUFFER_TOO_SMALL.
typedef struct GoapPlanResult {
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
    // Wall-clock time of the search in microseconds.
    uint64_t micros;
    // Heuristic estimate of the start state (a lower bound on the cost; 0 when unknown).
    double initial_h;
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
// initialised with goap_world_def_default()). `*out` is written only on success.
// Thread safety: any thread, any time.
//
// # Safety
// `def` must point to a readable GoapWorldDef; `out` must be valid for a write.
GoapStatus goap_world_create(const struct GoapWorldDef *def, struct GoapWorld **out);

// Destroys a world and everything in it: its domains, facts and actions (all their ids
// become invalid) and its idle planners' search memory. NULL is accepted and ignored.
//
// Thread safety: must not run concurrently with any other call on this world; the pointer
// must not be used afterwards.
//
// # Safety
// `world` must be NULL or a pointer from goap_world_create that was not destroyed yet.
void goap_world_destroy(struct GoapWorld *world);

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
                              GoapDomainId *out);

// Creates a domain from a domain file (JSON, UTF-8, `len` bytes, not NUL-terminated; see
// the project's DESIGN.md section 5), with the file's start state and goal (if it has
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
// actions or variables, or no domain id left in the process, as goap_domain_create).
// `*out` is written only on success; on error no domain is created.
// Thread safety: parses without any lock, then takes the world's lock only to insert the
// domain; never waits for plans.
//
// # Safety
// `world` must be a live world; `text` valid for `len` bytes; `out` valid for a write.
GoapStatus goap_domain_load_json(struct GoapWorld *world,
                                 const char *text,
                                 uint32_t len,
                                 GoapDomainId *out);

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
GoapStatus goap_domain_destroy(struct GoapWorld *world, GoapDomainId domain);

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
                                 GoapDomainId domain,
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
                                GoapDomainId domain,
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
                                      GoapDomainId domain,
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
                                     GoapDomainId domain,
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
                                GoapDomainId domain,
                                const char *name,
                                uint32_t name_len,
                                GoapFactId *out);

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
                                 GoapDomainId domain,
                                 const char *name,
                                 uint32_t name_len,
                                 GoapFactId *out);

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
                                 GoapDomainId domain,
                                 GoapFactId fact,
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
                                  GoapDomainId domain,
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
                               GoapDomainId domain,
                               const struct GoapVarDef *def,
                               GoapVarId *out);

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
                                GoapDomainId domain,
                                const char *name,
                                uint32_t name_len,
                                GoapVarId *out);

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
                                GoapDomainId domain,
                                GoapVarId var,
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
                                 GoapDomainId domain,
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
// value, 0 included), GOAP_STATUS_INVALID_UTF8 (def->name), GOAP_STATUS_UNKNOWN_DOMAIN,
// GOAP_STATUS_UNKNOWN_FACT (a fact of another domain, not of this one, or an action or
// variable id), GOAP_STATUS_UNKNOWN_VAR (in var_pre or var_effects: a variable of another
// domain, not of this one, or a fact or action id), GOAP_STATUS_DUPLICATE_NAME,
// GOAP_STATUS_INVALID_COST (NaN, infinite, negative or above GOAP_MAX_ACTION_COST, 1e12),
// GOAP_STATUS_OUT_OF_RANGE (a condition or set value outside its variable's [min, max], a
// += or -= step outside 1 ..= max - min), GOAP_STATUS_CONTRADICTION (pre or effects list
// one fact as both 1 and 0, var_pre's conditions on one variable can never hold together
// within its range, or var_effects has two effects on one variable),
// GOAP_STATUS_TOO_MANY (the domain has 2^30 - 1 actions already). `*out` is written only on success; on error the domain is unchanged.
// Thread safety: an edit (see THREADING): never waits for plans; edits of one domain run
// one at a time.
//
// # Safety
// `world` must be a live world; `def` readable, with its pointers valid for their counts;
// `out` valid for a write.
GoapStatus goap_domain_add_action(struct GoapWorld *world,
                                  GoapDomainId domain,
                                  const struct GoapActionDef *def,
                                  GoapActionId *out);

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
                                   GoapDomainId domain,
                                   const char *name,
                                   uint32_t name_len,
                                   GoapActionId *out);

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
                                   GoapDomainId domain,
                                   GoapActionId action,
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
                                    GoapDomainId domain,
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
// goap_plan_options_default(), unknown heuristic), GOAP_STATUS_NO_GOAL (no goal stored),
// GOAP_STATUS_BUFFER_TOO_SMALL (see above). Nothing is written on other errors.
// Thread safety: a read (see THREADING): plans on a snapshot of the domain as it was when
// the call started, holding no lock while it searches; runs in parallel with other plans
// and with edits, and never makes them wait.
//
// # Safety
// `world` must be a live world; `options` NULL or readable; `out_actions` valid for
// `capacity` writes; `out_result` valid for a write.
GoapStatus goap_domain_plan(const struct GoapWorld *world,
                            GoapDomainId domain,
                            const struct GoapPlanOptions *options,
                            GoapActionId *out_actions,
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
// both 1 and 0), GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other errors.
// Thread safety: as goap_domain_plan (the explicit start and goal are checked against the
// same snapshot).
//
// # Safety
// `world` must be a live world; `start`/`goal` valid for their counts; `options` NULL or
// readable; `out_actions` valid for `capacity` writes; `out_result` valid for a write.
GoapStatus goap_domain_plan_from(const struct GoapWorld *world,
                                 GoapDomainId domain,
                                 const struct GoapFactValue *start,
                                 uint32_t start_count,
                                 const struct GoapFactValue *goal,
                                 uint32_t goal_count,
                                 const struct GoapPlanOptions *options,
                                 GoapActionId *out_actions,
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
// can never hold together), GOAP_STATUS_BUFFER_TOO_SMALL. Nothing is written on other
// errors.
// Thread safety: as goap_domain_plan (the problem is checked against the same snapshot).
//
// # Safety
// `world` must be a live world; `problem` readable, with its arrays valid for their
// counts; `options` NULL or readable; `out_actions` valid for `capacity` writes;
// `out_result` valid for a write.
GoapStatus goap_domain_plan_problem(const struct GoapWorld *world,
                                    GoapDomainId domain,
                                    const struct GoapProblem *problem,
                                    const struct GoapPlanOptions *options,
                                    GoapActionId *out_actions,
                                    uint32_t capacity,
                                    struct GoapPlanResult *out_result);

// Test hook for bindings: panics inside the guard, so it always returns GOAP_STATUS_PANIC
// and sets the last error to a message containing "goap_debug_force_panic". The panic is
// caught; nothing else happens (the default Rust panic hook prints a line to stderr).
//
// Thread safety: any thread, any time.
GoapStatus goap_debug_force_panic(void);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* GOAP_H */
