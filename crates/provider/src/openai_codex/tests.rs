//! Unit tests of the Codex URL, headers, body and error wording.

use super::errors::{event_error, http_error_message, normalize_terminal};
use super::request::{account_id, build_body, compat, headers, url, BodySpec, NO_ACCOUNT_ID};
use super::*;
use base64::Engine;
use pretty_assertions::assert_eq;
use tau_protocol::{ThinkingLevel, ToolDeclaration};

fn model(id: &str, compat: Value, map: Value) -> Model {
    serde_json::from_value(json!({
        "id": id, "name": id, "api": API, "provider": "openai-codex",
        "baseUrl": "https://chatgpt.com/backend-api", "reasoning": true,
        "input": ["text", "image"], "cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0},
        "contextWindow": 272_000, "maxTokens": 128_000, "compat": compat, "thinkingLevelMap": map
    }))
    .unwrap()
}

/// A catalogue-like model; `off` is its thinking map's entry for thinking off.
fn gpt(off: Value, mid_convo_effort: bool) -> Model {
    model(
        "gpt-6-sol",
        json!({"supportsMidConvoEffort": mid_convo_effort}),
        json!({"off": off, "minimal": "low", "low": "low", "medium": "medium", "high": "high",
            "xhigh": "xhigh", "max": "max"}),
    )
}

fn token(claims: &Value) -> String {
    let encode =
        |value: &Value| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(value.to_string());
    format!("{}.{}.sig", encode(&json!({"alg": "none"})), encode(claims))
}

fn body(model: &Model, level: ThinkingLevel) -> (Value, Option<Value>) {
    let tools: Vec<ToolDeclaration> = vec![serde_json::from_value(json!({
        "name": "read", "description": "Read", "parameters": {"type": "object"}
    }))
    .unwrap()];
    build_body(&BodySpec {
        model,
        system_prompt: "sys",
        original: &[],
        messages: &[],
        tools: &tools,
        thinking_level: level,
        compat: &compat(model),
        prompt_cache_key: None,
    })
    .unwrap()
}

#[test]
fn the_url_ends_in_codex_responses_once() {
    let settings = EndpointSettings::default();
    for (base, expected) in [
        (
            "https://chatgpt.com/backend-api",
            "https://chatgpt.com/backend-api/codex/responses",
        ),
        (
            "https://chatgpt.com/backend-api//",
            "https://chatgpt.com/backend-api/codex/responses",
        ),
        ("http://h/x/codex", "http://h/x/codex/responses"),
        ("http://h/x/codex/responses/", "http://h/x/codex/responses"),
        ("  ", "https://chatgpt.com/backend-api/codex/responses"),
    ] {
        let mut m = gpt(json!("none"), false);
        m.base_url = base.into();
        assert_eq!(url(&settings, &m), expected, "{base:?}");
    }
    let settings = EndpointSettings {
        base_url: Some("http://127.0.0.1:9".into()),
        ..Default::default()
    };
    assert_eq!(
        url(&settings, &gpt(json!("none"), false)),
        "http://127.0.0.1:9/codex/responses"
    );
}

#[test]
fn the_account_comes_from_the_token_claims() {
    let good = token(&json!({"https://api.openai.com/auth": {"chatgpt_account_id": "acct-7"}}));
    assert_eq!(account_id(&good).unwrap(), "acct-7");
    for bad in [
        "not-a-jwt".to_owned(),
        token(&json!({"sub": "x"})),
        format!("{good}.extra"),
    ] {
        let message = account_id(&bad).unwrap_err().to_string();
        assert!(message.starts_with(NO_ACCOUNT_ID), "{message}");
    }
}

#[test]
fn codex_headers_follow_the_model_and_provider_headers() {
    let mut m = gpt(json!("none"), false);
    m.headers = Some(
        json!({"originator": "mine", "X-Model": "1", "OpenAI-Beta": "x", "accept": null})
            .as_object()
            .unwrap()
            .clone(),
    );
    let settings = EndpointSettings {
        headers: vec![("x-extra".into(), "2".into())],
        ..Default::default()
    };
    let headers = headers(&settings, &m, "tok", "acct", None);
    let pairs: Vec<(&str, &str)> = headers
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("originator", "mine"),
            ("X-Model", "1"),
            ("x-extra", "2"),
            ("Authorization", "Bearer tok"),
            ("chatgpt-account-id", "acct"),
            ("OpenAI-Beta", "responses=experimental"),
            ("accept", "text/event-stream"),
            ("content-type", "application/json"),
        ]
    );
}

