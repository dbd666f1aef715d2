//! `Runtime`: one conversation, its queues and abort handle, and the sinks its events go to.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use tau_agent::{
    run_agent_loop, run_agent_loop_continue, AgentConfig, AgentHooks, FinishedTurn, MessageQueue,
    QueueMode, RequestUpdate, TurnBoundary,
};
use tau_protocol::{AgentEvent, AgentMessage, StopReason, UserContent};
use tokio_util::sync::CancellationToken;

use crate::compaction::{compact_command, CompactionState};
use crate::hook_chain::HookChain;
use crate::live::Live;
use crate::retry::{RetryPolicy, RetryTracker};
use tau_session::Session;

#[path = "compaction/driver.rs"]
mod compaction_driver;
#[path = "control.rs"]
pub(crate) mod control;
#[path = "control_rpc.rs"]
mod control_rpc;

/// Where the runtime reports problems that must not stop the run (a session line that could
/// not be written). The binary prints them on stderr.
pub type Warn = Arc<dyn Fn(&str) + Send + Sync>;

/// Receives every event of the conversation, in order. Each call is awaited before the loop
/// goes on, so a sink that writes to a pipe applies backpressure to the run.
#[async_trait]
pub trait EventSink: Send + Sync {
    /// One event.
    async fn on_event(&self, event: &AgentEvent);
}

/// What a conversation is set up with.
pub type RuntimeConfig = AgentConfig;

/// What starts a run: a user prompt, or an extension's custom message (`triggerTurn`).
#[derive(Debug, Clone)]
pub enum Trigger {
    /// A user prompt.
    User(UserContent),
    /// A message (usually `custom`) that starts the run as it is.
    Message(Box<AgentMessage>),
}

/// Per-run additions (what Pi's `before_agent_start` handlers return).
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// The system prompt for this run only, replacing the built one (not recorded).
    pub system_prompt: Option<String>,
    /// Messages recorded after the trigger, before the first request.
    pub messages: Vec<AgentMessage>,
}

/// One live conversation.
pub struct Runtime {
    live: Live,
    /// Whether a run is under way (Pi's `isStreaming`).
    running: AtomicBool,
    /// The system prompt of the run under way, when its options replaced it.
    run_prompt: Mutex<Option<String>>,
    /// Custom messages for the next prompt (`deliverAs: "nextTurn"`).
    next_turn: Mutex<Vec<AgentMessage>>,
    /// Custom messages sent during a run without a turn: recorded when it ends.
    after_run: Mutex<Vec<AgentMessage>>,
    messages: Mutex<Vec<AgentMessage>>,
    queue: MessageQueue,
    sinks: Vec<Arc<dyn EventSink>>,
    cancel: Mutex<CancellationToken>,
    /// Pi's transcript system message, recorded before the first prompt.
    system_message: Mutex<Option<AgentMessage>>,
    retry: Mutex<RetryPolicy>,
    /// The session log every completed message is appended to.
    session: Mutex<Session>,
    /// Entry id of the latest assistant message, for the context edit a retry records.
    last_assistant_entry: Mutex<Option<String>>,
    warn: Warn,
    /// Compaction settings and overflow-recovery state (see `compaction/driver.rs`).
    compaction: CompactionState,
    /// Hooks chained before the runtime's own (the extension bridge's).
    hooks: HookChain,
}

#[path = "lent.rs"]
mod lent;
use lent::Lent;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Poisoning only means a panic elsewhere; the guarded data is still consistent.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn queued_text(messages: &[AgentMessage]) -> Vec<String> {
    messages
        .iter()
        .map(|message| match message {
            AgentMessage::User(user) => user.content.joined_text(),
            AgentMessage::Custom(custom) => custom.content.joined_text(),
            other => other.role().to_string(),
        })
        .collect()
}

