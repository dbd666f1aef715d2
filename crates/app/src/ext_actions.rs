//! What tau does when an extension acts (docs/protocol.md "host → tau"): messages, entries,
//! names and labels go to the live runtime and session; tools, model and thinking level
//! change the live configuration; anything that starts a run is handed to the driver, which
//! runs it once the current work is done.

use std::path::PathBuf;
use std::sync::{Arc, Weak};

use async_trait::async_trait;
use serde_json::{json, Value};
use tau_ext_bridge::{ExtensionHooks, ExtensionHost, ExtensionTool, HostActions};
use tau_protocol::bridge::ToolDef;
use tau_protocol::messages::CustomMessage;
use tau_protocol::{AgentMessage, ThinkingLevel, UserContent};
use tau_runtime::Delivery;

use crate::current::Current;
use crate::ext_switch::Sessions;
use crate::model::model_json;
use crate::resources::ResourceLoader;
use tau_tools::tool::SharedTool;
use tokio::sync::mpsc::UnboundedSender;
use tokio_util::sync::CancellationToken;

/// Where extension dialogs and notifications go in a mode with a UI (RPC: the client).
#[async_trait]
pub trait ExtensionUi: Send + Sync {
    /// A dialog (`select`, `confirm`, `input`, `editor`) with Pi's positional arguments;
    /// `null` is "dismissed".
    async fn request(&self, extension_path: &str, method: &str, args: Vec<Value>) -> Value;
    /// A fire-and-forget call (`notify`, `setStatus`, `setWidget`, `setTitle`, …).
    fn notify(&self, extension_path: &str, method: &str, args: Vec<Value>);

    /// An extension handler failed (Pi's RPC `extension_error` record). Always also
    /// reported on stderr.
    fn extension_error(&self, extension_path: Option<&str>, event: &str, error: &str) {
        let _ = (extension_path, event, error);
    }

    /// `ctx.shutdown()`: the mode ends once the work under way is done. Modes without a UI
    /// ignore it (Pi's print mode: the process ends when the prompts are done).
    fn shutdown_requested(&self) {}
}

/// A run an extension asked for while tau was idle.
#[derive(Debug, Clone)]
pub enum PendingRun {
    /// `sendUserMessage`: a prompt that goes through `input` and `before_agent_start`;
    /// with `expandPromptTemplates` (the flag) also extension-command dispatch and skill and
    /// template expansion.
    User(UserContent, bool),
    /// `sendMessage` with `triggerTurn`: the message starts the run.
    Message(Box<AgentMessage>),
}

/// Answers extension actions for one session.
pub struct Actions {
    current: Current,
    host: Weak<ExtensionHost>,
    hooks: Weak<ExtensionHooks>,
    runs: UnboundedSender<PendingRun>,
    agent_dir: PathBuf,
    /// tau's built-in tools, which `createBashTool` & co. run through `runBuiltinTool`.
    builtins: Vec<SharedTool>,
    /// Session replacement (`newSession`, `fork`, `switchSession`).
    sessions: Sessions,
    /// The UI, in modes that have one.
    ui: Option<Arc<dyn ExtensionUi>>,
    /// The skills and templates `sendUserMessage` expands with `expandPromptTemplates`.
    resources: Arc<ResourceLoader>,
    /// Whether a tool registered at run time becomes active (not with a `--tools`
    /// allowlist that leaves it out, nor with `--no-tools`).
    activate: Arc<dyn Fn(&str) -> bool + Send + Sync>,
}

fn arg(args: &[Value], index: usize) -> &Value {
    args.get(index).unwrap_or(&Value::Null)
}

impl Actions {
    /// Actions on the session `sessions` drives (its host and hooks must be set); runs go
    /// to `runs`, dialogs to `ui`.
    pub fn new(
        sessions: Sessions,
        runs: UnboundedSender<PendingRun>,
        agent_dir: PathBuf,
        ui: Option<Arc<dyn ExtensionUi>>,
        resources: Arc<ResourceLoader>,
    ) -> Self {
        Actions {
            resources,
            current: sessions.current.clone(),
            host: sessions.host.clone().unwrap_or_default(),
            hooks: sessions.hooks.clone().unwrap_or_default(),
            activate: sessions.activate.clone(),
            sessions,
            ui,
            runs,
            agent_dir,
            builtins: tau_tools::builtin_tools(),
        }
    }

