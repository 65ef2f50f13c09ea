// World.SetFactOn / SetVarOn: one call writes into several agents, all checked first.
using System;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class AgentsManyTests
    {
        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        [Test]
        public void OneCallWritesEveryAgentOrNone()
        {
            var d = world.CreateDomain("guards");
            var bell = d.AddFact("bell_rang");
            var alarm = d.AddVar(new VarDef { Name = "alarm", Min = 0, Max = 3 });
            var ids = new AgentId[3];
            for (int i = 0; i < ids.Length; i++) ids[i] = world.CreateAgent(d).Id;
            world.SetFactOn(ids, bell, true);
            world.SetVarOn(ids, alarm, 2);
            foreach (var id in ids)
            {
                Assert.IsTrue(world.GetAgent(id).GetFact(bell));
                Assert.AreEqual(2, world.GetAgent(id).GetVar(alarm));
            }
            var gone = world.CreateAgent(d);
            gone.Destroy();
            Expect.Fails(Status.UnknownAgent, "agents[1]", () => world.SetFactOn(new[] { ids[0], gone.Id }, bell, false));
            Assert.IsTrue(world.GetAgent(ids[0]).GetFact(bell), "nothing written");
            Expect.Fails(Status.OutOfRange, "agents[0]", () => world.SetVarOn(ids, alarm, 9));
            Assert.Throws<ArgumentNullException>(() => world.SetFactOn(null, bell, true));
            world.SetFactOn(new AgentId[0], bell, false);
        }
    }
}
