#pragma once
// Stub of the Unreal header of this name: see UnrealStubs.h (and UnrealStubsAI.h).
#include "UnrealStubs.h"
