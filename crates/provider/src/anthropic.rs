//! The `anthropic-messages` API: Anthropic's Messages streaming, as pi-ai 1.6.0 speaks it
//! through the Anthropic SDK to Anthropic and to compatible gateways.
//!
//! `POST {baseUrl}/v1/messages?beta=true` with `x-api-key` (a Claude subscription token,
//! `sk-ant-oat…`, goes as `Authorization: Bearer` with Claude Code's identity),
//! `anthropic-version: 2023-06-01`, the beta features in `anthropic-beta`, and a streamed
//! body ([`request`], [`messages`], [`tools`]; headers and error wording in [`transport`]).
//! The response is named server-sent events (`message_start`, `content_block_*`,
//! `message_delta`, `message_stop`; `ping` and unknown names are skipped, `error` fails the
//! stream with its data) read by [`stream`], with [`usage`] for tokens and cost.
//!
//! Not covered (they need a session id or options tau's request lacks): message threads,
//! session-affinity headers, `tool_choice`, `temperature`, `metadata`, GitHub Copilot's
//! headers, Anthropic's workload identity federation and diagnostics of input
//! transformations.
//!
//! Event order follows pi-ai: `Start` once the response headers arrived (an error before
//! that is a lone `Error`), block events as they stream, then `Done`. Any failure after the
//! start (a transport error, a malformed or `error` event, a stream cut before
//! `message_stop`, an abort) ends with `Error` at once, keeping the partial content.
//! HTTP errors are worded as the Anthropic SDK words them: `529 {"type":"error",…}`.

pub mod compat;
pub mod messages;
pub mod request;
pub mod stream;
pub mod tools;
pub mod transport;
pub mod usage;

use std::sync::Arc;

use serde_json::{json, Value};
use tau_protocol::{AssistantMessageEvent, Model, StopReason};
use tokio_util::sync::CancellationToken;

use crate::builder::{AssistantMessageBuilder, ABORTED_MESSAGE};
use crate::endpoint::{drive, ConfigureEndpoint, EndpointSettings, ResponseBody};
use crate::error::{ErrorContext, ProviderError};
use crate::http::{HttpClient, JsonPost, SseStream};
use crate::provider::{EventStream, Provider, ProviderRequest};
use crate::request_hooks::{self, SharedRequestHooks};
use crate::session_affinity;
use crate::transform::transform_messages;
use compat::Compat;
use request::{build_body, Body, BodyInput};
use stream::EventReader;

/// The `api` name of this provider.
pub const API: &str = "anthropic-messages";
/// Used when neither the provider nor the model has a base URL (the SDK default).
pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";
/// The `anthropic-version` header the SDK sends.
pub const ANTHROPIC_VERSION: &str = "2023-06-01";
/// Stream events pi-ai reads; others (`ping`, new ones) are skipped.
const MESSAGE_EVENTS: [&str; 6] = [
    "message_start",
    "message_delta",
    "message_stop",
    "content_block_start",
    "content_block_delta",
    "content_block_stop",
];

/// An Anthropic Messages provider.
#[derive(Debug, Clone)]
pub struct AnthropicMessages {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
}

impl AnthropicMessages {
    /// A provider sending through `client`. Without [`Self::with_base_url`] each request
    /// goes to its model's `baseUrl`.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
        }
    }
}

