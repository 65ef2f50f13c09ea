// Support for the goap C# tests (NUnit 2.6, C# 7.2): finding and reading the sample domain
// files (GOAP_DOMAINS, else examples/domains above the test assembly), a minimal JSON reader
// (the tests reference only Goap.dll and NUnit), an independent model of boolean domain files
// (replay a plan, brute-force the optimal cost), a small domain built in code, a way to run
// one test in a child process (for scenarios that crash the runtime), and assertion helpers
// for GoapException.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;
using NUnit.Framework;

namespace Goap.Tests
{
    /// <summary>The sample domain files.</summary>
    internal static class Domains
    {
        static string dir;

        /// <summary>The examples/domains directory: $GOAP_DOMAINS, else found walking up from the test assembly.</summary>
        public static string Dir
        {
            get
            {
                if (dir != null) return dir;
                var env = Environment.GetEnvironmentVariable("GOAP_DOMAINS");
                if (!string.IsNullOrEmpty(env) && Directory.Exists(env)) return dir = env;
                var here = Path.GetDirectoryName(typeof(Domains).Assembly.Location);
                for (var d = new DirectoryInfo(here); d != null; d = d.Parent)
                {
                    var candidate = Path.Combine(Path.Combine(d.FullName, "examples"), "domains");
                    if (Directory.Exists(candidate)) return dir = candidate;
                }
                throw new InvalidOperationException("examples/domains not found: set GOAP_DOMAINS");
            }
        }

        public static string FilePath(string file) { return Path.Combine(Dir, file); }

        public static string Read(string file) { return File.ReadAllText(FilePath(file), Encoding.UTF8); }

        /// <summary>meta.optimal_cost of a domain file's text, read with a regex (independently of the JSON reader).</summary>
        public static double OptimalCost(string json)
        {
            var m = Regex.Match(json, "\"optimal_cost\"\\s*:\\s*([0-9.eE+-]+)");
            Assert.IsTrue(m.Success, "no meta.optimal_cost");
            return double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
        }

        /// <summary>The domain files that declare meta.optimal_cost.</summary>
        public static IEnumerable<string> WithOptimalCost()
        {
            var names = new List<string>();
            foreach (var f in Directory.GetFiles(Dir, "*.json"))
                if (File.ReadAllText(f).Contains("\"optimal_cost\"")) names.Add(Path.GetFileName(f));
            names.Sort(StringComparer.Ordinal);
            return names;
        }
    }

    /// <summary>A minimal JSON reader: objects as ordered lists of pairs, arrays as lists, numbers as double.</summary>
    internal sealed class Json
    {
        readonly string s;
        int i;

        Json(string s) { this.s = s; }

        public static object Parse(string text)
        {
            var p = new Json(text);
            var v = p.Value();
            p.Ws();
            if (p.i != p.s.Length) throw new FormatException("trailing text at " + p.i);
            return v;
        }

        void Ws() { while (i < s.Length && char.IsWhiteSpace(s[i])) i++; }

        object Value()
        {
            Ws();
            if (i >= s.Length) throw new FormatException("unexpected end");
            char c = s[i];
            if (c == '{')
            {
                i++;
                var o = new List<KeyValuePair<string, object>>();
                Ws();
                if (s[i] == '}') { i++; return o; }
                while (true)
                {
                    Ws();
                    var k = Str();
                    Ws();
                    Expect(':');
                    o.Add(new KeyValuePair<string, object>(k, Value()));
                    Ws();
                    if (s[i] == ',') { i++; continue; }
                    Expect('}');
                    return o;
                }
            }
            if (c == '[')
            {
                i++;
                var a = new List<object>();
                Ws();
                if (s[i] == ']') { i++; return a; }
                while (true)
                {
                    a.Add(Value());
                    Ws();
                    if (s[i] == ',') { i++; continue; }
                    Expect(']');
                    return a;
                }
            }
            if (c == '"') return Str();
            if (s.Substring(i).StartsWith("true")) { i += 4; return true; }
            if (s.Substring(i).StartsWith("false")) { i += 5; return false; }
            if (s.Substring(i).StartsWith("null")) { i += 4; return null; }
            int start = i;
            while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;
            if (start == i) throw new FormatException("unexpected '" + c + "' at " + i);
            return double.Parse(s.Substring(start, i - start), CultureInfo.InvariantCulture);
        }

        void Expect(char c)
        {
            if (i >= s.Length || s[i] != c) throw new FormatException("expected '" + c + "' at " + i);
            i++;
        }

