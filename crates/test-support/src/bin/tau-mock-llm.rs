//! `tau-mock-llm`: serves a reply script on 127.0.0.1 so tau and Pi can be pointed at the
//! same scripted model (benchmarks, manual runs).
//!
//! ```text
//! tau-mock-llm --script replies.json [--port N] [--repeat] [--log requests.jsonl]
//! ```
//!
//! Prints the bound port on its own line to stdout, then serves until interrupted
//! (SIGINT or SIGTERM). Base URL for a provider: `http://127.0.0.1:PORT/v1`. The script
//! format is documented in `tau_test_support::script`; fake-openai.mjs scripts work too.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use tau_test_support::server::MockOptions;
use tau_test_support::{MockServer, Script};

const USAGE: &str = "usage: tau-mock-llm --script FILE [--port N] [--repeat] [--log FILE]";

/// Parsed command line.
struct Args {
    script: PathBuf,
    port: u16,
    repeat: bool,
    log: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut script = None;
    let mut port = 0;
    let mut repeat = false;
    let mut log = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--script" => script = args.next().map(PathBuf::from),
            "--port" => {
                let value = args.next().unwrap_or_default();
                port = value
                    .parse()
                    .map_err(|_| format!("--port needs a port number, got {value:?}"))?;
            }
            "--repeat" => repeat = true,
            "--log" => log = args.next().map(PathBuf::from),
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    let script = script.ok_or_else(|| format!("--script is required\n{USAGE}"))?;
    Ok(Args {
        script,
        port,
        repeat,
        log,
    })
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "tau-mock-llm: {message}");
            ExitCode::from(2)
        }
    }
}

async fn run() -> Result<(), String> {
    let args = parse_args()?;
    let script = Script::load(&args.script).map_err(|error| error.to_string())?;
    let server = MockServer::start_with(MockOptions {
        replies: script.replies,
        repeat: args.repeat,
        port: args.port,
        log: args.log,
    })
    .await
    .map_err(|error| format!("cannot listen on 127.0.0.1:{}: {error}", args.port))?;
    let mut stdout = std::io::stdout();
    writeln!(stdout, "{}", server.port())
        .and_then(|()| stdout.flush())
        .map_err(|error| format!("cannot write the port to stdout: {error}"))?;
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .map_err(|error| format!("cannot watch SIGTERM: {error}"))?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate.recv() => {}
    }
    drop(server);
    Ok(())
}
