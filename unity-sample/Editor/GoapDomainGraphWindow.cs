// Goap editor tools: Window > GOAP > Domain Graph. Drawing and input only: the model, the
// layout and the "plan from" search are GoapGraphLayout.cs (plain C#, unit-tested). C# 7.2.
using System.Collections.Generic;
using UnityEditor;
using UnityEngine;

namespace Goap.EditorTools
{
    /// <summary>
    /// A domain asset as a graph: facts, actions (with cost) and goals (with priority) in
    /// columns by reachability from a start state (see <see cref="GoapGraphLayout"/>), edges
    /// for preconditions, effects and goal conditions. Click a node for its details; drag
    /// empty space (or with the middle button) to pan, scroll to zoom. "Plan from" chooses a
    /// start (the file's, with a toggle per fact) and a goal and shows the optimal plan,
    /// highlighted in the graph, computed through a temporary World that is disposed at once.
    /// </summary>
    public sealed class GoapDomainGraphWindow : EditorWindow
    {
        const float PanelWidth = 300f;
        const float MinZoom = 0.2f;
        const float MaxZoom = 2f;

        static readonly Color FactColor = new Color(0.20f, 0.33f, 0.50f);
        static readonly Color ActionColor = new Color(0.28f, 0.28f, 0.28f);
        static readonly Color GoalColor = new Color(0.38f, 0.22f, 0.45f);
        static readonly Color UnreachedColor = new Color(0.45f, 0.18f, 0.18f);
        static readonly Color PlanColor = new Color(0.95f, 0.75f, 0.10f);
        static readonly Color SelectedColor = new Color(1f, 1f, 1f);
        static readonly Color[] EdgeColors =
        {
            new Color(0.55f, 0.65f, 0.85f), // Requires
            new Color(0.95f, 0.55f, 0.20f), // RequiresFalse
            new Color(0.35f, 0.80f, 0.40f), // Adds
            new Color(0.90f, 0.30f, 0.30f), // Deletes
            new Color(0.75f, 0.50f, 0.90f), // GoalNeeds
            new Color(0.95f, 0.55f, 0.60f), // GoalNeedsFalse
        };
        static readonly string[] EdgeNames = { "requires", "requires false", "sets", "clears", "goal needs", "goal needs false" };

        [SerializeField] GoapDomainAsset asset;
        [SerializeField] float zoom = 1f;
        [SerializeField] Vector2 pan;
        [SerializeField] int goalIndex;

        // Rebuilt from the asset's text when it changes (a re-import), never serialized.
        string loadedJson;
        GoapGraphModel model;
        GoapGraphLayout layout;
        string loadError;
        readonly List<bool> start = new List<bool>();
        string[] goalOptions = new string[0];
        GoapGraphPlan plan;
        string planError;
        readonly HashSet<int> planNodes = new HashSet<int>();
        int selected = -1;
        readonly List<string> details = new List<string>();
        readonly List<string> planLines = new List<string>();

        Vector2 panelScroll;
        bool showStart = true;
        bool showLegend;
        GUIStyle nodeStyle;
        readonly GUIContent nodeContent = new GUIContent();
        bool[] titleDone = new bool[0];

        /// <summary>Window > GOAP > Domain Graph, showing the selected domain asset if any.</summary>
        [MenuItem("Window/GOAP/Domain Graph")]
        static void OpenFromMenu()
        {
            var window = GetWindow<GoapDomainGraphWindow>();
            var chosen = Selection.activeObject as GoapDomainAsset;
            if (chosen != null) window.SetAsset(chosen);
            window.Show();
        }

        /// <summary>Opens the window on <paramref name="domain"/> (the inspector's "Open graph").</summary>
        public static void Open(GoapDomainAsset domain)
        {
            var window = GetWindow<GoapDomainGraphWindow>();
            window.SetAsset(domain);
            window.Show();
        }

        void OnEnable()
        {
            titleContent = new GUIContent("GOAP Domain Graph");
            minSize = new Vector2(600f, 300f);
        }

