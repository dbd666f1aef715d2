//! Which skill, prompt-template and theme paths a run loads, in Pi 1.6.0's order
//! (`DefaultPackageManager.resolve` and `ResourceLoader.reload`): the `skills`/`prompts`/
//! `themes` entries of the project settings, the project's `.pi/skills` (and
//! `.agents/skills` in the working folder and its ancestors up to the repository root),
//! `.pi/prompts` and `.pi/themes`, the user settings' entries, the agent directory's
//! `skills/` (and `~/.agents/skills`), `prompts/` and `themes/`, then the packages'; then
//! the `--skill`/`--prompt-template`/`--theme` paths. Project entries count only in a trusted
//! project. `--no-skills`/`--no-prompt-templates`/`--no-themes` keep only the explicit paths
//! (and those of `-e` packages).
//! Settings entries may be globs and `!`/`+`/`-` overrides, as for extensions.

use std::path::{Path, PathBuf};

use tau_ext_bridge::discovery::{apply_patterns, enabled_by_overrides, is_pattern, PackageRoot};

use super::packages;

use super::skills::{self, Standalone};
use super::source::Origin;
use super::templates;
use super::themes;

/// Skills or prompt templates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `skills`.
    Skills,
    /// `prompts`.
    Prompts,
    /// `themes` (theme files; the terminal UI reads them).
    Themes,
}

impl Kind {
    /// The settings key and conventional folder name of the kind.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Skills => "skills",
            Kind::Prompts => "prompts",
            Kind::Themes => "themes",
        }
    }
}

/// What decides the paths.
#[derive(Debug, Clone, Default)]
pub struct PathOptions {
    /// tau's agent directory.
    pub agent_dir: PathBuf,
    /// The working folder.
    pub cwd: PathBuf,
    /// Whether the project's own configuration loads.
    pub trusted: bool,
    /// `-ns`/`-np`: only the explicit paths.
    pub no_defaults: bool,
    /// `--skill`/`--prompt-template` values, relative to the working folder.
    pub explicit: Vec<String>,
    /// Installed packages: settings ones (`user`/`project` scope) and `-e` ones
    /// (`temporary`), whose resources load too.
    pub packages: Vec<PackageRoot>,
}

/// A path with where it was configured, its precedence and whether it is enabled.
struct Entry {
    path: PathBuf,
    origin: Origin,
    rank: u8,
    enabled: bool,
}

