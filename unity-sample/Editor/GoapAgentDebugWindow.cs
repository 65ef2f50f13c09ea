// Goap editor tools: a live view of the agent of the selected GameObject. C# 7.2.
// References only the Goap assembly, UnityEngine and UnityEditor (not the sample): it finds
// the agent through any MonoBehaviour with a public property of type Goap.Agent.
using System;
using System.Collections.Generic;
using System.Reflection;
using UnityEditor;
using UnityEngine;

namespace Goap.EditorTools
{
    /// <summary>
    /// Window/GOAP/Agent Debugger: for the selected GameObject, the agent exposed by one of its
    /// MonoBehaviours (a public <c>Goap.Agent</c> property; an optional public <c>bool HasAgent</c>
    /// property): its goals by name with their priorities (the current one marked, met ones
    /// noted), its believed facts and variables, the plan by action name and the position in
    /// it, whether it is acting, the last replan cause, replan counts, the recent replans and,
    /// on request, <see cref="Agent.Explain"/> for a goal. Names come from the library
    /// (the agent's domain), never from the domain file. Refreshes
    /// while playing. Errors (a destroyed agent, a disposed world) show as a box, once per
    /// repaint, never in the console.
    /// </summary>
    public sealed class GoapAgentDebugWindow : EditorWindow
    {
        static readonly ReplanCause[] Causes =
        {
            ReplanCause.NoPlan, ReplanCause.ActionFailed, ReplanCause.GoalChanged,
            ReplanCause.PlanInvalidated, ReplanCause.StepsSkipped,
        };

        // The source found at the last selection change.
        MonoBehaviour source;
        PropertyInfo agentProperty;
        PropertyInfo hasAgentProperty;

        readonly List<ActionId> plan = new List<ActionId>();
        readonly List<ReplanEvent> replans = new List<ReplanEvent>();
        readonly Dictionary<ActionId, string> actionNames = new Dictionary<ActionId, string>();
        // The agent's goals at the last snapshot, listed with Agent.GoalAt (in the order added),
        // and their names by id (a replan may name a goal removed since: not in the map).
        readonly List<GoalId> goalIds = new List<GoalId>();
        readonly Dictionary<GoalId, string> goalNames = new Dictionary<GoalId, string>();
        readonly List<string> goalLines = new List<string>();
        readonly List<string> beliefs = new List<string>();

        // What OnGUI draws, read at the last Layout event.
        bool hasSnapshot;
        string notice;
        MessageType noticeType;
        AgentInfo info;
        string causeCounts = "";
        readonly List<string> planNames = new List<string>();
        string sourceName = "";
        string sourceType = "";
        string agentText = "";

        Vector2 scroll;
        Vector2 explainScroll;
        bool showReplans = true;
        bool showBeliefs = true;
        bool showWhy;
        int explainGoal;
        // The goal to explain at the next Layout (None: nothing asked): an id, not an index, so
        // the goal shown when the button was pressed is the one explained, or an error if it
        // was removed since.
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
            minSize = new Vector2(320f, 240f);
            FindSource();
        }

        void OnSelectionChange()
        {
            FindSource();
            Repaint();
        }

        void OnInspectorUpdate()
        {
            // About ten times a second: enough to follow an NPC, cheap for the editor.
            if (EditorApplication.isPlaying) Repaint();
        }

        /// <summary>The first MonoBehaviour of the selection with a public Goap.Agent property; reflection once per selection.</summary>
        void FindSource()
        {
            source = null;
            agentProperty = hasAgentProperty = null;
            actionNames.Clear();
            explainText = null;
            var go = Selection.activeGameObject;
            if (go == null) return;
            foreach (var component in go.GetComponents<MonoBehaviour>())
            {
                if (component == null) continue; // a missing script
                var type = component.GetType();
                var agentProp = FindProperty(type, null, typeof(Agent));
                if (agentProp == null) continue;
                source = component;
                agentProperty = agentProp;
                hasAgentProperty = FindProperty(type, "HasAgent", typeof(bool));
                return;
            }
        }

