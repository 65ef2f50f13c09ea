// Goap C# wrapper: batches on the engine's job system (goap.h GoapWorldDef.enqueue_task,
// finish_task). C# 7.2 (Mono's mcs and Unity compile the same source). Copied into the
// Unity package by scripts/unity-sync-wrapper.sh; edit it here, in bindings/csharp/src.
using System;
using System.Runtime.InteropServices;
using AOT;
using Goap.Native;

namespace Goap
{
    /// <summary>
    /// An engine's job system, for <see cref="WorldSettings.TaskSystem"/>: the world hands the
    /// parallel parts of <see cref="World.PlanAgents()"/> to it instead of using threads of its
    /// own (goap.h GoapEnqueueTaskCallback). Called on the thread that calls PlanAgents.
    /// </summary>
    public interface ITaskSystem
    {
        /// <summary>Worker threads of the job system (at least 1); <see cref="GoapTask.Run"/>'s worker index is below it.</summary>
        int WorkerCount { get; }

        /// <summary>
        /// Starts running <paramref name="task"/> over items 0 to <paramref name="itemCount"/> - 1:
        /// call <see cref="GoapTask.Run"/> for ranges of at least <paramref name="minRange"/> items
        /// (the last may be shorter) on any workers, in any order, every item exactly once.
        /// Returns a handle for <see cref="Finish"/>, or null when every range has already run.
        /// If it throws, it must not have run any range: the wrapper then runs them all on the
        /// calling thread.
        /// </summary>
        object Enqueue(GoapTask task, int itemCount, int minRange);

        /// <summary>Returns when every range of the task <paramref name="handle"/> stands for has run. Must not throw.</summary>
        void Finish(object handle);
    }

    /// <summary>
    /// A task goap handed to <see cref="ITaskSystem.Enqueue"/>: valid until the matching
    /// <see cref="ITaskSystem.Finish"/> returns. Run it from any thread.
    /// </summary>
    public struct GoapTask
    {
        readonly IntPtr function;
        readonly IntPtr context;

        internal GoapTask(IntPtr function, IntPtr context)
        {
            this.function = function;
            this.context = context;
        }

        /// <summary>Runs items <paramref name="start"/> to <paramref name="end"/> - 1 on worker <paramref name="worker"/>.</summary>
        public void Run(int start, int end, int worker)
        {
            if (start < 0 || end < start || worker < 0) throw new ArgumentOutOfRangeException("start", "a range of items from start to end, worker >= 0");
            TaskSystems.Invoke(function, (uint)start, (uint)end, (uint)worker, context);
        }
    }

    /// <summary>Native signature of goap's task (GoapTaskCallback).</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void NativeTask(uint start, uint end, uint worker, IntPtr context);

    /// <summary>Native signature of GoapEnqueueTaskCallback.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate IntPtr EnqueueTaskCallback(IntPtr task, uint itemCount, uint minRange, IntPtr taskContext, IntPtr userContext);

    /// <summary>Native signature of GoapFinishTaskCallback.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal delegate void FinishTaskCallback(IntPtr userTask, IntPtr userContext);

    /// <summary>
    /// The bridge from goap's task callbacks to <see cref="ITaskSystem"/>: static callbacks
    /// (IL2CPP calls no instance method from native code) kept alive in static fields, and a
    /// GCHandle to the task system as the world's user_task_context.
    /// </summary>
    internal static unsafe class TaskSystems
    {
        static readonly EnqueueTaskCallback enqueue = OnEnqueue;
        static readonly FinishTaskCallback finish = OnFinish;
        internal static readonly IntPtr EnqueuePointer = Marshal.GetFunctionPointerForDelegate(enqueue);
        internal static readonly IntPtr FinishPointer = Marshal.GetFunctionPointerForDelegate(finish);
        // goap passes one task function for every task: its delegate is made once.
        static readonly System.Collections.Generic.Dictionary<IntPtr, NativeTask> taskDelegates =
            new System.Collections.Generic.Dictionary<IntPtr, NativeTask>();

        internal static void Invoke(IntPtr function, uint start, uint end, uint worker, IntPtr context)
        {
            NativeTask call;
            lock (taskDelegates)
            {
                if (!taskDelegates.TryGetValue(function, out call))
                {
                    call = (NativeTask)Marshal.GetDelegateForFunctionPointer(function, typeof(NativeTask));
                    taskDelegates.Add(function, call);
                }
            }
            call(start, end, worker, context);
        }

        [MonoPInvokeCallback(typeof(EnqueueTaskCallback))]
        static IntPtr OnEnqueue(IntPtr task, uint itemCount, uint minRange, IntPtr taskContext, IntPtr userContext)
        {
            var work = new GoapTask(task, taskContext);
            try
            {
                var system = (ITaskSystem)GCHandle.FromIntPtr(userContext).Target;
                object handle = system.Enqueue(work, (int)itemCount, (int)minRange);
                return handle == null ? IntPtr.Zero : GCHandle.ToIntPtr(GCHandle.Alloc(handle));
            }
            catch (Exception)
            {
                // The job system did not take the work (and ran none of it, as ITaskSystem
                // requires): run it all here, so that every item runs once.
                work.Run(0, (int)itemCount, 0);
                return IntPtr.Zero;
            }
        }

        [MonoPInvokeCallback(typeof(FinishTaskCallback))]
        static void OnFinish(IntPtr userTask, IntPtr userContext)
        {
            var handle = GCHandle.FromIntPtr(userTask);
            object target = handle.Target;
            handle.Free();
            try
            {
                ((ITaskSystem)GCHandle.FromIntPtr(userContext).Target).Finish(target);
            }
            catch (Exception)
            {
                // Nothing can be done here: Finish must not throw (see ITaskSystem.Finish).
            }
        }
    }
}
