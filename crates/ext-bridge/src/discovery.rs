//! Which extension files to load, by Pi 1.6.0's rules (docs/extensions.md "Extension
//! Locations", docs/settings.md "Resources", docs/packages.md; `core/resource-loader.js` and
//! `core/package-manager.js`).
//!
//! Order: the `-e` sources first, in the order given; then the configured set, sorted by
//! precedence: project `extensions` settings entries, project `.pi/extensions/`, user
//! `extensions` settings entries, `<agent dir>/extensions/`, then `packages` (project entries
//! before user ones). Each path loads once (compared by real path, first wins).
//! `--no-extensions` drops the configured set and keeps `-e`. Project settings and
//! `.pi/extensions/` count only when the project is trusted ([`trust`]).
//!
//! Nothing here downloads: tau's start-up install (`tau_app::packages::startup`, Pi's
//! installs in `resolvePackageSources`) runs first, and tells discovery which sources it
//! failed to install ([`DiscoveryOptions::install_failed`]): those are skipped, as Pi skips
//! them after its warning. A package still missing is reported with how to install it. What
//! stops the run and what is only shown follows what Pi 1.6.0 does with the same
//! configuration (docs/pi-extensions.md, "When extensions fail to load"): an `-e` source
//! that cannot be found is an error, a settings package that is not installed is an error
//! unless the run is offline (skipped then, as Pi skips it), a settings path that does not
//! exist and an untrusted project's `.pi/` are warnings.

mod host_deps;
mod layout;
pub mod npm_range;
pub mod packages;
mod patterns;
pub mod temporary;
pub mod trust;

use std::cell::OnceCell;
use std::path::{Path, PathBuf};

pub use layout::{discover_in, entries_of_folder};
pub use trust::{ProjectTrust, TrustReason};

pub(crate) use layout::normalize;
use layout::{collect_from_paths, path_key};
pub use layout::{path_key as resource_path_key, resolve_from};
pub use packages::PackageRoot;
use packages::{PackageEntry, Problems, Scope};
pub use patterns::{
    apply_patterns, autoload_delta, enabled_by_overrides, expand_glob, has_glob, is_override,
    is_pattern,
};

/// Precedence ranks (Pi's `resourcePrecedenceRank`): lower loads first.
const PROJECT_SETTINGS_RANK: u8 = 0;
const PROJECT_AUTO_RANK: u8 = 1;
const USER_SETTINGS_RANK: u8 = 2;
const USER_AUTO_RANK: u8 = 3;
pub(crate) const PACKAGE_RANK: u8 = 4;

/// What to discover for one run.
#[derive(Debug, Clone, Default)]
pub struct DiscoveryOptions {
    /// tau's agent directory (Pi's `~/.pi/agent`).
    pub agent_dir: PathBuf,
    /// The working directory; its `.pi/` is the project configuration.
    pub cwd: PathBuf,
    /// `-e` values in order: paths (relative to `cwd`) or `npm:`/`git:` sources.
    pub explicit: Vec<String>,
    /// `--no-extensions`: only the `-e` values load.
    pub no_extensions: bool,
    /// `--approve` (`Some(true)`) or `--no-approve` (`Some(false)`).
    pub trust_override: Option<bool>,
    /// The global npm root Pi falls back to for user packages; `None` asks `npm root -g`
    /// when a package is not in the agent directory.
    pub global_npm_root: Option<PathBuf>,
    /// `--offline`: settings packages that are not installed are skipped with a warning
    /// instead of stopping the run (Pi skips them when offline).
    pub offline: bool,
    /// Sources (settings entries or `-e` values, as written) that the start-up install
    /// tried and failed to install: skipped without a word here, the install step warned.
    pub install_failed: Vec<String>,
}

/// The outcome of discovery.
#[derive(Debug, Clone, PartialEq)]
pub struct Discovery {
    /// Extension entry paths in load order, without duplicates.
    pub paths: Vec<PathBuf>,
    /// Problems to show the user; the run goes on (untrusted project, settings paths that
    /// do not exist, packages skipped offline).
    pub warnings: Vec<String>,
    /// Extensions that are configured but cannot be loaded (a missing `-e` path, a package
    /// that is not installed): each stops the run before the first model request.
    pub errors: Vec<LoadProblem>,
    /// The paths that came from `-e` (the rest were discovered or configured), for hints.
    pub explicit: Vec<PathBuf>,
    /// The project trust decision (Pi's `ctx.isProjectTrusted()`).
    pub trust: ProjectTrust,
}

