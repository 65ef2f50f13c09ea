// Goap C# wrapper: introspection (a domain's items and rules, an agent's beliefs and goals,
// search traces), read from the library so an engine never re-parses a domain file.
// C# 7.2. Copied into the Unity package by scripts/unity-sync-wrapper.sh; edit it here.
using System;
using System.Runtime.InteropServices;
using Goap.Native;

namespace Goap
{
    /// <summary>A variable's range, start default and overflow rule (goap.h GoapVarInfo).</summary>
    public readonly struct VarInfo
    {
        /// <summary>Smallest value.</summary>
        public readonly int Min;
        /// <summary>Largest value.</summary>
        public readonly int Max;
        /// <summary>Its value in a start state that does not set it.</summary>
        public readonly int Default;
        /// <summary>What an effect leaving the range does.</summary>
        public readonly Overflow Overflow;

        internal VarInfo(GoapVarInfo i) { Min = i.min; Max = i.max; Default = i.default_value; Overflow = (Overflow)i.overflow; }
    }

    /// <summary>An action's cost and list lengths (goap.h GoapActionInfo).</summary>
    public readonly struct ActionInfo
    {
        /// <summary>Its cost in the domain.</summary>
        public readonly double Cost;
        /// <summary>Fact preconditions.</summary>
        public readonly int PreCount;
        /// <summary>Fact effects.</summary>
        public readonly int EffectCount;
        /// <summary>Variable preconditions.</summary>
        public readonly int VarPreCount;
        /// <summary>Variable effects.</summary>
        public readonly int VarEffectCount;

        internal ActionInfo(GoapActionInfo i)
        {
            Cost = i.cost; PreCount = (int)i.pre_count; EffectCount = (int)i.effect_count;
            VarPreCount = (int)i.var_pre_count; VarEffectCount = (int)i.var_effect_count;
        }
    }

    /// <summary>One of an agent's goals now (goap.h GoapGoalInfo).</summary>
    public readonly struct GoalInfo
    {
        /// <summary>Its priority (0 or less: disabled).</summary>
        public readonly double Priority;
        /// <summary>Fact conditions.</summary>
        public readonly int FactCount;
        /// <summary>Variable conditions.</summary>
        public readonly int VarCount;
        /// <summary>The agent's believed state satisfies it.</summary>
        public readonly bool Satisfied;
        /// <summary>It is the goal the agent pursues (or last chose).</summary>
        public readonly bool Current;

        /// <summary>Times the agent achieved the goal (0 for a domain's agent goal).</summary>
        public readonly long Achieved;
        /// <summary>Seconds left of a recurring goal's cooldown; 0 when it may be chosen.</summary>
        public readonly double ReadyIn;
        internal GoalInfo(GoapGoalInfo i)
        {
            Priority = i.priority; FactCount = (int)i.fact_count; VarCount = (int)i.var_count;
            Satisfied = i.satisfied != 0; Current = i.current != 0;
            Achieved = i.achieved; ReadyIn = i.ready_in;
        }
    }

    /// <summary>How a search trace ended (goap.h GoapTraceEnd).</summary>
    public enum TraceEnd { Found = 0, NoPlan = 1, Limit = 2 }

    /// <summary>One state of a <see cref="SearchTrace"/> (goap.h GoapTraceNode).</summary>
    public readonly struct TraceNode
    {
        /// <summary>Its cost from the start.</summary>
        public readonly double G;
        /// <summary>The LM-cut estimate of its cost to the goal (a lower bound; infinity: out of reach).</summary>
        public readonly double H;
        /// <summary>The action that reached it (default for the start).</summary>
        public readonly ActionId Action;
        /// <summary>The index of the node it was reached from; -1 for the start.</summary>
        public readonly int Parent;
        /// <summary>It satisfies the goal (only the last node can).</summary>
        public readonly bool Goal;
        /// <summary>Its true facts are <see cref="SearchTrace.Facts"/>[FactStart, FactStart + FactCount).</summary>
        public readonly int FactStart;
        /// <summary>See <see cref="FactStart"/>.</summary>
        public readonly int FactCount;
        /// <summary>Its variables are <see cref="SearchTrace.VarValues"/>[VarStart, VarStart + the variable count).</summary>
        public readonly int VarStart;

        internal TraceNode(GoapTraceNode n)
        {
            G = n.g; H = n.h; Action = new ActionId(n.action);
            Parent = n.parent == uint.MaxValue ? -1 : (int)n.parent;
            Goal = n.goal != 0; FactStart = (int)n.fact_start; FactCount = (int)n.fact_count; VarStart = (int)n.var_start;
        }
    }

