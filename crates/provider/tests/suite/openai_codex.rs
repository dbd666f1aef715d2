//! The `openai-codex-responses` api against the loopback mock server: the request as pi-ai
//! 1.6.0 sends it to ChatGPT's Codex backend (`…/codex/responses`, the access token and its
//! account id, Codex headers and body; compared byte for byte with pi-ai's own in
//! `pi_ai_differential.rs`), the Responses stream read as pi-ai's Codex mapping reads it,
//! and failures worded as pi-ai words them.

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel};
use tau_provider::{
    is_retryable_error, ConfigureEndpoint, HttpClient, OpenAiCodex, Provider, ProviderRequest,
    Timeouts,
};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::openai_responses::{request, user_blocks};
use super::support::{collect, final_message, kinds};

/// An access token for ChatGPT account `acct-test-1` (an unsigned JWT).
const TOKEN: &str = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJodHRwczovL2FwaS5vcGVuYWkuY29tL2F1dGgiOnsiY2hhdGdwdF9hY2NvdW50X2lkIjoiYWNjdC10ZXN0LTEifSwiZXhwIjo0MDAwMDAwMDAwfQ.sig";

/// A Codex model like the catalogue's, served at `base_url`.
fn model(base_url: &str) -> Model {
    Model {
        id: "gpt-5.6-sol".into(),
        api: "openai-codex-responses".into(),
        provider: "openai-codex".into(),
        compat: None,
        thinking_level_map: Some(json!({"minimal": "low", "xhigh": "xhigh", "max": "max"})),
        ..super::openai_responses::model(base_url)
    }
}

fn provider() -> OpenAiCodex {
    OpenAiCodex::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_key_hint("sign in to ChatGPT (openai-codex) first")
}

fn ask(server: &MockServer, text: &str) -> ProviderRequest {
    ProviderRequest {
        api_key: Some(TOKEN.into()),
        ..request(model(&server.url()), vec![user_blocks(text)])
    }
}

async fn run(server: &MockServer) -> Vec<AssistantMessageEvent> {
    collect(&provider(), ask(server, "hi"), CancellationToken::new()).await
}

fn error_text(events: &[AssistantMessageEvent]) -> String {
    final_message(events)
        .error_message
        .clone()
        .unwrap_or_default()
}

fn raw(chunks: Vec<Value>) -> MockReply {
    MockReply::Raw {
        chunks,
        done: false,
        delay_ms: 0,
    }
}

#[tokio::test]
async fn a_turn_with_reasoning_text_and_a_tool_call_streams_with_usage() {
    let server = MockServer::start(vec![MockTurn {
        tool_calls: vec![MockToolCall::new("call_1", "read", json!({"path": "a"}))],
        usage: Some(Some(MockUsage {
            input: 100,
            output: 20,
            cache_read: 40,
            reasoning: 5,
            ..MockUsage::default()
        })),
        ..MockTurn::text("Reading.").with_thinking("Look first.")
    }
    .into()])
    .await
    .unwrap();
    let mut request = ask(&server, "hi");
    request.thinking_level = ThinkingLevel::High;
    let events = collect(&provider(), request, CancellationToken::new()).await;
    let received = &server.requests()[0];
    assert_eq!(received.path, "/codex/responses");
    assert_eq!(
        received.header("authorization"),
        Some(&*format!("Bearer {TOKEN}"))
    );
    assert_eq!(received.header("chatgpt-account-id"), Some("acct-test-1"));
    assert_eq!(received.header("originator"), Some("pi"));
    assert_eq!(
        received.header("openai-beta"),
        Some("responses=experimental")
    );
    assert_eq!(received.header("accept"), Some("text/event-stream"));
    let body = received.json();
    assert_eq!(body["store"], json!(false));
    assert_eq!(body["text"], json!({"verbosity": "low"}));
    assert_eq!(body["include"], json!(["reasoning.encrypted_content"]));
    assert_eq!(
        body["reasoning"],
        json!({"effort": "high", "summary": "auto"})
    );
    assert_eq!(body["tools"][0]["strict"], Value::Null);
    assert_eq!(kinds(&events)[0], "start");
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse, "{message:?}");
    assert_eq!(message.api, "openai-codex-responses");
    assert_eq!(message.provider, "openai-codex");
    let [ContentBlock::Thinking {
        thinking,
        thinking_signature: Some(signature),
        ..
    }, ContentBlock::Text { text, .. }, ContentBlock::ToolCall(call)] = &message.content[..]
    else {
        panic!("thinking, text and a call: {:?}", message.content);
    };
    assert_eq!(thinking, "Look first.");
    assert!(signature.contains("\"type\":\"reasoning\""), "{signature}");
    assert_eq!(text, "Reading.");
    assert_eq!(call.name, "read");
    assert_eq!(call.arguments, json!({"path": "a"}));
    assert!(call.id.starts_with("call_1|"), "{}", call.id);
    assert_eq!(message.usage.input, 100, "the uncached input");
    assert_eq!(message.usage.cache_read, 40);
    assert_eq!(message.usage.output, 20);
    assert!(message.usage.cost.total > 0.0);
}

