// The Unity Village sample (unity-sample/Samples~/Village) run under Mono against the fake
// UnityEngine of tests/unity-fake/UnityEngine.cs (a test double, not Unity: read what it does
// not model at its top). NUnit 2.6, C# 7.2; built and run by scripts/test-csharp.sh, which
// sets GOAP_SAMPLE_DIR to the sample's folder. The scene is the README's: a camera, an empty
// GameObject with a GoapVillage whose Domain Json is VillageDomain.json; the inspector's part
// (setting serialized fields before Awake) is FakeEngine.SetSerializedField. Every check goes
// through the sample's public API (VillagerNpc.Status, Hunger, Agent, Domain; GoapVillage) and
// the log; an error or exception logged fails the test unless the test expects it. The garbage
// test leaves out the frames that log (a failure's line, an Explain report: they allocate) and
// prints how many there were.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using FakeUnity;
using Goap.Samples.Village;
using NUnit.Framework;
using UnityEngine;
using Object = UnityEngine.Object;

namespace Goap.Tests.UnityFake
{
    /// <summary>A status a villager showed from one frame on.</summary>
    internal struct StatusChange
    {
        public int Frame;
        public string Status;
        public float Hunger;
        public override string ToString() { return string.Format(CultureInfo.InvariantCulture, "{0}:{1}({2:0.00})", Frame, Status, Hunger); }
    }

    /// <summary>A replan of a villager's agent, with the frame after which it was seen and the hunger then.</summary>
    internal struct SeenReplan
    {
        public int Frame;
        public float Hunger;
        public ReplanEvent Event;
        public override string ToString() { return string.Format(CultureInfo.InvariantCulture, "{0}:{1}->{2} {3} len {4} (hunger {5:0.00})", Frame, Event.Cause, Event.Result, Event.Goal, Event.PlanLength, Hunger); }
    }

    /// <summary>What the test saw of one villager, frame after frame.</summary>
    internal sealed class VillagerTrace
    {
        public readonly VillagerNpc Npc;
        public readonly string Name;
        public readonly List<StatusChange> Statuses = new List<StatusChange>();
        public readonly List<SeenReplan> Replans = new List<SeenReplan>();
        /// <summary>Frames after which a watched fact of the believed state turned true.</summary>
        public readonly Dictionary<string, List<int>> BecameTrue = new Dictionary<string, List<int>>();
        internal readonly Dictionary<string, bool> facts = new Dictionary<string, bool>();
        internal long replansSeen;

        public VillagerTrace(VillagerNpc npc) { Npc = npc; Name = npc.name; }

        public List<int> Rises(string fact) { List<int> l; return BecameTrue.TryGetValue(fact, out l) ? l : new List<int>(); }

        /// <summary>The status shown after <paramref name="frame"/>.</summary>
        public string StatusAt(int frame)
        {
            string s = null;
            foreach (var c in Statuses) { if (c.Frame > frame) break; s = c.Status; }
            return s;
        }

        public string Timeline() { return string.Join(" ", Statuses.Select(s => s.ToString()).ToArray()); }
    }

    /// <summary>The README's scene, and the test's eyes on it.</summary>
    internal sealed class VillageScene
    {
        public const float Dt = 1f / 30f;
        public static readonly string[] WatchedFacts = { "bread_delivered", "grain_sold", "across_river", "bridge_intact" };
        public static readonly string[] VillagerNames = { "Mara", "Tom", "Brom", "Wren" };

        static string domainText;

        public readonly GameObject Camera;
        public readonly GameObject Root;
        public readonly GoapVillage Village;
        public readonly List<VillagerTrace> Traces = new List<VillagerTrace>();
        public int BatchesPlanned;
        readonly List<ReplanEvent> events = new List<ReplanEvent>();

