//! The `bedrock-converse-stream` API: Amazon Bedrock's ConverseStream, as pi-ai 1.6.0 sends
//! it through the AWS SDK.
//!
//! `POST {endpoint}/model/{modelId}/converse-stream` with the JSON body of [`request`],
//! signed with AWS Signature Version 4 ([`sigv4`]) from `AWS_ACCESS_KEY_ID` /
//! `AWS_SECRET_ACCESS_KEY` / `AWS_SESSION_TOKEN` (else an AWS profile's static keys,
//! [`profile`]), or sent with `Authorization: Bearer` when
//! there is an API key (`--api-key`, models.json, auth.json) or `AWS_BEARER_TOKEN_BEDROCK`.
//! `AWS_BEDROCK_SKIP_AUTH=1` signs with dummy keys, for proxies that need none. The endpoint
//! and region follow pi-ai ([`config`]). The response is the binary
//! `application/vnd.amazon.eventstream` framing ([`eventstream`]) read by [`stream`].
//!
//! Event order follows pi-ai: `Start` at the stream's `messageStart`, blocks as they stream,
//! then `Done`, or `Error` ("Bedrock stream ended without a stop reason", "Provider stopped
//! with: …", an exception event as "Throttling error: …"). HTTP errors read as the SDK and
//! pi-ai word them: `<prefix>: <message>` with the error type of `x-amzn-errortype` (or
//! `Unknown`). An abort reads "Request was aborted".
//!
//! Not carried over: credentials from SSO, assumed roles, credential processes, web identity,
//! containers or instance roles (the rest of the SDK's default chain; tau says which
//! variables to set), HTTP
//! proxies, the retry without strict tools after a strict-tool-limit rejection, the SDK's
//! own retries, and `after_provider_response` for error responses.

pub mod config;
pub mod eventstream;
pub mod profile;
pub mod request;
pub mod sigv4;
pub mod stream;

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::SystemTime;

use reqwest::header::HeaderMap;
use serde_json::Value;
use tau_protocol::{AssistantMessageEvent, Model, StopReason};
use tokio_util::sync::CancellationToken;

use crate::builder::AssistantMessageBuilder;
use crate::endpoint::{drive, ConfigureEndpoint, EndpointSettings, ResponseBody};
use crate::error::{truncate_error_text, ErrorContext, ProviderError};
use crate::http::{HttpClient, HttpResponse, JsonPost};
use crate::provider::{EventStream, Provider, ProviderRequest};
use crate::request_hooks::{self, HeaderEdits, SharedRequestHooks};
use crate::transform::transform_messages;
use config::{Auth, Target};
use eventstream::{Decoder, Message};
use request::{build_payload, normalize_tool_call_id, to_wire, PayloadInput};
use stream::{exception_prefix, EventReader, ABORTED_IN_FLIGHT};

/// The `api` name of this provider.
pub const API: &str = "bedrock-converse-stream";

/// An Amazon Bedrock provider.
#[derive(Debug, Clone)]
pub struct Bedrock {
    client: HttpClient,
    settings: Arc<EndpointSettings>,
}

impl Bedrock {
    /// A provider sending through `client`. Without [`ConfigureEndpoint::with_base_url`]
    /// each request goes where its model's `baseUrl` and the AWS region say.
    pub fn new(client: HttpClient) -> Self {
        Self {
            client,
            settings: Arc::new(EndpointSettings::default()),
        }
    }
}

impl ConfigureEndpoint for Bedrock {
    fn endpoint_mut(&mut self) -> &mut Arc<EndpointSettings> {
        &mut self.settings
    }
}

impl Provider for Bedrock {
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
    builder: Option<AssistantMessageBuilder>,
    request: ProviderRequest,
    cancel: CancellationToken,
}

/// A response whose event stream is being read.
struct Streaming {
    response: HttpResponse,
    decoder: Decoder,
    pending: VecDeque<Message>,
    reader: Option<EventReader>,
    cancel: CancellationToken,
    hooks: Option<SharedRequestHooks>,
    model: Model,
}

