// Goap C# wrapper: a domain's action templates (parametric actions): defined by calls
// (AddObjects, AddTemplate with a TemplateDef) or read from its file, and read back.
// C# 7.2. Copied into the Unity package by scripts/unity-sync-wrapper.sh; edit it here.
using System;
using System.Collections.Generic;
using Goap.Native;

namespace Goap
{
    /// <summary>
    /// A template (parametric action) for <see cref="Domain.AddTemplate"/> (goap.h's GoapTemplateDef).
    /// The name, fact names and variable names may contain the parameters in braces
    /// (<c>go({from},{to})</c>, <c>at({to})</c>, <c>stock({item})</c>). Fill it with the chaining methods.
    /// </summary>
    public sealed class TemplateDef
    {
        /// <summary>The name with its parameters; every parameter should be in it.</summary>
        public string Name;
        /// <summary>The cost of groundings <see cref="CostBy"/> does not price: 0 to 1e12.</summary>
        public double Cost = 1;
        internal readonly List<string[]> Params = new List<string[]>();
        internal readonly List<string> DistinctParams = new List<string>();
        internal readonly List<KeyValuePair<string, bool>> WhereFacts = new List<KeyValuePair<string, bool>>();
        internal readonly List<KeyValuePair<string, bool>> PreFacts = new List<KeyValuePair<string, bool>>();
        internal readonly List<KeyValuePair<string, bool>> EffectFacts = new List<KeyValuePair<string, bool>>();
        internal readonly List<KeyValuePair<string, int[]>> VarPres = new List<KeyValuePair<string, int[]>>();
        internal readonly List<KeyValuePair<string, int[]>> VarEffects = new List<KeyValuePair<string, int[]>>();
        internal string CostByParam = "";
        internal readonly List<KeyValuePair<string, double>> Costs = new List<KeyValuePair<string, double>>();

        /// <summary>A template named <paramref name="name"/>, such as <c>go({from},{to})</c>.</summary>
        public TemplateDef(string name) { Name = name; }

        /// <summary>A template without a name yet (set <see cref="Name"/>).</summary>
        public TemplateDef() : this("") { }

        /// <summary>Adds a parameter over the objects of <paramref name="objectType"/> (<see cref="Domain.AddObjects"/>).</summary>
        public TemplateDef Param(string name, string objectType) { Params.Add(new[] { name, objectType }); return this; }
        /// <summary>These parameters name pairwise different objects.</summary>
        public TemplateDef Distinct(params string[] names) { DistinctParams.AddRange(names); return this; }
        /// <summary>Only choices where static fact <paramref name="fact"/> has <paramref name="value"/> in the domain's start state are grounded.</summary>
        public TemplateDef Where(string fact, bool value) { WhereFacts.Add(new KeyValuePair<string, bool>(fact, value)); return this; }
        /// <summary>A fact precondition.</summary>
        public TemplateDef Pre(string fact, bool value) { PreFacts.Add(new KeyValuePair<string, bool>(fact, value)); return this; }
        /// <summary>A fact effect.</summary>
        public TemplateDef Effect(string fact, bool value) { EffectFacts.Add(new KeyValuePair<string, bool>(fact, value)); return this; }
        /// <summary>A variable precondition.</summary>
        public TemplateDef VarPre(string var, Compare op, int value) { VarPres.Add(new KeyValuePair<string, int[]>(var, new[] { (int)op, value })); return this; }
        /// <summary>A variable effect.</summary>
        public TemplateDef VarEffect(string var, VarOp op, int value) { VarEffects.Add(new KeyValuePair<string, int[]>(var, new[] { (int)op, value })); return this; }
        /// <summary>Groundings whose parameter <paramref name="param"/> names <paramref name="obj"/> cost <paramref name="cost"/> (one parameter per template).</summary>
        public TemplateDef CostBy(string param, string obj, double cost)
        {
            if (CostByParam.Length > 0 && CostByParam != param)
                throw new ArgumentException("CostBy: costs are already given by parameter \"" + CostByParam + "\"; a template's costs go by one parameter", "param");
            CostByParam = param;
            Costs.Add(new KeyValuePair<string, double>(obj, cost));
            return this;
        }
    }

