//! pi-tui's `SettingsList`: labelled settings with their current values, one selected; Enter
//! or Space cycles the selected setting's values (or opens its submenu), an optional search
//! line filters by label, Esc cancels. The owner draws submenus: an item with `submenu`
//! reports [`SettingsListEvent::OpenSubmenu`] and gets its new value through
//! [`SettingsList::update_value`].

use crate::keybindings::{select_page_index, SharedKeybindings};
use crate::theme::SettingsListStyles;
use crate::widgets::fuzzy::fuzzy_filter;
use crate::widgets::input::{Input, InputOptions};
use crate::{truncate_to_width, visible_width, wrap_text_with_ansi, Component};

/// Labels are padded to the widest one, up to this many columns (pi-tui's limit).
const MAX_LABEL_WIDTH: usize = 36;

/// One setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingItem {
    /// What the owner knows it by.
    pub id: String,
    /// Shown on the left.
    pub label: String,
    /// Shown under the list while the item is selected.
    pub description: Option<String>,
    /// Shown on the right.
    pub current_value: String,
    /// The values Enter cycles through; empty for an item with a submenu.
    pub values: Vec<String>,
    /// Enter opens a submenu the owner shows.
    pub submenu: bool,
}

/// What the list tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsListEvent {
    /// A setting took a new value (already shown).
    Changed {
        /// The item.
        id: String,
        /// Its new value.
        value: String,
    },
    /// The item's submenu should open.
    OpenSubmenu {
        /// The item.
        id: String,
    },
    /// Escape.
    Cancel,
}

/// The list (see the module docs).
pub struct SettingsList {
    items: Vec<SettingItem>,
    /// Indexes into `items` of the rows shown (all of them without a search).
    shown: Vec<usize>,
    selected: usize,
    max_visible: usize,
    styles: SettingsListStyles,
    keybindings: SharedKeybindings,
    search: Option<Input>,
    events: Vec<SettingsListEvent>,
}

impl SettingsList {
    /// A list showing at most `max_visible` rows; `search` adds pi-tui's search line.
    pub fn new(
        items: Vec<SettingItem>,
        max_visible: usize,
        styles: SettingsListStyles,
        keybindings: SharedKeybindings,
        search: bool,
    ) -> Self {
        let search = search.then(|| {
            let mut input = Input::new(InputOptions::default(), keybindings.clone());
            input.set_focused(true);
            input
        });
        SettingsList {
            shown: (0..items.len()).collect(),
            items,
            selected: 0,
            max_visible,
            styles,
            keybindings,
            search,
            events: Vec::new(),
        }
    }

    /// Restyles the list (the theme changed).
    pub fn set_styles(&mut self, styles: SettingsListStyles) {
        self.styles = styles;
    }

    /// Sets an item's shown value (after its submenu chose one, or a change was refused).
    pub fn update_value(&mut self, id: &str, value: &str) {
        if let Some(item) = self.items.iter_mut().find(|item| item.id == id) {
            item.current_value = value.to_string();
        }
    }

    /// The item with this id.
    pub fn item(&self, id: &str) -> Option<&SettingItem> {
        self.items.iter().find(|item| item.id == id)
    }

    /// The selected item's id.
    pub fn selected_id(&self) -> Option<&str> {
        let index = *self.shown.get(self.selected)?;
        Some(self.items[index].id.as_str())
    }

