//! Fuzzing without nightly: seeded, structure-aware generators that feed random and mutated
//! inputs to tau's real parsers and check they never panic and always answer with a value or
//! a clear error.
//!
//! One module per target ([`session`], [`rpc`], [`tools`], [`config`]), each with a `run`
//! function that plays `cases` cases from a seed and returns a [`Report`]. Every case draws
//! from its own generator, seeded from the campaign seed and the case number, so one failing
//! case can be replayed alone (`tau-fuzz --target T --seed S --case N`). The quick tests run
//! a few thousand cases per target; `bench/fuzz.sh` runs a million per target in release.
//!
//! Panics are caught with `catch_unwind` and recorded by a panic hook (also from threads the
//! code under test spawns, such as tokio's blocking pool), so one run reports every target.

pub mod config;
pub mod mutate;
pub mod rpc;
pub mod session;
pub mod tools;

use std::fmt;
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

/// How a case ended when it did not panic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The parser produced a value.
    Value,
    /// The parser refused the input with this (non-empty) error.
    Error,
}

/// A case that broke a contract: a panic, an empty error, a hang, a wrong answer.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The case number (replay with the campaign seed).
    pub case: u64,
    /// What went wrong.
    pub message: String,
    /// The input, shortened for the report.
    pub input: String,
}

/// What one target's campaign found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The target's name.
    pub target: String,
    /// The campaign seed.
    pub seed: u64,
    /// Cases played.
    pub cases: u64,
    /// Cases that produced a value.
    pub values: u64,
    /// Cases refused with an error.
    pub errors: u64,
    /// Cases that panicked.
    pub panics: u64,
    /// Cases that broke another contract (empty error, hang, missing answer).
    pub violations: u64,
    /// The first failures, for the report.
    pub failures: Vec<Failure>,
}

/// How many failures a report keeps.
const KEPT_FAILURES: usize = 20;

impl Report {
    fn new(target: &str, seed: u64) -> Self {
        Report {
            target: target.into(),
            seed,
            ..Report::default()
        }
    }

    /// A campaign that could not start (no scratch directory, say): one violation.
    pub fn setup_failure(target: &str, message: &str) -> Self {
        let mut report = Report::new(target, 0);
        report.violations = 1;
        report.fail(0, message, "");
        report
    }

    /// True when no case panicked or broke a contract.
    pub fn clean(&self) -> bool {
        self.panics == 0 && self.violations == 0
    }

    /// Records a failure (the counters are the caller's).
    pub fn fail(&mut self, case: u64, message: impl Into<String>, input: &str) {
        if self.failures.len() < KEPT_FAILURES {
            self.failures.push(Failure {
                case,
                message: message.into(),
                input: shorten(input, 400),
            });
        }
    }

    /// Adds another report of the same target (a later batch).
    pub fn absorb(&mut self, other: Report) {
        self.cases += other.cases;
        self.values += other.values;
        self.errors += other.errors;
        self.panics += other.panics;
        self.violations += other.violations;
        for failure in other.failures {
            if self.failures.len() < KEPT_FAILURES {
                self.failures.push(failure);
            }
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: seed {} cases {} values {} errors {} panics {} violations {}",
            self.target,
            self.seed,
            self.cases,
            self.values,
            self.errors,
            self.panics,
            self.violations
        )?;
        for failure in &self.failures {
            writeln!(
                f,
                "  case {}: {}\n    input: {}\n    replay: tau-fuzz --target {} --seed {} --case {}",
                failure.case, failure.message, failure.input, self.target, self.seed, failure.case
            )?;
        }
        Ok(())
    }
}

/// The generator of case `case` in a campaign seeded with `seed`.
pub fn case_rng(seed: u64, case: u64) -> fastrand::Rng {
    // SplitMix64's odd constant spreads neighbouring case numbers over the seed space.
    fastrand::Rng::with_seed(seed ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// `text` cut to at most `max` characters, with the cut marked.
pub fn shorten(text: &str, max: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(max).collect();
    if chars.next().is_some() {
        format!("{head}… ({} bytes)", text.len())
    } else {
        head
    }
}

static CAPTURING: AtomicBool = AtomicBool::new(false);
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
static HOOK: Once = Once::new();

/// Installs the panic hook that records panics while cases run (from any thread) and leaves
/// other panics to the previous hook.
fn install_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CAPTURING.load(Ordering::SeqCst) {
                let location = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let payload = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "non-string panic payload".into());
                lock_panics().push(format!("panicked{location}: {payload}"));
            } else {
                previous(info);
            }
        }));
    });
}

fn lock_panics() -> std::sync::MutexGuard<'static, Vec<String>> {
    PANICS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Plays the cases numbered `cases` of `target`: `case` gets the case's generator and returns the input it
/// used (for the report) and what happened (`Err`: a contract broken).
pub fn run_cases(
    target: &str,
    seed: u64,
    cases: Range<u64>,
    mut case: impl FnMut(&mut fastrand::Rng, &mut String) -> Result<Outcome, String>,
) -> Report {
    install_hook();
    let mut report = Report::new(target, seed);
    CAPTURING.store(true, Ordering::SeqCst);
    let mut input = String::new();
    for number in cases {
        let mut rng = case_rng(seed, number);
        input.clear();
        lock_panics().clear();
        let result = panic::catch_unwind(AssertUnwindSafe(|| case(&mut rng, &mut input)));
        report.cases += 1;
        let panics = std::mem::take(&mut *lock_panics());
        match result {
            _ if !panics.is_empty() => {
                report.panics += 1;
                report.fail(number, panics.join("; "), &input);
            }
            Err(_) => {
                report.panics += 1;
                report.fail(number, "panicked (no message recorded)", &input);
            }
            Ok(Ok(Outcome::Value)) => report.values += 1,
            Ok(Ok(Outcome::Error)) => report.errors += 1,
            Ok(Err(message)) => {
                report.violations += 1;
                report.fail(number, message, &input);
            }
        }
    }
    CAPTURING.store(false, Ordering::SeqCst);
    report
}

/// An error's text checked for the "clear error" contract: not empty.
pub fn check_error(message: &str) -> Result<Outcome, String> {
    if message.trim().is_empty() {
        Err("refused with an empty error message".into())
    } else {
        Ok(Outcome::Error)
    }
}
