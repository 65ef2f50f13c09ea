//! The Unity package in `unity-sample/` (UPM), checked without Unity: the `.meta` files that
//! Unity needs to import anything from an immutable (git or registry) package, the manifest,
//! the assembly definitions, the native plugins' import settings and the copy of the C#
//! wrapper. Unity itself reports none of these mistakes: an asset without a `.meta` is
//! skipped with a warning, a misspelt platform in a plugin's `.meta` is silently ignored.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The native libraries `scripts/unity-stage-plugins.sh` places. They are not committed (a
/// fresh clone has none until they are built), their `.meta` files are.
const PLUGIN_BINARIES: [&str; 6] = [
    "Runtime/Plugins/Linux/x86_64/libgoap.so",
    "Runtime/Plugins/Windows/x86_64/goap.dll",
    "Runtime/Plugins/macOS/libgoap.dylib",
    "Runtime/Plugins/Android/arm64-v8a/libgoap.so",
    "Runtime/Plugins/iOS/libgoap.a",
    "Runtime/Plugins/WebGL/libgoap.a",
];

/// Per plugin binary: the platforms it is enabled for (`<group>: <target>`, as Unity writes
/// `first`) and settings each of them must have. Every other platform must be disabled.
type PlatformSettings = &'static [(&'static str, &'static [(&'static str, &'static str)])];
const PLUGIN_PLATFORMS: [(&str, PlatformSettings); 6] = [
    (
        "Runtime/Plugins/Linux/x86_64/libgoap.so",
        &[
            ("Editor: Editor", &[("OS", "Linux"), ("CPU", "x86_64")]),
            ("Standalone: Linux64", &[("CPU", "x86_64")]),
        ],
    ),
    (
        "Runtime/Plugins/Windows/x86_64/goap.dll",
        &[
            ("Editor: Editor", &[("OS", "Windows"), ("CPU", "x86_64")]),
            ("Standalone: Win64", &[("CPU", "x86_64")]),
        ],
    ),
    (
        "Runtime/Plugins/macOS/libgoap.dylib",
        &[
            ("Editor: Editor", &[("OS", "OSX"), ("CPU", "AnyCPU")]),
            ("Standalone: OSXUniversal", &[("CPU", "AnyCPU")]),
        ],
    ),
    (
        "Runtime/Plugins/Android/arm64-v8a/libgoap.so",
        &[("Android: Android", &[("CPU", "ARM64")])],
    ),
    (
        "Runtime/Plugins/iOS/libgoap.a",
        &[("iPhone: iOS", &[("AddToEmbeddedBinaries", "false")])],
    ),
    ("Runtime/Plugins/WebGL/libgoap.a", &[("WebGL: WebGL", &[])]),
];

/// The `first` keys Unity understands (`BuildPipeline` group and target names); anything
/// else in a `.meta` is dropped without a word.
const KNOWN_PLATFORM_KEYS: [&str; 12] = [
    "Any:",
    ": Any",
    "Editor: Editor",
    "Standalone: Linux64",
    "Standalone: Win",
    "Standalone: Win64",
    "Standalone: OSXUniversal",
    "Android: Android",
    "iPhone: iOS",
    "tvOS: tvOS",
    "WebGL: WebGL",
    "WindowsStoreApps: WindowsStoreApps",
];

const SYNC_HINT: &str = "run scripts/unity-sync-wrapper.sh";

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn package() -> PathBuf {
    repo().join("unity-sample")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What Unity sees in the package, as `/`-separated paths relative to its root.
#[derive(Default)]
struct Scan {
    /// Files and folders Unity imports (so each needs a `.meta`).
    assets: BTreeSet<String>,
    folders: BTreeSet<String>,
    metas: BTreeSet<String>,
}

/// Walks the package. Unity skips dot-entries and every entry whose name ends in `~` (with
/// all it holds, e.g. `Samples~/`), so the scan does too.
fn scan() -> Scan {
    fn walk(dir: &Path, prefix: &str, scan: &mut Scan) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("directory entry"))
            .collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name.ends_with('~') {
                continue;
            }
            let rel = format!("{prefix}{name}");
            if name.ends_with(".meta") {
                scan.metas.insert(rel);
            } else if entry.path().is_dir() {
                scan.assets.insert(rel.clone());
                scan.folders.insert(rel.clone());
                walk(&entry.path(), &format!("{rel}/"), scan);
            } else {
                scan.assets.insert(rel);
            }
        }
    }
    let mut scan = Scan::default();
    walk(&package(), "", &mut scan);
    assert!(
        scan.assets.contains("package.json"),
        "{} has no package.json",
        package().display()
    );
    scan
}

