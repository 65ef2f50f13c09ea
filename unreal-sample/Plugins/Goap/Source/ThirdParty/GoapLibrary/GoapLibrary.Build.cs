// The goap native library (Rust) and its C/C++ headers. scripts/unreal-stage-library.sh fills
// include/ and lib/ (both gitignored); nothing here is compiled by Unreal.
//
// Monolithic targets (packaged games: Target.LinkType == TargetLinkType.Monolithic) link the
// static library into the executable. Modular targets (the editor, modular game builds) use
// the shared library instead, so that the plugin's module DLL does not carry a second copy
// of the Rust runtime: linked through its import library (Windows) or directly (Linux,
// Mac), delay-loaded where the platform supports it, and staged next to the build as a
// runtime dependency. The Goap module loads it from the plugin folder at startup
// (GoapLibraryLoader) before the first goap_* call.

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

		bool bMonolithic = Target.LinkType == TargetLinkType.Monolithic;
		PublicDefinitions.Add("GOAP_SHARED_LIBRARY=" + (bMonolithic ? "0" : "1"));

		string LibDir = Path.Combine(ModuleDirectory, "lib");
		if (Target.Platform == UnrealTargetPlatform.Win64)
		{
			string Dir = Path.Combine(LibDir, "Win64");
			if (bMonolithic)
			{
				AddStaticLibrary(Path.Combine(Dir, "goap.lib"), "x86_64-pc-windows-msvc");
				// What rustc prints for x86_64-pc-windows-msvc (--print native-static-libs) beside
				// /defaultlib:msvcrt, the dynamic CRT Unreal links too (/MD).
				PublicSystemLibraries.AddRange(new string[] { "kernel32.lib", "ntdll.lib", "userenv.lib", "ws2_32.lib", "dbghelp.lib" });
			}
			else
			{
				// goap.dll.lib is the import library rustc writes beside goap.dll.
				AddSharedLibrary(Path.Combine(Dir, "goap.dll"), Path.Combine(Dir, "goap.dll.lib"), "x86_64-pc-windows-msvc");
				PublicDelayLoadDLLs.Add("goap.dll");
			}
		}
		else if (Target.Platform == UnrealTargetPlatform.Linux || Target.Platform == UnrealTargetPlatform.LinuxArm64)
		{
			bool bArm = Target.Platform == UnrealTargetPlatform.LinuxArm64;
			string Triple = bArm ? "aarch64-unknown-linux-gnu" : "x86_64-unknown-linux-gnu";
			string Dir = Path.Combine(LibDir, bArm ? "LinuxArm64" : "Linux", Triple);
			if (bMonolithic)
			{
				AddStaticLibrary(Path.Combine(Dir, "libgoap.a"), Triple);
				AddLinuxSystemLibraries();
			}
			else
			{
				// Linked directly (SONAME libgoap.so, set by the staging script); UBT adds the
				// runtime dependency's folder to the module's rpath.
				string SharedLibrary = Path.Combine(Dir, "libgoap.so");
				AddSharedLibrary(SharedLibrary, SharedLibrary, Triple);
			}
		}
		else if (Target.Platform == UnrealTargetPlatform.Mac)
		{
			string Dir = Path.Combine(LibDir, "Mac");
			if (bMonolithic)
			{
				AddStaticLibrary(Path.Combine(Dir, "libgoap.a"), "aarch64-apple-darwin --target x86_64-apple-darwin");
				// rustc prints -liconv -lSystem -lc -lm for apple-darwin; the toolchain links
				// libSystem (which holds libc and libm) anyway.
				PublicSystemLibraries.Add("iconv");
			}
			else
			{
				// install name @rpath/libgoap.dylib (rustc's default for a cdylib).
				string SharedLibrary = Path.Combine(Dir, "libgoap.dylib");
				AddSharedLibrary(SharedLibrary, SharedLibrary, "aarch64-apple-darwin --target x86_64-apple-darwin");
				PublicDelayLoadDLLs.Add(SharedLibrary);
			}
		}
		else
		{
			throw new BuildException("GoapLibrary: the goap library is not built for {0} (supported: Win64, Linux, LinuxArm64, Mac). Add the platform to GoapLibrary.Build.cs and scripts/unreal-stage-library.sh, or disable the Goap plugin for it.", Target.Platform);
		}
	}

	// A missing library would otherwise surface as hundreds of unresolved goap_* symbols at link time.
	private static void RequireFile(string LibraryPath, string Triples)
	{
		if (!File.Exists(LibraryPath))
		{
			throw new BuildException("GoapLibrary: {0} is missing. Build and stage it from the goap repository: scripts/unreal-stage-library.sh --target {1}", LibraryPath, Triples);
		}
	}

	private void AddStaticLibrary(string LibraryPath, string Triples)
	{
		RequireFile(LibraryPath, Triples);
		PublicAdditionalLibraries.Add(LibraryPath);
	}

	// The shared library is linked through LinkWith (its import library on Windows, itself
	// elsewhere) and staged with the build (RuntimeDependencies: copied into packaged and
	// installed builds at the same path relative to the plugin).
	private void AddSharedLibrary(string SharedLibrary, string LinkWith, string Triples)
	{
		RequireFile(SharedLibrary, Triples);
		RequireFile(LinkWith, Triples);
		PublicAdditionalLibraries.Add(LinkWith);
		RuntimeDependencies.Add(SharedLibrary);
	}

	// What rustc prints for *-unknown-linux-gnu (--print native-static-libs), without -lc.
	private void AddLinuxSystemLibraries()
	{
		PublicSystemLibraries.AddRange(new string[] { "gcc_s", "util", "rt", "pthread", "m", "dl" });
	}
}
