//! tau's terminal UI toolkit for the interactive mode, modelled on pi-tui (the library Pi's
//! terminal UI and extension components are written against). Extension components hand
//! over lines of ANSI text, so tau's rules for how wide a line is, where it is cut and how
//! a key's bytes are named must be exactly pi-tui's; each module is checked against vectors
//! generated from the pi-tui the extension host bundles.

pub mod autocomplete;
pub mod component;
pub mod editor;
pub mod keybindings;
pub mod keys;
pub mod markdown;
pub mod render;
pub mod terminal;
pub mod text;
pub mod theme;
pub mod widgets;
pub mod width;

pub use component::{Component, Container, Lines, Style, CURSOR_MARKER};
pub use width::{slice_by_column, truncate_to_width, visible_width, wrap_text_with_ansi};
