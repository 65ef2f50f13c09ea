using System;
using System.Collections.Generic;
using Goap.Native;

namespace Goap
{
    /// <summary>Settings of a new agent (goap.h GoapAgentDef). Start from <see cref="For"/>.</summary>
    public struct AgentSettings
    {
        /// <summary>The domain the agent plans in (it keeps a copy as it is now).</summary>
        public DomainId Domain;
        /// <summary>Another goal must beat the current one's priority by more than this to take over. Default 0.</summary>
        public double SwitchMargin;
        /// <summary>Seconds an action reported failed is not planned with. Default 0.</summary>
        public double FailureCooldown;
        /// <summary>True (default): <see cref="Agent.Step"/> searches itself; false: it waits for <see cref="World.PlanAgents()"/>.</summary>
        public bool PlanInStep;
        /// <summary>Node limit of each search. Default 1000000.</summary>
        public int MaxNodes;
        /// <summary>The heuristic. Default <see cref="Goap.Heuristic.Auto"/>.</summary>
        public Heuristic Heuristic;
        /// <summary>
        /// The most nodes one <see cref="Agent.Step"/> may expand searching; 0 (default): no limit. A step
        /// whose search runs out returns <see cref="StepKind.Planning"/> and the next step continues it.
        /// </summary>
        public int StepMaxExpansions;
        /// <summary>The most microseconds one <see cref="Agent.Step"/> may spend searching; 0 (default): no limit.</summary>
        public int StepMaxMicros;
        /// <summary>The search direction. Default <see cref="Goap.Direction.Auto"/>.</summary>
        public Direction Direction;

        /// <summary>The native defaults, for an agent of <paramref name="domain"/>.</summary>
        public static AgentSettings For(Domain domain)
        {
            Library.EnsureLoaded();
            var d = NativeMethods.goap_agent_def_default();
            return new AgentSettings
            {
                Domain = domain.Id,
                SwitchMargin = d.switch_margin,
                FailureCooldown = d.failure_cooldown,
                PlanInStep = d.plan_in_step != 0,
                MaxNodes = (int)d.max_nodes,
                Heuristic = (Heuristic)d.heuristic,
                StepMaxExpansions = (int)d.step_max_expansions,
                StepMaxMicros = (int)d.step_max_micros,
                Direction = (Direction)d.direction,
            };
        }

        /// <summary>
        /// The native definition <see cref="World.CreateAgent(AgentSettings)"/> passes on; throws
        /// <see cref="ArgumentOutOfRangeException"/> for a negative <see cref="MaxNodes"/>, <see cref="StepMaxExpansions"/> or <see cref="StepMaxMicros"/>. Starts
        /// from the native default, which sets the cookie goap_agent_create checks.
        /// </summary>
        internal GoapAgentDef ToNative()
        {
            var def = NativeMethods.goap_agent_def_default();
            def.domain = Domain.Native;
            def.switch_margin = SwitchMargin;
            def.failure_cooldown = FailureCooldown;
            def.plan_in_step = PlanInStep ? 1u : 0u;
            def.max_nodes = World.NonNegative(MaxNodes, "MaxNodes");
            def.heuristic = (int)Heuristic;
            def.step_max_expansions = World.NonNegative(StepMaxExpansions, "StepMaxExpansions");
            def.step_max_micros = World.NonNegative(StepMaxMicros, "StepMaxMicros");
            def.direction = (int)Direction;
            return def;
        }
    }

    /// <summary>What one <see cref="Agent.Step"/> decided (goap.h GoapStep).</summary>
    public readonly struct AgentStep
    {
        /// <summary>Start or continue <see cref="Action"/>, or idle, no plan, waiting.</summary>
        public readonly StepKind Kind;
        /// <summary>True when this step replanned.</summary>
        public readonly bool Replanned;
        /// <summary>The action to start or continue, or the action in progress while <see cref="StepKind.Planning"/>; default otherwise.</summary>
        public readonly ActionId Action;
        /// <summary>The goal pursued, or <see cref="GoalId.None"/>.</summary>
        public readonly GoalId Goal;
        /// <summary>Index of <see cref="Action"/> in the agent's current plan.</summary>
        public readonly int PlanIndex;

        internal AgentStep(GoapStep s)
        {
            Kind = (StepKind)s.kind;
            Replanned = s.replanned != 0;
            Action = new ActionId(s.action);
            Goal = new GoalId(s.goal);
            PlanIndex = (int)s.plan_index;
        }
    }

