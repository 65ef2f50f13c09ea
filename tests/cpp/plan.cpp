// Planning through goap::Domain: the kitchen (loaded and built by hand), the sample
// domains against their known optimal costs, integer variables, no plan, the node limit
// and the caller-owned plan vector.
#include <cstring>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

using goap::ActionId;
using goap::FactId;
using goap::FactValue;

std::vector<std::string> names_of(const goap::Domain& d, const std::vector<ActionId>& plan) {
  std::vector<std::string> names;
  for (ActionId a : plan) names.push_back(OK(d.action_name(a)));
  return names;
}

/// Builds the kitchen by hand through add_fact / add_action / set_start / set_goal.
goap::Domain kitchen_by_hand(const goap::World& world) {
  goap::Domain d = OK(world.create_domain("kitchen by hand"));
  std::vector<FactId> facts;
  for (const char* name : support::kitchen_facts()) facts.push_back(OK(d.add_fact(name)));
  for (const support::KitchenAction& a : support::kitchen_actions()) {
    std::vector<FactValue> pre, effects;
    for (int p : a.pre) pre.emplace_back(facts[p], true);
    for (int e : a.effects) effects.emplace_back(facts[e], true);
    OK(d.add_action(a.name, a.cost, pre, effects));
  }
  OK(d.set_start({FactValue(facts[support::kKitchenStart], true)}));
  OK(d.set_goal({FactValue(facts[support::kKitchenGoal], true)}));
  return d;
}

/// `"optimal_cost": N` of a domain file's meta (-1 when absent).
double meta_optimal_cost(const std::string& text) {
  const std::string key = "\"optimal_cost\":";
  std::size_t at = text.find(key);
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + key.size()));
}

}  // namespace

TEST(kitchen_json_plans_optimal_cost_and_replays) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("kitchen.json")));
  CHECK_EQ(OK(d.fact_count()), 8u);
  CHECK_EQ(OK(d.action_count()), 7u);
  std::vector<ActionId> plan;
  goap::PlanResult r = OK(d.plan(plan));
  CHECK_EQ(r.outcome, goap::Outcome::Found);
  CHECK(r.found());
  CHECK_EQ(r.cost, support::kKitchenOptimal);
  CHECK(r.expanded > 0);
  CHECK(r.generated >= r.expanded);
  CHECK(r.initial_h <= r.cost);  // admissible
  CHECK_EQ(plan.size(), 7u);     // every action once: each is needed for 摆盘

  std::vector<std::string> names = names_of(d, plan);
  double cost = -1;
  CHECK(support::replay_kitchen(names, cost));
  CHECK_EQ(cost, r.cost);
  CHECK_EQ(names.back(), std::string("摆盘"));
  // action_name through the out-string overload, reused.
  std::string name;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    OK(d.action_name(plan[i], name));
    CHECK_EQ(name, names[i]);
    CHECK_EQ(OK(d.find_action(name)), plan[i]);
  }

  // plan_from with the file's start and goal gives the same plan.
  const FactId bought = OK(d.find_fact("菜已买"));
  const FactId dinner = OK(d.find_fact("晚餐完成"));
  std::vector<ActionId> again;
  goap::PlanResult r2 = OK(d.plan_from({FactValue(bought, true)}, {FactValue(dinner, true)}, again));
  CHECK_EQ(r2.outcome, goap::Outcome::Found);
  CHECK_EQ(r2.cost, r.cost);
  CHECK_EQ(again, plan);

  // plan_problem likewise; from a start where the vegetables are fried already it is
  // cheaper by exactly 洗菜 + 切菜 + 炒菜 = 4.
  goap::Problem problem;
  problem.start = {FactValue(bought, true)};
  problem.goal = {FactValue(dinner, true)};
  std::vector<ActionId> third;
  CHECK_EQ(OK(d.plan_problem(problem, third)).cost, r.cost);
  CHECK_EQ(third, plan);
  problem.start.emplace_back(OK(d.find_fact("菜已炒")), true);
  goap::PlanResult r3 = OK(d.plan_problem(problem, third));
  CHECK_EQ(r3.cost, r.cost - 4);
  CHECK_EQ(third.size(), 4u);
}