        /// <summary>The sample's VillageDomain.json: $GOAP_SAMPLE_DIR, else found walking up from the test assembly.</summary>
        public static string DomainText
        {
            get
            {
                if (domainText != null) return domainText;
                var dir = Environment.GetEnvironmentVariable("GOAP_SAMPLE_DIR");
                if (string.IsNullOrEmpty(dir))
                {
                    for (var d = new DirectoryInfo(Path.GetDirectoryName(typeof(VillageScene).Assembly.Location)); d != null && dir == null; d = d.Parent)
                    {
                        var candidate = Path.Combine(d.FullName, Path.Combine("unity-sample", Path.Combine("Samples~", "Village")));
                        if (Directory.Exists(candidate)) dir = candidate;
                    }
                }
                Assert.IsNotNull(dir, "the Village sample's folder: set GOAP_SAMPLE_DIR");
                return domainText = File.ReadAllText(Path.Combine(dir, "VillageDomain.json"), Encoding.UTF8);
            }
        }

        /// <summary>
        /// A Main Camera, then the village as the README says (its serialized fields set before
        /// Awake, as loading the scene would): <paramref name="configure"/> sets more fields;
        /// batch planning and the seed keep their defaults unless given.
        /// </summary>
        public VillageScene(bool? batchPlanning = null, int? seed = null, Action<GoapVillage> configure = null, string json = null)
        {
            string text = json ?? DomainText;
            Camera = new GameObject("Main Camera");
            Camera.AddComponent<Camera>();
            Root = new GameObject("Village");
            Village = FakeEngine.AddComponent<GoapVillage>(Root, v =>
            {
                FakeEngine.SetSerializedField(v, "domainJson", new TextAsset(text));
                if (batchPlanning.HasValue) FakeEngine.SetSerializedField(v, "batchPlanning", batchPlanning.Value);
                if (seed.HasValue) FakeEngine.SetSerializedField(v, "seed", seed.Value);
                if (configure != null) configure(v);
            });
            foreach (var npc in FakeEngine.FindAll<VillagerNpc>()) Traces.Add(new VillagerTrace(npc));
        }

        public VillagerTrace this[string name]
        {
            get
            {
                var t = Traces.FirstOrDefault(x => x.Name == name);
                Assert.IsNotNull(t, "no villager " + name);
                return t;
            }
        }

        /// <summary>Frames of <see cref="Dt"/> for <paramref name="seconds"/>, watching after each.</summary>
        public void Run(double seconds) { Frames((int)Math.Round(seconds / Dt)); }

        public void Frames(int n)
        {
            for (int i = 0; i < n; i++)
            {
                FakeEngine.Frame(Dt);
                Observe();
            }
        }

        /// <summary>Statuses, new replans and watched facts of every villager that still has its agent.</summary>
        public void Observe()
        {
            int frame = FakeEngine.FrameCount;
            if (Village.BatchPlanning && Village.LastBatch.Planned > 0) BatchesPlanned++;
            foreach (var t in Traces)
            {
                var npc = t.Npc;
                if (npc == null || !npc.HasAgent) continue;
                if (t.Statuses.Count == 0 || t.Statuses[t.Statuses.Count - 1].Status != npc.Status)
                    t.Statuses.Add(new StatusChange { Frame = frame, Status = npc.Status, Hunger = npc.Hunger });
                var agent = npc.Agent;
                long replans = agent.GetInfo().Replans;
                if (replans != t.replansSeen)
                {
                    agent.GetReplans(events);
                    long fresh = replans - t.replansSeen;
                    Assert.LessOrEqual(fresh, events.Count, t.Name + ": more replans in one frame than the agent keeps");
                    for (int k = events.Count - (int)fresh; k < events.Count; k++)
                        t.Replans.Add(new SeenReplan { Frame = frame, Hunger = npc.Hunger, Event = events[k] });
                    t.replansSeen = replans;
                }
                foreach (var f in WatchedFacts)
                {
                    bool now = agent.GetFact(npc.Domain.FindFact(f));
                    bool before;
                    t.facts.TryGetValue(f, out before);
                    if (now && !before)
                    {
                        List<int> l;
                        if (!t.BecameTrue.TryGetValue(f, out l)) t.BecameTrue[f] = l = new List<int>();
                        l.Add(frame);
                    }
                    t.facts[f] = now;
                }
            }
        }

        /// <summary>Every (frame, villager, status) and (frame, villager, replan) seen, one line each: a run's fingerprint.</summary>
        public List<string> Fingerprint()
        {
            var lines = new List<string>();
            foreach (var t in Traces)
            {
                foreach (var s in t.Statuses) lines.Add(t.Name + " " + s);
                foreach (var r in t.Replans) lines.Add(t.Name + " " + r);
            }
            return lines;
        }
    }

