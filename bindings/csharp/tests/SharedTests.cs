// Domain.SetShared / SetSharedFact / SetSharedVar: one write that every agent of the domain
// reads, with the count of agents that review.
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class SharedTests
    {
        const string Town = @"{
          ""vars"": {""alarm"": {""min"": 0, ""max"": 3}},
          ""actions"": [{""name"": ""close_gate"", ""pre"": {""bell_rang"": true}, ""effects"": {""gate_closed"": true}},
                      {""name"": ""harvest"", ""effects"": {""harvested"": true}}],
          ""goals"": [{""name"": ""secure"", ""priority"": 1, ""conditions"": {""gate_closed"": true}}]
        }";

        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        [Test]
        public void OneWriteReachesEveryAgentAndOnlyDependentsReview()
        {
            var d = world.LoadDomain(Town);
            var bell = d.FindFact("bell_rang");
            var alarm = d.FindVar("alarm");
            var guards = new[] { world.CreateAgent(d), world.CreateAgent(d) };
            foreach (var g in guards) Assert.AreEqual(StepKind.NoPlan, g.Step(0.1).Kind);
            Assert.IsNull(d.SharedFact(bell));
            var change = d.SetShared(new[] { new FactValue(bell, true) }, new[] { new VarValue(alarm, 2) });
            Assert.AreEqual(2, change.Changed);
            Assert.AreEqual(2, change.Reviewed);
            Assert.AreEqual(true, d.SharedFact(bell));
            Assert.AreEqual(2, d.SharedVar(alarm));
            foreach (var g in guards)
            {
                Assert.IsTrue(g.GetFact(bell));
                Assert.AreEqual(StepKind.Start, g.Step(0.1).Kind);
            }
            Assert.AreEqual(0, d.SetSharedFact(bell, true).Changed, "the same value changes nothing");
            Assert.AreEqual(0, d.SetSharedVar(alarm, 3).Reviewed, "no goal depends on alarm");
            Expect.Fails(Status.OutOfRange, "alarm", () => d.SetSharedVar(alarm, 9));
            // An agent's own write overrides until the next shared write.
            guards[0].SetFact(bell, false);
            Assert.IsFalse(guards[0].GetFact(bell));
            Assert.IsTrue(guards[1].GetFact(bell));
            d.SetSharedFact(bell, false);
            d.SetSharedFact(bell, true);
            Assert.IsTrue(guards[0].GetFact(bell));
            d.SetShared(null, null);
        }
    }
}
