// NUnit 2.6 tests of the Unity editor tools' plain-C# logic: the domain graph's model,
// layout and "plan from" (unity-sample/Editor/GoapGraphLayout.cs) and the editor's text
// helpers (GoapEditorText.cs). Run by scripts/test-csharp.sh under Mono, with the
// non-Unity Goap.dll and the native library; no UnityEngine, no UnityEditor.
using System;
using System.Collections.Generic;
using System.IO;
using Goap;
using Goap.EditorTools;
using NUnit.Framework;

namespace Goap.EditorLogic.Tests
{
    static class Domains
    {
        /// <summary>examples/domains: $GOAP_DOMAINS, else found walking up from the test assembly.</summary>
        public static string Read(string file)
        {
            var env = Environment.GetEnvironmentVariable("GOAP_DOMAINS");
            if (!string.IsNullOrEmpty(env)) return File.ReadAllText(Path.Combine(env, file));
            var dir = new DirectoryInfo(AppDomain.CurrentDomain.BaseDirectory);
            for (; dir != null; dir = dir.Parent)
            {
                var path = Path.Combine(Path.Combine(Path.Combine(dir.FullName, "examples"), "domains"), file);
                if (File.Exists(path)) return File.ReadAllText(path);
            }
            throw new FileNotFoundException("examples/domains/" + file + " (set GOAP_DOMAINS)");
        }
    }

    [TestFixture]
    public class GraphModelTests
    {
        [Test]
        public void ReadsNamesCostsConditionsAndGoalsOfAFile()
        {
            var m = GoapGraphModel.FromJson(Domains.Read("night-watch.json"));
            Assert.AreEqual(9, m.Actions.Count);
            Assert.AreEqual(10, m.Facts.Count); // the typo'd has_flnt among them
            var light = m.Actions[m.ActionIndex("light_torch")];
            Assert.AreEqual(1.0, light.Cost);
            Assert.AreEqual(2, light.Pre.Count);
            Assert.AreEqual("has_torch", m.Facts[light.Pre[0].Fact]);
            Assert.IsTrue(light.Pre[0].Value);
            var walk = m.Actions[m.ActionIndex("walk_to_tower")];
            Assert.AreEqual(2.0, walk.Cost);
            Assert.AreEqual(2, walk.Effects.Count);
            Assert.AreEqual("at_gate", m.Facts[walk.Effects[0].Fact]);
            Assert.IsFalse(walk.Effects[0].Value);
            // goals entries in file order, then the file's goal.
            Assert.AreEqual(3, m.Goals.Count);
            Assert.AreEqual("secure", m.Goals[0].Name);
            Assert.AreEqual(2.0, m.Goals[0].Priority);
            Assert.AreEqual("beacon", m.Goals[1].Name);
            Assert.AreEqual(1.0, m.Goals[1].Priority);
            Assert.AreEqual(GoapGraphModel.FileGoalName, m.Goals[2].Name);
            Assert.IsTrue(m.Goals[2].IsFileGoal);
            Assert.IsFalse(m.Goals[0].IsFileGoal);
            Assert.AreEqual(2, m.Goals[2].Conditions.Count);
            // start: at_gate only.
            for (int i = 0; i < m.Facts.Count; i++) Assert.AreEqual(m.Facts[i] == "at_gate", m.StartFacts[i], m.Facts[i]);
        }

        [Test]
        public void ReadsVariablesAsText()
        {
            var m = GoapGraphModel.FromJson(Domains.Read("ammo.json"));
            Assert.Greater(m.Vars.Count, 0);
            int withVars = 0;
            foreach (var a in m.Actions) withVars += a.VarPre.Count + a.VarEffects.Count;
            Assert.Greater(withVars, 0);
            Assert.Greater(m.StartVars.Count, 0);
            StringAssert.Contains(" = ", m.StartVars[0]);
        }

        [Test]
        public void AFileWithoutGoalHasOnlyItsGoalsEntries()
        {
            var m = GoapGraphModel.FromJson("{\"actions\": [{\"name\": \"a\", \"effects\": {\"x\": true}}], \"goals\": [{\"name\": \"g\", \"priority\": 3, \"conditions\": {\"x\": true}}]}");
            Assert.AreEqual(1, m.Goals.Count);
            Assert.AreEqual("g", m.Goals[0].Name);
            Assert.AreEqual(3.0, m.Goals[0].Priority);
        }

