// Batches on an engine job system (ITaskSystem, goap.h GoapWorldDef.enqueue_task /
// finish_task): the same plans as a single-threaded world, every range run, the handles
// freed.
using System;
using System.Collections.Generic;
using System.Threading;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class TaskSystemTests
    {
        /// <summary>Each task runs on three new threads claiming ranges; Finish joins them.</summary>
        sealed class ThreadJobs : ITaskSystem
        {
            public int Enqueued, Finished, Ranges;

            public int WorkerCount { get { return 3; } }

            public object Enqueue(GoapTask task, int itemCount, int minRange)
            {
                Interlocked.Increment(ref Enqueued);
                int next = 0;
                var threads = new Thread[WorkerCount];
                for (int w = 0; w < threads.Length; w++)
                {
                    int worker = w;
                    threads[w] = new Thread(() =>
                    {
                        for (;;)
                        {
                            int start = Interlocked.Add(ref next, minRange) - minRange;
                            if (start >= itemCount) break;
                            task.Run(start, Math.Min(start + minRange, itemCount), worker);
                            Interlocked.Increment(ref Ranges);
                        }
                    });
                    threads[w].Start();
                }
                return threads;
            }

            public void Finish(object handle)
            {
                foreach (var t in (Thread[])handle) t.Join();
                Interlocked.Increment(ref Finished);
            }
        }

        /// <summary>A job system whose Enqueue throws: the wrapper runs the work itself.</summary>
        sealed class BrokenJobs : ITaskSystem
        {
            public int Calls;
            public int WorkerCount { get { return 2; } }
            public object Enqueue(GoapTask task, int itemCount, int minRange) { Calls++; throw new InvalidOperationException("no workers"); }
            public void Finish(object handle) { Assert.Fail("no handle was returned"); }
        }

        static List<List<string>> Batch(WorldSettings settings)
        {
            settings.PlanCacheCapacity = 0;
            using (var world = new World(settings))
            {
                var woods = new Woods(world);
                var agents = new List<Agent>();
                var s = AgentSettings.For(woods.Domain);
                s.PlanInStep = false;
                for (int i = 0; i < 60; i++)
                {
                    var a = woods.FireAgent(s);
                    if (i % 3 == 0) a.SetFact(woods.HasAxe, true);
                    if (i % 4 == 1) a.SetFact(woods.HasWood, true);
                    agents.Add(a);
                }
                var stats = world.PlanAgents();
                Assert.AreEqual(60, stats.Planned);
                Assert.AreEqual(settings.TaskSystem == null ? 1 : settings.TaskSystem.WorkerCount, stats.Threads);
                var plans = new List<List<string>>();
                foreach (var a in agents) plans.Add(woods.PlanNames(a));
                return plans;
            }
        }

        [Test]
        public void BatchesOnTheJobSystemEqualSingleThreadedOnes()
        {
            var single = WorldSettings.Default;
            single.WorkerThreads = 1;
            var expected = Batch(single);
            var jobs = new ThreadJobs();
            var engine = WorldSettings.Default;
            engine.TaskSystem = jobs;
            Assert.AreEqual(expected, Batch(engine));
            Assert.Greater(jobs.Enqueued, 0);
            Assert.AreEqual(jobs.Enqueued, jobs.Finished);
            Assert.GreaterOrEqual(jobs.Ranges, 2);

            var broken = new BrokenJobs();
            var fallback = WorldSettings.Default;
            fallback.TaskSystem = broken;
            Assert.AreEqual(expected, Batch(fallback));
            Assert.Greater(broken.Calls, 0);
        }
    }
}
