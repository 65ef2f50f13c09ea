// Runs the plugin's and sample's Build.cs / Target.cs rules against the UnrealBuildTool stub
// (UnrealBuildTool.cs) for each platform, with a fake staged lib/ folder, and checks what they
// ask UBT to do: libraries, system libraries, include paths, definitions, dependencies, and a
// BuildException with the staging command when the library is missing.
//   mono BuildRulesCheck.exe LINUX_NATIVE_LIBS   (rustc's list for Linux, e.g. "-lgcc_s -lutil ... -lc")
// Prints "unreal-rules: N passed, N failed"; exits 1 on any failure.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using UnrealBuildTool;

static class BuildRulesCheck
{
	static int Passed;
	static int Failed;

	static void Check(bool Condition, string What)
	{
		if (Condition) { Passed++; Console.WriteLine("ok   " + What); }
		else { Failed++; Console.WriteLine("FAIL " + What); }
	}

	// A packaged game (Shipping, Monolithic by UBT's default for Game targets) or the editor
	// (Development, Modular).
	static ReadOnlyTargetRules TargetFor(UnrealTargetPlatform Platform, bool bEditor = false)
	{
		var Rules = new TargetRules(new TargetInfo(bEditor ? "GoapSampleEditor" : "GoapSample", Platform,
			bEditor ? UnrealTargetConfiguration.Development : UnrealTargetConfiguration.Shipping));
		Rules.Type = bEditor ? TargetType.Editor : TargetType.Game;
		return new ReadOnlyTargetRules(Rules);
	}

	static T Make<T>(string Directory, Func<T> Construct)
	{
		ModuleRules.DirectoryForNextModule = Directory;
		return Construct();
	}

	static bool SameSet(IEnumerable<string> A, IEnumerable<string> B)
	{
		return new HashSet<string>(A).SetEquals(B);
	}

	static int Main(string[] Args)
	{
		if (Args.Length != 1)
		{
			Console.Error.WriteLine("usage: BuildRulesCheck.exe LINUX_NATIVE_LIBS");
			return 2;
		}
		// rustc's -l list for Linux, minus libc (always linked).
		string[] LinuxLibs = Args[0].Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries)
			.Select(L => L.StartsWith("-l") ? L.Substring(2) : L).Where(L => L != "c").ToArray();
		Check(LinuxLibs.Length > 0, "rustc's native-static-libs list for Linux was given");

