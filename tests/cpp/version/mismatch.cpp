// World::create refuses a library of another version. This program sees goap.h with its
// minor version changed (the header a newer or older library would ship), links the
// library of this checkout, and expects Status::VersionMismatch, in both error modes. Built
// and run on its own by scripts/test-cpp.sh (it is not part of the test binary).
#include "goap.h"
#undef GOAP_VERSION_MINOR
#define GOAP_VERSION_MINOR 99
#include "goap.hpp"

#include <cstdio>
#include <string>

int main() {
  std::string message;
  goap::Status status = goap::Status::Ok;
#ifdef GOAP_NO_EXCEPTIONS
  goap::Result<goap::World> world = goap::World::create();
  if (world.ok()) {
    std::printf("version-mismatch: World::create accepted a library of another version\n");
    return 1;
  }
  status = world.status();
  message = world.error().message();
#else
  try {
    goap::World world = goap::World::create();
    std::printf("version-mismatch: World::create accepted a library of another version\n");
    return 1;
  } catch (const goap::Error& e) {
    status = e.status();
    message = e.message();
  }
#endif
  const std::string library = goap::version_string();
  const bool named = message.find("goap::World::create") != std::string::npos &&
                     message.find(library) != std::string::npos &&
                     message.find(".99") != std::string::npos;
  if (status != goap::Status::VersionMismatch || !named || goap::World::live_count() != 0) {
    std::printf("version-mismatch: status %s, message \"%s\", %u worlds alive\n",
                goap::status_name(status), message.c_str(), goap::World::live_count());
    return 1;
  }
  std::printf("version-mismatch: ok (%s)\n", message.c_str());
  return 0;
}
