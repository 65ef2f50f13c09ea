// The package's runtime components (unity-sample/Runtime/Components: GoapWorldBehaviour,
// GoapAgentBehaviour, UnityJobTaskSystem, GoapDomainAsset) run under Mono against the fake
// UnityEngine of tests/unity-fake/UnityEngine.cs (a test double, not Unity: read what it does
// not model at its top). NUnit 2.6, C# 7.2; built and run by scripts/test-csharp.sh, which
// compiles the wrapper and the components into one Goap.dll, as Unity does. An error or
// exception logged fails a test unless the test expects it.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using FakeUnity;
using NUnit.Framework;
using UnityEngine;
using Object = UnityEngine.Object;

namespace Goap.Tests.UnityFake
{
    /// <summary>What the handlers and sensors of the tests did, in order.</summary>
    internal static class Journal
    {
        public static readonly List<string> Lines = new List<string>();
        public static void Add(string line) { Lines.Add(line); }
    }

    /// <summary>A component handler for get_axe and chop_wood: takes Seconds, fails or throws on demand.</summary>
    [GoapAction("get_axe")]
    [GoapAction("chop_wood")]
    public sealed class TimedHandler : MonoBehaviour, IGoapAction
    {
        public float Seconds = 0.5f;
        /// <summary>Fail (report Failed) this many of the next chop_wood attempts.</summary>
        public int FailChops;
        /// <summary>Throw from OnTick in this many of the next chop_wood attempts.</summary>
        public int ThrowChops;
        public bool Log = true;
        public int Starts, Aborts;

        public void OnStart(GoapActionContext ctx)
        {
            Starts++;
            if (Log) Journal.Add("start " + ctx.ActionName);
        }

        public GoapActionStatus OnTick(GoapActionContext ctx, float dt)
        {
            if (ctx.Elapsed < Seconds) return GoapActionStatus.Running;
            if (ctx.ActionName == "chop_wood" && ThrowChops > 0)
            {
                ThrowChops--;
                throw new InvalidOperationException("the axe broke");
            }
            if (ctx.ActionName == "chop_wood" && FailChops > 0)
            {
                FailChops--;
                if (Log) Journal.Add("fail " + ctx.ActionName);
                return GoapActionStatus.Failed;
            }
            if (Log) Journal.Add("done " + ctx.ActionName);
            return GoapActionStatus.Succeeded;
        }

        public void OnAbort(GoapActionContext ctx)
        {
            Aborts++;
            if (Log) Journal.Add("abort " + ctx.ActionName);
        }
    }

    /// <summary>A plain class handler (found by the scan, one per agent) for the fire actions.</summary>
    [GoapAction("light_fire")]
    [GoapAction("warm_up")]
    public sealed class FireHandler : IGoapAction
    {
        public static int Made;
        public static bool Log = true;
        public FireHandler() { Made++; }
        public void OnStart(GoapActionContext ctx) { if (Log) Journal.Add("start " + ctx.ActionName); }
        public GoapActionStatus OnTick(GoapActionContext ctx, float dt)
        {
            if (ctx.Elapsed < 0.2f) return GoapActionStatus.Running;
            if (Log) Journal.Add("done " + ctx.ActionName);
            return GoapActionStatus.Succeeded;
        }
        public void OnAbort(GoapActionContext ctx) { if (Log) Journal.Add("abort " + ctx.ActionName); }
    }

    /// <summary>A handler for Bind: counts.</summary>
    public sealed class CountingHandler : IGoapAction
    {
        public int Starts, Ticks;
        public void OnStart(GoapActionContext ctx) { Starts++; }
        public GoapActionStatus OnTick(GoapActionContext ctx, float dt) { Ticks++; return ctx.Elapsed >= 0.3f ? GoapActionStatus.Succeeded : GoapActionStatus.Running; }
        public void OnAbort(GoapActionContext ctx) { }
    }

    /// <summary>Components for the binding problems of the chores domain.</summary>
    [GoapAction("sweep")]
    [GoapAction("swep")]
    public sealed class SweepHandler : MonoBehaviour, IGoapAction
    {
        public void OnStart(GoapActionContext ctx) { }
        public GoapActionStatus OnTick(GoapActionContext ctx, float dt) { return GoapActionStatus.Succeeded; }
        public void OnAbort(GoapActionContext ctx) { }
    }

    [GoapAction("dust*")]
    public sealed class DustHandler : MonoBehaviour, IGoapAction
    {
        public void OnStart(GoapActionContext ctx) { }
        public GoapActionStatus OnTick(GoapActionContext ctx, float dt) { return GoapActionStatus.Succeeded; }
        public void OnAbort(GoapActionContext ctx) { }
    }

    [GoapAction("dust_shelf")]
    public sealed class ShelfHandler : MonoBehaviour, IGoapAction
    {
        public int Starts;
        public void OnStart(GoapActionContext ctx) { Starts++; }
        public GoapActionStatus OnTick(GoapActionContext ctx, float dt) { return GoapActionStatus.Succeeded; }
        public void OnAbort(GoapActionContext ctx) { }
    }

    /// <summary>A sensor: the weather, and a thief who takes the axe at a given step.</summary>
    public sealed class WeatherSensor : MonoBehaviour, IGoapSensor
    {
        public bool Raining;
        public int StealAxeAtStep = -1;
        public int ToggleColdEvery;
        public int Steps;
        FactId raining, hasAxe, warm;
        Domain resolvedIn;

        public void Sense(GoapAgentBehaviour agent)
        {
            // Ids belong to a domain of one world: resolved again when the agent moved to another.
            if (!resolvedIn.Equals(agent.Domain))
            {
                resolvedIn = agent.Domain;
                raining = agent.Fact("raining");
                hasAxe = agent.Fact("has_axe");
                warm = agent.Fact("warm");
            }
            Steps++;
            agent.Agent.SetFact(raining, Raining);
            if (Steps == StealAxeAtStep) agent.Agent.SetFact(hasAxe, false);
            if (ToggleColdEvery > 0 && Steps % ToggleColdEvery == 0)
            {
                // The night gets cold: warm again, from scratch (the axe and the wood are gone too).
                agent.Agent.SetFact(warm, false);
                agent.Agent.SetFact(hasAxe, false);
            }
        }
    }

