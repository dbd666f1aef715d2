//! Extension actions on a live session, through the real binary, the real host and our own
//! fixture (tests/fixtures/ext-live): entries, names and labels written where Pi writes them,
//! runs started by `sendUserMessage` / `sendMessage({triggerTurn})`, messages added without a
//! turn, tool changes declared to the model, `before_agent_start` rewriting the system
//! prompt and adding a message, the mirror a resumed session's `session_start` reads.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::ext_support::*;
use crate::support::Workspace;

fn live() -> PathBuf {
    fixture("ext-live/index.ts")
}

fn echo_script() -> PathBuf {
    fixture("ext-live/script.json")
}

/// `tau --script <echo script> -p <prompts…>` with the fixture, recording a session.
fn run_live(env: &ExtEnv, ws: &Workspace, script: &Path, prompts: &[&str]) -> Run {
    let mut cmd = env.tau(ws, &[&live()]);
    cmd.arg("--script").arg(script).arg("-p").args(prompts);
    run(cmd)
}

/// Runs the echo script over `prompts` with the fixture in a fresh workspace, checks the run
/// went quietly, and returns it with the session's entries; `None` (reason printed) when
/// extensions cannot run here.
fn live_session(test: &str, prompts: &[&str]) -> Option<(Run, Vec<Value>)> {
    let (ws, run) = live_run(test, prompts)?;
    let entries = entries(&only_session(&ws));
    Some((run, entries))
}

/// [`live_session`]'s run, returning its workspace (for the files the fixture writes).
fn live_run(test: &str, prompts: &[&str]) -> Option<(Workspace, Run)> {
    let env = ext_env(test)?;
    let ws = Workspace::new();
    let run = run_live(&env, &ws, &echo_script(), prompts);
    run.assert_ok().assert_quiet();
    Some((ws, run))
}

/// A JSON file the fixture wrote into the workspace.
fn written(ws: &Workspace, name: &str) -> Value {
    serde_json::from_str(&ws.read(name)).expect("the fixture's JSON")
}

/// The first `message` entry after index `at` (custom entries between are skipped).
fn next_message(entries: &[Value], at: usize) -> &Value {
    entries[at + 1..]
        .iter()
        .find(|e| e["type"] == "message")
        .expect("a message follows")
}

fn customs<'a>(entries: &'a [Value], custom_type: &str) -> Vec<&'a Value> {
    entries
        .iter()
        .filter(|e| e["type"] == "custom" && e["customType"] == custom_type)
        .collect()
}

fn assistant_texts(entries: &[Value]) -> Vec<String> {
    entries
        .iter()
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "assistant")
        .filter_map(|e| {
            e["message"]["content"][0]["text"]
                .as_str()
                .map(str::to_string)
        })
        .collect()
}

#[test]
fn ext_live_commands_write_entries_names_and_labels() {
    let Some(env) = ext_env("ext_live_entries") else {
        return;
    };
    let ws = Workspace::new();
    let run = run_live(&env, &ws, &echo_script(), &["hello", "/mark one"]);
    run.assert_ok().assert_quiet();
    let entries = entries(&only_session(&ws));
    let marks = customs(&entries, "live-mark");
    assert_eq!(marks.len(), 1, "{entries:#?}");
    assert_eq!(marks[0]["data"]["args"], "one");
    let info = of_type(&entries, "session_info");
    assert_eq!(info.last().unwrap()["name"], "named one");
    let labels = of_type(&entries, "label");
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0]["label"], "marked");
    let target = labels[0]["targetId"].as_str().unwrap();
    assert!(
        entries.iter().any(|e| e["id"] == target),
        "label target exists"
    );

    // A resumed session's session_start sees the entries of the first run.
    let again = {
        let mut cmd = env.tau(&ws, &[&live()]);
        cmd.arg("--script")
            .arg(echo_script())
            .args(["--continue", "-p", "again"]);
        run_bounded(cmd, RUN_LIMIT)
    };
    again.assert_ok().assert_quiet();
    let entries = super::ext_support::entries(&only_session(&ws));
    let seen = customs(&entries, "live-seen");
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0]["data"]["marks"], 0);
    assert_eq!(
        seen[1]["data"]["marks"], 1,
        "the resumed session_start saw the mark"
    );
}

