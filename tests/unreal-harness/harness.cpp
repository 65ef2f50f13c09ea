// The Unreal plugin's engine-independent logic (GoapActionRunner.h, GoapBlackboardMirror.h,
// GoapBTTaskLogic.h), compiled without Unreal and run against the real library on the
// sample's domain (unreal-sample/Content/GoapDomains/guard.json): the action mapping's
// resolution, the runner through a whole plan with a failure and a replan, the Behaviour
// Tree task's state machine, and the Blackboard mirror. Built with -fno-exceptions -fno-rtti
// -DGOAP_NO_EXCEPTIONS (as in Unreal) and run under valgrind by scripts/test-unreal-harness.sh.
// Prints "ok NAME" or "FAIL NAME" per test, then "unreal-harness: N passed, N failed".
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "goap.hpp"

#include "GoapActionRunner.h"
#include "GoapBTTaskLogic.h"
#include "GoapBlackboardMirror.h"

using namespace GoapLogic;

namespace
{
	int Passed = 0;
	int Failed = 0;
	bool CurrentOk = true;
	std::string CurrentName;

	void Expect(bool Condition, const char* Text, int Line)
	{
		if (!Condition)
		{
			std::printf("     %s: line %d: %s\n", CurrentName.c_str(), Line, Text);
			CurrentOk = false;
		}
	}
#define EXPECT(Condition) Expect((Condition), #Condition, __LINE__)

	template <typename Fn>
	void Run(const char* Name, Fn Body)
	{
		CurrentName = Name;
		CurrentOk = true;
		Body();
		std::printf("%s %s\n", CurrentOk ? "ok  " : "FAIL", Name);
		(CurrentOk ? Passed : Failed)++;
	}

	std::string DomainFile;

	std::string ReadFile(const std::string& Path)
	{
		std::ifstream In(Path);
		std::stringstream Text;
		Text << In.rdbuf();
		return Text.str();
	}

	/** The guard domain in a world, with its action names in the domain's order. */
	struct FGuard
	{
		goap::World World;
		goap::Domain Domain;
		std::vector<std::string> ActionNames;
		std::vector<goap::ActionId> ActionIds;
		bool bOk = false;

		FGuard()
		{
			goap::Result<goap::World> Created = goap::World::create();
			if (!Created.ok())
			{
				return;
			}
			World = std::move(Created.value());
			goap::Result<goap::Domain> Loaded = World.load_domain(ReadFile(DomainFile));
			if (!Loaded.ok())
			{
				std::printf("     load_domain: %s\n", Loaded.error().message().c_str());
				return;
			}
			Domain = Loaded.value();
			const uint32_t Count = Domain.action_count().value();
			for (uint32_t I = 0; I < Count; ++I)
			{
				const goap::ActionId Id = Domain.action_at(I).value();
				ActionIds.push_back(Id);
				ActionNames.push_back(Domain.action_name(Id).value());
			}
			bOk = true;
		}

		std::string NameOf(goap::ActionId Id) const
		{
			for (std::size_t I = 0; I < ActionIds.size(); ++I)
			{
				if (ActionIds[I] == Id)
				{
					return ActionNames[I];
				}
			}
			return std::string();
		}

		goap::Agent MakeAgent(double FailureCooldown, double SwitchMargin = 0.0) const
		{
			goap::AgentSettings Settings = goap::AgentSettings::for_domain(Domain.id());
			Settings.failure_cooldown = FailureCooldown;
			Settings.switch_margin = SwitchMargin;
			return World.create_agent(Settings).value();
		}

		goap::FactId Fact(const char* Name) const { return Domain.find_fact(Name).value(); }
	};

	EStepKind ToKind(goap::StepKind Kind)
	{
		switch (Kind)
		{
		case goap::StepKind::Start: return EStepKind::Start;
		case goap::StepKind::Continue: return EStepKind::Continue;
		case goap::StepKind::Idle: return EStepKind::Idle;
		case goap::StepKind::NoPlan: return EStepKind::NoPlan;
		case goap::StepKind::Waiting: return EStepKind::Waiting;
		case goap::StepKind::Planning: return EStepKind::Planning;
		}
		return EStepKind::None;
	}

