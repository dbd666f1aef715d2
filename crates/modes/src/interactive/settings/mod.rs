//! `/settings`: Pi's settings selector in the editor's place. The list is tau-tui's
//! [`SettingsList`] over Pi's catalogue ([`catalogue`]); Enter/Space cycles a value, typing
//! searches, Esc closes. "Theme", "Warnings" and "Default thinking level per model" open
//! Pi's submenus ([`submenu`]). Each change is handed to the runner as a [`Change`], which
//! applies it where tau has the mechanism and saves it to settings.json ([`apply`]).

pub mod apply;
pub mod catalogue;
pub mod open;
pub mod submenu;

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{Map, Value};
use tau_tui::keybindings::SharedKeybindings;
use tau_tui::theme::{SettingsListStyles, Theme};
use tau_tui::widgets::{SettingsList, SettingsListEvent};

use submenu::{Submenu, SubmenuOutcome};

/// What the interactive mode knows that the settings need: set once the screen is up.
#[derive(Clone)]
pub struct SettingsContext {
    pub agent_dir: PathBuf,
    pub keybindings: SharedKeybindings,
    /// Every theme's name, in the registry's order.
    pub themes: Vec<String>,
    /// `regular` or `fullscreen`, as the mode runs.
    pub tui_mode: &'static str,
    /// The theme setting in use.
    pub theme: String,
    /// The working folder, and whether its project resources were trusted for this run.
    pub cwd: PathBuf,
    pub project_trusted: bool,
    /// The terminal draws inline images (Pi lists "Show images" and "Image width" then).
    pub inline_images: bool,
}

/// A change the user made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A list setting took the shown value `value`.
    Setting { id: String, value: String },
    /// The theme setting (a name, or "light/dark" for automatic mode).
    Theme(String),
    /// `warnings.<key>`.
    Warning { key: String, enabled: bool },
    /// A model's default thinking level (`None` removes the override).
    ModelThinking {
        model: String,
        level: Option<String>,
    },
}

/// What one key did.
#[derive(Debug, Default, PartialEq)]
pub struct Outcome {
    pub changes: Vec<Change>,
    pub closed: bool,
}

/// The open settings selector.
pub struct SettingsPanel {
    list: SettingsList,
    submenu: Option<Submenu>,
    context: SettingsContext,
    /// settings.json as it was when the panel opened (the submenus' starting points).
    settings: Map<String, Value>,
    /// `provider/id` of the models with credentials, the current one first.
    models: Vec<(String, bool)>,
}

impl SettingsPanel {
    /// The panel over `settings`, with the session's live values in `live` and the models
    /// the per-model thinking submenu offers (`(provider/id, reasoning)`).
    pub fn new(
        context: SettingsContext,
        settings: Map<String, Value>,
        live: &[(&str, String)],
        models: Vec<(String, bool)>,
    ) -> Self {
        let items = catalogue::items(&settings, live, context.inline_images);
        let list = SettingsList::new(
            items,
            10,
            SettingsListStyles::default(),
            context.keybindings.clone(),
            true,
        );
        SettingsPanel {
            list,
            submenu: None,
            context,
            settings,
            models,
        }
    }

    /// One key.
    pub fn handle_input(&mut self, data: &str) -> Outcome {
        let mut outcome = Outcome::default();
        if let Some(submenu) = &mut self.submenu {
            match submenu.handle_input(data) {
                SubmenuOutcome::Stay(changes) => outcome.changes = changes,
                SubmenuOutcome::Done { changes, shown } => {
                    if let Some((id, value)) = shown {
                        self.list.update_value(&id, &value);
                    }
                    outcome.changes = changes;
                    self.submenu = None;
                }
            }
            for change in &outcome.changes {
                self.remember(change);
            }
            return outcome;
        }
        self.list.handle_key(data);
        for event in self.list.take_events() {
            match event {
                SettingsListEvent::Changed { id, value } => {
                    outcome.changes.push(Change::Setting { id, value });
                }
                SettingsListEvent::OpenSubmenu { id } => self.open(&id),
                SettingsListEvent::Cancel => outcome.closed = true,
            }
        }
        outcome
    }

    /// Keeps the submenus' starting points in step with what was changed.
    fn remember(&mut self, change: &Change) {
        let (key, value) = match change {
            Change::Theme(name) => ("theme".to_string(), Value::from(name.as_str())),
            Change::Warning { key, enabled } => (format!("warnings.{key}"), Value::from(*enabled)),
            Change::ModelThinking { model, level } => {
                let levels = self
                    .settings
                    .entry("modelThinkingLevels")
                    .or_insert_with(|| Value::Object(Map::new()));
                if let Value::Object(levels) = levels {
                    match level {
                        Some(level) => {
                            levels.insert(model.clone(), Value::from(level.as_str()));
                        }
                        None => {
                            levels.shift_remove(model);
                        }
                    }
                }
                let count = levels_count(&self.settings);
                self.list.update_value("model-thinking", &count);
                return;
            }
            Change::Setting { .. } => return,
        };
        match key.split_once('.') {
            Some((head, rest)) => {
                let nested = self
                    .settings
                    .entry(head)
                    .or_insert_with(|| Value::Object(Map::new()));
                if let Value::Object(nested) = nested {
                    nested.insert(rest.to_string(), value);
                }
            }
            None => {
                self.settings.insert(key, value);
            }
        }
    }

    fn open(&mut self, id: &str) {
        let keys = self.context.keybindings.clone();
        self.submenu = match id {
            "theme" => {
                let current = self
                    .list
                    .item("theme")
                    .map(|i| i.current_value.clone())
                    .unwrap_or_default();
                Some(Submenu::theme(&self.context.themes, &current, keys))
            }
            "warnings" => Some(Submenu::warnings(&self.settings, keys)),
            "model-thinking" => Some(Submenu::model_thinking(
                self.models.clone(),
                &self.settings,
                keys,
            )),
            _ => None,
        };
    }

    /// Pi's selector: a border, the list (or the open submenu), a border.
    pub fn render_lines(&mut self, theme: &Arc<Theme>, width: usize) -> Vec<String> {
        let border = theme.fg("border", &"─".repeat(width.max(1)));
        let mut lines = vec![border.clone()];
        match &mut self.submenu {
            Some(submenu) => lines.extend(submenu.render_lines(theme, width)),
            None => {
                self.list.set_styles(SettingsListStyles::from_theme(theme));
                lines.extend(self.list.render_lines(width));
            }
        }
        lines.push(border);
        lines
    }
}

/// Pi's summary of the per-model overrides: "none" or "<n> configured".
pub fn levels_count(settings: &Map<String, Value>) -> String {
    match settings
        .get("modelThinkingLevels")
        .and_then(Value::as_object)
        .map_or(0, Map::len)
    {
        0 => "none".into(),
        n => format!("{n} configured"),
    }
}

#[cfg(test)]
#[path = "panel_tests.rs"]
mod tests;
