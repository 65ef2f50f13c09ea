#!/usr/bin/env bash
# The project's test command (README "Run the tests"): installs what the tests need on a
# fresh Debian machine, then runs every test: Rust unit, integration and differential
# tests, FFI tests, the header drift check, the C harness (C99 and C++, under valgrind)
# and the command-line tests. Formatting and clippy are checked first.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "== installing: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "error: the tests need ${need[*]}; install them (apt-get install ${need[*]})" >&2
    exit 1
  fi
fi
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
echo "== cargo test"
cargo test --no-fail-fast
