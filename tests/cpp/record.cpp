// The flight recorder through goap.hpp: World::start_recording to a file and to a callback
// (memory), stop_recording's stats, is_recording, goap::replay, and the errors.
//
// recordings_replay needs the real replay (goap::record::replay): until it lands it fails
// with "replay is not written yet".
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

using goap::Status;
using goap::StepKind;
using support::Door;

const std::string kMagic("GOAPREC\0", 8);

std::string temp_path(const char* name) {
  return "/tmp/goap-cpp-record-" + std::to_string(getpid()) + "-" + support::kMode + "-" + name;
}

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool starts_with_magic(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= kMagic.size() &&
         std::string(bytes.begin(), bytes.begin() + kMagic.size()) == kMagic;
}

/// `agents` door openers, each opening the door `rounds` times (the first pick fails once).
void door_run(const goap::World& world, const Door& door, int agents, int rounds) {
  std::vector<goap::Agent> openers;
  for (int i = 0; i < agents; ++i) openers.push_back(door.agent(world));
  bool failed = false;
  for (int round = 0; round < rounds; ++round) {
    for (const goap::Agent& a : openers) {
      OK(a.set_fact(door.open, false));
      OK(a.set_fact(door.crowbar, false));
      for (int i = 0; i < 20; ++i) {
        goap::Step step = OK(a.step(0.25));
        if (step.kind == StepKind::Idle) break;
        if (step.kind == StepKind::Start) {
          OK(a.report(failed ? goap::Report::Succeeded : goap::Report::Failed));
          failed = true;
        }
      }
    }
    OK(world.plan_agents());
  }
}

}  // namespace

TEST(recording_to_a_file_and_to_memory_starts_with_the_magic) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  const std::string path = temp_path("file.goaprec");
  CHECK(!OK(world.is_recording()));
  OK(world.start_recording(path));
  CHECK(OK(world.is_recording()));
  door_run(world, door, 3, 3);
  goap::RecordStats stats = OK(world.stop_recording());
  CHECK(!OK(world.is_recording()));
  std::vector<uint8_t> file = read_file(path);
  CHECK(starts_with_magic(file));
  CHECK_EQ(stats.bytes, static_cast<uint64_t>(file.size()));
  CHECK(stats.records > 5);
  CHECK_EQ(stats.dropped, 0u);
  std::remove(path.c_str());

  std::vector<uint8_t> memory;
  OK(world.start_recording([&](const uint8_t* bytes, std::size_t len) {
    memory.insert(memory.end(), bytes, bytes + len);
    return true;
  }));
  door_run(world, door, 2, 2);
  stats = OK(world.stop_recording());
  CHECK(starts_with_magic(memory));
  CHECK_EQ(stats.bytes, static_cast<uint64_t>(memory.size()));
}

TEST(ring_mode_keeps_less_than_streaming) {
  goap::World streaming = OK(goap::World::create());
  goap::World ring = OK(goap::World::create());
  Door a(streaming), b(ring);
  std::vector<uint8_t> all, last;
  OK(streaming.start_recording([&](const uint8_t* bytes, std::size_t len) {
    all.insert(all.end(), bytes, bytes + len);
    return true;
  }));
  int ring_writes = 0;
  OK(ring.start_recording(
      [&](const uint8_t* bytes, std::size_t len) {
        ++ring_writes;
        last.insert(last.end(), bytes, bytes + len);
        return true;
      },
      2.0));
  door_run(streaming, a, 3, 60);
  door_run(ring, b, 3, 60);
  CHECK_EQ(ring_writes, 0);
  OK(streaming.stop_recording());
  goap::RecordStats stats = OK(ring.stop_recording());
  CHECK(starts_with_magic(last));
  CHECK(stats.dropped > 0);
  CHECK(last.size() * 2 < all.size());
}

