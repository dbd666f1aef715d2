//! The `mistral-conversations` API: Mistral's native chat completions streaming, as pi-ai
//! 1.6.0 speaks it (its own client, not the OpenAI SDK).
//!
//! `POST {baseUrl}/v1/chat/completions` with `Authorization: Bearer <key>` and `Accept:
//! text/event-stream`. The body is built in two steps ([`payload`]): pi-ai's camelCase
//! payload, which the `before_provider_request` hook sees, then the endpoint's snake_case.
//! Reasoning goes as `reasoning_effort` for models with a `thinkingLevelMap`, else as
//! `prompt_mode: "reasoning"`. The response is server-sent chunks ending with `[DONE]`,
//! read by [`stream`].
//!
//! Event order follows pi-ai: `Start` once the response headers arrived, blocks as chunks
//! arrive, the open block and then every tool call closed when the body ends, then `Done`,
//! or `Error` ("Mistral stream ended without a finish reason", "Provider stopped with: …").
//! HTTP errors read `Mistral API error (<status>): <body>`, with tau's fix hint for
//! 401/403/404; an abort reads "This operation was aborted".
//!
//! Not carried over: pi-ai calls `after_provider_response` for error responses too (tau only
//! for successful ones), its 60 s response-header timeout (tau's client waits as for every
//! provider), and the session-keyed prompt caching (`prompt_cache_key`, `x-affinity`).

pub mod payload;
pub mod stream;

use std::sync::Arc;

use reqwest::Url;
use serde_json::Value;
use tau_protocol::{AssistantMessageEvent, Model, StopReason};
use tokio_util::sync::CancellationToken;

use crate::builder::AssistantMessageBuilder;
use crate::endpoint::{drive, ConfigureEndpoint, EndpointSettings, ResponseBody};
use crate::error::{truncate_error_text, ErrorContext, ProviderError};
use crate::http::{HttpClient, JsonPost, SseStream};
use crate::provider::{EventStream, Provider, ProviderRequest};
use crate::request_hooks::{self, SharedRequestHooks};
use crate::session_affinity;
use crate::transform::transform_messages;
use payload::{build_payload, to_wire, PayloadInput, ToolCallIds};
use stream::{ChunkReader, ABORTED_IN_FLIGHT};

/// The `api` name of this provider.
pub const API: &str = "mistral-conversations";
/// Where requests go when neither the provider nor the model names a base URL.
pub const DEFAULT_BASE_URL: &str = "https://api.mistral.ai";

/// A Mistral provider.
#[derive(Debug, Clone)]
pub struct Mistral {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
}

impl Mistral {
    /// A provider sending through `client`. Without [`ConfigureEndpoint::with_base_url`]
    /// each request goes to its model's `baseUrl`.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
        }
    }
}

impl ConfigureEndpoint for Mistral {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for Mistral {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let call = Call {
            client: self.client.clone(),
            settings: Arc::clone(&self.settings),
            builder: Some(AssistantMessageBuilder::new(&request.model)),
            request,
            cancel,
        };
        drive(Box::new(call).connect())
    }
}

/// One request before its response arrived.
struct Call {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
    /// Taken when the stream starts.
    builder: Option<AssistantMessageBuilder>,
    request: ProviderRequest,
    cancel: CancellationToken,
}

/// A response whose body is being read.
struct Streaming {
    sse: SseStream,
    /// Taken by the final events.
    reader: Option<ChunkReader>,
    cancel: CancellationToken,
    /// Shown each parsed chunk first (`provider_stream_event`).
    hooks: Option<SharedRequestHooks>,
    model: Model,
}

impl Call {
    async fn connect(mut self: Box<Self>) -> (Vec<AssistantMessageEvent>, Option<Streaming>) {
        let Some(builder) = self.builder.take() else {
            return (Vec::new(), None);
        };
        let fail =
            |builder: AssistantMessageBuilder, error: ProviderError, cancel: &CancellationToken| {
                let event = if cancel.is_cancelled() || error.is_aborted() {
                    builder.fail(StopReason::Aborted, ABORTED_IN_FLIGHT)
                } else {
                    builder.fail(StopReason::Error, error.to_string())
                };
                (vec![event], None)
            };
        let model = self.request.model.clone();
        let hooks = self.request.hooks.clone();
        let header_edits =
            request_hooks::edit_headers(hooks.as_ref(), &model, &self.settings.headers).await;
        let mut post = match self.post(hooks.as_ref()).await {
            Ok(post) => post,
            Err(error) => return fail(builder, error, &self.cancel),
        };
        if let Some(edits) = header_edits {
            edits.apply(&mut post.headers);
        }
        let response = match self
            .client
            .post_json_worded(post, &self.cancel, error_message)
            .await
        {
            Ok(response) => response,
            Err(error) => return fail(builder, error, &self.cancel),
        };
        request_hooks::observe_response(hooks.as_ref(), &model, response.status, &response.headers)
            .await;
        let reader = ChunkReader::new(builder, model.clone());
        let start = reader.start();
        let streaming = Streaming {
            sse: response.into_sse(),
            reader: Some(reader),
            cancel: self.cancel.clone(),
            hooks,
            model,
        };
        (vec![start], Some(streaming))
    }