    [TestFixture]
    public class VillageSampleTests
    {
        int baselineWorlds;
        int logsChecked;
        readonly List<KeyValuePair<LogType, Regex>> expected = new List<KeyValuePair<LogType, Regex>>();

        [SetUp]
        public void SetUp()
        {
            ResetEngine();
            baselineWorlds = Library.LiveWorldCount;
        }

        [TearDown]
        public void TearDown()
        {
            // Unloading the scene destroys the village (its OnDestroy disposes the world).
            FakeEngine.UnloadScene();
            AssertLogIsClean();
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount, "a world outlived the scene");
        }

        /// <summary>A new empty scene, clock and log (what the log held must have been checked).</summary>
        void ResetEngine()
        {
            FakeEngine.Reset();
            expected.Clear();
            logsChecked = 0;
        }

        /// <summary>An error or exception the test expects (each one matches one log entry), like Unity's LogAssert.Expect.</summary>
        void ExpectLog(LogType type, string pattern) { expected.Add(new KeyValuePair<LogType, Regex>(type, new Regex(pattern))); }

        /// <summary>The errors logged since the last check are the expected ones, all of them.</summary>
        void AssertLogIsClean()
        {
            var left = new List<KeyValuePair<LogType, Regex>>(expected);
            var unexpected = new List<string>();
            var logs = FakeEngine.Logs;
            for (; logsChecked < logs.Count; logsChecked++)
            {
                var e = logs[logsChecked];
                if (!e.IsError) continue;
                int i = left.FindIndex(x => x.Key == e.Type && x.Value.IsMatch(e.Message));
                if (i >= 0) left.RemoveAt(i);
                else unexpected.Add(e + (e.Exception == null ? "" : "\n" + e.Exception));
            }
            Assert.IsEmpty(unexpected, "unexpected errors logged:\n" + string.Join("\n", unexpected.ToArray()));
            Assert.IsEmpty(left.Select(x => x.Key + " " + x.Value).ToList(), "expected log entries that never came");
            expected.Clear();
        }

        /// <summary>The log entries of a villager's GameObject (its VillagerNpc, or its GoapAgentBehaviour: the explanations) that start so.</summary>
        static List<LogEntry> LogsOf(Component villager, string startsWith)
        {
            return FakeEngine.Logs.Where(e => e.Context is Component && ((Component)e.Context).gameObject == villager.gameObject
                && e.Message.StartsWith(startsWith, StringComparison.Ordinal)).ToList();
        }

        /// <summary>True when the status is the name of one of the domain's actions (not "...", "idle" or "no plan").</summary>
        static bool IsAction(VillageScene scene, string status)
        {
            if (status == null) return false;
            try { return scene.Village.Domain.FindAction(status).IsValid; }
            catch (GoapException e) when (e.Status == Status.NotFound) { return false; }
        }

        /// <summary>The texts of the TextMesh labels under a villager.</summary>
        static List<string> LabelTexts(VillagerNpc npc)
        {
            return FakeEngine.FindAll<TextMesh>().Where(m => m.transform.GetComponentInParent<VillagerNpc>() == npc).Select(m => m.text).ToList();
        }

        // ---- the scene ----