        string Str()
        {
            Expect('"');
            var b = new StringBuilder();
            while (s[i] != '"')
            {
                if (s[i] == '\\')
                {
                    i++;
                    char e = s[i++];
                    switch (e)
                    {
                        case 'n': b.Append('\n'); break;
                        case 't': b.Append('\t'); break;
                        case 'r': b.Append('\r'); break;
                        case 'b': b.Append('\b'); break;
                        case 'f': b.Append('\f'); break;
                        case 'u': b.Append((char)int.Parse(s.Substring(i, 4), NumberStyles.HexNumber)); i += 4; break;
                        default: b.Append(e); break;
                    }
                }
                else b.Append(s[i++]);
            }
            i++;
            return b.ToString();
        }

        /// <summary>The value of key <paramref name="key"/> of object <paramref name="o"/>, or null.</summary>
        public static object Get(object o, string key)
        {
            var obj = o as List<KeyValuePair<string, object>>;
            if (obj == null) return null;
            foreach (var kv in obj) if (kv.Key == key) return kv.Value;
            return null;
        }

        public static List<KeyValuePair<string, object>> Obj(object o)
        {
            return o as List<KeyValuePair<string, object>> ?? new List<KeyValuePair<string, object>>();
        }
    }

    /// <summary>
    /// An independent model of a boolean domain file (no integer variables): facts by name,
    /// actions with preconditions, effects and costs. Replays plans and finds the optimal cost
    /// by a uniform-cost search over the states reachable from a start.
    /// </summary>
    internal sealed class FileModel
    {
        public sealed class Act
        {
            public string Name;
            public double Cost;
            public Dictionary<string, bool> Pre = new Dictionary<string, bool>();
            public Dictionary<string, bool> Effects = new Dictionary<string, bool>();
        }

        public readonly List<Act> Actions = new List<Act>();
        public readonly List<string> Facts = new List<string>();
        public readonly Dictionary<string, bool> Start = new Dictionary<string, bool>();
        public readonly Dictionary<string, bool> Goal = new Dictionary<string, bool>();
        public readonly bool HasVars;

        public FileModel(string json)
        {
            var root = Json.Parse(json);
            HasVars = Json.Get(root, "vars") != null;
            foreach (var a in (List<object>)Json.Get(root, "actions"))
            {
                var act = new Act { Name = (string)Json.Get(a, "name") };
                var cost = Json.Get(a, "cost");
                act.Cost = cost == null ? 1.0 : (double)cost;
                Bools(Json.Get(a, "pre"), act.Pre);
                Bools(Json.Get(a, "effects"), act.Effects);
                Actions.Add(act);
            }
            Bools(Json.Get(root, "start"), Start);
            Bools(Json.Get(root, "goal"), Goal);
        }

        void Bools(object o, Dictionary<string, bool> into)
        {
            foreach (var kv in Json.Obj(o))
            {
                if (!(kv.Value is bool)) continue; // a variable's condition or effect
                into[kv.Key] = (bool)kv.Value;
                if (!Facts.Contains(kv.Key)) Facts.Add(kv.Key);
            }
        }

        public Act Find(string name) { return Actions.Find(a => a.Name == name); }

        static bool Holds(HashSet<string> state, Dictionary<string, bool> conditions)
        {
            foreach (var kv in conditions) if (state.Contains(kv.Key) != kv.Value) return false;
            return true;
        }

        static void Apply(HashSet<string> state, Dictionary<string, bool> effects)
        {
            foreach (var kv in effects) { if (kv.Value) state.Add(kv.Key); else state.Remove(kv.Key); }
        }

        /// <summary>Asserts that the named actions, in order, are applicable from <paramref name="start"/> and reach <paramref name="goal"/>; returns their cost.</summary>
        public double Replay(IList<string> plan, Dictionary<string, bool> start, Dictionary<string, bool> goal)
        {
            var state = new HashSet<string>();
            foreach (var kv in start) if (kv.Value) state.Add(kv.Key);
            double cost = 0;
            for (int k = 0; k < plan.Count; k++)
            {
                var a = Find(plan[k]);
                Assert.IsNotNull(a, "plan step " + k + ": no action named " + plan[k] + " in the file");
                Assert.IsTrue(Holds(state, a.Pre), "plan step " + k + " (" + a.Name + "): precondition does not hold");
                Apply(state, a.Effects);
                cost += a.Cost;
            }
            Assert.IsTrue(Holds(state, goal), "the plan does not reach the goal");
            return cost;
        }

