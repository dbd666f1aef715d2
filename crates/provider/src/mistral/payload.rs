//! The Mistral request, in two shapes. [`build_payload`] makes what pi-ai hands its
//! `onPayload` hook: the Mistral SDK's camelCase request (`maxTokens`, `toolCalls`,
//! `imageUrl`…). [`to_wire`] renames those keys to the snake_case the endpoint takes, each
//! renamed key moving to the end of its object as pi-ai's rename moves it.
//!
//! Messages: the system prompt, user turns (text, and images as `data:` URLs where the model
//! takes images), assistant turns (`prefix: false`, text and `thinking` chunks, tool calls
//! with JSON-string arguments) and tool results (`role: "tool"`, `[tool error] ` before a
//! failure's text). Mistral tool-call ids are 9 letters and digits: ids from other models
//! are hashed to that shape ([`ToolCallIds`]).

use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::HashMap;

use serde_json::{json, Map, Value};
use tau_protocol::{
    AgentMessage, ContentBlock, Model, ThinkingLevel, ToolDeclaration, UserContent,
};

use crate::estimate::clamp_max_tokens_to_context;
use crate::models::clamp_thinking;
use crate::openai_responses::input::short_hash;
use crate::strict_schema::{make_strict, resolve_strict};

/// Length of a Mistral tool-call id.
const TOOL_CALL_ID_LENGTH: usize = 9;
/// Top-level renames, in pi-ai's order.
const PAYLOAD_RENAMES: [(&str, &str); 12] = [
    ("topP", "top_p"),
    ("maxTokens", "max_tokens"),
    ("randomSeed", "random_seed"),
    ("responseFormat", "response_format"),
    ("toolChoice", "tool_choice"),
    ("presencePenalty", "presence_penalty"),
    ("frequencyPenalty", "frequency_penalty"),
    ("parallelToolCalls", "parallel_tool_calls"),
    ("reasoningEffort", "reasoning_effort"),
    ("promptMode", "prompt_mode"),
    ("promptCacheKey", "prompt_cache_key"),
    ("safePrompt", "safe_prompt"),
];
/// Message renames.
const MESSAGE_RENAMES: [(&str, &str); 2] =
    [("toolCalls", "tool_calls"), ("toolCallId", "tool_call_id")];
/// Content-chunk renames.
const CHUNK_RENAMES: [(&str, &str); 6] = [
    ("imageUrl", "image_url"),
    ("documentUrl", "document_url"),
    ("documentName", "document_name"),
    ("fileId", "file_id"),
    ("referenceIds", "reference_ids"),
    ("inputAudio", "input_audio"),
];

/// What the payload is built from.
pub struct PayloadInput<'a, M> {
    /// The model asked.
    pub model: &'a Model,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation as the user wrote it (for the output-token budget).
    pub original: &'a [M],
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [M],
    /// Tools offered.
    pub tools: &'a [ToolDeclaration],
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// The session id, when it keys the prompt cache.
    pub cache_session_id: Option<&'a str>,
}

