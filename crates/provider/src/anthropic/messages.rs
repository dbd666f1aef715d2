//! Conversation → Messages `messages` (pi-ai `convertMessages`), after the shared clean-up
//! of [`crate::transform`].
//!
//! - User text stays a string (blank ones are dropped); block content becomes `text` and
//!   base64 `image` blocks, blank texts dropped.
//! - Assistant text, thinking (`thinking` with its signature, `redacted_thinking` with its
//!   opaque data; unsigned thinking is replayed as text) and `tool_use` blocks; an assistant
//!   message left without blocks is dropped.
//! - Consecutive tool results form one user message of `tool_result` blocks; images of error
//!   results (which Anthropic rejects there) follow all the results, with a caption.
//! - The last message, when it is the user's, gets the prompt-cache marker on its last
//!   block (a string content becomes one text block for that).

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, AssistantMessage, ContentBlock, ToolResultMessage, UserContent};

/// Key of the message field holding the effort a reply ran at (pi-ai
/// `providerThinkingLevel`).
pub const PROVIDER_THINKING_LEVEL: &str = "providerThinkingLevel";
/// Text replacing the images of an error tool result.
const ERROR_TOOL_IMAGE_PLACEHOLDER: &str = "(image attached after the tool results)";
/// Text of a tool result that has only images.
const IMAGE_ONLY_PLACEHOLDER: &str = "(see attached image)";

/// Claude Code's tool names: with a Claude subscription token, Pi's tools are sent under
/// these spellings.
const CLAUDE_CODE_TOOLS: [&str; 17] = [
    "Read",
    "Write",
    "Edit",
    "Bash",
    "Grep",
    "Glob",
    "AskUserQuestion",
    "EnterPlanMode",
    "ExitPlanMode",
    "KillShell",
    "NotebookEdit",
    "Skill",
    "Task",
    "TaskOutput",
    "TodoWrite",
    "WebFetch",
    "WebSearch",
];

/// `name` in Claude Code's casing when it is one of its tools (case-insensitively).
pub fn claude_code_name(name: &str) -> String {
    CLAUDE_CODE_TOOLS
        .iter()
        .find(|tool| tool.eq_ignore_ascii_case(name))
        .map_or_else(|| name.to_owned(), |tool| (*tool).to_owned())
}

/// The converted messages and the effort of each replayed reply, by message index.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Converted {
    /// The `messages` array.
    pub messages: Vec<Value>,
    /// Index in `messages` → the effort that assistant reply ran at.
    pub assistant_levels: HashMap<usize, String>,
}

/// Converts `messages` (already transformed). `managed_provider` is set for models whose
/// effort is set per reply: replies of that provider keep their effort for the markers.
pub fn convert_messages(
    messages: &[AgentMessage],
    is_oauth: bool,
    cache_control: Option<&Value>,
    allow_empty_signature: bool,
    managed_provider: Option<&str>,
) -> Converted {
    let mut out = Converted::default();
    let mut index = 0;
    while index < messages.len() {
        match &messages[index] {
            AgentMessage::User(user) => out.messages.extend(user_message(&user.content)),
            AgentMessage::Assistant(assistant) => {
                let blocks = assistant_blocks(assistant, is_oauth, allow_empty_signature);
                if !blocks.is_empty() {
                    if let Some(level) = managed_level(assistant, managed_provider) {
                        out.assistant_levels.insert(out.messages.len(), level);
                    }
                    out.messages
                        .push(json!({"role": "assistant", "content": blocks}));
                }
            }
            AgentMessage::ToolResult(_) => {
                let mut results = Vec::new();
                let mut images = Vec::new();
                while let Some(AgentMessage::ToolResult(result)) = messages.get(index) {
                    results.push(tool_result(result, &mut images));
                    index += 1;
                }
                results.extend(images);
                out.messages
                    .push(json!({"role": "user", "content": results}));
                continue;
            }
            _ => {}
        }
        index += 1;
    }
    if let Some(cache_control) = cache_control {
        mark_last_message(&mut out.messages, cache_control);
    }
    out
}

/// The messages with an effort marker (a system message carrying `output_config`) before
/// each replay of a reply whose effort is known, and one for this reply at the end.
pub fn insert_effort_markers(converted: Converted, active_effort: &str) -> Vec<Value> {
    let marker = |effort: &str| json!({"role": "system", "content": [], "output_config": {"effort": effort}});
    let mut out = Vec::with_capacity(converted.messages.len() * 2 + 1);
    for (index, message) in converted.messages.into_iter().enumerate() {
        if let Some(level) = converted.assistant_levels.get(&index) {
            out.push(marker(level));
        }
        out.push(message);
    }
    out.push(marker(active_effort));
    out
}

fn managed_level(assistant: &AssistantMessage, managed_provider: Option<&str>) -> Option<String> {
    let provider = managed_provider?;
    if assistant.api != super::API || assistant.provider != provider {
        return None;
    }
    let level = assistant.extra.get(PROVIDER_THINKING_LEVEL)?.as_str()?;
    matches!(level, "low" | "medium" | "high" | "xhigh" | "max").then(|| level.to_owned())
}

fn user_message(content: &UserContent) -> Option<Value> {
    let blocks = match content {
        UserContent::Text(text) if text.trim().is_empty() => return None,
        UserContent::Text(text) => return Some(json!({"role": "user", "content": text})),
        UserContent::Blocks(blocks) => blocks,
    };
    let blocks: Vec<Value> = blocks
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } if text.trim().is_empty() => None,
            ContentBlock::Text { text, .. } => Some(json!({"type": "text", "text": text})),
            ContentBlock::Image { data, mime_type } => Some(image_block(mime_type, data)),
            ContentBlock::Thinking { .. } | ContentBlock::ToolCall(_) => None,
        })
        .collect();
    (!blocks.is_empty()).then(|| json!({"role": "user", "content": blocks}))
}

