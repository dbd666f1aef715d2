//! The skills, prompt templates and themes Pi packages carry (Pi's
//! `collectPackageResources`): a settings entry's object form narrows them with its
//! `skills`/`prompts`/`themes` patterns (an empty list loads none; `autoload: false` loads
//! only what the patterns name); otherwise the manifest's `pi.skills`/`pi.prompts`/
//! `pi.themes` when the manifest lists any resources, else the package's `skills/`,
//! `prompts/` and `themes/` folders.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tau_ext_bridge::discovery::{
    apply_patterns, autoload_delta, expand_glob, has_glob, is_override, PackageRoot,
};

use super::paths::{resolve, Kind};
use super::skills::{self, Standalone};
use super::source::Origin;

const RESOURCE_FIELDS: [&str; 4] = ["extensions", "skills", "prompts", "themes"];

fn key(kind: Kind) -> &'static str {
    kind.key()
}

fn strings(value: Option<&Value>) -> Option<Vec<String>> {
    value?
        .as_array()?
        .iter()
        .map(|v| v.as_str().map(String::from))
        .collect()
}

/// The package's `pi` manifest object, if any.
fn manifest(root: &Path) -> Option<Value> {
    let text = std::fs::read_to_string(root.join("package.json")).ok()?;
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    value.get("pi").filter(|pi| pi.is_object()).cloned()
}

/// Markdown files under a folder for `kind` (skills by Pi's skill rules, prompts at any
/// depth).
fn folder_files(dir: &Path, kind: Kind) -> Vec<PathBuf> {
    match kind {
        Kind::Skills => skills::files_in(dir, Standalone::AtRoot),
        Kind::Prompts => {
            let mut files = Vec::new();
            super::paths::markdown_tree(dir, &mut files);
            files
        }
        Kind::Themes => super::themes::tree(dir),
    }
}

fn files_of(paths: &[PathBuf], kind: Kind) -> Vec<PathBuf> {
    paths
        .iter()
        .flat_map(|path| {
            if path.is_file() {
                vec![path.clone()]
            } else if path.is_dir() {
                folder_files(path, kind)
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// The files a manifest's entries name, with its own `!`/`+`/`-` patterns applied.
fn manifest_files(entries: &[String], root: &Path, kind: Kind) -> Vec<PathBuf> {
    let named: Vec<PathBuf> = entries
        .iter()
        .filter(|e| !is_override(e))
        .flat_map(|e| {
            if has_glob(e) {
                expand_glob(e, root)
            } else {
                vec![resolve(root, e)]
            }
        })
        .collect();
    let all = files_of(&named, kind);
    let patterns: Vec<String> = entries.iter().filter(|e| is_override(e)).cloned().collect();
    let enabled = apply_patterns(&all, &patterns, root);
    all.into_iter().filter(|p| enabled.contains(p)).collect()
}

/// Every file of `kind` the package offers before a settings filter.
fn offered(root: &Path, manifest: Option<&Value>, kind: Kind) -> Vec<PathBuf> {
    match manifest.and_then(|m| strings(m.get(key(kind)))) {
        Some(entries) if !entries.is_empty() => manifest_files(&entries, root, kind),
        _ => folder_files(&root.join(key(kind)), kind),
    }
}

/// The package's files of `kind`, each with whether it is enabled.
pub fn files(package: &PackageRoot, kind: Kind) -> Vec<(PathBuf, bool)> {
    let root = &package.root;
    let manifest = manifest(root);
    if let Some(filter) = &package.filter {
        let patterns = strings(filter.get(key(kind)));
        if filter.get("autoload").and_then(Value::as_bool) == Some(false) {
            let patterns = patterns.unwrap_or_default();
            if patterns.is_empty() {
                return Vec::new();
            }
            return autoload_delta(&offered(root, manifest.as_ref(), kind), &patterns, root);
        }
        if let Some(patterns) = patterns {
            let all = offered(root, manifest.as_ref(), kind);
            let enabled = if patterns.is_empty() {
                Default::default()
            } else {
                apply_patterns(&all, &patterns, root)
            };
            return all
                .into_iter()
                .map(|p| {
                    let on = enabled.contains(&p);
                    (p, on)
                })
                .collect();
        }
        return default_files(root, manifest.as_ref(), kind);
    }
    let explicit = manifest.as_ref().is_some_and(|m| {
        RESOURCE_FIELDS
            .iter()
            .any(|field| strings(m.get(*field)).is_some())
    });
    if explicit {
        let entries = manifest
            .as_ref()
            .and_then(|m| strings(m.get(key(kind))))
            .unwrap_or_default();
        return manifest_files(&entries, root, kind)
            .into_iter()
            .map(|p| (p, true))
            .collect();
    }
    folder_files(&root.join(key(kind)), kind)
        .into_iter()
        .map(|p| (p, true))
        .collect()
}

/// Pi's `collectDefaultResources`: the manifest's entries for `kind` when it has that
/// field, else the conventional folder.
fn default_files(root: &Path, manifest: Option<&Value>, kind: Kind) -> Vec<(PathBuf, bool)> {
    let files = match manifest.and_then(|m| strings(m.get(key(kind)))) {
        Some(entries) => manifest_files(&entries, root, kind),
        None => folder_files(&root.join(key(kind)), kind),
    };
    files.into_iter().map(|p| (p, true)).collect()
}

/// Where a package's resource came from, as Pi's `sourceInfo` says it.
pub fn origin(package: &PackageRoot) -> Origin {
    Origin {
        source: package.source.clone(),
        scope: package.scope.to_string(),
        origin: "package".into(),
        base_dir: Some(package.root.clone()),
        parent_is_base: false,
    }
}
