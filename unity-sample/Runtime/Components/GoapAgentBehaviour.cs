// Goap for Unity: the component that owns a goap Agent and dispatches its actions to handlers.
// C# 7.2 (Unity 2021.3+, Mono's mcs). Package-only code (not part of bindings/csharp): edit it here.
using System;
using System.Collections.Generic;
using System.Text;
using UnityEngine;

namespace Goap
{
    /// <summary>When a <see cref="GoapAgentBehaviour"/> steps its agent.</summary>
    public enum GoapUpdateMode
    {
        /// <summary>Every frame, in Update (dt: Time.deltaTime).</summary>
        Update = 0,
        /// <summary>Every fixed step, in FixedUpdate (dt: Time.fixedDeltaTime).</summary>
        FixedUpdate = 1,
        /// <summary>Only when you call <see cref="GoapAgentBehaviour.Tick"/>.</summary>
        Manual = 2,
    }

    /// <summary>A priority the agent gives one of its domain's goals at creation, instead of the file's.</summary>
    [Serializable]
    public sealed class GoapGoalPriority
    {
        /// <summary>The goal (a <c>goals</c> entry of the domain file).</summary>
        [GoapName(GoapNameKind.Goal)] public string goal = "";
        /// <summary>Its priority (larger wins; 0 or less turns it off).</summary>
        public float priority;
    }

    /// <summary>
    /// A goap <see cref="Goap.Agent"/> on a GameObject: made in Start in the world of
    /// <see cref="GoapWorldBehaviour.For"/> from a <see cref="GoapDomainAsset"/>, stepped in
    /// Update, FixedUpdate or by hand (<see cref="UpdateMode"/>), its actions performed by
    /// <see cref="IGoapAction"/> handlers bound by name: <see cref="Bind"/> by code first, then
    /// components of the GameObject with <see cref="GoapActionAttribute"/>, then plain classes
    /// with it (one instance per agent). Before each step the <see cref="IGoapSensor"/>
    /// components of the GameObject sense. Names are resolved once, when the agent is made:
    /// every problem (a name the domain lacks, an action without a handler) is reported in
    /// one error and the component disables itself. A step makes no garbage.
    /// <para>Lifecycle: disabling the component aborts the running handler (OnAbort, no report)
    /// and stops stepping; the agent keeps its plan, and when enabled again the action in
    /// progress starts over (OnStart) at the next step. Destroying it destroys the agent; a
    /// world destroyed first takes the agent along (the handler is aborted and the component
    /// disabled: enable it again to make an agent in another world).</para>
    /// </summary>
    [DefaultExecutionOrder(-50)]
    [DisallowMultipleComponent]
    [AddComponentMenu("GOAP/GOAP Agent")]
    public sealed class GoapAgentBehaviour : MonoBehaviour
    {
        [Tooltip("The domain file (.goap) the agent plans in.")]
        [SerializeField] GoapDomainAsset domain = null;

        [Tooltip("Optional: the world. Empty: one on this GameObject or a parent, else the shared one, else the scene's (made when there is none).")]
        [SerializeField] GoapWorldBehaviour world = null;

        [Tooltip("Update: every frame. FixedUpdate: every fixed step. Manual: call Tick(dt) yourself.")]
        [SerializeField] GoapUpdateMode updateMode = GoapUpdateMode.Update;

        [Header("Planning")]
        [Tooltip("Search nodes one step may expand (0: no limit). A search that needs more goes on in the next steps (the step says Planning): a frame never runs an unbounded search.")]
        [SerializeField, Min(0)] int stepMaxExpansions = 2000;

        [Tooltip("Microseconds one step may search (0: no limit).")]
        [SerializeField, Min(0)] int stepMaxMicros = 0;

        [Tooltip("Seconds an action that failed is left out of plans.")]
        [SerializeField, Min(0f)] float failureCooldown = 1f;

        [Tooltip("Another goal must beat the current one's priority by more than this to take over.")]
        [SerializeField, Min(0f)] float switchMargin = 0f;

