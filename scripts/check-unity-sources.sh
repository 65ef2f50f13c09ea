#!/usr/bin/env bash
# Compiles the Unity-facing C# against stand-ins of Unity's API (tests/unity-stubs), as the
# Unity editor would, where no editor is installed: the package's Runtime assembly (Goap: the
# wrapper and Runtime/Components, one assembly as Unity compiles Runtime/) with
# UNITY_5_3_OR_NEWER defined (so the wrapper's own AOT.MonoPInvokeCallbackAttribute is
# compiled out and UnityEngine's is used), the Village sample against it and UnityEngine only,
# and the Editor assembly (importer, inspector, name drawer, graph and debugger windows)
# against it, UnityEngine and UnityEditor only (never the sample). C# 7.2, warnings as errors.
# Nothing here runs: the stubs throw.
#
# Usage: scripts/check-unity-sources.sh OUTDIR   (from any directory; OUTDIR is created)
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd)
cd "$(dirname "$0")/.."

flags=(-nologo -langversion:7.2 -target:library -warnaserror+ -nowarn:1591)

mcs "${flags[@]}" -out:"$out/UnityEngine.dll" tests/unity-stubs/UnityEngine.cs
mcs "${flags[@]}" -r:"$out/UnityEngine.dll" -out:"$out/UnityEditor.dll" tests/unity-stubs/UnityEditor.cs

# The wrapper takes AOT.MonoPInvokeCallbackAttribute from UnityEngine, as IL2CPP expects:
# were its own copy not compiled out, the clash would be CS0436 (an error here); were the
# stub's missing, CS0246.
# The package's runtime components are in the same assembly ("Goap", Runtime/Goap.asmdef); with
# and without ENABLE_PROFILER (the ProfilerMarker calls are compiled out of a player build
# without the profiler).
mcs "${flags[@]}" -unsafe -define:UNITY_5_3_OR_NEWER -r:"$out/UnityEngine.dll" \
  -out:"$out/Goap.Unity.dll" bindings/csharp/NativeMethods.g.cs bindings/csharp/src/*.cs \
  unity-sample/Runtime/Components/*.cs
mcs "${flags[@]}" -unsafe -define:UNITY_5_3_OR_NEWER -define:ENABLE_PROFILER -define:UNITY_WEBGL \
  -r:"$out/UnityEngine.dll" -out:"$out/Goap.Unity.Profiler.dll" bindings/csharp/NativeMethods.g.cs \
  bindings/csharp/src/*.cs unity-sample/Runtime/Components/*.cs

# The sample picks the built-in font by Unity version: compile both sides of that #if.
mcs "${flags[@]}" -define:UNITY_5_3_OR_NEWER -r:"$out/Goap.Unity.dll" -r:"$out/UnityEngine.dll" \
  -out:"$out/Goap.Sample.dll" unity-sample/Samples~/Village/*.cs
mcs "${flags[@]}" -define:UNITY_5_3_OR_NEWER -define:UNITY_2022_2_OR_NEWER -r:"$out/Goap.Unity.dll" \
  -r:"$out/UnityEngine.dll" -out:"$out/Goap.Sample.2022.dll" unity-sample/Samples~/Village/*.cs

mcs "${flags[@]}" -define:UNITY_5_3_OR_NEWER -define:UNITY_EDITOR -r:"$out/Goap.Unity.dll" \
  -r:"$out/UnityEngine.dll" -r:"$out/UnityEditor.dll" \
  -out:"$out/Goap.Editor.dll" unity-sample/Editor/*.cs

echo "unity sources compile against the stubs"
