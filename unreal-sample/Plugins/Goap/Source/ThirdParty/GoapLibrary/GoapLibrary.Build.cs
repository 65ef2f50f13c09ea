// The goap native library (Rust, built as a static library) and its C/C++ headers.
// scripts/unreal-stage-library.sh fills include/ and lib/ (both gitignored); nothing here is
// compiled by Unreal.

using System.IO;
using UnrealBuildTool;

public class GoapLibrary : ModuleRules
{
	public GoapLibrary(ReadOnlyTargetRules Target) : base(Target)
	{
		Type = ModuleType.External;

		PublicSystemIncludePaths.Add(Path.Combine(ModuleDirectory, "include"));
		// Unreal compiles without exceptions: goap.hpp then returns goap::Result<T>.
		PublicDefinitions.Add("GOAP_NO_EXCEPTIONS=1");

		string LibDir = Path.Combine(ModuleDirectory, "lib");
		if (Target.Platform == UnrealTargetPlatform.Win64)
		{
			AddStaticLibrary(Path.Combine(LibDir, "Win64", "goap.lib"), "x86_64-pc-windows-msvc");
			// What rustc prints for x86_64-pc-windows-msvc (--print native-static-libs) beside
			// /defaultlib:msvcrt, the dynamic CRT Unreal links too (/MD).
			PublicSystemLibraries.AddRange(new string[] { "kernel32.lib", "ntdll.lib", "userenv.lib", "ws2_32.lib", "dbghelp.lib" });
		}
		else if (Target.Platform == UnrealTargetPlatform.Linux)
		{
			AddStaticLibrary(Path.Combine(LibDir, "Linux", "x86_64-unknown-linux-gnu", "libgoap.a"), "x86_64-unknown-linux-gnu");
			AddLinuxSystemLibraries();
		}
		else if (Target.Platform == UnrealTargetPlatform.LinuxArm64)
		{
			AddStaticLibrary(Path.Combine(LibDir, "LinuxArm64", "aarch64-unknown-linux-gnu", "libgoap.a"), "aarch64-unknown-linux-gnu");
			AddLinuxSystemLibraries();
		}
		else if (Target.Platform == UnrealTargetPlatform.Mac)
		{
			AddStaticLibrary(Path.Combine(LibDir, "Mac", "libgoap.a"), "aarch64-apple-darwin --target x86_64-apple-darwin");
			// rustc prints -liconv -lSystem -lc -lm for apple-darwin; the toolchain links
			// libSystem (which holds libc and libm) anyway.
			PublicSystemLibraries.Add("iconv");
		}
		else
		{
			throw new BuildException("GoapLibrary: the goap library is not built for {0} (supported: Win64, Linux, LinuxArm64, Mac). Add the platform to GoapLibrary.Build.cs and scripts/unreal-stage-library.sh, or disable the Goap plugin for it.", Target.Platform);
		}
	}

	// A missing library would otherwise surface as hundreds of unresolved goap_* symbols at link time.
	private void AddStaticLibrary(string LibraryPath, string Triples)
	{
		if (!File.Exists(LibraryPath))
		{
			throw new BuildException("GoapLibrary: {0} is missing. Build and stage it from the goap repository: scripts/unreal-stage-library.sh --target {1}", LibraryPath, Triples);
		}
		PublicAdditionalLibraries.Add(LibraryPath);
	}

	// What rustc prints for *-unknown-linux-gnu (--print native-static-libs), without -lc.
	private void AddLinuxSystemLibraries()
	{
		PublicSystemLibraries.AddRange(new string[] { "gcc_s", "util", "rt", "pthread", "m", "dl" });
	}
}