    /// <summary>A recorded search (<see cref="Domain.Trace"/>).</summary>
    public sealed class SearchTrace
    {
        /// <summary>How it ended.</summary>
        public TraceEnd End;
        /// <summary>The states taken up, in order.</summary>
        public TraceNode[] Nodes;
        /// <summary>The nodes' true facts (see <see cref="TraceNode.FactStart"/>).</summary>
        public FactId[] Facts;
        /// <summary>The nodes' variable values (see <see cref="TraceNode.VarStart"/>).</summary>
        public int[] VarValues;
    }

    /// <summary>Reads a list with the two-call buffer protocol (ask, then read; a list that grew
    /// meanwhile is asked for again). Not a frame-loop path: it allocates the array it returns.</summary>
    internal static unsafe class NativeList
    {
        /// <summary>A native list call: (buffer, capacity, *count) to status.</summary>
        internal static T[] Read<T>(Func<IntPtr, uint, IntPtr, GoapStatus> call) where T : struct
        {
            var items = new T[0];
            while (true)
            {
                uint n;
                GoapStatus s;
                var pin = GCHandle.Alloc(items, GCHandleType.Pinned);
                try { s = call(items.Length == 0 ? IntPtr.Zero : pin.AddrOfPinnedObject(), (uint)items.Length, (IntPtr)(&n)); }
                finally { pin.Free(); }
                if (s == GoapStatus.BufferTooSmall) { items = new T[n]; continue; }
                Errors.Check(s);
                if (n != items.Length) Array.Resize(ref items, (int)n);
                return items;
            }
        }

        /// <summary>A native string call (buffer, capacity, *length) to status, with the string
        /// protocol: the buffer needs the length plus a NUL.</summary>
        internal static string ReadString(Func<IntPtr, uint, IntPtr, GoapStatus> call)
        {
            var buf = new byte[64];
            while (true)
            {
                uint n;
                GoapStatus s;
                fixed (byte* p = buf) s = call((IntPtr)p, (uint)buf.Length, (IntPtr)(&n));
                if (s == GoapStatus.BufferTooSmall) { buf = new byte[n + 1]; continue; }
                Errors.Check(s);
                return System.Text.Encoding.UTF8.GetString(buf, 0, (int)n);
            }
        }
    }

