//! The assistant message as it streams in, rebuilt from the deltas: tau's loop events carry
//! only the delta (the wire form), while Pi's `message_update` handlers get the partial
//! message and the interactive mode draws it.

use crate::events::AssistantMessageEvent;
use crate::messages::{AgentMessage, AssistantMessage, ContentBlock, ToolCall, Usage};

/// The message being streamed, if any.
#[derive(Debug, Default, Clone)]
pub struct PartialMessage(Option<AssistantMessage>);

fn block_at(
    content: &mut Vec<ContentBlock>,
    index: usize,
    empty: ContentBlock,
) -> &mut ContentBlock {
    while content.len() <= index {
        content.push(empty.clone());
    }
    &mut content[index]
}

fn thinking(text: String) -> ContentBlock {
    ContentBlock::Thinking {
        thinking: text,
        thinking_signature: None,
        redacted: None,
    }
}

impl PartialMessage {
    /// A message started: an assistant message becomes the partial one.
    pub fn start(&mut self, message: &AgentMessage) {
        self.0 = match message {
            AgentMessage::Assistant(assistant) => Some(assistant.clone()),
            _ => None,
        };
    }

    /// The message so far.
    pub fn message(&self) -> Option<&AssistantMessage> {
        self.0.as_ref()
    }

    /// Applies one streamed event; returns the partial message after it.
    pub fn update(
        &mut self,
        event: &AssistantMessageEvent,
        usage: &Usage,
    ) -> Option<&AssistantMessage> {
        let message = self.0.as_mut()?;
        message.usage = usage.clone();
        let content = &mut message.content;
        match event {
            AssistantMessageEvent::TextStart { content_index } => {
                block_at(content, *content_index, ContentBlock::text(""));
            }
            AssistantMessageEvent::TextDelta {
                content_index,
                delta,
            } => {
                if let ContentBlock::Text { text, .. } =
                    block_at(content, *content_index, ContentBlock::text(""))
                {
                    text.push_str(delta);
                }
            }
            AssistantMessageEvent::TextEnd {
                content_index,
                content: full,
            } => {
                *block_at(content, *content_index, ContentBlock::text("")) =
                    ContentBlock::text(full.clone());
            }
            AssistantMessageEvent::ThinkingStart { content_index } => {
                block_at(content, *content_index, thinking(String::new()));
            }
            AssistantMessageEvent::ThinkingDelta {
                content_index,
                delta,
            } => {
                if let ContentBlock::Thinking { thinking: text, .. } =
                    block_at(content, *content_index, thinking(String::new()))
                {
                    text.push_str(delta);
                }
            }
            AssistantMessageEvent::ThinkingEnd {
                content_index,
                content: full,
            } => {
                if let ContentBlock::Thinking { thinking: text, .. } =
                    block_at(content, *content_index, thinking(String::new()))
                {
                    text.clone_from(full);
                }
            }
            AssistantMessageEvent::ToolCallStart {
                content_index,
                id,
                tool_name,
            } => {
                let call = ContentBlock::ToolCall(ToolCall {
                    id: id.clone(),
                    name: tool_name.clone(),
                    arguments: serde_json::Value::Object(Default::default()),
                    thought_signature: None,
                    namespace: None,
                });
                let empty = ContentBlock::text("");
                *block_at(content, *content_index, empty) = call;
            }
            // Arguments arrive as JSON text in pieces; the call is whole at its end.
            AssistantMessageEvent::ToolCallDelta { .. } => {}
            AssistantMessageEvent::ToolCallEnd {
                content_index,
                tool_call,
            } => {
                let call = ContentBlock::ToolCall(tool_call.clone());
                let empty = ContentBlock::text("");
                *block_at(content, *content_index, empty) = call;
            }
            AssistantMessageEvent::Start { .. }
            | AssistantMessageEvent::Done { .. }
            | AssistantMessageEvent::Error { .. } => {}
        }
        Some(message)
    }
}
