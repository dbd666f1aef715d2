//! Pi package sources (`packages` in settings, and `-e` values), resolved without installing
//! anything: Pi's `DefaultPackageManager.resolvePackageSources` after its installs (tau's
//! start-up install, `tau_app::packages::startup`, runs first); a package still missing is
//! reported with how to install it, or skipped when its install failed (already warned). Where Pi keeps installed packages:
//!
//! - `npm:<spec>`: `<agent dir>/npm/node_modules/<name>` (user settings, falling back to the
//!   global npm root), `<cwd>/.pi/npm/node_modules/<name>` (project settings), and
//!   `<agent dir>/tmp/extensions/npm/<hash>/node_modules/<name>` (`-e`).
//! - `git:<host>/<path>[@ref]` and git URLs: `<agent dir>/git/<host>/<path>` (user),
//!   `<cwd>/.pi/git/<host>/<path>` (project), and under `<agent dir>/tmp/extensions/` (`-e`,
//!   see [`super::temporary`]).
//! - anything else is a local path, relative to the settings file's folder (`-e`: the cwd).

use std::path::{Path, PathBuf};

use super::layout::{collect_from_paths, discover_in, read_manifest, resolve_from};
use super::patterns::{apply_patterns, autoload_delta, expand_glob, has_glob, is_override};
use super::{Acc, Ctx, PACKAGE_RANK};

/// Where a package entry came from; decides its base folder and install location.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// The project's `.pi/settings.json`.
    Project,
    /// The agent directory's `settings.json`.
    User,
    /// A `-e` value.
    Temporary,
}

/// One `packages` entry: a source string, or an object narrowing what loads.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PackageEntry {
    /// The source (`npm:…`, `git:…`, a URL, or a path).
    pub source: String,
    /// The object form's settings; `None` for a plain string.
    pub filter: Option<PackageFilter>,
}

/// The object form of a `packages` entry, as far as extensions are concerned.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct PackageFilter {
    /// `extensions` patterns; `None` loads everything the package declares.
    pub extensions: Option<Vec<String>>,
    /// `autoload: false` makes a project entry a delta over the user entry.
    pub autoload: Option<bool>,
    /// The whole object, for the other resource kinds' patterns (`skills`, `prompts`).
    pub object: serde_json::Value,
}

impl PackageEntry {
    /// Reads a settings value: a string, or an object with a string `source`.
    pub fn from_value(value: &serde_json::Value) -> Option<PackageEntry> {
        if let Some(source) = value.as_str() {
            return Some(PackageEntry {
                source: source.to_string(),
                filter: None,
            });
        }
        let source = value.get("source")?.as_str()?.to_string();
        let extensions = value
            .get("extensions")
            .and_then(|v| v.as_array())
            .map(|list| {
                list.iter()
                    .filter_map(|e| e.as_str().map(String::from))
                    .collect()
            });
        let autoload = value.get("autoload").and_then(|v| v.as_bool());
        Some(PackageEntry {
            source,
            filter: Some(PackageFilter {
                extensions,
                autoload,
                object: value.clone(),
            }),
        })
    }
}

/// A parsed source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `npm:<name>[@<version>]`.
    Npm {
        /// What follows `npm:` (`name@version`), as npm is asked for it.
        spec: String,
        /// The package name.
        name: String,
        /// The version or range, if one was given.
        version: Option<String>,
    },
    /// A git repository.
    Git {
        /// What `git clone` is given: the source without its `@ref` (and without `git:`),
        /// `https://` added to a bare `host/path`.
        repo: String,
        /// The host name (no user, no port).
        host: String,
        /// `owner/name` (more segments for nested groups), without `.git`.
        path: String,
        /// The `@ref` (tag, branch or commit), if one was given.
        git_ref: Option<String>,
    },
    /// A file or folder.
    Local(String),
}

impl Source {
    /// Whether the source names a fixed version (Pi's `pinned`): an exact npm version, or a
    /// git ref.
    pub fn pinned(&self) -> bool {
        match self {
            Source::Npm { version, .. } => version.as_deref().is_some_and(is_exact_version),
            Source::Git { git_ref, .. } => git_ref.is_some(),
            Source::Local(_) => false,
        }
    }
}

/// Whether a value names a local path rather than a package or remote source (Pi's
/// `isLocalPath`).
pub fn is_local(value: &str) -> bool {
    let value = value.trim();
    ![
        "npm:", "git:", "github:", "http:", "https:", "ssh:", "builtin:",
    ]
    .iter()
    .any(|prefix| value.starts_with(prefix))
}

