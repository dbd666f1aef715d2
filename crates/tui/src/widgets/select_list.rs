//! pi-tui's `SelectList`: a scrolling list with one selected row ("→ "), an optional
//! description column and a "(3/12)" line when not everything fits. Up/Down wrap around,
//! page keys move by a screenful; Enter and Escape are reported as [`SelectListEvent`]s.

use crate::component::{plain_style, Component, Lines, Style};
use crate::keybindings::{select_page_index, KeybindingsManager, SharedKeybindings};
use crate::width::{truncate_to_width, visible_width};
use std::sync::Arc;

use super::js_text::js_trim;

/// One row: `value` is what a choice means, `label` what is shown (the value when empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SelectItem {
    /// What choosing the row means.
    pub value: String,
    /// What the row shows (the value when empty).
    pub label: String,
    /// Shown in a second column when there is room.
    pub description: Option<String>,
}

impl SelectItem {
    /// A row without description.
    pub fn new(value: &str, label: &str) -> Self {
        Self {
            value: value.into(),
            label: label.into(),
            description: None,
        }
    }

    /// The row with a description.
    pub fn with_description(mut self, description: &str) -> Self {
        self.description = Some(description.into());
        self
    }

    fn display(&self) -> &str {
        if self.label.is_empty() {
            &self.value
        } else {
            &self.label
        }
    }
}

/// Styles for the list's parts (pi-tui's `SelectListTheme`).
#[derive(Clone)]
pub struct SelectListTheme {
    /// Kept for theme compatibility; pi-tui's list does not use it.
    pub selected_prefix: Style,
    /// The whole selected row.
    pub selected_text: Style,
    /// Descriptions of unselected rows.
    pub description: Style,
    /// The "(3/12)" line.
    pub scroll_info: Style,
    /// The line shown when nothing matches.
    pub no_match: Style,
}

impl Default for SelectListTheme {
    fn default() -> Self {
        Self {
            selected_prefix: plain_style(),
            selected_text: plain_style(),
            description: plain_style(),
            scroll_info: plain_style(),
            no_match: plain_style(),
        }
    }
}

/// What a custom label truncation gets (pi-tui's `SelectListTruncatePrimaryContext`).
pub struct TruncatePrimaryContext<'a> {
    /// The label (or value) to fit.
    pub text: &'a str,
    /// Columns it may take.
    pub max_width: usize,
    /// Width of the label column.
    pub column_width: usize,
    /// The row.
    pub item: &'a SelectItem,
    /// Whether the row is selected.
    pub is_selected: bool,
}

/// A custom label truncation (e.g. keep a path's tail); its result is still cut to width.
pub type TruncatePrimary = Arc<dyn Fn(&TruncatePrimaryContext<'_>) -> String + Send + Sync>;

/// Bounds for the label column when items have descriptions (pi-tui defaults both to 32).
#[derive(Clone, Default)]
pub struct SelectListLayout {
    /// Narrowest label column.
    pub min_primary_column_width: Option<usize>,
    /// Widest label column.
    pub max_primary_column_width: Option<usize>,
    /// Replaces the plain cut of long labels.
    pub truncate_primary: Option<TruncatePrimary>,
}

/// What the list tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelectListEvent {
    /// Enter on a row.
    Select(SelectItem),
    /// Escape or Ctrl+C.
    Cancel,
    /// The selection moved to this row.
    SelectionChange(SelectItem),
}

const DEFAULT_PRIMARY_COLUMN_WIDTH: usize = 32;
const PRIMARY_COLUMN_GAP: usize = 2;
const MIN_DESCRIPTION_WIDTH: i64 = 10;

/// A list with one selected row (see the module docs).
pub struct SelectList {
    items: Vec<SelectItem>,
    filtered: Vec<SelectItem>,
    selected: usize,
    max_visible: usize,
    theme: SelectListTheme,
    layout: SelectListLayout,
    keybindings: SharedKeybindings,
    events: Vec<SelectListEvent>,
}

/// Descriptions are shown on one line: runs of CR/LF become one space.
fn single_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_break = false;
    for c in text.chars() {
        if c == '\r' || c == '\n' {
            if !in_break {
                out.push(' ');
            }
            in_break = true;
        } else {
            out.push(c);
            in_break = false;
        }
    }
    js_trim(&out).to_string()
}

fn truncate(text: &str, width: i64) -> String {
    truncate_to_width(text, width.max(0) as usize, "", false)
}

impl SelectList {
    /// A list showing at most `max_visible` rows, the first selected.
    pub fn new(
        items: Vec<SelectItem>,
        max_visible: usize,
        theme: SelectListTheme,
        keybindings: SharedKeybindings,
    ) -> Self {
        Self {
            filtered: items.clone(),
            items,
            selected: 0,
            max_visible,
            theme,
            layout: SelectListLayout::default(),
            keybindings,
            events: Vec::new(),
        }
    }

    /// The list with label-column bounds.
    pub fn with_layout(mut self, layout: SelectListLayout) -> Self {
        self.layout = layout;
        self
    }

    /// Restyles the list (the theme changed).
    pub fn set_theme(&mut self, theme: SelectListTheme) {
        self.theme = theme;
    }

    /// Keeps the items whose value starts with `filter` (case-insensitive); selects the first.
    pub fn set_filter(&mut self, filter: &str) {
        let filter = filter.to_lowercase();
        self.filtered = self
            .items
            .iter()
            .filter(|item| item.value.to_lowercase().starts_with(&filter))
            .cloned()
            .collect();
        self.selected = 0;
    }

    /// Selects row `index` (clamped to the list).
    pub fn set_selected_index(&mut self, index: usize) {
        self.selected = index.min(self.filtered.len().saturating_sub(1));
    }