        [Test]
        public void TheVillageLaysOutTheReadmesScene()
        {
            var scene = new VillageScene();
            Assert.AreEqual(baselineWorlds + 1, Library.LiveWorldCount, "Awake creates one world");
            Assert.IsNotNull(scene.Village.World);
            Assert.IsTrue(scene.Village.BatchPlanning, "batch planning is the default");
            Assert.AreEqual(new[] { "eat", "bake", "farm", "patrol", "cross" }, scene.Village.GoalNames, "goal names read from the library");
            foreach (var place in GoapVillage.Places)
            {
                var t = scene.Village.FindPlace(place);
                Assert.IsNotNull(t, place);
                Assert.AreEqual(place, t.name);
                Assert.AreSame(scene.Village, t.GetComponentInParent<GoapVillage>(), place + " is under the village");
                Assert.AreEqual(49f, t.position.x * t.position.x + t.position.z * t.position.z, 1e-3f, place + " is on the circle of radius 7");
            }
            CollectionAssert.AreEqual(VillageScene.VillagerNames, scene.Traces.Select(t => t.Name).ToArray(), "four villagers, the README's");
            foreach (var t in scene.Traces)
                Assert.AreSame(scene.Village, t.Npc.GetComponentInParent<GoapVillage>(), t.Name + " is under the village");
            var cam = UnityEngine.Camera.main.transform.position;
            Assert.AreEqual(new[] { 0f, 14f, -12f }, new[] { cam.x, cam.y, cam.z }, "the main camera is pointed at the village");

            scene.Frames(1);
            foreach (var t in scene.Traces)
            {
                Assert.IsTrue(t.Npc.HasAgent, t.Name + " made its agent in Start");
                Assert.AreEqual(scene.Village.Domain, t.Npc.Domain);
                var start = scene.Village.FindPlace(StartPlace(t.Name)).position;
                var at = t.Npc.transform.position;
                Assert.Less((at.x - start.x) * (at.x - start.x) + (at.z - start.z) * (at.z - start.z), 1.5f * 1.5f, t.Name + " starts at " + StartPlace(t.Name));
                var labels = LabelTexts(t.Npc);
                CollectionAssert.Contains(labels, t.Name + " (" + Job(t.Name) + ")", t.Name + "'s name label");
                CollectionAssert.Contains(labels, t.Npc.Status, t.Name + "'s status label shows its status");
            }
            Assert.AreEqual(4, scene.Village.World.AgentCount);
        }

        static string Job(string villager)
        {
            switch (villager) { case "Mara": return "cook"; case "Tom": return "farmer"; case "Brom": return "guard"; default: return "traveller"; }
        }

        static string StartPlace(string villager)
        {
            switch (villager) { case "Mara": return "bakery"; case "Tom": return "field"; case "Brom": return "gate"; default: return "river"; }
        }

        [TestCase(true)]
        [TestCase(false)]
        public void EveryVillagerGetsAPlan(bool batch)
        {
            var scene = new VillageScene(batchPlanning: batch);
            Assert.AreEqual(batch, scene.Village.BatchPlanning);
            scene.Run(60);
            foreach (var t in scene.Traces)
            {
                Assert.IsTrue(t.Replans.Any(r => r.Event.Result == ReplanResult.Found && r.Event.PlanLength > 0), t.Name + " never got a plan: " + string.Join(", ", t.Replans.Select(r => r.ToString()).ToArray()));
                Assert.IsTrue(t.Statuses.Any(s => IsAction(scene, s.Status)), t.Name + " never performed an action: " + t.Timeline());
                Assert.Greater(t.Npc.Agent.GetInfo().Replans, 0);
            }
            // The switch: with batch planning agents wait ("...") for the LateUpdate batch; without, Step plans.
            bool waited = scene.Traces.Any(t => t.Statuses.Any(s => s.Status == "..."));
            if (batch)
            {
                Assert.IsTrue(waited, "batch mode: villagers wait for the batch");
                Assert.Greater(scene.BatchesPlanned, 0, "batch mode: World.PlanAgents planned agents");
            }
            else
            {
                Assert.IsFalse(waited, "step mode: Agent.Step plans, nobody waits");
                Assert.AreEqual(0, scene.BatchesPlanned, "step mode: no batch");
                Assert.AreEqual(0, scene.Village.LastBatch.Planned + scene.Village.LastBatch.Threads);
            }
        }

        // ---- behaviour ----

        [TestCase(true)]
        [TestCase(false)]
        public void TheCookDeliversBreadEveryDay(bool batch)
        {
            var scene = new VillageScene(batchPlanning: batch);
            var mara = scene["Mara"];
            scene.Run(70); // days 0, 1 and the start of day 2
            var rises = mara.Rises("bread_delivered");
            Assert.GreaterOrEqual(rises.Count, 2, "the bake goal is reached on day 0 and again on day 1 (a new day makes it unmet): " + mara.Timeline());
            Assert.Less(rises[0] * VillageScene.Dt, 30f, "delivered on day 0");
            Assert.Greater(rises[1] * VillageScene.Dt, 30f, "delivered again on day 1");
            foreach (int f in rises)
                Assert.AreEqual("deliver_bread", mara.StatusAt(f - 1), "bread_delivered turns true when deliver_bread succeeds (frame " + f + ")");
            // Day 0's plan in order, from the bakery: bake, walk to the market, deliver.
            var day0 = mara.Statuses.Where(s => s.Frame <= rises[0]).Select(s => s.Status).Where(s => IsAction(scene, s)).ToList();
            CollectionAssert.AreEqual(new[] { "bake_bread", "go_market", "deliver_bread" }, day0, mara.Timeline());
        }