        /// <summary>The minimum plan cost from <paramref name="start"/> to <paramref name="goal"/> (uniform-cost search), or null if unreachable.</summary>
        public double? Optimal(Dictionary<string, bool> start, Dictionary<string, bool> goal)
        {
            var best = new Dictionary<string, double>();
            var open = new SortedSet<Tuple<double, string>>();
            var s0 = new HashSet<string>();
            foreach (var kv in start) if (kv.Value) s0.Add(kv.Key);
            string k0 = Key(s0);
            best[k0] = 0;
            open.Add(Tuple.Create(0.0, k0));
            while (open.Count > 0)
            {
                var top = open.Min;
                open.Remove(top);
                if (top.Item1 > best[top.Item2]) continue;
                var state = new HashSet<string>(top.Item2.Length == 0 ? new string[0] : top.Item2.Split('\u0001'));
                if (Holds(state, goal)) return top.Item1;
                foreach (var a in Actions)
                {
                    if (!Holds(state, a.Pre)) continue;
                    var next = new HashSet<string>(state);
                    Apply(next, a.Effects);
                    var nk = Key(next);
                    double c = top.Item1 + a.Cost;
                    double old;
                    if (!best.TryGetValue(nk, out old) || c < old)
                    {
                        best[nk] = c;
                        open.Add(Tuple.Create(c, nk));
                    }
                }
            }
            return null;
        }

        static string Key(HashSet<string> state)
        {
            var l = new List<string>(state);
            l.Sort(StringComparer.Ordinal);
            return string.Join("\u0001", l.ToArray());
        }
    }

    /// <summary>
    /// A small domain built in code. Facts has_axe, has_wood, fire, rested, magic; actions
    /// get_axe (2), chop (1, needs has_axe), gather (5), light (1, needs has_wood), sleep (1)
    /// and nothing that makes magic true. Fire is cheapest by get_axe, chop, light (4); without
    /// chop by gather, light (6).
    /// </summary>
    internal sealed class Woods : IDisposable
    {
        public readonly World World;
        public readonly Domain Domain;
        public readonly FactId HasAxe, HasWood, Fire, Rested, Magic;
        public readonly ActionId GetAxe, Chop, Gather, Light, Sleep;

        public Woods() : this(new World()) { }

        public Woods(World world)
        {
            World = world;
            Domain = World.CreateDomain("woods");
            HasAxe = Domain.AddFact("has_axe");
            HasWood = Domain.AddFact("has_wood");
            Fire = Domain.AddFact("fire");
            Rested = Domain.AddFact("rested");
            Magic = Domain.AddFact("magic");
            GetAxe = Domain.AddAction("get_axe", 2, null, new[] { T(HasAxe) });
            Chop = Domain.AddAction("chop", 1, new[] { T(HasAxe) }, new[] { T(HasWood) });
            Gather = Domain.AddAction("gather", 5, null, new[] { T(HasWood) });
            Light = Domain.AddAction("light", 1, new[] { T(HasWood) }, new[] { T(Fire) });
            Sleep = Domain.AddAction("sleep", 1, null, new[] { T(Rested) });
        }

        public static FactValue T(FactId f) { return new FactValue(f, true); }
        public static FactValue F(FactId f) { return new FactValue(f, false); }

        /// <summary>An agent with the goal "fire" (priority 1).</summary>
        public Agent FireAgent() { return FireAgent(AgentSettings.For(Domain)); }

        public Agent FireAgent(AgentSettings settings)
        {
            var a = World.CreateAgent(settings);
            a.AddGoal("fire", 1, new[] { T(Fire) });
            return a;
        }

        /// <summary>The agent's remaining plan as action names.</summary>
        public List<string> PlanNames(Agent agent)
        {
            var ids = new List<ActionId>();
            agent.GetPlan(ids);
            return ids.ConvertAll(id => Domain.ActionName(id));
        }

        /// <summary>
        /// Runs the agent's loop (Start, Report Succeeded) until it is idle or stuck; returns
        /// the actions performed, by name. Fails after <paramref name="maxSteps"/> steps.
        /// </summary>
        public List<string> RunToIdle(Agent agent, int maxSteps = 100)
        {
            var done = new List<string>();
            for (int n = 0; n < maxSteps; n++)
            {
                var step = agent.Step(0.1);
                if (step.Kind == StepKind.Idle) return done;
                Assert.IsTrue(step.Kind == StepKind.Start || step.Kind == StepKind.Continue, "unexpected step " + step.Kind);
                done.Add(Domain.ActionName(step.Action));
                agent.Report(ActionReport.Succeeded);
            }
            Assert.Fail("the agent did not become idle in " + maxSteps + " steps");
            return done;
        }

