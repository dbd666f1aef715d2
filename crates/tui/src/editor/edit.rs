//! Changing the text: typing, new lines, deletion, kills and yanks, undo, programmatic
//! `set_text`, prompt history and submitting, each with pi-tui's undo and kill-ring rules.

use crate::widgets::js_text::{has_js_space, js_trim};
use crate::widgets::text_edit::{find_word_backward, find_word_forward, LastAction};

use super::segments::{is_paste_marker, segment, SegmentMode};
use super::{Editor, EditorEvent, JumpDirection, TextState};

/// Line endings to `\n`, tabs to four spaces (how the editor stores text).
pub(crate) fn normalize_text(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\t', "    ")
}

impl Editor {
    /// Replaces the text (undoable), cursor at the end; forgets pastes and history browsing.
    pub fn set_text(&mut self, text: &str) {
        self.cancel_autocomplete();
        self.last_action = None;
        self.exit_history_browsing();
        let normalized = normalize_text(text);
        if self.get_text() != normalized {
            self.push_undo_snapshot();
        }
        self.pastes.clear();
        self.paste_counter = 0;
        self.set_text_internal(&normalized, false);
    }

    /// Inserts text at the cursor as one undo step (clipboard images, snippets).
    pub fn insert_text_at_cursor(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.cancel_autocomplete();
        self.push_undo_snapshot();
        self.last_action = None;
        self.exit_history_browsing();
        self.insert_text_internal(text);
    }

    pub(super) fn set_text_internal(&mut self, text: &str, cursor_at_start: bool) {
        self.state.lines = text.split('\n').map(str::to_string).collect();
        self.state.cursor_line = if cursor_at_start {
            0
        } else {
            self.state.lines.len() - 1
        };
        let col = if cursor_at_start {
            0
        } else {
            self.current_line().len()
        };
        self.set_cursor_col(col);
        self.scroll_offset = 0;
        self.emit_change();
    }

    /// Inserts possibly multi-line text at the cursor, cursor after it.
    pub(super) fn insert_text_internal(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        let normalized = normalize_text(text);
        let inserted: Vec<&str> = normalized.split('\n').collect();
        let line = self.current_line().to_string();
        let (before, after) = line.split_at(self.state.cursor_col);
        if inserted.len() == 1 {
            self.state.lines[self.state.cursor_line] = format!("{before}{normalized}{after}");
            self.set_cursor_col(self.state.cursor_col + normalized.len());
        } else {
            let last = inserted[inserted.len() - 1];
            let mut new_lines: Vec<String> = Vec::with_capacity(inserted.len());
            new_lines.push(format!("{before}{}", inserted[0]));
            new_lines.extend(
                inserted[1..inserted.len() - 1]
                    .iter()
                    .map(|s| s.to_string()),
            );
            new_lines.push(format!("{last}{after}"));
            let at = self.state.cursor_line;
            self.state.lines.splice(at..=at, new_lines);
            self.state.cursor_line += inserted.len() - 1;
            self.set_cursor_col(last.len());
        }
        self.emit_change();
    }

    /// Types `text` (one key's worth) with fish-style undo coalescing: a run of word
    /// characters is one undo step, each space its own.
    pub(super) fn insert_character(&mut self, text: &str) {
        self.exit_history_browsing();
        if has_js_space(text) || self.last_action != Some(LastAction::TypeWord) {
            self.push_undo_snapshot();
        }
        self.last_action = Some(LastAction::TypeWord);
        let col = self.state.cursor_col;
        self.state.lines[self.state.cursor_line].insert_str(col, text);
        self.set_cursor_col(col + text.len());
        self.emit_change();
        self.after_typing(text);
    }

    pub(super) fn add_new_line(&mut self) {
        self.cancel_autocomplete();
        self.exit_history_browsing();
        self.last_action = None;
        self.push_undo_snapshot();
        let line = self.state.cursor_line;
        let after = self.state.lines[line].split_off(self.state.cursor_col);
        self.state.lines.insert(line + 1, after);
        self.state.cursor_line += 1;
        self.set_cursor_col(0);
        self.emit_change();
    }

    pub(super) fn submit_value(&mut self) {
        self.cancel_autocomplete();
        let expanded = self.expand_paste_markers(&self.get_text());
        let result = js_trim(&expanded).to_string();
        self.state = TextState::default();
        self.pastes.clear();
        self.paste_counter = 0;
        self.exit_history_browsing();
        self.scroll_offset = 0;
        self.undo_stack.clear();
        self.last_action = None;
        self.events.push(EditorEvent::Change(String::new()));
        self.events.push(EditorEvent::Submit(result));
    }

