//! Where the picker's sessions come from and what renaming and deleting do to their files
//! (blocking file work: callers run it off the UI task).
//!
//! - This folder: the session folder of the working directory; with a custom session folder
//!   (`--session-dir`), only its sessions whose cwd is this one (Pi's `SessionManager.list`).
//! - Everywhere: every folder under the sessions root, or the custom folder as a whole.
//! - Rename appends Pi's `session_info` entry to the file (Pi opens the file and appends).
//! - Delete tries the `trash` command first and removes the file when that fails, as Pi.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use tau_session::{list_all_sessions, list_sessions, Session, SessionSummary, WriteOptions};

use super::Scope;

/// The session folders of one working directory.
#[derive(Debug, Clone)]
pub struct Catalog {
    /// This folder's sessions.
    pub folder: PathBuf,
    /// The root of every folder's sessions; `None` with a custom session folder.
    pub root: Option<PathBuf>,
    /// The working directory.
    pub cwd: String,
}

impl Catalog {
    /// The catalog for `folder`, which is the default folder for `cwd` under `agent_dir`
    /// unless the user chose another.
    pub fn new(folder: PathBuf, agent_dir: &Path, cwd: &str) -> Self {
        let root = agent_dir.join("sessions");
        let default = tau_session::session_dir_for_cwd(&root, cwd);
        Catalog {
            root: (default == folder).then_some(root),
            folder,
            cwd: cwd.to_string(),
        }
    }

    /// The sessions of `scope`, newest first.
    pub fn list(&self, scope: Scope) -> Vec<SessionSummary> {
        match (scope, &self.root) {
            (Scope::Current, Some(_)) => list_sessions(&self.folder),
            (Scope::Current, None) => list_sessions(&self.folder)
                .into_iter()
                .filter(|s| s.cwd == self.cwd)
                .collect(),
            (Scope::All, Some(root)) => list_all_sessions(root),
            (Scope::All, None) => list_sessions(&self.folder),
        }
    }
}

/// Names the session in `path` without making it the current one.
pub fn rename(path: &Path, name: &str) -> Result<(), String> {
    let failed = |error: tau_session::SessionError| format!("Failed to rename: {error}");
    // Opening a missing path would start a new session there.
    if !path.is_file() {
        return Err(format!(
            "Failed to rename: {} no longer exists",
            path.display()
        ));
    }
    let mut session = Session::open(path, "", WriteOptions::default()).map_err(failed)?;
    session.append_session_info(name).map_err(failed)?;
    session.close().map_err(failed)
}

/// Deletes a session file: to the trash when a `trash` command works, else for good. The
/// message says which ("Session moved to trash" / "Session deleted").
pub fn delete(path: &Path) -> Result<String, String> {
    let mut trash = Command::new("trash");
    if path.to_string_lossy().starts_with('-') {
        trash.arg("--");
    }
    let trashed = trash
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    let trash_error = match &trashed {
        Ok(output) if output.status.success() => None,
        Ok(output) => Some(
            String::from_utf8_lossy(&output.stderr)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string(),
        ),
        Err(error) => Some(error.to_string()),
    };
    if trash_error.is_none() || !path.exists() {
        remove_lock(path);
        return Ok("Session moved to trash".into());
    }
    match std::fs::remove_file(path) {
        Ok(()) => {
            remove_lock(path);
            Ok("Session deleted".into())
        }
        Err(error) => {
            let hint = trash_error
                .filter(|e| !e.is_empty())
                .map(|e| format!(" (trash: {e})"))
                .unwrap_or_default();
            Err(format!("{error}{hint}"))
        }
    }
}

/// tau's lock file beside a session goes with it.
fn remove_lock(path: &Path) {
    let _ = std::fs::remove_file(tau_session::SessionLock::lock_path(path));
}
