//! Enabling and disabling package resources, written as Pi's `pi config` screen writes them:
//! the package's settings entry takes its object form and a `+path` (enable) or `-path`
//! (disable) entry, relative to the package folder, under the resource's kind; an entry with
//! no filters left goes back to a plain source. In the project view the changes are
//! project overrides: a project entry for the package (a new `autoload: false` entry when
//! the package is the user's) gets the `+`/`-` entry, and resetting drops it.

use std::path::Path;

use serde_json::{Map, Value};
use tau_ext_bridge::discovery::packages::is_local;
use tau_ext_bridge::discovery::resolve_from;

use super::resources::{PackageResources, Resource};
use super::{entry_source, relative_path, PackageManager, Scope};

const RESOURCE_KEYS: [&str; 4] = ["extensions", "skills", "prompts", "themes"];

/// A pattern entry without its `!`, `+` or `-`.
fn target(entry: &str) -> &str {
    entry.strip_prefix(['!', '+', '-']).unwrap_or(entry)
}

fn pattern(group: &PackageResources, resource: &Resource) -> String {
    relative_path(&group.root, &resource.path)
        .display()
        .to_string()
}

/// The object form of a `packages` entry.
fn object_form(entry: &mut Value) -> Option<&mut Map<String, Value>> {
    if !entry.is_object() {
        let source = entry.as_str().unwrap_or_default().to_string();
        let mut object = Map::new();
        object.insert("source".into(), Value::String(source));
        *entry = Value::Object(object);
    }
    entry.as_object_mut()
}

/// Replaces the entries for `pattern` under `key` with `+pattern`/`-pattern` (or none).
fn set_pattern(object: &mut Map<String, Value>, key: &str, pattern: &str, state: Option<bool>) {
    let mut list: Vec<Value> = object
        .get(key)
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter(|e| e.as_str().is_none_or(|s| target(s) != pattern))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    if let Some(enable) = state {
        let sign = if enable { '+' } else { '-' };
        list.push(Value::String(format!("{sign}{pattern}")));
    }
    if list.is_empty() {
        object.remove(key);
    } else {
        object.insert(key.to_string(), Value::Array(list));
    }
}

fn has_filters(object: &Map<String, Value>) -> bool {
    RESOURCE_KEYS.iter().any(|key| object.contains_key(*key))
}

