// IAgentContext through the wrapper's static MonoPInvokeCallback bridge: availability and
// cost answers shape the plan, removing or replacing a context restores the domain's plan
// and releases the old context, a throwing context (Step: CallbackFailed with the exception
// as InnerException; PlanAgents: CallbackErrors), invalid answers (NaN, too high a cost), a
// callback calling into its own agent (Busy), callbacks running on the calling thread only,
// the wrapper's per-thread buffers used from a callback, the world disposed from a callback
// or while another thread's step runs, and races with a running step or another SetContext
// (known bugs, run in child processes because they crash Mono).
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using NUnit.Framework;

namespace Goap.Tests
{
    /// <summary>A context whose answers are set by the test; records what it was asked.</summary>
    internal sealed class ScriptedContext : IAgentContext
    {
        public readonly HashSet<ActionId> Unavailable = new HashSet<ActionId>();
        public readonly Dictionary<ActionId, double> Costs = new Dictionary<ActionId, double>();
        public readonly List<string> Calls = new List<string>();
        public readonly Dictionary<ActionId, double> CostsSeen = new Dictionary<ActionId, double>();
        public readonly HashSet<int> Threads = new HashSet<int>();
        public Exception Throw;
        public Action<ActionId> OnAvailable;

        public bool IsAvailable(AgentId agent, ActionId action)
        {
            lock (Calls) { Calls.Add("available " + agent.Value + " " + action.Value); Threads.Add(Thread.CurrentThread.ManagedThreadId); }
            if (OnAvailable != null) OnAvailable(action);
            if (Throw != null) throw Throw;
            return !Unavailable.Contains(action);
        }

        public double Cost(AgentId agent, ActionId action, double cost)
        {
            lock (Calls) { Calls.Add("cost " + agent.Value + " " + action.Value); CostsSeen[action] = cost; }
            double c;
            return Costs.TryGetValue(action, out c) ? c : cost;
        }
    }

    [TestFixture]
    public class ContextTests
    {
        Woods w;

        [SetUp] public void SetUp() { w = new Woods(); }
        [TearDown] public void TearDown() { w.Dispose(); }

        [Test]
        public void AnUnavailableActionIsAvoided()
        {
            var a = w.FireAgent();
            var c = new ScriptedContext();
            c.Unavailable.Add(w.Chop);
            a.SetContext(c);
            var step = a.Step(0.1);
            Assert.AreEqual(w.Gather, step.Action);
            CollectionAssert.AreEqual(new[] { "gather", "light" }, w.PlanNames(a));
            CollectionAssert.Contains(c.Calls, "available " + a.Id.Value + " " + w.Chop.Value, "asked with the agent's and the action's ids");
            CollectionAssert.Contains(c.Calls, "available " + a.Id.Value + " " + w.Light.Value);
            // Not asked again while the plan is followed.
            int calls = c.Calls.Count;
            a.Report(ActionReport.Succeeded);
            Assert.AreEqual(w.Light, a.Step(0.1).Action);
            Assert.AreEqual(calls, c.Calls.Count);
        }

        [Test]
        public void CostAnswersChangeThePlan()
        {
            var a = w.FireAgent();
            a.SetActionCost(w.Gather, 3); // the context sees the agent's override as the cost so far
            var c = new ScriptedContext();
            c.Costs[w.Gather] = 0.25;
            a.SetContext(c);
            Assert.AreEqual(w.Gather, a.Step(0.1).Action);
            Assert.AreEqual(1.25, a.GetInfo().PlanCost);
            Assert.AreEqual(3.0, c.CostsSeen[w.Gather]);
            Assert.AreEqual(1.0, c.CostsSeen[w.Chop], "the domain's cost");
            Assert.AreEqual(2.0, c.CostsSeen[w.GetAxe]);
        }

