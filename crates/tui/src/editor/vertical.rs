//! Cursor moves by grapheme and by screen row, with pi-tui's sticky column: moving up or
//! down through a short row remembers the column the cursor came from and returns to it on
//! the next row long enough. pi-tui does this arithmetic in UTF-16 units, so this file does
//! too (converting at the edges) to land on the same character.

use crate::widgets::js_text::{byte_at_utf16, utf16_len};

use super::layout::{find_visual_line_at, is_last_row_of_line, word_wrap_line, VisualLine};
use super::segments::{segment, SegmentMode};
use super::Editor;

impl Editor {
    /// The screen rows of all lines at `width` columns.
    pub(super) fn visual_lines(&self, width: usize) -> Vec<VisualLine> {
        let mut rows = Vec::new();
        for (i, line) in self.state.lines.iter().enumerate() {
            if line.is_empty() || crate::width::visible_width(line) <= width {
                rows.push(VisualLine {
                    logical: i,
                    start: 0,
                    len: line.len(),
                });
                continue;
            }
            let segments = segment(line, SegmentMode::Grapheme, &self.pastes);
            for chunk in word_wrap_line(line, width, &segments) {
                rows.push(VisualLine {
                    logical: i,
                    start: chunk.start,
                    len: chunk.end - chunk.start,
                });
            }
        }
        rows
    }

    pub(super) fn current_visual_line(&self, rows: &[VisualLine]) -> usize {
        find_visual_line_at(rows, self.state.cursor_line, self.state.cursor_col)
    }

    pub(super) fn is_on_first_visual_line(&self) -> bool {
        let rows = self.visual_lines(self.last_width);
        self.current_visual_line(&rows) == 0
    }

    pub(super) fn is_on_last_visual_line(&self) -> bool {
        let rows = self.visual_lines(self.last_width);
        self.current_visual_line(&rows) + 1 == rows.len()
    }

    /// Row length in UTF-16 units.
    fn row_len16(&self, row: &VisualLine) -> usize {
        let line = &self.state.lines[row.logical];
        utf16_len(&line[row.start..row.start + row.len])
    }

    /// The farthest column a row lets the cursor reach: its end for a line's last row, its
    /// last character otherwise (the end of a wrapped row is the next row's start).
    fn row_max_col16(&self, rows: &[VisualLine], i: usize) -> usize {
        let len = self.row_len16(&rows[i]);
        if is_last_row_of_line(rows, i) {
            len
        } else {
            len.saturating_sub(1)
        }
    }

    pub(super) fn move_to_visual_line(
        &mut self,
        rows: &[VisualLine],
        current: usize,
        target: usize,
    ) {
        let (Some(&current_row), Some(&target_row)) = (rows.get(current), rows.get(target)) else {
            return;
        };
        let cursor_line_text = &self.state.lines[current_row.logical];
        let current_col = match self.snapped_from_col {
            Some(snapped) => {
                let byte = byte_at_utf16(cursor_line_text, snapped);
                let row = rows[find_visual_line_at(rows, current_row.logical, byte)];
                snapped.saturating_sub(utf16_len(&cursor_line_text[..row.start]))
            }
            None => {
                let col = self.state.cursor_col.max(current_row.start);
                utf16_len(&cursor_line_text[current_row.start..col])
            }
        };
        let source_max = self.row_max_col16(rows, current);
        let target_max = self.row_max_col16(rows, target);
        let move_to = self.vertical_move_column(current_col, source_max, target_max);

        self.state.cursor_line = target_row.logical;
        let line = self.state.lines[target_row.logical].clone();
        let col16 = (utf16_len(&line[..target_row.start]) + move_to).min(utf16_len(&line));
        // Never leave the cursor inside a multi-unit grapheme or a paste marker: snap to its
        // start, remembering where it would have been for the next vertical move.
        let mut seg_start16 = 0;
        for seg in segment(&line, SegmentMode::Grapheme, &self.pastes) {
            let len16 = utf16_len(seg.text);
            if seg_start16 > col16 {
                break;
            }
            if len16 > 1 && col16 < seg_start16 + len16 {
                let continuation = seg.start < target_row.start;
                if continuation && target > current {
                    // Already passed through this segment on the way down: skip the rows
                    // that only continue it.
                    let seg_end = seg.start + seg.text.len();
                    let mut next = target + 1;
                    while next < rows.len()
                        && rows[next].logical == target_row.logical
                        && rows[next].start < seg_end
                    {
                        next += 1;
                    }
                    if next < rows.len() {
                        self.move_to_visual_line(rows, current, next);
                        return;
                    }
                }
                self.snapped_from_col = Some(col16);
                self.state.cursor_col = seg.start;
                return;
            }
            seg_start16 += len16;
        }
        self.snapped_from_col = None;
        self.state.cursor_col = byte_at_utf16(&line, col16);
    }

