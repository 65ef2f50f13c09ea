// Planning through the C# wrapper: the kitchen domain (Chinese names: UTF-8 both ways), plans
// checked against the domain file itself (meta.optimal_cost, a replay of the plan, and a
// brute-force optimum computed here), explicit problems, node limits, unreachable goals,
// integer variables, and the result buffers' growth (long plans, long names).
using System;
using System.Collections.Generic;
using System.Text;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class PlanTests
    {
        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        List<string> Names(Domain d, List<ActionId> plan) { return plan.ConvertAll(a => d.ActionName(a)); }

        [Test]
        public void KitchenPlanHasTheFilesOptimalCostAndReplays()
        {
            var text = Domains.Read("kitchen.json");
            var model = new FileModel(text);
            var d = world.LoadDomain(text);
            var plan = new List<ActionId>();
            var r = d.Plan(plan);

            Assert.AreEqual(Outcome.Found, r.Outcome);
            Assert.AreEqual(Domains.OptimalCost(text), r.Cost, 1e-9);
            Assert.IsNotEmpty(plan);
            Assert.Greater(r.Expanded, 0);
            var names = Names(d, plan);
            for (int k = 0; k < plan.Count; k++)
                Assert.AreEqual(plan[k], d.FindAction(names[k]), "FindAction(ActionName(a)) == a for " + names[k]);
            // Valid against the file's own actions, and the cost is their sum.
            Assert.AreEqual(r.Cost, model.Replay(names, model.Start, model.Goal), 1e-9);
            // Minimum: an exhaustive search over the file's states agrees.
            Assert.AreEqual(model.Optimal(model.Start, model.Goal).Value, r.Cost, 1e-9);
        }

        [Test]
        public void KitchenNamesRoundTripAsUtf8()
        {
            var text = Domains.Read("kitchen.json");
            var model = new FileModel(text);
            var d = world.LoadDomain(text);
            Assert.AreEqual(model.Actions.Count, d.ActionCount);
            Assert.AreEqual(model.Facts.Count, d.FactCount);
            foreach (var a in model.Actions)
            {
                Assert.AreEqual(a.Name, d.ActionName(d.FindAction(a.Name)));
                Assert.That(Encoding.UTF8.GetByteCount(a.Name), Is.GreaterThan(a.Name.Length), "a multi-byte name");
            }
            foreach (var f in model.Facts)
                Assert.AreEqual(f, d.FactName(d.FindFact(f)));
            Assert.AreNotEqual(d.FindFact("菜已买"), d.FindFact("菜已洗"));
        }

        [Test]
        public void PlanningIsDeterministic()
        {
            var text = Domains.Read("kitchen.json");
            var d = world.LoadDomain(text);
            var first = new List<ActionId>();
            var second = new List<ActionId>();
            var r1 = d.Plan(first);
            var r2 = d.Plan(second);
            CollectionAssert.AreEqual(first, second);
            Assert.AreEqual(r1.Cost, r2.Cost);
            using (var other = new World())
            {
                var d2 = other.LoadDomain(text);
                var third = new List<ActionId>();
                d2.Plan(third);
                CollectionAssert.AreEqual(Names(d, first), Names(d2, third), "another world plans the same actions");
            }
        }

        [Test]
        public void ThePlanListIsReplacedNotAppended()
        {
            var d = world.LoadDomain(Domains.Read("kitchen.json"));
            var fresh = new List<ActionId>();
            Assert.AreEqual(Outcome.Found, d.Plan(fresh).Outcome);
            // Several actions: two empty lists would compare equal whatever Plan does.
            Assert.Greater(fresh.Count, 1, "the kitchen's plan has several actions");

            var stale = new[] { new ActionId(12345), new ActionId(678) };
            var plan = new List<ActionId>(stale);
            d.Plan(plan);
            CollectionAssert.AreEqual(fresh, plan, "stale ids dropped, the plan in their place");
            CollectionAssert.DoesNotContain(plan, stale[0]);
            CollectionAssert.DoesNotContain(plan, stale[1]);

            // Planning again into the filled list replaces the plan, not appends a second copy.
            d.Plan(plan);
            Assert.AreEqual(fresh.Count, plan.Count, "not doubled");
            CollectionAssert.AreEqual(fresh, plan);
        }

        [Test]
        public void EveryHeuristicFindsTheOptimalCost([Values(Heuristic.Auto, Heuristic.LmCut, Heuristic.Landmarks, Heuristic.HMax, Heuristic.Blind)] Heuristic h)
        {
            var text = Domains.Read("kitchen.json");
            var d = world.LoadDomain(text);
            var options = PlanOptions.Default;
            options.Heuristic = h;
            var plan = new List<ActionId>();
            var r = d.Plan(plan, options);
            Assert.AreEqual(Outcome.Found, r.Outcome);
            Assert.AreEqual(Domains.OptimalCost(text), r.Cost, 1e-9);
        }

        [Test]
        public void BackwardSearchFindsTheOptimalCostAndSaysItRan([Values(Direction.Auto, Direction.Forward, Direction.Backward)] Direction direction)
        {
            Assert.AreEqual(Direction.Auto, PlanOptions.Default.Direction);
            var text = Domains.Read("kitchen.json");
            var d = world.LoadDomain(text);
            var options = PlanOptions.Default;
            options.Direction = direction;
            var plan = new List<ActionId>();
            var r = d.Plan(plan, options);
            Assert.AreEqual(Outcome.Found, r.Outcome);
            Assert.AreEqual(Domains.OptimalCost(text), r.Cost, 1e-9);
            Assert.AreEqual(direction == Direction.Backward ? Direction.Backward : Direction.Forward, r.Direction);
            options.Direction = (Direction)7;
            var e = Assert.Throws<GoapException>(() => d.Plan(plan, options));
            StringAssert.Contains("options->direction is 7", e.Message);
        }

        static IEnumerable<string> FilesWithOptimalCost() { return Domains.WithOptimalCost(); }

        [Test, TestCaseSource("FilesWithOptimalCost")]
        public void SampleDomainPlansAtTheFilesOptimalCost(string file)
        {
            var text = Domains.Read(file);
            var d = world.LoadDomain(text);
            var plan = new List<ActionId>();
            var r = d.Plan(plan);
            Assert.AreEqual(Outcome.Found, r.Outcome);
            Assert.AreEqual(Domains.OptimalCost(text), r.Cost, 1e-9);
            var model = new FileModel(text);
            if (!model.HasVars)
                Assert.AreEqual(r.Cost, model.Replay(Names(d, plan), model.Start, model.Goal), 1e-9);
        }

        [Test]
        public void PlanProblemUsesTheExplicitStartAndGoal()
        {
            var text = Domains.Read("kitchen.json");
            var model = new FileModel(text);
            var d = world.LoadDomain(text);
            // Several problems over the kitchen's facts, each checked by replay and brute force.
            var problems = new[]
            {
                new { Start = new[] { "菜已切", "肉已熟", "饭已熟" }, Goal = new[] { "晚餐完成" } },
                new { Start = new[] { "菜已买", "肉已买" }, Goal = new[] { "肉已熟", "菜已洗" } },
                new { Start = new string[0], Goal = new[] { "晚餐完成" } }, // nothing buys vegetables: no plan
                new { Start = new string[0], Goal = new[] { "肉已熟", "饭已熟" } },
                new { Start = new[] { "晚餐完成" }, Goal = new[] { "晚餐完成" } },
            };
            foreach (var p in problems)
            {
                var start = new List<FactValue>();
                var startModel = new Dictionary<string, bool>();
                foreach (var f in p.Start) { start.Add(new FactValue(d.FindFact(f), true)); startModel[f] = true; }
                var goal = new List<FactValue>();
                var goalModel = new Dictionary<string, bool>();
                foreach (var f in p.Goal) { goal.Add(new FactValue(d.FindFact(f), true)); goalModel[f] = true; }
                var plan = new List<ActionId>();
                var r = d.PlanProblem(start.ToArray(), null, goal.ToArray(), null, plan);
                var label = string.Join(",", p.Start) + " -> " + string.Join(",", p.Goal);
                var optimal = model.Optimal(startModel, goalModel);
                if (optimal == null)
                {
                    Assert.AreEqual(Outcome.NoPlan, r.Outcome, label);
                    Assert.IsEmpty(plan, label);
                    continue;
                }
                Assert.AreEqual(Outcome.Found, r.Outcome, label);
                Assert.AreEqual(optimal.Value, r.Cost, 1e-9, label);
                Assert.AreEqual(r.Cost, model.Replay(Names(d, plan), startModel, goalModel), 1e-9, label);
            }
            // The stored start and goal are untouched by explicit problems.
            var stored = new List<ActionId>();
            Assert.AreEqual(Domains.OptimalCost(text), d.Plan(stored).Cost, 1e-9);
        }

        [Test]
        public void MaxNodesZeroGivesLimitUnlessNoSearchIsNeeded()
        {
            var text = Domains.Read("kitchen.json");
            var d = world.LoadDomain(text);
            var options = PlanOptions.Default;
            options.MaxNodes = 0;
            var plan = new List<ActionId> { new ActionId(1) };
            // goap.h: 0 gives LIMIT without searching, except an already satisfied goal
            // (FOUND, empty) and a goal the reachability check proves unreachable (NO_PLAN).
            var r = d.Plan(plan, options);
            Assert.AreEqual(Outcome.Limit, r.Outcome);
            Assert.IsEmpty(plan);
            Assert.AreEqual(0.0, r.Cost);

            var done = new[] { new FactValue(d.FindFact("晚餐完成"), true) };
            r = d.PlanProblem(done, null, done, null, plan, options);
            Assert.AreEqual(Outcome.Found, r.Outcome);
            Assert.IsEmpty(plan);

            var bought = new FactValue(d.FindFact("菜已买"), true);
            var unbought = new FactValue(d.FindFact("菜已买"), false);
            r = d.PlanProblem(new[] { bought }, null, new[] { unbought }, null, plan, options);
            Assert.AreEqual(Outcome.NoPlan, r.Outcome);

            // And the default limit finds the plan.
            Assert.AreEqual(Outcome.Found, d.Plan(plan).Outcome);
        }

        [Test]
        public void AGoalNoActionReachesIsNoPlan()
        {
            var w = new Woods(world);
            {
                w.Domain.SetGoal(Woods.T(w.Magic));
                var plan = new List<ActionId> { w.Chop };
                var r = w.Domain.Plan(plan);
                Assert.AreEqual(Outcome.NoPlan, r.Outcome);
                Assert.IsEmpty(plan);
                Assert.AreEqual(0.0, r.Cost);

                // A negative goal on a fact that no action deletes, from a start where it holds.
                var kitchen = world.LoadDomain(Domains.Read("kitchen.json"));
                var bought = kitchen.FindFact("菜已买");
                r = kitchen.PlanProblem(new[] { new FactValue(bought, true) }, null, new[] { new FactValue(bought, false) }, null, plan);
                Assert.AreEqual(Outcome.NoPlan, r.Outcome);
            }
        }

        [Test]
        public void DomainBuiltInCodePlansTheCheapestRoute()
        {
            var w = new Woods(world);
            w.Domain.SetGoal(Woods.T(w.Fire));
            var plan = new List<ActionId>();
            var r = w.Domain.Plan(plan);
            Assert.AreEqual(Outcome.Found, r.Outcome);
            CollectionAssert.AreEqual(new[] { w.GetAxe, w.Chop, w.Light }, plan);
            Assert.AreEqual(4.0, r.Cost);
            // Starting with wood, lighting is enough.
            w.Domain.SetStart(Woods.T(w.HasWood));
            r = w.Domain.Plan(plan);
            CollectionAssert.AreEqual(new[] { w.Light }, plan);
            Assert.AreEqual(1.0, r.Cost);
            Assert.AreEqual(5, w.Domain.FactCount);
            Assert.AreEqual(5, w.Domain.ActionCount);
            Assert.AreEqual("sleep", w.Domain.ActionName(w.Sleep));
            Assert.AreEqual("rested", w.Domain.FactName(w.Rested));
            Assert.AreEqual(w.Fire, w.Domain.AddFact("fire"), "AddFact is idempotent");
        }

        [Test]
        public void IntegerVariablesPlanAndRoundTrip()
        {
            var d = world.CreateDomain("coins");
            var coins = d.AddVar(new VarDef { Name = "coins", Min = 0, Max = 10, Default = 2 });
            var rich = d.AddFact("rich");
            var earn = d.AddAction("earn", 1, null, null, null, new[] { new VarEffect(coins, VarOp.Add, 3) });
            var boast = d.AddAction("boast", 2, null, new[] { new FactValue(rich, true) },
                new[] { new VarCondition(coins, Compare.Ge, 8) });
            Assert.AreEqual(coins, d.FindVar("coins"));
            Assert.AreEqual("coins", d.VarName(coins));
            Assert.AreEqual(1, d.VarCount);
            d.SetGoal(new FactValue(rich, true));
            var plan = new List<ActionId>();
            var r = d.Plan(plan);
            // From the default 2: earn twice (8), then boast.
            CollectionAssert.AreEqual(new[] { earn, earn, boast }, plan);
            Assert.AreEqual(4.0, r.Cost);
            d.SetStartVars(new VarValue(coins, 9));
            r = d.Plan(plan);
            CollectionAssert.AreEqual(new[] { boast }, plan);
            // A variable goal through PlanProblem: from 0, reach coins == 9.
            r = d.PlanProblem(null, new[] { new VarValue(coins, 0) }, null, new[] { new VarCondition(coins, Compare.Eq, 9) }, plan);
            CollectionAssert.AreEqual(new[] { earn, earn, earn }, plan);
            d.SetGoal();
            d.SetGoalVars(new VarCondition(coins, Compare.Lt, 0 + 1));
            Assert.AreEqual(Outcome.NoPlan, d.Plan(plan).Outcome, "nothing lowers coins from 9");
        }

        [Test]
        public void LongPlansAndLongNamesGrowTheResultBuffers()
        {
            // The wrapper starts with 64 action ids and 64 name bytes: go past both.
            var d = world.CreateDomain(new string('d', 300));
            const int n = 150;
            var facts = new FactId[n + 1];
            for (int k = 0; k <= n; k++) facts[k] = d.AddFact("step_" + k + "_" + new string('x', 100) + "_事实");
            var actions = new ActionId[n];
            for (int k = 0; k < n; k++)
                actions[k] = d.AddAction("advance_" + k + new string('y', 200) + "行动", 1,
                    new[] { new FactValue(facts[k], true) }, new[] { new FactValue(facts[k + 1], true) });
            d.SetStart(new FactValue(facts[0], true));
            d.SetGoal(new FactValue(facts[n], true));
            var plan = new List<ActionId>();
            var r = d.Plan(plan);
            Assert.AreEqual(Outcome.Found, r.Outcome);
            CollectionAssert.AreEqual(actions, plan);
            Assert.AreEqual((double)n, r.Cost);
            for (int k = 0; k < n; k += 37)
            {
                Assert.AreEqual("advance_" + k + new string('y', 200) + "行动", d.ActionName(actions[k]));
                Assert.AreEqual("step_" + k + "_" + new string('x', 100) + "_事实", d.FactName(facts[k]));
            }
        }

        [Test]
        public void PlanResultReportsSearchFigures()
        {
            var d = world.LoadDomain(Domains.Read("kitchen.json"));
            var plan = new List<ActionId>();
            var r = d.Plan(plan);
            Assert.Greater(r.Generated, 0);
            Assert.GreaterOrEqual(r.Micros, 0);
            Assert.That(r.InitialH, Is.GreaterThanOrEqualTo(0).And.LessThanOrEqualTo(r.Cost), "an admissible estimate");
        }
    }
}
