//! Terminal input, named the way pi-tui names it: splitting the byte stream into key
//! sequences and pastes ([`InputSplitter`]), naming a sequence ([`parse_key`]), testing it
//! against a key id ([`matches_key`]) and telling key releases and repeats apart
//! ([`is_key_release`], [`is_key_repeat`]). An extension component receives exactly the
//! sequences it would get in Pi, and keybindings match the same sequences.
//!
//! Checked against vectors generated from pi-tui itself (`tests/keys_parity.rs`,
//! `gen/key_vectors.mjs`).

mod kitty;
mod matching;
mod parse;
mod pattern;
mod split;

pub use kitty::{key_event_type, KeyEventType};
pub use matching::matches_key;
pub use parse::parse_key;
pub use split::{InputEvent, InputSplitter, PendingTimeout};

/// The terminal state pi-tui's key names depend on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyContext {
    /// The Kitty keyboard protocol is on. Then ESC CR and LF are Shift+Enter (terminals'
    /// custom mappings) and ESC plus a key is no longer read as Alt plus that key.
    pub kitty_active: bool,
    /// Running in Windows Terminal (not over SSH), where a raw BS byte is Ctrl+Backspace.
    pub windows_terminal: bool,
}

/// The Kitty event-type markers (`:2` repeat / `:3` release just before a final byte).
const EVENT_FINALS: [char; 11] = ['u', '~', 'A', 'B', 'C', 'D', 'H', 'F', 'P', 'Q', 'S'];

fn has_event_marker(data: &str, marker: char) -> bool {
    // A paste (re-wrapped in its markers) can contain text such as "90:62:3F" that only
    // looks like an event marker.
    if data.contains("\x1b[200~") {
        return false;
    }
    EVENT_FINALS
        .iter()
        .any(|f| data.contains(&format!(":{marker}{f}")))
}

/// Whether `data` is a key release (Kitty flag 2), by pi-tui's textual test.
pub fn is_key_release(data: &str) -> bool {
    has_event_marker(data, '3')
}

/// Whether `data` is a key auto-repeat (Kitty flag 2), by pi-tui's textual test.
pub fn is_key_repeat(data: &str) -> bool {
    has_event_marker(data, '2')
}
