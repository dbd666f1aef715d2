//! The `bedrock-converse-stream` provider against the loopback mock server, which speaks
//! Bedrock's binary event-stream framing: the request (path, bearer auth, body), the stream
//! events as pi-ai 1.6.0 reads them (reasoning with its signature, text, tool uses, usage),
//! exceptions in the stream, HTTP errors, a broken frame, a cut connection and an abort.

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel};
use tau_provider::{Bedrock, ConfigureEndpoint, HttpClient, Provider, ProviderRequest, Timeouts};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, user};

pub fn model(base_url: &str) -> Model {
    serde_json::from_value(json!({
        "id": "anthropic.claude-sonnet-4-5-20250929-v1:0", "name": "Claude Sonnet 4.5",
        "api": "bedrock-converse-stream", "provider": "amazon-bedrock", "baseUrl": base_url,
        "reasoning": true, "input": ["text", "image"],
        "cost": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75},
        "contextWindow": 200_000, "maxTokens": 64000
    }))
    .unwrap()
}

pub fn provider() -> Bedrock {
    // A Bedrock API key: bearer auth, so the test needs no AWS variables.
    Bedrock::new(HttpClient::new(Timeouts::default()).unwrap()).with_api_key("bedrock-key")
}

fn request(base_url: &str) -> ProviderRequest {
    ProviderRequest {
        model: model(base_url),
        system_prompt: "S".into(),
        messages: vec![user("hi")],
        tools: Vec::new(),
        thinking_level: ThinkingLevel::Off,
        api_key: None,
        hooks: None,
        session_id: None,
        no_cache_retention: false,
    }
}

async fn run(server: &MockServer) -> Vec<AssistantMessageEvent> {
    collect(
        &provider(),
        request(&server.url()),
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

#[tokio::test]
async fn a_reasoning_tool_turn_streams_as_pi_ai_reads_it() {
    let turn = MockTurn::tool_calls([MockToolCall::new("t1", "read", json!({"path": "a"}))])
        .with_thinking("hmm")
        .with_usage(Some(MockUsage {
            input: 10,
            output: 5,
            cache_read: 4,
            cache_write: 2,
            ..MockUsage::default()
        }));
    let turn = MockTurn {
        text: Some("Hi".into()),
        thinking_signature: Some("SIG".into()),
        ..turn
    };
    let server = MockServer::start(vec![MockReply::Turn(Box::new(turn))])
        .await
        .unwrap();
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
    assert_eq!(
        received.path,
        "/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream"
    );
    assert_eq!(received.header("authorization"), Some("Bearer bedrock-key"));
    assert_eq!(received.header("content-type"), Some("application/json"));
    assert_eq!(
        received.body,
        r#"{"messages":[{"role":"user","content":[{"text":"hi"},{"cachePoint":{"type":"default"}}]}],"system":[{"text":"S"},{"cachePoint":{"type":"default"}}],"inferenceConfig":{"maxTokens":64000}}"#
    );
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!(message.extra.get("rawStopReason"), Some(&json!("tool_use")));
    assert_eq!(
        message.content[0],
        ContentBlock::Thinking {
            thinking: "hmm".into(),
            thinking_signature: Some("SIG".into()),
            redacted: None
        }
    );
    let ContentBlock::ToolCall(call) = &message.content[2] else {
        panic!("{:?}", message.content)
    };
    assert_eq!(
        (call.id.as_str(), &call.arguments),
        ("t1", &json!({"path": "a"}))
    );
    assert_eq!(
        (
            message.usage.input,
            message.usage.output,
            message.usage.cache_read
        ),
        (10, 5, 4)
    );
    assert_eq!(
        (message.usage.cache_write, message.usage.total_tokens),
        (2, 21)
    );
    assert!(message.usage.cost.total > 0.0);
}

#[tokio::test]
async fn reasoning_levels_become_claude_thinking_fields() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text("ok")))])
        .await
        .unwrap();
    let mut request = request(&server.url());
    request.thinking_level = ThinkingLevel::High;
    let events = collect(&provider(), request, CancellationToken::new()).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Stop);
    assert_eq!(
        server.requests()[0].json()["additionalModelRequestFields"],
        json!({"thinking": {"type": "enabled", "budget_tokens": 16384, "display": "summarized"},
            "anthropic_beta": ["interleaved-thinking-2025-05-14"]})
    );
}

#[tokio::test]
async fn an_exception_in_the_stream_keeps_the_content_and_reads_as_pi_ai() {
    let turn = MockTurn {
        stream_error: Some("overloaded".into()),
        ..MockTurn::text("partial")
    };
    let server = MockServer::start(vec![MockReply::Turn(Box::new(turn))])
        .await
        .unwrap();
    let events = run(&server).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(error_text(&events), "Internal server error: overloaded");
    assert_eq!(message.content[0].as_text(), Some("partial"));
}

