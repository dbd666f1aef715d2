//! Pi's package update check (`checkForAvailableUpdates`, run by Pi's interactive mode in
//! the background at start-up): which configured packages have a newer version than the one
//! installed. Local paths and pinned sources (an exact npm version, a git ref) are not
//! checked, nor packages that are not installed. npm: the registry's newest version the
//! source allows is newer than the installed one. git: the remote's commit of the branch
//! the checkout follows (else the remote's HEAD) differs from the checkout's. Anything that
//! fails (no network, no npm) counts as no update. Nothing runs offline (the caller checks).

use std::path::Path;
use std::process::{Command, Stdio};

use tau_ext_bridge::discovery::packages::{parse_source, Source};

use super::npm::installed_version;
use super::{PackageManager, Scope};

/// Runs git quietly without ever asking for credentials (it runs behind the terminal UI).
fn git_output(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env(
            "GIT_SSH_COMMAND",
            std::env::var("GIT_SSH_COMMAND").unwrap_or_else(|_| "ssh -o BatchMode=yes".into()),
        )
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// The commit the remote has for what the checkout follows.
fn remote_head(checkout: &Path) -> Option<String> {
    let first_hash = |text: &str, name: Option<&str>| {
        text.lines().find_map(|line| {
            let (hash, reference) = line.split_once(char::is_whitespace)?;
            let wanted = name.is_none_or(|n| reference.trim() == n);
            (hash.len() == 40 && wanted).then(|| hash.to_string())
        })
    };
    let upstream = git_output(checkout, &["rev-parse", "--abbrev-ref", "@{upstream}"])
        .and_then(|u| u.strip_prefix("origin/").map(|b| format!("refs/heads/{b}")))
        .filter(|r| r != "refs/heads/");
    if let Some(reference) = upstream {
        let listed = git_output(checkout, &["ls-remote", "origin", &reference]);
        if let Some(hash) = listed.as_deref().and_then(|t| first_hash(t, None)) {
            return Some(hash);
        }
    }
    let listed = git_output(checkout, &["ls-remote", "origin", "HEAD"])?;
    first_hash(&listed, Some("HEAD"))
}

impl PackageManager {
    /// The configured packages (the user's, and the trusted project's) that have updates,
    /// named as Pi names them: the npm name, or `host/path` for git.
    pub fn available_updates(&self) -> Vec<String> {
        let mut names = Vec::new();
        for (source, scope) in self.startup_sources(&[Scope::User, Scope::Project]) {
            let parsed = parse_source(&source);
            if parsed.pinned() {
                continue;
            }
            match parsed {
                Source::Npm {
                    spec,
                    name,
                    version,
                } => {
                    let installed = self
                        .installed_path(&source, scope)
                        .and_then(|path| installed_version(&path));
                    let Some(installed) = installed else {
                        continue;
                    };
                    let query = if version.is_some() { &spec } else { &name };
                    let newer = self
                        .latest_npm_version(query)
                        .is_ok_and(|latest| super::version::is_newer(&latest, &installed));
                    if newer {
                        names.push(name);
                    }
                }
                Source::Git { host, path, .. } => {
                    let Some(checkout) = self.installed_path(&source, scope) else {
                        continue;
                    };
                    let local = git_output(&checkout, &["rev-parse", "HEAD"]);
                    let remote = remote_head(&checkout);
                    if local.is_some() && remote.is_some() && local != remote {
                        names.push(format!("{host}/{path}"));
                    }
                }
                Source::Local(_) => {}
            }
        }
        names
    }
}

/// Pi's notice for packages with updates (its "Package Updates Available" box), with tau's
/// command.
pub fn updates_notice(names: &[String]) -> String {
    let list: Vec<String> = names.iter().map(|name| format!("- {name}")).collect();
    format!(
        "Package Updates Available\nPackage updates are available. Run tau update --extensions\nPackages:\n{}",
        list.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn git(dir: &Path, args: &[&str]) {
        let ok = Command::new("git")
            .args(["-c", "user.email=t@example.test", "-c", "user.name=t"])
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()
            .is_ok_and(|o| o.status.success());
        assert!(ok, "git {args:?}");
    }

    #[test]
    fn a_git_package_has_an_update_once_its_branch_moves_on() {
        if Command::new("git").arg("--version").output().is_err() {
            eprintln!("skipped: git is not on PATH");
            return;
        }
        let root = tempfile::tempdir().expect("temp");
        let root = root.path();
        let work = root.join("work");
        std::fs::create_dir_all(work.join("skills/s")).expect("mkdir");
        std::fs::write(work.join("skills/s/SKILL.md"), "---\ndescription: d\n---\n").expect("w");
        git(&work, &["init", "-q", "-b", "main"]);
        git(&work, &["add", "-A"]);
        git(&work, &["commit", "-qm", "one"]);
        git(root, &["clone", "-q", "--bare", "work", "remote.git"]);
        let agent = root.join("agent");
        let manager = PackageManager::new(&agent, root, false, Box::new(|_| {}));
        let source = "git:example.test/acme/remote";
        std::fs::create_dir_all(&agent).expect("mkdir");
        std::fs::write(
            agent.join("settings.json"),
            serde_json::json!({"packages": [source, "./local", "git:example.test/acme/gone@v1"]})
                .to_string(),
        )
        .expect("settings");
        // Not installed yet (and local paths, pinned refs): nothing to check.
        assert!(manager.available_updates().is_empty());
        // Installed as a clone whose origin is the repository.
        let checkout = manager
            .git_install_path("example.test", "acme/remote", Scope::User)
            .expect("path");
        std::fs::create_dir_all(checkout.parent().expect("parent")).expect("mkdir");
        let remote = root.join("remote.git").display().to_string();
        let target = checkout.display().to_string();
        git(root, &["clone", "-q", &remote, &target]);
        assert!(manager.available_updates().is_empty(), "up to date");
        std::fs::write(work.join("more.md"), "more").expect("w");
        git(&work, &["add", "-A"]);
        git(&work, &["commit", "-qm", "two"]);
        git(&work, &["push", "-q", "../remote.git", "main"]);
        assert_eq!(
            manager.available_updates(),
            vec!["example.test/acme/remote"]
        );
    }

    #[test]
    fn the_notice_lists_each_package() {
        assert_eq!(
            updates_notice(&["is-number".into(), "github.com/a/b".into()]),
            "Package Updates Available\nPackage updates are available. Run tau update \
             --extensions\nPackages:\n- is-number\n- github.com/a/b"
        );
    }
}
