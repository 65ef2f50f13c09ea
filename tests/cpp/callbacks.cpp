// Context callbacks through Agent::set_context (the lambda trampolines): what they see,
// how they change plans, who owns their captures, re-entry (Busy), failures and
// exceptions (CallbackFailed), batch planning, and agents stepped on several threads.
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "support.hpp"

namespace {

using goap::ActionId;
using goap::AgentId;
using goap::FactId;
using goap::FactValue;
using goap::Status;
using goap::StepKind;
using support::Door;

const double kNaN = std::numeric_limits<double>::quiet_NaN();

#ifndef GOAP_NO_EXCEPTIONS
struct Boom : std::runtime_error {
  int code;
  Boom(const char* what, int c) : std::runtime_error(what), code(c) {}
};
#endif

}  // namespace

TEST(available_callback_sees_its_agent_and_every_action_and_changes_the_plan) {
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent agent = door.agent(world);
  goap::Agent bystander = door.agent(world);
  int calls = 0;
  std::set<uint64_t> actions_seen;
  bool wrong_agent = false;
  const AgentId me = agent.id();
  OK(agent.set_context([&](AgentId who, ActionId action) {
    ++calls;
    wrong_agent = wrong_agent || who != me;
    actions_seen.insert(action.bits());
    return action != door.pick_lock;
  }));
  goap::Step step = OK(agent.step(0));
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK_EQ(step.action, door.fetch_crowbar);  // the lock is unavailable
  CHECK_EQ(calls, 3);                          // once per action, for the one search
  CHECK(!wrong_agent);
  CHECK(actions_seen == (std::set<uint64_t>{door.pick_lock.bits(), door.fetch_crowbar.bits(),
                                            door.break_door.bits()}));
  // Following the plan asks nothing.
  OK(agent.report(goap::Report::Running));
  CHECK_EQ(OK(agent.step(0)).kind, StepKind::Continue);
  CHECK_EQ(calls, 3);
  // Another agent of the world is not affected.
  CHECK_EQ(OK(bystander.step(0)).action, door.pick_lock);
  CHECK_EQ(calls, 3);
  // A disabled action is not asked about.
  goap::Agent partial = door.agent(world);
  int partial_calls = 0;
  OK(partial.set_action_enabled(door.break_door, false));
  OK(partial.set_context([&](AgentId, ActionId) {
    ++partial_calls;
    return true;
  }));
  CHECK_EQ(OK(partial.step(0)).action, door.pick_lock);
  CHECK_EQ(partial_calls, 2);

  // clear_context: the next search asks nobody and takes the cheap way again.
  OK(agent.clear_context());
  OK(agent.report(goap::Report::Failed));
  step = OK(agent.step(0));
  CHECK(step.replanned);
  CHECK_EQ(step.action, door.pick_lock);
  CHECK_EQ(calls, 3);
  OK(agent.clear_context());  // clearing twice is fine
}

TEST(cost_callback_overrides_costs_and_sees_the_cost_so_far) {
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent agent = door.agent(world);
  OK(agent.set_action_cost(door.pick_lock, 7));  // what the callback is told
  double told_pick = -1, told_fetch = -1;
  int available_calls = 0;
  OK(agent.set_context(
      [&](AgentId, ActionId) {
        ++available_calls;
        return true;
      },
      [&](AgentId who, ActionId action, double cost) {
        CHECK(who == agent.id());
        if (action == door.pick_lock) told_pick = cost;
        if (action == door.fetch_crowbar) told_fetch = cost;
        return action == door.pick_lock ? 100.0 : cost;
      }));
  goap::Step step = OK(agent.step(0));
  CHECK_EQ(step.action, door.fetch_crowbar);  // 2 + 3 < 100
  CHECK_EQ(OK(agent.info()).plan_cost, 5.0);
  CHECK_EQ(told_pick, 7.0);   // the agent's override
  CHECK_EQ(told_fetch, 2.0);  // the domain's cost
  CHECK_EQ(available_calls, 3);

  // A cost callback alone (no availability callback).
  goap::Agent cost_only = door.agent(world);
  OK(cost_only.set_context(nullptr, [&](AgentId, ActionId action, double cost) {
    return action == door.break_door ? 0.0 : cost;
  }));
  CHECK_EQ(OK(cost_only.step(0)).action, door.pick_lock);  // 1 < 2 + 0
  goap::Agent free_crowbar = door.agent(world);
  OK(free_crowbar.set_context(nullptr, [&](AgentId, ActionId action, double cost) {
    return action == door.pick_lock ? cost : 0.25;
  }));
  CHECK_EQ(OK(free_crowbar.step(0)).action, door.fetch_crowbar);  // 0.5 < 1
  CHECK_EQ(OK(free_crowbar.info()).plan_cost, 0.5);
}

