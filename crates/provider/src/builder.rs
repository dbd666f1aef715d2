//! `AssistantMessageBuilder`: the partial assistant message of one streamed response, and
//! the events that describe how it grows.
//!
//! A provider feeds the builder what the wire says and forwards the events it returns, so
//! every provider produces the same shape: `Start`, then `*Start`/`*Delta`/`*End` per content
//! block, then exactly one `Done` or `Error`. Two ways to address blocks:
//! - by content index ([`AssistantMessageBuilder::open_text`],
//!   [`AssistantMessageBuilder::append_text`], [`AssistantMessageBuilder::close`]...), for
//!   APIs that interleave blocks (Anthropic's `content_block_*` events carry an index, OpenAI
//!   streams tool-call deltas by tool index): the provider maps its own index to the content
//!   index `open_*` returns;
//! - sequentially ([`AssistantMessageBuilder::text_delta`] and friends), for APIs that stream
//!   one block after another: a delta of another kind closes the current block and opens a
//!   new one.
//!
//! Tool-call arguments stream as JSON text; closing the block parses it strictly
//! ([`crate::json::parse_tool_call_arguments`]). [`AssistantMessageBuilder::fail`] keeps the
//! content streamed so far, as pi-ai does for aborted and failed streams, with open tool
//! calls showing their best-effort partial arguments.
//!
//! Consumers rebuild the partial message from wire events with [`apply`], or with
//! [`AssistantMessageBuilder::apply`] when they also want tool-call arguments while they
//! stream.

use serde_json::{Map, Value};
use tau_protocol::{
    AssistantMessage, AssistantMessageEvent, ContentBlock, Model, StopReason, ToolCall, Usage,
};

use crate::json::{parse_streaming_json, parse_tool_call_arguments};

mod replay;

pub use replay::apply;

/// The error message of an aborted stream, as pi-ai writes it.
pub const ABORTED_MESSAGE: &str = "Request was aborted";

/// Stream state of one content block, kept off the block so it never reaches the message.
#[derive(Debug, Clone, Default)]
struct BlockState {
    /// True between the block's `*Start` and `*End` events.
    open: bool,
    /// Argument JSON received so far (tool calls only).
    arguments: String,
    /// Why the finished arguments did not parse (tool calls only).
    arguments_error: Option<String>,
}

/// Owns the partial `AssistantMessage` while a response streams and produces its events.
#[derive(Debug, Clone)]
pub struct AssistantMessageBuilder {
    message: AssistantMessage,
    /// Parallel to `message.content`.
    blocks: Vec<BlockState>,
    /// The block the sequential helpers append to: the one opened last.
    current: Option<usize>,
}

impl AssistantMessageBuilder {
    /// An empty pending message for `model`, stamped now.
    pub fn new(model: &Model) -> Self {
        Self::from_partial(AssistantMessage {
            api: model.api.clone(),
            provider: model.provider.clone(),
            model: model.id.clone(),
            stop_reason: StopReason::Pending,
            timestamp: tau_protocol::now_millis(),
            ..AssistantMessage::default()
        })
    }

    /// A builder continuing from `partial` (typically a `Start` event's); its blocks count as
    /// closed.
    pub fn from_partial(partial: AssistantMessage) -> Self {
        let blocks = vec![BlockState::default(); partial.content.len()];
        Self {
            message: partial,
            blocks,
            current: None,
        }
    }

    /// The message as built so far. Tool calls still streaming have `{}` arguments here; see
    /// [`Self::snapshot`].
    pub fn message(&self) -> &AssistantMessage {
        &self.message
    }

    /// A copy of the message with the best-effort arguments of tool calls still streaming.
    pub fn snapshot(&self) -> AssistantMessage {
        let mut message = self.message.clone();
        self.fill_partial_arguments(&mut message);
        message
    }

    /// Best-effort arguments of the tool call at `index` from the JSON received so far.
    pub fn partial_arguments(&self, index: usize) -> Option<Value> {
        match self.message.content.get(index)? {
            ContentBlock::ToolCall(_) => Some(object_or_empty(parse_streaming_json(
                &self.blocks.get(index)?.arguments,
            ))),
            ContentBlock::Text { .. }
            | ContentBlock::Thinking { .. }
            | ContentBlock::Image { .. } => None,
        }
    }

    /// Why the closed tool call at `index` got `{}` arguments (pi-ai's `argumentsError`).
    pub fn arguments_error(&self, index: usize) -> Option<&str> {
        self.blocks.get(index)?.arguments_error.as_deref()
    }

