// Goap editor tools: the domain graph's data, layout and "plan from" search, in plain C#
// (Goap and System only, no UnityEngine or UnityEditor), so that they are unit-tested under
// Mono (tests/unity-editor-logic, run by scripts/test-csharp.sh). The window that draws
// them is GoapDomainGraphWindow.cs. C# 7.2.
using System;
using System.Collections.Generic;

namespace Goap.EditorTools
{
    /// <summary>A fact and the value a condition or effect gives it: an index into <see cref="GoapGraphModel.Facts"/>.</summary>
    public struct GoapGraphFactValue
    {
        /// <summary>Index into <see cref="GoapGraphModel.Facts"/>.</summary>
        public int Fact;
        /// <summary>True: required true / made true; false: required false / cleared.</summary>
        public bool Value;

        /// <summary>A fact index and its value.</summary>
        public GoapGraphFactValue(int fact, bool value) { Fact = fact; Value = value; }
    }

    /// <summary>A variable condition: an index into <see cref="GoapGraphModel.Vars"/>, an operator and a constant.</summary>
    public struct GoapGraphVarCondition
    {
        /// <summary>Index into <see cref="GoapGraphModel.Vars"/>.</summary>
        public int Var;
        /// <summary>The comparison.</summary>
        public Compare Op;
        /// <summary>The constant compared with.</summary>
        public int Value;
    }

    /// <summary>One action of a <see cref="GoapGraphModel"/>.</summary>
    public sealed class GoapGraphAction
    {
        /// <summary>The action's name (a template's ground name, e.g. <c>go(mill,well)</c>).</summary>
        public string Name = "";
        /// <summary>The action's cost.</summary>
        public double Cost;
        /// <summary>Fact preconditions.</summary>
        public readonly List<GoapGraphFactValue> Pre = new List<GoapGraphFactValue>();
        /// <summary>Fact effects.</summary>
        public readonly List<GoapGraphFactValue> Effects = new List<GoapGraphFactValue>();
        /// <summary>Variable preconditions as text, e.g. <c>ammo &gt;= 1</c> (variables are not graph nodes).</summary>
        public readonly List<string> VarPre = new List<string>();
        /// <summary>Variable effects as text, e.g. <c>ammo -= 1</c>.</summary>
        public readonly List<string> VarEffects = new List<string>();
    }

    /// <summary>One goal of a <see cref="GoapGraphModel"/>: a <c>goals</c> entry or the file's <c>goal</c>.</summary>
    public sealed class GoapGraphGoal
    {
        /// <summary>The goal's name (the file's <c>goal</c> is shown as <see cref="GoapGraphModel.FileGoalName"/>).</summary>
        public string Name = "";
        /// <summary>The goal's priority (0 for the file's <c>goal</c>).</summary>
        public double Priority;
        /// <summary>True for the file's top-level <c>goal</c> (the problem <c>goap plan</c> solves), false for a <c>goals</c> entry.</summary>
        public bool IsFileGoal;
        /// <summary>Fact conditions.</summary>
        public readonly List<GoapGraphFactValue> Conditions = new List<GoapGraphFactValue>();
        /// <summary>Variable conditions as text.</summary>
        public readonly List<string> VarConditions = new List<string>();
        /// <summary>Variable conditions by index into <see cref="GoapGraphModel.Vars"/> (ids belong to one loaded domain; indices to every load of the text).</summary>
        public readonly List<GoapGraphVarCondition> VarConditionValues = new List<GoapGraphVarCondition>();
    }

    /// <summary>
    /// A domain's structure as plain data: facts, variables, actions with their conditions and
    /// effects, goals, the start state. Read from a loaded <see cref="Domain"/> or a domain
    /// file's text (through a temporary <see cref="World"/>, disposed before returning).
    /// </summary>
    public sealed class GoapGraphModel
    {
        /// <summary>The name the file's top-level <c>goal</c> is listed under in <see cref="Goals"/>.</summary>
        public const string FileGoalName = "goal (the file's)";

