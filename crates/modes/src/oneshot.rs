//! Print and json mode: submit the initial prompts one after the other, then end. Print
//! mode writes the final answer's text to stdout (and fails with the error of a failed
//! run); json mode has streamed every event by then and exits 0, as Pi's does.

use std::process::ExitCode;
use std::sync::Arc;

use tau_app::Assembly;
use tau_protocol::{StopReason, UserContent};
use tau_session::Session;

use crate::print::last_assistant;
use crate::JsonSink;

/// Runs `prompts` on the assembled session; `json` is json mode's sink (already among the
/// session's event sinks), `None` in print mode.
pub async fn run(
    assembly: Assembly,
    prompts: Vec<UserContent>,
    json: Option<Arc<JsonSink<tokio::io::Stdout>>>,
) -> Result<ExitCode, String> {
    let Assembly {
        current,
        driver,
        extensions,
        ..
    } = assembly;
    let aborter = current.clone();
    let ctrl_c = tokio::spawn(async move {
        // Ctrl-C cancels the running turn; the run then ends with an aborted message.
        while tokio::signal::ctrl_c().await.is_ok() {
            aborter.get().abort();
        }
    });

    if let Some(extensions) = &extensions {
        extensions.stop_when_broken(current.clone());
    }
    let mut produced = Vec::new();
    for prompt in prompts {
        let more = driver.submit(prompt).await;
        if !more.is_empty() {
            produced = more;
        }
        if json.as_ref().is_some_and(|sink| sink.is_closed()) {
            break;
        }
        if last_assistant(&produced).is_some_and(|m| m.stop_reason == StopReason::Aborted) {
            break;
        }
    }
    ctrl_c.abort();
    if let Some(extensions) = &extensions {
        extensions.host.ensure_running().await;
    }
    let unrecoverable = extensions.as_ref().and_then(|e| e.unrecoverable());
    if let Some(extensions) = &extensions {
        extensions.shutdown().await;
    }
    // Close the session file now (synced, lock removed, as dropping it would) and leave the
    // conversation to the OS at exit: freeing a large resumed session would cost more than
    // the rest of the exit. The json sink is flushed by the caller.
    let runtime = current.get();
    let _ = runtime.with_session_log(Session::close_file);
    std::mem::forget(runtime);
    std::mem::forget(current);

    if let Some(error) = unrecoverable {
        return Err(error);
    }
    if json.is_some() {
        // Pi's json mode reports failures in the stream and exits 0.
        return Ok(ExitCode::SUCCESS);
    }
    match last_assistant(&produced) {
        Some(message) if matches!(message.stop_reason, StopReason::Error | StopReason::Aborted) => {
            Err(message
                .error_message
                .clone()
                .unwrap_or_else(|| "the model request failed".into()))
        }
        Some(message) => {
            // Pi prints each text block of the final answer on its own line.
            let text: String = message
                .content
                .iter()
                .filter_map(|block| block.as_text())
                .map(|text| format!("{text}\n"))
                .collect();
            write_stdout(&text);
            Ok(ExitCode::SUCCESS)
        }
        None => Ok(ExitCode::SUCCESS),
    }
}

/// Writes to stdout; a reader that went away (`tau -p ... | head`) is not an error.
pub fn write_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}
