//! The interactive mode: Pi's terminal UI, drawn by tau-tui's renderer. One task owns the
//! screen and reacts to [`bridge::AppEvent`]s (runtime events, extension UI calls) and to
//! the terminal's input.

pub mod bridge;
pub mod commands;
pub mod footer;
pub mod git;
pub mod paint;
pub mod tools;
pub mod transcript;
