//! Running the tool calls of one assistant message, as pi-agent-core does: each call is
//! announced and preflighted (lookup, argument validation, `before_tool_call`) in order; in
//! parallel mode the allowed calls then run concurrently and `tool_execution_end` is emitted
//! as each finishes, while the tool-result messages are recorded in call order.

use std::time::Instant;

use futures::future::join_all;
use serde_json::Value;
use tau_protocol::messages::ToolResultMessage;
use tau_protocol::{AgentEvent, AgentMessage, AssistantMessage, ToolCall, ToolResult};
use tau_tools::tool::SharedTool;
use tau_tools::{ToolContext, ToolError};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::config::{AgentConfig, ToolExecution};
use crate::hooks::AgentHooks;

/// The text of the result a call gets once the run is aborted.
const ABORTED: &str = "Operation aborted";

/// A call's outcome after every hook ran.
struct Finalized {
    call: ToolCall,
    result: ToolResult,
    is_error: bool,
    duration_ms: Option<u64>,
}

/// A call that passed preflight and may run.
struct Prepared {
    call: ToolCall,
    tool: SharedTool,
    args: Value,
}

enum Preparation {
    // Both boxed: the two differ in size and either may be large.
    Immediate(Box<Finalized>),
    Ready(Box<Prepared>),
}

/// The tool-result messages of a batch and whether the loop should stop after it.
pub(crate) struct Batch {
    pub results: Vec<ToolResultMessage>,
    pub terminate: bool,
}

fn immediate(call: &ToolCall, text: String) -> Preparation {
    Preparation::Immediate(Box::new(Finalized {
        call: call.clone(),
        result: ToolResult::error(text),
        is_error: true,
        duration_ms: None,
    }))
}

