//! json mode: the record sequence and shapes of Pi's docs/json.md, compared whole against
//! reviewed fixtures (timestamps, ids, durations and paths normalised).
//!
//! Set `TAU_UPDATE_FIXTURES=1` to rewrite the fixtures after a deliberate change, then review
//! the diff against docs/json.md and message-types.md.

use std::path::PathBuf;

use pretty_assertions::assert_eq;
use serde_json::{json, Value};

use crate::support::*;

fn normalise(value: &mut Value, paths: &[(&str, &str)]) {
    match value {
        Value::Object(map) => {
            for (key, field) in map.iter_mut() {
                match key.as_str() {
                    "timestamp" => *field = json!(0),
                    "durationMs" | "wall_time_seconds" => *field = json!(0),
                    "id" if field.as_str().is_some_and(|id| id.len() == 36) => {
                        *field = json!("<uuid>")
                    }
                    "fullOutputPath" => *field = json!("<path>"),
                    _ => normalise(field, paths),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| normalise(item, paths)),
        Value::String(text) => {
            for (path, placeholder) in paths {
                if text.contains(path) {
                    *text = text.replace(path, placeholder);
                }
            }
        }
        _ => {}
    }
}

fn check_fixture(name: &str, script: Value, args: &[&str], setup: impl Fn(&Workspace)) {
    let ws = Workspace::new();
    setup(&ws);
    let (mut records, output) = ws.run_json(&script, args);
    assert!(output.status.success(), "{}", stderr(&output));
    let cwd = ws.path().display().to_string();
    let agent = ws.agent_dir.path().display().to_string();
    let paths = [(cwd.as_str(), "<cwd>"), (agent.as_str(), "<agent>")];
    records.iter_mut().for_each(|r| normalise(r, &paths));
    // How many partial results a running command reports depends on timing (they are
    // throttled), in Pi as in tau; the fixture leaves them out.
    records.retain(|r| r["type"] != "tool_execution_update");
    let actual: String = records.iter().map(|r| format!("{r}\n")).collect();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/json")
        .join(format!("{name}.jsonl"));
    if std::env::var_os("TAU_UPDATE_FIXTURES").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, &actual).expect("write fixture");
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing fixture {}", path.display()));
    let expected: Vec<Value> = parse_jsonl(expected.as_bytes());
    assert_eq!(records, expected);
}

#[test]
fn plain_answer_matches_fixture() {
    check_fixture(
        "plain_answer",
        json!({"turns": [{"text": "Hello there"}]}),
        &["hi"],
        |_| {},
    );
}

#[test]
fn tool_run_matches_fixture() {
    let script = json!({"turns": [
        {"thinking": "Check the file.", "toolCalls": [{"name": "read", "arguments": {"path": "a.txt"}}]},
        {"toolCalls": [
            // The read of a missing file ends first (results are announced in completion order).
            {"name": "bash", "arguments": {"command": "sleep 0.3; echo hi"}},
            {"name": "read", "arguments": {"path": "missing.txt"}}
        ]},
        {"text": "Done."}
    ]});
    check_fixture("tool_run", script, &["look"], |ws| {
        ws.write("a.txt", "alpha\n");
    });
}

#[test]
fn records_are_lf_framed_and_start_with_the_session_header() {
    let ws = Workspace::new();
    let script = json!({"turns": [{"text": "line\u{2028}separator"}]});
    let (records, output) = ws.run_json(&script, &["x"]);
    assert!(!output.stdout.contains(&b'\r'));
    assert!(output.stdout.ends_with(b"\n"));
    assert_eq!(records[0]["type"], "session");
    assert_eq!(records[0]["version"], 3);
    let ends_with_text = records.iter().any(|r| {
        r["type"] == "message_end" && r["message"]["content"][0]["text"] == "line\u{2028}separator"
    });
    assert!(ends_with_text, "U+2028 survives inside a record");
    let kinds = types(&records);
    // Pi opens the transcript with a system message declaring the prompt and tools.
    assert_eq!(
        kinds[..8],
        [
            "session",
            "agent_start",
            "turn_start",
            "message_start",
            "message_end",
            "message_start",
            "message_end",
            "message_start"
        ]
    );
    assert_eq!(records[3]["message"]["role"], "system");
    assert_eq!(records[5]["message"]["role"], "user");
    assert_eq!(
        kinds[kinds.len() - 4..],
        ["message_end", "turn_end", "agent_end", "agent_settled"]
    );
    assert!(kinds[8..kinds.len() - 4]
        .iter()
        .all(|kind| kind == "message_update"));
}

#[test]
fn message_updates_carry_usage_and_no_partial() {
    let ws = Workspace::new();
    let (records, _) = ws.run_json(
        &json!({"turns": [{"text": "some streamed text here"}]}),
        &["x"],
    );
    let updates: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "message_update")
        .collect();
    assert!(!updates.is_empty());
    for update in updates {
        assert!(update.get("usage").is_some() && update.get("message").is_none());
        assert!(update["assistantMessageEvent"].get("partial").is_none());
    }
}
