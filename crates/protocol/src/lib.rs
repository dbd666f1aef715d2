//! Wire and on-disk types of tau, shaped exactly as Pi 1.6.0 serialises them.
//!
//! serde only: no I/O, no async and no other tau crate. Field names are camelCase and
//! `type`/`role` tags are Pi's, set once on each type.

pub mod bridge;
pub mod events;
pub mod js_number;
pub mod messages;
pub mod model;
pub mod partial;
pub mod session;
pub mod tools;

pub use events::{AgentEvent, AssistantMessageEvent};
pub use messages::{
    AgentMessage, AssistantMessage, ContentBlock, Cost, StopReason, ToolCall, ToolResultMessage,
    Usage, UserContent, UserMessage,
};
pub use model::{Model, ThinkingLevel};
pub use tools::{ToolDeclaration, ToolResult};

/// Milliseconds since the Unix epoch, the timestamp unit of Pi's messages.
pub fn now_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