impl Runtime {
    /// A conversation with no history yet.
    pub fn new(config: RuntimeConfig, sinks: Vec<Arc<dyn EventSink>>) -> Self {
        let session = Session::in_memory(&config.cwd.display().to_string());
        Runtime {
            session: Mutex::new(session),
            last_assistant_entry: Mutex::new(None),
            warn: Arc::new(|_| {}),
            live: Live::new(config),
            running: AtomicBool::new(false),
            run_prompt: Mutex::new(None),
            next_turn: Mutex::new(Vec::new()),
            after_run: Mutex::new(Vec::new()),
            messages: Mutex::new(Vec::new()),
            queue: MessageQueue::new(QueueMode::OneAtATime, QueueMode::OneAtATime),
            sinks,
            cancel: Mutex::new(CancellationToken::new()),
            system_message: Mutex::new(None),
            retry: Mutex::new(RetryPolicy::default()),
            compaction: CompactionState::default(),
            hooks: HookChain::default(),
        }
    }

    /// Adds hooks that run before the runtime's own, in the order added: they see every
    /// loop event first and gate, rewrite or replace as [`AgentHooks`] allows.
    pub fn with_hooks(mut self, hooks: Arc<dyn AgentHooks>) -> Self {
        self.hooks.push(hooks);
        self
    }

    /// Records the conversation in `session`, continuing from `history` (the session's
    /// model context, as `Session::build_session_context` gives it).
    pub fn with_session(self, session: Session, history: Vec<AgentMessage>) -> Self {
        *lock(&self.session) = session;
        *lock(&self.messages) = history;
        self
    }

    /// Sets where non-fatal problems are reported.
    pub fn with_warnings(mut self, warn: Warn) -> Self {
        self.warn = warn;
        self
    }

    /// Runs `f` with the session log.
    pub fn with_session_log<T>(&self, f: impl FnOnce(&mut Session) -> T) -> T {
        f(&mut lock(&self.session))
    }

    /// Appends a completed message to the session log. A failed write is reported and the
    /// run goes on: the conversation in memory is intact and the user is told.
    fn record(&self, message: &AgentMessage) {
        // One buffered line per message: cheap enough to do inline on the event path.
        let result = match message {
            // Pi records extension messages as `custom_message` entries.
            AgentMessage::Custom(custom) => lock(&self.session).append_custom_message(
                &custom.custom_type,
                custom.content.clone(),
                custom.display,
                custom.details.clone(),
            ),
            other => lock(&self.session).append_message(other.clone()),
        };
        match result {
            Ok(id) => {
                if matches!(message, AgentMessage::Assistant(_)) {
                    *lock(&self.last_assistant_entry) = Some(id);
                }
            }
            Err(error) => (self.warn)(&format!("session: {error}")),
        }
    }

    /// Drops the failed response from future model context with a `context_edit` entry, as
    /// Pi does before retrying, and announces the entry.
    async fn record_retry_edit(&self) {
        let Some(target) = lock(&self.last_assistant_entry).clone() else {
            return;
        };
        let appended = {
            let mut session = lock(&self.session);
            session
                .append_context_edit(&target, None)
                .map(|id| session.tree().get_entry(&id).cloned())
        };
        match appended {
            Ok(Some(entry)) => self.publish(&AgentEvent::EntryAppended { entry }).await,
            Ok(None) => {}
            Err(error) => (self.warn)(&format!("session: {error}")),
        }
    }

    /// Sets how failed responses are retried.
    pub fn with_retry(self, policy: RetryPolicy) -> Self {
        *lock(&self.retry) = policy;
        self
    }

    /// Sets the system message (Pi's `role: "system"` transcript message with the prompt's
    /// sections and tool declarations) that opens the conversation at its first prompt.
    pub fn with_system_message(self, message: AgentMessage) -> Self {
        *lock(&self.system_message) = Some(message);
        self
    }

    /// The configuration the next request uses (the live one: tools, model and thinking
    /// level may have changed since the runtime was made).
    pub fn config(&self) -> AgentConfig {
        self.live.config()
    }

    /// Whether a run is under way.
    pub fn is_running(&self) -> bool {
        self.running.load(Ordering::Acquire)
    }

