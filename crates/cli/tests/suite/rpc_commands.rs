//! `tau --mode rpc` driven by the test client: a prompt's run with a tool, framing and
//! malformed input, queueing during a run, abort, model and thinking commands, settings
//! commands, and the user's own shell commands.

use serde_json::{json, Value};

use super::rpc_client::RpcClient;
use crate::support::Workspace;

/// `tau --mode rpc --no-session --script <turns>` in `ws`.
pub fn rpc(ws: &Workspace, turns: Value, extra: &[&str]) -> RpcClient {
    let script = ws.script(&json!({ "turns": turns }));
    let mut cmd = ws.tau();
    cmd.arg("--script").arg(script).args(extra);
    RpcClient::start(cmd)
}

fn texts(records: &[Value], role: &str) -> Vec<String> {
    records
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == role)
        .map(|r| match &r["message"]["content"] {
            Value::String(text) => text.clone(),
            blocks => blocks
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|b| b["text"].as_str())
                .collect(),
        })
        .collect()
}

#[test]
fn rpc_prompt_runs_a_tool_and_answers() {
    let ws = Workspace::new();
    ws.write("notes.txt", "alpha");
    let turns = json!([
        {"toolCalls": [{"name": "read", "arguments": {"path": "notes.txt"}}]},
        {"text": "The file says alpha."}
    ]);
    let mut client = rpc(&ws, turns, &["--no-session"]);
    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["isStreaming"], false);
    assert_eq!(state["messageCount"], 0);
    assert!(state["sessionFile"].is_null(), "{state}");
    assert!(state["sessionId"].is_string(), "{state}");

    let run = client.prompt_and_wait("what does notes.txt say?");
    let kinds: Vec<&str> = run.iter().filter_map(|r| r["type"].as_str()).collect();
    // The response comes before the run's first event.
    let response = kinds
        .iter()
        .position(|k| *k == "response")
        .expect("response");
    let start = kinds
        .iter()
        .position(|k| *k == "agent_start")
        .expect("agent_start");
    assert!(response < start, "{kinds:?}");
    for kind in [
        "turn_start",
        "message_update",
        "tool_execution_start",
        "tool_execution_end",
        "turn_end",
        "agent_end",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing: {kinds:?}");
    }
    let end = run
        .iter()
        .find(|r| r["type"] == "tool_execution_end")
        .expect("tool end");
    assert_eq!(end["toolName"], "read");
    assert_eq!(end["result"]["content"][0]["text"], "alpha");
    assert_eq!(
        texts(&run, "assistant").last().map(String::as_str),
        Some("The file says alpha.")
    );
    assert_eq!(run.last().expect("records")["aborted"], false);

    let last = client.ok(json!({"type": "get_last_assistant_text"}));
    assert_eq!(last["text"], "The file says alpha.");
    let messages = client.ok(json!({"type": "get_messages"}));
    let roles: Vec<&str> = messages["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .filter_map(|m| m["role"].as_str())
        .filter(|r| *r != "system")
        .collect();
    assert_eq!(roles, ["user", "assistant", "toolResult", "assistant"]);
    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["isStreaming"], false);
    assert_eq!(
        state["messageCount"],
        messages["messages"].as_array().map(Vec::len).unwrap_or(0)
    );
    let (status, stderr) = client.close();
    assert!(status.success(), "{status}: {stderr}");
}

