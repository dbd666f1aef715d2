//! Regular mode (pi-tui's `TuiMainScreen`): the frame is drawn into the terminal's normal
//! screen, so what scrolls off the top lands in the terminal's own scrollback. Each frame
//! rewrites only the rows from the first changed line to the last; a width change, a height
//! change, or a change above the visible part redraws everything after clearing screen and
//! scrollback.

use super::cursor::{move_rows, CursorPlan};
use super::{PreparedFrame, BEGIN_SYNC, END_SYNC};

/// Diffing state of the regular-mode renderer (one per terminal).
#[derive(Debug, Default)]
pub struct MainScreen {
    previous_lines: Vec<String>,
    /// 0 before the first frame; -1 after a reset forces a full redraw.
    previous_width: i64,
    previous_height: i64,
    /// Absolute row of the terminal's cursor, counted from the first line of the frame.
    hardware_cursor_row: i64,
    /// The most lines drawn since the last clear: the rows the frame owns on screen.
    max_lines_rendered: usize,
    /// Frame row shown at the top of the terminal.
    previous_viewport_top: i64,
    /// Re-render with a clear whenever the frame got shorter than the rows it owns.
    pub clear_on_shrink: bool,
    full_redraws: usize,
}

/// What one regular-mode frame did.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct MainOutcome {
    pub full_redraw: bool,
}

impl MainScreen {
    /// Nothing drawn yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many frames were full redraws.
    pub fn full_redraws(&self) -> usize {
        self.full_redraws
    }

    /// Forgets what is on screen: the next frame clears and redraws (pi-tui's
    /// `requestRender(true)`).
    pub fn reset(&mut self) {
        *self = Self {
            previous_width: -1,
            previous_height: -1,
            clear_on_shrink: self.clear_on_shrink,
            full_redraws: self.full_redraws,
            ..Self::default()
        };
    }

    /// Moves the cursor below the frame so the shell prompt starts on a fresh line (pi-tui's
    /// stop without `preserveScreen`).
    pub fn leave(&self) -> String {
        if self.previous_lines.is_empty() {
            return String::new();
        }
        let mut out = String::from(" ");
        out.push_str(&move_rows(
            self.previous_lines.len() as i64 - self.hardware_cursor_row,
        ));
        out.push_str("\r\n");
        out
    }

