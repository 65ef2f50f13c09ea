// Value semantics: the move-only World (moves keep Domain and Agent values working, a
// moved-from World is empty, move-assigning over a live World destroys it), copyable
// Domain and Agent values, hashable ids.
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "support.hpp"

using goap::ActionId;
using goap::FactId;
using goap::FactValue;
using goap::Status;

static_assert(!std::is_copy_constructible_v<goap::World>, "World is move-only");
static_assert(!std::is_copy_assignable_v<goap::World>, "World is move-only");
static_assert(std::is_nothrow_move_constructible_v<goap::World>, "World moves never throw");
static_assert(std::is_nothrow_move_assignable_v<goap::World>, "World moves never throw");
static_assert(std::is_nothrow_default_constructible_v<goap::World>, "an empty World");
static_assert(std::is_copy_constructible_v<goap::Domain> && std::is_copy_assignable_v<goap::Domain>,
              "Domain is a value");
static_assert(std::is_copy_constructible_v<goap::Agent> && std::is_copy_assignable_v<goap::Agent>,
              "Agent is a value");
static_assert(std::is_trivially_copyable_v<goap::FactId> && sizeof(goap::FactId) == 8,
              "ids are 64-bit values");
// goap.hpp checks these itself (detail::same_layout); repeated here so that a header
// change dropping them still fails a build.
static_assert(sizeof(goap::FactValue) == sizeof(GoapFactValue), "layout");
static_assert(sizeof(goap::VarCondition) == sizeof(GoapVarCondition), "layout");
static_assert(sizeof(goap::VarEffect) == sizeof(GoapVarEffect), "layout");
static_assert(sizeof(goap::ActionId) == sizeof(GoapActionId), "layout");
static_assert(sizeof(goap::GoalId) == sizeof(GoapGoalId), "layout");

// Ids of different kinds never convert into each other, are not built from a bare
// integer, are built from goap.h's struct of their kind only explicitly, and go back to it
// implicitly (to call the C functions).
namespace kinds {
template <class A, class B>
constexpr bool apart() {
  return !std::is_convertible_v<A, B> && !std::is_constructible_v<B, A> &&
         !std::is_convertible_v<B, A> && !std::is_constructible_v<A, B>;
}
template <class A, class B, class = void>
struct comparable : std::false_type {};
template <class A, class B>
struct comparable<A, B, std::void_t<decltype(std::declval<A>() == std::declval<B>())>>
    : std::true_type {};
static_assert(apart<goap::FactId, goap::ActionId>() && apart<goap::FactId, goap::VarId>() &&
                  apart<goap::VarId, goap::ActionId>() && apart<goap::DomainId, goap::FactId>() &&
                  apart<goap::AgentId, goap::DomainId>() && apart<goap::GoalId, goap::AgentId>() &&
                  apart<goap::GoalId, goap::ActionId>(),
              "ids of different kinds do not convert into each other");
static_assert(!std::is_convertible_v<goap::FactId, GoapActionId> &&
                  !std::is_constructible_v<goap::GoalId, GoapAgentId>,
              "nor through goap.h's structs");
static_assert(!std::is_constructible_v<goap::FactId, uint64_t> &&
                  !std::is_convertible_v<goap::GoalId, int32_t> &&
                  !std::is_convertible_v<goap::FactId, bool>,
              "ids are not integers (explicit bool only)");
static_assert(std::is_constructible_v<goap::FactId, GoapFactId> &&
                  !std::is_convertible_v<GoapFactId, goap::FactId> &&
                  std::is_convertible_v<goap::FactId, GoapFactId> &&
                  std::is_convertible_v<goap::GoalId, GoapGoalId>,
              "explicitly from goap.h's struct of the kind, implicitly back");
static_assert(comparable<goap::GoalId, goap::GoalId>::value &&
                  !comparable<goap::FactId, goap::ActionId>::value &&
                  !comparable<goap::GoalId, goap::AgentId>::value,
              "only ids of one kind compare");
static_assert(goap::FactId::from_bits(5).bits() == 5 && goap::GoalId().bits() == 0 &&
                  goap::GoalId::null().bits() == 0,
              "bits round-trip; the default id and null() are all zero bits");
}  // namespace kinds

