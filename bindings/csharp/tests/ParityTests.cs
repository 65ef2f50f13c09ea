// Parity of the idiomatic layer with the generated raw layer: every public enum of Goap has
// exactly the values (and names, ignoring case) of its Goap.Native counterpart (ReplanCause
// has one extra, None = 0), the value structs passed to native code by pointer have the size
// and field offsets of the native structs, every native id struct (GoapFactId ... GoapGoalId,
// one uint64 `bits`) has a wrapper id of its layout whose conversions keep the bits, and the
// wrapper's conversions copy the value of
// every field: native results into wrapper structs, wrapper settings and options into the
// native structs (each filled with distinct values by reflection and run through the
// conversion the wrapper itself calls).
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
            new object[] { typeof(Direction), typeof(GoapDirection) },
            new object[] { typeof(Outcome), typeof(GoapOutcome) },
            new object[] { typeof(Compare), typeof(GoapCompare) },
            new object[] { typeof(VarOp), typeof(GoapVarOp) },
            new object[] { typeof(Overflow), typeof(GoapOverflow) },
            new object[] { typeof(StepKind), typeof(GoapStepKind) },
            new object[] { typeof(ActionReport), typeof(GoapReport) },
            new object[] { typeof(ReplanCause), typeof(GoapReplanCause) },
            new object[] { typeof(ReplanResult), typeof(GoapReplanResult) },
            new object[] { typeof(ExplainFormat), typeof(GoapExplainFormat) },
            new object[] { typeof(LogLevel), typeof(GoapLogLevel) },
            new object[] { typeof(TraceEnd), typeof(GoapTraceEnd) },
            new object[] { typeof(Severity), typeof(GoapSeverity) },
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
            new object[] { typeof(DomainId), typeof(GoapDomainId) },
            new object[] { typeof(FactId), typeof(GoapFactId) },
            new object[] { typeof(VarId), typeof(GoapVarId) },
            new object[] { typeof(ActionId), typeof(GoapActionId) },
            new object[] { typeof(AgentId), typeof(GoapAgentId) },
            new object[] { typeof(GoalId), typeof(GoapGoalId) },
        };

        /// <summary>The wrapper id of each native id struct.</summary>
        public static readonly object[] IdPairs = StructPairs.Where(p => ((Type)((object[])p)[1]).Name.EndsWith("Id")).ToArray();

        [Test]
        public void EveryNativeIdHasAWrapperId()
        {
            Assert.AreEqual(6, IdPairs.Length, "domain, fact, var, action, agent, goal");
            var covered = new HashSet<Type>(IdPairs.Select(p => (Type)((object[])p)[1]));
            int found = 0;
            foreach (var t in typeof(World).Assembly.GetTypes())
            {
                if (!t.IsValueType || t.IsEnum || t.Namespace != "Goap.Native" || !t.Name.EndsWith("Id")) continue;
                found++;
                Assert.IsTrue(covered.Contains(t), t + " has no wrapper id in StructPairs");
                var fields = t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
                Assert.AreEqual(1, fields.Length, t + ": one field");
                Assert.AreEqual("bits", fields[0].Name, t.Name);
                Assert.AreEqual(typeof(ulong), fields[0].FieldType, t.Name);
            }
            Assert.AreEqual(6, found, "the native id structs were found");
        }

        [Test, TestCaseSource("IdPairs")]
        public void AnIdKeepsItsBitsThroughTheNativeConversions(Type wrapper, Type native)
        {
            // The wrapper's internal constructor from the native id and its Native property,
            // the two conversions its P/Invoke calls use; and the public Value.
            var fromNative = wrapper.GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, null, new[] { native }, null);
            Assert.IsNotNull(fromNative, wrapper.Name + ": internal constructor from " + native.Name);
            var toNative = wrapper.GetProperty("Native", BindingFlags.Instance | BindingFlags.NonPublic);
            Assert.IsNotNull(toNative, wrapper.Name + ".Native");
            Assert.AreEqual(native, toNative.PropertyType);
            var value = wrapper.GetField("Value", BindingFlags.Instance | BindingFlags.Public);
            Assert.IsNotNull(value, wrapper.Name + ".Value");
            var bits = native.GetField("bits");
            foreach (var b in new[] { 0UL, 1UL, 0x1_0000_0001UL, 0x8877_6655_4433_2211UL, ulong.MaxValue })
            {
                object n = Activator.CreateInstance(native);
                bits.SetValue(n, b);
                var w = fromNative.Invoke(new[] { n });
                Assert.AreEqual(b, value.GetValue(w), wrapper.Name + " from " + native.Name);
                Assert.AreEqual(b, bits.GetValue(toNative.GetValue(w, null)), wrapper.Name + ".Native");
                Assert.AreEqual(b == 0, w.Equals(Activator.CreateInstance(wrapper)), "only the null bits equal the default");
            }
        }

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
            Assert.AreEqual(0x1122334455667788UL, nfv.fact.bits);
            Assert.AreEqual(1, nfv.value);
            var vc = new VarCondition(new VarId(42), Compare.Ge, -7);
            var nvc = *(GoapVarCondition*)&vc;
            Assert.AreEqual(42UL, nvc.var.bits);
            Assert.AreEqual((int)GoapCompare.Ge, nvc.op);
            Assert.AreEqual(-7, nvc.value);
            var ve = new VarEffect(new VarId(9), VarOp.Sub, 3);
            var nve = *(GoapVarEffect*)&ve;
            Assert.AreEqual(9UL, nve.var.bits);
            Assert.AreEqual((int)GoapVarOp.Sub, nve.op);
            Assert.AreEqual(3, nve.value);
            var vv = new VarValue(new VarId(5), int.MinValue);
            var nvv = *(GoapVarValue*)&vv;
            Assert.AreEqual(5UL, nvv.var.bits);
            Assert.AreEqual(int.MinValue, nvv.value);
        }

        public static readonly object[] ResultPairs =
        {
            // wrapper struct, native struct, native fields deliberately not copied. Results
            // convert by an internal constructor from the native struct; settings and options
            // by an internal ToNative() (their skipped cookie comes from the native default;
            // a result's size is the wrapper's own, set before each call).
            new object[] { typeof(AgentStep), typeof(GoapStep), new[] { "size" } },
            new object[] { typeof(AgentInfo), typeof(GoapAgentInfo), new[] { "size" } },
            new object[] { typeof(ReplanEvent), typeof(GoapReplanEvent), new[] { "size" } },
            new object[] { typeof(BatchStats), typeof(GoapBatchStats), new[] { "size" } },
            new object[] { typeof(CacheStats), typeof(GoapCacheStats), new[] { "size" } },
            new object[] { typeof(RecordStats), typeof(GoapRecordStats), new[] { "size" } },
            new object[] { typeof(ReplaySummary), typeof(GoapReplaySummary), new[] { "size" } },
            new object[] { typeof(PlanResult), typeof(GoapPlanResult), new[] { "size", "action_count" } },
            // The task callbacks come from WorldSettings.TaskSystem (TaskSystemTests).
            new object[] { typeof(WorldSettings), typeof(GoapWorldDef), new[] { "cookie", "enqueue_task", "finish_task", "user_task_context" } },
            new object[] { typeof(BatchOptions), typeof(GoapBatchOptions), new[] { "cookie" } },
            new object[] { typeof(PlanOptions), typeof(GoapPlanOptions), new[] { "cookie" } },
            new object[] { typeof(AgentSettings), typeof(GoapAgentDef), new[] { "cookie" } },
        };

        // Field names compared without underscores or case: plan_len ~ PlanLength is the one
        // abbreviation.
        static string Norm(string s) { return s.Replace("_", "").ToLowerInvariant().Replace("length", "len"); }

        [Test, TestCaseSource("ResultPairs")]
        public void WrapperStructsCarryEveryNativeField(Type wrapper, Type native, string[] skipped)
        {
            Library.EnsureLoaded();
            // An interface field (WorldSettings.TaskSystem) is carried by native callbacks, not
            // by a field of the same name: TaskSystemTests covers it.
            var wrapperFields = wrapper.GetFields(BindingFlags.Instance | BindingFlags.Public)
                .Where(f => !f.FieldType.IsInterface).ToArray();
            var nativeFields = native.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
            // The native field of each wrapper field; none for the skipped ones.
            var counterpart = new Dictionary<FieldInfo, FieldInfo>();
            foreach (var n in nativeFields)
            {
                if (skipped.Contains(n.Name)) continue;
                var w = wrapperFields.FirstOrDefault(f => Norm(f.Name) == Norm(n.Name));
                Assert.IsNotNull(w, wrapper.Name + " lacks native field " + n.Name);
                Assert.IsFalse(counterpart.ContainsKey(w), wrapper.Name + "." + w.Name + " matches two native fields");
                counterpart[w] = n;
            }
            foreach (var w in wrapperFields)
                Assert.IsTrue(counterpart.ContainsKey(w), wrapper.Name + "." + w.Name + " has no native field");

            // The conversion the wrapper's own code calls.
            var fromNative = wrapper.GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, null, new[] { native }, null);
            var toNative = wrapper.GetMethod("ToNative", BindingFlags.Instance | BindingFlags.NonPublic, null, Type.EmptyTypes, null);
            Assert.IsTrue((fromNative == null) != (toNative == null),
                wrapper.Name + ": needs exactly one of an internal constructor from " + native.Name + " and an internal ToNative()");
            var nativeDefault = NativeDefault(native, toNative != null);

            // Two passes with other values: a bool sees 0 and nonzero, and a field copied from
            // the wrong source cannot match by coincidence.
            for (int pass = 0; pass < 2; pass++)
            {
                object n, w;
                int k = 0, bools = 0;
                if (fromNative != null)
                {
                    n = Activator.CreateInstance(native);
                    foreach (var f in nativeFields)
                    {
                        var wf = counterpart.FirstOrDefault(c => c.Value == f).Key;
                        long v = Distinct(pass, k++);
                        if (wf != null && wf.FieldType == typeof(bool) && bools++ % 2 == pass) v = 0;
                        f.SetValue(n, NativeValue(f.FieldType, v));
                    }
                    w = fromNative.Invoke(new[] { n });
                }
                else
                {
                    w = Activator.CreateInstance(wrapper);
                    foreach (var f in wrapperFields)
                    {
                        object usual = counterpart[f].GetValue(nativeDefault);
                        object value = f.FieldType == typeof(bool)
                            ? bools++ % 2 != pass
                            : WrapperValue(f.FieldType, pass, k++, usual);
                        if (!(value is bool))
                            Assert.AreNotEqual(Number(usual), Number(value), f.Name + ": a test value other than the default");
                        f.SetValue(w, value);
                    }
                    n = toNative.Invoke(w, null);
                    foreach (var f in nativeFields)
                        if (f.Name == "cookie")
                        {
                            Assert.AreNotEqual(f.GetValue(Activator.CreateInstance(native)), f.GetValue(nativeDefault), native.Name + "." + f.Name + " is set by the default");
                            Assert.AreEqual(f.GetValue(nativeDefault), f.GetValue(n), native.Name + "." + f.Name + " kept from the native default");
                        }
                }

                foreach (var c in counterpart)
                {
                    object wv = c.Key.GetValue(w), nv = c.Value.GetValue(n);
                    var label = wrapper.Name + "." + c.Key.Name + (fromNative != null ? " from " : " to ") + native.Name + "." + c.Value.Name + " (pass " + pass + ")";
                    if (wv is bool)
                    {
                        // Native booleans are 0 or 1 going in (goap.h rejects other values), nonzero coming out.
                        if (fromNative != null) Assert.AreEqual(Number(nv) != 0, (bool)wv, label);
                        else Assert.AreEqual((bool)wv ? 1m : 0m, Number(nv), label);
                    }
                    else Assert.AreEqual(Number(nv), Number(wv), label);
                }
            }
        }

        // Called directly: Mono cannot call a P/Invoke returning a small struct by reflection.
        static readonly Dictionary<Type, Func<object>> NativeDefaults = new Dictionary<Type, Func<object>>
        {
            { typeof(GoapWorldDef), () => NativeMethods.goap_world_def_default() },
            { typeof(GoapBatchOptions), () => NativeMethods.goap_batch_options_default() },
            { typeof(GoapPlanOptions), () => NativeMethods.goap_plan_options_default() },
            { typeof(GoapAgentDef), () => NativeMethods.goap_agent_def_default() },
        };

        /// <summary>The native struct from its goap_*_default() (settings and options), else all zeros.</summary>
        static object NativeDefault(Type native, bool hasDefault)
        {
            if (!hasDefault) return Activator.CreateInstance(native);
            Assert.IsTrue(NativeDefaults.ContainsKey(native), native.Name + ": add its goap_*_default() to NativeDefaults");
            return NativeDefaults[native]();
        }

        /// <summary>Test value <paramref name="k"/> of a pass: positive, distinct within and across passes.</summary>
        static long Distinct(int pass, int k) { return (pass + 1) * 100000L + (k + 1) * 1000L; }

        /// <summary><paramref name="v"/> as a native field's type; 64-bit values above 2^32, so a truncation shows.</summary>
        static object NativeValue(Type t, long v)
        {
            if (t == typeof(int)) return (int)v;
            if (t == typeof(uint)) return (uint)v;
            if (t == typeof(long)) return (v << 33) + v;
            if (t == typeof(ulong)) return ((ulong)v << 33) + (ulong)v;
            // Not a float: a narrowing to float would change it.
            if (t == typeof(double)) return v + 0.1;
            // A native id struct (GoapFactId ... GoapGoalId): its one field, `bits`.
            var inner = IdField(t);
            if (inner != null)
            {
                object id = Activator.CreateInstance(t);
                inner.SetValue(id, NativeValue(inner.FieldType, v));
                return id;
            }
            Assert.Fail("no test value for a native " + t.Name);
            return null;
        }

        /// <summary>
        /// A valid value of a wrapper field's type for test value <paramref name="k"/> of a pass:
        /// an id wraps a number, an enum takes one of its values other than
        /// <paramref name="usual"/> (another in each pass).
        /// </summary>
        static object WrapperValue(Type t, int pass, int k, object usual)
        {
            if (t.IsEnum)
            {
                var values = Enum.GetValues(t).Cast<object>().Where(e => Number(e) != Number(usual)).ToArray();
                Assert.Greater(values.Length, 1, t.Name + ": two values other than the default");
                return values[(k + pass) % values.Length];
            }
            long v = Distinct(pass, k);
            var inner = IdField(t);
            if (inner != null)
                return Activator.CreateInstance(t, NativeValue(inner.FieldType, v));
            return NativeValue(t, v);
        }

        /// <summary>The one field of an id struct (ActionId.Value, GoalId.Value, GoapActionId.bits...), else null.</summary>
        static FieldInfo IdField(Type t)
        {
            if (!t.IsValueType || t.IsPrimitive || t.IsEnum) return null;
            var fields = t.GetFields(BindingFlags.Instance | BindingFlags.Public);
            return fields.Length == 1 ? fields[0] : null;
        }

        /// <summary>A field's value as a number: an enum's underlying value, an id's value, any integer width, a double.</summary>
        static decimal Number(object o)
        {
            Assert.IsNotNull(o);
            var t = o.GetType();
            if (t.IsEnum) return Convert.ToDecimal(Convert.ChangeType(o, Enum.GetUnderlyingType(t)));
            var inner = IdField(t);
            if (inner != null) return Number(inner.GetValue(o));
            if (t == typeof(bool)) Assert.Fail("a bool is not a number");
            return Convert.ToDecimal(o);
        }
    }
}