    /// Events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<SettingsListEvent> {
        std::mem::take(&mut self.events)
    }

    fn search_text(&self) -> &str {
        self.search.as_ref().map(Input::get_value).unwrap_or("")
    }

    fn activate(&mut self) {
        let Some(&index) = self.shown.get(self.selected) else {
            return;
        };
        let item = &mut self.items[index];
        if item.submenu {
            self.events.push(SettingsListEvent::OpenSubmenu {
                id: item.id.clone(),
            });
        } else if !item.values.is_empty() {
            // An unknown current value cycles to the first one, as `indexOf` gives -1.
            let next = item
                .values
                .iter()
                .position(|v| *v == item.current_value)
                .map_or(0, |at| (at + 1) % item.values.len());
            item.current_value = item.values[next].clone();
            self.events.push(SettingsListEvent::Changed {
                id: item.id.clone(),
                value: item.current_value.clone(),
            });
        }
    }

    fn filter(&mut self) {
        let query = self.search_text().to_string();
        let indexes: Vec<usize> = (0..self.items.len()).collect();
        self.shown = fuzzy_filter(&indexes, &query, |&i| self.items[i].label.clone());
        self.selected = 0;
    }

    fn visible_range(&self) -> (usize, usize) {
        let len = self.shown.len() as i64;
        let max = self.max_visible as i64;
        let start = (self.selected as i64 - max / 2).min(len - max).max(0);
        (start as usize, (start + max).min(len) as usize)
    }

    fn hint_lines(&self, lines: &mut Vec<String>, width: usize) {
        lines.push(String::new());
        let hint = if self.search.is_some() {
            "  Type to search · Enter/Space to change · Esc to cancel"
        } else {
            "  Enter/Space to change · Esc to cancel"
        };
        lines.push(truncate_to_width(
            &(self.styles.hint)(hint),
            width,
            "...",
            false,
        ));
    }

    /// Lines for `width` (pi-tui's `renderMainList`).
    pub fn render_lines(&mut self, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(search) = &mut self.search {
            lines.extend(search.render(width).iter().cloned());
            lines.push(String::new());
        }
        if self.items.is_empty() {
            lines.push((self.styles.hint)("  No settings available"));
            if self.search.is_some() {
                self.hint_lines(&mut lines, width);
            }
            return lines;
        }
        if self.shown.is_empty() {
            lines.push(truncate_to_width(
                &(self.styles.hint)("  No matching settings"),
                width,
                "...",
                false,
            ));
            self.hint_lines(&mut lines, width);
            return lines;
        }
        let (start, end) = self.visible_range();
        let label_width = self
            .items
            .iter()
            .map(|item| visible_width(&item.label))
            .max()
            .unwrap_or(0)
            .min(MAX_LABEL_WIDTH);
        for row in start..end {
            let item = &self.items[self.shown[row]];
            let selected = row == self.selected;
            let prefix = if selected {
                self.styles.cursor.clone()
            } else {
                "  ".to_string()
            };
            let padding = " ".repeat(label_width.saturating_sub(visible_width(&item.label)));
            let label = (self.styles.label)(&format!("{}{padding}", item.label), selected);
            let used = visible_width(&prefix) + label_width + 2;
            let value_width = width.saturating_sub(used + 2);
            let value = truncate_to_width(&item.current_value, value_width, "", false);
            let value = (self.styles.value)(&value, selected);
            lines.push(truncate_to_width(
                &format!("{prefix}{label}  {value}"),
                width,
                "...",
                false,
            ));
        }
        if start > 0 || end < self.shown.len() {
            let text = format!("  ({}/{})", self.selected + 1, self.shown.len());
            let text = truncate_to_width(&text, width.saturating_sub(2), "", false);
            lines.push((self.styles.hint)(&text));
        }
        let description = self.items[self.shown[self.selected]].description.clone();
        if let Some(description) = description {
            lines.push(String::new());
            for line in wrap_text_with_ansi(&description, width.saturating_sub(4)) {
                lines.push((self.styles.description)(&format!("  {line}")));
            }
        }
        self.hint_lines(&mut lines, width);
        lines
    }

    /// One key (pi-tui's `handleInput` for the main list).
    pub fn handle_key(&mut self, data: &str) {
        let keybindings = self.keybindings.clone();
        let kb = keybindings
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = self.shown.len();
        let page = select_page_index(&kb, data, self.selected, count, self.max_visible);
        if kb.matches(data, "tui.select.up") {
            if count > 0 {
                self.selected = if self.selected == 0 {
                    count - 1
                } else {
                    self.selected - 1
                };
            }
        } else if kb.matches(data, "tui.select.down") {
            if count > 0 {
                self.selected = if self.selected + 1 >= count {
                    0
                } else {
                    self.selected + 1
                };
            }
        } else if let Some(index) = page {
            if count > 0 {
                self.selected = index;
            }
        } else if kb.matches(data, "tui.select.confirm")
            || (data == " " && self.search_text().is_empty())
        {
            drop(kb);
            self.activate();
        } else if kb.matches(data, "tui.select.cancel") {
            self.events.push(SettingsListEvent::Cancel);
        } else if let Some(search) = &mut self.search {
            drop(kb);
            // Cursor keys leave the query as it is and must not move the selection.
            let before = search.get_value().to_string();
            search.handle_input(data);
            if search.get_value() != before {
                self.filter();
            }
        }
    }
}

#[cfg(test)]
#[path = "settings_list_tests.rs"]
mod tests;
