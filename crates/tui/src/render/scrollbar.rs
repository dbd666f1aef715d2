//! The fullscreen transcript's scrollbar, as pi-tui's `ScrollView` paints it: a track and a
//! thumb in the last column of the transcript rows. `Always` keeps a column for it; `Auto`
//! (Pi's default setting) paints it over the last column for a moment after the view moves.

use std::sync::Arc;
use std::time::Duration;

use unicode_segmentation::UnicodeSegmentation;

use crate::component::Style;
use crate::width::ansi::{code_at, text_end, Tracker};
use crate::width::cluster::grapheme_width;
use crate::width::{slice_by_column, visible_width};

use super::line::{is_image_line, SEGMENT_RESET};

/// How long an `Auto` scrollbar stays after the last movement.
pub const SCROLLBAR_HIDE_DELAY: Duration = Duration::from_millis(1000);

/// pi-tui's `ScrollViewScrollbar`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScrollbarMode {
    /// Never drawn.
    #[default]
    Hidden,
    /// Always drawn, in a column of its own.
    Always,
    /// Drawn over the last column briefly after scrolling, when the transcript overflows.
    Auto,
}

/// Styles for the track and the thumb (theme functions).
#[derive(Clone)]
pub struct ScrollbarStyle {
    /// The track (`│`).
    pub track: Style,
    /// The thumb (`┃`).
    pub thumb: Style,
}

impl Default for ScrollbarStyle {
    fn default() -> Self {
        Self {
            track: Arc::new(|t: &str| format!("\x1b[90m{t}\x1b[39m")),
            thumb: Arc::new(|t: &str| format!("\x1b[37m{t}\x1b[39m")),
        }
    }
}

impl std::fmt::Debug for ScrollbarStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ScrollbarStyle")
    }
}

/// Thumb position and size within a track of `track` rows.
pub(super) fn thumb(track: usize, content: usize, top: usize) -> (usize, usize) {
    let min_thumb = track.min(2);
    let ratio = ((track * track) as f64 / content.max(1) as f64).round() as usize;
    let height = ratio.min(track).max(min_thumb);
    let max_top = content.saturating_sub(track);
    let max_thumb_top = track - height;
    let offset = if max_top == 0 {
        0
    } else {
        ((top as f64 / max_top as f64) * max_thumb_top as f64).round() as usize
    };
    (offset, height)
}

/// The cells of the grapheme covering `column`, if any.
pub(super) fn cell_range(line: &str, column: usize) -> Option<(usize, usize)> {
    let mut col = 0;
    let mut i = 0;
    while i < line.len() {
        if let Some(code) = code_at(line, i) {
            i += code.len();
            continue;
        }
        let end = text_end(line, i);
        for g in line[i..end].graphemes(true) {
            let w = grapheme_width(g);
            if w > 0 && column >= col && column < col + w {
                return Some((col, col + w));
            }
            col += w;
        }
        i = end;
    }
    None
}

/// Replaces the cell at `column` with `replacement` (pi-tui's `replaceScrollbarCell`); with
/// `keep_background`, the background colour under the cell stays.
pub(super) fn replace_cell(
    line: &str,
    column: usize,
    total_width: usize,
    replacement: &str,
    keep_background: bool,
) -> String {
    if is_image_line(line) {
        return line.to_string();
    }
    let (start, end) = cell_range(line, column).unwrap_or((column, column + 1));
    let before = slice_by_column(line, 0, start, true);
    let target = slice_by_column(line, start, end - start, true);
    let after = slice_by_column(line, end, total_width.saturating_sub(end), true);
    let mut prefix_end = 0;
    while let Some(code) = code_at(&target, prefix_end) {
        prefix_end += code.len();
    }
    let mut out = before.clone();
    out.push_str(&" ".repeat(start.saturating_sub(visible_width(&before))));
    out.push_str(SEGMENT_RESET);
    if keep_background {
        let mut tracker = Tracker::default();
        tracker.process_text(&target[..prefix_end]);
        out.push_str(&tracker.background_code());
    }
    out.push_str(&" ".repeat(column - start));
    out.push_str(replacement);
    out.push_str(&" ".repeat(end.saturating_sub(column + 1)));
    out.push_str(&after);
    out
}

/// Paints the scrollbar into the transcript rows `rows` (the first rows of the screen).
pub(super) fn paint(
    rows: &mut [String],
    width: usize,
    content: usize,
    top: usize,
    mode: ScrollbarMode,
    active: bool,
    style: &ScrollbarStyle,
) {
    let track = rows.len();
    if track == 0 || width == 0 {
        return;
    }
    let (thumb_top, thumb_height) = thumb(track, content, top);
    for (row, line) in rows.iter_mut().enumerate() {
        let on_thumb = row >= thumb_top && row < thumb_top + thumb_height;
        let cell = if on_thumb {
            // Solid while the pointer is on it, as pi-tui draws an active scrollbar.
            (style.thumb)(if active { "█" } else { "┃" })
        } else {
            (style.track)("│")
        };
        *line = replace_cell(line, width - 1, width, &cell, mode != ScrollbarMode::Always);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thumb_is_proportional_and_tracks_the_position() {
        assert_eq!(thumb(10, 100, 0), (0, 2));
        assert_eq!(thumb(10, 100, 90), (8, 2));
        assert_eq!(thumb(10, 20, 5), (3, 5));
        assert_eq!(thumb(10, 10, 0), (0, 10));
    }

    #[test]
    fn the_last_cell_is_replaced_and_its_background_kept() {
        let line = replace_cell("\x1b[44mabcdef", 5, 6, "|", true);
        assert_eq!(line, format!("\x1b[44mabcde{SEGMENT_RESET}\x1b[44m|"));
        let wide = replace_cell("ab中", 3, 4, "|", false);
        assert_eq!(wide, format!("ab{SEGMENT_RESET} |"));
    }
}
