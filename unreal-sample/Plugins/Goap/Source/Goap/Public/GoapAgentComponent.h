#pragma once

#include "Components/ActorComponent.h"
#include "CoreMinimal.h"
#include "GoapTypes.h"
#include "Templates/PimplPtr.h"
#include "VisualLogger/VisualLoggerDebugSnapshotInterface.h"
// Actions (UGoapAction)
#include "GoapAction.h"
#include "GoapActionRunner.h"
#include "GoapBlackboardMirror.h"
#include "GoapAgentComponent.generated.h"

class UGoapDomainAsset;
class UGoapWorldSubsystem;
struct FGoapDomainBinding;
/** The agent's goap.hpp state (Private/GoapAgentComponent.cpp): goap:: types stay out of public headers. */
struct FGoapAgentNative;

DECLARE_DYNAMIC_MULTICAST_DELEGATE_TwoParams(FGoapActionStartedSignature, FName, Action, int32, PlanIndex);
DECLARE_DYNAMIC_MULTICAST_DELEGATE_TwoParams(FGoapReplannedSignature, EGoapReplanCause, Cause, FName, Goal);
DECLARE_DYNAMIC_MULTICAST_DELEGATE(FGoapNoPlanSignature);
DECLARE_DYNAMIC_MULTICAST_DELEGATE(FGoapIdleSignature);

/**
 * A GOAP agent: the owner's goals, beliefs (facts, variables) and plan, kept by the library.
 * Each frame write what the owner senses (SetFact, SetVar), let it Step (automatic with
 * bAutoStep), perform the action it hands out (OnActionStarted, or GetCurrentAction from a
 * Behaviour Tree: UBTTask_GoapRunAction) and Report how it went. Names are those of the
 * Domain's file. Every failure is logged (LogGoap) with the library's message and returns
 * false; GetLastError returns the latest message to Blueprint. Nothing here crashes on a
 * missing domain, world or agent.
 *
 * Threads: every function is for the game thread (the agent's world may plan batches on
 * workers meanwhile; the library locks the agent). Blueprint: only trivially cheap reads of
 * the component's own fields are pure (HasAgent, GetCurrentAction, GetActionSerial,
 * GetLastError); everything that calls into the library (GetFact and GetVar included: they
 * can fail and log, and a pure node runs once per use of its outputs) is an exec node.
 * Names (facts, variables, actions, goals) are FNames throughout, as written in the domain file.
 *
 * Networking: with authority-only agents (UGoapSettings::bAuthorityOnly, or this
 * component's override) an agent is created only where the owner has authority and the net
 * mode is not a client (a non-replicated actor has authority on clients too); elsewhere
 * HasAgent is false and calls fail with a message, so clients run no planner.
 */
UCLASS(ClassGroup = (AI), meta = (BlueprintSpawnableComponent))
class GOAP_API UGoapAgentComponent : public UActorComponent, public IVisualLoggerDebugSnapshotInterface
{
	GENERATED_BODY()

public:
	UGoapAgentComponent();

	/** The domain the agent plans in. Read at BeginPlay, like the settings below. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP")
	TObjectPtr<UGoapDomainAsset> Domain;

	/** Another goal must beat the current goal's priority by more than this to take over. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (ClampMin = "0.0"))
	double SwitchMargin = 0.0;

	/** Seconds (of Step's DeltaSeconds) during which an action reported failed is not planned with. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (ClampMin = "0.0", Units = "s"))
	double FailureCooldown = 0.0;

	/** On: a step that needs a plan searches. Off: it waits for the world's batch planning, once a frame. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP")
	bool bPlanInStep = true;

	/** Node limit of each search; a search that reaches it finds no plan for that goal. 0: the project setting (UGoapSettings::MaxNodes). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (ClampMin = "0"))
	int32 MaxNodes = 0;

	/** The most nodes one step may expand searching; -1: the project setting (UGoapSettings::StepMaxExpansions, 2000 by default); 0: no limit (a long search then stalls the frame). A step whose search runs out returns Planning and the next step continues it, so a long search is spread over frames; the plan is the same. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (ClampMin = "-1"))
	int32 StepMaxExpansions = -1;

	/** Use bAuthorityOnly below instead of the project setting (UGoapSettings::bAuthorityOnly, on by default). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Networking", meta = (InlineEditConditionToggle))
	bool bOverrideAuthorityOnly = false;

	/** Create the agent only where the owner has authority, and not on a client (server, standalone); read at BeginPlay. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Networking", meta = (EditCondition = "bOverrideAuthorityOnly"))
	bool bAuthorityOnly = true;

	/** Step every tick with the frame's DeltaSeconds. Off: call Step yourself. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP")
	bool bAutoStep = true;

	/** A step handed out a new action (also a repeat of the one before): start it, stop any other. */
	UPROPERTY(BlueprintAssignable, Category = "GOAP|Events")
	FGoapActionStartedSignature OnActionStarted;