        /// <summary>Fact names in domain order (FactAt order).</summary>
        public readonly List<string> Facts = new List<string>();
        /// <summary>Variable names in domain order.</summary>
        public readonly List<string> Vars = new List<string>();
        /// <summary>Actions in domain order.</summary>
        public readonly List<GoapGraphAction> Actions = new List<GoapGraphAction>();
        /// <summary>The file's <c>goals</c> entries in file order, then its top-level <c>goal</c> if it has one.</summary>
        public readonly List<GoapGraphGoal> Goals = new List<GoapGraphGoal>();
        /// <summary>Per fact: true in the file's start state.</summary>
        public readonly List<bool> StartFacts = new List<bool>();
        /// <summary>The start state's variables as text (<c>gold = 20</c>).</summary>
        public readonly List<string> StartVars = new List<string>();

        /// <summary>Index of a fact by name, or -1.</summary>
        public int FactIndex(string name) { return Facts.IndexOf(name); }

        /// <summary>Index of an action by name, or -1.</summary>
        public int ActionIndex(string name)
        {
            for (int i = 0; i < Actions.Count; i++) if (Actions[i].Name == name) return i;
            return -1;
        }

        /// <summary>Index of a goal by name, or -1.</summary>
        public int GoalIndex(string name)
        {
            for (int i = 0; i < Goals.Count; i++) if (Goals[i].Name == name) return i;
            return -1;
        }

        /// <summary>
        /// Loads <paramref name="json"/> into a temporary world (no thread of its own) and reads
        /// the model; the world is disposed before returning. Throws <see cref="GoapException"/>
        /// when the text does not load.
        /// </summary>
        public static GoapGraphModel FromJson(string json)
        {
            if (json == null) throw new ArgumentNullException("json");
            using (var world = TemporaryWorld())
            {
                return FromDomain(world.LoadDomain(json));
            }
        }

        /// <summary>Reads the model of a loaded domain.</summary>
        public static GoapGraphModel FromDomain(Domain domain)
        {
            var model = new GoapGraphModel();
            int facts = domain.FactCount;
            var factIndex = new Dictionary<FactId, int>(facts);
            for (int i = 0; i < facts; i++)
            {
                var fact = domain.FactAt(i);
                factIndex[fact] = i;
                model.Facts.Add(domain.FactName(fact));
                model.StartFacts.Add(false);
            }
            int vars = domain.VarCount;
            var varIndex = new Dictionary<VarId, int>(vars);
            for (int i = 0; i < vars; i++)
            {
                var v = domain.VarAt(i);
                varIndex[v] = i;
                model.Vars.Add(domain.VarName(v));
            }
            int actions = domain.ActionCount;
            for (int i = 0; i < actions; i++)
            {
                var id = domain.ActionAt(i);
                var a = new GoapGraphAction { Name = domain.ActionName(id), Cost = domain.GetActionInfo(id).Cost };
                AddFacts(a.Pre, domain.ActionPre(id), factIndex);
                AddFacts(a.Effects, domain.ActionEffects(id), factIndex);
                foreach (var c in domain.ActionVarPre(id)) a.VarPre.Add(ConditionText(domain, c));
                foreach (var e in domain.ActionVarEffects(id)) a.VarEffects.Add(EffectText(domain, e));
                model.Actions.Add(a);
            }
            foreach (var f in domain.StartFacts())
            {
                int i;
                if (factIndex.TryGetValue(f.Fact, out i)) model.StartFacts[i] = f.Value;
            }
            foreach (var v in domain.StartVars()) model.StartVars.Add(domain.VarName(v.Var) + " = " + v.Value);
            int goals = domain.AgentGoalCount;
            for (int i = 0; i < goals; i++)
            {
                var g = new GoapGraphGoal { Name = domain.AgentGoalName(i), Priority = domain.GetAgentGoalInfo(i).Priority };
                AddFacts(g.Conditions, domain.AgentGoalConditions(i), factIndex);
                AddVars(g, domain, domain.AgentGoalVarConditions(i), varIndex);
                model.Goals.Add(g);
            }
            FactValue[] goalFacts;
            VarCondition[] goalVars;
            try
            {
                goalFacts = domain.GoalFacts();
                goalVars = domain.GoalVars();
            }
            catch (GoapException e) when (e.Status == Status.NoGoal)
            {
                goalFacts = null;
                goalVars = null;
            }
            if (goalFacts != null && (goalFacts.Length > 0 || goalVars.Length > 0))
            {
                var g = new GoapGraphGoal { Name = FileGoalName, IsFileGoal = true };
                AddFacts(g.Conditions, goalFacts, factIndex);
                AddVars(g, domain, goalVars, varIndex);
                model.Goals.Add(g);
            }
            return model;
        }

