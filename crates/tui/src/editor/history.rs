//! Undo, prompt history (Up at the top, Down at the bottom) and jumping to a character.

use super::{Editor, JumpDirection};

impl Editor {
    pub(super) fn undo(&mut self) {
        self.exit_history_browsing();
        let Some(entry) = self.undo_stack.pop() else {
            return;
        };
        self.state = entry.state;
        self.pastes = entry.pastes;
        self.paste_counter = entry.paste_counter;
        self.last_action = None;
        self.preferred_visual_col = None;
        self.emit_change();
    }

    /// Up (-1) goes to older entries, Down (+1) back towards the draft.
    pub(super) fn navigate_history(&mut self, direction: isize) {
        self.last_action = None;
        if self.history.is_empty() {
            return;
        }
        let new_index = self.history_index - direction;
        if new_index < -1 || new_index >= self.history.len() as isize {
            return;
        }
        if self.history_index == -1 && new_index >= 0 {
            self.push_undo_snapshot();
            self.history_draft = Some(self.state.clone());
        }
        self.history_index = new_index;
        if new_index == -1 {
            match self.history_draft.take() {
                Some(draft) => {
                    self.state = draft;
                    self.preferred_visual_col = None;
                    self.snapped_from_col = None;
                    self.scroll_offset = 0;
                    self.emit_change();
                }
                None => self.set_text_internal("", false),
            }
        } else {
            let entry = self.history[new_index as usize].clone();
            self.set_text_internal(&entry, direction == -1);
        }
    }

    pub(super) fn start_jump(&mut self, forward: bool) {
        self.jump_mode = Some(if forward {
            JumpDirection::Forward
        } else {
            JumpDirection::Backward
        });
    }

    /// Moves to the next (or previous) occurrence of `target`, across lines, skipping the
    /// character under the cursor; stays put when there is none.
    pub(super) fn jump_to_char(&mut self, target: &str, direction: JumpDirection) {
        self.last_action = None;
        let forward = direction == JumpDirection::Forward;
        let count = self.state.lines.len() as isize;
        let mut index = self.state.cursor_line as isize;
        while (0..count).contains(&index) {
            let line = &self.state.lines[index as usize];
            let current = index as usize == self.state.cursor_line;
            let found = if forward {
                let from = if current {
                    next_boundary(line, self.state.cursor_col)
                } else {
                    0
                };
                line.get(from..)
                    .and_then(|rest| rest.find(target))
                    .map(|i| i + from)
            } else if current {
                // lastIndexOf(target, col - 1): a match starting at or before col - 1.
                match self.state.cursor_col.checked_sub(1) {
                    Some(limit) => rfind_starting_at_or_before(line, target, limit),
                    None => rfind_starting_at_or_before(line, target, 0),
                }
            } else {
                line.rfind(target)
            };
            if let Some(col) = found {
                self.state.cursor_line = index as usize;
                self.set_cursor_col(col);
                return;
            }
            index += if forward { 1 } else { -1 };
        }
    }
}

/// The character boundary after `at` (JavaScript's `col + 1` on UTF-16 text).
fn next_boundary(line: &str, at: usize) -> usize {
    line[at.min(line.len())..]
        .chars()
        .next()
        .map_or(line.len() + 1, |c| at + c.len_utf8())
}

fn rfind_starting_at_or_before(line: &str, target: &str, limit: usize) -> Option<usize> {
    line.match_indices(target)
        .map(|(i, _)| i)
        .take_while(|&i| i <= limit)
        .last()
}
