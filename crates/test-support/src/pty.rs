//! A pseudo-terminal harness for driving interactive programs in tests and benchmarks.
//!
//! [`PtySession`] runs a program on a pty of a given size. A reader thread feeds every byte
//! the program writes into a vt100 emulator, counts the bytes, and answers the queries a
//! program sends on start (device attributes, cursor position, Kitty keyboard flags, OSC
//! 10/11/4 colours, cell size) the way a real terminal would ([`TerminalProfile`]).
//! Waiting is on predicates over a [`Screen`] snapshot, evaluated by the reader after each
//! chunk and at the end of each synchronized update (DEC mode 2026), never inside one, so the
//! snapshot's [`Screen::at`] is the instant the matching frame arrived and a half-drawn frame
//! never matches.
//!
//! ```no_run
//! use std::time::Duration;
//! use tau_test_support::pty::PtySession;
//! # fn demo() -> Result<(), String> {
//! let cwd = std::env::temp_dir();
//! let session = PtySession::spawn("sh", &["-c", "read x; echo got $x"], &[], &cwd, 80, 24)?;
//! session.send(b"hello")?;
//! session.send_key("enter")?;
//! let screen = session.wait_for_text("got hello", Duration::from_secs(5))?;
//! assert!(screen.text().contains("got hello"));
//! let status = session.wait_exit(Duration::from_secs(5))?;
//! assert!(status.success());
//! # Ok(()) }
//! ```

mod keys;
mod procfs;
mod screen;
mod terminal;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

pub use keys::{encode_key, KeyMode};
pub use portable_pty::ExitStatus;
pub use procfs::process_tree_rss_kib;
pub use screen::Screen;
pub use terminal::{TerminalProfile, TerminalState};

/// How much of the raw output is kept for failure dumps.
const RAW_TAIL: usize = 2048;
/// The end of a synchronized update (DEC mode 2026 reset).
const SYNC_END: &[u8] = b"\x1b[?2026l";
/// How often exit is polled while waiting for it.
const EXIT_POLL: Duration = Duration::from_millis(5);

/// What to run and on what terminal.
#[derive(Debug, Clone)]
pub struct PtyCommand {
    /// Program (looked up on `PATH` when it has no slash).
    pub program: OsString,
    /// Arguments.
    pub args: Vec<OsString>,
    /// Variables set on top of the inherited environment (or of an empty one).
    pub env: Vec<(OsString, OsString)>,
    /// Start from an empty environment instead of this process's.
    pub clear_env: bool,
    /// Working directory.
    pub cwd: PathBuf,
    /// Terminal width in cells.
    pub cols: u16,
    /// Terminal height in cells.
    pub rows: u16,
    /// What the terminal answers and how it encodes keys.
    pub profile: TerminalProfile,
}

impl PtyCommand {
    /// `program` on an 80x24 Kitty-capable terminal in `cwd`.
    pub fn new(program: impl Into<OsString>, cwd: impl Into<PathBuf>) -> Self {
        Self {
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            clear_env: false,
            cwd: cwd.into(),
            cols: 80,
            rows: 24,
            profile: TerminalProfile::default(),
        }
    }

    /// Adds arguments.
    pub fn args<S: Into<OsString>>(mut self, args: impl IntoIterator<Item = S>) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets one environment variable.
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Sets the terminal size.
    pub fn size(mut self, cols: u16, rows: u16) -> Self {
        self.cols = cols;
        self.rows = rows;
        self
    }

    /// Turns the Kitty keyboard protocol on or off in the terminal's profile.
    pub fn kitty(mut self, kitty: bool) -> Self {
        self.profile.kitty = kitty;
        self
    }
}

/// What the reader thread shares with the session.
struct Inner {
    parser: vt100::Parser<TerminalState>,
    bytes_written: u64,
    first_byte_at: Option<Instant>,
    /// Set when the pty reports end of output (the program and its children closed it).
    closed: bool,
    raw_tail: Vec<u8>,
    watches: Vec<WatchSlot>,
    next_watch: u64,
}

struct WatchSlot {
    id: u64,
    predicate: Box<dyn Fn(&Screen) -> bool + Send>,
    hit: Option<Screen>,
}

