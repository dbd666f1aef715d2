//! Anthropic Messages streaming, as the API sends it: named events (`event: <type>`) whose
//! data carries the same `type`. `message_start` (with the input usage), a `ping`, then per
//! content block `content_block_start` / `*_delta` / `content_block_stop` by block index —
//! a redacted thinking block, a thinking block (`thinking_delta` pieces and one
//! `signature_delta`), a text block, and `tool_use` blocks whose input streams as
//! `input_json_delta` pieces (the first one empty, as Anthropic sends it) — then
//! `message_delta` with the stop reason and the cumulative usage, and `message_stop`.
//! In-stream errors are `event: error` with `{"type":"error","error":{…}}`, and HTTP error
//! bodies take the same shape.

use serde_json::{json, Value};

use super::{RenderContext, SseFrame};
use crate::script::{MockTurn, MockUsage};

/// Broken JSON in place of an event's data.
pub const MALFORMED: &str =
    r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"#;

/// An event named after its data's `type`.
fn frame(data: Value) -> SseFrame {
    SseFrame {
        event: data.get("type").and_then(Value::as_str).map(str::to_owned),
        data: data.to_string(),
    }
}

/// The `message_stop` event.
pub fn message_stop() -> SseFrame {
    frame(json!({"type": "message_stop"}))
}

pub fn render(turn: &MockTurn, context: &RenderContext) -> Vec<SseFrame> {
    let id = turn
        .id
        .clone()
        .unwrap_or_else(|| format!("msg_mock_{}", context.request_number));
    let usage = turn.effective_usage();
    let start_usage = match &usage {
        Some(usage) => json!({
            "input_tokens": usage.input,
            "cache_creation_input_tokens": usage.cache_write,
            "cache_read_input_tokens": usage.cache_read,
            "cache_creation": {"ephemeral_5m_input_tokens": usage.cache_write,
                "ephemeral_1h_input_tokens": 0},
            "output_tokens": 1,
        }),
        None => json!({"input_tokens": 0, "output_tokens": 0}),
    };
    let mut frames = vec![
        frame(json!({"type": "message_start", "message": {
            "id": id, "type": "message", "role": "assistant", "model": context.model,
            "content": [], "stop_reason": null, "stop_sequence": null, "usage": start_usage,
        }})),
        frame(json!({"type": "ping"})),
    ];
    let mut index = 0;
    let mut block = |frames: &mut Vec<SseFrame>, start: Value, deltas: Vec<Value>| {
        frames.push(frame(
            json!({"type": "content_block_start", "index": index, "content_block": start}),
        ));
        for delta in deltas {
            frames.push(frame(
                json!({"type": "content_block_delta", "index": index, "delta": delta}),
            ));
        }
        frames.push(frame(json!({"type": "content_block_stop", "index": index})));
        index += 1;
    };
    if let Some(data) = &turn.redacted_thinking {
        block(
            &mut frames,
            json!({"type": "redacted_thinking", "data": data}),
            Vec::new(),
        );
    }
    if let Some(thinking) = &turn.thinking {
        let signature = turn
            .thinking_signature
            .clone()
            .unwrap_or_else(|| format!("sig-{}", context.request_number));
        let mut deltas: Vec<Value> = turn
            .pieces_of(thinking)
            .into_iter()
            .map(|piece| json!({"type": "thinking_delta", "thinking": piece}))
            .collect();
        deltas.push(json!({"type": "signature_delta", "signature": signature}));
        block(
            &mut frames,
            json!({"type": "thinking", "thinking": ""}),
            deltas,
        );
    }
    if let Some(text) = &turn.text {
        let deltas = turn
            .pieces_of(text)
            .into_iter()
            .map(|piece| json!({"type": "text_delta", "text": piece}))
            .collect();
        block(&mut frames, json!({"type": "text", "text": ""}), deltas);
    }
    for (position, call) in turn.tool_calls.iter().enumerate() {
        let call_id = call
            .id
            .clone()
            .unwrap_or_else(|| format!("toolu_mock_{}_{position}", context.request_number));
        let arguments = call.arguments_text();
        let pieces = match call.pieces {
            Some(pieces) => MockTurn {
                pieces: Some(pieces),
                ..MockTurn::default()
            }
            .pieces_of(&arguments),
            None => turn.pieces_of(&arguments),
        };
        let deltas = std::iter::once(String::new())
            .chain(pieces)
            .map(|piece| json!({"type": "input_json_delta", "partial_json": piece}))
            .collect();
        block(
            &mut frames,
            json!({"type": "tool_use", "id": call_id, "name": call.name, "input": {}}),
            deltas,
        );
    }
    if let Some(message) = &turn.stream_error {
        let kind = turn.stream_error_type.as_deref().unwrap_or("api_error");
        frames.push(frame(
            json!({"type": "error", "error": {"type": kind, "message": message}}),
        ));
        return frames;
    }
    let mut message_delta = json!({"type": "message_delta",
        "delta": {"stop_reason": turn.effective_finish().map(|finish| stop_reason(&finish)),
            "stop_sequence": null}});
    if let Some(usage) = &usage {
        message_delta["usage"] = delta_usage(usage);
    }
    frames.push(frame(message_delta));
    if turn.done {
        frames.push(message_stop());
    }
    frames
}

