#include "GoapAction.h"

#include "GoapAgentComponent.h"

UWorld* UGoapAction::GetWorld() const
{
	// The class default object has no agent, and so no world: the Blueprint editor then
	// offers world nodes on subclasses, which instances (made per agent) can call.
	const UGoapAgentComponent* Owner = Agent.Get();
	return Owner ? Owner->GetWorld() : nullptr;
}

void UGoapAction::Start_Implementation(const FGoapActionContext& /*Context*/)
{
}

EGoapActionStatus UGoapAction::Tick_Implementation(const FGoapActionContext& /*Context*/, float /*DeltaSeconds*/)
{
	return EGoapActionStatus::Succeeded;
}

void UGoapAction::Abort_Implementation(const FGoapActionContext& /*Context*/)
{
}

EGoapActionStatus UGoapWaitAction::Tick_Implementation(const FGoapActionContext& Context, float /*DeltaSeconds*/)
{
	return Context.ElapsedSeconds >= Seconds ? EGoapActionStatus::Succeeded : EGoapActionStatus::Running;
}
