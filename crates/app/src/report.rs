//! Where the application layer's warnings and the extension host's output go: stderr, as
//! `tau: warning: …`, in every mode (stdout belongs to the mode's output) — except the
//! interactive mode, where stderr is the screen: it redirects them into its transcript.

use std::sync::{Arc, RwLock};

/// Takes one line meant for stderr.
pub type StderrSink = Arc<dyn Fn(&str) + Send + Sync>;

static REDIRECT: RwLock<Option<StderrSink>> = RwLock::new(None);

/// Sends every later stderr line to `sink` (`None`: back to stderr).
pub fn redirect_stderr(sink: Option<StderrSink>) {
    *REDIRECT.write().unwrap_or_else(|p| p.into_inner()) = sink;
}

/// Whether stderr lines are redirected (the terminal UI is on the screen): then nothing
/// may write to the real stderr, such as npm's and git's output.
pub fn stderr_redirected() -> bool {
    REDIRECT.read().unwrap_or_else(|p| p.into_inner()).is_some()
}

/// Writes one line to stderr, or where it was redirected.
#[expect(
    clippy::print_stderr,
    reason = "warnings go to stderr so stdout stays clean"
)]
pub fn to_stderr(line: &str) {
    let sink = REDIRECT.read().unwrap_or_else(|p| p.into_inner()).clone();
    match sink {
        Some(sink) => sink(line),
        None => eprintln!("{line}"),
    }
}

/// Reports a problem that does not stop the run.
pub fn warn(message: &str) {
    to_stderr(&format!("tau: warning: {message}"));
}

/// tau's agent directory: `TAU_AGENT_DIR` (which `--agent-dir` sets), else Pi's
/// `PI_CODING_AGENT_DIR` (so a Pi user who set it shares Pi's folder), else `~/.tau/agent`.
/// A leading `~` stands for HOME, as Pi expands it.
pub fn agent_dir() -> std::path::PathBuf {
    let home = || {
        std::env::var_os("HOME")
            .map(std::path::PathBuf::from)
            .unwrap_or_default()
    };
    for name in ["TAU_AGENT_DIR", "PI_CODING_AGENT_DIR"] {
        let Some(dir) = std::env::var_os(name).filter(|dir| !dir.is_empty()) else {
            continue;
        };
        let text = dir.to_string_lossy();
        return match text.strip_prefix('~') {
            Some("") => home(),
            Some(rest) if rest.starts_with('/') => home().join(&rest[1..]),
            _ => dir.into(),
        };
    }
    home().join(".tau").join("agent")
}
