//! The conversation as Gemini `contents` (pi-ai's Google `convertMessages`): user turns
//! (`role: "user"`) of text and `inlineData` image parts, model turns (`role: "model"`) of
//! text, thought and `functionCall` parts, and tool results as `functionResponse` parts of a
//! user turn (consecutive results share one turn).
//!
//! Thought signatures (opaque base64 that lets Gemini resume its reasoning) are echoed back
//! only to the model that wrote them. Thinking from another model becomes plain text.
//! Gemini 3 and later (and Claude / gpt-oss behind Google APIs) need the tool-call `id`
//! echoed; Gemini 3 also takes tool-result images inside the `functionResponse`, older
//! models get them in a user turn of their own.

use std::borrow::Borrow;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::{json, Map, Value};
use tau_protocol::{
    AgentMessage, AssistantMessage, ContentBlock, Model, ToolResultMessage, UserContent,
};

/// Standard base64, the only form Google accepts for signatures (`TYPE_BYTES`).
static BASE64: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-Za-z0-9+/]+={0,2}$").unwrap_or_else(|_| unreachable!("constant pattern"))
});
/// The major version in a Gemini model id (`gemini-2.5-pro` → 2, `gemini-live-3-x` → 3).
static GEMINI_MAJOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^gemini(?:-live)?-(\d+)").unwrap_or_else(|_| unreachable!("constant pattern"))
});

/// Gemini's major version, when the id names one.
pub fn gemini_major_version(model_id: &str) -> Option<u32> {
    let lower = model_id.to_lowercase();
    GEMINI_MAJOR
        .captures(&lower)
        .and_then(|captures| captures.get(1)?.as_str().parse().ok())
}

/// Whether function calls and responses must carry the tool-call id.
pub fn requires_tool_call_id(model_id: &str) -> bool {
    model_id.starts_with("claude-")
        || model_id.starts_with("gpt-oss-")
        || gemini_major_version(model_id).is_some_and(|major| major >= 3)
}

/// A tool-call id from another model, made acceptable where ids are sent.
pub fn normalize_tool_call_id(model_id: &str, id: &str) -> String {
    if !requires_tool_call_id(model_id) {
        return id.to_owned();
    }
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect()
}

/// Tool-result images go inside the `functionResponse` (Gemini 3+, and non-Gemini models).
fn supports_multimodal_function_response(model_id: &str) -> bool {
    gemini_major_version(model_id).is_none_or(|major| major >= 3)
}

/// A signature worth echoing: from this model, and valid base64.
fn echoed_signature(same_model: bool, signature: Option<&String>) -> Option<String> {
    let signature = signature.filter(|_| same_model)?;
    (!signature.is_empty() && signature.len() % 4 == 0 && BASE64.is_match(signature))
        .then(|| signature.clone())
}

/// `contents` of the transformed conversation.
pub fn convert_messages<M: Borrow<AgentMessage>>(model: &Model, messages: &[M]) -> Vec<Value> {
    let mut contents: Vec<Value> = Vec::new();
    for message in messages {
        match message.borrow() {
            AgentMessage::User(user) => {
                let parts = match &user.content {
                    UserContent::Text(text) => vec![json!({"text": text})],
                    UserContent::Blocks(blocks) => blocks.iter().filter_map(user_part).collect(),
                };
                if !parts.is_empty() {
                    contents.push(json!({"role": "user", "parts": parts}));
                }
            }
            AgentMessage::Assistant(assistant) => {
                let parts = assistant_parts(model, assistant);
                if !parts.is_empty() {
                    contents.push(json!({"role": "model", "parts": parts}));
                }
            }
            AgentMessage::ToolResult(result) => push_tool_result(model, result, &mut contents),
            _ => {}
        }
    }
    contents
}

fn user_part(block: &ContentBlock) -> Option<Value> {
    match block {
        ContentBlock::Text { text, .. } => Some(json!({"text": text})),
        ContentBlock::Image { data, mime_type } => {
            Some(json!({"inlineData": {"mimeType": mime_type, "data": data}}))
        }
        ContentBlock::Thinking { .. } | ContentBlock::ToolCall(_) => None,
    }
}

