/*
 * goap.hpp: the C++17 wrapper of goap.h (Goal-Oriented Action Planning, optimal A*).
 *
 * Header-only. Put both `include/` (goap.h) and `bindings/cpp/` (this file) on the include
 * path and link the goap library as goap.h says (static: libgoap.a / goap.lib, plus
 * -lpthread -ldl -lm on Linux). Everything is in namespace `goap`; the C functions stay
 * available for what the wrapper does not cover.
 *
 * OBJECTS
 *   goap::World is the one owner: move-only, it destroys its native world (and with it every
 *   domain and agent) when it goes out of scope. goap::Domain and goap::Agent are small
 *   copyable values (world pointer + id) naming an object inside a world; they stay valid
 *   while their World lives (moving the World keeps them valid) and until the object is
 *   destroyed, after which calls on them fail with Status::UnknownDomain / UnknownAgent.
 *   Ids (FactId, VarId, ActionId, DomainId, AgentId, GoalId) are value types wrapping
 *   goap.h's id structs (GoapFactId...): one type per kind, so an id of one kind does not
 *   compile where another is expected. Compare them with == (and hash them: std::hash);
 *   a default-constructed id is the null id (is_null(), false as a bool), which names
 *   nothing and is what a Step or ReplanEvent holds where there is no action or goal. An id
 *   converts implicitly to its goap.h struct for the C functions; the way back is explicit
 *   (FactId{c_id}). Goal ids are generational and belong to one agent: Agent::remove_goal
 *   makes an id stale (Status::UnknownGoal) and Agent::goal_at lists the live ones.
 *
 * ERRORS
 *   By default a failing call throws goap::Error (a std::exception) carrying the Status and
 *   the library's message ("goap_domain_add_action: action \"x\": cost NaN is invalid...").
 *   Define GOAP_NO_EXCEPTIONS before including this file (Unreal builds with -fno-exceptions
 *   -fno-rtti) and every fallible call returns a [[nodiscard]] goap::Result<T> instead
 *   (Result<void> for calls without a value): check ok(), then read value(); error() holds
 *   the same goap::Error. goap::Returns<T> names the return type of both modes: T with
 *   exceptions, Result<T> without. value() on a failed Result is a bug in the caller: it
 *   calls GOAP_RESULT_UNCHECKED(message), by default printing the message and aborting;
 *   define that macro before including this file to change it (in Unreal to
 *   LowLevelFatalError, which, unlike checkf, stays in Shipping builds). The header names
 *   nothing check, verify or ensure (Unreal's macros).
 *   Compiling without exceptions and without GOAP_NO_EXCEPTIONS is an #error.
 *
 * STRINGS AND BUFFERS
 *   Strings go in as std::string_view (UTF-8, need not be NUL-terminated) and lists as
 *   goap::Span (a pointer and a size: from a braced list, a std::vector, a std::array, a C
 *   array, or data() and size() of any contiguous container, an Unreal TArray included).
 *   The library copies what it keeps, so inputs need only live for the call. Results that
 *   vary in size come out through a caller-owned std::vector or std::string that the call
 *   resizes: reuse one across frames and, once it has grown, no call allocates. On error
 *   such an output is left empty. Definitions (ActionDef, GoalDef, VarDef, Problem) own
 *   their strings and vectors.
 *
 * CALLBACKS
 *   Agent::set_context installs context callbacks from any callables (lambdas): "is this
 *   action available now" and "what does it cost now". The World owns them (they are freed
 *   when replaced, by Agent::destroy and with the World) and calls them through static
 *   trampolines whose user_data is the owned object. An exception a callback throws is
 *   caught in the trampoline: the search fails with Status::CallbackFailed, and
 *   Agent::step throws an Error whose context_exception() holds it. A callback runs on the
 *   thread that steps or batch-plans the agent; see THREADING in goap.h for what it may
 *   call.
 *   World::start_recording with a RecordWriteFn (the flight recorder into memory, a
 *   socket...) is owned by the World the same way, until stop_recording (or the World's
 *   end); a write that returns false or throws fails the recording, and stop_recording
 *   reports it (Status::RecordingFailed). It must not call its World (Status::Busy).
 *
 * THREADING
 *   As goap.h: every call is thread-safe except that a World must not be destroyed (or
 *   move-assigned over) while another thread uses it or from one of its callbacks (the
 *   wrapper detects the latter, within one module, and leaks the world rather than crash). The thread-local
 *   last error of goap.h is read into the Error on the thread that failed.
 *
 * VERSION
 *   World::create checks that the linked library has this header's major version (and,
 *   while the major version is 0, its minor version): a mismatch fails with
 *   Status::VersionMismatch, a status of this wrapper only.
 */

#ifndef GOAP_HPP
#define GOAP_HPP

#include "goap.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#if !defined(GOAP_NO_EXCEPTIONS) && \
    !(defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND))
#error "goap.hpp: exceptions are disabled; define GOAP_NO_EXCEPTIONS to get goap::Result returns"
#endif

#ifndef GOAP_NO_EXCEPTIONS
#include <exception>
#endif

#ifndef GOAP_RESULT_UNCHECKED
#define GOAP_RESULT_UNCHECKED(message)                                         \
  (std::fprintf(stderr, "goap: value() of a failed Result: %s\n", (message)), \
   std::fflush(stderr), std::abort())
#endif

namespace goap {

// ---------------------------------------------------------------------------------------
// Enums: the values of goap.h, as scoped enums.

/// The status of a call (goap.h's GoapStatus), plus VersionMismatch from this wrapper.
enum class Status : int32_t {
  Ok = GOAP_STATUS_OK,
  NullPointer = GOAP_STATUS_NULL_POINTER,
  InvalidUtf8 = GOAP_STATUS_INVALID_UTF8,
  InvalidArgument = GOAP_STATUS_INVALID_ARGUMENT,
  InvalidCost = GOAP_STATUS_INVALID_COST,
  UnknownDomain = GOAP_STATUS_UNKNOWN_DOMAIN,
  UnknownFact = GOAP_STATUS_UNKNOWN_FACT,
  UnknownAction = GOAP_STATUS_UNKNOWN_ACTION,
  DuplicateName = GOAP_STATUS_DUPLICATE_NAME,
  Contradiction = GOAP_STATUS_CONTRADICTION,
  BufferTooSmall = GOAP_STATUS_BUFFER_TOO_SMALL,
  ParseError = GOAP_STATUS_PARSE_ERROR,
  NotFound = GOAP_STATUS_NOT_FOUND,
  Panic = GOAP_STATUS_PANIC,
  NoGoal = GOAP_STATUS_NO_GOAL,
  TooMany = GOAP_STATUS_TOO_MANY,
  UnknownVar = GOAP_STATUS_UNKNOWN_VAR,
  OutOfRange = GOAP_STATUS_OUT_OF_RANGE,
  UnknownAgent = GOAP_STATUS_UNKNOWN_AGENT,
  UnknownGoal = GOAP_STATUS_UNKNOWN_GOAL,
  NoAction = GOAP_STATUS_NO_ACTION,
  CallbackFailed = GOAP_STATUS_CALLBACK_FAILED,
  Busy = GOAP_STATUS_BUSY,
  OutOfMemory = GOAP_STATUS_OUT_OF_MEMORY,
  Poisoned = GOAP_STATUS_POISONED,
  TooLate = GOAP_STATUS_TOO_LATE,
  RecordingFailed = GOAP_STATUS_RECORDING_FAILED,
  ReplayDiverged = GOAP_STATUS_REPLAY_DIVERGED,
  /// The linked library's version is not this header's (from World::create; never
  /// returned by the library itself).
  VersionMismatch = -1,
};

/// goap.h's GoapLogLevel: the severity of a log message.
enum class LogLevel : int32_t {
  Error = GOAP_LOG_LEVEL_ERROR,
  Warning = GOAP_LOG_LEVEL_WARNING,
  Info = GOAP_LOG_LEVEL_INFO,
};

/// goap.h's GoapHeuristic. Every heuristic is admissible: each returns a minimum-cost plan.
enum class Heuristic : int32_t {
  Auto = GOAP_HEURISTIC_AUTO,
  LmCut = GOAP_HEURISTIC_LMCUT,
  Landmarks = GOAP_HEURISTIC_LANDMARKS,
  HMax = GOAP_HEURISTIC_HMAX,
  Blind = GOAP_HEURISTIC_BLIND,
};

/// goap.h's GoapDirection: which way a search runs. Both return minimum-cost plans.
enum class Direction : int32_t {
  Auto = GOAP_DIRECTION_AUTO,
  Forward = GOAP_DIRECTION_FORWARD,
  /// Regression from the goal; domains whose actions or goal use variables run forward.
  Backward = GOAP_DIRECTION_BACKWARD,
};

/// goap.h's GoapOutcome: how a plan call ended.
enum class Outcome : int32_t {
  Found = GOAP_OUTCOME_FOUND,
  NoPlan = GOAP_OUTCOME_NO_PLAN,
  Limit = GOAP_OUTCOME_LIMIT,
};

/// goap.h's GoapCompare: `variable op value`.
enum class Compare : int32_t {
  Eq = GOAP_COMPARE_EQ,
  Ne = GOAP_COMPARE_NE,
  Lt = GOAP_COMPARE_LT,
  Le = GOAP_COMPARE_LE,
  Gt = GOAP_COMPARE_GT,
  Ge = GOAP_COMPARE_GE,
};

/// goap.h's GoapVarOp: what a variable effect does.
enum class VarOp : int32_t {
  Set = GOAP_VAR_OP_SET,
  Add = GOAP_VAR_OP_ADD,
  Sub = GOAP_VAR_OP_SUB,
};

/// goap.h's GoapOverflow: an effect whose result would leave the variable's range.
enum class Overflow : int32_t {
  Reject = GOAP_OVERFLOW_REJECT,
  Saturate = GOAP_OVERFLOW_SATURATE,
};

/// goap.h's GoapStepKind: what the engine should do after a step.
enum class StepKind : int32_t {
  Start = GOAP_STEP_KIND_START,
  Continue = GOAP_STEP_KIND_CONTINUE,
  Idle = GOAP_STEP_KIND_IDLE,
  NoPlan = GOAP_STEP_KIND_NO_PLAN,
  Waiting = GOAP_STEP_KIND_WAITING,
  Planning = GOAP_STEP_KIND_PLANNING,
};

/// goap.h's GoapReport: the outcome of the action in progress.
enum class Report : int32_t {
  Running = GOAP_REPORT_RUNNING,
  Succeeded = GOAP_REPORT_SUCCEEDED,
  Failed = GOAP_REPORT_FAILED,
};

/// goap.h's GoapReplanCause: why an agent replanned (0, no enumerator, before the first).
enum class ReplanCause : int32_t {
  NoPlan = GOAP_REPLAN_CAUSE_NO_PLAN,
  ActionFailed = GOAP_REPLAN_CAUSE_ACTION_FAILED,
  GoalChanged = GOAP_REPLAN_CAUSE_GOAL_CHANGED,
  PlanInvalidated = GOAP_REPLAN_CAUSE_PLAN_INVALIDATED,
  StepsSkipped = GOAP_REPLAN_CAUSE_STEPS_SKIPPED,
};

/// goap.h's GoapReplanResult: how a replan ended.
enum class ReplanResult : int32_t {
  Found = GOAP_REPLAN_RESULT_FOUND,
  NoPlan = GOAP_REPLAN_RESULT_NO_PLAN,
  Limit = GOAP_REPLAN_RESULT_LIMIT,
  Skipped = GOAP_REPLAN_RESULT_SKIPPED,
  Kept = GOAP_REPLAN_RESULT_KEPT,
};

/// goap.h's GoapExplainFormat.
enum class ExplainFormat : int32_t {
  Text = GOAP_EXPLAIN_FORMAT_TEXT,
  Json = GOAP_EXPLAIN_FORMAT_JSON,
};

/// The name of a status, such as "GOAP_STATUS_UNKNOWN_FACT". Static; never NULL.
inline const char* status_name(Status status) noexcept {
  if (status == Status::VersionMismatch) return "GOAP_STATUS_VERSION_MISMATCH";
  return goap_status_name(static_cast<int32_t>(status));
}

/// The linked library's version: (major << 16) | (minor << 8) | patch.
inline uint32_t version() noexcept { return goap_version(); }

/// The linked library's version as text, such as "0.1.0". Static; never NULL.
inline const char* version_string() noexcept { return goap_version_string(); }

/// Routes the library's log messages (today: the message of a panic caught inside a call)
/// to `log` for the whole process, with `user_data`; nullptr restores the default (one line
/// on stderr). `log` gets a GoapLogLevel value (see LogLevel) and NUL-terminated UTF-8 text
/// valid during the call; it may run on any thread, several at once, and must not call goap.
inline void set_log_callback(GoapLogFn log, void* user_data = nullptr) noexcept {
  GoapLogCallback callback;
  callback.log = log;
  callback.user_data = user_data;
  (void)goap_set_log_callback(&callback);  // never fails
}

// ---------------------------------------------------------------------------------------
// Ids.

namespace detail {
// goap.h's equality and null tests, one overload per kind (the one definition of both).
inline bool c_equals(GoapDomainId a, GoapDomainId b) noexcept {
  return goap_domain_id_equals(a, b) != 0;
}
inline bool c_equals(GoapFactId a, GoapFactId b) noexcept { return goap_fact_id_equals(a, b) != 0; }
inline bool c_equals(GoapVarId a, GoapVarId b) noexcept { return goap_var_id_equals(a, b) != 0; }
inline bool c_equals(GoapActionId a, GoapActionId b) noexcept {
  return goap_action_id_equals(a, b) != 0;
}
inline bool c_equals(GoapAgentId a, GoapAgentId b) noexcept {
  return goap_agent_id_equals(a, b) != 0;
}
inline bool c_equals(GoapGoalId a, GoapGoalId b) noexcept { return goap_goal_id_equals(a, b) != 0; }
inline bool c_is_null(GoapDomainId id) noexcept { return goap_domain_id_is_null(id) != 0; }
inline bool c_is_null(GoapFactId id) noexcept { return goap_fact_id_is_null(id) != 0; }
inline bool c_is_null(GoapVarId id) noexcept { return goap_var_id_is_null(id) != 0; }
inline bool c_is_null(GoapActionId id) noexcept { return goap_action_id_is_null(id) != 0; }
inline bool c_is_null(GoapAgentId id) noexcept { return goap_agent_id_is_null(id) != 0; }
inline bool c_is_null(GoapGoalId id) noexcept { return goap_goal_id_is_null(id) != 0; }

/// An opaque id of one kind: a thin value wrapper of goap.h's id struct `C` (GoapFactId
/// and the like, one uint64_t `bits`), layout-identical to it. Ids of different kinds do
/// not convert into each other. The default value is the null id (all zero bits, goap.h's
/// GOAP_NULL_..._ID), which never names anything; a non-null id may still be stale.
template <class Tag, class C>
class Id {
 public:
  /// goap.h's struct of this kind.
  using CType = C;

