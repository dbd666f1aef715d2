//! Reading ConverseStream events (pi-ai's loop over the SDK's stream): `messageStart`
//! starts the message, `contentBlockDelta` opens text and reasoning blocks on their first
//! delta (only tool uses have a `contentBlockStart`), `contentBlockStop` closes a block,
//! `messageStop` carries the stop reason and `metadata` the usage. Exception events end the
//! stream with pi-ai's wording.

use std::collections::HashMap;

use base64::Engine;
use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason, Usage};

use super::eventstream::Message;
use super::request::REDACTED_THINKING;
use crate::builder::AssistantMessageBuilder;
use crate::cost::calculate_cost;
use crate::error::ProviderError;

/// Where pi-ai keeps the provider's own stop reason.
pub const RAW_STOP_REASON: &str = "rawStopReason";
/// pi-ai's text (the SDK's) for an abort while the event stream is being read.
pub const ABORTED: &str = "aborted";
/// pi-ai's text (the SDK's, with the DOM abort code) for an abort before the response.
pub const ABORTED_IN_FLIGHT: &str = "Request aborted: This operation was aborted (20)";

/// A block the stream opened, by Bedrock's `contentBlockIndex`.
struct OpenBlock {
    content_index: usize,
    /// Encrypted reasoning, joined and stored as base64 when the block ends.
    redacted: Option<Vec<u8>>,
}

/// The streamed response so far.
pub struct EventReader {
    builder: AssistantMessageBuilder,
    model: Model,
    started: bool,
    stop_reason: StopReason,
    raw_stop_reason: Option<String>,
    error_message: Option<String>,
    open: HashMap<i64, OpenBlock>,
}

impl EventReader {
    /// A reader building onto `builder`.
    pub fn new(builder: AssistantMessageBuilder, model: Model) -> Self {
        Self {
            builder,
            model,
            started: false,
            stop_reason: StopReason::Pending,
            raw_stop_reason: None,
            error_message: None,
            open: HashMap::new(),
        }
    }

    /// The events of one stream message; `Err` for an exception or an unreadable event.
    pub fn message(
        &mut self,
        message: &Message,
    ) -> Result<Vec<AssistantMessageEvent>, ProviderError> {
        match message.header(":message-type").unwrap_or("event") {
            "exception" => {
                let kind = message
                    .header(":exception-type")
                    .unwrap_or("UnknownException");
                let text = serde_json::from_slice::<Value>(&message.payload)
                    .ok()
                    .and_then(|body| {
                        body.get("message")
                            .or_else(|| body.get("Message"))
                            .and_then(Value::as_str)
                            .map(str::to_owned)
                    })
                    .unwrap_or_default();
                Err(ProviderError::StreamError {
                    message: exception_message(kind, &text),
                })
            }
            "error" => Err(ProviderError::StreamError {
                message: format!(
                    "{}: {}",
                    message.header(":error-code").unwrap_or("UnknownError"),
                    message.header(":error-message").unwrap_or_default()
                ),
            }),
            _ => {
                let kind = message.header(":event-type").unwrap_or_default().to_owned();
                let event: Value = serde_json::from_slice(&message.payload).map_err(|_| {
                    ProviderError::MalformedEvent {
                        data: String::from_utf8_lossy(&message.payload).into_owned(),
                    }
                })?;
                self.event(&kind, &event)
            }
        }
    }

