//! The end of a Responses stream: the terminal events (`response.completed`,
//! `response.incomplete`, `response.failed`) with usage, cost and stop reason, and the final
//! `Done` or `Error` (pi-ai's `finalizeResponse` and the checks after its event loop).

use serde_json::{json, Map, Value};
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason, Usage};

use super::{js_text, EventReader, DIAGNOSTICS, NO_TERMINAL_EVENT, RAW_STOP_REASON};
use crate::builder::ABORTED_MESSAGE;
use crate::cost::calculate_cost;
use crate::error::ProviderError;
use crate::json::is_truthy;

impl EventReader {
    /// `response.completed` / `response.incomplete`: usage, cost, stop reason.
    pub(super) fn finalize(&mut self, response: &Value) -> Result<(), ProviderError> {
        self.saw_terminal = true;
        self.backfill_reasoning(response.get("output"));
        self.record_reasoning_removals(response.get("input_transformations"));
        if let Some(id) = response.get("id").and_then(Value::as_str) {
            self.builder.set_response_id(id);
        }
        let mut usage = match response.get("usage").filter(|usage| is_truthy(usage)) {
            Some(usage) => parse_usage(usage),
            None => self.builder.message().usage.clone(),
        };
        calculate_cost(&self.model, &mut usage);
        apply_service_tier(
            &mut usage,
            response.get("service_tier").and_then(Value::as_str),
            &self.model,
        );
        self.builder.set_usage(usage);
        let status = response.get("status").and_then(Value::as_str);
        let reason = response
            .pointer("/incomplete_details/reason")
            .and_then(Value::as_str);
        self.raw_stop_reason = match (status, reason) {
            (Some(status), Some(reason)) => Some(format!("{status}.{reason}")),
            (status, _) => status.map(str::to_owned),
        };
        let (stop, error) = map_status(status, reason)?;
        self.stop_reason = stop;
        self.error_message = error;
        let has_tool_calls = self.builder.message().tool_calls().next().is_some();
        if has_tool_calls && self.stop_reason == StopReason::Stop {
            self.stop_reason = StopReason::ToolUse;
        }
        Ok(())
    }

    /// Some servers (Azure) leave `encrypted_content` out of the finished item and only
    /// send it in the terminal response: copy it into the stored reasoning item.
    fn backfill_reasoning(&mut self, output: Option<&Value>) {
        for item in output.and_then(Value::as_array).into_iter().flatten() {
            let (Some("reasoning"), Some(id), Some(encrypted)) = (
                item.get("type").and_then(Value::as_str),
                item.get("id").and_then(Value::as_str),
                item.get("encrypted_content").filter(|e| is_truthy(e)),
            ) else {
                continue;
            };
            let Some(&index) = self.reasoning_by_id.get(id) else {
                continue;
            };
            if let Some(ContentBlock::Thinking {
                thinking_signature: Some(signature),
                ..
            }) = self.builder.block_mut(index)
            {
                let Ok(Value::Object(mut stored)) = serde_json::from_str::<Value>(signature) else {
                    continue;
                };
                if stored.get("encrypted_content").is_some_and(is_truthy) {
                    continue;
                }
                stored.insert("encrypted_content".into(), encrypted.clone());
                *signature = Value::Object(stored).to_string();
            }
        }
    }