  /// The null id.
  constexpr Id() noexcept = default;
  /// Wraps an id returned by a C function.
  constexpr explicit Id(C raw) noexcept : raw_(raw) {}
  /// The null id (the same as a default-constructed one).
  static constexpr Id null() noexcept { return Id(); }

  /// goap.h's id, to pass to the C functions (also an implicit conversion).
  constexpr C raw() const noexcept { return raw_; }
  constexpr operator C() const noexcept { return raw_; }  // NOLINT: the kind is kept
  /// The encoded bits: opaque, for hashing, logging or storing elsewhere; never compute
  /// with them (the encoding may change between versions).
  constexpr uint64_t bits() const noexcept { return raw_.bits; }
  /// Rebuilds an id from bits() of an id of this kind.
  static constexpr Id from_bits(uint64_t bits) noexcept { return Id(C{bits}); }

  /// True for the null id.
  bool is_null() const noexcept { return c_is_null(raw_); }
  /// True unless null.
  explicit operator bool() const noexcept { return !c_is_null(raw_); }

  friend bool operator==(Id a, Id b) noexcept { return c_equals(a.raw_, b.raw_); }
  friend bool operator!=(Id a, Id b) noexcept { return !c_equals(a.raw_, b.raw_); }

 private:
  C raw_{};
};
struct DomainTag;
struct FactTag;
struct VarTag;
struct ActionTag;
struct AgentTag;
struct GoalTag;
}  // namespace detail

/// A domain of a world.
using DomainId = detail::Id<detail::DomainTag, GoapDomainId>;
/// A fact of one domain.
using FactId = detail::Id<detail::FactTag, GoapFactId>;
/// An integer variable of one domain.
using VarId = detail::Id<detail::VarTag, GoapVarId>;
/// An action of one domain.
using ActionId = detail::Id<detail::ActionTag, GoapActionId>;
/// An agent of a world (generational: a destroyed agent's id is never valid again).
using AgentId = detail::Id<detail::AgentTag, GoapAgentId>;
/// A goal of one agent (generational: a removed goal's id is never valid again). Null
/// where there is no goal (Step::goal, AgentInfo::goal, ReplanEvent::goal).
using GoalId = detail::Id<detail::GoalTag, GoapGoalId>;

// ---------------------------------------------------------------------------------------
// Conditions and values: layout-identical to goap.h's structs (checked below), so lists
// pass to the library without copying.

/// `fact` is (must be, becomes) `value`: goap.h's GoapFactValue.
struct FactValue {
  FactId fact;
  int32_t value = 0;  // 1 true, 0 false
  constexpr FactValue() noexcept = default;
  constexpr FactValue(FactId f, bool v) noexcept : fact(f), value(v ? 1 : 0) {}
};

/// A start value of a variable: goap.h's GoapVarValue.
struct VarValue {
  VarId var;
  int32_t value = 0;
};

/// `var op value`, for preconditions and goals: goap.h's GoapVarCondition.
struct VarCondition {
  VarId var;
  Compare op = Compare::Eq;
  int32_t value = 0;
};

/// `var op value`, for action effects: goap.h's GoapVarEffect.
struct VarEffect {
  VarId var;
  VarOp op = VarOp::Set;
  int32_t value = 0;
};

namespace detail {
template <class A, class B>
constexpr bool same_layout() {
  return sizeof(A) == sizeof(B) && alignof(A) == alignof(B) && std::is_standard_layout<A>::value;
}
static_assert(same_layout<DomainId, GoapDomainId>(), "DomainId must be a GoapDomainId");
static_assert(same_layout<FactId, GoapFactId>(), "FactId must be a GoapFactId");
static_assert(same_layout<VarId, GoapVarId>(), "VarId must be a GoapVarId");
static_assert(same_layout<ActionId, GoapActionId>(), "ActionId must be a GoapActionId");
static_assert(same_layout<AgentId, GoapAgentId>(), "AgentId must be a GoapAgentId");
static_assert(same_layout<GoalId, GoapGoalId>(), "GoalId must be a GoapGoalId");
static_assert(std::is_trivially_copyable<FactId>::value &&
                  std::is_trivially_copyable<ActionId>::value,
              "ids must be trivially copyable (lists pass to the library without copying)");
static_assert(!std::is_convertible<FactId, ActionId>::value &&
                  !std::is_convertible<GoapFactId, FactId>::value,
              "ids of one kind must not convert into another kind, nor implicitly from C");
static_assert(same_layout<FactValue, GoapFactValue>() && offsetof(FactValue, value) ==
                  offsetof(GoapFactValue, value),
              "FactValue must be laid out as GoapFactValue");
static_assert(same_layout<VarValue, GoapVarValue>() &&
                  offsetof(VarValue, value) == offsetof(GoapVarValue, value),
              "VarValue must be laid out as GoapVarValue");
static_assert(same_layout<VarCondition, GoapVarCondition>() &&
                  offsetof(VarCondition, op) == offsetof(GoapVarCondition, op) &&
                  offsetof(VarCondition, value) == offsetof(GoapVarCondition, value),
              "VarCondition must be laid out as GoapVarCondition");
static_assert(same_layout<VarEffect, GoapVarEffect>() &&
                  offsetof(VarEffect, op) == offsetof(GoapVarEffect, op) &&
                  offsetof(VarEffect, value) == offsetof(GoapVarEffect, value),
              "VarEffect must be laid out as GoapVarEffect");
}  // namespace detail

/// A read-only view of a list (pointer + size) for the duration of one call. It does not
/// own what it shows: build it in the call's arguments, not in a variable that outlives a
/// temporary.
template <class T>
class Span {
 public:
  constexpr Span() noexcept = default;
  constexpr Span(const T* data, std::size_t size) noexcept : data_(data), size_(size) {}
  constexpr Span(std::initializer_list<T> list) noexcept
      : data_(std::data(list)), size_(list.size()) {}
  template <std::size_t N>
  constexpr Span(const T (&array)[N]) noexcept : data_(array), size_(N) {}
  template <std::size_t N>
  constexpr Span(const std::array<T, N>& array) noexcept : data_(array.data()), size_(N) {}
  template <class Allocator>
  Span(const std::vector<T, Allocator>& vector) noexcept
      : data_(vector.data()), size_(vector.size()) {}

  constexpr const T* data() const noexcept { return data_; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr const T* begin() const noexcept { return data_; }
  constexpr const T* end() const noexcept { return data_ + size_; }

 private:
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

// ---------------------------------------------------------------------------------------
// Errors.

/// A failed call: its status and the library's message (which names the function and what
/// was wrong). Thrown by default; held by a Result with GOAP_NO_EXCEPTIONS.
class Error : public std::exception {
 public:
  Error() = default;
  Error(Status status, std::string message) : status_(status), message_(std::move(message)) {}

  Status status() const noexcept { return status_; }
  /// The message (UTF-8); never empty for a failure.
  const std::string& message() const noexcept { return message_; }
  const char* what() const noexcept override { return message_.c_str(); }

#ifndef GOAP_NO_EXCEPTIONS
  /// The exception a context callback threw, when that is why the call failed
  /// (Status::CallbackFailed from Agent::step); null otherwise.
  const std::exception_ptr& context_exception() const noexcept { return context_; }
  void set_context_exception(std::exception_ptr context) { context_ = std::move(context); }
#endif

  /// The Error of a status the library just returned on this thread, with its last error.
  static Error last(Status status) {
    uint32_t len = goap_last_error_length();
    std::string text(std::size_t(len) + 1, '\0');
    // The last error is per thread and reading it never changes it: one read suffices.
    if (goap_last_error_message(&text[0], len + 1, &len) != GOAP_STATUS_OK) len = 0;
    text.resize(len);
    if (text.empty()) text = status_name(status);
    return Error(status, std::move(text));
  }

 private:
  Status status_ = Status::Ok;
  std::string message_;
#ifndef GOAP_NO_EXCEPTIONS
  std::exception_ptr context_;
#endif
};

namespace detail {
/// An Error to hold as a failure: one with Status::Ok (a value-less success) is a misuse.
inline Error as_failure(Error error) {
  if (error.status() != Status::Ok) return error;
  return Error(Status::InvalidArgument,
               "goap::Result: made from an Error whose status is Ok (a failure needs a status)");
}
}  // namespace detail

/// A value or the Error of a failed call (the return type of every fallible call with
/// GOAP_NO_EXCEPTIONS). Check ok() before value().
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error) : error_(detail::as_failure(std::move(error))) {}

  // No operator bool: `if (agent.get_fact(f))` would test the fact with exceptions and the
  // call's success without them.
  bool ok() const noexcept { return error_.status() == Status::Ok; }
  Status status() const noexcept { return error_.status(); }
  /// The failure (status Ok and an empty message when the call succeeded).
  const Error& error() const noexcept { return error_; }

  T& value() & {
    require_ok();
    return *value_;
  }
  const T& value() const& {
    require_ok();
    return *value_;
  }
  T&& value() && {
    require_ok();
    return std::move(*value_);
  }
  T value_or(T fallback) const& { return ok() ? *value_ : std::move(fallback); }
  T value_or(T fallback) && { return ok() ? std::move(*value_) : std::move(fallback); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  // Not `check`: Unreal's check() is a function-like macro.
  void require_ok() const {
    if (!ok()) GOAP_RESULT_UNCHECKED(error_.message().c_str());
  }
  std::optional<T> value_;
  Error error_;
};

/// The Result of a call without a value.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(detail::as_failure(std::move(error))) {}

  bool ok() const noexcept { return error_.status() == Status::Ok; }
  Status status() const noexcept { return error_.status(); }
  const Error& error() const noexcept { return error_; }
  /// Asserts success (GOAP_RESULT_UNCHECKED otherwise).
  void value() const {
    if (!ok()) GOAP_RESULT_UNCHECKED(error_.message().c_str());
  }

 private:
  Error error_;
};

#ifdef GOAP_NO_EXCEPTIONS
template <class T>
using Returns = Result<T>;
#else
/// The return type of a fallible call: T (errors throw goap::Error); Result<T> with
/// GOAP_NO_EXCEPTIONS.
template <class T>
using Returns = T;
#endif

namespace detail {
/// Returns `value`, or fails with the library's last error when `status` is not OK.
template <class T>
Returns<T> finish(GoapStatus status, T value) {
  if (status != GOAP_STATUS_OK) {
#ifdef GOAP_NO_EXCEPTIONS
    return Error::last(static_cast<Status>(status));
#else
    throw Error::last(static_cast<Status>(status));
#endif
  }
  return value;
}

inline Returns<void> finish(GoapStatus status) {
  if (status != GOAP_STATUS_OK) {
#ifdef GOAP_NO_EXCEPTIONS
    return Error::last(static_cast<Status>(status));
#else
    throw Error::last(static_cast<Status>(status));
#endif
  }
  return Returns<void>();
}

/// Fails with an error found by the wrapper itself.
template <class T>
Returns<T> fail(Error error) {
#ifdef GOAP_NO_EXCEPTIONS
  return error;
#else
  throw error;
#endif
}

// Parenthesised: windows.h may define a max() macro.
inline constexpr uint32_t kMaxLen = (std::numeric_limits<uint32_t>::max)();

/// `n` as a uint32_t length or count of the C API, or nullopt when it does not fit.
inline std::optional<uint32_t> len32(std::size_t n) noexcept {
  if (n > kMaxLen) return std::nullopt;
  return static_cast<uint32_t>(n);
}

inline Error too_long(const char* function, const char* what) {
  return Error(Status::TooMany,
               std::string(function) + ": " + what + " is longer than UINT32_MAX");
}

/// Fills `out` through a C call writing (buffer, capacity, *count) with the
/// BUFFER_TOO_SMALL protocol; `out` keeps its capacity from call to call.
template <class T, class Call>
GoapStatus fill(std::vector<T>& out, std::size_t initial, Call&& call) {
  if (out.capacity() < initial) out.reserve(initial);
  for (;;) {
    out.resize(out.capacity() < kMaxLen ? out.capacity() : kMaxLen);
    uint32_t count = 0;
    GoapStatus status = call(out.data(), static_cast<uint32_t>(out.size()), &count);
    if (status == GOAP_STATUS_BUFFER_TOO_SMALL && count > out.size()) {
      out.reserve(count);  // another thread may have changed it meanwhile: ask again
      continue;
    }
    if (status != GOAP_STATUS_OK) {
      out.clear();
      return status;
    }
    out.resize(count);
    return status;
  }
}

/// Fills `out` through a C call writing (buf, capacity, *len) plus a NUL terminator.
template <class Call>
GoapStatus fill(std::string& out, Call&& call) {
  for (;;) {
    // The terminator goes inside size(), never at data()[size()].
    out.resize(out.capacity() < kMaxLen ? out.capacity() : kMaxLen);
    uint32_t len = 0;
    GoapStatus status = call(&out[0], static_cast<uint32_t>(out.size()), &len);
    if (status == GOAP_STATUS_BUFFER_TOO_SMALL && std::size_t(len) + 1 > out.size()) {
      out.reserve(std::size_t(len) + 1);
      continue;
    }
    if (status != GOAP_STATUS_OK) {
      out.clear();
      return status;
    }
    out.resize(len);
    return status;
  }
}

template <class T, class C>
const C* c_array(Span<T> span) noexcept {
  return reinterpret_cast<const C*>(span.data());
}
}  // namespace detail

// ---------------------------------------------------------------------------------------
// Memory.

/// Routes every allocation of the goap library, in the whole process, through the host's
/// allocator (goap.h's GoapAllocator: alloc, optional realloc, free, user_data; in the model
/// of Box2D's b2SetAllocator). Call it once, before any other goap call (a World, or even
/// goap::status_name): Status::TooLate when goap has allocated already or an allocator was
/// set. The functions must be thread-safe and stay callable until the process exits.
inline Returns<void> set_allocator(const GoapAllocator& allocator) {
  return detail::finish(goap_set_allocator(&allocator));
}

/// Bytes the goap library currently has allocated (through the host's allocator or the
/// system's); see goap_allocated_bytes for what stays allocated with no World alive.
inline uint64_t allocated_bytes() noexcept { return goap_allocated_bytes(); }

/// Forgets the calling thread's last error message and frees it (goap_clear_last_error):
/// call it on a thread before it ends, or before a leak check, when you account for goap's
/// memory.
inline void clear_last_error() noexcept { goap_clear_last_error(); }

// ---------------------------------------------------------------------------------------
// Settings and results.

/// Settings of World::create (goap.h's GoapWorldDef; see there).
struct WorldSettings {
  /// Idle planners (with their grown search memory) kept for reuse. Default 8.
  uint32_t max_idle_planners;
  /// Threads of World::plan_agents when its options say 0; 0: the machine's parallelism.
  uint32_t worker_threads;
  /// Entries of the plan cache shared by the world's agents (0 turns it off). Default 16384.
  /// Searches that walk an exact table (most small tasks under Heuristic::Auto) skip it: a
  /// walk costs about what a lookup does.
  uint32_t plan_cache_capacity;
  /// The engine's job system (goap.h's GoapEnqueueTaskCallback and GoapFinishTaskCallback,
  /// both or neither; user_task_context is passed to both). Set: batches run on it and the
  /// world creates no thread (worker_threads is then the engine's worker count). Default
  /// none: the world's own worker_threads - 1 threads, created with it.
  GoapEnqueueTaskCallback enqueue_task;
  GoapFinishTaskCallback finish_task;
  void* user_task_context;