    [TestFixture]
    public partial class ComponentTests
    {
        public const string LumberJson = @"{
  ""actions"": [
    {""name"": ""get_axe"", ""cost"": 1, ""pre"": {""has_axe"": false}, ""effects"": {""has_axe"": true}},
    {""name"": ""chop_wood"", ""cost"": 2, ""pre"": {""has_axe"": true}, ""effects"": {""has_wood"": true}},
    {""name"": ""light_fire"", ""cost"": 1, ""pre"": {""has_wood"": true, ""raining"": false}, ""effects"": {""fire_lit"": true, ""has_wood"": false}},
    {""name"": ""warm_up"", ""cost"": 1, ""pre"": {""fire_lit"": true}, ""effects"": {""warm"": true, ""fire_lit"": false}}
  ],
  ""goals"": [{""name"": ""keep_warm"", ""priority"": 5, ""conditions"": {""warm"": true}}]
}";

        public const string ChoresJson = @"{
  ""actions"": [
    {""name"": ""sweep"", ""cost"": 1, ""pre"": {}, ""effects"": {""swept"": true}},
    {""name"": ""dust"", ""cost"": 1, ""pre"": {}, ""effects"": {""dusted"": true}},
    {""name"": ""dust_shelf"", ""cost"": 1, ""pre"": {}, ""effects"": {""shelf_clean"": true}},
    {""name"": ""mop"", ""cost"": 1, ""pre"": {""swept"": true}, ""effects"": {""mopped"": true}}
  ],
  ""goals"": [{""name"": ""tidy"", ""priority"": 3, ""conditions"": {""swept"": true, ""dusted"": true, ""shelf_clean"": true}}]
}";

        const float Dt = 1f / 30f;
        int baselineWorlds;
        int logsChecked;
        readonly List<KeyValuePair<LogType, Regex>> expected = new List<KeyValuePair<LogType, Regex>>();

        [SetUp]
        public void SetUp()
        {
            FakeEngine.Reset();
            expected.Clear();
            logsChecked = 0;
            Journal.Lines.Clear();
            FireHandler.Log = true;
            baselineWorlds = Library.LiveWorldCount;
        }

        [TearDown]
        public void TearDown()
        {
            FakeEngine.UnloadAll(); // DontDestroyOnLoad worlds too
            AssertLogIsClean();
            FakeEngine.Reset();
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount, "a world outlived the test");
            Assert.AreEqual(0, GoapWorldBehaviour.All.Count, "GoapWorldBehaviour.All after everything was destroyed");
            Assert.AreEqual(0, GoapAgentBehaviour.All.Count, "GoapAgentBehaviour.All after everything was destroyed");
            Assert.IsNull(GoapWorldBehaviour.Shared);
        }

        void ExpectLog(LogType type, string pattern) { expected.Add(new KeyValuePair<LogType, Regex>(type, new Regex(pattern, RegexOptions.Singleline))); }

        void AssertLogIsClean()
        {
            var left = new List<KeyValuePair<LogType, Regex>>(expected);
            var unexpected = new List<string>();
            var logs = FakeEngine.Logs;
            for (; logsChecked < logs.Count; logsChecked++)
            {
                var e = logs[logsChecked];
                if (!e.IsError && e.Type != LogType.Warning) continue;
                int i = left.FindIndex(x => x.Key == e.Type && x.Value.IsMatch(e.Message));
                if (i >= 0) left.RemoveAt(i);
                else unexpected.Add(e + (e.Exception == null ? "" : "\n" + e.Exception));
            }
            Assert.IsEmpty(unexpected, "unexpected errors or warnings logged:\n" + string.Join("\n", unexpected.ToArray()));
            Assert.IsEmpty(left.Select(x => x.Key + " " + x.Value).ToList(), "expected log entries that never came");
            expected.Clear();
        }

        static GoapDomainAsset Lumber() { return GoapDomainAsset.FromJson(LumberJson, "lumber.goap"); }

        static GoapWorldBehaviour MakeWorld(string name = "World", bool? batch = null, bool? jobs = null, int? threads = null, bool? record = null, float? window = null, GoapWorldScope? scope = null)
        {
            return FakeEngine.AddComponent<GoapWorldBehaviour>(new GameObject(name), w =>
            {
                if (batch.HasValue) FakeEngine.SetSerializedField(w, "batchPlanning", batch.Value);
                if (jobs.HasValue) FakeEngine.SetSerializedField(w, "useJobSystem", jobs.Value);
                if (threads.HasValue) FakeEngine.SetSerializedField(w, "workerThreads", threads.Value);
                if (record.HasValue) FakeEngine.SetSerializedField(w, "recordOnStart", record.Value);
                if (window.HasValue) FakeEngine.SetSerializedField(w, "recordWindowSeconds", window.Value);
                if (scope.HasValue) FakeEngine.SetSerializedField(w, "scope", scope.Value);
            });
        }

        /// <summary>A lumberjack: a TimedHandler (get_axe, chop_wood) and a WeatherSensor; FireHandler (a plain class) does the rest.</summary>
        static GoapAgentBehaviour MakeLumberjack(string name, GoapDomainAsset asset, GoapWorldBehaviour world, Transform parent = null,
            Action<GoapAgentBehaviour> configure = null)
        {
            var go = new GameObject(name);
            if (parent != null) go.transform.SetParent(parent, false);
            go.AddComponent<TimedHandler>();
            go.AddComponent<WeatherSensor>();
            return FakeEngine.AddComponent<GoapAgentBehaviour>(go, a =>
            {
                FakeEngine.SetSerializedField(a, "domain", asset);
                if (world != null) FakeEngine.SetSerializedField(a, "world", world);
                if (configure != null) configure(a);
            });
        }

        static void Frames(int n, float dt = Dt) { for (int i = 0; i < n; i++) FakeEngine.Frame(dt); }

        static bool RunUntil(Func<bool> done, int maxFrames = 600)
        {
            for (int i = 0; i < maxFrames; i++)
            {
                if (done()) return true;
                FakeEngine.Frame(Dt);
            }
            return done();
        }

        // ---- GoapWorldBehaviour ----

        [Test]
        public void TheWorldLivesFromAwakeToOnDestroy()
        {
            var w = MakeWorld();
            Assert.IsNotNull(w.World, "made in Awake");
            Assert.AreEqual(baselineWorlds + 1, Library.LiveWorldCount);
            CollectionAssert.AreEqual(new[] { w }, GoapWorldBehaviour.All.ToArray());
            Assert.IsTrue(w.UsesJobSystem, "the job system is the default");
            w.enabled = false;
            Assert.AreEqual(0, GoapWorldBehaviour.All.Count, "All lists enabled worlds");
            w.enabled = true;
            Assert.AreEqual(1, GoapWorldBehaviour.All.Count);
            var world = w.World;
            Object.Destroy(w.gameObject);
            Frames(1);
            Assert.IsNull(w.World, "null after OnDestroy");
            Assert.IsTrue(world.IsDisposed);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
            Assert.AreEqual(0, GoapWorldBehaviour.All.Count);
        }

        [Test]
        public void EachDomainAssetLoadsOncePerWorld()
        {
            var w = MakeWorld();
            var asset = Lumber();
            var d = w.GetDomain(asset);
            Assert.AreEqual(d, w.GetDomain(asset), "the same domain the second time");
            Assert.AreEqual(5, d.FactCount);
            Assert.AreNotEqual(d, MakeWorld("Other").GetDomain(asset), "another world loads its own");

            var bad = ScriptableObject.CreateInstance<GoapDomainAsset>();
            bad.name = "broken";
            bad.Import("{\"actions\": [", "broken.goap");
            var e = Assert.Throws<GoapException>(() => w.GetDomain(bad));
            StringAssert.Contains("domain asset \"broken\"", e.Message);
            Assert.Throws<ArgumentNullException>(() => w.GetDomain(null));
        }

        [Test]
        public void SharedWorldsSurviveSceneUnloadsAndStayUnique()
        {
            var shared = MakeWorld("Shared", scope: GoapWorldScope.Shared);
            Assert.AreSame(shared, GoapWorldBehaviour.Shared);
            var scene = MakeWorld("Scene");
            FakeEngine.UnloadScene();
            Assert.IsTrue(scene == null, "the scene's world went with the scene");
            Assert.IsFalse(shared == null, "the shared one did not (DontDestroyOnLoad)");
            Assert.IsNotNull(shared.World);

            ExpectLog(LogType.Warning, "a shared GOAP world exists already");
            var second = MakeWorld("Shared 2", scope: GoapWorldScope.Shared);
            Assert.IsNull(second.World, "a second shared world removes itself");
            Frames(1);
            Assert.IsTrue(second == null);
            Assert.AreSame(shared, GoapWorldBehaviour.Shared);

            // An agent with no world near it joins the shared one.
            var agent = MakeLumberjack("Loner", Lumber(), null);
            Frames(1);
            Assert.AreSame(shared, agent.WorldBehaviour);
            Assert.IsTrue(agent.HasAgent);
            Object.Destroy(shared.gameObject);
            Frames(1);
            Assert.IsNull(GoapWorldBehaviour.Shared);
            Assert.IsFalse(agent.HasAgent);
        }

        [Test]
        public void ForFindsTheExplicitThenTheParentsThenSharedThenTheFirstWorld()
        {
            var asset = Lumber();
            var first = MakeWorld("First");
            var parentWorld = MakeWorld("Parent");
            var explicitWorld = MakeWorld("Explicit");
            var underParent = MakeLumberjack("Child", asset, null, parentWorld.transform);
            var withExplicit = MakeLumberjack("Pinned", asset, explicitWorld, parentWorld.transform);
            var free = MakeLumberjack("Free", asset, null);
            Assert.AreSame(parentWorld, GoapWorldBehaviour.For(underParent));
            Assert.AreSame(explicitWorld, GoapWorldBehaviour.For(withExplicit));
            Assert.AreSame(first, GoapWorldBehaviour.For(free), "the first of All");
            var shared = MakeWorld("Shared", scope: GoapWorldScope.Shared);
            Assert.AreSame(shared, GoapWorldBehaviour.For(free), "Shared before the first of All");
            Assert.AreSame(parentWorld, GoapWorldBehaviour.For(underParent), "the parent's before Shared");
            Frames(1);
            Assert.AreSame(parentWorld, underParent.WorldBehaviour);
            Assert.AreSame(explicitWorld, withExplicit.WorldBehaviour);
            Assert.AreSame(shared, free.WorldBehaviour);
            Assert.AreEqual(1, parentWorld.World.AgentCount);
            Assert.AreEqual(1, explicitWorld.World.AgentCount);
        }

        [Test]
        public void WithoutAWorldTheFirstAgentMakesOne()
        {
            var agent = MakeLumberjack("Lone", Lumber(), null);
            Frames(1);
            Assert.IsTrue(agent.HasAgent);
            Assert.AreEqual("GOAP World", agent.WorldBehaviour.name);
            Assert.AreEqual(GoapWorldScope.Scene, agent.WorldBehaviour.Scope);
            var second = MakeLumberjack("Second", Lumber(), null);
            Frames(1);
            Assert.AreSame(agent.WorldBehaviour, second.WorldBehaviour, "the one made is found next time");
            Assert.AreEqual(1, GoapWorldBehaviour.All.Count);
        }

        // ---- dispatch ----

        [TestCase(false)]
        [TestCase(true)]
        public void AnAgentPerformsItsPlanThroughItsHandlers(bool batch)
        {
            int madeBefore = FireHandler.Made;
            var w = MakeWorld(batch: batch);
            var asset = Lumber();
            var agent = MakeLumberjack("Jack", asset, w);
            var events = new List<string>();
            agent.AgentCreated += a => events.Add("created");
            agent.ActionStarted += (a, id) => events.Add("started " + a.Domain.ActionName(id) + " " + a.CurrentActionName);
            agent.ActionFinished += (a, id, ok) => events.Add((ok ? "succeeded " : "failed ") + a.Domain.ActionName(id));
            Assert.IsFalse(agent.HasAgent, "made in Start");
            Frames(1);
            Assert.IsTrue(agent.HasAgent);
            Assert.AreEqual(madeBefore + 1, FireHandler.Made, "one FireHandler for the agent, serving both fire actions");
            var warm = agent.Fact("warm");
            Assert.IsTrue(RunUntil(() => agent.Agent.GetFact(warm)), string.Join(", ", Journal.Lines.ToArray()));
            CollectionAssert.AreEqual(new[]
            {
                "start get_axe", "done get_axe", "start chop_wood", "done chop_wood",
                "start light_fire", "done light_fire", "start warm_up", "done warm_up",
            }, Journal.Lines);
            CollectionAssert.AreEqual(new[]
            {
                "created", "started get_axe get_axe", "succeeded get_axe", "started chop_wood chop_wood", "succeeded chop_wood",
                "started light_fire light_fire", "succeeded light_fire", "started warm_up warm_up", "succeeded warm_up",
            }, events);
            Frames(2);
            Assert.AreEqual(StepKind.Idle, agent.LastStep.Kind);
            Assert.IsNull(agent.CurrentActionName);
            Assert.AreEqual(default(ActionId), agent.CurrentAction);
            if (batch) Assert.Greater(w.LastBatch.Planned, 0, "planned by the world's batch");
        }

        [Test]
        public void AFailureReplansWithActionFailedAndTheAgentRecovers()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            agent.GetComponent<TimedHandler>().FailChops = 1;
            int failed = 0;
            agent.ActionFinished += (a, id, ok) => { if (!ok) failed++; };
            Frames(1);
            var warm = agent.Fact("warm");
            Assert.IsTrue(RunUntil(() => agent.Agent.GetFact(warm), 900), string.Join(", ", Journal.Lines.ToArray()));
            Assert.AreEqual(1, failed);
            CollectionAssert.Contains(Journal.Lines, "fail chop_wood");
            Assert.AreEqual(2, Journal.Lines.Count(l => l == "start chop_wood"), "chopped again after the failure");
            var replans = new List<ReplanEvent>();
            agent.Agent.GetReplans(replans);
            Assert.IsTrue(replans.Any(r => r.Cause == ReplanCause.ActionFailed), string.Join(", ", replans.Select(r => r.Cause.ToString()).ToArray()));
            Assert.AreEqual(1, agent.Agent.ReplanCount(ReplanCause.ActionFailed));
        }

        [Test]
        public void AThrowingHandlerIsLoggedReportedFailedAndTheLoopGoesOn()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            agent.GetComponent<TimedHandler>().ThrowChops = 2;
            ExpectLog(LogType.Exception, "^System.InvalidOperationException: the axe broke");
            ExpectLog(LogType.Exception, "^System.InvalidOperationException: the axe broke");
            Frames(1);
            var warm = agent.Fact("warm");
            Assert.IsTrue(RunUntil(() => agent.Agent.GetFact(warm), 1200), string.Join(", ", Journal.Lines.ToArray()));
            Assert.AreEqual(2, agent.Agent.ReplanCount(ReplanCause.ActionFailed));
            Assert.IsTrue(agent.enabled);
            Assert.IsTrue(FakeEngine.Logs.Where(l => l.Type == LogType.Exception).All(l => ReferenceEquals(l.Context, agent)), "logged with the agent as context");
        }

        [Test]
        public void SensorsWriteBeliefsBeforeEachStepAndCauseReplans()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            var sensor = agent.GetComponent<WeatherSensor>();
            sensor.Raining = true;
            agent.ExplainWhenStuck = true;
            int noPlans = 0;
            agent.NoPlan += a => noPlans++;
            Frames(1);
            // Raining: no fire, no plan (and the explanation says why, once).
            Frames(5);
            Assert.AreEqual(StepKind.NoPlan, agent.LastStep.Kind);
            Assert.AreEqual(1, noPlans, "NoPlan once per stuck spell");
            var explained = FakeEngine.Logs.Where(l => l.Message.StartsWith("Jack has no plan for 'keep_warm'; Agent.Explain says:\n")).ToList();
            Assert.AreEqual(1, explained.Count);
            StringAssert.Contains("raining", explained[0].Message);
            Assert.AreEqual(6, sensor.Steps, "sensed before every step");
            // The rain stops: a plan; the thief takes the axe while the wood is chopped: the plan is invalid.
            sensor.Raining = false;
            sensor.StealAxeAtStep = sensor.Steps + 30;
            var warm = agent.Fact("warm");
            Assert.IsTrue(RunUntil(() => agent.Agent.GetFact(warm), 900), string.Join(", ", Journal.Lines.ToArray()));
            var replans = new List<ReplanEvent>();
            agent.Agent.GetReplans(replans);
            Assert.IsTrue(replans.Any(r => r.Cause == ReplanCause.PlanInvalidated), string.Join(", ", replans.Select(r => r.Cause.ToString()).ToArray()));
            Assert.AreEqual(2, Journal.Lines.Count(l => l == "start get_axe"), "fetched the axe again: " + string.Join(", ", Journal.Lines.ToArray()));
            Assert.AreEqual(1, noPlans);
        }

        // ---- binding ----

        [Test]
        public void BindingProblemsAreReportedTogetherInOneError()
        {
            var w = MakeWorld();
            var chores = GoapDomainAsset.FromJson(ChoresJson, "chores.goap");
            var go = new GameObject("Maid");
            go.AddComponent<SweepHandler>();
            var agent = FakeEngine.AddComponent<GoapAgentBehaviour>(go, a => FakeEngine.SetSerializedField(a, "domain", chores));
            agent.Bind("polish", new CountingHandler());
            agent.SetGoalPriority("tidyy", 2f);
            ExpectLog(LogType.Error, "^GoapAgentBehaviour \"Maid\" \\(domain asset \"chores.goap\"\\): 6 problems; the component is disabled");
            Frames(1);
            var errors = FakeEngine.Logs.Where(l => l.IsError).ToList();
            Assert.AreEqual(1, errors.Count, "one error for every problem");
            var text = errors[0].Message;
            StringAssert.Contains("Bind(\"polish\"): the domain has no action \"polish\"", text);
            StringAssert.Contains("component SweepHandler: [GoapAction(\"swep\")]: the domain has no action \"swep\" (did you mean \"sweep\"?)", text);
            StringAssert.Contains("no handler for action \"dust\"", text);
            StringAssert.Contains("no handler for action \"mop\"", text);
            StringAssert.Contains("no handler for action \"dust_shelf\"", text);
            StringAssert.Contains("goal priority: the domain has no goal \"tidyy\" (did you mean \"tidy\"?)", text);
            StringAssert.DoesNotContain("\"sweep\" (", text);
            Assert.IsFalse(agent.enabled);
            Assert.IsFalse(agent.HasAgent);
            Assert.AreEqual(0, w.World.AgentCount, "the agent made for the check is gone");
            Assert.AreSame(agent, errors[0].Context);
        }

        [Test]
        public void UnhandledActionsCanBeDisabledInstead()
        {
            MakeWorld(batch: false);
            var chores = GoapDomainAsset.FromJson(ChoresJson, "chores.goap");
            var go = new GameObject("Maid");
            go.AddComponent<DustHandler>();
            var shelf = go.AddComponent<ShelfHandler>();
            var sweeper = new CountingHandler();
            var agent = FakeEngine.AddComponent<GoapAgentBehaviour>(go, a =>
            {
                FakeEngine.SetSerializedField(a, "domain", chores);
                FakeEngine.SetSerializedField(a, "disableUnhandledActions", true);
            });
            agent.Bind("sweep", sweeper);
            Frames(1);
            Assert.IsTrue(agent.HasAgent);
            var swept = agent.Fact("swept");
            var shelfClean = agent.Fact("shelf_clean");
            Assert.IsTrue(RunUntil(() => agent.Agent.GetFact(swept) && agent.Agent.GetFact(shelfClean) && agent.Agent.GetFact(agent.Fact("dusted"))));
            Assert.AreEqual(1, sweeper.Starts, "Bind's handler swept");
            Assert.AreEqual(1, shelf.Starts, "the exact name beats the prefix dust*");
            // mop had no handler: disabled for this agent, never planned.
            agent.Agent.AddGoal("mopped", 9, new[] { new FactValue(agent.Fact("mopped"), true) });
            Frames(3);
            Assert.AreEqual(StepKind.NoPlan, agent.LastStep.Kind, "mop is disabled");
        }

        [Test]
        public void BindByCodeBeatsComponentsAndCanComeLate()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            var axe = new CountingHandler();
            agent.Bind("get_axe", axe);
            Frames(1);
            var chops = new CountingHandler();
            agent.Bind("chop_wood", chops); // after Start: at the next start of the action
            Assert.Throws<ArgumentException>(() => agent.Bind("chop", chops));
            Assert.IsTrue(RunUntil(() => agent.Agent.GetFact(agent.Fact("warm"))));
            Assert.AreEqual(1, axe.Starts);
            Assert.AreEqual(1, chops.Starts);
            Assert.IsFalse(Journal.Lines.Any(l => l.EndsWith("get_axe") || l.EndsWith("chop_wood")), "the component handled neither");
        }

        [Test]
        public void FactAndVarNameTheDomainAndNearNames()
        {
            var w = MakeWorld();
            var agent = MakeLumberjack("Jack", Lumber(), w);
            Assert.AreEqual(w.GetDomain(agent.DomainAsset).FindFact("has_axe"), agent.Fact("has_axe"), "before Start too");
            var e = Assert.Throws<ArgumentException>(() => agent.Fact("has_ax"));
            StringAssert.StartsWith("domain asset \"lumber.goap\" has no fact \"has_ax\" (did you mean \"has_axe\"?)", e.Message);
            Assert.Throws<ArgumentException>(() => agent.Var("anything"));
            Assert.Throws<ArgumentException>(() => w.SetSharedFact(agent.DomainAsset, "rainin", true));
        }

        // ---- lifecycle ----

        [TestCase(GoapUpdateMode.Update)]
        [TestCase(GoapUpdateMode.FixedUpdate)]
        [TestCase(GoapUpdateMode.Manual)]
        public void UpdateModes(GoapUpdateMode mode)
        {
            var w = MakeWorld(batch: false);
            Time.fixedDeltaTime = 0.02f;
            var agent = MakeLumberjack("Jack", Lumber(), w, configure: a => FakeEngine.SetSerializedField(a, "updateMode", mode));
            var sensor = agent.GetComponent<WeatherSensor>();
            Frames(1, 0.05f);
            int stepsBefore = sensor.Steps;
            double clockBefore = agent.Agent.GetInfo().Clock;
            Frames(20, 0.05f); // 1 s: 20 frames, 50 fixed steps
            double clock = agent.Agent.GetInfo().Clock - clockBefore;
            int steps = sensor.Steps - stepsBefore;
            switch (mode)
            {
                case GoapUpdateMode.Update:
                    Assert.AreEqual(20, steps);
                    Assert.AreEqual(1.0, clock, 1e-4);
                    break;
                case GoapUpdateMode.FixedUpdate:
                    Assert.AreEqual(50, steps);
                    Assert.AreEqual(1.0, clock, 1e-4);
                    break;
                default:
                    Assert.AreEqual(0, steps, "Manual: nothing without Tick");
                    agent.Tick(0.25f);
                    agent.Tick(0.25f);
                    Assert.AreEqual(2, sensor.Steps - stepsBefore);
                    Assert.AreEqual(0.5, agent.Agent.GetInfo().Clock - clockBefore, 1e-6);
                    agent.enabled = false;
                    agent.Tick(1f);
                    Assert.AreEqual(2, sensor.Steps - stepsBefore, "no Tick while disabled");
                    break;
            }
        }

        [Test]
        public void DisablingAbortsTheHandlerAndEnablingStartsItOver()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            var timed = agent.GetComponent<TimedHandler>();
            timed.Seconds = 2f;
            int finished = 0;
            agent.ActionFinished += (a, id, ok) => finished++;
            Frames(10);
            Assert.AreEqual("get_axe", agent.CurrentActionName);
            agent.enabled = false;
            Assert.AreEqual(1, timed.Aborts, "OnAbort on disable");
            Assert.IsNull(agent.CurrentActionName);
            Assert.IsTrue(agent.Agent.GetInfo().Acting, "the agent keeps its action");
            double clock = agent.Agent.GetInfo().Clock;
            Frames(30);
            Assert.AreEqual(clock, agent.Agent.GetInfo().Clock, "no steps while disabled");
            Assert.IsTrue(agent.HasAgent);
            agent.enabled = true;
            Frames(1);
            Assert.AreEqual("get_axe", agent.CurrentActionName);
            Assert.AreEqual(2, timed.Starts, "started over");
            Assert.AreEqual(0, finished, "an abort is not a finish");
            Assert.AreEqual(0, agent.Agent.ReplanCount(ReplanCause.ActionFailed), "nothing was reported failed");
        }

        [TestCase(FakeEngine.DestroyOrder.ParentFirst, true)]
        [TestCase(FakeEngine.DestroyOrder.ChildrenFirst, true)]
        [TestCase(FakeEngine.DestroyOrder.ParentFirst, false)]
        [TestCase(FakeEngine.DestroyOrder.ChildrenFirst, false)]
        public void SceneUnloadInAnyOrderLeavesNothing(FakeEngine.DestroyOrder order, bool agentsUnderTheWorld)
        {
            var w = MakeWorld();
            var asset = Lumber();
            var agents = new List<GoapAgentBehaviour>();
            for (int i = 0; i < 4; i++) agents.Add(MakeLumberjack("Jack " + i, asset, agentsUnderTheWorld ? null : w, agentsUnderTheWorld ? w.transform : null));
            Frames(20); // handlers under way
            Assert.AreEqual(4, w.World.AgentCount);
            Assert.AreEqual(4, w.Agents.Count);
            var world = w.World;
            FakeEngine.HierarchyDestroyOrder = order;
            FakeEngine.UnloadScene();
            Assert.IsTrue(world.IsDisposed);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
            foreach (var a in agents) Assert.IsFalse(a.HasAgent);
            Assert.AreEqual(4, Journal.Lines.Count(l => l == "abort chop_wood"), "every running handler was aborted: " + string.Join(", ", Journal.Lines.ToArray()));
        }

        [Test]
        public void DestroyingTheWorldFirstTakesTheAgentsAlongAndStopsThem()
        {
            var w = MakeWorld();
            var agent = MakeLumberjack("Jack", Lumber(), w);
            Frames(5);
            Object.Destroy(w);
            Frames(1);
            Assert.IsFalse(agent.HasAgent);
            Assert.IsFalse(agent.enabled, "stopped");
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
            Assert.AreEqual(1, agent.GetComponent<TimedHandler>().Aborts);
            // Enabled again: an agent in another world (made on the spot).
            agent.enabled = true;
            Assert.IsTrue(agent.HasAgent);
            Assert.AreEqual("GOAP World", agent.WorldBehaviour.name);
            Frames(2);
            Object.Destroy(agent.gameObject);
            Frames(1);
            Assert.AreEqual(0, GoapWorldBehaviour.For(new GameObject("probe").transform).World.AgentCount, "the agent was destroyed with its component");
        }

        [Test]
        public void DestroyingAnAgentFirstDestroysItsAgent()
        {
            var w = MakeWorld();
            var a = MakeLumberjack("A", Lumber(), w);
            var b = MakeLumberjack("B", Lumber(), w);
            Frames(5);
            Assert.AreEqual(2, w.World.AgentCount);
            Object.Destroy(a.gameObject);
            Frames(1);
            Assert.AreEqual(1, w.World.AgentCount);
            CollectionAssert.AreEqual(new[] { b }, w.Agents.ToArray());
            CollectionAssert.AreEqual(new[] { b }, GoapAgentBehaviour.All.ToArray());
            Object.Destroy(w.gameObject);
            Frames(1);
            Assert.IsFalse(b.HasAgent);
        }

        [Test]
        public void AWorldDisposedByCodeStopsTheAgentsWithoutErrors()
        {
            var w = MakeWorld();
            var agent = MakeLumberjack("Jack", Lumber(), w);
            Frames(5);
            w.World.Dispose();
            Frames(2);
            Assert.IsFalse(agent.HasAgent);
            Assert.IsFalse(agent.enabled);
        }

        // ---- garbage, jobs, profiler ----

        [TestCase(false)]
        [TestCase(true)]
        public void SteadyFramesAllocateNothing(bool batch)
        {
            FireHandler.Log = false;
            var w = MakeWorld(batch: batch);
            var asset = Lumber();
            var agents = new List<GoapAgentBehaviour>();
            int started = 0, finished = 0;
            for (int i = 0; i < 8; i++)
            {
                var a = MakeLumberjack("Jack " + i, asset, w);
                var timed = a.GetComponent<TimedHandler>();
                timed.Log = false;
                timed.Seconds = 0.1f + 0.05f * i;
                timed.FailChops = 1000; // every other chop fails: see below
                a.GetComponent<WeatherSensor>().ToggleColdEvery = 40 + 7 * i;
                a.ActionStarted += (x, id) => started++;
                a.ActionFinished += (x, id, ok) => { finished++; if (!ok) x.GetComponent<TimedHandler>().FailChops = 0; else x.GetComponent<TimedHandler>().FailChops = 1; };
                agents.Add(a);
            }
            Frames(200); // warm-up: JIT, pools, every kind of replan
            long replansBefore = agents.Sum(a => a.Agent.GetInfo().Replans);
            long failuresBefore = agents.Sum(a => a.Agent.ReplanCount(ReplanCause.ActionFailed));
            int startedBefore = started;
            var offenders = new List<string>();
            for (int f = 0; f < 300; f++)
            {
                long before = GC.GetAllocatedBytesForCurrentThread();
                FakeEngine.Frame(Dt);
                long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
                if (bytes != 0 && offenders.Count < 10) offenders.Add("frame " + FakeEngine.FrameCount + ": " + bytes + " bytes");
            }
            Assert.IsEmpty(offenders, "frames that allocated");
            Assert.Greater(agents.Sum(a => a.Agent.GetInfo().Replans) - replansBefore, 16, "replans happened in the window");
            Assert.Greater(agents.Sum(a => a.Agent.ReplanCount(ReplanCause.ActionFailed)) - failuresBefore, 4, "failures happened in the window");
            Assert.Greater(started - startedBefore, 100, "handlers ran in the window");
            if (batch) Assert.Greater(w.LastBatch.Threads + FakeEngine.JobIndicesRunOffMainThread, 0);
        }

        [Test]
        public void TheJobSystemBatchPlansLikeOneThread()
        {
            var json = VillageScene.DomainText;
            long offBefore = FakeEngine.JobIndicesRunOffMainThread;
            var single = WorldSettings.Default;
            single.WorkerThreads = 1;
            var jobs = WorldSettings.Default;
            jobs.TaskSystem = new UnityJobTaskSystem(4);
            Assert.AreEqual(4, jobs.TaskSystem.WorkerCount);
            Assert.AreEqual(4, new UnityJobTaskSystem().WorkerCount, "the fake's 3 job workers and the main thread");
            List<string> a, b;
            BatchStats sa, sb;
            using (var w1 = new World(single)) a = PlanMany(w1, json, out sa);
            using (var w2 = new World(jobs)) b = PlanMany(w2, json, out sb);
            Assert.AreEqual(300, a.Count);
            CollectionAssert.AreEqual(a, b, "the same plans, agent by agent");
            Assert.AreEqual(sa.Planned, sb.Planned);
            Assert.AreEqual(sa.Expanded, sb.Expanded);
            Assert.AreEqual(1, sa.Threads);
            Assert.AreEqual(4, sb.Threads);
            Assert.Greater(FakeEngine.JobIndicesRunOffMainThread, offBefore, "ranges ran on the job workers");
        }

        /// <summary>300 villagers at assorted places with assorted goals, one batch; their plans as text.</summary>
        static List<string> PlanMany(World world, string json, out BatchStats stats)
        {
            var domain = world.LoadDomain(json);
            var places = new[] { "field", "mill", "bakery", "market", "tavern", "gate", "wall", "well", "river" };
            var goals = new[] { "eat", "bake", "farm", "patrol", "cross" };
            var agents = new List<Agent>();
            for (int i = 0; i < 300; i++)
            {
                var s = AgentSettings.For(domain);
                s.PlanInStep = false;
                var agent = world.CreateAgent(s);
                foreach (var p in places) agent.SetFact(domain.FindFact("at_" + p), p == places[i % places.Length]);
                agent.SetFact(domain.FindFact("has_coin"), i % 3 != 0);
                agent.SetFact(domain.FindFact("has_flour"), i % 5 == 0);
                for (int g = 0; g < goals.Length; g++) agent.SetGoalPriority(agent.FindGoal(goals[g]), g == i % goals.Length ? 10 : 0);
                agent.Step(0.1);
                agents.Add(agent);
            }
            stats = world.PlanAgents();
            var plans = new List<string>();
            var plan = new List<ActionId>();
            foreach (var agent in agents)
            {
                agent.GetPlan(plan);
                plans.Add(string.Join(" ", plan.Select(x => domain.ActionName(x)).ToArray()));
            }
            return plans;
        }

        [Test]
        public void ProfilerMarkersWrapStepsSensorsAndBatches()
        {
            long steps = FakeEngine.ProfilerSamples("Goap.Step"), senses = FakeEngine.ProfilerSamples("Goap.Sense"), batches = FakeEngine.ProfilerSamples("Goap.PlanAgents");
            var w = MakeWorld(batch: true);
            MakeLumberjack("Jack", Lumber(), w);
            Frames(30);
            Assert.AreEqual(30, FakeEngine.ProfilerSamples("Goap.Step") - steps);
            Assert.AreEqual(30, FakeEngine.ProfilerSamples("Goap.Sense") - senses);
            Assert.Greater(FakeEngine.ProfilerSamples("Goap.PlanAgents") - batches, 0);
            foreach (var m in new[] { "Goap.Step", "Goap.Sense", "Goap.PlanAgents" }) Assert.AreEqual(0, FakeEngine.ProfilerOpen(m), m + ": every Begin has its End");
        }

        // ---- recording ----

        [TestCase(0f)]
        [TestCase(30f)]
        public void ARecordingOfTheSceneReplaysWithoutDivergence(float window)
        {
            var w = MakeWorld(batch: true, record: true, window: window);
            Assert.IsTrue(w.IsRecording, "Record On Start");
            var asset = Lumber();
            for (int i = 0; i < 5; i++)
            {
                var a = MakeLumberjack("Jack " + i, asset, w);
                a.GetComponent<TimedHandler>().FailChops = i % 2;
                a.GetComponent<WeatherSensor>().ToggleColdEvery = 60 + 11 * i;
            }
            w.SetSharedFact(asset, "raining", false);
            Frames(150);
            var dir = Path.Combine(Path.GetTempPath(), "goap-unity-tests-" + Guid.NewGuid().ToString("N"));
            try
            {
                var path = w.SaveRecording(Path.Combine(dir, "scene.goaprec"));
                Assert.IsTrue(Path.IsPathRooted(path));
                Assert.IsTrue(w.IsRecording, "still recording after a save");
                var bytes = File.ReadAllBytes(path);
                var summary = Library.Replay(bytes);
                Assert.AreEqual(5, summary.Agents);
                Assert.Greater(summary.Steps, 100);
                Assert.Greater(summary.Replans, 5);
                Assert.Greater(summary.Batches, 0);
                Assert.AreEqual(window, summary.Window, 1e-9);

                // The next save holds what came after the first (a new recording from a checkpoint).
                Frames(60);
                var second = Library.Replay(File.ReadAllBytes(w.SaveRecording(Path.Combine(dir, "scene2.goaprec"))));
                Assert.AreEqual(5, second.Agents);
                Assert.Greater(second.Steps, 100);

                // A tampered recording does not pass: the check can fail.
                var tampered = (byte[])bytes.Clone();
                for (int i = tampered.Length / 3; i < tampered.Length / 3 + 16; i++) tampered[i] ^= 0x5a;
                var e = Assert.Throws<GoapException>(() => Library.Replay(tampered));
                Assert.That(e.Status, Is.EqualTo(Status.ReplayDiverged).Or.EqualTo(Status.InvalidArgument), e.Message);
                var cut = new byte[bytes.Length / 2];
                Array.Copy(bytes, cut, cut.Length);
                Assert.Throws<GoapException>(() => Library.Replay(cut));
            }
            finally
            {
                if (Directory.Exists(dir)) Directory.Delete(dir, true);
            }
            w.StopRecording();
            Assert.IsFalse(w.IsRecording);
            Assert.Throws<InvalidOperationException>(() => w.SaveRecording(Path.Combine(Path.GetTempPath(), "never.goaprec")));
            w.StartRecording();
            Assert.IsTrue(w.IsRecording);
        }

        // ---- domain reload off ----

        sealed class ThrowingContext : IAgentContext
        {
            public bool IsAvailable(AgentId agent, ActionId action) { throw new InvalidOperationException("context"); }
            public double Cost(AgentId agent, ActionId action, double cost) { return cost; }
        }

        [Test]
        public void EnteringPlayModeWithoutADomainReloadResetsTheStatics()
        {
            var shared = MakeWorld("Shared", scope: GoapWorldScope.Shared);
            var agent = MakeLumberjack("Jack", Lumber(), shared);
            Frames(1);
            int raised = 0;
            Library.ContextException += e => raised++;
            Assert.AreEqual(1, GoapAgentBehaviour.All.Count);
            Assert.AreEqual(1, GoapWorldBehaviour.All.Count);

            // What Unity keeps with domain reload off: these statics, had the objects not been
            // destroyed cleanly (an exception in OnDestroy, a crash of the last session's code).
            FakeEngine.RunRuntimeInitializeMethods();
            Assert.AreEqual(0, GoapAgentBehaviour.All.Count);
            Assert.AreEqual(0, GoapWorldBehaviour.All.Count);
            Assert.IsNull(GoapWorldBehaviour.Shared);

            // Library.ContextException's handlers are gone too.
            using (var world = new World())
            {
                var d = world.LoadDomain(LumberJson);
                var a = world.CreateAgent(d);
                a.SetContext(new ThrowingContext());
                Assert.Throws<GoapException>(() => a.Step(0.1));
            }
            Assert.AreEqual(0, raised, "the handler subscribed before the reset was not called");

            // The objects themselves still clean up.
            Object.Destroy(agent.gameObject);
            Object.Destroy(shared.gameObject);
            Frames(1);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
        }

        [Test]
        public void ASharedWorldIsNewAfterEnteringPlayModeAgain()
        {
            MakeWorld("Shared", scope: GoapWorldScope.Shared);
            FakeEngine.SimulateEnterPlayModeWithoutDomainReload();
            Assert.IsNull(GoapWorldBehaviour.Shared);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
            var again = MakeWorld("Shared", scope: GoapWorldScope.Shared);
            Assert.AreSame(again, GoapWorldBehaviour.Shared, "no stale shared world blocks the new one");
            var agent = MakeLumberjack("Jack", Lumber(), null);
            Frames(2);
            Assert.IsTrue(agent.HasAgent, "handlers found again by a fresh scan");
        }

        // ---- GoapDomainAsset ----

        [Test]
        public void DomainAssetsImportNamesAndReportErrorsWithLineAndColumn()
        {
            var good = Lumber();
            Assert.IsTrue(good.IsValid);
            CollectionAssert.AreEquivalent(new[] { "has_axe", "has_wood", "fire_lit", "warm", "raining" }, good.FactNames.ToArray());
            CollectionAssert.AreEqual(new[] { "get_axe", "chop_wood", "light_fire", "warm_up" }, good.ActionNames.ToArray());
            CollectionAssert.AreEqual(new[] { "keep_warm" }, good.GoalNames.ToArray());
            Assert.AreEqual(5f, good.GoalPriorities[0]);
            Assert.IsFalse(good.Messages.Any(m => m.IsError));

            var village = GoapDomainAsset.FromJson(VillageScene.DomainText, "VillageDomain.json");
            Assert.IsTrue(village.IsValid);
            CollectionAssert.Contains(village.ActionNames.ToArray(), "buy_planks", "templates' ground actions");

            string broken = "{\n  \"goals\": [],\n  \"actions\": [ {\"name\": \"x\", \"cost\": 1, \"pre\": {\"nope\" true} } ]\n}\n";
            var bad = GoapDomainAsset.FromJson(broken, "broken.goap");
            Assert.IsFalse(bad.IsValid);
            var error = bad.Messages.Single(m => m.IsError);
            Assert.AreEqual(3, error.Line, error.Format("broken.goap"));
            Assert.Greater(error.Column, 1);
            StringAssert.StartsWith("broken.goap:3:", error.Format("broken.goap"));
            Assert.AreEqual(0, bad.ActionNames.Count);
            var e = Assert.Throws<GoapException>(() => { using (var world = new World()) bad.Load(world); });
            StringAssert.Contains("domain asset \"broken.goap\"", e.Message);
        }

        [Test]
        public void AnAgentWithABrokenDomainLogsOnceAndStops()
        {
            var w = MakeWorld();
            var bad = GoapDomainAsset.FromJson("{\"actions\": [", "broken.goap");
            var go = new GameObject("Broken");
            var agent = FakeEngine.AddComponent<GoapAgentBehaviour>(go, a => FakeEngine.SetSerializedField(a, "domain", bad));
            ExpectLog(LogType.Exception, "^Goap.GoapException: domain asset \"broken.goap\"");
            Frames(3);
            Assert.IsFalse(agent.enabled);
            Assert.IsFalse(agent.HasAgent);
            Assert.AreEqual(0, w.World.AgentCount);

            var none = FakeEngine.AddComponent<GoapAgentBehaviour>(new GameObject("NoDomain"), a => { });
            ExpectLog(LogType.Error, "^GoapAgentBehaviour \"NoDomain\": assign a domain asset");
            Frames(2);
            Assert.IsFalse(none.enabled);
        }
    }
}
