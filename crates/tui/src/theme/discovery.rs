//! Loading theme files and choosing the active theme, as Pi does: the files and folders the
//! resource loader lists (the `themes` settings entries, the trusted project's `.pi/themes/`,
//! `<agentDir>/themes/`, packages' themes, then `--theme` paths) load in that order; the
//! first theme of a name wins and later ones are reported as collisions. A file that fails
//! to load is reported (naming the file and the key) and skipped; the others still load. The
//! agent directory's own themes stay listed and selectable even when not loaded, as Pi's
//! theme list reads that folder itself. The `theme` setting (`name` or `light/dark`) picks
//! the active theme; one that is missing or broken falls back to the built-in `system` theme.

use std::path::{Path, PathBuf};

use super::builtin::{builtin_theme_named, BUILTIN_THEME_NAMES, SYSTEM_THEME_NAME};
use super::color::ColorMode;
use super::file::{load_theme_file, ThemeDefinition};
use super::styled::Theme;
use super::terminal::Appearance;

/// Something worth telling the user about a theme file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeDiagnostic {
    /// The file or folder concerned.
    pub path: PathBuf,
    /// What happened (for a rejected file: every problem with its key).
    pub message: String,
}

/// A theme for a picker: its name and the file it comes from (`None` for built-ins).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThemeEntry {
    /// The theme's name.
    pub name: String,
    /// Its file, if any.
    pub path: Option<PathBuf>,
}

/// The user's themes found on disk, with what went wrong while loading them.
#[derive(Debug, Clone, Default)]
pub struct ThemeRegistry {
    themes: Vec<ThemeDefinition>,
    diagnostics: Vec<ThemeDiagnostic>,
    /// The agent directory's own themes, which Pi lists and selects even when they are not
    /// loaded (`--no-themes`, a settings filter): its theme list reads that folder itself.
    always: Vec<ThemeDefinition>,
}

impl ThemeRegistry {
    /// Loads the theme files and folders in `paths`, in order (a folder gives its own
    /// `*.json` files); which paths a run loads, and in which order, is the resource
    /// loader's decision (`tau_app::resources::theme_paths`).
    pub fn from_paths(paths: &[PathBuf]) -> Self {
        let mut registry = ThemeRegistry::default();
        registry.load_paths(paths);
        registry
    }

