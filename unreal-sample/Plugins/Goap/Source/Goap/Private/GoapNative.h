#pragma once

// The goap C++ wrapper (goap.hpp over goap.h, staged into GoapLibrary/include), included the
// way Unreal includes third-party headers.

#include "CoreMinimal.h"

// value() on a failed goap::Result is a bug in the caller: fail through Unreal's fatal-error
// path (crash reporter, log) rather than goap.hpp's default fprintf + abort.
#ifndef GOAP_RESULT_UNCHECKED
#define GOAP_RESULT_UNCHECKED(Message) LowLevelFatalError(TEXT("goap: value() of a failed Result: %s"), UTF8_TO_TCHAR(Message))
#endif

// goap.hpp names nothing check, verify or ensure, so Unreal's macros of those names are
// harmless to it (the stub-compile check in scripts/test-unreal.sh defines them as Unreal does).
THIRD_PARTY_INCLUDES_START
#include "goap.hpp"
THIRD_PARTY_INCLUDES_END
