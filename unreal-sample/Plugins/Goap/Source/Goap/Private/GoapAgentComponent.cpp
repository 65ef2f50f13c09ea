#include "GoapAgentComponent.h"

#include "Engine/World.h"
#include "GameFramework/Actor.h"
#include "GoapActionStatus.h"
#include "GoapDomainAsset.h"
#include "GoapLog.h"
#include "GoapSettings.h"
#include "GoapStrings.h"
#include "GoapWorldNative.h"
#include "GoapWorldSubsystem.h"
#include "ProfilingDebugging/CpuProfilerTrace.h"
#include "VisualLogger/VisualLogger.h"

/** The agent's goap.hpp state, behind UGoapAgentComponent::AgentState. */
struct FGoapAgentNative
{
	goap::AgentId AgentId;
	/** Goal ids by index into the binding's GoalNames (see the header). */
	TArray<goap::GoalId> GoalIds;
	/** Reused by GetPlan so that a plan query allocates only when plans grow. */
	std::vector<goap::ActionId> PlanBuffer;
	/** Reused by DescribeAgent. */
	std::vector<goap::ReplanEvent> Replans;
};
// Actions (UGoapAction)
#include "BehaviorTree/BlackboardComponent.h"
#include "Blueprint/AIBlueprintHelperLibrary.h"

namespace
{
	EGoapStepKind ToStepKind(goap::StepKind Kind)
	{
		switch (Kind)
		{
		case goap::StepKind::Start: return EGoapStepKind::Start;
		case goap::StepKind::Continue: return EGoapStepKind::Continue;
		case goap::StepKind::Idle: return EGoapStepKind::Idle;
		case goap::StepKind::NoPlan: return EGoapStepKind::NoPlan;
		case goap::StepKind::Waiting: return EGoapStepKind::Waiting;
		case goap::StepKind::Planning: return EGoapStepKind::Planning;
		}
		return EGoapStepKind::None;
	}

	EGoapReplanCause ToReplanCause(goap::ReplanCause Cause)
	{
		switch (Cause)
		{
		case goap::ReplanCause::NoPlan: return EGoapReplanCause::NoPlan;
		case goap::ReplanCause::ActionFailed: return EGoapReplanCause::ActionFailed;
		case goap::ReplanCause::GoalChanged: return EGoapReplanCause::GoalChanged;
		case goap::ReplanCause::PlanInvalidated: return EGoapReplanCause::PlanInvalidated;
		case goap::ReplanCause::StepsSkipped: return EGoapReplanCause::StepsSkipped;
		}
		return EGoapReplanCause::None;
	}

	goap::Report ToReport(EGoapReport Outcome)
	{
		switch (Outcome)
		{
		case EGoapReport::Running: return goap::Report::Running;
		case EGoapReport::Succeeded: return goap::Report::Succeeded;
		case EGoapReport::Failed: return goap::Report::Failed;
		}
		return goap::Report::Running;
	}

	/** Name's id in Names (the domain binding's map of Kind), or false with OutMessage. */
	template <typename IdType>
	bool FindName(const TMap<FName, IdType>* Names, FName Name, const TCHAR* Kind, IdType& OutId, FString& OutMessage)
	{
		const IdType* Id = Names ? Names->Find(Name) : nullptr;
		if (!Id)
		{
			OutMessage = FString::Printf(TEXT("the domain has no %s \"%s\""), Kind, *Name.ToString());
			return false;
		}
		OutId = *Id;
		return true;
	}

	const TCHAR* CauseName(goap::ReplanCause Cause)
	{
		switch (Cause)
		{
		case goap::ReplanCause::NoPlan: return TEXT("no plan");
		case goap::ReplanCause::ActionFailed: return TEXT("action failed");
		case goap::ReplanCause::GoalChanged: return TEXT("goal changed");
		case goap::ReplanCause::PlanInvalidated: return TEXT("plan invalidated");
		case goap::ReplanCause::StepsSkipped: return TEXT("steps skipped");
		}
		return TEXT("none");
	}
}

UGoapAgentComponent::UGoapAgentComponent()
{
	PrimaryComponentTick.bCanEverTick = true;
	PrimaryComponentTick.bStartWithTickEnabled = true;
	AgentState = MakePimpl<FGoapAgentNative>();
}

bool UGoapAgentComponent::ShouldCreateAgent() const
{
	const bool bOnlyWithAuthority = bOverrideAuthorityOnly ? bAuthorityOnly : GetDefault<UGoapSettings>()->bAuthorityOnly;
	const AActor* Owner = GetOwner();
	// HasAuthority alone is not enough: an actor that does not replicate (the sample's guard,
	// any level actor without bReplicates) has authority over its own copy on every client too.
	return !bOnlyWithAuthority || (Owner && Owner->HasAuthority() && Owner->GetNetMode() != NM_Client);
}