    async fn notify(&self, event: Value) {
        if let Some(hooks) = self.hooks.upgrade() {
            hooks.notify(event).await;
        }
    }

    async fn send_message(&self, args: &[Value]) -> Result<Value, String> {
        let message = arg(args, 0);
        let options = arg(args, 1);
        let custom = CustomMessage::from_extension(message)?;
        let delivery = options
            .get("deliverAs")
            .and_then(Value::as_str)
            .and_then(Delivery::parse);
        let trigger = options.get("triggerTurn").and_then(Value::as_bool);
        let starts = self
            .current
            .get()
            .send_custom(AgentMessage::Custom(custom), delivery, trigger)
            .await;
        if let Some(message) = starts {
            let _ = self.runs.send(PendingRun::Message(Box::new(message)));
        }
        Ok(Value::Null)
    }

    async fn send_user_message(&self, args: &[Value]) -> Result<Value, String> {
        let content = UserContent::from_extension(Some(arg(args, 0)))?;
        let delivery = arg(args, 1).get("deliverAs").and_then(Value::as_str);
        // Pi's default is false: the text goes to the model as written.
        let expand = arg(args, 1)
            .get("expandPromptTemplates")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if !self.current.get().is_running() {
            let _ = self.runs.send(PendingRun::User(content, expand));
            return Ok(Value::Null);
        }
        let content = if expand {
            crate::resources::expand_content(&self.resources.get(), content, crate::report::warn)
        } else {
            content
        };
        let message = AgentMessage::User(tau_protocol::UserMessage {
            content,
            timestamp: tau_protocol::now_millis(),
            extra: Default::default(),
        });
        match delivery {
            Some("followUp") => self.current.get().follow_up(message).await,
            Some("steer") => self.current.get().steer(message).await,
            // Pi's wording.
            _ => return Err("Agent is already processing. Specify deliverAs ('steer' or 'followUp') to queue the message.".into()),
        }
        Ok(Value::Null)
    }

    async fn set_model(&self, args: &[Value]) -> Result<Value, String> {
        let resolved =
            crate::ext_models::switch_selection(self.agent_dir.clone(), arg(args, 0)).await?;
        // Pi answers false when the model has no credentials.
        let Some(selection) = resolved else {
            return Ok(json!(false));
        };
        let previous = model_json(&self.current.get().config().model);
        let model = model_json(&selection.model);
        self.current
            .get()
            .set_model(selection.provider, selection.model, selection.api_key);
        self.notify(json!({
            "type": "model_select",
            "model": model,
            "previousModel": previous,
            "source": "set",
        }))
        .await;
        Ok(json!(true))
    }

    async fn set_thinking_level(&self, args: &[Value]) -> Result<Value, String> {
        let name = arg(args, 0).as_str().unwrap_or_default();
        let level = ThinkingLevel::parse(name)
            .ok_or_else(|| format!("invalid thinking level \"{name}\""))?;
        let previous = self.current.get().config().thinking_level;
        self.current.get().set_thinking_level(level);
        if previous != level {
            self.notify(json!({
                "type": "thinking_level_select",
                "level": level.as_str(),
                "previousLevel": previous.as_str(),
            }))
            .await;
        }
        Ok(Value::Null)
    }

    async fn set_session_name(&self, args: &[Value]) -> Result<Value, String> {
        let name = arg(args, 0).as_str().unwrap_or_default().trim().to_string();
        self.current.get().set_session_name(&name)?;
        let name = (!name.is_empty()).then_some(name);
        self.notify(json!({ "type": "session_info_changed", "name": name }))
            .await;
        Ok(Value::Null)
    }
}

