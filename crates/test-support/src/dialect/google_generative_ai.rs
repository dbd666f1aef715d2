//! Gemini's `streamGenerateContent?alt=sse`, as Google's public API documents it: unnamed
//! events, each a `GenerateContentResponse` whose first candidate carries parts — thought
//! summaries (`thought: true`), text, and whole `functionCall`s — with `finishReason` and
//! `usageMetadata` on the last chunk. There is no end marker: the body just ends.

use serde_json::{json, Map, Value};

use super::{RenderContext, SseFrame};
use crate::script::MockTurn;

/// Broken JSON a Gemini client must reject.
pub const MALFORMED: &str = r#"{"candidates":[{"content":{"parts":[{"text":"#;

pub fn render(turn: &MockTurn, context: &RenderContext) -> Vec<SseFrame> {
    let id = turn
        .id
        .clone()
        .unwrap_or_else(|| format!("gemini-mock-{}", context.request_number));
    let chunk = |parts: Vec<Value>, tail: Map<String, Value>| {
        let mut candidate = json!({"content": {"parts": parts, "role": "model"}, "index": 0});
        let mut response = Map::new();
        for (key, value) in tail {
            if key == "finishReason" {
                candidate["finishReason"] = value;
            } else {
                response.insert(key, value);
            }
        }
        let mut object = json!({"candidates": [candidate]});
        if let Some(map) = object.as_object_mut() {
            map.extend(response);
            map.insert("modelVersion".into(), json!(context.model));
            map.insert("responseId".into(), json!(id));
        }
        SseFrame::data(object.to_string())
    };
    let mut frames = Vec::new();
    if let Some(thinking) = &turn.thinking {
        let pieces = turn.pieces_of(thinking);
        let last = pieces.len().saturating_sub(1);
        for (index, piece) in pieces.into_iter().enumerate() {
            let mut part = json!({"text": piece, "thought": true});
            if let (true, Some(signature)) = (index == last, &turn.thinking_signature) {
                part["thoughtSignature"] = json!(signature);
            }
            frames.push(chunk(vec![part], Map::new()));
        }
    }
    if let Some(text) = &turn.text {
        for piece in turn.pieces_of(text) {
            frames.push(chunk(vec![json!({"text": piece})], Map::new()));
        }
    }
    for call in &turn.tool_calls {
        // Gemini sends arguments as an object; a raw string that is not JSON goes as is.
        let args = match &call.arguments {
            Value::String(raw) => serde_json::from_str(raw).unwrap_or_else(|_| json!(raw)),
            other => other.clone(),
        };
        let mut function_call = json!({"name": call.name, "args": args});
        if let Some(id) = &call.id {
            function_call["id"] = json!(id);
        }
        frames.push(chunk(
            vec![json!({"functionCall": function_call})],
            Map::new(),
        ));
    }
    if let Some(message) = &turn.stream_error {
        frames.push(SseFrame::data(
            json!({"error": {"code": 500, "message": message, "status": "INTERNAL"}}).to_string(),
        ));
        return frames;
    }
    let mut tail = Map::new();
    if let Some(finish) = turn.effective_finish() {
        tail.insert("finishReason".into(), json!(finish_reason(&finish)));
    }
    if let Some(usage) = turn.effective_usage() {
        let prompt = usage.input + usage.cache_read;
        let candidates = usage.output.saturating_sub(usage.reasoning);
        let mut metadata = json!({
            "promptTokenCount": prompt,
            "candidatesTokenCount": candidates,
            "totalTokenCount": prompt + usage.output,
        });
        if usage.cache_read > 0 {
            metadata["cachedContentTokenCount"] = json!(usage.cache_read);
        }
        if usage.reasoning > 0 {
            metadata["thoughtsTokenCount"] = json!(usage.reasoning);
        }
        tail.insert("usageMetadata".into(), metadata);
    }
    if !tail.is_empty() {
        frames.push(chunk(Vec::new(), tail));
    }
    frames
}

/// Neutral finish names → Gemini's `finishReason` (a tool call ends with `STOP`); others
/// pass through.
fn finish_reason(finish: &str) -> &str {
    match finish {
        "stop" | "toolUse" => "STOP",
        "length" => "MAX_TOKENS",
        "contentFilter" => "SAFETY",
        other => other,
    }
}

/// Google's status name of an HTTP status.
fn status_name(status: u16) -> &'static str {
    match status {
        400 => "INVALID_ARGUMENT",
        401 => "UNAUTHENTICATED",
        403 => "PERMISSION_DENIED",
        404 => "NOT_FOUND",
        429 => "RESOURCE_EXHAUSTED",
        503 => "UNAVAILABLE",
        504 => "DEADLINE_EXCEEDED",
        _ => "INTERNAL",
    }
}

/// An OpenAI-shaped error body (`{"error": {"message", "type"}}`) in Google's shape
/// (`{"error": {"code", "message", "status"}}`); bodies already in it, and others, pass
/// unchanged.
pub fn error_body(status: u16, body: Value) -> Value {
    if body.pointer("/error/code").is_some() {
        return body;
    }
    let Some(message) = body.pointer("/error/message").and_then(Value::as_str) else {
        return body;
    };
    json!({"error": {"code": status, "message": message, "status": status_name(status)}})
}

/// A raw script chunk: objects as JSON, strings as they are.
pub fn raw_frame(chunk: Value) -> SseFrame {
    match chunk {
        Value::String(raw) => SseFrame::data(raw),
        other => SseFrame::data(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{MockToolCall, MockUsage};
    use pretty_assertions::assert_eq;

    #[test]
    fn parts_stream_then_the_finish_and_usage() {
        let turn = MockTurn {
            tool_calls: vec![MockToolCall::new("c1", "read", json!({"path": "a"}))],
            thinking_signature: Some("c2ln".into()),
            usage: Some(Some(MockUsage {
                input: 10,
                output: 8,
                cache_read: 2,
                reasoning: 3,
                ..MockUsage::default()
            })),
            ..MockTurn::text("Hi").with_thinking("Hm")
        };
        let context = RenderContext {
            request_number: 1,
            model: "gemini-x".into(),
        };
        let data: Vec<Value> = render(&turn, &context)
            .iter()
            .map(|frame| serde_json::from_str(&frame.data).unwrap())
            .collect();
        assert_eq!(data.len(), 4);
        assert_eq!(
            data[0]["candidates"][0]["content"]["parts"],
            json!([{"text": "Hm", "thought": true, "thoughtSignature": "c2ln"}])
        );
        assert_eq!(
            data[2]["candidates"][0]["content"]["parts"],
            json!([{"functionCall": {"name": "read", "args": {"path": "a"}, "id": "c1"}}])
        );
        assert_eq!(data[3]["candidates"][0]["finishReason"], "STOP");
        assert_eq!(
            data[3]["usageMetadata"],
            json!({"promptTokenCount": 12, "candidatesTokenCount": 5, "totalTokenCount": 20,
                "cachedContentTokenCount": 2, "thoughtsTokenCount": 3})
        );
    }

    #[test]
    fn openai_shaped_errors_take_googles_shape() {
        assert_eq!(
            error_body(
                429,
                json!({"error": {"message": "slow down", "type": "rate"}})
            ),
            json!({"error": {"code": 429, "message": "slow down", "status": "RESOURCE_EXHAUSTED"}})
        );
    }
}
