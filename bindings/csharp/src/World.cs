using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using Goap.Native;

namespace Goap
{
    /// <summary>Settings of a new <see cref="World"/> (goap.h GoapWorldDef). Start from <see cref="Default"/>.</summary>
    public struct WorldSettings
    {
        /// <summary>Idle planners (with their search memory) kept for reuse. Default 8.</summary>
        public int MaxIdlePlanners;
        /// <summary>Threads <see cref="World.PlanAgents()"/> uses, the calling one included; 0: the machine's. Default 0.</summary>
        public int WorkerThreads;
        /// <summary>Search results the plan cache shared by the world's agents holds; 0 turns it off. Default 16384. Searches that walk an exact table (most small tasks under <see cref="Heuristic.Auto"/>) skip it: a walk costs about what a lookup does.</summary>
        public int PlanCacheCapacity;
        /// <summary>
        /// The engine's job system for <see cref="World.PlanAgents()"/> (null, the default: the world's own
        /// WorkerThreads - 1 threads, created with it). With one, the world creates no thread and
        /// <see cref="WorkerThreads"/> is taken from <see cref="ITaskSystem.WorkerCount"/>.
        /// </summary>
        public ITaskSystem TaskSystem;

        /// <summary>The native defaults.</summary>
        public static WorldSettings Default
        {
            get
            {
                Library.EnsureLoaded();
                var d = NativeMethods.goap_world_def_default();
                return new WorldSettings
                {
                    MaxIdlePlanners = (int)d.max_idle_planners,
                    WorkerThreads = (int)d.worker_threads,
                    PlanCacheCapacity = (int)d.plan_cache_capacity,
                };
            }
        }

        /// <summary>
        /// The native definition a new <see cref="World"/> passes on; throws
        /// <see cref="ArgumentOutOfRangeException"/> for a negative field. Starts from the native
        /// default, which sets the cookie goap_world_create checks.
        /// </summary>
        internal unsafe GoapWorldDef ToNative()
        {
            // new World(settings) is the first call into the library: load and check it first.
            Library.EnsureLoaded();
            var def = NativeMethods.goap_world_def_default();
            def.max_idle_planners = World.NonNegative(MaxIdlePlanners, "MaxIdlePlanners");
            def.worker_threads = World.NonNegative(WorkerThreads, "WorkerThreads");
            def.plan_cache_capacity = World.NonNegative(PlanCacheCapacity, "PlanCacheCapacity");
            if (TaskSystem != null)
            {
                def.worker_threads = World.NonNegative(TaskSystem.WorkerCount, "TaskSystem.WorkerCount");
                def.enqueue_task = (void*)TaskSystems.EnqueuePointer;
                def.finish_task = (void*)TaskSystems.FinishPointer;
                // user_task_context is set by the World, which owns the GCHandle.
            }
            return def;
        }
    }

    /// <summary>Limits of one <see cref="World.PlanAgents()"/> call (goap.h GoapBatchOptions); 0 is no limit.</summary>
    public struct BatchOptions
    {
        /// <summary>Plan at most this many agents; 0: all that need a plan.</summary>
        public int MaxAgents;
        /// <summary>Threads to use, the calling one included; 0: the world's WorkerThreads.</summary>
        public int Threads;
        /// <summary>Stop once the call's searches have used this many nodes; a search that needs more is left half done and the next call continues it; 0: no limit.</summary>
        public long MaxNodes;

        /// <summary>
        /// The native options <see cref="World.PlanAgents(BatchOptions)"/> passes on; throws
        /// <see cref="ArgumentOutOfRangeException"/> for a negative field. Starts from the native
        /// default, which sets the cookie goap_world_plan_agents checks.
        /// </summary>
        internal GoapBatchOptions ToNative()
        {
            var o = NativeMethods.goap_batch_options_default();
            o.max_agents = World.NonNegative(MaxAgents, "MaxAgents");
            o.threads = World.NonNegative(Threads, "Threads");
            if (MaxNodes < 0) throw new ArgumentOutOfRangeException("options", "MaxNodes is negative");
            o.max_nodes = (ulong)MaxNodes;
            return o;
        }
    }