    fn event(
        &mut self,
        kind: &str,
        event: &Value,
    ) -> Result<Vec<AssistantMessageEvent>, ProviderError> {
        let mut events = Vec::new();
        let block_index = event.get("contentBlockIndex").and_then(Value::as_i64);
        match kind {
            "messageStart" => {
                if event.get("role").and_then(Value::as_str) != Some("assistant") {
                    return Err(ProviderError::StreamError {
                        message:
                            "Unexpected assistant message start but got user message start instead"
                                .into(),
                    });
                }
                self.started = true;
                events.push(self.builder.start());
            }
            "contentBlockStart" => {
                if let Some(tool) = event.pointer("/start/toolUse") {
                    let text = |key: &str| tool.get(key).and_then(Value::as_str).unwrap_or("");
                    let (index, start) =
                        self.builder.open_tool_call(text("toolUseId"), text("name"));
                    events.push(start);
                    self.open.insert(
                        block_index.unwrap_or_default(),
                        OpenBlock {
                            content_index: index,
                            redacted: None,
                        },
                    );
                }
            }
            "contentBlockDelta" => self.delta(block_index.unwrap_or_default(), event, &mut events),
            "contentBlockStop" => {
                if let Some(mut open) = self.open.remove(&block_index.unwrap_or_default()) {
                    self.flush_redacted(&mut open);
                    events.extend(self.builder.close(open.content_index));
                }
            }
            "messageStop" => {
                let reason = event
                    .get("stopReason")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                self.raw_stop_reason = Some(reason.to_owned());
                let (stop, message) = map_stop_reason(reason);
                self.stop_reason = stop;
                if message.is_some() {
                    self.error_message = message;
                }
            }
            "metadata" => {
                if let Some(usage) = event.get("usage").filter(|usage| usage.is_object()) {
                    self.set_usage(usage);
                }
            }
            _ => {}
        }
        Ok(events)
    }

