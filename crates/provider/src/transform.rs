//! Conversation clean-up before any provider serialises it (pi-ai `transformMessages`),
//! shared by every API.
//!
//! - Images become a placeholder text for models without image input.
//! - Assistant messages from another model lose their thinking blocks (signatures only
//!   make sense to the model that wrote them) and tool-call thought signatures; their tool
//!   call ids go through the API's `normalize_id`, and the tool results follow.
//! - Error and aborted assistant messages are dropped: they are incomplete turns.
//! - A tool call left without a result (the user interrupted, or a result went missing)
//!   gets a synthetic error result `No result provided`, because APIs reject unanswered
//!   calls.

use std::collections::{HashMap, HashSet};
use std::ops::Deref;

use tau_protocol::{
    AgentMessage, AssistantMessage, ContentBlock, Model, StopReason, ToolCall, ToolResultMessage,
    UserContent,
};

/// Placeholder for a user image a text-only model cannot see.
pub const USER_IMAGE_PLACEHOLDER: &str = "(image omitted: model does not support images)";
/// Placeholder for a tool-result image a text-only model cannot see.
pub const TOOL_IMAGE_PLACEHOLDER: &str = "(tool image omitted: model does not support images)";
/// Text of the synthetic result of an unanswered tool call.
pub const NO_RESULT_PROVIDED: &str = "No result provided";

/// Rewrites `messages` (user, assistant and toolResult only) for `model`; see the module
/// docs. `normalize_id` maps a tool-call id from another model to one this API accepts.
pub fn transform_messages(
    messages: &[AgentMessage],
    model: &Model,
    normalize_id: &dyn Fn(&str) -> String,
) -> Vec<AgentMessage> {
    transform_messages_owned(messages.to_vec(), model, normalize_id)
}

/// [`transform_messages`] taking the conversation by value, so messages that need no change
/// are moved rather than copied.
pub fn transform_messages_owned(
    messages: Vec<AgentMessage>,
    model: &Model,
    normalize_id: &dyn Fn(&str) -> String,
) -> Vec<AgentMessage> {
    transform(messages.into_iter(), model, normalize_id)
}

/// [`transform_messages`] reading the conversation in place: messages that need no change
/// stay borrowed, only rewritten ones (and synthetic results) are built.
pub fn transform_messages_borrowed<'a>(
    messages: &[&'a AgentMessage],
    model: &Model,
    normalize_id: &dyn Fn(&str) -> String,
) -> Vec<Transformed<'a>> {
    transform(
        messages.iter().map(|&message| Transformed::Kept(message)),
        model,
        normalize_id,
    )
}

/// One message of a conversation transformed in place (two words, however large the
/// message).
#[derive(Debug, Clone, PartialEq)]
pub enum Transformed<'a> {
    /// The caller's message, unchanged.
    Kept(&'a AgentMessage),
    /// A rewritten copy, or a synthetic tool result.
    Rewritten(Box<AgentMessage>),
}

impl Deref for Transformed<'_> {
    type Target = AgentMessage;

    fn deref(&self) -> &AgentMessage {
        match self {
            Transformed::Kept(message) => message,
            Transformed::Rewritten(message) => message,
        }
    }
}

/// A conversation element the transform can read, rewrite (copying it first when borrowed)
/// and create.
trait Slot: Sized {
    fn get(&self) -> &AgentMessage;
    fn make_mut(&mut self) -> &mut AgentMessage;
    fn new(message: AgentMessage) -> Self;
}

impl Slot for AgentMessage {
    fn get(&self) -> &AgentMessage {
        self
    }

    fn make_mut(&mut self) -> &mut AgentMessage {
        self
    }

    fn new(message: AgentMessage) -> Self {
        message
    }
}

impl Slot for Transformed<'_> {
    fn get(&self) -> &AgentMessage {
        self
    }

    fn make_mut(&mut self) -> &mut AgentMessage {
        if let Transformed::Kept(message) = *self {
            *self = Transformed::Rewritten(Box::new(message.clone()));
        }
        match self {
            Transformed::Rewritten(message) => message,
            // Replaced just above.
            Transformed::Kept(_) => unreachable!("a kept message was just copied"),
        }
    }

    fn new(message: AgentMessage) -> Self {
        Transformed::Rewritten(Box::new(message))
    }
}

/// The transform over borrowed or owned messages: a borrowed message is copied only if
/// something in it changes.
fn transform<T: Slot>(
    messages: impl Iterator<Item = T>,
    model: &Model,
    normalize_id: &dyn Fn(&str) -> String,
) -> Vec<T> {
    let supports_images = model.input.iter().any(|kind| kind == "image");
    let mut id_map: HashMap<String, String> = HashMap::new();
    let transformed: Vec<T> = messages
        .map(|mut message| {
            match message.get() {
                AgentMessage::User(user) if !supports_images && user_has_images(&user.content) => {
                    if let AgentMessage::User(user) = message.make_mut() {
                        if let UserContent::Blocks(blocks) = &mut user.content {
                            replace_images(blocks, USER_IMAGE_PLACEHOLDER);
                        }
                    }
                }
                AgentMessage::ToolResult(result) => {
                    let images = !supports_images && has_images(&result.content);
                    let renamed = id_map.get(&result.tool_call_id).cloned();
                    if images || renamed.is_some() {
                        if let AgentMessage::ToolResult(result) = message.make_mut() {
                            if images {
                                replace_images(&mut result.content, TOOL_IMAGE_PLACEHOLDER);
                            }
                            if let Some(id) = renamed {
                                result.tool_call_id = id;
                            }
                        }
                    }
                }
                AgentMessage::Assistant(assistant) if assistant_changes(assistant, model) => {
                    if let AgentMessage::Assistant(assistant) = message.make_mut() {
                        let taken = std::mem::take(assistant);
                        *assistant = transform_assistant(taken, model, normalize_id, &mut id_map);
                    }
                }
                _ => {}
            }
            message
        })
        .collect();
    answer_orphaned_tool_calls(transformed)
}

