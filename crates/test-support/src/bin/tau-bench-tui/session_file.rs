//! A Pi JSONL v3 session file with a given number of messages, for loading into the TUI.
//!
//! One linear branch: the header, `model_change` and `thinking_level_change` for the mock
//! model, then cycles of user → assistant (text and a bash call) → tool result → assistant
//! answer, each message a few hundred characters of prose on several lines.

use std::io::{BufWriter, Write};
use std::path::Path;

use serde_json::{json, Value};

/// Characters of prose per message.
const MESSAGE_CHARS: usize = 300;
/// Line length of the prose, like real answers and tool output.
const LINE_CHARS: usize = 80;
/// The end of the last message, to recognise the loaded session on screen.
pub const LAST_WORDS: &str = "\nend of the generated session";
/// 2026-09-21, so the timestamps look like real ones.
const START_MS: u64 = 1_790_000_000_000;

const WORDS: &[&str] = &[
    "the", "function", "returns", "a", "value", "after", "reading", "config", "file", "module",
    "session", "entry", "parser", "token", "stream", "buffer", "index", "error", "handler",
    "request", "response", "cache", "layer", "test", "fixture", "branch", "commit", "output",
];

/// Writes the session to `path`; returns the number of lines written.
pub fn write_session(
    path: &Path,
    cwd: &Path,
    messages: usize,
    model: &str,
) -> std::io::Result<usize> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let mut writer = EntryWriter {
        count: 0,
        parent: None,
        words: 0,
    };
    let header = json!({
        "type": "session", "version": 3, "id": "01a20000-0000-7000-8000-0000000000b1",
        "timestamp": iso(START_MS), "cwd": cwd.display().to_string(),
    });
    writeln!(out, "{header}")?;
    writer.entry(
        &mut out,
        "model_change",
        json!({"provider": "mock", "modelId": model}),
    )?;
    writer.entry(
        &mut out,
        "thinking_level_change",
        json!({"thinkingLevel": "off"}),
    )?;
    let usage = json!({
        "input": 1200, "output": 300, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 1500,
        "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0},
    });
    for index in 0..messages {
        let ms = START_MS + 1000 * index as u64;
        let mut text = writer.prose();
        if index + 1 == messages {
            text.push_str(LAST_WORDS);
        }
        let message = match index % 4 {
            0 => {
                json!({"role": "user", "content": [{"type": "text", "text": text}], "timestamp": ms})
            }
            1 => json!({
                "role": "assistant",
                "content": [
                    {"type": "text", "text": text},
                    {"type": "toolCall", "id": format!("call_{index}"), "name": "bash",
                     "arguments": {"command": format!("cat src/module_{index}.rs")}},
                ],
                "api": "openai-completions", "provider": "mock", "model": model,
                "usage": usage, "stopReason": "toolUse", "timestamp": ms,
            }),
            2 => json!({
                "role": "toolResult", "toolCallId": format!("call_{}", index - 1),
                "toolName": "bash", "content": [{"type": "text", "text": text}],
                "isError": false, "timestamp": ms,
            }),
            _ => json!({
                "role": "assistant", "content": [{"type": "text", "text": text}],
                "api": "openai-completions", "provider": "mock", "model": model,
                "usage": usage, "stopReason": "stop", "timestamp": ms,
            }),
        };
        writer.entry(&mut out, "message", json!({"message": message}))?;
    }
    out.flush()?;
    Ok(writer.count + 1)
}

struct EntryWriter {
    count: usize,
    parent: Option<String>,
    words: usize,
}

impl EntryWriter {
    fn entry(&mut self, out: &mut impl Write, kind: &str, fields: Value) -> std::io::Result<()> {
        // 8 hex digits like Pi's ids; an odd multiplier keeps them distinct.
        let id = format!(
            "{:08x}",
            (self.count as u64 + 1).wrapping_mul(2_654_435_761) % (1 << 32)
        );
        let mut record = json!({
            "type": kind, "id": id, "parentId": self.parent,
            "timestamp": iso(START_MS + 1000 * self.count as u64),
        });
        if let (Some(record), Value::Object(fields)) = (record.as_object_mut(), fields) {
            record.extend(fields);
        }
        writeln!(out, "{record}")?;
        self.parent = Some(id);
        self.count += 1;
        Ok(())
    }

    /// The next few hundred characters of prose, broken into lines.
    fn prose(&mut self) -> String {
        let mut text = String::new();
        let mut line = 0;
        while text.len() < MESSAGE_CHARS {
            let word = WORDS[self.words * 7 % WORDS.len()];
            self.words += 1;
            if line + word.len() > LINE_CHARS {
                text.push('\n');
                line = 0;
            } else if line > 0 {
                text.push(' ');
                line += 1;
            }
            text.push_str(word);
            line += word.len();
        }
        text
    }
}

/// `ms` since the epoch as an ISO 8601 UTC timestamp with milliseconds.
fn iso(ms: u64) -> String {
    let seconds = ms / 1000;
    let (days, day_seconds) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        day_seconds / 3600,
        day_seconds / 60 % 60,
        day_seconds % 60,
        ms % 1000
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_iso_utc() {
        assert_eq!(iso(1_790_000_000_123), "2026-09-21T14:13:20.123Z");
        assert_eq!(iso(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn the_session_is_one_linear_branch_of_the_asked_messages() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.jsonl");
        let lines = write_session(&path, dir.path(), 10, "mock-model").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let entries: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(entries.len(), lines);
        assert_eq!(entries.len(), 1 + 2 + 10);
        assert_eq!(entries[0]["type"], "session");
        assert_eq!(entries[0]["version"], 3);
        let mut parent = Value::Null;
        for entry in &entries[1..] {
            assert_eq!(entry["parentId"], parent);
            parent = entry["id"].clone();
        }
        let roles: Vec<&str> = entries[3..]
            .iter()
            .map(|entry| entry["message"]["role"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(roles[..4], ["user", "assistant", "toolResult", "assistant"]);
        let last = &entries[entries.len() - 1]["message"]["content"][0]["text"];
        assert!(last.as_str().unwrap_or_default().ends_with(LAST_WORDS));
    }
}
