//! Turning Responses stream events into assistant-message events, the way pi-ai's
//! `processResponsesStream` does.
//!
//! - Each output item (`reasoning`, `message`, `function_call`) is a block, opened by
//!   `response.output_item.added` and closed by `response.output_item.done`, addressed by
//!   its `output_index`; deltas for a closed or different item are ignored.
//! - Reasoning streams from summary deltas (a finished summary part adds `\n\n`) or
//!   reasoning-text deltas; at its end the block takes the item's summary (parts joined by
//!   `\n\n`, else its content) and keeps the whole item, `encrypted_content` included, as the
//!   thinking signature for replay.
//! - A message's text signature keeps the item id and phase; refusals count as text.
//! - A tool call's id is `call_id|item_id`; `function_call_arguments.done` and the finished
//!   item replace the streamed arguments, sending the missing tail as a last delta.
//! - `response.completed` / `response.incomplete` give usage, cost and the stop reason;
//!   `response.failed` and `error` events fail the response.

mod terminal;

use std::collections::HashMap;

use serde_json::Value;
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason};

use super::input::text_signature;
use crate::builder::AssistantMessageBuilder;
use crate::error::ProviderError;
use crate::json::parse_tool_call_arguments;
pub use terminal::{map_status, parse_usage};

/// The key under which the provider's raw stop reason is kept on the message.
pub const RAW_STOP_REASON: &str = "rawStopReason";
/// The message key of Pi's assistant-message diagnostics.
pub const DIAGNOSTICS: &str = "diagnostics";
/// pi-ai's error when the body ends before `response.completed` (or an abort cuts it).
pub const NO_TERMINAL_EVENT: &str =
    "OpenAI Responses stream ended before a terminal response event";

/// What kind of block an output item streams into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SlotKind {
    Thinking,
    Text,
    ToolCall,
}

/// An output item being streamed.
#[derive(Debug)]
struct Slot {
    kind: SlotKind,
    /// Content index of its block.
    index: usize,
    /// Argument text so far (tool calls).
    arguments: String,
    /// The provider's final arguments did not continue the streamed ones: the builder's copy
    /// is stale and the block's arguments come from `arguments`.
    replaced: bool,
}

/// State of one streamed response.
pub struct EventReader {
    builder: AssistantMessageBuilder,
    model: Model,
    slots: HashMap<Option<i64>, Slot>,
    /// Tool calls (content indices) whose `output_item.done` has not arrived, in order.
    unfinished: Vec<usize>,
    /// Thinking blocks by reasoning item id, for the encrypted-content backfill.
    reasoning_by_id: HashMap<String, usize>,
    stop_reason: StopReason,
    error_message: Option<String>,
    raw_stop_reason: Option<String>,
    diagnostics: Vec<Value>,
    saw_terminal: bool,
}

impl EventReader {
    /// A reader around a fresh builder.
    pub fn new(builder: AssistantMessageBuilder, model: Model) -> Self {
        Self {
            builder,
            model,
            slots: HashMap::new(),
            unfinished: Vec::new(),
            reasoning_by_id: HashMap::new(),
            stop_reason: StopReason::Pending,
            error_message: None,
            raw_stop_reason: None,
            diagnostics: Vec::new(),
            saw_terminal: false,
        }
    }

    /// The `Start` event.
    pub fn start(&self) -> AssistantMessageEvent {
        self.builder.start()
    }

