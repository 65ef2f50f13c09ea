#include "GoapWorldSubsystem.h"

#include "Async/ParallelFor.h"
#include "Async/TaskGraphInterfaces.h"
#include "GoapDomainAsset.h"
#include "GoapLog.h"
#include "GoapModule.h"
#include "GoapSettings.h"
#include "GoapStrings.h"
#include "GoapWorldNative.h"
#include "Engine/World.h"
#include "Misc/DateTime.h"
#include "HAL/IConsoleManager.h"
#include "Misc/Paths.h"
#include "ProfilingDebugging/CpuProfilerTrace.h"
#include "Tasks/Task.h"

namespace
{
	TAutoConsoleVariable<bool> CVarBatchOnTaskGraph(
		TEXT("goap.BatchOnTaskGraph"),
		false,
		TEXT("Run the batch planning of GOAP agents with bPlanInStep off as a UE::Tasks task (also on with the project setting bBatchOnTaskGraph); the game thread never waits for it. Only safe while no agent has native context callbacks."));

	TAutoConsoleVariable<int32> CVarBatchThreads(
		TEXT("goap.BatchThreads"),
		1,
		TEXT("Workers one GOAP batch spreads its searches over (ParallelFor on Unreal's task system, the calling thread included). 1: the calling thread only; 0: every task-graph worker."));

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

namespace GoapTasks
{
	namespace
	{
		void* Enqueue(GoapTaskCallback Task, uint32_t ItemCount, uint32_t MinRange, void* TaskContext, void* /*UserContext*/)
		{
			const uint32 Ranges = RangeCount(ItemCount, MinRange);
			const uint32 Range = MinRange == 0 ? 1 : MinRange;
			// Worker indices must stay below the worker_threads Install gave the world.
			const int32 WorldWorkers = FMath::Max(1, FTaskGraphInterface::Get().GetNumWorkerThreads() + 1);
			const int32 Wanted = CVarBatchThreads.GetValueOnAnyThread();
			const int32 Workers = FMath::Min<int32>(static_cast<int32>(Ranges), Wanted > 0 ? FMath::Min(Wanted, WorldWorkers) : WorldWorkers);
			std::atomic<uint32> Next{0};
			// One ParallelFor index per worker index: each claims ranges until none is left, so
			// two ranges running at once never share a worker index. Every range has run when
			// ParallelFor returns, hence null (finish_task is then not called).
			ParallelFor(Workers, [&](int32 Worker)
			{
				TRACE_CPUPROFILER_EVENT_SCOPE(Goap_BatchRange);
				for (uint32 Index = Next.fetch_add(1); Index < Ranges; Index = Next.fetch_add(1))
				{
					const uint32 Start = Index * Range;
					const uint32 End = FMath::Min(ItemCount, Start + Range);
					Task(Start, End, static_cast<uint32_t>(Worker), TaskContext);
				}
			}, Workers <= 1 ? EParallelForFlags::ForceSingleThread : EParallelForFlags::None);
			return nullptr;
		}

		void Finish(void* /*UserTask*/, void* /*UserContext*/)
		{
			// Enqueue never returns a handle.
		}
	}

