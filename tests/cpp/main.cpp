// The test binary's main: `goap_cpp_tests [DOMAINS_DIR]` runs every TEST of tests/cpp/,
// then checks that no goap world is left alive, and prints last
// "cpp[<mode>]: N passed, N failed" (the leak check counts as one test).
#include <cstdio>

#include "support.hpp"

int main(int argc, char** argv) {
  if (argc > 1) support::domains_dir() = argv[1];
  int passed = 0;
  int failed = check::run_all(passed);

  // Every World of the tests has gone out of scope: none may be left alive.
  const uint32_t live = goap::World::live_count();
  if (live == 0) {
    ++passed;
  } else {
    ++failed;
    std::fprintf(stderr, "main.cpp: %u goap worlds are still alive after the tests\n", live);
    std::printf("FAILED live_count_is_zero_at_exit (%u worlds alive)\n", live);
  }
  std::printf("cpp[%s]: %d passed, %d failed\n", support::kMode, passed, failed);
  return failed == 0 ? 0 : 1;
}
