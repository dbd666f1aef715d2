//! [`ExtensionHooks`]: the agent loop's hooks answered by extension handlers, composed as Pi
//! composes them (docs/extensions.md "Handler Composition").
//!
//! Handlers run one at a time in load order, then registration order; every dispatch is
//! awaited, so a notification never overtakes a gate. `tool_call` fails closed: a throwing
//! handler, a hung handler or a dead host blocks the call with a reason the model sees.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{json, Map, Value};
use tau_agent::{
    AfterToolCall, AgentHooks, BeforeSettle, BeforeToolCall, FinishedTurn, TurnBoundary,
};
use tau_protocol::{
    AgentEvent, AgentMessage, AssistantMessage, ContentBlock, ToolCall, ToolResult, UserContent,
};
use tokio_util::sync::CancellationToken;

use crate::error::{BridgeError, Diagnostic};
use crate::host::{ExtensionHost, HandlerRef};

/// Pi's prefix for a tool call blocked because extension code failed.
pub const BLOCK_PREFIX: &str = "Extension failed, blocking execution: ";

/// Loop events delivered to extensions as plain notifications.
const NOTIFIED: &[&str] = &[
    "agent_start",
    "agent_end",
    "turn_start",
    "message_start",
    "message_update",
    "tool_execution_start",
    "tool_execution_update",
    "tool_execution_end",
    "agent_settled",
];

/// What `before_agent_start` handlers asked for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BeforeAgentStart {
    /// Custom messages (`{customType, content, display, details}`) to add after the prompt.
    pub messages: Vec<Value>,
    /// The system prompt for this run, replacing the built one.
    pub system_prompt: Option<String>,
}

/// Reports a handler's failure (or the host's) for `event`, attributed to the extension.
pub(crate) fn report(
    host: &ExtensionHost,
    handler: Option<&HandlerRef>,
    event: &str,
    error: &BridgeError,
) {
    let remote_path = match error {
        BridgeError::Remote { extension_path, .. } => extension_path.clone(),
        _ => None,
    };
    host.reporter().report(Diagnostic {
        extension_path: remote_path.or_else(|| handler.map(|h| h.extension_path.clone())),
        event: event.to_string(),
        error: error.to_string(),
    });
}

/// Agent hooks backed by an [`ExtensionHost`].
#[derive(Debug)]
pub struct ExtensionHooks {
    host: Arc<ExtensionHost>,
    turn_index: AtomicU64,
    /// Host restarts already announced to the reloaded extensions.
    restarts_seen: std::sync::atomic::AtomicU32,
    /// The streaming assistant message, for `message_update` handlers.
    partial: crate::partial::Partial,
    /// Nested tool calls under way (`ctx.executeTool`): call id → the calling tool's id,
    /// which their events carry as `parentToolCallId`.
    nested: std::sync::Mutex<std::collections::HashMap<String, String>>,
}

impl ExtensionHooks {
    /// Hooks dispatching to `host`.
    pub fn new(host: Arc<ExtensionHost>) -> Self {
        ExtensionHooks {
            host,
            turn_index: AtomicU64::new(0),
            restarts_seen: std::sync::atomic::AtomicU32::new(0),
            partial: crate::partial::Partial::default(),
            nested: Default::default(),
        }
    }

    /// Marks `id` as a nested call of tool call `parent` until [`ExtensionHooks::nested_done`]:
    /// its `tool_call`, `tool_result` and `tool_execution_*` events carry `parentToolCallId`.
    pub fn nested_call(&self, id: &str, parent: &str) {
        self.nested_calls()
            .insert(id.to_string(), parent.to_string());
    }

    /// The nested call `id` finished.
    pub fn nested_done(&self, id: &str) {
        self.nested_calls().remove(id);
    }

