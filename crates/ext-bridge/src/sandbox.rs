//! The opt-in sandbox for untrusted extensions (docs/sandbox.md): the host runs under Node's
//! permission model, reading only where extensions, their packages, the project and tau's
//! own files are, writing only in the project, the agent directory and tau's cache, with no
//! child processes or workers unless allowed. Pi's tool factories (`createBashTool` & co.) run
//! Pi's own tool code inside the host, so Node holds their tools to the same rules.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use tau_tools::path::resolve_to_cwd;

use crate::discovery::normalize;

/// One thing `--sandbox-allow` (or settings `sandbox.allow`) grants beyond the defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Allowance {
    /// Starting processes (`child_process`, `pi.exec`, the built-in `bash` tool).
    ChildProcess,
    /// `worker_threads`.
    Worker,
    /// Reading below a path.
    Read(PathBuf),
    /// Reading and writing below a path.
    Write(PathBuf),
}

const ALLOWANCE_FORMS: &str = "child-process, worker, read:PATH or write:PATH";

impl Allowance {
    /// Parses one allowance; relative paths are taken from `cwd`.
    pub fn parse(text: &str, cwd: &Path) -> Result<Allowance, String> {
        let text = text.trim();
        let path = |rest: &str| -> Result<PathBuf, String> {
            if rest.is_empty() {
                return Err(format!("sandbox allowance {text:?} names no path"));
            }
            Ok(resolve_to_cwd(rest, cwd))
        };
        match text {
            "child-process" | "child_process" => Ok(Allowance::ChildProcess),
            "worker" => Ok(Allowance::Worker),
            _ => match text.split_once(':') {
                Some(("read", rest)) => Ok(Allowance::Read(path(rest)?)),
                Some(("write", rest)) => Ok(Allowance::Write(path(rest)?)),
                _ => Err(format!(
                    "unknown sandbox allowance {text:?}; use {ALLOWANCE_FORMS}"
                )),
            },
        }
    }

    /// Parses a comma-separated list.
    pub fn parse_list(text: &str, cwd: &Path) -> Result<Vec<Allowance>, String> {
        text.split(',')
            .filter(|part| !part.trim().is_empty())
            .map(|part| Allowance::parse(part, cwd))
            .collect()
    }
}

/// What the sandboxed host may touch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sandbox {
    /// Folders (and files) readable below.
    pub read: Vec<PathBuf>,
    /// Folders (and files) writable below (also readable).
    pub write: Vec<PathBuf>,
    /// Whether child processes may be started.
    pub child_process: bool,
    /// Whether worker threads may be started.
    pub worker: bool,
}

/// Where a run's files are, for [`Sandbox::for_run`].
#[derive(Debug, Clone)]
pub struct SandboxPlaces<'a> {
    /// The host package folder (its sources and node_modules).
    pub host_dir: &'a Path,
    /// The project (the session's working directory).
    pub cwd: &'a Path,
    /// Pi's agent directory.
    pub agent_dir: &'a Path,
    /// The extension entries being loaded (files or folders).
    pub extensions: &'a [PathBuf],
    /// tau's cache folder (compile and transpile caches), when there is one.
    pub cache_dir: Option<&'a Path>,
}

impl Sandbox {
    /// The default rules for a run, plus `allow`.
    pub fn for_run(places: &SandboxPlaces<'_>, allow: &[Allowance]) -> Sandbox {
        let mut sandbox = Sandbox::default();
        sandbox.read.push(places.host_dir.to_path_buf());
        // A linked node_modules (pnpm, a shared install) is read where it really is.
        sandbox
            .read
            .push(real_path(&places.host_dir.join("node_modules")));
        for extension in places.extensions {
            let root = if extension.is_dir() {
                extension.clone()
            } else {
                extension.parent().unwrap_or(extension).to_path_buf()
            };
            // Packages an extension imports may sit in any enclosing node_modules, as
            // Node's resolution walks up from the importing file.
            for ancestor in root.ancestors() {
                let modules = ancestor.join("node_modules");
                if modules.is_dir() {
                    sandbox.read.push(modules);
                }
            }
            sandbox.read.push(root);
        }
        sandbox.write.push(places.cwd.to_path_buf());
        sandbox.write.push(places.agent_dir.to_path_buf());
        if let Some(cache) = places.cache_dir {
            sandbox.write.push(cache.to_path_buf());
        }
        for allowance in allow {
            match allowance {
                Allowance::ChildProcess => sandbox.child_process = true,
                Allowance::Worker => sandbox.worker = true,
                Allowance::Read(path) => sandbox.read.push(path.clone()),
                Allowance::Write(path) => sandbox.write.push(path.clone()),
            }
        }
        sandbox.read = with_real_paths(sandbox.read);
        sandbox.write = with_real_paths(sandbox.write);
        sandbox
    }

