//! A line writer over any async byte sink (stdout in the binary, a buffer in tests) that
//! remembers when the reader went away, so a closed pipe ends output quietly.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio::sync::Mutex;

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

/// Writes whole lines, each flushed, and stops after the first failure.
pub struct LineWriter<W> {
    out: Mutex<W>,
    closed: AtomicBool,
}

impl<W: AsyncWrite + Unpin + Send> LineWriter<W> {
    /// Wraps a byte sink.
    pub fn new(out: W) -> Self {
        LineWriter {
            out: Mutex::new(out),
            closed: AtomicBool::new(false),
        }
    }

    /// True once a write failed; later writes are skipped.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    /// Writes `line` followed by LF and flushes.
    pub async fn write_line(&self, line: &str) -> Result<(), WriteError> {
        if self.is_closed() {
            return Err(WriteError::Closed);
        }
        let mut out = self.out.lock().await;
        let result = async {
            out.write_all(line.as_bytes()).await?;
            out.write_all(b"\n").await?;
            out.flush().await
        }
        .await;
        result.map_err(|error| {
            self.closed.store(true, Ordering::Relaxed);
            if error.kind() == std::io::ErrorKind::BrokenPipe {
                WriteError::Closed
            } else {
                WriteError::Io(error)
            }
        })
    }

    /// Gives the sink back (tests read what was written).
    pub fn into_inner(self) -> W {
        self.out.into_inner()
    }
}
