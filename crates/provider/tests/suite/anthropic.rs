//! The `anthropic-messages` provider against the loopback mock server: requests as Pi sends
//! them (headers, cache markers, thinking budget, replayed signatures and tool results),
//! streamed thinking, redacted thinking, text and tool calls by block index, usage and
//! cost. Failures are in `anthropic/errors.rs`, which shares the helpers here.

mod errors;

use pretty_assertions::assert_eq;
use serde_json::{json, Map, Value};
use tau_protocol::{
    AgentMessage, AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel,
    ToolDeclaration, UserContent, UserMessage,
};
use tau_provider::{AnthropicMessages, ConfigureEndpoint, HttpClient, ProviderRequest, Timeouts};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, tool_result};

const SYSTEM: &str = "You are a test assistant.";

pub(super) fn model(server: &MockServer) -> Model {
    Model {
        id: "claude-sonnet-4-5".into(),
        name: "Claude Sonnet 4.5".into(),
        api: "anthropic-messages".into(),
        provider: "anthropic".into(),
        base_url: server.url(),
        reasoning: true,
        input: vec!["text".into(), "image".into()],
        cost: tau_protocol::model::ModelCost {
            input: 3.0,
            output: 15.0,
            cache_read: 0.3,
            cache_write: 3.75,
        },
        context_window: 200_000,
        max_tokens: 64_000,
        headers: None,
        compat: Some(json!({"supportsStrictTools": true})),
        thinking_level_map: None,
    }
}

pub(super) fn provider() -> AnthropicMessages {
    AnthropicMessages::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("sk-ant-api03-test")
        .with_key_hint("set ANTHROPIC_API_KEY or pass --api-key")
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

pub(super) fn request(
    server: &MockServer,
    messages: Vec<AgentMessage>,
    level: ThinkingLevel,
) -> ProviderRequest {
    ProviderRequest {
        model: model(server),
        system_prompt: SYSTEM.into(),
        messages,
        tools: vec![read_tool()],
        thinking_level: level,
        api_key: None,
        hooks: None,
        session_id: None,
        no_cache_retention: false,
    }
}

pub(super) async fn run(
    server: &MockServer,
    messages: Vec<AgentMessage>,
) -> Vec<AssistantMessageEvent> {
    collect(
        &provider(),
        request(server, messages, ThinkingLevel::Off),
        CancellationToken::new(),
    )
    .await
}

#[tokio::test]
async fn multi_turn_tool_use_replays_signed_thinking_and_tool_results() {
    let server = MockServer::start(vec![
        MockTurn {
            thinking: Some("Read the file first.".into()),
            thinking_signature: Some("EqQBCgIYAhIM".into()),
            text: Some("Reading it.".into()),
            pieces: Some(2),
            tool_calls: vec![MockToolCall {
                pieces: Some(3),
                ..MockToolCall::new("toolu_01", "read", json!({"path": "notes.txt"}))
            }],
            ..MockTurn::text("")
        }
        .into(),
        MockTurn::text("Done: read the file.").into(),
    ])
    .await
    .unwrap();
    let mut messages = vec![user_blocks("Fix notes")];
    let events = collect(
        &provider(),
        request(&server, messages.clone(), ThinkingLevel::Medium),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        kinds(&events),
        [
            "start",
            "thinking_start",
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
            "toolcall_delta",
            "toolcall_end",
            "done"
        ]
    );
    // Anthropic opens tool input with an empty piece; Pi reports it as an empty delta.
    assert!(matches!(
        &events[10],
        AssistantMessageEvent::ToolCallDelta { content_index: 2, delta } if delta.is_empty()
    ));
    let first = final_message(&events).clone();
    assert_eq!(first.stop_reason, StopReason::ToolUse);
    assert_eq!(first.response_id.as_deref(), Some("msg_mock_1"));
    assert_eq!(first.extra.get("rawStopReason"), Some(&json!("tool_use")));
    assert_eq!(
        first.content[0],
        ContentBlock::Thinking {
            thinking: "Read the file first.".into(),
            thinking_signature: Some("EqQBCgIYAhIM".into()),
            redacted: None,
        }
    );
    let call = first.tool_calls().next().unwrap();
    assert_eq!((call.id.as_str(), call.name.as_str()), ("toolu_01", "read"));
    assert_eq!(call.arguments, json!({"path": "notes.txt"}));

    messages.push(AgentMessage::Assistant(first));
    messages.push(tool_result("toolu_01", "read", "hello from notes", false));
    let second = collect(
        &provider(),
        request(&server, messages, ThinkingLevel::Medium),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(final_message(&second).text(), "Done: read the file.");

    let recorded = &server.requests()[1];
    assert_eq!(recorded.path, "/v1/messages?beta=true");
    assert_eq!(recorded.header("x-api-key"), Some("sk-ant-api03-test"));
    assert_eq!(recorded.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(
        recorded.header("anthropic-beta"),
        Some("interleaved-thinking-2025-05-14")
    );
    assert_eq!(recorded.header("authorization"), None);
    let marker = json!({"type": "ephemeral"});
    assert_eq!(
        recorded.json(),
        json!({
            "model": "claude-sonnet-4-5",
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "Fix notes"}]},
                {"role": "assistant", "content": [
                    {"type": "thinking", "thinking": "Read the file first.",
                        "signature": "EqQBCgIYAhIM"},
                    {"type": "text", "text": "Reading it."},
                    {"type": "tool_use", "id": "toolu_01", "name": "read",
                        "input": {"path": "notes.txt"}},
                ]},
                {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_01",
                        "content": "hello from notes", "is_error": false,
                        "cache_control": marker},
                ]},
            ],
            "max_tokens": 64000,
            "stream": true,
            "system": [{"type": "text", "text": SYSTEM, "cache_control": marker}],
            "tools": [{
                "name": "read",
                "description": "Read the contents of a file.",
                "eager_input_streaming": true,
                "input_schema": {"type": "object",
                    "properties": {"path": {"type": "string", "description": "Path to the file"}},
                    "required": ["path"]},
                "cache_control": marker,
            }],
            "thinking": {"type": "enabled", "budget_tokens": 8192, "display": "summarized"},
        })
    );
}

