// Goal ids through the C# wrapper (goap.h GoapGoalId): generational ids, not indices.
// RemoveGoal makes an id stale (every goal call then throws UnknownGoal, and a later goal
// never gets it), removing the goal pursued hands over to another goal, GoalAt lists the
// goals in the order added (removed ones left out; OutOfRange past the end), ties go to the
// goal added first, the null id (GoalId.None, the default) is rejected, and id equality.
using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class GoalIdTests
    {
        Woods w;

        [SetUp] public void SetUp() { w = new Woods(); }
        [TearDown] public void TearDown() { w.Dispose(); }

        /// <summary>Every call that takes a goal id, each throwing or returning.</summary>
        static readonly KeyValuePair<string, Action<Agent, GoalId>>[] GoalCalls =
        {
            Call("goap_agent_set_goal_priority", (a, g) => a.SetGoalPriority(g, 2)),
            Call("goap_agent_goal_name", (a, g) => a.GoalName(g)),
            Call("goap_agent_goal_info", (a, g) => a.GetGoalInfo(g)),
            Call("goap_agent_goal_conditions", (a, g) => a.GoalConditions(g)),
            Call("goap_agent_goal_var_conditions", (a, g) => a.GoalVarConditions(g)),
            Call("goap_agent_explain", (a, g) => a.Explain(g)),
            Call("goap_agent_remove_goal", (a, g) => a.RemoveGoal(g)),
        };

        static KeyValuePair<string, Action<Agent, GoalId>> Call(string function, Action<Agent, GoalId> call)
        {
            return new KeyValuePair<string, Action<Agent, GoalId>>(function, call);
        }

        static void EveryGoalCallFails(Agent a, GoalId goal)
        {
            foreach (var c in GoalCalls)
                Expect.Fails(Status.UnknownGoal, c.Key, () => c.Value(a, goal));
        }

        static List<GoalId> Goals(Agent a)
        {
            var goals = new List<GoalId>();
            int n = a.GetInfo().GoalCount;
            for (int i = 0; i < n; i++) goals.Add(a.GoalAt(i));
            return goals;
        }

        [Test]
        public void ARemovedGoalsIdIsStaleForEveryGoalCall()
        {
            var a = w.FireAgent();
            var rest = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            Assert.AreEqual("rest", a.GoalName(rest));
            Assert.AreEqual(2, a.GetInfo().GoalCount);

            a.RemoveGoal(rest);
            Assert.AreEqual(1, a.GetInfo().GoalCount);
            EveryGoalCallFails(a, rest);
            Expect.Fails(Status.NotFound, "goap_agent_find_goal", () => a.FindGoal("rest"));
            CollectionAssert.AreEqual(new[] { a.FindGoal("fire") }, Goals(a));

            // A later goal may take the removed goal's slot, never its id.
            var again = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            Assert.AreNotEqual(rest, again);
            Assert.AreEqual(again, a.FindGoal("rest"));
            Assert.AreEqual("rest", a.GoalName(again));
            EveryGoalCallFails(a, rest);
            a.SetGoalPriority(again, 3);
            Assert.AreEqual(3.0, a.GetGoalInfo(again).Priority);
        }

        [Test]
        public void EveryGoalCallSucceedsOnALiveGoal()
        {
            // The counterpart of the stale and null tests: the same calls, a live id.
            var a = w.FireAgent();
            var rest = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            foreach (var c in GoalCalls)
            {
                var goal = c.Key == "goap_agent_remove_goal" ? a.AddGoal("spare", 1, null) : rest;
                Assert.DoesNotThrow(() => c.Value(a, goal), c.Key);
            }
            Expect.Fails(Status.NotFound, "goap_agent_find_goal", () => a.FindGoal("spare"));
        }

        [Test]
        public void RemovingThePursuedGoalHandsOverThenClearsThePlan()
        {
            var a = w.FireAgent();
            var fire = a.FindGoal("fire");
            var rest = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            var step = a.Step(0.1);
            Assert.AreEqual(fire, step.Goal);
            Assert.AreEqual(w.GetAxe, step.Action);
            a.Report(ActionReport.Succeeded);

            a.RemoveGoal(fire);
            step = a.Step(0.1);
            Assert.IsTrue(step.Replanned);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(rest, step.Goal, "handed over to the goal left");
            Assert.AreEqual(w.Sleep, step.Action);
            Assert.AreEqual(ReplanCause.GoalChanged, a.GetInfo().LastCause);
            Assert.AreEqual(rest, a.GetInfo().Goal);
            var replans = new List<ReplanEvent>();
            a.GetReplans(replans);
            Assert.AreEqual(fire, replans[0].Goal, "an old replan keeps the removed goal's (stale) id");
            Assert.AreEqual(rest, replans[replans.Count - 1].Goal);
            Expect.Fails(Status.UnknownGoal, "goap_agent_goal_name", () => a.GoalName(replans[0].Goal));

            a.RemoveGoal(rest);
            Assert.AreEqual(0, a.GetInfo().GoalCount);
            step = a.Step(0.1);
            Assert.AreNotEqual(StepKind.Start, step.Kind);
            Assert.AreNotEqual(StepKind.Continue, step.Kind);
            Assert.AreEqual(default(ActionId), step.Action);
            Assert.AreEqual(GoalId.None, step.Goal, "no goal left");
            Assert.AreEqual(0, a.GetInfo().PlanLength, "the plan is cleared");
            var plan = new List<ActionId> { w.Chop };
            a.GetPlan(plan);
            Assert.IsEmpty(plan);
        }

        [Test]
        public void GoalAtListsTheGoalsInTheOrderAdded()
        {
            var a = w.FireAgent();
            var fire = a.FindGoal("fire");
            var rest = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            var magic = a.AddGoal("magic", 0.2, new[] { Woods.T(w.Magic) });
            var wood = a.AddGoal("wood", 0.1, new[] { Woods.T(w.HasWood) });
            CollectionAssert.AreEqual(new[] { fire, rest, magic, wood }, Goals(a));
            CollectionAssert.AreEqual(new[] { "fire", "rest", "magic", "wood" }, Goals(a).ConvertAll(a.GoalName));

            a.RemoveGoal(rest);
            CollectionAssert.AreEqual(new[] { fire, magic, wood }, Goals(a), "the goals after a removed one move down");
            // The new goal may reuse rest's slot; it is listed last all the same.
            var axe = a.AddGoal("axe", 0.3, new[] { Woods.T(w.HasAxe) });
            CollectionAssert.AreEqual(new[] { fire, magic, wood, axe }, Goals(a));
            Assert.AreEqual(4, a.GetInfo().GoalCount);

            var e = Expect.Fails(Status.InvalidArgument, "goap_agent_goal_at", () => a.GoalAt(4));
            StringAssert.Contains("goap_agent_goal_at", e.Message);
            Expect.Fails(Status.InvalidArgument, "goap_agent_goal_at", () => a.GoalAt(int.MaxValue));
            Assert.Throws<ArgumentOutOfRangeException>(() => a.GoalAt(-1));
        }

        [Test]
        public void ADomainFilesGoalsComeFirstAndCanBeRemoved()
        {
            var d = w.World.LoadDomain(Domains.Read("night-watch.json"));
            var a = w.World.CreateAgent(d);
            var secure = a.GoalAt(0);
            var beacon = a.GoalAt(1);
            Assert.AreEqual("secure", a.GoalName(secure));
            Assert.AreEqual("beacon", a.GoalName(beacon));
            var mine = a.AddGoal("mine", 1, null);
            Assert.AreEqual(mine, a.GoalAt(2));
            a.RemoveGoal(secure);
            CollectionAssert.AreEqual(new[] { beacon, mine }, Goals(a));
            EveryGoalCallFails(a, secure);
        }

        [Test]
        public void TiesGoToTheGoalAddedFirst()
        {
            var a = w.FireAgent();
            var fire = a.FindGoal("fire");
            var rest = a.AddGoal("rest", 1, new[] { Woods.T(w.Rested) });
            // Before any step: fire's slot is free to reuse, yet the re-added fire comes after rest.
            a.RemoveGoal(fire);
            var fire2 = a.AddGoal("fire", 1, new[] { Woods.T(w.Fire) });
            CollectionAssert.AreEqual(new[] { rest, fire2 }, Goals(a));
            var step = a.Step(0.1);
            Assert.AreEqual(rest, step.Goal, "a tie goes to the goal added first");
            Assert.AreEqual(w.Sleep, step.Action);

            var b = w.FireAgent();
            var bRest = b.AddGoal("rest", 1, new[] { Woods.T(w.Rested) });
            Assert.AreEqual(b.FindGoal("fire"), b.Step(0.1).Goal, "fire added first here");
            Assert.AreNotEqual(bRest, b.GetInfo().Goal);
        }

        [Test]
        public void TheNullIdIsRejected()
        {
            var a = w.FireAgent();
            Assert.AreEqual(GoalId.None, default(GoalId));
            EveryGoalCallFails(a, GoalId.None);
            EveryGoalCallFails(a, default(GoalId));
            // Bits that are no goal id of this agent: another kind of id, a slot it lacks.
            EveryGoalCallFails(a, GoalId.FromValue(w.Fire.Value));
            EveryGoalCallFails(a, GoalId.FromValue(a.GoalAt(0).Value + 1));
            Assert.AreEqual(1, a.GetInfo().GoalCount, "nothing was removed");
            Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind);
        }

        [Test]
        public void GoalIdsCompareByValue()
        {
            var a = w.FireAgent();
            var fire = a.FindGoal("fire");
            var rest = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            Assert.IsTrue(fire == a.GoalAt(0));
            Assert.IsFalse(fire != a.GoalAt(0));
            Assert.IsTrue(fire.Equals(a.GoalAt(0)));
            Assert.IsTrue(fire.Equals((object)a.GoalAt(0)));
            Assert.IsFalse(fire.Equals((object)fire.Value), "a GoalId is not its bits");
            Assert.AreEqual(fire.GetHashCode(), a.GoalAt(0).GetHashCode());
            Assert.IsTrue(fire != rest);
            Assert.IsFalse(fire == rest);
            Assert.AreEqual(fire, GoalId.FromValue(fire.Value), "round trip through the bits");
            var set = new HashSet<GoalId> { fire, rest, a.FindGoal("rest") };
            Assert.AreEqual(2, set.Count);

            Assert.IsTrue(fire.IsValid);
            Assert.IsFalse(fire.IsNone);
            Assert.IsFalse(GoalId.None.IsValid);
            Assert.IsTrue(GoalId.None.IsNone);
            Assert.AreEqual(0UL, GoalId.None.Value);
            Assert.AreEqual("GoalId(none)", GoalId.None.ToString());
            StringAssert.StartsWith("GoalId(0x", fire.ToString());
            Assert.AreNotEqual(fire.ToString(), rest.ToString());
            Assert.AreEqual(GoalId.None, a.GetInfo().Goal, "no goal chosen before the first step");
            Assert.AreEqual(fire, a.Step(0.1).Goal);
        }

        [Test]
        public void OtherIdsCompareByValue()
        {
            Assert.AreEqual(w.Fire, w.Domain.FindFact("fire"));
            Assert.AreNotEqual(w.Fire, w.Rested);
            Assert.IsTrue(w.Fire == new FactId(w.Fire.Value));
            Assert.AreEqual(w.Chop, w.Domain.FindAction("chop"));
            Assert.IsTrue(w.Chop != w.Light);
            var v = w.Domain.AddVar(new VarDef { Name = "n", Min = 0, Max = 3 });
            Assert.AreEqual(v, w.Domain.FindVar("n"));
            Assert.AreEqual(v, w.Domain.VarAt(0));
            var a = w.FireAgent();
            var b = w.FireAgent();
            Assert.AreNotEqual(a.Id, b.Id);
            Assert.AreEqual(a.Id, w.World.GetAgent(a.Id).Id);
            Assert.AreEqual(w.Domain.Id, a.DomainId);
            foreach (var valid in new[] { w.Fire.IsValid, w.Chop.IsValid, v.IsValid, a.Id.IsValid, w.Domain.Id.IsValid })
                Assert.IsTrue(valid);
            foreach (var valid in new[] { default(FactId).IsValid, default(ActionId).IsValid, default(VarId).IsValid, default(AgentId).IsValid, default(DomainId).IsValid })
                Assert.IsFalse(valid);
        }
    }
}
