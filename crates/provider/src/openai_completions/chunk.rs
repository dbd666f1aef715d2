//! Turning `chat.completion.chunk` objects into assistant-message events, the way pi-ai's
//! openai-completions stream loop does:
//!
//! - one text block and one thinking block per response, created on first use and appended
//!   to wherever later deltas arrive; reasoning is read from the first non-empty of
//!   `reasoning_content`, `reasoning`, `reasoning_text` and comes before the text of the
//!   same delta;
//! - tool calls are matched by their stream `index` (else by `id`); every tool-call delta
//!   gives a `toolcall_delta`, also the opening one whose `arguments` is `""`;
//! - no block closes while the stream runs: all `*_end` events come after it, in content
//!   order;
//! - `usage` (also a choice's `usage`) replaces the running usage, with cost;
//! - `finish_reason` maps to the stop reason; `content_filter` and unknown reasons are
//!   errors (`Provider finish_reason: …`).

use std::collections::HashMap;

use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason, Usage};

use super::reasoning;
use crate::builder::{AssistantMessageBuilder, ABORTED_MESSAGE};
use crate::cost::calculate_cost;
use crate::error::ProviderError;
use crate::json::is_truthy;

/// Where reasoning may stream, in the order pi-ai looks.
const REASONING_FIELDS: [&str; 3] = ["reasoning_content", "reasoning", "reasoning_text"];

/// The key under which the provider's raw finish reason is kept on the message.
pub const RAW_STOP_REASON: &str = "rawStopReason";

/// State of one streamed response.
pub struct ChunkReader {
    builder: AssistantMessageBuilder,
    model: Model,
    text: Option<usize>,
    thinking: Option<usize>,
    tools_by_index: HashMap<i64, usize>,
    tools_by_id: HashMap<String, usize>,
    stop_reason: StopReason,
    error_message: Option<String>,
    raw_stop_reason: Option<String>,
    has_finish_reason: bool,
    reasoning_details: Option<Vec<Value>>,
}

impl ChunkReader {
    /// A reader around a fresh builder.
    pub fn new(builder: AssistantMessageBuilder, model: Model) -> Self {
        Self {
            builder,
            model,
            text: None,
            thinking: None,
            tools_by_index: HashMap::new(),
            tools_by_id: HashMap::new(),
            stop_reason: StopReason::Pending,
            error_message: None,
            raw_stop_reason: None,
            has_finish_reason: false,
            reasoning_details: None,
        }
    }

    /// The `Start` event.
    pub fn start(&self) -> AssistantMessageEvent {
        self.builder.start()
    }

    /// Applies one parsed chunk.
    pub fn chunk(&mut self, chunk: &Value) -> Vec<AssistantMessageEvent> {
        let mut events = Vec::new();
        if !chunk.is_object() {
            return events;
        }
        if self.builder.message().response_id.is_none() {
            if let Some(id) = chunk
                .get("id")
                .and_then(Value::as_str)
                .filter(|id| !id.is_empty())
            {
                self.builder.set_response_id(id);
            }
        }
        if let Some(model) = chunk.get("model").and_then(Value::as_str) {
            if !model.is_empty()
                && model != self.model.id
                && self.builder.message().response_model.is_none()
            {
                self.builder.set_response_model(model);
            }
        }
        let chunk_usage = chunk.get("usage").filter(|usage| is_truthy(usage));
        if let Some(usage) = chunk_usage {
            self.builder.set_usage(parse_usage(usage, &self.model));
        }
        let Some(choice) = chunk
            .get("choices")
            .and_then(|choices| choices.get(0))
            .filter(|c| is_truthy(c))
        else {
            return events;
        };
        // Moonshot reports usage on the choice.
        if chunk_usage.is_none() {
            if let Some(usage) = choice.get("usage").filter(|usage| is_truthy(usage)) {
                self.builder.set_usage(parse_usage(usage, &self.model));
            }
        }
        if let Some(reason) = choice
            .get("finish_reason")
            .filter(|reason| is_truthy(reason))
        {
            let raw = reason
                .as_str()
                .map_or_else(|| reason.to_string(), str::to_owned);
            let (stop, error) = map_finish_reason(&raw);
            self.stop_reason = stop;
            if error.is_some() {
                self.error_message = error;
            }
            self.raw_stop_reason = Some(raw);
            self.has_finish_reason = true;
        }
        let Some(delta) = choice.get("delta").filter(|delta| is_truthy(delta)) else {
            return events;
        };
        self.reasoning(delta, &mut events);
        if let Some(text) = delta
            .get("content")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
        {
            let index = match self.text {
                Some(index) => index,
                None => {
                    let (index, start) = self.builder.open_text();
                    events.push(start);
                    self.text = Some(index);
                    index
                }
            };
            events.extend(self.builder.append_text(index, text));
        }
        if let Some(Value::Array(calls)) = delta.get("tool_calls") {
            for call in calls {
                self.tool_call(call, &mut events);
            }
        }
        events
    }