#[async_trait]
impl HostActions for Actions {
    async fn action(
        &self,
        _path: &str,
        name: &str,
        args: Vec<Value>,
        cancel: CancellationToken,
    ) -> Result<Value, String> {
        match name {
            "sendMessage" => self.send_message(&args).await,
            "sendUserMessage" => self.send_user_message(&args).await,
            "appendEntry" => {
                let custom_type = arg(&args, 0).as_str().unwrap_or_default();
                let data = Some(arg(&args, 1).clone()).filter(|d| !d.is_null());
                self.current
                    .get()
                    .append_custom_entry(custom_type, data)
                    .await
                    .map(|_| Value::Null)
            }
            "setSessionName" => self.set_session_name(&args).await,
            "setLabel" => {
                let target = arg(&args, 0).as_str().unwrap_or_default();
                let label = arg(&args, 1).as_str().filter(|l| !l.trim().is_empty());
                self.current
                    .get()
                    .set_label(target, label)
                    .map(|_| Value::Null)
            }
            "setActiveTools" => {
                let names: Vec<String> = serde_json::from_value(arg(&args, 0).clone())
                    .map_err(|_| "setActiveTools takes an array of tool names".to_string())?;
                self.current.get().set_active_tools(&names);
                Ok(Value::Null)
            }
            "setModel" => self.set_model(&args).await,
            "setThinkingLevel" => self.set_thinking_level(&args).await,
            "abort" => {
                self.current.get().abort();
                Ok(Value::Null)
            }
            // Pi's print mode: a no-op; the process exits when all prompts are processed.
            "shutdown" => {
                if let Some(ui) = &self.ui {
                    ui.shutdown_requested();
                }
                Ok(Value::Null)
            }
            "newSession" => {
                let parent = arg(&args, 0).get("parentSession").and_then(Value::as_str);
                self.sessions.new_session(parent.map(str::to_string)).await
            }
            "fork" => {
                let entry = arg(&args, 0).as_str().unwrap_or_default().to_string();
                let position = arg(&args, 1).get("position").and_then(Value::as_str);
                let position = position.unwrap_or("before").to_string();
                self.sessions.fork(entry, position).await
            }
            "navigateTree" => {
                let target = arg(&args, 0).as_str().unwrap_or_default().to_string();
                self.sessions.navigate_tree(target, arg(&args, 1)).await
            }
            "switchSession" => {
                let path = arg(&args, 0)
                    .as_str()
                    .ok_or("switchSession takes the path of a session file")?;
                self.sessions.switch_session(path.to_string()).await
            }
            "reload" => self.sessions.reload().await,
            "waitForIdle" => {
                self.current.get().wait_until_idle(None).await;
                Ok(Value::Null)
            }
            "compact" => {
                let instructions = arg(&args, 0)
                    .get("customInstructions")
                    .and_then(Value::as_str);
                let result = self.current.get().compact(instructions).await;
                result
                    .map_err(|error| error.to_string())
                    .and_then(|result| serde_json::to_value(result).map_err(|e| e.to_string()))
            }
            "modelComplete" => {
                let config = self.current.get().config();
                let current = crate::model::Selection {
                    provider: config.provider,
                    model: config.model,
                    thinking: config.thinking_level,
                    api_key: config.api_key,
                };
                crate::ext_models::complete(self.agent_dir.clone(), current, &args, cancel).await
            }
            "modelAuth" => Ok(crate::ext_models::auth(self.agent_dir.clone(), arg(&args, 0)).await),
            "runBuiltinTool" => {
                let host = self.host.upgrade();
                let sandbox = host.as_deref().and_then(ExtensionHost::sandbox);
                tau_ext_bridge::run_builtin_tool(&self.builtins, arg(&args, 0), sandbox, cancel)
                    .await
            }
            other => Err(format!("{other} is not supported by tau yet")),
        }
    }

    async fn ui_request(&self, path: &str, method: &str, args: Vec<Value>) -> Value {
        match &self.ui {
            Some(ui) => ui.request(path, method, args).await,
            None => Value::Null,
        }
    }

    fn ui_notify(&self, path: &str, method: &str, args: Vec<Value>) {
        if let Some(ui) = &self.ui {
            ui.notify(path, method, args);
        }
    }

    fn tool_registered(&self, _path: &str, tool: &ToolDef) {
        let Some(host) = self.host.upgrade() else {
            return;
        };
        let activate = (self.activate)(&tool.name);
        let tool: SharedTool = Arc::new(ExtensionTool::new(tool, host));
        self.current.get().add_tool(tool, activate);
    }
}
