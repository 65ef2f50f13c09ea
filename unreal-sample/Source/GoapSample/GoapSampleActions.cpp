#include "GoapSampleActions.h"

#include "GameFramework/Actor.h"
#include "GoapAgentComponent.h"
#include "GoapSample.h"

namespace
{
	FString OwnerName(const FGoapActionContext& Context)
	{
		return Context.Owner ? Context.Owner->GetName() : FString(TEXT("(no owner)"));
	}
}

void UGoapSampleWalkAction::Start_Implementation(const FGoapActionContext& Context)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s starts %s"), *OwnerName(Context), *Context.ActionName.ToString());
}

EGoapActionStatus UGoapSampleWalkAction::Tick_Implementation(const FGoapActionContext& Context, float /*DeltaSeconds*/)
{
	if (Context.ElapsedSeconds < Seconds)
	{
		return EGoapActionStatus::Running;
	}
	UE_LOG(LogGoapSample, Log, TEXT("%s arrived (%s)"), *OwnerName(Context), *Context.ActionName.ToString());
	return EGoapActionStatus::Succeeded;
}

void UGoapSampleWalkAction::Abort_Implementation(const FGoapActionContext& Context)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s stops walking (%s): the plan changed"), *OwnerName(Context), *Context.ActionName.ToString());
}

void UGoapSampleChoreAction::Start_Implementation(const FGoapActionContext& Context)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s starts %s"), *OwnerName(Context), *Context.ActionName.ToString());
}

EGoapActionStatus UGoapSampleChoreAction::Tick_Implementation(const FGoapActionContext& Context, float /*DeltaSeconds*/)
{
	if (Context.ElapsedSeconds < Seconds)
	{
		return EGoapActionStatus::Running;
	}
	UE_LOG(LogGoapSample, Log, TEXT("%s finished %s"), *OwnerName(Context), *Context.ActionName.ToString());
	return EGoapActionStatus::Succeeded;
}

void UGoapSampleChoreAction::Abort_Implementation(const FGoapActionContext& Context)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s drops %s"), *OwnerName(Context), *Context.ActionName.ToString());
}

void UGoapSampleSearchAction::Start_Implementation(const FGoapActionContext& Context)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s searches the gate by torchlight"), *OwnerName(Context));
}

EGoapActionStatus UGoapSampleSearchAction::Tick_Implementation(const FGoapActionContext& Context, float /*DeltaSeconds*/)
{
	if (!bTorchBlownOut && Context.ElapsedSeconds >= Seconds * 0.5f)
	{
		// The failure the agent replans around: the belief changes, then the action fails.
		bTorchBlownOut = true;
		UE_LOG(LogGoapSample, Log, TEXT("%s: the wind blows the torch out"), *OwnerName(Context));
		if (Context.Agent)
		{
			Context.Agent->SetFact(TEXT("torch_lit"), false);
		}
		return EGoapActionStatus::Failed;
	}
	if (Context.ElapsedSeconds < Seconds)
	{
		return EGoapActionStatus::Running;
	}
	UE_LOG(LogGoapSample, Log, TEXT("%s searched the gate: nobody"), *OwnerName(Context));
	return EGoapActionStatus::Succeeded;
}

void UGoapSampleSearchAction::Abort_Implementation(const FGoapActionContext& Context)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s stops searching"), *OwnerName(Context));
}
