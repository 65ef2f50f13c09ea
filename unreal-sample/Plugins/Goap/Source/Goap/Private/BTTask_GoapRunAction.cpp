#include "BTTask_GoapRunAction.h"

#include "AIController.h"
#include "BehaviorTree/BehaviorTreeComponent.h"
#include "GameFramework/Pawn.h"
#include "GoapAgentComponent.h"
#include "GoapLog.h"

namespace
{
	/** Per tree instance: which action this run of the task performs, and how long is left. */
	struct FBTGoapRunActionMemory
	{
		FName Action;
		int32 ActionSerial;
		float Remaining;
	};
}

UBTTask_GoapRunAction::UBTTask_GoapRunAction()
{
	NodeName = TEXT("Run GOAP Action");
	bNotifyTick = true;
}

uint16 UBTTask_GoapRunAction::GetInstanceMemorySize() const
{
	return sizeof(FBTGoapRunActionMemory);
}

UGoapAgentComponent* UBTTask_GoapRunAction::FindAgent(const UBehaviorTreeComponent& OwnerComp)
{
	const AAIController* Controller = OwnerComp.GetAIOwner();
	const APawn* Pawn = Controller ? Controller->GetPawn() : nullptr;
	return Pawn ? Pawn->FindComponentByClass<UGoapAgentComponent>() : nullptr;
}

EBTNodeResult::Type UBTTask_GoapRunAction::ExecuteTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory)
{
	UGoapAgentComponent* Agent = FindAgent(OwnerComp);
	if (!Agent || !Agent->HasAgent())
	{
		UE_LOG(LogGoap, Warning, TEXT("%s: the controlled pawn has no UGoapAgentComponent with an agent"), *GetNodeName());
		return EBTNodeResult::Failed;
	}
	if (Agent->GetCurrentAction().IsNone())
	{
		// The previous action was just reported: step now (no time passes) rather than
		// idle the tree for a frame until the component's own tick.
		FGoapStepResult Ignored;
		Agent->Step(0.0f, Ignored);
	}
	const FName Action = Agent->GetCurrentAction();
	if (Action.IsNone())
	{
		return EBTNodeResult::Failed;
	}

	FBTGoapRunActionMemory* Memory = CastInstanceNodeMemory<FBTGoapRunActionMemory>(NodeMemory);
	Memory->Action = Action;
	Memory->ActionSerial = Agent->GetActionSerial();
	const float* Duration = ActionDurations.Find(Action);
	Memory->Remaining = Duration ? *Duration : DefaultDuration;
	return EBTNodeResult::InProgress;
}

void UBTTask_GoapRunAction::TickTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory, float DeltaSeconds)
{
	FBTGoapRunActionMemory* Memory = CastInstanceNodeMemory<FBTGoapRunActionMemory>(NodeMemory);
	UGoapAgentComponent* Agent = FindAgent(OwnerComp);
	if (!Agent || Agent->GetActionSerial() != Memory->ActionSerial || Agent->GetCurrentAction() != Memory->Action)
	{
		// The agent moved on: a report now would apply to its next action.
		FinishLatentTask(OwnerComp, EBTNodeResult::Failed);
		return;
	}
	Memory->Remaining -= DeltaSeconds;
	if (Memory->Remaining > 0.0f)
	{
		return;
	}
	const bool bReported = Agent->Report(EGoapReport::Succeeded);
	FinishLatentTask(OwnerComp, bReported ? EBTNodeResult::Succeeded : EBTNodeResult::Failed);
}

EBTNodeResult::Type UBTTask_GoapRunAction::AbortTask(UBehaviorTreeComponent& /*OwnerComp*/, uint8* /*NodeMemory*/)
{
	// The tree, not the agent, gave up: the agent's action stays in progress for whatever runs next.
	return EBTNodeResult::Aborted;
}

FString UBTTask_GoapRunAction::GetStaticDescription() const
{
	return FString::Printf(TEXT("%s: the GOAP agent's current action (%d timed, others %.1f s)"),
		*Super::GetStaticDescription(), ActionDurations.Num(), DefaultDuration);
}
