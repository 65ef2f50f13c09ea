#!/usr/bin/env bash
# The C++ wrapper tests (tests/cpp/, of bindings/cpp/goap.hpp): builds the static library,
# compiles the tests with g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror twice (with
# exceptions, and with -fno-exceptions -fno-rtti -DGOAP_NO_EXCEPTIONS), runs both under
# valgrind (default leak settings: no errors, no definite, indirect or possible leaks), runs
# the exceptions build once more with AddressSanitizer, LeakSanitizer and UBSan, and checks
# that goap.hpp refuses to compile with -fno-exceptions unless GOAP_NO_EXCEPTIONS is defined.
#
# Each test binary prints "cpp[<mode>]: N passed, N failed" last; a build or run that fails
# without saying so counts as one failed test. The last line is "cpp: N passed, N failed"
# over all runs (scripts/test.sh may sum it); the exit status is non-zero on any failure.
# Runs from any directory. tests/cpp/version/mismatch.cpp is built on its own, once per
# mode, and must see World::create refuse a goap.h of another version. GOAP_CPP_STRESS=<rounds> scales the threaded test (default 200
# natively, 20 under valgrind).
set -uo pipefail
cd "$(dirname "$0")/.."

. scripts/need.sh
need g++:g++ valgrind:valgrind

out=target/cpp-tests
mkdir -p "$out"
passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

finish() {
  echo "cpp: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

echo "== cargo build --lib --features capi"
if ! cargo build --lib --quiet --features capi; then
  echo "error: cargo build --lib failed" >&2
  failed=$((failed + 1))
  finish
fi
lib=target/debug/libgoap.a

cxxflags=(-std=c++17 -Wall -Wextra -Wpedantic -Werror -g -Iinclude -Ibindings/cpp)
sources=(tests/cpp/*.cpp)
libs=("$lib" -lpthread -ldl -lm)
domains="$PWD/examples/domains"

# build NAME FLAGS...: compiles the test binary $out/NAME; a failure counts as failed.
build() {
  local name=$1
  shift
  echo "== build $name"
  if g++ "${cxxflags[@]}" "$@" "${sources[@]}" "${libs[@]}" -o "$out/$name"; then
    return 0
  fi
  echo "error: building $name failed" >&2
  failed=$((failed + 1))
  return 1
}

# run LABEL COMMAND...: runs a test binary and adds its "cpp[...]: N passed, N failed".
run() {
  local label=$1
  shift
  echo "== run $label"
  local status=0
  # A deadlock must fail the run, not hang CI: 15 minutes is ten times a slow run.
  timeout 900 "$@" 2>&1 | tee "$log" || status=$?
  local p f
  read -r p f < <(sed -n 's/^cpp\[[^]]*\]: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$log" | tail -n1)
  p=${p:-0}
  f=${f:-0}
  if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "error: $label exited with status $status" >&2
    f=1  # crashed, or valgrind/sanitizer errors after all tests passed
  fi
  passed=$((passed + p))
  failed=$((failed + f))
}

# valgrind's default leak kinds: definite and possible leaks are errors (a host's leak check
# runs it that way).
valgrind=(valgrind --quiet --fair-sched=yes --error-exitcode=99 --leak-check=full
  --child-silent-after-fork=yes)

if build cpp_exceptions; then
  GOAP_CPP_STRESS=${GOAP_CPP_STRESS:-20} RUST_BACKTRACE=0 \
    run "exceptions under valgrind" "${valgrind[@]}" "$out/cpp_exceptions" "$domains"
fi
if build cpp_no_exceptions -fno-exceptions -fno-rtti -DGOAP_NO_EXCEPTIONS; then
  GOAP_CPP_STRESS=${GOAP_CPP_STRESS:-20} RUST_BACKTRACE=0 \
    run "no-exceptions under valgrind" "${valgrind[@]}" "$out/cpp_no_exceptions" "$domains"
fi
if build cpp_exceptions_asan -fsanitize=address,undefined -fno-sanitize-recover=undefined \
  -fno-omit-frame-pointer; then
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
    GOAP_CPP_STRESS=${GOAP_CPP_STRESS:-200} RUST_BACKTRACE=0 \
    run "exceptions with ASan+LSan+UBSan" "$out/cpp_exceptions_asan" "$domains"
fi

# A library of another version: tests/cpp/version/mismatch.cpp sees goap.h with another
# minor version and expects World::create to refuse, in both error modes.
for mode in exceptions no-exceptions; do
  flags=()
  [ "$mode" = no-exceptions ] && flags=(-fno-exceptions -fno-rtti -DGOAP_NO_EXCEPTIONS)
  echo "== version mismatch ($mode)"
  if g++ "${cxxflags[@]}" "${flags[@]}" tests/cpp/version/mismatch.cpp "${libs[@]}" \
    -o "$out/version_mismatch_$mode" && timeout 300 "$out/version_mismatch_$mode"; then
    passed=$((passed + 1))
  else
    echo "error: the version mismatch check ($mode) failed" >&2
    failed=$((failed + 1))
  fi
done

echo "== goap.hpp with -fno-exceptions and without GOAP_NO_EXCEPTIONS must not compile"
if printf '#include "goap.hpp"\n' |
  g++ -std=c++17 -fno-exceptions -Iinclude -Ibindings/cpp -x c++ -fsyntax-only - 2>"$log"; then
  echo "error: it compiled" >&2
  failed=$((failed + 1))
elif grep -q 'define GOAP_NO_EXCEPTIONS' "$log"; then
  passed=$((passed + 1))
else
  echo "error: it failed, but not with goap.hpp's #error:" >&2
  cat "$log" >&2
  failed=$((failed + 1))
fi

finish