        [Test]
        public void RemovingTheContextRestoresTheDomainsPlan()
        {
            var a = w.FireAgent();
            var c = new ScriptedContext();
            c.Unavailable.Add(w.Chop);
            a.SetContext(c);
            Assert.AreEqual(w.Gather, a.Step(0.1).Action);
            a.SetContext(null);
            a.Report(ActionReport.Failed); // force a replan (no cooldown)
            var step = a.Step(0.1);
            Assert.IsTrue(step.Replanned);
            Assert.AreEqual(w.GetAxe, step.Action);
            CollectionAssert.AreEqual(new[] { "get_axe", "chop", "light" }, w.PlanNames(a));
            int calls = c.Calls.Count;
            a.Report(ActionReport.Failed);
            a.Step(0.1);
            Assert.AreEqual(calls, c.Calls.Count, "the removed context is not asked");
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        static WeakReference[] InstallAndReplace(Agent a, int n)
        {
            var refs = new WeakReference[n];
            for (int k = 0; k < n; k++)
            {
                var c = new ScriptedContext();
                refs[k] = new WeakReference(c);
                a.SetContext(c);
            }
            a.SetContext(null);
            return refs;
        }

        [Test]
        public void ReplacedAndRemovedContextsAreReleased()
        {
            var a = w.FireAgent();
            var refs = InstallAndReplace(a, 50);
            for (int k = 0; k < 3; k++) { GC.Collect(); GC.WaitForPendingFinalizers(); }
            int alive = 0;
            foreach (var r in refs) if (r.IsAlive) alive++;
            // Mono scans stacks conservatively: allow a couple of stray references.
            Assert.LessOrEqual(alive, 2, "contexts still referenced (GCHandles not freed?)");
        }

        [Test]
        public void AThrowingContextFailsTheStepWithTheException()
        {
            var a = w.FireAgent();
            var c = new ScriptedContext { Throw = new InvalidOperationException("sensor offline") };
            a.SetContext(c);
            var raised = new List<Exception>();
            Action<Exception> handler = e => raised.Add(e);
            Library.ContextException += handler;
            try
            {
                var e = Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => a.Step(0.1));
                Assert.AreSame(c.Throw, e.InnerException);
                Assert.AreEqual(1, raised.Count);
                Assert.AreSame(c.Throw, raised[0]);
                Assert.IsNull(Errors.PendingContextException, "consumed by the exception");
                var info = a.GetInfo();
                Assert.AreEqual(0, info.PlanLength, "still needs a plan");
                Assert.IsFalse(info.Acting);

                // Fixed: the next step plans.
                c.Throw = null;
                var step = a.Step(0.1);
                Assert.AreEqual(StepKind.Start, step.Kind);
                Assert.AreEqual(w.GetAxe, step.Action);
                Assert.AreEqual(1, raised.Count);
                Assert.AreEqual(0.2, a.GetInfo().Clock, 1e-9, "the failed step advanced the clock");
            }
            finally { Library.ContextException -= handler; }
        }