        [Tooltip("Priorities of the domain's goals for this agent (the others keep the file's).")]
        [SerializeField] List<GoapGoalPriority> goalPriorities = new List<GoapGoalPriority>();

        [Header("Actions")]
        [Tooltip("Actions without a handler are disabled for this agent (never planned) instead of being an error.")]
        [SerializeField] bool disableUnhandledActions = false;

        [Tooltip("When the agent has no plan, log Agent.Explain's report for its top goal (once per stuck spell; it runs a search).")]
        [SerializeField] bool explainWhenStuck = false;

        GoapWorldBehaviour worldBehaviour;
        DomainEntry entry;
        Agent agent;
        bool hasAgent;
        bool started;
        IGoapAction[] handlers = new IGoapAction[0];
        IGoapSensor[] sensors = new IGoapSensor[0];
        readonly Dictionary<string, IGoapAction> bound = new Dictionary<string, IGoapAction>();

        // The action in progress.
        bool running;
        IGoapAction runningHandler;
        int runningIndex = -1;
        ActionId current;
        GoalId currentGoal;
        float elapsed;

        AgentStep lastStep;
        StepKind lastKind;
        float deltaTime;

        static readonly List<GoapAgentBehaviour> all = new List<GoapAgentBehaviour>();

        /// <summary>After the agent was made and its handlers resolved, before its first step: set start beliefs here.</summary>
        public event Action<GoapAgentBehaviour> AgentCreated;
        /// <summary>A handler was started (before its OnStart).</summary>
        public event Action<GoapAgentBehaviour, ActionId> ActionStarted;
        /// <summary>A handler reported Succeeded (true) or Failed (false); not raised for an abort.</summary>
        public event Action<GoapAgentBehaviour, ActionId, bool> ActionFinished;
        /// <summary>A step found no plan after one that did not (once per stuck spell).</summary>
        public event Action<GoapAgentBehaviour> NoPlan;

        /// <summary>Every agent component from Awake to OnDestroy (enabled or not; see <see cref="HasAgent"/>).</summary>
        public static IReadOnlyList<GoapAgentBehaviour> All { get { return all; } }

        /// <summary>The domain asset (set it before Start when adding the component from code).</summary>
        public GoapDomainAsset DomainAsset { get { return domain; } set { domain = value; } }

        /// <summary>The world the agent lives in (once made), else the one assigned (set it before Start), else null.</summary>
        public GoapWorldBehaviour WorldBehaviour { get { return worldBehaviour != null ? worldBehaviour : world; } set { world = value; } }

        internal GoapWorldBehaviour ExplicitWorld { get { return world; } }

        /// <summary>True when the agent exists and its world is alive.</summary>
        public bool HasAgent { get { return hasAgent && agent.World != null && !agent.World.IsDisposed; } }

        /// <summary>The agent (default(Agent) before Start, or once destroyed).</summary>
        public Agent Agent { get { return agent; } }

        /// <summary>The agent's domain in its world (default(Domain) before the world loaded it).</summary>
        public Domain Domain { get { return entry != null ? entry.Domain : default(Domain); } }

        /// <summary>The action whose handler runs, or default(ActionId).</summary>
        public ActionId CurrentAction { get { return running ? current : default(ActionId); } }

        /// <summary>The name of <see cref="CurrentAction"/> (cached), or null.</summary>
        public string CurrentActionName { get { return running && runningIndex >= 0 ? entry.ActionNames[runningIndex] : null; } }

        /// <summary>The goal the running action serves, or <see cref="GoalId.None"/>.</summary>
        public GoalId CurrentGoal { get { return running ? currentGoal : GoalId.None; } }

        /// <summary>What the latest step said.</summary>
        public AgentStep LastStep { get { return lastStep; } }

        /// <summary>The dt of the step in progress (sensors read it), else of the latest one.</summary>
        public float DeltaTime { get { return deltaTime; } }

        /// <summary>When the agent steps (changeable any time).</summary>
        public GoapUpdateMode UpdateMode { get { return updateMode; } set { updateMode = value; } }

