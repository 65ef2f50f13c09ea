#pragma once

#include "CoreMinimal.h"
#include "GoapDomainAsset.h"
#include "GoapNative.h"

/**
 * The fact, variable, action and goal names of a loaded domain, read back from the library
 * (goap.hpp's introspection: fact_at/fact_name and the like, and agent_goal_name for the
 * domain file's goals). False with the library's message on failure. Private to the
 * module: goap.hpp types stay out of its public headers' signatures.
 */
bool GoapReadNames(const goap::Domain& Domain, FGoapDomainNames& OutNames, FString& OutError);
