//! Putting the terminal back when tau does not get to call [`super::Terminal::stop`]: a
//! panic (the hook runs before the message is printed, so it lands on a usable terminal)
//! or a drop without stop.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::sync::{Mutex, Once, PoisonError};

use rustix::termios::{tcsetattr, OptionalActions, Termios};

use crate::render::TuiMode;

struct Armed {
    output: File,
    termios: Termios,
    sequence: String,
}

static ARMED: Mutex<Option<Armed>> = Mutex::new(None);
static HOOK: Once = Once::new();

/// Everything tau may have switched on, switched off: synchronized output ended, autowrap
/// and the cursor back, bracketed paste off, Kitty flags popped, modifyOtherKeys off, and in
/// fullscreen the alternate screen left (after the pop: Kitty flags are per screen).
pub(super) fn exit_sequence(mode: TuiMode) -> String {
    let mut out = String::from("\x1b[?2026l");
    if mode == TuiMode::Fullscreen {
        out.push_str(crate::render::mouse::DISABLE_MOUSE);
        out.push_str("\x1b[?7h");
    }
    out.push_str("\x1b[?25h\x1b[?2004l\x1b[<u\x1b[>4;0m");
    if mode == TuiMode::Fullscreen {
        out.push_str("\x1b[?1049l\x1b[?25h");
    }
    out
}

/// Remembers how to restore the terminal on `output` should the process panic.
pub(super) fn arm(output: &File, termios: &Termios, mode: TuiMode) -> io::Result<()> {
    let armed = Armed {
        output: output.try_clone()?,
        termios: termios.clone(),
        sequence: exit_sequence(mode),
    };
    *ARMED.lock().unwrap_or_else(PoisonError::into_inner) = Some(armed);
    Ok(())
}

/// The terminal was restored the ordinary way.
pub(super) fn disarm() {
    ARMED.lock().unwrap_or_else(PoisonError::into_inner).take();
}

/// Installs (once) a panic hook that restores an armed terminal, then runs the previous hook.
pub(super) fn install_panic_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // try_lock: a panic while the lock is held must not deadlock the hook.
            if let Ok(mut guard) = ARMED.try_lock() {
                if let Some(mut armed) = guard.take() {
                    let _ = armed.output.write_all(armed.sequence.as_bytes());
                    let _ = tcsetattr(armed.output.as_fd(), OptionalActions::Now, &armed.termios);
                }
            }
            previous(info);
        }));
    });
}