  WorldSettings() noexcept {
    const GoapWorldDef def = goap_world_def_default();
    max_idle_planners = def.max_idle_planners;
    worker_threads = def.worker_threads;
    plan_cache_capacity = def.plan_cache_capacity;
    enqueue_task = def.enqueue_task;
    finish_task = def.finish_task;
    user_task_context = def.user_task_context;
  }
};

/// Options of one plan call (goap.h's GoapPlanOptions).
struct PlanOptions {
  /// Distinct states the search may store before it gives Outcome::Limit. Default 1000000.
  uint32_t max_nodes;
  Heuristic heuristic;
  /// Default Direction::Auto.
  Direction direction;

  PlanOptions() noexcept {
    const GoapPlanOptions def = goap_plan_options_default();
    max_nodes = def.max_nodes;
    heuristic = static_cast<Heuristic>(def.heuristic);
    direction = static_cast<Direction>(def.direction);
  }

  GoapPlanOptions to_c() const noexcept {
    GoapPlanOptions c = goap_plan_options_default();
    c.max_nodes = max_nodes;
    c.heuristic = static_cast<int32_t>(heuristic);
    c.direction = static_cast<int32_t>(direction);
    return c;
  }
};

/// What a plan call did (goap.h's GoapPlanResult); the plan itself goes to the caller's
/// vector.
struct PlanResult {
  Outcome outcome = Outcome::NoPlan;
  /// Sum of the plan's action costs (0 unless found).
  double cost = 0;
  uint64_t expanded = 0;
  uint64_t generated = 0;
  /// Wall-clock time of the search in microseconds; 0 (not measured) for a search that
  /// ends within the probe (its first 32 expansions on a domain of at most 20 actions).
  uint64_t micros = 0;
  /// The heuristic's lower bound at the start state (0 when unknown).
  double initial_h = 0;
  /// The direction that ran: Direction::Forward or Direction::Backward.
  Direction direction = Direction::Forward;

  bool found() const noexcept { return outcome == Outcome::Found; }
};

/// An integer variable for Domain::add_var (goap.h's GoapVarDef).
struct VarDef {
  std::string name;
  int32_t min = 0;
  int32_t max = 0;
  /// The start value when a start state does not list it; nullopt: `min`.
  std::optional<int32_t> default_value;
  Overflow overflow = Overflow::Reject;
};

/// An action for Domain::add_action (goap.h's GoapActionDef).
struct ActionDef {
  std::string name;
  /// 0 to GOAP_MAX_ACTION_COST (1e12); fractions are fine.
  double cost = 1;
  std::vector<FactValue> pre;
  std::vector<FactValue> effects;
  std::vector<VarCondition> var_pre;
  std::vector<VarEffect> var_effects;
};

/// A template (parametric action) for Domain::add_template (goap.h's GoapTemplateDef):
/// the name, fact names and variable names may contain the parameters in braces
/// (`go({from},{to})`, `at({to})`, `stock({item})`).
struct TemplateDef {
  std::string name;
  /// {parameter, object type} in order; the types come from Domain::add_objects.
  std::vector<std::pair<std::string, std::string>> params;
  /// Parameters that must name pairwise different objects.
  std::vector<std::string> distinct;
  /// Static facts a choice must satisfy ({"road({from},{to})", true}), read in the
  /// domain's start state; no action may change them.
  std::vector<std::pair<std::string, bool>> where;
  std::vector<std::pair<std::string, bool>> pre;
  std::vector<std::pair<std::string, bool>> effects;
  struct VarCondition {
    std::string var;
    Compare op;
    int32_t value;
  };
  struct VarEffect {
    std::string var;
    VarOp op;
    int32_t value;
  };
  std::vector<VarCondition> var_pre;
  std::vector<VarEffect> var_effects;
  /// 0 to GOAP_MAX_ACTION_COST (1e12), for groundings cost_by does not price.
  double cost = 1;
  /// The parameter cost_by prices (empty: none) and its {object, cost} table.
  std::string cost_by_param;
  std::vector<std::pair<std::string, double>> cost_by;
};

/// An explicit start and goal for Domain::plan_problem (goap.h's GoapProblem).
struct Problem {
  /// Exactly the facts listed true are true.
  std::vector<FactValue> start;
  /// Listed variables have these values, the others their defaults.
  std::vector<VarValue> start_vars;
  std::vector<FactValue> goal;
  std::vector<VarCondition> goal_vars;
};

/// Settings of World::create_agent (goap.h's GoapAgentDef).
struct AgentSettings {
  DomainId domain;
  /// Another goal must beat the current one's priority by more than this to take over.
  double switch_margin;
  /// Seconds an action reported failed is not planned with.
  double failure_cooldown;
  /// True: Agent::step searches itself; false: it waits for World::plan_agents.
  bool plan_in_step;
  /// Node limit of each of the agent's searches.
  uint32_t max_nodes;
  Heuristic heuristic;
  /// The most nodes one Agent::step may expand searching (0: no limit); a step whose
  /// search runs out returns StepKind::Planning and the next step continues it.
  uint32_t step_max_expansions;
  /// The most microseconds one Agent::step may spend searching (0: no limit).
  uint32_t step_max_micros;
  /// The direction of the agent's searches. Default Direction::Auto.
  Direction direction;

  AgentSettings() noexcept {
    const GoapAgentDef def = goap_agent_def_default();
    switch_margin = def.switch_margin;
    failure_cooldown = def.failure_cooldown;
    plan_in_step = def.plan_in_step != 0;
    max_nodes = def.max_nodes;
    heuristic = static_cast<Heuristic>(def.heuristic);
    step_max_expansions = def.step_max_expansions;
    step_max_micros = def.step_max_micros;
    direction = static_cast<Direction>(def.direction);
  }

  /// The defaults, for `domain`.
  static AgentSettings for_domain(DomainId domain) noexcept {
    AgentSettings settings;
    settings.domain = domain;
    return settings;
  }
};

/// A goal for Agent::add_goal (goap.h's GoapGoalDef).
struct GoalDef {
  /// For Agent::find_goal and reports; may be empty and need not be unique.
  std::string name;
  std::vector<FactValue> facts;
  std::vector<VarCondition> vars;
  /// Larger wins; 0 or less disables the goal. Default 1.
  double priority = 1;
  /// Recurrence (goap.h's RECURRING GOALS): facts set in the agent's beliefs when it
  /// achieves the goal.
  std::vector<FactValue> reset;
  /// Variables set when it achieves the goal.
  std::vector<VarValue> reset_vars;
  /// Seconds before an achieved goal may be chosen again. Default 0.
  double cooldown = 0;
};

/// What one Agent::step decided (goap.h's GoapStep).
struct Step {
  StepKind kind = StepKind::Idle;
  /// True when this step replanned.
  bool replanned = false;
  /// The action to start or continue (zero for the other kinds).
  ActionId action;
  /// The goal pursued (or last chosen); null when there is none.
  GoalId goal;
  /// Index of `action` in the current plan.
  uint32_t plan_index = 0;
};

/// An agent's state (goap.h's GoapAgentInfo).
struct AgentInfo {
  GoalId goal;
  uint32_t plan_len = 0;
  uint32_t plan_index = 0;
  bool acting = false;
  /// The cause of the latest replan; ReplanCause(0) before the first.
  ReplanCause last_cause = ReplanCause(0);
  uint32_t goal_count = 0;
  uint64_t replans = 0;
  double plan_cost = 0;
  /// The sum of the dt passed to step, in seconds.
  double clock = 0;
};

/// A variable's range, start default and overflow rule (goap.h's GoapVarInfo).
struct VarInfo {
  int32_t min = 0;
  int32_t max = 0;
  int32_t default_value = 0;
  Overflow overflow = Overflow::Reject;
};

/// An action's cost and list lengths (goap.h's GoapActionInfo).
struct ActionInfo {
  double cost = 0;
  uint32_t pre_count = 0;
  uint32_t effect_count = 0;
  uint32_t var_pre_count = 0;
  uint32_t var_effect_count = 0;
};

/// One of an agent's goals now (goap.h's GoapGoalInfo).
struct GoalInfo {
  double priority = 0;
  uint32_t fact_count = 0;
  uint32_t var_count = 0;
  /// The agent's believed state satisfies it.
  bool satisfied = false;
  /// It is the goal the agent pursues (or last chose).
  bool current = false;
  /// Times the agent achieved it (0 for a domain's agent goal).
  uint32_t achieved = 0;
  /// Seconds left of a recurring goal's cooldown (0 when it may be chosen).
  double ready_in = 0;
};

/// How a search trace ended (goap.h's GoapTraceEnd).
enum class TraceEnd : int32_t {
  Found = GOAP_TRACE_END_FOUND,
  NoPlan = GOAP_TRACE_END_NO_PLAN,
  Limit = GOAP_TRACE_END_LIMIT,
};

/// One state of a search trace (goap.h's GoapTraceNode).
struct TraceNode {
  double g = 0;
  /// The LM-cut estimate of its cost to the goal (INFINITY: out of reach).
  double h = 0;
  /// The action that reached it (none for the start).
  ActionId action;
  /// The node it was reached from; UINT32_MAX for the start.
  uint32_t parent = UINT32_MAX;
  bool goal = false;
  /// Its true facts are Trace::facts[fact_start, fact_start + fact_count).
  uint32_t fact_start = 0;
  uint32_t fact_count = 0;
  /// Its variables are Trace::var_values[var_start, var_start + the variable count).
  uint32_t var_start = 0;
};

/// A recorded search (Domain::trace).
struct Trace {
  TraceEnd end = TraceEnd::NoPlan;
  std::vector<TraceNode> nodes;
  std::vector<FactId> facts;
  std::vector<int32_t> var_values;
};

/// One replan of an agent (goap.h's GoapReplanEvent).
struct ReplanEvent {
  ReplanCause cause = ReplanCause::NoPlan;
  ReplanResult result = ReplanResult::NoPlan;
  GoalId goal;
  uint32_t plan_len = 0;
  double plan_cost = 0;
  uint64_t expanded = 0;
  uint32_t goals_tried = 0;
  uint32_t cache_hits = 0;
  double time = 0;
};

/// Limits of one World::plan_agents call (goap.h's GoapBatchOptions); 0 means no limit.
struct BatchOptions {
  uint32_t max_agents = 0;
  uint32_t threads = 0;
  uint64_t max_nodes = 0;
};

/// What one World::plan_agents call did (goap.h's GoapBatchStats).
struct BatchStats {
  uint32_t planned = 0;
  uint32_t waiting = 0;
  uint32_t callback_errors = 0;
  uint32_t threads = 0;
  uint64_t expanded = 0;
  uint64_t cache_hits = 0;
  /// Replans in which a search ran out of memory (taken as a node limit by the agent).
  uint32_t out_of_memory = 0;
};

/// What a shared write did (goap.h's GoapSharedChange).
struct SharedChange {
  /// Shared values that changed.
  uint32_t changed = 0;
  /// Agents whose belief changed in a value their goals or plan depend on (they review at
  /// their next step); other agents are not disturbed.
  uint32_t reviewed = 0;
};

/// The counters of a world's plan cache (goap.h's GoapCacheStats).
struct CacheStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  uint64_t evictions = 0;
  uint64_t entries = 0;
  uint64_t capacity = 0;
};

/// What a recording wrote (goap.h's GoapRecordStats), from World::stop_recording.
struct RecordStats {
  /// Records written (the end record included).
  uint64_t records = 0;
  /// Bytes written (the whole recording).
  uint64_t bytes = 0;
  /// Records ring mode dropped (older than its window); 0 when streaming.
  uint64_t dropped = 0;
};

/// What goap::replay went through (goap.h's GoapReplaySummary); all of it matched.
struct ReplaySummary {
  uint64_t records = 0;
  uint64_t agents = 0;
  uint64_t steps = 0;
  uint64_t replans = 0;
  /// World::plan_agents calls replayed.
  uint64_t batches = 0;
  /// Ring mode's window in seconds; 0 for a whole recording.
  double window = 0;
};

