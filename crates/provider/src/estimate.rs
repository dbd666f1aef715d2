//! Output-token budget of a request (pi-ai `clampMaxTokensToContext`): the model's
//! `maxTokens`, cut so the estimated input plus the output still fits the context window
//! with a safety margin. Shared by every provider.

use std::borrow::Borrow;

use tau_protocol::{AgentMessage, ContentBlock, StopReason, ToolDeclaration, Usage, UserContent};

/// Characters per token of the rough estimate.
const CHARS_PER_TOKEN: f64 = 3.5;
/// Characters an image is counted as.
const IMAGE_CHARS: usize = 4800;
/// Tokens always kept free of the window.
const SAFETY_TOKENS: u64 = 4096;
/// Extra margin as a share of the input (OpenRouter counts input up to 12 % higher).
const SAFETY_RATIO: f64 = 0.15;
/// The ratio margin only applies while it leaves at least this much output.
const MIN_OUTPUT_WITH_RATIO: u64 = 32_768;

/// The `max_tokens` to request: `max_tokens` cut to the room the context window leaves
/// (at least 1 unless `max_tokens` is 0). A window of 0 means unknown: no cut. `messages`
/// may be the conversation or references to it.
pub fn clamp_max_tokens_to_context<M: Borrow<AgentMessage>>(
    context_window: u64,
    system_prompt: &str,
    tools: &[ToolDeclaration],
    messages: &[M],
    max_tokens: u64,
) -> u64 {
    if context_window == 0 {
        return max_tokens.max(1);
    }
    let input = estimate_context_tokens(system_prompt, tools, messages);
    let margin = SAFETY_TOKENS.max((input as f64 * SAFETY_RATIO).ceil() as u64);
    let window = context_window as i128;
    let mut room = window - input as i128 - margin as i128;
    if room < MIN_OUTPUT_WITH_RATIO as i128 {
        room = (MIN_OUTPUT_WITH_RATIO as i128).min(window - input as i128 - SAFETY_TOKENS as i128);
    }
    let room = u64::try_from(room.max(1)).unwrap_or(1);
    max_tokens.min(room)
}

/// Estimated input tokens: the last successful response's reported usage plus an estimate
/// of what came after it, or an estimate of everything when no usage is known.
pub fn estimate_context_tokens<M: Borrow<AgentMessage>>(
    system_prompt: &str,
    tools: &[ToolDeclaration],
    messages: &[M],
) -> u64 {
    let system = text_tokens(utf16_len(system_prompt))
        + if tools.is_empty() {
            0
        } else {
            text_tokens(serde_json::to_string(tools).map_or(0, |json| utf16_len(&json)))
        };
    let mut last_usage = None;
    let mut latest_timestamp = 0;
    for (index, message) in messages.iter().map(Borrow::borrow).enumerate() {
        if let AgentMessage::Assistant(assistant) = message {
            // A message inserted before this response (a compaction summary) makes its
            // usage stale.
            if assistant.timestamp >= latest_timestamp
                && !matches!(
                    assistant.stop_reason,
                    StopReason::Error | StopReason::Aborted
                )
                && context_tokens(&assistant.usage) > 0
            {
                last_usage = Some((context_tokens(&assistant.usage), index));
            }
        }
        latest_timestamp = latest_timestamp.max(timestamp(message));
    }
    match last_usage {
        Some((tokens, index)) => {
            tokens
                + messages[index + 1..]
                    .iter()
                    .map(|message| message_tokens(message.borrow()))
                    .sum::<u64>()
        }
        None => {
            system
                + messages
                    .iter()
                    .map(|message| message_tokens(message.borrow()))
                    .sum::<u64>()
        }
    }
}

fn context_tokens(usage: &Usage) -> u64 {
    if usage.total_tokens > 0 {
        usage.total_tokens
    } else {
        usage.input + usage.output + usage.cache_read + usage.cache_write
    }
}

fn message_tokens(message: &AgentMessage) -> u64 {
    match message {
        AgentMessage::User(user) => match &user.content {
            UserContent::Text(text) => text_tokens(utf16_len(text)),
            UserContent::Blocks(blocks) => text_tokens(blocks_chars(blocks)),
        },
        AgentMessage::ToolResult(result) => text_tokens(blocks_chars(&result.content)),
        AgentMessage::Assistant(assistant) => {
            let chars = assistant
                .content
                .iter()
                .map(|block| match block {
                    ContentBlock::Text { text, .. } => utf16_len(text),
                    ContentBlock::Thinking { thinking, .. } => utf16_len(thinking),
                    ContentBlock::ToolCall(call) => {
                        utf16_len(&call.name) + utf16_len(&call.arguments.to_string())
                    }
                    ContentBlock::Image { .. } => IMAGE_CHARS,
                })
                .sum();
            text_tokens(chars)
        }
        _ => 0,
    }
}

fn blocks_chars(blocks: &[ContentBlock]) -> usize {
    blocks
        .iter()
        .map(|block| match block {
            ContentBlock::Text { text, .. } => utf16_len(text),
            ContentBlock::Image { .. }
            | ContentBlock::Thinking { .. }
            | ContentBlock::ToolCall(_) => IMAGE_CHARS,
        })
        .sum()
}

fn timestamp(message: &AgentMessage) -> u64 {
    match message {
        AgentMessage::User(m) => m.timestamp,
        AgentMessage::Assistant(m) => m.timestamp,
        AgentMessage::ToolResult(m) => m.timestamp,
        _ => 0,
    }
}

fn text_tokens(chars: usize) -> u64 {
    (chars as f64 / CHARS_PER_TOKEN).ceil() as u64
}

/// Length as JavaScript counts it (UTF-16 code units).
fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tau_protocol::UserMessage;

    fn user(text: &str) -> AgentMessage {
        AgentMessage::User(UserMessage::text(text))
    }

    #[test]
    fn small_contexts_keep_the_model_limit() {
        let messages = [user("hello")];
        assert_eq!(
            clamp_max_tokens_to_context(128_000, "sys", &[], &messages, 16_384),
            16_384
        );
        assert_eq!(
            clamp_max_tokens_to_context(0, "sys", &[], &messages, 16_384),
            16_384
        );
    }

    #[test]
    fn large_inputs_shrink_the_output_budget() {
        // 35 000 chars ≈ 10 000 tokens in a 16k window: room = 16384 - 10000 - 4096.
        let messages = [user(&"x".repeat(35_000))];
        assert_eq!(
            clamp_max_tokens_to_context(16_384, "", &[], &messages, 16_384),
            16_384 - 10_000 - 4_096
        );
        // A full window still asks for one token.
        let huge = [user(&"x".repeat(100_000))];
        assert_eq!(
            clamp_max_tokens_to_context(16_384, "", &[], &huge, 16_384),
            1
        );
    }

    #[test]
    fn reported_usage_replaces_the_estimate_before_it() {
        let mut assistant = tau_protocol::AssistantMessage {
            stop_reason: StopReason::Stop,
            timestamp: 10,
            ..Default::default()
        };
        assistant.usage.total_tokens = 50_000;
        let mut late_user = UserMessage::text("y".repeat(35));
        late_user.timestamp = 20;
        let mut early_user = UserMessage::text("z".repeat(350_000));
        early_user.timestamp = 5;
        let messages = [
            AgentMessage::User(early_user),
            AgentMessage::Assistant(assistant),
            AgentMessage::User(late_user),
        ];
        assert_eq!(estimate_context_tokens("sys", &[], &messages), 50_010);
    }
}
