//! Pi's session picker in tau's terminal UI (`/resume`, `tau -r`) end to end, on session
//! files written into the sandbox's agent dir: search, the scope toggle, rename and delete
//! (checked on disk), and resuming, which replaces the transcript.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::json;
use tau_test_support::oracle::AgentSandbox;
use tau_test_support::MockTurn;

use crate::suite::tui_session::Tui;

const WAIT: Duration = Duration::from_secs(30);

fn iso(ms: u64) -> String {
    tau_session::iso_timestamp(UNIX_EPOCH + Duration::from_millis(ms))
}

/// Writes a session of `cwd` (one question, one answer, optionally a name) that was last
/// active `minutes_ago`; returns its path.
fn write_session(
    sandbox: &AgentSandbox,
    cwd: &Path,
    minutes_ago: u64,
    (question, answer): (&str, &str),
    name: Option<&str>,
) -> PathBuf {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_millis() as u64;
    let at = now - minutes_ago * 60_000;
    let id = format!("{minutes_ago:08x}-0000-4000-8000-{minutes_ago:012x}");
    let cwd = cwd.display().to_string();
    let dir = tau_session::session_dir_for_cwd(&sandbox.agent_dir.join("sessions"), &cwd);
    std::fs::create_dir_all(&dir).expect("session dir");
    let path = dir.join(tau_session::session_file_name(&iso(at), &id));
    let usage = json!({"input": 1, "output": 1, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 2,
        "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}});
    let mut lines = vec![
        json!({"type": "session", "version": 3, "id": id, "timestamp": iso(at), "cwd": cwd}),
        json!({"type": "message", "id": "u1", "parentId": null, "timestamp": iso(at),
            "message": {"role": "user", "content": [{"type": "text", "text": question}], "timestamp": at}}),
        json!({"type": "message", "id": "a1", "parentId": "u1", "timestamp": iso(at),
            "message": {"role": "assistant", "content": [{"type": "text", "text": answer}],
                "api": "openai-completions", "provider": "mock", "model": "mock-model",
                "usage": usage, "stopReason": "stop", "timestamp": at}}),
    ];
    if let Some(name) = name {
        lines.push(json!({"type": "session_info", "id": "n1", "parentId": "a1",
            "timestamp": iso(at), "name": name}));
    }
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).expect("session file");
    path
}

/// Three sessions here (one named), one in another folder.
fn three_here_one_elsewhere(sandbox: &AgentSandbox) -> (PathBuf, PathBuf) {
    let parser = write_session(
        sandbox,
        &sandbox.project,
        5,
        ("fix the parser bug", "done with parser"),
        None,
    );
    let docs = write_session(
        sandbox,
        &sandbox.project,
        180,
        ("write docs for the cli", "docs written"),
        Some("Docs work"),
    );
    write_session(
        sandbox,
        &sandbox.project,
        4320,
        ("old question about lifetimes", "answer"),
        None,
    );
    write_session(
        sandbox,
        &sandbox.home,
        30,
        ("a session in another folder", "yes"),
        None,
    );
    (parser, docs)
}

fn backspaces(tui: &Tui, count: usize) {
    for _ in 0..count {
        tui.session.send_key("backspace").expect("backspace");
    }
}

#[test]
fn resume_picker_searches_toggles_scope_and_resumes() {
    let tui = Tui::start_with(
        vec![MockTurn::text("first answer here")],
        &[],
        |sandbox, spec| {
            three_here_one_elsewhere(sandbox);
            spec
        },
    );
    tui.type_line("hello there");
    tui.wait("first answer here");
    tui.type_line("/resume");
    // The open session is listed too (Pi marks it in the accent colour).
    let screen = tui.wait_until("the picker lists this folder's sessions", |s| {
        s.contains("Resume Session (Current Folder)")
            && s.contains("hello there")
            && s.contains("fix the parser bug")
            && s.contains("Docs work")
            && s.contains("old question about lifetimes")
    });
    assert!(!screen.contains("another folder"), "{}", screen.text());
    // Message text counts for the search, exactly.
    tui.session.send_text("parser").expect("type");
    tui.wait_until("the search narrows the list", |s| {
        s.contains("fix the parser bug") && !s.contains("Docs work") && !s.contains("lifetimes")
    });
    backspaces(&tui, 6);
    tui.wait_until("a cleared search lists all again", |s| {
        s.contains("fix the parser bug") && s.contains("Docs work")
    });
    tui.session.send_key("tab").expect("tab");
    tui.wait_until("Tab shows every folder's sessions", |s| {
        s.contains("Resume Session (All)") && s.contains("a session in another folder")
    });
    tui.session.send_key("tab").expect("tab");
    tui.wait_until("Tab again: this folder only", |s| {
        s.contains("Resume Session (Current Folder)") && !s.contains("another folder")
    });
    // The named session by its name; Enter resumes it.
    tui.session.send_text("docs").expect("type");
    tui.wait_until("the named session is the best match", |s| {
        s.contains("› Docs work") && !s.contains("parser")
    });
    tui.session.send_key("enter").expect("enter");
    let screen = tui.wait_until("the resumed session replaces the transcript", |s| {
        s.contains("docs written") && s.contains("Resumed session")
    });
    assert!(!screen.contains("Resume Session"), "{}", screen.text());
    assert!(!screen.contains("first answer here"), "{}", screen.text());
    tui.quit();
}

#[test]
fn resume_picker_renames_and_deletes_session_files() {
    let mut paths = None;
    let tui = Tui::start_with(vec![], &[], |sandbox, spec| {
        paths = Some(three_here_one_elsewhere(sandbox));
        spec
    });
    let (parser, _docs) = paths.expect("sessions written");
    tui.type_line("/resume");
    tui.wait_until("the newest session is selected", |s| {
        s.contains("› fix the parser bug")
    });
    tui.session.send_key("ctrl+r").expect("ctrl+r");
    tui.wait("Rename Session");
    tui.session.send_text("Parser fix").expect("type");
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the list shows the new name", |s| {
        s.contains("› Parser fix") && s.contains("Resume Session")
    });
    // Pi's session_info entry, appended to that file (which stays a session on its own).
    let text = std::fs::read_to_string(&parser).expect("renamed session");
    let last: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("a line")).expect("json");
    assert_eq!(last["type"], "session_info", "{text}");
    assert_eq!(last["name"], "Parser fix", "{text}");
    assert_eq!(last["parentId"], "a1", "{text}");

    tui.session.send_key("ctrl+d").expect("ctrl+d");
    tui.wait("Delete session?");
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the deleted session leaves the list", |s| {
        (s.contains("Session deleted") || s.contains("Session moved to trash"))
            && !s.contains("Parser fix")
            && s.contains("Docs work")
    });
    assert!(!parser.exists(), "{} still exists", parser.display());

    // Esc closes the picker and leaves the session as it was.
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("Esc closes the picker", |s| !s.contains("Resume Session"));
    tui.quit();
}

