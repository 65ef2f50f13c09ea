#include "GoapWorldSubsystem.h"

#include "GoapDomainAsset.h"
#include "GoapLog.h"
#include "GoapStrings.h"
#include "HAL/IConsoleManager.h"

namespace
{
	TAutoConsoleVariable<bool> CVarBatchOnTaskGraph(
		TEXT("goap.BatchOnTaskGraph"),
		false,
		TEXT("Run the batch planning of GOAP agents with bPlanInStep off as a task-graph task, collected on the next frame (default: on the game thread). Only safe while no agent has native context callbacks."));

	TAutoConsoleVariable<int32> CVarBatchThreads(
		TEXT("goap.BatchThreads"),
		1,
		TEXT("Threads one GOAP batch plans with, the calling one included; more than 1 starts the library's own scoped threads for each batch. 0: one per core."));

	// Logs a case-only clash instead of letting one name silently shadow the other.
	template <typename IdType>
	void AddName(TMap<FName, IdType>& Map, const FString& Name, IdType Id, const TCHAR* Kind, const UGoapDomainAsset& Asset)
	{
		const FName Key(*Name);
		if (const IdType* Existing = Map.Find(Key))
		{
			if (*Existing != Id)
			{
				UE_LOG(LogGoap, Warning, TEXT("%s: the %s names \"%s\" and \"%s\" differ only in case; Unreal names (FName) cannot tell them apart, so only the first is reachable"),
					*Asset.GetPathName(), Kind, *Key.ToString(), *Name);
			}
			return;
		}
		Map.Add(Key, Id);
	}

	// Looks each of Names up with Find (the library's find_fact, find_var or find_action) and
	// adds it to Map; OnFound sees every name found, case clashes included.
	template <typename IdType, typename FindFn, typename FoundFn>
	void BindNames(TMap<FName, IdType>& Map, const TArray<FString>& Names, const TCHAR* Kind, const UGoapDomainAsset& Asset,
		FindFn Find, FoundFn OnFound)
	{
		for (const FString& Name : Names)
		{
			goap::Result<IdType> Id = Find(GoapStrings::FUtf8(Name).View());
			if (!Id.ok())
			{
				UE_LOG(LogGoap, Warning, TEXT("%s: %s"), *Asset.GetPathName(), *GoapStrings::Message(Id.error()));
				continue;
			}
			AddName(Map, Name, Id.value(), Kind, Asset);
			OnFound(Name, Id.value());
		}
	}

	template <typename IdType, typename FindFn>
	void BindNames(TMap<FName, IdType>& Map, const TArray<FString>& Names, const TCHAR* Kind, const UGoapDomainAsset& Asset,
		FindFn Find)
	{
		BindNames(Map, Names, Kind, Asset, Find, [](const FString&, IdType) {});
	}
}

FName FGoapDomainBinding::ActionName(goap::ActionId Action) const
{
	const FName* Name = ActionNames.Find(Action.bits());
	return Name ? *Name : NAME_None;
}

FName FGoapDomainBinding::GoalName(int32 Index) const
{
	return GoalNames.IsValidIndex(Index) ? GoalNames[Index] : NAME_None;
}

int32 FGoapDomainBinding::FindGoal(FName Goal) const
{
	return GoalNames.IndexOfByKey(Goal);
}

void UGoapWorldSubsystem::Initialize(FSubsystemCollectionBase& Collection)
{
	Super::Initialize(Collection);
	goap::WorldSettings Settings;
	// worker_threads stays 0 (the machine's parallelism): it is what goap.BatchThreads 0 asks
	// for. Threads exist only during a batch call; the default of the variable is 1.
	goap::Result<goap::World> Created = goap::World::create(Settings);
	if (!Created.ok())
	{
		UE_LOG(LogGoap, Error, TEXT("Cannot create the GOAP world: %s"), *GoapStrings::Message(Created.error()));
		return;
	}
	NativeWorld = MoveTemp(Created.value());
}

void UGoapWorldSubsystem::Deinitialize()
{
	// goap_world_destroy must not overlap any other call on the world, a batch included.
	FinishBatch();
	Domains.Empty();
	NativeWorld.reset();
	Super::Deinitialize();
}