/// An extension that cannot be loaded, and whether it was asked for with `-e` (then
/// `--no-extensions` does not skip it: leaving out the `-e` does).
#[derive(Debug, Clone, PartialEq)]
pub struct LoadProblem {
    /// What is wrong and how to fix it.
    pub message: String,
    /// Whether the entry came from `-e`.
    pub from_cli: bool,
}

/// Paths with a precedence rank and an enabled flag; the first entry for a path wins
/// (Pi's resource accumulator).
#[derive(Debug, Default)]
pub(crate) struct Acc {
    items: Vec<(PathBuf, u8, bool)>,
}

impl Acc {
    /// Records `path` unless it is already recorded.
    pub(crate) fn add(&mut self, path: PathBuf, rank: u8, enabled: bool) {
        if !self.items.iter().any(|(known, _, _)| *known == path) {
            self.items.push((path, rank, enabled));
        }
    }

    /// Every recorded path with its enabled flag, in the order recorded.
    pub(crate) fn entries(self) -> Vec<(PathBuf, bool)> {
        self.items
            .into_iter()
            .map(|(path, _, enabled)| (path, enabled))
            .collect()
    }

    /// The enabled paths by rank (stable), each real path once; a disabled entry still
    /// hides a later entry for the same file.
    fn resolved(mut self) -> Vec<PathBuf> {
        self.items.sort_by_key(|(_, rank, _)| *rank);
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for (path, _, enabled) in self.items {
            let key = path_key(&path);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            if enabled {
                out.push(path);
            }
        }
        out
    }
}

/// Folders and lookups shared by the resolution steps.
pub(crate) struct Ctx<'a> {
    agent_dir: &'a Path,
    cwd: &'a Path,
    global_npm_root: OnceCell<Option<PathBuf>>,
    install_failed: &'a [String],
    offline: bool,
}

impl<'a> Ctx<'a> {
    /// The folders of a run, with `npm root -g` known in advance when the options give it.
    fn new(agent_dir: &'a Path, cwd: &'a Path, options: &'a DiscoveryOptions) -> Ctx<'a> {
        Ctx {
            agent_dir,
            cwd,
            install_failed: &options.install_failed,
            offline: options.offline,
            global_npm_root: match &options.global_npm_root {
                Some(root) => OnceCell::from(Some(root.clone())),
                None => OnceCell::new(),
            },
        }
    }

    /// The folder relative sources of `scope` resolve from.
    pub(crate) fn base(&self, scope: Scope) -> PathBuf {
        match scope {
            Scope::Project => self.cwd.join(".pi"),
            Scope::User => self.agent_dir.to_path_buf(),
            Scope::Temporary => self.cwd.to_path_buf(),
        }
    }

    /// Where an entry of `scope` was written, for messages.
    pub(crate) fn origin(&self, scope: Scope) -> String {
        match scope {
            Scope::Temporary => "from -e".into(),
            _ => format!("in {}", self.base(scope).join("settings.json").display()),
        }
    }

    /// The npm project packages of `scope` are installed into.
    pub(crate) fn npm_root(&self, scope: Scope) -> PathBuf {
        match scope {
            Scope::Temporary => temporary::temporary_npm_root(self.agent_dir),
            _ => self.base(scope).join("npm"),
        }
    }

    /// Where a git package of `scope` is cloned.
    pub(crate) fn git_dir(
        &self,
        scope: Scope,
        host: &str,
        path: &str,
        git_ref: Option<&str>,
    ) -> PathBuf {
        match scope {
            Scope::Temporary => temporary::temporary_git_dir(self.agent_dir, host, path, git_ref),
            _ => self.base(scope).join("git").join(host).join(path),
        }
    }

    /// Whether the start-up install failed for `source` (it already warned).
    pub(crate) fn install_failed(&self, source: &str) -> bool {
        self.install_failed.iter().any(|failed| failed == source)
    }

    /// `npm root -g`, asked once.
    pub(crate) fn global_npm_root(&self) -> Option<PathBuf> {
        self.global_npm_root
            .get_or_init(|| {
                let output = std::process::Command::new("npm")
                    .args(["root", "-g"])
                    .stdin(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null())
                    .output()
                    .ok()?;
                let root = String::from_utf8_lossy(&output.stdout).trim().to_string();
                (output.status.success() && !root.is_empty()).then(|| PathBuf::from(root))
            })
            .clone()
    }
}

/// The parts of one settings file discovery reads.
#[derive(Debug, Default)]
struct ScopeSettings {
    extensions: Vec<String>,
    packages: Vec<PackageEntry>,
    default_project_trust: Option<String>,
}

/// Reads a settings file; a missing file is empty settings.
fn read_settings(path: &Path) -> Result<ScopeSettings, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ScopeSettings::default()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let value: serde_json::Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| {
            format!(
                "{}: invalid JSON ({e}); its extensions and packages are skipped",
                path.display()
            )
        })?;
    let list = |key: &str| -> Vec<&serde_json::Value> {
        value
            .get(key)
            .and_then(|v| v.as_array())
            .map(|a| a.iter().collect())
            .unwrap_or_default()
    };
    Ok(ScopeSettings {
        extensions: list("extensions")
            .into_iter()
            .filter_map(|v| v.as_str().map(String::from))
            .collect(),
        packages: list("packages")
            .into_iter()
            .filter_map(PackageEntry::from_value)
            .collect(),
        default_project_trust: value
            .get("defaultProjectTrust")
            .and_then(|v| v.as_str())
            .map(String::from),
    })
}

