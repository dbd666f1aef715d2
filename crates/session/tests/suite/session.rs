//! The `Session` lifecycle: when files appear, what they hold, reopening, migration on write,
//! and the append helpers' validation.

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::session::SessionEntry;
use tau_protocol::UserContent;
use tau_session::{
    iso_to_millis, read_session_file, NewCompaction, NewSession, Session, SessionError,
    SessionLock, WriteOptions,
};

use super::support::{assistant, copy_fixture, json_lines, kinds, user};

fn system(sections: Value) -> tau_protocol::AgentMessage {
    serde_json::from_value(json!({"role":"system","content":"","sections":sections,"timestamp":5}))
        .unwrap()
}

fn jsonl_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files
}

#[test]
fn a_new_session_writes_nothing_until_the_first_user_message() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = Session::create(
        dir.path(),
        "/tmp/proj",
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    let model = session.append_model_change("fake", "fake-model").unwrap();
    session.append_thinking_level_change("off").unwrap();
    session
        .append_message(system(json!({"preamble":"P"})))
        .unwrap();
    assert!(
        jsonl_files(dir.path()).is_empty(),
        "setup entries stay in memory"
    );
    assert!(!session.is_on_disk());

    let prompt = session.append_message(user("Say hello")).unwrap();
    let path = session.path().unwrap().to_path_buf();
    assert_eq!(jsonl_files(dir.path()), std::slice::from_ref(&path));
    assert_eq!(
        kinds(&path),
        [
            "session",
            "model_change",
            "thinking_level_change",
            "message",
            "message"
        ]
    );
    session.append_message(assistant("Hello")).unwrap();
    let lines = json_lines(&path);
    assert_eq!(lines.len(), 6);
    let header = &lines[0];
    assert_eq!(header["version"], 3);
    assert_eq!(header["cwd"], "/tmp/proj");
    assert_eq!(header["id"], session.id());
    let stamp = header["timestamp"]
        .as_str()
        .unwrap()
        .replace([':', '.'], "-");
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        format!("{stamp}_{}.jsonl", session.id())
    );
    assert_eq!(lines[1]["parentId"], Value::Null);
    assert_eq!(lines[1]["id"], model.as_str());
    for pair in lines[1..].windows(2) {
        assert_eq!(pair[1]["parentId"], pair[0]["id"], "entries chain linearly");
    }
    assert_eq!(lines[4]["id"], prompt.as_str());
    assert_eq!(session.leaf_id(), lines[5]["id"].as_str());
    session.close().unwrap();
    assert!(!SessionLock::lock_path(&path).exists());
}

#[test]
fn an_in_memory_session_never_writes() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = Session::in_memory(&dir.path().to_string_lossy());
    session.append_message(user("hi")).unwrap();
    session.append_message(assistant("hello")).unwrap();
    assert_eq!(session.path(), None);
    assert_eq!(session.tree().len(), 2);
    assert_eq!(session.build_session_context().messages.len(), 2);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn a_reopened_session_continues_where_it_left_off() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = Session::create(
        dir.path(),
        "/p",
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    session.append_message(user("one")).unwrap();
    let answer = session.append_message(assistant("two")).unwrap();
    session.append_session_info("Counting").unwrap();
    let path = session.path().unwrap().to_path_buf();
    let id = session.id().to_string();
    session.close().unwrap();

    let mut reopened = Session::open(&path, "/elsewhere", WriteOptions::default()).unwrap();
    assert_eq!(reopened.id(), id);
    assert_eq!(reopened.cwd(), "/p", "the header's cwd wins");
    assert_eq!(reopened.session_name(), Some("Counting"));
    assert_eq!(reopened.tree().len(), 3);
    reopened.branch(&answer).unwrap();
    let next = reopened.append_message(user("three")).unwrap();
    drop(reopened);
    let tree = read_session_file(&path).unwrap().into_tree();
    assert_eq!(tree.leaf_id(), Some(next.as_str()));
    let entry = tree.get_entry(&next).unwrap();
    assert_eq!(entry.parent_id(), Some(answer.as_str()));
}

#[test]
fn opening_an_empty_or_missing_file_starts_a_session_there() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let session = Session::open(&empty, "/p", WriteOptions::default()).unwrap();
    assert_eq!(kinds(&empty), ["session"], "Pi writes the header at once");
    drop(session);

    let chosen = dir.path().join("chosen.jsonl");
    let mut session = Session::open(&chosen, "/p", WriteOptions::default()).unwrap();
    session.append_model_change("p", "m").unwrap();
    assert!(!chosen.exists());
    session.append_message(user("hi")).unwrap();
    assert_eq!(kinds(&chosen), ["session", "model_change", "message"]);
}

#[test]
fn opening_a_file_that_is_not_a_session_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.jsonl");
    std::fs::write(&path, "{\"todo\":1}\n").unwrap();
    let err = Session::open(&path, "/p", WriteOptions::default()).unwrap_err();
    assert!(matches!(err, SessionError::NotASession { .. }), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"todo\":1}\n");
    assert!(
        !SessionLock::lock_path(&path).exists(),
        "the lock is released"
    );
}

