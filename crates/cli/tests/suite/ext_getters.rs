//! Pi's getters in a live session, through the real binary and host with our own probe
//! (tests/fixtures/ext-getters/probe.ts): flag values while loading and after, commands and
//! tools with Pi's `sourceInfo`, entries an extension writes visible at once and written to
//! the session file with the id it saw, Pi's context builders, the thinking level clamped to
//! the model, and `ctx.executeTool` through tau's tool pipeline. The same probe runs in the
//! reference Pi 1.6.0 when it is installed (tools/oracle/setup.sh) and both must record the
//! same facts; without it that half prints "skipped".

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::oracle::PiOracle;
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};

use super::ext_support::*;
use crate::support::{entries, Workspace};

/// The mock's two turns: the probe tool, then an answer.
fn replies() -> Vec<MockReply> {
    vec![
        MockTurn::tool_calls([MockToolCall::new("call_1", "probe_tool", json!({}))]).into(),
        MockTurn::text("done").into(),
    ]
}

/// One provider `mock` at `base_url` (no reasoning, so thinking levels clamp to off).
fn models_json(base_url: &str) -> String {
    json!({"providers": {"mock": {
        "baseUrl": base_url,
        "api": "openai-completions",
        "apiKey": "sk-mock",
        "models": [{"id": "mock-model", "name": "Mock Model"}]
    }}})
    .to_string()
}

/// The flags and prompt both harnesses get.
const ARGS: &[&str] = &[
    "--model",
    "mock/mock-model",
    "--probe-level",
    "high",
    "--probe-loud",
    "-p",
    "probe",
];

/// What the probe recorded, by key (a key recorded twice keeps every value in order).
fn observations(project: &Path) -> BTreeMap<String, Vec<Value>> {
    let text = std::fs::read_to_string(project.join("getters.jsonl")).expect("getters.jsonl");
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).expect("a probe record");
        let key = record["key"].as_str().unwrap_or_default().to_string();
        out.entry(key).or_default().push(record["value"].clone());
    }
    out
}

fn first<'a>(seen: &'a BTreeMap<String, Vec<Value>>, key: &str) -> &'a Value {
    &seen
        .get(key)
        .unwrap_or_else(|| panic!("{key} not recorded: {seen:#?}"))[0]
}

/// Runs tau with the probe and `extra` arguments; returns its project folder's observations
/// and session entries (none with `--no-session`).
async fn run_tau(
    env: &ExtEnv,
    probe: &Path,
    extra: &[&str],
) -> (BTreeMap<String, Vec<Value>>, Vec<Value>) {
    let server = MockServer::start(replies()).await.expect("mock server");
    let ws = Workspace::new();
    std::fs::write(
        ws.agent_dir.path().join("models.json"),
        models_json(&server.base_url()),
    )
    .expect("models.json");
    ws.write("notes.txt", "alpha\n");
    let mut cmd = env.tau(&ws, &[probe]);
    cmd.args(extra).args(ARGS);
    let run = tokio::task::spawn_blocking(move || run(cmd))
        .await
        .expect("join");
    run.assert_ok();
    let session = if extra.contains(&"--no-session") {
        Vec::new()
    } else {
        entries(&only_session(&ws))
    };
    (observations(ws.path()), session)
}

/// Runs Pi with the probe and `extra` arguments in a folder of its own under `root`.
async fn run_pi(
    pi: &PiOracle,
    probe: &Path,
    root: &Path,
    extra: &[&str],
) -> BTreeMap<String, Vec<Value>> {
    let server = MockServer::start(replies()).await.expect("mock server");
    let (project, agent, home) = (root.join("project"), root.join("agent"), root.join("home"));
    for dir in [&project, &agent, &home] {
        std::fs::create_dir_all(dir).expect("mkdir");
    }
    std::fs::write(agent.join("models.json"), models_json(&server.base_url())).expect("models");
    std::fs::write(project.join("notes.txt"), "alpha\n").expect("notes.txt");
    let mut cmd = Command::new(&pi.node);
    cmd.arg(&pi.cli)
        .arg("-e")
        .arg(probe)
        .args(extra)
        .args(ARGS)
        .current_dir(&project)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", &home)
        .env("TERM", "dumb")
        .env("PI_OFFLINE", "1")
        .env("PI_SKIP_VERSION_CHECK", "1")
        .env("PI_TELEMETRY", "0")
        .env("PI_CODING_AGENT_DIR", &agent)
        .stdin(Stdio::null());
    let output = tokio::task::spawn_blocking(move || cmd.output())
        .await
        .expect("join")
        .expect("run Pi");
    assert!(
        output.status.success(),
        "Pi failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    observations(&project)
}

/// The entry with `id` in the session file.
fn entry<'a>(entries: &'a [Value], id: &Value) -> &'a Value {
    entries
        .iter()
        .find(|e| &e["id"] == id)
        .unwrap_or_else(|| panic!("no entry {id} in the session file: {entries:#?}"))
}