async fn prepare(
    call: &ToolCall,
    assistant: &AssistantMessage,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> Preparation {
    if cancel.is_cancelled() {
        return immediate(call, ABORTED.into());
    }
    let Some(tool) = config.tool(&call.name) else {
        return immediate(call, format!("Tool {} not found", call.name));
    };
    // Pi's `prepareArguments` runs before validation so tools can accept legacy shapes.
    let prepared = match tool.prepare_arguments(call.arguments.clone()).await {
        Ok(prepared) => prepared,
        Err(message) => return immediate(call, message),
    };
    let mut args = match tau_tools::validate::validate_arguments(
        &call.name,
        &tool.info().parameters,
        &prepared,
    ) {
        Ok(args) => args,
        Err(message) => return immediate(call, message),
    };
    if let Some(verdict) = hooks.before_tool_call(assistant, call, &mut args).await {
        if cancel.is_cancelled() {
            return immediate(call, ABORTED.into());
        }
        if verdict.block {
            let mut result = ToolResult::error(
                verdict
                    .reason
                    .unwrap_or_else(|| "Tool execution was blocked".into()),
            );
            if verdict.terminate {
                result.terminate = Some(true);
            }
            return Preparation::Immediate(Box::new(Finalized {
                call: call.clone(),
                result,
                is_error: true,
                duration_ms: None,
            }));
        }
    }
    Preparation::Ready(Box::new(Prepared {
        call: call.clone(),
        tool: tool.clone(),
        args,
    }))
}

/// Runs a prepared call, forwarding partial results as `tool_execution_update` events.
async fn execute(
    prepared: &Prepared,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> (ToolResult, bool, u64) {
    // Bounded: a tool that streams faster than events are consumed drops intermediate
    // partial results (each replaces the previous one) instead of growing memory.
    let (updates_tx, mut updates_rx) = mpsc::channel::<ToolResult>(16);
    let ctx = ToolContext {
        cwd: config.cwd.clone(),
        cancel: cancel.child_token(),
        updates: Some(updates_tx),
        extra_env: Vec::new(),
    };
    let started = Instant::now();
    let run = prepared
        .tool
        .execute(&prepared.call.id, prepared.args.clone(), ctx);
    let forward = async {
        while let Some(partial) = updates_rx.recv().await {
            hooks
                .on_event(&AgentEvent::ToolExecutionUpdate {
                    tool_call_id: prepared.call.id.clone(),
                    tool_name: prepared.call.name.clone(),
                    args: prepared.call.arguments.clone(),
                    partial_result: partial,
                })
                .await;
        }
    };
    // The update channel closes when the tool drops its context, which ends `forward`.
    let (outcome, ()) = tokio::join!(run, forward);
    let duration_ms = started.elapsed().as_millis() as u64;
    match outcome {
        Ok(result) => {
            let is_error = result.is_error == Some(true);
            (result, is_error, duration_ms)
        }
        Err(ToolError::Aborted) => (ToolResult::error(ABORTED), true, duration_ms),
        Err(error @ ToolError::Failed(_)) => {
            (ToolResult::error(error.to_string()), true, duration_ms)
        }
    }
}

async fn finalize(
    prepared: Prepared,
    executed: (ToolResult, bool, u64),
    hooks: &dyn AgentHooks,
) -> Finalized {
    let (mut result, mut is_error, duration_ms) = executed;
    if let Some(over) = hooks
        .after_tool_call(&prepared.call, &prepared.args, &result, is_error)
        .await
    {
        // Structured content that was not replaced along with the content may no longer match.
        let structured = over.structured_content.or_else(|| {
            over.content
                .is_none()
                .then(|| result.structured_content.take())
                .flatten()
        });
        if let Some(content) = over.content {
            result.content = content;
        }
        if let Some(details) = over.details {
            result.details = Some(details);
        }
        if let Some(usage) = over.usage {
            result.usage = Some(usage);
        }
        if let Some(terminate) = over.terminate {
            result.terminate = Some(terminate);
        }
        result.structured_content = structured;
        is_error = over.is_error.unwrap_or(is_error);
    }
    Finalized {
        call: prepared.call,
        result,
        is_error,
        duration_ms: Some(duration_ms),
    }
}

async fn run_prepared(
    prepared: Prepared,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> Finalized {
    if cancel.is_cancelled() {
        return Finalized {
            call: prepared.call,
            result: ToolResult::error(ABORTED),
            is_error: true,
            duration_ms: None,
        };
    }
    let executed = execute(&prepared, config, hooks, cancel).await;
    finalize(prepared, executed, hooks).await
}

async fn emit_start(call: &ToolCall, hooks: &dyn AgentHooks) {
    hooks
        .on_event(&AgentEvent::ToolExecutionStart {
            tool_call_id: call.id.clone(),
            tool_name: call.name.clone(),
            args: call.arguments.clone(),
        })
        .await;
}

async fn emit_end(finalized: &Finalized, hooks: &dyn AgentHooks) {
    hooks
        .on_event(&AgentEvent::ToolExecutionEnd {
            tool_call_id: finalized.call.id.clone(),
            tool_name: finalized.call.name.clone(),
            result: finalized.result.clone(),
            is_error: finalized.is_error,
            duration_ms: finalized.duration_ms,
        })
        .await;
}

/// Records a finalized call as a tool-result message (`message_start` + `message_end`).
async fn record(finalized: Finalized, hooks: &dyn AgentHooks) -> ToolResultMessage {
    let message = ToolResultMessage {
        tool_call_id: finalized.call.id,
        tool_name: finalized.call.name,
        content: finalized.result.content,
        details: finalized.result.details,
        usage: finalized.result.usage,
        is_error: finalized.is_error,
        duration_ms: finalized.duration_ms,
        timestamp: tau_protocol::now_millis(),
        extra: Default::default(),
    };
    let start = AgentMessage::ToolResult(message.clone());
    hooks
        .on_event(&AgentEvent::MessageStart { message: start })
        .await;
    let message = match hooks
        .finalize_message(AgentMessage::ToolResult(message.clone()))
        .await
    {
        AgentMessage::ToolResult(replaced) => replaced,
        _ => message,
    };
    hooks
        .on_event(&AgentEvent::MessageEnd {
            message: AgentMessage::ToolResult(message.clone()),
        })
        .await;
    message
}

/// Pi stops after a batch only when every finalized result asks to.
fn should_terminate(terminates: &[bool]) -> bool {
    !terminates.is_empty() && terminates.iter().all(|terminate| *terminate)
}

/// Runs every tool call of `assistant` and records their results in call order.
pub(crate) async fn execute_tool_calls(
    assistant: &AssistantMessage,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> Batch {
    let calls: Vec<ToolCall> = assistant.tool_calls().cloned().collect();
    let mut terminates = Vec::with_capacity(calls.len());
    // Pi: one call of a tool whose `executionMode` is `sequential` makes the whole batch so.
    let sequential = matches!(config.tool_execution, ToolExecution::Sequential)
        || calls.iter().any(|call| {
            config
                .tool(&call.name)
                .is_some_and(|tool| tool.sequential())
        });
    match if sequential {
        ToolExecution::Sequential
    } else {
        ToolExecution::Parallel
    } {
        ToolExecution::Sequential => {
            let mut results = Vec::with_capacity(calls.len());
            for call in &calls {
                emit_start(call, hooks).await;
                let done = match prepare(call, assistant, config, hooks, cancel).await {
                    Preparation::Immediate(done) => *done,
                    Preparation::Ready(prepared) => {
                        run_prepared(*prepared, config, hooks, cancel).await
                    }
                };
                emit_end(&done, hooks).await;
                terminates.push(done.result.terminate == Some(true));
                results.push(record(done, hooks).await);
            }
            let terminate = should_terminate(&terminates);
            Batch { results, terminate }
        }
        ToolExecution::Parallel => {
            let mut slots: Vec<Option<Finalized>> = Vec::with_capacity(calls.len());
            let mut ready = Vec::new();
            for (index, call) in calls.iter().enumerate() {
                emit_start(call, hooks).await;
                match prepare(call, assistant, config, hooks, cancel).await {
                    Preparation::Immediate(done) => {
                        emit_end(&done, hooks).await;
                        slots.push(Some(*done));
                    }
                    Preparation::Ready(prepared) => {
                        slots.push(None);
                        ready.push((index, *prepared));
                    }
                }
            }
            let runs = ready.into_iter().map(|(index, prepared)| async move {
                let done = run_prepared(prepared, config, hooks, cancel).await;
                emit_end(&done, hooks).await;
                (index, done)
            });
            for (index, done) in join_all(runs).await {
                slots[index] = Some(done);
            }
            let mut results = Vec::with_capacity(slots.len());
            for done in slots.into_iter().flatten() {
                terminates.push(done.result.terminate == Some(true));
                results.push(record(done, hooks).await);
            }
            let terminate = should_terminate(&terminates);
            Batch { results, terminate }
        }
    }
}

/// Fails every call of a message cut off by the output token limit: their arguments may be
/// truncated, so none is safe to run.
pub(crate) async fn fail_truncated_calls(
    assistant: &AssistantMessage,
    hooks: &dyn AgentHooks,
) -> Batch {
    let mut results = Vec::new();
    for call in assistant.tool_calls() {
        emit_start(call, hooks).await;
        let done = Finalized {
            call: call.clone(),
            result: ToolResult::error(format!(
                "Tool call \"{}\" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.",
                call.name
            )),
            is_error: true,
            duration_ms: None,
        };
        emit_end(&done, hooks).await;
        results.push(record(done, hooks).await);
    }
    Batch {
        results,
        terminate: false,
    }
}

/// What one nested call ([`run_nested_tool_call`]) produced after every hook ran.
#[derive(Debug, Clone)]
pub struct NestedOutcome {
    /// The call as run.
    pub call: ToolCall,
    /// Its result, as `tool_result` handlers left it.
    pub result: ToolResult,
    /// Whether it failed (not found, invalid arguments, blocked, threw, or said so).
    pub is_error: bool,
    /// How long the tool ran; `None` when it never started.
    pub duration_ms: Option<u64>,
}

/// Runs one call a tool makes while it runs (Pi's `ctx.executeTool()`) through the same
/// pipeline as the model's calls: `tool_execution_start`, lookup among `config`'s tools,
/// argument validation, `before_tool_call`, the tool, `after_tool_call`,
/// `tool_execution_end`. Nothing is recorded in the conversation: the result goes back to
/// the calling tool.
pub async fn run_nested_tool_call(
    call: &ToolCall,
    assistant: &AssistantMessage,
    config: &AgentConfig,
    hooks: &dyn AgentHooks,
    cancel: &CancellationToken,
) -> NestedOutcome {
    emit_start(call, hooks).await;
    let finalized = match prepare(call, assistant, config, hooks, cancel).await {
        Preparation::Immediate(finalized) => *finalized,
        Preparation::Ready(prepared) => run_prepared(*prepared, config, hooks, cancel).await,
    };
    emit_end(&finalized, hooks).await;
    NestedOutcome {
        call: finalized.call,
        result: finalized.result,
        is_error: finalized.is_error,
        duration_ms: finalized.duration_ms,
    }
}
