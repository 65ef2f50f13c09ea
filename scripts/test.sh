#!/usr/bin/env bash
# The project's test command (README "Run the tests"): installs what the tests need on a
# fresh Debian machine, then runs every test: Rust unit, integration and differential
# tests, FFI tests, the header and C# declaration drift checks, the C harness (C99 and
# C++, under valgrind), the command-line tests, and the C# tests under Mono
# (scripts/test-csharp.sh). Formatting and clippy are checked first. The last line is
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

echo "== C# tests (scripts/test-csharp.sh)"
cs_status=0
scripts/test-csharp.sh 2>&1 | tee "$log" || cs_status=$?
read -r cs_passed cs_failed < <(sed -n 's/^csharp: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$log" | tail -n1)
cs_passed=${cs_passed:-0}
cs_failed=${cs_failed:-0}
if [ "$cs_status" -ne 0 ] && [ "$cs_failed" -eq 0 ]; then
  cs_failed=1  # the C# build failed before any test ran
fi

echo "== summary: rust $rust_passed passed, $rust_failed failed, $rust_ignored ignored on purpose (see README); csharp $cs_passed passed, $cs_failed failed"
echo "$((rust_passed + cs_passed)) passed, $((rust_failed + cs_failed)) failed"
[ "$rust_status" -eq 0 ] && [ "$cs_status" -eq 0 ]