/// `tau -r` on the sessions of [`three_here_one_elsewhere`], showing the picker.
fn start_with_resume_flag() -> Tui {
    Tui::start_until(
        Vec::<MockTurn>::new(),
        &["-r"],
        |sandbox, spec| {
            three_here_one_elsewhere(sandbox);
            spec
        },
        "Resume Session (Current Folder)",
    )
}

#[test]
fn resume_flag_picks_the_session_before_starting() {
    let tui = start_with_resume_flag();
    let screen = tui.wait("fix the parser bug");
    // No rename at startup, as in Pi.
    assert!(!screen.contains("rename"), "{screen}");
    tui.session.send_key("down").expect("down");
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the chosen session opens", |s| {
        s.contains("docs written") && s.contains("mock-model")
    });
    tui.quit();
}

#[test]
fn resume_flag_dismissed_starts_nothing() {
    let tui = start_with_resume_flag();
    tui.session.send_key("escape").expect("escape");
    let status = tui
        .session
        .wait_exit(WAIT)
        .unwrap_or_else(|dump| panic!("did not exit\n{dump}"));
    assert!(status.success(), "{status:?}");
    assert!(
        tui.session.screen().contains("No session selected"),
        "{}",
        tui.session.dump()
    );
}

/// Adds `mock-two` (provider `mock`) and provider `other` with `other-one` to the sandbox's
/// models.json, on the same loopback server.
fn three_models(sandbox: &AgentSandbox) {
    let path = sandbox.agent_dir.join("models.json");
    let mut models: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("models.json")).expect("json");
    let mock = models["providers"]["mock"].clone();
    models["providers"]["mock"]["models"]
        .as_array_mut()
        .expect("models")
        .push(json!({"id": "mock-two", "name": "Second Mock"}));
    let mut other = mock;
    other["models"] = json!([{"id": "other-one", "name": "Other One"}]);
    models["providers"]["other"] = other;
    std::fs::write(&path, models.to_string()).expect("write models.json");
}

#[test]
fn scoped_models_saves_enabled_models_and_ctrl_p_cycles_only_those() {
    let tui = Tui::start_with(vec![], &[], |sandbox, spec| {
        three_models(sandbox);
        spec
    });
    tui.type_line("/scoped-models");
    tui.wait_until("every model is listed, all enabled", |s| {
        s.contains("Model Configuration")
            && s.contains("✓ mock-model")
            && s.contains("✓ mock-two (Second Mock) [mock]")
            && s.contains("✓ other-one")
            && s.contains("all enabled")
    });
    tui.session.send_text("two").expect("type");
    tui.wait_until("the search narrows the list", |s| {
        s.contains("→ ✓ mock-two") && !s.contains("other-one [other]")
    });
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("mock-two is off", |s| {
        s.contains("2/3 enabled") && s.contains("(unsaved)") && !s.contains("✓ mock-two")
    });
    tui.session.send_key("ctrl+s").expect("ctrl+s");
    let settings_path = tui.sandbox.agent_dir.join("settings.json");
    let written = settings_path.clone();
    // The file is written off the UI task; the screen is only the way to wait.
    tui.wait_until("enabledModels reaches settings.json", move |s| {
        !s.contains("(unsaved)")
            && std::fs::read_to_string(&written).is_ok_and(|t| t.contains("enabledModels"))
    });
    let settings: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&settings_path).expect("settings"))
            .expect("json");
    assert_eq!(
        settings,
        json!({
            "defaultProvider": "mock",
            "defaultModel": "mock-model",
            "enabledModels": ["mock/mock-model", "other/other-one"],
        })
    );
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the selector closed", |s| {
        !s.contains("Model Configuration")
    });
    for expected in ["Model: other/other-one", "Model: mock/mock-model"] {
        let before = tui.session.screen().text().matches(expected).count();
        tui.session.send_key("ctrl+p").expect("ctrl+p");
        tui.wait_until(&format!("Ctrl+P switched to {expected}"), move |s| {
            s.text().matches(expected).count() > before
        });
    }
    let screen = tui.session.screen().text();
    assert!(!screen.contains("Model: mock/mock-two"), "{screen}");
    tui.quit();
}
