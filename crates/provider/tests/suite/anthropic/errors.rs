//! Failures of the `anthropic-messages` provider: HTTP errors worded as the Anthropic SDK
//! words them and classified by Pi's retry rule, a missing key, abort, a dropped
//! connection, malformed and `error` events mid-stream, incomplete streams, refusals, and
//! the strict-tool fallback.

use std::time::{Duration, Instant};

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{AssistantMessageEvent, StopReason, ThinkingLevel};
use tau_provider::{
    is_retryable_error, AnthropicMessages, ConfigureEndpoint, HttpClient, Provider, Timeouts,
};
use tau_test_support::{MockReply, MockServer, MockTurn};
use tokio_util::sync::CancellationToken;

use super::{provider, request, run, user_blocks};
use crate::suite::support::{collect, final_message, kinds};

fn error_text(events: &[AssistantMessageEvent]) -> String {
    final_message(events)
        .error_message
        .clone()
        .unwrap_or_default()
}

/// A text turn streamed as: 0 `message_start`, 1 `ping`, 2 `content_block_start`, 3-5 the
/// deltas `Hello th` / `ere, wor` / `ld!`, 6 `content_block_stop`, 7 `message_delta`,
/// 8 `message_stop`.
fn hello() -> MockTurn {
    MockTurn::text("Hello there, world!")
}

#[tokio::test]
async fn rate_limits_and_overload_are_retryable_with_the_sdk_text() {
    let overloaded = json!({"type": "error",
        "error": {"type": "overloaded_error", "message": "Overloaded"}});
    let server = MockServer::start(vec![
        // An OpenAI-shaped body is served in Anthropic's shape.
        MockReply::json_error(
            429,
            json!({"error": {"message": "Rate limit exceeded", "type": "rate_limit_error"}}),
        ),
        MockReply::json_error(529, overloaded.clone()),
        MockReply::text_error(503, "upstream unavailable"),
    ])
    .await
    .unwrap();
    let expected = [
        r#"429 {"type":"error","error":{"type":"rate_limit_error","message":"Rate limit exceeded"}}"#
            .to_owned(),
        format!("529 {overloaded}"),
        "503 upstream unavailable".to_owned(),
    ];
    for text in expected {
        let events = run(&server, vec![user_blocks("hi")]).await;
        assert_eq!(kinds(&events), ["error"]);
        let message = final_message(&events);
        assert_eq!(message.stop_reason, StopReason::Error);
        assert_eq!(error_text(&events), text);
        assert!(is_retryable_error(message), "{text}");
    }
}

#[tokio::test]
async fn a_rejected_or_missing_key_names_the_provider_and_the_variable() {
    let server = MockServer::start(vec![MockReply::json_error(
        401,
        json!({"type": "error",
            "error": {"type": "authentication_error", "message": "invalid x-api-key"}}),
    )])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        error_text(&events),
        "401 {\"type\":\"error\",\"error\":{\"type\":\"authentication_error\",\
         \"message\":\"invalid x-api-key\"}}\nprovider anthropic rejected the API key \
         (HTTP 401); set ANTHROPIC_API_KEY or pass --api-key"
    );
    assert!(!is_retryable_error(final_message(&events)));

    let keyless = AnthropicMessages::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_key_hint("set ANTHROPIC_API_KEY or pass --api-key");
    let events = collect(
        &keyless,
        request(&server, vec![user_blocks("hi")], ThinkingLevel::Off),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        error_text(&events),
        "No API key for provider: anthropic\nset ANTHROPIC_API_KEY or pass --api-key"
    );
    assert_eq!(server.request_count(), 1);
}

