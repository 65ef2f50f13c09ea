#pragma once

#include "CoreMinimal.h"
#include "GoapNative.h"
#include "Subsystems/WorldSubsystem.h"
#include "Tasks/Task.h"
#include "UObject/ObjectKey.h"
#include "GoapWorldSubsystem.generated.h"

class UGoapDomainAsset;

/**
 * A domain loaded into a world, with its names resolved once for every agent of it. FName
 * compares case-insensitively, so two names of a domain that differ only in case cannot
 * both be reached from Blueprint (a warning says so when the domain is loaded).
 */
struct GOAP_API FGoapDomainBinding
{
	goap::DomainId Domain;
	TMap<FName, goap::FactId> Facts;
	TMap<FName, goap::VarId> Vars;
	TMap<FName, goap::ActionId> Actions;
	/** Action names by id bits (goap::ActionId::bits()), to name the actions that steps hand out. */
	TMap<uint64, FName> ActionNames;
	/**
	 * The domain file's goals in file order: every agent of the domain starts with them in
	 * this order, so goap::Agent::goal_at(Index) is the agent's id of GoalNames[Index]
	 * (goal ids are per agent; UGoapAgentComponent keeps its agent's).
	 */
	TArray<FName> GoalNames;

	FName ActionName(goap::ActionId Action) const;
	/** The name of the goal at Index, or None when Index is not one. */
	FName GoalName(int32 Index) const;
	/** The index of the first goal with this name, or -1 (INDEX_NONE) when none has it. */
	int32 FindGoal(FName Goal) const;
};

/**
 * One goap world per game or PIE world: it owns the domains loaded from UGoapDomainAsset
 * (once per asset) and the agents of every UGoapAgentComponent in it. Calls into it are made
 * on the game thread. Agents with bPlanInStep off are planned here once per frame, after the
 * actors ticked; with the console variable goap.BatchOnTaskGraph set, that batch runs as a
 * task-graph task collected on the next frame. This is safe because the components install
 * no context callbacks (the library runs callbacks on the thread that plans): code that
 * installs callbacks on these agents through the native world must leave it off.
 * Deinitialize destroys the world after the world's actors ended play.
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

	/** The native world, or null when it could not be created or is already destroyed. */
	const goap::World* GetNativeWorld() const { return NativeWorld ? &NativeWorld : nullptr; }

	/** The asset's domain in this world, loading it on first use; null with OutError on failure. */
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
	void RunBatch() const;
	void FinishBatch();
	void ForgetCollectedDomains();

	goap::World NativeWorld;
	TMap<TObjectKey<UGoapDomainAsset>, TSharedPtr<const FGoapDomainBinding>> Domains;
	int32 BatchAgents = 0;
	/** The batch launched on the task graph last frame, if any. */
	UE::Tasks::FTask PendingBatch;
};