    /// Writes the bytes that turn the last frame into `frame` (already composited, cursor
    /// extracted, lines reset and cut to the width).
    pub(super) fn draw(
        &mut self,
        frame: PreparedFrame,
        width: usize,
        height: usize,
        show_hardware_cursor: bool,
        out: &mut String,
    ) -> MainOutcome {
        let PreparedFrame {
            lines,
            cursor,
            has_overlays,
        } = frame;
        let (w, h) = (width as i64, height as i64);
        let width_changed = self.previous_width != 0 && self.previous_width != w;
        let height_changed = self.previous_height != 0 && self.previous_height != h;
        let previous_buffer = if self.previous_height > 0 {
            self.previous_viewport_top + self.previous_height
        } else {
            h
        };
        let mut prev_top = if height_changed {
            (previous_buffer - h).max(0)
        } else {
            self.previous_viewport_top
        };
        let mut top = prev_top;
        let mut hw_row = self.hardware_cursor_row;
        let plan = CursorPlan {
            cursor,
            show_hardware_cursor,
        };

        let first_frame = self.previous_lines.is_empty() && !width_changed && !height_changed;
        let shrunk = self.clear_on_shrink && lines.len() < self.max_lines_rendered && !has_overlays;
        if first_frame || width_changed || height_changed || shrunk {
            self.full_render(lines, !first_frame, w, h, plan, out);
            return MainOutcome { full_redraw: true };
        }

        let (prev_len, new_len) = (self.previous_lines.len(), lines.len());
        let mut first_changed: Option<usize> = None;
        let mut last_changed = 0;
        for i in 0..prev_len.max(new_len) {
            let old = self.previous_lines.get(i).map_or("", String::as_str);
            let new = lines.get(i).map_or("", String::as_str);
            if old != new {
                first_changed.get_or_insert(i);
                last_changed = i;
            }
        }
        let appended = new_len > prev_len;
        if appended {
            first_changed.get_or_insert(prev_len);
            last_changed = new_len - 1;
        }
        let Some(first_changed) = first_changed else {
            self.position_cursor(plan, new_len, out);
            self.previous_viewport_top = prev_top;
            self.previous_height = h;
            return MainOutcome::default();
        };
        let append_start = appended && first_changed == prev_len && first_changed > 0;

        if first_changed >= new_len {
            // Only lines past the new end changed: clear them in place.
            let target = new_len.saturating_sub(1) as i64;
            if target < prev_top {
                self.full_render(lines, true, w, h, plan, out);
                return MainOutcome { full_redraw: true };
            }
            let extra = prev_len - new_len;
            if extra as i64 > h {
                self.full_render(lines, true, w, h, plan, out);
                return MainOutcome { full_redraw: true };
            }
            out.push_str(BEGIN_SYNC);
            out.push_str(&move_rows((target - top) - (hw_row - prev_top)));
            out.push('\r');
            let clear_start = usize::from(new_len != 0);
            if extra > 0 && clear_start > 0 {
                out.push_str(&format!("\x1b[{clear_start}B"));
            }
            for i in 0..extra {
                out.push_str("\r\x1b[2K");
                if i + 1 < extra {
                    out.push_str("\x1b[1B");
                }
            }
            let back = (extra + clear_start).saturating_sub(1);
            if back > 0 {
                out.push_str(&format!("\x1b[{back}A"));
            }
            out.push_str(END_SYNC);
            self.hardware_cursor_row = target;
            self.position_cursor(plan, new_len, out);
            self.finish(lines, w, h, prev_top);
            return MainOutcome::default();
        }

        if (first_changed as i64) < prev_top {
            self.full_render(lines, true, w, h, plan, out);
            return MainOutcome { full_redraw: true };
        }

        out.push_str(BEGIN_SYNC);
        let prev_bottom = prev_top + h - 1;
        let move_target = if append_start {
            first_changed - 1
        } else {
            first_changed
        } as i64;
        if move_target > prev_bottom {
            // The first change is below the screen: scroll it into view with newlines.
            let screen_row = (hw_row - prev_top).clamp(0, h - 1);
            let to_bottom = h - 1 - screen_row;
            if to_bottom > 0 {
                out.push_str(&format!("\x1b[{to_bottom}B"));
            }
            let scroll = move_target - prev_bottom;
            out.push_str(&"\r\n".repeat(scroll as usize));
            prev_top += scroll;
            top += scroll;
            hw_row = move_target;
        }
        out.push_str(&move_rows((move_target - top) - (hw_row - prev_top)));
        out.push_str(if append_start { "\r\n" } else { "\r" });
        let render_end = last_changed.min(new_len - 1);
        for (i, line) in lines
            .iter()
            .enumerate()
            .take(render_end + 1)
            .skip(first_changed)
        {
            if i > first_changed {
                out.push_str("\r\n");
            }
            out.push_str("\x1b[2K");
            out.push_str(line);
        }
        let mut final_row = render_end as i64;
        if prev_len > new_len {
            if render_end + 1 < new_len {
                out.push_str(&format!("\x1b[{}B", new_len - 1 - render_end));
                final_row = new_len as i64 - 1;
            }
            for _ in new_len..prev_len {
                out.push_str("\r\n\x1b[2K");
            }
            out.push_str(&format!("\x1b[{}A", prev_len - new_len));
        }
        out.push_str(END_SYNC);
        self.hardware_cursor_row = final_row;
        self.max_lines_rendered = self.max_lines_rendered.max(new_len);
        let viewport_top = prev_top.max(final_row - h + 1);
        self.position_cursor(plan, new_len, out);
        self.finish(lines, w, h, viewport_top);
        MainOutcome::default()
    }

    fn full_render(
        &mut self,
        lines: Vec<String>,
        clear: bool,
        w: i64,
        h: i64,
        plan: CursorPlan,
        out: &mut String,
    ) {
        self.full_redraws += 1;
        out.push_str(BEGIN_SYNC);
        if clear {
            out.push_str("\x1b[2J\x1b[H\x1b[3J");
        }
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                out.push_str("\r\n");
            }
            out.push_str(line);
        }
        out.push_str(END_SYNC);
        self.hardware_cursor_row = lines.len().saturating_sub(1) as i64;
        self.max_lines_rendered = if clear {
            lines.len()
        } else {
            self.max_lines_rendered.max(lines.len())
        };
        let buffer = h.max(lines.len() as i64);
        self.position_cursor(plan, lines.len(), out);
        self.finish(lines, w, h, (buffer - h).max(0));
    }

    fn finish(&mut self, lines: Vec<String>, w: i64, h: i64, viewport_top: i64) {
        self.previous_lines = lines;
        self.previous_width = w;
        self.previous_height = h;
        self.previous_viewport_top = viewport_top;
    }

    /// Puts the hardware cursor where the focused component asked (for IME windows), or
    /// hides it.
    fn position_cursor(&mut self, plan: CursorPlan, total_lines: usize, out: &mut String) {
        let Some((row, col)) = plan.cursor.filter(|_| total_lines > 0) else {
            out.push_str("\x1b[?25l");
            return;
        };
        let target = row.min(total_lines - 1) as i64;
        out.push_str(&move_rows(target - self.hardware_cursor_row));
        out.push_str(&format!("\x1b[{}G", col + 1));
        self.hardware_cursor_row = target;
        out.push_str(if plan.show_hardware_cursor {
            "\x1b[?25h"
        } else {
            "\x1b[?25l"
        });
    }
}