void UGoapAgentComponent::BeginPlay()
{
	Super::BeginPlay();
	CreateAgent();
	ResolveActions(); // Actions (UGoapAction)
	// Without an agent or with manual steps there is nothing to tick for.
	SetComponentTickEnabled(bAutoStep && HasAgent());
}

void UGoapAgentComponent::EndPlay(const EEndPlayReason::Type EndPlayReason)
{
	ReleaseActions(); // Actions (UGoapAction): aborts the running one
	DestroyAgent();
	Super::EndPlay(EndPlayReason);
}

void UGoapAgentComponent::TickComponent(float DeltaTime, ELevelTick TickType, FActorComponentTickFunction* ThisTickFunction)
{
	Super::TickComponent(DeltaTime, TickType, ThisTickFunction);
	FGoapStepResult Result;
	StepAndRunActions(DeltaTime, Result); // Actions (UGoapAction): Step, with the mirror and the mapped action
}

void UGoapAgentComponent::CreateAgent()
{
	if (!ShouldCreateAgent())
	{
		// Not an error: authority-only agents live on the server (or standalone) only.
		LastError = TEXT("no agent here: agents are created only where the owner has authority (UGoapSettings::bAuthorityOnly)");
		UE_LOG(LogGoap, Verbose, TEXT("%s: %s"), *GetPathName(), *LastError);
		return;
	}
	if (!Domain)
	{
		Fail(TEXT("BeginPlay"), TEXT("no Domain asset is set; the component does nothing"));
		return;
	}
	UWorld* World = GetWorld();
	UGoapWorldSubsystem* Goap = World ? World->GetSubsystem<UGoapWorldSubsystem>() : nullptr;
	if (!Goap || !Goap->GetNativeWorld())
	{
		Fail(TEXT("BeginPlay"), Goap && !Goap->GetStatusMessage().IsEmpty()
			? FString::Printf(TEXT("no GOAP world: %s"), *Goap->GetStatusMessage())
			: FString(TEXT("this world has no GOAP world (game and PIE worlds have one); no agent")));
		return;
	}
	FString Error;
	TSharedPtr<const FGoapDomainBinding> Loaded = Goap->FindOrLoadDomain(*Domain, Error);
	if (!Loaded.IsValid())
	{
		Fail(TEXT("BeginPlay"), Error);
		return;
	}
	const UGoapSettings* Defaults = GetDefault<UGoapSettings>();

	goap::AgentSettings Settings = goap::AgentSettings::for_domain(Loaded->Domain);
	Settings.switch_margin = FMath::Max(0.0, SwitchMargin);
	Settings.failure_cooldown = FMath::Max(0.0, FailureCooldown);
	Settings.plan_in_step = bPlanInStep;
	Settings.max_nodes = static_cast<uint32>(FMath::Max(1, MaxNodes > 0 ? MaxNodes : Defaults->MaxNodes));
	Settings.step_max_expansions = static_cast<uint32>(FMath::Max(0, StepMaxExpansions >= 0 ? StepMaxExpansions : Defaults->StepMaxExpansions));
	goap::Result<goap::Agent> Agent = Goap->GetNativeWorld()->create_agent(Settings);
	if (!Agent.ok())
	{
		LogError(TEXT("BeginPlay"), Agent.error());
		return;
	}

	// Resolve the goal names to this agent's goal ids once (they are per agent).
	TArray<goap::GoalId> Goals;
	Goals.Reserve(Loaded->GoalNames.Num());
	for (int32 Index = 0; Index < Loaded->GoalNames.Num(); ++Index)
	{
		const goap::Result<goap::GoalId> Goal = Agent.value().goal_at(static_cast<uint32_t>(Index));
		if (!Goal.ok())
		{
			LogError(TEXT("BeginPlay"), Goal.error());
			(void)Agent.value().destroy();
			return;
		}
		Goals.Add(Goal.value());
	}

	Subsystem = Goap;
	Binding = Loaded;
	AgentState->AgentId = Agent.value().id();
	AgentState->GoalIds = MoveTemp(Goals);
	if (!bPlanInStep)
	{
		Goap->AddBatchAgent();
		bRegisteredForBatch = true;
	}
}

