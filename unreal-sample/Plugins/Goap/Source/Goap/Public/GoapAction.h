#pragma once

#include "CoreMinimal.h"
#include "Engine/DataAsset.h"
#include "Templates/SubclassOf.h"
#include "UObject/Object.h"
#include "GoapAction.generated.h"

class AActor;
class UGoapAgentComponent;

/** What an action's Tick says. */
UENUM(BlueprintType)
enum class EGoapActionStatus : uint8
{
	/** Still in progress: Tick again next frame. */
	Running,
	/** Done: reported to the agent, whose next action follows. */
	Succeeded,
	/** It could not be done: reported to the agent, which replans. */
	Failed
};

/** What UGoapAgentComponent does with the domain's actions that no action class is mapped to. */
UENUM(BlueprintType)
enum class EGoapUnmappedActions : uint8
{
	/** Each one is a problem (reported with the others at BeginPlay; no action runs). */
	Error,
	/** Each one is disabled for the agent: never planned. */
	Disable,
	/** Planned anyway; when handed out it is reported failed (logged), and the agent replans. */
	Allow
};

/** What a Blackboard key mirrored by UGoapAgentComponent writes. */
UENUM(BlueprintType)
enum class EGoapMirrorTarget : uint8
{
	/** A fact, from a Bool key. */
	Fact,
	/** An integer variable, from an Int key. */
	Variable
};

/** One Blackboard key mirrored into the agent's beliefs before each step. */
USTRUCT(BlueprintType)
struct GOAP_API FGoapBlackboardMirrorEntry
{
	GENERATED_BODY()

	/** The key of the owner's Blackboard (a Bool key for a fact, an Int key for a variable). */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "GOAP")
	FName BlackboardKey;

	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "GOAP")
	EGoapMirrorTarget Target = EGoapMirrorTarget::Fact;

	/** The fact or variable of the domain. */
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "GOAP")
	FName Name;
};

/** What an action is told when it starts, ticks or is aborted. */
USTRUCT(BlueprintType)
struct GOAP_API FGoapActionContext
{
	GENERATED_BODY()

	/** The agent component running the action. */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	TObjectPtr<UGoapAgentComponent> Agent;

	/** The component's owner (the pawn, for an AI). */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	TObjectPtr<AActor> Owner;

	/** The domain action performed (one class may be mapped to several: walk_to_gate, walk_to_post). */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	FName ActionName;

	/** Seconds since the action started, including this tick's. */
	UPROPERTY(BlueprintReadOnly, Category = "GOAP")
	float ElapsedSeconds = 0.0f;
};

/**
 * How one of the domain's actions is performed: derive from it in C++ or Blueprint, override
 * Start, Tick (return Running until it is done, then Succeeded or Failed) and Abort, and map
 * the class to the action's name on UGoapAgentComponent (ActionClasses) or in a UGoapActionSet.
 * Each agent gets its own instance of each mapped class, made at BeginPlay, so an action may
 * keep state in its properties. Abort comes when the agent drops the action (replan, no plan,
 * end of play, a Behaviour Tree abort); nothing is reported then. Game thread only.
 */
UCLASS(Abstract, Blueprintable, BlueprintType)
class GOAP_API UGoapAction : public UObject
{
	GENERATED_BODY()

public:
	/** The action starts (Tick follows in the same frame). */
	UFUNCTION(BlueprintNativeEvent, Category = "GOAP")
	void Start(const FGoapActionContext& Context);

	/** Once a frame while it runs, the first time right after Start. The default succeeds at once. */
	UFUNCTION(BlueprintNativeEvent, Category = "GOAP")
	EGoapActionStatus Tick(const FGoapActionContext& Context, float DeltaSeconds);

	/** The action is dropped unfinished: stop what it started (movement, montage). */
	UFUNCTION(BlueprintNativeEvent, Category = "GOAP")
	void Abort(const FGoapActionContext& Context);

	/** The agent component this instance belongs to (None on the class default object). */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	UGoapAgentComponent* GetAgent() const { return Agent.Get(); }

	/** The agent's world, so that Blueprint actions can call world nodes (Delay, traces, spawning). */
	virtual UWorld* GetWorld() const override;

protected:
	virtual void Start_Implementation(const FGoapActionContext& Context);
	virtual EGoapActionStatus Tick_Implementation(const FGoapActionContext& Context, float DeltaSeconds);
	virtual void Abort_Implementation(const FGoapActionContext& Context);

private:
	friend class UGoapAgentComponent;
	TWeakObjectPtr<UGoapAgentComponent> Agent;
};

/** An action that takes Seconds and succeeds: a placeholder while the real one is written. */
UCLASS(meta = (DisplayName = "GOAP Wait Action"))
class GOAP_API UGoapWaitAction : public UGoapAction
{
	GENERATED_BODY()

public:
	UPROPERTY(EditAnywhere, BlueprintReadWrite, Category = "GOAP", meta = (ClampMin = "0.0", Units = "s"))
	float Seconds = 1.0f;

protected:
	virtual EGoapActionStatus Tick_Implementation(const FGoapActionContext& Context, float DeltaSeconds) override;
};

/** Action classes by domain action name, to share one mapping among agents (UGoapAgentComponent::ActionSet). */
UCLASS(BlueprintType)
class GOAP_API UGoapActionSet : public UDataAsset
{
	GENERATED_BODY()

public:
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP")
	TMap<FName, TSubclassOf<UGoapAction>> Actions;
};
