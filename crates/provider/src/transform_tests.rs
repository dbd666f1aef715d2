//! The shared conversation clean-up.

use super::*;
use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::UserMessage;

fn model() -> Model {
    let mut model = crate::scripted_model("m");
    model.input = vec!["text".into()];
    model
}

fn assistant(model: &Model, content: Vec<ContentBlock>, stop: StopReason) -> AgentMessage {
    AgentMessage::Assistant(AssistantMessage {
        content,
        api: model.api.clone(),
        provider: model.provider.clone(),
        model: model.id.clone(),
        stop_reason: stop,
        ..AssistantMessage::default()
    })
}

fn call(id: &str) -> ContentBlock {
    ContentBlock::ToolCall(ToolCall {
        id: id.into(),
        name: "read".into(),
        arguments: json!({}),
        thought_signature: Some("sig".into()),
        namespace: None,
    })
}

fn result(id: &str) -> AgentMessage {
    AgentMessage::ToolResult(ToolResultMessage {
        tool_call_id: id.into(),
        tool_name: "read".into(),
        content: vec![ContentBlock::text("ok")],
        details: None,
        usage: None,
        is_error: false,
        duration_ms: None,
        timestamp: 0,
        extra: Default::default(),
    })
}

fn same_id(id: &str) -> String {
    id.to_owned()
}

#[test]
fn failed_turns_are_dropped_and_orphaned_calls_answered() {
    let model = model();
    let messages = vec![
        AgentMessage::User(UserMessage::text("go")),
        assistant(&model, vec![call("a"), call("b")], StopReason::ToolUse),
        result("a"),
        AgentMessage::User(UserMessage::text("stop that")),
        assistant(
            &model,
            vec![ContentBlock::text("partial")],
            StopReason::Error,
        ),
        assistant(&model, vec![call("c")], StopReason::ToolUse),
    ];
    let out = transform_messages(&messages, &model, &same_id);
    let roles: Vec<_> = out
        .iter()
        .map(|m| match m {
            AgentMessage::ToolResult(r) => format!("toolResult:{}:{}", r.tool_call_id, r.is_error),
            other => other.role().to_owned(),
        })
        .collect();
    assert_eq!(
        roles,
        [
            "user",
            "assistant",
            "toolResult:a:false",
            "toolResult:b:true",
            "user",
            "assistant",
            "toolResult:c:true"
        ]
    );
    let AgentMessage::ToolResult(synthetic) = &out[3] else {
        panic!()
    };
    assert_eq!(synthetic.content, [ContentBlock::text(NO_RESULT_PROVIDED)]);
}

#[test]
fn other_models_lose_thinking_and_get_normalized_ids() {
    let model = model();
    let mut other = model.clone();
    other.id = "other".into();
    let thinking = ContentBlock::Thinking {
        thinking: "hmm".into(),
        thinking_signature: Some("s".into()),
        redacted: None,
    };
    let empty_thinking = ContentBlock::Thinking {
        thinking: " ".into(),
        thinking_signature: None,
        redacted: None,
    };
    let messages = vec![
        assistant(
            &other,
            vec![thinking.clone(), ContentBlock::text("hi"), call("x|y")],
            StopReason::ToolUse,
        ),
        result("x|y"),
        assistant(
            &model,
            vec![thinking.clone(), empty_thinking],
            StopReason::Stop,
        ),
    ];
    let normalize = |id: &str| id.replace('|', "_");
    let out = transform_messages(&messages, &model, &normalize);
    let AgentMessage::Assistant(first) = &out[0] else {
        panic!()
    };
    assert_eq!(first.content[0], ContentBlock::text("hi"));
    let ContentBlock::ToolCall(call) = &first.content[1] else {
        panic!()
    };
    assert_eq!(
        (call.id.as_str(), call.thought_signature.as_deref()),
        ("x_y", None)
    );
    let AgentMessage::ToolResult(answer) = &out[1] else {
        panic!()
    };
    assert_eq!(answer.tool_call_id, "x_y");
    let AgentMessage::Assistant(own) = &out[2] else {
        panic!()
    };
    assert_eq!(own.content, [thinking]);
}

#[test]
fn images_become_placeholders_for_text_only_models() {
    let model = model();
    let image = ContentBlock::Image {
        data: "AAAA".into(),
        mime_type: "image/png".into(),
    };
    let messages = vec![AgentMessage::User(UserMessage {
        content: UserContent::Blocks(vec![ContentBlock::text("see"), image.clone(), image]),
        timestamp: 0,
        extra: Default::default(),
    })];
    let out = transform_messages(&messages, &model, &same_id);
    let AgentMessage::User(user) = &out[0] else {
        panic!()
    };
    assert_eq!(
        user.content,
        UserContent::Blocks(vec![
            ContentBlock::text("see"),
            ContentBlock::text(USER_IMAGE_PLACEHOLDER)
        ])
    );
    let mut vision = model;
    vision.input.push("image".into());
    let out = transform_messages(&messages, &vision, &same_id);
    assert_eq!(out, messages);
}

#[test]
fn in_place_transform_copies_only_what_changes() {
    let model = model();
    let mut other = crate::scripted_model("other");
    other.provider = "elsewhere".into();
    let image = ContentBlock::Image {
        data: "AAAA".into(),
        mime_type: "image/png".into(),
    };
    let empty_thinking = ContentBlock::Thinking {
        thinking: " ".into(),
        thinking_signature: None,
        redacted: None,
    };
    let messages = vec![
        AgentMessage::User(UserMessage::text("plain")),
        assistant(&model, vec![call("own")], StopReason::ToolUse),
        result("own"),
        // An image the text-only model cannot see.
        AgentMessage::User(UserMessage {
            content: UserContent::Blocks(vec![ContentBlock::text("look"), image]),
            timestamp: 0,
            extra: Default::default(),
        }),
        // The model's own message with a thinking block that carries nothing.
        assistant(
            &model,
            vec![empty_thinking, ContentBlock::text("hi")],
            StopReason::Stop,
        ),
        // Another model's call, whose id is renamed; its result follows the rename.
        assistant(&other, vec![call("x|y")], StopReason::ToolUse),
        result("x|y"),
    ];
    let refs: Vec<&AgentMessage> = messages.iter().collect();
    let rename = |id: &str| id.replace('|', "_");
    let in_place = transform_messages_borrowed(&refs, &model, &rename);
    let kept: Vec<bool> = in_place
        .iter()
        .map(|message| matches!(message, Transformed::Kept(_)))
        .collect();
    assert_eq!(kept, [true, true, true, false, false, false, false]);
    let Transformed::Kept(first) = &in_place[0] else {
        panic!("the first message was copied");
    };
    assert!(std::ptr::eq(*first, &messages[0]), "kept means borrowed");
    let owned = transform_messages(&messages, &model, &rename);
    let read: Vec<AgentMessage> = in_place.iter().map(|m| (**m).clone()).collect();
    assert_eq!(read, owned);
    let AgentMessage::ToolResult(renamed) = &owned[6] else {
        panic!("expected the tool result, got {:?}", owned[6]);
    };
    assert_eq!(renamed.tool_call_id, "x_y");
}