    /// <summary>What one <see cref="World.PlanAgents()"/> call did (goap.h GoapBatchStats).</summary>
    public struct BatchStats
    {
        /// <summary>Agents whose replan was applied.</summary>
        public int Planned;
        /// <summary>Agents that still need a plan.</summary>
        public int Waiting;
        /// <summary>Agents whose context callbacks failed (see <see cref="Library.ContextException"/>).</summary>
        public int CallbackErrors;
        /// <summary>Threads the call could use.</summary>
        public int Threads;
        /// <summary>Nodes expanded by the searches applied.</summary>
        public long Expanded;
        /// <summary>Searches answered from the plan cache (may depend on timing with several threads).</summary>
        public long CacheHits;
        /// <summary>Replans in which a search ran out of memory (taken as a node limit by the agent).</summary>
        public int OutOfMemory;

        // The one copy of the native stats (a parity test fills every native field and checks it).
        internal BatchStats(GoapBatchStats s)
        {
            Planned = (int)s.planned;
            Waiting = (int)s.waiting;
            CallbackErrors = (int)s.callback_errors;
            Threads = (int)s.threads;
            Expanded = (long)s.expanded;
            CacheHits = (long)s.cache_hits;
            OutOfMemory = (int)s.out_of_memory;
        }
    }

    /// <summary>Counters of a world's plan cache (goap.h GoapCacheStats).</summary>
    public struct CacheStats
    {
        /// <summary>Searches answered from the cache.</summary>
        public long Hits;
        /// <summary>Searches that ran.</summary>
        public long Misses;
        /// <summary>Entries dropped to make room.</summary>
        public long Evictions;
        /// <summary>Entries held now.</summary>
        public long Entries;
        /// <summary>The most entries the cache holds.</summary>
        public long Capacity;

        // The one copy of the native counters (a parity test fills every native field and checks it).
        internal CacheStats(GoapCacheStats s)
        {
            Hits = (long)s.hits;
            Misses = (long)s.misses;
            Evictions = (long)s.evictions;
            Entries = (long)s.entries;
            Capacity = (long)s.capacity;
        }
    }

    /// <summary>
    /// Owns a native GoapWorld. Released by <see cref="World.Dispose"/> or, if the world is
    /// never disposed, by the finalizer (on the finalizer thread: the native world may be
    /// destroyed from any thread). Also owns the GCHandles of the agents' contexts, freed
    /// after the native world is gone, so a callback never sees a freed handle.
    /// </summary>
    internal sealed class WorldHandle : SafeHandle
    {
        /// <summary>The context handle of one agent; locked while it is replaced.</summary>
        internal sealed class ContextSlot
        {
            internal GCHandle Handle;
        }

        readonly Dictionary<AgentId, ContextSlot> contexts = new Dictionary<AgentId, ContextSlot>();

        internal WorldHandle() : base(IntPtr.Zero, true) { }

        /// <summary>The context slot of an agent, created on first use.</summary>
        internal ContextSlot Slot(AgentId agent)
        {
            lock (contexts)
            {
                ContextSlot slot;
                if (!contexts.TryGetValue(agent, out slot))
                {
                    slot = new ContextSlot();
                    contexts[agent] = slot;
                }
                return slot;
            }
        }

        /// <summary>The context slot of an agent, or null when it never had a context.</summary>
        internal ContextSlot FindSlot(AgentId agent)
        {
            lock (contexts)
            {
                ContextSlot slot;
                contexts.TryGetValue(agent, out slot);
                return slot;
            }
        }

        /// <summary>Forgets the slot of a destroyed agent.</summary>
        internal void RemoveSlot(AgentId agent)
        {
            lock (contexts) contexts.Remove(agent);
        }

        // The task system's handle (user_task_context), freed after the native world.
        GCHandle taskSystem;

        /// <summary>Guards <see cref="Recording"/> across the native start and stop calls.</summary>
        internal readonly object RecordLock = new object();
        /// <summary>The buffer of a recording to memory (the write callback's user data), freed
        /// once the native recording has stopped, or after the native world.</summary>
        internal GCHandle Recording;

