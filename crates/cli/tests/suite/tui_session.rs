//! tau's terminal UI end to end: the real binary on a pseudo-terminal, the loopback model
//! (`MockServer`) answering, the screen read through a terminal emulator. Tool rows, abort,
//! steering, the user's shell, built-in commands, an extension dialog, regular mode and
//! resize.

use std::path::Path;
use std::time::Duration;

use serde_json::json;
use tau_test_support::oracle::{AgentSandbox, Harness};
use tau_test_support::pty::{PtyCommand, PtySession, Screen};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};

use crate::suite::ext_support::ext_env;

const START: Duration = Duration::from_secs(60);
const WAIT: Duration = Duration::from_secs(30);

/// A sandbox, a loopback model serving `turns`, and tau on a 100x30 terminal in it.
pub(super) struct Tui {
    _dir: tempfile::TempDir,
    pub(super) sandbox: AgentSandbox,
    pub(super) server: MockServer,
    _runtime: tokio::runtime::Runtime,
    pub(super) session: PtySession,
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime")
}

impl Tui {
    pub(super) fn start(turns: Vec<MockTurn>, args: &[&str]) -> Tui {
        Self::start_with(turns, args, |_, spec| spec)
    }

    pub(super) fn start_with(
        turns: Vec<MockTurn>,
        args: &[&str],
        prepare: impl FnOnce(&AgentSandbox, PtyCommand) -> PtyCommand,
    ) -> Tui {
        Self::start_until(turns, args, prepare, "mock-model")
    }

    /// [`Self::start_with`] with any replies (HTTP errors too).
    pub(super) fn start_replies(
        turns: Vec<MockReply>,
        args: &[&str],
        prepare: impl FnOnce(&AgentSandbox, PtyCommand) -> PtyCommand,
    ) -> Tui {
        Self::start_until(turns, args, prepare, "mock-model")
    }

    /// As [`Tui::start_replies`], ready once the screen shows `ready` (a picker shown before
    /// the editor comes up).
    pub(super) fn start_until(
        turns: Vec<impl Into<MockReply>>,
        args: &[&str],
        prepare: impl FnOnce(&AgentSandbox, PtyCommand) -> PtyCommand,
        ready: &'static str,
    ) -> Tui {
        let tui = Self::launch(turns, args, prepare);
        tui.session
            .wait_for(move |s| s.contains(ready), START)
            .unwrap_or_else(|dump| panic!("never showed {ready:?}\n{dump}"));
        tui
    }

    /// [`Tui::start_with`] without waiting for the editor (a question may come first).
    pub(super) fn launch(
        turns: Vec<impl Into<MockReply>>,
        args: &[&str],
        prepare: impl FnOnce(&AgentSandbox, PtyCommand) -> PtyCommand,
    ) -> Tui {
        let dir = tempfile::tempdir().expect("tempdir");
        let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
        let runtime = runtime();
        let server = runtime
            .block_on(MockServer::start(
                turns.into_iter().map(Into::into).collect(),
            ))
            .expect("mock server");
        sandbox.point_at(&server.base_url()).expect("models.json");
        let mut spec = PtyCommand::new(env!("CARGO_BIN_EXE_tau"), &sandbox.project)
            .args(args.iter().copied())
            .size(100, 30);
        spec.clear_env = true;
        for (key, value) in sandbox.env(Harness::Tau) {
            spec = spec.env(key, value);
        }
        let spec = prepare(&sandbox, spec);
        let session = PtySession::spawn_with(spec).expect("spawn tau");
        Tui {
            _dir: dir,
            sandbox,
            server,
            _runtime: runtime,
            session,
        }
    }

    pub(super) fn type_line(&self, text: &str) {
        self.session.send_text(text).expect("type");
        self.session
            .wait_for_text(text, WAIT)
            .unwrap_or_else(|dump| panic!("typed text not shown\n{dump}"));
        self.session.send_key("enter").expect("enter");
    }

    pub(super) fn wait(&self, text: &str) -> String {
        let screen = self
            .session
            .wait_for_text(text, WAIT)
            .unwrap_or_else(|dump| panic!("never showed {text:?}\n{dump}"));
        screen.text()
    }

