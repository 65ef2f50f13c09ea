#pragma once

#include "Components/ActorComponent.h"
#include "CoreMinimal.h"
#include "GoapNative.h"
#include "GoapTypes.h"
// Actions (UGoapAction)
#include "GoapAction.h"
#include "GoapActionRunner.h"
#include "GoapBlackboardMirror.h"
#include "GoapAgentComponent.generated.h"

class UGoapDomainAsset;
class UGoapWorldSubsystem;
struct FGoapDomainBinding;

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
 * false; nothing here crashes on a missing domain, world or agent. Game thread only.
 */
UCLASS(ClassGroup = (AI), meta = (BlueprintSpawnableComponent))
class GOAP_API UGoapAgentComponent : public UActorComponent
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

	/** Node limit of each search; a search that reaches it finds no plan for that goal. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (ClampMin = "1"))
	int32 MaxNodes = 1000000;

	/** The most nodes one step may expand searching (0: no limit). A step whose search runs out returns Planning and the next step continues it, so a long search is spread over frames; the plan is the same. */
	UPROPERTY(EditAnywhere, BlueprintReadOnly, Category = "GOAP", meta = (ClampMin = "0"))
	int32 StepMaxExpansions = 0;

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

	/** Reads a fact as the agent believes it. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool GetFact(FName Fact, bool& bOutValue) const;

	/** Writes a sensed integer variable (within its range). */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool SetVar(FName Var, int32 Value);

	/** Reads an integer variable as the agent believes it. */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
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

	/** The rest of the plan, the current action first; empty without one. */
	UFUNCTION(BlueprintPure, Category = "GOAP")
	TArray<FName> GetPlan() const;

	/** Why Goal has or has no plan from the agent's beliefs (a debugging call: it searches). */
	UFUNCTION(BlueprintCallable, Category = "GOAP")
	bool Explain(FName Goal, FString& OutReport) const;

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

	/** The agent in its live world, or false (logged, naming Function) when there is none. */
	bool GetAgent(const TCHAR* Function, goap::Agent& OutAgent) const;
	bool FindFact(const TCHAR* Function, FName Fact, goap::FactId& OutId) const;
	bool FindVar(const TCHAR* Function, FName Var, goap::VarId& OutId) const;
	bool FindAction(const TCHAR* Function, FName Action, goap::ActionId& OutId) const;
	bool FindGoal(const TCHAR* Function, FName Goal, goap::GoalId& OutId) const;
	/** The name of one of this agent's goals (from a step), or None for the null id. */
	FName GoalName(goap::GoalId Goal) const;
	bool Succeeded(const TCHAR* Function, const goap::Result<void>& Result) const;
	void LogError(const TCHAR* Function, const goap::Error& Error) const;

	TWeakObjectPtr<UGoapWorldSubsystem> Subsystem;
	TSharedPtr<const FGoapDomainBinding> Binding;
	goap::AgentId AgentId;
	/**
	 * The agent's goal ids by index into Binding->GoalNames (the domain file's goals, which
	 * the agent starts with in that order; goal ids are generational and per agent). The
	 * component adds and removes no goals, so these stay valid for the agent's life.
	 */
	TArray<goap::GoalId> GoalIds;
	bool bRegisteredForBatch = false;

	FName CurrentAction;
	int32 ActionSerial = 0;
	EGoapStepKind LastKind = EGoapStepKind::None;
	uint64 SeenReplans = 0;
	/** Reused by GetPlan so that a plan query allocates only when plans grow. */
	mutable std::vector<goap::ActionId> PlanBuffer;

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
