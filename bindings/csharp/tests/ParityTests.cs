// Parity of the idiomatic layer with the generated raw layer: every public enum of Goap has
// exactly the values (and names, ignoring case) of its Goap.Native counterpart (ReplanCause
// has one extra, None = 0), the value structs passed to native code by pointer have the size
// and field offsets of the native structs, and the result structs copy every native field.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using Goap.Native;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class ParityTests
    {
        public static readonly object[] EnumPairs =
        {
            new object[] { typeof(Status), typeof(GoapStatus) },
            new object[] { typeof(Heuristic), typeof(GoapHeuristic) },
            new object[] { typeof(Outcome), typeof(GoapOutcome) },
            new object[] { typeof(Compare), typeof(GoapCompare) },
            new object[] { typeof(VarOp), typeof(GoapVarOp) },
            new object[] { typeof(Overflow), typeof(GoapOverflow) },
            new object[] { typeof(StepKind), typeof(GoapStepKind) },
            new object[] { typeof(ActionReport), typeof(GoapReport) },
            new object[] { typeof(ReplanCause), typeof(GoapReplanCause) },
            new object[] { typeof(ReplanResult), typeof(GoapReplanResult) },
            new object[] { typeof(ExplainFormat), typeof(GoapExplainFormat) },
        };

        static SortedDictionary<long, string> Members(Type e)
        {
            var d = new SortedDictionary<long, string>();
            foreach (var f in e.GetFields(BindingFlags.Public | BindingFlags.Static))
                d.Add(Convert.ToInt64(f.GetRawConstantValue()), f.Name.ToLowerInvariant());
            return d;
        }

        [Test, TestCaseSource("EnumPairs")]
        public void EnumMatchesItsNativeCounterpart(Type wrapper, Type native)
        {
            var w = Members(wrapper);
            var n = Members(native);
            if (wrapper == typeof(ReplanCause))
            {
                Assert.AreEqual("none", w[0], "ReplanCause.None = 0 (before the first replan)");
                Assert.IsFalse(n.ContainsKey(0));
                w.Remove(0);
            }
            CollectionAssert.AreEqual(n.Keys.ToArray(), w.Keys.ToArray(), wrapper.Name + " values");
            CollectionAssert.AreEqual(n.Values.ToArray(), w.Values.ToArray(), wrapper.Name + " names");
            Assert.AreEqual(Marshal.SizeOf(Enum.GetUnderlyingType(native)), Marshal.SizeOf(Enum.GetUnderlyingType(wrapper)), "underlying size");
        }

        [Test]
        public void EveryPublicEnumIsCovered()
        {
            var covered = new HashSet<Type>(EnumPairs.Select(p => (Type)((object[])p)[0]));
            foreach (var t in typeof(World).Assembly.GetExportedTypes())
                if (t.IsEnum && t.Namespace == "Goap") Assert.IsTrue(covered.Contains(t), t + " has no parity test");
            var nativeCovered = new HashSet<Type>(EnumPairs.Select(p => (Type)((object[])p)[1]));
            foreach (var t in typeof(World).Assembly.GetTypes())
                if (t.IsEnum && t.Namespace == "Goap.Native") Assert.IsTrue(nativeCovered.Contains(t), t + " has no wrapper enum");
        }

        public static readonly object[] StructPairs =
        {
            new object[] { typeof(FactValue), typeof(GoapFactValue) },
            new object[] { typeof(VarValue), typeof(GoapVarValue) },
            new object[] { typeof(VarCondition), typeof(GoapVarCondition) },
            new object[] { typeof(VarEffect), typeof(GoapVarEffect) },
        };

        [Test, TestCaseSource("StructPairs")]
        public void StructHasTheNativeLayout(Type wrapper, Type native)
        {
            Assert.AreEqual(Marshal.SizeOf(native), Marshal.SizeOf(wrapper), "Marshal.SizeOf");
            var wf = wrapper.GetFields(BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public);
            var nf = native.GetFields(BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public);
            Assert.AreEqual(nf.Length, wf.Length, "field count");
            for (int k = 0; k < nf.Length; k++)
            {
                Assert.AreEqual(Marshal.SizeOf(nf[k].FieldType.IsEnum ? Enum.GetUnderlyingType(nf[k].FieldType) : nf[k].FieldType),
                    Marshal.SizeOf(wf[k].FieldType.IsEnum ? Enum.GetUnderlyingType(wf[k].FieldType) : wf[k].FieldType), wf[k].Name + " size");
                Assert.AreEqual(Marshal.OffsetOf(native, nf[k].Name), Marshal.OffsetOf(wrapper, wf[k].Name), wf[k].Name + " offset");
            }
        }

        [Test]
        public unsafe void StructValuesReachNativeCodeIntact()
        {
            // The same bits, read through the native type.
            var fv = new FactValue(new FactId(0x1122334455667788), true);
            var nfv = *(GoapFactValue*)&fv;
            Assert.AreEqual(0x1122334455667788UL, nfv.fact);
            Assert.AreEqual(1, nfv.value);
            var vc = new VarCondition(new VarId(42), Compare.Ge, -7);
            var nvc = *(GoapVarCondition*)&vc;
            Assert.AreEqual(42UL, nvc.var);
            Assert.AreEqual((int)GoapCompare.Ge, nvc.op);
            Assert.AreEqual(-7, nvc.value);
            var ve = new VarEffect(new VarId(9), VarOp.Sub, 3);
            var nve = *(GoapVarEffect*)&ve;
            Assert.AreEqual(9UL, nve.var);
            Assert.AreEqual((int)GoapVarOp.Sub, nve.op);
            Assert.AreEqual(3, nve.value);
            var vv = new VarValue(new VarId(5), int.MinValue);
            var nvv = *(GoapVarValue*)&vv;
            Assert.AreEqual(5UL, nvv.var);
            Assert.AreEqual(int.MinValue, nvv.value);
        }

        public static readonly object[] ResultPairs =
        {
            // wrapper struct, native struct, native fields deliberately not copied
            new object[] { typeof(AgentStep), typeof(GoapStep), new string[0] },
            new object[] { typeof(AgentInfo), typeof(GoapAgentInfo), new string[0] },
            new object[] { typeof(ReplanEvent), typeof(GoapReplanEvent), new string[0] },
            new object[] { typeof(BatchStats), typeof(GoapBatchStats), new string[0] },
            new object[] { typeof(CacheStats), typeof(GoapCacheStats), new string[0] },
            new object[] { typeof(PlanResult), typeof(GoapPlanResult), new[] { "action_count" } },
            new object[] { typeof(WorldSettings), typeof(GoapWorldDef), new[] { "cookie" } },
            new object[] { typeof(BatchOptions), typeof(GoapBatchOptions), new[] { "cookie" } },
            new object[] { typeof(PlanOptions), typeof(GoapPlanOptions), new[] { "cookie" } },
            new object[] { typeof(AgentSettings), typeof(GoapAgentDef), new[] { "cookie" } },
        };

        [Test, TestCaseSource("ResultPairs")]
        public void WrapperStructsCarryEveryNativeField(Type wrapper, Type native, string[] skipped)
        {
            // Names compared without underscores or case: plan_len ~ PlanLength is the one
            // abbreviation, handled below.
            Func<string, string> norm = s => s.Replace("_", "").ToLowerInvariant().Replace("length", "len");
            var have = new HashSet<string>(wrapper.GetFields(BindingFlags.Instance | BindingFlags.Public).Select(f => norm(f.Name)));
            foreach (var f in native.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (skipped.Contains(f.Name)) continue;
                Assert.IsTrue(have.Contains(norm(f.Name)), wrapper.Name + " lacks native field " + f.Name);
            }
        }
    }
}
