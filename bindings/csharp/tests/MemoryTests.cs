// The byte count (Library.AllocatedBytes) and the allocator hook's refusal: the hook
// (goap_set_allocator) is not wrapped, and from managed code it always comes too late (the
// load check has allocated); tests/c/alloc_hook.c sets one and checks every allocation.
using System;
using System.Collections.Generic;
using Goap;
using Goap.Native;
using NUnit.Framework;

namespace Goap.Tests
{
    [TestFixture]
    public unsafe class MemoryTests
    {
        /// <summary>Lets the finalizers of other tests' undisposed worlds run first.</summary>
        static void Settle()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }

        [Test]
        public void AllocatedBytesGrowWithAWorldAndComeBackWhenItIsDisposed()
        {
            var text = Domains.Read("village.json");
            var settings = WorldSettings.Default;
            settings.WorkerThreads = 1; // no threads of its own (see goap_allocated_bytes)
            Settle();
            long before = Library.AllocatedBytes;
            Assert.Greater(before, 0);
            using (var world = new World(settings))
            {
                var d = world.LoadDomain(text);
                Assert.AreEqual(Outcome.Found, d.Plan(new List<ActionId>()).Outcome);
                Assert.Greater(Library.AllocatedBytes, before);
            }
            Settle();
            Assert.AreEqual(before, Library.AllocatedBytes);
        }

        [Test]
        public void SetAllocatorAfterTheLibraryAllocatedIsTooLate()
        {
            Library.EnsureLoaded(); // allocates: the hook can no longer be set
            GoapAllocator allocator;
            // Never called: the call is refused before it keeps anything.
            allocator.alloc = (void*)1;
            allocator.realloc = null;
            allocator.free = (void*)1;
            allocator.user_data = null;
            Assert.AreEqual(GoapStatus.TooLate, NativeMethods.goap_set_allocator(&allocator));
            Assert.AreEqual("GOAP_STATUS_TOO_LATE", Library.StatusName(Status.TooLate));
            Assert.AreEqual(GoapStatus.NullPointer, NativeMethods.goap_set_allocator(null));
        }

        [Test]
        public void ClearLastErrorFreesTheThreadsMessage()
        {
            using (var world = new World())
            {
                Assert.Throws<GoapException>(() => world.CreateDomain("nul\0inside"));
                Assert.Greater(NativeMethods.goap_last_error_length(), 0u);
                long withMessage = Library.AllocatedBytes;
                Library.ClearLastError();
                Assert.AreEqual(0u, NativeMethods.goap_last_error_length());
                Assert.Less(Library.AllocatedBytes, withMessage);
            }
        }
    }
}