impl ConfigureEndpoint for AnthropicMessages {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for AnthropicMessages {
    fn stream(&self, request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let call = Call {
            client: self.client.clone(),
            settings: Arc::clone(&self.settings),
            compat: Compat::for_model(&request.model),
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
    compat: Compat,
    request: ProviderRequest,
    cancel: CancellationToken,
}

/// A response whose body is being read.
struct Streaming {
    sse: SseStream,
    /// Taken by the final events.
    reader: Option<EventReader>,
    cancel: CancellationToken,
    /// Shown each parsed event first (`provider_stream_event`).
    hooks: Option<SharedRequestHooks>,
    model: Model,
}

impl Call {
    async fn connect(self: Box<Self>) -> (Vec<AssistantMessageEvent>, Option<Streaming>) {
        let model = &self.request.model;
        let key = self.key();
        let is_oauth = key.as_deref().is_some_and(|key| key.contains("sk-ant-oat"));
        // A session whose strict tools were rejected before sends them non-strict at once.
        let session_id = self.request.session_id.as_deref();
        let mut disable_strict = session_affinity::has_exceeded_strict_tool_limits(session_id);
        let mut builder = AssistantMessageBuilder::new(model);
        if key.is_none() && !transport::has_auth_header(model, &self.settings.headers) {
            let error = ProviderError::MissingApiKey {
                provider: model.provider.clone(),
                hint: self.context(String::new()).key_hint(),
            };
            return (vec![fail_before_start(builder, &error, &self.cancel)], None);
        }
        let hooks = self.request.hooks.clone();
        let header_edits =
            request_hooks::edit_headers(hooks.as_ref(), model, &self.settings.headers).await;
        let response = loop {
            let body = match self.body(is_oauth, disable_strict) {
                Ok(body) => body,
                Err(error) => {
                    return (vec![fail_before_start(builder, &error, &self.cancel)], None)
                }
            };
            if let Some(level) = &body.provider_thinking_level {
                let mut partial = builder.message().clone();
                partial
                    .extra
                    .insert(messages::PROVIDER_THINKING_LEVEL.into(), json!(level));
                builder = AssistantMessageBuilder::from_partial(partial);
            }
            let mut post = match self.post(key.as_deref(), is_oauth, &body) {
                Ok(post) => post,
                Err(error) => {
                    return (vec![fail_before_start(builder, &error, &self.cancel)], None)
                }
            };
            if let Some(edits) = &header_edits {
                edits.apply(&mut post.headers);
            }
            // pi-ai keeps `stream: true` whatever the payload hook returned.
            if let Err(error) =
                request_hooks::rewrite_payload(hooks.as_ref(), model, &mut post, true).await
            {
                return (vec![fail_before_start(builder, &error, &self.cancel)], None);
            }
            match self
                .client
                .post_json_worded(post, &self.cancel, transport::error_message)
                .await
            {
                Ok(response) => break response,
                // Claude rejected the strict tools as too many: resend them non-strict once.
                Err(error)
                    if !disable_strict
                        && body.has_preferred_strict_tools
                        && !self.cancel.is_cancelled()
                        && transport::is_strict_tool_limit_error(&error) =>
                {
                    disable_strict = true;
                    session_affinity::mark_strict_tool_limits_exceeded(session_id);
                }
                Err(error) => {
                    return (vec![fail_before_start(builder, &error, &self.cancel)], None)
                }
            }
        };
        request_hooks::observe_response(hooks.as_ref(), model, response.status, &response.headers)
            .await;
        let oauth_tools = is_oauth.then_some(self.request.tools.as_slice());
        let reader = EventReader::new(builder, model.clone(), self.compat.clone(), oauth_tools);
        let start = reader.start();
        let streaming = Streaming {
            sse: response.into_sse(),
            reader: Some(reader),
            cancel: self.cancel.clone(),
            hooks,
            model: model.clone(),
        };
        (vec![start], Some(streaming))
    }

    /// The request's key, else the provider's; empty counts as none.
    fn key(&self) -> Option<String> {
        self.request
            .api_key
            .clone()
            .or_else(|| self.settings.api_key.clone())
            .filter(|key| !key.is_empty())
    }

    fn body(&self, is_oauth: bool, disable_preferred_strict: bool) -> Result<Body, ProviderError> {
        let model = &self.request.model;
        let messages = transform_messages(&self.request.messages, model, &normalize_tool_call_id);
        build_body(&BodyInput {
            model,
            compat: &self.compat,
            system_prompt: &self.request.system_prompt,
            original: &self.request.messages,
            messages: &messages,
            tools: &self.request.tools,
            thinking_level: self.request.thinking_level,
            is_oauth,
            extra_headers: &self.settings.headers,
            disable_preferred_strict,
            no_cache_retention: self.request.no_cache_retention,
        })
        .map_err(|detail| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail,
        })
    }

    /// The HTTP request for `body`.
    fn post(
        &self,
        key: Option<&str>,
        is_oauth: bool,
        body: &Body,
    ) -> Result<JsonPost, ProviderError> {
        let model = &self.request.model;
        let base_url = self
            .settings
            .base_url
            .as_deref()
            .filter(|url| !url.is_empty())
            .or(Some(model.base_url.as_str()).filter(|url| !url.is_empty()))
            .unwrap_or(DEFAULT_BASE_URL);
        let url = format!(
            "{}/v1/messages?beta=true",
            base_url.strip_suffix('/').unwrap_or(base_url)
        );
        let context = self.context(url.clone());
        let extra = session_affinity::with_opencode_session(
            model,
            self.request.session_id.as_deref(),
            &self.settings.headers,
        );
        let headers = transport::request_headers(
            model,
            &extra,
            key,
            is_oauth,
            &body.betas,
            self.request.cache_session_id(),
        );
        let body =
            serde_json::to_vec(&body.json).map_err(|error| ProviderError::InvalidRequest {
                provider: model.provider.clone(),
                detail: format!("cannot serialise the request: {error}"),
            })?;
        Ok(JsonPost {
            url,
            headers,
            body: body.into(),
            context,
        })
    }

    fn context(&self, url: String) -> ErrorContext {
        ErrorContext {
            provider: self.request.model.provider.clone(),
            model: self.request.model.id.clone(),
            url,
            key_hint: self.settings.key_hint.clone(),
        }
    }
}

impl Streaming {
    fn finish(&mut self, aborted: bool) -> Vec<AssistantMessageEvent> {
        let aborted = aborted || self.cancel.is_cancelled();
        self.reader
            .take()
            .map(|reader| reader.finish(aborted))
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
    /// The events of the next SSE event, or (as `Err`) the final events.
    async fn next(&mut self) -> Result<Vec<AssistantMessageEvent>, Vec<AssistantMessageEvent>> {
        let event = match self.sse.next_event(&self.cancel).await {
            Ok(Some(event)) => event,
            Ok(None) => return Err(self.finish(false)),
            Err(error) => return Err(self.fail(&error)),
        };
        let name = event.event.as_deref().unwrap_or_default();
        if name == "error" {
            return Err(self.fail(&ProviderError::StreamError {
                message: event.data,
            }));
        }
        if !MESSAGE_EVENTS.contains(&name) {
            return Ok(Vec::new());
        }
        let parsed = match parse_with_repair(&event.data) {
            Ok(parsed) => parsed,
            Err(reason) => {
                let raw = std::iter::once(format!("event: {name}"))
                    .chain(event.data.split('\n').map(|line| format!("data: {line}")))
                    .collect::<Vec<_>>()
                    .join("\\n");
                let message = format!(
                    "Could not parse Anthropic SSE event {name}: {reason}; data={}; raw={raw}",
                    event.data
                );
                return Err(self.fail(&ProviderError::StreamError { message }));
            }
        };
        request_hooks::observe_event(self.hooks.as_ref(), &self.model, &parsed).await;
        let Some(reader) = self.reader.as_mut() else {
            return Err(Vec::new());
        };
        match reader.event(&parsed) {
            Ok(events) => Ok(events),
            Err(error) => Err(self.fail(&error)),
        }
    }
}

/// Strict JSON parse; when that fails and repairing changes the text, a parse of the repair
/// (pi-ai `parseJsonWithRepair`).
fn parse_with_repair(data: &str) -> Result<Value, String> {
    serde_json::from_str(data).or_else(|first| {
        let repaired = crate::json::repair_json(data);
        if repaired == data {
            return Err(first.to_string());
        }
        serde_json::from_str(&repaired).map_err(|error| error.to_string())
    })
}

/// The lone `Error` of a request that failed before its response arrived.
fn fail_before_start(
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

/// Tool-call ids from other APIs, made acceptable to Anthropic (`^[a-zA-Z0-9_-]{1,64}$`):
/// other characters become `_` (one per UTF-16 unit, as in pi-ai), then the first 64 are kept.
pub fn normalize_tool_call_id(id: &str) -> String {
    id.chars()
        .flat_map(|c| {
            let keep = c.is_ascii_alphanumeric() || c == '_' || c == '-';
            let (c, count) = if keep { (c, 1) } else { ('_', c.len_utf16()) };
            std::iter::repeat_n(c, count)
        })
        .take(64)
        .collect()
}

#[cfg(test)]
#[path = "anthropic/tests.rs"]
mod tests;