	/** The agent searched for a plan, or skipped steps of its plan. */
	UPROPERTY(BlueprintAssignable, Category = "GOAP|Events")
	FGoapReplannedSignature OnReplanned;

	/** No goal has a plan any more (once, until something else happens). */
	UPROPERTY(BlueprintAssignable, Category = "GOAP|Events")
	FGoapNoPlanSignature OnNoPlan;

	/** Every enabled goal is satisfied (once, until something else happens). */
	UPROPERTY(BlueprintAssignable, Category = "GOAP|Events")
	FGoapIdleSignature OnIdle;

	/** True while the agent exists (between a successful BeginPlay and EndPlay). */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	bool HasAgent() const;

	/** Writes a sensed fact. Writing the value it already has changes nothing (no replan). */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetFact(FName Fact, bool bValue);

	/** Reads a fact as the agent believes it (an exec node: it can fail, with a message). */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP")
	bool GetFact(FName Fact, bool& bOutValue) const;

	/** Writes a sensed integer variable (within its range). */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetVar(FName Var, int32 Value);

	/** Reads an integer variable as the agent believes it (an exec node: it can fail, with a message). */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP")
	bool GetVar(FName Var, int32& OutValue) const;

	/** Changes a goal's priority (0 or less disables it); the next step re-checks the goal choice. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetGoalPriority(FName Goal, double Priority);

	/** Allows or forbids an action for this agent only (a plan using it replans). */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetActionEnabled(FName Action, bool bEnabled);

	/** This agent's cost for an action (distance, danger), from the next replan on. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetActionCost(FName Action, double Cost);

	/** Gives an action back the domain's cost for this agent. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool ClearActionCost(FName Action);

	/** Advances the agent by DeltaSeconds and says what to do now; broadcasts the events. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool Step(float DeltaSeconds, FGoapStepResult& OutResult);

	/** Reports how the action handed out by the last step went. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool Report(EGoapReport Outcome);

	/** The action to perform now (handed out by a step, not yet reported finished), or None. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	FName GetCurrentAction() const { return CurrentAction; }

	/** Counts the actions handed out so far: it changes whenever a new action starts, also a repeat. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	int32 GetActionSerial() const { return ActionSerial; }

	/** The rest of the plan, the current action first (empty without one); false, with a message, without an agent. */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP", meta = (DisplayName = "Get Plan"))
	bool GetPlanNames(TArray<FName>& OutPlan) const;

	/** GetPlanNames for C++ callers that only want the names: empty on failure (logged, GetLastError). */
	TArray<FName> GetPlan() const;

	/** Why Goal has or has no plan from the agent's beliefs (a debugging call: it searches, so it is an exec node). */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP|Debug")
	bool Explain(FName Goal, FString& OutReport) const;

	/** The message of the last failed call on this component (also logged), or empty. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	FString GetLastError() const { return LastError; }

	/**
	 * A text description of the agent for debugging (Gameplay Debugger, Visual Logger):
	 * goals with priorities, beliefs, plan, current action and the latest replans with their
	 * causes. Calls into the library (cheap, no search); false without an agent.
	 */
	UFUNCTION(BlueprintCallable, BlueprintPure = false, Category = "GOAP|Debug")
	bool DescribeAgent(TArray<FString>& OutLines) const;

#if ENABLE_VISUAL_LOG
	/** The Visual Logger's snapshot of the agent (DescribeAgent), taken with every UE_VLOG of this component (one per replan). */
	virtual void GrabDebugSnapshot(FVisualLogEntry* Snapshot) const override;
#endif

	// Actions (UGoapAction) ----------------------------------------------------------------
	// Map the domain's actions to UGoapAction classes (ActionClasses, ActionSet) and the
	// component performs them: after each step it starts, ticks and reports the mapped action,
	// and aborts it when the agent drops it. Without a mapping nothing changes (OnActionStarted,
	// Report, Behaviour Tree). The mapping is resolved once, at BeginPlay: every problem is
	// logged together in one error, and GetActionProblems() returns it.

	/** Action classes by domain action name (one instance each per agent). Entries win over ActionSet's. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Actions")
	TMap<FName, TSubclassOf<UGoapAction>> ActionClasses;

	/** A shared mapping of action names to classes (ActionClasses entries of the same name win). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Actions")
	TObjectPtr<UGoapActionSet> ActionSet;

	/** The domain's actions that nothing maps (with a mapping set): an error, disabled for this agent, or allowed (reported failed when handed out). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Actions")
	EGoapUnmappedActions UnmappedActions = EGoapUnmappedActions::Error;

	/** On: the component runs the mapped actions after its automatic steps. Off: a Behaviour Tree runs them (Run GOAP Action). */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Actions")
	bool bRunActions = true;