#[test]
fn rpc_malformed_input_gets_error_responses_and_tau_keeps_serving() {
    let ws = Workspace::new();
    let mut client = rpc(&ws, json!([{"text": "hi"}]), &["--no-session"]);
    client.send_raw(b"this is not json\n");
    let parse = client.wait_type("response");
    assert_eq!(parse["command"], "parse");
    assert_eq!(parse["success"], false);
    assert!(parse.get("id").is_none(), "{parse}");
    assert!(
        parse["error"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Failed to parse command: "),
        "{parse}"
    );

    let unknown = client.request(json!({"type": "make_coffee"}));
    assert_eq!(unknown["success"], false);
    assert_eq!(unknown["command"], "make_coffee");
    assert!(
        unknown["error"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Unknown command: make_coffee"),
        "{unknown}"
    );

    client.send_raw(b"[1, 2]\n");
    let shapeless = client.wait_type("response");
    assert_eq!(shapeless["success"], false);
    assert!(
        shapeless["error"]
            .as_str()
            .unwrap_or_default()
            .contains("\"type\""),
        "{shapeless}"
    );

    let missing = client.err(json!({"type": "prompt"}));
    assert_eq!(
        missing,
        "prompt: \"message\" is required and must be a string"
    );
    let missing = client.err(json!({"type": "set_model", "provider": "x"}));
    assert!(missing.contains("\"modelId\""), "{missing}");

    // CRLF input; a numeric id comes back as it was sent.
    client.send_raw(b"{\"id\": 7, \"type\": \"get_state\"}\r\n");
    let state = client.until(|r| r["type"] == "response" && r["id"] == 7);
    assert_eq!(state["success"], true, "{state}");

    // U+2028 / U+2029 inside a string are data, not line breaks, both ways.
    let name = "one\u{2028}two\u{2029}three";
    client.ok(json!({"type": "set_session_name", "name": name}));
    let changed = client.last_seen("session_info_changed");
    assert_eq!(changed["name"], name);
    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["sessionName"], name);
    let empty = client.err(json!({"type": "set_session_name", "name": "  "}));
    assert_eq!(empty, "Session name cannot be empty");

    // Still serving: a run works after all that.
    let run = client.prompt_and_wait("hello");
    assert_eq!(texts(&run, "assistant"), ["hi"]);
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_prompts_during_a_run_queue_and_abort_settles_first() {
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "bash", "arguments": {"command": "sleep 20"}}]},
        {"text": "never"}
    ]);
    let mut client = rpc(&ws, turns, &["--no-session"]);
    let data = client.ok(json!({"type": "prompt", "message": "slow"}));
    assert_eq!(data["disposition"], "started");
    client.wait_type("tool_execution_start");

    let busy = client.err(json!({"type": "prompt", "message": "again"}));
    assert_eq!(busy, "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.");
    let queued =
        client.ok(json!({"type": "prompt", "message": "steer one", "streamingBehavior": "steer"}));
    assert_eq!(queued["disposition"], "queued");
    assert_eq!(
        client.ok(json!({"type": "steer", "message": "steer two"}))["disposition"],
        "queued"
    );
    assert_eq!(
        client.ok(json!({"type": "follow_up", "message": "later"}))["disposition"],
        "queued"
    );
    let update = client.last_seen("queue_update");
    assert_eq!(update["followUp"], json!(["later"]));
    assert_eq!(update["steering"], json!(["steer one", "steer two"]));

    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["isStreaming"], true);
    assert_eq!(state["pendingMessageCount"], 3);
    let cleared = client.ok(json!({"type": "clear_queue"}));
    assert_eq!(
        cleared,
        json!({"steering": ["steer one", "steer two"], "followUp": ["later"]})
    );
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["pendingMessageCount"],
        0
    );

    let started = std::time::Instant::now();
    let response = client.request(json!({"type": "abort"}));
    assert_eq!(response["success"], true);
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    // abort answers once the run settled.
    let settled = client.seen_of("agent_settled");
    assert_eq!(
        settled.len(),
        1,
        "{}",
        super::rpc_client::summary(&client.seen)
    );
    assert_eq!(settled[0]["aborted"], true);
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["isStreaming"],
        false
    );
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_steer_reaches_the_running_turn_and_follow_up_runs_after() {
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "bash", "arguments": {"command": "sleep 1"}}]},
        {"text": "steered"},
        {"text": "followed"}
    ]);
    let mut client = rpc(&ws, turns, &["--no-session"]);
    client.ok(json!({"type": "prompt", "message": "start"}));
    client.wait_type("tool_execution_start");
    client.ok(json!({"type": "steer", "message": "change course"}));
    client.ok(json!({"type": "follow_up", "message": "and then this"}));
    client.wait_type("agent_settled");
    let users = texts(&client.seen, "user");
    assert_eq!(users, ["start", "change course", "and then this"]);
    assert_eq!(
        texts(&client.seen, "assistant")[1..],
        ["steered".to_string(), "followed".to_string()]
    );
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_model_thinking_and_settings_commands() {
    let ws = Workspace::new();
    let mut client = rpc(&ws, json!([{"text": "ok"}]), &["--no-session"]);
    let state = client.ok(json!({"type": "get_state"}));
    let model = state["model"].clone();
    assert_eq!(model["provider"], "scripted");
    for field in [
        "id",
        "name",
        "api",
        "provider",
        "baseUrl",
        "reasoning",
        "input",
        "contextWindow",
        "maxTokens",
        "cost",
    ] {
        assert!(model.get(field).is_some(), "model lacks {field}: {model}");
    }
    let models = client.ok(json!({"type": "get_available_models"}));
    assert!(models["models"].is_array(), "{models}");
    let missing =
        client.err(json!({"type": "set_model", "provider": "nobody", "modelId": "nothing"}));
    assert_eq!(missing, "Model not found: nobody/nothing");
    let cycled = client.request(json!({"type": "cycle_model"}));
    assert_eq!(cycled["success"], true, "{cycled}");

    let levels = client.ok(json!({"type": "get_available_thinking_levels"}));
    let levels: Vec<String> = serde_json::from_value(levels["levels"].clone()).expect("levels");
    assert_eq!(levels.first().map(String::as_str), Some("off"));
    assert!(levels.contains(&"high".to_string()), "{levels:?}");
    assert!(client
        .ok(json!({"type": "set_thinking_level", "level": "high"}))
        .is_null());
    assert_eq!(client.last_seen("thinking_level_changed")["level"], "high");
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["thinkingLevel"],
        "high"
    );
    let cycled = client.ok(json!({"type": "cycle_thinking_level"}));
    let next = cycled["level"].as_str().expect("level").to_string();
    assert_ne!(next, "high");
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["thinkingLevel"],
        next.as_str()
    );
    let bad = client.err(json!({"type": "set_thinking_level", "level": "enormous"}));
    assert!(
        bad.starts_with("Invalid thinking level \"enormous\""),
        "{bad}"
    );

    assert!(client
        .ok(json!({"type": "set_steering_mode", "mode": "one-at-a-time"}))
        .is_null());
    assert!(client
        .ok(json!({"type": "set_follow_up_mode", "mode": "one-at-a-time"}))
        .is_null());
    assert!(client
        .ok(json!({"type": "set_steering_mode", "mode": "all"}))
        .is_null());
    let bad = client.err(json!({"type": "set_follow_up_mode", "mode": "sometimes"}));
    assert!(bad.starts_with("Invalid mode \"sometimes\""), "{bad}");
    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["steeringMode"], "all");
    assert_eq!(state["followUpMode"], "one-at-a-time");
    assert_eq!(state["autoCompactionEnabled"], true);
    assert!(client
        .ok(json!({"type": "set_auto_compaction", "enabled": false}))
        .is_null());
    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["autoCompactionEnabled"], false);
    assert!(client
        .ok(json!({"type": "set_auto_retry", "enabled": false}))
        .is_null());
    assert!(client.ok(json!({"type": "abort_retry"})).is_null());
    let html = client.err(json!({"type": "export_html"}));
    assert_eq!(html, "Nothing to export yet - start a conversation first");
    let commands = client.ok(json!({"type": "get_commands"}));
    assert_eq!(commands, json!({"commands": []}));
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_bash_streams_output_records_it_and_abort_bash_cancels() {
    let ws = Workspace::new();
    let turns = json!([{"text": "seen"}]);
    let mut client = rpc(&ws, turns, &["--no-session"]);
    client
        .send(&json!({"id": "b1", "type": "bash", "command": "printf 'one\\n'; printf 'two\\n'"}));
    let response = client.response("b1");
    assert_eq!(response["success"], true, "{response}");
    assert_eq!(response["data"]["output"], "one\ntwo\n");
    assert_eq!(response["data"]["exitCode"], 0);
    assert_eq!(response["data"]["cancelled"], false);
    assert_eq!(response["data"]["truncated"], false);
    let updates = client.seen_of("bash_execution_update");
    assert!(!updates.is_empty());
    assert!(updates.iter().all(|u| u["id"] == "b1"), "{updates:?}");
    let streamed: String = updates.iter().filter_map(|u| u["delta"].as_str()).collect();
    assert_eq!(streamed, "one\ntwo\n");

    let hidden =
        client.ok(json!({"type": "bash", "command": "echo secret", "excludeFromContext": true}));
    assert_eq!(hidden["output"], "secret\n");
    let failed = client.ok(json!({"type": "bash", "command": "exit 3"}));
    assert_eq!(failed["exitCode"], 3);

    client.send(&json!({"id": "slow", "type": "bash", "command": "sleep 20"}));
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(client.ok(json!({"type": "abort_bash"})).is_null());
    // The cancelled command may answer before or after `abort_bash` does.
    let cancelled = client.find(|r| r["type"] == "response" && r["id"] == "slow");
    assert_eq!(cancelled["data"]["cancelled"], true, "{cancelled}");
    assert!(cancelled["data"].get("exitCode").is_none(), "{cancelled}");

    let messages = client.ok(json!({"type": "get_messages"}));
    let bash: Vec<&Value> = messages["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .filter(|m| m["role"] == "bashExecution")
        .collect();
    assert_eq!(bash.len(), 4, "{messages}");
    assert_eq!(bash[1]["excludeFromContext"], true);
    client.prompt_and_wait("what ran?");
    let (status, _) = client.close();
    assert!(status.success());
}
