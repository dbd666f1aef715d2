//! OpenAI Responses streaming, as OpenAI sends it: named events (`event: <type>`) whose data
//! carries the same `type` and a running `sequence_number`.
//!
//! `response.created` and `response.in_progress`, then one output item per part of the
//! turn: a `reasoning` item (summary part added, `reasoning_summary_text` deltas and done,
//! part done, the item done with `encrypted_content`), a `message` item (content part added,
//! `output_text` deltas and done, part done, item done), one `function_call` item per tool
//! call (argument deltas, `function_call_arguments.done`, item done). The end:
//! `response.completed` (stop, toolUse), `response.incomplete` (length →
//! `max_output_tokens`, contentFilter → `content_filter`, any other value as the reason),
//! `response.failed` (`failed`, or a turn's `stream_error`), nothing at all (`none`). Usage
//! counts cached and cache-write tokens in `input_tokens`, as OpenAI does.

use serde_json::{json, Value};

use super::{RenderContext, SseFrame};
use crate::script::MockTurn;

/// `created_at` of every response.
const CREATED_AT: u64 = 1_700_000_000;

/// Builds the events of one response, numbering them.
struct Events {
    frames: Vec<SseFrame>,
}

impl Events {
    fn push(&mut self, kind: &str, mut data: Value) {
        if let Some(map) = data.as_object_mut() {
            let mut ordered = serde_json::Map::new();
            ordered.insert("type".into(), json!(kind));
            ordered.insert("sequence_number".into(), json!(self.frames.len()));
            ordered.append(map);
            data = Value::Object(ordered);
        }
        self.frames.push(SseFrame {
            event: Some(kind.to_owned()),
            data: data.to_string(),
        });
    }
}

pub fn render(turn: &MockTurn, context: &RenderContext) -> Vec<SseFrame> {
    let n = context.request_number;
    let id = turn.id.clone().unwrap_or_else(|| format!("resp_mock_{n}"));
    let response = |status: &str, output: &[Value], extra: Value| {
        let mut response = json!({
            "id": id, "object": "response", "created_at": CREATED_AT, "status": status,
            "error": null, "incomplete_details": null, "model": context.model,
            "output": output, "parallel_tool_calls": true, "store": false,
            "service_tier": "default", "usage": null,
        });
        if let (Some(map), Value::Object(extra)) = (response.as_object_mut(), extra) {
            map.extend(extra);
        }
        response
    };
    let mut events = Events { frames: Vec::new() };
    events.push(
        "response.created",
        json!({"response": response("in_progress", &[], json!({}))}),
    );
    events.push(
        "response.in_progress",
        json!({"response": response("in_progress", &[], json!({}))}),
    );
    let mut output: Vec<Value> = Vec::new();
    if let Some(thinking) = &turn.thinking {
        let item = reasoning(&mut events, turn, thinking, output.len(), n);
        output.push(item);
    }
    if let Some(text) = turn.text.as_deref().filter(|text| !text.is_empty()) {
        let item = message(&mut events, turn, text, output.len(), n);
        output.push(item);
    }
    for (index, call) in turn.tool_calls.iter().enumerate() {
        let call_id = call
            .id
            .clone()
            .unwrap_or_else(|| format!("call_{n}_{index}"));
        let output_index = output.len();
        let item_id = format!("fc_mock_{n}_{output_index}");
        let arguments = call.arguments_text();
        let opening = json!({"id": item_id, "type": "function_call", "status": "in_progress",
            "arguments": "", "call_id": call_id, "name": call.name});
        events.push(
            "response.output_item.added",
            json!({"output_index": output_index, "item": opening}),
        );
        let pieces = match call.pieces {
            Some(pieces) => MockTurn {
                pieces: Some(pieces),
                ..MockTurn::default()
            }
            .pieces_of(&arguments),
            None => turn.pieces_of(&arguments),
        };
        for piece in pieces {
            events.push(
                "response.function_call_arguments.delta",
                json!({"item_id": item_id, "output_index": output_index, "delta": piece}),
            );
        }
        events.push(
            "response.function_call_arguments.done",
            json!({"item_id": item_id, "output_index": output_index, "arguments": arguments}),
        );
        let item = json!({"id": item_id, "type": "function_call", "status": "completed",
            "arguments": arguments, "call_id": call_id, "name": call.name});
        events.push(
            "response.output_item.done",
            json!({"output_index": output_index, "item": item}),
        );
        output.push(item);
    }
    let usage = turn.effective_usage().map(|usage| {
        let input = usage.input + usage.cache_read + usage.cache_write;
        let mut details = json!({"cached_tokens": usage.cache_read});
        if usage.cache_write > 0 {
            details["cache_write_tokens"] = json!(usage.cache_write);
        }
        json!({"input_tokens": input, "input_tokens_details": details,
            "output_tokens": usage.output,
            "output_tokens_details": {"reasoning_tokens": usage.reasoning},
            "total_tokens": input + usage.output})
    });
    let usage = usage.unwrap_or(Value::Null);
    if let Some(message) = &turn.stream_error {
        let error = json!({"code": "server_error", "message": message});
        let failed = response("failed", &output, json!({"error": error, "usage": usage}));
        events.push("response.failed", json!({"response": failed}));
        return events.frames;
    }
    let Some(finish) = turn.effective_finish() else {
        return events.frames;
    };
    let (kind, status, extra) = match finish.as_str() {
        "stop" | "toolUse" => ("response.completed", "completed", json!({})),
        "failed" => ("response.failed", "failed", json!({})),
        reason => {
            let reason = match reason {
                "length" => "max_output_tokens",
                "contentFilter" => "content_filter",
                other => other,
            };
            (
                "response.incomplete",
                "incomplete",
                json!({"incomplete_details": {"reason": reason}}),
            )
        }
    };
    let mut terminal = response(status, &output, extra);
    terminal["usage"] = usage;
    events.push(kind, json!({"response": terminal}));
    events.frames
}

