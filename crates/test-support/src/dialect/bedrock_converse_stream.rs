//! Amazon Bedrock's ConverseStream (`POST …/model/{id}/converse-stream`), as AWS documents
//! it: a binary `application/vnd.amazon.eventstream` body whose messages carry
//! `:event-type`, `:content-type` and `:message-type` headers and a JSON payload —
//! `messageStart`, `contentBlockDelta` (text, `reasoningContent`, `toolUse` input),
//! `contentBlockStart` for tool uses, `contentBlockStop`, `messageStop` and `metadata`.
//! Errors inside the stream are `exception` messages. This module encodes the framing
//! (prelude and message CRC32s) itself, independently of tau's decoder.

use serde_json::{json, Value};

use super::{RenderContext, SseFrame};
use crate::script::MockTurn;

/// Not JSON: a Bedrock client must reject the event.
pub const MALFORMED: &str = r#"{"contentBlockIndex":0,"delta":{"text":"#;
/// The frame-name prefix of an exception message.
const EXCEPTION: &str = "exception:";

fn event(name: &str, payload: Value) -> SseFrame {
    SseFrame {
        event: Some(name.to_owned()),
        data: payload.to_string(),
    }
}

/// The frames of `turn`.
pub fn render(turn: &MockTurn, context: &RenderContext) -> Vec<SseFrame> {
    let mut frames = vec![event("messageStart", json!({"role": "assistant"}))];
    let mut index = 0;
    if let Some(thinking) = &turn.thinking {
        for piece in turn.pieces_of(thinking) {
            frames.push(event(
                "contentBlockDelta",
                json!({"contentBlockIndex": index,
                "delta": {"reasoningContent": {"text": piece}}}),
            ));
        }
        let signature = turn
            .thinking_signature
            .clone()
            .unwrap_or_else(|| format!("sig-{}", context.request_number));
        frames.push(event(
            "contentBlockDelta",
            json!({"contentBlockIndex": index,
            "delta": {"reasoningContent": {"signature": signature}}}),
        ));
        frames.push(event(
            "contentBlockStop",
            json!({"contentBlockIndex": index}),
        ));
        index += 1;
    }
    if let Some(text) = &turn.text {
        for piece in turn.pieces_of(text) {
            frames.push(event(
                "contentBlockDelta",
                json!({"contentBlockIndex": index,
                "delta": {"text": piece}}),
            ));
        }
        frames.push(event(
            "contentBlockStop",
            json!({"contentBlockIndex": index}),
        ));
        index += 1;
    }
    for (position, call) in turn.tool_calls.iter().enumerate() {
        let id = call
            .id
            .clone()
            .unwrap_or_else(|| format!("tooluse_mock_{}_{position}", context.request_number));
        frames.push(event(
            "contentBlockStart",
            json!({"contentBlockIndex": index,
            "start": {"toolUse": {"toolUseId": id, "name": call.name}}}),
        ));
        for piece in turn.pieces_of(&call.arguments_text()) {
            frames.push(event(
                "contentBlockDelta",
                json!({"contentBlockIndex": index,
                "delta": {"toolUse": {"input": piece}}}),
            ));
        }
        frames.push(event(
            "contentBlockStop",
            json!({"contentBlockIndex": index}),
        ));
        index += 1;
    }
    if let Some(message) = &turn.stream_error {
        frames.push(event(
            &format!("{EXCEPTION}internalServerException"),
            json!({"message": message}),
        ));
        return frames;
    }
    if let Some(finish) = turn.effective_finish() {
        frames.push(event(
            "messageStop",
            json!({"stopReason": stop_reason(&finish)}),
        ));
    }
    if let Some(usage) = turn.effective_usage() {
        let mut fields = json!({"inputTokens": usage.input, "outputTokens": usage.output,
            "totalTokens": usage.input + usage.output + usage.cache_read + usage.cache_write});
        if usage.cache_read > 0 {
            fields["cacheReadInputTokens"] = json!(usage.cache_read);
        }
        if usage.cache_write > 0 {
            fields["cacheWriteInputTokens"] = json!(usage.cache_write);
        }
        frames.push(event(
            "metadata",
            json!({"usage": fields, "metrics": {"latencyMs": 1}}),
        ));
    }
    frames
}

/// Neutral finish names → Bedrock's `stopReason`; others pass through.
fn stop_reason(finish: &str) -> &str {
    match finish {
        "stop" => "end_turn",
        "length" => "max_tokens",
        "toolUse" => "tool_use",
        "contentFilter" => "content_filtered",
        other => other,
    }
}

/// A raw script chunk `{"<eventType>": payload}` (an exception type such as
/// `throttlingException` makes an exception message).
pub fn raw_frame(chunk: Value) -> SseFrame {
    match chunk {
        Value::Object(map) if map.len() == 1 => {
            let (name, payload) = map.into_iter().next().unwrap_or_default();
            let name = if name.ends_with("Exception") {
                format!("{EXCEPTION}{name}")
            } else {
                name
            };
            event(&name, payload)
        }
        other => event("unknown", other),
    }
}

/// Bedrock's error body: `{"message"}` with the exception name in `__type`.
pub fn error_body(status: u16, body: Value) -> Value {
    let message = body
        .pointer("/error/message")
        .or_else(|| body.get("message"))
        .cloned();
    let Some(message) = message else {
        return body;
    };
    let name = match status {
        400 => "ValidationException",
        403 => "AccessDeniedException",
        404 => "ResourceNotFoundException",
        429 => "ThrottlingException",
        503 => "ServiceUnavailableException",
        _ => "InternalServerException",
    };
    json!({"__type": name, "message": message})
}

/// The binary message of a frame.
pub fn encode(frame: &SseFrame) -> Vec<u8> {
    let name = frame.event.as_deref().unwrap_or("unknown");
    let headers: Vec<(&str, &str)> = match name.strip_prefix(EXCEPTION) {
        Some(exception) => vec![
            (":exception-type", exception),
            (":content-type", "application/json"),
            (":message-type", "exception"),
        ],
        None => vec![
            (":event-type", name),
            (":content-type", "application/json"),
            (":message-type", "event"),
        ],
    };
    encode_message(&headers, frame.data.as_bytes())
}

/// One event-stream message: prelude, string headers, payload, CRC32s.
pub fn encode_message(headers: &[(&str, &str)], payload: &[u8]) -> Vec<u8> {
    let mut head = Vec::new();
    for (name, value) in headers {
        head.push(name.len() as u8);
        head.extend_from_slice(name.as_bytes());
        head.push(7);
        head.extend_from_slice(&(value.len() as u16).to_be_bytes());
        head.extend_from_slice(value.as_bytes());
    }
    let total = (16 + head.len() + payload.len()) as u32;
    let mut out = total.to_be_bytes().to_vec();
    out.extend_from_slice(&(head.len() as u32).to_be_bytes());
    let prelude_crc = crc32(&out);
    out.extend_from_slice(&prelude_crc.to_be_bytes());
    out.extend_from_slice(&head);
    out.extend_from_slice(payload);
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_be_bytes());
    out
}

/// CRC-32 (IEEE), bit by bit: slow and obviously right, which a mock server can afford.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
