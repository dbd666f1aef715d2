//! The input thread: reads the terminal, splits the bytes into pi-tui `data` strings with
//! [`InputSplitter`] (running its escape timeout), takes the keyboard-protocol replies out
//! ([`Negotiation`]) and sends the rest to the application. A pipe wakes it to stop, so the
//! terminal can be handed to a child process with nobody else reading it.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::OwnedFd;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rustix::event::{poll, PollFd, PollFlags, Timespec};
use tokio::sync::mpsc::UnboundedSender;

use crate::keys::{InputEvent, InputSplitter, PendingTimeout};

use super::negotiation::{Negotiation, FRAGMENT_TIMEOUT};
use super::{TerminalEvent, TerminalWriter};

/// The running input thread.
pub(super) struct Reader {
    wake: OwnedFd,
    thread: JoinHandle<()>,
}

/// Everything the thread needs.
pub(super) struct ReaderSetup {
    pub input: File,
    pub writer: TerminalWriter,
    pub negotiation: Arc<Mutex<Negotiation>>,
    pub events: UnboundedSender<TerminalEvent>,
    pub escape_timeout: Duration,
}

impl Reader {
    pub fn spawn(setup: ReaderSetup) -> io::Result<Self> {
        let (wake_read, wake) = rustix::pipe::pipe()?;
        let thread = std::thread::Builder::new()
            .name("tau-tui-input".into())
            .spawn(move || {
                let mut state = ReadLoop {
                    setup,
                    splitter: InputSplitter::new(),
                    split_deadline: None,
                    fragment_deadline: None,
                    kitty: false,
                };
                state.run(&wake_read);
            })?;
        Ok(Self { wake, thread })
    }

    /// Wakes the thread and waits for it to end; input arriving afterwards stays unread.
    pub fn stop(self) {
        let _ = rustix::io::write(&self.wake, b"x");
        let _ = self.thread.join();
    }
}

struct ReadLoop {
    setup: ReaderSetup,
    splitter: InputSplitter,
    split_deadline: Option<Instant>,
    fragment_deadline: Option<Instant>,
    /// Last Kitty state reported to the application.
    kitty: bool,
}

fn timeout_until(deadline: Option<Instant>, now: Instant) -> Option<Timespec> {
    deadline.and_then(|d| Timespec::try_from(d.saturating_duration_since(now)).ok())
}

impl ReadLoop {
    fn run(&mut self, wake: &OwnedFd) {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let now = Instant::now();
            let deadline = match (self.split_deadline, self.fragment_deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let timeout = timeout_until(deadline, now);
            let (input_ready, woken) = {
                let mut fds = [
                    PollFd::new(&self.setup.input, PollFlags::IN),
                    PollFd::new(wake, PollFlags::IN),
                ];
                match poll(&mut fds, timeout.as_ref()) {
                    Ok(_) => {}
                    Err(rustix::io::Errno::INTR) => continue,
                    Err(_) => return,
                }
                (!fds[0].revents().is_empty(), !fds[1].revents().is_empty())
            };
            if woken {
                return;
            }
            let mut events = Vec::new();
            let now = Instant::now();
            if input_ready {
                match rustix::io::read(&self.setup.input, &mut buf) {
                    Ok(0) => return,
                    Ok(n) => events = self.splitter.feed_bytes(&buf[..n]),
                    Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => continue,
                    Err(_) => return,
                }
                self.split_deadline = self.pending_split_deadline(now);
            } else if self.split_deadline.is_some_and(|d| d <= now) {
                events = self.splitter.timeout_elapsed();
                self.split_deadline = self.pending_split_deadline(now);
            }
            let mut forward = Vec::new();
            if self.fragment_deadline.is_some_and(|d| d <= now) {
                self.fragment_deadline = None;
                let held = self.lock_negotiation().fragment_timeout();
                forward.extend(held);
            }
            for event in events {
                match event {
                    InputEvent::Data(seq) => self.negotiate(&seq, now, &mut forward),
                    InputEvent::Paste(text) => forward.push(format!("\x1b[200~{text}\x1b[201~")),
                }
            }
            if !self.deliver(forward) {
                return;
            }
        }
    }

    fn lock_negotiation(&self) -> std::sync::MutexGuard<'_, Negotiation> {
        self.setup
            .negotiation
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn pending_split_deadline(&self, now: Instant) -> Option<Instant> {
        self.splitter.pending_timeout().map(|t| {
            now + match t {
                PendingTimeout::Escape => self.setup.escape_timeout,
                PendingTimeout::Sequence => t.default_duration(),
            }
        })
    }

    fn negotiate(&mut self, seq: &str, now: Instant, forward: &mut Vec<String>) {
        let (outcome, held) = {
            let mut negotiation = self.lock_negotiation();
            let outcome = negotiation.on_sequence(seq);
            (outcome, negotiation.has_fragment())
        };
        if !outcome.write.is_empty() {
            let _ = self
                .setup
                .writer
                .clone()
                .write_all(outcome.write.as_bytes());
        }
        forward.extend(outcome.forward);
        if !held {
            self.fragment_deadline = None;
        } else if self.fragment_deadline.is_none() {
            self.fragment_deadline = Some(now + FRAGMENT_TIMEOUT);
        }
    }

    /// Sends input (and a Kitty state change first); false once the application is gone.
    fn deliver(&mut self, forward: Vec<String>) -> bool {
        let kitty = self.lock_negotiation().kitty_active();
        if kitty != self.kitty {
            self.kitty = kitty;
            if self
                .setup
                .events
                .send(TerminalEvent::KittyProtocol(kitty))
                .is_err()
            {
                return false;
            }
        }
        forward
            .into_iter()
            .all(|data| self.setup.events.send(TerminalEvent::Input(data)).is_ok())
    }
}
