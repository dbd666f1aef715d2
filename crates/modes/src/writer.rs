//! A line writer over any async byte sink (stdout in the binary, a buffer in tests) that
//! remembers when the reader went away, so a closed pipe ends output quietly.
//!
//! Lines are queued and written by a background task, which takes everything queued since
//! its last write in one `write` and flush. A lone line still leaves at once, but a burst
//! (hundreds of thousands of `toolcall_delta` records for a huge tool call) costs a few
//! writes instead of a blocking-pool round trip per line, which made json mode take minutes.
//! Past [`HIGH_WATER`] queued bytes writers wait, so a reader that stops reading still
//! stalls tau rather than growing memory.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::Notify;

/// Queued bytes past which [`LineWriter::write_line`] waits for the reader.
pub const HIGH_WATER: usize = 1024 * 1024;

/// Why writing stopped.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The reader closed the pipe (`tau ... | head`); stop writing, exit quietly.
    #[error("output closed by the reader")]
    Closed,
    /// Any other I/O failure.
    #[error("writing output: {0}")]
    Io(#[from] std::io::Error),
}

/// Writes whole lines in order, each flushed soon after it is queued, and stops after the
/// first failure.
pub struct LineWriter<W> {
    shared: Arc<Shared<W>>,
}

struct Shared<W> {
    queue: Mutex<Queue>,
    /// Woken whenever the task takes the queue or goes idle.
    progress: Notify,
    closed: AtomicBool,
    /// The failure that closed the writer, other than the reader going away; the next
    /// [`LineWriter::write_line`] returns it.
    failure: Mutex<Option<std::io::Error>>,
    out: tokio::sync::Mutex<W>,
}

#[derive(Default)]
struct Queue {
    bytes: Vec<u8>,
    /// A task is writing (or about to write) what is queued.
    writing: bool,
}

impl<W> Shared<W> {
    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl<W: AsyncWrite + Unpin + Send + 'static> LineWriter<W> {
    /// Wraps a byte sink.
    pub fn new(out: W) -> Self {
        LineWriter {
            shared: Arc::new(Shared {
                queue: Mutex::new(Queue::default()),
                progress: Notify::new(),
                closed: AtomicBool::new(false),
                failure: Mutex::new(None),
                out: tokio::sync::Mutex::new(out),
            }),
        }
    }

    /// True once a write failed; later writes are skipped.
    pub fn is_closed(&self) -> bool {
        self.shared.closed.load(Ordering::Relaxed)
    }

    /// Queues `line` followed by LF; waits only while [`HIGH_WATER`] bytes are queued.
    /// [`LineWriter::flush`] waits until it is written.
    pub async fn write_line(&self, line: &str) -> Result<(), WriteError> {
        loop {
            let progress = self.shared.progress.notified();
            tokio::pin!(progress);
            progress.as_mut().enable();
            {
                if self.is_closed() {
                    let failure = self
                        .shared
                        .failure
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .take();
                    return Err(failure.map_or(WriteError::Closed, WriteError::Io));
                }
                let mut queue = self.shared.queue();
                if queue.bytes.len() < HIGH_WATER {
                    queue.bytes.extend_from_slice(line.as_bytes());
                    queue.bytes.push(b'\n');
                    if !queue.writing {
                        queue.writing = true;
                        tokio::spawn(drain(self.shared.clone()));
                    }
                    return Ok(());
                }
            }
            progress.await;
        }
    }

    /// Waits until every queued line is written and flushed (or writing failed).
    pub async fn flush(&self) {
        loop {
            let progress = self.shared.progress.notified();
            tokio::pin!(progress);
            progress.as_mut().enable();
            if !self.shared.queue().writing {
                return;
            }
            progress.await;
        }
    }
}

