//! Our session-events probe (tests/fixtures/session-events/probe.ts) under Pi 1.6.0 and
//! under tau, over the same RPC conversation on a loopback model: the payloads its handlers
//! record must match, ids and sizes aside.
//!
//! Opt-in like `rpc_side_by_side.rs`: without the Pi and Node 22 that `tools/oracle/setup.sh`
//! installs the test prints why it is skipped and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockTurn};

use super::ext_support::{ext_env, fixture, ExtEnv};
use super::rpc_client::RpcClient;
use super::rpc_side_by_side::locate_pi;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Harness {
    Tau,
    Pi,
}

/// Runs `conversation` against `who` with the probe (`vars` set), in a fresh sandbox with
/// its own mock model answering `replies`; returns the probe's records.
async fn probe_run(
    who: Harness,
    pi: (PathBuf, PathBuf),
    ext: ExtEnv,
    replies: Vec<MockReply>,
    vars: Vec<(&'static str, &'static str)>,
    conversation: fn(&mut RpcClient),
    project_files: &'static [(&'static str, &'static str)],
) -> (Vec<Value>, Vec<Value>) {
    let server = MockServer::start(replies).await.expect("mock server");
    let base_url = server.base_url();
    tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        for sub in ["project", "home", "agent"] {
            std::fs::create_dir_all(root.join(sub)).expect("mkdir");
        }
        let models = json!({"providers": {"mock": {
            "baseUrl": base_url, "api": "openai-completions", "apiKey": "sk-mock",
            "models": [{"id": "mock-model", "name": "Mock Model"}]
        }}});
        std::fs::write(root.join("agent/models.json"), models.to_string()).expect("models");
        for (rel, text) in project_files {
            let path = root.join("project").join(rel);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("project file");
        }
        let settings = json!({"compaction": {"keepRecentTokens": 50},
                              "retry": {"maxRetries": 2, "baseDelayMs": 10}});
        std::fs::write(root.join("agent/settings.json"), settings.to_string()).expect("settings");
        let mut cmd = match who {
            Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
            Harness::Pi => {
                let mut cmd = Command::new(&pi.1);
                cmd.arg(&pi.0);
                cmd
            }
        };
        let log = root.join("probe.jsonl");
        cmd.args([
            "--no-session",
            "--model",
            "mock/mock-model",
            "--mode",
            "rpc",
        ])
        .arg("-e")
        .arg(fixture("session-events/probe.ts"))
        .current_dir(root.join("project"))
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", root.join("home"))
        .env("TERM", "dumb")
        .env("PI_OFFLINE", "1")
        .env("PI_SKIP_VERSION_CHECK", "1")
        .env("PI_TELEMETRY", "0")
        .env("PROBE_LOG", &log)
        .env(
            if who == Harness::Tau {
                "TAU_AGENT_DIR"
            } else {
                "PI_CODING_AGENT_DIR"
            },
            root.join("agent"),
        );
        for (key, value) in vars {
            cmd.env(key, value);
        }
        if who == Harness::Tau {
            cmd.env("TAU_EXT_HOST", &ext.host);
            if let Some(node) = &ext.node {
                cmd.env("TAU_NODE", node);
            }
        }
        let mut client = RpcClient::start(cmd);
        conversation(&mut client);
        let (status, stderr) = client.close();
        assert!(status.success(), "{who:?} exited {status}: {stderr}");
        (read_log(&log), client.seen.clone())
    })
    .await
    .expect("join")
}

fn read_log(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("probe line"))
        .collect()
}

/// Drops what differs between runs by nature: entry ids.
fn comparable(mut records: Vec<Value>) -> Vec<Value> {
    for record in &mut records {
        if let Some(object) = record.as_object_mut() {
            object.remove("firstKeptEntryId");
        }
    }
    records
}

fn two_prompts_then_compact(client: &mut RpcClient) {
    client.prompt_and_wait(&format!("first {}", "a".repeat(400)));
    client.prompt_and_wait(&format!("second {}", "b".repeat(400)));
    client.send(&json!({"id": "c", "type": "compact", "customInstructions": "focus on X"}));
    client.response("c");
}

/// Both harnesses over one case; `None` (reason printed) when Pi or the host is missing.
async fn side_by_side(
    test: &str,
    vars: Vec<(&'static str, &'static str)>,
    conversation: fn(&mut RpcClient),
) -> Option<(Vec<Value>, Vec<Value>)> {
    side_by_side_in(test, vars, conversation, &[]).await
}

/// [`side_by_side`] in a project holding `project_files` (relative path, text).
async fn side_by_side_in(
    test: &str,
    vars: Vec<(&'static str, &'static str)>,
    conversation: fn(&mut RpcClient),
    project_files: &'static [(&'static str, &'static str)],
) -> Option<(Vec<Value>, Vec<Value>)> {
    let replies = || {
        ["one", "two", "## Goal\nsummary"]
            .iter()
            .map(|t| MockReply::Turn(Box::new(MockTurn::text(*t))))
            .collect::<Vec<_>>()
    };
    let ((pi, _), (tau, _)) = both(test, vars, conversation, project_files, replies).await?;
    Some((comparable(pi), comparable(tau)))
}

