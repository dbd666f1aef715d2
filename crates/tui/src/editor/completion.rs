//! The completion popup: when it opens (a `/` at the start of the message, a trigger
//! character such as `@` at a token start, Tab), how it follows typing, and which keys it
//! takes while open (Up/Down/page keys move, Tab or Enter apply, Escape closes).

use regex::Regex;

use crate::autocomplete::{
    AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions, SuggestionsReply,
};
use crate::keybindings::KeybindingsManager;
use crate::widgets::js_text::{has_js_space, js_trim, js_trim_start};
use crate::widgets::select_list::{SelectList, SelectListLayout};

use super::segments::{has_cjk, non_separator_class, separator_class};
use super::{CompletionMode, Editor};

/// A request whose answer the provider gives later: how it was made and the text it was
/// made for (pi-tui drops an answer when the text or cursor moved meanwhile).
pub(super) struct Waiting {
    force: bool,
    explicit_tab: bool,
    state: super::TextState,
}

/// The completion a key would apply now (see [`Editor::completion_choice`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionChoice {
    /// The text's lines.
    pub lines: Vec<String>,
    /// The cursor's line.
    pub cursor_line: usize,
    /// The cursor's byte column.
    pub cursor_col: usize,
    /// The selected item.
    pub item: AutocompleteItem,
    /// Its position in the popup's items.
    pub index: usize,
    /// The text before the cursor it replaces.
    pub prefix: String,
}

pub(super) const DEFAULT_TRIGGERS: &[&str] = &["@", "#"];

/// Text before the cursor ending in a trigger token: a token start, optional opening
/// brackets or backtick, then `@"...` or a trigger character and a run of non-separators.
pub(super) fn trigger_pattern<S: AsRef<str>>(triggers: &[S]) -> Option<Regex> {
    let chars: String = triggers.iter().map(|t| regex::escape(t.as_ref())).collect();
    let pattern = format!(
        r#"(?:^|{sep})[(\[{{<`]*(?:@"[^"]*|[{chars}]{non}*)$"#,
        sep = separator_class(),
        non = non_separator_class(),
    );
    Regex::new(&pattern).ok()
}

impl Editor {
    /// Installs a provider (closing any open popup) and its trigger characters.
    pub fn set_autocomplete_provider(&mut self, provider: Box<dyn AutocompleteProvider>) {
        self.cancel_autocomplete();
        let extra = provider.trigger_characters();
        self.provider = Some(provider);
        let mut triggers: Vec<String> = DEFAULT_TRIGGERS.iter().map(|s| s.to_string()).collect();
        for c in extra {
            let single = c.chars().count() == 1 && c.encode_utf16().count() == 1;
            if single && c != "/" && !has_js_space(&c) && !triggers.contains(&c) {
                triggers.push(c);
            }
        }
        self.trigger_pattern = trigger_pattern(&triggers);
        self.trigger_characters = triggers;
    }

    /// Whether the completion popup is open.
    pub fn is_showing_autocomplete(&self) -> bool {
        self.completion.is_some()
    }

    /// The completion the key `data` would apply: the popup is open, `data` is Tab or the
    /// confirm key, and an item is selected. An application whose provider inserts
    /// asynchronously prepares the insertion before handing the key on.
    pub fn completion_choice(&self, data: &str) -> Option<CompletionChoice> {
        let (_, list) = self.completion.as_ref()?;
        if self.jump_mode.is_some() || self.in_paste {
            return None;
        }
        let kb = self.keybindings.read().unwrap_or_else(|p| p.into_inner());
        let applies = kb.matches(data, "tui.input.tab") || kb.matches(data, "tui.select.confirm");
        if !applies || kb.matches(data, "tui.editor.undo") {
            return None;
        }
        Some(CompletionChoice {
            lines: self.state.lines.clone(),
            cursor_line: self.state.cursor_line,
            cursor_col: self.state.cursor_col,
            item: list.get_selected_item()?.clone(),
            index: list.selected_index(),
            prefix: self.completion_prefix.clone(),
        })
    }

    /// Closes the popup.
    pub fn cancel_autocomplete(&mut self) {
        self.waiting = None;
        self.completion = None;
        self.completion_prefix.clear();
    }

