// Every error the wrapper can produce, with its Status and a part of its message (the
// parts come from goap.h's documentation of each status, checked against the library's
// messages), plus the Error and Result types themselves. CallbackFailed and Busy, which
// need context callbacks, are in callbacks.cpp; the moved-from World in moves.cpp.
//
// Not here: Status::VersionMismatch (World::create against a goap.h of another version:
// tests/cpp/version/mismatch.cpp, a program of its own), Status::BufferTooSmall (the
// wrapper retries with a bigger buffer and never returns it: plan.cpp's 40-step corridor
// goes through Domain::plan's retry, agent.cpp's 20-step corridor through Agent::plan's).
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "support.hpp"

using goap::ActionId;
using goap::FactId;
using goap::FactValue;
using goap::Status;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST(null_pointer_from_empty_world_and_default_values) {
  goap::World empty;
  CHECK(!static_cast<bool>(empty));
  CHECK(empty.get() == nullptr);
  CHECK_FAILS(empty.create_domain("d"), Status::NullPointer, "goap_domain_create");
  CHECK_FAILS(empty.load_domain("{}"), Status::NullPointer, "goap_domain_load_json");
  CHECK_FAILS(empty.agent_count(), Status::NullPointer, "goap_agent_count");
  CHECK_FAILS(empty.plan_agents(), Status::NullPointer, "goap_world_plan_agents");
  CHECK_FAILS(empty.cache_stats(), Status::NullPointer, "goap_world_cache_stats");
  CHECK_FAILS(empty.clear_cache(), Status::NullPointer, "goap_world_clear_cache");
  CHECK_FAILS(empty.create_agent(goap::AgentSettings()), Status::NullPointer,
              "goap_agent_create");

  const goap::Domain domain;  // default-constructed: no world
  CHECK(domain.world() == nullptr);
  CHECK_FAILS(domain.add_fact("x"), Status::NullPointer, "goap_domain_add_fact");
  CHECK_FAILS(domain.fact_count(), Status::NullPointer, "goap_domain_fact_count");
  std::vector<ActionId> plan = {ActionId::from_bits(7)};
  CHECK_FAILS(domain.plan(plan), Status::NullPointer, "goap_domain_plan");
  CHECK(plan.empty());  // outputs are left empty on error

  const goap::Agent agent;  // default-constructed: no world
  CHECK(agent.world() == nullptr);
  CHECK_FAILS(agent.step(0), Status::NullPointer, "goap_agent_step");
  CHECK_FAILS(agent.info(), Status::NullPointer, "goap_agent_info");
  CHECK_FAILS(agent.destroy(), Status::NullPointer, "goap_agent_destroy");
  CHECK_FAILS(agent.set_context([](goap::AgentId, ActionId) { return true; }),
              Status::NullPointer, "goap_agent_set_callbacks");
  CHECK_FAILS(agent.clear_context(), Status::NullPointer, "goap_agent_set_callbacks");
  std::string text = "stale";
  CHECK_FAILS(agent.explain(goap::GoalId::from_bits(0x100000001), goap::ExplainFormat::Text, text),
              Status::NullPointer, "goap_agent_explain");
  CHECK(text.empty());
}

TEST(invalid_utf8_names_the_argument) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("utf8"));
  CHECK_FAILS(d.add_fact("\xff"), Status::InvalidUtf8, "goap_domain_add_fact");
  CHECK_FAILS(d.add_fact("ok\xc3"), Status::InvalidUtf8, "UTF-8");
  CHECK_FAILS(d.add_action("\xfe\xfe", 1, {}, {}), Status::InvalidUtf8, "goap_domain_add_action");
  CHECK_FAILS(world.create_domain("\x80"), Status::InvalidUtf8, "goap_domain_create");
  CHECK_FAILS(world.load_domain("{\"actions\": [{\"name\": \"\xff\"}]}"), Status::InvalidUtf8,
              "goap_domain_load_json");
  goap::Agent agent = OK(world.create_agent(d));
  CHECK_FAILS(agent.find_goal("\xff"), Status::InvalidUtf8, "goap_agent_find_goal");
  CHECK_EQ(OK(d.fact_count()), 0u);  // nothing was added
}

