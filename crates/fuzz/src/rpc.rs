//! Target: RPC input lines, fed to the real `tau --mode rpc` process (the command parser
//! lives in the binary, behind a live runtime). Valid commands of every kind Pi's RPC mode
//! knows are mutated (wrong types, missing fields, huge numbers, deep nesting, odd unicode,
//! torn JSON) and written to tau's stdin as fast as it reads them; tau runs the offline
//! scripted model, no extensions, in a scratch directory, and is restarted every
//! `per_process` lines so no conversation grows without bound.
//!
//! Safety: a `bash` command's `command` is always replaced by a harmless one, and every
//! `sessionPath` points into the scratch directory, so mutated input never runs a command
//! or touches a file outside it.
//!
//! Contracts: every line gets exactly one `response` record (an object line carries our id
//! and gets it back; other lines get an anonymous parse or unknown-command error), except
//! `extension_ui_response`, which gets none; a failed response has a non-empty `error`;
//! every stdout line is JSON; tau never prints a panic and exits 0 when stdin closes.
//! A panic cannot be caught across the process boundary, so it is read from stderr.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fastrand::Rng;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::mutate::mutated_json;
use crate::{case_rng, shorten, Report};

/// How long one process may take after its stdin closed.
const EXIT_LIMIT: Duration = Duration::from_secs(60);

/// Field names of RPC commands, for mutations that add fields.
const KEYS: &[&str] = &[
    "type",
    "id",
    "message",
    "images",
    "streamingBehavior",
    "provider",
    "modelId",
    "level",
    "mode",
    "customInstructions",
    "enabled",
    "command",
    "excludeFromContext",
    "parentSession",
    "sessionPath",
    "entryId",
    "since",
    "name",
    "value",
    "confirmed",
    "cancelled",
];

/// One valid command of each kind (Pi 1.6.0's rpc-commands), the seeds of the mutations.
fn seeds() -> Vec<Value> {
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    vec![
        json!({"type": "prompt", "message": "hello"}),
        json!({"type": "prompt", "message": "look", "images": [{"type": "image", "data": png, "mimeType": "image/png"}]}),
        json!({"type": "prompt", "message": "later", "streamingBehavior": "followUp"}),
        json!({"type": "prompt", "message": "now", "streamingBehavior": "steer"}),
        json!({"type": "steer", "message": "faster"}),
        json!({"type": "follow_up", "message": "then this"}),
        json!({"type": "abort"}),
        json!({"type": "clear_queue"}),
        json!({"type": "bash", "command": "echo hi", "excludeFromContext": true}),
        json!({"type": "abort_bash"}),
        json!({"type": "get_state"}),
        json!({"type": "get_messages"}),
        json!({"type": "set_model", "provider": "scripted", "modelId": "hello"}),
        json!({"type": "cycle_model"}),
        json!({"type": "get_available_models"}),
        json!({"type": "set_thinking_level", "level": "high"}),
        json!({"type": "cycle_thinking_level"}),
        json!({"type": "get_available_thinking_levels"}),
        json!({"type": "set_steering_mode", "mode": "one-at-a-time"}),
        json!({"type": "set_follow_up_mode", "mode": "all"}),
        json!({"type": "compact", "customInstructions": "keep it short"}),
        json!({"type": "set_auto_compaction", "enabled": false}),
        json!({"type": "set_auto_retry", "enabled": true}),
        json!({"type": "abort_retry"}),
        json!({"type": "new_session", "parentSession": "/tmp/parent.jsonl"}),
        json!({"type": "switch_session", "sessionPath": "other.jsonl"}),
        json!({"type": "fork", "entryId": "00000000"}),
        json!({"type": "clone"}),
        json!({"type": "get_fork_messages"}),
        json!({"type": "get_entries", "since": "00000000"}),
        json!({"type": "get_tree"}),
        json!({"type": "get_session_stats"}),
        json!({"type": "get_last_assistant_text"}),
        json!({"type": "set_session_name", "name": "fuzzed"}),
        json!({"type": "get_commands"}),
        json!({"type": "export_html"}),
        json!({"type": "extension_ui_response", "id": "nobody-asked", "value": "x"}),
    ]
}

