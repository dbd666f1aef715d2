//! Start-up installs side by side with the reference Pi 1.6.0: in two identical sandboxes a
//! print-mode run whose settings name a git package that is not installed and one whose
//! repository does not exist, with a `-e` git source, must install the same folders (the
//! settings package under `git/`, the `-e` one in Pi's temporary cache), send the model the
//! same `<skills>` section (so both found the packages' skills at the same places), warn
//! the same way about the package that failed, and finish. When the npm registry can be
//! reached, a settings npm package it does not have and a `-e npm:` package join in (the
//! same cache folder and npm project).
//!
//! Opt-in like `interop_pi.rs`: without the Pi and Node 22 that `tools/oracle/setup.sh`
//! installs (or without git) it prints why it is skipped.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};
use tau_test_support::{MockReply, MockServer, MockTurn};

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn git(dir: &Path, args: &[&str]) {
    let output = Command::new("git")
        .args(["-c", "user.email=t@example.test", "-c", "user.name=t"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run git");
    assert!(output.status.success(), "git {args:?}");
}

/// A bare repository `repos/acme/<name>.git` whose package carries one skill.
pub(super) fn repository(root: &Path, name: &str) {
    let work = root.join(format!("work-{name}"));
    write(
        &work.join(format!("skills/{name}-skill/SKILL.md")),
        &format!("---\ndescription: The {name} skill\n---\nUse {name}.\n"),
    );
    git(&work, &["init", "-q", "-b", "main"]);
    git(&work, &["add", "-A"]);
    git(&work, &["commit", "-qm", "one"]);
    std::fs::create_dir_all(root.join("repos/acme")).expect("mkdir");
    let bare = format!("repos/acme/{name}.git");
    git(
        root,
        &["clone", "-q", "--bare", &format!("work-{name}"), &bare],
    );
}

/// Variables (compared in lower case) that say how to reach the network.
const NETWORK_ENV: [&str; 7] = [
    "node_extra_ca_certs",
    "ssl_cert_file",
    "ssl_cert_dir",
    "https_proxy",
    "http_proxy",
    "no_proxy",
    "all_proxy",
];

/// What one harness did: exit code, the `<skills>` section it sent, its package warnings
/// (their cause left out: npm's and git's wording is not Pi's), and the folders installed.
/// With `npm`, also a package the registry does not have and a `-e` npm package.
async fn play(who: Harness, oracle: &PiOracle, root: &Path, npm: bool) -> Vec<String> {
    let sandbox = AgentSandbox::create(root).expect("sandbox");
    repository(root, "tools");
    repository(root, "extra");
    let server = MockServer::start(vec![MockReply::from(MockTurn::text("ok"))])
        .await
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");
    let settings_path = sandbox.agent_dir.join("settings.json");
    let mut settings: Value =
        serde_json::from_str(&std::fs::read_to_string(&settings_path).expect("settings"))
            .expect("json");
    settings["packages"] = json!([
        "git:git.example.test/acme/tools",
        "git:git.example.test/acme/missing"
    ]);
    let mut extra_args = vec!["-e", "git:git.example.test/acme/extra"];
    if npm {
        settings["packages"]
            .as_array_mut()
            .expect("list")
            .push(json!("npm:tau-test-no-such-package-4a1c"));
        extra_args.extend(["-e", "npm:is-number@7.0.0"]);
    }
    std::fs::write(&settings_path, settings.to_string()).expect("settings");

    let mut cmd = match who {
        Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
        Harness::Pi => {
            let mut cmd = Command::new(&oracle.node);
            cmd.arg(&oracle.cli);
            cmd
        }
    };
    cmd.args(["--no-session", "--model", "mock/mock-model"])
        .args(&extra_args)
        .args(["-p", "hi"])
        .current_dir(&sandbox.project)
        .env_clear()
        // Start-up installs are network activity: this run must not be offline.
        .envs(
            sandbox
                .env(who)
                .into_iter()
                .filter(|(k, _)| k != "PI_OFFLINE"),
        )
        .env("GIT_CONFIG_COUNT", "1")
        .env(
            "GIT_CONFIG_KEY_0",
            format!("url.file://{}/repos/.insteadOf", root.display()),
        )
        .env("GIT_CONFIG_VALUE_0", "https://git.example.test/")
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    // The machine's certificates and proxy, which npm needs to reach the registry.
    for (key, value) in std::env::vars() {
        let lower = key.to_ascii_lowercase();
        if NETWORK_ENV.contains(&lower.as_str()) || lower.starts_with("npm_config_") {
            cmd.env(key, value);
        }
    }
    let output: Output = tokio::task::spawn_blocking(move || cmd.output().expect("run"))
        .await
        .expect("join");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let root_text = root.display().to_string();
    let mut record = vec![format!("exit {:?}", output.status.code())];
    let requests = server.requests();
    let prompt = requests
        .first()
        .map(|r| {
            r.json()["messages"][0]["content"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .unwrap_or_default();
    let skills = prompt
        .find("<skills>")
        .zip(prompt.find("</skills>"))
        .map(|(start, end)| prompt[start..end].to_string())
        .unwrap_or_else(|| format!("no skills section; stderr: {stderr}"));
    record.push(skills.replace(&root_text, "<root>"));
    for line in stderr
        .lines()
        .filter(|l| l.contains("Extension package \""))
    {
        let start = line.find("Extension package \"").unwrap_or(0);
        let line = &line[start..];
        let before = line.split(": failed to install (").next().unwrap_or(line);
        let hint = line.rsplit("). ").next().unwrap_or_default();
        record.push(format!(
            "{before}: failed to install (…). {}",
            hint.replace("\"pi remove", "\"<app> remove")
                .replace("\"tau remove", "\"<app> remove")
        ));
    }
    for folder in ["git", "tmp/extensions"] {
        record.push(format!(
            "{folder}: {:?}",
            tree(&sandbox.agent_dir.join(folder), 4)
        ));
    }
    for manifest in [
        "tmp/extensions/npm/f35b2129/package.json",
        "tmp/extensions/npm/f35b2129/node_modules/is-number/package.json",
    ] {
        let text = std::fs::read_to_string(sandbox.agent_dir.join(manifest)).ok();
        let fields = text
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .map(|v| json!({"name": v["name"], "dependencies": v["dependencies"], "version": v["version"]}));
        record.push(format!("{manifest}: {fields:?}"));
    }
    record
}

/// The folders under `dir`, `depth` levels deep, sorted.
fn tree(dir: &Path, depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut walk: Vec<(PathBuf, usize)> = vec![(dir.to_path_buf(), 0)];
    while let Some((path, level)) = walk.pop() {
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        for entry in entries.flatten() {
            let child = entry.path();
            if !child.is_dir() || level >= depth {
                continue;
            }
            if let Ok(rel) = child.strip_prefix(dir) {
                out.push(rel.display().to_string());
            }
            walk.push((child, level + 1));
        }
    }
    out.sort();
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn startup_installs_match_pi_side_by_side() {
    let test = "startup_installs_match_pi_side_by_side";
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
    let npm = super::packages::registry_reachable(test);
    let pi = play(Harness::Pi, &oracle, pi_root.path(), npm).await;
    let tau = play(Harness::Tau, &oracle, tau_root.path(), npm).await;
    assert_eq!(tau.join("\n"), pi.join("\n"));
    let joined = tau.join("\n");
    assert!(
        joined.contains("tools-skill") && joined.contains("extra-skill"),
        "{joined}"
    );
    assert!(joined.contains("Extension package \"git:git.example.test/acme/missing\""));
    if npm {
        assert!(
            joined.contains("Extension package \"npm:tau-test-no-such-package-4a1c\"")
                && joined.contains("\"version\": String(\"7.0.0\")"),
            "{joined}"
        );
    }
}
