//! Pi's `/scoped-models` selector: every available model with a check mark when Ctrl+P
//! cycles through it. Enter toggles one, Ctrl+A / Ctrl+X enable or clear all (or all that
//! match the search), Ctrl+P toggles the selected model's provider, Alt+Up / Alt+Down reorder
//! the cycle, typing searches. Changes apply to this session at once; Ctrl+S saves them to
//! the settings' `enabledModels`. Keys are Pi's `app.models.*` / `tui.select.*` ids.

mod enabled;
mod view;

use tau_tui::keybindings::SharedKeybindings;
use tau_tui::widgets::{fuzzy_filter, Input, InputOptions};
use tau_tui::Component;

pub use enabled::Enabled;

use super::keymap::{Action, Keymap};

/// Rows shown at once.
const MAX_VISIBLE: usize = 8;

/// One available model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelEntry {
    pub provider: String,
    pub id: String,
    pub name: String,
}

impl ModelEntry {
    /// `provider/id`, the form `enabledModels` stores.
    pub fn full_id(&self) -> String {
        format!("{}/{}", self.provider, self.id)
    }

    /// What the search matches (Pi's `getModelSearchText`).
    fn search_text(&self) -> String {
        let (id, provider) = (&self.id, &self.provider);
        let name = if self.name.is_empty() {
            String::new()
        } else {
            format!(" {}", self.name)
        };
        format!("{id} {provider} {provider}/{id} {provider} {id}{name}")
    }
}

/// What a key did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Stay,
    /// Esc: closed.
    Cancel,
    /// The enabled set changed: this session cycles through it now.
    Changed(Enabled),
    /// Ctrl+S: save it to settings.json.
    Save(Enabled),
}

/// One row: a listed id (an enabled id no longer available shows struck through).
#[derive(Debug, Clone)]
struct Item {
    full_id: String,
    model: Option<ModelEntry>,
    enabled: bool,
}

/// The selector's state.
pub struct ScopedModels {
    models: Vec<ModelEntry>,
    all_ids: Vec<String>,
    enabled: Enabled,
    items: Vec<Item>,
    selected: usize,
    search: Input,
    dirty: bool,
}

impl ScopedModels {
    /// The selector over `models` with `enabled` checked.
    pub fn new(models: Vec<ModelEntry>, enabled: Enabled, keybindings: SharedKeybindings) -> Self {
        let mut search = Input::new(InputOptions::default(), keybindings);
        search.set_focused(true);
        let all_ids = models.iter().map(ModelEntry::full_id).collect();
        let mut selector = ScopedModels {
            models,
            all_ids,
            enabled,
            items: Vec::new(),
            selected: 0,
            search,
            dirty: false,
        };
        selector.refresh();
        selector
    }

    fn refresh(&mut self) {
        let items: Vec<Item> = enabled::sorted_ids(&self.enabled, &self.all_ids)
            .into_iter()
            .map(|full_id| Item {
                model: self.models.iter().find(|m| m.full_id() == full_id).cloned(),
                enabled: enabled::is_enabled(&self.enabled, &full_id),
                full_id,
            })
            .collect();
        let query = self.search.get_value();
        self.items = if query.is_empty() {
            items
        } else {
            fuzzy_filter(&items, query, |item| match &item.model {
                Some(model) => model.search_text(),
                None => item.full_id.clone(),
            })
        };
        self.selected = self.selected.min(self.items.len().saturating_sub(1));
    }

    fn changed(&mut self, enabled: Enabled) -> Outcome {
        self.enabled = enabled;
        self.dirty = true;
        self.refresh();
        Outcome::Changed(self.enabled.clone())
    }

    /// The search narrows what Ctrl+A / Ctrl+X act on.
    fn targets(&self) -> Option<Vec<String>> {
        (!self.search.get_value().is_empty())
            .then(|| self.items.iter().map(|i| i.full_id.clone()).collect())
    }

