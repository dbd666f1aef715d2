//! Token accounting for compaction, as Pi's compaction module counts: the provider's
//! reported usage of the last valid response plus a chars/4 estimate of everything after it
//! (`estimateContextTokens`), or an estimate of the whole projected context when a later
//! context edit or compaction made that usage stale (`estimateProjectedContextTokens`).
//!
//! Lengths are JavaScript lengths (UTF-16 code units), so tau and Pi agree on every
//! threshold.

use serde_json::Value;
use tau_protocol::session::SessionEntry;
use tau_protocol::{AgentMessage, ContentBlock, StopReason, Usage, UserContent};
use tau_session::{SessionProjection, SystemPrompt};

/// Characters an image counts as.
const IMAGE_CHARS: usize = 4800;

/// A context size estimate and where it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextEstimate {
    /// The estimate.
    pub tokens: u64,
    /// The part reported by the provider.
    pub usage_tokens: u64,
    /// The part estimated from message text.
    pub trailing_tokens: u64,
    /// Index of the message whose usage was used.
    pub last_usage_index: Option<usize>,
}

/// Context tokens of a response (Pi's `calculateContextTokens`): the provider's total, or the
/// sum of its parts when the total is missing.
pub fn calculate_context_tokens(usage: &Usage) -> u64 {
    if usage.total_tokens > 0 {
        usage.total_tokens
    } else {
        usage.input + usage.output + usage.cache_read + usage.cache_write
    }
}

/// The usage of a response that can be trusted for accounting: not failed, not aborted,
/// not all zero.
pub fn assistant_usage(message: &AgentMessage) -> Option<&Usage> {
    match message {
        AgentMessage::Assistant(assistant)
            if !matches!(
                assistant.stop_reason,
                StopReason::Aborted | StopReason::Error
            ) && calculate_context_tokens(&assistant.usage) > 0 =>
        {
            Some(&assistant.usage)
        }
        _ => None,
    }
}

/// Whether automatic compaction should start (Pi's `shouldCompact`).
pub fn should_compact(
    context_tokens: u64,
    context_window: u64,
    enabled: bool,
    reserve_tokens: u64,
) -> bool {
    enabled && i128::from(context_tokens) > i128::from(context_window) - i128::from(reserve_tokens)
}

fn js_len(text: &str) -> usize {
    text.encode_utf16().count()
}

fn tokens(chars: usize) -> u64 {
    chars.div_ceil(4) as u64
}

fn blocks_chars(blocks: &[ContentBlock]) -> usize {
    blocks
        .iter()
        .map(|block| match block {
            ContentBlock::Text { text, .. } => js_len(text),
            ContentBlock::Image { .. } => IMAGE_CHARS,
            ContentBlock::Thinking { .. } | ContentBlock::ToolCall(_) => 0,
        })
        .sum()
}

fn content_chars(content: &UserContent) -> usize {
    match content {
        UserContent::Text(text) => js_len(text),
        UserContent::Blocks(blocks) => blocks_chars(blocks),
    }
}

/// A raw `content` value (system messages are kept as JSON).
fn value_content_chars(content: Option<&Value>) -> usize {
    match content {
        Some(Value::String(text)) => js_len(text),
        Some(Value::Array(blocks)) => blocks
            .iter()
            .map(|block| match block.get("type").and_then(Value::as_str) {
                Some("text") => block.get("text").and_then(Value::as_str).map_or(0, js_len),
                Some("image") => IMAGE_CHARS,
                _ => 0,
            })
            .sum(),
        _ => 0,
    }
}

/// Estimated tokens of one message (Pi's `estimateTokens`, chars/4 rounded up; deliberately
/// generous).
pub fn estimate_tokens(message: &AgentMessage) -> u64 {
    let chars = match message {
        AgentMessage::User(user) => content_chars(&user.content),
        AgentMessage::Custom(custom) => content_chars(&custom.content),
        AgentMessage::ToolResult(result) => blocks_chars(&result.content),
        AgentMessage::Assistant(assistant) => assistant
            .content
            .iter()
            .map(|block| match block {
                ContentBlock::Text { text, .. } => js_len(text),
                ContentBlock::Thinking { thinking, .. } => js_len(thinking),
                ContentBlock::ToolCall(call) => {
                    js_len(&call.name) + js_len(&call.arguments.to_string())
                }
                ContentBlock::Image { .. } => 0,
            })
            .sum(),
        AgentMessage::BashExecution(bash) => js_len(&bash.command) + js_len(&bash.output),
        AgentMessage::BranchSummary(summary) | AgentMessage::CompactionSummary(summary) => {
            js_len(&summary.summary)
        }
        AgentMessage::Other(map) if message.role() == "system" => {
            let sections: usize = map
                .get("sections")
                .and_then(Value::as_object)
                .map(|sections| {
                    sections
                        .values()
                        .filter_map(Value::as_str)
                        .map(js_len)
                        .sum()
                })
                .unwrap_or(0);
            let tools = map
                .get("toolsAdded")
                .filter(|tools| !tools.is_null())
                .map_or(0, |tools| js_len(&tools.to_string()));
            value_content_chars(map.get("content")) + sections + tools
        }
        AgentMessage::Other(_) => 0,
    };
    tokens(chars)
}

