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
mod with_system;

pub use config::{AgentConfig, ToolExecution};
pub use hooks::{
    AfterToolCall, AgentHooks, BeforeSettle, BeforeToolCall, FinishedTurn, NoHooks, RequestUpdate,
    TurnBoundary,
};
pub use llm::{convert_to_llm, convert_to_llm_owned};
pub use queue::{MessageQueue, QueueMode};
pub use run::{run_agent_loop, run_agent_loop_continue, AgentRunError};
/// The request hooks [`AgentHooks::request_hooks`] returns, for hook implementations that
/// do not depend on the provider crate.
pub use tau_provider::request_hooks;
pub use tool_exec::{run_nested_tool_call, NestedOutcome};
