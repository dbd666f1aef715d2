//! `Session::stamp_next`: an entry the extension host already shows is written with its id
//! and timestamp, once; unusable stamps fall back to fresh values.

use super::{EntryStamp, Session};

fn stamp(id: &str, timestamp: &str) -> Option<EntryStamp> {
    Some(EntryStamp {
        id: id.into(),
        timestamp: timestamp.into(),
    })
}

#[test]
fn the_next_entry_takes_the_stamp_and_the_one_after_does_not() {
    let mut session = Session::in_memory("/p");
    session.stamp_next(stamp("abcd1234", "2026-01-02T03:04:05.678Z"));
    let id = session.append_custom_entry("note", None).expect("append");
    assert_eq!(id, "abcd1234");
    let entry = session.tree().get_entry(&id).expect("entry");
    assert_eq!(entry.timestamp(), Some("2026-01-02T03:04:05.678Z"));
    let next = session.append_custom_entry("note", None).expect("append");
    assert_ne!(next, "abcd1234");
    let parent = session.tree().get_entry(&next).and_then(|e| e.parent_id());
    assert_eq!(parent, Some("abcd1234"));
}

#[test]
fn a_taken_or_malformed_id_and_a_bad_time_get_fresh_values() {
    let mut session = Session::in_memory("/p");
    let first = session.append_custom_entry("note", None).expect("append");
    session.stamp_next(stamp(&first, "not a time"));
    let second = session.append_custom_entry("note", None).expect("append");
    assert_ne!(second, first);
    let time = session
        .tree()
        .get_entry(&second)
        .and_then(|e| e.timestamp());
    assert!(time.is_some_and(|t| t.ends_with('Z') && t != "not a time"));
    session.stamp_next(stamp("../../x", "2026-01-02T03:04:05.678Z"));
    let third = session.append_custom_entry("note", None).expect("append");
    assert_ne!(third, "../../x");
}

#[test]
fn a_refused_label_leaves_no_stamp_behind() {
    let mut session = Session::in_memory("/p");
    session.stamp_next(stamp("feed0001", "2026-01-02T03:04:05.678Z"));
    assert!(session.append_label("missing", Some("x")).is_err());
    let id = session.append_custom_entry("note", None).expect("append");
    assert_ne!(id, "feed0001");
}
