#include "GoapSampleGuard.h"

#include "Components/SceneComponent.h"
#include "Engine/World.h"
#include "GoapAgentComponent.h"
#include "GoapDomainAsset.h"
#include "GoapWorldSubsystem.h"
#include "GoapSample.h"
#include "GoapSampleActions.h"
#include "TimerManager.h"

AGoapSampleGuard::AGoapSampleGuard()
{
	RootComponent = CreateDefaultSubobject<USceneComponent>(TEXT("Root"));
	Goap = CreateDefaultSubobject<UGoapAgentComponent>(TEXT("Goap"));
	// Every action of the domain, by name, to the class that performs it (an unmapped one
	// would be reported at BeginPlay, with any other problem, in one error).
	Goap->ActionClasses.Add(TEXT("walk_to_gate"), UGoapSampleWalkAction::StaticClass());
	Goap->ActionClasses.Add(TEXT("walk_to_post"), UGoapSampleWalkAction::StaticClass());
	Goap->ActionClasses.Add(TEXT("close_gate"), UGoapSampleChoreAction::StaticClass());
	Goap->ActionClasses.Add(TEXT("take_torch"), UGoapSampleChoreAction::StaticClass());
	Goap->ActionClasses.Add(TEXT("light_torch"), UGoapSampleChoreAction::StaticClass());
	Goap->ActionClasses.Add(TEXT("ring_bell"), UGoapSampleChoreAction::StaticClass());
	Goap->ActionClasses.Add(TEXT("search_gate"), UGoapSampleSearchAction::StaticClass());
	// secure_gate (priority 2) wants the guard at its post and inspect_gate (1) takes it to
	// the gate: without a margin secure_gate would call it back at every step of the
	// inspection. With it, the guard finishes inspecting, then returns (raise_alarm, 10, still
	// takes over at once).
	Goap->SwitchMargin = 1.5;
}

void AGoapSampleGuard::BeginPlay()
{
	// Before Super::BeginPlay, which begins play for the components: the agent reads Domain there.
	if (!Goap->Domain)
	{
		FString Error;
		Goap->Domain = UGoapDomainAsset::CreateFromJsonFile(this, DomainFile, Error);
		if (!Goap->Domain)
		{
			UE_LOG(LogGoapSample, Error, TEXT("%s: %s"), *GetName(), *Error);
		}
	}
	Goap->OnReplanned.AddDynamic(this, &AGoapSampleGuard::HandleReplanned);
	Goap->OnIdle.AddDynamic(this, &AGoapSampleGuard::HandleIdle);
	Super::BeginPlay();
	if (!Goap->HasAgent())
	{
		return; // no agent here (a client, or the domain failed: logged): nothing for the events to tell
	}

	FTimerManager& Timers = GetWorldTimerManager();
	Timers.SetTimer(GateTimer, this, &AGoapSampleGuard::BlowGateOpen, GateBlowsOpenEvery, true);
	Timers.SetTimer(IntruderTimer, this, &AGoapSampleGuard::SeeIntruder, FMath::Max(IntruderAfter, 0.1f), false);
}

void AGoapSampleGuard::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	GetWorldTimerManager().ClearAllTimersForObject(this);
	Super::EndPlay(EndPlayReason);
}

void AGoapSampleGuard::HandleReplanned(EGoapReplanCause Cause, FName Goal)
{
	UE_LOG(LogGoapSample, Log, TEXT("%s replanned (%s): goal %s, plan %s"), *GetName(),
		*UEnum::GetValueAsString(Cause), *Goal.ToString(),
		*FString::JoinBy(Goap->GetPlan(), TEXT(", "), [](FName Action) { return Action.ToString(); }));
}

void AGoapSampleGuard::HandleIdle()
{
	UE_LOG(LogGoapSample, Log, TEXT("%s has nothing to do"), *GetName());
}

void AGoapSampleGuard::BlowGateOpen()
{
	UE_LOG(LogGoapSample, Log, TEXT("The wind blows the gate open"));
	// The gate is the world's, not one guard's belief: one shared write reaches every guard
	// of the domain, and only those whose goals or plan depend on the gate review.
	UWorld* World = GetWorld();
	UGoapWorldSubsystem* Subsystem = World ? World->GetSubsystem<UGoapWorldSubsystem>() : nullptr;
	if (Subsystem && Subsystem->SetSharedFact(Goap->Domain, TEXT("gate_closed"), false)
		&& Subsystem->SetSharedFact(Goap->Domain, TEXT("gate_searched"), false))
	{
		return;
	}
	// No GOAP world (logged): tell this guard alone.
	Goap->SetFact(TEXT("gate_closed"), false);
	Goap->SetFact(TEXT("gate_searched"), false);
}

void AGoapSampleGuard::SeeIntruder()
{
	UE_LOG(LogGoapSample, Log, TEXT("%s sees an intruder"), *GetName());
	Goap->SetFact(TEXT("intruder_seen"), true);
	Goap->SetGoalPriority(TEXT("raise_alarm"), 10.0);
}
