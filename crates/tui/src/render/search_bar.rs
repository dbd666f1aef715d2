//! The transcript search bar (pi-tui's `AltScreenSearchComponent`): a box holding the query
//! input and the result ("2/5", "No matches"), with "↑ key · ↓ key" buttons for the
//! previous and next match in its bottom rule. It floats at the top right of the screen.

use std::sync::Arc;

use crate::component::{Component, Lines, Style};
use crate::keybindings::SharedKeybindings;
use crate::render::overlay::{Anchor, Margin, OverlayOptions, SizeValue};
use crate::widgets::input::{Input, InputOptions};
use crate::width::{truncate_to_width, visible_width};

/// The bar's overlay placement: top right, 40% wide, at least 32 cells, a cell from the
/// edges.
pub fn overlay_options() -> OverlayOptions {
    OverlayOptions {
        anchor: Anchor::TopRight,
        width: Some(SizeValue::Percent(40.0)),
        min_width: Some(32),
        margin: Margin::all(1),
        ..OverlayOptions::default()
    }
}

/// A key as the bar names it: each part capitalised (`ctrl+shift+g` → `Ctrl+Shift+G`).
pub(super) fn key_label(key: Option<&String>) -> String {
    key.map_or_else(
        || "Unbound".into(),
        |key| crate::keybindings::display_key(key),
    )
}

/// The search bar.
pub struct SearchBar {
    input: Input,
    keybindings: SharedKeybindings,
    result: Option<usize>,
    count: usize,
    /// Columns of the previous and next buttons in the bottom rule, from the last render.
    buttons: Option<((usize, usize), (usize, usize))>,
    hovered: Option<i64>,
    /// Style of the button under the pointer.
    pub hovered_style: Style,
}

impl SearchBar {
    /// An empty, focused bar.
    pub fn new(keybindings: SharedKeybindings) -> Self {
        let mut input = Input::new(
            InputOptions {
                prompt: " ".into(),
                placeholder: "Find in transcript".into(),
                placeholder_style: Arc::new(|t: &str| format!("\x1b[2m{t}\x1b[22m")),
            },
            keybindings.clone(),
        );
        input.set_focused(true);
        Self {
            input,
            keybindings,
            result: None,
            count: 0,
            buttons: None,
            hovered: None,
            hovered_style: crate::component::plain_style(),
        }
    }

    #[cfg(test)]
    pub(crate) fn for_tests() -> Self {
        Self::new(crate::keybindings::KeybindingsManager::new().shared())
    }

    /// The query typed so far.
    pub fn query(&self) -> &str {
        self.input.get_value()
    }

    /// Which match is selected (from 0) of how many.
    pub fn set_result(&mut self, selected: Option<usize>, count: usize) {
        self.result = selected;
        self.count = count;
    }

    /// A key for the input; returns whether the query changed.
    pub fn type_key(&mut self, data: &str) -> bool {
        let before = self.input.get_value().to_string();
        self.input.handle_input(data);
        let _ = self.input.take_events();
        self.input.get_value() != before
    }

    /// The button at `row`, `col` of the bar: -1 previous, 1 next.
    pub fn button_at(&self, row: usize, col: usize) -> Option<i64> {
        let (previous, next) = self.buttons?;
        if row != 2 {
            return None;
        }
        if col >= previous.0 && col < previous.1 {
            Some(-1)
        } else if col >= next.0 && col < next.1 {
            Some(1)
        } else {
            None
        }
    }

    /// Marks the button under the pointer; returns whether that changed.
    pub fn set_hovered(&mut self, direction: Option<i64>) -> bool {
        let changed = self.hovered != direction;
        self.hovered = direction;
        changed
    }

    fn button(&self, text: &str, direction: i64) -> String {
        if self.hovered == Some(direction) {
            (self.hovered_style)(text)
        } else {
            text.to_string()
        }
    }
}

