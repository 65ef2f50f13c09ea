#!/usr/bin/env bash
# Builds the native library and stages it into the Unity package, beside the committed
# .meta files that tell Unity which platform loads it:
#
#   scripts/unity-stage-plugins.sh [--release] [--target TRIPLE]...
#
#   x86_64-unknown-linux-gnu                  -> Plugins/Linux/x86_64/libgoap.so
#   x86_64-pc-windows-msvc, x86_64-pc-windows-gnu -> Plugins/Windows/x86_64/goap.dll
#   aarch64-apple-darwin, x86_64-apple-darwin -> Plugins/macOS/libgoap.dylib
#   aarch64-linux-android                     -> Plugins/Android/arm64-v8a/libgoap.so
#   aarch64-apple-ios                         -> Plugins/iOS/libgoap.a (static)
#   wasm32-unknown-emscripten                 -> Plugins/WebGL/libgoap.a (static)
#
# Without --target it builds for this machine. Both apple-darwin targets together give one
# universal dylib (lipo, macOS only); one alone stages a single-architecture dylib. The two
# static targets are built with `cargo rustc --crate-type staticlib`, so no linker for the
# target is needed (iOS and WebGL link the archive into the player and call it through
# DllImport("__Internal")). Android needs the NDK's linker configured for cargo, e.g.
# CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER=<ndk>/toolchains/llvm/prebuilt/<host>/bin/aarch64-linux-android24-clang.
# Runs from any directory; bash 3.2 (macOS) compatible.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
plugins_rel="unity-sample/Runtime/Plugins"
plugins="$root/$plugins_rel"

die() {
  echo "unity-stage-plugins: $*" >&2
  exit 1
}

usage() {
  sed -n '2,21s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

# Sets dest (under Plugins/), product (cargo's file name) and kind for a target triple.
plan_for() {
  case "$1" in
    x86_64-unknown-linux-gnu) dest=Linux/x86_64/libgoap.so product=libgoap.so kind=cdylib ;;
    x86_64-pc-windows-msvc | x86_64-pc-windows-gnu) dest=Windows/x86_64/goap.dll product=goap.dll kind=cdylib ;;
    aarch64-apple-darwin | x86_64-apple-darwin) dest=macOS/libgoap.dylib product=libgoap.dylib kind=cdylib ;;
    aarch64-linux-android) dest=Android/arm64-v8a/libgoap.so product=libgoap.so kind=cdylib ;;
    aarch64-apple-ios) dest=iOS/libgoap.a product=libgoap.a kind=staticlib ;;
    wasm32-unknown-emscripten) dest=WebGL/libgoap.a product=libgoap.a kind=staticlib ;;
    *) return 1 ;;
  esac
}

profile=debug
release=()
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --release)
      profile=release
      release=(--release)
      ;;
    --target)
      [ $# -ge 2 ] || die "--target needs a triple"
      targets+=("$2")
      shift
      ;;
    --target=*) targets+=("${1#--target=}") ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) die "unknown argument '$1' (usage: scripts/unity-stage-plugins.sh [--release] [--target TRIPLE]...)" ;;
  esac
  shift
done

command -v cargo >/dev/null 2>&1 || die "cargo not found (https://rustup.rs)"
cd "$root"
host="$(rustc -vV | sed -n 's/^host: //p')"

# Check every triple before building anything.
use_host=0
if [ ${#targets[@]} -eq 0 ]; then
  plan_for "$host" || die "this machine ($host) has no Plugins folder; give --target"
  use_host=1
  targets=("$host")
fi
seen_dests=" "
for t in "${targets[@]}"; do
  plan_for "$t" || die "unknown target '$t'; supported: x86_64-unknown-linux-gnu, x86_64-pc-windows-msvc, x86_64-pc-windows-gnu, aarch64-apple-darwin, x86_64-apple-darwin, aarch64-linux-android, aarch64-apple-ios, wasm32-unknown-emscripten"
  case "$seen_dests" in
    *" $dest "*)
      [ "$dest" = macOS/libgoap.dylib ] || die "two targets stage $dest; give only one of them"
      ;;
  esac
  seen_dests="$seen_dests$dest "
  if [ $use_host -eq 0 ] && command -v rustup >/dev/null 2>&1; then
    rustup target list --installed | grep -qx "$t" || die "the Rust target $t is not installed: rustup target add $t"
  fi
done

# Respects CARGO_TARGET_DIR and cargo config; the JSON has no spaces around ':'.
target_dir="$(cargo metadata --format-version 1 --no-deps |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p' | sed 's/\\\\/\//g')"
[ -n "$target_dir" ] || die "could not read the target directory from cargo metadata"

darwin_products=()
staged=()
for t in "${targets[@]}"; do
  plan_for "$t"
  if [ $use_host -eq 1 ]; then
    target_args=()
    out_dir="$target_dir/$profile"
  else
    target_args=(--target "$t")
    out_dir="$target_dir/$t/$profile"
  fi
  echo "== $t ($profile, $kind)"
  if [ "$kind" = staticlib ]; then
    cargo rustc --lib --crate-type staticlib ${release[@]+"${release[@]}"} ${target_args[@]+"${target_args[@]}"}
  else
    cargo build --lib --features capi ${release[@]+"${release[@]}"} ${target_args[@]+"${target_args[@]}"}
  fi
  built="$out_dir/$product"
  [ -f "$built" ] || die "the build finished but $built is missing"
  [ -f "$plugins/$dest.meta" ] || die "$plugins_rel/$dest.meta is missing: Unity would not know which platform loads it"
  if [ "$dest" = macOS/libgoap.dylib ]; then
    darwin_products+=("$t:$built")
    continue
  fi
  cp "$built" "$plugins/$dest"
  staged+=("$plugins_rel/$dest  <- $built")
done

if [ ${#darwin_products[@]} -eq 2 ]; then
  command -v lipo >/dev/null 2>&1 || die "a universal libgoap.dylib needs lipo (Xcode command line tools, macOS)"
  lipo -create -output "$plugins/macOS/libgoap.dylib" "${darwin_products[0]#*:}" "${darwin_products[1]#*:}"
  staged+=("$plugins_rel/macOS/libgoap.dylib  <- universal (lipo): ${darwin_products[0]%%:*} + ${darwin_products[1]%%:*}")
elif [ ${#darwin_products[@]} -eq 1 ]; then
  cp "${darwin_products[0]#*:}" "$plugins/macOS/libgoap.dylib"
  staged+=("$plugins_rel/macOS/libgoap.dylib  <- ${darwin_products[0]#*:} (${darwin_products[0]%%:*} only, not universal: give both apple-darwin targets for a player that runs on every Mac)")
fi

echo "unity-stage-plugins: staged"
for line in "${staged[@]}"; do
  echo "  $line"
done
