//! The HTTP client every provider shares: POST a JSON body, stream the response back.
//!
//! One `reqwest` client (rustls, no native TLS) keeps a connection pool for the process.
//! Everything here is cancellable: each await races the request's `CancellationToken`, and
//! dropping a future drops its connection, so an abort stops the transfer at once. Three
//! timeouts apply: connecting, waiting for the response headers (Pi's SDK waits 300 s), and
//! an idle timeout between body chunks that catches a stalled stream. Failures become
//! [`ProviderError`]s worded as Pi words them.

use std::time::Duration;

use bytes::Bytes;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use tokio_util::sync::CancellationToken;

use crate::error::{ErrorContext, ProviderError};
use crate::http::sse::{SseEvent, SseParser};

/// Largest error body read before giving up on the rest (the message keeps 4000 chars).
const MAX_ERROR_BODY_BYTES: usize = 1 << 20;

/// How long the client waits at each stage of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// Establishing the TCP and TLS connection.
    pub connect: Duration,
    /// From sending the request to receiving the response headers (the OpenAI SDK's
    /// `timeout`, 300 s in Pi).
    pub response: Duration,
    /// Longest silence between two chunks of the response body.
    pub idle: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            connect: Duration::from_secs(30),
            response: Duration::from_secs(300),
            idle: Duration::from_secs(300),
        }
    }
}

/// A POST request with a JSON body.
#[derive(Debug)]
pub struct JsonPost {
    /// Full URL.
    pub url: String,
    /// Headers in order; a later one replaces an earlier one of the same name (any case).
    pub headers: Vec<(String, String)>,
    /// The serialized JSON body: bytes, or a stream written while it is sent (a body of
    /// tens of megabytes is not held whole).
    pub body: reqwest::Body,
    /// Who the request is for, for error messages.
    pub context: ErrorContext,
}

/// The shared client. Cheap to clone: clones share the connection pool.
#[derive(Debug, Clone)]
pub struct HttpClient {
    client: reqwest::Client,
    timeouts: Timeouts,
}

impl HttpClient {
    /// A client with the given timeouts. Fails only when the TLS backend cannot start.
    pub fn new(timeouts: Timeouts) -> Result<Self, ProviderError> {
        let client = reqwest::Client::builder()
            .connect_timeout(timeouts.connect)
            .user_agent(user_agent())
            .build()
            .map_err(|error| ProviderError::InvalidRequest {
                provider: "http".to_owned(),
                detail: format!("cannot start the HTTP client: {}", deepest_message(&error)),
            })?;
        Ok(Self { client, timeouts })
    }

    /// The client's timeouts.
    pub fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    /// Sends `request` and waits for the response headers. A non-success status reads the
    /// error body and returns the matching [`ProviderError`]; cancelling `cancel` returns
    /// [`ProviderError::Aborted`] at once.
    pub async fn post_json(
        &self,
        request: JsonPost,
        cancel: &CancellationToken,
    ) -> Result<HttpResponse, ProviderError> {
        self.post_json_worded(request, cancel, crate::error::http_error_message)
            .await
    }

    /// [`Self::post_json`] for an API whose SDK words HTTP errors its own way: `word` turns
    /// the status and the error body into Pi's text.
    pub async fn post_json_worded(
        &self,
        request: JsonPost,
        cancel: &CancellationToken,
        word: fn(u16, &str) -> String,
    ) -> Result<HttpResponse, ProviderError> {
        self.post_json_worded_by(request, cancel, &|status, _, body| word(status, body))
            .await
    }

    /// [`Self::post_json_worded`] for an API whose error text also depends on the response
    /// headers (Bedrock names the error type in `x-amzn-errortype`).
    pub async fn post_json_worded_by(
        &self,
        request: JsonPost,
        cancel: &CancellationToken,
        word: &(dyn Fn(u16, &HeaderMap, &str) -> String + Sync),
    ) -> Result<HttpResponse, ProviderError> {
        let headers = header_map(&request.headers, &request.context)?;
        let builder = self
            .client
            .post(&request.url)
            .headers(headers)
            .body(request.body);
        let send = tokio::time::timeout(self.timeouts.response, builder.send());
        let response = tokio::select! {
            biased;
            () = cancel.cancelled() => return Err(ProviderError::Aborted),
            result = send => match result {
                Err(_) => return Err(ProviderError::Timeout { millis: millis(self.timeouts.response) }),
                Ok(Err(error)) => return Err(send_error(&error, &request.url)),
                Ok(Ok(response)) => response,
            },
        };
        let mut response = HttpResponse {
            status: response.status().as_u16(),
            headers: response.headers().clone(),
            body: response,
            idle: self.timeouts.idle,
        };
        if (200..300).contains(&response.status) {
            return Ok(response);
        }
        let body = response.read_error_body(cancel).await?;
        Err(ProviderError::from_status_message(
            response.status,
            word(response.status, &response.headers, &body),
            &request.context,
        ))
    }
}

/// A response whose body has not been read yet.
#[derive(Debug)]
pub struct HttpResponse {
    /// HTTP status code.
    pub status: u16,
    /// Response headers.
    pub headers: HeaderMap,
    body: reqwest::Response,
    idle: Duration,
}

impl HttpResponse {
    /// The next chunk of the body; `None` at its end. Fails on cancellation, on a stall
    /// longer than the idle timeout and when the connection breaks.
    pub async fn chunk(
        &mut self,
        cancel: &CancellationToken,
    ) -> Result<Option<Bytes>, ProviderError> {
        tokio::select! {
            biased;
            () = cancel.cancelled() => Err(ProviderError::Aborted),
            result = tokio::time::timeout(self.idle, self.body.chunk()) => match result {
                Err(_) => Err(ProviderError::IdleTimeout { millis: millis(self.idle) }),
                Ok(Err(error)) => Err(ProviderError::StreamCut { detail: deepest_message(&error) }),
                Ok(Ok(chunk)) => Ok(chunk),
            },
        }
    }

