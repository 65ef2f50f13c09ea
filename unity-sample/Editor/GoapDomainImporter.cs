// Goap editor tools: .goap domain files imported as GoapDomainAsset. C# 7.2.
using System;
using System.IO;
using UnityEditor;
using UnityEditor.AssetImporters;
using UnityEngine;

namespace Goap.EditorTools
{
    /// <summary>
    /// Imports a domain file (the JSON domain format) named <c>*.goap</c> as a
    /// <see cref="GoapDomainAsset"/>: the asset keeps the text and the names it defines, and
    /// each error or lint warning goes to the Console as "PATH:line:column: error: message",
    /// linked to the asset. A file that does not load still imports: its asset keeps the text
    /// and the messages and is marked broken (<see cref="GoapDomainAsset.IsValid"/> false), so
    /// references to it survive while it is being fixed. Unity re-imports the file whenever it
    /// changes.
    /// </summary>
    /// <remarks>
    /// Why <c>.goap</c> and not <c>.json</c>: Unity chooses an importer by the file's last
    /// extension, and <c>.json</c> belongs to Unity's built-in TextScriptImporter (a
    /// TextAsset); claiming it here would take every JSON file of the project. Rename a domain
    /// file <c>name.json</c> to <c>name.goap</c> (its content is unchanged; the goap command-line
    /// tools read it under either name).
    /// </remarks>
    [ScriptedImporter(Version, GoapEditorText.DomainExtension)]
    public sealed class GoapDomainImporter : ScriptedImporter
    {
        /// <summary>Bump whenever what the importer produces changes: Unity then re-imports every .goap file.</summary>
        public const int Version = 1;

        /// <summary>Reads the file, imports it into a new <see cref="GoapDomainAsset"/> (the main object) and logs its messages.</summary>
        public override void OnImportAsset(AssetImportContext ctx)
        {
            // Path.GetFullPath resolves a "Packages/<name>/..." asset path to the package's real
            // folder (Unity's documented way); File.ReadAllText decodes UTF-8 and drops a BOM.
            var asset = ScriptableObject.CreateInstance<GoapDomainAsset>();
            asset.name = Path.GetFileNameWithoutExtension(ctx.assetPath);
            // The asset is always the main object, so references to it survive a failed import
            // (it is then broken: an error message, IsValid false).
            string text = null;
            try { text = File.ReadAllText(Path.GetFullPath(ctx.assetPath)); }
            catch (Exception e) { ctx.LogImportError(ctx.assetPath + ": could not be read: " + e.Message, asset); }
            // Import never throws for a bad file or a missing native library: those are error
            // messages. An unread file leaves the asset unimported (IsValid false).
            if (text != null) asset.Import(text, ctx.assetPath);
            ctx.AddObjectToAsset("domain", asset);
            ctx.SetMainObject(asset);
            var messages = asset.Messages;
            for (int i = 0; i < messages.Count; i++)
            {
                var m = messages[i];
                if (m.IsError) ctx.LogImportError(m.Format(ctx.assetPath), asset);
                else ctx.LogImportWarning(m.Format(ctx.assetPath), asset);
            }
        }

        /// <summary>Assets > Create > GOAP > Domain File: a small valid .goap file in the selected folder, named by the user.</summary>
        [MenuItem("Assets/Create/GOAP/Domain File", false, 81)]
        static void CreateDomainFile()
        {
            // Starts the Project window's rename field; the file is written once a name is chosen.
            ProjectWindowUtil.CreateAssetWithContent("New Domain." + GoapEditorText.DomainExtension, GoapEditorText.NewDomainFile);
        }
    }
}