    /// The system prompt the current (or next) request is sent with.
    pub fn effective_system_prompt(&self) -> String {
        lock(&self.run_prompt)
            .clone()
            .unwrap_or_else(|| self.live.config().system_prompt)
    }

    /// The conversation so far. While a prompt's run is under way the conversation is lent
    /// to it (not copied), and this returns only what was stored outside it.
    pub fn messages(&self) -> Vec<AgentMessage> {
        lock(&self.messages).clone()
    }

    /// Publishes an event to every sink, in sink order; completed messages are first
    /// appended to the session log.
    pub async fn publish(&self, event: &AgentEvent) {
        if let AgentEvent::MessageEnd { message } = event {
            self.record(message);
        }
        for sink in &self.sinks {
            sink.on_event(event).await;
        }
    }

    /// Runs the agent on a user prompt until it settles; returns the messages it produced.
    ///
    /// Ends with `agent_settled`. An abort (see [`Runtime::abort`]) ends the run early with
    /// an aborted assistant message; the conversation keeps everything recorded so far.
    pub async fn prompt(&self, content: UserContent) -> Vec<AgentMessage> {
        self.run(Trigger::User(content), RunOptions::default())
            .await
    }

    /// Runs the agent from `trigger` with per-run `options` (see [`Runtime::prompt`]).
    pub async fn run(&self, trigger: Trigger, options: RunOptions) -> Vec<AgentMessage> {
        let prompt = match trigger {
            Trigger::User(content) => {
                if let Some(instructions) = compact_command(&content) {
                    self.compact_command(instructions).await;
                    return Vec::new();
                }
                AgentMessage::User(tau_protocol::UserMessage {
                    content,
                    timestamp: tau_protocol::now_millis(),
                    extra: Default::default(),
                })
            }
            Trigger::Message(message) => *message,
        };
        self.running.store(true, Ordering::Release);
        let RunOptions {
            system_prompt,
            messages,
        } = options;
        *lock(&self.run_prompt) = system_prompt;
        let mut produced = self.run_prepared(prompt, messages).await;
        self.before_settle(&mut produced).await;
        let held = std::mem::take(&mut *lock(&self.after_run));
        for message in held {
            self.append_message(message).await;
        }
        self.settled(&produced).await;
        self.running.store(false, Ordering::Release);
        *lock(&self.run_prompt) = None;
        produced
    }

    /// The configuration for a run: the live one with the run's system prompt.
    fn run_config(&self) -> AgentConfig {
        let mut config = self.live.config();
        // The session's id goes with every model request, as Pi's `sessionId`; read at each
        // run, so a successor runtime (new, resume, fork) sends its own session's.
        config.session_id = Some(lock(&self.session).id().to_owned());
        if let Some(prompt) = lock(&self.run_prompt).clone() {
            config.system_prompt = prompt;
        }
        config
    }

    async fn run_prepared(
        &self,
        prompt: AgentMessage,
        extra: Vec<AgentMessage>,
    ) -> Vec<AgentMessage> {
        let cancel = {
            let mut current = lock(&self.cancel);
            if current.is_cancelled() {
                *current = CancellationToken::new();
            }
            current.clone()
        };
        self.compact_before_prompt(&cancel).await;
        let mut context = Lent::take(&self.messages);
        let mut prompts: Vec<AgentMessage> =
            lock(&self.system_message).take().into_iter().collect();
        prompts.extend(self.live.take_declaration());
        prompts.push(prompt);
        prompts.append(&mut lock(&self.next_turn));
        prompts.extend(extra);
        let generation = self.live.generation();
        let config = self.run_config();
        let hooks = RunHooks {
            runtime: self,
            retry: RetryTracker::new(*lock(&self.retry))
                .with_context_window(config.model.context_window),
            generation: AtomicU64::new(generation),
        };
        let mut produced =
            run_agent_loop(prompts, context.messages(), &config, &hooks, &cancel).await;
        // The run appended `produced` to the conversation itself.
        context.finish();
        let mut run_start = 0;
        loop {
            let context = if let Some((start, delay)) = hooks.retry.take_pending() {
                // The failed response leaves the model context (Pi records a context edit).
                let context = {
                    let mut messages = lock(&self.messages);
                    if matches!(messages.last(), Some(AgentMessage::Assistant(_))) {
                        messages.pop();
                    }
                    messages.clone()
                };
                self.publish(&start).await;
                self.record_retry_edit().await;
                tokio::select! {
                    () = tokio::time::sleep(delay) => {}
                    () = cancel.cancelled() => {
                        if let Some(end) = hooks.retry.cancel() {
                            self.publish(&end).await;
                        }
                        break;
                    }
                }
                context
            } else if self
                .compact_after_run(&produced[run_start..], &cancel)
                .await
            {
                // Overflow recovery compacted the context; the failed request runs again.
                self.messages()
            } else {
                break;
            };
            let config = self.run_config();
            hooks
                .generation
                .store(self.live.generation(), Ordering::Release);
            match run_agent_loop_continue(context, &config, &hooks, &cancel).await {
                Ok(more) => {
                    lock(&self.messages).extend(more.iter().cloned());
                    run_start = produced.len();
                    produced.extend(more);
                }
                // Unreachable: the context ends with the prompt or a tool result.
                Err(_) => break,
            }
        }
        produced
    }

