//! Running one invocation: check arguments, assemble prompt inputs, system prompt, tools and
//! model, then drive the runtime in print or json mode.
//!
//! This is the one module that writes to stdout and stderr directly: it owns the process's
//! output.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use tau_agent::{AgentConfig, ToolExecution};
use tau_modes::print::last_assistant;
use tau_modes::JsonSink;
use tau_protocol::StopReason;
use tau_runtime::prompt::PromptTool;
use tau_runtime::{
    build_system_prompt, load_context_files, select_tools, EventSink, Runtime, SystemPromptOptions,
    ToolSelection,
};

use crate::args::{Args, Mode};
use crate::{help, inputs, model};

/// Reports a fatal error on stderr and returns the failure exit code.
#[expect(
    clippy::print_stderr,
    reason = "the binary reports fatal errors on stderr"
)]
pub fn fail(message: &str) -> ExitCode {
    eprintln!("tau: {message}");
    ExitCode::from(1)
}

#[expect(
    clippy::print_stderr,
    reason = "warnings go to stderr so stdout stays clean"
)]
fn warn(message: &str) {
    eprintln!("tau: warning: {message}");
}

fn say(text: &str) {
    print_raw(&format!("{text}\n"));
}

/// Writes to stdout; a reader that went away (`tau -p ... | head`) is not an error.
fn print_raw(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// tau's agent directory: `TAU_AGENT_DIR`, else `~/.tau/agent`.
pub fn agent_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("TAU_AGENT_DIR").filter(|dir| !dir.is_empty()) {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    home.join(".tau").join("agent")
}

/// An argument that is either literal text or the path of a file holding it.
fn text_or_file(value: &str, cwd: &Path) -> String {
    let path = cwd.join(value);
    match path.is_file().then(|| std::fs::read_to_string(&path)) {
        Some(Ok(text)) => text,
        _ => value.to_string(),
    }
}

/// Runs the invocation described by `args`.
pub async fn run(args: Args) -> ExitCode {
    if args.help {
        say(help::usage());
        return ExitCode::SUCCESS;
    }
    if args.version {
        say(&help::version());
        return ExitCode::SUCCESS;
    }
    let mut failed = false;
    for (is_error, message) in &args.diagnostics {
        if *is_error {
            failed = true;
            let _ = fail(message);
        } else {
            warn(message);
        }
    }
    if failed {
        return ExitCode::from(1);
    }
    match run_checked(args).await {
        Ok(code) => code,
        Err(message) => fail(&message),
    }
}

async fn run_checked(args: Args) -> Result<ExitCode, String> {
    if args.mode == Mode::Rpc {
        return Err("rpc mode is not supported yet; use -p or --mode json".into());
    }
    for (flag, _) in &args.unknown_flags {
        warn(&format!("unknown option --{flag} ignored"));
    }
    let cwd = std::env::current_dir()
        .map_err(|error| format!("cannot read the working directory: {error}"))?;
    let interactive = {
        use std::io::IsTerminal;
        std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
    };
    if interactive && !args.print && args.mode == Mode::Text {
        return Err("the interactive terminal UI is not available yet; pass -p \"prompt\" for print mode or --mode json".into());
    }
    let stdin = inputs::read_piped_stdin();
    let (file_text, images) = inputs::read_file_args(&args.file_args, &cwd)?;
    let prompts = inputs::build_prompts(stdin, file_text, images, &args.messages);

    let selection = model::select(&args)?;
    let all_tools = tau_tools::builtin_tools();
    let names: Vec<&str> = all_tools
        .iter()
        .map(|tool| tool.info().name.as_str())
        .collect();
    let tool_flags = ToolSelection {
        tools: args.tools.clone(),
        no_tools: args.no_tools,
        no_builtin_tools: args.no_builtin_tools,
        exclude: args.exclude_tools.clone(),
    };
    let (active, warnings) =
        select_tools(&tool_flags, &names).map_err(|error| format!("--tools: {error}"))?;
    warnings.iter().for_each(|w| warn(w));
    let tools: Vec<_> = active
        .iter()
        .filter_map(|name| {
            all_tools
                .iter()
                .find(|tool| &tool.info().name == name)
                .cloned()
        })
        .collect();

    let (context_files, context_warnings) = if args.no_context_files {
        (Vec::new(), Vec::new())
    } else {
        load_context_files(&cwd, &agent_dir())
    };
    context_warnings.iter().for_each(|w| warn(w));
    let custom = args
        .system_prompt
        .as_deref()
        .map(|value| text_or_file(value, &cwd));
    let append: Vec<String> = args
        .append_system_prompt
        .iter()
        .map(|value| text_or_file(value, &cwd))
        .collect();
    let append = append.join("\n\n");
    let prompt = build_system_prompt(&SystemPromptOptions {
        custom_prompt: custom.as_deref(),
        append: Some(append.as_str()),
        tools: tools
            .iter()
            .map(|tool| PromptTool {
                name: &tool.info().name,
                snippet: tool.info().prompt_snippet.as_deref(),
                guidelines: &tool.info().prompt_guidelines,
            })
            .collect(),
        context_files: &context_files,
        cwd: &cwd,
    });
    let declarations: Vec<_> = tools.iter().map(|tool| tool.info().declaration()).collect();
    let system_message = prompt.message(&declarations);

    let config = AgentConfig {
        provider: selection.provider,
        model: selection.model,
        thinking_level: selection.thinking,
        system_prompt: prompt.text(),
        tools,
        cwd: cwd.clone(),
        tool_execution: ToolExecution::Parallel,
        api_key: args.api_key.clone(),
    };

    let json = (args.mode == Mode::Json).then(|| Arc::new(JsonSink::new(tokio::io::stdout())));
    let mut sinks: Vec<Arc<dyn EventSink>> = Vec::new();
    if let Some(json) = &json {
        let session_id = tau_modes::json::new_session_id();
        let _ = json
            .write_header(&session_id, &cwd.display().to_string())
            .await;
        sinks.push(json.clone());
    }
    let runtime = Arc::new(Runtime::new(config, sinks).with_system_message(system_message));
    let aborter = runtime.clone();
    let ctrl_c = tokio::spawn(async move {
        // Ctrl-C cancels the running turn; the run then ends with an aborted message.
        while tokio::signal::ctrl_c().await.is_ok() {
            aborter.abort();
        }
    });

    let mut produced = Vec::new();
    for prompt in prompts {
        produced = runtime.prompt(prompt).await;
        if json.as_ref().is_some_and(|sink| sink.is_closed()) {
            break;
        }
        if last_assistant(&produced).is_some_and(|m| m.stop_reason == StopReason::Aborted) {
            break;
        }
    }
    ctrl_c.abort();

    let last = last_assistant(&produced);
    if args.mode == Mode::Json {
        // Pi's json mode reports failures in the stream and exits 0.
        return Ok(ExitCode::SUCCESS);
    }
    match last {
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
            print_raw(&text);
            Ok(ExitCode::SUCCESS)
        }
        None => Ok(ExitCode::SUCCESS),
    }
}
