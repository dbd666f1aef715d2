//! Reading Mistral's streamed completion chunks (pi-ai's `consumeChatStream`): `content`
//! is a string or a list of chunks (`text`, and `thinking` whose text parts are joined);
//! tool calls stream their arguments by `index` and close only when the body ends, after
//! the text or thinking block still open.

use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, Model, StopReason, Usage};

use super::payload::derive_tool_call_id;
use crate::builder::AssistantMessageBuilder;
use crate::cost::calculate_cost;
use crate::error::ProviderError;

/// Where pi-ai keeps the provider's own finish reason.
pub const RAW_STOP_REASON: &str = "rawStopReason";
/// What fetch reports for an aborted request.
pub const ABORTED_IN_FLIGHT: &str = "This operation was aborted";

/// The streamed response so far.
pub struct ChunkReader {
    builder: AssistantMessageBuilder,
    model: Model,
    stop_reason: StopReason,
    raw_stop_reason: Option<String>,
    error_message: Option<String>,
    /// The open text (`false`) or thinking (`true`) block.
    current: Option<(usize, bool)>,
    /// Open tool calls by their stream key (index, else id), in opening order.
    tool_calls: Vec<(String, usize)>,
}

impl ChunkReader {
    /// A reader building onto `builder`.
    pub fn new(builder: AssistantMessageBuilder, model: Model) -> Self {
        Self {
            builder,
            model,
            stop_reason: StopReason::Pending,
            raw_stop_reason: None,
            error_message: None,
            current: None,
            tool_calls: Vec::new(),
        }
    }

    /// The `Start` event.
    pub fn start(&self) -> AssistantMessageEvent {
        self.builder.start()
    }

