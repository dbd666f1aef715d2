//! The measurements: each starts the program on a fresh pty in a fresh sandbox, against a
//! loopback model, and returns durations and counts (never asserting anything about them).

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tau_test_support::oracle::{AgentSandbox, Harness};
use tau_test_support::pty::{PtyCommand, PtySession, Screen};
use tau_test_support::{MockServer, MockTurn};

/// How long a step may take before the run is given up.
const STEP: Duration = Duration::from_secs(120);
/// Typed (untimed) before each batch of timed keys, so the typed text is unique on screen.
const MARK: &str = "zqj";
/// Timed keys per batch: the typed text stays on one editor row.
const BATCH: usize = 40;
/// Idle time after start before memory is read, so start-up garbage is collected or kept.
const SETTLE: Duration = Duration::from_secs(1);

/// What to run and how to recognise its editor.
#[derive(Debug, Clone)]
pub struct Target {
    /// "pi" or "tau", for the output.
    pub name: String,
    /// The program and the arguments before the run's own (node + cli.js for Pi).
    pub program: PathBuf,
    pub lead_args: Vec<OsString>,
    pub harness: Harness,
    /// More environment for every run (`--env`: the extension host, node).
    pub extra_env: Vec<(String, String)>,
    pub cols: u16,
    pub rows: u16,
    pub kitty: bool,
    /// Text that shows once the editor is up (the footer's model name).
    pub ready_text: String,
    /// Print each start's first editor frame to stderr.
    pub show_screens: bool,
}

/// One started program with its sandbox and model; dropping it kills the program.
pub struct Run {
    pub session: PtySession,
    pub server: MockServer,
    pub ready: Screen,
    _dir: tempfile::TempDir,
}

impl Target {
    /// Starts the program in a new sandbox whose model plays `replies`, and waits for the
    /// editor and, when given, `also_shown` on the same frame. `prepare` may put files (a
    /// session) into the sandbox first and returns the program's arguments.
    pub fn start(
        &self,
        runtime: &tokio::runtime::Runtime,
        replies: Vec<MockTurn>,
        also_shown: Option<&str>,
        prepare: impl FnOnce(&AgentSandbox) -> Result<Vec<String>, String>,
    ) -> Result<Run, String> {
        let dir = tempfile::tempdir().map_err(|error| format!("tempdir: {error}"))?;
        let sandbox =
            AgentSandbox::create(dir.path()).map_err(|error| format!("sandbox: {error}"))?;
        let replies = replies.into_iter().map(Into::into).collect();
        let server = runtime
            .block_on(MockServer::start(replies))
            .map_err(|error| format!("mock server: {error}"))?;
        sandbox
            .point_at(&server.base_url())
            .map_err(|error| format!("models.json: {error}"))?;
        let args = prepare(&sandbox)?;
        let mut spec = PtyCommand::new(&self.program, &sandbox.project)
            .args(self.lead_args.iter().cloned())
            .args(args)
            .size(self.cols, self.rows)
            .kitty(self.kitty);
        spec.clear_env = true;
        for (key, value) in sandbox
            .env(self.harness)
            .into_iter()
            .chain(self.extra_env.clone())
        {
            spec = spec.env(key, value);
        }
        let session = PtySession::spawn_with(spec)?;
        let ready_text = self.ready_text.clone();
        let also_shown = also_shown.unwrap_or_default().to_owned();
        let ready = session
            .wait_for(
                move |screen| screen.contains(&ready_text) && screen.contains(&also_shown),
                STEP,
            )
            .map_err(|dump| {
                let status = session
                    .exit_status()
                    .map(|status| format!(" (exited: {status:?})"));
                format!(
                    "{} did not show its editor{}: {dump}",
                    self.name,
                    status.unwrap_or_default()
                )
            })?;
        if self.show_screens {
            let _ = writeln!(
                std::io::stderr(),
                "{} editor frame:\n{}",
                self.name,
                ready.dump()
            );
        }
        Ok(Run {
            session,
            server,
            ready,
            _dir: dir,
        })
    }
}

/// Start to first byte and start to editor, for a run with no session.
pub fn start_times(run: &Run) -> (Duration, Duration) {
    let started = run.session.started_at();
    let first_byte = run.session.first_byte_at().unwrap_or(started);
    (first_byte - started, run.ready.at() - started)
}

