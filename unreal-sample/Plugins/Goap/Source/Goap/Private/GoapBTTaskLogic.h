#pragma once

// Engine-independent logic of UBTTask_GoapRunAction (no UObject, no Unreal header): the task
// runs the agent's current action, through its mapped action object, until that action
// succeeds or fails, reporting the outcome to the agent; it fails (aborting the action, no
// report) when the agent drops the action meanwhile (a replan, a report made elsewhere); a
// Behaviour Tree abort aborts the action without a report (the agent keeps it in progress).

#include <cstdint>

#include "GoapActionRunner.h"

namespace GoapLogic
{
	/** EBTNodeResult::Type's values that the task returns or finishes with. */
	enum class EBTOutcome : uint8_t { InProgress, Succeeded, Failed, Aborted };

	/** What the task's logic needs from the agent and its action objects. */
	template <typename NameT>
	class IBTTaskHost
	{
	public:
		/** The agent's current action and its action serial; false when it has none (or no agent). */
		virtual bool GetCurrentAction(NameT& OutAction, int32_t& OutSerial) = 0;
		/** Starts Action's action object; false when it has none. */
		virtual bool StartAction(const NameT& Action) = 0;
		virtual EActionStatus TickAction(const NameT& Action, float DeltaSeconds, float ElapsedSeconds) = 0;
		virtual void AbortAction(const NameT& Action, float ElapsedSeconds) = 0;
		/** Reports to the agent; false when the report failed. */
		virtual bool Report(EActionStatus Status) = 0;

	protected:
		~IBTTaskHost() = default;
	};

	/** The task's per-tree-instance memory (node memory; NameT is FName in the plugin). */
	template <typename NameT>
	struct TBTTaskMemory
	{
		NameT Action;
		int32_t Serial;
		float Elapsed;
		bool bRunning;
	};

	template <typename NameT>
	EBTOutcome TickRunAction(IBTTaskHost<NameT>& Host, TBTTaskMemory<NameT>& Memory, float DeltaSeconds);

	/** ExecuteTask: starts the current action and ticks it once (0 s), so an instant action finishes at once. */
	template <typename NameT>
	EBTOutcome ExecuteRunAction(IBTTaskHost<NameT>& Host, TBTTaskMemory<NameT>& Memory)
	{
		Memory.bRunning = false;
		Memory.Elapsed = 0.0f;
		if (!Host.GetCurrentAction(Memory.Action, Memory.Serial))
		{
			return EBTOutcome::Failed;
		}
		if (!Host.StartAction(Memory.Action))
		{
			(void)Host.Report(EActionStatus::Failed);
			return EBTOutcome::Failed;
		}
		Memory.bRunning = true;
		return TickRunAction(Host, Memory, 0.0f);
	}

	/** TickTask: ticks the action; Succeeded or Failed once it finishes (reported), Failed when the agent moved on. */
	template <typename NameT>
	EBTOutcome TickRunAction(IBTTaskHost<NameT>& Host, TBTTaskMemory<NameT>& Memory, float DeltaSeconds)
	{
		if (!Memory.bRunning)
		{
			return EBTOutcome::Failed;
		}
		NameT Action{};
		int32_t Serial = 0;
		if (!Host.GetCurrentAction(Action, Serial) || Serial != Memory.Serial || !(Action == Memory.Action))
		{
			// The agent dropped the action: stop it; a report now would apply to the next one.
			Memory.bRunning = false;
			Host.AbortAction(Memory.Action, Memory.Elapsed);
			return EBTOutcome::Failed;
		}
		Memory.Elapsed += DeltaSeconds;
		const EActionStatus Status = Host.TickAction(Memory.Action, DeltaSeconds, Memory.Elapsed);
		if (Status == EActionStatus::Running)
		{
			(void)Host.Report(EActionStatus::Running);
			return EBTOutcome::InProgress;
		}
		Memory.bRunning = false;
		const bool bReported = Host.Report(Status);
		return Status == EActionStatus::Succeeded && bReported ? EBTOutcome::Succeeded : EBTOutcome::Failed;
	}

	/** AbortTask: the tree gave up; the action object stops, the agent hears nothing. */
	template <typename NameT>
	EBTOutcome AbortRunAction(IBTTaskHost<NameT>& Host, TBTTaskMemory<NameT>& Memory)
	{
		if (Memory.bRunning)
		{
			Memory.bRunning = false;
			Host.AbortAction(Memory.Action, Memory.Elapsed);
		}
		return EBTOutcome::Aborted;
	}
}
