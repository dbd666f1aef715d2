//! The real terminal, as pi-tui's `ProcessTerminal` drives it: raw mode, bracketed paste,
//! Kitty keyboard protocol negotiation (modifyOtherKeys as fallback), the alternate screen
//! in fullscreen mode, resize notification and a thread turning input bytes into pi-tui
//! `data` strings. [`Terminal::stop`] hands the terminal back (to the shell, or to an external
//! editor) and [`Terminal::resume`] takes it again. Everything is undone on stop, on drop,
//! and on a panic.
//!
//! Input arrives on a tokio channel, so the interactive mode can `select!` over it next to
//! runtime events; writing goes through [`TerminalWriter`], any number of clones.
//!
//! ```no_run
//! use std::time::Instant;
//! use tau_tui::render::{DockPart, Frame, RenderScheduler, Renderer, StaticLines, TuiMode, ViewportInput};
//! use tau_tui::terminal::{Terminal, TerminalEvent, TerminalOptions};
//!
//! # async fn run() -> std::io::Result<()> {
//! let mut renderer = Renderer::new(TuiMode::Fullscreen);
//! let (mut terminal, mut events) = Terminal::start(&mut renderer, TerminalOptions::default())?;
//! let (mut out, mut scheduler) = (terminal.writer(), RenderScheduler::default());
//! let (mut transcript, mut editor) = (StaticLines::new(["hello"]), StaticLines::new(["> "]));
//! scheduler.request();
//! loop {
//!     let now = Instant::now();
//!     if scheduler.take_due(now) {
//!         let dock = vec![DockPart::with_min(&mut editor, 3)];
//!         let frame = Frame { content: &mut transcript, dock, overlays: vec![] };
//!         let report = renderer.render(frame, terminal.size(), &mut out)?;
//!         report.over_wide.iter().for_each(|line| eprintln!("{line}"));
//!     }
//!     let wake = scheduler.deadline(now).map(tokio::time::Instant::from_std);
//!     let sleep = tokio::time::sleep_until(wake.unwrap_or_else(|| tokio::time::Instant::now() + std::time::Duration::from_secs(3600)));
//!     tokio::select! {
//!         Some(event) = events.recv() => match event {
//!             TerminalEvent::Input(data) if data == "\x04" => break,
//!             TerminalEvent::Input(data) => {
//!                 let now = Instant::now();
//!                 if renderer.handle_viewport_input(&data, now) == ViewportInput::Ignored {
//!                     /* the focused component's */
//!                 }
//!                 scheduler.request_immediate();
//!             }
//!             TerminalEvent::InputClosed => break,
//!             TerminalEvent::Resize(_) | TerminalEvent::KittyProtocol(_) => scheduler.request(),
//!         },
//!         _ = sleep => {}
//!     }
//! }
//! terminal.stop(&mut renderer, None)
//! # }
//! ```

mod negotiation;
mod raw;
mod reader;
mod restore;
mod size;

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::render::{Frame, Renderer, TermSize, TuiMode};

pub use negotiation::{parse_reply, Negotiation, Outcome, Reply};
pub use raw::RawMode;
pub use size::{escape_timeout_from_env, terminal_size};

use reader::{Reader, ReaderSetup};

const BRACKETED_PASTE_ON: &str = "\x1b[?2004h";
const BRACKETED_PASTE_OFF: &str = "\x1b[?2004l";

/// What the terminal tells the application.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerminalEvent {
    /// One pi-tui `data` string: a key sequence, a character, or a whole bracketed paste
    /// with its markers (`ESC [200~ ... ESC [201~`).
    Input(String),
    /// The window changed size.
    Resize(TermSize),
    /// The Kitty keyboard protocol was switched on (or off); key parsing depends on it
    /// ([`crate::keys::KeyContext::kitty_active`]).
    KittyProtocol(bool),
    /// The terminal's input ended or failed (the terminal closed): no more input comes.
    InputClosed,
}

/// How to run the terminal.
#[derive(Clone, Debug)]
pub struct TerminalOptions {
    /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
    pub escape_timeout: Duration,
}

