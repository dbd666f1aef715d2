//! One live tau conversation: builds the system prompt (with context files), selects the
//! tools, runs the agent loop for each prompt and publishes its events to every sink, and
//! compacts the conversation when it outgrows the context window.
//!
//! Every mode (print, json, and later rpc and the interactive UI) drives this API.

pub mod compaction;
pub mod context_files;
mod hook_chain;
pub(crate) mod live;
pub mod prompt;
pub mod prompt_patch;
pub mod retry;
pub mod runtime;
pub mod settings;
pub mod tool_selection;

pub use compaction::{CompactionError, CompactionHooks, CompactionSettings};
pub use context_files::{load_context_files, ContextFile};
pub use live::PromptBuilder;
pub use prompt::{build_system_prompt, SystemPrompt, SystemPromptOptions};
pub use retry::RetryPolicy;
pub use runtime::control::Delivery;
pub use runtime::{EventSink, RunOptions, Runtime, RuntimeConfig, Trigger};
pub use settings::RuntimeSettings;
pub use tool_selection::{select_tools, ToolSelection, ToolSelectionError};
