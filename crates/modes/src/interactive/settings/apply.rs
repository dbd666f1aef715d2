//! A `/settings` change: saved to settings.json as Pi saves it, and applied to the running
//! session where tau has the mechanism (Pi's callbacks in `showSettingsSelector`). Settings
//! tau does not act on yet are saved all the same, so Pi (and a later tau) sees them.

use serde_json::Value;
use tau_agent::QueueMode;
use tau_app::settings_file;
use tau_protocol::ThinkingLevel;

use super::catalogue;
use super::Change;
use crate::interactive::app::{App, DoubleEscape};
use crate::interactive::bridge::AppEvent;
use crate::interactive::runner::Runner;
use crate::interactive::transcript::Level;

/// `all` or `one-at-a-time` (Pi's default for anything else).
pub fn queue_mode(value: &str) -> QueueMode {
    if value == "all" {
        QueueMode::All
    } else {
        QueueMode::OneAtATime
    }
}

/// Saves and applies one change.
pub fn apply(runner: &std::sync::Arc<Runner>, app: &mut App, change: Change) {
    let Some(agent_dir) = app.settings_context.as_ref().map(|c| c.agent_dir.clone()) else {
        return;
    };
    let (key, value) = match &change {
        Change::Setting { id, value } => {
            let Some(entry) = catalogue::find(id) else {
                return;
            };
            let Some(json) = catalogue::to_json(entry, value) else {
                return;
            };
            apply_live(runner, app, id, value);
            (entry.key.to_string(), json)
        }
        Change::Theme(name) => {
            app.theme_request = Some(name.clone());
            if let Some(context) = app.settings_context.as_mut() {
                context.theme.clone_from(name);
            }
            ("theme".to_string(), Value::from(name.as_str()))
        }
        Change::Warning { key, enabled } => (format!("warnings.{key}"), Value::from(*enabled)),
        Change::ModelThinking { model, level } => {
            save_model_level(runner, app, &agent_dir, model, level.as_deref());
            return;
        }
    };
    if let Err(error) = settings_file::set(&agent_dir, &key, value) {
        app.transcript.notice(Level::Error, error);
    }
}

/// What changes in the running session for a list setting.
fn apply_live(runner: &Runner, app: &mut App, id: &str, value: &str) {
    let runtime = runner.current.get();
    match id {
        "autocompact" => {
            runtime.set_auto_compaction(value == "true");
            app.footer.auto_compact = value == "true";
        }
        "steering-mode" => runtime.set_steering_mode(queue_mode(value)),
        "follow-up-mode" => runtime.set_follow_up_mode(queue_mode(value)),
        "hide-thinking" => app.hide_thinking = value == "true",
        "double-escape-action" => {
            app.tree_settings.double_escape = DoubleEscape::from_setting(Some(value));
        }
        "editor-padding" => app.editor.set_padding_x(value.parse().unwrap_or(0)),
        "autocomplete-max-visible" => app
            .editor
            .set_autocomplete_max_visible(value.parse().unwrap_or(5)),
        "output-padding" => app.output_pad = usize::from(value != "0"),
        "show-images" => app.images.show = value == "true",
        "image-width-cells" => app.images.width_cells = value.parse().unwrap_or(60),
        // Pi switches the layout at once; tau picks it when the terminal is taken.
        "tui-mode" => app.transcript.notice(
            Level::Info,
            format!("TUI mode: {value} (tau switches to it the next time it starts)"),
        ),
        "http-idle-timeout" => app
            .transcript
            .notice(Level::Info, format!("HTTP idle timeout: {value}")),
        "cache-warming-mode" => app
            .transcript
            .notice(Level::Info, format!("Cache warming: {value}")),
        _ => {}
    }
}

/// Pi's per-model override: saved under `modelThinkingLevels`; for the current model the
/// session's level changes too (to the global default when the override is removed).
fn save_model_level(
    runner: &std::sync::Arc<Runner>,
    app: &mut App,
    agent_dir: &std::path::Path,
    model: &str,
    level: Option<&str>,
) {
    let mut levels = settings_file::read(agent_dir)
        .get("modelThinkingLevels")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    match level {
        Some(level) => {
            levels.insert(model.to_string(), Value::from(level));
        }
        None => {
            levels.shift_remove(model);
        }
    }
    if let Err(error) = settings_file::set(agent_dir, "modelThinkingLevels", Value::Object(levels))
    {
        app.transcript.notice(Level::Error, error);
        return;
    }
    let config = runner.current.get().config();
    if format!("{}/{}", config.model.provider, config.model.id) != model {
        return;
    }
    let global = settings_file::read(agent_dir)
        .get("defaultThinkingLevel")
        .and_then(Value::as_str)
        .and_then(ThinkingLevel::parse)
        .unwrap_or(tau_provider::models::DEFAULT_THINKING_LEVEL);
    let wanted = level.and_then(ThinkingLevel::parse).unwrap_or(global);
    let runner = runner.clone();
    tokio::spawn(async move {
        runner.controls.set_thinking(wanted).await;
        runner.send_event(AppEvent::Notice(format!(
            "Thinking level: {}",
            runner.current.get().config().thinking_level.as_str()
        )));
    });
}