    /// Makes the valid themes directly in `dir` (the agent directory's `themes/`) listed and
    /// selectable whether or not they were loaded, as Pi's theme list and lookup read that
    /// folder themselves. Their problems are not reported here (loading reports them).
    pub fn with_always_available(mut self, dir: &Path) -> Self {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|read| read.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        self.always = files
            .into_iter()
            .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "json"))
            .filter_map(|path| load_theme_file(&path).ok())
            .collect();
        self
    }

    /// Add one theme, unless an earlier one has its name (then a collision is reported).
    pub fn add(&mut self, definition: ThemeDefinition) {
        if let Some(winner) = self.themes.iter().find(|t| t.name == definition.name) {
            let path = definition.source_path.clone().unwrap_or_default();
            let winner = winner
                .source_path
                .as_ref()
                .map_or("<builtin>".to_string(), |p| p.display().to_string());
            self.diagnostics.push(ThemeDiagnostic {
                path,
                // Pi's words for a collision, with the winner named as tau names it for
                // skills and prompt templates.
                message: format!(
                    "name \"{}\" collision (skipped; {winner} keeps the name)",
                    definition.name
                ),
            });
            return;
        }
        self.themes.push(definition);
    }

    /// Loads more theme files or folders of them (themes extensions name), after those
    /// already here: a name already taken stays with its first theme, as at start-up.
    pub fn load_paths(&mut self, paths: &[PathBuf]) {
        for path in paths {
            self.load_path(path);
        }
    }

    fn warn(&mut self, path: &Path, message: String) {
        self.diagnostics.push(ThemeDiagnostic {
            path: path.to_path_buf(),
            message,
        });
    }

    fn load_path(&mut self, path: &Path) {
        match std::fs::metadata(path) {
            Err(_) => self.warn(path, "theme path does not exist".to_string()),
            Ok(meta) if meta.is_dir() => self.load_dir(path),
            Ok(meta) if meta.is_file() && path.extension().is_some_and(|e| e == "json") => {
                self.load_file(path)
            }
            Ok(_) => self.warn(path, "theme path is not a json file".to_string()),
        }
    }

    fn load_dir(&mut self, dir: &Path) {
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return,
            Err(error) => return self.warn(dir, format!("cannot read theme folder: {error}")),
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            // `is_file` follows symlinks, as Pi does for linked theme files.
            .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        for file in files {
            self.load_file(&file);
        }
    }

    fn load_file(&mut self, path: &Path) {
        match load_theme_file(path) {
            Ok(definition) => self.add(definition),
            Err(error) => self.warn(path, error.to_string()),
        }
    }

    /// What went wrong while loading.
    pub fn diagnostics(&self) -> &[ThemeDiagnostic] {
        &self.diagnostics
    }

    /// The user's themes, in load order.
    pub fn user_themes(&self) -> &[ThemeDefinition] {
        &self.themes
    }

    /// Every selectable theme, as Pi's `getAvailableThemesWithPaths`: `system` first, then
    /// all others by name; a user theme named like a built-in is listed once, as the built-in.
    pub fn list(&self) -> Vec<ThemeEntry> {
        let mut entries: Vec<ThemeEntry> = BUILTIN_THEME_NAMES
            .iter()
            .map(|name| ThemeEntry {
                name: name.to_string(),
                path: None,
            })
            .collect();
        // Pi lists the agent directory's themes before the loaded ones: of a name in both,
        // the agent directory's file is the one listed.
        for theme in self.always.iter().chain(&self.themes) {
            if !entries.iter().any(|e| e.name == theme.name) {
                entries.push(ThemeEntry {
                    name: theme.name.clone(),
                    path: theme.source_path.clone(),
                });
            }
        }
        // Pi sorts with `localeCompare`: case-insensitive first, and of two names differing
        // only in case the lowercase one first (byte order would put uppercase first).
        entries.sort_by(|a, b| {
            let system = |e: &ThemeEntry| e.name != SYSTEM_THEME_NAME;
            (system(a), a.name.to_lowercase())
                .cmp(&(system(b), b.name.to_lowercase()))
                .then_with(|| b.name.cmp(&a.name))
        });
        entries
    }

    /// The theme called `name`: `system` is always the built-in one; otherwise a loaded theme
    /// comes before the built-in `dark`/`light` of the same name, and those before the agent
    /// directory's own themes that were not loaded, as in Pi.
    pub fn definition(&self, name: &str, terminal: Appearance) -> Option<ThemeDefinition> {
        if name == SYSTEM_THEME_NAME {
            return builtin_theme_named(name, terminal);
        }
        self.themes
            .iter()
            .find(|t| t.name == name)
            .cloned()
            .or_else(|| builtin_theme_named(name, terminal))
            .or_else(|| self.always.iter().find(|t| t.name == name).cloned())
    }

    /// The active theme for the `theme` setting (`None`: `system`), the terminal's appearance
    /// and color mode. A setting naming no known theme gives `system` and a warning to show.
    pub fn select(
        &self,
        setting: Option<&str>,
        terminal: Appearance,
        mode: ColorMode,
    ) -> (Theme, Option<String>) {
        let name = resolve_theme_setting(setting, terminal);
        let wanted = name.as_deref().unwrap_or(SYSTEM_THEME_NAME);
        let system = || {
            Theme::new(&super::builtin::builtin_theme(terminal), mode).renamed(SYSTEM_THEME_NAME)
        };
        let warning = match (setting, &name) {
            (Some(setting), None) => format!(
                "theme setting \"{setting}\" is neither a theme name nor a light/dark pair; using the system theme"
            ),
            _ => match self.definition(wanted, terminal) {
                Some(definition) => return (Theme::new(&definition, mode), None),
                None => format!(
                    "theme \"{wanted}\" not found (or its file is invalid; see the theme warnings); using the system theme"
                ),
            },
        };
        (system(), Some(warning))
    }
}

/// A `light/dark` pair setting split into its two names (exactly one `/`, both sides
/// non-empty after trimming).
pub fn parse_auto_theme_setting(setting: &str) -> Option<(String, String)> {
    let (light, dark) = setting.split_once('/')?;
    if dark.contains('/') {
        return None;
    }
    let (light, dark) = (light.trim(), dark.trim());
    (!light.is_empty() && !dark.is_empty()).then(|| (light.to_string(), dark.to_string()))
}

/// The theme name a `theme` setting means on a terminal of the given appearance: a pair picks
/// its half, a plain name is itself, and a malformed pair or no setting gives `None`.
pub fn resolve_theme_setting(setting: Option<&str>, terminal: Appearance) -> Option<String> {
    let setting = setting?;
    if let Some((light, dark)) = parse_auto_theme_setting(setting) {
        return Some(match terminal {
            Appearance::Light => light,
            Appearance::Dark => dark,
        });
    }
    (!setting.contains('/')).then(|| setting.to_string())
}
