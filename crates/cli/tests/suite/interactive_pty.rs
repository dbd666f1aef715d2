//! The interactive mode end to end on a pseudo-terminal (`tau_test_support::pty`): a prompt
//! typed in the editor, the scripted reply streamed from the loopback model onto the screen,
//! a resize, and the exit keys (ctrl+c twice, ctrl+d), on a Kitty-capable and on a legacy
//! terminal.
//!
//! The same scenario runs against the reference Pi 1.6.0 (opt-in: skipped, with a line saying
//! so, when `tools/oracle/setup.sh` has not installed it) and against tau.

use std::time::Duration;

use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};
use tau_test_support::pty::{PtyCommand, PtySession, Screen};
use tau_test_support::{MockServer, MockTurn};

/// Pi starts in about a second; a loaded machine can take much longer.
const START: Duration = Duration::from_secs(60);
const WAIT: Duration = Duration::from_secs(30);

/// A runtime that serves the mock model while the test drives the terminal.
pub(super) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime")
}

/// Pi's (or tau's) command on a 100x30 terminal in the sandbox, with only its environment.
pub(super) fn command(harness: Harness, sandbox: &AgentSandbox, kitty: bool) -> Option<PtyCommand> {
    let mut spec = match harness {
        Harness::Tau => PtyCommand::new(env!("CARGO_BIN_EXE_tau"), &sandbox.project),
        Harness::Pi => {
            let Some(pi) = PiOracle::locate() else {
                eprintln!(
                    "interactive Pi: skipped: reference Pi not installed; run tools/oracle/setup.sh"
                );
                return None;
            };
            PtyCommand::new(&pi.node, &sandbox.project).args([pi.cli.as_os_str()])
        }
    };
    spec = spec.args(["--no-session"]).size(100, 30).kitty(kitty);
    spec.clear_env = true;
    for (key, value) in sandbox.env(harness) {
        spec = spec.env(key, value);
    }
    Some(spec)
}

/// The editor is up: the footer shows the model.
fn editor_ready(screen: &Screen) -> bool {
    screen.contains("mock-model")
}

fn prompt_stream_exit(harness: Harness, kitty: bool, exit_keys: &[&str]) {
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    let Some(spec) = command(harness, &sandbox, kitty) else {
        return;
    };
    let runtime = runtime();
    let reply = "Streaming the scripted reply: one, two, three.";
    let turn = MockTurn {
        chunk_chars: Some(4),
        delay_ms: 5,
        ..MockTurn::text(reply)
    };
    let server = runtime
        .block_on(MockServer::start(vec![turn.into()]))
        .expect("mock server");
    sandbox.point_at(&server.base_url()).expect("models.json");

    let session = PtySession::spawn_with(spec).expect("spawn");
    let ready = session
        .wait_for(editor_ready, START)
        .unwrap_or_else(|dump| panic!("{dump}"));
    // The app enabled the Kitty flags it asked for, and only on a terminal that has them.
    let expected_flags = if kitty { 7 } else { 0 };
    assert_eq!(ready.kitty_flags(), expected_flags, "{}", ready.dump());
    let queries = session.queries();
    assert!(queries.iter().any(|query| query == "DA1"), "{queries:?}");

    session.send_text("say something").expect("type");
    session
        .wait_for_text("say something", WAIT)
        .unwrap_or_else(|dump| panic!("{dump}"));
    session.send_key("enter").expect("enter");
    let streamed = session
        .wait_for_text(reply, WAIT)
        .unwrap_or_else(|dump| panic!("{dump}"));
    assert!(streamed.contains("say something"), "{}", streamed.dump());
    let requests = server.requests();
    assert_eq!(requests.len(), 1, "{}", streamed.dump());
    assert!(requests[0].body.contains("say something"));

    // A narrower, shorter terminal: the app redraws with the footer on the new last row.
    session.resize(80, 24).expect("resize");
    let resized = session
        .wait_for(
            |screen| {
                screen
                    .rows()
                    .get(23)
                    .is_some_and(|row| row.contains("mock-model"))
            },
            WAIT,
        )
        .unwrap_or_else(|dump| panic!("{dump}"));
    assert!(resized.contains(reply), "{}", resized.dump());

    // Every key but the last leaves the app running (the first ctrl+c only clears the editor).
    if let Some((last, first)) = exit_keys.split_last() {
        for key in first {
            session.send_key(key).expect("key");
            std::thread::sleep(Duration::from_millis(200));
            let running = session.exit_status().is_none();
            assert!(running, "exited on {key}\n{}", session.dump());
        }
        session.send_key(last).expect("key");
    }
    let status = session
        .wait_exit(WAIT)
        .unwrap_or_else(|dump| panic!("{dump}"));
    assert!(status.success(), "{status:?}\n{}", session.dump());
}

#[test]
fn pi_streams_a_reply_and_exits_on_ctrl_c_twice() {
    prompt_stream_exit(Harness::Pi, true, &["ctrl+c", "ctrl+c"]);
}

#[test]
fn pi_on_a_legacy_terminal_exits_on_ctrl_d() {
    prompt_stream_exit(Harness::Pi, false, &["ctrl+d"]);
}

#[test]
fn tau_streams_a_reply_and_exits_on_ctrl_c_twice() {
    prompt_stream_exit(Harness::Tau, true, &["ctrl+c", "ctrl+c"]);
}

#[test]
fn tau_on_a_legacy_terminal_exits_on_ctrl_d() {
    prompt_stream_exit(Harness::Tau, false, &["ctrl+d"]);
}