        [Test]
        public void ABrokenFileThrowsGoapException()
        {
            var e = Assert.Throws<GoapException>(() => GoapGraphModel.FromJson("{\"actions\": [ {\"name\": }"));
            Assert.AreEqual(Status.ParseError, e.Status);
        }

        [Test]
        public void TheNewDomainFileLoadsAndPlans()
        {
            var m = GoapGraphModel.FromJson(GoapEditorText.NewDomainFile);
            Assert.AreEqual(2, m.Actions.Count);
            Assert.AreEqual(2, m.Goals.Count); // fetch_water, then the file's goal
            var plan = GoapGraphPlanner.Plan(GoapEditorText.NewDomainFile, m, m.StartFacts, 0);
            Assert.AreEqual(Outcome.Found, plan.Outcome);
            Assert.AreEqual(3.0, plan.Cost);
            CollectionAssert.AreEqual(new[] { m.ActionIndex("walk_to_well"), m.ActionIndex("draw_water") }, plan.Actions);
        }
    }

    [TestFixture]
    public class GraphPlannerTests
    {
        [Test]
        public void PlansTheFilesStartToAGoalAtMinimumCost()
        {
            var json = Domains.Read("night-watch.json");
            var m = GoapGraphModel.FromJson(json);
            var plan = GoapGraphPlanner.Plan(json, m, m.StartFacts, m.GoalIndex("secure"));
            Assert.AreEqual(Outcome.Found, plan.Outcome);
            Assert.AreEqual(5.0, plan.Cost);
            Assert.AreEqual(4, plan.Actions.Count);
            Assert.IsTrue(plan.Contains(m.ActionIndex("blow_horn")));
            Assert.IsTrue(plan.Contains(m.ActionIndex("close_gate")));
            Assert.IsFalse(plan.Contains(m.ActionIndex("take_torch")));
        }

        [Test]
        public void AnImpossibleGoalHasNoPlan()
        {
            var json = Domains.Read("night-watch.json");
            var m = GoapGraphModel.FromJson(json);
            var plan = GoapGraphPlanner.Plan(json, m, m.StartFacts, m.GoalIndex("beacon"));
            Assert.AreEqual(Outcome.NoPlan, plan.Outcome);
            Assert.AreEqual(0, plan.Actions.Count);
        }

        [Test]
        public void PlansFromAChosenStart()
        {
            var json = Domains.Read("night-watch.json");
            var m = GoapGraphModel.FromJson(json);
            var start = new List<bool>(m.StartFacts);
            start[m.FactIndex("at_gate")] = false;
            start[m.FactIndex("at_tower")] = true;
            start[m.FactIndex("gate_closed")] = true;
            var plan = GoapGraphPlanner.Plan(json, m, start, m.GoalIndex("secure"));
            Assert.AreEqual(Outcome.Found, plan.Outcome);
            Assert.AreEqual(2.0, plan.Cost); // take_horn, blow_horn
            CollectionAssert.AreEqual(new[] { m.ActionIndex("take_horn"), m.ActionIndex("blow_horn") }, plan.Actions);
            // Nothing true: no action is enabled.
            var none = GoapGraphPlanner.Plan(json, m, new bool[m.Facts.Count], m.GoalIndex("secure"));
            Assert.AreEqual(Outcome.NoPlan, none.Outcome);
        }

        [Test]
        public void PlansWithVariables()
        {
            var json = Domains.Read("crafting.json");
            var m = GoapGraphModel.FromJson(json);
            int goal = m.GoalIndex(GoapGraphModel.FileGoalName);
            Assert.GreaterOrEqual(goal, 0);
            var plan = GoapGraphPlanner.Plan(json, m, m.StartFacts, goal);
            Assert.AreEqual(Outcome.Found, plan.Outcome);
            Assert.AreEqual(10.0, plan.Cost); // meta.optimal_cost
            Assert.Greater(m.Goals[goal].VarConditionValues.Count, 0);
            Assert.AreEqual(m.Goals[goal].VarConditionValues.Count, m.Goals[goal].VarConditions.Count);
        }