bool UGoapWorldSubsystem::DoesSupportWorldType(const EWorldType::Type WorldType) const
{
	return WorldType == EWorldType::Game || WorldType == EWorldType::PIE;
}

TStatId UGoapWorldSubsystem::GetStatId() const
{
	RETURN_QUICK_DECLARE_CYCLE_STAT(UGoapWorldSubsystem, STATGROUP_Tickables);
}

void UGoapWorldSubsystem::Tick(float DeltaTime)
{
	Super::Tick(DeltaTime);
	FinishBatch();
	if (BatchAgents == 0 || !NativeWorld)
	{
		return;
	}
	if (CVarBatchOnTaskGraph.GetValueOnGameThread())
	{
		// Deinitialize waits for it, so the world outlives the task.
		PendingBatch = UE::Tasks::Launch(UE_SOURCE_LOCATION, [this]() { RunBatch(); });
	}
	else
	{
		RunBatch();
	}
}

void UGoapWorldSubsystem::RunBatch() const
{
	goap::BatchOptions Options;
	Options.threads = static_cast<uint32>(FMath::Max(0, CVarBatchThreads.GetValueOnAnyThread()));
	goap::Result<goap::BatchStats> Stats = NativeWorld.plan_agents(Options);
	if (!Stats.ok())
	{
		UE_LOG(LogGoap, Warning, TEXT("Batch planning failed: %s"), *GoapStrings::Message(Stats.error()));
		return;
	}
	UE_LOG(LogGoap, VeryVerbose, TEXT("Batch planned %u agents (%u still waiting, %llu nodes expanded)"),
		Stats.value().planned, Stats.value().waiting, static_cast<unsigned long long>(Stats.value().expanded));
}

void UGoapWorldSubsystem::FinishBatch()
{
	if (PendingBatch.IsValid())
	{
		PendingBatch.Wait();
		PendingBatch = UE::Tasks::FTask();
	}
}

void UGoapWorldSubsystem::ForgetCollectedDomains()
{
	// Assets garbage-collected since (transient ones made per actor, say) would otherwise keep
	// their native domains until the world ends. Agents keep their own copy of their domain
	// and components share the name binding, so destroying the native domain takes nothing
	// from them.
	TArray<TObjectKey<UGoapDomainAsset>> Collected;
	for (const auto& Entry : Domains)
	{
		if (!Entry.Key.ResolveObjectPtr())
		{
			Collected.Add(Entry.Key);
		}
	}
	for (const TObjectKey<UGoapDomainAsset>& Key : Collected)
	{
		if (const TSharedPtr<const FGoapDomainBinding>* Binding = Domains.Find(Key))
		{
			goap::Result<void> Destroyed = NativeWorld.domain((*Binding)->Domain).destroy();
			if (!Destroyed.ok())
			{
				UE_LOG(LogGoap, Warning, TEXT("%s"), *GoapStrings::Message(Destroyed.error()));
			}
		}
		Domains.Remove(Key);
	}
}

void UGoapWorldSubsystem::AddBatchAgent()
{
	++BatchAgents;
}

void UGoapWorldSubsystem::RemoveBatchAgent()
{
	BatchAgents = FMath::Max(0, BatchAgents - 1);
}

