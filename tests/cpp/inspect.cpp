// Introspection through goap.hpp: a domain's items by index with their rules, its start
// and goal, an agent's beliefs and goals, and a search trace.
#include <string>
#include <vector>

#include "support.hpp"

namespace {

using goap::ActionId;
using goap::FactId;
using goap::FactValue;
using goap::Status;

}  // namespace

TEST(a_domain_lists_its_items_and_their_rules) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("crafting.json")));
  CHECK_EQ(OK(d.fact_count()), 2u);
  CHECK_EQ(OK(d.fact_name(OK(d.fact_at(0)))), std::string("has_axe"));
  CHECK_EQ(OK(d.fact_name(OK(d.fact_at(1)))), std::string("has_workbench"));
  CHECK_FAILS(d.fact_at(2), Status::InvalidArgument, "index 2 is not below");
  const goap::VarId gold = OK(d.var_at(3));
  CHECK_EQ(OK(d.var_name(gold)), std::string("gold"));
  const goap::VarInfo vi = OK(d.var_info(gold));
  CHECK_EQ(vi.min, 0);
  CHECK_EQ(vi.max, 20);
  CHECK_EQ(static_cast<int>(vi.overflow), static_cast<int>(goap::Overflow::Reject));
  const ActionId buy_axe = OK(d.action_at(2));
  CHECK_EQ(OK(d.action_name(buy_axe)), std::string("buy_axe"));
  const goap::ActionInfo ai = OK(d.action_info(buy_axe));
  CHECK_EQ(ai.cost, 1.0);
  CHECK_EQ(ai.var_effect_count, 1u);
  const FactId axe = OK(d.find_fact("has_axe"));
  const std::vector<FactValue> pre = OK(d.action_pre(buy_axe));
  CHECK_EQ(pre.size(), 1u);
  CHECK(pre[0].fact == axe && pre[0].value == 0);
  const std::vector<FactValue> effects = OK(d.action_effects(buy_axe));
  CHECK(effects.size() == 1 && effects[0].value == 1);
  const std::vector<goap::VarCondition> var_pre = OK(d.action_var_pre(buy_axe));
  CHECK(var_pre.size() == 1 && var_pre[0].var == gold && var_pre[0].op == goap::Compare::Ge &&
        var_pre[0].value == 4);
  const std::vector<goap::VarEffect> var_effects = OK(d.action_var_effects(buy_axe));
  CHECK(var_effects.size() == 1 && var_effects[0].op == goap::VarOp::Sub);
  CHECK(OK(d.start()).empty());
  const std::vector<goap::VarValue> start_vars = OK(d.start_vars());
  CHECK(start_vars.size() == 4 && start_vars[3].var == gold && start_vars[3].value == 5);
  CHECK_EQ(OK(d.goal()).size(), 1u);
  CHECK_EQ(OK(d.goal_vars()).size(), 1u);
  goap::Domain bare = OK(world.create_domain("bare"));
  CHECK_FAILS(bare.goal(), Status::NoGoal, "has no stored goal");
}

TEST(an_agent_tells_its_beliefs_and_goals) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("kitchen.json")));
  goap::Agent agent = OK(world.create_agent(d));
  const FactId dinner = OK(d.find_fact("晚餐完成"));
  goap::GoalDef def;
  def.name = "dinner";
  def.priority = 2;
  def.facts = {FactValue(dinner, true)};
  const goap::GoalId goal = OK(agent.add_goal(def));
  CHECK(OK(agent.domain_id()) == d.id());
  CHECK_EQ(OK(agent.facts()).size(), 1u);
  CHECK(OK(agent.vars()).empty());
  CHECK_EQ(OK(agent.goal_name(goal)), std::string("dinner"));
  goap::GoalInfo info = OK(agent.goal_info(goal));
  CHECK_EQ(info.priority, 2.0);
  CHECK(!info.satisfied && !info.current);
  const std::vector<FactValue> conditions = OK(agent.goal_conditions(goal));
  CHECK(conditions.size() == 1 && conditions[0].fact == dinner);
  CHECK(OK(agent.goal_var_conditions(goal)).empty());
  OK(agent.step(0.1));
  CHECK(OK(agent.goal_info(goal)).current);
  CHECK_FAILS(agent.goal_info(goap::GoalId{}), Status::UnknownGoal, "goap_agent_goal_info");
  CHECK_EQ(OK(agent.info()).goal_count, 1u);
  CHECK_EQ(OK(agent.goal_at(0)), goal);
  CHECK_FAILS(agent.goal_at(1), Status::InvalidArgument, "not below the agent's goal count");
}

