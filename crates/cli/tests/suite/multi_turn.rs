//! Whole runs: the built-in demo and a read -> edit -> bash session over a real project.

use serde_json::json;

use crate::support::*;

#[test]
fn builtin_demo_runs_offline_to_a_final_answer() {
    let ws = Workspace::new();
    let output = ws
        .tau()
        .args(["--model", "scripted/demo", "--no-session", "-p", "show me"])
        .output()
        .expect("run");
    assert!(output.status.success(), "stderr: {}", stderr(&output));
    assert!(!stdout(&output).trim().is_empty());
    // The demo works in a scratch dir and never touches the cwd.
    assert_eq!(std::fs::read_dir(ws.path()).expect("ls").count(), 0);
}

#[test]
fn demo_in_json_mode_fixes_its_bug_through_real_tools() {
    let ws = Workspace::new();
    let output = ws
        .tau()
        .args([
            "--model",
            "scripted/demo",
            "--no-session",
            "--mode",
            "json",
            "go",
        ])
        .output()
        .expect("run");
    assert!(output.status.success(), "stderr: {}", stderr(&output));
    let records = parse_jsonl(&output.stdout);
    let results = tool_results(&records);
    let tools: Vec<String> = records
        .iter()
        .filter(|r| r["type"] == "tool_execution_start")
        .map(|r| r["toolName"].as_str().unwrap_or("").to_string())
        .collect();
    for tool in ["bash", "write", "read", "edit"] {
        assert!(
            tools.iter().any(|t| t == tool),
            "demo should use {tool}: {tools:?}"
        );
    }
    assert!(results.iter().all(|(_, is_error)| !is_error), "{results:?}");
}

#[test]
fn read_edit_bash_session_changes_the_file_and_answers() {
    let ws = Workspace::new();
    ws.write("greet.sh", "#!/bin/sh\necho \"helo, world\"\n");
    let script = json!({"turns": [
        {"thinking": "Let me look at the script first.", "text": "Reading it.",
         "toolCalls": [{"name": "read", "arguments": {"path": "greet.sh"}}]},
        {"toolCalls": [{"name": "edit", "arguments": {"path": "greet.sh",
            "edits": [{"oldText": "helo", "newText": "hello"}]}}]},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "sh greet.sh"}}]},
        {"text": "Fixed the typo; it now prints hello, world."}
    ]});
    let path = ws.script(&script);
    let output = ws
        .tau()
        .arg("--script")
        .arg(path)
        .args(["--no-session", "-p", "fix the greeting"])
        .output()
        .expect("run");
    assert!(output.status.success(), "stderr: {}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "Fixed the typo; it now prints hello, world.\n"
    );
    assert_eq!(ws.read("greet.sh"), "#!/bin/sh\necho \"hello, world\"\n");

    let (records, _) = ws.run_json(
        &json!({"turns": [
            {"toolCalls": [{"name": "bash", "arguments": {"command": "sh greet.sh"}}]},
            {"text": "ok"}
        ]}),
        &["run it"],
    );
    let results = tool_results(&records);
    assert_eq!(results.len(), 1);
    assert!(results[0].0.contains("hello, world"), "{results:?}");
}

#[test]
fn several_messages_run_as_consecutive_prompts() {
    let ws = Workspace::new();
    let script = json!({"turns": [{"text": "first answer"}, {"text": "second answer"}]});
    let (records, output) = ws.run_json(&script, &["one", "two"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let prompts: Vec<&str> = records
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == "user")
        .filter_map(|r| r["message"]["content"][0]["text"].as_str())
        .collect();
    assert_eq!(prompts, ["one", "two"]);
    assert_eq!(
        types(&records)
            .iter()
            .filter(|t| *t == "agent_settled")
            .count(),
        2
    );
}
