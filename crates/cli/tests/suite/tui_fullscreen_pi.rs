//! Fullscreen mode side by side with the reference Pi 1.6.0 (skipped, with a line saying so,
//! when `tools/oracle/setup.sh` has not installed it): the same scenario, the same checks,
//! for Pi and for tau. The working indicator in the editor's top border while the answer
//! streams, mouse reporting on, transcript search finding a match above the view, a drag
//! selecting a word and copying it (OSC 52), mouse reporting off after exit.

use std::time::Duration;

use base64::Engine;
use tau_test_support::oracle::{AgentSandbox, Harness};
use tau_test_support::pty::{PtySession, Screen};
use tau_test_support::{MockServer, MockTurn};

use super::interactive_pty::{command, runtime};

const START: Duration = Duration::from_secs(60);
const WAIT: Duration = Duration::from_secs(30);

fn wait(
    session: &PtySession,
    what: &str,
    ready: impl Fn(&Screen) -> bool + Send + 'static,
) -> Screen {
    session
        .wait_for(ready, WAIT)
        .unwrap_or_else(|dump| panic!("{what}\n{dump}"))
}

/// The working indicator sits in the editor's top border.
fn working(screen: &Screen) -> bool {
    screen
        .rows()
        .iter()
        .any(|r| r.starts_with("── ") && r.contains(" Working"))
}

fn startup_notices(screen: &Screen) -> usize {
    screen
        .rows()
        .iter()
        .filter(|r| r.contains("Startup is still in progress"))
        .count()
}

fn viewport_scenario(harness: Harness) {
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    let Some(spec) = command(harness, &sandbox, true) else {
        return;
    };
    // Pi copies through the terminal (OSC 52) only for remote sessions or when asked to.
    let spec = spec.env("PI_CLIPBOARD_OSC52", "1");
    let runtime = runtime();
    let mut text = vec!["needle-marker alpha beta gamma".to_string()];
    text.extend((2..=40).map(|i| format!("line-{i:02}")));
    let turn = MockTurn {
        chunk_chars: Some(12),
        delay_ms: 15,
        ..MockTurn::text(text.join("\n\n"))
    };
    let server = runtime
        .block_on(MockServer::start(vec![turn.into()]))
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");
    let session = PtySession::spawn_with(spec).expect("spawn");
    session
        .wait_for(|s| s.contains("mock-model"), START)
        .unwrap_or_else(|dump| panic!("{dump}"));
    session.send_text("tell me").expect("type");
    wait(&session, "the prompt was not typed", |s| {
        s.contains("tell me")
    });
    // Pi keeps the prompt and says so when Enter comes before its start-up finished: Enter
    // again after each such notice.
    let mut notices = 0;
    for _ in 0..20 {
        session.send_key("enter").expect("enter");
        let screen = wait(
            &session,
            "no working indicator in the editor's border",
            move |s| working(s) || startup_notices(s) > notices,
        );
        if working(&screen) {
            break;
        }
        notices = startup_notices(&screen);
    }
    let screen = wait(&session, "the answer never ended", |s| {
        s.contains("line-40") && !s.contains(" Working")
    });
    assert!(screen.mouse_reporting(), "{}", screen.dump());
    assert!(
        !screen.contains("needle-marker"),
        "the start is above the view"
    );

    session.send(b"\x1b[102;6u").expect("ctrl+shift+f");
    wait(&session, "no search bar", |s| {
        s.contains("Find in transcript")
    });
    session.send_text("NEEDLE-mark").expect("query");
    let screen = wait(&session, "the match was never shown", |s| {
        s.contains("1/1") && s.contains("needle-marker alpha")
    });
    let bar = screen
        .rows()
        .iter()
        .find(|r| r.contains("↑ Shift+Enter · ↓ Enter"));
    assert!(bar.is_some(), "{}", screen.dump());
    // The bar has the focus: the terminal's cursor is in its input, not in the editor.
    let input_row = screen.rows().iter().position(|r| r.contains("1/1"));
    assert_eq!(
        Some(usize::from(screen.cursor().0)),
        input_row,
        "{}",
        screen.dump()
    );
    session.send_key("escape").expect("close the search");
    let screen = wait(&session, "the search bar stayed", |s| !s.contains("1/1"));

    let (row, col) = screen
        .rows()
        .iter()
        .enumerate()
        .find_map(|(row, line)| {
            let byte = line.find("beta")?;
            Some((row, line[..byte].chars().count()))
        })
        .expect("beta on screen");
    let (x, y) = (col + 1, row + 1);
    let drag = format!(
        "\x1b[<0;{x};{y}M\x1b[<32;{};{y}M\x1b[<0;{};{y}m",
        x + 3,
        x + 3
    );
    session.send(drag.as_bytes()).expect("drag");
    wait(&session, "no copy confirmation", |s| s.contains("Copied!"));
    let expected = format!(
        "osc52 {}",
        base64::engine::general_purpose::STANDARD.encode("beta")
    );
    assert!(
        session.queries().contains(&expected),
        "{:?}",
        session.queries()
    );

    session.send_key("ctrl+d").expect("ctrl+d");
    let status = session
        .wait_exit(WAIT)
        .unwrap_or_else(|dump| panic!("did not exit\n{dump}"));
    assert!(status.success(), "{status:?}");
    // The output is read on after the exit: wait for the last of it.
    wait(&session, "the mouse was not given back", |s| {
        !s.mouse_reporting()
    });
}

#[test]
fn pi_fullscreen_viewport() {
    viewport_scenario(Harness::Pi);
}

#[test]
fn tau_fullscreen_viewport() {
    viewport_scenario(Harness::Tau);
}
