using UnrealBuildTool;

public class GoapSampleTarget : TargetRules
{
	public GoapSampleTarget(TargetInfo Target) : base(Target)
	{
		Type = TargetType.Game;
		DefaultBuildSettings = BuildSettingsVersion.Latest;
		IncludeOrderVersion = EngineIncludeOrderVersion.Latest;
		ExtraModuleNames.Add("GoapSample");
	}
}