        /// <summary>Search nodes one step may expand (0: no limit); read when the agent is made.</summary>
        public int StepMaxExpansions { get { return stepMaxExpansions; } set { stepMaxExpansions = NonNegative(value); } }

        /// <summary>Microseconds one step may search (0: no limit); read when the agent is made.</summary>
        public int StepMaxMicros { get { return stepMaxMicros; } set { stepMaxMicros = NonNegative(value); } }

        /// <summary>Seconds a failed action is left out of plans; read when the agent is made.</summary>
        public float FailureCooldown { get { return failureCooldown; } set { failureCooldown = Math.Max(0f, value); } }

        /// <summary>The margin another goal must beat the current one by; read when the agent is made.</summary>
        public float SwitchMargin { get { return switchMargin; } set { switchMargin = Math.Max(0f, value); } }

        /// <summary>Unhandled actions are disabled instead of an error; read when the agent is made.</summary>
        public bool DisableUnhandledActions { get { return disableUnhandledActions; } set { disableUnhandledActions = value; } }

        /// <summary>Log Agent.Explain when stuck (changeable any time).</summary>
        public bool ExplainWhenStuck { get { return explainWhenStuck; } set { explainWhenStuck = value; } }

        /// <summary>
        /// Sets a goal's priority: now when the agent exists (ArgumentException for a goal it
        /// lacks), and at creation otherwise. Resolves the name: for every frame, keep
        /// <c>Agent.FindGoal</c>'s id and call <c>Agent.SetGoalPriority</c>.
        /// </summary>
        public void SetGoalPriority(string goal, float priority)
        {
            if (goal == null) throw new ArgumentNullException("goal");
            GoapGoalPriority found = null;
            foreach (var g in goalPriorities) if (g != null && g.goal == goal) found = g;
            if (found == null) goalPriorities.Add(found = new GoapGoalPriority { goal = goal });
            found.priority = priority;
            if (HasAgent) ApplyGoalPriority(found, null);
        }

        /// <summary>
        /// Binds <paramref name="handler"/> to the action <paramref name="actionName"/> (before
        /// components and classes). Before Start it is checked with the others; afterwards it
        /// takes effect at the action's next start (ArgumentException for a name the domain
        /// lacks). Null removes the binding from the next resolution (an agent made later, after
        /// its world went); the agent that exists keeps the handler it has.
        /// </summary>
        public void Bind(string actionName, IGoapAction handler)
        {
            if (actionName == null) throw new ArgumentNullException("actionName");
            int i = -1;
            if (hasAgent && handler != null)
            {
                // Checked before it is kept: a refused name must not fail the next agent's resolution.
                i = entry.IndexOf(actionName);
                if (i < 0) throw new ArgumentException(entry.Describe() + " has no action \"" + actionName + "\"" + GoapActionNames.NearNames(actionName, entry.ActionNames), "actionName");
            }
            if (handler == null) bound.Remove(actionName);
            else bound[actionName] = handler;
            if (i < 0) return;
            if (handlers[i] == null && disableUnhandledActions) agent.SetActionEnabled(entry.Actions[i], true);
            handlers[i] = handler;
        }

        /// <summary>The fact <paramref name="name"/> of the domain (cached; ArgumentException naming the domain and near names). Resolve once, keep the id.</summary>
        public FactId Fact(string name) { return Entry().Fact(name); }

        /// <summary>The variable <paramref name="name"/> of the domain (see <see cref="Fact"/>).</summary>
        public VarId Var(string name) { return Entry().Var(name); }

        /// <summary>Reads the IGoapSensor components of the GameObject again (they are read when the agent is made).</summary>
        public void RefreshSensors() { sensors = GetComponents<IGoapSensor>(); }

