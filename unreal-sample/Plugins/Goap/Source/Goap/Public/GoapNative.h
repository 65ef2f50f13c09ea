#pragma once

// The goap C++ wrapper (goap.hpp over goap.h, staged into GoapLibrary/include), included the
// way Unreal includes third-party headers.

#include "CoreMinimal.h"

// value() on a failed goap::Result is a bug in the caller: fail through Unreal's fatal-error
// path (crash reporter, log) rather than goap.hpp's default fprintf + abort.
#ifndef GOAP_RESULT_UNCHECKED
#define GOAP_RESULT_UNCHECKED(Message) LowLevelFatalError(TEXT("goap: value() of a failed Result: %s"), UTF8_TO_TCHAR(Message))
#endif

// goap::Result has a member function named check(), which Unreal's check() macro would
// rewrite: hide the macro while the header is read.
#pragma push_macro("check")
#undef check
THIRD_PARTY_INCLUDES_START
#include "goap.hpp"
THIRD_PARTY_INCLUDES_END
#pragma pop_macro("check")