	void Install(goap::WorldSettings& Settings)
	{
		Settings.enqueue_task = &Enqueue;
		Settings.finish_task = &Finish;
		Settings.user_task_context = nullptr;
		Settings.worker_threads = static_cast<uint32_t>(FMath::Max(1, FTaskGraphInterface::Get().GetNumWorkerThreads() + 1));
	}
}

FGoapWorldNative* UGoapWorldSubsystem::GetNativeWorld() const
{
	return NativeWorld.IsValid() ? &*NativeWorld : nullptr;
}

namespace
{
	/** Plans the agents waiting for a batch, within the frame's node budget. Any thread; World outlives the call. */
	void RunBatch(FGoapWorldNative& World, uint64 MaxNodes, uint32 Threads)
	{
		TRACE_CPUPROFILER_EVENT_SCOPE(Goap_Batch);
		goap::BatchOptions Options;
		Options.threads = Threads;
		Options.max_nodes = MaxNodes;
		goap::Result<goap::BatchStats> Stats = World.plan_agents(Options);
		if (!Stats.ok())
		{
			UE_LOG(LogGoap, Warning, TEXT("Batch planning failed: %s"), *GoapStrings::Message(Stats.error()));
			return;
		}
		UE_LOG(LogGoap, VeryVerbose, TEXT("Batch planned %u agents (%u still waiting, %llu nodes expanded)"),
			Stats.value().planned, Stats.value().waiting, static_cast<unsigned long long>(Stats.value().expanded));
	}
}

void UGoapWorldSubsystem::Initialize(FSubsystemCollectionBase& Collection)
{
	Super::Initialize(Collection);
	if (!FGoapModule::IsLibraryCompatible())
	{
		Status = EGoapWorldStatus::LibraryMismatch;
		StatusMessage = FGoapModule::GetLibraryMessage();
		UE_LOG(LogGoap, Error, TEXT("No GOAP world for %s: %s"), *GetPathName(), *StatusMessage);
		return;
	}
	goap::WorldSettings Settings;
	GoapTasks::Install(Settings);
	goap::Result<goap::World> Created = goap::World::create(Settings);
	if (!Created.ok())
	{
		Status = EGoapWorldStatus::CreateFailed;
		StatusMessage = GoapStrings::Message(Created.error());
		UE_LOG(LogGoap, Error, TEXT("Cannot create the GOAP world: %s"), *StatusMessage);
		return;
	}
	NativeWorld = MakeShared<FGoapWorldNative>(MoveTemp(Created.value()));
	Status = EGoapWorldStatus::Ready;
	StatusMessage.Empty();
	const UGoapSettings* Defaults = GetDefault<UGoapSettings>();
	if (Defaults->bRecordFromStart)
	{
		FString Error;
		StartRecording(FString(), 0.0f, Error);
	}
}

void UGoapWorldSubsystem::Deinitialize()
{
	if (bRecording)
	{
		FString Error;
		StopRecording(Error);
	}
	Domains.Empty();
	// A batch task still running holds its own reference: the world is destroyed when it
	// ends, never under it (goap_world_destroy must not overlap another call on the world).
	NativeWorld.Reset();
	Status = EGoapWorldStatus::NotStarted;
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
	if (BatchAgents == 0 || !NativeWorld.IsValid() || NativeWorld->bBatchRunning.load())
	{
		// A batch still running (on a task) is not waited for: its agents keep Waiting.
		return;
	}
	const UGoapSettings* Defaults = GetDefault<UGoapSettings>();
	const uint64 MaxNodes = static_cast<uint64>(FMath::Max(0, Defaults->BatchMaxNodesPerFrame));
	const uint32 Threads = static_cast<uint32>(FMath::Max(0, CVarBatchThreads.GetValueOnGameThread()));
	if (CVarBatchOnTaskGraph.GetValueOnGameThread() || Defaults->bBatchOnTaskGraph)
	{
		NativeWorld->bBatchRunning.store(true);
		TSharedPtr<FGoapWorldNative> World = NativeWorld;
		UE::Tasks::Launch(UE_SOURCE_LOCATION, [World, MaxNodes, Threads]()
		{
			RunBatch(*World, MaxNodes, Threads);
			World->bBatchRunning.store(false);
		});
	}
	else
	{
		RunBatch(*NativeWorld, MaxNodes, Threads);
	}
}

bool UGoapWorldSubsystem::Fail(const TCHAR* Function, const FString& Message, FString* OutError)
{
	LastError = FString::Printf(TEXT("%s: %s"), Function, *Message);
	UE_LOG(LogGoap, Error, TEXT("%s"), *LastError);
	if (OutError)
	{
		*OutError = LastError;
	}
	return false;
}

bool UGoapWorldSubsystem::StartRecording(const FString& Path, float WindowSeconds, FString& OutError)
{
	if (!NativeWorld.IsValid())
	{
		return Fail(TEXT("StartRecording"), TEXT("no GOAP world (see GetStatus)"), &OutError);
	}
	if (bRecording)
	{
		return Fail(TEXT("StartRecording"), FString::Printf(TEXT("already recording into %s"), *RecordingPath), &OutError);
	}
	const UGoapSettings* Defaults = GetDefault<UGoapSettings>();
	const FString File = Path.IsEmpty()
		? FPaths::Combine(FPaths::ProjectSavedDir(), TEXT("Goap"), FString::Printf(TEXT("%s.goaprec"), *FDateTime::Now().ToString()))
		: Path;
	const double Window = WindowSeconds > 0.0f ? WindowSeconds : FMath::Max(0.0f, Defaults->RecordingWindowSeconds);
	goap::Result<void> Started = NativeWorld->start_recording(GoapStrings::FUtf8(File).View(), Window);
	if (!Started.ok())
	{
		return Fail(TEXT("StartRecording"), GoapStrings::Message(Started.error()), &OutError);
	}
	bRecording = true;
	RecordingPath = File;
	OutError.Empty();
	UE_LOG(LogGoap, Log, TEXT("Recording the GOAP world into %s (window %.1f s; 0: everything)"), *File, Window);
	return true;
}

bool UGoapWorldSubsystem::StopRecording(FString& OutError)
{
	if (!NativeWorld.IsValid() || !bRecording)
	{
		return Fail(TEXT("StopRecording"), TEXT("not recording"), &OutError);
	}
	bRecording = false;
	goap::Result<goap::RecordStats> Stopped = NativeWorld->stop_recording();
	if (!Stopped.ok())
	{
		return Fail(TEXT("StopRecording"), GoapStrings::Message(Stopped.error()), &OutError);
	}
	UE_LOG(LogGoap, Log, TEXT("Wrote the GOAP recording %s (%llu records, %llu bytes): goap studio \"%s\" -o page.html"),
		*RecordingPath, static_cast<unsigned long long>(Stopped.value().records), static_cast<unsigned long long>(Stopped.value().bytes), *RecordingPath);
	OutError.Empty();
	return true;
}

namespace
{
	void SaveRecording(const TArray<FString>& Args, UWorld* World)
	{
		UGoapWorldSubsystem* Goap = World ? World->GetSubsystem<UGoapWorldSubsystem>() : nullptr;
		if (!Goap)
		{
			UE_LOG(LogGoap, Error, TEXT("goap.SaveRecording: this world has no GOAP subsystem (game and PIE worlds have one)"));
			return;
		}
		FString Error;
		if (Goap->IsRecording())
		{
			if (Goap->StopRecording(Error))
			{
				Goap->StartRecording(FString(), 0.0f, Error);
			}
			return;
		}
		Goap->StartRecording(Args.Num() > 0 ? Args[0] : FString(), 0.0f, Error);
	}

