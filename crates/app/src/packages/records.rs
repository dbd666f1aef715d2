//! The `packages` records in settings, as Pi's package manager keeps them: the user's in
//! `<agent dir>/settings.json`, the project's in `<cwd>/.pi/settings.json`. An entry is a
//! source string or an object with `source` and filters; the same package (npm name, git
//! host and path, or resolved local path) is recorded once per file. A local path is
//! recorded relative to the settings file's folder.

use std::path::{Component, Path, PathBuf};

use serde_json::Value;
use tau_ext_bridge::discovery::packages::{parse_source, Source};
use tau_ext_bridge::discovery::resolve_from;

use super::{PackageManager, Scope};
use crate::settings_file;

/// The source of a `packages` entry (a string, or the object form's `source`).
pub fn entry_source(entry: &Value) -> Option<&str> {
    entry
        .as_str()
        .or_else(|| entry.get("source").and_then(Value::as_str))
}

/// `target` relative to `base` (both absolute and normalized), `.` when they are the same.
pub fn relative_path(base: &Path, target: &Path) -> PathBuf {
    let base: Vec<Component> = base.components().collect();
    let target: Vec<Component> = target.components().collect();
    let common = base.iter().zip(&target).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..base.len() {
        out.push("..");
    }
    for part in &target[common..] {
        out.push(part);
    }
    if out.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        out
    }
}

impl PackageManager {
    /// The folder of a scope's settings file (relative sources resolve from it).
    pub fn settings_dir(&self, scope: Scope) -> PathBuf {
        match scope {
            Scope::User => self.agent_dir.clone(),
            Scope::Project => self.cwd.join(".pi"),
        }
    }

    /// A scope's settings file.
    pub fn settings_path(&self, scope: Scope) -> PathBuf {
        settings_file::path(&self.settings_dir(scope))
    }

    /// The `packages` entries of a scope's settings file; a missing file has none. A file that
    /// cannot be read is an error, so nothing is written over it.
    pub fn read_packages(&self, scope: Scope) -> Result<Vec<Value>, String> {
        self.read_list(scope, "packages")
    }

    /// The list under `key` in a scope's settings file (empty when missing).
    pub fn read_list(&self, scope: Scope, key: &str) -> Result<Vec<Value>, String> {
        let path = self.settings_path(scope);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let settings = settings_file::parse(&text).map_err(|e| {
            format!(
                "{} is not valid settings JSON ({e}); fix or remove it and run the command again",
                path.display()
            )
        })?;
        match settings.get(key) {
            None => Ok(Vec::new()),
            Some(Value::Array(list)) => Ok(list.clone()),
            Some(other) => Err(format!(
                "\"{key}\" in {} is {other}, not a list; fix it and run the command again",
                path.display()
            )),
        }
    }

    /// Replaces the list under `key` in a scope's settings file.
    pub fn write_list(&self, scope: Scope, key: &str, list: Vec<Value>) -> Result<(), String> {
        settings_file::set(&self.settings_dir(scope), key, Value::Array(list))
    }

    fn write_packages(&self, scope: Scope, packages: Vec<Value>) -> Result<(), String> {
        settings_file::set(
            &self.settings_dir(scope),
            "packages",
            Value::Array(packages),
        )
    }

    /// A local path typed on the command line, resolved from the working folder.
    pub fn resolve_input_path(&self, path: &str) -> PathBuf {
        resolve_from(&self.cwd, path)
    }

    /// The key two sources are the same package by; a settings entry's local path resolves
    /// from its settings folder, a typed one from the working folder.
    pub(crate) fn match_key(&self, source: &str, settings_scope: Option<Scope>) -> String {
        match parse_source(source) {
            Source::Npm { name, .. } => format!("npm:{name}"),
            Source::Git { host, path, .. } => format!("git:{host}/{path}"),
            Source::Local(path) => {
                let resolved = match settings_scope {
                    Some(scope) => resolve_from(&self.settings_dir(scope), &path),
                    None => self.resolve_input_path(&path),
                };
                format!("local:{}", resolved.display())
            }
        }
    }

    /// Whether a settings entry of `scope` and a typed source name the same package.
    pub fn entry_matches(&self, entry: &Value, scope: Scope, typed: &str) -> bool {
        entry_source(entry).is_some_and(|source| {
            self.match_key(source, Some(scope)) == self.match_key(typed, None)
        })
    }

    /// A typed source as it is recorded: local paths relative to the settings folder.
    pub fn source_for_settings(&self, source: &str, scope: Scope) -> String {
        match parse_source(source) {
            Source::Local(path) => {
                let resolved = self.resolve_input_path(&path);
                relative_path(&self.settings_dir(scope), &resolved)
                    .display()
                    .to_string()
            }
            _ => source.to_string(),
        }
    }

    /// Records `source` in `scope`'s settings: a new entry at the end, or the existing entry
    /// of the same package pointed at the new source (its filters kept). Returns whether the
    /// file changed.
    pub fn add_to_settings(&self, source: &str, scope: Scope) -> Result<bool, String> {
        let mut packages = self.read_packages(scope)?;
        let recorded = self.source_for_settings(source, scope);
        match packages
            .iter()
            .position(|entry| self.entry_matches(entry, scope, source))
        {
            Some(index) => {
                if entry_source(&packages[index]) == Some(recorded.as_str()) {
                    return Ok(false);
                }
                match &mut packages[index] {
                    Value::Object(object) => {
                        object.insert("source".into(), Value::String(recorded));
                    }
                    other => *other = Value::String(recorded),
                }
            }
            None => packages.push(Value::String(recorded)),
        }
        self.write_packages(scope, packages)?;
        Ok(true)
    }

    /// Drops every entry of the same package as `source` from `scope`'s settings. Returns
    /// whether one was there.
    pub fn remove_from_settings(&self, source: &str, scope: Scope) -> Result<bool, String> {
        let packages = self.read_packages(scope)?;
        let before = packages.len();
        let kept: Vec<Value> = packages
            .into_iter()
            .filter(|entry| !self.entry_matches(entry, scope, source))
            .collect();
        if kept.len() == before {
            return Ok(false);
        }
        self.write_packages(scope, kept)?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_walk_up_and_down() {
        let rel = |a: &str, b: &str| relative_path(Path::new(a), Path::new(b));
        assert_eq!(rel("/a/b", "/a/b"), PathBuf::from("."));
        assert_eq!(rel("/a/b", "/a/b/c/d"), PathBuf::from("c/d"));
        assert_eq!(rel("/a/b/.pi", "/a/pkg"), PathBuf::from("../../pkg"));
    }
}
