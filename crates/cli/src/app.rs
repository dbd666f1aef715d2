//! Running one invocation: check the arguments, pick the mode and hand it the resolved
//! options; for print and json mode also the initial prompts (piped stdin, `@files`, the
//! messages).
//!
//! This is the one module that writes to stdout and stderr directly: it owns the process's
//! output.

use std::process::ExitCode;
use std::sync::Arc;

use tau_app::{session_setup, Frontend, HeaderSink};
use tau_modes::JsonSink;
use tau_provider::models::{format_model_list, ModelRegistry};
use tau_runtime::EventSink;

use crate::args::{Args, Mode};
use crate::{help, inputs};

/// Reports a fatal error on stderr and returns the failure exit code.
#[expect(
    clippy::print_stderr,
    reason = "the binary reports fatal errors on stderr"
)]
pub fn fail(message: &str) -> ExitCode {
    eprintln!("tau: {message}");
    ExitCode::from(1)
}

pub use tau_app::report::warn;

fn say(text: &str) {
    print_raw(&format!("{text}\n"));
}

use tau_modes::oneshot::write_stdout as print_raw;

use tau_app::report::agent_dir;

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
    if let Some(file) = &args.export {
        return export(file, args.messages.first().map(String::as_str));
    }
    if let Some(search) = &args.list_models {
        return list_models(&args, search.as_deref()).await;
    }
    match run_checked(args).await {
        Ok(code) => code,
        Err(message) => fail(&message),
    }
}

/// `--export <file> [output]`: the session file as one HTML page, as Pi exports it
/// (`Exported to: <path>`); lines the file could not read are warnings, not failures.
fn export(file: &str, output: Option<&str>) -> ExitCode {
    let output = output.map(std::path::Path::new);
    match tau_export::export_file(std::path::Path::new(file), output) {
        Ok(done) => {
            for problem in &done.problems {
                warn(&format!("{file}: {problem}"));
            }
            say(&format!("Exported to: {}", done.path.display()));
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}

/// `--list-models [search]`: the models with credentials, as Pi prints them, with the
/// providers extensions register (their factories run first, as in Pi).
async fn list_models(args: &Args, search: Option<&str>) -> ExitCode {
    let Ok(cwd) = std::env::current_dir() else {
        return fail("cannot read the working directory");
    };
    let extensions =
        tau_app::extensions::start(&args.app, &cwd, &agent_dir(), "print", false, None, &warn)
            .await;
    let extensions = match extensions {
        Ok(extensions) => extensions,
        Err(message) => return fail(&message),
    };
    let code = print_model_list(search);
    if let Some(extensions) = extensions {
        let _ = extensions.host.shutdown().await;
    }
    code
}

fn print_model_list(search: Option<&str>) -> ExitCode {
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

async fn run_checked(mut args: Args) -> Result<ExitCode, String> {
    let cwd = std::env::current_dir()
        .map_err(|error| format!("cannot read the working directory: {error}"))?;
    let cwd_text = cwd.display().to_string();
    let agent_dir = agent_dir();
    if args.mode == Mode::Rpc {
        if !args.file_args.is_empty() {
            return Err("@file arguments are not supported in RPC mode; send prompts (with images) through the prompt command".into());
        }
        install_packages(&mut args, &cwd, &agent_dir).await;
        return tau_modes::rpc::run(args.app, &cwd, &agent_dir).await;
    }
    let interactive = {
        use std::io::IsTerminal;
        std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
    };
    if interactive && !args.print && args.mode == Mode::Text {
        // Before the screen starts: npm's and git's output goes to the terminal as it runs.
        install_packages(&mut args, &cwd, &agent_dir).await;
        return run_interactive(args, &cwd, &agent_dir).await;
    }
    // Without a terminal there is nothing to pick with: the list, to choose with --session.
    if args.resume {
        print_raw(&session_setup::format_session_list(
            &args.app, &agent_dir, &cwd_text,
        ));
        return Ok(ExitCode::SUCCESS);
    }
    install_packages(&mut args, &cwd, &agent_dir).await;
    let stdin = inputs::read_piped_stdin();
    let (file_text, images) = inputs::read_file_args(&args.file_args, &cwd)?;

    let json = (args.mode == Mode::Json).then(|| Arc::new(JsonSink::new(tokio::io::stdout())));
    let (mode_name, header, sinks) = match &json {
        Some(json) => (
            "json",
            Some(json.clone() as Arc<dyn HeaderSink>),
            vec![json.clone() as Arc<dyn EventSink>],
        ),
        None => ("print", None, Vec::new()),
    };
    let run = async {
        let assembly = tau_app::assemble(
            &mut args.app,
            &cwd,
            &agent_dir,
            Frontend {
                mode: mode_name,
                has_ui: false,
                header,
                sinks,
                ui: None,
            },
        )
        .await?;
        // Every unknown flag is a registered one by now (assemble checked them).
        let booleans = assembly
            .extensions
            .as_ref()
            .map(|e| e.flag_names(true))
            .unwrap_or_default();
        args.release_boolean_flag_values(&|name| booleans.iter().any(|b| b == name));
        let prompts = inputs::build_prompts(stdin, file_text, images, &args.messages);
        tau_modes::oneshot::run(assembly, prompts, json.clone()).await
    };
    let result = run.await;
    // The sink writes in the background; what it queued must reach stdout before exit.
    if let Some(json) = &json {
        json.flush().await;
    }
    result
}

/// The terminal UI, with the messages and `@file` arguments as its first prompts.
async fn run_interactive(
    mut args: Args,
    cwd: &std::path::Path,
    agent_dir: &std::path::Path,
) -> Result<ExitCode, String> {
    let (file_text, images) = inputs::read_file_args(&args.file_args, cwd)?;
    let app = std::mem::take(&mut args.app);
    let ui_options = std::mem::take(&mut args.ui_options);
    let resume = args.resume;
    let initial_prompts: tau_modes::PromptBuilder = Box::new(move |booleans| {
        args.release_boolean_flag_values(&|name| booleans.iter().any(|b| b == name));
        inputs::build_prompts(None, file_text, images, &args.messages)
    });
    let options = tau_modes::InteractiveOptions {
        ui_options,
        initial_prompts,
        version: env!("CARGO_PKG_VERSION").to_string(),
        resume,
    };
    tau_modes::run_interactive(app, cwd, agent_dir, options).await
}

/// Pi's start-up install of configured and `-e` packages that are missing (npm and git run
/// as child processes, so off the async threads).
async fn install_packages(args: &mut Args, cwd: &std::path::Path, agent_dir: &std::path::Path) {
    let (mut app, cwd, agent_dir) = (args.app.clone(), cwd.to_path_buf(), agent_dir.to_path_buf());
    let done = tokio::task::spawn_blocking(move || {
        tau_app::package_startup::install_before_start(&mut app, &cwd, &agent_dir);
        app
    })
    .await;
    if let Ok(app) = done {
        args.app = app;
    }
}