/// Parses a source the way Pi's `parseSource` does.
pub fn parse_source(source: &str) -> Source {
    if let Some(spec) = source.strip_prefix("npm:") {
        let spec = spec.trim().to_string();
        let (name, version) = split_npm_spec(&spec);
        return Source::Npm {
            spec,
            name,
            version,
        };
    }
    if is_local(source) {
        return Source::Local(source.to_string());
    }
    parse_git(source).unwrap_or_else(|| Source::Local(source.to_string()))
}

/// `@scope/name@1.2` into name and version.
fn split_npm_spec(spec: &str) -> (String, Option<String>) {
    let search_from = usize::from(spec.starts_with('@'));
    match spec[search_from..].find('@') {
        Some(at) => {
            let at = at + search_from;
            let version = &spec[at + 1..];
            let version = (!version.is_empty()).then(|| version.to_string());
            (spec[..at].to_string(), version)
        }
        None => (spec.to_string(), None),
    }
}

/// Splits `path@ref` when both parts are there.
fn split_ref(path: &str) -> (&str, Option<&str>) {
    match path.split_once('@') {
        Some((path, git_ref)) if !path.is_empty() && !git_ref.is_empty() => (path, Some(git_ref)),
        _ => (path, None),
    }
}

/// Git sources: `git:` shorthand (`host/owner/repo[@ref]`, `git@host:owner/repo[@ref]`) or
/// an explicit `https://`, `http://`, `ssh://`, `git://` URL (with `@ref` after the path).
fn parse_git(source: &str) -> Option<Source> {
    let trimmed = source.trim();
    let prefixed = trimmed.strip_prefix("git:").map(str::trim);
    let url = prefixed.unwrap_or(trimmed);
    let scheme = ["https://", "http://", "ssh://", "git://"]
        .iter()
        .find(|scheme| url.to_ascii_lowercase().starts_with(*scheme));
    if prefixed.is_none() && scheme.is_none() {
        return None;
    }
    let (repo, host, path, git_ref) = if let Some(rest) = url.strip_prefix("git@") {
        let (host, path) = rest.split_once(':')?;
        let (path, git_ref) = split_ref(path);
        (format!("git@{host}:{path}"), host, path, git_ref)
    } else if let Some(scheme) = scheme {
        let rest = &url[scheme.len()..];
        let (authority, path) = rest.split_once('/')?;
        let host = authority.rsplit('@').next()?.split(':').next()?;
        let (path, git_ref) = split_ref(path);
        let path = path.trim_end_matches('/');
        (format!("{scheme}{authority}/{path}"), host, path, git_ref)
    } else {
        let (host, path) = url.split_once('/')?;
        if !host.contains('.') && host != "localhost" {
            return None;
        }
        let (path, git_ref) = split_ref(path);
        (format!("https://{host}/{path}"), host, path, git_ref)
    };
    let path = path.trim_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path).to_string();
    let unsafe_part = |s: &str| s.contains(['\0', '\\']) || s.split('/').any(|p| p == "..");
    if host.is_empty()
        || host.contains('/')
        || path.split('/').count() < 2
        || path.split('/').any(str::is_empty)
        || unsafe_part(host)
        || unsafe_part(&path)
    {
        return None;
    }
    Some(Source::Git {
        repo,
        host: host.to_string(),
        path,
        git_ref: git_ref.map(String::from),
    })
}

/// The identity two entries are the same package by: npm name, git host and path, or the
/// resolved local path.
fn identity(ctx: &Ctx, source: &str, scope: Scope) -> String {
    match parse_source(source) {
        Source::Npm { name, .. } => format!("npm:{name}"),
        Source::Git { host, path, .. } => format!("git:{host}/{path}"),
        Source::Local(path) => format!("local:{}", resolve_from(&ctx.base(scope), &path).display()),
    }
}

/// Pi's `dedupePackages`: a project entry replaces a user entry of the same package, except
/// that an `autoload: false` project entry keeps the user entry after it.
pub(crate) fn dedupe(ctx: &Ctx, entries: Vec<(PackageEntry, Scope)>) -> Vec<(PackageEntry, Scope)> {
    let mut result: Vec<(PackageEntry, Scope)> = Vec::new();
    let mut seen: Vec<(String, usize)> = Vec::new();
    for (entry, scope) in entries {
        let id = identity(ctx, &entry.source, scope);
        let Some(&(_, index)) = seen.iter().find(|(seen_id, _)| *seen_id == id) else {
            seen.push((id, result.len()));
            result.push((entry, scope));
            continue;
        };
        let (existing, existing_scope) = &result[index];
        if *existing_scope == Scope::Project && scope == Scope::User {
            if existing.filter.as_ref().and_then(|f| f.autoload) == Some(false) {
                result.push((entry, scope));
            }
        } else if scope == Scope::Project {
            result[index] = (entry, scope);
        }
    }
    result
}

