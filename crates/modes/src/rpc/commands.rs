//! The command table: which commands run on their own task, and the state, model,
//! thinking, queue-mode, compaction and retry commands (Pi's rpc-commands.md). Prompting
//! lives in `prompting.rs`, the session commands in `session_cmds.rs`.

use std::sync::Arc;

use serde_json::{json, Value};
use tau_agent::QueueMode;
use tau_protocol::ThinkingLevel;
use tau_provider::models::{supported_thinking_levels, ModelRegistry};

use super::{prompting, session_cmds, Rpc};
pub(super) use tau_app::model::model_json;

/// A command's outcome: its `data` (`None`: no data field) or what went wrong.
pub(super) type Outcome = Result<Option<Value>, String>;

/// Commands that may take long (a run, a shell command, a summary, a dialog of an extension
/// gate): they run on their own task so the client can go on.
pub(super) fn is_slow(kind: &str) -> bool {
    matches!(
        kind,
        "abort"
            | "bash"
            | "compact"
            | "new_session"
            | "switch_session"
            | "fork"
            | "clone"
            | "set_model"
            | "cycle_model"
            | "get_available_models"
    )
}

/// A required string field.
pub(super) fn text<'a>(command: &'a Value, field: &str) -> Result<&'a str, String> {
    command.get(field).and_then(Value::as_str).ok_or_else(|| {
        let kind = command["type"].as_str().unwrap_or_default();
        format!("{kind}: \"{field}\" is required and must be a string")
    })
}

/// A required boolean field.
fn flag(command: &Value, field: &str) -> Result<bool, String> {
    command.get(field).and_then(Value::as_bool).ok_or_else(|| {
        let kind = command["type"].as_str().unwrap_or_default();
        format!("{kind}: \"{field}\" is required and must be true or false")
    })
}

/// Handles one command and writes its response.
pub(super) async fn handle(rpc: &Arc<Rpc>, command: Value) {
    let id = command.get("id");
    let Some(kind) = command.get("type").and_then(Value::as_str) else {
        let error = "Unknown command: undefined (a command is a JSON object with a string \"type\", such as {\"type\":\"get_state\"})";
        rpc.out.fail(id, "", error).await;
        return;
    };
    if kind == "prompt" {
        // The prompt answers on its own: after its preflight, before its run.
        return prompting::prompt(rpc, &command).await;
    }
    if kind == "get_tree" {
        // Written as text: a long session's tree nests too deep for a `Value`.
        let data = rpc.current.get().with_session_log(session_cmds::tree_json);
        return rpc.out.ok_raw(id, kind, &data).await;
    }
    let outcome = run(rpc, kind, &command).await;
    match outcome {
        Ok(data) => rpc.out.ok(id, kind, data).await,
        Err(error) => rpc.out.fail(id, kind, &error).await,
    }
}

async fn run(rpc: &Arc<Rpc>, kind: &str, command: &Value) -> Outcome {
    match kind {
        "steer" | "follow_up" => prompting::queue(rpc, kind, command).await,
        "abort" => prompting::abort(rpc).await,
        "clear_queue" => prompting::clear_queue(rpc).await,
        "bash" => prompting::bash(rpc, command).await,
        "abort_bash" => prompting::abort_bash(rpc),
        "get_state" => Ok(Some(state(rpc))),
        "set_model" => set_model(rpc, text(command, "provider")?, text(command, "modelId")?).await,
        "cycle_model" => cycle_model(rpc).await,
        "get_available_models" => {
            let registry = registry(rpc).await?;
            let models: Vec<Value> = registry.available().into_iter().map(model_json).collect();
            Ok(Some(json!({ "models": models })))
        }
        "set_thinking_level" => {
            let name = text(command, "level")?;
            let level = ThinkingLevel::parse(name).ok_or_else(|| {
                format!("Invalid thinking level \"{name}\"; use off, minimal, low, medium, high, xhigh or max")
            })?;
            set_thinking(rpc, level).await;
            Ok(None)
        }
        "cycle_thinking_level" => cycle_thinking(rpc).await,
        "get_available_thinking_levels" => {
            let model = rpc.current.get().config().model;
            let levels: Vec<&str> = supported_thinking_levels(&model)
                .into_iter()
                .map(ThinkingLevel::as_str)
                .collect();
            Ok(Some(json!({ "levels": levels })))
        }
        "set_steering_mode" => {
            let mode = queue_mode(command)?;
            rpc.current.get().set_steering_mode(mode);
            Ok(None)
        }
        "set_follow_up_mode" => {
            let mode = queue_mode(command)?;
            rpc.current.get().set_follow_up_mode(mode);
            Ok(None)
        }
        "compact" => {
            let instructions = command.get("customInstructions").and_then(Value::as_str);
            let result = rpc.current.get().compact(instructions).await;
            let result = result.map_err(|error| error.to_string())?;
            Ok(Some(
                serde_json::to_value(result).map_err(|e| e.to_string())?,
            ))
        }
        "set_auto_compaction" => {
            rpc.current
                .get()
                .set_auto_compaction(flag(command, "enabled")?);
            Ok(None)
        }
        "set_auto_retry" => {
            rpc.current.get().set_auto_retry(flag(command, "enabled")?);
            Ok(None)
        }
        "abort_retry" => {
            // Pi cancels the retry's wait and stops retrying; the run then ends with the
            // failed response. tau's retry wait ends the same way when the run is aborted.
            if rpc.events.is_retrying() {
                rpc.current.get().abort();
            }
            Ok(None)
        }
        "export_html" => {
            let output = match command.get("outputPath") {
                None | Some(Value::Null) => None,
                Some(Value::String(path)) => Some(path.clone()),
                Some(_) => return Err("export_html: \"outputPath\" must be a string".into()),
            };
            // Rendering a long session takes a moment: off the async workers.
            let runtime = rpc.current.get();
            let resources = rpc.driver.resources().options().clone();
            let agent_dir = rpc.controls.agent_dir.clone();
            let path = tokio::task::spawn_blocking(move || {
                let project = resources.trusted.then(|| resources.cwd.join(".pi"));
                let colors =
                    crate::export_theme::setting_page_colors(&agent_dir, project.as_deref());
                crate::export::export_html(&runtime, output.as_deref(), colors.as_ref())
            })
            .await
            .map_err(|error| format!("export_html: {error}"))??;
            Ok(Some(json!({ "path": path })))
        }
        other => session_cmds::run(rpc, other, command).await,
    }
}

