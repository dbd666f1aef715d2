//! Running the real `tau` binary with Pi extensions: where the extension host, Node.js and
//! Pi's example extensions are, a bounded run (an extension that hangs must fail the test, not
//! hang it), and reading back the session files a run wrote.
//!
//! Every test that needs something missing prints why it is skipped and passes: Node.js 20+
//! (`TAU_NODE` or `node` on `PATH`), the host's `node_modules` (`npm ci` in
//! crates/ext-bridge/host), and for the example tests the reference Pi package that
//! `tools/oracle/setup.sh` installs (`TAU_PI_EXAMPLES` overrides its examples folder).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub use crate::support::{entries, session_files, Workspace};

/// A run that takes longer than this has hung.
pub const RUN_LIMIT: Duration = Duration::from_secs(90);

/// What running tau with extensions needs.
#[derive(Debug, Clone)]
pub struct ExtEnv {
    /// The host package folder (`TAU_EXT_HOST`).
    pub host: PathBuf,
    /// `TAU_NODE` when the caller set it; else tau finds `node` on `PATH` as the tests did.
    pub node: Option<PathBuf>,
}

/// Pi's `examples/extensions` folder, from `TAU_PI_EXAMPLES` or setup.sh's cache.
fn pi_examples_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TAU_PI_EXAMPLES").filter(|d| !d.is_empty()) {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let home = std::env::var_os("TAU_ORACLE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache/tau-oracle")))?;
    let dir =
        home.join("pi-1.6.0/node_modules/@earendil-works/pi-coding-agent/examples/extensions");
    dir.is_dir().then_some(dir)
}

/// The node major version `node --version` reports, if it runs.
fn node_major(node: &Path) -> Option<u32> {
    let output = Command::new(node).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.trim()
        .strip_prefix('v')?
        .split('.')
        .next()?
        .parse()
        .ok()
}

/// The host and node, or `None` with the reason printed for `test`.
pub fn ext_env(test: &str) -> Option<ExtEnv> {
    let host = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ext-bridge/host");
    if !host.join("node_modules").is_dir() {
        eprintln!("{test}: skipped: run `npm ci` in crates/ext-bridge/host");
        return None;
    }
    let node = std::env::var_os("TAU_NODE")
        .filter(|n| !n.is_empty())
        .map(PathBuf::from);
    let probe = node.clone().unwrap_or_else(|| PathBuf::from("node"));
    match node_major(&probe) {
        Some(major) if major >= 20 => Some(ExtEnv { host, node }),
        Some(major) => {
            eprintln!("{test}: skipped: {probe:?} is Node.js {major}; extensions need 20+");
            None
        }
        None => {
            eprintln!("{test}: skipped: no Node.js (set TAU_NODE or put node on PATH)");
            None
        }
    }
}

/// The environment plus the path of Pi's example `name` (e.g. `"todo.ts"`), or `None` with
/// the reason printed.
pub fn example(test: &str, name: &str) -> Option<(ExtEnv, PathBuf)> {
    let env = ext_env(test)?;
    let Some(dir) = pi_examples_dir() else {
        eprintln!(
            "{test}: skipped: Pi's examples are not installed; run tools/oracle/setup.sh \
             (or set TAU_PI_EXAMPLES)"
        );
        return None;
    };
    let path = dir.join(name);
    if !path.exists() {
        eprintln!("{test}: skipped: {} is missing", path.display());
        return None;
    }
    Some((env, path))
}

/// One of our fixture extensions under tests/fixtures/.
pub fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

impl ExtEnv {
    /// `tau` in `ws` with the host and node set, loading each of `extensions` with `-e`.
    pub fn tau(&self, ws: &Workspace, extensions: &[&Path]) -> Command {
        let mut cmd = ws.tau();
        cmd.env("TAU_EXT_HOST", &self.host);
        if let Some(node) = &self.node {
            cmd.env("TAU_NODE", node);
        }
        for ext in extensions {
            cmd.arg("-e").arg(ext);
        }
        cmd
    }
}

/// A finished run.
#[derive(Debug)]
pub struct Run {
    /// The process output.
    pub output: Output,
    /// How long it took.
    pub elapsed: Duration,
}

impl Run {
    /// stdout as text.
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }

    /// stderr as text.
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// Panics with both streams unless tau exited 0.
    pub fn assert_ok(&self) -> &Self {
        assert!(
            self.output.status.success(),
            "tau failed ({})\nstdout: {}\nstderr: {}",
            self.output.status,
            self.stdout(),
            self.stderr()
        );
        self
    }

    /// Panics unless stderr is free of tau warnings and extension errors.
    pub fn assert_quiet(&self) -> &Self {
        let stderr = self.stderr();
        assert!(
            !stderr.contains("warning") && !stderr.contains("rror"),
            "unexpected diagnostics: {stderr}"
        );
        self
    }
}

/// Runs `cmd` to the end, killing it (and failing the test) past `limit`.
pub fn run_bounded(mut cmd: Command, limit: Duration) -> Run {
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tau");
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let stderr = err.join().unwrap_or_default();
            panic!(
                "tau did not finish within {limit:?}; stderr: {}",
                String::from_utf8_lossy(&stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let elapsed = start.elapsed();
    let output = Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    };
    Run { output, elapsed }
}

/// Runs `cmd` with the default limit.
pub fn run(cmd: Command) -> Run {
    run_bounded(cmd, RUN_LIMIT)
}

/// The only session file; panics when there is not exactly one.
pub fn only_session(ws: &Workspace) -> PathBuf {
    let files = session_files(ws);
    assert_eq!(files.len(), 1, "session files: {files:?}");
    files[0].clone()
}

/// The entries of `kind` (`type`).
pub fn of_type<'a>(entries: &'a [Value], kind: &str) -> Vec<&'a Value> {
    entries.iter().filter(|e| e["type"] == kind).collect()
}

/// A capture that takes a tool result's whole text, newlines included.
pub const ALL: &str = "(?s)^(.*)$";
