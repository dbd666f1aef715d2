//! tau's output modes: sinks that turn runtime events into stdout bytes.
//!
//! `json` writes Pi's JSONL event stream (docs/json.md); `print` writes the final assistant
//! text. Both consume the same runtime events.

pub mod json;
pub mod print;
pub mod writer;

pub use json::JsonSink;
pub use print::final_text;
pub use writer::{LineWriter, WriteError};
