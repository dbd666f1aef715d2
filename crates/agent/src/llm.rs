//! Converting the conversation to what the model sees (Pi's `convertToLlm` of
//! core/messages.js): coding-agent roles become user text; system messages and unknown
//! roles are dropped (the request carries the system prompt and tools separately).

use tau_protocol::messages::{BashExecutionMessage, UserContent, UserMessage};
use tau_protocol::{AgentMessage, ContentBlock};

/// Wrapper text of compaction and branch summaries; model-facing, so it matches Pi's exactly.
const COMPACTION_SUMMARY_PREFIX: &str =
    "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
const COMPACTION_SUMMARY_SUFFIX: &str = "\n</summary>";
const BRANCH_SUMMARY_PREFIX: &str =
    "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
const BRANCH_SUMMARY_SUFFIX: &str = "</summary>";

/// The text a user-run shell command becomes in model context.
pub fn bash_execution_text(message: &BashExecutionMessage) -> String {
    let mut text = format!("Ran `{}`\n", message.command);
    if message.output.is_empty() {
        text.push_str("(no output)");
    } else {
        text.push_str(&format!("```\n{}\n```", message.output));
    }
    if message.cancelled {
        text.push_str("\n\n(command cancelled)");
    } else if let Some(code) = message.exit_code.filter(|code| *code != 0) {
        text.push_str(&format!("\n\nCommand exited with code {code}"));
    }
    if let (true, Some(path)) = (message.truncated, &message.full_output_path) {
        text.push_str(&format!("\n\n[Output truncated. Full output: {path}]"));
    }
    text
}

fn user_text(text: String, timestamp: u64) -> AgentMessage {
    AgentMessage::User(UserMessage {
        content: UserContent::Blocks(vec![ContentBlock::text(text)]),
        timestamp,
        extra: Default::default(),
    })
}

/// Maps every message to user / assistant / toolResult messages.
pub fn convert_to_llm(messages: &[AgentMessage]) -> Vec<AgentMessage> {
    messages
        .iter()
        .filter_map(|message| {
            if passes_through(message) {
                Some(message.clone())
            } else {
                converted(message)
            }
        })
        .collect()
}

/// [`convert_to_llm`] taking the messages by value: user, assistant and tool-result messages
/// are moved rather than copied.
pub fn convert_to_llm_owned(messages: Vec<AgentMessage>) -> Vec<AgentMessage> {
    messages
        .into_iter()
        .filter_map(|message| {
            if passes_through(&message) {
                Some(message)
            } else {
                converted(&message)
            }
        })
        .collect()
}

/// One message of [`convert_to_llm_borrowed`]'s result: two words, however large the
/// message.
pub(crate) enum LlmMessage<'a> {
    /// A message the model sees as stored.
    Stored(&'a AgentMessage),
    /// The model form of a coding-agent message.
    Converted(Box<AgentMessage>),
}

impl AsRef<AgentMessage> for LlmMessage<'_> {
    fn as_ref(&self) -> &AgentMessage {
        match self {
            LlmMessage::Stored(message) => message,
            LlmMessage::Converted(message) => message,
        }
    }
}

/// [`convert_to_llm`] reading the messages in place: user, assistant and tool-result
/// messages are borrowed, only converted ones are built.
pub(crate) fn convert_to_llm_borrowed(messages: &[AgentMessage]) -> Vec<LlmMessage<'_>> {
    let mut out = Vec::with_capacity(messages.len());
    out.extend(messages.iter().filter_map(|message| {
        if passes_through(message) {
            Some(LlmMessage::Stored(message))
        } else {
            converted(message).map(|built| LlmMessage::Converted(Box::new(built)))
        }
    }));
    out
}

/// True for the roles the model sees as they are.
fn passes_through(message: &AgentMessage) -> bool {
    matches!(
        message,
        AgentMessage::User(_) | AgentMessage::Assistant(_) | AgentMessage::ToolResult(_)
    )
}