impl Component for SearchBar {
    fn render(&mut self, width: usize) -> Lines {
        let width = width.max(1);
        let inner = width.saturating_sub(2);
        let (previous_key, next_key) = {
            let kb = self
                .keybindings
                .read()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            (
                key_label(kb.get_keys("tui.altScreen.searchPrevious").first()),
                key_label(kb.get_keys("tui.altScreen.searchNext").first()),
            )
        };
        let result = match (self.query().is_empty(), self.count, self.result) {
            (true, _, _) => String::new(),
            (false, 0, _) => "No matches".into(),
            (false, count, selected) => {
                format!("{}/{count}", selected.map_or(0, |s| s as i64 + 1))
            }
        };
        let shown = truncate_to_width(&result, inner.saturating_sub(3), "", false);
        let result_text = if shown.is_empty() {
            String::new()
        } else {
            format!("\x1b[2m {shown} \x1b[22m")
        };
        let input_width = inner.saturating_sub(visible_width(&result_text));
        let input_line = truncate_to_width(
            &self.input.render_line(input_width.max(1)),
            input_width,
            "",
            false,
        );
        let padding = " ".repeat(input_width.saturating_sub(visible_width(&input_line)));
        let content = format!("{input_line}{padding}{result_text}");
        let (mut previous, mut next, mut separator) =
            (format!("↑ {previous_key}"), format!("↓ {next_key}"), " · ");
        let gap = 1;
        let available = inner.saturating_sub(gap * 2 + 1);
        let mut controls =
            visible_width(&previous) + visible_width(separator) + visible_width(&next);
        if controls > available {
            (previous, next, separator) = ("↑".into(), "↓".into(), " ");
            controls = 3;
        }
        let show = controls <= available;
        let buttons = if show {
            format!(
                "{}{separator}{}",
                self.button(&previous, -1),
                self.button(&next, 1)
            )
        } else {
            String::new()
        };
        let gaps = if show { gap * 2 } else { 0 };
        let right_rule = usize::from(show && inner > controls + gaps);
        let left_rule = inner.saturating_sub(if show { controls } else { 0 } + gaps + right_rule);
        self.buttons = show.then(|| {
            let previous_start = 1 + left_rule + gap;
            let previous_end = previous_start + visible_width(&previous);
            let next_start = previous_end + visible_width(separator);
            (
                (previous_start, previous_end),
                (next_start, next_start + visible_width(&next)),
            )
        });
        if width == 1 {
            return Arc::new(vec!["┌".into(), "│".into(), "└".into()]);
        }
        let pad = if show { " " } else { "" };
        Arc::new(vec![
            format!("┌{}┐", "─".repeat(inner)),
            format!("│{content}│"),
            format!(
                "└{}{pad}{buttons}{pad}{}┘",
                "─".repeat(left_rule),
                "─".repeat(right_rule)
            ),
        ])
    }

    fn handle_input(&mut self, data: &str) {
        self.type_key(data);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::selection::strip_sequences;

    #[test]
    fn the_bar_shows_the_query_the_result_and_the_buttons() {
        let mut bar = SearchBar::for_tests();
        let empty = bar.render(40);
        assert_eq!(strip_sequences(&empty[0]), format!("┌{}┐", "─".repeat(38)));
        assert!(strip_sequences(&empty[1]).contains("Find in transcript"));
        assert!(bar.type_key("f") && bar.type_key("o"));
        bar.set_result(Some(1), 3);
        let lines = bar.render(40);
        let middle = strip_sequences(&lines[1]);
        assert!(
            middle.starts_with("│ fo") && middle.ends_with(" 2/3 │"),
            "{middle}"
        );
        let bottom = strip_sequences(&lines[2]);
        assert!(bottom.contains(" ↑ Shift+Enter · ↓ Enter ─┘"), "{bottom}");
        let start = bottom.chars().position(|c| c == '↑').unwrap_or_default();
        assert_eq!(bar.button_at(2, start), Some(-1));
        bar.set_result(None, 0);
        assert!(strip_sequences(&bar.render(40)[1]).contains("No matches"));
    }
}
