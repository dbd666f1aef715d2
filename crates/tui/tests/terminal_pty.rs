//! The real terminal layer on a pseudo-terminal: raw mode on and back off, the keyboard
//! negotiation bytes and the replies kept away from the application, input split into
//! pi-tui `data` strings (keys, pastes, a lone Escape after its timeout), stop/resume for a
//! child process, the window size.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::fd::{AsFd, OwnedFd};
use std::time::{Duration, Instant};

use rustix::event::{poll, PollFd, PollFlags, Timespec};
use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
use rustix::termios::{tcgetattr, tcsetwinsize, LocalModes, Winsize};
use tau_tui::render::{Frame, Renderer, StaticLines, TermSize, TuiMode};
use tau_tui::terminal::{Terminal, TerminalEvent, TerminalOptions};
use tokio::sync::mpsc::UnboundedReceiver;

struct Pty {
    master: OwnedFd,
    slave_path: std::path::PathBuf,
}

fn pty() -> Pty {
    let master =
        openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap_or_else(|e| panic!("openpt: {e}"));
    grantpt(&master).unwrap_or_else(|e| panic!("grantpt: {e}"));
    unlockpt(&master).unwrap_or_else(|e| panic!("unlockpt: {e}"));
    let name = ptsname(&master, Vec::new()).unwrap_or_else(|e| panic!("ptsname: {e}"));
    let slave_path = std::path::PathBuf::from(name.to_string_lossy().into_owned());
    Pty { master, slave_path }
}

impl Pty {
    fn slave(&self) -> File {
        OpenOptions::new()
            .read(true)
            .write(true)
            .open(&self.slave_path)
            .unwrap_or_else(|e| panic!("open {}: {e}", self.slave_path.display()))
    }

    fn type_in(&self, bytes: &str) {
        let mut written = 0;
        while written < bytes.len() {
            written += rustix::io::write(&self.master, &bytes.as_bytes()[written..])
                .unwrap_or_else(|e| panic!("write master: {e}"));
        }
    }

    /// What the program wrote, read until `until` shows up in it (or two seconds pass).
    fn output_until(&self, until: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut text = Vec::new();
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&text).contains(until) && Instant::now() < deadline {
            let wait =
                Timespec::try_from(Duration::from_millis(50)).unwrap_or_else(|e| panic!("{e}"));
            let mut fds = [PollFd::new(&self.master, PollFlags::IN)];
            if poll(&mut fds, Some(&wait)).unwrap_or(0) == 0 {
                continue;
            }
            match rustix::io::read(&self.master, &mut buf) {
                Ok(n) => text.extend_from_slice(&buf[..n]),
                Err(e) => panic!("read master: {e}"),
            }
        }
        String::from_utf8_lossy(&text).into_owned()
    }
}

async fn next_event(events: &mut UnboundedReceiver<TerminalEvent>) -> TerminalEvent {
    match tokio::time::timeout(Duration::from_secs(2), events.recv()).await {
        Ok(Some(event)) => event,
        other => panic!("no event: {other:?}"),
    }
}

fn canonical(fd: impl AsFd) -> bool {
    let t = tcgetattr(fd).unwrap_or_else(|e| panic!("tcgetattr: {e}"));
    t.local_modes
        .contains(LocalModes::ICANON | LocalModes::ECHO)
}

#[tokio::test]
async fn the_terminal_negotiates_reads_keys_and_hands_itself_back() {
    let pty = pty();
    let options = TerminalOptions {
        escape_timeout: Duration::from_millis(10),
    };
    let mut renderer = Renderer::new(TuiMode::Fullscreen);
    assert!(canonical(pty.slave()));
    let (mut terminal, mut events) =
        Terminal::start_on(pty.slave(), pty.slave(), &mut renderer, options)
            .unwrap_or_else(|e| panic!("start: {e}"));
    let start = pty.output_until("\x1b[c");
    assert!(start.starts_with("\x1b[?1049h"), "{start:?}");
    assert!(
        start.contains("\x1b[?2004h\x1b[>7u\x1b[?u\x1b[c"),
        "{start:?}"
    );
    assert!(!canonical(pty.slave()), "raw mode");

    // The replies are negotiation, not keys; the typed "a" is a key.
    pty.type_in("\x1b[?7u\x1b[?62;22ca");
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::KittyProtocol(true)
    );
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Input("a".into())
    );
    assert!(terminal.kitty_active());

    pty.type_in("\x1b[200~two\nlines\x1b[201~");
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Input("\x1b[200~two\nlines\x1b[201~".into())
    );
    // A lone ESC is the Escape key once its timeout passes.
    pty.type_in("\x1b");
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Input("\x1b".into())
    );
    pty.type_in("\x1b[A\x1b[13;5u");
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Input("\x1b[A".into())
    );
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Input("\x1b[13;5u".into())
    );

    let size = Winsize {
        ws_row: 30,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    tcsetwinsize(&pty.master, size).unwrap_or_else(|e| panic!("tcsetwinsize: {e}"));
    assert_eq!(
        terminal.size(),
        TermSize {
            cols: 100,
            rows: 30
        }
    );

    // A frame goes through the writer.
    let mut content = StaticLines::new(["hello from tau"]);
    let mut dock = StaticLines::new(["> "]);
    let frame = Frame {
        content: &mut content,
        dock: &mut dock,
        overlays: Vec::new(),
    };
    let mut writer = terminal.writer();
    renderer
        .render(frame, terminal.size(), &mut writer)
        .unwrap_or_else(|e| panic!("render: {e}"));
    assert!(pty
        .output_until("hello from tau")
        .contains("hello from tau"));

    // Hand the terminal to a child: everything undone, the transcript printed on the
    // normal screen.
    let frame = Frame {
        content: &mut content,
        dock: &mut dock,
        overlays: Vec::new(),
    };
    terminal
        .stop(&mut renderer, Some(frame))
        .unwrap_or_else(|e| panic!("stop: {e}"));
    let stop = pty.output_until("\x1b[?25h\x1b[?2026l");
    assert!(stop.contains("\x1b[?2004l\x1b[<u"), "{stop:?}");
    let exit_at = stop
        .find("\x1b[?1049l")
        .unwrap_or_else(|| panic!("left alt screen: {stop:?}"));
    assert!(stop[exit_at..].contains("hello from tau"), "{stop:?}");
    assert!(canonical(pty.slave()), "cooked mode after stop");
    assert!(!terminal.is_running());

    // ... and take it back.
    terminal
        .resume(&mut renderer)
        .unwrap_or_else(|e| panic!("resume: {e}"));
    let again = pty.output_until("\x1b[c");
    assert!(
        again.contains("\x1b[?1049h") && again.contains("\x1b[>7u"),
        "{again:?}"
    );
    pty.type_in("\x1b[?0u\x1b[?1c");
    let mok = pty.output_until("\x1b[>4;2m");
    assert!(
        mok.contains("\x1b[>4;2m"),
        "modifyOtherKeys fallback: {mok:?}"
    );
    pty.type_in("z");
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Input("z".into())
    );
    drop(terminal);
    let dropped = pty.output_until("\x1b[?1049l");
    assert!(
        dropped.contains("\x1b[<u\x1b[>4;0m\x1b[?1049l"),
        "{dropped:?}"
    );
    assert!(canonical(pty.slave()), "cooked mode after drop");
    let _ = std::io::stdout().flush();
}
