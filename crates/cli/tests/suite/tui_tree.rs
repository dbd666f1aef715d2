//! `/tree` in the terminal UI end to end: the real binary on a pseudo-terminal over a session
//! file with two branches, the loopback model writing branch summaries. The tree as Pi draws
//! it, filters, search, labels (checked in the session file), moving with and without a
//! summary (checked by the entries written after), cancelling, and `doubleEscapeAction`.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use tau_test_support::MockTurn;

use super::tui_session::Tui;

/// u1 - a1 -+- u2 - a2            ("what about roses")
///          +- u3 - a3 (the leaf)  ("and herbs?")
fn write_branched_session(project: &Path) -> PathBuf {
    let time = "2026-01-01T00:00:00.000Z";
    let usage = json!({"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"totalTokens":0,
        "cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}});
    let user = |id: &str, parent: Option<&str>, text: &str| {
        json!({"type":"message","id":id,"parentId":parent,"timestamp":time,
            "message":{"role":"user","content":[{"type":"text","text":text}],"timestamp":1}})
    };
    let answer = |id: &str, parent: &str, text: &str| {
        json!({"type":"message","id":id,"parentId":parent,"timestamp":time,
            "message":{"role":"assistant","content":[{"type":"text","text":text}],
                "api":"openai-completions","provider":"mock","model":"mock-model",
                "usage":usage,"stopReason":"stop","timestamp":2}})
    };
    let lines = [
        json!({"type":"session","version":3,"id":"tree-test","timestamp":time,
            "cwd":project.display().to_string()}),
        user("u1", None, "plan the garden"),
        answer("a1", "u1", "Start with tomatoes."),
        user("u2", Some("a1"), "what about roses"),
        answer("a2", "u2", "Roses need sun."),
        user("u3", Some("a1"), "and herbs?"),
        answer("a3", "u3", "Basil grows fast."),
    ];
    let path = project.join("garden.jsonl");
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(&path, text).expect("session file");
    path
}

/// tau on the branched session, the model answering with `turns`.
fn start(turns: Vec<MockTurn>, settings: Value) -> (Tui, PathBuf) {
    let mut path = PathBuf::new();
    let tui = Tui::start_with(turns, &[], |sandbox, spec| {
        path = write_branched_session(&sandbox.project);
        let file = sandbox.agent_dir.join("settings.json");
        let mut all: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("settings"))
                .expect("settings json");
        for (key, value) in settings.as_object().into_iter().flatten() {
            all[key] = value.clone();
        }
        std::fs::write(&file, all.to_string()).expect("settings");
        spec.args(["--session", path.to_str().expect("utf-8 path")])
    });
    (tui, path)
}

fn entries(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("session file")
        .lines()
        .map(|line| serde_json::from_str(line).expect("json line"))
        .collect()
}

fn open_tree(tui: &Tui) -> String {
    tui.type_line("/tree");
    tui.wait("Session Tree")
}

#[test]
fn the_tree_shows_both_branches_filters_searches_and_labels() {
    let (tui, path) = start(Vec::new(), json!({}));
    let screen = open_tree(&tui);
    // The active branch first, the current path marked, the leaf selected.
    for row in [
        "  • user: plan the garden",
        "  • assistant: Start with tomatoes.",
        "  ├⊟ • user: and herbs?",
        "› │     • assistant: Basil grows fast.",
        "  └⊟ user: what about roses",
        "        assistant: Roses need sun.",
        "  (4/6)",
    ] {
        assert!(screen.contains(row), "missing {row:?}\n{screen}");
    }
    // Ctrl+U: only user messages; again: back to the default view.
    tui.session.send_key("ctrl+u").expect("ctrl+u");
    let screen = tui.wait("[user]");
    assert!(!screen.contains("assistant:"), "{screen}");
    tui.session.send_key("ctrl+u").expect("ctrl+u");
    tui.wait_until("the default view is back", |s| {
        !s.contains("[user]") && s.contains("assistant: Roses need sun.")
    });
    // Typing searches (every word, any case); Esc clears the search first.
    tui.session.send_text("roses").expect("type");
    let screen = tui.wait("Type to search: roses");
    tui.wait("(2/2)");
    assert!(!screen.contains("user: and herbs?"), "{screen}");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the search is cleared", |s| s.contains("(6/6)"));
    // Shift+L labels the selected entry.
    tui.session.send_key("shift+l").expect("shift+l");
    tui.wait("Label (empty to remove):");
    tui.session.send_text("keeper").expect("type");
    tui.session.send_key("enter").expect("enter");
    tui.wait("[keeper] assistant: Roses need sun.");
    tui.session.send_key("ctrl+l").expect("ctrl+l");
    let screen = tui.wait("[labeled]");
    assert!(screen.contains("(1/1)"), "{screen}");
    // Esc closes the tree; the editor is back and the leaf did not move.
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the tree closes", |s| !s.contains("Session Tree"));
    tui.quit();
    let written = entries(&path);
    let label = written
        .iter()
        .find(|e| e["type"] == "label")
        .unwrap_or_else(|| panic!("no label entry in {written:?}"));
    assert_eq!(label["targetId"], "a2");
    assert_eq!(label["label"], "keeper");
    assert_eq!(label["parentId"], "a3");
}

#[test]
fn picking_a_user_message_without_a_summary_moves_to_its_parent() {
    let (tui, path) = start(vec![MockTurn::text("Roses again.")], json!({}));
    open_tree(&tui);
    tui.session.send_key("down").expect("down");
    tui.wait("› └⊟ user: what about roses");
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait("Summarize branch?");
    for choice in ["No summary", "Summarize", "Summarize with custom prompt"] {
        assert!(screen.contains(choice), "{screen}");
    }
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait("Navigated to selected point");
    // The transcript is the path to the new leaf; the message waits in the editor.
    assert!(!screen.contains("Basil grows fast."), "{screen}");
    assert!(screen.contains("what about roses"), "{screen}");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Roses again.");
    tui.quit();
    let written = entries(&path);
    assert!(
        written.iter().all(|e| e["type"] != "branch_summary"),
        "{written:?}"
    );
    // The session header and six entries were there; what the prompt wrote hangs off a1.
    let first_new = &written[7];
    assert_eq!(first_new["parentId"], "a1", "{written:?}");
    let resent = written
        .iter()
        .rev()
        .find(|e| e["message"]["role"] == "user")
        .expect("the new user message");
    assert_eq!(resent["message"]["content"], "what about roses");
    assert_ne!(resent["id"], "u2");
}

#[test]
fn summarizing_the_branch_left_records_the_models_summary() {
    let summary = "## Goal\nHerbs for the garden; basil was suggested.";
    let (tui, path) = start(vec![MockTurn::text(summary)], json!({}));
    open_tree(&tui);
    tui.session.send_key("down").expect("down");
    tui.wait("› └⊟ user: what about roses");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Summarize branch?");
    // Esc on the question goes back to the tree, on the same entry.
    tui.session.send_key("escape").expect("escape");
    tui.wait("› └⊟ user: what about roses");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Summarize branch?");
    tui.session.send_key("down").expect("down");
    tui.session.send_key("down").expect("down");
    tui.wait("→ Summarize with custom prompt");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Custom summarization instructions");
    tui.session.send_text("mention basil").expect("type");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Navigated to selected point");
    // The user message is back in the editor, so Ctrl+D does not quit.
    tui.quit_with_ctrl_c();
    // One request: the branch left (from the common ancestor on) and the extra focus.
    let requests = tui.server.requests();
    assert_eq!(requests.len(), 1);
    let body = &requests[0].body;
    assert!(
        body.contains("and herbs?") && body.contains("Basil grows fast."),
        "{body}"
    );
    assert!(!body.contains("plan the garden"), "{body}");
    assert!(body.contains("mention basil"), "{body}");
    let written = entries(&path);
    let entry = written
        .iter()
        .find(|e| e["type"] == "branch_summary")
        .unwrap_or_else(|| panic!("no branch_summary in {written:?}"));
    assert_eq!(entry["parentId"], "a1");
    assert_eq!(entry["fromId"], "a3");
    assert_eq!(entry["fromHook"], false);
    let text = entry["summary"].as_str().expect("summary");
    assert!(text.contains("basil was suggested"), "{text}");
}

#[test]
fn double_escape_follows_the_setting_and_the_leaf_is_already_there() {
    let (tui, _path) = start(Vec::new(), json!({}));
    tui.session.send_key("escape").expect("escape");
    tui.session.send_key("escape").expect("escape");
    tui.wait("Session Tree");
    // Enter on the current leaf: nothing to do.
    tui.session.send_key("enter").expect("enter");
    tui.wait("Already at this point");
    tui.quit();

    let (tui, _path) = start(Vec::new(), json!({"doubleEscapeAction": "fork"}));
    tui.session.send_key("escape").expect("escape");
    tui.session.send_key("escape").expect("escape");
    tui.wait("Fork from message");
    tui.session.send_key("escape").expect("escape");
    tui.quit();
}

#[test]
fn the_filter_setting_is_where_the_tree_starts() {
    let (tui, _path) = start(Vec::new(), json!({"treeFilterMode": "user-only"}));
    let screen = open_tree(&tui);
    assert!(screen.contains("[user]"), "{screen}");
    assert!(!screen.contains("assistant:"), "{screen}");
    // Ctrl+O cycles on to labeled-only, which has nothing yet.
    tui.session.send_key("ctrl+o").expect("ctrl+o");
    let screen = tui.wait("[labeled]");
    assert!(screen.contains("No entries found"), "{screen}");
    tui.session.send_key("escape").expect("escape");
    tui.quit();
}

#[test]
fn escape_aborts_the_summary_and_goes_back_to_the_tree() {
    let slow = MockTurn {
        chunk_chars: Some(2),
        delay_ms: 100,
        ..MockTurn::text("a summary that takes a long time to arrive ".repeat(20))
    };
    let (tui, path) = start(vec![slow], json!({}));
    open_tree(&tui);
    tui.session.send_key("down").expect("down");
    tui.wait("› └⊟ user: what about roses");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Summarize branch?");
    tui.session.send_key("down").expect("down");
    tui.wait("→ Summarize");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Summarizing branch... (escape to cancel)");
    tui.session.send_key("escape").expect("escape");
    tui.wait("Branch summarization cancelled");
    let screen = tui.wait("› └⊟ user: what about roses");
    assert!(screen.contains("Session Tree"), "{screen}");
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the tree closes", |s| !s.contains("Session Tree"));
    tui.quit();
    let written = entries(&path);
    assert!(
        written.iter().all(|e| e["type"] != "branch_summary"),
        "{written:?}"
    );
    // The leaf stayed: nothing was written after the original entries.
    assert_eq!(written.len(), 7, "{written:?}");
}
