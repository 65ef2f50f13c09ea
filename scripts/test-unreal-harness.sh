#!/usr/bin/env bash
# The Unreal plugin's engine-independent logic (GoapActionRunner.h, GoapBlackboardMirror.h,
# GoapBTTaskLogic.h) in a real executable: tests/unreal-harness/*.cpp, built with g++ -std=c++17
# -fno-exceptions -fno-rtti -DGOAP_NO_EXCEPTIONS (as in Unreal) against bindings/cpp/goap.hpp
# and the debug static library, run under valgrind on the sample's domain. Also checks that
# the action names the guard sample maps (ActionClasses.Add(TEXT("..."))) are its domain's.
#
# Sourced by scripts/test-unreal.sh (its pass/fail count each test), or run alone: then the
# last line is "unreal-harness: N passed, N failed".
if ! declare -F pass >/dev/null; then
  . "$(dirname "$0")/need.sh"
  set -uo pipefail
  cd "$(dirname "$0")/.."
  passed=0
  failed=0
  pass() { passed=$((passed + 1)); echo "ok   $*"; }
  fail() { failed=$((failed + 1)); echo "FAIL $*"; }
  harness_standalone=1
else
  harness_standalone=0
fi

need valgrind:valgrind g++:g++ python3:python3
echo "== tests/unreal-harness: the actions' engine-independent logic against the library (valgrind)"
harness_out=target/unreal-harness
harness_runtime=unreal-sample/Plugins/Goap/Source/Goap
harness_domain=unreal-sample/Content/GoapDomains/guard.json
mkdir -p "$harness_out"
if ! cargo build --lib --quiet --features capi >"$harness_out/cargo.log" 2>&1; then
  sed 's/^/     /' "$harness_out/cargo.log" | tail -n 20
  fail "cargo build --lib --features capi (for the harness)"
elif ! g++ -std=c++17 -Wall -Wextra -Wshadow -Wpedantic -Werror -g -fno-exceptions -fno-rtti -DGOAP_NO_EXCEPTIONS \
  -Iinclude -Ibindings/cpp -I"$harness_runtime/Public" -I"$harness_runtime/Private" \
  tests/unreal-harness/*.cpp target/debug/libgoap.a -lpthread -ldl -lm -o "$harness_out/harness" >"$harness_out/build.log" 2>&1; then
  sed 's/^/     /' "$harness_out/build.log" | head -n 40
  fail "builds tests/unreal-harness (g++ -fno-exceptions -fno-rtti, linked with libgoap.a)"
else
  harness_status=0
  timeout 600 valgrind --quiet --error-exitcode=99 --leak-check=full "$harness_out/harness" "$harness_domain" \
    >"$harness_out/run.log" 2>&1 || harness_status=$?
  harness_failed_before=$failed
  while IFS= read -r line; do
    case "$line" in
      "ok   "*) pass "unreal-harness: ${line#ok   }" ;;
      "FAIL "*) fail "unreal-harness: ${line#FAIL }" ;;
      "unreal-harness: "*) harness_summary=$line ;;
      *) echo "     $line" ;;
    esac
  done <"$harness_out/run.log"
  if [ -z "${harness_summary:-}" ]; then
    fail "unreal-harness printed no result (exit status $harness_status)"
  elif [ "$harness_status" -ne 0 ] && [ "$failed" -eq "$harness_failed_before" ]; then
    fail "unreal-harness exited with status $harness_status (valgrind errors or leaks) after its tests passed"
  fi
fi

harness_check_names() {
  python3 - "$harness_domain" unreal-sample/Source/GoapSample/GoapSampleGuard.cpp <<'PY'
import json, re, sys
domain = json.load(open(sys.argv[1], encoding="utf-8"))
actions = set()
objects = domain.get("objects", {})
for a in domain["actions"]:
    name, params = a["name"], a.get("params", {})
    names = [name]
    for p, kind in params.items():
        names = [n.replace("{%s}" % p, o) for n in names for o in objects.get(kind, [])] if "{%s}" % p in name else names
    actions |= set(names)
mapped = re.findall(r'ActionClasses\.Add\(TEXT\("([^"]+)"\)', open(sys.argv[2], encoding="utf-8").read())
if not mapped:
    sys.exit("no ActionClasses.Add(TEXT(...)) in the sample")
print("mapped:", ", ".join(mapped))
missing = sorted(actions - {m.lower() for m in mapped})
unknown = [m for m in mapped if m.lower() not in actions]
if unknown or missing:
    sys.exit("not domain actions: %s; domain actions not mapped: %s" % (unknown, missing))
PY
}
if harness_log=$(harness_check_names 2>&1); then
  pass "the guard sample maps every action of $harness_domain, and only those (ActionClasses)"
else
  fail "the guard sample maps every action of $harness_domain, and only those (ActionClasses)"
  printf '%s\n' "$harness_log" | sed 's/^/     /'
fi

if [ "$harness_standalone" -eq 1 ]; then
  echo "unreal-harness: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
fi
