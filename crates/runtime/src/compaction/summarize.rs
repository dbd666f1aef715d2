//! Asking the model for the summary: one request without tools whose only user message holds
//! the transcript (and the previous summary, when updating one), answered with the structured
//! checkpoint. A split turn gets a second request for the start of the cut span; the two are
//! joined. The files touched are appended to the summary and kept as `details`.
//!
//! The prompt wording is tau's own; the summary sections are the ones Pi documents.

use futures::StreamExt;
use serde_json::Value;
use tau_agent::{convert_to_llm, AgentConfig};
use tau_protocol::{
    AgentMessage, AssistantMessageEvent, ContentBlock, StopReason, ThinkingLevel, Usage,
    UserContent, UserMessage,
};
use tau_provider::ProviderRequest;
use tokio_util::sync::CancellationToken;

use super::error::CompactionError;
use super::prepare::Preparation;
use super::retry::SummaryRetry;
use super::serialize::serialize_conversation;

const SYSTEM_PROMPT: &str = "You write checkpoint summaries of coding-assistant sessions. \
You are given a transcript of a user working with an AI coding assistant and condense it into \
the structured summary you are asked for, so that another assistant can resume the work from \
the summary alone.

The transcript is material to summarise, not a conversation you take part in: do not answer \
its questions, do not carry on its work, and reply with nothing but the summary.";