        static void AddFacts(List<GoapGraphFactValue> into, FactValue[] values, Dictionary<FactId, int> factIndex)
        {
            foreach (var v in values)
            {
                int i;
                if (factIndex.TryGetValue(v.Fact, out i)) into.Add(new GoapGraphFactValue(i, v.Value));
            }
        }

        static void AddVars(GoapGraphGoal goal, Domain domain, VarCondition[] conditions, Dictionary<VarId, int> varIndex)
        {
            foreach (var c in conditions)
            {
                int i;
                if (!varIndex.TryGetValue(c.Var, out i)) continue;
                goal.VarConditionValues.Add(new GoapGraphVarCondition { Var = i, Op = c.Op, Value = c.Value });
                goal.VarConditions.Add(ConditionText(domain, c));
            }
        }

        /// <summary><c>ammo &gt;= 1</c>.</summary>
        public static string ConditionText(Domain domain, VarCondition c)
        {
            return domain.VarName(c.Var) + " " + CompareText(c.Op) + " " + c.Value;
        }

        /// <summary><c>ammo -= 1</c>, <c>ammo = 6</c>.</summary>
        public static string EffectText(Domain domain, VarEffect e)
        {
            string op = e.Op == VarOp.Add ? "+=" : e.Op == VarOp.Sub ? "-=" : "=";
            return domain.VarName(e.Var) + " " + op + " " + e.Value;
        }

        /// <summary>The operator as the domain file writes it.</summary>
        public static string CompareText(Compare op)
        {
            switch (op)
            {
                case Compare.Eq: return "==";
                case Compare.Ne: return "!=";
                case Compare.Lt: return "<";
                case Compare.Le: return "<=";
                case Compare.Gt: return ">";
                case Compare.Ge: return ">=";
                default: return op.ToString();
            }
        }

        /// <summary>A world for one load or search: no thread of its own (WorkerThreads 1), no plan cache. Dispose it.</summary>
        internal static World TemporaryWorld()
        {
            var settings = WorldSettings.Default;
            settings.WorkerThreads = 1; // 0 would mean one thread per core
            settings.PlanCacheCapacity = 0;
            return new World(settings);
        }
    }

    /// <summary>What <see cref="GoapGraphPlanner.Plan"/> found.</summary>
    public sealed class GoapGraphPlan
    {
        /// <summary>Found, no plan, or the node limit.</summary>
        public Outcome Outcome;
        /// <summary>The plan's cost (a minimum when found).</summary>
        public double Cost;
        /// <summary>The plan's actions in order: indices into <see cref="GoapGraphModel.Actions"/>.</summary>
        public readonly List<int> Actions = new List<int>();
        /// <summary>Search nodes expanded.</summary>
        public long Expanded;
        /// <summary>Wall-clock time of the search in microseconds (0 for a search the probe
        /// ends: not timed).</summary>
        public long Micros;

        /// <summary>True when <paramref name="action"/> (an index) is a step of the plan.</summary>
        public bool Contains(int action) { return Actions.Contains(action); }
    }