TEST(invalid_argument_for_names_numbers_and_enum_values) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("args"));
  CHECK_FAILS(d.add_fact(""), Status::InvalidArgument, "empty");
  CHECK_FAILS(d.add_fact(std::string_view("a\0b", 3)), Status::InvalidArgument, "NUL");
  const FactId f = OK(d.add_fact("f"));
  OK(d.add_action("make_f", 1, {}, {FactValue(f, true)}));
  OK(d.set_goal({FactValue(f, true)}));

  goap::PlanOptions bad_heuristic;
  bad_heuristic.heuristic = static_cast<goap::Heuristic>(42);
  std::vector<ActionId> plan;
  CHECK_FAILS(d.plan(plan, bad_heuristic), Status::InvalidArgument, "42");

  goap::VarDef inverted;
  inverted.name = "v";
  inverted.min = 5;
  inverted.max = 1;
  CHECK_FAILS(d.add_var(inverted), Status::InvalidArgument, "goap_domain_add_var");
  goap::VarDef var;
  var.name = "v";
  var.max = 10;
  const goap::VarId v = OK(d.add_var(var));
  CHECK_FAILS(d.add_action("zero op", 1, {}, {}, {},
                           {goap::VarEffect{v, static_cast<goap::VarOp>(0), 1}}),
              Status::InvalidArgument, "goap_domain_add_action");
  CHECK_FAILS(d.set_goal_vars({goap::VarCondition{v, static_cast<goap::Compare>(9), 1}}),
              Status::InvalidArgument, "goap_domain_set_goal_vars");

  goap::AgentSettings settings = goap::AgentSettings::for_domain(d.id());
  settings.heuristic = static_cast<goap::Heuristic>(42);
  CHECK_FAILS(world.create_agent(settings), Status::InvalidArgument, "goap_agent_create");
  settings = goap::AgentSettings::for_domain(d.id());
  settings.failure_cooldown = -1;
  CHECK_FAILS(world.create_agent(settings), Status::InvalidArgument, "failure_cooldown");
  settings.failure_cooldown = 0;
  settings.switch_margin = kNaN;
  CHECK_FAILS(world.create_agent(settings), Status::InvalidArgument, "switch_margin");

  goap::Agent agent = OK(world.create_agent(d));
  CHECK_FAILS(agent.step(kNaN), Status::InvalidArgument, "goap_agent_step");
  CHECK_FAILS(agent.step(-1), Status::InvalidArgument, "goap_agent_step");
  CHECK_FAILS(agent.step(kInf), Status::InvalidArgument, "goap_agent_step");
  CHECK_EQ(OK(agent.info()).clock, 0.0);  // nothing changed
  CHECK_FAILS(agent.report(static_cast<goap::Report>(99)), Status::InvalidArgument, "99");
  CHECK_FAILS(agent.replan_count(static_cast<goap::ReplanCause>(0)), Status::InvalidArgument,
              "goap_agent_replan_count");
  goap::GoalDef goal;
  goal.facts = {FactValue(f, true)};
  goal.priority = kNaN;
  CHECK_FAILS(agent.add_goal(goal), Status::InvalidArgument, "goap_agent_add_goal");
  goal.priority = 1;
  const goap::GoalId g = OK(agent.add_goal(goal));
  CHECK_FAILS(agent.set_goal_priority(g, kInf), Status::InvalidArgument,
              "goap_agent_set_goal_priority");
  CHECK_FAILS(agent.explain(g, static_cast<goap::ExplainFormat>(7)), Status::InvalidArgument,
              "goap_agent_explain");
}