void UGoapAgentComponent::DestroyAgent()
{
	// Runs whatever BeginPlay got to; the world may already be gone with its subsystem.
	UGoapWorldSubsystem* Goap = Subsystem.Get();
	if (Goap && bRegisteredForBatch)
	{
		Goap->RemoveBatchAgent();
	}
	if (AgentState->AgentId && Goap && Goap->GetNativeWorld())
	{
		goap::Result<void> Destroyed = Goap->GetNativeWorld()->agent(AgentState->AgentId).destroy();
		if (!Destroyed.ok())
		{
			LogError(TEXT("EndPlay"), Destroyed.error());
		}
	}
	Subsystem.Reset();
	Binding.Reset();
	AgentState->AgentId = goap::AgentId();
	AgentState->GoalIds.Empty();
	bRegisteredForBatch = false;
	CurrentAction = NAME_None;
	LastKind = EGoapStepKind::None;
	SeenReplans = 0;
}

bool UGoapAgentComponent::HasAgent() const
{
	const UGoapWorldSubsystem* Goap = Subsystem.Get();
	return AgentState->AgentId && Goap && Goap->GetNativeWorld();
}

void UGoapAgentComponent::Fail(const TCHAR* Function, const FString& Message) const
{
	LastError = FString::Printf(TEXT("%s: %s"), Function, *Message);
	UE_LOG(LogGoap, Warning, TEXT("%s.%s"), *GetPathName(), *LastError);
}

template <typename AgentType>
bool UGoapAgentComponent::GetAgent(const TCHAR* Function, AgentType& OutAgent) const
{
	// The subsystem's world is created once and destroyed once, so a live subsystem with a
	// world is the world this agent was created in.
	const UGoapWorldSubsystem* Goap = Subsystem.Get();
	if (!AgentState->AgentId || !Goap || !Goap->GetNativeWorld())
	{
		Fail(Function, TEXT("no agent (no Domain, BeginPlay failed, no authority, or play has ended)"));
		return false;
	}
	OutAgent = Goap->GetNativeWorld()->agent(AgentState->AgentId);
	return true;
}

template <typename IdType>
bool UGoapAgentComponent::FindFact(const TCHAR* Function, FName Fact, IdType& OutId) const
{
	FString Message;
	if (!FindName(Binding.IsValid() ? &Binding->Facts : nullptr, Fact, TEXT("fact"), OutId, Message))
	{
		Fail(Function, Message);
		return false;
	}
	return true;
}

template <typename IdType>
bool UGoapAgentComponent::FindVar(const TCHAR* Function, FName Var, IdType& OutId) const
{
	FString Message;
	if (!FindName(Binding.IsValid() ? &Binding->Vars : nullptr, Var, TEXT("variable"), OutId, Message))
	{
		Fail(Function, Message);
		return false;
	}
	return true;
}

template <typename IdType>
bool UGoapAgentComponent::FindAction(const TCHAR* Function, FName Action, IdType& OutId) const
{
	FString Message;
	if (!FindName(Binding.IsValid() ? &Binding->Actions : nullptr, Action, TEXT("action"), OutId, Message))
	{
		Fail(Function, Message);
		return false;
	}
	return true;
}

template <typename IdType>
bool UGoapAgentComponent::FindGoal(const TCHAR* Function, FName Goal, IdType& OutId) const
{
	const int32 Index = Binding.IsValid() ? Binding->FindGoal(Goal) : -1;
	OutId = AgentState->GoalIds.IsValidIndex(Index) ? AgentState->GoalIds[Index] : goap::GoalId();
	if (OutId.is_null())
	{
		Fail(Function, FString::Printf(TEXT("the domain has no goal \"%s\" (goals are the \"goals\" entries of its file)"), *Goal.ToString()));
		return false;
	}
	return true;
}

template <typename IdType>
FName UGoapAgentComponent::GoalName(IdType Goal) const
{
	return Goal.is_null() || !Binding.IsValid() ? NAME_None : Binding->GoalName(AgentState->GoalIds.IndexOfByKey(Goal));
}

template <typename ErrorType>
void UGoapAgentComponent::LogError(const TCHAR* Function, const ErrorType& Error) const
{
	Fail(Function, GoapStrings::Message(Error));
}

template <typename ResultType>
bool UGoapAgentComponent::Succeeded(const TCHAR* Function, const ResultType& Result) const
{
	if (!Result.ok())
	{
		LogError(Function, Result.error());
		return false;
	}
	return true;
}

bool UGoapAgentComponent::SetFact(FName Fact, bool bValue)
{
	goap::Agent Agent;
	goap::FactId Id;
	return GetAgent(TEXT("SetFact"), Agent) && FindFact(TEXT("SetFact"), Fact, Id)
		&& Succeeded(TEXT("SetFact"), Agent.set_fact(Id, bValue));
}

