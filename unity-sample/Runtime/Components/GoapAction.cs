// Goap for Unity: action handlers and sensors of a GoapAgentBehaviour. C# 7.2 (Unity 2021.3+,
// Mono's mcs). Package-only code (not part of bindings/csharp): edit it here.
using System;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;

namespace Goap
{
    /// <summary>What an action handler says after a tick: still at it, done, or failed (the agent replans).</summary>
    public enum GoapActionStatus { Running = 0, Succeeded = 1, Failed = 2 }

    /// <summary>
    /// Performs actions of a domain for a <see cref="GoapAgentBehaviour"/>. Bound by name (see
    /// <see cref="GoapActionAttribute"/> and <see cref="GoapAgentBehaviour.Bind"/>). One
    /// handler may serve several actions and, for a component or a <see cref="GoapAgentBehaviour.Bind"/>
    /// handler, several agents: keep per-action state in the handler only when it serves one
    /// agent (a plain class is made once per agent). Called on the main thread, from the
    /// agent's Update, FixedUpdate or <see cref="GoapAgentBehaviour.Tick"/>. An exception
    /// thrown by a method is logged and taken as <see cref="GoapActionStatus.Failed"/>.
    /// </summary>
    public interface IGoapAction
    {
        /// <summary>The agent starts the action (OnTick follows in the same step).</summary>
        void OnStart(GoapActionContext ctx);

        /// <summary>One step of the action, <paramref name="dt"/> seconds after the last one (the start step's dt on the first).</summary>
        GoapActionStatus OnTick(GoapActionContext ctx, float dt);

        /// <summary>
        /// The action stops before it finished: the agent changed plan or goal, waits for a
        /// plan, was disabled or destroyed, or lost its world. No report follows.
        /// </summary>
        void OnAbort(GoapActionContext ctx);
    }

    /// <summary>
    /// Senses the world for a <see cref="GoapAgentBehaviour"/>: a component on its GameObject,
    /// called before each step of the agent (write beliefs with <c>agent.Agent.SetFact</c> and
    /// friends, ids from <see cref="GoapAgentBehaviour.Fact"/>, resolved once).
    /// <see cref="GoapAgentBehaviour.DeltaTime"/> is the step's dt.
    /// </summary>
    public interface IGoapSensor
    {
        /// <summary>Writes what the agent perceives now. An exception is logged; the step goes on.</summary>
        void Sense(GoapAgentBehaviour agent);
    }

    /// <summary>
    /// Names the actions an <see cref="IGoapAction"/> class performs: the exact name of a
    /// domain action (a template's ground action included, "buy_planks"), or a prefix ending
    /// in <c>*</c> ("go_*"; "*" alone: every action). On a component of the agent's
    /// GameObject it serves that agent; on a plain class (public parameterless constructor,
    /// not a UnityEngine.Object) it serves every agent whose GameObject has no component for
    /// the action, one instance per agent. An exact name beats a prefix, a longer prefix a
    /// shorter one. With managed code stripping above Low, mark plain classes
    /// <c>[UnityEngine.Scripting.Preserve]</c>: only reflection finds them.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = false)]
    public sealed class GoapActionAttribute : Attribute
    {
        /// <summary>The action's name, or a prefix ending in '*'.</summary>
        public readonly string Name;

        /// <summary>Serves the action <paramref name="name"/> (or the prefix before a trailing '*').</summary>
        public GoapActionAttribute(string name) { Name = name ?? ""; }
    }

    /// <summary>What a handler is told: which agent, which action, for how long, toward which goal. Copy it freely.</summary>
    public readonly struct GoapActionContext
    {
        /// <summary>The agent's component.</summary>
        public readonly GoapAgentBehaviour Agent;
        /// <summary>The action performed.</summary>
        public readonly ActionId Action;
        /// <summary>Its name (cached: no garbage).</summary>
        public readonly string ActionName;
        /// <summary>Seconds since the action started (this step's dt included).</summary>
        public readonly float Elapsed;
        /// <summary>The goal the plan serves.</summary>
        public readonly GoalId Goal;

        /// <summary>A context.</summary>
        public GoapActionContext(GoapAgentBehaviour agent, ActionId action, string actionName, float elapsed, GoalId goal)
        {
            Agent = agent;
            Action = action;
            ActionName = actionName;
            Elapsed = elapsed;
            Goal = goal;
        }

        /// <summary>The agent's GameObject.</summary>
        public GameObject gameObject { get { return Agent.gameObject; } }

        /// <summary>The agent's Transform.</summary>
        public Transform transform { get { return Agent.transform; } }
    }

