//! Turning Messages stream events into assistant-message events, as pi-ai's
//! anthropic-messages stream loop does:
//!
//! - `message_start` gives the response id, the answering model and the first usage;
//! - `content_block_start` opens a block at the event's `index` (text, thinking,
//!   redacted thinking shown as `[Reasoning redacted]` with its data as signature, tool use);
//!   deltas and `content_block_stop` find the block by that index, so interleaved blocks
//!   work; every delta gives an event, also an empty one;
//! - `signature_delta` grows the thinking block's signature without an event;
//! - `message_delta` gives the stop reason and cumulative usage (present fields only);
//! - the stream must end with `message_stop` once it started, and with a stop reason.

use std::collections::HashMap;

use serde_json::{json, Value};
use tau_protocol::model::ModelCost;
use tau_protocol::{
    AssistantMessageEvent, ContentBlock, Model, StopReason, ToolDeclaration, Usage,
};

use super::compat::Compat;
use super::usage;
use crate::builder::{AssistantMessageBuilder, ABORTED_MESSAGE};
use crate::error::ProviderError;

/// The key under which the provider's raw stop reason is kept on the message.
pub const RAW_STOP_REASON: &str = "rawStopReason";
/// What a redacted thinking block shows.
pub const REDACTED_THINKING: &str = "[Reasoning redacted]";

/// State of one streamed response.
pub struct EventReader {
    builder: AssistantMessageBuilder,
    model: Model,
    compat: Compat,
    /// Prices of the model that answered (a fallback model has its own).
    cost: ModelCost,
    /// Tool names offered, to map Claude Code's spellings back (OAuth only).
    oauth_tools: Option<Vec<String>>,
    /// Anthropic block index → content index, while the block is open.
    open: HashMap<i64, usize>,
    usage: Usage,
    stop_reason: StopReason,
    error_message: Option<String>,
    raw_stop_reason: Option<String>,
    saw_start: bool,
    saw_stop: bool,
}

impl EventReader {
    /// A reader around a fresh builder. `oauth_tools` is set when the request used a Claude
    /// subscription token.
    pub fn new(
        builder: AssistantMessageBuilder,
        model: Model,
        compat: Compat,
        oauth_tools: Option<&[ToolDeclaration]>,
    ) -> Self {
        Self {
            builder,
            cost: model.cost.clone(),
            model,
            compat,
            oauth_tools: oauth_tools.map(|tools| tools.iter().map(|t| t.name.clone()).collect()),
            open: HashMap::new(),
            usage: Usage::default(),
            stop_reason: StopReason::Pending,
            error_message: None,
            raw_stop_reason: None,
            saw_start: false,
            saw_stop: false,
        }
    }

    /// The `Start` event.
    pub fn start(&self) -> AssistantMessageEvent {
        self.builder.start()
    }

    /// Applies one parsed event; `Err` ends the stream.
    pub fn event(&mut self, event: &Value) -> Result<Vec<AssistantMessageEvent>, ProviderError> {
        let mut events = Vec::new();
        match event.get("type").and_then(Value::as_str) {
            Some("message_start") => {
                self.message_start(event.get("message").unwrap_or(&Value::Null))
            }
            Some("content_block_start") => self.block_start(event, &mut events)?,
            Some("content_block_delta") => self.block_delta(event, &mut events),
            Some("content_block_stop") => {
                if let Some(index) = block_index(event).and_then(|index| self.open.remove(&index)) {
                    events.extend(self.builder.close(index));
                }
            }
            Some("message_delta") => self.message_delta(event)?,
            Some("message_stop") => self.saw_stop = true,
            _ => {}
        }
        Ok(events)
    }

    fn message_start(&mut self, message: &Value) {
        self.saw_start = true;
        if let Some(id) = message.get("id").and_then(Value::as_str) {
            self.builder.set_response_id(id);
        }
        if let Some(answered) = message.get("model").and_then(Value::as_str) {
            if answered != self.model.id {
                self.builder.set_response_model(answered);
                if let Some(cost) = self.compat.fallback_cost(&self.model, answered) {
                    self.cost = cost;
                }
            }
        }
        self.usage = usage::start_usage(message.get("usage").unwrap_or(&Value::Null));
        self.update_usage(None);
    }

