using System;
using System.IO;
using System.Runtime.InteropServices;
using AOT;
using Goap.Native;

namespace Goap
{
    /// <summary>What a recording wrote (goap.h GoapRecordStats); from <see cref="World.StopRecording"/>.</summary>
    public struct RecordStats
    {
        /// <summary>Records written (the end record included).</summary>
        public long Records;
        /// <summary>Bytes written (the whole recording).</summary>
        public long Bytes;
        /// <summary>Records ring mode dropped (older than its window); 0 when streaming.</summary>
        public long Dropped;

        // The one copy of the native stats (a parity test fills every native field and checks it).
        internal RecordStats(GoapRecordStats s)
        {
            Records = (long)s.records;
            Bytes = (long)s.bytes;
            Dropped = (long)s.dropped;
        }
    }

    /// <summary>What <see cref="Library.Replay"/> went through (goap.h GoapReplaySummary); all of it matched.</summary>
    public struct ReplaySummary
    {
        /// <summary>Records read (the end record included).</summary>
        public long Records;
        /// <summary>Agents seen (created, or found at the first checkpoint).</summary>
        public long Agents;
        /// <summary>Agent steps replayed.</summary>
        public long Steps;
        /// <summary>Replans replayed.</summary>
        public long Replans;
        /// <summary><see cref="World.PlanAgents()"/> calls replayed.</summary>
        public long Batches;
        /// <summary>Ring mode's window in seconds; 0 for a whole recording.</summary>
        public double Window;

        // The one copy of the native summary (a parity test fills every native field and checks it).
        internal ReplaySummary(GoapReplaySummary s)
        {
            Records = (long)s.records;
            Agents = (long)s.agents;
            Steps = (long)s.steps;
            Replans = (long)s.replans;
            Batches = (long)s.batches;
            Window = s.window;
        }
    }

    /// <summary>The native write callback's signature (goap.h GoapRecordWriteFn).</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    internal unsafe delegate int RecordWriteCallback(IntPtr userData, byte* bytes, uint length);

    /// <summary>
    /// The bridge from the native write callback to a managed buffer: a static callback
    /// method whose delegate lives in a static field for the process's life, and a GCHandle
    /// to the buffer as user data (owned by the world's handle).
    /// </summary>
    internal static unsafe class RecordWriters
    {
        static readonly RecordWriteCallback writeCallback = OnWrite;
        internal static readonly IntPtr WritePointer = Marshal.GetFunctionPointerForDelegate(writeCallback);

        /// <summary>A recording's bytes in memory. Written by one native call at a time.</summary>
        internal sealed class Buffer
        {
            internal readonly MemoryStream Stream = new MemoryStream();
        }

        [MonoPInvokeCallback(typeof(RecordWriteCallback))]
        static int OnWrite(IntPtr userData, byte* bytes, uint length)
        {
            try
            {
                var buffer = (Buffer)GCHandle.FromIntPtr(userData).Target;
                lock (buffer)
                {
                    var chunk = new byte[length];
                    Marshal.Copy((IntPtr)bytes, chunk, 0, (int)length);
                    buffer.Stream.Write(chunk, 0, chunk.Length);
                }
                return 0;
            }
            catch (Exception)
            {
                return 1; // nothing may unwind into native code; the stop reports the failure
            }
        }
    }

    public sealed unsafe partial class World
    {
        /// <summary>
        /// Starts the flight recorder into a file (created, or truncated): a checkpoint of the
        /// world, then every input and decision (<see cref="Library.Replay"/> checks a
        /// recording). <paramref name="window"/> 0 streams everything to the file as it goes;
        /// a number of seconds above 0 is ring mode: only the last <paramref name="window"/>
        /// seconds are kept, in memory, and written at <see cref="StopRecording"/>. Throws
        /// <see cref="GoapException"/> with <see cref="Status.RecordingFailed"/> when the world
        /// records already or the file cannot be created, <see cref="Status.InvalidArgument"/>
        /// for a NaN, infinite or negative window.
        /// </summary>
        public void StartRecording(string path, double window = 0)
        {
            GoapWorld* w = Enter();
            try
            {
                if (path == null) throw new ArgumentNullException("path");
                var options = NativeMethods.goap_record_options_default();
                options.window = window;
                uint len;
                var bytes = Utf8.Encode(path, out len);
                fixed (byte* p = bytes)
                    Errors.Check(NativeMethods.goap_world_record_start(w, p, len, &options));
            }
            finally { Exit(); }
        }

