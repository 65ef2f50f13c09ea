// Regression tests from a review of the package's runtime components: each one failed before
// the fix it comes with. Same fixture as ComponentTests (its helpers, its log checks).
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FakeUnity;
using NUnit.Framework;
using UnityEngine;
using Object = UnityEngine.Object;

namespace Goap.Tests.UnityFake
{
    /// <summary>A handler that never finishes by itself; journals as "start X", "abort X".</summary>
    public sealed class ForeverHandler : IGoapAction
    {
        public int Starts, Ticks, Aborts;
        public void OnStart(GoapActionContext ctx) { Starts++; Journal.Add("start " + ctx.ActionName); }
        public GoapActionStatus OnTick(GoapActionContext ctx, float dt) { Ticks++; return GoapActionStatus.Running; }
        public void OnAbort(GoapActionContext ctx) { Aborts++; Journal.Add("abort " + ctx.ActionName); }
    }

    /// <summary>A sensor that disables its agent at a given step.</summary>
    public sealed class DisablingSensor : MonoBehaviour, IGoapSensor
    {
        public int DisableAtStep = 1;
        public int Steps;
        public void Sense(GoapAgentBehaviour agent)
        {
            Steps++;
            if (Steps == DisableAtStep) agent.enabled = false;
        }
    }

    /// <summary>A sensor whose own resource was disposed: its exception is a bug of the game's to see.</summary>
    public sealed class DisposedResourceSensor : MonoBehaviour, IGoapSensor
    {
        public bool Throw;
        public void Sense(GoapAgentBehaviour agent)
        {
            if (!Throw) return;
            Throw = false;
            throw new ObjectDisposedException("the sensor's own stream");
        }
    }

    public partial class ComponentTests
    {
        /// <summary>A recurring goal (patrol) over a plain one (feed).</summary>
        public const string PatrolJson = @"{
  ""actions"": [
    {""name"": ""walk_to_gate"", ""cost"": 1, ""pre"": {}, ""effects"": {""at_gate"": true}},
    {""name"": ""get_food"", ""cost"": 1, ""pre"": {}, ""effects"": {""has_food"": true}},
    {""name"": ""eat"", ""cost"": 1, ""pre"": {""has_food"": true}, ""effects"": {""fed"": true}}
  ],
  ""goals"": [
    {""name"": ""patrol"", ""priority"": 5, ""conditions"": {""at_gate"": true}, ""reset"": {""at_gate"": false}, ""cooldown"": 100},
    {""name"": ""feed"", ""priority"": 1, ""conditions"": {""fed"": true}}
  ]
}";

