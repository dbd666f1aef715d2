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
    parse_major_minor(version).map(|(major, _)| major)
}

/// Parses `v22.3.1` into `(22, 3)`; a missing or unreadable minor version is 0.
pub fn parse_major_minor(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.trim().trim_start_matches('v').split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
    Some((major, minor))
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

/// The command that installs the host's dependencies, named in every hint.
pub const SETUP_COMMAND: &str = "tau setup-extensions";

/// A file in a host folder that tau wrote itself and may overwrite on the next set-up (a
/// source checkout has none, so set-up never overwrites its files).
pub const INSTALL_MARKER: &str = ".tau-ext-host";

/// The host package's files (relative path, content), embedded by `build.rs` so that an
/// installed tau can write its own host folder: `tau setup-extensions` needs no source
/// checkout.
pub const HOST_FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/host_files.rs"));

fn explicit_host() -> Option<PathBuf> {
    std::env::var_os("TAU_EXT_HOST")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn bin_dir() -> Result<PathBuf, BridgeError> {
    let exe = std::env::current_exe()
        .map_err(|e| BridgeError::HostNotFound(format!("cannot find tau's own path: {e}")))?;
    Ok(exe.parent().unwrap_or(Path::new(".")).to_path_buf())
}

/// Where tau looks for the host next to its binary, in order.
fn candidates(bin_dir: &Path) -> [PathBuf; 3] {
    [
        bin_dir.join("ext-host"),
        bin_dir.join("../share/tau/ext-host"),
        // A cargo build: target/<profile>/tau next to crates/ext-bridge/host.
        bin_dir.join("../../crates/ext-bridge/host"),
    ]
}

/// The host package folder, ready to run: `TAU_EXT_HOST` when set, else `ext-host` or
/// `../share/tau/ext-host` next to the tau binary (or the source tree of a cargo build).
/// The folder must hold `src/main.mjs` and the installed `node_modules`; the errors name
/// [`SETUP_COMMAND`].
pub fn locate_host() -> Result<PathBuf, BridgeError> {
    locate_host_in(explicit_host(), &bin_dir()?)
}

/// [`locate_host`] with the `TAU_EXT_HOST` value and the binary's folder given.
pub fn locate_host_in(explicit: Option<PathBuf>, bin_dir: &Path) -> Result<PathBuf, BridgeError> {
    let dir = match explicit {
        Some(dir) => {
            check_host_dir(&dir)?;
            dir
        }
        None => {
            let candidates = candidates(bin_dir);
            let found = candidates.iter().find(|dir| check_host_dir(dir).is_ok());
            let Some(dir) = found else {
                return Err(BridgeError::HostNotFound(format!(
                    "looked in {}; run `{SETUP_COMMAND}` to install it next to tau, or set \
                     TAU_EXT_HOST to the folder holding the host's package.json",
                    candidates
                        .iter()
                        .map(|c| c.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            };
            dir.clone()
        }
    };
    if !dir.join("node_modules").is_dir() {
        return Err(BridgeError::HostNotFound(format!(
            "the host in {} has no node_modules (its npm dependencies are not installed); \
             run `{SETUP_COMMAND}`",
            dir.display()
        )));
    }
    Ok(dir)
}

/// Where `tau setup-extensions` installs the host: `TAU_EXT_HOST` when set, else the first
/// existing host folder tau would use, else `ext-host` next to the binary.
pub fn setup_target() -> Result<PathBuf, BridgeError> {
    Ok(setup_target_in(explicit_host(), &bin_dir()?))
}

/// [`setup_target`] with the `TAU_EXT_HOST` value and the binary's folder given.
pub fn setup_target_in(explicit: Option<PathBuf>, bin_dir: &Path) -> PathBuf {
    if let Some(dir) = explicit {
        return dir;
    }
    let candidates = candidates(bin_dir);
    candidates
        .iter()
        .find(|dir| check_host_dir(dir).is_ok())
        .unwrap_or(&candidates[0])
        .clone()
}

/// Writes [`HOST_FILES`] and [`INSTALL_MARKER`] into `dir` unless it already holds a host
/// tau did not write (a source checkout); returns how many files were written.
pub fn write_host_files(dir: &Path) -> std::io::Result<usize> {
    let ours = dir.join(INSTALL_MARKER).is_file();
    if !ours && dir.join("src/main.mjs").is_file() {
        return Ok(0);
    }
    for (rel, content) in HOST_FILES {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, content)?;
    }
    let marker = format!(
        "written by tau {} (tau setup-extensions); tau may overwrite this folder\n",
        env!("CARGO_PKG_VERSION")
    );
    std::fs::write(dir.join(INSTALL_MARKER), marker)?;
    Ok(HOST_FILES.len())
}

/// The npm binary: `TAU_NPM` when set, else `npm` next to `node`, else `npm` on `PATH`.
pub fn find_npm(node: Option<&Path>) -> Result<PathBuf, BridgeError> {
    if let Some(explicit) = std::env::var_os("TAU_NPM").filter(|v| !v.is_empty()) {
        let path = PathBuf::from(explicit);
        if path.is_file() {
            return Ok(path);
        }
        return Err(BridgeError::Node(format!(
            "TAU_NPM points to {}, which is not a file; fix TAU_NPM or unset it",
            path.display()
        )));
    }
    let beside_node = node.and_then(Path::parent).map(|dir| dir.join("npm"));
    let on_path = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|dir| dir.join("npm"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    beside_node
        .into_iter()
        .chain(on_path)
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| {
            BridgeError::Node(
                "npm not found on PATH; install Node.js 20+ with npm (or set TAU_NPM to the npm binary) \
                 and run `tau setup-extensions` again"
                    .into(),
            )
        })
}

fn check_host_dir(dir: &Path) -> Result<(), BridgeError> {
    if dir.join("src/main.mjs").is_file() {
        Ok(())
    } else {
        Err(BridgeError::HostNotFound(format!(
            "{} has no src/main.mjs; run `{SETUP_COMMAND}` to install the host there",
            dir.display()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files_under(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                files_under(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }

    #[test]
    fn every_host_source_file_is_embedded() {
        let host = Path::new(env!("CARGO_MANIFEST_DIR")).join("host");
        let mut on_disk = Vec::new();
        files_under(&host.join("src"), "src/", &mut on_disk);
        on_disk.extend(["package.json".into(), "package-lock.json".into()]);
        let embedded: Vec<&str> = HOST_FILES.iter().map(|(rel, _)| *rel).collect();
        for file in &on_disk {
            assert!(
                embedded.contains(&file.as_str()),
                "{file} is not in HOST_FILES"
            );
        }
        for (rel, content) in HOST_FILES {
            assert_eq!(std::fs::read_to_string(host.join(rel)).unwrap(), *content);
        }
    }

    #[test]
    fn host_files_are_written_to_fresh_or_owned_folders_only() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("fresh");
        assert_eq!(write_host_files(&fresh).unwrap(), HOST_FILES.len());
        assert!(fresh.join("src/shim/pi-ai.mjs").is_file());
        std::fs::write(fresh.join("src/main.mjs"), "old").unwrap();
        write_host_files(&fresh).unwrap();
        assert_ne!(
            std::fs::read_to_string(fresh.join("src/main.mjs")).unwrap(),
            "old"
        );

        let checkout = dir.path().join("checkout");
        std::fs::create_dir_all(checkout.join("src")).unwrap();
        std::fs::write(checkout.join("src/main.mjs"), "mine").unwrap();
        assert_eq!(write_host_files(&checkout).unwrap(), 0);
        assert_eq!(
            std::fs::read_to_string(checkout.join("src/main.mjs")).unwrap(),
            "mine"
        );
    }

    #[test]
    fn locating_names_the_setup_command_when_dependencies_are_missing() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        let error = locate_host_in(None, &bin).unwrap_err().to_string();
        assert!(error.contains("tau setup-extensions"), "{error}");
        assert_eq!(setup_target_in(None, &bin), bin.join("ext-host"));

        write_host_files(&bin.join("ext-host")).unwrap();
        assert_eq!(setup_target_in(None, &bin), bin.join("ext-host"));
        let error = locate_host_in(None, &bin).unwrap_err().to_string();
        assert!(
            error.contains("has no node_modules") && error.contains("tau setup-extensions"),
            "{error}"
        );
        std::fs::create_dir(bin.join("ext-host/node_modules")).unwrap();
        assert_eq!(locate_host_in(None, &bin).unwrap(), bin.join("ext-host"));

        let explicit = dir.path().join("elsewhere");
        assert_eq!(setup_target_in(Some(explicit.clone()), &bin), explicit);
        assert!(locate_host_in(Some(explicit), &bin).is_err());
    }
}