#[tokio::test]
async fn redacted_thinking_is_shown_redacted_and_replayed_as_its_data() {
    let server = MockServer::start(vec![
        MockTurn {
            redacted_thinking: Some("EmwKAhgBEgy3va3pzix".into()),
            ..MockTurn::text("The answer is 4.").with_thinking("Add the numbers.")
        }
        .into(),
        MockTurn::text("Sure.").into(),
    ])
    .await
    .unwrap();
    let mut messages = vec![user_blocks("2+2?")];
    let events = run(&server, messages.clone()).await;
    assert_eq!(
        &kinds(&events)[..4],
        ["start", "thinking_start", "thinking_end", "thinking_start"]
    );
    let message = final_message(&events).clone();
    assert_eq!(
        message.content[..2],
        [
            ContentBlock::Thinking {
                thinking: "[Reasoning redacted]".into(),
                thinking_signature: Some("EmwKAhgBEgy3va3pzix".into()),
                redacted: Some(true),
            },
            ContentBlock::Thinking {
                thinking: "Add the numbers.".into(),
                thinking_signature: Some("sig-1".into()),
                redacted: None,
            },
        ]
    );
    assert_eq!(message.stop_reason, StopReason::Stop);
    messages.push(AgentMessage::Assistant(message));
    messages.push(user_blocks("Thanks"));
    run(&server, messages).await;
    let body = server.requests()[1].json();
    assert_eq!(
        body["messages"][1]["content"],
        json!([
            {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix"},
            {"type": "thinking", "thinking": "Add the numbers.", "signature": "sig-1"},
            {"type": "text", "text": "The answer is 4."},
        ])
    );
    // Thinking off on a reasoning model is said explicitly; no interleaved-thinking beta.
    assert_eq!(body["thinking"], json!({"type": "disabled"}));
    assert_eq!(server.requests()[1].header("anthropic-beta"), None);
}

#[tokio::test]
async fn parallel_tool_calls_are_matched_by_block_index() {
    let server = MockServer::start(vec![
        MockTurn::tool_calls([
            MockToolCall::new("toolu_a", "read", json!({"path": "a.txt"})),
            MockToolCall::new("toolu_b", "read", json!({"path": "b.txt"})),
        ])
        .into(),
        // Interleaved deltas of two open blocks, as Anthropic may send them.
        MockReply::Raw {
            chunks: vec![
                json!({"type": "message_start", "message": {"id": "msg_x", "model": "claude-sonnet-4-5",
                    "usage": {"input_tokens": 5, "output_tokens": 1}}}),
                json!({"type": "content_block_start", "index": 0,
                    "content_block": {"type": "tool_use", "id": "toolu_c", "name": "read", "input": {}}}),
                json!({"type": "content_block_start", "index": 1,
                    "content_block": {"type": "tool_use", "id": "toolu_d", "name": "read", "input": {}}}),
                json!({"type": "content_block_delta", "index": 1,
                    "delta": {"type": "input_json_delta", "partial_json": "{\"path\":"}}),
                json!({"type": "content_block_delta", "index": 0,
                    "delta": {"type": "input_json_delta", "partial_json": "{\"path\":\"c\"}"}}),
                json!({"type": "content_block_delta", "index": 1,
                    "delta": {"type": "input_json_delta", "partial_json": "\"d\"}"}}),
                json!({"type": "content_block_stop", "index": 1}),
                json!({"type": "content_block_stop", "index": 0}),
                json!({"type": "message_delta", "delta": {"stop_reason": "tool_use"},
                    "usage": {"output_tokens": 9}}),
            ],
            done: true,
            delay_ms: 0,
        },
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("read both")]).await;
    let message = final_message(&events);
    let calls: Vec<_> = message
        .tool_calls()
        .map(|call| (call.id.as_str(), call.arguments.clone()))
        .collect();
    assert_eq!(
        calls,
        [
            ("toolu_a", json!({"path": "a.txt"})),
            ("toolu_b", json!({"path": "b.txt"}))
        ]
    );
    let events = run(&server, vec![user_blocks("read both")]).await;
    let ends: Vec<_> = events
        .iter()
        .filter_map(|event| match event {
            AssistantMessageEvent::ToolCallEnd {
                content_index,
                tool_call,
            } => Some((*content_index, tool_call.arguments.clone())),
            _ => None,
        })
        .collect();
    // Block 1 closes first; each keeps its own arguments.
    assert_eq!(ends, [(1, json!({"path": "d"})), (0, json!({"path": "c"}))]);
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!((message.usage.input, message.usage.output), (5, 9));
}

#[tokio::test]
async fn usage_counts_cache_reads_and_writes_and_prices_them() {
    let server = MockServer::start(vec![MockTurn::text("Cached.")
        .with_usage(Some(MockUsage {
            input: 1000,
            output: 200,
            cache_read: 5000,
            cache_write: 2000,
            reasoning: 50,
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
            usage.cache_write
        ),
        (1000, 200, 5000, 2000)
    );
    assert_eq!(usage.cache_write_1h, Some(0));
    assert_eq!(usage.reasoning, Some(50));
    assert_eq!(usage.total_tokens, 8200);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
    assert!(close(usage.cost.input, 0.003), "{:?}", usage.cost);
    assert!(close(usage.cost.output, 0.003));
    assert!(close(usage.cost.cache_read, 0.0015));
    assert!(close(usage.cost.cache_write, 0.0075));
    assert!(close(usage.cost.total, 0.015));
}

#[tokio::test]
async fn a_subscription_token_speaks_as_claude_code() {
    let server = MockServer::start(vec![MockTurn::tool_calls([MockToolCall::new(
        "toolu_1",
        "Read",
        json!({"path": "x"}),
    )])
    .into()])
    .await
    .unwrap();
    let mut request = request(&server, vec![user_blocks("hi")], ThinkingLevel::Off);
    request.api_key = Some("sk-ant-oat01-secret".into());
    let events = collect(&provider(), request, CancellationToken::new()).await;
    // Claude Code's tool name maps back to Pi's.
    assert_eq!(
        final_message(&events).tool_calls().next().unwrap().name,
        "read"
    );
    let recorded = &server.requests()[0];
    assert_eq!(
        recorded.header("authorization"),
        Some("Bearer sk-ant-oat01-secret")
    );
    assert_eq!(recorded.header("x-api-key"), None);
    assert_eq!(recorded.header("user-agent"), Some("claude-cli/2.1.322"));
    assert_eq!(
        recorded.header("anthropic-beta"),
        Some("claude-code-20250219,oauth-2025-04-20")
    );
    let body = recorded.json();
    let system: Vec<&Value> = body["system"].as_array().unwrap().iter().collect();
    assert_eq!(
        system[0]["text"],
        "You are Claude Code, Anthropic's official CLI for Claude."
    );
    assert_eq!(system[1]["text"], SYSTEM);
    assert_eq!(body["tools"][0]["name"], "Read");
}