        void SetAsset(GoapDomainAsset domain)
        {
            if (asset == domain) return;
            asset = domain;
            loadedJson = null;
            selected = -1;
            goalIndex = 0;
            pan = Vector2.zero;
            Repaint();
        }

        /// <summary>Reads the model again when the asset or its text changed.</summary>
        void Refresh()
        {
            string json = asset == null ? null : asset.Json;
            if (json == loadedJson && (json == null || model != null || loadError != null)) return;
            loadedJson = json;
            model = null;
            layout = null;
            plan = null;
            planError = null;
            planNodes.Clear();
            loadError = null;
            selected = -1;
            start.Clear();
            if (json == null) return;
            if (!asset.IsValid)
            {
                loadError = asset.name + " does not load; fix its errors (see its inspector).";
                return;
            }
            try
            {
                model = GoapGraphModel.FromJson(json);
            }
            catch (System.Exception e)
            {
                // GoapException for the file; GoapLibraryException without a native library.
                loadError = e.Message;
                return;
            }
            start.AddRange(model.StartFacts);
            goalOptions = new string[model.Goals.Count];
            for (int i = 0; i < goalOptions.Length; i++)
            {
                var g = model.Goals[i];
                goalOptions[i] = GoapEditorText.MenuLabel(g.Name) + (g.IsFileGoal ? "" : "  (priority " + g.Priority.ToString("0.##") + ")");
            }
            if (goalIndex >= goalOptions.Length) goalIndex = 0;
            Relayout();
        }

        void Relayout()
        {
            var options = GoapGraphLayoutOptions.Default;
            options.Margin = 30f; // room for the column titles
            layout = GoapGraphLayout.Compute(model, start, options);
            HighlightPlan();
            Describe();
        }

        void OnGUI()
        {
            // The model changes only at a Layout event, so that the events after it draw the
            // same controls.
            if (Event.current.type == EventType.Layout) Refresh();
            DrawToolbar();
            float top = EditorStyles.toolbar.fixedHeight > 0f ? EditorStyles.toolbar.fixedHeight : EditorGUIUtility.singleLineHeight + 2f;
            var graphRect = new Rect(0f, top, Mathf.Max(0f, position.width - PanelWidth), Mathf.Max(0f, position.height - top));
            var panelRect = new Rect(graphRect.xMax, top, position.width - graphRect.width, graphRect.height);

            if (layout != null) DrawGraph(graphRect);
            else
            {
                GUILayout.BeginArea(graphRect);
                if (asset == null) EditorGUILayout.HelpBox("Choose a domain asset (an imported .goap file) above.", MessageType.Info);
                else if (loadError != null) EditorGUILayout.HelpBox(loadError, MessageType.Error);
                GUILayout.EndArea();
            }

            GUILayout.BeginArea(panelRect);
            panelScroll = EditorGUILayout.BeginScrollView(panelScroll);
            if (model != null)
            {
                DrawDetails();
                EditorGUILayout.Space();
                DrawPlanFrom();
                EditorGUILayout.Space();
                DrawLegend();
            }
            EditorGUILayout.EndScrollView();
            GUILayout.EndArea();
        }

        void DrawToolbar()
        {
            EditorGUILayout.BeginHorizontal(EditorStyles.toolbar);
            EditorGUI.BeginChangeCheck();
            var chosen = (GoapDomainAsset)EditorGUILayout.ObjectField(asset, typeof(GoapDomainAsset), false, GUILayout.Width(260f));
            if (EditorGUI.EndChangeCheck() && chosen != asset)
            {
                SetAsset(chosen);
                EndPass();
            }
            if (GUILayout.Button("Fit", EditorStyles.toolbarButton, GUILayout.Width(40f)) && layout != null)
            {
                float w = Mathf.Max(1f, position.width - PanelWidth), h = Mathf.Max(1f, position.height - 20f);
                zoom = Mathf.Clamp(Mathf.Min(w / layout.Width, h / layout.Height), MinZoom, 1f);
                pan = Vector2.zero;
            }
            if (GUILayout.Button("1:1", EditorStyles.toolbarButton, GUILayout.Width(40f))) zoom = 1f;
            GUILayout.FlexibleSpace();
            if (model != null)
                GUILayout.Label(model.Facts.Count + " facts, " + model.Actions.Count + " actions, " + model.Goals.Count + " goals   zoom "
                    + zoom.ToString("0.00"), EditorStyles.miniLabel);
            EditorGUILayout.EndHorizontal();
        }