TEST(kitchen_by_hand_plans_like_the_file) {
  goap::World world = OK(goap::World::create());
  goap::Domain hand = kitchen_by_hand(world);
  goap::Domain file = OK(world.load_domain(support::read_domain("kitchen.json")));
  std::vector<ActionId> a, b;
  goap::PlanResult ra = OK(hand.plan(a));
  goap::PlanResult rb = OK(file.plan(b));
  CHECK_EQ(ra.cost, support::kKitchenOptimal);
  CHECK_EQ(ra.cost, rb.cost);
  CHECK_EQ(names_of(hand, a), names_of(file, b));  // same registration order, same plan
  double cost = -1;
  CHECK(support::replay_kitchen(names_of(hand, a), cost));
  CHECK_EQ(cost, support::kKitchenOptimal);
  // add_fact is idempotent and names round-trip.
  const FactId rice = OK(hand.find_fact("饭已熟"));
  CHECK_EQ(OK(hand.add_fact("饭已熟")), rice);
  CHECK_EQ(OK(hand.fact_name(rice)), std::string("饭已熟"));
  CHECK_EQ(OK(hand.fact_count()), 8u);
}

TEST(sample_domains_plan_their_known_optimal_cost) {
  struct Sample {
    const char* file;
    double readme_cost;  // from examples/domains/README.md, or -1 when it gives none
  };
  const Sample samples[] = {
      {"kitchen.json", 17},         {"gripper-4.json", 11},       {"gripper-6.json", 17},
      {"crafting.json", 10},        {"ammo.json", 5},             {"night-watch.json", 5},
      {"village.json", 6},          {"gpgoap-example.json", -1},  {"chain-16.json", -1},
      {"blocksworld-5.json", -1},   {"soldier-kill.json", -1},    {"soldier-defend.json", -1},
      {"soldier-escape.json", -1},  {"soldier-kill-healthy.json", -1},
      {"wide-64-60.json", -1},
  };
  goap::World world = OK(goap::World::create());
  std::vector<ActionId> plan;
  for (const Sample& s : samples) {
    const std::string text = support::read_domain(s.file);
    const double optimal = meta_optimal_cost(text);
    if (!CHECK(optimal >= 0)) continue;
    if (s.readme_cost >= 0) CHECK_EQ(optimal, s.readme_cost);
    goap::Domain d = OK(world.load_domain(text));
    goap::PlanResult r = OK(d.plan(plan));
    if (!CHECK_EQ(r.outcome, goap::Outcome::Found)) {
      FAIL(std::string("no plan for ") + s.file);
      continue;
    }
    if (!CHECK_EQ(r.cost, optimal)) FAIL(std::string("wrong cost for ") + s.file);
    CHECK(r.expanded > 0 || plan.empty());
    CHECK(!plan.empty());
    // A blind uniform-cost search (no heuristic, so nothing of the default search's
    // pruning) finds the same minimum.
    goap::PlanOptions blind;
    blind.heuristic = goap::Heuristic::Blind;
    std::vector<ActionId> blind_plan;
    CHECK_EQ(OK(d.plan(blind_plan, blind)).cost, optimal);
    OK(d.destroy());
  }
}

