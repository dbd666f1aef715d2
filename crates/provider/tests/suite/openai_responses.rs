//! The `openai-responses` provider against the loopback mock server: requests as pi-ai
//! builds them (stateless replay of reasoning, function calls and their outputs), streamed
//! reasoning summaries, text and parallel function calls, usage and cost. Failures are in
//! `openai_responses_errors.rs`, which shares the helpers here.

#[path = "openai_responses_errors.rs"]
mod errors;

use pretty_assertions::assert_eq;
use serde_json::{json, Map};
use tau_protocol::{
    AgentMessage, AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel,
    ToolDeclaration, UserContent, UserMessage,
};
use tau_provider::{ConfigureEndpoint, HttpClient, OpenAiResponses, ProviderRequest, Timeouts};
use tau_test_support::{MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, tool_result};

/// A reasoning model of provider `openai`, like gpt-5 in Pi's catalogue.
pub(super) fn model(base_url: &str) -> Model {
    Model {
        id: "gpt-5".into(),
        name: "GPT-5".into(),
        api: "openai-responses".into(),
        provider: "openai".into(),
        base_url: base_url.into(),
        reasoning: true,
        input: vec!["text".into(), "image".into()],
        cost: tau_protocol::model::ModelCost {
            input: 1.25,
            output: 10.0,
            cache_read: 0.125,
            cache_write: 0.0,
        },
        context_window: 400_000,
        max_tokens: 128_000,
        headers: None,
        compat: Some(json!({"supportsStrictMode": true})),
        thinking_level_map: Some(json!({"off": null, "minimal": "minimal", "low": "low",
            "medium": "medium", "high": "high", "xhigh": null, "max": null})),
    }
}

pub(super) fn provider() -> OpenAiResponses {
    OpenAiResponses::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("sk-test-key")
        .with_key_hint("set OPENAI_API_KEY or pass --api-key")
}

pub(super) fn user_blocks(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage {
        content: UserContent::Blocks(vec![ContentBlock::text(text)]),
        timestamp: 1,
        extra: Map::new(),
    })
}

fn read_tool() -> ToolDeclaration {
    ToolDeclaration {
        name: "read".into(),
        description: "Read the contents of a file.".into(),
        parameters: json!({"type": "object", "required": ["path"],
            "properties": {"path": {"type": "string", "description": "Path to the file"}}}),
        constrained_sampling: None,
    }
}

pub(super) fn request(model: Model, messages: Vec<AgentMessage>) -> ProviderRequest {
    ProviderRequest {
        model,
        system_prompt: "You are a test assistant.".into(),
        messages,
        tools: vec![read_tool()],
        thinking_level: ThinkingLevel::Medium,
        api_key: None,
        hooks: None,
        session_id: None,
        no_cache_retention: false,
    }
}

pub(super) async fn run(
    server: &MockServer,
    messages: Vec<AgentMessage>,
) -> Vec<tau_protocol::AssistantMessageEvent> {
    collect(
        &provider(),
        request(model(&server.base_url()), messages),
        CancellationToken::new(),
    )
    .await
}

pub(super) fn error_text(events: &[AssistantMessageEvent]) -> String {
    final_message(events)
        .error_message
        .clone()
        .unwrap_or_default()
}

#[tokio::test]
async fn multi_turn_tool_use_replays_reasoning_calls_and_outputs_statelessly() {
    let server = MockServer::start(vec![
        MockTurn {
            thinking: Some("Need the file.".into()),
            text: Some("Let me read it.".into()),
            tool_calls: vec![MockToolCall {
                pieces: Some(3),
                ..MockToolCall::new("call_read_1", "read", json!({"path": "notes.txt"}))
            }],
            ..MockTurn::text("")
        }
        .into(),
        MockTurn::text("Done: read the file.").into(),
    ])
    .await
    .unwrap();
    let mut messages = vec![user_blocks("Fix notes")];
    let events = run(&server, messages.clone()).await;
    assert_eq!(
        kinds(&events),
        [
            "start",
            "thinking_start",
            "thinking_delta",
            "thinking_delta",
            "thinking_delta",
            "thinking_end",
            "text_start",
            "text_delta",
            "text_delta",
            "text_end",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_delta",
            "toolcall_delta",
            "toolcall_end",
            "done"
        ]
    );
    let first = final_message(&events).clone();
    assert_eq!(first.stop_reason, StopReason::ToolUse);
    assert_eq!(first.response_id.as_deref(), Some("resp_mock_1"));
    assert_eq!(first.extra.get("rawStopReason"), Some(&json!("completed")));
    let reasoning_item = json!({"id": "rs_mock_1_0", "type": "reasoning",
        "summary": [{"type": "summary_text", "text": "Need the file."}],
        "encrypted_content": "gAAAAB-mock-encrypted-1-0"});
    assert_eq!(
        first.content,
        [
            ContentBlock::Thinking {
                thinking: "Need the file.".into(),
                thinking_signature: Some(reasoning_item.to_string()),
                redacted: None,
            },
            ContentBlock::Text {
                text: "Let me read it.".into(),
                text_signature: Some(r#"{"v":1,"id":"msg_mock_1_1"}"#.into()),
            },
            ContentBlock::ToolCall(tau_protocol::ToolCall {
                id: "call_read_1|fc_mock_1_2".into(),
                name: "read".into(),
                arguments: json!({"path": "notes.txt"}),
                thought_signature: None,
                namespace: None,
            }),
        ]
    );

    messages.push(AgentMessage::Assistant(first));
    messages.push(tool_result(
        "call_read_1|fc_mock_1_2",
        "read",
        "alpha\nbeta\n",
        false,
    ));
    let events = run(&server, messages).await;
    assert_eq!(final_message(&events).text(), "Done: read the file.");
    assert_eq!(final_message(&events).stop_reason, StopReason::Stop);

    let requests = server.requests();
    let second = &requests[1];
    assert_eq!(
        (second.method.as_str(), second.path.as_str()),
        ("POST", "/v1/responses")
    );
    assert_eq!(second.header("authorization"), Some("Bearer sk-test-key"));
    // The system prompt is the first input item (developer role for reasoning models); the
    // reasoning item comes back verbatim with its encrypted content.
    let expected = json!({
        "model": "gpt-5",
        "input": [
            {"role": "developer", "content": "You are a test assistant."},
            {"role": "user", "content": [{"type": "input_text", "text": "Fix notes"}]},
            reasoning_item,
            {"type": "message", "role": "assistant", "content": [{"type": "output_text",
                "text": "Let me read it.", "annotations": []}], "status": "completed", "id": "msg_mock_1_1"},
            {"type": "function_call", "id": "fc_mock_1_2", "call_id": "call_read_1", "name": "read",
                "arguments": "{\"path\":\"notes.txt\"}"},
            {"type": "function_call_output", "call_id": "call_read_1", "output": "alpha\nbeta\n"},
        ],
        "stream": true,
        "store": false,
        "max_output_tokens": 128_000,
        "tools": [{"type": "function", "name": "read", "description": "Read the contents of a file.",
            "parameters": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string",
                "description": "Path to the file"}}}, "strict": false}],
        "reasoning": {"effort": "medium", "summary": "auto"},
        "include": ["reasoning.encrypted_content"],
    });
    assert_eq!(second.body, expected.to_string());
}