    /// Mutable access to a block for provider metadata (signatures, a tool call's late id or
    /// name, redaction). Changing a block's kind or its streamed text is a logic error.
    pub fn block_mut(&mut self, index: usize) -> Option<&mut ContentBlock> {
        self.message.content.get_mut(index)
    }

    /// Records the provider's response id.
    pub fn set_response_id(&mut self, id: impl Into<String>) {
        self.message.response_id = Some(id.into());
    }

    /// Records the model the provider says answered, when it differs from the one asked.
    pub fn set_response_model(&mut self, model: impl Into<String>) {
        self.message.response_model = Some(model.into());
    }

    /// Replaces the running usage (providers report cumulative numbers).
    pub fn set_usage(&mut self, usage: Usage) {
        self.message.usage = usage;
    }

    /// The `Start` event with the empty message.
    pub fn start(&self) -> AssistantMessageEvent {
        AssistantMessageEvent::Start {
            partial: Box::new(self.message.clone()),
        }
    }

    /// Opens a text block; returns its content index and `TextStart`.
    pub fn open_text(&mut self) -> (usize, AssistantMessageEvent) {
        let index = self.push_block(ContentBlock::text(""));
        (
            index,
            AssistantMessageEvent::TextStart {
                content_index: index,
            },
        )
    }

    /// Opens a thinking block; returns its content index and `ThinkingStart`.
    pub fn open_thinking(&mut self) -> (usize, AssistantMessageEvent) {
        let index = self.push_block(ContentBlock::Thinking {
            thinking: String::new(),
            thinking_signature: None,
            redacted: None,
        });
        (
            index,
            AssistantMessageEvent::ThinkingStart {
                content_index: index,
            },
        )
    }

    /// Opens a tool-call block; returns its content index and `ToolCallStart`.
    pub fn open_tool_call(
        &mut self,
        id: impl Into<String>,
        name: impl Into<String>,
    ) -> (usize, AssistantMessageEvent) {
        let (id, name) = (id.into(), name.into());
        let index = self.push_block(ContentBlock::ToolCall(ToolCall {
            id: id.clone(),
            name: name.clone(),
            arguments: Value::Object(Map::new()),
            thought_signature: None,
            namespace: None,
        }));
        (
            index,
            AssistantMessageEvent::ToolCallStart {
                content_index: index,
                id,
                tool_name: name,
            },
        )
    }

    /// Appends text to the open text block at `index`. `None` (nothing changes) when the
    /// delta is empty or `index` is not an open text block.
    pub fn append_text(&mut self, index: usize, delta: &str) -> Option<AssistantMessageEvent> {
        if delta.is_empty() || !self.is_open(index) {
            return None;
        }
        match self.message.content.get_mut(index)? {
            ContentBlock::Text { text, .. } => text.push_str(delta),
            ContentBlock::Thinking { .. }
            | ContentBlock::ToolCall(_)
            | ContentBlock::Image { .. } => return None,
        }
        Some(AssistantMessageEvent::TextDelta {
            content_index: index,
            delta: delta.to_owned(),
        })
    }

    /// Appends reasoning to the open thinking block at `index`; `None` as for
    /// [`Self::append_text`].
    pub fn append_thinking(&mut self, index: usize, delta: &str) -> Option<AssistantMessageEvent> {
        if delta.is_empty() || !self.is_open(index) {
            return None;
        }
        match self.message.content.get_mut(index)? {
            ContentBlock::Thinking { thinking, .. } => thinking.push_str(delta),
            ContentBlock::Text { .. } | ContentBlock::ToolCall(_) | ContentBlock::Image { .. } => {
                return None
            }
        }
        Some(AssistantMessageEvent::ThinkingDelta {
            content_index: index,
            delta: delta.to_owned(),
        })
    }

    /// Appends argument JSON to the open tool call at `index`; `None` as for
    /// [`Self::append_text`].
    pub fn append_tool_call_arguments(
        &mut self,
        index: usize,
        json: &str,
    ) -> Option<AssistantMessageEvent> {
        if json.is_empty() || !self.is_open(index) {
            return None;
        }
        match self.message.content.get(index)? {
            ContentBlock::ToolCall(_) => {}
            ContentBlock::Text { .. }
            | ContentBlock::Thinking { .. }
            | ContentBlock::Image { .. } => return None,
        }
        self.blocks.get_mut(index)?.arguments.push_str(json);
        Some(AssistantMessageEvent::ToolCallDelta {
            content_index: index,
            delta: json.to_owned(),
        })
    }