/// Estimated context tokens of `messages` (Pi's `estimateContextTokens`): the last valid
/// usage plus estimates of the messages after it, or estimates of all of them.
pub fn estimate_context_tokens(messages: &[AgentMessage]) -> ContextEstimate {
    let last = messages
        .iter()
        .enumerate()
        .rev()
        .find_map(|(index, message)| assistant_usage(message).map(|usage| (index, usage)));
    match last {
        None => {
            let estimated = messages.iter().map(estimate_tokens).sum();
            ContextEstimate {
                tokens: estimated,
                usage_tokens: 0,
                trailing_tokens: estimated,
                last_usage_index: None,
            }
        }
        Some((index, usage)) => {
            let usage_tokens = calculate_context_tokens(usage);
            let trailing_tokens = messages[index + 1..].iter().map(estimate_tokens).sum();
            ContextEstimate {
                tokens: usage_tokens + trailing_tokens,
                usage_tokens,
                trailing_tokens,
                last_usage_index: Some(index),
            }
        }
    }
}

/// Estimated tokens of a projected context (Pi's `estimateProjectedContextTokens`): usage is
/// only trusted when it was reported after the latest context edit or compaction on `branch`;
/// otherwise the replayed system prompt and every other message are estimated.
pub fn estimate_projected_context_tokens(
    projection: &SessionProjection<'_>,
    branch: &[&SessionEntry],
) -> ContextEstimate {
    let messages: Vec<AgentMessage> = projection.messages().cloned().collect();
    let estimate = estimate_context_tokens(&messages);
    if let Some(usage_index) = estimate.last_usage_index {
        let mut first = 0;
        let usage_entry = projection.entries.iter().find_map(|entry| {
            let next = first + entry.messages.len();
            let found = (usage_index < next).then(|| entry.source.id());
            first = next;
            found
        });
        let position = |id: Option<&str>| {
            id.and_then(|id| branch.iter().position(|entry| entry.id() == Some(id)))
                .map_or(-1, |index| index as i64)
        };
        let usage_position = position(usage_entry.flatten());
        let invalidating = branch
            .iter()
            .rposition(|entry| {
                matches!(
                    entry,
                    SessionEntry::ContextEdit(_) | SessionEntry::Compaction(_)
                )
            })
            .map_or(-1, |index| index as i64);
        if usage_position > invalidating {
            return estimate;
        }
    }
    let system =
        SystemPrompt::replay(&messages).map_or(0, |prompt| estimate_tokens(&prompt.to_message()));
    let tokens = system
        + messages
            .iter()
            .filter(|message| message.role() != "system")
            .map(estimate_tokens)
            .sum::<u64>();
    ContextEstimate {
        tokens,
        usage_tokens: 0,
        trailing_tokens: tokens,
        last_usage_index: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tau_protocol::{AssistantMessage, ToolCall, UserMessage};

    fn user(text: &str) -> AgentMessage {
        AgentMessage::User(UserMessage::text(text))
    }

    fn answer(text: &str, total: u64, stop: StopReason) -> AgentMessage {
        let mut message = AssistantMessage {
            content: vec![ContentBlock::text(text)],
            stop_reason: stop,
            ..Default::default()
        };
        message.usage.total_tokens = total;
        AgentMessage::Assistant(message)
    }

    #[test]
    fn messages_are_estimated_at_four_characters_per_token() {
        assert_eq!(estimate_tokens(&user("12345")), 2);
        // JavaScript counts UTF-16 units: one emoji is two.
        assert_eq!(estimate_tokens(&user("😀😀")), 1);
        let call = AgentMessage::Assistant(AssistantMessage {
            content: vec![
                ContentBlock::Thinking {
                    thinking: "abcd".into(),
                    thinking_signature: None,
                    redacted: None,
                },
                ContentBlock::ToolCall(ToolCall {
                    id: "c".into(),
                    name: "read".into(),
                    arguments: json!({"path": "a"}),
                    thought_signature: None,
                    namespace: None,
                }),
            ],
            ..Default::default()
        });
        // 4 thinking + 4 name + 12 for {"path":"a"}.
        assert_eq!(estimate_tokens(&call), 5);
        let system: AgentMessage = serde_json::from_value(json!({
            "role": "system", "content": "abcd", "sections": {"a": "efgh", "b": null},
            "timestamp": 1
        }))
        .unwrap();
        assert_eq!(estimate_tokens(&system), 2);
    }

    #[test]
    fn usage_of_the_last_valid_answer_counts_plus_what_follows() {
        let messages = [
            user(&"x".repeat(400)),
            answer("ok", 1000, StopReason::Stop),
            user(&"y".repeat(40)),
            answer("broken", 5000, StopReason::Error),
        ];
        let estimate = estimate_context_tokens(&messages);
        assert_eq!(estimate.last_usage_index, Some(1));
        assert_eq!(estimate.usage_tokens, 1000);
        // 10 for the user message, 2 for the failed answer.
        assert_eq!(estimate.tokens, 1012);
        let without = estimate_context_tokens(&messages[..1]);
        assert_eq!(without.tokens, 100);
        assert_eq!(without.last_usage_index, None);
    }

    #[test]
    fn threshold_is_window_minus_reserve() {
        assert!(should_compact(100_001, 116_384, true, 16_384));
        assert!(!should_compact(100_000, 116_384, true, 16_384));
        assert!(!should_compact(100_001, 116_384, false, 16_384));
        // A reserve larger than the window compacts at any size.
        assert!(should_compact(0, 1000, true, 2000));
    }
}
