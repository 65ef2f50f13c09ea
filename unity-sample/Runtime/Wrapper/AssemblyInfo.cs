// Goap C# wrapper: assembly attributes and the IL2CPP callback attribute outside Unity.
// C# 7.2 (Mono's mcs and Unity compile the same source). Copied into the Unity package by
// scripts/unity-sync-wrapper.sh; edit it here, in bindings/csharp/src.
using System;
using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("Goap.Tests")]

#if !UNITY_5_3_OR_NEWER
namespace AOT
{
    /// <summary>
    /// Outside Unity, a stand-in for Unity's <c>AOT.MonoPInvokeCallbackAttribute</c>: marks a
    /// static method that native code calls through a delegate of the given type. IL2CPP
    /// matches the attribute by name and needs it to generate the reverse P/Invoke wrapper.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        /// <summary>The delegate type native code calls the method through.</summary>
        public Type DelegateType { get; private set; }

        /// <summary>Marks a method called from native code through <paramref name="type"/>.</summary>
        public MonoPInvokeCallbackAttribute(Type type)
        {
            DelegateType = type;
        }
    }
}
#endif