    /// <summary>The UTF-8 bytes of many strings in one array, pinned once, for definitions full of names.</summary>
    sealed class Utf8Pool
    {
        readonly List<byte> bytes = new List<byte>();
        readonly List<int> offsets = new List<int>();
        readonly List<int> lengths = new List<int>();

        /// <summary>Adds <paramref name="s"/>; returns its index for <see cref="At"/>.</summary>
        public int Add(string s, string what)
        {
            if (s == null) throw new ArgumentNullException(what);
            byte[] b = System.Text.Encoding.UTF8.GetBytes(s);
            offsets.Add(bytes.Count);
            lengths.Add(b.Length);
            bytes.AddRange(b);
            return offsets.Count - 1;
        }

        public byte[] ToArray() { return bytes.Count == 0 ? new byte[1] : bytes.ToArray(); }

        public unsafe GoapString At(byte* pinned, int index)
        {
            GoapString s;
            s.text = pinned + offsets[index];
            s.len = (uint)lengths[index];
            return s;
        }
    }

    public readonly unsafe partial struct Domain
    {
        /// <summary>Declares object type <paramref name="objectType"/> with its objects, for templates.</summary>
        public void AddObjects(string objectType, params string[] objects)
        {
            if (objects == null) throw new ArgumentNullException("objects");
            var pool = new Utf8Pool();
            int type = pool.Add(objectType, "objectType");
            foreach (string o in objects) pool.Add(o, "objects");
            byte[] bytes = pool.ToArray();
            var strings = new GoapString[objects.Length];
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* b = bytes)
                fixed (GoapString* s = strings)
                {
                    for (int k = 0; k < objects.Length; k++) strings[k] = pool.At(b, k + 1);
                    Errors.Check(NativeMethods.goap_domain_add_objects(w, Id.Native, pool.At(b, type), s, (uint)objects.Length));
                }
            }
            finally { World.Exit(); }
        }

        /// <summary>
        /// Grounds a template into ordinary actions of the domain (as a domain file's template grounds);
        /// returns its index for <see cref="TemplateName"/>, <see cref="TemplateGroundings"/>, <see cref="TemplateFind"/>.
        /// </summary>
        public int AddTemplate(TemplateDef def)
        {
            if (def == null) throw new ArgumentNullException("def");
            var pool = new Utf8Pool();
            int name = pool.Add(def.Name, "def.Name");
            int costBy = pool.Add(def.CostByParam, "def.CostBy");
            var paramNames = new int[def.Params.Count * 2];
            for (int k = 0; k < def.Params.Count; k++)
            {
                paramNames[2 * k] = pool.Add(def.Params[k][0], "def.Param");
                paramNames[2 * k + 1] = pool.Add(def.Params[k][1], "def.Param");
            }
            var distinct = new int[def.DistinctParams.Count];
            for (int k = 0; k < distinct.Length; k++) distinct[k] = pool.Add(def.DistinctParams[k], "def.Distinct");
            int[] where = Names(pool, def.WhereFacts), pre = Names(pool, def.PreFacts), effects = Names(pool, def.EffectFacts);
            int[] varPre = VarNames(pool, def.VarPres), varEffects = VarNames(pool, def.VarEffects);
            var costs = new int[def.Costs.Count];
            for (int k = 0; k < costs.Length; k++) costs[k] = pool.Add(def.Costs[k].Key, "def.CostBy");
            byte[] bytes = pool.ToArray();
            var cParams = new GoapTemplateParam[def.Params.Count];
            var cDistinct = new GoapString[distinct.Length];
            var cWhere = new GoapTemplateFact[where.Length];
            var cPre = new GoapTemplateFact[pre.Length];
            var cEffects = new GoapTemplateFact[effects.Length];
            var cVarPre = new GoapTemplateVar[varPre.Length];
            var cVarEffects = new GoapTemplateVar[varEffects.Length];
            var cCosts = new GoapObjectCost[costs.Length];
            var d = NativeMethods.goap_template_def_default();
            d.cost = def.Cost;
            uint index;
            GoapWorld* w = EnterWorld();
            try
            {
                fixed (byte* b = bytes)
                fixed (GoapTemplateParam* pp = cParams)
                fixed (GoapString* pd = cDistinct)
                fixed (GoapTemplateFact* pw = cWhere)
                fixed (GoapTemplateFact* ppre = cPre)
                fixed (GoapTemplateFact* pe = cEffects)
                fixed (GoapTemplateVar* pvp = cVarPre)
                fixed (GoapTemplateVar* pve = cVarEffects)
                fixed (GoapObjectCost* pc = cCosts)
                {
                    for (int k = 0; k < cParams.Length; k++)
                    {
                        cParams[k].name = pool.At(b, paramNames[2 * k]);
                        cParams[k].object_type = pool.At(b, paramNames[2 * k + 1]);
                    }
                    for (int k = 0; k < cDistinct.Length; k++) cDistinct[k] = pool.At(b, distinct[k]);
                    TemplateFacts(pool, b, where, def.WhereFacts, cWhere);
                    TemplateFacts(pool, b, pre, def.PreFacts, cPre);
                    TemplateFacts(pool, b, effects, def.EffectFacts, cEffects);
                    TemplateVars(pool, b, varPre, def.VarPres, cVarPre);
                    TemplateVars(pool, b, varEffects, def.VarEffects, cVarEffects);
                    for (int k = 0; k < cCosts.Length; k++)
                    {
                        cCosts[k].@object = pool.At(b, costs[k]);
                        cCosts[k].cost = def.Costs[k].Value;
                    }
                    d.name = pool.At(b, name);
                    d.@params = pp;
                    d.param_count = (uint)cParams.Length;
                    d.distinct = pd;
                    d.distinct_count = (uint)cDistinct.Length;
                    d.where_facts = pw;
                    d.where_count = (uint)cWhere.Length;
                    d.pre = ppre;
                    d.pre_count = (uint)cPre.Length;
                    d.effects = pe;
                    d.effect_count = (uint)cEffects.Length;
                    d.var_pre = pvp;
                    d.var_pre_count = (uint)cVarPre.Length;
                    d.var_effects = pve;
                    d.var_effect_count = (uint)cVarEffects.Length;
                    d.cost_by_param = pool.At(b, costBy);
                    d.cost_by = pc;
                    d.cost_by_count = (uint)cCosts.Length;
                    Errors.Check(NativeMethods.goap_domain_add_template(w, Id.Native, &d, &index));
                }
            }
            finally { World.Exit(); }
            return (int)index;
        }

        static int[] Names(Utf8Pool pool, List<KeyValuePair<string, bool>> list)
        {
            var out_ = new int[list.Count];
            for (int k = 0; k < out_.Length; k++) out_[k] = pool.Add(list[k].Key, "def fact");
            return out_;
        }

        static int[] VarNames(Utf8Pool pool, List<KeyValuePair<string, int[]>> list)
        {
            var out_ = new int[list.Count];
            for (int k = 0; k < out_.Length; k++) out_[k] = pool.Add(list[k].Key, "def variable");
            return out_;
        }

        static void TemplateFacts(Utf8Pool pool, byte* b, int[] names, List<KeyValuePair<string, bool>> list, GoapTemplateFact[] out_)
        {
            for (int k = 0; k < out_.Length; k++)
            {
                out_[k].name = pool.At(b, names[k]);
                out_[k].value = list[k].Value ? 1 : 0;
            }
        }

        static void TemplateVars(Utf8Pool pool, byte* b, int[] names, List<KeyValuePair<string, int[]>> list, GoapTemplateVar[] out_)
        {
            for (int k = 0; k < out_.Length; k++)
            {
                out_[k].name = pool.At(b, names[k]);
                out_[k].op = list[k].Value[0];
                out_[k].value = list[k].Value[1];
            }
        }

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
