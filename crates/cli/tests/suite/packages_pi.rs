//! The package commands side by side with the reference Pi 1.6.0: the same sequence of
//! `install`, `list`, `update`, `remove` (local folders and a git repository the test makes,
//! reached through `url.<base>.insteadOf`) in two identical sandboxes must print the same
//! result lines, exit the same way and leave the same settings records and install folders.
//!
//! Pi prints its progress and git's output on stdout, tau on stderr: those lines are dropped
//! from Pi's stdout before comparing. Opt-in like `interop_pi.rs`: without the Pi and Node 22
//! that `tools/oracle/setup.sh` installs (or without git) it prints why it is skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

use pretty_assertions::assert_eq;
use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// git with a fixed identity and dates, so both sandboxes' repositories have the same commits.
fn git(dir: &Path, args: &[&str]) {
    let output = Command::new("git")
        .args(["-c", "user.email=t@example.test", "-c", "user.name=t"])
        .args(args)
        .env("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
        .env("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
        .current_dir(dir)
        .output()
        .expect("run git");
    assert!(output.status.success(), "git {args:?}");
}

/// A local package folder and a bare repository `repos/acme/tools.git` (tag `v1`, then one
/// more commit on `main`).
fn fill(root: &Path, sandbox: &AgentSandbox) {
    let project = &sandbox.project;
    write(
        &project.join("pkgs/local/extensions/a.ts"),
        "export default function () {}\n",
    );
    write(
        &project.join("pkgs/local/skills/s/SKILL.md"),
        "---\ndescription: d\n---\nx\n",
    );
    let work = root.join("work");
    write(&work.join("prompts/p.md"), "one");
    write(
        &work.join("extensions/e.ts"),
        "export default function () {}\n",
    );
    git(&work, &["init", "-q", "-b", "main"]);
    git(&work, &["add", "-A"]);
    git(&work, &["commit", "-qm", "one"]);
    git(&work, &["tag", "v1"]);
    write(&work.join("prompts/p.md"), "two");
    git(&work, &["commit", "-qam", "two"]);
    std::fs::create_dir_all(root.join("repos/acme")).expect("mkdir");
    git(
        root,
        &["clone", "-q", "--bare", "work", "repos/acme/tools.git"],
    );
}

/// Lines Pi writes to stdout that tau writes to stderr: its progress and git's output.
fn is_progress(line: &str) -> bool {
    const PREFIXES: [&str; 5] = [
        "Installing ",
        "Removing ",
        "Updating ",
        "HEAD is now at ",
        "origin/HEAD set to ",
    ];
    line.trim().is_empty() || PREFIXES.iter().any(|p| line.starts_with(p))
}

/// One harness's record of the sequence: per command its exit code and result lines, then
/// the settings files and install folders.
fn play(harness: Harness, oracle: &PiOracle, root: &Path) -> Vec<String> {
    let sandbox = AgentSandbox::create(root).expect("sandbox");
    fill(root, &sandbox);
    let commands: &[&[&str]] = &[
        &["install", "./pkgs/local"],
        &["install", "-l", "pkgs/local"],
        &["list", "-a"],
        &["install", "git:git.example.test/acme/tools@v1"],
        &["update", "--extensions"],
        &["install", "https://git.example.test/acme/tools"],
        &["list"],
        &["update", "--extension", "git:git.example.test/acme/tools"],
        &["remove", "git:git@git.example.test:acme/tools"],
        &["remove", "-l", "-a", "./pkgs/local"],
        &["remove", "./pkgs/local"],
        &["remove", "./pkgs/local"],
        &["install", "./missing"],
        &["update", "--extension", "npm:nothing"],
        &["list"],
    ];
    let mut record = Vec::new();
    for args in commands {
        if args.first() == Some(&"update")
            && args.get(2) == Some(&"git:git.example.test/acme/tools")
        {
            // The branch moves on: the update must bring the clone to it.
            write(&root.join("work/prompts/p.md"), "three");
            git(&root.join("work"), &["commit", "-qam", "three"]);
            git(
                &root.join("work"),
                &["push", "-q", "../repos/acme/tools.git", "main"],
            );
        }
        let mut cmd = match harness {
            Harness::Tau => {
                let mut cmd = Command::new(env!("CARGO_BIN_EXE_tau"));
                cmd.env("TAU_AGENT_DIR", &sandbox.agent_dir);
                cmd
            }
            Harness::Pi => {
                let mut cmd = Command::new(&oracle.node);
                cmd.arg(&oracle.cli)
                    .env("PI_CODING_AGENT_DIR", &sandbox.agent_dir);
                cmd
            }
        };
        let output = cmd
            .args(*args)
            .current_dir(&sandbox.project)
            .env("HOME", &sandbox.home)
            .env("GIT_CONFIG_COUNT", "1")
            .env(
                "GIT_CONFIG_KEY_0",
                format!("url.file://{}/repos/.insteadOf", root.display()),
            )
            .env("GIT_CONFIG_VALUE_0", "https://git.example.test/")
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run");
        let stdout =
            String::from_utf8_lossy(&output.stdout).replace(&root.display().to_string(), "<root>");
        let lines: Vec<&str> = stdout.lines().filter(|l| !is_progress(l)).collect();
        record.push(format!(
            "$ {} -> {:?}\n{}",
            args.join(" "),
            output.status.code(),
            lines.join("\n")
        ));
        for (name, file) in [
            ("user", sandbox.agent_dir.join("settings.json")),
            ("project", sandbox.project.join(".pi/settings.json")),
        ] {
            let text = std::fs::read_to_string(&file).unwrap_or_else(|_| "(none)".into());
            record.push(format!(
                "  {name} settings: {}",
                text.replace(&root.display().to_string(), "<root>")
            ));
        }
        record.push(format!(
            "  git folder: {:?}",
            tree(&sandbox.agent_dir.join("git"))
        ));
    }
    record
}

/// The folders under `dir`, two levels deep below the host, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut walk = vec![(dir.to_path_buf(), 0)];
    while let Some((path, depth)) = walk.pop() {
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        for entry in entries.flatten() {
            let child: PathBuf = entry.path();
            let rel = child
                .strip_prefix(dir)
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            if depth < 3 {
                out.push(rel);
                if child.is_dir() {
                    walk.push((child, depth + 1));
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn package_commands_match_pi_side_by_side() {
    let test = "package_commands_match_pi_side_by_side";
    let Some(oracle) = PiOracle::locate() else {
        eprintln!("{test}: skipped: the reference Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    if !super::packages::has("git") {
        eprintln!("{test}: skipped: git is not on PATH");
        return;
    }
    let pi_root = tempfile::tempdir().expect("temp");
    let tau_root = tempfile::tempdir().expect("temp");
    let pi = play(Harness::Pi, &oracle, pi_root.path());
    let tau = play(Harness::Tau, &oracle, tau_root.path());
    assert_eq!(tau.join("\n"), pi.join("\n"));
    let joined = tau.join("\n");
    assert!(
        joined.contains("Updated 1 package:\n  https://git.example.test/acme/tools "),
        "the sequence moved a package: {joined}"
    );
}