impl PackageManager {
    /// The resource `typed` names: its short name, its path (absolute or from the working
    /// folder), or its path inside the package.
    pub fn find_resource<'a>(
        &self,
        groups: &'a [PackageResources],
        typed: &str,
    ) -> Result<(&'a PackageResources, &'a Resource), String> {
        let as_path = resolve_from(&self.cwd, typed);
        let found: Vec<(&PackageResources, &Resource)> = groups
            .iter()
            .flat_map(|group| group.resources.iter().map(move |r| (group, r)))
            .filter(|(group, resource)| {
                resource.display == typed
                    || resource.path == as_path
                    || pattern(group, resource) == typed
            })
            .collect();
        match found.as_slice() {
            [one] => Ok(*one),
            [] => Err(format!(
                "No package resource named {typed}; `tau config` lists them (name one as listed, or give its path)"
            )),
            many => Err(format!(
                "{typed} names {} resources; give the path of the one you mean:\n{}",
                many.len(),
                many.iter()
                    .map(|(_, r)| format!("  {}", r.path.display()))
                    .collect::<Vec<_>>()
                    .join("\n")
            )),
        }
    }

    /// Whether two sources name the same package entry (local paths by where they point).
    fn same_entry(&self, left: &str, left_scope: Scope, right: &str, right_scope: Scope) -> bool {
        if left == right {
            return true;
        }
        if !is_local(left) || !is_local(right) {
            return false;
        }
        resolve_from(&self.settings_dir(left_scope), left)
            == resolve_from(&self.settings_dir(right_scope), right)
    }

    /// The project's override for a resource in the project view: `Some(true)` load,
    /// `Some(false)` unload, `None` inherit.
    pub fn project_override(
        &self,
        group: &PackageResources,
        resource: &Resource,
    ) -> Result<Option<bool>, String> {
        let packages = self.read_packages(Scope::Project)?;
        let entry = packages.iter().find(|entry| {
            entry_source(entry).is_some_and(|source| {
                self.same_entry(&group.source, group.scope, source, Scope::Project)
            })
        });
        let Some(Value::Object(object)) = entry else {
            return Ok(None);
        };
        let Some(list) = object.get(resource.kind.key()).and_then(Value::as_array) else {
            return Ok(None);
        };
        let delta = object.get("autoload").and_then(Value::as_bool) == Some(false);
        if list.is_empty() && !delta {
            return Ok(Some(false));
        }
        let pattern = pattern(group, resource);
        let mut state = None;
        for entry in list.iter().filter_map(Value::as_str) {
            if target(entry) == pattern {
                state = Some(!(entry.starts_with('!') || entry.starts_with('-')));
            }
        }
        Ok(state)
    }

    /// Writes `state` (`Some(true)` enable, `Some(false)` disable, `None` drop the override)
    /// for a resource into `write_scope`'s settings.
    pub fn set_resource(
        &self,
        group: &PackageResources,
        resource: &Resource,
        write_scope: Scope,
        state: Option<bool>,
    ) -> Result<(), String> {
        let key = resource.kind.key();
        let pattern = pattern(group, resource);
        let mut packages = self.read_packages(write_scope)?;
        let index = packages.iter().position(|entry| {
            entry_source(entry).is_some_and(|source| match write_scope {
                Scope::User => source == group.source,
                Scope::Project => {
                    self.same_entry(&group.source, group.scope, source, Scope::Project)
                }
            })
        });
        let index = match (index, write_scope) {
            (Some(index), _) => index,
            (None, Scope::User) => {
                return Err(format!(
                    "{} is not recorded in {}",
                    group.source,
                    self.settings_path(Scope::User).display()
                ))
            }
            (None, Scope::Project) if state.is_none() => return Ok(()),
            (None, Scope::Project) => {
                packages.push(self.project_override_entry(group));
                packages.len() - 1
            }
        };
        let Some(object) = object_form(&mut packages[index]) else {
            return Err(format!(
                "the settings entry for {} is not editable",
                group.source
            ));
        };
        set_pattern(object, key, &pattern, state);
        if !has_filters(object) {
            let delta = object.get("autoload").and_then(Value::as_bool) == Some(false);
            if delta && write_scope == Scope::Project {
                packages.remove(index);
            } else {
                let source = object.get("source").cloned().unwrap_or(Value::Null);
                packages[index] = source;
            }
        }
        self.write_project_or_user(write_scope, packages)
    }

    /// A new project entry that narrows a user package: its source (a local path made
    /// relative to `.pi/`) and `autoload: false`.
    fn project_override_entry(&self, group: &PackageResources) -> Value {
        let source = if is_local(&group.source) {
            let path = resolve_from(&self.settings_dir(group.scope), &group.source);
            relative_path(&self.settings_dir(Scope::Project), &path)
                .display()
                .to_string()
        } else {
            group.source.clone()
        };
        serde_json::json!({ "source": source, "autoload": false })
    }

    fn write_project_or_user(&self, scope: Scope, packages: Vec<Value>) -> Result<(), String> {
        crate::settings_file::set(
            &self.settings_dir(scope),
            "packages",
            Value::Array(packages),
        )
    }

    /// The settings folder shown in the config listing.
    pub fn shown_settings_path(&self, scope: Scope) -> String {
        let path = self.settings_path(scope);
        let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
        match home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
            Some(rest) if home.as_deref() != Some(Path::new("/")) => {
                format!("~/{}", rest.display())
            }
            _ => path.display().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn patterns_replace_earlier_ones_for_the_same_file() {
        let mut object = Map::new();
        object.insert("skills".into(), json!(["-a", "!b/*", "+c"]));
        set_pattern(&mut object, "skills", "a", Some(true));
        assert_eq!(object["skills"], json!(["!b/*", "+c", "+a"]));
        set_pattern(&mut object, "skills", "c", None);
        assert_eq!(object["skills"], json!(["!b/*", "+a"]));
        set_pattern(&mut object, "extensions", "x.ts", None);
        assert!(!object.contains_key("extensions"));
    }
}
