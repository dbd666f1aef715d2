//! `tau-bench-tui`: interactive-mode figures for tau or the reference Pi on a pseudo-terminal,
//! against a loopback model. Prints figures; asserts nothing (see bench/tui.sh).
//!
//! ```text
//! tau-bench-tui (--tau BIN | --pi CLI.JS --node NODE) [--runs N] [--keys N] [--messages N]
//!               [--lines N] [--delay-ms N] [--cols N] [--rows N] [--ready-text TEXT]
//!               [--no-kitty] [--show-screens] [--only abc]
//! ```
//!
//! Parts (`--only`, default all): a) start, keys and memory with no session; b) the same with
//! a generated session; c) streaming.
//!
//! - start: spawn to first byte, and to the first frame showing `--ready-text` (the footer's
//!   model name, `mock-model`), median of `--runs` starts with no session;
//! - keys: write of one character to the frame that shows it in the editor, median of
//!   `--keys`, with no session and with a generated `--messages` session loaded;
//! - memory: VmRSS of the process tree, idle, with no session and with the big session;
//! - stream: bytes written to the terminal while a `--lines`-line reply streams, in 16-character
//!   pieces `--delay-ms` apart (default 1: about 1,000 pieces a second, so the app draws many
//!   frames; 0 sends the reply as fast as the socket takes it).
//!
//! The session run waits for the session's last words on the same frame as the editor.
//! `--show-screens` prints each editor frame and the screen after streaming to stderr.

mod measure;
mod session_file;

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use measure::{Run, Target};
use tau_test_support::oracle::Harness;

const USAGE: &str =
    "usage: tau-bench-tui (--tau BIN | --pi CLI.JS --node NODE) [--runs N] [--keys N] \
[--messages N] [--lines N] [--delay-ms N] [--cols N] [--rows N] [--ready-text TEXT] [--no-kitty] [--show-screens] [--only abc] \
[--ext PATH]... [--env KEY=VALUE]...";

struct Options {
    target: Target,
    runs: usize,
    keys: usize,
    messages: usize,
    lines: usize,
    delay_ms: u64,
    /// Which parts run: a (no session), b (big session), c (stream).
    only: String,
}

fn parse_args() -> Result<Options, String> {
    let mut tau = None;
    let mut pi = None;
    let mut node = None;
    let (mut runs, mut keys, mut messages, mut lines) = (5, 30, 5000, 2000);
    let mut delay_ms = 1;
    let mut only = "abc".to_owned();
    let (mut cols, mut rows) = (100, 30);
    let mut ready_text = "mock-model".to_owned();
    let mut kitty = true;
    let mut show_screens = false;
    let mut extensions: Vec<OsString> = Vec::new();
    let mut extra_env: Vec<(String, String)> = Vec::new();
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        let arg = arg.to_string_lossy().into_owned();
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{arg} needs a value\n{USAGE}"))
        };
        let number = |value: OsString| {
            value
                .to_string_lossy()
                .parse::<usize>()
                .map_err(|_| format!("{arg} needs a number, got {value:?}"))
        };
        match arg.as_str() {
            "--tau" => tau = Some(absolute(value()?)?),
            "--pi" => pi = Some(absolute(value()?)?.into_os_string()),
            "--node" => node = Some(absolute(value()?)?),
            "--runs" => runs = number(value()?)?.max(1),
            "--keys" => keys = number(value()?)?.max(1),
            "--messages" => messages = number(value()?)?,
            "--lines" => lines = number(value()?)?.max(1),
            "--delay-ms" => delay_ms = number(value()?)? as u64,
            "--cols" => cols = u16::try_from(number(value()?)?).map_err(|_| "--cols too large")?,
            "--rows" => rows = u16::try_from(number(value()?)?).map_err(|_| "--rows too large")?,
            "--ready-text" => ready_text = value()?.to_string_lossy().into_owned(),
            "--only" => only = value()?.to_string_lossy().into_owned(),
            "--no-kitty" => kitty = false,
            "--show-screens" => show_screens = true,
            // Extensions loaded in every run (`-e`), for the start-up figure with extensions.
            "--ext" => {
                extensions.push("-e".into());
                extensions.push(absolute(value()?)?.into_os_string());
            }
            "--env" => {
                let pair = value()?.to_string_lossy().into_owned();
                let (key, val) = pair
                    .split_once('=')
                    .ok_or_else(|| format!("--env needs KEY=VALUE, got {pair:?}"))?;
                extra_env.push((key.to_owned(), val.to_owned()));
            }
            "-h" | "--help" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    let (name, program, mut lead_args, harness) = match (tau, pi, node) {
        (Some(tau), None, _) => ("tau", tau, Vec::new(), Harness::Tau),
        (None, Some(cli), Some(node)) => ("pi", node, vec![cli], Harness::Pi),
        _ => return Err(format!("give --tau, or --pi with --node\n{USAGE}")),
    };
    lead_args.extend(extensions);
    let target = Target {
        name: name.to_owned(),
        program,
        lead_args,
        harness,
        extra_env,
        cols,
        rows,
        kitty,
        ready_text,
        show_screens,
    };
    Ok(Options {
        target,
        runs,
        keys,
        messages,
        lines,
        delay_ms,
        only,
    })
}

/// The programs run in a sandbox folder, so relative paths are made absolute first.
fn absolute(path: OsString) -> Result<PathBuf, String> {
    std::path::absolute(&path).map_err(|error| format!("{path:?}: {error}"))
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "tau-bench-tui: {message}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "tau-bench-tui: runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match bench(&options, &runtime) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            say(&format!("{}: not measured: {message}", options.target.name));
            ExitCode::FAILURE
        }
    }
}

fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

fn bench(options: &Options, runtime: &tokio::runtime::Runtime) -> Result<(), String> {
    let target = &options.target;
    let name = &target.name;
    let mut command = vec![target.program.display().to_string()];
    command.extend(
        target
            .lead_args
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned()),
    );
    say(&format!(
        "{name}: {}, {}x{}, kitty {}",
        command.join(" "),
        target.cols,
        target.rows,
        if target.kitty { "on" } else { "off" }
    ));
    if options.only.contains('a') {
        bench_empty(options, runtime)?;
    }
    if options.only.contains('b') {
        bench_session(options, runtime)?;
    }
    if options.only.contains('c') {
        bench_stream(options, runtime)?;
    }
    Ok(())
}

fn no_session() -> Result<Vec<String>, String> {
    Ok(vec!["--no-session".to_owned()])
}

/// a) Start times over `--runs` starts, then keys and memory in the last one.
fn bench_empty(options: &Options, runtime: &tokio::runtime::Runtime) -> Result<(), String> {
    let target = &options.target;
    let name = &target.name;
    let mut first_bytes = Vec::new();
    let mut readies = Vec::new();
    let mut empty: Option<Run> = None;
    for _ in 0..options.runs {
        let run = target.start(runtime, Vec::new(), None, |_| no_session())?;
        let (first_byte, ready) = measure::start_times(&run);
        first_bytes.push(first_byte);
        readies.push(ready);
        empty = Some(run);
    }
    say(&format!(
        "{name}: start to first byte: {}",
        summary(&first_bytes)
    ));
    say(&format!(
        "{name}: start to editor frame: {}",
        summary(&readies)
    ));
    if let Some(run) = empty {
        let keys = measure::key_latencies(&run.session, options.keys)?;
        say(&format!(
            "{name}: key to screen, no session: {}",
            summary(&keys)
        ));
        say(&format!(
            "{name}: RSS idle, no session: {}",
            mib(measure::settled_rss_kib(&run.session))
        ));
    }
    Ok(())
}

/// b) Start with the generated session, keys and memory.
fn bench_session(options: &Options, runtime: &tokio::runtime::Runtime) -> Result<(), String> {
    let target = &options.target;
    let name = &target.name;
    let model = "mock-model";
    let messages = options.messages;
    let last_words = session_file::LAST_WORDS.trim();
    let run = target.start(runtime, Vec::new(), Some(last_words), |sandbox| {
        measure::session_args(sandbox, messages, model)
    })?;
    let (_, ready) = measure::start_times(&run);
    say(&format!(
        "{name}: start to editor frame showing the end of a {messages}-message session: {:.0} ms \
         ({} bytes written to the terminal by then)",
        ms(ready),
        run.ready.bytes_written()
    ));
    let rss = measure::settled_rss_kib(&run.session);
    let keys = measure::key_latencies(&run.session, options.keys)?;
    say(&format!(
        "{name}: key to screen, {messages}-message session: {}",
        summary(&keys)
    ));
    say(&format!(
        "{name}: RSS idle, {messages}-message session: {}",
        mib(rss)
    ));
    Ok(())
}

/// c) The bytes a long streamed reply costs.
fn bench_stream(options: &Options, runtime: &tokio::runtime::Runtime) -> Result<(), String> {
    let target = &options.target;
    let name = &target.name;
    let (turn, last_line) = measure::long_reply(options.lines, options.delay_ms);
    let run = target.start(runtime, vec![turn], None, |_| no_session())?;
    let cost = measure::stream_cost(&run.session, &last_line)?;
    if target.show_screens {
        let screen = run.session.screen().dump();
        let queries = run.session.queries();
        let _ = writeln!(
            std::io::stderr(),
            "{name} after streaming:\n{screen}\nterminal queries: {queries:?}"
        );
    }
    let requests = run.server.requests().len();
    say(&format!(
        "{name}: streaming a {}-line reply ({} ms between pieces): {} bytes to the terminal until its last line showed \
         ({:.0} bytes/line, {:.0} ms, {} synchronized frames, {:.0} bytes/frame), {} bytes until quiet; \
         {requests} model request(s)",
        options.lines,
        options.delay_ms,
        cost.bytes_to_last_line,
        cost.bytes_to_last_line as f64 / options.lines as f64,
        ms(cost.time_to_last_line),
        cost.frames_to_last_line,
        cost.bytes_to_last_line as f64 / cost.frames_to_last_line.max(1) as f64,
        cost.bytes_until_quiet,
    ));
    Ok(())
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or_else(
        || "unknown".to_owned(),
        |kib| format!("{:.1} MiB", kib as f64 / 1024.0),
    )
}

/// "median X ms (min Y, p90 Z, max W; N samples)".
fn summary(samples: &[Duration]) -> String {
    let mut sorted: Vec<f64> = samples.iter().copied().map(ms).collect();
    sorted.sort_by(f64::total_cmp);
    let Some(max) = sorted.last().copied() else {
        return "no samples".to_owned();
    };
    let at = |fraction: f64| sorted[((sorted.len() - 1) as f64 * fraction).round() as usize];
    format!(
        "median {:.2} ms (min {:.2}, p90 {:.2}, max {max:.2}; {} samples)",
        at(0.5),
        sorted[0],
        at(0.9),
        sorted.len()
    )
}
