//! The `Tool` trait and what a tool is handed when it runs.

use std::path::PathBuf;
use std::sync::Arc;

use async_trait::async_trait;
use serde_json::Value;
use tau_protocol::{ToolDeclaration, ToolResult};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Static facts about a tool: what the model is told and what the system prompt lists.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolInfo {
    /// The name the model calls it by.
    pub name: String,
    /// Human-readable label.
    pub label: String,
    /// Description sent to the model.
    pub description: String,
    /// JSON Schema of the arguments.
    pub parameters: Value,
    /// One line for the system prompt's tool list (Pi's `promptSnippet`); `None` leaves the
    /// tool out of that list.
    pub prompt_snippet: Option<String>,
    /// Extra guideline bullets for the system prompt (Pi's `promptGuidelines`).
    pub prompt_guidelines: Vec<String>,
    /// Pi's `constrainedSampling` hint, declared to the model with the schema.
    pub constrained_sampling: Option<Value>,
}

impl ToolInfo {
    /// The declaration sent to the model.
    pub fn declaration(&self) -> ToolDeclaration {
        ToolDeclaration {
            name: self.name.clone(),
            description: self.description.clone(),
            parameters: self.parameters.clone(),
            constrained_sampling: self.constrained_sampling.clone(),
        }
    }
}

/// Sender for partial results (`tool_execution_update`). Bounded: a slow consumer slows the
/// tool rather than growing memory; `try_send` may drop intermediate updates, which is fine
/// because each partial result replaces the previous one.
pub type ToolUpdates = mpsc::Sender<ToolResult>;

/// What a running tool is handed besides its arguments.
#[derive(Debug, Clone)]
pub struct ToolContext {
    /// Working directory relative paths resolve against.
    pub cwd: PathBuf,
    /// Fires when the call is aborted; the tool stops and returns promptly.
    pub cancel: CancellationToken,
    /// Where partial results go, if anyone listens.
    pub updates: Option<ToolUpdates>,
    /// Extra environment variables for the processes the tool starts (the bash tool), set
    /// after the tool's own variables so they win. Empty for model-initiated calls; an
    /// extension's bash `spawnHook` fills it when it runs tau's bash tool through the host.
    pub extra_env: Vec<(String, String)>,
}

impl ToolContext {
    /// A context without an update channel.
    pub fn new(cwd: impl Into<PathBuf>, cancel: CancellationToken) -> Self {
        ToolContext {
            cwd: cwd.into(),
            cancel,
            updates: None,
            extra_env: Vec::new(),
        }
    }

    /// Sends a partial result, dropping it when the listener is busy or gone.
    pub fn send_update(&self, partial: ToolResult) {
        if let Some(updates) = &self.updates {
            let _ = updates.try_send(partial);
        }
    }
}

/// A failed tool call. Its text becomes the error result the model sees (as a thrown error
/// does in Pi), so it must say what went wrong and what the model can do about it.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// The call cannot succeed as asked; the message is shown to the model as is.
    #[error("{0}")]
    Failed(String),
    /// The call was aborted.
    #[error("Operation aborted")]
    Aborted,
}

/// A callable tool.
#[async_trait]
pub trait Tool: Send + Sync {
    /// Name, description, schema and prompt text.
    fn info(&self) -> &ToolInfo;

    /// Rewrites raw model arguments before schema validation (Pi's `prepareArguments`), e.g.
    /// to accept legacy argument shapes. The default keeps them as they are. `Err` becomes
    /// the call's error result (Pi: a `prepareArguments` that throws).
    async fn prepare_arguments(&self, args: Value) -> Result<Value, String> {
        Ok(args)
    }

    /// Pi's `executionMode: "sequential"`: a batch of tool calls holding a call of this tool
    /// runs its calls one at a time, whatever the configured mode.
    fn sequential(&self) -> bool {
        false
    }

    /// Pi's `defaultActive`: whether registering the tool activates it (`false`: only when
    /// named in `--tools` or by `setActiveTools`).
    fn default_active(&self) -> bool {
        true
    }

    /// Runs one call with validated arguments.
    ///
    /// `Err` becomes an error result whose text is the error's message; `Ok` with
    /// `is_error: Some(true)` reports a failure while keeping `details`.
    async fn execute(
        &self,
        call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError>;
}

/// A shared tool handle.
pub type SharedTool = Arc<dyn Tool>;