/// Reads a variable of the process environment.
fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|value| !value.is_empty())
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
        let post = match self.post(hooks.as_ref(), header_edits.as_ref()).await {
            Ok(post) => post,
            Err(error) => return fail(builder, error, &self.cancel),
        };
        let response = match self
            .client
            .post_json_worded_by(post, &self.cancel, &error_message)
            .await
        {
            Ok(response) => response,
            Err(error) => return fail(builder, error, &self.cancel),
        };
        request_hooks::observe_response(hooks.as_ref(), &model, response.status, &response.headers)
            .await;
        let streaming = Streaming {
            response,
            decoder: Decoder::new(),
            pending: VecDeque::new(),
            reader: Some(EventReader::new(builder, model.clone())),
            cancel: self.cancel.clone(),
            hooks,
            model,
        };
        (Vec::new(), Some(streaming))
    }

    /// The signed HTTP request: pi-ai's command input, rewritten by the payload hook, in
    /// the SDK's wire form.
    async fn post(
        &self,
        hooks: Option<&SharedRequestHooks>,
        header_edits: Option<&HeaderEdits>,
    ) -> Result<JsonPost, ProviderError> {
        let model = &self.request.model;
        let invalid = |detail: String| ProviderError::InvalidRequest {
            provider: model.provider.clone(),
            detail,
        };
        let env = process_env;
        let target = Target::resolve(model, self.settings.base_url.as_deref(), &env);
        let auth = Auth::resolve(
            self.settings
                .key(self.request.api_key.as_deref())
                .as_deref(),
            &env,
        )
        .map_err(|detail| ProviderError::MissingApiKey {
            provider: model.provider.clone(),
            hint: detail,
        })?;
        let messages = transform_messages(&self.request.messages, model, &normalize_tool_call_id);
        let mut payload = build_payload(&PayloadInput {
            model,
            system_prompt: &self.request.system_prompt,
            original: &self.request.messages,
            messages: &messages,
            tools: &self.request.tools,
            thinking_level: self.request.thinking_level,
            region: &target.region,
            env: &env,
            no_cache_retention: self.request.no_cache_retention,
        })
        .map_err(invalid)?;
        if let Some(hooks) = hooks.filter(|hooks| hooks.0.wants().payload) {
            payload = hooks.0.payload(payload, model).await;
        }
        // The hook may have changed the model: the URL follows the payload, as in the SDK.
        let model_id = payload
            .get("modelId")
            .and_then(Value::as_str)
            .unwrap_or(&model.id)
            .to_owned();
        let url = target.url(&model_id).map_err(invalid)?;
        let body = serde_json::to_vec(&to_wire(&payload))
            .map_err(|error| invalid(format!("cannot serialise the request: {error}")))?;
        // The headers hook edits the headers before they are signed, as pi-ai's build-step
        // middleware does.
        let edit = |headers: &mut Vec<(String, String)>| {
            if let Some(edits) = header_edits {
                edits.apply(headers);
            }
        };
        let headers = config::headers(
            model,
            &self.settings.headers,
            &edit,
            &url,
            &body,
            &target,
            &auth,
            SystemTime::now(),
        )
        .map_err(invalid)?;
        let context = ErrorContext {
            provider: model.provider.clone(),
            model: model.id.clone(),
            url: url.to_string(),
            key_hint: self.settings.key_hint.clone(),
        };
        Ok(JsonPost {
            url: url.to_string(),
            headers,
            body: body.into(),
            context,
        })
    }
}

/// The SDK's error for an HTTP failure, as pi-ai prints it: the error type (from
/// `x-amzn-errortype`, else the body's `__type` or `code`, else `Unknown`) with pi-ai's
/// prefix, then the body's `message` (`UnknownError` when it has none). A body that is not
/// JSON shows as `<status>: <body>` (the SDK reports a JSON parse error there).
pub fn error_message(status: u16, headers: &HeaderMap, body: &str) -> String {
    let parsed: Option<Value> = if body.trim().is_empty() {
        Some(Value::Object(serde_json::Map::new()))
    } else {
        serde_json::from_str(body).ok()
    };
    let Some(parsed) = parsed.filter(Value::is_object) else {
        return format!("{status}: {}", truncate_error_text(body.trim()));
    };
    let sanitize = |raw: &str| {
        let raw = raw.split(':').next().unwrap_or(raw);
        raw.rsplit('#').next().unwrap_or(raw).to_owned()
    };
    let name = headers
        .get("x-amzn-errortype")
        .and_then(|value| value.to_str().ok())
        .map(sanitize)
        .or_else(|| {
            ["code", "__type"]
                .iter()
                .find_map(|key| parsed.get(*key).and_then(Value::as_str).map(sanitize))
        })
        .unwrap_or_else(|| "Unknown".to_owned());
    let message = parsed
        .get("message")
        .or_else(|| parsed.get("Message"))
        .and_then(Value::as_str)
        .unwrap_or("UnknownError");
    let prefix = if name == "Unknown" {
        "Unknown"
    } else {
        exception_prefix(&name)
    };
    format!("{prefix}: {}", truncate_error_text(message))
}

impl Streaming {
    fn finish(&mut self) -> Vec<AssistantMessageEvent> {
        if self.cancel.is_cancelled() {
            return self.fail(&ProviderError::Aborted);
        }
        self.reader
            .take()
            .map(EventReader::finish)
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
    /// The events of the next stream message, or (as `Err`) the final events.
    async fn next(&mut self) -> Result<Vec<AssistantMessageEvent>, Vec<AssistantMessageEvent>> {
        let message = loop {
            if let Some(message) = self.pending.pop_front() {
                break message;
            }
            match self.response.chunk(&self.cancel).await {
                Ok(Some(chunk)) => match self.decoder.push(&chunk) {
                    Ok(messages) => self.pending = messages,
                    Err(detail) => {
                        return Err(self.fail(&ProviderError::StreamError { message: detail }))
                    }
                },
                Ok(None) if self.cancel.is_cancelled() => {
                    return Err(self.fail(&ProviderError::Aborted))
                }
                Ok(None) if self.decoder.has_partial() => {
                    return Err(self.fail(&ProviderError::StreamCut {
                        detail: "the event stream ended inside a message".into(),
                    }))
                }
                Ok(None) => return Err(self.finish()),
                Err(error) => return Err(self.fail(&error)),
            }
        };
        if let Some(event) = stream_event_json(&message) {
            request_hooks::observe_event(self.hooks.as_ref(), &self.model, &event).await;
        }
        let Some(reader) = self.reader.as_mut() else {
            return Err(Vec::new());
        };
        match reader.message(&message) {
            Ok(events) => Ok(events),
            Err(error) => Err(self.fail(&error)),
        }
    }
}

/// The stream item as the SDK hands it to pi-ai's `onProviderStreamEvent`: one member named
/// after the event (or exception) type, holding its parsed payload.
fn stream_event_json(message: &Message) -> Option<Value> {
    let name = match message.header(":message-type").unwrap_or("event") {
        "event" => message.header(":event-type")?,
        "exception" => message.header(":exception-type")?,
        _ => return None,
    };
    let payload: Value = serde_json::from_slice(&message.payload).ok()?;
    Some(serde_json::json!({ name: payload }))
}

#[cfg(test)]
#[path = "bedrock/tests.rs"]
mod tests;
