#pragma once

#include "CoreMinimal.h"
#include "GoapTypes.h"
#include "Subsystems/WorldSubsystem.h"
#include "UObject/ObjectKey.h"
#include "GoapWorldSubsystem.generated.h"

class UGoapDomainAsset;
class FGoapWorldNative;
/** A domain loaded into a world with its names resolved (Private/GoapWorldNative.h). */
struct FGoapDomainBinding;


/**
 * One goap world per game or PIE world: it owns the domains loaded from UGoapDomainAsset
 * (once per asset) and the agents of every UGoapAgentComponent in it.
 *
 * Threads: every function here, Blueprint or C++, is for the game thread. Agents with
 * bPlanInStep off are planned here once per frame, after the actors ticked, within the
 * project settings' batch budget (UGoapSettings::BatchMaxNodesPerFrame, so a frame never
 * waits on a long search: what is left goes on next frame). The library's parallel parts of
 * a batch run on Unreal's task system (ParallelFor), not on threads of its own. With the
 * console variable goap.BatchOnTaskGraph (or UGoapSettings::bBatchOnTaskGraph) the whole
 * batch runs as a UE::Tasks task that holds the native world by shared pointer (never the
 * subsystem); while it runs the game thread launches no other and does not wait for it.
 * This is safe because the components install no context callbacks (the library runs
 * callbacks on the thread that plans).
 *
 * When the linked goap library does not match the goap.h the plugin was compiled with, or
 * the world cannot be created, the subsystem creates nothing: GetStatus says why and
 * components make no agent.
 */
UCLASS()
class GOAP_API UGoapWorldSubsystem : public UTickableWorldSubsystem
{
	GENERATED_BODY()

public:
	virtual void Initialize(FSubsystemCollectionBase& Collection) override;
	virtual void Deinitialize() override;
	virtual void Tick(float DeltaTime) override;
	virtual TStatId GetStatId() const override;

	/** Ready when the GOAP world exists; otherwise why not (nothing is created then). Cheap. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	EGoapWorldStatus GetStatus() const { return Status; }

	/** Why the GOAP world is not Ready (empty when it is), as logged. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	FString GetStatusMessage() const { return StatusMessage; }

	/** The message of the last failed call of this subsystem from Blueprint or C++ (also logged), or empty. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	FString GetLastError() const { return LastError; }

	/**
	 * Starts the world's flight recording (the last WindowSeconds, 0: the settings'
	 * RecordingWindowSeconds) into memory; SaveRecording writes it to a file for
	 * `goap studio FILE -o page.html`. False with OutError when there is no world or it already records.
	 */
	UFUNCTION(BlueprintCallable, Category = "GOAP|Debug")
	bool StartRecording(const FString& Path, float WindowSeconds, FString& OutError);

	/** Stops the recording started with StartRecording and writes its file; false with OutError. */
	UFUNCTION(BlueprintCallable, Category = "GOAP|Debug")
	bool StopRecording(FString& OutError);

	/** True while StartRecording's recording runs. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Debug")
	bool IsRecording() const { return bRecording; }

	/** The native world (Private/GoapWorldNative.h), or null when there is none. C++ inside the Goap module only. */
	FGoapWorldNative* GetNativeWorld() const;

	/** The asset's domain in this world, loading it on first use; null with OutError on failure. C++ inside the Goap module (FGoapDomainBinding is in Private/GoapWorldNative.h). */
	TSharedPtr<const FGoapDomainBinding> FindOrLoadDomain(const UGoapDomainAsset& Asset, FString& OutError);

	/**
	 * Writes a shared fact of the asset's domain (goap_domain_set_shared_fact): every agent of
	 * the domain in this world reads it when it plans and checks its plan, without a call per
	 * agent (a gate blown open, a market that opens). The latest write wins: an agent's own
	 * SetFact overrides the shared value until the next shared write of it. Only the agents
	 * whose goals or plan depend on the fact review. Returns false, with a log line, when the
	 * domain cannot be loaded or has no such fact.
	 */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetSharedFact(UGoapDomainAsset* Domain, FName Fact, bool bValue);

	/** As SetSharedFact, for a variable (goap_domain_set_shared_var; the value must lie in its range). */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetSharedVar(UGoapDomainAsset* Domain, FName Var, int32 Value);

	/** Agents with bPlanInStep off register so that the batch runs only when someone waits for it. */
	void AddBatchAgent();
	void RemoveBatchAgent();

protected:
	virtual bool DoesSupportWorldType(const EWorldType::Type WorldType) const override;

private:
	void ForgetCollectedDomains();
	/** The asset's binding, or null after Fail (Function names the caller). */
	TSharedPtr<const FGoapDomainBinding> BindingFor(const TCHAR* Function, UGoapDomainAsset* Asset);
	bool Fail(const TCHAR* Function, const FString& Message, FString* OutError = nullptr);

	/** Shared with a running batch task (see the class comment; thread-safe, the UE5 default mode); null without a world. */
	TSharedPtr<FGoapWorldNative> NativeWorld;
	TMap<TObjectKey<UGoapDomainAsset>, TSharedPtr<const FGoapDomainBinding>> Domains;
	int32 BatchAgents = 0;
	EGoapWorldStatus Status = EGoapWorldStatus::NotStarted;
	FString StatusMessage;
	FString LastError;
	bool bRecording = false;
	FString RecordingPath;
};