#[test]
fn ext_live_send_user_message_and_trigger_turn_start_runs() {
    let Some((run, entries)) = live_session(
        "ext_live_runs",
        &["/ask from the command", "/nudge please", "/quiet aside"],
    ) else {
        return;
    };
    let texts = assistant_texts(&entries);
    assert_eq!(texts.len(), 2, "two runs: {texts:?}");
    assert!(texts[0].contains("user=from the command"), "{}", texts[0]);
    let nudges: Vec<&Value> = of_type(&entries, "custom_message")
        .into_iter()
        .filter(|e| e["customType"] == "live-nudge")
        .collect();
    assert_eq!(nudges.len(), 1);
    assert_eq!(nudges[0]["display"], true);
    // The nudge started the second run: the response follows it.
    let nudge_at = entries
        .iter()
        .position(|e| e["customType"] == "live-nudge")
        .unwrap();
    assert_eq!(
        next_message(&entries, nudge_at)["message"]["role"],
        "assistant"
    );
    // The quiet message is recorded without a run.
    let quiet = of_type(&entries, "custom_message")
        .into_iter()
        .find(|e| e["customType"] == "live-quiet")
        .expect("quiet message recorded");
    assert_eq!(quiet["content"], "quiet aside");
    assert_eq!(
        run.stdout().matches("tools=").count(),
        1,
        "print mode prints the last answer"
    );
}

#[test]
fn ext_live_tool_changes_reach_the_next_request_and_are_declared() {
    let Some((_, entries)) = live_session("ext_live_tools", &["before", "/only-read", "after"])
    else {
        return;
    };
    let texts = assistant_texts(&entries);
    assert!(
        texts[0].contains("tools=read,bash,edit,write"),
        "{}",
        texts[0]
    );
    assert!(
        texts[1].starts_with("tools=read user=after"),
        "{}",
        texts[1]
    );
    let seen = customs(&entries, "live-tools");
    assert_eq!(seen[0]["data"]["active"], serde_json::json!(["read"]));
    assert!(seen[0]["data"]["all"].as_array().unwrap().len() >= 7);
    // The second run opens with a system message removing the other tools.
    let systems: Vec<&Value> = entries
        .iter()
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "system")
        .collect();
    assert_eq!(systems.len(), 2, "{systems:#?}");
    let removed: Vec<&str> = systems[1]["message"]["toolsRemoved"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(removed, ["bash", "edit", "write"]);
}

#[test]
fn ext_live_a_tool_registered_at_run_time_is_callable_at_once() {
    let Some(env) = ext_env("ext_live_register") else {
        return;
    };
    let ws = Workspace::new();
    let run = run_live(
        &env,
        &ws,
        &fixture("ext-live/echo-script.json"),
        &["/add-echo", "use it"],
    );
    run.assert_ok().assert_quiet();
    assert!(
        run.stdout().starts_with("echoed, tools="),
        "{}",
        run.stdout()
    );
    assert!(run.stdout().contains("echo"), "{}", run.stdout());
    let entries = entries(&only_session(&ws));
    let result = entries
        .iter()
        .find(|e| e["message"]["role"] == "toolResult")
        .unwrap();
    assert_eq!(result["message"]["details"]["echoed"], "hi");
}

#[test]
fn ext_live_before_agent_start_rewrites_the_prompt_for_one_run_and_adds_a_message() {
    let Some((_, entries)) = live_session("ext_live_before_start", &["please rewrite", "plain"])
    else {
        return;
    };
    let texts = assistant_texts(&entries);
    assert!(
        texts[0].ends_with("LIVE-RULE: answer in one word"),
        "{}",
        texts[0]
    );
    assert!(
        !texts[1].contains("LIVE-RULE"),
        "only for that run: {}",
        texts[1]
    );
    let notes: Vec<&Value> = of_type(&entries, "custom_message")
        .into_iter()
        .filter(|e| e["customType"] == "live-note")
        .collect();
    assert_eq!(notes.len(), 1, "one note, for the rewritten run");
    // Recorded after the prompt it came with.
    let at = entries
        .iter()
        .position(|e| e["customType"] == "live-note")
        .unwrap();
    assert_eq!(entries[at - 1]["message"]["role"], "user");
}

