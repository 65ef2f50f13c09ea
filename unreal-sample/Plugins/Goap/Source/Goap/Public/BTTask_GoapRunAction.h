#pragma once

#include "BehaviorTree/BTTaskNode.h"
#include "BehaviorTree/BehaviorTreeTypes.h"
#include "CoreMinimal.h"
#include "BTTask_GoapRunAction.generated.h"

class UGoapAgentComponent;

/**
 * Runs the action the pawn's UGoapAgentComponent hands out: GOAP chooses what, the tree runs
 * it. The task starts the UGoapAction mapped to the agent's current action (the component's
 * ActionClasses / ActionSet; set the component's bRunActions off so that only the tree runs
 * them), ticks it until it succeeds or fails, reports that to the agent and finishes with the
 * same result. It fails at once when the agent has no action (idle, no plan, waiting), so
 * place it under a selector with a fallback such as Wait. When the agent drops the action
 * meanwhile (it replanned, or the action was reported elsewhere), the action is aborted and
 * the task fails without reporting; the tree re-enters it for the agent's new action. A tree
 * abort aborts the action and reports nothing (the agent keeps it in progress).
 *
 * With bOnlyExposeActionName, the task runs nothing: it writes the current action's name to
 * ActionNameKey and succeeds, for branches of the tree keyed on that name (Blackboard
 * decorators) which perform it and call the component's Report.
 */
UCLASS(meta = (DisplayName = "Run GOAP Action"))
class GOAP_API UBTTask_GoapRunAction : public UBTTaskNode
{
	GENERATED_BODY()

public:
	UBTTask_GoapRunAction();

	/** A Name key that receives the current action's name when the task starts (optional). */
	UPROPERTY(EditAnywhere, Category = "GOAP")
	FBlackboardKeySelector ActionNameKey;

	/** Only write the action's name to ActionNameKey and succeed; the tree performs and reports the action. */
	UPROPERTY(EditAnywhere, Category = "GOAP")
	bool bOnlyExposeActionName = false;

	virtual EBTNodeResult::Type ExecuteTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory) override;
	virtual EBTNodeResult::Type AbortTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory) override;
	virtual uint16 GetInstanceMemorySize() const override;
	virtual FString GetStaticDescription() const override;

protected:
	virtual void TickTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory, float DeltaSeconds) override;

private:
	static UGoapAgentComponent* FindAgent(const UBehaviorTreeComponent& OwnerComp);
};