        /// <summary>
        /// One step of <paramref name="dt"/> seconds: sensors, <see cref="Agent.Step"/>, the
        /// handler. Update and FixedUpdate call it by <see cref="UpdateMode"/>; in Manual mode
        /// call it yourself. Does nothing while disabled or without an agent.
        /// </summary>
        public void Tick(float dt)
        {
            if (!hasAgent || !enabled) return;
            deltaTime = dt;
            if (sensors.Length > 0)
            {
                GoapMarkers.Sense.Begin();
                for (int i = 0; i < sensors.Length; i++)
                {
                    try { sensors[i].Sense(this); }
                    // The world disposed under the agent: the step below finds it. Any other
                    // ObjectDisposedException (the sensor's own) is a bug to show.
                    catch (ObjectDisposedException) when (!HasAgent) { }
                    catch (Exception e) { Debug.LogException(e, this); }
                }
                GoapMarkers.Sense.End();
            }
            if (!hasAgent || !enabled) return; // a sensor disabled or destroyed the agent
            GoapMarkers.Step.Begin();
            try { StepOnce(dt); }
            finally { GoapMarkers.Step.End(); }
        }

        void StepOnce(float dt)
        {
            AgentStep step;
            try { step = agent.Step(dt); }
            catch (ObjectDisposedException) { WorldLost(); return; }
            catch (GoapException e)
            {
                Debug.LogException(e, this);
                return;
            }
            lastStep = step;
            switch (step.Kind)
            {
                case StepKind.Start:
                    Abort();
                    if (Begin(step)) Perform(dt);
                    break;
                case StepKind.Continue:
                    if (!running || step.Action != current)
                    {
                        Abort();
                        if (!Begin(step)) break;
                    }
                    Perform(dt);
                    break;
                case StepKind.Planning:
                    // A search spread over steps: the action in progress (step.Action) goes on
                    // meanwhile, as for Continue. No action: the plan was dropped with the one
                    // that ran (a goal achieved mid-action, say): its handler stops.
                    if (!step.Action.IsValid)
                    {
                        Abort();
                        break;
                    }
                    if (!running || step.Action != current)
                    {
                        Abort();
                        if (!Begin(step)) break;
                    }
                    Perform(dt);
                    break;
                case StepKind.NoPlan:
                    Abort();
                    if (lastKind != StepKind.NoPlan)
                    {
                        Raise(NoPlan);
                        if (explainWhenStuck) ExplainStuck();
                    }
                    break;
                case StepKind.Waiting:
                    Abort();
                    if (worldBehaviour != null) worldBehaviour.RequestBatch();
                    break;
                default:
                    Abort();
                    break;
            }
            lastKind = step.Kind;
        }

        bool Begin(AgentStep step)
        {
            runningIndex = entry.IndexOf(step.Action);
            current = step.Action;
            currentGoal = step.Goal;
            elapsed = 0f;
            runningHandler = runningIndex >= 0 ? handlers[runningIndex] : null;
            // A handler component destroyed since resolution (Destroy(component)) is no handler.
            if (runningHandler != null && IsDestroyed(runningHandler)) runningHandler = null;
            if (runningHandler == null)
            {
                Debug.LogError("GoapAgentBehaviour \"" + name + "\": no handler for " + (runningIndex >= 0 ? "action \"" + entry.ActionNames[runningIndex] + "\"" : step.Action.ToString()) + "; reported failed", this);
                runningIndex = -1;
                Report(GoapActionStatus.Failed);
                return false;
            }
            running = true;
            var onStarted = ActionStarted;
            if (onStarted != null)
            {
                try { onStarted(this, current); }
                catch (Exception e) { Debug.LogException(e, this); }
            }
            if (!running) return false; // the event aborted it
            try { runningHandler.OnStart(Context()); }
            catch (Exception e)
            {
                Debug.LogException(e, this);
                Report(GoapActionStatus.Failed);
                return false;
            }
            return running;
        }

        void Perform(float dt)
        {
            elapsed += dt;
            GoapActionStatus status;
            try { status = runningHandler.OnTick(Context(), dt); }
            catch (Exception e)
            {
                Debug.LogException(e, this);
                status = GoapActionStatus.Failed;
            }
            if (running) Report(status);
        }

