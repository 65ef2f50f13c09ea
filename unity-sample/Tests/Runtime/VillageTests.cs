// Unity runtime tests of goap: the village domain, for Unity's Test Runner (NUnit 3) and
// for Mono with NUnit 2.6 here (scripts/test-csharp.sh). No UnityEngine API and no
// coroutines: the frame loop is driven by hand, as the Village sample's VillagerNpc does.
using System;
using System.Collections.Generic;
using System.IO;
using NUnit.Framework;

namespace Goap.Tests.Runtime
{
    [TestFixture]
    public sealed class VillageTests
    {
        /// <summary>Seconds per simulated frame.</summary>
        const double Dt = 0.1;

        [Test]
        public void EmbeddedDomainIsTheExamplesFile()
        {
            var path = VillageDomainSource.FilePath;
            if (path == null) return; // in Unity: no repository, the embedded copy is the domain
            var file = System.IO.File.ReadAllText(path);
            Assert.AreEqual(VillageDomainSource.Minify(file), VillageDomainSource.Embedded,
                "the copy in VillageDomainSource.cs differs from examples/domains/village.json: regenerate it");
            // The sample's TextAsset, beside the tests in the repository (not in a Unity project).
            var sample = Path.Combine(Path.GetDirectoryName(path), "..", "..", "unity-sample", "Samples~", "Village", "VillageDomain.json");
            Assert.IsTrue(File.Exists(sample), sample);
            Assert.AreEqual(file, File.ReadAllText(sample), "unity-sample/Samples~/Village/VillageDomain.json differs from examples/domains/village.json");
        }

        [Test]
        public void VillageDomainPlansAtItsOptimalCost()
        {
            var json = VillageDomainSource.Load();
            using (var world = new World())
            {
                var domain = world.LoadDomain(json);
                var plan = new List<ActionId>();
                var result = domain.Plan(plan);
                Assert.AreEqual(Outcome.Found, result.Outcome);
                Assert.AreEqual(VillageDomainSource.OptimalCost(json), result.Cost, 1e-9);
                Assert.IsTrue(plan.Count > 0);
                foreach (var action in plan)
                    Assert.AreEqual(action, domain.FindAction(domain.ActionName(action)));
            }
        }

        [Test]
        public void CookBakesAndSwitchesToEatingWhenHungry()
        {
            using (var world = new World())
            {
                var domain = world.LoadDomain(VillageDomainSource.Load());
                var cook = CreateVillager(world, domain, "bake", 5.0);
                // The file's start state is the cook's: at the bakery with flour and a coin.
                var loop = new FrameLoop(cook, domain);

                // Bake until the second action starts, then grow hungry: "eat" (7) beats
                // "bake" (5) by more than the switch margin (1).
                Assert.IsTrue(loop.RunUntil(300, () => loop.Started.Count >= 2), "the cook never got going: " + loop);
                cook.SetFact(domain.FindFact("fed"), false);
                cook.SetGoalPriority(cook.FindGoal("eat"), 7.0);

                Assert.IsTrue(loop.RunUntil(600, () => loop.LastKind == StepKind.Idle), "the cook never settled: " + loop);
                Assert.IsTrue(cook.GetFact(domain.FindFact("fed")), loop.ToString());
                Assert.IsTrue(cook.GetFact(domain.FindFact("bread_delivered")), loop.ToString());
                Assert.IsTrue(loop.Started.Exists(a => a.StartsWith("eat_", StringComparison.Ordinal)), loop.ToString());
                Assert.IsTrue(cook.ReplanCount(ReplanCause.GoalChanged) >= 1, loop.ToString());
                Assert.AreEqual(0, loop.Failures);
                var info = cook.GetInfo();
                Assert.IsFalse(info.Acting);
                Assert.IsTrue(info.Clock > 0.0);
            }
        }