    /// Applies one parsed stream event; `Err` when it fails the response.
    pub fn event(&mut self, event: &Value) -> Result<Vec<AssistantMessageEvent>, ProviderError> {
        let mut events = Vec::new();
        let output_index = event.get("output_index").and_then(Value::as_i64);
        let text = |key: &str| event.get(key).and_then(Value::as_str);
        match text("type").unwrap_or_default() {
            "response.created" => {
                if let Some(id) = event.pointer("/response/id").and_then(Value::as_str) {
                    self.builder.set_response_id(id);
                }
            }
            "response.output_item.added" => {
                if let Some(item) = event.get("item") {
                    self.create_slot(output_index, item, &mut events);
                }
            }
            "response.reasoning_summary_text.delta" | "response.reasoning_text.delta" => {
                if let (Some(index), Some(delta)) =
                    (self.slot(output_index, SlotKind::Thinking), text("delta"))
                {
                    events.extend(self.builder.append_thinking(index, delta));
                }
            }
            "response.reasoning_summary_part.done" => {
                if let Some(index) = self.slot(output_index, SlotKind::Thinking) {
                    events.extend(self.builder.append_thinking(index, "\n\n"));
                }
            }
            "response.output_text.delta" | "response.refusal.delta" => {
                if let (Some(index), Some(delta)) =
                    (self.slot(output_index, SlotKind::Text), text("delta"))
                {
                    events.extend(self.builder.append_text(index, delta));
                }
            }
            "response.function_call_arguments.delta" => {
                if let Some(delta) = text("delta") {
                    self.append_arguments(output_index, delta, &mut events);
                }
            }
            "response.function_call_arguments.done" => {
                if let Some(arguments) = text("arguments") {
                    self.replace_arguments(output_index, arguments, &mut events);
                }
            }
            "response.output_item.done" => {
                if let Some(item) = event.get("item") {
                    self.item_done(output_index, item, &mut events);
                }
            }
            "response.completed" | "response.incomplete" => {
                self.finalize(event.get("response").unwrap_or(&Value::Null))?;
            }
            "error" => {
                // A bare error event (the SDK throws on a named one before it gets here).
                return Err(ProviderError::StreamError {
                    message: format!(
                        "Error Code {}: {}",
                        js_text(event.get("code")),
                        js_text(event.get("message"))
                    ),
                });
            }
            "response.failed" => return Err(self.failed(event.get("response"))),
            _ => {}
        }
        Ok(events)
    }

    /// The content index of the open slot at `output_index` when it has `kind`.
    fn slot(&self, output_index: Option<i64>, kind: SlotKind) -> Option<usize> {
        self.slots
            .get(&output_index)
            .filter(|slot| slot.kind == kind)
            .map(|slot| slot.index)
    }

    fn create_slot(
        &mut self,
        output_index: Option<i64>,
        item: &Value,
        events: &mut Vec<AssistantMessageEvent>,
    ) {
        let (kind, index, arguments) = match item.get("type").and_then(Value::as_str) {
            Some("reasoning") => {
                let (index, start) = self.builder.open_thinking();
                events.push(start);
                (SlotKind::Thinking, index, String::new())
            }
            Some("message") => {
                let (index, start) = self.builder.open_text();
                events.push(start);
                (SlotKind::Text, index, String::new())
            }
            Some("function_call") => {
                let id = format!(
                    "{}|{}",
                    js_text(item.get("call_id")),
                    js_text(item.get("id"))
                );
                let name = item.get("name").and_then(Value::as_str).unwrap_or_default();
                let (index, start) = self.builder.open_tool_call(id, name);
                if let (Some(ContentBlock::ToolCall(call)), Some(namespace)) = (
                    self.builder.block_mut(index),
                    item.get("namespace").and_then(Value::as_str),
                ) {
                    call.namespace = Some(namespace.to_owned());
                }
                // Arguments already in the opening item stream silently, as in pi-ai.
                let arguments = item
                    .get("arguments")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let _ = self.builder.append_tool_call_arguments(index, arguments);
                self.unfinished.push(index);
                events.push(start);
                (SlotKind::ToolCall, index, arguments.to_owned())
            }
            _ => return,
        };
        self.slots.insert(
            output_index,
            Slot {
                kind,
                index,
                arguments,
                replaced: false,
            },
        );
    }

    fn append_arguments(
        &mut self,
        output_index: Option<i64>,
        delta: &str,
        events: &mut Vec<AssistantMessageEvent>,
    ) {
        let Some(slot) = self
            .slots
            .get_mut(&output_index)
            .filter(|slot| slot.kind == SlotKind::ToolCall)
        else {
            return;
        };
        slot.arguments.push_str(delta);
        let index = slot.index;
        // pi-ai sends a delta for every argument event, also an empty one.
        events.push(
            self.builder
                .append_tool_call_arguments(index, delta)
                .unwrap_or(AssistantMessageEvent::ToolCallDelta {
                    content_index: index,
                    delta: delta.to_owned(),
                }),
        );
    }

