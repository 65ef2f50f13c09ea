// goap::Agent through the protocol: step, report, a failure and the replan around the
// failed action, goal priorities, per-agent action settings, explain, the plan vector and
// batch planning.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "support.hpp"

namespace {

using goap::ActionId;
using goap::FactId;
using goap::FactValue;
using goap::GoalId;
using goap::ReplanCause;
using goap::Status;
using goap::StepKind;
using support::Door;

}  // namespace

TEST(agent_loop_fails_replans_around_the_failed_action_and_finishes) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  goap::Agent agent = door.agent(world, /*cooldown=*/100);
  CHECK(static_cast<bool>(agent.id()));
  CHECK(agent.world() == world.get());
  CHECK(world.agent(agent.id()) == agent);
  CHECK_EQ(OK(world.agent_count()), 1u);
  const GoalId goal = OK(agent.goal_at(0));
  CHECK(!goal.is_null());
  CHECK_EQ(OK(agent.find_goal("open the door")), goal);

  goap::AgentInfo info = OK(agent.info());
  CHECK_EQ(info.replans, 0u);
  CHECK_EQ(info.last_cause, ReplanCause(0));
  CHECK_EQ(info.goal_count, 1u);
  CHECK(!info.acting);

  const double dt = 0.25;  // exact in binary: the clock is an exact sum
  int steps = 0;
  goap::Step step = OK(agent.step(dt));
  ++steps;
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK(step.replanned);
  CHECK_EQ(step.action, door.pick_lock);  // the cheap way first
  CHECK_EQ(step.goal, goal);
  CHECK_EQ(step.plan_index, 0u);
  info = OK(agent.info());
  CHECK(info.acting);
  CHECK_EQ(info.plan_len, 1u);
  CHECK_EQ(info.plan_cost, 1.0);
  CHECK_EQ(info.last_cause, ReplanCause::NoPlan);

  OK(agent.report(goap::Report::Running));
  step = OK(agent.step(dt));
  ++steps;
  CHECK_EQ(step.kind, StepKind::Continue);
  CHECK(!step.replanned);
  CHECK_EQ(step.action, door.pick_lock);

  OK(agent.report(goap::Report::Failed));
  CHECK(!OK(agent.info()).acting);
  step = OK(agent.step(dt));
  ++steps;
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK(step.replanned);
  CHECK_EQ(step.action, door.fetch_crowbar);  // the lock is cooling down: the other way
  std::vector<ActionId> plan;
  OK(agent.plan(plan));
  CHECK_EQ(plan, (std::vector<ActionId>{door.fetch_crowbar, door.break_door}));
  info = OK(agent.info());
  CHECK_EQ(info.last_cause, ReplanCause::ActionFailed);
  CHECK_EQ(info.plan_cost, 5.0);

  // Succeed every action until the agent is idle.
  std::vector<ActionId> done;
  while (step.kind == StepKind::Start && steps < 10) {
    done.push_back(step.action);
    OK(agent.report(goap::Report::Succeeded));
    step = OK(agent.step(dt));
    ++steps;
  }
  CHECK_EQ(step.kind, StepKind::Idle);
  CHECK_EQ(done, (std::vector<ActionId>{door.fetch_crowbar, door.break_door}));
  CHECK_EQ(step.action, ActionId{});
  OK(agent.plan(plan));
  CHECK(plan.empty());

  // The believed state has the effects of what succeeded.
  CHECK(OK(agent.get_fact(door.open)));
  CHECK(OK(agent.get_fact(door.crowbar)));

  std::vector<goap::ReplanEvent> events;
  OK(agent.replans(events));
  if (CHECK_EQ(events.size(), 2u)) {
    CHECK_EQ(events[0].cause, ReplanCause::NoPlan);
    CHECK_EQ(events[0].result, goap::ReplanResult::Found);
    CHECK_EQ(events[0].plan_len, 1u);
    CHECK_EQ(events[0].plan_cost, 1.0);
    CHECK_EQ(events[0].time, dt);
    CHECK_EQ(events[1].cause, ReplanCause::ActionFailed);
    CHECK_EQ(events[1].result, goap::ReplanResult::Found);
    CHECK_EQ(events[0].goal, goal);
    CHECK_EQ(events[1].goal, goal);
    CHECK_EQ(events[1].plan_len, 2u);
    CHECK_EQ(events[1].plan_cost, 5.0);
    CHECK_EQ(events[1].time, 3 * dt);
  }
  CHECK_EQ(OK(agent.replan_count(ReplanCause::ActionFailed)), 1u);
  CHECK_EQ(OK(agent.replan_count(ReplanCause::NoPlan)), 1u);
  CHECK_EQ(OK(agent.replan_count(ReplanCause::GoalChanged)), 0u);
  info = OK(agent.info());
  CHECK_EQ(info.replans, 2u);
  CHECK(!info.acting);
  CHECK_EQ(info.goal, step.goal);  // what the idle step said (none: the goal holds)
  CHECK_EQ(info.clock, steps * dt);
  CHECK_EQ(info.plan_index, info.plan_len);  // done

  // Without a cooldown the failed cheap action is planned again at once.
  goap::Agent eager = door.agent(world, /*cooldown=*/0);
  CHECK_EQ(OK(eager.step(dt)).action, door.pick_lock);
  OK(eager.report(goap::Report::Failed));
  step = OK(eager.step(dt));
  CHECK_EQ(step.action, door.pick_lock);
  CHECK(step.replanned);

  // Sensed facts: a door sensed open makes the goal satisfied.
  goap::Agent sensing = door.agent(world);
  OK(sensing.set_facts({FactValue(door.open, true), FactValue(door.crowbar, false)}));
  CHECK_EQ(OK(sensing.step(dt)).kind, StepKind::Idle);
  OK(sensing.set_fact(door.open, false));
  CHECK(!OK(sensing.get_fact(door.open)));
  CHECK_EQ(OK(sensing.step(dt)).action, door.pick_lock);

  OK(agent.destroy());
  CHECK_EQ(OK(world.agent_count()), 2u);
}

