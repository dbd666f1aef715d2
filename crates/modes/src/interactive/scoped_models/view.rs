//! `/scoped-models` drawn as Pi draws it in the editor's place: title, the session-only
//! note, the search line, the models ("→ ✓ id (name) [provider]"), the selected model's
//! name, and the key line with the enabled count.

use tau_tui::{truncate_to_width, Component};

use super::{ModelEntry, ScopedModels, MAX_VISIBLE};
use crate::interactive::keymap::{Action, Keymap};
use crate::interactive::look::Look;

/// Pi's `keyDisplayText`: every key, each part capitalized ("Alt+Up/Alt+Down" style).
fn display_keys(keymap: &Keymap, action: Action) -> String {
    keymap
        .keys_text(action)
        .split('/')
        .map(tau_tui::keybindings::display_key)
        .collect::<Vec<_>>()
        .join("/")
}

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The name when it says more than the id (Pi's `getDistinctModelName`).
fn distinct_name(model: &ModelEntry) -> Option<&str> {
    let name = model.name.trim();
    if name.is_empty() {
        return None;
    }
    let id_words = words(&model.id);
    let compact = id_words.concat();
    let covered = |word: &String| {
        id_words.contains(word) || (word.chars().count() > 1 && compact.contains(word.as_str()))
    };
    (!words(name).iter().all(covered)).then_some(name)
}

impl ScopedModels {
    /// The selector's lines at `width`.
    pub fn render(&self, look: &Look, keymap: &Keymap, width: usize) -> Vec<String> {
        let theme = &look.theme;
        let fit = |text: String| truncate_to_width(&text, width, "", false);
        let border = theme.fg("border", &"─".repeat(width.max(1)));
        let mut lines = vec![border.clone(), String::new()];
        lines.push(fit(theme.fg("accent", &theme.bold("Model Configuration"))));
        lines.push(fit(theme.fg(
            "muted",
            &format!(
                "Session-only. {} to save to settings.",
                display_keys(keymap, Action::ModelsSave)
            ),
        )));
        lines.push(String::new());
        lines.push(self.search.render_line(width));
        lines.push(String::new());
        lines.extend(self.list_lines(look, width));
        lines.push(String::new());
        // The catalog (models.json) was read afresh when the selector opened.
        lines.push(fit(theme.fg("success", "  Model catalogs refreshed.")));
        // Pi's footer is a wrapping text.
        let footer = tau_tui::text::Text::new(self.footer(look, keymap), 0, 0, None).render(width);
        lines.extend(footer.iter().cloned());
        lines.push(border);
        lines
    }

    fn list_lines(&self, look: &Look, width: usize) -> Vec<String> {
        let theme = &look.theme;
        let fit = |text: String| truncate_to_width(&text, width, "", false);
        if self.items.is_empty() {
            return vec![fit(theme.fg("muted", "  No matching models"))];
        }
        let count = self.items.len();
        let start = self
            .selected
            .saturating_sub(MAX_VISIBLE / 2)
            .min(count.saturating_sub(MAX_VISIBLE));
        let end = (start + MAX_VISIBLE).min(count);
        let mut lines = Vec::new();
        for (i, item) in self.items.iter().enumerate().take(end).skip(start) {
            let selected = i == self.selected;
            let prefix = if selected {
                theme.fg("accent", "→ ")
            } else {
                "  ".into()
            };
            let id = item
                .model
                .as_ref()
                .map_or(item.full_id.as_str(), |m| m.id.as_str());
            let id = match &item.model {
                Some(_) => id.to_string(),
                None => theme.strikethrough(id),
            };
            let id = if selected {
                theme.fg("accent", &id)
            } else {
                id
            };
            let name = item
                .model
                .as_ref()
                .and_then(distinct_name)
                .map(|n| theme.fg("muted", &format!(" ({n})")))
                .unwrap_or_default();
            let badge = match &item.model {
                Some(model) => format!(" [{}]", model.provider),
                None => " [unavailable]".into(),
            };
            let status = if item.model.is_some() && item.enabled {
                theme.fg("accent", "✓ ")
            } else {
                "  ".into()
            };
            lines.push(fit(format!(
                "{prefix}{status}{id}{name}{}",
                theme.fg("muted", &badge)
            )));
        }
        if start > 0 || end < count {
            lines.push(fit(
                theme.fg("muted", &format!("  ({}/{count})", self.selected + 1))
            ));
        }
        if let Some(item) = self.items.get(self.selected) {
            lines.push(String::new());
            let about = match &item.model {
                Some(model) => format!("  Model Name: {}", model.name),
                None => "  Model unavailable".into(),
            };
            lines.push(fit(theme.fg("muted", &about)));
        }
        lines
    }

    fn footer(&self, look: &Look, keymap: &Keymap) -> String {
        let theme = &look.theme;
        let count = match &self.enabled {
            None => "all enabled".to_string(),
            Some(ids) => {
                let known = ids.iter().filter(|id| self.all_ids.contains(id)).count();
                let unknown = ids.len() - known;
                let missing = if unknown > 0 {
                    format!(" · {unknown} unavailable")
                } else {
                    String::new()
                };
                format!("{known}/{} enabled{missing}", self.all_ids.len())
            }
        };
        let key = |action| display_keys(keymap, action);
        let parts = [
            format!("{} toggle", key(Action::SelectConfirm)),
            format!("{} all", key(Action::ModelsEnableAll)),
            format!("{} clear", key(Action::ModelsClearAll)),
            format!("{} provider", key(Action::ModelsToggleProvider)),
            format!(
                "{}/{} reorder",
                key(Action::ModelsReorderUp),
                key(Action::ModelsReorderDown)
            ),
            format!("{} save", key(Action::ModelsSave)),
            count,
        ];
        let text = format!("  {}", parts.join(" · "));
        if self.dirty {
            format!(
                "{}{}",
                theme.fg("dim", &format!("{text} ")),
                theme.fg("warning", "(unsaved)")
            )
        } else {
            theme.fg("dim", &text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(id: &str, name: &str) -> ModelEntry {
        ModelEntry {
            provider: "p".into(),
            id: id.into(),
            name: name.into(),
        }
    }

    #[test]
    fn a_name_that_only_repeats_the_id_is_not_shown() {
        assert_eq!(distinct_name(&model("gpt-4o", "GPT 4o")), None);
        assert_eq!(distinct_name(&model("mock-model", "Mock Model")), None);
        assert_eq!(
            distinct_name(&model("mock-two", "Second Mock")),
            Some("Second Mock")
        );
        assert_eq!(distinct_name(&model("x", "  ")), None);
    }
}