namespace {
struct Setup {
  goap::World world;
  goap::Domain domain;
  FactId done;
  ActionId act;
  goap::Agent agent;
};

Setup make_setup(int* calls) {
  Setup s;
  s.world = OK(goap::World::create());
  s.domain = OK(s.world.create_domain("moves"));
  s.done = OK(s.domain.add_fact("done"));
  s.act = OK(s.domain.add_action("act", 1, {}, {FactValue(s.done, true)}));
  s.agent = OK(s.world.create_agent(s.domain));
  goap::GoalDef goal;
  goal.facts = {FactValue(s.done, true)};
  OK(s.agent.add_goal(goal));
  OK(s.agent.set_context([calls](goap::AgentId, ActionId) {
    ++*calls;
    return true;
  }));
  return s;  // the World moves out: the values made through it must keep working
}
}  // namespace

TEST(moving_a_world_keeps_domains_agents_and_contexts_working) {
  const uint32_t before = goap::World::live_count();
  int calls = 0;
  Setup s = make_setup(&calls);
  CHECK_EQ(goap::World::live_count(), before + 1);
  GoapWorld* raw = s.world.get();

  goap::World moved(std::move(s.world));
  CHECK(moved.get() == raw);
  CHECK(!static_cast<bool>(s.world));  // NOLINT: checking the moved-from state is the point
  CHECK(s.world.get() == nullptr);
  CHECK_EQ(goap::World::live_count(), before + 1);
  CHECK(s.agent.world() == raw);
  CHECK(moved.agent(s.agent.id()) == s.agent);
  CHECK(moved.domain(s.domain.id()) == s.domain);
  // Values made before the moves work on.
  OK(s.domain.add_fact("after the move"));
  CHECK_EQ(OK(s.domain.fact_count()), 2u);
  goap::Step step = OK(s.agent.step(0));
  CHECK_EQ(step.action, s.act);
  CHECK_EQ(calls, 1);  // the context moved with the world

  // Move assignment into an empty World.
  goap::World assigned;
  assigned = std::move(moved);
  CHECK(assigned.get() == raw);
  CHECK(!static_cast<bool>(moved));
  OK(s.agent.report(goap::Report::Failed));
  CHECK_EQ(OK(s.agent.step(0)).action, s.act);
  CHECK_EQ(calls, 2);
  CHECK_EQ(goap::World::live_count(), before + 1);

  // Self-move-assignment leaves the World as it was (unique_ptr's reset(release())).
  goap::World& alias = assigned;
  assigned = std::move(alias);
  CHECK(assigned.get() == raw);
  CHECK_EQ(OK(assigned.agent_count()), 1u);
  CHECK_EQ(goap::World::live_count(), before + 1);

  // A vector of worlds reallocating: everything keeps working.
  std::vector<goap::World> worlds;
  worlds.reserve(1);
  worlds.push_back(std::move(assigned));
  std::vector<goap::Domain> domains;
  for (int i = 0; i < 4; ++i) {
    worlds.push_back(OK(goap::World::create()));
    domains.push_back(OK(worlds.back().create_domain("w" + std::to_string(i))));
  }
  CHECK_EQ(goap::World::live_count(), before + 5);
  for (const goap::Domain& d : domains) CHECK_EQ(OK(d.fact_count()), 0u);
  CHECK_EQ(OK(s.agent.info()).replans, 2u);
  worlds.clear();
  CHECK_EQ(goap::World::live_count(), before);
}

TEST(moved_from_world_is_empty_and_fails_with_null_pointer) {
  goap::World world = OK(goap::World::create());
  goap::World other(std::move(world));
  CHECK_FAILS(world.create_domain("x"), Status::NullPointer, "goap_domain_create");  // NOLINT
  CHECK_FAILS(world.agent_count(), Status::NullPointer, "goap_agent_count");
  CHECK_FAILS(world.plan_agents(), Status::NullPointer, "goap_world_plan_agents");
  CHECK_FAILS(world.agent(goap::AgentId::from_bits(1)).step(0), Status::NullPointer,
              "goap_agent_step");
  CHECK_FAILS(world.domain(goap::DomainId::from_bits(1)).fact_count(), Status::NullPointer,
              "goap_domain_fact_count");
  world.reset();  // resetting an empty World is harmless
  // A moved-from World can be assigned a new one.
  world = OK(goap::World::create());
  CHECK(static_cast<bool>(world));
  CHECK(world.get() != other.get());
  CHECK_EQ(OK(world.agent_count()), 0u);
}

