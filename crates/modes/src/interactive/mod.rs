//! The interactive mode: Pi's terminal UI, drawn by tau-tui's renderer. One task owns the
//! screen and reacts to [`bridge::AppEvent`]s (runtime events, extension UI calls) and to
//! the terminal's input.

pub mod app;
pub mod auth;
pub mod bridge;
pub mod builtins;
pub mod changelog;
pub mod commands;
pub mod completion;
pub mod dialog;
pub mod editor_slot;
pub mod effects;
pub mod ext_completion;
pub mod external_editor;
pub mod footer;
pub mod fullscreen;
pub mod git;
pub mod handover;
pub mod header;
pub mod keymap;
pub mod look;
pub mod paint;
pub mod picker_work;
pub mod remote;
pub mod renderers;
pub mod run;
pub mod runner;
pub mod scope_work;
pub mod scoped_models;
pub mod session_picker;
pub mod settings;
pub mod shortcuts;
pub mod startup_picker;
pub mod terminal_write;
pub mod theme_choice;
pub mod tools;
pub mod transcript;
pub mod tree;
pub mod trust;
pub mod user_keys;
pub mod view;

pub use run::{run, InteractiveOptions, PromptBuilder};
