//! The `openai-completions` provider's failure modes against the loopback mock server:
//! HTTP errors, rejected keys, aborts, dropped connections, malformed and incomplete
//! streams, each ending with a Pi-worded error and the right retry verdict.

use std::time::{Duration, Instant};

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{AssistantMessageEvent, StopReason};
use tau_provider::{
    is_retryable_error, ConfigureEndpoint, HttpClient, OpenAiCompletions, Provider, Timeouts,
};
use tau_test_support::{MockReply, MockServer, MockTurn};
use tokio_util::sync::CancellationToken;

use super::openai_completions::{error_text, model, provider, request, run, user_blocks};
use super::support::{collect, final_message, kinds};

#[tokio::test]
async fn server_errors_carry_pis_text_and_are_retryable() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            500,
            json!({"error": {"message": "internal boom", "type": "server_error"}}),
        ),
        MockReply::text_error(503, "upstream unavailable, try later"),
        MockTurn::text("Recovered.").into(),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    // An error before the response: a lone Error event, no Start.
    assert_eq!(kinds(&events), ["error"]);
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(
        error_text(&events),
        r#"500: {"message":"internal boom","type":"server_error"}"#
    );
    assert!(message.content.is_empty());
    assert!(is_retryable_error(message));

    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(error_text(&events), "503 upstream unavailable, try later");
    assert!(is_retryable_error(final_message(&events)));

    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(final_message(&events).text(), "Recovered.");
}

