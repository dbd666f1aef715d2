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
}

/// The outcome of one tool execution, before it becomes a `toolResult` message.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolResult {
    /// What the model sees.
    pub content: Vec<ContentBlock>,
    /// Tool-specific structured data (Pi always writes the key; `{}` when there is nothing).
    #[serde(default)]
    pub details: Value,
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
    /// A result with one text block and empty details.
    pub fn text(text: impl Into<String>) -> Self {
        ToolResult {
            content: vec![ContentBlock::text(text)],
            details: Value::Object(Default::default()),
            ..ToolResult::default()
        }
    }

    /// The result Pi makes from a thrown error: the message as text, details `{}`.
    pub fn error(message: impl Into<String>) -> Self {
        Self::text(message)
    }
}