TEST(goal_priorities_switch_goals_with_goal_changed) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("needs"));
  const FactId food = OK(d.add_fact("has_food"));
  const FactId fed = OK(d.add_fact("fed"));
  const FactId bed = OK(d.add_fact("in_bed"));
  const FactId slept = OK(d.add_fact("slept"));
  const ActionId cook = OK(d.add_action("cook", 1, {}, {FactValue(food, true)}));
  const ActionId eat = OK(d.add_action("eat", 1, {FactValue(food, true)}, {FactValue(fed, true)}));
  const ActionId go_to_bed = OK(d.add_action("go_to_bed", 1, {}, {FactValue(bed, true)}));
  const ActionId sleep = OK(d.add_action("sleep", 1, {FactValue(bed, true)}, {FactValue(slept, true)}));

  for (double margin : {0.0, 10.0}) {
    goap::AgentSettings settings = goap::AgentSettings::for_domain(d.id());
    settings.switch_margin = margin;
    goap::Agent agent = OK(world.create_agent(settings));
    goap::GoalDef eat_goal;
    eat_goal.name = "eat";
    eat_goal.facts = {FactValue(fed, true)};
    eat_goal.priority = 1;
    goap::GoalDef sleep_goal;
    sleep_goal.name = "sleep";
    sleep_goal.facts = {FactValue(slept, true)};
    sleep_goal.priority = 2;
    const GoalId eating = OK(agent.add_goal(eat_goal));
    const GoalId sleeping = OK(agent.add_goal(sleep_goal));
    CHECK(eating != sleeping);
    CHECK_EQ(OK(agent.goal_at(0)), eating);
    CHECK_EQ(OK(agent.goal_at(1)), sleeping);
    CHECK_EQ(OK(agent.find_goal("sleep")), sleeping);
    CHECK_EQ(OK(agent.find_goal("eat")), eating);

    goap::Step step = OK(agent.step(0.1));
    CHECK_EQ(step.goal, sleeping);  // the higher priority
    CHECK_EQ(step.action, go_to_bed);
    OK(agent.report(goap::Report::Succeeded));
    // Hunger rises above sleepiness mid-plan.
    OK(agent.set_goal_priority(eating, 5));
    step = OK(agent.step(0.1));
    if (margin == 0) {
      CHECK(step.replanned);
      CHECK_EQ(step.kind, StepKind::Start);
      CHECK_EQ(step.goal, eating);
      CHECK_EQ(step.action, cook);
      CHECK_EQ(OK(agent.replan_count(ReplanCause::GoalChanged)), 1u);
      CHECK_EQ(OK(agent.info()).last_cause, ReplanCause::GoalChanged);
      std::vector<goap::ReplanEvent> events;
      OK(agent.replans(events));
      CHECK(!events.empty() && events.back().cause == ReplanCause::GoalChanged &&
            events.back().goal == eating);
      // Eat, then back to sleep (already in bed: one action).
      OK(agent.report(goap::Report::Succeeded));
      CHECK_EQ(OK(agent.step(0.1)).action, eat);
      OK(agent.report(goap::Report::Succeeded));
      step = OK(agent.step(0.1));
      CHECK_EQ(step.goal, sleeping);
      CHECK_EQ(step.action, sleep);
    } else {
      // 5 does not beat 2 by more than the margin of 10: the agent keeps its goal.
      CHECK(!step.replanned);
      CHECK_EQ(step.goal, sleeping);
      CHECK_EQ(step.action, sleep);
      CHECK_EQ(OK(agent.replan_count(ReplanCause::GoalChanged)), 0u);
    }
    // A priority of 0 disables a goal: with both disabled there is nothing to do.
    OK(agent.report(goap::Report::Succeeded));
    OK(agent.set_goal_priority(eating, 0));
    OK(agent.set_goal_priority(sleeping, 0));
    CHECK_EQ(OK(agent.step(0.1)).kind, StepKind::Idle);
    OK(agent.destroy());
  }
}