	/** Blackboard keys of the owner's Blackboard (its AI controller's) written into facts and variables before each step; only changed values are written. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP|Actions")
	TArray<FGoapBlackboardMirrorEntry> BlackboardMirror;

	/** True when ActionClasses, ActionSet or BlackboardMirror is set. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Actions")
	bool UsesActions() const;

	/** True when the component performs the mapped actions itself: bRunActions, and ActionClasses or ActionSet set. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Actions")
	bool RunsActions() const;

	/** False when BeginPlay found problems with the mapping or the mirror (then no step runs automatically); see GetActionProblems. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Actions")
	bool AreActionsResolved() const { return bActionsResolved; }

	/** Every problem BeginPlay found with the mapping and the mirror, in one message; empty when none. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Actions")
	FString GetActionProblems() const { return ActionProblems; }

	/** This agent's instance of the class mapped to Action, or None. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Actions")
	UGoapAction* GetActionObject(FName Action) const;

	/** The action object the component runs now, or None. */
	UFUNCTION(BlueprintPure, Category = "GOAP|Actions")
	UGoapAction* GetRunningAction() const;

	/** Mirrors the Blackboard, steps, and (with bRunActions) runs the mapped action: the automatic tick, for bAutoStep off. */
	UFUNCTION(BlueprintCallable, Category = "GOAP|Actions")
	bool StepAndRunActions(float DeltaSeconds, FGoapStepResult& OutResult);

	/** Aborts the action object the component runs (no report: the next step starts it again if the agent keeps it). */
	UFUNCTION(BlueprintCallable, Category = "GOAP|Actions")
	void AbortRunningAction();

	/** Writes the Blackboard keys of BlackboardMirror that changed since last written; returns the number written. */
	UFUNCTION(BlueprintCallable, Category = "GOAP|Actions")
	int32 ApplyBlackboardMirror();

	/** The context an action object of this agent is given. */
	FGoapActionContext MakeActionContext(FName Action, float ElapsedSeconds) const;

protected:
	virtual void BeginPlay() override;
	virtual void EndPlay(const EEndPlayReason::Type EndPlayReason) override;
	virtual void TickComponent(float DeltaTime, ELevelTick TickType, FActorComponentTickFunction* ThisTickFunction) override;

private:
	void CreateAgent();
	void DestroyAgent();

	// The helpers below take goap.hpp types (goap::Agent, goap::FactId, goap::Result,
	// goap::Error...). They are member templates so that this public header names no goap::
	// type: they are defined, and only instantiated, in GoapAgentComponent.cpp, where
	// goap.hpp is included (GoapLibrary is a private dependency of the Goap module).

	/** The agent in its live world, or false (logged, naming Function) when there is none. */
	template <typename AgentType> bool GetAgent(const TCHAR* Function, AgentType& OutAgent) const;
	template <typename IdType> bool FindFact(const TCHAR* Function, FName Fact, IdType& OutId) const;
	template <typename IdType> bool FindVar(const TCHAR* Function, FName Var, IdType& OutId) const;
	template <typename IdType> bool FindAction(const TCHAR* Function, FName Action, IdType& OutId) const;
	template <typename IdType> bool FindGoal(const TCHAR* Function, FName Goal, IdType& OutId) const;
	/** The name of one of this agent's goals (from a step), or None for the null id. */
	template <typename IdType> FName GoalName(IdType Goal) const;
	template <typename ResultType> bool Succeeded(const TCHAR* Function, const ResultType& Result) const;
	template <typename ErrorType> void LogError(const TCHAR* Function, const ErrorType& Error) const;
	/** Logs Message as Function's failure and keeps it for GetLastError. */
	void Fail(const TCHAR* Function, const FString& Message) const;
	/** Whether this component creates an agent on this machine (authority-only agents). */
	bool ShouldCreateAgent() const;

	TWeakObjectPtr<UGoapWorldSubsystem> Subsystem;
	TSharedPtr<const FGoapDomainBinding> Binding;
	/**
	 * The agent's id, its goal ids by index into Binding->GoalNames (the domain file's goals,
	 * which the agent starts with in that order; goal ids are generational and per agent; the
	 * component adds and removes no goals, so these stay valid for the agent's life) and the
	 * buffer GetPlan reuses. Never null on a constructed component.
	 */
	TPimplPtr<FGoapAgentNative> AgentState;
	bool bRegisteredForBatch = false;
	mutable FString LastError;

	FName CurrentAction;
	int32 ActionSerial = 0;
	EGoapStepKind LastKind = EGoapStepKind::None;
	uint64 SeenReplans = 0;
	// Actions (UGoapAction)
	void ResolveActions();
	void ReleaseActions();
	UPROPERTY(Transient)
	TMap<FName, TObjectPtr<UGoapAction>> ActionObjects;
	GoapLogic::TActionRunner<FName> ActionRunner;
	GoapLogic::FBlackboardMirror Mirror;
	std::vector<GoapLogic::EMirrorTarget> MirrorTargets;
	bool bActionsResolved = true;
	FString ActionProblems;
};
