#!/usr/bin/env bash
# The C# tests (part of ./scripts/test.sh): builds the native library, compiles the C#
# wrapper (bindings/csharp, C# 7.2 with Mono's mcs, warnings as errors), its NUnit 2.6 tests
# and the Unity package's runtime tests, runs them under Mono, and checks that the Unity
# sources compile against the API stubs (no Unity editor here). Installs mono-devel and
# nunit with apt when they are missing (as root on Debian). It also runs the Village sample
# under Mono against a working fake of UnityEngine (tests/unity-fake, a test double, not
# Unity), with the package's runtime components (unity-sample/Runtime/Components) and their
# tests: wrapper and components compiled into one Goap.dll against the fake, as Unity compiles
# them into one assembly, in a directory of its own (target/csharp/fake), apart from the
# stubs' UnityEngine.dll; and the Unity editor tools' plain-C# logic (tests/unity-editor-logic).
# The README's C# example is compiled and run; its output must equal the ```text block
# after it in README.md ("It prints ...:"). The last line it prints is "csharp: N passed,
# N failed", over the three test assemblies plus the README's example (one test); a test not
# run (ignored) counts as failed, and so does the README's example when it fails or its output differs.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

. scripts/need.sh
need mcs:mono-devel mono:mono-devel nunit-console:nunit
nunit_framework=$(ls /usr/lib/cli/nunit.framework-2.6*/nunit.framework.dll 2>/dev/null | head -n1)
if [ -z "$nunit_framework" ]; then
  echo "error: nunit.framework.dll (NUnit 2.6) not found under /usr/lib/cli" >&2
  exit 1
fi

out=$root/target/csharp
rm -rf "$out"
mkdir -p "$out"
echo "== cargo build --lib (the native library the tests load)"
cargo build --lib --quiet --features capi
cp target/debug/libgoap.so "$out/"
cp "$nunit_framework" "$out/"