    /// Waits until `ready` holds for the screen; fails saying `what` did not happen.
    pub(super) fn wait_until(
        &self,
        what: &str,
        ready: impl Fn(&Screen) -> bool + Send + 'static,
    ) -> Screen {
        self.session
            .wait_for(ready, WAIT)
            .unwrap_or_else(|dump| panic!("{what}\n{dump}"))
    }

    /// Ctrl+C twice (the first only clears): the way out when an extension's editor has the
    /// keys.
    pub(super) fn quit_with_ctrl_c(&self) {
        self.session.send_key("ctrl+c").expect("ctrl+c");
        self.session.send_key("ctrl+c").expect("ctrl+c");
        let status = self
            .session
            .wait_exit(WAIT)
            .unwrap_or_else(|dump| panic!("did not exit\n{dump}"));
        assert!(status.success(), "{status:?}\n{}", self.session.dump());
    }

    pub(super) fn quit(&self) {
        self.session.send_key("ctrl+d").expect("ctrl+d");
        let status = self
            .session
            .wait_exit(WAIT)
            .unwrap_or_else(|dump| panic!("did not exit\n{dump}"));
        assert!(status.success(), "{status:?}\n{}", self.session.dump());
    }
}

#[test]
fn a_tool_call_shows_as_a_row_with_its_output() {
    let call = MockToolCall::new(
        "call-1",
        "bash",
        json!({"command": "echo hi-from-the-tool"}),
    );
    let tui = Tui::start(
        vec![
            MockTurn::tool_calls([call]),
            MockTurn::text("All done here."),
        ],
        &["--no-session"],
    );
    tui.type_line("run it");
    let screen = tui.wait("All done here.");
    assert!(screen.contains("$ echo hi-from-the-tool"), "{screen}");
    assert!(
        screen.contains("hi-from-the-tool\n") || screen.matches("hi-from-the-tool").count() >= 2,
        "{screen}"
    );
    assert_eq!(tui.server.requests().len(), 2);
    tui.quit();
}

#[test]
fn escape_aborts_a_streaming_reply() {
    let long = "word ".repeat(400);
    let turn = MockTurn {
        chunk_chars: Some(5),
        delay_ms: 40,
        ..MockTurn::text(long)
    };
    let tui = Tui::start(vec![turn], &["--no-session"]);
    tui.type_line("talk a lot");
    tui.wait("word word");
    tui.session.send_key("escape").expect("escape");
    let screen = tui.wait("Operation aborted");
    assert!(screen.contains("talk a lot"), "{screen}");
    tui.quit();
}

#[test]
fn enter_while_working_steers_the_run() {
    let slow = MockTurn {
        chunk_chars: Some(4),
        delay_ms: 60,
        ..MockTurn::text("first answer, slowly streamed to leave time for steering")
    };
    let tui = Tui::start(
        vec![slow, MockTurn::text("steered answer")],
        &["--no-session"],
    );
    tui.type_line("begin");
    tui.wait("first answer");
    tui.type_line("change course");
    tui.wait("steered answer");
    let requests = tui.server.requests();
    assert_eq!(requests.len(), 2, "{}", tui.session.dump());
    assert!(requests[1].body.contains("change course"));
    tui.quit();
}

#[test]
fn bang_runs_the_users_shell_and_records_it() {
    let tui = Tui::start(vec![MockTurn::text("seen it")], &[]);
    tui.type_line("!echo shell-output-42");
    // The command line, then its output on a row of its own.
    let screen = tui
        .session
        .wait_for(|s| s.text().matches("shell-output-42").count() >= 2, WAIT)
        .unwrap_or_else(|dump| panic!("no output\n{dump}"))
        .text();
    assert!(screen.contains("$ echo shell-output-42"), "{screen}");
    // The next prompt carries the command and its output to the model.
    tui.type_line("what did it print?");
    tui.wait("seen it");
    let requests = tui.server.requests();
    assert!(
        requests[0].body.contains("shell-output-42"),
        "{}",
        requests[0].body
    );
    tui.quit();
}

