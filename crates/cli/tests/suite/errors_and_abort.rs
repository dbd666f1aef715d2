//! Provider errors, aborts while streaming and thinking levels, through the real binary.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::*;

#[test]
fn a_provider_error_becomes_an_error_message_and_exit_code() {
    let ws = Workspace::new();
    let script = json!({"turns": [{"error": "upstream exploded"}]});
    let path = ws.script(&script);
    let output = ws
        .tau()
        .arg("--script")
        .arg(&path)
        .args(["--no-session", "-p", "hi"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("upstream exploded"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());

    // json mode reports the failure in the stream and exits 0, as Pi does.
    let (records, output) = ws.run_json(&script, &["hi"]);
    assert!(output.status.success());
    let end = records
        .iter()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("assistant message");
    assert_eq!(end["message"]["stopReason"], "error");
    assert_eq!(end["message"]["errorMessage"], "upstream exploded");
}

#[cfg(unix)]
#[test]
fn ctrl_c_while_streaming_records_an_aborted_message_with_the_partial_text() {
    let ws = Workspace::new();
    let script = json!({"turns": [{"text": "word ".repeat(200), "delayMs": 20}]});
    let path = ws.script(&script);
    let child = ws
        .tau()
        .arg("--script")
        .arg(path)
        .args(["--no-session", "--mode", "json", "go"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    std::thread::sleep(Duration::from_millis(400));
    let sent = Instant::now();
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    let output = child.wait_with_output().expect("wait");
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "abort took {:?}",
        sent.elapsed()
    );
    let records = parse_jsonl(&output.stdout);
    let end = records
        .iter()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("assistant message");
    assert_eq!(end["message"]["stopReason"], "aborted");
    let text = end["message"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        !text.is_empty() && text.len() < 1000,
        "partial text kept: {text:?}"
    );
    assert_eq!(records.last().expect("records")["aborted"], true);
}

#[test]
fn thinking_level_from_the_model_suffix_and_the_flag() {
    let ws = Workspace::new();
    let level = |flags: &[&str]| {
        let output = ws
            .tau()
            .args(["--no-session", "--mode", "json"])
            .args(flags)
            .arg("hi")
            .output()
            .expect("run");
        let records = parse_jsonl(&output.stdout);
        records
            .iter()
            .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
            .map(|r| r["message"]["thinkingLevel"].clone())
            .expect("assistant message")
    };
    assert_eq!(level(&["--model", "scripted/hello"]), "off");
    assert_eq!(level(&["--model", "scripted/hello:high"]), "high");
    assert_eq!(
        level(&["--model", "scripted/hello:high", "--thinking", "low"]),
        "low"
    );
}

#[test]
fn closed_stdout_ends_quietly() {
    let ws = Workspace::new();
    let mut child = ws
        .tau()
        .args([
            "--model",
            "scripted/demo",
            "--no-session",
            "--mode",
            "json",
            "go",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let status = child.wait().expect("wait");
    let mut err = String::new();
    use std::io::Read;
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut err)
        .expect("read");
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.code().is_some(), "not killed by a signal");
}
