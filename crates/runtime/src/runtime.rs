//! `Runtime`: one conversation, its queues and abort handle, and the sinks its events go to.

use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use tau_agent::{run_agent_loop, AgentConfig, AgentHooks, MessageQueue, QueueMode};
use tau_protocol::{AgentEvent, AgentMessage, StopReason, UserContent};
use tokio_util::sync::CancellationToken;

/// Receives every event of the conversation, in order. Each call is awaited before the loop
/// goes on, so a sink that writes to a pipe applies backpressure to the run.
#[async_trait]
pub trait EventSink: Send + Sync {
    /// One event.
    async fn on_event(&self, event: &AgentEvent);
}

/// What a conversation is set up with.
pub type RuntimeConfig = AgentConfig;

/// One live conversation.
pub struct Runtime {
    config: AgentConfig,
    messages: Mutex<Vec<AgentMessage>>,
    queue: MessageQueue,
    sinks: Vec<Arc<dyn EventSink>>,
    cancel: Mutex<CancellationToken>,
    /// Pi's transcript system message, recorded before the first prompt.
    system_message: Mutex<Option<AgentMessage>>,
}

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
        Runtime {
            config,
            messages: Mutex::new(Vec::new()),
            queue: MessageQueue::new(QueueMode::OneAtATime, QueueMode::OneAtATime),
            sinks,
            cancel: Mutex::new(CancellationToken::new()),
            system_message: Mutex::new(None),
        }
    }

    /// Sets the system message (Pi's `role: "system"` transcript message with the prompt's
    /// sections and tool declarations) that opens the conversation at its first prompt.
    pub fn with_system_message(self, message: AgentMessage) -> Self {
        *lock(&self.system_message) = Some(message);
        self
    }

    /// The configuration every run uses.
    pub fn config(&self) -> &AgentConfig {
        &self.config
    }

    /// The conversation so far.
    pub fn messages(&self) -> Vec<AgentMessage> {
        lock(&self.messages).clone()
    }

    /// Publishes an event to every sink, in sink order.
    pub async fn publish(&self, event: &AgentEvent) {
        for sink in &self.sinks {
            sink.on_event(event).await;
        }
    }

    /// Runs the agent on a user prompt until it settles; returns the messages it produced.
    ///
    /// Ends with `agent_settled`. An abort (see [`Runtime::abort`]) ends the run early with
    /// an aborted assistant message; the conversation keeps everything recorded so far.
    pub async fn prompt(&self, content: UserContent) -> Vec<AgentMessage> {
        let prompt = AgentMessage::User(tau_protocol::UserMessage {
            content,
            timestamp: tau_protocol::now_millis(),
            extra: Default::default(),
        });
        let cancel = {
            let mut current = lock(&self.cancel);
            if current.is_cancelled() {
                *current = CancellationToken::new();
            }
            current.clone()
        };
        let context = self.messages();
        let mut prompts: Vec<AgentMessage> =
            lock(&self.system_message).take().into_iter().collect();
        prompts.push(prompt);
        let hooks = RunHooks { runtime: self };
        let produced = run_agent_loop(prompts, &context, &self.config, &hooks, &cancel).await;
        lock(&self.messages).extend(produced.iter().cloned());
        let aborted = produced.iter().rev().find_map(|message| match message {
            AgentMessage::Assistant(assistant) => {
                Some(assistant.stop_reason == StopReason::Aborted)
            }
            _ => None,
        });
        self.publish(&AgentEvent::AgentSettled {
            aborted: aborted.unwrap_or(false),
        })
        .await;
        produced
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

/// The runtime's side of the loop's hooks: events to the sinks, queues drained.
struct RunHooks<'a> {
    runtime: &'a Runtime,
}

#[async_trait]
impl AgentHooks for RunHooks<'_> {
    async fn on_event(&self, event: &AgentEvent) {
        self.runtime.publish(event).await;
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
