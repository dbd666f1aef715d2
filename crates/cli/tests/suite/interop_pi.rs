//! Session interop with the reference Pi 1.6.0: a session written by one harness and resumed
//! by both must send the model the same conversation.
//!
//! Opt-in: the tests need the Pi and Node 22 that `tools/oracle/setup.sh` installs (found via
//! `TAU_ORACLE_PI`/`TAU_ORACLE_NODE_BIN`, else the script's default cache). Without them each
//! test prints a "skipped" line and passes. Both harnesses talk to one `MockServer`, each with
//! its own agent dir holding the same `models.json`, in the same project folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};

/// A Pi run that takes longer than this has hung (a normal one takes about a second).
const RUN_TIMEOUT: Duration = Duration::from_secs(90);

/// Where the reference Pi is installed (the harness's own locator).
type Pi = tau_test_support::oracle::PiOracle;

fn locate_pi() -> Option<Pi> {
    Pi::locate()
}

/// `Some(pi)`, or prints why the test is skipped.
fn pi_or_skip(test: &str) -> Option<Pi> {
    let pi = locate_pi();
    if pi.is_none() {
        eprintln!(
            "{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh \
             (or set TAU_ORACLE_PI and TAU_ORACLE_NODE_BIN)"
        );
    }
    pi
}

/// Which program runs.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Harness {
    Tau,
    Pi,
}

/// One project folder, an agent dir per harness, and a scratch folder; cheap to clone into
/// blocking tasks (the temp dir itself stays with the test).
#[derive(Debug, Clone)]
struct Sandbox {
    pi: Pi,
    root: PathBuf,
    project: PathBuf,
}

impl Sandbox {
    fn new(dir: &tempfile::TempDir, pi: Pi) -> Self {
        let root = dir.path().to_path_buf();
        let project = root.join("project");
        for sub in ["project", "home", "tau-agent", "pi-agent"] {
            std::fs::create_dir_all(root.join(sub)).expect("mkdir");
        }
        std::fs::write(project.join("notes.txt"), "alpha\nbeta\n").expect("notes.txt");
        Sandbox { pi, root, project }
    }

    fn agent_dir(&self, who: Harness) -> PathBuf {
        self.root.join(match who {
            Harness::Tau => "tau-agent",
            Harness::Pi => "pi-agent",
        })
    }

    /// Gives both harnesses the same models.json: one provider `mock` at `base_url`.
    fn point_at(&self, base_url: &str) {
        let models = json!({"providers": {"mock": {
            "baseUrl": base_url,
            "api": "openai-completions",
            "apiKey": "sk-mock",
            "models": [{"id": "mock-model", "name": "Mock Model"}]
        }}});
        for who in [Harness::Tau, Harness::Pi] {
            std::fs::write(self.agent_dir(who).join("models.json"), models.to_string())
                .expect("models.json");
        }
    }