/// A reasoning item whose summary is `thinking` (no summary part when it is empty).
fn reasoning(
    events: &mut Events,
    turn: &MockTurn,
    thinking: &str,
    output_index: usize,
    n: usize,
) -> Value {
    let id = format!("rs_mock_{n}_{output_index}");
    events.push(
        "response.output_item.added",
        json!({"output_index": output_index,
            "item": {"id": id, "type": "reasoning", "summary": []}}),
    );
    let mut summary = Vec::new();
    if !thinking.is_empty() {
        let at = json!({"item_id": id, "output_index": output_index, "summary_index": 0});
        let with = |mut base: Value, key: &str, value: Value| {
            base[key] = value;
            base
        };
        events.push(
            "response.reasoning_summary_part.added",
            with(
                at.clone(),
                "part",
                json!({"type": "summary_text", "text": ""}),
            ),
        );
        for piece in turn.pieces_of(thinking) {
            events.push(
                "response.reasoning_summary_text.delta",
                with(at.clone(), "delta", json!(piece)),
            );
        }
        events.push(
            "response.reasoning_summary_text.done",
            with(at.clone(), "text", json!(thinking)),
        );
        let part = json!({"type": "summary_text", "text": thinking});
        events.push(
            "response.reasoning_summary_part.done",
            with(at, "part", part.clone()),
        );
        summary.push(part);
    }
    let item = json!({"id": id, "type": "reasoning", "summary": summary,
        "encrypted_content": format!("gAAAAB-mock-encrypted-{n}-{output_index}")});
    events.push(
        "response.output_item.done",
        json!({"output_index": output_index, "item": item}),
    );
    item
}