        Rect NodeRect(GoapGraphNode n)
        {
            return new Rect(n.X * zoom + pan.x, n.Y * zoom + pan.y, n.Width * zoom, n.Height * zoom);
        }

        void DrawGraph(Rect graphRect)
        {
            GUI.BeginClip(graphRect);
            var view = new Rect(0f, 0f, graphRect.width, graphRect.height);
            HandleInput(view);
            var e = Event.current;
            if (e.type == EventType.Repaint)
            {
                EditorGUI.DrawRect(view, new Color(0.16f, 0.16f, 0.16f));
                if (nodeStyle == null)
                {
                    nodeStyle = new GUIStyle(EditorStyles.whiteMiniLabel);
                    nodeStyle.alignment = TextAnchor.MiddleCenter;
                    nodeStyle.wordWrap = true;
                    nodeStyle.clipping = TextClipping.Clip;
                }
                DrawColumnTitles(view);
                DrawEdges(view);
                DrawNodes(view);
            }
            GUI.EndClip();
        }

        void DrawColumnTitles(Rect view)
        {
            if (zoom < 0.4f) return;
            var nodes = layout.Nodes;
            if (titleDone.Length != layout.ColumnCount) titleDone = new bool[layout.ColumnCount];
            System.Array.Clear(titleDone, 0, titleDone.Length);
            for (int i = 0; i < nodes.Count; i++)
            {
                var n = nodes[i];
                if (titleDone[n.Column]) continue;
                titleDone[n.Column] = true;
                var r = NodeRect(n);
                var title = new Rect(r.x, pan.y + 6f * zoom, r.width, EditorGUIUtility.singleLineHeight);
                if (title.xMax < 0f || title.x > view.width) continue;
                GUI.Label(title, layout.ColumnTitles[n.Column], EditorStyles.miniBoldLabel);
            }
        }

        void DrawEdges(Rect view)
        {
            var nodes = layout.Nodes;
            var edges = layout.Edges;
            for (int i = 0; i < edges.Count; i++)
            {
                var edge = edges[i];
                var a = NodeRect(nodes[edge.From]);
                var b = NodeRect(nodes[edge.To]);
                // Cull edges whose bounding box misses the view.
                if (Mathf.Max(a.xMax, b.xMax) < 0f || Mathf.Min(a.x, b.x) > view.width) continue;
                if (Mathf.Max(a.yMax, b.yMax) < 0f || Mathf.Min(a.y, b.y) > view.height) continue;
                bool touches = selected >= 0 && (edge.From == selected || edge.To == selected);
                bool onPlan = planNodes.Contains(edge.From) && planNodes.Contains(edge.To);
                var color = EdgeColors[(int)edge.Kind];
                if (selected >= 0 && !touches) color.a = 0.18f;
                else if (selected < 0 && !onPlan) color.a = 0.6f;
                var from = new Vector3(a.xMax, a.center.y, 0f);
                var to = new Vector3(b.x, b.center.y, 0f);
                float bend = Mathf.Max(30f * zoom, Mathf.Abs(to.x - from.x) * 0.5f);
                Handles.DrawBezier(from, to, new Vector3(from.x + bend, from.y, 0f), new Vector3(to.x - bend, to.y, 0f),
                    color, null, touches || onPlan ? 3f : 1.5f);
            }
        }

