// Goap editor tools: Window > GOAP > Agent Debugger, a live view of a GoapAgentBehaviour in
// Play mode. C# 7.2.
using System;
using System.Collections.Generic;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace Goap.EditorTools
{
    /// <summary>
    /// Window > GOAP > Agent Debugger: in Play mode, the agent of the selected GameObject's
    /// <see cref="GoapAgentBehaviour"/> (or one picked from <see cref="GoapAgentBehaviour.All"/>):
    /// its believed facts and variables by name, its goals with priorities (current and met
    /// ones marked), the plan by action name with the current action, the replan history with
    /// causes and results, <see cref="Agent.Explain"/> for a goal on request, and the world's
    /// flight recorder: start it, or save what it recorded so far to a <c>.goaprec</c> file
    /// that <c>goap studio FILE -o page.html</c> turns into a page. Refreshes about ten times a
    /// second while playing. The agent is read once per Layout event; text is rebuilt only
    /// when what it shows changed, and the lists are reused. Errors (a destroyed agent, a
    /// disposed world) show as a box, never in the console.
    /// </summary>
    public sealed class GoapAgentDebugWindow : EditorWindow
    {
        struct GoalRow
        {
            public GoalId Id;
            public double Priority;
            public bool Satisfied;
            public bool Current;
            public string Text;
        }

        [SerializeField] bool followSelection = true;
        [SerializeField] string lastSavedPath;

        GoapAgentBehaviour source;
        bool sourceChanged;
        readonly List<GoapAgentBehaviour> agents = new List<GoapAgentBehaviour>();
        string[] agentLabels = new string[0];
        int agentPick;

        // Names by id, per domain (ids are generational: a name never changes for an id).
        Domain namesDomain;
        readonly Dictionary<FactId, string> factNames = new Dictionary<FactId, string>();
        readonly Dictionary<VarId, string> varNames = new Dictionary<VarId, string>();
        readonly Dictionary<ActionId, string> actionNames = new Dictionary<ActionId, string>();
        readonly Dictionary<GoalId, string> goalNames = new Dictionary<GoalId, string>();

        // What OnGUI draws, read at the last Layout event.
        bool hasSnapshot;
        string notice;
        MessageType noticeType;
        AgentInfo info;
        string header = "";
        string infoText = "";
        long infoReplans = -1;
        int infoPlanIndex = -1, infoPlanLength = -1, infoGoalCount = -1;
        double infoCost = -1;
        bool infoActing;
        string currentAction = "";
        readonly List<GoalRow> goals = new List<GoalRow>();
        string[] goalLabels = new string[0];
        readonly List<ActionId> plan = new List<ActionId>();
        readonly List<ActionId> shownPlan = new List<ActionId>();
        int shownPlanIndex = -1;
        bool shownPlanActing;
        readonly List<string> planLines = new List<string>();
        readonly List<FactId> shownFacts = new List<FactId>();
        readonly List<VarValue> shownVars = new List<VarValue>();
        readonly List<string> beliefLines = new List<string>();
        readonly List<ReplanEvent> replans = new List<ReplanEvent>();
        readonly List<string> replanLines = new List<string>();
        string replansTitle = "Replans";
        double lastReplanTime = double.NaN;
        int lastReplanCount = -1;
        bool hasWorld;
        bool recording;
        string recordError;

        Vector2 scroll;
        Vector2 explainScroll;
        bool showBeliefs = true;
        bool showReplans = true;
        bool showWhy;
        int explainGoal;
        // The goal to explain at the next Layout (None: nothing asked): an id, so the goal
        // shown when the button was pressed is the one explained, or an error if removed since.
        GoalId pendingExplain;
        string explainText;
        MessageType explainType;
        readonly GUIContent explainContent = new GUIContent();

        [MenuItem("Window/GOAP/Agent Debugger")]
        static void Open()
        {
            GetWindow<GoapAgentDebugWindow>();
        }

        void OnEnable()
        {
            titleContent = new GUIContent("GOAP Agent");
            minSize = new Vector2(340f, 260f);
            FromSelection();
            EditorApplication.playModeStateChanged += OnPlayModeChanged;
        }

        void OnDisable()
        {
            EditorApplication.playModeStateChanged -= OnPlayModeChanged;
        }

        // Entering or leaving Play mode destroys the agent shown: follow the selection again.
        void OnPlayModeChanged(PlayModeStateChange change)
        {
            if (change == PlayModeStateChange.EnteredPlayMode || change == PlayModeStateChange.EnteredEditMode)
            {
                FromSelection();
                Repaint();
            }
        }

        void OnSelectionChange()
        {
            if (followSelection) FromSelection();
            Repaint();
        }

        void OnInspectorUpdate()
        {
            // About ten times a second: enough to follow an NPC, cheap for the editor.
            if (EditorApplication.isPlaying) Repaint();
        }

        void FromSelection()
        {
            var go = Selection.activeGameObject;
            var found = go == null ? null : go.GetComponent<GoapAgentBehaviour>();
            if (found != null) SetSource(found);
        }

        void SetSource(GoapAgentBehaviour agent)
        {
            if (source == agent) return;
            source = agent;
            // What is drawn changes at the next Layout (Snapshot), never within a GUI pass.
            sourceChanged = true;
            Repaint();
        }

        void ForgetShown()
        {
            sourceChanged = false;
            explainText = null;
            pendingExplain = GoalId.None;
            goals.Clear();
            // Goal ids are per agent: another agent's ids may name other goals.
            goalNames.Clear();
            shownPlan.Clear();
            planLines.Clear();
            shownFacts.Clear();
            shownVars.Clear();
            beliefLines.Clear();
            replanLines.Clear();
            lastReplanCount = -1;
            lastReplanTime = double.NaN;
            replansTitle = "Replans";
            infoReplans = -1;
            shownPlanIndex = -1;
            goalLabels = new string[0];
        }

        void OnGUI()
        {
            // The state is read in the Layout event only, so that Layout and the events after it
            // draw the same controls even if the game changes the agent between them.
            if (Event.current.type == EventType.Layout)
            {
                RefreshAgentList();
                Snapshot();
            }
            DrawPicker();
            if (!hasSnapshot)
            {
                if (notice != null) EditorGUILayout.HelpBox(notice, noticeType);
                return;
            }

            scroll = EditorGUILayout.BeginScrollView(scroll);
            EditorGUILayout.LabelField(header, EditorStyles.boldLabel);
            EditorGUILayout.LabelField(infoText, EditorStyles.wordWrappedLabel);
            EditorGUILayout.LabelField("Current action", currentAction);

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Goals (> pursued)", EditorStyles.boldLabel);
            if (goals.Count == 0) EditorGUILayout.LabelField("  (none)");
            for (int i = 0; i < goals.Count; i++) EditorGUILayout.LabelField(goals[i].Text);

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Plan (rest, current first)", EditorStyles.boldLabel);
            if (planLines.Count == 0) EditorGUILayout.LabelField("  (empty)");
            for (int i = 0; i < planLines.Count; i++)
            {
                if (i == 0 && info.Acting) EditorGUILayout.LabelField(planLines[i], EditorStyles.boldLabel);
                else EditorGUILayout.LabelField(planLines[i]);
            }

            EditorGUILayout.Space();
            showBeliefs = EditorGUILayout.Foldout(showBeliefs, "Believed state (true facts, variables)", true);
            if (showBeliefs)
            {
                if (beliefLines.Count == 0) EditorGUILayout.LabelField("  (no fact true, no variable)");
                for (int i = 0; i < beliefLines.Count; i++) EditorGUILayout.LabelField(beliefLines[i]);
            }

            EditorGUILayout.Space();
            showReplans = EditorGUILayout.Foldout(showReplans, replansTitle, true);
            if (showReplans)
                for (int i = 0; i < replanLines.Count; i++) EditorGUILayout.LabelField(replanLines[i], EditorStyles.miniLabel);

            EditorGUILayout.Space();
            showWhy = EditorGUILayout.Foldout(showWhy, "Why no plan? (Explain)", true);
            if (showWhy) DrawExplain();

            EditorGUILayout.Space();
            DrawRecording();
            EditorGUILayout.EndScrollView();
        }

        /// <summary>The agents of the scene, for the picker; labels rebuilt only when the set changes.</summary>
        void RefreshAgentList()
        {
            if (!EditorApplication.isPlaying)
            {
                if (agents.Count > 0) { agents.Clear(); agentLabels = new string[0]; }
                return;
            }
            var all = GoapAgentBehaviour.All;
            bool same = all.Count == agents.Count;
            for (int i = 0; same && i < all.Count; i++) same = ReferenceEquals(all[i], agents[i]);
            if (same) return;
            agents.Clear();
            for (int i = 0; i < all.Count; i++) agents.Add(all[i]);
            agentLabels = new string[agents.Count];
            for (int i = 0; i < agents.Count; i++) agentLabels[i] = agents[i] == null ? "(destroyed)" : GoapEditorText.MenuLabel(agents[i].name);
        }

        void DrawPicker()
        {
            EditorGUILayout.BeginHorizontal();
            bool follow = EditorGUILayout.ToggleLeft("Follow selection", followSelection, GUILayout.Width(130f));
            if (follow != followSelection)
            {
                followSelection = follow;
                if (follow) FromSelection();
            }
            if (agentLabels.Length > 0)
            {
                agentPick = Mathf.Max(0, agents.IndexOf(source));
                int pick = EditorGUILayout.Popup(agentPick, agentLabels);
                if (pick != agentPick && pick < agents.Count)
                {
                    followSelection = false;
                    SetSource(agents[pick]);
                    Repaint();
                }
            }
            EditorGUILayout.EndHorizontal();
        }

        void DrawExplain()
        {
            if (goalLabels.Length == 0)
            {
                EditorGUILayout.HelpBox("The agent has no goals.", MessageType.Info);
                return;
            }
            EditorGUILayout.BeginHorizontal();
            explainGoal = EditorGUILayout.Popup(Mathf.Min(explainGoal, goalLabels.Length - 1), goalLabels);
            if (GUILayout.Button("Explain", GUILayout.Width(70f)))
            {
                // Run at the next Layout (a search and an exploration: on request only).
                pendingExplain = goals[Mathf.Min(explainGoal, goals.Count - 1)].Id;
                Repaint();
            }
            EditorGUILayout.EndHorizontal();
            if (explainText == null) return;
            if (explainType != MessageType.None)
            {
                EditorGUILayout.HelpBox(explainText, explainType);
                return;
            }
            var style = EditorStyles.textArea;
            float height = style.CalcHeight(explainContent, Mathf.Max(100f, position.width - 40f));
            explainScroll = EditorGUILayout.BeginScrollView(explainScroll, GUILayout.MinHeight(120f), GUILayout.MaxHeight(400f));
            EditorGUILayout.SelectableLabel(explainText, style, GUILayout.Height(height));
            EditorGUILayout.EndScrollView();
        }

        void DrawRecording()
        {
            EditorGUILayout.LabelField("Flight recorder", EditorStyles.boldLabel);
            if (!hasWorld)
            {
                EditorGUILayout.HelpBox("The agent has no GoapWorldBehaviour.", MessageType.Info);
                return;
            }
            if (recording)
            {
                if (GUILayout.Button("Save recording…")) SaveRecording();
            }
            else if (GUILayout.Button("Start recording"))
            {
                try
                {
                    source.WorldBehaviour.StartRecording();
                }
                catch (GoapException e) { recordError = e.Status + ": " + e.Message; }
                catch (InvalidOperationException e) { recordError = e.Message; }
                // The button and the error box change: leave this pass, the next one draws them.
                GUIUtility.ExitGUI();
            }
            if (recordError != null) EditorGUILayout.HelpBox(recordError, MessageType.Error);
            if (string.IsNullOrEmpty(lastSavedPath)) return;
            EditorGUILayout.LabelField("Saved", EditorStyles.miniBoldLabel);
            EditorGUILayout.SelectableLabel(lastSavedPath, EditorStyles.textField, GUILayout.Height(EditorGUIUtility.singleLineHeight));
            EditorGUILayout.LabelField("Open it in the studio (a self-contained page):", EditorStyles.wordWrappedMiniLabel);
            string command = GoapEditorText.StudioCommand(lastSavedPath);
            EditorGUILayout.SelectableLabel(command, EditorStyles.textField, GUILayout.Height(EditorGUIUtility.singleLineHeight));
            EditorGUILayout.BeginHorizontal();
            if (GUILayout.Button("Copy command")) EditorGUIUtility.systemCopyBuffer = command;
            if (GUILayout.Button("Show file")) EditorUtility.RevealInFinder(lastSavedPath);
            EditorGUILayout.EndHorizontal();
        }

        void SaveRecording()
        {
            string folder = string.IsNullOrEmpty(lastSavedPath) ? "" : System.IO.Path.GetDirectoryName(lastSavedPath);
            string file = GoapEditorText.RecordingFileName(SceneManager.GetActiveScene().name, DateTime.Now);
            string path = EditorUtility.SaveFilePanel("Save GOAP recording", folder, file, GoapEditorText.RecordingExtension);
            if (!string.IsNullOrEmpty(path))
            {
                recordError = null;
                try
                {
                    // The agent may be gone by the time the dialog closes.
                    if (source == null || source.WorldBehaviour == null) recordError = "The agent's world is gone; nothing saved.";
                    else lastSavedPath = source.WorldBehaviour.SaveRecording(path);
                }
                catch (InvalidOperationException e) { recordError = e.Message; }
                catch (GoapException e) { recordError = e.Status + ": " + e.Message; }
                catch (System.IO.IOException e) { recordError = e.Message; }
                catch (UnauthorizedAccessException e) { recordError = e.Message; }
            }
            // The modal dialog ran inside OnGUI: leave this GUI pass, as Unity expects after one.
            GUIUtility.ExitGUI();
        }

        /// <summary>Reads everything drawn this frame from the agent; a failure becomes the notice.</summary>
        void Snapshot()
        {
            hasSnapshot = false;
            notice = null;
            noticeType = MessageType.Info;
            if (sourceChanged) ForgetShown();
            if (source == null)
            {
                // Nothing chosen, or the component was destroyed (Unity's null).
                notice = "Select a GameObject with a GoapAgentBehaviour, or pick an agent above in Play mode.";
                return;
            }
            if (!EditorApplication.isPlaying)
            {
                notice = source.name + ": enter Play mode; agents exist while the scene runs.";
                return;
            }
            if (!source.HasAgent)
            {
                notice = source.name + " has no agent (not started yet, failed to start, or destroyed).";
                return;
            }
            noticeType = MessageType.Warning;
            try
            {
                var agent = source.Agent;
                var domain = source.Domain;
                if (!domain.Equals(namesDomain))
                {
                    namesDomain = domain;
                    factNames.Clear();
                    varNames.Clear();
                    actionNames.Clear();
                    goalNames.Clear();
                }
                if (pendingExplain.IsValid) RunExplain(agent);
                var wb = source.WorldBehaviour;
                hasWorld = wb != null;
                recording = hasWorld && wb.IsRecording;

                info = agent.GetInfo();
                if (header.Length == 0 || infoReplans < 0) header = source.name + "   (" + agent.Id + ")";
                if (info.Replans != infoReplans || info.PlanIndex != infoPlanIndex || info.PlanLength != infoPlanLength
                    || info.PlanCost != infoCost || info.Acting != infoActing || info.GoalCount != infoGoalCount)
                {
                    infoReplans = info.Replans;
                    infoPlanIndex = info.PlanIndex;
                    infoPlanLength = info.PlanLength;
                    infoCost = info.PlanCost;
                    infoActing = info.Acting;
                    infoGoalCount = info.GoalCount;
                    infoText = (info.PlanLength == 0 ? "No plan" : "Step " + (info.PlanIndex + 1) + " of " + info.PlanLength
                        + ", cost " + info.PlanCost.ToString("0.##")) + (info.Acting ? ", acting" : ", not acting")
                        + "; " + info.Replans + " replans, last cause " + info.LastCause;
                }
                var now = source.CurrentAction;
                currentAction = now.IsValid ? ActionText(domain, now) : "none";

                ReadGoals(agent);
                ReadPlan(agent, domain);
                ReadBeliefs(agent, domain);
                ReadReplans(agent);
                hasSnapshot = true;
            }
            catch (ObjectDisposedException)
            {
                notice = "The agent's World was disposed.";
            }
            catch (GoapException e)
            {
                // UnknownAgent ("stale") once the agent is destroyed mid-play, for instance.
                notice = e.Status + ": " + e.Message;
            }
            catch (InvalidOperationException e)
            {
                notice = e.Message;
            }
        }

        void RunExplain(Agent agent)
        {
            var goal = pendingExplain;
            pendingExplain = GoalId.None;
            try
            {
                explainText = agent.Explain(goal);
                explainType = MessageType.None;
            }
            catch (GoapException e)
            {
                // UnknownGoal when the goal was removed since it was chosen.
                explainText = GoalText(agent, goal) + ": " + e.Status + ": " + e.Message;
                explainType = MessageType.Error;
            }
            explainContent.text = explainText;
        }

        void ReadGoals(Agent agent)
        {
            int count = info.GoalCount;
            bool labelsChanged = count != goals.Count;
            while (goals.Count > count) goals.RemoveAt(goals.Count - 1);
            for (int i = 0; i < count; i++)
            {
                var id = agent.GoalAt(i);
                var g = agent.GetGoalInfo(id);
                if (i < goals.Count)
                {
                    var old = goals[i];
                    if (old.Id == id && old.Priority == g.Priority && old.Satisfied == g.Satisfied && old.Current == g.Current) continue;
                    labelsChanged |= old.Id != id;
                }
                var row = new GoalRow { Id = id, Priority = g.Priority, Satisfied = g.Satisfied, Current = g.Current };
                row.Text = (g.Current ? "  > " : "    ") + GoalText(agent, id) + "   priority " + g.Priority.ToString("0.##")
                    + (g.Priority <= 0 ? " (off)" : "") + (g.Satisfied ? ", satisfied" : "");
                if (i < goals.Count) goals[i] = row;
                else goals.Add(row);
            }
            if (labelsChanged)
            {
                goalLabels = new string[goals.Count];
                for (int i = 0; i < goals.Count; i++) goalLabels[i] = GoapEditorText.MenuLabel(GoalText(agent, goals[i].Id));
            }
        }

        void ReadPlan(Agent agent, Domain domain)
        {
            agent.GetPlan(plan);
            bool same = plan.Count == shownPlan.Count && planLines.Count == plan.Count
                && info.PlanIndex == shownPlanIndex && info.Acting == shownPlanActing;
            for (int i = 0; same && i < plan.Count; i++) same = plan[i] == shownPlan[i];
            if (same) return;
            shownPlanIndex = info.PlanIndex;
            shownPlanActing = info.Acting;
            shownPlan.Clear();
            shownPlan.AddRange(plan);
            planLines.Clear();
            for (int i = 0; i < plan.Count; i++)
                planLines.Add((info.PlanIndex + i + 1) + ". " + ActionText(domain, plan[i]) + (i == 0 && info.Acting ? "   (running)" : ""));
        }

        void ReadBeliefs(Agent agent, Domain domain)
        {
            // The wrapper returns new arrays here; the lines are rebuilt only when they differ.
            var facts = agent.BelievedFacts();
            var vars = agent.BelievedVars();
            bool same = facts.Length == shownFacts.Count && vars.Length == shownVars.Count;
            for (int i = 0; same && i < facts.Length; i++) same = facts[i].Fact == shownFacts[i];
            for (int i = 0; same && i < vars.Length; i++) same = vars[i].Var == shownVars[i].Var && vars[i].Value == shownVars[i].Value;
            if (same) return;
            shownFacts.Clear();
            shownVars.Clear();
            beliefLines.Clear();
            foreach (var f in facts)
            {
                shownFacts.Add(f.Fact);
                beliefLines.Add("  " + FactText(domain, f.Fact));
            }
            foreach (var v in vars)
            {
                shownVars.Add(v);
                beliefLines.Add("  " + VarText(domain, v.Var) + " = " + v.Value);
            }
        }

        void ReadReplans(Agent agent)
        {
            agent.GetReplans(replans);
            double last = replans.Count == 0 ? double.NaN : replans[replans.Count - 1].Time;
            if (replans.Count == lastReplanCount && (last == lastReplanTime || (double.IsNaN(last) && double.IsNaN(lastReplanTime)))) return;
            lastReplanCount = replans.Count;
            lastReplanTime = last;
            replanLines.Clear();
            replansTitle = "Replans (" + replans.Count + " recent, oldest first)";
            foreach (var e in replans)
            {
                replanLines.Add(e.Time.ToString("0.00") + " s  " + e.Cause + " -> " + e.Result + ": " + GoalText(agent, e.Goal)
                    + ", " + e.PlanLength + " actions, cost " + e.PlanCost.ToString("0.##") + ", " + e.Expanded + " nodes");
            }
        }

        string GoalText(Agent agent, GoalId goal)
        {
            if (!goal.IsValid) return "no goal";
            string name;
            if (goalNames.TryGetValue(goal, out name)) return name;
            try { name = agent.GoalName(goal); }
            catch (GoapException) { return "removed goal " + goal; } // a stale id (removed since): not cached
            goalNames[goal] = name;
            return name;
        }

        string FactText(Domain domain, FactId fact)
        {
            string name;
            if (factNames.TryGetValue(fact, out name)) return name;
            try { name = domain.FactName(fact); }
            catch (GoapException) { name = fact.ToString(); } // the domain was destroyed: ids
            factNames[fact] = name;
            return name;
        }

        string VarText(Domain domain, VarId var)
        {
            string name;
            if (varNames.TryGetValue(var, out name)) return name;
            try { name = domain.VarName(var); }
            catch (GoapException) { name = var.ToString(); }
            varNames[var] = name;
            return name;
        }

        string ActionText(Domain domain, ActionId action)
        {
            string name;
            if (actionNames.TryGetValue(action, out name)) return name;
            try { name = domain.ActionName(action); }
            catch (GoapException) { name = action.ToString(); }
            actionNames[action] = name;
            return name;
        }
    }
}