fn fail_if_any(problems: &[String], hint: &str) {
    assert!(
        problems.is_empty(),
        "{} problem(s) in unity-sample/:\n  {}\n{hint}",
        problems.len(),
        problems.join("\n  ")
    );
}

#[test]
fn every_asset_has_a_meta_and_no_meta_is_orphaned() {
    let scan = scan();
    let mut problems = Vec::new();
    for asset in &scan.assets {
        if !scan.metas.contains(&format!("{asset}.meta")) {
            problems.push(format!("{asset} has no {asset}.meta"));
        }
    }
    for meta in &scan.metas {
        let asset = meta.strip_suffix(".meta").expect("a .meta name");
        if !scan.assets.contains(asset) && !PLUGIN_BINARIES.contains(&asset) {
            problems.push(format!("{meta} is orphaned: {asset} does not exist"));
        }
    }
    for binary in PLUGIN_BINARIES {
        if !scan.metas.contains(&format!("{binary}.meta")) {
            problems.push(format!(
                "{binary}.meta is missing (committed even while the binary is not staged)"
            ));
        }
    }
    fail_if_any(
        &problems,
        "Unity ignores an asset without a .meta in an immutable package, and cannot write one \
         there; commit a .meta beside every file and folder (not inside folders ending in ~).",
    );
}

/// The top-level importer key of a `.meta` (`MonoImporter`, `DefaultImporter`, ...).
fn importer_of(meta: &str) -> Option<&str> {
    meta.lines()
        .filter(|line| !line.starts_with(' '))
        .filter_map(|line| line.strip_suffix(':'))
        .find(|key| key.ends_with("Importer"))
}

fn expected_importer(scan: &Scan, asset: &str) -> Option<&'static str> {
    if scan.folders.contains(asset) {
        Some("DefaultImporter")
    } else if PLUGIN_BINARIES.contains(&asset) {
        Some("PluginImporter")
    } else if asset == "package.json" {
        Some("PackageManifestImporter")
    } else if asset.ends_with(".cs") {
        Some("MonoImporter")
    } else if asset.ends_with(".asmdef") {
        Some("AssemblyDefinitionImporter")
    } else if asset.ends_with(".md") || asset.ends_with(".json") {
        Some("TextScriptImporter")
    } else {
        None
    }
}

#[test]
fn metas_have_unique_guids_and_the_importer_for_their_asset() {
    let scan = scan();
    let mut problems = Vec::new();
    let mut owners: HashMap<String, String> = HashMap::new();
    for meta in &scan.metas {
        let text = read(&package().join(meta));
        if text.lines().next() != Some("fileFormatVersion: 2") {
            problems.push(format!("{meta}: first line is not 'fileFormatVersion: 2'"));
        }
        match text.lines().find_map(|line| line.strip_prefix("guid: ")) {
            Some(guid)
                if guid.len() == 32
                    && guid
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) =>
            {
                if let Some(first) = owners.insert(guid.to_string(), meta.clone()) {
                    problems.push(format!("{meta}: guid {guid} is also the guid of {first}"));
                }
            }
            Some(guid) => problems.push(format!(
                "{meta}: guid '{guid}' is not 32 lowercase hex digits"
            )),
            None => problems.push(format!("{meta}: no 'guid: ' line")),
        }
        let asset = meta.strip_suffix(".meta").expect("a .meta name");
        if let Some(expected) = expected_importer(&scan, asset) {
            let found = importer_of(&text);
            if found != Some(expected) {
                problems.push(format!(
                    "{meta}: importer {found:?}, expected {expected} for {asset}"
                ));
            }
            if scan.folders.contains(asset) && !text.lines().any(|l| l == "folderAsset: yes") {
                problems.push(format!("{meta}: a folder's .meta needs 'folderAsset: yes'"));
            }
        }
    }
    fail_if_any(&problems, "");
}

/// One `platformData` entry of a `PluginImporter` `.meta` (`serializedVersion: 2` layout).
struct PlatformEntry {
    /// `first`, as `<group>: <target>` (`Any:` and `: Any` have an empty half).
    key: String,
    enabled: bool,
    settings: Vec<(String, String)>,
}

fn platform_data(meta: &str) -> Vec<PlatformEntry> {
    let mut entries: Vec<PlatformEntry> = Vec::new();
    let mut inside = false;
    let mut key_next = false;
    for line in meta.lines() {
        if line == "  platformData:" {
            inside = true;
            continue;
        }
        if !inside {
            continue;
        }
        let text = line.trim();
        let indent = line.len() - line.trim_start().len();
        if indent <= 2 && !text.starts_with("- ") {
            break;
        }
        if text == "- first:" {
            key_next = true;
        } else if key_next {
            entries.push(PlatformEntry {
                key: text.to_string(),
                enabled: false,
                settings: Vec::new(),
            });
            key_next = false;
        } else if let Some(entry) = entries.last_mut() {
            if indent == 6 {
                if let Some(value) = text.strip_prefix("enabled: ") {
                    entry.enabled = value == "1";
                }
            } else if indent == 8 {
                if let Some((k, v)) = text.split_once(':') {
                    entry
                        .settings
                        .push((k.trim().to_string(), v.trim().to_string()));
                }
            }
        }
    }
    entries
}

