#pragma once

// Engine-independent logic of the Blackboard mirroring (no UObject, no Unreal header): a list
// of (Blackboard key -> fact or variable) entries, applied before each step, that writes to
// the agent only the values that changed on the Blackboard since they were last written, so
// that an unchanged Blackboard costs no write (and no replan), and an action's effects on the
// agent's beliefs are not overwritten every frame by a key nobody touched. The first
// application (and the one after Reset) writes every key that can be read.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace GoapLogic
{
	/** What a mirrored key writes: a fact (a bool key) or an integer variable (an int key). */
	enum class EMirrorTarget : uint8_t { Fact, Var };

	class FBlackboardMirror
	{
	public:
		/** Sets the number of entries (the adapter keeps their keys and names) and forgets every value written. */
		void Reset(std::size_t EntryCount)
		{
			Last.assign(EntryCount, FLast());
		}

		std::size_t Num() const { return Last.size(); }

		/**
		 * Reads each entry and writes the changed ones. Read(Index, Target, OutValue) reads
		 * entry Index from the Blackboard (false: it cannot be read now: no Blackboard, no
		 * such key); Write(Index, Target, Value) writes it to the agent (false: the write
		 * failed, and is retried next time). Target says how to read and write (Fact: 0 or 1).
		 * Returns the number of writes made.
		 */
		template <typename ReadFn, typename WriteFn>
		int Apply(const std::vector<EMirrorTarget>& Targets, ReadFn&& Read, WriteFn&& Write)
		{
			if (Last.size() != Targets.size())
			{
				Reset(Targets.size());
			}
			int Writes = 0;
			for (std::size_t Index = 0; Index < Targets.size(); ++Index)
			{
				int32_t Value = 0;
				if (!Read(Index, Targets[Index], Value))
				{
					continue;
				}
				if (Targets[Index] == EMirrorTarget::Fact)
				{
					Value = Value != 0 ? 1 : 0;
				}
				FLast& Seen = Last[Index];
				if (Seen.bWritten && Seen.Value == Value)
				{
					continue;
				}
				if (Write(Index, Targets[Index], Value))
				{
					Seen.bWritten = true;
					Seen.Value = Value;
					++Writes;
				}
			}
			return Writes;
		}

	private:
		struct FLast
		{
			bool bWritten = false;
			int32_t Value = 0;
		};
		std::vector<FLast> Last;
	};
}
