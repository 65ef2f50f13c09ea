// Stand-ins for the part of Unity's UnityEngine API that the goap Unity sources use, so that
// scripts/check-unity-sources.sh can compile them with Mono's mcs where no Unity editor is
// installed. Names, namespaces and signatures are Unity's (2021.3); bodies do nothing or
// throw: this assembly is compiled against, never run. Declare here only what the sources
// use, plus the types whose names could clash with System (UnityEngine.Object, Random), so
// that an ambiguity the real UnityEngine would cause is caught here too.
using System;

namespace UnityEngine
{
    static class Stub
    {
        internal static Exception Unity() { return new NotSupportedException("UnityEngine stub: compile against it, do not run it"); }
    }

    public class Object
    {
        public string name { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }

        public static void Destroy(Object obj) { throw Stub.Unity(); }
        public static void DontDestroyOnLoad(Object target) { throw Stub.Unity(); }
        public static T Instantiate<T>(T original) where T : Object { throw Stub.Unity(); }
        public static T Instantiate<T>(T original, Transform parent) where T : Object { throw Stub.Unity(); }
        public static T Instantiate<T>(T original, Vector3 position, Quaternion rotation) where T : Object { throw Stub.Unity(); }

        // Unity's Object compares destroyed objects equal to null.
        public static implicit operator bool(Object exists) { throw Stub.Unity(); }
        public static bool operator ==(Object x, Object y) { throw Stub.Unity(); }
        public static bool operator !=(Object x, Object y) { throw Stub.Unity(); }
        public override bool Equals(object other) { throw Stub.Unity(); }
        public override int GetHashCode() { throw Stub.Unity(); }
    }

    public class Component : Object
    {
        public Transform transform { get { throw Stub.Unity(); } }
        public GameObject gameObject { get { throw Stub.Unity(); } }
        public T GetComponent<T>() { throw Stub.Unity(); }
        public T GetComponentInParent<T>() { throw Stub.Unity(); }
        public T[] GetComponents<T>() { throw Stub.Unity(); }
    }