        public void Dispose() { World.Dispose(); }
    }

    /// <summary>Runs one test of this assembly in a child process (for a scenario that may crash the runtime).</summary>
    internal static class ChildProcess
    {
        /// <summary>Exit code and output of the runner in a child process, running test <paramref name="fullName"/> only.</summary>
        public static KeyValuePair<int, string> RunTest(string fullName)
        {
            return RunTest(fullName, Path.GetDirectoryName(typeof(ChildProcess).Assembly.Location), null);
        }

        /// <summary>
        /// As <see cref="RunTest(string)"/>, with the test assembly loaded from <paramref name="directory"/>
        /// and the environment changed by <paramref name="env"/> (a null value removes a variable).
        /// </summary>
        public static KeyValuePair<int, string> RunTest(string fullName, string directory, Dictionary<string, string> env)
        {
            // The same runtime and the same runner executable as this process.
            var runtime = System.Diagnostics.Process.GetCurrentProcess().MainModule.FileName;
            var runner = Environment.GetCommandLineArgs()[0];
            if (!Path.GetFileName(runner).StartsWith("nunit-console", StringComparison.OrdinalIgnoreCase) || !File.Exists(runner))
                Assert.Ignore("cannot find the test runner to start a child process (" + runner + ")");
            var psi = new System.Diagnostics.ProcessStartInfo(runtime,
                "\"" + runner + "\" -nologo -noshadow -noresult \"" +
                Path.Combine(directory, Path.GetFileName(typeof(ChildProcess).Assembly.Location)) + "\" -run:" + fullName)
            {
                UseShellExecute = false,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                WorkingDirectory = directory,
            };
            if (env != null)
                foreach (var kv in env)
                {
                    if (kv.Value == null) psi.EnvironmentVariables.Remove(kv.Key);
                    else psi.EnvironmentVariables[kv.Key] = kv.Value;
                }
            var text = new System.Text.StringBuilder();
            System.Diagnostics.DataReceivedEventHandler collect = (sender, e) =>
            {
                if (e.Data == null) return;
                lock (text) text.Append(e.Data).Append('\n');
            };
            using (var p = new System.Diagnostics.Process { StartInfo = psi })
            {
                p.OutputDataReceived += collect;
                p.ErrorDataReceived += collect;
                p.Start();
                p.BeginOutputReadLine();
                p.BeginErrorReadLine();
                bool exited = p.WaitForExit(60000);
                if (!exited)
                {
                    try { p.Kill(); } catch (InvalidOperationException) { /* it exited meanwhile */ }
                }
                p.WaitForExit(); // the output read to its end
                string output;
                lock (text) output = text.ToString();
                if (!exited)
                {
                    // nunit-console 2.6 under Mono now and then does not exit after its run
                    // (its main thread waits for a runner thread): a verdict printed before
                    // that stands; without one, the scenario itself hung.
                    if (output.Contains("Tests run: 1, Errors: 0, Failures: 0"))
                        return new KeyValuePair<int, string>(0, output);
                    Assert.Fail("the child process hung (killed after 60 s):\n" + output);
                }
                // nunit-console exits with the number of failures; also check a test ran.
                if (p.ExitCode == 0 && !output.Contains("Tests run: 1,")) return new KeyValuePair<int, string>(-1, output);
                // After a crash, Mono's managed stack trace is the part worth reading.
                int trace = output.IndexOf("Managed Stacktrace:", StringComparison.Ordinal);
                if (trace >= 0)
                {
                    int end = output.IndexOf("External Debugger Dump", trace, StringComparison.Ordinal);
                    output = output.Substring(trace, (end > trace ? end : Math.Min(output.Length, trace + 2000)) - trace);
                }
                else if (output.Length > 4000) output = output.Substring(output.Length - 4000);
                return new KeyValuePair<int, string>(p.ExitCode, output);
            }
        }
    }

    internal static class Expect
    {
        /// <summary>
        /// Asserts that <paramref name="code"/> throws a GoapException with <paramref name="status"/>
        /// whose message contains <paramref name="fragment"/> (the native function's name, say).
        /// </summary>
        public static GoapException Fails(Status status, string fragment, TestDelegate code)
        {
            var e = Assert.Throws<GoapException>(code);
            Assert.AreEqual(status, e.Status, "status; message: " + e.Message);
            StringAssert.Contains(fragment, e.Message);
            return e;
        }
    }
}
