// Goap C# wrapper: a domain's agent goals (the goals every new agent starts with), read
// back and added through the library.
// C# 7.2. Copied into the Unity package by scripts/unity-sync-wrapper.sh; edit it here.
using System;
using Goap.Native;

namespace Goap
{
    /// <summary>
    /// A domain's agent goals: the goals every agent created from the domain starts with (a
    /// domain file's <c>goals</c>, then those added with <see cref="AddAgentGoal"/>), by index.
    /// </summary>
    public readonly unsafe partial struct Domain
    {
        /// <summary>How many agent goals the domain has.</summary>
        public int AgentGoalCount
        {
            get
            {
                uint n;
                GoapWorld* w = EnterWorld();
                try { Errors.Check(NativeMethods.goap_domain_agent_goal_count(w, Id.Native, &n)); }
                finally { World.Exit(); }
                return (int)n;
            }
        }

        /// <summary>
        /// Adds a goal that every agent created from the domain afterwards starts with (agents
        /// that exist keep theirs). Facts and variables are the domain's.
        /// </summary>
        public void AddAgentGoal(string name, double priority, FactValue[] facts, VarCondition[] vars = null)
        {
            var d = NativeMethods.goap_goal_def_default();
            d.priority = priority;
            uint len;
            var bytes = Utf8.Encode(name, out len);
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* p = bytes)
                fixed (FactValue* f = facts)
                fixed (VarCondition* v = vars)
                {
                    d.name = p;
                    d.name_len = len;
                    d.facts = (GoapFactValue*)f;
                    d.fact_count = facts == null ? 0u : (uint)facts.Length;
                    d.vars = (GoapVarCondition*)v;
                    d.var_count = vars == null ? 0u : (uint)vars.Length;
                    Errors.Check(NativeMethods.goap_domain_add_agent_goal(w, Id.Native, &d));
                }
            }
            finally { World.Exit(); }
        }

        /// <summary>The name of agent goal <paramref name="index"/> (0 to AgentGoalCount - 1).</summary>
        public string AgentGoalName(int index)
        {
            uint i = AgentGoalIndex(index);
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try { return NativeList.ReadString((p, cap, n) => NativeMethods.goap_domain_agent_goal_name((GoapWorld*)w, d, i, (byte*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// Agent goal <paramref name="index"/>'s priority and list lengths, and whether the
        /// domain's start state satisfies it (<see cref="GoalInfo.Current"/> is false).
        /// </summary>
        public GoalInfo GetAgentGoalInfo(int index)
        {
            uint idx = AgentGoalIndex(index);
            GoapGoalInfo i = default(GoapGoalInfo);
            i.size = (uint)sizeof(GoapGoalInfo);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_agent_goal_info(w, Id.Native, idx, &i)); }
            finally { World.Exit(); }
            return new GoalInfo(i);
        }

        /// <summary>Agent goal <paramref name="index"/>'s fact conditions.</summary>
        public FactValue[] AgentGoalConditions(int index)
        {
            uint i = AgentGoalIndex(index);
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try { return NativeList.Read<FactValue>((p, cap, n) => NativeMethods.goap_domain_agent_goal_conditions((GoapWorld*)w, d, i, (GoapFactValue*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>Agent goal <paramref name="index"/>'s variable conditions.</summary>
        public VarCondition[] AgentGoalVarConditions(int index)
        {
            uint i = AgentGoalIndex(index);
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try { return NativeList.Read<VarCondition>((p, cap, n) => NativeMethods.goap_domain_agent_goal_var_conditions((GoapWorld*)w, d, i, (GoapVarCondition*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        static uint AgentGoalIndex(int index)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index", index, "an agent goal index is 0 or more");
            return (uint)index;
        }
    }
}
