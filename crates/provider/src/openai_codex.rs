//! The `openai-codex-responses` API: the ChatGPT backend's Codex Responses endpoint, as
//! pi-ai 1.6.0 speaks it for a Pi user signed in to ChatGPT (the `openai-codex` sign-in in
//! auth.json; its access token is the key).
//!
//! `POST {baseUrl}/codex/responses` with the token as a bearer, the account id from its JWT
//! claims and Codex's own headers, and a stateless Responses body (see [`request`]). The
//! reply is the Responses event stream, read by the shared
//! [`crate::openai_responses::events::EventReader`] after pi-ai's Codex mapping
//! ([`errors`]): `response.done` and `response.incomplete` end the response as
//! `response.completed` does, and nothing after the terminal event is read.
//!
//! Event order follows pi-ai: `Start` once the response headers arrived (an error before that
//! is a lone `Error`), the blocks as their events arrive, then `Done`. An `error` event reads
//! `Codex error: …`, `response.failed` its error message; a stream that ends before a
//! terminal event reads "OpenAI Responses stream ended before a terminal response event";
//! an abort reads "Request was aborted" with stop reason `aborted`. HTTP errors read as
//! pi-ai words them (the ChatGPT usage-limit message for 429s), followed by tau's fix hint
//! for 401/403/404. Like pi-ai's default, no request is retried here.
//!
//! Not carried over (see docs/providers.md): pi-ai's WebSocket transport (its default
//! `auto` transport tries a WebSocket first and falls back to this SSE request), the zstd
//! compression of the request body, and the session-keyed `prompt_cache_key` /
//! `session-id` headers (tau's requests carry no session id).

pub mod errors;
pub mod request;

use std::sync::Arc;

use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, Model};
use tokio_util::sync::CancellationToken;

use crate::builder::AssistantMessageBuilder;
use crate::endpoint::{drive, ConfigureEndpoint, EndpointSettings, ResponseBody};
use crate::error::ProviderError;
use crate::http::{HttpClient, JsonPost, SseStream};
use crate::openai_common::fail_before_start;
use crate::openai_responses::events::EventReader;
use crate::openai_responses::{input, with_account_hint, PROVIDER_THINKING_LEVEL};
use crate::provider::{EventStream, Provider, ProviderRequest};
use crate::request_hooks::{self, SharedRequestHooks};
use crate::transform::transform_messages;
use request::{build_body, BodySpec};

/// The `api` name of this provider.
pub const API: &str = "openai-codex-responses";
/// The message key pi-ai keeps the backend's `end_turn` flag under.
const END_TURN: &str = "endTurn";

/// A Codex Responses provider (ChatGPT sign-in).
#[derive(Debug, Clone)]
pub struct OpenAiCodex {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
}

impl OpenAiCodex {
    /// A provider sending through `client`. Without [`ConfigureEndpoint::with_base_url`]
    /// each request goes to its model's `baseUrl`.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
        }
    }
}

impl ConfigureEndpoint for OpenAiCodex {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for OpenAiCodex {
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

impl Call {
    async fn connect(mut self: Box<Self>) -> (Vec<AssistantMessageEvent>, Option<Streaming>) {
        let Some(builder) = self.builder.take() else {
            return (Vec::new(), None);
        };
        let fail = |builder, error: ProviderError, cancel: &CancellationToken| {
            let mut event = fail_before_start(builder, &error, cancel);
            if let AssistantMessageEvent::Error { error, .. } = &mut event {
                error.error_message = error.error_message.take().map(with_account_hint);
            }
            (vec![event], None)
        };
        let (mut post, thinking_level) = match self.post() {
            Ok(post) => post,
            Err(error) => return fail(builder, error, &self.cancel),
        };
        let hooks = self.request.hooks.clone();
        let model = &self.request.model;
        if let Err(error) =
            request_hooks::apply_to_post(hooks.as_ref(), model, &self.settings.headers, &mut post)
                .await
        {
            return fail(builder, error, &self.cancel);
        }
        let response = match self
            .client
            .post_json_worded(post, &self.cancel, errors::http_error_message)
            .await
        {
            Ok(response) => response,
            Err(error) => return fail(builder, error, &self.cancel),
        };
        request_hooks::observe_response(hooks.as_ref(), model, response.status, &response.headers)
            .await;
        let reader = EventReader::new(builder, self.request.model.clone());
        let start = reader.start();
        let streaming = Streaming {
            sse: response.into_sse(),
            reader: Some(reader),
            cancel: self.cancel.clone(),
            thinking_level,
            end_turn: None,
            hooks,
            model: self.request.model.clone(),
        };
        (vec![start], Some(streaming))
    }