    fn trigger_matches(&self, before: &str) -> bool {
        self.trigger_pattern
            .as_ref()
            .is_some_and(|re| re.is_match(before))
    }

    fn slash_menu_allowed(&self) -> bool {
        self.state.cursor_line == 0
    }

    fn is_at_start_of_message(&self) -> bool {
        let before = js_trim(self.text_before_cursor());
        self.slash_menu_allowed() && (before.is_empty() || before == "/")
    }

    fn is_in_slash_command_context(&self, before: &str) -> bool {
        self.slash_menu_allowed() && js_trim_start(before).starts_with('/')
    }

    /// Typing a command name ("/mo"), not its arguments ("/model cla").
    fn is_in_slash_command_name_context(&self, before: &str) -> bool {
        self.is_in_slash_command_context(before) && !js_trim_start(before).contains(' ')
    }

    /// After a character was typed: open the popup where pi-tui would, or refresh it.
    pub(super) fn after_typing(&mut self, text: &str) {
        if self.completion.is_some() {
            self.update_autocomplete();
            return;
        }
        let before = self.text_before_cursor().to_string();
        if text == "/" && self.is_at_start_of_message() {
            self.request_autocomplete(false, false);
        } else if self.trigger_characters.iter().any(|t| t == text) {
            if self.trigger_matches(&before) {
                self.request_autocomplete(false, false);
            }
        } else if is_completion_char(text)
            && (self.is_in_slash_command_context(&before) || self.trigger_matches(&before))
        {
            self.request_autocomplete(false, false);
        }
    }

    /// Asks the provider again: refreshes an open popup, or opens one where typing would.
    /// For answers that arrive later (argument completions from the extension host): the
    /// provider answers `None` while it waits, the app caches the reply and calls this, and
    /// the popup appears if the text still asks for it, as pi-tui's async requests do.
    /// A request the provider answered with [`SuggestionsReply::Later`] is made again, if the
    /// text and cursor are still those it was made for.
    pub fn refresh_autocomplete(&mut self) {
        if let Some(waiting) = self.waiting.take() {
            if waiting.state == self.state {
                self.request_autocomplete(waiting.force, waiting.explicit_tab);
            }
            return;
        }
        self.refresh_autocomplete_after_delete();
    }

    /// After a deletion: refresh an open popup, or reopen one in a completable context.
    pub(super) fn refresh_autocomplete_after_delete(&mut self) {
        if self.completion.is_some() {
            self.update_autocomplete();
            return;
        }
        let before = self.text_before_cursor().to_string();
        if self.is_in_slash_command_context(&before) || self.trigger_matches(&before) {
            self.request_autocomplete(false, false);
        }
    }

    pub(super) fn update_autocomplete(&mut self) {
        if let Some((mode, _)) = &self.completion {
            let force = *mode == CompletionMode::Force;
            self.request_autocomplete(force, false);
        }
    }

    pub(super) fn handle_tab_completion(&mut self) {
        if self.provider.is_none() {
            return;
        }
        let before = self.text_before_cursor().to_string();
        if self.is_in_slash_command_name_context(&before) {
            self.request_autocomplete(false, true);
        } else {
            self.request_autocomplete(true, true);
        }
    }

    fn request_autocomplete(&mut self, force: bool, explicit_tab: bool) {
        let Some(provider) = self.provider.as_mut() else {
            return;
        };
        let (line, col) = (self.state.cursor_line, self.state.cursor_col);
        if force && !provider.should_trigger_file_completion(&self.state.lines, line, col) {
            return;
        }
        let suggestions =
            match provider.request_suggestions(&self.state.lines, line, col, force, explicit_tab) {
                SuggestionsReply::Ready(suggestions) => suggestions.filter(|s| !s.items.is_empty()),
                // As pi-tui while a request runs: what is shown stays until the answer.
                SuggestionsReply::Later => {
                    self.waiting = Some(Waiting {
                        force,
                        explicit_tab,
                        state: self.state.clone(),
                    });
                    return;
                }
            };
        self.waiting = None;
        let Some(suggestions) = suggestions else {
            self.cancel_autocomplete();
            return;
        };
        if force && explicit_tab && suggestions.items.len() == 1 {
            self.push_undo_snapshot();
            self.last_action = None;
            self.apply_completion(&suggestions.items[0].clone(), &suggestions.prefix.clone());
            self.emit_change();
            return;
        }
        let mode = if force {
            CompletionMode::Force
        } else {
            CompletionMode::Regular
        };
        self.show_suggestions(suggestions, mode);
    }