#[test]
fn ext_live_thinking_level_changes_are_recorded() {
    let Some((_, entries)) = live_session("ext_live_thinking", &["/think high", "go"]) else {
        return;
    };
    let levels: Vec<&str> = of_type(&entries, "thinking_level_change")
        .iter()
        .filter_map(|e| e["thinkingLevel"].as_str())
        .collect();
    assert_eq!(levels.last(), Some(&"high"), "{levels:?}");
}

#[test]
fn ext_live_agent_before_settle_records_entries_and_continues_once() {
    let Some((_, entries)) = live_session("ext_live_settle", &["/arm-settle", "first"]) else {
        return;
    };
    let settle = customs(&entries, "live-settle");
    assert_eq!(settle.len(), 1);
    assert_eq!(settle[0]["data"]["outcome"], "completed");
    let at = entries
        .iter()
        .position(|e| e["customType"] == "live-followup")
        .expect("follow-up message recorded");
    assert_eq!(entries[at]["type"], "custom_message");
    assert_eq!(
        next_message(&entries, at)["message"]["role"],
        "assistant",
        "the run continued"
    );
    assert_eq!(assistant_texts(&entries).len(), 2);
}

#[test]
fn ext_live_ctx_compact_writes_a_compaction_and_reload_reruns_session_start() {
    let Some(env) = ext_env("ext_live_compact") else {
        return;
    };
    let ws = Workspace::new();
    // Keep only the latest turn, so a three-turn session has something to compact.
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        r#"{"compaction": {"keepRecentTokens": 10}}"#,
    )
    .unwrap();
    let run = run_live(
        &env,
        &ws,
        &echo_script(),
        &[
            "one",
            "two",
            "three",
            "/compact-now keep it short",
            "/reload-now",
        ],
    );
    run.assert_ok().assert_quiet();
    let entries = entries(&only_session(&ws));
    assert_eq!(of_type(&entries, "compaction").len(), 1, "{entries:#?}");
    let compacted = customs(&entries, "live-compacted");
    assert_eq!(compacted.len(), 1);
    assert!(compacted[0]["data"]["error"].is_null(), "{}", compacted[0]);
    assert!(compacted[0]["data"]["summary"].is_string());
    let seen = customs(&entries, "live-seen");
    let reasons: Vec<&str> = seen
        .iter()
        .filter_map(|e| e["data"]["reason"].as_str())
        .collect();
    assert_eq!(reasons, ["startup", "reload"]);
}

#[test]
fn ext_live_model_registry_complete_is_served_by_taus_provider() {
    // A prompt first: a session file is written once it holds a message.
    let Some((_, entries)) = live_session("ext_live_model", &["hello", "/ask-model what is tau"])
    else {
        return;
    };
    let answer = customs(&entries, "live-model-answer");
    assert_eq!(answer.len(), 1, "{entries:#?}");
    let data = &answer[0]["data"];
    let text = data["text"].as_str().unwrap();
    assert!(text.contains("user=what is tau"), "{text}");
    assert!(text.contains("prompt=You answer briefly."), "{text}");
    assert_eq!(data["stopReason"], "stop");
    assert_eq!(data["streamedStop"], "stop");
    // As Pi's streamSimple: the text arrives as deltas between text_start and text_end.
    let types: Vec<&str> = data["types"]
        .as_array()
        .map(|t| t.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    assert_eq!(types.first(), Some(&"start"), "{types:?}");
    assert_eq!(types.last(), Some(&"done"), "{types:?}");
    let between: Vec<&str> = types[1..types.len() - 1].to_vec();
    assert_eq!(between.first(), Some(&"text_start"), "{types:?}");
    assert_eq!(between.last(), Some(&"text_end"), "{types:?}");
    assert!(
        between[1..between.len() - 1]
            .iter()
            .all(|t| *t == "text_delta"),
        "{types:?}"
    );
    assert!(between.len() > 2, "{types:?}");
    // The side request is not part of the session's conversation.
    assert_eq!(assistant_texts(&entries).len(), 1);
}

#[test]
fn ext_live_message_update_carries_the_partial_message() {
    let Some((_, entries)) = live_session("ext_live_stream", &["hello"]) else {
        return;
    };
    let stream = customs(&entries, "live-stream");
    assert_eq!(stream.len(), 1, "{entries:#?}");
    assert!(stream[0]["data"]["updates"].as_u64().unwrap() > 2);
    assert_eq!(
        stream[0]["data"]["matches"], true,
        "the last partial equals the final text"
    );
}

#[test]
fn ext_live_extension_flags_take_values_by_their_type() {
    let Some(env) = ext_env("ext_live_flags") else {
        return;
    };
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&live()]);
    cmd.arg("--script").arg(echo_script()).args([
        "--live-bool",
        "hello there",
        "--live-text",
        "value",
        "-p",
    ]);
    let run = run_bounded(cmd, RUN_LIMIT);
    run.assert_ok().assert_quiet();
    let entries = entries(&only_session(&ws));
    let seen = customs(&entries, "live-seen");
    assert_eq!(
        seen[0]["data"]["flags"],
        serde_json::json!({"bool": true, "text": "value"})
    );
    let texts = assistant_texts(&entries);
    assert_eq!(texts.len(), 1);
    assert!(texts[0].contains("user=hello there"), "{}", texts[0]);
}

