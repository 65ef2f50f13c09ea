// Goap editor tools: the inspector of a GoapDomainAsset. C# 7.2.
using UnityEditor;
using UnityEngine;

namespace Goap.EditorTools
{
    /// <summary>
    /// The inspector of a <see cref="GoapDomainAsset"/> (an imported .goap file, or one made
    /// with Create > GOAP > Domain (empty)): whether it loads, its errors and warnings with
    /// line and column, how many facts, variables, actions and goals it defines, its goals
    /// with their priorities, and a button that opens it in the domain graph.
    /// </summary>
    [CustomEditor(typeof(GoapDomainAsset))]
    public sealed class GoapDomainAssetEditor : Editor
    {
        bool showGoals = true;
        bool showText;
        Vector2 textScroll;
        readonly GUIContent textContent = new GUIContent();

        /// <summary>Draws the asset's state.</summary>
        public override void OnInspectorGUI()
        {
            var asset = (GoapDomainAsset)target;
            if (asset == null) return;

            if (asset.IsValid)
                EditorGUILayout.HelpBox("The domain loads.", MessageType.Info);
            else if (asset.Messages.Count == 0)
                EditorGUILayout.HelpBox("Not imported yet: re-import the file.", MessageType.Warning);
            else
                EditorGUILayout.HelpBox("The domain does not load; agents cannot use it until the errors below are fixed.", MessageType.Error);

            var messages = asset.Messages;
            for (int i = 0; i < messages.Count; i++)
            {
                var m = messages[i];
                EditorGUILayout.HelpBox(m.Format(asset.SourceName), m.IsError ? MessageType.Error : MessageType.Warning);
            }

            EditorGUILayout.Space();
            EditorGUILayout.LabelField("Facts", asset.FactNames.Count.ToString());
            EditorGUILayout.LabelField("Variables", asset.VarNames.Count.ToString());
            EditorGUILayout.LabelField("Actions", asset.ActionNames.Count.ToString());
            EditorGUILayout.LabelField("Goals", asset.GoalNames.Count.ToString());
            if (!string.IsNullOrEmpty(asset.SourceName)) EditorGUILayout.LabelField("Source", asset.SourceName);

            if (asset.GoalNames.Count > 0)
            {
                showGoals = EditorGUILayout.Foldout(showGoals, "Goals (priority)", true);
                if (showGoals)
                {
                    var priorities = asset.GoalPriorities;
                    for (int i = 0; i < asset.GoalNames.Count; i++)
                        EditorGUILayout.LabelField("  " + asset.GoalNames[i], i < priorities.Count ? priorities[i].ToString("0.##") : "");
                }
            }

            EditorGUILayout.Space();
            // An imported object's inspector is drawn disabled (HideFlags.NotEditable; also a
            // read-only package, a file not checked out): the button only opens a window and the
            // text below is read-only, so both stay enabled (a disabled GUI gets no mouse
            // events: no scrolling, no selecting).
            bool enabled = GUI.enabled;
            GUI.enabled = true;
            try
            {
                using (new EditorGUI.DisabledScope(!asset.IsValid))
                {
                    if (GUILayout.Button("Open graph"))
                    {
                        GoapDomainGraphWindow.Open(asset);
                        // Opening (docking) a window inside OnInspectorGUI can break this
                        // pass's layout groups: end the pass here.
                        GUIUtility.ExitGUI();
                    }
                }

                showText = EditorGUILayout.Foldout(showText, "Text", true);
                if (showText)
                {
                    textContent.text = asset.Json;
                    var style = EditorStyles.textArea;
                    float height = style.CalcHeight(textContent, Mathf.Max(100f, EditorGUIUtility.currentViewWidth - 40f));
                    textScroll = EditorGUILayout.BeginScrollView(textScroll, GUILayout.MaxHeight(300f));
                    EditorGUILayout.SelectableLabel(asset.Json, style, GUILayout.Height(height));
                    EditorGUILayout.EndScrollView();
                }
            }
            finally
            {
                GUI.enabled = enabled;
            }
        }
    }
}
