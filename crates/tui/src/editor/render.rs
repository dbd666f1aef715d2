//! Drawing the editor: a border line, the visible rows of wrapped text padded to the width
//! (the cursor as a fake-cursor cell, plus the hardware-cursor marker when focused), a
//! border line, then the completion popup. Borders show "↑ 3 more" / "↓ 2 more" when the
//! text scrolls.

use std::sync::Arc;

use crate::component::{render_fake_cursor, Component, Lines, CURSOR_MARKER};
use crate::width::{slice_by_column, visible_width};

use super::layout::word_wrap_line;
use super::segments::{segment, SegmentMode};
use super::Editor;

/// One row to draw, with the cursor's byte offset in it if it is there.
struct LayoutLine {
    text: String,
    cursor: Option<usize>,
}

/// A border carrying a scroll indicator, centred when it fits.
fn scroll_border(arrow: &str, hidden: usize, width: usize) -> String {
    let label = format!(" {arrow} {hidden} more ");
    let label_width = visible_width(&label);
    if label_width + 2 <= width {
        let left = (width - label_width) / 2;
        return format!(
            "{}{label}{}",
            "─".repeat(left),
            "─".repeat(width - left - label_width)
        );
    }
    let indicator = format!("─── {arrow} {hidden} more ");
    let indicator_width = visible_width(&indicator);
    if indicator_width <= width {
        return format!("{indicator}{}", "─".repeat(width - indicator_width));
    }
    let ellipsis = &"..."[..width.min(3)];
    let cut = width - ellipsis.len();
    format!("{}{ellipsis}", slice_by_column(&indicator, 0, cut, true))
}

impl Editor {
    fn layout_text(&self, width: usize) -> Vec<LayoutLine> {
        if self.is_editor_empty() {
            return vec![LayoutLine {
                text: String::new(),
                cursor: Some(0),
            }];
        }
        let mut out = Vec::new();
        for (i, line) in self.state.lines.iter().enumerate() {
            let is_current = i == self.state.cursor_line;
            let col = self.state.cursor_col;
            if visible_width(line) <= width {
                out.push(LayoutLine {
                    text: line.clone(),
                    cursor: is_current.then_some(col),
                });
                continue;
            }
            let segments = segment(line, SegmentMode::Grapheme, &self.pastes);
            let chunks = word_wrap_line(line, width, &segments);
            let count = chunks.len();
            for (k, chunk) in chunks.into_iter().enumerate() {
                let text = line[chunk.start..chunk.end].to_string();
                let cursor = if !is_current {
                    None
                } else if k + 1 == count {
                    (col >= chunk.start).then(|| col - chunk.start)
                } else if col >= chunk.start && col < chunk.end {
                    Some((col - chunk.start).min(text.len()))
                } else {
                    None
                };
                out.push(LayoutLine { text, cursor });
            }
        }
        out
    }

    /// Lines for `width` (pi-tui's `render`).
    pub fn render_lines(&mut self, width: usize) -> Vec<String> {
        let padding = self.padding_x.min(width.saturating_sub(1) / 2);
        let content_width = width.saturating_sub(padding * 2).max(1);
        // Without padding a column is kept free for the cursor at the end of a row.
        let layout_width = content_width
            .saturating_sub(usize::from(padding == 0))
            .max(1);
        self.last_width = layout_width;
        let layout = self.layout_text(layout_width);
        let max_visible = self.page_size();
        let cursor_row = layout.iter().position(|l| l.cursor.is_some()).unwrap_or(0);
        if cursor_row < self.scroll_offset {
            self.scroll_offset = cursor_row;
        } else if cursor_row >= self.scroll_offset + max_visible {
            self.scroll_offset = cursor_row + 1 - max_visible;
        }
        self.scroll_offset = self
            .scroll_offset
            .min(layout.len().saturating_sub(max_visible));
        let visible =
            &layout[self.scroll_offset..(self.scroll_offset + max_visible).min(layout.len())];

        let pad = " ".repeat(padding);
        let mut result = Vec::with_capacity(visible.len() + 2);
        let status = self
            .border_status
            .as_ref()
            .and_then(|status| status.top_border(width, self.scroll_offset, &self.border_color));
        let top = status.unwrap_or_else(|| {
            (self.border_color)(&if self.scroll_offset > 0 {
                scroll_border("↑", self.scroll_offset, width)
            } else {
                "─".repeat(width)
            })
        });
        result.push(top);
        let marker = if self.focused { CURSOR_MARKER } else { "" };
        for row in visible {
            let mut text = row.text.clone();
            let mut row_width = visible_width(&row.text);
            let mut cursor_in_padding = false;
            if let Some(at) = row.cursor {
                let at = at.min(text.len());
                let (before, after) = row.text.split_at(at);
                if after.is_empty() {
                    text = format!("{before}{marker}{}", render_fake_cursor(" "));
                    row_width += 1;
                    cursor_in_padding = row_width > content_width && padding > 0;
                } else {
                    let first = segment(after, SegmentMode::Grapheme, &self.pastes)
                        .first()
                        .map_or("", |s| s.text);
                    let rest = &after[first.len()..];
                    text = format!("{before}{marker}{}{rest}", render_fake_cursor(first));
                }
            }
            let fill = " ".repeat(content_width.saturating_sub(row_width));
            let right = if cursor_in_padding {
                &pad[1..]
            } else {
                &pad[..]
            };
            result.push(format!("{pad}{text}{fill}{right}"));
        }
        let below = layout.len() - (self.scroll_offset + visible.len());
        let bottom = if below > 0 {
            scroll_border("↓", below, width)
        } else {
            "─".repeat(width)
        };
        result.push((self.border_color)(&bottom));
        if let Some((_, list)) = &self.completion {
            for line in list.render_lines(content_width) {
                let fill = " ".repeat(content_width.saturating_sub(visible_width(&line)));
                result.push(format!("{pad}{line}{fill}{pad}"));
            }
        }
        result
    }
}

impl Component for Editor {
    fn render(&mut self, width: usize) -> Lines {
        Arc::new(self.render_lines(width))
    }

    fn handle_input(&mut self, data: &str) {
        self.handle_key_data(data);
    }

    fn set_focused(&mut self, focused: bool) {
        self.focused = focused;
    }
}