TEST(invalid_cost_nan_negative_infinite_and_too_large) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("costs"));
  const FactId f = OK(d.add_fact("f"));
  for (double cost : {kNaN, -1.0, -0.5, kInf, 1e13, GOAP_MAX_ACTION_COST * 1.5}) {
    CHECK_FAILS(d.add_action("a", cost, {}, {FactValue(f, true)}), Status::InvalidCost,
                "goap_domain_add_action");
  }
  CHECK_FAILS(d.add_action("nan", kNaN, {}, {}), Status::InvalidCost, "NaN");
  CHECK_EQ(OK(d.action_count()), 0u);
  const ActionId a = OK(d.add_action("a", GOAP_MAX_ACTION_COST, {}, {FactValue(f, true)}));
  OK(d.add_action("free", 0, {}, {}));
  goap::Agent agent = OK(world.create_agent(d));
  CHECK_FAILS(agent.set_action_cost(a, kNaN), Status::InvalidCost, "goap_agent_set_action_cost");
  CHECK_FAILS(agent.set_action_cost(a, -2), Status::InvalidCost, "goap_agent_set_action_cost");
  CHECK_FAILS(agent.set_action_cost(a, 1e13), Status::InvalidCost, "goap_agent_set_action_cost");
  OK(agent.set_action_cost(a, 0));
}

TEST(unknown_domain_destroyed_foreign_and_wrong_kind) {
  goap::World world = OK(goap::World::create());
  goap::World other = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("gone"));
  const FactId f = OK(d.add_fact("f"));
  goap::Domain kept = OK(world.create_domain("kept"));
  OK(d.destroy());
  CHECK_FAILS(d.add_fact("x"), Status::UnknownDomain, "goap_domain_add_fact");
  CHECK_FAILS(d.fact_name(f), Status::UnknownDomain, "goap_domain_fact_name");
  CHECK_FAILS(d.destroy(), Status::UnknownDomain, "goap_domain_destroy");
  CHECK_FAILS(world.create_agent(d), Status::UnknownDomain, "goap_agent_create");
  CHECK_FAILS(world.create_agent(goap::AgentSettings()), Status::UnknownDomain,
              "goap_agent_create");  // no domain set
  // Another world's domain.
  CHECK_FAILS(other.domain(kept.id()).add_fact("x"), Status::UnknownDomain, "goap_domain_add_fact");
  CHECK_FAILS(other.create_agent(kept), Status::UnknownDomain, "goap_agent_create");
  // A fact id passed as a domain id.
  const FactId k = OK(kept.add_fact("k"));
  CHECK_FAILS(world.domain(goap::DomainId::from_bits(k.bits())).fact_count(),
              Status::UnknownDomain, "is not a domain id (it looks like a fact id)");
  CHECK_EQ(OK(kept.fact_count()), 1u);  // the others are untouched
}

