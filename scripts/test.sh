#!/usr/bin/env bash
# The project's test command (README "Run the tests"): installs what the tests need on a
# fresh Debian machine, then runs every test: Rust unit, integration and differential
# tests, FFI tests, the header and C# declaration drift checks, the C harness (C99 and
# C++, under valgrind), the command-line tests, the C# tests under Mono
# (scripts/test-csharp.sh), the C++ wrapper tests with and without exceptions under
# valgrind and ASan (scripts/test-cpp.sh), the README's C++ example
# (scripts/test-readme-cpp.sh) and the Unreal plugin checks (scripts/test-unreal.sh).
# Formatting and clippy are checked first. The last line is
# "N passed, N failed" over every suite.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/need.sh
need gcc:gcc g++:g++ valgrind:valgrind
for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    rustup component add "$component"
  fi
done

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy -D warnings"
cargo clippy --all-targets -- -D warnings
echo "== cargo doc (warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== cargo test"
rust_status=0
cargo test --no-fail-fast 2>&1 | tee "$log" || rust_status=$?
read -r rust_passed rust_failed rust_ignored < <(awk '
  /^test result: / { for (i = 1; i <= NF; i++) {
      if ($(i + 1) ~ /^passed/) p += $i; if ($(i + 1) ~ /^failed/) f += $i; if ($(i + 1) ~ /^ignored/) g += $i } }
  END { print p + 0, f + 0, g + 0 }' "$log")
if [ "$rust_status" -ne 0 ] && [ "$rust_failed" -eq 0 ]; then
  rust_failed=1  # a test binary that failed to build or crashed reports no result line
fi

# Runs one suite script whose output ends with "<label>: N passed, N failed" and adds its
# counts to the totals; a script that fails without reporting a failed test counts as one.
suites=""
total_passed=$rust_passed
total_failed=$rust_failed
all_ok=$rust_status
run_suite() {
  local label=$1
  shift
  echo "== $label tests ($*)"
  local status=0 passed failed
  "$@" 2>&1 | tee "$log" || status=$?
  read -r passed failed < <(sed -n "s/^$label: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p" "$log" | tail -n1)
  passed=${passed:-0}
  failed=${failed:-0}
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1  # the suite failed before any test could report
  fi
  [ "$status" -eq 0 ] || all_ok=1
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  suites="$suites; $label $passed passed, $failed failed"
}

run_suite csharp scripts/test-csharp.sh
run_suite cpp scripts/test-cpp.sh
run_suite readme-cpp scripts/test-readme-cpp.sh
run_suite unreal scripts/test-unreal.sh

echo "== summary: rust $rust_passed passed, $rust_failed failed, $rust_ignored ignored on purpose (see README)$suites"
echo "$total_passed passed, $total_failed failed"
[ "$all_ok" -eq 0 ]
