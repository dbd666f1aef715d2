//! Skills, prompt templates and theme files for a session (Pi's `ResourceLoader` for those
//! kinds), shared by every mode: which files load ([`paths`], [`themes`]), what they hold
//! ([`skills`], [`templates`]; the terminal UI reads the themes), the commands they add, and
//! what `/skill:<name>` and `/<template>` prompts become. Paths that extensions contribute later (`resources_discover`) are added
//! with [`ResourceLoader::set_extension_paths`].

pub mod frontmatter;
pub mod packages;
pub mod paths;
pub mod skills;
pub mod source;
pub mod templates;
pub mod themes;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use serde_json::{json, Value};

pub use paths::{Kind, PathOptions};
pub use skills::Skill;
pub use source::{Diagnostic, Origin, Severity, SourceInfo};
pub use templates::Template;

/// What decides the resources of a run.
#[derive(Debug, Clone, Default)]
pub struct ResourceOptions {
    /// tau's agent directory.
    pub agent_dir: PathBuf,
    /// The working folder.
    pub cwd: PathBuf,
    /// Whether the project's own configuration loads (the project trust decision).
    pub trusted: bool,
    /// `-ns`/`--no-skills`.
    pub no_skills: bool,
    /// `-np`/`--no-prompt-templates`.
    pub no_prompt_templates: bool,
    /// `--skill` values.
    pub skills: Vec<String>,
    /// `--prompt-template` values.
    pub prompt_templates: Vec<String>,
    /// `--no-themes`.
    pub no_themes: bool,
    /// `--theme` values (files or folders).
    pub themes: Vec<String>,
    /// Installed packages whose skills, templates and themes load (settings and `-e` ones).
    pub packages: Vec<tau_ext_bridge::discovery::PackageRoot>,
}

/// The loaded skills and templates, with what went wrong loading them.
#[derive(Debug, Clone, Default)]
pub struct Resources {
    /// Skills, one per name.
    pub skills: Vec<Skill>,
    /// Prompt templates, one per name.
    pub templates: Vec<Template>,
    /// Problems with skills.
    pub skill_diagnostics: Vec<Diagnostic>,
    /// Problems with prompt templates.
    pub prompt_diagnostics: Vec<Diagnostic>,
    /// Theme files and folders in load order, each with where it came from (the first
    /// theme of a name wins).
    pub theme_paths: Vec<(PathBuf, Origin)>,
}

impl Resources {
    /// Every problem as one line for the user.
    pub fn warnings(&self) -> Vec<String> {
        let skills = self.skill_diagnostics.iter().map(|d| d.describe("skill"));
        let prompts = self
            .prompt_diagnostics
            .iter()
            .map(|d| d.describe("prompt template"));
        skills.chain(prompts).collect()
    }

    /// The commands templates and skills add, as Pi's RPC `get_commands` and
    /// `pi.getCommands()` list them (after the extension commands): templates
    /// (`source: "prompt"`), then skills as `skill:<name>` (`source: "skill"`).
    pub fn commands(&self) -> Vec<Value> {
        let templates = self.templates.iter().map(|t| {
            json!({
                "name": t.name,
                "description": t.description,
                "source": "prompt",
                "sourceInfo": t.source_info.to_json(),
            })
        });
        let skills = self.skills.iter().map(|s| {
            json!({
                "name": format!("skill:{}", s.name),
                "description": s.description,
                "source": "skill",
                "sourceInfo": s.source_info.to_json(),
            })
        });
        templates.chain(skills).collect()
    }

    /// What a prompt becomes (Pi's `_expandSkillCommand` then `expandPromptTemplate`): a
    /// `/skill:<name>` prompt the skill's block, a `/<template>` prompt the template with
    /// its arguments; anything else stays. A skill file that cannot be read leaves the
    /// prompt as it is and is reported through `warn`.
    pub fn expand(&self, text: &str, warn: &dyn Fn(&str)) -> String {
        let text = match skills::expand(text, &self.skills) {
            Some(Ok(expanded)) => expanded,
            Some(Err((path, error))) => {
                warn(&format!(
                    "skill {}: cannot be read: {error}",
                    path.display()
                ));
                text.to_string()
            }
            None => text.to_string(),
        };
        templates::expand(&text, &self.templates).unwrap_or(text)
    }
}

/// Loads the resources of a run and keeps them current; shared by the prompt pipeline, the
/// system prompt and the modes' command lists.
pub struct ResourceLoader {
    options: ResourceOptions,
    /// Paths extensions added (`resources_discover`), kept across reloads.
    added: RwLock<(Vec<PathBuf>, Vec<PathBuf>)>,
    loaded: RwLock<Arc<Resources>>,
    /// How many times the resources were loaded, so a UI can tell a `/reload` happened.
    generation: AtomicU64,
}

impl std::fmt::Debug for ResourceLoader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourceLoader").finish_non_exhaustive()
    }
}