/// Writes what is queued until the queue stays empty.
async fn drain<W: AsyncWrite + Unpin + Send>(shared: Arc<Shared<W>>) {
    let mut out = shared.out.lock().await;
    // Two buffers trade places, so neither is regrown from empty for every write.
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        {
            let mut queue = shared.queue();
            if queue.bytes.is_empty() || shared.closed.load(Ordering::Relaxed) {
                queue.bytes.clear();
                queue.writing = false;
                shared.progress.notify_waiters();
                return;
            }
            std::mem::swap(&mut queue.bytes, &mut bytes);
        }
        shared.progress.notify_waiters();
        let result = async {
            out.write_all(&bytes).await?;
            out.flush().await
        }
        .await;
        if let Err(error) = result {
            // A reader that went away ends output quietly; another failure is reported
            // once, to the next writer.
            if error.kind() != std::io::ErrorKind::BrokenPipe {
                *shared
                    .failure
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(error);
            }
            shared.closed.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_leave_in_order_and_flush_waits_for_them() {
        let (client, mut server) = tokio::io::duplex(64);
        let writer = LineWriter::new(client);
        let reader = tokio::spawn(async move {
            let mut all = Vec::new();
            tokio::io::AsyncReadExt::read_to_end(&mut server, &mut all)
                .await
                .map(|_| all)
        });
        // 2.5MB through a 64-byte pipe: writers wait at the high-water mark.
        let pad = "x".repeat(120);
        for i in 0..20_000 {
            writer
                .write_line(&format!("line {i} {pad}"))
                .await
                .expect("open");
        }
        writer.flush().await;
        drop(writer);
        let all = String::from_utf8(reader.await.expect("join").expect("read")).expect("utf8");
        let lines: Vec<&str> = all.lines().collect();
        assert_eq!(lines.len(), 20_000);
        assert!(lines
            .iter()
            .enumerate()
            .all(|(i, l)| *l == format!("line {i} {pad}")));
    }

    /// A sink counting the writes it is given.
    #[derive(Default)]
    struct Counting {
        writes: Arc<std::sync::atomic::AtomicUsize>,
        bytes: Arc<Mutex<Vec<u8>>>,
    }

    impl AsyncWrite for Counting {
        fn poll_write(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
            buf: &[u8],
        ) -> std::task::Poll<std::io::Result<usize>> {
            self.writes.fetch_add(1, Ordering::Relaxed);
            self.bytes.lock().expect("bytes").extend_from_slice(buf);
            std::task::Poll::Ready(Ok(buf.len()))
        }

        fn poll_flush(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            std::task::Poll::Ready(Ok(()))
        }

        fn poll_shutdown(
            self: std::pin::Pin<&mut Self>,
            _: &mut std::task::Context<'_>,
        ) -> std::task::Poll<std::io::Result<()>> {
            std::task::Poll::Ready(Ok(()))
        }
    }

    #[tokio::test]
    async fn a_burst_of_lines_takes_a_few_writes_not_one_per_line() {
        let sink = Counting::default();
        let (writes, bytes) = (sink.writes.clone(), sink.bytes.clone());
        let writer = LineWriter::new(sink);
        for i in 0..50_000 {
            writer
                .write_line(&format!("{{\"n\":{i}}}"))
                .await
                .expect("open");
        }
        writer.flush().await;
        let writes = writes.load(Ordering::Relaxed);
        assert!(writes < 100, "{writes} writes for 50000 lines");
        let text = String::from_utf8(bytes.lock().expect("bytes").clone()).expect("utf8");
        assert_eq!(text.lines().count(), 50_000);
        assert!(text.ends_with("{\"n\":49999}\n"));
    }

    #[tokio::test]
    async fn a_closed_reader_closes_the_writer() {
        let (client, server) = tokio::io::duplex(64);
        drop(server);
        let writer = LineWriter::new(client);
        let _ = writer.write_line("lost").await;
        writer.flush().await;
        assert!(writer.is_closed());
        assert!(matches!(
            writer.write_line("later").await,
            Err(WriteError::Closed)
        ));
    }
}
