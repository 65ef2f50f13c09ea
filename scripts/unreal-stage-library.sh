#!/usr/bin/env bash
# Builds the goap static and shared libraries and stages them, with goap.h and goap.hpp, into
# the Unreal plugin's ThirdParty module (unreal-sample/Plugins/Goap/Source/ThirdParty/GoapLibrary,
# whose include/ and lib/ are gitignored), where GoapLibrary.Build.cs expects them (the static
# library for monolithic targets, the shared one for the editor and other modular targets):
#
#   scripts/unreal-stage-library.sh [--debug] [--no-shared] [--target TRIPLE]... [--dest DIR]
#
#   x86_64-unknown-linux-gnu                  -> lib/Linux/x86_64-unknown-linux-gnu/libgoap.a, libgoap.so
#   aarch64-unknown-linux-gnu                 -> lib/LinuxArm64/aarch64-unknown-linux-gnu/libgoap.a, libgoap.so
#   x86_64-pc-windows-msvc                    -> lib/Win64/goap.lib, goap.dll, goap.dll.lib
#   aarch64-apple-darwin, x86_64-apple-darwin -> lib/Mac/libgoap.a, libgoap.dylib
#
# --no-shared stages the static library only (enough for packaged, monolithic games; a shared
# library needs a linker for its target, a static one does not).
# Without --target it builds for this machine. Builds are release builds unless --debug
# (debug Rust is many times slower). Both apple-darwin targets together give one universal
# archive (lipo, macOS only). A static library needs no linker for its target, so a target
# only needs `rustup target add TRIPLE` (MSVC: build on Windows, or cross-build the archive).
# --dest stages into another copy of the GoapLibrary folder (the plugin copied into a project).
# After a build, the system libraries rustc says the archive needs are printed: they must match
# PublicSystemLibraries in GoapLibrary.Build.cs. Runs from any directory; bash 3.2 compatible.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$root/unreal-sample/Plugins/Goap/Source/ThirdParty/GoapLibrary"

die() {
  echo "unreal-stage-library: $*" >&2
  exit 1
}

usage() {
  sed -n '2,21s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"
}

# Sets lib (under lib/) for a target triple.
plan_for() {
  case "$1" in
    x86_64-unknown-linux-gnu) lib=Linux/x86_64-unknown-linux-gnu/libgoap.a ;;
    aarch64-unknown-linux-gnu) lib=LinuxArm64/aarch64-unknown-linux-gnu/libgoap.a ;;
    x86_64-pc-windows-msvc) lib=Win64/goap.lib ;;
    aarch64-apple-darwin | x86_64-apple-darwin) lib=Mac/libgoap.a ;;
    *) return 1 ;;
  esac
}

profile=release
release=(--release)
shared=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --debug)
      profile=debug
      release=()
      ;;
    --no-shared) shared=0 ;;
    --target)
      [ $# -ge 2 ] || die "--target needs a triple"
      targets+=("$2")
      shift
      ;;
    --target=*) targets+=("${1#--target=}") ;;
    --dest)
      [ $# -ge 2 ] || die "--dest needs a directory"
      dest="$2"
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) die "unknown argument '$1' (usage: scripts/unreal-stage-library.sh [--debug] [--target TRIPLE]... [--dest DIR])" ;;
  esac
  shift
done

command -v cargo >/dev/null 2>&1 || die "cargo not found (https://rustup.rs)"
[ -f "$dest/GoapLibrary.Build.cs" ] || die "$dest is not the GoapLibrary folder (no GoapLibrary.Build.cs)"
dest="$(cd "$dest" && pwd)"
[ -f "$root/bindings/cpp/goap.hpp" ] || die "bindings/cpp/goap.hpp is missing"
cd "$root"
host="$(rustc -vV | sed -n 's/^host: //p')"

