//! The reader thread of a [`PtySession`](super::PtySession): parses, counts and answers the
//! program's output, and checks the pending watches on every complete frame.

use std::io::{Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use super::{Screen, TerminalState};

/// How much of the raw output is kept for failure dumps.
const RAW_TAIL: usize = 2048;
/// The end of a synchronized update (DEC mode 2026 reset).
const SYNC_END: &[u8] = b"\x1b[?2026l";

/// What the reader thread shares with the session.
pub(super) struct Inner {
    pub(super) parser: vt100::Parser<TerminalState>,
    pub(super) bytes_written: u64,
    pub(super) first_byte_at: Option<Instant>,
    /// Set when the pty reports end of output (the program and its children closed it).
    pub(super) closed: bool,
    pub(super) raw_tail: Vec<u8>,
    /// Everything written, when the command asked to keep it.
    pub(super) output: Option<Vec<u8>>,
    pub(super) watches: Vec<WatchSlot>,
    pub(super) next_watch: u64,
}

/// A registered predicate and the first frame it matched.
pub(super) struct WatchSlot {
    pub(super) id: u64,
    pub(super) predicate: Box<dyn Fn(&Screen) -> bool + Send>,
    /// The first matching frame, or why the predicate could not be checked (it panicked).
    pub(super) outcome: Option<Result<Screen, String>>,
}

impl Inner {
    pub(super) fn snapshot(&self, at: Instant) -> Screen {
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
    pub(super) fn check_watches(&mut self, at: Instant) {
        let pending = self.watches.iter().any(|slot| slot.outcome.is_none());
        if !pending || self.parser.callbacks().synchronized() {
            return;
        }
        let screen = self.snapshot(at);
        for slot in self
            .watches
            .iter_mut()
            .filter(|slot| slot.outcome.is_none())
        {
            // A panicking predicate must not take the reader thread down with it.
            match catch_unwind(AssertUnwindSafe(|| (slot.predicate)(&screen))) {
                Ok(true) => slot.outcome = Some(Ok(screen.clone())),
                Ok(false) => {}
                Err(_) => {
                    let dump = screen.dump();
                    slot.outcome = Some(Err(format!("the predicate panicked on\n{dump}")));
                }
            }
        }
    }
}

pub(super) struct Shared {
    pub(super) inner: Mutex<Inner>,
    pub(super) changed: Condvar,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panicking predicate poisons the lock; the state itself is still sound.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

pub(super) type Writer = Arc<Mutex<Box<dyn Write + Send>>>;

/// Reads output until end of file, parsing, counting and answering queries.
pub(super) fn read_loop(mut reader: Box<dyn Read + Send>, shared: &Shared, writer: &Writer) {
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
            if let Some(output) = inner.output.as_mut() {
                output.extend_from_slice(chunk);
            }
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
