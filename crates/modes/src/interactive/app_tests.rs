//! The interactive state's decisions: what Enter, Esc, Ctrl+C and friends ask for, and how
//! extension dialogs answer.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tau_tui::{Component, Lines};
use tokio::sync::oneshot;

use super::{App, Placement};
use crate::interactive::bridge::{AppEvent, DialogRequest};
use crate::interactive::editor_slot::PromptEditor;
use crate::interactive::effects::Effect;
use crate::interactive::footer::FooterInfo;

/// Typing appends; Enter submits.
#[derive(Default)]
struct LineEditor {
    text: String,
    history: Vec<String>,
}

impl Component for LineEditor {
    fn render(&mut self, _width: usize) -> Lines {
        Arc::new(vec![self.text.clone()])
    }
}

impl PromptEditor for LineEditor {
    fn handle_key(&mut self, data: &str) -> Option<String> {
        if data == "\r" {
            return Some(std::mem::take(&mut self.text));
        }
        if !data.starts_with('\x1b') && !data.chars().any(char::is_control) {
            self.text.push_str(data);
        }
        None
    }
    fn text(&self) -> String {
        self.text.clone()
    }
    fn set_text(&mut self, text: &str) {
        self.text = text.to_string();
    }
    fn insert(&mut self, text: &str) {
        self.text.push_str(text);
    }
    fn add_to_history(&mut self, text: &str) {
        self.history.push(text.to_string());
    }
}

fn app() -> App {
    App::new(Box::new(LineEditor::default()), FooterInfo::default())
}

fn typed(app: &mut App, text: &str, now: Instant) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(app.on_input(&c.to_string(), now));
    }
    effects.extend(app.on_input("\r", now));
    effects
}

#[test]
fn enter_prompts_when_idle_and_steers_during_a_run() {
    let now = Instant::now();
    let mut app = app();
    assert_eq!(
        typed(&mut app, "hello", now),
        vec![Effect::Prompt("hello".into())]
    );
    app.busy = true;
    assert_eq!(
        typed(&mut app, "faster", now),
        vec![Effect::Steer("faster".into())]
    );
    for c in "later".chars() {
        app.on_input(&c.to_string(), now);
    }
    assert_eq!(
        app.on_input("\x1b\r", now),
        vec![Effect::FollowUp("later".into())]
    );
    assert_eq!(app.on_input("\x1b", now), vec![Effect::Abort]);
}

#[test]
fn bang_lines_run_the_shell_and_slash_lines_run_built_in_commands() {
    let now = Instant::now();
    let mut app = app();
    assert_eq!(
        typed(&mut app, "!ls -la", now),
        vec![Effect::Bash {
            command: "ls -la".into(),
            excluded: false
        }]
    );
    assert_eq!(
        typed(&mut app, "!!git status", now),
        vec![Effect::Bash {
            command: "git status".into(),
            excluded: true
        }]
    );
    assert_eq!(
        typed(&mut app, "/name my work", now),
        vec![Effect::Builtin {
            name: "name",
            args: "my work".into()
        }]
    );
    // Not a built-in: the session decides (an extension command or a prompt).
    assert_eq!(
        typed(&mut app, "/todos", now),
        vec![Effect::Prompt("/todos".into())]
    );
    assert!(typed(&mut app, "   ", now).is_empty());
}

#[test]
fn ctrl_c_clears_then_exits_when_pressed_twice_quickly() {
    let start = Instant::now();
    let mut app = app();
    app.on_input("x", start);
    assert!(app.on_input("\x03", start).is_empty());
    assert_eq!(app.editor.text(), "");
    let later = start + Duration::from_secs(2);
    assert!(app.on_input("\x03", later).is_empty());
    assert_eq!(
        app.on_input("\x03", later + Duration::from_millis(100)),
        vec![Effect::Quit]
    );
    // Ctrl+D quits only with an empty editor.
    app.on_input("y", later);
    assert!(app.on_input("\x04", later).is_empty());
    app.editor.set_text("");
    assert_eq!(app.on_input("\x04", later), vec![Effect::Quit]);
}

fn dialog(app: &mut App, method: &str, args: Value) -> oneshot::Receiver<Value> {
    let (reply, answer) = oneshot::channel();
    let args = args.as_array().cloned().unwrap_or_default();
    app.on_event(AppEvent::Dialog(DialogRequest {
        method: method.into(),
        args,
        reply,
        selected: 0,
    }));
    answer
}

