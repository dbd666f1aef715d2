//! Sending a very large request body while it is written.
//!
//! A resumed session can put tens of megabytes into one request. Written whole, the body
//! sits in memory next to the conversation it was made from. Past [`STREAM_FROM`] bytes
//! (estimated) the body is written in chunks into a small channel that the HTTP request
//! reads as its body (chunked transfer encoding), so only a few chunks exist at a time.
//! The conversation is borrowed, so the writing happens before the provider's stream is
//! returned: the request is started on its own task first, and the writer runs on this
//! worker thread with [`tokio::task::block_in_place`] (multi-threaded runtimes only; a
//! current-thread runtime, as in unit tests, writes the body whole).

use bytes::Bytes;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::error::ProviderError;
use crate::http::{HttpClient, HttpResponse, JsonPost};

/// Bodies estimated at this size or more are streamed.
pub const STREAM_FROM: usize = 16 << 20;

/// Size of one chunk handed to the HTTP request.
const CHUNK: usize = 256 << 10;

/// Chunks written ahead of the upload.
const AHEAD: usize = 4;

/// The response of a request whose body was streamed.
pub type PendingResponse = JoinHandle<Result<HttpResponse, ProviderError>>;

/// Whether this thread may block on a streamed upload.
pub fn can_stream() -> bool {
    tokio::runtime::Handle::try_current()
        .is_ok_and(|handle| handle.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread)
}

/// Starts `post` (its body ignored) with a body `write` produces, and runs `write` on this
/// thread until the body is complete. Returns the pending response, or `write`'s error
/// (the request is then abandoned).
pub fn send_streamed(
    client: &HttpClient,
    mut post: JsonPost,
    cancel: &CancellationToken,
    write: impl FnOnce(&mut ChannelWriter) -> Result<(), String>,
) -> Result<PendingResponse, String> {
    let (tx, rx) = mpsc::channel::<Result<Bytes, std::io::Error>>(AHEAD);
    let chunks = futures::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|chunk| (chunk, rx))
    });
    post.body = reqwest::Body::wrap_stream(chunks);
    let (client, request_cancel) = (client.clone(), cancel.clone());
    let pending = tokio::spawn(async move { client.post_json(post, &request_cancel).await });
    let mut writer = ChannelWriter {
        tx: Some(tx),
        buf: Vec::with_capacity(CHUNK),
        closed: false,
    };
    let written = tokio::task::block_in_place(|| {
        write(&mut writer)?;
        std::io::Write::flush(&mut writer).map_err(|error| error.to_string())
    });
    let closed = writer.closed;
    drop(writer);
    match written {
        Ok(()) => Ok(pending),
        // The request ended before the body did: its response says why.
        Err(_) if closed => Ok(pending),
        Err(error) => {
            pending.abort();
            Err(error)
        }
    }
}

/// A `Write` that hands full chunks to the upload, waiting while it is [`AHEAD`] chunks
/// behind.
pub struct ChannelWriter {
    tx: Option<mpsc::Sender<Result<Bytes, std::io::Error>>>,
    buf: Vec<u8>,
    /// The upload stopped reading (the request ended).
    closed: bool,
}

impl ChannelWriter {
    fn send_buffered(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK)));
        let tx = self.tx.as_ref().ok_or(std::io::ErrorKind::BrokenPipe)?;
        // The request ended early (an error status, a cancel): stop writing.
        tx.blocking_send(Ok(chunk)).map_err(|_| {
            self.closed = true;
            std::io::Error::from(std::io::ErrorKind::BrokenPipe)
        })
    }
}

impl std::io::Write for ChannelWriter {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.send_buffered()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.send_buffered()
    }
}