TEST(backward_search_plans_the_forward_cost_and_says_it_ran) {
  goap::World world = OK(goap::World::create());
  CHECK_EQ(goap::PlanOptions().direction, goap::Direction::Auto);
  CHECK_EQ(goap::AgentSettings().direction, goap::Direction::Auto);
  for (const char* file : {"kitchen.json", "gripper-4.json", "village.json", "ammo.json"}) {
    const std::string text = support::read_domain(file);
    goap::Domain d = OK(world.load_domain(text));
    std::vector<ActionId> plan;
    goap::PlanOptions forward;
    forward.direction = goap::Direction::Forward;
    goap::PlanResult f = OK(d.plan(plan, forward));
    CHECK_EQ(f.direction, goap::Direction::Forward);
    goap::PlanOptions backward;
    backward.direction = goap::Direction::Backward;
    goap::PlanResult b = OK(d.plan(plan, backward));
    if (!CHECK_EQ(b.outcome, goap::Outcome::Found)) continue;
    CHECK_EQ(b.cost, f.cost);
    CHECK_EQ(b.cost, meta_optimal_cost(text));
    // ammo.json's actions use integer variables: searched forward.
    const bool vars = std::string(file) == "ammo.json";
    CHECK_EQ(b.direction, vars ? goap::Direction::Forward : goap::Direction::Backward);
    OK(d.destroy());
  }
}

TEST(integer_variables_plan_with_conditions_effects_and_overflow) {
  goap::World world = OK(goap::World::create());
  for (goap::Overflow overflow : {goap::Overflow::Reject, goap::Overflow::Saturate}) {
    goap::Domain d = OK(world.create_domain("ammo"));
    goap::VarDef def;
    def.name = "ammo";
    def.min = 0;
    def.max = 10;
    def.default_value = 2;
    def.overflow = overflow;
    const goap::VarId ammo = OK(d.add_var(def));
    CHECK_EQ(OK(d.find_var("ammo")), ammo);
    CHECK_EQ(OK(d.var_name(ammo)), std::string("ammo"));
    CHECK_EQ(OK(d.var_count()), 1u);
    const FactId dead = OK(d.add_fact("target_dead"));
    goap::ActionDef reload;
    reload.name = "reload";
    reload.cost = 2;
    reload.var_effects = {goap::VarEffect{ammo, goap::VarOp::Add, 5}};
    const ActionId reload_id = OK(d.add_action(reload));
    const ActionId pick = OK(d.add_action("pick_one", 3, {}, {}, {},
                                          {goap::VarEffect{ammo, goap::VarOp::Add, 1}}));
    const ActionId shoot = OK(d.add_action(
        "shoot", 1, {}, {FactValue(dead, true)},
        {goap::VarCondition{ammo, goap::Compare::Ge, 7}},
        {goap::VarEffect{ammo, goap::VarOp::Sub, 7}}));
    std::vector<ActionId> plan;

    // From the default (2): reload (7), shoot: 3.
    OK(d.set_goal({FactValue(dead, true)}));
    goap::PlanResult r = OK(d.plan(plan));
    CHECK_EQ(r.cost, 3.0);
    CHECK_EQ(plan, (std::vector<ActionId>{reload_id, shoot}));

    // plan_problem with start_vars / goal_vars: from 3 to ammo >= 7, one reload (2) beats
    // four pick_one (12); from 9 to ammo == 10, reload overflows: Reject makes it
    // inapplicable (pick_one, 3), Saturate clamps it to 10 (reload, 2).
    goap::Problem p;
    p.start_vars = {goap::VarValue{ammo, 3}};
    p.goal_vars = {goap::VarCondition{ammo, goap::Compare::Ge, 7}};
    r = OK(d.plan_problem(p, plan));
    CHECK_EQ(r.cost, 2.0);
    CHECK_EQ(plan, std::vector<ActionId>{reload_id});
    p.start_vars = {goap::VarValue{ammo, 9}};
    p.goal_vars = {goap::VarCondition{ammo, goap::Compare::Eq, 10}};
    r = OK(d.plan_problem(p, plan));
    if (overflow == goap::Overflow::Reject) {
      CHECK_EQ(r.cost, 3.0);
      CHECK_EQ(plan, std::vector<ActionId>{pick});
    } else {
      CHECK_EQ(r.cost, 2.0);
      CHECK_EQ(plan, std::vector<ActionId>{reload_id});
    }
    // Stored start and goal variables.
    OK(d.set_goal({}));
    OK(d.set_start_vars({goap::VarValue{ammo, 10}}));
    OK(d.set_goal_vars({goap::VarCondition{ammo, goap::Compare::Lt, 5}}));
    r = OK(d.plan(plan));
    CHECK_EQ(r.cost, 1.0);  // shoot: 10 - 7 = 3
    CHECK_EQ(plan, std::vector<ActionId>{shoot});
    // From the default 2 to ammo > 9 without shooting (the target stays alive): Reject
    // allows no value above 10 on the way, so reload + 3 pick_one (2 + 9 = 11); Saturate
    // clamps the second reload (2 + 2 = 4).
    p.start_vars = {};
    p.goal_vars = {goap::VarCondition{ammo, goap::Compare::Gt, 9}};
    p.goal = {FactValue(dead, false)};
    r = OK(d.plan_problem(p, plan));
    CHECK_EQ(r.outcome, goap::Outcome::Found);
    CHECK_EQ(r.cost, overflow == goap::Overflow::Reject ? 11.0 : 4.0);
  }
}