#[test]
fn plugin_metas_enable_exactly_their_platform() {
    let mut problems = Vec::new();
    for (binary, expected) in PLUGIN_PLATFORMS {
        let meta_path = format!("{binary}.meta");
        let text = read(&package().join(&meta_path));
        if !text.lines().any(|l| l == "  serializedVersion: 2") {
            problems.push(format!(
                "{meta_path}: not 'serializedVersion: 2' (Unity 2021.3/2022.3 drop the \
                 platform settings of other layouts)"
            ));
        }
        let entries = platform_data(&text);
        if entries.is_empty() {
            problems.push(format!("{meta_path}: no platformData entries"));
        }
        for entry in &entries {
            if !KNOWN_PLATFORM_KEYS.contains(&entry.key.as_str()) {
                problems.push(format!(
                    "{meta_path}: unknown platform '{}' (Unity ignores it)",
                    entry.key
                ));
            }
        }
        let enabled: BTreeSet<&str> = entries
            .iter()
            .filter(|e| e.enabled)
            .map(|e| e.key.as_str())
            .collect();
        let wanted: BTreeSet<&str> = expected.iter().map(|(key, _)| *key).collect();
        if enabled != wanted {
            problems.push(format!(
                "{meta_path}: enabled for {enabled:?}, expected exactly {wanted:?}"
            ));
        }
        for (key, settings) in expected {
            let Some(entry) = entries.iter().find(|e| e.key == *key) else {
                continue;
            };
            for (name, value) in *settings {
                let found = entry.settings.iter().find(|(k, _)| k == name);
                if found.map(|(_, v)| v.as_str()) != Some(*value) {
                    problems.push(format!(
                        "{meta_path}: {key} has {name} = {:?}, expected {value}",
                        found.map(|(_, v)| v)
                    ));
                }
            }
        }
    }
    fail_if_any(&problems, "");
}

fn cargo_version() -> String {
    let manifest = read(&repo().join("Cargo.toml"));
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(value) = line.strip_prefix("version = ") {
                return value.trim_matches('"').to_string();
            }
        }
    }
    panic!("Cargo.toml: no version in [package]");
}

#[test]
fn package_manifest_names_the_package_and_follows_the_cargo_version() {
    let manifest = read_json(&package().join("package.json"));
    assert_eq!(manifest["name"], "com.goap.planner", "package.json: name");
    assert_eq!(
        manifest["version"].as_str(),
        Some(cargo_version().as_str()),
        "package.json: version must equal Cargo.toml's (bump both together)"
    );
    for field in ["displayName", "description", "unity", "license"] {
        assert!(
            manifest[field].as_str().is_some_and(|v| !v.is_empty()),
            "package.json: '{field}' is missing"
        );
    }
}

fn cargo_repository() -> String {
    let manifest = read(&repo().join("Cargo.toml"));
    manifest
        .lines()
        .find_map(|line| line.trim().strip_prefix("repository = "))
        .map(|v| v.trim_matches('"').to_string())
        .expect("Cargo.toml: no repository in [package]")
}

/// The Package Manager's links (documentation, changelog, licences) point at files of this
/// package in the repository Cargo.toml names, and those files exist.
#[test]
fn package_manifest_links_point_at_files_of_the_package() {
    let manifest = read_json(&package().join("package.json"));
    let base = format!("{}/blob/main/unity-sample/", cargo_repository());
    for (field, file) in [
        ("documentationUrl", "Documentation~/index.md"),
        ("changelogUrl", "CHANGELOG.md"),
        ("licensesUrl", "LICENSE.md"),
    ] {
        let url = manifest[field]
            .as_str()
            .unwrap_or_else(|| panic!("package.json: '{field}' is missing"));
        assert_eq!(url, format!("{base}{file}"), "package.json: '{field}'");
        assert!(
            package().join(file).is_file(),
            "package.json: '{field}' names unity-sample/{file}, which does not exist"
        );
    }
    assert_eq!(
        manifest["repository"]["url"].as_str(),
        Some(format!("{}.git", cargo_repository()).as_str()),
        "package.json: repository.url"
    );
    for file in ["LICENSE.md", "Third Party Notices.md"] {
        let text = read(&package().join(file));
        assert!(
            text.len() > 1000,
            "unity-sample/{file} is too short to hold licence texts"
        );
    }
}