	goap::Report ToReport(EActionStatus Status)
	{
		return Status == EActionStatus::Running ? goap::Report::Running
			: Status == EActionStatus::Succeeded ? goap::Report::Succeeded : goap::Report::Failed;
	}

	bool Contains(const std::string& Text, const std::string& Part) { return Text.find(Part) != std::string::npos; }

	/**
	 * A host that records every call ("start X", "tick X", "abort X", "report X Running") and
	 * whose actions take TicksOf[X] ticks (1 by default); FailFirst[X] failures first.
	 * Unhandled names have no handler. With an agent, reports go to it.
	 */
	struct FRecordingHost final : IActionRunnerHost<std::string>
	{
		std::vector<std::string> Log;
		std::map<std::string, int> TicksOf;
		std::map<std::string, int> FailFirst;
		std::map<std::string, int> TicksLeft;
		std::vector<std::string> Unhandled;
		goap::Agent Agent;
		bool bHasAgent = false;
		bool bReportsOk = true;

		bool StartAction(const std::string& Action) override
		{
			for (const std::string& Name : Unhandled)
			{
				if (Name == Action)
				{
					Log.push_back("no handler " + Action);
					return false;
				}
			}
			Log.push_back("start " + Action);
			TicksLeft[Action] = TicksOf.count(Action) ? TicksOf[Action] : 1;
			return true;
		}

		EActionStatus TickAction(const std::string& Action, float, float) override
		{
			Log.push_back("tick " + Action);
			if (--TicksLeft[Action] > 0)
			{
				return EActionStatus::Running;
			}
			if (FailFirst[Action] > 0)
			{
				--FailFirst[Action];
				return EActionStatus::Failed;
			}
			return EActionStatus::Succeeded;
		}

		void AbortAction(const std::string& Action, float) override { Log.push_back("abort " + Action); }

		void ReportAction(const std::string& Action, EActionStatus Status) override
		{
			Log.push_back("report " + Action + (Status == EActionStatus::Running ? " Running" : Status == EActionStatus::Succeeded ? " Succeeded" : " Failed"));
			if (bHasAgent)
			{
				bReportsOk = Agent.report(ToReport(Status)).ok() && bReportsOk;
			}
		}

		int Count(const std::string& Entry) const
		{
			int N = 0;
			for (const std::string& E : Log) N += E == Entry ? 1 : 0;
			return N;
		}
	};

	/** Steps Agent once by Dt and feeds the runner, as UGoapAgentComponent::StepAndRunActions does. */
	goap::Step StepAndRun(const FGuard& Guard, goap::Agent& Agent, TActionRunner<std::string>& Runner, FRecordingHost& Host, float Dt)
	{
		goap::Result<goap::Step> Stepped = Agent.step(Dt);
		if (!Stepped.ok())
		{
			return goap::Step();
		}
		const goap::Step Step = Stepped.value();
		const std::string Action = Step.action ? Guard.NameOf(Step.action) : std::string();
		Runner.OnStep(Host, ToKind(Step.kind), Action, !Action.empty(), Dt);
		return Step;
	}

	std::string Join(const std::vector<std::string>& Items)
	{
		std::string Out;
		for (const std::string& I : Items) Out += (Out.empty() ? "" : ", ") + I;
		return Out;
	}

	// ---- the mapping's resolution

