//! What the two OpenAI APIs (`openai-completions`, `openai-responses`) share because the
//! OpenAI SDK does it for both: the request URL and headers
//! (`Authorization: Bearer`, then the model's headers, then the provider's), the SDK's
//! checks for errors reported inside a stream, and the lone `Error` of a request that failed
//! before its response arrived.

use serde_json::Value;
use tau_protocol::{AssistantMessageEvent, Model, StopReason};
use tokio_util::sync::CancellationToken;

use crate::builder::{AssistantMessageBuilder, ABORTED_MESSAGE};
use crate::endpoint::EndpointSettings;
use crate::error::{ErrorContext, ProviderError};
use crate::json::is_truthy;
use crate::session_affinity;

/// Used when neither the provider nor the model has a base URL (the OpenAI SDK default).
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";

impl EndpointSettings {
    /// `{base URL}/{path}`: the provider's base URL, else the model's, else OpenAI's.
    pub fn url(&self, model: &Model, path: &str) -> String {
        let base_url = self
            .base_url
            .as_deref()
            .filter(|url| !url.is_empty())
            .or(Some(model.base_url.as_str()).filter(|url| !url.is_empty()))
            .unwrap_or(DEFAULT_BASE_URL);
        format!("{}/{path}", base_url.strip_suffix('/').unwrap_or(base_url))
    }

    /// Who a request to `url` is for, for error messages.
    pub fn context(&self, model: &Model, url: &str) -> ErrorContext {
        ErrorContext {
            provider: model.provider.clone(),
            model: model.id.clone(),
            url: url.to_owned(),
            key_hint: self.key_hint.clone(),
        }
    }

    /// The key of a request: its own, else the provider's; `None` when neither is set.
    pub fn key(&self, request_key: Option<&str>) -> Option<String> {
        request_key
            .map(str::to_owned)
            .or_else(|| self.api_key.clone())
            .filter(|key| !key.is_empty())
    }

    /// Headers in the OpenAI SDK's precedence: its own, then the model's `headers`, then
    /// the session-affinity headers `affinity` (pi-ai sets them over the model's), then
    /// OpenCode's session header and the provider's extra headers. A `null` model header
    /// removes the header. Without a key, an `Authorization` header of the user's own
    /// stands in for it.
    pub fn headers(
        &self,
        model: &Model,
        request_key: Option<&str>,
        context: &ErrorContext,
        session: SessionHeaders<'_>,
    ) -> Result<Vec<(String, String)>, ProviderError> {
        let model_headers: Vec<(String, Option<String>)> = model
            .headers
            .iter()
            .flatten()
            .map(|(name, value)| match value {
                Value::Null => (name.clone(), None),
                Value::String(text) => (name.clone(), Some(text.clone())),
                other => (name.clone(), Some(other.to_string())),
            })
            .collect();
        let extra = &self.headers;
        let has_authorization = model_headers
            .iter()
            .filter_map(|(name, value)| Some((name, value.as_ref()?)))
            .chain(extra.iter().map(|(name, value)| (name, value)))
            .any(|(name, value)| {
                matches!(
                    name.to_ascii_lowercase().as_str(),
                    "authorization" | "cf-aig-authorization"
                ) && !value.trim().is_empty()
            });
        let key = match self.key(request_key) {
            Some(key) => key,
            None if has_authorization => "unused".to_owned(),
            None => {
                return Err(ProviderError::MissingApiKey {
                    provider: context.provider.clone(),
                    hint: context.key_hint(),
                })
            }
        };
        let mut headers: Vec<(String, Option<String>)> = vec![
            ("authorization".into(), Some(format!("Bearer {key}"))),
            ("content-type".into(), Some("application/json".into())),
            ("accept".into(), Some("application/json".into())),
        ];
        headers.extend(model_headers);
        headers.extend(
            session
                .affinity
                .into_iter()
                .map(|(name, value)| (name, Some(value))),
        );
        headers.extend(
            session_affinity::with_opencode_session(model, session.session_id, extra)
                .into_iter()
                .map(|(name, value)| (name, Some(value))),
        );
        let mut merged: Vec<(String, String)> = Vec::new();
        for (name, value) in headers {
            merged.retain(|(existing, _)| !existing.eq_ignore_ascii_case(&name));
            if let Some(value) = value {
                merged.push((name, value));
            }
        }
        Ok(merged)
    }
}

/// An error the server reported inside the stream: an `error` event, or a chunk with an
/// `error` member (the OpenAI SDK's checks). Its text is the error's `message`, else its JSON.
pub fn stream_error(event: Option<&str>, chunk: &Value) -> Option<ProviderError> {
    let error = if event == Some("error") {
        chunk
            .get("error")
            .filter(|error| !error.is_null())
            .unwrap_or(chunk)
    } else {
        chunk.get("error").filter(|error| is_truthy(error))?
    };
    let message = match error.get("message") {
        Some(Value::String(message)) if !message.is_empty() => message.clone(),
        Some(message) if is_truthy(message) => message.to_string(),
        _ => error.to_string(),
    };
    Some(ProviderError::StreamError { message })
}

/// The lone `Error` of a request that failed before its response arrived.
pub fn fail_before_start(
    builder: AssistantMessageBuilder,
    error: &ProviderError,
    cancel: &CancellationToken,
) -> AssistantMessageEvent {
    if cancel.is_cancelled() || error.is_aborted() {
        builder.fail(StopReason::Aborted, ABORTED_MESSAGE)
    } else {
        builder.fail(StopReason::Error, error.to_string())
    }
}

/// What the session id adds to an OpenAI-style request's headers.
#[derive(Debug, Default)]
pub struct SessionHeaders<'a> {
    /// The request's session id, for OpenCode's routing header.
    pub session_id: Option<&'a str>,
    /// The API's session-affinity headers, set over the model's own.
    pub affinity: Vec<(String, String)>,
}
