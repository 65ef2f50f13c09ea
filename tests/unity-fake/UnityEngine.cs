// A TEST DOUBLE OF UNITY, NOT UNITY. A small working stand-in for the part of the UnityEngine
// API that the Village sample (unity-sample/Samples~/Village) uses, so that the sample can run
// under Mono with NUnit where no Unity editor is installed (tests/unity-fake, run by
// scripts/test-csharp.sh). Namespaces, names and signatures are those of
// tests/unity-stubs/UnityEngine.cs (which follows Unity 2021.3); the bodies work. The scene
// and its frame loop are driven by the test-only FakeUnity.FakeEngine (bottom of this file).
//
// What it models: GameObjects with components and a Transform hierarchy (positions are
// translations only); AddComponent, GetComponent(s) (interfaces too), GetComponentInParent;
// MonoBehaviour messages found by name as Unity does (Awake inside AddComponent, then OnEnable
// if enabled; Start before the first Update of an enabled behaviour; FixedUpdate, Update,
// LateUpdate; OnDisable when `enabled` turns false or before OnDestroy when destroyed (a
// GameObject's whole hierarchy gets OnDisable before any OnDestroy, as Unity deactivates it first); OnEnable
// when `enabled` turns true again), in [DefaultExecutionOrder] order (then creation order); an
// exception thrown by a message is logged with Debug.LogException, as Unity does; FixedUpdate
// run 0..n times per frame by a fixed-step accumulator before Update (Time.deltaTime reads
// Time.fixedDeltaTime inside it, as in Unity); Object.Destroy deferred to the end of the frame,
// a GameObject taking its components and children along; destroyed objects equal to null;
// Object.DontDestroyOnLoad (such roots survive FakeEngine.UnloadScene, not FakeEngine.Reset);
// [RuntimeInitializeOnLoadMethod] static methods, run by
// FakeEngine.SimulateEnterPlayModeWithoutDomainReload (statics kept, as with Unity's "Enter
// Play Mode Options" and domain reload off); Time.deltaTime/fixedDeltaTime/time/frameCount;
// Debug.Log* captured (FakeEngine.Logs); TextAsset; JsonUtility.FromJson for public and
// [SerializeField] fields of [Serializable] types; Vector3, Quaternion.Euler, Color and Mathf
// basics; Camera.main (the first enabled Camera); Unity.Profiling.ProfilerMarker (Begin/End
// counted per marker, FakeEngine.ProfilerSamples; compiled in with ENABLE_PROFILER only, as in
// Unity); Unity.Jobs' IJobParallelFor, JobHandle and IJobParallelForExtensions.Schedule on
// real threads (FakeJobs: 3 dedicated background worker threads, JobsUtility.JobWorkerCount,
// the completing thread helps; FakeEngine.JobIndicesRunOffMainThread counts the work done
// elsewhere), without garbage per schedule once warm.
//
// What it does not model (so a test passing here says nothing about it): rendering, physics,
// the editor and the inspector (serialized fields are set by FakeEngine.SetSerializedField in a
// FakeEngine.AddComponent callback, as scene loading would before Awake), rotation and scale in
// the hierarchy (LookAt does nothing), active/inactive GameObjects (SetActive), several scenes
// (one scene; UnloadScene destroys its roots), coroutines, tags, [RequireComponent] beyond
// TextMesh's MeshRenderer, [DisallowMultipleComponent], Instantiate and prefabs
// (NotSupportedException), the IMGUI types of the stubs, IL2CPP, WebGL, Burst, the job
// system's safety checks and dependencies beyond completing them first, Unity's threading
// rules (any thread may call anything here), Time.fixedTime and Unity's exact ordering between
// behaviours of the same execution order.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using System.Text;
using System.Threading;
using FakeUnity;

namespace UnityEngine
{
    /// <summary>Unity's log message kinds (same values as Unity's).</summary>
    public enum LogType { Error = 0, Assert = 1, Warning = 2, Log = 3, Exception = 4 }

    public class Object
    {
        string objectName = "";
        internal bool destroyed;
        internal bool destroyPending;
        internal bool dontDestroyOnLoad;

        public string name { get { return GetName(); } set { SetName(value); } }
        internal virtual string GetName() { return objectName; }
        internal virtual void SetName(string value) { objectName = value ?? ""; }

        /// <summary>Destroyed at the end of the current frame (of the next one when called between frames).</summary>
        public static void Destroy(Object obj) { FakeEngine.ScheduleDestroy(obj); }

        /// <summary>Marks the root GameObject of <paramref name="target"/> to survive FakeEngine.UnloadScene.</summary>
        public static void DontDestroyOnLoad(Object target)
        {
            var go = target as GameObject ?? (target is Component ? ((Component)target).gameObject : null);
            if (go == null) return;
            if (go.transform.parentTransform != null)
            {
                Debug.LogWarning("DontDestroyOnLoad only works for root GameObjects or components on root GameObjects.", go);
                return;
            }
            go.dontDestroyOnLoad = true;
        }

        public static T Instantiate<T>(T original) where T : Object { throw FakeEngine.NotModelled("Instantiate"); }
        public static T Instantiate<T>(T original, Transform parent) where T : Object { throw FakeEngine.NotModelled("Instantiate"); }
        public static T Instantiate<T>(T original, Vector3 position, Quaternion rotation) where T : Object { throw FakeEngine.NotModelled("Instantiate"); }

        // Unity's Object compares destroyed objects equal to null.
        static bool IsNull(Object o) { return ReferenceEquals(o, null) || o.destroyed; }
        public static implicit operator bool(Object exists) { return !IsNull(exists); }
        public static bool operator ==(Object x, Object y)
        {
            bool xNull = IsNull(x), yNull = IsNull(y);
            if (xNull || yNull) return xNull && yNull;
            return ReferenceEquals(x, y);
        }
        public static bool operator !=(Object x, Object y) { return !(x == y); }
        public override bool Equals(object other)
        {
            if (other != null && !(other is Object)) return false;
            return this == (Object)other;
        }
        public override int GetHashCode() { return System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(this); }
        public override string ToString() { return name + " (" + GetType().FullName + ")"; }
    }

