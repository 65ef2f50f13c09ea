#!/usr/bin/env bash
# Writes the .meta Unity needs beside new files and folders of the Unity package (also for
# scripts/unity-sync-wrapper.sh's copies), its guid the md5 of "com.goap.planner/<path in the
# package>": the same on every machine, never invented by Unity, which cannot write metas
# into an immutable package. Existing metas are kept. tests/unity_package.rs checks that
# every asset has one, with the importer its kind needs.
#
#   scripts/unity-meta.sh [PATH...]   (paths inside unity-sample/; none: every asset lacking one)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="$root/unity-sample"

md5_hex() {
  if command -v md5sum >/dev/null 2>&1; then printf '%s' "$1" | md5sum | cut -c1-32
  elif command -v md5 >/dev/null 2>&1; then md5 -q -s "$1"
  else printf '%s' "$1" | openssl md5 -r | cut -c1-32; fi
}

write_meta() {
  local rel=$1 guid
  guid=$(md5_hex "com.goap.planner/$rel")
  [ -e "$package/$rel.meta" ] && return 0
  if [ -d "$package/$rel" ]; then
    printf 'fileFormatVersion: 2\nguid: %s\nfolderAsset: yes\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$guid"
  else
    case "$rel" in
      *.cs) printf 'fileFormatVersion: 2\nguid: %s\nMonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$guid" ;;
      *.asmdef) printf 'fileFormatVersion: 2\nguid: %s\nAssemblyDefinitionImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$guid" ;;
      *.md | *.json | *.txt) printf 'fileFormatVersion: 2\nguid: %s\nTextScriptImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$guid" ;;
      *) printf 'fileFormatVersion: 2\nguid: %s\nDefaultImporter:\n  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n' "$guid" ;;
    esac
  fi >"$package/$rel.meta"
  echo "meta     $rel.meta"
}

if [ $# -gt 0 ]; then
  for p in "$@"; do write_meta "${p#unity-sample/}"; done
else
  # Every file and folder Unity imports: not metas, not inside folders ending in ~, not hidden.
  (cd "$package" && find . -mindepth 1 \( -name '*~' -o -name '.*' \) -prune -o -print | sed 's|^\./||' | grep -v '\.meta$' | sort) |
    while read -r rel; do
      case "$rel" in Runtime/Plugins/*) [ -d "$package/$rel" ] || continue ;; esac
      write_meta "$rel"
    done
fi