impl Default for TerminalOptions {
    fn default() -> Self {
        Self {
            escape_timeout: escape_timeout_from_env(|k| std::env::var(k).ok()),
        }
    }
}

/// Writes to the terminal; clones share the device, each write is whole.
#[derive(Clone, Debug)]
pub struct TerminalWriter {
    output: Arc<Mutex<File>>,
    progress: Arc<AtomicBool>,
}

/// The terminal's busy indicator (OSC 9;4, indeterminate), and its clearing.
const PROGRESS_ACTIVE: &str = "\x1b]9;4;3\x07";
const PROGRESS_CLEAR: &str = "\x1b]9;4;0\x07";

impl TerminalWriter {
    fn new(output: File) -> Self {
        Self {
            output: Arc::new(Mutex::new(output)),
            progress: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Shows or clears the terminal's progress indicator (tab/taskbar spinner) while the
    /// agent works, as Pi's `showTerminalProgress`. Terminals drop it after a while without
    /// news: call again about once a second while active (pi-tui's keepalive). Cleared on
    /// stop.
    pub fn set_progress(&mut self, active: bool) -> io::Result<()> {
        self.progress.store(active, Ordering::Relaxed);
        self.write_all(
            if active {
                PROGRESS_ACTIVE
            } else {
                PROGRESS_CLEAR
            }
            .as_bytes(),
        )
    }

    /// Sets the window title (OSC 0); control characters become spaces.
    pub fn set_title(&mut self, title: &str) -> io::Result<()> {
        let mut clean = String::new();
        let mut in_run = false;
        for c in title.chars() {
            let control = c <= '\u{1f}' || ('\u{7f}'..='\u{9f}').contains(&c);
            if !control {
                clean.push(c);
            } else if !in_run {
                clean.push(' ');
            }
            in_run = control;
        }
        self.write_all(format!("\x1b]0;{clean}\x07").as_bytes())
    }

    /// Shows or hides the hardware cursor.
    pub fn set_cursor_visible(&mut self, visible: bool) -> io::Result<()> {
        self.write_all(if visible { b"\x1b[?25h" } else { b"\x1b[?25l" })
    }
}

impl Write for TerminalWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut out = self.output.lock().unwrap_or_else(PoisonError::into_inner);
        out.write_all(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.output
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .flush()
    }
}

/// The terminal while tau owns it.
pub struct Terminal {
    input: File,
    output: File,
    writer: TerminalWriter,
    events: UnboundedSender<TerminalEvent>,
    options: TerminalOptions,
    negotiation: Arc<Mutex<Negotiation>>,
    session: Option<Session>,
    mode: TuiMode,
}

/// What runs between start and stop.
struct Session {
    raw: RawMode,
    /// `None` once input was drained for exit.
    reader: Option<Reader>,
    resize: Option<(signal_hook::iterator::Handle, JoinHandle<()>)>,
}

impl Terminal {
    /// Takes the process's terminal (stdin/stdout) for `renderer`'s mode.
    pub fn start(
        renderer: &mut Renderer,
        options: TerminalOptions,
    ) -> io::Result<(Self, UnboundedReceiver<TerminalEvent>)> {
        let input = File::from(io::stdin().as_fd().try_clone_to_owned()?);
        let output = File::from(io::stdout().as_fd().try_clone_to_owned()?);
        Self::start_on(input, output, renderer, options)
    }

    /// Takes the terminal on the given devices (a pty in tests).
    pub fn start_on(
        input: File,
        output: File,
        renderer: &mut Renderer,
        options: TerminalOptions,
    ) -> io::Result<(Self, UnboundedReceiver<TerminalEvent>)> {
        restore::install_panic_hook();
        let (events, receiver) = unbounded_channel();
        let writer = TerminalWriter::new(output.try_clone()?);
        let mut terminal = Self {
            input,
            output,
            writer,
            events,
            options,
            negotiation: Arc::new(Mutex::new(Negotiation::new())),
            session: None,
            mode: renderer.mode(),
        };
        terminal.resume(renderer)?;
        Ok((terminal, receiver))
    }

    /// A writer for frames and other output.
    pub fn writer(&self) -> TerminalWriter {
        self.writer.clone()
    }