bool UGoapAgentComponent::GetFact(FName Fact, bool& bOutValue) const
{
	goap::Agent Agent;
	goap::FactId Id;
	if (!GetAgent(TEXT("GetFact"), Agent) || !FindFact(TEXT("GetFact"), Fact, Id))
	{
		return false;
	}
	goap::Result<bool> Value = Agent.get_fact(Id);
	if (!Value.ok())
	{
		LogError(TEXT("GetFact"), Value.error());
		return false;
	}
	bOutValue = Value.value();
	return true;
}

bool UGoapAgentComponent::SetVar(FName Var, int32 Value)
{
	goap::Agent Agent;
	goap::VarId Id;
	return GetAgent(TEXT("SetVar"), Agent) && FindVar(TEXT("SetVar"), Var, Id)
		&& Succeeded(TEXT("SetVar"), Agent.set_var(Id, Value));
}

bool UGoapAgentComponent::GetVar(FName Var, int32& OutValue) const
{
	goap::Agent Agent;
	goap::VarId Id;
	if (!GetAgent(TEXT("GetVar"), Agent) || !FindVar(TEXT("GetVar"), Var, Id))
	{
		return false;
	}
	goap::Result<int32_t> Value = Agent.get_var(Id);
	if (!Value.ok())
	{
		LogError(TEXT("GetVar"), Value.error());
		return false;
	}
	OutValue = Value.value();
	return true;
}

bool UGoapAgentComponent::SetGoalPriority(FName Goal, double Priority)
{
	goap::Agent Agent;
	goap::GoalId Id;
	return GetAgent(TEXT("SetGoalPriority"), Agent) && FindGoal(TEXT("SetGoalPriority"), Goal, Id)
		&& Succeeded(TEXT("SetGoalPriority"), Agent.set_goal_priority(Id, Priority));
}

bool UGoapAgentComponent::SetActionEnabled(FName Action, bool bEnabled)
{
	goap::Agent Agent;
	goap::ActionId Id;
	return GetAgent(TEXT("SetActionEnabled"), Agent) && FindAction(TEXT("SetActionEnabled"), Action, Id)
		&& Succeeded(TEXT("SetActionEnabled"), Agent.set_action_enabled(Id, bEnabled));
}

bool UGoapAgentComponent::SetActionCost(FName Action, double Cost)
{
	goap::Agent Agent;
	goap::ActionId Id;
	return GetAgent(TEXT("SetActionCost"), Agent) && FindAction(TEXT("SetActionCost"), Action, Id)
		&& Succeeded(TEXT("SetActionCost"), Agent.set_action_cost(Id, Cost));
}

bool UGoapAgentComponent::ClearActionCost(FName Action)
{
	goap::Agent Agent;
	goap::ActionId Id;
	return GetAgent(TEXT("ClearActionCost"), Agent) && FindAction(TEXT("ClearActionCost"), Action, Id)
		&& Succeeded(TEXT("ClearActionCost"), Agent.clear_action_cost(Id));
}

bool UGoapAgentComponent::Step(float DeltaSeconds, FGoapStepResult& OutResult)
{
	TRACE_CPUPROFILER_EVENT_SCOPE(Goap_AgentStep);
	OutResult = FGoapStepResult();
	goap::Agent Agent;
	if (!GetAgent(TEXT("Step"), Agent))
	{
		return false;
	}
	goap::Result<goap::Step> Stepped = Agent.step(FMath::Max(0.0, static_cast<double>(DeltaSeconds)));
	if (!Stepped.ok())
	{
		LogError(TEXT("Step"), Stepped.error());
		return false;
	}
	const goap::Step& Native = Stepped.value();
	OutResult.Kind = ToStepKind(Native.kind);
	OutResult.bReplanned = Native.replanned;
	OutResult.Action = Binding->ActionName(Native.action);
	OutResult.Goal = GoalName(Native.goal);
	OutResult.PlanIndex = static_cast<int32>(Native.plan_index);

	// A batch replans outside any step, so agents planned by batches compare replan counts.
	bool bReplanned = false;
	EGoapReplanCause Cause = EGoapReplanCause::None;
	if (Native.replanned || !bPlanInStep)
	{
		goap::Result<goap::AgentInfo> Info = Agent.info();
		if (Info.ok())
		{
			bReplanned = Info.value().replans != SeenReplans;
			SeenReplans = Info.value().replans;
			Cause = ToReplanCause(Info.value().last_cause);
		}
		else
		{
			LogError(TEXT("Step"), Info.error());
		}
	}

	const EGoapStepKind PreviousKind = LastKind;
	LastKind = OutResult.Kind;
	// While a search is spread over steps (Planning), the action in progress, if any, goes on.
	const bool bActing = OutResult.Kind == EGoapStepKind::Start || OutResult.Kind == EGoapStepKind::Continue
		|| (OutResult.Kind == EGoapStepKind::Planning && !OutResult.Action.IsNone());
	CurrentAction = bActing ? OutResult.Action : NAME_None;
	if (OutResult.Kind == EGoapStepKind::Start)
	{
		++ActionSerial;
	}

	// Broadcast last: a handler may report, step again or even end play.
	if (bReplanned)
	{
		// The Visual Logger takes GrabDebugSnapshot's snapshot with this entry.
		UE_VLOG(this, LogGoap, Log, TEXT("replanned (%s): goal %s, action %s"), *UEnum::GetValueAsString(Cause),
			*OutResult.Goal.ToString(), *OutResult.Action.ToString());
		OnReplanned.Broadcast(Cause, OutResult.Goal);
	}
	switch (OutResult.Kind)
	{
	case EGoapStepKind::Start:
		OnActionStarted.Broadcast(OutResult.Action, OutResult.PlanIndex);
		break;
	case EGoapStepKind::NoPlan:
		if (PreviousKind != EGoapStepKind::NoPlan)
		{
			OnNoPlan.Broadcast();
		}
		break;
	case EGoapStepKind::Idle:
		if (PreviousKind != EGoapStepKind::Idle)
		{
			OnIdle.Broadcast();
		}
		break;
	default:
		break;
	}
	return true;
}

