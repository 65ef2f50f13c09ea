// A domain file's action templates through the C# wrapper.
using System;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class TemplateTests
    {
        const string Roads = @"{
  ""objects"": {""place"": [""mill"", ""bakery"", ""well""]},
  ""actions"": [{""name"": ""go({from},{to})"", ""params"": {""from"": ""place"", ""to"": ""place""},
                 ""distinct"": [""from"", ""to""],
                 ""pre"": {""at({from})"": true}, ""effects"": {""at({to})"": true}}]
}";

        World world;

        [SetUp] public void SetUp() { world = new World(); }
        [TearDown] public void TearDown() { world.Dispose(); }

        [Test]
        public void ATemplateReadsBackWithItsGroundings()
        {
            var d = world.LoadDomain(Roads);
            Assert.AreEqual(1, d.TemplateCount);
            Assert.AreEqual("go({from},{to})", d.TemplateName(0));
            Assert.AreEqual(2, d.TemplateParamCount(0));
            Assert.AreEqual("to", d.TemplateParamName(0, 1));
            var ids = d.TemplateGroundings(0);
            Assert.AreEqual(6, ids.Length);
            Assert.AreEqual("go(mill,bakery)", d.ActionName(ids[0]));
            Assert.AreEqual(d.FindAction("go(well,mill)"), d.TemplateFind(0, "well", "mill"));
            Expect.Fails(Status.NotFound, "distinct", () => d.TemplateFind(0, "mill", "mill"));
            Expect.Fails(Status.InvalidArgument, "2 parameters", () => d.TemplateFind(0, "mill"));
            Expect.Fails(Status.InvalidArgument, "index 1", () => d.TemplateName(1));
            Assert.Throws<ArgumentOutOfRangeException>(() => d.TemplateName(-1));
            Assert.AreEqual(0, world.CreateDomain("plain").TemplateCount);
        }

        [Test]
        public void ATemplateDefinedByCallsGroundsLikeTheFile()
        {
            var d = world.LoadDomain(@"{""vars"": {""stock(bread)"": {""min"": 0, ""max"": 3}, ""stock(flour)"": {""min"": 0, ""max"": 3}},
                ""actions"": [], ""start"": {""road(mill,well)"": true, ""at(mill)"": true}}");
            d.AddObjects("place", "mill", "bakery", "well");
            d.AddObjects("item", "bread", "flour");
            var go = new TemplateDef("go({from},{to})")
                .Param("from", "place").Param("to", "place").Distinct("from", "to")
                .Where("road({from},{to})", true)
                .Pre("at({from})", true).Effect("at({from})", false).Effect("at({to})", true)
                .CostBy("to", "well", 2.5);
            Assert.AreEqual(0, d.AddTemplate(go));
            Assert.Throws<ArgumentException>(() => new TemplateDef("x({a},{b})").CostBy("a", "mill", 1).CostBy("b", "well", 2),
                "costs go by one parameter");
            var take = new TemplateDef("take({item})").Param("item", "item")
                .Pre("at(well)", true).VarPre("stock({item})", Compare.Lt, 3).VarEffect("stock({item})", VarOp.Add, 1);
            Assert.AreEqual(1, d.AddTemplate(take));
            var ids = d.TemplateGroundings(0);
            Assert.AreEqual(1, ids.Length);
            Assert.AreEqual("go(mill,well)", d.ActionName(ids[0]));
            Assert.AreEqual(d.FindAction("take(flour)"), d.TemplateFind(1, "flour"));
            Assert.AreEqual(2, d.TemplateGroundings(1).Length);
            Expect.Fails(Status.DuplicateName, "go(mill,well)", () => d.AddTemplate(go));
            Expect.Fails(Status.InvalidArgument, "\"town\"", () => d.AddTemplate(new TemplateDef("fly({x})").Param("x", "town")));
            Expect.Fails(Status.InvalidArgument, "not declared", () => d.AddTemplate(
                new TemplateDef("sell({item})").Param("item", "item").VarEffect("stok({item})", VarOp.Add, 1)));
            Expect.Fails(Status.InvalidArgument, "other objects", () => d.AddObjects("place", "mill"));
            Assert.Throws<ArgumentNullException>(() => d.AddObjects("place", "mill", null));
            Assert.AreEqual(2, d.TemplateCount);
        }
    }
}
