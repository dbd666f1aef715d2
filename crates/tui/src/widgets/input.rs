//! pi-tui's `Input`: one line of text after a prompt, scrolled sideways to keep the cursor in
//! view, with the editor's keys for moving, deleting, killing, yanking and undo. Enter and
//! Escape come back as [`InputEvent`]s.

use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use crate::component::{plain_style, render_fake_cursor, Component, Lines, Style, CURSOR_MARKER};
use crate::keybindings::{KeybindingsManager, SharedKeybindings};
use crate::width::{slice_by_column, truncate_to_width, visible_width};

use super::js_text::is_js_space;
use super::text_edit::{
    decode_kitty_printable, find_word_backward, find_word_forward, word_segments, KillRing,
    LastAction,
};

const PASTE_START: &str = "\x1b[200~";
const PASTE_END: &str = "\x1b[201~";

/// What the input tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputEvent {
    /// Enter, with the value.
    Submit(String),
    /// Escape (or another `tui.select.cancel` key).
    Escape,
}

/// Construction options (pi-tui's defaults: prompt "> ", no placeholder).
#[derive(Clone)]
pub struct InputOptions {
    /// Drawn before the text.
    pub prompt: String,
    /// Shown while the value is empty.
    pub placeholder: String,
    /// Style of the placeholder.
    pub placeholder_style: Style,
}

impl Default for InputOptions {
    fn default() -> Self {
        Self {
            prompt: "> ".into(),
            placeholder: String::new(),
            placeholder_style: plain_style(),
        }
    }
}

/// One line of editable text (see the module docs).
pub struct Input {
    value: String,
    /// Byte offset into `value`.
    cursor: usize,
    options: InputOptions,
    focused: bool,
    paste_buffer: String,
    in_paste: bool,
    kill_ring: KillRing,
    last_action: Option<LastAction>,
    undo_stack: Vec<(String, usize)>,
    keybindings: SharedKeybindings,
    events: Vec<InputEvent>,
}

fn first_grapheme(s: &str) -> &str {
    s.graphemes(true).next().unwrap_or("")
}

fn last_grapheme(s: &str) -> &str {
    s.graphemes(true).next_back().unwrap_or("")
}

fn has_control_chars(data: &str) -> bool {
    data.chars()
        .any(|c| (c as u32) < 32 || c as u32 == 0x7f || (0x80..=0x9f).contains(&(c as u32)))
}

impl Input {
    /// An empty input.
    pub fn new(options: InputOptions, keybindings: SharedKeybindings) -> Self {
        Self {
            value: String::new(),
            cursor: 0,
            options,
            focused: false,
            paste_buffer: String::new(),
            in_paste: false,
            kill_ring: KillRing::default(),
            last_action: None,
            undo_stack: Vec::new(),
            keybindings,
            events: Vec::new(),
        }
    }

    /// The text.
    pub fn get_value(&self) -> &str {
        &self.value
    }

    /// Replaces the text; the cursor stays where it was, or at the end if that is shorter.
    pub fn set_value(&mut self, value: &str) {
        self.value = value.to_string();
        self.cursor = self.cursor.min(value.len());
        while !self.value.is_char_boundary(self.cursor) {
            self.cursor -= 1;
        }
    }

    /// Cursor as a byte offset into the value.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Submit and Escape events since the last call.
    pub fn take_events(&mut self) -> Vec<InputEvent> {
        std::mem::take(&mut self.events)
    }

    fn push_undo(&mut self) {
        self.undo_stack.push((self.value.clone(), self.cursor));
    }

    fn insert(&mut self, text: &str) {
        self.value.insert_str(self.cursor, text);
        self.cursor += text.len();
    }

    fn insert_character(&mut self, text: &str) {
        if text.chars().any(is_js_space) || self.last_action != Some(LastAction::TypeWord) {
            self.push_undo();
        }
        self.last_action = Some(LastAction::TypeWord);
        self.insert(text);
    }