#[test]
fn dialogs_take_the_keys_and_answer_their_caller() {
    let now = Instant::now();
    let mut app = app();
    let mut answer = dialog(&mut app, "select", json!(["Pick", ["a", "b", "c"]]));
    app.on_input("\x1b[B", now);
    app.on_input("j", now);
    app.on_input("\r", now);
    assert_eq!(answer.try_recv().unwrap(), json!("c"));
    assert!(app.dialogs.is_empty());

    let mut answer = dialog(&mut app, "confirm", json!(["Delete?", "really"]));
    assert_eq!(app.dialogs[0].title, "Delete?\nreally");
    app.on_input("\x1b[B", now);
    app.on_input("\r", now);
    assert_eq!(answer.try_recv().unwrap(), json!(false));

    let mut answer = dialog(&mut app, "input", json!(["Name", "placeholder"]));
    for c in ["a", "b", "\x7f", "c"] {
        app.on_input(c, now);
    }
    app.on_input("\r", now);
    assert_eq!(answer.try_recv().unwrap(), json!("ac"));

    let mut answer = dialog(&mut app, "select", json!(["Pick", ["a"]]));
    app.on_input("\x1b", now);
    assert_eq!(answer.try_recv().unwrap(), Value::Null);
    // The editor never saw those keys.
    assert_eq!(app.editor.text(), "");
}

#[test]
fn a_dialog_times_out_and_one_whose_caller_left_closes() {
    let now = Instant::now();
    let mut app = app();
    let mut answer = dialog(&mut app, "confirm", json!(["Sure?", "", {"timeout": 1500}]));
    assert_eq!(app.dialogs[0].seconds_left(now), Some(2));
    app.tick(now + Duration::from_millis(1600));
    assert_eq!(answer.try_recv().unwrap(), json!(false));
    assert!(app.dialogs.is_empty());

    let answer = dialog(&mut app, "select", json!(["Pick", ["a"]]));
    drop(answer);
    app.tick(now);
    assert!(app.dialogs.is_empty());
}

#[test]
fn extension_calls_change_the_footer_widgets_and_editor() {
    let mut app = app();
    let call = |app: &mut App, method: &str, args: Value| {
        app.on_event(AppEvent::UiCall {
            method: method.into(),
            args: args.as_array().cloned().unwrap_or_default(),
        })
    };
    call(&mut app, "setStatus", json!(["k", "ready"]));
    assert_eq!(
        app.footer.statuses.get("k").map(String::as_str),
        Some("ready")
    );
    call(&mut app, "setStatus", json!(["k"]));
    assert!(app.footer.statuses.is_empty());
    call(
        &mut app,
        "setWidget",
        json!(["w", ["one", "two"], {"placement": "belowEditor"}]),
    );
    assert_eq!(
        app.widgets["w"],
        (Placement::BelowEditor, vec!["one".into(), "two".into()])
    );
    call(&mut app, "setWidget", json!(["w"]));
    assert!(app.widgets.is_empty());
    call(&mut app, "setEditorText", json!(["draft"]));
    call(&mut app, "pasteToEditor", json!([" more"]));
    assert_eq!(app.editor.text(), "draft more");
    call(&mut app, "notify", json!(["careful", "warning"]));
    assert_eq!(app.transcript.len(), 1);
}

#[test]
fn double_escape_on_an_empty_editor_follows_the_setting() {
    let now = Instant::now();
    let twice = |app: &mut App| {
        let mut effects = app.on_input("\x1b", now);
        effects.extend(app.on_input("\x1b", now));
        effects
    };
    let builtin = |name: &'static str| {
        vec![Effect::Builtin {
            name,
            args: String::new(),
        }]
    };
    let mut app = app();
    assert_eq!(twice(&mut app), builtin("tree"));
    app.tree_settings.double_escape = super::DoubleEscape::Fork;
    assert_eq!(twice(&mut app), builtin("fork"));
    app.tree_settings.double_escape = super::DoubleEscape::None;
    assert_eq!(twice(&mut app), Vec::new());
}

#[test]
fn the_tree_takes_the_keys_and_enter_asks_to_move() {
    use crate::interactive::tree::entries::{Class, TreeEntry, TreeSnapshot};
    let entry = |id: &str, parent: Option<&str>| TreeEntry {
        id: id.into(),
        parent_id: parent.map(str::to_string),
        class: Class::User,
        line: Vec::new(),
        search: id.into(),
        label: None,
        label_time: None,
        copy: None,
    };
    let now = Instant::now();
    let mut app = app();
    app.open_tree(
        TreeSnapshot {
            entries: vec![entry("first", None), entry("second", Some("first"))],
            leaf_id: Some("second".into()),
        },
        None,
    );
    // Typed text searches the tree instead of reaching the editor.
    assert!(app.on_input("f", now).is_empty());
    assert_eq!(app.editor.text(), "");
    assert_eq!(
        app.on_input("\r", now),
        vec![Effect::NavigateTree {
            id: "first".into(),
            ask_summary: true
        }]
    );
    assert!(app.tree.is_none());
}
