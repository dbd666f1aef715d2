//! tau's modes: what stands between a session of the application layer (`tau-app`) and
//! the process's stdin and stdout.
//!
//! `oneshot` runs the initial prompts of print and json mode; `json` writes Pi's JSONL
//! event stream (docs/json.md); `print` picks the final assistant text; `rpc` serves Pi's
//! RPC protocol (docs/rpc.md), with its extension UI over the same stream.

pub mod config_screen;
mod export;
mod export_theme;
mod interactive;
pub use interactive::{run as run_interactive, InteractiveOptions, PromptBuilder};
pub mod json;
pub mod oneshot;
pub mod print;
pub mod rpc;
pub mod ui_prompt;
pub mod writer;

pub use json::JsonSink;
pub use print::final_text;
pub use writer::{LineWriter, WriteError};