    public readonly unsafe partial struct Domain
    {
        /// <summary>The id of the <paramref name="index"/>-th fact (0 to FactCount - 1, in the order added).</summary>
        public FactId FactAt(int index) { return new FactId(ItemAt(Facts, index)); }

        /// <summary>The id of the <paramref name="index"/>-th variable (declaration order).</summary>
        public VarId VarAt(int index) { return new VarId(ItemAt(Vars, index)); }

        /// <summary>The id of the <paramref name="index"/>-th action (in the order added).</summary>
        public ActionId ActionAt(int index) { return new ActionId(ItemAt(Actions, index)); }

        /// <summary>A variable's range, start default and overflow rule.</summary>
        public VarInfo GetVarInfo(VarId var)
        {
            GoapVarInfo i = default(GoapVarInfo);
            i.size = (uint)sizeof(GoapVarInfo);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_var_info(w, Id.Native, var.Native, &i)); }
            finally { World.Exit(); }
            return new VarInfo(i);
        }

        /// <summary>An action's cost and list lengths.</summary>
        public ActionInfo GetActionInfo(ActionId action)
        {
            GoapActionInfo i = default(GoapActionInfo);
            i.size = (uint)sizeof(GoapActionInfo);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_action_info(w, Id.Native, action.Native, &i)); }
            finally { World.Exit(); }
            return new ActionInfo(i);
        }

        /// <summary>An action's fact preconditions (true: must be true).</summary>
        public FactValue[] ActionPre(ActionId action) { return FactList(ListActionPre, action.Native); }

        /// <summary>An action's fact effects (true: makes it true).</summary>
        public FactValue[] ActionEffects(ActionId action) { return FactList(ListActionEffects, action.Native); }

        /// <summary>An action's variable preconditions.</summary>
        public VarCondition[] ActionVarPre(ActionId action) { return ConditionList(ListActionPre, action.Native); }

        /// <summary>An action's variable effects.</summary>
        public VarEffect[] ActionVarEffects(ActionId action)
        {
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            GoapActionId a = action.Native;
            try { return NativeList.Read<VarEffect>((p, cap, n) => NativeMethods.goap_domain_action_var_effects((GoapWorld*)w, d, a, (GoapVarEffect*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>The stored start state's true facts.</summary>
        public FactValue[] StartFacts() { return FactList(ListStart, default(GoapActionId)); }

        /// <summary>Every variable's value in the stored start state.</summary>
        public VarValue[] StartVars()
        {
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try { return NativeList.Read<VarValue>((p, cap, n) => NativeMethods.goap_domain_start_vars((GoapWorld*)w, d, (GoapVarValue*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>The stored goal's fact conditions (<see cref="Status.NoGoal"/> without one).</summary>
        public FactValue[] GoalFacts() { return FactList(ListGoal, default(GoapActionId)); }

        /// <summary>The stored goal's variable conditions (<see cref="Status.NoGoal"/> without one).</summary>
        public VarCondition[] GoalVars() { return ConditionList(ListGoal, default(GoapActionId)); }

        /// <summary>
        /// Records a search from the stored start to the stored goal, state by state, expanding
        /// at most <paramref name="maxExpanded"/> states (see goap_domain_trace): for debugger views.
        /// </summary>
        public SearchTrace Trace(int maxExpanded)
        {
            if (maxExpanded < 0) throw new ArgumentOutOfRangeException("maxExpanded");
            var nodes = new GoapTraceNode[0];
            var facts = new FactId[0];
            var values = new int[0];
            GoapTraceResult r = default(GoapTraceResult);
            r.size = (uint)sizeof(GoapTraceResult);
            GoapWorld* w = EnterWorld();
            try
            {
                while (true)
                {
                    GoapStatus s;
                    fixed (GoapTraceNode* pn = nodes)
                    fixed (FactId* pf = facts)
                    fixed (int* pv = values)
                    {
                        s = NativeMethods.goap_domain_trace(w, Id.Native, null, (uint)maxExpanded, pn, (uint)nodes.Length,
                            (GoapFactId*)pf, (uint)facts.Length, pv, (uint)values.Length, &r);
                    }
                    if (s == GoapStatus.BufferTooSmall)
                    {
                        nodes = new GoapTraceNode[r.node_count];
                        if (nodes.Length > 0) nodes[0].size = (uint)sizeof(GoapTraceNode); // the stride
                        facts = new FactId[r.fact_count];
                        values = new int[r.var_value_count];
                        continue;
                    }
                    Errors.Check(s);
                    break;
                }
            }
            finally { World.Exit(); }
            var trace = new SearchTrace { End = (TraceEnd)r.end, Nodes = new TraceNode[r.node_count], Facts = facts, VarValues = values };
            if (facts.Length != r.fact_count) Array.Resize(ref trace.Facts, (int)r.fact_count);
            if (values.Length != r.var_value_count) Array.Resize(ref trace.VarValues, (int)r.var_value_count);
            for (int i = 0; i < trace.Nodes.Length; i++) trace.Nodes[i] = new TraceNode(nodes[i]);
            return trace;
        }

        // Which list FactList and ConditionList read.
        const int ListActionPre = 0, ListActionEffects = 1, ListStart = 2, ListGoal = 3;

        ulong ItemAt(int kind, int index)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index");
            ulong id;
            GoapWorld* w = EnterWorld();
            try
            {
                if (kind == Facts)
                {
                    GoapFactId f;
                    Errors.Check(NativeMethods.goap_domain_fact_at(w, Id.Native, (uint)index, &f));
                    id = f.bits;
                }
                else if (kind == Vars)
                {
                    GoapVarId v;
                    Errors.Check(NativeMethods.goap_domain_var_at(w, Id.Native, (uint)index, &v));
                    id = v.bits;
                }
                else
                {
                    GoapActionId a;
                    Errors.Check(NativeMethods.goap_domain_action_at(w, Id.Native, (uint)index, &a));
                    id = a.bits;
                }
            }
            finally { World.Exit(); }
            return id;
        }

        FactValue[] FactList(int which, GoapActionId action)
        {
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try
            {
                return NativeList.Read<FactValue>((p, cap, n) =>
                {
                    var world = (GoapWorld*)w;
                    var buf = (GoapFactValue*)p;
                    if (which == ListActionPre) return NativeMethods.goap_domain_action_pre(world, d, action, buf, cap, (uint*)n);
                    if (which == ListActionEffects) return NativeMethods.goap_domain_action_effects(world, d, action, buf, cap, (uint*)n);
                    if (which == ListStart) return NativeMethods.goap_domain_start(world, d, buf, cap, (uint*)n);
                    return NativeMethods.goap_domain_goal(world, d, buf, cap, (uint*)n);
                });
            }
            finally { World.Exit(); }
        }

        VarCondition[] ConditionList(int which, GoapActionId action)
        {
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try
            {
                return NativeList.Read<VarCondition>((p, cap, n) => which == ListActionPre
                    ? NativeMethods.goap_domain_action_var_pre((GoapWorld*)w, d, action, (GoapVarCondition*)p, cap, (uint*)n)
                    : NativeMethods.goap_domain_goal_vars((GoapWorld*)w, d, (GoapVarCondition*)p, cap, (uint*)n));
            }
            finally { World.Exit(); }
        }
    }

    public readonly unsafe partial struct Agent
    {
        /// <summary>The domain the agent was created from (its ids belong to it).</summary>
        public DomainId DomainId
        {
            get
            {
                GoapDomainId d;
                GoapWorld* w = EnterWorld();
                try { Errors.Check(NativeMethods.goap_agent_domain(w, Id.Native, &d)); }
                finally { World.Exit(); }
                return new DomainId(d);
            }
        }

        /// <summary>The facts the agent believes true (every other one it believes false).</summary>
        public FactValue[] BelievedFacts() { return FactList(true, default(GoapGoalId)); }

        /// <summary>Every variable's believed value.</summary>
        public VarValue[] BelievedVars()
        {
            var w = (IntPtr)EnterWorld();
            GoapAgentId id = Id.Native;
            try { return NativeList.Read<VarValue>((p, cap, n) => NativeMethods.goap_agent_vars((GoapWorld*)w, id, (GoapVarValue*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>A goal's name.</summary>
        public string GoalName(GoalId goal)
        {
            var w = (IntPtr)EnterWorld();
            GoapAgentId id = Id.Native;
            GoapGoalId g = goal.Native;
            try { return NativeList.ReadString((p, cap, n) => NativeMethods.goap_agent_goal_name((GoapWorld*)w, id, g, (byte*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>A goal's priority and list lengths, and whether it is met and pursued.</summary>
        public GoalInfo GetGoalInfo(GoalId goal)
        {
            GoapGoalInfo i = default(GoapGoalInfo);
            i.size = (uint)sizeof(GoapGoalInfo);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_agent_goal_info(w, Id.Native, goal.Native, &i)); }
            finally { World.Exit(); }
            return new GoalInfo(i);
        }

        /// <summary>A goal's fact conditions.</summary>
        public FactValue[] GoalConditions(GoalId goal) { return FactList(false, goal.Native); }

        /// <summary>A goal's variable conditions.</summary>
        public VarCondition[] GoalVarConditions(GoalId goal)
        {
            var w = (IntPtr)EnterWorld();
            GoapAgentId id = Id.Native;
            GoapGoalId g = goal.Native;
            try { return NativeList.Read<VarCondition>((p, cap, n) => NativeMethods.goap_agent_goal_var_conditions((GoapWorld*)w, id, g, (GoapVarCondition*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>The believed facts, or goal <paramref name="goal"/>'s fact conditions.</summary>
        FactValue[] FactList(bool believed, GoapGoalId goal)
        {
            var w = (IntPtr)EnterWorld();
            GoapAgentId id = Id.Native;
            try
            {
                return NativeList.Read<FactValue>((p, cap, n) => believed
                    ? NativeMethods.goap_agent_facts((GoapWorld*)w, id, (GoapFactValue*)p, cap, (uint*)n)
                    : NativeMethods.goap_agent_goal_conditions((GoapWorld*)w, id, goal, (GoapFactValue*)p, cap, (uint*)n));
            }
            finally { World.Exit(); }
        }
    }
}
