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

# The .meta of a new copy or folder: scripts/unity-meta.sh (the path-derived guid, Unity's
# own layout; an existing meta is kept).
meta() { "$root/scripts/unity-meta.sh" "$1"; }

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
meta "$wrapper_rel"

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
  meta "$wrapper_rel/$name"
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
