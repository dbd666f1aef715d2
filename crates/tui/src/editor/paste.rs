//! Bracketed pastes. A paste of more than 10 lines or 1000 characters is stored and shown
//! as a marker (`[paste #1 +42 lines]`, `[paste #2 1500 chars]`); the marker turns back
//! into the pasted text on submit and in [`Editor::get_expanded_text`]. Deleting a marker
//! forgets its paste and renumbers the later ones so ids stay dense, as pi-tui does.

use std::sync::LazyLock;

use regex::{Captures, Regex};

use crate::widgets::js_text::utf16_len;

use super::segments::{paste_marker, paste_marker_id};
use super::Editor;

/// Some terminals re-encode control bytes inside a paste as CSI-u Ctrl+letter
/// (`ESC [106;5u` for LF); those go back to their byte.
static CSI_U_CTRL: LazyLock<Option<Regex>> = LazyLock::new(|| Regex::new(r"\x1b\[(\d+);5u").ok());

fn decode_csi_u_controls(text: &str) -> String {
    let Some(re) = CSI_U_CTRL.as_ref() else {
        return text.to_string();
    };
    re.replace_all(text, |caps: &Captures| {
        let code: u32 = caps[1].parse().unwrap_or(0);
        match code {
            97..=122 => char::from_u32(code - 96).map_or(caps[0].to_string(), String::from),
            65..=90 => char::from_u32(code - 64).map_or(caps[0].to_string(), String::from),
            _ => caps[0].to_string(),
        }
    })
    .into_owned()
}

impl Editor {
    pub(super) fn handle_paste(&mut self, pasted: &str) {
        self.cancel_autocomplete();
        self.exit_history_browsing();
        self.last_action = None;
        self.push_undo_snapshot();
        let clean = super::edit::normalize_text(&decode_csi_u_controls(pasted));
        let mut filtered: String = clean
            .chars()
            .filter(|&c| c == '\n' || c as u32 >= 32)
            .collect();
        // A pasted path right after a word gets a space before it.
        if filtered.starts_with(['/', '~', '.']) {
            let before = self.text_before_cursor();
            let last = before.chars().next_back();
            if last.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                filtered.insert(0, ' ');
            }
        }
        let line_count = filtered.split('\n').count();
        let total_chars = utf16_len(&filtered);
        if line_count > 10 || total_chars > 1000 {
            self.paste_counter += 1;
            let id = self.paste_counter;
            let marker = if line_count > 10 {
                format!("[paste #{id} +{line_count} lines]")
            } else {
                format!("[paste #{id} {total_chars} chars]")
            };
            self.pastes.insert(id, filtered);
            self.insert_text_internal(&marker);
            return;
        }
        self.insert_text_internal(&filtered);
    }

    /// If `segment` is a known paste's marker, forgets that paste and renumbers the markers
    /// and pastes after it.
    pub(super) fn forget_paste_of_marker(&mut self, segment: &str) {
        let Some(target) = paste_marker_id(segment) else {
            return;
        };
        self.pastes.remove(&target);
        self.paste_counter = self.paste_counter.saturating_sub(1);
        let higher: Vec<u32> = self.pastes.range(target + 1..).map(|(&id, _)| id).collect();
        for id in higher {
            if let Some(text) = self.pastes.remove(&id) {
                self.pastes.insert(id - 1, text);
            }
        }
        let Some(marker_re) = paste_marker() else {
            return;
        };
        for line in &mut self.state.lines {
            let renumbered = marker_re.replace_all(line, |caps: &Captures| {
                let id: u64 = caps[1].parse().unwrap_or(0);
                if id <= u64::from(target) {
                    return caps[0].to_string();
                }
                let suffix = caps.get(2).map_or("", |m| m.as_str());
                format!("[paste #{}{suffix}]", id - 1)
            });
            *line = renumbered.into_owned();
        }
    }

    pub(super) fn expand_paste_markers(&self, text: &str) -> String {
        let mut result = text.to_string();
        for (id, content) in &self.pastes {
            let pattern = format!(r"\[paste #{id}( (\+\d+ lines|\d+ chars))?\]");
            if let Ok(re) = Regex::new(&pattern) {
                result = re
                    .replace_all(&result, regex::NoExpand(content))
                    .into_owned();
            }
        }
        result
    }
}