/// Types `samples` characters one at a time into the editor; for each, the time from the
/// write to the frame that shows it.
pub fn key_latencies(session: &PtySession, samples: usize) -> Result<Vec<Duration>, String> {
    let mut latencies = Vec::with_capacity(samples);
    while latencies.len() < samples {
        session.send_text(MARK)?;
        session.wait_for_text(MARK, STEP)?;
        let mut typed = MARK.to_owned();
        for index in 0..BATCH.min(samples - latencies.len()) {
            let key = char::from(b'a' + (index % 26) as u8);
            typed.push(key);
            let needle = typed.clone();
            // Registered before the write, so the first matching frame is caught.
            let watch = session.watch(move |screen| screen.contains(&needle));
            let sent = Instant::now();
            session.send_text(&key.to_string())?;
            let screen = session.wait_watch(watch, STEP)?;
            latencies.push(screen.at().saturating_duration_since(sent));
        }
        for _ in 0..typed.chars().count() {
            session.send_key("backspace")?;
        }
        session.wait_for(|screen| !screen.contains(MARK), STEP)?;
    }
    Ok(latencies)
}

/// Resident memory of the program's process tree after it has idled a moment, in KiB.
pub fn settled_rss_kib(session: &PtySession) -> Option<u64> {
    std::thread::sleep(SETTLE);
    session.rss_kib()
}

/// A reply of `lines` list items, one per line, streamed in 16-character pieces with
/// `delay_ms` between two pieces.
pub fn long_reply(lines: usize, delay_ms: u64) -> (MockTurn, String) {
    let text: Vec<String> = (1..=lines)
        .map(|line| format!("- item {line:04}: the streamed reply keeps going with more words"))
        .collect();
    let last = format!("item {lines:04}:");
    let turn = MockTurn {
        chunk_chars: Some(16),
        delay_ms,
        ..MockTurn::text(text.join("\n"))
    };
    (turn, last)
}

/// What streaming a long reply cost: bytes written to the terminal from the prompt's enter
/// to the frame showing the reply's last line, the time that took, and the bytes written
/// until the program went quiet after it.
#[derive(Debug, Clone, Copy)]
pub struct StreamCost {
    pub bytes_to_last_line: u64,
    pub time_to_last_line: Duration,
    pub bytes_until_quiet: u64,
    /// Synchronized updates (frames) from the enter to the last line's frame.
    pub frames_to_last_line: u64,
}

/// Sends a prompt and measures the stream of the reply whose last line is `last_line`.
pub fn stream_cost(session: &PtySession, last_line: &str) -> Result<StreamCost, String> {
    session.send_text("stream it")?;
    session.wait_for_text("stream it", STEP)?;
    let before = session.bytes_written();
    let frames_before = session.synchronized_frames();
    let needle = last_line.to_owned();
    let watch = session.watch(move |screen| screen.contains(&needle));
    let sent = Instant::now();
    session.send_key("enter")?;
    let shown = session.wait_watch(watch, STEP)?;
    let frames = session.synchronized_frames() - frames_before;
    // Quiet: no output for 500 ms (a spinner that keeps going is cut off after 10 s).
    let mut last = session.bytes_written();
    let quiet_deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < quiet_deadline {
        std::thread::sleep(Duration::from_millis(500));
        let now = session.bytes_written();
        if now == last {
            break;
        }
        last = now;
    }
    Ok(StreamCost {
        bytes_to_last_line: shown.bytes_written() - before,
        time_to_last_line: shown.at().saturating_duration_since(sent),
        bytes_until_quiet: last - before,
        frames_to_last_line: frames,
    })
}

/// Writes the generated session into the sandbox; returns the `--session` arguments.
pub fn session_args(
    sandbox: &AgentSandbox,
    messages: usize,
    model: &str,
) -> Result<Vec<String>, String> {
    let path: PathBuf = sandbox.project.join("..").join("big-session.jsonl");
    crate::session_file::write_session(&path, &sandbox.project, messages, model)
        .map_err(|error| format!("writing the session: {error}"))?;
    Ok(vec!["--session".to_owned(), display(&path)])
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
