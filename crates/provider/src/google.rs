//! The `google-generative-ai` API: Gemini's `streamGenerateContent`, as pi-ai 1.6.0 speaks
//! it through the Google GenAI SDK.
//!
//! `POST {baseUrl}/models/{id}:streamGenerateContent?alt=sse` (default base
//! `https://generativelanguage.googleapis.com/v1beta`) with the key in `x-goog-api-key`
//! (a model or provider header of that name wins). The body is built in two steps
//! ([`request`]): pi-ai's SDK parameters, which the `before_provider_request` hook sees, then
//! the SDK's REST form. The conversation becomes `contents` ([`contents`]); the thinking
//! level becomes `thinkingConfig` ([`thinking`]). The response is server-sent
//! `GenerateContentResponse` chunks read by [`stream`].
//!
//! Event order follows pi-ai: `Start` once the response headers arrived (a failure before
//! that is a lone `Error`), blocks as parts arrive, every open block closed when the body
//! ends, then `Done` — or `Error` when no finish reason came ("Google stream ended without
//! a finish reason") or an error one did ("Provider stopped with: SAFETY"). A transport
//! failure, a malformed chunk or an error chunk (`got status: …`) ends with `Error` at once,
//! keeping the content so far; an abort reads "This operation was aborted". HTTP errors read
//! as the SDK words them: the error body's JSON (`{"error":{"code":400,…}}`), followed by
//! tau's fix hint for 401/403/404.
//!
//! Hooks run as pi-ai runs them for this API: the headers hook, the payload hook (on the SDK
//! parameters) and the stream-event hook on each chunk; pi-ai's Google provider has no
//! response hook, so `after_provider_response` does not fire.
//!
//! [`GoogleGenerativeAi::vertex`] sends the same request to Vertex AI ([`vertex`]).
//!
//! Not carried over: pi-ai's per-request retries (off unless `maxRetries` is passed; tau's
//! session-level retry covers the same transient failures), `toolChoice` and `temperature`
//! (tau's requests have none) and custom thinking budgets.

pub mod adc;
pub mod contents;
pub mod request;
pub mod stream;
pub mod thinking;
pub mod vertex;

use std::sync::Arc;

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
use request::{build_params, model_path, to_wire, ParamsInput};
use stream::{
    stream_error, ChunkReader, ABORTED_IN_FLIGHT, NO_FINISH_REASON, VERTEX_NO_FINISH_REASON,
};

/// The `api` name of this provider.
pub const API: &str = "google-generative-ai";
/// Where requests go when neither the provider nor the model names a base URL.
pub const DEFAULT_BASE_URL: &str = "https://generativelanguage.googleapis.com/v1beta";
/// The header the key travels in.
pub const API_KEY_HEADER: &str = "x-goog-api-key";
/// pi-ai's error for a request aborted before it was built.
const ABORTED_BEFORE_SEND: &str = "Request aborted";

/// A Gemini (Google Generative AI) provider, or Vertex AI's ([`GoogleGenerativeAi::vertex`]).
#[derive(Debug, Clone)]
pub struct GoogleGenerativeAi {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
    /// Vertex AI's endpoint and auth rather than the Gemini API's.
    vertex: bool,
}

impl GoogleGenerativeAi {
    /// A provider sending through `client`. Without [`ConfigureEndpoint::with_base_url`]
    /// each request goes to its model's `baseUrl`.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
            vertex: false,
        }
    }

    /// A provider for Vertex AI (the `google-vertex` api, see [`vertex`]).
    pub fn vertex(client: HttpClient) -> Self {
        Self {
            vertex: true,
            ..Self::new(client)
        }
    }
}

impl ConfigureEndpoint for GoogleGenerativeAi {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for GoogleGenerativeAi {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let call = Call {
            client: self.client.clone(),
            settings: Arc::clone(&self.settings),
            builder: Some(AssistantMessageBuilder::new(&request.model)),
            vertex: self.vertex,
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
    vertex: bool,
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
        if self.cancel.is_cancelled() {
            return (
                vec![builder.fail(StopReason::Aborted, ABORTED_BEFORE_SEND)],
                None,
            );
        }
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
        // pi-ai's Google provider never reports the response (`after_provider_response`).
        let no_finish_reason = if self.vertex {
            VERTEX_NO_FINISH_REASON
        } else {
            NO_FINISH_REASON
        };
        let reader = ChunkReader::new(builder, model.clone(), no_finish_reason);
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

