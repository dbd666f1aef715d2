//! The `openai-responses` API: OpenAI's Responses streaming, as pi-ai 1.6.0 speaks it.
//!
//! `POST {baseUrl}/responses` with `Authorization: Bearer <key>` and a streamed, stateless
//! body (`store: false`; see [`request`] for its keys and [`input`] for the conversation);
//! the response is server-sent events named by their `type` (`response.created`,
//! `response.output_item.added`, `response.output_text.delta`, …, `response.completed`),
//! read by [`events`].
//!
//! Event order follows pi-ai: `Start` once the response headers arrived (an error before
//! that is a lone `Error`), then each output item's block opens, streams and closes as its
//! events arrive, then `Done`. A failure (`response.failed`, an `error` event, a stream that
//! ends before `response.completed`, a transport failure, a malformed event) ends with
//! `Error` at once, keeping the content so far. Like pi-ai, an abort while streaming reports
//! "OpenAI Responses stream ended before a terminal response event" with stop reason
//! `aborted`. HTTP errors read `OpenAI API error (<status>): <error JSON>` (`<provider> API
//! error` for other providers), followed by tau's fix hint.

pub mod azure;
mod compat;
pub mod events;
pub mod input;
pub mod request;

use std::sync::Arc;

use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, Model};
use tokio_util::sync::CancellationToken;

use crate::builder::AssistantMessageBuilder;
use crate::endpoint::{drive, ConfigureEndpoint, EndpointSettings, ResponseBody};
use crate::error::ProviderError;
use crate::http::{HttpClient, JsonPost, SseStream};
use crate::openai_common::{fail_before_start, stream_error, SessionHeaders};
use crate::provider::{EventStream, Provider, ProviderRequest};
use crate::request_hooks::{self, SharedRequestHooks};
use crate::session_affinity::{clamp_prompt_cache_key, PromptCacheKeyMode, SessionAffinityFormat};
use crate::transform::transform_messages;
pub use compat::Compat;
use events::EventReader;
use request::{build_body, BodyInput};

/// The `api` name of this provider.
pub const API: &str = "openai-responses";
/// The message key pi-ai keeps the effort of `configuration_update` models under.
pub const PROVIDER_THINKING_LEVEL: &str = "providerThinkingLevel";
/// Where ChatGPT sign-in users check their shared usage limit.
const CHATGPT_USAGE_URL: &str = "https://chatgpt.com/settings/usage";
/// pi-ai's hint for a ChatGPT workspace's per-user limit.
const CHATGPT_WORKSPACE_LIMIT_HINT: &str = "You've reached your ChatGPT workspace's usage limit. Ask your workspace admin to increase it at admin.openai.com → Workspace → Usage limits.";

/// An OpenAI Responses provider.
#[derive(Debug, Clone)]
pub struct OpenAiResponses {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
    flavor: Flavor,
}

/// Whose Responses endpoint a provider speaks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flavor {
    /// OpenAI and compatible servers (`openai-responses`).
    OpenAi,
    /// Azure OpenAI (`azure-openai-responses`, see [`azure`]).
    Azure,
}

impl OpenAiResponses {
    /// A provider sending through `client`. Without [`Self::with_base_url`] each request
    /// goes to its model's `baseUrl`.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
            flavor: Flavor::OpenAi,
        }
    }

    /// A provider for Azure OpenAI's Responses endpoint (the `azure-openai-responses` api),
    /// sending through `client`. [`Self::with_base_url`] takes the place of
    /// `AZURE_OPENAI_BASE_URL`.
    pub fn azure(client: HttpClient) -> Self {
        Self {
            flavor: Flavor::Azure,
            ..Self::new(client)
        }
    }
}