/// A message item answering `text`.
fn message(
    events: &mut Events,
    turn: &MockTurn,
    text: &str,
    output_index: usize,
    n: usize,
) -> Value {
    let id = format!("msg_mock_{n}_{output_index}");
    events.push(
        "response.output_item.added",
        json!({"output_index": output_index, "item": {"id": id, "type": "message",
            "status": "in_progress", "role": "assistant", "content": []}}),
    );
    let at = json!({"item_id": id, "output_index": output_index, "content_index": 0});
    let with = |mut base: Value, key: &str, value: Value| {
        base[key] = value;
        base
    };
    events.push(
        "response.content_part.added",
        with(
            at.clone(),
            "part",
            json!({"type": "output_text", "text": "", "annotations": []}),
        ),
    );
    for piece in turn.pieces_of(text) {
        events.push(
            "response.output_text.delta",
            with(at.clone(), "delta", json!(piece)),
        );
    }
    events.push(
        "response.output_text.done",
        with(at.clone(), "text", json!(text)),
    );
    let part = json!({"type": "output_text", "text": text, "annotations": []});
    events.push("response.content_part.done", with(at, "part", part.clone()));
    let item = json!({"id": id, "type": "message", "status": "completed",
        "role": "assistant", "content": [part]});
    events.push(
        "response.output_item.done",
        json!({"output_index": output_index, "item": item}),
    );
    item
}

/// A raw chunk as OpenAI sends it: an event named after the chunk's `type` (also for a
/// string chunk that is JSON); other strings go out unnamed, as they are.
pub fn raw_frame(chunk: Value) -> SseFrame {
    let (event, data) = match chunk {
        Value::String(raw) => {
            let event = serde_json::from_str::<Value>(&raw).ok().and_then(|parsed| {
                parsed
                    .get("type")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            });
            (event, raw)
        }
        other => (
            other.get("type").and_then(Value::as_str).map(str::to_owned),
            other.to_string(),
        ),
    };
    SseFrame { event, data }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{MockToolCall, MockUsage};
    use pretty_assertions::assert_eq;

    #[test]
    fn turns_render_as_numbered_named_events() {
        let turn = MockTurn {
            thinking: Some("Hmm.".into()),
            tool_calls: vec![MockToolCall::new("call_1", "read", json!({"p": 1}))],
            usage: Some(Some(MockUsage {
                input: 10,
                output: 5,
                cache_read: 30,
                reasoning: 2,
                ..MockUsage::default()
            })),
            ..MockTurn::text("Hi")
        };
        let context = RenderContext {
            request_number: 1,
            model: "gpt-5".into(),
        };
        let frames = render(&turn, &context);
        let names: Vec<&str> = frames
            .iter()
            .map(|frame| frame.event.as_deref().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "response.created",
                "response.in_progress",
                "response.output_item.added",
                "response.reasoning_summary_part.added",
                "response.reasoning_summary_text.delta",
                "response.reasoning_summary_text.done",
                "response.reasoning_summary_part.done",
                "response.output_item.done",
                "response.output_item.added",
                "response.content_part.added",
                "response.output_text.delta",
                "response.output_text.done",
                "response.content_part.done",
                "response.output_item.done",
                "response.output_item.added",
                "response.function_call_arguments.delta",
                "response.function_call_arguments.done",
                "response.output_item.done",
                "response.completed",
            ]
        );
        for (number, frame) in frames.iter().enumerate() {
            let data: Value = serde_json::from_str(&frame.data).unwrap();
            assert_eq!(data["type"], json!(frame.event.as_deref().unwrap()));
            assert_eq!(data["sequence_number"], json!(number));
        }
        let last: Value = serde_json::from_str(&frames[18].data).unwrap();
        assert_eq!(
            last["response"]["usage"],
            json!({"input_tokens": 40, "input_tokens_details": {"cached_tokens": 30},
                "output_tokens": 5, "output_tokens_details": {"reasoning_tokens": 2},
                "total_tokens": 45})
        );
        assert_eq!(last["response"]["output"].as_array().unwrap().len(), 3);
        let failed = render(
            &MockTurn {
                stream_error: Some("boom".into()),
                ..MockTurn::text("x")
            },
            &context,
        );
        let failed: Value = serde_json::from_str(&failed.last().unwrap().data).unwrap();
        assert_eq!(failed["type"], json!("response.failed"));
        assert_eq!(
            failed["response"]["error"],
            json!({"code": "server_error", "message": "boom"})
        );
    }
}