// remove_goal: the id goes stale for every goal call, goal_at closes the gap, removing the
// goal pursued hands over to the next goal (GoalChanged), and with none left the plan is
// cleared.
TEST(remove_goal_makes_the_id_stale_and_hands_over) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("needs"));
  const FactId food = OK(d.add_fact("has_food"));
  const FactId fed = OK(d.add_fact("fed"));
  const FactId bed = OK(d.add_fact("in_bed"));
  const FactId slept = OK(d.add_fact("slept"));
  const ActionId cook = OK(d.add_action("cook", 1, {}, {FactValue(food, true)}));
  OK(d.add_action("eat", 1, {FactValue(food, true)}, {FactValue(fed, true)}));
  const ActionId go_to_bed = OK(d.add_action("go_to_bed", 1, {}, {FactValue(bed, true)}));
  OK(d.add_action("sleep", 1, {FactValue(bed, true)}, {FactValue(slept, true)}));
  goap::Agent agent = OK(world.create_agent(d));
  goap::GoalDef def;
  def.name = "eat";
  def.facts = {FactValue(fed, true)};
  def.priority = 1;
  const GoalId eating = OK(agent.add_goal(def));
  def.name = "sleep";
  def.facts = {FactValue(slept, true)};
  def.priority = 2;
  const GoalId sleeping = OK(agent.add_goal(def));
  CHECK_EQ(OK(agent.info()).goal_count, 2u);

  goap::Step step = OK(agent.step(0.1));
  CHECK_EQ(step.goal, sleeping);
  CHECK_EQ(step.action, go_to_bed);
  CHECK(OK(agent.goal_info(sleeping)).current);

  // Removing the goal pursued: the next step hands over to the other goal.
  OK(agent.remove_goal(sleeping));
  CHECK_EQ(OK(agent.info()).goal_count, 1u);
  CHECK_EQ(OK(agent.goal_at(0)), eating);
  CHECK_FAILS(agent.goal_at(1), Status::InvalidArgument, "not below the agent's goal count");
  CHECK_FAILS(agent.find_goal("sleep"), Status::NotFound, "goap_agent_find_goal");
  // The removed id is stale for every goal call.
  CHECK_FAILS(agent.remove_goal(sleeping), Status::UnknownGoal, "goap_agent_remove_goal");
  CHECK_FAILS(agent.set_goal_priority(sleeping, 3), Status::UnknownGoal,
              "goap_agent_set_goal_priority");
  CHECK_FAILS(agent.goal_name(sleeping), Status::UnknownGoal, "goap_agent_goal_name");
  CHECK_FAILS(agent.goal_info(sleeping), Status::UnknownGoal, "goap_agent_goal_info");
  CHECK_FAILS(agent.goal_conditions(sleeping), Status::UnknownGoal,
              "goap_agent_goal_conditions");
  CHECK_FAILS(agent.goal_var_conditions(sleeping), Status::UnknownGoal,
              "goap_agent_goal_var_conditions");
  CHECK_FAILS(agent.explain(sleeping), Status::UnknownGoal, "goap_agent_explain");

  OK(agent.report(goap::Report::Succeeded));
  step = OK(agent.step(0.1));
  CHECK(step.replanned);
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK_EQ(step.goal, eating);
  CHECK_EQ(step.action, cook);
  CHECK_EQ(OK(agent.info()).last_cause, ReplanCause::GoalChanged);
  CHECK_EQ(OK(agent.replan_count(ReplanCause::GoalChanged)), 1u);

  // A goal added later never gets the removed goal's id, and lists after the others.
  def.name = "sleep again";
  const GoalId again = OK(agent.add_goal(def));
  CHECK(again != sleeping && again != eating);
  CHECK_EQ(OK(agent.goal_at(1)), again);
  CHECK_EQ(OK(agent.goal_name(again)), std::string("sleep again"));
  CHECK_FAILS(agent.goal_name(sleeping), Status::UnknownGoal, "goap_agent_goal_name");
  OK(agent.remove_goal(again));

  // With no goal left, the plan is cleared: nothing to do, no goal.
  OK(agent.remove_goal(eating));
  CHECK_EQ(OK(agent.info()).goal_count, 0u);
  CHECK_FAILS(agent.goal_at(0), Status::InvalidArgument, "not below the agent's goal count");
  OK(agent.report(goap::Report::Succeeded));
  step = OK(agent.step(0.1));
  CHECK_EQ(step.kind, StepKind::Idle);
  CHECK_EQ(step.action, ActionId{});
  CHECK(step.goal.is_null());
  goap::AgentInfo info = OK(agent.info());
  CHECK(info.goal.is_null());
  CHECK_EQ(info.plan_len, 0u);
  std::vector<ActionId> plan;
  OK(agent.plan(plan));
  CHECK(plan.empty());
}

