//! Helpers shared by the suite: requests, tool results and event collection.

use futures::StreamExt;
use serde_json::Map;
use tau_protocol::{
    AgentMessage, AssistantMessage, AssistantMessageEvent, ContentBlock, ThinkingLevel,
    ToolResultMessage, UserMessage,
};
use tau_provider::{scripted_model, Provider, ProviderRequest};
use tokio_util::sync::CancellationToken;

/// A request to the scripted model with `messages`.
pub fn request(messages: Vec<AgentMessage>) -> ProviderRequest {
    ProviderRequest {
        model: scripted_model("test"),
        system_prompt: "You are a helpful assistant.".into(),
        messages,
        tools: Vec::new(),
        thinking_level: ThinkingLevel::Off,
        api_key: None,
        hooks: None,
        session_id: None,
        no_cache_retention: false,
    }
}

/// A user message.
pub fn user(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage::text(text))
}

/// A tool result answering `tool_call_id`.
pub fn tool_result(
    tool_call_id: &str,
    tool_name: &str,
    text: &str,
    is_error: bool,
) -> AgentMessage {
    AgentMessage::ToolResult(ToolResultMessage {
        tool_call_id: tool_call_id.into(),
        tool_name: tool_name.into(),
        content: vec![ContentBlock::text(text)],
        details: None,
        usage: None,
        is_error,
        duration_ms: None,
        timestamp: 0,
        extra: Map::new(),
    })
}

/// Every event of one streamed response.
pub async fn collect(
    provider: &dyn Provider,
    request: ProviderRequest,
    cancel: CancellationToken,
) -> Vec<AssistantMessageEvent> {
    provider.stream(request, cancel).collect().await
}

/// The final message of a stream, from its `Done` or `Error` event.
pub fn final_message(events: &[AssistantMessageEvent]) -> &AssistantMessage {
    match events.last() {
        Some(AssistantMessageEvent::Done { message, .. }) => message,
        Some(AssistantMessageEvent::Error { error, .. }) => error,
        other => panic!("stream did not end with done or error: {other:?}"),
    }
}

/// The `type` tag of each event.
pub fn kinds(events: &[AssistantMessageEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            serde_json::to_value(e).unwrap()["type"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// Plays the next turn against `messages` and appends the assistant message it produced.
pub async fn play(provider: &dyn Provider, messages: &mut Vec<AgentMessage>) -> AssistantMessage {
    let events = collect(
        provider,
        request(messages.clone()),
        CancellationToken::new(),
    )
    .await;
    let message = final_message(&events).clone();
    messages.push(AgentMessage::Assistant(message.clone()));
    message
}
