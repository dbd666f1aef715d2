//! The quick crash-safety check (bench/crash_safety.sh runs 100+ trials and Pi's loader):
//! tau is SIGKILLed during a scripted tool-call run and during a stream of RPC appends; every
//! complete line of the session must stay a valid v3 entry, every entry tau reported
//! (`message_end`, or a `set_session_name` success) must be in the file, and tau must resume
//! the file.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::support::*;

/// A workspace with a session created by one unkilled run.
fn session(ws: &Workspace) -> PathBuf {
    let dir = ws.path().join("sessions");
    let output = ws
        .tau()
        .arg("--session-dir")
        .arg(&dir)
        .args(["--model", "scripted/hello", "-p", "start"])
        .output()
        .expect("run tau");
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::read_dir(&dir)
        .expect("session folder")
        .next()
        .expect("a session file")
        .expect("entry")
        .path()
}

/// Kills `child` after `delay` and returns every line it wrote to stdout.
fn kill_after(mut child: Child, delay: Duration) -> Vec<Value> {
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .filter_map(|line| serde_json::from_str(&line).ok())
            .collect::<Vec<Value>>()
    });
    std::thread::sleep(delay);
    let _ = child.kill(); // SIGKILL
    let _ = child.wait();
    reader.join().expect("reader")
}

/// Committed entries: message contents reported by `message_end`, names confirmed by a
/// `set_session_name` response.
fn committed(records: &[Value], names: &HashMap<String, String>) -> Vec<String> {
    records
        .iter()
        .filter_map(|r| match r["type"].as_str() {
            Some("message_end") => Some(key(&r["message"])),
            Some("response") if r["command"] == "set_session_name" && r["success"] == true => {
                names.get(r["id"].as_str()?).map(|n| format!("name:{n}"))
            }
            _ => None,
        })
        .collect()
}

fn key(message: &Value) -> String {
    format!("{}:{}", message["role"], message["content"])
}

/// Checks every complete line and returns the keys of what the file holds.
fn check_lines(path: &PathBuf) -> Vec<String> {
    let bytes = std::fs::read(path).expect("session file");
    let text = String::from_utf8(bytes).expect("UTF-8");
    let complete = text.rsplit_once('\n').map_or("", |(done, _)| done);
    let mut found = Vec::new();
    for (n, line) in complete.lines().enumerate() {
        let value: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("line {} is not JSON ({e}): {line}", n + 1));
        if n == 0 {
            assert_eq!(
                (&value["type"], &value["version"]),
                (&json!("session"), &json!(3))
            );
            continue;
        }
        assert!(
            value["id"].as_str().is_some_and(|id| id.len() == 8),
            "line {}: {line}",
            n + 1
        );
        assert!(
            value["timestamp"].is_string() && value["type"].is_string(),
            "{line}"
        );
        match value["type"].as_str() {
            Some("message") => found.push(key(&value["message"])),
            Some("session_info") => {
                found.push(format!("name:{}", value["name"].as_str().unwrap_or("")))
            }
            _ => {}
        }
    }
    found
}

fn check(ws: &Workspace, path: &PathBuf, reported: Vec<String>) {
    let mut found = check_lines(path);
    for entry in &reported {
        let at = found.iter().position(|f| f == entry);
        let at = at.unwrap_or_else(|| panic!("committed entry lost: {entry}"));
        found.swap_remove(at);
    }
    let resumed = ws
        .tau()
        .arg("--session")
        .arg(path)
        .args(["--model", "scripted/hello", "-p", "after the crash"])
        .output()
        .expect("resume");
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    check_lines(path);
}

#[test]
fn a_killed_tool_call_run_leaves_a_valid_session_that_resumes() {
    let calls: Vec<Value> = (0..30)
        .map(|i| match i % 3 {
            0 => json!({"name": "ls", "arguments": {}}),
            1 => {
                json!({"name": "write", "arguments": {"path": format!("n{i}.txt"), "content": "x"}})
            }
            _ => json!({"name": "read", "arguments": {"path": format!("n{}.txt", i - 1)}}),
        })
        .collect();
    let mut turns = vec![json!({"text": "started"})];
    turns.extend(
        calls
            .into_iter()
            .map(|c| json!({"text": "step", "toolCalls": [c]})),
    );
    for delay in [150, 300, 600] {
        let ws = Workspace::new();
        let path = session(&ws);
        let script = ws.script(&json!({ "turns": turns }));
        let child = ws
            .tau()
            .arg("--session")
            .arg(&path)
            .arg("--script")
            .arg(&script)
            .args(["--mode", "json", "go"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tau");
        let records = kill_after(child, Duration::from_millis(delay));
        check(&ws, &path, committed(&records, &HashMap::new()));
    }
}

#[test]
fn killed_rpc_appends_leave_a_valid_session_that_resumes() {
    for delay in [150, 300, 600] {
        let ws = Workspace::new();
        let path = session(&ws);
        let mut child = ws
            .tau()
            .arg("--session")
            .arg(&path)
            .args(["--model", "scripted/hello", "--mode", "rpc"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tau");
        let mut names = HashMap::new();
        let mut input = String::new();
        for i in 0..400 {
            let line = match i % 10 {
                9 => {
                    json!({"type": "prompt", "message": format!("p{i}"), "streamingBehavior": "followUp"})
                }
                _ => {
                    names.insert(format!("n{i}"), format!("name {i}"));
                    json!({"type": "set_session_name", "id": format!("n{i}"), "name": format!("name {i}")})
                }
            };
            input.push_str(&format!("{line}\n"));
        }
        let mut stdin = child.stdin.take().expect("stdin");
        // Held open until the kill (the thread hands it back), so tau does not shut down on
        // its own.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
            stdin
        });
        let records = kill_after(child, Duration::from_millis(delay));
        drop(writer.join());
        check(&ws, &path, committed(&records, &names));
    }
}
