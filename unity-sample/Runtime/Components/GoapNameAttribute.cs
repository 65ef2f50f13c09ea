// Goap for Unity: name pickers for inspectors. C# 7.2 (Unity 2021.3+, Mono's mcs).
// Package-only code (not part of bindings/csharp): edit it here.
using System;
using UnityEngine;

namespace Goap
{
    /// <summary>Which names of a <see cref="GoapDomainAsset"/> a <see cref="GoapNameAttribute"/> offers.</summary>
    public enum GoapNameKind { Fact = 0, Var = 1, Action = 2, Goal = 3 }

    /// <summary>
    /// Marks a string field (or a string array or list) as a name from a domain asset: the
    /// inspector shows a drop-down of the asset's names instead of a text box, and flags a
    /// name the asset lacks. The asset is the <see cref="GoapDomainAsset"/> field named
    /// <see cref="DomainField"/> on the same object, or, when that is empty or unset, the
    /// domain asset of a <see cref="GoapAgentBehaviour"/> on the same GameObject.
    /// </summary>
    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class GoapNameAttribute : PropertyAttribute
    {
        /// <summary>Which names are offered.</summary>
        public readonly GoapNameKind Kind;
        /// <summary>The serialized field holding the domain asset, or null (see the class).</summary>
        public readonly string DomainField;

        /// <summary>Offers names of <paramref name="kind"/> from the asset in field <paramref name="domainField"/>.</summary>
        public GoapNameAttribute(GoapNameKind kind, string domainField = null)
        {
            Kind = kind;
            DomainField = domainField;
        }
    }
}