    /// <summary>The state of an agent (goap.h GoapAgentInfo).</summary>
    public readonly struct AgentInfo
    {
        /// <summary>The goal pursued (or last chosen), or <see cref="GoalId.None"/>.</summary>
        public readonly GoalId Goal;
        /// <summary>Actions of the current plan, the ones done included.</summary>
        public readonly int PlanLength;
        /// <summary>Index of the current (or next) action; PlanLength when the plan is done.</summary>
        public readonly int PlanIndex;
        /// <summary>True while an action handed out by Step has not been reported finished.</summary>
        public readonly bool Acting;
        /// <summary>Cause of the latest replan; None before the first.</summary>
        public readonly ReplanCause LastCause;
        /// <summary>Number of goals (removed ones not counted): <see cref="Agent.GoalAt"/> takes 0 to GoalCount - 1.</summary>
        public readonly int GoalCount;
        /// <summary>Replans over the agent's life.</summary>
        public readonly long Replans;
        /// <summary>Cost of the current plan (0 without one).</summary>
        public readonly double PlanCost;
        /// <summary>The sum of the dt passed to Step, in seconds.</summary>
        public readonly double Clock;

        internal AgentInfo(GoapAgentInfo i)
        {
            Goal = new GoalId(i.goal);
            PlanLength = (int)i.plan_len;
            PlanIndex = (int)i.plan_index;
            Acting = i.acting != 0;
            LastCause = (ReplanCause)i.last_cause;
            GoalCount = (int)i.goal_count;
            Replans = (long)i.replans;
            PlanCost = i.plan_cost;
            Clock = i.clock;
        }
    }

    /// <summary>One replan of an agent (goap.h GoapReplanEvent).</summary>
    public readonly struct ReplanEvent
    {
        /// <summary>Why it replanned.</summary>
        public readonly ReplanCause Cause;
        /// <summary>What it produced.</summary>
        public readonly ReplanResult Result;
        /// <summary>The goal the new plan serves, or <see cref="GoalId.None"/>. The goal may have been removed since (the id is then stale).</summary>
        public readonly GoalId Goal;
        /// <summary>Actions of the new plan from its current step.</summary>
        public readonly int PlanLength;
        /// <summary>Cost of the new plan.</summary>
        public readonly double PlanCost;
        /// <summary>Search nodes expanded.</summary>
        public readonly long Expanded;
        /// <summary>Goals tried, in the arbiter's order.</summary>
        public readonly int GoalsTried;
        /// <summary>Searches answered from the plan cache.</summary>
        public readonly int CacheHits;
        /// <summary>The agent's clock when it happened.</summary>
        public readonly double Time;

        internal ReplanEvent(GoapReplanEvent e)
        {
            Cause = (ReplanCause)e.cause;
            Result = (ReplanResult)e.result;
            Goal = new GoalId(e.goal);
            PlanLength = (int)e.plan_len;
            PlanCost = e.plan_cost;
            Expanded = (long)e.expanded;
            GoalsTried = (int)e.goals_tried;
            CacheHits = (int)e.cache_hits;
            Time = e.time;
        }
    }

