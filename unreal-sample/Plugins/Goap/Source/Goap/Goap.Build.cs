// The runtime module: world subsystem, agent component, domain asset, Behaviour Tree task,
// project settings and (where the engine has it) a Gameplay Debugger category.

using UnrealBuildTool;

public class Goap : ModuleRules
{
	public Goap(ReadOnlyTargetRules Target) : base(Target)
	{
		PCHUsage = PCHUsageMode.UseExplicitOrSharedPCHs;
		// goap.hpp is used in its GOAP_NO_EXCEPTIONS mode (GoapLibrary defines it): errors are values.
		bEnableExceptions = false;

		// What the public headers need: UGoapSettings is a UDeveloperSettings; the Behaviour
		// Tree task is an AIModule node.
		PublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine", "AIModule", "GameplayTasks", "DeveloperSettings" });
		// The library stays private: no public header includes goap.hpp or names a goap::
		// type, so modules that use Goap neither see nor link it. Projects: IPluginManager,
		// to find the shared library of modular builds. No Json: names come from the library.
		PrivateDependencyModuleNames.AddRange(new string[] { "GoapLibrary", "Projects" });

		// GameplayDebugger as a private dependency and WITH_GAMEPLAY_DEBUGGER=1 only where
		// the target has the debugger (not in Shipping by default); =0 elsewhere.
		SetupGameplayDebuggerSupport(Target);
	}
}
