#pragma once

#include "BehaviorTree/BTTaskNode.h"
#include "CoreMinimal.h"
#include "BTTask_GoapRunAction.generated.h"

class UGoapAgentComponent;

/**
 * Runs the action the pawn's UGoapAgentComponent hands out: GOAP chooses what, the tree does
 * how. This task performs an action by waiting its duration, then reports it succeeded;
 * derive from it (or put your own tasks beside it, keyed on GetCurrentAction) for real work.
 * It fails at once when the agent has no action (idle, no plan, waiting), so place it under
 * a selector with a fallback such as Wait. When the agent drops the action meanwhile (it
 * replanned, or the action was reported elsewhere), the task fails without reporting, and
 * the tree re-enters it for the agent's new action. Aborting reports nothing.
 */
UCLASS(meta = (DisplayName = "Run GOAP Action"))
class GOAP_API UBTTask_GoapRunAction : public UBTTaskNode
{
	GENERATED_BODY()

public:
	UBTTask_GoapRunAction();

	/** Seconds each action takes, by action name; actions not listed take DefaultDuration. */
	UPROPERTY(EditAnywhere, Category = "GOAP", meta = (ForceUnits = "s"))
	TMap<FName, float> ActionDurations;

	UPROPERTY(EditAnywhere, Category = "GOAP", meta = (ClampMin = "0.0", ForceUnits = "s"))
	float DefaultDuration = 1.0f;

	virtual EBTNodeResult::Type ExecuteTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory) override;
	virtual EBTNodeResult::Type AbortTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory) override;
	virtual uint16 GetInstanceMemorySize() const override;
	virtual FString GetStaticDescription() const override;

protected:
	virtual void TickTask(UBehaviorTreeComponent& OwnerComp, uint8* NodeMemory, float DeltaSeconds) override;

private:
	static UGoapAgentComponent* FindAgent(const UBehaviorTreeComponent& OwnerComp);
};