        /// <summary>A public readable instance property of <paramref name="type"/> (named <paramref name="name"/> unless null).</summary>
        static PropertyInfo FindProperty(Type type, string name, Type propertyType)
        {
            foreach (var p in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
            {
                if (p.PropertyType != propertyType || !p.CanRead || p.GetIndexParameters().Length != 0) continue;
                if (name == null || p.Name == name) return p;
            }
            return null;
        }

        void OnGUI()
        {
            // The state is read in the Layout event only, so that Layout and Repaint draw the
            // same controls even if the game changes the agent between them.
            if (Event.current.type == EventType.Layout) Snapshot();
            if (!hasSnapshot)
            {
                if (notice != null) EditorGUILayout.HelpBox(notice, noticeType);
                return;
            }

            scroll = EditorGUILayout.BeginScrollView(scroll);
            EditorGUILayout.LabelField(sourceName, sourceType, EditorStyles.boldLabel);
            EditorGUILayout.LabelField("Agent", agentText);
            EditorGUILayout.LabelField("Goal", GoalText(info.Goal) + "   (of " + info.GoalCount + ")");
            for (int i = 0; i < goalLines.Count; i++) EditorGUILayout.LabelField(goalLines[i]);
            EditorGUILayout.LabelField("Acting", info.Acting ? "yes" : "no");
            EditorGUILayout.LabelField("Plan step", info.PlanLength == 0 ? "no plan"
                : info.PlanIndex + " of " + info.PlanLength + ", cost " + info.PlanCost.ToString("0.##"));
            EditorGUILayout.LabelField("Last replan cause", info.LastCause.ToString());
            EditorGUILayout.LabelField("Replans", info.Replans + causeCounts);
            EditorGUILayout.LabelField("Clock", info.Clock.ToString("0.0") + " s");

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Plan (rest, current first)", EditorStyles.boldLabel);
            if (planNames.Count == 0) EditorGUILayout.LabelField("  (empty)");
            for (int i = 0; i < planNames.Count; i++)
            {
                string marker = i == 0 && info.Acting ? "> " : "  ";
                EditorGUILayout.LabelField(marker + (info.PlanIndex + i) + ". " + planNames[i]);
            }

            EditorGUILayout.Space();
            showBeliefs = EditorGUILayout.Foldout(showBeliefs, "Believed state (true facts, variables)", true);
            if (showBeliefs)
            {
                if (beliefs.Count == 0) EditorGUILayout.LabelField("  (no fact true, no variable)");
                for (int i = 0; i < beliefs.Count; i++) EditorGUILayout.LabelField("  " + beliefs[i]);
            }

            EditorGUILayout.Space();
            showReplans = EditorGUILayout.Foldout(showReplans, "Recent replans (" + replans.Count + ", oldest first)", true);
            if (showReplans)
            {
                for (int i = 0; i < replans.Count; i++)
                {
                    var e = replans[i];
                    EditorGUILayout.LabelField(
                        e.Time.ToString("0.00") + " s  " + e.Cause,
                        e.Result + " -> " + GoalText(e.Goal) + ", " + e.PlanLength + " actions, cost " + e.PlanCost.ToString("0.##")
                        + ", " + e.Expanded + " nodes, " + e.GoalsTried + " goals tried, " + e.CacheHits + " cached");
                }
            }

            EditorGUILayout.Space();
            showWhy = EditorGUILayout.Foldout(showWhy, "Why no plan?", true);
            if (showWhy) DrawExplain();
            EditorGUILayout.EndScrollView();
        }

        void DrawExplain()
        {
            if (info.GoalCount == 0)
            {
                EditorGUILayout.HelpBox("The agent has no goals.", MessageType.Info);
                return;
            }
            if (goalIds.Count == 0) return;
            explainGoal = EditorGUILayout.IntSlider("Goal index", Mathf.Min(explainGoal, goalIds.Count - 1), 0, goalIds.Count - 1);
            var chosen = goalIds[explainGoal];
            if (GUILayout.Button("Explain goal " + explainGoal + " (" + GoalText(chosen) + ")"))
            {
                // Run at the next Layout (a search and an exploration: on request only).
                pendingExplain = chosen;
                Repaint();
            }
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

        /// <summary>Reads everything drawn this frame from the agent; a failure becomes the notice.</summary>
        void Snapshot()
        {
            hasSnapshot = false;
            notice = null;
            noticeType = MessageType.Info;
            if (source == null)
            {
                // Nothing selected, no agent component, or the component was destroyed (Unity's null).
                notice = agentProperty == null
                    ? "Select a GameObject with a component that exposes a public Goap.Agent property (e.g. the Village sample's VillagerNpc)."
                    : "The selected agent's component was destroyed.";
                return;
            }
            if (!EditorApplication.isPlaying)
            {
                notice = source.name + " (" + source.GetType().Name + "): enter Play mode; agents exist while the scene runs.";
                return;
            }
            if (hasAgentProperty != null && !(bool)hasAgentProperty.GetValue(source, null))
            {
                notice = source.name + " has no agent (not started yet, failed to start, or destroyed).";
                return;
            }
            noticeType = MessageType.Warning;
            try
            {
                var agent = (Agent)agentProperty.GetValue(source, null);
                if (agent.World == null)
                {
                    notice = source.name + "'s agent names no world yet (default(Agent)).";
                    return;
                }
                // The agent's own domain names its facts, variables and actions (while it lives;
                // an agent outlives a destroyed domain, and then shows ids).
                Domain? domain = agent.World.GetDomain(agent.DomainId);
                if (pendingExplain.IsValid)
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
                        explainText = GoalText(goal) + ": " + e.Status + ": " + e.Message;
                        explainType = MessageType.Error;
                    }
                    explainContent.text = explainText;
                }
                info = agent.GetInfo();
                goalIds.Clear();
                goalNames.Clear();
                goalLines.Clear();
                for (int i = 0; i < info.GoalCount; i++)
                {
                    var goal = agent.GoalAt(i);
                    var g = agent.GetGoalInfo(goal);
                    var name = agent.GoalName(goal);
                    goalIds.Add(goal);
                    goalNames[goal] = name;
                    goalLines.Add((g.Current ? "  > " : "    ") + name + "   priority " + g.Priority.ToString("0.##")
                        + (g.Priority <= 0 ? " (off)" : "") + (g.Satisfied ? ", met" : ""));
                }
                beliefs.Clear();
                foreach (var fact in agent.BelievedFacts()) beliefs.Add(FactText(fact.Fact, domain));
                foreach (var v in agent.BelievedVars()) beliefs.Add(VarText(v.Var, domain) + " = " + v.Value);
                agent.GetPlan(plan);
                agent.GetReplans(replans);
                causeCounts = CauseCounts(agent);
                planNames.Clear();
                foreach (var action in plan) planNames.Add(ActionText(action, domain));
                sourceName = source.name;
                sourceType = source.GetType().Name;
                agentText = agent.Id.ToString();
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
                // Whatever else the wrapper refuses for this agent value.
                notice = e.Message;
            }
        }

