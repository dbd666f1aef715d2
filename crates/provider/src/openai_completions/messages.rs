//! Conversation → Chat Completions `messages` (pi-ai `convertMessages`), after the shared
//! clean-up of [`crate::transform`].
//!
//! The shapes Pi sends (FINDINGS §4): the system prompt as the first `system` (or
//! `developer`) message; user content as an array of `text` / `image_url` parts (a string
//! stays a string); assistant text blocks joined into one **string** (`null` without text),
//! tool-call arguments re-serialised from the parsed object; each tool result as a `tool`
//! message with its text blocks joined by `\n`.

use std::borrow::Borrow;

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, AssistantMessage, ContentBlock, Model, UserContent};

use super::compat::Compat;
use super::reasoning;

/// Text of the bridge message some servers need between tool results and a user message.
const BRIDGE_TEXT: &str = "I have processed the tool results.";
/// Reasoning fields a thinking signature may name, for replay.
const REASONING_FIELDS: [&str; 3] = ["reasoning", "reasoning_content", "reasoning_text"];

/// The `messages` array for `messages` (already transformed; messages or references).
pub fn convert_messages<M: Borrow<AgentMessage>>(
    model: &Model,
    system_prompt: &str,
    messages: &[M],
    compat: &Compat,
) -> Vec<Value> {
    let mut out = Vec::with_capacity(messages.len() + 1);
    convert_messages_each(model, system_prompt, messages, compat, &mut |message| {
        out.push(message);
    });
    out
}

/// [`convert_messages`] handing each element of the array to `out` as soon as it is built,
/// so a caller that serialises them one by one never holds the whole array.
pub fn convert_messages_each<M: Borrow<AgentMessage>>(
    model: &Model,
    system_prompt: &str,
    messages: &[M],
    compat: &Compat,
    out: &mut dyn FnMut(Value),
) {
    if !system_prompt.is_empty() {
        let role = if model.reasoning && compat.supports_developer_role {
            "developer"
        } else {
            "system"
        };
        out(json!({"role": role, "content": system_prompt}));
    }
    let mut last_role: Option<&str> = None;
    let mut index = 0;
    while index < messages.len() {
        let message: &AgentMessage = messages[index].borrow();
        index += 1;
        if compat.requires_assistant_after_tool_result
            && last_role == Some("toolResult")
            && matches!(message, AgentMessage::User(_))
        {
            out(json!({"role": "assistant", "content": BRIDGE_TEXT}));
        }
        match message {
            AgentMessage::User(user) => {
                let Some(converted) = user_message(&user.content) else {
                    continue;
                };
                out(converted);
                last_role = Some("user");
            }
            AgentMessage::Assistant(assistant) => {
                let Some(converted) = assistant_message(model, assistant, compat) else {
                    continue;
                };
                out(converted);
                last_role = Some("assistant");
            }
            AgentMessage::ToolResult(_) => {
                // Consecutive results are one group: images of all of them follow as one user
                // message after the last.
                let start = index - 1;
                while matches!(
                    messages.get(index).map(Borrow::borrow),
                    Some(AgentMessage::ToolResult(_))
                ) {
                    index += 1;
                }
                last_role = Some(tool_results(model, &messages[start..index], compat, out));
            }
            _ => {}
        }
    }
}

fn user_message(content: &UserContent) -> Option<Value> {
    let blocks = match content {
        UserContent::Text(text) => return Some(json!({"role": "user", "content": text})),
        UserContent::Blocks(blocks) => blocks,
    };
    let parts: Vec<Value> = blocks
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } if text.is_empty() => None,
            ContentBlock::Text { text, .. } => Some(json!({"type": "text", "text": text})),
            ContentBlock::Image { data, mime_type } => Some(image_part(mime_type, data)),
            ContentBlock::Thinking { .. } | ContentBlock::ToolCall(_) => None,
        })
        .collect();
    (!parts.is_empty()).then(|| json!({"role": "user", "content": parts}))
}

fn image_part(mime_type: &str, data: &str) -> Value {
    json!({"type": "image_url", "image_url": {"url": format!("data:{mime_type};base64,{data}")}})
}