    fn nested_calls(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, String>> {
        self.nested.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds `parentToolCallId` to an event of tool call `id` when it is a nested call.
    fn mark_nested(&self, id: &str, fields: &mut Map<String, Value>) {
        if let Some(parent) = self.nested_calls().get(id) {
            fields.insert("parentToolCallId".into(), parent.clone().into());
        }
    }

    fn report(&self, handler: Option<&HandlerRef>, event: &str, error: &BridgeError) {
        report(&self.host, handler, event, error);
    }

    /// Handlers of `event`, or `None` (reported) when the host cannot be reached. A host
    /// restarted since the last dispatch reloaded its extensions with fresh state: they
    /// hear `session_start` (reason `reload`) first, so they rebuild it from the session.
    async fn handlers(&self, event: &str) -> Result<Vec<HandlerRef>, BridgeError> {
        if self.host.registered(event).is_empty() {
            return Ok(Vec::new());
        }
        let handlers = self.host.handlers(event).await?;
        let restarts = self.host.restarts();
        if self.restarts_seen.swap(restarts, Ordering::AcqRel) != restarts {
            let start = json!({ "type": "session_start", "reason": "reload" });
            for handler in self.host.registered("session_start") {
                if let Err(e) = self
                    .host
                    .invoke(&handler.id, start.clone(), json!({}))
                    .await
                {
                    self.report(Some(&handler), "session_start", &e);
                }
            }
        }
        Ok(handlers)
    }

    /// The event's name and its handlers; none (the failure reported) when the host cannot
    /// be reached.
    async fn handlers_of(&self, event: &Value) -> (String, Vec<HandlerRef>) {
        let name = event
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        match self.handlers(&name).await {
            Ok(handlers) => (name, handlers),
            Err(e) => {
                self.report(None, &name, &e);
                (name, Vec::new())
            }
        }
    }

    /// Delivers a notification event (`{"type": …, …}`) to every handler of its type, in
    /// order; failures are reported and the run goes on. Used for `session_start`,
    /// `session_shutdown` and the loop's notification events.
    pub async fn notify(&self, event: Value) {
        self.until(event, |_| false).await;
    }

    /// Runs every handler of `event` (each with the event as tau sent it) until one returns
    /// a value `decisive` accepts: that value, and the last non-null value before it.
    /// Throwing handlers are reported and skipped.
    async fn until(
        &self,
        event: Value,
        decisive: impl Fn(&Value) -> bool,
    ) -> (Option<Value>, Option<Value>) {
        let (name, handlers) = self.handlers_of(&event).await;
        let mut last = None;
        for handler in &handlers {
            match self
                .host
                .invoke(&handler.id, event.clone(), json!({}))
                .await
            {
                Ok(outcome) if decisive(&outcome.value) => return (Some(outcome.value), last),
                Ok(outcome) if !outcome.value.is_null() => last = Some(outcome.value),
                Ok(_) => {}
                Err(e) => self.report(Some(handler), &name, &e),
            }
        }
        (None, last)
    }

    /// Runs `input` handlers on a prompt (Pi's `emitInput`): `transform` chains text and
    /// images into the next handler, `handled` short-circuits. `None` means handled: no agent
    /// run. Throwing handlers are reported and skipped.
    pub async fn input(&self, prompt: UserContent, source: &str) -> Option<UserContent> {
        let handlers = match self.handlers("input").await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, "input", &e);
                return Some(prompt);
            }
        };
        if handlers.is_empty() {
            return Some(prompt);
        }
        let original_text = prompt.joined_text();
        let original_images = images_of(&prompt);
        let (mut text, mut images) = (original_text.clone(), original_images.clone());
        for handler in &handlers {
            let mut event = json!({ "type": "input", "text": text, "source": source });
            if !images.is_empty() {
                event["images"] = Value::Array(images.clone());
            }
            let value = match self.host.invoke(&handler.id, event, json!({})).await {
                Ok(outcome) => outcome.value,
                Err(e) => {
                    self.report(Some(handler), "input", &e);
                    continue;
                }
            };
            match value.get("action").and_then(Value::as_str) {
                Some("handled") => return None,
                Some("transform") => {
                    text = value
                        .get("text")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string();
                    if let Some(new_images) = value.get("images").and_then(Value::as_array) {
                        images = new_images.clone();
                    }
                }
                _ => {}
            }
        }
        if text == original_text && images == original_images {
            return Some(prompt);
        }
        let mut blocks = vec![ContentBlock::text(text)];
        blocks.extend(
            images
                .into_iter()
                .filter_map(|image| serde_json::from_value::<ContentBlock>(image).ok()),
        );
        Some(UserContent::Blocks(blocks))
    }

    /// Runs a cancellable event (`session_before_switch`, `session_before_fork`, …) as Pi
    /// does: handlers in order until one returns `cancel: true`, which is returned; else the
    /// last value a handler returned. Throwing handlers are reported and skipped.
    pub async fn gate(&self, event: Value) -> Option<Value> {
        let (cancel, last) = self.until(event, |value| field_bool(value, "cancel")).await;
        cancel.or(last)
    }

    /// [`ExtensionHooks::gate`] for an event whose handlers may run long and carry Pi's
    /// `signal` (`session_before_compact`): no time limit; `cancel` aborts the handler under
    /// way (its `signal` fires) and ends the dispatch with no answer.
    pub async fn gate_until_cancelled(
        &self,
        event: Value,
        cancel: &CancellationToken,
    ) -> Option<Value> {
        let (name, handlers) = self.handlers_of(&event).await;
        let mut last = None;
        for handler in &handlers {
            match self
                .host
                .invoke_until_cancelled(&handler.id, event.clone(), cancel)
                .await
            {
                Ok(outcome) if field_bool(&outcome.value, "cancel") => return Some(outcome.value),
                Ok(outcome) if !outcome.value.is_null() => last = Some(outcome.value),
                Ok(_) => {}
                Err(BridgeError::Aborted) => return None,
                Err(e) => self.report(Some(handler), &name, &e),
            }
        }
        last
    }

    /// Runs every handler of `event` (Pi's aggregating events, e.g. `resources_discover`):
    /// each non-null answer with the path of the extension that gave it, in order. Throwing
    /// handlers are reported and skipped.
    pub async fn collect(&self, event: Value) -> Vec<(String, Value)> {
        let (name, handlers) = self.handlers_of(&event).await;
        let mut answers = Vec::new();
        for handler in &handlers {
            match self
                .host
                .invoke(&handler.id, event.clone(), json!({}))
                .await
            {
                Ok(outcome) if !outcome.value.is_null() => {
                    answers.push((handler.extension_path.clone(), outcome.value));
                }
                Ok(_) => {}
                Err(e) => self.report(Some(handler), &name, &e),
            }
        }
        answers
    }

    /// Runs `user_bash` handlers as Pi's `emitUserBash` does: the first handler returning
    /// something decides; its answer must be exactly one of `{result: BashResult}` or
    /// `{operations}`. A throwing handler or an invalid answer is reported and blocks the
    /// command (`Err`, no local fallback); `Ok(None)` runs it locally.
    pub async fn user_bash(&self, event: Value) -> Result<Option<Value>, String> {
        let (name, handlers) = self.handlers_of(&event).await;
        for handler in &handlers {
            let value = match self
                .host
                .invoke(&handler.id, event.clone(), json!({}))
                .await
            {
                Ok(outcome) => outcome.value,
                Err(e) => {
                    self.report(Some(handler), &name, &e);
                    return Err(e.to_string());
                }
            };
            if value.is_null() {
                continue;
            }
            if !is_user_bash_answer(&value) {
                let error = BridgeError::Remote {
                    message: "Invalid user_bash handler result: return undefined for local \
                              execution or exactly one valid { operations } or { result } object"
                        .into(),
                    extension_path: Some(handler.extension_path.clone()),
                };
                self.report(Some(handler), &name, &error);
                return Err(error.to_string());
            }
            return Ok(Some(value));
        }
        Ok(None)
    }

    /// Whether any extension handles `event`.
    pub fn handles(&self, event: &str) -> bool {
        !self.host.registered(event).is_empty()
    }

    /// Runs `before_agent_start` handlers (Pi's `emitBeforeAgentStart`) for a run started by
    /// `trigger` ([`user_trigger`] or [`custom_trigger`]). Each handler sees the system
    /// prompt and `systemPromptOptions` as the previous ones left them: in-place edits of the
    /// options are read back, a returned `systemPrompt` forces the prompt, and the prompt is
    /// rebuilt from the options with `render` (Pi's `buildSystemPrompt`). Returned `message`s
    /// are collected in order. Throwing handlers are reported and skipped.
    pub async fn before_agent_start(
        &self,
        trigger: &Value,
        system_prompt: &str,
        system_prompt_options: Value,
        render: &(dyn Fn(&Value) -> String + Send + Sync),
    ) -> BeforeAgentStart {
        let mut outcome = BeforeAgentStart::default();
        let handlers = match self.handlers("before_agent_start").await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, "before_agent_start", &e);
                return outcome;
            }
        };
        let initial = system_prompt_options.clone();
        let mut options = system_prompt_options;
        let mut prompt = system_prompt.to_string();
        for handler in &handlers {
            let mut event = trigger.clone();
            event["type"] = json!("before_agent_start");
            event["systemPrompt"] = json!(prompt);
            event["systemPromptOptions"] = options.clone();
            let ctx = json!({ "systemPrompt": prompt });
            match self.host.invoke(&handler.id, event, ctx).await {
                Ok(result) => {
                    if let Some(edited) = result
                        .event
                        .as_ref()
                        .and_then(|e| e.get("systemPromptOptions"))
                        .filter(|o| o.is_object())
                    {
                        options = edited.clone();
                    }
                    if let Some(message) = result.value.get("message").filter(|m| m.is_object()) {
                        outcome.messages.push(message.clone());
                    }
                    if let Some(text) = result.value.get("systemPrompt").and_then(Value::as_str) {
                        options["forceSystemPrompt"] = json!(text);
                    }
                }
                Err(e) => self.report(Some(handler), "before_agent_start", &e),
            }
            if options != initial {
                prompt = render(&options);
            }
        }
        if options != initial {
            outcome.system_prompt = Some(prompt);
        }
        outcome
    }

    /// Runs a boundary event (`turn_end`, `agent_before_settle`) as Pi's `emitBoundary`:
    /// `base` plus the `entries` and `continue` proposed so far and the `context` the run
    /// would continue from. Throwing handlers are reported and skipped.
    async fn boundary(
        &self,
        name: &str,
        base: Value,
        messages: &[AgentMessage],
        pending: &[AgentMessage],
    ) -> BeforeSettle {
        let mut entries = Value::Array(Vec::new());
        let mut continue_run = false;
        let handlers = match self.handlers(name).await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, name, &e);
                return BeforeSettle::default();
            }
        };
        // Pi's `convertToLlm` keeps system messages where they are; tau's drops them (its
        // providers take the prompt apart), so they are kept here by hand.
        let llm_messages: Vec<AgentMessage> = messages
            .iter()
            .flat_map(|message| match message.role() {
                "system" => vec![message.clone()],
                _ => tau_agent::convert_to_llm(std::slice::from_ref(message)),
            })
            .collect();
        let final_role_is_assistant =
            matches!(llm_messages.last(), Some(AgentMessage::Assistant(_)));
        let has_conversation = llm_messages.iter().any(|m| m.role() != "system");
        // Queued messages make one more request worth making (Pi: `turn_end` continues for them).
        let can_continue = (has_conversation && !final_role_is_assistant) || !pending.is_empty();
        let context = json!({
            "contextMessages": messages,
            "llmMessages": llm_messages,
            "pendingMessages": pending,
            "canContinue": can_continue,
        });
        for handler in &handlers {
            let mut event = base.clone();
            event["entries"] = entries.clone();
            event["continue"] = continue_run.into();
            event["context"] = context.clone();
            match self.host.invoke(&handler.id, event, json!({})).await {
                Ok(outcome) => {
                    if let Some(list) = outcome.value.get("entries").filter(|e| e.is_array()) {
                        entries = list.clone();
                    }
                    if let Some(more) = outcome.value.get("continue").and_then(Value::as_bool) {
                        continue_run = more;
                    }
                }
                Err(e) => self.report(Some(handler), name, &e),
            }
        }
        BeforeSettle {
            entries: entries.as_array().cloned().unwrap_or_default(),
            continue_run,
        }
    }

    fn loop_event(&self, event: &AgentEvent) -> Option<Value> {
        let name = event.type_name();
        if matches!(event, AgentEvent::TurnEnd { .. }) {
            self.turn_index.fetch_add(1, Ordering::Relaxed);
        }
        if !NOTIFIED.contains(&name) {
            return None;
        }
        let mut value = serde_json::to_value(event).ok()?;
        let fields = value.as_object_mut()?;
        match event {
            AgentEvent::AgentStart => self.turn_index.store(0, Ordering::Relaxed),
            AgentEvent::TurnStart => {
                fields.insert(
                    "turnIndex".into(),
                    self.turn_index.load(Ordering::Relaxed).into(),
                );
                fields.insert("timestamp".into(), tau_protocol::now_millis().into());
            }
            // Pi's extension event has no `willRetry` (only its session listeners see one).
            AgentEvent::AgentEnd { .. } => {
                fields.remove("willRetry");
            }
            // `turn_end` reaches extensions as a boundary (`finish_turn`).
            AgentEvent::TurnEnd { .. } => return None,
            AgentEvent::ToolExecutionStart { tool_call_id, .. }
            | AgentEvent::ToolExecutionUpdate { tool_call_id, .. }
            | AgentEvent::ToolExecutionEnd { tool_call_id, .. } => {
                self.mark_nested(tool_call_id, fields);
            }
            // Pi's extension event carries the partial message, not the running usage.
            AgentEvent::MessageUpdate {
                usage,
                assistant_message_event,
            } => {
                let partial =
                    serde_json::to_value(self.partial.update(assistant_message_event, usage)?)
                        .ok()?;
                fields.remove("usage");
                // Pi's stream events carry the partial message (`done` the final one, `error`
                // the error); its `toolcall_start` has no `id` / `toolName` (they are on the
                // partial's call).
                if let Some(Value::Object(inner)) = fields.get_mut("assistantMessageEvent") {
                    let kind = inner
                        .get("type")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string();
                    if kind == "toolcall_start" {
                        inner.remove("id");
                        inner.remove("toolName");
                    }
                    if !matches!(kind.as_str(), "done" | "error") {
                        inner.insert("partial".into(), partial.clone());
                    }
                }
                fields.insert("message".into(), partial);
            }
            _ => {}
        }
        Some(value)
    }
}

