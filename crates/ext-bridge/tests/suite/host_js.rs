//! Runs the host package's own test suite (`node --test`, host/test/) as part of
//! `cargo test`, so one command checks both halves of the bridge. Skips with a printed reason
//! when node or the host's dependencies (`npm ci` in crates/ext-bridge/host) are missing.

use std::path::PathBuf;
use std::process::Command;

fn host_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("host")
}

/// Pi's example extensions, when the reference package is installed (tools/oracle/setup.sh).
fn pi_examples() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TAU_PI_EXAMPLES") {
        return Some(PathBuf::from(dir));
    }
    let home = std::env::var_os("TAU_ORACLE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/tau-oracle")))?;
    let dir =
        home.join("pi-1.6.0/node_modules/@earendil-works/pi-coding-agent/examples/extensions");
    dir.is_dir().then_some(dir)
}

#[test]
fn host_package_tests_pass() {
    let host = host_dir();
    if !host.join("node_modules").is_dir() {
        println!(
            "skipped: run `npm ci` in {} to test the extension host",
            host.display()
        );
        return;
    }
    let node = std::env::var_os("TAU_NODE").unwrap_or_else(|| "node".into());
    let tests: Vec<PathBuf> = std::fs::read_dir(host.join("test"))
        .expect("host tests")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    let mut command = Command::new(&node);
    // A failed assertion can leave a test's host process running, which would keep the file's
    // process (and so `cargo test`) waiting for ever: each test has a limit, and a file exits
    // when its tests are done.
    command
        .args(["--test", "--test-force-exit", "--test-timeout=300000"])
        .args(&tests)
        .current_dir(&host);
    if let Some(examples) = pi_examples() {
        command.env("TAU_PI_EXAMPLES", examples);
    }
    let output = match command.output() {
        Ok(output) => output,
        Err(error) => {
            println!("skipped: cannot run {node:?}: {error}");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "host tests failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("# fail 0"), "{stdout}");
}
