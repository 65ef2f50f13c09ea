#pragma once

#include "CoreMinimal.h"
#include "Modules/ModuleManager.h"

class FGoapModule : public IModuleInterface
{
public:
	/**
	 * Checks that the linked goap library matches the goap.h the plugin was compiled with. On
	 * a mismatch it logs an error and the runtime refuses to start: world subsystems create
	 * no world (UGoapWorldSubsystem::GetStatus is LibraryMismatch) and components no agent.
	 * Also registers the Gameplay Debugger category where the engine has the debugger.
	 */
	virtual void StartupModule() override;
	virtual void ShutdownModule() override;

	/** True when the library's version matches goap.h (checked at startup). Any thread. */
	static bool IsLibraryCompatible();
	/** Why the library is not compatible (empty when it is). */
	static FString GetLibraryMessage();
};