        void DrawNodes(Rect view)
        {
            var nodes = layout.Nodes;
            bool labels = zoom >= 0.45f;
            for (int i = 0; i < nodes.Count; i++)
            {
                var n = nodes[i];
                var r = NodeRect(n);
                if (r.xMax < 0f || r.x > view.width || r.yMax < 0f || r.y > view.height) continue;
                bool inPlan = planNodes.Contains(i);
                if (i == selected || inPlan)
                {
                    var border = new Rect(r.x - 2f, r.y - 2f, r.width + 4f, r.height + 4f);
                    EditorGUI.DrawRect(border, i == selected ? SelectedColor : PlanColor);
                }
                EditorGUI.DrawRect(r, n.Level < 0 ? UnreachedColor
                    : n.Kind == GoapGraphNodeKind.Fact ? FactColor : n.Kind == GoapGraphNodeKind.Action ? ActionColor : GoalColor);
                if (!labels) continue;
                nodeContent.text = NodeLabel(i, n);
                GUI.Label(r, nodeContent, nodeStyle);
            }
        }

        string NodeLabel(int node, GoapGraphNode n)
        {
            switch (n.Kind)
            {
                case GoapGraphNodeKind.Fact:
                    return (start[n.Index] ? "\u2022 " : "") + model.Facts[n.Index];
                case GoapGraphNodeKind.Action:
                {
                    var a = model.Actions[n.Index];
                    string step = "";
                    if (plan != null && planNodes.Contains(node)) step = (plan.Actions.IndexOf(n.Index) + 1) + ". ";
                    return step + a.Name + "\n" + a.Cost.ToString("0.##");
                }
                default:
                {
                    var g = model.Goals[n.Index];
                    return g.Name + (g.IsFileGoal ? "" : "\npriority " + g.Priority.ToString("0.##"));
                }
            }
        }

        void HandleInput(Rect view)
        {
            var e = Event.current;
            switch (e.type)
            {
                case EventType.MouseDown:
                    if (!view.Contains(e.mousePosition)) return;
                    if (e.button == 0)
                    {
                        var p = (e.mousePosition - pan) / zoom;
                        int hit = layout.HitTest(p.x, p.y);
                        e.Use();
                        if (hit != selected)
                        {
                            selected = hit;
                            Describe();
                            Repaint();
                            // The panel drawn after the graph now shows other details.
                            EndPass();
                        }
                    }
                    break;
                case EventType.MouseDrag:
                    if (!view.Contains(e.mousePosition)) return;
                    // Any button drags the view (a click on a node only selects it).
                    pan += e.delta;
                    e.Use();
                    Repaint();
                    break;
                case EventType.ScrollWheel:
                    if (!view.Contains(e.mousePosition)) return;
                    float next = Mathf.Clamp(zoom * (1f - e.delta.y * 0.05f), MinZoom, MaxZoom);
                    // Zoom about the mouse: the point under it stays put.
                    pan = e.mousePosition - (e.mousePosition - pan) * (next / zoom);
                    zoom = next;
                    e.Use();
                    Repaint();
                    break;
            }
        }