/// The source an entry resolves: an `autoload: false` project entry resolves the user
/// entry's source (and folder) for the same package.
fn effective_source<'a>(
    ctx: &Ctx,
    entries: &'a [(PackageEntry, Scope)],
    entry: &'a PackageEntry,
    scope: Scope,
) -> (&'a str, Scope) {
    let delta =
        scope == Scope::Project && entry.filter.as_ref().and_then(|f| f.autoload) == Some(false);
    let user_entry = delta
        .then(|| {
            let id = identity(ctx, &entry.source, scope);
            entries.iter().find(|(other, other_scope)| {
                *other_scope == Scope::User && identity(ctx, &other.source, Scope::User) == id
            })
        })
        .flatten();
    match user_entry {
        Some((user_entry, _)) => (user_entry.source.as_str(), Scope::User),
        None => (entry.source.as_str(), scope),
    }
}

/// Adds the extensions of each package to `acc`. A package that is not installed is
/// recorded in `problems` with how to install it: a `-e` source as an error, a settings
/// entry as a missing package (the caller decides, by `--offline`, whether that stops the
/// run). A local settings path that does not exist is a warning: Pi skips it silently.
pub(crate) fn resolve_all(
    ctx: &Ctx,
    entries: &[(PackageEntry, Scope)],
    acc: &mut Acc,
    problems: &mut Problems,
) {
    for (entry, scope) in entries {
        let (source, source_scope) = effective_source(ctx, entries, entry, *scope);
        let filter = entry.filter.as_ref();
        match parse_source(source) {
            Source::Local(path) => {
                let resolved = resolve_from(&ctx.base(source_scope), &path);
                match std::fs::metadata(&resolved) {
                    Ok(meta) if meta.is_file() => acc.add(resolved, PACKAGE_RANK, true),
                    Ok(meta) if meta.is_dir() => {
                        if !collect_package(&resolved, filter, acc) {
                            acc.add(resolved, PACKAGE_RANK, true);
                        }
                    }
                    // `-e` paths that do not exist are reported by the caller.
                    _ if source_scope == Scope::Temporary => {}
                    _ => problems.warnings.push(format!(
                        "package {source} ({}): {} does not exist; skipped",
                        ctx.origin(source_scope),
                        resolved.display()
                    )),
                }
            }
            Source::Npm {
                spec,
                name,
                version,
            } => match npm_installed(ctx, &name, version.as_deref(), source_scope) {
                Ok(root) => {
                    collect_package(&root, filter, acc);
                }
                // The start-up install failed and said so: Pi skips the package.
                Err(_) if ctx.install_failed(source) => {}
                Err(problem) => {
                    let how = match source_scope {
                        Scope::Temporary => format!(
                            "npm install --prefix {} --legacy-peer-deps --no-audit --no-fund {spec}",
                            ctx.npm_root(source_scope).display()
                        ),
                        _ => install_command(source, source_scope),
                    };
                    problems.not_installed(
                        ctx,
                        source_scope,
                        format!(
                            "package {source} ({}) {problem}; install it with: {how}",
                            ctx.origin(source_scope),
                        ),
                    )
                }
            },
            Source::Git {
                host,
                path,
                git_ref,
                ..
            } => {
                let root = ctx.git_dir(source_scope, &host, &path, git_ref.as_deref());
                if root.is_dir() {
                    collect_package(&root, filter, acc);
                    continue;
                }
                if ctx.install_failed(source) {
                    continue;
                }
                let how = match source_scope {
                    Scope::Temporary => {
                        format!("git clone {} {}", parse_repo(source), root.display())
                    }
                    _ => install_command(source, source_scope),
                };
                problems.not_installed(
                    ctx,
                    source_scope,
                    format!(
                        "package {source} ({}) is not installed (no {}); install it with: {how}",
                        ctx.origin(source_scope),
                        root.display(),
                    ),
                );
            }
        }
    }
}

/// The `tau install` line that installs a configured package where its settings file
/// expects it.
fn install_command(source: &str, scope: Scope) -> String {
    let local = if scope == Scope::Project { " -l" } else { "" };
    format!(
        "tau install{local} {source} (or `tau update --extensions` for every configured package)"
    )
}