    /// Runs a harness in the project folder with a minimal environment; panics on failure.
    fn run(&self, who: Harness, args: &[&str]) {
        let mut cmd = match who {
            Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
            Harness::Pi => {
                let mut cmd = Command::new(&self.pi.node);
                cmd.arg(&self.pi.cli);
                cmd
            }
        };
        let agent_var = match who {
            Harness::Tau => "TAU_AGENT_DIR",
            Harness::Pi => "PI_CODING_AGENT_DIR",
        };
        let out = self.root.join("out.txt");
        let err = self.root.join("err.txt");
        cmd.args(args)
            .current_dir(&self.project)
            .env_clear()
            .env("PATH", "/usr/local/bin:/usr/bin:/bin")
            .env("HOME", self.root.join("home"))
            .env("TERM", "dumb")
            .env("LANG", "C.UTF-8")
            .env("PI_OFFLINE", "1")
            .env("PI_SKIP_VERSION_CHECK", "1")
            .env("PI_TELEMETRY", "0")
            .env(agent_var, self.agent_dir(who))
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&out).expect("out.txt"))
            .stderr(std::fs::File::create(&err).expect("err.txt"));
        let status = wait_with_timeout(cmd, &format!("{who:?} {args:?}"));
        let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            status.success(),
            "{who:?} {args:?} failed ({status})\nstdout: {}\nstderr: {}",
            read(&out),
            read(&err)
        );
    }

    /// The one session file a harness has written under its agent dir.
    fn only_session(&self, who: Harness) -> PathBuf {
        let sessions = self.agent_dir(who).join("sessions");
        let files: Vec<PathBuf> = std::fs::read_dir(&sessions)
            .expect("sessions dir")
            .flat_map(|dir| std::fs::read_dir(dir.expect("entry").path()).expect("cwd dir"))
            .map(|file| file.expect("entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
            .collect();
        assert_eq!(files.len(), 1, "{who:?} session files: {files:?}");
        files[0].clone()
    }

    /// A copy of `session` to resume, since resuming appends to the file.
    fn copy(&self, session: &Path, name: &str) -> String {
        let path = self.root.join(name);
        std::fs::copy(session, &path).expect("copy session");
        path.display().to_string()
    }
}

fn wait_with_timeout(mut cmd: Command, what: &str) -> std::process::ExitStatus {
    let mut child = cmd.spawn().unwrap_or_else(|e| panic!("spawn {what}: {e}"));
    let deadline = Instant::now() + RUN_TIMEOUT;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} did not finish in {RUN_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs blocking work (child processes) off the runtime that serves the mock.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(work).await.expect("join")
}

/// Has `writer` write a two-turn session: "first" (a read tool call, then an answer), then
/// "second" resumed from the file. Returns the session file.
async fn write_two_turn_session(sandbox: &Sandbox, writer: Harness) -> PathBuf {
    let read_call = MockTurn {
        text: Some("Reading.".into()),
        ..MockTurn::tool_calls([MockToolCall::new(
            "call_read_1",
            "read",
            json!({"path": "notes.txt"}),
        )])
    };
    let server = MockServer::start(vec![
        read_call.into(),
        MockTurn::text("It has alpha and beta.").into(),
        MockTurn::text("Second answer.").into(),
    ])
    .await
    .expect("mock server");
    sandbox.point_at(&server.base_url());
    let run = sandbox.clone();
    let session = blocking(move || {
        run.run(writer, &["-p", "first"]);
        let session = run.only_session(writer);
        let path = session.display().to_string();
        run.run(writer, &["--session", &path, "-p", "second"]);
        session
    })
    .await;
    assert_eq!(server.requests().len(), 3, "{writer:?} made other requests");
    session
}

/// Pi and tau each resume a copy of `session` with `-p next`; returns the `messages` of the
/// request each sent, (Pi's, tau's).
async fn resume_both(sandbox: &Sandbox, session: &Path) -> (Value, Value) {
    let answer = || MockReply::from(MockTurn::text("Answer to next."));
    let server = MockServer::start(vec![answer(), answer()])
        .await
        .expect("mock server");
    sandbox.point_at(&server.base_url());
    let pi_copy = sandbox.copy(session, "resume-pi.jsonl");
    let tau_copy = sandbox.copy(session, "resume-tau.jsonl");
    let run = sandbox.clone();
    blocking(move || {
        run.run(Harness::Pi, &["--session", &pi_copy, "-p", "next"]);
        run.run(Harness::Tau, &["--session", &tau_copy, "-p", "next"]);
    })
    .await;
    let requests = server.requests();
    assert_eq!(requests.len(), 2, "one request each: {requests:#?}");
    (
        comparable(requests[0].json()["messages"].clone()),
        comparable(requests[1].json()["messages"].clone()),
    )
}

/// The system prompt is the one part each harness brings itself: on resume both replay the
/// session's system sections and patch in their own, so the first paragraph names the
/// harness (tau says it is tau) and Pi has a `<docs>` block pointing at its install (kept
/// in place for its own sessions, appended for tau's). Those two parts are removed; the tool
/// list, rules and cwd must still agree.
fn comparable(mut messages: Value) -> Value {
    if let Some(system) = messages.get_mut(0).filter(|m| m["role"] == "system") {
        let text = comparable_prompt(system["content"].as_str().unwrap_or_default());
        system["content"] = Value::String(text);
    }
    messages
}

/// A system prompt without the parts each harness words itself: the first paragraph and
/// Pi's `<docs>` section.
pub(super) fn comparable_prompt(prompt: &str) -> String {
    let mut text = match prompt.split_once("\n\n") {
        Some((_identity, rest)) => rest.to_owned(),
        None => String::new(),
    };
    if let (Some(start), Some(end)) = (text.find("<docs>"), text.find("</docs>")) {
        text.replace_range(start..end + "</docs>".len(), "");
    }
    text.replace("\n\n\n\n", "\n\n").trim().to_owned()
}

/// (role, text) of each message, for readable checks of what the conversation holds.
fn transcript(messages: &Value) -> Vec<(String, String)> {
    let text = |content: &Value| match content {
        Value::String(s) => s.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        _ => String::new(),
    };
    messages
        .as_array()
        .expect("messages array")
        .iter()
        .skip(1)
        .map(|m| {
            (
                m["role"].as_str().unwrap_or("?").to_owned(),
                text(&m["content"]),
            )
        })
        .collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(role, text)| ((*role).to_owned(), (*text).to_owned()))
        .collect()
}