TEST(impossible_goal_is_no_plan_and_tiny_node_limit_is_limit) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.create_domain("impossible"));
  const FactId a = OK(d.add_fact("a"));
  const FactId b = OK(d.add_fact("b"));
  const FactId never = OK(d.add_fact("never"));
  OK(d.add_action("make_a", 1, {}, {FactValue(a, true)}));
  OK(d.add_action("make_b", 1, {FactValue(a, true)}, {FactValue(b, true)}));
  OK(d.set_goal({FactValue(never, true)}));
  std::vector<ActionId> plan = {ActionId::from_bits(1)};  // overwritten: empty unless found
  goap::PlanResult r = OK(d.plan(plan));
  CHECK_EQ(r.outcome, goap::Outcome::NoPlan);
  CHECK(!r.found());
  CHECK(plan.empty());
  CHECK_EQ(r.cost, 0.0);
  // Reachable goal: two steps.
  OK(d.set_goal({FactValue(b, true)}));
  CHECK_EQ(OK(d.plan(plan)).cost, 2.0);
  // An already satisfied goal: the empty plan.
  OK(d.set_start({FactValue(b, true)}));
  r = OK(d.plan(plan));
  CHECK_EQ(r.outcome, goap::Outcome::Found);
  CHECK(plan.empty());

  goap::Domain gripper = OK(world.load_domain(support::read_domain("gripper-6.json")));
  goap::PlanOptions tiny;
  tiny.max_nodes = 2;
  tiny.heuristic = goap::Heuristic::Blind;
  r = OK(gripper.plan(plan, tiny));
  CHECK_EQ(r.outcome, goap::Outcome::Limit);
  CHECK(plan.empty());
  CHECK_EQ(OK(gripper.plan(plan)).outcome, goap::Outcome::Found);  // the default limit
}

TEST(plan_vector_keeps_its_capacity_and_grows_for_long_plans) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(support::read_domain("kitchen.json")));
  std::vector<ActionId> plan;
  plan.reserve(64);
  const ActionId* data = plan.data();
  for (int i = 0; i < 3; ++i) {
    CHECK_EQ(OK(d.plan(plan)).cost, support::kKitchenOptimal);
    CHECK_EQ(plan.size(), 7u);
    CHECK_EQ(plan.capacity(), 64u);
    CHECK(plan.data() == data);
  }

  // A corridor of 40 steps: longer than the wrapper's first buffer (32), so the call
  // retries with the needed size and returns the whole plan.
  goap::Domain corridor = OK(world.create_domain("corridor"));
  std::vector<FactId> at;
  for (int i = 0; i <= 40; ++i) at.push_back(OK(corridor.add_fact("at_" + std::to_string(i))));
  std::vector<ActionId> moves;
  for (int i = 0; i < 40; ++i) {
    moves.push_back(OK(corridor.add_action("step_" + std::to_string(i), 1,
                                           {FactValue(at[i], true)},
                                           {FactValue(at[i], false), FactValue(at[i + 1], true)})));
  }
  OK(corridor.set_start({FactValue(at[0], true)}));
  OK(corridor.set_goal({FactValue(at[40], true)}));
  std::vector<ActionId> small;
  goap::PlanResult r = OK(corridor.plan(small));
  CHECK_EQ(r.cost, 40.0);
  CHECK_EQ(small, moves);
  const std::size_t grown = small.capacity();
  CHECK(grown >= 40u);
  const ActionId* grown_data = small.data();
  CHECK_EQ(OK(corridor.plan(small)).cost, 40.0);
  CHECK_EQ(small.capacity(), grown);
  CHECK(small.data() == grown_data);
}

