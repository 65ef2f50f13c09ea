using UnrealBuildTool;

public class GoapSampleEditorTarget : TargetRules
{
	public GoapSampleEditorTarget(TargetInfo Target) : base(Target)
	{
		Type = TargetType.Editor;
		DefaultBuildSettings = BuildSettingsVersion.Latest;
		IncludeOrderVersion = EngineIncludeOrderVersion.Latest;
		ExtraModuleNames.Add("GoapSample");
	}
}