/// Everything to load for a run, with warnings and the trust decision.
pub fn discover(options: &DiscoveryOptions) -> Discovery {
    let agent_dir = normalize(&options.agent_dir);
    let cwd = normalize(&options.cwd);
    let mut problems = Problems::default();
    let warnings = &mut problems.warnings;
    // Errors in the global settings file are reported by tau's settings loader.
    let global = read_settings(&agent_dir.join("settings.json")).unwrap_or_default();
    let (trust, store_error) = trust::resolve_trust(
        &agent_dir,
        &cwd,
        options.trust_override,
        global.default_project_trust.as_deref(),
    );
    warnings.extend(store_error);
    let ctx = Ctx::new(&agent_dir, &cwd, options);
    let mut configured = Vec::new();
    if !options.no_extensions {
        let project = if trust.trusted {
            read_settings(&cwd.join(".pi/settings.json")).unwrap_or_else(|error| {
                warnings.push(error);
                ScopeSettings::default()
            })
        } else {
            if trust.reason == TrustReason::Default("ask".into()) && project_has_extensions(&cwd) {
                warnings.push(format!(
                    "project extensions skipped: {} is not trusted, so its .pi/extensions and \
                     .pi/settings.json are not loaded; {}",
                    cwd.display(),
                    trust::how_to_trust(&agent_dir, &cwd)
                ));
            }
            ScopeSettings::default()
        };
        configured = configured_paths(&ctx, &global, &project, trust.trusted, &mut problems);
    }
    let explicit = explicit_paths(&ctx, &options.explicit, &mut problems);
    let Problems {
        mut warnings,
        missing_packages,
        errors,
    } = problems;
    let mut errors: Vec<LoadProblem> = errors
        .into_iter()
        .map(|message| LoadProblem {
            message,
            from_cli: true,
        })
        .collect();
    if options.offline {
        warnings.extend(
            missing_packages
                .into_iter()
                .map(|m| format!("{m}; skipped (offline)")),
        );
    } else {
        errors.extend(missing_packages.into_iter().map(|m| LoadProblem {
            message: format!("{m}; or run with --offline to start without it, as Pi does offline"),
            from_cli: false,
        }));
    }
    let paths = merge(explicit.clone(), configured);
    let roots: Vec<PathBuf> = package_roots(options, trust.trusted)
        .into_iter()
        .map(|root| normalize(&root.root))
        .collect();
    warnings.extend(host_deps::host_dependency_warnings(&roots, &paths));
    Discovery {
        paths,
        warnings,
        errors,
        explicit,
        trust,
    }
}