bool UGoapAgentComponent::Report(EGoapReport Outcome)
{
	goap::Agent Agent;
	if (!GetAgent(TEXT("Report"), Agent) || !Succeeded(TEXT("Report"), Agent.report(ToReport(Outcome))))
	{
		return false;
	}
	if (Outcome != EGoapReport::Running)
	{
		CurrentAction = NAME_None;
	}
	return true;
}

bool UGoapAgentComponent::GetPlanNames(TArray<FName>& OutPlan) const
{
	OutPlan.Empty();
	goap::Agent Agent;
	if (!GetAgent(TEXT("GetPlan"), Agent))
	{
		return false;
	}
	goap::Result<void> Copied = Agent.plan(AgentState->PlanBuffer);
	if (!Copied.ok())
	{
		LogError(TEXT("GetPlan"), Copied.error());
		return false;
	}
	OutPlan.Reserve(static_cast<int32>(AgentState->PlanBuffer.size()));
	for (const goap::ActionId Action : AgentState->PlanBuffer)
	{
		OutPlan.Add(Binding->ActionName(Action));
	}
	return true;
}

TArray<FName> UGoapAgentComponent::GetPlan() const
{
	TArray<FName> Plan;
	GetPlanNames(Plan);
	return Plan;
}

bool UGoapAgentComponent::Explain(FName Goal, FString& OutReport) const
{
	goap::Agent Agent;
	goap::GoalId Id;
	if (!GetAgent(TEXT("Explain"), Agent) || !FindGoal(TEXT("Explain"), Goal, Id))
	{
		return false;
	}
	goap::Result<std::string> Text = Agent.explain(Id);
	if (!Text.ok())
	{
		LogError(TEXT("Explain"), Text.error());
		return false;
	}
	OutReport = GoapStrings::ToFString(Text.value());
	return true;
}

// Actions (UGoapAction) ------------------------------------------------------------------------

namespace
{
	GoapLogic::EStepKind ToLogicKind(EGoapStepKind Kind)
	{
		switch (Kind)
		{
		case EGoapStepKind::None: return GoapLogic::EStepKind::None;
		case EGoapStepKind::Start: return GoapLogic::EStepKind::Start;
		case EGoapStepKind::Continue: return GoapLogic::EStepKind::Continue;
		case EGoapStepKind::Idle: return GoapLogic::EStepKind::Idle;
		case EGoapStepKind::NoPlan: return GoapLogic::EStepKind::NoPlan;
		case EGoapStepKind::Waiting: return GoapLogic::EStepKind::Waiting;
		case EGoapStepKind::Planning: return GoapLogic::EStepKind::Planning;
		}
		return GoapLogic::EStepKind::None;
	}

	EGoapReport ToAgentReport(GoapLogic::EActionStatus Status)
	{
		switch (Status)
		{
		case GoapLogic::EActionStatus::Running: return EGoapReport::Running;
		case GoapLogic::EActionStatus::Succeeded: return EGoapReport::Succeeded;
		case GoapLogic::EActionStatus::Failed: return EGoapReport::Failed;
		}
		return EGoapReport::Failed;
	}