        [Test]
        public void RejectsAStartOfTheWrongLengthAndABadGoal()
        {
            var json = Domains.Read("night-watch.json");
            var m = GoapGraphModel.FromJson(json);
            Assert.Throws<ArgumentException>(() => GoapGraphPlanner.Plan(json, m, new bool[2], 0));
            Assert.Throws<ArgumentOutOfRangeException>(() => GoapGraphPlanner.Plan(json, m, m.StartFacts, m.Goals.Count));
            var other = GoapGraphModel.FromJson(GoapEditorText.NewDomainFile);
            Assert.Throws<ArgumentException>(() => GoapGraphPlanner.Plan(GoapEditorText.NewDomainFile, m, m.StartFacts, 0));
            Assert.AreEqual(2, other.Actions.Count);
        }
    }

    [TestFixture]
    public class GraphLayoutTests
    {
        // start: a. a --act1--> b. b --act2--> c, clears a. act3 needs z (never true) and adds d.
        // Goal "win" needs c; goal "lose" needs d; goal "calm" needs a false.
        static GoapGraphModel Small()
        {
            var m = new GoapGraphModel();
            foreach (var f in new[] { "a", "b", "c", "z", "d" }) { m.Facts.Add(f); m.StartFacts.Add(f == "a"); }
            var act1 = new GoapGraphAction { Name = "act1", Cost = 1 };
            act1.Pre.Add(new GoapGraphFactValue(0, true));
            act1.Effects.Add(new GoapGraphFactValue(1, true));
            var act2 = new GoapGraphAction { Name = "act2", Cost = 2 };
            act2.Pre.Add(new GoapGraphFactValue(1, true));
            act2.Pre.Add(new GoapGraphFactValue(2, false));
            act2.Effects.Add(new GoapGraphFactValue(2, true));
            act2.Effects.Add(new GoapGraphFactValue(0, false));
            var act3 = new GoapGraphAction { Name = "act3", Cost = 1 };
            act3.Pre.Add(new GoapGraphFactValue(3, true));
            act3.Effects.Add(new GoapGraphFactValue(4, true));
            m.Actions.Add(act1);
            m.Actions.Add(act2);
            m.Actions.Add(act3);
            var win = new GoapGraphGoal { Name = "win", Priority = 2 };
            win.Conditions.Add(new GoapGraphFactValue(2, true));
            var lose = new GoapGraphGoal { Name = "lose", Priority = 1 };
            lose.Conditions.Add(new GoapGraphFactValue(4, true));
            var calm = new GoapGraphGoal { Name = "calm", Priority = 0.5 };
            calm.Conditions.Add(new GoapGraphFactValue(0, false));
            m.Goals.Add(win);
            m.Goals.Add(lose);
            m.Goals.Add(calm);
            return m;
        }

        static GoapGraphNode Node(GoapGraphLayout l, GoapGraphNodeKind kind, int index) { return l.Nodes[l.NodeOf(kind, index)]; }

        [Test]
        public void ColumnsFollowReachabilityFromTheStart()
        {
            var m = Small();
            var l = GoapGraphLayout.Compute(m);
            CollectionAssert.AreEqual(new[] { "start", "step 1", "facts 1", "step 2", "facts 2", "never enabled", "never true", "goals" }, l.ColumnTitles);
            Assert.AreEqual(2, l.Levels);
            Assert.AreEqual(0, Node(l, GoapGraphNodeKind.Fact, 0).Column);   // a
            Assert.AreEqual(1, Node(l, GoapGraphNodeKind.Action, 0).Column); // act1
            Assert.AreEqual(2, Node(l, GoapGraphNodeKind.Fact, 1).Column);   // b
            Assert.AreEqual(3, Node(l, GoapGraphNodeKind.Action, 1).Column); // act2
            Assert.AreEqual(4, Node(l, GoapGraphNodeKind.Fact, 2).Column);   // c
            Assert.AreEqual(5, Node(l, GoapGraphNodeKind.Action, 2).Column); // act3: never enabled
            Assert.AreEqual(6, Node(l, GoapGraphNodeKind.Fact, 3).Column);   // z: never true
            Assert.AreEqual(6, Node(l, GoapGraphNodeKind.Fact, 4).Column);   // d: never true
            for (int g = 0; g < 3; g++) Assert.AreEqual(7, Node(l, GoapGraphNodeKind.Goal, g).Column);
            Assert.AreEqual(0, Node(l, GoapGraphNodeKind.Fact, 0).Level);
            Assert.AreEqual(2, Node(l, GoapGraphNodeKind.Action, 1).Level);
            Assert.AreEqual(-1, Node(l, GoapGraphNodeKind.Action, 2).Level);
            Assert.AreEqual(-1, Node(l, GoapGraphNodeKind.Fact, 3).Level);
            Assert.AreEqual(2, Node(l, GoapGraphNodeKind.Goal, 0).Level);  // win: c at 2
            Assert.AreEqual(-1, Node(l, GoapGraphNodeKind.Goal, 1).Level); // lose: d never true
            Assert.AreEqual(0, Node(l, GoapGraphNodeKind.Goal, 2).Level);  // calm: only a false condition
        }