    /// One key.
    pub fn handle_input(&mut self, data: &str, keymap: &Keymap) -> Outcome {
        let count = self.items.len();
        if keymap.matches(data, Action::SelectUp) {
            if count > 0 {
                self.selected = if self.selected == 0 {
                    count - 1
                } else {
                    self.selected - 1
                };
            }
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SelectDown) {
            if count > 0 {
                self.selected = if self.selected + 1 >= count {
                    0
                } else {
                    self.selected + 1
                };
            }
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SelectPageUp) {
            self.selected = self.selected.saturating_sub(MAX_VISIBLE);
            return Outcome::Stay;
        }
        if keymap.matches(data, Action::SelectPageDown) {
            self.selected = (self.selected + MAX_VISIBLE).min(count.saturating_sub(1));
            return Outcome::Stay;
        }
        let up = keymap.matches(data, Action::ModelsReorderUp);
        if up || keymap.matches(data, Action::ModelsReorderDown) {
            let delta = if up { -1 } else { 1 };
            let Some(item) = self.items.get(self.selected).cloned() else {
                return Outcome::Stay;
            };
            let mut enabled = self.enabled.clone();
            if !item.enabled || !enabled::move_by(&mut enabled, &item.full_id, delta) {
                return Outcome::Stay;
            }
            self.selected = self.selected.saturating_add_signed(delta);
            return self.changed(enabled);
        }
        if keymap.matches(data, Action::SelectConfirm) {
            let Some(item) = self.items.get(self.selected) else {
                return Outcome::Stay;
            };
            let enabled = enabled::toggle(&self.enabled, &self.all_ids, &item.full_id);
            return self.changed(enabled);
        }
        if keymap.matches(data, Action::ModelsEnableAll) {
            let targets = self.targets();
            let enabled = enabled::enable_all(&self.enabled, &self.all_ids, targets.as_deref());
            return self.changed(enabled);
        }
        if keymap.matches(data, Action::ModelsClearAll) {
            let targets = self.targets();
            let enabled = enabled::clear_all(&self.enabled, &self.all_ids, targets.as_deref());
            return self.changed(enabled);
        }
        if keymap.matches(data, Action::ModelsToggleProvider) {
            let Some(provider) = self
                .items
                .get(self.selected)
                .and_then(|i| i.model.as_ref())
                .map(|m| m.provider.clone())
            else {
                return Outcome::Stay;
            };
            let ids: Vec<String> = self
                .models
                .iter()
                .filter(|m| m.provider == provider)
                .map(ModelEntry::full_id)
                .collect();
            let all_on = ids.iter().all(|id| enabled::is_enabled(&self.enabled, id));
            let enabled = if all_on {
                enabled::clear_all(&self.enabled, &self.all_ids, Some(&ids))
            } else {
                enabled::enable_all(&self.enabled, &self.all_ids, Some(&ids))
            };
            return self.changed(enabled);
        }
        if keymap.matches(data, Action::ModelsSave) {
            self.dirty = false;
            return Outcome::Save(self.enabled.clone());
        }
        // Pi's own keys here: Ctrl+C clears the search first, Escape closes.
        if tau_tui::keys::matches_key(data, "ctrl+c", keymap.context) {
            if self.search.get_value().is_empty() {
                return Outcome::Cancel;
            }
            self.search.set_value("");
            self.refresh();
            return Outcome::Stay;
        }
        if tau_tui::keys::matches_key(data, "escape", keymap.context) {
            return Outcome::Cancel;
        }
        let before = self.search.get_value().to_string();
        self.search.handle_input(data);
        self.search.take_events();
        let query = self.search.get_value().to_string();
        if query != before {
            if !query.is_empty() {
                self.selected = 0;
            }
            self.refresh();
        }
        Outcome::Stay
    }
}

#[cfg(test)]
mod tests {
    use tau_tui::keybindings::KeybindingsManager;

    use super::*;

    fn selector(enabled: Enabled) -> (ScopedModels, Keymap) {
        let model = |provider: &str, id: &str| ModelEntry {
            provider: provider.into(),
            id: id.into(),
            name: String::new(),
        };
        let models = vec![model("p", "a"), model("p", "b"), model("q", "c")];
        let keys = KeybindingsManager::new().shared();
        (ScopedModels::new(models, enabled, keys), Keymap::default())
    }

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn keys_change_the_session_scope_and_ctrl_s_saves_it() {
        let (mut s, keymap) = selector(None);
        assert_eq!(
            s.handle_input("\r", &keymap),
            Outcome::Changed(Some(ids(&["p/b", "q/c"])))
        );
        // Ctrl+P on a model of provider p (p/b leads the list): p/a was off, so all of p on
        // (which is everything again), then all of p off.
        assert_eq!(s.handle_input("\x10", &keymap), Outcome::Changed(None));
        assert_eq!(
            s.handle_input("\x10", &keymap),
            Outcome::Changed(Some(ids(&["q/c"])))
        );
        assert_eq!(s.handle_input("\x01", &keymap), Outcome::Changed(None));
        assert_eq!(
            s.handle_input("\x18", &keymap),
            Outcome::Changed(Some(vec![]))
        );
        assert_eq!(s.handle_input("\x13", &keymap), Outcome::Save(Some(vec![])));
        assert!(!s.dirty);
    }

    #[test]
    fn reordering_moves_an_enabled_model_and_the_search_limits_clear_all() {
        let (mut s, keymap) = selector(Some(ids(&["p/a", "q/c"])));
        s.handle_input("\x1b[B", &keymap);
        assert_eq!(
            s.handle_input("\x1b[1;3A", &keymap),
            Outcome::Changed(Some(ids(&["q/c", "p/a"])))
        );
        for c in ["q", "/"] {
            s.handle_input(c, &keymap);
        }
        assert_eq!(
            s.handle_input("\x18", &keymap),
            Outcome::Changed(Some(ids(&["p/a"])))
        );
        // Ctrl+C clears the search first, then closes.
        assert_eq!(s.handle_input("\x03", &keymap), Outcome::Stay);
        assert_eq!(s.items.len(), 3);
        assert_eq!(s.handle_input("\x03", &keymap), Outcome::Cancel);
    }
}
