// Recurring goals through the C# wrapper: a goal with a reset and a cooldown loops (reset,
// rest, pursue again) with no engine code, and bad recurrences are refused.
using System;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class RecurringGoalTests
    {
        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        [Test]
        public void APatrolLoopsWithItsResetAndCooldown()
        {
            var d = world.CreateDomain("patrol");
            var gate = d.AddFact("at_gate");
            var walk = d.AddAction("walk", 1, null, new[] { new FactValue(gate, true) });
            var agent = world.CreateAgent(d);
            var patrol = agent.AddGoal("patrol", 1, new[] { new FactValue(gate, true) },
                reset: new[] { new FactValue(gate, false) }, cooldown: 2);
            for (int round = 1; round <= 3; round++)
            {
                var step = agent.Step(0.5);
                Assert.AreEqual(StepKind.Start, step.Kind, "round " + round);
                Assert.AreEqual(walk, step.Action);
                agent.Report(ActionReport.Succeeded);
                step = agent.Step(0.5);
                Assert.AreEqual(StepKind.Idle, step.Kind);
                Assert.IsTrue(step.Goal.IsNone);
                Assert.IsFalse(agent.GetFact(gate), "the reset set it back");
                var info = agent.GetGoalInfo(patrol);
                Assert.AreEqual(round, info.Achieved);
                Assert.AreEqual(2.0, info.ReadyIn, 1e-9);
                Assert.AreEqual(StepKind.Idle, agent.Step(1.0).Kind);
                Assert.AreEqual(StepKind.Idle, agent.Step(0.5).Kind);
            }
        }

        [Test]
        public void BadRecurrencesAreRefused()
        {
            var d = world.CreateDomain("patrol");
            var gate = d.AddFact("at_gate");
            var agent = world.CreateAgent(d);
            Expect.Fails(Status.InvalidArgument, "cooldown", () => agent.AddGoal("x", 1, null, cooldown: -1));
            Expect.Fails(Status.InvalidArgument, "cooldown", () => agent.AddGoal("x", 1, null, cooldown: double.NaN));
            Expect.Fails(Status.InvalidArgument, "both true and false", () => agent.AddGoal("x", 1, null,
                reset: new[] { new FactValue(gate, true), new FactValue(gate, false) }));
            Assert.AreEqual(0, agent.GetInfo().GoalCount);
        }
    }
}
