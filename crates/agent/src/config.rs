//! What one agent run needs: model, prompt, tools, cwd.

use std::path::PathBuf;
use std::sync::Arc;

use tau_protocol::{Model, ThinkingLevel, ToolDeclaration};
use tau_provider::Provider;
use tau_tools::tool::SharedTool;

/// How the tool calls of one assistant message run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ToolExecution {
    /// Preflight in order, then run allowed calls concurrently (Pi's default).
    #[default]
    Parallel,
    /// Prepare, run and finalize each call before the next.
    Sequential,
}

/// Configuration of one agent run.
#[derive(Clone)]
pub struct AgentConfig {
    /// The provider that answers requests.
    pub provider: Arc<dyn Provider>,
    /// Model to ask.
    pub model: Model,
    /// Requested reasoning level.
    pub thinking_level: ThinkingLevel,
    /// System prompt of every request in the run.
    pub system_prompt: String,
    /// Executable tools; all of them are declared to the model.
    pub tools: Vec<SharedTool>,
    /// Working directory handed to tools.
    pub cwd: PathBuf,
    /// Parallel or sequential tool calls.
    pub tool_execution: ToolExecution,
    /// API key for the provider.
    pub api_key: Option<String>,
    /// The live session's id, sent with every request (Pi's `sessionId`: prompt-cache keys
    /// and session-affinity headers). The runtime fills it from its session.
    pub session_id: Option<String>,
}

impl AgentConfig {
    /// The tool with this name, if executable.
    pub fn tool(&self, name: &str) -> Option<&SharedTool> {
        self.tools.iter().find(|tool| tool.info().name == name)
    }

    /// The declarations sent to the model.
    pub fn declarations(&self) -> Vec<ToolDeclaration> {
        self.tools
            .iter()
            .map(|tool| tool.info().declaration())
            .collect()
    }
}
