//! Extensions in the project-trust decision (Pi's `project_trust`). Before tau decides
//! whether to trust a project with trust-gated resources (`.pi`, `.agents/skills`), and
//! unless `-a`/`-na` decided already, the user/global and `-e` extensions are loaded on
//! their own and asked: the first handler answering `{trusted: "yes" | "no"}` decides (with
//! `remember: true` the decision is saved to trust.json), `"undecided"` passes to the next;
//! a throwing handler is reported and the next one runs. Without a decision tau goes on as
//! before (saved decision, `defaultProjectTrust`, the question).
//!
//! The handlers' ctx is Pi's project-trust context: `cwd`, `mode`, `hasUI` and `ui`, whose
//! `select` / `confirm` / `input` reach the user only in the terminal UI (through
//! [`TrustDialog`]s the mode answers); elsewhere they answer nothing (`confirm`: false) and
//! `notify` prints to stderr, as Pi does. These extensions run in a host of their own that
//! stops once the trust is decided; the session's host loads them again afterwards (Pi
//! keeps the instances: a factory with side effects runs twice in tau).

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use serde_json::{json, Value};
use tau_ext_bridge::discovery::discover;
use tau_ext_bridge::discovery::trust::has_trust_requiring_resources;
use tau_ext_bridge::{ExtensionHost, HostActions, LoadRequest};
use tokio::sync::{mpsc, oneshot};

use crate::extensions::{discovery_options, host_options};
use crate::AppOptions;

/// A dialog a `project_trust` handler opened (`select`, `confirm`, `input` with Pi's
/// arguments); the answer goes to `reply` (`null` when dismissed).
#[derive(Debug)]
pub struct TrustDialog {
    /// `select`, `confirm` or `input`.
    pub method: String,
    /// Pi's arguments: the title, then the options (`select`), message or placeholder.
    pub args: Vec<Value>,
    /// Gets the answer.
    pub reply: oneshot::Sender<Value>,
}

/// Where the handlers' dialogs go: the terminal UI's, or nowhere.
pub type TrustDialogs = Option<mpsc::UnboundedSender<TrustDialog>>;

/// The trust-time UI: dialogs to the mode when it has one, `notify` to stderr outside the
/// terminal UI.
struct TrustUi {
    dialogs: TrustDialogs,
    interactive: bool,
}

#[async_trait]
impl HostActions for TrustUi {
    async fn ui_request(&self, _path: &str, method: &str, args: Vec<Value>) -> Value {
        let nothing = if method == "confirm" {
            json!(false)
        } else {
            Value::Null
        };
        let Some(dialogs) = self
            .dialogs
            .as_ref()
            .filter(|_| matches!(method, "select" | "confirm" | "input"))
        else {
            return nothing;
        };
        let (reply, answer) = oneshot::channel();
        let dialog = TrustDialog {
            method: method.to_string(),
            args,
            reply,
        };
        if dialogs.send(dialog).is_err() {
            return nothing;
        }
        answer.await.unwrap_or(nothing)
    }

    fn ui_notify(&self, _path: &str, method: &str, args: Vec<Value>) {
        if method == "notify" && !self.interactive {
            let message = args.first().and_then(Value::as_str).unwrap_or_default();
            crate::report::to_stderr(message);
        }
    }
}

/// Asks the global and `-e` extensions whether to trust `cwd`; `Some(trusted)` when one
/// decided. `mode` is tau's mode name (`tui` in the terminal UI: the only mode whose trust
/// context has a UI, as in Pi, where RPC's has none yet at that point); `dialogs` where
/// the terminal UI answers dialogs.
pub async fn decide(
    args: &AppOptions,
    cwd: &Path,
    agent_dir: &Path,
    mode: &str,
    dialogs: TrustDialogs,
    warn: &(dyn Fn(&str) + Sync),
) -> Option<bool> {
    if args.approve.is_some() || !has_trust_requiring_resources(cwd) {
        return None;
    }
    let has_ui = mode == "tui";
    // Untrusted discovery: the project's own extensions load only after trust is decided.
    let found = discover(&discovery_options(args, cwd, agent_dir, Some(false)));
    // Problems are reported when the session's extensions start.
    if !found.errors.is_empty() || found.paths.is_empty() {
        return None;
    }
    let options = host_options(args, cwd, agent_dir, mode, None, warn, &found.paths).ok()?;
    let host = ExtensionHost::start(options).await.ok()?;
    let request = LoadRequest {
        paths: found.paths.clone(),
        cwd: cwd.to_path_buf(),
        agent_dir: agent_dir.to_path_buf(),
        mode: mode.into(),
        has_ui,
        flags: crate::extensions::flag_values(args),
        from_cli: found
            .paths
            .iter()
            .filter(|p| {
                found
                    .explicit
                    .iter()
                    .any(|e| crate::extensions::same_file(e, p))
            })
            .cloned()
            .collect(),
    };
    let decided = match host.load(request).await {
        Ok(_) if !host.registered("project_trust").is_empty() => {
            host.set_actions(Arc::new(TrustUi {
                dialogs,
                interactive: mode == "tui",
            }));
            ask(&host, cwd, warn).await
        }
        _ => None,
    };
    let _ = host.shutdown().await;
    let (trusted, remember) = decided?;
    if remember {
        let path = crate::trust_store::canonical(cwd);
        if let Err(error) = crate::trust_store::save(agent_dir, &[(path, Some(trusted))]) {
            warn(&error);
        }
    }
    Some(trusted)
}

/// Pi's `emitProjectTrustEvent`: handlers in order until one answers other than
/// `undecided`; errors are reported and skipped. `(trusted, remember)`.
async fn ask(
    host: &ExtensionHost,
    cwd: &Path,
    warn: &(dyn Fn(&str) + Sync),
) -> Option<(bool, bool)> {
    let event = json!({ "type": "project_trust", "cwd": cwd.display().to_string() });
    for handler in host.handlers("project_trust").await.ok()? {
        let path = &handler.extension_path;
        match host.invoke(&handler.id, event.clone(), json!({})).await {
            Ok(outcome) => {
                let Some(answer) = outcome.value.as_object() else {
                    // Pi reads `.trusted` of what came back: nothing is a TypeError.
                    warn(&format!(
                        "Extension \"{path}\" project_trust error: the handler returned no \
                         {{ trusted }} answer"
                    ));
                    continue;
                };
                let trusted = answer.get("trusted").and_then(Value::as_str);
                if trusted == Some("undecided") {
                    continue;
                }
                let remember = answer.get("remember").and_then(Value::as_bool) == Some(true);
                return Some((trusted == Some("yes"), remember));
            }
            Err(error) => warn(&format!(
                "Extension \"{path}\" project_trust error: {error}"
            )),
        }
    }
    None
}