    /// Joins the cursor's line onto the previous one, cursor at the seam.
    fn merge_with_previous_line(&mut self) {
        let line = self.state.lines.remove(self.state.cursor_line);
        self.state.cursor_line -= 1;
        let previous = &mut self.state.lines[self.state.cursor_line];
        let col = previous.len();
        previous.push_str(&line);
        self.set_cursor_col(col);
    }

    /// Joins the next line onto the cursor's line.
    fn merge_with_next_line(&mut self) {
        let next = self.state.lines.remove(self.state.cursor_line + 1);
        self.state.lines[self.state.cursor_line].push_str(&next);
    }

    pub(super) fn handle_backspace(&mut self) {
        self.exit_history_browsing();
        self.last_action = None;
        if self.state.cursor_col > 0 {
            self.push_undo_snapshot();
            let before = self.text_before_cursor().to_string();
            let last = segment(&before, SegmentMode::Grapheme, &self.pastes)
                .last()
                .map_or("", |s| s.text)
                .to_string();
            self.forget_paste_of_marker(&last);
            let len = last.len().max(1);
            let col = self.state.cursor_col;
            self.state.lines[self.state.cursor_line].replace_range(col - len..col, "");
            self.set_cursor_col(col - len);
        } else if self.state.cursor_line > 0 {
            self.push_undo_snapshot();
            self.merge_with_previous_line();
        }
        self.emit_change();
        self.refresh_autocomplete_after_delete();
    }

    pub(super) fn handle_forward_delete(&mut self) {
        self.exit_history_browsing();
        self.last_action = None;
        let col = self.state.cursor_col;
        if col < self.current_line().len() {
            self.push_undo_snapshot();
            let after = &self.current_line()[col..];
            let len = segment(after, SegmentMode::Grapheme, &self.pastes)
                .first()
                .map_or(1, |s| s.text.len());
            self.state.lines[self.state.cursor_line].replace_range(col..col + len, "");
        } else if self.state.cursor_line + 1 < self.state.lines.len() {
            self.push_undo_snapshot();
            self.merge_with_next_line();
        }
        self.emit_change();
        self.refresh_autocomplete_after_delete();
    }

    fn kill(&mut self, text: &str, backward: bool, accumulate: bool) {
        self.kill_ring.push(text, backward, accumulate);
        self.last_action = Some(LastAction::Kill);
    }

    pub(super) fn delete_to_start_of_line(&mut self) {
        self.exit_history_browsing();
        let accumulate = self.last_action == Some(LastAction::Kill);
        let col = self.state.cursor_col;
        if col > 0 {
            self.push_undo_snapshot();
            let killed = self.current_line()[..col].to_string();
            self.kill(&killed, true, accumulate);
            self.state.lines[self.state.cursor_line].replace_range(..col, "");
            self.set_cursor_col(0);
        } else if self.state.cursor_line > 0 {
            self.push_undo_snapshot();
            self.kill("\n", true, accumulate);
            self.merge_with_previous_line();
        }
        self.emit_change();
    }

    pub(super) fn delete_to_end_of_line(&mut self) {
        self.exit_history_browsing();
        let accumulate = self.last_action == Some(LastAction::Kill);
        let col = self.state.cursor_col;
        if col < self.current_line().len() {
            self.push_undo_snapshot();
            let killed = self.current_line()[col..].to_string();
            self.kill(&killed, false, accumulate);
            self.state.lines[self.state.cursor_line].truncate(col);
        } else if self.state.cursor_line + 1 < self.state.lines.len() {
            self.push_undo_snapshot();
            self.kill("\n", false, accumulate);
            self.merge_with_next_line();
        }
        self.emit_change();
    }

    pub(super) fn delete_word_backward(&mut self) {
        self.exit_history_browsing();
        let accumulate = self.last_action == Some(LastAction::Kill);
        if self.state.cursor_col == 0 {
            if self.state.cursor_line > 0 {
                self.push_undo_snapshot();
                self.kill("\n", true, accumulate);
                self.merge_with_previous_line();
            }
        } else {
            self.push_undo_snapshot();
            let col = self.state.cursor_col;
            let from = self.word_left_of(col);
            let killed = self.current_line()[from..col].to_string();
            self.kill(&killed, true, accumulate);
            self.state.lines[self.state.cursor_line].replace_range(from..col, "");
            self.set_cursor_col(from);
        }
        self.emit_change();
    }

