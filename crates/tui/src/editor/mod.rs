//! pi-tui's `Editor`: the multi-line prompt box. Text is word-wrapped between two border
//! lines and scrolls when taller than 30% of the terminal; keys come from the shared
//! [`KeybindingsManager`](crate::keybindings::KeybindingsManager) (movement by grapheme,
//! word and visual line, kills and yanks, undo, prompt history); large pastes collapse into
//! markers; an [`AutocompleteProvider`](crate::autocomplete::AutocompleteProvider) feeds a
//! completion popup drawn under the box.
//!
//! What the application must hear (a submitted prompt, each change) is queued as
//! [`EditorEvent`]s and read with [`Editor::take_events`].
//!
//! Cursor columns are byte offsets into a line. pi-tui counts UTF-16 units; the two agree on
//! every boundary the editor can stop at, and vertical moves convert (see `vertical.rs`).

mod completion;
mod edit;
mod history;
mod keys;
mod kill;
mod layout;
mod paste;
mod render;
pub(crate) mod segments;
mod status;
mod vertical;

use std::collections::BTreeMap;

use crate::component::{plain_style, Style};
use crate::keybindings::SharedKeybindings;
use crate::widgets::select_list::{SelectList, SelectListTheme};
use crate::widgets::text_edit::{KillRing, LastAction};

pub use crate::autocomplete::{AutocompleteProvider, AutocompleteSuggestions};
pub use completion::CompletionChoice;
pub use layout::Chunk;
pub use status::BorderStatus;

/// pi-tui's `wordWrapLine`: where `line` breaks into rows of at most `max_width` columns.
pub fn word_wrap_line(line: &str, max_width: usize) -> Vec<Chunk> {
    let graphemes = crate::widgets::text_edit::grapheme_segments(line);
    layout::word_wrap_line(line, max_width, &graphemes)
}

/// Styles of the editor: its borders and its completion popup.
#[derive(Clone)]
pub struct EditorTheme {
    /// The two border lines.
    pub border_color: Style,
    /// The completion popup.
    pub select_list: SelectListTheme,
}

impl Default for EditorTheme {
    fn default() -> Self {
        Self {
            border_color: plain_style(),
            select_list: SelectListTheme::default(),
        }
    }
}

/// Construction options (pi-tui's `EditorOptions`).
#[derive(Clone, Copy, Debug)]
pub struct EditorOptions {
    /// Columns of padding left and right of the text.
    pub padding_x: usize,
    /// Rows the completion popup shows (3 to 20).
    pub autocomplete_max_visible: usize,
}

impl Default for EditorOptions {
    fn default() -> Self {
        Self {
            padding_x: 0,
            autocomplete_max_visible: 5,
        }
    }
}

