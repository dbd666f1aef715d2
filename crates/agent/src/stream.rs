//! Streaming one assistant response: request the provider, forward its events as
//! `message_start` / `message_update` / `message_end`, return the final message.

use futures::StreamExt;
use tau_protocol::{AgentEvent, AgentMessage, AssistantMessage, AssistantMessageEvent, StopReason};
use tau_provider::ProviderRequest;
use tokio_util::sync::CancellationToken;

use crate::config::AgentConfig;
use crate::hooks::AgentHooks;
use crate::llm::convert_to_llm_borrowed;

/// Asks the model for the next assistant message given `messages`.
///
/// Never fails: a stream that ends without `Done`/`Error` (a provider bug) becomes an
/// error message, so the loop always has a terminal message to record.
pub(crate) async fn stream_assistant_response(
    messages: &[AgentMessage],
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> AssistantMessage {
    if cancel.is_cancelled() {
        // Pi asks the provider, which answers an aborted signal at once; skip the round trip.
        let mut message = empty_message(config);
        message.stop_reason = StopReason::Aborted;
        message.error_message = Some(tau_provider::ABORTED_MESSAGE.into());
        return finish(message, false, config, hooks).await;
    }
    // Without context hooks the conversation is read in place: a resumed session can hold
    // tens of megabytes, and the provider serialises it before the stream starts.
    let transformed = hooks.transform_context(messages).await;
    let current = transformed.as_deref().unwrap_or(messages);
    let with_system = crate::with_system::apply(hooks, current, config).await;
    let current = with_system
        .as_ref()
        .map_or(current, |with| with.messages.as_slice());
    let (system_prompt, tools) = match with_system.as_ref().and_then(|with| with.system.clone()) {
        Some(declared) => declared,
        None => (config.system_prompt.clone(), config.declarations()),
    };
    let converted = convert_to_llm_borrowed(current);
    let refs: Vec<&AgentMessage> = converted.iter().map(AsRef::as_ref).collect();
    let request = ProviderRequest {
        model: config.model.clone(),
        system_prompt,
        messages: Vec::new(),
        tools,
        thinking_level: config.thinking_level,
        api_key: config.api_key.clone(),
        hooks: hooks.request_hooks(),
        session_id: config.session_id.clone(),
        no_cache_retention: false,
    };
    let requested = std::time::Instant::now();
    let mut stream = config
        .provider
        .stream_borrowed(request, &refs, cancel.clone());
    drop(refs);
    drop(converted);
    drop(with_system);
    drop(transformed);
    let mut started = false;
    let mut usage = Default::default();
    let mut last_partial: Option<AssistantMessage> = None;
    while let Some(event) = stream.next().await {
        match event {
            AssistantMessageEvent::Start { partial } => {
                started = true;
                usage = partial.usage.clone();
                let message = AgentMessage::Assistant((*partial).clone());
                last_partial = Some(*partial);
                hooks.on_event(&AgentEvent::MessageStart { message }).await;
            }
            AssistantMessageEvent::Done { mut message, .. }
            | AssistantMessageEvent::Error {
                error: mut message, ..
            } => {
                message.duration_ms = Some(requested.elapsed().as_millis() as u64);
                return finish(message, started, config, hooks).await;
            }
            update => {
                if !started {
                    // Pi drops content events that arrive before `start`.
                    continue;
                }
                if let Some(partial) = last_partial.as_mut() {
                    tau_provider::apply(partial, &update);
                    usage = partial.usage.clone();
                }
                hooks
                    .on_event(&AgentEvent::MessageUpdate {
                        usage: usage.clone(),
                        assistant_message_event: update,
                    })
                    .await;
            }
        }
    }
    let mut message = last_partial.unwrap_or_else(|| empty_message(config));
    if cancel.is_cancelled() {
        message.stop_reason = StopReason::Aborted;
        message.error_message = Some(tau_provider::ABORTED_MESSAGE.into());
    } else {
        message.stop_reason = StopReason::Error;
        message.error_message = Some(format!(
            "provider {} ended its stream without a final message",
            config.model.provider
        ));
    }
    finish(message, started, config, hooks).await
}

async fn finish(
    mut message: AssistantMessage,
    started: bool,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
) -> AssistantMessage {
    // Pi records the requested level whichever stream answered.
    message.thinking_level = Some(config.thinking_level.as_str().to_string());
    if !started {
        hooks
            .on_event(&AgentEvent::MessageStart {
                message: AgentMessage::Assistant(message.clone()),
            })
            .await;
    }
    let finalized = hooks
        .finalize_message(AgentMessage::Assistant(message.clone()))
        .await;
    let message = match finalized {
        AgentMessage::Assistant(replaced) => replaced,
        // A hook may only replace an assistant message with another assistant message.
        _ => message,
    };
    hooks
        .on_event(&AgentEvent::MessageEnd {
            message: AgentMessage::Assistant(message.clone()),
        })
        .await;
    message
}

fn empty_message(config: &AgentConfig) -> AssistantMessage {
    AssistantMessage {
        api: config.model.api.clone(),
        provider: config.model.provider.clone(),
        model: config.model.id.clone(),
        timestamp: tau_protocol::now_millis(),
        ..AssistantMessage::default()
    }
}
