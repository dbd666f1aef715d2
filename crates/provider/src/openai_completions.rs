//! The `openai-completions` API: OpenAI Chat Completions streaming, as pi-ai 1.6.0 speaks
//! it to OpenAI and to every compatible server (llama.cpp, Ollama, vLLM, LM Studio,
//! OpenRouter, DeepSeek…).
//!
//! `POST {baseUrl}/chat/completions` with `Authorization: Bearer <key>` and a streamed
//! body (see [`request`] for its keys and [`messages`] for the conversation); the response
//! is server-sent `chat.completion.chunk`s ending with `data: [DONE]` ([`chunk`]).
//! Per-server quirks come from the model's `compat` ([`compat`]).
//!
//! Event order follows pi-ai: `Start` once the response headers arrived (an error before
//! that is a lone `Error`), deltas as chunks arrive, every `*_end` after the stream, then
//! `Done`. A stream that ends without `finish_reason` or with an error finish reason still
//! closes its blocks and then ends with `Error`, keeping the partial content; a transport
//! failure or a malformed chunk ends with `Error` at once.

mod cache_control;
pub mod chunk;
pub mod compat;
mod encode;
pub mod messages;
mod reasoning;
pub mod request;
mod upload;

use std::sync::Arc;

use serde_json::Value;
use tau_protocol::{AgentMessage, AssistantMessageEvent, Model};
use tokio_util::sync::CancellationToken;

use crate::builder::AssistantMessageBuilder;
use crate::endpoint::{drive, ConfigureEndpoint, EndpointSettings, ResponseBody};
use crate::error::ProviderError;
use crate::http::{HttpClient, JsonPost, SseStream};
pub use crate::openai_common::DEFAULT_BASE_URL;
use crate::openai_common::{fail_before_start, stream_error, SessionHeaders};
use crate::provider::{EventStream, Provider, ProviderRequest};
use crate::request_hooks::{self, SharedRequestHooks};
use crate::session_affinity::SessionAffinityFormat;
use crate::transform::transform_messages_borrowed;
use chunk::ChunkReader;
use compat::Compat;
use encode::encode_body;
use request::{BodyInput, ContextFacts};

/// The `api` name of this provider.
pub const API: &str = "openai-completions";
/// An OpenAI Chat Completions provider.
#[derive(Debug, Clone)]
pub struct OpenAiCompletions {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
}

impl OpenAiCompletions {
    /// A provider sending through `client`. Without [`Self::with_base_url`] each request
    /// goes to its model's `baseUrl`.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
        }
    }
}

impl ConfigureEndpoint for OpenAiCompletions {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for OpenAiCompletions {
    fn stream(&self, mut request: ProviderRequest, cancel: CancellationToken) -> EventStream {
        let messages = std::mem::take(&mut request.messages);
        let refs: Vec<&AgentMessage> = messages.iter().collect();
        self.stream_borrowed(request, &refs, cancel)
    }