TEST(recordings_replay) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  const std::string path = temp_path("replay.goaprec");
  OK(world.start_recording(path));
  door_run(world, door, 2, 3);
  OK(world.stop_recording());
  goap::ReplaySummary summary = OK(goap::replay(read_file(path)));
  CHECK_EQ(summary.agents, 2u);
  CHECK(summary.steps > 0);
  CHECK_EQ(summary.batches, 3u);
  CHECK_EQ(summary.window, 0.0);
  std::remove(path.c_str());

  std::vector<uint8_t> memory;
  OK(world.start_recording(
      [&](const uint8_t* bytes, std::size_t len) {
        memory.insert(memory.end(), bytes, bytes + len);
        return true;
      },
      5.0));
  door_run(world, door, 2, 3);
  OK(world.stop_recording());
  summary = OK(goap::replay(memory));
  CHECK_EQ(summary.window, 5.0);
}

TEST(recorder_errors) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  CHECK_FAILS(world.stop_recording(), Status::RecordingFailed, "not recording");
  CHECK_FAILS(world.start_recording(temp_path("nan"), std::nan("")), Status::InvalidArgument,
              "window");
  CHECK_FAILS(world.start_recording(temp_path("neg"), -1.0), Status::InvalidArgument, "window");
  CHECK_FAILS(world.start_recording("/no/such/dir/x.goaprec"), Status::RecordingFailed,
              "cannot create");
  CHECK_FAILS(world.start_recording(std::string_view("\xff", 1)), Status::InvalidUtf8, "path");
  CHECK_FAILS(world.start_recording(goap::RecordWriteFn()), Status::NullPointer, "write");
  CHECK(!OK(world.is_recording()));

  std::vector<uint8_t> memory;
  OK(world.start_recording([&](const uint8_t* bytes, std::size_t len) {
    memory.insert(memory.end(), bytes, bytes + len);
    return true;
  }));
  CHECK_FAILS(world.start_recording(temp_path("twice")), Status::RecordingFailed, "already");
  CHECK_FAILS(world.start_recording([](const uint8_t*, std::size_t) { return true; }),
              Status::RecordingFailed, "already");
  OK(world.stop_recording());  // the first writer is still the one in use
  CHECK(starts_with_magic(memory));

  // A writer that refuses: the stop fails, and the recording has stopped.
  OK(world.start_recording([](const uint8_t*, std::size_t) { return false; }));
  door_run(world, door, 1, 1);
  CHECK_FAILS(world.stop_recording(), Status::RecordingFailed, "write callback returned 1");
  CHECK(!OK(world.is_recording()));
#ifndef GOAP_NO_EXCEPTIONS
  OK(world.start_recording([](const uint8_t*, std::size_t) -> bool { throw 42; }));
  CHECK_FAILS(world.stop_recording(), Status::RecordingFailed, "write callback returned 2");
#endif

  // Not recordings.
  const std::vector<uint8_t> garbage = {'n', 'o', 'p', 'e'};
  CHECK_FAILS(goap::replay(garbage), Status::InvalidArgument, "invalid recording");
  CHECK_FAILS(goap::replay({}), Status::InvalidArgument, "invalid recording");
  std::vector<uint8_t> cut(memory.begin(), memory.begin() + memory.size() / 2);
  CHECK_FAILS(goap::replay(cut), Status::InvalidArgument, "invalid recording");

  // An empty World.
  goap::World empty;
  CHECK_FAILS(empty.is_recording(), Status::NullPointer, "world");
  CHECK_FAILS(empty.start_recording(temp_path("empty")), Status::NullPointer, "world");
  CHECK_FAILS(empty.stop_recording(), Status::NullPointer, "world");
}

TEST(a_write_callback_calling_its_world_gets_busy) {
  goap::World world = OK(goap::World::create());
  Door door(world);
  goap::Agent agent = door.agent(world);
  Status inside = Status::Ok;
  int calls = 0;
  OK(world.start_recording([&](const uint8_t*, std::size_t) {
    ++calls;
    inside = ATTEMPT(world.is_recording()).status();
    return true;
  }));
  OK(agent.step(0.25));
  OK(world.stop_recording());
  CHECK(calls > 0);
  CHECK_EQ(inside, Status::Busy);
}

TEST(a_world_destroyed_while_recording_drops_its_writer) {
  int calls = 0;
  {
    goap::World world = OK(goap::World::create());
    Door door(world);
    OK(world.start_recording([&](const uint8_t*, std::size_t) {
      ++calls;
      return true;
    }));
    door_run(world, door, 1, 1);
  }
  CHECK_EQ(calls, 0);
}