        [Test]
        public void AnotherStartGivesOtherColumnsAndNoEmptyOnes()
        {
            var m = Small();
            var start = new[] { false, false, false, true, false }; // z only
            var l = GoapGraphLayout.Compute(m, start, GoapGraphLayoutOptions.Default);
            CollectionAssert.AreEqual(new[] { "start", "step 1", "facts 1", "never enabled", "never true", "goals" }, l.ColumnTitles);
            Assert.AreEqual(1, Node(l, GoapGraphNodeKind.Action, 2).Column); // act3 now first
            Assert.AreEqual(2, Node(l, GoapGraphNodeKind.Fact, 4).Column);   // d
            Assert.AreEqual(3, Node(l, GoapGraphNodeKind.Action, 0).Column); // act1 never enabled
            Assert.AreEqual(3, Node(l, GoapGraphNodeKind.Action, 1).Column);
            Assert.AreEqual(4, Node(l, GoapGraphNodeKind.Fact, 0).Column);   // a, b, c never true
        }

        [Test]
        public void EdgesCarryConditionsAndEffects()
        {
            var m = Small();
            var l = GoapGraphLayout.Compute(m);
            var kinds = new Dictionary<GoapGraphEdgeKind, int>();
            foreach (var e in l.Edges)
            {
                int n;
                kinds.TryGetValue(e.Kind, out n);
                kinds[e.Kind] = n + 1;
            }
            Assert.AreEqual(3, kinds[GoapGraphEdgeKind.Requires]);
            Assert.AreEqual(1, kinds[GoapGraphEdgeKind.RequiresFalse]);
            Assert.AreEqual(3, kinds[GoapGraphEdgeKind.Adds]);
            Assert.AreEqual(1, kinds[GoapGraphEdgeKind.Deletes]);
            Assert.AreEqual(2, kinds[GoapGraphEdgeKind.GoalNeeds]);
            Assert.AreEqual(1, kinds[GoapGraphEdgeKind.GoalNeedsFalse]);
            Assert.AreEqual(11, l.Edges.Count);
            foreach (var e in l.Edges)
            {
                var from = l.Nodes[e.From];
                var to = l.Nodes[e.To];
                switch (e.Kind)
                {
                    case GoapGraphEdgeKind.Requires:
                    case GoapGraphEdgeKind.RequiresFalse:
                        Assert.AreEqual(GoapGraphNodeKind.Fact, from.Kind);
                        Assert.AreEqual(GoapGraphNodeKind.Action, to.Kind);
                        break;
                    case GoapGraphEdgeKind.Adds:
                    case GoapGraphEdgeKind.Deletes:
                        Assert.AreEqual(GoapGraphNodeKind.Action, from.Kind);
                        Assert.AreEqual(GoapGraphNodeKind.Fact, to.Kind);
                        break;
                    default:
                        Assert.AreEqual(GoapGraphNodeKind.Fact, from.Kind);
                        Assert.AreEqual(GoapGraphNodeKind.Goal, to.Kind);
                        break;
                }
            }
        }

