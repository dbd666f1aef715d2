//! What the viewport paints over a finished frame: the selection, the "Jump to latest
//! message" line, flashes.

use std::time::Instant;

use crate::width::{truncate_to_width, visible_width};

use super::super::line::composite_line;
use super::super::selection::{self, Point};
use super::Viewport;

impl Viewport {
    /// Paints the selection over the finished `screen` (after overlays), the transcript's
    /// lines from `top` in its first `viewport` rows.
    pub fn paint_selection(
        &self,
        screen: &mut [String],
        top: usize,
        viewport: usize,
        width: usize,
    ) {
        let Some((start, end)) = self.selection.bounds() else {
            return;
        };
        if !start.transcript {
            let rows = 0..screen.len();
            selection::paint(screen, (start, end), rows, 0, width);
            return;
        }
        // Transcript lines to screen rows; an end above or below the view is the view's
        // first or last cell.
        if viewport == 0 || end.row < top || start.row >= top + viewport {
            return;
        }
        let s = if start.row < top {
            Point {
                row: 0,
                col: 0,
                boundary: false,
                transcript: false,
            }
        } else {
            Point {
                row: start.row - top,
                transcript: false,
                ..start
            }
        };
        let e = if end.row >= top + viewport {
            Point {
                row: viewport - 1,
                col: width,
                boundary: true,
                transcript: false,
            }
        } else {
            Point {
                row: end.row - top,
                transcript: false,
                ..end
            }
        };
        selection::paint(screen, (s, e), 0..viewport.min(screen.len()), 0, width);
    }

    /// Paints "↓ Jump to latest message · <key>" centred on the last transcript row while
    /// the view does not follow the end, up to `right_edge` (the scrollbar's column).
    pub fn paint_jump(
        &mut self,
        rows: &mut [String],
        following: bool,
        width: usize,
        right_edge: usize,
    ) {
        self.last.jump = None;
        let (Some(style), Some(row)) = (self.jump_style(), rows.len().checked_sub(1)) else {
            return;
        };
        if following || width == 0 || super::super::line::is_image_line(&rows[row]) {
            return;
        }
        let key = self.options.as_ref().and_then(|o| {
            let kb = o.keybindings.read().unwrap_or_else(|p| p.into_inner());
            kb.get_keys("tui.altScreen.bottom").first().cloned()
        });
        let label = match key {
            Some(key) => format!(
                " ↓ Jump to latest message · {} ",
                super::super::search_bar::key_label(Some(&key))
            ),
            None => " ↓ Jump to latest message ".to_string(),
        };
        let label = truncate_to_width(&style(&label), width, "", false);
        let column = (width - visible_width(&label)) / 2;
        let text = truncate_to_width(&label, right_edge.saturating_sub(column), "", false);
        let text_width = visible_width(&text);
        if text_width == 0 {
            return;
        }
        rows[row] = composite_line(&rows[row], &text, column, text_width, width);
        self.last.jump = Some((row, column, text_width));
    }

    fn jump_style(&self) -> Option<crate::component::Style> {
        self.options.as_ref()?.jump_style.clone()
    }

    /// Paints the flashes that are still on at the top right; returns when the next one
    /// ends.
    pub fn paint_flashes(
        &mut self,
        screen: &mut [String],
        width: usize,
        now: Instant,
    ) -> Option<Instant> {
        self.flashes.retain(|(_, until)| *until > now);
        let height = screen.len();
        let shown = self.flashes.len().min(height);
        for (row, (message, _)) in self.flashes[self.flashes.len() - shown..]
            .iter()
            .enumerate()
        {
            let text = truncate_to_width(&format!(" {message} "), width, "", false);
            let line = format!("\x1b[7m{text}\x1b[27m");
            let w = visible_width(&line);
            if w > 0 {
                screen[row] = composite_line(&screen[row], &line, width - w, w, width);
            }
        }
        self.flashes.iter().map(|(_, until)| *until).min()
    }
}