/// The cumulative usage of `message_delta`.
fn delta_usage(usage: &MockUsage) -> Value {
    let mut value = json!({
        "input_tokens": usage.input,
        "cache_creation_input_tokens": usage.cache_write,
        "cache_read_input_tokens": usage.cache_read,
        "output_tokens": usage.output,
    });
    if usage.reasoning > 0 {
        value["output_tokens_details"] = json!({"thinking_tokens": usage.reasoning});
    }
    value
}

/// Neutral finish names → Anthropic `stop_reason`; others pass through.
fn stop_reason(finish: &str) -> String {
    match finish {
        "stop" => "end_turn",
        "length" => "max_tokens",
        "toolUse" => "tool_use",
        "contentFilter" => "refusal",
        other => other,
    }
    .to_owned()
}

/// A raw chunk as an event named after its `type` (a string chunk that is JSON too).
pub fn raw_frame(chunk: Value) -> SseFrame {
    match chunk {
        Value::String(raw) => {
            let event = serde_json::from_str::<Value>(&raw).ok().and_then(|parsed| {
                parsed
                    .get("type")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            });
            SseFrame { event, data: raw }
        }
        other => frame(other),
    }
}

/// Anthropic's error types, by status.
fn error_type(status: u16) -> &'static str {
    match status {
        400 => "invalid_request_error",
        401 => "authentication_error",
        402 => "billing_error",
        403 => "permission_error",
        404 => "not_found_error",
        413 => "request_too_large",
        429 => "rate_limit_error",
        504 => "timeout_error",
        529 => "overloaded_error",
        _ => "api_error",
    }
}

/// An OpenAI-shaped error body (`{"error": {"message", "type"}}`) in Anthropic's shape;
/// bodies already in it, and others, pass unchanged.
pub fn error_body(status: u16, body: Value) -> Value {
    if body.get("type").and_then(Value::as_str) == Some("error") {
        return body;
    }
    let Some(message) = body.pointer("/error/message").and_then(Value::as_str) else {
        return body;
    };
    let kind = body
        .pointer("/error/type")
        .and_then(Value::as_str)
        .filter(|kind| (400..=599).map(error_type).any(|known| known == *kind))
        .unwrap_or_else(|| error_type(status));
    json!({"type": "error", "error": {"type": kind, "message": message}})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::MockToolCall;
    use pretty_assertions::assert_eq;

    #[test]
    fn blocks_stream_by_index_under_named_events() {
        let turn = MockTurn {
            redacted_thinking: Some("opaque".into()),
            tool_calls: vec![MockToolCall::new("toolu_1", "read", json!({"p": 1}))],
            ..MockTurn::text("Hi").with_thinking("Hm")
        };
        let context = RenderContext {
            request_number: 3,
            model: "claude-x".into(),
        };
        let frames = render(&turn, &context);
        let names: Vec<&str> = frames
            .iter()
            .map(|frame| frame.event.as_deref().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "message_start",
                "ping",
                "content_block_start",
                "content_block_stop",
                "content_block_start",
                "content_block_delta",
                "content_block_delta",
                "content_block_stop",
                "content_block_start",
                "content_block_delta",
                "content_block_stop",
                "content_block_start",
                "content_block_delta",
                "content_block_delta",
                "content_block_stop",
                "message_delta",
                "message_stop",
            ]
        );
        let data: Vec<Value> = frames
            .iter()
            .map(|frame| serde_json::from_str(&frame.data).unwrap())
            .collect();
        for (frame, data) in frames.iter().zip(&data) {
            assert_eq!(data["type"].as_str(), frame.event.as_deref());
        }
        assert_eq!(data[0]["message"]["id"], "msg_mock_3");
        assert_eq!(
            data[6]["delta"],
            json!({"type": "signature_delta", "signature": "sig-3"})
        );
        assert_eq!(data[11]["index"], 3);
        assert_eq!(data[12]["delta"]["partial_json"], "");
        assert_eq!(data[15]["delta"]["stop_reason"], "tool_use");
        assert_eq!(data[15]["usage"]["output_tokens"], 20);
    }

    #[test]
    fn error_bodies_take_anthropics_shape() {
        assert_eq!(
            error_body(
                529,
                json!({"error": {"message": "Overloaded", "type": "server_error"}})
            ),
            json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
        );
        let native = json!({"type": "error", "error": {"type": "api_error", "message": "x"}});
        assert_eq!(error_body(500, native.clone()), native);
        assert_eq!(raw_frame(json!("not json")).event, None);
    }
}