    public class Component : Object
    {
        internal GameObject owner;
        internal override string GetName() { return owner.name; }
        internal override void SetName(string value) { owner.name = value; }
        public Transform transform { get { return owner.transform; } }
        public GameObject gameObject { get { return owner; } }
        public T GetComponent<T>() { return owner.GetComponent<T>(); }
        public T GetComponentInParent<T>()
        {
            for (var t = owner.transform; t != null; t = t.parentTransform)
            {
                var c = t.owner.GetComponent<T>();
                if (c != null) return c;
            }
            return default(T);
        }
        public T[] GetComponents<T>() { return owner.GetComponents<T>(); }
    }

    public class Behaviour : Component
    {
        bool isEnabled = true;
        public bool enabled
        {
            get { return isEnabled; }
            set
            {
                if (isEnabled == value) return;
                isEnabled = value;
                var mb = this as MonoBehaviour;
                if (mb != null) FakeEngine.EnabledChanged(mb, value);
            }
        }
    }

    public class MonoBehaviour : Behaviour
    {
        // The messages Unity would send, found by name once (FakeEngine).
        internal Action awake, start, update, lateUpdate, onDestroy, onEnable, onDisable, fixedUpdate;
        internal bool awoken, awakeDone, started, onEnabledSent;
        internal int executionOrder, creationIndex;
    }

    public class ScriptableObject : Object
    {
        /// <summary>A new instance (OnEnable and Awake are not sent: not modelled).</summary>
        public static T CreateInstance<T>() where T : ScriptableObject { return (T)Activator.CreateInstance(typeof(T), true); }
    }

    public sealed class GameObject : Object
    {
        internal readonly List<Component> components = new List<Component>();
        internal readonly Transform transformComponent;

        public GameObject(string name)
        {
            this.name = name;
            transformComponent = new Transform();
            transformComponent.owner = this;
            components.Add(transformComponent);
            FakeEngine.Register(this);
        }

        public Transform transform { get { return transformComponent; } }

        public T AddComponent<T>() where T : Component { return AddComponent<T>(null); }

        internal T AddComponent<T>(Action<T> beforeAwake) where T : Component
        {
            if (destroyed) throw new InvalidOperationException("AddComponent on a destroyed GameObject");
            var type = typeof(T);
            if (type.IsAbstract || type == typeof(Transform) || type == typeof(Component) || type == typeof(Behaviour) || type == typeof(MonoBehaviour))
                throw new ArgumentException("cannot add a component of type " + type.Name);
            var c = (T)Activator.CreateInstance(type, true);
            c.owner = this;
            components.Add(c);
            // [RequireComponent(typeof(MeshRenderer))] of Unity's TextMesh.
            if (c is TextMesh && GetComponent<MeshRenderer>() == null) AddComponent<MeshRenderer>();
            if (beforeAwake != null) beforeAwake(c);
            var mb = c as MonoBehaviour;
            if (mb != null) FakeEngine.Attach(mb);
            return c;
        }

        public T GetComponent<T>()
        {
            for (int i = 0; i < components.Count; i++)
            {
                var c = components[i];
                if (!c.destroyed && c is T) return (T)(object)c;
            }
            return default(T);
        }

        public T[] GetComponents<T>()
        {
            var found = new List<T>();
            foreach (var c in components) if (!c.destroyed && c is T) found.Add((T)(object)c);
            return found.ToArray();
        }

        /// <summary>A GameObject with a MeshRenderer (Unity adds a MeshFilter and a Collider too: not modelled).</summary>
        public static GameObject CreatePrimitive(PrimitiveType type)
        {
            var go = new GameObject(type.ToString());
            go.AddComponent<MeshRenderer>();
            return go;
        }
    }

    public enum PrimitiveType { Sphere = 0, Capsule = 1, Cylinder = 2, Cube = 3, Plane = 4, Quad = 5 }

    /// <summary>A position in a hierarchy of translations: rotation and scale are stored, never applied to children.</summary>
    public class Transform : Component
    {
        internal Transform parentTransform;
        internal readonly List<Transform> children = new List<Transform>();
        Vector3 local;

        public Vector3 position
        {
            get { return parentTransform == null ? local : parentTransform.position + local; }
            set { local = parentTransform == null ? value : value - parentTransform.position; }
        }
        public Vector3 localPosition { get { return local; } set { local = value; } }
        public Transform parent { get { return parentTransform; } set { SetParent(value, true); } }
        public Quaternion rotation { get; set; } = Quaternion.identity;
        public Vector3 localScale { get; set; } = new Vector3(1f, 1f, 1f);

        public void SetParent(Transform parent, bool worldPositionStays)
        {
            var world = position;
            if (parentTransform != null) parentTransform.children.Remove(this);
            parentTransform = parent;
            if (parent != null) parent.children.Add(this);
            if (worldPositionStays) position = world;
        }

        /// <summary>Not modelled: rotation is not computed.</summary>
        public void LookAt(Vector3 worldPosition) { }
    }

    public class Renderer : Component
    {
        Material instance;
        /// <summary>Like Unity: the renderer's own copy, made on first use.</summary>
        public Material material
        {
            get { return instance ?? (instance = new Material { color = sharedMaterial != null ? sharedMaterial.color : Color.white }); }
            set { instance = value; }
        }
        public Material sharedMaterial { get; set; }
    }

    public class MeshRenderer : Renderer
    {
    }

    public class Material : Object
    {
        public Color color { get; set; } = Color.white;
    }

    public sealed class Camera : Behaviour
    {
        /// <summary>The first enabled Camera of the scene (Unity looks for the "MainCamera" tag: tags are not modelled).</summary>
        public static Camera main { get { return FakeEngine.FindFirst<Camera>(); } }
    }

    public sealed class Font : Object
    {
        public Material material { get; set; } = new Material();
    }

    public sealed class Resources
    {
        static readonly Dictionary<string, Object> builtin = new Dictionary<string, Object>();

        /// <summary>The built-in fonts of Unity 2021.3 ("Arial.ttf") and 2022.2+ ("LegacyRuntime.ttf"); null for anything else.</summary>
        public static T GetBuiltinResource<T>(string path) where T : Object
        {
            if (typeof(T) != typeof(Font) || (path != "Arial.ttf" && path != "LegacyRuntime.ttf")) return null;
            Object found;
            if (!builtin.TryGetValue(path, out found)) builtin[path] = found = new Font { name = path };
            return (T)found;
        }
    }

    public class TextAsset : Object
    {
        readonly string content;
        public TextAsset() : this("") { }
        public TextAsset(string text) { content = text ?? ""; }
        public string text { get { return content; } }
    }

