//! `--sandbox` against the real binary and host (fixture tests/fixtures/ext-sandbox/probe.ts):
//! what an extension may do by default, what `--sandbox-allow` and settings.json change, and
//! that the run and its session go on after a refusal. Runs with whichever Node the tests use
//! (20: `--experimental-permission`, 22.13+: `--permission`).

use std::path::Path;

use serde_json::json;

use super::ext_support::*;
use crate::support::{session_files, Workspace};

const DENIED: &[&str] = &[
    "write in project: ok",
    "write outside: ERR_ACCESS_DENIED",
    "read outside: ERR_ACCESS_DENIED",
    "child process: ERR_ACCESS_DENIED",
    // Pi's tool factories run Pi's tool code in the host: Node refuses them like any other code.
    "factory bash: ERR_ACCESS_DENIED",
    "factory write outside: ERR_ACCESS_DENIED",
    "factory write in project: ok",
];

/// Runs the probe tool, then a model bash call; returns the probe's lines and the run.
fn probe(env: &ExtEnv, ws: &Workspace, outside: &Path, extra: &[&str]) -> (Vec<String>, Run) {
    let script = ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "probe", "arguments": {}}], "capture": {"probe": ALL}},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo model-bash-ran"}}],
         "capture": {"bash": ALL}},
        {"text": "${probe}\n--\n${bash}"}
    ]}));
    let mut cmd = env.tau(ws, &[&fixture("ext-sandbox/probe.ts")]);
    cmd.env("SANDBOX_OUTSIDE", outside)
        .arg("--script")
        .arg(&script)
        .args(extra)
        .args(["-p", "go"]);
    let run = run_bounded(cmd, RUN_LIMIT);
    let stdout = run.stdout();
    let (lines, bash) = stdout.split_once("\n--\n").unwrap_or((&stdout, ""));
    assert_eq!(
        bash.trim(),
        "model-bash-ran",
        "the run goes on: {}",
        run.stderr()
    );
    (lines.lines().map(str::to_string).collect(), run)
}

fn outside_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
    dir
}

#[test]
fn ext_sandbox_refuses_writes_reads_and_processes_outside_its_places() {
    let Some(env) = ext_env("ext_sandbox_default") else {
        return;
    };
    let (ws, outside) = (Workspace::new(), outside_dir());
    let (lines, run) = probe(&env, &ws, outside.path(), &["--sandbox"]);
    run.assert_ok();
    assert_eq!(lines, DENIED, "stderr: {}", run.stderr());
    assert!(!outside.path().join("outside.txt").exists());
    assert!(!outside.path().join("via-tool.txt").exists());
    assert!(!ws.path().join("bash-ran.txt").exists());
    assert_eq!(ws.read("inside.txt"), "in");
    assert_eq!(ws.read("via-tool.txt"), "x");
    let sessions = session_files(&ws);
    assert_eq!(sessions.len(), 1);
    let text = std::fs::read_to_string(&sessions[0]).unwrap();
    assert!(
        text.contains("model-bash-ran"),
        "the session recorded the rest of the run"
    );
}

#[test]
fn ext_sandbox_allowances_widen_it_and_the_settings_key_switches_it_on() {
    let Some(env) = ext_env("ext_sandbox_allow") else {
        return;
    };
    let (ws, outside) = (Workspace::new(), outside_dir());
    let write = format!("write:{}", outside.path().display());
    let (lines, run) = probe(
        &env,
        &ws,
        outside.path(),
        &[
            "--sandbox",
            "--sandbox-allow",
            "child-process",
            "--sandbox-allow",
            &write,
        ],
    );
    run.assert_ok();
    assert!(lines.iter().all(|l| l.ends_with(": ok")), "{lines:?}");
    assert_eq!(ws.read("bash-ran.txt").trim(), "ran");
    assert!(outside.path().join("via-tool.txt").exists());

    // settings.json switches it on; --no-sandbox switches it off again.
    let (ws, outside) = (Workspace::new(), outside_dir());
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        r#"{"sandbox": {"allow": ["worker"]}}"#,
    )
    .unwrap();
    let (lines, _) = probe(&env, &ws, outside.path(), &[]);
    assert_eq!(lines, DENIED);
    let (lines, _) = probe(&env, &ws, outside.path(), &["--no-sandbox"]);
    assert!(lines.iter().all(|l| l.ends_with(": ok")), "{lines:?}");
}

#[test]
fn ext_sandbox_a_bad_allowance_or_setting_stops_before_anything_runs() {
    let Some(env) = ext_env("ext_sandbox_bad") else {
        return;
    };
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&fixture("ext-sandbox/probe.ts")]);
    cmd.args([
        "--model",
        "scripted/demo",
        "--sandbox",
        "--sandbox-allow",
        "network",
        "-p",
        "go",
    ]);
    let run = run_bounded(cmd, RUN_LIMIT);
    assert_eq!(run.output.status.code(), Some(1));
    assert!(
        run.stderr()
            .contains("unknown sandbox allowance \"network\"")
            && run
                .stderr()
                .contains("child-process, worker, read:PATH or write:PATH"),
        "{}",
        run.stderr()
    );
    assert!(run.stdout().is_empty());
    assert!(session_files(&ws).is_empty());

    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        r#"{"sandbox": tru}"#,
    )
    .unwrap();
    let mut cmd = env.tau(&ws, &[&fixture("ext-sandbox/probe.ts")]);
    cmd.args(["--model", "scripted/demo", "-p", "go"]);
    let run = run_bounded(cmd, RUN_LIMIT);
    assert_eq!(run.output.status.code(), Some(1));
    assert!(
        run.stderr().contains("--sandbox or --no-sandbox"),
        "{}",
        run.stderr()
    );
}