/// pi-ai's camelCase payload; fails (with Pi's text) when a tool requires strict sampling
/// the model is not configured for.
pub fn build_payload<M: Borrow<AgentMessage>>(
    input: &PayloadInput<'_, M>,
) -> Result<Value, String> {
    let model = input.model;
    let supports_images = model.input.iter().any(|kind| kind == "image");
    let mut payload = Map::new();
    payload.insert("model".into(), json!(model.id));
    payload.insert("stream".into(), json!(true));
    payload.insert(
        "messages".into(),
        Value::Array(chat_messages(
            input.system_prompt,
            input.messages,
            supports_images,
        )),
    );
    if !input.tools.is_empty() {
        // Strict tools are opt-in on Mistral (`compat.supportsStrictMode`).
        let supports_strict = model
            .compat
            .as_ref()
            .and_then(|compat| compat.get("supportsStrictMode"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        payload.insert(
            "tools".into(),
            function_tools(input.tools, supports_strict)?,
        );
    }
    let max_tokens = clamp_max_tokens_to_context(
        model.context_window,
        input.system_prompt,
        input.tools,
        input.original,
        model.max_tokens,
    );
    payload.insert("maxTokens".into(), json!(max_tokens));
    let (prompt_mode, effort) = reasoning(model, input.thinking_level);
    if let Some(mode) = prompt_mode {
        payload.insert("promptMode".into(), json!(mode));
    }
    if let Some(effort) = effort.filter(crate::json::is_truthy) {
        payload.insert("reasoningEffort".into(), effort);
    }
    if let Some(id) = input.cache_session_id.filter(|id| !id.is_empty()) {
        payload.insert("promptCacheKey".into(), json!(id));
    }
    Ok(Value::Object(payload))
}

/// How reasoning is asked for: models with a `thinkingLevelMap` take `reasoning_effort` (the
/// level's entry, `high` when it has none; thinking off sends the `off` entry), other
/// reasoning models `prompt_mode: "reasoning"`.
fn reasoning(model: &Model, level: ThinkingLevel) -> (Option<&'static str>, Option<Value>) {
    let requested = match level {
        ThinkingLevel::Off => None,
        level => Some(clamp_thinking(model, level)).filter(|level| *level != ThinkingLevel::Off),
    };
    let effort_map = model
        .thinking_level_map
        .as_ref()
        .filter(|_| model.reasoning)
        .and_then(Value::as_object);
    let Some(map) = effort_map else {
        let mode = (model.reasoning && requested.is_some()).then_some("reasoning");
        return (mode, None);
    };
    let effort = match requested {
        Some(level) => Some(
            map.get(level.as_str())
                .filter(|value| !value.is_null())
                .cloned()
                .unwrap_or_else(|| json!("high")),
        ),
        None => map.get("off").filter(|value| !value.is_null()).cloned(),
    };
    (None, effort)
}

fn function_tools(tools: &[ToolDeclaration], supports_strict: bool) -> Result<Value, String> {
    let mut out = Vec::with_capacity(tools.len());
    for tool in tools {
        let strict = resolve_strict(tool, supports_strict)? == Some(true);
        let parameters = if strict {
            make_strict(&tool.parameters)?
        } else {
            tool.parameters.clone()
        };
        out.push(json!({"type": "function", "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": parameters,
            "strict": strict,
        }}));
    }
    Ok(Value::Array(out))
}

fn chat_messages<M: Borrow<AgentMessage>>(
    system_prompt: &str,
    messages: &[M],
    supports_images: bool,
) -> Vec<Value> {
    let mut out = Vec::new();
    if !system_prompt.is_empty() {
        out.push(json!({"role": "system", "content": system_prompt}));
    }
    let image_url = |data: &str, mime_type: &str| json!({"type": "image_url", "imageUrl": format!("data:{mime_type};base64,{data}")});
    for message in messages {
        match message.borrow() {
            AgentMessage::User(user) => match &user.content {
                UserContent::Text(text) => out.push(json!({"role": "user", "content": text})),
                UserContent::Blocks(blocks) => {
                    let had_images = blocks
                        .iter()
                        .any(|b| matches!(b, ContentBlock::Image { .. }));
                    let content: Vec<Value> = blocks
                        .iter()
                        .filter_map(|block| match block {
                            ContentBlock::Text { text, .. } => {
                                Some(json!({"type": "text", "text": text}))
                            }
                            ContentBlock::Image { data, mime_type } if supports_images => {
                                Some(image_url(data, mime_type))
                            }
                            _ => None,
                        })
                        .collect();
                    if !content.is_empty() {
                        out.push(json!({"role": "user", "content": content}));
                    } else if had_images && !supports_images {
                        out.push(json!({"role": "user",
                            "content": "(image omitted: model does not support images)"}));
                    }
                }
            },
            AgentMessage::Assistant(assistant) => {
                let mut content = Vec::new();
                let mut tool_calls = Vec::new();
                for block in &assistant.content {
                    match block {
                        ContentBlock::Text { text, .. } if !text.trim().is_empty() => {
                            content.push(json!({"type": "text", "text": text}));
                        }
                        ContentBlock::Thinking { thinking, .. } if !thinking.trim().is_empty() => {
                            content.push(json!({"type": "thinking",
                                "thinking": [{"type": "text", "text": thinking}]}));
                        }
                        ContentBlock::ToolCall(call) => {
                            let arguments = match &call.arguments {
                                Value::Null => "{}".to_owned(),
                                other => other.to_string(),
                            };
                            tool_calls.push(json!({"id": call.id, "type": "function",
                                "function": {"name": call.name, "arguments": arguments}, "index": 0}));
                        }
                        _ => {}
                    }
                }
                if content.is_empty() && tool_calls.is_empty() {
                    continue;
                }
                let mut item = Map::new();
                item.insert("role".into(), json!("assistant"));
                item.insert("prefix".into(), json!(false));
                if !content.is_empty() {
                    item.insert("content".into(), Value::Array(content));
                }
                if !tool_calls.is_empty() {
                    item.insert("toolCalls".into(), Value::Array(tool_calls));
                }
                out.push(Value::Object(item));
            }
            AgentMessage::ToolResult(result) => {
                let text = result
                    .content
                    .iter()
                    .filter_map(|block| match block {
                        ContentBlock::Text { text, .. } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
                    .join("\n");
                let has_images = result
                    .content
                    .iter()
                    .any(|b| matches!(b, ContentBlock::Image { .. }));
                let mut content = vec![json!({"type": "text",
                    "text": tool_result_text(&text, has_images, supports_images, result.is_error)})];
                if supports_images {
                    content.extend(result.content.iter().filter_map(|block| match block {
                        ContentBlock::Image { data, mime_type } => Some(image_url(data, mime_type)),
                        _ => None,
                    }));
                }
                out.push(json!({"role": "tool", "toolCallId": result.tool_call_id,
                    "name": result.tool_name, "content": content}));
            }
            _ => {}
        }
    }
    out
}

/// A tool result's text: never empty, failures marked, images accounted for.
fn tool_result_text(text: &str, has_images: bool, supports_images: bool, is_error: bool) -> String {
    let trimmed = text.trim();
    let prefix = if is_error { "[tool error] " } else { "" };
    if !trimmed.is_empty() {
        let suffix = if has_images && !supports_images {
            "\n[tool image omitted: model does not support images]"
        } else {
            ""
        };
        return format!("{prefix}{trimmed}{suffix}");
    }
    let body = match (has_images, supports_images) {
        (true, true) => "(see attached image)",
        (true, false) => "(image omitted: model does not support images)",
        (false, _) => "(no tool output)",
    };
    format!("{prefix}{body}")
}

/// The endpoint's snake_case form of a (possibly hook-edited) payload.
pub fn to_wire(payload: &Value) -> Value {
    let Value::Object(fields) = payload else {
        return payload.clone();
    };
    let mut wire = fields.clone();
    rename(&mut wire, &PAYLOAD_RENAMES);
    if let Some(Value::Array(messages)) = wire.get_mut("messages") {
        for message in messages.iter_mut() {
            if let Value::Object(message) = message {
                rename(message, &MESSAGE_RENAMES);
                if let Some(Value::Array(chunks)) = message.get_mut("content") {
                    for chunk in chunks.iter_mut() {
                        if let Value::Object(chunk) = chunk {
                            rename(chunk, &CHUNK_RENAMES);
                        }
                    }
                }
            }
        }
    }
    if let Some(Value::Object(format)) = wire.get_mut("response_format") {
        rename(format, &[("jsonSchema", "json_schema")]);
        if let Some(Value::Object(schema)) = format.get_mut("json_schema") {
            rename(schema, &[("schemaDefinition", "schema")]);
        }
    }
    Value::Object(wire)
}

/// Moves each present `source` key to `target`, at the end of the object.
fn rename(object: &mut Map<String, Value>, renames: &[(&str, &str)]) {
    for (source, target) in renames {
        if let Some(value) = object.shift_remove(*source) {
            object.shift_remove(*target);
            object.insert((*target).to_owned(), value);
        }
    }
}

/// Mistral ids for tool calls of other models: 9 letters and digits, distinct per request.
#[derive(Debug, Default)]
pub struct ToolCallIds {
    ids: RefCell<HashMap<String, String>>,
    owners: RefCell<HashMap<String, String>>,
}

impl ToolCallIds {
    /// The Mistral id standing for `id` in this request.
    pub fn normalize(&self, id: &str) -> String {
        if let Some(existing) = self.ids.borrow().get(id) {
            return existing.clone();
        }
        let mut attempt = 0;
        loop {
            let candidate = derive_tool_call_id(id, attempt);
            let taken = self
                .owners
                .borrow()
                .get(&candidate)
                .is_some_and(|owner| owner != id);
            if !taken {
                self.ids
                    .borrow_mut()
                    .insert(id.to_owned(), candidate.clone());
                self.owners
                    .borrow_mut()
                    .insert(candidate.clone(), id.to_owned());
                return candidate;
            }
            attempt += 1;
        }
    }
}

/// An id of 9 letters and digits for `id` (pi-ai's derivation: the id itself when it
/// already is one, else a hash of it).
pub fn derive_tool_call_id(id: &str, attempt: u32) -> String {
    let normalized: String = id.chars().filter(char::is_ascii_alphanumeric).collect();
    if attempt == 0 && normalized.len() == TOOL_CALL_ID_LENGTH {
        return normalized;
    }
    let base = if normalized.is_empty() {
        id
    } else {
        &normalized
    };
    let seed = if attempt == 0 {
        base.to_owned()
    } else {
        format!("{base}:{attempt}")
    };
    short_hash(&seed)
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(TOOL_CALL_ID_LENGTH)
        .collect()
}
