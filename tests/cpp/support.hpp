/*
 * support.hpp: helpers that let most wrapper tests be written once for both modes of
 * goap.hpp (exceptions, and GOAP_NO_EXCEPTIONS with goap::Result returns).
 *
 *   ATTEMPT(call)                      the call as a goap::Result<T> in both modes (with
 *                                      exceptions a thrown goap::Error becomes the error)
 *   OK(call)                           the call's value; a failure is a failed check (the
 *                                      value is then T{}) and the test goes on
 *   CHECK_FAILS(call, status, part)    the call fails with `status` and a message holding
 *                                      `part`; returns the goap::Error (with exceptions it
 *                                      keeps context_exception())
 *
 * Also: printers for the wrapper's types, the sample domains (examples/domains, as the
 * other tests use them) and the kitchen domain written out by hand.
 */
#ifndef GOAP_TESTS_SUPPORT_HPP
#define GOAP_TESTS_SUPPORT_HPP

#include "check.hpp"
#include "goap.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// Under valgrind a forked child skips the exit-time leak check (see run_in_child).
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define SUPPORT_HAVE_VALGRIND 1
#endif
#endif

namespace check {
template <>
struct Printer<goap::Status> {
  static std::string print(goap::Status s) {
    return std::string(goap::status_name(s)) + " (" + std::to_string(static_cast<int>(s)) + ")";
  }
};
template <class Tag, class C>
struct Printer<goap::detail::Id<Tag, C>> {
  static std::string print(goap::detail::Id<Tag, C> id) {
    if (id.is_null()) return "null id";
    std::ostringstream out;
    out << "id 0x" << std::hex << id.bits();
    return out.str();
  }
};
template <class T>
struct Printer<std::vector<T>> {
  static std::string print(const std::vector<T>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + show(v[i]);
    return out + "]";
  }
};
}  // namespace check

namespace support {

#if defined(__SANITIZE_ADDRESS__)
#define SUPPORT_SANITIZED "+asan"
#else
#define SUPPORT_SANITIZED ""
#endif
#ifdef GOAP_NO_EXCEPTIONS
inline constexpr const char* kMode = "no-exceptions" SUPPORT_SANITIZED;
#else
inline constexpr const char* kMode = "exceptions" SUPPORT_SANITIZED;
#endif

template <class R>
struct ResultOf {
  using type = goap::Result<R>;
};

/// Runs `call` and gives its outcome as a goap::Result in both modes.
template <class F>
auto attempt(F&& call) {
  using R = decltype(call());
#ifdef GOAP_NO_EXCEPTIONS
  return R(call());  // already a goap::Result<T>
#else
  using Res = goap::Result<R>;
  try {
    if constexpr (std::is_void_v<R>) {
      call();
      return Res();
    } else {
      return Res(call());
    }
  } catch (const goap::Error& e) {
    return Res(e);
  }
#endif
}

template <class T>
struct Unwrap;
template <class T>
struct Unwrap<goap::Result<T>> {
  using type = T;
};

template <class F>
auto ok(F&& call, const char* expr, const char* file, int line) {
  auto result = attempt(std::forward<F>(call));
  using T = typename Unwrap<decltype(result)>::type;
  if (!result.ok()) {
    check::fail(file, line,
                std::string("OK(") + expr + ") failed: " + check::show(result.status()) + ": " +
                    result.error().message());
  }
  if constexpr (std::is_void_v<T>) {
    return;
  } else {
    if (!result.ok()) return T{};
    return std::move(result).value();
  }
}

template <class F>
goap::Error fails(F&& call, goap::Status status, std::string_view part, const char* expr,
                  const char* file, int line) {
  auto result = attempt(std::forward<F>(call));
  if (result.ok()) {
    check::fail(file, line,
                std::string("CHECK_FAILS(") + expr + "): succeeded, expected " +
                    check::show(status));
    return goap::Error();
  }
  if (result.status() != status) {
    check::fail(file, line,
                std::string("CHECK_FAILS(") + expr + "): " + check::show(result.status()) +
                    ", expected " + check::show(status) + " (message: " +
                    result.error().message() + ")");
  }
  check::check_contains(result.error().message(), part, expr, "message part", file, line);
  return result.error();
}

/// The sample domains' directory (set by main from argv[1]).
inline std::string& domains_dir() {
  static std::string dir = "examples/domains";
  return dir;
}

/// A domain file's text ("" and a failed check when it cannot be read).
inline std::string read_domain(const std::string& file) {
  const std::string path = domains_dir() + "/" + file;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || text.str().empty()) check::fail(__FILE__, __LINE__, "cannot read " + path);
  return text.str();
}

/// The kitchen domain (examples/domains/kitchen.json), written out by hand.
struct KitchenAction {
  const char* name;
  double cost;
  std::vector<int> pre;      // fact indices that must be true
  std::vector<int> effects;  // fact indices made true
};
inline const std::vector<const char*>& kitchen_facts() {
  static const std::vector<const char*> facts = {"菜已买", "菜已洗", "菜已切", "菜已炒",
                                                 "肉已买", "肉已熟", "饭已熟", "晚餐完成"};
  return facts;
}
inline const std::vector<KitchenAction>& kitchen_actions() {
  static const std::vector<KitchenAction> actions = {
      {"洗菜", 1, {0}, {1}}, {"切菜", 1, {1}, {2}}, {"炒菜", 2, {2}, {3}},
      {"买肉", 3, {}, {4}},  {"炖肉", 4, {4}, {5}}, {"蒸饭", 5, {}, {6}},
      {"摆盘", 1, {3, 5, 6}, {7}}};
  return actions;
}
inline constexpr int kKitchenStart = 0;   // 菜已买
inline constexpr int kKitchenGoal = 7;    // 晚餐完成
inline constexpr double kKitchenOptimal = 17;  // examples/domains/README.md

