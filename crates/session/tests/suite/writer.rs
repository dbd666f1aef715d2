//! Appending to session files: one line per entry, torn lines, atomic rewrites.

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::session::{SessionEntry, SessionHeader};
use tau_session::{
    read_session_file, rewrite_atomically, SessionError, SessionLock, SessionWriter, WriteOptions,
};

use super::support::copy_fixture;

fn entry(id: &str, parent: Option<&str>) -> SessionEntry {
    serde_json::from_value(json!({"type":"custom","customType":"t","data":{"id":id},
        "id":id,"parentId":parent,"timestamp":"2024-12-03T14:00:09.000Z"}))
    .unwrap()
}

fn header() -> SessionHeader {
    serde_json::from_value(json!({"type":"session","version":3,"id":"w",
        "timestamp":"2024-12-03T14:00:00.000Z","cwd":"/p"}))
    .unwrap()
}

#[test]
fn appends_add_one_line_each_and_never_touch_existing_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "v2-hook-message.jsonl");
    let before = std::fs::read(&path).unwrap();
    let mut writer = SessionWriter::open(&path, WriteOptions::default()).unwrap();
    writer.append(&entry("c0000001", Some("aa000003"))).unwrap();
    // Visible to readers before close: each append reaches the OS.
    let during = std::fs::read(&path).unwrap();
    assert_eq!(&during[..before.len()], &before[..]);
    writer.append(&entry("c0000002", Some("c0000001"))).unwrap();
    writer.close().unwrap();
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.as_bytes().starts_with(&before));
    let added: Vec<&str> = after[before.len()..].split_inclusive('\n').collect();
    assert_eq!(added.len(), 2);
    assert!(added.iter().all(|line| line.ends_with('\n')));
    let first: Value = serde_json::from_str(added[0]).unwrap();
    assert_eq!(first["id"], "c0000001");
}

#[test]
fn after_a_torn_last_line_the_next_entry_starts_on_a_fresh_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "torn-last-line.jsonl");
    let before = std::fs::read(&path).unwrap();
    let options = WriteOptions {
        fsync_each_entry: true,
    };
    let mut writer = SessionWriter::open(&path, options).unwrap();
    writer.append(&entry("c0000001", Some("b0000001"))).unwrap();
    writer.append(&entry("c0000002", Some("c0000001"))).unwrap();
    drop(writer);
    let after = std::fs::read(&path).unwrap();
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "the torn line itself is kept"
    );
    assert_eq!(after[before.len()], b'\n');
    let loaded = read_session_file(&path).unwrap();
    assert_eq!(loaded.problems.len(), 1, "only the torn line is lost");
    assert_eq!(loaded.problems[0].line, 3);
    let ids: Vec<&str> = loaded.entries.iter().filter_map(SessionEntry::id).collect();
    assert_eq!(ids, ["b0000001", "c0000001", "c0000002"]);
    assert!(!loaded.ends_mid_line);
}

#[test]
fn create_writes_header_and_entries_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.jsonl");
    let entries = [entry("c0000001", None), entry("c0000002", Some("c0000001"))];
    let writer =
        SessionWriter::create(&path, &header(), &entries, WriteOptions::default()).unwrap();
    assert_eq!(writer.path(), path);
    drop(writer);
    let loaded = read_session_file(&path).unwrap();
    assert_eq!(loaded.header, header());
    assert_eq!(loaded.entries, entries);
    let err =
        SessionWriter::create(&path, &header(), &entries, WriteOptions::default()).unwrap_err();
    assert!(matches!(err, SessionError::AlreadyExists { .. }), "{err}");
    assert_eq!(read_session_file(&path).unwrap().entries, entries);
}

#[test]
fn rewrite_atomically_replaces_the_whole_file_and_leaves_no_temp_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "torn-last-line.jsonl");
    let entries = [entry("c0000001", None)];
    rewrite_atomically(&path, &header(), &entries).unwrap();
    let loaded = read_session_file(&path).unwrap();
    assert_eq!(loaded.header.id, "w");
    assert_eq!(loaded.entries, entries);
    assert!(loaded.problems.is_empty());
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["torn-last-line.jsonl"]);
}

#[test]
fn a_writer_rewrite_keeps_appending_to_the_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = copy_fixture(dir.path(), "torn-last-line.jsonl");
    let mut writer = SessionWriter::open(&path, WriteOptions::default()).unwrap();
    writer
        .rewrite(&header(), &[entry("c0000001", None)])
        .unwrap();
    writer.append(&entry("c0000002", Some("c0000001"))).unwrap();
    writer.close().unwrap();
    let loaded = read_session_file(&path).unwrap();
    let ids: Vec<&str> = loaded.entries.iter().filter_map(SessionEntry::id).collect();
    assert_eq!(ids, ["c0000001", "c0000002"]);
    assert!(loaded.problems.is_empty());
    assert!(
        !SessionLock::lock_path(&path).exists(),
        "close removes the lock file"
    );
}
