//! Whether and how the extension host runs sandboxed (docs/sandbox.md): `--sandbox` /
//! `--no-sandbox` and `--sandbox-allow`, else the `sandbox` key of the agent directory's
//! settings.json (`true`, or `{"enabled": true, "allow": ["child-process", "read:PATH"]}`).
//! Only the user's own settings count: a project's `.pi/settings.json` can neither switch
//! the sandbox off nor widen it.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tau_ext_bridge::sandbox::{Allowance, Sandbox, SandboxPlaces};

use crate::AppOptions;

/// What settings.json says about the sandbox.
#[derive(Debug, Default, PartialEq)]
struct SandboxSetting {
    enabled: bool,
    allow: Vec<String>,
}

/// The sandbox for a run loading `extensions` from a host in `host_dir`, or `None`. A
/// sandbox that was asked for but cannot be set up is an error, never a run without it.
pub fn sandbox_for(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    host_dir: &Path,
    extensions: &[PathBuf],
) -> Result<Option<Sandbox>, String> {
    let setting = read_setting(&agent_dir.join("settings.json"))?;
    let enabled = args.sandbox.unwrap_or(setting.enabled);
    if !enabled {
        return Ok(None);
    }
    let mut allow = Vec::new();
    for text in setting.allow.iter().map(String::as_str) {
        allow
            .push(Allowance::parse(text, cwd).map_err(|e| format!("settings sandbox.allow: {e}"))?);
    }
    for list in &args.sandbox_allow {
        allow
            .extend(Allowance::parse_list(list, cwd).map_err(|e| format!("--sandbox-allow: {e}"))?);
    }
    let cache = cache_dir();
    let places = SandboxPlaces {
        host_dir,
        cwd,
        agent_dir,
        extensions,
        cache_dir: cache.as_deref(),
    };
    Ok(Some(Sandbox::for_run(&places, &allow)))
}

/// The host's cache folder (its `cacheDir()`): `$XDG_CACHE_HOME/tau`, else `~/.cache/tau`.
fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("tau"));
    }
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|home| PathBuf::from(home).join(".cache/tau"))
}

/// The `sandbox` key. A settings file that cannot be read while it mentions the sandbox is
/// an error: tau cannot tell whether it asks for one, and guessing "no" would fail open.
fn read_setting(path: &Path) -> Result<SandboxSetting, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Ok(SandboxSetting::default())
        }
        Err(error) => {
            return Err(format!(
                "cannot read {} to see whether it asks for the sandbox: {error}",
                path.display()
            ))
        }
    };
    let unclear = |why: String| {
        format!(
            "{}: {why}; it mentions \"sandbox\", so tau will not guess whether to sandbox \
             extensions: fix the file, or pass --sandbox or --no-sandbox",
            path.display()
        )
    };
    let settings: Value = match serde_json::from_str(text.trim_start_matches('\u{feff}')) {
        Ok(settings) => settings,
        Err(_) if !text.contains("\"sandbox\"") => return Ok(SandboxSetting::default()),
        Err(error) => return Err(unclear(error.to_string())),
    };
    match settings.get("sandbox") {
        None | Some(Value::Null) => Ok(SandboxSetting::default()),
        Some(Value::Bool(enabled)) => Ok(SandboxSetting {
            enabled: *enabled,
            allow: Vec::new(),
        }),
        Some(Value::Object(object)) => {
            let enabled = match object.get("enabled") {
                None => true,
                Some(Value::Bool(enabled)) => *enabled,
                Some(other) => {
                    return Err(unclear(format!(
                        "sandbox.enabled is {other}, not true or false"
                    )))
                }
            };
            let allow = match object.get("allow") {
                None => Vec::new(),
                Some(Value::Array(items)) => items
                    .iter()
                    .map(|item| {
                        item.as_str().map(str::to_string).ok_or_else(|| {
                            unclear(format!("sandbox.allow holds {item}, not a string"))
                        })
                    })
                    .collect::<Result<_, _>>()?,
                Some(other) => {
                    return Err(unclear(format!("sandbox.allow is {other}, not a list")))
                }
            };
            Ok(SandboxSetting { enabled, allow })
        }
        Some(other) => Err(unclear(format!(
            "sandbox is {other}, not true, false or an object"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(text: &str) -> Result<SandboxSetting, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, text).unwrap();
        read_setting(&path)
    }

    #[test]
    fn the_setting_is_a_switch_or_an_object() {
        assert_eq!(setting("{}").unwrap(), SandboxSetting::default());
        assert!(setting(r#"{"sandbox": true}"#).unwrap().enabled);
        let object = setting(r#"{"sandbox": {"allow": ["child-process"]}}"#).unwrap();
        assert!(object.enabled);
        assert_eq!(object.allow, ["child-process"]);
        assert!(
            !setting(r#"{"sandbox": {"enabled": false}}"#)
                .unwrap()
                .enabled
        );
        // Broken files: only an error when they mention the sandbox.
        assert_eq!(setting("{oops").unwrap(), SandboxSetting::default());
        let error = setting(r#"{"sandbox": tru}"#).unwrap_err();
        assert!(error.contains("--sandbox or --no-sandbox"), "{error}");
        assert!(setting(r#"{"sandbox": "yes"}"#).is_err());
        assert!(setting(r#"{"sandbox": {"allow": "child-process"}}"#).is_err());
    }
}
