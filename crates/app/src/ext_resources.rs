//! Resources extensions add (Pi's `resources_discover`): after every `session_start` each
//! handler may return `skillPaths`, `promptPaths` and `themePaths`; the lists of all
//! handlers are concatenated, each path tagged with the extension that gave it.
//!
//! tau keeps the latest discovery here, in the application layer: the terminal UI adds the
//! themes to its theme list; the skill and prompt-template paths go to the session's
//! [`ResourceLoader`] (linked by [`ExtensionResources::link`]), and the system prompt is
//! rebuilt so the next request lists the new skills.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::current::Current;
use crate::resources::ResourceLoader;

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
#[derive(Default)]
pub struct ExtensionResources {
    found: Mutex<Discovered>,
    generation: AtomicU64,
    /// Where skill and template paths go, and the runtime whose prompt lists the skills.
    linked: OnceLock<Link>,
}

/// [`ExtensionResources::link`]'s targets.
struct Link {
    loader: Arc<ResourceLoader>,
    current: Current,
    warn: fn(&str),
}

impl std::fmt::Debug for ExtensionResources {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtensionResources")
            .field("found", &self.current())
            .field("generation", &self.generation())
            .finish_non_exhaustive()
    }
}

impl ExtensionResources {
    /// The paths of the latest discovery.
    pub fn current(&self) -> Discovered {
        self.found.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Sends every later discovery's skill and prompt-template paths to `loader`, and
    /// rebuilds the system prompt of `current`'s runtime when they change what loads;
    /// problems with what they point at are reported through `warn`.
    pub fn link(&self, loader: Arc<ResourceLoader>, current: Current, warn: fn(&str)) {
        let _ = self.linked.set(Link {
            loader,
            current,
            warn,
        });
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
        if let Some(Link {
            loader,
            current,
            warn,
        }) = self.linked.get()
        {
            let paths = |list: &[ResourcePath]| list.iter().map(|p| p.path.clone()).collect();
            let before = loader.get();
            loader.set_extension_paths(paths(&found.skill_paths), paths(&found.prompt_paths));
            if !Arc::ptr_eq(&before, &loader.get()) {
                loader.get().warnings().iter().for_each(|w| warn(w));
                let runtime = current.get();
                runtime.set_active_tools(&runtime.active_tool_names());
            }
        }
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