impl Inner {
    fn snapshot(&self, at: Instant) -> Screen {
        let terminal = self.parser.callbacks();
        Screen::capture(
            self.parser.screen(),
            terminal.title(),
            terminal.kitty_flags(),
            self.bytes_written,
            at,
        )
    }

    /// Evaluates the pending watches against the screen as it is now, unless the app is in
    /// the middle of a synchronized update (a terminal would not show that state).
    fn check_watches(&mut self, at: Instant) {
        let pending = self.watches.iter().any(|slot| slot.hit.is_none());
        if !pending || self.parser.callbacks().synchronized() {
            return;
        }
        let screen = self.snapshot(at);
        for slot in self.watches.iter_mut().filter(|slot| slot.hit.is_none()) {
            if (slot.predicate)(&screen) {
                slot.hit = Some(screen.clone());
            }
        }
    }
}

struct Shared {
    inner: Mutex<Inner>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panicking predicate poisons the lock; the state itself is still sound.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

type Writer = Arc<Mutex<Box<dyn Write + Send>>>;

/// A program running on a pseudo-terminal, with an emulated screen.
pub struct PtySession {
    shared: Arc<Shared>,
    writer: Writer,
    master: Mutex<Box<dyn MasterPty + Send>>,
    child: Mutex<Box<dyn Child + Send + Sync>>,
    pid: Option<u32>,
    kitty_enabled: bool,
    started_at: Instant,
    description: String,
}

/// A predicate registered with [`PtySession::watch`], waiting for its first matching frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Watch(u64);

impl PtySession {
    /// Runs `command` with `args` on a `cols`x`rows` Kitty-capable terminal in `cwd`, with
    /// `env` on top of the inherited environment (`TERM=xterm-256color` and
    /// `COLORTERM=truecolor` unless `env` sets them).
    pub fn spawn(
        command: &str,
        args: &[&str],
        env: &[(&str, &str)],
        cwd: &Path,
        cols: u16,
        rows: u16,
    ) -> Result<Self, String> {
        let mut spec = PtyCommand::new(command, cwd)
            .args(args.iter().copied())
            .size(cols, rows);
        for (key, value) in env {
            spec = spec.env(*key, *value);
        }
        Self::spawn_with(spec)
    }

