//! How the `openai-responses` provider fails: HTTP errors worded as pi-ai words them
//! (`OpenAI API error (500): …`) and classified for retry, rejected keys, aborts, dropped
//! connections, malformed events, `response.failed`, `error` events and incomplete responses.

use std::time::{Duration, Instant};

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{AssistantMessageEvent, StopReason};
use tau_provider::{is_retryable_error, ConfigureEndpoint, Provider};
use tau_test_support::{MockReply, MockServer, MockTurn};
use tokio_util::sync::CancellationToken;

use super::super::support::{final_message, kinds};
use super::{error_text, model, provider, request, run, user_blocks};

#[tokio::test]
async fn server_errors_and_rate_limits_carry_pis_text_and_are_retryable() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            500,
            json!({"error": {"message": "internal boom", "type": "server_error"}}),
        ),
        MockReply::json_error(
            429,
            json!({"error": {"message": "Rate limit reached for gpt-5", "type": "requests",
                "code": "rate_limit_exceeded"}}),
        ),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(
        error_text(&events),
        r#"OpenAI API error (500): {"message":"internal boom","type":"server_error"}"#
    );
    assert!(is_retryable_error(final_message(&events)));
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        error_text(&events),
        r#"OpenAI API error (429): {"message":"Rate limit reached for gpt-5","type":"requests","code":"rate_limit_exceeded"}"#
    );
    assert!(is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn a_rejected_key_names_the_provider_and_the_variable() {
    let server = MockServer::start(vec![MockReply::json_error(
        401,
        json!({"error": {"message": "Incorrect API key provided: sk-test-key.",
            "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}}),
    )])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let text = error_text(&events);
    assert_eq!(
        text,
        "OpenAI API error (401): {\"message\":\"Incorrect API key provided: sk-test-key.\",\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"invalid_api_key\"}\n\
         provider openai rejected the API key (HTTP 401); set OPENAI_API_KEY or pass --api-key"
    );
    assert!(!is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn a_missing_key_fails_without_a_request() {
    let server = MockServer::start(Vec::new()).await.unwrap();
    let provider = tau_provider::OpenAiResponses::new(
        tau_provider::HttpClient::new(tau_provider::Timeouts::default()).unwrap(),
    )
    .with_key_hint("set OPENAI_API_KEY or pass --api-key");
    let events = super::super::support::collect(
        &provider,
        request(model(&server.base_url()), vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        error_text(&events),
        "No API key for provider: openai\nset OPENAI_API_KEY or pass --api-key"
    );
    assert_eq!(server.request_count(), 0);
}

#[tokio::test]
async fn cancelling_mid_stream_aborts_promptly_and_keeps_the_partial_text() {
    let server = MockServer::start(vec![MockTurn::text(
        "one two three four five six seven eight nine ten",
    )
    .with_delay_ms(300)
    .into()])
    .await
    .unwrap();
    let cancel = CancellationToken::new();
    let mut stream = provider().stream(
        request(model(&server.base_url()), vec![user_blocks("count")]),
        cancel.clone(),
    );
    let mut events = Vec::new();
    let mut cancelled_at = None;
    while let Some(event) = stream.next().await {
        if matches!(event, AssistantMessageEvent::TextDelta { .. }) && cancelled_at.is_none() {
            cancel.cancel();
            cancelled_at = Some(Instant::now());
        }
        events.push(event);
    }
    let waited = cancelled_at.unwrap().elapsed();
    assert!(waited < Duration::from_millis(250), "abort took {waited:?}");
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Aborted);
    // pi-ai's SDK ends the event loop quietly, then finds no terminal event.
    assert_eq!(
        message.error_message.as_deref(),
        Some("OpenAI Responses stream ended before a terminal response event")
    );
    assert_eq!(message.text(), "one two ");
    // The open text block gets no end event, as on pi-ai's exception path.
    assert_eq!(
        kinds(&events)[kinds(&events).len() - 2..],
        ["text_delta", "error"]
    );
    assert!(!is_retryable_error(message));
}

#[tokio::test]
async fn a_dropped_connection_keeps_the_partial_content_and_is_retryable() {
    // Events: created, in_progress, item added, part added, 2 text deltas, then the drop.
    let server = MockServer::start(vec![MockTurn::text("partial answer that never ends")
        .dropping_after(6)
        .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(message.text(), "partial answer t");
    let text = error_text(&events);
    assert!(
        text.starts_with("Connection lost while streaming the response"),
        "{text}"
    );
    assert!(is_retryable_error(message));
}

#[tokio::test]
async fn a_malformed_event_ends_the_stream_with_the_sdk_message() {
    let server = MockServer::start(vec![MockTurn::text("hello there world")
        .malformed_at(5)
        .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        error_text(&events),
        "Error reading response: malformed server-sent event JSON."
    );
    assert_eq!(final_message(&events).text(), "hello th");
    assert!(!is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn response_failed_reports_the_code_and_message() {
    let server = MockServer::start(vec![MockTurn {
        stream_error: Some("The server had an error while processing your request.".into()),
        ..MockTurn::text("Half an ans")
    }
    .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(
        message.error_message.as_deref(),
        Some("server_error: The server had an error while processing your request.")
    );
    assert_eq!(message.text(), "Half an ans");
    assert_eq!(message.extra.get("rawStopReason"), Some(&json!("failed")));
    assert!(is_retryable_error(message));
}

#[tokio::test]
async fn an_error_event_fails_with_its_message() {
    let named = json!({"type": "error", "code": "rate_limit_exceeded",
        "message": "Rate limit reached", "param": null, "sequence_number": 1});
    let server = MockServer::start(vec![MockReply::Raw {
        chunks: vec![
            json!({"type": "response.created", "response": {"id": "resp_1"}}),
            named,
        ],
        done: false,
        delay_ms: 0,
    }])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(kinds(&events), ["start", "error"]);
    assert_eq!(error_text(&events), "Rate limit reached");
    assert!(is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn incomplete_and_unterminated_responses_fail() {
    let server = MockServer::start(vec![
        MockTurn::text("Filtered")
            .with_finish("contentFilter")
            .into(),
        MockTurn::text("No end").with_finish("none").into(),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(
        message.error_message.as_deref(),
        Some("Response incomplete: content_filter")
    );
    assert_eq!(message.text(), "Filtered");
    assert_eq!(
        message.extra.get("rawStopReason"),
        Some(&json!("incomplete.content_filter"))
    );
    assert!(!is_retryable_error(message));
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        error_text(&events),
        "OpenAI Responses stream ended before a terminal response event"
    );
    assert!(is_retryable_error(final_message(&events)));
}