#[tokio::test]
async fn response_done_ends_the_response_and_later_events_are_not_read() {
    let server = MockServer::start(vec![raw(vec![
        json!({"type": "response.created", "response": {"id": "resp_1"}}),
        json!({"type": "response.output_item.added", "output_index": 0,
            "item": {"type": "message", "id": "msg_1", "content": []}}),
        json!({"type": "response.output_text.delta", "output_index": 0, "delta": "Hello"}),
        json!({"type": "response.output_item.done", "output_index": 0,
            "item": {"type": "message", "id": "msg_1",
                "content": [{"type": "output_text", "text": "Hello"}]}}),
        json!({"type": "response.done", "response": {"id": "resp_1", "status": "completed",
            "end_turn": true, "usage": {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5}}}),
        json!({"type": "response.output_text.delta", "output_index": 0, "delta": " ignored"}),
    ])])
    .await
    .unwrap();
    let events = run(&server).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Stop, "{message:?}");
    assert_eq!(message.text(), "Hello");
    assert_eq!(message.response_id.as_deref(), Some("resp_1"));
    assert_eq!(message.extra.get("endTurn"), Some(&json!(true)));
    assert_eq!(message.usage.total_tokens, 5);
}

#[tokio::test]
async fn an_incomplete_response_stops_for_length_or_fails_with_its_reason() {
    let incomplete = |reason: &str| {
        raw(vec![
            json!({"type": "response.incomplete", "response": {"status": "incomplete",
            "incomplete_details": {"reason": reason}}}),
        ])
    };
    let server = MockServer::start(vec![
        incomplete("max_output_tokens"),
        incomplete("content_filter"),
    ])
    .await
    .unwrap();
    assert_eq!(
        final_message(&run(&server).await).stop_reason,
        StopReason::Length
    );
    let events = run(&server).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Error);
    assert_eq!(error_text(&events), "Response incomplete: content_filter");
}

#[tokio::test]
async fn error_events_fail_the_response_keeping_the_text_so_far() {
    let text = |delta: &str| {
        vec![
            json!({"type": "response.output_item.added", "output_index": 0,
                "item": {"type": "message", "id": "msg_1", "content": []}}),
            json!({"type": "response.output_text.delta", "output_index": 0, "delta": delta}),
        ]
    };
    let mut failing = text("Part");
    failing.push(json!({"type": "error", "code": "server_error", "message": "Upstream broke"}));
    let mut failed = text("Half");
    failed.push(
        json!({"type": "response.failed", "response": {"status": "failed",
        "error": {"code": "server_error", "message": "The model failed"}}}),
    );
    let server = MockServer::start(vec![raw(failing), raw(failed)])
        .await
        .unwrap();
    let events = run(&server).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(message.text(), "Part");
    assert_eq!(error_text(&events), "Codex error: Upstream broke");
    let events = run(&server).await;
    assert_eq!(final_message(&events).text(), "Half");
    assert_eq!(error_text(&events), "The model failed");
}