TEST(replaced_and_destroyed_contexts_free_their_captures) {
  auto token = std::make_shared<int>(7);
  {
    goap::World world = OK(goap::World::create());
    const Door door(world);
    goap::Agent agent = door.agent(world);
    auto capture = [token](AgentId, ActionId) { return *token == 7; };
    OK(agent.set_context(capture));
    CHECK_EQ(token.use_count(), 3);  // token, capture, the world's copy
    OK(agent.step(0));
    // Replaced: the old callable is freed.
    OK(agent.set_context([](AgentId, ActionId) { return true; }));
    CHECK_EQ(token.use_count(), 2);
    // Cleared.
    OK(agent.set_context(capture));
    CHECK_EQ(token.use_count(), 3);
    OK(agent.clear_context());
    CHECK_EQ(token.use_count(), 2);
    // Both callables empty: the same as clearing.
    OK(agent.set_context(capture, [token](AgentId, ActionId, double c) { return c; }));
    CHECK_EQ(token.use_count(), 4);
    OK(agent.set_context(nullptr, nullptr));
    CHECK_EQ(token.use_count(), 2);
    // Destroyed with the agent.
    OK(agent.set_context(capture));
    CHECK_EQ(token.use_count(), 3);
    OK(agent.destroy());
    CHECK_EQ(token.use_count(), 2);
    // A failed set_context (the agent is gone) keeps nothing.
    CHECK_FAILS(agent.set_context(capture), Status::UnknownAgent, "is stale");
    CHECK_EQ(token.use_count(), 2);
    // Freed with the world.
    goap::Agent a1 = door.agent(world);
    goap::Agent a2 = door.agent(world);
    OK(a1.set_context(capture));
    OK(a2.set_context(capture, [token](AgentId, ActionId, double c) { return c; }));
    CHECK_EQ(token.use_count(), 5);
    OK(a2.step(0));
  }
  CHECK_EQ(token.use_count(), 1);
  // reset() frees them too.
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent agent = door.agent(world);
  OK(agent.set_context([token](AgentId, ActionId) { return true; }));
  CHECK_EQ(token.use_count(), 2);
  world.reset();
  CHECK_EQ(token.use_count(), 1);
}

