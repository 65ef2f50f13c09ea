#pragma once

#include "CoreMinimal.h"
#include "Engine/DeveloperSettings.h"
#include "GoapSettings.generated.h"

/**
 * Project-wide GOAP defaults (Project Settings > Plugins > GOAP, saved to DefaultGame.ini,
 * section [/Script/Goap.GoapSettings]). Components read them at BeginPlay unless they
 * override them; the world subsystem reads the batch and recording ones every frame.
 * The defaults never stall a frame: a step searches at most StepMaxExpansions nodes and a
 * batch at most BatchMaxNodesPerFrame, a longer search goes on next frame.
 */
UCLASS(Config = Game, DefaultConfig, meta = (DisplayName = "GOAP"))
class GOAP_API UGoapSettings : public UDeveloperSettings
{
	GENERATED_BODY()

public:
	UGoapSettings();

	virtual FName GetCategoryName() const override;

	/** Nodes one step of an agent may expand searching (components with StepMaxExpansions -1); 0: no limit (a long search then stalls the frame). */
	UPROPERTY(Config, EditAnywhere, Category = "Budgets", meta = (ClampMin = "0"))
	int32 StepMaxExpansions = 2000;

	/** Nodes the world's batch planning (agents with bPlanInStep off) may expand per frame; 0: no limit. */
	UPROPERTY(Config, EditAnywhere, Category = "Budgets", meta = (ClampMin = "0"))
	int32 BatchMaxNodesPerFrame = 20000;

	/** Node limit of one whole search (components with MaxNodes 0); a search that reaches it finds no plan for that goal. */
	UPROPERTY(Config, EditAnywhere, Category = "Budgets", meta = (ClampMin = "1"))
	int32 MaxNodes = 100000;

	/** Agents are created only where the owning actor has authority (server, standalone), not on clients (components can override). */
	UPROPERTY(Config, EditAnywhere, Category = "Networking")
	bool bAuthorityOnly = true;

	/** Run the batch planning as a UE::Tasks task instead of on the game thread (as the console variable goap.BatchOnTaskGraph). */
	UPROPERTY(Config, EditAnywhere, Category = "Threading")
	bool bBatchOnTaskGraph = false;

	/** Start a flight recording of every game/PIE world when it starts (goap.SaveRecording writes it). */
	UPROPERTY(Config, EditAnywhere, Category = "Debugging")
	bool bRecordFromStart = false;

	/** Seconds of history a flight recording keeps (0: everything since it started). */
	UPROPERTY(Config, EditAnywhere, Category = "Debugging", meta = (ClampMin = "0.0", Units = "s"))
	float RecordingWindowSeconds = 30.0f;

	/** Replans the Gameplay Debugger category lists per agent. */
	UPROPERTY(Config, EditAnywhere, Category = "Debugging", meta = (ClampMin = "1", ClampMax = "64"))
	int32 DebuggerReplanHistory = 8;
};
