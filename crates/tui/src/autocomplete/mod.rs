//! Completion for the editor, as pi-tui's autocomplete: a provider looks at the text before
//! the cursor and offers items (slash commands, their arguments, file paths), and applies
//! the one picked. [`CombinedAutocompleteProvider`] is pi-tui's stock provider.
//!
//! pi-tui's providers are asynchronous; tau's are called synchronously from the key handler,
//! so a provider must answer quickly (file listings are bounded, see `files.rs`). Argument
//! completions that live in the Node host can be served from a cache the app keeps fresh.

mod combined;
mod files;
mod prefix;

use crate::widgets::select_list::SelectItem;

pub use combined::{ArgumentCompleter, CombinedAutocompleteProvider, SlashCommand};

/// A completion candidate: `value` is inserted, `label` shown, `description` beside it.
pub type AutocompleteItem = SelectItem;

/// What a provider offers: the items and the text before the cursor they would replace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutocompleteSuggestions {
    /// Candidates, best first.
    pub items: Vec<AutocompleteItem>,
    /// The text before the cursor that a candidate replaces.
    pub prefix: String,
}

/// The editor's text after a completion, and where the cursor goes (byte column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompletionResult {
    /// All lines after the completion.
    pub lines: Vec<String>,
    /// The cursor's line.
    pub cursor_line: usize,
    /// The cursor's byte column in that line.
    pub cursor_col: usize,
}

/// A provider's answer to [`AutocompleteProvider::request_suggestions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SuggestionsReply {
    /// The suggestions (or none) now.
    Ready(Option<AutocompleteSuggestions>),
    /// The answer comes later (pi-tui's providers are asynchronous): the popup stays as it is,
    /// and the application calls [`Editor::refresh_autocomplete`](crate::editor::Editor::refresh_autocomplete)
    /// once the provider can answer.
    Later,
}

/// Source of completions for an [`Editor`](crate::editor::Editor).
pub trait AutocompleteProvider: Send {
    /// Characters besides `@` and `#` that open the popup at a token start.
    fn trigger_characters(&self) -> Vec<String> {
        Vec::new()
    }

    /// Suggestions for the cursor at (`line`, byte `col`); `force` is a Tab press.
    fn get_suggestions(
        &mut self,
        lines: &[String],
        line: usize,
        col: usize,
        force: bool,
    ) -> Option<AutocompleteSuggestions>;

    /// What the editor calls: [`get_suggestions`](Self::get_suggestions) unless the provider
    /// answers asynchronously. `explicit_tab`: the user pressed Tab (a single suggestion is
    /// then inserted at once).
    fn request_suggestions(
        &mut self,
        lines: &[String],
        line: usize,
        col: usize,
        force: bool,
        explicit_tab: bool,
    ) -> SuggestionsReply {
        let _ = explicit_tab;
        SuggestionsReply::Ready(self.get_suggestions(lines, line, col, force))
    }

    /// Replaces `prefix` (just before the cursor) with `item`.
    fn apply_completion(
        &self,
        lines: &[String],
        line: usize,
        col: usize,
        item: &AutocompleteItem,
        prefix: &str,
    ) -> CompletionResult;

    /// Whether Tab should look for files here (pi-tui: not while typing a command name).
    fn should_trigger_file_completion(&self, lines: &[String], line: usize, col: usize) -> bool {
        let _ = (lines, line, col);
        true
    }
}
