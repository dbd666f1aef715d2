//! What the interactive mode needs of the prompt editor, so the state logic does not depend
//! on which editor fills the slot (tau-tui's editor, an extension's `CustomEditor`).

use tau_tui::Component;

/// The prompt editor.
pub trait PromptEditor: Component {
    /// One key or paste. Returns the text when it was submitted (the editor is then empty).
    fn handle_key(&mut self, data: &str) -> Option<String>;
    /// The text as the user sees it expanded (collapsed pastes included in full).
    fn text(&self) -> String;
    /// Replaces the text.
    fn set_text(&mut self, text: &str);
    /// Inserts at the cursor (`pasteToEditor`).
    fn insert(&mut self, text: &str);
    /// Remembers a submitted prompt for Up / Down.
    fn add_to_history(&mut self, text: &str);
    /// What `/` and Tab complete (known once the extensions loaded).
    fn set_autocomplete(&mut self, provider: Box<dyn tau_tui::autocomplete::AutocompleteProvider>) {
        let _ = provider;
    }
    /// The completion the key `data` would insert (tau's editor with its popup open).
    fn completion_choice(&self, data: &str) -> Option<tau_tui::editor::CompletionChoice> {
        let _ = data;
        None
    }
    /// The completion provider can answer a request it deferred.
    fn refresh_autocomplete(&mut self) {}
    /// The border's colour (Pi: the thinking level's, or bash mode's after `!`).
    fn set_border_style(&mut self, style: tau_tui::Style) {
        let _ = style;
    }
    /// The terminal's height (an editor grows to a share of it, then scrolls).
    fn set_terminal_rows(&mut self, rows: usize) {
        let _ = rows;
    }
    /// Draws `status` in the top border (Pi's embedded working indicator); returns false
    /// for an editor that cannot, whose status then gets a line of its own.
    fn set_border_status(&mut self, status: Option<tau_tui::editor::BorderStatus>) -> bool {
        let _ = status;
        false
    }
    /// The border's colour, which an embedded working indicator takes.
    fn border_style(&self) -> Option<tau_tui::Style> {
        None
    }
    /// Pi's `editorPaddingX` setting.
    fn set_padding_x(&mut self, padding: usize) {
        let _ = padding;
    }
    /// Pi's `autocompleteMaxVisible` setting.
    fn set_autocomplete_max_visible(&mut self, rows: usize) {
        let _ = rows;
    }
}

impl PromptEditor for tau_tui::editor::Editor {
    fn handle_key(&mut self, data: &str) -> Option<String> {
        self.handle_input(data);
        self.take_events()
            .into_iter()
            .find_map(|event| match event {
                tau_tui::editor::EditorEvent::Submit(text) => Some(text),
                tau_tui::editor::EditorEvent::Change(_) => None,
            })
    }

    fn text(&self) -> String {
        self.get_expanded_text()
    }

    fn set_text(&mut self, text: &str) {
        tau_tui::editor::Editor::set_text(self, text);
    }

    fn insert(&mut self, text: &str) {
        self.insert_text_at_cursor(text);
    }

    fn add_to_history(&mut self, text: &str) {
        tau_tui::editor::Editor::add_to_history(self, text);
    }

    fn set_terminal_rows(&mut self, rows: usize) {
        tau_tui::editor::Editor::set_terminal_rows(self, rows);
    }

    fn set_border_style(&mut self, style: tau_tui::Style) {
        self.border_color = style;
    }

    fn set_border_status(&mut self, status: Option<tau_tui::editor::BorderStatus>) -> bool {
        self.border_status = status;
        true
    }

    fn border_style(&self) -> Option<tau_tui::Style> {
        Some(self.border_color.clone())
    }
    fn set_padding_x(&mut self, padding: usize) {
        tau_tui::editor::Editor::set_padding_x(self, padding);
    }

    fn set_autocomplete_max_visible(&mut self, rows: usize) {
        tau_tui::editor::Editor::set_autocomplete_max_visible(self, rows);
    }

    fn set_autocomplete(&mut self, provider: Box<dyn tau_tui::autocomplete::AutocompleteProvider>) {
        self.set_autocomplete_provider(provider);
    }

    fn completion_choice(&self, data: &str) -> Option<tau_tui::editor::CompletionChoice> {
        tau_tui::editor::Editor::completion_choice(self, data)
    }

    fn refresh_autocomplete(&mut self) {
        tau_tui::editor::Editor::refresh_autocomplete(self);
    }
}