/// Harmless commands for `bash`.
const SAFE_COMMANDS: &[&str] = &["echo fuzz", "true", "printf '%s' x", "exit 3", ""];

/// One generated input line and what it should get back.
struct Line {
    case: u64,
    bytes: Vec<u8>,
    /// Some(id): a response with this id; None: an anonymous response; no entry for lines
    /// that get no response.
    expect: Option<Option<String>>,
}

fn generate(rng: &mut Rng, case: u64, seeds: &[Value], scratch: &Path) -> Line {
    let seed = &seeds[rng.usize(..seeds.len())];
    let mut bytes = mutated_json(rng, seed, KEYS);
    // One record per line: a raw LF inside would split it in two.
    for byte in &mut bytes {
        if *byte == b'\n' {
            *byte = b' ';
        }
    }
    // Parsed the way tau parses it.
    let parsed = serde_json::from_str::<Value>(&String::from_utf8_lossy(&bytes));
    let expect = match parsed {
        Ok(Value::Object(mut map)) => {
            let kind = map.get("type").and_then(Value::as_str).map(str::to_string);
            if kind.as_deref() == Some("bash") {
                let safe = SAFE_COMMANDS[rng.usize(..SAFE_COMMANDS.len())];
                map.insert("command".into(), json!(safe));
            }
            if let Some(Value::String(path)) = map.get("sessionPath") {
                let name: String = path
                    .chars()
                    .filter(|c| c.is_alphanumeric())
                    .take(40)
                    .collect();
                let inside = scratch.join("sessions").join(format!("s{name}.jsonl"));
                map.insert("sessionPath".into(), json!(inside.display().to_string()));
            }
            let expect = match kind.as_deref() {
                Some("extension_ui_response") => None,
                _ => {
                    let id = format!("fz-{case}");
                    map.insert("id".into(), json!(id));
                    Some(Some(id))
                }
            };
            bytes = serde_json::to_vec(&Value::Object(map)).unwrap_or_default();
            expect
        }
        _ => Some(None),
    };
    bytes.push(b'\n');
    Line {
        case,
        bytes,
        expect,
    }
}

/// Plays cases `cases` against the tau binary at `tau`, `per_process` lines per process.
pub fn run(tau: &Path, seed: u64, cases: std::ops::Range<u64>, per_process: u64) -> Report {
    let mut report = Report {
        target: "rpc".into(),
        seed,
        ..Report::default()
    };
    let seeds = seeds();
    // The processes run in a scratch directory: a relative path would not resolve there.
    let tau = &tau.canonicalize().unwrap_or_else(|_| tau.to_path_buf());
    let mut start = cases.start;
    while start < cases.end {
        let end = cases.end.min(start + per_process.max(1));
        match batch(tau, seed, start..end, &seeds) {
            Ok(batch) => report.absorb(batch),
            Err(error) => {
                report.violations += 1;
                report.fail(start, error, "");
                break;
            }
        }
        start = end;
    }
    report
}

