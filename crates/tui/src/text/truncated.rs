//! One line of text cut to the width with an ellipsis.

use std::sync::Arc;

use crate::component::{Component, Lines};
use crate::width::{truncate_to_width, visible_width};

/// pi-tui's `TruncatedText`: the text's first line, cut to fit with `...`, padded to the
/// width, with `padding_y` blank lines above and below.
pub struct TruncatedText {
    text: String,
    padding_x: usize,
    padding_y: usize,
}

impl TruncatedText {
    /// pi-tui's defaults are no padding.
    pub fn new(text: impl Into<String>, padding_x: usize, padding_y: usize) -> Self {
        Self {
            text: text.into(),
            padding_x,
            padding_y,
        }
    }

    /// Replaces the text.
    pub fn set_text(&mut self, text: impl Into<String>) {
        self.text = text.into();
    }
}

impl Component for TruncatedText {
    fn render(&mut self, width: usize) -> Lines {
        let blank = " ".repeat(width);
        let available = width.saturating_sub(self.padding_x * 2).max(1);
        let first_line = self.text.split('\n').next().unwrap_or("");
        let shown = truncate_to_width(first_line, available, "...", false);
        let margin = " ".repeat(self.padding_x);
        let line = format!("{margin}{shown}{margin}");
        let padding = " ".repeat(width.saturating_sub(visible_width(&line)));
        let mut lines = vec![blank.clone(); self.padding_y];
        lines.push(line + &padding);
        lines.extend(std::iter::repeat_n(blank, self.padding_y));
        Arc::new(lines)
    }
}
