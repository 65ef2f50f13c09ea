#include "GoapModule.h"

#include "GoapLog.h"
#include "GoapNative.h"
#include "GoapVersion.h"
#include "Misc/Paths.h"

#if defined(GOAP_SHARED_LIBRARY) && GOAP_SHARED_LIBRARY && (PLATFORM_WINDOWS || PLATFORM_MAC)
// Modular builds delay-load the shared library (GoapLibrary.Build.cs): load it from the
// plugin folder before the first goap_* call, which would otherwise fail inside the
// delay-load helper (a crash) when the OS does not find it.
#define GOAP_LOAD_SHARED_LIBRARY 1
#include "HAL/PlatformProcess.h"
#include "Interfaces/IPluginManager.h"
#else
#define GOAP_LOAD_SHARED_LIBRARY 0
#endif

#if WITH_GAMEPLAY_DEBUGGER
#include "GameplayDebugger.h"
#include "GoapGameplayDebuggerCategory.h"
#endif

DEFINE_LOG_CATEGORY(LogGoap);

namespace
{
	bool bLibraryCompatible = false;
	FString LibraryMessage = TEXT("the Goap module has not started");

#if WITH_GAMEPLAY_DEBUGGER
	const FName DebuggerCategory(TEXT("GOAP"));
#endif

#if GOAP_LOAD_SHARED_LIBRARY
	void* LibraryHandle = nullptr;

	/** Loads the staged shared library (RuntimeDependencies keep it at this path in builds); false with OutMessage. */
	bool LoadSharedLibrary(FString& OutMessage)
	{
		const TSharedPtr<IPlugin> Plugin = IPluginManager::Get().FindPlugin(TEXT("Goap"));
		if (!Plugin.IsValid())
		{
			OutMessage = TEXT("the Goap plugin is not found by the plugin manager, so its goap library cannot be loaded");
			return false;
		}
#if PLATFORM_WINDOWS
		const TCHAR* Relative = TEXT("Source/ThirdParty/GoapLibrary/lib/Win64/goap.dll");
#else
		const TCHAR* Relative = TEXT("Source/ThirdParty/GoapLibrary/lib/Mac/libgoap.dylib");
#endif
		const FString Path = FPaths::Combine(Plugin->GetBaseDir(), Relative);
		LibraryHandle = FPlatformProcess::GetDllHandle(*Path);
		if (!LibraryHandle)
		{
			OutMessage = FString::Printf(TEXT("cannot load %s: stage it with scripts/unreal-stage-library.sh. No GOAP world or agent will be created."), *Path);
			return false;
		}
		return true;
	}
#endif
}

void FGoapModule::StartupModule()
{
	// A stale staged library (or a shared one swapped behind the headers' back) fails here,
	// once, and the runtime refuses to start, instead of every World::create failing later.
#if GOAP_LOAD_SHARED_LIBRARY
	if (!LoadSharedLibrary(LibraryMessage))
	{
		bLibraryCompatible = false;
		UE_LOG(LogGoap, Error, TEXT("%s"), *LibraryMessage);
		return;
	}
#endif
	const uint32 Version = goap_version();
	bLibraryCompatible = GoapVersion::IsCompatible(Version, GOAP_VERSION_MAJOR, GOAP_VERSION_MINOR);
	if (!bLibraryCompatible)
	{
		LibraryMessage = FString::Printf(TEXT("the linked goap library is version %s but goap.h is %d.%d: stage matching files with scripts/unreal-stage-library.sh. No GOAP world or agent will be created."),
			UTF8_TO_TCHAR(goap_version_string()), GOAP_VERSION_MAJOR, GOAP_VERSION_MINOR);
		UE_LOG(LogGoap, Error, TEXT("%s"), *LibraryMessage);
	}
	else
	{
		LibraryMessage.Empty();
		UE_LOG(LogGoap, Log, TEXT("goap %s"), UTF8_TO_TCHAR(goap_version_string()));
	}

#if WITH_GAMEPLAY_DEBUGGER
	IGameplayDebugger& Debugger = IGameplayDebugger::Get();
	Debugger.RegisterCategory(DebuggerCategory, IGameplayDebugger::FOnGetCategory::CreateStatic(&FGoapGameplayDebuggerCategory::MakeInstance),
		EGameplayDebuggerCategoryState::EnabledInGameAndSimulate);
	Debugger.NotifyCategoriesChanged();
#endif
}

void FGoapModule::ShutdownModule()
{
	// The shared library stays loaded until the process ends: worlds of other modules'
	// objects may still be torn down after this module (unloading it under them would crash).
#if WITH_GAMEPLAY_DEBUGGER
	if (IGameplayDebugger::IsAvailable())
	{
		IGameplayDebugger& Debugger = IGameplayDebugger::Get();
		Debugger.UnregisterCategory(DebuggerCategory);
		Debugger.NotifyCategoriesChanged();
	}
#endif
}

bool FGoapModule::IsLibraryCompatible()
{
	return bLibraryCompatible;
}

FString FGoapModule::GetLibraryMessage()
{
	return LibraryMessage;
}

IMPLEMENT_MODULE(FGoapModule, Goap)
