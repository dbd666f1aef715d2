use super::*;
use pretty_assertions::assert_eq;

const HEADER: &str =
    r#"{"type":"session","version":3,"id":"s1","timestamp":"2024-12-03T14:00:00.000Z","cwd":"/p"}"#;
const USER: &str = r#"{"type":"message","id":"a1","parentId":null,"timestamp":"2024-12-03T14:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}"#;
const MODEL: &str = r#"{"type":"model_change","id":"a2","parentId":"a1","timestamp":"2024-12-03T14:00:02.000Z","provider":"p","modelId":"m"}"#;

fn read(bytes: &[u8]) -> LoadedSession {
    read_session(bytes).expect("reads")
}

fn problems(loaded: &LoadedSession) -> Vec<String> {
    loaded.problems.iter().map(ToString::to_string).collect()
}

#[test]
fn a_clean_file_reads_without_problems() {
    let loaded = read(format!("{HEADER}\n{USER}\n{MODEL}\n").as_bytes());
    assert_eq!(loaded.header.id, "s1");
    assert_eq!(loaded.entries.len(), 2);
    assert_eq!(loaded.entries[1].kind(), "model_change");
    assert!(loaded.problems.is_empty());
    assert_eq!(loaded.migrated_from, None);
    assert!(!loaded.ends_mid_line);
    assert_eq!(
        loaded.bytes as usize,
        HEADER.len() + USER.len() + MODEL.len() + 3
    );
}

#[test]
fn malformed_lines_are_reported_by_number_and_skipped() {
    let mut file = Vec::new();
    for line in [
        HEADER.as_bytes(),
        b"",
        b"   \t",
        &USER.as_bytes()[..40],
        b"\x00\xff\xfe garbage \x89PNG",
        br#"{"id":"x1","parentId":"a1","timestamp":"t"}"#,
        b"[1,2,3]",
        br#"{"type":"message","id":"x2","parentId":"a1","timestamp":"t"}"#,
        br#"{"type":"session","version":3,"id":"again","timestamp":"t"}"#,
        MODEL.as_bytes(),
    ] {
        file.extend_from_slice(line);
        file.push(b'\n');
    }
    let loaded = read(&file);
    assert_eq!(
        problems(&loaded),
        [
            "line 4: truncated entry (an interrupted write?): EOF while parsing a value at line 1 column 40; skipped",
            "line 5: malformed JSON: expected value at line 1 column 1; skipped",
            "line 6: entry has no \"type\" field; kept as an unknown entry",
            "line 7: expected a JSON object, found an array; skipped",
            "line 8: invalid message entry: missing field `message`; kept as an unknown entry",
            "line 9: a second session header; skipped",
        ]
    );
    let kinds: Vec<&str> = loaded.entries.iter().map(SessionEntry::kind).collect();
    assert_eq!(kinds, ["", "message", "model_change"]);
    assert!(matches!(loaded.entries[1], SessionEntry::Unknown(_)));
    // The file stays usable: the tree links around the kept unknown entries.
    let tree = loaded.into_tree();
    assert_eq!(tree.leaf_id(), Some("a2"));
    assert_eq!(
        tree.active_branch().len(),
        1,
        "a2's parent a1 was the torn line"
    );
}

#[test]
fn a_torn_last_line_is_reported_and_flagged() {
    let file = format!("{HEADER}\n{USER}\n{}", &MODEL[..30]);
    let loaded = read(file.as_bytes());
    assert_eq!(
        problems(&loaded),
        ["line 3: truncated entry at the end of the file (an interrupted write?); skipped"]
    );
    assert!(loaded.ends_mid_line);
    assert_eq!(loaded.entries.len(), 1);
}

#[test]
fn a_complete_last_line_without_newline_still_counts() {
    let loaded = read(format!("{HEADER}\n{USER}").as_bytes());
    assert_eq!(loaded.entries.len(), 1);
    assert!(loaded.problems.is_empty());
    assert!(
        loaded.ends_mid_line,
        "the next append must add a newline first"
    );
}

#[test]
fn crlf_line_endings_and_invalid_utf8_inside_strings_are_tolerated() {
    let mut file = format!("{HEADER}\r\n{USER}\r\n").into_bytes();
    file.extend_from_slice(
        b"{\"type\":\"custom\",\"customType\":\"x\",\"data\":\"\xff\",\"id\":\"c\",\"parentId\":\"a1\",\"timestamp\":\"t\"}\n",
    );
    let loaded = read(&file);
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    assert_eq!(loaded.entries.len(), 2);
    let SessionEntry::Custom(custom) = &loaded.entries[1] else {
        panic!("{:?}", loaded.entries[1])
    };
    assert_eq!(custom.data, Some(Value::String("\u{fffd}".into())));
}

#[test]
fn files_without_a_header_are_not_sessions() {
    assert!(matches!(read_session(&b""[..]), Err(ReadFailure::Empty)));
    match read_session(format!("{USER}\n{HEADER}\n").as_bytes()) {
        Err(ReadFailure::NoHeader(reason)) => {
            assert_eq!(reason, "line 1: first entry is not a session header");
        }
        other => panic!("{other:?}"),
    }
    match read_session(&b"\n\nnot json\n"[..]) {
        Err(ReadFailure::NoHeader(reason)) => assert_eq!(reason, "no session header line found"),
        other => panic!("{other:?}"),
    }
    // Blank and malformed lines before the header are skipped, as Pi does.
    let loaded = read(format!("\n{{oops\n{HEADER}\n{USER}\n").as_bytes());
    assert_eq!(loaded.entries.len(), 1);
    assert_eq!(problems(&loaded).len(), 1);
}