        [Test]
        public void NodesDoNotOverlapAndHitTestFindsThem()
        {
            var m = GoapGraphModel.FromJson(Domains.Read("soldier-defend.json"));
            var o = GoapGraphLayoutOptions.Default;
            var l = GoapGraphLayout.Compute(m, m.StartFacts, o);
            Assert.AreEqual(m.Facts.Count + m.Actions.Count + m.Goals.Count, l.Nodes.Count);
            var seen = new HashSet<long>();
            for (int i = 0; i < l.Nodes.Count; i++)
            {
                var n = l.Nodes[i];
                Assert.IsTrue(seen.Add(((long)n.Column << 32) | (uint)n.Row), "two nodes at column " + n.Column + " row " + n.Row);
                Assert.AreEqual(o.Margin + n.Column * (o.NodeWidth + o.ColumnGap), n.X, 1e-3);
                Assert.AreEqual(o.Margin + n.Row * (o.NodeHeight + o.RowGap), n.Y, 1e-3);
                Assert.LessOrEqual(n.X + n.Width, l.Width - o.Margin + 1e-3);
                Assert.LessOrEqual(n.Y + n.Height, l.Height - o.Margin + 1e-3);
                Assert.AreEqual(i, l.HitTest(n.X + 1, n.Y + 1));
                Assert.AreEqual(i, l.HitTest(n.X + n.Width - 1, n.Y + n.Height - 1));
            }
            Assert.AreEqual(-1, l.HitTest(0, 0)); // the margin
            Assert.AreEqual(-1, l.HitTest(o.Margin + o.NodeWidth + 1, o.Margin + 1)); // between columns
            // Rows in each column are 0..count-1.
            var perColumn = new int[l.ColumnCount];
            foreach (var n in l.Nodes) perColumn[n.Column]++;
            foreach (var n in l.Nodes) Assert.Less(n.Row, perColumn[n.Column]);
            foreach (int count in perColumn) Assert.Greater(count, 0, "an empty column");
        }

        [Test]
        public void OrderingIsDeterministicAndReducesCrossings()
        {
            var m = GoapGraphModel.FromJson(Domains.Read("soldier-defend.json"));
            var o = GoapGraphLayoutOptions.Default;
            var ordered = GoapGraphLayout.Compute(m, m.StartFacts, o);
            var again = GoapGraphLayout.Compute(m, m.StartFacts, o);
            for (int i = 0; i < ordered.Nodes.Count; i++) Assert.AreEqual(ordered.Nodes[i].Row, again.Nodes[i].Row);
            o.Sweeps = 0;
            var domainOrder = GoapGraphLayout.Compute(m, m.StartFacts, o);
            Assert.LessOrEqual(ordered.AdjacentCrossings(), domainOrder.AdjacentCrossings());
            // Sweeps move nodes within their columns only.
            for (int i = 0; i < ordered.Nodes.Count; i++) Assert.AreEqual(domainOrder.Nodes[i].Column, ordered.Nodes[i].Column);
        }

        [Test]
        public void ABarycentreUntanglesTwoCrossedChains()
        {
            // Start: p, q. p -> ap -> x; q -> aq -> y; but in domain order aq comes first.
            var m = new GoapGraphModel();
            foreach (var f in new[] { "p", "q", "y", "x" }) { m.Facts.Add(f); m.StartFacts.Add(f == "p" || f == "q"); }
            var aq = new GoapGraphAction { Name = "aq" };
            aq.Pre.Add(new GoapGraphFactValue(1, true));
            aq.Effects.Add(new GoapGraphFactValue(2, true));
            var ap = new GoapGraphAction { Name = "ap" };
            ap.Pre.Add(new GoapGraphFactValue(0, true));
            ap.Effects.Add(new GoapGraphFactValue(3, true));
            m.Actions.Add(aq);
            m.Actions.Add(ap);
            var o = GoapGraphLayoutOptions.Default;
            o.Sweeps = 0;
            Assert.AreEqual(1, GoapGraphLayout.Compute(m, m.StartFacts, o).AdjacentCrossings());
            var l = GoapGraphLayout.Compute(m);
            Assert.AreEqual(0, l.AdjacentCrossings());
            Assert.AreEqual(0, Node(l, GoapGraphNodeKind.Action, 1).Row); // ap beside p
            Assert.AreEqual(0, Node(l, GoapGraphNodeKind.Fact, 3).Row);   // x beside ap
        }

        [Test]
        public void AnEmptyModelHasNoNodesAndAMarginOnlySize()
        {
            var l = GoapGraphLayout.Compute(new GoapGraphModel());
            Assert.AreEqual(0, l.Nodes.Count);
            Assert.AreEqual(0, l.ColumnCount);
            Assert.AreEqual(2 * GoapGraphLayoutOptions.Default.Margin, l.Width);
            Assert.AreEqual(-1, l.HitTest(30, 30));
        }

