// A minimal stand-in for the UnrealBuildTool types that the plugin's and sample's Build.cs and
// Target.cs files use, with UBT's names and shapes (ModuleRules.ModuleType and PCHUsageMode are
// nested in ModuleRules, as in UBT), so that those files compile here with mcs and run under
// BuildRulesCheck.cs. NOT UnrealBuildTool: nothing is built. Only what the files touch exists.
using System;
using System.Collections.Generic;

namespace UnrealBuildTool
{
	public struct UnrealTargetPlatform
	{
		private readonly string Name;
		private UnrealTargetPlatform(string InName) { Name = InName; }

		public static UnrealTargetPlatform Win64 = new UnrealTargetPlatform("Win64");
		public static UnrealTargetPlatform Mac = new UnrealTargetPlatform("Mac");
		public static UnrealTargetPlatform Linux = new UnrealTargetPlatform("Linux");
		public static UnrealTargetPlatform LinuxArm64 = new UnrealTargetPlatform("LinuxArm64");
		public static UnrealTargetPlatform IOS = new UnrealTargetPlatform("IOS");
		public static UnrealTargetPlatform Android = new UnrealTargetPlatform("Android");

		public static bool operator ==(UnrealTargetPlatform A, UnrealTargetPlatform B) { return A.Name == B.Name; }
		public static bool operator !=(UnrealTargetPlatform A, UnrealTargetPlatform B) { return A.Name != B.Name; }
		public override bool Equals(object Obj) { return Obj is UnrealTargetPlatform && ((UnrealTargetPlatform)Obj).Name == Name; }
		public override int GetHashCode() { return Name == null ? 0 : Name.GetHashCode(); }
		public override string ToString() { return Name; }
	}

	public enum UnrealTargetConfiguration { Unknown, Debug, DebugGame, Development, Shipping, Test }

	public enum TargetType { Game, Editor, Client, Server, Program }

	public enum TargetLinkType { Default, Monolithic, Modular }

	public enum BuildSettingsVersion { V1, V2, V3, V4, V5, Latest }

	public enum EngineIncludeOrderVersion { Unreal5_0, Unreal5_1, Unreal5_2, Unreal5_3, Unreal5_4, Latest, Oldest }

	public class BuildException : Exception
	{
		public BuildException(string Message) : base(Message) { }
		public BuildException(string Format, params object[] Arguments) : base(string.Format(Format, Arguments)) { }
	}

	public class TargetInfo
	{
		public readonly string Name;
		public readonly UnrealTargetPlatform Platform;
		public readonly UnrealTargetConfiguration Configuration;

		public TargetInfo(string InName, UnrealTargetPlatform InPlatform, UnrealTargetConfiguration InConfiguration)
		{
			Name = InName;
			Platform = InPlatform;
			Configuration = InConfiguration;
		}
	}

	public class TargetRules
	{
		public readonly UnrealTargetPlatform Platform;
		public readonly UnrealTargetConfiguration Configuration;
		public TargetType Type = TargetType.Game;
		public BuildSettingsVersion DefaultBuildSettings = BuildSettingsVersion.V1;
		public EngineIncludeOrderVersion IncludeOrderVersion = EngineIncludeOrderVersion.Oldest;
		public List<string> ExtraModuleNames = new List<string>();

		// UBT: Default resolves to Modular for Editor targets and Monolithic for the others.
		private TargetLinkType LinkTypePrivate = TargetLinkType.Default;
		public TargetLinkType LinkType
		{
			get { return LinkTypePrivate != TargetLinkType.Default ? LinkTypePrivate : (Type == TargetType.Editor ? TargetLinkType.Modular : TargetLinkType.Monolithic); }
			set { LinkTypePrivate = value; }
		}

		// UBT: the Gameplay Debugger is built except in Shipping and Test (unless overridden).
		private bool? UseGameplayDebuggerOverride;
		public bool bUseGameplayDebugger
		{
			get { return UseGameplayDebuggerOverride ?? (Configuration != UnrealTargetConfiguration.Shipping && Configuration != UnrealTargetConfiguration.Test); }
			set { UseGameplayDebuggerOverride = value; }
		}

		public TargetRules(TargetInfo Target)
		{
			Platform = Target.Platform;
			Configuration = Target.Configuration;
		}
	}

	public class ReadOnlyTargetRules
	{
		private readonly TargetRules Inner;
		public ReadOnlyTargetRules(TargetRules InInner) { Inner = InInner; }

		public UnrealTargetPlatform Platform { get { return Inner.Platform; } }
		public UnrealTargetConfiguration Configuration { get { return Inner.Configuration; } }
		public TargetType Type { get { return Inner.Type; } }
		public TargetLinkType LinkType { get { return Inner.LinkType; } }
		public bool bUseGameplayDebugger { get { return Inner.bUseGameplayDebugger; } }
	}

	// UBT's list of files staged with a target (ModuleRules.RuntimeDependencies).
	public class RuntimeDependencyList
	{
		public readonly List<string> Paths = new List<string>();
		public void Add(string InPath) { Paths.Add(InPath); }
		public void Add(string InPath, string InSourcePath) { Paths.Add(InPath); }
	}

	public class ModuleRules
	{
		public enum ModuleType { CPlusPlus, External }

		public enum PCHUsageMode { Default, NoPCHs, NoSharedPCHs, UseSharedPCHs, UseExplicitOrSharedPCHs }

		// UBT sets a module's directory from where its .Build.cs lies, before the constructor
		// runs; the check driver says where through this.
		[ThreadStatic] internal static string DirectoryForNextModule;

		public readonly ReadOnlyTargetRules Target;
		public ModuleType Type = ModuleType.CPlusPlus;
		public PCHUsageMode PCHUsage = PCHUsageMode.Default;
		public bool bEnableExceptions = false;
		public bool bUseRTTI = false;
		public List<string> PublicIncludePaths = new List<string>();
		public List<string> PublicSystemIncludePaths = new List<string>();
		public List<string> PublicAdditionalLibraries = new List<string>();
		public List<string> PublicSystemLibraries = new List<string>();
		public List<string> PublicFrameworks = new List<string>();
		public List<string> PublicDefinitions = new List<string>();
		public List<string> PublicDependencyModuleNames = new List<string>();
		public List<string> PrivateDependencyModuleNames = new List<string>();
		public List<string> PublicDelayLoadDLLs = new List<string>();
		public RuntimeDependencyList RuntimeDependencies = new RuntimeDependencyList();

		private readonly string Directory;
		public string ModuleDirectory { get { return Directory; } }

		public ModuleRules(ReadOnlyTargetRules Target)
		{
			this.Target = Target;
			Directory = DirectoryForNextModule;
		}

		// UBT 5.x's, reduced to bUseGameplayDebugger (the real one also handles
		// bUseGameplayDebuggerCore, defining WITH_GAMEPLAY_DEBUGGER_CORE and _MENU).
		public void SetupGameplayDebuggerSupport(ReadOnlyTargetRules Target, bool bAddAsPublicDependency = false)
		{
			if (Target.bUseGameplayDebugger)
			{
				PublicDefinitions.Add("WITH_GAMEPLAY_DEBUGGER=1");
				(bAddAsPublicDependency ? PublicDependencyModuleNames : PrivateDependencyModuleNames).Add("GameplayDebugger");
			}
			else
			{
				PublicDefinitions.Add("WITH_GAMEPLAY_DEBUGGER=0");
			}
		}
	}
}
