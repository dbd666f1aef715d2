//! Project trust as Pi 1.6.0 decides it without a UI (`core/project-trust.js`,
//! `core/trust-manager.js`, `main.js`): a `--approve`/`--no-approve` override first; a folder
//! with no trust-requiring resources is trusted unless a saved decision says no; otherwise
//! the nearest saved decision in `<agent dir>/trust.json`, else the global
//! `defaultProjectTrust` setting, where `"ask"` means no in print, json and rpc modes.
//!
//! Not mirrored: Pi first lets user and `-e` extensions decide through the `project_trust`
//! event; tau resolves trust before the host starts.

use std::path::{Path, PathBuf};

use super::layout::{home_dir, normalize, path_key};

/// Entries of `<cwd>/.pi` that make a project need a trust decision (Pi's
/// `TRUST_REQUIRING_PROJECT_CONFIG_RESOURCES`).
const TRUST_REQUIRING: [&str; 8] = [
    "settings.json",
    "mcp.json",
    "extensions",
    "skills",
    "prompts",
    "themes",
    "SYSTEM.md",
    "APPEND_SYSTEM.md",
];

/// Why a project is or is not trusted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrustReason {
    /// `--approve` or `--no-approve`.
    Override,
    /// The project has nothing trust-gated (and no saved "no" covers it).
    NoProjectResources,
    /// A decision saved in `trust.json` for this folder or the named ancestor.
    Saved(PathBuf),
    /// No decision applied; the global `defaultProjectTrust` value (`ask`, `always`, `never`).
    Default(String),
}

/// The trust decision for one working folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectTrust {
    /// Whether project-local settings and extensions load.
    pub trusted: bool,
    /// Where the decision came from.
    pub reason: TrustReason,
}

/// Whether `cwd` has project resources that need trust: a trust-requiring entry under
/// `cwd/.pi`, or `.agents/skills` in `cwd` or an ancestor other than the home folder's.
pub fn has_trust_requiring_resources(cwd: &Path) -> bool {
    let cwd = path_key(cwd);
    let config = cwd.join(".pi");
    if TRUST_REQUIRING
        .iter()
        .any(|entry| config.join(entry).exists())
    {
        return true;
    }
    let user_skills = path_key(&home_dir()).join(".agents").join("skills");
    cwd.ancestors().any(|dir| {
        let skills = dir.join(".agents").join("skills");
        skills != user_skills && skills.exists()
    })
}

/// The path of the trust store in `agent_dir`.
pub fn trust_store_path(agent_dir: &Path) -> PathBuf {
    agent_dir.join("trust.json")
}

/// The saved decision nearest to `cwd` (the folder itself, then each parent), with the folder
/// it was saved for. Keys are canonical folder paths; values `true`, `false` or `null`
/// (no decision).
pub fn saved_decision(agent_dir: &Path, cwd: &Path) -> Result<Option<(PathBuf, bool)>, String> {
    let store = trust_store_path(agent_dir);
    let text = match std::fs::read_to_string(&store) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read trust store {}: {e}", store.display())),
    };
    let value: serde_json::Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| format!("cannot read trust store {}: {e}", store.display()))?;
    let serde_json::Value::Object(entries) = value else {
        return Err(format!(
            "invalid trust store {}: expected an object",
            store.display()
        ));
    };
    let decisions: Vec<(PathBuf, bool)> = entries
        .iter()
        .filter_map(|(key, value)| Some((normalize(Path::new(key)), value.as_bool()?)))
        .collect();
    let cwd = path_key(cwd);
    Ok(cwd.ancestors().find_map(|dir| {
        decisions
            .iter()
            .find(|(key, _)| key == dir)
            .map(|(key, trusted)| (key.clone(), *trusted))
    }))
}

/// Decides whether `cwd` is trusted. `default_trust` is the global settings'
/// `defaultProjectTrust` (Pi's default is `"ask"`). A trust store that cannot be read counts
/// as holding no decision; its error is returned for the caller to show.
pub fn resolve_trust(
    agent_dir: &Path,
    cwd: &Path,
    trust_override: Option<bool>,
    default_trust: Option<&str>,
) -> (ProjectTrust, Option<String>) {
    if let Some(trusted) = trust_override {
        let reason = TrustReason::Override;
        return (ProjectTrust { trusted, reason }, None);
    }
    let (saved, error) = match saved_decision(agent_dir, cwd) {
        Ok(saved) => (saved, None),
        Err(error) => (None, Some(error)),
    };
    let trust = match saved {
        Some((folder, trusted)) => ProjectTrust {
            trusted,
            reason: TrustReason::Saved(folder),
        },
        None if !has_trust_requiring_resources(cwd) => ProjectTrust {
            trusted: true,
            reason: TrustReason::NoProjectResources,
        },
        None => {
            let default = default_trust.unwrap_or("ask").to_string();
            ProjectTrust {
                trusted: default == "always",
                reason: TrustReason::Default(default),
            }
        }
    };
    (trust, error)
}

/// The advice shown when project extensions are skipped because no decision was made.
pub fn how_to_trust(agent_dir: &Path, cwd: &Path) -> String {
    format!(
        "pass --approve (-a) to trust it for this run, save a decision by adding \"{}\": true to {}, \
         or set \"defaultProjectTrust\": \"always\" in {}",
        path_key(cwd).display(),
        trust_store_path(agent_dir).display(),
        agent_dir.join("settings.json").display()
    )
}