    /// Runs a [`PtyCommand`].
    pub fn spawn_with(spec: PtyCommand) -> Result<Self, String> {
        let description = describe(&spec);
        let failed =
            |what: &str, error: &dyn std::fmt::Display| format!("{description}: {what}: {error}");
        let size = PtySize {
            rows: spec.rows,
            cols: spec.cols,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pair = native_pty_system()
            .openpty(size)
            .map_err(|e| failed("openpty", &e))?;
        let mut builder = CommandBuilder::new(&spec.program);
        builder.args(&spec.args);
        if spec.clear_env {
            builder.env_clear();
        }
        builder.env("TERM", "xterm-256color");
        builder.env("COLORTERM", "truecolor");
        for (key, value) in &spec.env {
            builder.env(key, value);
        }
        builder.cwd(&spec.cwd);
        let reader = pair
            .master
            .try_clone_reader()
            .map_err(|e| failed("pty reader", &e))?;
        let writer: Writer = Arc::new(Mutex::new(
            pair.master
                .take_writer()
                .map_err(|e| failed("pty writer", &e))?,
        ));
        let started_at = Instant::now();
        let child = pair
            .slave
            .spawn_command(builder)
            .map_err(|e| failed("spawn", &e))?;
        // Only the child may hold the slave end, so the reader sees end of output when it exits.
        drop(pair.slave);
        let parser = vt100::Parser::new_with_callbacks(
            spec.rows,
            spec.cols,
            0,
            TerminalState::new(spec.profile.clone()),
        );
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                parser,
                bytes_written: 0,
                first_byte_at: None,
                closed: false,
                raw_tail: Vec::new(),
                watches: Vec::new(),
                next_watch: 0,
            }),
            changed: Condvar::new(),
        });
        let reader_shared = Arc::clone(&shared);
        let reader_writer = Arc::clone(&writer);
        thread::Builder::new()
            .name("pty-reader".to_owned())
            .spawn(move || read_loop(reader, &reader_shared, &reader_writer))
            .map_err(|e| failed("reader thread", &e))?;
        Ok(Self {
            shared,
            writer,
            master: Mutex::new(pair.master),
            pid: child.process_id(),
            child: Mutex::new(child),
            kitty_enabled: spec.profile.kitty,
            started_at,
            description,
        })
    }

    /// Writes raw bytes to the program's input.
    pub fn send(&self, bytes: &[u8]) -> Result<(), String> {
        let mut writer = self
            .writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        writer
            .write_all(bytes)
            .and_then(|()| writer.flush())
            .map_err(|error| format!("{}: cannot write to the pty: {error}", self.description))
    }

    /// Sends one key by name (`"enter"`, `"ctrl+c"`, `"up"`, `"shift+tab"`, ...; see
    /// [`encode_key`]), in the form the terminal would use right now: Kitty CSI-u while the
    /// program has the Kitty protocol enabled, legacy bytes otherwise.
    pub fn send_key(&self, name: &str) -> Result<(), String> {
        let mode = {
            let inner = self.shared.lock();
            KeyMode {
                kitty_flags: if self.kitty_enabled {
                    inner.parser.callbacks().kitty_flags()
                } else {
                    0
                },
                application_cursor: inner.parser.screen().application_cursor(),
            }
        };
        self.send(&encode_key(name, mode)?)
    }

    /// Types text: each character as the terminal sends it unmodified.
    pub fn send_text(&self, text: &str) -> Result<(), String> {
        self.send(text.as_bytes())
    }

    /// Pastes text the way a terminal does when the program enabled bracketed paste.
    pub fn paste(&self, text: &str) -> Result<(), String> {
        let bracketed = self.shared.lock().parser.screen().bracketed_paste();
        if bracketed {
            self.send(format!("\x1b[200~{text}\x1b[201~").as_bytes())
        } else {
            self.send(text.as_bytes())
        }
    }

    /// The screen as it is now.
    pub fn screen(&self) -> Screen {
        self.shared.lock().snapshot(Instant::now())
    }

    /// Registers `predicate`; the reader checks it now and after every chunk of output.
    pub fn watch(&self, predicate: impl Fn(&Screen) -> bool + Send + 'static) -> Watch {
        let mut inner = self.shared.lock();
        let id = inner.next_watch;
        inner.next_watch += 1;
        inner.watches.push(WatchSlot {
            id,
            predicate: Box::new(predicate),
            hit: None,
        });
        inner.check_watches(Instant::now());
        Watch(id)
    }

    /// Waits for a watch's first matching frame; the watch is consumed either way.
    pub fn wait_watch(&self, watch: Watch, timeout: Duration) -> Result<Screen, String> {
        let deadline = Instant::now() + timeout;
        let mut inner = self.shared.lock();
        loop {
            let position = inner.watches.iter().position(|slot| slot.id == watch.0);
            let Some(position) = position else {
                return Err(format!("{}: unknown or consumed watch", self.description));
            };
            if inner.watches[position].hit.is_some() {
                let slot = inner.watches.remove(position);
                return slot.hit.ok_or_else(|| "watch lost its screen".to_owned());
            }
            let now = Instant::now();
            if inner.closed || now >= deadline {
                inner.watches.remove(position);
                let why = if inner.closed {
                    format!("the program closed the terminal (waited up to {timeout:?})")
                } else {
                    format!("timed out after {timeout:?}")
                };
                let dump = self.dump_locked(&inner);
                return Err(format!(
                    "{}: {why} waiting for the screen\n{dump}",
                    self.description
                ));
            }
            inner = self
                .shared
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
        }
    }

    /// Waits until `predicate` holds for a frame; the error carries the screen dump.
    pub fn wait_for(
        &self,
        predicate: impl Fn(&Screen) -> bool + Send + 'static,
        timeout: Duration,
    ) -> Result<Screen, String> {
        let watch = self.watch(predicate);
        self.wait_watch(watch, timeout)
    }

    /// Waits until some row contains `text`.
    pub fn wait_for_text(&self, text: &str, timeout: Duration) -> Result<Screen, String> {
        let needle = text.to_owned();
        self.wait_for(move |screen| screen.contains(&needle), timeout)
            .map_err(|error| format!("waiting for {text:?}: {error}"))
    }

    /// Resizes the terminal: the emulated screen and the pty (the program gets SIGWINCH).
    pub fn resize(&self, cols: u16, rows: u16) -> Result<(), String> {
        self.shared.lock().parser.screen_mut().set_size(rows, cols);
        let master = self
            .master
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .map_err(|error| format!("{}: resize: {error}", self.description))
    }

    /// The exit status, if the program has exited.
    pub fn exit_status(&self) -> Option<ExitStatus> {
        let mut child = self
            .child
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        child.try_wait().ok().flatten()
    }

    /// Waits for the program to exit.
    pub fn wait_exit(&self, timeout: Duration) -> Result<ExitStatus, String> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.exit_status() {
                return Ok(status);
            }
            if Instant::now() >= deadline {
                return Err(format!(
                    "{}: still running after {timeout:?}\n{}",
                    self.description,
                    self.dump()
                ));
            }
            thread::sleep(EXIT_POLL);
        }
    }

    /// Kills the program (if still running) and reaps it.
    pub fn kill(&self) {
        let mut child = self
            .child
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if matches!(child.try_wait(), Ok(None)) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// The program's process id.
    pub fn pid(&self) -> Option<u32> {
        self.pid
    }

    /// VmRSS of the program and its descendants, in KiB (Linux).
    pub fn rss_kib(&self) -> Option<u64> {
        self.pid.and_then(process_tree_rss_kib)
    }

    /// Bytes the program has written to the terminal so far.
    pub fn bytes_written(&self) -> u64 {
        self.shared.lock().bytes_written
    }

    /// When the program was started.
    pub fn started_at(&self) -> Instant {
        self.started_at
    }

    /// When the program's first byte of output arrived.
    pub fn first_byte_at(&self) -> Option<Instant> {
        self.shared.lock().first_byte_at
    }

    /// The queries the terminal has seen (`"DA1"`, `"kitty?"`, `"osc11"`, `"CPR"`, ...).
    pub fn queries(&self) -> Vec<String> {
        self.shared.lock().parser.callbacks().queries().to_vec()
    }

    /// Everything known about the session, for failure messages.
    pub fn dump(&self) -> String {
        let inner = self.shared.lock();
        self.dump_locked(&inner)
    }

    fn dump_locked(&self, inner: &Inner) -> String {
        let screen = inner.snapshot(Instant::now());
        let tail = String::from_utf8_lossy(&inner.raw_tail)
            .escape_debug()
            .to_string();
        format!(
            "{}\nqueries seen: {:?}\nlast raw output: \"{tail}\"",
            screen.dump(),
            inner.parser.callbacks().queries()
        )
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Reads output until end of file, parsing, counting and answering queries.
fn read_loop(mut reader: Box<dyn Read + Send>, shared: &Shared, writer: &Writer) {
    let mut buffer = vec![0_u8; 64 * 1024];
    loop {
        // On Linux a pty whose slave side is closed reads as EIO: also end of output.
        let count = match reader.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(count) => count,
        };
        let at = Instant::now();
        let chunk = &buffer[..count];
        let replies = {
            let mut inner = shared.lock();
            inner.first_byte_at.get_or_insert(at);
            inner.bytes_written += count as u64;
            // A frame is complete at the end of each synchronized update, and at the end of
            // the chunk unless an update is still open.
            let mut rest = chunk;
            while let Some(end) = find(rest, SYNC_END) {
                let (frame, after) = rest.split_at(end + SYNC_END.len());
                inner.parser.process(frame);
                inner.check_watches(at);
                rest = after;
            }
            inner.parser.process(rest);
            inner.raw_tail.extend_from_slice(chunk);
            let excess = inner.raw_tail.len().saturating_sub(RAW_TAIL);
            inner.raw_tail.drain(..excess);
            inner.check_watches(at);
            inner.parser.callbacks_mut().take_replies()
        };
        shared.changed.notify_all();
        if !replies.is_empty() {
            let mut writer = writer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let _ = writer.write_all(&replies).and_then(|()| writer.flush());
        }
    }
    shared.lock().closed = true;
    shared.changed.notify_all();
}

/// The offset of the first `needle` in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

fn describe(spec: &PtyCommand) -> String {
    let mut words = vec![spec.program.to_string_lossy().into_owned()];
    words.extend(
        spec.args
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned()),
    );
    let line = words.join(" ");
    if line.len() > 120 {
        format!("`{}...`", &line[..line.floor_char_boundary(117)])
    } else {
        format!("`{line}`")
    }
}