        [TestCase(true)]
        [TestCase(false)]
        public void AFailedRepairReplansWithActionFailed(bool batch)
        {
            // The default seed (10): the README says the traveller's first repair fails.
            var scene = new VillageScene(batchPlanning: batch);
            var wren = scene["Wren"];
            scene.Run(60);
            var failures = LogsOf(wren.Npc, "Wren: repair_bridge failed (30% chance); replanning");
            Assert.AreEqual(1, failures.Count, "one failed repair in days 0-1: " + wren.Timeline());
            int failedAt = failures[0].Frame;
            var repairs = wren.Statuses.Where(s => s.Status == "repair_bridge").ToList();
            Assert.GreaterOrEqual(repairs.Count, 2, "repaired, failed, repaired again: " + wren.Timeline());
            Assert.Less(repairs[0].Frame, failedAt, "the first repair is the one that failed");
            Assert.Greater(repairs[1].Frame, failedAt);
            Assert.AreEqual(1, wren.Npc.Agent.ReplanCount(ReplanCause.ActionFailed));
            var replan = wren.Replans.Single(r => r.Event.Cause == ReplanCause.ActionFailed);
            Assert.That(replan.Frame, Is.InRange(failedAt, failedAt + 1), "the step after the failure replans: " + replan);
            Assert.AreEqual(0, wren.Rises("bridge_intact").Count(f => f <= repairs[1].Frame), "a failed repair leaves the bridge broken");
            // The cooldown: repair_bridge is not planned for FailureCooldown (2 s) after the failure.
            Assert.GreaterOrEqual((repairs[1].Frame - failedAt) * VillageScene.Dt, 2f - 1e-3f, "retried only after the 2 s failure cooldown");
            Assert.Less((repairs[1].Frame - failedAt) * VillageScene.Dt, 2.5f, "retried when the cooldown ended");
            var explained = LogsOf(wren.Npc, "Wren has no plan for 'cross'").Where(e => e.Frame > failedAt && e.Frame < repairs[1].Frame).ToList();
            Assert.AreEqual(1, explained.Count, "the cooldown's 'no plan' is explained once");
            StringAssert.Contains("\"repair_bridge\" would make it true, but is disabled for this agent", explained[0].Message);
            Assert.AreEqual(1, wren.Rises("across_river").Count(f => f > repairs[1].Frame), "then the bridge holds and she crosses: " + wren.Timeline());
        }

        [Test]
        public void TheBridgeIsASharedFactEveryVillagerSees()
        {
            // GoapVillage writes bridge_intact as a shared fact: false at each new day, true when
            // Wren's repair succeeds. Brom never touches the bridge, yet believes both.
            var scene = new VillageScene(seed: 1);
            var wren = scene["Wren"];
            var brom = scene["Brom"];
            var bridge = scene.Village.Domain.FindFact("bridge_intact");
            scene.Run(1);
            Assert.AreEqual(false, scene.Village.Domain.SharedFact(bridge), "broken on day 0");
            Assert.IsFalse(brom.Npc.Agent.GetFact(bridge));
            scene.Run(58);
            var repairs = wren.Statuses.Where(s => s.Status == "repair_bridge").ToList();
            Assert.AreEqual(1, repairs.Count, wren.Timeline());
            Assert.AreEqual(true, scene.Village.Domain.SharedFact(bridge), "repaired on day 1: " + wren.Timeline());
            Assert.IsTrue(brom.Npc.Agent.GetFact(bridge), "Brom believes the world's bridge");
            scene.Run(2);
            Assert.AreEqual(false, scene.Village.Domain.SharedFact(bridge), "broken again on day 2");
            Assert.IsFalse(brom.Npc.Agent.GetFact(bridge));
        }