	std::string ToUtf8(const FString& Text)
	{
		return std::string(TCHAR_TO_UTF8(*Text));
	}

	/** The component's action objects and agent, for GoapLogic::TActionRunner. */
	class FGoapComponentActionHost final : public GoapLogic::IActionRunnerHost<FName>
	{
	public:
		explicit FGoapComponentActionHost(UGoapAgentComponent& InOwner) : Owner(InOwner) {}

		virtual bool StartAction(const FName& Action) override
		{
			UGoapAction* Object = Owner.GetActionObject(Action);
			if (!Object)
			{
				UE_LOG(LogGoap, Error, TEXT("%s: the action \"%s\" has no action class (UnmappedActions is Allow); reported failed"),
					*Owner.GetPathName(), *Action.ToString());
				return false;
			}
			Object->Start(Owner.MakeActionContext(Action, 0.0f));
			return true;
		}

		virtual GoapLogic::EActionStatus TickAction(const FName& Action, float DeltaSeconds, float ElapsedSeconds) override
		{
			UGoapAction* Object = Owner.GetActionObject(Action);
			return Object ? GoapActionStatus::ToLogic(Object->Tick(Owner.MakeActionContext(Action, ElapsedSeconds), DeltaSeconds))
						  : GoapLogic::EActionStatus::Failed;
		}

		virtual void AbortAction(const FName& Action, float ElapsedSeconds) override
		{
			if (UGoapAction* Object = Owner.GetActionObject(Action))
			{
				Object->Abort(Owner.MakeActionContext(Action, ElapsedSeconds));
			}
		}

		virtual void ReportAction(const FName& /*Action*/, GoapLogic::EActionStatus Status) override
		{
			Owner.Report(ToAgentReport(Status));
		}

	private:
		UGoapAgentComponent& Owner;
	};
}

bool UGoapAgentComponent::UsesActions() const
{
	return ActionClasses.Num() > 0 || ActionSet != nullptr || BlackboardMirror.Num() > 0;
}

bool UGoapAgentComponent::RunsActions() const
{
	return bRunActions && (ActionClasses.Num() > 0 || ActionSet != nullptr);
}

UGoapAction* UGoapAgentComponent::GetActionObject(FName Action) const
{
	const TObjectPtr<UGoapAction>* Found = ActionObjects.Find(Action);
	return Found ? static_cast<UGoapAction*>(*Found) : nullptr;
}

UGoapAction* UGoapAgentComponent::GetRunningAction() const
{
	return ActionRunner.IsRunning() ? GetActionObject(ActionRunner.GetCurrent()) : nullptr;
}

FGoapActionContext UGoapAgentComponent::MakeActionContext(FName Action, float ElapsedSeconds) const
{
	FGoapActionContext Context;
	Context.Agent = const_cast<UGoapAgentComponent*>(this);
	Context.Owner = GetOwner();
	Context.ActionName = Action;
	Context.ElapsedSeconds = ElapsedSeconds;
	return Context;
}

