#pragma once

// EGoapActionStatus (UGoapAction::Tick) as the engine-independent GoapLogic::EActionStatus,
// shared by GoapAgentComponent.cpp and BTTask_GoapRunAction.cpp. One inline definition here,
// not one per .cpp in an anonymous namespace: Unreal's unity builds compile a module's .cpp
// files as one translation unit, where two such definitions are a redefinition error.

#include "CoreMinimal.h"
#include "GoapAction.h"
#include "GoapActionRunner.h"

namespace GoapActionStatus
{
	inline GoapLogic::EActionStatus ToLogic(EGoapActionStatus Status)
	{
		switch (Status)
		{
		case EGoapActionStatus::Running: return GoapLogic::EActionStatus::Running;
		case EGoapActionStatus::Succeeded: return GoapLogic::EActionStatus::Succeeded;
		case EGoapActionStatus::Failed: return GoapLogic::EActionStatus::Failed;
		}
		return GoapLogic::EActionStatus::Failed;
	}
}