    pub(super) fn delete_word_forward(&mut self) {
        self.exit_history_browsing();
        let accumulate = self.last_action == Some(LastAction::Kill);
        let col = self.state.cursor_col;
        if col >= self.current_line().len() {
            if self.state.cursor_line + 1 < self.state.lines.len() {
                self.push_undo_snapshot();
                self.kill("\n", false, accumulate);
                self.merge_with_next_line();
            }
        } else {
            self.push_undo_snapshot();
            let to = self.word_right_of(col);
            let killed = self.current_line()[col..to].to_string();
            self.kill(&killed, false, accumulate);
            self.state.lines[self.state.cursor_line].replace_range(col..to, "");
            self.set_cursor_col(col);
        }
        self.emit_change();
    }

    fn word_left_of(&self, col: usize) -> usize {
        let line = self.current_line();
        let segments = segment(&line[..col], SegmentMode::Word, &self.pastes);
        find_word_backward(&segments, col, &is_paste_marker)
    }

    fn word_right_of(&self, col: usize) -> usize {
        let line = self.current_line();
        let segments = segment(&line[col..], SegmentMode::Word, &self.pastes);
        find_word_forward(&segments, col, line.len(), &is_paste_marker)
    }

    pub(super) fn move_word_backward(&mut self) {
        self.last_action = None;
        if self.state.cursor_col == 0 {
            if self.state.cursor_line > 0 {
                self.state.cursor_line -= 1;
                let end = self.current_line().len();
                self.set_cursor_col(end);
            }
            return;
        }
        let to = self.word_left_of(self.state.cursor_col);
        self.set_cursor_col(to);
    }

    pub(super) fn move_word_forward(&mut self) {
        self.last_action = None;
        if self.state.cursor_col >= self.current_line().len() {
            if self.state.cursor_line + 1 < self.state.lines.len() {
                self.state.cursor_line += 1;
                self.set_cursor_col(0);
            }
            return;
        }
        let to = self.word_right_of(self.state.cursor_col);
        self.set_cursor_col(to);
    }

    pub(super) fn move_to_line_start(&mut self) {
        self.last_action = None;
        self.set_cursor_col(0);
    }

    pub(super) fn move_to_line_end(&mut self) {
        self.last_action = None;
        let end = self.current_line().len();
        self.set_cursor_col(end);
    }

    pub(super) fn yank(&mut self) {
        let Some(text) = self.kill_ring.peek().map(str::to_string) else {
            return;
        };
        self.push_undo_snapshot();
        self.insert_yanked_text(&text);
        self.last_action = Some(LastAction::Yank);
    }

    pub(super) fn yank_pop(&mut self) {
        if self.last_action != Some(LastAction::Yank) || self.kill_ring.len() <= 1 {
            return;
        }
        self.push_undo_snapshot();
        self.delete_yanked_text();
        self.kill_ring.rotate();
        let text = self.kill_ring.peek().unwrap_or("").to_string();
        self.insert_yanked_text(&text);
        self.last_action = Some(LastAction::Yank);
    }

    fn insert_yanked_text(&mut self, text: &str) {
        self.exit_history_browsing();
        let parts: Vec<&str> = text.split('\n').collect();
        let line = self.state.cursor_line;
        let after = self.state.lines[line].split_off(self.state.cursor_col);
        if parts.len() == 1 {
            self.state.lines[line].push_str(text);
            self.state.lines[line].push_str(&after);
            self.set_cursor_col(self.state.cursor_col + text.len());
        } else {
            self.state.lines[line].push_str(parts[0]);
            let last = parts[parts.len() - 1];
            let mut rest: Vec<String> = parts[1..parts.len() - 1]
                .iter()
                .map(|s| s.to_string())
                .collect();
            rest.push(format!("{last}{after}"));
            self.state.lines.splice(line + 1..line + 1, rest);
            self.state.cursor_line = line + parts.len() - 1;
            self.set_cursor_col(last.len());
        }
        self.emit_change();
    }

    /// Removes the text the last yank inserted (still the ring's newest entry).
    fn delete_yanked_text(&mut self) {
        let Some(yanked) = self.kill_ring.peek().map(str::to_string) else {
            return;
        };
        let parts: Vec<&str> = yanked.split('\n').collect();
        let col = self.state.cursor_col;
        if parts.len() == 1 {
            let start = col.saturating_sub(yanked.len());
            self.state.lines[self.state.cursor_line].replace_range(start..col, "");
            self.set_cursor_col(start);
        } else {
            let start_line = self.state.cursor_line.saturating_sub(parts.len() - 1);
            let start_col = self.state.lines[start_line]
                .len()
                .saturating_sub(parts[0].len());
            let after = self.current_line()[col..].to_string();
            let merged = format!("{}{after}", &self.state.lines[start_line][..start_col]);
            self.state
                .lines
                .splice(start_line..start_line + parts.len(), [merged]);
            self.state.cursor_line = start_line;
            self.set_cursor_col(start_col);
        }
        self.emit_change();
    }

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
