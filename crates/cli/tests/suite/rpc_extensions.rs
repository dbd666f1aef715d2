//! Extension UI over RPC with Pi's example extensions, loaded unmodified: dialogs the
//! client answers, cancels or lets time out, fire-and-forget records, session gates that
//! ask the client, and commands listed by `get_commands`.

use std::path::Path;

use serde_json::{json, Value};

use super::ext_support::{example, ExtEnv};
use super::rpc_client::RpcClient;
use crate::support::Workspace;

/// `tau --mode rpc` with the extensions and a script; `extra` flags (e.g. `--no-session`).
fn rpc_ext(
    env: &ExtEnv,
    ws: &Workspace,
    exts: &[&Path],
    turns: Value,
    extra: &[&str],
) -> RpcClient {
    let script = ws.script(&json!({ "turns": turns }));
    let mut cmd = env.tau(ws, exts);
    cmd.arg("--script").arg(script).args(extra);
    RpcClient::start(cmd)
}

/// Reads until the next dialog request of `method`.
fn dialog(client: &mut RpcClient, method: &str) -> Value {
    client.until(|r| r["type"] == "extension_ui_request" && r["method"] == method)
}

fn answer(client: &mut RpcClient, request: &Value, fields: Value) {
    let mut response = json!({"type": "extension_ui_response", "id": request["id"]});
    for (key, value) in fields.as_object().expect("fields") {
        response[key] = value.clone();
    }
    client.send(&response);
}

/// The `notify` messages seen so far.
fn notices(client: &RpcClient) -> Vec<String> {
    client
        .seen
        .iter()
        .filter(|r| r["type"] == "extension_ui_request" && r["method"] == "notify")
        .filter_map(|r| r["message"].as_str().map(str::to_string))
        .collect()
}