    /// The HTTP request: pi-ai's payload, rewritten by the payload hook, in wire form.
    async fn post(&self, hooks: Option<&SharedRequestHooks>) -> Result<JsonPost, ProviderError> {
        let model = &self.request.model;
        let invalid = |detail: String| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail,
        };
        let url = self.url().map_err(invalid)?;
        let context = ErrorContext {
            provider: model.provider.clone(),
            model: model.id.clone(),
            url: url.clone(),
            key_hint: self.settings.key_hint.clone(),
        };
        let Some(key) = self.settings.key(self.request.api_key.as_deref()) else {
            return Err(ProviderError::MissingApiKey {
                provider: model.provider.clone(),
                hint: context.key_hint(),
            });
        };
        let ids = ToolCallIds::default();
        let messages = transform_messages(&self.request.messages, model, &|id| ids.normalize(id));
        let mut payload = build_payload(&PayloadInput {
            model,
            system_prompt: &self.request.system_prompt,
            original: &self.request.messages,
            messages: &messages,
            tools: &self.request.tools,
            thinking_level: self.request.thinking_level,
            cache_session_id: self.request.cache_session_id(),
        })
        .map_err(invalid)?;
        if let Some(hooks) = hooks.filter(|hooks| hooks.0.wants().payload) {
            payload = hooks.0.payload(payload, model).await;
        }
        let extra = session_affinity::with_opencode_session(
            model,
            self.request.session_id.as_deref(),
            &self.settings.headers,
        );
        let body = serde_json::to_vec(&to_wire(&payload))
            .map_err(|error| invalid(format!("cannot serialise the request: {error}")))?;
        Ok(JsonPost {
            url,
            headers: headers(model, &extra, &key, self.request.cache_session_id()),
            body: body.into(),
            context,
        })
    }

    /// `{base}/v1/chat/completions`: the provider's base URL, else the model's, else
    /// Mistral's.
    fn url(&self) -> Result<String, String> {
        let model = &self.request.model;
        let base = self
            .settings
            .base_url
            .clone()
            .filter(|url| !url.is_empty())
            .or_else(|| Some(model.base_url.clone()).filter(|url| !url.is_empty()))
            .unwrap_or_else(|| DEFAULT_BASE_URL.to_owned());
        let mut url = Url::parse(&base).map_err(|_| format!("invalid base URL {base:?}"))?;
        let path = format!("{}/", url.path().trim_end_matches('/'));
        url.set_path(&path);
        url.join("v1/chat/completions")
            .map(String::from)
            .map_err(|error| format!("invalid base URL {base:?}: {error}"))
    }
}

/// Headers as pi-ai sets them: `accept`, the key, the content type, then the model's
/// `headers` and the provider's extra headers (`null` removes one), then `x-affinity` from
/// the session id unless either named one of their own.
fn headers(
    model: &Model,
    extra: &[(String, String)],
    key: &str,
    cache_session_id: Option<&str>,
) -> Vec<(String, String)> {
    let mut headers: Vec<(String, Option<String>)> = vec![
        ("accept".into(), Some("text/event-stream".into())),
        ("authorization".into(), Some(format!("Bearer {key}"))),
        ("content-type".into(), Some("application/json".into())),
    ];
    for (name, value) in model.headers.iter().flatten() {
        let value = match value {
            Value::Null => None,
            Value::String(text) => Some(text.clone()),
            other => Some(other.to_string()),
        };
        headers.push((name.clone(), value));
    }
    headers.extend(
        extra
            .iter()
            .map(|(name, value)| (name.clone(), Some(value.clone()))),
    );
    let names_affinity = headers
        .iter()
        .skip(3)
        .any(|(name, _)| name.eq_ignore_ascii_case("x-affinity"));
    if let Some(id) = cache_session_id.filter(|id| !id.is_empty() && !names_affinity) {
        headers.push(("x-affinity".into(), Some(id.to_owned())));
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

/// pi-ai's text for an HTTP error: `Mistral API error (<status>): <body>`, the status text
/// standing in for an empty body.
fn error_message(status: u16, body: &str) -> String {
    let body = body.trim();
    let detail = if body.is_empty() {
        reqwest::StatusCode::from_u16(status)
            .ok()
            .and_then(|status| status.canonical_reason())
            .map_or_else(
                || format!("Request failed with status {status}"),
                str::to_owned,
            )
    } else {
        truncate_error_text(body)
    };
    format!("Mistral API error ({status}): {detail}")
}

impl Streaming {
    fn finish(&mut self) -> Vec<AssistantMessageEvent> {
        self.reader
            .take()
            .map(ChunkReader::finish)
            .unwrap_or_default()
    }

    fn fail(&mut self, error: &ProviderError) -> Vec<AssistantMessageEvent> {
        let aborted = self.cancel.is_cancelled();
        self.reader
            .take()
            .map(|reader| reader.fail(error, aborted))
            .into_iter()
            .collect()
    }
}

impl ResponseBody for Streaming {
    /// The events of the next chunk, or (as `Err`) the final events.
    async fn next(&mut self) -> Result<Vec<AssistantMessageEvent>, Vec<AssistantMessageEvent>> {
        let event = match self.sse.next_event(&self.cancel).await {
            Ok(Some(event)) => event,
            Ok(None) if self.cancel.is_cancelled() => {
                return Err(self.fail(&ProviderError::Aborted))
            }
            Ok(None) => return Err(self.finish()),
            Err(error) => return Err(self.fail(&error)),
        };
        let data = event.data.trim();
        if data.is_empty() {
            return Ok(Vec::new());
        }
        if data == "[DONE]" {
            return Err(self.finish());
        }
        let chunk: Value = match serde_json::from_str(data) {
            Ok(chunk) => chunk,
            Err(_) => return Err(self.fail(&ProviderError::MalformedEvent { data: event.data })),
        };
        if chunk.get("choices").and_then(Value::as_array).is_some() {
            request_hooks::observe_event(self.hooks.as_ref(), &self.model, &chunk).await;
        }
        let Some(reader) = self.reader.as_mut() else {
            return Err(Vec::new());
        };
        match reader.chunk(&chunk) {
            Ok(events) => Ok(events),
            Err(error) => Err(self.fail(&error)),
        }
    }
}

#[cfg(test)]
#[path = "mistral/tests.rs"]
mod tests;
