//! Resources extensions add (Pi's `resources_discover`): after every `session_start` each
//! handler may return `skillPaths`, `promptPaths` and `themePaths`; the lists of all
//! handlers are concatenated, each path tagged with the extension that gave it.
//!
//! tau keeps the latest discovery here, in the application layer: the terminal UI adds the
//! themes to its theme list; skills and prompt templates are not built yet, and the work
//! that builds them reads [`ExtensionResources::current`] for the paths extensions gave.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use serde_json::{json, Value};
use tau_ext_bridge::ExtensionHooks;

/// One path an extension returned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResourcePath {
    /// The path, resolved against the extension's folder when it was relative (Pi records
    /// that folder as the resource's `baseDir`).
    pub path: PathBuf,
    /// The extension that returned it.
    pub extension_path: String,
}

/// What the last `resources_discover` returned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Discovered {
    /// Skill files or folders.
    pub skill_paths: Vec<ResourcePath>,
    /// Prompt-template files or folders.
    pub prompt_paths: Vec<ResourcePath>,
    /// Theme files (`.json`) or folders of them.
    pub theme_paths: Vec<ResourcePath>,
}

/// The latest discovery, and how many discoveries ran (readers compare it to notice a new
/// one, e.g. after a reload).
#[derive(Debug, Default)]
pub struct ExtensionResources {
    found: Mutex<Discovered>,
    generation: AtomicU64,
}

impl ExtensionResources {
    /// The paths of the latest discovery.
    pub fn current(&self) -> Discovered {
        self.found.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Counts discoveries: changes whenever [`ExtensionResources::current`] may have.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Runs `resources_discover` (`reason` is `reload` after a reload, else `startup`, as
    /// Pi names it) and keeps what the handlers returned, replacing the previous discovery:
    /// the runtime it belonged to is gone.
    pub async fn discover(&self, hooks: &ExtensionHooks, cwd: &str, reason: &str) {
        if !hooks.handles("resources_discover") {
            return;
        }
        let event = json!({ "type": "resources_discover", "cwd": cwd, "reason": reason });
        let answers = hooks.collect(event).await;
        let found = gather(&answers);
        *self.found.lock().unwrap_or_else(|p| p.into_inner()) = found;
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

/// The handlers' answers concatenated by kind, in handler order.
fn gather(answers: &[(String, Value)]) -> Discovered {
    let mut found = Discovered::default();
    for (extension, answer) in answers {
        let base = Path::new(extension).parent().unwrap_or(Path::new(""));
        let paths = |key: &str| -> Vec<ResourcePath> {
            answer
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(|path| ResourcePath {
                    path: base.join(path),
                    extension_path: extension.clone(),
                })
                .collect()
        };
        found.skill_paths.extend(paths("skillPaths"));
        found.prompt_paths.extend(paths("promptPaths"));
        found.theme_paths.extend(paths("themePaths"));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_concatenate_in_order_tagged_and_resolved() {
        let answers = vec![
            (
                "/ext/a/index.ts".to_string(),
                json!({"skillPaths": ["/abs/SKILL.md"], "themePaths": ["t.json"]}),
            ),
            (
                "/ext/b.ts".to_string(),
                json!({"themePaths": ["/x/dark.json"], "other": 1}),
            ),
        ];
        let found = gather(&answers);
        assert_eq!(
            found.skill_paths,
            [ResourcePath {
                path: "/abs/SKILL.md".into(),
                extension_path: "/ext/a/index.ts".into()
            }]
        );
        assert!(found.prompt_paths.is_empty());
        let themes: Vec<&Path> = found.theme_paths.iter().map(|p| p.path.as_path()).collect();
        assert_eq!(
            themes,
            [Path::new("/ext/a/t.json"), Path::new("/x/dark.json")]
        );
        assert_eq!(found.theme_paths[1].extension_path, "/ext/b.ts");
    }
}
