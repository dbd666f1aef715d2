//! `ProviderError`: every way a model request can fail, worded as Pi words it.
//!
//! A provider never returns these out of band: it ends its stream with an `Error` event
//! whose `errorMessage` is the error's `Display` text. That text is what Pi's session-level
//! retry inspects ([`crate::retry::is_retryable_error`]), so the wording follows pi-ai 1.6.0
//! (`500: {"message":…}`, `503 upstream unavailable`, `Connection error.: connect
//! ECONNREFUSED 127.0.0.1:39999`, `Stream ended without finish_reason`), with tau's fix hint
//! added on its own line for a rejected key (401/403) and an unknown model (404).
//! [`ProviderError::retryable`] gives the same verdict from the variant.

use serde_json::Value;
use thiserror::Error;

use crate::json::is_truthy;
use crate::retry::is_retryable_text;

/// pi-ai cuts error bodies after this many characters.
pub const MAX_ERROR_BODY_CHARS: usize = 4000;

/// What a request was for, so an error can name the provider, the model and the fix.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ErrorContext {
    /// Provider id, e.g. `openai`.
    pub provider: String,
    /// Model id.
    pub model: String,
    /// The URL requested.
    pub url: String,
    /// How the user sets this provider's key, e.g. `set OPENAI_API_KEY or pass --api-key`.
    /// `None` gives a generic hint.
    pub key_hint: Option<String>,
}

impl ErrorContext {
    /// The key hint, or a generic one naming models.json and `--api-key`.
    pub fn key_hint(&self) -> String {
        self.key_hint.clone().unwrap_or_else(|| {
            format!(
                "set the apiKey of provider {} in models.json or pass --api-key",
                self.provider
            )
        })
    }
}

/// Why a model request failed. `Display` is the assistant message's `errorMessage`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProviderError {
    /// No key was configured and no `Authorization` header replaces it.
    #[error("No API key for provider: {provider}\n{hint}")]
    MissingApiKey {
        /// Provider id.
        provider: String,
        /// How to set one.
        hint: String,
    },
    /// HTTP 401: the key was rejected.
    #[error("{message}\nprovider {provider} rejected the API key (HTTP 401); {hint}")]
    Unauthorized {
        /// Pi's text, e.g. `401: {"message":"Incorrect API key provided",…}`.
        message: String,
        /// Provider id.
        provider: String,
        /// How to set the key.
        hint: String,
    },
    /// HTTP 403: the key is not allowed to do this.
    #[error("{message}\nprovider {provider} refused access to model {model} (HTTP 403); check that the API key may use this model, or {hint}")]
    Forbidden {
        /// Pi's text.
        message: String,
        /// Provider id.
        provider: String,
        /// Model id.
        model: String,
        /// How to set the key.
        hint: String,
    },
    /// HTTP 404: usually an unknown model id or a wrong base URL.
    #[error("{message}\nmodel {model} or its endpoint was not found at {url} (HTTP 404); check the model id and the baseUrl of provider {provider} in models.json")]
    NotFound {
        /// Pi's text.
        message: String,
        /// Provider id.
        provider: String,
        /// Model id.
        model: String,
        /// The URL requested.
        url: String,
    },
    /// HTTP 429.
    #[error("{message}")]
    RateLimited {
        /// Pi's text, e.g. `429: {…}`.
        message: String,
    },
    /// HTTP 5xx.
    #[error("{message}")]
    Server {
        /// The status code.
        status: u16,
        /// Pi's text, e.g. `500: {"message":"internal boom","type":"server_error"}`.
        message: String,
    },
    /// Any other non-success status (400, 413, 422…).
    #[error("{message}")]
    Status {
        /// The status code.
        status: u16,
        /// Pi's text.
        message: String,
    },
    /// The connection could not be made or broke before a response arrived.
    #[error("Connection error.: {detail}")]
    Connection {
        /// What the transport said, Node-style where tau knows the code
        /// (`connect ECONNREFUSED 127.0.0.1:39999`).
        detail: String,
    },
    /// No response headers within the request timeout.
    #[error("Request timed out: no response within {}", seconds(*millis))]
    Timeout {
        /// The timeout in milliseconds.
        millis: u64,
    },
    /// The response body stalled longer than the idle timeout.
    #[error("Stream timed out: no data for {}", seconds(*millis))]
    IdleTimeout {
        /// The idle timeout in milliseconds.
        millis: u64,
    },
    /// The connection broke while the response streamed.
    #[error("Connection lost while streaming the response: {detail}")]
    StreamCut {
        /// What the transport said.
        detail: String,
    },
    /// A stream event was not the JSON it should be (the OpenAI SDK's wording).
    #[error("Error reading response: malformed server-sent event JSON.")]
    MalformedEvent {
        /// The offending data, for logs.
        data: String,
    },
    /// The provider reported an error inside the stream; `message` is its text.
    #[error("{message}")]
    StreamError {
        /// The provider's message.
        message: String,
    },
    /// The stream ended cleanly but before the response was complete, e.g. `Stream ended
    /// without finish_reason`.
    #[error("{message}")]
    Incomplete {
        /// What was missing.
        message: String,
    },
    /// The provider ended the response with an error stop reason, e.g. `Provider
    /// finish_reason: content_filter`.
    #[error("{message}")]
    ProviderStopped {
        /// The stop reason, worded.
        message: String,
    },
    /// The cancellation token fired.
    #[error("Request was aborted")]
    Aborted,
    /// The request could not be built (bad header, unserialisable body, bad URL).
    #[error("invalid request for provider {provider}: {detail}")]
    InvalidRequest {
        /// Provider id.
        provider: String,
        /// What was wrong.
        detail: String,
    },
}

