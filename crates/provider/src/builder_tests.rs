//! Tests of `AssistantMessageBuilder` and `apply`.

use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::AssistantMessageEvent as E;

fn model() -> Model {
    serde_json::from_value(json!({
        "id": "m-1", "name": "M", "api": "test-api", "provider": "test"
    }))
    .unwrap()
}

fn call(id: &str, name: &str, arguments: Value) -> ToolCall {
    ToolCall {
        id: id.into(),
        name: name.into(),
        arguments,
        thought_signature: None,
        namespace: None,
    }
}

/// Replays `events` through the free `apply` and returns the rebuilt message.
fn replay(events: &[AssistantMessageEvent]) -> AssistantMessage {
    let mut message = AssistantMessage::default();
    for event in events {
        apply(&mut message, event);
    }
    message
}

#[test]
fn sequential_deltas_open_and_close_blocks_in_order() {
    let mut b = AssistantMessageBuilder::new(&model());
    let mut events = vec![b.start()];
    events.extend(b.thinking_delta("Let me "));
    events.extend(b.thinking_delta("think."));
    events.extend(b.text_delta("Hi"));
    events.extend(b.text_delta(""));
    events.extend(b.tool_call_start("call_1", "bash"));
    events.extend(b.tool_call_delta(r#"{"command":"#));
    events.extend(b.tool_call_delta(r#" "ls"}"#));
    events.extend(b.finish(StopReason::ToolUse));

    let kinds: Vec<_> = events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap()["type"].clone())
        .collect();
    assert_eq!(
        kinds,
        [
            "start",
            "thinking_start",
            "thinking_delta",
            "thinking_delta",
            "thinking_end",
            "text_start",
            "text_delta",
            "text_end",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_delta",
            "toolcall_end",
            "done"
        ]
    );
    assert_eq!(
        events[4],
        E::ThinkingEnd {
            content_index: 0,
            content: "Let me think.".into()
        }
    );
    assert_eq!(
        events[11],
        E::ToolCallEnd {
            content_index: 2,
            tool_call: call("call_1", "bash", json!({"command": "ls"}))
        }
    );
    let E::Done { reason, message } = events.last().unwrap() else {
        panic!("last event is not done: {events:?}");
    };
    assert_eq!(*reason, StopReason::ToolUse);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!(
        (
            message.api.as_str(),
            message.provider.as_str(),
            message.model.as_str()
        ),
        ("test-api", "test", "m-1")
    );
    assert_eq!(message.text(), "Hi");
    assert_eq!(message.content.len(), 3);
    // Rebuilding from the wire events gives the same message.
    assert_eq!(&replay(&events), message);
}

#[test]
fn blocks_addressed_by_index_may_interleave() {
    let mut b = AssistantMessageBuilder::new(&model());
    let (text, _) = b.open_text();
    let (first, start) = b.open_tool_call("a", "read");
    let (second, _) = b.open_tool_call("b", "write");
    assert_eq!((text, first, second), (0, 1, 2));
    assert_eq!(
        start,
        E::ToolCallStart {
            content_index: 1,
            id: "a".into(),
            tool_name: "read".into()
        }
    );
    let mut events = vec![];
    events.extend(b.append_tool_call_arguments(second, r#"{"path":"out.txt","#));
    events.extend(b.append_tool_call_arguments(first, r#"{"path":"#));
    events.extend(b.append_text(text, "Reading and writing."));
    events.extend(b.append_tool_call_arguments(second, r#""content":"x"}"#));
    events.extend(b.append_tool_call_arguments(first, r#""in.txt"}"#));
    assert_eq!(events.len(), 5);
    assert_eq!(
        b.close(second),
        Some(E::ToolCallEnd {
            content_index: 2,
            tool_call: call("b", "write", json!({"path": "out.txt", "content": "x"}))
        })
    );
    assert_eq!(b.close(second), None, "a closed block does not close twice");
    assert_eq!(
        b.append_tool_call_arguments(second, "more"),
        None,
        "a closed block takes no more deltas"
    );
    assert_eq!(b.append_text(first, "text"), None, "wrong kind of block");

    let end = b.finish(StopReason::ToolUse);
    assert_eq!(
        end[..2],
        [
            E::TextEnd {
                content_index: 0,
                content: "Reading and writing.".into()
            },
            E::ToolCallEnd {
                content_index: 1,
                tool_call: call("a", "read", json!({"path": "in.txt"}))
            },
        ]
    );
    let E::Done { message, .. } = &end[2] else {
        panic!("expected done, got {end:?}");
    };
    assert_eq!(message.tool_calls().count(), 2);
}

#[test]
fn unparseable_arguments_become_an_empty_object_with_an_error() {
    let mut b = AssistantMessageBuilder::new(&model());
    let (index, _) = b.open_tool_call("c", "bash");
    b.append_tool_call_arguments(index, r#"{"command": "ls"#);
    let Some(E::ToolCallEnd { tool_call, .. }) = b.close(index) else {
        panic!("expected toolcall_end");
    };
    assert_eq!(tool_call.arguments, json!({}));
    let error = b.arguments_error(index).unwrap();
    assert!(
        error.contains("Received arguments:\n{\"command\": \"ls"),
        "{error}"
    );
}

#[test]
fn fail_keeps_streamed_content_and_partial_arguments() {
    let mut b = AssistantMessageBuilder::new(&model());
    b.text_delta("Writing the file");
    b.tool_call_start("call_1", "write");
    b.tool_call_delta(r#"{"path": "a.txt", "content": "hel"#);
    assert_eq!(
        b.partial_arguments(1),
        Some(json!({"path": "a.txt", "content": "hel"}))
    );
    assert_eq!(
        b.snapshot().content[1],
        ContentBlock::ToolCall(call(
            "call_1",
            "write",
            json!({"path": "a.txt", "content": "hel"})
        ))
    );
    let event = b.fail(StopReason::Aborted, ABORTED_MESSAGE);
    let E::Error { reason, error } = event else {
        panic!("expected error event");
    };
    assert_eq!(reason, StopReason::Aborted);
    assert_eq!(error.stop_reason, StopReason::Aborted);
    assert_eq!(error.error_message.as_deref(), Some("Request was aborted"));
    assert_eq!(error.text(), "Writing the file");
    assert_eq!(
        error.tool_calls().next().map(|c| c.arguments.clone()),
        Some(json!({"path": "a.txt", "content": "hel"}))
    );
}

#[test]
fn fail_with_a_non_error_reason_reports_error() {
    let b = AssistantMessageBuilder::new(&model());
    let E::Error { reason, error } = b.fail(StopReason::Stop, "boom") else {
        panic!("expected error event");
    };
    assert_eq!(
        (reason, error.stop_reason),
        (StopReason::Error, StopReason::Error)
    );
    assert_eq!(error.error_message.as_deref(), Some("boom"));
}

#[test]
fn finish_without_a_usable_reason_ends_with_an_error() {
    let mut b = AssistantMessageBuilder::new(&model());
    b.text_delta("partial");
    let events = b.finish(StopReason::Pending);
    assert_eq!(
        events[0],
        E::TextEnd {
            content_index: 0,
            content: "partial".into()
        }
    );
    let E::Error { reason, error } = &events[1] else {
        panic!("expected error, got {events:?}");
    };
    assert_eq!(*reason, StopReason::Error);
    assert_eq!(
        error.error_message.as_deref(),
        Some("provider stream ended without a stop reason")
    );

    let b = AssistantMessageBuilder::new(&model());
    let events = b.finish(StopReason::Error);
    let E::Error { error, .. } = &events[0] else {
        panic!("expected error, got {events:?}");
    };
    assert_eq!(
        error.error_message.as_deref(),
        Some("An unknown error occurred")
    );
}

#[test]
fn tool_call_delta_without_an_open_tool_call_is_ignored() {
    let mut b = AssistantMessageBuilder::new(&model());
    assert!(b.tool_call_delta("{}").is_empty());
    b.text_delta("x");
    assert!(b.tool_call_delta("{}").is_empty());
    assert_eq!(b.message().content.len(), 1);
}

#[test]
fn usage_and_response_metadata_reach_the_final_message() {
    let mut b = AssistantMessageBuilder::new(&model());
    b.set_response_id("resp_1");
    b.set_response_model("m-1-2025");
    b.set_usage(Usage {
        input: 10,
        output: 5,
        total_tokens: 15,
        ..Usage::default()
    });
    b.thinking_delta("hm");
    if let Some(ContentBlock::Thinking {
        thinking_signature, ..
    }) = b.block_mut(0)
    {
        *thinking_signature = Some("sig".into());
    }
    let events = b.finish(StopReason::Stop);
    let E::Done { message, .. } = events.last().unwrap() else {
        panic!("expected done");
    };
    assert_eq!(message.response_id.as_deref(), Some("resp_1"));
    assert_eq!(message.response_model.as_deref(), Some("m-1-2025"));
    assert_eq!(message.usage.total_tokens, 15);
    assert_eq!(
        message.content[0],
        ContentBlock::Thinking {
            thinking: "hm".into(),
            thinking_signature: Some("sig".into()),
            redacted: None
        }
    );
}

#[test]
fn apply_rebuilds_the_partial_at_every_step() {
    let mut b = AssistantMessageBuilder::new(&model());
    let mut events = vec![b.start()];
    events.extend(b.text_delta("Hello "));
    events.extend(b.text_delta("world"));
    events.extend(b.tool_call_start("call_1", "read"));
    events.extend(b.tool_call_delta(r#"{"path": "READ"#));

    // The free function follows text exactly; tool arguments wait for toolcall_end.
    let rebuilt = replay(&events);
    assert_eq!(rebuilt.content[0], ContentBlock::text("Hello world"));
    assert_eq!(
        rebuilt.content[1],
        ContentBlock::ToolCall(call("call_1", "read", json!({})))
    );

    // A replaying builder also shows arguments while they stream.
    let mut consumer = AssistantMessageBuilder::new(&model());
    for event in &events {
        consumer.apply(event);
    }
    assert_eq!(consumer.snapshot(), b.snapshot());
    assert_eq!(consumer.partial_arguments(1), Some(json!({"path": "READ"})));

    events.extend(b.tool_call_delta(r#"ME.md"}"#));
    let rest = b.finish(StopReason::ToolUse);
    for event in events.iter().skip(events.len() - 1).chain(&rest) {
        consumer.apply(event);
    }
    let E::Done { message, .. } = rest.last().unwrap() else {
        panic!("expected done");
    };
    assert_eq!(consumer.message(), message);
    assert_eq!(
        message.tool_calls().next().unwrap().arguments,
        json!({"path": "README.md"})
    );
}