TEST(move_assigning_over_a_live_world_destroys_it_and_reset_empties) {
  const uint32_t before = goap::World::live_count();
  auto token = std::make_shared<int>(1);
  goap::World target = OK(goap::World::create());
  goap::Domain old_domain = OK(target.create_domain("old"));
  goap::Agent old_agent = OK(target.create_agent(old_domain));
  OK(old_agent.set_context([token](goap::AgentId, ActionId) { return true; }));
  CHECK_EQ(token.use_count(), 2);
  goap::World source = OK(goap::World::create());
  GoapWorld* source_raw = source.get();
  CHECK_EQ(goap::World::live_count(), before + 2);

  target = std::move(source);  // the old world, its agent and its context go
  CHECK_EQ(goap::World::live_count(), before + 1);
  CHECK_EQ(token.use_count(), 1);
  CHECK(target.get() == source_raw);
  CHECK_EQ(OK(target.agent_count()), 0u);

  target.reset();
  CHECK(!static_cast<bool>(target));
  CHECK_EQ(goap::World::live_count(), before);
  CHECK_FAILS(target.create_domain("after reset"), Status::NullPointer, "goap_domain_create");
}

TEST(domain_and_agent_values_copy_and_compare) {
  goap::World a = OK(goap::World::create());
  goap::World b = OK(goap::World::create());
  goap::Domain da = OK(a.create_domain("same"));
  goap::Domain db = OK(b.create_domain("same"));
  CHECK(da != db);
  goap::Domain copy = da;
  CHECK(copy == da);
  copy = db;
  CHECK(copy == db);
  // The same id named through another world is another Domain value.
  CHECK(b.domain(da.id()) != da);

  goap::Agent agent = OK(a.create_agent(da));
  goap::Agent agent_copy = agent;
  CHECK(agent_copy == agent);
  CHECK(agent_copy.id() == agent.id());
  CHECK(b.agent(agent.id()) != agent);
  CHECK(goap::Agent() != agent);
  CHECK(goap::Agent() == goap::Agent());
  OK(agent_copy.destroy());
  CHECK_FAILS(agent.info(), Status::UnknownAgent, "is stale");
}

TEST(ids_are_hashable_values) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("hash"));
  std::unordered_map<FactId, std::string> names;
  std::vector<FactId> ids;
  for (int i = 0; i < 20; ++i) {
    const std::string name = "fact_" + std::to_string(i);
    const FactId id = OK(d.add_fact(name));
    ids.push_back(id);
    names[id] = name;
  }
  CHECK_EQ(names.size(), 20u);
  for (const FactId id : ids) CHECK_EQ(names[id], OK(d.fact_name(id)));

  std::unordered_set<goap::AgentId> agents;
  for (int i = 0; i < 5; ++i) agents.insert(OK(world.create_agent(d)).id());
  CHECK_EQ(agents.size(), 5u);
  CHECK(agents.count(goap::AgentId{}) == 0);

  goap::Agent agent = OK(world.create_agent(d));
  goap::GoalDef def;
  const goap::GoalId first = OK(agent.add_goal(def));
  const goap::GoalId second = OK(agent.add_goal(def));
  std::unordered_map<goap::GoalId, int> goals = {{first, 1}, {goap::GoalId{}, 2}};
  CHECK_EQ(goals[first], 1);
  CHECK_EQ(goals[goap::GoalId::null()], 2);
  CHECK_EQ(goals.count(second), 0u);
  CHECK(!static_cast<bool>(goap::GoalId{}));
  CHECK(static_cast<bool>(first));
  std::unordered_set<ActionId> actions = {ActionId::from_bits(1), ActionId::from_bits(1),
                                          ActionId::from_bits(2)};
  CHECK_EQ(actions.size(), 2u);
  std::unordered_set<goap::DomainId> domains = {d.id()};
  CHECK_EQ(domains.count(d.id()), 1u);
  std::unordered_set<goap::VarId> vars = {goap::VarId::from_bits(3)};
  CHECK_EQ(vars.size(), 1u);
}