        [Test]
        public void RejectsBadArguments()
        {
            var m = Small();
            Assert.Throws<ArgumentNullException>(() => GoapGraphLayout.Compute(null));
            Assert.Throws<ArgumentException>(() => GoapGraphLayout.Compute(m, new bool[1], GoapGraphLayoutOptions.Default));
            var o = GoapGraphLayoutOptions.Default;
            o.Sweeps = -1;
            Assert.Throws<ArgumentOutOfRangeException>(() => GoapGraphLayout.Compute(m, m.StartFacts, o));
            var l = GoapGraphLayout.Compute(m);
            Assert.Throws<ArgumentOutOfRangeException>(() => l.NodeOf(GoapGraphNodeKind.Goal, 3));
        }

        [Test]
        public void LaysOutAGroundedTemplateDomain()
        {
            var json = "{\"objects\": {\"place\": [\"mill\", \"bakery\", \"well\"]}, \"actions\": [" +
                "{\"name\": \"go({from},{to})\", \"params\": {\"from\": \"place\", \"to\": \"place\"}, \"distinct\": [\"from\", \"to\"], " +
                "\"pre\": {\"at({from})\": true}, \"effects\": {\"at({from})\": false, \"at({to})\": true}}], " +
                "\"start\": {\"at(mill)\": true}, \"goal\": {\"at(well)\": true}}";
            var m = GoapGraphModel.FromJson(json);
            Assert.AreEqual(6, m.Actions.Count);
            var l = GoapGraphLayout.Compute(m);
            Assert.AreEqual(GoapGraphLayoutOptions.Default.Margin, Node(l, GoapGraphNodeKind.Fact, m.FactIndex("at(mill)")).X);
            Assert.AreEqual(1, Node(l, GoapGraphNodeKind.Action, m.ActionIndex("go(mill,well)")).Column);
            Assert.AreEqual(3, Node(l, GoapGraphNodeKind.Action, m.ActionIndex("go(well,bakery)")).Column);
            var plan = GoapGraphPlanner.Plan(json, m, m.StartFacts, 0);
            Assert.AreEqual(Outcome.Found, plan.Outcome);
            CollectionAssert.AreEqual(new[] { m.ActionIndex("go(mill,well)") }, plan.Actions);
        }
    }

    [TestFixture]
    public class EditorTextTests
    {
        [Test]
        public void SiblingPathOfAFieldAnElementAndANestedField()
        {
            Assert.AreEqual("domain", GoapEditorText.SiblingPath("goal", "domain"));
            Assert.AreEqual("domain", GoapEditorText.SiblingPath("facts.Array.data[3]", "domain"));
            Assert.AreEqual("steps.Array.data[2].domain", GoapEditorText.SiblingPath("steps.Array.data[2].fact", "domain"));
            Assert.AreEqual("inner.domain", GoapEditorText.SiblingPath("inner.names.Array.data[0]", "domain"));
            Assert.AreEqual("domain", GoapEditorText.SiblingPath("", "domain"));
            Assert.IsNull(GoapEditorText.SiblingPath("goal", null));
            Assert.IsNull(GoapEditorText.SiblingPath("goal", ""));
        }

        [Test]
        public void MenuLabelsKeepSlashesOutOfSubMenus()
        {
            Assert.AreEqual("at_gate", GoapEditorText.MenuLabel("at_gate"));
            Assert.AreEqual("door\u2215open", GoapEditorText.MenuLabel("door/open"));
            Assert.AreEqual("(none)", GoapEditorText.MenuLabel(""));
            Assert.AreEqual("(none)", GoapEditorText.MenuLabel(null));
        }

        [Test]
        public void RecordingFileNameAndStudioCommand()
        {
            var t = new DateTime(2024, 3, 5, 7, 8, 9);
            Assert.AreEqual("goap-Village-20240305-070809.goaprec", GoapEditorText.RecordingFileName("Village", t));
            Assert.AreEqual("goap-My_Scene_1-20240305-070809.goaprec", GoapEditorText.RecordingFileName("My Scene/1", t));
            Assert.AreEqual("goap-scene-20240305-070809.goaprec", GoapEditorText.RecordingFileName("", t));
            Assert.AreEqual("goap studio \"/tmp/a b.goaprec\" -o page.html", GoapEditorText.StudioCommand("/tmp/a b.goaprec"));
        }

        [Test]
        public void JoinListsOrSaysEmpty()
        {
            Assert.AreEqual("-", GoapEditorText.Join(new string[0], "-"));
            Assert.AreEqual("a, b", GoapEditorText.Join(new[] { "a", "b" }, "-"));
        }
    }
}
