//! Scripted replies, described once for every API.
//!
//! A script is a list of [`MockReply`]s, played one per model request in order. The JSON
//! form (for `tau-mock-llm` and fixture files) is `{"replies": [...]}` or a bare array; the
//! key `responses` is accepted too, and so are the field names of the oracle's
//! `fake-openai.mjs` scripts, so those run unchanged:
//!
//! ```json
//! {"replies": [
//!   {"thinking": "Let me look.", "text": "Reading it.", "toolCalls": [
//!       {"id": "call_1", "name": "read", "arguments": {"path": "notes.txt"}}]},
//!   {"text": "Done.", "usage": {"input": 120, "output": 8, "cacheRead": 40}},
//!   {"status": 500, "body": {"error": {"message": "internal boom", "type": "server_error"}}},
//!   {"text": "Slow and cut.", "delayMs": 30, "dropAfter": 3},
//!   {"chunks": [{"id": "c1", "choices": []}, "not json"], "done": false}
//! ]}
//! ```

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// Default characters per streamed text piece: small, so every answer is many events.
pub const DEFAULT_CHUNK_CHARS: usize = 8;

/// One model response in dialect-neutral terms.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MockTurn {
    /// Reasoning streamed before the text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<String>,
    /// Answer text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Tool calls, streamed after the text, arguments in pieces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<MockToolCall>,
    /// Token usage. Absent: 100 input, 20 output. `null`: no usage is sent at all.
    #[serde(
        default,
        deserialize_with = "explicit_null",
        skip_serializing_if = "Option::is_none"
    )]
    pub usage: Option<Option<MockUsage>>,
    /// Why the response ended: `stop`, `length`, `toolUse`, `contentFilter`, `none` (no
    /// finish at all), or a raw value the dialect sends as is. Absent: `toolUse` with tool
    /// calls, else `stop`.
    #[serde(
        default,
        alias = "finish_reason",
        skip_serializing_if = "Option::is_none"
    )]
    pub finish: Option<String>,
    /// Characters per text, thinking and argument piece (default 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chunk_chars: Option<usize>,
    /// Split text and thinking into this many pieces instead (fake-openai's `pieces`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<usize>,
    /// Pause between two SSE events, in milliseconds.
    #[serde(default)]
    pub delay_ms: u64,
    /// Drop the connection (no terminating chunk) after this many SSE events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop_after: Option<usize>,
    /// Replace the data of the SSE event at this index (0-based) with broken JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub malformed_at: Option<usize>,
    /// After the content, report this error inside the stream and end it there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream_error: Option<String>,
    /// Send the dialect's end-of-stream marker (`data: [DONE]`). Default true.
    #[serde(default = "yes")]
    pub done: bool,
    /// Signature of the thinking, where the dialect signs it (Anthropic); default
    /// `sig-<request number>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking_signature: Option<String>,
    /// Opaque data of a redacted thinking block sent before the thinking (Anthropic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redacted_thinking: Option<String>,
    /// The error type of `stream_error` where the dialect has one (Anthropic:
    /// `overloaded_error`, `api_error`…); default `api_error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream_error_type: Option<String>,
    /// Response id; default `chatcmpl-mock-<request number>` (or the dialect's form).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

impl MockTurn {
    /// A turn answering `text`.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            text: Some(text.into()),
            done: true,
            ..Self::default()
        }
    }

    /// A turn calling tools, with no text.
    pub fn tool_calls(calls: impl IntoIterator<Item = MockToolCall>) -> Self {
        Self {
            tool_calls: calls.into_iter().collect(),
            done: true,
            ..Self::default()
        }
    }

    /// Adds reasoning.
    pub fn with_thinking(mut self, thinking: impl Into<String>) -> Self {
        self.thinking = Some(thinking.into());
        self
    }

    /// Sets the usage (`None`: send no usage).
    pub fn with_usage(mut self, usage: Option<MockUsage>) -> Self {
        self.usage = Some(usage);
        self
    }

    /// Sets the finish (see the field).
    pub fn with_finish(mut self, finish: impl Into<String>) -> Self {
        self.finish = Some(finish.into());
        self
    }

    /// Pauses `ms` between events.
    pub fn with_delay_ms(mut self, ms: u64) -> Self {
        self.delay_ms = ms;
        self
    }

    /// Drops the connection after `events` events.
    pub fn dropping_after(mut self, events: usize) -> Self {
        self.drop_after = Some(events);
        self
    }

    /// Corrupts the event at `index`.
    pub fn malformed_at(mut self, index: usize) -> Self {
        self.malformed_at = Some(index);
        self
    }

    /// The usage to send: the given one, the default, or none.
    pub fn effective_usage(&self) -> Option<MockUsage> {
        match &self.usage {
            None => Some(MockUsage::default_turn()),
            Some(usage) => usage.clone(),
        }
    }

    /// The finish in neutral terms: `None` when the response must end without one.
    pub fn effective_finish(&self) -> Option<String> {
        match self.finish.as_deref() {
            None if self.tool_calls.is_empty() => Some("stop".to_owned()),
            None => Some("toolUse".to_owned()),
            Some("none") => None,
            Some(other) => Some(other.to_owned()),
        }
    }

    /// Splits `text` into the turn's pieces, on character boundaries.
    pub fn pieces_of(&self, text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return Vec::new();
        }
        let size = match self.pieces {
            Some(pieces) => chars.len().div_ceil(pieces.clamp(1, chars.len())),
            None => self.chunk_chars.unwrap_or(DEFAULT_CHUNK_CHARS).max(1),
        };
        chars
            .chunks(size)
            .map(|piece| piece.iter().collect())
            .collect()
    }
}