TEST(unknown_fact_action_and_var_of_another_domain_or_kind) {
  goap::World world = OK(goap::World::create());
  goap::Domain a = OK(world.create_domain("a"));
  goap::Domain b = OK(world.create_domain("b"));
  const FactId fa = OK(a.add_fact("f"));
  const FactId fb = OK(b.add_fact("f"));
  const ActionId act_a = OK(a.add_action("act", 1, {}, {FactValue(fa, true)}));
  goap::VarDef def;
  def.name = "v";
  def.max = 3;
  const goap::VarId va = OK(a.add_var(def));
  OK(b.add_var(def));

  CHECK_FAILS(b.fact_name(fa), Status::UnknownFact, "goap_domain_fact_name");
  CHECK_FAILS(b.set_start({FactValue(fa, true)}), Status::UnknownFact, "goap_domain_set_start");
  CHECK_FAILS(b.add_action("x", 1, {FactValue(fb, true)}, {FactValue(fa, true)}),
              Status::UnknownFact, "goap_domain_add_action");
  CHECK_FAILS(a.fact_name(FactId::from_bits(act_a.bits())), Status::UnknownFact, "wrong kind");
  CHECK_FAILS(a.fact_name(FactId{}), Status::UnknownFact, "goap_domain_fact_name");
  CHECK_FAILS(b.action_name(act_a), Status::UnknownAction, "goap_domain_action_name");
  CHECK_FAILS(a.action_name(ActionId::from_bits(fa.bits())), Status::UnknownAction, "wrong kind");
  CHECK_FAILS(b.var_name(va), Status::UnknownVar, "goap_domain_var_name");
  CHECK_FAILS(a.var_name(goap::VarId::from_bits(fa.bits())), Status::UnknownVar, "wrong kind");
  CHECK_FAILS(b.set_start_vars({goap::VarValue{va, 1}}), Status::UnknownVar,
              "goap_domain_set_start_vars");

  // An agent knows its domain as it was at creation: a later fact is unknown to it.
  goap::Agent agent = OK(world.create_agent(a));
  const FactId later = OK(a.add_fact("later"));
  CHECK_FAILS(agent.set_fact(later, true), Status::UnknownFact, "goap_agent_set_fact");
  CHECK_FAILS(agent.get_fact(fb), Status::UnknownFact, "goap_agent_get_fact");
  CHECK_FAILS(agent.set_action_enabled(ActionId::from_bits(fa.bits()), false),
              Status::UnknownAction, "goap_agent_set_action_enabled");
  CHECK_FAILS(agent.set_var(goap::VarId::from_bits(act_a.bits()), 1), Status::UnknownVar,
              "goap_agent_set_var");
  CHECK_EQ(OK(agent.get_var(va)), 0);
}

TEST(duplicate_name_contradiction_out_of_range_not_found_no_goal) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("misc"));
  const FactId f = OK(d.add_fact("f"));
  OK(d.add_action("act", 1, {}, {FactValue(f, true)}));
  CHECK_FAILS(d.add_action("act", 2, {}, {}), Status::DuplicateName, "act");
  goap::VarDef def;
  def.name = "f";  // already a fact
  def.max = 10;
  CHECK_FAILS(d.add_var(def), Status::DuplicateName, "goap_domain_add_var");
  def.name = "ammo";
  const goap::VarId ammo = OK(d.add_var(def));
  CHECK_FAILS(d.add_fact("ammo"), Status::DuplicateName, "goap_domain_add_fact");

  CHECK_FAILS(d.set_goal({FactValue(f, true), FactValue(f, false)}), Status::Contradiction,
              "goap_domain_set_goal");
  CHECK_FAILS(d.set_goal_vars({goap::VarCondition{ammo, goap::Compare::Lt, 2},
                               goap::VarCondition{ammo, goap::Compare::Gt, 5}}),
              Status::Contradiction, "goap_domain_set_goal_vars");
  CHECK_FAILS(d.add_action("twice", 1, {}, {}, {},
                           {goap::VarEffect{ammo, goap::VarOp::Add, 1},
                            goap::VarEffect{ammo, goap::VarOp::Sub, 1}}),
              Status::Contradiction, "goap_domain_add_action");

  CHECK_FAILS(d.set_start_vars({goap::VarValue{ammo, 11}}), Status::OutOfRange,
              "goap_domain_set_start_vars");
  CHECK_FAILS(d.set_goal_vars({goap::VarCondition{ammo, goap::Compare::Eq, -1}}),
              Status::OutOfRange, "goap_domain_set_goal_vars");
  CHECK_FAILS(d.add_action("big step", 1, {}, {}, {}, {goap::VarEffect{ammo, goap::VarOp::Add, 11}}),
              Status::OutOfRange, "goap_domain_add_action");

  CHECK_FAILS(d.find_fact("nope"), Status::NotFound, "nope");
  CHECK_FAILS(d.find_action("nope"), Status::NotFound, "goap_domain_find_action");
  CHECK_FAILS(d.find_var("nope"), Status::NotFound, "goap_domain_find_var");

  std::vector<ActionId> plan = {ActionId::from_bits(1), ActionId::from_bits(2)};
  CHECK_FAILS(d.plan(plan), Status::NoGoal, "goap_domain_plan");
  CHECK(plan.empty());

  goap::Agent agent = OK(world.create_agent(d));
  CHECK_FAILS(agent.set_var(ammo, 99), Status::OutOfRange, "goap_agent_set_var");
  CHECK_FAILS(agent.set_facts({FactValue(f, true), FactValue(f, false)}), Status::Contradiction,
              "goap_agent_set_facts");
  CHECK(!OK(agent.get_fact(f)));  // all or nothing
  CHECK_FAILS(agent.find_goal("nope"), Status::NotFound, "goap_agent_find_goal");
}

