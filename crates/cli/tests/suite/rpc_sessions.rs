//! RPC session commands against real session files: entries and the tree, statistics,
//! fork messages, fork, clone, new and switched sessions, and compaction.

use serde_json::{json, Value};

use super::ext_support::{entries, session_files};
use super::rpc_commands::rpc;
use crate::support::Workspace;

fn ids_of(entries: &Value) -> Vec<String> {
    entries
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["id"].as_str().expect("id").to_string())
        .collect()
}

/// Depth-first ids of a `get_tree` forest.
fn tree_ids(nodes: &Value, out: &mut Vec<String>) {
    for node in nodes.as_array().expect("nodes") {
        out.push(node["entry"]["id"].as_str().expect("id").to_string());
        tree_ids(&node["children"], out);
    }
}

#[test]
fn rpc_session_entries_tree_stats_and_fork_messages() {
    let ws = Workspace::new();
    let turns = json!([
        {"text": "first answer", "usage": {"input": 100, "output": 10}},
        {"toolCalls": [{"name": "ls", "arguments": {}}], "usage": {"input": 120, "output": 5}},
        {"text": "second answer", "usage": {"input": 130, "output": 7}}
    ]);
    let mut client = rpc(&ws, turns, &[]);
    client.prompt_and_wait("first question");
    client.prompt_and_wait("second question");

    let all = client.ok(json!({"type": "get_entries"}));
    let ids = ids_of(&all["entries"]);
    assert_eq!(all["leafId"].as_str(), ids.last().map(String::as_str));
    let file = session_files(&ws).pop().expect("session file");
    let on_disk: Vec<String> = entries(&file)
        .iter()
        .filter(|e| e["type"] != "session")
        .map(|e| e["id"].as_str().expect("id").to_string())
        .collect();
    assert_eq!(ids, on_disk);
    let since = client.ok(json!({"type": "get_entries", "since": ids[1]}));
    assert_eq!(ids_of(&since["entries"]), ids[2..].to_vec());
    let missing = client.err(json!({"type": "get_entries", "since": "nope"}));
    assert_eq!(missing, "Entry not found: nope");

    let tree = client.ok(json!({"type": "get_tree"}));
    assert_eq!(tree["leafId"], all["leafId"]);
    let mut walked = Vec::new();
    tree_ids(&tree["tree"], &mut walked);
    assert_eq!(walked, ids, "a linear session is one chain");

    let stats = client.ok(json!({"type": "get_session_stats"}));
    assert_eq!(stats["sessionFile"], file.display().to_string());
    assert_eq!(stats["userMessages"], 2);
    assert_eq!(stats["assistantMessages"], 3);
    assert_eq!(stats["toolCalls"], 1);
    assert_eq!(stats["toolResults"], 1);
    // The transcript's system message is a message entry too, as in Pi.
    assert_eq!(stats["totalMessages"], 7);
    assert_eq!(stats["tokens"]["input"], 350);
    assert_eq!(stats["tokens"]["output"], 22);
    assert_eq!(stats["tokens"]["total"], 372);
    assert!(stats["cost"].is_number(), "{stats}");
    assert!(stats["contextUsage"]["tokens"].is_u64(), "{stats}");

    let forks = client.ok(json!({"type": "get_fork_messages"}));
    let texts: Vec<&str> = forks["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .map(|m| m["text"].as_str().expect("text"))
        .collect();
    assert_eq!(texts, ["first question", "second question"]);
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_fork_clone_new_and_switch_sessions() {
    let ws = Workspace::new();
    let turns = json!([{"text": "one"}, {"text": "two"}, {"text": "fresh"}, {"text": "three"}]);
    let mut client = rpc(&ws, turns, &[]);
    client.prompt_and_wait("first");
    client.prompt_and_wait("second");
    let original = client.ok(json!({"type": "get_state"}))["sessionFile"]
        .as_str()
        .expect("file")
        .to_string();
    let forks = client.ok(json!({"type": "get_fork_messages"}));
    let second = forks["messages"][1]["entryId"].clone();

    let forked = client.ok(json!({"type": "fork", "entryId": second}));
    assert_eq!(forked, json!({"text": "second", "cancelled": false}));
    let state = client.ok(json!({"type": "get_state"}));
    let fork_file = state["sessionFile"].as_str().expect("file").to_string();
    assert_ne!(fork_file, original);
    // The fork holds the branch before the forked message: one exchange.
    let forks = client.ok(json!({"type": "get_fork_messages"}));
    assert_eq!(forks["messages"].as_array().map(Vec::len), Some(1));
    let bad = client.err(json!({"type": "fork", "entryId": "nope"}));
    assert_eq!(bad, "Invalid entry ID for forking");

    let cloned = client.ok(json!({"type": "clone"}));
    assert_eq!(cloned, json!({"cancelled": false}));
    let clone_file = client.ok(json!({"type": "get_state"}))["sessionFile"]
        .as_str()
        .expect("file")
        .to_string();
    assert_ne!(clone_file, fork_file);
    assert_eq!(
        client.ok(json!({"type": "get_fork_messages"}))["messages"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );

    let fresh = client.ok(json!({"type": "new_session", "parentSession": original}));
    assert_eq!(fresh, json!({"cancelled": false}));
    let state = client.ok(json!({"type": "get_state"}));
    assert_eq!(state["messageCount"], 0);
    let new_file = state["sessionFile"].as_str().expect("file").to_string();
    // The file is written with the first exchange, as Pi does.
    client.prompt_and_wait("in the new session");
    let header = &entries(std::path::Path::new(&new_file))[0];
    assert_eq!(header["parentSession"], original.as_str());

    let switched = client.ok(json!({"type": "switch_session", "sessionPath": original}));
    assert_eq!(switched, json!({"cancelled": false}));
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["sessionFile"],
        original.as_str()
    );
    let last = client.ok(json!({"type": "get_last_assistant_text"}));
    assert_eq!(last["text"], "two");
    let run = client.prompt_and_wait("third");
    assert!(run.iter().any(|r| r["type"] == "agent_settled"));
    assert!(session_files(&ws).len() >= 4, "{:?}", session_files(&ws));
    let (status, _) = client.close();
    assert!(status.success());
}

#[test]
fn rpc_switch_session_to_a_bad_path_fails_and_keeps_the_current_session() {
    let ws = Workspace::new();
    let turns = json!([{"text": "one"}, {"text": "two"}, {"text": "three"}]);
    let mut client = rpc(&ws, turns, &[]);
    client.prompt_and_wait("first");
    let original = client.ok(json!({"type": "get_state"}))["sessionFile"]
        .as_str()
        .expect("file")
        .to_string();
    ws.write("plain.txt", "not a folder\n");
    ws.write("garbage.jsonl", "this is not a session\n");
    std::fs::create_dir(ws.path().join("dir.jsonl")).expect("mkdir");
    let path = |name: &str| ws.path().join(name).display().to_string();
    let cases = [
        (
            path("plain.txt/s.jsonl"),
            "cannot create the session folder",
        ),
        (path("garbage.jsonl"), "is not a valid session"),
        (path("dir.jsonl"), "Is a directory"),
        (String::new(), "the session path is empty"),
    ];
    for (target, why) in &cases {
        let error = client.err(json!({"type": "switch_session", "sessionPath": target}));
        assert!(
            error.starts_with("cannot switch") && error.contains(why),
            "{target}: {error}"
        );
        assert_eq!(
            client.ok(json!({"type": "get_state"}))["sessionFile"],
            original.as_str(),
            "the current session stays after {target}"
        );
    }
    assert_eq!(
        ws.read("garbage.jsonl"),
        "this is not a session\n",
        "untouched"
    );
    // The current session is still the one written to.
    client.prompt_and_wait("second");
    let texts: Vec<String> = entries(std::path::Path::new(&original))
        .iter()
        .filter_map(|e| {
            e["message"]["content"][0]["text"]
                .as_str()
                .map(String::from)
        })
        .collect();
    assert_eq!(texts, ["first", "one", "second", "two"]);

    // A path in a folder that does not exist yet is a new session there, as in Pi: the
    // folder is created and the session is written to it.
    let fresh = path("new/folder/s.jsonl");
    let switched = client.ok(json!({"type": "switch_session", "sessionPath": fresh}));
    assert_eq!(switched, json!({"cancelled": false}));
    client.prompt_and_wait("third");
    let written = entries(std::path::Path::new(&fresh));
    assert_eq!(written[0]["type"], "session");
    assert!(written
        .iter()
        .any(|e| e["message"]["content"][0]["text"] == "third"));
    let (status, stderr) = client.close();
    assert!(status.success());
    assert!(!stderr.contains("warning"), "{stderr}");
}

#[test]
fn rpc_compact_answers_with_the_result_and_says_why_not_when_it_cannot() {
    let ws = Workspace::new();
    let turns = json!([{"text": "one"}, {"text": "two"}, {"text": "three"}, {"text": "summary"}, {"text": "summary"}]);
    let mut small = rpc(&ws, turns.clone(), &["--no-session"]);
    small.prompt_and_wait("hello");
    let error = small.err(json!({"type": "compact"}));
    assert_eq!(error, "Nothing to compact (session too small)");
    drop(small);

    // Keep almost nothing verbatim, so three exchanges are enough to compact.
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        r#"{"compaction": {"keepRecentTokens": 5}}"#,
    )
    .expect("settings");
    let mut client = rpc(&ws, turns, &[]);
    for prompt in ["first question with several words", "second", "third"] {
        client.prompt_and_wait(prompt);
    }
    let data = client.ok(json!({"type": "compact", "customInstructions": "keep it short"}));
    assert!(data["summary"].is_string(), "{data}");
    assert!(data["firstKeptEntryId"].is_string(), "{data}");
    assert!(data["tokensBefore"].is_u64(), "{data}");
    assert!(data["estimatedTokensAfter"].is_u64(), "{data}");
    let start = client.last_seen("compaction_start");
    assert_eq!(start["reason"], "manual");
    let end = client.last_seen("compaction_end");
    assert_eq!(end["result"]["summary"], data["summary"]);
    // Until an answer reports usage again, the context size is unknown.
    let stats = client.ok(json!({"type": "get_session_stats"}));
    assert!(stats["contextUsage"]["tokens"].is_null(), "{stats}");
    assert_eq!(
        client.ok(json!({"type": "get_state"}))["isCompacting"],
        false
    );
    let (status, _) = client.close();
    assert!(status.success());
}