    /// <summary>The graph window's "Plan from": an optimal plan from a chosen start to one of the model's goals.</summary>
    public static class GoapGraphPlanner
    {
        /// <summary>
        /// Loads <paramref name="json"/> into a temporary world and plans from the start where
        /// exactly the facts with <paramref name="start"/>[i] true hold (variables at the file's
        /// start values) to <paramref name="model"/>.Goals[<paramref name="goal"/>], with the
        /// default options (a plan found has minimum cost); the world is disposed before
        /// returning. <paramref name="model"/> must have been read from the same text.
        /// Throws <see cref="GoapException"/> when the text does not load.
        /// </summary>
        public static GoapGraphPlan Plan(string json, GoapGraphModel model, IList<bool> start, int goal)
        {
            if (json == null) throw new ArgumentNullException("json");
            if (model == null) throw new ArgumentNullException("model");
            if (start == null) throw new ArgumentNullException("start");
            if (start.Count != model.Facts.Count) throw new ArgumentException("one value per fact of the model", "start");
            if (goal < 0 || goal >= model.Goals.Count) throw new ArgumentOutOfRangeException("goal");
            using (var world = GoapGraphModel.TemporaryWorld())
            {
                var domain = world.LoadDomain(json);
                if (domain.FactCount != model.Facts.Count || domain.ActionCount != model.Actions.Count || domain.VarCount != model.Vars.Count)
                    throw new ArgumentException("the model was read from another text", "model");
                int trueFacts = 0;
                for (int i = 0; i < start.Count; i++) if (start[i]) trueFacts++;
                var startFacts = new FactValue[trueFacts];
                for (int i = 0, k = 0; i < start.Count; i++) if (start[i]) startFacts[k++] = new FactValue(domain.FactAt(i), true);
                var g = model.Goals[goal];
                var goalFacts = new FactValue[g.Conditions.Count];
                for (int i = 0; i < goalFacts.Length; i++)
                    goalFacts[i] = new FactValue(domain.FactAt(g.Conditions[i].Fact), g.Conditions[i].Value);
                var goalVars = new VarCondition[g.VarConditionValues.Count];
                for (int i = 0; i < goalVars.Length; i++)
                {
                    var c = g.VarConditionValues[i];
                    goalVars[i] = new VarCondition(domain.VarAt(c.Var), c.Op, c.Value);
                }
                var actions = new List<ActionId>();
                var r = domain.PlanProblem(startFacts, domain.StartVars(), goalFacts, goalVars, actions);
                var plan = new GoapGraphPlan { Outcome = r.Outcome, Cost = r.Cost, Expanded = r.Expanded, Micros = r.Micros };
                if (actions.Count > 0)
                {
                    var index = new Dictionary<ActionId, int>(model.Actions.Count);
                    for (int i = 0; i < model.Actions.Count; i++) index[domain.ActionAt(i)] = i;
                    foreach (var a in actions) plan.Actions.Add(index[a]);
                }
                return plan;
            }
        }
    }

    /// <summary>What a graph node stands for.</summary>
    public enum GoapGraphNodeKind { Fact = 0, Action = 1, Goal = 2 }

    /// <summary>What a graph edge means.</summary>
    public enum GoapGraphEdgeKind
    {
        /// <summary>Fact → action: a precondition that the fact is true.</summary>
        Requires = 0,
        /// <summary>Fact → action: a precondition that the fact is false.</summary>
        RequiresFalse = 1,
        /// <summary>Action → fact: the action makes the fact true.</summary>
        Adds = 2,
        /// <summary>Action → fact: the action makes the fact false.</summary>
        Deletes = 3,
        /// <summary>Fact → goal: a condition that the fact is true.</summary>
        GoalNeeds = 4,
        /// <summary>Fact → goal: a condition that the fact is false.</summary>
        GoalNeedsFalse = 5,
    }

