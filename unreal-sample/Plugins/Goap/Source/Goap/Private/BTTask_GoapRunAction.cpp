#include "BTTask_GoapRunAction.h"

#include "AIController.h"
#include "BehaviorTree/BehaviorTreeComponent.h"
#include "BehaviorTree/BlackboardComponent.h"
#include "Blueprint/AIBlueprintHelperLibrary.h"
#include "GameFramework/Pawn.h"
#include "GoapAction.h"
#include "GoapActionStatus.h"
#include "GoapAgentComponent.h"
#include "GoapBTTaskLogic.h"
#include "GoapLog.h"

namespace
{
	/** Per tree instance (node memory): the action this run of the task performs. */
	using FBTGoapRunActionMemory = GoapLogic::TBTTaskMemory<FName>;

	EBTNodeResult::Type ToNodeResult(GoapLogic::EBTOutcome Outcome)
	{
		switch (Outcome)
		{
		case GoapLogic::EBTOutcome::InProgress: return EBTNodeResult::InProgress;
		case GoapLogic::EBTOutcome::Succeeded: return EBTNodeResult::Succeeded;
		case GoapLogic::EBTOutcome::Failed: return EBTNodeResult::Failed;
		case GoapLogic::EBTOutcome::Aborted: return EBTNodeResult::Aborted;
		}
		return EBTNodeResult::Failed;
	}

	/** The agent component and its action objects, for the task's engine-independent logic. */
	class FGoapBTTaskHost final : public GoapLogic::IBTTaskHost<FName>
	{
	public:
		FGoapBTTaskHost(UGoapAgentComponent* InAgent, const FString& InNode) : Agent(InAgent), Node(InNode) {}

		virtual bool GetCurrentAction(FName& OutAction, int32_t& OutSerial) override
		{
			if (!Agent || !Agent->HasAgent() || Agent->GetCurrentAction().IsNone())
			{
				return false;
			}
			OutAction = Agent->GetCurrentAction();
			OutSerial = Agent->GetActionSerial();
			return true;
		}

		virtual bool StartAction(const FName& Action) override
		{
			UGoapAction* Object = Agent ? Agent->GetActionObject(Action) : nullptr;
			if (!Object)
			{
				UE_LOG(LogGoap, Error, TEXT("%s: the action \"%s\" has no action class on the agent component (ActionClasses, ActionSet); reported failed"),
					*Node, *Action.ToString());
				return false;
			}
			Object->Start(Agent->MakeActionContext(Action, 0.0f));
			return true;
		}

		virtual GoapLogic::EActionStatus TickAction(const FName& Action, float DeltaSeconds, float ElapsedSeconds) override
		{
			UGoapAction* Object = Agent ? Agent->GetActionObject(Action) : nullptr;
			return Object ? GoapActionStatus::ToLogic(Object->Tick(Agent->MakeActionContext(Action, ElapsedSeconds), DeltaSeconds))
						  : GoapLogic::EActionStatus::Failed;
		}

		virtual void AbortAction(const FName& Action, float ElapsedSeconds) override
		{
			if (UGoapAction* Object = Agent ? Agent->GetActionObject(Action) : nullptr)
			{
				Object->Abort(Agent->MakeActionContext(Action, ElapsedSeconds));
			}
		}

		virtual bool Report(GoapLogic::EActionStatus Status) override
		{
			if (!Agent)
			{
				return false;
			}
			switch (Status)
			{
			case GoapLogic::EActionStatus::Running: return Agent->Report(EGoapReport::Running);
			case GoapLogic::EActionStatus::Succeeded: return Agent->Report(EGoapReport::Succeeded);
			case GoapLogic::EActionStatus::Failed: return Agent->Report(EGoapReport::Failed);
			}
			return false;
		}

	private:
		UGoapAgentComponent* Agent;
		FString Node;
	};
}

UBTTask_GoapRunAction::UBTTask_GoapRunAction()
{
	NodeName = TEXT("Run GOAP Action");
	bNotifyTick = true;
	ActionNameKey.AddNameFilter(this, GET_MEMBER_NAME_CHECKED(UBTTask_GoapRunAction, ActionNameKey));
	ActionNameKey.AllowNoneAsValue(true); // unset unless chosen (else resolution would bind the first Name key)
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
	FBTGoapRunActionMemory* Memory = CastInstanceNodeMemory<FBTGoapRunActionMemory>(NodeMemory);
	Memory->bRunning = false;
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
	if (!ActionNameKey.SelectedKeyName.IsNone())
	{
		if (UBlackboardComponent* Blackboard = UAIBlueprintHelperLibrary::GetBlackboard(OwnerComp.GetAIOwner()))
		{
			Blackboard->SetValueAsName(ActionNameKey.SelectedKeyName, Action);
		}
	}
	if (bOnlyExposeActionName)
	{
		return Action.IsNone() ? EBTNodeResult::Failed : EBTNodeResult::Succeeded;
	}
	if (Agent->RunsActions() && !Action.IsNone())
	{
		UE_LOG(LogGoap, Warning, TEXT("%s: %s runs its actions itself (bRunActions): turn it off to run them from the tree, or set bOnlyExposeActionName"),
			*GetNodeName(), *Agent->GetPathName());
		return EBTNodeResult::Failed;
	}
	FGoapBTTaskHost Host(Agent, GetNodeName());
	return ToNodeResult(GoapLogic::ExecuteRunAction(Host, *Memory));
}

void UBTTask_GoapRunAction::TickTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory, float DeltaSeconds)
{
	FBTGoapRunActionMemory* Memory = CastInstanceNodeMemory<FBTGoapRunActionMemory>(NodeMemory);
	FGoapBTTaskHost Host(FindAgent(OwnerComp), GetNodeName());
	const GoapLogic::EBTOutcome Outcome = GoapLogic::TickRunAction(Host, *Memory, DeltaSeconds);
	if (Outcome != GoapLogic::EBTOutcome::InProgress)
	{
		FinishLatentTask(OwnerComp, ToNodeResult(Outcome));
	}
}

EBTNodeResult::Type UBTTask_GoapRunAction::AbortTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory)
{
	// The tree, not the agent, gave up: the action object stops; the agent's action stays in progress.
	FBTGoapRunActionMemory* Memory = CastInstanceNodeMemory<FBTGoapRunActionMemory>(NodeMemory);
	FGoapBTTaskHost Host(FindAgent(OwnerComp), GetNodeName());
	return ToNodeResult(GoapLogic::AbortRunAction(Host, *Memory));
}

FString UBTTask_GoapRunAction::GetStaticDescription() const
{
	return bOnlyExposeActionName
		? FString::Printf(TEXT("%s: writes the GOAP agent's current action to %s"), *Super::GetStaticDescription(), *ActionNameKey.SelectedKeyName.ToString())
		: FString::Printf(TEXT("%s: runs the GOAP agent's current action (its UGoapAction)"), *Super::GetStaticDescription());
}