        /// <summary>The selected node's text, rebuilt when the selection or the layout changes (not per repaint).</summary>
        void Describe()
        {
            details.Clear();
            if (layout == null || selected < 0 || selected >= layout.Nodes.Count) return;
            var n = layout.Nodes[selected];
            string reach = n.Level < 0 ? "not reachable from the start" : "reachable at step " + n.Level;
            switch (n.Kind)
            {
                case GoapGraphNodeKind.Fact:
                {
                    details.Add("Fact  " + model.Facts[n.Index]);
                    details.Add((start[n.Index] ? "true" : "false") + " at the start; " + (n.Level < 0 ? "never made true" : reach));
                    var requiredBy = new List<string>();
                    var setBy = new List<string>();
                    var clearedBy = new List<string>();
                    var goals = new List<string>();
                    foreach (var edge in layout.Edges)
                    {
                        if (edge.From == selected && edge.Kind == GoapGraphEdgeKind.Requires) requiredBy.Add(NodeName(edge.To));
                        else if (edge.From == selected && edge.Kind == GoapGraphEdgeKind.RequiresFalse) requiredBy.Add(NodeName(edge.To) + " (false)");
                        else if (edge.From == selected) goals.Add(NodeName(edge.To) + (edge.Kind == GoapGraphEdgeKind.GoalNeedsFalse ? " (false)" : ""));
                        else if (edge.To == selected && edge.Kind == GoapGraphEdgeKind.Adds) setBy.Add(NodeName(edge.From));
                        else if (edge.To == selected && edge.Kind == GoapGraphEdgeKind.Deletes) clearedBy.Add(NodeName(edge.From));
                    }
                    details.Add("Required by: " + GoapEditorText.Join(requiredBy, "none"));
                    details.Add("Set by: " + GoapEditorText.Join(setBy, "none"));
                    details.Add("Cleared by: " + GoapEditorText.Join(clearedBy, "none"));
                    details.Add("Goals: " + GoapEditorText.Join(goals, "none"));
                    break;
                }
                case GoapGraphNodeKind.Action:
                {
                    var a = model.Actions[n.Index];
                    details.Add("Action  " + a.Name);
                    details.Add("Cost " + a.Cost.ToString("0.###") + "; " + (n.Level < 0 ? "never enabled from the start" : reach));
                    details.Add("Pre: " + GoapEditorText.Join(FactsText(a.Pre, a.VarPre), "none"));
                    details.Add("Effects: " + GoapEditorText.Join(FactsText(a.Effects, a.VarEffects), "none"));
                    if (plan != null && plan.Contains(n.Index)) details.Add("Step " + (plan.Actions.IndexOf(n.Index) + 1) + " of the plan");
                    break;
                }
                default:
                {
                    var g = model.Goals[n.Index];
                    details.Add("Goal  " + g.Name);
                    details.Add(g.IsFileGoal ? "The file's goal (what goap plan solves)" : "Priority " + g.Priority.ToString("0.###"));
                    details.Add("Conditions: " + GoapEditorText.Join(FactsText(g.Conditions, g.VarConditions), "none"));
                    details.Add(n.Level < 0 ? "Some condition is never made true from the start" : "Its true-conditions are reached by step " + n.Level);
                    break;
                }
            }
        }

        List<string> FactsText(List<GoapGraphFactValue> facts, List<string> vars)
        {
            var list = new List<string>(facts.Count + vars.Count);
            foreach (var f in facts) list.Add(model.Facts[f.Fact] + (f.Value ? "" : " = false"));
            list.AddRange(vars);
            return list;
        }

        string NodeName(int node)
        {
            var n = layout.Nodes[node];
            return n.Kind == GoapGraphNodeKind.Fact ? model.Facts[n.Index]
                : n.Kind == GoapGraphNodeKind.Action ? model.Actions[n.Index].Name : model.Goals[n.Index].Name;
        }

        void DrawDetails()
        {
            EditorGUILayout.LabelField("Selection", EditorStyles.boldLabel);
            if (details.Count == 0)
            {
                EditorGUILayout.LabelField("Click a node.", EditorStyles.wordWrappedMiniLabel);
                return;
            }
            for (int i = 0; i < details.Count; i++)
                EditorGUILayout.LabelField(details[i], i == 0 ? EditorStyles.boldLabel : EditorStyles.wordWrappedLabel);
        }