TEST(action_enabled_and_cost_settings_change_the_plan) {
  goap::World world = OK(goap::World::create());
  Door door(world);

  goap::Agent disabled = door.agent(world);
  OK(disabled.set_action_enabled(door.pick_lock, false));
  CHECK_EQ(OK(disabled.step(0)).action, door.fetch_crowbar);
  CHECK_EQ(OK(disabled.info()).plan_cost, 5.0);

  goap::Agent expensive = door.agent(world);
  OK(expensive.set_action_cost(door.pick_lock, 10));
  CHECK_EQ(OK(expensive.step(0)).action, door.fetch_crowbar);  // 5 < 10

  goap::Agent cleared = door.agent(world);
  OK(cleared.set_action_cost(door.pick_lock, 10));
  OK(cleared.clear_action_cost(door.pick_lock));
  CHECK_EQ(OK(cleared.step(0)).action, door.pick_lock);

  goap::Agent cheap = door.agent(world);
  OK(cheap.set_action_cost(door.fetch_crowbar, 0));
  OK(cheap.set_action_cost(door.break_door, 0.5));
  CHECK_EQ(OK(cheap.step(0)).action, door.fetch_crowbar);  // 0.5 < 1
  CHECK_EQ(OK(cheap.info()).plan_cost, 0.5);

  // Disabling the action in progress invalidates the plan: the next step replans.
  goap::Agent invalidated = door.agent(world);
  CHECK_EQ(OK(invalidated.step(0)).action, door.pick_lock);
  OK(invalidated.set_action_enabled(door.pick_lock, false));
  goap::Step step = OK(invalidated.step(0));
  CHECK(step.replanned);
  CHECK_EQ(step.action, door.fetch_crowbar);
  CHECK_EQ(OK(invalidated.replan_count(ReplanCause::PlanInvalidated)), 1u);
  // Enabling it again changes nothing while the plan in hand still works.
  OK(invalidated.set_action_enabled(door.pick_lock, true));
  step = OK(invalidated.step(0));
  CHECK(!step.replanned);
  CHECK_EQ(step.action, door.fetch_crowbar);

  // The domain's plan is untouched by agents' settings.
  std::vector<ActionId> plan;
  OK(door.domain.set_goal({FactValue(door.open, true)}));
  CHECK_EQ(OK(door.domain.plan(plan)).cost, 1.0);
}

TEST(explain_reports_the_verdict_as_text_and_json) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("night-watch.json")));
  goap::Agent agent = OK(world.create_agent(d));
  CHECK_EQ(OK(agent.info()).goal_count, 2u);  // the file's goals: secure, beacon
  const GoalId secure = OK(agent.find_goal("secure"));
  const GoalId beacon = OK(agent.find_goal("beacon"));
  CHECK_EQ(OK(agent.goal_at(0)), secure);  // the domain file's goals, in file order
  CHECK_EQ(OK(agent.goal_at(1)), beacon);

  // README: the secure goal's optimal plan costs 5; beacon has no plan because of a typo
  // (pick_up_flint sets has_flnt, light_torch needs has_flint).
  const std::string found = OK(agent.explain(secure));
  CHECK_CONTAINS(found, "Plan found: 4 actions, cost 5");
  const std::string text = OK(agent.explain(beacon, goap::ExplainFormat::Text));
  CHECK_CONTAINS(text, "No plan");
  CHECK_CONTAINS(text, "\"has_flint\"");
  CHECK_CONTAINS(text, "did you mean \"has_flnt\"");
  const std::string json = OK(agent.explain(beacon, goap::ExplainFormat::Json));
  CHECK(!json.empty() && json.front() == '{' && json.back() == '}');
  CHECK_CONTAINS(json, "\"has_flint\"");
  // The out-string overload gives the same report and reuses the string.
  std::string out;
  out.reserve(4096);
  const char* data = out.data();
  OK(agent.explain(beacon, goap::ExplainFormat::Text, out));
  CHECK_EQ(out, text);
  CHECK(out.data() == data);
  OK(agent.explain(secure, goap::ExplainFormat::Text, out));
  CHECK_EQ(out, found);
}

TEST(agent_plan_vector_keeps_capacity_and_data) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("kitchen.json")));
  const FactId dinner = OK(d.find_fact("晚餐完成"));
  goap::Agent agent = OK(world.create_agent(d));
  goap::GoalDef goal;
  goal.facts = {FactValue(dinner, true)};
  OK(agent.add_goal(goal));
  std::vector<ActionId> domain_plan;
  OK(d.plan(domain_plan));

  std::vector<ActionId> plan;
  plan.reserve(32);
  const ActionId* data = plan.data();
  goap::Step step = OK(agent.step(0));
  OK(agent.plan(plan));
  CHECK_EQ(plan, domain_plan);  // the same optimal plan, the same tie-breaking
  CHECK_EQ(plan.capacity(), 32u);
  CHECK(plan.data() == data);
  for (std::size_t left = domain_plan.size(); left > 0; --left) {
    CHECK_EQ(step.kind, StepKind::Start);
    OK(agent.plan(plan));
    CHECK_EQ(plan.size(), left);
    CHECK(plan.size() > 0 && plan.front() == step.action);
    CHECK_EQ(plan.capacity(), 32u);
    CHECK(plan.data() == data);
    OK(agent.report(goap::Report::Succeeded));
    step = OK(agent.step(0));
  }
  CHECK_EQ(step.kind, StepKind::Idle);
  OK(agent.plan(plan));
  CHECK(plan.empty());
  CHECK(plan.data() == data);
  // An empty vector grows as needed.
  goap::Agent fresh = OK(world.create_agent(d));
  OK(fresh.add_goal(goal));
  OK(fresh.step(0));
  std::vector<ActionId> grown;
  OK(fresh.plan(grown));
  CHECK_EQ(grown, domain_plan);
}

