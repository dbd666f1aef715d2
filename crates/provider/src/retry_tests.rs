//! Pi's retry and overflow rules on error texts.

use super::*;
use tau_protocol::Usage;

fn failed(text: &str) -> AssistantMessage {
    AssistantMessage {
        stop_reason: StopReason::Error,
        error_message: Some(text.to_owned()),
        ..AssistantMessage::default()
    }
}

#[test]
fn the_patterns_compile() {
    for regex in [
        &QUOTA,
        &RETRYABLE,
        &OVERFLOW,
        &NOT_OVERFLOW,
        &QUOTA_CODE,
        &STATUS_CODE,
        &ERRNO,
        &CEREBRAS_OVERFLOW,
    ] {
        assert!(regex.is_some());
    }
}

#[test]
fn retryable_texts_from_the_captures() {
    for text in [
        r#"500: {"message":"internal boom","type":"server_error"}"#,
        "503 upstream unavailable, try later",
        "Connection error.: connect ECONNREFUSED 127.0.0.1:39999",
        "Stream ended without finish_reason",
        "Overloaded",
        "429 Too Many Requests",
        "read ECONNRESET",
        "terminated",
        "Request timed out.",
    ] {
        assert!(is_retryable_error(&failed(text)), "{text}");
    }
    for text in [
        r#"400: {"message":"bad request: context too silly","type":"invalid_request_error"}"#,
        r#"401: {"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}"#,
        "Provider finish_reason: content_filter",
        "Error reading response: malformed server-sent event JSON.",
        "Request was aborted",
        "",
    ] {
        assert!(!is_retryable_error(&failed(text)), "{text}");
    }
}

#[test]
fn codes_must_stand_alone() {
    assert!(!is_retryable_text("request req_5003a failed validation"));
    assert!(!is_retryable_text("input of 15000 tokens is invalid"));
    assert!(is_retryable_text("upstream said 502."));
    assert!(!is_retryable_text("XECONNRESET_CODE"));
    assert!(is_retryable_text("write EPIPE"));
    // A later standalone code still counts after an embedded one.
    assert!(is_retryable_text("id 15000 then 500 error"));
}

#[test]
fn quota_exhaustion_is_never_retried() {
    assert!(!is_retryable_text(
        r#"429: {"message":"You exceeded your current quota","code":"insufficient_quota"}"#
    ));
    assert!(!is_retryable_text(
        r#"429: {"code":"1308","message":"limit"}"#
    ));
    assert!(is_retryable_text(
        r#"429: {"code":"13080","message":"rate limit"}"#
    ));
}

#[test]
fn only_error_messages_are_retryable() {
    let mut message = failed("Overloaded");
    message.stop_reason = StopReason::Aborted;
    assert!(!is_retryable_error(&message));
    message.stop_reason = StopReason::Stop;
    assert!(!is_retryable_error(&message));
}

#[test]
fn context_overflow() {
    assert!(is_context_overflow(
        &failed("prompt is too long: 213462 tokens > 200000 maximum"),
        0
    ));
    assert!(is_context_overflow(
        &failed(r#"400: {"message":"This model's maximum context length is 8192 tokens"}"#),
        0
    ));
    assert!(is_context_overflow(
        &failed("413 Request Entity Too Large"),
        0
    ));
    assert!(!is_context_overflow(
        &failed("Too many tokens, rate limit exceeded"),
        0
    ));
    assert!(!is_context_overflow(&failed("500: internal"), 0));
    let mut cerebras = failed("400 status code (no body)");
    assert!(!is_context_overflow(&cerebras, 0));
    cerebras.provider = "cerebras".into();
    assert!(is_context_overflow(&cerebras, 0));
    // Silent overflow: a success whose input exceeds the window.
    let silent = AssistantMessage {
        stop_reason: StopReason::Stop,
        usage: Usage {
            input: 90_000,
            cache_read: 20_000,
            ..Usage::default()
        },
        ..AssistantMessage::default()
    };
    assert!(is_context_overflow(&silent, 100_000));
    assert!(!is_context_overflow(&silent, 0));
    let full = AssistantMessage {
        stop_reason: StopReason::Length,
        ..silent
    };
    assert!(is_context_overflow(&full, 110_000));
}