TEST(parse_error_gives_line_and_column) {
  goap::World world = OK(goap::World::create());
  // The action's name is a number, at line 3, column 14 (goap.h: "<input>:line:column").
  const char* bad_name = "{\n  \"actions\": [\n    {\"name\": 5}\n  ]\n}";
  goap::Error e = CHECK_FAILS(world.load_domain(bad_name), Status::ParseError, "<input>:3:14:");
  CHECK_CONTAINS(e.message(), "goap_domain_load_json");
  CHECK_CONTAINS(e.message(), "name");
  CHECK_FAILS(world.load_domain("{"), Status::ParseError, "<input>:1:");
  CHECK_FAILS(world.load_domain("{\"actions\": [], \"bogus\": 1}"), Status::ParseError, "bogus");
  CHECK_FAILS(world.load_domain("{\"actions\": [{\"name\": \"a\", \"cost\": -1}]}"),
              Status::ParseError, "<input>:1:");
  const goap::Domain fine = OK(world.load_domain("{\"actions\": []}"));
  CHECK_EQ(OK(fine.fact_count()), 0u);
}

TEST(unknown_agent_stale_foreign_and_zero) {
  goap::World world = OK(goap::World::create());
  goap::World other = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("agents"));
  goap::Agent agent = OK(world.create_agent(d));
  goap::Agent copy = agent;
  OK(agent.destroy());
  CHECK_FAILS(copy.step(0), Status::UnknownAgent, "is stale");
  CHECK_FAILS(agent.destroy(), Status::UnknownAgent, "goap_agent_destroy");
  CHECK_FAILS(agent.set_context([](goap::AgentId, ActionId) { return true; }),
              Status::UnknownAgent, "goap_agent_set_callbacks");
  CHECK_FAILS(agent.clear_context(), Status::UnknownAgent, "goap_agent_set_callbacks");

  goap::Agent live = OK(world.create_agent(d));
  CHECK_FAILS(other.agent(live.id()).info(), Status::UnknownAgent, "is foreign");
  CHECK_FAILS(other.agent(live.id()).destroy(), Status::UnknownAgent, "goap_agent_destroy");
  CHECK_FAILS(world.agent(goap::AgentId{}).info(), Status::UnknownAgent,
              "the null agent id is never valid");
  CHECK_FAILS(world.agent(goap::AgentId::from_bits(d.id().bits())).info(), Status::UnknownAgent,
              "goap_agent_info");
  CHECK_EQ(OK(live.info()).replans, 0u);  // the live one is untouched
  CHECK_EQ(OK(world.agent_count()), 1u);
}