/// What `before_agent_start` says about a run started by a prompt (Pi's trigger
/// `{messageType: "user", prompt, images}`; `images` undefined when there are none).
pub fn user_trigger(prompt: &UserContent) -> Value {
    let mut trigger = json!({ "messageType": "user", "prompt": prompt.joined_text() });
    let images = images_of(prompt);
    if !images.is_empty() {
        trigger["images"] = Value::Array(images);
    }
    trigger
}

/// What `before_agent_start` says about a run started by a custom message
/// (`sendMessage` with `triggerTurn`): `{messageType: "custom", message}`.
pub fn custom_trigger(message: &AgentMessage) -> Value {
    json!({ "messageType": "custom", "message": message })
}

/// The image blocks of a prompt, as Pi's events carry them (`images`).
fn images_of(prompt: &UserContent) -> Vec<Value> {
    match prompt {
        UserContent::Text(_) => Vec::new(),
        UserContent::Blocks(blocks) => blocks
            .iter()
            .filter(|b| matches!(b, ContentBlock::Image { .. }))
            .filter_map(|b| serde_json::to_value(b).ok())
            .collect(),
    }
}

/// Pi's `isUserBashEventResult` on the JSON the host sent: exactly one of `operations` (its
/// `exec` function cannot cross the process boundary, so any object counts) and a
/// `result` shaped as a `BashResult`.
fn is_user_bash_answer(value: &Value) -> bool {
    let operations = value.get("operations").filter(|v| !v.is_null());
    let result = value.get("result").filter(|v| !v.is_null());
    match (operations, result) {
        (Some(operations), None) => operations.is_object(),
        (None, Some(result)) => {
            let optional = |key: &str, ok: fn(&Value) -> bool| {
                result.get(key).is_none_or(|v| v.is_null() || ok(v))
            };
            result.get("output").is_some_and(Value::is_string)
                && optional("exitCode", Value::is_number)
                && result.get("cancelled").is_some_and(Value::is_boolean)
                && result.get("truncated").is_some_and(Value::is_boolean)
                && optional("fullOutputPath", Value::is_string)
        }
        _ => false,
    }
}

