//! Changing a conversation from outside its runs — what Pi's extension API and RPC
//! commands do: tools, model and thinking level, extension messages and entries, the
//! session's name and labels. Changes reach a run before its next request.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use serde_json::Value;
use tau_protocol::{AgentEvent, AgentMessage, Model, ThinkingLevel};
use tau_provider::Provider;
use tau_tools::tool::SharedTool;

use super::{lock, Runtime};
use crate::live::PromptBuilder;
use crate::prompt::SystemPrompt;
use tau_agent::AgentHooks;
use tau_session::EntryStamp;

/// Where an extension message goes while a run is under way (Pi's `deliverAs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// Into the running turn, after the current tool calls.
    Steer,
    /// After the run would otherwise stop.
    FollowUp,
    /// With the next prompt.
    NextTurn,
}

impl Delivery {
    /// Pi's `deliverAs` names.
    pub fn parse(name: &str) -> Option<Delivery> {
        match name {
            "steer" => Some(Delivery::Steer),
            "followUp" => Some(Delivery::FollowUp),
            "nextTurn" => Some(Delivery::NextTurn),
            _ => None,
        }
    }
}

impl Runtime {
    /// Builds the system prompt from the active tools from now on (so activating a tool adds
    /// its snippet), starting from `prompt`; `declared` is what the session's transcript
    /// declared before (a resumed session's replayed system prompt). Each run then records
    /// a system message with what changed, as Pi does.
    pub fn with_prompt(
        self,
        builder: PromptBuilder,
        prompt: SystemPrompt,
        declared: Option<tau_session::SystemPrompt>,
    ) -> Self {
        self.live.set_prompt(builder, prompt, declared);
        self
    }

    /// A runtime for another session (Pi's session replacement: new, resume, fork) with this
    /// one's configuration, tools, hooks, sinks and settings, continuing `history`;
    /// `declared` is what the new session's transcript declared of the system prompt.
    pub fn successor(
        &self,
        session: tau_session::Session,
        history: Vec<AgentMessage>,
        declared: Option<tau_session::SystemPrompt>,
    ) -> Runtime {
        let mut next = Runtime::new(self.live.config(), self.sinks.clone())
            .with_session(session, history)
            .with_retry(*lock(&self.retry))
            .with_compaction(self.compaction.settings.clone())
            .with_warnings(self.warn.clone());
        next.hooks = self.hooks.clone();
        next.compaction.hooks = self.compaction.hooks.clone();
        next.live = self.live.successor(declared);
        // Switches made at run time (RPC) carry over to the new session.
        let disabled = self.compaction.auto_disabled.load(Ordering::Acquire);
        next.compaction
            .auto_disabled
            .store(disabled, Ordering::Release);
        let (steering, follow_up) = self.queue.drain_modes();
        next.queue.set_steering_mode(steering);
        next.queue.set_follow_up_mode(follow_up);
        next
    }

    /// Every tool that can be activated (the active ones are in [`Runtime::config`]).
    pub fn all_tools(&self) -> Vec<SharedTool> {
        self.live.all_tools()
    }

    /// Makes `tools` available to [`Runtime::set_active_tools`] without activating them.
    pub fn with_available_tools(self, tools: Vec<SharedTool>) -> Self {
        for tool in tools {
            self.live.add_tool(tool, false);
        }
        self
    }

    /// Names of the active tools, in order.
    pub fn active_tool_names(&self) -> Vec<String> {
        self.live.active_tool_names()
    }

    /// Activates exactly `names` (Pi's `setActiveTools`); returns the unknown names, which
    /// are skipped.
    pub fn set_active_tools(&self, names: &[String]) -> Vec<String> {
        self.live.set_active_tools(names)
    }

    /// Adds a tool registered while the conversation runs; `activate` makes it active too.
    pub fn add_tool(&self, tool: SharedTool, activate: bool) {
        self.live.add_tool(tool, activate);
    }

    /// Switches the model (Pi's `setModel`) and records a `model_change` entry.
    pub fn set_model(&self, provider: Arc<dyn Provider>, model: Model, api_key: Option<String>) {
        let recorded = lock(&self.session).append_model_change(&model.provider, &model.id);
        if let Err(error) = recorded {
            (self.warn)(&format!("session: {error}"));
        }
        self.live.update(|config| {
            config.provider = provider;
            config.model = model;
            config.api_key = api_key;
        });
    }

    /// Replaces the model's credentials (a key stored or removed by `/login` / `/logout`)
    /// without switching models; `headers` are the model's request headers resolved anew.
    pub fn set_credentials(
        &self,
        api_key: Option<String>,
        headers: Option<serde_json::Map<String, serde_json::Value>>,
    ) {
        self.live.update(|config| {
            config.api_key = api_key;
            config.model.headers = headers;
        });
    }

