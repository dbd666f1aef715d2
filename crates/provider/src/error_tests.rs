//! Error texts in Pi's shapes and the retry verdict of each variant.

use super::*;
use crate::retry::is_retryable_text;
use pretty_assertions::assert_eq;

fn context() -> ErrorContext {
    ErrorContext {
        provider: "openai".into(),
        model: "gpt-x".into(),
        url: "https://api.openai.com/v1/chat/completions".into(),
        key_hint: Some("set OPENAI_API_KEY or pass --api-key".into()),
    }
}

#[test]
fn http_messages_follow_the_sdk_and_pi() {
    let cases = [
        (
            500,
            r#"{"error":{"message":"internal boom","type":"server_error"}}"#,
            r#"500: {"message":"internal boom","type":"server_error"}"#,
        ),
        (
            503,
            "upstream unavailable, try later",
            "503 upstream unavailable, try later",
        ),
        (502, "", "502 status code (no body)"),
        (
            404,
            r#"{"error":"model 'x' not found"}"#,
            r#"404 "model 'x' not found""#,
        ),
        (
            422,
            r#"{"detail":"bad field"}"#,
            r#"422: {"detail":"bad field"}"#,
        ),
        (400, r#"{"error":null}"#, "400 status code (no body)"),
    ];
    for (status, body, expected) in cases {
        assert_eq!(
            http_error_message(status, body),
            expected,
            "{status} {body}"
        );
    }
}

#[test]
fn long_bodies_are_cut_like_pi() {
    let body = format!(r#"{{"error":{{"message":"{}"}}}}"#, "x".repeat(5000));
    let message = http_error_message(500, &body);
    let json_len = r#"{"message":""}"#.len() + 5000;
    assert!(
        message.ends_with(&format!(
            "... [truncated {} chars]",
            json_len - MAX_ERROR_BODY_CHARS
        )),
        "{}",
        &message[message.len() - 40..]
    );
    assert_eq!(truncate_error_text("short"), "short");
}

#[test]
fn statuses_pick_variants_with_fix_hints() {
    let unauthorized = ProviderError::from_status(
        401,
        r#"{"error":{"message":"Incorrect API key provided"}}"#,
        &context(),
    );
    assert_eq!(
        unauthorized.to_string(),
        "401: {\"message\":\"Incorrect API key provided\"}\nprovider openai rejected the API key (HTTP 401); set OPENAI_API_KEY or pass --api-key"
    );
    let forbidden = ProviderError::from_status(403, "denied", &context());
    assert!(matches!(forbidden, ProviderError::Forbidden { .. }));
    assert!(forbidden
        .to_string()
        .contains("refused access to model gpt-x"));
    let not_found = ProviderError::from_status(404, "", &context());
    assert!(not_found
        .to_string()
        .ends_with("model gpt-x or its endpoint was not found at https://api.openai.com/v1/chat/completions (HTTP 404); check the model id and the baseUrl of provider openai in models.json"));
    assert!(matches!(
        ProviderError::from_status(429, "slow down", &context()),
        ProviderError::RateLimited { .. }
    ));
    assert!(matches!(
        ProviderError::from_status(529, "", &context()),
        ProviderError::Server { status: 529, .. }
    ));
    assert!(matches!(
        ProviderError::from_status(413, "", &context()),
        ProviderError::Status { status: 413, .. }
    ));
    let generic = ErrorContext {
        key_hint: None,
        ..context()
    };
    assert_eq!(
        generic.key_hint(),
        "set the apiKey of provider openai in models.json or pass --api-key"
    );
}

#[test]
fn retry_verdicts_by_variant_agree_with_pis_text_rule() {
    let ctx = context();
    let cases: Vec<(ProviderError, bool)> = vec![
        (
            ProviderError::from_status(500, r#"{"error":{"message":"internal boom"}}"#, &ctx),
            true,
        ),
        (
            ProviderError::from_status(503, "upstream unavailable", &ctx),
            true,
        ),
        (
            ProviderError::from_status(429, r#"{"error":{"message":"Rate limit reached"}}"#, &ctx),
            true,
        ),
        (
            ProviderError::from_status(
                429,
                r#"{"error":{"message":"You exceeded your current quota","code":"insufficient_quota"}}"#,
                &ctx,
            ),
            false,
        ),
        (
            ProviderError::from_status(400, r#"{"error":{"message":"bad request"}}"#, &ctx),
            false,
        ),
        (
            ProviderError::from_status(
                401,
                r#"{"error":{"message":"Incorrect API key provided"}}"#,
                &ctx,
            ),
            false,
        ),
        (
            ProviderError::from_status(403, r#"{"error":{"message":"forbidden"}}"#, &ctx),
            false,
        ),
        (
            ProviderError::from_status(404, r#"{"error":{"message":"no such model"}}"#, &ctx),
            false,
        ),
        (
            ProviderError::Connection {
                detail: "connect ECONNREFUSED 127.0.0.1:9".into(),
            },
            true,
        ),
        (
            ProviderError::Connection {
                detail: "read ECONNRESET".into(),
            },
            true,
        ),
        (ProviderError::Timeout { millis: 300_000 }, true),
        (ProviderError::IdleTimeout { millis: 300_000 }, true),
        (
            ProviderError::StreamCut {
                detail: "connection closed before message completed".into(),
            },
            true,
        ),
        (
            ProviderError::Incomplete {
                message: "Stream ended without finish_reason".into(),
            },
            true,
        ),
        (
            ProviderError::ProviderStopped {
                message: "Provider finish_reason: content_filter".into(),
            },
            false,
        ),
        (
            ProviderError::ProviderStopped {
                message: "Provider finish_reason: network_error".into(),
            },
            true,
        ),
        (
            ProviderError::StreamError {
                message: "Overloaded".into(),
            },
            true,
        ),
        (ProviderError::MalformedEvent { data: "{".into() }, false),
        (ProviderError::Aborted, false),
        (
            ProviderError::MissingApiKey {
                provider: "x".into(),
                hint: "set X_API_KEY".into(),
            },
            false,
        ),
    ];
    for (error, retryable) in cases {
        assert_eq!(error.retryable(), retryable, "variant verdict for {error}");
        assert_eq!(
            is_retryable_text(&error.to_string()),
            retryable,
            "text verdict for {error}"
        );
    }
}