// Agent goals of a domain: listed by index, and every agent created afterwards starts with
// them (agents that exist keep theirs).
TEST(a_domain_lists_its_agent_goals_and_new_agents_start_with_them) {
  goap::World world = OK(goap::World::create());
  support::Door door(world);
  goap::Agent before = OK(world.create_agent(door.domain));
  CHECK_EQ(OK(door.domain.agent_goal_count()), 0u);
  goap::GoalDef def;
  def.name = "open up";
  def.priority = 3;
  def.facts = {FactValue(door.open, true)};
  OK(door.domain.add_agent_goal(def));
  CHECK_EQ(OK(door.domain.agent_goal_count()), 1u);
  CHECK_EQ(OK(door.domain.agent_goal_name(0)), std::string("open up"));
  const goap::GoalInfo info = OK(door.domain.agent_goal_info(0));
  CHECK_EQ(info.priority, 3.0);
  CHECK_EQ(info.fact_count, 1u);
  CHECK(!info.satisfied && !info.current);
  const std::vector<FactValue> conditions = OK(door.domain.agent_goal_conditions(0));
  CHECK(conditions.size() == 1 && conditions[0].fact == door.open && conditions[0].value == 1);
  CHECK(OK(door.domain.agent_goal_var_conditions(0)).empty());
  CHECK_FAILS(door.domain.agent_goal_name(1), Status::InvalidArgument,
              "goap_domain_agent_goal_name");
  def.facts = {FactValue(goap::FactId{}, true)};
  CHECK_FAILS(door.domain.add_agent_goal(def), Status::UnknownFact,
              "goap_domain_add_agent_goal");
  CHECK_EQ(OK(door.domain.agent_goal_count()), 1u);  // nothing changes on error

  CHECK_EQ(OK(before.info()).goal_count, 0u);
  goap::Agent after = OK(world.create_agent(door.domain));
  CHECK_EQ(OK(after.info()).goal_count, 1u);
  const goap::GoalId goal = OK(after.goal_at(0));
  CHECK_EQ(OK(after.find_goal("open up")), goal);
  CHECK_EQ(OK(after.goal_info(goal)).priority, 3.0);
  CHECK_EQ(OK(after.step(0)).goal, goal);
}

TEST(a_trace_walks_back_to_the_optimal_plan) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("kitchen.json")));
  const goap::Trace trace = OK(d.trace(1000));
  CHECK(trace.end == goap::TraceEnd::Found);
  CHECK(!trace.nodes.empty() && trace.nodes.back().goal);
  CHECK_EQ(trace.nodes.back().g, 17.0);
  CHECK_EQ(trace.nodes.front().h, 17.0);
  CHECK(trace.var_values.empty());
  std::size_t steps = 0;
  for (uint32_t n = static_cast<uint32_t>(trace.nodes.size() - 1); trace.nodes[n].parent != UINT32_MAX;
       n = trace.nodes[n].parent) {
    ++steps;
  }
  CHECK_EQ(steps, 7u);
  const goap::Trace cut = OK(d.trace(2));
  CHECK(cut.end == goap::TraceEnd::Limit);
  CHECK_EQ(cut.nodes.size(), 2u);
  CHECK_FAILS(d.trace(0), Status::InvalidArgument, "max_expanded");
}
