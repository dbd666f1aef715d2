//! The `mistral-conversations` provider against the loopback mock server: the request as
//! pi-ai 1.6.0 sends it (path, headers, body; recorded by running pi-ai's own provider
//! against a loopback server), Mistral's chunk shapes (thinking chunks, tool calls by
//! index, cached-token usage) and its failures.

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{
    AgentMessage, AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel,
};
use tau_provider::{ConfigureEndpoint, HttpClient, Mistral, Provider, ProviderRequest, Timeouts};
use tau_test_support::{MockReply, MockServer, MockTurn};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, user};

fn model(base_url: &str) -> Model {
    serde_json::from_value(json!({
        "id": "magistral-medium-latest", "name": "Magistral Medium", "api": "mistral-conversations",
        "provider": "mistral", "baseUrl": base_url, "reasoning": true, "input": ["text", "image"],
        "cost": {"input": 2, "output": 5, "cacheRead": 0, "cacheWrite": 0},
        "contextWindow": 128_000, "maxTokens": 40000
    }))
    .unwrap()
}

fn provider() -> Mistral {
    Mistral::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("mk")
        .with_key_hint("set MISTRAL_API_KEY or pass --api-key")
}

fn request(model: Model, messages: Vec<AgentMessage>) -> ProviderRequest {
    ProviderRequest {
        model,
        system_prompt: "S".into(),
        messages,
        tools: Vec::new(),
        thinking_level: ThinkingLevel::High,
        api_key: None,
        hooks: None,
        session_id: None,
        no_cache_retention: false,
    }
}

async fn run(server: &MockServer) -> Vec<AssistantMessageEvent> {
    collect(
        &provider(),
        request(model(&server.url()), vec![user("hi")]),
        CancellationToken::new(),
    )
    .await
}

fn error_text(events: &[AssistantMessageEvent]) -> String {
    final_message(events)
        .error_message
        .clone()
        .unwrap_or_default()
}

/// The reply recorded for pi-ai: thinking chunk, text, a tool call in two pieces (the second
/// with Mistral's `"null"` id) finishing with `tool_calls` and usage with cached tokens.
fn tool_reply() -> MockReply {
    MockReply::Raw {
        chunks: vec![
            json!({"id": "m1", "object": "chat.completion.chunk", "model": "magistral-medium-latest",
                "choices": [{"index": 0, "delta": {"role": "assistant", "content": [
                    {"type": "thinking", "thinking": [{"type": "text", "text": "hmm"}]}]},
                    "finish_reason": null}]}),
            json!({"id": "m1", "choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": null}]}),
            json!({"id": "m1", "choices": [{"index": 0, "delta": {"content": ""}, "finish_reason": null}]}),
            json!({"id": "m1", "choices": [{"index": 0, "delta": {"tool_calls": [{"id": "abcDEF123",
                "function": {"name": "read", "arguments": "{\"path\":"}, "index": 0}]}, "finish_reason": null}]}),
            json!({"id": "m1", "choices": [{"index": 0, "delta": {"tool_calls": [{"id": "null",
                "function": {"name": "read", "arguments": "\"a\"}"}, "index": 0}]}, "finish_reason": "tool_calls"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15,
                    "prompt_tokens_details": {"cached_tokens": 4}}}),
        ],
        done: true,
        delay_ms: 0,
    }
}

