//! The loop itself (pi-agent-core's `runAgentLoop` / `runLoop`): turns until the model stops,
//! steering drained after each turn, follow-ups once the run would otherwise end.

use tau_protocol::{AgentEvent, AgentMessage, StopReason};
use tokio_util::sync::CancellationToken;

use crate::config::AgentConfig;
use crate::hooks::AgentHooks;
use crate::stream::stream_assistant_response;
use crate::tool_exec::{execute_tool_calls, fail_truncated_calls};

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum AgentRunError {
    /// `continue` needs a conversation to continue.
    #[error("cannot continue: no messages in context")]
    NothingToContinue,
    /// `continue` cannot start from an assistant message: the provider would reject it.
    #[error("cannot continue from message role: assistant")]
    ContinueFromAssistant,
}

async fn emit_message(message: AgentMessage, hooks: &dyn AgentHooks) -> AgentMessage {
    hooks
        .on_event(&AgentEvent::MessageStart {
            message: message.clone(),
        })
        .await;
    let message = hooks.finalize_message(message).await;
    hooks
        .on_event(&AgentEvent::MessageEnd {
            message: message.clone(),
        })
        .await;
    message
}

/// Runs the loop with new prompt messages appended to `context`.
///
/// Returns the messages the run produced, prompts included. `context` is the conversation
/// before the prompts; the loop works on it in place, so afterwards it also ends with the
/// produced messages.
pub async fn run_agent_loop(
    prompts: Vec<AgentMessage>,
    context: &mut Vec<AgentMessage>,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> Vec<AgentMessage> {
    let messages = context;
    let mut new_messages = Vec::new();
    hooks.on_event(&AgentEvent::AgentStart).await;
    hooks.on_event(&AgentEvent::TurnStart).await;
    for prompt in prompts {
        let prompt = emit_message(prompt, hooks).await;
        messages.push(prompt.clone());
        new_messages.push(prompt);
    }
    run_loop(messages, new_messages, config, hooks, cancel).await
}

/// Continues from the current context without a new message (used for retries).
pub async fn run_agent_loop_continue(
    context: Vec<AgentMessage>,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> Result<Vec<AgentMessage>, AgentRunError> {
    match context.last() {
        None => return Err(AgentRunError::NothingToContinue),
        Some(AgentMessage::Assistant(_)) => return Err(AgentRunError::ContinueFromAssistant),
        Some(_) => {}
    }
    hooks.on_event(&AgentEvent::AgentStart).await;
    hooks.on_event(&AgentEvent::TurnStart).await;
    let mut context = context;
    Ok(run_loop(&mut context, Vec::new(), config, hooks, cancel).await)
}

async fn run_loop(
    messages: &mut Vec<AgentMessage>,
    mut new_messages: Vec<AgentMessage>,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> Vec<AgentMessage> {
    // Tools, model or thinking level may change between requests (`prepare_request`).
    let mut config = std::borrow::Cow::Borrowed(config);
    let mut first_turn = true;
    // A `turn_end` boundary asked for one more request (Pi's `explicitContinuation`).
    let mut explicit_continuation = false;
    // The user may have typed while the run was starting.
    let mut pending = hooks.steering_messages().await;
    loop {
        let mut more_tool_calls = true;
        while more_tool_calls || !pending.is_empty() {
            if !first_turn {
                hooks.on_event(&AgentEvent::TurnStart).await;
            }
            first_turn = false;
            for message in pending.drain(..) {
                let message = emit_message(message, hooks).await;
                messages.push(message.clone());
                new_messages.push(message);
            }
            if let Some(update) = hooks.prepare_request().await {
                for message in update.messages {
                    let message = emit_message(message, hooks).await;
                    messages.push(message.clone());
                    new_messages.push(message);
                }
                if let Some(changed) = update.config {
                    config = std::borrow::Cow::Owned(changed);
                }
            }

            let assistant = stream_assistant_response(messages, &config, hooks, cancel).await;
            messages.push(AgentMessage::Assistant(assistant.clone()));
            new_messages.push(AgentMessage::Assistant(assistant.clone()));
            if matches!(
                assistant.stop_reason,
                StopReason::Error | StopReason::Aborted
            ) {
                // The boundary still runs (its entries are recorded); its `continue` is not
                // honoured after an error or abort, as in Pi.
                finish_turn(&assistant, &[], messages, hooks).await;
                hooks
                    .on_event(&tau_protocol::events::turn_end(&assistant, &[]))
                    .await;
                return end(new_messages, hooks).await;
            }

            more_tool_calls = false;
            let mut results = Vec::new();
            if assistant.tool_calls().next().is_some() {
                // A `length` stop may have cut the arguments of every call short.
                let batch = if assistant.stop_reason == StopReason::Length {
                    fail_truncated_calls(&assistant, hooks).await
                } else {
                    execute_tool_calls(&assistant, &config, hooks, cancel).await
                };
                more_tool_calls = !batch.terminate;
                for result in &batch.results {
                    messages.push(AgentMessage::ToolResult(result.clone()));
                    new_messages.push(AgentMessage::ToolResult(result.clone()));
                }
                results = batch.results;
            }
            let boundary = finish_turn(&assistant, &results, messages, hooks).await;
            hooks
                .on_event(&tau_protocol::events::turn_end(&assistant, &results))
                .await;
            explicit_continuation = boundary.continue_run;
            pending = hooks.steering_messages().await;
            if more_tool_calls || !pending.is_empty() {
                explicit_continuation = false;
            }
        }
        pending = hooks.follow_up_messages().await;
        if pending.is_empty() {
            // No natural request is due: a boundary's `continue` makes one context-only turn.
            if !std::mem::take(&mut explicit_continuation) {
                break;
            }
        } else {
            explicit_continuation = false;
        }
    }
    end(new_messages, hooks).await
}

/// Runs the `turn_end` boundary and appends the messages its recorded drafts added.
async fn finish_turn(
    assistant: &tau_protocol::AssistantMessage,
    results: &[tau_protocol::ToolResultMessage],
    messages: &mut Vec<AgentMessage>,
    hooks: &dyn AgentHooks,
) -> crate::hooks::TurnBoundary {
    let turn = crate::hooks::FinishedTurn {
        assistant,
        tool_results: results,
        context: messages,
        message_entry_id: None,
        tool_result_entry_ids: &[],
        pending: &[],
    };
    let mut boundary = hooks.finish_turn(&turn).await;
    messages.append(&mut boundary.messages);
    boundary
}

async fn end(new_messages: Vec<AgentMessage>, hooks: &dyn AgentHooks) -> Vec<AgentMessage> {
    hooks
        .on_event(&AgentEvent::AgentEnd {
            messages: new_messages.clone(),
            will_retry: false,
        })
        .await;
    new_messages
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