    /// Serialises the body at once, reading `messages` in place; the stream then only
    /// holds the bytes.
    fn stream_borrowed(
        &self,
        request: ProviderRequest,
        messages: &[&AgentMessage],
        cancel: CancellationToken,
    ) -> EventStream {
        let compat = Compat::for_model(&request.model);
        let hooks = request.hooks.clone();
        // A request whose headers or body a hook may change is built in full first.
        let edits_request = hooks
            .as_ref()
            .is_some_and(|hooks| hooks.0.wants().edits_request());
        let streamed = !compat.anthropic_cache_control
            && !edits_request
            && upload::can_stream()
            && encode::estimated_size(messages) >= upload::STREAM_FROM;
        let (post, pending) = if streamed {
            match send_streamed(
                &self.settings,
                &self.client,
                &request,
                messages,
                &compat,
                &cancel,
            ) {
                Ok(pending) => (Err(ProviderError::Aborted), Some(pending)),
                Err(error) => (Err(error), None),
            }
        } else {
            (
                prepare_post(&self.settings, &request, messages, &compat),
                None,
            )
        };
        let call = Call {
            client: self.client.clone(),
            builder: Some(AssistantMessageBuilder::new(&request.model)),
            supports_finish_reason: compat.supports_finish_reason,
            model: request.model,
            extra_headers: self.settings.headers.clone(),
            post,
            pending,
            hooks,
            cancel,
        };
        drive(Box::new(call).connect())
    }
}

/// One request before its response arrived.
struct Call {
    client: HttpClient,
    /// Taken when the stream starts.
    builder: Option<AssistantMessageBuilder>,
    supports_finish_reason: bool,
    model: Model,
    /// The provider's extra headers, shown to the headers hook with the model's.
    extra_headers: Vec<(String, String)>,
    /// The HTTP request, or why it could not be built (reported once the stream is polled).
    post: Result<JsonPost, ProviderError>,
    /// A request already under way (its body was streamed; `post` is then unused).
    pending: Option<upload::PendingResponse>,
    hooks: Option<SharedRequestHooks>,
    cancel: CancellationToken,
}

/// A response whose body is being read.
struct Streaming {
    sse: SseStream,
    /// Taken by the final events.
    reader: Option<ChunkReader>,
    cancel: CancellationToken,
    supports_finish_reason: bool,
    /// Shown each parsed chunk first (`provider_stream_event`).
    hooks: Option<SharedRequestHooks>,
    model: Model,
}

impl Call {
    async fn connect(mut self: Box<Self>) -> (Vec<AssistantMessageEvent>, Option<Streaming>) {
        let Some(builder) = self.builder.take() else {
            return (Vec::new(), None);
        };
        let sent = match self.pending.take() {
            Some(pending) => match pending.await {
                Ok(response) => response,
                Err(_) => Err(ProviderError::Aborted),
            },
            None => {
                // `connect` runs once (the builder is gone after it), so the placeholder is
                // never read.
                match std::mem::replace(&mut self.post, Err(ProviderError::Aborted)) {
                    Ok(post) => match self.run_request_hooks(post).await {
                        Ok(post) => self.client.post_json(post, &self.cancel).await,
                        Err(error) => Err(error),
                    },
                    Err(error) => Err(error),
                }
            }
        };
        let response = match sent {
            Ok(response) => response,
            Err(error) => return (vec![fail_before_start(builder, &error, &self.cancel)], None),
        };
        request_hooks::observe_response(
            self.hooks.as_ref(),
            &self.model,
            response.status,
            &response.headers,
        )
        .await;
        let reader = ChunkReader::new(builder, self.model.clone());
        let start = reader.start();
        let streaming = Streaming {
            sse: response.into_sse(),
            reader: Some(reader),
            cancel: self.cancel.clone(),
            supports_finish_reason: self.supports_finish_reason,
            hooks: self.hooks.take(),
            model: self.model.clone(),
        };
        (vec![start], Some(streaming))
    }

