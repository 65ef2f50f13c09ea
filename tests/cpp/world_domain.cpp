// goap::World and goap::Domain basics: version, creation, the ways to pass a list
// (braced list, vector, std::array, C array, pointer + size), names, counts, destroy.
#include <array>
#include <string>
#include <vector>

#include "support.hpp"

using goap::ActionId;
using goap::FactId;
using goap::FactValue;

TEST(version_matches_the_header) {
  CHECK_EQ(goap::version() >> 16, static_cast<uint32_t>(GOAP_VERSION_MAJOR));
  CHECK_EQ(goap::version(), (uint32_t(GOAP_VERSION_MAJOR) << 16) |
                                (uint32_t(GOAP_VERSION_MINOR) << 8) | uint32_t(GOAP_VERSION_PATCH));
  CHECK_EQ(std::string(goap::version_string()),
           std::to_string(GOAP_VERSION_MAJOR) + "." + std::to_string(GOAP_VERSION_MINOR) + "." +
               std::to_string(GOAP_VERSION_PATCH));
  // VersionMismatch, a status of the wrapper only: tests/cpp/version/mismatch.cpp makes
  // World::create return it; here it is only named.
  CHECK_EQ(std::string(goap::status_name(goap::Status::VersionMismatch)),
           std::string("GOAP_STATUS_VERSION_MISMATCH"));
}

TEST(world_create_with_settings_and_cache_stats) {
  const uint32_t before = goap::World::live_count();
  {
    goap::WorldSettings settings;
    CHECK_EQ(settings.plan_cache_capacity, 16384u);  // goap.h's documented default
    settings.plan_cache_capacity = 5;  // rounded up to a multiple of 32 (goap.h)
    settings.worker_threads = 2;
    goap::World world = OK(goap::World::create(settings));
    CHECK(static_cast<bool>(world));
    CHECK(world.get() != nullptr);
    CHECK_EQ(goap::World::live_count(), before + 1);
    goap::CacheStats stats = OK(world.cache_stats());
    CHECK_EQ(stats.capacity, 32u);
    CHECK_EQ(stats.entries, 0u);
    OK(world.clear_cache());
    CHECK_EQ(OK(world.agent_count()), 0u);
  }
  CHECK_EQ(goap::World::live_count(), before);
}

// Braced lists as Span arguments must compile cleanly with g++ -Wall -Werror (they did
// not: -Winit-list-lifetime in the Span constructor), and every kind of list must pass
// the same facts.
TEST(every_kind_of_list_passes_as_a_span) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("lists"));
  const FactId a = OK(d.add_fact("a"));
  const FactId b = OK(d.add_fact("b"));
  const FactId c = OK(d.add_fact("c"));
  const ActionId ab = OK(d.add_action("ab", 1, {FactValue(a, true)}, {FactValue(b, true)}));
  const ActionId bc = OK(d.add_action("bc", 1, {{b, true}}, {{c, true}, {a, false}}));
  const std::vector<ActionId> expected = {ab, bc};
  std::vector<ActionId> plan;

  OK(d.set_start({FactValue(a, true)}));
  OK(d.set_goal({{c, true}, {a, false}}));
  CHECK_EQ(OK(d.plan(plan)).cost, 2.0);
  CHECK_EQ(plan, expected);

  const std::vector<FactValue> start_vec = {FactValue(a, true)};
  const std::array<FactValue, 1> goal_arr = {FactValue(c, true)};
  CHECK_EQ(OK(d.plan_from(start_vec, goal_arr, plan)).cost, 2.0);
  CHECK_EQ(plan, expected);

  const FactValue start_c[] = {FactValue(a, true)};
  const FactValue goal_c[] = {FactValue(c, true), FactValue(a, false)};
  OK(d.set_start(start_c));
  OK(d.set_goal(goal_c));
  CHECK_EQ(OK(d.plan(plan)).cost, 2.0);
  CHECK_EQ(plan, expected);

  OK(d.set_start(goap::Span<FactValue>(start_vec.data(), start_vec.size())));
  OK(d.set_goal(goap::Span<FactValue>(goal_c, 1)));
  CHECK_EQ(OK(d.plan(plan)).cost, 2.0);
  CHECK_EQ(plan, expected);

  // The empty list: an empty start makes the goal unreachable (nothing makes a true).
  OK(d.set_start({}));
  CHECK_EQ(OK(d.plan(plan)).outcome, goap::Outcome::NoPlan);
  goap::Span<FactValue> empty;
  CHECK(empty.empty());
  CHECK_EQ(empty.size(), 0u);
}

TEST(names_counts_and_lookups_round_trip) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain());  // a domain needs no name
  CHECK_EQ(OK(d.fact_count()), 0u);
  CHECK_EQ(OK(d.action_count()), 0u);
  CHECK_EQ(OK(d.var_count()), 0u);
  // Names need not be NUL-terminated: a string_view into a longer buffer.
  const std::string buffer = "alphabeta";
  const FactId alpha = OK(d.add_fact(std::string_view(buffer).substr(0, 5)));
  const FactId beta = OK(d.add_fact(std::string_view(buffer).substr(5)));
  CHECK_NE(alpha, beta);
  CHECK(static_cast<bool>(alpha));
  CHECK(!static_cast<bool>(FactId{}));
  CHECK_EQ(OK(d.fact_name(alpha)), std::string("alpha"));
  CHECK_EQ(OK(d.find_fact("beta")), beta);
  // A long name (larger than the small-string buffer) comes back whole.
  const std::string long_name(300, 'x');
  const ActionId act = OK(d.add_action(long_name, 0.5, {}, {FactValue(alpha, true)}));
  std::string out = "stale contents";
  OK(d.action_name(act, out));
  CHECK_EQ(out, long_name);
  CHECK_EQ(OK(d.action_count()), 1u);
  CHECK_EQ(OK(d.fact_count()), 2u);
  // Domains are values naming (world, id).
  goap::Domain copy = d;
  CHECK(copy == d);
  CHECK(world.domain(d.id()) == d);
  CHECK(copy.world() == world.get());
  goap::Domain other = OK(world.create_domain("other"));
  CHECK(other != d);
  CHECK_NE(other.id(), d.id());
  OK(other.destroy());
  OK(d.destroy());
}
