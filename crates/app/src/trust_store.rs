//! Saving project-trust decisions in `<agent dir>/trust.json` as Pi 1.6.0 does
//! (`core/trust-manager.js`): under Pi's lock (`trust.json.lock`), canonical folder paths as
//! keys, sorted, `true` / `false` values, a removed decision dropped, pretty-printed with a
//! final newline. Also Pi's trust choices (`getProjectTrustOptions`) and when the
//! interactive mode asks. Reading decisions is `tau_ext_bridge::discovery::trust`.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use tau_ext_bridge::discovery::trust::{resolve_trust, trust_store_path, TrustReason};

/// One of Pi's trust choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustOption {
    /// Pi's words for it.
    pub label: String,
    /// Whether choosing it trusts the project for this run.
    pub trusted: bool,
    /// Decisions to save: a folder and its decision (`None` removes it).
    pub updates: Vec<(PathBuf, Option<bool>)>,
    /// The folder whose saved decision this option is (none for this-session-only ones).
    pub saved_path: Option<PathBuf>,
}

/// The folder as trust.json names it.
pub fn canonical(cwd: &Path) -> PathBuf {
    std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf())
}

/// Pi's choices for `cwd`: trust, trust the parent folder, (this session only), do not
/// trust, (this session only); the session-only ones only in the start-up prompt.
pub fn options(cwd: &Path, session_only: bool) -> Vec<TrustOption> {
    let path = canonical(cwd);
    let mut options = vec![TrustOption {
        label: "Trust".into(),
        trusted: true,
        updates: vec![(path.clone(), Some(true))],
        saved_path: Some(path.clone()),
    }];
    if let Some(parent) = path.parent().filter(|p| *p != path) {
        options.push(TrustOption {
            label: format!("Trust parent folder ({})", parent.display()),
            trusted: true,
            updates: vec![(parent.to_path_buf(), Some(true)), (path.clone(), None)],
            saved_path: Some(parent.to_path_buf()),
        });
    }
    if session_only {
        options.push(TrustOption {
            label: "Trust (this session only)".into(),
            trusted: true,
            updates: Vec::new(),
            saved_path: None,
        });
    }
    options.push(TrustOption {
        label: "Do not trust".into(),
        trusted: false,
        updates: vec![(path.clone(), Some(false))],
        saved_path: Some(path),
    });
    if session_only {
        options.push(TrustOption {
            label: "Do not trust (this session only)".into(),
            trusted: false,
            updates: Vec::new(),
            saved_path: None,
        });
    }
    options
}

/// Pi's start-up question (with tau's name).
pub fn prompt_title(cwd: &Path) -> String {
    format!(
        "Trust project folder?\n{}\n\nThis allows tau to load .pi settings and resources, install missing project packages, and execute project extensions.",
        cwd.display()
    )
}

/// Whether the interactive mode asks before loading: no `-a`/`-na`, trust-gated project
/// resources, no saved decision, and `defaultProjectTrust` is `ask` (Pi's default).
pub fn needs_prompt(agent_dir: &Path, cwd: &Path, approve: Option<bool>) -> bool {
    if approve.is_some() {
        return false;
    }
    let settings = crate::settings_file::read(agent_dir);
    let default = settings.get("defaultProjectTrust").and_then(Value::as_str);
    let (trust, _) = resolve_trust(agent_dir, cwd, None, default);
    matches!(trust.reason, TrustReason::Default(ref d) if d == "ask")
}

/// Saves `updates` (Pi's `setMany`).
pub fn save(agent_dir: &Path, updates: &[(PathBuf, Option<bool>)]) -> Result<(), String> {
    let store = trust_store_path(agent_dir);
    let fail = |what: &str, error: &dyn std::fmt::Display| {
        format!(
            "cannot save the trust decision to {}: {what}: {error}",
            store.display()
        )
    };
    std::fs::create_dir_all(agent_dir).map_err(|e| fail("creating the folder", &e))?;
    let _lock = tau_provider::file_lock::lock(&store).map_err(|e| fail("locking", &e))?;
    let mut entries: Map<String, Value> = match std::fs::read_to_string(&store) {
        Ok(text) => match serde_json::from_str(text.trim_start_matches('\u{feff}')) {
            Ok(Value::Object(entries)) => entries,
            Ok(_) => return Err(fail("reading", &"expected an object")),
            Err(error) => return Err(fail("reading", &error)),
        },
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Map::new(),
        Err(error) => return Err(fail("reading", &error)),
    };
    for (path, decision) in updates {
        let key = canonical(path).display().to_string();
        entries.shift_remove(&key);
        if let Some(decision) = decision {
            entries.insert(key, Value::Bool(*decision));
        }
    }
    let mut sorted: Vec<(String, Value)> = entries
        .into_iter()
        .filter(|(_, v)| v.is_boolean() || v.is_null())
        .collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let text = serde_json::to_string_pretty(&Value::Object(sorted.into_iter().collect()))
        .map_err(|e| fail("encoding", &e))?;
    std::fs::write(&store, format!("{text}\n")).map_err(|e| fail("writing", &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_pis_with_and_without_the_session_only_ones() {
        let dir = tempfile::tempdir().unwrap();
        let labels = |session| -> Vec<String> {
            options(dir.path(), session)
                .into_iter()
                .map(|o| o.label)
                .collect()
        };
        let parent = canonical(dir.path())
            .parent()
            .unwrap()
            .display()
            .to_string();
        assert_eq!(
            labels(true),
            [
                "Trust".to_string(),
                format!("Trust parent folder ({parent})"),
                "Trust (this session only)".into(),
                "Do not trust".into(),
                "Do not trust (this session only)".into(),
            ]
        );
        assert_eq!(labels(false).len(), 3);
    }

    #[test]
    fn trusting_the_parent_replaces_the_folders_own_decision() {
        let dir = tempfile::tempdir().unwrap();
        let agent = dir.path().join("agent");
        let project = dir.path().join("b-project");
        std::fs::create_dir_all(&project).unwrap();
        let options = options(&project, false);
        save(&agent, &options[2].updates).unwrap();
        let key = canonical(&project).display().to_string();
        let text = std::fs::read_to_string(agent.join("trust.json")).unwrap();
        assert_eq!(text, format!("{{\n  \"{key}\": false\n}}\n"));
        save(&agent, &options[1].updates).unwrap();
        let parent = canonical(dir.path()).display().to_string();
        let text = std::fs::read_to_string(agent.join("trust.json")).unwrap();
        assert_eq!(text, format!("{{\n  \"{parent}\": true\n}}\n"));
        assert!(!agent.join("trust.json.lock").exists());
    }

    #[test]
    fn only_an_undecided_project_with_gated_resources_is_asked_about() {
        let dir = tempfile::tempdir().unwrap();
        let agent = dir.path().join("agent");
        let project = dir.path().join("project");
        std::fs::create_dir_all(&project).unwrap();
        assert!(!needs_prompt(&agent, &project, None));
        std::fs::create_dir_all(project.join(".pi/extensions")).unwrap();
        assert!(needs_prompt(&agent, &project, None));
        assert!(!needs_prompt(&agent, &project, Some(true)));
        save(&agent, &[(project.clone(), Some(true))]).unwrap();
        assert!(!needs_prompt(&agent, &project, None));
    }
}
