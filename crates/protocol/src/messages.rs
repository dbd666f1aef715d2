//! Pi's message model (docs/message-types.md): content blocks, usage and the `AgentMessage`
//! union, serialised to exactly Pi's JSON shapes.
//!
//! Every message struct keeps fields it does not know in `extra`, so a message written by a
//! newer Pi survives a round trip through tau unchanged.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// One block of message content. Which kinds may appear depends on the role: user and tool
/// results carry text and images, assistants text, thinking and tool calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ContentBlock {
    /// Plain text.
    Text {
        /// The text itself.
        text: String,
        /// Opaque provider metadata.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text_signature: Option<String>,
    },
    /// A base64-encoded image.
    Image {
        /// Base64 data.
        data: String,
        /// Media type such as `image/png`.
        mime_type: String,
    },
    /// Model reasoning.
    Thinking {
        /// The visible reasoning text.
        thinking: String,
        /// Opaque provider replay data.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        thinking_signature: Option<String>,
        /// True when the provider withheld the text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        redacted: Option<bool>,
    },
    /// A call the model asks a tool to make.
    ToolCall(ToolCall),
}

impl ContentBlock {
    /// A text block without a signature.
    pub fn text(text: impl Into<String>) -> Self {
        ContentBlock::Text {
            text: text.into(),
            text_signature: None,
        }
    }

    /// The text of a text block, `None` for other kinds.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            ContentBlock::Text { text, .. } => Some(text),
            ContentBlock::Image { .. }
            | ContentBlock::Thinking { .. }
            | ContentBlock::ToolCall(_) => None,
        }
    }
}

/// A tool call block (`{"type":"toolCall",...}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolCall {
    /// Provider-assigned id that the tool result echoes.
    pub id: String,
    /// Name of the tool to call.
    pub name: String,
    /// Parsed JSON arguments.
    pub arguments: Value,
    /// Opaque provider data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thought_signature: Option<String>,
    /// OpenAI Responses namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// Cost of a response in dollars, split as Pi splits it. Whole numbers are written as
/// JavaScript writes them (`0`, not `0.0`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cost {
    /// Input tokens' cost.
    #[serde(serialize_with = "crate::js_number::serialize")]
    pub input: f64,
    /// Output tokens' cost.
    #[serde(serialize_with = "crate::js_number::serialize")]
    pub output: f64,
    /// Cache reads' cost.
    #[serde(serialize_with = "crate::js_number::serialize")]
    pub cache_read: f64,
    /// Cache writes' cost.
    #[serde(serialize_with = "crate::js_number::serialize")]
    pub cache_write: f64,
    /// Sum of the above.
    #[serde(serialize_with = "crate::js_number::serialize")]
    pub total: f64,
    /// True when the provider reported the total itself rather than tau computing it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_from_provider: Option<bool>,
}

/// Token usage of one response.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    /// Uncached input tokens.
    pub input: u64,
    /// Output tokens, reasoning included.
    pub output: u64,
    /// Tokens read from the prompt cache.
    pub cache_read: u64,
    /// Tokens written to the prompt cache.
    pub cache_write: u64,
    /// The part of `cache_write` written with one-hour retention.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        rename = "cacheWrite1h"
    )]
    pub cache_write_1h: Option<u64>,
    /// Reasoning tokens, already counted in `output`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<u64>,
    /// input + output + cache reads and writes.
    pub total_tokens: u64,
    /// Dollar cost.
    pub cost: Cost,
}

/// Why an assistant message ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StopReason {
    /// Still streaming; never persisted.
    #[default]
    Pending,
    /// The model finished.
    Stop,
    /// The output token limit was hit.
    Length,
    /// The model wants tools run.
    ToolUse,
    /// The request failed; see `errorMessage`.
    Error,
    /// The user or a hook aborted the request.
    Aborted,
    /// The provider will answer later.
    Deferred,
}

/// User or custom message content: a bare string or a list of blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum UserContent {
    /// A plain string.
    Text(String),
    /// Text and image blocks.
    Blocks(Vec<ContentBlock>),
}

impl UserContent {
    /// Content an extension passed (`sendUserMessage`, a custom message's `content`): a
    /// string or content blocks; missing or `null` is empty, as Pi normalises it.
    pub fn from_extension(value: Option<&Value>) -> Result<UserContent, String> {
        match value {
            None | Some(Value::Null) => Ok(UserContent::Blocks(Vec::new())),
            Some(content) => serde_json::from_value(content.clone())
                .map_err(|error| format!("message content is not text or content blocks: {error}")),
        }
    }