#[test]
fn version_1_files_migrate_in_memory() {
    let file = concat!(
        r#"{"type":"session","id":"old","timestamp":"2024-01-01T00:00:00.000Z","cwd":"/p"}"#,
        "\n",
        r#"{"type":"message","timestamp":"2024-01-01T00:00:01.000Z","message":{"role":"user","content":"one","timestamp":1}}"#,
        "\n",
        "{broken\n",
        r#"{"type":"message","timestamp":"2024-01-01T00:00:02.000Z","message":{"role":"user","content":"two","timestamp":2}}"#,
        "\n",
        r#"{"type":"compaction","timestamp":"2024-01-01T00:00:03.000Z","summary":"s","firstKeptEntryIndex":2,"tokensBefore":5}"#,
        "\n",
        r#"{"type":"message","timestamp":"2024-01-01T00:00:04.000Z"}"#,
        "\n",
    );
    let loaded = read(file.as_bytes());
    assert_eq!(loaded.migrated_from, Some(1));
    assert_eq!(loaded.header.version, Some(3));
    assert_eq!(
        problems(&loaded),
        [
            "line 3: malformed JSON: key must be a string at line 1 column 2; skipped",
            "line 6: invalid message entry: missing field `message`; kept as an unknown entry",
        ]
    );
    let ids: Vec<&str> = loaded.entries.iter().filter_map(SessionEntry::id).collect();
    assert_eq!(ids.len(), 4);
    assert_eq!(loaded.entries[0].parent_id(), None);
    assert_eq!(loaded.entries[1].parent_id(), Some(ids[0]));
    let SessionEntry::Compaction(compaction) = &loaded.entries[2] else {
        panic!("{:?}", loaded.entries[2])
    };
    // Index 2 counts the header as 0: the second message.
    assert_eq!(compaction.first_kept_entry_id, ids[1]);
    assert!(!compaction.extra.contains_key("firstKeptEntryIndex"));
}

#[test]
fn version_2_hook_messages_migrate_to_custom() {
    let file = concat!(
        r#"{"type":"session","version":2,"id":"v2","timestamp":"t","cwd":"/p"}"#,
        "\n",
        r#"{"type":"message","id":"h1","parentId":null,"timestamp":"2024-01-01T00:00:01.000Z","message":{"role":"hookMessage","customType":"todo","content":"remember","display":true,"timestamp":1}}"#,
        "\n",
    );
    let loaded = read(file.as_bytes());
    assert_eq!(loaded.migrated_from, Some(2));
    let message = loaded.entries[0].message().expect("message");
    assert_eq!(message.role(), "custom");
    assert!(matches!(message, tau_protocol::AgentMessage::Custom(_)));
    assert_eq!(loaded.entries[0].id(), Some("h1"));
}

#[test]
fn read_files_are_typed_like_lines_and_keep_unknown_fields() {
    // Fast-path lines, compacted as they are read: extra fields at both levels survive,
    // content lists and empty maps come out equal to the generic typing of the same line.
    let assistant = r#"{"type":"message","id":"a3","parentId":"a1","timestamp":"2024-12-03T14:00:03.000Z","note":"kept","message":{"role":"assistant","content":[{"type":"text","text":"one"},{"type":"text","text":"two"}],"api":"a","provider":"p","model":"m","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":3,"vendor":"v1"}}"#;
    let blocks = r#"{"type":"message","id":"a4","parentId":"a3","timestamp":"2024-12-03T14:00:04.000Z","message":{"role":"user","content":[{"type":"text","text":"x"}],"timestamp":4}}"#;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("s.jsonl");
    std::fs::write(&path, format!("{HEADER}\n{USER}\n{assistant}\n{blocks}\n")).expect("write");
    let loaded = read_session_file(&path).expect("reads");
    assert!(loaded.problems.is_empty());
    let generic: Vec<SessionEntry> = [USER, assistant, blocks]
        .iter()
        .map(|line| {
            let map = serde_json::from_str(line).expect("json");
            SessionEntry::from_map(map).expect("typed")
        })
        .collect();
    assert_eq!(loaded.entries, generic);
    let SessionEntry::Message(entry) = &loaded.entries[1] else {
        panic!("expected a message entry");
    };
    assert_eq!(entry.extra.get("note"), Some(&Value::from("kept")));
    let AgentMessage::Assistant(message) = &entry.message else {
        panic!("expected an assistant message");
    };
    assert_eq!(message.content.len(), 2);
    assert_eq!(message.extra.get("vendor"), Some(&Value::from("v1")));
}

#[test]
fn a_newer_version_is_read_best_effort_and_reported_on_the_header_line() {
    let header = HEADER.replace(r#""version":3"#, r#""version":99"#);
    let future = r#"{"type":"hologram","id":"a3","parentId":"a2","timestamp":"t"}"#;
    let loaded = read(format!("\n{header}\n{USER}\n{MODEL}\n{future}\n").as_bytes());
    assert_eq!(loaded.entries.len(), 3, "the unknown kind is kept");
    assert_eq!(loaded.entry_lines, [3, 4, 5]);
    assert_eq!(loaded.migrated_from, None);
    let problems = problems(&loaded);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("line 2: session version 99 is newer than this tau supports (3)"),
        "{problems:?}"
    );
}

#[test]
fn id_problems_land_on_their_lines() {
    let cycle = r#"{"type":"message","id":"a1","parentId":"a2","timestamp":"2024-12-03T14:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}"#;
    let loaded = read(format!("{HEADER}\n{cycle}\n{MODEL}\n{MODEL}\n").as_bytes());
    let (tree, problems) = loaded.into_checked_tree();
    assert_eq!(tree.len(), 3);
    let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("line 2: entry a1 is in a parentId cycle"));
    assert!(problems[1].starts_with("line 4: entry id a2 is also the id of the entry on line 3"));
}
