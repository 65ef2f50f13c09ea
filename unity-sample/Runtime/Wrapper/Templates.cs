// Goap C# wrapper: a domain's action templates (the parametric actions of its file), read
// back through the library.
// C# 7.2. Copied into the Unity package by scripts/unity-sync-wrapper.sh; edit it here.
using System;
using Goap.Native;

namespace Goap
{
    public readonly unsafe partial struct Domain
    {
        /// <summary>How many action templates (parametric actions) the domain's file had.</summary>
        public int TemplateCount
        {
            get
            {
                uint n;
                GoapWorld* w = EnterWorld();
                try { Errors.Check(NativeMethods.goap_domain_template_count(w, Id.Native, &n)); }
                finally { World.Exit(); }
                return (int)n;
            }
        }

        /// <summary>Template <paramref name="index"/>'s name with its parameters, such as <c>go({from},{to})</c>.</summary>
        public string TemplateName(int index) { return TemplateString(TemplateIndex(index), -1); }

        /// <summary>The name of parameter <paramref name="param"/> of template <paramref name="index"/>.</summary>
        public string TemplateParamName(int index, int param)
        {
            if (param < 0) throw new ArgumentOutOfRangeException("param");
            return TemplateString(TemplateIndex(index), param);
        }

        /// <summary>Template <paramref name="index"/>'s parameter count.</summary>
        public int TemplateParamCount(int index) { return (int)TemplateInfo(index).param_count; }

        /// <summary>Template <paramref name="index"/>'s ground actions, first parameter slowest.</summary>
        public ActionId[] TemplateGroundings(int index)
        {
            uint i = TemplateIndex(index);
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try { return NativeList.Read<ActionId>((p, cap, n) => NativeMethods.goap_domain_template_groundings((GoapWorld*)w, d, i, (GoapActionId*)p, cap, (uint*)n)); }
            finally { World.Exit(); }
        }

        /// <summary>
        /// The ground action of template <paramref name="index"/> for the objects <paramref name="args"/>,
        /// one per parameter; throws (<see cref="Status.NotFound"/>) when there is none.
        /// </summary>
        public ActionId TemplateFind(int index, params string[] args)
        {
            uint i = TemplateIndex(index);
            if (args == null) throw new ArgumentNullException("args");
            var bytes = new byte[args.Length][];
            var lengths = new uint[args.Length];
            for (int k = 0; k < args.Length; k++)
            {
                // Its own array per argument (Utf8.Encode reuses a per-thread buffer).
                if (args[k] == null) throw new ArgumentNullException("args");
                bytes[k] = System.Text.Encoding.UTF8.GetBytes(args[k]);
                lengths[k] = (uint)bytes[k].Length;
            }
            var handles = new System.Runtime.InteropServices.GCHandle[args.Length];
            var strings = new GoapString[args.Length];
            GoapActionId found;
            GoapWorld* w = EnterWorld();
            try
            {
                for (int k = 0; k < args.Length; k++)
                {
                    handles[k] = System.Runtime.InteropServices.GCHandle.Alloc(bytes[k], System.Runtime.InteropServices.GCHandleType.Pinned);
                    strings[k].text = (byte*)handles[k].AddrOfPinnedObject();
                    strings[k].len = lengths[k];
                }
                fixed (GoapString* s = strings)
                    Errors.Check(NativeMethods.goap_domain_template_find(w, Id.Native, i, s, (uint)args.Length, &found));
            }
            finally
            {
                foreach (var h in handles) if (h.IsAllocated) h.Free();
                World.Exit();
            }
            return new ActionId(found);
        }

        GoapTemplateInfo TemplateInfo(int index)
        {
            uint i = TemplateIndex(index);
            GoapTemplateInfo info = default(GoapTemplateInfo);
            info.size = (uint)sizeof(GoapTemplateInfo);
            GoapWorld* w = EnterWorld();
            try { Errors.Check(NativeMethods.goap_domain_template_info(w, Id.Native, i, &info)); }
            finally { World.Exit(); }
            return info;
        }

        /// <summary>Template <paramref name="index"/>'s name (param &lt; 0) or a parameter's name.</summary>
        string TemplateString(uint index, int param)
        {
            var w = (IntPtr)EnterWorld();
            GoapDomainId d = Id.Native;
            try
            {
                return NativeList.ReadString((p, cap, n) => param < 0
                    ? NativeMethods.goap_domain_template_name((GoapWorld*)w, d, index, (byte*)p, cap, (uint*)n)
                    : NativeMethods.goap_domain_template_param_name((GoapWorld*)w, d, index, (uint)param, (byte*)p, cap, (uint*)n));
            }
            finally { World.Exit(); }
        }

        static uint TemplateIndex(int index)
        {
            if (index < 0) throw new ArgumentOutOfRangeException("index", index, "a template index is 0 or more");
            return (uint)index;
        }
    }
}