TSharedPtr<const FGoapDomainBinding> UGoapWorldSubsystem::FindOrLoadDomain(const UGoapDomainAsset& Asset, FString& OutError)
{
	if (const TSharedPtr<const FGoapDomainBinding>* Loaded = Domains.Find(TObjectKey<UGoapDomainAsset>(&Asset)))
	{
		return *Loaded;
	}
	if (!NativeWorld)
	{
		OutError = TEXT("the GOAP world does not exist (see the earlier error)");
		return nullptr;
	}
	ForgetCollectedDomains();

	const GoapStrings::FUtf8 Json(Asset.DomainJson);
	goap::Result<goap::Domain> Domain = NativeWorld.load_domain(Json.View());
	if (!Domain.ok())
	{
		OutError = FString::Printf(TEXT("%s: %s"), *Asset.GetPathName(), *GoapStrings::Message(Domain.error()));
		return nullptr;
	}

	FGoapDomainNames Names;
	// Read in a scratch world (ReadNames): the names need a short-lived agent, which must not
	// appear in this world (a batch would plan it).
	if (!Asset.ReadNames(Names, OutError))
	{
		// Nothing will use it: do not leave it loaded.
		(void)Domain.value().destroy();
		return nullptr;
	}

	TSharedRef<FGoapDomainBinding> Binding = MakeShared<FGoapDomainBinding>();
	const goap::Domain& Native = Domain.value();
	Binding->Domain = Native.id();
	BindNames(Binding->Facts, Names.Facts, TEXT("fact"), Asset,
		[&Native](std::string_view Name) { return Native.find_fact(Name); });
	BindNames(Binding->Vars, Names.Vars, TEXT("variable"), Asset,
		[&Native](std::string_view Name) { return Native.find_var(Name); });
	BindNames(Binding->Actions, Names.Actions, TEXT("action"), Asset,
		[&Native](std::string_view Name) { return Native.find_action(Name); },
		[&Binding](const FString& Name, goap::ActionId Id) { Binding->ActionNames.Add(Id.bits(), FName(*Name)); });
	for (const FString& Name : Names.Goals)
	{
		Binding->GoalNames.Add(FName(*Name));
	}

	Domains.Add(TObjectKey<UGoapDomainAsset>(&Asset), Binding);
	return Binding;
}

namespace
{
	/** The asset's binding in Subsystem, or null after logging why (Function names the caller). */
	TSharedPtr<const FGoapDomainBinding> BindingFor(UGoapWorldSubsystem& Subsystem, const TCHAR* Function, UGoapDomainAsset* Asset)
	{
		if (!Asset)
		{
			UE_LOG(LogGoap, Error, TEXT("%s: no domain asset given"), Function);
			return nullptr;
		}
		FString Error;
		TSharedPtr<const FGoapDomainBinding> Binding = Subsystem.FindOrLoadDomain(*Asset, Error);
		if (!Binding.IsValid())
		{
			UE_LOG(LogGoap, Error, TEXT("%s: %s"), Function, *Error);
		}
		return Binding;
	}

	bool SharedWritten(const TCHAR* Function, const goap::Result<goap::SharedChange>& Change)
	{
		if (!Change.ok())
		{
			UE_LOG(LogGoap, Error, TEXT("%s: %s"), Function, *GoapStrings::Message(Change.error()));
			return false;
		}
		UE_LOG(LogGoap, VeryVerbose, TEXT("%s: %u agents review"), Function, Change.value().reviewed);
		return true;
	}
}

bool UGoapWorldSubsystem::SetSharedFact(UGoapDomainAsset* Domain, FName Fact, bool bValue)
{
	const TSharedPtr<const FGoapDomainBinding> Binding = BindingFor(*this, TEXT("SetSharedFact"), Domain);
	if (!Binding.IsValid())
	{
		return false;
	}
	const goap::FactId* Id = Binding->Facts.Find(Fact);
	if (!Id)
	{
		UE_LOG(LogGoap, Error, TEXT("SetSharedFact: %s has no fact \"%s\""), *Domain->GetPathName(), *Fact.ToString());
		return false;
	}
	return SharedWritten(TEXT("SetSharedFact"), NativeWorld.domain(Binding->Domain).set_shared_fact(*Id, bValue));
}

bool UGoapWorldSubsystem::SetSharedVar(UGoapDomainAsset* Domain, FName Var, int32 Value)
{
	const TSharedPtr<const FGoapDomainBinding> Binding = BindingFor(*this, TEXT("SetSharedVar"), Domain);
	if (!Binding.IsValid())
	{
		return false;
	}
	const goap::VarId* Id = Binding->Vars.Find(Var);
	if (!Id)
	{
		UE_LOG(LogGoap, Error, TEXT("SetSharedVar: %s has no variable \"%s\""), *Domain->GetPathName(), *Var.ToString());
		return false;
	}
	return SharedWritten(TEXT("SetSharedVar"), NativeWorld.domain(Binding->Domain).set_shared_var(*Id, Value));
}
