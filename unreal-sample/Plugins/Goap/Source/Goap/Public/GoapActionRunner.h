#pragma once

// Engine-independent logic of the plugin's actions (no UObject, no Unreal header): the
// resolution of an action mapping against a domain's actions, and the state machine that runs
// the mapped action of each step (start, tick, report, abort). UGoapAgentComponent is a thin
// adapter over it; tests/unreal-harness runs it against the real library without an engine.
// The same semantics as the Unity sample's GoapAgentBehaviour: a Start step aborts what runs
// and starts the action, then ticks it in that step; Continue ticks it (starting it when
// nothing runs, or another action); Planning keeps ticking the action in progress (and aborts
// it when the step has none); any other step aborts it. Aborting never reports; a finished
// tick (Succeeded, Failed) reports once and the action stops; a Failed report makes the agent
// replan.

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace GoapLogic
{
	/** goap::StepKind, plus None for a step that failed. */
	enum class EStepKind : uint8_t { None, Start, Continue, Idle, NoPlan, Waiting, Planning };

	/** What an action's tick says. */
	enum class EActionStatus : uint8_t { Running, Succeeded, Failed };

	/** What to do with the domain's actions that nothing maps. */
	enum class EUnmappedActions : uint8_t
	{
		/** Each one is a problem (listed with the others). */
		Error,
		/** Each one is disabled for the agent (never planned). */
		Disable,
		/** Allowed: planned, and reported failed when handed out. */
		Allow
	};

	/** ASCII case-insensitive equality: FName compares names that way. */
	inline bool NamesEqual(const std::string& A, const std::string& B)
	{
		if (A.size() != B.size())
		{
			return false;
		}
		for (std::size_t I = 0; I < A.size(); ++I)
		{
			char X = A[I], Y = B[I];
			if (X >= 'A' && X <= 'Z') X = static_cast<char>(X + 32);
			if (Y >= 'A' && Y <= 'Z') Y = static_cast<char>(Y + 32);
			if (X != Y)
			{
				return false;
			}
		}
		return true;
	}

	/** One entry of an action mapping: a name, whether it has a usable class, and where it comes from (for messages). */
	struct FMappedAction
	{
		std::string Name;
		bool bHasClass = false;
		std::string Source;
	};

	/** The outcome of ResolveActionMapping. */
	struct FActionResolution
	{
		/** Per domain action (the domain's order): the index of its entry in the mapping, or -1. */
		std::vector<int> EntryOf;
		/** Domain actions (indices) to disable for the agent (EUnmappedActions::Disable). */
		std::vector<std::size_t> ToDisable;
		/** Every problem, one sentence each; empty when the mapping is sound. */
		std::vector<std::string> Problems;

		bool Ok() const { return Problems.empty(); }
	};

	/**
	 * Resolves Mapping against DomainActions once: every mapped name the domain lacks, every
	 * name mapped twice, every entry without a class and (with EUnmappedActions::Error) every
	 * domain action nothing maps is a problem; all of them are listed, not just the first.
	 */
	inline FActionResolution ResolveActionMapping(const std::vector<std::string>& DomainActions,
		const std::vector<FMappedAction>& Mapping, EUnmappedActions Unmapped)
	{
		FActionResolution Out;
		Out.EntryOf.assign(DomainActions.size(), -1);
		for (std::size_t E = 0; E < Mapping.size(); ++E)
		{
			const FMappedAction& Entry = Mapping[E];
			const std::string Where = Entry.Source.empty() ? std::string() : " (" + Entry.Source + ")";
			bool bDuplicate = false;
			for (std::size_t Before = 0; Before < E; ++Before)
			{
				bDuplicate = bDuplicate || NamesEqual(Mapping[Before].Name, Entry.Name);
			}
			if (bDuplicate)
			{
				Out.Problems.push_back("\"" + Entry.Name + "\"" + Where + " is mapped more than once");
				continue;
			}
			std::size_t Found = DomainActions.size();
			for (std::size_t A = 0; A < DomainActions.size() && Found == DomainActions.size(); ++A)
			{
				if (NamesEqual(DomainActions[A], Entry.Name))
				{
					Found = A;
				}
			}
			if (Found == DomainActions.size())
			{
				Out.Problems.push_back("\"" + Entry.Name + "\"" + Where + " is mapped, but the domain has no action of that name");
				continue;
			}
			if (!Entry.bHasClass)
			{
				Out.Problems.push_back("\"" + Entry.Name + "\"" + Where + " is mapped to no (or an abstract) action class");
				continue;
			}
			Out.EntryOf[Found] = static_cast<int>(E);
		}
		for (std::size_t A = 0; A < DomainActions.size(); ++A)
		{
			if (Out.EntryOf[A] >= 0)
			{
				continue;
			}
			bool bMentioned = false;
			for (const FMappedAction& Entry : Mapping)
			{
				bMentioned = bMentioned || NamesEqual(Entry.Name, DomainActions[A]);
			}
			if (bMentioned)
			{
				continue; // its entry is a problem already
			}
			switch (Unmapped)
			{
			case EUnmappedActions::Error:
				Out.Problems.push_back("the domain's action \"" + DomainActions[A] + "\" has no action class (map it, or choose to disable or allow unmapped actions)");
				break;
			case EUnmappedActions::Disable:
				Out.ToDisable.push_back(A);
				break;
			case EUnmappedActions::Allow:
				break;
			}
		}
		return Out;
	}

	/** One message for all the problems of a resolution: "Owner: N problem(s) with the action mapping:\n - ...". */
	inline std::string DescribeProblems(const std::string& Owner, const std::vector<std::string>& Problems)
	{
		std::string Text = Owner + ": " + std::to_string(Problems.size()) + (Problems.size() == 1 ? " problem" : " problems")
			+ " with the action mapping; no action runs";
		for (const std::string& Problem : Problems)
		{
			Text += "\n - " + Problem;
		}
		return Text;
	}

	/** What runs the actions for a TActionRunner: the adapter to the action objects and the agent. */
	template <typename NameT>
	class IActionRunnerHost
	{
	public:
		/** Starts Action's handler; false when it has none (the runner reports it failed). */
		virtual bool StartAction(const NameT& Action) = 0;
		/** Ticks the handler started last. ElapsedSeconds includes DeltaSeconds. */
		virtual EActionStatus TickAction(const NameT& Action, float DeltaSeconds, float ElapsedSeconds) = 0;
		/** Stops the handler started last (no report follows). */
		virtual void AbortAction(const NameT& Action, float ElapsedSeconds) = 0;
		/** Reports the action's status to the agent (Running every tick, then once Succeeded or Failed). */
		virtual void ReportAction(const NameT& Action, EActionStatus Status) = 0;

	protected:
		~IActionRunnerHost() = default;
	};

	/** The running action's state, driven by the agent's steps (see the file's comment). */
	template <typename NameT>
	class TActionRunner
	{
	public:
		/**
		 * Runs one step's outcome: Kind, and the step's action (bHasAction false for none).
		 * Call it after every step of the agent, with the step's DeltaSeconds.
		 */
		void OnStep(IActionRunnerHost<NameT>& Host, EStepKind Kind, const NameT& Action, bool bHasAction, float DeltaSeconds)
		{
			switch (Kind)
			{
			case EStepKind::Start:
				Abort(Host);
				if (Begin(Host, Action))
				{
					Perform(Host, DeltaSeconds);
				}
				break;
			case EStepKind::Planning:
			case EStepKind::Continue:
				if (!bHasAction)
				{
					Abort(Host);
					break;
				}
				if (!bRunning || !(Action == Current))
				{
					Abort(Host);
					if (!Begin(Host, Action))
					{
						break;
					}
				}
				Perform(Host, DeltaSeconds);
				break;
			default:
				Abort(Host);
				break;
			}
		}

		/** Stops the running action without a report (plan dropped, end of play, disabled). */
		void Abort(IActionRunnerHost<NameT>& Host)
		{
			if (!bRunning)
			{
				return;
			}
			bRunning = false;
			Host.AbortAction(Current, Elapsed);
		}

		bool IsRunning() const { return bRunning; }
		/** The running action (or the last one). */
		const NameT& GetCurrent() const { return Current; }
		float GetElapsed() const { return Elapsed; }

	private:
		bool Begin(IActionRunnerHost<NameT>& Host, const NameT& Action)
		{
			Current = Action;
			Elapsed = 0.0f;
			bRunning = true;
			if (!Host.StartAction(Action))
			{
				if (bRunning)
				{
					Report(Host, EActionStatus::Failed);
				}
				return false;
			}
			// The handler's start may have stopped it (Abort from a handler or an event).
			return bRunning;
		}

		void Perform(IActionRunnerHost<NameT>& Host, float DeltaSeconds)
		{
			Elapsed += DeltaSeconds;
			const EActionStatus Status = Host.TickAction(Current, DeltaSeconds, Elapsed);
			if (bRunning)
			{
				Report(Host, Status);
			}
		}

		void Report(IActionRunnerHost<NameT>& Host, EActionStatus Status)
		{
			if (Status != EActionStatus::Running)
			{
				bRunning = false;
			}
			Host.ReportAction(Current, Status);
		}

		NameT Current{};
		float Elapsed = 0.0f;
		bool bRunning = false;
	};
}
