// Finalizers: worlds that are never disposed (each with a domain, an agent and an installed
// context) are released by their SafeHandle's finalizer, on the finalizer thread, without a
// crash or a leak: the native live-world count returns to its baseline and the contexts'
// GCHandles are freed (weak references to the contexts die).
using System;
using System.Runtime.CompilerServices;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class FinalizerTests
    {
        sealed class CountingContext : IAgentContext
        {
            public int Calls;
            public bool IsAvailable(AgentId agent, ActionId action) { Calls++; return true; }
            public double Cost(AgentId agent, ActionId action, double cost) { return cost; }
        }

        const int Count = 1000;

        static void Collect()
        {
            for (int k = 0; k < 4; k++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }
            GC.Collect();
        }

        /// <summary>Creates the worlds in a frame of its own, so that no reference outlives it.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        static WeakReference[] Abandon(int count, bool step)
        {
            var contexts = new WeakReference[count];
            for (int k = 0; k < count; k++)
            {
                var world = new World();
                var d = world.CreateDomain("abandoned");
                var f = d.AddFact("done");
                d.AddAction("finish", 1, null, new[] { new FactValue(f, true) });
                var a = world.CreateAgent(d);
                a.AddGoal("done", 1, new[] { new FactValue(f, true) });
                var c = new CountingContext();
                a.SetContext(c);
                if (step) Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind);
                contexts[k] = new WeakReference(c);
            }
            return contexts;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        static int Alive(WeakReference[] refs)
        {
            int n = 0;
            foreach (var r in refs) if (r.IsAlive) n++;
            return n;
        }

        [Test]
        public void UndisposedWorldsAreReleasedByFinalizers()
        {
            Collect();
            int baseline = Library.LiveWorldCount;
            var contexts = Abandon(Count, step: false);
            // Some may have been finalized already; most are still alive.
            Assert.Greater(Library.LiveWorldCount, baseline, "the worlds were created");
            Collect();
            int live = Library.LiveWorldCount - baseline;
            int alive = Alive(contexts);
            // Mono scans stacks and registers conservatively, so a stray word may keep an
            // object or two reachable: a slack of 2 worlds and 2 contexts.
            Assert.LessOrEqual(live, 2, "worlds left alive by the finalizers");
            Assert.LessOrEqual(alive, 2, "contexts still held (GCHandles not freed)");
        }

        [Test]
        public void WorldsWhoseAgentsSearchedAreReleasedToo()
        {
            Collect();
            int baseline = Library.LiveWorldCount;
            var contexts = Abandon(200, step: true);
            Collect();
            Assert.LessOrEqual(Library.LiveWorldCount - baseline, 2);
            Assert.LessOrEqual(Alive(contexts), 2);
        }

        [Test]
        public void DisposeReleasesAtOnceAndTheFinalizerDoesNothingMore()
        {
            Collect();
            int baseline = Library.LiveWorldCount;
            var world = new World();
            Assert.AreEqual(baseline + 1, Library.LiveWorldCount);
            var d = world.CreateDomain();
            var a = world.CreateAgent(d);
            var c = new CountingContext();
            a.SetContext(c);
            world.Dispose();
            Assert.AreEqual(baseline, Library.LiveWorldCount);
            world = null;
            Collect();
            Assert.AreEqual(baseline, Library.LiveWorldCount);
            GC.KeepAlive(c);
        }
    }
}