TEST(batch_planning_serves_waiting_agents) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  std::vector<goap::Agent> agents;
  for (int i = 0; i < 3; ++i) agents.push_back(door.agent(world, 0, /*plan_in_step=*/false));
  for (const goap::Agent& a : agents) {
    goap::Step step = OK(a.step(0));
    CHECK_EQ(step.kind, StepKind::Waiting);
    CHECK_EQ(step.action, ActionId{});
    CHECK_EQ(OK(a.info()).plan_len, 0u);
  }
  // A budget of one agent: the others wait for the next call.
  goap::BatchOptions one;
  one.max_agents = 1;
  one.threads = 2;
  goap::BatchStats stats = OK(world.plan_agents(one));
  CHECK_EQ(stats.planned, 1u);
  CHECK_EQ(stats.waiting, 2u);
  CHECK_EQ(stats.callback_errors, 0u);
  stats = OK(world.plan_agents());
  CHECK_EQ(stats.planned, 2u);
  CHECK_EQ(stats.waiting, 0u);
  CHECK(stats.threads >= 1u);
  for (const goap::Agent& a : agents) {
    goap::Step step = OK(a.step(0));
    CHECK_EQ(step.kind, StepKind::Start);
    CHECK_EQ(step.action, door.pick_lock);
    CHECK_EQ(OK(a.replan_count(ReplanCause::NoPlan)), 1u);
  }
  // Nothing left to plan.
  stats = OK(world.plan_agents());
  CHECK_EQ(stats.planned, 0u);
  // The door's searches walk an exact table under the default heuristic: they skip the
  // plan cache. Three agents with the same search under root landmarks share it.
  goap::CacheStats cache = OK(world.cache_stats());
  CHECK_EQ(cache.hits + cache.misses + cache.entries, 0u);
  std::vector<goap::Agent> searching;
  for (int i = 0; i < 3; ++i)
    searching.push_back(door.agent(world, 0, /*plan_in_step=*/false, goap::Heuristic::Landmarks));
  stats = OK(world.plan_agents());
  CHECK_EQ(stats.planned, 3u);
  CHECK(stats.cache_hits >= 1u);
  CHECK(OK(world.cache_stats()).hits >= 1u);

  // A node budget: the search that crosses it still counts, the rest wait (goap.h).
  std::vector<goap::Agent> budgeted;
  for (int i = 0; i < 3; ++i) budgeted.push_back(door.agent(world, 0, false));
  for (const goap::Agent& a : budgeted) CHECK_EQ(OK(a.step(0)).kind, StepKind::Waiting);
  // Each search expands one node and then takes up the goal state: a slice of 2 nodes
  // finishes it (a slice of 1 stops before the goal, with or without the cache). The first
  // search uses 1 of the 2, the second crosses the budget and still counts, the third waits.
  goap::BatchOptions nodes;
  nodes.max_nodes = 2;
  stats = OK(world.plan_agents(nodes));
  CHECK_EQ(stats.planned, 2u);
  CHECK_EQ(stats.waiting, 1u);
  CHECK(stats.expanded >= 1u);
  stats = OK(world.plan_agents());
  CHECK_EQ(stats.planned, 1u);
  for (const goap::Agent& a : budgeted) CHECK_EQ(OK(a.step(0)).kind, StepKind::Start);
}

namespace {

/// A corridor of `length` moves: at_0 -> at_1 -> ... -> at_length, one fact true at a time.
struct Corridor {
  goap::Domain domain;
  std::vector<FactId> at;
  std::vector<ActionId> move;

  Corridor(const goap::World& world, int length) {
    domain = OK(world.create_domain("corridor"));
    for (int i = 0; i <= length; ++i) at.push_back(OK(domain.add_fact("at_" + std::to_string(i))));
    for (int i = 0; i < length; ++i) {
      move.push_back(OK(domain.add_action(
          "move_" + std::to_string(i), 1, {FactValue(at[i], true)},
          {FactValue(at[i], false), FactValue(at[i + 1], true)})));
    }
    OK(domain.set_start({FactValue(at[0], true)}));
  }

  goap::Agent agent(const goap::World& world, uint32_t max_nodes = 1000000) {
    goap::AgentSettings settings = goap::AgentSettings::for_domain(domain.id());
    settings.max_nodes = max_nodes;
    goap::Agent a = OK(world.create_agent(settings));
    goap::GoalDef goal;
    goal.name = "the end";
    goal.facts = {FactValue(at.back(), true)};
    OK(a.add_goal(goal));
    return a;
  }
};

}  // namespace