    /// The HTTP request, and the effort sent in `configuration_update` items.
    fn post(&self) -> Result<(JsonPost, Option<Value>), ProviderError> {
        let model = &self.request.model;
        let url = request::url(&self.settings, model);
        let context = self.settings.context(model, &url);
        let Some(token) = self.settings.key(self.request.api_key.as_deref()) else {
            return Err(ProviderError::MissingApiKey {
                provider: model.provider.clone(),
                hint: context.key_hint(),
            });
        };
        let account = request::account_id(&token)?;
        let cache_key = self
            .request
            .cache_session_id()
            .map(crate::session_affinity::clamp_prompt_cache_key);
        let headers = request::headers(&self.settings, model, &token, &account, cache_key);
        let foreign = input::foreign_tool_call_ids(&self.request.messages, model);
        let keeps_item_ids = input::ITEM_ID_PROVIDERS.contains(&model.provider.as_str());
        let messages = transform_messages(&self.request.messages, model, &|id| {
            input::normalize_tool_call_id_keeping(id, keeps_item_ids, foreign.contains(id))
        });
        let compat = request::compat(model);
        let (body, thinking_level) = build_body(&BodySpec {
            model,
            system_prompt: &self.request.system_prompt,
            original: &self.request.messages,
            messages: &messages,
            tools: &self.request.tools,
            thinking_level: self.request.thinking_level,
            compat: &compat,
            prompt_cache_key: cache_key,
        })
        .map_err(|detail| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail,
        })?;
        let body = serde_json::to_vec(&body).map_err(|error| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail: format!("cannot serialise the request: {error}"),
        })?;
        let post = JsonPost {
            url,
            headers,
            body: body.into(),
            context,
        };
        Ok((post, thinking_level))
    }
}

/// A response whose body is being read.
struct Streaming {
    sse: SseStream,
    /// Taken by the final events.
    reader: Option<EventReader>,
    cancel: CancellationToken,
    /// The `providerThinkingLevel` to stamp on the final message, if any.
    thinking_level: Option<Value>,
    /// The terminal response's `end_turn`, kept on the final message.
    end_turn: Option<bool>,
    /// Shown each parsed event first (`provider_stream_event`).
    hooks: Option<SharedRequestHooks>,
    model: Model,
}

impl Streaming {
    /// The body ended, or the terminal event arrived: `Done`, or `Error` when the response
    /// is incomplete.
    fn finish(&mut self) -> Vec<AssistantMessageEvent> {
        if self.cancel.is_cancelled() {
            return self.fail(&ProviderError::Aborted);
        }
        let mut events = match self.reader.take() {
            Some(reader) => reader.finish(false),
            None => Vec::new(),
        };
        if let Some(last) = events.last_mut() {
            self.stamp(last);
        }
        events
    }

    fn fail(&mut self, error: &ProviderError) -> Vec<AssistantMessageEvent> {
        let aborted = self.cancel.is_cancelled();
        // pi-ai's SSE reader checks the abort signal first: "Request was aborted".
        let error = if aborted {
            &ProviderError::Aborted
        } else {
            error
        };
        let mut events: Vec<_> = self
            .reader
            .take()
            .map(|reader| reader.fail(error, aborted))
            .into_iter()
            .collect();
        if let Some(last) = events.last_mut() {
            self.stamp(last);
        }
        events
    }

    /// Adds pi-ai's extra fields to the final message: `providerThinkingLevel` for a
    /// `configuration_update` model, `endTurn` when the backend said.
    fn stamp(&self, event: &mut AssistantMessageEvent) {
        let message = match event {
            AssistantMessageEvent::Done { message, .. }
            | AssistantMessageEvent::Error { error: message, .. } => message,
            _ => return,
        };
        if let Some(level) = &self.thinking_level {
            message
                .extra
                .insert(PROVIDER_THINKING_LEVEL.into(), json!(level));
        }
        if let Some(end_turn) = self.end_turn {
            message.extra.insert(END_TURN.into(), json!(end_turn));
        }
    }
}

impl ResponseBody for Streaming {
    /// The events of the next SSE event, or (as `Err`) the final events.
    async fn next(&mut self) -> Result<Vec<AssistantMessageEvent>, Vec<AssistantMessageEvent>> {
        let event = match self.sse.next_event(&self.cancel).await {
            Ok(Some(event)) => event,
            Ok(None) => return Err(self.finish()),
            Err(error) => return Err(self.fail(&error)),
        };
        // pi-ai reads only the data lines; `[DONE]` and empty events carry nothing.
        let data = event.data.trim();
        if data.is_empty() || data == "[DONE]" {
            return Ok(Vec::new());
        }
        let mut data: Value = match serde_json::from_str(data) {
            Ok(data) => data,
            Err(error) => {
                return Err(self.fail(&ProviderError::StreamError {
                    message: format!("Invalid Codex SSE JSON: {error}"),
                }))
            }
        };
        request_hooks::observe_event(self.hooks.as_ref(), &self.model, &data).await;
        if let Some(error) = errors::event_error(&data) {
            return Err(self.fail(&error));
        }
        let terminal = errors::normalize_terminal(&mut data);
        if terminal {
            self.end_turn = data.pointer("/response/end_turn").and_then(Value::as_bool);
        }
        let Some(reader) = self.reader.as_mut() else {
            return Err(Vec::new());
        };
        match reader.event(&data) {
            // Like pi-ai, nothing after the terminal event is read.
            Ok(events) if terminal => {
                let mut events = events;
                events.extend(self.finish());
                Err(events)
            }
            Ok(events) => Ok(events),
            Err(error) => Err(self.fail(&error)),
        }
    }
}

#[cfg(test)]
#[path = "openai_codex/tests.rs"]
mod tests;
