#pragma once

#include "CoreMinimal.h"
#include "Modules/ModuleManager.h"

class FGoapModule : public IModuleInterface
{
public:
	/** Checks that the linked goap library matches the goap.h it was compiled against. */
	virtual void StartupModule() override;
};