TEST(unknown_goal_and_no_action) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("goals"));
  const FactId f = OK(d.add_fact("f"));
  OK(d.add_action("make_f", 1, {}, {FactValue(f, true)}));
  goap::Agent agent = OK(world.create_agent(d));
  // The agent has no goal: no bits name one, and the null id never does.
  const goap::GoalId made_up = goap::GoalId::from_bits(0x100000001);
  CHECK_FAILS(agent.set_goal_priority(made_up, 2), Status::UnknownGoal,
              "goap_agent_set_goal_priority");
  CHECK_FAILS(agent.explain(made_up), Status::UnknownGoal, "goap_agent_explain");
  CHECK_FAILS(agent.explain(goap::GoalId{}), Status::UnknownGoal, "goap_agent_explain");
  CHECK_FAILS(agent.remove_goal(goap::GoalId::null()), Status::UnknownGoal,
              "goap_agent_remove_goal");
  CHECK_FAILS(agent.goal_at(0), Status::InvalidArgument, "not below the agent's goal count");
  // Bits of an id of another kind are not a goal id either.
  CHECK_FAILS(agent.goal_name(goap::GoalId::from_bits(f.bits())), Status::UnknownGoal,
              "goap_agent_goal_name");

  CHECK_FAILS(agent.report(goap::Report::Succeeded), Status::NoAction,
              "no action is in progress");
  goap::GoalDef goal;
  goal.facts = {FactValue(f, true)};
  OK(agent.add_goal(goal));
  CHECK_EQ(OK(agent.step(0)).kind, goap::StepKind::Start);
  OK(agent.report(goap::Report::Succeeded));
  // After a success, the next step must come before the next report.
  CHECK_FAILS(agent.report(goap::Report::Failed), Status::NoAction, "goap_agent_report");
}

namespace {
struct Logged {
  int calls = 0;
  int32_t level = 0;
  std::string text;
};
void record_log(int32_t level, const char* message, uint32_t len, void* user) {
  auto* log = static_cast<Logged*>(user);
  ++log->calls;
  log->level = level;
  log->text.assign(message, len);
}
}  // namespace

TEST(panic_is_caught_and_readable_as_an_error) {
  // The panic's message goes to the log callback (without one, a line on stderr).
  Logged log;
  goap::set_log_callback(record_log, &log);
  const GoapStatus s = goap_debug_force_panic();
  goap::set_log_callback(nullptr);
  CHECK_EQ(log.calls, 1);
  CHECK_EQ(static_cast<goap::LogLevel>(log.level), goap::LogLevel::Error);
  CHECK_CONTAINS(log.text, "panic caught at ");
  CHECK_CONTAINS(log.text, "goap_debug_force_panic was called");
  CHECK_EQ(static_cast<Status>(s), Status::Panic);
  const goap::Error e = goap::Error::last(Status::Panic);
  CHECK_EQ(e.status(), Status::Panic);
  CHECK_CONTAINS(e.message(), "goap_debug_force_panic");
  CHECK_EQ(std::string(e.what()), e.message());
  // The library works on after a panic.
  goap::World world = OK(goap::World::create());
  CHECK_EQ(OK(OK(world.create_domain("after")).fact_count()), 0u);
}

TEST(a_panic_in_a_world_poisons_it_and_destroying_it_still_works) {
  goap::World sick = OK(goap::World::create());
  goap::Domain d = OK(sick.create_domain("d"));
  Logged log;
  goap::set_log_callback(record_log, &log);
  CHECK_EQ(static_cast<Status>(goap_debug_poison_world(sick.get())), Status::Panic);
  goap::set_log_callback(nullptr);
  CHECK_CONTAINS(log.text, "goap_debug_poison_world was called");
  CHECK_FAILS(d.fact_count(), Status::Poisoned, "the world is poisoned");
  CHECK_FAILS(d.add_fact("x"), Status::Poisoned, "goap_debug_poison_world: panic:");
  CHECK_EQ(std::string(goap::status_name(Status::Poisoned)), std::string("GOAP_STATUS_POISONED"));
  sick.reset();  // destroys it (valgrind and LSan check that nothing is left)
  goap::World healthy = OK(goap::World::create());
  CHECK_EQ(OK(OK(healthy.create_domain("after")).fact_count()), 0u);
}

