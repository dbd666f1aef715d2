//! `tau-fuzz`: runs the fuzz campaign and prints the counts and failures per target.
//!
//! ```text
//! tau-fuzz [--cases N] [--seed S] [--target session|rpc|tools|config]... [--case N]
//!          [--tau PATH] [--per-process N]
//! ```
//! Exits 1 when any case panicked or broke a contract. `--case N` replays that one case.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

const TARGETS: &[&str] = &["session", "rpc", "tools", "config"];

struct Options {
    cases: u64,
    seed: u64,
    targets: Vec<String>,
    case: Option<u64>,
    tau: Option<PathBuf>,
    per_process: u64,
}

fn parse() -> Result<Options, String> {
    let mut options = Options {
        cases: 10_000,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()),
        targets: Vec::new(),
        case: None,
        tau: None,
        per_process: 2_000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        let number = |text: String| {
            text.replace('_', "")
                .parse::<u64>()
                .map_err(|e| format!("{arg}: {e}"))
        };
        match arg.as_str() {
            "--cases" => options.cases = number(value()?)?,
            "--seed" => options.seed = number(value()?)?,
            "--case" => options.case = Some(number(value()?)?),
            "--per-process" => options.per_process = number(value()?)?,
            "--tau" => options.tau = Some(PathBuf::from(value()?)),
            "--target" => {
                let target = value()?;
                if !TARGETS.contains(&target.as_str()) {
                    return Err(format!("unknown target {target}; use one of {TARGETS:?}"));
                }
                options.targets.push(target);
            }
            other => {
                return Err(format!(
                    "unknown option {other}; see the comment at the top of tau-fuzz.rs"
                ))
            }
        }
    }
    if options.targets.is_empty() {
        options.targets = TARGETS.iter().map(|t| t.to_string()).collect();
    }
    Ok(options)
}

#[expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line report"
)]
fn main() -> ExitCode {
    let options = match parse() {
        Ok(options) => options,
        Err(error) => {
            eprintln!("tau-fuzz: {error}");
            return ExitCode::from(2);
        }
    };
    let range = match options.case {
        Some(case) => case..case + 1,
        None => 0..options.cases,
    };
    println!(
        "tau-fuzz: seed {} cases {:?} per target",
        options.seed, range
    );
    let mut clean = true;
    for target in &options.targets {
        let started = Instant::now();
        let report = match target.as_str() {
            "session" => tau_fuzz::session::run(options.seed, range.clone()),
            "tools" => tau_fuzz::tools::run(options.seed, range.clone()),
            "config" => tau_fuzz::config::run(options.seed, range.clone()),
            _ => {
                let Some(tau) = &options.tau else {
                    eprintln!(
                        "tau-fuzz: the rpc target needs --tau PATH (the tau binary); skipped"
                    );
                    clean = false;
                    continue;
                };
                tau_fuzz::rpc::run(tau, options.seed, range.clone(), options.per_process)
            }
        };
        print!("{report}");
        println!("  ({:.1}s)", started.elapsed().as_secs_f64());
        clean &= report.clean();
    }
    match clean {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}
