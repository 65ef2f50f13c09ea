#pragma once

// The goap.hpp side of UGoapWorldSubsystem, private to the Goap module: public headers name
// no goap:: type, so GoapLibrary is a private dependency and dependents never see goap.hpp.

#include "CoreMinimal.h"
#include "GoapNative.h"

#include <atomic>

class UGoapDomainAsset;

/**
 * A domain loaded into a world, with its names resolved once for every agent of it. FName
 * compares case-insensitively, so two names of a domain that differ only in case cannot
 * both be reached from Blueprint (a warning says so when the domain is loaded).
 */
struct FGoapDomainBinding
{
	goap::DomainId Domain;
	TMap<FName, goap::FactId> Facts;
	TMap<FName, goap::VarId> Vars;
	TMap<FName, goap::ActionId> Actions;
	/** Action names by id bits (goap::ActionId::bits()), to name the actions that steps hand out. */
	TMap<uint64, FName> ActionNames;
	/**
	 * The domain file's goals in file order: every agent of the domain starts with them in
	 * this order, so goap::Agent::goal_at(Index) is the agent's id of GoalNames[Index]
	 * (goal ids are per agent; UGoapAgentComponent keeps its agent's).
	 */
	TArray<FName> GoalNames;

	FName ActionName(goap::ActionId Action) const;
	/** The name of the goal at Index, or None when Index is not one. */
	FName GoalName(int32 Index) const;
	/** The index of the first goal with this name, or -1 (INDEX_NONE) when none has it. */
	int32 FindGoal(FName Goal) const;
};

/**
 * The native world of one UGoapWorldSubsystem, shared (TSharedPtr, thread-safe) between the
 * subsystem and the batch task it launches: a task holds its own reference, so it never
 * touches the subsystem (no `this` captured) and the world outlives it whatever happens to
 * the subsystem. bBatchRunning is set by the game thread before a task is launched and
 * cleared by the task: the game thread never waits on a running search, it skips a frame.
 */
class FGoapWorldNative : public goap::World
{
public:
	explicit FGoapWorldNative(goap::World&& Created) : goap::World(MoveTemp(Created)) {}

	std::atomic<bool> bBatchRunning{false};
};

/**
 * The library's task callbacks (GoapWorldDef enqueue_task / finish_task) on Unreal's task
 * system: enqueue_task runs every range inside ParallelFor (the calling thread joins in)
 * and returns null, so finish_task is never called with a handle. Worker indices: one per
 * ParallelFor index, each claiming ranges from a shared counter, so no two ranges running
 * at once share a worker index. RangeCount is engine-independent (checked at compile time).
 */
namespace GoapTasks
{
	/** The number of ranges of Count items of at least MinRange items (the last may be shorter). */
	constexpr uint32 RangeCount(uint32 Count, uint32 MinRange)
	{
		return Count == 0 ? 0 : (Count + (MinRange == 0 ? 1 : MinRange) - 1) / (MinRange == 0 ? 1 : MinRange);
	}
	static_assert(RangeCount(0, 4) == 0 && RangeCount(1, 4) == 1 && RangeCount(8, 4) == 2 && RangeCount(9, 4) == 3 && RangeCount(5, 0) == 5,
		"ranges of at least MinRange items, the last shorter");

	/** Sets both callbacks (and worker_threads: the engine's workers plus the calling thread). */
	void Install(goap::WorldSettings& Settings);
}