    fn handle_paste(&mut self, pasted: &str) {
        self.last_action = None;
        self.push_undo();
        let clean: String = pasted.replace(['\r', '\n'], "").replace('\t', "    ");
        self.insert(&clean);
    }

    fn word_left(&self) -> usize {
        find_word_backward(
            &word_segments(&self.value[..self.cursor]),
            self.cursor,
            &|_| false,
        )
    }

    fn word_right(&self) -> usize {
        let after = &self.value[self.cursor..];
        find_word_forward(
            &word_segments(after),
            self.cursor,
            self.value.len(),
            &|_| false,
        )
    }

    fn kill(&mut self, from: usize, to: usize, prepend: bool, accumulate: bool) {
        let killed = self.value[from..to].to_string();
        self.kill_ring.push(&killed, prepend, accumulate);
        self.last_action = Some(LastAction::Kill);
        self.value.replace_range(from..to, "");
        self.cursor = from;
    }

    fn handle_key(&mut self, kb: &KeybindingsManager, data: &str) {
        let is_kill = self.last_action == Some(LastAction::Kill);
        if kb.matches(data, "tui.select.cancel") {
            self.events.push(InputEvent::Escape);
        } else if kb.matches(data, "tui.editor.undo") {
            if let Some((value, cursor)) = self.undo_stack.pop() {
                self.value = value;
                self.cursor = cursor;
                self.last_action = None;
            }
        } else if kb.matches(data, "tui.input.submit") || data == "\n" {
            self.events.push(InputEvent::Submit(self.value.clone()));
        } else if kb.matches(data, "tui.editor.deleteCharBackward") {
            self.last_action = None;
            if self.cursor > 0 {
                self.push_undo();
                let len = last_grapheme(&self.value[..self.cursor]).len().max(1);
                self.value.replace_range(self.cursor - len..self.cursor, "");
                self.cursor -= len;
            }
        } else if kb.matches(data, "tui.editor.deleteCharForward") {
            self.last_action = None;
            if self.cursor < self.value.len() {
                self.push_undo();
                let len = first_grapheme(&self.value[self.cursor..]).len().max(1);
                self.value.replace_range(self.cursor..self.cursor + len, "");
            }
        } else if kb.matches(data, "tui.editor.deleteWordBackward") {
            if self.cursor > 0 {
                self.push_undo();
                let from = self.word_left();
                self.kill(from, self.cursor, true, is_kill);
            }
        } else if kb.matches(data, "tui.editor.deleteWordForward") {
            if self.cursor < self.value.len() {
                self.push_undo();
                let to = self.word_right();
                self.kill(self.cursor, to, false, is_kill);
            }
        } else if kb.matches(data, "tui.editor.deleteToLineStart") {
            if self.cursor > 0 {
                self.push_undo();
                self.kill(0, self.cursor, true, is_kill);
            }
        } else if kb.matches(data, "tui.editor.deleteToLineEnd") {
            if self.cursor < self.value.len() {
                self.push_undo();
                self.kill(self.cursor, self.value.len(), false, is_kill);
            }
        } else if kb.matches(data, "tui.editor.yank") {
            if let Some(text) = self.kill_ring.peek().map(str::to_string) {
                self.push_undo();
                self.insert(&text);
                self.last_action = Some(LastAction::Yank);
            }
        } else if kb.matches(data, "tui.editor.yankPop") {
            if self.last_action == Some(LastAction::Yank) && self.kill_ring.len() > 1 {
                self.push_undo();
                let previous = self.kill_ring.peek().unwrap_or("").len();
                let start = self.cursor.saturating_sub(previous);
                self.value.replace_range(start..self.cursor, "");
                self.cursor = start;
                self.kill_ring.rotate();
                let text = self.kill_ring.peek().unwrap_or("").to_string();
                self.insert(&text);
                self.last_action = Some(LastAction::Yank);
            }
        } else if kb.matches(data, "tui.editor.cursorLeft") {
            self.last_action = None;
            if self.cursor > 0 {
                self.cursor -= last_grapheme(&self.value[..self.cursor]).len().max(1);
            }
        } else if kb.matches(data, "tui.editor.cursorRight") {
            self.last_action = None;
            if self.cursor < self.value.len() {
                self.cursor += first_grapheme(&self.value[self.cursor..]).len().max(1);
            }
        } else if kb.matches(data, "tui.editor.cursorLineStart") {
            self.last_action = None;
            self.cursor = 0;
        } else if kb.matches(data, "tui.editor.cursorLineEnd") {
            self.last_action = None;
            self.cursor = self.value.len();
        } else if kb.matches(data, "tui.editor.cursorWordLeft") {
            if self.cursor > 0 {
                self.last_action = None;
                self.cursor = self.word_left();
            }
        } else if kb.matches(data, "tui.editor.cursorWordRight") {
            if self.cursor < self.value.len() {
                self.last_action = None;
                self.cursor = self.word_right();
            }
        } else if let Some(text) = decode_kitty_printable(data) {
            self.insert_character(&text);
        } else if !has_control_chars(data) {
            self.insert_character(data);
        }
    }