    /// The window size now.
    pub fn size(&self) -> TermSize {
        terminal_size(&self.output, |k| std::env::var(k).ok())
    }

    /// Whether the Kitty keyboard protocol is on.
    pub fn kitty_active(&self) -> bool {
        self.lock_negotiation().kitty_active()
    }

    /// Whether tau owns the terminal (between start/resume and stop).
    pub fn is_running(&self) -> bool {
        self.session.is_some()
    }

    fn lock_negotiation(&self) -> std::sync::MutexGuard<'_, Negotiation> {
        self.negotiation
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes the terminal (again): raw mode, the renderer's screen (alternate screen in
    /// fullscreen), bracketed paste, keyboard negotiation, the input thread. After a stop
    /// the renderer is reset, so the next frame redraws everything.
    pub fn resume(&mut self, renderer: &mut Renderer) -> io::Result<()> {
        if self.session.is_some() {
            return Ok(());
        }
        let raw = RawMode::enable(&self.input)?;
        self.mode = renderer.mode();
        match self.take_over(renderer, &raw) {
            Ok(reader) => {
                let resize = self.watch_resize().ok();
                self.session = Some(Session {
                    raw,
                    reader: Some(reader),
                    resize,
                });
                Ok(())
            }
            Err(e) => {
                // Half taken: give back what was switched on.
                let undo = format!("{BRACKETED_PASTE_OFF}{}", self.lock_negotiation().end());
                let _ = self.writer.write_all(undo.as_bytes());
                let _ = renderer.leave(None, 0, &mut self.writer);
                let _ = raw.restore(&self.input);
                restore::disarm();
                Err(e)
            }
        }
    }

    /// Everything of [`Self::resume`] after raw mode: screen, modes, negotiation, input.
    fn take_over(&mut self, renderer: &mut Renderer, raw: &RawMode) -> io::Result<Reader> {
        restore::arm(&self.output, raw.saved(), self.mode)?;
        let mut bytes = Vec::new();
        // The alternate screen first: Kitty keyboard flags are kept per screen.
        renderer.enter(&mut bytes)?;
        bytes.extend_from_slice(BRACKETED_PASTE_ON.as_bytes());
        bytes.extend_from_slice(self.lock_negotiation().begin().as_bytes());
        self.writer.write_all(&bytes)?;
        Reader::spawn(ReaderSetup {
            input: self.input.try_clone()?,
            writer: self.writer.clone(),
            negotiation: self.negotiation.clone(),
            events: self.events.clone(),
            escape_timeout: self.options.escape_timeout,
        })
    }

    fn watch_resize(&self) -> io::Result<(signal_hook::iterator::Handle, JoinHandle<()>)> {
        let mut signals = signal_hook::iterator::Signals::new([signal_hook::consts::SIGWINCH])?;
        let handle = signals.handle();
        let output = self.output.try_clone()?;
        let events = self.events.clone();
        let thread = std::thread::Builder::new()
            .name("tau-tui-resize".into())
            .spawn(move || {
                for _ in signals.forever() {
                    let size = terminal_size(&output, |k| std::env::var(k).ok());
                    if events.send(TerminalEvent::Resize(size)).is_err() {
                        break;
                    }
                }
            })?;
        Ok((handle, thread))
    }

    /// Hands the terminal back: input thread stopped, keyboard protocol, bracketed paste and
    /// raw mode undone, the screen left as pi-tui leaves it. In fullscreen, a `frame` is
    /// printed into the normal screen after leaving the alternate one (the transcript stays
    /// in the scrollback); without one the normal screen comes back as it was.
    pub fn stop(&mut self, renderer: &mut Renderer, frame: Option<Frame<'_>>) -> io::Result<()> {
        self.stop_session(renderer, frame, true)
    }

    /// Switches between regular and fullscreen mode (Pi's fullscreen toggle): the old screen
    /// is left as it is, keyboard flags are popped and pushed again on the new screen, and
    /// regular mode continues diffing against what it left on the normal screen. Render a
    /// frame afterwards.
    pub fn switch_mode(&mut self, renderer: &mut Renderer, mode: TuiMode) -> io::Result<()> {
        if renderer.mode() == mode {
            return Ok(());
        }
        let running = self.session.is_some();
        self.stop_session(renderer, None, false)?;
        renderer.set_mode(mode);
        if running {
            self.resume(renderer)?;
        }
        Ok(())
    }