void UGoapAgentComponent::ResolveActions()
{
	ReleaseActions();
	bActionsResolved = true;
	ActionProblems.Empty();
	if (!UsesActions() || !HasAgent())
	{
		return; // nothing to resolve, or no agent (logged by CreateAgent)
	}

	// The domain's actions, and the mapping: ActionClasses first, then ActionSet's other names.
	TArray<FName> DomainNames;
	std::vector<std::string> DomainActions;
	for (const TPair<FName, goap::ActionId>& Pair : Binding->Actions)
	{
		DomainNames.Add(Pair.Key);
		DomainActions.push_back(ToUtf8(Pair.Key.ToString()));
	}
	TArray<UClass*> Classes;
	std::vector<GoapLogic::FMappedAction> Mapping;
	const auto AddEntry = [&Classes, &Mapping](FName Name, UClass* Class, const std::string& Source)
	{
		GoapLogic::FMappedAction Entry;
		Entry.Name = ToUtf8(Name.ToString());
		Entry.bHasClass = Class != nullptr && !Class->HasAnyClassFlags(CLASS_Abstract);
		Entry.Source = Source;
		Mapping.push_back(Entry);
		Classes.Add(Class);
	};
	for (const TPair<FName, TSubclassOf<UGoapAction>>& Pair : ActionClasses)
	{
		AddEntry(Pair.Key, Pair.Value.Get(), "ActionClasses");
	}
	if (ActionSet)
	{
		const std::string Source = "ActionSet " + ToUtf8(ActionSet->GetPathName());
		for (const TPair<FName, TSubclassOf<UGoapAction>>& Pair : ActionSet->Actions)
		{
			if (!ActionClasses.Contains(Pair.Key))
			{
				AddEntry(Pair.Key, Pair.Value.Get(), Source);
			}
		}
	}
	const bool bMapped = !Mapping.empty();
	GoapLogic::EUnmappedActions Unmapped = GoapLogic::EUnmappedActions::Allow;
	if (bMapped && UnmappedActions == EGoapUnmappedActions::Error)
	{
		Unmapped = GoapLogic::EUnmappedActions::Error;
	}
	else if (bMapped && UnmappedActions == EGoapUnmappedActions::Disable)
	{
		Unmapped = GoapLogic::EUnmappedActions::Disable;
	}
	GoapLogic::FActionResolution Resolution = GoapLogic::ResolveActionMapping(DomainActions, Mapping, Unmapped);

	// The mirror's names, checked with the mapping so that every problem is in one message.
	for (const FGoapBlackboardMirrorEntry& Entry : BlackboardMirror)
	{
		const bool bFact = Entry.Target == EGoapMirrorTarget::Fact;
		if (Entry.BlackboardKey.IsNone())
		{
			Resolution.Problems.push_back("BlackboardMirror: an entry for \"" + ToUtf8(Entry.Name.ToString()) + "\" has no Blackboard key");
		}
		if (bFact ? !Binding->Facts.Contains(Entry.Name) : !Binding->Vars.Contains(Entry.Name))
		{
			Resolution.Problems.push_back("BlackboardMirror: the domain has no " + std::string(bFact ? "fact" : "variable") + " \""
				+ ToUtf8(Entry.Name.ToString()) + "\" (key \"" + ToUtf8(Entry.BlackboardKey.ToString()) + "\")");
		}
	}

	if (!Resolution.Ok())
	{
		ActionProblems = FString(UTF8_TO_TCHAR(GoapLogic::DescribeProblems(ToUtf8(GetPathName()), Resolution.Problems).c_str()));
		UE_LOG(LogGoap, Error, TEXT("%s"), *ActionProblems);
		bActionsResolved = false;
		return;
	}
	for (std::size_t Index = 0; Index < Resolution.EntryOf.size(); ++Index)
	{
		const int Entry = Resolution.EntryOf[Index];
		if (Entry >= 0)
		{
			UGoapAction* Object = NewObject<UGoapAction>(this, Classes[Entry]);
			Object->Agent = this;
			ActionObjects.Add(DomainNames[static_cast<int32>(Index)], Object);
		}
	}
	for (const std::size_t Index : Resolution.ToDisable)
	{
		SetActionEnabled(DomainNames[static_cast<int32>(Index)], false);
	}
}

void UGoapAgentComponent::ReleaseActions()
{
	AbortRunningAction();
	ActionObjects.Empty();
	Mirror.Reset(0);
}

void UGoapAgentComponent::AbortRunningAction()
{
	FGoapComponentActionHost Host(*this);
	ActionRunner.Abort(Host);
}

bool UGoapAgentComponent::StepAndRunActions(float DeltaSeconds, FGoapStepResult& OutResult)
{
	OutResult = FGoapStepResult();
	if (!bActionsResolved)
	{
		return false; // the problems were logged at BeginPlay
	}
	ApplyBlackboardMirror();
	if (!Step(DeltaSeconds, OutResult))
	{
		return false;
	}
	if (RunsActions())
	{
		FGoapComponentActionHost Host(*this);
		ActionRunner.OnStep(Host, ToLogicKind(OutResult.Kind), OutResult.Action, !OutResult.Action.IsNone(), FMath::Max(0.0f, DeltaSeconds));
	}
	return true;
}

int32 UGoapAgentComponent::ApplyBlackboardMirror()
{
	if (BlackboardMirror.Num() == 0 || !bActionsResolved || !HasAgent())
	{
		return 0;
	}
	UBlackboardComponent* Blackboard = UAIBlueprintHelperLibrary::GetBlackboard(GetOwner());
	if (!Blackboard)
	{
		return 0; // not possessed yet, or no Blackboard: nothing to read
	}
	MirrorTargets.resize(static_cast<std::size_t>(BlackboardMirror.Num()));
	for (int32 Index = 0; Index < BlackboardMirror.Num(); ++Index)
	{
		MirrorTargets[static_cast<std::size_t>(Index)] = BlackboardMirror[Index].Target == EGoapMirrorTarget::Fact
			? GoapLogic::EMirrorTarget::Fact : GoapLogic::EMirrorTarget::Var;
	}
	return Mirror.Apply(MirrorTargets,
		[this, Blackboard](std::size_t Index, GoapLogic::EMirrorTarget Target, int32_t& OutValue)
		{
			const FName Key = BlackboardMirror[static_cast<int32>(Index)].BlackboardKey;
			if (Blackboard->GetKeyID(Key) == FBlackboard::InvalidKey)
			{
				return false;
			}
			OutValue = Target == GoapLogic::EMirrorTarget::Fact ? (Blackboard->GetValueAsBool(Key) ? 1 : 0) : Blackboard->GetValueAsInt(Key);
			return true;
		},
		[this](std::size_t Index, GoapLogic::EMirrorTarget Target, int32_t Value)
		{
			const FName Name = BlackboardMirror[static_cast<int32>(Index)].Name;
			return Target == GoapLogic::EMirrorTarget::Fact ? SetFact(Name, Value != 0) : SetVar(Name, Value);
		});
}

