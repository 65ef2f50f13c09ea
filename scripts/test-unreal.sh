#!/usr/bin/env bash
# The Unreal plugin's checks (no Unreal editor here). Compiles the Build.cs / Target.cs files
# with Mono's mcs (C# 7.2) against a stub of the UnrealBuildTool types and runs their rules per
# platform (tests/unreal-stubs/BuildRulesCheck.cs); checks Goap.uplugin and GoapSample.uproject;
# plans and lints the sample domain and checks the names the sample code uses; stages the
# library for this machine into a scratch copy of the ThirdParty folder; and compiles the
# plugin's and sample's C++ with g++ -fsyntax-only (-fno-exceptions -fno-rtti, GOAP_NO_EXCEPTIONS)
# against the staged goap.hpp / goap.h and minimal Unreal stubs (tests/unreal-stubs/include),
# which checks the calls into the wrapper, not Unreal. The last line it prints is
# "unreal: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

. scripts/need.sh
need mcs:mono-devel mono:mono-devel g++:g++ python3:python3 git:git

sample=unreal-sample
plugin=$sample/Plugins/Goap
thirdparty=$plugin/Source/ThirdParty/GoapLibrary
runtime=$plugin/Source/Goap
game=$sample/Source/GoapSample
domain=$sample/Content/GoapDomains/guard.json

out=$root/target/unreal
rm -rf "$out"
mkdir -p "$out"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }
# check DESCRIPTION COMMAND...: one check; the command's output is shown when it fails.
check() {
  local what=$1 log
  shift
  log=$("$@" 2>&1) && pass "$what" || { fail "$what"; printf '%s\n' "$log" | sed 's/^/     /'; }
}

echo "== Build.cs and Target.cs under the UnrealBuildTool stub"
# rustc's system libraries for a Rust static library on this platform (std's list; the
# crate's dependencies add none on Linux), for GoapLibrary.Build.cs's Linux list.
printf '#![no_main]\n' >"$out/probe.rs"
native_libs=$(rustc --crate-type staticlib --crate-name probe --print native-static-libs -o "$out/libprobe.a" "$out/probe.rs" 2>&1 |
  sed -n 's/.*native-static-libs: //p')
