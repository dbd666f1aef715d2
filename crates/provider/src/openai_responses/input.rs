//! Conversation → Responses `input` items (pi-ai `convertResponsesMessages`), after the
//! shared clean-up of [`crate::transform`].
//!
//! - The system prompt is the first item, `{role: "developer"}` for reasoning models (unless
//!   `compat.supportsDeveloperRole` is false), else `{role: "system"}`. Models that take
//!   tool declarations in the input (`supportsAdditionalTools` with mid-conversation system
//!   messages) get an `additional_tools` item before it instead of a top-level `tools`.
//! - User content becomes `input_text` / `input_image` parts.
//! - An assistant message becomes its items in content order: each thinking block's stored
//!   reasoning item (its signature, with `encrypted_content`) verbatim, each text block a
//!   `message` item whose id comes from the text signature (`msg_pi_<n>` without one), each
//!   tool call a `function_call` item. The tool-call id is `call_id|item_id`; the item id is
//!   dropped for another model of the same provider, as OpenAI pairs item ids with reasoning.
//! - A tool result becomes a `function_call_output` with text, or text and images.

use std::collections::HashSet;

use serde_json::{json, Map, Value};
use tau_protocol::{AgentMessage, AssistantMessage, ContentBlock, Model, ToolCall, UserContent};

use super::compat::Compat;

/// Providers whose tool-call ids carry a Responses item id worth keeping.
pub const ITEM_ID_PROVIDERS: [&str; 3] = ["openai", "openai-codex", "opencode"];
/// OpenAI's limit on item and call id length.
const MAX_ID_CHARS: usize = 64;

/// What the input is built from.
pub struct InputSpec<'a> {
    /// The model asked.
    pub model: &'a Model,
    /// System prompt.
    pub system_prompt: &'a str,
    /// The conversation after [`crate::transform::transform_messages`].
    pub messages: &'a [AgentMessage],
    /// Tools declared in the input (only for models that take `additional_tools`).
    pub input_tools: &'a [Value],
    /// Resolved compat settings.
    pub compat: &'a Compat,
    /// The effort sent in `configuration_update` items, for models that change effort
    /// mid-conversation.
    pub configuration_effort: Option<&'a Value>,
}

/// The `input` array.
pub fn convert_input(spec: &InputSpec<'_>) -> Vec<Value> {
    let model = spec.model;
    let mut items = Vec::new();
    if !spec.input_tools.is_empty() {
        items.push(json!({"type": "additional_tools", "role": "developer",
            "tools": spec.input_tools}));
    }
    if !spec.system_prompt.is_empty() {
        let role = if model.reasoning && spec.compat.supports_developer_role {
            "developer"
        } else {
            "system"
        };
        items.push(json!({"role": role, "content": spec.system_prompt}));
    }
    // Counts the messages converted, for the fallback ids of replayed text.
    let mut index = 0usize;
    for message in spec.messages {
        match message {
            AgentMessage::User(user) => {
                let Some(item) = user_item(&user.content) else {
                    continue;
                };
                items.push(item);
            }
            AgentMessage::Assistant(assistant) => {
                let output = assistant_items(model, assistant, index);
                if output.is_empty() {
                    continue;
                }
                let same_model = assistant.provider == model.provider
                    && assistant.api == model.api
                    && assistant.model == model.id;
                if let (Some(_), true, Some(level)) = (
                    spec.configuration_effort,
                    same_model,
                    assistant.extra.get(super::PROVIDER_THINKING_LEVEL),
                ) {
                    items.push(configuration_update(level));
                }
                items.extend(output);
            }
            AgentMessage::ToolResult(result) => {
                let call_id = result.tool_call_id.split('|').next().unwrap_or_default();
                items.push(json!({
                    "type": "function_call_output",
                    "call_id": call_id,
                    "output": tool_output(model, &result.content),
                }));
            }
            // Other roles never reach a provider; pi-ai counts them all the same.
            _ => {}
        }
        index += 1;
    }
    if let Some(effort) = spec.configuration_effort {
        items.push(configuration_update(effort));
    }
    items
}

fn configuration_update(effort: &Value) -> Value {
    json!({"type": "configuration_update", "reasoning": {"effort": effort}})
}

fn user_item(content: &UserContent) -> Option<Value> {
    let blocks = match content {
        UserContent::Text(text) => {
            return Some(json!({"role": "user",
                "content": [{"type": "input_text", "text": text}]}))
        }
        UserContent::Blocks(blocks) => blocks,
    };
    let parts: Vec<Value> = blocks
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } => Some(json!({"type": "input_text", "text": text})),
            ContentBlock::Image { data, mime_type } => Some(image_part(mime_type, data)),
            ContentBlock::Thinking { .. } | ContentBlock::ToolCall(_) => None,
        })
        .collect();
    (!parts.is_empty()).then(|| json!({"role": "user", "content": parts}))
}