		string Fake = Path.Combine(Path.GetTempPath(), "goap-unreal-rules-" + Guid.NewGuid().ToString("N"));
		var Libraries = new Dictionary<string, string>
		{
			{ "Win64", Path.Combine(Fake, "lib", "Win64", "goap.lib") },
			{ "Linux", Path.Combine(Fake, "lib", "Linux", "x86_64-unknown-linux-gnu", "libgoap.a") },
			{ "LinuxArm64", Path.Combine(Fake, "lib", "LinuxArm64", "aarch64-unknown-linux-gnu", "libgoap.a") },
			{ "Mac", Path.Combine(Fake, "lib", "Mac", "libgoap.a") },
		};
		// Modular builds: the shared library, and what is linked (Windows: the import library).
		var Shared = new Dictionary<string, string>
		{
			{ "Win64", Path.Combine(Fake, "lib", "Win64", "goap.dll") },
			{ "Linux", Path.Combine(Fake, "lib", "Linux", "x86_64-unknown-linux-gnu", "libgoap.so") },
			{ "LinuxArm64", Path.Combine(Fake, "lib", "LinuxArm64", "aarch64-unknown-linux-gnu", "libgoap.so") },
			{ "Mac", Path.Combine(Fake, "lib", "Mac", "libgoap.dylib") },
		};
		var SharedLinked = new Dictionary<string, string>
		{
			{ "Win64", Path.Combine(Fake, "lib", "Win64", "goap.dll.lib") },
			{ "Linux", Shared["Linux"] },
			{ "LinuxArm64", Shared["LinuxArm64"] },
			{ "Mac", Shared["Mac"] },
		};
		var DelayLoaded = new Dictionary<string, string[]>
		{
			{ "Win64", new[] { "goap.dll" } },
			{ "Linux", new string[0] },
			{ "LinuxArm64", new string[0] },
			{ "Mac", new[] { Shared["Mac"] } },
		};
		var SystemLibraries = new Dictionary<string, string[]>
		{
			{ "Win64", new[] { "kernel32.lib", "ntdll.lib", "userenv.lib", "ws2_32.lib", "dbghelp.lib" } },
			{ "Linux", LinuxLibs },
			{ "LinuxArm64", LinuxLibs },
			{ "Mac", new[] { "iconv" } },
		};
		var Triples = new Dictionary<string, string>
		{
			{ "Win64", "--target x86_64-pc-windows-msvc" },
			{ "Linux", "--target x86_64-unknown-linux-gnu" },
			{ "LinuxArm64", "--target aarch64-unknown-linux-gnu" },
			{ "Mac", "--target aarch64-apple-darwin --target x86_64-apple-darwin" },
		};
		var Platforms = new[] { UnrealTargetPlatform.Win64, UnrealTargetPlatform.Linux, UnrealTargetPlatform.LinuxArm64, UnrealTargetPlatform.Mac };
		try
		{
			foreach (UnrealTargetPlatform Platform in Platforms)
			{
				string Name = Platform.ToString();
				string Library = Libraries[Name];
				if (Directory.Exists(Fake)) Directory.Delete(Fake, true);
				Directory.CreateDirectory(Path.GetDirectoryName(Library));

				try
				{
					Make(Fake, () => new GoapLibrary(TargetFor(Platform)));
					Check(false, Name + ": a missing library is a BuildException");
				}
				catch (BuildException Error)
				{
					Check(Error.Message.Contains(Library) && Error.Message.Contains("scripts/unreal-stage-library.sh " + Triples[Name]),
						Name + ": a missing library is a BuildException naming it and the staging command (" + Error.Message + ")");
				}

				File.WriteAllText(Library, "fake");
				GoapLibrary Rules = Make(Fake, () => new GoapLibrary(TargetFor(Platform)));
				Check(Rules.Type == ModuleRules.ModuleType.External, Name + ": GoapLibrary is an External module");
				Check(Rules.PublicAdditionalLibraries.SequenceEqual(new[] { Library }), Name + ": links " + Library);
				Check(SameSet(Rules.PublicSystemLibraries, SystemLibraries[Name]),
					Name + ": system libraries [" + string.Join(" ", Rules.PublicSystemLibraries) + "] are [" + string.Join(" ", SystemLibraries[Name]) + "]");
				Check(Rules.PublicSystemIncludePaths.SequenceEqual(new[] { Path.Combine(Fake, "include") }) && Rules.PublicIncludePaths.Count == 0,
					Name + ": include/ is the one (system) include path");
				Check(Rules.PublicDefinitions.SequenceEqual(new[] { "GOAP_NO_EXCEPTIONS=1", "GOAP_SHARED_LIBRARY=0" }), Name + ": defines GOAP_NO_EXCEPTIONS=1 and GOAP_SHARED_LIBRARY=0 for its dependents");
				Check(Rules.RuntimeDependencies.Paths.Count == 0 && Rules.PublicDelayLoadDLLs.Count == 0,
					Name + " (monolithic): the static library only, no runtime dependency or delay-loaded DLL");

				// The editor (modular): the shared library, staged as a runtime dependency.
				string Name2 = Name + " (editor, modular)";
				try
				{
					Make(Fake, () => new GoapLibrary(TargetFor(Platform, true)));
					Check(false, Name2 + ": a missing shared library is a BuildException");
				}
				catch (BuildException Error)
				{
					Check(Error.Message.Contains(Shared[Name]) && Error.Message.Contains("scripts/unreal-stage-library.sh " + Triples[Name]),
						Name2 + ": a missing shared library is a BuildException naming it and the staging command (" + Error.Message + ")");
				}
				File.WriteAllText(Shared[Name], "fake");
				File.WriteAllText(SharedLinked[Name], "fake");
				GoapLibrary EditorRules = Make(Fake, () => new GoapLibrary(TargetFor(Platform, true)));
				Check(EditorRules.PublicAdditionalLibraries.SequenceEqual(new[] { SharedLinked[Name] }), Name2 + ": links " + SharedLinked[Name] + " [" + string.Join(" ", EditorRules.PublicAdditionalLibraries) + "]");
				Check(EditorRules.RuntimeDependencies.Paths.SequenceEqual(new[] { Shared[Name] }), Name2 + ": stages " + Shared[Name] + " as a runtime dependency");
				Check(EditorRules.PublicDelayLoadDLLs.SequenceEqual(DelayLoaded[Name]), Name2 + ": delay-loads [" + string.Join(" ", DelayLoaded[Name]) + "]");
				Check(EditorRules.PublicSystemLibraries.Count == 0, Name2 + ": no static library's system libraries");
				Check(EditorRules.PublicDefinitions.Contains("GOAP_SHARED_LIBRARY=1"), Name2 + ": defines GOAP_SHARED_LIBRARY=1");
			}

			try
			{
				Make(Fake, () => new GoapLibrary(TargetFor(UnrealTargetPlatform.IOS)));
				Check(false, "IOS: an unsupported platform is a BuildException");
			}
			catch (BuildException Error)
			{
				Check(Error.Message.Contains("IOS"), "IOS: an unsupported platform is a BuildException naming it");
			}

			foreach (bool bEditor in new[] { false, true })
			{
				string What = bEditor ? "Goap (editor, Development)" : "Goap (game, Shipping)";
				Goap Runtime = Make(Fake, () => new Goap(TargetFor(UnrealTargetPlatform.Win64, bEditor)));
				Check(Runtime.Type == ModuleRules.ModuleType.CPlusPlus && Runtime.PCHUsage == ModuleRules.PCHUsageMode.UseExplicitOrSharedPCHs,
					What + ": a C++ module with explicit or shared PCHs");
				Check(!Runtime.bEnableExceptions && !Runtime.bUseRTTI, What + ": no exceptions, no RTTI");
				Check(SameSet(Runtime.PublicDependencyModuleNames, new[] { "Core", "CoreUObject", "Engine", "AIModule", "GameplayTasks", "DeveloperSettings" }),
					What + ": public dependencies [" + string.Join(" ", Runtime.PublicDependencyModuleNames) + "] (no GoapLibrary)");
				string[] Private = bEditor ? new[] { "GoapLibrary", "Projects", "GameplayDebugger" } : new[] { "GoapLibrary", "Projects" };
				Check(SameSet(Runtime.PrivateDependencyModuleNames, Private),
					What + ": private dependencies [" + string.Join(" ", Runtime.PrivateDependencyModuleNames) + "] are [" + string.Join(" ", Private) + "]");
				Check(Runtime.PublicDefinitions.Contains(bEditor ? "WITH_GAMEPLAY_DEBUGGER=1" : "WITH_GAMEPLAY_DEBUGGER=0"),
					What + ": WITH_GAMEPLAY_DEBUGGER=" + (bEditor ? "1" : "0"));
			}

			GoapSample Sample = Make(Fake, () => new GoapSample(TargetFor(UnrealTargetPlatform.Linux)));
			Check(Sample.PublicDependencyModuleNames.Contains("Goap") && Sample.PublicDependencyModuleNames.Contains("Engine"),
				"GoapSample: depends on Goap and Engine");

			var Game = new GoapSampleTarget(new TargetInfo("GoapSample", UnrealTargetPlatform.Win64, UnrealTargetConfiguration.Shipping));
			Check(Game.Type == TargetType.Game && Game.ExtraModuleNames.SequenceEqual(new[] { "GoapSample" }), "GoapSampleTarget: a Game target of module GoapSample");
			var Editor = new GoapSampleEditorTarget(new TargetInfo("GoapSampleEditor", UnrealTargetPlatform.Linux, UnrealTargetConfiguration.Development));
			Check(Editor.Type == TargetType.Editor && Editor.ExtraModuleNames.SequenceEqual(new[] { "GoapSample" }), "GoapSampleEditorTarget: an Editor target of module GoapSample");
			Check(Game.DefaultBuildSettings == BuildSettingsVersion.Latest && Editor.IncludeOrderVersion == EngineIncludeOrderVersion.Latest,
				"targets: latest build settings and include order (no engine version pinned)");
		}
		finally
		{
			if (Directory.Exists(Fake)) Directory.Delete(Fake, true);
		}

		Console.WriteLine("unreal-rules: " + Passed + " passed, " + Failed + " failed");
		return Failed == 0 ? 0 : 1;
	}
}