        [Test]
        public void AnotherSeedRollsOtherDice()
        {
            // Seed 1: the traveller's dice are new System.Random(1 * 31 + 3) (README: seeded from
            // the village's seed and the villager's index), whose first roll, 0.489, is not below 0.3.
            var scene = new VillageScene(seed: 1);
            var wren = scene["Wren"];
            scene.Run(60);
            Assert.IsEmpty(LogsOf(wren.Npc, "Wren: repair_bridge failed"), wren.Timeline());
            Assert.AreEqual(0, wren.Npc.Agent.ReplanCount(ReplanCause.ActionFailed));
            Assert.AreEqual(1, wren.Statuses.Count(s => s.Status == "repair_bridge"));
            Assert.AreEqual(1, wren.Rises("across_river").Count);
        }

        [TestCase(true)]
        [TestCase(false)]
        public void TheEatGoalTakesOverWhenHungerRises(bool batch)
        {
            var scene = new VillageScene(batchPlanning: batch);
            scene.Run(120);
            foreach (var name in new[] { "Mara", "Tom", "Brom" })
            {
                var t = scene[name];
                var eat = t.Npc.Agent.FindGoal("eat");
                var toEat = t.Replans.Where(r => r.Event.Cause == ReplanCause.GoalChanged && r.Event.Goal == eat && r.Event.Result == ReplanResult.Found).ToList();
                Assert.IsNotEmpty(toEat, name + ": no GoalChanged replan to 'eat': " + string.Join(", ", t.Replans.Select(r => r.ToString()).ToArray()));
                foreach (var r in toEat)
                {
                    Assert.GreaterOrEqual(r.Hunger, 3f, name + " switched to eat while fed (hunger below hungryAt 3): " + r);
                    // It then eats (a meal or its bread), and eating resets the hunger.
                    var meal = t.Statuses.FirstOrDefault(s => s.Frame > r.Frame && (s.Status == "eat_meal" || s.Status == "eat_bread"));
                    Assert.IsNotNull(meal.Status, name + " never ate after " + r + ": " + t.Timeline());
                    Assert.Less(meal.Frame - r.Frame, (int)(12f / VillageScene.Dt), name + " took too long to eat: " + t.Timeline());
                    var after = t.Statuses.First(s => s.Frame > meal.Frame);
                    Assert.Less(after.Hunger, 0.1f, name + " is not hungry after " + meal + ": " + t.Timeline());
                }
            }
            Assert.Greater(scene["Mara"].Npc.Agent.ReplanCount(ReplanCause.GoalChanged), 0);
        }

        [TestCase(true)]
        [TestCase(false)]
        public void HungerBeyondTheSwitchMarginInterruptsWork(bool batch)
        {
            // A farmer who grows hungry fast (1 per second; README: hunger is the eat goal's
            // priority, and eating must beat the work goal's 5 by more than the margin 1): his
            // goal changes from farm, still unmet, to eat when his hunger passes 6, not at 5.
            // (The eat plan may keep his current action: selling the grain pays for the meal.)
            var roles = VillagerRole.Defaults();
            var farmer = roles.First(r => r.name == "Tom");
            farmer.hunger = 0f;
            farmer.hungerPerSecond = 1f;
            var scene = new VillageScene(batchPlanning: batch, configure: v => FakeEngine.SetSerializedField(v, "roles", roles));
            var tom = scene["Tom"];
            scene.Run(20);
            var eat = tom.Npc.Agent.FindGoal("eat");
            Assert.IsTrue(tom.Replans.Any(r => r.Event.Cause == ReplanCause.GoalChanged), "no goal change: " + tom.Timeline());
            var firstSwitch = tom.Replans.First(r => r.Event.Cause == ReplanCause.GoalChanged);
            Assert.AreEqual(eat, firstSwitch.Event.Goal, "the first goal change is to eat: " + string.Join(", ", tom.Replans.Select(r => r.ToString()).ToArray()));
            Assert.That(firstSwitch.Hunger, Is.InRange(6f, 6f + 2.5f * VillageScene.Dt), "switched as soon as hunger beat 5 + margin 1: " + firstSwitch);
            Assert.AreEqual(0, tom.Rises("grain_sold").Count(f => f < firstSwitch.Frame), "the work was not done before he switched");
            string interrupted = tom.StatusAt(firstSwitch.Frame - 1);
            Assert.IsTrue(IsAction(scene, interrupted) && interrupted != "eat_meal", "he was working: " + tom.Timeline());
            Assert.AreEqual(ReplanResult.Found, firstSwitch.Event.Result);
            var meal = tom.Statuses.FirstOrDefault(s => s.Frame > firstSwitch.Frame && s.Status == "eat_meal");
            Assert.IsNotNull(meal.Status, "he eats: " + tom.Timeline());
            Assert.Less(tom.Statuses.First(s => s.Frame > meal.Frame).Hunger, 0.1f, "and is fed: " + tom.Timeline());
        }