/// One assistant message, or `None` when it has neither content nor tool calls.
fn assistant_message(
    model: &Model,
    assistant: &AssistantMessage,
    compat: &Compat,
) -> Option<Value> {
    let mut message = Map::new();
    message.insert("role".into(), json!("assistant"));
    let empty_content = if compat.requires_assistant_after_tool_result
        || compat.requires_non_null_assistant_content
    {
        json!("")
    } else {
        Value::Null
    };
    message.insert("content".into(), empty_content);
    let text_parts: Vec<&str> = assistant
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .filter(|text| !text.trim().is_empty())
        .collect();
    let text = text_parts.concat();
    let thinking: Vec<(&str, Option<&str>)> = assistant
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Thinking {
                thinking,
                thinking_signature,
                ..
            } => Some((thinking.as_str(), thinking_signature.as_deref())),
            ContentBlock::Text { .. } | ContentBlock::ToolCall(_) | ContentBlock::Image { .. } => {
                None
            }
        })
        .collect();
    let calls: Vec<_> = assistant.tool_calls().collect();
    let preserved_details = thinking
        .iter()
        .find_map(|(_, signature)| reasoning::parse_details(*signature))
        .or_else(|| {
            let legacy: Vec<Value> = calls
                .iter()
                .filter_map(|call| {
                    reasoning::parse_legacy_encrypted(call.thought_signature.as_deref())
                })
                .collect();
            (!legacy.is_empty()).then_some(legacy)
        });
    let visible_thinking: Vec<_> = thinking
        .iter()
        .filter(|(text, _)| !text.trim().is_empty())
        .collect();
    if !visible_thinking.is_empty() {
        if compat.requires_thinking_as_text {
            let joined = visible_thinking
                .iter()
                .map(|(text, _)| *text)
                .collect::<Vec<_>>()
                .join("\n\n");
            let mut parts = vec![json!({"type": "text", "text": joined})];
            parts.extend(
                text_parts
                    .iter()
                    .map(|text| json!({"type": "text", "text": text})),
            );
            message.insert("content".into(), Value::Array(parts));
        } else {
            if !text.is_empty() {
                message.insert("content".into(), json!(text));
            }
            if preserved_details.is_none() {
                // Replay reasoning in the field it streamed in (llama.cpp + gpt-oss).
                let mut field = visible_thinking[0].1;
                if model.provider == "opencode-go" && field == Some("reasoning") {
                    field = Some("reasoning_content");
                }
                if let Some(field) = field.filter(|field| REASONING_FIELDS.contains(field)) {
                    let joined = visible_thinking
                        .iter()
                        .map(|(text, _)| *text)
                        .collect::<Vec<_>>()
                        .join("\n");
                    message.insert(field.to_owned(), json!(joined));
                }
            }
        }
    } else if !text.is_empty() {
        message.insert("content".into(), json!(text));
    }
    if !calls.is_empty() {
        let calls: Vec<Value> = calls
            .iter()
            .map(|call| {
                json!({
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments.to_string()},
                })
            })
            .collect();
        message.insert("tool_calls".into(), Value::Array(calls));
    }
    if let Some(details) = preserved_details {
        message.insert("reasoning_details".into(), Value::Array(details));
    }
    if compat.requires_reasoning_content_on_assistant_messages
        && model.reasoning
        && !message.contains_key("reasoning_content")
    {
        message.insert("reasoning_content".into(), json!(""));
    }
    let has_content = match message.get("content") {
        Some(Value::String(text)) => !text.is_empty(),
        Some(Value::Array(parts)) => !parts.is_empty(),
        _ => false,
    };
    (has_content || message.contains_key("tool_calls")).then_some(Value::Object(message))
}

/// Appends a group of consecutive tool results; returns the role that ends the group.
fn tool_results<M: Borrow<AgentMessage>>(
    model: &Model,
    results: &[M],
    compat: &Compat,
    out: &mut dyn FnMut(Value),
) -> &'static str {
    let supports_images = model.input.iter().any(|kind| kind == "image");
    let mut images = Vec::new();
    for message in results {
        let AgentMessage::ToolResult(result) = message.borrow() else {
            continue;
        };
        let text = result
            .content
            .iter()
            .filter_map(ContentBlock::as_text)
            .collect::<Vec<_>>()
            .join("\n");
        let has_images = result
            .content
            .iter()
            .any(|block| matches!(block, ContentBlock::Image { .. }));
        let content = if !text.trim().is_empty() {
            text
        } else if has_images {
            "(see attached image)".to_owned()
        } else {
            "(no tool output)".to_owned()
        };
        let mut tool = Map::new();
        tool.insert("role".into(), json!("tool"));
        tool.insert("content".into(), json!(content));
        tool.insert("tool_call_id".into(), json!(result.tool_call_id));
        if compat.requires_tool_result_name && !result.tool_name.is_empty() {
            tool.insert("name".into(), json!(result.tool_name));
        }
        out(Value::Object(tool));
        if has_images && supports_images {
            images.extend(result.content.iter().filter_map(|block| match block {
                ContentBlock::Image { data, mime_type } => Some(image_part(mime_type, data)),
                ContentBlock::Text { .. }
                | ContentBlock::Thinking { .. }
                | ContentBlock::ToolCall(_) => None,
            }));
        }
    }
    if images.is_empty() {
        return "toolResult";
    }
    if compat.requires_assistant_after_tool_result {
        out(json!({"role": "assistant", "content": BRIDGE_TEXT}));
    }
    let mut parts = vec![json!({"type": "text", "text": "Attached image(s) from tool result:"})];
    parts.extend(images);
    out(json!({"role": "user", "content": parts}));
    "user"
}