#[test]
fn package_samples_exist() {
    let manifest = read_json(&package().join("package.json"));
    let samples = manifest["samples"]
        .as_array()
        .expect("package.json: 'samples' is not an array");
    assert!(!samples.is_empty(), "package.json: no samples");
    for sample in samples {
        let path = sample["path"]
            .as_str()
            .unwrap_or_else(|| panic!("package.json: a sample without a path: {sample}"));
        assert!(
            path.starts_with("Samples~/"),
            "package.json: sample path {path} is not under Samples~/ (Unity would import it \
             into every project)"
        );
        assert!(
            package().join(path).is_dir(),
            "package.json: sample folder unity-sample/{path} does not exist"
        );
    }
}

#[test]
fn assembly_definitions_parse_and_say_what_the_package_needs() {
    let scan = scan();
    let mut names = BTreeSet::new();
    let mut asmdefs = HashMap::new();
    for asset in scan.assets.iter().filter(|a| a.ends_with(".asmdef")) {
        let asmdef = read_json(&package().join(asset));
        let name = asmdef["name"]
            .as_str()
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| panic!("{asset}: no name"))
            .to_string();
        assert!(
            names.insert(name.clone()),
            "{asset}: a second assembly named {name}"
        );
        asmdefs.insert(asset.clone(), asmdef);
    }
    for (asset, asmdef) in &asmdefs {
        for reference in asmdef["references"].as_array().into_iter().flatten() {
            let reference = reference.as_str().unwrap_or_default();
            assert!(
                names.contains(reference) || reference.starts_with("Unity"),
                "{asset}: references {reference:?}, which is neither in the package nor Unity's"
            );
        }
    }
    let get = |asset: &str| {
        asmdefs
            .get(asset)
            .unwrap_or_else(|| panic!("unity-sample/{asset} is missing"))
    };

    let runtime = get("Runtime/Goap.asmdef");
    assert_eq!(runtime["name"], "Goap", "Runtime/Goap.asmdef: name");
    assert_eq!(
        runtime["allowUnsafeCode"], true,
        "Runtime/Goap.asmdef: the wrapper needs allowUnsafeCode"
    );

    let editor = get("Editor/Goap.Editor.asmdef");
    assert_eq!(
        editor["includePlatforms"],
        serde_json::json!(["Editor"]),
        "Editor/Goap.Editor.asmdef: editor only"
    );

    let tests = get("Tests/Runtime/Goap.Tests.asmdef");
    assert!(
        tests["defineConstraints"]
            .as_array()
            .is_some_and(|d| d.iter().any(|c| c == "UNITY_INCLUDE_TESTS")),
        "Tests/Runtime/Goap.Tests.asmdef: needs the UNITY_INCLUDE_TESTS define constraint \
         (otherwise the tests compile into every project that installs the package)"
    );
}

#[test]
fn wrapper_copy_matches_the_csharp_bindings() {
    let bindings = repo().join("bindings/csharp");
    let source_dir = bindings.join("src");
    assert!(
        source_dir.is_dir(),
        "bindings/csharp/src/ does not exist: the package has no C# wrapper to ship. Write it \
         (and bindings/csharp/NativeMethods.g.cs), then {SYNC_HINT}"
    );
    let mut sources = vec![bindings.join("NativeMethods.g.cs")];
    let mut listed: Vec<PathBuf> = std::fs::read_dir(&source_dir)
        .unwrap_or_else(|e| panic!("{}: {e}", source_dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "cs"))
        .collect();
    listed.sort();
    sources.extend(listed);

    let wrapper = package().join("Runtime/Wrapper");
    let mut problems = Vec::new();
    let mut names = BTreeSet::new();
    for source in &sources {
        let name = source
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned();
        let shown = source.strip_prefix(repo()).unwrap_or(source).display();
        let Ok(original) = std::fs::read(source) else {
            problems.push(format!("{shown} is missing"));
            continue;
        };
        names.insert(name.clone());
        match std::fs::read(wrapper.join(&name)) {
            Err(_) => problems.push(format!("Runtime/Wrapper/{name} is missing ({shown})")),
            Ok(copy) if copy != original => {
                problems.push(format!("Runtime/Wrapper/{name} differs from {shown}"));
            }
            Ok(_) => {}
        }
    }
    let scan = scan();
    for asset in scan
        .assets
        .iter()
        .filter(|a| a.starts_with("Runtime/Wrapper/") && a.ends_with(".cs"))
    {
        let name = &asset["Runtime/Wrapper/".len()..];
        if !names.contains(name) {
            problems.push(format!(
                "{asset} is not in bindings/csharp (NativeMethods.g.cs, src/*.cs)"
            ));
        }
    }
    fail_if_any(
        &problems,
        &format!("The package's copy of the C# wrapper is stale: {SYNC_HINT}"),
    );
}