    /// All text of the content joined by newlines, images left out.
    pub fn joined_text(&self) -> String {
        match self {
            UserContent::Text(text) => text.clone(),
            UserContent::Blocks(blocks) => blocks
                .iter()
                .filter_map(ContentBlock::as_text)
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }

    /// The content as blocks.
    pub fn into_blocks(self) -> Vec<ContentBlock> {
        match self {
            UserContent::Text(text) => vec![ContentBlock::text(text)],
            UserContent::Blocks(blocks) => blocks,
        }
    }
}

/// `{"role":"user",...}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserMessage {
    /// What the user said.
    pub content: UserContent,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl UserMessage {
    /// A user message with text content, stamped now.
    pub fn text(text: impl Into<String>) -> Self {
        UserMessage {
            content: UserContent::Text(text.into()),
            timestamp: crate::now_millis(),
            extra: Map::new(),
        }
    }
}

/// `{"role":"assistant",...}`. Fields are declared in the order Pi writes them, so a message
/// tau writes matches Pi's bytes, not just its values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssistantMessage {
    /// Text, thinking and tool-call blocks in stream order.
    pub content: Vec<ContentBlock>,
    /// Wire protocol used, e.g. `openai-completions`.
    pub api: String,
    /// Provider id.
    pub provider: String,
    /// Requested model id.
    pub model: String,
    /// Model the provider reported, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_model: Option<String>,
    /// Token usage.
    pub usage: Usage,
    /// Why it ended.
    pub stop_reason: StopReason,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// Provider response id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_id: Option<String>,
    /// Fields tau does not model (e.g. `rawStopReason`), kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
    /// What went wrong, for `error` and `aborted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    /// How long the request took, from sending it to the final event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// Thinking level requested for this response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking_level: Option<String>,
}

impl AssistantMessage {
    /// The tool calls in content order.
    pub fn tool_calls(&self) -> impl Iterator<Item = &ToolCall> {
        self.content.iter().filter_map(|block| match block {
            ContentBlock::ToolCall(call) => Some(call),
            ContentBlock::Text { .. }
            | ContentBlock::Image { .. }
            | ContentBlock::Thinking { .. } => None,
        })
    }

    /// All text blocks joined, as print mode shows the final answer.
    pub fn text(&self) -> String {
        self.content
            .iter()
            .filter_map(ContentBlock::as_text)
            .collect::<Vec<_>>()
            .join("")
    }
}

/// `{"role":"toolResult",...}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolResultMessage {
    /// Id of the tool call answered.
    pub tool_call_id: String,
    /// Name of the tool that ran.
    pub tool_name: String,
    /// What the model sees.
    pub content: Vec<ContentBlock>,
    /// Tool-specific data for renderers and extensions; never sent to the model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// Nested model work the tool did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// True when the call failed.
    pub is_error: bool,
    /// How long `execute` took; absent when the tool did not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `{"role":"custom",...}`: context an extension injected.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomMessage {
    /// The extension's type tag.
    pub custom_type: String,
    /// Content sent to the model as a user message.
    pub content: UserContent,
    /// Whether a terminal UI shows it.
    pub display: bool,
    /// Extension data, never sent to the model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl CustomMessage {
    /// The message an extension describes as `{customType, content, display, details}` (Pi's
    /// `sendMessage`, `before_agent_start` messages, boundary drafts), stamped now. A missing
    /// or `null` content is empty, as Pi normalises it.
    pub fn from_extension(value: &Value) -> Result<CustomMessage, String> {
        let content = UserContent::from_extension(value.get("content"))?;
        Ok(CustomMessage {
            custom_type: value
                .get("customType")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            content,
            display: value
                .get("display")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            details: value.get("details").filter(|d| !d.is_null()).cloned(),
            timestamp: crate::now_millis(),
            extra: Map::new(),
        })
    }
}

