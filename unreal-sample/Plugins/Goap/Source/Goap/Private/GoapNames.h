#pragma once

#include "CoreMinimal.h"
#include "GoapDomainAsset.h"
#include "GoapNative.h"

/**
 * The fact, variable, action and goal names of a loaded domain, read back from the library
 * (goap.hpp's introspection: fact_at/fact_name and the like; the goals through a
 * short-lived agent of `World`, which starts with the domain file's goals: use a scratch
 * world, not one whose batches would plan that agent). False with the
 * library's message on failure. Private to the module: goap.hpp types stay out of its
 * public headers' signatures.
 */
bool GoapReadNames(const goap::World& World, const goap::Domain& Domain, FGoapDomainNames& OutNames, FString& OutError);