    /// The headers hook, then the payload hook, over the built request.
    async fn run_request_hooks(&self, mut post: JsonPost) -> Result<JsonPost, ProviderError> {
        request_hooks::apply_to_post(
            self.hooks.as_ref(),
            &self.model,
            &self.extra_headers,
            &mut post,
        )
        .await?;
        Ok(post)
    }
}

/// Starts the request for `request` with its body streamed from the conversation
/// `original` as it is written (see [`upload`]).
fn send_streamed(
    settings: &EndpointSettings,
    client: &HttpClient,
    request: &ProviderRequest,
    original: &[&AgentMessage],
    compat: &Compat,
    cancel: &CancellationToken,
) -> Result<upload::PendingResponse, ProviderError> {
    let model = &request.model;
    let post = empty_post(settings, request)?;
    with_body_input(request, original, compat, |input, facts| {
        upload::send_streamed(client, post, cancel, |writer| {
            encode::encode_body_to(input, facts, writer)
        })
    })
    .map_err(|detail| ProviderError::InvalidRequest {
        provider: model.provider.clone(),
        detail,
    })
}

/// Runs `f` with the body input for `request` over the conversation `original`, read in
/// place: only messages the transform rewrites are copied.
fn with_body_input<R>(
    request: &ProviderRequest,
    original: &[&AgentMessage],
    compat: &Compat,
    f: impl FnOnce(&BodyInput<'_, &AgentMessage>, ContextFacts) -> R,
) -> R {
    let model = &request.model;
    let facts = ContextFacts::of(model, &request.system_prompt, &request.tools, original);
    let transformed = transform_messages_borrowed(original, model, &|id| {
        normalize_tool_call_id(id, &model.provider)
    });
    let messages: Vec<&AgentMessage> = transformed.iter().map(|message| &**message).collect();
    let input = BodyInput {
        model,
        system_prompt: &request.system_prompt,
        original: &[],
        messages: &messages,
        tools: &request.tools,
        thinking_level: request.thinking_level,
        compat,
        long_cache: !request.no_cache_retention
            && std::env::var("PI_CACHE_RETENTION").is_ok_and(|value| value == "long"),
        cache_session_id: request.cache_session_id(),
        no_cache_retention: request.no_cache_retention,
    };
    f(&input, facts)
}

/// The request to the model's endpoint, with an empty body.
fn empty_post(
    settings: &EndpointSettings,
    request: &ProviderRequest,
) -> Result<JsonPost, ProviderError> {
    let model = &request.model;
    let url = settings.url(model, "chat/completions");
    let context = settings.context(model, &url);
    let session = SessionHeaders {
        session_id: request.session_id.as_deref(),
        affinity: affinity_headers(&Compat::for_model(model), request.cache_session_id()),
    };
    let headers = settings.headers(model, request.api_key.as_deref(), &context, session)?;
    Ok(JsonPost {
        url,
        headers,
        body: Vec::new().into(),
        context,
    })
}

/// The HTTP request for `request` with the conversation `original`, which is read in place:
/// only messages the transform rewrites are copied.
fn prepare_post(
    settings: &EndpointSettings,
    request: &ProviderRequest,
    original: &[&AgentMessage],
    compat: &Compat,
) -> Result<JsonPost, ProviderError> {
    let model = &request.model;
    let mut post = empty_post(settings, request)?;
    let body = with_body_input(request, original, compat, |input, facts| {
        encode_body(input, facts)
    })
    .map_err(|detail| ProviderError::InvalidRequest {
        provider: model.provider.clone(),
        detail,
    })?;
    post.body = body.into();
    Ok(post)
}

impl Streaming {
    fn finish(&mut self, aborted: bool) -> Vec<AssistantMessageEvent> {
        let aborted = aborted || self.cancel.is_cancelled();
        match self.reader.take() {
            Some(reader) => reader.finish(aborted, self.supports_finish_reason),
            None => Vec::new(),
        }
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
            // pi-ai's SDK ends the chunk loop quietly on abort, so the blocks still close.
            Err(ProviderError::Aborted) => return Err(self.finish(true)),
            Err(error) => return Err(self.fail(&error)),
        };
        // The SDK stops reading at `[DONE]`; anything after it is ignored.
        if event.data == "[DONE]" {
            return Err(self.finish(false));
        }
        let chunk: Value = match serde_json::from_str(&event.data) {
            Ok(chunk) => chunk,
            Err(_) => return Err(self.fail(&ProviderError::MalformedEvent { data: event.data })),
        };
        if let Some(error) = stream_error(event.event.as_deref(), &chunk) {
            return Err(self.fail(&error));
        }
        request_hooks::observe_event(self.hooks.as_ref(), &self.model, &chunk).await;
        Ok(self
            .reader
            .as_mut()
            .map(|reader| reader.chunk(&chunk))
            .unwrap_or_default())
    }
}

/// Tool-call ids from other APIs, made acceptable to Chat Completions: OpenAI Responses ids
/// (`call_id|item_id`) become `call_id_item_id` sanitised to 40 characters, and OpenAI's
/// own ids are cut to 40 characters.
pub fn normalize_tool_call_id(id: &str, provider: &str) -> String {
    let sanitize = |part: &str| -> String {
        part.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    if let Some((call_id, item_id)) = id.split_once('|') {
        let call_id = sanitize(call_id);
        let item_id = sanitize(item_id);
        let combined = if item_id.is_empty() {
            call_id.clone()
        } else {
            format!("{call_id}_{item_id}")
        };
        if combined.len() <= 40 {
            return combined;
        }
        let hash = short_hash(id);
        let keep = 40usize.saturating_sub(hash.len() + 1).max(1);
        let prefix: String = call_id.chars().take(keep).collect();
        return format!("{prefix}_{hash}");
    }
    if provider == "openai" && id.chars().count() > 40 {
        return id.chars().take(40).collect();
    }
    id.to_owned()
}

/// An 8-hex-digit FNV-1a hash: stable, short, only needs to keep distinct ids distinct.
fn short_hash(text: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in text.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

#[cfg(test)]
#[path = "openai_completions/tests.rs"]
mod tests;

/// The session-affinity headers pi-ai sends when `compat.sendSessionAffinityHeaders` is on
/// (by default for OpenRouter) and caching is: OpenRouter's `x-session-id`, else
/// `x-client-request-id` and `x-session-affinity`, with `session_id` in OpenAI's format.
fn affinity_headers(compat: &Compat, session_id: Option<&str>) -> Vec<(String, String)> {
    let Some(id) = session_id.filter(|id| !id.is_empty() && compat.send_session_affinity_headers)
    else {
        return Vec::new();
    };
    let names: &[&str] = match compat.session_affinity_format {
        SessionAffinityFormat::OpenRouter => &["x-session-id"],
        SessionAffinityFormat::OpenAi => {
            &["session_id", "x-client-request-id", "x-session-affinity"]
        }
        SessionAffinityFormat::NoSession => &["x-client-request-id", "x-session-affinity"],
    };
    names
        .iter()
        .map(|name| ((*name).to_owned(), id.to_owned()))
        .collect()
}