/// `set_steering_mode` / `set_follow_up_mode`: Pi's mode names.
fn queue_mode(command: &Value) -> Result<QueueMode, String> {
    match text(command, "mode")? {
        "one-at-a-time" => Ok(QueueMode::OneAtATime),
        "all" => Ok(QueueMode::All),
        other => Err(format!(
            "Invalid mode \"{other}\"; use \"all\" or \"one-at-a-time\""
        )),
    }
}

fn mode_name(mode: QueueMode) -> &'static str {
    match mode {
        QueueMode::All => "all",
        QueueMode::OneAtATime => "one-at-a-time",
    }
}

fn state(rpc: &Rpc) -> Value {
    let runtime = rpc.current.get();
    let config = runtime.config();
    let (file, id, name) = runtime.with_session_log(|s| {
        (
            s.path().map(|p| p.display().to_string()),
            s.id().to_string(),
            s.session_name().map(str::to_string),
        )
    });
    let mut state = json!({
        "model": model_json(&config.model),
        "thinkingLevel": config.thinking_level.as_str(),
        "isStreaming": rpc.streaming(),
        "isCompacting": rpc.events.is_compacting(),
        "steeringMode": mode_name(runtime.queue_modes().0),
        "followUpMode": mode_name(runtime.queue_modes().1),
    });
    if let Some(file) = file {
        state["sessionFile"] = json!(file);
    }
    state["sessionId"] = json!(id);
    if let Some(name) = name {
        state["sessionName"] = json!(name);
    }
    state["autoCompactionEnabled"] = json!(runtime.auto_compaction_enabled());
    state["messageCount"] = json!(runtime.messages().len());
    state["pendingMessageCount"] = json!(runtime.pending_message_count());
    state
}

async fn registry(rpc: &Rpc) -> Result<ModelRegistry, String> {
    rpc.controls.registry().await
}

async fn set_thinking(rpc: &Rpc, level: ThinkingLevel) {
    rpc.controls.set_thinking(level).await;
}

async fn cycle_thinking(rpc: &Rpc) -> Outcome {
    Ok(Some(match rpc.controls.cycle_thinking().await {
        Some(level) => json!({ "level": level.as_str() }),
        None => Value::Null,
    }))
}

async fn set_model(rpc: &Rpc, provider: &str, id: &str) -> Outcome {
    let model = rpc.controls.set_model(provider, id).await?;
    Ok(Some(model_json(&model)))
}

/// The next model of the `--models` scope (or of every model with credentials).
async fn cycle_model(rpc: &Rpc) -> Outcome {
    Ok(Some(match rpc.controls.cycle_model(true).await? {
        Some(cycled) => json!({
            "model": model_json(&cycled.model),
            "thinkingLevel": cycled.thinking_level.as_str(),
            "isScoped": cycled.scoped,
        }),
        None => Value::Null,
    }))
}