fn tool_texts(client: &RpcClient) -> Vec<String> {
    client
        .seen
        .iter()
        .filter(|r| r["type"] == "tool_execution_end")
        .map(|r| {
            r["result"]["content"][0]["text"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

#[test]
fn rpc_permission_gate_asks_the_client_which_denies_one_call_and_approves_another() {
    let Some((env, gate)) = example("rpc_permission_gate", "permission-gate.ts") else {
        return;
    };
    let ws = Workspace::new();
    ws.write("victim/keep.txt", "still here");
    let turns = json!([
        {"toolCalls": [{"name": "bash", "arguments": {"command": "rm -rf victim"}}]},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "chmod 777 victim/keep.txt && echo opened"}}]},
        {"text": "done"}
    ]);
    let mut client = rpc_ext(&env, &ws, &[&gate], turns, &["--no-session"]);
    client.ok(json!({"type": "prompt", "message": "clean up"}));
    let first = dialog(&mut client, "select");
    assert!(
        first["title"]
            .as_str()
            .unwrap_or_default()
            .contains("rm -rf victim"),
        "{first}"
    );
    assert_eq!(first["options"], json!(["Yes", "No"]));
    answer(&mut client, &first, json!({"value": "No"}));
    let second = dialog(&mut client, "select");
    assert!(
        second["title"]
            .as_str()
            .unwrap_or_default()
            .contains("chmod 777"),
        "{second}"
    );
    answer(&mut client, &second, json!({"value": "Yes"}));
    client.wait_type("agent_settled");
    assert_eq!(tool_texts(&client), ["Blocked by user", "opened\n"]);
    assert_eq!(ws.read("victim/keep.txt"), "still here");
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_confirm_destructive_gates_new_session_and_fork_on_the_clients_answers() {
    let Some((env, guard)) = example("rpc_confirm_destructive", "confirm-destructive.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([{"text": "one"}, {"text": "two"}]);
    let mut client = rpc_ext(&env, &ws, &[&guard], turns, &[]);
    client.prompt_and_wait("first");
    let file = client.ok(json!({"type": "get_state"}))["sessionFile"].clone();

    // Declined.
    client.send(&json!({"id": "n1", "type": "new_session"}));
    let ask = dialog(&mut client, "confirm");
    assert_eq!(ask["title"], "Clear session?");
    assert_eq!(
        ask["message"],
        "This will delete all messages in the current session."
    );
    answer(&mut client, &ask, json!({"confirmed": false}));
    assert_eq!(client.response("n1")["data"], json!({"cancelled": true}));
    // Dismissed: a cancelled confirm is `false`.
    client.send(&json!({"id": "n2", "type": "new_session"}));
    let ask = dialog(&mut client, "confirm");
    answer(&mut client, &ask, json!({"cancelled": true}));
    assert_eq!(client.response("n2")["data"], json!({"cancelled": true}));
    assert_eq!(notices(&client), ["Clear cancelled", "Clear cancelled"]);
    assert_eq!(client.ok(json!({"type": "get_state"}))["sessionFile"], file);

    // Fork: the select names the entry; declining keeps the session.
    let forks = client.ok(json!({"type": "get_fork_messages"}));
    let entry = forks["messages"][0]["entryId"].clone();
    client.send(&json!({"id": "f1", "type": "fork", "entryId": entry}));
    let ask = dialog(&mut client, "select");
    assert_eq!(
        ask["options"],
        json!(["Yes, create fork", "No, stay in current session"])
    );
    answer(
        &mut client,
        &ask,
        json!({"value": "No, stay in current session"}),
    );
    assert_eq!(client.response("f1")["data"], json!({"cancelled": true}));
    client.send(&json!({"id": "f2", "type": "fork", "entryId": entry}));
    let ask = dialog(&mut client, "select");
    answer(&mut client, &ask, json!({"value": "Yes, create fork"}));
    assert_eq!(
        client.response("f2")["data"],
        json!({"text": "first", "cancelled": false})
    );

    // Accepted.
    client.send(&json!({"id": "n3", "type": "new_session"}));
    let ask = dialog(&mut client, "confirm");
    answer(&mut client, &ask, json!({"confirmed": true}));
    assert_eq!(client.response("n3")["data"], json!({"cancelled": false}));
    assert_eq!(client.ok(json!({"type": "get_state"}))["messageCount"], 0);
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_timed_confirm_times_out_to_false_and_a_late_answer_is_ignored() {
    let Some((env, timed)) = example("rpc_timed_confirm", "timed-confirm.ts") else {
        return;
    };
    let ws = Workspace::new();
    let mut client = rpc_ext(
        &env,
        &ws,
        &[&timed],
        json!([{"text": "ok"}]),
        &["--no-session"],
    );
    // Answered in time.
    client.send(&json!({"id": "t1", "type": "prompt", "message": "/timed-select"}));
    let ask = dialog(&mut client, "select");
    assert_eq!(ask["timeout"], 10000);
    assert_eq!(ask["options"], json!(["Option A", "Option B", "Option C"]));
    answer(&mut client, &ask, json!({"value": "Option B"}));
    assert_eq!(
        client.response("t1")["data"],
        json!({"disposition": "handled"})
    );
    // Not answered: the 5 s timeout resolves it to false.
    let started = std::time::Instant::now();
    client.send(&json!({"id": "t2", "type": "prompt", "message": "/timed"}));
    let ask = dialog(&mut client, "confirm");
    assert_eq!(ask["timeout"], 5000);
    assert_eq!(
        client.response("t2")["data"],
        json!({"disposition": "handled"})
    );
    assert!(started.elapsed() >= std::time::Duration::from_millis(4500));
    // Too late: ignored, nothing breaks.
    answer(&mut client, &ask, json!({"confirmed": true}));
    assert_eq!(
        notices(&client),
        ["Selected: Option B", "Cancelled or timed out"]
    );
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["isStreaming"],
        false
    );
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_demo_exercises_every_ui_record() {
    let Some((env, demo)) = example("rpc_demo", "rpc-demo.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([{"text": "hello"}]);
    let mut client = rpc_ext(&env, &ws, &[&demo], turns, &["--no-session"]);
    let commands = client.ok(json!({"type": "get_commands"}));
    let names: Vec<&str> = commands["commands"]
        .as_array()
        .expect("commands")
        .iter()
        .map(|c| c["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["rpc-input", "rpc-editor", "rpc-prefill"]);
    let first = &commands["commands"][0];
    assert_eq!(first["source"], "extension");
    assert_eq!(
        first["description"],
        "Prompt for text input (demonstrates ctx.ui.input in RPC)"
    );
    assert_eq!(first["sourceInfo"]["path"], demo.display().to_string());

    // session_start set the title, the widget and the status.
    let title = client.find(|r| r["method"] == "setTitle");
    assert_eq!(title["title"], "pi RPC Demo");
    let widget = client.find(|r| r["method"] == "setWidget");
    assert_eq!(widget["widgetKey"], "rpc-demo");
    assert_eq!(
        widget["widgetLines"],
        json!(["--- RPC Extension UI Demo ---", "Loaded and ready."])
    );
    let status = client.find(|r| r["method"] == "setStatus");
    assert_eq!(status["statusText"], "Turns: 0");

    client.send(&json!({"id": "i", "type": "prompt", "message": "/rpc-input"}));
    let ask = dialog(&mut client, "input");
    assert_eq!(ask["title"], "Enter a value");
    assert_eq!(ask["placeholder"], "type something...");
    assert!(ask.get("timeout").is_none(), "{ask}");
    answer(&mut client, &ask, json!({"value": "forty-two"}));
    client.response("i");
    client.send(&json!({"id": "e", "type": "prompt", "message": "/rpc-editor"}));
    let ask = dialog(&mut client, "editor");
    assert_eq!(ask["prefill"], "Line 1\nLine 2\nLine 3");
    answer(&mut client, &ask, json!({"cancelled": true}));
    client.response("e");
    client.ok(json!({"type": "prompt", "message": "/rpc-prefill"}));
    let prefill = client.find(|r| r["method"] == "set_editor_text");
    assert_eq!(
        prefill["text"],
        "This text was set by the rpc-demo extension."
    );
    client.find(|r| r["method"] == "notify" && r["message"] == "Editor prefilled");
    assert_eq!(
        notices(&client),
        [
            "You entered: forty-two",
            "Editor cancelled",
            "Editor prefilled"
        ]
    );
    assert!(client
        .seen
        .iter()
        .filter(|r| r["method"] == "notify")
        .all(|r| r["notifyType"] == "info"));

    // turn_start / turn_end statuses during a run.
    client.prompt_and_wait("hi");
    client.find(|r| r["method"] == "setStatus" && r["statusText"] == "Turn 1 done");
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_session_name_command_names_the_session() {
    let Some((env, naming)) = example("rpc_session_name", "session-name.ts") else {
        return;
    };
    let ws = Workspace::new();
    let mut client = rpc_ext(
        &env,
        &ws,
        &[&naming],
        json!([{"text": "ok"}]),
        &["--no-session"],
    );
    let data = client.ok(json!({"type": "prompt", "message": "/session-name Release prep"}));
    assert_eq!(data["disposition"], "handled");
    client.find(|r| r["method"] == "notify" && r["message"] == "Session named: Release prep");
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["sessionName"],
        "Release prep"
    );
    client.ok(json!({"type": "prompt", "message": "/session-name"}));
    client.find(|r| r["method"] == "notify" && r["message"] == "Session: Release prep");
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_question_tools_need_pis_terminal_ui_and_say_so() {
    let Some((env, question)) = example("rpc_question", "question.ts") else {
        return;
    };
    let Some((_, questionnaire)) = example("rpc_question", "questionnaire.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "question", "arguments": {"question": "Which?", "options": [{"label": "A"}]}}]},
        {"toolCalls": [{"name": "questionnaire", "arguments": {"questions": [{"id": "q", "prompt": "Which?", "options": [{"value": "a", "label": "A"}]}]}}]},
        {"text": "done"}
    ]);
    let mut client = rpc_ext(
        &env,
        &ws,
        &[&question, &questionnaire],
        turns,
        &["--no-session"],
    );
    client.prompt_and_wait("ask me");
    // Both check `ctx.mode !== "tui"`, which is "rpc" here, as in Pi's RPC mode.
    let texts = tool_texts(&client);
    assert_eq!(texts.len(), 2, "{texts:?}");
    for text in texts {
        assert_eq!(
            text,
            "Error: UI not available (running in non-interactive mode)"
        );
    }
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_ui_surface_dialog_fallbacks_records_and_prompt_events() {
    let Some(env) = super::ext_support::ext_env("rpc_ui_surface") else {
        return;
    };
    let surface = super::ext_support::fixture("rpc/ui-surface.ts");
    let ws = Workspace::new();
    let turns = json!([{"text": "ok"}]);
    let mut client = rpc_ext(&env, &ws, &[&surface], turns, &["--no-session"]);
    let command = |client: &mut RpcClient, text: &str| {
        let data = client.ok(json!({"type": "prompt", "message": text}));
        assert_eq!(data["disposition"], "handled", "{text}: {data}");
        notices(client).last().cloned().unwrap_or_default()
    };
    assert_eq!(command(&mut client, "/mode"), "rpc:true");
    assert_eq!(
        client.last_seen("extension_ui_request")["notifyType"],
        "warning"
    );

    client.send(&json!({"id": "ask", "type": "prompt", "message": "/ask"}));
    let ask = dialog(&mut client, "confirm");
    assert_eq!(ask["message"], "Really do it?");
    assert!(ask.get("timeout").is_none(), "{ask}");
    answer(&mut client, &ask, json!({"confirmed": true}));
    let name = dialog(&mut client, "input");
    assert!(name.get("placeholder").is_none(), "{name}");
    answer(&mut client, &name, json!({"cancelled": true}));
    client.response("ask");
    assert_eq!(
        notices(&client).last().map(String::as_str),
        Some("sure=true name=undefined")
    );

    // The extension's AbortSignal gives up the dialog; the client's late answer is ignored.
    client.send(&json!({"id": "aborted", "type": "prompt", "message": "/aborted"}));
    let pick = dialog(&mut client, "select");
    client.response("aborted");
    answer(&mut client, &pick, json!({"value": "a"}));
    assert_eq!(
        notices(&client).last().map(String::as_str),
        Some("choice=undefined")
    );

    let last = command(&mut client, "/surface");
    assert_eq!(last, "custom=undefined editorText=\"\"");
    let records: Vec<&Value> = client
        .seen
        .iter()
        .filter(|r| r["type"] == "extension_ui_request")
        .filter(|r| {
            matches!(
                r["method"].as_str(),
                Some("setStatus" | "setWidget" | "set_editor_text")
            )
        })
        .collect();
    assert_eq!(records.len(), 4, "{records:?}");
    assert_eq!(records[0]["statusKey"], "k");
    assert!(records[0].get("statusText").is_none());
    assert_eq!(records[1]["widgetLines"], json!(["below"]));
    assert_eq!(records[1]["widgetPlacement"], "belowEditor");
    assert!(records[2].get("widgetLines").is_none());
    assert_eq!(records[3]["text"], "pasted");
    let plain = client.last_seen("extension_ui_request");
    assert!(plain.get("notifyType").is_none(), "{plain}");

    assert_eq!(
        command(&mut client, "/heard"),
        "start:confirm:Sure?,end:confirm,start:input:Name?,end:input,start:select:Pick,end:select"
    );
    let (status, _) = client.close();
    assert!(status.success());
}
