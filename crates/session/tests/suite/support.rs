//! Shared helpers: fixtures, messages, and reading files back as JSON.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tau_protocol::messages::{AgentMessage, AssistantMessage, ContentBlock, UserMessage};

/// A file in `tests/fixtures`.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Copies a fixture into `dir` and returns the copy.
pub fn copy_fixture(dir: &Path, name: &str) -> PathBuf {
    let target = dir.join(name);
    std::fs::copy(fixture(name), &target).unwrap();
    target
}

/// A user message.
pub fn user(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage::text(text))
}

/// A finished assistant message from `fake/fake-model`.
pub fn assistant(text: &str) -> AgentMessage {
    AgentMessage::Assistant(AssistantMessage {
        content: vec![ContentBlock::text(text)],
        api: "openai-completions".into(),
        provider: "fake".into(),
        model: "fake-model".into(),
        stop_reason: tau_protocol::StopReason::Stop,
        timestamp: 1,
        ..AssistantMessage::default()
    })
}

/// Every line of a file parsed as JSON (panics on a malformed line).
pub fn json_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

/// The `type` of every line.
pub fn kinds(path: &Path) -> Vec<String> {
    json_lines(path)
        .iter()
        .map(|v| v["type"].as_str().unwrap_or("").to_string())
        .collect()
}

/// Numbers as JavaScript sees them (all doubles), so `0` and `0.0` compare equal.
pub fn js_numbers(value: Value) -> Value {
    match value {
        Value::Number(n) => n
            .as_f64()
            .and_then(serde_json::Number::from_f64)
            .map_or(Value::Null, Value::Number),
        Value::Array(items) => Value::Array(items.into_iter().map(js_numbers).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(k, v)| (k, js_numbers(v))).collect())
        }
        other => other,
    }
}
