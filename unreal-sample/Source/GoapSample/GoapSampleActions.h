#pragma once

#include "CoreMinimal.h"
#include "GoapAction.h"
#include "GoapSampleActions.generated.h"

/**
 * The guard's actions (Content/GoapDomains/guard.json), one UGoapAction class per kind,
 * mapped by name in AGoapSampleGuard's constructor (UGoapAgentComponent::ActionClasses). They
 * take time and log; a game would move the pawn (AI MoveTo) and play montages here.
 */

/** walk_to_gate, walk_to_post (the template walk_to_{to}): one class for both, by Context.ActionName. */
UCLASS()
class GOAPSAMPLE_API UGoapSampleWalkAction : public UGoapAction
{
	GENERATED_BODY()

public:
	UPROPERTY(EditAnywhere, Category = "GOAP Sample", meta = (ClampMin = "0.0", Units = "s"))
	float Seconds = 2.0f;

protected:
	virtual void Start_Implementation(const FGoapActionContext& Context) override;
	virtual EGoapActionStatus Tick_Implementation(const FGoapActionContext& Context, float DeltaSeconds) override;
	virtual void Abort_Implementation(const FGoapActionContext& Context) override;
};

/** close_gate, take_torch, light_torch, ring_bell: a chore that takes Seconds. */
UCLASS()
class GOAPSAMPLE_API UGoapSampleChoreAction : public UGoapAction
{
	GENERATED_BODY()

public:
	UPROPERTY(EditAnywhere, Category = "GOAP Sample", meta = (ClampMin = "0.0", Units = "s"))
	float Seconds = 1.0f;

protected:
	virtual void Start_Implementation(const FGoapActionContext& Context) override;
	virtual EGoapActionStatus Tick_Implementation(const FGoapActionContext& Context, float DeltaSeconds) override;
	virtual void Abort_Implementation(const FGoapActionContext& Context) override;
};

/**
 * search_gate: the first search of each guard fails halfway, the wind blowing the torch out
 * (torch_lit false): the action reports Failed and the agent replans, lighting it again.
 */
UCLASS()
class GOAPSAMPLE_API UGoapSampleSearchAction : public UGoapAction
{
	GENERATED_BODY()

public:
	UPROPERTY(EditAnywhere, Category = "GOAP Sample", meta = (ClampMin = "0.0", Units = "s"))
	float Seconds = 3.0f;

protected:
	virtual void Start_Implementation(const FGoapActionContext& Context) override;
	virtual EGoapActionStatus Tick_Implementation(const FGoapActionContext& Context, float DeltaSeconds) override;
	virtual void Abort_Implementation(const FGoapActionContext& Context) override;

private:
	bool bTorchBlownOut = false;
};