use_host=0
if [ ${#targets[@]} -eq 0 ]; then
  plan_for "$host" || die "this machine ($host) is not an Unreal platform the plugin supports; give --target"
  use_host=1
  targets=("$host")
fi
seen=" "
for t in "${targets[@]}"; do
  plan_for "$t" || die "unknown target '$t'; supported: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu, x86_64-pc-windows-msvc, aarch64-apple-darwin, x86_64-apple-darwin"
  case "$seen" in
    *" $lib "*) [ "$lib" = Mac/libgoap.a ] || die "two targets stage $lib; give only one of them" ;;
  esac
  seen="$seen$lib "
  if [ $use_host -eq 0 ] && command -v rustup >/dev/null 2>&1; then
    rustup target list --installed | grep -qx "$t" || die "the Rust target $t is not installed: rustup target add $t"
  fi
done

# Respects CARGO_TARGET_DIR and cargo config; the JSON has no spaces around ':'.
target_dir="$(cargo metadata --format-version 1 --no-deps |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p' | sed 's/\\\\/\//g')"
[ -n "$target_dir" ] || die "could not read the target directory from cargo metadata"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
darwin=()
darwin_shared=()
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
  case "$t" in
    *-windows-msvc) product=goap.lib shared_products="goap.dll goap.dll.lib" ;;
    *-apple-darwin) product=libgoap.a shared_products="libgoap.dylib" ;;
    *) product=libgoap.a shared_products="libgoap.so" ;;
  esac
  crate_types=staticlib
  link_args=()
  if [ $shared -eq 1 ]; then
    crate_types=staticlib,cdylib
    # A SONAME, so that what links it records libgoap.so (found through the rpath), not
    # the path it was linked from. Mac: rustc's install name is @rpath/libgoap.dylib.
    case "$t" in *-linux-gnu) link_args=(-C link-arg=-Wl,-soname,libgoap.so) ;; esac
  fi
  echo "== $t ($profile $crate_types)"
  # rustc prints the note only when it links the archive (not when cargo finds it fresh).
  cargo rustc --lib --crate-type "$crate_types" --features capi ${release[@]+"${release[@]}"} ${target_args[@]+"${target_args[@]}"} \
    -- --print native-static-libs ${link_args[@]+"${link_args[@]}"} 2>&1 | tee "$log"
  sed -n 's/^note: native-static-libs: /  system libraries it needs (GoapLibrary.Build.cs): /p' "$log"
  built="$out_dir/$product"
  [ -f "$built" ] || die "the build finished but $built is missing"
  if [ $shared -eq 1 ]; then
    for p in $shared_products; do
      [ -f "$out_dir/$p" ] || die "the build finished but $out_dir/$p is missing"
    done
    if [ "$lib" = Mac/libgoap.a ]; then
      darwin_shared+=("$out_dir/libgoap.dylib")
    else
      mkdir -p "$dest/lib/$(dirname "$lib")"
      for p in $shared_products; do
        cp "$out_dir/$p" "$dest/lib/$(dirname "$lib")/$p"
        staged+=("lib/$(dirname "$lib")/$p  <- $out_dir/$p")
      done
    fi
  fi
  if [ "$lib" = Mac/libgoap.a ]; then
    darwin+=("$t:$built")
    continue
  fi
  mkdir -p "$dest/lib/$(dirname "$lib")"
  cp "$built" "$dest/lib/$lib"
  staged+=("lib/$lib  <- $built")
done

if [ ${#darwin[@]} -gt 0 ]; then
  mkdir -p "$dest/lib/Mac"
  if [ ${#darwin[@]} -eq 2 ]; then
    command -v lipo >/dev/null 2>&1 || die "a universal libgoap.a needs lipo (Xcode command line tools, macOS)"
    lipo -create -output "$dest/lib/Mac/libgoap.a" "${darwin[0]#*:}" "${darwin[1]#*:}"
    staged+=("lib/Mac/libgoap.a  <- universal (lipo): ${darwin[0]%%:*} + ${darwin[1]%%:*}")
  else
    cp "${darwin[0]#*:}" "$dest/lib/Mac/libgoap.a"
    staged+=("lib/Mac/libgoap.a  <- ${darwin[0]#*:} (${darwin[0]%%:*} only: give both apple-darwin targets for every Mac)")
  fi
fi

if [ ${#darwin_shared[@]} -eq 2 ]; then
  lipo -create -output "$dest/lib/Mac/libgoap.dylib" "${darwin_shared[0]}" "${darwin_shared[1]}"
  staged+=("lib/Mac/libgoap.dylib  <- universal (lipo)")
elif [ ${#darwin_shared[@]} -eq 1 ]; then
  cp "${darwin_shared[0]}" "$dest/lib/Mac/libgoap.dylib"
  staged+=("lib/Mac/libgoap.dylib  <- ${darwin_shared[0]}")
fi

mkdir -p "$dest/include"
cp include/goap.h bindings/cpp/goap.hpp "$dest/include/"
staged+=("include/goap.h include/goap.hpp")

echo "unreal-stage-library: staged into $dest"
for line in "${staged[@]}"; do
  echo "  $line"
done