        void Report(GoapActionStatus status)
        {
            var action = current;
            if (status != GoapActionStatus.Running)
            {
                running = false;
                runningHandler = null;
            }
            try
            {
                agent.Report(status == GoapActionStatus.Running ? ActionReport.Running
                    : status == GoapActionStatus.Succeeded ? ActionReport.Succeeded : ActionReport.Failed);
            }
            catch (ObjectDisposedException) { WorldLost(); return; }
            if (status == GoapActionStatus.Running) return;
            var finished = ActionFinished;
            if (finished != null)
            {
                try { finished(this, action, status == GoapActionStatus.Succeeded); }
                catch (Exception e) { Debug.LogException(e, this); }
            }
        }

        /// <summary>Stops the running handler (OnAbort), without a report.</summary>
        void Abort()
        {
            if (!running) return;
            running = false;
            var h = runningHandler;
            var ctx = Context();
            runningHandler = null;
            if (IsDestroyed(h)) return; // a handler component destroyed first (scene unload): nothing to stop
            try { h.OnAbort(ctx); }
            catch (Exception e) { Debug.LogException(e, this); }
        }

        static bool IsDestroyed(IGoapAction h)
        {
            var o = h as UnityEngine.Object;
            return !ReferenceEquals(o, null) && o == null;
        }

        GoapActionContext Context()
        {
            return new GoapActionContext(this, current, runningIndex >= 0 ? entry.ActionNames[runningIndex] : null, elapsed, currentGoal);
        }

        void Raise(Action<GoapAgentBehaviour> e)
        {
            if (e == null) return;
            try { e(this); }
            catch (Exception ex) { Debug.LogException(ex, this); }
        }

        /// <summary>Logs Agent.Explain for the goal it wants most (the highest priority above 0 not met).</summary>
        void ExplainStuck()
        {
            try
            {
                var info = agent.GetInfo();
                GoalId best = GoalId.None;
                double bestPriority = 0;
                for (int i = 0; i < info.GoalCount; i++)
                {
                    var g = agent.GoalAt(i);
                    var gi = agent.GetGoalInfo(g);
                    if (!gi.Satisfied && gi.Priority > bestPriority) { best = g; bestPriority = gi.Priority; }
                }
                if (best.IsNone) return;
                Debug.Log(name + " has no plan for '" + agent.GoalName(best) + "'; Agent.Explain says:\n" + agent.Explain(best), this);
            }
            catch (Exception e) { Debug.LogException(e, this); }
        }

        DomainEntry Entry()
        {
            if (entry != null) return entry;
            if (domain == null) throw new InvalidOperationException("GoapAgentBehaviour \"" + name + "\" has no domain asset");
            var w = worldBehaviour != null ? worldBehaviour : GoapWorldBehaviour.For(this);
            entry = w.Entry(domain);
            worldBehaviour = w;
            return entry;
        }

        void Awake()
        {
            if (!all.Contains(this)) all.Add(this);
        }

        void Start()
        {
            started = true;
            CreateAgent();
        }

        void OnEnable()
        {
            if (started) CreateAgent();
        }

        void OnDisable()
        {
            Abort();
        }

        void Update()
        {
            if (updateMode == GoapUpdateMode.Update) Tick(Time.deltaTime);
        }

        void FixedUpdate()
        {
            if (updateMode == GoapUpdateMode.FixedUpdate) Tick(Time.fixedDeltaTime);
        }

        void OnDestroy()
        {
            ReleaseAgent();
            all.Remove(this);
        }

