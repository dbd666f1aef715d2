//! Every built-in tool's edge cases, through the real binary: what the model gets back.

use serde_json::json;

use crate::support::*;

fn run_calls(ws: &Workspace, calls: &[serde_json::Value]) -> Vec<(String, bool)> {
    let (records, output) = ws.run_json(
        &calls_script(calls),
        &["--tools", "read,write,edit,bash,grep,find,ls", "go"],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    tool_results(&records)
}

#[test]
fn read_missing_binary_and_offset_past_end() {
    let ws = Workspace::new();
    ws.write("short.txt", "one\ntwo\n");
    std::fs::write(ws.path().join("blob.bin"), [0u8, 159, 146, 150, 0, 1, 2]).expect("write");
    let results = run_calls(
        &ws,
        &[
            json!({"name": "read", "arguments": {"path": "absent.txt"}}),
            json!({"name": "read", "arguments": {"path": "short.txt", "offset": 50}}),
            json!({"name": "read", "arguments": {"path": "short.txt", "offset": 2, "limit": 1}}),
            json!({"name": "read", "arguments": {"path": "blob.bin"}}),
        ],
    );
    assert!(results[0].1, "missing file is an error: {results:?}");
    assert!(results[0].0.contains("absent.txt"), "{results:?}");
    assert!(results[1].1 && results[1].0.contains("50"), "{results:?}");
    assert!(
        !results[2].1 && results[2].0.contains("two") && !results[2].0.contains("one"),
        "{results:?}"
    );
    assert!(!results[3].0.is_empty(), "{results:?}");
}

#[test]
fn read_of_endless_and_special_files_returns_promptly() {
    let ws = Workspace::new();
    let fifo = ws.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let started = std::time::Instant::now();
    let results = run_calls(
        &ws,
        &[
            json!({"name": "read", "arguments": {"path": "/dev/zero", "limit": 1}}),
            json!({"name": "read", "arguments": {"path": "/dev/urandom", "limit": 1}}),
            json!({"name": "read", "arguments": {"path": "pipe"}}),
        ],
    );
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "took {:?}",
        started.elapsed()
    );
    assert!(
        !results[0].1 && results[0].0.contains("Line 1 is over 50.0KB"),
        "{results:?}"
    );
    assert!(
        !results[1].1 && results[1].0.contains("[Showing lines 1-1; /dev/urandom"),
        "{results:?}"
    );
    assert!(
        results[2].1 && results[2].0.contains("named pipe (FIFO)"),
        "{results:?}"
    );
}

#[test]
fn edit_absent_non_unique_and_all_or_nothing() {
    let ws = Workspace::new();
    ws.write("a.txt", "x = 1\nx = 1\ny = 2\n");
    let results = run_calls(
        &ws,
        &[
            json!({"name": "edit", "arguments": {"path": "a.txt", "edits": [{"oldText": "z = 3", "newText": "z = 4"}]}}),
            json!({"name": "edit", "arguments": {"path": "a.txt", "edits": [{"oldText": "x = 1", "newText": "x = 9"}]}}),
            json!({"name": "edit", "arguments": {"path": "a.txt", "edits": [
            {"oldText": "y = 2", "newText": "y = 3"}, {"oldText": "nowhere", "newText": "?"}]}}),
            json!({"name": "edit", "arguments": {"path": "missing.txt", "edits": [{"oldText": "a", "newText": "b"}]}}),
        ],
    );
    assert!(results.iter().all(|(_, is_error)| *is_error), "{results:?}");
    assert!(
        results[1].0.contains('2'),
        "the non-unique error gives the count: {results:?}"
    );
    assert_eq!(ws.read("a.txt"), "x = 1\nx = 1\ny = 2\n", "nothing written");
}

#[test]
fn bash_output_over_the_limits_is_truncated_with_full_output_kept() {
    let ws = Workspace::new();
    let (records, _) = ws.run_json(
        &calls_script(&[json!({"name": "bash", "arguments": {"command": "seq 1 30000"}})]),
        &["go"],
    );
    let end = records
        .iter()
        .find(|r| r["type"] == "tool_execution_end")
        .expect("end record");
    let text = end["result"]["content"][0]["text"].as_str().expect("text");
    assert!(text.contains("30000"), "tail kept");
    assert!(!text.starts_with("1\n"), "head dropped");
    let full = end["result"]["details"]["fullOutputPath"]
        .as_str()
        .expect("full output path");
    let saved = std::fs::read_to_string(full).expect("full output file");
    assert_eq!(saved.lines().count(), 30000);
}

