// The allocator hook and the byte count (goap::set_allocator, goap::allocated_bytes). The
// hook can only be set before goap's first allocation, which this binary's other tests
// make long before: here it can only be refused (tests/c/alloc_hook.c, its own program,
// sets one and checks every allocation).
#include "support.hpp"

using goap::Status;

namespace {

void* never_alloc(uint64_t, uint64_t, void*) { return nullptr; }
void never_free(void*, uint64_t, uint64_t, void*) {}

}  // namespace

TEST(set_allocator_after_goap_allocated_is_too_late_and_changes_nothing) {
  goap::World world = OK(goap::World::create());  // goap has allocated now
  GoapAllocator allocator{};
  allocator.alloc = never_alloc;
  allocator.free = never_free;
  CHECK_FAILS(goap::set_allocator(allocator), Status::TooLate,
              "goap_set_allocator must be called before goap allocates anything");
  CHECK_EQ(std::string(goap::status_name(Status::TooLate)), std::string("GOAP_STATUS_TOO_LATE"));
  allocator.free = nullptr;
  CHECK_FAILS(goap::set_allocator(allocator), Status::NullPointer, "`allocator->free` is NULL");
  // Still the system allocator: goap goes on allocating.
  CHECK_EQ(OK(OK(world.create_domain("after")).fact_count()), 0u);
}

TEST(allocated_bytes_grow_with_a_world_and_come_back_when_it_is_destroyed) {
  const std::string json = support::read_domain("village.json");
  goap::WorldSettings settings;
  settings.worker_threads = 1;  // no threads of its own (see goap_allocated_bytes)
  const uint64_t before = goap::allocated_bytes();
  CHECK(before > 0);  // the earlier tests' calls: goap's panic hook at least
  {
    goap::World world = OK(goap::World::create(settings));
    goap::Domain d = OK(world.load_domain(json));
    std::vector<goap::ActionId> plan;
    CHECK(OK(d.plan(plan)).found());
    CHECK(goap::allocated_bytes() > before);
  }
  CHECK_EQ(goap::allocated_bytes(), before);
}

TEST(clear_last_error_frees_the_threads_message) {
  goap::World world = OK(goap::World::create());
  CHECK_FAILS(world.create_domain(std::string("nul\0inside", 10)), Status::InvalidArgument,
              "NUL");
  CHECK(goap_last_error_length() > 0);
  const uint64_t with_message = goap::allocated_bytes();
  goap::clear_last_error();
  CHECK_EQ(goap_last_error_length(), 0u);
  CHECK(goap::allocated_bytes() < with_message);
}