    /// The events of one chunk; a chunk without a `choices` list is pi-ai's "Invalid Mistral
    /// streaming event".
    pub fn chunk(&mut self, chunk: &Value) -> Result<Vec<AssistantMessageEvent>, ProviderError> {
        let Some(choices) = chunk.get("choices").and_then(Value::as_array) else {
            return Err(ProviderError::StreamError {
                message: "Invalid Mistral streaming event".into(),
            });
        };
        let mut events = Vec::new();
        if self.builder.message().response_id.is_none() {
            if let Some(id) = chunk
                .get("id")
                .and_then(Value::as_str)
                .filter(|id| !id.is_empty())
            {
                self.builder.set_response_id(id);
            }
        }
        if let Some(usage) = chunk.get("usage").filter(|usage| usage.is_object()) {
            self.set_usage(usage);
        }
        let Some(choice) = choices.first() else {
            return Ok(events);
        };
        if let Some(reason) = choice
            .get("finish_reason")
            .and_then(Value::as_str)
            .filter(|r| !r.is_empty())
        {
            self.raw_stop_reason = Some(reason.to_owned());
            let (stop, message) = map_stop_reason(reason);
            self.stop_reason = stop;
            if message.is_some() {
                self.error_message = message;
            }
        }
        let delta = choice.get("delta").unwrap_or(&Value::Null);
        match delta.get("content") {
            Some(Value::String(text)) => self.append(false, text, &mut events),
            Some(Value::Array(items)) => {
                for item in items {
                    match item {
                        Value::String(text) => self.append(false, text, &mut events),
                        item if item.get("type") == Some(&json!("thinking")) => {
                            let text: String = item
                                .get("thinking")
                                .and_then(Value::as_array)
                                .into_iter()
                                .flatten()
                                .filter_map(|part| part.get("text").and_then(Value::as_str))
                                .collect();
                            self.append(true, &text, &mut events);
                        }
                        item if item.get("type") == Some(&json!("text")) => {
                            let text = item.get("text").and_then(Value::as_str).unwrap_or_default();
                            self.append(false, text, &mut events);
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        for call in delta
            .get("tool_calls")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            self.tool_call(call, &mut events);
        }
        Ok(events)
    }

    /// Appends to the open block of the kind, opening one (and closing the other) first.
    /// Empty pieces are skipped: GLM models send them around thinking and tool calls.
    fn append(&mut self, thinking: bool, text: &str, events: &mut Vec<AssistantMessageEvent>) {
        if text.is_empty() {
            return;
        }
        let index = match self.current {
            Some((index, kind)) if kind == thinking => index,
            current => {
                if let Some((index, _)) = current {
                    events.extend(self.builder.close(index));
                }
                let (index, start) = if thinking {
                    self.builder.open_thinking()
                } else {
                    self.builder.open_text()
                };
                events.push(start);
                self.current = Some((index, thinking));
                index
            }
        };
        let delta = if thinking {
            self.builder.append_thinking(index, text)
        } else {
            self.builder.append_text(index, text)
        };
        events.extend(delta);
    }

    fn tool_call(&mut self, call: &Value, events: &mut Vec<AssistantMessageEvent>) {
        if let Some((index, _)) = self.current.take() {
            events.extend(self.builder.close(index));
        }
        let stream_index = call.get("index").and_then(Value::as_i64);
        let id = match call.get("id").and_then(Value::as_str) {
            Some(id) if !id.is_empty() && id != "null" => id.to_owned(),
            _ => derive_tool_call_id(&format!("toolcall:{}", stream_index.unwrap_or(0)), 0),
        };
        let key = match stream_index {
            Some(index) => format!("index:{index}"),
            None => format!("id:{id}"),
        };
        let function = call.get("function").unwrap_or(&Value::Null);
        let content_index = match self.tool_calls.iter().find(|(open, _)| *open == key) {
            Some((_, index)) => *index,
            None => {
                let name = function
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let (index, start) = self.builder.open_tool_call(id, name);
                events.push(start);
                self.tool_calls.push((key, index));
                index
            }
        };
        let arguments = match function.get("arguments") {
            Some(Value::String(text)) => text.clone(),
            Some(value) if crate::json::is_truthy(value) => value.to_string(),
            _ => "{}".to_owned(),
        };
        events.extend(
            self.builder
                .append_tool_call_arguments(content_index, &arguments),
        );
    }

    fn set_usage(&mut self, usage: &Value) {
        let number = |value: Option<&Value>| value.and_then(Value::as_u64).unwrap_or(0);
        let prompt = number(usage.get("prompt_tokens"));
        let cached = [
            "/promptTokensDetails/cachedTokens",
            "/prompt_tokens_details/cached_tokens",
            "/promptTokenDetails/cachedTokens",
            "/prompt_token_details/cached_tokens",
            "/numCachedTokens",
            "/num_cached_tokens",
        ]
        .iter()
        .find_map(|pointer| usage.pointer(pointer).filter(|value| !value.is_null()))
        .and_then(Value::as_u64)
        .unwrap_or(0)
        .min(prompt);
        let mut totals = Usage {
            input: prompt - cached,
            output: number(usage.get("completion_tokens")),
            cache_read: cached,
            cache_write: 0,
            ..Usage::default()
        };
        totals.total_tokens = match number(usage.get("total_tokens")) {
            0 => totals.input + totals.output + totals.cache_read,
            total => total,
        };
        calculate_cost(&self.model, &mut totals);
        self.builder.set_usage(totals);
    }

    /// The body ended: the open text or thinking block closes, then every tool call, then
    /// `Done`, or `Error` without a finish reason or with an error one.
    pub fn finish(mut self) -> Vec<AssistantMessageEvent> {
        let mut events = Vec::new();
        if let Some((index, _)) = self.current.take() {
            events.extend(self.builder.close(index));
        }
        for (_, index) in std::mem::take(&mut self.tool_calls) {
            events.extend(self.builder.close(index));
        }
        let raw = self.raw_stop_reason.clone();
        let mut last = match self.stop_reason {
            StopReason::Pending => vec![self.builder.fail(
                StopReason::Error,
                "Mistral stream ended without a finish reason",
            )],
            StopReason::Error | StopReason::Aborted => {
                let message = self
                    .error_message
                    .clone()
                    .unwrap_or_else(|| "An unknown error occurred".to_owned());
                vec![self.builder.fail(StopReason::Error, message)]
            }
            reason => self.builder.finish(reason),
        };
        stamp_raw(&mut last, raw.as_deref());
        events.append(&mut last);
        events
    }

    /// The stream broke or was aborted: `Error` with the content so far, blocks left open.
    pub fn fail(self, error: &ProviderError, aborted: bool) -> AssistantMessageEvent {
        let raw = self.raw_stop_reason.clone();
        let mut event = if aborted || error.is_aborted() {
            self.builder.fail(StopReason::Aborted, ABORTED_IN_FLIGHT)
        } else {
            self.builder.fail(StopReason::Error, error.to_string())
        };
        stamp_raw(std::slice::from_mut(&mut event), raw.as_deref());
        event
    }
}

fn stamp_raw(events: &mut [AssistantMessageEvent], raw: Option<&str>) {
    let Some(raw) = raw else { return };
    for event in events {
        if let AssistantMessageEvent::Done { message, .. }
        | AssistantMessageEvent::Error { error: message, .. } = event
        {
            message.extra.insert(RAW_STOP_REASON.into(), json!(raw));
        }
    }
}

/// A finish reason as a stop reason, with the error text of a failed one. Mistral reports
/// transient server failures as `error`; "server error" makes Pi retry them.
pub fn map_stop_reason(reason: &str) -> (StopReason, Option<String>) {
    match reason {
        "stop" => (StopReason::Stop, None),
        "length" | "model_length" => (StopReason::Length, None),
        "tool_calls" => (StopReason::ToolUse, None),
        "error" => (
            StopReason::Error,
            Some("Provider stopped with: error (server error)".into()),
        ),
        other => (
            StopReason::Error,
            Some(format!("Provider stopped with: {other}")),
        ),
    }
}
