//! Fullscreen mode (pi-tui's `TuiAltScreen`, Pi's default): the alternate screen holds
//! exactly one screenful, the transcript scrolls inside the app-owned viewport above a dock
//! pinned to the bottom (Pi's chat viewport), and each frame rewrites only the rows that
//! differ from the last one, addressed absolutely.

use crate::component::Lines;

use super::cursor::CursorPlan;
use super::dock::DockLines;
use super::mouse::DISABLE_MOUSE;
use super::scroll::ScrollState;
use super::viewport::Viewport;
use super::{BEGIN_SYNC, END_SYNC};

pub(super) const ENTER_ALT_SCREEN: &str = "\x1b[?1049h";
pub(super) const EXIT_ALT_SCREEN: &str = "\x1b[?1049l";
const DISABLE_AUTOWRAP: &str = "\x1b[?7l";
const ENABLE_AUTOWRAP: &str = "\x1b[?7h";

/// Diffing and scroll state of the fullscreen renderer.
#[derive(Default)]
pub struct AltScreen {
    previous_screen: Vec<String>,
    previous_size: (usize, usize),
    pub(super) scroll: ScrollState,
    active: bool,
    full_redraws: usize,
    /// Mouse reporting switched on while in the alternate screen.
    pub(super) mouse: Option<&'static str>,
    /// Mouse, selection, search and flashes.
    pub(super) viewport: Box<Viewport>,
}

/// The rows of one fullscreen frame before overlays: the visible transcript rows, then the
/// dock rows.
pub(super) fn layout_rows(
    content: &Lines,
    dock: &DockLines,
    height: usize,
    scroll: &mut ScrollState,
    pad_column: bool,
) -> (Vec<String>, usize) {
    // The chat viewport's stack: the transcript takes what the dock leaves but at least a
    // row; the dock takes its height, at least one row.
    let dock_rows = dock.natural_height().max(1).min(height.saturating_sub(1));
    let viewport = height - dock_rows;
    scroll.update_layout(content.len(), viewport);
    let mut rows: Vec<String> = content
        .iter()
        .skip(scroll.top())
        .take(viewport)
        .map(|l| {
            if pad_column {
                format!("{l} ")
            } else {
                l.clone()
            }
        })
        .collect();
    rows.resize(viewport, String::new());
    rows.extend(dock.rows(dock_rows));
    rows.resize(height, String::new());
    (rows, viewport)
}

impl AltScreen {
    /// Nothing drawn yet, following the end.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many frames were full redraws.
    pub fn full_redraws(&self) -> usize {
        self.full_redraws
    }

    /// Forgets the screen so the next frame redraws every row.
    pub fn reset(&mut self) {
        self.previous_screen.clear();
        self.previous_size = (0, 0);
    }

    /// Switches to the alternate screen without line wrap and clears it.
    pub fn enter(&mut self) -> String {
        self.active = true;
        self.viewport.start();
        self.reset();
        let mouse = self.mouse.unwrap_or("");
        format!("{ENTER_ALT_SCREEN}{DISABLE_AUTOWRAP}{mouse}\x1b[2J\x1b[H\x1b[?25l")
    }

    /// Leaves the alternate screen. Given `lines` (the whole document, already reset and cut
    /// to the width), they are then printed into the normal screen, so the conversation
    /// stays in the terminal's scrollback.
    pub fn leave(&mut self, lines: Option<&[String]>) -> String {
        if !self.active {
            return String::new();
        }
        self.active = false;
        self.viewport.stop();
        self.scroll.set_scrollbar_active(false);
        let mouse_off = if self.mouse.is_some() {
            DISABLE_MOUSE
        } else {
            ""
        };
        let mut out = format!("{BEGIN_SYNC}{mouse_off}{ENABLE_AUTOWRAP}{END_SYNC}");
        match lines {
            None => out.push_str(&format!("{BEGIN_SYNC}{EXIT_ALT_SCREEN}\x1b[?25h{END_SYNC}")),
            Some(lines) => {
                out.push_str(&format!("{BEGIN_SYNC}{EXIT_ALT_SCREEN}{DISABLE_AUTOWRAP}"));
                for (row, line) in lines.iter().enumerate() {
                    if row > 0 {
                        out.push_str("\r\n");
                    }
                    out.push_str("\r\x1b[2K");
                    out.push_str(line);
                }
                out.push_str(&format!("\x1b[0m{ENABLE_AUTOWRAP}\r\n\x1b[?25h{END_SYNC}"));
            }
        }
        out
    }

    pub(super) fn is_active(&self) -> bool {
        self.active
    }

    /// Writes the rows of `screen` (exactly `height` rows, final form) that changed.
    /// Returns whether every row was redrawn.
    pub(super) fn draw(
        &mut self,
        screen: Vec<String>,
        width: usize,
        height: usize,
        plan: CursorPlan,
        out: &mut String,
    ) -> bool {
        let full = self.previous_screen.is_empty() || self.previous_size != (width, height);
        out.push_str(BEGIN_SYNC);
        if full {
            self.full_redraws += 1;
            out.push_str("\x1b[2J");
        }
        for (row, line) in screen.iter().enumerate() {
            if !full && self.previous_screen.get(row) == Some(line) {
                continue;
            }
            out.push_str(&format!("\x1b[{};1H\x1b[2K", row + 1));
            out.push_str(line);
        }
        match plan.cursor {
            Some((row, col)) => {
                out.push_str(&format!("\x1b[{};{}H", row + 1, col.min(width) + 1));
                out.push_str(if plan.show_hardware_cursor {
                    "\x1b[?25h"
                } else {
                    "\x1b[?25l"
                });
            }
            None => out.push_str("\x1b[?25l"),
        }
        out.push_str(END_SYNC);
        self.previous_screen = screen;
        self.previous_size = (width, height);
        full
    }
}