/// What resolving the configured extensions found wrong, by what it does to the run.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    /// Shown, and the run goes on without the entry.
    pub(crate) warnings: Vec<String>,
    /// Settings packages that are not installed: Pi installs them at start-up (and skips
    /// them only offline), so they stop the run unless tau runs with `--offline`.
    pub(crate) missing_packages: Vec<String>,
    /// Extensions asked for that cannot load: they stop the run.
    pub(crate) errors: Vec<String>,
}

impl Problems {
    /// Records a package that is not installed: offline, a `-e` source is skipped with a
    /// warning (Pi skips it); otherwise a `-e` source is an error and a settings entry a
    /// missing package.
    fn not_installed(&mut self, ctx: &Ctx, scope: Scope, message: String) {
        match scope {
            Scope::Temporary if ctx.offline => {
                self.warnings.push(format!("{message}; skipped (offline)"))
            }
            Scope::Temporary => self.errors.push(message),
            Scope::Project | Scope::User => self.missing_packages.push(message),
        }
    }
}

/// What `git clone` is given for a git source.
fn parse_repo(source: &str) -> String {
    match parse_source(source) {
        Source::Git { repo, .. } => repo,
        _ => source.to_string(),
    }
}

/// The installed folder of an npm package, or why it is unusable.
fn npm_installed(
    ctx: &Ctx,
    name: &str,
    version: Option<&str>,
    scope: Scope,
) -> Result<PathBuf, String> {
    let managed = ctx.npm_root(scope).join("node_modules").join(name);
    let root = if scope == Scope::User && !managed.exists() {
        ctx.global_npm_root()
            .map(|global| global.join(name))
            .filter(|legacy| legacy.exists())
            .unwrap_or(managed)
    } else {
        managed
    };
    if !root.exists() {
        return Err("is not installed".into());
    }
    let installed = std::fs::read_to_string(root.join("package.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|pkg| pkg.get("version")?.as_str().map(String::from));
    let Some(installed) = installed else {
        return Err(format!(
            "has no readable version in {}",
            root.join("package.json").display()
        ));
    };
    // Pi reinstalls when the installed version is outside the configured version or range
    // (a dist-tag such as `latest` is no range: any version will do).
    match version {
        Some(wanted) if !installed_fits(&installed, wanted) => {
            Err(format!("is installed at version {installed}, not {wanted}"))
        }
        _ => Ok(root),
    }
}

/// Whether an installed npm version fits the version or range a source asks for (Pi's
/// `installedNpmMatchesConfiguredVersion`): anything that is not a range (a dist-tag) fits.
pub fn installed_fits(installed: &str, wanted: &str) -> bool {
    super::npm_range::satisfies(installed, wanted) != Some(false)
}

/// Whether `version` is one exact semver version (`1.2.3`, `v1.2.3-beta.1`), not a range or
/// a tag.
pub fn is_exact_version(version: &str) -> bool {
    let core = version.trim_start_matches('v');
    let core = core.split(['-', '+']).next().unwrap_or_default();
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// Adds a package folder's extensions (Pi's `collectPackageResources`): the object form's
/// filter when given; else the manifest's `pi.extensions` when the manifest lists any
/// resources; else its `extensions/` folder. Returns whether the package declared resources
/// at all (a folder that declares none is loaded as an extension itself).
pub(crate) fn collect_package(root: &Path, filter: Option<&PackageFilter>, acc: &mut Acc) -> bool {
    let manifest = read_manifest(&root.join("package.json"));
    let declared = manifest.as_ref().and_then(|m| m.extensions.clone());
    if let Some(filter) = filter {
        let all = || match &declared {
            Some(entries) if !entries.is_empty() => manifest_enabled(entries, root),
            _ => discover_in(&root.join("extensions")),
        };
        match (&filter.extensions, filter.autoload) {
            (patterns, Some(false)) => {
                let patterns = patterns.clone().unwrap_or_default();
                if !patterns.is_empty() {
                    for (path, enabled) in autoload_delta(&all(), &patterns, root) {
                        acc.add(path, PACKAGE_RANK, enabled);
                    }
                }
            }
            (Some(patterns), _) => {
                let all = all();
                let enabled = if patterns.is_empty() {
                    Default::default()
                } else {
                    apply_patterns(&all, patterns, root)
                };
                for path in all {
                    let on = enabled.contains(&path);
                    acc.add(path, PACKAGE_RANK, on);
                }
            }
            (None, _) => match &declared {
                Some(entries) => add_manifest_entries(entries, root, acc),
                None => {
                    for path in discover_in(&root.join("extensions")) {
                        acc.add(path, PACKAGE_RANK, true);
                    }
                }
            },
        }
        return true;
    }
    if manifest.as_ref().is_some_and(|m| m.has_resource_fields) {
        if let Some(entries) = &declared {
            add_manifest_entries(entries, root, acc);
        }
        return true;
    }
    for path in discover_in(&root.join("extensions")) {
        acc.add(path, PACKAGE_RANK, true);
    }
    ["extensions", "skills", "prompts", "themes"]
        .iter()
        .any(|dir| root.join(dir).exists())
}

/// A package folder's extension files, each with whether the settings entry's object form
/// (`filter`, the entry as written) leaves it enabled: what `tau config` shows and toggles.
/// A local folder that declares no resources is an extension itself (`local_folder`).
pub fn extension_files(
    root: &Path,
    filter: Option<&serde_json::Value>,
    local_folder: bool,
) -> Vec<(PathBuf, bool)> {
    let entry = filter.and_then(PackageEntry::from_value);
    let mut acc = Acc::default();
    let declared = collect_package(
        root,
        entry.as_ref().and_then(|e| e.filter.as_ref()),
        &mut acc,
    );
    if !declared && local_folder {
        acc.add(root.to_path_buf(), PACKAGE_RANK, true);
    }
    acc.entries()
}

/// The files a manifest's entries name (globs expanded), before its own `!`/`+`/`-` patterns.
fn manifest_files(entries: &[String], root: &Path) -> Vec<PathBuf> {
    let paths: Vec<PathBuf> = entries
        .iter()
        .filter(|entry| !is_override(entry))
        .flat_map(|entry| {
            if has_glob(entry) {
                expand_glob(entry, root)
            } else {
                vec![resolve_from(root, entry)]
            }
        })
        .collect();
    collect_from_paths(&paths)
}

/// The manifest's files that its own `!`/`+`/`-` patterns keep, in order.
fn manifest_enabled(entries: &[String], root: &Path) -> Vec<PathBuf> {
    let all = manifest_files(entries, root);
    let patterns: Vec<String> = entries.iter().filter(|e| is_override(e)).cloned().collect();
    let enabled = apply_patterns(&all, &patterns, root);
    all.into_iter()
        .filter(|path| enabled.contains(path))
        .collect()
}

fn add_manifest_entries(entries: &[String], root: &Path, acc: &mut Acc) {
    for path in manifest_enabled(entries, root) {
        acc.add(path, PACKAGE_RANK, true);
    }
}

/// An installed package's folder, with where it was configured.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageRoot {
    /// The package folder.
    pub root: PathBuf,
    /// The source as written (`npm:…`, `git:…`, a path).
    pub source: String,
    /// `user`, `project` or `temporary` (`-e`).
    pub scope: &'static str,
    /// The object form of the settings entry, when it has one (its `skills`, `prompts`,
    /// `autoload` narrow what loads).
    pub filter: Option<serde_json::Value>,
}

/// The folders of the packages in `entries` that are installed (or exist, for local
/// folders); the rest are skipped here, extension discovery reports them.
pub(crate) fn roots(ctx: &Ctx, entries: &[(PackageEntry, Scope)]) -> Vec<PackageRoot> {
    let mut out = Vec::new();
    for (entry, scope) in entries {
        let (source, source_scope) = effective_source(ctx, entries, entry, *scope);
        let root = match parse_source(source) {
            Source::Local(path) => {
                Some(resolve_from(&ctx.base(source_scope), &path)).filter(|p| p.is_dir())
            }
            Source::Npm { name, version, .. } => {
                npm_installed(ctx, &name, version.as_deref(), source_scope).ok()
            }
            Source::Git {
                host,
                path,
                git_ref,
                ..
            } => Some(ctx.git_dir(source_scope, &host, &path, git_ref.as_deref()))
                .filter(|p| p.is_dir()),
        };
        if let Some(root) = root {
            out.push(PackageRoot {
                root,
                source: entry.source.clone(),
                scope: match scope {
                    Scope::Project => "project",
                    Scope::User => "user",
                    Scope::Temporary => "temporary",
                },
                filter: entry.filter.as_ref().map(|f| f.object.clone()),
            });
        }
    }
    out
}

#[cfg(test)]
#[path = "packages_tests.rs"]
mod tests;