fn field_bool(value: &Value, key: &str) -> bool {
    value.get(key).and_then(Value::as_bool).unwrap_or(false)
}

fn is_empty_result(value: &Value) -> bool {
    matches!(value, Value::Null | Value::Bool(false))
}

#[async_trait]
impl AgentHooks for ExtensionHooks {
    async fn on_event(&self, event: &AgentEvent) {
        if let AgentEvent::MessageStart { message } = event {
            if self.handles("message_update") {
                self.partial.start(message);
            }
        }
        // Most events have no handler: skip turning them into JSON.
        if !self.handles(event.type_name())
            && !matches!(event, AgentEvent::AgentStart | AgentEvent::TurnEnd { .. })
        {
            return;
        }
        if let Some(value) = self.loop_event(event) {
            self.notify(value).await;
        }
    }

    async fn transform_context(&self, messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        let handlers = match self.handlers("context").await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, "context", &e);
                return None;
            }
        };
        if handlers.is_empty() {
            return None;
        }
        let Ok(Value::Array(mut current)) = serde_json::to_value(messages) else {
            return None;
        };
        for handler in &handlers {
            // Handlers see the conversation without the system messages (they belong to the
            // harness); a changed conversation gets them back in front, as in Pi.
            let visible: Vec<Value> = current
                .iter()
                .filter(|m| m.get("role").and_then(Value::as_str) != Some("system"))
                .cloned()
                .collect();
            let event = json!({ "type": "context", "messages": visible });
            let returned = match self.host.invoke(&handler.id, event, json!({})).await {
                Ok(outcome) => outcome
                    .value
                    .get("messages")
                    .filter(|m| m.is_array())
                    .or_else(|| outcome.event.as_ref().and_then(|e| e.get("messages")))
                    .and_then(Value::as_array)
                    .cloned(),
                Err(e) => {
                    self.report(Some(handler), "context", &e);
                    None
                }
            };
            if let Some(returned) = returned.filter(|r| *r != visible) {
                let mut restored: Vec<Value> = current
                    .iter()
                    .filter(|m| m.get("role").and_then(Value::as_str) == Some("system"))
                    .cloned()
                    .collect();
                restored.extend(returned);
                current = restored;
            }
        }
        let current = Value::Array(current);
        match serde_json::from_value(current) {
            Ok(rewritten) => Some(rewritten),
            Err(e) => {
                self.report(None, "context", &BridgeError::Protocol(e.to_string()));
                None
            }
        }
    }

    fn handles_context_with_system(&self) -> bool {
        self.handles("context_with_system")
    }

    /// Pi's `emitContext` second phase: each handler sees the transcript as the previous one
    /// left it (returned `messages`, or `event.messages` edited in place). Dropping the
    /// leading system message is reported, as Pi reports it, and honoured.
    async fn context_with_system(&self, messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        const EVENT: &str = "context_with_system";
        let handlers = match self.handlers(EVENT).await {
            Ok(handlers) if !handlers.is_empty() => handlers,
            Ok(_) => return None,
            Err(e) => {
                self.report(None, EVENT, &e);
                return None;
            }
        };
        let mut current = serde_json::to_value(messages).ok()?;
        let leads_with_system = |messages: &Value| messages[0]["role"] == "system";
        for handler in &handlers {
            let had_system = leads_with_system(&current);
            let event = json!({ "type": EVENT, "messages": current });
            let outcome = match self
                .host
                .invoke(&handler.id, event.clone(), json!({}))
                .await
            {
                Ok(outcome) => outcome,
                Err(e) => {
                    self.report(Some(handler), EVENT, &e);
                    current = event["messages"].clone();
                    continue;
                }
            };
            let returned = outcome
                .value
                .get("messages")
                .filter(|m| m.is_array())
                .cloned();
            let edited = outcome
                .event
                .and_then(|mut e| e.get_mut("messages").map(Value::take))
                .filter(Value::is_array);
            current = returned
                .or(edited)
                .unwrap_or_else(|| event["messages"].clone());
            if had_system && !leads_with_system(&current) {
                let error = BridgeError::Remote {
                    message: "Handler removed the leading system message; the request has no \
                              prompt or initial tool declarations. Keep it at index 0 or replace \
                              a dropped prefix with getCurrentSystemMessage()."
                        .into(),
                    extension_path: Some(handler.extension_path.clone()),
                };
                self.report(Some(handler), EVENT, &error);
            }
        }
        match serde_json::from_value(current) {
            Ok(rewritten) => Some(rewritten),
            Err(e) => {
                self.report(None, EVENT, &BridgeError::Protocol(e.to_string()));
                None
            }
        }
    }

    fn request_hooks(&self) -> Option<tau_agent::request_hooks::SharedRequestHooks> {
        crate::provider_events::ProviderEvents::for_host(&self.host)
    }

    async fn before_tool_call(
        &self,
        _assistant: &AssistantMessage,
        call: &ToolCall,
        args: &mut Value,
    ) -> Option<BeforeToolCall> {
        let handlers = match self.handlers("tool_call").await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, "tool_call", &e);
                return Some(blocked(format!("{BLOCK_PREFIX}{e}")));
            }
        };
        let mut last: Option<Value> = None;
        if handlers.is_empty() {
            return None;
        }
        let mut event = json!({
            "type": "tool_call",
            "toolName": call.name,
            "toolCallId": call.id,
            "input": args.clone(),
        });
        if let Some(fields) = event.as_object_mut() {
            self.mark_nested(&call.id, fields);
        }
        // One round trip for all handlers; the host stops at the first block or throw.
        let outcomes = match self
            .host
            .invoke_sequence(&handlers, event, json!({}), Some("block"), true)
            .await
        {
            Ok(outcomes) => outcomes,
            Err(e) => {
                self.report(None, "tool_call", &e);
                return Some(blocked(format!("{BLOCK_PREFIX}{e}")));
            }
        };
        for (handler, outcome) in handlers.iter().zip(outcomes) {
            let outcome = match outcome {
                Ok(outcome) => outcome,
                Err(e) => {
                    self.report(Some(handler), "tool_call", &e);
                    let reason = match &e {
                        BridgeError::Remote { message, .. } => message.clone(),
                        other => format!("{BLOCK_PREFIX}{other}"),
                    };
                    return Some(blocked(reason));
                }
            };
            if let Some(input) = outcome.event.as_ref().and_then(|e| e.get("input")) {
                *args = input.clone();
            }
            if !is_empty_result(&outcome.value) {
                if field_bool(&outcome.value, "block") {
                    return Some(verdict(&outcome.value));
                }
                last = Some(outcome.value);
            }
        }
        last.map(|v| verdict(&v))
    }

    async fn after_tool_call(
        &self,
        call: &ToolCall,
        args: &Value,
        result: &ToolResult,
        is_error: bool,
    ) -> Option<AfterToolCall> {
        let handlers = match self.handlers("tool_result").await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, "tool_result", &e);
                return None;
            }
        };
        if handlers.is_empty() {
            return None;
        }
        let mut current = Map::new();
        current.insert("type".into(), "tool_result".into());
        current.insert("toolCallId".into(), call.id.clone().into());
        current.insert("toolName".into(), call.name.clone().into());
        current.insert("input".into(), args.clone());
        self.mark_nested(&call.id, &mut current);
        current.insert(
            "content".into(),
            serde_json::to_value(&result.content).ok()?,
        );
        // Pi's event carries `details: undefined` when the tool gave none; JSON has no
        // undefined, so the key is left out (the handler reads `undefined` either way).
        if let Some(details) = &result.details {
            current.insert("details".into(), details.clone());
        }
        current.insert("isError".into(), is_error.into());
        if let Some(structured) = &result.structured_content {
            current.insert("structuredContent".into(), structured.clone());
        }
        if let Some(usage) = &result.usage {
            current.insert("usage".into(), serde_json::to_value(usage).ok()?);
        }
        let mut modified = false;
        for handler in &handlers {
            let event = Value::Object(current.clone());
            let value = match self.host.invoke(&handler.id, event, json!({})).await {
                Ok(outcome) => outcome.value,
                Err(e) => {
                    self.report(Some(handler), "tool_result", &e);
                    continue;
                }
            };
            let Some(patch) = value.as_object() else {
                continue;
            };
            if let Some(content) = patch.get("content") {
                current.insert("content".into(), content.clone());
                if !patch.contains_key("structuredContent") {
                    current.remove("structuredContent");
                }
                modified = true;
            }
            for key in ["details", "structuredContent", "isError", "usage"] {
                if let Some(v) = patch.get(key) {
                    current.insert(key.into(), v.clone());
                    modified = true;
                }
            }
        }
        if !modified {
            return None;
        }
        let parse = |key: &str| current.get(key).cloned().filter(|v| !v.is_null());
        Some(AfterToolCall {
            content: parse("content").and_then(|v| serde_json::from_value(v).ok()),
            details: parse("details"),
            structured_content: parse("structuredContent"),
            is_error: parse("isError").and_then(|v| v.as_bool()),
            usage: parse("usage").and_then(|v| serde_json::from_value(v).ok()),
            terminate: None,
        })
    }

    fn handles_finish_turn(&self) -> bool {
        self.handles("turn_end")
    }

    /// Pi's `turn_end` boundary (`emitBoundary`): each handler sees the entries and
    /// `continue` proposed so far and may replace either.
    async fn finish_turn(&self, turn: &FinishedTurn<'_>) -> TurnBoundary {
        let outcome = match turn.assistant.stop_reason {
            tau_protocol::StopReason::Aborted => "aborted",
            tau_protocol::StopReason::Error => "error",
            _ => "completed",
        };
        let base = json!({
            "type": "turn_end",
            "turnIndex": self.turn_index.load(Ordering::Relaxed),
            "message": AgentMessage::Assistant(turn.assistant.clone()),
            "toolResults": turn
                .tool_results
                .iter()
                .cloned()
                .map(AgentMessage::ToolResult)
                .collect::<Vec<_>>(),
            "messageEntryId": turn.message_entry_id,
            "toolResultEntryIds": turn.tool_result_entry_ids,
            "outcome": outcome,
        });
        let decision = self
            .boundary("turn_end", base, turn.context, turn.pending)
            .await;
        TurnBoundary {
            entries: decision.entries,
            continue_run: decision.continue_run,
            messages: Vec::new(),
        }
    }

    fn handles_before_settle(&self) -> bool {
        self.handles("agent_before_settle")
    }

    /// Pi's boundary composition: each handler sees the entries and `continue` proposed so
    /// far and may replace either.
    async fn before_settle(&self, outcome: &str, messages: &[AgentMessage]) -> BeforeSettle {
        let base = json!({ "type": "agent_before_settle", "outcome": outcome });
        self.boundary("agent_before_settle", base, messages, &[])
            .await
    }

    async fn finalize_message(&self, message: AgentMessage) -> AgentMessage {
        let handlers = match self.handlers("message_end").await {
            Ok(handlers) => handlers,
            Err(e) => {
                self.report(None, "message_end", &e);
                return message;
            }
        };
        let mut current = message;
        for handler in &handlers {
            let Ok(as_json) = serde_json::to_value(&current) else {
                return current;
            };
            let role = as_json.get("role").cloned();
            let event = json!({ "type": "message_end", "message": as_json });
            let value = match self.host.invoke(&handler.id, event, json!({})).await {
                Ok(outcome) => outcome.value,
                Err(e) => {
                    self.report(Some(handler), "message_end", &e);
                    continue;
                }
            };
            let Some(replacement) = value.get("message").filter(|m| !m.is_null()) else {
                continue;
            };
            if replacement.get("role").cloned() != role {
                let error = BridgeError::Remote {
                    message: "message_end handlers must return a message with the same role".into(),
                    extension_path: None,
                };
                self.report(Some(handler), "message_end", &error);
                continue;
            }
            match serde_json::from_value(replacement.clone()) {
                Ok(parsed) => current = parsed,
                Err(e) => self.report(
                    Some(handler),
                    "message_end",
                    &BridgeError::Protocol(e.to_string()),
                ),
            }
        }
        current
    }
}

fn blocked(reason: String) -> BeforeToolCall {
    BeforeToolCall {
        block: true,
        reason: Some(reason),
        terminate: false,
    }
}

fn verdict(value: &Value) -> BeforeToolCall {
    BeforeToolCall {
        block: field_bool(value, "block"),
        reason: value
            .get("reason")
            .and_then(Value::as_str)
            .map(str::to_string),
        terminate: field_bool(value, "terminate"),
    }
}
