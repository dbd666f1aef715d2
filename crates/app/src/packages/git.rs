//! git packages: cloned into `<settings folder>/git/<host>/<path>`, checked out at the
//! source's `@ref` when it has one, and their npm dependencies installed. Updating fetches
//! only the ref followed (the configured ref, else the upstream branch) and resets the
//! checkout to it, then cleans untracked files and reinstalls dependencies. A marker file
//! next to the checkout (`.<name>.pi-update-incomplete`) makes an interrupted update finish
//! its clean-up next time.

use std::path::{Path, PathBuf};

use super::command::{self, Program};
use super::{PackageManager, Scope};

/// The parts of a git source an install needs.
#[derive(Debug, Clone)]
pub struct GitRepo {
    /// What `git clone` is given.
    pub repo: String,
    /// The host folder.
    pub host: String,
    /// `owner/name`.
    pub path: String,
    /// The configured ref.
    pub git_ref: Option<String>,
}

/// Writes a `.gitignore` that ignores everything in `dir` (so installs never show up in a
/// repository the folder is in).
pub(crate) fn ensure_gitignore(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(".gitignore");
    if !path.exists() {
        std::fs::write(&path, "*\n!.gitignore\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn args(values: &[&str]) -> Vec<String> {
    values.iter().map(|s| s.to_string()).collect()
}

fn git() -> Program {
    Program::named("git")
}

fn marker_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    target.with_file_name(format!(".{name}.pi-update-incomplete"))
}

/// The current commit of a checkout.
pub fn head(target: &Path) -> Option<String> {
    if !target.exists() {
        return None;
    }
    command::capture(&git(), &args(&["rev-parse", "HEAD"]), Some(target))
        .ok()
        .filter(|h| !h.is_empty())
}

impl PackageManager {
    /// The folder git packages of `scope` are cloned under.
    pub fn git_root(&self, scope: Scope) -> PathBuf {
        self.settings_dir(scope).join("git")
    }

    /// Where a git package of `scope` is cloned; refuses a path that would leave the folder.
    pub fn git_install_path(
        &self,
        host: &str,
        path: &str,
        scope: Scope,
    ) -> Result<PathBuf, String> {
        let root = self.git_root(scope);
        let target = tau_ext_bridge::discovery::resolve_from(&root, &format!("{host}/{path}"));
        if !target.starts_with(&root) || target == root {
            return Err(format!(
                "refusing to use {} outside the package folder {}",
                target.display(),
                root.display()
            ));
        }
        Ok(target)
    }

    /// Clones the repository (or reconciles an existing clone with the source).
    pub(crate) fn install_git(&self, repo: &GitRepo, scope: Scope) -> Result<(), String> {
        let target = self.git_install_path(&repo.host, &repo.path, scope)?;
        if target.exists() {
            return self.reconcile_git(repo, &target);
        }
        let root = self.git_root(scope);
        ensure_gitignore(&root)?;
        self.clone_git(repo, &target, &root)
    }

    /// Clones `repo` into `target` (checked out at its ref, dependencies installed); on
    /// failure removes the partial clone and the folders left empty up to `root`.
    pub(crate) fn clone_git(
        &self,
        repo: &GitRepo,
        target: &Path,
        root: &Path,
    ) -> Result<(), String> {
        let target = target.to_path_buf();
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        let _ = std::fs::remove_file(marker_path(&target));
        let cloned = (|| {
            let target_arg = target.display().to_string();
            command::run(&git(), &args(&["clone", &repo.repo, &target_arg]), None)?;
            if let Some(git_ref) = &repo.git_ref {
                command::run(&git(), &args(&["checkout", git_ref]), Some(&target))?;
            }
            if target.join("package.json").exists() {
                command::run(&self.npm, &self.dependency_install_args(), Some(&target))?;
            }
            Ok(())
        })();
        if cloned.is_err() {
            let _ = std::fs::remove_dir_all(&target);
            prune_empty_parents(&target, root);
        }
        cloned
    }

    /// Brings an installed clone to the source: fetch the ref followed and reset to it.
    pub(crate) fn update_git(&self, repo: &GitRepo, scope: Scope) -> Result<(), String> {
        let target = self.git_install_path(&repo.host, &repo.path, scope)?;
        if !target.exists() {
            return self.install_git(repo, scope);
        }
        self.reconcile_git(repo, &target)
    }

    pub(crate) fn reconcile_git(&self, repo: &GitRepo, target: &Path) -> Result<(), String> {
        match &repo.git_ref {
            Some(git_ref) => {
                self.ensure_git_ref(target, &args(&["fetch", "origin", git_ref]), "FETCH_HEAD")
            }
            None => {
                let (git_ref, fetch) = upstream_target(target)?;
                self.ensure_git_ref(target, &fetch, &git_ref)
            }
        }
    }

    fn ensure_git_ref(&self, target: &Path, fetch: &[String], git_ref: &str) -> Result<(), String> {
        command::run(&git(), fetch, Some(target))?;
        let local = command::capture(&git(), &args(&["rev-parse", "HEAD"]), Some(target))?;
        let commit = format!("{git_ref}^{{commit}}");
        let wanted = command::capture(&git(), &args(&["rev-parse", &commit]), Some(target))?;
        let marker = marker_path(target);
        if local == wanted {
            if marker.exists() {
                return self.clean_and_install(target, &marker);
            }
            return self.repair_missing_dependencies(target);
        }
        std::fs::write(&marker, "")
            .map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
        command::run(&git(), &args(&["reset", "--hard", &commit]), Some(target))?;
        self.clean_and_install(target, &marker)
    }

    fn clean_and_install(&self, target: &Path, marker: &Path) -> Result<(), String> {
        let cleaned = command::run(&git(), &args(&["clean", "-fdx"]), Some(target));
        if let Err(error) = &cleaned {
            self.warn(&format!(
                "Could not remove all untracked files in {} ({error}); close programs using them \
                 and run the update again.",
                target.display()
            ));
        }
        if target.join("package.json").exists() {
            command::run(&self.npm, &self.dependency_install_args(), Some(target))?;
        }
        if cleaned.is_ok() {
            let _ = std::fs::remove_file(marker);
        }
        Ok(())
    }

    /// Installs dependencies again when one the manifest names is missing.
    fn repair_missing_dependencies(&self, target: &Path) -> Result<(), String> {
        let manifest = std::fs::read_to_string(target.join("package.json"))
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
        let Some(dependencies) = manifest
            .as_ref()
            .and_then(|m| m.get("dependencies"))
            .and_then(|d| d.as_object())
        else {
            return Ok(());
        };
        let modules = target.join("node_modules");
        let missing = dependencies.keys().any(|name| {
            let path = modules.join(name);
            path.starts_with(&modules) && !name.contains("..") && !path.exists()
        });
        if missing {
            command::run(&self.npm, &self.dependency_install_args(), Some(target))?;
        }
        Ok(())
    }

    /// Deletes a clone and the folders left empty above it.
    pub(crate) fn remove_git(&self, repo: &GitRepo, scope: Scope) -> Result<(), String> {
        let target = self.git_install_path(&repo.host, &repo.path, scope)?;
        if target.exists() {
            std::fs::remove_dir_all(&target)
                .map_err(|e| format!("cannot delete {}: {e}", target.display()))?;
        }
        let _ = std::fs::remove_file(marker_path(&target));
        prune_empty_parents(&target, &self.git_root(scope));
        Ok(())
    }
}

/// What an unpinned clone follows: its upstream branch, else the remote's default branch.
/// Returns the ref to reset to and the fetch that updates it.
fn upstream_target(target: &Path) -> Result<(String, Vec<String>), String> {
    let fetch_branch = |branch: &str| {
        args(&[
            "fetch",
            "--prune",
            "--no-tags",
            "origin",
            &format!("+refs/heads/{branch}:refs/remotes/origin/{branch}"),
        ])
    };
    let upstream = command::capture(
        &git(),
        &args(&["rev-parse", "--abbrev-ref", "@{upstream}"]),
        Some(target),
    );
    if let Some(branch) = upstream
        .ok()
        .and_then(|u| u.strip_prefix("origin/").map(String::from))
        .filter(|b| !b.is_empty())
    {
        return Ok(("@{upstream}".into(), fetch_branch(&branch)));
    }
    let _ = command::capture(
        &git(),
        &args(&["remote", "set-head", "origin", "-a"]),
        Some(target),
    );
    let origin_head = command::capture(
        &git(),
        &args(&["symbolic-ref", "refs/remotes/origin/HEAD"]),
        Some(target),
    )
    .unwrap_or_default();
    let branch = origin_head.trim_start_matches("refs/remotes/origin/");
    if !branch.is_empty() {
        return Ok(("origin/HEAD".into(), fetch_branch(branch)));
    }
    Ok((
        "origin/HEAD".into(),
        args(&[
            "fetch",
            "--prune",
            "--no-tags",
            "origin",
            "+HEAD:refs/remotes/origin/HEAD",
        ]),
    ))
}

/// Removes the empty folders between `target` and `root` (`git/<host>/<owner>` left behind).
fn prune_empty_parents(target: &Path, root: &Path) {
    let mut current = target.parent();
    while let Some(dir) = current {
        if !dir.starts_with(root) || dir == root {
            return;
        }
        if dir.exists() {
            let empty = std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_none());
            if !empty || std::fs::remove_dir(dir).is_err() {
                return;
            }
        }
        current = dir.parent();
    }
}
