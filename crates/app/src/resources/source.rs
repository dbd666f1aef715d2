//! Where a loaded skill or prompt template came from (Pi's `sourceInfo`), and the problems
//! loading found (Pi's resource diagnostics).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

/// Pi's `sourceInfo`: `source` is `auto` (a conventional folder), `local` (a settings entry
/// or an explicit path), `cli` or a package source; `scope` is `user`, `project` or
/// `temporary`; `origin` is `top-level` or `package`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceInfo {
    /// The resource file.
    pub path: PathBuf,
    /// How it was found.
    pub source: String,
    /// Whose configuration it belongs to.
    pub scope: String,
    /// Whether it came from a package.
    pub origin: String,
    /// The folder its paths are relative to.
    pub base_dir: Option<PathBuf>,
}

impl SourceInfo {
    /// Where a resource found by a configuration entry (`meta`) sits.
    pub fn at(path: &Path, meta: &Origin) -> SourceInfo {
        SourceInfo {
            path: path.to_path_buf(),
            source: meta.source.clone(),
            scope: meta.scope.clone(),
            origin: meta.origin.clone(),
            base_dir: match meta.base_dir.clone() {
                None if meta.parent_is_base => path.parent().map(Path::to_path_buf),
                base => base,
            },
        }
    }

    /// As Pi's RPC and `getCommands` carry it.
    pub fn to_json(&self) -> Value {
        let mut value = json!({
            "path": self.path.display().to_string(),
            "source": self.source,
            "scope": self.scope,
            "origin": self.origin,
        });
        if let (Some(base), Some(map)) = (&self.base_dir, value.as_object_mut()) {
            map.insert("baseDir".into(), json!(base.display().to_string()));
        }
        value
    }
}

/// What a configured path is (Pi's path metadata): the fields of [`SourceInfo`] but the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// See [`SourceInfo::source`].
    pub source: String,
    /// See [`SourceInfo::scope`].
    pub scope: String,
    /// See [`SourceInfo::origin`].
    pub origin: String,
    /// See [`SourceInfo::base_dir`].
    pub base_dir: Option<PathBuf>,
    /// Without `base_dir`, each file's folder is its base (explicit paths); otherwise a
    /// resource has none (settings entries).
    pub parent_is_base: bool,
}

impl Origin {
    /// A top-level resource.
    pub fn top(source: &str, scope: &str, base_dir: Option<&Path>) -> Origin {
        Origin {
            source: source.into(),
            scope: scope.into(),
            origin: "top-level".into(),
            base_dir: base_dir.map(Path::to_path_buf),
            parent_is_base: false,
        }
    }

    /// A path given on the command line (or by an extension): its file's folder is its base.
    pub fn explicit(source: &str) -> Origin {
        Origin {
            parent_is_base: true,
            ..Origin::top(source, "temporary", None)
        }
    }
}

/// How bad a loading problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The resource is loaded anyway, or skipped with a reason.
    Warning,
    /// A path asked for does not exist.
    Error,
    /// A second resource with a taken name, skipped.
    Collision,
}

/// One loading problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// Pi's words for it.
    pub message: String,
    /// The file or folder concerned.
    pub path: PathBuf,
    /// For a collision: the resource that keeps the name.
    pub winner: Option<PathBuf>,
}

impl Diagnostic {
    /// A warning about `path`.
    pub fn warning(message: impl Into<String>, path: &Path) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            message: message.into(),
            path: path.to_path_buf(),
            winner: None,
        }
    }

    /// One line for the user: what, where, and for a collision which file wins.
    pub fn describe(&self, kind: &str) -> String {
        match (&self.severity, &self.winner) {
            (Severity::Collision, Some(winner)) => format!(
                "{kind} {}: {} (skipped; {} keeps the name)",
                self.path.display(),
                self.message,
                winner.display()
            ),
            _ => format!("{kind} {}: {}", self.path.display(), self.message),
        }
    }
}
