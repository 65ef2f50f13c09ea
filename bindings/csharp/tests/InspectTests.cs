// Introspection through the C# wrapper: a domain's items by index with their rules, its
// start and goal, an agent's beliefs and goals, and a search trace.
using System;
using System.Collections.Generic;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class InspectTests
    {
        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        [Test]
        public void ADomainListsItsItemsAndTheirRules()
        {
            var d = world.LoadDomain(Domains.Read("crafting.json"));
            Assert.AreEqual("has_axe", d.FactName(d.FactAt(0)));
            Assert.AreEqual("has_workbench", d.FactName(d.FactAt(1)));
            var e = Assert.Throws<GoapException>(() => d.FactAt(2));
            Assert.AreEqual(Status.InvalidArgument, e.Status);
            var gold = d.VarAt(3);
            Assert.AreEqual("gold", d.VarName(gold));
            var vi = d.GetVarInfo(gold);
            Assert.AreEqual(0, vi.Min);
            Assert.AreEqual(20, vi.Max);
            Assert.AreEqual(Overflow.Reject, vi.Overflow);
            var buyAxe = d.ActionAt(2);
            Assert.AreEqual("buy_axe", d.ActionName(buyAxe));
            var ai = d.GetActionInfo(buyAxe);
            Assert.AreEqual(1.0, ai.Cost);
            Assert.AreEqual(1, ai.VarEffectCount);
            var axe = d.FindFact("has_axe");
            var pre = d.ActionPre(buyAxe);
            Assert.AreEqual(1, pre.Length);
            Assert.AreEqual(axe, pre[0].Fact);
            Assert.IsFalse(pre[0].Value);
            Assert.IsTrue(d.ActionEffects(buyAxe)[0].Value);
            var varPre = d.ActionVarPre(buyAxe);
            Assert.AreEqual(gold, varPre[0].Var);
            Assert.AreEqual(Compare.Ge, varPre[0].Op);
            Assert.AreEqual(4, varPre[0].Value);
            Assert.AreEqual(VarOp.Sub, d.ActionVarEffects(buyAxe)[0].Op);
            Assert.IsEmpty(d.StartFacts());
            var startVars = d.StartVars();
            Assert.AreEqual(4, startVars.Length);
            Assert.AreEqual(5, startVars[3].Value);
            Assert.AreEqual(1, d.GoalFacts().Length);
            Assert.AreEqual(1, d.GoalVars().Length);
            var bare = world.CreateDomain("bare");
            Assert.AreEqual(Status.NoGoal, Assert.Throws<GoapException>(() => bare.GoalFacts()).Status);
        }

        [Test]
        public void AnAgentTellsItsBeliefsAndGoals()
        {
            using (var w = new Woods())
            {
                var a = w.FireAgent();
                Assert.AreEqual(w.Domain.Id, a.DomainId);
                Assert.IsEmpty(a.BelievedFacts());
                a.SetFact(w.Rested, true);
                var facts = a.BelievedFacts();
                Assert.AreEqual(1, facts.Length);
                Assert.AreEqual(w.Rested, facts[0].Fact);
                Assert.IsEmpty(a.BelievedVars());
                var goal = a.GoalAt(0);
                Assert.AreEqual("fire", a.GoalName(goal));
                var info = a.GetGoalInfo(goal);
                Assert.AreEqual(1.0, info.Priority);
                Assert.IsFalse(info.Satisfied);
                Assert.IsFalse(info.Current);
                Assert.AreEqual(w.Fire, a.GoalConditions(goal)[0].Fact);
                Assert.IsEmpty(a.GoalVarConditions(goal));
                a.Step(0.1);
                Assert.IsTrue(a.GetGoalInfo(goal).Current);
                Assert.AreEqual(Status.UnknownGoal, Assert.Throws<GoapException>(() => a.GoalConditions(GoalId.None)).Status);
            }
        }

        [Test]
        public void ATraceWalksBackToTheOptimalPlan()
        {
            var d = world.LoadDomain(Domains.Read("kitchen.json"));
            var t = d.Trace(1000);
            Assert.AreEqual(TraceEnd.Found, t.End);
            var last = t.Nodes[t.Nodes.Length - 1];
            Assert.IsTrue(last.Goal);
            Assert.AreEqual(17.0, last.G);
            Assert.AreEqual(17.0, t.Nodes[0].H);
            int steps = 0;
            for (int n = t.Nodes.Length - 1; t.Nodes[n].Parent >= 0; n = t.Nodes[n].Parent) steps++;
            Assert.AreEqual(7, steps);
            var dinner = d.FindFact("晚餐完成");
            CollectionAssert.Contains(new List<FactId>(t.Facts).GetRange(last.FactStart, last.FactCount), dinner);
            var cut = d.Trace(2);
            Assert.AreEqual(TraceEnd.Limit, cut.End);
            Assert.AreEqual(2, cut.Nodes.Length);
            Assert.AreEqual(Status.InvalidArgument, Assert.Throws<GoapException>(() => d.Trace(0)).Status);
        }
    }
}
