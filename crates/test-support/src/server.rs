//! `MockServer`: an HTTP/1.1 server on `127.0.0.1` that answers model requests with
//! scripted replies in the real wire format and records every request.
//!
//! Requests are answered in arrival order, one reply each; the dialect comes from the path
//! ([`Dialect::for_path`]), so one server serves every provider. A path no dialect claims
//! gets a 404 and consumes no reply. When the replies run out, the server answers
//! `SCRIPT EXHAUSTED` (or starts over, with `repeat`). Dropping the server stops it and
//! every connection it has open, also streams still running.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Frame, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::task::{JoinHandle, JoinSet};

use crate::dialect::{Dialect, RenderContext, SseFrame};
use crate::script::{MockReply, MockTurn};

type Body = UnsyncBoxBody<Bytes, std::io::Error>;

/// Pause before a deliberate connection drop.
const FLUSH_PAUSE: Duration = Duration::from_millis(20);

/// A request the server received.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedRequest {
    /// 1-based arrival number.
    pub number: usize,
    /// HTTP method.
    pub method: String,
    /// Path (and query), e.g. `/v1/chat/completions`.
    pub path: String,
    /// Headers in arrival order, names lowercase.
    pub headers: Vec<(String, String)>,
    /// The raw body.
    pub body: String,
}

impl RecordedRequest {
    /// The body parsed as JSON (`Null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    /// The first header named `name` (any case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(header, _)| header.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// How to start a server.
#[derive(Debug, Clone, Default)]
pub struct MockOptions {
    /// Replies in order.
    pub replies: Vec<MockReply>,
    /// Start over when the replies run out.
    pub repeat: bool,
    /// Port to bind on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// Append each request as a JSON line to this file.
    pub log: Option<PathBuf>,
}

/// State shared by the server's tasks.
#[derive(Debug)]
struct Shared {
    queue: Mutex<VecDeque<MockReply>>,
    script: Vec<MockReply>,
    repeat: bool,
    requests: Mutex<Vec<RecordedRequest>>,
    log: Option<Mutex<std::fs::File>>,
}

/// A running mock server; see the module docs.
#[derive(Debug)]
pub struct MockServer {
    addr: SocketAddr,
    shared: Arc<Shared>,
    task: JoinHandle<()>,
}

impl MockServer {
    /// Starts a server on a free port playing `replies`.
    pub async fn start(replies: Vec<MockReply>) -> std::io::Result<Self> {
        Self::start_with(MockOptions {
            replies,
            ..MockOptions::default()
        })
        .await
    }

    /// Starts a server with `options`.
    pub async fn start_with(options: MockOptions) -> std::io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", options.port)).await?;
        let addr = listener.local_addr()?;
        let log = match &options.log {
            Some(path) => Some(Mutex::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)?,
            )),
            None => None,
        };
        let shared = Arc::new(Shared {
            queue: Mutex::new(options.replies.iter().cloned().collect()),
            script: options.replies,
            repeat: options.repeat,
            requests: Mutex::new(Vec::new()),
            log,
        });
        let task = tokio::spawn(accept_loop(listener, Arc::clone(&shared)));
        Ok(Self { addr, shared, task })
    }

    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// `http://127.0.0.1:PORT/v1`, the base URL providers append their paths to.
    pub fn base_url(&self) -> String {
        format!("{}/v1", self.url())
    }

    /// Queues one more reply.
    pub fn push(&self, reply: MockReply) {
        lock(&self.shared.queue).push_back(reply);
    }

    /// Every request received so far, in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        lock(&self.shared.requests).clone()
    }

    /// How many requests arrived.
    pub fn request_count(&self) -> usize {
        lock(&self.shared.requests).len()
    }
}

impl Drop for MockServer {
    fn drop(&mut self) {
        // The accept task owns the connection tasks: aborting it ends them all.
        self.task.abort();
    }
}

/// A poisoned lock only means another test thread panicked; the data is still usable.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