TEST(callback_reentry_is_busy_and_other_agents_are_reachable) {
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent a = door.agent(world);
  goap::Agent b = door.agent(world);
  struct Seen {
    Status set_fact = Status::Ok, get_fact = Status::Ok, set_context = Status::Ok,
           clear_context = Status::Ok, destroy = Status::Ok, plan_agents = Status::Ok,
           step_self = Status::Ok, step_other = Status::Ok, set_other = Status::Ok,
           outer_from_inner = Status::Ok;
    std::string set_context_message, destroy_message, set_fact_message, plan_agents_message;
    StepKind other_kind = StepKind::Idle;
    int inner_calls = 0;
    bool inner_saw_b = true;
    int outer_calls = 0;
  } seen;
  // b's own context, asked when a's callback steps b (nested callbacks).
  OK(b.set_context([&](AgentId who, ActionId) {
    ++seen.inner_calls;
    seen.inner_saw_b = seen.inner_saw_b && who == b.id();
    // a is locked by the outer step: re-entry from the inner callback is refused too.
    seen.outer_from_inner = ATTEMPT(a.set_context([](AgentId, ActionId) { return true; })).status();
    return true;
  }));
  OK(a.set_context([&](AgentId, ActionId action) {
    if (seen.outer_calls++ > 0) return true;  // probe on the first call only
    auto r1 = ATTEMPT(a.set_fact(door.crowbar, true));
    seen.set_fact = r1.status();
    seen.set_fact_message = r1.error().message();
    seen.get_fact = ATTEMPT(a.get_fact(door.open)).status();
    auto r2 = ATTEMPT(a.set_context([](AgentId, ActionId) { return true; }));
    seen.set_context = r2.status();
    seen.set_context_message = r2.error().message();
    seen.clear_context = ATTEMPT(a.clear_context()).status();
    auto r3 = ATTEMPT(a.destroy());
    seen.destroy = r3.status();
    seen.destroy_message = r3.error().message();
    auto r4 = ATTEMPT(world.plan_agents());
    seen.plan_agents = r4.status();
    seen.plan_agents_message = r4.error().message();
    seen.step_self = ATTEMPT(a.step(0)).status();
    // Other agents are fine: step b (its callbacks run nested) and edit it.
    auto other = ATTEMPT(b.step(0));
    seen.step_other = other.status();
    if (other.ok()) seen.other_kind = other.value().kind;
    seen.set_other = ATTEMPT(b.set_action_cost(door.pick_lock, 2)).status();
    return action != door.pick_lock;
  }));
  goap::Step step = OK(a.step(0));
  CHECK_EQ(step.action, door.fetch_crowbar);
  CHECK_EQ(seen.outer_calls, 3);
  CHECK_EQ(seen.set_fact, Status::Busy);
  CHECK_CONTAINS(seen.set_fact_message, "goap_agent_set_fact");
  CHECK_EQ(seen.get_fact, Status::Busy);
  CHECK_EQ(seen.set_context, Status::Busy);
  CHECK_CONTAINS(seen.set_context_message, "goap::Agent::set_context");
  CHECK_EQ(seen.clear_context, Status::Busy);
  CHECK_EQ(seen.destroy, Status::Busy);
  CHECK_CONTAINS(seen.destroy_message, "goap::Agent::destroy");
  CHECK_EQ(seen.plan_agents, Status::Busy);
  CHECK_CONTAINS(seen.plan_agents_message, "goap_world_plan_agents");
  CHECK_EQ(seen.step_self, Status::Busy);
  CHECK_EQ(seen.step_other, Status::Ok);
  CHECK_EQ(seen.other_kind, StepKind::Start);
  CHECK_EQ(seen.set_other, Status::Ok);
  CHECK_EQ(seen.inner_calls, 3);
  CHECK(seen.inner_saw_b);
  CHECK_EQ(seen.outer_from_inner, Status::Busy);
  // Nothing a refused call would have done happened: a lives on, its fact unchanged.
  CHECK(!OK(a.get_fact(door.crowbar)));
  CHECK_EQ(OK(world.agent_count()), 2u);
  // After the callbacks, the same calls work.
  OK(a.clear_context());
  OK(a.destroy());
  CHECK_EQ(OK(world.agent_count()), 1u);
}

TEST(failing_cost_callback_is_callback_failed_and_the_next_step_asks_again) {
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent agent = door.agent(world);
  int calls = 0;
  bool fail = true;
  OK(agent.set_context(nullptr, [&](AgentId, ActionId, double cost) {
    ++calls;
    return fail ? kNaN : cost;
  }));
  goap::Error e = CHECK_FAILS(agent.step(0.5), Status::CallbackFailed, "NaN");
  CHECK_CONTAINS(e.message(), "goap_agent_step");
#ifndef GOAP_NO_EXCEPTIONS
  CHECK(e.context_exception() == nullptr);  // no C++ exception was involved
#endif
  CHECK(calls >= 1);
  const int after_first = calls;
  goap::AgentInfo info = OK(agent.info());
  CHECK_EQ(info.clock, 0.5);  // the clock advanced
  CHECK_EQ(info.plan_len, 0u);
  CHECK_FAILS(agent.step(0), Status::CallbackFailed, "NaN");
  CHECK(calls > after_first);  // asked again
  fail = false;
  CHECK_EQ(OK(agent.step(0)).action, door.pick_lock);
  // An out-of-range cost fails the same way.
  goap::Agent pricey = door.agent(world);
  OK(pricey.set_context(nullptr, [](AgentId, ActionId, double) { return 1e13; }));
  CHECK_FAILS(pricey.step(0), Status::CallbackFailed, "goap_agent_step");
}

