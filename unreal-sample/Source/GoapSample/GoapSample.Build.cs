using UnrealBuildTool;

public class GoapSample : ModuleRules
{
	public GoapSample(ReadOnlyTargetRules Target) : base(Target)
	{
		PCHUsage = PCHUsageMode.UseExplicitOrSharedPCHs;

		PublicDependencyModuleNames.AddRange(new string[] { "Core", "CoreUObject", "Engine", "Goap" });
	}
}