        [Test]
        public void CookAloneFollowsTheDomainsOptimalPlan()
        {
            using (var world = new World())
            {
                var domain = world.LoadDomain(VillageDomainSource.Load());
                var expected = new List<ActionId>();
                domain.Plan(expected);
                var cook = CreateVillager(world, domain, "bake", 5.0);
                var loop = new FrameLoop(cook, domain);
                Assert.IsTrue(loop.RunUntil(300, () => loop.LastKind == StepKind.Idle), loop.ToString());
                var names = expected.ConvertAll(a => domain.ActionName(a));
                Assert.AreEqual(string.Join(" ", names.ToArray()), string.Join(" ", loop.Started.ToArray()));
                Assert.IsTrue(cook.GetFact(domain.FindFact("bread_delivered")));
            }
        }

        [Test]
        public void TravellerCrossesAfterBridgeRepairsThatFail()
        {
            using (var world = new World())
            {
                var domain = world.LoadDomain(VillageDomainSource.Load());
                var settings = AgentSettings.For(domain);
                settings.FailureCooldown = 1.0;
                settings.SwitchMargin = 1.0;
                var traveller = world.CreateAgent(settings);
                DisableGoalsBut(traveller, "cross", 4.0);
                traveller.SetFact(domain.FindFact("at_bakery"), false);
                traveller.SetFact(domain.FindFact("at_river"), true);
                traveller.SetFact(domain.FindFact("has_flour"), false);
                traveller.SetFact(domain.FindFact("has_coin"), true);

                // repair_bridge fails 30% of the time (seeded: the same run every time), and
                // always the first time, so that the failure path is always taken.
                var repair = domain.FindAction("repair_bridge");
                var dice = new Random(7);
                int repairs = 0;
                var loop = new FrameLoop(traveller, domain);
                loop.Fails = a => a == repair && (repairs++ == 0 || dice.NextDouble() < 0.3);

                Assert.IsTrue(loop.RunUntil(800, () => loop.LastKind == StepKind.Idle), loop.ToString());
                Assert.IsTrue(traveller.GetFact(domain.FindFact("across_river")), loop.ToString());
                Assert.IsTrue(loop.Failures >= 1);
                Assert.AreEqual((long)loop.Failures, traveller.ReplanCount(ReplanCause.ActionFailed), loop.ToString());
                // The cooldown keeps the failed repair out of the plans for a while: no plan meanwhile.
                Assert.IsTrue(loop.NoPlanSteps > 0, loop.ToString());
                var events = new List<ReplanEvent>();
                traveller.GetReplans(events);
                Assert.IsTrue(events.Exists(e => e.Cause == ReplanCause.ActionFailed), loop.ToString());
            }
        }

        [Test]
        public void BatchPlannedVillagerWaitsForPlanAgents()
        {
            using (var world = new World())
            {
                var domain = world.LoadDomain(VillageDomainSource.Load());
                var settings = AgentSettings.For(domain);
                settings.PlanInStep = false;
                var cook = world.CreateAgent(settings);
                DisableGoalsBut(cook, "bake", 5.0);
                Assert.AreEqual(StepKind.Waiting, cook.Step(Dt).Kind);
                var stats = world.PlanAgents();
                Assert.AreEqual(1, stats.Planned);
                var step = cook.Step(Dt);
                Assert.AreEqual(StepKind.Start, step.Kind);
                Assert.IsTrue(step.Goal.IsValid);
                Assert.AreEqual(cook.FindGoal("bake"), step.Goal);
            }
        }