const TWO_TURNS: &[(&str, &str)] = &[
    ("user", "first"),
    ("assistant", "Reading."),
    ("tool", "alpha\nbeta\n"),
    ("assistant", "It has alpha and beta."),
    ("user", "second"),
    ("assistant", "Second answer."),
    ("user", "next"),
];

#[tokio::test(flavor = "multi_thread")]
async fn a_session_tau_wrote_resumes_the_same_in_pi_and_tau() {
    let Some(pi) = pi_or_skip("a_session_tau_wrote_resumes_the_same_in_pi_and_tau") else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let sandbox = Sandbox::new(&dir, pi);
    let session = write_two_turn_session(&sandbox, Harness::Tau).await;
    let (pi_messages, tau_messages) = resume_both(&sandbox, &session).await;
    assert_eq!(tau_messages, pi_messages);
    assert_eq!(transcript(&pi_messages), pairs(TWO_TURNS));
    assert_eq!(pi_messages[0]["role"], "system");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_pi_wrote_resumes_the_same_in_pi_and_tau() {
    let Some(pi) = pi_or_skip("a_session_pi_wrote_resumes_the_same_in_pi_and_tau") else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let sandbox = Sandbox::new(&dir, pi);
    let session = write_two_turn_session(&sandbox, Harness::Pi).await;
    let (pi_messages, tau_messages) = resume_both(&sandbox, &session).await;
    assert_eq!(tau_messages, pi_messages);
    assert_eq!(transcript(&pi_messages), pairs(TWO_TURNS));
}

/// Branches a Pi session with Pi's own `SessionManager`: back to the answer of the first
/// turn, then a different question and answer. Prints the entry it branched from.
const BRANCH_SCRIPT: &str = r#"
const [piCli, file] = process.argv.slice(2);
const { SessionManager } = await import(new URL("index.js", "file://" + piCli).href);
const sm = SessionManager.open(file);
const firstAnswer = sm.getEntries().find(
  (e) => e.type === "message" && e.message.role === "assistant" && e.message.stopReason === "stop",
);
sm.branch(firstAnswer.id);
const now = Date.now();
sm.appendMessage({ role: "user", content: [{ type: "text", text: "alternate question" }], timestamp: now });
sm.appendMessage({ ...firstAnswer.message, content: [{ type: "text", text: "Alternate answer." }], timestamp: now + 1 });
console.log(firstAnswer.id);
"#;

#[tokio::test(flavor = "multi_thread")]
async fn a_branched_pi_session_resumes_the_active_branch_in_both() {
    let Some(pi) = pi_or_skip("a_branched_pi_session_resumes_the_active_branch_in_both") else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let sandbox = Sandbox::new(&dir, pi.clone());
    let session = write_two_turn_session(&sandbox, Harness::Pi).await;
    let script = dir.path().join("branch.mjs");
    std::fs::write(&script, BRANCH_SCRIPT).expect("branch.mjs");
    let output = Command::new(&pi.node)
        .arg(&script)
        .arg(&pi.cli)
        .arg(&session)
        .output()
        .expect("run node");
    assert!(
        output.status.success(),
        "branch script: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The abandoned branch stays in the file: the file is a tree, not a list.
    let file = std::fs::read_to_string(&session).expect("session");
    assert!(file.contains("Second answer.") && file.contains("Alternate answer."));

    let (pi_messages, tau_messages) = resume_both(&sandbox, &session).await;
    assert_eq!(tau_messages, pi_messages);
    assert_eq!(
        transcript(&pi_messages),
        pairs(&[
            ("user", "first"),
            ("assistant", "Reading."),
            ("tool", "alpha\nbeta\n"),
            ("assistant", "It has alpha and beta."),
            ("user", "alternate question"),
            ("assistant", "Alternate answer."),
            ("user", "next"),
        ])
    );
}

/// Issue 14 §3: `tau --export` of a session Pi wrote and branched with its own
/// `SessionManager`: the page opens on Pi's active branch, keeps the other one, and shows
/// Pi's recorded system prompt, the tool call with its result, and nothing unreadable.
#[tokio::test(flavor = "multi_thread")]
async fn a_branched_session_pi_wrote_exports_in_tau() {
    let Some(pi) = pi_or_skip("a_branched_session_pi_wrote_exports_in_tau") else {
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let sandbox = Sandbox::new(&dir, pi.clone());
    let session = write_two_turn_session(&sandbox, Harness::Pi).await;
    let script = dir.path().join("branch.mjs");
    std::fs::write(&script, BRANCH_SCRIPT).expect("branch.mjs");
    let branched = Command::new(&pi.node)
        .arg(&script)
        .arg(&pi.cli)
        .arg(&session)
        .output()
        .expect("run node");
    assert!(
        branched.status.success(),
        "{}",
        String::from_utf8_lossy(&branched.stderr)
    );

    let page_path = dir.path().join("pi-session.html");
    let output = Command::new(env!("CARGO_BIN_EXE_tau"))
        .arg("--export")
        .arg(&session)
        .arg(&page_path)
        .output()
        .expect("run tau");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "Pi's file read with problems: {stderr}");
    let page = std::fs::read_to_string(&page_path).expect("page");
    assert!(!page.contains("problem reading the session file"));
    // Pi records its prompt and tools as the leading system message.
    assert!(
        page.contains("System prompt") && page.contains("<span class=\"tool-name\">read</span>")
    );
    assert!(page
        .contains("<span class=\"tool-name\">read</span> <span class=\"path\">notes.txt</span>"));
    assert!(
        page.contains("<pre>alpha\nbeta\n</pre>"),
        "the read result shows"
    );
    assert!(page.contains("<dt>Models</dt><dd>mock/mock-model</dd>"));
    // Both branches are in the page; only the active one (Pi's leaf) shows.
    let transcript = page.find("<div id=\"messages\">").expect("transcript");
    let section_of = |text: &str| {
        let at = transcript
            + page[transcript..]
                .find(text)
                .unwrap_or_else(|| panic!("{text:?} in the transcript"));
        let open = page[..at].rfind("<section").expect("section");
        page[open..open + page[open..].find('>').expect("tag end")].to_string()
    };
    assert!(!section_of("Alternate answer.").ends_with(" hidden"));
    assert!(section_of("Second answer.").ends_with(" hidden"));
    assert!(!section_of("It has alpha and beta.").ends_with(" hidden"));
}
