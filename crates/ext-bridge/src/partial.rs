//! The assistant message as it streams in, for `message_update` handlers (Pi hands them the
//! partial message). Rebuilt from the deltas only when some extension listens.

use std::sync::Mutex;

use tau_protocol::partial::PartialMessage;
use tau_protocol::{AgentMessage, AssistantMessageEvent, Usage};

/// The message being streamed, if any.
#[derive(Debug, Default)]
pub(crate) struct Partial(Mutex<PartialMessage>);

impl Partial {
    fn lock(&self) -> std::sync::MutexGuard<'_, PartialMessage> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A message started: an assistant message becomes the partial one.
    pub(crate) fn start(&self, message: &AgentMessage) {
        self.lock().start(message);
    }

    /// Applies one streamed event; returns the partial message after it.
    pub(crate) fn update(
        &self,
        event: &AssistantMessageEvent,
        usage: &Usage,
    ) -> Option<AgentMessage> {
        let mut guard = self.lock();
        guard
            .update(event, usage)
            .map(|message| AgentMessage::Assistant(message.clone()))
    }
}
