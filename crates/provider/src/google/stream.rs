//! Reading Gemini's streamed `GenerateContentResponse` chunks into the assistant message
//! (pi-ai's Google stream loop).
//!
//! Each chunk's first candidate carries parts: text (`thought: true` marks reasoning), or a
//! whole `functionCall` (Gemini sends a call in one piece, so it opens, streams its
//! arguments once and closes at once). A part of another kind closes the current block.
//! `finishReason` and `usageMetadata` may come with any chunk; the last ones count.

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason, Usage};

use crate::builder::AssistantMessageBuilder;
use crate::cost::calculate_cost;
use crate::error::ProviderError;

/// Where pi-ai keeps the provider's own finish reason.
pub const RAW_STOP_REASON: &str = "rawStopReason";
/// pi-ai's error for a Gemini stream without a finish reason.
pub const NO_FINISH_REASON: &str = "Google stream ended without a finish reason";
/// pi-ai's error for a Vertex stream without a finish reason.
pub const VERTEX_NO_FINISH_REASON: &str = "Google Vertex stream ended without a finish reason";
/// What the SDK's fetch reports when the request is aborted under way.
pub const ABORTED_IN_FLIGHT: &str = "This operation was aborted";

/// Numbers the ids of calls Gemini sent without one (or with a repeated one).
static TOOL_CALL_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The streamed response so far.
pub struct ChunkReader {
    builder: AssistantMessageBuilder,
    model: Model,
    stop_reason: StopReason,
    raw_stop_reason: Option<String>,
    /// The text or thinking block parts append to (`true`: thinking), until a part of the
    /// other kind or a function call closes it.
    current: Option<(usize, bool)>,
    /// The error of a stream that ends without a finish reason.
    no_finish_reason: &'static str,
}

impl ChunkReader {
    /// A reader building onto `builder`.
    pub fn new(
        builder: AssistantMessageBuilder,
        model: Model,
        no_finish_reason: &'static str,
    ) -> Self {
        Self {
            no_finish_reason,
            builder,
            model,
            stop_reason: StopReason::Pending,
            raw_stop_reason: None,
            current: None,
        }
    }

    /// The `Start` event.
    pub fn start(&self) -> AssistantMessageEvent {
        self.builder.start()
    }

    /// The events of one chunk.
    pub fn chunk(&mut self, chunk: &Value) -> Result<Vec<AssistantMessageEvent>, ProviderError> {
        let mut events = Vec::new();
        if self.builder.message().response_id.is_none() {
            if let Some(id) = chunk
                .get("responseId")
                .and_then(Value::as_str)
                .filter(|id| !id.is_empty())
            {
                self.builder.set_response_id(id);
            }
        }
        let candidate = chunk.pointer("/candidates/0");
        let parts = candidate
            .and_then(|candidate| candidate.pointer("/content/parts"))
            .and_then(Value::as_array);
        for part in parts.into_iter().flatten() {
            if let Some(text) = part.get("text").and_then(Value::as_str) {
                self.text_part(part, text, &mut events);
            }
            if let Some(call) = part.get("functionCall").filter(|call| call.is_object()) {
                self.function_call(part, call, &mut events);
            }
        }
        if let Some(reason) = candidate
            .and_then(|candidate| candidate.get("finishReason"))
            .and_then(Value::as_str)
            .filter(|reason| !reason.is_empty())
        {
            self.raw_stop_reason = Some(reason.to_owned());
            self.stop_reason = map_stop_reason(reason)?;
            let has_calls = self
                .builder
                .message()
                .content
                .iter()
                .any(|block| matches!(block, ContentBlock::ToolCall(_)));
            if has_calls && self.stop_reason == StopReason::Stop {
                self.stop_reason = StopReason::ToolUse;
            }
        }
        if let Some(usage) = chunk.get("usageMetadata").filter(|usage| usage.is_object()) {
            self.set_usage(usage);
        }
        Ok(events)
    }

    fn text_part(&mut self, part: &Value, text: &str, events: &mut Vec<AssistantMessageEvent>) {
        let thinking = part.get("thought") == Some(&Value::Bool(true));
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
        // Some backends sign only the first piece of a block: keep the last signature seen.
        let signature = part
            .get("thoughtSignature")
            .and_then(Value::as_str)
            .filter(|signature| !signature.is_empty());
        if let (Some(signature), Some(block)) = (signature, self.builder.block_mut(index)) {
            match block {
                ContentBlock::Thinking {
                    thinking_signature, ..
                } => {
                    *thinking_signature = Some(signature.to_owned());
                }
                ContentBlock::Text { text_signature, .. } => {
                    *text_signature = Some(signature.to_owned());
                }
                ContentBlock::ToolCall(_) | ContentBlock::Image { .. } => {}
            }
        }
    }