#[tokio::test]
async fn a_thinking_tool_turn_streams_as_pi_ai_reads_it() {
    let server = MockServer::start(vec![tool_reply()]).await.unwrap();
    let events = run(&server).await;
    assert_eq!(
        kinds(&events),
        [
            "start",
            "thinking_start",
            "thinking_delta",
            "thinking_end",
            "text_start",
            "text_delta",
            "text_end",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_delta",
            "toolcall_end",
            "done"
        ]
    );
    let received = &server.requests()[0];
    assert_eq!(received.path, "/v1/chat/completions");
    assert_eq!(received.header("authorization"), Some("Bearer mk"));
    assert_eq!(received.header("accept"), Some("text/event-stream"));
    assert_eq!(
        received.json(),
        json!({"model": "magistral-medium-latest", "stream": true,
            "messages": [{"role": "system", "content": "S"}, {"role": "user", "content": "hi"}],
            "max_tokens": 40000, "prompt_mode": "reasoning"})
    );
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!(
        message.extra.get("rawStopReason"),
        Some(&json!("tool_calls"))
    );
    assert_eq!(message.response_id.as_deref(), Some("m1"));
    assert_eq!(
        (
            message.usage.input,
            message.usage.output,
            message.usage.cache_read,
            message.usage.total_tokens
        ),
        (6, 5, 4, 15)
    );
    assert!((message.usage.cost.total - (6.0 * 2.0 + 5.0 * 5.0) / 1e6).abs() < 1e-12);
    let ContentBlock::ToolCall(call) = &message.content[2] else {
        panic!("{message:?}");
    };
    assert_eq!(
        (call.id.as_str(), &call.arguments),
        ("abcDEF123", &json!({"path": "a"}))
    );
}

#[tokio::test]
async fn failures_read_as_pi_ai_words_them() {
    let server = MockServer::start(vec![
        MockReply::text_error(401, "{\"detail\":\"Unauthorized\"}"),
        MockReply::Raw {
            chunks: vec![json!({"id": "m", "choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": "error"}]})],
            done: true,
            delay_ms: 0,
        },
        MockReply::Raw {
            chunks: vec![json!({"id": "m", "choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": null}]})],
            done: false,
            delay_ms: 0,
        },
        MockReply::Raw {
            chunks: vec![json!({"id": "m"})],
            done: true,
            delay_ms: 0,
        },
        MockTurn::text("Hello").with_finish("model_length").into(),
    ])
    .await
    .unwrap();
    let events = run(&server).await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(
        error_text(&events),
        "Mistral API error (401): {\"detail\":\"Unauthorized\"}\n\
         provider mistral rejected the API key (HTTP 401); set MISTRAL_API_KEY or pass --api-key"
    );
    let events = run(&server).await;
    assert_eq!(
        kinds(&events),
        ["start", "text_start", "text_delta", "text_end", "error"]
    );
    assert_eq!(
        error_text(&events),
        "Provider stopped with: error (server error)"
    );
    assert!(tau_provider::is_retryable_error(final_message(&events)));
    let events = run(&server).await;
    assert_eq!(
        error_text(&events),
        "Mistral stream ended without a finish reason"
    );
    assert_eq!(final_message(&events).content[0].as_text(), Some("Hi"));
    let events = run(&server).await;
    assert_eq!(error_text(&events), "Invalid Mistral streaming event");
    let events = run(&server).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Length);

    let keyless = Mistral::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_key_hint("set MISTRAL_API_KEY or pass --api-key");
    let events = collect(
        &keyless,
        request(model(&server.url()), vec![user("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        error_text(&events),
        "No API key for provider: mistral\nset MISTRAL_API_KEY or pass --api-key"
    );
    assert_eq!(server.request_count(), 5);
}

#[tokio::test]
async fn an_abort_keeps_the_partial_text() {
    // One chunk a minute: only the abort can end this stream in time.
    let chunk = |text: &str| json!({"id": "m", "choices": [{"index": 0, "delta": {"content": text}, "finish_reason": null}]});
    let server = MockServer::start(vec![MockReply::Raw {
        chunks: vec![chunk("Hello th"), chunk("ere friend")],
        done: true,
        delay_ms: 60_000,
    }])
    .await
    .unwrap();
    let cancel = CancellationToken::new();
    let mut stream = provider().stream(
        request(model(&server.url()), vec![user("hi")]),
        cancel.clone(),
    );
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        if matches!(event, AssistantMessageEvent::TextDelta { .. }) {
            cancel.cancel();
        }
        events.push(event);
    }
    assert_eq!(
        kinds(&events),
        ["start", "text_start", "text_delta", "error"]
    );
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Aborted);
    assert_eq!(
        message.error_message.as_deref(),
        Some("This operation was aborted")
    );
    assert_eq!(message.content[0].as_text(), Some("Hello th"));
}