        [Test]
        public void DisposedWorldThrowsObjectDisposedException()
        {
            var json = VillageDomainSource.Load();
            var world = new World();
            var domain = world.LoadDomain(json);
            var agent = CreateVillager(world, domain, "bake", 5.0);
            Assert.AreEqual(StepKind.Start, agent.Step(Dt).Kind);
            var goal = agent.GoalAt(0);
            world.Dispose();

            Assert.IsTrue(world.IsDisposed);
            Assert.IsTrue(agent.World.IsDisposed); // what VillagerNpc.OnDestroy checks
            Assert.Throws<ObjectDisposedException>(() => agent.Step(Dt));
            Assert.Throws<ObjectDisposedException>(() => agent.Report(ActionReport.Succeeded));
            Assert.Throws<ObjectDisposedException>(() => agent.SetFact(new FactId(1), true));
            Assert.Throws<ObjectDisposedException>(() => agent.GetInfo());
            Assert.Throws<ObjectDisposedException>(() => agent.Explain(goal));
            Assert.Throws<ObjectDisposedException>(() => agent.Destroy());
            Assert.Throws<ObjectDisposedException>(() => domain.FindAction("go_mill"));
            Assert.Throws<ObjectDisposedException>(() => world.LoadDomain(json));
            Assert.Throws<ObjectDisposedException>(() => world.PlanAgents());
            world.Dispose(); // twice is fine
        }

        /// <summary>An agent with one work goal on (the file's other goals at 0, "eat" off until hungry).</summary>
        static Agent CreateVillager(World world, Domain domain, string workGoal, double priority)
        {
            var settings = AgentSettings.For(domain);
            settings.SwitchMargin = 1.0;
            var agent = world.CreateAgent(settings);
            DisableGoalsBut(agent, workGoal, priority);
            return agent;
        }

        static void DisableGoalsBut(Agent agent, string workGoal, double priority)
        {
            var info = agent.GetInfo();
            Assert.AreEqual(5, info.GoalCount, "village.json has eat, bake, farm, patrol and cross");
            foreach (var goal in new[] { "eat", "bake", "farm", "patrol", "cross" })
                agent.SetGoalPriority(agent.FindGoal(goal), goal == workGoal ? priority : 0.0);
        }

        /// <summary>
        /// The engine's side of the frame loop, as VillagerNpc does it: step, perform the action
        /// (every action takes <see cref="FramesPerAction"/> frames), report Running until done,
        /// then Succeeded, or Failed when <see cref="Fails"/> says so.
        /// </summary>
        sealed class FrameLoop
        {
            const int FramesPerAction = 3;

            readonly Agent agent;
            readonly Domain domain;
            int remaining;

            internal readonly List<string> Started = new List<string>();
            internal Func<ActionId, bool> Fails = a => false;
            internal int Failures;
            internal int Frames;
            internal int NoPlanSteps;
            internal StepKind LastKind;

            internal FrameLoop(Agent agent, Domain domain)
            {
                this.agent = agent;
                this.domain = domain;
            }

            /// <summary>Runs frames until <paramref name="done"/> holds after one, at most <paramref name="maxFrames"/>.</summary>
            internal bool RunUntil(int maxFrames, Func<bool> done)
            {
                for (int i = 0; i < maxFrames; i++)
                {
                    Frame();
                    if (done()) return true;
                }
                return false;
            }

            void Frame()
            {
                Frames++;
                var step = agent.Step(Dt);
                LastKind = step.Kind;
                switch (step.Kind)
                {
                    case StepKind.Start:
                        Started.Add(domain.ActionName(step.Action));
                        remaining = FramesPerAction;
                        Perform(step.Action);
                        break;
                    case StepKind.Continue:
                        Perform(step.Action);
                        break;
                    case StepKind.NoPlan:
                        NoPlanSteps++;
                        break;
                    case StepKind.Waiting:
                        Assert.Fail("an agent that plans in Step never waits");
                        break;
                }
            }

            void Perform(ActionId action)
            {
                if (--remaining > 0)
                {
                    agent.Report(ActionReport.Running);
                    return;
                }
                if (Fails(action))
                {
                    Failures++;
                    agent.Report(ActionReport.Failed);
                }
                else
                {
                    agent.Report(ActionReport.Succeeded);
                }
            }

            public override string ToString()
            {
                return Frames + " frames, last " + LastKind + ", " + Failures + " failures, started: " + string.Join(" ", Started.ToArray());
            }
        }
    }
}