    /// Closes the open block at `index` with its `*End` event; a tool call's arguments are
    /// parsed from the JSON received. `None` when the block is not open.
    pub fn close(&mut self, index: usize) -> Option<AssistantMessageEvent> {
        let state = self.blocks.get_mut(index).filter(|state| state.open)?;
        state.open = false;
        match self.message.content.get_mut(index)? {
            ContentBlock::Text { text, .. } => Some(AssistantMessageEvent::TextEnd {
                content_index: index,
                content: text.clone(),
            }),
            ContentBlock::Thinking { thinking, .. } => Some(AssistantMessageEvent::ThinkingEnd {
                content_index: index,
                content: thinking.clone(),
            }),
            ContentBlock::ToolCall(call) => {
                let parsed = parse_tool_call_arguments(&state.arguments);
                call.arguments = parsed.arguments;
                state.arguments_error = parsed.error;
                Some(AssistantMessageEvent::ToolCallEnd {
                    content_index: index,
                    tool_call: call.clone(),
                })
            }
            ContentBlock::Image { .. } => None,
        }
    }

    /// Closes every open block, in content order.
    pub fn close_all(&mut self) -> Vec<AssistantMessageEvent> {
        (0..self.blocks.len())
            .filter_map(|index| self.close(index))
            .collect()
    }

    /// Closes the block opened last, when it is still open.
    pub fn close_current(&mut self) -> Option<AssistantMessageEvent> {
        self.close(self.current?)
    }

    /// Appends text to the current block, first closing it and opening a text block when it
    /// is not an open text block.
    pub fn text_delta(&mut self, text: &str) -> Vec<AssistantMessageEvent> {
        self.sequential_delta(text, BlockKind::Text)
    }

    /// Appends reasoning like [`Self::text_delta`] appends text.
    pub fn thinking_delta(&mut self, thinking: &str) -> Vec<AssistantMessageEvent> {
        self.sequential_delta(thinking, BlockKind::Thinking)
    }

    /// Closes the current block and opens a tool call.
    pub fn tool_call_start(
        &mut self,
        id: impl Into<String>,
        name: impl Into<String>,
    ) -> Vec<AssistantMessageEvent> {
        let mut events: Vec<_> = self.close_current().into_iter().collect();
        events.push(self.open_tool_call(id, name).1);
        events
    }

    /// Appends argument JSON to the current tool call. Ignored (no events) when the current
    /// block is not an open tool call: there is no id or name to open one with.
    pub fn tool_call_delta(&mut self, json: &str) -> Vec<AssistantMessageEvent> {
        self.current
            .and_then(|index| self.append_tool_call_arguments(index, json))
            .into_iter()
            .collect()
    }

    /// Ends the stream: closes open blocks, then `Done` with `reason`.
    ///
    /// Mirrors pi-ai's end-of-stream checks: `pending` (the provider never said why it
    /// stopped) ends with an `Error`, and `error`/`aborted` end with an `Error` carrying the
    /// message set so far or "An unknown error occurred".
    pub fn finish(mut self, reason: StopReason) -> Vec<AssistantMessageEvent> {
        let mut events = self.close_all();
        match reason {
            StopReason::Stop | StopReason::Length | StopReason::ToolUse | StopReason::Deferred => {
                self.message.stop_reason = reason;
                events.push(AssistantMessageEvent::Done {
                    reason,
                    message: self.message,
                });
            }
            StopReason::Pending => events.push(self.fail(
                StopReason::Error,
                "provider stream ended without a stop reason",
            )),
            StopReason::Error | StopReason::Aborted => {
                let message = self
                    .message
                    .error_message
                    .clone()
                    .unwrap_or_else(|| "An unknown error occurred".to_owned());
                events.push(self.fail(reason, message));
            }
        }
        events
    }

    /// Ends the stream with an `Error`: stop reason `aborted` when `reason` is `aborted`,
    /// `error` otherwise, and `errorMessage` set. The content streamed so far is kept; blocks
    /// still open get no `*End` event, and open tool calls keep their partial arguments.
    pub fn fail(mut self, reason: StopReason, message: impl Into<String>) -> AssistantMessageEvent {
        let reason = match reason {
            StopReason::Aborted => StopReason::Aborted,
            StopReason::Error
            | StopReason::Pending
            | StopReason::Stop
            | StopReason::Length
            | StopReason::ToolUse
            | StopReason::Deferred => StopReason::Error,
        };
        let mut error = std::mem::take(&mut self.message);
        self.fill_partial_arguments(&mut error);
        error.stop_reason = reason;
        error.error_message = Some(message.into());
        AssistantMessageEvent::Error { reason, error }
    }

