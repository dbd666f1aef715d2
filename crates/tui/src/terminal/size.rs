//! The window size and the Escape-key wait, with pi-tui's fallbacks.

use std::os::fd::AsFd;
use std::time::Duration;

use crate::render::TermSize;

/// The size of the terminal on `fd`; when the device does not say, `COLUMNS`/`LINES`, then
/// 80x24 (pi-tui's fallbacks).
pub fn terminal_size(fd: impl AsFd, env: impl Fn(&str) -> Option<String>) -> TermSize {
    let from_env = |key: &str, default: usize| {
        env(key)
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|n| *n > 0)
            .unwrap_or(default)
    };
    let (cols, rows) = match rustix::termios::tcgetwinsize(fd) {
        Ok(ws) => (usize::from(ws.ws_col), usize::from(ws.ws_row)),
        Err(_) => (0, 0),
    };
    TermSize {
        cols: if cols > 0 {
            cols
        } else {
            from_env("COLUMNS", 80)
        },
        rows: if rows > 0 {
            rows
        } else {
            from_env("LINES", 24)
        },
    }
}

/// pi-tui's Escape wait: `PI_TUI_ESC_TIMEOUT` (milliseconds) when set and positive, 100 ms
/// over SSH (Alt+key is ESC plus a byte and may arrive in two packets), else 10 ms.
pub fn escape_timeout_from_env(env: impl Fn(&str) -> Option<String>) -> Duration {
    if let Some(ms) = env("PI_TUI_ESC_TIMEOUT").and_then(|v| v.trim().parse::<f64>().ok()) {
        if ms.is_finite() && ms > 0.0 {
            return Duration::from_secs_f64(ms / 1000.0);
        }
    }
    let set = |k: &str| env(k).is_some_and(|v| !v.is_empty());
    if set("SSH_CONNECTION") || set("SSH_TTY") {
        return Duration::from_millis(100);
    }
    Duration::from_millis(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_escape_wait_follows_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|p| p.0 == k).map(|p| p.1.to_string())
        };
        assert_eq!(escape_timeout_from_env(env(&[])), Duration::from_millis(10));
        assert_eq!(
            escape_timeout_from_env(env(&[("SSH_TTY", "/dev/pts/1")])),
            Duration::from_millis(100)
        );
        assert_eq!(
            escape_timeout_from_env(env(&[("PI_TUI_ESC_TIMEOUT", "25"), ("SSH_TTY", "x")])),
            Duration::from_millis(25)
        );
        assert_eq!(
            escape_timeout_from_env(env(&[("PI_TUI_ESC_TIMEOUT", "-1")])),
            Duration::from_millis(10)
        );
    }
}