fn image_part(mime_type: &str, data: &str) -> Value {
    json!({"type": "input_image", "detail": "auto",
        "image_url": format!("data:{mime_type};base64,{data}")})
}

/// The items of one assistant message; `index` is its position among converted messages.
fn assistant_items(model: &Model, assistant: &AssistantMessage, index: usize) -> Vec<Value> {
    let different_model = assistant.provider == model.provider
        && assistant.api == model.api
        && assistant.model != model.id;
    let same_model = assistant.provider == model.provider
        && assistant.api == model.api
        && assistant.model == model.id;
    let mut items = Vec::new();
    let mut text_blocks = 0usize;
    for block in &assistant.content {
        match block {
            ContentBlock::Thinking {
                thinking_signature: Some(signature),
                ..
            } if !signature.is_empty() => {
                // Deviation: pi-ai fails the request on a signature that is not JSON; tau
                // leaves the block out so the session stays usable.
                if let Ok(item @ Value::Object(_)) = serde_json::from_str::<Value>(signature) {
                    items.push(item);
                }
            }
            ContentBlock::Thinking { .. } | ContentBlock::Image { .. } => {}
            ContentBlock::Text {
                text,
                text_signature,
            } => {
                let fallback = if text_blocks == 0 {
                    format!("msg_pi_{index}")
                } else {
                    format!("msg_pi_{index}_{text_blocks}")
                };
                text_blocks += 1;
                let (id, phase) = parse_text_signature(text_signature.as_deref());
                let id = match id {
                    None => fallback,
                    Some(id) if id.encode_utf16().count() > MAX_ID_CHARS => {
                        format!("msg_{}", short_hash(&id))
                    }
                    Some(id) => id,
                };
                let mut item = Map::new();
                item.insert("type".into(), json!("message"));
                item.insert("role".into(), json!("assistant"));
                item.insert(
                    "content".into(),
                    json!([{"type": "output_text", "text": text, "annotations": []}]),
                );
                item.insert("status".into(), json!("completed"));
                item.insert("id".into(), json!(id));
                if let Some(phase) = phase {
                    item.insert("phase".into(), json!(phase));
                }
                items.push(Value::Object(item));
            }
            ContentBlock::ToolCall(call) => {
                items.push(function_call_item(call, different_model, same_model));
            }
        }
    }
    items
}

fn function_call_item(call: &ToolCall, different_model: bool, same_model: bool) -> Value {
    let mut parts = call.id.split('|');
    let call_id = parts.next().unwrap_or_default();
    // Item ids of another model would fail OpenAI's pairing with reasoning items, and only
    // `fc_` ids are function-call ids.
    let item_id = parts
        .next()
        .filter(|id| !different_model && id.starts_with("fc_"));
    let mut item = Map::new();
    item.insert("type".into(), json!("function_call"));
    if let Some(item_id) = item_id {
        item.insert("id".into(), json!(item_id));
    }
    item.insert("call_id".into(), json!(call_id));
    item.insert("name".into(), json!(call.name));
    item.insert("arguments".into(), json!(call.arguments.to_string()));
    if let (true, Some(namespace)) = (same_model, &call.namespace) {
        item.insert("namespace".into(), json!(namespace));
    }
    Value::Object(item)
}

/// The message id and phase kept in a text signature: `{"v":1,"id":…,"phase":…}`, or a
/// bare id from older versions.
pub fn parse_text_signature(signature: Option<&str>) -> (Option<String>, Option<String>) {
    let Some(signature) = signature.filter(|s| !s.is_empty()) else {
        return (None, None);
    };
    if signature.starts_with('{') {
        if let Ok(parsed) = serde_json::from_str::<Value>(signature) {
            if let (Some(1), Some(id)) = (
                parsed.get("v").and_then(Value::as_i64),
                parsed.get("id").and_then(Value::as_str),
            ) {
                let phase = parsed
                    .get("phase")
                    .and_then(Value::as_str)
                    .filter(|phase| matches!(*phase, "commentary" | "final_answer"));
                return (Some(id.to_owned()), phase.map(str::to_owned));
            }
        }
    }
    (Some(signature.to_owned()), None)
}

/// A text signature for a streamed message item (`{"v":1,"id":…}` plus its phase).
pub fn text_signature(id: &str, phase: Option<&str>) -> String {
    let mut payload = Map::new();
    payload.insert("v".into(), json!(1));
    payload.insert("id".into(), json!(id));
    if let Some(phase) = phase.filter(|phase| !phase.is_empty()) {
        payload.insert("phase".into(), json!(phase));
    }
    Value::Object(payload).to_string()
}