    /// The selected row's index among the filtered rows.
    pub fn selected_index(&self) -> usize {
        self.selected
    }

    /// The selected row, if any.
    pub fn get_selected_item(&self) -> Option<&SelectItem> {
        self.filtered.get(self.selected)
    }

    /// Events since the last call (select, cancel, selection change), oldest first.
    pub fn take_events(&mut self) -> Vec<SelectListEvent> {
        std::mem::take(&mut self.events)
    }

    fn visible_range(&self) -> (usize, usize) {
        let len = self.filtered.len() as i64;
        let max = self.max_visible as i64;
        let start = (self.selected as i64 - max / 2).min(len - max).max(0);
        (start as usize, (start + max).min(len) as usize)
    }

    fn primary_column_width(&self) -> usize {
        let min = self.layout.min_primary_column_width;
        let max = self.layout.max_primary_column_width;
        let raw_min = min.or(max).unwrap_or(DEFAULT_PRIMARY_COLUMN_WIDTH);
        let raw_max = max.or(min).unwrap_or(DEFAULT_PRIMARY_COLUMN_WIDTH);
        let (lo, hi) = (raw_min.min(raw_max).max(1), raw_min.max(raw_max).max(1));
        let widest = self
            .filtered
            .iter()
            .map(|item| visible_width(item.display()) + PRIMARY_COLUMN_GAP)
            .max()
            .unwrap_or(0);
        widest.clamp(lo, hi)
    }

    fn truncate_primary(&self, item: &SelectItem, selected: bool, max: i64, column: i64) -> String {
        let text = item.display();
        let custom = self.layout.truncate_primary.as_ref().map(|f| {
            f(&TruncatePrimaryContext {
                text,
                max_width: max.max(0) as usize,
                column_width: column.max(0) as usize,
                item,
                is_selected: selected,
            })
        });
        let cut = custom.unwrap_or_else(|| truncate(text, max));
        truncate(&cut, max)
    }

    fn render_item(
        &self,
        item: &SelectItem,
        selected: bool,
        width: usize,
        primary: usize,
    ) -> String {
        let prefix = if selected { "→ " } else { "  " };
        let prefix_width = visible_width(prefix) as i64;
        let width = width as i64;
        let description = item.description.as_deref().map(single_line);
        if let Some(description) = description.filter(|d| !d.is_empty() && width > 40) {
            let column = (primary as i64).min(width - prefix_width - 4).max(1);
            let max_primary = (column - PRIMARY_COLUMN_GAP as i64).max(1);
            let value = self.truncate_primary(item, selected, max_primary, column);
            let value_width = visible_width(&value) as i64;
            let spacing = " ".repeat((column - value_width).max(1) as usize);
            let description_start = prefix_width + value_width + spacing.len() as i64;
            let remaining = width - description_start - 2;
            if remaining > MIN_DESCRIPTION_WIDTH {
                let description = truncate(&description, remaining);
                if selected {
                    return (self.theme.selected_text)(&format!(
                        "{prefix}{value}{spacing}{description}"
                    ));
                }
                let styled = (self.theme.description)(&format!("{spacing}{description}"));
                return format!("{prefix}{value}{styled}");
            }
        }
        let max_width = width - prefix_width - 2;
        let value = self.truncate_primary(item, selected, max_width, max_width);
        if selected {
            (self.theme.selected_text)(&format!("{prefix}{value}"))
        } else {
            format!("{prefix}{value}")
        }
    }

    /// Lines for `width` (pi-tui's `render`).
    pub fn render_lines(&self, width: usize) -> Vec<String> {
        if self.filtered.is_empty() {
            return vec![(self.theme.no_match)("  No matching commands")];
        }
        let primary = self.primary_column_width();
        let (start, end) = self.visible_range();
        let mut lines: Vec<String> = (start..end)
            .map(|i| self.render_item(&self.filtered[i], i == self.selected, width, primary))
            .collect();
        if start > 0 || end < self.filtered.len() {
            let info = format!("  ({}/{})", self.selected + 1, self.filtered.len());
            lines.push((self.theme.scroll_info)(&truncate(&info, width as i64 - 2)));
        }
        lines
    }

    fn notify_selection_change(&mut self) {
        if let Some(item) = self.filtered.get(self.selected) {
            self.events
                .push(SelectListEvent::SelectionChange(item.clone()));
        }
    }

    /// Handles one key with the given bindings (the editor passes the ones it holds).
    pub(crate) fn handle_key(&mut self, kb: &KeybindingsManager, data: &str) {
        let len = self.filtered.len();
        let page = select_page_index(kb, data, self.selected, len, self.max_visible);
        if kb.matches(data, "tui.select.up") {
            self.selected = if self.selected == 0 {
                len.saturating_sub(1)
            } else {
                self.selected - 1
            };
            self.notify_selection_change();
        } else if kb.matches(data, "tui.select.down") {
            self.selected = if self.selected + 1 >= len {
                0
            } else {
                self.selected + 1
            };
            self.notify_selection_change();
        } else if let Some(page) = page {
            if len == 0 || page == self.selected {
                return;
            }
            self.selected = page;
            self.notify_selection_change();
        } else if kb.matches(data, "tui.select.confirm") {
            if let Some(item) = self.filtered.get(self.selected) {
                self.events.push(SelectListEvent::Select(item.clone()));
            }
        } else if kb.matches(data, "tui.select.cancel") {
            self.events.push(SelectListEvent::Cancel);
        }
    }
}

impl Component for SelectList {
    fn render(&mut self, width: usize) -> Lines {
        Arc::new(self.render_lines(width))
    }

    fn handle_input(&mut self, data: &str) {
        let kb = self.keybindings.clone();
        let kb = kb.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.handle_key(&kb, data);
    }
}
