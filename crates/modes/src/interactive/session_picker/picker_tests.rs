use std::path::PathBuf;
use std::time::Instant;

use tau_tui::keybindings::KeybindingsManager;

use super::*;

fn session(id: &str, name: Option<&str>, text: &str, modified_ms: u64) -> SessionSummary {
    SessionSummary {
        path: PathBuf::from(format!("/s/{id}.jsonl")),
        id: id.into(),
        cwd: "/p".into(),
        name: name.map(str::to_string),
        parent_session: None,
        created: String::new(),
        modified_ms,
        message_count: 2,
        entry_count: 2,
        first_message: Some(text.into()),
        all_messages_text: text.into(),
    }
}

fn picker(current: Option<&str>, can_rename: bool) -> (SessionPicker, Keymap) {
    let mut picker = SessionPicker::new(
        current.map(|id| PathBuf::from(format!("/s/{id}.jsonl"))),
        can_rename,
        KeybindingsManager::new().shared(),
    );
    picker.loaded(
        Scope::Current,
        vec![
            session("new", None, "fix the parser", 3),
            session("named", Some("Docs work"), "write docs", 2),
            session("old", None, "old question", 1),
        ],
    );
    (picker, Keymap::default())
}

fn shown(picker: &SessionPicker) -> Vec<String> {
    picker.rows().iter().map(|r| r.session.id.clone()).collect()
}

fn key(picker: &mut SessionPicker, keymap: &Keymap, data: &str) -> Outcome {
    picker.handle_input(data, keymap, Instant::now())
}

#[test]
fn typing_filters_and_enter_resumes_the_best_match() {
    let (mut picker, keymap) = picker(None, true);
    for c in ["d", "o", "c", "s"] {
        assert_eq!(key(&mut picker, &keymap, c), Outcome::Stay);
    }
    assert_eq!(shown(&picker), ["named"]);
    assert_eq!(
        key(&mut picker, &keymap, "\r"),
        Outcome::Request(Request::Resume(PathBuf::from("/s/named.jsonl")))
    );
    assert_eq!(key(&mut picker, &keymap, "\x1b"), Outcome::Cancel);
}

#[test]
fn tab_asks_for_every_session_once_and_the_filters_toggle() {
    let (mut picker, keymap) = picker(None, true);
    assert_eq!(
        key(&mut picker, &keymap, "\t"),
        Outcome::Request(Request::Load(Scope::All))
    );
    assert!(picker.loading());
    picker.loaded(Scope::All, vec![session("far", None, "elsewhere", 9)]);
    assert_eq!(shown(&picker), ["far"]);
    assert_eq!(key(&mut picker, &keymap, "\t"), Outcome::Stay);
    assert_eq!(shown(&picker), ["new", "named", "old"]);
    // Ctrl+N: named only.
    key(&mut picker, &keymap, "\x0e");
    assert_eq!(shown(&picker), ["named"]);
    key(&mut picker, &keymap, "\x0e");
    // Ctrl+S cycles threaded -> recent -> fuzzy -> threaded.
    for sort in [Sort::Recent, Sort::Relevance, Sort::Threaded] {
        key(&mut picker, &keymap, "\x13");
        assert_eq!(picker.sort, sort);
    }
}

#[test]
fn delete_asks_first_and_never_deletes_the_open_session() {
    let (mut picker, keymap) = picker(Some("new"), true);
    assert_eq!(key(&mut picker, &keymap, "\x04"), Outcome::Stay);
    assert!(picker.confirming_delete.is_none());
    assert!(picker.status.as_ref().is_some_and(|s| s.error));
    key(&mut picker, &keymap, "\x1b[B");
    key(&mut picker, &keymap, "\x04");
    // Other keys wait for the answer; Esc keeps the file.
    assert_eq!(key(&mut picker, &keymap, "x"), Outcome::Stay);
    assert_eq!(key(&mut picker, &keymap, "\x1b"), Outcome::Stay);
    assert!(picker.confirming_delete.is_none());
    key(&mut picker, &keymap, "\x04");
    assert_eq!(
        key(&mut picker, &keymap, "\r"),
        Outcome::Request(Request::Delete(PathBuf::from("/s/named.jsonl")))
    );
    picker.deleted(
        Path::new("/s/named.jsonl"),
        Ok("Session deleted".into()),
        Instant::now(),
    );
    assert_eq!(shown(&picker), ["new", "old"]);
}

#[test]
fn rename_starts_from_the_name_and_submits_a_trimmed_one() {
    let (mut picker, keymap) = picker(None, true);
    key(&mut picker, &keymap, "\x1b[B");
    key(&mut picker, &keymap, "\x12");
    let rename = picker.rename.as_ref().expect("rename panel");
    assert_eq!(rename.input.get_value(), "Docs work");
    // Esc leaves the panel, not the picker.
    assert_eq!(key(&mut picker, &keymap, "\x1b"), Outcome::Stay);
    assert!(picker.rename.is_none());
    key(&mut picker, &keymap, "\x12");
    key(&mut picker, &keymap, "\x0b"); // ctrl+k: kill the old name from the cursor
    for c in [" ", "N", "e", "w", " "] {
        key(&mut picker, &keymap, c);
    }
    assert_eq!(
        key(&mut picker, &keymap, "\r"),
        Outcome::Request(Request::Rename {
            path: PathBuf::from("/s/named.jsonl"),
            name: "New".into()
        })
    );
    // Not offered at startup.
    let (mut startup, keymap) = self::picker(None, false);
    key(&mut startup, &keymap, "\x12");
    assert!(startup.rename.is_none());
}
