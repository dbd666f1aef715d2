//! Rebuilding a partial assistant message from wire events, for consumers of a provider
//! stream (the wire events carry no cumulative `partial`).

use serde_json::{Map, Value};
use tau_protocol::{AssistantMessage, AssistantMessageEvent, ContentBlock, ToolCall};

/// Rebuilds a partial message from wire events: `Start` sets it, block events grow it,
/// `Done`/`Error` replace it with the final message.
///
/// Tool-call arguments appear at `ToolCallEnd`; this function keeps no argument text, so
/// `ToolCallDelta` changes nothing. Use [`super::AssistantMessageBuilder::apply`] to see arguments
/// while they stream.
pub fn apply(message: &mut AssistantMessage, event: &AssistantMessageEvent) {
    match event {
        AssistantMessageEvent::Start { partial } => *message = (**partial).clone(),
        AssistantMessageEvent::TextStart { content_index } => {
            place(message, *content_index, ContentBlock::text(""));
        }
        AssistantMessageEvent::ThinkingStart { content_index } => place(
            message,
            *content_index,
            ContentBlock::Thinking {
                thinking: String::new(),
                thinking_signature: None,
                redacted: None,
            },
        ),
        AssistantMessageEvent::ToolCallStart {
            content_index,
            id,
            tool_name,
        } => place(
            message,
            *content_index,
            ContentBlock::ToolCall(ToolCall {
                id: id.clone(),
                name: tool_name.clone(),
                arguments: Value::Object(Map::new()),
                thought_signature: None,
                namespace: None,
            }),
        ),
        AssistantMessageEvent::TextDelta {
            content_index,
            delta,
        } => {
            if let Some(ContentBlock::Text { text, .. }) = message.content.get_mut(*content_index) {
                text.push_str(delta);
            }
        }
        AssistantMessageEvent::ThinkingDelta {
            content_index,
            delta,
        } => {
            if let Some(ContentBlock::Thinking { thinking, .. }) =
                message.content.get_mut(*content_index)
            {
                thinking.push_str(delta);
            }
        }
        AssistantMessageEvent::ToolCallDelta { .. } => {}
        AssistantMessageEvent::TextEnd {
            content_index,
            content,
        } => {
            if let Some(ContentBlock::Text { text, .. }) = message.content.get_mut(*content_index) {
                text.clone_from(content);
            }
        }
        AssistantMessageEvent::ThinkingEnd {
            content_index,
            content,
        } => {
            if let Some(ContentBlock::Thinking { thinking, .. }) =
                message.content.get_mut(*content_index)
            {
                thinking.clone_from(content);
            }
        }
        AssistantMessageEvent::ToolCallEnd {
            content_index,
            tool_call,
        } => place(
            message,
            *content_index,
            ContentBlock::ToolCall(tool_call.clone()),
        ),
        AssistantMessageEvent::Done {
            message: final_message,
            ..
        } => *message = final_message.clone(),
        AssistantMessageEvent::Error { error, .. } => *message = error.clone(),
    }
}

/// Puts `block` at `index`: replaces an existing block, or appends when `index` is past the
/// end (a well-formed stream opens blocks in order, so then `index == len`).
fn place(message: &mut AssistantMessage, index: usize, block: ContentBlock) {
    match message.content.get_mut(index) {
        Some(slot) => *slot = block,
        None => message.content.push(block),
    }
}
