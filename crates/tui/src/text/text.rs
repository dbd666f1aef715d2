//! Multi-line text, word-wrapped to the width, with padding and an optional background.

use super::apply_background;
use crate::component::{Component, Lines, Style, WidthCache};
use crate::width::wrap_text_with_ansi;

/// pi-tui's `Text`: wraps its text (ANSI styles carry across wrapped lines), pads every line
/// to the full width and puts `padding_y` blank lines above and below.
pub struct Text {
    text: String,
    padding_x: usize,
    padding_y: usize,
    bg: Option<Style>,
    cache: WidthCache,
}

impl Text {
    /// pi-tui's defaults are one column and one line of padding.
    pub fn new(
        text: impl Into<String>,
        padding_x: usize,
        padding_y: usize,
        bg: Option<Style>,
    ) -> Self {
        Self {
            text: text.into(),
            padding_x,
            padding_y,
            bg,
            cache: WidthCache::default(),
        }
    }

    /// Setting the same text keeps the wrapped lines (renderers set text on every update).
    pub fn set_text(&mut self, text: impl Into<String>) {
        let text = text.into();
        if text != self.text {
            self.text = text;
            self.cache.clear();
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Replaces the background.
    pub fn set_bg(&mut self, bg: Option<Style>) {
        self.bg = bg;
        self.cache.clear();
    }

    /// Replaces the horizontal padding.
    pub fn set_padding_x(&mut self, padding_x: usize) {
        self.padding_x = padding_x;
        self.cache.clear();
    }

    fn render_lines(&self, width: usize) -> Vec<String> {
        if self.text.trim().is_empty() {
            return Vec::new();
        }
        let normalized = self.text.replace('\t', "   ");
        // Padding shrinks so that content and padding fit the width.
        let padding_x = self.padding_x.min(width.saturating_sub(1) / 2);
        let content_width = width.saturating_sub(padding_x * 2).max(1);
        let margin = " ".repeat(padding_x);
        let bg = self.bg.as_ref();
        let blank = apply_background(&" ".repeat(width), width, bg);
        let mut lines = vec![blank.clone(); self.padding_y];
        for line in wrap_text_with_ansi(&normalized, content_width) {
            lines.push(apply_background(
                &format!("{margin}{line}{margin}"),
                width,
                bg,
            ));
        }
        lines.extend(std::iter::repeat_n(blank, self.padding_y));
        lines
    }
}

impl Component for Text {
    fn render(&mut self, width: usize) -> Lines {
        if let Some(lines) = self.cache.get(width) {
            return lines;
        }
        let lines = self.render_lines(width);
        self.cache.store(width, lines)
    }

    fn invalidate(&mut self) {
        self.cache.clear();
    }
}
