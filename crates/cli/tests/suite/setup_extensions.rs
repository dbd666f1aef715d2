//! `tau setup-extensions`: installing the host into a fresh location and loading an extension
//! from a fresh HOME with it; the hints when the host or npm is missing. The install test
//! uses the machine's npm cache offline and skips (with the reason) when it cannot.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tau_ext_bridge::node;

fn skip(reason: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "skipping setup-extensions test: {reason}"
    );
}

fn found_node() -> Option<PathBuf> {
    node::find_node().map_err(|e| skip(&e.to_string())).ok()
}

/// `tau` with a fresh HOME (no agent dir override) and the given host folder.
fn tau(home: &Path, host: &Path, node: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tau"));
    cmd.env("HOME", home)
        .env_remove("TAU_AGENT_DIR")
        .env("TAU_EXT_HOST", host)
        .env("TAU_NODE", node)
        .stdin(Stdio::null());
    cmd
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const HELLO_EXT: &str = r#"import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerCommand("hello", {
    description: "Writes hello.txt",
    handler: async (args, ctx) => {
      const fs = await import("node:fs");
      fs.writeFileSync(`${ctx.cwd}/hello.txt`, `hello ${args}`);
    },
  });
}
"#;

#[test]
fn setup_installs_the_host_and_a_fresh_home_loads_a_global_extension() {
    let Some(node) = found_node() else { return };
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let host = dir.path().join("install/ext-host");
    std::fs::create_dir_all(&home).unwrap();
    // The fresh HOME has no npm cache: use this machine's, offline, so no download happens.
    let real_cache = std::env::var_os("HOME")
        .map(|h| PathBuf::from(h).join(".npm"))
        .filter(|cache| cache.is_dir());
    let mut setup = tau(&home, &host, &node);
    setup
        .arg("setup-extensions")
        .env("npm_config_offline", "true");
    if let Some(cache) = &real_cache {
        setup.env("npm_config_cache", cache);
    }
    let output = setup.output().unwrap();
    let stderr = text(&output.stderr);
    if !output.status.success() {
        if stderr.contains("npm not found") || stderr.contains("npm ci failed") {
            return skip(&format!("npm could not install the host offline: {stderr}"));
        }
        panic!("setup failed: {stderr}");
    }
    assert!(output.stdout.is_empty(), "progress goes to stderr");
    for line in [
        "extension host folder:",
        "wrote",
        "ci --omit=dev",
        "extension host ready in",
    ] {
        assert!(stderr.contains(line), "missing {line:?} in {stderr}");
    }
    assert!(host.join("node_modules/jiti").is_dir());
    assert!(host.join(node::INSTALL_MARKER).is_file());

    // Global discovery under the fresh HOME: ~/.tau/agent/extensions/hello.ts.
    let ext_dir = home.join(".tau/agent/extensions");
    std::fs::create_dir_all(&ext_dir).unwrap();
    std::fs::write(ext_dir.join("hello.ts"), HELLO_EXT).unwrap();
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).unwrap();
    let output = tau(&home, &host, &node)
        .current_dir(&project)
        .args([
            "--no-session",
            "--model",
            "scripted/hello",
            "-p",
            "/hello world",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        std::fs::read_to_string(project.join("hello.txt")).unwrap(),
        "hello world",
        "stderr: {}",
        text(&output.stderr)
    );

    // Running set-up again refreshes the files tau owns.
    std::fs::write(host.join("src/main.mjs"), "stale").unwrap();
    let again = {
        let mut cmd = tau(&home, &host, &node);
        cmd.arg("setup-extensions")
            .env("npm_config_offline", "true");
        if let Some(cache) = &real_cache {
            cmd.env("npm_config_cache", cache);
        }
        cmd.output().unwrap()
    };
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_ne!(
        std::fs::read_to_string(host.join("src/main.mjs")).unwrap(),
        "stale"
    );
}

fn run_with_extension(host: &Path, node: &Path, dir: &Path) -> Output {
    std::fs::write(dir.join("x.ts"), HELLO_EXT).unwrap();
    tau(&dir.join("home"), host, node)
        .current_dir(dir)
        .args([
            "--no-session",
            "--model",
            "scripted/hello",
            "-e",
            "x.ts",
            "-p",
            "/hello",
        ])
        .output()
        .unwrap()
}

#[test]
fn a_missing_or_uninstalled_host_names_the_setup_command() {
    let Some(node) = found_node() else { return };
    let dir = tempfile::tempdir().unwrap();
    let host = dir.path().join("host");
    let output = run_with_extension(&host, &node, dir.path());
    // An extension was asked for and cannot run: tau stops before any model request.
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("1 extension is configured but cannot run")
            && stderr.contains("run `tau setup-extensions`")
            && stderr.contains("leave out the -e argument"),
        "{stderr}"
    );

    node::write_host_files(&host).unwrap();
    let stderr = text(&run_with_extension(&host, &node, dir.path()).stderr);
    assert!(
        stderr.contains("has no node_modules") && stderr.contains("tau setup-extensions"),
        "{stderr}"
    );
}

#[test]
fn setup_without_npm_says_how_to_get_it() {
    let Some(node) = found_node() else { return };
    let dir = tempfile::tempdir().unwrap();
    // A node with no npm beside it and a PATH without npm.
    let lonely = dir.path().join("bin/node");
    std::fs::create_dir_all(lonely.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&node, &lonely).unwrap();
    let output = tau(dir.path(), &dir.path().join("host"), &lonely)
        .arg("setup-extensions")
        .env("PATH", dir.path().join("empty"))
        .env_remove("TAU_NPM")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("npm not found") && stderr.contains("tau setup-extensions"),
        "{stderr}"
    );
    assert!(
        !dir.path().join("host").exists(),
        "nothing written before npm is found"
    );

    let help = tau(dir.path(), &dir.path().join("host"), &node)
        .args(["setup-extensions", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    assert!(text(&help.stdout).contains("npm ci --omit=dev"));
}