        [Test]
        public void ResetHandlersForgetsStaleContextExceptionHandlers()
        {
            // As after entering Play mode with domain reload off: a handler of the last session.
            var a = w.FireAgent();
            var c = new ScriptedContext { Throw = new InvalidOperationException("stale") };
            a.SetContext(c);
            int stale = 0;
            Action<Exception> handler = e => stale++;
            Library.ContextException += handler;
            try
            {
                Library.ResetHandlers();
                Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => a.Step(0.1));
                Assert.AreEqual(0, stale, "a handler removed by ResetHandlers was called");
                // Handlers added afterwards are called again.
                var fresh = new List<Exception>();
                Library.ContextException += fresh.Add;
                try
                {
                    Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => a.Step(0.1));
                    Assert.AreEqual(1, fresh.Count);
                }
                finally { Library.ContextException -= fresh.Add; }
            }
            finally { Library.ContextException -= handler; }
        }

        [Test]
        public void AThrowingHandlerDoesNotChangeTheOutcome()
        {
            var a = w.FireAgent();
            var c = new ScriptedContext { Throw = new ArgumentException("bad") };
            a.SetContext(c);
            Action<Exception> handler = e => { throw new Exception("handler"); };
            Library.ContextException += handler;
            try
            {
                var e = Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => a.Step(0.1));
                Assert.AreSame(c.Throw, e.InnerException);
            }
            finally { Library.ContextException -= handler; }
        }

        [Test]
        public void ABatchCountsAThrowingContext()
        {
            var settings = AgentSettings.For(w.Domain);
            settings.PlanInStep = false;
            var bad = w.FireAgent(settings);
            var good = w.FireAgent(settings);
            var c = new ScriptedContext { Throw = new InvalidOperationException("in batch") };
            bad.SetContext(c);
            Assert.AreEqual(StepKind.Waiting, bad.Step(0.1).Kind);
            Assert.AreEqual(StepKind.Waiting, good.Step(0.1).Kind);
            var raised = new List<Exception>();
            Action<Exception> handler = e => raised.Add(e);
            Library.ContextException += handler;
            try
            {
                var stats = w.World.PlanAgents();
                Assert.AreEqual(1, stats.CallbackErrors);
                Assert.AreEqual(1, stats.Planned);
                Assert.AreEqual(1, stats.Waiting);
                Assert.AreEqual(1, raised.Count);
                Assert.AreSame(c.Throw, raised[0]);
                Assert.IsNull(Errors.PendingContextException, "not left for a later failure");
            }
            finally { Library.ContextException -= handler; }
            Assert.AreEqual(StepKind.Start, good.Step(0.1).Kind);
            Assert.AreEqual(StepKind.Waiting, bad.Step(0.1).Kind);

            // A later failure that no exception caused carries no stale InnerException.
            var nan = new ScriptedContext();
            nan.Costs[w.Chop] = double.NaN;
            var third = w.FireAgent();
            third.SetContext(nan);
            var e2 = Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => third.Step(0.1));
            Assert.IsNull(e2.InnerException);

            c.Throw = null;
            Assert.AreEqual(1, w.World.PlanAgents().Planned);
            Assert.AreEqual(StepKind.Start, bad.Step(0.1).Kind);
        }

        [Test]
        public void InvalidCostAnswersAreCallbackFailed()
        {
            foreach (var bad in new[] { double.NaN, 2e12, -1.0, double.PositiveInfinity })
            {
                var a = w.FireAgent();
                var c = new ScriptedContext();
                c.Costs[w.Light] = bad;
                a.SetContext(c);
                var e = Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => a.Step(0.1));
                Assert.IsNull(e.InnerException, "no exception was thrown");
                StringAssert.Contains("cost", e.Message);
                Assert.AreEqual(0, a.GetInfo().PlanLength);
                c.Costs.Remove(w.Light);
                Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind, "works once fixed (" + bad + ")");
            }
        }

        [Test]
        public void ACallbackCallingItsOwnAgentGetsBusy()
        {
            var a = w.FireAgent();
            var other = w.FireAgent();
            var inner = new List<GoapException>();
            var c = new ScriptedContext();
            c.OnAvailable = action =>
            {
                try { a.GetInfo(); }
                catch (GoapException e) { inner.Add(e); }
                other.GetInfo(); // another agent is fine
            };
            a.SetContext(c);
            // The context catches the Busy: the outer step goes on.
            var step = a.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.IsNotEmpty(inner);
            foreach (var e in inner)
            {
                Assert.AreEqual(Status.Busy, e.Status);
                StringAssert.Contains("goap_agent_info", e.Message);
                Assert.IsNull(e.InnerException);
            }
        }

        [Test]
        public void ABusyExceptionLeftUncaughtFailsTheOuterCall()
        {
            var a = w.FireAgent();
            var c = new ScriptedContext();
            c.OnAvailable = action => a.SetFact(w.Rested, true); // throws Busy, not caught
            a.SetContext(c);
            var e = Expect.Fails(Status.CallbackFailed, "goap_agent_step", () => a.Step(0.1));
            var busy = e.InnerException as GoapException;
            Assert.IsNotNull(busy, "InnerException: " + e.InnerException);
            Assert.AreEqual(Status.Busy, busy.Status);
            StringAssert.Contains("goap_agent_set_fact", busy.Message);
            Assert.IsFalse(a.GetFact(w.Rested), "the inner call changed nothing");
        }

        // Agent A's context steps agent C, whose context sets A's context. Meanwhile another
        // thread's A.SetContext holds A's slot and waits (natively) for A's step to end. The
        // nested call must get Busy at once, as the native library would answer: waiting for
        // A's slot there would deadlock both threads. (A regression hangs: the threads are
        // background threads and the joins time out.)
        [Test]
        public void ANestedCallbackChangingAnOuterAgentsContextGetsBusyWithoutWaiting()
        {
            var a = w.FireAgent();
            var c = w.FireAgent();
            var inA = new ManualResetEvent(false);
            var otherStarted = new ManualResetEvent(false);
            Exception nested = null;
            var cContext = new ScriptedContext();
            cContext.OnAvailable = action =>
            {
                try { a.SetContext(new ScriptedContext()); }
                catch (Exception e) { if (nested == null) nested = e; }
            };
            c.SetContext(cContext);
            int aCalls = 0;
            var aContext = new ScriptedContext();
            aContext.OnAvailable = action =>
            {
                if (Interlocked.Increment(ref aCalls) != 1) return;
                inA.Set();
                otherStarted.WaitOne(5000);
                Thread.Sleep(300); // the other thread is now in goap_agent_set_callbacks(A)
                c.Step(0.1);
            };
            a.SetContext(aContext);
            Exception stepFailure = null, otherFailure = null;
            var stepper = new Thread(() => { try { a.Step(0.1); } catch (Exception e) { stepFailure = e; } }) { IsBackground = true };
            var other = new Thread(() =>
            {
                inA.WaitOne(5000);
                otherStarted.Set();
                try { a.SetContext(new ScriptedContext()); } catch (Exception e) { otherFailure = e; }
            }) { IsBackground = true };
            stepper.Start();
            other.Start();
            Assert.IsTrue(stepper.Join(10000), "A's step hung (deadlock on A's context slot)");
            Assert.IsTrue(other.Join(10000), "the other thread's SetContext hung");
            Assert.IsNull(stepFailure, "A's step: " + stepFailure);
            Assert.IsNull(otherFailure, "the other SetContext: " + otherFailure);
            Assert.IsInstanceOf<GoapException>(nested);
            Assert.AreEqual(Status.Busy, ((GoapException)nested).Status);
            StringAssert.Contains("goap_agent_set_callbacks", nested.Message);
        }

        // A ContextException handler that steps another agent whose context throws: each Step
        // reports its own context's exception (each call keeps its own pending exception).
        [Test]
        public void EachStepReportsItsOwnContextsException()
        {
            var a = w.FireAgent();
            var b = w.FireAgent();
            var fromA = new InvalidOperationException("from A's context");
            var fromB = new InvalidOperationException("from B's context");
            a.SetContext(new ScriptedContext { Throw = fromA });
            b.SetContext(new ScriptedContext { Throw = fromB });
            GoapException bFailure = null;
            Action<Exception> handler = e =>
            {
                if (e != fromA) return;
                try { b.Step(0.1); } catch (GoapException g) { bFailure = g; }
            };
            Library.ContextException += handler;
            try
            {
                var aFailure = Assert.Throws<GoapException>(() => a.Step(0.1));
                Assert.AreEqual(Status.CallbackFailed, aFailure.Status);
                Assert.AreSame(fromA, aFailure.InnerException, "A's step");
                Assert.IsNotNull(bFailure, "the handler stepped B");
                Assert.AreEqual(Status.CallbackFailed, bFailure.Status);
                Assert.AreSame(fromB, bFailure.InnerException, "B's step (inside A's)");
            }
            finally { Library.ContextException -= handler; }
        }

        [Test]
        public void ACallbackCallingPlanAgentsGetsBusy()
        {
            var a = w.FireAgent();
            GoapException inner = null;
            var c = new ScriptedContext();
            c.OnAvailable = action =>
            {
                if (inner != null) return;
                try { w.World.PlanAgents(); }
                catch (GoapException e) { inner = e; }
            };
            a.SetContext(c);
            Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind);
            Assert.IsNotNull(inner);
            Assert.AreEqual(Status.Busy, inner.Status);
            StringAssert.Contains("goap_world_plan_agents", inner.Message);
        }

        [Test]
        public void CallbacksRunOnTheCallingThreadOnly()
        {
            var settings = AgentSettings.For(w.Domain);
            settings.PlanInStep = false;
            var c = new ScriptedContext();
            for (int k = 0; k < 40; k++)
            {
                var a = w.FireAgent(settings);
                a.SetContext(c);
                a.Step(0.1);
            }
            var stats = w.World.PlanAgents(new BatchOptions { Threads = 4 });
            Assert.AreEqual(40, stats.Planned);
            CollectionAssert.AreEquivalent(new[] { Thread.CurrentThread.ManagedThreadId }, c.Threads);
        }

        [Test]
        public void DisposingTheWorldFromACallbackWaitsForTheCallToEnd()
        {
            var world = new World();
            var woods = new Woods(world);
            var a = woods.FireAgent();
            int live = Library.LiveWorldCount;
            var c = new ScriptedContext();
            c.OnAvailable = action => world.Dispose();
            a.SetContext(c);
            // The step holds a reference on the handle: the native world is destroyed when it returns.
            var step = a.Step(0.1);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.IsTrue(world.IsDisposed);
            Assert.AreEqual(live - 1, Library.LiveWorldCount);
            Assert.Throws<ObjectDisposedException>(() => a.Step(0.1));
        }

        /// <summary>Starts a step of a fresh agent on another thread and returns once its context is blocked in the first callback.</summary>
        sealed class BlockedStep
        {
            public readonly World World = new World();
            public readonly Woods Woods;
            public readonly Agent Agent;
            public readonly ManualResetEvent Release = new ManualResetEvent(false);
            public readonly Thread Thread;
            public Exception Failure;
            public AgentStep Step;
            public int Calls;

            public BlockedStep()
            {
                Woods = new Woods(World);
                Agent = Woods.FireAgent();
                var entered = new ManualResetEvent(false);
                var c = new ScriptedContext();
                c.OnAvailable = action =>
                {
                    if (Interlocked.Increment(ref Calls) == 1) { entered.Set(); Release.WaitOne(10000); }
                };
                Agent.SetContext(c);
                var a = Agent;
                Thread = new Thread(() =>
                {
                    try { Step = a.Step(0.1); }
                    catch (Exception e) { Failure = e; }
                });
                Thread.Start();
                Assert.IsTrue(entered.WaitOne(10000), "the step reached the context");
            }

            public void Finish()
            {
                Release.Set();
                Assert.IsTrue(Thread.Join(10000), "the step ended");
            }
        }

        [Test]
        public void DisposingTheWorldWhileAnotherThreadStepsWaitsForTheStep()
        {
            int live = Library.LiveWorldCount;
            var b = new BlockedStep();
            Assert.AreEqual(live + 1, Library.LiveWorldCount);
            b.World.Dispose();
            Assert.AreEqual(live + 1, Library.LiveWorldCount, "the native world lives until the step ends");
            b.Finish();
            Assert.IsNull(b.Failure, "the running step: " + b.Failure);
            Assert.AreEqual(StepKind.Start, b.Step.Kind);
            Assert.AreEqual(5, b.Calls, "every action was asked");
            Assert.AreEqual(live, Library.LiveWorldCount, "destroyed when the step ended");
            Assert.IsTrue(b.World.IsDisposed);
            Assert.Throws<ObjectDisposedException>(() => b.Agent.Step(0.1));
        }

        // World.Dispose while another thread's call holds the handle (World.Enter's
        // DangerousAddRef): the native world lives until that call returns, but IsDisposed is
        // true at once and calls made after Dispose returned throw (the wrapper's own flag).
        [Test]
        public void CallsAfterDisposeThrowEvenWhileAnotherCallIsRunning()
        {
            var b = new BlockedStep();
            try
            {
                b.World.Dispose();
                Assert.IsTrue(b.World.IsDisposed, "IsDisposed after Dispose returned");
                Assert.Throws<ObjectDisposedException>(() => { var n = b.World.AgentCount; }, "a call after Dispose returned");
            }
            finally { b.Finish(); }
        }

        [Test]
        public void CallbacksMayUseTheWrappersBuffersOfTheirThread()
        {
            // A context that names actions, finds facts and plans (the per-thread encode, decode
            // and id buffers) while its agent's step is running on the same thread.
            var a = w.FireAgent();
            w.Domain.SetGoal(Woods.T(w.Fire));
            var names = new List<string>();
            var c = new ScriptedContext();
            c.OnAvailable = action =>
            {
                names.Add(w.Domain.ActionName(action) + new string('!', 300));
                Assert.AreEqual(w.HasAxe, w.Domain.FindFact("has_axe"));
                Expect.Fails(Status.NotFound, "goap_domain_find_fact", () => w.Domain.FindFact(new string('x', 300)));
                w.Domain.Plan(new List<ActionId>());
            };
            a.SetContext(c);
            Assert.AreEqual(w.GetAxe, a.Step(0.1).Action);
            Assert.AreEqual(5, names.Count);
            CollectionAssert.Contains(names, "chop" + new string('!', 300));
            CollectionAssert.AreEqual(new[] { "get_axe", "chop", "light" }, w.PlanNames(a));
        }

        // goap_agent_destroy removes the agent without waiting for a call running on it on
        // another thread, so that step goes on asking the context. Agent.Destroy therefore
        // removes the callbacks first (which waits for the running step), and only then frees
        // the context's GCHandle: the step finishes normally, asking the same context, and
        // Destroy returns after it. Were the handle freed early, the step's next callback
        // would do GCHandle.FromIntPtr on a freed handle, which crashes Mono: so the scenario
        // runs in a child process (the explicit test below), where a crash fails only this test.
        [Test]
        public void DestroyingAnAgentWhileAnotherThreadStepsItKeepsItsContextAlive()
        {
            var r = ChildProcess.RunTest("Goap.Tests.ContextTests.DestroyWhileSteppingScenario");
            Assert.AreEqual(0, r.Key, "the scenario in a child process failed or crashed:\n" + r.Value);
        }

        [Test, Explicit("run in a child process by DestroyingAnAgentWhileAnotherThreadStepsItKeepsItsContextAlive")]
        public void DestroyWhileSteppingScenario()
        {
            var a = w.FireAgent();
            var entered = new ManualResetEvent(false);
            var release = new ManualResetEvent(false);
            var c = new ScriptedContext();
            int calls = 0;
            c.OnAvailable = action =>
            {
                if (Interlocked.Increment(ref calls) == 1)
                {
                    entered.Set();
                    release.WaitOne(10000);
                }
            };
            a.SetContext(c);
            Exception failure = null;
            AgentStep step = default(AgentStep);
            var t = new Thread(() =>
            {
                try { step = a.Step(0.1); }
                catch (Exception e) { failure = e; }
            });
            t.Start();
            Assert.IsTrue(entered.WaitOne(10000), "the step reached the context");
            // Destroy waits for the step, so release the context from elsewhere, a little later.
            bool released = false;
            var releaser = new Thread(() => { Thread.Sleep(200); released = true; release.Set(); });
            releaser.Start();
            a.Destroy();
            Assert.IsTrue(released, "Destroy returned before the running step ended");
            Assert.IsTrue(t.Join(10000));
            releaser.Join();
            // Allocate handles so that a freed slot may be reused.
            for (int k = 0; k < 4; k++)
                w.FireAgent().SetContext(new ScriptedContext { Throw = new Exception("another agent's context was asked") });
            Assert.IsNull(failure, "the running step failed: " + failure);
            Assert.AreEqual(StepKind.Start, step.Kind);
            Assert.AreEqual(w.Domain.ActionCount, calls, "every action was asked of this context");
        }

        sealed class SelfReportingContext : IAgentContext
        {
            public static volatile SelfReportingContext LastAsked;
            public bool IsAvailable(AgentId agent, ActionId action) { LastAsked = this; return true; }
            public double Cost(AgentId agent, ActionId action, double cost) { return cost; }
        }

        // Two threads setting the context of one agent: AgentContexts.Install holds the
        // agent's slot lock from goap_agent_set_callbacks to the swap of the handle, so the
        // handle the wrapper keeps is always the one installed natively. Without that lock
        // the native installs (A, then B) and the swaps (B, then A) could interleave, the
        // second swap would free B's GCHandle while the native agent keeps calling B, and the
        // next search would crash Mono in GCHandle.FromIntPtr. The scenario below forces that
        // interleaving: t1 waits inside goap_agent_set_callbacks (the agent is locked by a step
        // whose context blocks) and is suspended (Thread.Suspend takes effect when it returns
        // to managed code, between the native call and the swap); t2 then sets its context;
        // t1 resumes. Run in a child process because a regression crashes the runtime.
        [Test]
        public void SettingContextsFromTwoThreadsKeepsTheInstalledOneAlive()
        {
            var r = ChildProcess.RunTest("Goap.Tests.ContextTests.ConcurrentSetContextScenario");
            Assert.AreEqual(0, r.Key, "the scenario in a child process failed or crashed:\n" + r.Value);
        }

        [Test, Explicit("run in a child process by SettingContextsFromTwoThreadsKeepsTheInstalledOneAlive")]
        public void ConcurrentSetContextScenario()
        {
            var a = w.FireAgent();
            // A context that holds the agent locked (inside a step on thread s) until released.
            var entered = new ManualResetEvent(false);
            var release = new ManualResetEvent(false);
            var blocker = new ScriptedContext();
            blocker.OnAvailable = action => { entered.Set(); release.WaitOne(10000); };
            a.SetContext(blocker);
            var s = new Thread(() => a.Step(0.1));
            s.Start();
            Assert.IsTrue(entered.WaitOne(5000));
            var first = new SelfReportingContext();
            var second = new SelfReportingContext();
            var t1 = new Thread(() => a.SetContext(first));
            t1.Start();
            Thread.Sleep(200); // t1 waits for the agent inside goap_agent_set_callbacks
#pragma warning disable 618
            t1.Suspend();      // takes effect when t1 returns to managed code
            release.Set();     // the step ends, the agent unlocks, t1's native call completes
            Assert.IsTrue(s.Join(5000));
            Thread.Sleep(200);
            var t2 = new Thread(() => a.SetContext(second));
            t2.Start();
            t2.Join(1000);     // a wrapper that serialises the two calls makes t2 wait for t1
            t1.Resume();
#pragma warning restore 618
            Assert.IsTrue(t1.Join(5000));
            Assert.IsTrue(t2.Join(5000));
            a.Report(ActionReport.Failed); // replan: the installed context is asked
            SelfReportingContext.LastAsked = null;
            for (int k = 0; k < 3; k++) { GC.Collect(); GC.WaitForPendingFinalizers(); }
            a.Step(0.1);
            var asked = SelfReportingContext.LastAsked;
            Assert.IsTrue(asked == first || asked == second, "the native agent asked a context the wrapper no longer holds");
        }
    }
}