#[test]
fn ext_live_a_command_forks_and_continues_in_with_session() {
    let Some((ws, _)) = live_run("ext_live_fork", &["hello", "/fork-continue there"]) else {
        return;
    };
    let outcome = written(&ws, "fork-result.json");
    assert_eq!(outcome["result"]["cancelled"], false, "{outcome}");
    // As Pi's `ctx.fork()`: `{cancelled}` only.
    assert_eq!(outcome["result"], serde_json::json!({ "cancelled": false }));
    assert!(
        outcome["stale"]
            .as_str()
            .unwrap()
            .contains("stale after session replacement"),
        "{outcome}"
    );
    let files = session_files(&ws);
    assert_eq!(files.len(), 2, "{files:?}");
    let fork_file = outcome["inside"]["file"]
        .as_str()
        .expect("the fork has a file");
    let fork = entries(std::path::Path::new(fork_file));
    assert!(fork[0]["parentSession"].as_str().is_some());
    let users: Vec<&Value> = fork
        .iter()
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "user")
        .collect();
    assert_eq!(users.len(), 1, "only the continued prompt: {fork:#?}");
    assert!(assistant_texts(&fork)[0].contains("user=continued there"));
    // The original session keeps its conversation.
    let original = files
        .iter()
        .find(|f| f.to_str() != Some(fork_file))
        .unwrap();
    assert_eq!(assistant_texts(&entries(original)).len(), 1);
}

#[test]
fn ext_live_navigate_tree_moves_the_leaf_and_the_next_prompt_branches() {
    let Some((ws, _)) = live_run("ext_live_tree", &["hello", "/tree-back", "again"]) else {
        return;
    };
    let result = written(&ws, "tree-result.json");
    // As Pi's `ctx.navigateTree()`: `{cancelled}` only (the editor text is the UI's).
    assert_eq!(result, serde_json::json!({ "cancelled": false }));
    let entries = entries(&only_session(&ws));
    let users: Vec<&Value> = entries
        .iter()
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "user")
        .collect();
    assert_eq!(users.len(), 2);
    // Label and custom entries were appended at the new leaf first, as in Pi: the second
    // prompt descends from the first one's parent, not from the first prompt.
    let ancestry = |entry: &Value| {
        let mut ids = Vec::new();
        let mut parent = entry["parentId"].clone();
        while let Some(id) = parent.as_str() {
            ids.push(id.to_string());
            parent = entries.iter().find(|e| e["id"] == id).unwrap()["parentId"].clone();
        }
        ids
    };
    let second = ancestry(users[1]);
    let first_id = users[0]["id"].as_str().unwrap().to_string();
    assert!(!second.contains(&first_id), "a new branch");
    assert!(second.contains(&users[0]["parentId"].as_str().unwrap().to_string()));
    let tree = customs(&entries, "live-tree");
    assert_eq!(tree.len(), 1);
    let labels = of_type(&entries, "label");
    assert_eq!(labels[0]["targetId"], users[0]["id"]);
    // As in Pi, the label is recorded at the new leaf before `session_tree` reports it.
    assert_eq!(labels[0]["parentId"], users[0]["parentId"]);
    assert_eq!(tree[0]["data"]["newLeafId"], labels[0]["id"]);
    // The model saw only the new branch.
    let texts = assistant_texts(&entries);
    assert!(texts[1].contains("user=again"), "{}", texts[1]);
}
