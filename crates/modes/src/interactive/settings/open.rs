//! Opening `/settings` with the values the session holds, and the settings the interactive
//! mode takes from settings.json when it starts (Pi reads these into its session and UI).

use serde_json::Value;
use tau_agent::QueueMode;
use tau_app::settings_file;

use super::{levels_count, SettingsContext, SettingsPanel};
use crate::interactive::app::App;
use crate::interactive::runner::Runner;
use crate::interactive::transcript::Level;

fn mode_name(mode: QueueMode) -> String {
    match mode {
        QueueMode::All => "all".into(),
        QueueMode::OneAtATime => "one-at-a-time".into(),
    }
}

/// Opens the settings selector in the editor's place.
pub fn open(runner: &Runner, app: &mut App) {
    let Some(context) = app.settings_context.clone() else {
        app.transcript
            .notice(Level::Warning, "/settings is not available yet; try again");
        return;
    };
    let settings = settings_file::read(&context.agent_dir);
    let runtime = runner.current.get();
    let (steering, follow_up) = runtime.queue_modes();
    let live = [
        ("autocompact", runtime.auto_compaction_enabled().to_string()),
        ("steering-mode", mode_name(steering)),
        ("follow-up-mode", mode_name(follow_up)),
        ("hide-thinking", app.hide_thinking.to_string()),
        (
            "double-escape-action",
            app.tree_settings.double_escape.as_setting().to_string(),
        ),
        ("tui-mode", context.tui_mode.to_string()),
        ("theme", context.theme.clone()),
        ("model-thinking", levels_count(&settings)),
    ];
    // The models with credentials, the current one first (Pi's per-model list order).
    let current = runtime.config().model;
    let current_key = format!("{}/{}", current.provider, current.id);
    let (registry, _) = tau_provider::models::ModelRegistry::load(&context.agent_dir);
    let mut models: Vec<(String, bool)> = registry
        .available()
        .into_iter()
        .map(|m| (format!("{}/{}", m.provider, m.id), m.reasoning))
        .collect();
    models.sort_by_key(|(key, _)| *key != current_key);
    app.settings_panel = Some(SettingsPanel::new(context, settings, &live, models));
}

/// The settings the interactive mode applies when it starts: hidden thinking, the
/// double-Escape action, the queue modes, the editor's padding and completion rows, the
/// transcript's padding, and whether and how wide images are drawn.
pub fn apply_at_start(runner: &Runner, app: &mut App, agent_dir: &std::path::Path) {
    let settings = settings_file::read(agent_dir);
    let text = |key: &str| settings_file::get(&settings, key).and_then(Value::as_str);
    app.hide_thinking = settings_file::get(&settings, "hideThinkingBlock")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let number = |key: &str| settings_file::get(&settings, key).and_then(Value::as_u64);
    if let Some(padding) = number("editorPaddingX") {
        app.editor.set_padding_x(padding.min(3) as usize);
    }
    if let Some(rows) = number("autocompleteMaxVisible") {
        app.editor.set_autocomplete_max_visible(rows as usize);
    }
    if let Some(pad) = number("outputPad") {
        app.output_pad = usize::from(pad != 0);
    }
    app.images.show = settings_file::get(&settings, "terminal.showImages")
        .and_then(Value::as_bool)
        .unwrap_or(true);
    // Pi floors any finite number and keeps at least one cell.
    let width = settings_file::get(&settings, "terminal.imageWidthCells").and_then(Value::as_f64);
    if let Some(width) = width.filter(|w| w.is_finite()) {
        app.images.width_cells = width.floor().clamp(1.0, f64::from(u32::MAX)) as u32;
    }
    let runtime = runner.current.get();
    let mode = super::apply::queue_mode;
    if let Some(steering) = text("steeringMode") {
        runtime.set_steering_mode(mode(steering));
    }
    if let Some(follow_up) = text("followUpMode") {
        runtime.set_follow_up_mode(mode(follow_up));
    }
}

/// What `/settings` and `/trust` need from the mode once the session is up: the keys, the
/// themes, the layout in use, and whether this run trusted the project.
pub fn context(
    runner: &Runner,
    agent_dir: &std::path::Path,
    cwd: &std::path::Path,
    args: &tau_app::AppOptions,
    ui: (
        tau_tui::keybindings::SharedKeybindings,
        &tau_tui::theme::ThemeRegistry,
        &crate::interactive::look::Look,
        &[(String, String)],
    ),
) -> SettingsContext {
    let (keybindings, themes, look, ui_options) = ui;
    SettingsContext {
        agent_dir: agent_dir.to_path_buf(),
        keybindings,
        themes: themes.list().into_iter().map(|entry| entry.name).collect(),
        tui_mode: crate::interactive::theme_choice::tui_mode(agent_dir, ui_options),
        theme: look.theme.name().to_string(),
        cwd: cwd.to_path_buf(),
        project_trusted: crate::interactive::trust::project_trusted(
            runner,
            agent_dir,
            cwd,
            args.approve,
        ),
        inline_images: look.images.is_some(),
    }
}