    /// Sets the thinking level and records a `thinking_level_change` entry when it changed.
    pub fn set_thinking_level(&self, level: ThinkingLevel) {
        if self.live.config().thinking_level == level {
            return;
        }
        let recorded = lock(&self.session).append_thinking_level_change(level.as_str());
        if let Err(error) = recorded {
            (self.warn)(&format!("session: {error}"));
        }
        self.live.update(|config| config.thinking_level = level);
    }

    /// Appends a message to the conversation outside a run: recorded, announced
    /// (`message_start` / `message_end`) and part of the next request's context.
    pub async fn append_message(&self, message: AgentMessage) {
        self.record_message(&message).await;
        lock(&self.messages).push(message);
    }

    /// Announces a message outside a run (`message_start` / `message_end`), which records
    /// it in the session.
    async fn record_message(&self, message: &AgentMessage) {
        self.publish(&AgentEvent::MessageStart {
            message: message.clone(),
        })
        .await;
        self.publish(&AgentEvent::MessageEnd {
            message: message.clone(),
        })
        .await;
    }

    /// Delivers an extension's custom message as Pi's `sendMessage` does. Returns the
    /// message when it must start a run of its own (`triggerTurn` while idle): the caller
    /// runs it with [`super::Trigger::Message`].
    pub async fn send_custom(
        &self,
        message: AgentMessage,
        delivery: Option<Delivery>,
        trigger_turn: Option<bool>,
    ) -> Option<AgentMessage> {
        let running = self.is_running();
        match delivery {
            Some(Delivery::NextTurn) => lock(&self.next_turn).push(message),
            Some(Delivery::FollowUp) if running && trigger_turn != Some(false) => {
                self.follow_up(message).await
            }
            _ if running && trigger_turn != Some(false) => self.steer(message).await,
            _ if trigger_turn == Some(true) => return Some(message),
            // Appending now could split a tool call from its result: held until the run ends.
            _ if running => lock(&self.after_run).push(message),
            _ => self.append_message(message).await,
        }
        None
    }

    /// Records extension state (Pi's `appendEntry`) and announces the entry (`entry_appended`:
    /// the terminal UI draws it when an extension has an entry renderer for its type); returns
    /// the entry id.
    pub async fn append_custom_entry(
        &self,
        custom_type: &str,
        data: Option<Value>,
    ) -> Result<String, String> {
        self.append_custom_entry_stamped(custom_type, data, None)
            .await
    }

    /// [`Self::append_custom_entry`] with the id and timestamp chosen by the caller (the
    /// extension host, which shows the entry before tau wrote it).
    pub async fn append_custom_entry_stamped(
        &self,
        custom_type: &str,
        data: Option<Value>,
        stamp: Option<EntryStamp>,
    ) -> Result<String, String> {
        let (id, entry) = {
            let mut session = lock(&self.session);
            session.stamp_next(stamp);
            let id = session
                .append_custom_entry(custom_type, data)
                .map_err(|error| error.to_string())?;
            let entry = session.tree().get_entry(&id).cloned();
            (id, entry)
        };
        if let Some(entry) = entry {
            self.publish(&AgentEvent::EntryAppended { entry }).await;
        }
        Ok(id)
    }

    /// Runs a call a tool makes while it runs (Pi's `ctx.executeTool()`) against the active
    /// tools, through the same hooks as the model's calls (`tool_call`, `tool_result` and the
    /// `tool_execution_*` events reach the extensions); the result goes back to the calling
    /// tool and nothing enters the conversation.
    pub async fn run_nested_tool_call(
        &self,
        call: tau_protocol::ToolCall,
        cancel: &tokio_util::sync::CancellationToken,
    ) -> tau_agent::NestedOutcome {
        let config = self.config();
        // The hooks do not read the issuing message (Pi hands the last assistant message).
        let assistant = tau_protocol::AssistantMessage::default();
        tau_agent::run_nested_tool_call(&call, &assistant, &config, &self.hooks, cancel).await
    }

    /// Names the session (a `session_info` entry).
    pub fn set_session_name(&self, name: &str) -> Result<String, String> {
        self.set_session_name_stamped(name, None)
    }

    /// [`Self::set_session_name`] with the entry's id and timestamp chosen by the caller.
    pub fn set_session_name_stamped(
        &self,
        name: &str,
        stamp: Option<EntryStamp>,
    ) -> Result<String, String> {
        let mut session = lock(&self.session);
        session.stamp_next(stamp);
        let result = session.append_session_info(name);
        session.stamp_next(None);
        result.map_err(|error| error.to_string())
    }

    /// Labels an entry; `None` clears its label.
    pub fn set_label(&self, target_id: &str, label: Option<&str>) -> Result<String, String> {
        self.set_label_stamped(target_id, label, None)
    }

    /// [`Self::set_label`] with the entry's id and timestamp chosen by the caller.
    pub fn set_label_stamped(
        &self,
        target_id: &str,
        label: Option<&str>,
        stamp: Option<EntryStamp>,
    ) -> Result<String, String> {
        let mut session = lock(&self.session);
        session.stamp_next(stamp);
        let result = session.append_label(target_id, label);
        // A refused label (unknown target) must not pass its stamp to the next entry.
        session.stamp_next(None);
        result.map_err(|error| error.to_string())
    }

