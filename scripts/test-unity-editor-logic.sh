#!/usr/bin/env bash
# The Unity editor tools' plain-C# logic (the domain graph's model, layout and "plan from",
# and the editor's text helpers: unity-sample/Editor/GoapGraphLayout.cs, GoapEditorText.cs)
# under Mono, with NUnit 2.6: they need only the non-Unity Goap.dll (bindings/csharp), the
# native library and nunit.framework.dll, no UnityEngine or UnityEditor. Everything else in
# unity-sample/Editor is compiled against the API stubs by scripts/check-unity-sources.sh.
# The last line is "unity-editor-logic: N passed, N failed".
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

out=$root/target/unity-editor-logic
rm -rf "$out"
mkdir -p "$out"
echo "== cargo build --lib (the native library the tests load)"
cargo build --lib --quiet --features capi
cp target/debug/libgoap.so "$out/"
cp "$nunit_framework" "$out/"

flags=(-langversion:7.2 -target:library -warnaserror+ -nowarn:1591 -debug)
echo "== mcs: Goap.dll (bindings/csharp)"
mcs "${flags[@]}" -unsafe -out:"$out/Goap.dll" bindings/csharp/NativeMethods.g.cs bindings/csharp/src/*.cs
echo "== mcs: Goap.EditorLogic.Tests.dll (the editor's plain-C# files and tests/unity-editor-logic)"
mcs "${flags[@]}" -r:"$out/Goap.dll" -r:"$out/nunit.framework.dll" -out:"$out/Goap.EditorLogic.Tests.dll" \
  unity-sample/Editor/GoapGraphLayout.cs unity-sample/Editor/GoapEditorText.cs tests/unity-editor-logic/*.cs

echo "== nunit-console Goap.EditorLogic.Tests.dll"
status=0
(cd "$out" && GOAP_DOMAINS=$root/examples/domains LD_LIBRARY_PATH=$out${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
  timeout 600 nunit-console -nologo -noshadow -labels Goap.EditorLogic.Tests.dll -xml="$out/TestResult.xml") || status=$?

python3 - "$out/TestResult.xml" "$status" <<'PY'
import sys, xml.etree.ElementTree as ET
path, status = sys.argv[1], int(sys.argv[2])
try:
    r = ET.parse(path).getroot()
except Exception as e:
    print(f"unity-editor-logic: 0 passed, 1 failed (no test results: {e}; nunit-console exited {status})")
    sys.exit(1)
total, errors, failures = (int(r.get(k, 0)) for k in ("total", "errors", "failures"))
not_run, inconclusive = int(r.get("not-run", 0)), int(r.get("inconclusive", 0))
passed = total - errors - failures - inconclusive
failed = errors + failures + inconclusive + not_run + (1 if total == 0 else 0)
print(f"unity-editor-logic: {passed} passed, {failed} failed")
sys.exit(1 if failed or status else 0)
PY
