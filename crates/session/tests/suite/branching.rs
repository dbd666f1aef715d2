//! Branching inside a session and into new files: branch summaries, `/fork`-style branched
//! sessions, and `--fork` copies into another project.

use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::session::SessionEntry;
use tau_session::{
    read_session_file, NewBranchSummary, NewSession, Session, SessionError, SessionLock,
    WriteOptions,
};

use super::support::{assistant, copy_fixture, js_numbers, json_lines, kinds, user};

#[test]
fn branch_with_summary_moves_the_leaf_and_records_where_it_came_from() {
    let mut session = Session::in_memory("/p");
    let u1 = session.append_message(user("q1")).unwrap();
    let a1 = session.append_message(assistant("r1")).unwrap();
    session.append_message(user("q2")).unwrap();
    let a2 = session.append_message(assistant("r2")).unwrap();
    let summary = NewBranchSummary {
        summary: "q2 went nowhere".into(),
        details: Some(json!({"readFiles":[]})),
        ..NewBranchSummary::default()
    };
    let bs = session.branch_with_summary(Some(&a1), summary).unwrap();
    let SessionEntry::BranchSummary(entry) = session.tree().get_entry(&bs).unwrap() else {
        panic!()
    };
    assert_eq!(entry.parent_id.as_deref(), Some(a1.as_str()));
    assert_eq!(entry.from_id, a2);
    assert_eq!(session.leaf_id(), Some(bs.as_str()));
    let roles: Vec<String> = session
        .build_session_context()
        .messages
        .iter()
        .map(|m| m.role().to_string())
        .collect();
    assert_eq!(roles, ["user", "assistant", "branchSummary"]);
    assert_eq!(
        session.tree().branch(&bs).first().and_then(|e| e.id()),
        Some(u1.as_str())
    );

    let root = session
        .branch_with_summary(
            None,
            NewBranchSummary {
                summary: "restart".into(),
                ..Default::default()
            },
        )
        .unwrap();
    let entry = session.tree().get_entry(&root).unwrap();
    assert_eq!(entry.parent_id(), None, "a new root");
    let err = session
        .branch_with_summary(Some("nope"), NewBranchSummary::default())
        .unwrap_err();
    assert_eq!(err.to_string(), "Entry nope not found");
    assert_eq!(
        session.leaf_id(),
        Some(root.as_str()),
        "a failed branch moves nothing"
    );
}

#[test]
fn a_branched_session_holds_only_the_path_with_its_labels_re_created() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = Session::create(
        dir.path(),
        "/p",
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    let u1 = session.append_message(user("q1")).unwrap();
    let a1 = session.append_message(assistant("r1")).unwrap();
    session.append_label(&u1, Some("start")).unwrap();
    session.append_message(user("q2")).unwrap();
    let a2 = session.append_message(assistant("r2")).unwrap();
    session.append_label(&a1, Some("answer")).unwrap();
    session.branch(&a1).unwrap();
    session.append_message(user("q3")).unwrap();
    let old_path = session.path().unwrap().to_path_buf();
    let old_bytes = std::fs::read(&old_path).unwrap();

    let new_path = session.create_branched_session(&a2).unwrap().unwrap();
    assert_ne!(new_path, old_path);
    assert_eq!(
        std::fs::read(&old_path).unwrap(),
        old_bytes,
        "the source is untouched"
    );
    assert!(
        !SessionLock::lock_path(&old_path).exists(),
        "the old lock is released"
    );
    assert!(SessionLock::lock_path(&new_path).exists());
    let lines = json_lines(&new_path);
    assert_eq!(
        lines[0]["parentSession"],
        old_path.to_string_lossy().as_ref()
    );
    assert_eq!(
        kinds(&new_path),
        ["session", "message", "message", "message", "message", "label", "label"]
    );
    let ids: Vec<&str> = lines[1..5]
        .iter()
        .map(|l| l["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        lines[3]["parentId"], ids[1],
        "re-chained around the dropped label"
    );
    assert_eq!((ids[1], ids[3]), (a1.as_str(), a2.as_str()));
    assert_eq!(
        (
            &lines[5]["targetId"],
            &lines[5]["label"],
            &lines[5]["parentId"]
        ),
        (&json!(u1), &json!("start"), &json!(a2))
    );
    assert_eq!(
        (&lines[6]["targetId"], &lines[6]["parentId"]),
        (&json!(a1), &lines[5]["id"])
    );
    assert_eq!(session.tree().label(&a1), Some("answer"));
    assert_eq!(session.path(), Some(new_path.as_path()));
    session.append_message(user("continue")).unwrap();
    assert_eq!(json_lines(&new_path).len(), 8);
}

#[test]
fn a_kept_boundary_on_a_dropped_label_moves_to_the_next_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.jsonl");
    std::fs::write(
        &path,
        format!(
            "{}\n{}\n{}\n{}\n{}\n",
            r#"{"type":"session","version":3,"id":"s","timestamp":"2024-12-03T14:00:00.000Z","cwd":"/p"}"#,
            json!({"type":"message","id":"u1","parentId":null,"timestamp":"2024-12-03T14:00:01.000Z",
                "message":{"role":"user","content":"q1","timestamp":1}}),
            json!({"type":"label","id":"l1","parentId":"u1","timestamp":"2024-12-03T14:00:02.000Z",
                "targetId":"u1","label":"l"}),
            json!({"type":"message","id":"u2","parentId":"l1","timestamp":"2024-12-03T14:00:03.000Z",
                "message":{"role":"user","content":"q2","timestamp":3}}),
            json!({"type":"compaction","id":"c1","parentId":"u2","timestamp":"2024-12-03T14:00:04.000Z",
                "summary":"s","firstKeptEntryId":"l1","tokensBefore":1}),
        ),
    )
    .unwrap();
    let mut session = Session::open(&path, "/p", WriteOptions::default()).unwrap();
    let new_path = session.create_branched_session("c1").unwrap().unwrap();
    let lines = json_lines(&new_path);
    let compaction = lines.iter().find(|l| l["type"] == "compaction").unwrap();
    assert_eq!(compaction["firstKeptEntryId"], "u2");
    assert_eq!(compaction["parentId"], "u2");
}

