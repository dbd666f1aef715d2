//! The submenus of Pi's `/settings`: "Theme" (a titled list of the themes, the current one
//! ticked), "Warnings" (a settings list of its own) and "Default thinking level per model"
//! (two steps, model then level, that start over after each choice as Pi's `loop` does).

use std::sync::Arc;

use serde_json::{Map, Value};
use tau_tui::keybindings::SharedKeybindings;
use tau_tui::theme::{select_list_theme, SettingsListStyles, Theme, SYSTEM_THEME_NAME};
use tau_tui::widgets::{
    SelectItem, SelectList, SelectListEvent, SelectListLayout, SettingItem, SettingsList,
    SettingsListEvent,
};
use tau_tui::Component;

use super::{levels_count, Change};

/// Pi's thinking level descriptions.
const LEVELS: [(&str, &str); 7] = [
    ("off", "No reasoning"),
    ("minimal", "Very brief reasoning (~1k tokens)"),
    ("low", "Light reasoning (~2k tokens)"),
    ("medium", "Moderate reasoning (~8k tokens)"),
    ("high", "Deep reasoning (~16k tokens)"),
    ("xhigh", "Extra-high reasoning (~32k tokens)"),
    ("max", "Maximum reasoning"),
];
const CLEAR: &str = "__clear__";

/// What a key did to the submenu.
pub enum SubmenuOutcome {
    /// Still open.
    Stay(Vec<Change>),
    /// Closed; `shown` is the value the main list shows now for an item.
    Done {
        changes: Vec<Change>,
        shown: Option<(String, String)>,
    },
}

/// A titled list (Pi's `SelectSubmenu`).
struct Titled {
    title: String,
    description: String,
    list: SelectList,
}

impl Titled {
    fn new(
        title: String,
        description: String,
        items: Vec<SelectItem>,
        selected: Option<&str>,
        keys: SharedKeybindings,
        primary: usize,
    ) -> Self {
        let visible = items.len().clamp(1, 10);
        let index = selected.and_then(|value| items.iter().position(|i| i.value == value));
        let mut list = SelectList::new(items, visible, Default::default(), keys).with_layout(
            SelectListLayout {
                min_primary_column_width: Some(12),
                max_primary_column_width: Some(primary),
                truncate_primary: None,
            },
        );
        if let Some(index) = index {
            list.set_selected_index(index);
        }
        Titled {
            title,
            description,
            list,
        }
    }

    fn render_lines(&mut self, theme: &Arc<Theme>, width: usize) -> Vec<String> {
        self.list.set_theme(select_list_theme(theme));
        let text = |s: &str| {
            tau_tui::text::Text::new(s, 0, 0, None)
                .render(width)
                .to_vec()
        };
        let mut lines = text(&theme.bold(&theme.fg("accent", &self.title)));
        lines.push(String::new());
        lines.extend(text(&theme.fg("muted", &self.description)));
        lines.push(String::new());
        lines.extend(self.list.render_lines(width));
        lines.push(String::new());
        lines.extend(text(&theme.fg("dim", "  Enter to select · Esc to go back")));
        lines
    }
}

enum Kind {
    Theme(Titled),
    Warnings(SettingsList),
    /// Step 1 (models); step 2 holds the chosen model.
    ModelThinking {
        step: Titled,
        model: Option<String>,
        models: Vec<(String, bool)>,
        levels: Map<String, Value>,
        keys: SharedKeybindings,
    },
}

/// An open submenu.
pub struct Submenu(Kind);

fn model_step(
    models: &[(String, bool)],
    levels: &Map<String, Value>,
    keys: SharedKeybindings,
) -> Titled {
    let mut items: Vec<SelectItem> = models
        .iter()
        .map(|(key, _)| {
            let (provider, id) = key.split_once('/').unwrap_or(("", key));
            let item = SelectItem::new(key, &format!("{id} [{provider}]"));
            match levels.get(key).and_then(Value::as_str) {
                Some(level) => item.with_description(level),
                None => item,
            }
        })
        .collect();
    if items.is_empty() {
        items.push(
            SelectItem::new("__none__", "No models available")
                .with_description("Log in to a provider or configure an API key first"),
        );
    }
    let first = models.first().map(|(key, _)| key.clone());
    Titled::new(
        "Per-Model Thinking Level".into(),
        "Step 1/2 · Select a model to configure".into(),
        items,
        first.as_deref(),
        keys,
        46,
    )
}

fn level_step(
    model: &str,
    reasoning: bool,
    levels: &Map<String, Value>,
    keys: SharedKeybindings,
) -> Titled {
    let active = levels.get(model).and_then(Value::as_str);
    let mut items: Vec<SelectItem> = LEVELS
        .iter()
        .filter(|(level, _)| reasoning || *level == "off")
        .map(|(level, description)| {
            let tick = if Some(*level) == active { "✓ " } else { "  " };
            SelectItem::new(level, &format!("{tick}{level}")).with_description(description)
        })
        .collect();
    if active.is_some() {
        items.push(
            SelectItem::new(CLEAR, "  (clear override)")
                .with_description("Revert to the global default thinking level"),
        );
    }
    let (provider, id) = model.split_once('/').unwrap_or(("", model));
    Titled::new(
        format!("Thinking Level for {id} [{provider}]"),
        "Step 2/2 · Select default thinking level for this model".into(),
        items,
        active,
        keys,
        32,
    )
}

