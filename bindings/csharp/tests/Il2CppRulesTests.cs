// The IL2CPP (and Burst) rules (the README's "Using it from Unity"), enforced by reflection
// over the wrapper assembly: delegates are named, non-generic and Cdecl; MonoPInvokeCallback methods
// are static and match their delegate's signature; delegates handed to native code live in
// static readonly fields and point at such methods; P/Invoke signatures are blittable and
// Cdecl. Each rule was seen to fail by breaking the wrapper locally (a generic delegate, a
// delegate without [UnmanagedFunctionPointer], an instance callback, a callback attributed
// with the wrong delegate type, a non-readonly delegate field, a delegate field pointing at
// an unattributed method, a DllImport with a bool parameter, a string return, a struct with
// a bool field, or StdCall).
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class Il2CppRulesTests
    {
        const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                                 BindingFlags.Instance | BindingFlags.DeclaredOnly;

        static Assembly Wrapper { get { return typeof(World).Assembly; } }

        static IEnumerable<Type> Types { get { return Wrapper.GetTypes(); } }

        static bool IsDelegate(Type t) { return typeof(Delegate).IsAssignableFrom(t) && t != typeof(Delegate) && t != typeof(MulticastDelegate); }

        static bool HasCallbackAttribute(MethodInfo m)
        {
            return m.GetCustomAttributesData().Any(a => a.Constructor.DeclaringType.Name == "MonoPInvokeCallbackAttribute");
        }

        static IEnumerable<MethodInfo> AllMethods
        {
            get { return Types.SelectMany(t => t.GetMethods(All)); }
        }

        [Test]
        public void DelegatesAreNonGenericAndCdecl()
        {
            var delegates = Types.Where(IsDelegate).ToList();
            Assert.GreaterOrEqual(delegates.Count, 2, "the callback delegates were found");
            foreach (var d in delegates)
            {
                Assert.IsFalse(d.IsGenericType || d.ContainsGenericParameters, d + " is generic");
                Assert.IsFalse(d.IsNested && d.DeclaringType.IsGenericType, d + " is nested in a generic type");
                var attr = (UnmanagedFunctionPointerAttribute)Attribute.GetCustomAttribute(d, typeof(UnmanagedFunctionPointerAttribute));
                Assert.IsNotNull(attr, d + " lacks [UnmanagedFunctionPointer]");
                Assert.AreEqual(CallingConvention.Cdecl, attr.CallingConvention, d.ToString());
            }
        }

        [Test]
        public void CallbackMethodsAreStaticAndMatchTheirDelegate()
        {
            var callbacks = AllMethods.Where(HasCallbackAttribute).ToList();
            Assert.GreaterOrEqual(callbacks.Count, 2, "the callback methods were found");
            foreach (var m in callbacks)
            {
                var name = m.DeclaringType + "." + m.Name;
                Assert.IsTrue(m.IsStatic, name + " is not static");
                Assert.IsFalse(m.IsGenericMethod || m.DeclaringType.IsGenericType, name + " is generic");
                var data = m.GetCustomAttributesData().First(a => a.Constructor.DeclaringType.Name == "MonoPInvokeCallbackAttribute");
                Assert.AreEqual(1, data.ConstructorArguments.Count, name);
                var type = data.ConstructorArguments[0].Value as Type;
                Assert.IsNotNull(type, name + ": the attribute's argument is not a type");
                Assert.IsTrue(IsDelegate(type), name + ": " + type + " is not a delegate type");
                var invoke = type.GetMethod("Invoke");
                Assert.AreEqual(invoke.ReturnType, m.ReturnType, name + ": return type vs " + type);
                CollectionAssert.AreEqual(
                    invoke.GetParameters().Select(p => p.ParameterType).ToArray(),
                    m.GetParameters().Select(p => p.ParameterType).ToArray(),
                    name + ": parameters vs " + type);
            }
        }

        [Test]
        public void DelegateFieldsAreStaticReadonlyAndPointAtCallbacks()
        {
            int found = 0;
            foreach (var t in Types)
            {
                foreach (var f in t.GetFields(All))
                {
                    if (!IsDelegate(f.FieldType)) continue;
                    var name = t + "." + f.Name;
                    // A compiler's lambda cache is not handed to native code (none exists today).
                    if (f.IsDefined(typeof(CompilerGeneratedAttribute), false)) continue;
                    Assert.IsTrue(f.IsStatic, name + " is an instance field: native code could outlive its object");
                    Assert.IsTrue(f.IsInitOnly, name + " is not readonly");
                    var value = (Delegate)f.GetValue(null);
                    Assert.IsNotNull(value, name + " is null");
                    Assert.IsTrue(HasCallbackAttribute(value.Method), name + " points at " + value.Method + ", which lacks [MonoPInvokeCallback]");
                    Assert.IsTrue(value.Method.IsStatic, name);
                    Assert.IsNull(value.Target, name + " has a target");
                    var data = value.Method.GetCustomAttributesData().First(a => a.Constructor.DeclaringType.Name == "MonoPInvokeCallbackAttribute");
                    Assert.AreEqual(f.FieldType, data.ConstructorArguments[0].Value, name + ": the callback is attributed with another delegate type");
                    found++;
                }
            }
            Assert.GreaterOrEqual(found, 2, "the callback delegate fields were found");
        }

        static string NotBlittable(Type t, int depth = 0)
        {
            if (t.IsByRef) return "by-ref " + t.GetElementType();
            if (t.IsPointer) return null;
            if (t.IsArray) return "array " + t;
            if (t == typeof(bool) || t == typeof(char) || t == typeof(string) || t == typeof(object)) return t.ToString();
            if (typeof(Delegate).IsAssignableFrom(t)) return "delegate " + t;
            if (typeof(SafeHandle).IsAssignableFrom(t)) return "SafeHandle " + t;
            if (t == typeof(void) || t == typeof(IntPtr) || t == typeof(UIntPtr)) return null;
            if (t.IsEnum) return NotBlittable(Enum.GetUnderlyingType(t), depth);
            if (t.IsPrimitive) return null;
            if (t.IsValueType && depth < 8)
            {
                foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
                {
                    var why = NotBlittable(f.FieldType, depth + 1);
                    if (why != null) return t + "." + f.Name + ": " + why;
                }
                return null;
            }
            return "reference type " + t;
        }

        [Test]
        public void PInvokeSignaturesAreBlittableAndCdecl()
        {
            var imports = AllMethods.Where(m => (m.Attributes & MethodAttributes.PinvokeImpl) != 0).ToList();
            Assert.Greater(imports.Count, 50, "the P/Invoke declarations were found");
            foreach (var m in imports)
            {
                var name = m.DeclaringType + "." + m.Name;
                var import = (DllImportAttribute)Attribute.GetCustomAttribute(m, typeof(DllImportAttribute));
                Assert.IsNotNull(import, name);
                Assert.AreEqual(CallingConvention.Cdecl, import.CallingConvention, name);
                var why = NotBlittable(m.ReturnType);
                Assert.IsNull(why, name + " returns " + why);
                foreach (var p in m.GetParameters())
                {
                    why = NotBlittable(p.ParameterType);
                    Assert.IsNull(why, name + "(" + p.Name + "): " + why);
                }
            }
        }

        [Test]
        public void TheCallbackAttributeIsTheOneIl2CppLooksFor()
        {
            // IL2CPP matches the attribute by its full name; outside Unity the wrapper declares it.
            var attr = Wrapper.GetType("AOT.MonoPInvokeCallbackAttribute");
            Assert.IsNotNull(attr, "AOT.MonoPInvokeCallbackAttribute");
            var ctor = attr.GetConstructor(new[] { typeof(Type) });
            Assert.IsNotNull(ctor, "a constructor taking the delegate type");
        }
    }
}
