//! pi-ai's `SystemMessage`: the prompt and tool declarations at one point of the transcript.
//!
//! [`AgentMessage`] keeps `role: "system"` messages verbatim in `Other`; this type reads one
//! when a caller needs its parts. The leading system message declares the prompt; later ones
//! add `content`, patch `sections` by name (`null` removes one) and list `toolsAdded` /
//! `toolsRemoved`. Replaying them in order yields the current prompt and tools.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::messages::{AgentMessage, ContentBlock, UserContent};
use crate::tools::ToolDeclaration;

/// `{"role":"system",...}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "role", rename = "system", rename_all = "camelCase")]
pub struct SystemMessage {
    /// Instruction text: the base prompt on the leading message, additions later.
    pub content: UserContent,
    /// Named prompt sections in order; a `null` value removes a section.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sections: Option<Map<String, Value>>,
    /// Unix milliseconds.
    pub timestamp: u64,
    /// Complete declarations of tools that become available here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools_added: Option<Vec<ToolDeclaration>>,
    /// Tools that stop being available here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools_removed: Option<Vec<ToolReference>>,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// `{"name": ...}` in `toolsRemoved`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolReference {
    /// Tool name.
    pub name: String,
    /// Fields tau does not model, kept for round trips.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Pi replaces a missing or `null` system content with `""` (sessionEntryToContextMessages).
fn content_or_empty<'de, D: Deserializer<'de>>(deserializer: D) -> Result<UserContent, D::Error> {
    Ok(Option::<UserContent>::deserialize(deserializer)?
        .unwrap_or(UserContent::Text(String::new())))
}

fn empty_content() -> UserContent {
    UserContent::Text(String::new())
}

impl<'de> Deserialize<'de> for SystemMessage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Raw {
            #[serde(default = "empty_content", deserialize_with = "content_or_empty")]
            content: UserContent,
            #[serde(default)]
            sections: Option<Map<String, Value>>,
            #[serde(default)]
            timestamp: u64,
            #[serde(default)]
            tools_added: Option<Vec<ToolDeclaration>>,
            #[serde(default)]
            tools_removed: Option<Vec<ToolReference>>,
            #[serde(flatten)]
            extra: Map<String, Value>,
        }
        let mut raw = Raw::deserialize(deserializer)?;
        match raw.extra.shift_remove("role") {
            Some(Value::String(role)) if role == "system" => {}
            _ => return Err(D::Error::custom("not a system message")),
        }
        Ok(SystemMessage {
            content: raw.content,
            sections: raw.sections,
            timestamp: raw.timestamp,
            tools_added: raw.tools_added,
            tools_removed: raw.tools_removed,
            extra: raw.extra,
        })
    }
}

impl SystemMessage {
    /// Reads a `role: "system"` message; `None` for any other role.
    pub fn from_agent_message(message: &AgentMessage) -> Option<Result<Self, serde_json::Error>> {
        if let AgentMessage::Other(map) = message {
            if message.role() == "system" {
                return Some(SystemMessage::deserialize(map));
            }
        }
        None
    }

    /// The message as an [`AgentMessage`] (kept in `Other`, as tau keeps system messages).
    pub fn to_agent_message(&self) -> Result<AgentMessage, serde_json::Error> {
        match serde_json::to_value(self)? {
            Value::Object(map) => Ok(AgentMessage::Other(map)),
            other => Err(serde_json::Error::custom(format!(
                "system message serialised to {other}"
            ))),
        }
    }

    /// The text of `content`, text blocks joined by newlines (pi-ai's `contentText`).
    pub fn content_text(&self) -> String {
        match &self.content {
            UserContent::Text(text) => text.clone(),
            UserContent::Blocks(blocks) => blocks
                .iter()
                .filter_map(ContentBlock::as_text)
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}
