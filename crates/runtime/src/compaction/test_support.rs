//! Builders shared by the compaction tests.

use tau_protocol::{AgentMessage, AssistantMessage, ContentBlock, StopReason, UserMessage};
use tau_session::Session;

/// A user message with this text.
pub(crate) fn user(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage::text(text))
}

/// A finished answer from model `test/m` reporting `total_tokens` of context.
pub(crate) fn answer(text: &str, total_tokens: u64) -> AgentMessage {
    let mut message = AssistantMessage {
        content: vec![ContentBlock::text(text)],
        provider: "test".into(),
        model: "m".into(),
        stop_reason: StopReason::Stop,
        timestamp: tau_protocol::now_millis(),
        ..Default::default()
    };
    message.usage.total_tokens = total_tokens;
    AgentMessage::Assistant(message)
}

/// An in-memory session holding `messages`; returns it and the entry ids.
pub(crate) fn session_with(messages: Vec<AgentMessage>) -> (Session, Vec<String>) {
    let mut session = Session::in_memory("/project");
    let ids = messages
        .into_iter()
        .map(|message| session.append_message(message).unwrap())
        .collect();
    (session, ids)
}
