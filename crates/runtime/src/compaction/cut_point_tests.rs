use serde_json::json;
use tau_protocol::{
    AgentMessage, AssistantMessage, ContentBlock, StopReason, ToolCall, ToolResultMessage,
};
use tau_session::Session;

use super::*;
use crate::compaction::test_support::{answer, session_with, user};
use crate::compaction::tokens::estimate_projected_context_tokens;

fn call(id: &str, name: &str, arguments: serde_json::Value) -> AgentMessage {
    AgentMessage::Assistant(AssistantMessage {
        content: vec![ContentBlock::ToolCall(ToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
            thought_signature: None,
            namespace: None,
        })],
        stop_reason: StopReason::ToolUse,
        ..Default::default()
    })
}

fn result(id: &str, text: &str) -> AgentMessage {
    AgentMessage::ToolResult(ToolResultMessage {
        tool_call_id: id.into(),
        tool_name: "read".into(),
        content: vec![ContentBlock::text(text)],
        details: None,
        usage: None,
        is_error: false,
        duration_ms: None,
        timestamp: 1,
        extra: Default::default(),
    })
}

fn cut(session: &Session, keep: u64) -> CutPoint {
    let projection = session.tree().build_session_projection();
    find_cut_point(&projection.entries, 0, projection.entries.len(), keep)
}

#[test]
fn the_cut_lands_on_the_user_message_where_the_budget_runs_out() {
    // 100 + 1 + 100 + 1 tokens.
    let (session, _) = session_with(vec![
        user(&"a".repeat(400)),
        answer("ok", 0),
        user(&"b".repeat(400)),
        answer("ok", 0),
    ]);
    assert_eq!(
        cut(&session, 50),
        CutPoint {
            first_kept_index: 2,
            turn_start_index: None,
            is_split_turn: false,
        }
    );
    // A budget larger than the whole context keeps everything.
    assert_eq!(cut(&session, 20_000).first_kept_index, 0);
}

#[test]
fn tool_results_stay_with_the_call_and_the_span_is_split() {
    let (session, _) = session_with(vec![
        user("read it"),
        call("c1", "read", json!({"path": "big.txt"})),
        result("c1", &"x".repeat(4000)),
    ]);
    // The tool result alone exceeds the budget: the call that produced it is kept with it.
    assert_eq!(
        cut(&session, 100),
        CutPoint {
            first_kept_index: 1,
            turn_start_index: Some(0),
            is_split_turn: true,
        }
    );
}

#[test]
fn metadata_right_before_the_cut_is_kept_with_it() {
    let mut session = Session::in_memory("/project");
    session.append_message(user(&"a".repeat(400))).unwrap();
    session.append_message(answer("ok", 0)).unwrap();
    let model_change = session.append_model_change("p", "m2").unwrap();
    session.append_message(user(&"b".repeat(400))).unwrap();
    session.append_message(answer("ok", 0)).unwrap();
    let point = cut(&session, 50);
    assert_eq!(point.first_kept_index, 2);
    let projection = session.tree().build_session_projection();
    assert_eq!(
        projection.entries[point.first_kept_index].source.id(),
        Some(model_change.as_str())
    );
    // As in Pi, a kept range that starts with metadata counts as splitting the span before
    // it, so that span is summarised as a turn prefix.
    assert!(point.is_split_turn);
    assert_eq!(point.turn_start_index, Some(0));
}

#[test]
fn an_omitted_recovery_attempt_moves_the_cut_past_the_over_budget_input() {
    let mut session = Session::in_memory("/project");
    session.append_message(user(&"a".repeat(400))).unwrap();
    let mut failed = AssistantMessage {
        stop_reason: StopReason::Error,
        error_message: Some("prompt is too long".into()),
        ..Default::default()
    };
    failed.content = vec![];
    let failed_id = session
        .append_message(AgentMessage::Assistant(failed))
        .unwrap();
    session.append_context_edit(&failed_id, None).unwrap();
    let point = cut(&session, 50);
    // The input itself is summarised (as a split span); the omitted attempt is the boundary.
    assert_eq!(
        point,
        CutPoint {
            first_kept_index: 1,
            turn_start_index: Some(0),
            is_split_turn: true,
        }
    );
}

#[test]
fn usage_is_trusted_until_a_later_edit_or_compaction() {
    let (mut session, ids) = session_with(vec![
        user(&"a".repeat(400)),
        answer("ok", 5000),
        user(&"b".repeat(40)),
    ]);
    let tree = session.tree();
    let projection = tree.build_session_projection();
    let estimate = estimate_projected_context_tokens(&projection, &tree.active_branch());
    // The reported 5000 plus 10 estimated for the message after it.
    assert_eq!(estimate.tokens, 5010);
    assert_eq!(estimate.last_usage_index, Some(1));

    session.append_context_edit(&ids[0], None).unwrap();
    let tree = session.tree();
    let projection = tree.build_session_projection();
    let estimate = estimate_projected_context_tokens(&projection, &tree.active_branch());
    // The usage predates the edit: everything left is estimated (1 + 10).
    assert_eq!(estimate.tokens, 11);
    assert_eq!(estimate.last_usage_index, None);
}
