//! What RPC mode writes on stdout: responses, session events and extension UI records, all
//! through one line writer so they never interleave, each a JSON object on its own LF-ended
//! line, flushed before the next (a reader that stops reading stalls tau, as Pi documents).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::LineWriter;
use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;
use tau_protocol::AgentEvent;
use tau_runtime::EventSink;
use tokio::sync::{mpsc, oneshot};

/// One `response` record; `id` is echoed exactly as the command had it (absent stays absent).
#[derive(Serialize)]
struct Response<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a Value>,
    #[serde(rename = "type")]
    kind: &'static str,
    /// Left out when the command had no `type` (Pi writes `undefined`).
    #[serde(skip_serializing_if = "str::is_empty")]
    command: &'a str,
    success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// A line for the writer task, with who to tell once it is written.
type Line = (String, Option<oneshot::Sender<()>>);

/// The writer every record goes through: one queue, one task, so records leave in the
/// order they were handed over, whether the caller waits ([`Out::record`]) or cannot
/// ([`Out::push`], for the extensions' fire-and-forget UI calls).
#[derive(Clone)]
pub struct Out {
    lines: mpsc::UnboundedSender<Line>,
}

impl Out {
    /// Writes to the process's stdout.
    pub fn stdout() -> Self {
        let writer = LineWriter::new(tokio::io::stdout());
        // Unbounded, but every producer except `push` waits for its line to be written,
        // so the queue holds at most one line per producer plus the pushed ones.
        let (lines, mut queue) = mpsc::unbounded_channel::<Line>();
        tokio::spawn(async move {
            while let Some((line, written)) = queue.recv().await {
                // A reader that went away is not an error here: the input side notices
                // the end of the conversation.
                let _ = writer.write_line(&line).await;
                if let Some(written) = written {
                    writer.flush().await;
                    let _ = written.send(());
                }
            }
        });
        Out { lines }
    }

    fn line(value: &impl Serialize) -> Option<String> {
        match serde_json::to_string(value) {
            Ok(line) => Some(line),
            Err(error) => {
                debug_assert!(false, "record did not serialise: {error}");
                None
            }
        }
    }

    /// Writes one record and waits until it is written (stdout's backpressure reaches the
    /// caller).
    pub async fn record(&self, value: &impl Serialize) {
        let Some(line) = Self::line(value) else {
            return;
        };
        let (written, done) = oneshot::channel();
        if self.lines.send((line, Some(written))).is_ok() {
            let _ = done.await;
        }
    }

    /// Queues one record without waiting; it still leaves after everything queued before.
    pub fn push(&self, value: &impl Serialize) {
        if let Some(line) = Self::line(value) {
            let _ = self.lines.send((line, None));
        }
    }

    /// A successful response; `data: None` leaves the field out, as Pi does for commands
    /// without a result.
    pub async fn ok(&self, id: Option<&Value>, command: &str, data: Option<Value>) {
        self.record(&Response {
            id,
            kind: "response",
            command,
            success: true,
            data,
            error: None,
        })
        .await;
    }

    /// A successful response whose `data` is JSON text already (a tree nested deeper than
    /// a `Value` can be serialised).
    pub async fn ok_raw(&self, id: Option<&Value>, command: &str, data: &str) {
        let head = Response {
            id,
            kind: "response",
            command,
            success: true,
            data: None,
            error: None,
        };
        let Some(head) = Self::line(&head) else {
            return;
        };
        // `{...,"success":true}` becomes `{...,"success":true,"data":<data>}`, Pi's order.
        let line = format!("{},\"data\":{data}}}", head.trim_end_matches('}'));
        let (written, done) = oneshot::channel();
        if self.lines.send((line, Some(written))).is_ok() {
            let _ = done.await;
        }
    }

    /// A failed response saying what went wrong.
    pub async fn fail(&self, id: Option<&Value>, command: &str, error: &str) {
        self.record(&Response {
            id,
            kind: "response",
            command,
            success: false,
            data: None,
            error: Some(error),
        })
        .await;
    }
}

/// The runtime's events, written as json.md records, with the little state RPC commands
/// read from the stream (whether a run, a retry or a compaction is under way).
pub struct Events {
    out: Out,
    retrying: AtomicBool,
    compacting: AtomicBool,
    /// Pi's `isStreaming`: from a prompt's acceptance (or a run's `agent_start`) to its
    /// `agent_settled`. Taken from the stream, so a client that saw `agent_settled` can
    /// prompt again at once.
    active: AtomicBool,
    /// Counts [`Events::begin`] calls, so a finished prompt does not end a newer one.
    generation: AtomicU64,
}

impl Events {
    /// Events written to `out`.
    pub fn new(out: Out) -> Self {
        Events {
            out,
            retrying: AtomicBool::new(false),
            compacting: AtomicBool::new(false),
            active: AtomicBool::new(false),
            generation: AtomicU64::new(0),
        }
    }

    /// A prompt was accepted: tau is streaming until its run settles. Returns the token
    /// for [`Events::end`].
    pub fn begin(&self) -> u64 {
        self.active.store(true, Ordering::Release);
        self.generation.fetch_add(1, Ordering::AcqRel) + 1
    }

    /// The prompt `begin` returned `generation` for is done (also when no run started).
    pub fn end(&self, generation: u64) {
        if self.generation.load(Ordering::Acquire) == generation {
            self.active.store(false, Ordering::Release);
        }
    }

    /// Whether a prompt is being run.
    pub fn is_active(&self) -> bool {
        self.active.load(Ordering::Acquire)
    }

    /// Whether an automatic retry is pending (between `auto_retry_start` and its end).
    pub fn is_retrying(&self) -> bool {
        self.retrying.load(Ordering::Acquire)
    }

    /// Whether a compaction is running (Pi's `isCompacting`).
    pub fn is_compacting(&self) -> bool {
        self.compacting.load(Ordering::Acquire)
    }
}

#[async_trait]
impl EventSink for Events {
    async fn on_event(&self, event: &AgentEvent) {
        match event {
            AgentEvent::AutoRetryStart { .. } => self.retrying.store(true, Ordering::Release),
            AgentEvent::AgentStart => self.active.store(true, Ordering::Release),
            AgentEvent::AutoRetryEnd { .. } => self.retrying.store(false, Ordering::Release),
            AgentEvent::AgentSettled { .. } => {
                self.retrying.store(false, Ordering::Release);
                self.active.store(false, Ordering::Release);
            }
            AgentEvent::CompactionStart { .. } => self.compacting.store(true, Ordering::Release),
            AgentEvent::CompactionEnd { .. } => self.compacting.store(false, Ordering::Release),
            AgentEvent::AgentEnd { .. }
            | AgentEvent::TurnStart
            | AgentEvent::TurnEnd { .. }
            | AgentEvent::MessageStart { .. }
            | AgentEvent::MessageUpdate { .. }
            | AgentEvent::MessageEnd { .. }
            | AgentEvent::ToolExecutionStart { .. }
            | AgentEvent::ToolExecutionUpdate { .. }
            | AgentEvent::ToolExecutionEnd { .. }
            | AgentEvent::EntryAppended { .. }
            | AgentEvent::SummarizationRetryScheduled { .. }
            | AgentEvent::SummarizationRetryAttemptStart { .. }
            | AgentEvent::SummarizationRetryFinished
            | AgentEvent::QueueUpdate { .. } => {}
        }
        self.out.record(event).await;
    }
}
