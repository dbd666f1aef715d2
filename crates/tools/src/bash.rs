//! The `bash` tool with Pi 1.6.0's schema, description and output: the command's merged
//! stdout and stderr, streamed as throttled partial results, tail-truncated with the full
//! output kept in a temp file, and a non-zero exit code reported as an error result.

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tau_protocol::{ContentBlock, ToolResult};
use tokio::sync::Notify;

use crate::args::parse_args;
use crate::output_accumulator::{OutputAccumulator, OutputSnapshot};
use crate::shell::{run_shell, shell_config, ShellCommand, ShellError};
use crate::tool::{Tool, ToolContext, ToolError, ToolInfo};
use crate::truncate::{format_size, TruncatedBy, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES};
use crate::validate::js::{number_string, number_value};

/// Partial results are sent at most this often.
pub const BASH_UPDATE_THROTTLE: Duration = Duration::from_millis(100);
/// Most raw bytes of output handed to programmatic callers (`structuredContent.output`).
const STRUCTURED_OUTPUT_MAX_BYTES: usize = 1024 * 1024;
/// Session variables Pi removes from the inherited environment before setting its own.
const SESSION_ENV: [&str; 5] = [
    "PI_SESSION_ID",
    "PI_SESSION_FILE",
    "PI_PROVIDER",
    "PI_MODEL",
    "PI_REASONING_LEVEL",
];

/// Settings of the bash tool.
#[derive(Debug, Clone, Default)]
pub struct BashOptions {
    /// Shell binary to use instead of Pi's pick (`shellPath` in settings).
    pub shell_path: Option<PathBuf>,
    /// Text run before every command, on its own line (`shellCommandPrefix`).
    pub command_prefix: Option<String>,
    /// Variables set for every command, such as `PI_SESSION_ID` and `PI_MODEL`.
    pub env: Vec<(String, String)>,
}

/// Pi's `bash` tool.
#[derive(Debug, Clone)]
pub struct BashTool {
    info: ToolInfo,
    options: BashOptions,
}

impl Default for BashTool {
    fn default() -> Self {
        Self::new()
    }
}

impl BashTool {
    /// The tool with Pi's defaults.
    pub fn new() -> Self {
        Self::with_options(BashOptions::default())
    }

    /// The tool with the given shell, prefix and environment.
    pub fn with_options(options: BashOptions) -> Self {
        BashTool {
            info: bash_info(),
            options,
        }
    }
}

/// Name, description, schema and prompt text of Pi's `bash`.
pub fn bash_info() -> ToolInfo {
    ToolInfo {
        name: "bash".to_string(),
        label: "bash".to_string(),
        description: format!(
            "Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last {DEFAULT_MAX_LINES} lines or {}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.",
            DEFAULT_MAX_BYTES / 1024
        ),
        parameters: json!({
            "type": "object",
            "required": ["command"],
            "properties": {
                "command": {"type": "string", "description": "Shell command to execute"},
                "timeout": {
                    "type": "number",
                    "description": "Timeout in seconds (optional, no default timeout)"
                }
            }
        }),
        prompt_snippet: Some("Execute bash commands (ls, grep, find, etc.)".to_string()),
        constrained_sampling: Some(serde_json::json!({"type": "json_schema", "strict": "prefer"})),
        prompt_guidelines: vec![
            "You can inspect PI_* environment variables for current model and session details."
                .to_string(),
        ],
    }
}

#[derive(Debug, Deserialize)]
struct BashArgs {
    command: String,
    timeout: Option<f64>,
}

/// Output shared between the process loop and the throttled updater.
struct Live {
    acc: OutputAccumulator,
    /// Output arrived since the last partial result.
    dirty: bool,
}

type Shared = Arc<Mutex<Live>>;

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Live> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sends the output so far as a partial result, if anything new arrived.
fn emit_update(shared: &Shared, ctx: &ToolContext) {
    let snapshot = {
        let mut live = lock(shared);
        if !live.dirty {
            return;
        }
        live.dirty = false;
        live.acc.snapshot(true)
    };
    let mut details = Map::new();
    if snapshot.truncation.truncated {
        details.insert("truncation".into(), json!(snapshot.truncation));
    }
    if let Some(path) = &snapshot.full_output_path {
        details.insert("fullOutputPath".into(), json!(path));
    }
    ctx.send_update(ToolResult {
        content: vec![ContentBlock::text(snapshot.content)],
        details: Some(Value::Object(details)),
        ..ToolResult::default()
    });
}

/// Sends a partial result after output arrives, at most once per [`BASH_UPDATE_THROTTLE`].
/// Runs until dropped.
async fn updater(shared: Shared, notify: Arc<Notify>, ctx: ToolContext) -> Infallible {
    let mut last: Option<Instant> = None;
    loop {
        notify.notified().await;
        if let Some(wait) = last.map(|t| BASH_UPDATE_THROTTLE.saturating_sub(t.elapsed())) {
            tokio::time::sleep(wait).await;
        }
        emit_update(&shared, &ctx);
        last = Some(Instant::now());
    }
}

