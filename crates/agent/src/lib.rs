//! tau's agent loop, mirroring pi-agent-core's `runAgentLoop`: prompt -> model request ->
//! streamed assistant message -> tool calls -> tool results -> next turn, until the model stops.
//!
//! The loop knows nothing about Node, disks or terminals. Everything outside it (modes,
//! the session log, the extension bridge) attaches through [`AgentHooks`]: awaited hooks that
//! can gate or transform, and ordered, awaited event notifications.

mod config;
mod hooks;
mod llm;
mod queue;
mod run;
mod stream;
mod tool_exec;

pub use config::{AgentConfig, ToolExecution};
pub use hooks::{
    AfterToolCall, AgentHooks, BeforeSettle, BeforeToolCall, FinishedTurn, NoHooks, RequestUpdate,
    TurnBoundary,
};
pub use llm::{convert_to_llm, convert_to_llm_owned};
pub use queue::{MessageQueue, QueueMode};
pub use run::{run_agent_loop, run_agent_loop_continue, AgentRunError};