        [TestCase(true)]
        [TestCase(false)]
        public void TheTravellerExplainsWhySheIsStuck(bool batch)
        {
            var scene = new VillageScene(batchPlanning: batch);
            var wren = scene["Wren"];
            scene.Frames(2);
            Assert.AreEqual("no plan", wren.Npc.Status, "no coin: 'cross' has no plan");
            var logs = LogsOf(wren.Npc, "Wren has no plan for 'cross'; Agent.Explain says:\n");
            Assert.AreEqual(1, logs.Count);
            Assert.AreEqual(LogType.Log, logs[0].Type);
            string report = logs[0].Message.Substring("Wren has no plan for 'cross'; Agent.Explain says:\n".Length);
            Assert.AreEqual(wren.Npc.Agent.Explain(wren.Npc.Agent.FindGoal("cross")), report, "the log carries Agent.Explain's report");
            StringAssert.Contains("\"has_coin\" is true", report, "the chain stops at has_coin");
            // Explained once per stuck spell, not every frame; a new day (wages) unsticks her.
            scene.Run(29);
            Assert.AreEqual(1, LogsOf(wren.Npc, "Wren has no plan").Count, "explained once while stuck");
            Assert.AreEqual("no plan", wren.Npc.Status);
            scene.Run(2);
            Assert.IsTrue(IsAction(scene, wren.Npc.Status), "day 1 brings her wages: " + wren.Timeline());
        }

        // ---- lifetime ----

