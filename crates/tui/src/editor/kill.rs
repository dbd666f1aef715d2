//! Emacs-style kills and yanks, as pi-tui's editor: consecutive kills collect into one
//! kill-ring entry (backward kills in front), a kill at a line edge takes the newline, and
//! yank-pop swaps the text just yanked for the next older entry.

use crate::widgets::text_edit::LastAction;

use super::Editor;

impl Editor {
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
}
