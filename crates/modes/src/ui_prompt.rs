//! `ui_prompt_start` / `ui_prompt_end`: extensions hear them around each extension dialog,
//! one pair around nested dialogs, in every mode with a UI.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, Weak};

use serde_json::{json, Value};
use tau_ext_bridge::ExtensionHooks;
use tokio::sync::mpsc;

/// Tells the extensions when dialogs open and close.
pub struct PromptEvents {
    /// In order, apart from the dialogs: an event waits for the host, which may be busy in
    /// the handler that opened the dialog.
    events: mpsc::UnboundedSender<Value>,
    /// Nesting depth of open dialogs.
    depth: AtomicUsize,
}

impl PromptEvents {
    /// Events go to the hooks once `hooks` is set (extensions loaded).
    pub fn new(hooks: Arc<OnceLock<Weak<ExtensionHooks>>>) -> Self {
        // Unbounded: the events come from a sync path that cannot wait; the task hands them
        // to the host as fast as it takes them.
        let (events, mut queue) = mpsc::unbounded_channel::<Value>();
        tokio::spawn(async move {
            while let Some(event) = queue.recv().await {
                if let Some(hooks) = hooks.get().and_then(Weak::upgrade) {
                    hooks.notify(event).await;
                }
            }
        });
        PromptEvents {
            events,
            depth: AtomicUsize::new(0),
        }
    }

    fn send(&self, kind: &str, title: &Value, start: bool) {
        let mut event = json!({
            "type": if start { "ui_prompt_start" } else { "ui_prompt_end" },
            "reason": "ui_prompt",
            "kind": kind,
        });
        if let Some(title) = title.as_str().filter(|t| !t.is_empty()) {
            event["title"] = json!(title);
        }
        let _ = self.events.send(event);
    }

    /// A dialog of `kind` opens (the outermost one sends `ui_prompt_start`).
    pub fn opened(&self, kind: &str, title: &Value) {
        if self.depth.fetch_add(1, Ordering::AcqRel) == 0 {
            self.send(kind, title, true);
        }
    }

    /// It closed (the outermost one sends `ui_prompt_end`).
    pub fn closed(&self, kind: &str, title: &Value) {
        if self.depth.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.send(kind, title, false);
        }
    }
}