/// `{"role":"bashExecution",...}`: a command the user ran directly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BashExecutionMessage {
    /// The command line.
    pub command: String,
    /// Its (possibly truncated) output.
    pub output: String,
    /// Exit code, absent when killed.
    pub exit_code: Option<i32>,
    /// True when cancelled.
    pub cancelled: bool,
    /// True when `output` was truncated.
    pub truncated: bool,
    /// Where the full output was saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_output_path: Option<String>,
    /// True to keep it out of model context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclude_from_context: Option<bool>,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A summary standing in for an abandoned branch or for compacted history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryMessage {
    /// The summary text.
    pub summary: String,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// `fromId` of a branch summary, `tokensBefore` of a compaction summary, and anything else.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Pi's `AgentMessage` union, tagged by `role`.
///
/// Roles tau does not know (Pi lets applications add their own) are kept whole in `Other`.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentMessage {
    /// `role: "user"`.
    User(UserMessage),
    /// `role: "assistant"`.
    Assistant(AssistantMessage),
    /// `role: "toolResult"`.
    ToolResult(ToolResultMessage),
    /// `role: "custom"`.
    Custom(CustomMessage),
    /// `role: "bashExecution"`.
    BashExecution(BashExecutionMessage),
    /// `role: "branchSummary"`.
    BranchSummary(SummaryMessage),
    /// `role: "compactionSummary"`.
    CompactionSummary(SummaryMessage),
    /// `role: "system"` and any role tau does not model, kept verbatim.
    Other(Map<String, Value>),
}

impl AgentMessage {
    /// The `role` tag as Pi writes it.
    pub fn role(&self) -> &str {
        match self {
            AgentMessage::User(_) => "user",
            AgentMessage::Assistant(_) => "assistant",
            AgentMessage::ToolResult(_) => "toolResult",
            AgentMessage::Custom(_) => "custom",
            AgentMessage::BashExecution(_) => "bashExecution",
            AgentMessage::BranchSummary(_) => "branchSummary",
            AgentMessage::CompactionSummary(_) => "compactionSummary",
            AgentMessage::Other(map) => map.get("role").and_then(Value::as_str).unwrap_or(""),
        }
    }
}

fn tagged<T: Serialize>(role: &str, body: &T) -> Result<Value, serde_json::Error> {
    let mut map = Map::new();
    map.insert("role".into(), Value::String(role.into()));
    match serde_json::to_value(body)? {
        Value::Object(fields) => map.extend(fields),
        other => {
            return Err(serde::ser::Error::custom(format!(
                "message body must be an object, got {other}"
            )))
        }
    }
    Ok(Value::Object(map))
}

impl Serialize for AgentMessage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = match self {
            AgentMessage::User(m) => tagged("user", m),
            AgentMessage::Assistant(m) => tagged("assistant", m),
            AgentMessage::ToolResult(m) => tagged("toolResult", m),
            AgentMessage::Custom(m) => tagged("custom", m),
            AgentMessage::BashExecution(m) => tagged("bashExecution", m),
            AgentMessage::BranchSummary(m) => tagged("branchSummary", m),
            AgentMessage::CompactionSummary(m) => tagged("compactionSummary", m),
            AgentMessage::Other(map) => return map.serialize(serializer),
        }
        .map_err(serde::ser::Error::custom)?;
        value.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AgentMessage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let mut map = Map::<String, Value>::deserialize(deserializer)?;
        let role = match map.get("role") {
            Some(Value::String(role)) => role.clone(),
            Some(other) => {
                return Err(D::Error::custom(format!(
                    "message role must be a string, got {other}"
                )))
            }
            None => return Err(D::Error::custom("message has no role")),
        };
        fn body<T: serde::de::DeserializeOwned, E: Error>(
            mut map: Map<String, Value>,
            role: &str,
        ) -> Result<T, E> {
            map.remove("role");
            serde_json::from_value(Value::Object(map))
                .map_err(|e| E::custom(format!("invalid {role} message: {e}")))
        }
        Ok(match role.as_str() {
            "user" => AgentMessage::User(body(map, &role)?),
            "assistant" => AgentMessage::Assistant(body(map, &role)?),
            "toolResult" => AgentMessage::ToolResult(body(map, &role)?),
            "custom" => AgentMessage::Custom(body(map, &role)?),
            "bashExecution" => AgentMessage::BashExecution(body(map, &role)?),
            "branchSummary" => AgentMessage::BranchSummary(body(map, &role)?),
            "compactionSummary" => AgentMessage::CompactionSummary(body(map, &role)?),
            _ => {
                map.insert("role".into(), Value::String(role));
                AgentMessage::Other(map)
            }
        })
    }
}

#[cfg(test)]
#[path = "messages_tests.rs"]
mod tests;
