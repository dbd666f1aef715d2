//! The one interface through which modes, the session log and the extension bridge attach to
//! the loop.
//!
//! Every method is awaited where the loop calls it, in the loop's order, so a notification
//! can never overtake a gate or transform that came before it.

use async_trait::async_trait;
use serde_json::Value;
use tau_protocol::{
    AgentEvent, AgentMessage, AssistantMessage, ContentBlock, ToolCall, ToolResult, Usage,
};

/// A gate's verdict on a tool call (Pi's `BeforeToolCallResult`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BeforeToolCall {
    /// Do not run the tool; the model gets an error result instead.
    pub block: bool,
    /// The text of that error result (default: "Tool execution was blocked").
    pub reason: Option<String>,
    /// Stop after this batch (only when every result of the batch asks).
    pub terminate: bool,
}

/// Field-by-field overrides of an executed tool's result (Pi's `AfterToolCallResult`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AfterToolCall {
    /// Replaces the content in full.
    pub content: Option<Vec<ContentBlock>>,
    /// Replaces the details in full.
    pub details: Option<Value>,
    /// Replaces the structured content; dropped when only `content` is replaced.
    pub structured_content: Option<Value>,
    /// Replaces the error flag.
    pub is_error: Option<bool>,
    /// Replaces the usage.
    pub usage: Option<Usage>,
    /// Replaces the early-termination hint.
    pub terminate: Option<bool>,
}

/// What changes before the next model request of a run (Pi's `prepareRequest`): the live
/// configuration when tools, model or thinking level changed mid-run, and messages to record
/// before the request (the system message declaring those changes).
#[derive(Clone, Default)]
pub struct RequestUpdate {
    /// Replaces the run's configuration from this request on.
    pub config: Option<crate::AgentConfig>,
    /// Emitted (`message_start` / `message_end`) and appended to the context first.
    pub messages: Vec<AgentMessage>,
}

/// What Pi's `agent_before_settle` handlers decided when a run was about to settle.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BeforeSettle {
    /// Session entry drafts to record (`{type: "custom" | "custom_message", …}`).
    pub entries: Vec<Value>,
    /// Make one more model request (when the context allows one).
    pub continue_run: bool,
}

/// A turn that just finished (Pi's `finishTurn`), for the `turn_end` boundary.
#[derive(Debug, Clone, Copy)]
pub struct FinishedTurn<'a> {
    /// The turn's assistant message.
    pub assistant: &'a AssistantMessage,
    /// Its tool results, in call order.
    pub tool_results: &'a [tau_protocol::ToolResultMessage],
    /// The conversation after the turn (what the next request would start from).
    pub context: &'a [AgentMessage],
    /// The session entry of the assistant message, once the runtime found it.
    pub message_entry_id: Option<&'a str>,
    /// The session entries of the tool results found, in order.
    pub tool_result_entry_ids: &'a [String],
    /// Messages queued to steer or follow up (Pi's `pendingMessages`), once the runtime
    /// filled them in.
    pub pending: &'a [AgentMessage],
}

/// What the `turn_end` boundary decided (Pi's `emitBoundary` result, then committed).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TurnBoundary {
    /// Session entry drafts to record (`{type: "custom" | "custom_message", …}`).
    pub entries: Vec<Value>,
    /// Make one more request after this turn even when the model asked for no tool.
    pub continue_run: bool,
    /// Messages the recorded drafts added to the conversation (the loop appends them to
    /// its context).
    pub messages: Vec<AgentMessage>,
}

/// Hooks and notifications of the agent loop. Every method has a pass-through default.
#[async_trait]
pub trait AgentHooks: Send + Sync {
    /// An event, delivered in order and awaited before the loop goes on.
    async fn on_event(&self, _event: &AgentEvent) {}

    /// Rewrites the messages for one model request (Pi's `transformContext` / `context`
    /// event); the stored conversation is not changed. `None` leaves them as they are, so a
    /// request without context hooks reads the conversation in place instead of copying it.
    async fn transform_context(&self, _messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        None
    }

    /// Whether [`AgentHooks::context_with_system`] wants to be asked (it gets a copy of the
    /// transcript, so the loop skips it otherwise).
    fn handles_context_with_system(&self) -> bool {
        false
    }

    /// Pi's `context_with_system` event: rewrites the whole transcript of one request, system
    /// messages included, after [`AgentHooks::transform_context`]; the request's prompt and
    /// tools then come from the returned system messages. `None` leaves it as it is.
    async fn context_with_system(&self, _messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        None
    }

    /// Hooks on the HTTP request of each model request (Pi's `onPayload`,
    /// `transformHeaders`, `onResponse`, `onProviderStreamEvent`); `None` when nobody
    /// listens, so the request is sent untouched and unobserved.
    fn request_hooks(&self) -> Option<tau_provider::SharedRequestHooks> {
        None
    }

    /// Gates a tool call after its arguments validated. `args` may be mutated in place; the
    /// tool then runs with the mutated arguments.
    async fn before_tool_call(
        &self,
        _assistant: &AssistantMessage,
        _call: &ToolCall,
        _args: &mut Value,
    ) -> Option<BeforeToolCall> {
        None
    }

    /// Overrides parts of an executed tool's result.
    async fn after_tool_call(
        &self,
        _call: &ToolCall,
        _args: &Value,
        _result: &ToolResult,
        _is_error: bool,
    ) -> Option<AfterToolCall> {
        None
    }

    /// Last chance to replace a completed message before `message_end` is emitted and the
    /// message enters the conversation (Pi's chained `message_end` handlers).
    async fn finalize_message(&self, message: AgentMessage) -> AgentMessage {
        message
    }

    /// Called before every model request of a run; see [`RequestUpdate`].
    async fn prepare_request(&self) -> Option<RequestUpdate> {
        None
    }

    /// Whether [`AgentHooks::before_settle`] wants to be asked (it gets a copy of the
    /// conversation, so the runtime skips it otherwise).
    fn handles_before_settle(&self) -> bool {
        false
    }

    /// A run is about to settle (Pi's `agent_before_settle`): `outcome` is `completed`,
    /// `aborted` or `error`; `messages` the conversation. Called by the runtime, not the loop.
    async fn before_settle(&self, _outcome: &str, _messages: &[AgentMessage]) -> BeforeSettle {
        BeforeSettle::default()
    }

    /// A turn finished, before its `turn_end` event (Pi's `finishTurn` with its `turn_end`
    /// boundary). The loop appends the returned messages to its context and honours
    /// `continue_run` unless the turn ended in an error or an abort.
    async fn finish_turn(&self, _turn: &FinishedTurn<'_>) -> TurnBoundary {
        TurnBoundary::default()
    }

    /// Whether [`AgentHooks::finish_turn`] wants to be asked (the runtime then looks up the
    /// turn's session entries for it).
    fn handles_finish_turn(&self) -> bool {
        false
    }

    /// Messages queued to steer the run, taken after each turn's tool calls.
    async fn steering_messages(&self) -> Vec<AgentMessage> {
        Vec::new()
    }

    /// Messages queued to follow up once the run would otherwise stop.
    async fn follow_up_messages(&self) -> Vec<AgentMessage> {
        Vec::new()
    }
}

/// Hooks that do nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoHooks;

impl AgentHooks for NoHooks {}
