// The agent protocol through the C# wrapper, on the Woods domain of Support.cs: the full
// Step / Report loop with a failure and a replan by another route, goal switching, plan
// invalidation and skipped steps, per-agent action settings, Explain, batch planning, the
// plan cache, several threads stepping different agents at once, and no managed garbage
// on the hot path (SetFact, SetFacts, Step, Report).
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class AgentTests
    {
        Woods w;

        [SetUp] public void SetUp() { w = new Woods(); }
        [TearDown] public void TearDown() { w.Dispose(); }

        static readonly ReplanCause[] Causes =
        {
            ReplanCause.NoPlan, ReplanCause.ActionFailed, ReplanCause.GoalChanged,
            ReplanCause.PlanInvalidated, ReplanCause.StepsSkipped,
        };

        [Test]
        public void FullLoopWithAFailureReplansAndReachesTheGoalAnotherWay()
        {
            var settings = AgentSettings.For(w.Domain);
            settings.FailureCooldown = 10; // chop stays out of plans for 10 s once failed
            var a = w.FireAgent(settings);
            var info = a.GetInfo();
            Assert.AreEqual(1, info.GoalCount);
            Assert.AreEqual(ReplanCause.None, info.LastCause);
            Assert.IsFalse(info.Acting);
            var none = new List<ActionId> { w.Sleep };
            a.GetPlan(none);
            Assert.IsEmpty(none, "no plan before the first step");

            var step = a.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.IsTrue(step.Replanned);
            Assert.AreEqual(w.GetAxe, step.Action);
            Assert.AreEqual(a.GoalAt(0), step.Goal);
            Assert.IsTrue(step.Goal.IsValid);
            Assert.AreEqual(a.GoalAt(0), a.GetInfo().Goal);
            Assert.AreEqual(0, step.PlanIndex);
            CollectionAssert.AreEqual(new[] { "get_axe", "chop", "light" }, w.PlanNames(a));
            info = a.GetInfo();
            Assert.AreEqual(3, info.PlanLength);
            Assert.AreEqual(4.0, info.PlanCost);
            Assert.AreEqual(ReplanCause.NoPlan, info.LastCause);
            Assert.IsTrue(info.Acting);

            a.Report(ActionReport.Running);
            step = a.Step(0.1);
            Assert.AreEqual(StepKind.Continue, step.Kind);
            Assert.IsFalse(step.Replanned);
            Assert.AreEqual(w.GetAxe, step.Action);
            a.Report(ActionReport.Succeeded);
            Assert.IsTrue(a.GetFact(w.HasAxe), "the effects of a success are believed");

            step = a.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(w.Chop, step.Action);
            Assert.AreEqual(1, step.PlanIndex);
            a.Report(ActionReport.Failed);
            Assert.IsFalse(a.GetFact(w.HasWood));

            step = a.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.IsTrue(step.Replanned);
            Assert.AreEqual(w.Gather, step.Action, "the failed chop is avoided");
            CollectionAssert.AreEqual(new[] { "gather", "light" }, w.PlanNames(a));
            info = a.GetInfo();
            Assert.AreEqual(ReplanCause.ActionFailed, info.LastCause);
            Assert.AreEqual(1, a.ReplanCount(ReplanCause.ActionFailed));
            var replans = new List<ReplanEvent>();
            a.GetReplans(replans);
            Assert.AreEqual(2, replans.Count);
            Assert.AreEqual(ReplanCause.NoPlan, replans[0].Cause);
            Assert.AreEqual(ReplanCause.ActionFailed, replans[1].Cause);
            Assert.AreEqual(ReplanResult.Found, replans[1].Result);
            Assert.AreEqual(2, replans[1].PlanLength);
            Assert.AreEqual(6.0, replans[1].PlanCost);
            Assert.AreEqual(a.FindGoal("fire"), replans[1].Goal);
            Assert.AreEqual(0.4, replans[1].Time, 1e-9);

            a.Report(ActionReport.Succeeded);
            step = a.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(w.Light, step.Action);
            a.Report(ActionReport.Succeeded);
            step = a.Step(0.1);
            Assert.AreEqual(StepKind.Idle, step.Kind);
            Assert.AreEqual(default(ActionId), step.Action);
            Assert.IsTrue(a.GetFact(w.Fire));
            Assert.IsTrue(a.GetFact(w.HasWood));
            Assert.IsTrue(a.GetFact(w.HasAxe));
            Assert.IsFalse(a.GetFact(w.Rested));

            info = a.GetInfo();
            Assert.AreEqual(0.6, info.Clock, 1e-9);
            Assert.IsFalse(info.Acting);
            long sum = 0;
            foreach (var c in Causes) sum += a.ReplanCount(c);
            Assert.AreEqual(info.Replans, sum);
            Assert.AreEqual(1, a.ReplanCount(ReplanCause.NoPlan));
            Assert.AreEqual(StepKind.Idle, a.Step(0.1).Kind, "idle stays idle");
        }

        [Test]
        public void TheAgentKeepsItsLatestSixteenReplans()
        {
            var a = w.FireAgent();
            for (int k = 0; k < 20; k++)
            {
                Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind);
                a.Report(ActionReport.Failed); // no cooldown: the same plan again
            }
            a.Step(0.1);
            var replans = new List<ReplanEvent>();
            a.GetReplans(replans);
            Assert.AreEqual(16, replans.Count);
            foreach (var e in replans) Assert.AreEqual(ReplanCause.ActionFailed, e.Cause);
            Assert.AreEqual(2.1, replans[15].Time, 1e-9, "the latest last");
            Assert.AreEqual(20, a.ReplanCount(ReplanCause.ActionFailed));
            Assert.AreEqual(21, a.GetInfo().Replans);
        }

        [Test]
        public void GoalPrioritiesSwitchGoals()
        {
            var a = w.FireAgent();
            var rest = a.AddGoal("rest", 0.5, new[] { Woods.T(w.Rested) });
            Assert.AreEqual(a.GoalAt(1), rest);
            Assert.AreEqual(rest, a.FindGoal("rest"));
            var fire = a.FindGoal("fire");
            Assert.AreEqual(a.GoalAt(0), fire);
            Assert.AreNotEqual(fire, rest);
            var step = a.Step(0.1);
            Assert.AreEqual(w.GetAxe, step.Action);
            Assert.AreEqual(fire, step.Goal);

            a.SetGoalPriority(rest, 5);
            step = a.Step(0.1);
            Assert.IsTrue(step.Replanned);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(w.Sleep, step.Action);
            Assert.AreEqual(rest, step.Goal);
            Assert.AreEqual(ReplanCause.GoalChanged, a.GetInfo().LastCause);
            Assert.AreEqual(1, a.ReplanCount(ReplanCause.GoalChanged));
            a.Report(ActionReport.Succeeded);

            // Rested: back to the fire goal, to the end.
            var done = w.RunToIdle(a);
            CollectionAssert.AreEqual(new[] { "get_axe", "chop", "light" }, done);
            Assert.IsTrue(a.GetFact(w.Rested));
            Assert.IsTrue(a.GetFact(w.Fire));
        }

        [Test]
        public void DisabledGoalsAreNotPursued()
        {
            var a = w.FireAgent();
            var fire = a.FindGoal("fire");
            a.SetGoalPriority(fire, 0);
            Assert.AreEqual(StepKind.Idle, a.Step(0.1).Kind);
            a.SetGoalPriority(fire, 2);
            Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind);
        }

        [Test]
        public void SetFactThatBreaksThePlanInvalidatesIt()
        {
            var a = w.FireAgent();
            Assert.AreEqual(w.GetAxe, a.Step(0.1).Action);
            a.Report(ActionReport.Succeeded);
            Assert.AreEqual(w.Chop, a.Step(0.1).Action);
            a.SetFact(w.HasAxe, false); // the axe is lost: chop's precondition broke
            var step = a.Step(0.1);
            Assert.IsTrue(step.Replanned);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(w.GetAxe, step.Action);
            Assert.AreEqual(ReplanCause.PlanInvalidated, a.GetInfo().LastCause);
            Assert.AreEqual(1, a.ReplanCount(ReplanCause.PlanInvalidated));
            Assert.IsFalse(a.GetFact(w.HasAxe));
        }

        [Test]
        public void SetFactThatMakesStepsUnnecessarySkipsThem()
        {
            var a = w.FireAgent();
            Assert.AreEqual(w.GetAxe, a.Step(0.1).Action);
            a.SetFact(w.HasWood, true); // found wood: only light is left to do
            var step = a.Step(0.1);
            Assert.AreEqual(w.Light, step.Action);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(2, step.PlanIndex);
            Assert.AreEqual(ReplanCause.StepsSkipped, a.GetInfo().LastCause);
            Assert.AreEqual(1, a.ReplanCount(ReplanCause.StepsSkipped));
        }

        [Test]
        public void SetFactsWritesSeveralFactsAtOnce()
        {
            var a = w.FireAgent();
            var values = new[] { Woods.T(w.HasAxe), Woods.T(w.HasWood), Woods.T(w.Rested), Woods.T(w.Magic) };
            a.SetFacts(values, 3); // only the first three
            Assert.IsTrue(a.GetFact(w.HasAxe));
            Assert.IsTrue(a.GetFact(w.HasWood));
            Assert.IsTrue(a.GetFact(w.Rested));
            Assert.IsFalse(a.GetFact(w.Magic));
            Assert.AreEqual(w.Light, a.Step(0.1).Action);
            a.SetFacts(values, 0);
            Assert.IsFalse(a.GetFact(w.Magic));
        }

        [Test]
        public void DisablingAnActionChangesThePlan()
        {
            var a = w.FireAgent();
            a.SetActionEnabled(w.Chop, false);
            Assert.AreEqual(w.Gather, a.Step(0.1).Action);
            CollectionAssert.AreEqual(new[] { "gather", "light" }, w.PlanNames(a));
            Assert.AreEqual(6.0, a.GetInfo().PlanCost);

            // Another agent: disabling an action the plan in hand uses invalidates it.
            var b = w.FireAgent();
            Assert.AreEqual(w.GetAxe, b.Step(0.1).Action);
            b.SetActionEnabled(w.Light, false);
            var step = b.Step(0.1);
            Assert.AreEqual(ReplanCause.PlanInvalidated, b.GetInfo().LastCause);
            Assert.AreEqual(StepKind.NoPlan, step.Kind, "nothing else makes fire");
            b.SetActionEnabled(w.Light, true);
            step = b.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(w.GetAxe, step.Action);
        }

        [Test]
        public void ActionCostsChangeThePlanFromTheNextReplan()
        {
            var a = w.FireAgent();
            a.SetActionCost(w.Gather, 0.5);
            Assert.AreEqual(w.Gather, a.Step(0.1).Action);
            Assert.AreEqual(1.5, a.GetInfo().PlanCost);

            var b = w.FireAgent();
            b.SetActionCost(w.Gather, 0.5);
            b.ClearActionCost(w.Gather);
            Assert.AreEqual(w.GetAxe, b.Step(0.1).Action, "cleared: the domain's cost again");
            Assert.AreEqual(4.0, b.GetInfo().PlanCost);

            // A cost set while a plan is followed waits for the next replan.
            b.SetActionCost(w.Gather, 0.5);
            var step = b.Step(0.1);
            Assert.AreEqual(StepKind.Continue, step.Kind);
            Assert.AreEqual(w.GetAxe, step.Action);
            b.Report(ActionReport.Failed);
            step = b.Step(0.1);
            Assert.AreEqual(w.Gather, step.Action);
            Assert.AreEqual(1.5, b.GetInfo().PlanCost);
            b.ClearActionCost(w.Gather);
            b.Report(ActionReport.Failed);
            Assert.AreEqual(w.GetAxe, b.Step(0.1).Action);
        }

        [Test]
        public void ExplainGivesTextAndJson()
        {
            var a = w.FireAgent();
            var magic = a.AddGoal("conjure", 1, new[] { Woods.T(w.Magic) });
            var text = a.Explain(magic);
            StringAssert.Contains("magic", text);
            Assert.AreEqual(text, a.Explain(magic, ExplainFormat.Text));
            var json = a.Explain(magic, ExplainFormat.Json);
            Assert.IsTrue(json.StartsWith("{"), json);
            Assert.IsNotNull(Json.Parse(json), "valid JSON");
            StringAssert.Contains("magic", json);
            var fire = a.Explain(a.FindGoal("fire"), ExplainFormat.Text);
            Assert.IsNotEmpty(fire);
            Assert.AreNotEqual(text, fire);
            StringAssert.Contains("light", fire);
        }

        [Test]
        public void AStepBudgetSpreadsTheSearchOverSteps()
        {
            // No plan cache: both agents search.
            var noCache = WorldSettings.Default;
            noCache.PlanCacheCapacity = 0;
            using (var world = new World(noCache))
            {
                var woods = new Woods(world);
                var defaults = AgentSettings.For(woods.Domain);
                Assert.AreEqual(0, defaults.StepMaxExpansions);
                Assert.AreEqual(0, defaults.StepMaxMicros);
                defaults.Heuristic = Heuristic.Blind;
                var whole = woods.FireAgent(defaults);
                var first = whole.Step(0.1);
                Assert.AreEqual(StepKind.Start, first.Kind);
                var expected = new List<ReplanEvent>();
                whole.GetReplans(expected);

                var settings = defaults;
                settings.StepMaxExpansions = 1;
                var sliced = woods.FireAgent(settings);
                int planning = 0;
                AgentStep s;
                while ((s = sliced.Step(0.1)).Kind == StepKind.Planning)
                {
                    Assert.AreEqual(default(ActionId), s.Action);
                    Assert.IsFalse(s.Replanned);
                    planning++;
                }
                Assert.AreEqual(StepKind.Start, s.Kind);
                Assert.AreEqual(first.Action, s.Action);
                Assert.IsTrue(s.Replanned);
                var got = new List<ReplanEvent>();
                sliced.GetReplans(got);
                Assert.AreEqual(1, got.Count);
                Assert.AreEqual(expected[0].Expanded, got[0].Expanded);
                Assert.AreEqual(expected[0].PlanCost, got[0].PlanCost);
                Assert.AreEqual(woods.PlanNames(whole), woods.PlanNames(sliced));
                // One node per step: every Planning step expanded one, the last step the rest.
                Assert.That(planning, Is.InRange(got[0].Expanded - 1, got[0].Expanded));
                Assert.Greater(planning, 0);

                settings.StepMaxMicros = -1;
                Assert.Throws<ArgumentOutOfRangeException>(() => world.CreateAgent(settings));
            }
        }

        [Test]
        public void WithoutPlanInStepTheBatchPlans()
        {
            var settings = AgentSettings.For(w.Domain);
            settings.PlanInStep = false;
            var agents = new[] { w.FireAgent(settings), w.FireAgent(settings), w.FireAgent(settings) };
            foreach (var a in agents)
            {
                var s = a.Step(0.1);
                Assert.AreEqual(StepKind.Waiting, s.Kind);
                Assert.AreEqual(default(ActionId), s.Action);
            }
            var stats = w.World.PlanAgents(new BatchOptions { MaxAgents = 1, Threads = 1 });
            Assert.AreEqual(1, stats.Planned);
            Assert.AreEqual(2, stats.Waiting);
            Assert.AreEqual(0, stats.CallbackErrors);
            Assert.Greater(stats.Expanded, 0);
            stats = w.World.PlanAgents();
            Assert.AreEqual(2, stats.Planned);
            Assert.AreEqual(0, stats.Waiting);
            Assert.GreaterOrEqual(stats.Threads, 1);
            foreach (var a in agents)
            {
                var s = a.Step(0.1);
                Assert.AreEqual(StepKind.Start, s.Kind);
                Assert.AreEqual(w.GetAxe, s.Action);
            }
            Assert.AreEqual(0, w.World.PlanAgents().Planned, "nobody needs a plan");
        }

        [Test]
        public void ThePlanCacheIsSharedAndClearable()
        {
            var stats = w.World.GetCacheStats();
            Assert.AreEqual(0, stats.Hits);
            Assert.AreEqual(0, stats.Entries);
            Assert.AreEqual(WorldSettings.Default.PlanCacheCapacity, stats.Capacity);
            // Under the default heuristic these searches walk an exact table, which costs
            // about what a lookup does: they skip the cache.
            for (int k = 0; k < 2; k++) w.FireAgent().Step(0.1);
            stats = w.World.GetCacheStats();
            Assert.AreEqual(0, stats.Hits + stats.Misses + stats.Entries, "table walks skip it");
            // Root landmarks search: these share it.
            var landmarks = AgentSettings.For(w.Domain);
            landmarks.Heuristic = Heuristic.Landmarks;
            for (int k = 0; k < 3; k++) w.FireAgent(landmarks).Step(0.1);
            stats = w.World.GetCacheStats();
            Assert.AreEqual(1, stats.Misses, "the first agent searched");
            Assert.AreEqual(2, stats.Hits, "the other two got its plan");
            Assert.AreEqual(1, stats.Entries);
            w.World.ClearCache();
            stats = w.World.GetCacheStats();
            Assert.AreEqual(0, stats.Hits);
            Assert.AreEqual(0, stats.Misses);
            Assert.AreEqual(0, stats.Entries);
            w.FireAgent(landmarks).Step(0.1);
            Assert.AreEqual(1, w.World.GetCacheStats().Misses);

            var settings = WorldSettings.Default;
            settings.PlanCacheCapacity = 0;
            using (var world = new World(settings))
            {
                var off = new Woods(world);
                off.FireAgent().Step(0.1);
                off.FireAgent().Step(0.1);
                stats = world.GetCacheStats();
                Assert.AreEqual(0, stats.Capacity);
                Assert.AreEqual(0, stats.Hits);
            }
        }

        [Test]
        public void AgentCountFollowsCreateAndDestroy()
        {
            Assert.AreEqual(0, w.World.AgentCount);
            var a = w.FireAgent();
            var b = w.FireAgent();
            w.FireAgent();
            Assert.AreEqual(3, w.World.AgentCount);
            Assert.AreNotEqual(a.Id, b.Id);
            b.Destroy();
            Assert.AreEqual(2, w.World.AgentCount);
            Assert.AreEqual(a, w.World.GetAgent(a.Id));
            Assert.AreEqual(StepKind.Start, w.World.GetAgent(a.Id).Step(0.1).Kind);
        }

        [Test]
        public void AgentsKeepTheirDomainCopy()
        {
            var a = w.FireAgent();
            var late = w.Domain.AddFact("late");
            Expect.Fails(Status.UnknownFact, "goap_agent_set_fact", () => a.SetFact(late, true));
            w.Domain.Destroy();
            CollectionAssert.AreEqual(new[] { "get_axe", "chop", "light" }, RunNames(a));
        }

        List<string> RunNames(Agent a)
        {
            // The domain may be gone: name actions by the ids kept here.
            var names = new Dictionary<ActionId, string>
            {
                { w.GetAxe, "get_axe" }, { w.Chop, "chop" }, { w.Gather, "gather" }, { w.Light, "light" }, { w.Sleep, "sleep" },
            };
            var done = new List<string>();
            for (int n = 0; n < 20; n++)
            {
                var s = a.Step(0.1);
                if (s.Kind == StepKind.Idle) return done;
                done.Add(names[s.Action]);
                a.Report(ActionReport.Succeeded);
            }
            Assert.Fail("not idle");
            return done;
        }

        [Test]
        public void FourThreadsStepFiftyAgentsEach()
        {
            const int threads = 4, perThread = 50;
            var settings = AgentSettings.For(w.Domain);
            settings.FailureCooldown = 100;
            var agents = new Agent[threads * perThread];
            for (int k = 0; k < agents.Length; k++) agents[k] = w.FireAgent(settings);
            var performed = new List<string>[agents.Length];
            var errors = new List<Exception>();
            var go = new ManualResetEvent(false);
            var workers = new Thread[threads];
            for (int t = 0; t < threads; t++)
            {
                int first = t * perThread;
                workers[t] = new Thread(() =>
                {
                    try
                    {
                        go.WaitOne();
                        // Round-robin over this thread's agents so that all threads step at once;
                        // odd agents fail their chop and take the gather route.
                        var idle = new bool[perThread];
                        for (int k = 0; k < perThread; k++) performed[first + k] = new List<string>();
                        for (int round = 0; round < 20; round++)
                        {
                            for (int k = 0; k < perThread; k++)
                            {
                                if (idle[k]) continue;
                                var a = agents[first + k];
                                var s = a.Step(0.1);
                                if (s.Kind == StepKind.Idle) { idle[k] = true; continue; }
                                if (s.Kind != StepKind.Start) throw new Exception("agent " + (first + k) + ": " + s.Kind);
                                var name = w.Domain.ActionName(s.Action);
                                performed[first + k].Add(name);
                                bool fail = name == "chop" && (first + k) % 2 == 1;
                                a.Report(fail ? ActionReport.Failed : ActionReport.Succeeded);
                            }
                        }
                    }
                    catch (Exception e) { lock (errors) errors.Add(e); }
                });
                workers[t].Start();
            }
            go.Set();
            foreach (var t in workers) Assert.IsTrue(t.Join(20000), "a worker thread hung");
            Assert.IsEmpty(errors, errors.Count > 0 ? errors[0].ToString() : "");
            for (int k = 0; k < agents.Length; k++)
            {
                var expected = k % 2 == 0
                    ? new[] { "get_axe", "chop", "light" }
                    : new[] { "get_axe", "chop", "gather", "light" };
                CollectionAssert.AreEqual(expected, performed[k], "agent " + k);
                Assert.IsTrue(agents[k].GetFact(w.Fire), "agent " + k);
                Assert.AreEqual(k % 2, agents[k].ReplanCount(ReplanCause.ActionFailed), "agent " + k);
            }
            Assert.AreEqual(agents.Length, w.World.AgentCount);
        }

        [Test]
        public void ADomainFilesGoalsDriveTheAgent()
        {
            // night-watch.json: goal "secure" (priority 2, optimal 5) and "beacon" (priority 1),
            // which no plan reaches (pick_up_flint sets has_flnt, a typo).
            var text = Domains.Read("night-watch.json");
            var model = new FileModel(text);
            using (var world = new World())
            {
                var d = world.LoadDomain(text);
                var a = world.CreateAgent(d);
                var info = a.GetInfo();
                Assert.AreEqual(2, info.GoalCount);
                var secure = a.FindGoal("secure");
                Assert.AreEqual(a.GoalAt(0), secure, "the file's goals in file order");
                var beacon = a.FindGoal("beacon");
                Assert.AreEqual(a.GoalAt(1), beacon);
                var done = new List<string>();
                AgentStep step;
                for (int n = 0; ; n++)
                {
                    Assert.Less(n, 50, "the agent did not settle");
                    step = a.Step(0.1);
                    if (step.Kind != StepKind.Start && step.Kind != StepKind.Continue) break;
                    Assert.AreEqual(secure, step.Goal);
                    done.Add(d.ActionName(step.Action));
                    a.Report(ActionReport.Succeeded);
                }
                // Secure reached at the file's optimal cost; beacon has no plan.
                Assert.AreEqual(Domains.OptimalCost(text), model.Replay(done, model.Start, model.Goal), 1e-9);
                Assert.AreEqual(StepKind.NoPlan, step.Kind);
                Assert.IsTrue(a.GetFact(d.FindFact("alarm_raised")));
                var why = a.Explain(beacon);
                StringAssert.Contains("has_flint", why);
                var json = a.Explain(beacon, ExplainFormat.Json);
                Assert.IsTrue(json.StartsWith("{"));
                Json.Parse(json);
                StringAssert.Contains("has_flint", json);
            }
        }

        [Test]
        public void ExplainOfALargeDomainGrowsItsBuffer()
        {
            // The wrapper starts with 4,096 bytes for the report.
            using (var world = new World())
            {
                var d = world.CreateDomain("big");
                var goalFacts = new List<FactValue>();
                for (int k = 0; k < 60; k++)
                {
                    var f = d.AddFact("a_rather_long_fact_name_that_nothing_provides_number_" + k);
                    goalFacts.Add(new FactValue(f, true));
                }
                d.AddAction("idle", 1, null, null);
                var a = world.CreateAgent(d);
                var g = a.AddGoal("everything", 1, goalFacts.ToArray());
                var text = a.Explain(g);
                var json = a.Explain(g, ExplainFormat.Json);
                Assert.Greater(System.Text.Encoding.UTF8.GetByteCount(json), 4096, "the report is long enough to need a retry");
                Json.Parse(json);
                StringAssert.Contains("number_59", json);
                StringAssert.Contains("number_59", text);
            }
        }

        // The hot path of a frame (SetFact, SetFacts with a reused array, Step, Report) must not
        // allocate managed memory. Measured with GC.GetAllocatedBytesForCurrentThread, looked
        // up by reflection (this Mono has it; the profile the tests compile against may not
        // declare it) and called through a delegate so the measure itself allocates nothing.
        // Where it is missing, the fallback counts gen-0 collections over 100,000 iterations.
        [Test]
        public void TheHotPathMakesNoGarbage()
        {
            var a = w.FireAgent();
            var reset = new[] { Woods.F(w.HasAxe), Woods.F(w.HasWood), Woods.F(w.Fire) };
            var method = typeof(GC).GetMethod("GetAllocatedBytesForCurrentThread", BindingFlags.Public | BindingFlags.Static);
            Func<long> allocated = method == null ? null : (Func<long>)Delegate.CreateDelegate(typeof(Func<long>), method);
            int iterations = allocated != null ? 10000 : 100000;
            int starts = 0;
            Action<int> frame = k =>
            {
                a.SetFact(w.Rested, (k & 8) != 0);
                if (k % 5 == 0) a.SetFacts(reset, reset.Length);
                var s = a.Step(0.016);
                if (s.Kind == StepKind.Start) { starts++; a.Report(ActionReport.Running); }
                else if (s.Kind == StepKind.Continue) a.Report(ActionReport.Succeeded);
            };
            for (int k = 0; k < 2000; k++) frame(k); // JIT, thread-static buffers, plan cache
            starts = 0;
            if (allocated != null)
            {
                long before = allocated();
                for (int k = 0; k < iterations; k++) frame(k);
                long after = allocated();
                Assert.Greater(starts, iterations / 20, "the loop really starts actions (and replans)");
                Assert.AreEqual(0, after - before, "bytes allocated by " + iterations + " frames");
            }
            else
            {
                GC.Collect();
                int before = GC.CollectionCount(0);
                for (int k = 0; k < iterations; k++) frame(k);
                Assert.Greater(starts, iterations / 20);
                Assert.AreEqual(before, GC.CollectionCount(0), "gen-0 collections during " + iterations + " frames");
            }
        }
    }
}
