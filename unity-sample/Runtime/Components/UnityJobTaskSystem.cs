// Goap for Unity: World.PlanAgents batches on Unity's job system. C# 7.2 (Unity 2021.3+,
// Mono's mcs). Package-only code (not part of bindings/csharp): edit it here.
using System;
using System.Collections.Generic;
using Unity.Jobs;
using Unity.Jobs.LowLevel.Unsafe;

namespace Goap
{
    /// <summary>
    /// An <see cref="ITaskSystem"/> on Unity's job system, for
    /// <see cref="WorldSettings.TaskSystem"/>: the parallel parts of
    /// <see cref="World.PlanAgents()"/> run as an <see cref="IJobParallelFor"/> over goap's
    /// ranges (one index per range), scheduled on the thread that calls PlanAgents (the main
    /// thread: <see cref="GoapWorldBehaviour"/> batches in LateUpdate) and completed by
    /// <see cref="Finish"/>, which also runs ranges itself while it waits. The job holds only
    /// the blittable <see cref="GoapTask"/> (two pointers): no managed object crosses into
    /// the job, nothing is boxed, and the holders of job handles are pooled, so a batch makes
    /// no garbage once warm. Plans are the same bit for bit as a single-threaded batch's.
    /// The worker index goap receives is always 0: Unity gives a job no compact worker index
    /// below <see cref="WorkerCount"/> (goap uses it as a label only: see goap.h).
    /// </summary>
    public sealed class UnityJobTaskSystem : ITaskSystem
    {
        /// <summary>The job: one index per range of goap's items.</summary>
        struct RangeJob : IJobParallelFor
        {
            public GoapTask Task;
            public int Items;
            public int Range;

            public void Execute(int index)
            {
                int start = index * Range;
                int end = Math.Min(Items, start + Range);
                if (start < end) Task.Run(start, end, 0);
            }
        }

        /// <summary>The handle Enqueue returns to goap (an object), pooled.</summary>
        sealed class Pending
        {
            internal JobHandle Handle;
        }

        readonly Stack<Pending> free = new Stack<Pending>();
        readonly int workers;

        /// <summary>
        /// A task system for <paramref name="workerCount"/> workers; 0 (the default): Unity's
        /// job workers plus the main thread (<c>JobsUtility.JobWorkerCount + 1</c>).
        /// </summary>
        public UnityJobTaskSystem(int workerCount = 0)
        {
            if (workerCount < 0) throw new ArgumentOutOfRangeException("workerCount", workerCount, "workerCount must not be negative");
            workers = workerCount > 0 ? workerCount : Math.Max(1, JobsUtility.JobWorkerCount + 1);
        }

        /// <summary>The workers goap splits a batch for.</summary>
        public int WorkerCount { get { return workers; } }

        /// <summary>Schedules the ranges as one parallel-for job (a single range runs here, now).</summary>
        public object Enqueue(GoapTask task, int itemCount, int minRange)
        {
            if (itemCount <= 0) return null;
            int range = Math.Max(1, minRange);
            int ranges = (itemCount + range - 1) / range;
            if (ranges == 1)
            {
                task.Run(0, itemCount, 0);
                return null;
            }
            var job = new RangeJob { Task = task, Items = itemCount, Range = range };
            Pending pending;
            lock (free) pending = free.Count > 0 ? free.Pop() : new Pending();
            try
            {
                pending.Handle = job.Schedule(ranges, 1);
            }
            catch
            {
                lock (free) free.Push(pending);
                throw; // nothing ran: the wrapper runs every range on this thread
            }
            JobHandle.ScheduleBatchedJobs();
            return pending;
        }

        /// <summary>Completes the job (the calling thread helps) and pools its holder.</summary>
        public void Finish(object handle)
        {
            var pending = handle as Pending;
            if (pending == null) return;
            pending.Handle.Complete();
            pending.Handle = default(JobHandle);
            lock (free) free.Push(pending);
        }
    }
}
