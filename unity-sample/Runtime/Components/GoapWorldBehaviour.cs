// Goap for Unity: the component that owns a goap World. C# 7.2 (Unity 2021.3+, Mono's mcs).
// Package-only code (not part of bindings/csharp): edit it here.
using System;
using System.Collections.Generic;
using System.IO;
using Unity.Profiling;
using UnityEngine;

namespace Goap
{
    /// <summary>How long a <see cref="GoapWorldBehaviour"/> lives.</summary>
    public enum GoapWorldScope
    {
        /// <summary>One world for the scene: destroyed with it.</summary>
        Scene = 0,
        /// <summary>One world for the game: DontDestroyOnLoad, reachable as <see cref="GoapWorldBehaviour.Shared"/> (a second one destroys itself).</summary>
        Shared = 1,
    }

    /// <summary>
    /// Owns a <see cref="Goap.World"/>: created in Awake, disposed in OnDestroy after the
    /// agents of its <see cref="GoapAgentBehaviour"/>s (whatever order Unity destroys things
    /// in). Loads each <see cref="GoapDomainAsset"/> once (<see cref="GetDomain"/>). By default
    /// each agent searches in its own step within a node budget, on the main thread, and the
    /// world starts no thread; with <see cref="BatchPlanning"/> on, the agents that wait for a
    /// plan are planned in one <see cref="World.PlanAgents(BatchOptions)"/> call per frame
    /// (LateUpdate, at most <see cref="BatchMaxNodesPerFrame"/> nodes), run as Unity jobs
    /// unless the job system is turned off. It records the world's decisions on request (<see cref="StartRecording"/>,
    /// <see cref="SaveRecording"/>: the studio page and <c>goap replay</c> read the files).
    /// Agents find their world with <see cref="For"/>: without one in the scene, the first
    /// agent makes a "GOAP World" GameObject.
    /// </summary>
    [DefaultExecutionOrder(-1000)]
    [DisallowMultipleComponent]
    [AddComponentMenu("GOAP/GOAP World")]
    public sealed class GoapWorldBehaviour : MonoBehaviour
    {
        [Tooltip("Scene: this scene's world, destroyed with it. Shared: one world for the game (DontDestroyOnLoad), GoapWorldBehaviour.Shared.")]
        [SerializeField] GoapWorldScope scope = GoapWorldScope.Scene;

        [Tooltip("Threads of the world's own pool for batches, the main thread included (0: one per core), when the job system is not used. 1: batches run on the main thread.")]
        [SerializeField, Min(0)] int workerThreads = 1;

        [Tooltip("Run batches (World.PlanAgents) as Unity jobs (UnityJobTaskSystem) instead of threads of the world's own.")]
        [SerializeField] bool useJobSystem = true;

        [Tooltip("Search results the plan cache shared by the agents holds (0: no cache).")]
        [SerializeField, Min(0)] int planCacheCapacity = 16384;

        [Header("Batch planning")]
        [Tooltip("Off (default): each agent searches in its own step, within its Step Max Expansions. On: agents made from now on wait for one World.PlanAgents call per frame (LateUpdate), on the job system when it is used.")]
        [SerializeField] bool batchPlanning = false;

        [Tooltip("Search nodes one frame's batch may expand over all its agents (0: no limit); a search left half done goes on next frame.")]
        [SerializeField, Min(0)] int batchMaxNodesPerFrame = 20000;

        [Header("Flight recorder")]
        [Tooltip("Record from Awake into memory (SaveRecording writes it to a file). Off by default: recording slows the world's calls a little.")]
        [SerializeField] bool recordOnStart = false;

        [Tooltip("Seconds of history the recording keeps (a ring in memory); 0: the whole session.")]
        [SerializeField, Min(0f)] float recordWindowSeconds = 60f;

        World world;
        readonly Dictionary<GoapDomainAsset, DomainEntry> domains = new Dictionary<GoapDomainAsset, DomainEntry>();
        readonly List<GoapAgentBehaviour> agents = new List<GoapAgentBehaviour>();
        bool batchRequested;
        BatchStats lastBatch;

        static GoapWorldBehaviour shared;
        static readonly List<GoapWorldBehaviour> all = new List<GoapWorldBehaviour>();

        /// <summary>The world: null before Awake, after OnDestroy, or when it could not be made (the native library is missing: logged).</summary>
        public World World { get { return world; } }

        /// <summary>True while the world exists and is not disposed.</summary>
        internal bool IsAlive { get { return world != null && !world.IsDisposed; } }

        /// <summary>Scene or Shared.</summary>
        public GoapWorldScope Scope { get { return scope; } }