    public class Behaviour : Component
    {
        public bool enabled { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public class ScriptableObject : Object
    {
        public static T CreateInstance<T>() where T : ScriptableObject { throw Stub.Unity(); }
    }

    public sealed class GameObject : Object
    {
        public GameObject(string name) { throw Stub.Unity(); }
        public Transform transform { get { throw Stub.Unity(); } }
        public T AddComponent<T>() where T : Component { throw Stub.Unity(); }
        public T GetComponent<T>() { throw Stub.Unity(); }
        public T[] GetComponents<T>() { throw Stub.Unity(); }
        public static GameObject CreatePrimitive(PrimitiveType type) { throw Stub.Unity(); }
    }

    public enum PrimitiveType { Sphere = 0, Capsule = 1, Cylinder = 2, Cube = 3, Plane = 4, Quad = 5 }

    public class Transform : Component
    {
        public Vector3 position { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Vector3 localPosition { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Transform parent { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Quaternion rotation { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Vector3 localScale { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public void SetParent(Transform parent, bool worldPositionStays) { throw Stub.Unity(); }
        public void LookAt(Vector3 worldPosition) { throw Stub.Unity(); }
    }

    public class Renderer : Component
    {
        public Material material { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Material sharedMaterial { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public class MeshRenderer : Renderer
    {
    }

    public class Material : Object
    {
        public Color color { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public sealed class Camera : Behaviour
    {
        public static Camera main { get { throw Stub.Unity(); } }
    }

    public sealed class Font : Object
    {
        public Material material { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public sealed class Resources
    {
        public static T GetBuiltinResource<T>(string path) where T : Object { throw Stub.Unity(); }
    }

    public class TextAsset : Object
    {
        public string text { get { throw Stub.Unity(); } }
    }

    public enum TextAnchor
    {
        UpperLeft = 0, UpperCenter = 1, UpperRight = 2, MiddleLeft = 3, MiddleCenter = 4,
        MiddleRight = 5, LowerLeft = 6, LowerCenter = 7, LowerRight = 8,
    }

    public sealed class TextMesh : Component
    {
        public string text { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Font font { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public TextAnchor anchor { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public float characterSize { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public int fontSize { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Color color { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public partial struct Vector2
    {
        public float x;
        public float y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
    }

    public struct Vector3
    {
        public float x;
        public float y;
        public float z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public float sqrMagnitude { get { throw Stub.Unity(); } }
        public static Vector3 zero { get { throw Stub.Unity(); } }
        public static Vector3 MoveTowards(Vector3 current, Vector3 target, float maxDistanceDelta) { throw Stub.Unity(); }
        public static Vector3 operator +(Vector3 a, Vector3 b) { throw Stub.Unity(); }
        public static Vector3 operator -(Vector3 a, Vector3 b) { throw Stub.Unity(); }
        public static Vector3 operator *(Vector3 a, float d) { throw Stub.Unity(); }
        public static Vector3 operator *(float d, Vector3 a) { throw Stub.Unity(); }
    }

    public struct Quaternion
    {
        public static Quaternion identity { get { throw Stub.Unity(); } }
        public static Quaternion Euler(float x, float y, float z) { throw Stub.Unity(); }
    }

    public struct Color
    {
        public float r;
        public float g;
        public float b;
        public float a;
        public Color(float r, float g, float b) { this.r = r; this.g = g; this.b = b; a = 1f; }
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
        public static Color white { get { throw Stub.Unity(); } }
    }

    public partial struct Rect
    {
        public float x { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public float y { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public float width { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public float height { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public partial struct Mathf
    {
        public const float PI = 3.14159274f;
        public static float Sin(float f) { throw Stub.Unity(); }
        public static float Cos(float f) { throw Stub.Unity(); }
        public static float Min(float a, float b) { throw Stub.Unity(); }
        public static int Min(int a, int b) { throw Stub.Unity(); }
        public static float Max(float a, float b) { throw Stub.Unity(); }
        public static int Max(int a, int b) { throw Stub.Unity(); }
    }

    public class Time
    {
        public static float deltaTime { get { throw Stub.Unity(); } }
        public static float fixedDeltaTime { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public static float time { get { throw Stub.Unity(); } }
        public static int frameCount { get { throw Stub.Unity(); } }
    }

    public sealed class Random
    {
        public static float value { get { throw Stub.Unity(); } }
        public static float Range(float minInclusive, float maxInclusive) { throw Stub.Unity(); }
    }

    public class Debug
    {
        public static void Log(object message) { throw Stub.Unity(); }
        public static void Log(object message, Object context) { throw Stub.Unity(); }
        public static void LogFormat(string format, params object[] args) { throw Stub.Unity(); }
        public static void LogFormat(Object context, string format, params object[] args) { throw Stub.Unity(); }
        public static void LogWarning(object message, Object context) { throw Stub.Unity(); }
        public static void LogError(object message) { throw Stub.Unity(); }
        public static void LogError(object message, Object context) { throw Stub.Unity(); }
        public static void LogWarning(object message) { throw Stub.Unity(); }
        public static void LogException(Exception exception, Object context) { throw Stub.Unity(); }
    }

    public static class JsonUtility
    {
        public static T FromJson<T>(string json) { throw Stub.Unity(); }
    }

    // Serialization and inspector attributes.

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public abstract class PropertyAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Field)]
    public sealed class SerializeField : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public class TooltipAttribute : PropertyAttribute
    {
        public readonly string tooltip;
        public TooltipAttribute(string tooltip) { this.tooltip = tooltip; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = true)]
    public class HeaderAttribute : PropertyAttribute
    {
        public readonly string header;
        public HeaderAttribute(string header) { this.header = header; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class RangeAttribute : PropertyAttribute
    {
        public readonly float min;
        public readonly float max;
        public RangeAttribute(float min, float max) { this.min = min; this.max = max; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class MinAttribute : PropertyAttribute
    {
        public readonly float min;
        public MinAttribute(float min) { this.min = min; }
    }

    [AttributeUsage(AttributeTargets.Field, Inherited = true, AllowMultiple = false)]
    public sealed class TextAreaAttribute : PropertyAttribute
    {
        public readonly int minLines;
        public readonly int maxLines;
        public TextAreaAttribute(int minLines, int maxLines) { this.minLines = minLines; this.maxLines = maxLines; }
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class CreateAssetMenuAttribute : Attribute
    {
        public string menuName { get; set; }
        public string fileName { get; set; }
        public int order { get; set; }
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class DisallowMultipleComponent : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Class)]
    public class DefaultExecutionOrder : Attribute
    {
        public DefaultExecutionOrder(int order) { this.order = order; }
        public int order { get; private set; }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
    public sealed class RequireComponent : Attribute
    {
        public Type m_Type0;
        public RequireComponent(Type requiredComponent) { m_Type0 = requiredComponent; }
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class AddComponentMenu : Attribute
    {
        public AddComponentMenu(string menuName) { }
        public AddComponentMenu(string menuName, int order) { }
    }

    public enum RuntimeInitializeLoadType
    {
        AfterSceneLoad = 0, BeforeSceneLoad = 1, AfterAssembliesLoaded = 2, BeforeSplashScreen = 3,
        SubsystemRegistration = 4,
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
    public class RuntimeInitializeOnLoadMethodAttribute : Attribute
    {
        public RuntimeInitializeOnLoadMethodAttribute() { }
        public RuntimeInitializeOnLoadMethodAttribute(RuntimeInitializeLoadType loadType) { this.loadType = loadType; }
        public RuntimeInitializeLoadType loadType { get; set; }
    }

    // Immediate-mode GUI (the IMGUI module), used by the editor window.

    public class GUIContent
    {
        public GUIContent() { }
        public GUIContent(string text) { this.text = text; }
        public string text { get; set; }
    }

    public sealed partial class GUIStyle
    {
        public float CalcHeight(GUIContent content, float width) { throw Stub.Unity(); }
    }

    public sealed class GUILayoutOption
    {
        GUILayoutOption() { }
    }

    public partial class GUILayout
    {
        public static bool Button(string text, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static GUILayoutOption Height(float height) { throw Stub.Unity(); }
        public static GUILayoutOption MinHeight(float minHeight) { throw Stub.Unity(); }
        public static GUILayoutOption MaxHeight(float maxHeight) { throw Stub.Unity(); }
    }

    public enum EventType
    {
        MouseDown = 0, MouseUp = 1, MouseMove = 2, MouseDrag = 3, KeyDown = 4, KeyUp = 5,
        ScrollWheel = 6, Repaint = 7, Layout = 8,
    }

    public sealed partial class Event
    {
        public static Event current { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public EventType type { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    // ---- Editor-facing additions (the goap editor tools: unity-sample/Editor) ----
    // Kept together here, apart from the runtime types above; the types above that this
    // block extends are declared partial (a stub-only convenience: the names, namespaces and
    // signatures are Unity 2021.3's).

    public class Texture : Object
    {
    }

    public class Texture2D : Texture
    {
    }

    public enum TextClipping { Overflow = 0, Clip = 1 }

    public partial struct Vector2
    {
        public static Vector2 zero { get { throw Stub.Unity(); } }
        public static Vector2 operator +(Vector2 a, Vector2 b) { throw Stub.Unity(); }
        public static Vector2 operator -(Vector2 a, Vector2 b) { throw Stub.Unity(); }
        public static Vector2 operator *(Vector2 a, float d) { throw Stub.Unity(); }
        public static Vector2 operator /(Vector2 a, float d) { throw Stub.Unity(); }
    }

    public partial struct Rect
    {
        public Rect(float x, float y, float width, float height) { throw Stub.Unity(); }
        public float xMax { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public float yMax { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Vector2 center { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public bool Contains(Vector2 point) { throw Stub.Unity(); }
    }

    public partial struct Mathf
    {
        public static float Clamp(float value, float min, float max) { throw Stub.Unity(); }
        public static float Abs(float f) { throw Stub.Unity(); }
    }

    public sealed partial class GUIStyle
    {
        public GUIStyle() { }
        public GUIStyle(GUIStyle other) { throw Stub.Unity(); }
        public TextAnchor alignment { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public bool wordWrap { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public TextClipping clipping { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public float fixedHeight { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
    }

    public partial class GUI
    {
        public static Color color { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public static bool enabled { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public static void Label(Rect position, string text, GUIStyle style) { throw Stub.Unity(); }
        public static void Label(Rect position, GUIContent content, GUIStyle style) { throw Stub.Unity(); }
        public static void BeginClip(Rect position) { throw Stub.Unity(); }
        public static void EndClip() { throw Stub.Unity(); }
    }

    public partial class GUILayout
    {
        public static bool Button(string text, GUIStyle style, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static void Label(string text, GUIStyle style, params GUILayoutOption[] options) { throw Stub.Unity(); }
        public static GUILayoutOption Width(float width) { throw Stub.Unity(); }
        public static void FlexibleSpace() { throw Stub.Unity(); }
        public static void BeginArea(Rect screenRect) { throw Stub.Unity(); }
        public static void EndArea() { throw Stub.Unity(); }
    }

    public class GUIUtility
    {
        public static string systemCopyBuffer { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public static void ExitGUI() { throw Stub.Unity(); }
    }

    public sealed partial class Event
    {
        public Vector2 mousePosition { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public Vector2 delta { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public int button { get { throw Stub.Unity(); } set { throw Stub.Unity(); } }
        public void Use() { throw Stub.Unity(); }
    }
}

namespace UnityEngine.SceneManagement
{
    // Editor-facing addition: the debugger names a saved recording after the active scene.
    public struct Scene
    {
        public string name { get { throw Stub.Unity(); } }
    }

    public class SceneManager
    {
        public static Scene GetActiveScene() { throw Stub.Unity(); }
    }
}

namespace Unity.Profiling
{
    /// <summary>Unity's profiler marker (Unity.Profiling, UnityEngine.CoreModule); Begin and End are compiled in with ENABLE_PROFILER only, as in Unity.</summary>
    public struct ProfilerMarker
    {
        public ProfilerMarker(string name) { throw UnityEngine.Stub.Unity(); }
        [System.Diagnostics.Conditional("ENABLE_PROFILER")]
        public void Begin() { throw UnityEngine.Stub.Unity(); }
        [System.Diagnostics.Conditional("ENABLE_PROFILER")]
        public void Begin(UnityEngine.Object contextUnityObject) { throw UnityEngine.Stub.Unity(); }
        [System.Diagnostics.Conditional("ENABLE_PROFILER")]
        public void End() { throw UnityEngine.Stub.Unity(); }
        public AutoScope Auto() { throw UnityEngine.Stub.Unity(); }

        public struct AutoScope : IDisposable
        {
            public void Dispose() { throw UnityEngine.Stub.Unity(); }
        }
    }
}

namespace Unity.Jobs
{
    public interface IJobParallelFor
    {
        void Execute(int index);
    }

    public struct JobHandle
    {
        public void Complete() { throw UnityEngine.Stub.Unity(); }
        public bool IsCompleted { get { throw UnityEngine.Stub.Unity(); } }
        public static void ScheduleBatchedJobs() { throw UnityEngine.Stub.Unity(); }
    }

    public static class IJobParallelForExtensions
    {
        public static JobHandle Schedule<T>(this T jobData, int arrayLength, int innerloopBatchCount, JobHandle dependsOn = new JobHandle())
            where T : struct, IJobParallelFor { throw UnityEngine.Stub.Unity(); }
        public static void Run<T>(this T jobData, int arrayLength) where T : struct, IJobParallelFor { throw UnityEngine.Stub.Unity(); }
    }
}

namespace Unity.Jobs.LowLevel.Unsafe
{
    public static class JobsUtility
    {
        public static int JobWorkerCount { get { throw UnityEngine.Stub.Unity(); } set { throw UnityEngine.Stub.Unity(); } }
    }
}

namespace AOT
{
    /// <summary>
    /// Unity's attribute (in UnityEngine.dll) that marks a static method called from native
    /// code through a delegate; IL2CPP generates the reverse P/Invoke wrapper for it. With
    /// UNITY_5_3_OR_NEWER defined the wrapper relies on this one instead of its own.
    /// </summary>
    [AttributeUsage(AttributeTargets.Method)]
    public class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