impl Submenu {
    /// Pi's theme list: the system theme first, then the others, the current one ticked.
    pub fn theme(themes: &[String], current: &str, keys: SharedKeybindings) -> Self {
        let mut names: Vec<&String> = themes.iter().collect();
        names.sort_by_key(|name| name.as_str() != SYSTEM_THEME_NAME);
        let items = names
            .into_iter()
            .map(|name| {
                let tick = if name == current { "✓ " } else { "  " };
                let item = SelectItem::new(name, &format!("{tick}{name}"));
                if name == SYSTEM_THEME_NAME {
                    item.with_description("Theme created from your terminal's colors")
                } else {
                    item
                }
            })
            .collect();
        Submenu(Kind::Theme(Titled::new(
            "Theme".into(),
            "Select a theme.".into(),
            items,
            Some(current),
            keys,
            32,
        )))
    }

    /// Pi's warnings: one switch per warning.
    pub fn warnings(settings: &Map<String, Value>, keys: SharedKeybindings) -> Self {
        let on = settings
            .get("warnings")
            .and_then(|w| w.get("anthropicExtraUsage"))
            .and_then(Value::as_bool)
            .unwrap_or(true);
        let item = SettingItem {
            id: "anthropicExtraUsage".into(),
            label: "Anthropic extra usage".into(),
            description: Some(
                "Warn when Anthropic subscription auth may use paid extra usage".into(),
            ),
            current_value: on.to_string(),
            values: vec!["true".into(), "false".into()],
            submenu: false,
        };
        Submenu(Kind::Warnings(SettingsList::new(
            vec![item],
            1,
            SettingsListStyles::default(),
            keys,
            false,
        )))
    }

    /// Pi's per-model thinking levels over `models` (`provider/id`, reasoning).
    pub fn model_thinking(
        models: Vec<(String, bool)>,
        settings: &Map<String, Value>,
        keys: SharedKeybindings,
    ) -> Self {
        let levels = settings
            .get("modelThinkingLevels")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        Submenu(Kind::ModelThinking {
            step: model_step(&models, &levels, keys.clone()),
            model: None,
            models,
            levels,
            keys,
        })
    }

    /// One key.
    pub fn handle_input(&mut self, data: &str) -> SubmenuOutcome {
        match &mut self.0 {
            Kind::Theme(titled) => {
                titled.list.handle_input(data);
                for event in titled.list.take_events() {
                    match event {
                        SelectListEvent::Select(item) => {
                            return SubmenuOutcome::Done {
                                changes: vec![Change::Theme(item.value.clone())],
                                shown: Some(("theme".into(), item.value)),
                            }
                        }
                        SelectListEvent::Cancel => return done(Vec::new(), None),
                        SelectListEvent::SelectionChange(_) => {}
                    }
                }
                SubmenuOutcome::Stay(Vec::new())
            }
            Kind::Warnings(list) => {
                list.handle_key(data);
                let mut changes = Vec::new();
                for event in list.take_events() {
                    match event {
                        SettingsListEvent::Changed { id, value } => changes.push(Change::Warning {
                            key: id,
                            enabled: value == "true",
                        }),
                        SettingsListEvent::Cancel => return done(changes, None),
                        SettingsListEvent::OpenSubmenu { .. } => {}
                    }
                }
                SubmenuOutcome::Stay(changes)
            }
            Kind::ModelThinking {
                step,
                model,
                models,
                levels,
                keys,
            } => {
                step.list.handle_input(data);
                for event in step.list.take_events() {
                    match (event, model.clone()) {
                        (SelectListEvent::Cancel, None) => {
                            let summary = levels_count(&Map::from_iter([(
                                "modelThinkingLevels".to_string(),
                                Value::Object(levels.clone()),
                            )]));
                            return done(Vec::new(), Some(("model-thinking".into(), summary)));
                        }
                        (SelectListEvent::Cancel, Some(_)) => {
                            *model = None;
                            *step = model_step(models, levels, keys.clone());
                        }
                        (SelectListEvent::Select(item), None) => {
                            let Some((_, reasoning)) =
                                models.iter().find(|(k, _)| *k == item.value)
                            else {
                                continue;
                            };
                            *step = level_step(&item.value, *reasoning, levels, keys.clone());
                            *model = Some(item.value);
                        }
                        (SelectListEvent::Select(item), Some(chosen)) => {
                            let level = (item.value != CLEAR).then_some(item.value);
                            match &level {
                                Some(level) => {
                                    levels.insert(chosen.clone(), Value::from(level.as_str()));
                                }
                                None => {
                                    levels.shift_remove(&chosen);
                                }
                            }
                            *model = None;
                            *step = model_step(models, levels, keys.clone());
                            return SubmenuOutcome::Stay(vec![Change::ModelThinking {
                                model: chosen,
                                level,
                            }]);
                        }
                        (SelectListEvent::SelectionChange(_), _) => {}
                    }
                }
                SubmenuOutcome::Stay(Vec::new())
            }
        }
    }

    /// Its lines.
    pub fn render_lines(&mut self, theme: &Arc<Theme>, width: usize) -> Vec<String> {
        match &mut self.0 {
            Kind::Theme(titled) | Kind::ModelThinking { step: titled, .. } => {
                titled.render_lines(theme, width)
            }
            Kind::Warnings(list) => {
                list.set_styles(SettingsListStyles::from_theme(theme));
                list.render_lines(width)
            }
        }
    }
}

fn done(changes: Vec<Change>, shown: Option<(String, String)>) -> SubmenuOutcome {
    SubmenuOutcome::Done { changes, shown }
}