/// Receives the next bytes of a recording (World::start_recording); returns true when it
/// took them. false (or an exception, caught) fails the recording: nothing more is
/// written, and World::stop_recording fails with Status::RecordingFailed. It runs on
/// whichever thread's call on the world filled a 64 KiB block (a plan_agents worker
/// included) and in stop_recording, one call at a time, with the world's recorder locked:
/// it must not call the World it records (those calls fail with Status::Busy).
using RecordWriteFn = std::function<bool(const uint8_t* bytes, std::size_t len)>;

// ---------------------------------------------------------------------------------------
// Context callbacks: owned by the world, called through static trampolines.

/// May `agent` use `action` now?
using AvailableFn = std::function<bool(AgentId agent, ActionId action)>;
/// What does `action` cost `agent` now (`cost`: its cost so far)? 0 to 1e12; anything else
/// (NaN included) fails the search with Status::CallbackFailed.
using CostFn = std::function<double(AgentId agent, ActionId action, double cost)>;

namespace detail {
struct WorldCore;

struct AgentContext {
  WorldCore* core = nullptr;
  AvailableFn available;
  CostFn cost;
};

/// One context callback running on this thread: a stack linked through the call frames,
/// so that destroying a World from one of its own callbacks is detected (best effort: the
/// stack is per module where each module gets its own copy of an inline function's
/// thread_local, as Windows DLLs do).
struct CallbackFrame {
  const AgentContext* context;
  CallbackFrame* outer;

  static CallbackFrame*& top() noexcept {
    static thread_local CallbackFrame* frame = nullptr;
    return frame;
  }
  explicit CallbackFrame(const AgentContext* c) noexcept : context(c), outer(top()) {
    top() = this;
  }
  ~CallbackFrame() { top() = outer; }
  CallbackFrame(const CallbackFrame&) = delete;
  CallbackFrame& operator=(const CallbackFrame&) = delete;

  static bool inside_world(const WorldCore* core) noexcept {
    for (const CallbackFrame* f = top(); f; f = f->outer) {
      if (f->context->core == core) return true;
    }
    return false;
  }
};

#ifndef GOAP_NO_EXCEPTIONS
/// The exception the latest failing callback on this thread threw, for Agent::step.
inline std::exception_ptr& pending_exception() noexcept {
  static thread_local std::exception_ptr pending;
  return pending;
}
#endif

inline int32_t available_trampoline(void* user_data, GoapAgentId agent, GoapActionId action,
                                    int32_t* out_available) noexcept {
  const auto* context = static_cast<const AgentContext*>(user_data);
  CallbackFrame frame(context);
#ifndef GOAP_NO_EXCEPTIONS
  try {
#endif
    *out_available = context->available(AgentId{agent}, ActionId{action}) ? 1 : 0;
    return 0;
#ifndef GOAP_NO_EXCEPTIONS
  } catch (...) {
    pending_exception() = std::current_exception();
    return 1;
  }
#endif
}

inline int32_t cost_trampoline(void* user_data, GoapAgentId agent, GoapActionId action,
                               double cost, double* out_cost) noexcept {
  const auto* context = static_cast<const AgentContext*>(user_data);
  CallbackFrame frame(context);
#ifndef GOAP_NO_EXCEPTIONS
  try {
#endif
    *out_cost = context->cost(AgentId{agent}, ActionId{action}, cost);
    return 0;
#ifndef GOAP_NO_EXCEPTIONS
  } catch (...) {
    pending_exception() = std::current_exception();
    return 1;
  }
#endif
}

/// A recording's write callback, owned by the World. `frame` marks the world as inside
/// one of its callbacks while it runs (so the World is not destroyed from it).
struct RecordSink {
  RecordWriteFn write;
  AgentContext frame;
};

inline int32_t record_write_trampoline(void* user_data, const uint8_t* bytes,
                                       uint32_t len) noexcept {
  auto* sink = static_cast<RecordSink*>(user_data);
  CallbackFrame frame(&sink->frame);
#ifndef GOAP_NO_EXCEPTIONS
  try {
#endif
    return sink->write(bytes, len) ? 0 : 1;
#ifndef GOAP_NO_EXCEPTIONS
  } catch (...) {
    return 2;
  }
#endif
}

/// The installed context of one agent. Its mutex serialises the wrapper's calls that
/// replace or free it, across the native call that makes the library stop using the old
/// one (goap_agent_set_callbacks waits for a running search of the agent).
struct ContextSlot {
  std::mutex mutex;
  std::unique_ptr<AgentContext> context;
  /// Set (under `mutex`) when the slot is forgotten: a caller that fetched it before must
  /// fetch the agent's slot again rather than install a context nobody would free.
  bool retired = false;
};

/// What a World owns, on the heap so that moving the World keeps Domain and Agent values
/// pointing at it.
struct WorldCore {
  GoapWorld* raw = nullptr;
  std::mutex slots_mutex;  // guards `slots` only; never held across a native call
  std::unordered_map<uint64_t, std::shared_ptr<ContextSlot>> slots;
  /// Serialises World::start_recording and stop_recording (held across their native
  /// calls; the write callback never takes it).
  std::mutex record_mutex;
  /// The write callback of the recording in progress (World::start_recording with a
  /// RecordWriteFn); freed once the native recording has stopped, or with the world.
  std::unique_ptr<RecordSink> record_sink;

  WorldCore() = default;
  WorldCore(const WorldCore&) = delete;
  WorldCore& operator=(const WorldCore&) = delete;

  std::shared_ptr<ContextSlot> slot(uint64_t agent, bool create) {
    std::lock_guard<std::mutex> lock(slots_mutex);
    auto found = slots.find(agent);
    if (found != slots.end()) return found->second;
    if (!create) return nullptr;
    auto made = std::make_shared<ContextSlot>();
    slots.emplace(agent, made);
    return made;
  }

  /// Runs `change(slot)` with the agent's slot locked and returns its status; without a slot
  /// (and `create` false) runs `change(nullptr)`. A slot left without a context is
  /// retired under its lock, so that no other caller can fill a forgotten slot. Lock order:
  /// a slot's mutex, then `slots_mutex`.
  template <class Change>
  GoapStatus with_slot(uint64_t agent, bool create, Change&& change) {
    for (;;) {
      std::shared_ptr<ContextSlot> found = slot(agent, create);
      if (!found) return change(static_cast<ContextSlot*>(nullptr));
      std::lock_guard<std::mutex> lock(found->mutex);
      if (found->retired) continue;  // forgotten meanwhile: fetch the current one
      GoapStatus status = change(found.get());
      if (!found->context) {
        found->retired = true;
        std::lock_guard<std::mutex> slots_lock(slots_mutex);
        auto entry = slots.find(agent);
        if (entry != slots.end() && entry->second == found) slots.erase(entry);
      }
      return status;
    }
  }
};

/// Destroys the native world, then frees the contexts (no callback can run any more).
struct WorldCoreDeleter {
  void operator()(WorldCore* core) const noexcept {
    if (CallbackFrame::inside_world(core)) {
      // Destroying a world from its own callback would free what the running search
      // uses; goap_world_destroy refuses, and the wrapper keeps everything alive (leaks)
      // rather than crash the host.
      return;
    }
    goap_world_destroy(core->raw);
    delete core;
  }
};
}  // namespace detail

class World;
class Agent;

// ---------------------------------------------------------------------------------------
// Domain.

namespace detail {
/// Points `c` (from goap_goal_def_default()) at `def`'s name and lists; false when one is too
/// long for the C API.
inline bool c_goal_def(const GoalDef& def, GoapGoalDef& c) noexcept {
  auto n = len32(def.name.size());
  auto f = len32(def.facts.size());
  auto v = len32(def.vars.size());
  auto r = len32(def.reset.size());
  auto rv = len32(def.reset_vars.size());
  if (!n || !f || !v || !r || !rv) return false;
  c.name = def.name.data();
  c.name_len = *n;
  c.facts = reinterpret_cast<const GoapFactValue*>(def.facts.data());
  c.fact_count = *f;
  c.vars = reinterpret_cast<const GoapVarCondition*>(def.vars.data());
  c.var_count = *v;
  c.priority = def.priority;
  c.reset = reinterpret_cast<const GoapFactValue*>(def.reset.data());
  c.reset_count = *r;
  c.reset_vars = reinterpret_cast<const GoapVarValue*>(def.reset_vars.data());
  c.reset_var_count = *rv;
  c.cooldown = def.cooldown;
  return true;
}

inline GoalInfo goal_info_of(const GoapGoalInfo& c) noexcept {
  GoalInfo info;
  info.priority = c.priority;
  info.fact_count = c.fact_count;
  info.var_count = c.var_count;
  info.satisfied = c.satisfied != 0;
  info.current = c.current != 0;
  info.achieved = c.achieved;
  info.ready_in = c.ready_in;
  return info;
}
}  // namespace detail

/// A domain of a world: facts, variables, actions, a stored start state and goal. A value
/// (world + id) that does not own the domain; copy it freely.
class Domain {
 public:
  Domain() = default;
  Domain(GoapWorld* world, DomainId id) noexcept : world_(world), id_(id) {}

  DomainId id() const noexcept { return id_; }
  GoapWorld* world() const noexcept { return world_; }
  friend bool operator==(const Domain& a, const Domain& b) noexcept {
    return a.world_ == b.world_ && a.id_ == b.id_;
  }
  friend bool operator!=(const Domain& a, const Domain& b) noexcept { return !(a == b); }

  /// Destroys the domain (agents created from it live on with their copy).
  Returns<void> destroy() const { return detail::finish(goap_domain_destroy(world_, id_.raw())); }

  /// Registers a fact (idempotent: a known name gives its id again).
  Returns<FactId> add_fact(std::string_view name) const {
    auto n = detail::len32(name.size());
    if (!n) return detail::fail<FactId>(detail::too_long("goap::Domain::add_fact", "name"));
    GoapFactId out{};
    GoapStatus s = goap_domain_add_fact(world_, id_.raw(), name.data(), *n, &out);
    return detail::finish(s, FactId{out});
  }

  /// Looks a fact up by name (Status::NotFound when there is none).
  Returns<FactId> find_fact(std::string_view name) const {
    return find<FactId>(&goap_domain_find_fact, name, "goap::Domain::find_fact");
  }

  /// Copies a fact's name into `out`.
  Returns<void> fact_name(FactId fact, std::string& out) const {
    return name_of<FactId>(&goap_domain_fact_name, fact, out);
  }
  Returns<std::string> fact_name(FactId fact) const {
    return name_string<FactId>(&goap_domain_fact_name, fact);
  }

  Returns<uint32_t> fact_count() const { return count(&goap_domain_fact_count); }

  /// Declares an integer variable.
  Returns<VarId> add_var(const VarDef& def) const {
    auto n = detail::len32(def.name.size());
    if (!n) return detail::fail<VarId>(detail::too_long("goap::Domain::add_var", "name"));
    GoapVarDef c = goap_var_def_default();
    c.name = def.name.data();
    c.name_len = *n;
    c.min = def.min;
    c.max = def.max;
    c.has_default = def.default_value ? 1 : 0;
    c.default_value = def.default_value.value_or(0);
    c.overflow = static_cast<int32_t>(def.overflow);
    GoapVarId out{};
    GoapStatus s = goap_domain_add_var(world_, id_.raw(), &c, &out);
    return detail::finish(s, VarId{out});
  }

  Returns<VarId> find_var(std::string_view name) const {
    return find<VarId>(&goap_domain_find_var, name, "goap::Domain::find_var");
  }
  Returns<void> var_name(VarId var, std::string& out) const {
    return name_of<VarId>(&goap_domain_var_name, var, out);
  }
  Returns<std::string> var_name(VarId var) const {
    return name_string<VarId>(&goap_domain_var_name, var);
  }
  Returns<uint32_t> var_count() const { return count(&goap_domain_var_count); }

  /// Adds an action with fact conditions and effects.
  Returns<ActionId> add_action(std::string_view name, double cost, Span<FactValue> pre,
                               Span<FactValue> effects) const {
    return add_action(name, cost, pre, effects, {}, {});
  }

  /// Adds an action from a definition.
  Returns<ActionId> add_action(const ActionDef& def) const {
    return add_action(def.name, def.cost, def.pre, def.effects, def.var_pre, def.var_effects);
  }

  /// Adds an action with fact and variable conditions and effects.
  Returns<ActionId> add_action(std::string_view name, double cost, Span<FactValue> pre,
                               Span<FactValue> effects, Span<VarCondition> var_pre,
                               Span<VarEffect> var_effects) const {
    auto n = detail::len32(name.size());
    auto pre_n = detail::len32(pre.size());
    auto eff_n = detail::len32(effects.size());
    auto vpre_n = detail::len32(var_pre.size());
    auto veff_n = detail::len32(var_effects.size());
    if (!n || !pre_n || !eff_n || !vpre_n || !veff_n) {
      return detail::fail<ActionId>(
          detail::too_long("goap::Domain::add_action", "the name or a list"));
    }
    GoapActionDef c = goap_action_def_default();
    c.name = name.data();
    c.name_len = *n;
    c.pre = detail::c_array<FactValue, GoapFactValue>(pre);
    c.pre_count = *pre_n;
    c.effects = detail::c_array<FactValue, GoapFactValue>(effects);
    c.effect_count = *eff_n;
    c.cost = cost;
    c.var_pre = detail::c_array<VarCondition, GoapVarCondition>(var_pre);
    c.var_pre_count = *vpre_n;
    c.var_effects = detail::c_array<VarEffect, GoapVarEffect>(var_effects);
    c.var_effect_count = *veff_n;
    GoapActionId out{};
    GoapStatus s = goap_domain_add_action(world_, id_.raw(), &c, &out);
    return detail::finish(s, ActionId{out});
  }

  /// Declares an object type with its objects for templates (goap_domain_add_objects).
  Returns<void> add_objects(std::string_view type,
                            const std::vector<std::string_view>& objects) const {
    std::vector<GoapString> c;
    c.reserve(objects.size());
    bool fits = detail::len32(type.size()).has_value() && detail::len32(objects.size());
    for (std::string_view o : objects) {
      auto n = detail::len32(o.size());
      fits = fits && n;
      c.push_back(GoapString{o.data(), n.value_or(0)});
    }
    if (!fits) {
      return detail::fail<void>(detail::too_long("goap::Domain::add_objects", "a name or the list"));
    }
    GoapString t{type.data(), static_cast<uint32_t>(type.size())};
    return detail::finish(goap_domain_add_objects(world_, id_.raw(), t, c.data(),
                                                  static_cast<uint32_t>(c.size())));
  }

