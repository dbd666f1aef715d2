//! How the rest of tau reaches the interactive mode's one UI task: runtime events, extension
//! UI calls and warnings all become [`AppEvent`]s on one channel, so the screen is changed
//! by one task only and a slow sender never blocks on the terminal.

use std::sync::{Arc, OnceLock, Weak};

use async_trait::async_trait;
use serde_json::Value;
use tau_app::ext_actions::ExtensionUi;
use tau_ext_bridge::ExtensionHooks;
use tau_protocol::AgentEvent;
use tau_runtime::EventSink;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::ui_prompt::PromptEvents;

/// A dialog an extension opened (`select`, `confirm`, `input`, `editor`).
#[derive(Debug)]
pub struct DialogRequest {
    pub method: String,
    pub args: Vec<Value>,
    /// Gets the answer; `null` when dismissed (`false` for `confirm`).
    pub reply: oneshot::Sender<Value>,
    /// The option a `select` starts on (tau's own pickers start on the current choice, as
    /// Pi's do; extension dialogs start on the first).
    pub selected: usize,
}

/// Everything the UI task reacts to besides the terminal.
#[derive(Debug)]
pub enum AppEvent {
    /// A runtime event.
    Agent(Box<AgentEvent>),
    /// The prompt (or command) handed to the driver is done.
    RunFinished,
    /// An extension dialog.
    Dialog(DialogRequest),
    /// A fire-and-forget extension UI call (`notify`, `setStatus`, `setWidget`, ...).
    UiCall { method: String, args: Vec<Value> },
    /// An extension handler failed.
    ExtensionError {
        extension_path: Option<String>,
        event: String,
        error: String,
    },
    /// A warning that would otherwise go to stderr (which is the screen).
    Warning(String),
    /// The output of a built-in command that ran on its own task.
    Notice(String),
    /// An error of such a command.
    Error(String),
    /// Output of the user's shell command shown at transcript item `index`.
    BashOutput { index: usize, delta: String },
    /// That command finished.
    BashDone {
        index: usize,
        result: Result<tau_tools::bash_executor::BashExecution, String>,
    },
    /// An extension's `tui.stop()` / `tui.start()`; `done` once the terminal is handed over.
    Handover {
        action: tau_ext_bridge::components::Handover,
        done: oneshot::Sender<()>,
    },
    /// The extensions' autocomplete providers answered (or failed to) the request `asked`.
    Completion {
        asked: super::ext_completion::Asked,
        result: Result<tau_ext_bridge::components::CompletionAnswer, String>,
    },
    /// The session was replaced (new, resume, fork): redraw the transcript from it.
    SessionReplaced,
    /// `/tree`: show the selector over this tree, on `selected` (else the current leaf).
    OpenTree {
        snapshot: Box<crate::interactive::tree::TreeSnapshot>,
        selected: Option<String>,
    },
    /// A branch summary is being written (true) or is done (false): Esc aborts it.
    BranchSummary(bool),
    /// `/tree` moved the leaf; a user message's text goes to an empty editor.
    Navigated { editor_text: Option<String> },
    /// An answer for the session picker.
    Picker(PickerEvent),
    /// Open `/scoped-models` on these models, with these enabled (`None`: all).
    ScopedModels {
        models: Vec<super::scoped_models::ModelEntry>,
        enabled: Option<Vec<String>>,
    },
}

/// What the runner tells the session picker.
#[derive(Debug)]
pub enum PickerEvent {
    /// The sessions of a scope were listed.
    Loaded {
        scope: super::session_picker::Scope,
        sessions: Vec<tau_session::SessionSummary>,
    },
    /// A file was deleted (the message for the header), or why it was not.
    Deleted {
        path: std::path::PathBuf,
        result: Result<String, String>,
    },
    /// Something failed (a rename).
    Failed(String),
}

/// The sender every producer holds.
pub type AppSender = mpsc::UnboundedSender<AppEvent>;

/// Runtime events into the UI task.
pub struct TuiEvents(pub AppSender);

#[async_trait]
impl EventSink for TuiEvents {
    async fn on_event(&self, event: &AgentEvent) {
        let _ = self.0.send(AppEvent::Agent(Box::new(event.clone())));
    }
}

/// Extension UI calls into the UI task.
pub struct TuiUi {
    events: AppSender,
    prompts: PromptEvents,
    /// Fired by an extension's `ctx.shutdown()`.
    pub shutdown: CancellationToken,
}

impl TuiUi {
    pub fn new(events: AppSender, hooks: Arc<OnceLock<Weak<ExtensionHooks>>>) -> Self {
        TuiUi {
            events,
            prompts: PromptEvents::new(hooks),
            shutdown: CancellationToken::new(),
        }
    }
}

fn dismissed(method: &str) -> Value {
    if method == "confirm" {
        Value::Bool(false)
    } else {
        Value::Null
    }
}

#[async_trait]
impl ExtensionUi for TuiUi {
    async fn request(&self, _extension_path: &str, method: &str, args: Vec<Value>) -> Value {
        if !matches!(method, "select" | "confirm" | "input" | "editor") {
            return Value::Null;
        }
        let title = args.first().cloned().unwrap_or(Value::Null);
        self.prompts.opened(method, &title);
        let (reply, answer) = oneshot::channel();
        let request = DialogRequest {
            method: method.to_string(),
            args,
            reply,
            selected: 0,
        };
        let value = if self.events.send(AppEvent::Dialog(request)).is_ok() {
            answer.await.unwrap_or_else(|_| dismissed(method))
        } else {
            dismissed(method)
        };
        self.prompts.closed(method, &title);
        value
    }

    fn notify(&self, _extension_path: &str, method: &str, args: Vec<Value>) {
        let _ = self.events.send(AppEvent::UiCall {
            method: method.to_string(),
            args,
        });
    }

    fn extension_error(&self, extension_path: Option<&str>, event: &str, error: &str) {
        let _ = self.events.send(AppEvent::ExtensionError {
            extension_path: extension_path.map(str::to_string),
            event: event.to_string(),
            error: error.to_string(),
        });
    }

    fn shutdown_requested(&self) {
        self.shutdown.cancel();
    }
}
