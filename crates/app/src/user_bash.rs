//! The user's own shell commands (`!cmd` in the terminal UI, RPC `bash`): an extension may
//! take the command over (`user_bash`), otherwise it runs in the session's folder; either
//! way the result is recorded in the session, for the next prompt's context unless it is
//! excluded (`!!cmd`, `excludeFromContext`). As in Pi, a `user_bash` handler that throws or
//! answers something invalid blocks the command.

use serde_json::{json, Value};
use tau_protocol::messages::BashExecutionMessage;
use tau_protocol::AgentMessage;
use tau_tools::bash_executor::BashExecution;
use tokio_util::sync::CancellationToken;

use crate::current::Current;
use crate::extensions::Extensions;

/// Runs `line`, calling `on_chunk` with output as it arrives, and records the result.
pub async fn run(
    current: &Current,
    extensions: Option<&Extensions>,
    line: &str,
    exclude: Option<bool>,
    token: &CancellationToken,
    on_chunk: impl Fn(&str) + Send + Sync,
) -> Result<BashExecution, String> {
    let cwd = current.get().with_session_log(|s| s.cwd().to_string());
    let taken_over = match extensions {
        Some(extensions) if extensions.hooks.handles("user_bash") => {
            let event = json!({
                "type": "user_bash",
                "command": line,
                "excludeFromContext": exclude.unwrap_or(false),
                "cwd": cwd,
            });
            extensions
                .hooks
                .user_bash(event)
                .await
                .map_err(|error| format!("user_bash: {error}"))?
        }
        _ => None,
    };
    // `operations` (another execution backend) cannot cross the process boundary: the
    // command then runs here.
    let result = match taken_over.as_ref().and_then(|answer| answer.get("result")) {
        Some(result) => Ok(bash_result(result)),
        None => {
            let shell = tau_tools::shell::shell_config(None);
            tau_tools::bash_executor::execute_bash(
                line,
                std::path::Path::new(&cwd),
                &shell,
                token,
                on_chunk,
            )
            .await
        }
    };
    let result = result.map_err(|error| format!("bash: {error}"))?;
    current
        .get()
        .record_bash_execution(AgentMessage::BashExecution(BashExecutionMessage {
            command: line.to_string(),
            output: result.output.clone(),
            exit_code: result.exit_code,
            cancelled: result.cancelled,
            truncated: result.truncated,
            full_output_path: result
                .full_output_path
                .as_ref()
                .map(|p| p.display().to_string()),
            exclude_from_context: exclude,
            timestamp: tau_protocol::now_millis(),
            extra: Default::default(),
        }));
    Ok(result)
}

/// A `BashResult` an extension returned from `user_bash`.
fn bash_result(value: &Value) -> BashExecution {
    BashExecution {
        output: value["output"].as_str().unwrap_or_default().to_string(),
        exit_code: value["exitCode"]
            .as_i64()
            .and_then(|c| i32::try_from(c).ok()),
        cancelled: value["cancelled"].as_bool().unwrap_or(false),
        truncated: value["truncated"].as_bool().unwrap_or(false),
        full_output_path: value["fullOutputPath"]
            .as_str()
            .map(std::path::PathBuf::from),
    }
}