/// The installed packages of the settings (project ones only when `trusted`; project
/// entries first, deduplicated as for extensions) and of the `-e` values, for the other
/// resource kinds they carry (skills, prompt templates). Packages that are not installed
/// are left out; [`discover`] reports them.
pub fn package_roots(options: &DiscoveryOptions, trusted: bool) -> Vec<PackageRoot> {
    let agent_dir = normalize(&options.agent_dir);
    let cwd = normalize(&options.cwd);
    let ctx = Ctx::new(&agent_dir, &cwd, options);
    let global = read_settings(&agent_dir.join("settings.json")).unwrap_or_default();
    let project = if trusted {
        read_settings(&cwd.join(".pi/settings.json")).unwrap_or_default()
    } else {
        ScopeSettings::default()
    };
    let configured: Vec<(PackageEntry, Scope)> = project
        .packages
        .iter()
        .map(|p| (p.clone(), Scope::Project))
        .chain(global.packages.iter().map(|p| (p.clone(), Scope::User)))
        .collect();
    let explicit = options
        .explicit
        .iter()
        .filter(|s| !s.starts_with("builtin:"))
        .map(|source| {
            let entry = PackageEntry {
                source: source.clone(),
                filter: None,
            };
            (entry, Scope::Temporary)
        });
    let mut entries: Vec<(PackageEntry, Scope)> = explicit.collect();
    entries.extend(packages::dedupe(&ctx, configured));
    packages::roots(&ctx, &entries)
}

/// Whether an untrusted project would have contributed extensions.
fn project_has_extensions(cwd: &Path) -> bool {
    if !discover_in(&cwd.join(".pi/extensions")).is_empty() {
        return true;
    }
    read_settings(&cwd.join(".pi/settings.json"))
        .is_ok_and(|s| !s.extensions.is_empty() || !s.packages.is_empty())
}

/// A top-level extension (a settings `extensions` entry or a file in an `extensions/`
/// folder), as `tau config` lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct TopLevelExtension {
    /// The entry file.
    pub path: PathBuf,
    /// Whether it loads.
    pub enabled: bool,
    /// `user` or `project`.
    pub scope: &'static str,
    /// `auto` (found in the `extensions/` folder) or `local` (a settings entry).
    pub source: &'static str,
}

/// The top-level extensions of the user's settings and agent directory, and with `trusted`
/// the project's, each once by precedence (project settings, `.pi/extensions/`, user
/// settings, `<agent dir>/extensions/`), disabled ones included.
pub fn top_level_extensions(agent_dir: &Path, cwd: &Path, trusted: bool) -> Vec<TopLevelExtension> {
    let agent_dir = normalize(agent_dir);
    let cwd = normalize(cwd);
    let global = read_settings(&agent_dir.join("settings.json")).unwrap_or_default();
    let project = if trusted {
        read_settings(&cwd.join(".pi/settings.json")).unwrap_or_default()
    } else {
        ScopeSettings::default()
    };
    let mut found: Vec<TopLevelExtension> = Vec::new();
    let mut add = |path: PathBuf, enabled: bool, scope: &'static str, source: &'static str| {
        let key = path_key(&path);
        if !found.iter().any(|f| path_key(&f.path) == key) {
            found.push(TopLevelExtension {
                path,
                enabled,
                scope,
                source,
            });
        }
    };
    let scopes = [
        (&project, cwd.join(".pi"), "project", trusted),
        (&global, agent_dir, "user", true),
    ];
    for (settings, base, scope, wanted) in &scopes {
        if !wanted {
            continue;
        }
        let (patterns, plain): (Vec<String>, Vec<String>) = settings
            .extensions
            .iter()
            .cloned()
            .partition(|e| is_pattern(e));
        let resolved: Vec<PathBuf> = plain
            .iter()
            .filter(|e| !e.starts_with("builtin:"))
            .map(|e| resolve_from(base, e))
            .collect();
        let all = collect_from_paths(&resolved);
        let enabled = apply_patterns(&all, &patterns, base);
        let settings_entries: Vec<(PathBuf, bool)> = all
            .into_iter()
            .map(|path| {
                let on = enabled.contains(&path);
                (path, on)
            })
            .collect();
        let auto: Vec<(PathBuf, bool)> = discover_in(&base.join("extensions"))
            .into_iter()
            .map(|path| {
                let on = enabled_by_overrides(&path, &settings.extensions, base);
                (path, on)
            })
            .collect();
        for (path, on) in settings_entries {
            add(path, on, scope, "local");
        }
        for (path, on) in auto {
            add(path, on, scope, "auto");
        }
    }
    found
}