        /// <summary>Makes the agent and resolves its names (Start, and OnEnable after a world went).</summary>
        void CreateAgent()
        {
            if (hasAgent) return;
            if (domain == null)
            {
                Debug.LogError("GoapAgentBehaviour \"" + name + "\": assign a domain asset (GoapDomainAsset); the component is disabled", this);
                enabled = false;
                return;
            }
            try
            {
                if (worldBehaviour == null || !worldBehaviour.IsAlive)
                {
                    worldBehaviour = GoapWorldBehaviour.For(this);
                    entry = null;
                }
                if (!worldBehaviour.IsAlive)
                    throw new InvalidOperationException("GoapAgentBehaviour \"" + name + "\": the GoapWorldBehaviour \"" + worldBehaviour.name + "\" has no world");
                Entry();
                var settings = AgentSettings.For(entry.Domain);
                settings.StepMaxExpansions = stepMaxExpansions;
                settings.StepMaxMicros = stepMaxMicros;
                settings.FailureCooldown = failureCooldown;
                settings.SwitchMargin = switchMargin;
                settings.PlanInStep = !worldBehaviour.BatchPlanning;
                agent = worldBehaviour.World.CreateAgent(settings);
                hasAgent = true;
            }
            catch (Exception e)
            {
                // A domain that does not load (GoapException naming the asset), no world.
                Debug.LogException(e, this);
                enabled = false;
                return;
            }
            worldBehaviour.Register(this);
            lastKind = 0;
            var problems = new List<string>();
            Resolve(problems);
            if (problems.Count > 0)
            {
                var text = new StringBuilder();
                text.Append("GoapAgentBehaviour \"").Append(name).Append("\" (").Append(entry.Describe()).Append("): ")
                    .Append(problems.Count).Append(problems.Count == 1 ? " problem" : " problems").Append("; the component is disabled");
                foreach (var p in problems) text.Append("\n - ").Append(p);
                Debug.LogError(text.ToString(), this);
                ReleaseAgent(); // enabled again (once fixed: Bind, components), it tries anew
                enabled = false;
                return;
            }
            Raise(AgentCreated);
        }

        /// <summary>Handlers, sensors and goal priorities; every problem goes to <paramref name="problems"/>.</summary>
        void Resolve(List<string> problems)
        {
            var names = entry.ActionNames;
            handlers = new IGoapAction[names.Length];
            foreach (var b in bound)
            {
                if (entry.IndexOf(b.Key) < 0)
                    problems.Add("Bind(\"" + b.Key + "\"): the domain has no action \"" + b.Key + "\"" + GoapActionNames.NearNames(b.Key, names));
            }
            var components = GetComponents<IGoapAction>();
            foreach (var c in components)
            {
                var typeName = c.GetType().Name;
                var own = GoapActionNames.Of(c.GetType());
                if (own.Length == 0 && !bound.ContainsValue(c))
                    problems.Add("component " + typeName + " is an IGoapAction without [GoapAction(\"name\")] (or bind it with Bind)");
                foreach (var pattern in own)
                {
                    bool matches = false;
                    foreach (var n in names) if (GoapActionNames.Match(pattern, n) >= 0) { matches = true; break; }
                    if (!matches)
                        problems.Add("component " + typeName + ": [GoapAction(\"" + pattern + "\")]: the domain has no action " +
                            (GoapActionNames.IsPattern(pattern) ? "that starts with \"" + pattern.Substring(0, pattern.Length - 1) + "\"" : "\"" + pattern + "\"" + GoapActionNames.NearNames(pattern, names)));
                }
            }
            var plainInstances = new Dictionary<Type, IGoapAction>();
            for (int i = 0; i < names.Length; i++)
            {
                var action = names[i];
                IGoapAction handler;
                if (bound.TryGetValue(action, out handler)) { handlers[i] = handler; continue; }
                handler = BestComponent(components, action, problems);
                if (handler == null) handler = PlainHandler(action, plainInstances, problems);
                if (handler != null) { handlers[i] = handler; continue; }
                if (disableUnhandledActions) agent.SetActionEnabled(entry.Actions[i], false);
                else problems.Add("no handler for action \"" + action + "\" (a component here or a class with [GoapAction(\"" + action + "\")], Bind, or tick Disable Unhandled Actions)");
            }
            foreach (var g in goalPriorities) if (g != null && !string.IsNullOrEmpty(g.goal)) ApplyGoalPriority(g, problems);
            sensors = GetComponents<IGoapSensor>();
        }