    /// <summary>Which names of the attributes match an action: exact names and '*' prefixes.</summary>
    internal static class GoapActionNames
    {
        /// <summary>How well <paramref name="pattern"/> matches <paramref name="action"/>: -1 not at all, int.MaxValue exactly, else the prefix's length.</summary>
        internal static int Match(string pattern, string action)
        {
            if (pattern == action) return int.MaxValue;
            if (pattern.Length == 0 || pattern[pattern.Length - 1] != '*') return -1;
            int n = pattern.Length - 1;
            return action.Length >= n && string.CompareOrdinal(pattern, 0, action, 0, n) == 0 ? n : -1;
        }

        internal static bool IsPattern(string name) { return name.Length > 0 && name[name.Length - 1] == '*'; }

        static readonly Dictionary<Type, string[]> namesOfType = new Dictionary<Type, string[]>();

        /// <summary>The [GoapAction] names of a type (cached).</summary>
        internal static string[] Of(Type type)
        {
            lock (namesOfType)
            {
                string[] names;
                if (namesOfType.TryGetValue(type, out names)) return names;
                var attrs = (GoapActionAttribute[])type.GetCustomAttributes(typeof(GoapActionAttribute), false);
                names = new string[attrs.Length];
                for (int i = 0; i < attrs.Length; i++) names[i] = attrs[i].Name;
                namesOfType[type] = names;
                return names;
            }
        }

        /// <summary>A plain class with [GoapAction], found by the scan.</summary>
        internal sealed class PlainHandler
        {
            internal Type Type;
            internal string[] Names;
            internal string Problem; // not instantiable: why
        }

        static List<PlainHandler> plainHandlers;

        /// <summary>
        /// The plain (non-UnityEngine.Object) IGoapAction classes with [GoapAction] of the
        /// loaded assemblies that reference this one: scanned once, kept until
        /// <see cref="Reset"/> (a domain reload, or entering Play mode without one).
        /// </summary>
        internal static List<PlainHandler> PlainHandlers
        {
            get
            {
                lock (namesOfType)
                {
                    if (plainHandlers != null) return plainHandlers;
                    var found = new List<PlainHandler>();
                    var self = typeof(IGoapAction).Assembly;
                    string selfName = self.GetName().Name;
                    foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
                    {
                        bool refers = asm == self;
                        if (!refers)
                        {
                            if (asm.IsDynamic) continue;
                            foreach (var r in asm.GetReferencedAssemblies()) if (r.Name == selfName) { refers = true; break; }
                        }
                        if (!refers) continue;
                        Type[] types;
                        try { types = asm.GetTypes(); }
                        catch (ReflectionTypeLoadException e) { types = e.Types; }
                        foreach (var t in types)
                        {
                            if (t == null || !t.IsClass || t.IsAbstract || t.IsGenericTypeDefinition) continue;
                            if (!typeof(IGoapAction).IsAssignableFrom(t) || typeof(UnityEngine.Object).IsAssignableFrom(t)) continue;
                            if (!t.IsDefined(typeof(GoapActionAttribute), false)) continue;
                            var h = new PlainHandler { Type = t, Names = Of(t) };
                            if (t.GetConstructor(Type.EmptyTypes) == null)
                                h.Problem = "class " + t.FullName + " has [GoapAction] but no public parameterless constructor";
                            found.Add(h);
                        }
                    }
                    plainHandlers = found;
                    return found;
                }
            }
        }

        /// <summary>Forgets the scan and the attribute cache.</summary>
        internal static void Reset()
        {
            lock (namesOfType)
            {
                namesOfType.Clear();
                plainHandlers = null;
            }
        }

        /// <summary>Up to 3 names of <paramref name="names"/> close to <paramref name="name"/> (edit distance or containment), as " (did you mean ...?)", or "".</summary>
        internal static string NearNames(string name, IReadOnlyList<string> names)
        {
            if (name == null || names == null) return "";
            var near = new List<string>();
            int limit = Math.Max(2, name.Length / 3);
            for (int i = 0; i < names.Count && near.Count < 3; i++)
            {
                var n = names[i];
                if (n == null || n == name) continue;
                if (Distance(name, n) <= limit || (name.Length >= 3 && (n.Contains(name) || name.Contains(n) && n.Length >= 3)))
                    near.Add("\"" + n + "\"");
            }
            return near.Count == 0 ? "" : " (did you mean " + string.Join(", ", near.ToArray()) + "?)";
        }

        static int Distance(string a, string b)
        {
            var prev = new int[b.Length + 1];
            var cur = new int[b.Length + 1];
            for (int j = 0; j <= b.Length; j++) prev[j] = j;
            for (int i = 1; i <= a.Length; i++)
            {
                cur[0] = i;
                for (int j = 1; j <= b.Length; j++)
                    cur[j] = Math.Min(Math.Min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
                var t = prev; prev = cur; cur = t;
            }
            return prev[b.Length];
        }
    }
}