fn yes() -> bool {
    true
}

/// `null` → `Some(None)`, absent → `None` (with `#[serde(default)]`).
fn explicit_null<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<MockUsage>>, D::Error> {
    Option::<MockUsage>::deserialize(deserializer).map(Some)
}

/// A tool call of a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MockToolCall {
    /// Call id; default `call_<request>_<index>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Tool name.
    pub name: String,
    /// Arguments: a JSON object (sent compactly) or a string sent verbatim, which may be
    /// invalid JSON on purpose.
    pub arguments: Value,
    /// Split the argument text into this many pieces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<usize>,
}

impl MockToolCall {
    /// A call of `name` with `arguments` (an object, or a raw string).
    pub fn new(id: impl Into<String>, name: impl Into<String>, arguments: Value) -> Self {
        Self {
            id: Some(id.into()),
            name: name.into(),
            arguments,
            pieces: None,
        }
    }

    /// The argument text as streamed.
    pub fn arguments_text(&self) -> String {
        match &self.arguments {
            Value::String(raw) => raw.clone(),
            other => other.to_string(),
        }
    }
}

/// Token usage in neutral terms; each dialect maps it to its own fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MockUsage {
    /// Uncached input tokens (`prompt_tokens` of fake-openai scripts).
    #[serde(default, alias = "prompt_tokens")]
    pub input: u64,
    /// Output tokens, reasoning included.
    #[serde(default, alias = "completion_tokens")]
    pub output: u64,
    /// Input tokens read from the cache.
    #[serde(default)]
    pub cache_read: u64,
    /// Input tokens written to the cache.
    #[serde(default)]
    pub cache_write: u64,
    /// Reasoning tokens (part of `output`).
    #[serde(default)]
    pub reasoning: u64,
    /// Ignored (fake-openai scripts carry it).
    #[serde(default, skip_serializing, alias = "total_tokens")]
    pub total: Option<u64>,
    /// Ignored (fake-openai scripts carry it).
    #[serde(default, skip_serializing, alias = "prompt_tokens_details")]
    pub details: Option<Value>,
}

impl MockUsage {
    /// The default of a turn: 100 input, 20 output (as fake-openai).
    pub fn default_turn() -> Self {
        Self {
            input: 100,
            output: 20,
            ..Self::default()
        }
    }
}

/// One scripted answer to a model request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MockReply {
    /// An HTTP error: no stream, just `status` and `body`.
    Error {
        /// Status code.
        status: u16,
        /// A JSON body, or a string sent as `text/plain`.
        #[serde(default)]
        body: Value,
        /// Extra response headers.
        #[serde(
            default,
            skip_serializing_if = "Vec::is_empty",
            deserialize_with = "header_list"
        )]
        headers: Vec<(String, String)>,
    },
    /// SSE data sent verbatim: objects as JSON, strings as they are.
    Raw {
        /// The `data:` payloads, one event each.
        chunks: Vec<Value>,
        /// Send the dialect's end marker after them. Default true.
        #[serde(default = "yes")]
        done: bool,
        /// Pause between events, in milliseconds.
        #[serde(default, rename = "delayMs")]
        delay_ms: u64,
    },
    /// A streamed response.
    Turn(Box<MockTurn>),
}

impl From<MockTurn> for MockReply {
    fn from(turn: MockTurn) -> Self {
        MockReply::Turn(Box::new(turn))
    }
}

impl MockReply {
    /// An HTTP error with a JSON body.
    pub fn json_error(status: u16, body: Value) -> Self {
        MockReply::Error {
            status,
            body,
            headers: Vec::new(),
        }
    }

    /// An HTTP error with a text body.
    pub fn text_error(status: u16, body: impl Into<String>) -> Self {
        MockReply::Error {
            status,
            body: Value::String(body.into()),
            headers: Vec::new(),
        }
    }
}