if mcs -langversion:7.2 -warnaserror+ -out:"$out/BuildRulesCheck.exe" \
  tests/unreal-stubs/UnrealBuildTool.cs tests/unreal-stubs/BuildRulesCheck.cs \
  "$thirdparty/GoapLibrary.Build.cs" "$runtime/Goap.Build.cs" "$game/GoapSample.Build.cs" \
  "$sample"/Source/*.Target.cs >"$out/mcs.log" 2>&1; then
  pass "mcs -langversion:7.2 -warnaserror compiles the Build.cs and Target.cs files"
  rules_status=0
  rules=$(mono "$out/BuildRulesCheck.exe" "$native_libs" 2>&1) || rules_status=$?
  printf '%s\n' "$rules" | grep -v '^unreal-rules:' | sed 's/^/  /'
  line=$(printf '%s\n' "$rules" | sed -n 's/^unreal-rules: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
  if [ -n "$line" ]; then
    passed=$((passed + ${line% *}))
    failed=$((failed + ${line#* }))
    if [ "$rules_status" -ne 0 ] && [ "${line#* }" -eq 0 ]; then
      fail "BuildRulesCheck.exe exited with status $rules_status after its checks passed"
    fi
  else
    fail "BuildRulesCheck.exe printed no result (exit status $rules_status)"
  fi
else
  fail "mcs -langversion:7.2 -warnaserror compiles the Build.cs and Target.cs files"
  sed 's/^/     /' "$out/mcs.log"
fi

echo "== Goap.uplugin and GoapSample.uproject"
python3 - "$plugin/Goap.uplugin" "$sample/GoapSample.uproject" Cargo.toml "$plugin/Source" "$sample/Source" >"$out/descriptors.log" 2>&1 <<'PY'
import json, os, re, sys
uplugin, uproject, cargo, plugin_src, game_src = sys.argv[1:]
results = []
def check(ok, what):
    results.append((bool(ok), what))
try:
    p = json.load(open(uplugin, encoding="utf-8"))
    check(True, "Goap.uplugin is JSON")
except Exception as e:
    p = {}
    check(False, "Goap.uplugin is JSON (%s)" % e)
try:
    u = json.load(open(uproject, encoding="utf-8"))
    check(True, "GoapSample.uproject is JSON")
except Exception as e:
    u = {}
    check(False, "GoapSample.uproject is JSON (%s)" % e)
version = re.search(r'^version\s*=\s*"([^"]+)"', open(cargo, encoding="utf-8").read(), re.M).group(1)
check(p.get("FileVersion") == 3, "Goap.uplugin: FileVersion 3")
# Epic's plugin descriptor has no licence field: the description names the licence files
# that ship in the plugin folder, and the URLs point at the repository.
repository = re.search(r'^repository\s*=\s*"([^"]+)"', open(cargo, encoding="utf-8").read(), re.M).group(1)
plugin_dir = os.path.dirname(uplugin)
desc = p.get("Description", "")
check("MIT OR Apache-2.0" in desc and "LICENSE.md" in desc and "THIRD-PARTY-NOTICES.md" in desc
      and os.path.isfile(os.path.join(plugin_dir, "LICENSE.md")) and os.path.isfile(os.path.join(plugin_dir, "THIRD-PARTY-NOTICES.md")),
      "Goap.uplugin: the description names the licence, LICENSE.md and THIRD-PARTY-NOTICES.md, which are in the plugin folder")
check(all(str(p.get(k, "")).startswith(repository) for k in ("CreatedByURL", "DocsURL", "SupportURL")),
      "Goap.uplugin: CreatedByURL, DocsURL and SupportURL point at Cargo.toml's repository %r" % repository)
check(p.get("VersionName") == version, "Goap.uplugin: VersionName %r is Cargo.toml's %r" % (p.get("VersionName"), version))
modules = p.get("Modules", [])
check([m.get("Name") for m in modules] == ["Goap"] and modules[0].get("Type") == "Runtime" and modules[0].get("LoadingPhase") == "Default",
      "Goap.uplugin: one module, Goap, Runtime, LoadingPhase Default")
for m in modules:
    d = os.path.join(plugin_src, m.get("Name", "?"))
    check(os.path.isfile(os.path.join(d, m.get("Name", "?") + ".Build.cs")) and os.path.isdir(os.path.join(d, "Public")) and os.path.isdir(os.path.join(d, "Private")),
          "Goap.uplugin: module %s has Source/%s/%s.Build.cs, Public/ and Private/" % (m.get("Name"), m.get("Name"), m.get("Name")))
check(os.path.isfile(os.path.join(plugin_src, "ThirdParty", "GoapLibrary", "GoapLibrary.Build.cs")),
      "Goap plugin: Source/ThirdParty/GoapLibrary/GoapLibrary.Build.cs (External, not listed in Modules)")
check(u.get("FileVersion") == 3, "GoapSample.uproject: FileVersion 3")
gm = u.get("Modules", [])
check([m.get("Name") for m in gm] == ["GoapSample"] and gm[0].get("Type") == "Runtime", "GoapSample.uproject: one Runtime module, GoapSample")
check(os.path.isfile(os.path.join(game_src, "GoapSample", "GoapSample.Build.cs")), "GoapSample.uproject: Source/GoapSample/GoapSample.Build.cs exists")
check({"Name": "Goap", "Enabled": True} in u.get("Plugins", []), "GoapSample.uproject: the Goap plugin is enabled")
for name, cls in (("GoapSample.Target.cs", "GoapSampleTarget"), ("GoapSampleEditor.Target.cs", "GoapSampleEditorTarget")):
    path = os.path.join(game_src, name)
    check(os.path.isfile(path) and ("class %s : TargetRules" % cls) in open(path, encoding="utf-8").read(),
          "Source/%s declares %s (UBT finds a target by file and class name)" % (name, cls))
primary = open(os.path.join(game_src, "GoapSample", "GoapSample.cpp"), encoding="utf-8").read()
check('IMPLEMENT_PRIMARY_GAME_MODULE(FDefaultGameModuleImpl, GoapSample, "GoapSample")' in primary, "GoapSample.cpp implements the primary game module GoapSample")
runtime = open(os.path.join(plugin_src, "Goap", "Private", "GoapModule.cpp"), encoding="utf-8").read()
check("IMPLEMENT_MODULE(FGoapModule, Goap)" in runtime, "GoapModule.cpp implements the module Goap")
for ok, what in results:
    print(("ok   " if ok else "FAIL ") + what)
sys.exit(0 if all(ok for ok, _ in results) else 1)
PY
while IFS= read -r line; do
  case "$line" in
    "ok   "*) pass "${line#ok   }" ;;
    "FAIL "*) fail "${line#FAIL }" ;;
    *) echo "     $line"; fail "descriptor check: $line" ;;
  esac
done <"$out/descriptors.log"

echo "== the sample domain ($domain)"
goap_bin=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/debug/goap
if cargo build --quiet --bin goap >"$out/cargo.log" 2>&1; then
  check "goap plan $domain finds a plan (exit 0)" "$goap_bin" plan "$domain"
  check "goap lint $domain accepts it (exit 0)" "$goap_bin" lint "$domain"
else
  tail -n 20 "$out/cargo.log"
  fail "cargo build --bin goap (so goap plan and goap lint of $domain did not run)"
fi
check "the names the sample code passes (SetFact, SetGoalPriority...) are facts, goals and actions of $domain" \
  python3 - "$domain" "$game/GoapSampleGuard.cpp" <<'PY'
import json, re, sys
domain = json.load(open(sys.argv[1], encoding="utf-8"))
facts = set(domain.get("start", {})) | set(domain.get("goal", {}))
for a in domain["actions"]:
    facts |= set(a.get("pre", {})) | set(a.get("effects", {}))
for g in domain.get("goals", []):
    facts |= set(g.get("conditions", {}))
actions = {a["name"] for a in domain["actions"]}
goals = {g["name"] for g in domain.get("goals", [])}
kinds = {"SetFact": facts, "GetFact": facts, "SetGoalPriority": goals, "Explain": goals,
         "SetActionEnabled": actions, "SetActionCost": actions, "ClearActionCost": actions}
uses = re.findall(r'\b(%s)\(TEXT\("([^"]+)"\)' % "|".join(kinds), open(sys.argv[2], encoding="utf-8").read())
if not uses:
    sys.exit("no names found in the sample code")
bad = ["%s(%s)" % (call, name) for call, name in uses if name not in kinds[call]]
print("checked:", ", ".join("%s(%s)" % u for u in uses))
sys.exit("not in the domain: " + ", ".join(bad) if bad else 0)
PY

echo "== scripts/unreal-stage-library.sh (into a scratch copy of GoapLibrary)"
scratch=$out/GoapLibrary
mkdir -p "$scratch"
cp "$thirdparty/GoapLibrary.Build.cs" "$scratch/"
host=$(rustc -vV | sed -n 's/^host: //p')
case "$host" in
  x86_64-unknown-linux-gnu) staged_lib=lib/Linux/x86_64-unknown-linux-gnu/libgoap.a staged_shared=lib/Linux/x86_64-unknown-linux-gnu/libgoap.so ;;
  aarch64-unknown-linux-gnu) staged_lib=lib/LinuxArm64/aarch64-unknown-linux-gnu/libgoap.a staged_shared=lib/LinuxArm64/aarch64-unknown-linux-gnu/libgoap.so ;;
  x86_64-pc-windows-msvc) staged_lib=lib/Win64/goap.lib staged_shared=lib/Win64/goap.dll ;;
  *-apple-darwin) staged_lib=lib/Mac/libgoap.a staged_shared=lib/Mac/libgoap.dylib ;;
  *) staged_lib=unsupported-host staged_shared=unsupported-host ;;
esac
check "unreal-stage-library.sh stages this machine's library ($host)" scripts/unreal-stage-library.sh --dest "$scratch"
check "the staged files landed: $staged_lib, include/goap.h, include/goap.hpp" \
  test -s "$scratch/$staged_lib" -a -s "$scratch/include/goap.h" -a -s "$scratch/include/goap.hpp"
check "the staged shared library (modular builds) landed: $staged_shared" test -s "$scratch/$staged_shared"
case "$staged_shared" in
  *.so)
    check "the staged shared library exports the C API and has the SONAME libgoap.so" \
      sh -c "nm -D --defined-only '$scratch/$staged_shared' | grep -q ' T goap_version\$' && readelf -d '$scratch/$staged_shared' | grep -q 'SONAME.*\[libgoap.so\]'"
    ;;
esac
check "the staged archive exports the C API (goap_version, goap_agent_step)" \
  sh -c "nm -g --defined-only '$scratch/$staged_lib' 2>/dev/null | grep -q ' T goap_version\$' && nm -g --defined-only '$scratch/$staged_lib' | grep -q ' T goap_agent_step\$'"
ignored() {
  local path
  for path in "$@"; do git check-ignore -q "$path" || { echo "not ignored: $path"; return 1; }; done
}
check "git ignores what staging writes into the real GoapLibrary folder" \
  ignored "$thirdparty/$staged_lib" "$thirdparty/$staged_shared" "$thirdparty/include/goap.h" "$thirdparty/include/goap.hpp"

echo "== the plugin's C++ against goap.hpp and the Unreal stubs (g++ -fsyntax-only)"
gen=$out/generated
python3 tests/unreal-stubs/generate-headers.py "$gen" "$runtime"/Public/*.h "$game"/*.h
# The plugin's module sees its Private folder and GoapLibrary's include/ (a private
# dependency); the sample sees the plugin's Public folder only: were a public header to need
# goap.hpp, the sample would not compile. Build.cs definitions as for a Windows editor build
# (the shared library, the Gameplay Debugger).
common=(g++ -std=c++17 -fsyntax-only -fno-exceptions -fno-rtti -Wall -Wextra -Wshadow -Werror
  -Itests/unreal-stubs/include -I"$gen" -I"$runtime/Public" -DWITH_GAMEPLAY_DEBUGGER=1)
cxx=("${common[@]}" -DGOAP_NO_EXCEPTIONS=1 -DGOAP_SHARED_LIBRARY=1 -I"$runtime/Private" -I"$scratch/include")
game_cxx=("${common[@]}" -I"$game")
if [ -s "$scratch/include/goap.hpp" ]; then
  for source in "$runtime"/Private/*.cpp; do
    check "compiles: $source" "${cxx[@]}" "$source"
  done
  for source in "$game"/*.cpp; do
    check "compiles without goap.hpp or the plugin's Private folder: $source" "${game_cxx[@]}" "$source"
  done
  # Unity builds (UBT's default for plugin modules, whatever their file count) compile a
  # module's .cpp files as one translation unit: helpers of the same name in two files'
  # anonymous namespaces are then a redefinition error that per-file checks cannot see.
  unity() {
    local tu=$1
    shift
    : >"$tu"
    local file
    for file in "$@"; do printf '#include "%s"\n' "$root/$file" >>"$tu"; done
  }
  unity "$out/unity-goap.cpp" "$runtime"/Private/*.cpp
  check "compiles as one unity translation unit: $runtime/Private/*.cpp" "${cxx[@]}" "$out/unity-goap.cpp"
  check "compiles as one unity translation unit without the Gameplay Debugger, monolithic: $runtime/Private/*.cpp" \
    "${common[@]/-DWITH_GAMEPLAY_DEBUGGER=1/-DWITH_GAMEPLAY_DEBUGGER=0}" -DGOAP_NO_EXCEPTIONS=1 -DGOAP_SHARED_LIBRARY=0 \
    -I"$runtime/Private" -I"$scratch/include" "$out/unity-goap.cpp"
  # UE 5.3+ compiles modules as C++20 by default (CppStandardVersion.Default): the same TU again.
  check "compiles as one unity translation unit in C++20 (the engine's default standard): $runtime/Private/*.cpp" \
    "${cxx[@]/-std=c++17/-std=c++20}" "$out/unity-goap.cpp"
  unity "$out/unity-game.cpp" "$game"/*.cpp
  check "compiles as one unity translation unit: $game/*.cpp" "${game_cxx[@]}" "$out/unity-game.cpp"
  # Monolithic builds: the static library, no loader.
  check "compiles with GOAP_SHARED_LIBRARY=0 (monolithic): $runtime/Private/GoapModule.cpp" \
    "${common[@]}" -DGOAP_NO_EXCEPTIONS=1 -DGOAP_SHARED_LIBRARY=0 -I"$runtime/Private" -I"$scratch/include" "$runtime/Private/GoapModule.cpp"
  # Public headers name no goap:: type outside comments.
  check "the plugin's public headers name no goap:: type and include no goap header" \
    sh -c "! sed 's|//.*||; s|/\*.*\*/||' '$runtime'/Public/*.h | grep -v '^\s*\*' | grep -n 'goap::\|goap\.h\|goap\.hpp\|GoapNative\.h'"
  # The check has teeth: an ignored goap::Result is an error.
  printf '#include "GoapNative.h"\nvoid Misuse(goap::Agent Agent) { Agent.set_fact(goap::FactId{}, true); }\n' >"$out/misuse.cpp"
  if "${cxx[@]}" "$out/misuse.cpp" >"$out/misuse.log" 2>&1; then
    fail "an ignored goap::Result fails the C++ check"
  elif grep -q "unused-result\|nodiscard" "$out/misuse.log"; then
    pass "an ignored goap::Result fails the C++ check"
  else
    sed 's/^/     /' "$out/misuse.log" | head -n 10
    fail "an ignored goap::Result fails the C++ check (but for another reason)"
  fi
else
  fail "no staged goap.hpp to compile the plugin's C++ against (bindings/cpp/goap.hpp)"
fi

. scripts/test-unreal-harness.sh  # the actions' engine-independent logic, run (adds its checks)

echo "unreal: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