    public enum TextAnchor
    {
        UpperLeft = 0, UpperCenter = 1, UpperRight = 2, MiddleLeft = 3, MiddleCenter = 4,
        MiddleRight = 5, LowerLeft = 6, LowerCenter = 7, LowerRight = 8,
    }

    public sealed class TextMesh : Component
    {
        public string text { get; set; }
        public Font font { get; set; }
        public TextAnchor anchor { get; set; }
        public float characterSize { get; set; } = 1f;
        public int fontSize { get; set; }
        public Color color { get; set; } = Color.white;
    }

    public struct Vector2
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
        public float sqrMagnitude { get { return x * x + y * y + z * z; } }
        public static Vector3 zero { get { return new Vector3(0f, 0f, 0f); } }
        public static Vector3 MoveTowards(Vector3 current, Vector3 target, float maxDistanceDelta)
        {
            // Unity's own arithmetic (UnityCsReference Vector3.cs), for the same rounding.
            float dx = target.x - current.x, dy = target.y - current.y, dz = target.z - current.z;
            float sq = dx * dx + dy * dy + dz * dz;
            if (sq == 0f || (maxDistanceDelta >= 0f && sq <= maxDistanceDelta * maxDistanceDelta)) return target;
            float dist = (float)Math.Sqrt(sq);
            return new Vector3(current.x + dx / dist * maxDistanceDelta, current.y + dy / dist * maxDistanceDelta, current.z + dz / dist * maxDistanceDelta);
        }
        public static Vector3 operator +(Vector3 a, Vector3 b) { return new Vector3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static Vector3 operator -(Vector3 a, Vector3 b) { return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z); }
        public static Vector3 operator *(Vector3 a, float d) { return new Vector3(a.x * d, a.y * d, a.z * d); }
        public static Vector3 operator *(float d, Vector3 a) { return new Vector3(a.x * d, a.y * d, a.z * d); }
        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0:F2}, {1:F2}, {2:F2})", x, y, z);
        }
    }

    public struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
        public static Quaternion identity { get { return new Quaternion(0f, 0f, 0f, 1f); } }
        /// <summary>Unity's order: z, then x, then y (degrees).</summary>
        public static Quaternion Euler(float x, float y, float z)
        {
            return Axis(0f, 1f, 0f, y) * Axis(1f, 0f, 0f, x) * Axis(0f, 0f, 1f, z);
        }
        static Quaternion Axis(float ax, float ay, float az, float degrees)
        {
            double h = degrees * Math.PI / 360.0;
            float s = (float)Math.Sin(h);
            return new Quaternion(ax * s, ay * s, az * s, (float)Math.Cos(h));
        }
        public static Quaternion operator *(Quaternion a, Quaternion b)
        {
            return new Quaternion(
                a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                a.w * b.y + a.y * b.w + a.z * b.x - a.x * b.z,
                a.w * b.z + a.z * b.w + a.x * b.y - a.y * b.x,
                a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
        }
    }

    public struct Color
    {
        public float r;
        public float g;
        public float b;
        public float a;
        public Color(float r, float g, float b) { this.r = r; this.g = g; this.b = b; a = 1f; }
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
        public static Color white { get { return new Color(1f, 1f, 1f, 1f); } }
    }

    public struct Rect
    {
        public float x { get; set; }
        public float y { get; set; }
        public float width { get; set; }
        public float height { get; set; }
    }

    public struct Mathf
    {
        public const float PI = 3.14159274f;
        public static float Sin(float f) { return (float)Math.Sin(f); }
        public static float Cos(float f) { return (float)Math.Cos(f); }
        public static float Min(float a, float b) { return a < b ? a : b; }
        public static int Min(int a, int b) { return a < b ? a : b; }
        public static float Max(float a, float b) { return a > b ? a : b; }
        public static int Max(int a, int b) { return a > b ? a : b; }
    }

    /// <summary>Set by FakeEngine.Frame: deltaTime is the frame's dt, time the sum of the frames' dt so far, frameCount the frame's number (from 1).</summary>
    public class Time
    {
        public static float deltaTime { get; internal set; }
        /// <summary>The fixed step (default 0.02 s, as in Unity); FakeEngine.Reset restores it.</summary>
        public static float fixedDeltaTime { get; set; } = 0.02f;
        public static float time { get; internal set; }
        public static int frameCount { get; internal set; }
    }

    /// <summary>Seeded with 0 by FakeEngine.Reset (not Unity's generator: only its API).</summary>
    public sealed class Random
    {
        internal static System.Random generator = new System.Random(0);
        public static float value { get { return (float)generator.NextDouble(); } }
        public static float Range(float minInclusive, float maxInclusive) { return minInclusive + (maxInclusive - minInclusive) * value; }
    }

    /// <summary>Every message goes to FakeEngine.Logs (and to stdout with FAKE_UNITY_ECHO=1).</summary>
    public class Debug
    {
        static string Text(object message) { return message == null ? "Null" : message.ToString(); }
        public static void Log(object message) { FakeEngine.AddLog(LogType.Log, Text(message), null, null); }
        public static void Log(object message, Object context) { FakeEngine.AddLog(LogType.Log, Text(message), context, null); }
        public static void LogFormat(string format, params object[] args) { FakeEngine.AddLog(LogType.Log, string.Format(format, args), null, null); }
        public static void LogFormat(Object context, string format, params object[] args) { FakeEngine.AddLog(LogType.Log, string.Format(format, args), context, null); }
        public static void LogWarning(object message, Object context) { FakeEngine.AddLog(LogType.Warning, Text(message), context, null); }
        public static void LogError(object message, Object context) { FakeEngine.AddLog(LogType.Error, Text(message), context, null); }
        public static void LogError(object message) { FakeEngine.AddLog(LogType.Error, Text(message), null, null); }
        public static void LogWarning(object message) { FakeEngine.AddLog(LogType.Warning, Text(message), null, null); }
        public static void LogException(Exception exception, Object context)
        {
            FakeEngine.AddLog(LogType.Exception, exception == null ? "Null" : exception.GetType().FullName + ": " + exception.Message, context, exception);
        }
    }

    /// <summary>
    /// Unity's rules, roughly: public or [SerializeField] instance fields (not readonly, not
    /// [NonSerialized]) of a [Serializable] class or struct (the top-level type need not be);
    /// strings, numbers, bools, enums (as numbers), arrays and List&lt;T&gt; of those, nested
    /// [Serializable] types; other keys are ignored; an object field missing from the text
    /// keeps its initializer. Unity Objects cannot be created (ArgumentException, as in Unity).
    /// </summary>
    public static class JsonUtility
    {
        public static T FromJson<T>(string json)
        {
            if (string.IsNullOrEmpty(json)) return default(T);
            if (typeof(Object).IsAssignableFrom(typeof(T)))
                throw new ArgumentException("Cannot deserialize JSON to new instances of type '" + typeof(T).Name + ".'");
            var parser = new FakeJson(json);
            var root = parser.ParseDocument() as Dictionary<string, object>;
            if (root == null) throw new ArgumentException("JSON parse error: the root is not an object");
            return (T)FakeJson.Bind(typeof(T), root);
        }
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

    /// <summary>Not modelled: the fake adds no required component (but TextMesh's MeshRenderer).</summary>
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

    /// <summary>Run by FakeEngine.SimulateEnterPlayModeWithoutDomainReload (and only then).</summary>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
    public class RuntimeInitializeOnLoadMethodAttribute : Attribute
    {
        public RuntimeInitializeOnLoadMethodAttribute() { loadType = RuntimeInitializeLoadType.AfterSceneLoad; }
        public RuntimeInitializeOnLoadMethodAttribute(RuntimeInitializeLoadType loadType) { this.loadType = loadType; }
        public RuntimeInitializeLoadType loadType { get; set; }
    }

    /// <summary>A minimal JSON reader for JsonUtility (objects, arrays, strings, numbers, true/false/null).</summary>
    sealed class FakeJson
    {
        readonly string s;
        int i;
        internal FakeJson(string text) { s = text; }

        internal object ParseDocument()
        {
            var v = Value();
            Space();
            if (i != s.Length) throw Error("text after the root value");
            return v;
        }

        Exception Error(string what) { return new ArgumentException("JSON parse error at " + i + ": " + what); }
        void Space() { while (i < s.Length && char.IsWhiteSpace(s[i])) i++; }

        object Value()
        {
            Space();
            if (i >= s.Length) throw Error("unexpected end");
            char c = s[i];
            if (c == '{')
            {
                i++;
                var o = new Dictionary<string, object>();
                Space();
                if (i < s.Length && s[i] == '}') { i++; return o; }
                while (true)
                {
                    Space();
                    if (i >= s.Length || s[i] != '"') throw Error("expected a key");
                    var key = String();
                    Space();
                    if (i >= s.Length || s[i++] != ':') throw Error("expected ':'");
                    o[key] = Value();
                    Space();
                    if (i < s.Length && s[i] == ',') { i++; continue; }
                    if (i < s.Length && s[i] == '}') { i++; return o; }
                    throw Error("expected ',' or '}'");
                }
            }
            if (c == '[')
            {
                i++;
                var a = new List<object>();
                Space();
                if (i < s.Length && s[i] == ']') { i++; return a; }
                while (true)
                {
                    a.Add(Value());
                    Space();
                    if (i < s.Length && s[i] == ',') { i++; continue; }
                    if (i < s.Length && s[i] == ']') { i++; return a; }
                    throw Error("expected ',' or ']'");
                }
            }
            if (c == '"') return String();
            if (Word("true")) return true;
            if (Word("false")) return false;
            if (Word("null")) return null;
            int start = i;
            while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;
            double d;
            if (start == i || !double.TryParse(s.Substring(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture, out d))
                throw Error("bad value");
            return d;
        }

        bool Word(string w)
        {
            if (string.CompareOrdinal(s, i, w, 0, w.Length) != 0) return false;
            i += w.Length;
            return true;
        }

        string String()
        {
            i++;
            var b = new StringBuilder();
            while (true)
            {
                if (i >= s.Length) throw Error("unterminated string");
                char c = s[i++];
                if (c == '"') return b.ToString();
                if (c != '\\') { b.Append(c); continue; }
                if (i >= s.Length) throw Error("unterminated escape");
                char e = s[i++];
                switch (e)
                {
                    case 'n': b.Append('\n'); break;
                    case 't': b.Append('\t'); break;
                    case 'r': b.Append('\r'); break;
                    case 'b': b.Append('\b'); break;
                    case 'f': b.Append('\f'); break;
                    case 'u':
                        if (i + 4 > s.Length) throw Error("bad \\u escape");
                        b.Append((char)int.Parse(s.Substring(i, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        i += 4;
                        break;
                    default: b.Append(e); break;
                }
            }
        }

        static bool Serializable(Type t) { return (t.Attributes & TypeAttributes.Serializable) != 0; }

        internal static object Bind(Type type, Dictionary<string, object> values)
        {
            object target = Activator.CreateInstance(type, true);
            for (var t = type; t != null && t != typeof(object); t = t.BaseType)
            {
                foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    if (f.IsInitOnly || f.IsNotSerialized) continue;
                    if (!f.IsPublic && f.GetCustomAttributes(typeof(SerializeField), true).Length == 0) continue;
                    object v;
                    if (!values.TryGetValue(f.Name, out v)) continue;
                    object converted;
                    if (Convert(f.FieldType, v, out converted)) f.SetValue(target, converted);
                }
            }
            return target;
        }

        static bool Convert(Type t, object v, out object result)
        {
            result = null;
            if (t == typeof(string)) { result = v as string; return v == null || v is string; }
            if (t == typeof(bool)) { if (!(v is bool)) return false; result = v; return true; }
            if (t.IsEnum) { if (!(v is double)) return false; result = Enum.ToObject(t, (long)(double)v); return true; }
            if (t.IsPrimitive) { if (!(v is double)) return false; result = System.Convert.ChangeType((double)v, t, CultureInfo.InvariantCulture); return true; }
            if (t.IsArray || (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(List<>)))
            {
                var element = t.IsArray ? t.GetElementType() : t.GetGenericArguments()[0];
                var items = v as List<object>;
                if (items == null) return false;
                var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(element));
                foreach (var item in items)
                {
                    object e;
                    list.Add(Convert(element, item, out e) ? e : (element.IsValueType ? Activator.CreateInstance(element) : null));
                }
                if (!t.IsArray) { result = list; return true; }
                var array = Array.CreateInstance(element, list.Count);
                list.CopyTo(array, 0);
                result = array;
                return true;
            }
            var o = v as Dictionary<string, object>;
            if (o == null || !Serializable(t) || typeof(Object).IsAssignableFrom(t)) return false;
            result = Bind(t, o);
            return true;
        }
    }
}

namespace FakeUnity
{
    using UnityEngine;
    using Object = UnityEngine.Object;

    /// <summary>One message of Debug.Log*, with the frame it was logged in.</summary>
    public sealed class LogEntry
    {
        public readonly LogType Type;
        public readonly string Message;
        public readonly Object Context;
        public readonly Exception Exception;
        public readonly int Frame;
        public readonly float Time;

        internal LogEntry(LogType type, string message, Object context, Exception exception, int frame, float time)
        {
            Type = type; Message = message; Context = context; Exception = exception; Frame = frame; Time = time;
        }

        public bool IsError { get { return Type == LogType.Error || Type == LogType.Exception || Type == LogType.Assert; } }

        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "[frame {0}, {1:0.00} s] {2} {3}{4}", Frame, Time, Type, Message,
                ReferenceEquals(Context, null) ? "" : "  <" + Context.name + ">");
        }
    }

    /// <summary>
    /// The test-only driver of the fake scene: one static scene (UnityEngine's API is static),
    /// its frame loop and its log. Not part of Unity's API.
    /// </summary>
    public static class FakeEngine
    {
        /// <summary>Which OnDestroy runs first when a GameObject is destroyed with its children (Unity does not define it).</summary>
        public enum DestroyOrder { ParentFirst, ChildrenFirst }

        static readonly List<GameObject> objects = new List<GameObject>();
        static readonly List<MonoBehaviour> behaviours = new List<MonoBehaviour>();
        static readonly List<MonoBehaviour> added = new List<MonoBehaviour>();
        static readonly List<Object> toDestroy = new List<Object>();
        static readonly List<LogEntry> logs = new List<LogEntry>();
        static int creations;
        static bool inFrame;
        static double fixedAccumulator;
        static readonly int mainThread = Thread.CurrentThread.ManagedThreadId;
        static readonly Dictionary<string, MarkerCounter> markers = new Dictionary<string, MarkerCounter>();
        static List<MethodInfo> initializers;
        internal static long jobIndicesOffMain;
        static readonly bool echo = Environment.GetEnvironmentVariable("FAKE_UNITY_ECHO") == "1";

        /// <summary>The order used by the next destructions (Reset sets ParentFirst).</summary>
        public static DestroyOrder HierarchyDestroyOrder { get; set; }

        /// <summary>Everything logged since Reset.</summary>
        public static IList<LogEntry> Logs { get { return logs.AsReadOnly(); } }

        /// <summary>Frames run since Reset.</summary>
        public static int FrameCount { get { return Time.frameCount; } }

        /// <summary>
        /// Destroys everything (OnDisable and OnDestroy run), DontDestroyOnLoad objects
        /// included, then clears the log and the clock.
        /// </summary>
        public static void Reset()
        {
            DestroyRoots(true);
            objects.Clear();
            behaviours.Clear();
            added.Clear();
            fixedAccumulator = 0;
            Time.fixedDeltaTime = 0.02f;
            logs.Clear();
            creations = 0;
            Time.deltaTime = 0f;
            Time.time = 0f;
            Time.frameCount = 0;
            UnityEngine.Random.generator = new System.Random(0);
            HierarchyDestroyOrder = DestroyOrder.ParentFirst;
        }

        /// <summary>
        /// Destroys every root GameObject now (OnDisable, then OnDestroy), as unloading the
        /// scene would, but those marked with Object.DontDestroyOnLoad.
        /// </summary>
        public static void UnloadScene() { DestroyRoots(false); }

        /// <summary>Destroys every root GameObject now, DontDestroyOnLoad ones included; the log and the clock stay.</summary>
        public static void UnloadAll() { DestroyRoots(true); }

        static void DestroyRoots(bool dontDestroyOnLoadToo)
        {
            foreach (var go in objects.ToArray())
                if (go.transform.parentTransform == null && !go.destroyed && (dontDestroyOnLoadToo || !go.dontDestroyOnLoad))
                    ScheduleDestroy(go);
            ProcessDestroys();
        }

        /// <summary>
        /// Entering Play mode again with domain reload off (Unity's Enter Play Mode Options):
        /// the scene is emptied (Reset) but static fields keep their values, then every static
        /// [RuntimeInitializeOnLoadMethod] method of the loaded assemblies runs, by load type in
        /// Unity's order (SubsystemRegistration, AfterAssembliesLoaded, BeforeSplashScreen,
        /// BeforeSceneLoad, AfterSceneLoad).
        /// </summary>
        public static void SimulateEnterPlayModeWithoutDomainReload()
        {
            Reset();
            RunRuntimeInitializeMethods();
        }

        /// <summary>Runs the static [RuntimeInitializeOnLoadMethod] methods (see SimulateEnterPlayModeWithoutDomainReload) without touching the scene.</summary>
        public static void RunRuntimeInitializeMethods()
        {
            if (initializers == null)
            {
                initializers = new List<MethodInfo>();
                foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
                {
                    bool usesUnity = asm == typeof(Object).Assembly;
                    foreach (var r in asm.GetReferencedAssemblies()) if (r.Name == "UnityEngine") usesUnity = true;
                    if (!usesUnity) continue;
                    Type[] types;
                    try { types = asm.GetTypes(); }
                    catch (ReflectionTypeLoadException e) { types = e.Types; }
                    foreach (var t in types)
                    {
                        if (t == null) continue;
                        foreach (var m in t.GetMethods(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                            if (m.GetParameters().Length == 0 && m.IsDefined(typeof(RuntimeInitializeOnLoadMethodAttribute), false)) initializers.Add(m);
                    }
                }
            }
            var order = new[]
            {
                RuntimeInitializeLoadType.SubsystemRegistration, RuntimeInitializeLoadType.AfterAssembliesLoaded,
                RuntimeInitializeLoadType.BeforeSplashScreen, RuntimeInitializeLoadType.BeforeSceneLoad,
                RuntimeInitializeLoadType.AfterSceneLoad,
            };
            foreach (var when in order)
                foreach (var m in initializers)
                    if (((RuntimeInitializeOnLoadMethodAttribute)m.GetCustomAttributes(typeof(RuntimeInitializeOnLoadMethodAttribute), false)[0]).loadType == when)
                        m.Invoke(null, null);
        }

        /// <summary>How many times the ProfilerMarker named <paramref name="name"/> began (compiled with ENABLE_PROFILER), over the process.</summary>
        public static long ProfilerSamples(string name)
        {
            lock (markers) { MarkerCounter c; return markers.TryGetValue(name, out c) ? Interlocked.Read(ref c.Begins) : 0; }
        }

        /// <summary>Begins minus ends of the ProfilerMarker named <paramref name="name"/>: 0 when every Begin had its End.</summary>
        public static long ProfilerOpen(string name)
        {
            lock (markers) { MarkerCounter c; return markers.TryGetValue(name, out c) ? Interlocked.Read(ref c.Begins) - Interlocked.Read(ref c.Ends) : 0; }
        }

        internal static MarkerCounter Marker(string name)
        {
            lock (markers)
            {
                MarkerCounter c;
                if (!markers.TryGetValue(name ?? "", out c)) markers[name ?? ""] = c = new MarkerCounter();
                return c;
            }
        }

        /// <summary>Job indices (IJobParallelFor.Execute calls) run on a thread other than the one FakeEngine started on, over the process.</summary>
        public static long JobIndicesRunOffMainThread { get { return Interlocked.Read(ref jobIndicesOffMain); } }

        internal static bool OnMainThread { get { return Thread.CurrentThread.ManagedThreadId == mainThread; } }

        /// <summary>
        /// Adds a MonoBehaviour as loading a scene would: <paramref name="deserialize"/> sets its
        /// serialized fields (SetSerializedField) before Awake runs.
        /// </summary>
        public static T AddComponent<T>(GameObject go, Action<T> deserialize) where T : MonoBehaviour
        {
            return go.AddComponent<T>(deserialize);
        }

        /// <summary>
        /// Sets a field as Unity's serializer would: it must be a serialized field (public, or
        /// [SerializeField]; not static, not readonly) of <paramref name="target"/>'s type.
        /// </summary>
        public static void SetSerializedField(Object target, string field, object value)
        {
            FieldInfo f = null;
            for (var t = target.GetType(); t != null && f == null; t = t.BaseType)
                f = t.GetField(field, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly);
            if (f == null) throw new MissingFieldException(target.GetType().Name, field);
            if (f.IsInitOnly || f.IsNotSerialized || (!f.IsPublic && f.GetCustomAttributes(typeof(SerializeField), true).Length == 0))
                throw new InvalidOperationException(target.GetType().Name + "." + field + " is not a serialized field");
            f.SetValue(target, value);
        }

        /// <summary>
        /// One frame of dt seconds: Time set, Start of the enabled behaviours not started yet,
        /// Update, LateUpdate (enabled ones, in execution order), then the destructions asked for.
        /// Makes no garbage itself.
        /// </summary>
        public static void Frame(float dt)
        {
            if (inFrame) throw new InvalidOperationException("Frame inside a frame");
            inFrame = true;
            try
            {
                if (added.Count > 0) MergeAdded();
                Time.frameCount++;
                Time.deltaTime = dt;
                Time.time += dt;
                int n = behaviours.Count;
                for (int i = 0; i < n; i++)
                {
                    var b = behaviours[i];
                    if (b.destroyed || b.started || !b.enabled) continue;
                    b.started = true;
                    Send(b, b.start);
                }
                // Unity's fixed-step loop: as many FixedUpdates as fixed steps fit in the time passed.
                fixedAccumulator += dt;
                float fixedDt = Time.fixedDeltaTime;
                while (fixedDt > 0f && fixedAccumulator >= fixedDt - 1e-7)
                {
                    fixedAccumulator -= fixedDt;
                    Time.deltaTime = fixedDt;
                    for (int i = 0; i < n; i++)
                    {
                        var b = behaviours[i];
                        if (!b.destroyed && b.started && b.enabled) Send(b, b.fixedUpdate);
                    }
                }
                Time.deltaTime = dt;
                for (int i = 0; i < n; i++)
                {
                    var b = behaviours[i];
                    if (!b.destroyed && b.started && b.enabled) Send(b, b.update);
                }
                for (int i = 0; i < n; i++)
                {
                    var b = behaviours[i];
                    if (!b.destroyed && b.started && b.enabled) Send(b, b.lateUpdate);
                }
                if (toDestroy.Count > 0) ProcessDestroys();
            }
            finally { inFrame = false; }
        }

        /// <summary>Frames of dt until <paramref name="seconds"/> of simulated time have passed; afterFrame runs after each.</summary>
        public static void Run(double seconds, float dt, Action afterFrame = null)
        {
            int frames = (int)Math.Round(seconds / dt);
            for (int f = 0; f < frames; f++)
            {
                Frame(dt);
                if (afterFrame != null) afterFrame();
            }
        }

        /// <summary>The live components of type T, in creation order (like Object.FindObjectsOfType).</summary>
        public static List<T> FindAll<T>() where T : Component
        {
            var found = new List<T>();
            foreach (var go in objects)
                if (!go.destroyed)
                    foreach (var c in go.components)
                        if (!c.destroyed && c is T) found.Add((T)c);
            return found;
        }

        internal static T FindFirst<T>() where T : Behaviour
        {
            foreach (var go in objects)
                if (!go.destroyed)
                    foreach (var c in go.components)
                        if (!c.destroyed && c is T && ((Behaviour)c).enabled) return (T)c;
            return null;
        }

        internal static Exception NotModelled(string what) { return new NotSupportedException("FakeEngine does not model " + what); }

        internal static void Register(GameObject go) { objects.Add(go); }

        internal static void AddLog(LogType type, string message, Object context, Exception exception)
        {
            var e = new LogEntry(type, message, context, exception, Time.frameCount, Time.time);
            logs.Add(e);
            if (echo) Console.WriteLine(e);
        }

        /// <summary>Finds the messages of a new behaviour, reads its execution order, sends Awake.</summary>
        internal static void Attach(MonoBehaviour mb)
        {
            var type = mb.GetType();
            mb.awake = Message(mb, "Awake");
            mb.start = Message(mb, "Start");
            mb.update = Message(mb, "Update");
            mb.lateUpdate = Message(mb, "LateUpdate");
            mb.onDestroy = Message(mb, "OnDestroy");
            mb.onEnable = Message(mb, "OnEnable");
            mb.onDisable = Message(mb, "OnDisable");
            mb.fixedUpdate = Message(mb, "FixedUpdate");
            var order = (DefaultExecutionOrder)Attribute.GetCustomAttribute(type, typeof(DefaultExecutionOrder), true);
            mb.executionOrder = order == null ? 0 : order.order;
            mb.creationIndex = creations++;
            if (inFrame) added.Add(mb); else Insert(mb);
            mb.awoken = true;
            Send(mb, mb.awake);
            mb.awakeDone = true;
            if (mb.enabled && !mb.destroyed && !mb.destroyPending && !mb.onEnabledSent)
            {
                mb.onEnabledSent = true;
                Send(mb, mb.onEnable);
            }
        }

        /// <summary>OnEnable or OnDisable for a change of <c>enabled</c> after Awake (not during it, as in Unity).</summary>
        internal static void EnabledChanged(MonoBehaviour mb, bool value)
        {
            if (!mb.awakeDone || mb.destroyed) return;
            if (value && !mb.onEnabledSent && !mb.destroyPending)
            {
                mb.onEnabledSent = true;
                Send(mb, mb.onEnable);
            }
            else if (!value && mb.onEnabledSent)
            {
                mb.onEnabledSent = false;
                Send(mb, mb.onDisable);
            }
        }

        static Action Message(MonoBehaviour mb, string name)
        {
            for (var t = mb.GetType(); t != null && t != typeof(MonoBehaviour); t = t.BaseType)
            {
                var m = t.GetMethod(name, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly, null, Type.EmptyTypes, null);
                if (m == null) continue;
                if (m.ReturnType != typeof(void)) throw NotModelled(t.Name + "." + name + " returning " + m.ReturnType.Name + " (coroutines)");
                return (Action)Delegate.CreateDelegate(typeof(Action), mb, m);
            }
            return null;
        }

        static void Insert(MonoBehaviour mb)
        {
            int at = behaviours.Count;
            while (at > 0 && behaviours[at - 1].executionOrder > mb.executionOrder) at--;
            behaviours.Insert(at, mb);
        }

        static void MergeAdded()
        {
            foreach (var mb in added) Insert(mb);
            added.Clear();
        }

        /// <summary>Like Unity: an exception thrown by a message is logged, and the loop goes on.</summary>
        static void Send(MonoBehaviour mb, Action message)
        {
            if (message == null) return;
            try { message(); }
            catch (Exception e) { Debug.LogException(e, mb); }
        }

        internal static void ScheduleDestroy(Object obj)
        {
            if (ReferenceEquals(obj, null) || obj.destroyed || obj.destroyPending) return;
            if (obj is Transform)
            {
                Debug.LogError("Destroying the transform component is not allowed.", obj);
                return;
            }
            obj.destroyPending = true;
            toDestroy.Add(obj);
        }

        static void ProcessDestroys()
        {
            // OnDestroy may ask for more destructions: they run in this pass too.
            for (int i = 0; i < toDestroy.Count; i++)
            {
                var obj = toDestroy[i];
                var go = obj as GameObject;
                if (go != null)
                {
                    // As Unity: the hierarchy is deactivated (OnDisable everywhere) before anything is destroyed.
                    DisableHierarchy(go);
                    DestroyHierarchy(go);
                }
                else DestroyComponent((Component)obj);
            }
            toDestroy.Clear();
            if (added.Count > 0) added.RemoveAll(b => b.destroyed);
            behaviours.RemoveAll(b => b.destroyed);
            objects.RemoveAll(o => o.destroyed);
        }

        static void DestroyHierarchy(GameObject go)
        {
            if (go.destroyed) return;
            bool parentFirst = HierarchyDestroyOrder == DestroyOrder.ParentFirst;
            if (parentFirst) DestroyComponents(go);
            foreach (var child in go.transform.children.ToArray()) DestroyHierarchy(child.owner);
            if (!parentFirst) DestroyComponents(go);
            go.destroyed = true;
            var parent = go.transform.parentTransform;
            if (parent != null && !parent.owner.destroyed) parent.children.Remove(go.transform);
        }

        static void DisableHierarchy(GameObject go)
        {
            if (go.destroyed) return;
            bool parentFirst = HierarchyDestroyOrder == DestroyOrder.ParentFirst;
            if (parentFirst) DisableComponents(go);
            foreach (var child in go.transform.children.ToArray()) DisableHierarchy(child.owner);
            if (!parentFirst) DisableComponents(go);
        }

        static void DisableComponents(GameObject go)
        {
            foreach (var c in go.components.ToArray())
            {
                var mb = c as MonoBehaviour;
                if (mb == null || mb.destroyed || !mb.onEnabledSent) continue;
                mb.onEnabledSent = false;
                Send(mb, mb.onDisable);
            }
        }

        static void DestroyComponents(GameObject go)
        {
            foreach (var c in go.components.ToArray())
                if (!(c is Transform)) DestroyComponent(c);
            go.transform.destroyed = true;
        }

        static void DestroyComponent(Component c)
        {
            if (c.destroyed) return;
            var mb = c as MonoBehaviour;
            if (mb != null && mb.onEnabledSent)
            {
                mb.onEnabledSent = false;
                Send(mb, mb.onDisable);
            }
            if (mb != null && mb.awoken) Send(mb, mb.onDestroy);
            c.destroyed = true; // stays in its GameObject's list: GetComponent skips it
        }
    }
}

namespace FakeUnity
{
    using System.Threading;

    /// <summary>The counts of one fake ProfilerMarker.</summary>
    internal sealed class MarkerCounter
    {
        internal long Begins;
        internal long Ends;
    }

    /// <summary>
    /// The fake job system: 3 background worker threads started on first use, a queue of
    /// parallel-for batches; a worker (and the thread completing a batch) claims chunks of
    /// innerloopBatchCount indices at a time. Batches and their holders are pooled per job
    /// type: scheduling makes no garbage once warm. Not Unity's scheduler: only its contract
    /// (every index runs once, Complete returns when all have run).
    /// </summary>
    internal static class FakeJobs
    {
        internal const int Workers = 3;
        static readonly Queue<Batch> queue = new Queue<Batch>(64);
        static bool started;

        internal abstract class Batch
        {
            internal int Length, Chunk, Next, Remaining;
            internal int Version;
            internal abstract void Execute(int index);
            internal abstract void Release();

            /// <summary>Claims and runs one chunk; false when none is left to claim.</summary>
            internal bool RunSome()
            {
                int start = Interlocked.Add(ref Next, Chunk) - Chunk;
                if (start >= Length) return false;
                int end = Math.Min(Length, start + Chunk);
                bool off = !FakeEngine.OnMainThread;
                for (int i = start; i < end; i++)
                {
                    Execute(i);
                    if (off) Interlocked.Increment(ref FakeEngine.jobIndicesOffMain);
                }
                if (Interlocked.Add(ref Remaining, -(end - start)) == 0)
                    lock (this) Monitor.PulseAll(this);
                return true;
            }
        }

        internal sealed class Batch<T> : Batch where T : struct, Unity.Jobs.IJobParallelFor
        {
            static readonly Stack<Batch<T>> free = new Stack<Batch<T>>();
            internal T Job;
            internal override void Execute(int index) { Job.Execute(index); }

            internal static Batch<T> Take()
            {
                lock (free) return free.Count > 0 ? free.Pop() : new Batch<T>();
            }

            internal override void Release()
            {
                Volatile.Write(ref Next, int.MaxValue / 2); // nothing left to claim
                Job = default(T);
                Version++;
                lock (free) free.Push(this);
            }
        }

        internal static Unity.Jobs.JobHandle Schedule<T>(T job, int length, int chunk) where T : struct, Unity.Jobs.IJobParallelFor
        {
            if (length < 0) throw new ArgumentOutOfRangeException("arrayLength");
            var b = Batch<T>.Take();
            // A worker may still hold this (pooled) batch from its last use: Next is set last,
            // so it claims nothing until every other field is the new batch's.
            b.Job = job;
            b.Length = length;
            b.Chunk = Math.Max(1, chunk);
            b.Remaining = length;
            Volatile.Write(ref b.Next, 0);
            Start();
            lock (queue)
            {
                queue.Enqueue(b);
                Monitor.PulseAll(queue);
            }
            return new Unity.Jobs.JobHandle(b, b.Version);
        }

        internal static void Complete(Batch b, int version)
        {
            if (b == null || b.Version != version) return; // completed before
            while (b.RunSome()) { }
            lock (b)
            {
                while (Volatile.Read(ref b.Remaining) > 0) Monitor.Wait(b);
            }
            lock (queue)
            {
                if (b.Version != version) return;
                if (queue.Count > 0 && queue.Peek() == b) queue.Dequeue();
                b.Release();
            }
        }

        static void Start()
        {
            lock (queue)
            {
                if (started) return;
                started = true;
                for (int i = 0; i < Workers; i++)
                {
                    var t = new Thread(Work) { IsBackground = true, Name = "FakeJobs worker " + i };
                    t.Start();
                }
            }
        }

        static void Work()
        {
            while (true)
            {
                Batch b;
                lock (queue)
                {
                    // A batch whose indices are all claimed leaves the queue; its Complete releases it.
                    while (queue.Count > 0 && Volatile.Read(ref queue.Peek().Next) >= queue.Peek().Length) queue.Dequeue();
                    if (queue.Count == 0) { Monitor.Wait(queue); continue; }
                    b = queue.Peek();
                }
                while (b.RunSome()) { }
            }
        }
    }
}

namespace Unity.Profiling
{
    using FakeUnity;
    using System.Threading;

    /// <summary>Counts Begin and End per name (FakeEngine.ProfilerSamples); Begin and End exist with ENABLE_PROFILER only, as in Unity.</summary>
    public struct ProfilerMarker
    {
        readonly MarkerCounter counter;
        public ProfilerMarker(string name) { counter = FakeEngine.Marker(name); }
        [System.Diagnostics.Conditional("ENABLE_PROFILER")]
        public void Begin() { if (counter != null) Interlocked.Increment(ref counter.Begins); }
        [System.Diagnostics.Conditional("ENABLE_PROFILER")]
        public void Begin(UnityEngine.Object contextUnityObject) { if (counter != null) Interlocked.Increment(ref counter.Begins); }
        [System.Diagnostics.Conditional("ENABLE_PROFILER")]
        public void End() { if (counter != null) Interlocked.Increment(ref counter.Ends); }
        public AutoScope Auto()
        {
            if (counter != null) Interlocked.Increment(ref counter.Begins);
            return new AutoScope(counter);
        }

        public struct AutoScope : IDisposable
        {
            readonly MarkerCounter counter;
            internal AutoScope(MarkerCounter c) { counter = c; }
            public void Dispose() { if (counter != null) Interlocked.Increment(ref counter.Ends); }
        }
    }
}

namespace Unity.Jobs
{
    using FakeUnity;

    public interface IJobParallelFor
    {
        void Execute(int index);
    }

    public struct JobHandle
    {
        readonly FakeJobs.Batch batch;
        readonly int version;
        internal JobHandle(FakeJobs.Batch batch, int version) { this.batch = batch; this.version = version; }
        public void Complete() { FakeJobs.Complete(batch, version); }
        public bool IsCompleted { get { return batch == null || batch.Version != version || System.Threading.Volatile.Read(ref batch.Remaining) == 0; } }
        /// <summary>The fake's workers start at Schedule: nothing to flush.</summary>
        public static void ScheduleBatchedJobs() { }
    }

    public static class IJobParallelForExtensions
    {
        /// <summary>Runs Execute(0 .. arrayLength - 1) on the fake's workers (dependsOn completed first).</summary>
        public static JobHandle Schedule<T>(this T jobData, int arrayLength, int innerloopBatchCount, JobHandle dependsOn = new JobHandle())
            where T : struct, IJobParallelFor
        {
            dependsOn.Complete();
            return FakeJobs.Schedule(jobData, arrayLength, innerloopBatchCount);
        }

        public static void Run<T>(this T jobData, int arrayLength) where T : struct, IJobParallelFor
        {
            for (int i = 0; i < arrayLength; i++) jobData.Execute(i);
        }
    }
}

namespace Unity.Jobs.LowLevel.Unsafe
{
    public static class JobsUtility
    {
        /// <summary>The fake's worker threads (3); setting it is accepted and ignored.</summary>
        public static int JobWorkerCount { get { return FakeUnity.FakeJobs.Workers; } set { } }
    }
}