#ifndef GOAP_NO_EXCEPTIONS
TEST(exceptions_from_callbacks_are_contained_and_rethrown_from_step) {
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent agent = door.agent(world);
  int calls = 0;
  bool throw_now = true;
  OK(agent.set_context([&](AgentId, ActionId) -> bool {
    ++calls;
    if (throw_now) throw Boom("boom from available", 42);
    return true;
  }));
  bool caught = false;
  try {
    (void)agent.step(0);
  } catch (const goap::Error& e) {
    caught = true;
    CHECK_EQ(e.status(), Status::CallbackFailed);
    CHECK(e.context_exception() != nullptr);
    bool rethrown = false;
    try {
      if (e.context_exception()) std::rethrow_exception(e.context_exception());
    } catch (const Boom& boom) {  // the original type and message
      rethrown = true;
      CHECK_EQ(std::string(boom.what()), std::string("boom from available"));
      CHECK_EQ(boom.code, 42);
    } catch (...) {
      FAIL("context_exception() is not the Boom thrown");
    }
    CHECK(rethrown);
  } catch (...) {
    FAIL("step threw something other than goap::Error");
  }
  CHECK(caught);
  CHECK_EQ(calls, 1);  // the search stopped at the first failure
  // The world and the agent stay usable; the next step asks again.
  CHECK_EQ(OK(world.agent_count()), 1u);
  goap::Error again = CHECK_FAILS(agent.step(0), Status::CallbackFailed, "goap_agent_step");
  CHECK(again.context_exception() != nullptr);
  CHECK_EQ(calls, 2);
  throw_now = false;
  CHECK_EQ(OK(agent.step(0)).action, door.pick_lock);

  // A cost callback throwing a non-std exception.
  goap::Agent other = door.agent(world);
  OK(other.set_context(nullptr, [](AgentId, ActionId, double) -> double { throw 17; }));
  goap::Error e = CHECK_FAILS(other.step(0), Status::CallbackFailed, "goap_agent_step");
  bool got_int = false;
  try {
    if (e.context_exception()) std::rethrow_exception(e.context_exception());
  } catch (int value) {
    got_int = value == 17;
  }
  CHECK(got_int);
  // A later failure without an exception carries none (nothing stale is kept).
  OK(other.set_context(nullptr, [](AgentId, ActionId, double) { return kNaN; }));
  goap::Error plain = CHECK_FAILS(other.step(0), Status::CallbackFailed, "NaN");
  CHECK(plain.context_exception() == nullptr);
}
#endif

TEST(plan_agents_counts_callback_errors_and_plans_the_rest) {
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent good = door.agent(world, 0, /*plan_in_step=*/false);
  goap::Agent nan_cost = door.agent(world, 0, false);
  bool failing = true;
  OK(good.set_context([](AgentId, ActionId) { return true; }));
  OK(nan_cost.set_context(nullptr,
                          [&](AgentId, ActionId, double c) { return failing ? kNaN : c; }));
#ifndef GOAP_NO_EXCEPTIONS
  goap::Agent throwing = door.agent(world, 0, false);
  OK(throwing.set_context([&](AgentId, ActionId) -> bool {
    if (failing) throw std::runtime_error("batch boom");
    return true;
  }));
  const uint32_t failing_agents = 2;
#else
  const uint32_t failing_agents = 1;
#endif
  CHECK_EQ(OK(good.step(0)).kind, StepKind::Waiting);
  CHECK_EQ(OK(nan_cost.step(0)).kind, StepKind::Waiting);
#ifndef GOAP_NO_EXCEPTIONS
  CHECK_EQ(OK(throwing.step(0)).kind, StepKind::Waiting);
#endif
  goap::BatchStats stats = OK(world.plan_agents());  // callback failures are no error
  CHECK_EQ(stats.callback_errors, failing_agents);
  CHECK_EQ(stats.planned, 1u);
  CHECK_EQ(stats.waiting, failing_agents);
  CHECK_EQ(OK(good.step(0)).kind, StepKind::Start);
  CHECK_EQ(OK(nan_cost.step(0)).kind, StepKind::Waiting);  // still needs a plan
#ifndef GOAP_NO_EXCEPTIONS
  // The batch's exception is dropped: a step failing afterwards for another reason does
  // not report it.
  goap::Agent stepping = door.agent(world);
  OK(stepping.set_context(nullptr, [](AgentId, ActionId, double) { return kNaN; }));
  goap::Error e = CHECK_FAILS(stepping.step(0), Status::CallbackFailed, "NaN");
  CHECK(e.context_exception() == nullptr);
  OK(stepping.destroy());
#endif
  failing = false;
  stats = OK(world.plan_agents());
  CHECK_EQ(stats.callback_errors, 0u);
  CHECK_EQ(stats.planned, failing_agents);
  CHECK_EQ(OK(nan_cost.step(0)).kind, StepKind::Start);
}

