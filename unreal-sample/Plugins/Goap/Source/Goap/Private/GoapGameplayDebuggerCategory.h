#pragma once

// The Gameplay Debugger's "GOAP" category (registered in FGoapModule::StartupModule): the
// selected actor's UGoapAgentComponent (UGoapAgentComponent::DescribeAgent): goals with
// priorities, beliefs, plan, current action, the latest replans with their causes. Collected
// where the agent lives (the server or standalone: agents are authority-only by default) and
// replicated to the viewing client as text lines. Only built with the Gameplay Debugger
// (WITH_GAMEPLAY_DEBUGGER, set by ModuleRules.SetupGameplayDebuggerSupport in Goap.Build.cs).

#include "CoreMinimal.h"

#if WITH_GAMEPLAY_DEBUGGER

#include "GameplayDebuggerCategory.h"

class APlayerController;
class AActor;

class FGoapGameplayDebuggerCategory : public FGameplayDebuggerCategory
{
public:
	FGoapGameplayDebuggerCategory();

	virtual void CollectData(APlayerController* OwnerPC, AActor* DebugActor) override;

	static TSharedRef<FGameplayDebuggerCategory> MakeInstance();
};

#endif // WITH_GAMEPLAY_DEBUGGER
