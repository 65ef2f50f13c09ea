#include "GoapGameplayDebuggerCategory.h"

#if WITH_GAMEPLAY_DEBUGGER

#include "GameFramework/Actor.h"
#include "GoapAgentComponent.h"

FGoapGameplayDebuggerCategory::FGoapGameplayDebuggerCategory()
{
	// Collected on the server (where authority-only agents live) every half second; the
	// text lines replicate to the viewing client.
	CollectDataInterval = 0.5f;
	bShowOnlyWithDebugActor = true;
}

void FGoapGameplayDebuggerCategory::CollectData(APlayerController* /*OwnerPC*/, AActor* DebugActor)
{
	const UGoapAgentComponent* Agent = DebugActor ? DebugActor->FindComponentByClass<UGoapAgentComponent>() : nullptr;
	if (!Agent)
	{
		AddTextLine(TEXT("{grey}no GOAP agent component on the selected actor"));
		return;
	}
	TArray<FString> Lines;
	if (!Agent->DescribeAgent(Lines))
	{
		AddTextLine(FString::Printf(TEXT("{red}%s"), *Agent->GetLastError()));
		return;
	}
	for (const FString& Line : Lines)
	{
		AddTextLine(Line);
	}
}

TSharedRef<FGameplayDebuggerCategory> FGoapGameplayDebuggerCategory::MakeInstance()
{
	return MakeShareable(new FGoapGameplayDebuggerCategory());
}

#endif // WITH_GAMEPLAY_DEBUGGER