    /// The HTTP request: pi-ai's parameters, rewritten by the payload hook, in the SDK's
    /// REST form.
    async fn post(&self, hooks: Option<&SharedRequestHooks>) -> Result<JsonPost, ProviderError> {
        let model = &self.request.model;
        let invalid = |detail: String| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail,
        };
        let key = if self.vertex {
            vertex::api_key(&self.settings, self.request.api_key.as_deref())
        } else {
            self.settings.key(self.request.api_key.as_deref())
        };
        let context = |url: &str| ErrorContext {
            provider: model.provider.clone(),
            model: model.id.clone(),
            url: url.to_owned(),
            key_hint: self.settings.key_hint.clone(),
        };
        // The headers that authenticate the request, and the base URL they go with.
        let (auth, base_url) = match key {
            Some(key) => (vec![(API_KEY_HEADER, key)], self.base_url()),
            None if self.vertex => {
                let env = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
                let target = vertex::adc_target(&self.settings, model, &env).map_err(invalid)?;
                let Some(path) = adc::credentials_path(&env).filter(|path| path.is_file()) else {
                    return Err(ProviderError::MissingApiKey {
                        provider: model.provider.clone(),
                        hint: vertex::NO_KEY_HINT.to_owned(),
                    });
                };
                let credentials = adc::credentials(&self.client, &path, &self.cancel).await?;
                let mut auth = vec![(
                    "authorization",
                    format!("Bearer {}", credentials.access_token),
                )];
                auth.extend(
                    credentials
                        .quota_project
                        .map(|project| ("x-goog-user-project", project)),
                );
                (auth, target)
            }
            None => {
                return Err(ProviderError::MissingApiKey {
                    provider: model.provider.clone(),
                    hint: context(&self.base_url()).key_hint(),
                })
            }
        };
        let normalize = |id: &str| contents::normalize_tool_call_id(&model.id, id);
        let messages = transform_messages(&self.request.messages, model, &normalize);
        let mut params = build_params(&ParamsInput {
            model,
            system_prompt: &self.request.system_prompt,
            original: &self.request.messages,
            messages: &messages,
            tools: &self.request.tools,
            thinking_level: self.request.thinking_level,
            vertex: self.vertex,
        })
        .map_err(invalid)?;
        if let Some(hooks) = hooks.filter(|hooks| hooks.0.wants().payload) {
            params = hooks.0.payload(params, model).await;
        }
        let url = format!(
            "{}/{}:streamGenerateContent?alt=sse",
            base_url.trim_end_matches('/'),
            model_path(&params, self.vertex)
        );
        let body = serde_json::to_vec(&to_wire(&params, self.vertex))
            .map_err(|error| invalid(format!("cannot serialise the request: {error}")))?;
        Ok(JsonPost {
            headers: headers(
                model,
                &session_affinity::with_opencode_session(
                    model,
                    self.request.session_id.as_deref(),
                    &self.settings.headers,
                ),
                auth,
            ),
            context: context(&url),
            url,
            body: body.into(),
        })
    }

    /// The provider's base URL, else the model's, else Google's (Vertex: with the API
    /// version).
    fn base_url(&self) -> String {
        let model = &self.request.model;
        if self.vertex {
            return vertex::base_url(&self.settings, model);
        }
        self.settings
            .base_url
            .clone()
            .filter(|url| !url.is_empty())
            .or_else(|| Some(model.base_url.clone()).filter(|url| !url.is_empty()))
            .unwrap_or_else(|| DEFAULT_BASE_URL.to_owned())
    }
}

/// Headers in the SDK's order: the content type, the model's `headers` (`null` removes one),
/// the provider's extra headers, then each `auth` header (the key, or Vertex's token and
/// quota project) unless a header of that name is there already.
fn headers(
    model: &Model,
    extra: &[(String, String)],
    auth: Vec<(&str, String)>,
) -> Vec<(String, String)> {
    let mut headers: Vec<(String, Option<String>)> =
        vec![("content-type".into(), Some("application/json".into()))];
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
    let mut merged: Vec<(String, String)> = Vec::new();
    for (name, value) in headers {
        merged.retain(|(existing, _)| !existing.eq_ignore_ascii_case(&name));
        if let Some(value) = value {
            merged.push((name, value));
        }
    }
    for (name, value) in auth {
        if !merged
            .iter()
            .any(|(existing, _)| existing.eq_ignore_ascii_case(name))
        {
            merged.push((name.to_owned(), value));
        }
    }
    merged
}

/// The SDK's text for an HTTP error: the JSON error body, compact; a body that is not JSON
/// is wrapped the way the SDK wraps a non-JSON reply (`{"error":{"message":…,"code":…,
/// "status":…}}`).
fn error_message(status: u16, body: &str) -> String {
    let text = match serde_json::from_str::<Value>(body.trim()) {
        Ok(json) => json.to_string(),
        Err(_) => {
            let reason = reqwest::StatusCode::from_u16(status)
                .ok()
                .and_then(|status| status.canonical_reason())
                .unwrap_or_default();
            serde_json::json!({"error": {"message": body, "code": status, "status": reason}})
                .to_string()
        }
    };
    truncate_error_text(&text)
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
        let chunk: Value = match serde_json::from_str(&event.data) {
            Ok(chunk) => chunk,
            Err(_) => return Err(self.fail(&ProviderError::MalformedEvent { data: event.data })),
        };
        if let Some(error) = stream_error(&chunk) {
            return Err(self.fail(&error));
        }
        request_hooks::observe_event(self.hooks.as_ref(), &self.model, &chunk).await;
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
#[path = "google/tests.rs"]
mod tests;