TEST(a_domain_file_template_reads_back) {
  goap::World world = OK(goap::World::create());
  const char* json = R"json({
    "objects": {"place": ["mill", "well"]},
    "actions": [{"name": "go({from},{to})", "params": {"from": "place", "to": "place"},
                 "distinct": ["from", "to"],
                 "pre": {"at({from})": true}, "effects": {"at({to})": true}}]})json";
  goap::Domain d = OK(world.load_domain(json));
  CHECK_EQ(OK(d.template_count()), 1u);
  CHECK_EQ(OK(d.template_name(0)), std::string("go({from},{to})"));
  CHECK_EQ(OK(d.template_info(0)).first, 2u);
  CHECK_EQ(OK(d.template_info(0)).second, 2u);
  CHECK_EQ(OK(d.template_param_name(0, 0)), std::string("from"));
  const std::vector<goap::ActionId> ids = OK(d.template_groundings(0));
  CHECK_EQ(ids.size(), size_t{2});
  CHECK_EQ(OK(d.action_name(ids[0])), std::string("go(mill,well)"));
  CHECK_EQ(OK(d.template_find(0, {"well", "mill"})), ids[1]);
  CHECK_FAILS(d.template_find(0, {"mill", "mill"}), goap::Status::NotFound, "distinct");
  CHECK_FAILS(d.template_name(1), goap::Status::InvalidArgument, "index 1");
}

TEST(a_template_defined_by_calls_grounds_like_the_file) {
  goap::World world = OK(goap::World::create());
  goap::Domain d = OK(world.load_domain(
      R"json({"vars": {"trips": {"min": 0, "max": 5}}, "actions": [],
              "start": {"road(mill,well)": true, "at(mill)": true}})json"));
  OK(d.add_objects("place", {"mill", "bakery", "well"}));
  goap::TemplateDef t;
  t.name = "go({from},{to})";
  t.params = {{"from", "place"}, {"to", "place"}};
  t.distinct = {"from", "to"};
  t.where = {{"road({from},{to})", true}};
  t.pre = {{"at({from})", true}};
  t.effects = {{"at({from})", false}, {"at({to})", true}};
  t.var_effects = {{"trips", goap::VarOp::Add, 1}};
  t.cost = 2;
  t.cost_by_param = "to";
  t.cost_by = {{"well", 3.5}};
  CHECK_EQ(OK(d.add_template(t)), 0u);
  const std::vector<goap::ActionId> ids = OK(d.template_groundings(0));
  CHECK_EQ(ids.size(), size_t{1});
  CHECK_EQ(OK(d.action_name(ids[0])), std::string("go(mill,well)"));
  CHECK_EQ(OK(d.template_find(0, {"mill", "well"})), ids[0]);
  std::vector<goap::ActionId> plan;
  goap::FactId at_well = OK(d.find_fact("at(well)"));
  OK(d.set_goal({{at_well, true}}));
  CHECK_EQ(OK(d.plan(plan)).cost, 3.5);
  CHECK_FAILS(d.add_template(t), goap::Status::DuplicateName, "go(mill,well)");
  t.name = "fly({from},{to})";
  t.params = {{"from", "town"}, {"to", "place"}};
  CHECK_FAILS(d.add_template(t), goap::Status::InvalidArgument, "\"town\"");
  CHECK_FAILS(d.add_objects("place", {"mill"}), goap::Status::InvalidArgument, "other objects");
}
