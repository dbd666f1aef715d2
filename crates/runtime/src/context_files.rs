//! Project context files (AGENTS.md / CLAUDE.md) as Pi finds them: the agent directory's
//! own file first, then one file per directory from the filesystem root down to cwd.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// File names tried in each directory, first match wins (Pi's order).
const CANDIDATES: [&str; 5] = [
    "AGENTS.override.md",
    "AGENTS.md",
    "AGENTS.MD",
    "CLAUDE.md",
    "CLAUDE.MD",
];

/// A context file and its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextFile {
    /// Where it was found.
    pub path: PathBuf,
    /// Its text, without a byte-order mark.
    pub content: String,
}

fn load_from_dir(dir: &Path, warnings: &mut Vec<String>) -> Option<ContextFile> {
    for name in CANDIDATES {
        let path = dir.join(name);
        if !path.is_file() {
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                let content = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
                return Some(ContextFile { path, content });
            }
            Err(error) => warnings.push(format!("could not read {}: {error}", path.display())),
        }
    }
    None
}

/// Loads the context files for `cwd`: the agent directory's, then ancestors' from the
/// outermost down to `cwd` itself. Unreadable files are skipped with a warning.
pub fn load_context_files(cwd: &Path, agent_dir: &Path) -> (Vec<ContextFile>, Vec<String>) {
    let mut warnings = Vec::new();
    let mut files = Vec::new();
    let mut seen = HashSet::new();
    if let Some(global) = load_from_dir(agent_dir, &mut warnings) {
        seen.insert(global.path.clone());
        files.push(global);
    }
    let mut ancestors = Vec::new();
    for dir in cwd.ancestors() {
        if let Some(file) = load_from_dir(dir, &mut warnings) {
            if seen.insert(file.path.clone()) {
                ancestors.push(file);
            }
        }
    }
    ancestors.reverse();
    files.extend(ancestors);
    (files, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_dir_first_then_outermost_ancestor_down_to_cwd() {
        let root = tempfile::tempdir().unwrap();
        let agent = root.path().join("agent");
        let project = root.path().join("project");
        let nested = project.join("nested");
        std::fs::create_dir_all(&agent).unwrap();
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(agent.join("AGENTS.md"), "global").unwrap();
        std::fs::write(project.join("CLAUDE.md"), "\u{feff}project").unwrap();
        std::fs::write(nested.join("AGENTS.md"), "nested").unwrap();
        std::fs::write(nested.join("CLAUDE.md"), "ignored: AGENTS.md wins").unwrap();
        let (files, warnings) = load_context_files(&nested, &agent);
        let contents: Vec<&str> = files.iter().map(|f| f.content.as_str()).collect();
        assert_eq!(contents, ["global", "project", "nested"]);
        assert!(warnings.is_empty());
    }

    #[test]
    fn a_directory_named_like_a_context_file_is_skipped() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir(root.path().join("AGENTS.md")).unwrap();
        std::fs::write(root.path().join("CLAUDE.md"), "claude").unwrap();
        let (files, _) = load_context_files(root.path(), &root.path().join("none"));
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].content, "claude");
    }
}
