//! OpenAI Chat Completions streaming, as OpenAI and the oracle's fake server send it: a
//! role chunk, `reasoning_content` deltas, `content` deltas, tool calls (an opening chunk
//! with id, name and `arguments: ""`, then argument pieces by tool index), a chunk with
//! `finish_reason`, a usage chunk with empty `choices`, and `data: [DONE]`.

use serde_json::{json, Value};

use super::{RenderContext, SseFrame};
use crate::script::MockTurn;

/// `created` of every chunk.
const CREATED: u64 = 1_700_000_000;

pub fn render(turn: &MockTurn, context: &RenderContext) -> Vec<SseFrame> {
    let id = turn
        .id
        .clone()
        .unwrap_or_else(|| format!("chatcmpl-mock-{}", context.request_number));
    let chunk = |choices: Value, extra: Option<(&str, Value)>| {
        let mut object = json!({
            "id": id,
            "object": "chat.completion.chunk",
            "created": CREATED,
            "model": context.model,
            "choices": choices,
        });
        if let (Some((key, value)), Some(map)) = (extra, object.as_object_mut()) {
            map.insert(key.to_owned(), value);
        }
        SseFrame::data(object.to_string())
    };
    let delta = |delta: Value, finish: Value| {
        chunk(
            json!([{"index": 0, "delta": delta, "finish_reason": finish}]),
            None,
        )
    };
    let mut frames = vec![delta(
        json!({"role": "assistant", "content": ""}),
        Value::Null,
    )];
    if let Some(thinking) = &turn.thinking {
        for piece in turn.pieces_of(thinking) {
            frames.push(delta(json!({"reasoning_content": piece}), Value::Null));
        }
    }
    if let Some(text) = &turn.text {
        for piece in turn.pieces_of(text) {
            frames.push(delta(json!({"content": piece}), Value::Null));
        }
    }
    for (index, call) in turn.tool_calls.iter().enumerate() {
        let call_id = call
            .id
            .clone()
            .unwrap_or_else(|| format!("call_{}_{index}", context.request_number));
        frames.push(delta(
            json!({"tool_calls": [{"index": index, "id": call_id, "type": "function",
                "function": {"name": call.name, "arguments": ""}}]}),
            Value::Null,
        ));
        let arguments = call.arguments_text();
        let pieces = match call.pieces {
            Some(pieces) => {
                let piece_turn = MockTurn {
                    pieces: Some(pieces),
                    ..MockTurn::default()
                };
                piece_turn.pieces_of(&arguments)
            }
            None => turn.pieces_of(&arguments),
        };
        for piece in pieces {
            frames.push(delta(
                json!({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}),
                Value::Null,
            ));
        }
    }
    if let Some(message) = &turn.stream_error {
        frames.push(SseFrame::data(
            json!({"error": {"message": message, "type": "server_error"}}).to_string(),
        ));
        return frames;
    }
    if let Some(finish) = turn.effective_finish() {
        frames.push(delta(json!({}), json!(finish_reason(&finish))));
    }
    if let Some(usage) = turn.effective_usage() {
        let prompt = usage.input + usage.cache_read + usage.cache_write;
        let mut details = json!({"cached_tokens": usage.cache_read});
        if usage.cache_write > 0 {
            details["cache_write_tokens"] = json!(usage.cache_write);
        }
        frames.push(chunk(
            json!([]),
            Some((
                "usage",
                json!({
                    "prompt_tokens": prompt,
                    "completion_tokens": usage.output,
                    "total_tokens": prompt + usage.output,
                    "prompt_tokens_details": details,
                    "completion_tokens_details": {"reasoning_tokens": usage.reasoning},
                }),
            )),
        ));
    }
    if turn.done {
        frames.push(SseFrame::data("[DONE]"));
    }
    frames
}

/// Neutral finish names → Chat Completions `finish_reason`; others pass through.
fn finish_reason(finish: &str) -> &str {
    match finish {
        "toolUse" => "tool_calls",
        "contentFilter" => "content_filter",
        other => other,
    }
}