async fn accept_loop(listener: TcpListener, shared: Arc<Shared>) {
    let mut connections = JoinSet::new();
    loop {
        while connections.try_join_next().is_some() {}
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let shared = Arc::clone(&shared);
        connections.spawn(async move {
            let service = service_fn(move |request| handle(request, Arc::clone(&shared)));
            // Errors here are clients hanging up or deliberate drops: nothing to report.
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

async fn handle(
    request: Request<Incoming>,
    shared: Arc<Shared>,
) -> Result<Response<Body>, Infallible> {
    let method = request.method().to_string();
    let path = request.uri().path_and_query().map_or_else(
        || request.uri().path().to_owned(),
        |pq| pq.as_str().to_owned(),
    );
    let headers = request
        .headers()
        .iter()
        .map(|(name, value)| {
            (
                name.as_str().to_owned(),
                String::from_utf8_lossy(value.as_bytes()).into_owned(),
            )
        })
        .collect();
    let body = match request.into_body().collect().await {
        // A valid body is kept without a copy (requests can be tens of megabytes).
        Ok(collected) => match String::from_utf8(collected.to_bytes().into()) {
            Ok(text) => text,
            Err(invalid) => String::from_utf8_lossy(invalid.as_bytes()).into_owned(),
        },
        Err(_) => String::new(),
    };
    let model = body_model(&body)
        .or_else(|| path_model(&path))
        .unwrap_or_else(|| "mock-model".to_owned());
    let recorded = shared.record(method, path, headers, body);
    let dialect = (recorded.method == "POST")
        .then(|| Dialect::for_path(recorded.path.split('?').next().unwrap_or_default()))
        .flatten();
    let Some(dialect) = dialect else {
        let body = json!({"error": {"message": format!(
            "mock server: no route {} {}", recorded.method, recorded.path
        )}});
        return Ok(full(
            StatusCode::NOT_FOUND,
            "application/json",
            body.to_string(),
            &[],
        ));
    };
    let context = RenderContext {
        request_number: recorded.number,
        model,
    };
    Ok(match shared.next_reply() {
        MockReply::Error {
            status,
            body,
            headers,
        } => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            match body {
                Value::String(text) => full(status, "text/plain", text, &headers),
                other => {
                    let body = dialect.error_body(status.as_u16(), other);
                    full(status, "application/json", body.to_string(), &headers)
                }
            }
        }
        MockReply::Raw {
            chunks,
            done,
            delay_ms,
        } => {
            let mut frames: Vec<SseFrame> = chunks
                .into_iter()
                .map(|chunk| dialect.raw_frame(chunk))
                .collect();
            if done {
                frames.extend(dialect.done_frame());
            }
            sse(dialect, frames, Duration::from_millis(delay_ms), None)
        }
        MockReply::Turn(turn) => {
            let mut frames = dialect.render(&turn, &context);
            if let Some(frame) = turn.malformed_at.and_then(|index| frames.get_mut(index)) {
                frame.data = dialect.malformed_data();
            }
            sse(
                dialect,
                frames,
                Duration::from_millis(turn.delay_ms),
                turn.drop_after,
            )
        }
    })
}

/// The model a Gemini path names (`…/models/<id>:streamGenerateContent`): its body has none.
fn path_model(path: &str) -> Option<String> {
    let path = path.split('?').next()?;
    let (_, rest) = path.rsplit_once("/models/")?;
    let (model, _) = rest.split_once(':')?;
    Some(model.to_owned())
}

/// The body's top-level `model` string, read without building the rest of the body: a
/// resumed session's request can be tens of megabytes, and both harnesses of a benchmark wait
/// for this server.
fn body_model(body: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        model: Option<Value>,
    }
    // tau and Pi both write `model` first: read that value alone.
    let first = body
        .trim_start()
        .strip_prefix('{')
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix("\"model\""))
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix(':'));
    let model = match first {
        Some(rest) => serde_json::Deserializer::from_str(rest)
            .into_iter::<Value>()
            .next()?
            .ok()?,
        None => serde_json::from_str::<Head>(body).ok()?.model?,
    };
    match model {
        Value::String(model) => Some(model),
        _ => None,
    }
}

