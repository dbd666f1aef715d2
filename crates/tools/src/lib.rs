//! tau's built-in tools with Pi 1.6.0's names, schemas, descriptions, output and truncation
//! rules, and the `Tool` trait every tool (built-in or from an extension) implements.
//!
//! Tools know nothing of the agent loop: they get arguments that already passed schema
//! validation, a working directory, a cancellation token and a channel for partial results.

pub mod tool;

pub use tool::{Tool, ToolContext, ToolError, ToolInfo, ToolUpdates};
