using System;
using System.Runtime.InteropServices;
using AOT;
using Goap.Native;

namespace Goap
{
    /// <summary>
    /// The engine's per-search answers for one agent: which actions it may use now and at
    /// what cost (see <see cref="Agent.SetContext"/>). Called on the thread that steps or
    /// batch-plans the agent, while the agent is locked: do not call goap on that agent from
    /// here (<see cref="Status.Busy"/>). Prefer <see cref="Agent.SetActionEnabled"/> and
    /// <see cref="Agent.SetActionCost"/> where they can say the same thing.
    /// </summary>
    public interface IAgentContext
    {
        /// <summary>May <paramref name="agent"/> use <paramref name="action"/> in this search?</summary>
        bool IsAvailable(AgentId agent, ActionId action);

        /// <summary>What does <paramref name="action"/> cost <paramref name="agent"/> in this search (0 to 1e12)? <paramref name="cost"/> is its cost so far.</summary>
        double Cost(AgentId agent, ActionId action, double cost);
    }

    /// <summary>
    /// Native callback signatures. Named, non-generic and Cdecl, as IL2CPP requires for
    /// delegates that native code calls.
    /// </summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal unsafe delegate int AvailableCallback(IntPtr userData, GoapAgentId agent, GoapActionId action, int* outAvailable);

    /// <summary>See <see cref="AvailableCallback"/>.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal unsafe delegate int CostCallback(IntPtr userData, GoapAgentId agent, GoapActionId action, double cost, double* outCost);

    /// <summary>
    /// The bridge from native callbacks to <see cref="IAgentContext"/>: static callback
    /// methods (IL2CPP cannot call instance methods from native code) whose delegates live in
    /// static fields for the process's life, and a GCHandle to the context as user data.
    /// </summary>
    internal static unsafe class AgentContexts
    {
        static readonly AvailableCallback availableCallback = OnAvailable;
        static readonly CostCallback costCallback = OnCost;
        static readonly IntPtr availablePointer = Marshal.GetFunctionPointerForDelegate(availableCallback);
        static readonly IntPtr costPointer = Marshal.GetFunctionPointerForDelegate(costCallback);

        /// <summary>
        /// Installs (or removes, for null) the context of an agent and frees the handle of the
        /// one it replaces. The agent's slot is locked from the native call to the swap, so
        /// two threads replacing one agent's context never free a handle still installed.
        /// </summary>
        internal static void Install(WorldHandle world, GoapWorld* w, AgentId agent, IAgentContext context)
        {
            ThrowIfInOwnCallback(agent, "goap_agent_set_callbacks");
            var slot = world.Slot(agent);
            lock (slot)
            {
                GCHandle handle = context == null ? default(GCHandle) : GCHandle.Alloc(context);
                GoapStatus status;
                if (context == null)
                {
                    status = NativeMethods.goap_agent_set_callbacks(w, agent.Native, null);
                }
                else
                {
                    var callbacks = new GoapAgentCallbacks
                    {
                        available = (void*)availablePointer,
                        cost = (void*)costPointer,
                        user_data = (void*)GCHandle.ToIntPtr(handle),
                    };
                    status = NativeMethods.goap_agent_set_callbacks(w, agent.Native, &callbacks);
                }
                if (status != GoapStatus.Ok)
                {
                    if (handle.IsAllocated) handle.Free();
                    if (!slot.Handle.IsAllocated) world.RemoveSlot(agent); // a stale or foreign id
                    throw Errors.Failure(status);
                }
                // The native agent no longer calls the old callbacks (set_callbacks waited
                // for any running search of the agent), so the old handle can go.
                if (slot.Handle.IsAllocated) slot.Handle.Free();
                slot.Handle = handle;
            }
        }

        /// <summary>
        /// Destroys an agent and frees its context handle. The callbacks are removed first:
        /// that waits for a search of the agent running on another thread, so no callback
        /// can use the handle once it is freed.
        /// </summary>
        internal static void Destroy(WorldHandle world, GoapWorld* w, AgentId agent)
        {
            ThrowIfInOwnCallback(agent, "goap_agent_destroy");
            var slot = world.FindSlot(agent);
            if (slot == null)
            {
                Errors.Check(NativeMethods.goap_agent_destroy(w, agent.Native));
                return;
            }
            lock (slot)
            {
                // A stale agent fails here and again, with the message, in destroy.
                NativeMethods.goap_agent_set_callbacks(w, agent.Native, null);
                Errors.Check(NativeMethods.goap_agent_destroy(w, agent.Native));
                if (slot.Handle.IsAllocated) slot.Handle.Free();
                world.RemoveSlot(agent);
            }
        }

        /// <summary>
        /// The agents whose callbacks run on this thread, innermost last (a context may step
        /// another agent, whose context runs nested). A callback that replaced or destroyed the
        /// context of one of them would wait for that agent's slot, which another thread's
        /// SetContext or Destroy may hold while it waits for the search running the callback:
        /// a deadlock. The native library answers calls on such an agent with
        /// GOAP_STATUS_BUSY; the wrapper does the same, before it locks anything.
        /// </summary>
        [ThreadStatic] static AgentId[] callbackAgents;
        [ThreadStatic] static int callbackDepth;

        static void EnterCallback(AgentId agent)
        {
            if (callbackAgents == null) callbackAgents = new AgentId[8];
            if (callbackDepth == callbackAgents.Length) Array.Resize(ref callbackAgents, callbackDepth * 2);
            callbackAgents[callbackDepth++] = agent;
        }

        static void ExitCallback() { callbackDepth--; }

        static void ThrowIfInOwnCallback(AgentId agent, string function)
        {
            for (int i = 0; i < callbackDepth; i++)
            {
                if (callbackAgents[i] != agent) continue;
                throw new GoapException(Status.Busy, function + ": called from a context callback of this agent " +
                    "(a callback must not call goap on the agent it is asked about)");
            }
        }

        [MonoPInvokeCallback(typeof(AvailableCallback))]
        static int OnAvailable(IntPtr userData, GoapAgentId agent, GoapActionId action, int* outAvailable)
        {
            EnterCallback(new AgentId(agent));
            try
            {
                var context = (IAgentContext)GCHandle.FromIntPtr(userData).Target;
                *outAvailable = context.IsAvailable(new AgentId(agent), new ActionId(action)) ? 1 : 0;
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
            finally
            {
                ExitCallback();
            }
        }

        [MonoPInvokeCallback(typeof(CostCallback))]
        static int OnCost(IntPtr userData, GoapAgentId agent, GoapActionId action, double cost, double* outCost)
        {
            EnterCallback(new AgentId(agent));
            try
            {
                var context = (IAgentContext)GCHandle.FromIntPtr(userData).Target;
                *outCost = context.Cost(new AgentId(agent), new ActionId(action), cost);
                return 0;
            }
            catch (Exception e)
            {
                return Fail(e);
            }
            finally
            {
                ExitCallback();
            }
        }

        /// <summary>Keeps the first exception of the current Step or PlanAgents call for its GoapException, reports it, and returns the failure code.</summary>
        static int Fail(Exception e)
        {
            try
            {
                if (Errors.PendingContextException == null) Errors.PendingContextException = e;
                Library.RaiseContextException(e);
            }
            catch (Exception) { /* nothing may unwind into native code */ }
            return 1;
        }
    }
}
