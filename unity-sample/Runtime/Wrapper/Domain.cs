using System;
using System.Collections.Generic;
using Goap.Native;

namespace Goap
{
    /// <summary>Options of one plan call (goap.h GoapPlanOptions). Start from <see cref="Default"/>.</summary>
    public struct PlanOptions
    {
        /// <summary>Most distinct states a search may store; more gives <see cref="Outcome.Limit"/>. Default 1000000.</summary>
        public int MaxNodes;
        /// <summary>The heuristic. Default <see cref="Heuristic.Auto"/>.</summary>
        public Heuristic Heuristic;
        /// <summary>The search direction. Default <see cref="Direction.Auto"/>.</summary>
        public Direction Direction;

        /// <summary>The native defaults.</summary>
        public static PlanOptions Default
        {
            get
            {
                Library.EnsureLoaded();
                var d = NativeMethods.goap_plan_options_default();
                return new PlanOptions
                {
                    MaxNodes = (int)d.max_nodes,
                    Heuristic = (Heuristic)d.heuristic,
                    Direction = (Direction)d.direction,
                };
            }
        }

        /// <summary>
        /// The native options a plan call passes on; throws <see cref="ArgumentOutOfRangeException"/>
        /// for a negative <see cref="MaxNodes"/>. Starts from the native default, which sets the
        /// cookie goap_domain_plan checks.
        /// </summary>
        internal GoapPlanOptions ToNative()
        {
            var o = NativeMethods.goap_plan_options_default();
            o.max_nodes = World.NonNegative(MaxNodes, "MaxNodes");
            o.heuristic = (int)Heuristic;
            o.direction = (int)Direction;
            return o;
        }
    }

    /// <summary>What a plan call found (goap.h GoapPlanResult); the actions go to the caller's list.</summary>
    public struct PlanResult
    {
        /// <summary>Found, no plan, or the node limit was reached.</summary>
        public Outcome Outcome;
        /// <summary>Total cost of the plan (0 unless found): a minimum.</summary>
        public double Cost;
        /// <summary>Search nodes expanded.</summary>
        public long Expanded;
        /// <summary>Successor states generated.</summary>
        public long Generated;
        /// <summary>Wall-clock time of the search in microseconds; 0 (not measured) for a
        /// search that ends within the probe (its first 32 expansions on a domain of at most
        /// 20 actions).</summary>
        public long Micros;
        /// <summary>The heuristic's estimate of the start state (a lower bound).</summary>
        public double InitialH;
        /// <summary>The direction the search ran: <see cref="Direction.Forward"/> or <see cref="Direction.Backward"/>.</summary>
        public Direction Direction;

        // The one copy of the native result; action_count is not copied (the actions go to
        // the caller's list). A parity test fills every native field and checks it.
        internal PlanResult(GoapPlanResult r)
        {
            Outcome = (Outcome)r.outcome;
            Cost = r.cost;
            Expanded = (long)r.expanded;
            Generated = (long)r.generated;
            Micros = (long)r.micros;
            InitialH = r.initial_h;
            Direction = (Direction)r.direction;
        }
    }

    /// <summary>Definition of an integer variable for <see cref="Domain.AddVar"/> (goap.h GoapVarDef).</summary>
    public struct VarDef
    {
        /// <summary>Unique name, not a fact's.</summary>
        public string Name;
        /// <summary>Smallest value (inclusive).</summary>
        public int Min;
        /// <summary>Largest value (inclusive).</summary>
        public int Max;
        /// <summary>Start value where a start state does not list the variable; null: <see cref="Min"/>.</summary>
        public int? Default;
        /// <summary>What an effect leaving the range does. Default <see cref="Goap.Overflow.Reject"/>.</summary>
        public Overflow Overflow;
    }

