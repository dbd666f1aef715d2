//! Start-up installs, as Pi 1.6.0 does them when a session starts (`resolvePackageSources`
//! in `core/package-manager.js`): a configured npm or git package that is not installed
//! (an npm package whose installed version is outside the version or range asked for counts
//! as not installed) is installed before the run's resources load. When that fails (no
//! network, a name the registry does not have, no git) the run goes on without the
//! package, with a warning in Pi's words, and the next start tries again. Nothing is
//! fetched offline (`--offline`, `PI_OFFLINE`, `TAU_OFFLINE`).
//!
//! `-e` sources (`npm:`, `git:`, git URLs) are installed into Pi's temporary cache (see
//! `tau_ext_bridge::discovery::temporary`) and never recorded. A cached one is refreshed
//! on every start, as Pi does: an unpinned npm package is reinstalled when the registry has
//! a newer version, a git checkout is fetched and reset (unless its ref is a commit that is
//! already checked out); a refresh that fails keeps the cached copy without a word.

use std::path::Path;

use tau_ext_bridge::discovery::packages::{installed_fits, is_exact_version, parse_source, Source};
use tau_ext_bridge::discovery::temporary::{temporary_git_dir, temporary_npm_root, temporary_root};

use super::npm::installed_version;
use super::{entry_source, git, GitRepo, PackageManager, Scope};

/// Where a package that failed to install came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A `packages` entry of this settings file.
    Settings(Scope),
    /// An `-e` value.
    Temporary,
}

/// A package the start-up install could not install; the run goes on without it.
#[derive(Debug, Clone, PartialEq)]
pub struct InstallFailure {
    /// The source as written.
    pub source: String,
    /// Where it came from.
    pub origin: Origin,
    /// Why the install failed (one line).
    pub message: String,
}

impl InstallFailure {
    /// Pi's start-up warning, with tau's command for dropping the record.
    pub fn warning(&self) -> String {
        let hint = match self.origin {
            Origin::Temporary => "Check the source and try again.".to_string(),
            Origin::Settings(scope) => format!(
                "Run \"tau remove {}{}\" to remove it from settings.json.",
                self.source,
                if scope == Scope::Project {
                    " --local"
                } else {
                    ""
                }
            ),
        };
        format!(
            "Extension package \"{}\": failed to install ({}). {hint}",
            self.source, self.message
        )
    }
}