impl ProviderError {
    /// Whether Pi's session-level retry would try again after this error: rate limits,
    /// server errors, connection failures, timeouts and streams cut off mid-way are
    /// transient; bad requests, rejected keys, unknown models and content filters are not.
    /// Quota and billing exhaustion (`insufficient_quota`…) is never retried.
    pub fn retryable(&self) -> bool {
        let transient = match self {
            ProviderError::RateLimited { .. }
            | ProviderError::Server { .. }
            | ProviderError::Connection { .. }
            | ProviderError::Timeout { .. }
            | ProviderError::IdleTimeout { .. }
            | ProviderError::StreamCut { .. }
            | ProviderError::Incomplete { .. } => true,
            // Free text from the provider: Pi decides by its wording (`overloaded`,
            // `network_error`…).
            ProviderError::StreamError { message } | ProviderError::ProviderStopped { message } => {
                is_retryable_text(message)
            }
            ProviderError::MissingApiKey { .. }
            | ProviderError::Unauthorized { .. }
            | ProviderError::Forbidden { .. }
            | ProviderError::NotFound { .. }
            | ProviderError::Status { .. }
            | ProviderError::MalformedEvent { .. }
            | ProviderError::Aborted
            | ProviderError::InvalidRequest { .. } => false,
        };
        transient && !crate::retry::is_quota_text(&self.to_string())
    }

    /// True for [`ProviderError::Aborted`].
    pub fn is_aborted(&self) -> bool {
        matches!(self, ProviderError::Aborted)
    }

    /// The error for a non-success HTTP response with `body`.
    pub fn from_status(status: u16, body: &str, context: &ErrorContext) -> Self {
        Self::from_status_message(status, http_error_message(status, body), context)
    }

    /// The error for a non-success HTTP response whose Pi text is `message` (for APIs whose
    /// SDK words errors differently from the OpenAI SDK).
    pub fn from_status_message(status: u16, message: String, context: &ErrorContext) -> Self {
        match status {
            401 => ProviderError::Unauthorized {
                message,
                provider: context.provider.clone(),
                hint: context.key_hint(),
            },
            403 => ProviderError::Forbidden {
                message,
                provider: context.provider.clone(),
                model: context.model.clone(),
                hint: context.key_hint(),
            },
            404 => ProviderError::NotFound {
                message,
                provider: context.provider.clone(),
                model: context.model.clone(),
                url: context.url.clone(),
            },
            429 => ProviderError::RateLimited { message },
            500..=599 => ProviderError::Server { status, message },
            _ => ProviderError::Status { status, message },
        }
    }
}

/// Pi's text for an HTTP error: `<status>: <JSON of body.error>` when the body is JSON with
/// an `error` object, `<status> <body>` for a text body, `<status> status code (no body)`
/// for an empty one. (The OpenAI SDK makes the text; pi-ai prefers the `error` object.)
///
/// Deviation: a JSON body without an `error` key (vLLM's and FastAPI's shape) shows as
/// `<status>: <body JSON>`, where the SDK would say `status code (no body)` and hide it.
pub fn http_error_message(status: u16, body: &str) -> String {
    let trimmed = body.trim();
    if trimmed.is_empty() {
        return format!("{status} status code (no body)");
    }
    let Ok(json) = serde_json::from_str::<Value>(trimmed) else {
        return format!("{status} {}", truncate_error_text(body));
    };
    match json.get("error") {
        Some(Value::Object(error)) if !error.is_empty() => {
            format!(
                "{status}: {}",
                truncate_error_text(&Value::Object(error.clone()).to_string())
            )
        }
        // The SDK's fallback: a non-object `error` shows as its JSON (`404 "model not found"`).
        Some(error) if is_truthy(error) => {
            format!("{status} {}", truncate_error_text(&error.to_string()))
        }
        Some(_) => format!("{status} status code (no body)"),
        None => format!("{status}: {}", truncate_error_text(&json.to_string())),
    }
}

/// `300 s`, `0.25 s` (f64 display drops a zero fraction).
fn seconds(millis: u64) -> String {
    format!("{} s", millis as f64 / 1000.0)
}

/// Cuts `text` after [`MAX_ERROR_BODY_CHARS`] characters the way pi-ai does:
/// `…... [truncated N chars]`.
pub fn truncate_error_text(text: &str) -> String {
    let total = text.chars().count();
    if total <= MAX_ERROR_BODY_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(MAX_ERROR_BODY_CHARS).collect();
    format!(
        "{cut}... [truncated {} chars]",
        total - MAX_ERROR_BODY_CHARS
    )
}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
