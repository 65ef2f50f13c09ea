#!/usr/bin/env bash
# Copies the C# wrapper into the Unity package:
#   bindings/csharp/NativeMethods.g.cs and bindings/csharp/src/*.cs -> unity-sample/Runtime/Wrapper/
# Copies whose source is gone are deleted with their .meta. Every copy (and the Wrapper
# folder) gets a .meta if it has none; its guid is the md5 of "com.goap.planner/<path in the
# package>", so it is the same on every machine and every run and never has to be invented
# by Unity (which cannot write metas into an immutable package). Existing metas are kept.
# tests/unity_package.rs fails when the copy is stale. Runs from any directory.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source_dir="$root/bindings/csharp"
package="$root/unity-sample"
wrapper_rel="Runtime/Wrapper"
wrapper="$package/$wrapper_rel"

die() {
  echo "unity-sync-wrapper: $*" >&2
  exit 1
}

# md5 of a string as 32 lowercase hex digits, on Linux, macOS or Git Bash.
md5_hex() {
  if command -v md5sum >/dev/null 2>&1; then
    printf '%s' "$1" | md5sum | cut -c1-32
  elif command -v md5 >/dev/null 2>&1; then
    md5 -q -s "$1"
  elif command -v openssl >/dev/null 2>&1; then
    printf '%s' "$1" | openssl md5 -r | cut -c1-32
  else
    die "need md5sum, md5 or openssl to derive .meta guids"
  fi
}

guid_for() { md5_hex "com.goap.planner/$1"; }

# Unity's own layout (trailing spaces included), so an embedded copy is not rewritten.
write_folder_meta() {
  printf 'fileFormatVersion: 2\nguid: %s\nfolderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' \
    "$(guid_for "$1")" >"$package/$1.meta"
}

write_script_meta() {
  printf 'fileFormatVersion: 2\nguid: %s\nMonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' \
    "$(guid_for "$1")" >"$package/$1.meta"
}

[ -f "$package/package.json" ] || die "no Unity package at $package"
[ -f "$source_dir/NativeMethods.g.cs" ] ||
  die "missing bindings/csharp/NativeMethods.g.cs (build.rs generates it: cargo build --features capi)"
[ -d "$source_dir/src" ] || die "missing bindings/csharp/src/ (the hand-written wrapper)"

sources=("$source_dir/NativeMethods.g.cs")
shopt -s nullglob
for f in "$source_dir/src/"*.cs; do
  [ "$(basename "$f")" != "NativeMethods.g.cs" ] ||
    die "bindings/csharp/src/NativeMethods.g.cs would overwrite the generated file in the copy"
  sources+=("$f")
done

mkdir -p "$wrapper"
if [ ! -f "$wrapper.meta" ]; then
  write_folder_meta "$wrapper_rel"
  echo "meta     $wrapper_rel.meta"
fi

added=0 updated=0 unchanged=0 removed=0
keep=" "
for f in "${sources[@]}"; do
  name="$(basename "$f")"
  keep="$keep$name "
  dest="$wrapper/$name"
  if [ ! -f "$dest" ]; then
    cp "$f" "$dest"
    echo "added    $wrapper_rel/$name"
    added=$((added + 1))
  elif cmp -s "$f" "$dest"; then
    unchanged=$((unchanged + 1))
  else
    cp "$f" "$dest"
    echo "updated  $wrapper_rel/$name"
    updated=$((updated + 1))
  fi
  if [ ! -f "$dest.meta" ]; then
    write_script_meta "$wrapper_rel/$name"
    echo "meta     $wrapper_rel/$name.meta"
  fi
done

# Copies whose source is gone, and metas whose script is gone.
for dest in "$wrapper/"*.cs; do
  name="$(basename "$dest")"
  case "$keep" in
    *" $name "*) ;;
    *)
      rm -f "$dest" "$dest.meta"
      echo "removed  $wrapper_rel/$name (and its .meta)"
      removed=$((removed + 1))
      ;;
  esac
done
for meta in "$wrapper/"*.cs.meta; do
  if [ ! -f "${meta%.meta}" ]; then
    rm -f "$meta"
    echo "removed  $wrapper_rel/$(basename "$meta") (its script is gone)"
  fi
done

echo "unity-sync-wrapper: $added added, $updated updated, $unchanged unchanged, $removed removed ($wrapper_rel)"
