// Goap editor tools: the drop-down of [GoapName] string fields. C# 7.2.
using System.Collections.Generic;
using UnityEditor;
using UnityEngine;

namespace Goap.EditorTools
{
    /// <summary>
    /// Draws a string field marked <see cref="GoapNameAttribute"/> (alone, or each element of
    /// a string array or list) as a drop-down of the domain asset's fact, variable, action or
    /// goal names. The asset is the <see cref="GoapDomainAsset"/> field named
    /// <see cref="GoapNameAttribute.DomainField"/> beside the string (on the same object or
    /// serializable struct), or when that is unset or empty the
    /// <see cref="GoapAgentBehaviour.DomainAsset"/> of an agent on the same GameObject.
    /// A name the asset lacks is kept and shown in red with a help box; without an asset (or
    /// with one that does not load) the field is a text box.
    /// </summary>
    [CustomPropertyDrawer(typeof(GoapNameAttribute))]
    public sealed class GoapNameDrawer : PropertyDrawer
    {
        static readonly Color MissingColor = new Color(1f, 0.45f, 0.45f);

        // One drawer serves every element of an array: the options are rebuilt only when the
        // list of names changes (a re-import replaces it), not per repaint.
        IReadOnlyList<string> optionsFor;
        GUIContent[] options = new GUIContent[0];
        readonly GUIContent noneContent = new GUIContent("(none)");
        readonly GUIContent missingContent = new GUIContent();

        /// <summary>One line, plus a help box when the name is not in the asset or the asset does not load.</summary>
        public override float GetPropertyHeight(SerializedProperty property, GUIContent label)
        {
            float line = EditorGUIUtility.singleLineHeight;
            if (property.propertyType != SerializedPropertyType.String) return line;
            return Help(property) == null ? line : line + EditorGUIUtility.standardVerticalSpacing + HelpHeight;
        }

        static float HelpHeight { get { return EditorGUIUtility.singleLineHeight * 2f + 4f; } }

        /// <summary>The drop-down (or a text box), and the help box.</summary>
        public override void OnGUI(Rect position, SerializedProperty property, GUIContent label)
        {
            var line = new Rect(position.x, position.y, position.width, EditorGUIUtility.singleLineHeight);
            if (property.propertyType != SerializedPropertyType.String)
            {
                EditorGUI.LabelField(line, label.text, "[GoapName] needs a string field");
                return;
            }
            label = EditorGUI.BeginProperty(position, label, property);
            var attr = (GoapNameAttribute)attribute;
            var asset = FindAsset(property, attr);
            EditorGUI.showMixedValue = property.hasMultipleDifferentValues;
            if (asset == null || !asset.IsValid)
            {
                EditorGUI.BeginChangeCheck();
                string text = EditorGUI.TextField(line, label, property.stringValue);
                if (EditorGUI.EndChangeCheck()) property.stringValue = text;
            }
            else
            {
                var names = Names(asset, attr.Kind);
                Rebuild(names);
                string value = property.stringValue;
                int found = GoapDomainAsset.IndexOf(names, value);
                bool missing = found < 0 && !string.IsNullOrEmpty(value) && !property.hasMultipleDifferentValues;
                // Slot 0: "(none)" for an empty name, or the missing name itself.
                if (missing) missingContent.text = GoapEditorText.MenuLabel(value) + "  (not in " + asset.name + ")";
                options[0] = missing ? missingContent : noneContent;
                int selected = found >= 0 ? found + 1 : 0;
                var color = GUI.color;
                if (missing) GUI.color = MissingColor;
                EditorGUI.BeginChangeCheck();
                int chosen = EditorGUI.Popup(line, label, selected, options);
                if (EditorGUI.EndChangeCheck() && chosen != selected)
                {
                    if (chosen > 0) property.stringValue = names[chosen - 1];
                    else if (!missing) property.stringValue = "";
                }
                GUI.color = color;
            }
            EditorGUI.showMixedValue = false;
            string help = Help(property);
            if (help != null)
            {
                var box = new Rect(position.x, line.yMax + EditorGUIUtility.standardVerticalSpacing, position.width, HelpHeight);
                EditorGUI.HelpBox(box, help, asset != null && asset.IsValid ? MessageType.Error : MessageType.Warning);
            }
            EditorGUI.EndProperty();
        }

        /// <summary>What is wrong with the field's name, or null.</summary>
        string Help(SerializedProperty property)
        {
            var attr = (GoapNameAttribute)attribute;
            var asset = FindAsset(property, attr);
            if (asset == null || property.hasMultipleDifferentValues) return null;
            if (!asset.IsValid) return "Domain asset " + asset.name + " does not load: names are not checked.";
            string value = property.stringValue;
            if (string.IsNullOrEmpty(value) || GoapDomainAsset.IndexOf(Names(asset, attr.Kind), value) >= 0) return null;
            return "\"" + value + "\" is not " + KindText(attr.Kind) + " of " + asset.name + ".";
        }

        void Rebuild(IReadOnlyList<string> names)
        {
            if (ReferenceEquals(names, optionsFor) && options.Length == names.Count + 1) return;
            optionsFor = names;
            options = new GUIContent[names.Count + 1];
            for (int i = 0; i < names.Count; i++) options[i + 1] = new GUIContent(GoapEditorText.MenuLabel(names[i]));
        }

        static IReadOnlyList<string> Names(GoapDomainAsset asset, GoapNameKind kind)
        {
            switch (kind)
            {
                case GoapNameKind.Var: return asset.VarNames;
                case GoapNameKind.Action: return asset.ActionNames;
                case GoapNameKind.Goal: return asset.GoalNames;
                default: return asset.FactNames;
            }
        }

        static string KindText(GoapNameKind kind)
        {
            switch (kind)
            {
                case GoapNameKind.Var: return "a variable";
                case GoapNameKind.Action: return "an action";
                case GoapNameKind.Goal: return "a goal";
                default: return "a fact";
            }
        }

        /// <summary>The asset named by the attribute's field beside the property, else the agent's on the same GameObject.</summary>
        static GoapDomainAsset FindAsset(SerializedProperty property, GoapNameAttribute attr)
        {
            if (!string.IsNullOrEmpty(attr.DomainField))
            {
                var so = property.serializedObject;
                var field = so.FindProperty(GoapEditorText.SiblingPath(property.propertyPath, attr.DomainField))
                    ?? so.FindProperty(attr.DomainField);
                if (field != null && field.propertyType == SerializedPropertyType.ObjectReference)
                {
                    var asset = field.objectReferenceValue as GoapDomainAsset;
                    if (asset != null) return asset;
                }
            }
            var component = property.serializedObject.targetObject as Component;
            if (component == null) return null;
            var agent = component.GetComponent<GoapAgentBehaviour>();
            return agent == null ? null : agent.DomainAsset;
        }
    }
}