bool UGoapAgentComponent::DescribeAgent(TArray<FString>& OutLines) const
{
	OutLines.Empty();
	goap::Agent Agent;
	if (!GetAgent(TEXT("DescribeAgent"), Agent))
	{
		return false;
	}
	const goap::Result<goap::AgentInfo> Info = Agent.info();
	if (!Info.ok())
	{
		LogError(TEXT("DescribeAgent"), Info.error());
		return false;
	}
	OutLines.Add(FString::Printf(TEXT("goal %s, action %s (plan step %u of %u, cost %.2f), %llu replans"),
		*GoalName(Info.value().goal).ToString(), *CurrentAction.ToString(), Info.value().plan_index, Info.value().plan_len,
		Info.value().plan_cost, static_cast<unsigned long long>(Info.value().replans)));

	OutLines.Add(TEXT("goals:"));
	for (int32 Index = 0; Index < AgentState->GoalIds.Num(); ++Index)
	{
		const goap::Result<goap::GoalInfo> Goal = Agent.goal_info(AgentState->GoalIds[Index]);
		if (Goal.ok())
		{
			OutLines.Add(FString::Printf(TEXT("  %s%s priority %.2f%s"), Goal.value().current ? TEXT("> ") : TEXT(""),
				*Binding->GoalName(Index).ToString(), Goal.value().priority, Goal.value().satisfied ? TEXT(" (satisfied)") : TEXT("")));
		}
	}

	OutLines.Add(TEXT("beliefs:"));
	for (const auto& Fact : Binding->Facts)
	{
		const goap::Result<bool> Value = Agent.get_fact(Fact.Value);
		if (Value.ok())
		{
			OutLines.Add(FString::Printf(TEXT("  %s = %s"), *Fact.Key.ToString(), Value.value() ? TEXT("true") : TEXT("false")));
		}
	}
	for (const auto& Var : Binding->Vars)
	{
		const goap::Result<int32_t> Value = Agent.get_var(Var.Value);
		if (Value.ok())
		{
			OutLines.Add(FString::Printf(TEXT("  %s = %d"), *Var.Key.ToString(), Value.value()));
		}
	}

	TArray<FName> Plan;
	if (GetPlanNames(Plan))
	{
		OutLines.Add(FString::Printf(TEXT("plan: %s"), *FString::JoinBy(Plan, TEXT(", "), [](FName Action) { return Action.ToString(); })));
	}

	const goap::Result<void> Replans = Agent.replans(AgentState->Replans);
	if (Replans.ok())
	{
		OutLines.Add(TEXT("last replans:"));
		const int32 Shown = FMath::Max(1, GetDefault<UGoapSettings>()->DebuggerReplanHistory);
		const int32 Count = static_cast<int32>(AgentState->Replans.size());
		for (int32 Index = FMath::Max(0, Count - Shown); Index < Count; ++Index)
		{
			const goap::ReplanEvent& Event = AgentState->Replans[static_cast<size_t>(Index)];
			OutLines.Add(FString::Printf(TEXT("  t=%.2f %s: goal %s, %u steps, %llu nodes"), Event.time, CauseName(Event.cause),
				*GoalName(Event.goal).ToString(), Event.plan_len, static_cast<unsigned long long>(Event.expanded)));
		}
	}
	return true;
}

#if ENABLE_VISUAL_LOG
void UGoapAgentComponent::GrabDebugSnapshot(FVisualLogEntry* Snapshot) const
{
	TArray<FString> Lines;
	if (!Snapshot || !DescribeAgent(Lines))
	{
		return;
	}
	FVisualLogStatusCategory Category(TEXT("GOAP"));
	for (int32 Index = 0; Index < Lines.Num(); ++Index)
	{
		Category.Add(FString::Printf(TEXT("%02d"), Index), Lines[Index]);
	}
	Snapshot->Status.Add(Category);
}
#endif
