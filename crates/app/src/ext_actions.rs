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
    /// Session replacement (`newSession`, `fork`, `switchSession`).
    sessions: Sessions,
    /// The UI, in modes that have one.
    ui: Option<Arc<dyn ExtensionUi>>,
    /// The skills and templates `sendUserMessage` expands with `expandPromptTemplates`.
    resources: Arc<ResourceLoader>,
    /// Whether a tool registered at run time becomes active (not with a `--tools`
    /// allowlist that leaves it out, nor with `--no-tools`).
    activate: crate::ext_switch::Activation,
    /// How many nested calls each tool call made (`ctx.executeTool()`), for their ids.
    nested_calls: std::sync::Mutex<std::collections::HashMap<String, u32>>,
    /// The registry view the host mirrors, renewed when providers change.
    models: Option<crate::ext_models::SharedModels>,
}

fn arg(args: &[Value], index: usize) -> &Value {
    args.get(index).unwrap_or(&Value::Null)
}

/// The id and timestamp the host gave an entry it already shows (`{id, timestamp}` at
/// `index`), so the session file holds the entry the extension saw.
fn stamp(args: &[Value], index: usize) -> Option<tau_session::EntryStamp> {
    let given = arg(args, index);
    Some(tau_session::EntryStamp {
        id: given.get("id")?.as_str()?.to_string(),
        timestamp: given.get("timestamp")?.as_str()?.to_string(),
    })
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
            nested_calls: Default::default(),
            models: None,
        }
    }

    /// Keeps `models` (the host's registry view) current when extensions change providers.
    pub fn with_models(mut self, models: crate::ext_models::SharedModels) -> Self {
        self.models = Some(models);
        self
    }

    /// `registerProvider` / `unregisterProvider` after loading (and `modelRegistry.refresh()`,
    /// which only renews the view: models.json is read afresh): the registry changes at once
    /// (every later lookup, `--model` switch and listing sees it) and the host's mirror is
    /// renewed so `ctx.modelRegistry` does too.
    async fn change_provider(&self, name: &str, args: &[Value]) -> Result<Value, String> {
        if name == "registerProvider" {
            crate::ext_models::register_one(arg(args, 0))?;
        } else if name == "unregisterProvider" {
            let provider = arg(args, 0).as_str().unwrap_or_default();
            tau_provider::models::extension::unregister(provider);
        }
        let view = crate::ext_models::registry_view(&self.agent_dir).await;
        if let Some(models) = &self.models {
            *models.lock().unwrap_or_else(|p| p.into_inner()) = view.clone();
        }
        if let Some(host) = self.host.upgrade() {
            host.update_state(view)
                .await
                .map_err(|error| error.to_string())?;
        }
        Ok(Value::Null)
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
        let before = self.current.get().config().model;
        // Pi announces a switch only when the provider or id changes (`modelsAreEqual`).
        let changed =
            before.provider != selection.model.provider || before.id != selection.model.id;
        let previous = model_json(&before);
        let model = model_json(&selection.model);
        self.current
            .get()
            .set_model(selection.provider, selection.model, selection.api_key);
        if !changed {
            return Ok(json!(true));
        }
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
        // Pi clamps to what the model supports (a model without reasoning: `off`).
        let config = self.current.get().config();
        let level = tau_provider::models::clamp_thinking(&config.model, level);
        let previous = config.thinking_level;
        self.current.get().set_thinking_level(level);
        if previous != level {
            self.notify(json!({
                "type": "thinking_level_select",
                "level": level.as_str(),
                "previousLevel": previous.as_str(),
            }))
            .await;
        }
        Ok(json!(level.as_str()))
    }

    /// `ctx.executeTool(name, args)` of a running tool: the call gets Pi's id
    /// `<parent>/<n>` and runs through tau's tool pipeline and hooks; the answer is Pi's
    /// `{toolCall, result, isError, durationMs}` (a failure is a result, never a rejection).
    async fn execute_tool(
        &self,
        args: &[Value],
        cancel: CancellationToken,
    ) -> Result<Value, String> {
        let name = arg(args, 0)
            .as_str()
            .ok_or("executeTool takes a tool name")?
            .to_string();
        let arguments = match arg(args, 1) {
            Value::Null => json!({}),
            other => other.clone(),
        };
        let parent = arg(args, 2)
            .get("parentToolCallId")
            .and_then(Value::as_str)
            .unwrap_or("call")
            .to_string();
        let n = {
            let mut counts = self.nested_calls.lock().unwrap_or_else(|p| p.into_inner());
            let count = counts.entry(parent.clone()).or_insert(0);
            *count += 1;
            *count
        };
        let call = tau_protocol::ToolCall {
            id: format!("{parent}/{n}"),
            name,
            arguments,
            thought_signature: None,
            namespace: None,
        };
        let hooks = self.hooks.upgrade();
        if let Some(hooks) = &hooks {
            hooks.nested_call(&call.id, &parent);
        }
        let id = call.id.clone();
        let outcome = self.current.get().run_nested_tool_call(call, &cancel).await;
        if let Some(hooks) = &hooks {
            hooks.nested_done(&id);
        }
        let mut result = serde_json::to_value(&outcome.result).map_err(|e| e.to_string())?;
        if let Some(fields) = result.as_object_mut() {
            fields.remove("isError");
        }
        let mut answer = json!({
            "toolCall": {
                "type": "toolCall",
                "id": outcome.call.id,
                "name": outcome.call.name,
                "arguments": outcome.call.arguments,
            },
            "result": result,
            "isError": outcome.is_error,
        });
        if let Some(ms) = outcome.duration_ms {
            answer["durationMs"] = json!(ms);
        }
        Ok(answer)
    }

    async fn set_session_name(&self, args: &[Value]) -> Result<Value, String> {
        let name = arg(args, 0).as_str().unwrap_or_default().trim().to_string();
        self.current
            .get()
            .set_session_name_stamped(&name, stamp(args, 1))?;
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
                    .append_custom_entry_stamped(custom_type, data, stamp(&args, 2))
                    .await
                    .map(|_| Value::Null)
            }
            "setSessionName" => self.set_session_name(&args).await,
            "setLabel" => {
                let target = arg(&args, 0).as_str().unwrap_or_default();
                let label = arg(&args, 1).as_str().filter(|l| !l.trim().is_empty());
                self.current
                    .get()
                    .set_label_stamped(target, label, stamp(&args, 2))
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
            "executeTool" => self.execute_tool(&args, cancel).await,
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
                // `stream`/`streamSimple` name a stream id: the events go to the host live.
                let events = arg(&args, 3)
                    .as_str()
                    .and_then(|id| Some((self.host.upgrade()?, id.to_owned())));
                crate::ext_models::complete(self.agent_dir.clone(), current, &args, cancel, events)
                    .await
            }
            "registerProvider" | "unregisterProvider" => self.change_provider(name, &args).await,
            "modelRefresh" => self.change_provider("refresh", &args).await,
            "modelAuth" => Ok(crate::ext_models::auth(self.agent_dir.clone(), arg(&args, 0)).await),
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
        let activate = (self.activate)(&tool.name, tool.default_active != Some(false));
        let tool: SharedTool = Arc::new(ExtensionTool::new(tool, host));
        self.current.get().add_tool(tool, activate);
    }
}