/// An error on one line: npm's and git's own output was already shown as it ran.
fn one_line(error: &str) -> String {
    error
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

impl PackageManager {
    /// Whether a recorded npm or git source of `scope` needs installing.
    fn needs_install(&self, source: &str, scope: Scope) -> bool {
        match parse_source(source) {
            Source::Local(_) => false,
            Source::Git { .. } => self.installed_path(source, scope).is_none(),
            Source::Npm { version, .. } => match self.installed_path(source, scope) {
                None => true,
                // What discovery accepts: a version inside the source's version or range.
                Some(path) => match (version, installed_version(&path)) {
                    (_, None) => true,
                    (Some(wanted), Some(installed)) => !installed_fits(&installed, &wanted),
                    (None, Some(_)) => false,
                },
            },
        }
    }

    /// The recorded sources of `scopes` in the order Pi resolves them (the project's first;
    /// the project's only when the manager trusts the project), each package once: a
    /// trusted project's entry replaces the user's entry of the same package, except that an
    /// `autoload: false` project entry narrows the user's, which is the one installed.
    pub(crate) fn startup_sources(&self, scopes: &[Scope]) -> Vec<(String, Scope)> {
        let project = if self.project_trusted {
            self.read_packages(Scope::Project).unwrap_or_default()
        } else {
            Vec::new()
        };
        // Read even when only the project's are wanted: they decide what a project entry is.
        let user = self.read_packages(Scope::User).unwrap_or_default();
        let user_keys: Vec<String> = user
            .iter()
            .filter_map(entry_source)
            .map(|s| self.match_key(s, Some(Scope::User)))
            .collect();
        let mut out: Vec<(String, Scope)> = Vec::new();
        let mut replaced: Vec<String> = Vec::new();
        for entry in &project {
            let Some(source) = entry_source(entry) else {
                continue;
            };
            let key = self.match_key(source, Some(Scope::Project));
            let delta = entry.get("autoload").and_then(|v| v.as_bool()) == Some(false);
            if delta && user_keys.contains(&key) {
                continue;
            }
            replaced.push(key);
            out.push((source.to_string(), Scope::Project));
        }
        for source in user.iter().filter_map(entry_source) {
            if !replaced.contains(&self.match_key(source, Some(Scope::User))) {
                out.push((source.to_string(), Scope::User));
            }
        }
        out.retain(|(_, scope)| scopes.contains(scope));
        out
    }

    /// Installs the recorded npm and git packages of `scopes` that are not installed (the
    /// project's only when the manager trusts the project). Returns those that failed.
    pub fn install_missing(&self, scopes: &[Scope]) -> Vec<InstallFailure> {
        let mut failures = Vec::new();
        for (source, scope) in self.startup_sources(scopes) {
            if !self.needs_install(&source, scope) {
                continue;
            }
            if let Err(error) = self.install(&source, scope) {
                failures.push(InstallFailure {
                    source,
                    origin: Origin::Settings(scope),
                    message: one_line(&error),
                });
            }
        }
        failures
    }

    /// Installs (or refreshes) the `-e` package sources in Pi's temporary cache. Local
    /// paths and `builtin:` names are left to discovery. Returns the sources that are not
    /// available because their install failed.
    pub fn prepare_temporary(&self, sources: &[String]) -> Vec<InstallFailure> {
        let mut failures = Vec::new();
        for source in sources {
            if source.starts_with("builtin:") {
                continue;
            }
            let result = match parse_source(source) {
                Source::Local(_) => Ok(()),
                Source::Npm {
                    spec,
                    name,
                    version,
                } => self.prepare_temporary_npm(source, &spec, &name, version.as_deref()),
                Source::Git {
                    repo,
                    host,
                    path,
                    git_ref,
                } => self.prepare_temporary_git(
                    source,
                    &GitRepo {
                        repo,
                        host,
                        path,
                        git_ref,
                    },
                ),
            };
            if let Err(error) = result {
                failures.push(InstallFailure {
                    source: source.clone(),
                    origin: Origin::Temporary,
                    message: one_line(&error),
                });
            }
        }
        failures
    }

    /// Creates the temporary folder as Pi does: readable by the user only.
    fn ensure_temporary_root(&self) -> Result<(), String> {
        let root = temporary_root(&self.agent_dir);
        std::fs::create_dir_all(&root)
            .map_err(|e| format!("cannot create {}: {e}", root.display()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o700));
        }
        Ok(())
    }

    fn prepare_temporary_npm(
        &self,
        source: &str,
        spec: &str,
        name: &str,
        version: Option<&str>,
    ) -> Result<(), String> {
        let root = temporary_npm_root(&self.agent_dir);
        let installed = installed_version(&root.join("node_modules").join(name));
        let matches = match (&installed, version) {
            (None, _) => false,
            (Some(have), Some(wanted)) => installed_fits(have, wanted),
            (Some(_), None) => true,
        };
        if !matches {
            self.ensure_temporary_root()?;
            self.say(&format!("Installing {source}..."));
            return self.install_npm_into(&[spec.to_string()], &root);
        }
        let pinned = version.is_some_and(is_exact_version);
        let Some(have) = installed.filter(|_| !pinned) else {
            return Ok(());
        };
        // `npm install name` would keep the range the cache's package.json saved, so an
        // unversioned source asks for `name@latest`, as Pi does.
        let query = if version.is_some() { spec } else { name };
        let newer = self
            .latest_npm_version(query)
            .is_ok_and(|latest| super::version::is_newer(&latest, &have));
        if newer {
            let wanted = match version {
                Some(_) => spec.to_string(),
                None => format!("{name}@latest"),
            };
            self.say(&format!("Updating {source}..."));
            // A refresh that fails keeps the cached copy.
            let _ = self.install_npm_into(&[wanted], &root);
        }
        Ok(())
    }

    fn prepare_temporary_git(&self, source: &str, repo: &GitRepo) -> Result<(), String> {
        let target = temporary_git_dir(
            &self.agent_dir,
            &repo.host,
            &repo.path,
            repo.git_ref.as_deref(),
        );
        if !target.starts_with(temporary_root(&self.agent_dir)) {
            return Err(format!(
                "refusing to use {} outside {}",
                target.display(),
                temporary_root(&self.agent_dir).display()
            ));
        }
        if !target.exists() {
            self.ensure_temporary_root()?;
            self.say(&format!("Installing {source}..."));
            return self.clone_git(repo, &target, &temporary_root(&self.agent_dir));
        }
        if self.commit_checked_out(repo, &target) {
            return Ok(());
        }
        self.say(&format!("Refreshing {source}..."));
        // A refresh that fails keeps the cached checkout.
        let _ = self.reconcile_git(repo, &target);
        Ok(())
    }

    /// Whether the ref is a commit hash the checkout is already at (no fetch needed).
    fn commit_checked_out(&self, repo: &GitRepo, target: &Path) -> bool {
        let Some(git_ref) = &repo.git_ref else {
            return false;
        };
        let is_hash =
            (7..=64).contains(&git_ref.len()) && git_ref.chars().all(|c| c.is_ascii_hexdigit());
        is_hash
            && git::head(target)
                .is_some_and(|head| head.to_lowercase().starts_with(&git_ref.to_lowercase()))
    }
}

