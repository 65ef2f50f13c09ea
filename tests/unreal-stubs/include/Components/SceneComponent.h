#pragma once
// Stub of the Unreal header of this name: see UnrealStubs.h.
#include "UnrealStubs.h"