    /// <summary>One node: its kind, what it stands for, its column and row, and its rectangle.</summary>
    public struct GoapGraphNode
    {
        /// <summary>Fact, action or goal.</summary>
        public GoapGraphNodeKind Kind;
        /// <summary>Index into the model's Facts, Actions or Goals.</summary>
        public int Index;
        /// <summary>The column, 0 on the left.</summary>
        public int Column;
        /// <summary>The row within the column, 0 at the top.</summary>
        public int Row;
        /// <summary>
        /// The step of the relaxed reachability from the start (facts true at the start 0, an
        /// action whose true-preconditions are reached at step k-1 k, the facts it adds k, a goal
        /// the step of its last condition); -1 when not reached from the start.
        /// </summary>
        public int Level;
        /// <summary>Left edge, in layout units (pixels at zoom 1).</summary>
        public float X;
        /// <summary>Top edge.</summary>
        public float Y;
        /// <summary>Width.</summary>
        public float Width;
        /// <summary>Height.</summary>
        public float Height;

        /// <summary>True when (x, y) lies in the node's rectangle.</summary>
        public bool Contains(float x, float y) { return x >= X && x < X + Width && y >= Y && y < Y + Height; }
    }

    /// <summary>One edge between two nodes (indices into <see cref="GoapGraphLayout.Nodes"/>).</summary>
    public struct GoapGraphEdge
    {
        /// <summary>The source node: a fact (conditions) or an action (effects).</summary>
        public int From;
        /// <summary>The target node.</summary>
        public int To;
        /// <summary>What the edge means.</summary>
        public GoapGraphEdgeKind Kind;
    }

    /// <summary>Sizes of a layout, in layout units (pixels at zoom 1).</summary>
    public struct GoapGraphLayoutOptions
    {
        /// <summary>Node width.</summary>
        public float NodeWidth;
        /// <summary>Node height.</summary>
        public float NodeHeight;
        /// <summary>Horizontal space between columns.</summary>
        public float ColumnGap;
        /// <summary>Vertical space between nodes of a column.</summary>
        public float RowGap;
        /// <summary>Space around the graph.</summary>
        public float Margin;
        /// <summary>Crossing-reduction sweeps (barycentre ordering); 0 keeps domain order.</summary>
        public int Sweeps;

        /// <summary>160 x 36 nodes, 80 between columns, 10 between rows, 20 around, 4 sweeps.</summary>
        public static GoapGraphLayoutOptions Default
        {
            get { return new GoapGraphLayoutOptions { NodeWidth = 160f, NodeHeight = 36f, ColumnGap = 80f, RowGap = 10f, Margin = 20f, Sweeps = 4 }; }
        }
    }

    /// <summary>
    /// The domain graph laid out in columns, left to right, by a relaxed reachability from a
    /// start state (preconditions that a fact is false, deletes and variables are ignored):
    /// facts true at the start; the actions those enable; the facts they add; the actions
    /// those enable; … then the actions never enabled, the facts never made true (often a
    /// typo), and the goals. Every fact, action and goal is one node; edges run from a fact
    /// to the actions and goals that name it as a condition and from an action to the facts
    /// it sets or clears (an edge may point left: a later action clearing an early fact).
    /// Within a column nodes are ordered to reduce crossings (barycentres of their neighbours,
    /// domain order on ties): deterministic for a model and start.
    /// </summary>
    public sealed class GoapGraphLayout
    {
        readonly List<GoapGraphNode> nodes = new List<GoapGraphNode>();
        readonly List<GoapGraphEdge> edges = new List<GoapGraphEdge>();
        readonly List<string> columnTitles = new List<string>();
        int[] factNode = new int[0];
        int[] actionNode = new int[0];
        int[] goalNode = new int[0];

