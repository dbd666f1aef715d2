//! The `tau` binary: parse arguments, build the tokio runtime, run the chosen mode and map
//! errors to exit codes. Everything else lives in library crates.

mod app;
mod args;
mod help;
mod inputs;
mod package_args;
mod package_commands;
mod package_config;
mod setup_extensions;

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if argv
        .first()
        .is_some_and(|first| first == "setup-extensions")
    {
        return setup_extensions::run(&argv[1..]);
    }
    if let Some(code) = package_commands::run(&argv) {
        return code;
    }
    if let Some(message) = argv
        .first()
        .and_then(|first| help::unsupported_subcommand(first))
    {
        return app::fail(&message);
    }
    let args = args::parse(&argv);
    if let Some(dir) = &args.agent_dir {
        // Every part of tau (and the extension host it starts) finds the agent dir through
        // this variable; set while the process is still single-threaded.
        std::env::set_var("TAU_AGENT_DIR", dir);
    }
    if !args.help && !args.version {
        // The built-in catalogue (pi-ai's ~1700 models) takes a few milliseconds to parse;
        // parse it while the runtime starts and the settings load. Whoever needs it first
        // waits for this parse instead of starting another.
        std::thread::spawn(|| tau_provider::models::catalog::builtin_models().len());
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => return app::fail(&format!("cannot start the async runtime: {error}")),
    };
    let code = runtime.block_on(app::run(args));
    // Tools may have left blocking readers (a child's pipe) behind; do not wait for them.
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    code
}