#[tokio::test]
async fn a_stream_without_a_stop_reason_or_with_an_odd_one_fails() {
    let server = MockServer::start(vec![
        MockReply::Turn(Box::new(MockTurn::text("x").with_finish("none"))),
        MockReply::Turn(Box::new(
            MockTurn::text("x").with_finish("guardrail_intervened"),
        )),
    ])
    .await
    .unwrap();
    assert_eq!(
        error_text(&run(&server).await),
        "Bedrock stream ended without a stop reason"
    );
    let events = run(&server).await;
    assert_eq!(
        error_text(&events),
        "Provider stopped with: guardrail_intervened"
    );
    assert_eq!(
        final_message(&events).extra.get("rawStopReason"),
        Some(&json!("guardrail_intervened"))
    );
}

#[tokio::test]
async fn http_errors_read_as_the_sdk_words_them() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            400,
            json!({"error": {"message": "The model id is invalid."}}),
        ),
        MockReply::json_error(429, json!({"error": {"message": "Too many requests"}})),
    ])
    .await
    .unwrap();
    assert_eq!(
        error_text(&run(&server).await),
        "Validation error: The model id is invalid."
    );
    let events = run(&server).await;
    assert_eq!(error_text(&events), "Throttling error: Too many requests");
    assert_eq!(final_message(&events).stop_reason, StopReason::Error);
}

#[tokio::test]
async fn a_corrupt_frame_or_a_cut_connection_ends_with_an_error() {
    let server = MockServer::start(vec![
        MockReply::Turn(Box::new(MockTurn::text("hello world").malformed_at(1))),
        MockReply::Turn(Box::new(MockTurn::text("hello world").dropping_after(2))),
    ])
    .await
    .unwrap();
    let events = run(&server).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Error);
    assert!(!error_text(&events).is_empty());
    let events = run(&server).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Error);
    assert_eq!(
        final_message(&events).content[0].as_text(),
        Some("hello wo")
    );
}

#[tokio::test]
async fn missing_credentials_say_what_to_set() {
    let server = MockServer::start(vec![]).await.unwrap();
    let provider = Bedrock::new(HttpClient::new(Timeouts::default()).unwrap());
    let mut request = request(&server.url());
    // What the registry stands in when the environment signs in; here nothing does.
    request.api_key = Some("<authenticated>".into());
    if std::env::var_os("AWS_ACCESS_KEY_ID").is_some()
        || std::env::var_os("AWS_BEARER_TOKEN_BEDROCK").is_some()
        || std::env::var_os("AWS_BEDROCK_SKIP_AUTH").is_some()
        || std::env::var_os("AWS_SHARED_CREDENTIALS_FILE").is_some()
        || std::env::var_os("HOME")
            .is_some_and(|home| std::path::Path::new(&home).join(".aws").exists())
    {
        return; // The machine's own AWS setup would sign the request.
    }
    let events = collect(&provider, request, CancellationToken::new()).await;
    let text = error_text(&events);
    assert!(
        text.contains("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"),
        "{text}"
    );
    assert!(server.requests().is_empty());
}

#[tokio::test]
async fn an_abort_before_the_response_reads_as_pi_ai() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text("late")))])
        .await
        .unwrap();
    let cancel = CancellationToken::new();
    cancel.cancel();
    let events = collect(&provider(), request(&server.url()), cancel).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Aborted);
    // Recorded from pi-ai 1.6.0 (an abort while waiting for the response headers).
    assert_eq!(
        message.error_message.as_deref(),
        Some("Request aborted: This operation was aborted (20)")
    );
}

#[tokio::test]
async fn an_abort_mid_stream_reads_as_pi_ai() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(
        MockTurn::text("a long answer that streams slowly").with_delay_ms(50),
    ))])
    .await
    .unwrap();
    let cancel = CancellationToken::new();
    let mut stream = provider().stream(request(&server.url()), cancel.clone());
    let mut last = None;
    while let Some(event) = stream.next().await {
        if matches!(event, AssistantMessageEvent::TextDelta { .. }) {
            cancel.cancel();
        }
        last = Some(event);
    }
    let Some(AssistantMessageEvent::Error { reason, error }) = last else {
        panic!("{last:?}")
    };
    assert_eq!(reason, StopReason::Aborted);
    // Recorded from pi-ai 1.6.0: the SDK's text for an abort while the stream is read.
    assert_eq!(error.error_message.as_deref(), Some("aborted"));
    assert!(error.content[0]
        .as_text()
        .is_some_and(|text| text.starts_with("a long")));
}
