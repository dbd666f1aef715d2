//! `tau setup-extensions`: installs the extension host (the Node.js package that runs Pi
//! extensions) where tau looks for it, with visible progress. tau never installs it on its
//! own at start-up; when extensions are configured and the host is missing, the warning names
//! this command.
//!
//! The host goes to `$TAU_EXT_HOST` when set, else to the host folder tau already finds
//! (a source checkout's `crates/ext-bridge/host` for a cargo build), else to `ext-host` next
//! to the tau binary (a `cargo install`-ed tau). A folder without a host gets the host files
//! embedded in the binary; then `npm ci --omit=dev` installs the pinned dependencies there.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use tau_ext_bridge::node;

const USAGE: &str = "Usage: tau setup-extensions

Installs the extension host that runs Pi extensions: writes the host package to
$TAU_EXT_HOST, or to the host folder next to tau (ext-host), and runs
`npm ci --omit=dev` there. Needs Node.js 20+ with npm (TAU_NODE and TAU_NPM pick
the binaries) and access to the npm registry or a filled npm cache. Run it again
after upgrading tau.";

fn progress(line: &str) {
    let _ = writeln!(std::io::stderr(), "tau: {line}");
}

/// Runs the subcommand with the arguments after `setup-extensions`.
pub fn run(args: &[String]) -> ExitCode {
    match args {
        [] => {}
        [flag] if flag == "-h" || flag == "--help" => {
            let _ = writeln!(std::io::stdout(), "{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            return crate::app::fail(&format!(
            "setup-extensions takes no arguments (got {}); set TAU_EXT_HOST to choose the folder",
            args.join(" ")
        ))
        }
    }
    match set_up() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => crate::app::fail(&message),
    }
}

/// `node --version`, checked against the oldest supported major version.
fn node_version(node: &Path) -> Result<String, String> {
    let output = Command::new(node)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", node.display()))?;
    let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
    match node::parse_major(&version) {
        Some(major) if major >= node::MIN_NODE_MAJOR => Ok(version),
        _ => Err(format!(
            "{} is Node.js {version:?}; extensions need Node.js {}+ (install it or set TAU_NODE)",
            node.display(),
            node::MIN_NODE_MAJOR
        )),
    }
}

/// `PATH` with `dir` first, so npm's `#!/usr/bin/env node` runs the node tau uses.
fn path_with(dir: Option<&Path>) -> std::ffi::OsString {
    let mut dirs: Vec<PathBuf> = dir.map(Path::to_path_buf).into_iter().collect();
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    std::env::join_paths(dirs).unwrap_or_default()
}

fn set_up() -> Result<(), String> {
    let node = node::find_node().map_err(|e| e.to_string())?;
    let version = node_version(&node)?;
    progress(&format!("using Node.js {version} ({})", node.display()));
    let npm = node::find_npm(Some(&node)).map_err(|e| e.to_string())?;
    let target = node::setup_target().map_err(|e| e.to_string())?;
    progress(&format!("extension host folder: {}", target.display()));
    let written = node::write_host_files(&target).map_err(|e| {
        format!(
            "cannot write the extension host into {}: {e}; set TAU_EXT_HOST to a writable folder",
            target.display()
        )
    })?;
    if written > 0 {
        progress(&format!("wrote {written} host files"));
    } else {
        progress("keeping the host files already there (not written by tau)");
    }
    progress(&format!(
        "running {} ci --omit=dev (installs the pinned dependencies; this can take a minute)",
        npm.display()
    ));
    let status = Command::new(&npm)
        .args([
            "ci",
            "--omit=dev",
            "--no-audit",
            "--no-fund",
            "--prefer-offline",
        ])
        .current_dir(&target)
        .env("PATH", path_with(node.parent()))
        .stdin(Stdio::null())
        // npm's output is progress too: keep tau's stdout clean.
        .stdout(Stdio::from(std::io::stderr()))
        .status()
        .map_err(|e| format!("could not run {}: {e}", npm.display()))?;
    if !status.success() {
        return Err(format!(
            "npm ci failed in {} ({status}); see npm's output above, fix the cause (network, \
             registry access, disk space) and run `tau setup-extensions` again",
            target.display()
        ));
    }
    if !target.join("node_modules").is_dir() {
        return Err(format!(
            "npm ci finished but {} has no node_modules; run `tau setup-extensions` again",
            target.display()
        ));
    }
    progress(&format!("extension host ready in {}", target.display()));
    if std::env::var_os("TAU_EXT_HOST").is_some_and(|v| !v.is_empty()) {
        progress("tau finds this folder through TAU_EXT_HOST; keep it set when running tau");
    }
    Ok(())
}
