// Goap for Unity: a domain file as an asset. C# 7.2 (Unity 2021.3+, Mono's mcs).
// Package-only code (not part of bindings/csharp): edit it here.
using System;
using System.Collections.Generic;
using UnityEngine;

namespace Goap
{
    /// <summary>One finding of <see cref="GoapDomainAsset.Import"/>: an error or a lint warning, where it is.</summary>
    [Serializable]
    public sealed class GoapDomainMessage
    {
        /// <summary>True for an error (the domain does not load), false for a lint warning.</summary>
        public bool IsError;
        /// <summary>1-based line in the file (0 when unknown).</summary>
        public int Line;
        /// <summary>1-based column in characters (0 when unknown).</summary>
        public int Column;
        /// <summary>What is wrong.</summary>
        public string Message;

        /// <summary>"SOURCE:line:column: error|warning: message", as compilers print.</summary>
        public string Format(string source)
        {
            return (string.IsNullOrEmpty(source) ? "<domain>" : source) + ":" + Line + ":" + Column + ": "
                + (IsError ? "error: " : "warning: ") + Message;
        }
    }

    /// <summary>
    /// A domain file (the JSON domain format) imported as an asset: its text, the names it
    /// defines (for pickers and the editor tools) and what validation found. The editor's
    /// importer creates it from a <c>.goap</c> file and calls <see cref="Import"/>; at run
    /// time <see cref="Load"/> loads the text into a <see cref="World"/> (a
    /// <see cref="GoapWorldBehaviour"/> loads each asset once per world).
    /// </summary>
    public sealed class GoapDomainAsset : ScriptableObject
    {
        [SerializeField, TextArea(4, 40)] string json = "{\n  \"actions\": []\n}\n";
        [SerializeField] string sourceName = "";
        [SerializeField] string[] factNames = new string[0];
        [SerializeField] string[] varNames = new string[0];
        [SerializeField] string[] actionNames = new string[0];
        [SerializeField] string[] goalNames = new string[0];
        [SerializeField] float[] goalPriorities = new float[0];
        [SerializeField] List<GoapDomainMessage> messages = new List<GoapDomainMessage>();
        [SerializeField] bool imported;

        /// <summary>The domain file's text.</summary>
        public string Json { get { return json; } }

        /// <summary>Where the text came from (the asset path), for messages.</summary>
        public string SourceName { get { return sourceName; } }

        /// <summary>Fact names in domain order (FactAt order).</summary>
        public IReadOnlyList<string> FactNames { get { return factNames; } }

        /// <summary>Variable names in domain order.</summary>
        public IReadOnlyList<string> VarNames { get { return varNames; } }

        /// <summary>Action names in domain order (ground actions of templates included).</summary>
        public IReadOnlyList<string> ActionNames { get { return actionNames; } }

        /// <summary>The file's <c>goals</c> entries: the goals every agent of the domain starts with.</summary>
        public IReadOnlyList<string> GoalNames { get { return goalNames; } }

        /// <summary>The priority of each of <see cref="GoalNames"/>.</summary>
        public IReadOnlyList<float> GoalPriorities { get { return goalPriorities; } }

        /// <summary>Errors and lint warnings of the last <see cref="Import"/>, in file order.</summary>
        public IReadOnlyList<GoapDomainMessage> Messages { get { return messages; } }

        /// <summary>True once <see cref="Import"/> ran and found no error.</summary>
        public bool IsValid
        {
            get
            {
                if (!imported) return false;
                for (int i = 0; i < messages.Count; i++) if (messages[i].IsError) return false;
                return true;
            }
        }

        /// <summary>Creates an asset from a domain file's text and imports it (see <see cref="Import"/>).</summary>
        public static GoapDomainAsset FromJson(string json, string sourceName = null)
        {
            var asset = CreateInstance<GoapDomainAsset>();
            asset.name = string.IsNullOrEmpty(sourceName) ? "Domain" : sourceName;
            asset.Import(json, sourceName);
            return asset;
        }

        /// <summary>
        /// Replaces the text, validates it through the library (errors and lint warnings with
        /// line and column, in <see cref="Messages"/>) and, when it loads, reads the names it
        /// defines. Never throws for a bad file: that is an error message. Returns
        /// <see cref="IsValid"/>.
        /// </summary>
        public bool Import(string text, string source = null)
        {
            if (text == null) throw new ArgumentNullException("text");
            json = text;
            sourceName = source ?? "";
            messages.Clear();
            imported = true;
            factNames = varNames = actionNames = goalNames = new string[0];
            goalPriorities = new float[0];
            // Errors and lint warnings, placed, in file order (a parse error is the only one).
            Diagnostic[] found;
            try { found = Validator.Validate(text); }
            catch (GoapLibraryException e)
            {
                // No native library for this editor or player: the file is not checked, so the
                // asset is broken (an error message), never silently valid.
                messages.Add(new GoapDomainMessage { IsError = true, Message = "not validated: " + e.Message });
                return false;
            }
            for (int i = 0; i < found.Length; i++)
            {
                messages.Add(new GoapDomainMessage
                {
                    IsError = found[i].Severity == Severity.Error,
                    Line = found[i].Line,
                    Column = found[i].Column,
                    Message = found[i].Message,
                });
            }
            if (!IsValid) return false;
            // One world, planning on the calling thread only, for reading the names back.
            var settings = WorldSettings.Default;
            settings.WorkerThreads = 1;
            using (var world = new World(settings))
            {
                Domain domain;
                try
                {
                    domain = world.LoadDomain(text);
                }
                catch (GoapException e)
                {
                    // The validator accepted what the loader refuses: report it all the same.
                    messages.Add(new GoapDomainMessage { IsError = true, Message = e.Message });
                    return false;
                }
                factNames = new string[domain.FactCount];
                for (int i = 0; i < factNames.Length; i++) factNames[i] = domain.FactName(domain.FactAt(i));
                varNames = new string[domain.VarCount];
                for (int i = 0; i < varNames.Length; i++) varNames[i] = domain.VarName(domain.VarAt(i));
                actionNames = new string[domain.ActionCount];
                for (int i = 0; i < actionNames.Length; i++) actionNames[i] = domain.ActionName(domain.ActionAt(i));
                int goals = domain.AgentGoalCount;
                goalNames = new string[goals];
                goalPriorities = new float[goals];
                for (int i = 0; i < goals; i++)
                {
                    goalNames[i] = domain.AgentGoalName(i);
                    goalPriorities[i] = (float)domain.GetAgentGoalInfo(i).Priority;
                }
            }
            return true;
        }

        /// <summary>
        /// Loads the text into <paramref name="world"/>. Throws <see cref="GoapException"/>
        /// naming this asset when the file does not load.
        /// </summary>
        public Domain Load(World world)
        {
            if (world == null) throw new ArgumentNullException("world");
            try
            {
                return world.LoadDomain(json);
            }
            catch (GoapException e)
            {
                throw new GoapException(e.Status, "domain asset \"" + name + "\": " + e.Message);
            }
        }

        /// <summary>Index of a name in <paramref name="names"/>, or -1.</summary>
        public static int IndexOf(IReadOnlyList<string> names, string name)
        {
            if (names == null || name == null) return -1;
            for (int i = 0; i < names.Count; i++) if (names[i] == name) return i;
            return -1;
        }
    }
}