  /// Grounds a template into ordinary actions (goap_domain_add_template); returns its
  /// index for template_name, template_groundings, template_find...
  Returns<uint32_t> add_template(const TemplateDef& def) const {
    bool fits = true;
    auto str = [&fits](std::string_view v) {
      auto n = detail::len32(v.size());
      fits = fits && n;
      return GoapString{v.data(), n.value_or(0)};
    };
    auto count = [&fits](std::size_t n) {
      auto c = detail::len32(n);
      fits = fits && c;
      return c.value_or(0);
    };
    auto facts = [&](const std::vector<std::pair<std::string, bool>>& list) {
      std::vector<GoapTemplateFact> out;
      out.reserve(list.size());
      for (const auto& f : list) out.push_back(GoapTemplateFact{str(f.first), f.second ? 1 : 0});
      return out;
    };
    std::vector<GoapTemplateParam> params;
    for (const auto& p : def.params) params.push_back(GoapTemplateParam{str(p.first), str(p.second)});
    std::vector<GoapString> distinct;
    for (const auto& p : def.distinct) distinct.push_back(str(p));
    std::vector<GoapTemplateFact> where = facts(def.where), pre = facts(def.pre),
                                  effects = facts(def.effects);
    std::vector<GoapTemplateVar> var_pre, var_effects;
    for (const auto& v : def.var_pre)
      var_pre.push_back(GoapTemplateVar{str(v.var), static_cast<int32_t>(v.op), v.value});
    for (const auto& v : def.var_effects)
      var_effects.push_back(GoapTemplateVar{str(v.var), static_cast<int32_t>(v.op), v.value});
    std::vector<GoapObjectCost> costs;
    for (const auto& c : def.cost_by) costs.push_back(GoapObjectCost{str(c.first), c.second});
    GoapTemplateDef c = goap_template_def_default();
    c.name = str(def.name);
    c.params = params.data();
    c.param_count = count(params.size());
    c.distinct = distinct.data();
    c.distinct_count = count(distinct.size());
    c.where_facts = where.data();
    c.where_count = count(where.size());
    c.pre = pre.data();
    c.pre_count = count(pre.size());
    c.effects = effects.data();
    c.effect_count = count(effects.size());
    c.var_pre = var_pre.data();
    c.var_pre_count = count(var_pre.size());
    c.var_effects = var_effects.data();
    c.var_effect_count = count(var_effects.size());
    c.cost = def.cost;
    c.cost_by_param = str(def.cost_by_param);
    c.cost_by = costs.data();
    c.cost_by_count = count(costs.size());
    if (!fits) {
      return detail::fail<uint32_t>(detail::too_long("goap::Domain::add_template", "a name or a list"));
    }
    uint32_t out = 0;
    GoapStatus s = goap_domain_add_template(world_, id_.raw(), &c, &out);
    return detail::finish(s, out);
  }

  Returns<ActionId> find_action(std::string_view name) const {
    return find<ActionId>(&goap_domain_find_action, name, "goap::Domain::find_action");
  }
  Returns<void> action_name(ActionId action, std::string& out) const {
    return name_of<ActionId>(&goap_domain_action_name, action, out);
  }
  Returns<std::string> action_name(ActionId action) const {
    return name_string<ActionId>(&goap_domain_action_name, action);
  }
  Returns<uint32_t> action_count() const { return count(&goap_domain_action_count); }

  // Introspection: list the domain's items by index and read their rules back.

  /// The id of the index-th fact (0 .. fact_count() - 1, in the order added).
  Returns<FactId> fact_at(uint32_t index) const {
    GoapFactId out{};
    GoapStatus s = goap_domain_fact_at(world_, id_.raw(), index, &out);
    return detail::finish(s, FactId{out});
  }
  /// The id of the index-th variable (declaration order).
  Returns<VarId> var_at(uint32_t index) const {
    GoapVarId out{};
    GoapStatus s = goap_domain_var_at(world_, id_.raw(), index, &out);
    return detail::finish(s, VarId{out});
  }
  /// The id of the index-th action (in the order added).
  Returns<ActionId> action_at(uint32_t index) const {
    GoapActionId out{};
    GoapStatus s = goap_domain_action_at(world_, id_.raw(), index, &out);
    return detail::finish(s, ActionId{out});
  }
  /// A variable's range, start default and overflow rule.
  Returns<VarInfo> var_info(VarId var) const {
    GoapVarInfo c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_var_info(world_, id_.raw(), var.raw(), &c);
    VarInfo info;
    info.min = c.min;
    info.max = c.max;
    info.default_value = c.default_value;
    info.overflow = static_cast<Overflow>(c.overflow);
    return detail::finish(s, info);
  }
  /// An action's cost and the lengths of its lists.
  Returns<ActionInfo> action_info(ActionId action) const {
    GoapActionInfo c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_action_info(world_, id_.raw(), action.raw(), &c);
    ActionInfo info;
    info.cost = c.cost;
    info.pre_count = c.pre_count;
    info.effect_count = c.effect_count;
    info.var_pre_count = c.var_pre_count;
    info.var_effect_count = c.var_effect_count;
    return detail::finish(s, info);
  }
  /// An action's fact preconditions (value 1: must be true, 0: false).
  Returns<std::vector<FactValue>> action_pre(ActionId action) const {
    return action_list<FactValue, GoapFactValue>(&goap_domain_action_pre, action);
  }
  /// An action's fact effects (value 1: makes it true, 0: false).
  Returns<std::vector<FactValue>> action_effects(ActionId action) const {
    return action_list<FactValue, GoapFactValue>(&goap_domain_action_effects, action);
  }
  /// An action's variable preconditions.
  Returns<std::vector<VarCondition>> action_var_pre(ActionId action) const {
    return action_list<VarCondition, GoapVarCondition>(&goap_domain_action_var_pre, action);
  }
  /// An action's variable effects.
  Returns<std::vector<VarEffect>> action_var_effects(ActionId action) const {
    return action_list<VarEffect, GoapVarEffect>(&goap_domain_action_var_effects, action);
  }
  /// The stored start state's true facts.
  Returns<std::vector<FactValue>> start() const {
    return domain_list<FactValue, GoapFactValue>(&goap_domain_start);
  }
  /// Every variable's value in the stored start state.
  Returns<std::vector<VarValue>> start_vars() const {
    return domain_list<VarValue, GoapVarValue>(&goap_domain_start_vars);
  }
  /// The stored goal's fact conditions (Status::NoGoal without one).
  Returns<std::vector<FactValue>> goal() const {
    return domain_list<FactValue, GoapFactValue>(&goap_domain_goal);
  }
  /// The stored goal's variable conditions (Status::NoGoal without one).
  Returns<std::vector<VarCondition>> goal_vars() const {
    return domain_list<VarCondition, GoapVarCondition>(&goap_domain_goal_vars);
  }

  /// Records a search from the stored start to the stored goal (or `problem`'s), node by
  /// node, expanding at most `max_expanded` states: see goap_domain_trace.
  Returns<Trace> trace(uint32_t max_expanded, const Problem* problem = nullptr) const {
    GoapProblem c = goap_problem_default();
    if (problem) {
      auto a = detail::len32(problem->start.size());
      auto b = detail::len32(problem->start_vars.size());
      auto g = detail::len32(problem->goal.size());
      auto h = detail::len32(problem->goal_vars.size());
      if (!a || !b || !g || !h) {
        return detail::fail<Trace>(detail::too_long("goap::Domain::trace", "a list"));
      }
      c.start = reinterpret_cast<const GoapFactValue*>(problem->start.data());
      c.start_count = *a;
      c.start_vars = reinterpret_cast<const GoapVarValue*>(problem->start_vars.data());
      c.start_var_count = *b;
      c.goal = reinterpret_cast<const GoapFactValue*>(problem->goal.data());
      c.goal_count = *g;
      c.goal_vars = reinterpret_cast<const GoapVarCondition*>(problem->goal_vars.data());
      c.goal_var_count = *h;
    }
    std::vector<GoapTraceNode> nodes;
    Trace trace;
    GoapTraceResult r{};
    r.size = sizeof r;
    GoapStatus s;
    for (;;) {
      s = goap_domain_trace(world_, id_.raw(), problem ? &c : nullptr, max_expanded,
                            nodes.data(), static_cast<uint32_t>(nodes.size()),
                            reinterpret_cast<GoapFactId*>(trace.facts.data()),
                            static_cast<uint32_t>(trace.facts.size()), trace.var_values.data(),
                            static_cast<uint32_t>(trace.var_values.size()), &r);
      if (s != GOAP_STATUS_BUFFER_TOO_SMALL) break;
      nodes.resize(r.node_count);  // the search is deterministic: the same trace again
      if (!nodes.empty()) nodes[0].size = sizeof nodes[0];  // the array's stride
      trace.facts.resize(r.fact_count);
      trace.var_values.resize(r.var_value_count);
    }
    if (s != GOAP_STATUS_OK) return detail::finish(s, Trace{});
    trace.end = static_cast<TraceEnd>(r.end);
    trace.facts.resize(r.fact_count);
    trace.var_values.resize(r.var_value_count);
    trace.nodes.reserve(r.node_count);
    for (uint32_t i = 0; i < r.node_count; ++i) {
      TraceNode n;
      n.g = nodes[i].g;
      n.h = nodes[i].h;
      n.action = ActionId{nodes[i].action};
      n.parent = nodes[i].parent;
      n.goal = nodes[i].goal != 0;
      n.fact_start = nodes[i].fact_start;
      n.fact_count = nodes[i].fact_count;
      n.var_start = nodes[i].var_start;
      trace.nodes.push_back(n);
    }
    return trace;
  }

  /// Replaces the stored start state's facts: exactly the facts listed true are true.
  Returns<void> set_start(Span<FactValue> values) const {
    return set_list(&goap_domain_set_start, values, "goap::Domain::set_start");
  }
  // Agent goals: the goals every agent created from the domain afterwards starts with (a
  // domain file's `goals`, then those added here), by index in that order.

  /// Adds a goal that agents created from the domain from now on start with (existing
  /// agents keep theirs). Its fact and variable ids are the domain's.
  Returns<void> add_agent_goal(const GoalDef& def) const {
    GoapGoalDef c = goap_goal_def_default();
    if (!detail::c_goal_def(def, c)) {
      return detail::fail<void>(
          detail::too_long("goap::Domain::add_agent_goal", "the name or a list"));
    }
    return detail::finish(goap_domain_add_agent_goal(world_, id_.raw(), &c));
  }
  Returns<uint32_t> agent_goal_count() const { return count(&goap_domain_agent_goal_count); }

  /// The domain file's action templates (parametric actions), in file order: their count,
  /// names with parameters (`go({from},{to})`), parameter names, ground actions and the
  /// ground action for given objects (goap.h's goap_domain_template_*).
  Returns<uint32_t> template_count() const { return count(&goap_domain_template_count); }
  Returns<std::string> template_name(uint32_t index) const {
    std::string out;
    GoapStatus s = detail::fill(out, [&](char* buf, uint32_t cap, uint32_t* len) {
      return goap_domain_template_name(world_, id_.raw(), index, buf, cap, len);
    });
    return detail::finish(s, std::move(out));
  }
  /// {parameter count, ground action count}.
  Returns<std::pair<uint32_t, uint32_t>> template_info(uint32_t index) const {
    GoapTemplateInfo c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_template_info(world_, id_.raw(), index, &c);
    return detail::finish(s, std::make_pair(c.param_count, c.grounding_count));
  }
  Returns<std::string> template_param_name(uint32_t index, uint32_t param) const {
    std::string out;
    GoapStatus s = detail::fill(out, [&](char* buf, uint32_t cap, uint32_t* len) {
      return goap_domain_template_param_name(world_, id_.raw(), index, param, buf, cap, len);
    });
    return detail::finish(s, std::move(out));
  }
  Returns<std::vector<ActionId>> template_groundings(uint32_t index) const {
    std::vector<ActionId> out;
    GoapStatus s = detail::fill(out, 8, [&](ActionId* buf, uint32_t cap, uint32_t* n) {
      return goap_domain_template_groundings(world_, id_.raw(), index,
                                             reinterpret_cast<GoapActionId*>(buf), cap, n);
    });
    return detail::finish(s, std::move(out));
  }
  /// The ground action for `args`, one object per parameter (Status::NotFound when there
  /// is none).
  Returns<ActionId> template_find(uint32_t index,
                                  const std::vector<std::string_view>& args) const {
    std::vector<GoapString> c;
    c.reserve(args.size());
    for (std::string_view a : args) {
      auto n = detail::len32(a.size());
      if (!n) return detail::fail<ActionId>(detail::too_long("goap::Domain::template_find", "args"));
      c.push_back(GoapString{a.data(), *n});
    }
    auto count = detail::len32(c.size());
    if (!count) return detail::fail<ActionId>(detail::too_long("goap::Domain::template_find", "args"));
    GoapActionId out{};
    GoapStatus s = goap_domain_template_find(world_, id_.raw(), index, c.data(), *count, &out);
    return detail::finish(s, ActionId{out});
  }
  /// The name of the agent goal at `index` (Status::InvalidArgument past the end).
  Returns<std::string> agent_goal_name(uint32_t index) const {
    std::string out;
    GoapStatus s = detail::fill(out, [&](char* buf, uint32_t cap, uint32_t* len) {
      return goap_domain_agent_goal_name(world_, id_.raw(), index, buf, cap, len);
    });
    return detail::finish(s, std::move(out));
  }
  /// The agent goal's priority and list lengths; `satisfied` by the stored start state
  /// (`current` is false).
  Returns<GoalInfo> agent_goal_info(uint32_t index) const {
    GoapGoalInfo c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_agent_goal_info(world_, id_.raw(), index, &c);
    return detail::finish(s, detail::goal_info_of(c));
  }
  Returns<std::vector<FactValue>> agent_goal_conditions(uint32_t index) const {
    return agent_goal_list<FactValue, GoapFactValue>(&goap_domain_agent_goal_conditions, index);
  }
  Returns<std::vector<VarCondition>> agent_goal_var_conditions(uint32_t index) const {
    return agent_goal_list<VarCondition, GoapVarCondition>(
        &goap_domain_agent_goal_var_conditions, index);
  }