    /// Records replayed reasoning the API withheld (except the routine `turn_boundary`).
    fn record_reasoning_removals(&mut self, transformations: Option<&Value>) {
        let removals: Vec<Value> = transformations
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|t| {
                t.get("type").and_then(Value::as_str) == Some("reasoning")
                    && t.get("action").and_then(Value::as_str) == Some("removed")
                    && t.get("reason").and_then(Value::as_str) != Some("turn_boundary")
            })
            .map(|t| {
                json!({"type": t.get("type"), "id": t.get("id"),
                    "action": t.get("action"), "reason": t.get("reason")})
            })
            .collect();
        if !removals.is_empty() {
            self.diagnostics.push(json!({
                "type": "openai_input_transformations",
                "timestamp": tau_protocol::now_millis(),
                "details": {"transformations": removals},
            }));
        }
    }

    /// The error of a `response.failed` event.
    pub(super) fn failed(&mut self, response: Option<&Value>) -> ProviderError {
        self.saw_terminal = true;
        let response = response.unwrap_or(&Value::Null);
        self.raw_stop_reason = response
            .get("status")
            .and_then(Value::as_str)
            .map(str::to_owned);
        let message = if let Some(error) = response.get("error").filter(|e| is_truthy(e)) {
            let field = |key: &str| {
                error
                    .get(key)
                    .filter(|value| is_truthy(value))
                    .map(|value| js_text(Some(value)))
            };
            format!(
                "{}: {}",
                field("code").unwrap_or_else(|| "unknown".into()),
                field("message").unwrap_or_else(|| "no message".into())
            )
        } else if let Some(reason) = response
            .pointer("/incomplete_details/reason")
            .filter(|r| is_truthy(r))
        {
            format!("incomplete: {}", js_text(Some(reason)))
        } else {
            "Unknown error (no error details in response)".to_owned()
        };
        ProviderError::StreamError { message }
    }

    /// The stream ended (the body closed, or the request was cancelled while streaming):
    /// `Done`, or `Error` when the response is incomplete or failed. Blocks still open are
    /// closed before `Done` (pi-ai leaves them without an end event).
    pub fn finish(self, aborted: bool) -> Vec<AssistantMessageEvent> {
        let unfinished = self
            .unfinished
            .first()
            .and_then(|&index| self.builder.message().content.get(index));
        let error = if !self.saw_terminal {
            Some(ProviderError::Incomplete {
                message: NO_TERMINAL_EVENT.to_owned(),
            })
        } else if let (StopReason::ToolUse, Some(ContentBlock::ToolCall(call))) =
            (self.stop_reason, unfinished)
        {
            Some(ProviderError::ProviderStopped {
                message: format!(
                    "OpenAI Responses stream completed with an unfinished tool call: {} ({})",
                    call.name, call.id
                ),
            })
        } else if aborted {
            Some(ProviderError::Aborted)
        } else if self.stop_reason == StopReason::Pending {
            Some(ProviderError::Incomplete {
                message: "OpenAI Responses stream ended without a stop reason".to_owned(),
            })
        } else if self.stop_reason == StopReason::Error {
            Some(ProviderError::ProviderStopped {
                message: self
                    .error_message
                    .clone()
                    .unwrap_or_else(|| "An unknown error occurred".to_owned()),
            })
        } else {
            None
        };
        if let Some(error) = error {
            return vec![self.fail(&error, aborted)];
        }
        let reason = self.stop_reason;
        let extra = self.extra();
        let mut events = self.builder.finish(reason);
        if let Some(AssistantMessageEvent::Done { message, .. }) = events.last_mut() {
            message.extra.extend(extra);
        }
        events
    }

    /// The response failed: `Error` with the content so far and no `*_end` events for
    /// blocks still open, as pi-ai's exception path does. `aborted` (the request was
    /// cancelled) makes the stop reason `aborted` and keeps the message.
    pub fn fail(self, error: &ProviderError, aborted: bool) -> AssistantMessageEvent {
        let extra = self.extra();
        let (reason, message) = if error.is_aborted() {
            (StopReason::Aborted, ABORTED_MESSAGE.to_owned())
        } else if aborted {
            (StopReason::Aborted, error.to_string())
        } else {
            (StopReason::Error, error.to_string())
        };
        let mut event = self
            .builder
            .fail(reason, super::super::with_account_hint(message));
        if let AssistantMessageEvent::Error { error, .. } = &mut event {
            error.extra.extend(extra);
        }
        event
    }

    /// Fields pi-ai adds to the message: the raw stop reason and diagnostics.
    fn extra(&self) -> Map<String, Value> {
        let mut extra = Map::new();
        if let Some(raw) = &self.raw_stop_reason {
            extra.insert(RAW_STOP_REASON.into(), json!(raw));
        }
        if !self.diagnostics.is_empty() {
            extra.insert(DIAGNOSTICS.into(), Value::Array(self.diagnostics.clone()));
        }
        extra
    }
}

/// A response status → stop reason and, for errors, the error text.
pub fn map_status(
    status: Option<&str>,
    incomplete_reason: Option<&str>,
) -> Result<(StopReason, Option<String>), ProviderError> {
    Ok(match status {
        None | Some("completed" | "in_progress" | "queued") => (StopReason::Stop, None),
        Some("incomplete") => match incomplete_reason {
            Some("max_output_tokens") => (StopReason::Length, None),
            Some(reason) => (
                StopReason::Error,
                Some(format!("Response incomplete: {reason}")),
            ),
            None => (
                StopReason::Error,
                Some("Response incomplete without a provider reason".to_owned()),
            ),
        },
        Some("failed" | "cancelled") => (StopReason::Error, None),
        Some(other) => {
            return Err(ProviderError::ProviderStopped {
                message: format!("Unhandled stop reason: {other}"),
            })
        }
    })
}

/// Responses usage → Pi usage: cached and cache-write tokens are part of `input_tokens`;
/// reasoning tokens are part of `output_tokens`; the total is the provider's.
pub fn parse_usage(raw: &Value) -> Usage {
    let number = |pointer: &str| {
        raw.pointer(pointer)
            .and_then(Value::as_f64)
            .unwrap_or(0.0)
            .max(0.0) as u64
    };
    let cache_read = number("/input_tokens_details/cached_tokens");
    let cache_write = number("/input_tokens_details/cache_write_tokens");
    Usage {
        input: number("/input_tokens").saturating_sub(cache_read + cache_write),
        output: number("/output_tokens"),
        cache_read,
        cache_write,
        cache_write_1h: None,
        reasoning: Some(number("/output_tokens_details/reasoning_tokens")),
        total_tokens: number("/total_tokens"),
        cost: Default::default(),
    }
}

/// Flex processing costs half, priority twice (gpt-5.5: 2.5 times).
fn apply_service_tier(usage: &mut Usage, tier: Option<&str>, model: &Model) {
    let multiplier = match tier {
        Some("flex") => 0.5,
        Some("priority" | "fast") if model.id == "gpt-5.5" => 2.5,
        Some("priority" | "fast") => 2.0,
        _ => return,
    };
    let cost = &mut usage.cost;
    cost.input *= multiplier;
    cost.output *= multiplier;
    cost.cache_read *= multiplier;
    cost.cache_write *= multiplier;
    cost.total = cost.input + cost.output + cost.cache_read + cost.cache_write;
}
