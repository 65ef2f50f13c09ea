#!/usr/bin/env bash
# Compiles the README's C++ example (the ```cpp block of "Using it from C++") against
# bindings/cpp/goap.hpp and the static library, with the C++ tests' warning flags, and runs
# it from the repository root. Prints "readme-cpp: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/need.sh
need g++:g++ python3:python3

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$out/readme.cpp" <<'PY'
import re, sys
text = open("README.md", encoding="utf-8").read()
section = text.split("## Using it from C++", 1)[1].split("\n## ", 1)[0]
blocks = re.findall(r"```cpp\n(.*?)```", section, re.S)
if len(blocks) != 1:
    sys.exit(f"README 'Using it from C++' has {len(blocks)} cpp blocks, expected 1")
open(sys.argv[1], "w", encoding="utf-8").write(blocks[0])
PY
cargo build --lib --quiet --features capi
ok=0
if g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -Iinclude -Ibindings/cpp "$out/readme.cpp" \
    target/debug/libgoap.a -lpthread -ldl -lm -o "$out/readme" &&
  "$out/readme" | tee "$out/stdout" && grep -q "^cost 17, first " "$out/stdout" &&
  grep -q "GOAP_STATUS_INVALID_ARGUMENT: goap_domain_add_action" "$out/stdout"; then
  ok=1
fi
if [ "$ok" -eq 1 ]; then
  echo "readme-cpp: 1 passed, 0 failed"
else
  echo "readme-cpp: the README's C++ example did not build or print what it should" >&2
  echo "readme-cpp: 0 passed, 1 failed"
  exit 1
fi
