//! The terminal UI's settings and credential commands end to end: `/settings` saves a change
//! to settings.json and applies it, `/login` stores a key in auth.json that the next request
//! carries, `/logout` removes it, the project-trust question at start-up saves each answer as
//! Pi does, and `/changelog` shows tau's changelog.

use std::path::Path;

use serde_json::{json, Value};
use tau_test_support::MockTurn;

use crate::suite::tui_session::Tui;

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}: {text}", path.display()))
}

#[test]
fn a_settings_change_is_saved_and_hides_thinking_at_once() {
    let turn = MockTurn::text("The visible answer.").with_thinking("private musings here");
    let tui = Tui::start(vec![turn], &["--no-session"]);
    tui.type_line("/settings");
    tui.wait("Automatically compact context when it gets too large");
    // Typing searches the list; Enter cycles the selected setting.
    tui.session.send_text("hide thinking").expect("type");
    tui.wait_until("the search finds the setting", |s| {
        s.contains("→ Hide thinking") && s.contains("Hide thinking blocks in assistant responses")
    });
    tui.session.send_key("enter").expect("enter");
    tui.wait_until("the value changes", |s| {
        s.rows()
            .iter()
            .any(|r| r.contains("Hide thinking") && r.contains("true"))
    });
    tui.session.send_key("escape").expect("escape");
    tui.wait_until("the editor is back", |s| !s.contains("Type to search"));
    let settings = read_json(&tui.sandbox.agent_dir.join("settings.json"));
    assert_eq!(settings["hideThinkingBlock"], json!(true), "{settings}");
    // The keys that were there are kept.
    assert_eq!(settings["defaultModel"], json!("mock-model"), "{settings}");

    tui.type_line("think about it");
    let screen = tui.wait("The visible answer.");
    assert!(screen.contains("Thinking..."), "{screen}");
    assert!(!screen.contains("private musings"), "{screen}");
    tui.quit();
}

#[test]
fn login_stores_a_key_the_next_request_uses_and_logout_removes_it() {
    let tui = Tui::start(
        vec![
            MockTurn::text("First answer."),
            MockTurn::text("Second answer."),
        ],
        &["--no-session"],
    );
    tui.type_line("/login mock");
    tui.wait("Login to mock");
    tui.session.send_text("sk-from-login").expect("type");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Saved API key for mock");
    let auth_path = tui.sandbox.agent_dir.join("auth.json");
    assert_eq!(
        read_json(&auth_path),
        json!({"mock": {"type": "api_key", "key": "sk-from-login"}})
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&auth_path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // auth.json wins over the models.json key (sk-mock), as in Pi.
    tui.type_line("hello");
    tui.wait("First answer.");
    let requests = tui.server.requests();
    assert_eq!(
        requests[0].header("authorization"),
        Some("Bearer sk-from-login")
    );

    tui.type_line("/logout");
    tui.wait("Select provider to logout:");
    tui.wait("mock ✓ configured");
    tui.session.send_key("enter").expect("enter");
    tui.wait("Removed stored API key for mock");
    assert_eq!(read_json(&auth_path), json!({}));
    tui.type_line("again");
    tui.wait("Second answer.");
    let requests = tui.server.requests();
    assert_eq!(requests[1].header("authorization"), Some("Bearer sk-mock"));
    tui.quit();
}

/// Starts tau in a project with `.pi/extensions`, answers the trust question with `keys`,
/// and returns trust.json (`null` when none was written), `/trust`'s current decision and
/// the project's canonical path; `/trust` starts on the saved choice, ticked.
fn answer_trust_question(keys: &[&str]) -> (Value, String, String) {
    let tui = Tui::launch(
        Vec::<MockTurn>::new(),
        &["--no-session"],
        |sandbox, spec| {
            std::fs::create_dir_all(sandbox.project.join(".pi/extensions")).expect("mkdir");
            spec
        },
    );
    tui.wait("Trust project folder?");
    tui.wait("Do not trust (this session only)");
    for key in keys {
        tui.session.send_key(key).expect("key");
    }
    tui.wait_until("the editor came up", |s| s.contains("mock-model"));
    let project = std::fs::canonicalize(&tui.sandbox.project).expect("canonical");
    let store = tui.sandbox.agent_dir.join("trust.json");
    let saved = if store.exists() {
        read_json(&store)
    } else {
        Value::Null
    };
    tui.type_line("/trust");
    let screen = tui.wait_until("/trust shows the decisions", |s| {
        s.contains("Current session:")
    });
    let current = screen
        .rows()
        .iter()
        .find(|r| r.contains("Current session:"))
        .map(|r| r.trim().to_string())
        .unwrap_or_default();
    if saved != Value::Null {
        let selected = screen.rows().iter().find(|r| r.contains("→")).cloned();
        assert!(
            selected.is_some_and(|r| r.contains("→ ✓")),
            "{}",
            screen.text()
        );
    }
    tui.session.send_key("escape").expect("escape");
    tui.quit();
    (saved, current, project.display().to_string())
}

#[test]
fn the_trust_question_saves_each_answer_as_pi_does() {
    let (saved, current, project) = answer_trust_question(&["enter"]);
    assert_eq!(saved, json!({ project: true }));
    assert_eq!(current, "Current session: trusted");

    let (saved, current, project) = answer_trust_question(&["down", "enter"]);
    let parent = Path::new(&project).parent().unwrap().display().to_string();
    assert_eq!(saved, json!({ parent: true }));
    assert_eq!(current, "Current session: trusted");

    let (saved, current, _) = answer_trust_question(&["down", "down", "down", "down", "enter"]);
    assert_eq!(saved, Value::Null);
    assert_eq!(current, "Current session: untrusted");

    let (saved, current, project) = answer_trust_question(&["down", "down", "down", "enter"]);
    assert_eq!(saved, json!({ project: false }));
    assert_eq!(current, "Current session: untrusted");

    // Dismissing the question trusts nothing and saves nothing.
    let (saved, current, _) = answer_trust_question(&["escape"]);
    assert_eq!(saved, Value::Null);
    assert_eq!(current, "Current session: untrusted");
}

#[test]
fn changelog_shows_taus_changes() {
    let tui = Tui::start(vec![], &["--no-session"]);
    tui.type_line("/changelog");
    // The document is taller than the screen: its end shows, under the transcript's scroll.
    let screen = tui.wait("/settings changes it the way Pi saves it");
    assert!(screen.contains("Sessions"), "{screen}");
    // Up to the top, however long the changelog has grown.
    for _ in 0..40 {
        tui.session.send_key("pageup").expect("page up");
    }
    let screen = tui.wait("What's New");
    assert!(screen.contains("[0.1.0]"), "{screen}");
    tui.quit();
}