    /// Waits until no run is under way, at most `limit` (`None`: however long it takes).
    pub async fn wait_until_idle(&self, limit: Option<std::time::Duration>) {
        let deadline = limit.map(|limit| tokio::time::Instant::now() + limit);
        while self.is_running() && deadline.is_none_or(|d| tokio::time::Instant::now() < d) {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }

    /// A counter that changes whenever the live configuration does (tools, model,
    /// thinking level, prompt): a cheap way to tell that nothing changed.
    pub fn config_generation(&self) -> u64 {
        self.live.generation()
    }

    /// Pi's `agent_before_settle` boundary: hooks may record entries and ask for one more
    /// request; runs again while they ask and the context allows a request.
    pub(crate) async fn before_settle(&self, produced: &mut Vec<AgentMessage>) {
        // A handler asking to continue every time must not keep tau busy forever.
        const MAX_ROUNDS: usize = 16;
        if !self.hooks.handles_before_settle() {
            return;
        }
        for _ in 0..MAX_ROUNDS {
            let outcome = super::outcome_of(produced);
            let messages = self.messages();
            let decision = self.hooks.before_settle(outcome, &messages).await;
            for entry in decision.entries {
                if let Some(message) = self.record_draft(entry, "agent_before_settle").await {
                    lock(&self.messages).push(message);
                }
            }
            let can_continue = !matches!(
                lock(&self.messages).last(),
                Some(AgentMessage::Assistant(_)) | None
            );
            if !decision.continue_run || !can_continue || outcome == "aborted" {
                return;
            }
            produced.extend(self.continue_run().await);
        }
        (self.warn)("agent_before_settle asked to continue 16 times in a row; settling");
    }

    /// Records one boundary entry draft of `event` (`agent_before_settle`, `turn_end`): a
    /// `custom` entry, or a `custom_message` recorded and returned for the caller to add to
    /// the conversation it holds (a run's lent context, or the settled one).
    pub(crate) async fn record_draft(&self, draft: Value, event: &str) -> Option<AgentMessage> {
        let kind = draft
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let custom_type = draft
            .get("customType")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        match kind {
            "custom" => {
                let data = draft.get("data").filter(|d| !d.is_null()).cloned();
                if let Err(error) = self.append_custom_entry(&custom_type, data).await {
                    (self.warn)(&format!("session: {error}"));
                }
                None
            }
            "custom_message" => match tau_protocol::messages::CustomMessage::from_extension(&draft)
            {
                Ok(message) => {
                    let message = AgentMessage::Custom(message);
                    self.record_message(&message).await;
                    Some(message)
                }
                Err(error) => {
                    (self.warn)(&format!("{event} entry ignored: {error}"));
                    None
                }
            },
            other => {
                (self.warn)(&format!(
                    "{event}: tau does not record \"{other}\" entries yet; ignored"
                ));
                None
            }
        }
    }

    /// The session entries of a finished turn's assistant message and tool results (Pi's
    /// `_findPersistedMessageEntryId`): the latest message entries on the branch with that
    /// role (and tool call id). The loop's messages were persisted at their `message_end`.
    pub(crate) fn turn_entry_ids(
        &self,
        results: &[tau_protocol::ToolResultMessage],
    ) -> (Option<String>, Vec<String>) {
        let session = lock(&self.session);
        let branch = session.tree().active_branch();
        let messages = || {
            branch.iter().rev().filter_map(|entry| match entry {
                tau_protocol::session::SessionEntry::Message(m) => Some(m),
                _ => None,
            })
        };
        let assistant = messages()
            .find(|m| matches!(m.message, AgentMessage::Assistant(_)))
            .map(|m| m.id.clone());
        let results = results
            .iter()
            .filter_map(|result| {
                messages()
                    .find(|m| {
                        matches!(&m.message, AgentMessage::ToolResult(r)
                            if r.tool_call_id == result.tool_call_id)
                    })
                    .map(|m| m.id.clone())
            })
            .collect();
        (assistant, results)
    }

    /// Rebuilds the conversation from the session's current leaf (after the leaf moved:
    /// tree navigation). Only between runs.
    pub fn refresh_context(&self) {
        let context = lock(&self.session).build_session_context();
        *lock(&self.messages) = context.messages;
    }

    /// Pi's `ctx.getContextUsage()`: estimated context tokens (the last reported usage plus
    /// estimates of what followed) and the model's window.
    pub fn context_usage(&self) -> (u64, u64) {
        let estimate = {
            let messages = lock(&self.messages);
            crate::compaction::tokens::estimate_context_tokens(&messages)
        };
        (estimate.tokens, self.live.config().model.context_window)
    }

    /// Whether steering or follow-up messages are waiting.
    pub fn has_pending_messages(&self) -> bool {
        let (steering, follow_up) = self.queue.snapshot();
        !steering.is_empty() || !follow_up.is_empty()
    }
}
