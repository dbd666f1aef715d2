//! Running one invocation: check arguments, assemble prompt inputs, system prompt, tools and
//! model, then drive the runtime in print or json mode.
//!
//! This is the one module that writes to stdout and stderr directly: it owns the process's
//! output.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use tau_modes::print::last_assistant;
use tau_modes::JsonSink;
use tau_protocol::{ContentBlock, StopReason};
use tau_provider::models::{format_model_list, ModelRegistry};
use tau_session::Session;

use crate::args::{Args, Mode};
use crate::{assemble, help, inputs, session_setup};

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
pub fn warn(message: &str) {
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
    if let Some(search) = &args.list_models {
        return list_models(search.as_deref());
    }
    match run_checked(args).await {
        Ok(code) => code,
        Err(message) => fail(&message),
    }
}

/// `--list-models [search]`: the models with credentials, as Pi prints them.
fn list_models(search: Option<&str>) -> ExitCode {
    let (registry, errors) = ModelRegistry::load(&agent_dir());
    errors.iter().for_each(|error| warn(&error.to_string()));
    let available = registry.available();
    if available.is_empty() {
        say(&registry.no_models_message());
    } else {
        print_raw(&format_model_list(available, search));
    }
    ExitCode::SUCCESS
}

async fn run_checked(args: Args) -> Result<ExitCode, String> {
    let cwd = std::env::current_dir()
        .map_err(|error| format!("cannot read the working directory: {error}"))?;
    let cwd_text = cwd.display().to_string();
    let agent_dir = agent_dir();
    if args.mode == Mode::Rpc {
        return crate::rpc::run(args, &cwd, &agent_dir).await;
    }
    if args.resume {
        print_raw(&session_setup::format_session_list(
            &args, &agent_dir, &cwd_text,
        ));
        return Ok(ExitCode::SUCCESS);
    }
    let interactive = {
        use std::io::IsTerminal;
        std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
    };
    if interactive && !args.print && args.mode == Mode::Text {
        return Err("the interactive terminal UI is not available yet; pass -p \"prompt\" for print mode or --mode json".into());
    }
    let stdin = inputs::read_piped_stdin();
    let (file_text, images) = inputs::read_file_args(&args.file_args, &cwd)?;

    let json = (args.mode == Mode::Json).then(|| Arc::new(JsonSink::new(tokio::io::stdout())));
    let result = run_prompts(
        args,
        &cwd,
        &agent_dir,
        json.clone(),
        stdin,
        file_text,
        images,
    )
    .await;
    // The sink writes in the background; what it queued must reach stdout before exit.
    if let Some(json) = &json {
        json.flush().await;
    }
    result
}

/// Print and json mode once the inputs are read: assemble, run each prompt, report.
async fn run_prompts(
    mut args: Args,
    cwd: &Path,
    agent_dir: &Path,
    json: Option<Arc<JsonSink<tokio::io::Stdout>>>,
    stdin: Option<String>,
    file_text: String,
    images: Vec<ContentBlock>,
) -> Result<ExitCode, String> {
    let mode_name = if args.mode == Mode::Json {
        "json"
    } else {
        "print"
    };
    let assembly = assemble::assemble(
        &mut args,
        cwd,
        agent_dir,
        assemble::Frontend {
            mode: mode_name,
            has_ui: false,
            json: json.clone(),
            sinks: Vec::new(),
            ui: None,
        },
    )
    .await?;
    let (current, driver, extensions) = (
        assembly.current.clone(),
        assembly.driver.clone(),
        assembly.extensions.clone(),
    );
    // Every unknown flag is a registered one by now (assemble checked them).
    let booleans = extensions
        .as_ref()
        .map(|e| e.flag_names(true))
        .unwrap_or_default();
    args.release_boolean_flag_values(&|name| booleans.iter().any(|b| b == name));
    let prompts = inputs::build_prompts(stdin, file_text, images, &args.messages);
    let aborter = current.clone();
    let ctrl_c = tokio::spawn(async move {
        // Ctrl-C cancels the running turn; the run then ends with an aborted message.
        while tokio::signal::ctrl_c().await.is_ok() {
            aborter.get().abort();
        }
    });

    let watcher = extensions
        .as_ref()
        .map(|e| e.stop_when_broken(current.clone()));
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
    if let Some(watcher) = watcher {
        watcher.abort();
    }
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