/// A tool result's `output`: its text (or a placeholder), or text and image parts when the
/// model sees images.
fn tool_output(model: &Model, content: &[ContentBlock]) -> Value {
    let text = content
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect::<Vec<_>>()
        .join("\n");
    let images: Vec<Value> = content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Image { data, mime_type } => Some(image_part(mime_type, data)),
            ContentBlock::Text { .. }
            | ContentBlock::Thinking { .. }
            | ContentBlock::ToolCall(_) => None,
        })
        .collect();
    let has_text = !text.trim().is_empty();
    if images.is_empty() || !model.input.iter().any(|kind| kind == "image") {
        return json!(if has_text {
            text
        } else if !images.is_empty() {
            "(see attached image)".to_owned()
        } else {
            "(no tool output)".to_owned()
        });
    }
    let mut parts = Vec::new();
    if has_text {
        parts.push(json!({"type": "input_text", "text": text}));
    }
    parts.extend(images);
    Value::Array(parts)
}

/// Tool-call ids of messages from another provider or API, whose item ids get rehashed.
pub fn foreign_tool_call_ids(messages: &[AgentMessage], model: &Model) -> HashSet<String> {
    messages
        .iter()
        .filter_map(|message| match message {
            AgentMessage::Assistant(assistant)
                if assistant.provider != model.provider || assistant.api != model.api =>
            {
                Some(assistant.tool_calls().map(|call| call.id.clone()))
            }
            _ => None,
        })
        .flatten()
        .collect()
}

/// A tool-call id from another model made acceptable to the Responses API: `call|item` ids
/// keep both parts for OpenAI's own providers (a foreign item id becomes `fc_<hash>`), every
/// other id is sanitised to 64 `[A-Za-z0-9_-]` characters.
pub fn normalize_tool_call_id(id: &str, provider: &str, foreign: bool) -> String {
    normalize_tool_call_id_keeping(id, ITEM_ID_PROVIDERS.contains(&provider), foreign)
}

/// [`normalize_tool_call_id`] for a model whose provider keeps item ids (`keeps_item_ids`)
/// or not, as each API decides it.
pub fn normalize_tool_call_id_keeping(id: &str, keeps_item_ids: bool, foreign: bool) -> String {
    if !keeps_item_ids || !id.contains('|') {
        return normalize_id_part(id);
    }
    let mut parts = id.split('|');
    let call_id = normalize_id_part(parts.next().unwrap_or_default());
    let raw_item = parts.next().unwrap_or_default();
    let mut item_id = if foreign {
        truncate_utf16(&format!("fc_{}", short_hash(raw_item)), MAX_ID_CHARS)
    } else {
        normalize_id_part(raw_item)
    };
    if !item_id.starts_with("fc_") {
        item_id = normalize_id_part(&format!("fc_{item_id}"));
    }
    format!("{call_id}|{item_id}")
}

/// Characters outside `[A-Za-z0-9_-]` become `_` (one per UTF-16 unit, as in JavaScript),
/// cut to 64, trailing `_` removed.
fn normalize_id_part(part: &str) -> String {
    let mut out = String::with_capacity(part.len());
    for c in part.chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n('_', c.len_utf16()));
        }
    }
    out.truncate(MAX_ID_CHARS);
    out.trim_end_matches('_').to_owned()
}

fn truncate_utf16(text: &str, max: usize) -> String {
    let mut units = 0;
    text.chars()
        .take_while(|c| {
            units += c.len_utf16();
            units <= max
        })
        .collect()
}

/// pi-ai's `shortHash`: two 32-bit multiplicative hashes over UTF-16 units, in base 36.
pub fn short_hash(text: &str) -> String {
    let mut h1: u32 = 0xdead_beef;
    let mut h2: u32 = 0x41c6_ce57;
    for unit in text.encode_utf16() {
        let unit = u32::from(unit);
        h1 = (h1 ^ unit).wrapping_mul(2_654_435_761);
        h2 = (h2 ^ unit).wrapping_mul(1_597_334_677);
    }
    h1 = (h1 ^ (h1 >> 16)).wrapping_mul(2_246_822_507)
        ^ (h2 ^ (h2 >> 13)).wrapping_mul(3_266_489_909);
    h2 = (h2 ^ (h2 >> 16)).wrapping_mul(2_246_822_507)
        ^ (h1 ^ (h1 >> 13)).wrapping_mul(3_266_489_909);
    format!("{}{}", base36(h2), base36(h1))
}

fn base36(mut value: u32) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut digits = Vec::new();
    loop {
        digits.push(DIGITS[(value % 36) as usize]);
        value /= 36;
        if value == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8_lossy(&digits).into_owned()
}
