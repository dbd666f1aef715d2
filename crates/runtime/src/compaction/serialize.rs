//! The compacted history as plain text for the summariser (the format Pi documents for
//! `serializeConversation`), so the model reads a transcript instead of continuing a
//! conversation:
//!
//! ```text
//! [User]: What they said
//! [Assistant]: Response text
//! [Assistant tool calls]: read(path="foo.ts"); edit(path="bar.ts", ...)
//! [Tool result]: Output from tool
//! ```
//!
//! Thinking is left out, and each tool result is cut to 2000 characters: they are the bulk of
//! most contexts and the summary does not need them whole.

use serde_json::Value;
use tau_protocol::{AgentMessage, ContentBlock, UserContent};

/// Longest tool result kept, in UTF-16 code units.
const TOOL_RESULT_MAX_CHARS: usize = 2000;

fn blocks_text(blocks: &[ContentBlock], separator: &str) -> String {
    blocks
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect::<Vec<_>>()
        .join(separator)
}

/// `text` cut to `max` UTF-16 units (never inside a surrogate pair) with a note of how much
/// was left out.
fn truncate(text: &str, max: usize) -> String {
    let total = text.encode_utf16().count();
    if total <= max {
        return text.to_string();
    }
    let mut units = 0;
    let mut end = 0;
    for (index, c) in text.char_indices() {
        let width = c.len_utf16();
        if units + width > max {
            break;
        }
        units += width;
        end = index + c.len_utf8();
    }
    format!(
        "{}\n\n[{} more characters not shown]",
        &text[..end],
        total - max
    )
}

fn call_text(name: &str, arguments: &Value) -> String {
    let args = arguments
        .as_object()
        .map(|object| {
            object
                .iter()
                .map(|(key, value)| format!("{key}={value}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default();
    format!("{name}({args})")
}

/// The transcript of `messages`, which must already be in model form (user, assistant and
/// tool-result messages, as `tau_agent::convert_to_llm` returns them).
pub fn serialize_conversation(messages: &[AgentMessage]) -> String {
    let mut parts = Vec::new();
    for message in messages {
        match message {
            AgentMessage::User(user) => {
                let text = match &user.content {
                    UserContent::Text(text) => text.clone(),
                    UserContent::Blocks(blocks) => blocks_text(blocks, ""),
                };
                if !text.is_empty() {
                    parts.push(format!("[User]: {text}"));
                }
            }
            AgentMessage::Assistant(assistant) => {
                let calls: Vec<String> = assistant
                    .tool_calls()
                    .map(|call| call_text(&call.name, &call.arguments))
                    .collect();
                if assistant.content.iter().any(|b| b.as_text().is_some()) {
                    parts.push(format!(
                        "[Assistant]: {}",
                        blocks_text(&assistant.content, "\n")
                    ));
                }
                if !calls.is_empty() {
                    parts.push(format!("[Assistant tool calls]: {}", calls.join("; ")));
                }
            }
            AgentMessage::ToolResult(result) => {
                let text = blocks_text(&result.content, "");
                if !text.is_empty() {
                    parts.push(format!(
                        "[Tool result]: {}",
                        truncate(&text, TOOL_RESULT_MAX_CHARS)
                    ));
                }
            }
            AgentMessage::Custom(_)
            | AgentMessage::BashExecution(_)
            | AgentMessage::BranchSummary(_)
            | AgentMessage::CompactionSummary(_)
            | AgentMessage::Other(_) => {}
        }
    }
    parts.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tau_protocol::{AssistantMessage, ToolCall, ToolResultMessage, UserMessage};

    #[test]
    fn a_transcript_labels_each_speaker_and_drops_thinking() {
        let assistant = AgentMessage::Assistant(AssistantMessage {
            content: vec![
                ContentBlock::Thinking {
                    thinking: "secret".into(),
                    thinking_signature: None,
                    redacted: None,
                },
                ContentBlock::text("Looking."),
                ContentBlock::ToolCall(ToolCall {
                    id: "c1".into(),
                    name: "read".into(),
                    arguments: json!({"path": "foo.ts", "limit": 5}),
                    thought_signature: None,
                    namespace: None,
                }),
            ],
            ..Default::default()
        });
        let result = AgentMessage::ToolResult(ToolResultMessage {
            tool_call_id: "c1".into(),
            tool_name: "read".into(),
            content: vec![ContentBlock::text("x".repeat(2005))],
            details: None,
            usage: None,
            is_error: false,
            duration_ms: None,
            timestamp: 1,
            extra: Default::default(),
        });
        let text = serialize_conversation(&[
            AgentMessage::User(UserMessage::text("Fix foo")),
            assistant,
            result,
        ]);
        let expected = format!(
            "[User]: Fix foo\n\n[Assistant]: Looking.\n\n[Assistant tool calls]: read(path=\"foo.ts\", limit=5)\n\n[Tool result]: {}\n\n[5 more characters not shown]",
            "x".repeat(2000)
        );
        assert_eq!(text, expected);
        assert!(!text.contains("secret"));
    }

    #[test]
    fn truncation_never_splits_a_surrogate_pair() {
        let text = format!("{}😀", "a".repeat(1999));
        let cut = truncate(&text, 2000);
        assert!(cut.starts_with(&"a".repeat(1999)));
        assert!(cut.ends_with("[1 more characters not shown]"));
    }
}
