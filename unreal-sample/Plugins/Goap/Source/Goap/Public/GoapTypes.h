#pragma once

#include "CoreMinimal.h"
#include "GoapTypes.generated.h"

/** Whether a world's GOAP runtime runs (UGoapWorldSubsystem::GetStatus). */
UENUM(BlueprintType)
enum class EGoapWorldStatus : uint8
{
	/** The subsystem has not been initialised (or is deinitialised). */
	NotStarted,
	/** The GOAP world exists: agents can be created. */
	Ready,
	/** The linked goap library is not the version of the goap.h the plugin was built with: nothing is created (stage matching files with scripts/unreal-stage-library.sh). */
	LibraryMismatch,
	/** The library could not create the world (see the log). */
	CreateFailed
};

/** What the agent wants done after a step (goap::StepKind), or None when the step failed. */
UENUM(BlueprintType)
enum class EGoapStepKind : uint8
{
	/** The step failed (the error is logged); nothing changed. */
	None,
	/** Start the action: it is new. Stop any other action in progress. */
	Start,
	/** Keep performing the action started earlier. */
	Continue,
	/** Every enabled goal is satisfied (or none is enabled): nothing to do. */
	Idle,
	/** No enabled, unsatisfied goal has a plan. The agent retries when something changes. */
	NoPlan,
	/** Waiting for the world's batch planning (bPlanInStep off); stop any action in progress. */
	Waiting,
	/** A search is spread over steps (StepMaxExpansions) and goes on next step; keep performing Action if it is set. */
	Planning
};

/** The outcome of the action in progress, for UGoapAgentComponent::Report. */
UENUM(BlueprintType)
enum class EGoapReport : uint8
{
	/** Still in progress (reporting it is optional). */
	Running,
	/** Done: its effects are applied to the agent's beliefs and the next action follows. */
	Succeeded,
	/** It could not be done: the agent replans, avoiding it for FailureCooldown seconds. */
	Failed
};

/** Why an agent replanned (goap::ReplanCause). */
UENUM(BlueprintType)
enum class EGoapReplanCause : uint8
{
	None,
	/** It had no plan: new agent, plan finished, or a retry after "no plan". */
	NoPlan,
	/** The current action was reported failed. */
	ActionFailed,
	/** Another goal was chosen (priorities changed, a goal was satisfied or has no plan). */
	GoalChanged,
	/** The rest of the plan no longer reaches the goal from the agent's beliefs. */
	PlanInvalidated,
	/** Later steps already reach the goal: the ones before were skipped, without a search. */
	StepsSkipped
};

/** What one UGoapAgentComponent::Step decided. */
USTRUCT(BlueprintType)
struct GOAP_API FGoapStepResult
{
	GENERATED_BODY()

	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	EGoapStepKind Kind = EGoapStepKind::None;

	/** True when this step searched for a plan (or skipped steps of its plan). */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	bool bReplanned = false;

	/** The action to start or continue; None for the other kinds. */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	FName Action;

	/** The goal pursued (or last chosen); None when there is none. */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	FName Goal;

	/** Index of Action in the current plan. */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	int32 PlanIndex = 0;
};
