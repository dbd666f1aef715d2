//! What each key does in the editor, in pi-tui's order of precedence: character-jump mode,
//! bracketed paste, copy (left to the app), undo, the completion popup's keys, Tab, then
//! deletion, kills, history, movement, new line versus submit, and finally typing.

use crate::keybindings::KeybindingsManager;
use crate::keys::matches_key;
use crate::widgets::text_edit::decode_printable_key;

use super::Editor;

const PASTE_START: &str = "\x1b[200~";
const PASTE_END: &str = "\x1b[201~";

fn first_code_unit_printable(data: &str) -> bool {
    data.chars().next().is_some_and(|c| c as u32 >= 32)
}

impl Editor {
    pub(super) fn handle_key_data(&mut self, data: &str) {
        let kb = self.keybindings.clone();
        let kb = kb.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.handle_with(&kb, data);
    }

    fn handle_with(&mut self, kb: &KeybindingsManager, data: &str) {
        if let Some(direction) = self.jump_mode {
            if kb.matches(data, "tui.editor.jumpForward")
                || kb.matches(data, "tui.editor.jumpBackward")
            {
                self.jump_mode = None;
                return;
            }
            let printable = decode_printable_key(data)
                .or_else(|| first_code_unit_printable(data).then(|| data.to_string()));
            self.jump_mode = None;
            if let Some(target) = printable {
                self.jump_to_char(&target, direction);
                return;
            }
            // A control key cancels the jump and then does its usual thing.
        }

        let mut data = data.to_string();
        if let Some(i) = data.find(PASTE_START) {
            self.in_paste = true;
            self.paste_buffer.clear();
            data.replace_range(i..i + PASTE_START.len(), "");
        }
        if self.in_paste {
            self.paste_buffer.push_str(&data);
            if let Some(end) = self.paste_buffer.find(PASTE_END) {
                let content = self.paste_buffer[..end].to_string();
                let rest = self.paste_buffer[end + PASTE_END.len()..].to_string();
                if !content.is_empty() {
                    self.handle_paste(&content);
                }
                self.in_paste = false;
                self.paste_buffer.clear();
                if !rest.is_empty() {
                    self.handle_with(kb, &rest);
                }
            }
            return;
        }
        let data = data.as_str();
        let ctx = kb.key_context();

        if kb.matches(data, "tui.input.copy") {
            return;
        }
        if kb.matches(data, "tui.editor.undo") {
            self.undo();
            return;
        }
        if self.completion.is_some() && self.handle_completion_key(kb, data) {
            return;
        }
        if kb.matches(data, "tui.input.tab") && self.completion.is_none() {
            self.handle_tab_completion();
            return;
        }
        if kb.matches(data, "tui.editor.deleteToLineEnd") {
            self.delete_to_end_of_line();
        } else if kb.matches(data, "tui.editor.deleteToLineStart") {
            self.delete_to_start_of_line();
        } else if kb.matches(data, "tui.editor.deleteWordBackward") {
            self.delete_word_backward();
        } else if kb.matches(data, "tui.editor.deleteWordForward") {
            self.delete_word_forward();
        } else if kb.matches(data, "tui.editor.deleteCharBackward")
            || matches_key(data, "shift+backspace", ctx)
        {
            self.handle_backspace();
        } else if kb.matches(data, "tui.editor.deleteCharForward")
            || matches_key(data, "shift+delete", ctx)
        {
            self.handle_forward_delete();
        } else if kb.matches(data, "tui.editor.yank") {
            self.yank();
        } else if kb.matches(data, "tui.editor.yankPop") {
            self.yank_pop();
        } else if kb.matches(data, "tui.editor.historyPrevious") {
            self.cancel_autocomplete();
            self.navigate_history(-1);
        } else if kb.matches(data, "tui.editor.historyNext") {
            self.cancel_autocomplete();
            self.navigate_history(1);
        } else if kb.matches(data, "tui.editor.cursorLineStart") {
            self.move_to_line_start();
        } else if kb.matches(data, "tui.editor.cursorLineEnd") {
            self.move_to_line_end();
        } else if kb.matches(data, "tui.editor.cursorWordLeft") {
            self.move_word_backward();
        } else if kb.matches(data, "tui.editor.cursorWordRight") {
            self.move_word_forward();
        } else if is_new_line_key(kb, data) {
            if self.should_submit_on_backslash_enter(kb, data) {
                self.handle_backspace();
                self.submit_value();
            } else {
                self.add_new_line();
            }
        } else if kb.matches(data, "tui.input.submit") {
            if self.disable_submit {
                return;
            }
            // Terminals without Shift+Enter: a backslash before the cursor turns Enter into
            // a new line.
            if self.text_before_cursor().ends_with('\\') {
                self.handle_backspace();
                self.add_new_line();
                return;
            }
            self.submit_value();
        } else if kb.matches(data, "tui.editor.cursorUp") {
            let first = self.is_on_first_visual_line();
            if first
                && (self.is_editor_empty() || self.history_index > -1 || self.state.cursor_col == 0)
            {
                self.navigate_history(-1);
            } else if first {
                self.move_to_line_start();
            } else {
                self.move_cursor(-1, 0);
            }
        } else if kb.matches(data, "tui.editor.cursorDown") {
            let last = self.is_on_last_visual_line();
            if self.history_index > -1 && last {
                self.navigate_history(1);
            } else if last {
                self.move_to_line_end();
            } else {
                self.move_cursor(1, 0);
            }
        } else if kb.matches(data, "tui.editor.cursorRight") {
            self.move_cursor(0, 1);
        } else if kb.matches(data, "tui.editor.cursorLeft") {
            self.move_cursor(0, -1);
        } else if kb.matches(data, "tui.editor.pageUp") {
            self.page_scroll(-1);
        } else if kb.matches(data, "tui.editor.pageDown") {
            self.page_scroll(1);
        } else if kb.matches(data, "tui.editor.jumpForward") {
            self.start_jump(true);
        } else if kb.matches(data, "tui.editor.jumpBackward") {
            self.start_jump(false);
        } else if matches_key(data, "shift+space", ctx) {
            self.insert_character(" ");
        } else if let Some(text) = decode_printable_key(data) {
            self.insert_character(&text);
        } else if first_code_unit_printable(data) {
            self.insert_character(data);
        }
    }

    fn should_submit_on_backslash_enter(&self, kb: &KeybindingsManager, data: &str) -> bool {
        if self.disable_submit || !matches_key(data, "enter", kb.key_context()) {
            return false;
        }
        let submit = kb.get_keys("tui.input.submit");
        let shift_enter_submits = submit
            .iter()
            .any(|k| k == "shift+enter" || k == "shift+return");
        shift_enter_submits && self.text_before_cursor().ends_with('\\')
    }
}

/// The new-line key, or one of the sequences terminals send for Shift/Alt+Enter.
fn is_new_line_key(kb: &KeybindingsManager, data: &str) -> bool {
    kb.matches(data, "tui.input.newLine")
        || (data.starts_with('\n') && data.len() > 1)
        || data == "\x1b\r"
        || data == "\x1b[13;2~"
        || (data.len() > 1 && data.contains('\x1b') && data.contains('\r'))
        || data == "\n"
}