    /// Takes the provider's complete argument text: the missing tail streams as a delta;
    /// text that does not continue the streamed arguments replaces them silently.
    fn replace_arguments(
        &mut self,
        output_index: Option<i64>,
        arguments: &str,
        events: &mut Vec<AssistantMessageEvent>,
    ) {
        let Some(slot) = self
            .slots
            .get_mut(&output_index)
            .filter(|slot| slot.kind == SlotKind::ToolCall)
        else {
            return;
        };
        match arguments.strip_prefix(slot.arguments.as_str()) {
            Some(tail) => {
                let tail = tail.to_owned();
                slot.arguments.push_str(&tail);
                let index = slot.index;
                events.extend(self.builder.append_tool_call_arguments(index, &tail));
            }
            None => {
                slot.arguments = arguments.to_owned();
                slot.replaced = true;
            }
        }
    }

    fn item_done(
        &mut self,
        output_index: Option<i64>,
        item: &Value,
        events: &mut Vec<AssistantMessageEvent>,
    ) {
        if !self.slots.contains_key(&output_index) {
            self.create_slot(output_index, item, events);
        }
        let Some(slot) = self.slots.get(&output_index) else {
            return;
        };
        let (kind, index) = (slot.kind, slot.index);
        match (item.get("type").and_then(Value::as_str), kind) {
            (Some("reasoning"), SlotKind::Thinking) => {
                let summary = join_texts(item.get("summary"), "\n\n");
                let content = join_texts(item.get("content"), "\n\n");
                if let Some(ContentBlock::Thinking {
                    thinking,
                    thinking_signature,
                    ..
                }) = self.builder.block_mut(index)
                {
                    if !summary.is_empty() {
                        *thinking = summary;
                    } else if !content.is_empty() {
                        *thinking = content;
                    }
                    *thinking_signature = Some(item.to_string());
                }
                if let Some(id) = item.get("id").and_then(Value::as_str) {
                    self.reasoning_by_id.insert(id.to_owned(), index);
                }
            }
            (Some("message"), SlotKind::Text) => {
                let text: String = item
                    .get("content")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|part| {
                        let key = if part.get("type").and_then(Value::as_str) == Some("output_text")
                        {
                            "text"
                        } else {
                            "refusal"
                        };
                        part.get(key).and_then(Value::as_str).unwrap_or_default()
                    })
                    .collect();
                let signature = text_signature(
                    &js_text(item.get("id")),
                    item.get("phase").and_then(Value::as_str),
                );
                if let Some(ContentBlock::Text {
                    text: block_text,
                    text_signature,
                }) = self.builder.block_mut(index)
                {
                    *block_text = text;
                    *text_signature = Some(signature);
                }
            }
            (Some("function_call"), SlotKind::ToolCall) => {
                if let Some(arguments) = item
                    .get("arguments")
                    .and_then(Value::as_str)
                    .filter(|a| !a.is_empty())
                {
                    // The tail is not sent as a delta here, as in pi-ai.
                    let mut ignored = Vec::new();
                    self.replace_arguments(output_index, arguments, &mut ignored);
                }
                if let (Some(ContentBlock::ToolCall(call)), Some(namespace)) = (
                    self.builder.block_mut(index),
                    item.get("namespace").and_then(Value::as_str),
                ) {
                    call.namespace = Some(namespace.to_owned());
                }
                self.unfinished.retain(|&open| open != index);
            }
            _ => return,
        }
        let Some(slot) = self.slots.remove(&output_index) else {
            return;
        };
        let Some(mut end) = self.builder.close(index) else {
            return;
        };
        if let (true, AssistantMessageEvent::ToolCallEnd { tool_call, .. }) =
            (slot.replaced, &mut end)
        {
            let arguments = parse_tool_call_arguments(&slot.arguments).arguments;
            tool_call.arguments = arguments.clone();
            if let Some(ContentBlock::ToolCall(call)) = self.builder.block_mut(index) {
                call.arguments = arguments;
            }
        }
        events.push(end);
    }
}

/// The `text` of each part of `parts`, joined with `separator`.
fn join_texts(parts: Option<&Value>, separator: &str) -> String {
    parts
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|part| part.get("text").and_then(Value::as_str).unwrap_or_default())
        .collect::<Vec<_>>()
        .join(separator)
}

/// A value as JavaScript's template strings show it (`undefined` when absent).
fn js_text(value: Option<&Value>) -> String {
    match value {
        None => "undefined".to_owned(),
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
    }
}