        [Test]
        public void AHandlerComponentDestroyedAfterResolutionIsNoHandler()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            var timed = agent.GetComponent<TimedHandler>();
            timed.FailChops = 1;
            // The first chop fails; the handler component is destroyed before the retry.
            Assert.IsTrue(RunUntil(() => Journal.Lines.Count(l => l == "start chop_wood") == 1 && agent.CurrentActionName != "chop_wood"),
                string.Join(", ", Journal.Lines.ToArray()));
            Object.Destroy(timed);
            Frames(1);
            int startsBefore = timed.Starts;
            ExpectLog(LogType.Error, "no handler for action \"(get_axe|chop_wood)\"; reported failed");
            Assert.IsTrue(RunUntil(() => FakeEngine.Logs.Any(e => e.IsError && e.Message.Contains("no handler for action"))),
                "a destroyed handler component was still used: " + string.Join(", ", Journal.Lines.ToArray()));
            Assert.AreEqual(startsBefore, timed.Starts, "OnStart was called on a destroyed component");
            AssertLogIsClean();
            Object.Destroy(agent.gameObject);
            Object.Destroy(w.gameObject);
            Frames(1);
        }

        [Test]
        public void APlanningStepWithoutTheRunningActionAbortsItsHandler()
        {
            var w = MakeWorld(batch: false);
            var go = new GameObject("Guard");
            var agent = FakeEngine.AddComponent<GoapAgentBehaviour>(go, a =>
            {
                FakeEngine.SetSerializedField(a, "domain", GoapDomainAsset.FromJson(PatrolJson, "patrol.goap"));
                FakeEngine.SetSerializedField(a, "world", w);
                FakeEngine.SetSerializedField(a, "stepMaxExpansions", 1);
            });
            var walk = new ForeverHandler();
            agent.Bind("walk_to_gate", walk);
            agent.Bind("get_food", new ForeverHandler());
            agent.Bind("eat", new ForeverHandler());
            Assert.IsTrue(RunUntil(() => agent.CurrentActionName == "walk_to_gate"), string.Join(", ", Journal.Lines.ToArray()));
            Frames(3);
            Assert.AreEqual(1, walk.Starts);

            // The guard is at the gate (the engine says so mid-walk): the patrol is achieved and
            // reset, its plan dropped with the walk, and the search for feed spans steps.
            agent.Agent.SetFact(agent.Fact("at_gate"), true);
            Frames(1);
            Assert.AreEqual(StepKind.Planning, agent.LastStep.Kind, "the premise: a search over several steps");
            Assert.IsFalse(agent.LastStep.Action.IsValid, "the premise: no action in progress");
            Assert.IsFalse(agent.Agent.GetInfo().Acting);
            Assert.AreEqual(1, walk.Aborts, "the walk stopped with its plan: " + string.Join(", ", Journal.Lines.ToArray()));
            Assert.IsNull(agent.CurrentActionName);
            Assert.IsTrue(RunUntil(() => agent.CurrentActionName == "get_food"));
            Assert.AreEqual(1, walk.Aborts, "aborted once");
        }

        [Test]
        public void ASensorThatDisablesTheAgentStopsThatStep()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            var sensor = agent.gameObject.AddComponent<DisablingSensor>();
            sensor.DisableAtStep = 1;
            Frames(3);
            Assert.AreEqual(1, sensor.Steps);
            Assert.IsFalse(agent.enabled);
            Assert.AreEqual(0, agent.GetComponent<TimedHandler>().Starts, "no handler started by a disabled agent");
            Assert.AreEqual(0.0, agent.Agent.GetInfo().Clock, "no step while disabled");
            Assert.IsNull(agent.CurrentActionName);
            agent.enabled = true;
            Frames(1);
            Assert.AreEqual("get_axe", agent.CurrentActionName);
            Assert.AreEqual(1, agent.GetComponent<TimedHandler>().Starts);
        }

        [Test]
        public void AnAgentUnderADuplicateSharedWorldJoinsTheSharedOne()
        {
            var shared = MakeWorld("Shared", scope: GoapWorldScope.Shared);
            // The next scene has its own copy of the persistent world, with NPCs under it.
            ExpectLog(LogType.Warning, "a shared GOAP world exists already");
            var copy = MakeWorld("Shared (next scene)", scope: GoapWorldScope.Shared);
            var agent = MakeLumberjack("Child", Lumber(), null, copy.transform);
            Frames(1);
            Assert.IsTrue(agent.HasAgent, "made in the shared world");
            Assert.AreSame(shared, agent.WorldBehaviour);
            Assert.IsTrue(agent.enabled);
        }

        [Test]
        public void AnAgentSkipsAWorldDisposedByCode()
        {
            var dead = MakeWorld("Dead");
            var live = MakeWorld("Live");
            dead.World.Dispose();
            var agent = MakeLumberjack("Jack", Lumber(), null);
            Frames(1);
            Assert.IsTrue(agent.HasAgent);
            Assert.AreSame(live, agent.WorldBehaviour);
        }

        [Test]
        public void AnAgentAddedByCodeCanBeFixedAndEnabledAgain()
        {
            MakeWorld();
            var agent = new GameObject("Coded").AddComponent<GoapAgentBehaviour>();
            agent.DomainAsset = Lumber();
            ExpectLog(LogType.Error, "no handler for action \"get_axe\"");
            Frames(1);
            Assert.IsFalse(agent.enabled, "disabled by the binding problems");
            agent.Bind("get_axe", new CountingHandler());
            agent.Bind("chop_wood", new CountingHandler());
            agent.enabled = true;
            Assert.IsTrue(agent.HasAgent, "enabled again once fixed: the names are resolved again");
            Frames(1);
            Assert.AreEqual("get_axe", agent.CurrentActionName);
        }

        [Test]
        public void ALateBindOfAnUnknownActionIsNotKept()
        {
            var w = MakeWorld();
            var agent = MakeLumberjack("Jack", Lumber(), w);
            Frames(1);
            Assert.Throws<ArgumentException>(() => agent.Bind("chop", new CountingHandler()));
            // The world goes; enabled again, the agent is made in another world.
            Object.Destroy(w.gameObject);
            Frames(1);
            Assert.IsFalse(agent.enabled);
            agent.enabled = true;
            Assert.IsTrue(agent.HasAgent, "the refused Bind is no problem of the new agent");
        }

        [Test]
        public void ASensorsOwnObjectDisposedExceptionIsLogged()
        {
            var w = MakeWorld(batch: false);
            var agent = MakeLumberjack("Jack", Lumber(), w);
            var sensor = agent.gameObject.AddComponent<DisposedResourceSensor>();
            Frames(2);
            sensor.Throw = true;
            ExpectLog(LogType.Exception, "ObjectDisposedException");
            Frames(2);
            Assert.IsTrue(agent.HasAgent);
        }

        [Test]
        public void AFailedSaveKeepsTheRecording()
        {
            var w = MakeWorld(batch: false, record: true, window: 0f);
            MakeLumberjack("Jack", Lumber(), w);
            Frames(40);
            var dir = Path.Combine(Path.GetTempPath(), "goap-unity-tests-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                Assert.Catch<ArgumentException>(() => w.SaveRecording(""));
                Assert.Catch<Exception>(() => w.SaveRecording(dir), "a folder is no file");
                var blocker = Path.Combine(dir, "a file");
                File.WriteAllText(blocker, "");
                Assert.Catch<IOException>(() => w.SaveRecording(Path.Combine(blocker, "scene.goaprec")), "no folder under a file");
                Assert.IsTrue(w.IsRecording);
                var summary = Library.Replay(File.ReadAllBytes(w.SaveRecording(Path.Combine(dir, "scene.goaprec"))));
                Assert.GreaterOrEqual(summary.Steps, 40, "the frames before the failed saves are still recorded");
            }
            finally
            {
                Directory.Delete(dir, true);
            }
            w.StopRecording();
        }

        [Test]
        public void ARecordingToMemoryStartedThroughTheWorldCanBeSaved()
        {
            var w = MakeWorld(batch: false);
            MakeLumberjack("Jack", Lumber(), w);
            w.World.StartRecordingToMemory();
            Frames(10);
            Assert.IsTrue(w.IsRecording);
            var summary = Library.Replay(w.StopRecording());
            Assert.AreEqual(1, summary.Agents);
            Assert.IsFalse(w.IsRecording);

            // Into a file, by code: not the component's to save; nothing stopped, no file made.
            var dir = Path.Combine(Path.GetTempPath(), "goap-unity-tests-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                w.World.StartRecording(Path.Combine(dir, "by-code.goaprec"));
                var target = Path.Combine(dir, "saved.goaprec");
                var e = Assert.Throws<InvalidOperationException>(() => w.SaveRecording(target));
                StringAssert.Contains("records into a file", e.Message);
                Assert.IsFalse(File.Exists(target));
                Assert.IsTrue(w.IsRecording);
                Frames(5);
                w.World.StopRecording();
                Assert.AreEqual(1, Library.Replay(File.ReadAllBytes(Path.Combine(dir, "by-code.goaprec"))).Agents);
            }
            finally
            {
                Directory.Delete(dir, true);
            }
        }
    }
}