    fn reasoning(&mut self, delta: &Value, events: &mut Vec<AssistantMessageEvent>) {
        let found = REASONING_FIELDS.iter().find_map(|field| {
            delta
                .get(*field)
                .and_then(Value::as_str)
                .filter(|text| !text.is_empty())
                .map(|text| (*field, text))
        });
        if let Some((field, text)) = found {
            let signature = if self.model.provider == "opencode-go" && field == "reasoning" {
                "reasoning_content"
            } else {
                field
            };
            let index = self.ensure_thinking(signature, events);
            events.extend(self.builder.append_thinking(index, text));
        }
        if let Some(Value::Array(details)) = delta.get("reasoning_details") {
            for detail in details.iter().filter(|detail| reasoning::is_detail(detail)) {
                self.ensure_thinking("", events);
                reasoning::append_detail(
                    self.reasoning_details.get_or_insert_with(Vec::new),
                    detail,
                );
            }
        }
    }

    /// The thinking block, opened with `signature` when it does not exist yet.
    fn ensure_thinking(
        &mut self,
        signature: &str,
        events: &mut Vec<AssistantMessageEvent>,
    ) -> usize {
        if let Some(index) = self.thinking {
            return index;
        }
        let (index, start) = self.builder.open_thinking();
        if let Some(ContentBlock::Thinking {
            thinking_signature, ..
        }) = self.builder.block_mut(index)
        {
            *thinking_signature = Some(signature.to_owned());
        }
        events.push(start);
        self.thinking = Some(index);
        index
    }

    fn tool_call(&mut self, call: &Value, events: &mut Vec<AssistantMessageEvent>) {
        let stream_index = call.get("index").and_then(Value::as_i64);
        let id = call
            .get("id")
            .and_then(Value::as_str)
            .filter(|id| !id.is_empty());
        let name = call
            .pointer("/function/name")
            .or_else(|| call.pointer("/custom/name"))
            .and_then(Value::as_str)
            .filter(|name| !name.is_empty());
        let existing = stream_index
            .and_then(|stream_index| self.tools_by_index.get(&stream_index))
            .or_else(|| id.and_then(|id| self.tools_by_id.get(id)))
            .copied();
        let index = match existing {
            Some(index) => index,
            None => {
                let (index, start) = self
                    .builder
                    .open_tool_call(id.unwrap_or_default(), name.unwrap_or_default());
                events.push(start);
                index
            }
        };
        if let Some(stream_index) = stream_index {
            self.tools_by_index.entry(stream_index).or_insert(index);
        }
        if let Some(id) = id {
            self.tools_by_id.insert(id.to_owned(), index);
        }
        // Late ids and names fill in what the opening chunk lacked.
        if let Some(ContentBlock::ToolCall(block)) = self.builder.block_mut(index) {
            if let (true, Some(id)) = (block.id.is_empty(), id) {
                block.id = id.to_owned();
            }
            if let (true, Some(name)) = (block.name.is_empty(), name) {
                block.name = name.to_owned();
            }
        }
        let arguments = call
            .pointer("/function/arguments")
            .and_then(Value::as_str)
            .unwrap_or_default();
        // Pi emits a delta for every tool-call chunk, even one without argument text.
        let event = self
            .builder
            .append_tool_call_arguments(index, arguments)
            .unwrap_or(AssistantMessageEvent::ToolCallDelta {
                content_index: index,
                delta: String::new(),
            });
        events.push(event);
    }

