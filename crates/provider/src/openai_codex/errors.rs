//! How pi-ai's Codex provider words failures: HTTP errors (`parseErrorResponse`, with its
//! ChatGPT usage-limit message) and the events that end a stream (`mapCodexEvents`).

use std::time::{SystemTime, UNIX_EPOCH};

use reqwest::StatusCode;
use serde_json::Value;

use crate::error::ProviderError;
use crate::json::is_truthy;

/// Error codes pi-ai reads as the ChatGPT usage limit (as does any 429).
const USAGE_LIMIT_CODES: [&str; 3] = [
    "usage_limit_reached",
    "usage_not_included",
    "rate_limit_exceeded",
];

/// Pi's text for an HTTP error of the Codex backend: the usage-limit message for 429s and
/// usage-limit codes (`You have hit your ChatGPT usage limit (plus plan). Try again in ~42
/// min.`), else the error's `message`, else the body, else the status text.
pub fn http_error_message(status: u16, body: &str) -> String {
    let fallback = if body.is_empty() {
        StatusCode::from_u16(status)
            .ok()
            .and_then(|status| status.canonical_reason())
            .unwrap_or("Request failed")
            .to_owned()
    } else {
        body.to_owned()
    };
    let Ok(parsed) = serde_json::from_str::<Value>(body) else {
        return fallback;
    };
    let Some(error) = parsed.get("error").filter(|error| is_truthy(error)) else {
        return fallback;
    };
    let code = ["code", "type"]
        .iter()
        .find_map(|key| error.get(*key).filter(|value| is_truthy(value)))
        .map(js_string)
        .unwrap_or_default()
        .to_ascii_lowercase();
    let mut friendly = None;
    if status == 429 || USAGE_LIMIT_CODES.iter().any(|known| code.contains(known)) {
        let plan = match error.get("plan_type").filter(|plan| is_truthy(plan)) {
            None => String::new(),
            Some(Value::String(plan)) => format!(" ({} plan)", plan.to_lowercase()),
            // pi-ai's `toLowerCase` throws on anything else, keeping the raw text.
            Some(_) => return fallback,
        };
        let when = error
            .get("resets_at")
            .filter(|at| is_truthy(at))
            .and_then(number)
            .map(|resets_at| {
                let minutes = ((resets_at * 1000.0 - now_millis()) / 60_000.0 + 0.5).floor();
                format!(" Try again in ~{} min.", minutes.max(0.0))
            })
            .unwrap_or_default();
        friendly = Some(format!(
            "You have hit your ChatGPT usage limit{plan}.{when}"
        ));
    }
    if let Some(friendly) = friendly {
        return friendly;
    }
    match error.get("message").filter(|message| is_truthy(message)) {
        Some(message) => js_string(message),
        None => fallback,
    }
}

/// The error a Codex stream event reports, if it is one: `error` events read `Codex error:
/// <message, else code, else the event's JSON>`, `response.failed` reads the response's
/// error message, else `Codex response failed`.
pub fn event_error(event: &Value) -> Option<ProviderError> {
    fn text(value: Option<&Value>) -> Option<&str> {
        value.and_then(Value::as_str).filter(|s| !s.is_empty())
    }
    let message = match event.get("type").and_then(Value::as_str)? {
        "error" => {
            let nested = event.get("error").filter(|error| error.is_object());
            let field = |key: &str| {
                event
                    .get(key)
                    .filter(|value| value.is_string())
                    .or_else(|| nested.and_then(|nested| nested.get(key)))
            };
            let detail = text(field("message"))
                .or_else(|| text(field("code")))
                .map_or_else(|| event.to_string(), str::to_owned);
            format!("Codex error: {detail}")
        }
        "response.failed" => text(event.pointer("/response/error/message"))
            .unwrap_or("Codex response failed")
            .to_owned(),
        _ => return None,
    };
    Some(ProviderError::StreamError { message })
}

/// Whether `event` ends the response (`response.completed`, `response.done`,
/// `response.incomplete`); if so it is rewritten the way pi-ai hands it on: as
/// `response.completed` with a status the shared reader knows (others dropped).
pub fn normalize_terminal(event: &mut Value) -> bool {
    let terminal = matches!(
        event.get("type").and_then(Value::as_str),
        Some("response.completed" | "response.done" | "response.incomplete")
    );
    if !terminal {
        return false;
    }
    event["type"] = Value::from("response.completed");
    if let Some(response) = event.get_mut("response").and_then(Value::as_object_mut) {
        let known = response
            .get("status")
            .and_then(Value::as_str)
            .is_some_and(|status| {
                matches!(
                    status,
                    "completed" | "incomplete" | "failed" | "cancelled" | "queued" | "in_progress"
                )
            });
        if !known {
            response.remove("status");
        }
    }
    true
}

/// A value as JavaScript's `String()` shows it.
fn js_string(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// A number, or a string JavaScript's arithmetic would read as one.
fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

fn now_millis() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |elapsed| elapsed.as_millis() as f64)
}