        /// <summary>Every node: facts, then actions, then goals, each in model order (Nodes[i] keeps its place; Column and Row say where it is drawn).</summary>
        public IReadOnlyList<GoapGraphNode> Nodes { get { return nodes; } }
        /// <summary>Every edge.</summary>
        public IReadOnlyList<GoapGraphEdge> Edges { get { return edges; } }
        /// <summary>How many columns (none empty).</summary>
        public int ColumnCount { get { return columnTitles.Count; } }
        /// <summary>A title per column: "start", "step 1", "facts 1", …, "never enabled", "never true", "goals".</summary>
        public IReadOnlyList<string> ColumnTitles { get { return columnTitles; } }
        /// <summary>The layout's width, margins included.</summary>
        public float Width { get; private set; }
        /// <summary>The layout's height, margins included.</summary>
        public float Height { get; private set; }
        /// <summary>The deepest reachability step (0 when no action is enabled).</summary>
        public int Levels { get; private set; }

        /// <summary>The node of a fact, action or goal (by its index in the model).</summary>
        public int NodeOf(GoapGraphNodeKind kind, int index)
        {
            var map = kind == GoapGraphNodeKind.Fact ? factNode : kind == GoapGraphNodeKind.Action ? actionNode : goalNode;
            if (index < 0 || index >= map.Length) throw new ArgumentOutOfRangeException("index");
            return map[index];
        }

        /// <summary>The node at (x, y) in layout units, or -1.</summary>
        public int HitTest(float x, float y)
        {
            for (int i = 0; i < nodes.Count; i++) if (nodes[i].Contains(x, y)) return i;
            return -1;
        }

        /// <summary>Lays out <paramref name="model"/> with reachability from the file's start state.</summary>
        public static GoapGraphLayout Compute(GoapGraphModel model)
        {
            return Compute(model, model == null ? null : model.StartFacts, GoapGraphLayoutOptions.Default);
        }