  /// Replaces the stored goal's fact conditions (its variable conditions stay).
  Returns<void> set_goal(Span<FactValue> conditions) const {
    return set_list(&goap_domain_set_goal, conditions, "goap::Domain::set_goal");
  }
  /// Replaces the stored start state's variables (unlisted ones take their defaults).
  Returns<void> set_start_vars(Span<VarValue> values) const {
    return set_list(&goap_domain_set_start_vars, values, "goap::Domain::set_start_vars");
  }
  /// Replaces the stored goal's variable conditions (its fact conditions stay).
  Returns<void> set_goal_vars(Span<VarCondition> conditions) const {
    return set_list(&goap_domain_set_goal_vars, conditions, "goap::Domain::set_goal_vars");
  }

  /// Writes shared facts and variables (goap_domain_set_shared): every agent of the domain
  /// reads them; the latest write, shared or the agent's own, wins. All checked first,
  /// nothing written on error. Only agents that depend on a changed value review.
  Returns<SharedChange> set_shared(Span<FactValue> facts, Span<VarValue> vars = {}) const {
    auto nf = detail::len32(facts.size());
    auto nv = detail::len32(vars.size());
    if (!nf || !nv) return detail::fail<SharedChange>(detail::too_long("goap::Domain::set_shared", "a list"));
    GoapSharedChange c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_set_shared(world_, id_.raw(),
                                          detail::c_array<FactValue, GoapFactValue>(facts), *nf,
                                          detail::c_array<VarValue, GoapVarValue>(vars), *nv, &c);
    return detail::finish(s, SharedChange{c.changed, c.reviewed});
  }
  /// One shared fact (goap_domain_set_shared_fact).
  Returns<SharedChange> set_shared_fact(FactId fact, bool value) const {
    GoapSharedChange c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_set_shared_fact(world_, id_.raw(), fact.raw(), value ? 1 : 0, &c);
    return detail::finish(s, SharedChange{c.changed, c.reviewed});
  }
  /// One shared variable (goap_domain_set_shared_var).
  Returns<SharedChange> set_shared_var(VarId var, int32_t value) const {
    GoapSharedChange c{};
    c.size = sizeof c;
    GoapStatus s = goap_domain_set_shared_var(world_, id_.raw(), var.raw(), value, &c);
    return detail::finish(s, SharedChange{c.changed, c.reviewed});
  }
  /// A fact's shared value; empty when it was never written as shared.
  Returns<std::optional<bool>> shared_fact(FactId fact) const {
    int32_t shared = 0, value = 0;
    GoapStatus s = goap_domain_get_shared_fact(world_, id_.raw(), fact.raw(), &shared, &value);
    return detail::finish(s, shared ? std::optional<bool>(value == 1) : std::nullopt);
  }
  /// A variable's shared value; empty when it was never written as shared.
  Returns<std::optional<int32_t>> shared_var(VarId var) const {
    int32_t shared = 0, value = 0;
    GoapStatus s = goap_domain_get_shared_var(world_, id_.raw(), var.raw(), &shared, &value);
    return detail::finish(s, shared ? std::optional<int32_t>(value) : std::nullopt);
  }

  /// Plans from the stored start state to the stored goal; the plan goes to `out` (empty
  /// unless found). A vector with room for the plan (reserve it) saves a second search.
  Returns<PlanResult> plan(std::vector<ActionId>& out, const PlanOptions& options = {}) const {
    const GoapPlanOptions c = options.to_c();
    return run_plan(out, [&](GoapActionId* buf, uint32_t cap, GoapPlanResult* result) {
      return goap_domain_plan(world_, id_.raw(), &c, buf, cap, result);
    });
  }

  /// Plans from an explicit start (facts listed true are true, variables at their
  /// defaults) to an explicit goal over facts.
  Returns<PlanResult> plan_from(Span<FactValue> start, Span<FactValue> goal,
                                std::vector<ActionId>& out,
                                const PlanOptions& options = {}) const {
    auto start_n = detail::len32(start.size());
    auto goal_n = detail::len32(goal.size());
    if (!start_n || !goal_n) {
      out.clear();
      return detail::fail<PlanResult>(detail::too_long("goap::Domain::plan_from", "a list"));
    }
    const GoapPlanOptions c = options.to_c();
    return run_plan(out, [&](GoapActionId* buf, uint32_t cap, GoapPlanResult* result) {
      return goap_domain_plan_from(world_, id_.raw(),
                                   detail::c_array<FactValue, GoapFactValue>(start), *start_n,
                                   detail::c_array<FactValue, GoapFactValue>(goal), *goal_n, &c,
                                   buf, cap, result);
    });
  }

  /// Plans an explicit problem over facts and variables.
  Returns<PlanResult> plan_problem(const Problem& problem, std::vector<ActionId>& out,
                                   const PlanOptions& options = {}) const {
    auto a = detail::len32(problem.start.size());
    auto b = detail::len32(problem.start_vars.size());
    auto g = detail::len32(problem.goal.size());
    auto h = detail::len32(problem.goal_vars.size());
    if (!a || !b || !g || !h) {
      out.clear();
      return detail::fail<PlanResult>(detail::too_long("goap::Domain::plan_problem", "a list"));
    }
    GoapProblem c = goap_problem_default();
    c.start = reinterpret_cast<const GoapFactValue*>(problem.start.data());
    c.start_count = *a;
    c.start_vars = reinterpret_cast<const GoapVarValue*>(problem.start_vars.data());
    c.start_var_count = *b;
    c.goal = reinterpret_cast<const GoapFactValue*>(problem.goal.data());
    c.goal_count = *g;
    c.goal_vars = reinterpret_cast<const GoapVarCondition*>(problem.goal_vars.data());
    c.goal_var_count = *h;
    const GoapPlanOptions o = options.to_c();
    return run_plan(out, [&](GoapActionId* buf, uint32_t cap, GoapPlanResult* result) {
      return goap_domain_plan_problem(world_, id_.raw(), &c, &o, buf, cap, result);
    });
  }

 private:
  template <class IdT>
  using FindFn = GoapStatus (*)(const GoapWorld*, GoapDomainId, const char*, uint32_t,
                                typename IdT::CType*);
  template <class IdT>
  using NameFn = GoapStatus (*)(const GoapWorld*, GoapDomainId, typename IdT::CType, char*,
                                uint32_t, uint32_t*);
  using CountFn = GoapStatus (*)(const GoapWorld*, GoapDomainId, uint32_t*);

  template <class IdT>
  Returns<IdT> find(FindFn<IdT> fn, std::string_view name, const char* function) const {
    auto n = detail::len32(name.size());
    if (!n) return detail::fail<IdT>(detail::too_long(function, "name"));
    typename IdT::CType out{};
    GoapStatus s = fn(world_, id_.raw(), name.data(), *n, &out);
    return detail::finish(s, IdT{out});
  }

  template <class IdT>
  GoapStatus fill_name(NameFn<IdT> fn, IdT id, std::string& out) const {
    return detail::fill(out, [&](char* buf, uint32_t cap, uint32_t* len) {
      return fn(world_, id_.raw(), id.raw(), buf, cap, len);
    });
  }
  template <class IdT>
  Returns<void> name_of(NameFn<IdT> fn, IdT id, std::string& out) const {
    return detail::finish(fill_name(fn, id, out));
  }
  template <class IdT>
  Returns<std::string> name_string(NameFn<IdT> fn, IdT id) const {
    std::string out;
    GoapStatus s = fill_name(fn, id, out);
    return detail::finish(s, std::move(out));
  }

  template <class T, class C>
  Returns<std::vector<T>> action_list(
      GoapStatus (*fn)(const GoapWorld*, GoapDomainId, GoapActionId, C*, uint32_t, uint32_t*),
      ActionId action) const {
    std::vector<T> out;
    GoapStatus s = detail::fill(out, 8, [&](T* buf, uint32_t cap, uint32_t* count) {
      return fn(world_, id_.raw(), action.raw(), reinterpret_cast<C*>(buf), cap, count);
    });
    return detail::finish(s, std::move(out));
  }

  template <class T, class C>
  Returns<std::vector<T>> domain_list(
      GoapStatus (*fn)(const GoapWorld*, GoapDomainId, C*, uint32_t, uint32_t*)) const {
    std::vector<T> out;
    GoapStatus s = detail::fill(out, 8, [&](T* buf, uint32_t cap, uint32_t* count) {
      return fn(world_, id_.raw(), reinterpret_cast<C*>(buf), cap, count);
    });
    return detail::finish(s, std::move(out));
  }

  template <class T, class C>
  Returns<std::vector<T>> agent_goal_list(
      GoapStatus (*fn)(const GoapWorld*, GoapDomainId, uint32_t, C*, uint32_t, uint32_t*),
      uint32_t index) const {
    std::vector<T> out;
    GoapStatus s = detail::fill(out, 8, [&](T* buf, uint32_t cap, uint32_t* count) {
      return fn(world_, id_.raw(), index, reinterpret_cast<C*>(buf), cap, count);
    });
    return detail::finish(s, std::move(out));
  }

  Returns<uint32_t> count(CountFn fn) const {
    uint32_t out = 0;
    GoapStatus s = fn(world_, id_.raw(), &out);
    return detail::finish(s, out);
  }

  template <class T, class C>
  Returns<void> set_list(GoapStatus (*fn)(GoapWorld*, GoapDomainId, const C*, uint32_t),
                         Span<T> list, const char* function) const {
    auto n = detail::len32(list.size());
    if (!n) return detail::fail<void>(detail::too_long(function, "the list"));
    return detail::finish(fn(world_, id_.raw(), detail::c_array<T, C>(list), *n));
  }

  template <class Call>
  static Returns<PlanResult> run_plan(std::vector<ActionId>& out, Call&& call) {
    GoapPlanResult c{};
    c.size = sizeof c;
    if (out.capacity() < 32) out.reserve(32);
    for (;;) {
      out.resize(out.capacity() < detail::kMaxLen ? out.capacity() : detail::kMaxLen);
      GoapStatus s = call(reinterpret_cast<GoapActionId*>(out.data()),
                          static_cast<uint32_t>(out.size()), &c);
      if (s == GOAP_STATUS_BUFFER_TOO_SMALL && c.action_count > out.size()) {
        out.reserve(c.action_count);  // planning is deterministic: the same plan again
        continue;
      }
      if (s != GOAP_STATUS_OK) {
        out.clear();
        return detail::finish(s, PlanResult{});
      }
      out.resize(c.outcome == GOAP_OUTCOME_FOUND ? c.action_count : 0);
      PlanResult result;
      result.outcome = static_cast<Outcome>(c.outcome);
      result.cost = c.cost;
      result.expanded = c.expanded;
      result.generated = c.generated;
      result.micros = c.micros;
      result.initial_h = c.initial_h;
      result.direction = static_cast<Direction>(c.direction);
      return result;
    }
  }

  GoapWorld* world_ = nullptr;
  DomainId id_;
};

// ---------------------------------------------------------------------------------------
// Agent.

/// An NPC: goals, believed world state and plan queue, inside a world. A value (world +
/// id) that does not own the agent; copy it freely. Destroy it with destroy() (which also
/// frees its context), or let the World go.
class Agent {
 public:
  Agent() = default;

  AgentId id() const noexcept { return id_; }
  /// The native world (for the C functions), or NULL for a default-constructed Agent.
  GoapWorld* world() const noexcept { return core_ ? core_->raw : nullptr; }
  friend bool operator==(const Agent& a, const Agent& b) noexcept {
    return a.core_ == b.core_ && a.id_ == b.id_;
  }
  friend bool operator!=(const Agent& a, const Agent& b) noexcept { return !(a == b); }

  /// Destroys the agent. Its context callbacks are removed first (that waits for a search
  /// of the agent running on another thread), then freed. Status::Busy from the agent's
  /// own callback.
  Returns<void> destroy() const {
    if (!core_) return detail::finish(goap_agent_destroy(nullptr, id_.raw()));
    if (busy_here()) return detail::fail<void>(busy("goap::Agent::destroy"));
    GoapWorld* raw = core_->raw;
    const GoapAgentId id = id_.raw();
    // With a slot created if need be, so that a set_context racing this destroy either
    // installs before it (and is freed here) or fails with UnknownAgent after it.
    return detail::finish(core_->with_slot(id.bits, true, [&](detail::ContextSlot* slot) {
      GoapStatus s = goap_agent_set_callbacks(raw, id, nullptr);
      // An unknown agent: goap_agent_destroy says so in its own words.
      if (s == GOAP_STATUS_OK || s == GOAP_STATUS_UNKNOWN_AGENT) s = goap_agent_destroy(raw, id);
      if (s == GOAP_STATUS_OK || s == GOAP_STATUS_UNKNOWN_AGENT) slot->context.reset();
      return s;
    }));
  }

  /// Writes a sensed fact (the same value changes nothing).
  Returns<void> set_fact(FactId fact, bool value) const {
    return detail::finish(goap_agent_set_fact(world(), id_.raw(), fact.raw(), value ? 1 : 0));
  }
  Returns<bool> get_fact(FactId fact) const {
    int32_t out = 0;
    GoapStatus s = goap_agent_get_fact(world(), id_.raw(), fact.raw(), &out);
    return detail::finish(s, out != 0);
  }
  /// Writes several facts, all or none.
  Returns<void> set_facts(Span<FactValue> values) const {
    auto n = detail::len32(values.size());
    if (!n) return detail::fail<void>(detail::too_long("goap::Agent::set_facts", "the list"));
    return detail::finish(goap_agent_set_facts(
        world(), id_.raw(), detail::c_array<FactValue, GoapFactValue>(values), *n));
  }
  Returns<void> set_var(VarId var, int32_t value) const {
    return detail::finish(goap_agent_set_var(world(), id_.raw(), var.raw(), value));
  }
  Returns<int32_t> get_var(VarId var) const {
    int32_t out = 0;
    GoapStatus s = goap_agent_get_var(world(), id_.raw(), var.raw(), &out);
    return detail::finish(s, out);
  }