/// One tau process fed the cases `cases`.
fn batch(
    tau: &Path,
    seed: u64,
    cases: std::ops::Range<u64>,
    seeds: &[Value],
) -> Result<Report, String> {
    let scratch = tempfile::tempdir().map_err(|e| format!("creating a scratch directory: {e}"))?;
    let (work, agent, sessions) = (
        scratch.path().join("work"),
        scratch.path().join("agent"),
        scratch.path().join("sessions"),
    );
    for dir in [&work, &agent, &sessions] {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    let lines: Vec<Line> = cases
        .clone()
        .map(|case| generate(&mut case_rng(seed, case), case, seeds, scratch.path()))
        .collect();
    let mut command = Command::new(tau);
    command
        .args([
            "--mode",
            "rpc",
            "--model",
            "scripted/hello",
            "--no-extensions",
        ])
        .current_dir(&work)
        .env("TAU_AGENT_DIR", &agent)
        .env("HOME", scratch.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Half the processes keep their session on disk, so the session commands write files.
    match cases.start % 2 {
        0 => command.arg("--no-session"),
        _ => command.arg("--session-dir").arg(&sessions),
    };
    let mut child = command
        .spawn()
        .map_err(|e| format!("starting {}: {e}", tau.display()))?;
    let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err("tau's pipes were not set up".into());
    };
    let payload: Vec<u8> = lines.iter().flat_map(|l| l.bytes.iter().copied()).collect();
    let writer = std::thread::spawn(move || {
        // A closed pipe means tau died; the missing responses report it.
        let _ = stdin.write_all(&payload);
    });
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let start_case = cases.start;
    // The records are read on a thread with a deep stack: parsing (and dropping) a nested
    // `get_tree` answer recurses once per level.
    let reader = std::thread::Builder::new()
        .stack_size(READER_STACK)
        .spawn(move || read_records(stdout, seed, start_case))
        .map_err(|e| format!("starting the reader thread: {e}"))?;
    let (mut report, by_id, anonymous) = reader
        .join()
        .map_err(|_| "the reader thread panicked".to_string())?;
    let _ = writer.join();
    let deadline = Instant::now() + EXIT_LIMIT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let stderr = errors.join().unwrap_or_default();
    report.cases = lines.len() as u64;
    let panics = stderr.matches("panicked at").count() as u64;
    if panics > 0 {
        report.panics += panics;
        report.fail(
            cases.start,
            format!("tau panicked: {}", shorten(&stderr, 2000)),
            "",
        );
    }
    match status {
        Some(status) if status.success() => {}
        Some(status) => {
            report.violations += 1;
            report.fail(
                cases.start,
                format!("tau exited with {status}: {}", shorten(&stderr, 1000)),
                "",
            );
        }
        None => {
            report.violations += 1;
            report.fail(
                cases.start,
                format!("tau did not exit within {EXIT_LIMIT:?} of stdin closing"),
                "",
            );
        }
    }
    let mut expected_anonymous = 0u64;
    for line in &lines {
        match &line.expect {
            Some(Some(id)) => match by_id.get(id).copied().unwrap_or(0) {
                1 => {}
                count => {
                    report.violations += 1;
                    report.fail(
                        line.case,
                        format!("{count} responses instead of one"),
                        &String::from_utf8_lossy(&line.bytes),
                    );
                }
            },
            Some(None) => expected_anonymous += 1,
            None => {}
        }
    }
    if anonymous != expected_anonymous {
        report.violations += 1;
        report.fail(
            cases.start,
            format!("{anonymous} responses without our id, {expected_anonymous} expected"),
            "",
        );
    }
    Ok(report)
}

/// How much stack the record reader gets (reserved, touched only as deep as answers nest).
const READER_STACK: usize = 1 << 30;

/// Reads tau's stdout to its end: the counts so far, the responses per id of ours, and the
/// responses without one.
fn read_records(
    stdout: std::process::ChildStdout,
    seed: u64,
    start_case: u64,
) -> (Report, HashMap<String, u32>, u64) {
    let mut report = Report {
        target: "rpc".into(),
        seed,
        ..Report::default()
    };
    let mut by_id: HashMap<String, u32> = HashMap::new();
    let mut anonymous = 0u64;
    for record in BufReader::new(stdout).split(b'\n') {
        let Ok(record) = record else { break };
        let mut parser = serde_json::Deserializer::from_slice(&record);
        parser.disable_recursion_limit();
        let value = match Value::deserialize(&mut parser) {
            Ok(value) => value,
            Err(error) => {
                report.violations += 1;
                report.fail(
                    start_case,
                    format!("stdout line is not JSON: {error}"),
                    &String::from_utf8_lossy(&record),
                );
                continue;
            }
        };
        if value["type"] != "response" {
            continue;
        }
        match value["success"].as_bool() {
            Some(true) => report.values += 1,
            Some(false) => {
                report.errors += 1;
                let error = value["error"].as_str().unwrap_or_default();
                if error.trim().is_empty() {
                    report.violations += 1;
                    report.fail(
                        start_case,
                        "a failed response without an error message",
                        &value.to_string(),
                    );
                }
            }
            None => {
                report.violations += 1;
                report.fail(
                    start_case,
                    "a response without a boolean success",
                    &value.to_string(),
                );
            }
        }
        match value["id"].as_str().filter(|id| id.starts_with("fz-")) {
            Some(id) => *by_id.entry(id.to_string()).or_default() += 1,
            None => anonymous += 1,
        }
    }
    (report, by_id, anonymous)
}