#[tokio::test(flavor = "multi_thread")]
async fn ext_getters_answer_as_pi() {
    let test = "ext_getters_answer_as_pi";
    let Some(env) = ext_env(test) else { return };
    let probe: PathBuf = fixture("ext-getters/probe.ts");
    let (tau, session) = run_tau(&env, &probe, &[]).await;

    // tau's own facts first: the default while loading, the command line's value after.
    assert_eq!(first(&tau, "load.flags"), &json!(["low", false]));
    assert_eq!(first(&tau, "start.flags"), &json!(["high", true]));
    // The entries the extension saw are in the session file, same id and timestamp.
    let ids = first(&tau, "start.ids");
    let appended = entry(&session, &ids["appended"]);
    assert_eq!(appended["customType"], "probe-note");
    assert_eq!(entry(&session, &ids["label"])["label"], "probe-label");
    assert_eq!(first(&tau, "start.thinking"), &json!(["off", "off", "off"]));
    assert!(
        !tau.contains_key("event.thinking_level_select"),
        "no change, no event"
    );
    // A nested call's events name the calling tool, as Pi's do.
    assert_eq!(
        first(&tau, "hook.tool_call"),
        &json!({ "id": "call_1/1", "parent": "call_1" })
    );

    let Some(pi) = PiOracle::locate() else {
        eprintln!(
            "{test}: skipped the comparison: reference Pi not installed (tools/oracle/setup.sh)"
        );
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let mut reference = run_pi(&pi, &probe, dir.path(), &[]).await;
    // The probe's entry ids are the harness's own.
    let mut tau = tau;
    for seen in [&mut tau, &mut reference] {
        seen.remove("start.ids");
    }
    assert_eq!(tau, reference);

    // In memory (--no-session): no file, "" as the folder, the rest as with a file.
    let (mut tau, _) = run_tau(&env, &probe, &["--no-session"]).await;
    assert_eq!(
        first(&tau, "start.session"),
        &json!({"file": "undefined", "dir": ""})
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let mut reference = run_pi(&pi, &probe, dir.path(), &["--no-session"]).await;
    for seen in [&mut tau, &mut reference] {
        seen.remove("start.ids");
    }
    assert_eq!(tau, reference);
}

#[test]
fn ext_getters_tool_and_flag_conflicts_stop_the_run() {
    let Some(env) = ext_env("ext_getters_tool_and_flag_conflicts_stop_the_run") else {
        return;
    };
    let ws = Workspace::new();
    let (a, b) = (
        fixture("ext-getters/clash-a.ts"),
        fixture("ext-getters/clash-b.ts"),
    );
    let mut cmd = env.tau(&ws, &[&a, &b]);
    cmd.args(["--model", "scripted/demo", "--no-session", "-p", "hi"]);
    let run = run(cmd);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    let stderr = run.stderr();
    // Pi's words, one line each, naming the later extension and the owner.
    for clash in [
        format!("Tool \"clash_tool\" conflicts with {}", a.display()),
        format!("Flag \"--clash-flag\" conflicts with {}", a.display()),
    ] {
        assert!(
            stderr.contains(&format!(
                "failed to load extension \"{}\": {clash}",
                b.display()
            )),
            "{stderr}"
        );
    }
    assert!(run.stdout().is_empty(), "{}", run.stdout());
}
