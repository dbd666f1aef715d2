use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{AssistantMessage, ContentBlock, StopReason, ToolCall};
use tau_session::NewCompaction;

use super::*;
use crate::compaction::test_support::{answer, session_with, user};

fn read_call(path: &str) -> AgentMessage {
    AgentMessage::Assistant(AssistantMessage {
        content: vec![
            ContentBlock::text("reading"),
            ContentBlock::ToolCall(ToolCall {
                id: "c1".into(),
                name: "read".into(),
                arguments: json!({"path": path}),
                thought_signature: None,
                namespace: None,
            }),
        ],
        stop_reason: StopReason::ToolUse,
        ..Default::default()
    })
}

#[test]
fn a_small_session_has_nothing_to_compact() {
    let (session, _) = session_with(vec![user("hi"), answer("hello", 10)]);
    assert_eq!(prepare_compaction(session.tree(), 20_000), None);
}

#[test]
fn history_before_the_cut_is_summarised_and_usage_gives_tokens_before() {
    let (session, ids) = session_with(vec![
        user(&"a".repeat(400)),
        read_call("src/lib.rs"),
        user(&"b".repeat(400)),
        answer("ok", 6000),
    ]);
    let preparation = prepare_compaction(session.tree(), 50).expect("preparation");
    assert_eq!(preparation.first_kept_entry_id, ids[2]);
    assert_eq!(preparation.messages_to_summarise.len(), 2);
    assert_eq!(preparation.messages_to_summarise[0].role(), "user");
    assert!(preparation.turn_prefix_messages.is_empty());
    assert!(!preparation.is_split_turn);
    // The last answer's reported usage; nothing follows it.
    assert_eq!(preparation.tokens_before, 6000);
    assert_eq!(preparation.previous_summary, None);
    assert_eq!(
        preparation.file_ops.details(),
        json!({"readFiles": ["src/lib.rs"], "modifiedFiles": []})
    );
}

#[test]
fn a_second_compaction_folds_in_the_first_and_summarises_its_survivors() {
    let (mut session, ids) = session_with(vec![
        user(&"a".repeat(400)),
        answer("ok", 100),
        user(&"b".repeat(400)),
        answer("ok", 200),
    ]);
    session
        .append_compaction(NewCompaction {
            summary: "first summary".into(),
            first_kept_entry_id: Some(ids[2].clone()),
            tokens_before: 200,
            details: Some(json!({"readFiles": ["old.md"], "modifiedFiles": []})),
            from_hook: Some(false),
            usage: None,
        })
        .unwrap();
    // The leaf is the compaction itself: nothing to do.
    assert_eq!(prepare_compaction(session.tree(), 50), None);

    let third = session.append_message(user(&"c".repeat(400))).unwrap();
    session.append_message(answer("ok", 7000)).unwrap();
    let preparation = prepare_compaction(session.tree(), 50).expect("preparation");
    assert_eq!(preparation.first_kept_entry_id, third);
    assert_eq!(
        preparation.previous_summary.as_deref(),
        Some("first summary")
    );
    // The messages kept by the first compaction are summarised now.
    let texts: Vec<String> = preparation
        .messages_to_summarise
        .iter()
        .map(|m| match m {
            AgentMessage::User(u) => u.content.joined_text(),
            AgentMessage::Assistant(a) => a.text(),
            other => other.role().to_string(),
        })
        .collect();
    assert_eq!(texts, ["b".repeat(400), "ok".to_string()]);
    // Usage reported after the compaction is trusted.
    assert_eq!(preparation.tokens_before, 7000);
    assert_eq!(
        preparation.file_ops.details(),
        json!({"readFiles": ["old.md"], "modifiedFiles": []})
    );
}
