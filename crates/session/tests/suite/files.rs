//! Reading session files from disk: Pi-shaped v3 files, legacy v1/v2 files, damaged files.

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::session::SessionEntry;
use tau_session::{read_session_file, SessionError};

use super::support::{fixture, js_numbers, json_lines};

#[test]
fn a_pi_v3_file_with_every_entry_kind_round_trips() {
    let path = fixture("pi-v3-every-entry.jsonl");
    let loaded = read_session_file(&path).unwrap();
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    assert_eq!(loaded.migrated_from, None);
    let text = std::fs::read_to_string(&path).unwrap();
    let original: Vec<&str> = text.lines().collect();
    let mut written = vec![serde_json::to_string(&loaded.header).unwrap()];
    written.extend(
        loaded
            .entries
            .iter()
            .map(|e| serde_json::to_string(e).unwrap()),
    );
    assert_eq!(written.len(), original.len());
    for (ours, pi) in written.iter().zip(&original) {
        let ours_value: Value = serde_json::from_str(ours).unwrap();
        let pi_value: Value = serde_json::from_str(pi).unwrap();
        assert_eq!(js_numbers(ours_value.clone()), js_numbers(pi_value), "{pi}");
        // Key order follows Pi's too, except inside assistant messages and usage (whose
        // structs order fields differently and print integer costs as floats).
        let has_usage = pi.contains("\"usage\":");
        if !has_usage {
            assert_eq!(ours, pi);
        }
    }
    let kinds: Vec<&str> = loaded.entries.iter().map(SessionEntry::kind).collect();
    assert!(kinds.contains(&"future_entry"));
    assert!(matches!(
        loaded.entries.iter().find(|e| e.kind() == "future_entry"),
        Some(SessionEntry::Unknown(_))
    ));
}

#[test]
fn the_pi_v3_file_navigates_like_pi() {
    let tree = read_session_file(&fixture("pi-v3-every-entry.jsonl"))
        .unwrap()
        .into_tree();
    assert_eq!(
        tree.leaf_id(),
        Some("091a2b3c"),
        "the last line is the leaf"
    );
    assert_eq!(tree.session_name(), Some("Fix notes"));
    assert_eq!(tree.label("4d5e6f70"), Some("start"));
    let children: Vec<&str> = tree
        .children("4d5e6f70")
        .iter()
        .filter_map(|e| e.id())
        .collect();
    assert_eq!(children, ["5e6f7081", "f8091a2b"]);

    let at_leaf = tree.build_session_context();
    let roles: Vec<&str> = at_leaf.messages.iter().map(|m| m.role()).collect();
    assert_eq!(roles, ["system", "user", "branchSummary"]);
    assert_eq!(at_leaf.model.unwrap().model_id, "fake-model");

    // On the other branch the compaction applies: checkpoint, summary, kept tool result (with
    // its context edit), then everything after the compaction.
    let compacted = tree.build_session_context_at(Some("e7f8091a"));
    let roles: Vec<&str> = compacted.messages.iter().map(|m| m.role()).collect();
    assert_eq!(
        roles,
        [
            "system",
            "compactionSummary",
            "toolResult",
            "custom",
            "assistant"
        ]
    );
    let edited = serde_json::to_value(&compacted.messages[2]).unwrap();
    assert_eq!(
        edited["content"],
        json!([{"type":"text","text":"[notes.txt: 2 lines]"}])
    );
    let prompt = compacted.system_prompt.unwrap();
    assert_eq!(prompt.tools[0].name, "read");
    assert_eq!(
        prompt.text(),
        "You are a coding assistant.\n\n<cwd>\n/tmp/proj\n</cwd>"
    );
}

#[test]
fn a_v1_file_migrates_in_memory_and_stays_untouched_on_disk() {
    let path = fixture("v1-linear.jsonl");
    let before = std::fs::read(&path).unwrap();
    let loaded = read_session_file(&path).unwrap();
    assert_eq!(loaded.migrated_from, Some(1));
    assert_eq!(loaded.header.version, Some(3));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let tree = loaded.into_tree();
    let branch = tree.active_branch();
    assert_eq!(branch.len(), 6, "v1 entries form one linear branch");
    let context = tree.build_session_context();
    assert_eq!(
        serde_json::to_value(&context.messages).unwrap(),
        json!([
            {"role":"compactionSummary","summary":"Two questions were asked.","tokensBefore":900,
             "timestamp":1_717_236_005_000u64},
            {"role":"user","content":"second question","timestamp":1_717_236_004_000u64},
            {"role":"user","content":"third question","timestamp":1_717_236_006_000u64},
        ])
    );
    let model = context.model.unwrap();
    assert_eq!(
        (model.provider.as_str(), model.model_id.as_str()),
        ("openai", "gpt-4o")
    );
}

#[test]
fn a_v2_file_turns_hook_messages_into_custom_messages() {
    let loaded = read_session_file(&fixture("v2-hook-message.jsonl")).unwrap();
    assert_eq!(loaded.migrated_from, Some(2));
    let context = loaded.into_tree().build_session_context();
    assert_eq!(
        serde_json::to_value(&context.messages[1]).unwrap(),
        json!({"role":"custom","customType":"reminder","content":"stay on task","display":true,
               "timestamp":1_725_184_802_000u64})
    );
}

#[test]
fn a_torn_last_line_is_skipped_and_reported() {
    let loaded = read_session_file(&fixture("torn-last-line.jsonl")).unwrap();
    assert_eq!(loaded.entries.len(), 1);
    assert!(loaded.ends_mid_line);
    assert_eq!(
        loaded.problems[0].to_string(),
        "line 3: truncated entry at the end of the file (an interrupted write?); skipped"
    );
}

#[test]
fn files_that_are_not_sessions_are_refused_with_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    assert!(matches!(
        read_session_file(&empty),
        Err(SessionError::Empty { .. })
    ));
    let other = dir.path().join("notes.jsonl");
    std::fs::write(&other, "{\"hello\":1}\n").unwrap();
    let err = read_session_file(&other).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "session file {} is not a valid session: line 1: first entry is not a session header",
            other.display()
        )
    );
    let missing = dir.path().join("missing.jsonl");
    let err = read_session_file(&missing).unwrap_err();
    assert!(
        err.to_string()
            .starts_with(&format!("reading session {}: ", missing.display())),
        "{err}"
    );
    assert!(
        json_lines(&other).len() == 1,
        "refusing never changes the file"
    );
}