  /// Adds a goal; returns its id.
  Returns<GoalId> add_goal(const GoalDef& def) const {
    GoapGoalDef c = goap_goal_def_default();
    if (!detail::c_goal_def(def, c)) {
      return detail::fail<GoalId>(detail::too_long("goap::Agent::add_goal", "the name or a list"));
    }
    GoapGoalId out{};
    GoapStatus s = goap_agent_add_goal(world(), id_.raw(), &c, &out);
    return detail::finish(s, GoalId{out});
  }

  /// The first goal with this name (Status::NotFound when none).
  Returns<GoalId> find_goal(std::string_view name) const {
    auto n = detail::len32(name.size());
    if (!n) return detail::fail<GoalId>(detail::too_long("goap::Agent::find_goal", "name"));
    GoapGoalId out{};
    GoapStatus s = goap_agent_find_goal(world(), id_.raw(), name.data(), *n, &out);
    return detail::finish(s, GoalId{out});
  }

  /// The id of the goal at `index` (0 .. AgentInfo::goal_count - 1) in the order the goals
  /// were added, the domain's first; removed goals are left out, so later ones move down
  /// (Status::InvalidArgument past the end, as for Domain::fact_at).
  Returns<GoalId> goal_at(uint32_t index) const {
    GoapGoalId out{};
    GoapStatus s = goap_agent_goal_at(world(), id_.raw(), index, &out);
    return detail::finish(s, GoalId{out});
  }

  /// Larger wins; 0 or less disables the goal.
  Returns<void> set_goal_priority(GoalId goal, double priority) const {
    return detail::finish(goap_agent_set_goal_priority(world(), id_.raw(), goal.raw(), priority));
  }
  /// Removes a goal: its id becomes stale (Status::UnknownGoal from then on, also for the
  /// null id). Removing the goal pursued works as disabling it: the next step chooses
  /// another (ReplanCause::GoalChanged) or clears the plan.
  Returns<void> remove_goal(GoalId goal) const {
    return detail::finish(goap_agent_remove_goal(world(), id_.raw(), goal.raw()));
  }
  Returns<void> set_action_enabled(ActionId action, bool enabled) const {
    return detail::finish(
        goap_agent_set_action_enabled(world(), id_.raw(), action.raw(), enabled ? 1 : 0));
  }
  Returns<void> set_action_cost(ActionId action, double cost) const {
    return detail::finish(goap_agent_set_action_cost(world(), id_.raw(), action.raw(), cost));
  }
  Returns<void> clear_action_cost(ActionId action) const {
    return detail::finish(goap_agent_clear_action_cost(world(), id_.raw(), action.raw()));
  }

  /// Installs context callbacks (either may be empty: not asked), replacing any it had.
  /// The world owns them from here on; the old ones are freed once the library no longer
  /// uses them (this waits for a search of the agent running on another thread).
  /// Status::Busy from the agent's own callback.
  Returns<void> set_context(AvailableFn available, CostFn cost = nullptr) const {
    if (!available && !cost) return clear_context();
    if (!core_) return detail::finish(goap_agent_set_callbacks(nullptr, id_.raw(), nullptr));
    if (busy_here()) return detail::fail<void>(busy("goap::Agent::set_context"));
    auto context = std::make_unique<detail::AgentContext>();
    context->core = core_;
    context->available = std::move(available);
    context->cost = std::move(cost);
    GoapAgentCallbacks c{};
    c.available = context->available ? &detail::available_trampoline : nullptr;
    c.cost = context->cost ? &detail::cost_trampoline : nullptr;
    c.user_data = context.get();
    GoapWorld* raw = core_->raw;
    const GoapAgentId id = id_.raw();
    return detail::finish(core_->with_slot(id.bits, true, [&](detail::ContextSlot* slot) {
      GoapStatus s = goap_agent_set_callbacks(raw, id, &c);
      if (s == GOAP_STATUS_OK) {
        slot->context = std::move(context);  // frees the old one: no longer in use
      } else if (s == GOAP_STATUS_UNKNOWN_AGENT) {
        slot->context.reset();  // the agent is gone (destroyed through the C API, say)
      }
      return s;
    }));
  }

  /// Removes the context callbacks and frees them (waits for a running search of the
  /// agent, like set_context).
  Returns<void> clear_context() const {
    if (!core_) return detail::finish(goap_agent_set_callbacks(nullptr, id_.raw(), nullptr));
    if (busy_here()) return detail::fail<void>(busy("goap::Agent::clear_context"));
    GoapWorld* raw = core_->raw;
    const GoapAgentId id = id_.raw();
    return detail::finish(core_->with_slot(id.bits, false, [&](detail::ContextSlot* slot) {
      GoapStatus s = goap_agent_set_callbacks(raw, id, nullptr);
      if (slot && (s == GOAP_STATUS_OK || s == GOAP_STATUS_UNKNOWN_AGENT)) slot->context.reset();
      return s;
    }));
  }

  /// Advances the agent's clock by `dt` seconds and says what to do now. With exceptions,
  /// a context callback's exception comes back as the Error's context_exception().
  Returns<Step> step(double dt) const {
    GoapStep c{};
    c.size = sizeof c;
#ifndef GOAP_NO_EXCEPTIONS
    detail::pending_exception() = nullptr;
#endif
    GoapStatus s = goap_agent_step(world(), id_.raw(), dt, &c);
    if (s != GOAP_STATUS_OK) {
#ifndef GOAP_NO_EXCEPTIONS
      Error error = Error::last(static_cast<Status>(s));
      error.set_context_exception(std::exchange(detail::pending_exception(), nullptr));
      throw error;
#else
      return Error::last(static_cast<Status>(s));
#endif
    }
    Step step;
    step.kind = static_cast<StepKind>(c.kind);
    step.replanned = c.replanned != 0;
    step.action = ActionId{c.action};
    step.goal = GoalId{c.goal};
    step.plan_index = c.plan_index;
    return step;
  }

  /// Reports the outcome of the action the last step handed out.
  Returns<void> report(Report outcome) const {
    return detail::finish(goap_agent_report(world(), id_.raw(), static_cast<int32_t>(outcome)));
  }

  Returns<AgentInfo> info() const {
    GoapAgentInfo c{};
    c.size = sizeof c;
    GoapStatus s = goap_agent_info(world(), id_.raw(), &c);
    AgentInfo info;
    info.goal = GoalId{c.goal};
    info.plan_len = c.plan_len;
    info.plan_index = c.plan_index;
    info.acting = c.acting != 0;
    info.last_cause = static_cast<ReplanCause>(c.last_cause);
    info.goal_count = c.goal_count;
    info.replans = c.replans;
    info.plan_cost = c.plan_cost;
    info.clock = c.clock;
    return detail::finish(s, info);
  }

  // Introspection: what the agent believes and wants.

  /// The domain the agent was created from (its ids belong to it).
  Returns<DomainId> domain_id() const {
    GoapDomainId out{};
    GoapStatus s = goap_agent_domain(world(), id_.raw(), &out);
    return detail::finish(s, DomainId{out});
  }
  /// The facts the agent believes true (every other one it believes false).
  Returns<std::vector<FactValue>> facts() const {
    return agent_list<FactValue, GoapFactValue>(&goap_agent_facts);
  }
  /// Every variable's believed value.
  Returns<std::vector<VarValue>> vars() const {
    return agent_list<VarValue, GoapVarValue>(&goap_agent_vars);
  }
  /// A goal's name.
  Returns<std::string> goal_name(GoalId goal) const {
    std::string out;
    GoapStatus s = detail::fill(out, [&](char* buf, uint32_t cap, uint32_t* len) {
      return goap_agent_goal_name(world(), id_.raw(), goal.raw(), buf, cap, len);
    });
    return detail::finish(s, std::move(out));
  }
  /// A goal's priority and list lengths, and whether it is met and pursued.
  Returns<GoalInfo> goal_info(GoalId goal) const {
    GoapGoalInfo c{};
    c.size = sizeof c;
    GoapStatus s = goap_agent_goal_info(world(), id_.raw(), goal.raw(), &c);
    return detail::finish(s, detail::goal_info_of(c));
  }
  /// A goal's fact conditions.
  Returns<std::vector<FactValue>> goal_conditions(GoalId goal) const {
    return goal_list<FactValue, GoapFactValue>(&goap_agent_goal_conditions, goal);
  }
  /// A goal's variable conditions.
  Returns<std::vector<VarCondition>> goal_var_conditions(GoalId goal) const {
    return goal_list<VarCondition, GoapVarCondition>(&goap_agent_goal_var_conditions, goal);
  }

  /// The rest of the plan, the current action first, into `out`.
  Returns<void> plan(std::vector<ActionId>& out) const {
    return detail::finish(
        detail::fill(out, 16, [&](ActionId* buf, uint32_t cap, uint32_t* count) {
          return goap_agent_plan(world(), id_.raw(), reinterpret_cast<GoapActionId*>(buf), cap,
                                 count);
        }));
  }

  /// The latest replans (up to 16), oldest first, into `out`.
  Returns<void> replans(std::vector<ReplanEvent>& out) const {
    GoapReplanEvent c[16];
    c[0].size = sizeof c[0];  // the array's stride
    uint32_t count = 0;
    GoapStatus s = goap_agent_replans(world(), id_.raw(), c, 16, &count);
    out.clear();
    if (s == GOAP_STATUS_OK) {
      for (uint32_t i = 0; i < count; ++i) {
        ReplanEvent e;
        e.cause = static_cast<ReplanCause>(c[i].cause);
        e.result = static_cast<ReplanResult>(c[i].result);
        e.goal = GoalId{c[i].goal};
        e.plan_len = c[i].plan_len;
        e.plan_cost = c[i].plan_cost;
        e.expanded = c[i].expanded;
        e.goals_tried = c[i].goals_tried;
        e.cache_hits = c[i].cache_hits;
        e.time = c[i].time;
        out.push_back(e);
      }
    }
    return detail::finish(s);
  }

  /// Replans of `cause` over the agent's life.
  Returns<uint64_t> replan_count(ReplanCause cause) const {
    uint64_t out = 0;
    GoapStatus s = goap_agent_replan_count(world(), id_.raw(), static_cast<int32_t>(cause), &out);
    return detail::finish(s, out);
  }

  /// Why `goal` has, or has no, plan from the believed state (a debugging call: it
  /// searches). The report goes to `out`.
  Returns<void> explain(GoalId goal, ExplainFormat format, std::string& out) const {
    return detail::finish(fill_explain(goal, format, out));
  }
  Returns<std::string> explain(GoalId goal, ExplainFormat format = ExplainFormat::Text) const {
    std::string out;
    GoapStatus s = fill_explain(goal, format, out);
    return detail::finish(s, std::move(out));
  }

 private:
  friend class World;
  Agent(detail::WorldCore* core, AgentId id) noexcept : core_(core), id_(id) {}

  template <class T, class C>
  Returns<std::vector<T>> agent_list(
      GoapStatus (*fn)(const GoapWorld*, GoapAgentId, C*, uint32_t, uint32_t*)) const {
    std::vector<T> out;
    GoapStatus s = detail::fill(out, 16, [&](T* buf, uint32_t cap, uint32_t* count) {
      return fn(world(), id_.raw(), reinterpret_cast<C*>(buf), cap, count);
    });
    return detail::finish(s, std::move(out));
  }

  template <class T, class C>
  Returns<std::vector<T>> goal_list(
      GoapStatus (*fn)(const GoapWorld*, GoapAgentId, GoapGoalId, C*, uint32_t, uint32_t*),
      GoalId goal) const {
    std::vector<T> out;
    GoapStatus s = detail::fill(out, 8, [&](T* buf, uint32_t cap, uint32_t* count) {
      return fn(world(), id_.raw(), goal.raw(), reinterpret_cast<C*>(buf), cap, count);
    });
    return detail::finish(s, std::move(out));
  }

  GoapStatus fill_explain(GoalId goal, ExplainFormat format, std::string& out) const {
    return detail::fill(out, [&](char* buf, uint32_t cap, uint32_t* len) {
      return goap_agent_explain(world(), id_.raw(), goal.raw(),
                                static_cast<int32_t>(format), buf, cap, len);
    });
  }

  /// Whether this thread runs a context callback of this agent, as the library sees it
  /// (goap_agent_info returns Busy then, before it locks anything). Asked before a slot
  /// is locked, since the thread that holds that lock may be waiting for this callback's
  /// search to end.
  bool busy_here() const noexcept {
    GoapAgentInfo info{};
    info.size = sizeof info;
    return goap_agent_info(core_->raw, id_.raw(), &info) == GOAP_STATUS_BUSY;
  }

  static Error busy(const char* function) {
    return Error(Status::Busy, std::string(function) +
                                   ": called from a context callback of this agent (the agent "
                                   "is locked by the call running the callback)");
  }

  detail::WorldCore* core_ = nullptr;
  AgentId id_;
};

// ---------------------------------------------------------------------------------------
// World.

/// The root object: owns domains, agents, the plan cache and the context callbacks
/// installed through the wrapper. Move-only; a default-constructed or moved-from World is
/// empty (its calls fail with Status::NullPointer).
class World {
 public:
  World() = default;
  World(World&&) noexcept = default;
  World& operator=(World&&) noexcept = default;
  World(const World&) = delete;
  World& operator=(const World&) = delete;
  ~World() = default;