	void MappingProblemsAreListedTogether()
	{
		FGuard Guard;
		EXPECT(Guard.bOk);
		EXPECT(Guard.ActionNames.size() == 7);
		const std::vector<FMappedAction> Mapping = {
			{"walk_to_gate", true, "ActionClasses"},
			{"WALK_TO_POST", true, "ActionClasses"},        // FName's case-insensitivity
			{"close_gates", true, "ActionClasses"},         // a typo: not in the domain
			{"take_torch", false, "ActionSet /Game/Set"},   // no (or an abstract) class
			{"light_torch", true, "ActionSet /Game/Set"},
			{"walk_to_gate", true, "ActionSet /Game/Set"},  // mapped twice
		};
		const FActionResolution Errors = ResolveActionMapping(Guard.ActionNames, Mapping, EUnmappedActions::Error);
		const std::string All = Join(Errors.Problems);
		EXPECT(!Errors.Ok());
		// close_gates, take_torch (no class), walk_to_gate twice, close_gate, search_gate, ring_bell unmapped.
		EXPECT(Errors.Problems.size() == 6);
		EXPECT(Contains(All, "\"close_gates\" (ActionClasses) is mapped, but the domain has no action of that name"));
		EXPECT(Contains(All, "\"take_torch\" (ActionSet /Game/Set) is mapped to no (or an abstract) action class"));
		EXPECT(Contains(All, "\"walk_to_gate\" (ActionSet /Game/Set) is mapped more than once"));
		EXPECT(Contains(All, "\"close_gate\" has no action class"));
		EXPECT(Contains(All, "\"search_gate\" has no action class"));
		EXPECT(Contains(All, "\"ring_bell\" has no action class"));
		EXPECT(!Contains(All, "\"take_torch\" has no action class")); // its own entry says it once
		const std::string Message = DescribeProblems("Guard.Goap", Errors.Problems);
		EXPECT(Contains(Message, "Guard.Goap: 6 problems with the action mapping"));
		EXPECT(Contains(Message, "\n - \"close_gates\""));

		const FActionResolution Disabled = ResolveActionMapping(Guard.ActionNames, Mapping, EUnmappedActions::Disable);
		EXPECT(Disabled.Problems.size() == 3);
		std::vector<std::string> DisabledNames;
		for (std::size_t I : Disabled.ToDisable) DisabledNames.push_back(Guard.ActionNames[I]);
		EXPECT(Join(DisabledNames) == "close_gate, search_gate, ring_bell");

		const FActionResolution Allowed = ResolveActionMapping(Guard.ActionNames, Mapping, EUnmappedActions::Allow);
		EXPECT(Allowed.Problems.size() == 3 && Allowed.ToDisable.empty());
	}

	void SoundMappingResolves()
	{
		FGuard Guard;
		std::vector<FMappedAction> Mapping;
		for (const std::string& Name : Guard.ActionNames) Mapping.push_back({Name, true, ""});
		const FActionResolution Resolution = ResolveActionMapping(Guard.ActionNames, Mapping, EUnmappedActions::Error);
		EXPECT(Resolution.Ok());
		EXPECT(Resolution.EntryOf.size() == Guard.ActionNames.size());
		for (std::size_t I = 0; I < Resolution.EntryOf.size(); ++I) EXPECT(Resolution.EntryOf[I] == static_cast<int>(I));
		EXPECT(DescribeProblems("X", {"one"}) == "X: 1 problem with the action mapping; no action runs\n - one");
	}

	// ---- the runner