    /// Reads the body as server-sent events.
    pub fn into_sse(self) -> SseStream {
        SseStream {
            response: self,
            parser: SseParser::new(),
            pending: std::collections::VecDeque::new(),
            ended: false,
        }
    }

    /// Reads an error body (up to 1 MiB) as text.
    async fn read_error_body(
        &mut self,
        cancel: &CancellationToken,
    ) -> Result<String, ProviderError> {
        let mut body = Vec::new();
        while body.len() < MAX_ERROR_BODY_BYTES {
            match self.chunk(cancel).await {
                Ok(Some(chunk)) => body.extend_from_slice(&chunk),
                Ok(None) => break,
                Err(ProviderError::Aborted) => return Err(ProviderError::Aborted),
                // A broken error body still has a status worth reporting.
                Err(_) => break,
            }
        }
        Ok(String::from_utf8_lossy(&body).into_owned())
    }
}

/// A response body read as server-sent events.
#[derive(Debug)]
pub struct SseStream {
    response: HttpResponse,
    parser: SseParser,
    pending: std::collections::VecDeque<SseEvent>,
    ended: bool,
}

impl SseStream {
    /// The next event; `None` when the body ended (an unterminated last event is still
    /// delivered). Errors as [`HttpResponse::chunk`].
    pub async fn next_event(
        &mut self,
        cancel: &CancellationToken,
    ) -> Result<Option<SseEvent>, ProviderError> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Ok(Some(event));
            }
            if self.ended {
                return Ok(None);
            }
            match self.response.chunk(cancel).await? {
                Some(chunk) => self.pending.extend(self.parser.push(&chunk)),
                None => {
                    self.ended = true;
                    self.pending.extend(self.parser.finish());
                }
            }
        }
    }

    /// The response's status and headers.
    pub fn response(&self) -> &HttpResponse {
        &self.response
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// `tau/<version> (<os>; <arch>)`, like Pi's `pi/<version> (<platform>; …; <arch>)`.
fn user_agent() -> String {
    format!(
        "tau/{} ({}; {})",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// Builds the header map; later entries replace earlier ones case-insensitively.
fn header_map(
    headers: &[(String, String)],
    context: &ErrorContext,
) -> Result<HeaderMap, ProviderError> {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        let invalid = |what: &str| ProviderError::InvalidRequest {
            provider: context.provider.clone(),
            detail: format!("invalid header {what} in {name:?}; check the headers in models.json"),
        };
        let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| invalid("name"))?;
        let value = HeaderValue::from_str(value).map_err(|_| invalid("value"))?;
        map.insert(name, value);
    }
    Ok(map)
}

/// Words a failure to get a response the way Node reports it, so Pi's retry patterns and
/// users see the familiar codes: `connect ECONNREFUSED 127.0.0.1:39999`.
fn send_error(error: &reqwest::Error, url: &str) -> ProviderError {
    if error.is_builder() {
        return ProviderError::InvalidRequest {
            provider: "http".to_owned(),
            detail: format!("bad URL {url}: {}", deepest_message(error)),
        };
    }
    let (host, port) = host_port(url);
    let io_kind = io_error_kind(error);
    let detail = match io_kind {
        Some(std::io::ErrorKind::ConnectionRefused) => {
            format!("connect ECONNREFUSED {host}:{port}")
        }
        Some(std::io::ErrorKind::ConnectionReset) => "read ECONNRESET".to_owned(),
        Some(std::io::ErrorKind::ConnectionAborted) => "read ECONNABORTED".to_owned(),
        Some(std::io::ErrorKind::BrokenPipe) => "write EPIPE".to_owned(),
        Some(std::io::ErrorKind::TimedOut) => format!("connect ETIMEDOUT {host}:{port}"),
        _ if error.is_timeout() => format!("connect ETIMEDOUT {host}:{port}"),
        _ if chain_mentions(error, "dns error") => {
            format!("getaddrinfo ENOTFOUND {host} ({})", deepest_message(error))
        }
        _ => deepest_message(error),
    };
    ProviderError::Connection { detail }
}

/// The kind of the first I/O error in the source chain.
fn io_error_kind(error: &(dyn std::error::Error + 'static)) -> Option<std::io::ErrorKind> {
    let mut current = Some(error);
    while let Some(error) = current {
        if let Some(io) = error.downcast_ref::<std::io::Error>() {
            return Some(io.kind());
        }
        current = error.source();
    }
    None
}

fn chain_mentions(error: &(dyn std::error::Error + 'static), needle: &str) -> bool {
    let mut current = Some(error);
    while let Some(error) = current {
        if error.to_string().contains(needle) {
            return true;
        }
        current = error.source();
    }
    false
}

/// The innermost error's message: the actual reason, without reqwest's wrapping.
fn deepest_message(error: &(dyn std::error::Error + 'static)) -> String {
    let mut deepest = error;
    while let Some(source) = deepest.source() {
        deepest = source;
    }
    deepest.to_string()
}

/// Host and port of `url`, defaulting the port by scheme.
fn host_port(url: &str) -> (String, u16) {
    match reqwest::Url::parse(url) {
        Ok(url) => (
            url.host_str().unwrap_or_default().to_owned(),
            url.port_or_known_default().unwrap_or(0),
        ),
        Err(_) => (url.to_owned(), 0),
    }
}