/// Pi's and tau's (probe records, RPC records) for one case.
async fn both(
    test: &str,
    vars: Vec<(&'static str, &'static str)>,
    conversation: fn(&mut RpcClient),
    project_files: &'static [(&'static str, &'static str)],
    replies: fn() -> Vec<MockReply>,
) -> Option<((Vec<Value>, Vec<Value>), (Vec<Value>, Vec<Value>))> {
    let Some(pi) = locate_pi() else {
        eprintln!("{test}: skipped: run tools/oracle/setup.sh for Pi 1.6.0 and Node 22");
        return None;
    };
    // Pi's host and tau's both run on the oracle's Node 22.
    let mut ext = ext_env(test)?;
    ext.node = Some(pi.1.clone());
    let theirs = probe_run(
        Harness::Pi,
        pi.clone(),
        ext.clone(),
        replies(),
        vars.clone(),
        conversation,
        project_files,
    )
    .await;
    let ours = probe_run(
        Harness::Tau,
        pi,
        ext,
        replies(),
        vars,
        conversation,
        project_files,
    )
    .await;
    Some((theirs, ours))
}

#[tokio::test(flavor = "multi_thread")]
async fn compaction_events_match_pi_when_the_extension_supplies_the_summary() {
    let test = "compaction_events_match_pi_when_the_extension_supplies_the_summary";
    let Some((pi, tau)) = side_by_side(
        test,
        vec![("PROBE_COMPACT", "replace")],
        two_prompts_then_compact,
    )
    .await
    else {
        return;
    };
    assert!(!pi.is_empty(), "Pi's probe recorded nothing");
    assert_eq!(tau, pi);
}

#[tokio::test(flavor = "multi_thread")]
async fn compaction_events_match_pi_when_the_extension_cancels() {
    let test = "compaction_events_match_pi_when_the_extension_cancels";
    let Some((pi, tau)) = side_by_side(
        test,
        vec![("PROBE_COMPACT", "cancel")],
        two_prompts_then_compact,
    )
    .await
    else {
        return;
    };
    assert!(!pi.is_empty(), "Pi's probe recorded nothing");
    assert_eq!(tau, pi);
}

#[tokio::test(flavor = "multi_thread")]
async fn compaction_events_match_pi_with_the_default_summary() {
    let test = "compaction_events_match_pi_with_the_default_summary";
    let Some((pi, tau)) = side_by_side(test, vec![], two_prompts_then_compact).await else {
        return;
    };
    assert!(!pi.is_empty(), "Pi's probe recorded nothing");
    assert_eq!(tau, pi);
}

fn start_then_reload(client: &mut RpcClient) {
    client.send(&json!({"id": "s", "type": "get_state"}));
    client.response("s");
    client.send(&json!({"id": "r", "type": "prompt", "message": "/probe-reload"}));
    client.response("r");
    // A request answered after the reload finished.
    client.send(&json!({"id": "s2", "type": "get_state"}));
    client.response("s2");
}

#[tokio::test(flavor = "multi_thread")]
async fn resources_discover_matches_pi_at_startup_and_reload() {
    let test = "resources_discover_matches_pi_at_startup_and_reload";
    let Some((pi, tau)) =
        side_by_side(test, vec![("PROBE_RESOURCES", "1")], start_then_reload).await
    else {
        return;
    };
    let reasons: Vec<&str> = pi.iter().filter_map(|r| r["reason"].as_str()).collect();
    assert_eq!(reasons, ["startup", "reload"], "{pi:?}");
    assert_eq!(tau, pi);
}

/// A project setting: enough to make the project's trust a question.
const PROJECT_SETTINGS: &[(&str, &str)] = &[(".pi/settings.json", "{}")];

fn just_start(client: &mut RpcClient) {
    client.send(&json!({"id": "s", "type": "get_state"}));
    client.response("s");
}

#[tokio::test(flavor = "multi_thread")]
async fn project_trust_matches_pi() {
    let test = "project_trust_matches_pi";
    let vars = vec![("PROBE_TRUST", "no")];
    let Some((pi, tau)) = side_by_side_in(test, vars, just_start, PROJECT_SETTINGS).await else {
        return;
    };
    assert_eq!(pi.len(), 1, "{pi:?}");
    assert_eq!(tau, pi);
}

/// The `summarization_retry_*` records with the values that do not vary.
fn retry_records(records: &[Value]) -> Vec<Value> {
    records
        .iter()
        .filter(|r| {
            r["type"]
                .as_str()
                .is_some_and(|t| t.starts_with("summarization_retry"))
        })
        .map(|r| {
            let mut r = r.clone();
            if let Some(message) = r.get_mut("errorMessage") {
                *message = json!(message.is_string());
            }
            r
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn summary_retries_match_pi() {
    let replies = || {
        vec![
            MockReply::Turn(Box::new(MockTurn::text("one"))),
            MockReply::Turn(Box::new(MockTurn::text("two"))),
            MockReply::Error {
                status: 503,
                body: json!({"error": {"message": "Service temporarily unavailable"}}),
                headers: Vec::new(),
            },
            MockReply::Turn(Box::new(MockTurn::text("## Goal\nretried"))),
        ]
    };
    let test = "summary_retries_match_pi";
    let Some(((_, pi), (_, tau))) =
        both(test, vec![], two_prompts_then_compact, &[], replies).await
    else {
        return;
    };
    let theirs = retry_records(&pi);
    assert_eq!(theirs.len(), 3, "{pi:?}");
    assert_eq!(retry_records(&tau), theirs);
}