        static IGoapAction BestComponent(IGoapAction[] components, string action, List<string> problems)
        {
            IGoapAction best = null, tie = null;
            int bestScore = -1;
            foreach (var c in components)
            {
                int score = -1;
                foreach (var pattern in GoapActionNames.Of(c.GetType())) score = Math.Max(score, GoapActionNames.Match(pattern, action));
                if (score < 0) continue;
                if (score > bestScore) { best = c; bestScore = score; tie = null; }
                else if (score == bestScore) tie = c;
            }
            if (tie != null)
                problems.Add("components " + best.GetType().Name + " and " + tie.GetType().Name + " both handle action \"" + action + "\"");
            return best;
        }

        static IGoapAction PlainHandler(string action, Dictionary<Type, IGoapAction> made, List<string> problems)
        {
            GoapActionNames.PlainHandler best = null, tie = null;
            int bestScore = -1;
            foreach (var h in GoapActionNames.PlainHandlers)
            {
                int score = -1;
                foreach (var pattern in h.Names) score = Math.Max(score, GoapActionNames.Match(pattern, action));
                if (score < 0) continue;
                if (score > bestScore) { best = h; bestScore = score; tie = null; }
                else if (score == bestScore) tie = h;
            }
            if (best == null) return null;
            if (tie != null)
            {
                problems.Add("classes " + best.Type.FullName + " and " + tie.Type.FullName + " both handle action \"" + action + "\"");
                return null;
            }
            if (best.Problem != null)
            {
                problems.Add(best.Problem);
                return null;
            }
            IGoapAction instance;
            if (made.TryGetValue(best.Type, out instance)) return instance;
            try { instance = (IGoapAction)Activator.CreateInstance(best.Type); }
            catch (Exception e)
            {
                problems.Add("class " + best.Type.FullName + " could not be made: " + (e.InnerException ?? e).Message);
                return null;
            }
            made[best.Type] = instance;
            return instance;
        }

        void ApplyGoalPriority(GoapGoalPriority g, List<string> problems)
        {
            GoalId goal;
            try { goal = agent.FindGoal(g.goal); }
            catch (GoapException e) when (e.Status == Status.NotFound)
            {
                var message = "goal priority: the domain has no goal \"" + g.goal + "\"" + GoapActionNames.NearNames(g.goal, domain.GoalNames);
                if (problems == null) throw new ArgumentException(message, "goal");
                problems.Add(message);
                return;
            }
            agent.SetGoalPriority(goal, g.priority);
        }

        /// <summary>Aborts the handler, destroys the agent while its world lives, leaves the world.</summary>
        void ReleaseAgent()
        {
            Abort();
            if (hasAgent)
            {
                hasAgent = false;
                try { if (agent.World != null && !agent.World.IsDisposed) agent.Destroy(); }
                catch (ObjectDisposedException) { }
            }
            if (worldBehaviour != null) worldBehaviour.Unregister(this);
        }

        /// <summary>The world's OnDestroy: the agent goes first, then this component stops.</summary>
        internal void WorldGone(GoapWorldBehaviour gone)
        {
            if (worldBehaviour != gone && !ReferenceEquals(worldBehaviour, gone)) return;
            ReleaseAgent();
            worldBehaviour = null;
            entry = null;
            if (this != null) enabled = false;
        }

        /// <summary>The world was disposed under the agent (by code, not by its component).</summary>
        void WorldLost()
        {
            if (running)
            {
                running = false;
                var h = runningHandler;
                runningHandler = null;
                if (!IsDestroyed(h))
                {
                    try { h.OnAbort(Context()); }
                    catch (Exception e) { Debug.LogException(e, this); }
                }
            }
            hasAgent = false;
            if (worldBehaviour != null) worldBehaviour.Unregister(this);
            worldBehaviour = null;
            entry = null;
            enabled = false;
        }

        static int NonNegative(int value)
        {
            if (value < 0) throw new ArgumentOutOfRangeException("value", value, "must not be negative");
            return value;
        }

        /// <summary>Forgets <see cref="All"/> (GoapWorldBehaviour's SubsystemRegistration reset calls it).</summary>
        internal static void ResetStatics() { all.Clear(); }
    }
}
