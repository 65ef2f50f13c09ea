// Goap editor tools: text the editor code writes and reads (the new domain file, property
// paths, recording file names, pop-up labels), in plain C# (no UnityEngine or UnityEditor)
// so that it is unit-tested under Mono (tests/unity-editor-logic). C# 7.2.
using System;
using System.Collections.Generic;
using System.Globalization;

namespace Goap.EditorTools
{
    /// <summary>Text helpers of the editor tools.</summary>
    public static class GoapEditorText
    {
        /// <summary>The extension the importer claims (see GoapDomainImporter), without the dot.</summary>
        public const string DomainExtension = "goap";

        /// <summary>The extension of a flight recording.</summary>
        public const string RecordingExtension = "goaprec";

        /// <summary>
        /// What Assets > Create > GOAP > Domain File writes: a small valid domain (two
        /// actions, a start, a goal and one agent goal) to edit from.
        /// </summary>
        public const string NewDomainFile =
            "{\n" +
            "  \"actions\": [\n" +
            "    {\"name\": \"walk_to_well\", \"cost\": 2, \"pre\": {\"at_well\": false}, \"effects\": {\"at_well\": true}},\n" +
            "    {\"name\": \"draw_water\", \"cost\": 1, \"pre\": {\"at_well\": true}, \"effects\": {\"has_water\": true}}\n" +
            "  ],\n" +
            "  \"start\": {},\n" +
            "  \"goal\": {\"has_water\": true},\n" +
            "  \"goals\": [\n" +
            "    {\"name\": \"fetch_water\", \"priority\": 1, \"conditions\": {\"has_water\": true}}\n" +
            "  ]\n" +
            "}\n";

        /// <summary>
        /// The serialized property path of field <paramref name="field"/> beside the property
        /// at <paramref name="propertyPath"/> (in the same object or struct): <c>goal</c> next
        /// to <c>domain</c> is <c>domain</c>; next to <c>steps.Array.data[2].fact</c> it is
        /// <c>steps.Array.data[2].domain</c>; next to an array element <c>facts.Array.data[0]</c>
        /// it is <c>domain</c> (the array's sibling). Null for a null or empty field.
        /// </summary>
        public static string SiblingPath(string propertyPath, string field)
        {
            if (string.IsNullOrEmpty(field)) return null;
            if (string.IsNullOrEmpty(propertyPath)) return field;
            string path = propertyPath;
            // An element of an array or list: its sibling is the array's.
            const string element = ".Array.data[";
            int at = path.LastIndexOf(element, StringComparison.Ordinal);
            if (at >= 0 && path.EndsWith("]", StringComparison.Ordinal) && path.IndexOf('.', at + element.Length) < 0)
                path = path.Substring(0, at);
            int dot = path.LastIndexOf('.');
            return dot < 0 ? field : path.Substring(0, dot + 1) + field;
        }

        /// <summary>
        /// The label a pop-up shows for <paramref name="name"/>: Unity's pop-ups turn "/" into
        /// sub-menus, so it becomes "∕" (U+2215); an empty name is "(none)".
        /// </summary>
        public static string MenuLabel(string name)
        {
            if (string.IsNullOrEmpty(name)) return "(none)";
            return name.IndexOf('/') < 0 ? name : name.Replace('/', '\u2215');
        }

        /// <summary>
        /// The default file name of a saved recording: <c>goap-SCENE-yyyyMMdd-HHmmss.goaprec</c>
        /// (characters a file name cannot hold replaced by '_'; "scene" for an unnamed scene).
        /// </summary>
        public static string RecordingFileName(string scene, DateTime time)
        {
            string name = string.IsNullOrEmpty(scene) ? "scene" : scene;
            var chars = name.ToCharArray();
            var invalid = System.IO.Path.GetInvalidFileNameChars();
            for (int i = 0; i < chars.Length; i++)
                if (Array.IndexOf(invalid, chars[i]) >= 0 || chars[i] == ' ' || chars[i] == ':' || chars[i] == '\\' || chars[i] == '/')
                    chars[i] = '_';
            return "goap-" + new string(chars) + "-" + time.ToString("yyyyMMdd-HHmmss", CultureInfo.InvariantCulture)
                + "." + RecordingExtension;
        }

        /// <summary>The command that turns a recording into a page: <c>goap studio "FILE" -o page.html</c>.</summary>
        public static string StudioCommand(string recordingPath)
        {
            return "goap studio \"" + recordingPath + "\" -o page.html";
        }

        /// <summary>"a, b, c" of <paramref name="items"/> (empty: <paramref name="empty"/>).</summary>
        public static string Join(IList<string> items, string empty)
        {
            if (items == null || items.Count == 0) return empty;
            return string.Join(", ", items);
        }
    }
}
