// Stand-ins for the part of Unity's UnityEditor API that the goap editor tools use
// (unity-sample/Editor: the .goap importer, the domain asset's inspector, the [GoapName]
// drawer, the domain graph and the agent debugger; see UnityEngine.cs beside this file):
// Unity's names, namespaces and signatures (2021.3, checked against Unity's C# reference
// source), bodies that throw. Compiled against, never run. Declare only what the sources use.
using System;
using UnityEngine;
using Object = UnityEngine.Object;

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

    public partial class Editor : ScriptableObject
    {
        public Object target { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Object[] targets { get { throw Stub.Unity(); } }
        public SerializedObject serializedObject { get { throw Stub.Unity(); } }
        public virtual void OnInspectorGUI() { throw Stub.Unity(); }
        public void Repaint() { throw Stub.Unity(); }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = false)]
    public class CustomEditor : Attribute
    {
        public CustomEditor(Type inspectedType) { }
        public CustomEditor(Type inspectedType, bool editorForChildClasses) { }
        public bool isFallback { get; set; }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class CustomPropertyDrawer : Attribute
    {
        public CustomPropertyDrawer(Type type) { }
        public CustomPropertyDrawer(Type type, bool useForChildren) { }
    }

    public abstract class GUIDrawer
    {
    }

    public abstract class PropertyDrawer : GUIDrawer
    {
        public PropertyAttribute attribute { get { throw Stub.Unity(); } }
        public System.Reflection.FieldInfo fieldInfo { get { throw Stub.Unity(); } }
        public virtual void OnGUI(Rect position, SerializedProperty property, GUIContent label) { throw Stub.Unity(); }
        public virtual float GetPropertyHeight(SerializedProperty property, GUIContent label) { throw Stub.Unity(); }
    }

    public enum SerializedPropertyType
    {
        Generic = -1, Integer = 0, Boolean = 1, Float = 2, String = 3, Color = 4, ObjectReference = 5,
        LayerMask = 6, Enum = 7, Vector2 = 8, Vector3 = 9, Vector4 = 10, Rect = 11, ArraySize = 12,
        Character = 13, AnimationCurve = 14, Bounds = 15, Gradient = 16, Quaternion = 17,
        ExposedReference = 18, FixedBufferSize = 19, Vector2Int = 20, Vector3Int = 21, RectInt = 22,
        BoundsInt = 23, ManagedReference = 24, Hash128 = 25,
    }

    public class SerializedObject : IDisposable
    {
        public Object targetObject { get { throw Stub.Unity(); } }
        public SerializedProperty FindProperty(string propertyPath) { throw Stub.Unity(); }
        public void Dispose() { throw Stub.Unity(); }
    }

    public class SerializedProperty : IDisposable
    {
        public SerializedObject serializedObject { get { throw Stub.Unity(); } }
        public string propertyPath { get { throw Stub.Unity(); } }
        public SerializedPropertyType propertyType { get { throw Stub.Unity(); } }
        public bool hasMultipleDifferentValues { get { throw Stub.Unity(); } }
        public string stringValue { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Object objectReferenceValue { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public void Dispose() { throw Stub.Unity(); }
    }

    public partial class AssetImporter : Object
    {
        public string assetPath { get { throw Stub.Unity(); } }
    }

    public class ProjectWindowUtil
    {
        public static void CreateAssetWithContent(string filename, string content, Texture2D icon = null) { throw Stub.Unity(); }
    }

    public partial class EditorUtility
    {
        public static string SaveFilePanel(string title, string directory, string defaultName, string extension) { throw Stub.Unity(); }
        public static void RevealInFinder(string path) { throw Stub.Unity(); }
    }

    public sealed partial class EditorGUIUtility : GUIUtility
    {
        public static float singleLineHeight { get { throw Stub.Unity(); } }
        public static float standardVerticalSpacing { get { throw Stub.Unity(); } }
        public static float currentViewWidth { get { throw Stub.Unity(); } }
        public new static string systemCopyBuffer { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public sealed partial class EditorGUI
    {
        public static bool showMixedValue { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public static void BeginChangeCheck() { throw Stub.Unity(); }
        public static bool EndChangeCheck() { throw Stub.Unity(); }
        public static GUIContent BeginProperty(Rect totalPosition, GUIContent label, SerializedProperty property) { throw Stub.Unity(); }
        public static void EndProperty() { throw Stub.Unity(); }
        public static void LabelField(Rect position, string label) { throw Stub.Unity(); }
        public static void LabelField(Rect position, string label, string label2) { throw Stub.Unity(); }
        public static string TextField(Rect position, GUIContent label, string text) { throw Stub.Unity(); }
        public static int Popup(Rect position, GUIContent label, int selectedIndex, GUIContent[] displayedOptions) { throw Stub.Unity(); }
        public static void HelpBox(Rect position, string message, MessageType type) { throw Stub.Unity(); }
        public static void DrawRect(Rect rect, Color color) { throw Stub.Unity(); }

        public struct DisabledScope : IDisposable
        {
            public DisabledScope(bool disabled) { throw Stub.Unity(); }
            public void Dispose() { throw Stub.Unity(); }
        }
    }

    public sealed partial class Handles
    {
        public static void DrawBezier(Vector3 startPosition, Vector3 endPosition, Vector3 startTangent, Vector3 endTangent,
            Color color, Texture2D texture, float width) { throw Stub.Unity(); }
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
        public static Object activeObject { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public sealed class EditorApplication
    {
        public static bool isPlaying { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public static event Action<PlayModeStateChange> playModeStateChanged { add { throw Stub.Unity(); } remove { throw Stub.Unity(); } }
    }

    public enum PlayModeStateChange { EnteredEditMode = 0, ExitingEditMode = 1, EnteredPlayMode = 2, ExitingPlayMode = 3 }

    public enum MessageType { None = 0, Info = 1, Warning = 2, Error = 3 }

    public sealed class EditorStyles
    {
        public static GUIStyle label { get { throw Stub.Unity(); } }
        public static GUIStyle miniLabel { get { throw Stub.Unity(); } }
        public static GUIStyle boldLabel { get { throw Stub.Unity(); } }
        public static GUIStyle miniBoldLabel { get { throw Stub.Unity(); } }
        public static GUIStyle wordWrappedMiniLabel { get { throw Stub.Unity(); } }
        public static GUIStyle wordWrappedLabel { get { throw Stub.Unity(); } }
        public static GUIStyle whiteMiniLabel { get { throw Stub.Unity(); } }
        public static GUIStyle textField { get { throw Stub.Unity(); } }
        public static GUIStyle textArea { get { throw Stub.Unity(); } }
        public static GUIStyle toolbar { get { throw Stub.Unity(); } }
        public static GUIStyle toolbarButton { get { throw Stub.Unity(); } }
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
        public static Object ObjectField(Object obj, Type objType, bool allowSceneObjects, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static int Popup(int selectedIndex, string[] displayedOptions, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static int Popup(string label, int selectedIndex, string[] displayedOptions, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static bool ToggleLeft(string label, bool value, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static Rect BeginHorizontal(params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static Rect BeginHorizontal(GUIStyle style, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void EndHorizontal() { throw Stub.Unity(); }
        public static Rect GetControlRect(params GUILayoutOption[] options) { throw Stub.Unity(); }
    }
}

namespace UnityEditor.AssetImporters
{
    public class AssetImportContext
    {
        public string assetPath { get { throw Stub.Unity(); } }
        public void AddObjectToAsset(string identifier, Object obj) { throw Stub.Unity(); }
        public void SetMainObject(Object obj) { throw Stub.Unity(); }
        public void LogImportError(string msg, Object obj = null) { throw Stub.Unity(); }
        public void LogImportWarning(string msg, Object obj = null) { throw Stub.Unity(); }
    }

    public abstract class ScriptedImporter : AssetImporter
    {
        public abstract void OnImportAsset(AssetImportContext ctx);
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public class ScriptedImporterAttribute : Attribute
    {
        public int version { get; private set; }
        public int importQueuePriority { get; private set; }
        public string[] fileExtensions { get; private set; }
        public string[] overrideFileExtensions { get; private set; }
        public bool AutoSelect = true;
        public bool AllowCaching = false;
        public ScriptedImporterAttribute(int version, string ext) { }
        public ScriptedImporterAttribute(int version, string ext, int importQueueOffset) { }
        public ScriptedImporterAttribute(int version, string[] exts) { }
        public ScriptedImporterAttribute(int version, string[] exts, string[] overrideExts) { }
        public ScriptedImporterAttribute(int version, string[] exts, int importQueueOffset) { }
        public ScriptedImporterAttribute(int version, string[] exts, string[] overrideExts, int importQueueOffset) { }
    }
}
