#pragma once
// Stub of the Unreal header of this name: see UnrealStubs.h and UnrealStubsDebug.h.
#include "UnrealStubs.h"