// A plan longer than the 16 entries Agent::plan starts with comes back whole (the wrapper
// grows the vector on BUFFER_TOO_SMALL); plan_index follows the actions done; a believed
// state further down the corridor skips the steps before it without a search.
TEST(long_agent_plan_plan_index_and_skipped_steps) {
  goap::World world = OK(goap::World::create());
  Corridor corridor(world, 20);
  goap::Agent agent = corridor.agent(world);
  goap::Step step = OK(agent.step(0.1));
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK_EQ(step.action, corridor.move[0]);
  CHECK_EQ(step.plan_index, 0u);
  std::vector<ActionId> plan;  // empty: capacity 0
  OK(agent.plan(plan));
  CHECK_EQ(plan, corridor.move);
  CHECK_EQ(OK(agent.info()).plan_len, 20u);

  OK(agent.report(goap::Report::Succeeded));
  step = OK(agent.step(0.1));
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK_EQ(step.action, corridor.move[1]);
  CHECK_EQ(step.plan_index, 1u);
  OK(agent.plan(plan));
  CHECK_EQ(plan, std::vector<ActionId>(corridor.move.begin() + 1, corridor.move.end()));

  // Something carried the NPC to at_12: the plan from move_12 on still reaches the end.
  OK(agent.set_facts({FactValue(corridor.at[1], false), FactValue(corridor.at[12], true)}));
  step = OK(agent.step(0.1));
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK(step.replanned);
  CHECK_EQ(step.action, corridor.move[12]);
  CHECK_EQ(step.plan_index, 12u);
  std::vector<goap::ReplanEvent> events;
  OK(agent.replans(events));
  CHECK_EQ(events.size(), 2u);
  if (events.size() == 2) {
    CHECK_EQ(events[0].cause, ReplanCause::NoPlan);
    CHECK_EQ(events[0].result, goap::ReplanResult::Found);
    CHECK_EQ(events[0].plan_len, 20u);
    CHECK_EQ(events[1].cause, ReplanCause::StepsSkipped);
    CHECK_EQ(events[1].result, goap::ReplanResult::Skipped);
    CHECK_EQ(events[1].expanded, 0u);  // no search
  }
  CHECK_EQ(OK(agent.replan_count(ReplanCause::StepsSkipped)), 1u);
}

// An unreachable goal gives StepKind::NoPlan with a NoPlan replan; a goal nothing can make
// true gives NoPlan without a search; a node limit too small for the corridor gives NoPlan
// too, recorded as ReplanResult::Limit.
TEST(no_plan_and_node_limit_steps) {
  goap::World world = OK(goap::World::create());
  Corridor corridor(world, 6);
  const FactId treasure = OK(corridor.domain.add_fact("treasure"));
  const FactId map = OK(corridor.domain.add_fact("map"));  // nothing makes it true
  // Digging finds the treasure, with the map nobody has: the search proves no plan.
  OK(corridor.domain.add_action("dig", 1, {FactValue(map, true)}, {FactValue(treasure, true)}));
  {
    // A goal on the map itself is hopeless: no action has it among its effects.
    goap::Agent mapless = OK(world.create_agent(goap::AgentSettings::for_domain(corridor.domain.id())));
    goap::GoalDef want;
    want.name = "map";
    want.facts = {FactValue(map, true)};
    OK(mapless.add_goal(want));
    CHECK_EQ(OK(mapless.step(0.1)).kind, StepKind::NoPlan);
    CHECK_EQ(OK(mapless.info()).replans, 0u);
  }
  goap::Agent lost = OK(world.create_agent(goap::AgentSettings::for_domain(corridor.domain.id())));
  goap::GoalDef want;
  want.name = "treasure";
  want.facts = {FactValue(treasure, true)};
  OK(lost.add_goal(want));
  goap::Step step = OK(lost.step(0.1));
  CHECK_EQ(step.kind, StepKind::NoPlan);
  CHECK(!step.action);
  std::vector<goap::ReplanEvent> events;
  OK(lost.replans(events));
  CHECK_EQ(events.size(), 1u);
  if (!events.empty()) {
    CHECK_EQ(events[0].cause, ReplanCause::NoPlan);
    CHECK_EQ(events[0].result, goap::ReplanResult::NoPlan);
    CHECK(events[0].goal.is_null());
    CHECK_EQ(events[0].goal, GoalId{});
    CHECK_EQ(events[0].goals_tried, 1u);
  }
  step = OK(lost.step(0.1));  // nothing changed: no new search
  CHECK_EQ(step.kind, StepKind::NoPlan);
  CHECK(!step.replanned);
  CHECK_EQ(OK(lost.info()).replans, 1u);

  goap::Agent limited = corridor.agent(world, /*max_nodes=*/2);
  step = OK(limited.step(0.1));
  CHECK_EQ(step.kind, StepKind::NoPlan);
  OK(limited.replans(events));
  CHECK_EQ(events.size(), 1u);
  if (!events.empty()) CHECK_EQ(events[0].result, goap::ReplanResult::Limit);
}