#[test]
fn the_body_has_codex_keys_in_pi_order() {
    let (body, configuration) = body(&gpt(json!("none"), false), ThinkingLevel::High);
    let keys: Vec<&str> = body
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "model",
            "store",
            "stream",
            "input",
            "text",
            "include",
            "tool_choice",
            "parallel_tool_calls",
            "max_output_tokens",
            "tools",
            "reasoning"
        ]
    );
    assert_eq!(configuration, None);
    assert_eq!(
        body["reasoning"],
        json!({"effort": "high", "summary": "auto"})
    );
    assert_eq!(body["tools"][0]["strict"], Value::Null);
    assert!(body["tools"][0].as_object().unwrap().contains_key("strict"));
    assert_eq!(
        body["input"][0],
        json!({"role": "developer", "content": "sys"})
    );
}

#[test]
fn thinking_off_asks_for_the_off_effort_unless_the_map_forbids_it() {
    let (on, _) = body(&gpt(json!("none"), false), ThinkingLevel::Off);
    assert_eq!(
        on["reasoning"],
        json!({"effort": "none", "summary": "auto"})
    );
    let (forbidden, _) = body(&gpt(Value::Null, false), ThinkingLevel::Off);
    assert!(forbidden.get("reasoning").is_none());
    let (mapped, _) = body(&gpt(json!("none"), false), ThinkingLevel::Minimal);
    assert_eq!(mapped["reasoning"]["effort"], json!("low"));
}

#[test]
fn mid_conversation_effort_travels_in_a_configuration_update() {
    let (high, configuration) = body(&gpt(json!("none"), true), ThinkingLevel::High);
    assert_eq!(configuration, Some(json!("high")));
    assert_eq!(
        high["reasoning"],
        json!({"effort": "medium", "summary": "auto"})
    );
    let last = high["input"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        last,
        json!({"type": "configuration_update", "reasoning": {"effort": "high"}})
    );
    let (off, configuration) = body(&gpt(json!("none"), true), ThinkingLevel::Off);
    assert_eq!(configuration, Some(json!("none")));
    assert_eq!(off["reasoning"]["effort"], json!("medium"));
    // A null off entry: no update, no reasoning.
    let (none, configuration) = body(&gpt(Value::Null, true), ThinkingLevel::Off);
    assert_eq!(configuration, None);
    assert!(none.get("reasoning").is_none());
}

#[test]
fn strict_mode_can_be_turned_off() {
    let m = model("m", json!({"supportsStrictMode": false}), json!({}));
    let (body, _) = body(&m, ThinkingLevel::Low);
    assert!(!body["tools"][0].as_object().unwrap().contains_key("strict"));
}

#[test]
fn http_errors_read_as_pi_ai_words_them() {
    let in_an_hour = (tau_protocol::now_millis() / 1000 + 3600) as f64;
    let limit = json!({"error": {"code": "usage_limit_reached", "plan_type": "PLUS",
        "resets_at": in_an_hour, "message": "raw"}});
    assert_eq!(
        http_error_message(400, &limit.to_string()),
        "You have hit your ChatGPT usage limit (plus plan). Try again in ~60 min."
    );
    assert_eq!(
        http_error_message(429, r#"{"error": {"message": "slow down"}}"#),
        "You have hit your ChatGPT usage limit."
    );
    assert_eq!(
        http_error_message(
            400,
            r#"{"error": {"type": "invalid", "message": "bad input"}}"#
        ),
        "bad input"
    );
    assert_eq!(http_error_message(502, "upstream down"), "upstream down");
    assert_eq!(http_error_message(503, ""), "Service Unavailable");
    assert_eq!(
        http_error_message(400, r#"{"detail": "x"}"#),
        r#"{"detail": "x"}"#
    );
}

#[test]
fn stream_errors_read_as_pi_ai_words_them() {
    let cases = [
        (
            json!({"type": "error", "message": "m", "code": "c"}),
            "Codex error: m",
        ),
        (
            json!({"type": "error", "error": {"code": "c"}}),
            "Codex error: c",
        ),
        (json!({"type": "error"}), r#"Codex error: {"type":"error"}"#),
        (
            json!({"type": "response.failed", "response": {"error": {"message": "boom"}}}),
            "boom",
        ),
        (json!({"type": "response.failed"}), "Codex response failed"),
    ];
    for (event, expected) in cases {
        assert_eq!(event_error(&event).unwrap().to_string(), expected);
    }
    assert!(event_error(&json!({"type": "response.output_text.delta"})).is_none());
}

#[test]
fn terminal_events_become_completed_with_known_statuses() {
    let mut done = json!({"type": "response.done", "response": {"status": "weird", "id": "r"}});
    assert!(normalize_terminal(&mut done));
    assert_eq!(
        done,
        json!({"type": "response.completed", "response": {"id": "r"}})
    );
    let mut incomplete =
        json!({"type": "response.incomplete", "response": {"status": "incomplete"}});
    assert!(normalize_terminal(&mut incomplete));
    assert_eq!(incomplete["response"]["status"], json!("incomplete"));
    assert!(!normalize_terminal(
        &mut json!({"type": "response.created"})
    ));
}
