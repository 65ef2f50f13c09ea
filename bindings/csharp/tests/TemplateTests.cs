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
    }
}