TEST(step_budget_spreads_the_search_over_steps) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  goap::AgentSettings defaults;
  CHECK_EQ(defaults.step_max_expansions, 0u);
  CHECK_EQ(defaults.step_max_micros, 0u);
  goap::AgentSettings settings = goap::AgentSettings::for_domain(door.domain.id());
  settings.heuristic = goap::Heuristic::Blind;
  settings.step_max_expansions = 1;
  goap::Agent a = OK(world.create_agent(settings));
  goap::GoalDef goal;
  goal.name = "open the door";
  goal.facts = {goap::FactValue(door.open, true)};
  OK(a.add_goal(goal));
  // Blind search expands the start state (one node: this step's budget), then pops the goal.
  goap::Step step = OK(a.step(0));
  CHECK_EQ(step.kind, StepKind::Planning);
  CHECK_EQ(step.action, ActionId{});
  CHECK(!step.replanned);
  step = OK(a.step(0));
  CHECK_EQ(step.kind, StepKind::Start);
  CHECK_EQ(step.action, door.pick_lock);
  CHECK(step.replanned);
  std::vector<goap::ReplanEvent> events;
  OK(a.replans(events));
  CHECK_EQ(events.size(), 1u);
  CHECK_EQ(events[0].expanded, 1u);
}

namespace {

/// A job system for WorldSettings::enqueue_task / finish_task: each task runs on three
/// new threads claiming ranges; finish joins them.
struct Jobs {
  std::atomic<int> enqueued{0}, finished{0}, ranges{0};
};

struct Job {
  std::vector<std::thread> threads;
  std::atomic<uint32_t> next{0};
};

void* enqueue(GoapTaskCallback task, uint32_t count, uint32_t min_range, void* task_context,
              void* user) {
  Jobs* jobs = static_cast<Jobs*>(user);
  ++jobs->enqueued;
  Job* job = new Job();
  for (uint32_t w = 0; w < 3; ++w) {
    job->threads.emplace_back([=] {
      for (;;) {
        const uint32_t start = job->next.fetch_add(min_range);
        if (start >= count) break;
        task(start, start + min_range < count ? start + min_range : count, w, task_context);
        ++jobs->ranges;
      }
    });
  }
  return job;
}

void finish(void* handle, void* user) {
  Job* job = static_cast<Job*>(handle);
  for (std::thread& t : job->threads) t.join();
  delete job;
  ++static_cast<Jobs*>(user)->finished;
}

/// 30 door agents (some already holding a crowbar) planned by one batch: their plans, as
/// indices into the door's actions (ids differ from world to world).
std::vector<std::vector<int>> door_batch(const goap::WorldSettings& settings) {
  goap::World world = OK(goap::World::create(settings));
  Door door(world);
  std::vector<goap::Agent> agents;
  for (int i = 0; i < 30; ++i) {
    agents.push_back(door.agent(world, 0, /*plan_in_step=*/false));
    if (i % 3 == 0) OK(agents.back().set_fact(door.crowbar, true));
  }
  goap::BatchStats stats = OK(world.plan_agents());
  CHECK_EQ(stats.planned, 30u);
  std::vector<std::vector<int>> plans;
  for (const goap::Agent& a : agents) {
    std::vector<ActionId> plan;
    OK(a.plan(plan));
    std::vector<int> indices;
    for (ActionId x : plan) {
      indices.push_back(x == door.pick_lock ? 0 : x == door.fetch_crowbar ? 1 : x == door.break_door ? 2 : -1);
    }
    plans.push_back(indices);
  }
  return plans;
}

}  // namespace

TEST(batches_on_an_engine_job_system_equal_single_threaded_ones) {
  goap::WorldSettings single;
  single.worker_threads = 1;
  single.plan_cache_capacity = 0;
  const std::vector<std::vector<int>> expected = door_batch(single);
  CHECK_EQ(expected.size(), 30u);
  Jobs jobs;
  goap::WorldSettings engine;
  CHECK(engine.enqueue_task == nullptr && engine.finish_task == nullptr);
  engine.plan_cache_capacity = 0;
  engine.worker_threads = 3;
  engine.enqueue_task = enqueue;
  engine.finish_task = finish;
  engine.user_task_context = &jobs;
  CHECK(door_batch(engine) == expected);
  CHECK(jobs.enqueued.load() >= 1);
  CHECK_EQ(jobs.enqueued.load(), jobs.finished.load());
  CHECK(jobs.ranges.load() >= 2);
  // Only one of the two callbacks is an error.
  goap::WorldSettings half;
  half.enqueue_task = enqueue;
  CHECK_FAILS(goap::World::create(half), goap::Status::InvalidArgument, "must be set together");
}