    fn delta(&mut self, block_index: i64, event: &Value, events: &mut Vec<AssistantMessageEvent>) {
        let Some(delta) = event.get("delta") else {
            return;
        };
        let open_index = self.open.get(&block_index).map(|open| open.content_index);
        let block = open_index.and_then(|index| self.builder.message().content.get(index));
        if let Some(text) = delta.get("text").and_then(Value::as_str) {
            let index = match open_index {
                Some(index) => index,
                None => {
                    let (index, start) = self.builder.open_text();
                    events.push(start);
                    self.open.insert(
                        block_index,
                        OpenBlock {
                            content_index: index,
                            redacted: None,
                        },
                    );
                    index
                }
            };
            events.extend(self.builder.append_text(index, text));
        } else if let (Some(tool), Some(ContentBlock::ToolCall(_))) = (delta.get("toolUse"), block)
        {
            let input = tool.get("input").and_then(Value::as_str).unwrap_or("");
            let index = open_index.unwrap_or_default();
            events.extend(self.builder.append_tool_call_arguments(index, input));
        } else if let Some(reasoning) = delta.get("reasoningContent") {
            let index = match open_index {
                Some(index) => index,
                None => {
                    let (index, start) = self.builder.open_thinking();
                    events.push(start);
                    if let Some(ContentBlock::Thinking {
                        thinking_signature, ..
                    }) = self.builder.block_mut(index)
                    {
                        *thinking_signature = Some(String::new());
                    }
                    self.open.insert(
                        block_index,
                        OpenBlock {
                            content_index: index,
                            redacted: None,
                        },
                    );
                    index
                }
            };
            if !matches!(
                self.builder.message().content.get(index),
                Some(ContentBlock::Thinking { .. })
            ) {
                return;
            }
            if let Some(text) = reasoning.get("text").and_then(Value::as_str) {
                events.extend(self.builder.append_thinking(index, text));
            }
            let redacted_now = self
                .open
                .get(&block_index)
                .is_some_and(|o| o.redacted.is_some());
            if let Some(signature) = reasoning
                .get("signature")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty() && !redacted_now)
            {
                if let Some(ContentBlock::Thinking {
                    thinking_signature, ..
                }) = self.builder.block_mut(index)
                {
                    thinking_signature
                        .get_or_insert_with(String::new)
                        .push_str(signature);
                }
            }
            let bytes = reasoning
                .get("redactedContent")
                .and_then(Value::as_str)
                .and_then(|data| base64::engine::general_purpose::STANDARD.decode(data).ok())
                .filter(|bytes| !bytes.is_empty());
            if let Some(bytes) = bytes {
                if !redacted_now {
                    if let Some(ContentBlock::Thinking {
                        thinking_signature,
                        redacted,
                        ..
                    }) = self.builder.block_mut(index)
                    {
                        *redacted = Some(true);
                        *thinking_signature = Some(String::new());
                    }
                    events.extend(self.builder.append_thinking(index, REDACTED_THINKING));
                }
                if let Some(open) = self.open.get_mut(&block_index) {
                    open.redacted.get_or_insert_with(Vec::new).extend(bytes);
                }
            }
        }
    }

    /// Stores a block's encrypted reasoning as base64 in its signature.
    fn flush_redacted(&mut self, open: &mut OpenBlock) {
        let Some(bytes) = open.redacted.take() else {
            return;
        };
        if let Some(ContentBlock::Thinking {
            thinking_signature, ..
        }) = self.builder.block_mut(open.content_index)
        {
            *thinking_signature = Some(base64::engine::general_purpose::STANDARD.encode(bytes));
        }
    }

    fn flush_all(&mut self) {
        let mut open: Vec<OpenBlock> = self.open.drain().map(|(_, open)| open).collect();
        for block in &mut open {
            self.flush_redacted(block);
        }
    }

    fn set_usage(&mut self, usage: &Value) {
        let number = |key: &str| usage.get(key).and_then(Value::as_u64).unwrap_or(0);
        let mut totals = Usage {
            input: number("inputTokens"),
            output: number("outputTokens"),
            cache_read: number("cacheReadInputTokens"),
            cache_write: number("cacheWriteInputTokens"),
            cache_write_1h: usage
                .get("cacheDetails")
                .and_then(Value::as_array)
                .map(|details| {
                    details
                        .iter()
                        .filter(|detail| detail.get("ttl").and_then(Value::as_str) == Some("1h"))
                        .filter_map(|detail| detail.get("inputTokens").and_then(Value::as_u64))
                        .sum()
                }),
            ..Usage::default()
        };
        totals.total_tokens = match number("totalTokens") {
            0 => totals.input + totals.output,
            total => total,
        };
        calculate_cost(&self.model, &mut totals);
        self.builder.set_usage(totals);
    }

    /// The body ended: `Done`, or `Error` without a stop reason or with an error one.
    pub fn finish(mut self) -> Vec<AssistantMessageEvent> {
        let raw = self.raw_stop_reason.clone();
        let mut events = match self.stop_reason {
            StopReason::Pending => {
                self.flush_all();
                vec![self.builder.fail(
                    StopReason::Error,
                    "Bedrock stream ended without a stop reason",
                )]
            }
            StopReason::Error | StopReason::Aborted => {
                self.flush_all();
                let message = self
                    .error_message
                    .clone()
                    .unwrap_or_else(|| "An unknown error occurred".to_owned());
                vec![self.builder.fail(StopReason::Error, message)]
            }
            reason => {
                self.flush_all();
                self.builder.finish(reason)
            }
        };
        stamp_raw(&mut events, raw.as_deref());
        events
    }

    /// The stream broke or was aborted: `Error` with the content so far.
    pub fn fail(mut self, error: &ProviderError, aborted: bool) -> AssistantMessageEvent {
        self.flush_all();
        let raw = self.raw_stop_reason.clone();
        let mut event = if aborted || error.is_aborted() {
            self.builder.fail(StopReason::Aborted, ABORTED)
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

/// A stop reason as pi-ai maps it, with the error text of an unexpected one.
pub fn map_stop_reason(reason: &str) -> (StopReason, Option<String>) {
    match reason {
        "end_turn" | "stop_sequence" => (StopReason::Stop, None),
        "max_tokens" | "model_context_window_exceeded" => (StopReason::Length, None),
        "tool_use" => (StopReason::ToolUse, None),
        "" => (StopReason::Error, None),
        other => (
            StopReason::Error,
            Some(format!("Provider stopped with: {other}")),
        ),
    }
}

/// pi-ai's prefix for a Bedrock exception name: the retry logic matches "server error",
/// "service unavailable" and friends; other names stand as they are.
pub fn exception_prefix(name: &str) -> &str {
    match name {
        "InternalServerException" => "Internal server error",
        "ModelStreamErrorException" => "Model stream error",
        "ValidationException" => "Validation error",
        "ThrottlingException" => "Throttling error",
        "ServiceUnavailableException" => "Service unavailable",
        other => other,
    }
}

/// The text of an exception event (`:exception-type` is the member name, lower camel case).
pub fn exception_message(kind: &str, text: &str) -> String {
    let mut name = kind.to_owned();
    if let Some(first) = name.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    let detail = if text.is_empty() {
        "UnknownError"
    } else {
        text
    };
    format!("{}: {detail}", exception_prefix(&name))
}