        /// <summary>
        /// True: agents made from now on are created with PlanInStep false and planned by the
        /// frame's batch. Agents already made keep their mode (a batch still runs while any waits).
        /// </summary>
        public bool BatchPlanning { get { return batchPlanning; } set { batchPlanning = value; } }

        /// <summary>Search nodes one frame's batch may expand (0: no limit).</summary>
        public int BatchMaxNodesPerFrame
        {
            get { return batchMaxNodesPerFrame; }
            set
            {
                if (value < 0) throw new ArgumentOutOfRangeException("value", value, "must not be negative");
                batchMaxNodesPerFrame = value;
            }
        }

        /// <summary>Seconds a recording started by <see cref="StartRecording"/> keeps (0: everything).</summary>
        public float RecordWindowSeconds
        {
            get { return recordWindowSeconds; }
            set
            {
                if (!(value >= 0f) || float.IsInfinity(value)) throw new ArgumentOutOfRangeException("value", value, "seconds, 0 or more");
                recordWindowSeconds = value;
            }
        }

        /// <summary>True when the world's batches run on Unity's job system.</summary>
        public bool UsesJobSystem { get { return useJobSystem; } }

        /// <summary>What the latest batch did (default before the first).</summary>
        public BatchStats LastBatch { get { return lastBatch; } }

        /// <summary>The agent components that have an agent in this world.</summary>
        public IReadOnlyList<GoapAgentBehaviour> Agents { get { return agents; } }

        /// <summary>The world of <see cref="GoapWorldScope.Shared"/> scope, or null.</summary>
        public static GoapWorldBehaviour Shared { get { return shared; } }

        /// <summary>The enabled worlds that have a <see cref="World"/>, in the order they were enabled.</summary>
        public static IReadOnlyList<GoapWorldBehaviour> All { get { return all; } }

        /// <summary>
        /// The world for <paramref name="c"/>: the one a <see cref="GoapAgentBehaviour"/> names
        /// explicitly, else one on its GameObject or a parent, else <see cref="Shared"/>, else
        /// the first of <see cref="All"/>, else a new "GOAP World" GameObject's (scene scope);
        /// the implicit choices pass over a component whose World is null or disposed.
        /// </summary>
        public static GoapWorldBehaviour For(Component c)
        {
            if (c == null) throw new ArgumentNullException("c");
            var agent = c as GoapAgentBehaviour;
            if (agent != null && agent.ExplicitWorld != null) return agent.ExplicitWorld;
            // Worlds without a live World are passed over: a second Shared one that removes
            // itself (a persistent world copied into the next scene, with NPCs under it), one
            // whose creation failed, one disposed by code.
            for (var t = c.transform; t != null; t = t.parent)
            {
                var near = t.GetComponent<GoapWorldBehaviour>();
                if (near != null && near.IsAlive) return near;
            }
            if (shared != null && shared.IsAlive) return shared;
            for (int i = 0; i < all.Count; i++) if (all[i].IsAlive) return all[i];
            return new GameObject("GOAP World").AddComponent<GoapWorldBehaviour>();
        }

        /// <summary>
        /// The domain of <paramref name="asset"/> in this world, loaded on first use (each asset
        /// once per world). Throws <see cref="GoapException"/> naming the asset when its text
        /// does not load, <see cref="InvalidOperationException"/> without a world.
        /// </summary>
        public Domain GetDomain(GoapDomainAsset asset) { return Entry(asset).Domain; }

        /// <summary>Writes a shared fact of <paramref name="asset"/>'s domain (names resolved once and cached; ArgumentException for an unknown one).</summary>
        public SharedChange SetSharedFact(GoapDomainAsset asset, string fact, bool value)
        {
            var e = Entry(asset);
            return e.Domain.SetSharedFact(e.Fact(fact), value);
        }

        /// <summary>Writes a shared variable of <paramref name="asset"/>'s domain (see <see cref="SetSharedFact"/>).</summary>
        public SharedChange SetSharedVar(GoapDomainAsset asset, string var, int value)
        {
            var e = Entry(asset);
            return e.Domain.SetSharedVar(e.Var(var), value);
        }

        /// <summary>Asks for a batch in this frame's LateUpdate (agents waiting for a plan ask by themselves).</summary>
        public void RequestBatch() { batchRequested = true; }

        /// <summary>True while the world records.</summary>
        public bool IsRecording { get { return world != null && !world.IsDisposed && world.IsRecording; } }

        /// <summary>
        /// Starts the flight recorder into memory, keeping the last <see cref="RecordWindowSeconds"/>
        /// seconds (0: the whole session). Does nothing while recording already.
        /// </summary>
        public void StartRecording()
        {
            RequireWorld();
            if (world.IsRecording) return;
            world.StartRecordingToMemory(recordWindowSeconds);
        }

