// The runtime module: world subsystem, agent component, domain asset and Behaviour Tree task.

using UnrealBuildTool;

public class Goap : ModuleRules
{
	public Goap(ReadOnlyTargetRules Target) : base(Target)
	{
		PCHUsage = PCHUsageMode.UseExplicitOrSharedPCHs;
		// goap.hpp is used in its GOAP_NO_EXCEPTIONS mode (GoapLibrary defines it): errors are values.
		bEnableExceptions = false;

		PublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine", "AIModule", "GameplayTasks", "GoapLibrary" });
		// No Json module: the names of a domain are read back from the library, not the file.
	}
}
