// Checking a domain file without loading it (Validator.Validate): errors and lint warnings
// with line and column.
using System;
using System.Linq;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class ValidateTests
    {
        const string Lint = "{\"actions\": [\n" +
            "  {\"name\": \"chop\", \"pre\": {\"has_ax\": true}, \"effects\": {\"wood\": true}},\n" +
            "  {\"name\": \"sneak\", \"pre\": {\"alarm\": false}}],\n" +
            " \"start\": {\"alarm\": true},\n" +
            " \"goals\": [{\"name\": \"rest\", \"priority\": 1, \"conditions\": {\"asleep\": true}}]}";

        [Test]
        public void AGoodFileHasNoDiagnostics()
        {
            Assert.AreEqual(0, Validator.Validate(Domains.Read("kitchen.json")).Length);
            Assert.AreEqual(0, Validator.Validate("{\"actions\": []}").Length);
        }

        [Test]
        public void AParseErrorIsOneDiagnosticWithItsPosition()
        {
            var d = Validator.Validate("{\n  \"actions\": [\n    {\"name\": \"a\",}\n  ]\n}");
            Assert.AreEqual(1, d.Length);
            Assert.AreEqual(Severity.Error, d[0].Severity);
            Assert.AreEqual(3, d[0].Line);
            Assert.AreEqual(18, d[0].Column);
            StringAssert.Contains("trailing comma", d[0].Message);
            StringAssert.StartsWith("3:18: error: ", d[0].ToString());
            // Not JSON at all, and empty text: a diagnostic, never an exception.
            Assert.AreEqual(Severity.Error, Validator.Validate("").Single().Severity);
            Assert.AreEqual(Severity.Error, Validator.Validate("not json").Single().Severity);
        }

        [Test]
        public void AnUnknownFactInAPreconditionWarnsAtItsAction()
        {
            var d = Validator.Validate(Lint);
            Assert.AreEqual(3, d.Length, string.Join("\n", d.Select(x => x.ToString()).ToArray()));
            Assert.IsTrue(d.All(x => x.Severity == Severity.Warning));
            Assert.AreEqual(2, d[0].Line);
            Assert.AreEqual(12, d[0].Column);
            StringAssert.StartsWith("fact \"has_ax\" must be true for action \"chop\"", d[0].Message);
            StringAssert.StartsWith("2:12: warning: fact \"has_ax\"", d[0].ToString());
            Assert.AreEqual(3, d[1].Line);
            StringAssert.Contains("action \"sneak\"", d[1].Message);
        }

        [Test]
        public void AWarningInAGoalsEntryIsPlacedAtIt()
        {
            var d = Validator.Validate(Lint);
            Assert.AreEqual(5, d[2].Line);
            Assert.AreEqual(21, d[2].Column);
            StringAssert.Contains("goals entry \"rest\"", d[2].Message);
        }

        [Test]
        public void ColumnsCountCharactersNotBytes()
        {
            // "砍树" is 6 bytes in UTF-8 but 2 characters.
            var d = Validator.Validate("{\"actions\": [\n  {\"name\": \"砍树\", \"cost\": -1}]}");
            Assert.AreEqual(1, d.Length);
            Assert.AreEqual(Severity.Error, d[0].Severity);
            Assert.AreEqual(2, d[0].Line);
            Assert.AreEqual(27, d[0].Column);
            StringAssert.StartsWith("action \"砍树\": cost: -1 is invalid", d[0].Message);
            var w = Validator.Validate("{\"actions\": [{\"name\": \"砍树\", \"pre\": {\"有斧头\": true}}, {\"name\": \"烧火\", \"pre\": {\"有木头\": true}}]}");
            Assert.AreEqual(2, w.Length);
            Assert.AreEqual(61, w[1].Column);
        }

        [Test]
        public void NullThrows()
        {
            Assert.Throws<ArgumentNullException>(() => Validator.Validate(null));
        }

        [Test]
        public void ADiagnosticPrintsItsPosition()
        {
            Assert.AreEqual("0:0: warning: x", new Diagnostic(Severity.Warning, 0, 0, "x").ToString());
            Assert.AreEqual("", new Diagnostic(Severity.Error, 1, 1, null).Message);
        }
    }
}