#[test]
fn a_huge_bash_command_fails_fast_saying_what_to_do() {
    let ws = Workspace::new();
    // 2MB streams as about 130,000 argument deltas, each a json record.
    let command = format!("echo {}", "x".repeat(2 * 1024 * 1024));
    let started = std::time::Instant::now();
    let (records, output) = ws.run_json(
        &calls_script(&[json!({"name": "bash", "arguments": {"command": command}})]),
        &["go"],
    );
    let elapsed = started.elapsed();
    assert!(output.status.success(), "{}", stderr(&output));
    // About 4 s in a debug build; one stdout write per record made it about 16 s (10MB:
    // over a minute). The writer's unit tests pin the batching; this bound catches a hang.
    assert!(
        elapsed < std::time::Duration::from_secs(30),
        "took {elapsed:?}"
    );
    let (text, is_error) = tool_results(&records).remove(0);
    assert!(is_error);
    assert_eq!(
        text,
        "spawn /bin/bash E2BIG: the command is 2.0MB, more than the system accepts as one argument (128KB on Linux); write the script to a file and run that file instead"
    );
    let deltas = records
        .iter()
        .filter(|r| r["assistantMessageEvent"]["type"] == "toolcall_delta")
        .count();
    assert!(deltas > 100_000, "{deltas}");
    assert_eq!(
        records.last().map(|r| r["type"].clone()),
        Some(json!("agent_settled"))
    );
}

#[test]
fn bash_timeout_kills_grandchildren() {
    let ws = Workspace::new();
    let marker = ws.path().join("grandchild.pid");
    let command = format!(
        "(sleep 30 & echo $! > {}; wait) ; echo never",
        marker.display()
    );
    let started = std::time::Instant::now();
    let results = run_calls(
        &ws,
        &[json!({"name": "bash", "arguments": {"command": command, "timeout": 1}})],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert!(results[0].1, "timeout is an error: {results:?}");
    assert!(
        results[0].0.to_lowercase().contains("timed out"),
        "{results:?}"
    );
    let pid = std::fs::read_to_string(&marker).expect("pid file");
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(
        !process_alive(&pid),
        "grandchild {pid} survived the timeout"
    );
}

#[test]
fn failing_command_reports_its_exit_code() {
    let ws = Workspace::new();
    let results = run_calls(
        &ws,
        &[json!({"name": "bash", "arguments": {"command": "echo oops; exit 3"}})],
    );
    assert!(results[0].1, "{results:?}");
    assert!(
        results[0].0.contains("oops") && results[0].0.contains('3'),
        "{results:?}"
    );
}

#[test]
fn grep_find_ls_respect_gitignore_and_limits() {
    let ws = Workspace::new();
    ws.write(".gitignore", "ignored/\n");
    ws.write("src/lib.rs", "fn needle() {}\n");
    ws.write("ignored/skip.rs", "fn needle() {}\n");
    std::process::Command::new("git")
        .arg("init")
        .arg("-q")
        .current_dir(ws.path())
        .status()
        .expect("git");
    let results = run_calls(
        &ws,
        &[
            json!({"name": "grep", "arguments": {"pattern": "needle"}}),
            json!({"name": "find", "arguments": {"pattern": "*.rs"}}),
            json!({"name": "ls", "arguments": {}}),
            json!({"name": "grep", "arguments": {"pattern": "absent-text"}}),
        ],
    );
    assert!(
        results[0].0.contains("src/lib.rs") && !results[0].0.contains("skip.rs"),
        "{results:?}"
    );
    assert!(
        results[1].0.contains("src/lib.rs") && !results[1].0.contains("skip.rs"),
        "{results:?}"
    );
    assert!(results[2].0.contains("src/"), "{results:?}");
    assert!(!results[3].0.is_empty(), "{results:?}");
}

#[test]
fn invalid_arguments_tell_the_model_what_was_wrong() {
    let ws = Workspace::new();
    let results = run_calls(
        &ws,
        &[
            json!({"name": "read", "arguments": {}}),
            json!({"name": "bash", "arguments": {"command": ["not", "a", "string"]}}),
            json!({"name": "no_such_tool", "arguments": {}}),
        ],
    );
    assert!(
        results[0].1
            && results[0]
                .0
                .starts_with("Validation failed for tool \"read\""),
        "{results:?}"
    );
    assert!(results[0].0.contains("path"), "{results:?}");
    assert!(
        results[1].1 && results[1].0.contains("command"),
        "{results:?}"
    );
    assert_eq!(
        results[2],
        ("Tool no_such_tool not found".to_string(), true)
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_mid_tool_aborts_the_run_and_kills_the_command() {
    let ws = Workspace::new();
    let marker = ws.path().join("sleep.pid");
    let script = calls_script(&[
        json!({"name": "bash", "arguments": {"command": format!("echo $$ > {}; sleep 30", marker.display())}}),
    ]);
    let path = ws.script(&script);
    let child = ws
        .tau()
        .arg("--script")
        .arg(path)
        .args(["--no-session", "--mode", "json", "go"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !marker.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(100));
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    let output = child.wait_with_output().expect("wait");
    let records = parse_jsonl(&output.stdout);
    let last_assistant = records
        .iter()
        .rev()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("assistant message");
    assert_eq!(last_assistant["message"]["stopReason"], "aborted");
    assert_eq!(
        records.last().map(|r| r["type"].clone()),
        Some(json!("agent_settled"))
    );
    assert_eq!(
        records.last().map(|r| r["aborted"].clone()),
        Some(json!(true))
    );
    let pid = std::fs::read_to_string(&marker).expect("pid");
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(!process_alive(&pid), "bash survived the abort");
}
