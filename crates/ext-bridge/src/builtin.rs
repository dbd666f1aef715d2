//! The host→tau action `runBuiltinTool`: an extension ran one of Pi's tool factories
//! (`createBashTool`, `createReadToolDefinition`, …) and calls its `execute`, which the host
//! forwards here so the call runs **tau's** built-in tool.
//!
//! Owns finding the tool, validating the arguments as the agent loop does and shaping the
//! answer as Pi's `AgentToolResult`. Does not own the dispatch of host requests (the caller
//! passes tau's built-in tools and a cancellation token tied to the host's `cancel` notify).

use std::path::PathBuf;

use serde::Deserialize;
use serde_json::{Map, Value};
use tau_tools::tool::SharedTool;
use tau_tools::{ToolContext, ToolError};
use tokio_util::sync::CancellationToken;

use crate::sandbox::Sandbox;

/// One `runBuiltinTool` request: the first element of the action's `args`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BuiltinCall {
    /// Name of the built-in tool (`read`, `bash`, `edit`, `write`, `grep`, `find`, `ls`).
    name: String,
    /// The extension's tool call id; tau's tools only use it for naming.
    #[serde(default)]
    tool_call_id: Option<String>,
    /// The arguments as the extension passed them to `execute`.
    #[serde(default)]
    params: Value,
    /// Working directory: the factory's `cwd`, the call's `ctx.cwd`, or the bash spawnHook's.
    cwd: PathBuf,
    /// Variables the bash spawnHook set or changed, applied on top of the tool's own.
    #[serde(default)]
    env: Option<Map<String, Value>>,
}

/// Runs one of tau's built-in tools for the extension host's `runBuiltinTool` action.
///
/// `args` is the action's `args` array (`[{name, toolCallId, params, cwd, env?}]`); the bare
/// object is accepted too. The tool is looked up by name among `tools`, its arguments go
/// through `prepare_arguments` and schema validation as in the agent loop, and it runs in a
/// [`ToolContext`] whose cwd is the given one and whose extra environment is `env` (string
/// values only). `cancel` aborts the run. Under `sandbox` the call must pass
/// [`Sandbox::check_builtin`] first: the tools run in tau, outside the host's permissions.
///
/// Returns Pi's `AgentToolResult` JSON (`{content, details?, structuredContent?, isError?}`).
/// A result the tool reports as an error without failing (bash's non-zero exit code) stays
/// `Ok` with `isError: true`, because Pi 1.6.0's tools return it rather than throw; a failed
/// or aborted call, a validation error or an unknown tool is `Err` with the text the host
/// throws from `execute`.
pub async fn run_builtin_tool(
    tools: &[SharedTool],
    args: &Value,
    sandbox: Option<&Sandbox>,
    cancel: CancellationToken,
) -> Result<Value, String> {
    let request = match args {
        Value::Array(items) => items.first().cloned().unwrap_or(Value::Null),
        other => other.clone(),
    };
    let call: BuiltinCall = serde_json::from_value(request)
        .map_err(|e| format!("runBuiltinTool: malformed request: {e}"))?;
    let Some(tool) = tools.iter().find(|t| t.info().name == call.name) else {
        return Err(format!("tau has no built-in tool named {}", call.name));
    };
    let prepared = tool.prepare_arguments(call.params).await?;
    let params =
        tau_tools::validate::validate_arguments(&call.name, &tool.info().parameters, &prepared)?;
    if let Some(sandbox) = sandbox {
        sandbox.check_builtin(&call.name, &params, &call.cwd)?;
    }
    let mut ctx = ToolContext::new(call.cwd, cancel);
    ctx.extra_env = call
        .env
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(name, value)| match value {
            Value::String(value) => Some((name, value)),
            _ => None,
        })
        .collect();
    let call_id = call.tool_call_id.unwrap_or_default();
    match tool.execute(&call_id, params, ctx).await {
        Ok(result) => serde_json::to_value(result)
            .map_err(|e| format!("{} returned a result tau cannot encode: {e}", call.name)),
        Err(error @ (ToolError::Failed(_) | ToolError::Aborted)) => Err(error.to_string()),
    }
}

#[cfg(test)]
#[path = "builtin_tests.rs"]
mod tests;