    fn block_start(
        &mut self,
        event: &Value,
        events: &mut Vec<AssistantMessageEvent>,
    ) -> Result<(), ProviderError> {
        let block = event.get("content_block").unwrap_or(&Value::Null);
        let text = |key: &str| block.get(key).and_then(Value::as_str).unwrap_or_default();
        let (index, start) = match block.get("type").and_then(Value::as_str) {
            Some("fallback") if !self.builder.message().content.is_empty() => {
                return Err(ProviderError::StreamError {
                    message: "Anthropic performed an unsupported mid-output model fallback".into(),
                })
            }
            Some("text") => {
                let (index, start) = self.builder.open_text();
                if let Some(ContentBlock::Text { text: slot, .. }) = self.builder.block_mut(index) {
                    *slot = text("text").to_owned();
                }
                (index, start)
            }
            Some("thinking") => {
                let (index, start) = self.builder.open_thinking();
                if let Some(ContentBlock::Thinking {
                    thinking,
                    thinking_signature,
                    ..
                }) = self.builder.block_mut(index)
                {
                    *thinking = text("thinking").to_owned();
                    *thinking_signature = Some(text("signature").to_owned());
                }
                (index, start)
            }
            Some("redacted_thinking") => {
                let (index, start) = self.builder.open_thinking();
                if let Some(ContentBlock::Thinking {
                    thinking,
                    thinking_signature,
                    redacted,
                }) = self.builder.block_mut(index)
                {
                    *thinking = REDACTED_THINKING.to_owned();
                    *thinking_signature =
                        block.get("data").and_then(Value::as_str).map(str::to_owned);
                    *redacted = Some(true);
                }
                (index, start)
            }
            Some("tool_use") => {
                let name = text("name");
                let name = match &self.oauth_tools {
                    Some(tools) => tools
                        .iter()
                        .find(|tool| tool.eq_ignore_ascii_case(name))
                        .map_or(name, String::as_str),
                    None => name,
                };
                self.builder.open_tool_call(text("id"), name.to_owned())
            }
            // Server tools and other blocks Pi does not show.
            _ => return Ok(()),
        };
        if let Some(anthropic_index) = block_index(event) {
            self.open.insert(anthropic_index, index);
        }
        events.push(start);
        Ok(())
    }

    fn block_delta(&mut self, event: &Value, events: &mut Vec<AssistantMessageEvent>) {
        let Some(index) = block_index(event).and_then(|index| self.open.get(&index).copied())
        else {
            return;
        };
        let delta = event.get("delta").unwrap_or(&Value::Null);
        let piece = |key: &str| delta.get(key).and_then(Value::as_str).unwrap_or_default();
        let kind = self.builder.message().content.get(index).map(block_kind);
        match (delta.get("type").and_then(Value::as_str), kind) {
            (Some("text_delta"), Some(Kind::Text)) => {
                let text = piece("text");
                events.push(self.builder.append_text(index, text).unwrap_or(
                    AssistantMessageEvent::TextDelta {
                        content_index: index,
                        delta: String::new(),
                    },
                ));
            }
            (Some("thinking_delta"), Some(Kind::Thinking)) => {
                let thinking = piece("thinking");
                events.push(self.builder.append_thinking(index, thinking).unwrap_or(
                    AssistantMessageEvent::ThinkingDelta {
                        content_index: index,
                        delta: String::new(),
                    },
                ));
            }
            (Some("input_json_delta"), Some(Kind::ToolCall)) => {
                let json = piece("partial_json");
                events.push(
                    self.builder
                        .append_tool_call_arguments(index, json)
                        .unwrap_or(AssistantMessageEvent::ToolCallDelta {
                            content_index: index,
                            delta: String::new(),
                        }),
                );
            }
            (Some("signature_delta"), Some(Kind::Thinking)) => {
                if let Some(ContentBlock::Thinking {
                    thinking_signature, ..
                }) = self.builder.block_mut(index)
                {
                    thinking_signature
                        .get_or_insert_with(String::new)
                        .push_str(piece("signature"));
                }
            }
            _ => {}
        }
    }