        /// <summary>
        /// Writes what was recorded so far to <paramref name="path"/> (folders made; the studio
        /// page and <c>goap replay</c> read it; <see cref="Library.Replay"/> checks it) and
        /// keeps recording (a new recording starts, from a checkpoint of the world as it is).
        /// Returns the file's full path. Throws <see cref="InvalidOperationException"/> when
        /// not recording into memory (<see cref="StartRecording"/>, or
        /// <c>World.StartRecordingToMemory</c> by code: the new recording then keeps
        /// <see cref="RecordWindowSeconds"/>).
        /// </summary>
        public string SaveRecording(string path)
        {
            if (path == null) throw new ArgumentNullException("path");
            RequireRecording();
            // The path is checked and the file opened before the recording is taken (and a new
            // one started): a path that cannot be written loses nothing.
            var full = Path.GetFullPath(path);
            var dir = Path.GetDirectoryName(full);
            if (!string.IsNullOrEmpty(dir)) Directory.CreateDirectory(dir);
            using (var file = new FileStream(full, FileMode.Create, FileAccess.Write))
            {
                byte[] bytes;
                try { bytes = TakeRecording(true); }
                catch (InvalidOperationException)
                {
                    file.Dispose();
                    File.Delete(full); // recording into a file (World.StartRecording): nothing to save here
                    throw;
                }
                file.Write(bytes, 0, bytes.Length);
            }
            return full;
        }

        /// <summary>Stops recording and returns the recording's bytes. Throws <see cref="InvalidOperationException"/> when not recording.</summary>
        public byte[] StopRecording() { return TakeRecording(false); }

        byte[] TakeRecording(bool restart)
        {
            RequireRecording();
            byte[] bytes;
            try { bytes = world.StopRecordingToMemory(); }
            catch (InvalidOperationException)
            {
                throw new InvalidOperationException("GoapWorldBehaviour \"" + name + "\" records into a file (World.StartRecording), not into memory: stop it with World.StopRecording");
            }
            if (restart) world.StartRecordingToMemory(recordWindowSeconds);
            return bytes;
        }

        void RequireRecording()
        {
            RequireWorld();
            if (!world.IsRecording)
                throw new InvalidOperationException("GoapWorldBehaviour \"" + name + "\" is not recording (StartRecording, or Record On Start)");
        }

        void RequireWorld()
        {
            if (world == null || world.IsDisposed)
                throw new InvalidOperationException("GoapWorldBehaviour \"" + name + "\" has no world (before Awake, after OnDestroy, or its creation failed)");
        }

        internal DomainEntry Entry(GoapDomainAsset asset)
        {
            if (asset == null) throw new ArgumentNullException("asset");
            RequireWorld();
            DomainEntry e;
            if (!domains.TryGetValue(asset, out e))
            {
                e = new DomainEntry(asset, asset.Load(world));
                domains.Add(asset, e);
            }
            return e;
        }

        internal void Register(GoapAgentBehaviour agent) { if (!agents.Contains(agent)) agents.Add(agent); }
        internal void Unregister(GoapAgentBehaviour agent) { agents.Remove(agent); }

        void Awake()
        {
            if (scope == GoapWorldScope.Shared)
            {
                if (shared != null && shared != this)
                {
                    Debug.LogWarning("GoapWorldBehaviour \"" + name + "\": a shared GOAP world exists already (\"" + shared.name + "\"); this one removes itself", this);
                    Destroy(this);
                    return;
                }
                shared = this;
                if (transform.parent == null) DontDestroyOnLoad(gameObject);
                else Debug.LogWarning("GoapWorldBehaviour \"" + name + "\": a Shared world must be on a root GameObject to survive scene loads", this);
            }
            try
            {
                Library.EnsureLoaded();
                var settings = WorldSettings.Default;
                settings.PlanCacheCapacity = planCacheCapacity;
                settings.WorkerThreads = workerThreads;
#if UNITY_WEBGL && !UNITY_EDITOR
                settings.WorkerThreads = 1; // no threads to spare in a WebGL player
#endif
                if (useJobSystem) settings.TaskSystem = new UnityJobTaskSystem();
                world = new World(settings);
                if (recordOnStart) StartRecording();
            }
            catch (Exception e)
            {
                // A missing native library (GoapLibraryException) or a bad setting.
                Debug.LogException(e, this);
                if (world != null) world.Dispose();
                world = null;
                if (shared == this) shared = null;
                enabled = false;
            }
        }

        void OnEnable()
        {
            if (world != null && !all.Contains(this)) all.Add(this);
        }

        void OnDisable()
        {
            all.Remove(this);
        }