    fn function_call(
        &mut self,
        part: &Value,
        call: &Value,
        events: &mut Vec<AssistantMessageEvent>,
    ) {
        let name = call.get("name").and_then(Value::as_str).unwrap_or_default();
        let provided = call
            .get("id")
            .and_then(Value::as_str)
            .filter(|id| !id.is_empty());
        let taken =
            provided.is_some_and(|id| {
                self.builder.message().content.iter().any(
                    |block| matches!(block, ContentBlock::ToolCall(existing) if existing.id == id),
                )
            });
        let id = match provided {
            Some(id) if !taken => id.to_owned(),
            _ => format!(
                "{name}_{}_{}",
                tau_protocol::now_millis(),
                TOOL_CALL_COUNTER.fetch_add(1, Ordering::Relaxed) + 1
            ),
        };
        let arguments = match call.get("args") {
            None | Some(Value::Null) => json!({}),
            Some(args) => args.clone(),
        };
        self.current = None;
        events.extend(self.builder.tool_call_start(id, name));
        let index = self.builder.message().content.len().saturating_sub(1);
        if let Some(signature) = part
            .get("thoughtSignature")
            .and_then(Value::as_str)
            .filter(|signature| !signature.is_empty())
        {
            if let Some(ContentBlock::ToolCall(tool_call)) = self.builder.block_mut(index) {
                tool_call.thought_signature = Some(signature.to_owned());
            }
        }
        events.extend(self.builder.tool_call_delta(&arguments.to_string()));
        events.extend(self.builder.close(index));
        // Arguments that are not an object are kept as Gemini sent them, as pi-ai keeps them.
        if !arguments.is_object() {
            if let Some(ContentBlock::ToolCall(tool_call)) = self.builder.block_mut(index) {
                tool_call.arguments = arguments;
            }
        }
    }

    fn set_usage(&mut self, metadata: &Value) {
        let count = |key: &str| metadata.get(key).and_then(Value::as_u64).unwrap_or(0);
        let cached = count("cachedContentTokenCount");
        let thoughts = count("thoughtsTokenCount");
        let mut usage = Usage {
            input: count("promptTokenCount").saturating_sub(cached),
            output: count("candidatesTokenCount") + thoughts,
            cache_read: cached,
            cache_write: 0,
            reasoning: Some(thoughts),
            total_tokens: count("totalTokenCount"),
            ..Usage::default()
        };
        calculate_cost(&self.model, &mut usage);
        self.builder.set_usage(usage);
    }

    /// The body ended: blocks still open close, then `Done`, or `Error` when the response
    /// had no finish reason or an error one.
    pub fn finish(mut self) -> Vec<AssistantMessageEvent> {
        let mut events = self.builder.close_all();
        let raw = self.raw_stop_reason.clone();
        let failure = match self.stop_reason {
            StopReason::Pending => Some(self.no_finish_reason.to_owned()),
            StopReason::Error | StopReason::Aborted => Some(match &raw {
                Some(raw) => format!("Provider stopped with: {raw}"),
                None => "An unknown error occurred".to_owned(),
            }),
            StopReason::Stop | StopReason::Length | StopReason::ToolUse | StopReason::Deferred => {
                None
            }
        };
        let mut last = match failure {
            Some(message) => vec![self.builder.fail(StopReason::Error, message)],
            None => self.builder.finish(self.stop_reason),
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
        match event {
            AssistantMessageEvent::Done { message, .. }
            | AssistantMessageEvent::Error { error: message, .. } => {
                message.extra.insert(RAW_STOP_REASON.into(), json!(raw));
            }
            _ => {}
        }
    }
}

/// Gemini's `finishReason` as a stop reason (pi-ai's `mapStopReason`): `STOP` stops,
/// `MAX_TOKENS` and `CONTINUATION` hit the length limit, every refusal or malfunction is an
/// error; a reason pi-ai does not know fails the stream.
pub fn map_stop_reason(reason: &str) -> Result<StopReason, ProviderError> {
    match reason {
        "STOP" => Ok(StopReason::Stop),
        "MAX_TOKENS" | "CONTINUATION" => Ok(StopReason::Length),
        "BLOCKLIST"
        | "PROHIBITED_CONTENT"
        | "SPII"
        | "SAFETY"
        | "IMAGE_SAFETY"
        | "IMAGE_PROHIBITED_CONTENT"
        | "IMAGE_RECITATION"
        | "IMAGE_OTHER"
        | "RECITATION"
        | "FINISH_REASON_UNSPECIFIED"
        | "OTHER"
        | "LANGUAGE"
        | "MALFORMED_FUNCTION_CALL"
        | "UNEXPECTED_TOOL_CALL"
        | "TOO_MANY_TOOL_CALLS"
        | "NO_IMAGE" => Ok(StopReason::Error),
        other => Err(ProviderError::StreamError {
            message: format!("Unhandled stop reason: {other}"),
        }),
    }
}

/// The SDK's check of a streamed chunk: an `error` object with an HTTP-like numeric `code`
/// fails the stream with `got status: <status>. <chunk JSON>`.
pub fn stream_error(chunk: &Value) -> Option<ProviderError> {
    let error = chunk.get("error").filter(|error| error.is_object())?;
    let code = error.get("code").and_then(Value::as_f64)?;
    if !(400.0..600.0).contains(&code) {
        return None;
    }
    let status = match error.get("status") {
        Some(Value::String(status)) => status.clone(),
        None => "undefined".to_owned(),
        Some(other) => other.to_string(),
    };
    Some(ProviderError::StreamError {
        message: format!("got status: {status}. {chunk}"),
    })
}
