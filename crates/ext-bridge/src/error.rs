//! Errors of the bridge and the diagnostics it reports while the run goes on.

use std::sync::{Arc, Mutex};

/// Why talking to the extension host failed.
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
pub enum BridgeError {
    /// No usable Node.js.
    #[error("{0}")]
    Node(String),
    /// The host package was not found.
    #[error("extension host not found: {0}")]
    HostNotFound(String),
    /// The host could not be started.
    #[error("could not start the extension host: {0}")]
    Spawn(String),
    /// The hello exchange failed (version mismatch, garbage, early exit).
    #[error("extension host handshake failed: {0}")]
    Handshake(String),
    /// The host process ended; every pending request gets this.
    #[error("extension host exited ({0})")]
    Exited(String),
    /// The request took longer than the limit.
    #[error("extension host did not answer `{method}` within {millis} ms")]
    Timeout {
        /// The request's method.
        method: String,
        /// The limit.
        millis: u128,
    },
    /// The request was cancelled by tau.
    #[error("Operation aborted")]
    Aborted,
    /// The host answered with an error (a handler threw, an unknown method, …).
    #[error("{message}")]
    Remote {
        /// The error's message.
        message: String,
        /// The extension whose code failed, when known.
        extension_path: Option<String>,
    },
    /// The host died (or hung and was killed) and a new one could not take over: the run
    /// must not go on without its extensions' gates.
    #[error("the extension host could not be restarted: {0}")]
    Unrecoverable(String),
    /// The host answered with something tau cannot read.
    #[error("malformed answer from the extension host: {0}")]
    Protocol(String),
}

/// Something an extension did wrong that does not stop the run (Pi's `ExtensionError`).
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// The extension's path, when known.
    pub extension_path: Option<String>,
    /// The event or method being run.
    pub event: String,
    /// What went wrong.
    pub error: String,
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.extension_path {
            Some(path) => write!(f, "extension {path} ({}): {}", self.event, self.error),
            None => write!(f, "extensions ({}): {}", self.event, self.error),
        }
    }
}

/// A callback receiving diagnostics.
pub type DiagnosticSink = Arc<dyn Fn(&Diagnostic) + Send + Sync>;

/// Where diagnostics go: a callback, plus a copy kept for callers that want to inspect them.
#[derive(Clone, Default)]
pub struct Reporter {
    sink: Option<DiagnosticSink>,
    seen: Arc<Mutex<Vec<Diagnostic>>>,
}

impl std::fmt::Debug for Reporter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reporter").finish_non_exhaustive()
    }
}

impl Reporter {
    /// A reporter that writes each diagnostic to stderr as `tau: warning: …`.
    pub fn stderr() -> Self {
        Self::with_sink(Self::warn_on_stderr)
    }

    /// Writes `diagnostic` to stderr as [`Reporter::stderr`] does (for sinks that also send
    /// it elsewhere).
    pub fn warn_on_stderr(diagnostic: &Diagnostic) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "tau: warning: {diagnostic}");
    }

    /// A reporter calling `sink` for each diagnostic.
    pub fn with_sink(sink: impl Fn(&Diagnostic) + Send + Sync + 'static) -> Self {
        Reporter {
            sink: Some(Arc::new(sink)),
            seen: Arc::default(),
        }
    }

    /// Reports one diagnostic.
    pub fn report(&self, diagnostic: Diagnostic) {
        if let Some(sink) = &self.sink {
            sink(&diagnostic);
        }
        if let Ok(mut seen) = self.seen.lock() {
            seen.push(diagnostic);
        }
    }

    /// Every diagnostic reported so far.
    pub fn seen(&self) -> Vec<Diagnostic> {
        self.seen.lock().map(|s| s.clone()).unwrap_or_default()
    }
}
