//! Pi's package management (`pi install`, `remove`, `update`, `list`; Pi 1.6.0's
//! `DefaultPackageManager`): installing npm and git sources where tau's extension, skill and
//! prompt discovery finds them, and keeping the `packages` records in settings.
//!
//! Where things go (user scope; with `-l` the same under `<cwd>/.pi/`):
//! - `npm:<name>[@<version>]`: `<agent dir>/npm/node_modules/<name>` (an npm project of its own)
//! - git sources: `<agent dir>/git/<host>/<path>`
//! - local paths: nothing is copied; the record points at the folder or file
//!
//! The source syntax and the installed layout are shared with discovery
//! (`tau_ext_bridge::discovery::packages`). Everything here is synchronous: the commands run
//! before any runtime starts, and npm/git run one at a time with their output on stderr.

mod command;
mod config;
mod git;
mod npm;
mod records;
pub mod resources;
pub mod startup;
mod update;
pub mod update_check;
mod version;

use std::path::{Path, PathBuf};

use serde_json::Value;
use tau_ext_bridge::discovery::packages::{parse_source, Source};

pub use command::Program;
pub use git::GitRepo;
pub use records::{entry_source, relative_path};
pub use update::UpdateReport;

/// Which settings file a package is recorded in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// `<agent dir>/settings.json`.
    User,
    /// `<cwd>/.pi/settings.json` (`-l`).
    Project,
}

impl Scope {
    /// Pi's name for the scope.
    pub fn label(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
        }
    }
}

/// Receives the package manager's progress lines ("Installing npm:foo...") and warnings.
pub type ProgressSink = Box<dyn Fn(&str) + Send + Sync>;

/// One configured package, as `tau list` shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfiguredPackage {
    /// The source as recorded.
    pub source: String,
    /// Where it is recorded.
    pub scope: Scope,
    /// Whether the entry is the object form (it narrows what loads).
    pub filtered: bool,
    /// Where it is installed, when it is.
    pub installed_path: Option<PathBuf>,
}

/// Installs, removes, updates and lists packages for one working folder and agent directory.
pub struct PackageManager {
    agent_dir: PathBuf,
    cwd: PathBuf,
    project_trusted: bool,
    npm: Program,
    progress: ProgressSink,
    /// `npm root -g`, asked once when needed.
    global_npm_root: std::sync::OnceLock<Option<PathBuf>>,
}

/// `npmCommand` from a settings file, when it names a program.
fn npm_command_in(settings: &Path) -> Option<Program> {
    let text = std::fs::read_to_string(settings).ok()?;
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}')).ok()?;
    let list: Vec<String> = value
        .get("npmCommand")?
        .as_array()?
        .iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect();
    let (command, prefix) = list.split_first()?;
    (!command.is_empty()).then(|| Program {
        command: command.clone(),
        prefix: prefix.to_vec(),
    })
}

impl PackageManager {
    /// A manager for `cwd` and `agent_dir`. Project settings (and project storage) are used
    /// only when `project_trusted`. The npm program is `npmCommand` from settings (the
    /// project's over the user's), else `TAU_NPM`, else `npm`.
    pub fn new(
        agent_dir: &Path,
        cwd: &Path,
        project_trusted: bool,
        progress: ProgressSink,
    ) -> PackageManager {
        let here = std::env::current_dir().unwrap_or_default();
        let absolute =
            |p: &Path| tau_ext_bridge::discovery::resolve_from(&here, &p.to_string_lossy());
        let (agent_dir, cwd) = (absolute(agent_dir), absolute(cwd));
        let project_npm = project_trusted
            .then(|| npm_command_in(&cwd.join(".pi/settings.json")))
            .flatten();
        let npm = project_npm
            .or_else(|| npm_command_in(&agent_dir.join("settings.json")))
            .or_else(|| {
                std::env::var("TAU_NPM")
                    .ok()
                    .filter(|v| !v.is_empty())
                    .map(|v| Program::named(&v))
            })
            .unwrap_or_else(|| Program::named("npm"));
        PackageManager {
            agent_dir,
            cwd,
            project_trusted,
            npm,
            progress,
            global_npm_root: std::sync::OnceLock::new(),
        }
    }

    /// The global npm packages folder (`npm root -g`), if npm answers.
    fn global_npm_root(&self) -> Option<PathBuf> {
        self.global_npm_root
            .get_or_init(|| {
                let args = vec!["root".to_string(), "-g".to_string()];
                command::capture(&self.npm, &args, None)
                    .ok()
                    .filter(|root| !root.is_empty())
                    .map(PathBuf::from)
            })
            .clone()
    }

