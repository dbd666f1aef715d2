//! Finding Node.js and the host package.

use std::path::{Path, PathBuf};

use crate::error::BridgeError;

/// The oldest Node major version the host runs on.
pub const MIN_NODE_MAJOR: u32 = 20;

const NOT_FOUND: &str =
    "node not found on PATH; install Node.js 20+ or set TAU_NODE to the node binary";

/// The node binary: `TAU_NODE` when set, else `node` on `PATH`.
pub fn find_node() -> Result<PathBuf, BridgeError> {
    if let Some(explicit) = std::env::var_os("TAU_NODE").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(explicit);
        if path.is_file() {
            return Ok(path);
        }
        return Err(BridgeError::Node(format!(
            "TAU_NODE points to {}, which is not a file; install Node.js 20+ or fix TAU_NODE",
            path.display()
        )));
    }
    let path_var = std::env::var_os("PATH").ok_or_else(|| BridgeError::Node(NOT_FOUND.into()))?;
    std::env::split_paths(&path_var)
        .map(|dir| dir.join("node"))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| BridgeError::Node(NOT_FOUND.into()))
}

/// Parses `v22.3.1` into its major version.
pub fn parse_major(version: &str) -> Option<u32> {
    version
        .trim()
        .trim_start_matches('v')
        .split('.')
        .next()?
        .parse()
        .ok()
}

/// Runs `node --version` and checks it is at least [`MIN_NODE_MAJOR`]; returns the version.
pub async fn check_node(node: &Path) -> Result<String, BridgeError> {
    let output = tokio::process::Command::new(node)
        .arg("--version")
        .output()
        .await
        .map_err(|e| BridgeError::Node(format!("could not run {}: {e}", node.display())))?;
    let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
    match parse_major(&version) {
        Some(major) if major >= MIN_NODE_MAJOR => Ok(version),
        Some(_) => Err(BridgeError::Node(format!(
            "{} is Node.js {version}; extensions need Node.js {MIN_NODE_MAJOR}+ (install it or set TAU_NODE)",
            node.display()
        ))),
        None => Err(BridgeError::Node(format!(
            "{} --version printed {version:?}, not a Node.js version; set TAU_NODE to the node binary",
            node.display()
        ))),
    }
}

/// The host package folder (the one holding `package.json` and `src/main.mjs`):
/// `TAU_EXT_HOST` when set, else `ext-host` or `../share/tau/ext-host` next to the tau binary.
pub fn locate_host() -> Result<PathBuf, BridgeError> {
    if let Some(explicit) = std::env::var_os("TAU_EXT_HOST").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(explicit);
        return check_host_dir(&dir).map(|()| dir);
    }
    let exe = std::env::current_exe()
        .map_err(|e| BridgeError::HostNotFound(format!("cannot find tau's own path: {e}")))?;
    let bin_dir = exe.parent().unwrap_or(Path::new("."));
    let candidates = [
        bin_dir.join("ext-host"),
        bin_dir.join("../share/tau/ext-host"),
        // A cargo build: target/<profile>/tau next to crates/ext-bridge/host.
        bin_dir.join("../../crates/ext-bridge/host"),
    ];
    for dir in &candidates {
        if check_host_dir(dir).is_ok() {
            return Ok(dir.clone());
        }
    }
    Err(BridgeError::HostNotFound(format!(
        "looked in {}; set TAU_EXT_HOST to the folder holding the host's package.json",
        candidates
            .iter()
            .map(|c| c.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

fn check_host_dir(dir: &Path) -> Result<(), BridgeError> {
    if dir.join("src/main.mjs").is_file() {
        Ok(())
    } else {
        Err(BridgeError::HostNotFound(format!(
            "{} has no src/main.mjs",
            dir.display()
        )))
    }
}
