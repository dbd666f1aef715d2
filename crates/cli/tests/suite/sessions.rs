//! Sessions through the real binary: Pi's file layout, resume, fork, ids, names, listing,
//! torn lines and the lock that keeps two writers apart.

use serde_json::{json, Value};

use crate::support::entries as lines;
use crate::support::*;

fn run(ws: &Workspace, script: &Value, args: &[&str]) -> std::process::Output {
    let path = ws.script(script);
    ws.tau()
        .arg("--script")
        .arg(path)
        .args(args)
        .output()
        .expect("run tau")
}

const TWO_TURNS: &str =
    r#"{"turns": [{"text": "first answer"}, {"text": "second: ${lastUserMessage}"}]}"#;

fn two_turns() -> Value {
    serde_json::from_str(TWO_TURNS).expect("script")
}

#[test]
fn a_run_writes_pi_layout_and_continue_resumes_it() {
    let ws = Workspace::new();
    let output = run(&ws, &two_turns(), &["-p", "hello"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let files = session_files(&ws);
    assert_eq!(files.len(), 1);
    let folder_files = std::fs::read_dir(files[0].parent().expect("folder"))
        .expect("session folder")
        .count();
    assert_eq!(
        folder_files, 1,
        "only the session file: no lock left behind"
    );
    let folder = files[0]
        .parent()
        .and_then(|p| p.file_name())
        .expect("folder")
        .to_string_lossy()
        .to_string();
    assert!(
        folder.starts_with("--") && folder.ends_with("--"),
        "{folder}"
    );
    let entries = lines(&files[0]);
    let kinds: Vec<&str> = entries
        .iter()
        .map(|e| e["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        [
            "session",
            "model_change",
            "thinking_level_change",
            "message",
            "message",
            "message"
        ]
    );
    assert_eq!(entries[0]["version"], 3);
    let roles: Vec<&str> = entries[3..]
        .iter()
        .map(|e| e["message"]["role"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(roles, ["system", "user", "assistant"]);
    assert_eq!(entries[4]["parentId"], entries[3]["id"]);

    let output = run(&ws, &two_turns(), &["-c", "-p", "again"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "second: again\n",
        "the model saw the restored conversation"
    );
    assert_eq!(session_files(&ws).len(), 1, "continued in the same file");
    let entries = lines(&files[0]);
    assert_eq!(
        entries.len(),
        8,
        "one user and one assistant line appended, no new system message"
    );
}

#[test]
fn tool_details_survive_a_resume() {
    let ws = Workspace::new();
    ws.write("a.txt", "one\n");
    let script = json!({"turns": [
        {"toolCalls": [{"name": "edit", "arguments": {"path": "a.txt", "edits": [{"oldText": "one", "newText": "two"}]}}]},
        {"text": "edited"},
        {"text": "still here"}
    ]});
    assert!(run(&ws, &script, &["-p", "edit it"]).status.success());
    let output = run(&ws, &script, &["-c", "--mode", "json", "and now?"]);
    assert!(output.status.success());
    let file = &session_files(&ws)[0];
    let result = lines(file)
        .into_iter()
        .find(|e| e["message"]["role"] == "toolResult")
        .expect("tool result entry");
    assert_eq!(result["message"]["details"]["firstChangedLine"], 1);
    assert!(result["message"]["details"]["diff"]
        .as_str()
        .unwrap_or("")
        .contains("+1 two"));
}

#[test]
fn session_id_fork_name_and_resume_listing() {
    let ws = Workspace::new();
    assert!(run(
        &ws,
        &two_turns(),
        &[
            "--session-id",
            "my-task-1",
            "--name",
            "Fix auth",
            "-p",
            "hi"
        ]
    )
    .status
    .success());
    let files = session_files(&ws);
    assert!(
        files[0].to_string_lossy().ends_with("_my-task-1.jsonl"),
        "{files:?}"
    );
    let entries = lines(&files[0]);
    assert!(entries
        .iter()
        .any(|e| e["type"] == "session_info" && e["name"] == "Fix auth"));

    // The same id continues that session.
    let output = run(
        &ws,
        &two_turns(),
        &["--session-id", "my-task-1", "-p", "more"],
    );
    assert_eq!(stdout(&output), "second: more\n");

    let listing = ws.tau().arg("--resume").output().expect("run");
    let text = stdout(&listing);
    assert!(
        text.contains("my-task-1") && text.contains("Fix auth"),
        "{text}"
    );

    // A fork copies the conversation into a new file that names its parent.
    let output = run(&ws, &two_turns(), &["--fork", "my-task", "-p", "forked"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let files = session_files(&ws);
    assert_eq!(files.len(), 2);
    let fork = files
        .iter()
        .find(|f| !f.to_string_lossy().contains("my-task-1"))
        .expect("fork file");
    let header = &lines(fork)[0];
    assert!(
        header["parentSession"]
            .as_str()
            .unwrap_or("")
            .contains("my-task-1"),
        "{header}"
    );

    let bad = ws
        .tau()
        .args(["--fork", "x", "--no-session", "-p", "y"])
        .output()
        .expect("run");
    assert!(stderr(&bad).contains("--fork cannot be combined"));
    let missing = run(&ws, &two_turns(), &["--session", "nope-nope", "-p", "y"]);
    assert!(!missing.status.success());
    assert!(
        stderr(&missing).contains("no session matches"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn a_torn_line_is_reported_skipped_and_appending_starts_a_fresh_line() {
    let ws = Workspace::new();
    assert!(run(&ws, &two_turns(), &["-p", "hello"]).status.success());
    let file = session_files(&ws).remove(0);
    {
        use std::io::Write;
        let mut handle = std::fs::OpenOptions::new()
            .append(true)
            .open(&file)
            .expect("open");
        handle
            .write_all(br#"{"type":"message","id":"torn","parentId":"#)
            .expect("tear");
    }
    let output = run(&ws, &two_turns(), &["-c", "-p", "after crash"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains(": line 7: truncated entry"),
        "{}",
        stderr(&output)
    );
    assert_eq!(stdout(&output), "second: after crash\n");
    let text = std::fs::read_to_string(&file).expect("read");
    let bad: Vec<&str> = text
        .lines()
        .filter(|l| serde_json::from_str::<Value>(l).is_err())
        .collect();
    assert_eq!(bad.len(), 1, "only the torn line is bad: {bad:?}");
    assert!(text.ends_with("}\n"));
}

/// A hand-edited file: written by a newer version, with a `parentId` cycle (line 2's parent
/// is line 4's id) and an id used twice (lines 4 and 5).
const DAMAGED: &str = r#"{"type":"session","version":99,"id":"01a00000-0000-7000-8000-000000000001","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}
{"type":"message","id":"aaaa0001","parentId":"aaaa0003","timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":[{"type":"text","text":"first"}],"timestamp":1}}
{"type":"message","id":"aaaa0002","parentId":"aaaa0001","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"answer one"}],"api":"scripted","provider":"scripted","model":"s","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":2}}
{"type":"message","id":"aaaa0003","parentId":"aaaa0002","timestamp":"2026-01-01T00:00:03.000Z","message":{"role":"user","content":[{"type":"text","text":"second"}],"timestamp":3}}
{"type":"message","id":"aaaa0003","parentId":"aaaa0002","timestamp":"2026-01-01T00:00:04.000Z","message":{"role":"user","content":[{"type":"text","text":"second again"}],"timestamp":4}}
"#;

#[test]
fn newer_versions_cycles_and_reused_ids_are_reported_and_nothing_is_lost() {
    let ws = Workspace::new();
    ws.write("damaged.jsonl", DAMAGED);
    // The scripted model plays the turn after the assistant messages in its context: the
    // branch the cycle was cut into holds one ("answer one").
    let answer = json!({"text": "answered: ${lastUserMessage}"});
    let script = json!({"turns": [{"text": "unused"}, answer, answer]});
    let output = run(&ws, &script, &["--session", "damaged.jsonl", "-p", "more"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "answered: more\n");
    let warnings = stderr(&output);
    for expected in [
        "session damaged.jsonl: line 1: session version 99 is newer than this tau supports (3)",
        "session damaged.jsonl: line 2: entry aaaa0001 is in a parentId cycle",
        "session damaged.jsonl: line 5: entry id aaaa0003 is also the id of the entry on line 4",
    ] {
        assert!(warnings.contains(expected), "{expected}\n{warnings}");
    }
    // Every line is still there, untouched, and the run appended after the leaf.
    let text = ws.read("damaged.jsonl");
    assert!(text.starts_with(DAMAGED), "{text}");
    let written = lines(&ws.path().join("damaged.jsonl"));
    let prompt = written
        .iter()
        .find(|e| e["message"]["content"][0]["text"] == "more")
        .expect("the new prompt is saved");
    // Its parents (past the model change the run records) lead to the leaf, line 5.
    let mut parent = prompt["parentId"].clone();
    while let Some(entry) = written[5..].iter().find(|e| e["id"] == parent) {
        parent = entry["parentId"].clone();
    }
    assert_eq!(parent, "aaaa0003");
    // A second run resumes it the same way.
    let again = run(&ws, &script, &["--session", "damaged.jsonl", "-p", "again"]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("parentId cycle"));
}

#[test]
fn a_second_writer_is_refused_with_what_to_do() {
    let ws = Workspace::new();
    assert!(
        run(&ws, &two_turns(), &["--session-id", "shared", "-p", "hi"])
            .status
            .success()
    );
    let slow = json!({"turns": [{"text": "slow ".repeat(100), "delayMs": 30}, {"text": "slow ".repeat(100), "delayMs": 30}]});
    let path = ws.script(&slow);
    let mut first = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args(["--session-id", "shared", "-p", "long"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let second = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args(["--session-id", "shared", "-p", "x"])
        .output()
        .expect("run");
    let _ = first.wait();
    assert!(!second.status.success());
    let message = stderr(&second);
    assert!(
        message.contains(&first.id().to_string()),
        "names the holder: {message}"
    );
    assert!(message.contains("--fork"), "says what to do: {message}");
}
