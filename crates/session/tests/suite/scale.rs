//! A 20,000-entry session loads in one streaming pass and takes appends without rewriting.

use tau_session::{
    encode_line, read_session_file, time_load, write_synthetic_session, Session, WriteOptions,
};

use super::support::user;

#[test]
fn twenty_thousand_entries_load_and_append_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.jsonl");
    // Small texts keep the debug-build test quick; the bench uses 2,000 bytes (~45 MB).
    let bytes = write_synthetic_session(&path, 20_000, 100).unwrap();
    assert_eq!(bytes, std::fs::metadata(&path).unwrap().len());

    let timing = time_load(&path).unwrap();
    assert_eq!((timing.entries, timing.problems), (20_000, 0));
    assert_eq!(timing.context_messages, 20_000);
    assert_eq!(timing.bytes, bytes);

    let mut session = Session::open(&path, "/bench", WriteOptions::default()).unwrap();
    assert_eq!(session.leaf_id(), Some(format!("{:08x}", 19_999).as_str()));
    let id = session.append_message(user("one more")).unwrap();
    let entry = session.tree().get_entry(&id).unwrap();
    let grown = std::fs::metadata(&path).unwrap().len();
    assert_eq!(grown, bytes + encode_line(entry).unwrap().len() as u64);
    drop(session);
    let loaded = read_session_file(&path).unwrap();
    assert_eq!(loaded.entries.len(), 20_001);
    assert_eq!(loaded.into_tree().active_branch().len(), 20_001);
}
