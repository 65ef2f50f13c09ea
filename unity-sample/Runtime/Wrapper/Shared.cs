// Goap C# wrapper: shared world facts and variables (values every agent of a domain reads,
// written once by the engine).
// C# 7.2. Copied into the Unity package by scripts/unity-sync-wrapper.sh; edit it here.
using System;
using Goap.Native;

namespace Goap
{
    /// <summary>What a shared write did (goap.h GoapSharedChange).</summary>
    public struct SharedChange
    {
        /// <summary>Shared values that changed (written for the first time, or to another value).</summary>
        public int Changed;
        /// <summary>Agents whose belief changed in a value their goals or plan depend on: they review at their next step. Other agents are not disturbed.</summary>
        public int Reviewed;
    }

    public readonly unsafe partial struct Domain
    {
        /// <summary>
        /// Writes shared facts and variables (goap_domain_set_shared): every agent of the domain
        /// reads them when it plans and monitors its plan. The latest write wins: an agent's own
        /// <c>SetFact</c> overrides a shared value until the next shared write of it. All values
        /// are checked first and nothing is written on error. Only agents whose goals or plan
        /// depend on a changed value review. Allocates nothing.
        /// </summary>
        public SharedChange SetShared(FactValue[] facts, VarValue[] vars)
        {
            GoapSharedChange c = default(GoapSharedChange);
            c.size = (uint)sizeof(GoapSharedChange);
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (FactValue* f = facts)
                fixed (VarValue* v = vars)
                    Errors.Check(NativeMethods.goap_domain_set_shared(w, Id.Native, (GoapFactValue*)f, Count(facts),
                        (GoapVarValue*)v, Count(vars), &c));
            }
            finally { World.Exit(); }
            return new SharedChange { Changed = (int)c.changed, Reviewed = (int)c.reviewed };
        }

        /// <summary>One shared fact (goap_domain_set_shared_fact).</summary>
        public SharedChange SetSharedFact(FactId fact, bool value)
        {
            GoapSharedChange c = default(GoapSharedChange);
            c.size = (uint)sizeof(GoapSharedChange);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_set_shared_fact(w, Id.Native, fact.Native, value ? 1 : 0, &c)); }
            finally { World.Exit(); }
            return new SharedChange { Changed = (int)c.changed, Reviewed = (int)c.reviewed };
        }

        /// <summary>One shared variable (goap_domain_set_shared_var).</summary>
        public SharedChange SetSharedVar(VarId var, int value)
        {
            GoapSharedChange c = default(GoapSharedChange);
            c.size = (uint)sizeof(GoapSharedChange);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_set_shared_var(w, Id.Native, var.Native, value, &c)); }
            finally { World.Exit(); }
            return new SharedChange { Changed = (int)c.changed, Reviewed = (int)c.reviewed };
        }

        /// <summary>A fact's shared value; null when it was never written as shared.</summary>
        public bool? SharedFact(FactId fact)
        {
            int shared, v;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_get_shared_fact(w, Id.Native, fact.Native, &shared, &v)); }
            finally { World.Exit(); }
            return shared == 1 ? (bool?)(v == 1) : null;
        }

        /// <summary>A variable's shared value; null when it was never written as shared.</summary>
        public int? SharedVar(VarId var)
        {
            int shared, v;
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_get_shared_var(w, Id.Native, var.Native, &shared, &v)); }
            finally { World.Exit(); }
            return shared == 1 ? (int?)v : null;
        }
    }
}