/// What the editor tells the application, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorEvent {
    /// The text changed (pi-tui's `onChange`, called with the new text).
    Change(String),
    /// The user submitted this text (paste markers expanded, trimmed); the editor is empty.
    Submit(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TextState {
    pub lines: Vec<String>,
    pub cursor_line: usize,
    pub cursor_col: usize,
}

impl Default for TextState {
    fn default() -> Self {
        Self {
            lines: vec![String::new()],
            cursor_line: 0,
            cursor_col: 0,
        }
    }
}

#[derive(Clone)]
struct UndoEntry {
    state: TextState,
    pastes: BTreeMap<u32, String>,
    paste_counter: u32,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum JumpDirection {
    Forward,
    Backward,
}

/// How the completion popup was opened: by typing, or forced with Tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CompletionMode {
    Regular,
    Force,
}

/// The multi-line prompt editor (see the module docs).
pub struct Editor {
    state: TextState,
    focused: bool,
    theme: EditorTheme,
    keybindings: SharedKeybindings,
    padding_x: usize,
    terminal_rows: usize,
    /// Width text was last laid out at; vertical moves use the same wrapping.
    last_width: usize,
    scroll_offset: usize,
    /// Border style; the app recolours it (thinking level, bash mode).
    pub border_color: Style,
    /// When set, the submit key does nothing (the agent is busy and queuing is off).
    pub disable_submit: bool,
    /// Drawn in the top border (Pi's embedded working indicator).
    pub border_status: Option<BorderStatus>,
    provider: Option<Box<dyn AutocompleteProvider>>,
    trigger_characters: Vec<String>,
    /// Text before the cursor that opens the popup for a trigger character.
    trigger_pattern: Option<regex::Regex>,
    completion: Option<(CompletionMode, SelectList)>,
    completion_prefix: String,
    /// A request the provider will answer later.
    waiting: Option<completion::Waiting>,
    autocomplete_max_visible: usize,
    pastes: BTreeMap<u32, String>,
    paste_counter: u32,
    paste_buffer: String,
    in_paste: bool,
    history: Vec<String>,
    /// -1 while not browsing; 0 is the newest entry.
    history_index: isize,
    history_draft: Option<TextState>,
    kill_ring: KillRing,
    last_action: Option<LastAction>,
    jump_mode: Option<JumpDirection>,
    /// Sticky column for vertical moves, in UTF-16 units from the row start.
    preferred_visual_col: Option<usize>,
    /// Where the cursor was (UTF-16 units in its line) before a vertical move snapped it to
    /// the start of a paste marker or multi-unit grapheme.
    snapped_from_col: Option<usize>,
    undo_stack: Vec<UndoEntry>,
    events: Vec<EditorEvent>,
}

impl Editor {
    /// An empty editor; share `keybindings` with the rest of the UI.
    pub fn new(theme: EditorTheme, keybindings: SharedKeybindings, options: EditorOptions) -> Self {
        Self {
            state: TextState::default(),
            focused: false,
            border_color: theme.border_color.clone(),
            theme,
            keybindings,
            padding_x: options.padding_x,
            terminal_rows: 24,
            last_width: 80,
            scroll_offset: 0,
            disable_submit: false,
            border_status: None,
            provider: None,
            trigger_characters: completion::DEFAULT_TRIGGERS
                .iter()
                .map(|s| s.to_string())
                .collect(),
            trigger_pattern: completion::trigger_pattern(completion::DEFAULT_TRIGGERS),
            completion: None,
            completion_prefix: String::new(),
            waiting: None,
            autocomplete_max_visible: options.autocomplete_max_visible.clamp(3, 20),
            pastes: BTreeMap::new(),
            paste_counter: 0,
            paste_buffer: String::new(),
            in_paste: false,
            history: Vec::new(),
            history_index: -1,
            history_draft: None,
            kill_ring: KillRing::default(),
            last_action: None,
            jump_mode: None,
            preferred_visual_col: None,
            snapped_from_col: None,
            undo_stack: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The terminal's height; the editor shows at most 30% of it (at least 5 rows).
    pub fn set_terminal_rows(&mut self, rows: usize) {
        self.terminal_rows = rows;
    }

    /// Change and submit events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<EditorEvent> {
        std::mem::take(&mut self.events)
    }

    /// The text, paste markers as they are shown.
    pub fn get_text(&self) -> String {
        self.state.lines.join("\n")
    }

    /// The text with every paste marker replaced by what was pasted.
    pub fn get_expanded_text(&self) -> String {
        self.expand_paste_markers(&self.get_text())
    }

    /// The logical lines.
    pub fn get_lines(&self) -> Vec<String> {
        self.state.lines.clone()
    }

    /// (line, byte offset in that line).
    pub fn get_cursor(&self) -> (usize, usize) {
        (self.state.cursor_line, self.state.cursor_col)
    }

    /// Whether there is no text at all.
    pub fn is_editor_empty(&self) -> bool {
        self.state.lines.len() == 1 && self.state.lines[0].is_empty()
    }

    /// Horizontal padding in columns.
    pub fn padding_x(&self) -> usize {
        self.padding_x
    }

    /// Sets the horizontal padding.
    pub fn set_padding_x(&mut self, padding: usize) {
        self.padding_x = padding;
    }

    /// Rows the completion popup shows.
    pub fn autocomplete_max_visible(&self) -> usize {
        self.autocomplete_max_visible
    }

    /// Sets the popup's rows (clamped to 3..=20).
    pub fn set_autocomplete_max_visible(&mut self, max_visible: usize) {
        self.autocomplete_max_visible = max_visible.clamp(3, 20);
    }

    /// Replaces the theme, border style included.
    pub fn set_theme(&mut self, theme: EditorTheme) {
        self.border_color = theme.border_color.clone();
        self.theme = theme;
    }

    /// Remembers a submitted prompt for Up/Down (newest first, no consecutive repeats, 100 max).
    pub fn add_to_history(&mut self, text: &str) {
        let trimmed = crate::widgets::js_text::js_trim(text);
        if trimmed.is_empty() || self.history.first().is_some_and(|h| h == trimmed) {
            return;
        }
        self.history.insert(0, trimmed.to_string());
        self.history.truncate(100);
    }

    fn emit_change(&mut self) {
        let text = self.get_text();
        self.events.push(EditorEvent::Change(text));
    }

    fn current_line(&self) -> &str {
        self.state
            .lines
            .get(self.state.cursor_line)
            .map_or("", String::as_str)
    }

    fn text_before_cursor(&self) -> &str {
        let line = self.current_line();
        &line[..self.state.cursor_col.min(line.len())]
    }

    /// Moves the cursor within its line and forgets the sticky column.
    fn set_cursor_col(&mut self, col: usize) {
        self.state.cursor_col = col;
        self.preferred_visual_col = None;
        self.snapped_from_col = None;
    }

    fn push_undo_snapshot(&mut self) {
        self.undo_stack.push(UndoEntry {
            state: self.state.clone(),
            pastes: self.pastes.clone(),
            paste_counter: self.paste_counter,
        });
    }

    fn exit_history_browsing(&mut self) {
        self.history_index = -1;
        self.history_draft = None;
    }
}