        void LateUpdate()
        {
            // Agents whose step returned Waiting asked for this batch in their Update (or
            // FixedUpdate); their next step starts the plans found here. Frames where nobody
            // waits cost nothing.
            if (world == null || !batchRequested) return;
            batchRequested = false;
            GoapMarkers.PlanAgents.Begin();
            try
            {
                lastBatch = world.PlanAgents(new BatchOptions { MaxNodes = batchMaxNodesPerFrame });
            }
            catch (ObjectDisposedException)
            {
                world = null; // disposed by someone else: nothing left to plan
            }
            catch (GoapException e)
            {
                Debug.LogException(e, this);
            }
            finally
            {
                GoapMarkers.PlanAgents.End();
            }
        }

        void OnDestroy()
        {
            if (shared == this) shared = null;
            all.Remove(this);
            // The agents first, while the world lives: their handlers are aborted and their
            // agents destroyed; agent components destroyed later find no agent to release.
            for (int i = agents.Count - 1; i >= 0; i--)
            {
                if (i >= agents.Count) continue;
                var a = agents[i];
                if (!ReferenceEquals(a, null)) a.WorldGone(this);
            }
            agents.Clear();
            domains.Clear();
            if (world != null) world.Dispose();
            world = null;
        }

        /// <summary>
        /// Forgets every static (the lists, <see cref="Shared"/>, the handler scan) when Play mode
        /// starts: with domain reload off (Enter Play Mode Options) Unity keeps them otherwise.
        /// </summary>
        [RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.SubsystemRegistration)]
        static void ResetStatics()
        {
            shared = null;
            all.Clear();
            GoapAgentBehaviour.ResetStatics();
            GoapActionNames.Reset();
            // Library.ContextException handlers and the log handler of the last session.
            Library.ResetHandlers();
        }
    }

    /// <summary>The profiler markers of the components (Window → Analysis → Profiler).</summary>
    internal static class GoapMarkers
    {
        /// <summary>An agent's step and the handler calls it leads to.</summary>
        internal static readonly ProfilerMarker Step = new ProfilerMarker("Goap.Step");
        /// <summary>A world's batch (World.PlanAgents).</summary>
        internal static readonly ProfilerMarker PlanAgents = new ProfilerMarker("Goap.PlanAgents");
        /// <summary>An agent's sensors.</summary>
        internal static readonly ProfilerMarker Sense = new ProfilerMarker("Goap.Sense");
    }

    /// <summary>A domain loaded in a world, with its names and ids read once.</summary>
    internal sealed class DomainEntry
    {
        internal readonly GoapDomainAsset Asset;
        internal readonly Domain Domain;
        internal readonly ActionId[] Actions;
        internal readonly string[] ActionNames;
        internal readonly string[] FactNames;
        internal readonly string[] VarNames;
        readonly Dictionary<ActionId, int> actionIndex = new Dictionary<ActionId, int>();
        readonly Dictionary<string, FactId> facts = new Dictionary<string, FactId>();
        readonly Dictionary<string, VarId> vars = new Dictionary<string, VarId>();

        internal DomainEntry(GoapDomainAsset asset, Domain domain)
        {
            Asset = asset;
            Domain = domain;
            int n = domain.ActionCount;
            Actions = new ActionId[n];
            ActionNames = new string[n];
            for (int i = 0; i < n; i++)
            {
                Actions[i] = domain.ActionAt(i);
                ActionNames[i] = domain.ActionName(Actions[i]);
                actionIndex[Actions[i]] = i;
            }
            FactNames = new string[domain.FactCount];
            for (int i = 0; i < FactNames.Length; i++)
            {
                var f = domain.FactAt(i);
                FactNames[i] = domain.FactName(f);
                facts[FactNames[i]] = f;
            }
            VarNames = new string[domain.VarCount];
            for (int i = 0; i < VarNames.Length; i++)
            {
                var v = domain.VarAt(i);
                VarNames[i] = domain.VarName(v);
                vars[VarNames[i]] = v;
            }
        }

        internal string Describe() { return "domain asset \"" + (Asset != null ? Asset.name : "?") + "\""; }

        /// <summary>Index of an action in <see cref="Actions"/>, or -1.</summary>
        internal int IndexOf(ActionId action)
        {
            int i;
            return actionIndex.TryGetValue(action, out i) ? i : -1;
        }

        internal int IndexOf(string actionName) { return Array.IndexOf(ActionNames, actionName); }

        internal FactId Fact(string name)
        {
            FactId f;
            if (name != null && facts.TryGetValue(name, out f)) return f;
            throw new ArgumentException(Describe() + " has no fact \"" + name + "\"" + GoapActionNames.NearNames(name, FactNames), "name");
        }

        internal VarId Var(string name)
        {
            VarId v;
            if (name != null && vars.TryGetValue(name, out v)) return v;
            throw new ArgumentException(Describe() + " has no variable \"" + name + "\"" + GoapActionNames.NearNames(name, VarNames), "name");
        }
    }
}