fn image_block(mime_type: &str, data: &str) -> Value {
    json!({"type": "image", "source": {"type": "base64", "media_type": mime_type, "data": data}})
}

fn assistant_blocks(
    assistant: &AssistantMessage,
    is_oauth: bool,
    allow_empty_signature: bool,
) -> Vec<Value> {
    let mut blocks = Vec::new();
    for block in &assistant.content {
        match block {
            ContentBlock::Text { text, .. } if text.trim().is_empty() => {}
            ContentBlock::Text { text, .. } => blocks.push(json!({"type": "text", "text": text})),
            ContentBlock::Thinking {
                redacted: Some(true),
                thinking_signature,
                ..
            } => {
                let mut redacted = Map::new();
                redacted.insert("type".into(), json!("redacted_thinking"));
                if let Some(data) = thinking_signature {
                    redacted.insert("data".into(), json!(data));
                }
                blocks.push(Value::Object(redacted));
            }
            ContentBlock::Thinking {
                thinking,
                thinking_signature,
                ..
            } => {
                let signature = thinking_signature
                    .as_deref()
                    .filter(|signature| !signature.trim().is_empty());
                match signature {
                    Some(signature) => blocks.push(
                        json!({"type": "thinking", "thinking": thinking, "signature": signature}),
                    ),
                    None if thinking.trim().is_empty() => {}
                    // An unsigned block (an aborted stream) is rejected as thinking: send it as text.
                    None if allow_empty_signature => blocks
                        .push(json!({"type": "thinking", "thinking": thinking, "signature": ""})),
                    None => blocks.push(json!({"type": "text", "text": thinking})),
                }
            }
            ContentBlock::ToolCall(call) => {
                let name = if is_oauth {
                    claude_code_name(&call.name)
                } else {
                    call.name.clone()
                };
                blocks.push(json!({"type": "tool_use", "id": call.id, "name": name,
                    "input": call.arguments}));
            }
            ContentBlock::Image { .. } => {}
        }
    }
    blocks
}

/// One `tool_result` block; the images of an error result go to `images` with a caption.
fn tool_result(result: &ToolResultMessage, images: &mut Vec<Value>) -> Value {
    let has_images = result
        .content
        .iter()
        .any(|block| matches!(block, ContentBlock::Image { .. }));
    let content = if result.is_error && has_images {
        images.push(json!({"type": "text", "text": format!(
            "Images from the error result of tool call {} ({}):",
            result.tool_call_id, result.tool_name
        )}));
        images.extend(result.content.iter().filter_map(|block| match block {
            ContentBlock::Image { data, mime_type } => Some(image_block(mime_type, data)),
            ContentBlock::Text { .. }
            | ContentBlock::Thinking { .. }
            | ContentBlock::ToolCall(_) => None,
        }));
        tool_result_content(&without_images(&result.content))
    } else {
        tool_result_content(&result.content)
    };
    json!({"type": "tool_result", "tool_use_id": result.tool_call_id, "content": content,
        "is_error": result.is_error})
}

/// Text only: the texts joined by newlines. With images: blocks, led by a placeholder text
/// when there is no text.
fn tool_result_content(content: &[ContentBlock]) -> Value {
    let has_images = content
        .iter()
        .any(|block| matches!(block, ContentBlock::Image { .. }));
    if !has_images {
        let texts: Vec<&str> = content.iter().filter_map(ContentBlock::as_text).collect();
        return json!(texts.join("\n"));
    }
    let mut blocks: Vec<Value> = content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } => Some(json!({"type": "text", "text": text})),
            ContentBlock::Image { data, mime_type } => Some(image_block(mime_type, data)),
            ContentBlock::Thinking { .. } | ContentBlock::ToolCall(_) => None,
        })
        .collect();
    if !content.iter().any(|block| block.as_text().is_some()) {
        blocks.insert(0, json!({"type": "text", "text": IMAGE_ONLY_PLACEHOLDER}));
    }
    Value::Array(blocks)
}

/// Each run of images replaced by one placeholder text.
pub(crate) fn without_images(content: &[ContentBlock]) -> Vec<ContentBlock> {
    let mut out = Vec::with_capacity(content.len());
    let mut previous_was_placeholder = false;
    for block in content {
        if let ContentBlock::Image { .. } = block {
            if !previous_was_placeholder {
                out.push(ContentBlock::text(ERROR_TOOL_IMAGE_PLACEHOLDER));
            }
            previous_was_placeholder = true;
            continue;
        }
        previous_was_placeholder = block.as_text() == Some(ERROR_TOOL_IMAGE_PLACEHOLDER);
        out.push(block.clone());
    }
    out
}

/// Puts the cache marker on the last message when it is a user (or system) message.
fn mark_last_message(messages: &mut [Value], cache_control: &Value) {
    let Some(Value::Object(last)) = messages.last_mut() else {
        return;
    };
    if !matches!(
        last.get("role").and_then(Value::as_str),
        Some("user" | "system")
    ) {
        return;
    }
    match last.get_mut("content") {
        Some(Value::Array(blocks)) => {
            if let Some(Value::Object(block)) = blocks.last_mut() {
                let markable = matches!(
                    block.get("type").and_then(Value::as_str),
                    Some("text" | "image" | "tool_result" | "tool_addition" | "tool_removal")
                );
                if markable {
                    block.insert("cache_control".into(), cache_control.clone());
                }
            }
        }
        Some(content @ Value::String(_)) => {
            let text = content.take();
            *content = json!([{"type": "text", "text": text, "cache_control": cache_control}]);
        }
        _ => {}
    }
}