    /// The line for `width` (pi-tui's `render`).
    pub fn render_line(&self, width: usize) -> String {
        let prompt = &self.options.prompt;
        let available = width as i64 - visible_width(prompt) as i64;
        if available <= 0 {
            return truncate_to_width(prompt, width, "", false);
        }
        let available = available as usize;
        let marker = if self.focused { CURSOR_MARKER } else { "" };
        if self.value.is_empty() && !self.options.placeholder.is_empty() {
            let placeholder = truncate_to_width(&self.options.placeholder, available, "", false);
            let at = placeholder.graphemes(true).next().unwrap_or(" ");
            let after = &placeholder[at.len().min(placeholder.len())..];
            let style = &self.options.placeholder_style;
            let text = format!("{marker}{}{}", render_fake_cursor(&style(at)), style(after));
            let padding = " ".repeat(available.saturating_sub(visible_width(&text)));
            return format!("{prompt}{text}{padding}");
        }
        let total = visible_width(&self.value);
        let (visible, cursor) = if total < available {
            (self.value.clone(), self.cursor)
        } else {
            // Reserve a column for the cursor when it sits past the last character.
            let scroll = if self.cursor == self.value.len() {
                available - 1
            } else {
                available
            };
            let cursor_col = visible_width(&self.value[..self.cursor]);
            if scroll > 0 {
                let half = scroll / 2;
                let start = if cursor_col < half {
                    0
                } else if cursor_col as i64 > total as i64 - half as i64 {
                    total.saturating_sub(scroll)
                } else {
                    cursor_col.saturating_sub(half)
                };
                let visible = slice_by_column(&self.value, start, scroll, true);
                let before =
                    slice_by_column(&self.value, start, cursor_col.saturating_sub(start), true);
                (visible, before.len())
            } else {
                (String::new(), 0)
            }
        };
        let cursor = cursor.min(visible.len());
        let at = visible[cursor..].graphemes(true).next().unwrap_or(" ");
        let after = visible.get(cursor + at.len()..).unwrap_or("");
        let text = format!(
            "{}{marker}{}{after}",
            &visible[..cursor],
            render_fake_cursor(at)
        );
        let padding = " ".repeat(available.saturating_sub(visible_width(&text)));
        format!("{prompt}{text}{padding}")
    }
}

impl Component for Input {
    fn render(&mut self, width: usize) -> Lines {
        Arc::new(vec![self.render_line(width)])
    }

    fn handle_input(&mut self, data: &str) {
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
                self.handle_paste(&content);
                self.in_paste = false;
                self.paste_buffer.clear();
                if !rest.is_empty() {
                    self.handle_input(&rest);
                }
            }
            return;
        }
        let kb = self.keybindings.clone();
        let kb = kb.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        self.handle_key(&kb, &data);
    }

    fn set_focused(&mut self, focused: bool) {
        self.focused = focused;
    }
}
