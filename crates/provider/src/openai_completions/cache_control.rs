//! Anthropic-style prompt-cache markers for OpenAI-compatible gateways that forward them
//! (OpenRouter's `anthropic/*` models; pi-ai `applyAnthropicCacheControl`): the system
//! prompt, the last tool and the last conversation message with text get
//! `cache_control: {type: "ephemeral"}` (with `ttl: "1h"` for long retention), turning a
//! string `content` into one text part.

use serde_json::{json, Map, Value};

/// Adds the markers to a request body; `long` asks for one-hour entries.
pub fn apply(body: &mut Map<String, Value>, long: bool) {
    let marker = if long {
        json!({"type": "ephemeral", "ttl": "1h"})
    } else {
        json!({"type": "ephemeral"})
    };
    if let Some(Value::Array(messages)) = body.get_mut("messages") {
        if let Some(system) = messages
            .iter_mut()
            .find(|message| matches!(role(message), Some("system" | "developer")))
        {
            mark_text(system, &marker);
        }
        for message in messages.iter_mut().rev() {
            if matches!(role(message), Some("user" | "assistant" | "tool"))
                && mark_text(message, &marker)
            {
                break;
            }
        }
    }
    if let Some(Value::Array(tools)) = body.get_mut("tools") {
        if let Some(Value::Object(last)) = tools.last_mut() {
            last.insert("cache_control".into(), marker);
        }
    }
}

fn role(message: &Value) -> Option<&str> {
    message.get("role").and_then(Value::as_str)
}

/// Marks the message's last text; false when it has none.
fn mark_text(message: &mut Value, marker: &Value) -> bool {
    let Some(content) = message.get_mut("content") else {
        return false;
    };
    match content {
        Value::String(text) if !text.is_empty() => {
            *content = json!([{"type": "text", "text": text.clone(), "cache_control": marker}]);
            true
        }
        Value::Array(parts) => match parts
            .iter_mut()
            .rev()
            .find(|part| part.get("type").and_then(Value::as_str) == Some("text"))
        {
            Some(Value::Object(part)) => {
                part.insert("cache_control".into(), marker.clone());
                true
            }
            _ => false,
        },
        _ => false,
    }
}