#[test]
fn built_in_commands_name_show_and_quit() {
    let tui = Tui::start(vec![MockTurn::text("noted")], &[]);
    tui.type_line("/name demo-session");
    tui.wait("• demo-session");
    // Like Pi, the session file is written from the first answer on.
    tui.type_line("remember this");
    tui.wait("noted");
    tui.type_line("/session");
    let screen = tui.wait("Name: demo-session");
    assert!(screen.contains("Messages: 1 user, 1 assistant"), "{screen}");
    tui.type_line("/quit");
    let status = tui
        .session
        .wait_exit(WAIT)
        .unwrap_or_else(|d| panic!("{d}"));
    assert!(status.success());
    // The name was recorded in the session file, as Pi records it.
    let sessions = tui.sandbox.agent_dir.join("sessions");
    let text = session_text(&sessions);
    assert!(
        text.contains("\"session_info\"") && text.contains("demo-session"),
        "{text}"
    );
}

/// A node for extensions in the terminal UI (22.19+): `TAU_NODE`, `node` on `PATH`, or the
/// reference Pi's; `None` (with the reason printed) when none is new enough.
pub fn tui_node(test: &str) -> Option<std::path::PathBuf> {
    let candidates = [
        std::env::var_os("TAU_NODE").map(std::path::PathBuf::from),
        Some("node".into()),
        tau_test_support::oracle::PiOracle::locate().map(|pi| pi.node),
    ];
    for node in candidates.into_iter().flatten() {
        let Ok(output) = std::process::Command::new(&node).arg("--version").output() else {
            continue;
        };
        let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
        let mut parts = version.trim_start_matches('v').split('.');
        let major: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        let minor: u32 = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
        if (major, minor) >= (22, 19) {
            return Some(node);
        }
    }
    eprintln!("{test}: skipped: no Node.js 22.19+ (set TAU_NODE, or run tools/oracle/setup.sh)");
    None
}

fn session_text(root: &Path) -> String {
    let mut text = String::new();
    for dir in std::fs::read_dir(root).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            text.push_str(&std::fs::read_to_string(file.path()).unwrap_or_default());
        }
    }
    text
}

#[test]
fn an_extension_dialog_takes_the_editors_place() {
    let Some(env) = ext_env("an_extension_dialog_takes_the_editors_place") else {
        return;
    };
    let Some(node) = tui_node("an_extension_dialog_takes_the_editors_place") else {
        return;
    };
    let extension = r#"
export default function (pi) {
  pi.registerCommand("pick", {
    description: "pick a letter",
    handler: async (_args, ctx) => {
      const choice = await ctx.ui.select("Pick one", ["alpha", "beta", "gamma"]);
      const sure = await ctx.ui.confirm("Really?", `use ${choice}`);
      ctx.ui.notify(`picked ${choice} ${sure ? "for sure" : "maybe"}`, "info");
      ctx.ui.setStatus("pick", `last: ${choice}`);
    },
  });
}
"#;
    let tui = Tui::start_with(vec![], &[], |sandbox, mut spec| {
        let path = sandbox.project.join("pick.ts");
        std::fs::write(&path, extension).expect("extension");
        spec = spec.args(["-e", path.to_str().unwrap_or_default()]);
        spec = spec.env("TAU_EXT_HOST", env.host.display().to_string());
        spec.env("TAU_NODE", node.display().to_string())
    });
    tui.type_line("/pick");
    tui.wait("Pick one");
    tui.session.send_key("down").expect("down");
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait("use beta");
    assert!(screen.contains("Yes") && screen.contains("No"), "{screen}");
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait("picked beta for sure");
    assert!(screen.contains("last: beta"), "{screen}");
    tui.quit();
}

#[test]
fn regular_mode_leaves_the_transcript_in_the_terminal() {
    let tui = Tui::start(
        vec![MockTurn::text("an answer for the scrollback")],
        &["--no-session", "--tui-mode", "regular"],
    );
    // The terminal keeps the mouse (its own selection and scrollback), as with Pi.
    assert!(!tui.session.screen().mouse_reporting());
    tui.type_line("hello there");
    tui.wait("an answer for the scrollback");
    tui.quit();
    // Regular mode draws on the normal screen: what was said stays after exit.
    let screen = tui.session.screen().text();
    assert!(screen.contains("an answer for the scrollback"), "{screen}");
    assert!(screen.contains("hello there"), "{screen}");
}

