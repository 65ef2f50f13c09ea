// Goap C# wrapper: checking a domain file without loading it (goap_validate_json): its
// error or its lint warnings, each with a line and column, for an asset importer.
// C# 7.2. Copied into the Unity package by scripts/unity-sync-wrapper.sh; edit it here.
using System;
using Goap.Native;

namespace Goap
{
    /// <summary>How serious a <see cref="Diagnostic"/> is (goap.h GoapSeverity).</summary>
    public enum Severity
    {
        /// <summary>The file cannot be loaded (<see cref="World.LoadDomain"/> would throw this message).</summary>
        Error = 0,
        /// <summary>The file loads, but something in it is almost certainly a mistake (a condition nothing can meet, a variable nothing uses...).</summary>
        Warning = 1,
    }

    /// <summary>One finding of <see cref="Validator.Validate"/> (goap.h GoapDiagnostic, with its message).</summary>
    public readonly struct Diagnostic
    {
        /// <summary>Error or warning.</summary>
        public readonly Severity Severity;
        /// <summary>1-based line; 0 when the position is unknown.</summary>
        public readonly int Line;
        /// <summary>1-based column in characters (Unicode scalar values, not bytes; a byte order mark is not counted); 0 when unknown.</summary>
        public readonly int Column;
        /// <summary>What is wrong, without the position.</summary>
        public readonly string Message;

        /// <summary>A diagnostic (for tests and for tools that add their own).</summary>
        public Diagnostic(Severity severity, int line, int column, string message)
        {
            Severity = severity;
            Line = line;
            Column = column;
            Message = message ?? string.Empty;
        }

        /// <summary><c>line:column: error: message</c> (or <c>warning:</c>).</summary>
        public override string ToString()
        {
            return Line + ":" + Column + ": " + (Severity == Severity.Error ? "error" : "warning") + ": " + Message;
        }
    }

    /// <summary>Checks domain files without a <see cref="World"/>.</summary>
    public static unsafe class Validator
    {
        /// <summary>
        /// Checks a domain file's text (the JSON <see cref="World.LoadDomain"/> reads) without
        /// loading it. A file that does not load gives one <see cref="Severity.Error"/>
        /// diagnostic (its first error); one that loads gives a <see cref="Severity.Warning"/>
        /// per lint finding (as <c>goap validate</c>), in file order; a clean file gives none.
        /// A bad file never throws: it is a diagnostic. Throws <see cref="ArgumentNullException"/>
        /// for null. Thread-safe.
        /// </summary>
        public static Diagnostic[] Validate(string json)
        {
            if (json == null) throw new ArgumentNullException("json");
            Library.EnsureLoaded();
            // Not the shared encode buffer: domain files can be large.
            byte[] text = System.Text.Encoding.UTF8.GetBytes(json);
            var found = new GoapDiagnostic[0];
            var messages = new byte[0];
            GoapValidation r = default(GoapValidation);
            r.size = (uint)sizeof(GoapValidation);
            while (true)
            {
                GoapStatus s;
                fixed (byte* pt = text)
                fixed (GoapDiagnostic* pd = found)
                fixed (byte* pm = messages)
                {
                    s = NativeMethods.goap_validate_json(pt, (uint)text.Length, pd, (uint)found.Length,
                        pm, (uint)messages.Length, &r);
                }
                if (s == GoapStatus.BufferTooSmall)
                {
                    found = new GoapDiagnostic[r.diagnostic_count];
                    if (found.Length > 0) found[0].size = (uint)sizeof(GoapDiagnostic); // the stride
                    messages = new byte[r.message_bytes];
                    continue;
                }
                Errors.Check(s);
                break;
            }
            var result = new Diagnostic[r.diagnostic_count];
            for (int i = 0; i < result.Length; i++)
            {
                GoapDiagnostic d = found[i];
                string message = System.Text.Encoding.UTF8.GetString(messages, (int)d.message_start, (int)d.message_len);
                result[i] = new Diagnostic((Severity)d.severity, (int)d.line, (int)d.column, message);
            }
            return result;
        }
    }
}