    /// The stream ended (the body closed, `[DONE]`, or the request was cancelled while
    /// streaming): closes every block, then `Done`, or `Error` when the response is
    /// incomplete or failed.
    pub fn finish(
        mut self,
        aborted: bool,
        supports_finish_reason: bool,
    ) -> Vec<AssistantMessageEvent> {
        self.apply_reasoning_details();
        let mut events = self.builder.close_all();
        if aborted {
            events.push(self.fail_with(StopReason::Aborted, ABORTED_MESSAGE.to_owned()));
            return events;
        }
        if !self.has_finish_reason && !supports_finish_reason {
            let has_tool_calls = self.builder.message().tool_calls().next().is_some();
            self.stop_reason = if has_tool_calls {
                StopReason::ToolUse
            } else {
                StopReason::Stop
            };
        }
        let error = match self.stop_reason {
            StopReason::Error => Some(ProviderError::ProviderStopped {
                message: self
                    .error_message
                    .clone()
                    .unwrap_or_else(|| "Provider returned an error stop reason".to_owned()),
            }),
            _ if (supports_finish_reason && !self.has_finish_reason)
                || self.stop_reason == StopReason::Pending =>
            {
                Some(ProviderError::Incomplete {
                    message: "Stream ended without finish_reason".to_owned(),
                })
            }
            _ => None,
        };
        if let Some(error) = error {
            events.push(self.fail_with(StopReason::Error, error.to_string()));
            return events;
        }
        let raw = self.raw_stop_reason.take();
        let reason = self.stop_reason;
        for mut event in self.builder.finish(reason) {
            if let AssistantMessageEvent::Done { message, .. } = &mut event {
                if let Some(raw) = &raw {
                    message.extra.insert(RAW_STOP_REASON.into(), json!(raw));
                }
            }
            events.push(event);
        }
        events
    }

    /// The stream broke (transport error, malformed chunk, an error event): `Error` with the
    /// content so far and no `*_end` events, as pi-ai's exception path does.
    pub fn fail(mut self, error: &ProviderError, aborted: bool) -> AssistantMessageEvent {
        self.apply_reasoning_details();
        if aborted || error.is_aborted() {
            self.fail_with(StopReason::Aborted, ABORTED_MESSAGE.to_owned())
        } else {
            self.fail_with(StopReason::Error, error.to_string())
        }
    }

    fn fail_with(self, reason: StopReason, message: String) -> AssistantMessageEvent {
        let raw = self.raw_stop_reason;
        let mut event = self.builder.fail(reason, message);
        if let (AssistantMessageEvent::Error { error, .. }, Some(raw)) = (&mut event, raw) {
            error.extra.insert(RAW_STOP_REASON.into(), json!(raw));
        }
        event
    }

    /// Stores streamed `reasoning_details` in the thinking block's signature.
    fn apply_reasoning_details(&mut self) {
        let (Some(details), Some(index)) = (&self.reasoning_details, self.thinking) else {
            return;
        };
        let signature = Value::Array(details.clone()).to_string();
        if let Some(ContentBlock::Thinking {
            thinking_signature, ..
        }) = self.builder.block_mut(index)
        {
            *thinking_signature = Some(signature);
        }
    }
}

/// Maps a finish reason to a stop reason and, for errors, the error text.
pub fn map_finish_reason(reason: &str) -> (StopReason, Option<String>) {
    match reason {
        "stop" | "end" => (StopReason::Stop, None),
        "length" => (StopReason::Length, None),
        "function_call" | "tool_calls" => (StopReason::ToolUse, None),
        other => (
            StopReason::Error,
            Some(format!("Provider finish_reason: {other}")),
        ),
    }
}

/// OpenAI usage → Pi usage: cached prompt tokens are cache reads (OpenAI/OpenRouter
/// `prompt_tokens_details.cached_tokens`, DeepSeek `prompt_cache_hit_tokens`, Kimi
/// `cached_tokens`), `cache_write_tokens` are writes, the rest of the prompt is input;
/// reasoning tokens are part of the completion tokens.
pub fn parse_usage(raw: &Value, model: &Model) -> Usage {
    let number = |pointer: &str| raw.pointer(pointer).and_then(Value::as_f64);
    let prompt = number("/prompt_tokens").unwrap_or(0.0).max(0.0) as u64;
    let cache_read = number("/prompt_tokens_details/cached_tokens")
        .or_else(|| number("/prompt_cache_hit_tokens"))
        .or_else(|| number("/cached_tokens"))
        .unwrap_or(0.0)
        .max(0.0) as u64;
    let cache_write = number("/prompt_tokens_details/cache_write_tokens")
        .unwrap_or(0.0)
        .max(0.0) as u64;
    let input = prompt
        .saturating_sub(cache_read)
        .saturating_sub(cache_write);
    let output = number("/completion_tokens").unwrap_or(0.0).max(0.0) as u64;
    let reasoning = number("/completion_tokens_details/reasoning_tokens")
        .filter(|tokens| *tokens != 0.0)
        .or_else(|| number("/reasoning_tokens"))
        .unwrap_or(0.0)
        .max(0.0) as u64;
    let mut usage = Usage {
        input,
        output,
        cache_read,
        cache_write,
        cache_write_1h: None,
        reasoning: Some(reasoning),
        total_tokens: input + output + cache_read + cache_write,
        cost: Default::default(),
    };
    calculate_cost(model, &mut usage);
    usage
}