	void RunnerStateMachine()
	{
		FRecordingHost Host;
		Host.TicksOf["a"] = 3;
		Host.TicksOf["b"] = 3;
		Host.Unhandled = {"x"};
		TActionRunner<std::string> Runner;
		Runner.OnStep(Host, EStepKind::Start, "a", true, 0.5f);   // start + first tick in the start step
		EXPECT(Join(Host.Log) == "start a, tick a, report a Running");
		EXPECT(Runner.IsRunning() && Runner.GetElapsed() == 0.5f);
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Planning, "a", true, 0.25f); // a search spread over steps: a goes on
		EXPECT(Join(Host.Log) == "tick a, report a Running");
		EXPECT(Runner.GetElapsed() == 0.75f);
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Continue, "b", true, 0.25f); // another action: abort a, start b
		EXPECT(Join(Host.Log) == "abort a, start b, tick b, report b Running");
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Planning, "", false, 0.25f);  // Planning without an action: stop
		EXPECT(Join(Host.Log) == "abort b");
		EXPECT(!Runner.IsRunning());
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::NoPlan, "", false, 0.25f);    // nothing runs: nothing to abort
		EXPECT(Host.Log.empty());
		Runner.OnStep(Host, EStepKind::Continue, "a", true, 0.25f);  // Continue with nothing running starts it
		EXPECT(Join(Host.Log) == "start a, tick a, report a Running");
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Start, "a", true, 0.25f);     // a repeat starts over
		EXPECT(Join(Host.Log) == "abort a, start a, tick a, report a Running");
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Idle, "", false, 0.25f);
		EXPECT(Join(Host.Log) == "abort a");
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Start, "x", true, 0.25f);     // no handler: reported failed, not ticked
		EXPECT(Join(Host.Log) == "no handler x, report x Failed");
		EXPECT(!Runner.IsRunning());
		Host.Log.clear();
		Runner.OnStep(Host, EStepKind::Start, "c", true, 0.25f);     // a one-tick action finishes in its start step
		EXPECT(Join(Host.Log) == "start c, tick c, report c Succeeded");
		EXPECT(!Runner.IsRunning());
		Host.Log.clear();
		Runner.Abort(Host);                                          // finished: nothing to abort
		EXPECT(Host.Log.empty());
	}

	/** The guard's two goals through the runner; bSampleSettings: the sample's SwitchMargin instead of relieving secure_gate. */
	void RunnerThroughAPlanWithAFailureAndAReplan(bool bSampleSettings)
	{
		FGuard Guard;
		goap::Agent Agent = Guard.MakeAgent(0.0, bSampleSettings ? 1.5 : 0.0);
		FRecordingHost Host;
		Host.Agent = Agent;
		Host.bHasAgent = true;
		Host.TicksOf["walk_to_gate"] = 2;
		Host.TicksOf["walk_to_post"] = 2;
		Host.FailFirst["search_gate"] = 1; // the torch goes out once
		TActionRunner<std::string> Runner;
		std::vector<std::string> Started;
		bool bSawActionFailedReplan = false;
		bool bRelieved = false;
		int Steps = 0;
		goap::Step Step;
		for (; Steps < 100; ++Steps)
		{
			const std::size_t Before = Host.Log.size();
			Step = StepAndRun(Guard, Agent, Runner, Host, 0.25f);
			for (std::size_t I = Before; I < Host.Log.size(); ++I)
			{
				if (Host.Log[I].rfind("start ", 0) == 0) Started.push_back(Host.Log[I].substr(6));
			}
			if (Step.replanned && Agent.info().value().last_cause == goap::ReplanCause::ActionFailed)
			{
				bSawActionFailedReplan = true;
			}
			if (Step.kind == goap::StepKind::Idle)
			{
				break;
			}
			// The guard domain's secure_gate wants the guard at its post, and inspect_gate takes
			// it to the gate: left on, secure_gate (priority 2) pulls it back every time. Once
			// the gate is secured, this test relieves that goal, as a game would.
			if (!bSampleSettings && !bRelieved && Host.Count("report walk_to_post Succeeded") == 1)
			{
				bRelieved = Agent.set_goal_priority(Agent.find_goal("secure_gate").value(), 0.0).ok();
			}
		}
		EXPECT(bRelieved != bSampleSettings);
		EXPECT(Host.bReportsOk);
		EXPECT(Step.kind == goap::StepKind::Idle);
		// secure_gate, then inspect_gate; search_gate fails once and the agent replans it.
		// With the margin, secure_gate waits for the inspection, then takes the guard back to its post.
		// (light_torch and walk_to_gate cost the same in either order; the guard domain is tiny, so
		// the default search walks its exact table and takes walk_to_gate first.)
		const std::string Expected = std::string("walk_to_gate, close_gate, walk_to_post, take_torch, walk_to_gate, light_torch, search_gate, search_gate")
			+ (bSampleSettings ? ", walk_to_post" : "");
		EXPECT(Join(Started) == Expected);
		if (Join(Started) != Expected)
		{
			std::printf("     started: %s\n", Join(Started).c_str());
		}
		EXPECT(Host.Count("report search_gate Failed") == 1);
		EXPECT(Host.Count("report search_gate Succeeded") == 1);
		EXPECT(Host.Count("report walk_to_gate Running") == 2);
		EXPECT(bSawActionFailedReplan);
		EXPECT(Agent.get_fact(Guard.Fact("gate_searched")).value());
		EXPECT(Agent.get_fact(Guard.Fact("gate_closed")).value());
		for (const std::string& E : Host.Log) EXPECT(E.rfind("abort ", 0) != 0); // nothing was dropped
	}

	void RunnerAbortsWhenThePlanChanges()
	{
		FGuard Guard;
		goap::Agent Agent = Guard.MakeAgent(0.0);
		FRecordingHost Host;
		Host.Agent = Agent;
		Host.bHasAgent = true;
		Host.TicksOf["walk_to_gate"] = 10;
		TActionRunner<std::string> Runner;
		StepAndRun(Guard, Agent, Runner, Host, 0.25f);
		EXPECT(Join(Host.Log) == "start walk_to_gate, tick walk_to_gate, report walk_to_gate Running");
		Host.Log.clear();
		// Someone else closes the gate: secure_gate holds, the guard turns to inspect_gate.
		EXPECT(Agent.set_fact(Guard.Fact("gate_closed"), true).ok());
		const goap::Step Step = StepAndRun(Guard, Agent, Runner, Host, 0.25f);
		EXPECT(Step.kind == goap::StepKind::Start);
		EXPECT(Guard.NameOf(Step.action) == "take_torch");
		EXPECT(Host.Log.size() >= 2 && Host.Log[0] == "abort walk_to_gate" && Host.Log[1] == "start take_torch");
		EXPECT(Host.Count("report walk_to_gate Succeeded") == 0 && Host.Count("report walk_to_gate Failed") == 0);
		Host.Log.clear();
		Runner.Abort(Host); // end of play
		EXPECT(Host.Log.empty()); // take_torch took one tick and finished
		EXPECT(Host.bReportsOk);
	}

	// ---- the Behaviour Tree task

	struct FBTHost final : IBTTaskHost<std::string>
	{
		std::string Current;
		int32_t Serial = 1;
		bool bHasHandler = true;
		std::vector<EActionStatus> Ticks; // what the ticks return, in order (then Running)
		std::vector<std::string> Log;
		goap::Agent Agent;
		bool bHasAgent = false;

		bool GetCurrentAction(std::string& OutAction, int32_t& OutSerial) override
		{
			if (Current.empty()) return false;
			OutAction = Current;
			OutSerial = Serial;
			return true;
		}
		bool StartAction(const std::string& Action) override
		{
			Log.push_back((bHasHandler ? "start " : "no handler ") + Action);
			return bHasHandler;
		}
		EActionStatus TickAction(const std::string& Action, float, float Elapsed) override
		{
			Log.push_back("tick " + Action + " " + std::to_string(static_cast<int>(Elapsed * 100)));
			if (Ticks.empty()) return EActionStatus::Running;
			const EActionStatus Status = Ticks.front();
			Ticks.erase(Ticks.begin());
			return Status;
		}
		void AbortAction(const std::string& Action, float) override { Log.push_back("abort " + Action); }
		bool Report(EActionStatus Status) override
		{
			Log.push_back(Status == EActionStatus::Running ? "report Running" : Status == EActionStatus::Succeeded ? "report Succeeded" : "report Failed");
			if (!bHasAgent) return true;
			const bool bOk = Agent.report(ToReport(Status)).ok();
			if (bOk && Status != EActionStatus::Running) Current.clear();
			return bOk;
		}
	};

	void BTTaskStateMachine()
	{
		TBTTaskMemory<std::string> Memory{};
		FBTHost Host;
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::Failed); // no action
		EXPECT(Host.Log.empty());

		Host.Current = "a";
		Host.bHasHandler = false;
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::Failed); // no handler: reported failed
		EXPECT(Join(Host.Log) == "no handler a, report Failed");
		Host.Log.clear();
		Host.bHasHandler = true;

		// Start, ticks, success.
		Host.Ticks = {EActionStatus::Running, EActionStatus::Running, EActionStatus::Succeeded};
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::InProgress);
		EXPECT(TickRunAction(Host, Memory, 0.5f) == EBTOutcome::InProgress);
		EXPECT(TickRunAction(Host, Memory, 0.25f) == EBTOutcome::Succeeded);
		EXPECT(Join(Host.Log) == "start a, tick a 0, report Running, tick a 50, report Running, tick a 75, report Succeeded");
		EXPECT(TickRunAction(Host, Memory, 0.25f) == EBTOutcome::Failed); // finished: a stray tick does nothing
		EXPECT(AbortRunAction(Host, Memory) == EBTOutcome::Aborted);
		EXPECT(Join(Host.Log) == "start a, tick a 0, report Running, tick a 50, report Running, tick a 75, report Succeeded");
		Host.Log.clear();

		// Failure.
		Host.Ticks = {EActionStatus::Running, EActionStatus::Failed};
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::InProgress);
		EXPECT(TickRunAction(Host, Memory, 0.1f) == EBTOutcome::Failed);
		EXPECT(Join(Host.Log) == "start a, tick a 0, report Running, tick a 10, report Failed");
		Host.Log.clear();

		// An instant action finishes in ExecuteTask.
		Host.Ticks = {EActionStatus::Succeeded};
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::Succeeded);
		Host.Log.clear();

		// The tree aborts: the action stops, nothing is reported.
		Host.Ticks = {};
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::InProgress);
		EXPECT(AbortRunAction(Host, Memory) == EBTOutcome::Aborted);
		EXPECT(Join(Host.Log) == "start a, tick a 0, report Running, abort a");
		Host.Log.clear();

		// The agent moves on (a new serial: a replan, or a report made elsewhere): abort, fail, no report.
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::InProgress);
		++Host.Serial;
		EXPECT(TickRunAction(Host, Memory, 0.1f) == EBTOutcome::Failed);
		EXPECT(Join(Host.Log) == "start a, tick a 0, report Running, abort a");
		Host.Log.clear();
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::InProgress);
		Host.Current.clear(); // no action any more
		EXPECT(TickRunAction(Host, Memory, 0.1f) == EBTOutcome::Failed);
		EXPECT(Join(Host.Log) == "start a, tick a 0, report Running, abort a");
	}

	void BTTaskWithTheAgent()
	{
		FGuard Guard;
		goap::Agent Agent = Guard.MakeAgent(0.0);
		FBTHost Host;
		Host.Agent = Agent;
		Host.bHasAgent = true;
		goap::Step Step = Agent.step(0.25).value();
		EXPECT(Step.kind == goap::StepKind::Start);
		Host.Current = Guard.NameOf(Step.action);
		EXPECT(Host.Current == "walk_to_gate");
		TBTTaskMemory<std::string> Memory{};
		Host.Ticks = {EActionStatus::Running, EActionStatus::Succeeded};
		EXPECT(ExecuteRunAction(Host, Memory) == EBTOutcome::InProgress);
		EXPECT(TickRunAction(Host, Memory, 0.25f) == EBTOutcome::Succeeded);
		EXPECT(Agent.get_fact(Guard.Fact("at_gate")).value()); // the report applied the effects
		Step = Agent.step(0.25).value();
		EXPECT(Step.kind == goap::StepKind::Start && Guard.NameOf(Step.action) == "close_gate");
	}

	// ---- the Blackboard mirror

	void MirrorWritesOnlyChanges()
	{
		const std::vector<EMirrorTarget> Targets = {EMirrorTarget::Fact, EMirrorTarget::Var, EMirrorTarget::Fact};
		std::map<std::size_t, int32_t> Blackboard = {{0, 1}, {1, 7}}; // key 2 is missing
		std::vector<std::string> Writes;
		bool bWriteFails = false;
		const auto Read = [&](std::size_t Index, EMirrorTarget, int32_t& Out)
		{
			if (!Blackboard.count(Index)) return false;
			Out = Blackboard[Index];
			return true;
		};
		const auto Write = [&](std::size_t Index, EMirrorTarget Target, int32_t Value)
		{
			if (bWriteFails) return false;
			Writes.push_back(std::to_string(Index) + (Target == EMirrorTarget::Fact ? "f" : "v") + "=" + std::to_string(Value));
			return true;
		};
		FBlackboardMirror Mirror;
		EXPECT(Mirror.Apply(Targets, Read, Write) == 2); // the first time: every readable key
		EXPECT(Join(Writes) == "0f=1, 1v=7");
		Writes.clear();
		EXPECT(Mirror.Apply(Targets, Read, Write) == 0); // nothing changed: nothing written
		Blackboard[1] = 8;
		Blackboard[0] = 5; // still true: a fact is 0 or 1
		EXPECT(Mirror.Apply(Targets, Read, Write) == 1);
		EXPECT(Join(Writes) == "1v=8");
		Writes.clear();
		Blackboard[2] = 0; // the key appears
		bWriteFails = true;
		EXPECT(Mirror.Apply(Targets, Read, Write) == 0);
		bWriteFails = false;
		EXPECT(Mirror.Apply(Targets, Read, Write) == 1); // a failed write is retried
		EXPECT(Join(Writes) == "2f=0");
		Writes.clear();
		Mirror.Reset(Targets.size()); // a new agent: everything again
		EXPECT(Mirror.Apply(Targets, Read, Write) == 3);
	}

	void MirrorIntoTheAgent()
	{
		FGuard Guard;
		goap::Agent Agent = Guard.MakeAgent(0.0);
		const goap::FactId Intruder = Guard.Fact("intruder_seen");
		bool bBlackboardValue = true;
		int AgentWrites = 0;
		FBlackboardMirror Mirror;
		const std::vector<EMirrorTarget> Targets = {EMirrorTarget::Fact};
		const auto Read = [&](std::size_t, EMirrorTarget, int32_t& Out) { Out = bBlackboardValue ? 1 : 0; return true; };
		const auto Write = [&](std::size_t, EMirrorTarget, int32_t Value) { ++AgentWrites; return Agent.set_fact(Intruder, Value != 0).ok(); };
		EXPECT(Mirror.Apply(Targets, Read, Write) == 1);
		EXPECT(Agent.get_fact(Intruder).value());
		// The agent's belief changes elsewhere (a sensor, an effect): an unchanged key does not overwrite it.
		EXPECT(Agent.set_fact(Intruder, false).ok());
		EXPECT(Mirror.Apply(Targets, Read, Write) == 0);
		EXPECT(!Agent.get_fact(Intruder).value());
		bBlackboardValue = false;
		EXPECT(Mirror.Apply(Targets, Read, Write) == 1);
		bBlackboardValue = true;
		EXPECT(Mirror.Apply(Targets, Read, Write) == 1);
		EXPECT(Agent.get_fact(Intruder).value());
		EXPECT(AgentWrites == 3);
	}
}