    fn say(&self, line: &str) {
        (self.progress)(line);
    }

    fn warn(&self, line: &str) {
        (self.progress)(&format!("Warning: {line}"));
    }

    fn check_scope(&self, scope: Scope) -> Result<(), String> {
        if scope == Scope::Project && !self.project_trusted {
            return Err(
                "Project is not trusted; refusing to access project package storage (pass --approve)"
                    .into(),
            );
        }
        Ok(())
    }

    /// The scopes whose settings count: the user's, and the project's when trusted.
    fn scopes(&self) -> Vec<Scope> {
        if self.project_trusted {
            vec![Scope::User, Scope::Project]
        } else {
            vec![Scope::User]
        }
    }

    /// Installs `source` into `scope`'s storage (a local path only has to exist).
    pub fn install(&self, source: &str, scope: Scope) -> Result<(), String> {
        self.check_scope(scope)?;
        self.say(&format!("Installing {source}..."));
        match parse_source(source) {
            Source::Npm { spec, name, .. } => {
                self.install_npm(std::slice::from_ref(&spec), scope)?;
                let path = self.npm_install_path(&name, scope);
                if !path.exists() {
                    return Err(format!(
                        "npm finished but {} is missing; check that the package is named {name}",
                        path.display()
                    ));
                }
                Ok(())
            }
            Source::Git {
                repo,
                host,
                path,
                git_ref,
            } => self.install_git(
                &GitRepo {
                    repo,
                    host,
                    path,
                    git_ref,
                },
                scope,
            ),
            Source::Local(path) => {
                let resolved = self.resolve_input_path(&path);
                if resolved.exists() {
                    Ok(())
                } else {
                    Err(format!(
                        "Path does not exist: {}; give the path of a package folder or extension \
                         file (relative paths start from {})",
                        resolved.display(),
                        self.cwd.display()
                    ))
                }
            }
        }
    }

    /// Installs `source` and records it in `scope`'s settings (only after the install worked).
    pub fn install_and_record(&self, source: &str, scope: Scope) -> Result<(), String> {
        self.install(source, scope)?;
        self.add_to_settings(source, scope)?;
        Ok(())
    }

    /// Deletes what `source` installed in `scope`'s storage (a local path is left alone).
    pub fn remove(&self, source: &str, scope: Scope) -> Result<(), String> {
        self.check_scope(scope)?;
        self.say(&format!("Removing {source}..."));
        match parse_source(source) {
            Source::Npm { name, .. } => self.uninstall_npm(&name, scope),
            Source::Git {
                repo,
                host,
                path,
                git_ref,
            } => self.remove_git(
                &GitRepo {
                    repo,
                    host,
                    path,
                    git_ref,
                },
                scope,
            ),
            Source::Local(_) => Ok(()),
        }
    }

    /// Removes `source` and its record; `Ok(false)` when no record matched.
    pub fn remove_and_unrecord(&self, source: &str, scope: Scope) -> Result<bool, String> {
        self.remove(source, scope)?;
        self.remove_from_settings(source, scope)
    }

    /// Where a recorded source of `scope` is installed, if it is.
    pub fn installed_path(&self, source: &str, scope: Scope) -> Option<PathBuf> {
        let path = match parse_source(source) {
            Source::Npm { name, .. } => {
                let managed = self.npm_install_path(&name, scope);
                // Pi still finds user packages that older versions installed globally.
                if scope == Scope::User && !managed.exists() {
                    if let Some(global) = self.global_npm_root().map(|root| root.join(&name)) {
                        if global.exists() {
                            return Some(global);
                        }
                    }
                }
                managed
            }
            Source::Git { host, path, .. } => self.git_install_path(&host, &path, scope).ok()?,
            Source::Local(path) => {
                tau_ext_bridge::discovery::resolve_from(&self.settings_dir(scope), &path)
            }
        };
        path.exists().then_some(path)
    }

    /// The packages recorded in the user's settings, then the (trusted) project's.
    pub fn configured(&self) -> Result<Vec<ConfiguredPackage>, String> {
        let mut out = Vec::new();
        for scope in self.scopes() {
            for entry in self.read_packages(scope)? {
                let Some(source) = entry_source(&entry) else {
                    continue;
                };
                out.push(ConfiguredPackage {
                    source: source.to_string(),
                    scope,
                    filtered: entry.is_object(),
                    installed_path: self.installed_path(source, scope),
                });
            }
        }
        Ok(out)
    }
}