    fn message_delta(&mut self, event: &Value) -> Result<(), ProviderError> {
        if let Some(reason) = event
            .pointer("/delta/stop_reason")
            .and_then(Value::as_str)
            .filter(|reason| !reason.is_empty())
        {
            self.raw_stop_reason = Some(reason.to_owned());
            let explanation = event
                .pointer("/delta/stop_details/explanation")
                .and_then(Value::as_str)
                .filter(|text| !text.is_empty());
            let (stop, error) = map_stop_reason(reason, explanation)?;
            self.stop_reason = stop;
            if error.is_some() {
                self.error_message = error;
            }
        }
        let usage = event.get("usage").filter(|usage| !usage.is_null());
        if let Some(usage) = usage {
            usage::apply_delta(&mut self.usage, usage);
        }
        self.update_usage(usage.filter(|_| self.compat.is_openrouter));
        Ok(())
    }

    /// Recomputes the total and the cost, then hands the usage to the builder.
    fn update_usage(&mut self, openrouter_usage: Option<&Value>) {
        usage::price(&mut self.usage, &self.model, &self.cost, openrouter_usage);
        self.builder.set_usage(self.usage.clone());
    }

    /// The body ended (or the request was cancelled): `Done`, or `Error` when the response
    /// is incomplete or failed. Blocks still open get no end events (pi-ai's error path).
    pub fn finish(self, aborted: bool) -> Vec<AssistantMessageEvent> {
        if aborted {
            return vec![self.fail(&ProviderError::Aborted, true)];
        }
        let error = if self.saw_start && !self.saw_stop {
            Some(ProviderError::Incomplete {
                message: "Anthropic stream ended before message_stop".into(),
            })
        } else {
            match self.stop_reason {
                StopReason::Pending => Some(ProviderError::Incomplete {
                    message: "Anthropic stream ended without a stop reason".into(),
                }),
                StopReason::Error | StopReason::Aborted => Some(ProviderError::ProviderStopped {
                    message: self
                        .error_message
                        .clone()
                        .unwrap_or_else(|| "An unknown error occurred".into()),
                }),
                StopReason::Stop
                | StopReason::Length
                | StopReason::ToolUse
                | StopReason::Deferred => None,
            }
        };
        if let Some(error) = error {
            return vec![self.fail(&error, false)];
        }
        let raw = self.raw_stop_reason.clone();
        let reason = self.stop_reason;
        let mut events = self.builder.finish(reason);
        for event in &mut events {
            if let (AssistantMessageEvent::Done { message, .. }, Some(raw)) = (event, &raw) {
                message.extra.insert(RAW_STOP_REASON.into(), json!(raw));
            }
        }
        events
    }

    /// The stream broke: `Error` with the content so far.
    pub fn fail(self, error: &ProviderError, aborted: bool) -> AssistantMessageEvent {
        let raw = self.raw_stop_reason;
        let mut event = if aborted || error.is_aborted() {
            self.builder.fail(StopReason::Aborted, ABORTED_MESSAGE)
        } else {
            self.builder.fail(StopReason::Error, error.to_string())
        };
        if let (AssistantMessageEvent::Error { error, .. }, Some(raw)) = (&mut event, raw) {
            error.extra.insert(RAW_STOP_REASON.into(), json!(raw));
        }
        event
    }
}

/// Block kinds the deltas apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Text,
    Thinking,
    ToolCall,
    Image,
}

fn block_kind(block: &ContentBlock) -> Kind {
    match block {
        ContentBlock::Text { .. } => Kind::Text,
        ContentBlock::Thinking { .. } => Kind::Thinking,
        ContentBlock::ToolCall(_) => Kind::ToolCall,
        ContentBlock::Image { .. } => Kind::Image,
    }
}

fn block_index(event: &Value) -> Option<i64> {
    event.get("index").and_then(Value::as_i64)
}

/// Anthropic's stop reason → Pi's, with the error text of the failing ones. An unknown
/// reason fails the stream, as in pi-ai.
pub fn map_stop_reason(
    reason: &str,
    explanation: Option<&str>,
) -> Result<(StopReason, Option<String>), ProviderError> {
    Ok(match reason {
        "end_turn" | "pause_turn" | "stop_sequence" => (StopReason::Stop, None),
        "max_tokens" => (StopReason::Length, None),
        "tool_use" => (StopReason::ToolUse, None),
        "refusal" => (
            StopReason::Error,
            Some(
                explanation
                    .unwrap_or("The model refused to complete the request")
                    .to_owned(),
            ),
        ),
        "sensitive" => (
            StopReason::Error,
            Some("Provider stopped with: sensitive".to_owned()),
        ),
        other => {
            return Err(ProviderError::ProviderStopped {
                message: format!("Unhandled stop reason: {other}"),
            })
        }
    })
}