    fn show_suggestions(&mut self, suggestions: AutocompleteSuggestions, mode: CompletionMode) {
        let layout = if suggestions.prefix.starts_with('/') {
            SelectListLayout {
                min_primary_column_width: Some(12),
                max_primary_column_width: Some(32),
                truncate_primary: None,
            }
        } else {
            SelectListLayout::default()
        };
        let best = best_match_index(&suggestions.items, &suggestions.prefix);
        let mut list = SelectList::new(
            suggestions.items,
            self.autocomplete_max_visible,
            self.theme.select_list.clone(),
            self.keybindings.clone(),
        )
        .with_layout(layout);
        if let Some(best) = best {
            list.set_selected_index(best);
        }
        self.completion_prefix = suggestions.prefix;
        self.completion = Some((mode, list));
    }

    fn apply_completion(&mut self, item: &AutocompleteItem, prefix: &str) {
        let Some(provider) = self.provider.as_ref() else {
            return;
        };
        let (line, col) = (self.state.cursor_line, self.state.cursor_col);
        let mut result = provider.apply_completion(&self.state.lines, line, col, item, prefix);
        // A provider's answer is not trusted to be in range.
        if result.lines.is_empty() {
            result.lines.push(String::new());
        }
        let cursor_line = result.cursor_line.min(result.lines.len() - 1);
        let text = &result.lines[cursor_line];
        let mut cursor_col = result.cursor_col.min(text.len());
        while !text.is_char_boundary(cursor_col) {
            cursor_col -= 1;
        }
        self.state.lines = result.lines;
        self.state.cursor_line = cursor_line;
        self.set_cursor_col(cursor_col);
    }

    /// Keys while the popup is open. Returns whether the key was used up; a confirm that
    /// completes a command name is not, so that it goes on to submit.
    pub(super) fn handle_completion_key(&mut self, kb: &KeybindingsManager, data: &str) -> bool {
        if kb.matches(data, "tui.select.cancel") {
            self.cancel_autocomplete();
            return true;
        }
        let moves = [
            "tui.select.up",
            "tui.select.down",
            "tui.select.pageUp",
            "tui.select.pageDown",
        ];
        if moves.iter().any(|id| kb.matches(data, id)) {
            if let Some((_, list)) = self.completion.as_mut() {
                list.handle_key(kb, data);
            }
            return true;
        }
        let tab = kb.matches(data, "tui.input.tab");
        if !tab && !kb.matches(data, "tui.select.confirm") {
            return false;
        }
        let selected = self
            .completion
            .as_ref()
            .and_then(|(_, list)| list.get_selected_item().cloned());
        let (Some(selected), true) = (selected, self.provider.is_some()) else {
            return tab;
        };
        let before = self.text_before_cursor().to_string();
        let prefix = self.completion_prefix.clone();
        let submits =
            !tab && prefix.starts_with('/') && self.is_in_slash_command_name_context(&before);
        self.push_undo_snapshot();
        self.last_action = None;
        self.apply_completion(&selected, &prefix);
        self.cancel_autocomplete();
        if submits {
            return false;
        }
        self.emit_change();
        true
    }
}

/// Letters, digits, `.`, `-`, `_` and CJK keep a completion going.
fn is_completion_char(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        || has_cjk(text)
}

/// The item equal to the prefix, else the first starting with it (case-sensitive).
fn best_match_index(items: &[AutocompleteItem], prefix: &str) -> Option<usize> {
    if prefix.is_empty() {
        return None;
    }
    items
        .iter()
        .position(|i| i.value == prefix)
        .or_else(|| items.iter().position(|i| i.value.starts_with(prefix)))
}