	// goap.SaveRecording [path]: writes the running recording (and starts a new one), or
	// starts one into path when none runs.
	FAutoConsoleCommandWithWorldAndArgs SaveRecordingCommand(
		TEXT("goap.SaveRecording"),
		TEXT("goap.SaveRecording [path]: writes this world's GOAP flight recording (the last RecordingWindowSeconds of the project settings) for `goap studio FILE -o page.html` and starts the next; without a recording running, starts one into path (default Saved/Goap/<time>.goaprec)."),
		FConsoleCommandWithWorldAndArgsDelegate::CreateStatic(&SaveRecording));
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
			goap::Result<void> Destroyed = NativeWorld->domain((*Binding)->Domain).destroy();
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
	if (!NativeWorld.IsValid())
	{
		OutError = FString::Printf(TEXT("the GOAP world does not exist: %s"), StatusMessage.IsEmpty() ? TEXT("see the earlier error") : *StatusMessage);
		return nullptr;
	}
	ForgetCollectedDomains();

	const GoapStrings::FUtf8 Json(Asset.DomainJson);
	goap::Result<goap::Domain> Domain = NativeWorld->load_domain(Json.View());
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
	bool SharedWritten(const TCHAR* Function, const goap::Result<goap::SharedChange>& Change, FString& OutError)
	{
		if (!Change.ok())
		{
			OutError = GoapStrings::Message(Change.error());
			return false;
		}
		UE_LOG(LogGoap, VeryVerbose, TEXT("%s: %u agents review"), Function, Change.value().reviewed);
		return true;
	}
}

TSharedPtr<const FGoapDomainBinding> UGoapWorldSubsystem::BindingFor(const TCHAR* Function, UGoapDomainAsset* Asset)
{
	if (!Asset)
	{
		Fail(Function, TEXT("no domain asset given"));
		return nullptr;
	}
	FString Error;
	TSharedPtr<const FGoapDomainBinding> Binding = FindOrLoadDomain(*Asset, Error);
	if (!Binding.IsValid())
	{
		Fail(Function, Error);
	}
	return Binding;
}

bool UGoapWorldSubsystem::SetSharedFact(UGoapDomainAsset* Domain, FName Fact, bool bValue)
{
	const TSharedPtr<const FGoapDomainBinding> Binding = BindingFor(TEXT("SetSharedFact"), Domain);
	if (!Binding.IsValid())
	{
		return false;
	}
	const goap::FactId* Id = Binding->Facts.Find(Fact);
	if (!Id)
	{
		return Fail(TEXT("SetSharedFact"), FString::Printf(TEXT("%s has no fact \"%s\""), *Domain->GetPathName(), *Fact.ToString()));
	}
	FString Error;
	return SharedWritten(TEXT("SetSharedFact"), NativeWorld->domain(Binding->Domain).set_shared_fact(*Id, bValue), Error)
		|| Fail(TEXT("SetSharedFact"), Error);
}

bool UGoapWorldSubsystem::SetSharedVar(UGoapDomainAsset* Domain, FName Var, int32 Value)
{
	const TSharedPtr<const FGoapDomainBinding> Binding = BindingFor(TEXT("SetSharedVar"), Domain);
	if (!Binding.IsValid())
	{
		return false;
	}
	const goap::VarId* Id = Binding->Vars.Find(Var);
	if (!Id)
	{
		return Fail(TEXT("SetSharedVar"), FString::Printf(TEXT("%s has no variable \"%s\""), *Domain->GetPathName(), *Var.ToString()));
	}
	FString Error;
	return SharedWritten(TEXT("SetSharedVar"), NativeWorld->domain(Binding->Domain).set_shared_var(*Id, Value), Error)
		|| Fail(TEXT("SetSharedVar"), Error);
}
