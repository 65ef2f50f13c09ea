// Stand-ins for the part of Unity's UnityEditor API that the goap editor window uses (see
// UnityEngine.cs beside this file): Unity's names, namespaces and signatures (2021.3),
// bodies that throw. Compiled against, never run.
using System;
using UnityEngine;

namespace UnityEditor
{
    static class Stub
    {
        internal static Exception Unity() { return new NotSupportedException("UnityEditor stub: compile against it, do not run it"); }
    }

    public class EditorWindow : ScriptableObject
    {
        public GUIContent titleContent { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Vector2 minSize { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Rect position { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public void Repaint() { throw Stub.Unity(); }
        public void Show() { throw Stub.Unity(); }
        public static T GetWindow<T>() where T : EditorWindow { throw Stub.Unity(); }
        public static T GetWindow<T>(string title) where T : EditorWindow { throw Stub.Unity(); }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MenuItem : Attribute
    {
        public string menuItem;
        public bool validate;
        public int priority;
        public MenuItem(string itemName) : this(itemName, false) { }
        public MenuItem(string itemName, bool isValidateFunction) : this(itemName, isValidateFunction, 1000) { }
        public MenuItem(string itemName, bool isValidateFunction, int priority)
        {
            menuItem = itemName;
            validate = isValidateFunction;
            this.priority = priority;
        }
    }

    public sealed class Selection
    {
        public static GameObject activeGameObject { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public sealed class EditorApplication
    {
        public static bool isPlaying { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public enum MessageType { None = 0, Info = 1, Warning = 2, Error = 3 }

    public sealed class EditorStyles
    {
        public static GUIStyle boldLabel { get { throw Stub.Unity(); } }
        public static GUIStyle textArea { get { throw Stub.Unity(); } }
    }

    public sealed class EditorGUILayout
    {
        public static void LabelField(string label, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void LabelField(string label, GUIStyle style, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void LabelField(string label, string label2, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void LabelField(string label, string label2, GUIStyle style, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void SelectableLabel(string text, GUIStyle style, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void HelpBox(string message, MessageType type) { throw Stub.Unity(); }
        public static bool Foldout(bool foldout, string content, bool toggleOnLabelClick) { throw Stub.Unity(); }
        public static int IntSlider(string label, int value, int leftValue, int rightValue, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static Vector2 BeginScrollView(Vector2 scrollPosition, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void EndScrollView() { throw Stub.Unity(); }
        public static void Space() { throw Stub.Unity(); }
    }
}