/// Headers as an object (`{"retry-after": "1"}`) or a list of pairs.
fn header_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<(String, String)>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Headers {
        Map(serde_json::Map<String, Value>),
        List(Vec<(String, String)>),
    }
    Ok(match Headers::deserialize(deserializer)? {
        Headers::Map(map) => map
            .into_iter()
            .map(|(name, value)| {
                let value = value
                    .as_str()
                    .map_or_else(|| value.to_string(), str::to_owned);
                (name, value)
            })
            .collect(),
        Headers::List(list) => list,
    })
}

/// A script: the replies in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Script {
    /// Replies, one per request.
    pub replies: Vec<MockReply>,
}

/// Why a script file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("cannot read script {path}: {error}")]
    Read {
        /// The path.
        path: String,
        /// The I/O error.
        error: std::io::Error,
    },
    /// The JSON is not a script.
    #[error(
        "invalid script {origin}: {error}; expected {{\"replies\": [...]}} or an array of replies"
    )]
    Parse {
        /// Path or name.
        origin: String,
        /// The parse error.
        error: serde_json::Error,
    },
}

impl Script {
    /// Parses script JSON; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ScriptError> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum File {
            List(Vec<MockReply>),
            Object {
                #[serde(alias = "responses")]
                replies: Vec<MockReply>,
            },
        }
        let parse_error = |error| ScriptError::Parse {
            origin: origin.to_owned(),
            error,
        };
        // Untagged enums hide the real error, so parse the replies one by one for it.
        let value: Value = serde_json::from_str(text).map_err(parse_error)?;
        let items = match &value {
            Value::Array(items) => items.clone(),
            Value::Object(map) => match map.get("replies").or_else(|| map.get("responses")) {
                Some(Value::Array(items)) => items.clone(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        for item in &items {
            if item.get("status").is_none() && item.get("chunks").is_none() {
                serde_json::from_value::<MockTurn>(item.clone()).map_err(parse_error)?;
            }
        }
        let file: File = serde_json::from_value(value).map_err(parse_error)?;
        Ok(Self {
            replies: match file {
                File::List(replies) | File::Object { replies } => replies,
            },
        })
    }

    /// Loads a script file.
    pub fn load(path: &Path) -> Result<Self, ScriptError> {
        let text = std::fs::read_to_string(path).map_err(|error| ScriptError::Read {
            path: path.display().to_string(),
            error,
        })?;
        Self::parse(&text, &path.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn parses_both_formats_and_fake_openai_scripts() {
        let fake = r#"{"responses":[
          {"text":"Let me read the file.","pieces":2,"toolCalls":[{"id":"call_read_1","name":"read","arguments":"{\"path\":\"notes.txt\"}","pieces":3}]},
          {"status":503,"body":"upstream unavailable, try later"},
          {"chunks":[{"id":"c1"}],"done":false},
          {"text":"cut","finish_reason":"length","usage":null}
        ]}"#;
        let script = Script::parse(fake, "fake").unwrap();
        assert_eq!(script.replies.len(), 4);
        let MockReply::Turn(first) = &script.replies[0] else {
            panic!("{:?}", script.replies[0])
        };
        assert_eq!(
            first.pieces_of("Let me read the file."),
            ["Let me read", " the file."]
        );
        assert_eq!(
            first.tool_calls[0].arguments_text(),
            r#"{"path":"notes.txt"}"#
        );
        assert!(matches!(
            &script.replies[1],
            MockReply::Error {
                status: 503,
                body: Value::String(_),
                ..
            }
        ));
        assert!(matches!(
            &script.replies[2],
            MockReply::Raw { done: false, .. }
        ));
        let MockReply::Turn(last) = &script.replies[3] else {
            panic!()
        };
        assert_eq!(last.effective_usage(), None);
        assert_eq!(last.effective_finish().as_deref(), Some("length"));

        let list = Script::parse(r#"[{"text":"hi"}]"#, "list").unwrap();
        let MockReply::Turn(turn) = &list.replies[0] else {
            panic!()
        };
        assert_eq!(turn.effective_usage(), Some(MockUsage::default_turn()));
        assert!(turn.done);
    }

    #[test]
    fn typos_are_reported() {
        let error = Script::parse(r#"[{"txt":"hi"}]"#, "bad.json")
            .unwrap_err()
            .to_string();
        assert!(error.contains("unknown field `txt`"), "{error}");
        assert!(error.starts_with("invalid script bad.json"), "{error}");
    }

    #[test]
    fn pieces_respect_characters() {
        let turn = MockTurn::text("");
        assert_eq!(
            turn.pieces_of("ünïcødé ✓ crab 🦀!"),
            ["ünïcødé ", "✓ crab 🦀", "!"]
        );
        assert!(turn.pieces_of("").is_empty());
    }
}