#[test]
fn a_legacy_file_is_rewritten_only_when_something_is_appended() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v1-linear.jsonl");
    let before = std::fs::read(&path).unwrap();
    let mut session = Session::open(&path, "/p", WriteOptions::default()).unwrap();
    assert_eq!(session.pending_migration(), Some(1));
    let context_before = session.build_session_context();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "opening does not rewrite"
    );

    let leaf = session.leaf_id().unwrap().to_string();
    let added = session.append_message(user("fourth question")).unwrap();
    assert_eq!(session.pending_migration(), None);
    let loaded = read_session_file(&path).unwrap();
    assert_eq!(loaded.migrated_from, None, "now a version 3 file");
    assert!(loaded.problems.is_empty());
    assert_eq!(loaded.entries.len(), 7);
    let last = loaded.entries.last().unwrap();
    assert_eq!(
        (last.id(), last.parent_id()),
        (Some(added.as_str()), Some(leaf.as_str()))
    );
    let tree = loaded.into_tree();
    let context_after = tree.build_session_context_at(Some(&leaf));
    assert_eq!(context_after.messages, context_before.messages);
}

#[test]
fn persist_migration_rewrites_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let mut session = Session::open(&path, "/p", WriteOptions::default()).unwrap();
    session.persist_migration().unwrap();
    assert_eq!(session.pending_migration(), None);
    let lines = json_lines(&path);
    assert_eq!(lines[0]["version"], 3);
    assert_eq!(lines[2]["message"]["role"], "custom");
    assert_eq!(lines[2]["id"], "aa000002", "v2 ids survive");
}

#[test]
fn append_helpers_validate_like_pi() {
    let mut session = Session::in_memory("/p");
    let question = session.append_message(user("long question")).unwrap();
    let answer = session.append_message(assistant("long answer")).unwrap();
    let model = session.append_model_change("p", "m").unwrap();

    let err = session.append_label("zzz", Some("x")).unwrap_err();
    assert_eq!(err.to_string(), "Entry zzz not found");
    let err = session.append_context_edit("zzz", None).unwrap_err();
    assert_eq!(err.to_string(), "Entry zzz not found");
    let err = session.append_context_edit(&model, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("Entry {model} does not contribute editable model content")
    );

    let edit = session
        .append_context_edit(&answer, Some(UserContent::Text("short".into())))
        .unwrap();
    let SessionEntry::ContextEdit(written) = session.tree().get_entry(&edit).unwrap() else {
        panic!()
    };
    assert_eq!(
        serde_json::to_value(&written.replacement).unwrap(),
        json!({"content":[{"type":"text","text":"short"}]}),
        "string replacements of assistant content are stored as one text block"
    );
    let context = session.build_session_context();
    assert_eq!(context.messages[1].role(), "assistant");
    assert_eq!(
        serde_json::to_value(&context.messages[1]).unwrap()["content"][0]["text"],
        "short"
    );

    session.branch(&question).unwrap();
    session.append_message(assistant("other answer")).unwrap();
    let err = session.append_context_edit(&answer, None).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("Entry {answer} is not on the active branch")
    );

    session
        .append_session_info("  My\r\n\nsession\nname  ")
        .unwrap();
    assert_eq!(session.session_name(), Some("My session name"));
    let dir = tempfile::tempdir().unwrap();
    let bad_id = NewSession {
        id: Some("bad id".into()),
        parent_session: None,
    };
    let err = Session::create(dir.path(), "/p", bad_id, WriteOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', \
         and start and end with an alphanumeric character"
    );
}

#[test]
fn a_compaction_records_the_replayed_prompt_as_its_checkpoint() {
    let mut session = Session::in_memory("/p");
    session
        .append_message(system(json!({"preamble":"P","cwd":"C"})))
        .unwrap();
    session.append_message(user("q")).unwrap();
    session.append_message(system(json!({"cwd":null}))).unwrap();
    session.append_message(assistant("a")).unwrap();
    let id = session
        .append_compaction(NewCompaction {
            summary: "asked and answered".into(),
            tokens_before: 1234,
            ..NewCompaction::default()
        })
        .unwrap();
    let SessionEntry::Compaction(compaction) = session.tree().get_entry(&id).unwrap() else {
        panic!()
    };
    assert_eq!(
        compaction.first_kept_entry_id, id,
        "retain-none names itself"
    );
    let millis = iso_to_millis(&compaction.timestamp).unwrap();
    assert_eq!(
        serde_json::to_value(&compaction.system_message).unwrap(),
        json!({"role":"system","content":"","sections":{"preamble":"P"},"timestamp":millis})
    );
    let context = session.build_session_context();
    let roles: Vec<&str> = context.messages.iter().map(|m| m.role()).collect();
    assert_eq!(roles, ["system", "compactionSummary"]);
    assert_eq!(context.system_prompt.unwrap().text(), "P");
}