/// The text for the model and the details, with Pi's truncation notice.
fn format_output(
    snapshot: &OutputSnapshot,
    last_line_bytes: usize,
    empty: &str,
) -> (String, Option<Value>) {
    let t = &snapshot.truncation;
    let mut text = if snapshot.content.is_empty() {
        empty.to_string()
    } else {
        snapshot.content.clone()
    };
    if !t.truncated {
        // Pi leaves details undefined when nothing was cut.
        return (text, None);
    }
    let path = snapshot
        .full_output_path
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let mut details = Map::new();
    details.insert("truncation".into(), json!(t));
    if snapshot.full_output_path.is_some() {
        details.insert("fullOutputPath".into(), json!(path));
    }
    let start = (t.total_lines + 1).saturating_sub(t.output_lines);
    let end = t.total_lines;
    if t.last_line_partial {
        text.push_str(&format!(
            "\n\n[Showing last {} of line {end} (line is {}). Full output: {path}]",
            format_size(t.output_bytes),
            format_size(last_line_bytes)
        ));
    } else if t.truncated_by == Some(TruncatedBy::Lines) {
        text.push_str(&format!(
            "\n\n[Showing lines {start}-{end} of {end}. Full output: {path}]"
        ));
    } else {
        text.push_str(&format!(
            "\n\n[Showing lines {start}-{end} of {end} ({} limit). Full output: {path}]",
            format_size(DEFAULT_MAX_BYTES)
        ));
    }
    (text, Some(Value::Object(details)))
}

/// `text`, a blank line and `status`; just `status` when there is no text.
fn append_status(text: &str, status: &str) -> String {
    if text.is_empty() {
        status.to_string()
    } else {
        format!("{text}\n\n{status}")
    }
}

#[async_trait]
impl Tool for BashTool {
    fn info(&self) -> &ToolInfo {
        &self.info
    }

    async fn execute(
        &self,
        _call_id: &str,
        args: Value,
        ctx: ToolContext,
    ) -> Result<ToolResult, ToolError> {
        let args: BashArgs = parse_args("bash", args)?;
        let command = match &self.options.command_prefix {
            Some(prefix) => format!("{prefix}\n{}", args.command),
            None => args.command,
        };
        if let Some(custom) = &self.options.shell_path {
            if !custom.exists() {
                let shown = custom.display();
                return Err(ToolError::Failed(format!(
                    "Custom shell path not found: {shown}"
                )));
            }
        }
        let config = shell_config(self.options.shell_path.as_deref());
        let env_remove: Vec<String> = SESSION_ENV.iter().map(|s| s.to_string()).collect();
        // The caller's extra variables (an extension's spawnHook) come last so they win.
        let env: Vec<(String, String)> = self
            .options
            .env
            .iter()
            .chain(&ctx.extra_env)
            .cloned()
            .collect();
        let shared: Shared = Arc::new(Mutex::new(Live {
            acc: OutputAccumulator::default(),
            dirty: false,
        }));
        let notify = Arc::new(Notify::new());
        if ctx.updates.is_some() {
            // Pi's first update is an empty result without details.
            ctx.send_update(ToolResult::default());
        }
        let started = Instant::now();
        let run = run_shell(
            ShellCommand {
                command: &command,
                cwd: &ctx.cwd,
                config: &config,
                timeout: args.timeout,
                env: &env,
                env_remove: &env_remove,
            },
            &ctx.cancel,
            |data| {
                let mut live = lock(&shared);
                live.acc.append(data);
                live.dirty = true;
                drop(live);
                notify.notify_one();
            },
        );
        let result = tokio::select! {
            result = run => result,
            never = updater(shared.clone(), notify.clone(), ctx.clone()), if ctx.updates.is_some() => {
                match never {}
            }
        };
        // Stop taking output, then send what the last throttled update missed.
        lock(&shared).acc.finish();
        emit_update(&shared, &ctx);
        let mut live = lock(&shared);
        let snapshot = live.acc.snapshot(true);
        // A temp file that could not be written loses only the full copy; the tail shown
        // to the model is complete, so the call still reports its result.
        let _ = live.acc.close_temp_file();
        let last_line_bytes = live.acc.last_line_bytes();
        let code = match result {
            Ok(code) => code,
            Err(err) => {
                let (text, _) = format_output(&snapshot, last_line_bytes, "");
                let status = match err {
                    ShellError::Aborted => "Command aborted".to_string(),
                    ShellError::Timeout {
                        seconds,
                        shell_exit,
                    } => {
                        let mut status = format!("Command timed out after {seconds} seconds");
                        if let Some((code, after)) = shell_exit {
                            status.push_str(&format!(
                                ". The shell exited with code {code} after {} seconds, but background processes it started kept writing output until the timeout.",
                                number_string(after)
                            ));
                        }
                        status
                    }
                    other => return Err(ToolError::Failed(other.to_string())),
                };
                return Err(ToolError::Failed(append_status(&text, &status)));
            }
        };
        let (text, details) = format_output(&snapshot, last_line_bytes, "(no output)");
        let wall = (started.elapsed().as_secs_f64() * 10.0).round() / 10.0;
        let (output, output_truncated) = live.acc.read_full_output(STRUCTURED_OUTPUT_MAX_BYTES);
        let mut structured = Map::new();
        structured.insert("output".into(), json!(output));
        structured.insert("truncated".into(), json!(output_truncated));
        if let (true, Some(path)) = (output_truncated, &snapshot.full_output_path) {
            structured.insert("full_output_path".into(), json!(path));
        }
        structured.insert("exit_code".into(), json!(code));
        structured.insert("wall_time_seconds".into(), number_value(wall));
        let (text, is_error) = if code == 0 {
            (text, None)
        } else {
            let status = format!("Command exited with code {code}");
            (append_status(&text, &status), Some(true))
        };
        Ok(ToolResult {
            content: vec![ContentBlock::text(text)],
            details,
            structured_content: Some(Value::Object(structured)),
            is_error,
            ..ToolResult::default()
        })
    }
}

#[cfg(test)]
#[path = "bash_tests.rs"]
mod tests;