impl ResourceLoader {
    /// Loads the resources `options` describe.
    pub fn new(options: ResourceOptions) -> ResourceLoader {
        let loader = ResourceLoader {
            options,
            added: RwLock::new((Vec::new(), Vec::new())),
            loaded: RwLock::new(Arc::new(Resources::default())),
            generation: AtomicU64::new(0),
        };
        loader.reload();
        loader
    }

    /// The resources as last loaded.
    pub fn get(&self) -> Arc<Resources> {
        self.loaded
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Reads every configured file again (Pi's `/reload`).
    pub fn reload(&self) {
        let added = self.added.read().unwrap_or_else(|p| p.into_inner()).clone();
        let resources = load(&self.options, &added.0, &added.1);
        *self.loaded.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(resources);
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// Counts the loads: it changes after each [`ResourceLoader::reload`].
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// What the resources were loaded from.
    pub fn options(&self) -> &ResourceOptions {
        &self.options
    }

    /// Sets the skill and prompt-template paths extensions contributed (the
    /// `skillPaths`/`promptPaths` of the latest `resources_discover`), loaded after the
    /// configured ones as Pi's `extendResources` does, and reloads. Each discovery replaces
    /// the previous one's paths (its extensions' runtime is gone); a path loads once.
    pub fn set_extension_paths(&self, skill_paths: Vec<PathBuf>, prompt_paths: Vec<PathBuf>) {
        let unique = |paths: Vec<PathBuf>| {
            let mut kept: Vec<PathBuf> = Vec::new();
            for path in paths {
                if !kept.contains(&path) {
                    kept.push(path);
                }
            }
            kept
        };
        let paths = (unique(skill_paths), unique(prompt_paths));
        {
            let mut added = self.added.write().unwrap_or_else(|p| p.into_inner());
            if *added == paths {
                return;
            }
            *added = paths;
        }
        self.reload();
    }
}

fn load(
    options: &ResourceOptions,
    extra_skills: &[PathBuf],
    extra_prompts: &[PathBuf],
) -> Resources {
    let base = |no_defaults: bool, explicit: &[String]| PathOptions {
        agent_dir: options.agent_dir.clone(),
        cwd: options.cwd.clone(),
        trusted: options.trusted,
        no_defaults,
        explicit: explicit.to_vec(),
        packages: options.packages.clone(),
    };
    let from_extension = |paths: &[PathBuf]| -> Vec<(PathBuf, Origin)> {
        paths
            .iter()
            .map(|p| (p.clone(), Origin::explicit("extension")))
            .collect()
    };
    let mut skill_paths =
        paths::configured(&base(options.no_skills, &options.skills), Kind::Skills);
    skill_paths.extend(from_extension(extra_skills));
    let skills = skills::load(&skill_paths);
    let mut prompt_paths = paths::configured(
        &base(options.no_prompt_templates, &options.prompt_templates),
        Kind::Prompts,
    );
    prompt_paths.extend(from_extension(extra_prompts));
    let mut templates = templates::load(&prompt_paths);
    for value in &options.prompt_templates {
        let path = paths::resolve(&options.cwd, value);
        if !path.exists() {
            templates.diagnostics.push(Diagnostic {
                severity: Severity::Error,
                message: "prompt template path does not exist".into(),
                path,
                winner: None,
            });
        }
    }
    Resources {
        skills: skills.skills,
        templates: templates.templates,
        skill_diagnostics: skills.diagnostics,
        prompt_diagnostics: templates.diagnostics,
        theme_paths: theme_paths(options),
    }
}

/// The theme files and folders a run loads, in Pi's order (see [`paths`]).
pub fn theme_paths(options: &ResourceOptions) -> Vec<(PathBuf, Origin)> {
    let path_options = PathOptions {
        agent_dir: options.agent_dir.clone(),
        cwd: options.cwd.clone(),
        trusted: options.trusted,
        no_defaults: options.no_themes,
        explicit: options.themes.clone(),
        packages: options.packages.clone(),
    };
    paths::configured(&path_options, Kind::Themes)
}

/// Expands the text of a prompt (see [`Resources::expand`]): plain text, or the one text
/// block of a prompt with images; a prompt with several text blocks stays as it is.
pub fn expand_content(
    resources: &Resources,
    prompt: tau_protocol::UserContent,
    warn: fn(&str),
) -> tau_protocol::UserContent {
    use tau_protocol::{ContentBlock, UserContent};
    match prompt {
        UserContent::Text(text) => UserContent::Text(resources.expand(&text, &warn)),
        UserContent::Blocks(mut blocks) => {
            let mut texts = blocks.iter_mut().filter_map(|block| match block {
                ContentBlock::Text { text, .. } => Some(text),
                _ => None,
            });
            if let (Some(text), None) = (texts.next(), texts.next()) {
                *text = resources.expand(text, &warn);
            }
            UserContent::Blocks(blocks)
        }
    }
}
