//! Extension command contexts over RPC: a command that forks and continues in the fork
//! through `withSession` (the old ctx then stale), and `ctx.shutdown()` ending RPC mode once
//! the run under way settled (Pi's shutdown-command example, unmodified).

use serde_json::{json, Value};

use super::ext_support::{example, ext_env, fixture};
use super::rpc_client::RpcClient;
use crate::support::Workspace;

fn echo_script() -> std::path::PathBuf {
    fixture("ext-live/script.json")
}

#[test]
fn rpc_a_command_forks_and_continues_in_with_session() {
    let Some(env) = ext_env("rpc_with_session") else {
        return;
    };
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&fixture("ext-live/index.ts")]);
    cmd.arg("--script").arg(echo_script());
    let mut client = RpcClient::start(cmd);
    client.prompt_and_wait("hello");
    let before = client.ok(json!({"type": "get_state"}))["sessionFile"].clone();
    let data = client.ok(json!({"type": "prompt", "message": "/fork-continue there"}));
    assert!(data.is_object() || data.is_null(), "{data}");
    // The continued prompt runs in the fork (tau answers a command that started a run once
    // that run settled).
    let settled = client.find(|r| {
        r["type"] == "message_end"
            && r["message"]["role"] == "assistant"
            && r["message"]["content"][0]["text"]
                .as_str()
                .is_some_and(|t| t.contains("user=continued there"))
    });
    assert!(settled.is_object());
    assert_eq!(client.seen_of("agent_settled").len(), 2);
    let state = client.ok(json!({"type": "get_state"}));
    assert_ne!(state["sessionFile"], before, "the fork is the session now");
    let messages = client.ok(json!({"type": "get_messages"}));
    let users: Vec<&Value> = messages["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "user")
        .collect();
    assert_eq!(users.len(), 1, "{messages}");
    let outcome: Value = serde_json::from_str(&ws.read("fork-result.json")).unwrap();
    // As Pi's `ctx.fork()`: `{cancelled}` only.
    assert_eq!(outcome["result"], serde_json::json!({ "cancelled": false }));
    assert!(outcome["stale"]
        .as_str()
        .unwrap()
        .contains("stale after session replacement"));
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_ctx_shutdown_ends_the_mode_after_the_run_settles() {
    let Some((env, shutdown)) = example("rpc_shutdown", "shutdown-command.ts") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "finish_and_exit", "arguments": {}}]},
        {"text": "all done"}
    ]}));
    let mut cmd = env.tau(&ws, &[&shutdown]);
    cmd.arg("--script").arg(script);
    let mut client = RpcClient::start(cmd);
    client.ok(json!({"type": "prompt", "message": "finish up"}));
    // stdin stays open: tau ends by itself once the run settled.
    let (status, stderr) = client.wait_exit();
    assert!(status.success(), "{stderr}");
    let ends: Vec<Value> = client.seen_of("message_end");
    let last = ends.last().expect("messages");
    assert_eq!(
        last["message"]["content"][0]["text"], "all done",
        "the run finished first"
    );
    assert!(client.seen_of("agent_settled").len() == 1);
}

#[test]
fn rpc_a_throwing_handler_is_an_extension_error_record() {
    let Some(env) = ext_env("rpc_extension_error") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [{"text": "fine"}]}));
    let throws = fixture("ext-faults/throws.ts");
    let mut cmd = env.tau(&ws, &[&throws]);
    cmd.arg("--script").arg(script);
    let mut client = RpcClient::start(cmd);
    client.prompt_and_wait("go");
    let error = client.find(|r| r["type"] == "extension_error");
    assert_eq!(error["event"], "turn_start", "{error}");
    assert_eq!(error["extensionPath"], throws.display().to_string());
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("turn_start exploded"),
        "{error}"
    );
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_a_user_bash_handler_can_take_over_the_bash_command() {
    let Some(env) = ext_env("rpc_user_bash") else {
        return;
    };
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&fixture("ext-live/index.ts")]);
    cmd.arg("--script").arg(echo_script());
    let mut client = RpcClient::start(cmd);
    let remote = client.ok(json!({"type": "bash", "command": "remote ls"}));
    let output = remote["output"].as_str().unwrap();
    assert!(
        output.starts_with("ran remotely: remote ls in "),
        "{remote}"
    );
    assert_eq!(remote["exitCode"], 0);
    let local = client.ok(json!({"type": "bash", "command": "echo local"}));
    assert_eq!(local["output"], "local\n");
    let messages = client.ok(json!({"type": "get_messages"}));
    let runs: Vec<&Value> = messages["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "bashExecution")
        .collect();
    assert_eq!(runs.len(), 2, "both are recorded: {messages}");
    let (status, _) = client.close();
    assert!(status.success());
}