        [TestCase(FakeEngine.DestroyOrder.ParentFirst)]
        [TestCase(FakeEngine.DestroyOrder.ChildrenFirst)]
        public void DestroyingTheVillageDisposesTheWorld(FakeEngine.DestroyOrder order)
        {
            var scene = new VillageScene();
            scene.Run(40); // agents with plans under way
            Assert.AreEqual(baselineWorlds + 1, Library.LiveWorldCount);
            var world = scene.Village.World;
            FakeEngine.HierarchyDestroyOrder = order;
            Object.Destroy(scene.Root);
            scene.Frames(1);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount, "OnDestroy disposed the world");
            Assert.IsTrue(world.IsDisposed);
            // GoapVillage.World's summary says null after OnDestroy; OnDestroy only disposes it.
            Assert.IsTrue(scene.Village.World == null || scene.Village.World.IsDisposed);
            Assert.IsTrue(scene.Village == null, "the village is destroyed");
            foreach (var t in scene.Traces)
            {
                Assert.IsTrue(t.Npc == null, t.Name + " went with the village");
                Assert.IsFalse(t.Npc.HasAgent, t.Name);
            }
            AssertLogIsClean();
        }

        [Test]
        public void DestroyingAVillagerDestroysItsAgent()
        {
            var scene = new VillageScene();
            scene.Run(5);
            Object.Destroy(scene["Tom"].Npc.gameObject);
            scene.Run(40);
            Assert.AreEqual(3, scene.Village.World.AgentCount, "Tom's OnDestroy destroyed his agent");
            Assert.IsTrue(scene["Mara"].Rises("bread_delivered").Count >= 2, "the others go on");
            AssertLogIsClean();
        }

        [Test]
        public void DestroyingTheWorldComponentStopsTheVillagers()
        {
            var scene = new VillageScene();
            scene.Run(5);
            Object.Destroy(scene.Village.WorldBehaviour);
            scene.Frames(2);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
            foreach (var t in scene.Traces)
            {
                Assert.IsFalse(t.Npc == null, t.Name + " is still there");
                Assert.IsFalse(t.Npc.HasAgent, t.Name + "'s agent went with the world");
                Assert.IsFalse(t.Npc.GetComponent<GoapAgentBehaviour>().enabled, t.Name + "'s agent component stopped");
            }
            Object.Destroy(scene.Root);
            scene.Frames(1);
            AssertLogIsClean();
        }

        [Test]
        public void AMissingOrBadDomainIsLoggedNotThrown()
        {
            var go = new GameObject("Village");
            ExpectLog(LogType.Error, "^GoapVillage: assign the domain TextAsset");
            var village = FakeEngine.AddComponent<GoapVillage>(go, v => { });
            Assert.IsFalse(village.enabled);
            Assert.IsNull(village.World);
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount);
            AssertLogIsClean();

            ExpectLog(LogType.Error, "^GoapVillage: VillageDomain\\.json:1:\\d+: error: ");
            var bad = new VillageScene(json: "{\"actions\": [");
            Assert.IsFalse(bad.Village.enabled);
            Assert.IsNull(bad.Village.World);
            Assert.IsEmpty(bad.Traces, "no villagers without a domain");
            Assert.AreEqual(baselineWorlds, Library.LiveWorldCount, "no world for a bad file (the import's is disposed)");
            bad.Frames(3);
            AssertLogIsClean();
        }

        // ---- garbage and determinism ----

        [TestCase(true)]
        [TestCase(false)]
        public void SteadyFramesAllocateNothing(bool batch)
        {
            var scene = new VillageScene(batchPlanning: batch);
            scene.Run(100); // warm-up: JIT, first days, a failure, every kind of replan
            int measured = 0, logFrames = 0, allocatingLogFrames = 0;
            long logBytes = 0;
            var offenders = new List<string>();
            for (int f = 0; f < 6000; f++) // 200 s: frames with new plans, new days, walks and failures
            {
                int logsBefore = FakeEngine.Logs.Count;
                long before = GC.GetAllocatedBytesForCurrentThread();
                FakeEngine.Frame(VillageScene.Dt);
                long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
                if (FakeEngine.Logs.Count != logsBefore)
                {
                    // A failure's log line or an Explain report: those make garbage (README).
                    logFrames++;
                    if (bytes > 0) { allocatingLogFrames++; logBytes += bytes; }
                    continue;
                }
                measured++;
                if (bytes != 0 && offenders.Count < 10)
                    offenders.Add(string.Format("frame {0}: {1} bytes ({2})", FakeEngine.FrameCount, bytes,
                        string.Join(", ", scene.Traces.Select(t => t.Name + " " + t.Npc.Status).ToArray())));
            }
            Console.WriteLine("{0} mode: {1} frames measured, 0 bytes expected; {2} frames with a log line excluded ({3} of them allocated {4} bytes)",
                batch ? "batch" : "step", measured, logFrames, allocatingLogFrames, logBytes);
            Assert.GreaterOrEqual(measured, 5800);
            Assert.IsEmpty(offenders, "frames without a log line that allocated");
            Assert.Greater(logFrames, 0, "the window had failures or explains (so it was not idle)");
        }

        [TestCase(true)]
        [TestCase(false)]
        public void TheSameSeedReplaysTheSameRun(bool batch)
        {
            var first = new VillageScene(batchPlanning: batch);
            first.Run(150);
            var a = first.Fingerprint();
            var logsA = FakeEngine.Logs.Select(e => e.Frame + " " + e.Message).ToList();
            AssertLogIsClean();
            ResetEngine();

            var second = new VillageScene(batchPlanning: batch);
            second.Run(150);
            var b = second.Fingerprint();
            var logsB = FakeEngine.Logs.Select(e => e.Frame + " " + e.Message).ToList();
            AssertLogIsClean();
            Assert.Greater(a.Count, 200, "a run worth comparing");
            CollectionAssert.AreEqual(a, b, "same seed, same statuses and replans, frame by frame");
            CollectionAssert.AreEqual(logsA, logsB, "same seed, same log");
            FakeEngine.Reset();

            // The comparison sees the dice: another seed changes the run.
            var other = new VillageScene(batchPlanning: batch, seed: 1);
            other.Run(150);
            CollectionAssert.AreNotEqual(a, other.Fingerprint());
        }
    }
}
