//! [`Lent`]: the conversation handed to one agent run without copying it.
//!
//! A run appends to the context it is given. Lending the runtime's own list (instead of a
//! copy of it) saves copying a long resumed conversation for every prompt; while the run
//! holds it, [`crate::Runtime::messages`] sees the list without it.

use std::sync::Mutex;

use tau_protocol::AgentMessage;

use super::lock;

/// The runtime's conversation, taken out of its slot for one run and put back when dropped.
pub(super) struct Lent<'a> {
    slot: &'a Mutex<Vec<AgentMessage>>,
    messages: Vec<AgentMessage>,
    /// Length before the run: a run dropped before it ends (its future cancelled) leaves the
    /// conversation as it was, as a run on a copy would.
    before: usize,
    finished: bool,
}

impl<'a> Lent<'a> {
    /// Takes the conversation out of `slot`.
    pub(super) fn take(slot: &'a Mutex<Vec<AgentMessage>>) -> Self {
        let messages = std::mem::take(&mut *lock(slot));
        Lent {
            slot,
            before: messages.len(),
            messages,
            finished: false,
        }
    }

    /// The conversation, for the run to work on.
    pub(super) fn messages(&mut self) -> &mut Vec<AgentMessage> {
        &mut self.messages
    }

    /// Puts the conversation back with everything the run appended.
    pub(super) fn finish(mut self) {
        self.finished = true;
    }
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.messages.truncate(self.before);
        }
        let mut slot = lock(self.slot);
        // Anything stored meanwhile goes after the conversation.
        let meanwhile = std::mem::take(&mut *slot);
        *slot = std::mem::take(&mut self.messages);
        slot.extend(meanwhile);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tau_protocol::UserMessage;

    fn user(text: &str) -> AgentMessage {
        AgentMessage::User(UserMessage::text(text))
    }

    fn texts(slot: &Mutex<Vec<AgentMessage>>) -> Vec<String> {
        lock(slot)
            .iter()
            .map(|message| match message {
                AgentMessage::User(user) => user.content.joined_text(),
                other => other.role().to_string(),
            })
            .collect()
    }

    #[test]
    fn a_finished_run_keeps_what_it_appended() {
        let slot = Mutex::new(vec![user("a")]);
        let mut lent = Lent::take(&slot);
        assert!(lock(&slot).is_empty(), "the list is lent, not copied");
        lent.messages().push(user("b"));
        lent.finish();
        assert_eq!(texts(&slot), ["a", "b"]);
    }

    #[test]
    fn an_abandoned_run_leaves_the_conversation_as_it_was() {
        let slot = Mutex::new(vec![user("a")]);
        let mut lent = Lent::take(&slot);
        lent.messages().push(user("b"));
        lock(&slot).push(user("meanwhile"));
        drop(lent);
        assert_eq!(texts(&slot), ["a", "meanwhile"]);
    }
}
