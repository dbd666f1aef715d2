//! Tool declarations sent to the model and tool results returned by tools (pi-agent-core's
//! `AgentToolResult`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::messages::{ContentBlock, Usage};

/// What the model is told about a tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolDeclaration {
    /// The name the model calls it by.
    pub name: String,
    /// What it does, for the model.
    pub description: String,
    /// JSON Schema of its arguments.
    pub parameters: Value,
    /// How strictly providers should constrain arguments to the schema (Pi's built-in
    /// read/bash/edit/write declare `{"type":"json_schema","strict":"prefer"}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constrained_sampling: Option<Value>,
}

/// The outcome of one tool execution, before it becomes a `toolResult` message.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult {
    /// What the model sees.
    pub content: Vec<ContentBlock>,
    /// Tool-specific structured data. Absent when the tool gave none (Pi then omits the
    /// key); error results Pi makes from a thrown error carry `{}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
    /// Machine-readable result for programmatic callers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<Value>,
    /// Nested model usage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Set when the tool reports a failure without throwing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_error: Option<bool>,
    /// Ask the loop to stop after this batch (only if every result of the batch asks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminate: Option<bool>,
}

impl ToolResult {
    /// A result with one text block and no details.
    pub fn text(text: impl Into<String>) -> Self {
        ToolResult {
            content: vec![ContentBlock::text(text)],
            ..ToolResult::default()
        }
    }

    /// The result Pi makes from a thrown error: the message as text, details `{}`.
    pub fn error(message: impl Into<String>) -> Self {
        ToolResult {
            details: Some(Value::Object(Default::default())),
            ..Self::text(message)
        }
    }
}