    /// <summary>
    /// An agent (NPC) of a world: goals, believed state and plan queue. A small value (world
    /// and id): copy it freely. The frame loop is <see cref="SetFact"/> (what was sensed),
    /// <see cref="Step"/>, perform the action, <see cref="Report"/>; those calls make no garbage.
    /// Calls on one agent are serialised by the library; calls on different agents run in
    /// parallel from any threads.
    /// </summary>
    public readonly unsafe partial struct Agent : IEquatable<Agent>
    {
        /// <summary>The world it belongs to.</summary>
        public readonly World World;
        /// <summary>Its id.</summary>
        public readonly AgentId Id;

        internal Agent(World world, AgentId id) { World = world; Id = id; }

        /// <summary>
        /// Destroys the agent (its id stays invalid) and releases its context. With a context
        /// installed, it first waits for a step or batch of the agent running on another thread
        /// (whose search may still ask the context); without one it does not wait, like
        /// goap_agent_destroy.
        /// </summary>
        public void Destroy()
        {
            GoapWorld* w = EnterWorld();
            try { AgentContexts.Destroy(World.Handle, w, Id); }
            finally { World.Exit(); }
        }

        /// <summary>Sets a believed fact (what the NPC sensed).</summary>
        public void SetFact(FactId fact, bool value)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_set_fact(w, Id.Native, fact.Native, value ? 1 : 0)); }
            finally { World.Exit(); }
        }

        /// <summary>Sets the first <paramref name="count"/> believed facts of <paramref name="values"/> at once (reuse the array).</summary>
        public void SetFacts(FactValue[] values, int count)
        {
            if (values == null) throw new ArgumentNullException("values");
            if (count < 0 || count > values.Length) throw new ArgumentOutOfRangeException("count", count, "count must be within the array");
            GoapWorld* w = EnterWorld();
            try { fixed (FactValue* p = values) Errors.Check(NativeMethods.goap_agent_set_facts(w, Id.Native, (GoapFactValue*)p, (uint)count)); }
            finally { World.Exit(); }
        }

        /// <summary>Sets every believed fact of <paramref name="values"/> at once.</summary>
        public void SetFacts(FactValue[] values)
        {
            if (values == null) throw new ArgumentNullException("values");
            SetFacts(values, values.Length);
        }

        /// <summary>A believed fact.</summary>
        public bool GetFact(FactId fact)
        {
            int v;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_get_fact(w, Id.Native, fact.Native, &v)); }
            finally { World.Exit(); }
            return v != 0;
        }

        /// <summary>Sets a believed integer variable (within its range).</summary>
        public void SetVar(VarId var, int value)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_set_var(w, Id.Native, var.Native, value)); }
            finally { World.Exit(); }
        }

        /// <summary>A believed integer variable.</summary>
        public int GetVar(VarId var)
        {
            int v;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_get_var(w, Id.Native, var.Native, &v)); }
            finally { World.Exit(); }
            return v;
        }

        /// <summary>
        /// Adds a goal: conditions and a priority (larger wins; 0 or less disables it). Null arrays are empty.
        /// A goal with a <paramref name="reset"/>, <paramref name="resetVars"/> or <paramref name="cooldown"/>
        /// recurs: when the agent achieves it, it sets those facts and variables in its beliefs and does not
        /// choose the goal again for <paramref name="cooldown"/> seconds (goap.h RECURRING GOALS), so a patrol
        /// or a daily delivery loops without engine code.
        /// </summary>
        public GoalId AddGoal(string name, double priority, FactValue[] facts, VarCondition[] vars = null,
            FactValue[] reset = null, VarValue[] resetVars = null, double cooldown = 0)
        {
            var d = NativeMethods.goap_goal_def_default();
            d.priority = priority;
            uint len;
            var bytes = Utf8.Encode(name, out len);
            GoapGoalId goal;
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* p = bytes)
                fixed (FactValue* f = facts)
                fixed (VarCondition* v = vars)
                fixed (FactValue* r = reset)
                fixed (VarValue* rv = resetVars)
                {
                    d.name = p;
                    d.name_len = len;
                    d.facts = (GoapFactValue*)f;
                    d.fact_count = facts == null ? 0u : (uint)facts.Length;
                    d.vars = (GoapVarCondition*)v;
                    d.var_count = vars == null ? 0u : (uint)vars.Length;
                    d.reset = (GoapFactValue*)r;
                    d.reset_count = reset == null ? 0u : (uint)reset.Length;
                    d.reset_vars = (GoapVarValue*)rv;
                    d.reset_var_count = resetVars == null ? 0u : (uint)resetVars.Length;
                    d.cooldown = cooldown;
                    Errors.Check(NativeMethods.goap_agent_add_goal(w, Id.Native, &d, &goal));
                }
            }
            finally { World.Exit(); }
            return new GoalId(goal);
        }

        /// <summary>The first goal named <paramref name="name"/>; throws (<see cref="Status.NotFound"/>) if there is none.</summary>
        public GoalId FindGoal(string name)
        {
            uint len;
            var bytes = Utf8.Encode(name, out len);
            GoapGoalId goal;
            GoapWorld* w = EnterWorld();
            try { fixed (byte* p = bytes) Errors.Check(NativeMethods.goap_agent_find_goal(w, Id.Native, p, len, &goal)); }
            finally { World.Exit(); }
            return new GoalId(goal);
        }

        /// <summary>
        /// Changes a goal's priority (any frame; the arbiter re-checks at the next step). Throws
        /// (<see cref="Status.UnknownGoal"/>) for <see cref="GoalId.None"/> or a removed goal.
        /// </summary>
        public void SetGoalPriority(GoalId goal, double priority)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_set_goal_priority(w, Id.Native, goal.Native, priority)); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// Removes a goal (one added or one of the domain's). Its id becomes stale: every goal
        /// call with it throws (<see cref="Status.UnknownGoal"/>), it never names a later goal,
        /// and <see cref="GoalAt"/> no longer lists it (the goals after it move down). Removing
        /// the goal pursued works like disabling it: the next step hands over to another goal
        /// (<see cref="ReplanCause.GoalChanged"/>) or, with none left, clears the plan.
        /// </summary>
        public void RemoveGoal(GoalId goal)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_remove_goal(w, Id.Native, goal.Native)); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// The goal at <paramref name="index"/> (0 to <see cref="AgentInfo.GoalCount"/> - 1) in the
        /// order added, the domain's goals first and removed ones left out. Throws
        /// <see cref="ArgumentOutOfRangeException"/> for a negative index and a
        /// <see cref="GoapException"/> (<see cref="Status.OutOfRange"/>) past the end.
        /// </summary>
        public GoalId GoalAt(int index)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index", index, "index must not be negative");
            GoapGoalId goal;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_goal_at(w, Id.Native, (uint)index, &goal)); }
            finally { World.Exit(); }
            return new GoalId(goal);
        }

        /// <summary>Enables or disables an action for this agent only.</summary>
        public void SetActionEnabled(ActionId action, bool enabled)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_set_action_enabled(w, Id.Native, action.Native, enabled ? 1 : 0)); }
            finally { World.Exit(); }
        }

        /// <summary>Overrides an action's cost for this agent only (0 to 1e12).</summary>
        public void SetActionCost(ActionId action, double cost)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_set_action_cost(w, Id.Native, action.Native, cost)); }
            finally { World.Exit(); }
        }

        /// <summary>Removes this agent's cost override of an action.</summary>
        public void ClearActionCost(ActionId action)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_clear_action_cost(w, Id.Native, action.Native)); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// Installs <paramref name="context"/> (null removes it): asked once per action when the
        /// agent prepares a search, on the thread that calls Step or PlanAgents. An exception
        /// it throws abandons that search: Step throws a <see cref="GoapException"/>
        /// (<see cref="Status.CallbackFailed"/>) with the exception as InnerException, and
        /// PlanAgents counts it in CallbackErrors; both raise <see cref="Library.ContextException"/>.
        /// The context is kept alive until replaced, the agent destroyed or the world disposed
        /// (a context that references its world keeps an undisposed world alive: dispose it).
        /// </summary>
        public void SetContext(IAgentContext context)
        {
            GoapWorld* w = EnterWorld();
            try { AgentContexts.Install(World.Handle, w, Id, context); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// Advances the agent by <paramref name="dt"/> seconds and tells the engine what to do:
        /// start or continue an action, or idle, no plan, waiting. Replans only with a cause.
        /// </summary>
        public AgentStep Step(double dt)
        {
            GoapStep s = default(GoapStep);
            s.size = (uint)sizeof(GoapStep);
            GoapWorld* w = EnterWorld();
            var outer = Errors.BeginContextCall();
            try { Errors.Check(NativeMethods.goap_agent_step(w, Id.Native, dt, &s)); }
            finally
            {
                Errors.EndContextCall(outer);
                World.Exit();
            }
            return new AgentStep(s);
        }

        /// <summary>Reports the outcome of the action in progress: running, succeeded (effects applied) or failed (replan).</summary>
        public void Report(ActionReport report)
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_report(w, Id.Native, (int)report)); }
            finally { World.Exit(); }
        }

        /// <summary>The agent's state: goal, plan position, last replan cause, clock.</summary>
        public AgentInfo GetInfo()
        {
            GoapAgentInfo i = default(GoapAgentInfo);
            i.size = (uint)sizeof(GoapAgentInfo);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_info(w, Id.Native, &i)); }
            finally { World.Exit(); }
            return new AgentInfo(i);
        }

        /// <summary>The actions left in the plan (current one first) replace the contents of <paramref name="into"/>.</summary>
        public void GetPlan(List<ActionId> into)
        {
            if (into == null) throw new ArgumentNullException("into");
            GoapWorld* w = EnterWorld();
            try
            {
                while (true)
                {
                    var buf = Scratch.Ids(0);
                    uint n;
                    GoapStatus s;
                    fixed (GoapActionId* p = buf) s = NativeMethods.goap_agent_plan(w, Id.Native, p, (uint)buf.Length, &n);
                    if (s == GoapStatus.BufferTooSmall) { Scratch.Ids(n); continue; }
                    Errors.Check(s);
                    Scratch.CopyActions(buf, n, into);
                    return;
                }
            }
            finally { World.Exit(); }
        }

        /// <summary>The latest replans (up to 16, oldest first) replace the contents of <paramref name="into"/>.</summary>
        public void GetReplans(List<ReplanEvent> into)
        {
            if (into == null) throw new ArgumentNullException("into");
            const int Capacity = 16;
            GoapReplanEvent* buf = stackalloc GoapReplanEvent[Capacity];
            buf[0].size = (uint)sizeof(GoapReplanEvent); // the array's stride
            uint n;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_replans(w, Id.Native, buf, Capacity, &n)); }
            finally { World.Exit(); }
            into.Clear();
            for (int i = 0; i < n; i++) into.Add(new ReplanEvent(buf[i]));
        }

        /// <summary>Replans of <paramref name="cause"/> over the agent's life.</summary>
        public long ReplanCount(ReplanCause cause)
        {
            ulong n;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_replan_count(w, Id.Native, (int)cause, &n)); }
            finally { World.Exit(); }
            return (long)n;
        }

        /// <summary>
        /// Why <paramref name="goal"/> has, or has no, plan from the believed state: a report
        /// as text or JSON. Runs a search and a bounded exploration: for debugging, not every frame.
        /// </summary>
        public string Explain(GoalId goal, ExplainFormat format = ExplainFormat.Text)
        {
            GoapWorld* w = EnterWorld();
            try
            {
                uint cap = 4096;
                while (true)
                {
                    var buf = Utf8.DecodeBuffer(cap);
                    uint len;
                    GoapStatus s;
                    fixed (byte* p = buf) s = NativeMethods.goap_agent_explain(w, Id.Native, goal.Native, (int)format, p, (uint)buf.Length, &len);
                    if (s == GoapStatus.BufferTooSmall) { cap = len + 1; continue; }
                    Errors.Check(s);
                    return Utf8.Decode(buf, len);
                }
            }
            finally { World.Exit(); }
        }

        /// <summary>The world's native pointer for one call (see World.Enter).</summary>
        GoapWorld* EnterWorld()
        {
            if (World == null) throw new InvalidOperationException("this Agent is default(Agent), not one of a World");
            return World.Enter();
        }

        public bool Equals(Agent other) { return ReferenceEquals(World, other.World) && Id == other.Id; }
        public override bool Equals(object obj) { return obj is Agent && Equals((Agent)obj); }
        public override int GetHashCode() { return Id.GetHashCode(); }
        public override string ToString() { return "Agent(" + Id + ")"; }
    }
}