    /// One more request from the conversation as it is (a settle boundary asked for it).
    pub(crate) async fn continue_run(&self) -> Vec<AgentMessage> {
        let cancel = lock(&self.cancel).clone();
        let config = self.run_config();
        let hooks = RunHooks {
            runtime: self,
            retry: RetryTracker::new(*lock(&self.retry))
                .with_context_window(config.model.context_window),
            generation: AtomicU64::new(self.live.generation()),
        };
        match run_agent_loop_continue(self.messages(), &config, &hooks, &cancel).await {
            Ok(more) => {
                lock(&self.messages).extend(more.iter().cloned());
                more
            }
            Err(_) => Vec::new(),
        }
    }

    /// Announces that the run settled (Pi's `agent_settled`), to the sinks and the hooks.
    async fn settled(&self, produced: &[AgentMessage]) {
        let aborted = outcome_of(produced) == "aborted";
        let settled = AgentEvent::AgentSettled { aborted };
        // Extensions hear it too; the loop never emits it.
        self.hooks.on_event(&settled).await;
        self.publish(&settled).await;
    }

    /// Aborts the running prompt: cancels the model stream and running tools.
    pub fn abort(&self) {
        lock(&self.cancel).cancel();
    }

    /// Queues a steering message for the running prompt.
    pub async fn steer(&self, message: AgentMessage) {
        self.queue.steer(message);
        self.publish_queue().await;
    }

    /// Queues a follow-up message for when the running prompt would stop.
    pub async fn follow_up(&self, message: AgentMessage) {
        self.queue.follow_up(message);
        self.publish_queue().await;
    }

    async fn publish_queue(&self) {
        let (steering, follow_up) = self.queue.snapshot();
        self.publish(&AgentEvent::QueueUpdate {
            steering: queued_text(&steering),
            follow_up: queued_text(&follow_up),
        })
        .await;
    }
}

/// How a run ended, in Pi's `AgentActivityOutcome` words.
pub(crate) fn outcome_of(produced: &[AgentMessage]) -> &'static str {
    let last = produced.iter().rev().find_map(|message| match message {
        AgentMessage::Assistant(assistant) => Some(assistant.stop_reason),
        _ => None,
    });
    match last {
        Some(StopReason::Aborted) => "aborted",
        Some(StopReason::Error) => "error",
        _ => "completed",
    }
}

/// The runtime's side of the loop's hooks: events to the sinks (with retry's additions),
/// queues drained.
struct RunHooks<'a> {
    runtime: &'a Runtime,
    retry: RetryTracker,
    /// The live configuration's generation the run's requests use.
    generation: AtomicU64,
}