        /// <summary>Lays out <paramref name="model"/> with reachability from <paramref name="start"/> (one value per fact).</summary>
        public static GoapGraphLayout Compute(GoapGraphModel model, IList<bool> start, GoapGraphLayoutOptions options)
        {
            if (model == null) throw new ArgumentNullException("model");
            if (start == null) throw new ArgumentNullException("start");
            if (start.Count != model.Facts.Count) throw new ArgumentException("one value per fact of the model", "start");
            if (options.Sweeps < 0) throw new ArgumentOutOfRangeException("options", "Sweeps must be 0 or more");
            var layout = new GoapGraphLayout();
            int f = model.Facts.Count, a = model.Actions.Count, g = model.Goals.Count;

            // Relaxed reachability: a fact's level is the first step at which it can be true.
            var factLevel = new int[f];
            var actionLevel = new int[a];
            var goalLevel = new int[g];
            for (int i = 0; i < f; i++) factLevel[i] = start[i] ? 0 : -1;
            for (int i = 0; i < a; i++) actionLevel[i] = -1;
            int level = 0;
            while (true)
            {
                var enabled = new List<int>();
                for (int i = 0; i < a; i++)
                {
                    if (actionLevel[i] >= 0) continue;
                    bool ok = true;
                    foreach (var p in model.Actions[i].Pre)
                        if (p.Value && (factLevel[p.Fact] < 0 || factLevel[p.Fact] > level)) { ok = false; break; }
                    if (ok) enabled.Add(i);
                }
                if (enabled.Count == 0) break;
                level++;
                foreach (int i in enabled)
                {
                    actionLevel[i] = level;
                    foreach (var e in model.Actions[i].Effects)
                        if (e.Value && factLevel[e.Fact] < 0) factLevel[e.Fact] = level;
                }
            }
            layout.Levels = level;
            for (int i = 0; i < g; i++)
            {
                int l = 0;
                foreach (var c in model.Goals[i].Conditions)
                {
                    if (!c.Value) continue;
                    if (factLevel[c.Fact] < 0) { l = -1; break; }
                    l = Math.Max(l, factLevel[c.Fact]);
                }
                goalLevel[i] = l;
            }

            // Columns before compaction: fact level k at 2k, action level k at 2k-1, then
            // never-enabled actions, never-true facts, goals.
            int unreachableActions = 2 * level + 1, unreachableFacts = 2 * level + 2, goals = 2 * level + 3;
            var rawColumn = new List<int>();
            layout.factNode = new int[f];
            layout.actionNode = new int[a];
            layout.goalNode = new int[g];
            for (int i = 0; i < f; i++)
            {
                layout.factNode[i] = layout.nodes.Count;
                layout.nodes.Add(new GoapGraphNode { Kind = GoapGraphNodeKind.Fact, Index = i, Level = factLevel[i] });
                rawColumn.Add(factLevel[i] >= 0 ? 2 * factLevel[i] : unreachableFacts);
            }
            for (int i = 0; i < a; i++)
            {
                layout.actionNode[i] = layout.nodes.Count;
                layout.nodes.Add(new GoapGraphNode { Kind = GoapGraphNodeKind.Action, Index = i, Level = actionLevel[i] });
                rawColumn.Add(actionLevel[i] >= 0 ? 2 * actionLevel[i] - 1 : unreachableActions);
            }
            for (int i = 0; i < g; i++)
            {
                layout.goalNode[i] = layout.nodes.Count;
                layout.nodes.Add(new GoapGraphNode { Kind = GoapGraphNodeKind.Goal, Index = i, Level = goalLevel[i] });
                rawColumn.Add(goals);
            }

            // Edges.
            for (int i = 0; i < a; i++)
            {
                int node = layout.actionNode[i];
                foreach (var p in model.Actions[i].Pre)
                    layout.edges.Add(new GoapGraphEdge { From = layout.factNode[p.Fact], To = node, Kind = p.Value ? GoapGraphEdgeKind.Requires : GoapGraphEdgeKind.RequiresFalse });
                foreach (var e in model.Actions[i].Effects)
                    layout.edges.Add(new GoapGraphEdge { From = node, To = layout.factNode[e.Fact], Kind = e.Value ? GoapGraphEdgeKind.Adds : GoapGraphEdgeKind.Deletes });
            }
            for (int i = 0; i < g; i++)
                foreach (var c in model.Goals[i].Conditions)
                    layout.edges.Add(new GoapGraphEdge { From = layout.factNode[c.Fact], To = layout.goalNode[i], Kind = c.Value ? GoapGraphEdgeKind.GoalNeeds : GoapGraphEdgeKind.GoalNeedsFalse });

            // Compact: drop empty columns, keep titles.
            var used = new bool[goals + 1];
            foreach (int c in rawColumn) used[c] = true;
            var columnOf = new int[goals + 1];
            for (int c = 0; c <= goals; c++)
            {
                if (!used[c]) { columnOf[c] = -1; continue; }
                columnOf[c] = layout.columnTitles.Count;
                string title;
                if (c == goals) title = "goals";
                else if (c == unreachableFacts) title = "never true";
                else if (c == unreachableActions) title = "never enabled";
                else if (c == 0) title = "start";
                else if (c % 2 == 1) title = "step " + (c + 1) / 2;
                else title = "facts " + c / 2;
                layout.columnTitles.Add(title);
            }
            var columns = new List<List<int>>();
            for (int c = 0; c < layout.columnTitles.Count; c++) columns.Add(new List<int>());
            for (int n = 0; n < layout.nodes.Count; n++) columns[columnOf[rawColumn[n]]].Add(n); // model order

            layout.Order(columns, options.Sweeps);
            layout.Place(columns, options);
            return layout;
        }