/// The configured set: packages, settings entries, and the discovered folders.
fn configured_paths(
    ctx: &Ctx,
    global: &ScopeSettings,
    project: &ScopeSettings,
    trusted: bool,
    problems: &mut Problems,
) -> Vec<PathBuf> {
    let mut acc = Acc::default();
    let entries: Vec<(PackageEntry, Scope)> = project
        .packages
        .iter()
        .map(|p| (p.clone(), Scope::Project))
        .chain(global.packages.iter().map(|p| (p.clone(), Scope::User)))
        .collect();
    let entries = packages::dedupe(ctx, entries);
    packages::resolve_all(ctx, &entries, &mut acc, problems);
    let project_base = ctx.base(Scope::Project);
    let user_base = ctx.base(Scope::User);
    add_settings_entries(
        ctx,
        &mut acc,
        &project.extensions,
        Scope::Project,
        PROJECT_SETTINGS_RANK,
        &mut problems.warnings,
    );
    add_settings_entries(
        ctx,
        &mut acc,
        &global.extensions,
        Scope::User,
        USER_SETTINGS_RANK,
        &mut problems.warnings,
    );
    if trusted {
        for path in discover_in(&project_base.join("extensions")) {
            let on = enabled_by_overrides(&path, &project.extensions, &project_base);
            acc.add(path, PROJECT_AUTO_RANK, on);
        }
    }
    for path in discover_in(&user_base.join("extensions")) {
        let on = enabled_by_overrides(&path, &global.extensions, &user_base);
        acc.add(path, USER_AUTO_RANK, on);
    }
    acc.resolved()
}

/// A scope's `extensions` entries (Pi's `resolveLocalEntries`): paths are files or folders
/// relative to the settings file's folder; glob and `!`/`+`/`-` entries filter them.
fn add_settings_entries(
    ctx: &Ctx,
    acc: &mut Acc,
    entries: &[String],
    scope: Scope,
    rank: u8,
    warnings: &mut Vec<String>,
) {
    let base = ctx.base(scope);
    let (patterns, plain): (Vec<String>, Vec<String>) =
        entries.iter().cloned().partition(|e| is_pattern(e));
    let mut resolved = Vec::new();
    for entry in plain.iter().filter(|e| !e.starts_with("builtin:")) {
        let path = resolve_from(&base, entry);
        // Pi skips such an entry without a word; tau says so.
        if !path.exists() {
            warnings.push(format!(
                "extension path {} ({}) does not exist; skipped",
                path.display(),
                ctx.origin(scope)
            ));
        }
        resolved.push(path);
    }
    let all = collect_from_paths(&resolved);
    let enabled = apply_patterns(&all, &patterns, &base);
    for path in all {
        let on = enabled.contains(&path);
        acc.add(path, rank, on);
    }
}

/// The `-e` values: each a path (file, folder or package folder) or a package source.
fn explicit_paths(ctx: &Ctx, explicit: &[String], problems: &mut Problems) -> Vec<PathBuf> {
    let mut acc = Acc::default();
    for source in explicit {
        if source.starts_with("builtin:") {
            problems.errors.push(format!(
                "-e {source}: tau has no built-in extensions; leave out this -e argument"
            ));
            continue;
        }
        let entry = PackageEntry {
            source: source.clone(),
            filter: None,
        };
        packages::resolve_all(ctx, &[(entry, Scope::Temporary)], &mut acc, problems);
        if packages::is_local(source) {
            let path = resolve_from(ctx.cwd, source);
            if !path.exists() {
                // Pi's words: `Extension path does not exist: <path>`.
                problems.errors.push(format!(
                    "failed to load extension \"{}\": extension path does not exist",
                    path.display()
                ));
            }
        }
    }
    acc.resolved()
}

/// `primary` then `additional`, each real path once (Pi's `mergePaths`).
fn merge(primary: Vec<PathBuf>, additional: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for path in primary.into_iter().chain(additional) {
        let key = path_key(&path);
        if !seen.contains(&key) {
            seen.push(key);
            out.push(path);
        }
    }
    out
}
