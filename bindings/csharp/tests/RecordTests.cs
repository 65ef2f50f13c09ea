// The flight recorder: World.StartRecording (file), StartRecordingToMemory and
// StopRecordingToMemory, StopRecording's stats, IsRecording, Library.Replay, and the errors.
// RecordingsReplay needs the real replay (goap::record::replay): until it lands it fails with
// "replay is not written yet".
using System;
using System.IO;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public class RecordTests
    {
        static readonly byte[] Magic = { (byte)'G', (byte)'O', (byte)'A', (byte)'P', (byte)'R', (byte)'E', (byte)'C', 0 };

        Woods w;
        string dir;

        [SetUp]
        public void SetUp()
        {
            w = new Woods();
            dir = Path.Combine(Path.GetTempPath(), "goap-cs-record-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
        }

        [TearDown]
        public void TearDown()
        {
            w.Dispose();
            Directory.Delete(dir, true);
        }

        static bool StartsWithMagic(byte[] bytes)
        {
            if (bytes == null || bytes.Length < Magic.Length) return false;
            for (int i = 0; i < Magic.Length; i++)
                if (bytes[i] != Magic[i]) return false;
            return true;
        }

        /// <summary>Fire agents lighting the fire <paramref name="rounds"/> times each (the first chop fails once), a batch plan between rounds.</summary>
        void Run(int agents, int rounds)
        {
            var fires = new Agent[agents];
            for (int i = 0; i < agents; i++) fires[i] = w.FireAgent();
            bool failed = false;
            for (int round = 0; round < rounds; round++)
            {
                foreach (var a in fires)
                {
                    a.SetFacts(new[] { Woods.F(w.Fire), Woods.F(w.HasWood), Woods.F(w.HasAxe) });
                    for (int n = 0; n < 30; n++)
                    {
                        var step = a.Step(0.25);
                        if (step.Kind == StepKind.Idle) break;
                        if (step.Kind == StepKind.Start)
                        {
                            bool fail = !failed && step.Action == w.Chop;
                            failed |= fail;
                            a.Report(fail ? ActionReport.Failed : ActionReport.Succeeded);
                        }
                    }
                }
                w.World.PlanAgents();
            }
        }

        [Test]
        public void RecordingToAFileAndToMemoryStartsWithTheMagic()
        {
            var path = Path.Combine(dir, "run.goaprec");
            Assert.IsFalse(w.World.IsRecording);
            w.World.StartRecording(path);
            Assert.IsTrue(w.World.IsRecording);
            Run(3, 3);
            var stats = w.World.StopRecording();
            Assert.IsFalse(w.World.IsRecording);
            var file = File.ReadAllBytes(path);
            Assert.IsTrue(StartsWithMagic(file));
            Assert.AreEqual(file.Length, stats.Bytes);
            Assert.Greater(stats.Records, 5);
            Assert.AreEqual(0, stats.Dropped);

            w.World.StartRecordingToMemory();
            Assert.IsTrue(w.World.IsRecording);
            Run(4, 150);
            var bytes = w.World.StopRecordingToMemory();
            Assert.IsFalse(w.World.IsRecording);
            Assert.IsTrue(StartsWithMagic(bytes));
            Assert.Greater(bytes.Length, 64 * 1024, "a long run: the callback wrote blocks before the stop");
        }

        [Test]
        public void RingModeKeepsLessThanStreaming()
        {
            using (var other = new Woods())
            {
                w.World.StartRecordingToMemory();
                other.World.StartRecordingToMemory(2.0);
                Run(3, 40);
                var saved = w;
                w = other;
                Run(3, 40);
                w = saved;
                var all = w.World.StopRecordingToMemory();
                var last = other.World.StopRecordingToMemory();
                Assert.IsTrue(StartsWithMagic(last));
                Assert.Less(last.Length * 2, all.Length);
            }
        }

        [Test]
        public void RecordingsReplay()
        {
            var path = Path.Combine(dir, "replay.goaprec");
            w.World.StartRecording(path);
            Run(2, 3);
            w.World.StopRecording();
            var summary = Library.Replay(File.ReadAllBytes(path));
            Assert.AreEqual(2, summary.Agents);
            Assert.Greater(summary.Steps, 0);
            Assert.AreEqual(3, summary.Batches);
            Assert.AreEqual(0.0, summary.Window);

            w.World.StartRecordingToMemory(5.0);
            Run(2, 3);
            summary = Library.Replay(w.World.StopRecordingToMemory());
            Assert.AreEqual(5.0, summary.Window);
        }

        [Test]
        public void RecorderErrors()
        {
            var world = w.World;
            Expect.Fails(Status.RecordingFailed, "not recording", () => world.StopRecording());
            Assert.Throws<InvalidOperationException>(() => world.StopRecordingToMemory());
            Expect.Fails(Status.InvalidArgument, "window", () => world.StartRecording(Path.Combine(dir, "nan"), double.NaN));
            Expect.Fails(Status.InvalidArgument, "window", () => world.StartRecordingToMemory(-1));
            Expect.Fails(Status.InvalidArgument, "window", () => world.StartRecordingToMemory(double.PositiveInfinity));
            Expect.Fails(Status.RecordingFailed, "cannot create", () => world.StartRecording(Path.Combine(dir, "no/such/dir/x")));
            Expect.Fails(Status.InvalidArgument, "empty", () => world.StartRecording(""));
            Expect.Fails(Status.InvalidArgument, "NUL", () => world.StartRecording("a\0b"));
            Assert.Throws<ArgumentNullException>(() => world.StartRecording(null));
            Assert.IsFalse(world.IsRecording);

            world.StartRecordingToMemory();
            Expect.Fails(Status.RecordingFailed, "already", () => world.StartRecordingToMemory());
            Expect.Fails(Status.RecordingFailed, "already", () => world.StartRecording(Path.Combine(dir, "twice")));
            Assert.IsTrue(StartsWithMagic(world.StopRecordingToMemory()), "the first buffer is still the one in use");

            // A file recording is not stopped by StopRecordingToMemory.
            world.StartRecording(Path.Combine(dir, "file"));
            Assert.Throws<InvalidOperationException>(() => world.StopRecordingToMemory());
            Assert.IsTrue(world.IsRecording);
            world.StopRecording();

            // Not recordings.
            Assert.Throws<ArgumentNullException>(() => Library.Replay(null));
            Expect.Fails(Status.InvalidArgument, "invalid recording", () => Library.Replay(new byte[0]));
            Expect.Fails(Status.InvalidArgument, "invalid recording", () => Library.Replay(new byte[] { 1, 2, 3 }));
            world.StartRecordingToMemory();
            Run(1, 2);
            var bytes = world.StopRecordingToMemory();
            var cut = new byte[bytes.Length / 2];
            Array.Copy(bytes, cut, cut.Length);
            Expect.Fails(Status.InvalidArgument, "invalid recording", () => Library.Replay(cut));
        }

        [Test]
        public void StopRecordingDiscardsTheBytesOfAMemoryRecording()
        {
            w.World.StartRecordingToMemory();
            Run(1, 1);
            var stats = w.World.StopRecording();
            Assert.Greater(stats.Bytes, 8);
            Assert.IsFalse(w.World.IsRecording);
            Assert.Throws<InvalidOperationException>(() => w.World.StopRecordingToMemory());
        }

        [Test]
        public void DisposingARecordingWorldFreesItsBuffer()
        {
            var other = new Woods();
            other.World.StartRecordingToMemory();
            var a = other.FireAgent();
            other.RunToIdle(a);
            other.Dispose();
            Assert.Throws<ObjectDisposedException>(() => other.World.StopRecordingToMemory());
            Assert.Throws<ObjectDisposedException>(() => { var _ = other.World.IsRecording; });
        }

        [Test]
        public void StatusNamesOfTheRecorder()
        {
            Assert.AreEqual("GOAP_STATUS_RECORDING_FAILED", Library.StatusName(Status.RecordingFailed));
            Assert.AreEqual("GOAP_STATUS_REPLAY_DIVERGED", Library.StatusName(Status.ReplayDiverged));
        }
    }
}
