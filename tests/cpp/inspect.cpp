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
  CHECK_FAILS(agent.goal_info(goap::GoalId{7}), Status::UnknownGoal, "goap_agent_goal_info");
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