#[async_trait]
impl AgentHooks for RunHooks<'_> {
    async fn on_event(&self, event: &AgentEvent) {
        self.runtime.hooks.on_event(event).await;
        for event in self.retry.on_event(event) {
            self.runtime.publish(&event).await;
        }
    }

    async fn transform_context(&self, messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        self.runtime.hooks.transform_context(messages).await
    }

    fn request_hooks(&self) -> Option<tau_provider::SharedRequestHooks> {
        self.runtime.hooks.request_hooks()
    }

    fn handles_context_with_system(&self) -> bool {
        self.runtime.hooks.handles_context_with_system()
    }

    async fn context_with_system(&self, messages: &[AgentMessage]) -> Option<Vec<AgentMessage>> {
        self.runtime.hooks.context_with_system(messages).await
    }

    async fn before_tool_call(
        &self,
        assistant: &tau_protocol::AssistantMessage,
        call: &tau_protocol::ToolCall,
        args: &mut serde_json::Value,
    ) -> Option<tau_agent::BeforeToolCall> {
        self.runtime
            .hooks
            .before_tool_call(assistant, call, args)
            .await
    }

    async fn after_tool_call(
        &self,
        call: &tau_protocol::ToolCall,
        args: &serde_json::Value,
        result: &tau_protocol::ToolResult,
        is_error: bool,
    ) -> Option<tau_agent::AfterToolCall> {
        self.runtime
            .hooks
            .after_tool_call(call, args, result, is_error)
            .await
    }

    async fn finalize_message(&self, message: AgentMessage) -> AgentMessage {
        self.runtime.hooks.finalize_message(message).await
    }

    async fn prepare_request(&self) -> Option<RequestUpdate> {
        let live = &self.runtime.live;
        let current = live.generation();
        let config = (self.generation.swap(current, Ordering::AcqRel) != current)
            .then(|| self.runtime.run_config());
        let messages: Vec<AgentMessage> = live.take_declaration().into_iter().collect();
        (config.is_some() || !messages.is_empty()).then_some(RequestUpdate { config, messages })
    }

    /// Pi's `turn_end` boundary: the extension hooks see the turn with the session entries
    /// it was recorded as; their drafts are recorded at once (a `custom_message` joins the
    /// conversation before the next request); `continue` stands only when the context can
    /// take one more request.
    async fn finish_turn(&self, turn: &FinishedTurn<'_>) -> TurnBoundary {
        let runtime = self.runtime;
        if !runtime.hooks.handles_finish_turn() {
            return TurnBoundary::default();
        }
        let (message_entry_id, tool_result_entry_ids) = runtime.turn_entry_ids(turn.tool_results);
        let Some(message_entry_id) = message_entry_id else {
            (runtime.warn)("turn_end could not resolve the persisted assistant entry ID");
            return TurnBoundary::default();
        };
        let (mut pending, follow_up) = runtime.queue.snapshot();
        pending.extend(follow_up);
        let recorded = FinishedTurn {
            message_entry_id: Some(&message_entry_id),
            tool_result_entry_ids: &tool_result_entry_ids,
            pending: &pending,
            ..*turn
        };
        let decision = runtime.hooks.finish_turn(&recorded).await;
        let mut messages = Vec::new();
        for draft in decision.entries {
            messages.extend(runtime.record_draft(draft, "turn_end").await);
        }
        let last_is_assistant = match messages.last().or(turn.context.last()) {
            Some(AgentMessage::Assistant(_)) | None => true,
            Some(_) => false,
        };
        let can_continue = !last_is_assistant || runtime.has_pending_messages();
        if decision.continue_run && !can_continue {
            (runtime.warn)("turn_end requested continuation without runnable model context");
        }
        TurnBoundary {
            entries: Vec::new(),
            continue_run: decision.continue_run && can_continue,
            messages,
        }
    }

    async fn steering_messages(&self) -> Vec<AgentMessage> {
        let taken = self.runtime.queue.take_steering();
        if !taken.is_empty() {
            self.runtime.publish_queue().await;
        }
        taken
    }

    async fn follow_up_messages(&self) -> Vec<AgentMessage> {
        let taken = self.runtime.queue.take_follow_up();
        if !taken.is_empty() {
            self.runtime.publish_queue().await;
        }
        taken
    }
}