/// The start-up install of one run: the `-e` sources, the user's packages, and the
/// project's when `project_trusted`. Progress lines and npm's and git's output go to
/// stderr. Nothing happens `offline`.
pub fn install_for_run(
    agent_dir: &Path,
    cwd: &Path,
    explicit: &[String],
    project_trusted: bool,
    offline: bool,
) -> Vec<InstallFailure> {
    if offline {
        return Vec::new();
    }
    let manager = PackageManager::new(
        agent_dir,
        cwd,
        project_trusted,
        Box::new(crate::report::to_stderr),
    );
    let mut failures = manager.install_missing(&[Scope::User, Scope::Project]);
    failures.extend(manager.prepare_temporary(explicit));
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn warnings_use_pi_s_words_with_tau_s_command() {
        let failure = |origin| InstallFailure {
            source: "npm:gone".into(),
            origin,
            message: "`npm install gone` failed (exit status: 1)".into(),
        };
        assert_eq!(
            failure(Origin::Settings(Scope::User)).warning(),
            "Extension package \"npm:gone\": failed to install (`npm install gone` failed (exit \
             status: 1)). Run \"tau remove npm:gone\" to remove it from settings.json."
        );
        assert!(failure(Origin::Settings(Scope::Project))
            .warning()
            .ends_with("Run \"tau remove npm:gone --local\" to remove it from settings.json."));
        assert!(failure(Origin::Temporary)
            .warning()
            .ends_with("). Check the source and try again."));
    }

    #[test]
    fn a_project_entry_replaces_the_user_s_and_a_delta_installs_the_user_s() {
        let root = tempfile::tempdir().expect("temp");
        let (agent, cwd) = (root.path().join("agent"), root.path().join("project"));
        let write = |path: std::path::PathBuf, packages: serde_json::Value| {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            let text = serde_json::json!({ "packages": packages }).to_string();
            std::fs::write(path, text).expect("write");
        };
        write(
            agent.join("settings.json"),
            serde_json::json!(["npm:a@1.0.0", "npm:b", "git:example.test/o/c"]),
        );
        write(
            cwd.join(".pi/settings.json"),
            serde_json::json!([
                "npm:a@2.0.0",
                {"source": "npm:b", "autoload": false, "skills": []},
                "npm:d"
            ]),
        );
        let manager = |trusted| PackageManager::new(&agent, &cwd, trusted, Box::new(|_| {}));
        let both = [Scope::User, Scope::Project];
        let pairs = |list: Vec<(String, Scope)>| {
            list.into_iter()
                .map(|(source, scope)| format!("{source} ({})", scope.label()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            pairs(manager(true).startup_sources(&both)),
            [
                "npm:a@2.0.0 (project)",
                "npm:d (project)",
                "npm:b (user)",
                "git:example.test/o/c (user)"
            ]
        );
        // After trust, only the project's: the delta still leaves npm:b to the user's entry.
        assert_eq!(
            pairs(manager(true).startup_sources(&[Scope::Project])),
            ["npm:a@2.0.0 (project)", "npm:d (project)"]
        );
        // An untrusted project changes nothing.
        assert_eq!(
            pairs(manager(false).startup_sources(&both)),
            [
                "npm:a@1.0.0 (user)",
                "npm:b (user)",
                "git:example.test/o/c (user)"
            ]
        );
    }

    #[test]
    fn errors_become_one_line() {
        assert_eq!(
            one_line("a failed\n\n  hint: do b\n"),
            "a failed hint: do b"
        );
    }
}