#[tokio::test]
async fn rejected_keys_and_unknown_models_say_what_to_fix() {
    let server = MockServer::start(vec![
        MockReply::json_error(401, json!({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}})),
        MockReply::json_error(404, json!({"error": {"message": "The model `fake-model` does not exist", "type": "invalid_request_error"}})),
        MockReply::json_error(400, json!({"error": {"message": "bad request: context too silly", "type": "invalid_request_error"}})),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        error_text(&events),
        "401: {\"message\":\"Incorrect API key provided\",\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}\n\
         provider fake rejected the API key (HTTP 401); set FAKE_API_KEY or pass --api-key"
    );
    assert!(!is_retryable_error(final_message(&events)));

    let events = run(&server, vec![user_blocks("hi")]).await;
    let text = error_text(&events);
    assert!(
        text.starts_with("404: {\"message\":\"The model `fake-model` does not exist\""),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "model fake-model or its endpoint was not found at {}/chat/completions",
            server.base_url()
        )),
        "{text}"
    );
    assert!(!is_retryable_error(final_message(&events)));

    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        error_text(&events),
        r#"400: {"message":"bad request: context too silly","type":"invalid_request_error"}"#
    );
    assert!(!is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn cancelling_a_slow_stream_aborts_promptly_and_keeps_the_partial_text() {
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
    assert_eq!(
        message.error_message.as_deref(),
        Some("Request was aborted")
    );
    assert_eq!(message.text(), "one two ");
    // pi-ai closes the blocks before reporting the abort.
    assert_eq!(
        kinds(&events)[kinds(&events).len() - 2..],
        ["text_end", "error"]
    );
    assert!(!is_retryable_error(message));
}

#[tokio::test]
async fn a_dropped_connection_keeps_the_partial_content_and_is_retryable() {
    // Events: role, 3 text pieces, then the connection drops.
    let server = MockServer::start(vec![MockTurn::text("partial answer that never ends")
        .dropping_after(4)
        .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(message.text(), "partial answer that neve");
    let text = error_text(&events);
    assert!(
        text.starts_with("Connection lost while streaming the response: "),
        "{text}"
    );
    assert!(is_retryable_error(message), "{text}");
    // A transport failure ends at once: no block end events.
    assert_eq!(kinds(&events).last().map(String::as_str), Some("error"));
    assert!(!kinds(&events).contains(&"text_end".to_owned()));
}

#[tokio::test]
async fn a_malformed_chunk_ends_the_stream_with_the_sdk_message() {
    let server = MockServer::start(vec![MockTurn::text("good start, bad end")
        .malformed_at(2)
        .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Error);
    assert_eq!(
        error_text(&events),
        "Error reading response: malformed server-sent event JSON."
    );
    assert_eq!(message.text(), "good sta");
    assert!(!is_retryable_error(message));
}

#[tokio::test]
async fn incomplete_and_filtered_streams_close_their_blocks_then_fail() {
    let server = MockServer::start(vec![
        MockReply::Raw {
            chunks: vec![json!({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "fake-model",
                "choices": [{"index": 0, "delta": {"role": "assistant", "content": "partial "}, "finish_reason": null}]})],
            done: false,
            delay_ms: 0,
        },
        MockTurn::text("partial answ").with_finish("content_filter").into(),
        MockTurn::text("This answer was cut").with_finish("length").into(),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(
        kinds(&events),
        ["start", "text_start", "text_delta", "text_end", "error"]
    );
    let message = final_message(&events);
    assert_eq!(error_text(&events), "Stream ended without finish_reason");
    assert_eq!(
        (message.text().as_str(), message.response_id.as_deref()),
        ("partial ", Some("c1"))
    );
    assert!(is_retryable_error(message));

    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(
        error_text(&events),
        "Provider finish_reason: content_filter"
    );
    assert_eq!(
        message.extra.get("rawStopReason"),
        Some(&json!("content_filter"))
    );
    assert_eq!(message.text(), "partial answ");
    assert_eq!(message.usage.total_tokens, 120);
    assert!(!is_retryable_error(message));

    let events = run(&server, vec![user_blocks("hi")]).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Length);
    assert!(matches!(
        events.last(),
        Some(AssistantMessageEvent::Done {
            reason: StopReason::Length,
            ..
        })
    ));
}

#[tokio::test]
async fn an_error_reported_inside_the_stream_keeps_its_text() {
    let server = MockServer::start(vec![MockTurn {
        stream_error: Some("Overloaded".into()),
        ..MockTurn::text("half")
    }
    .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let message = final_message(&events);
    assert_eq!(error_text(&events), "Overloaded");
    assert_eq!(message.text(), "half");
    assert!(is_retryable_error(message));
}

#[tokio::test]
async fn connection_refused_is_worded_like_node_and_retryable() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let base_url = format!("http://127.0.0.1:{port}/v1");
    let events = collect(
        &provider(),
        request(model(&base_url), vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(
        error_text(&events),
        format!("Connection error.: connect ECONNREFUSED 127.0.0.1:{port}")
    );
    assert!(is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn a_missing_key_fails_without_a_request() {
    let server = MockServer::start(vec![MockTurn::text("never").into()])
        .await
        .unwrap();
    let provider = OpenAiCompletions::new(HttpClient::new(Timeouts::default()).unwrap());
    let events = collect(
        &provider,
        request(model(&server.base_url()), vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        error_text(&events),
        "No API key for provider: fake\nset the apiKey of provider fake in models.json or pass --api-key"
    );
    assert_eq!(server.request_count(), 0);

    // A key on the request wins over the provider's, and model headers apply.
    let mut model = model(&server.base_url());
    model.headers = Some(serde_json::from_value(json!({"X-Extra": "1"})).unwrap());
    let mut request = request(model, vec![user_blocks("hi")]);
    request.api_key = Some("sk-request".into());
    let events = collect(&provider, request, CancellationToken::new()).await;
    assert_eq!(final_message(&events).text(), "never");
    let recorded = &server.requests()[0];
    assert_eq!(recorded.header("authorization"), Some("Bearer sk-request"));
    assert_eq!(recorded.header("x-extra"), Some("1"));
}

#[tokio::test]
async fn a_stalled_stream_hits_the_idle_timeout() {
    let server = MockServer::start(vec![MockTurn::text("slow words here")
        .with_delay_ms(1500)
        .into()])
    .await
    .unwrap();
    let client = HttpClient::new(Timeouts {
        idle: Duration::from_millis(300),
        ..Timeouts::default()
    })
    .unwrap();
    let provider = OpenAiCompletions::new(client).with_api_key("k");
    let events = collect(
        &provider,
        request(model(&server.base_url()), vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(error_text(&events), "Stream timed out: no data for 0.3 s");
    assert!(is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn an_already_cancelled_request_is_aborted_without_sending() {
    let server = MockServer::start(vec![MockTurn::text("never").into()])
        .await
        .unwrap();
    let cancel = CancellationToken::new();
    cancel.cancel();
    let events = collect(
        &provider(),
        request(model(&server.base_url()), vec![user_blocks("hi")]),
        cancel,
    )
    .await;
    assert_eq!(kinds(&events), ["error"]);
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Aborted);
    assert_eq!(
        message.error_message.as_deref(),
        Some("Request was aborted")
    );
    assert_eq!(server.request_count(), 0);
}