fn assistant_parts(model: &Model, message: &AssistantMessage) -> Vec<Value> {
    let same_model = message.provider == model.provider && message.model == model.id;
    let mut parts = Vec::new();
    for block in &message.content {
        match block {
            ContentBlock::Text {
                text,
                text_signature,
            } => {
                let signature = echoed_signature(same_model, text_signature.as_ref());
                // An empty text part still goes when it carries a signature: Gemini needs it
                // echoed to keep its reasoning chain.
                if text.trim().is_empty() && signature.is_none() {
                    continue;
                }
                let mut part = Map::new();
                part.insert("text".into(), json!(text));
                if let Some(signature) = signature {
                    part.insert("thoughtSignature".into(), json!(signature));
                }
                parts.push(Value::Object(part));
            }
            ContentBlock::Thinking {
                thinking,
                thinking_signature,
                ..
            } => {
                if same_model {
                    let signature = echoed_signature(true, thinking_signature.as_ref());
                    if thinking.trim().is_empty() && signature.is_none() {
                        continue;
                    }
                    let mut part = Map::new();
                    part.insert("thought".into(), json!(true));
                    part.insert("text".into(), json!(thinking));
                    if let Some(signature) = signature {
                        part.insert("thoughtSignature".into(), json!(signature));
                    }
                    parts.push(Value::Object(part));
                } else if !thinking.trim().is_empty() {
                    parts.push(json!({"text": thinking}));
                }
            }
            ContentBlock::ToolCall(call) => {
                let mut function_call = Map::new();
                function_call.insert("name".into(), json!(call.name));
                let arguments = match &call.arguments {
                    Value::Null => json!({}),
                    other => other.clone(),
                };
                function_call.insert("args".into(), arguments);
                if requires_tool_call_id(&model.id) {
                    function_call.insert("id".into(), json!(call.id));
                }
                let mut part = Map::new();
                part.insert("functionCall".into(), Value::Object(function_call));
                if let Some(signature) =
                    echoed_signature(same_model, call.thought_signature.as_ref())
                {
                    part.insert("thoughtSignature".into(), json!(signature));
                }
                parts.push(Value::Object(part));
            }
            ContentBlock::Image { .. } => {}
        }
    }
    parts
}

fn push_tool_result(model: &Model, result: &ToolResultMessage, contents: &mut Vec<Value>) {
    let text = result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let images: Vec<Value> = if model.input.iter().any(|input| input == "image") {
        result
            .content
            .iter()
            .filter_map(|block| match block {
                ContentBlock::Image { data, mime_type } => {
                    Some(json!({"inlineData": {"mimeType": mime_type, "data": data}}))
                }
                _ => None,
            })
            .collect()
    } else {
        Vec::new()
    };
    let has_text = !text.trim().is_empty();
    let value = if has_text {
        text
    } else if !images.is_empty() {
        "(see attached image)".to_owned()
    } else {
        String::new()
    };
    let inline_images = supports_multimodal_function_response(&model.id);
    let mut response = Map::new();
    response.insert("name".into(), json!(result.tool_name));
    let key = if result.is_error { "error" } else { "output" };
    response.insert("response".into(), json!({ key: value }));
    if !images.is_empty() && inline_images {
        response.insert("parts".into(), Value::Array(images.clone()));
    }
    if requires_tool_call_id(&model.id) {
        response.insert("id".into(), json!(result.tool_call_id));
    }
    let part = json!({"functionResponse": response});
    // Every function response of one round goes in a single user turn.
    let merged = contents.last_mut().and_then(|last| {
        let is_results = last.get("role") == Some(&json!("user"))
            && last["parts"]
                .as_array()
                .is_some_and(|parts| parts.iter().any(|p| p.get("functionResponse").is_some()));
        is_results.then(|| last["parts"].as_array_mut()).flatten()
    });
    match merged {
        Some(parts) => parts.push(part),
        None => contents.push(json!({"role": "user", "parts": [part]})),
    }
    if !images.is_empty() && !inline_images {
        let mut parts = vec![json!({"text": "Tool result image:"})];
        parts.extend(images);
        contents.push(json!({"role": "user", "parts": parts}));
    }
}