        /// <summary>Takes ownership of a world just created (and of its task system's handle).</summary>
        internal void Adopt(IntPtr world, GCHandle tasks)
        {
            taskSystem = tasks;
            SetHandle(world);
        }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            unsafe { NativeMethods.goap_world_destroy((GoapWorld*)handle); }
            if (taskSystem.IsAllocated) taskSystem.Free();
            lock (RecordLock)
            {
                if (Recording.IsAllocated) Recording.Free();
            }
            lock (contexts)
            {
                foreach (var slot in contexts.Values)
                {
                    lock (slot)
                    {
                        if (slot.Handle.IsAllocated) slot.Handle.Free();
                    }
                }
                contexts.Clear();
            }
            return true;
        }
    }

    /// <summary>
    /// The root object: domains, agents, a plan cache shared by the agents and pooled planning
    /// memory. Every method is thread-safe, as the native library is (goap.h THREADING).
    /// Dispose it when done; a world never disposed is released by its finalizer. Domains and
    /// agents are small values that name their world; using one after <see cref="Dispose"/>
    /// throws <see cref="ObjectDisposedException"/>.
    /// </summary>
    public sealed unsafe partial class World : IDisposable
    {
        internal readonly WorldHandle Handle;
        // Set by Dispose: the handle alone stays open while a call of another thread holds
        // it, and calls made after Dispose returned must fail all the same.
        volatile bool disposed;

        /// <summary>A world with the default settings.</summary>
        public World() : this(WorldSettings.Default) { }

        /// <summary>A world with <paramref name="settings"/>.</summary>
        public World(WorldSettings settings)
        {
            var def = settings.ToNative();
            Handle = new WorldHandle();
            GCHandle tasks = default(GCHandle);
            if (settings.TaskSystem != null)
            {
                tasks = GCHandle.Alloc(settings.TaskSystem);
                def.user_task_context = (void*)GCHandle.ToIntPtr(tasks);
            }
            GoapWorld* world;
            var status = NativeMethods.goap_world_create(&def, &world);
            if (status != GoapStatus.Ok && tasks.IsAllocated) tasks.Free();
            Errors.Check(status);
            Handle.Adopt((IntPtr)world, tasks);
        }

        /// <summary>True once disposed.</summary>
        public bool IsDisposed { get { return disposed || Handle.IsClosed; } }

        /// <summary>
        /// The native GoapWorld*, for code that calls goap.h itself (a Burst job, say). Valid
        /// until the world is disposed; the caller must make sure it is not disposed meanwhile.
        /// </summary>
        public IntPtr DangerousGetHandle() { return Handle.DangerousGetHandle(); }

        /// <summary>
        /// Destroys the native world and everything in it (domains, agents, plan cache). A call
        /// running on another thread finishes first (the native world is destroyed when it
        /// returns); calls made after Dispose returned throw <see cref="ObjectDisposedException"/>.
        /// Contexts installed on agents are released.
        /// </summary>
        public void Dispose()
        {
            disposed = true;
            Handle.Dispose();
        }

        /// <summary>Creates an empty domain; <paramref name="name"/> appears in error messages only.</summary>
        public Domain CreateDomain(string name = null)
        {
            var def = NativeMethods.goap_domain_def_default();
            uint len;
            var bytes = Utf8.Encode(name, out len);
            GoapDomainId id;
            GoapWorld* w = Enter();
            try
            {
                fixed (byte* p = bytes)
                {
                    def.name = p;
                    def.name_len = len;
                    Errors.Check(NativeMethods.goap_domain_create(w, &def, &id));
                }
            }
            finally { Exit(); }
            return new Domain(this, new DomainId(id));
        }

        /// <summary>Loads a domain from the JSON domain format (errors carry line and column).</summary>
        public Domain LoadDomain(string json)
        {
            if (json == null) throw new ArgumentNullException("json");
            // Not the shared encode buffer: domain files can be large and are loaded once.
            var bytes = System.Text.Encoding.UTF8.GetBytes(json);
            GoapDomainId id;
            GoapWorld* w = Enter();
            try
            {
                fixed (byte* p = bytes)
                    Errors.Check(NativeMethods.goap_domain_load_json(w, p, (uint)bytes.Length, &id));
            }
            finally { Exit(); }
            return new Domain(this, new DomainId(id));
        }

        /// <summary>The domain of an id (no check: calls on it fail if it is not a domain of this world).</summary>
        public Domain GetDomain(DomainId id) { return new Domain(this, id); }

        /// <summary>Creates an agent in <paramref name="domain"/> with default settings.</summary>
        public Agent CreateAgent(Domain domain) { return CreateAgent(AgentSettings.For(domain)); }

        /// <summary>Creates an agent; it gets the domain's goals (a domain file's "goals").</summary>
        public Agent CreateAgent(AgentSettings settings)
        {
            var def = settings.ToNative();
            GoapAgentId id;
            GoapWorld* w = Enter();
            try { Errors.Check(NativeMethods.goap_agent_create(w, &def, &id)); }
            finally { Exit(); }
            return new Agent(this, new AgentId(id));
        }

        /// <summary>The agent of an id (no check: calls on it fail if it is not an agent of this world).</summary>
        public Agent GetAgent(AgentId id) { return new Agent(this, id); }

        /// <summary>
        /// Writes one fact into the beliefs of several agents (goap_agents_set_fact): all are
        /// checked first and none is written on error (the message names the entry).
        /// Allocates nothing.
        /// </summary>
        public void SetFactOn(AgentId[] agents, FactId fact, bool value)
        {
            if (agents == null) throw new ArgumentNullException("agents");
            GoapWorld* w = Enter();
            try
            {
                fixed (AgentId* p = agents)
                    Errors.Check(NativeMethods.goap_agents_set_fact(w, (GoapAgentId*)p, (uint)agents.Length, fact.Native, value ? 1 : 0));
            }
            finally { Exit(); }
        }

        /// <summary>Writes one variable value into the beliefs of several agents (goap_agents_set_var).</summary>
        public void SetVarOn(AgentId[] agents, VarId var, int value)
        {
            if (agents == null) throw new ArgumentNullException("agents");
            GoapWorld* w = Enter();
            try
            {
                fixed (AgentId* p = agents)
                    Errors.Check(NativeMethods.goap_agents_set_var(w, (GoapAgentId*)p, (uint)agents.Length, var.Native, value));
            }
            finally { Exit(); }
        }

        /// <summary>Agents alive in this world.</summary>
        public int AgentCount
        {
            get
            {
                uint n;
                GoapWorld* w = Enter();
                try { Errors.Check(NativeMethods.goap_agent_count(w, &n)); }
                finally { Exit(); }
                return (int)n;
            }
        }

        /// <summary>
        /// Plans the agents that need a plan, on worker threads (context callbacks run on this
        /// thread). Agents created with PlanInStep false wait for this call.
        /// </summary>
        public BatchStats PlanAgents() { return PlanAgents(new BatchOptions()); }

        /// <summary>Plans the agents that need a plan, within <paramref name="options"/>' budgets.</summary>
        public BatchStats PlanAgents(BatchOptions options)
        {
            var o = options.ToNative();
            GoapBatchStats s = default(GoapBatchStats);
            s.size = (uint)sizeof(GoapBatchStats);
            GoapWorld* w = Enter();
            var outer = Errors.BeginContextCall();
            try { Errors.Check(NativeMethods.goap_world_plan_agents(w, &o, &s)); }
            finally
            {
                Errors.EndContextCall(outer);
                Exit();
            }
            return new BatchStats(s);
        }

        /// <summary>The plan cache's counters.</summary>
        public CacheStats GetCacheStats()
        {
            GoapCacheStats s = default(GoapCacheStats);
            s.size = (uint)sizeof(GoapCacheStats);
            GoapWorld* w = Enter();
            try { Errors.Check(NativeMethods.goap_world_cache_stats(w, &s)); }
            finally { Exit(); }
            return new CacheStats(s);
        }

        /// <summary>Empties the plan cache.</summary>
        public void ClearCache()
        {
            GoapWorld* w = Enter();
            try { Errors.Check(NativeMethods.goap_world_clear_cache(w)); }
            finally { Exit(); }
        }

        /// <summary>
        /// The native world for one call: takes a reference on the handle, so a concurrent
        /// <see cref="Dispose"/> waits for the call. Every Enter is paired with <see cref="Exit"/>
        /// in a finally block. Throws <see cref="ObjectDisposedException"/> once disposed.
        /// </summary>
        internal GoapWorld* Enter()
        {
            if (disposed) throw new ObjectDisposedException("World", "the goap World was disposed");
            bool added = false;
            try { Handle.DangerousAddRef(ref added); }
            catch (ObjectDisposedException) { throw new ObjectDisposedException("World", "the goap World was disposed"); }
            return (GoapWorld*)Handle.DangerousGetHandle();
        }

        internal void Exit() { Handle.DangerousRelease(); }

        internal static uint NonNegative(int value, string name)
        {
            if (value < 0) throw new ArgumentOutOfRangeException(name, value, name + " must not be negative");
            return (uint)value;
        }
    }
}