#[test]
fn a_branched_session_without_conversation_waits_for_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut session = Session::create(
        dir.path(),
        "/p",
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    let model = session.append_model_change("p", "m").unwrap();
    let new_path = session.create_branched_session(&model).unwrap().unwrap();
    assert!(!new_path.exists());
    session.append_message(user("now")).unwrap();
    assert_eq!(kinds(&new_path), ["session", "model_change", "message"]);

    let mut memory = Session::in_memory("/p");
    let first = memory.append_message(user("a")).unwrap();
    memory.append_message(user("b")).unwrap();
    assert_eq!(memory.create_branched_session(&first).unwrap(), None);
    assert_eq!(memory.tree().len(), 1);
    assert!(matches!(
        memory.create_branched_session("nope"),
        Err(SessionError::EntryNotFound { .. })
    ));
}

#[test]
fn fork_from_copies_a_session_into_another_project() {
    let dir = tempfile::tempdir().unwrap();
    let source = copy_fixture(dir.path(), "pi-v3-every-entry.jsonl");
    let before = std::fs::read(&source).unwrap();
    let target_dir = dir.path().join("--other--");
    let session = Session::fork_from(
        &source,
        "/other",
        &target_dir,
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    assert_eq!(std::fs::read(&source).unwrap(), before);
    let path = session.path().unwrap().to_path_buf();
    assert!(path.starts_with(&target_dir));
    assert!(session.is_on_disk());
    assert_eq!(session.cwd(), "/other");
    assert_eq!(
        session.header().parent_session.as_deref(),
        Some(source.to_str().unwrap())
    );
    let copied = json_lines(&path);
    let original = json_lines(&source);
    assert_eq!(copied.len(), original.len());
    for (ours, pi) in copied[1..].iter().zip(&original[1..]) {
        assert_eq!(js_numbers(ours.clone()), js_numbers(pi.clone()));
    }
    assert_eq!(session.leaf_id(), Some("091a2b3c"));

    let legacy = copy_fixture(dir.path(), "v1-linear.jsonl");
    let fork = Session::fork_from(
        &legacy,
        "/other",
        &target_dir,
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap();
    let loaded = read_session_file(fork.path().unwrap()).unwrap();
    assert_eq!(
        loaded.migrated_from, None,
        "a fork of an old session is written migrated"
    );
    assert_eq!(loaded.entries.len(), 6);

    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let err = Session::fork_from(
        &empty,
        "/o",
        &target_dir,
        NewSession::default(),
        WriteOptions::default(),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .ends_with("the file is empty; there is nothing to fork"),
        "{err}"
    );
}
