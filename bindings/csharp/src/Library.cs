using System;
using System.Runtime.InteropServices;
using System.Text;
using AOT;
using Goap.Native;

namespace Goap
{
    /// <summary>
    /// The native library: its version, the load-time compatibility check, and process-wide
    /// counters. Every wrapper type checks compatibility once, on first use.
    /// </summary>
    public static unsafe class Library
    {
        /// <summary>The major version this wrapper was generated for (goap.h's GOAP_VERSION_MAJOR).</summary>
        public const int WrapperMajorVersion = (int)NativeMethods.GOAP_VERSION_MAJOR;

        /// <summary>The minor version this wrapper was generated for (goap.h's GOAP_VERSION_MINOR).</summary>
        public const int WrapperMinorVersion = (int)NativeMethods.GOAP_VERSION_MINOR;

        static volatile bool checkedOnce;
        static readonly object checkLock = new object();

        /// <summary>The loaded library's version, as (major &lt;&lt; 16) | (minor &lt;&lt; 8) | patch.</summary>
        public static int Version
        {
            get { EnsureLoaded(); return (int)NativeMethods.goap_version(); }
        }

        /// <summary>The loaded library's version as text, such as "0.1.0".</summary>
        public static string VersionString
        {
            get { EnsureLoaded(); return Utf8.FromNulTerminated(NativeMethods.goap_version_string()); }
        }

        /// <summary>
        /// Worlds alive in this process (created and not yet destroyed): a leak check. A
        /// <see cref="World"/> neither disposed nor collected yet counts.
        /// </summary>
        public static int LiveWorldCount
        {
            get { EnsureLoaded(); return (int)NativeMethods.goap_world_live_count(); }
        }

        /// <summary>
        /// Bytes the native library currently has allocated (goap_allocated_bytes), through
        /// the system allocator or the host's: a memory budget check. With no world alive it
        /// comes back to what it was before the world, but for small process-wide state (see
        /// goap_allocated_bytes in goap.h).
        /// </summary>
        /// <remarks>
        /// The allocator hook itself (goap_set_allocator) is not wrapped: it must be set before
        /// the library's first allocation, which any call makes (this wrapper's load check
        /// included), and its functions must be callable from any native thread (goap's own
        /// workers) until the process exits, which a managed delegate cannot promise (IL2CPP,
        /// domain reloads). A Unity or engine host sets it from native code before any C#
        /// code touches goap, such as a native plugin's UnityPluginLoad.
        /// </remarks>
        public static long AllocatedBytes
        {
            get { EnsureLoaded(); return (long)NativeMethods.goap_allocated_bytes(); }
        }

        /// <summary>
        /// Forgets the calling thread's last native error message and frees it
        /// (goap_clear_last_error): for leak checks on <see cref="AllocatedBytes"/>.
        /// </summary>
        public static void ClearLastError()
        {
            EnsureLoaded();
            NativeMethods.goap_clear_last_error();
        }

        /// <summary>
        /// Raised on the thread that stepped or batch-planned an agent, for every exception an
        /// <see cref="IAgentContext"/> threw (the search is abandoned: see
        /// <see cref="Agent.SetContext"/>). Exceptions thrown by a handler are ignored.
        /// </summary>
        public static event Action<Exception> ContextException;

        /// <summary>
        /// Removes every <see cref="ContextException"/> handler and the log handler (as
        /// <see cref="SetLogHandler"/>(null) does). Static state survives entering Play mode in
        /// the Unity Editor when domain reload is off ("Enter Play Mode Options"): the Unity
        /// package calls this when a play session starts
        /// (<c>RuntimeInitializeLoadType.SubsystemRegistration</c>), so handlers of the last
        /// session are not called again. Safe from any thread.
        /// </summary>
        public static void ResetHandlers()
        {
            ContextException = null;
            SetLogHandler(null);
        }

        /// <summary>
        /// Loads the native library and checks that its major version is the wrapper's.
        /// Called by every entry point; call it at startup to fail early.
        /// </summary>
        /// <exception cref="GoapLibraryException">The library is missing or incompatible.</exception>
        public static void EnsureLoaded()
        {
            if (checkedOnce) return;
            lock (checkLock)
            {
                if (checkedOnce) return;
                uint version;
                try
                {
                    version = NativeMethods.goap_version();
                }
                catch (DllNotFoundException e)
                {
                    throw new GoapLibraryException(
                        "the native goap library was not found (libgoap.so, goap.dll or libgoap.dylib; " +
                        "statically linked on iOS and WebGL): build it and place it where the runtime " +
                        "looks (in Unity: scripts/unity-stage-plugins.sh)", e);
                }
                catch (EntryPointNotFoundException e)
                {
                    throw new GoapLibraryException("the library loaded as 'goap' is not goap: " + e.Message, e);
                }
                CheckCompatible(version);
                checkedOnce = true;
            }
        }