fn same_model(assistant: &AssistantMessage, model: &Model) -> bool {
    assistant.provider == model.provider
        && assistant.api == model.api
        && assistant.model == model.id
}

/// True when [`transform_assistant`] would change the message. Messages from another model
/// always go through it (their ids may need normalising); the model's own lose only thinking
/// blocks that carry nothing to replay.
fn assistant_changes(assistant: &AssistantMessage, model: &Model) -> bool {
    !same_model(assistant, model)
        || assistant.content.iter().any(|block| match block {
            ContentBlock::Thinking {
                thinking,
                thinking_signature,
                redacted,
            } => !keeps_thinking(thinking, thinking_signature.as_deref(), *redacted),
            _ => false,
        })
}

/// Whether a thinking block of the model's own message is kept: signed or redacted blocks
/// even when empty (they are replay data), others when they have text.
fn keeps_thinking(thinking: &str, signature: Option<&str>, redacted: Option<bool>) -> bool {
    redacted == Some(true)
        || signature.is_some_and(|s| !s.is_empty())
        || !thinking.trim().is_empty()
}

fn user_has_images(content: &UserContent) -> bool {
    match content {
        UserContent::Text(_) => false,
        UserContent::Blocks(blocks) => has_images(blocks),
    }
}

fn has_images(blocks: &[ContentBlock]) -> bool {
    blocks
        .iter()
        .any(|block| matches!(block, ContentBlock::Image { .. }))
}

fn transform_assistant(
    mut assistant: AssistantMessage,
    model: &Model,
    normalize_id: &dyn Fn(&str) -> String,
    id_map: &mut HashMap<String, String>,
) -> AssistantMessage {
    let same_model = same_model(&assistant, model);
    assistant.content = std::mem::take(&mut assistant.content)
        .into_iter()
        .filter_map(|block| match block {
            ContentBlock::Thinking {
                ref thinking,
                ref thinking_signature,
                redacted,
            } => {
                let keep =
                    same_model && keeps_thinking(thinking, thinking_signature.as_deref(), redacted);
                keep.then_some(block)
            }
            ContentBlock::Text {
                text,
                text_signature,
            } => Some(ContentBlock::Text {
                text,
                text_signature: if same_model { text_signature } else { None },
            }),
            ContentBlock::ToolCall(mut call) => {
                if !same_model {
                    call.thought_signature = None;
                    let id = normalize_id(&call.id);
                    if id != call.id {
                        id_map.insert(call.id.clone(), id.clone());
                        call.id = id;
                    }
                }
                Some(ContentBlock::ToolCall(call))
            }
            ContentBlock::Image { .. } => Some(block),
        })
        .collect();
    assistant
}

/// Drops failed assistant turns and answers tool calls that got no result before the next
/// assistant or user message (or the end).
fn answer_orphaned_tool_calls<T: Slot>(messages: Vec<T>) -> Vec<T> {
    let mut result = Vec::with_capacity(messages.len());
    let mut pending: Vec<ToolCall> = Vec::new();
    let mut answered: HashSet<String> = HashSet::new();
    let close =
        |result: &mut Vec<T>, pending: &mut Vec<ToolCall>, answered: &mut HashSet<String>| {
            for call in pending.drain(..) {
                if !answered.contains(&call.id) {
                    result.push(T::new(AgentMessage::ToolResult(ToolResultMessage {
                        tool_call_id: call.id.clone(),
                        tool_name: call.name.clone(),
                        content: vec![ContentBlock::text(NO_RESULT_PROVIDED)],
                        details: None,
                        usage: None,
                        is_error: true,
                        duration_ms: None,
                        timestamp: tau_protocol::now_millis(),
                        extra: Default::default(),
                    })));
                }
            }
            answered.clear();
        };
    for message in messages {
        match message.get() {
            AgentMessage::Assistant(assistant) => {
                close(&mut result, &mut pending, &mut answered);
                if matches!(
                    assistant.stop_reason,
                    StopReason::Error | StopReason::Aborted
                ) {
                    continue;
                }
                pending = assistant.tool_calls().cloned().collect();
                result.push(message);
            }
            AgentMessage::ToolResult(tool_result) => {
                answered.insert(tool_result.tool_call_id.clone());
                result.push(message);
            }
            AgentMessage::User(_) => {
                close(&mut result, &mut pending, &mut answered);
                result.push(message);
            }
            _ => result.push(message),
        }
    }
    close(&mut result, &mut pending, &mut answered);
    result
}

/// Replaces each run of images with one placeholder text block, in place.
fn replace_images(content: &mut Vec<ContentBlock>, placeholder: &str) {
    if !content
        .iter()
        .any(|block| matches!(block, ContentBlock::Image { .. }))
    {
        return;
    }
    let mut out = Vec::with_capacity(content.len());
    let mut previous_was_placeholder = false;
    for block in std::mem::take(content) {
        if let ContentBlock::Image { .. } = block {
            if !previous_was_placeholder {
                out.push(ContentBlock::text(placeholder));
            }
            previous_was_placeholder = true;
            continue;
        }
        previous_was_placeholder = block.as_text() == Some(placeholder);
        out.push(block);
    }
    *content = out;
}

#[cfg(test)]
#[path = "transform_tests.rs"]
mod tests;
