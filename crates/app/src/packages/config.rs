//! Enabling and disabling resources, written as Pi's `pi config` screen writes them.
//!
//! Global view: a package resource makes the package's settings entry take its object form
//! with a `+path` (enable) or `-path` (disable) entry under the resource's kind, relative to
//! the package folder (an entry with no filters left goes back to a plain source); a
//! top-level resource gets the `+path`/`-path` entry in the settings' own `extensions`,
//! `skills` or `prompts` list, relative to its folder.
//!
//! Project view: the changes are the project's overrides in `.pi/settings.json`. For a
//! package, a project entry for it (a new `autoload: false` entry when the package is the
//! user's) gets the `+`/`-` entry; for a top-level resource the project's list gets it (with
//! the file's absolute path added first when the resource is the user's). Resetting drops
//! the override.

use std::path::PathBuf;

use serde_json::{Map, Value};
use tau_ext_bridge::discovery::packages::is_local;
use tau_ext_bridge::discovery::{resolve_from, resource_path_key};

use super::resources::{Resource, ResourceGroup};
use super::{entry_source, relative_path, PackageManager, Scope};

const RESOURCE_KEYS: [&str; 4] = ["extensions", "skills", "prompts", "themes"];

/// A pattern entry without its `!`, `+` or `-`.
fn target(entry: &str) -> &str {
    entry.strip_prefix(['!', '+', '-']).unwrap_or(entry)
}

fn is_override(entry: &str) -> bool {
    entry.starts_with(['!', '+', '-'])
}

fn relative(base: &std::path::Path, path: &std::path::Path) -> String {
    relative_path(base, path).display().to_string()
}