int main(int Argc, char** Argv)
{
	DomainFile = Argc > 1 ? Argv[1] : "unreal-sample/Content/GoapDomains/guard.json";
	Run("action mapping: every problem listed together (unknown name, no class, twice, unmapped), by policy", MappingProblemsAreListedTogether);
	Run("action mapping: a sound mapping resolves every domain action", SoundMappingResolves);
	Run("action runner: start+tick, continue, planning, switch, abort, repeat, no handler", RunnerStateMachine);
	Run("action runner: the guard's plans with a failure and a replan, on the real agent", [] { RunnerThroughAPlanWithAFailureAndAReplan(false); });
	Run("action runner: with the sample's SwitchMargin (1.5) the guard secures, then inspects, without walking back and forth",
		[] { RunnerThroughAPlanWithAFailureAndAReplan(true); });
	Run("action runner: a plan change aborts the running action without a report", RunnerAbortsWhenThePlanChanges);
	Run("BT task: no action, no handler, start/tick/success, failure, instant, abort, agent moved on", BTTaskStateMachine);
	Run("BT task: runs the real agent's action and reports it", BTTaskWithTheAgent);
	Run("Blackboard mirror: writes only changes, retries failed writes", MirrorWritesOnlyChanges);
	Run("Blackboard mirror: into the real agent, without overwriting beliefs changed elsewhere", MirrorIntoTheAgent);
	std::printf("unreal-harness: %d passed, %d failed\n", Passed, Failed);
	return Failed == 0 ? 0 : 1;
}