        /// <summary>
        /// Throws unless <paramref name="nativeVersion"/>'s major part is the wrapper's; while
        /// the major version is 0, the minor part too (before 1.0 a minor release may change
        /// the ABI: see CHANGELOG.md).
        /// </summary>
        internal static void CheckCompatible(uint nativeVersion)
        {
            uint major = nativeVersion >> 16, minor = (nativeVersion >> 8) & 0xFF;
            bool compatible = major == NativeMethods.GOAP_VERSION_MAJOR
                && (major != 0 || minor == NativeMethods.GOAP_VERSION_MINOR);
            if (!compatible)
            {
                throw new GoapLibraryException(string.Format(
                    "the native goap library is version {0}.{1}.{2}, but this wrapper was generated " +
                    "for {3}.{4}: use the library and the wrapper of the same release",
                    major, minor, nativeVersion & 0xFF, NativeMethods.GOAP_VERSION_MAJOR,
                    NativeMethods.GOAP_VERSION_MAJOR == 0 ? NativeMethods.GOAP_VERSION_MINOR.ToString() : "x"));
            }
        }

        /// <summary>The native name of a status, such as "GOAP_STATUS_UNKNOWN_AGENT".</summary>
        public static string StatusName(Status status)
        {
            EnsureLoaded();
            return Utf8.FromNulTerminated(NativeMethods.goap_status_name((int)status));
        }

        /// <summary>
        /// Replays a recording (<see cref="World.StartRecording"/>,
        /// <see cref="World.StopRecordingToMemory"/>) in a new native world of its own and
        /// checks every decision against it. Throws <see cref="GoapException"/> with
        /// <see cref="Status.ReplayDiverged"/> when a decision differed (the message says where
        /// and what), <see cref="Status.InvalidArgument"/> when <paramref name="recording"/> is
        /// not a whole recording (not one, truncated or corrupted).
        /// </summary>
        public static ReplaySummary Replay(byte[] recording)
        {
            if (recording == null) throw new ArgumentNullException("recording");
            EnsureLoaded();
            GoapReplaySummary s = default(GoapReplaySummary);
            s.size = (uint)sizeof(GoapReplaySummary);
            fixed (byte* p = recording)
                Errors.Check(NativeMethods.goap_replay(p, (ulong)recording.Length, &s));
            return new ReplaySummary(s);
        }

        static readonly LogCallback logCallback = OnLog;
        static readonly IntPtr logPointer = Marshal.GetFunctionPointerForDelegate(logCallback);
        /// <summary>The handler, an <c>Action&lt;LogLevel, string&gt;</c> (held as object: it is
        /// managed only, never handed to native code, unlike the delegates the IL2CPP rules
        /// govern).</summary>
        static volatile object logHandler;

        /// <summary>
        /// Routes the library's log messages (today: the message of a panic caught inside a
        /// call, <see cref="LogLevel.Error"/>) to <paramref name="handler"/> for the whole
        /// process; null restores the default (one line on the process's stderr). The handler
        /// may run on any thread that calls goap, several at once; it must not call goap, and
        /// exceptions it throws are ignored. In Unity, route it to <c>Debug.LogError</c>; the
        /// native callback is removed when the domain unloads (an Editor domain reload), so set
        /// the handler again after one (from a <c>RuntimeInitializeOnLoadMethod</c>, say).
        /// </summary>
        public static void SetLogHandler(Action<LogLevel, string> handler)
        {
            EnsureLoaded();
            lock (checkLock)
            {
                logHandler = handler;
                if (handler != null && !unloadHooked)
                {
                    // The native library outlives this domain in the Unity Editor (domain
                    // reload on entering Play mode): the callback must not outlive it.
                    AppDomain.CurrentDomain.DomainUnload += OnDomainUnload;
                    unloadHooked = true;
                }
                GoapLogCallback callback;
                callback.log = handler == null ? null : (void*)logPointer;
                callback.user_data = null;
                Errors.Check(NativeMethods.goap_set_log_callback(&callback));
            }
        }

        static bool unloadHooked;

        /// <summary>Removes the native log callback when this domain unloads (it points into it).</summary>
        static void OnDomainUnload(object sender, EventArgs e)
        {
            logHandler = null;
            GoapLogCallback none;
            none.log = null;
            none.user_data = null;
            NativeMethods.goap_set_log_callback(&none);
        }