    /// Node's command-line options for these rules, for a node of `version` (`v22.13.0`):
    /// `--permission` from Node 22.13, `--experimental-permission` before (Node 20 and 21,
    /// 22.0 to 22.12), where the experimental-feature warning is silenced.
    pub fn node_args(&self, version: &str) -> Vec<OsString> {
        let (major, minor) = crate::node::parse_major_minor(version).unwrap_or_default();
        let mut args: Vec<OsString> = Vec::new();
        if major > 22 || (major == 22 && minor >= 13) {
            args.push("--permission".into());
        } else {
            args.push("--experimental-permission".into());
            args.push("--disable-warning=ExperimentalWarning".into());
        }
        // Writable places must be readable too (the host reads back what it wrote).
        let readable: Vec<PathBuf> = self.read.iter().chain(&self.write).cloned().collect();
        for path in outermost(&readable) {
            args.push(option_with_path("--allow-fs-read=", path));
        }
        for path in outermost(&self.write) {
            args.push(option_with_path("--allow-fs-write=", path));
        }
        if self.child_process {
            args.push("--allow-child-process".into());
        }
        if self.worker {
            args.push("--allow-worker".into());
        }
        args
    }
}

fn option_with_path(option: &str, path: &Path) -> OsString {
    let mut arg = OsString::from(option);
    arg.push(path.as_os_str());
    arg
}

/// The path with symlinks of its longest existing prefix resolved (Node checks real paths).
fn real_path(path: &Path) -> PathBuf {
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    while !existing.exists() {
        match (
            existing.file_name().map(ToOwned::to_owned),
            existing.parent(),
        ) {
            (Some(name), Some(parent)) => {
                rest.push(name);
                existing = parent.to_path_buf();
            }
            _ => return path.to_path_buf(),
        }
    }
    let mut real = std::fs::canonicalize(&existing).unwrap_or(existing);
    real.extend(rest.iter().rev());
    real
}

/// Each path as given and, when different, as its real path: Node checks the real path of
/// what is opened, tau's checks use real paths too.
fn with_real_paths(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for path in paths {
        // Node 20 also aborts on a `..` in an allowed path.
        let path = normalize(&path);
        let real = real_path(&path);
        for candidate in [path, real] {
            if !out.contains(&candidate) {
                out.push(candidate);
            }
        }
    }
    out
}

/// The paths not below another one of them, once each, in order. Node 20's permission
/// model aborts (an assertion in its radix tree) when one allowed path extends another.
fn outermost(paths: &[PathBuf]) -> Vec<&PathBuf> {
    let mut out: Vec<&PathBuf> = Vec::new();
    for (index, path) in paths.iter().enumerate() {
        let covered = paths.iter().enumerate().any(|(other_index, other)| {
            (other != path && path.starts_with(other)) || (other == path && other_index < index)
        });
        if !covered {
            out.push(path);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_options_follow_the_node_version() {
        let sb = Sandbox {
            read: vec!["/r".into()],
            write: vec!["/w".into()],
            child_process: true,
            worker: false,
        };
        let args = |v| {
            sb.node_args(v)
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            args("v22.13.0"),
            [
                "--permission",
                "--allow-fs-read=/r",
                "--allow-fs-read=/w",
                "--allow-fs-write=/w",
                "--allow-child-process"
            ]
        );
        assert_eq!(args("v24.1.0")[0], "--permission");
        for old in ["v20.20.2", "v22.12.0", "v21.7.3"] {
            assert_eq!(
                args(old)[..2],
                [
                    "--experimental-permission",
                    "--disable-warning=ExperimentalWarning"
                ]
            );
        }
    }

    #[test]
    fn nested_and_repeated_places_are_given_to_node_once() {
        let sb = Sandbox {
            read: vec!["/a/b".into(), "/a".into(), "/c".into(), "/c".into()],
            write: vec!["/a/b/w".into(), "/d".into()],
            ..Sandbox::default()
        };
        let args: Vec<String> = sb
            .node_args("v22.13.0")
            .into_iter()
            .map(|a| a.into_string().unwrap())
            .collect();
        assert_eq!(
            args[1..],
            [
                "--allow-fs-read=/a",
                "--allow-fs-read=/c",
                "--allow-fs-read=/d",
                "--allow-fs-write=/a/b/w",
                "--allow-fs-write=/d"
            ]
        );
    }

    #[test]
    fn allowances_parse_with_paths_from_the_project() {
        let cwd = Path::new("/p/q");
        assert_eq!(
            Allowance::parse_list("child-process, read:../data,write:/tmp/out", cwd).unwrap(),
            [
                Allowance::ChildProcess,
                Allowance::Read("/p/data".into()),
                Allowance::Write("/tmp/out".into())
            ]
        );
        let error = Allowance::parse("network", cwd).unwrap_err();
        assert!(
            error.contains("child-process, worker, read:PATH or write:PATH"),
            "{error}"
        );
        assert!(Allowance::parse("read:", cwd).is_err());
    }
}