TEST(a_recurring_goal_resets_rests_and_loops) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("patrol"));
  const FactId gate = OK(d.add_fact("at_gate"));
  const ActionId walk = OK(d.add_action("walk", 1, {}, {FactValue(gate, true)}));
  goap::Agent agent = OK(world.create_agent(d));
  goap::GoalDef def;
  def.name = "patrol";
  def.facts = {FactValue(gate, true)};
  def.reset = {FactValue(gate, false)};
  def.cooldown = 2;
  const GoalId patrol = OK(agent.add_goal(def));
  for (uint32_t round = 1; round <= 3; ++round) {
    goap::Step step = OK(agent.step(0.5));
    CHECK_EQ(step.kind, StepKind::Start);
    CHECK_EQ(step.action, walk);
    OK(agent.report(goap::Report::Succeeded));
    // The next step finds the goal achieved: reset, then a 2 s rest.
    step = OK(agent.step(0.5));
    CHECK_EQ(step.kind, StepKind::Idle);
    CHECK(step.goal.is_null());
    CHECK(!OK(agent.get_fact(gate)));
    const goap::GoalInfo info = OK(agent.goal_info(patrol));
    CHECK_EQ(info.achieved, round);
    CHECK(info.ready_in > 1.99 && info.ready_in < 2.01);
    CHECK_EQ(OK(agent.step(1.0)).kind, StepKind::Idle);
    CHECK_EQ(OK(agent.step(0.5)).kind, StepKind::Idle);
  }
  // Bad recurrences are refused.
  def.cooldown = -1;
  CHECK_FAILS(agent.add_goal(def), Status::InvalidArgument, "cooldown");
  def.cooldown = 0;
  def.reset = {FactValue(gate, false), FactValue(gate, true)};
  CHECK_FAILS(agent.add_goal(def), Status::InvalidArgument, "both true and false");
}

TEST(one_call_writes_a_fact_into_several_agents_or_into_none) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("guards"));
  const FactId bell = OK(d.add_fact("bell_rang"));
  goap::VarDef alarm_def;
  alarm_def.name = "alarm";
  alarm_def.max = 3;
  const goap::VarId alarm = OK(d.add_var(alarm_def));
  std::vector<goap::AgentId> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(OK(world.create_agent(d)).id());
  OK(world.set_fact_on(ids, bell, true));
  OK(world.set_var_on(ids, alarm, 2));
  for (goap::AgentId id : ids) {
    CHECK(OK(world.agent(id).get_fact(bell)));
    CHECK_EQ(OK(world.agent(id).get_var(alarm)), 2);
  }
  goap::Agent gone = OK(world.create_agent(d));
  OK(gone.destroy());
  std::vector<goap::AgentId> with_gone = {ids[0], gone.id()};
  CHECK_FAILS(world.set_fact_on(with_gone, bell, false), Status::UnknownAgent, "agents[1]");
  CHECK(OK(world.agent(ids[0]).get_fact(bell)));  // nothing written
  CHECK_FAILS(world.set_var_on(ids, alarm, 9), Status::OutOfRange, "agents[0]");
  OK(world.set_fact_on({}, bell, false));
}

TEST(shared_facts_reach_every_agent_and_only_dependents_review) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(R"({
    "vars": {"alarm": {"min": 0, "max": 3}},
    "actions": [{"name": "close_gate", "pre": {"bell_rang": true}, "effects": {"gate_closed": true}},
                {"name": "harvest", "effects": {"harvested": true}}],
    "goals": [{"name": "secure", "priority": 1, "conditions": {"gate_closed": true}}]
  })"));
  const FactId bell = OK(d.find_fact("bell_rang"));
  const goap::VarId alarm = OK(d.find_var("alarm"));
  goap::Agent guard = OK(world.create_agent(d));
  CHECK_EQ(OK(guard.step(0.1)).kind, StepKind::NoPlan);
  CHECK(!OK(d.shared_fact(bell)).has_value());
  const goap::SharedChange change = OK(d.set_shared({FactValue(bell, true)}, {goap::VarValue{alarm, 2}}));
  CHECK_EQ(change.changed, 2u);
  CHECK_EQ(change.reviewed, 1u);
  CHECK(*OK(d.shared_fact(bell)));
  CHECK_EQ(*OK(d.shared_var(alarm)), 2);
  CHECK(OK(guard.get_fact(bell)));
  CHECK_EQ(OK(guard.step(0.1)).kind, StepKind::Start);
  CHECK_EQ(OK(d.set_shared_fact(bell, true)).changed, 0u);  // the same value: nothing
  CHECK_EQ(OK(d.set_shared_var(alarm, 3)).reviewed, 0u);    // no goal depends on alarm
  CHECK_FAILS(d.set_shared_var(alarm, 9), Status::OutOfRange, "alarm");
  CHECK_EQ(*OK(d.shared_var(alarm)), 3);
  // The agent's own write overrides until the next shared write.
  OK(guard.set_fact(bell, false));
  CHECK(!OK(guard.get_fact(bell)));
  OK(d.set_shared_fact(bell, false));
  OK(d.set_shared_fact(bell, true));
  CHECK(OK(guard.get_fact(bell)));
}