/// The model form of a message that does not pass through unchanged; `None` drops it.
fn converted(message: &AgentMessage) -> Option<AgentMessage> {
    match message {
        AgentMessage::User(_) | AgentMessage::Assistant(_) | AgentMessage::ToolResult(_) => {
            Some(message.clone())
        }
        AgentMessage::BashExecution(bash) => (bash.exclude_from_context != Some(true))
            .then(|| user_text(bash_execution_text(bash), bash.timestamp)),
        AgentMessage::Custom(custom) => Some(AgentMessage::User(UserMessage {
            content: UserContent::Blocks(custom.content.clone().into_blocks()),
            timestamp: custom.timestamp,
            extra: Default::default(),
        })),
        AgentMessage::BranchSummary(summary) => Some(user_text(
            format!(
                "{BRANCH_SUMMARY_PREFIX}{}{BRANCH_SUMMARY_SUFFIX}",
                summary.summary
            ),
            summary.timestamp,
        )),
        AgentMessage::CompactionSummary(summary) => Some(user_text(
            format!(
                "{COMPACTION_SUMMARY_PREFIX}{}{COMPACTION_SUMMARY_SUFFIX}",
                summary.summary
            ),
            summary.timestamp,
        )),
        // System messages declare the prompt and tools, which reach the provider through
        // the request's `system_prompt` and `tools`; unknown roles have no model form.
        AgentMessage::Other(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tau_protocol::messages::SummaryMessage;

    #[test]
    fn coding_agent_roles_become_user_text() {
        let bash = AgentMessage::BashExecution(BashExecutionMessage {
            command: "false".into(),
            output: String::new(),
            exit_code: Some(1),
            cancelled: false,
            truncated: false,
            full_output_path: None,
            exclude_from_context: None,
            timestamp: 1,
            extra: Default::default(),
        });
        let summary = AgentMessage::CompactionSummary(SummaryMessage {
            summary: "did things".into(),
            timestamp: 2,
            extra: Default::default(),
        });
        let converted = convert_to_llm(&[bash, summary]);
        let texts: Vec<String> = converted
            .iter()
            .map(|m| match m {
                AgentMessage::User(user) => user.content.joined_text(),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert_eq!(
            texts[0],
            "Ran `false`\n(no output)\n\nCommand exited with code 1"
        );
        assert!(texts[1].ends_with("<summary>\ndid things\n</summary>"));
    }

    #[test]
    fn the_owned_conversion_matches_the_borrowed_one() {
        let summary = AgentMessage::BranchSummary(SummaryMessage {
            summary: "elsewhere".into(),
            timestamp: 3,
            extra: Default::default(),
        });
        let unknown: AgentMessage =
            serde_json::from_value(serde_json::json!({"role":"note","timestamp":1})).unwrap();
        let messages = vec![
            AgentMessage::User(UserMessage::text("hi")),
            summary,
            unknown,
            AgentMessage::User(UserMessage::text("again")),
        ];
        let borrowed = convert_to_llm(&messages);
        assert_eq!(borrowed.len(), 3);
        let in_place: Vec<AgentMessage> = convert_to_llm_borrowed(&messages)
            .iter()
            .map(|message| message.as_ref().clone())
            .collect();
        assert_eq!(in_place, borrowed);
        assert_eq!(convert_to_llm_owned(messages), borrowed);
    }

    #[test]
    fn excluded_bash_and_unknown_roles_are_dropped() {
        let excluded = AgentMessage::BashExecution(BashExecutionMessage {
            command: "ls".into(),
            output: "x".into(),
            exit_code: Some(0),
            cancelled: false,
            truncated: false,
            full_output_path: None,
            exclude_from_context: Some(true),
            timestamp: 1,
            extra: Default::default(),
        });
        let unknown: AgentMessage =
            serde_json::from_value(serde_json::json!({"role":"note","timestamp":1})).unwrap();
        assert!(convert_to_llm(&[excluded, unknown]).is_empty());
    }
}
