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
use tau_tui::render::{DockPart, Frame, Renderer, StaticLines, TermSize, TuiMode};
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
    // The kernel sends SIGWINCH to the terminal's foreground group; this pty has none, so
    // send it by hand.
    let me = rustix::process::getpid();
    rustix::process::kill_process(me, rustix::process::Signal::WINCH)
        .unwrap_or_else(|e| panic!("kill: {e}"));
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::Resize(TermSize {
            cols: 100,
            rows: 30
        })
    );

    // A frame goes through the writer.
    let mut content = StaticLines::new(["hello from tau"]);
    let mut dock = StaticLines::new(["> "]);
    let frame = Frame {
        content: &mut content,
        dock: vec![DockPart::new(&mut dock)],
        overlays: Vec::new(),
    };
    let mut writer = terminal.writer();
    renderer
        .render(frame, terminal.size(), &mut writer)
        .unwrap_or_else(|e| panic!("render: {e}"));
    assert!(pty
        .output_until("hello from tau")
        .contains("hello from tau"));
    writer
        .set_title("tau\x1b]0;x\x07 - dir\n")
        .unwrap_or_else(|e| panic!("title: {e}"));
    let title = pty.output_until("dir \x07");
    assert!(title.ends_with("\x1b]0;tau ]0;x  - dir \x07"), "{title:?}");
    writer
        .set_progress(true)
        .unwrap_or_else(|e| panic!("progress: {e}"));
    assert!(pty
        .output_until("\x1b]9;4;3\x07")
        .ends_with("\x1b]9;4;3\x07"));

    // Hand the terminal to a child: everything undone, the transcript printed on the
    // normal screen.
    let frame = Frame {
        content: &mut content,
        dock: vec![DockPart::new(&mut dock)],
        overlays: Vec::new(),
    };
    terminal
        .stop(&mut renderer, Some(frame))
        .unwrap_or_else(|e| panic!("stop: {e}"));
    let stop = pty.output_until("\x1b[?25h\x1b[?2026l");
    assert!(
        stop.contains("\x1b]9;4;0\x07\x1b[?2004l\x1b[<u"),
        "{stop:?}"
    );
    let exit_at = stop
        .find("\x1b[?1049l")
        .unwrap_or_else(|| panic!("left alt screen: {stop:?}"));
    assert!(stop[exit_at..].contains("hello from tau"), "{stop:?}");
    assert!(canonical(pty.slave()), "cooked mode after stop");
    assert!(!terminal.is_running());
    assert_eq!(
        events.try_recv().ok(),
        Some(TerminalEvent::KittyProtocol(false))
    );

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

    // Fullscreen off: flags popped on the alternate screen, pushed again on the normal one.
    terminal
        .switch_mode(&mut renderer, TuiMode::Regular)
        .unwrap_or_else(|e| panic!("switch: {e}"));
    let switched = pty.output_until("\x1b[c");
    let pop = switched
        .find("\x1b[<u")
        .unwrap_or_else(|| panic!("{switched:?}"));
    let leave = switched
        .find("\x1b[?1049l")
        .unwrap_or_else(|| panic!("{switched:?}"));
    let push = switched
        .find("\x1b[>7u")
        .unwrap_or_else(|| panic!("{switched:?}"));
    assert!(pop < leave && leave < push, "{switched:?}");
    assert_eq!(renderer.mode(), TuiMode::Regular);
    assert!(!canonical(pty.slave()), "still raw");
    terminal
        .switch_mode(&mut renderer, TuiMode::Fullscreen)
        .unwrap_or_else(|e| panic!("switch: {e}"));
    assert!(pty.output_until("\x1b[c").contains("\x1b[?1049h"));

    // Quitting: the key release typed after the quit key is drained, not delivered.
    pty.type_in("\x1b[?7u");
    assert_eq!(
        next_event(&mut events).await,
        TerminalEvent::KittyProtocol(true)
    );
    // Typed a moment after the drain starts (before, the input thread might still take it).
    let master = pty
        .master
        .try_clone()
        .unwrap_or_else(|e| panic!("dup: {e}"));
    let late = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        let _ = rustix::io::write(&master, b"\x1b[100;5:3u");
    });
    terminal
        .drain_input(Duration::from_millis(500), Duration::from_millis(50))
        .unwrap_or_else(|e| panic!("drain: {e}"));
    let _ = late.join();
    assert!(pty.output_until("\x1b[<u").ends_with("\x1b[<u"));
    assert_eq!(
        events.try_recv().ok(),
        Some(TerminalEvent::KittyProtocol(false))
    );
    assert!(events.try_recv().is_err(), "nothing after the drain");
    terminal
        .stop(&mut renderer, None)
        .unwrap_or_else(|e| panic!("stop: {e}"));
    terminal
        .resume(&mut renderer)
        .unwrap_or_else(|e| panic!("resume: {e}"));
    pty.output_until("\x1b[c");
    drop(terminal);
    let dropped = pty.output_until("\x1b[?1049l");
    assert!(
        dropped.contains("\x1b[<u\x1b[>4;0m\x1b[?1049l"),
        "{dropped:?}"
    );
    assert!(canonical(pty.slave()), "cooked mode after drop");
    let _ = std::io::stdout().flush();
}

#[tokio::test]
async fn a_terminal_that_goes_away_is_reported() {
    let pty = pty();
    let mut renderer = Renderer::new(TuiMode::Regular);
    let (terminal, mut events) = Terminal::start_on(
        pty.slave(),
        pty.slave(),
        &mut renderer,
        TerminalOptions::default(),
    )
    .unwrap_or_else(|e| panic!("start: {e}"));
    pty.output_until("\x1b[c");
    drop(pty);
    // The other test's SIGWINCH may reach this terminal's watcher too.
    let mut event = next_event(&mut events).await;
    while matches!(event, TerminalEvent::Resize(_)) {
        event = next_event(&mut events).await;
    }
    assert_eq!(event, TerminalEvent::InputClosed);
    drop(terminal);
}
