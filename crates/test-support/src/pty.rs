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

mod command;
mod keys;
mod procfs;
mod reader;
mod screen;
mod terminal;

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

use command::describe;
use reader::{read_loop, Inner, Shared, WatchSlot, Writer};

pub use command::PtyCommand;
pub use keys::{encode_key, KeyMode};
pub use portable_pty::ExitStatus;
pub use procfs::process_tree_rss_kib;
pub use screen::Screen;
pub use terminal::{TerminalProfile, TerminalState};

/// How often exit is polled while waiting for it.
const EXIT_POLL: Duration = Duration::from_millis(5);
/// How long [`PtySession::wait_exit`] waits for the output an exited program left in the pty.
const EXIT_DRAIN: Duration = Duration::from_secs(2);

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
            spec.scrollback,
            TerminalState::new(spec.profile.clone()),
        );
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                parser,
                bytes_written: 0,
                first_byte_at: None,
                closed: false,
                raw_tail: Vec::new(),
                output: spec.keep_output.then(Vec::new),
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

    /// Every line the terminal holds: the scrollback (oldest first), then the visible rows,
    /// trailing blanks trimmed from each.
    pub fn transcript(&self) -> Vec<String> {
        let mut inner = self.shared.lock();
        let screen = inner.parser.screen_mut();
        let (_, cols) = screen.size();
        // The scrollback is read by scrolling the view one line at a time and taking its top
        // row; the view is put back at the bottom afterwards.
        screen.set_scrollback(usize::MAX);
        let held = screen.scrollback();
        let mut lines = Vec::with_capacity(held + usize::from(screen.size().0));
        for offset in (1..=held).rev() {
            screen.set_scrollback(offset);
            lines.push(screen.rows(0, cols).next().unwrap_or_default());
        }
        screen.set_scrollback(0);
        lines.extend(screen.rows(0, cols));
        lines
    }

    /// Registers `predicate`; the reader checks it now and after every chunk of output.
    pub fn watch(&self, predicate: impl Fn(&Screen) -> bool + Send + 'static) -> Watch {
        let mut inner = self.shared.lock();
        let id = inner.next_watch;
        inner.next_watch += 1;
        inner.watches.push(WatchSlot {
            id,
            predicate: Box::new(predicate),
            outcome: None,
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
            if inner.watches[position].outcome.is_some() {
                let slot = inner.watches.remove(position);
                let outcome = slot.outcome.unwrap_or_else(|| Err("no outcome".to_owned()));
                return outcome.map_err(|why| format!("{}: {why}", self.description));
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
                // What the program wrote last may still be in the pty: let the reader take it,
                // so the screen shows it (bounded: a child that kept the pty open keeps it open).
                self.wait_output_end(Instant::now() + EXIT_DRAIN);
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

    /// Waits until the reader saw the end of output, or `deadline`.
    fn wait_output_end(&self, deadline: Instant) {
        let mut inner = self.shared.lock();
        while !inner.closed {
            let now = Instant::now();
            if now >= deadline {
                return;
            }
            inner = self
                .shared
                .changed
                .wait_timeout(inner, deadline - now)
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .0;
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

    /// Synchronized updates (DEC mode 2026) the program has completed: its frames, for an
    /// app that draws each frame in one.
    pub fn synchronized_frames(&self) -> u64 {
        self.shared.lock().parser.callbacks().synchronized_frames()
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

    /// Everything the program wrote, as text, when the command kept it
    /// ([`PtyCommand::keep_output`]); empty otherwise.
    pub fn output(&self) -> String {
        let inner = self.shared.lock();
        String::from_utf8_lossy(inner.output.as_deref().unwrap_or_default()).into_owned()
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