#[tokio::test]
async fn cancelling_mid_stream_aborts_promptly_and_keeps_the_partial_text() {
    let server = MockServer::start(vec![hello().with_delay_ms(300).into()])
        .await
        .unwrap();
    let cancel = CancellationToken::new();
    let mut stream = provider().stream(
        request(&server, vec![user_blocks("hi")], ThinkingLevel::Off),
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
    assert_eq!(
        message.error_message.as_deref(),
        Some("Request was aborted")
    );
    assert_eq!(message.text(), "Hello th");
    // pi-ai's abort path reports the error without closing the open block.
    assert_eq!(
        kinds(&events),
        ["start", "text_start", "text_delta", "error"]
    );
    assert!(!is_retryable_error(message));
}

#[tokio::test]
async fn a_dropped_connection_keeps_the_partial_content_and_is_retryable() {
    let server = MockServer::start(vec![hello().dropping_after(5).into()])
        .await
        .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(message.text(), "Hello there, wor");
    assert!(
        error_text(&events).starts_with("Connection lost while streaming the response"),
        "{}",
        error_text(&events)
    );
    assert!(is_retryable_error(message));
}

#[tokio::test]
async fn a_malformed_event_fails_with_pis_parse_message() {
    let server = MockServer::start(vec![hello().malformed_at(4).into()])
        .await
        .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.text(), "Hello th");
    let text = error_text(&events);
    assert!(
        text.starts_with("Could not parse Anthropic SSE event content_block_delta: "),
        "{text}"
    );
    assert!(
        text.ends_with(r#"raw=event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"#),
        "{text}"
    );
    assert!(!is_retryable_error(message));
}

#[tokio::test]
async fn an_error_event_mid_stream_keeps_the_content_and_its_data() {
    let server = MockServer::start(vec![MockTurn {
        stream_error: Some("Overloaded".into()),
        stream_error_type: Some("overloaded_error".into()),
        ..MockTurn::text("Partial answer")
    }
    .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.text(), "Partial answer");
    assert_eq!(
        error_text(&events),
        r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
    );
    assert!(is_retryable_error(message));
}

#[tokio::test]
async fn incomplete_refused_and_unknown_stops_fail_as_in_pi() {
    let server = MockServer::start(vec![
        MockTurn {
            done: false,
            ..hello()
        }
        .into(),
        hello().with_finish("none").into(),
        hello().with_finish("contentFilter").into(),
        hello().with_finish("mystery").into(),
    ])
    .await
    .unwrap();
    let expected = [
        ("Anthropic stream ended before message_stop", true),
        ("Anthropic stream ended without a stop reason", true),
        ("The model refused to complete the request", false),
        ("Unhandled stop reason: mystery", false),
    ];
    for (text, retryable) in expected {
        let events = run(&server, vec![user_blocks("hi")]).await;
        let message = final_message(&events);
        assert_eq!(message.stop_reason, StopReason::Error);
        assert_eq!(error_text(&events), text);
        assert_eq!(message.text(), "Hello there, world!");
        assert_eq!(is_retryable_error(message), retryable, "{text}");
    }
}

#[tokio::test]
async fn strict_tools_rejected_as_too_many_are_resent_non_strict() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            400,
            json!({"type": "error", "error": {"type": "invalid_request_error",
                "message": "Too many strict tools (21). The maximum is 20."}}),
        ),
        MockTurn::text("ok").into(),
        MockTurn::text("again").into(),
        MockTurn::text("other session").into(),
        MockTurn::text("no session").into(),
    ])
    .await
    .unwrap();
    let provider = provider();
    let strict_request = |session: Option<&str>| {
        let mut request = request(&server, vec![user_blocks("hi")], ThinkingLevel::Off);
        request.tools[0].constrained_sampling =
            Some(json!({"type": "json_schema", "strict": "prefer"}));
        request.session_id = session.map(str::to_owned);
        request
    };
    let session = Some("strict-limits-session-a");
    for (asked, answer) in [
        (session, "ok"),
        (session, "again"),
        (Some("strict-limits-session-b"), "other session"),
        (None, "no session"),
    ] {
        let events = collect(&provider, strict_request(asked), CancellationToken::new()).await;
        assert_eq!(final_message(&events).text(), answer);
    }
    let strict: Vec<_> = server
        .requests()
        .iter()
        .map(|request| request.json()["tools"][0].get("strict").cloned())
        .collect();
    // Rejected strict, resent non-strict, and non-strict from then on in that session (as
    // pi-ai remembers it); another session, or none, tries strict again.
    assert_eq!(
        strict,
        [
            Some(json!(true)),
            None,
            None,
            Some(json!(true)),
            Some(json!(true))
        ]
    );
}