impl Shared {
    fn record(
        &self,
        method: String,
        path: String,
        headers: Vec<(String, String)>,
        body: String,
    ) -> RecordedRequest {
        // Returned without its body: the caller has read what it needs from it, and a copy
        // of a tens-of-megabytes request is not free.
        let mut requests = lock(&self.requests);
        let recorded = RecordedRequest {
            number: requests.len() + 1,
            method,
            path,
            headers,
            body,
        };
        if let Some(log) = &self.log {
            let headers: serde_json::Map<String, Value> = recorded
                .headers
                .iter()
                .map(|(name, value)| (name.clone(), json!(value)))
                .collect();
            let body = serde_json::from_str(&recorded.body)
                .unwrap_or_else(|_| Value::String(recorded.body.clone()));
            let line = json!({"seq": recorded.number, "method": recorded.method,
                "url": recorded.path, "headers": headers, "body": body});
            // Logging is best effort: a full disk must not fail the request.
            let _ = writeln!(lock(log), "{line}");
        }
        let head = RecordedRequest {
            number: recorded.number,
            method: recorded.method.clone(),
            path: recorded.path.clone(),
            headers: recorded.headers.clone(),
            body: String::new(),
        };
        requests.push(recorded);
        head
    }

    fn next_reply(&self) -> MockReply {
        let mut queue = lock(&self.queue);
        if queue.is_empty() && self.repeat {
            queue.extend(self.script.iter().cloned());
        }
        queue
            .pop_front()
            .unwrap_or_else(|| MockTurn::text("SCRIPT EXHAUSTED").into())
    }
}

fn full(
    status: StatusCode,
    content_type: &str,
    body: String,
    headers: &[(String, String)],
) -> Response<Body> {
    let mut builder = Response::builder()
        .status(status)
        .header("content-type", content_type);
    for (name, value) in headers {
        builder = builder.header(name.as_str(), value.as_str());
    }
    let body = Full::new(Bytes::from(body))
        .map_err(|never| match never {})
        .boxed_unsync();
    builder.body(body).unwrap_or_else(|_| {
        let mut response = Response::new(
            Full::new(Bytes::new())
                .map_err(|never| match never {})
                .boxed_unsync(),
        );
        *response.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
        response
    })
}

/// What the body stream does next.
enum Step {
    Send(Bytes),
    Drop,
}

/// A streamed response (`text/event-stream`, or the dialect's own) sending `frames` with `delay` between them, cut off
/// after `drop_after` frames when given.
fn sse(
    dialect: Dialect,
    frames: Vec<SseFrame>,
    delay: Duration,
    drop_after: Option<usize>,
) -> Response<Body> {
    let mut steps: VecDeque<Step> = frames
        .iter()
        .map(|frame| Step::Send(Bytes::from(dialect.encode(frame))))
        .collect();
    if let Some(count) = drop_after {
        steps.truncate(count);
        steps.push_back(Step::Drop);
    }
    let stream = futures::stream::unfold((steps, true), move |(mut steps, first)| async move {
        let step = steps.pop_front()?;
        if !first && !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let item = match step {
            Step::Send(bytes) => Ok(Frame::data(bytes)),
            Step::Drop => {
                // Give hyper a pending poll to flush what was sent, so the client sees the
                // partial stream before the connection breaks.
                tokio::time::sleep(FLUSH_PAUSE).await;
                steps.clear();
                Err(std::io::Error::other(
                    "mock server: connection dropped on purpose",
                ))
            }
        };
        Some((item, (steps, false)))
    });
    let body = BodyExt::boxed_unsync(StreamBody::new(stream));
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(
        "content-type",
        hyper::header::HeaderValue::from_static(dialect.content_type()),
    );
    headers.insert(
        "cache-control",
        hyper::header::HeaderValue::from_static("no-cache"),
    );
    response
}