// Several threads step their own agents (with contexts) while the main thread replaces
// those contexts and finally destroys the agents. Nothing may crash, deadlock or leak
// (valgrind and ASan watch), every callback must see its own agent, and every capture
// must be freed. GOAP_CPP_STRESS sets the main thread's rounds (scripts/test-cpp.sh keeps
// it small under valgrind).
TEST(threads_step_agents_while_contexts_are_replaced_and_agents_destroyed) {
  int rounds = 100;
  if (const char* env = std::getenv("GOAP_CPP_STRESS")) rounds = std::atoi(env);
  if (rounds < 1) rounds = 1;
  constexpr int kThreads = 3;
  goap::World world = OK(goap::World::create());
  const Door door(world);
  auto token = std::make_shared<int>(0);
  std::vector<goap::Agent> agents;
  for (int i = 0; i < kThreads; ++i) agents.push_back(door.agent(world));
  std::atomic<int> wrong_agent{0}, callback_calls{0}, unexpected{0};
  std::atomic<bool> stop{false};

  auto context_for = [&](const goap::Agent& agent, int round) {
    const AgentId me = agent.id();
    return [&, me, round, token](AgentId who, ActionId action) {
      ++callback_calls;
      if (who != me) ++wrong_agent;
      return round % 2 == 0 || action != door.pick_lock;
    };
  };
  for (int i = 0; i < kThreads; ++i) OK(agents[i].set_context(context_for(agents[i], 0)));

  std::vector<int> steps(kThreads, 0);
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      const goap::Agent agent = agents[i];
      int n = 0;
      while (!stop.load()) {
        auto step = ATTEMPT(agent.step(0.1));
        if (step.status() == Status::UnknownAgent) break;  // destroyed by the main thread
        if (!step.ok()) {
          ++unexpected;
          break;
        }
        ++n;
        goap::Status s = Status::Ok;
        if (step.value().kind == StepKind::Start || step.value().kind == StepKind::Continue) {
          // Succeed most actions, fail every fifth: both replan paths run.
          s = ATTEMPT(agent.report(n % 5 == 0 ? goap::Report::Failed : goap::Report::Succeeded))
                  .status();
        } else if (step.value().kind == StepKind::Idle) {
          s = ATTEMPT(agent.set_facts({FactValue(door.open, false), FactValue(door.crowbar, false)}))
                  .status();
        }
        if (s != Status::Ok && s != Status::UnknownAgent) ++unexpected;
      }
      steps[i] = n;
    });
  }
  for (int round = 1; round <= rounds; ++round) {
    const goap::Agent& agent = agents[round % kThreads];
    if (round % 7 == 0) {
      OK(agent.clear_context());
    } else if (round % 11 == 0) {
      OK(agent.set_context(nullptr, [token](AgentId, ActionId, double c) { return c + 1; }));
    } else {
      OK(agent.set_context(context_for(agent, round)));
    }
    std::this_thread::yield();
  }
  // Let every thread take at least one step before its agent goes (no timing: wait for a
  // count, bounded only by the threads' progress).
  for (;;) {
    int done = 0;
    for (int i = 0; i < kThreads; ++i) done += ATTEMPT(agents[i].info()).value_or(goap::AgentInfo{}).clock > 0;
    if (done == kThreads || unexpected.load() > 0) break;
    std::this_thread::yield();
  }
  for (const goap::Agent& agent : agents) OK(agent.destroy());
  stop = true;
  for (std::thread& t : threads) t.join();

  CHECK_EQ(unexpected.load(), 0);
  CHECK_EQ(wrong_agent.load(), 0);
  CHECK(callback_calls.load() > 0);
  for (int i = 0; i < kThreads; ++i) CHECK(steps[i] > 0);
  CHECK_EQ(OK(world.agent_count()), 0u);
  CHECK_EQ(token.use_count(), 1);  // every context was freed with its agent
}

// goap.hpp: destroying a World from one of its own callbacks would free what the running
// search uses, so the wrapper leaks the world instead. Run in a forked child, since the
// world is leaked on purpose (the parent's leak checks stay meaningful).
TEST(destroying_the_world_from_its_own_callback_leaks_it_instead_of_crashing) {
  const uint32_t live_before = goap::World::live_count();
  const support::ChildResult child = support::run_in_child([&] {
    goap::World world = OK(goap::World::create());
    const Door door(world);
    goap::Agent agent = door.agent(world);
    int calls = 0;
    OK(agent.set_context([&](AgentId, ActionId) {
      if (calls++ == 0) world.reset();
      return true;
    }));
    auto step = ATTEMPT(agent.step(0));
    std::fprintf(stderr, "step ok=%d start=%d calls=%d empty=%d live=%u\n", step.ok() ? 1 : 0,
                 step.ok() && step.value().kind == StepKind::Start ? 1 : 0, calls,
                 static_cast<bool>(world) ? 0 : 1, goap::World::live_count());
  });
  CHECK(child.ran);
  CHECK(child.exited);  // no crash
  CHECK_EQ(child.exit_code, 0);
  char expected[128];
  std::snprintf(expected, sizeof expected, "step ok=1 start=1 calls=3 empty=1 live=%u",
                live_before + 1);
  CHECK_CONTAINS(child.stderr_text, expected);
}