  /// Creates a world, after checking the linked library's version against this header.
  static Returns<World> create(const WorldSettings& settings = {}) {
    const uint32_t v = goap_version();
    if ((v >> 16) != GOAP_VERSION_MAJOR ||
        (GOAP_VERSION_MAJOR == 0 && ((v >> 8) & 0xffu) != GOAP_VERSION_MINOR)) {
      return detail::fail<World>(Error(
          Status::VersionMismatch,
          std::string("goap::World::create: the linked library is version ") +
              goap_version_string() + ", goap.h is " + std::to_string(GOAP_VERSION_MAJOR) +
              "." + std::to_string(GOAP_VERSION_MINOR) + " (a different " +
              (GOAP_VERSION_MAJOR == 0 ? "0.x minor" : "major") + " version is not compatible)"));
    }
    GoapWorldDef def = goap_world_def_default();
    def.max_idle_planners = settings.max_idle_planners;
    def.worker_threads = settings.worker_threads;
    def.plan_cache_capacity = settings.plan_cache_capacity;
    def.enqueue_task = settings.enqueue_task;
    def.finish_task = settings.finish_task;
    def.user_task_context = settings.user_task_context;
    // The core first: were its allocation to fail, no native world would leak.
    std::unique_ptr<detail::WorldCore> core(new detail::WorldCore());
    GoapStatus s = goap_world_create(&def, &core->raw);
    if (s != GOAP_STATUS_OK) return detail::finish(s, World());
    World world;
    world.core_.reset(core.release());
    return world;
  }

  /// True unless empty.
  explicit operator bool() const noexcept { return core_ != nullptr; }
  /// The native world (for the C functions), or NULL when empty.
  GoapWorld* get() const noexcept { return core_ ? core_->raw : nullptr; }
  /// Destroys the world and everything in it now; the World becomes empty.
  void reset() noexcept { core_.reset(); }

  /// Creates an empty domain (the name is used in error messages).
  Returns<Domain> create_domain(std::string_view name = {}) const {
    auto n = detail::len32(name.size());
    if (!n) return detail::fail<Domain>(detail::too_long("goap::World::create_domain", "name"));
    GoapDomainDef def = goap_domain_def_default();
    def.name = name.data();
    def.name_len = *n;
    GoapDomainId out{};
    GoapStatus s = goap_domain_create(get(), &def, &out);
    return detail::finish(s, Domain(get(), DomainId{out}));
  }

  /// Creates a domain from a domain file's text (JSON; errors give line:column).
  Returns<Domain> load_domain(std::string_view json) const {
    auto n = detail::len32(json.size());
    if (!n) return detail::fail<Domain>(detail::too_long("goap::World::load_domain", "text"));
    GoapDomainId out{};
    GoapStatus s = goap_domain_load_json(get(), json.data(), *n, &out);
    return detail::finish(s, Domain(get(), DomainId{out}));
  }

  /// The domain with this id (no call is made; a wrong id fails at first use).
  Domain domain(DomainId id) const noexcept { return Domain(get(), id); }

  Returns<Agent> create_agent(const AgentSettings& settings) const {
    GoapAgentDef def = goap_agent_def_default();
    def.domain = settings.domain.raw();
    def.switch_margin = settings.switch_margin;
    def.failure_cooldown = settings.failure_cooldown;
    def.plan_in_step = settings.plan_in_step ? 1 : 0;
    def.max_nodes = settings.max_nodes;
    def.heuristic = static_cast<int32_t>(settings.heuristic);
    def.step_max_expansions = settings.step_max_expansions;
    def.step_max_micros = settings.step_max_micros;
    def.direction = static_cast<int32_t>(settings.direction);
    GoapAgentId out{};
    GoapStatus s = goap_agent_create(get(), &def, &out);
    return detail::finish(s, Agent(core_.get(), AgentId{out}));
  }
  /// An agent of `domain` with the default settings.
  Returns<Agent> create_agent(const Domain& domain) const {
    return create_agent(AgentSettings::for_domain(domain.id()));
  }

  /// The agent with this id (no call is made; a wrong id fails at first use).
  Agent agent(AgentId id) const noexcept { return Agent(core_.get(), id); }

  Returns<uint32_t> agent_count() const {
    uint32_t out = 0;
    GoapStatus s = goap_agent_count(get(), &out);
    return detail::finish(s, out);
  }

  /// Writes one fact into the beliefs of several agents (goap_agents_set_fact): all are
  /// checked first and none is written on error; the message names the entry.
  Returns<void> set_fact_on(const std::vector<AgentId>& agents, FactId fact, bool value) const {
    auto n = detail::len32(agents.size());
    if (!n) return detail::fail<void>(detail::too_long("goap::World::set_fact_on", "agents"));
    static_assert(sizeof(AgentId) == sizeof(GoapAgentId), "AgentId is a GoapAgentId");
    return detail::finish(goap_agents_set_fact(get(),
                                               reinterpret_cast<const GoapAgentId*>(agents.data()),
                                               *n, fact.raw(), value ? 1 : 0));
  }

  /// Writes one variable value into the beliefs of several agents (goap_agents_set_var).
  Returns<void> set_var_on(const std::vector<AgentId>& agents, VarId var, int32_t value) const {
    auto n = detail::len32(agents.size());
    if (!n) return detail::fail<void>(detail::too_long("goap::World::set_var_on", "agents"));
    return detail::finish(goap_agents_set_var(get(),
                                              reinterpret_cast<const GoapAgentId*>(agents.data()),
                                              *n, var.raw(), value));
  }

  /// Plans the agents that need a plan, within `options`' budget. Exceptions thrown by
  /// context callbacks are counted in BatchStats::callback_errors and dropped.
  Returns<BatchStats> plan_agents(const BatchOptions& options = {}) const {
    GoapBatchOptions c = goap_batch_options_default();
    c.max_agents = options.max_agents;
    c.threads = options.threads;
    c.max_nodes = options.max_nodes;
    GoapBatchStats out{};
    out.size = sizeof out;
    GoapStatus s = goap_world_plan_agents(get(), &c, &out);
#ifndef GOAP_NO_EXCEPTIONS
    detail::pending_exception() = nullptr;
#endif
    BatchStats stats;
    stats.planned = out.planned;
    stats.waiting = out.waiting;
    stats.callback_errors = out.callback_errors;
    stats.threads = out.threads;
    stats.expanded = out.expanded;
    stats.cache_hits = out.cache_hits;
    stats.out_of_memory = out.out_of_memory;
    return detail::finish(s, stats);
  }

  Returns<CacheStats> cache_stats() const {
    GoapCacheStats out{};
    out.size = sizeof out;
    GoapStatus s = goap_world_cache_stats(get(), &out);
    CacheStats stats;
    stats.hits = out.hits;
    stats.misses = out.misses;
    stats.evictions = out.evictions;
    stats.entries = out.entries;
    stats.capacity = out.capacity;
    return detail::finish(s, stats);
  }

  /// Empties the plan cache and resets its counters.
  Returns<void> clear_cache() const { return detail::finish(goap_world_clear_cache(get())); }

  /// Starts the flight recorder into a file (created, or truncated; `path` UTF-8): a
  /// checkpoint of the world, then every input and decision. `window` 0 streams
  /// everything; > 0 is ring mode, keeping only the last `window` seconds (in memory,
  /// written at stop_recording). Status::RecordingFailed when the world records already
  /// or the file cannot be created; Status::InvalidArgument for a NaN, infinite or
  /// negative window.
  Returns<void> start_recording(std::string_view path, double window = 0) const {
    auto n = detail::len32(path.size());
    if (!n) return detail::fail<void>(detail::too_long("goap::World::start_recording", "path"));
    GoapRecordOptions options = goap_record_options_default();
    options.window = window;
    if (!core_) return detail::finish(goap_world_record_start(nullptr, path.data(), *n, &options));
    std::lock_guard<std::mutex> lock(core_->record_mutex);
    return detail::finish(goap_world_record_start(get(), path.data(), *n, &options));
  }

  /// start_recording with the bytes handed to `write` (see RecordWriteFn) instead of a
  /// file: concatenated, they are the recording. The World keeps `write` until the
  /// recording stops (or the World is destroyed, which drops the recording).
  Returns<void> start_recording(RecordWriteFn write, double window = 0) const {
    if (!write) {
      return detail::fail<void>(
          Error(Status::NullPointer, "goap::World::start_recording: write is empty"));
    }
    GoapRecordOptions options = goap_record_options_default();
    options.window = window;
    if (!core_) {
      GoapRecordWriter none{};
      return detail::finish(goap_world_record_start_callback(nullptr, &none, &options));
    }
    std::unique_ptr<detail::RecordSink> sink(new detail::RecordSink());
    sink->write = std::move(write);
    sink->frame.core = core_.get();
    GoapRecordWriter writer{};
    writer.write = &detail::record_write_trampoline;
    writer.user_data = sink.get();
    std::lock_guard<std::mutex> lock(core_->record_mutex);
    GoapStatus s = goap_world_record_start_callback(get(), &writer, &options);
    // On failure the native recording (if any) keeps its own sink; on success any sink
    // kept is one whose recording was stopped through the C API.
    if (s == GOAP_STATUS_OK) core_->record_sink = std::move(sink);
    return detail::finish(s);
  }

  /// Stops the recording: writes what ring mode kept and the end record, and flushes.
  /// Status::RecordingFailed when the world is not recording, or its writer failed (a
  /// file write, or a RecordWriteFn that returned false or threw): the recording has
  /// stopped all the same, and is incomplete.
  Returns<RecordStats> stop_recording() const {
    GoapRecordStats out{};
    out.size = sizeof out;
    RecordStats stats;
    if (!core_) return detail::finish(goap_world_record_stop(nullptr, &out), stats);
    std::unique_lock<std::mutex> lock(core_->record_mutex);
    GoapStatus s = goap_world_record_stop(get(), &out);
    // Read before another call can replace this thread's last error.
    Error error = s == GOAP_STATUS_OK ? Error() : Error::last(static_cast<Status>(s));
    int32_t on = 1;
    std::unique_ptr<detail::RecordSink> done;
    if (goap_world_is_recording(get(), &on) == GOAP_STATUS_OK && on == 0) {
      done = std::move(core_->record_sink);  // no write can come any more
    }
    lock.unlock();
    if (s != GOAP_STATUS_OK) return detail::fail<RecordStats>(std::move(error));
    stats.records = out.records;
    stats.bytes = out.bytes;
    stats.dropped = out.dropped;
    return stats;
  }

  /// True while the world records.
  Returns<bool> is_recording() const {
    int32_t out = 0;
    GoapStatus s = goap_world_is_recording(get(), &out);
    return detail::finish(s, out != 0);
  }

  /// Worlds alive in this process (a leak check).
  static uint32_t live_count() noexcept { return goap_world_live_count(); }

 private:
  std::unique_ptr<detail::WorldCore, detail::WorldCoreDeleter> core_;
};

/// Replays a recording (World::start_recording) in a new world of its own and checks
/// every decision. Status::ReplayDiverged when a decision differed (the message says where
/// and what); Status::InvalidArgument when `bytes` is not a whole recording (not one,
/// truncated or corrupted: the message says what is wrong and where).
inline Returns<ReplaySummary> replay(Span<uint8_t> bytes) {
  GoapReplaySummary out{};
  out.size = sizeof out;
  GoapStatus s = goap_replay(bytes.data(), static_cast<uint64_t>(bytes.size()), &out);
  ReplaySummary summary;
  summary.records = out.records;
  summary.agents = out.agents;
  summary.steps = out.steps;
  summary.replans = out.replans;
  summary.batches = out.batches;
  summary.window = out.window;
  return detail::finish(s, summary);
}

// ---------------------------------------------------------------------------------------
// Validating a domain file (no World needed).

/// How serious a Diagnostic is (goap.h's GoapSeverity).
enum class Severity : int32_t {
  /// The file cannot be loaded (World::load_domain would fail with this message).
  Error = GOAP_SEVERITY_ERROR,
  /// The file loads, but something in it is almost certainly a mistake.
  Warning = GOAP_SEVERITY_WARNING,
};

/// One finding of goap::validate (goap.h's GoapDiagnostic, with its message).
struct Diagnostic {
  Severity severity = Severity::Error;
  /// 1-based line; 0 when unknown.
  int line = 0;
  /// 1-based column in characters (not bytes); 0 when unknown.
  int column = 0;
  /// What is wrong (UTF-8), without the position.
  std::string message;
};

/// Checks a domain file's text (UTF-8 JSON, as World::load_domain reads it) without loading
/// it: goap_validate_json. A file that does not load gives one Severity::Error diagnostic
/// (its first error; text that is not UTF-8 included); one that loads gives a
/// Severity::Warning per lint finding, in file order; a clean file gives none. A bad file
/// is not a failure: this fails only when the library does (Status::OutOfMemory,
/// Status::TooMany for text longer than UINT32_MAX bytes). Thread-safe.
inline Returns<std::vector<Diagnostic>> validate(std::string_view json) {
  auto len = detail::len32(json.size());
  if (!len) {
    return detail::fail<std::vector<Diagnostic>>(detail::too_long("goap::validate", "json"));
  }
  std::vector<GoapDiagnostic> found;
  std::string messages;
  GoapValidation r{};
  r.size = sizeof r;
  GoapStatus s;
  for (;;) {
    s = goap_validate_json(json.data(), *len, found.data(), static_cast<uint32_t>(found.size()),
                           messages.empty() ? nullptr : &messages[0],
                           static_cast<uint32_t>(messages.size()), &r);
    if (s != GOAP_STATUS_BUFFER_TOO_SMALL) break;
    found.resize(r.diagnostic_count);  // the same text: the same diagnostics again
    if (!found.empty()) found[0].size = sizeof found[0];  // the array's stride
    messages.resize(r.message_bytes);
  }
  std::vector<Diagnostic> out;
  if (s != GOAP_STATUS_OK) return detail::finish(s, std::move(out));
  out.reserve(r.diagnostic_count);
  for (uint32_t i = 0; i < r.diagnostic_count; ++i) {
    const GoapDiagnostic& d = found[i];
    Diagnostic diagnostic;
    diagnostic.severity = static_cast<Severity>(d.severity);
    diagnostic.line = static_cast<int>(d.line);
    diagnostic.column = static_cast<int>(d.column);
    diagnostic.message.assign(messages, d.message_start, d.message_len);
    out.push_back(std::move(diagnostic));
  }
  return out;
}

}  // namespace goap

namespace std {
template <class Tag, class C>
struct hash<goap::detail::Id<Tag, C>> {
  std::size_t operator()(goap::detail::Id<Tag, C> id) const noexcept {
    return std::hash<uint64_t>()(id.bits());
  }
};
}  // namespace std

#endif  // GOAP_HPP