#[test]
fn a_resize_lays_the_screen_out_again() {
    let tui = Tui::start(vec![MockTurn::text("short reply")], &["--no-session"]);
    tui.type_line("hi");
    tui.wait("short reply");
    tui.session.resize(60, 20).expect("resize");
    let screen = tui
        .session
        .wait_for(
            |s| {
                s.text().lines().any(|l| {
                    l.trim_end().ends_with("mock-model") && l.trim_end().chars().count() <= 60
                })
            },
            WAIT,
        )
        .unwrap_or_else(|dump| panic!("footer not re-laid at 60 columns\n{dump}"));
    assert!(screen.text().contains("short reply"), "{}", screen.dump());
    tui.quit();
}

#[test]
fn extensions_on_a_node_too_old_for_pi_tui_stop_the_terminal_ui() {
    let Some(env) = ext_env("extensions_on_a_node_too_old_for_pi_tui") else {
        return;
    };
    let old = std::process::Command::new("node")
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|v| v.starts_with("v20.") || v.starts_with("v21.") || v.starts_with("v22.1."));
    let Some(version) = old else {
        eprintln!("extensions_on_a_node_too_old_for_pi_tui: skipped: `node` on PATH is not older than 22.19");
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
    sandbox.point_at("http://127.0.0.1:9").expect("models.json");
    let path = sandbox.project.join("noop.ts");
    std::fs::write(&path, "export default function (pi) {}\n").expect("extension");
    let mut spec = PtyCommand::new(env!("CARGO_BIN_EXE_tau"), &sandbox.project)
        .args(["-e", path.to_str().unwrap_or_default()])
        .size(100, 30);
    spec.clear_env = true;
    for (key, value) in sandbox.env(Harness::Tau) {
        spec = spec.env(key, value);
    }
    let which = std::process::Command::new("sh")
        .args(["-c", "command -v node"])
        .output()
        .expect("sh");
    let node = String::from_utf8_lossy(&which.stdout).trim().to_string();
    let spec = spec
        .env("TAU_EXT_HOST", env.host.display().to_string())
        .env("TAU_NODE", node);
    let session = PtySession::spawn_with(spec).expect("spawn tau");
    let status = session.wait_exit(START).unwrap_or_else(|d| panic!("{d}"));
    let screen = session.screen().text();
    assert!(!status.success(), "{screen}");
    assert!(
        screen.contains("22.19+") && screen.contains(&version),
        "{screen}"
    );
}

#[test]
fn extensions_list_and_switch_themes() {
    let Some(env) = ext_env("extensions_list_and_switch_themes") else {
        return;
    };
    let Some(node) = tui_node("extensions_list_and_switch_themes") else {
        return;
    };
    let extension = r#"
export default function (pi) {
  pi.registerCommand("themes", {
    handler: async (_args, ctx) => {
      const names = ctx.ui.getAllThemes().map((t) => t.name).join(",");
      const light = ctx.ui.getTheme("light");
      const result = ctx.ui.setTheme("light");
      const missing = ctx.ui.setTheme("no-such-theme");
      ctx.ui.notify(`themes=${names} got=${light ? light.name : "none"} ok=${result.success} missing=${missing.success}`, "info");
    },
  });
}
"#;
    let tui = Tui::start_with(vec![], &[], |sandbox, spec| {
        let path = sandbox.project.join("themes.ts");
        std::fs::write(&path, extension).expect("extension");
        spec.args(["-e", path.to_str().unwrap_or_default()])
            .env("TAU_EXT_HOST", env.host.display().to_string())
            .env("TAU_NODE", node.display().to_string())
    });
    tui.type_line("/themes");
    let screen = tui.wait("ok=true");
    assert!(
        screen.contains("dark") && screen.contains("light"),
        "{screen}"
    );
    assert!(
        screen.contains("got=light") && screen.contains("missing=false"),
        "{screen}"
    );
    tui.quit();
}