    /// <summary>
    /// A domain of a world: facts, integer variables, actions, a start state and a goal.
    /// A small value (world and id): copy it freely. Edits and plans are thread-safe.
    /// </summary>
    public readonly unsafe partial struct Domain : IEquatable<Domain>
    {
        /// <summary>The world it belongs to.</summary>
        public readonly World World;
        /// <summary>Its id.</summary>
        public readonly DomainId Id;

        internal Domain(World world, DomainId id) { World = world; Id = id; }

        /// <summary>Destroys the domain. Agents created from it keep their copy.</summary>
        public void Destroy()
        {
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_destroy(w, Id.Native)); }
            finally { World.Exit(); }
        }

        /// <summary>Adds a boolean fact (false in the start state until set).</summary>
        public FactId AddFact(string name)
        {
            uint len;
            var bytes = Utf8.Encode(name, out len);
            GoapFactId id;
            GoapWorld* w = EnterWorld();
            try { fixed (byte* p = bytes) Errors.Check(NativeMethods.goap_domain_add_fact(w, Id.Native, p, len, &id)); }
            finally { World.Exit(); }
            return new FactId(id);
        }

        /// <summary>The fact named <paramref name="name"/>; throws (<see cref="Status.NotFound"/>) if there is none.</summary>
        public FactId FindFact(string name) { return new FactId(Find(Facts, name)); }

        /// <summary>A fact's name.</summary>
        public string FactName(FactId fact) { return Name(Facts, fact.Value); }

        /// <summary>Number of facts.</summary>
        public int FactCount { get { return Count(Facts); } }

        /// <summary>Adds an integer variable.</summary>
        public VarId AddVar(VarDef def)
        {
            var d = NativeMethods.goap_var_def_default();
            d.min = def.Min;
            d.max = def.Max;
            d.has_default = def.Default.HasValue ? 1 : 0;
            d.default_value = def.Default.GetValueOrDefault();
            d.overflow = (int)def.Overflow;
            uint len;
            var bytes = Utf8.Encode(def.Name, out len);
            GoapVarId id;
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* p = bytes)
                {
                    d.name = p;
                    d.name_len = len;
                    Errors.Check(NativeMethods.goap_domain_add_var(w, Id.Native, &d, &id));
                }
            }
            finally { World.Exit(); }
            return new VarId(id);
        }

        /// <summary>The variable named <paramref name="name"/>; throws (<see cref="Status.NotFound"/>) if there is none.</summary>
        public VarId FindVar(string name) { return new VarId(Find(Vars, name)); }

        /// <summary>A variable's name.</summary>
        public string VarName(VarId var) { return Name(Vars, var.Value); }

        /// <summary>Number of integer variables.</summary>
        public int VarCount { get { return Count(Vars); } }

        /// <summary>
        /// Adds an action: preconditions, effects (applied together) and a cost from 0 to 1e12.
        /// Null arrays are empty.
        /// </summary>
        public ActionId AddAction(string name, double cost, FactValue[] pre, FactValue[] effects,
            VarCondition[] varPre = null, VarEffect[] varEffects = null)
        {
            var d = NativeMethods.goap_action_def_default();
            d.cost = cost;
            uint len;
            var bytes = Utf8.Encode(name, out len);
            GoapActionId id;
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* p = bytes)
                fixed (FactValue* pp = pre)
                fixed (FactValue* pe = effects)
                fixed (VarCondition* vp = varPre)
                fixed (VarEffect* ve = varEffects)
                {
                    d.name = p;
                    d.name_len = len;
                    d.pre = (GoapFactValue*)pp;
                    d.pre_count = Count(pre);
                    d.effects = (GoapFactValue*)pe;
                    d.effect_count = Count(effects);
                    d.var_pre = (GoapVarCondition*)vp;
                    d.var_pre_count = Count(varPre);
                    d.var_effects = (GoapVarEffect*)ve;
                    d.var_effect_count = Count(varEffects);
                    Errors.Check(NativeMethods.goap_domain_add_action(w, Id.Native, &d, &id));
                }
            }
            finally { World.Exit(); }
            return new ActionId(id);
        }

        /// <summary>The action named <paramref name="name"/>; throws (<see cref="Status.NotFound"/>) if there is none.</summary>
        public ActionId FindAction(string name) { return new ActionId(Find(Actions, name)); }

        /// <summary>An action's name.</summary>
        public string ActionName(ActionId action) { return Name(Actions, action.Value); }

        /// <summary>Number of actions.</summary>
        public int ActionCount { get { return Count(Actions); } }

        /// <summary>Sets the start state: exactly the facts listed true are true.</summary>
        public void SetStart(params FactValue[] values)
        {
            GoapWorld* w = EnterWorld();
            try { fixed (FactValue* p = values) Errors.Check(NativeMethods.goap_domain_set_start(w, Id.Native, (GoapFactValue*)p, Count(values))); }
            finally { World.Exit(); }
        }

        /// <summary>Sets the start values of variables (the others take their defaults).</summary>
        public void SetStartVars(params VarValue[] values)
        {
            GoapWorld* w = EnterWorld();
            try { fixed (VarValue* p = values) Errors.Check(NativeMethods.goap_domain_set_start_vars(w, Id.Native, (GoapVarValue*)p, Count(values))); }
            finally { World.Exit(); }
        }

        /// <summary>Sets the goal's fact conditions.</summary>
        public void SetGoal(params FactValue[] conditions)
        {
            GoapWorld* w = EnterWorld();
            try { fixed (FactValue* p = conditions) Errors.Check(NativeMethods.goap_domain_set_goal(w, Id.Native, (GoapFactValue*)p, Count(conditions))); }
            finally { World.Exit(); }
        }

        /// <summary>Sets the goal's variable conditions.</summary>
        public void SetGoalVars(params VarCondition[] conditions)
        {
            GoapWorld* w = EnterWorld();
            try { fixed (VarCondition* p = conditions) Errors.Check(NativeMethods.goap_domain_set_goal_vars(w, Id.Native, (GoapVarCondition*)p, Count(conditions))); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// Plans from the start state to the goal with the default options; the plan's actions
        /// replace the contents of <paramref name="actions"/> (reuse the list: no garbage once
        /// it has grown). With the default options a plan found has minimum cost.
        /// </summary>
        public PlanResult Plan(List<ActionId> actions) { return PlanCore(null, actions, null); }

        /// <summary>Plans from the start state to the goal with <paramref name="options"/>.</summary>
        public PlanResult Plan(List<ActionId> actions, PlanOptions options) { return PlanCore(null, actions, &options); }

        /// <summary>
        /// Plans for an explicit problem: <paramref name="start"/> (exactly the facts listed
        /// true are true; variables at <paramref name="startVars"/>, the others at their
        /// defaults) to <paramref name="goal"/> and <paramref name="goalVars"/>. Null arrays are empty.
        /// </summary>
        public PlanResult PlanProblem(FactValue[] start, VarValue[] startVars, FactValue[] goal,
            VarCondition[] goalVars, List<ActionId> actions)
        {
            return PlanProblem(start, startVars, goal, goalVars, actions, PlanOptions.Default);
        }

        /// <summary>Plans for an explicit problem with <paramref name="options"/>.</summary>
        public PlanResult PlanProblem(FactValue[] start, VarValue[] startVars, FactValue[] goal,
            VarCondition[] goalVars, List<ActionId> actions, PlanOptions options)
        {
            var problem = NativeMethods.goap_problem_default();
            fixed (FactValue* s = start)
            fixed (VarValue* sv = startVars)
            fixed (FactValue* g = goal)
            fixed (VarCondition* gv = goalVars)
            {
                problem.start = (GoapFactValue*)s;
                problem.start_count = Count(start);
                problem.start_vars = (GoapVarValue*)sv;
                problem.start_var_count = Count(startVars);
                problem.goal = (GoapFactValue*)g;
                problem.goal_count = Count(goal);
                problem.goal_vars = (GoapVarCondition*)gv;
                problem.goal_var_count = Count(goalVars);
                return PlanCore(&problem, actions, &options);
            }
        }

        /// <summary>goap_domain_plan, or goap_domain_plan_problem with <paramref name="problem"/>.</summary>
        PlanResult PlanCore(GoapProblem* problem, List<ActionId> actions, PlanOptions* options)
        {
            if (actions == null) throw new ArgumentNullException("actions");
            GoapPlanOptions o = options == null ? NativeMethods.goap_plan_options_default() : options->ToNative();
            GoapPlanResult r = default(GoapPlanResult);
            r.size = (uint)sizeof(GoapPlanResult);
            GoapWorld* w = EnterWorld();
            try
            {
                while (true)
                {
                    var buf = Scratch.Ids(0);
                    GoapStatus s;
                    fixed (GoapActionId* p = buf)
                    {
                        s = problem == null
                            ? NativeMethods.goap_domain_plan(w, Id.Native, &o, p, (uint)buf.Length, &r)
                            : NativeMethods.goap_domain_plan_problem(w, Id.Native, problem, &o, p, (uint)buf.Length, &r);
                    }
                    if (s == GoapStatus.BufferTooSmall) { Scratch.Ids(r.action_count); continue; }
                    Errors.Check(s);
                    Scratch.CopyActions(buf, r.action_count, actions);
                    break;
                }
            }
            finally { World.Exit(); }
            return new PlanResult(r);
        }

        // The kinds of item a domain names: facts, variables, actions.
        const int Facts = 0, Vars = 1, Actions = 2;

        ulong Find(int kind, string name)
        {
            uint len;
            var bytes = Utf8.Encode(name, out len);
            ulong id;
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* p = bytes)
                {
                    if (kind == Facts)
                    {
                        GoapFactId f;
                        Errors.Check(NativeMethods.goap_domain_find_fact(w, Id.Native, p, len, &f));
                        id = f.bits;
                    }
                    else if (kind == Vars)
                    {
                        GoapVarId v;
                        Errors.Check(NativeMethods.goap_domain_find_var(w, Id.Native, p, len, &v));
                        id = v.bits;
                    }
                    else
                    {
                        GoapActionId a;
                        Errors.Check(NativeMethods.goap_domain_find_action(w, Id.Native, p, len, &a));
                        id = a.bits;
                    }
                }
            }
            finally { World.Exit(); }
            return id;
        }

        string Name(int kind, ulong id)
        {
            GoapWorld* w = EnterWorld();
            try
            {
                uint cap = 64;
                while (true)
                {
                    var buf = Utf8.DecodeBuffer(cap);
                    uint len;
                    GoapStatus s;
                    fixed (byte* p = buf)
                    {
                        if (kind == Facts) s = NativeMethods.goap_domain_fact_name(w, Id.Native, new GoapFactId { bits = id }, p, (uint)buf.Length, &len);
                        else if (kind == Vars) s = NativeMethods.goap_domain_var_name(w, Id.Native, new GoapVarId { bits = id }, p, (uint)buf.Length, &len);
                        else s = NativeMethods.goap_domain_action_name(w, Id.Native, new GoapActionId { bits = id }, p, (uint)buf.Length, &len);
                    }
                    if (s == GoapStatus.BufferTooSmall) { cap = len + 1; continue; }
                    Errors.Check(s);
                    return Utf8.Decode(buf, len);
                }
            }
            finally { World.Exit(); }
        }

        int Count(int kind)
        {
            uint n;
            GoapWorld* w = EnterWorld();
            try
            {
                if (kind == Facts) Errors.Check(NativeMethods.goap_domain_fact_count(w, Id.Native, &n));
                else if (kind == Vars) Errors.Check(NativeMethods.goap_domain_var_count(w, Id.Native, &n));
                else Errors.Check(NativeMethods.goap_domain_action_count(w, Id.Native, &n));
            }
            finally { World.Exit(); }
            return (int)n;
        }

        static uint Count(Array a) { return a == null ? 0u : (uint)a.Length; }

        /// <summary>The world's native pointer for one call (see World.Enter).</summary>
        GoapWorld* EnterWorld()
        {
            if (World == null) throw new InvalidOperationException("this Domain is default(Domain), not one of a World");
            return World.Enter();
        }

        public bool Equals(Domain other) { return ReferenceEquals(World, other.World) && Id == other.Id; }
        public override bool Equals(object obj) { return obj is Domain && Equals((Domain)obj); }
        public override int GetHashCode() { return Id.GetHashCode(); }
        public override string ToString() { return "Domain(" + Id + ")"; }
    }

    /// <summary>Per-thread reusable buffers for results.</summary>
    internal static class Scratch
    {
        [ThreadStatic] static GoapActionId[] ids;

        /// <summary>This thread's action id buffer, at least <paramref name="capacity"/> long (and at least 64).</summary>
        internal static GoapActionId[] Ids(uint capacity)
        {
            if (ids == null || ids.Length < capacity) ids = new GoapActionId[Math.Max(64u, capacity)];
            return ids;
        }

        internal static void CopyActions(GoapActionId[] buf, uint count, List<ActionId> into)
        {
            into.Clear();
            for (int i = 0; i < count; i++) into.Add(new ActionId(buf[i]));
        }
    }
}
