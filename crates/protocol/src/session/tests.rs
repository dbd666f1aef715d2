use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;

/// Parses `line` as an entry that must be typed, and checks the value and key order survive.
fn round_trip(line: &str) -> SessionEntry {
    let map: Map<String, Value> = serde_json::from_str(line).expect("json");
    let entry = SessionEntry::from_map(map).expect("typed");
    assert!(
        !matches!(entry, SessionEntry::Unknown(_)),
        "{line} stayed unknown"
    );
    let written = serde_json::to_string(&entry).expect("serialises");
    assert_eq!(written, line, "bytes differ");
    assert_eq!(
        SessionEntry::from_known_str(line).as_ref(),
        Some(&entry),
        "the fast path types {line} differently"
    );
    entry
}

/// What the generic path makes of `line`: typed, unknown or invalid (kept as unknown).
fn generic(line: &str) -> SessionEntry {
    let map: Map<String, Value> = serde_json::from_str(line).expect("json");
    SessionEntry::from_map(map).unwrap_or_else(|invalid| SessionEntry::Unknown(invalid.raw))
}

#[test]
fn the_fast_path_agrees_with_the_generic_path_or_declines() {
    let base = r#""id":"a1","parentId":null,"timestamp":"2026-12-02T16:31:24.620Z""#;
    let lines = [
        // Typed from the text (the user, tool-result and assistant messages in one pass).
        format!(
            r#"{{"type":"message",{base},"message":{{"role":"user","content":"hi","timestamp":1,"x":1}}}}"#
        ),
        format!(
            r#"{{"type":"message",{base},"message":{{"content":[{{"type":"text","text":"a\nb"}}],"role":"toolResult","toolCallId":"c","toolName":"bash","isError":false,"timestamp":2}},"later":true}}"#
        ),
        format!(
            r#"{{"type":"message",{base},"message":{{"role":"assistant","content":[{{"type":"toolCall","id":"c","name":"bash","arguments":{{"b":1,"a":2}}}}],"api":"x","provider":"p","model":"m","usage":{USAGE},"stopReason":"toolUse","timestamp":3,"rawStopReason":"tool_calls"}}}}"#
        ),
        format!(r#"{{"type":"label",{base},"targetId":"a0","label":"l"}}"#),
        // Typed from the text through the message's generic map: several unknown message
        // fields (whose order that path may change), other roles.
        format!(
            r#"{{"type":"message",{base},"message":{{"role":"user","content":"hi","timestamp":1,"x":1,"y":2,"z":3}}}}"#
        ),
        format!(
            r#"{{"type":"message",{base},"message":{{"role":"custom","customType":"c","content":"x","display":true,"timestamp":1}}}}"#
        ),
        // A nested `role` before the message misleads the guess; the peek then types it.
        format!(
            r#"{{"type":"message",{base},"meta":{{"role":"assistant"}},"message":{{"role":"user","content":"hi","timestamp":1}}}}"#
        ),
        // A repeated `role`: the last one counts, as in a JSON map.
        format!(
            r#"{{"type":"message",{base},"message":{{"role":"user","role":"user","content":"hi","timestamp":1}}}}"#
        ),
        // Declined: a repeated `type`, wrong types, unknown kinds, headers.
        format!(
            r#"{{"type":"message",{base},"type":"note","message":{{"role":"user","content":"hi","timestamp":1}}}}"#
        ),
        format!(
            r#"{{"type":"message",{base},"message":{{"role":"user","content":"hi","timestamp":"soon"}}}}"#
        ),
        format!(r#"{{"type":"message",{base},"message":"hello"}}"#),
        format!(r#"{{"type":"note",{base}}}"#),
        r#"{"type":"session","version":3,"id":"s","timestamp":"t"}"#.to_string(),
    ];
    let mut typed = 0;
    for line in &lines {
        match SessionEntry::from_known_str(line) {
            Some(entry) => {
                typed += 1;
                assert_eq!(entry, generic(line), "{line}");
                assert_eq!(
                    serde_json::to_string(&entry).unwrap(),
                    serde_json::to_string(&generic(line)).unwrap(),
                    "{line}"
                );
            }
            None => assert!(
                !line.contains(r#""role":"user","content":"hi","timestamp":1,"x":1}"#),
                "the fast path declined {line}"
            ),
        }
    }
    assert_eq!(
        typed, 8,
        "only the first eight lines are typed from the text"
    );
}

const USAGE: &str = r#"{"input":100,"output":20,"cacheRead":0,"cacheWrite":0,"reasoning":0,"totalTokens":120,"cost":{"input":0.5,"output":0.25,"cacheRead":0,"cacheWrite":0,"total":0.75,"totalFromProvider":false}}"#;

#[test]
fn header_round_trips_with_pi_key_order() {
    let line = r#"{"type":"session","version":3,"id":"01a23798-b5cb-706e-bd96-85a3e38477fa","timestamp":"2026-12-02T16:31:24.620Z","cwd":"/tmp/proj","parentSession":"/tmp/old.jsonl","future":1}"#;
    let header: SessionHeader = serde_json::from_str(line).expect("header");
    assert_eq!(header.version, Some(3));
    assert_eq!(header.parent_session.as_deref(), Some("/tmp/old.jsonl"));
    assert_eq!(
        header.extra,
        json!({"future":1}).as_object().cloned().unwrap()
    );
    assert_eq!(serde_json::to_string(&header).unwrap(), line);
}

#[test]
fn header_requires_the_session_tag_and_an_id() {
    let err = serde_json::from_str::<SessionHeader>(r#"{"type":"message","id":"x"}"#).unwrap_err();
    assert!(err.to_string().contains("not a session header"), "{err}");
    let err = serde_json::from_str::<SessionHeader>(r#"{"type":"session","id":7}"#).unwrap_err();
    assert!(err.to_string().contains("no string id"), "{err}");
    let v1: SessionHeader =
        serde_json::from_str(r#"{"type":"session","id":"a","timestamp":"t"}"#).unwrap();
    assert_eq!((v1.version, v1.cwd), (None, None));
}

#[test]
fn message_entries_round_trip() {
    let entry = round_trip(
        r#"{"type":"message","id":"47123688","parentId":"b4290523","timestamp":"2026-12-02T16:31:24.711Z","message":{"role":"user","content":[{"type":"text","text":"Fix notes"}],"timestamp":1796229084709}}"#,
    );
    assert_eq!(entry.id(), Some("47123688"));
    assert_eq!(entry.parent_id(), Some("b4290523"));
    assert_eq!(entry.message().map(AgentMessage::role), Some("user"));
    round_trip(&format!(
        r#"{{"type":"message","id":"9df9f531","parentId":"47123688","timestamp":"2026-12-02T16:31:24.817Z","message":{{"role":"assistant","content":[{{"type":"text","text":"Let me read the file."}},{{"type":"toolCall","id":"call_read_1","name":"read","arguments":{{"path":"notes.txt"}}}}],"api":"openai-completions","provider":"fake","model":"fake-model","usage":{USAGE},"stopReason":"toolUse","timestamp":1796229084779,"rawStopReason":"tool_calls","durationMs":37,"thinkingLevel":"off"}}}}"#
    ));
    let system = round_trip(
        r#"{"type":"message","id":"75ae3893","parentId":null,"timestamp":"2026-12-02T16:31:24.711Z","message":{"role":"system","content":"","sections":{"preamble":"You are a coding assistant."},"timestamp":1796229084709,"toolsAdded":[{"name":"read","description":"Read a file","parameters":{"type":"object"}}]}}"#,
    );
    assert!(system.is_system_message());
    assert_eq!(system.parent_id(), None);
}

#[test]
fn every_other_entry_kind_round_trips_in_pi_key_order() {
    let lines = [
        r#"{"type":"model_change","id":"89675594","parentId":null,"timestamp":"2026-12-02T16:31:24.702Z","provider":"fake","modelId":"fake-model"}"#.to_string(),
        r#"{"type":"thinking_level_change","id":"b4290523","parentId":"89675594","timestamp":"2026-12-02T16:31:24.703Z","thinkingLevel":"off"}"#.to_string(),
        format!(r#"{{"type":"usage","id":"f6a7b8c9","parentId":"e5f6a7b8","timestamp":"2024-12-03T14:08:00.000Z","kind":"cache_warm","provider":"anthropic","model":"claude","usage":{USAGE},"note":"warm"}}"#),
        format!(r#"{{"type":"compaction","id":"f6a7b8c9","parentId":"e5f6a7b8","timestamp":"2024-12-03T14:10:00.000Z","summary":"User discussed X","firstKeptEntryId":"c3d4e5f6","tokensBefore":50000,"details":{{"readFiles":["a"],"modifiedFiles":[]}},"usage":{USAGE},"fromHook":false,"systemMessage":{{"role":"system","content":"You are a coding assistant.","toolsAdded":[],"timestamp":1733235000000}}}}"#),
        r#"{"type":"context_edit","id":"0a1b2c3d","parentId":"f6a7b8c9","timestamp":"2024-12-03T14:11:00.000Z","targetId":"c3d4e5f6","replacement":null}"#.to_string(),
        r#"{"type":"context_edit","id":"0a1b2c3e","parentId":"0a1b2c3d","timestamp":"2024-12-03T14:11:00.000Z","targetId":"c3d4e5f6","replacement":{"content":[{"type":"text","text":"short"}]}}"#.to_string(),
        r#"{"type":"branch_summary","id":"a7b8c9d0","parentId":"a1b2c3d4","timestamp":"2024-12-03T14:15:00.000Z","fromId":"f6a7b8c9","summary":"Branch explored approach A","details":{"readFiles":[]},"fromHook":true}"#.to_string(),
        r#"{"type":"custom","customType":"my-extension","data":{"count":42},"id":"b8c9d0e1","parentId":"a7b8c9d0","timestamp":"2024-12-03T14:20:00.000Z"}"#.to_string(),
        r#"{"type":"custom_message","customType":"my-extension","content":"Injected context","display":true,"details":{"k":1},"id":"c9d0e1f2","parentId":"b8c9d0e1","timestamp":"2024-12-03T14:25:00.000Z"}"#.to_string(),
        r#"{"type":"label","id":"d0e1f2a3","parentId":"c9d0e1f2","timestamp":"2024-12-03T14:30:00.000Z","targetId":"a1b2c3d4","label":"checkpoint-1"}"#.to_string(),
        r#"{"type":"label","id":"d0e1f2a4","parentId":"d0e1f2a3","timestamp":"2024-12-03T14:30:00.000Z","targetId":"a1b2c3d4"}"#.to_string(),
        r#"{"type":"session_info","id":"e1f2a3b4","parentId":"d0e1f2a4","timestamp":"2024-12-03T14:35:00.000Z","name":"Refactor auth module"}"#.to_string(),
    ];
    for line in &lines {
        let entry = round_trip(line);
        let kind = serde_json::from_str::<Value>(line).unwrap()["type"].clone();
        assert_eq!(Some(entry.kind()), kind.as_str());
    }
}

#[test]
fn unknown_fields_and_explicit_nulls_are_kept() {
    let entry = round_trip(
        r#"{"type":"custom","customType":"x","data":null,"id":"b8c9d0e1","parentId":null,"timestamp":"t","addedLater":{"a":[1,2]}}"#,
    );
    let SessionEntry::Custom(custom) = &entry else {
        panic!("{entry:?}")
    };
    assert_eq!(custom.data, Some(Value::Null));
    assert_eq!(custom.extra["addedLater"], json!({"a":[1,2]}));
    assert!(!custom.extra.contains_key("type"));
    let without: SessionEntry = serde_json::from_value(
        json!({"type":"custom","customType":"x","id":"1","parentId":null,"timestamp":"t"}),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&without).unwrap(),
        json!({"type":"custom","customType":"x","id":"1","parentId":null,"timestamp":"t"})
    );
}

#[test]
fn unknown_entry_types_are_kept_verbatim_and_still_have_tree_links() {
    let value = json!({"type":"future_thing","id":"abcd1234","parentId":"00000000","timestamp":"t","x":[1]});
    let entry: SessionEntry = serde_json::from_value(value.clone()).unwrap();
    assert!(matches!(entry, SessionEntry::Unknown(_)));
    assert_eq!(entry.kind(), "future_thing");
    assert_eq!(entry.id(), Some("abcd1234"));
    assert_eq!(entry.parent_id(), Some("00000000"));
    assert_eq!(serde_json::to_value(&entry).unwrap(), value);
}

#[test]
fn invalid_known_entries_explain_themselves_and_hand_the_object_back() {
    let map = json!({"type":"message","id":"1","parentId":null,"timestamp":"t"});
    let err = SessionEntry::from_map(map.as_object().cloned().unwrap()).unwrap_err();
    assert!(
        err.reason
            .starts_with("invalid message entry: missing field `message`"),
        "{err}"
    );
    assert_eq!(Value::Object(err.raw), map);
    let no_type = SessionEntry::from_map(json!({"id":"1"}).as_object().cloned().unwrap());
    assert_eq!(no_type.unwrap_err().reason, "entry has no \"type\" field");
    // Through serde the same object is kept, not rejected.
    let kept: SessionEntry = serde_json::from_value(map.clone()).unwrap();
    assert_eq!(serde_json::to_value(kept).unwrap(), map);
}

#[test]
fn set_parent_id_rewires_known_and_unknown_entries() {
    let mut entry: SessionEntry = serde_json::from_value(
        json!({"type":"session_info","id":"1","parentId":"0","timestamp":"t","name":"n"}),
    )
    .unwrap();
    entry.set_parent_id(None);
    assert_eq!(entry.parent_id(), None);
    let mut unknown: SessionEntry =
        serde_json::from_value(json!({"type":"zzz","id":"2","parentId":null})).unwrap();
    unknown.set_parent_id(Some("1".into()));
    assert_eq!(unknown.parent_id(), Some("1"));
}

#[test]
fn system_messages_read_from_agent_messages() {
    let message: AgentMessage = serde_json::from_value(json!({
        "role":"system","content":null,"sections":{"skills":"<skills/>","old":null},
        "toolsRemoved":[{"name":"write"}],"timestamp":5,"custom":true
    }))
    .unwrap();
    let system = SystemMessage::from_agent_message(&message)
        .expect("system role")
        .expect("parses");
    assert_eq!(system.content, UserContent::Text(String::new()));
    assert_eq!(system.tools_removed.as_ref().unwrap()[0].name, "write");
    assert_eq!(system.sections.as_ref().unwrap()["old"], Value::Null);
    assert_eq!(
        system.extra,
        json!({"custom":true}).as_object().cloned().unwrap()
    );
    let back = serde_json::to_value(system.to_agent_message().unwrap()).unwrap();
    assert_eq!(back["role"], "system");
    assert_eq!(back["content"], "");
    let user: AgentMessage =
        serde_json::from_value(json!({"role":"user","content":"hi","timestamp":1})).unwrap();
    assert!(SystemMessage::from_agent_message(&user).is_none());
}

#[test]
fn system_message_content_text_joins_text_blocks() {
    let system: SystemMessage = serde_json::from_value(json!({
        "role":"system","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}],"timestamp":1
    }))
    .unwrap();
    assert_eq!(system.content_text(), "a\nb");
}
