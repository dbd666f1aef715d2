//! Requests the host sends to tau: extension actions (`sendMessage`, `setModel`, …), UI
//! dialogs, and registrations made after loading.
//!
//! The bridge keeps its own tables current (handlers registered or removed at run time,
//! tools and commands added) and hands every request to the [`HostActions`] the embedding
//! application installs with [`crate::ExtensionHost::set_actions`]. Each request is
//! answered on its own task, so a slow action never holds up the host's other answers.

use std::sync::{Arc, Mutex, RwLock};

use async_trait::async_trait;
use serde_json::Value;
use tau_protocol::bridge::{CommandDef, HandlerDef, LoadReport, ToolDef};
use tokio_util::sync::CancellationToken;

/// What tau does with the requests of extensions. Every method has a default that refuses
/// (or, for notifications, ignores) the request, so an application implements only what it
/// supports; refusals reach the extension as errors that name the action.
#[async_trait]
pub trait HostActions: Send + Sync {
    /// An ExtensionAPI / ctx action: `name` with Pi's positional `args`. The answer is the
    /// action's result (`null` when it has none); an `Err` becomes an error in the extension.
    /// `cancel` fires when the extension's `AbortSignal` aborts the call.
    async fn action(
        &self,
        extension_path: &str,
        name: &str,
        args: Vec<Value>,
        cancel: CancellationToken,
    ) -> Result<Value, String> {
        let _ = (extension_path, args, cancel);
        Err(format!("tau does not support {name} yet"))
    }

    /// A blocking UI request (`select`, `confirm`, `input`, `editor`); `null` is Pi's
    /// "dismissed".
    async fn ui_request(&self, extension_path: &str, method: &str, args: Vec<Value>) -> Value {
        let _ = (extension_path, method, args);
        Value::Null
    }

    /// A fire-and-forget UI call (`notify`, `setStatus`, `setWidget`, …).
    fn ui_notify(&self, extension_path: &str, method: &str, args: Vec<Value>) {
        let _ = (extension_path, method, args);
    }

    /// Tools an extension registered after loading, for the application's tool set.
    fn tool_registered(&self, extension_path: &str, tool: &ToolDef) {
        let _ = (extension_path, tool);
    }
}

/// Refuses every action: what a host without an application attached answers.
#[derive(Debug, Default)]
pub struct NoActions;

impl HostActions for NoActions {}

/// The installed [`HostActions`], shared by every host process a restart creates.
pub(crate) type ActionSlot = Arc<RwLock<Arc<dyn HostActions>>>;

/// Routes host requests: registration bookkeeping in the load report, the rest to the
/// installed actions.
pub(crate) struct Dispatcher {
    pub(crate) slot: ActionSlot,
    pub(crate) report: Arc<Mutex<LoadReport>>,
    /// Extension components (tau's interactive mode).
    pub(crate) components: crate::component_hub::Hub,
}

fn args_of(params: &Value) -> Vec<Value> {
    params
        .get("args")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

fn text<'a>(params: &'a Value, key: &str) -> &'a str {
    params.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// Actions that may take long (a dialog, a tool run, waiting for a run): answered on their
/// own task. Every other action is applied in the order the host sent it, as Pi applies the
/// synchronous calls of an extension in order.
const LONG_ACTIONS: &[&str] = &[
    "waitForIdle",
    "compact",
    "executeTool",
    "modelComplete",
    "modelAuth",
    "newSession",
    "fork",
    "navigateTree",
    "switchSession",
    "reload",
];

impl Dispatcher {
    /// Whether the request `method` with `params` may take long (see [`LONG_ACTIONS`]).
    pub(crate) fn is_long(method: &str, params: &Value) -> bool {
        method != "action" || LONG_ACTIONS.contains(&text(params, "name"))
    }

    fn actions(&self) -> Arc<dyn HostActions> {
        self.slot
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Answers one host request (`action` or `ui`).
    pub(crate) async fn request(
        &self,
        method: &str,
        params: Value,
        cancel: CancellationToken,
    ) -> Result<Value, String> {
        let path = text(&params, "extensionPath").to_string();
        let args = args_of(&params);
        match method {
            "action" => {
                let name = text(&params, "name").to_string();
                if self.registration(&path, &name, &args) {
                    return Ok(Value::Null);
                }
                self.actions().action(&path, &name, args, cancel).await
            }
            "ui" => Ok(self
                .actions()
                .ui_request(&path, text(&params, "method"), args)
                .await),
            "terminal_handover" => self.components.handover(&params).await,
            "autocomplete_base" => self.components.autocomplete_base(params).await,
            other => Err(format!("tau does not know the host request {other}")),
        }
    }

    /// A host notification addressed to the application (`ui`).
    pub(crate) fn notify(&self, method: &str, params: &Value) {
        if method == "ui" {
            self.actions().ui_notify(
                text(params, "extensionPath"),
                text(params, "method"),
                args_of(params),
            );
        }
    }

    /// Keeps the load report current for registrations made after loading; true when
    /// `name` was one (it needs no further answer).
    fn registration(&self, path: &str, name: &str, args: &[Value]) -> bool {
        let first = args.first().cloned().unwrap_or(Value::Null);
        let mut report = self
            .report
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Some(ext) = report.extensions.iter_mut().find(|ext| ext.path == path) else {
            return matches!(name, "on" | "off" | "registerCommand" | "registerTool");
        };
        match name {
            "on" => {
                if let Ok(handler) = serde_json::from_value::<HandlerDef>(first) {
                    ext.handlers.push(handler);
                }
            }
            "off" => {
                let id = first.get("id").cloned().unwrap_or(Value::Null);
                ext.handlers.retain(|h| h.id != id);
            }
            "registerCommand" => {
                if let Ok(command) = serde_json::from_value::<CommandDef>(first) {
                    ext.commands.retain(|c| c.name != command.name);
                    ext.commands.push(command);
                }
            }
            "registerTool" => {
                let Ok(tool) = serde_json::from_value::<ToolDef>(first) else {
                    return true;
                };
                ext.tools.retain(|t| t.name != tool.name);
                ext.tools.push(tool.clone());
                drop(report);
                self.actions().tool_registered(path, &tool);
            }
            _ => return false,
        }
        true
    }
}
