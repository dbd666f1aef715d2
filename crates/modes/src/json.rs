//! json mode: the session header, then one JSON record per event, LF-framed (docs/json.md).
//!
//! serde_json escapes nothing beyond JSON's rules, so U+2028/U+2029 stay raw inside strings;
//! readers must split on LF only, as Pi documents.

use async_trait::async_trait;
use tau_protocol::AgentEvent;
use tau_runtime::EventSink;
use tokio::io::AsyncWrite;

use crate::writer::{LineWriter, WriteError};

/// Writes events as JSONL.
pub struct JsonSink<W> {
    writer: LineWriter<W>,
}

impl<W: AsyncWrite + Unpin + Send + 'static> JsonSink<W> {
    /// A sink writing to `out`.
    pub fn new(out: W) -> Self {
        JsonSink {
            writer: LineWriter::new(out),
        }
    }

    /// Waits until every record is written; call before exiting.
    pub async fn flush(&self) {
        self.writer.flush().await;
    }

    /// Writes one record that is not an event (the session header Pi writes first).
    pub async fn write_line(&self, line: &str) -> Result<(), WriteError> {
        self.writer.write_line(line).await
    }

    /// True once the reader went away.
    pub fn is_closed(&self) -> bool {
        self.writer.is_closed()
    }
}

#[async_trait]
impl<W: AsyncWrite + Unpin + Send + Sync + 'static> EventSink for JsonSink<W> {
    async fn on_event(&self, event: &AgentEvent) {
        let line = match serde_json::to_string(event) {
            Ok(line) => line,
            Err(error) => {
                // Serialising our own types cannot fail short of a bug; keep the stream valid.
                debug_assert!(false, "event did not serialise: {error}");
                return;
            }
        };
        // A closed reader is not an error of the run: later events are skipped.
        let _ = self.writer.write_line(&line).await;
    }
}

#[async_trait]
impl<W: AsyncWrite + Unpin + Send + Sync + 'static> tau_app::HeaderSink for JsonSink<W> {
    async fn write_header(&self, line: &str) {
        let _ = self.writer.write_line(line).await;
    }
}