        void DrawPlanFrom()
        {
            EditorGUILayout.LabelField("Plan from", EditorStyles.boldLabel);
            if (model.Goals.Count == 0)
            {
                EditorGUILayout.HelpBox("The file has no goal and no goals entries.", MessageType.Info);
                return;
            }
            EditorGUI.BeginChangeCheck();
            goalIndex = EditorGUILayout.Popup("Goal", Mathf.Min(goalIndex, goalOptions.Length - 1), goalOptions);
            if (EditorGUI.EndChangeCheck())
            {
                plan = null;
                planError = null;
                HighlightPlan();
                EndPass();
            }
            showStart = EditorGUILayout.Foldout(showStart, "Start (" + CountTrue() + " of " + start.Count + " facts true)", true);
            if (showStart)
            {
                EditorGUI.BeginChangeCheck();
                for (int i = 0; i < start.Count; i++) start[i] = EditorGUILayout.ToggleLeft(model.Facts[i], start[i]);
                if (EditorGUI.EndChangeCheck()) StartChanged();
                if (GUILayout.Button("The file's start"))
                {
                    start.Clear();
                    start.AddRange(model.StartFacts);
                    StartChanged();
                }
            }
            if (model.StartVars.Count > 0)
                EditorGUILayout.LabelField("Variables start at " + GoapEditorText.Join(model.StartVars, ""), EditorStyles.wordWrappedMiniLabel);
            if (GUILayout.Button("Plan"))
            {
                RunPlan();
                EndPass();
            }
            if (planError != null) EditorGUILayout.HelpBox(planError, MessageType.Error);
            if (plan == null) return;
            if (plan.Outcome != Outcome.Found)
            {
                EditorGUILayout.HelpBox(plan.Outcome == Outcome.NoPlan
                    ? "No plan reaches " + model.Goals[goalIndex].Name + " from this start (" + plan.Expanded + " states expanded)."
                    : "The search hit its node limit (" + plan.Expanded + " states expanded).", MessageType.Warning);
                return;
            }
            EditorGUILayout.LabelField("Cost " + plan.Cost.ToString("0.###") + ", " + plan.Actions.Count + " actions, "
                + plan.Expanded + " states expanded, " + plan.Micros + " µs", EditorStyles.wordWrappedMiniLabel);
            for (int i = 0; i < planLines.Count; i++)
            {
                // A step selects its node.
                if (GUILayout.Button(planLines[i], EditorStyles.label))
                {
                    selected = layout.NodeOf(GoapGraphNodeKind.Action, plan.Actions[i]);
                    Describe();
                    EndPass();
                }
            }
        }

        int CountTrue()
        {
            int n = 0;
            for (int i = 0; i < start.Count; i++) if (start[i]) n++;
            return n;
        }

        void StartChanged()
        {
            plan = null;
            planError = null;
            Relayout();
            EndPass();
        }

        /// <summary>
        /// Ends this GUI pass after a click changed what the window draws: the controls drawn
        /// after it would no longer match the Layout pass. The next pass draws the new state.
        /// </summary>
        void EndPass()
        {
            Repaint();
            GUIUtility.ExitGUI();
        }

        void RunPlan()
        {
            plan = null;
            planError = null;
            try
            {
                plan = GoapGraphPlanner.Plan(asset.Json, model, start, goalIndex);
            }
            catch (System.Exception e)
            {
                planError = e.Message;
            }
            HighlightPlan();
            Describe();
        }

        void HighlightPlan()
        {
            planNodes.Clear();
            planLines.Clear();
            if (plan == null || layout == null) return;
            for (int i = 0; i < plan.Actions.Count; i++)
            {
                var a = model.Actions[plan.Actions[i]];
                planNodes.Add(layout.NodeOf(GoapGraphNodeKind.Action, plan.Actions[i]));
                planLines.Add((i + 1) + ". " + a.Name + "   (" + a.Cost.ToString("0.##") + ")");
            }
        }

        void DrawLegend()
        {
            showLegend = EditorGUILayout.Foldout(showLegend, "Legend", true);
            if (!showLegend) return;
            for (int i = 0; i < EdgeNames.Length; i++)
            {
                var r = EditorGUILayout.GetControlRect();
                EditorGUI.DrawRect(new Rect(r.x, r.center.y - 1.5f, 24f, 3f), EdgeColors[i]);
                EditorGUI.LabelField(new Rect(r.x + 30f, r.y, r.width - 30f, r.height), EdgeNames[i]);
            }
            EditorGUILayout.LabelField("Blue: facts (\u2022 true at the start). Grey: actions (cost). Purple: goals. "
                + "Red: never reached from the start. Yellow border: the plan.", EditorStyles.wordWrappedMiniLabel);
        }
    }
}