    /// Replays a wire event, keeping tool-call argument text so [`Self::snapshot`] shows
    /// arguments while they stream.
    pub fn apply(&mut self, event: &AssistantMessageEvent) {
        apply(&mut self.message, event);
        self.blocks
            .resize_with(self.message.content.len(), BlockState::default);
        match event {
            AssistantMessageEvent::Start { .. }
            | AssistantMessageEvent::Done { .. }
            | AssistantMessageEvent::Error { .. } => {
                self.blocks = vec![BlockState::default(); self.message.content.len()];
                self.current = None;
            }
            AssistantMessageEvent::TextStart { content_index }
            | AssistantMessageEvent::ThinkingStart { content_index }
            | AssistantMessageEvent::ToolCallStart { content_index, .. } => {
                let index = (*content_index).min(self.blocks.len().saturating_sub(1));
                if let Some(state) = self.blocks.get_mut(index) {
                    *state = BlockState {
                        open: true,
                        ..BlockState::default()
                    };
                    self.current = Some(index);
                }
            }
            AssistantMessageEvent::ToolCallDelta {
                content_index,
                delta,
            } => {
                if let Some(state) = self.blocks.get_mut(*content_index) {
                    state.arguments.push_str(delta);
                }
            }
            AssistantMessageEvent::TextEnd { content_index, .. }
            | AssistantMessageEvent::ThinkingEnd { content_index, .. }
            | AssistantMessageEvent::ToolCallEnd { content_index, .. } => {
                if let Some(state) = self.blocks.get_mut(*content_index) {
                    state.open = false;
                }
            }
            AssistantMessageEvent::TextDelta { .. }
            | AssistantMessageEvent::ThinkingDelta { .. } => {}
        }
    }

    fn push_block(&mut self, block: ContentBlock) -> usize {
        self.message.content.push(block);
        self.blocks.push(BlockState {
            open: true,
            ..BlockState::default()
        });
        let index = self.message.content.len() - 1;
        self.current = Some(index);
        index
    }

    fn is_open(&self, index: usize) -> bool {
        self.blocks.get(index).is_some_and(|state| state.open)
    }

    fn sequential_delta(&mut self, delta: &str, kind: BlockKind) -> Vec<AssistantMessageEvent> {
        if delta.is_empty() {
            return Vec::new();
        }
        let mut events = Vec::new();
        let current = self.current.filter(|&index| {
            self.is_open(index)
                && self
                    .message
                    .content
                    .get(index)
                    .is_some_and(|block| kind.matches(block))
        });
        let index = match current {
            Some(index) => index,
            None => {
                events.extend(self.close_current());
                let (index, start) = match kind {
                    BlockKind::Text => self.open_text(),
                    BlockKind::Thinking => self.open_thinking(),
                };
                events.push(start);
                index
            }
        };
        let delta = match kind {
            BlockKind::Text => self.append_text(index, delta),
            BlockKind::Thinking => self.append_thinking(index, delta),
        };
        events.extend(delta);
        events
    }

    /// Writes the best-effort arguments of still-open tool calls into `message`.
    fn fill_partial_arguments(&self, message: &mut AssistantMessage) {
        for (block, state) in message.content.iter_mut().zip(&self.blocks) {
            if let (ContentBlock::ToolCall(call), true) = (block, state.open) {
                call.arguments = object_or_empty(parse_streaming_json(&state.arguments));
            }
        }
    }
}

/// Kinds of blocks the sequential helpers stream.
#[derive(Debug, Clone, Copy)]
enum BlockKind {
    Text,
    Thinking,
}

impl BlockKind {
    fn matches(self, block: &ContentBlock) -> bool {
        matches!(
            (self, block),
            (BlockKind::Text, ContentBlock::Text { .. })
                | (BlockKind::Thinking, ContentBlock::Thinking { .. })
        )
    }
}

/// Tool arguments are always an object; anything else streams as `{}`.
fn object_or_empty(value: Value) -> Value {
    match value {
        Value::Object(_) => value,
        _ => Value::Object(Map::new()),
    }
}

#[cfg(test)]
#[path = "builder_tests.rs"]
mod tests;
