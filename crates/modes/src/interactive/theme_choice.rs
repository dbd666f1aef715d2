//! Which theme and which `tuiMode` the interactive mode starts with: the theme files the
//! resource loader lists (settings entries, themes folders, packages, `--theme` paths) by
//! `--use-theme` / the `theme` setting, else the built-in theme that suits the terminal's
//! background; `--tui-mode` / the `tuiMode` setting, else
//! fullscreen (Pi's default); the settings `/tree` follows.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tau_tui::theme::{
    color_fg_bg_appearance, detect_color_mode_from_env, Appearance, Theme, ThemeRegistry,
};

/// The theme picked, and a warning when the wanted one could not be used.
pub struct Choice {
    pub theme: Theme,
    pub warning: Option<String>,
    /// Every theme found, to list and switch to.
    pub registry: ThemeRegistry,
    /// The terminal's background, which `system` follows.
    pub terminal: Appearance,
}

/// The theme called `name`, resolved for this terminal.
pub fn named(registry: &ThemeRegistry, name: &str, terminal: Appearance) -> Option<Theme> {
    let definition = registry.definition(name, terminal)?;
    Some(Theme::new(&definition, detect_color_mode_from_env()).renamed(name))
}

/// A string `key` of the `settings.json` in `dir`.
fn setting(dir: &Path, key: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("settings.json")).ok()?;
    let settings: Value = serde_json::from_str(&text).ok()?;
    settings.get(key)?.as_str().map(str::to_string)
}

fn option<'a>(options: &'a [(String, String)], name: &str) -> Option<&'a str> {
    options
        .iter()
        .rev()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.as_str())
}

/// Where the themes and the `theme` setting come from.
pub struct ThemeOrigin<'a> {
    /// The theme files and folders in load order (`tau_app::resources::theme_paths`).
    pub paths: &'a [PathBuf],
    /// A trusted project's folder of `settings.json` (`.pi/`), whose `theme` is over the
    /// user's, as Pi merges them; `None` for an untrusted project.
    pub project_settings: Option<PathBuf>,
}

impl<'a> ThemeOrigin<'a> {
    /// The themes and settings of a run (`options` as the session is opened with).
    pub fn of(options: &tau_app::resources::ResourceOptions, paths: &'a [PathBuf]) -> Self {
        ThemeOrigin {
            paths,
            project_settings: options.trusted.then(|| options.cwd.join(".pi")),
        }
    }
}

/// The theme to start with, from the themes `origin` names.
pub fn choose(agent_dir: &Path, origin: &ThemeOrigin, options: &[(String, String)]) -> Choice {
    let registry = registry_of(agent_dir, origin.paths);
    let wanted = option(options, "use-theme")
        .map(str::to_string)
        .or_else(|| {
            let project = origin.project_settings.as_deref();
            project.and_then(|dir| setting(dir, "theme"))
        })
        .or_else(|| setting(agent_dir, "theme"));
    let terminal = color_fg_bg_appearance(std::env::var("COLORFGBG").ok().as_deref())
        .unwrap_or(Appearance::Dark);
    let (theme, warning) =
        registry.select(wanted.as_deref(), terminal, detect_color_mode_from_env());
    let mut warnings = diagnostics(&registry);
    warnings.extend(warning);
    Choice {
        theme,
        warning: (!warnings.is_empty()).then(|| warnings.join("\n")),
        registry,
        terminal,
    }
}

/// The themes in `paths` (in load order), and the agent directory's own, which Pi lists and
/// selects even when they are not loaded (`--no-themes`, a settings filter).
pub fn registry_of(agent_dir: &Path, paths: &[PathBuf]) -> ThemeRegistry {
    ThemeRegistry::from_paths(paths).with_always_available(&agent_dir.join("themes"))
}

/// The registry's load problems, one line each.
pub fn diagnostics(registry: &ThemeRegistry) -> Vec<String> {
    registry
        .diagnostics()
        .iter()
        .map(|d| format!("theme {}: {}", d.path.display(), d.message))
        .collect()
}

/// The theme files and folders of `resources`, in load order.
pub fn paths_of(resources: &tau_app::resources::Resources) -> Vec<PathBuf> {
    resources
        .theme_paths
        .iter()
        .map(|(path, _)| path.clone())
        .collect()
}

/// `base` with the themes extensions named (`resources_discover`'s `themePaths`), and a
/// warning for each that could not be loaded.
pub fn with_extension_themes(
    base: &ThemeRegistry,
    resources: &tau_app::ext_resources::Discovered,
) -> (ThemeRegistry, Vec<String>) {
    let mut registry = base.clone();
    let known = registry.diagnostics().len();
    let paths: Vec<std::path::PathBuf> = resources
        .theme_paths
        .iter()
        .map(|entry| entry.path.clone())
        .collect();
    registry.load_paths(&paths);
    let warnings = registry.diagnostics()[known..]
        .iter()
        .map(|d| format!("theme {}: {}", d.path.display(), d.message))
        .collect();
    (registry, warnings)
}

/// `regular` or `fullscreen`.
pub fn tui_mode(agent_dir: &Path, options: &[(String, String)]) -> &'static str {
    let wanted = option(options, "tui-mode")
        .map(str::to_string)
        .or_else(|| setting(agent_dir, "tuiMode"));
    match wanted.as_deref() {
        Some("regular") => "regular",
        _ => "fullscreen",
    }
}

/// `doubleEscapeAction`, `treeFilterMode` and `branchSummary.skipPrompt` from the agent
/// dir's settings.json.
pub fn tree_settings(agent_dir: &Path) -> crate::interactive::app::TreeSettings {
    let skip = std::fs::read_to_string(agent_dir.join("settings.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .and_then(|settings| settings.get("branchSummary")?.get("skipPrompt")?.as_bool())
        .unwrap_or(false);
    crate::interactive::app::TreeSettings {
        double_escape: crate::interactive::app::DoubleEscape::from_setting(
            setting(agent_dir, "doubleEscapeAction").as_deref(),
        ),
        filter: crate::interactive::tree::FilterMode::from_setting(
            setting(agent_dir, "treeFilterMode").as_deref(),
        ),
        ask_summary: !skip,
    }
}