namespace {
/// Serials of the context callables alive now (a callable asked after it was freed finds
/// its serial missing; ASan and valgrind see the use after free itself).
struct LiveContexts {
  std::mutex mutex;
  std::set<int> serials;
  std::atomic<int> called_dead{0};
};
struct TrackedAvailable {
  LiveContexts* live;
  int serial;
  TrackedAvailable(LiveContexts* l, int s) : live(l), serial(s) {
    std::lock_guard<std::mutex> lock(live->mutex);
    live->serials.insert(serial);
  }
  TrackedAvailable(const TrackedAvailable& other) : TrackedAvailable(other.live, -other.serial - 1) {
    // copies get a serial of their own (negative), so that only the installed one counts
  }
  TrackedAvailable& operator=(const TrackedAvailable&) = delete;
  ~TrackedAvailable() {
    std::lock_guard<std::mutex> lock(live->mutex);
    live->serials.erase(serial);
  }
  bool operator()(AgentId, ActionId) const {
    std::lock_guard<std::mutex> lock(live->mutex);
    if (live->serials.count(serial) == 0) ++live->called_dead;
    return true;
  }
};
}  // namespace

/// Two threads meeting once per round (spinning: no timing involved).
class Rendezvous {
 public:
  void arrive(int round) {
    ++arrived_;
    while (arrived_.load() < 2 * round) std::this_thread::yield();
  }

 private:
  std::atomic<int> arrived_{0};
};

// set_context and clear_context on one agent from two threads at once: whatever the
// interleaving, the context the library holds must be alive while it is installed. Each
// round a clear on one thread races a set_context on the other; then the agent searches,
// asking whatever context is installed. (goap.hpp's clear used to drop the agent's
// context slot while the racing set_context was storing into it, so that the new context
// was freed when set_context returned while still installed: the search then called
// freed memory. A race: each round hits it or not, so the test runs many rounds.)
TEST(concurrent_set_and_clear_context_never_free_an_installed_context) {
  int rounds = 100;
  if (const char* env = std::getenv("GOAP_CPP_STRESS")) rounds = std::atoi(env);
  if (rounds < 1) rounds = 1;
  rounds *= 5;
  goap::World world = OK(goap::World::create());
  const Door door(world);
  goap::Agent agent = door.agent(world);
  LiveContexts live;
  std::atomic<int> unexpected{0};
  Rendezvous start, end;
  std::thread clearer([&] {
    for (int round = 1; round <= rounds; ++round) {
      start.arrive(round);
      if (!ATTEMPT(agent.clear_context()).ok()) ++unexpected;
      end.arrive(round);
    }
  });
  int searches_asking = 0;
  for (int round = 1; round <= rounds; ++round) {
    // An installed context, so that the clear finds the agent's slot.
    if (!ATTEMPT(agent.set_context(TrackedAvailable(&live, 2 * round))).ok()) ++unexpected;
    start.arrive(round);
    if (!ATTEMPT(agent.set_context(TrackedAvailable(&live, 2 * round + 1))).ok()) ++unexpected;
    end.arrive(round);
    // The agent failed its action last round: this step searches, asking the context
    // still installed (none, or the second one, which must be alive).
    const int before = live.called_dead.load();
    auto step = ATTEMPT(agent.step(0));
    if (!step.ok() || step.value().kind != StepKind::Start) {
      ++unexpected;
    } else if (!ATTEMPT(agent.report(goap::Report::Failed)).ok()) {
      ++unexpected;
    }
    searches_asking += live.called_dead.load() != before;
  }
  clearer.join();
  CHECK_EQ(unexpected.load(), 0);
  CHECK_EQ(live.called_dead.load(), 0);
  CHECK_EQ(searches_asking, 0);
  OK(agent.clear_context());
  std::lock_guard<std::mutex> lock(live.mutex);
  CHECK(live.serials.empty());  // every context freed once cleared
}
