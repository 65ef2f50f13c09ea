// Error paths of the C# wrapper: every native status it can produce surfaces as a
// GoapException with that status and the native message (which names the native function);
// the ones the wrapper cannot produce (NullPointer, InvalidUtf8, BufferTooSmall, Panic) are
// produced through Goap.Native.NativeMethods and mapped by Errors.Failure / Errors.Check.
// Also: a disposed world (every call, found by reflection, throws ObjectDisposedException),
// stale and foreign agent ids (every agent call, by reflection), negative counts and
// settings (ArgumentOutOfRangeException), the library version check, and a missing library
// (GoapLibraryException, in a child process that cannot find libgoap).
// Busy and CallbackFailed need a context: they are in ContextTests.cs.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text;
using Goap.Native;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public unsafe class ErrorTests
    {
        Woods w;
        World world;

        [SetUp] public void SetUp() { w = new Woods(); world = w.World; }
        [TearDown] public void TearDown() { w.Dispose(); }

        [Test]
        public void UnknownDomain()
        {
            var d = world.CreateDomain("doomed");
            var f = d.AddFact("f");
            d.Destroy();
            Expect.Fails(Status.UnknownDomain, "goap_domain_add_fact", () => d.AddFact("g"));
            Expect.Fails(Status.UnknownDomain, "goap_domain_fact_name", () => d.FactName(f));
            Expect.Fails(Status.UnknownDomain, "goap_domain_plan", () => d.Plan(new List<ActionId>()));
            Expect.Fails(Status.UnknownDomain, "goap_domain_destroy", () => d.Destroy());
            Expect.Fails(Status.UnknownDomain, "goap_agent_create", () => world.CreateAgent(d));
            Expect.Fails(Status.UnknownDomain, "goap_domain_fact_count", () => { var n = world.GetDomain(default(DomainId)).FactCount; });
            // A fact id passed as a domain id: the wrong kind of id.
            Expect.Fails(Status.UnknownDomain, "goap_domain_action_count", () => { var n = world.GetDomain(new DomainId(w.Fire.Value)).ActionCount; });
            // Another world's domain.
            using (var other = new World())
            {
                var foreign = other.CreateDomain();
                Expect.Fails(Status.UnknownDomain, "goap_domain_add_fact", () => world.GetDomain(foreign.Id).AddFact("x"));
            }
        }

        [Test]
        public void UnknownFact()
        {
            var other = world.CreateDomain("other");
            var foreignFact = other.AddFact("fire");
            Assert.AreNotEqual(w.Fire, foreignFact, "same name, another domain: another id");
            Expect.Fails(Status.UnknownFact, "goap_domain_set_start", () => w.Domain.SetStart(new FactValue(foreignFact, true)));
            Expect.Fails(Status.UnknownFact, "goap_domain_set_goal", () => w.Domain.SetGoal(new FactValue(foreignFact, true)));
            Expect.Fails(Status.UnknownFact, "goap_domain_add_action", () => w.Domain.AddAction("x", 1, new[] { new FactValue(foreignFact, true) }, null));
            Expect.Fails(Status.UnknownFact, "goap_domain_fact_name", () => w.Domain.FactName(new FactId(w.Chop.Value)));
            var a = w.FireAgent();
            Expect.Fails(Status.UnknownFact, "goap_agent_set_fact", () => a.SetFact(foreignFact, true));
            Expect.Fails(Status.UnknownFact, "goap_agent_get_fact", () => a.GetFact(default(FactId)));
            Expect.Fails(Status.UnknownFact, "goap_agent_add_goal", () => a.AddGoal("g", 1, new[] { new FactValue(foreignFact, true) }));
        }

        [Test]
        public void UnknownAction()
        {
            var other = world.CreateDomain("other");
            var foreignAction = other.AddAction("chop", 1, null, null);
            Expect.Fails(Status.UnknownAction, "goap_domain_action_name", () => w.Domain.ActionName(foreignAction));
            Expect.Fails(Status.UnknownAction, "goap_domain_action_name", () => w.Domain.ActionName(new ActionId(w.Fire.Value)));
            var a = w.FireAgent();
            Expect.Fails(Status.UnknownAction, "goap_agent_set_action_enabled", () => a.SetActionEnabled(foreignAction, false));
            Expect.Fails(Status.UnknownAction, "goap_agent_set_action_cost", () => a.SetActionCost(foreignAction, 1));
            Expect.Fails(Status.UnknownAction, "goap_agent_clear_action_cost", () => a.ClearActionCost(default(ActionId)));
        }

        [Test]
        public void UnknownVar()
        {
            var other = world.CreateDomain("other");
            var foreignVar = other.AddVar(new VarDef { Name = "n", Min = 0, Max = 5 });
            var v = w.Domain.AddVar(new VarDef { Name = "n", Min = 0, Max = 5 });
            Expect.Fails(Status.UnknownVar, "goap_domain_set_start_vars", () => w.Domain.SetStartVars(new VarValue(foreignVar, 1)));
            Expect.Fails(Status.UnknownVar, "goap_domain_set_goal_vars", () => w.Domain.SetGoalVars(new VarCondition(foreignVar, Compare.Eq, 1)));
            Expect.Fails(Status.UnknownVar, "goap_domain_var_name", () => w.Domain.VarName(new VarId(w.Fire.Value)));
            Expect.Fails(Status.UnknownVar, "goap_domain_add_action", () => w.Domain.AddAction("x", 1, null, null, null, new[] { new VarEffect(foreignVar, VarOp.Add, 1) }));
            var a = world.CreateAgent(w.Domain);
            Assert.AreEqual(0, a.GetVar(v));
            Expect.Fails(Status.UnknownVar, "goap_agent_set_var", () => a.SetVar(foreignVar, 1));
            Expect.Fails(Status.UnknownVar, "goap_agent_get_var", () => a.GetVar(default(VarId)));
        }

        [Test]
        public void DuplicateName()
        {
            Expect.Fails(Status.DuplicateName, "goap_domain_add_action", () => w.Domain.AddAction("chop", 3, null, null));
            Expect.Fails(Status.DuplicateName, "goap_domain_add_var", () => w.Domain.AddVar(new VarDef { Name = "fire", Min = 0, Max = 1 }));
            w.Domain.AddVar(new VarDef { Name = "n", Min = 0, Max = 5 });
            Expect.Fails(Status.DuplicateName, "goap_domain_add_fact", () => w.Domain.AddFact("n"));
            Expect.Fails(Status.DuplicateName, "goap_domain_add_var", () => w.Domain.AddVar(new VarDef { Name = "n", Min = 0, Max = 6 }));
        }

        [Test]
        public void Contradiction()
        {
            Expect.Fails(Status.Contradiction, "goap_domain_set_start", () => w.Domain.SetStart(Woods.T(w.Fire), Woods.F(w.Fire)));
            Expect.Fails(Status.Contradiction, "goap_domain_add_action", () => w.Domain.AddAction("x", 1, new[] { Woods.T(w.Fire), Woods.F(w.Fire) }, null));
            var v = w.Domain.AddVar(new VarDef { Name = "n", Min = 0, Max = 5 });
            Expect.Fails(Status.Contradiction, "goap_domain_set_goal_vars", () => w.Domain.SetGoalVars(new VarCondition(v, Compare.Eq, 3), new VarCondition(v, Compare.Eq, 4)));
            var a = w.FireAgent();
            var both = new[] { Woods.T(w.Rested), Woods.F(w.Rested) };
            Expect.Fails(Status.Contradiction, "goap_agent_set_facts", () => a.SetFacts(both, 2));
            Assert.IsFalse(a.GetFact(w.Rested), "all or nothing");
        }

        [Test]
        public void OutOfRange()
        {
            var v = w.Domain.AddVar(new VarDef { Name = "n", Min = 0, Max = 5 });
            Expect.Fails(Status.OutOfRange, "goap_domain_set_start_vars", () => w.Domain.SetStartVars(new VarValue(v, 99)));
            Expect.Fails(Status.OutOfRange, "goap_domain_add_action", () => w.Domain.AddAction("x", 1, null, null, null, new[] { new VarEffect(v, VarOp.Add, 6) }));
            var a = world.CreateAgent(w.Domain);
            Expect.Fails(Status.OutOfRange, "goap_agent_set_var", () => a.SetVar(v, -1));
        }

        [Test]
        public void InvalidCost()
        {
            Expect.Fails(Status.InvalidCost, "goap_domain_add_action", () => w.Domain.AddAction("nan", double.NaN, null, null));
            Expect.Fails(Status.InvalidCost, "goap_domain_add_action", () => w.Domain.AddAction("huge", 2e12, null, null));
            Expect.Fails(Status.InvalidCost, "goap_domain_add_action", () => w.Domain.AddAction("negative", -1, null, null));
            Assert.AreEqual(5, w.Domain.ActionCount, "nothing was added");
            w.Domain.AddAction("max", 1e12, null, null);
            var a = w.FireAgent();
            Expect.Fails(Status.InvalidCost, "goap_agent_set_action_cost", () => a.SetActionCost(w.Chop, double.NaN));
            Expect.Fails(Status.InvalidCost, "goap_agent_set_action_cost", () => a.SetActionCost(w.Chop, double.PositiveInfinity));
            Expect.Fails(Status.InvalidCost, "goap_agent_set_action_cost", () => a.SetActionCost(w.Chop, 2e12));
        }

        [Test]
        public void InvalidArgument()
        {
            var a = w.FireAgent();
            Expect.Fails(Status.InvalidArgument, "goap_agent_add_goal", () => a.AddGoal("nan", double.NaN, null));
            Expect.Fails(Status.InvalidArgument, "goap_agent_set_goal_priority", () => a.SetGoalPriority(a.GoalAt(0), double.NaN));
            Expect.Fails(Status.InvalidArgument, "goap_agent_step", () => a.Step(double.NaN));
            Expect.Fails(Status.InvalidArgument, "goap_agent_step", () => a.Step(-1));
            Expect.Fails(Status.InvalidArgument, "goap_agent_replan_count", () => a.ReplanCount(ReplanCause.None));
            Expect.Fails(Status.InvalidArgument, "goap_agent_explain", () => a.Explain(a.GoalAt(0), (ExplainFormat)7));
            a.Step(0.1);
            Expect.Fails(Status.InvalidArgument, "goap_agent_report", () => a.Report((ActionReport)9));
            Expect.Fails(Status.InvalidArgument, "goap_domain_add_fact", () => w.Domain.AddFact(""));
            Expect.Fails(Status.InvalidArgument, "goap_domain_add_fact", () => w.Domain.AddFact("nul\0inside"));
            Expect.Fails(Status.InvalidArgument, "goap_domain_add_var", () => w.Domain.AddVar(new VarDef { Name = "backwards", Min = 5, Max = 1 }));
            Expect.Fails(Status.InvalidArgument, "goap_domain_add_var", () => w.Domain.AddVar(new VarDef { Name = "outside", Min = 0, Max = 1, Default = 3 }));
            var options = PlanOptions.Default;
            options.Heuristic = (Heuristic)99;
            w.Domain.SetGoal(Woods.T(w.Fire));
            Expect.Fails(Status.InvalidArgument, "goap_domain_plan", () => w.Domain.Plan(new List<ActionId>(), options));
            var settings = AgentSettings.For(w.Domain);
            settings.SwitchMargin = -1;
            Expect.Fails(Status.InvalidArgument, "goap_agent_create", () => world.CreateAgent(settings));
            settings = AgentSettings.For(w.Domain);
            settings.FailureCooldown = double.NaN;
            Expect.Fails(Status.InvalidArgument, "goap_agent_create", () => world.CreateAgent(settings));
        }

        [Test]
        public void ParseErrorGivesLineAndColumn()
        {
            var e = Expect.Fails(Status.ParseError, "goap_domain_load_json", () => world.LoadDomain("{\n  \"actions\": [\n    ,\n  ]\n}"));
            StringAssert.IsMatch(":3:5", e.Message, "line 3, column 5: " + e.Message);
            e = Expect.Fails(Status.ParseError, "goap_domain_load_json",
                () => world.LoadDomain("{\"actions\": [{\"name\": \"a\", \"cost\": 2e12}], \"goal\": {}}"));
            StringAssert.IsMatch(@":1:\d+", e.Message);
            StringAssert.Contains("cost", e.Message);
            Expect.Fails(Status.ParseError, "goap_domain_load_json", () => world.LoadDomain(""));
            Assert.Throws<ArgumentNullException>(() => world.LoadDomain(null));
        }

        [Test]
        public void NotFound()
        {
            Expect.Fails(Status.NotFound, "goap_domain_find_fact", () => w.Domain.FindFact("nope"));
            Expect.Fails(Status.NotFound, "goap_domain_find_action", () => w.Domain.FindAction("fire"));
            Expect.Fails(Status.NotFound, "goap_domain_find_var", () => w.Domain.FindVar("fire"));
            var a = w.FireAgent();
            Expect.Fails(Status.NotFound, "goap_agent_find_goal", () => a.FindGoal("nope"));
        }

        [Test]
        public void NoGoal()
        {
            var d = world.CreateDomain("goalless");
            d.AddFact("f");
            Expect.Fails(Status.NoGoal, "goap_domain_plan", () => d.Plan(new List<ActionId>()));
            d.SetGoal();
            Assert.AreEqual(Outcome.Found, d.Plan(new List<ActionId>()).Outcome, "an empty goal is satisfied");
        }

        [Test]
        public void UnknownGoal()
        {
            var a = w.FireAgent();
            // Not a goal id: a fact id's bits (the wrong kind), made-up bits, the null id.
            Expect.Fails(Status.UnknownGoal, "goap_agent_set_goal_priority", () => a.SetGoalPriority(GoalId.FromValue(w.Fire.Value), 1));
            Expect.Fails(Status.UnknownGoal, "goap_agent_set_goal_priority", () => a.SetGoalPriority(GoalId.FromValue(0x5_0000_0007), 1));
            Expect.Fails(Status.UnknownGoal, "goap_agent_explain", () => a.Explain(GoalId.None));
            // A removed goal's id is stale.
            var rest = a.AddGoal("rest", 1, new[] { Woods.T(w.Rested) });
            a.RemoveGoal(rest);
            Expect.Fails(Status.UnknownGoal, "goap_agent_explain", () => a.Explain(rest, ExplainFormat.Json));
            Expect.Fails(Status.UnknownGoal, "goap_agent_remove_goal", () => a.RemoveGoal(rest));
            // A goal of another agent (which has none).
            var b = world.CreateAgent(w.Domain);
            Expect.Fails(Status.UnknownGoal, "goap_agent_goal_name", () => b.GoalName(a.GoalAt(0)));
        }

        [Test]
        public void NoAction()
        {
            var a = w.FireAgent();
            Expect.Fails(Status.NoAction, "goap_agent_report", () => a.Report(ActionReport.Succeeded));
            a.Step(0.1);
            a.Report(ActionReport.Succeeded);
            Expect.Fails(Status.NoAction, "goap_agent_report", () => a.Report(ActionReport.Running));
        }

        [Test]
        public void PanicIsCaughtAndMapped()
        {
            Expect.Fails(Status.Panic, "goap_debug_force_panic", () => Errors.Check(NativeMethods.goap_debug_force_panic()));
            var status = NativeMethods.goap_debug_force_panic();
            Assert.AreEqual(GoapStatus.Panic, status);
            var e = Errors.Failure(status);
            Assert.AreEqual(Status.Panic, e.Status);
            StringAssert.Contains("goap_debug_force_panic", e.Message);
            Assert.IsNull(e.InnerException);
            // The library goes on working.
            Assert.AreEqual(StepKind.Start, w.FireAgent().Step(0.1).Kind);
        }

        [Test]
        public void CaughtPanicsGoToTheLogHandler()
        {
            var logged = new List<string>();
            var levels = new List<LogLevel>();
            Library.SetLogHandler((level, message) => { lock (logged) { levels.Add(level); logged.Add(message); } });
            try
            {
                Assert.AreEqual(GoapStatus.Panic, NativeMethods.goap_debug_force_panic());
            }
            finally
            {
                Library.SetLogHandler(null);
            }
            Assert.AreEqual(GoapStatus.Panic, NativeMethods.goap_debug_force_panic()); // to stderr
            lock (logged)
            {
                Assert.AreEqual(1, logged.Count, string.Join("\n", logged.ToArray()));
                Assert.AreEqual(LogLevel.Error, levels[0]);
                StringAssert.Contains("panic caught at ", logged[0]);
                StringAssert.Contains("goap_debug_force_panic was called", logged[0]);
            }
        }

        [Test]
        public void UnloadingTheDomainRemovesItsLogHandler()
        {
            // As an Editor domain reload does: the handler's domain goes, the native library
            // stays. A callback left pointing into the unloaded domain would crash here.
            var setup = new AppDomainSetup { ApplicationBase = Path.GetDirectoryName(typeof(ErrorTests).Assembly.Location) };
            var domain = AppDomain.CreateDomain("goap-log-handler", null, setup);
            domain.DoCallBack(InstallQuietHandler);
            AppDomain.Unload(domain);
            Assert.AreEqual(GoapStatus.Panic, NativeMethods.goap_debug_force_panic());
        }

        static void InstallQuietHandler() { Library.SetLogHandler((level, message) => { }); }

        [Test]
        public void APanicInAWorldPoisonsItAndDisposeStillWorks()
        {
            var sick = new World();
            var d = sick.CreateDomain("d");
            Library.SetLogHandler((level, message) => { });
            try
            {
                Assert.AreEqual(GoapStatus.Panic, NativeMethods.goap_debug_poison_world((GoapWorld*)sick.DangerousGetHandle()));
            }
            finally
            {
                Library.SetLogHandler(null);
            }
            var e = Assert.Throws<GoapException>(() => { var n = d.FactCount; });
            Assert.AreEqual(Status.Poisoned, e.Status);
            StringAssert.Contains("the world is poisoned", e.Message);
            StringAssert.Contains("goap_debug_poison_world: panic:", e.Message);
            Expect.Fails(Status.Poisoned, "goap_domain_add_fact", () => d.AddFact("x"));
            Assert.AreEqual("GOAP_STATUS_POISONED", Library.StatusName(Status.Poisoned));
            sick.Dispose(); // destroys the native world
            // Other worlds go on.
            Assert.AreEqual(StepKind.Start, w.FireAgent().Step(0.1).Kind);
        }

        [Test]
        public void NullPointerThroughTheRawLayer()
        {
            GoapWorld* p = (GoapWorld*)world.DangerousGetHandle();
            var status = NativeMethods.goap_domain_add_fact(p, w.Domain.Id.Native, null, 3, null);
            Assert.AreEqual(GoapStatus.NullPointer, status);
            var e = Errors.Failure(status);
            Assert.AreEqual(Status.NullPointer, e.Status);
            StringAssert.Contains("goap_domain_add_fact", e.Message);
            status = NativeMethods.goap_world_create(null, null);
            Expect.Fails(Status.NullPointer, "goap_world_create", () => Errors.Check(status));
            uint n;
            status = NativeMethods.goap_domain_fact_count(null, w.Domain.Id.Native, &n);
            Expect.Fails(Status.NullPointer, "goap_domain_fact_count", () => Errors.Check(status));
        }

        [Test]
        public void InvalidUtf8ThroughTheRawLayer()
        {
            GoapWorld* p = (GoapWorld*)world.DangerousGetHandle();
            var bad = new byte[] { (byte)'o', 0xff, (byte)'k' };
            GoapFactId fact;
            GoapDomainId id;
            GoapStatus status;
            fixed (byte* b = bad) status = NativeMethods.goap_domain_add_fact(p, w.Domain.Id.Native, b, (uint)bad.Length, &fact);
            var e = Errors.Failure(status);
            Assert.AreEqual(Status.InvalidUtf8, e.Status);
            StringAssert.Contains("goap_domain_add_fact", e.Message);
            fixed (byte* b = bad) status = NativeMethods.goap_domain_load_json(p, b, (uint)bad.Length, &id);
            Expect.Fails(Status.InvalidUtf8, "goap_domain_load_json", () => Errors.Check(status));
        }

        [Test]
        public void BufferTooSmallThroughTheRawLayer()
        {
            // The wrapper retries with a bigger buffer; the raw status still maps.
            GoapWorld* p = (GoapWorld*)world.DangerousGetHandle();
            var buf = new byte[2];
            uint len;
            GoapStatus status;
            fixed (byte* b = buf) status = NativeMethods.goap_domain_fact_name(p, w.Domain.Id.Native, w.HasAxe.Native, b, (uint)buf.Length, &len);
            Assert.AreEqual(GoapStatus.BufferTooSmall, status);
            Assert.AreEqual((uint)Encoding.UTF8.GetByteCount("has_axe"), len);
            Expect.Fails(Status.BufferTooSmall, "goap_domain_fact_name", () => Errors.Check(status));
        }

        [Test]
        public void TheLastErrorIsPerThread()
        {
            var e = Expect.Fails(Status.NotFound, "goap_domain_find_fact", () => w.Domain.FindFact("nope"));
            string other = null;
            var t = new System.Threading.Thread(() => other = Errors.LastError());
            t.Start();
            t.Join();
            Assert.AreEqual("", other, "a thread that made no failing call has no message");
            Assert.AreEqual(e.Message, Errors.LastError());
        }

        // ---- disposed world ----------------------------------------------------------

        sealed class NullContext : IAgentContext
        {
            public bool IsAvailable(AgentId agent, ActionId action) { return true; }
            public double Cost(AgentId agent, ActionId action, double cost) { return cost; }
        }

        static readonly HashSet<string> Pure = new HashSet<string>
        {
            // Members that never call native code.
            "Equals", "GetHashCode", "ToString", "GetType", "Dispose", "DangerousGetHandle",
            "GetDomain", "GetAgent", "get_IsDisposed",
        };

        static object Arg(Type t)
        {
            if (t == typeof(string)) return "x";
            if (t.IsArray) return Array.CreateInstance(t.GetElementType(), 0);
            if (t == typeof(IAgentContext)) return new NullContext();
            if (t.IsEnum) { var values = Enum.GetValues(t); return values.GetValue(values.Length - 1); } // a valid value
            // A well-formed goal id (a fresh agent's first goal): the null id would be refused
            // (UnknownGoal) before the agent is looked up.
            if (t == typeof(GoalId)) return GoalId.FromValue(0x1_0000_0001);
            if (t.IsValueType) return Activator.CreateInstance(t);
            return Activator.CreateInstance(t); // List<T>
        }

        /// <summary>
        /// Calls every public instance method and property getter of <paramref name="target"/>
        /// with harmless arguments; returns (member, exception thrown or null).
        /// </summary>
        static List<KeyValuePair<string, Exception>> CallEverything(object target)
        {
            var results = new List<KeyValuePair<string, Exception>>();
            var methods = target.GetType().GetMethods(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly);
            Array.Sort(methods, (x, y) => string.CompareOrdinal(x.ToString(), y.ToString()));
            foreach (var m in methods)
            {
                if (Pure.Contains(m.Name)) continue;
                var ps = m.GetParameters();
                var args = new object[ps.Length];
                for (int k = 0; k < ps.Length; k++) args[k] = Arg(ps[k].ParameterType);
                Exception thrown = null;
                try { m.Invoke(target, args); }
                catch (TargetInvocationException e) { thrown = e.InnerException; }
                results.Add(new KeyValuePair<string, Exception>(m.ToString(), thrown));
            }
            return results;
        }

        static void AllThrow<T>(List<KeyValuePair<string, Exception>> results, int atLeast, Action<string, T> check) where T : Exception
        {
            Assert.GreaterOrEqual(results.Count, atLeast, "members found by reflection");
            foreach (var r in results)
            {
                Assert.IsNotNull(r.Value, r.Key + " did not throw");
                Assert.IsInstanceOf<T>(r.Value, r.Key + " threw " + r.Value);
                check(r.Key, (T)r.Value);
            }
        }

        [Test]
        public void EveryCallOnADisposedWorldThrowsObjectDisposed()
        {
            var d = w.Domain;
            var a = w.FireAgent();
            int live = Library.LiveWorldCount;
            world.Dispose();
            Assert.IsTrue(world.IsDisposed);
            Assert.AreEqual(live - 1, Library.LiveWorldCount);
            world.Dispose(); // twice is fine
            Assert.AreEqual(live - 1, Library.LiveWorldCount);
            AllThrow<ObjectDisposedException>(CallEverything(world), 8, (m, e) => { });
            AllThrow<ObjectDisposedException>(CallEverything(d), 21, (m, e) => { });
            AllThrow<ObjectDisposedException>(CallEverything(a), 22, (m, e) => { });
            Assert.Throws<ObjectDisposedException>(() => world.GetAgent(a.Id).Step(0.1));
            Assert.Throws<ObjectDisposedException>(() => world.GetDomain(d.Id).Plan(new List<ActionId>()));
        }

        [Test]
        public void EveryCallOnAStaleAgentIsUnknownAgent()
        {
            var a = w.FireAgent();
            a.Step(0.1);
            var b = w.FireAgent();
            a.Destroy();
            AllThrow<GoapException>(CallEverything(a), 22, (m, e) =>
            {
                Assert.AreEqual(Status.UnknownAgent, e.Status, m + ": " + e.Message);
                StringAssert.Contains("stale", e.Message, m);
                StringAssert.Contains("goap_agent_", e.Message, m);
            });
            Assert.AreEqual(StepKind.Start, b.Step(0.1).Kind, "the other agent is untouched");
            Assert.AreEqual(1, world.AgentCount);
        }

        [Test]
        public void AnAgentIdOfAnotherWorldIsForeign()
        {
            var a = w.FireAgent();
            using (var other = new Woods())
            {
                other.FireAgent();
                var foreign = other.World.GetAgent(a.Id);
                AllThrow<GoapException>(CallEverything(foreign), 22, (m, e) =>
                {
                    Assert.AreEqual(Status.UnknownAgent, e.Status, m + ": " + e.Message);
                    StringAssert.Contains("foreign", e.Message, m);
                });
                Assert.AreEqual(1, other.World.AgentCount, "nothing was destroyed in the other world");
            }
            Assert.AreEqual(StepKind.Start, a.Step(0.1).Kind);
            Expect.Fails(Status.UnknownAgent, "goap_agent_step", () => world.GetAgent(default(AgentId)).Step(0.1));
        }

        // ---- managed argument checks -------------------------------------------------

        [Test]
        public void NegativeCountsAndSettingsThrowArgumentOutOfRange()
        {
            int live = Library.LiveWorldCount;
            var s = WorldSettings.Default;
            s.MaxIdlePlanners = -1;
            Assert.Throws<ArgumentOutOfRangeException>(() => new World(s));
            s = WorldSettings.Default;
            s.WorkerThreads = -1;
            Assert.Throws<ArgumentOutOfRangeException>(() => new World(s));
            s = WorldSettings.Default;
            s.PlanCacheCapacity = -1;
            Assert.Throws<ArgumentOutOfRangeException>(() => new World(s));
            Assert.AreEqual(live, Library.LiveWorldCount, "no world was created");

            var settings = AgentSettings.For(w.Domain);
            settings.MaxNodes = -1;
            Assert.Throws<ArgumentOutOfRangeException>(() => world.CreateAgent(settings));
            Assert.AreEqual(0, world.AgentCount);

            var options = PlanOptions.Default;
            options.MaxNodes = -1;
            w.Domain.SetGoal(Woods.T(w.Fire));
            Assert.Throws<ArgumentOutOfRangeException>(() => w.Domain.Plan(new List<ActionId>(), options));
            Assert.Throws<ArgumentOutOfRangeException>(() => w.Domain.PlanProblem(null, null, null, null, new List<ActionId>(), options));

            Assert.Throws<ArgumentOutOfRangeException>(() => world.PlanAgents(new BatchOptions { MaxAgents = -1 }));
            Assert.Throws<ArgumentOutOfRangeException>(() => world.PlanAgents(new BatchOptions { Threads = -1 }));
            Assert.Throws<ArgumentOutOfRangeException>(() => world.PlanAgents(new BatchOptions { MaxNodes = -1 }));

            var a = w.FireAgent();
            var values = new[] { Woods.T(w.Rested) };
            Assert.Throws<ArgumentOutOfRangeException>(() => a.SetFacts(values, -1));
            Assert.Throws<ArgumentOutOfRangeException>(() => a.SetFacts(values, 2));
            Assert.Throws<ArgumentNullException>(() => a.SetFacts(null, 0));
            Assert.Throws<ArgumentNullException>(() => a.GetPlan(null));
            Assert.Throws<ArgumentNullException>(() => a.GetReplans(null));
            Assert.Throws<ArgumentNullException>(() => w.Domain.Plan(null));
            Assert.IsFalse(a.GetFact(w.Rested));
        }

        // ---- library version ---------------------------------------------------------

        [Test]
        public void VersionCheck()
        {
            uint version = (uint)Library.Version;
            Assert.AreEqual(Library.WrapperMajorVersion, (int)(version >> 16));
            Assert.AreEqual(string.Format("{0}.{1}.{2}", version >> 16, (version >> 8) & 0xFF, version & 0xFF), Library.VersionString);
            Library.CheckCompatible(version);
            uint wrapper = ((uint)Library.WrapperMajorVersion << 16) | ((uint)Library.WrapperMinorVersion << 8);
            Library.CheckCompatible(wrapper | 0x07); // another patch
            uint otherMinor = ((uint)Library.WrapperMajorVersion << 16) | ((uint)(Library.WrapperMinorVersion + 1) << 8);
            int wrapperMajor = Library.WrapperMajorVersion; // a const: copied so both branches compile
            if (wrapperMajor == 0) // before 1.0 a minor release may change the ABI
                StringAssert.Contains("0." + (Library.WrapperMinorVersion + 1) + ".0",
                    Assert.Throws<GoapLibraryException>(() => Library.CheckCompatible(otherMinor)).Message);
            else
                Library.CheckCompatible(otherMinor);
            uint other = ((uint)(Library.WrapperMajorVersion + 1) << 16) | 0x0203;
            var e = Assert.Throws<GoapLibraryException>(() => Library.CheckCompatible(other));
            StringAssert.Contains((Library.WrapperMajorVersion + 1) + ".2.3", e.Message);
            int major = Library.WrapperMajorVersion; // a const: copied so the branch compiles for 0 too
            if (major > 0)
                Assert.Throws<GoapLibraryException>(() => Library.CheckCompatible((uint)(major - 1) << 16));
            Assert.Throws<GoapLibraryException>(() => Library.CheckCompatible(0xFFFF0000u));
            Library.EnsureLoaded();
        }

        [Test]
        public void StatusNamesAreTheNativeOnes()
        {
            foreach (Status s in Enum.GetValues(typeof(Status)))
            {
                var snake = new StringBuilder();
                foreach (char c in s.ToString())
                {
                    if (char.IsUpper(c) && snake.Length > 0) snake.Append('_');
                    snake.Append(char.ToUpperInvariant(c));
                }
                Assert.AreEqual("GOAP_STATUS_" + snake, Library.StatusName(s), s.ToString());
            }
            Assert.AreEqual("GOAP_STATUS_UNKNOWN", Library.StatusName((Status)1000));
        }
    }

    /// <summary>Loading the library; no world is created by a set-up here.</summary>
    [TestFixture]
    public class LibraryLoadTests
    {
        [Test]
        public void AMissingLibraryIsAGoapLibraryException()
        {
            // The wrapper and the tests, without libgoap, in a directory of their own, run by a
            // child process that cannot find the library (no LD_LIBRARY_PATH).
            var here = Path.GetDirectoryName(typeof(LibraryLoadTests).Assembly.Location);
            var dir = Path.Combine(Path.GetTempPath(), "goap-cs-nolib-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                foreach (var f in new[] { "Goap.dll", "Goap.Tests.dll", "nunit.framework.dll" })
                    if (File.Exists(Path.Combine(here, f))) File.Copy(Path.Combine(here, f), Path.Combine(dir, f));
                var env = new Dictionary<string, string>
                {
                    { "LD_LIBRARY_PATH", null }, { "DYLD_LIBRARY_PATH", null }, { "GOAP_TEST_NO_LIBRARY", "1" },
                };
                var r = ChildProcess.RunTest("Goap.Tests.LibraryLoadTests.MissingLibraryScenario", dir, env);
                Assert.AreEqual(0, r.Key, r.Value);
            }
            finally { Directory.Delete(dir, true); }
        }

        [Test, Explicit("run in a child process by AMissingLibraryIsAGoapLibraryException")]
        public void MissingLibraryScenario()
        {
            if (Environment.GetEnvironmentVariable("GOAP_TEST_NO_LIBRARY") != "1") Assert.Ignore("only without the library");
            var e = Assert.Throws<GoapLibraryException>(() => Library.EnsureLoaded());
            StringAssert.Contains("not found", e.Message);
            Assert.IsInstanceOf<DllNotFoundException>(e.InnerException);
            // Every entry point checks, again and again.
            Assert.Throws<GoapLibraryException>(() => new World());
            Assert.Throws<GoapLibraryException>(() => { var v = Library.Version; });
        }
    }
}
