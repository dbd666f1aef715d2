//! What RPC clients ask of a conversation beyond prompts (Pi's `clear_queue`, the queue
//! counts of `get_state`, the `bash` command's record): small operations on the runtime's
//! queues and history that the extension API does not need.

use tau_protocol::AgentMessage;

use super::{lock, queued_text, Runtime};

impl Runtime {
    /// Removes every queued steering and follow-up message (Pi's `clearQueue`) and returns
    /// their text, `(steering, follow_up)`; announces the now empty queue.
    pub async fn clear_queue(&self) -> (Vec<String>, Vec<String>) {
        let (steering, follow_up) = self.queue.clear();
        self.publish_queue().await;
        (queued_text(&steering), queued_text(&follow_up))
    }

    /// How many steering and follow-up messages wait (Pi's `pendingMessageCount`).
    pub fn pending_message_count(&self) -> usize {
        let (steering, follow_up) = self.queue.snapshot();
        steering.len() + follow_up.len()
    }

    /// Records a command the user ran directly (a `bashExecution` message, Pi's
    /// `recordBashResult`): in the session and the next request's context. While a run is
    /// under way it is held until the run ends, as Pi defers it, so it cannot land between
    /// a tool call and its result.
    pub fn record_bash_execution(&self, message: AgentMessage) {
        if self.is_running() {
            lock(&self.after_run).push(message);
            return;
        }
        if let Err(error) = lock(&self.session).append_message(message.clone()) {
            (self.warn)(&format!("session: {error}"));
        }
        lock(&self.messages).push(message);
    }
}

impl Runtime {
    /// Whether automatic compaction (threshold and overflow) is on.
    pub fn auto_compaction_enabled(&self) -> bool {
        self.compaction.settings.enabled
            && !self
                .compaction
                .auto_disabled
                .load(std::sync::atomic::Ordering::Acquire)
    }

    /// Turns automatic compaction on or off (Pi's `setAutoCompactionEnabled`); on means as
    /// settings.json says.
    pub fn set_auto_compaction(&self, enabled: bool) {
        self.compaction
            .auto_disabled
            .store(!enabled, std::sync::atomic::Ordering::Release);
    }

    /// Whether failed responses are retried automatically.
    pub fn auto_retry_enabled(&self) -> bool {
        lock(&self.retry).enabled
    }

    /// Turns automatic retry on or off (Pi's `setAutoRetryEnabled`), from the next failure.
    pub fn set_auto_retry(&self, enabled: bool) {
        lock(&self.retry).enabled = enabled;
    }

    /// The steering and follow-up drain modes.
    pub fn queue_modes(&self) -> (tau_agent::QueueMode, tau_agent::QueueMode) {
        self.queue.drain_modes()
    }

    /// Sets the steering drain mode (Pi's `setSteeringMode`).
    pub fn set_steering_mode(&self, mode: tau_agent::QueueMode) {
        self.queue.set_steering_mode(mode);
    }

    /// Sets the follow-up drain mode (Pi's `setFollowUpMode`).
    pub fn set_follow_up_mode(&self, mode: tau_agent::QueueMode) {
        self.queue.set_follow_up_mode(mode);
    }
}