/// The resource's path from its group's folder.
fn pattern(group: &ResourceGroup, resource: &Resource) -> String {
    relative(&group.base, &resource.path)
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

/// `list` without the entries for `pattern`, then `+pattern`/`-pattern` (or nothing).
fn with_pattern(list: &[Value], pattern: &str, state: Option<bool>) -> Vec<Value> {
    let mut list: Vec<Value> = list
        .iter()
        .filter(|e| e.as_str().is_none_or(|s| target(s) != pattern))
        .cloned()
        .collect();
    if let Some(enable) = state {
        let sign = if enable { '+' } else { '-' };
        list.push(Value::String(format!("{sign}{pattern}")));
    }
    list
}

/// Replaces the entries for `pattern` under `key` with `+pattern`/`-pattern` (or none).
fn set_pattern(object: &mut Map<String, Value>, key: &str, pattern: &str, state: Option<bool>) {
    let current = object
        .get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let list = with_pattern(&current, pattern, state);
    if list.is_empty() {
        object.remove(key);
    } else {
        object.insert(key.to_string(), Value::Array(list));
    }
}

fn has_filters(object: &Map<String, Value>) -> bool {
    RESOURCE_KEYS.iter().any(|key| object.contains_key(*key))
}

/// The last entry naming one of `patterns` decides: `Some(false)` for `!`/`-`, else
/// `Some(true)`; `None` when none names it.
fn state_from(entries: &[Value], patterns: &[String]) -> Option<bool> {
    let mut state = None;
    for entry in entries.iter().filter_map(Value::as_str) {
        if patterns.iter().any(|p| p == target(entry)) {
            state = Some(!(entry.starts_with('!') || entry.starts_with('-')));
        }
    }
    state
}

impl PackageManager {
    /// The resource `typed` names: its short name, its path (absolute or from the working
    /// folder), or its path inside its group's folder.
    pub fn find_resource<'a>(
        &self,
        groups: &'a [ResourceGroup],
        typed: &str,
    ) -> Result<(&'a ResourceGroup, &'a Resource), String> {
        let as_path = resolve_from(&self.cwd, typed);
        let found: Vec<(&ResourceGroup, &Resource)> = groups
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
                "No resource named {typed}; `tau config` lists them (name one as listed, or give its path)"
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

    /// The names a project override of a top-level resource may use (Pi's
    /// `getTopLevelOverridePatterns`).
    fn top_level_patterns(&self, group: &ResourceGroup, resource: &Resource) -> Vec<String> {
        let absolute = resource.path.display().to_string();
        let for_project = if group.scope == Scope::Project {
            pattern(group, resource)
        } else {
            absolute.clone()
        };
        vec![
            for_project,
            absolute,
            relative(&self.settings_dir(Scope::Project), &resource.path),
            pattern(group, resource),
        ]
    }

    /// The project's override for a resource in the project view: `Some(true)` load,
    /// `Some(false)` unload, `None` inherit.
    pub fn project_override(
        &self,
        group: &ResourceGroup,
        resource: &Resource,
    ) -> Result<Option<bool>, String> {
        let key = resource.kind.key();
        if !group.package {
            let entries = self.read_list(Scope::Project, key)?;
            return Ok(state_from(
                &entries,
                &self.top_level_patterns(group, resource),
            ));
        }
        let packages = self.read_packages(Scope::Project)?;
        let entry = packages.iter().find(|entry| {
            entry_source(entry).is_some_and(|source| {
                self.same_entry(&group.source, group.scope, source, Scope::Project)
            })
        });
        let Some(Value::Object(object)) = entry else {
            return Ok(None);
        };
        let Some(list) = object.get(key).and_then(Value::as_array) else {
            return Ok(None);
        };
        let delta = object.get("autoload").and_then(Value::as_bool) == Some(false);
        if list.is_empty() && !delta {
            return Ok(Some(false));
        }
        Ok(state_from(list, &[pattern(group, resource)]))
    }

    /// Writes `state` (`Some(true)` enable, `Some(false)` disable, `None` drop the override)
    /// for a resource into `write_scope`'s settings.
    pub fn set_resource(
        &self,
        group: &ResourceGroup,
        resource: &Resource,
        write_scope: Scope,
        state: Option<bool>,
    ) -> Result<(), String> {
        match (group.package, write_scope) {
            (true, _) => self.set_package_resource(group, resource, write_scope, state),
            (false, Scope::User) => {
                let key = resource.kind.key();
                let list = self.read_list(Scope::User, key)?;
                let list = with_pattern(&list, &pattern(group, resource), state);
                self.write_list(Scope::User, key, list)
            }
            (false, Scope::Project) => self.set_project_top_level(group, resource, state),
        }
    }

    /// Pi's `setProjectTopLevelOverride`.
    fn set_project_top_level(
        &self,
        group: &ResourceGroup,
        resource: &Resource,
        state: Option<bool>,
    ) -> Result<(), String> {
        let key = resource.kind.key();
        let inherited = group.scope == Scope::User || self.in_global_view(resource);
        let own = if inherited {
            resource.path.display().to_string()
        } else {
            pattern(group, resource)
        };
        let names = self.top_level_patterns(group, resource);
        let current = self.read_list(Scope::Project, key)?;
        let mut list: Vec<Value> = current
            .into_iter()
            .filter(|entry| {
                let Some(text) = entry.as_str() else {
                    return true;
                };
                let named = names.iter().any(|n| n == target(text));
                if is_override(text) && named {
                    return false;
                }
                !(state.is_none() && inherited && target(text) == own)
            })
            .collect();
        if let Some(enable) = state {
            let plain = Value::String(own.clone());
            if inherited && !list.contains(&plain) {
                list.push(plain);
            }
            let sign = if enable { '+' } else { '-' };
            list.push(Value::String(format!("{sign}{own}")));
        }
        self.write_list(Scope::Project, key, list)
    }

    /// Whether the resource is in the global view (then the project inherits it).
    fn in_global_view(&self, resource: &Resource) -> bool {
        let key = resource_path_key(&resource.path);
        self.resource_groups(Scope::User).iter().any(|g| {
            g.resources
                .iter()
                .any(|r| r.kind == resource.kind && resource_path_key(&r.path) == key)
        })
    }

    fn set_package_resource(
        &self,
        group: &ResourceGroup,
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
        self.write_list(write_scope, "packages", packages)
    }

    /// A new project entry that narrows a user package: its source (a local path made
    /// relative to `.pi/`) and `autoload: false`.
    fn project_override_entry(&self, group: &ResourceGroup) -> Value {
        let source = if is_local(&group.source) {
            let path = resolve_from(&self.settings_dir(group.scope), &group.source);
            relative(&self.settings_dir(Scope::Project), &path)
        } else {
            group.source.clone()
        };
        serde_json::json!({ "source": source, "autoload": false })
    }

    /// A settings file as the config listing names it (`~/…` under HOME).
    pub fn shown_settings_path(&self, scope: Scope) -> String {
        if scope == Scope::Project {
            return ".pi/settings.json".into();
        }
        let path = self.settings_path(scope);
        let home = std::env::var_os("HOME").map(PathBuf::from);
        match home.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
            Some(rest) => format!("~/{}", rest.display()),
            None => path.display().to_string(),
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
        let names = vec!["a".to_string()];
        assert_eq!(state_from(&[json!("+a"), json!("-a")], &names), Some(false));
        assert_eq!(state_from(&[json!("!b")], &names), None);
    }
}