        /// <summary>Barycentre sweeps, alternately left to right and right to left.</summary>
        void Order(List<List<int>> columns, int sweeps)
        {
            var column = new int[nodes.Count];
            var row = new float[nodes.Count];
            for (int c = 0; c < columns.Count; c++)
                for (int r = 0; r < columns[c].Count; r++) { column[columns[c][r]] = c; row[columns[c][r]] = r; }
            var neighbours = new List<int>[nodes.Count];
            for (int n = 0; n < nodes.Count; n++) neighbours[n] = new List<int>();
            foreach (var e in edges)
            {
                neighbours[e.From].Add(e.To);
                neighbours[e.To].Add(e.From);
            }
            var key = new float[nodes.Count];
            for (int s = 0; s < sweeps; s++)
            {
                bool forward = s % 2 == 0;
                for (int k = 1; k < columns.Count; k++)
                {
                    int c = forward ? k : columns.Count - 1 - k;
                    var col = columns[c];
                    foreach (int n in col)
                    {
                        // Neighbours in columns already placed this sweep (left of c going
                        // forward, right of it going back).
                        float sum = 0f;
                        int count = 0;
                        foreach (int m in neighbours[n])
                        {
                            if (forward ? column[m] >= c : column[m] <= c) continue;
                            sum += row[m];
                            count++;
                        }
                        key[n] = count == 0 ? row[n] : sum / count;
                    }
                    // Stable: ties keep their current order.
                    var sorted = new List<KeyValuePair<float, int>>(col.Count);
                    for (int r = 0; r < col.Count; r++) sorted.Add(new KeyValuePair<float, int>(key[col[r]], r));
                    sorted.Sort((x, y) => x.Key != y.Key ? x.Key.CompareTo(y.Key) : x.Value.CompareTo(y.Value));
                    var reordered = new List<int>(col.Count);
                    foreach (var p in sorted) reordered.Add(col[p.Value]);
                    columns[c] = reordered;
                    for (int r = 0; r < reordered.Count; r++) row[reordered[r]] = r;
                }
            }
        }

        void Place(List<List<int>> columns, GoapGraphLayoutOptions o)
        {
            int tallest = 0;
            for (int c = 0; c < columns.Count; c++)
            {
                tallest = Math.Max(tallest, columns[c].Count);
                for (int r = 0; r < columns[c].Count; r++)
                {
                    int n = columns[c][r];
                    var node = nodes[n];
                    node.Column = c;
                    node.Row = r;
                    node.X = o.Margin + c * (o.NodeWidth + o.ColumnGap);
                    node.Y = o.Margin + r * (o.NodeHeight + o.RowGap);
                    node.Width = o.NodeWidth;
                    node.Height = o.NodeHeight;
                    nodes[n] = node;
                }
            }
            Width = 2 * o.Margin + Math.Max(0, columns.Count * o.NodeWidth + (columns.Count - 1) * o.ColumnGap);
            Height = 2 * o.Margin + Math.Max(0, tallest * o.NodeHeight + (tallest - 1) * o.RowGap);
        }

        /// <summary>
        /// How many pairs of edges between the same two adjacent columns cross (edges spanning
        /// other columns are not counted): what the ordering reduces; for tests and tuning.
        /// </summary>
        public int AdjacentCrossings()
        {
            int crossings = 0;
            for (int i = 0; i < edges.Count; i++)
            {
                var a = Span(edges[i]);
                if (a.Item2 - a.Item1 != 1) continue;
                for (int j = i + 1; j < edges.Count; j++)
                {
                    var b = Span(edges[j]);
                    if (b.Item1 != a.Item1 || b.Item2 != a.Item2) continue;
                    int d1 = a.Item3 - b.Item3, d2 = a.Item4 - b.Item4;
                    if ((d1 < 0 && d2 > 0) || (d1 > 0 && d2 < 0)) crossings++;
                }
            }
            return crossings;
        }

        // (left column, right column, row at left, row at right) of an edge.
        Tuple<int, int, int, int> Span(GoapGraphEdge e)
        {
            var x = nodes[e.From];
            var y = nodes[e.To];
            return x.Column <= y.Column
                ? Tuple.Create(x.Column, y.Column, x.Row, y.Row)
                : Tuple.Create(y.Column, x.Column, y.Row, x.Row);
        }
    }
}