// Lists and strings longer than UINT32_MAX are refused by the wrapper before any call:
// goap.hpp checks every length (len32) before it reads or passes the data, so the views
// below, which point at a few bytes but claim more than 4 GiB, are never dereferenced.
TEST(too_many_for_lengths_over_uint32_max) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("huge"));
  const FactId f = OK(d.add_fact("f"));
  const std::size_t huge = std::size_t(std::numeric_limits<uint32_t>::max()) + 1;
  static const FactValue one[1] = {};
  static const char text[2] = "x";
  const goap::Span<FactValue> big_list(one, huge);
  const std::string_view big_name(text, huge);

  CHECK_FAILS(d.set_start(big_list), Status::TooMany, "longer than UINT32_MAX");
  CHECK_FAILS(d.set_goal(big_list), Status::TooMany, "goap::Domain::set_goal");
  CHECK_FAILS(d.add_fact(big_name), Status::TooMany, "goap::Domain::add_fact");
  CHECK_FAILS(d.find_fact(big_name), Status::TooMany, "goap::Domain::find_fact");
  CHECK_FAILS(d.add_action("a", 1, big_list, {}), Status::TooMany, "goap::Domain::add_action");
  CHECK_FAILS(d.add_action(big_name, 1, {}, {}), Status::TooMany, "goap::Domain::add_action");
  CHECK_FAILS(world.create_domain(big_name), Status::TooMany, "goap::World::create_domain");
  CHECK_FAILS(world.load_domain(big_name), Status::TooMany, "goap::World::load_domain");
  std::vector<ActionId> plan = {ActionId::from_bits(1)};
  CHECK_FAILS(d.plan_from(big_list, {FactValue(f, true)}, plan), Status::TooMany,
              "goap::Domain::plan_from");
  CHECK(plan.empty());
  goap::Agent agent = OK(world.create_agent(d));
  CHECK_FAILS(agent.set_facts(big_list), Status::TooMany, "goap::Agent::set_facts");
  CHECK_FAILS(agent.find_goal(big_name), Status::TooMany, "goap::Agent::find_goal");
  CHECK_EQ(OK(d.fact_count()), 1u);
  CHECK_EQ(OK(d.action_count()), 0u);
}

TEST(status_names_and_error_type) {
  CHECK_EQ(std::string(goap::status_name(Status::Ok)), std::string("GOAP_STATUS_OK"));
  CHECK_EQ(std::string(goap::status_name(Status::UnknownFact)),
           std::string("GOAP_STATUS_UNKNOWN_FACT"));
  CHECK_EQ(std::string(goap::status_name(Status::CallbackFailed)),
           std::string("GOAP_STATUS_CALLBACK_FAILED"));
  CHECK_EQ(std::string(goap::status_name(Status::Busy)), std::string("GOAP_STATUS_BUSY"));
  CHECK_EQ(std::string(goap::status_name(Status::TooMany)), std::string("GOAP_STATUS_TOO_MANY"));
  CHECK_EQ(std::string(goap::status_name(static_cast<Status>(1000))),
           std::string("GOAP_STATUS_UNKNOWN"));
  // The scoped enum has goap.h's values.
  CHECK_EQ(static_cast<int>(Status::NoAction), static_cast<int>(GOAP_STATUS_NO_ACTION));
  CHECK_EQ(static_cast<int>(Status::Busy), static_cast<int>(GOAP_STATUS_BUSY));

  const goap::Error none;
  CHECK_EQ(none.status(), Status::Ok);
  CHECK(none.message().empty());
  const goap::Error e(Status::NotFound, "goap_x: nothing");
  CHECK_EQ(e.status(), Status::NotFound);
  CHECK_EQ(std::string(e.what()), std::string("goap_x: nothing"));
  const std::exception& base = e;  // an Error is a std::exception in both modes
  CHECK_EQ(std::string(base.what()), std::string("goap_x: nothing"));
}

