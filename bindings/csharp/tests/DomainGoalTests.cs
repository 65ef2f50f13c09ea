// A domain's agent goals through the C# wrapper: a file's goals read back by index, one
// added from code reaching only agents created afterwards, and the error paths.
using System;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class DomainGoalTests
    {
        const string Guard = @"{
  ""vars"": {""ammo"": {""min"": 0, ""max"": 5, ""default"": 2}},
  ""actions"": [
    {""name"": ""arm"", ""pre"": {""ammo"": {"">="": 1}}, ""effects"": {""armed"": true, ""ammo"": {""-="": 1}}},
    {""name"": ""hide"", ""pre"": {""armed"": true}, ""effects"": {""safe"": true}},
    {""name"": ""eat"", ""effects"": {""fed"": true}}
  ],
  ""start"": {""fed"": true},
  ""goals"": [
    {""name"": ""stay safe"", ""priority"": 3, ""conditions"": {""safe"": true, ""ammo"": {"">"": 0}}},
    {""name"": ""eat"", ""priority"": 1.5, ""conditions"": {""fed"": true}}
  ]
}";

        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        [Test]
        public void AFilesGoalsReadBackByIndex()
        {
            var d = world.LoadDomain(Guard);
            Assert.AreEqual(2, d.AgentGoalCount);
            Assert.AreEqual("stay safe", d.AgentGoalName(0));
            Assert.AreEqual("eat", d.AgentGoalName(1));
            var safe = d.GetAgentGoalInfo(0);
            Assert.AreEqual(3.0, safe.Priority);
            Assert.AreEqual(1, safe.FactCount);
            Assert.AreEqual(1, safe.VarCount);
            Assert.IsFalse(safe.Satisfied);
            Assert.IsFalse(safe.Current);
            Assert.IsTrue(d.GetAgentGoalInfo(1).Satisfied, "the start has fed");
            var facts = d.AgentGoalConditions(0);
            Assert.AreEqual(1, facts.Length);
            Assert.AreEqual(d.FindFact("safe"), facts[0].Fact);
            Assert.IsTrue(facts[0].Value);
            var vars = d.AgentGoalVarConditions(0);
            Assert.AreEqual(1, vars.Length);
            Assert.AreEqual(d.FindVar("ammo"), vars[0].Var);
            Assert.AreEqual(Compare.Gt, vars[0].Op);
            Assert.AreEqual(0, vars[0].Value);
            Assert.IsEmpty(d.AgentGoalVarConditions(1));
        }

        [Test]
        public void AnAddedAgentGoalReachesOnlyAgentsCreatedAfterwards()
        {
            var d = world.LoadDomain(Guard);
            var before = world.CreateAgent(d);
            d.AddAgentGoal("be armed", 2, new[] { new FactValue(d.FindFact("armed"), true) });
            Assert.AreEqual(3, d.AgentGoalCount);
            Assert.AreEqual("be armed", d.AgentGoalName(2));
            var after = world.CreateAgent(d);
            Assert.AreEqual(2, before.GetInfo().GoalCount);
            Assert.AreEqual(3, after.GetInfo().GoalCount);
            Assert.AreEqual("be armed", after.GoalName(after.GoalAt(2)));
        }

        [Test]
        public void BadIndicesAndGoalsAreErrors()
        {
            var d = world.LoadDomain(Guard);
            Expect.Fails(Status.InvalidArgument, "goap_domain_agent_goal_name", () => d.AgentGoalName(2));
            Expect.Fails(Status.InvalidArgument, "goap_domain_agent_goal_info", () => d.GetAgentGoalInfo(7));
            Expect.Fails(Status.InvalidArgument, "goap_domain_agent_goal_conditions", () => d.AgentGoalConditions(2));
            Expect.Fails(Status.InvalidArgument, "goap_domain_agent_goal_var_conditions", () => d.AgentGoalVarConditions(2));
            Assert.Throws<ArgumentOutOfRangeException>(() => d.AgentGoalName(-1));
            Expect.Fails(Status.InvalidArgument, "goap_domain_add_agent_goal", () => d.AddAgentGoal("nan", double.NaN, null));
            var other = world.LoadDomain(Domains.Read("kitchen.json"));
            Expect.Fails(Status.UnknownFact, "goap_domain_add_agent_goal",
                () => d.AddAgentGoal("x", 1, new[] { new FactValue(other.FactAt(0), true) }));
            Assert.AreEqual(2, d.AgentGoalCount, "nothing was added");
        }
    }
}
