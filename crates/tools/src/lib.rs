//! tau's built-in tools with Pi 1.6.0's names, schemas, descriptions, output and truncation
//! rules, and the `Tool` trait every tool (built-in or from an extension) implements.
//!
//! Tools know nothing of the agent loop: they get arguments that already passed schema
//! validation, a working directory, a cancellation token and a channel for partial results.

pub mod ansi;
mod args;
pub mod bash;
pub mod bash_executor;
mod capped_output;
pub mod edit;
pub mod edit_diff;
pub mod edit_match;
pub mod file_mutation_queue;
pub mod find;
mod fs_error;
pub mod grep;
pub mod image;
pub mod line_diff;
pub mod ls;
pub mod output_accumulator;
pub mod path;
pub mod read;
mod read_select;
mod read_special;
pub mod shell;
pub mod tool;
pub mod truncate;
pub mod validate;
pub mod write;

pub use bash::BashTool;
pub use edit::EditTool;
pub use find::FindTool;
pub use grep::GrepTool;
pub use ls::LsTool;
pub use read::ReadTool;
pub use tool::{Tool, ToolContext, ToolError, ToolInfo, ToolUpdates};
pub use truncate::{TruncatedBy, TruncationOptions, TruncationResult};
pub use validate::validate_arguments;
pub use write::WriteTool;

use std::sync::Arc;

use tool::SharedTool;

/// Every built-in tool, in Pi's order: read, bash, edit, write, grep, find, ls.
pub fn builtin_tools() -> Vec<SharedTool> {
    vec![
        Arc::new(ReadTool::new()),
        Arc::new(BashTool::new()),
        Arc::new(EditTool::new()),
        Arc::new(WriteTool::new()),
        Arc::new(GrepTool::new()),
        Arc::new(FindTool::new()),
        Arc::new(LsTool::new()),
    ]
}
