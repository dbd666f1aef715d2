//! The renderer's inputs and outputs: the frame (transcript, dock, overlays), the terminal
//! size, and the report of what a frame did.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use crate::component::{Component, Lines};
use crate::width::{slice_by_column, visible_width};

use super::dock::DockPart;
use super::line::{apply_line_reset, is_image_line};
use super::overlay::{Overlay, OverlayBounds};

/// pi-tui's `tuiMode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TuiMode {
    /// Normal screen and terminal scrollback (`TuiMainScreen`).
    Regular,
    /// Alternate screen, app-owned viewport (`TuiAltScreen`); Pi's default.
    Fullscreen,
}

/// Terminal size in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermSize {
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
}

/// What to draw: the scrolling transcript, the dock pinned below it, and overlays.
pub struct Frame<'a> {
    /// The transcript: scrolls (terminal scrollback in regular mode, the app's viewport in
    /// fullscreen).
    pub content: &'a mut dyn Component,
    /// Below the transcript, always visible in fullscreen: pending messages, status,
    /// widgets, editor, footer, top to bottom.
    pub dock: Vec<DockPart<'a>>,
    /// Drawn over both.
    pub overlays: Vec<Overlay<'a>>,
}

/// A line a component rendered wider than the terminal. pi-tui throws here and the app
/// dies; tau cuts the line to the width and reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverWideLine {
    /// Row in the frame (regular mode: line of the whole frame; fullscreen: screen row).
    pub row: usize,
    /// Its width.
    pub width: usize,
    /// The terminal's.
    pub terminal_width: usize,
}

impl fmt::Display for OverWideLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rendered line {} is wider than the terminal ({} > {}) and was cut; a component is not \
             truncating its output (measure with visibleWidth, cut with truncateToWidth)",
            self.row, self.width, self.terminal_width
        )
    }
}

/// What a frame did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RenderReport {
    /// Bytes written to the output.
    pub bytes_written: usize,
    /// Every row was rewritten (first frame, resize, forced reset, change above the screen).
    pub full_redraw: bool,
    /// Lines cut to the terminal width.
    pub over_wide: Vec<OverWideLine>,
    /// Where the hardware cursor was put (frame row, column), if a component asked.
    pub cursor: Option<(usize, usize)>,
    /// Where each overlay of the frame was drawn (`None`: not visible), in frame order.
    pub overlay_bounds: Vec<Option<OverlayBounds>>,
    /// A frame is needed by then even if nothing changes (a transient scrollbar hides).
    pub redraw_at: Option<Instant>,
}

/// A frame's rows in final form, ready to diff.
pub(crate) struct PreparedFrame {
    pub lines: Vec<String>,
    pub cursor: Option<(usize, usize)>,
    pub has_overlays: bool,
}

/// Resets every line, cutting (and reporting) the ones wider than the terminal.
pub(super) fn finalize_lines(
    lines: Vec<String>,
    width: usize,
    over_wide: &mut Vec<OverWideLine>,
) -> Vec<String> {
    lines
        .into_iter()
        .enumerate()
        .map(|(row, line)| {
            if is_image_line(&line) {
                return line;
            }
            let w = visible_width(&line);
            if w <= width {
                return apply_line_reset(&line);
            }
            over_wide.push(OverWideLine {
                row,
                width: w,
                terminal_width: width,
            });
            apply_line_reset(&slice_by_column(&line, 0, width, true))
        })
        .collect()
}

/// A component made of fixed lines (tests, and a simple dock).
pub struct StaticLines(pub Lines);

impl StaticLines {
    /// Lines from anything string-like.
    pub fn new<I: IntoIterator<Item = S>, S: Into<String>>(lines: I) -> Self {
        Self(Arc::new(lines.into_iter().map(Into::into).collect()))
    }
}

impl Component for StaticLines {
    fn render(&mut self, _width: usize) -> Lines {
        self.0.clone()
    }
}
