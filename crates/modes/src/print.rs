//! print mode: after the prompts ran, the final assistant answer's text.

use tau_protocol::{AgentMessage, AssistantMessage};

/// The last assistant message of a run, if any.
pub fn last_assistant(messages: &[AgentMessage]) -> Option<&AssistantMessage> {
    messages.iter().rev().find_map(|message| match message {
        AgentMessage::Assistant(assistant) => Some(assistant),
        _ => None,
    })
}

/// The text print mode writes for a finished run: the last assistant message's text.
pub fn final_text(messages: &[AgentMessage]) -> Option<String> {
    last_assistant(messages).map(AssistantMessage::text)
}