pub(crate) const FORMAT: &str = "## Goal
[The user's objective(s) in this session]

## Constraints & Preferences
- [Requirements, conventions and preferences the user stated, or \"(none)\"]

## Progress
### Done
- [x] [Finished tasks and changes]

### In Progress
- [ ] [Work under way]

### Blocked
- [Open problems, if any]

## Key Decisions
- **[Decision]**: [Why it was made]

## Next Steps
1. [What to do next, in order]

## Critical Context
- [Facts, values, errors or references needed to continue, or \"(none)\"]";

pub(crate) const EXACTNESS: &str =
    "Keep every section short, but copy file paths, function names, \
commands and error messages exactly as they appear.";

fn initial_instructions() -> String {
    format!(
        "Summarise the transcript in <conversation> as a checkpoint another assistant will \
resume from. Use exactly this structure:\n\n{FORMAT}\n\n{EXACTNESS}"
    )
}

fn update_instructions() -> String {
    format!(
        "<previous-summary> is the checkpoint of the session up to the transcript in \
<conversation>, which shows what happened since. Write the updated checkpoint:
- keep everything from the previous checkpoint that still matters
- add the new progress, decisions and context
- move finished items from In Progress to Done
- revise Next Steps to match where the work stands now
- drop what is no longer relevant

Use exactly this structure:\n\n{FORMAT}\n\n{EXACTNESS}"
    )
}

const TURN_PREFIX_INSTRUCTIONS: &str = "The transcript in <conversation> is the beginning of a \
request that is still in progress; its later messages are kept as they are and follow this \
summary. Condense this beginning so that the later messages can be understood:

## Original Request
[What the user asked for]

## Progress So Far
- [Work done and decisions made in these messages]

## Context Needed to Continue
- [What the later messages rely on from these]

Report only what the transcript shows; do not guess at what came later.";

/// Joins the history summary and the summary of a split turn's start.
const SPLIT_TURN_HEADING: &str = "\n\n---\n\n**Start of the current request (split turn):**\n\n";

/// Stands in for the history when a split turn is the first thing ever compacted.
const NO_HISTORY: &str = "(no earlier history)";

/// What the summariser produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The summary with the file lists appended.
    pub summary: String,
    /// Usage of the summary request(s).
    pub usage: Option<Usage>,
    /// `{readFiles, modifiedFiles}`.
    pub details: Value,
}

fn focus(instructions: Option<&str>) -> String {
    instructions
        .filter(|text| !text.trim().is_empty())
        .map(|text| format!("\n\nGive particular attention to: {text}"))
        .unwrap_or_default()
}

pub(crate) fn transcript(messages: &[AgentMessage]) -> String {
    format!(
        "<conversation>\n{}\n</conversation>\n\n",
        serialize_conversation(&convert_to_llm(messages))
    )
}

/// The sum of two usages (Pi's `combineUsage`).
fn combine(first: Usage, second: Usage) -> Usage {
    let optional = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
    };
    let mut cost = first.cost.clone();
    cost.input += second.cost.input;
    cost.output += second.cost.output;
    cost.cache_read += second.cost.cache_read;
    cost.cache_write += second.cost.cache_write;
    cost.total += second.cost.total;
    cost.total_from_provider = Some(
        first.cost.total_from_provider == Some(true)
            && second.cost.total_from_provider == Some(true),
    );
    Usage {
        input: first.input + second.input,
        output: first.output + second.output,
        cache_read: first.cache_read + second.cache_read,
        cache_write: first.cache_write + second.cache_write,
        cache_write_1h: optional(first.cache_write_1h, second.cache_write_1h),
        reasoning: optional(first.reasoning, second.reasoning),
        total_tokens: first.total_tokens + second.total_tokens,
        cost,
    }
}

/// Sends one summary request and returns its text and usage.
pub(crate) async fn request(
    prompt: String,
    stage: &'static str,
    config: &AgentConfig,
    cancel: &CancellationToken,
    retry: &SummaryRetry,
) -> Result<(String, Usage), CompactionError> {
    let message = AgentMessage::User(UserMessage {
        content: UserContent::Blocks(vec![ContentBlock::text(prompt)]),
        timestamp: tau_protocol::now_millis(),
        extra: Default::default(),
    });
    let request = ProviderRequest {
        model: config.model.clone(),
        system_prompt: SYSTEM_PROMPT.to_string(),
        messages: vec![message],
        tools: Vec::new(),
        // Pi asks for reasoning only from models that reason.
        thinking_level: if config.model.reasoning {
            config.thinking_level
        } else {
            ThinkingLevel::Off
        },
        api_key: config.api_key.clone(),
        hooks: retry.request_hooks.clone(),
        // Pi's summaries ask with caching off and a fresh id of their own (its compaction
        // passes no session id, so each summary gets a new UUIDv7): it routes (OpenCode) but
        // keys no prompt cache.
        session_id: Some(tau_session::new_session_id()),
        no_cache_retention: true,
    };
    let last = retry
        .run(cancel, || async {
            let mut stream = config.provider.stream(request.clone(), cancel.clone());
            while let Some(event) = stream.next().await {
                match event {
                    AssistantMessageEvent::Done { message, .. }
                    | AssistantMessageEvent::Error { error: message, .. } => return Some(message),
                    _ => {}
                }
            }
            None
        })
        .await;
    if cancel.is_cancelled() {
        return Err(CompactionError::Cancelled);
    }
    let Some(answer) = last else {
        return Err(CompactionError::SummaryFailed {
            stage,
            message: format!(
                "provider {} ended its stream without a final message",
                config.model.provider
            ),
        });
    };
    match answer.stop_reason {
        StopReason::Error => {
            return Err(CompactionError::SummaryFailed {
                stage,
                message: answer
                    .error_message
                    .filter(|text| !text.is_empty())
                    .unwrap_or_else(|| "Unknown error".into()),
            })
        }
        StopReason::Aborted => return Err(CompactionError::Cancelled),
        StopReason::Length => return Err(CompactionError::SummaryTruncated { stage }),
        StopReason::Stop | StopReason::ToolUse | StopReason::Pending | StopReason::Deferred => {}
    }
    if answer.tool_calls().next().is_some() {
        return Err(CompactionError::ToolCall { stage });
    }
    let text = answer
        .content
        .iter()
        .filter_map(ContentBlock::as_text)
        .collect::<Vec<_>>()
        .join("\n");
    Ok((text, answer.usage))
}

async fn history_summary(
    preparation: &Preparation,
    instructions: Option<&str>,
    config: &AgentConfig,
    cancel: &CancellationToken,
    retry: &SummaryRetry,
) -> Result<(String, Usage), CompactionError> {
    let mut prompt = transcript(&preparation.messages_to_summarise);
    let base = match &preparation.previous_summary {
        Some(previous) => {
            prompt.push_str(&format!(
                "<previous-summary>\n{previous}\n</previous-summary>\n\n"
            ));
            update_instructions()
        }
        None => initial_instructions(),
    };
    prompt.push_str(&base);
    prompt.push_str(&focus(instructions));
    request(prompt, "Summarization", config, cancel, retry).await
}

/// Summarises what `preparation` selected, with `instructions` as an extra focus.
pub async fn summarise(
    preparation: &Preparation,
    instructions: Option<&str>,
    config: &AgentConfig,
    cancel: &CancellationToken,
    retry: &SummaryRetry,
) -> Result<Summary, CompactionError> {
    let (mut summary, usage) =
        if preparation.is_split_turn && !preparation.turn_prefix_messages.is_empty() {
            let history = if preparation.messages_to_summarise.is_empty() {
                let text = preparation
                    .previous_summary
                    .clone()
                    .unwrap_or_else(|| NO_HISTORY.into());
                (text, None)
            } else {
                let (text, usage) =
                    history_summary(preparation, instructions, config, cancel, retry).await?;
                (text, Some(usage))
            };
            let prompt = format!(
                "{}{TURN_PREFIX_INSTRUCTIONS}{}",
                transcript(&preparation.turn_prefix_messages),
                focus(instructions)
            );
            let (prefix, prefix_usage) =
                request(prompt, "Turn prefix summarization", config, cancel, retry).await?;
            let usage = match history.1 {
                Some(usage) => combine(usage, prefix_usage),
                None => prefix_usage,
            };
            (format!("{}{SPLIT_TURN_HEADING}{prefix}", history.0), usage)
        } else {
            history_summary(preparation, instructions, config, cancel, retry).await?
        };
    summary.push_str(&preparation.file_ops.summary_suffix());
    Ok(Summary {
        summary,
        usage: Some(usage),
        details: preparation.file_ops.details(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usages_add_up_and_keep_optional_splits() {
        let mut first = Usage {
            input: 10,
            output: 2,
            total_tokens: 12,
            reasoning: Some(1),
            ..Default::default()
        };
        first.cost.total = 0.5;
        let second = Usage {
            input: 5,
            output: 1,
            total_tokens: 6,
            ..Default::default()
        };
        let sum = combine(first, second);
        assert_eq!((sum.input, sum.output, sum.total_tokens), (15, 3, 18));
        assert_eq!(sum.reasoning, Some(1));
        assert_eq!(sum.cache_write_1h, None);
        assert_eq!(sum.cost.total, 0.5);
        assert_eq!(sum.cost.total_from_provider, Some(false));
    }

    #[test]
    fn focus_is_added_only_when_given() {
        assert_eq!(focus(None), "");
        assert_eq!(focus(Some("  ")), "");
        assert!(focus(Some("the parser")).ends_with("the parser"));
    }
}
