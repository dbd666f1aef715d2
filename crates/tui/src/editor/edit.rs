//! Changing the text: typing, new lines, deletion, programmatic `set_text` and submitting,
//! with pi-tui's undo rules; and moves by word and to the line's ends.

use crate::widgets::js_text::{has_js_space, js_trim};
use crate::widgets::text_edit::{find_word_backward, find_word_forward, LastAction};

use super::segments::{is_paste_marker, segment, SegmentMode};
use super::{Editor, EditorEvent, TextState};

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
    pub(super) fn merge_with_previous_line(&mut self) {
        let line = self.state.lines.remove(self.state.cursor_line);
        self.state.cursor_line -= 1;
        let previous = &mut self.state.lines[self.state.cursor_line];
        let col = previous.len();
        previous.push_str(&line);
        self.set_cursor_col(col);
    }

    /// Joins the next line onto the cursor's line.
    pub(super) fn merge_with_next_line(&mut self) {
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

    pub(super) fn word_left_of(&self, col: usize) -> usize {
        let line = self.current_line();
        let segments = segment(&line[..col], SegmentMode::Word, &self.pastes);
        find_word_backward(&segments, col, &is_paste_marker)
    }

    pub(super) fn word_right_of(&self, col: usize) -> usize {
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
}