        [MonoPInvokeCallback(typeof(LogCallback))]
        static void OnLog(int level, byte* message, uint messageLength, IntPtr userData)
        {
            var handler = logHandler as Action<LogLevel, string>;
            if (handler == null) return;
            try { handler((LogLevel)level, Encoding.UTF8.GetString(message, (int)messageLength)); }
            catch (Exception) { /* a handler's failure must not reach native code */ }
        }

        internal static void RaiseContextException(Exception e)
        {
            var handler = ContextException;
            if (handler == null) return;
            try { handler(e); }
            catch (Exception) { /* a handler's own failure must not reach native code */ }
        }
    }

    /// <summary>The native log callback's signature (goap.h GoapLogFn); see <see cref="Library.SetLogHandler"/>.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal unsafe delegate void LogCallback(int level, byte* message, uint messageLength, IntPtr userData);

    /// <summary>Turns native statuses into exceptions.</summary>
    internal static unsafe class Errors
    {
        [ThreadStatic] static byte[] messageBuffer;

        /// <summary>
        /// The first exception a context threw during the innermost Step or PlanAgents call
        /// running on this thread (each such call saves the outer one, starts empty and
        /// restores it: see <see cref="BeginContextCall"/>).
        /// </summary>
        [ThreadStatic] internal static Exception PendingContextException;

        /// <summary>Starts a call that may run contexts: returns the outer call's pending exception, to pass to <see cref="EndContextCall"/>.</summary>
        internal static Exception BeginContextCall()
        {
            var outer = PendingContextException;
            PendingContextException = null;
            return outer;
        }

        /// <summary>Ends a call that may run contexts: restores the outer call's pending exception.</summary>
        internal static void EndContextCall(Exception outer)
        {
            PendingContextException = outer;
        }

        /// <summary>Throws the <see cref="GoapException"/> for <paramref name="status"/> unless it is Ok.</summary>
        internal static void Check(GoapStatus status)
        {
            if (status != GoapStatus.Ok) throw Failure(status);
        }

        /// <summary>The exception for a failed call: its status and this thread's last error.</summary>
        internal static GoapException Failure(GoapStatus status)
        {
            Exception inner = null;
            if (status == GoapStatus.CallbackFailed)
            {
                inner = PendingContextException;
                PendingContextException = null;
            }
            return new GoapException((Status)status, LastError(), inner);
        }

        /// <summary>This thread's last error message from the native library.</summary>
        internal static string LastError()
        {
            uint len = NativeMethods.goap_last_error_length();
            if (messageBuffer == null || messageBuffer.Length < len + 1) messageBuffer = new byte[Math.Max(256, len + 1)];
            fixed (byte* buf = messageBuffer)
            {
                uint written;
                var s = NativeMethods.goap_last_error_message(buf, (uint)messageBuffer.Length, &written);
                if (s != GoapStatus.Ok) return "(no message: " + s + ")";
                return Encoding.UTF8.GetString(messageBuffer, 0, (int)written);
            }
        }
    }

    /// <summary>UTF-8 conversion into per-thread reusable buffers.</summary>
    internal static unsafe class Utf8
    {
        [ThreadStatic] static byte[] encodeBuffer;
        [ThreadStatic] static byte[] decodeBuffer;

        /// <summary>
        /// <paramref name="s"/> as UTF-8 in this thread's buffer (valid until the next call on
        /// this thread); its byte length goes to <paramref name="length"/>. Null is empty.
        /// </summary>
        internal static byte[] Encode(string s, out uint length)
        {
            if (s == null) s = string.Empty;
            int max = Encoding.UTF8.GetMaxByteCount(s.Length);
            if (encodeBuffer == null || encodeBuffer.Length < max) encodeBuffer = new byte[Math.Max(256, max)];
            length = (uint)Encoding.UTF8.GetBytes(s, 0, s.Length, encodeBuffer, 0);
            return encodeBuffer;
        }

        internal static string FromNulTerminated(byte* p)
        {
            if (p == null) return string.Empty;
            int n = 0;
            while (p[n] != 0) n++;
            return Encoding.UTF8.GetString(p, n);
        }

        /// <summary>This thread's decode buffer, at least <paramref name="capacity"/> bytes.</summary>
        internal static byte[] DecodeBuffer(uint capacity)
        {
            if (decodeBuffer == null || decodeBuffer.Length < capacity) decodeBuffer = new byte[Math.Max(256u, capacity)];
            return decodeBuffer;
        }

        internal static string Decode(byte[] buffer, uint length)
        {
            return Encoding.UTF8.GetString(buffer, 0, (int)length);
        }
    }
}