impl ConfigureEndpoint for OpenAiResponses {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for OpenAiResponses {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let call = Call {
            client: self.client.clone(),
            settings: Arc::clone(&self.settings),
            builder: Some(AssistantMessageBuilder::new(&request.model)),
            compat: match self.flavor {
                Flavor::OpenAi => Compat::for_model(&request.model),
                Flavor::Azure => azure::compat(&request.model),
            },
            flavor: self.flavor,
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
    compat: Compat,
    flavor: Flavor,
    request: ProviderRequest,
    cancel: CancellationToken,
}

/// A response whose body is being read.
struct Streaming {
    sse: SseStream,
    /// Taken by the final events.
    reader: Option<EventReader>,
    cancel: CancellationToken,
    /// The `providerThinkingLevel` to stamp on the final message, if any.
    thinking_level: Option<Value>,
    /// Shown each parsed event first (`provider_stream_event`).
    hooks: Option<SharedRequestHooks>,
    model: Model,
}

impl Call {
    async fn connect(mut self: Box<Self>) -> (Vec<AssistantMessageEvent>, Option<Streaming>) {
        let Some(builder) = self.builder.take() else {
            return (Vec::new(), None);
        };
        let label = match self.flavor {
            Flavor::OpenAi if self.request.model.provider == "openai" => "OpenAI".to_owned(),
            Flavor::OpenAi => self.request.model.provider.clone(),
            Flavor::Azure => "Azure OpenAI".to_owned(),
        };
        let fail = |builder, error: ProviderError, cancel: &CancellationToken| {
            let error = with_api_prefix(error, &label);
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
        let response = match self.client.post_json(post, &self.cancel).await {
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
            hooks,
            model: self.request.model.clone(),
        };
        (vec![start], Some(streaming))
    }

    /// The HTTP request for this call, and the effort sent in `configuration_update` items.
    fn post(&self) -> Result<(JsonPost, Option<Value>), ProviderError> {
        let model = &self.request.model;
        let request_key = self.request.api_key.as_deref();
        let (url, headers, item_id_providers) = match self.flavor {
            Flavor::OpenAi => {
                let url = self.settings.url(model, "responses");
                let context = self.settings.context(model, &url);
                let session = SessionHeaders {
                    session_id: self.request.session_id.as_deref(),
                    affinity: affinity_headers(model, self.request.cache_session_id()),
                };
                let headers = self
                    .settings
                    .headers(model, request_key, &context, session)?;
                (url, headers, &input::ITEM_ID_PROVIDERS[..])
            }
            Flavor::Azure => {
                let url = azure::url(&self.settings, model).map_err(|detail| {
                    ProviderError::InvalidRequest {
                        provider: model.provider.clone(),
                        detail,
                    }
                })?;
                let context = self.settings.context(model, &url);
                let session_id = self.request.session_id.as_deref();
                let headers =
                    azure::headers(&self.settings, model, request_key, session_id, &context)?;
                (url, headers, &azure::ITEM_ID_PROVIDERS[..])
            }
        };
        let context = self.settings.context(model, &url);
        let api_key = self.settings.key(request_key);
        let foreign = input::foreign_tool_call_ids(&self.request.messages, model);
        let keeps_item_ids = item_id_providers.contains(&model.provider.as_str());
        let messages = transform_messages(&self.request.messages, model, &|id| {
            input::normalize_tool_call_id_keeping(id, keeps_item_ids, foreign.contains(id))
        });
        // Cache retention is OpenAI's own; Azure's provider never asks for it.
        let long_cache = self.flavor == Flavor::OpenAi
            && !self.request.no_cache_retention
            && std::env::var("PI_CACHE_RETENTION").is_ok_and(|value| value == "long");
        // OpenAI's key follows caching; pi-ai's Azure provider sends it whatever the
        // retention. `compat.promptCacheKeyMode: "disabled"` keeps it out of both.
        let cache_key_id = match self.flavor {
            Flavor::OpenAi => self.request.cache_session_id(),
            Flavor::Azure => self.request.session_id.as_deref(),
        };
        let prompt_cache_key = cache_key_id
            .filter(|_| PromptCacheKeyMode::of(model) != PromptCacheKeyMode::Disabled)
            .map(clamp_prompt_cache_key);
        let body = build_body(&BodyInput {
            model,
            system_prompt: &self.request.system_prompt,
            original: &self.request.messages,
            messages: &messages,
            tools: &self.request.tools,
            thinking_level: self.request.thinking_level,
            api_key: api_key.as_deref(),
            compat: &self.compat,
            long_cache,
            no_cache_retention: self.request.no_cache_retention,
            prompt_cache_key,
        })
        .map_err(|detail| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail,
        })?;
        let mut body = body;
        if self.flavor == Flavor::Azure {
            // Azure routes by deployment, named where OpenAI names the model.
            body["model"] = json!(azure::deployment_name(model));
        }
        let thinking_level = configuration_effort(&body);
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

/// The effort of the trailing `configuration_update` item, if the body has one.
fn configuration_effort(body: &Value) -> Option<Value> {
    let last = body.get("input")?.as_array()?.last()?;
    (last.get("type")? == "configuration_update")
        .then(|| last.pointer("/reasoning/effort").cloned())
        .flatten()
}

impl Streaming {
    fn finish(&mut self, aborted: bool) -> Vec<AssistantMessageEvent> {
        let aborted = aborted || self.cancel.is_cancelled();
        let mut events = match self.reader.take() {
            Some(reader) => reader.finish(aborted),
            None => Vec::new(),
        };
        if let Some(last) = events.last_mut() {
            self.stamp(last);
        }
        events
    }

    fn fail(&mut self, error: &ProviderError) -> Vec<AssistantMessageEvent> {
        let aborted = self.cancel.is_cancelled();
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

    /// Adds `providerThinkingLevel` to the final message of a `configuration_update` model.
    fn stamp(&self, event: &mut AssistantMessageEvent) {
        let Some(level) = &self.thinking_level else {
            return;
        };
        match event {
            AssistantMessageEvent::Done { message, .. }
            | AssistantMessageEvent::Error { error: message, .. } => {
                message
                    .extra
                    .insert(PROVIDER_THINKING_LEVEL.into(), json!(level));
            }
            _ => {}
        }
    }
}

impl ResponseBody for Streaming {
    /// The events of the next SSE event, or (as `Err`) the final events.
    async fn next(&mut self) -> Result<Vec<AssistantMessageEvent>, Vec<AssistantMessageEvent>> {
        let event = match self.sse.next_event(&self.cancel).await {
            Ok(Some(event)) => event,
            Ok(None) => return Err(self.finish(false)),
            // The SDK ends the event loop quietly on abort; pi-ai then finds no terminal event.
            Err(ProviderError::Aborted) => return Err(self.finish(true)),
            Err(error) => return Err(self.fail(&error)),
        };
        // The SDK stops reading at `[DONE]`.
        if event.data == "[DONE]" {
            return Err(self.finish(false));
        }
        let data: Value = match serde_json::from_str(&event.data) {
            Ok(data) => data,
            Err(_) => return Err(self.fail(&ProviderError::MalformedEvent { data: event.data })),
        };
        if let Some(error) = stream_error(event.event.as_deref(), &data) {
            return Err(self.fail(&error));
        }
        request_hooks::observe_event(self.hooks.as_ref(), &self.model, &data).await;
        let Some(reader) = self.reader.as_mut() else {
            return Err(Vec::new());
        };
        match reader.event(&data) {
            Ok(events) => Ok(events),
            Err(error) => Err(self.fail(&error)),
        }
    }
}

/// pi-ai's wording of HTTP errors for this API: `<label> API error (<status>): <body>`, the
/// label being `OpenAI` for OpenAI, `Azure OpenAI` for Azure, else the provider id.
fn with_api_prefix(error: ProviderError, api: &str) -> ProviderError {
    let prefix = |status: u16, message: String| {
        let body = message
            .strip_prefix(&format!("{status}: "))
            .map(str::to_owned)
            .unwrap_or(message);
        format!("{api} API error ({status}): {body}")
    };
    match error {
        ProviderError::Unauthorized {
            message,
            provider,
            hint,
        } => ProviderError::Unauthorized {
            message: prefix(401, message),
            provider,
            hint,
        },
        ProviderError::Forbidden {
            message,
            provider,
            model,
            hint,
        } => ProviderError::Forbidden {
            message: prefix(403, message),
            provider,
            model,
            hint,
        },
        ProviderError::NotFound {
            message,
            provider,
            model,
            url,
        } => ProviderError::NotFound {
            message: prefix(404, message),
            provider,
            model,
            url,
        },
        ProviderError::RateLimited { message } => ProviderError::RateLimited {
            message: prefix(429, message),
        },
        ProviderError::Server { status, message } => ProviderError::Server {
            status,
            message: prefix(status, message),
        },
        ProviderError::Status { status, message } => ProviderError::Status {
            status,
            message: prefix(status, message),
        },
        other @ (ProviderError::MissingApiKey { .. }
        | ProviderError::Connection { .. }
        | ProviderError::Timeout { .. }
        | ProviderError::IdleTimeout { .. }
        | ProviderError::StreamCut { .. }
        | ProviderError::MalformedEvent { .. }
        | ProviderError::StreamError { .. }
        | ProviderError::Incomplete { .. }
        | ProviderError::ProviderStopped { .. }
        | ProviderError::Aborted
        | ProviderError::InvalidRequest { .. }) => other,
    }
}

/// ChatGPT sign-in shares the subscription's usage limit with other apps: say where to look.
pub(crate) fn with_account_hint(message: String) -> String {
    if message.contains("subscription_sharing_usage_limit_exceeded") {
        format!("{message}\nCheck your ChatGPT usage: {CHATGPT_USAGE_URL}")
    } else if message.contains("subscription_sharing_workplace_individual_usage_limit_exceeded") {
        format!("{message}\n{CHATGPT_WORKSPACE_LIMIT_HINT}")
    } else {
        message
    }
}

#[cfg(test)]
#[path = "openai_responses/tests.rs"]
mod tests;

#[cfg(test)]
#[path = "openai_responses/events_tests.rs"]
mod events_tests;

/// pi-ai's Responses session headers whenever caching has a session id: OpenRouter's
/// `x-session-id`, else `x-client-request-id`, with `session-id` in OpenAI's format.
fn affinity_headers(model: &Model, session_id: Option<&str>) -> Vec<(String, String)> {
    let Some(id) = session_id.filter(|id| !id.is_empty()) else {
        return Vec::new();
    };
    let format = SessionAffinityFormat::of(model, SessionAffinityFormat::detect(model));
    let names: &[&str] = match format {
        SessionAffinityFormat::OpenRouter => &["x-session-id"],
        SessionAffinityFormat::OpenAi => &["session-id", "x-client-request-id"],
        SessionAffinityFormat::NoSession => &["x-client-request-id"],
    };
    names
        .iter()
        .map(|name| ((*name).to_owned(), id.to_owned()))
        .collect()
}
