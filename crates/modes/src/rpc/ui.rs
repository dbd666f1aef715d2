//! Extension UI over RPC (Pi's rpc-extension-ui.md): dialogs (`select`, `confirm`, `input`,
//! `editor`) become `extension_ui_request` records answered by the client's
//! `extension_ui_response`; fire-and-forget calls (`notify`, `setStatus`, `setWidget`,
//! `setTitle`, `setEditorText`) become records with no answer. A dialog with a `timeout`
//! resolves to its fallback when the time is up, and a late answer is ignored, as in Pi.
//! Extensions hear `ui_prompt_start` / `ui_prompt_end` around each dialog.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

use async_trait::async_trait;
use serde_json::{json, Map, Value};
use tau_ext_bridge::ExtensionHooks;
use tokio::sync::oneshot;

use super::output::Out;
use crate::ui_prompt::PromptEvents;
use tau_app::ext_actions::ExtensionUi;

/// The client side of extension dialogs.
pub struct RpcUi {
    out: Out,
    /// Dialogs waiting for an answer, by request id.
    pending: Mutex<HashMap<String, oneshot::Sender<Value>>>,
    /// `ui_prompt_*` events for the extensions.
    prompts: PromptEvents,
    /// Fired by an extension's `ctx.shutdown()`.
    pub(super) shutdown: tokio_util::sync::CancellationToken,
}

fn arg(args: &[Value], index: usize) -> Value {
    args.get(index).cloned().unwrap_or(Value::Null)
}

/// Builds a request record; `null` fields are left out, as `JSON.stringify` drops
/// `undefined`.
fn request_record(id: &str, method: &str, fields: Vec<(&str, Value)>) -> Value {
    let mut record = Map::new();
    record.insert("type".into(), json!("extension_ui_request"));
    record.insert("id".into(), json!(id));
    record.insert("method".into(), json!(method));
    for (name, value) in fields {
        if !value.is_null() {
            record.insert(name.into(), value);
        }
    }
    Value::Object(record)
}

/// Pi's reading of an answer: the fallback when cancelled or missing.
fn answer(method: &str, response: &Value) -> Value {
    let cancelled = response.get("cancelled").and_then(Value::as_bool) == Some(true);
    if method == "confirm" {
        let confirmed = response.get("confirmed").and_then(Value::as_bool);
        return json!(!cancelled && confirmed == Some(true));
    }
    match response.get("value") {
        Some(value) if !cancelled => value.clone(),
        _ => Value::Null,
    }
}

fn fallback(method: &str) -> Value {
    if method == "confirm" {
        json!(false)
    } else {
        Value::Null
    }
}

impl RpcUi {
    /// A UI writing to `out`; `hooks` (set once extensions are loaded) hear the prompt
    /// events.
    pub fn new(out: Out, hooks: Arc<OnceLock<Weak<ExtensionHooks>>>) -> Self {
        RpcUi {
            out,
            pending: Mutex::new(HashMap::new()),
            prompts: PromptEvents::new(hooks),
            shutdown: tokio_util::sync::CancellationToken::new(),
        }
    }

    fn pending(&self) -> std::sync::MutexGuard<'_, HashMap<String, oneshot::Sender<Value>>> {
        self.pending.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Routes a client's `extension_ui_response` to its dialog; unknown or late ids are
    /// ignored, as Pi ignores them.
    pub fn answer(&self, response: Value) {
        let Some(id) = response.get("id").and_then(Value::as_str) else {
            return;
        };
        if let Some(waiter) = self.pending().remove(id) {
            let _ = waiter.send(response);
        }
    }

    /// Dismisses every open dialog (stdin closed: nobody will answer).
    pub fn cancel_all(&self) {
        for (_, waiter) in self.pending().drain() {
            let _ = waiter.send(json!({ "cancelled": true }));
        }
    }

    async fn dialog(&self, method: &str, args: &[Value]) -> Value {
        let title = arg(args, 0);
        let opts = match method {
            "editor" => Value::Null,
            _ => arg(args, 2),
        };
        let timeout = opts
            .get("timeout")
            .and_then(Value::as_f64)
            .filter(|ms| *ms > 0.0);
        let mut fields = vec![("title", title.clone())];
        match method {
            "select" => fields.push(("options", arg(args, 1))),
            "confirm" => fields.push(("message", arg(args, 1))),
            "input" => fields.push(("placeholder", arg(args, 1))),
            _ => fields.push(("prefill", arg(args, 1))),
        }
        if method != "editor" {
            fields.push((
                "timeout",
                timeout.map_or(Value::Null, |ms| json!(ms as u64)),
            ));
        }
        let id = uuid::Uuid::new_v4().to_string();
        let (sender, receiver) = oneshot::channel();
        self.pending().insert(id.clone(), sender);
        self.out.record(&request_record(&id, method, fields)).await;
        let response = match timeout {
            Some(ms) => {
                match tokio::time::timeout(Duration::from_millis(ms as u64), receiver).await {
                    Ok(response) => response.ok(),
                    Err(_) => None,
                }
            }
            None => receiver.await.ok(),
        };
        self.pending().remove(&id);
        response.map_or_else(|| fallback(method), |r| answer(method, &r))
    }
}

#[async_trait]
impl ExtensionUi for RpcUi {
    fn extension_error(&self, extension_path: Option<&str>, event: &str, error: &str) {
        self.out.push(&serde_json::json!({
            "type": "extension_error",
            "extensionPath": extension_path,
            "event": event,
            "error": error,
        }));
    }

    fn shutdown_requested(&self) {
        self.shutdown.cancel();
    }

    async fn request(&self, _extension_path: &str, method: &str, args: Vec<Value>) -> Value {
        if !matches!(method, "select" | "confirm" | "input" | "editor") {
            // `custom()` and anything else without an RPC form: undefined, as in Pi.
            return Value::Null;
        }
        let title = arg(&args, 0);
        self.prompts.opened(method, &title);
        let value = self.dialog(method, &args).await;
        self.prompts.closed(method, &title);
        value
    }

    fn notify(&self, _extension_path: &str, method: &str, args: Vec<Value>) {
        let id = uuid::Uuid::new_v4().to_string();
        let record = match method {
            "notify" => request_record(
                &id,
                "notify",
                vec![("message", arg(&args, 0)), ("notifyType", arg(&args, 1))],
            ),
            "setStatus" => request_record(
                &id,
                "setStatus",
                vec![("statusKey", arg(&args, 0)), ("statusText", arg(&args, 1))],
            ),
            "setWidget" => {
                let lines = arg(&args, 1);
                // Only string arrays cross to the client; Pi drops component factories.
                if !(lines.is_null() || lines.is_array()) {
                    return;
                }
                let placement = arg(&args, 2).get("placement").cloned();
                request_record(
                    &id,
                    "setWidget",
                    vec![
                        ("widgetKey", arg(&args, 0)),
                        ("widgetLines", lines),
                        ("widgetPlacement", placement.unwrap_or(Value::Null)),
                    ],
                )
            }
            "setTitle" => request_record(&id, "setTitle", vec![("title", arg(&args, 0))]),
            // Pi's RPC mode pastes by setting the editor text.
            "setEditorText" | "pasteToEditor" => {
                request_record(&id, "set_editor_text", vec![("text", arg(&args, 0))])
            }
            _ => return,
        };
        self.out.push(&record);
    }
}