        /// <summary>
        /// Starts the flight recorder into memory (see <see cref="StartRecording"/> for
        /// <paramref name="window"/>); <see cref="StopRecordingToMemory"/> returns the bytes.
        /// The bytes are copied on whichever thread's call filled a 64 KiB block (and at the
        /// stop), so the world's calls get a little slower while it records.
        /// </summary>
        public void StartRecordingToMemory(double window = 0)
        {
            GoapWorld* w = Enter();
            try
            {
                var options = NativeMethods.goap_record_options_default();
                options.window = window;
                lock (Handle.RecordLock)
                {
                    var handle = GCHandle.Alloc(new RecordWriters.Buffer());
                    var writer = new GoapRecordWriter
                    {
                        write = (void*)RecordWriters.WritePointer,
                        user_data = (void*)GCHandle.ToIntPtr(handle),
                    };
                    var status = NativeMethods.goap_world_record_start_callback(w, &writer, &options);
                    if (status != GoapStatus.Ok)
                    {
                        handle.Free();
                        throw Errors.Failure(status);
                    }
                    // A buffer left by a recording stopped through goap.h itself is not used any more.
                    if (Handle.Recording.IsAllocated) Handle.Recording.Free();
                    Handle.Recording = handle;
                }
            }
            finally { Exit(); }
        }

        /// <summary>
        /// Stops the recording (writes what ring mode kept and the end record, flushes) and
        /// returns what it wrote. The bytes of a recording to memory are discarded: use
        /// <see cref="StopRecordingToMemory"/> for them. Throws <see cref="GoapException"/>
        /// with <see cref="Status.RecordingFailed"/> when the world is not recording, or its
        /// writer failed (the recording has stopped all the same, incomplete).
        /// </summary>
        public RecordStats StopRecording()
        {
            byte[] ignored;
            return Stop(false, out ignored);
        }

        /// <summary>
        /// Stops a recording started by <see cref="StartRecordingToMemory"/> and returns its
        /// bytes (for <see cref="Library.Replay"/>, or to save). Throws
        /// <see cref="InvalidOperationException"/> when the world does not record to memory
        /// (nothing is stopped), <see cref="GoapException"/> as <see cref="StopRecording"/>.
        /// </summary>
        public byte[] StopRecordingToMemory()
        {
            byte[] bytes;
            Stop(true, out bytes);
            return bytes;
        }

        RecordStats Stop(bool toMemory, out byte[] bytes)
        {
            bytes = null;
            GoapRecordStats s = default(GoapRecordStats);
            s.size = (uint)sizeof(GoapRecordStats);
            GoapWorld* w = Enter();
            try
            {
                lock (Handle.RecordLock)
                {
                    int on = 0;
                    if (toMemory && (!Handle.Recording.IsAllocated ||
                                     NativeMethods.goap_world_is_recording(w, &on) != GoapStatus.Ok || on == 0))
                        throw new InvalidOperationException("the goap World is not recording to memory (StartRecordingToMemory)");
                    var status = NativeMethods.goap_world_record_stop(w, &s);
                    var failure = status == GoapStatus.Ok ? null : Errors.Failure(status);
                    on = 1;
                    if (Handle.Recording.IsAllocated &&
                        NativeMethods.goap_world_is_recording(w, &on) == GoapStatus.Ok && on == 0)
                    {
                        // Stopped: the native world no longer writes into the buffer.
                        var buffer = (RecordWriters.Buffer)Handle.Recording.Target;
                        Handle.Recording.Free();
                        if (toMemory) lock (buffer) bytes = buffer.Stream.ToArray();
                    }
                    if (failure != null) throw failure;
                }
            }
            finally { Exit(); }
            return new RecordStats(s);
        }

        /// <summary>True while the world records.</summary>
        public bool IsRecording
        {
            get
            {
                int on;
                GoapWorld* w = Enter();
                try { Errors.Check(NativeMethods.goap_world_is_recording(w, &on)); }
                finally { Exit(); }
                return on != 0;
            }
        }
    }
}