        string GoalText(GoalId goal)
        {
            if (!goal.IsValid) return "none";
            string name;
            // A goal of a replan may have been removed since: its id is then stale.
            return goalNames.TryGetValue(goal, out name) ? name : "removed goal " + goal;
        }

        static string FactText(FactId fact, Domain? domain)
        {
            if (domain == null) return fact.ToString();
            try { return domain.Value.FactName(fact); }
            catch (GoapException) { return fact.ToString(); }
        }

        static string VarText(VarId var, Domain? domain)
        {
            if (domain == null) return var.ToString();
            try { return domain.Value.VarName(var); }
            catch (GoapException) { return var.ToString(); }
        }

        string CauseCounts(Agent agent)
        {
            string text = "";
            foreach (var cause in Causes)
            {
                long n = agent.ReplanCount(cause);
                if (n > 0) text += (text.Length == 0 ? "   (" : ", ") + cause + " " + n;
            }
            return text.Length == 0 ? text : text + ")";
        }

        string ActionText(ActionId action, Domain? domain)
        {
            if (domain == null) return action.ToString();
            string name;
            if (!actionNames.TryGetValue(action, out name))
            {
                try { name = domain.Value.ActionName(action); }
                catch (GoapException) { name = action.ToString(); }
                actionNames[action] = name;
            }
            return name;
        }
    }
}