mcs_flags=(-langversion:7.2 -unsafe -target:library -warnaserror+ -nowarn:1591 -debug)
echo "== mcs: Goap.dll (bindings/csharp)"
mcs "${mcs_flags[@]}" -doc:"$out/Goap.xml" -out:"$out/Goap.dll" \
  bindings/csharp/NativeMethods.g.cs bindings/csharp/src/*.cs
echo "== mcs: Goap.Tests.dll (bindings/csharp/tests, unity-sample/Tests/Runtime)"
mcs "${mcs_flags[@]}" -r:"$out/Goap.dll" -r:"$out/nunit.framework.dll" -out:"$out/Goap.Tests.dll" \
  bindings/csharp/tests/*.cs unity-sample/Tests/Runtime/*.cs

echo "== the README's C# example"
python3 - README.md "$out/ReadmeExample.cs" "$out/ReadmeExample.expected" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
# The first csharp block, then "It prints ...:" and a text block with its exact output.
m = re.search(r"```csharp\n(.*?)```\n\nIt prints[^\n]*\n\n```text\n(.*?)```", text, re.S)
if not m:
    sys.exit("README.md: no csharp block followed by 'It prints ...:' and a ```text block of its output")
with open(sys.argv[3], "w", encoding="utf-8") as f:
    f.write(m.group(2))
lines = m.group(1).splitlines()
usings = [l for l in lines if l.startswith("using ") and l.rstrip().endswith(";")]
body = [l for l in lines if l not in usings]
with open(sys.argv[2], "w", encoding="utf-8") as f:
    f.write("\n".join(usings) + "\nstatic class ReadmeExample\n{\n    static void Main()\n    {\n")
    f.write("\n".join("        " + l for l in body) + "\n    }\n}\n")
PY
mcs -langversion:7.2 -warnaserror+ -r:"$out/Goap.dll" -out:"$out/ReadmeExample.exe" "$out/ReadmeExample.cs"
# A wrong output is counted in the last line (and the exit status), after the NUnit tests.
# A UTF-8 locale whatever the caller's: under another, Mono prints the Chinese names as "?".
readme_failed=0
LC_ALL=C.UTF-8 MONO_PATH=$out LD_LIBRARY_PATH=$out mono "$out/ReadmeExample.exe" >"$out/ReadmeExample.out" ||
  readme_failed=1
cat "$out/ReadmeExample.out"
if [ "$readme_failed" -ne 0 ]; then
  echo "error: the README's C# example failed" >&2
elif ! diff -u --label "README.md (It prints)" --label "printed" "$out/ReadmeExample.expected" "$out/ReadmeExample.out" >&2; then
  echo "error: the README's C# example printed other than README.md shows after it" >&2
  readme_failed=1
fi

echo "== Unity sources against the API stubs"
scripts/check-unity-sources.sh "$out/unity"

# Mono resolves references from the test assembly's directory: the fake UnityEngine.dll, the
# sample and the fake's Goap.dll sit next to the fake's tests, and nowhere else. As in Unity,
# that Goap.dll is one assembly of the wrapper and the package's runtime components
# (unity-sample/Runtime/Components), here compiled against the fake UnityEngine (with
# ENABLE_PROFILER, so the ProfilerMarker calls are compiled in, as in the editor).
echo "== mcs: Goap.dll (wrapper + Runtime/Components) and the Village sample against the fake UnityEngine (tests/unity-fake)"
fake=$out/fake
mkdir -p "$fake"
cp "$out/nunit.framework.dll" "$fake/"
mcs "${mcs_flags[@]}" -out:"$fake/UnityEngine.dll" tests/unity-fake/UnityEngine.cs
mcs "${mcs_flags[@]}" -define:ENABLE_PROFILER -r:"$fake/UnityEngine.dll" -doc:"$fake/Goap.xml" -out:"$fake/Goap.dll" \
  bindings/csharp/NativeMethods.g.cs bindings/csharp/src/*.cs unity-sample/Runtime/Components/*.cs
mcs "${mcs_flags[@]}" -define:UNITY_5_3_OR_NEWER -r:"$fake/Goap.dll" -r:"$fake/UnityEngine.dll" \
  -out:"$fake/Goap.Sample.dll" unity-sample/Samples~/Village/*.cs
mcs "${mcs_flags[@]}" -r:"$fake/Goap.dll" -r:"$fake/UnityEngine.dll" -r:"$fake/Goap.Sample.dll" \
  -r:"$fake/nunit.framework.dll" -out:"$fake/Goap.UnityFake.Tests.dll" tests/unity-fake/*Tests.cs

# The Unity editor tools' plain-C# logic (the domain graph's model, layout and "plan from",
# and the editor's text helpers: unity-sample/Editor/GoapGraphLayout.cs, GoapEditorText.cs)
# needs only the non-Unity Goap.dll; the rest of unity-sample/Editor is compiled against the
# API stubs above.
echo "== mcs: Goap.EditorLogic.Tests.dll (the editor's plain-C# files and tests/unity-editor-logic)"
editor=$out/editor-logic
mkdir -p "$editor"
cp "$out/Goap.dll" "$out/nunit.framework.dll" "$editor/"
mcs "${mcs_flags[@]}" -r:"$editor/Goap.dll" -r:"$editor/nunit.framework.dll" -out:"$editor/Goap.EditorLogic.Tests.dll" \
  unity-sample/Editor/GoapGraphLayout.cs unity-sample/Editor/GoapEditorText.cs tests/unity-editor-logic/*.cs

# One run, one result file; each assembly in a test domain of its own (its own directory).
# A runner that hangs is stopped after 20 minutes (the run takes about 3): a hang fails the
# suite instead of the whole test command.
echo "== nunit-console Goap.Tests.dll fake/Goap.UnityFake.Tests.dll editor-logic/Goap.EditorLogic.Tests.dll"
status=0
(cd "$out" && GOAP_DOMAINS=$root/examples/domains GOAP_SAMPLE_DIR="$root/unity-sample/Samples~/Village" \
  LD_LIBRARY_PATH=$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
  timeout 1200 nunit-console -nologo -noshadow -labels -domain:Multiple Goap.Tests.dll fake/Goap.UnityFake.Tests.dll \
  editor-logic/Goap.EditorLogic.Tests.dll -xml="$out/TestResult.xml") || status=$?

python3 - "$out/TestResult.xml" "$status" "$readme_failed" <<'PY'
import sys, xml.etree.ElementTree as ET
path, status, readme_failed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
try:
    r = ET.parse(path).getroot()
except Exception as e:
    print(f"csharp: 0 passed, {1 + readme_failed} failed (no test results: {e}; nunit-console exited {status})")
    sys.exit(1)
total, errors, failures = (int(r.get(k, 0)) for k in ("total", "errors", "failures"))
not_run = int(r.get("not-run", 0))
inconclusive = int(r.get("inconclusive", 0))
passed = total - errors - failures - inconclusive
failed = errors + failures + inconclusive + not_run
if not_run:
    print(f"note: {not_run} C# test(s) were not run (ignored or skipped): counted as failed")
if total == 0:
    failed += 1
    print("note: no C# test ran")
if readme_failed:
    failed += 1
    print("note: the README's C# example failed or printed other than README.md shows: counted as failed")
else:
    passed += 1  # the README's example, one test
print(f"csharp: {passed} passed, {failed} failed")
sys.exit(1 if failed or status else 0)
PY