/// Replays action names through the hand-written kitchen semantics: true when every
/// precondition holds in turn and the goal holds at the end; `cost` gets the sum.
inline bool replay_kitchen(const std::vector<std::string>& names, double& cost) {
  std::vector<bool> state(kitchen_facts().size(), false);
  state[kKitchenStart] = true;
  cost = 0;
  for (const std::string& name : names) {
    const KitchenAction* found = nullptr;
    for (const KitchenAction& a : kitchen_actions()) {
      if (name == a.name) found = &a;
    }
    if (!found) return false;
    for (int p : found->pre) {
      if (!state[p]) return false;
    }
    for (int e : found->effects) state[e] = true;
    cost += found->cost;
  }
  return state[kKitchenGoal];
}

/// How a forked child ended, and what it wrote to its stderr.
struct ChildResult {
  bool ran = false;  // fork and pipe worked
  bool exited = false;
  int exit_code = -1;
  bool signaled = false;
  int signal = 0;
  std::string stderr_text;
};

/// What a child run under valgrind writes last before it ends itself (see run_in_child).
constexpr char kChildDone[] = "\n[support: child done]\n";

/// Runs `body` in a forked child whose stderr goes to a pipe; the child ends with
/// _exit(0) unless `body` ends it first (under valgrind, with no error found, by SIGKILL
/// after kChildDone, reported as exit status 0). No core file is written (valgrind's
/// included), and scripts/test-cpp.sh runs valgrind with --child-silent-after-fork=yes.
template <class F>
ChildResult run_in_child(F&& body) {
  ChildResult result;
  int fds[2];
  if (pipe(fds) != 0) return result;
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return result;
  }
  if (child == 0) {
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    close(fds[0]);
    dup2(fds[1], 2);
    body();
#ifdef SUPPORT_HAVE_VALGRIND
    // The child's memory is a copy of the parent's, taken with its threads gone, and a body
    // may leak a world on purpose, so valgrind's leak check at the child's exit (possible
    // leaks are errors by default) would fail it. valgrind cannot be told to skip that
    // check, so a child that has found no error ends by SIGKILL after a marker, which the
    // parent reads as exit status 0. One that has found errors exits, and fails.
    if (RUNNING_ON_VALGRIND && VALGRIND_COUNT_ERRORS == 0) {
      std::fputs(kChildDone, stderr);
      std::fflush(stderr);
      kill(getpid(), SIGKILL);
    }
#endif
    std::fflush(stderr);
    _exit(0);
  }
  close(fds[1]);
  char buf[512];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0) {
      result.stderr_text.append(buf, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(fds[0]);
  int status = 0;
  if (waitpid(child, &status, 0) != child) return result;
  result.ran = true;
  result.exited = WIFEXITED(status);
  if (result.exited) result.exit_code = WEXITSTATUS(status);
  result.signaled = WIFSIGNALED(status);
  if (result.signaled) result.signal = WTERMSIG(status);
  const std::size_t marker = result.stderr_text.size() >= sizeof kChildDone - 1
                                 ? result.stderr_text.size() - (sizeof kChildDone - 1)
                                 : std::string::npos;
  if (result.signaled && result.signal == SIGKILL && marker != std::string::npos &&
      result.stderr_text.compare(marker, std::string::npos, kChildDone) == 0) {
    result.stderr_text.resize(marker);
    result.signaled = false;
    result.signal = 0;
    result.exited = true;
    result.exit_code = 0;
  }
  return result;
}

}  // namespace support

#define ATTEMPT(call) ::support::attempt([&]() -> decltype(auto) { return call; })
#define OK(call) ::support::ok([&]() -> decltype(auto) { return call; }, #call, __FILE__, __LINE__)
#define CHECK_FAILS(call, status, part)                                                   \
  ::support::fails([&]() -> decltype(auto) { return call; }, (status), (part), #call, \
                   __FILE__, __LINE__)

namespace support {

/// Two ways through a door: pick the lock (1), or fetch a crowbar (2) and break it (3).
struct Door {
  goap::Domain domain;
  goap::FactId open, crowbar;
  goap::ActionId pick_lock, fetch_crowbar, break_door;

  explicit Door(const goap::World& world) {
    using goap::FactValue;
    domain = OK(world.create_domain("door"));
    open = OK(domain.add_fact("door_open"));
    crowbar = OK(domain.add_fact("has_crowbar"));
    pick_lock = OK(domain.add_action("pick_lock", 1, {}, {FactValue(open, true)}));
    fetch_crowbar = OK(domain.add_action("fetch_crowbar", 2, {}, {FactValue(crowbar, true)}));
    break_door = OK(domain.add_action("break_door", 3, {FactValue(crowbar, true)},
                                      {FactValue(open, true)}));
  }

  /// An agent with the one goal "open the door" (its first: goal_at(0)).
  goap::Agent agent(const goap::World& world, double cooldown = 0,
                    bool plan_in_step = true,
                    goap::Heuristic heuristic = goap::Heuristic::Auto) const {
    goap::AgentSettings settings = goap::AgentSettings::for_domain(domain.id());
    settings.failure_cooldown = cooldown;
    settings.plan_in_step = plan_in_step;
    settings.heuristic = heuristic;
    goap::Agent a = OK(world.create_agent(settings));
    goap::GoalDef goal;
    goal.name = "open the door";
    goal.facts = {goap::FactValue(open, true)};
    const goap::GoalId id = OK(a.add_goal(goal));
    CHECK(!id.is_null());
    CHECK_EQ(OK(a.goal_at(0)), id);
    return a;
  }
};

}  // namespace support

#endif  // GOAP_TESTS_SUPPORT_HPP