    /// `reset`: the next frame redraws everything (someone else may have drawn meanwhile).
    fn stop_session(
        &mut self,
        renderer: &mut Renderer,
        frame: Option<Frame<'_>>,
        reset: bool,
    ) -> io::Result<()> {
        let Some(session) = self.session.take() else {
            return Ok(());
        };
        if let Some(reader) = session.reader {
            reader.stop();
        }
        if let Some((handle, thread)) = session.resize {
            handle.close();
            let _ = thread.join();
        }
        let mut bytes = String::new();
        if self.writer.progress.swap(false, Ordering::Relaxed) {
            bytes.push_str(PROGRESS_CLEAR);
        }
        bytes.push_str(BRACKETED_PASTE_OFF);
        let was_kitty = self.kitty_active();
        bytes.push_str(&self.lock_negotiation().end());
        if was_kitty {
            // Key names change back; the next session reports the protocol again.
            let _ = self.events.send(TerminalEvent::KittyProtocol(false));
        }
        let written = self.writer.write_all(bytes.as_bytes()).and_then(|()| {
            let cols = self.size().cols;
            renderer.leave(frame, cols, &mut self.writer)
        });
        let restored = session.raw.restore(&self.input);
        restore::disarm();
        if reset {
            renderer.reset();
        }
        written.and(restored)
    }

    /// Before quitting (pi-tui's `drainInput`): stops input, pops the keyboard flags, then
    /// reads and drops whatever the terminal still sends (Kitty key releases of the quit key)
    /// until it has been quiet for `idle` or `max` passed, so none of it reaches the shell.
    /// Call [`Self::stop`] afterwards.
    pub fn drain_input(&mut self, max: Duration, idle: Duration) -> io::Result<()> {
        let Some(session) = self.session.as_mut() else {
            return Ok(());
        };
        if let Some(reader) = session.reader.take() {
            reader.stop();
        }
        let was_kitty = self.kitty_active();
        let pop = self.lock_negotiation().end();
        self.writer.write_all(pop.as_bytes())?;
        if was_kitty {
            let _ = self.events.send(TerminalEvent::KittyProtocol(false));
        }
        let end = std::time::Instant::now() + max;
        let mut buf = [0u8; 4096];
        loop {
            let left = end.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            let wait = rustix::event::Timespec::try_from(idle.min(left))
                .map_err(|_| io::Error::other("drain wait out of range"))?;
            let mut fds = [rustix::event::PollFd::new(
                &self.input,
                rustix::event::PollFlags::IN,
            )];
            match rustix::event::poll(&mut fds, Some(&wait)) {
                Ok(0) => return Ok(()),
                Ok(_) => match rustix::io::read(&self.input, &mut buf) {
                    Ok(0) => return Ok(()),
                    Ok(_) | Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => {}
                    Err(e) => return Err(e.into()),
                },
                Err(rustix::io::Errno::INTR) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Ctrl+Z: gives the terminal back, stops the process group with SIGTSTP (as a shell
    /// job), and takes the terminal again once the shell continues it (`fg`). Blocks while
    /// stopped.
    pub fn suspend(&mut self, renderer: &mut Renderer, frame: Option<Frame<'_>>) -> io::Result<()> {
        self.stop(renderer, frame)?;
        rustix::process::kill_current_process_group(rustix::process::Signal::TSTP)?;
        // Running again: the default SIGTSTP action stopped us and SIGCONT resumed us.
        self.resume(renderer)
    }

    fn emergency_restore(&mut self) {
        let Some(session) = self.session.take() else {
            return;
        };
        if let Some(reader) = session.reader {
            reader.stop();
        }
        if let Some((handle, thread)) = session.resize {
            handle.close();
            let _ = thread.join();
        }
        let sequence = restore::exit_sequence(self.mode);
        let _ = self.writer.write_all(sequence.as_bytes());
        let _ = session.raw.restore(&self.input);
        restore::disarm();
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.emergency_restore();
    }
}