#[tokio::test]
async fn http_errors_use_pi_ai_wording_and_the_usage_limit_is_not_retried() {
    let error = |status: u16, body: Value| MockReply::Error {
        status,
        body,
        headers: Vec::new(),
    };
    let server = MockServer::start(vec![
        error(
            429,
            json!({"error": {"code": "usage_limit_reached", "plan_type": "PLUS",
            "message": "The usage limit has been reached"}}),
        ),
        error(
            401,
            json!({"error": {"message": "Your authentication token has expired."}}),
        ),
        error(500, json!("")),
    ])
    .await
    .unwrap();
    let events = run(&server).await;
    let message = final_message(&events);
    assert_eq!(kinds(&events), ["error"], "no start before the response");
    assert_eq!(
        error_text(&events),
        "You have hit your ChatGPT usage limit (plus plan)."
    );
    assert!(!is_retryable_error(message));
    let events = run(&server).await;
    let text = error_text(&events);
    assert!(
        text.starts_with("Your authentication token has expired.\n")
            && text.contains("sign in to ChatGPT (openai-codex) first"),
        "{text}"
    );
    let events = run(&server).await;
    assert_eq!(error_text(&events), "Internal Server Error");
    assert!(is_retryable_error(final_message(&events)));
    assert_eq!(
        server.request_count(),
        3,
        "pi-ai's Codex provider retries nothing itself"
    );
}

#[tokio::test]
async fn a_missing_or_accountless_token_fails_before_any_request() {
    let server = MockServer::start(Vec::new()).await.unwrap();
    let mut request = ask(&server, "hi");
    request.api_key = None;
    let events = collect(&provider(), request, CancellationToken::new()).await;
    assert_eq!(
        error_text(&events),
        "No API key for provider: openai-codex\nsign in to ChatGPT (openai-codex) first"
    );
    let mut request = ask(&server, "hi");
    request.api_key = Some("sk-not-a-jwt".into());
    let events = collect(&provider(), request, CancellationToken::new()).await;
    assert!(
        error_text(&events).starts_with("Failed to extract accountId from token\n"),
        "{}",
        error_text(&events)
    );
    assert_eq!(server.request_count(), 0);
}

#[tokio::test]
async fn an_abort_mid_stream_reads_request_was_aborted_and_keeps_the_text() {
    let server = MockServer::start(vec![MockTurn::text("one two three four five six")
        .with_delay_ms(200)
        .into()])
    .await
    .unwrap();
    let cancel = CancellationToken::new();
    let mut stream = provider().stream(ask(&server, "count"), cancel.clone());
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        if matches!(event, AssistantMessageEvent::TextDelta { .. }) {
            cancel.cancel();
        }
        events.push(event);
    }
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Aborted);
    assert_eq!(
        message.error_message.as_deref(),
        Some("Request was aborted")
    );
    assert!(!message.text().is_empty(), "{message:?}");
}

#[tokio::test]
async fn a_cut_connection_keeps_the_partial_text_and_is_retryable() {
    // Events: created, in_progress, item added, part added, 2 text deltas, then the drop.
    let server = MockServer::start(vec![MockTurn::text("partial answer that never ends")
        .dropping_after(6)
        .into()])
    .await
    .unwrap();
    let events = run(&server).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(message.text(), "partial answer t");
    assert!(is_retryable_error(message), "{:?}", message.error_message);
}

#[tokio::test]
async fn malformed_event_json_fails_the_response() {
    let server = MockServer::start(vec![raw(vec![
        json!({"type": "response.created", "response": {"id": "r"}}),
        json!("{not json"),
    ])])
    .await
    .unwrap();
    let events = run(&server).await;
    assert!(
        error_text(&events).starts_with("Invalid Codex SSE JSON: "),
        "{}",
        error_text(&events)
    );
}