    /// The column to land on in the target row, updating the sticky column (pi-tui's
    /// decision table: keep the preferred column while rows are too short for it, go back
    /// to it once one is long enough, and drop it when the cursor was mid-row).
    fn vertical_move_column(
        &mut self,
        current: usize,
        source_max: usize,
        target_max: usize,
    ) -> usize {
        let cursor_in_middle = current < source_max;
        let target_too_short = target_max < current;
        let preferred = match self.preferred_visual_col {
            Some(p) if !cursor_in_middle => p,
            _ => {
                if target_too_short {
                    self.preferred_visual_col = Some(current);
                    return target_max;
                }
                self.preferred_visual_col = None;
                return current;
            }
        };
        if target_too_short || target_max < preferred {
            return target_max;
        }
        self.preferred_visual_col = None;
        preferred
    }

    pub(super) fn move_cursor(&mut self, delta_line: isize, delta_col: isize) {
        self.last_action = None;
        let rows = self.visual_lines(self.last_width);
        let current = self.current_visual_line(&rows);
        if delta_line != 0 {
            let target = current as isize + delta_line;
            if target >= 0 && (target as usize) < rows.len() {
                self.move_to_visual_line(&rows, current, target as usize);
            }
        }
        if delta_col > 0 {
            let col = self.state.cursor_col;
            let line = self.current_line();
            if col < line.len() {
                let step = segment(&line[col..], SegmentMode::Grapheme, &self.pastes)
                    .first()
                    .map_or(1, |s| s.text.len());
                self.set_cursor_col(col + step);
            } else if self.state.cursor_line + 1 < self.state.lines.len() {
                self.state.cursor_line += 1;
                self.set_cursor_col(0);
            } else if let Some(row) = rows.get(current) {
                // At the very end: remember the column for a following Up.
                let start = row.start.min(col);
                self.preferred_visual_col = Some(utf16_len(&line[start..col]));
            }
        } else if delta_col < 0 {
            let col = self.state.cursor_col;
            if col > 0 {
                let line = self.current_line();
                let step = segment(&line[..col], SegmentMode::Grapheme, &self.pastes)
                    .last()
                    .map_or(1, |s| s.text.len());
                self.set_cursor_col(col - step);
            } else if self.state.cursor_line > 0 {
                self.state.cursor_line -= 1;
                let end = self.current_line().len();
                self.set_cursor_col(end);
            }
        }
        if self.completion.is_some() {
            self.update_autocomplete();
        }
    }

    /// Rows one page holds (30% of the terminal, at least 5).
    pub(super) fn page_size(&self) -> usize {
        // Float arithmetic on purpose: pi-tui floors `rows * 0.3`.
        ((self.terminal_rows as f64 * 0.3).floor() as usize).max(5)
    }

    pub(super) fn page_scroll(&mut self, direction: isize) {
        self.last_action = None;
        let rows = self.visual_lines(self.last_width);
        let current = self.current_visual_line(&rows);
        let page = self.page_size() as isize;
        let target = (current as isize + direction * page).clamp(0, rows.len() as isize - 1);
        self.move_to_visual_line(&rows, current, target.max(0) as usize);
    }
}