#[tokio::test]
async fn reasoning_summaries_stream_as_thinking_and_thinking_off_sends_none() {
    let server = MockServer::start(vec![
        MockTurn::text("4.").with_thinking("2 plus 2.").into(),
        MockTurn::text("ok").into(),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("2+2?")]).await;
    let thinking: Vec<&str> = events
        .iter()
        .filter_map(|event| match event {
            AssistantMessageEvent::ThinkingDelta { delta, .. } => Some(delta.as_str()),
            _ => None,
        })
        .collect();
    // A finished summary part adds a paragraph break; the block ends with the summary.
    assert_eq!(thinking, ["2 plus 2", ".", "\n\n"]);
    assert!(events.iter().any(|event| matches!(event,
        AssistantMessageEvent::ThinkingEnd { content, .. } if content == "2 plus 2.")));

    // gpt-5.4 maps thinking off to effort "none"; no summary or encrypted content is asked.
    let mut model = model(&server.base_url());
    model.thinking_level_map = Some(json!({"off": "none", "minimal": null}));
    let mut request = request(model, vec![user_blocks("hi")]);
    request.thinking_level = ThinkingLevel::Off;
    collect(&provider(), request, CancellationToken::new()).await;
    let body = server.requests()[1].json();
    assert_eq!(body["reasoning"], json!({"effort": "none"}));
    assert!(body.get("include").is_none());
}

#[tokio::test]
async fn parallel_function_calls_are_separate_blocks_in_output_order() {
    let server = MockServer::start(vec![MockTurn::tool_calls([
        MockToolCall::new("call_a", "read", json!({"path": "a.txt"})),
        MockToolCall::new("call_b", "read", json!({"path": "b.txt"})),
    ])
    .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("Read both")]).await;
    let ends: Vec<(usize, String, serde_json::Value)> = events
        .iter()
        .filter_map(|event| match event {
            AssistantMessageEvent::ToolCallEnd {
                content_index,
                tool_call,
            } => Some((
                *content_index,
                tool_call.id.clone(),
                tool_call.arguments.clone(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        ends,
        [
            (0, "call_a|fc_mock_1_0".into(), json!({"path": "a.txt"})),
            (1, "call_b|fc_mock_1_1".into(), json!({"path": "b.txt"})),
        ]
    );
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!(message.tool_calls().count(), 2);
}

#[tokio::test]
async fn usage_counts_cached_tokens_apart_and_prices_them() {
    let server = MockServer::start(vec![MockTurn::text("ok")
        .with_usage(Some(MockUsage {
            input: 1_000,
            output: 300,
            cache_read: 4_000,
            reasoning: 120,
            ..MockUsage::default()
        }))
        .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("hi")]).await;
    let usage = &final_message(&events).usage;
    assert_eq!(
        (
            usage.input,
            usage.output,
            usage.cache_read,
            usage.cache_write,
            usage.reasoning,
            usage.total_tokens
        ),
        (1_000, 300, 4_000, 0, Some(120), 5_300)
    );
    let expected = (1_000.0 * 1.25 + 300.0 * 10.0 + 4_000.0 * 0.125) / 1_000_000.0;
    assert!((usage.cost.total - expected).abs() < 1e-12, "{usage:?}");
    assert!((usage.cost.cache_read - 0.0005).abs() < 1e-12);
}

#[tokio::test]
async fn length_stops_are_done_and_the_raw_reason_is_kept() {
    let server = MockServer::start(vec![MockTurn::text("cut sh").with_finish("length").into()])
        .await
        .unwrap();
    let events = run(&server, vec![user_blocks("long story")]).await;
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Length);
    assert_eq!(message.text(), "cut sh");
    assert_eq!(
        message.extra.get("rawStopReason"),
        Some(&json!("incomplete.max_output_tokens"))
    );
}