fn home() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// `value` (trimmed, `~` expanded) against `base`, without touching the disk.
pub fn resolve(base: &Path, value: &str) -> PathBuf {
    let value = value.trim();
    let expanded = if value == "~" {
        home()
    } else if let Some(rest) = value.strip_prefix("~/") {
        home().join(rest)
    } else {
        PathBuf::from(value)
    };
    let mut out = PathBuf::new();
    for part in base.join(expanded).components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn settings_entries(file: &Path, kind: Kind) -> Vec<String> {
    let Some(value) = std::fs::read_to_string(file).ok().and_then(|t| {
        serde_json::from_str::<serde_json::Value>(t.trim_start_matches('\u{feff}')).ok()
    }) else {
        return Vec::new();
    };
    value
        .get(kind.key())
        .and_then(|v| v.as_array())
        .map(|list| {
            list.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// Markdown files under `dir` at any depth, skipping dot entries and `node_modules`
/// (Pi's `collectFiles` for prompts named by settings).
pub(super) fn markdown_tree(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|read| read.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') || name == "node_modules" {
            continue;
        }
        if path.is_dir() {
            markdown_tree(&path, out);
        } else if path.is_file() && name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// The files one configured path holds.
fn files_of(path: &Path, kind: Kind) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    if !path.is_dir() {
        return Vec::new();
    }
    match kind {
        Kind::Skills => skills::files_in(path, Standalone::AtRoot),
        Kind::Prompts => {
            let mut files = Vec::new();
            markdown_tree(path, &mut files);
            files
        }
        Kind::Themes => themes::tree(path),
    }
}

/// A settings file's entries: plain paths give files, patterns decide which are enabled.
fn add_settings(
    out: &mut Vec<Entry>,
    entries: &[String],
    base: &Path,
    kind: Kind,
    scope: &str,
    rank: u8,
) {
    let (patterns, plain): (Vec<String>, Vec<String>) =
        entries.iter().cloned().partition(|e| is_pattern(e));
    let files: Vec<PathBuf> = plain
        .iter()
        .flat_map(|entry| files_of(&resolve(base, entry), kind))
        .collect();
    let enabled = apply_patterns(&files, &patterns, base);
    // Pi gives settings entries no base folder.
    let origin = Origin::top("local", scope, None);
    for path in files {
        let on = enabled.contains(&path);
        out.push(Entry {
            path,
            origin: origin.clone(),
            rank,
            enabled: on,
        });
    }
}

/// A conventional folder's files, each enabled unless the settings' overrides say no.
fn add_auto(
    out: &mut Vec<Entry>,
    files: Vec<PathBuf>,
    overrides: &[String],
    base: &Path,
    scope: &str,
    rank: u8,
) {
    let origin = Origin::top("auto", scope, Some(base));
    for path in files {
        let on = enabled_by_overrides(&path, overrides, base);
        out.push(Entry {
            path,
            origin: origin.clone(),
            rank,
            enabled: on,
        });
    }
}

/// `.agents/skills` in `cwd` and each parent up to the repository root (or the file system
/// root), as Pi's `collectAncestorAgentsSkillDirs`.
fn ancestor_agents_dirs(cwd: &Path) -> Vec<PathBuf> {
    let repo_root = cwd.ancestors().find(|dir| dir.join(".git").exists());
    let mut dirs = Vec::new();
    for dir in cwd.ancestors() {
        dirs.push(dir.join(".agents").join("skills"));
        if Some(dir) == repo_root {
            break;
        }
    }
    dirs
}

/// Agent Skills folders (`.agents/skills`) take standalone `.md` files only below the root.
fn agents_files(dir: &Path) -> Vec<PathBuf> {
    skills::files_in(dir, Standalone::BelowRoot)
}

fn key(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The configured paths of `kind` in load order, each with where it came from: `-e`
/// packages' first, then the configured ones by precedence, then the explicit paths.
pub fn configured(options: &PathOptions, kind: Kind) -> Vec<(PathBuf, Origin)> {
    let mut cli = Vec::new();
    for package in options.packages.iter().filter(|p| p.scope == "temporary") {
        for (path, enabled) in packages::files(package, kind) {
            cli.push(Entry {
                path,
                origin: packages::origin(package),
                rank: 0,
                enabled,
            });
        }
    }
    let mut entries = Vec::new();
    if !options.no_defaults {
        for package in options.packages.iter().filter(|p| p.scope != "temporary") {
            for (path, enabled) in packages::files(package, kind) {
                entries.push(Entry {
                    path,
                    origin: packages::origin(package),
                    rank: 4,
                    enabled,
                });
            }
        }
        top_level_entries(options, kind, &mut entries);
    }
    entries.sort_by_key(|e| e.rank);
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut out = Vec::new();
    for entry in cli.into_iter().chain(entries) {
        let k = key(&entry.path);
        if seen.contains(&k) {
            continue;
        }
        seen.push(k);
        if entry.enabled {
            out.push((entry.path, entry.origin));
        }
    }
    for value in &options.explicit {
        let path = resolve(&options.cwd, value);
        let k = key(&path);
        if seen.contains(&k) {
            continue;
        }
        seen.push(k);
        out.push((path, Origin::explicit("local")));
    }
    out
}

/// The top-level entries of `kind` (settings entries and conventional folders; not packages
/// or explicit paths), in no particular order.
fn top_level_entries(options: &PathOptions, kind: Kind, entries: &mut Vec<Entry>) {
    let user_base = options.agent_dir.clone();
    let project_base = options.cwd.join(".pi");
    let user_entries = settings_entries(&user_base.join("settings.json"), kind);
    let project_entries = if options.trusted {
        settings_entries(&project_base.join("settings.json"), kind)
    } else {
        Vec::new()
    };
    add_settings(entries, &project_entries, &project_base, kind, "project", 0);
    add_settings(entries, &user_entries, &user_base, kind, "user", 2);
    let user_agents = home().join(".agents").join("skills");
    match kind {
        Kind::Skills => {
            if options.trusted {
                let dir = project_base.join("skills");
                add_auto(
                    entries,
                    skills::files_in(&dir, Standalone::AtRoot),
                    &project_entries,
                    &project_base,
                    "project",
                    1,
                );
                for dir in ancestor_agents_dirs(&options.cwd) {
                    if key(&dir) == key(&user_agents) {
                        continue;
                    }
                    let base = dir.parent().map(Path::to_path_buf).unwrap_or_default();
                    add_auto(
                        entries,
                        agents_files(&dir),
                        &project_entries,
                        &base,
                        "project",
                        1,
                    );
                }
            }
            add_auto(
                entries,
                skills::files_in(&user_base.join("skills"), Standalone::AtRoot),
                &user_entries,
                &user_base,
                "user",
                3,
            );
            let base = home().join(".agents");
            add_auto(
                entries,
                agents_files(&user_agents),
                &user_entries,
                &base,
                "user",
                3,
            );
        }
        Kind::Prompts => {
            if options.trusted {
                let files = templates::files_in(&project_base.join("prompts"));
                add_auto(
                    entries,
                    files,
                    &project_entries,
                    &project_base,
                    "project",
                    1,
                );
            }
            let files = templates::files_in(&user_base.join("prompts"));
            add_auto(entries, files, &user_entries, &user_base, "user", 3);
        }
        Kind::Themes => {
            if options.trusted {
                let files = themes::files_in(&project_base.join("themes"));
                add_auto(
                    entries,
                    files,
                    &project_entries,
                    &project_base,
                    "project",
                    1,
                );
            }
            let files = themes::files_in(&user_base.join("themes"));
            add_auto(entries, files, &user_entries, &user_base, "user", 3);
        }
    }
}

/// Every top-level path of `kind` a run would consider, each once (first by precedence),
/// with where it came from and whether it is enabled: what `tau config` lists.
pub fn top_level(options: &PathOptions, kind: Kind) -> Vec<(PathBuf, Origin, bool)> {
    let mut entries = Vec::new();
    top_level_entries(options, kind, &mut entries);
    entries.sort_by_key(|e| e.rank);
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut out = Vec::new();
    for entry in entries {
        let k = key(&entry.path);
        if !seen.contains(&k) {
            seen.push(k);
            out.push((entry.path, entry.origin, entry.enabled));
        }
    }
    out
}