#ifndef GOAP_NO_EXCEPTIONS
TEST(exceptions_mode_throws_goap_error) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("throws"));
  bool caught = false;
  try {
    (void)d.find_fact("missing");
  } catch (const goap::Error& e) {
    caught = true;
    CHECK_EQ(e.status(), Status::NotFound);
    CHECK_CONTAINS(std::string(e.what()), "missing");
    CHECK(e.context_exception() == nullptr);  // not a callback failure
  }
  CHECK(caught);
  caught = false;
  try {
    (void)d.add_fact("");
  } catch (const std::exception& e) {  // catchable as std::exception
    caught = true;
    CHECK_CONTAINS(std::string(e.what()), "goap_domain_add_fact");
  }
  CHECK(caught);
  static_assert(std::is_same_v<goap::Returns<int>, int>, "Returns<T> is T with exceptions");
}
#else
TEST(no_exceptions_mode_result_api) {
  static_assert(std::is_same_v<goap::Returns<int>, goap::Result<int>>,
                "Returns<T> is Result<T> without exceptions");
  goap::Result<goap::World> created = goap::World::create();
  CHECK(created.ok());
  // No operator bool: `if (agent.get_fact(f))` must not compile as a test of success.
  static_assert(!std::is_constructible_v<bool, goap::Result<bool>>, "Result<bool> is not a bool");
  static_assert(!std::is_constructible_v<bool, goap::Result<void>>, "Result<void> is not a bool");
  CHECK_EQ(created.status(), Status::Ok);
  CHECK(created.error().message().empty());
  goap::World world = std::move(created).value();
  goap::Result<goap::Domain> made = world.create_domain("results");
  CHECK(made.ok());
  const goap::Domain d = *made;
  CHECK(made->id() == d.id());
  goap::Result<FactId> f = d.add_fact("f");
  CHECK(f.ok());
  CHECK_EQ(f.value_or(FactId{}), f.value());

  goap::Result<FactId> missing = d.find_fact("missing");
  CHECK(!missing.ok());
  CHECK_EQ(missing.status(), Status::NotFound);
  CHECK_EQ(missing.error().status(), Status::NotFound);
  CHECK_CONTAINS(missing.error().message(), "missing");
  CHECK_EQ(missing.value_or(FactId::from_bits(42)), FactId::from_bits(42));

  goap::Result<void> done = d.set_start({FactValue(f.value(), true)});
  CHECK(done.ok());
  done.value();  // asserts success: returns
  goap::Result<void> failed = d.set_goal({FactValue(FactId{}, true)});
  CHECK(!failed.ok());
  CHECK_EQ(failed.status(), Status::UnknownFact);
  CHECK_CONTAINS(failed.error().message(), "goap_domain_set_goal");

  // A Result made from an Error whose status is Ok would be a success without a value.
  goap::Result<FactId> odd{goap::Error()};
  CHECK(!odd.ok());
  CHECK_EQ(odd.status(), Status::InvalidArgument);
  CHECK_EQ(odd.value_or(FactId::from_bits(7)), FactId::from_bits(7));
  // value_or of a move-only value, from an rvalue Result.
  goap::World fallback = goap::Result<goap::World>(goap::Error(Status::Busy, "x")).value_or(goap::World());
  CHECK(!fallback);
}
#endif

// value() of a failed Result calls GOAP_RESULT_UNCHECKED, by default printing the message
// and aborting: run it in a forked child (no world alive there, so nothing to leak).
TEST(value_of_a_failed_result_aborts_with_the_message) {
  goap::World empty;
  auto result = ATTEMPT(empty.create_domain("never"));  // a goap::Result in both modes
  CHECK(!result.ok());
  const std::string message = result.error().message();
  const support::ChildResult child = support::run_in_child([&] {
    (void)result.value().id();  // aborts
    std::fprintf(stderr, "value() returned\n");
  });
  CHECK(child.ran);
  CHECK(child.signaled);
  CHECK_EQ(child.signal, SIGABRT);
  CHECK_CONTAINS(child.stderr_text, "goap: value() of a failed Result: ");
  CHECK_CONTAINS(child.stderr_text, message);
  CHECK(child.stderr_text.find("value() returned") == std::string::npos);
}
