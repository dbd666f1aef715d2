//! The HTTP side of the `anthropic-messages` API: request headers in the Anthropic SDK's
//! precedence, and HTTP errors worded as the SDK words them.

use serde_json::Value;
use tau_protocol::Model;

use super::ANTHROPIC_VERSION;
use crate::error::ProviderError;
use crate::session_affinity;

/// The Claude Code version a subscription token's requests present.
const CLAUDE_CODE_VERSION: &str = "2.1.322";
/// Rejections of strict tools for exceeding Claude's limits.
const STRICT_TOOL_LIMIT_ERRORS: [&str; 3] = [
    "The compiled grammar is too large",
    "Too many strict tools (",
    "Schemas contains too many parameters with union types (",
];

/// The model's headers; `None` values (`null` in models.json) remove a header.
fn model_headers(model: &Model) -> Vec<(String, Option<String>)> {
    model
        .headers
        .iter()
        .flatten()
        .map(|(name, value)| match value {
            Value::Null => (name.clone(), None),
            Value::String(text) => (name.clone(), Some(text.clone())),
            other => (name.clone(), Some(other.to_string())),
        })
        .collect()
}

/// Whether the model's or the provider's headers carry credentials, so no key is needed.
pub fn has_auth_header(model: &Model, extra: &[(String, String)]) -> bool {
    let model_headers = model_headers(model);
    model_headers
        .iter()
        .filter_map(|(name, value)| Some((name, value.as_ref()?)))
        .chain(extra.iter().map(|(name, value)| (name, value)))
        .any(|(name, value)| {
            matches!(
                name.to_ascii_lowercase().as_str(),
                "authorization" | "x-api-key" | "cf-aig-authorization"
            ) && !value.trim().is_empty()
        })
}

/// Headers in the SDK's precedence: its own and the key (`x-api-key`, or a subscription
/// token as `Authorization: Bearer` with Claude Code's identity), the session-affinity
/// header (not with a subscription token), then the model's `headers` (`null` removes
/// one), the provider's `extra` headers, the content type and the beta features.
pub fn request_headers(
    model: &Model,
    extra: &[(String, String)],
    key: Option<&str>,
    is_oauth: bool,
    betas: &[String],
    cache_session_id: Option<&str>,
) -> Vec<(String, String)> {
    let some = |name: &str, value: &str| (name.to_owned(), Some(value.to_owned()));
    let mut headers = vec![
        some("accept", "application/json"),
        some("anthropic-dangerous-direct-browser-access", "true"),
        some("anthropic-version", ANTHROPIC_VERSION),
    ];
    match key {
        Some(key) if is_oauth => {
            headers.push(some("authorization", &format!("Bearer {key}")));
            headers.push(some(
                "user-agent",
                &format!("claude-cli/{CLAUDE_CODE_VERSION}"),
            ));
            headers.push(some("x-app", "cli"));
        }
        Some(key) => headers.push(some("x-api-key", key)),
        None => {}
    }
    if let Some(id) = cache_session_id.filter(|id| {
        !id.is_empty() && !is_oauth && session_affinity::sends_session_affinity_headers(model)
    }) {
        headers.push(some(affinity_header(model), id));
    }
    headers.extend(model_headers(model));
    headers.extend(
        extra
            .iter()
            .map(|(name, value)| (name.clone(), Some(value.clone()))),
    );
    headers.push(some("content-type", "application/json"));
    if !betas.is_empty() {
        headers.push(some("anthropic-beta", &betas.join(",")));
    }
    let mut merged: Vec<(String, String)> = Vec::new();
    for (name, value) in headers {
        merged.retain(|(existing, _)| !existing.eq_ignore_ascii_case(&name));
        if let Some(value) = value {
            merged.push((name, value));
        }
    }
    merged
}

/// OpenRouter's `x-session-id` (its provider id or URL, or `compat.sessionAffinityFormat:
/// "openrouter"`), else `x-session-affinity`.
fn affinity_header(model: &Model) -> &'static str {
    let format = model
        .compat
        .as_ref()
        .and_then(|compat| compat.get("sessionAffinityFormat"))
        .filter(|format| !format.is_null());
    let open_router = match format {
        Some(format) => format == "openrouter",
        None => session_affinity::is_open_router(model),
    };
    if open_router {
        "x-session-id"
    } else {
        "x-session-affinity"
    }
}

/// The Anthropic SDK's text for an HTTP error: `<status> <message>` with the body's
/// top-level `message`, else `<status> <body JSON>` (Anthropic's
/// `{"type":"error","error":{…}}`), `<status> <text>` for a text body, and
/// `<status> status code (no body)` for an empty one.
pub fn error_message(status: u16, body: &str) -> String {
    let parsed = serde_json::from_str::<Value>(body)
        .ok()
        .filter(crate::json::is_truthy);
    let message = match parsed {
        Some(json) => match json.get("message") {
            Some(Value::String(message)) if !message.is_empty() => message.clone(),
            Some(message) if crate::json::is_truthy(message) => message.to_string(),
            _ => json.to_string(),
        },
        None => body.to_owned(),
    };
    if message.is_empty() {
        format!("{status} status code (no body)")
    } else {
        format!("{status} {message}")
    }
}

/// Whether `error` is Anthropic's 400 rejecting strict tools for exceeding its limits.
pub fn is_strict_tool_limit_error(error: &ProviderError) -> bool {
    let ProviderError::Status {
        status: 400,
        message,
    } = error
    else {
        return false;
    };
    let body: Option<Value> = message
        .strip_prefix("400 ")
        .and_then(|json| serde_json::from_str(json).ok());
    let invalid_request = body
        .as_ref()
        .and_then(|body| body.pointer("/error/type"))
        .and_then(Value::as_str)
        == Some("invalid_request_error");
    invalid_request
        && STRICT_TOOL_LIMIT_ERRORS
            .iter()
            .any(|limit| message.contains(limit))
}
