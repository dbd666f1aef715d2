//! The `openai-completions` provider against the loopback mock server: requests as Pi
//! sends them, streamed text, thinking and tool calls, usage and cost. Failures are in
//! `openai_completions_errors.rs`, which shares the helpers here.

use pretty_assertions::assert_eq;
use serde_json::{json, Map};
use tau_protocol::{
    AgentMessage, AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel,
    ToolDeclaration, UserContent, UserMessage,
};
use tau_provider::{ConfigureEndpoint, HttpClient, OpenAiCompletions, ProviderRequest, Timeouts};
use tau_test_support::{MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, tool_result};

pub(super) fn model(base_url: &str) -> Model {
    Model {
        id: "fake-model".into(),
        name: "Fake Model".into(),
        api: "openai-completions".into(),
        provider: "fake".into(),
        base_url: base_url.into(),
        reasoning: false,
        input: vec!["text".into()],
        cost: Default::default(),
        context_window: 128_000,
        max_tokens: 16_384,
        headers: None,
        compat: None,
        thinking_level_map: None,
    }
}

pub(super) fn provider() -> OpenAiCompletions {
    OpenAiCompletions::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("sk-fake-key")
        .with_key_hint("set FAKE_API_KEY or pass --api-key")
}

/// A user message the way Pi stores it: an array of text blocks.
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
        thinking_level: ThinkingLevel::Off,
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
async fn multi_turn_tool_use_sends_the_tool_result_as_pi_does() {
    let server = MockServer::start(vec![
        MockTurn {
            text: Some("Let me read the file.".into()),
            pieces: Some(2),
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
            "text_start",
            "text_delta",
            "text_delta",
            "toolcall_start",
            "toolcall_delta",
            "toolcall_delta",
            "toolcall_delta",
            "toolcall_delta",
            "text_end",
            "toolcall_end",
            "done"
        ]
    );
    // The opening tool-call chunk gives an empty delta, as in Pi.
    assert!(
        matches!(&events[5], AssistantMessageEvent::ToolCallDelta { content_index: 1, delta } if delta.is_empty())
    );
    let first = final_message(&events).clone();
    assert_eq!(first.stop_reason, StopReason::ToolUse);
    assert_eq!(first.response_id.as_deref(), Some("chatcmpl-mock-1"));
    assert_eq!(first.extra.get("rawStopReason"), Some(&json!("tool_calls")));
    assert_eq!(first.text(), "Let me read the file.");
    let call = first.tool_calls().next().unwrap();
    assert_eq!(
        (call.id.as_str(), call.name.as_str()),
        ("call_read_1", "read")
    );
    assert_eq!(call.arguments, json!({"path": "notes.txt"}));
    assert_eq!(
        (
            first.usage.input,
            first.usage.output,
            first.usage.total_tokens
        ),
        (100, 20, 120)
    );

    messages.push(AgentMessage::Assistant(first));
    messages.push(tool_result(
        "call_read_1",
        "read",
        "alpha\nbeta\ngamma\n",
        false,
    ));
    let events = run(&server, messages).await;
    assert_eq!(final_message(&events).text(), "Done: read the file.");
    assert_eq!(final_message(&events).stop_reason, StopReason::Stop);

    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    let second = &requests[1];
    assert_eq!(
        (second.method.as_str(), second.path.as_str()),
        ("POST", "/v1/chat/completions")
    );
    assert_eq!(second.header("authorization"), Some("Bearer sk-fake-key"));
    assert_eq!(second.header("content-type"), Some("application/json"));
    assert_eq!(second.header("accept"), Some("application/json"));
    assert!(second.header("user-agent").unwrap().starts_with("tau/"));
    // Byte-exact body, keys in Pi's order (FINDINGS §4).
    let expected = json!({
        "model": "fake-model",
        "messages": [
            {"role": "system", "content": "You are a test assistant."},
            {"role": "user", "content": [{"type": "text", "text": "Fix notes"}]},
            {"role": "assistant", "content": "Let me read the file.", "tool_calls": [{"id": "call_read_1", "type": "function", "function": {"name": "read", "arguments": "{\"path\":\"notes.txt\"}"}}]},
            {"role": "tool", "content": "alpha\nbeta\ngamma\n", "tool_call_id": "call_read_1"},
        ],
        "stream": true,
        "stream_options": {"include_usage": true},
        "store": false,
        "max_completion_tokens": 16384,
        "tools": [{"type": "function", "function": {"name": "read", "description": "Read the contents of a file.",
            "parameters": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string", "description": "Path to the file"}}}}}],
    });
    assert_eq!(second.body, expected.to_string());
}

#[tokio::test]
async fn reasoning_streams_into_a_thinking_block_before_the_text() {
    let server = MockServer::start(vec![MockTurn::text("The answer is 4.")
        .with_thinking("2 plus 2 is 4.")
        .with_usage(Some(MockUsage {
            input: 50,
            output: 30,
            reasoning: 12,
            ..MockUsage::default()
        }))
        .into()])
    .await
    .unwrap();
    let mut model = model(&server.base_url());
    model.reasoning = true;
    let mut request = request(model, vec![user_blocks("2+2?")]);
    request.thinking_level = ThinkingLevel::Medium;
    let events = collect(&provider(), request, CancellationToken::new()).await;
    let kinds = kinds(&events);
    assert_eq!(kinds[..2], ["start", "thinking_start"]);
    assert_eq!(
        kinds[kinds.len() - 3..],
        ["thinking_end", "text_end", "done"]
    );
    let message = final_message(&events);
    assert_eq!(
        message.content,
        [
            ContentBlock::Thinking {
                thinking: "2 plus 2 is 4.".into(),
                thinking_signature: Some("reasoning_content".into()),
                redacted: None,
            },
            ContentBlock::text("The answer is 4."),
        ]
    );
    assert_eq!(message.usage.reasoning, Some(12));
    let body = server.requests()[0].json();
    assert_eq!(body["reasoning_effort"], json!("medium"));
    assert_eq!(body["messages"][0]["role"], json!("system"));

    // The thinking is replayed in the field it streamed in.
    let replay = tau_provider::openai_completions::messages::convert_messages(
        &request_model(&server),
        "",
        &[AgentMessage::Assistant(message.clone())],
        &tau_provider::openai_completions::compat::Compat::detect(&request_model(&server)),
    );
    assert_eq!(
        replay,
        [
            json!({"role": "assistant", "content": "The answer is 4.", "reasoning_content": "2 plus 2 is 4."})
        ]
    );
}

fn request_model(server: &MockServer) -> Model {
    model(&server.base_url())
}

#[tokio::test]
async fn usage_becomes_pi_usage_with_cost_from_the_model_prices() {
    let server = MockServer::start(vec![MockTurn::text("ok")
        .with_usage(Some(MockUsage {
            input: 1_000,
            output: 200,
            cache_read: 500,
            cache_write: 100,
            reasoning: 0,
            ..MockUsage::default()
        }))
        .into()])
    .await
    .unwrap();
    let mut model = model(&server.base_url());
    model.cost = tau_protocol::model::ModelCost {
        input: 3.0,
        output: 15.0,
        cache_read: 0.3,
        cache_write: 3.75,
    };
    let events = collect(
        &provider(),
        request(model, vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    let usage = &final_message(&events).usage;
    assert_eq!(
        (
            usage.input,
            usage.output,
            usage.cache_read,
            usage.cache_write,
            usage.total_tokens
        ),
        (1_000, 200, 500, 100, 1_800)
    );
    assert!((usage.cost.input - 0.003).abs() < 1e-12);
    assert!((usage.cost.output - 0.003).abs() < 1e-12);
    assert!((usage.cost.cache_read - 0.000_15).abs() < 1e-12);
    assert!((usage.cost.cache_write - 0.000_375).abs() < 1e-12);
    let total =
        usage.cost.input + usage.cost.output + usage.cost.cache_read + usage.cost.cache_write;
    assert!((usage.cost.total - total).abs() < 1e-15);
    assert_eq!(usage.cost.total_from_provider, Some(false));
}

#[tokio::test]
async fn parallel_tool_calls_stream_by_index_and_end_in_content_order() {
    let server = MockServer::start(vec![MockTurn::tool_calls([
        MockToolCall::new("call_a", "read", json!({"path": "a.txt"})),
        MockToolCall::new("call_b", "read", json!({"path": "b.txt"})),
    ])
    .into()])
    .await
    .unwrap();
    let events = run(&server, vec![user_blocks("Read both")]).await;
    let ends: Vec<usize> = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, AssistantMessageEvent::ToolCallEnd { .. }))
        .map(|(i, _)| i)
        .collect();
    let last_delta = events
        .iter()
        .rposition(|e| matches!(e, AssistantMessageEvent::ToolCallDelta { .. }))
        .unwrap();
    assert!(
        ends.iter().all(|&end| end > last_delta),
        "all ends after the stream: {:?}",
        kinds(&events)
    );
    let message = final_message(&events);
    let calls: Vec<_> = message
        .tool_calls()
        .map(|c| (c.id.clone(), c.arguments.clone()))
        .collect();
    assert_eq!(
        calls,
        [
            ("call_a".to_owned(), json!({"path": "a.txt"})),
            ("call_b".to_owned(), json!({"path": "b.txt"}))
        ]
    );
    assert_eq!(message.stop_reason, StopReason::ToolUse);
}

#[tokio::test]
async fn a_thinking_tool_turn_is_replayed_as_pi_replays_it() {
    // Pi 1.6.0 against tau-mock-llm with this script sent exactly this second request
    // (messages after the system prompt, and the top-level keys).
    let server = MockServer::start(vec![
        MockTurn {
            tool_calls: vec![MockToolCall::new(
                "call_r",
                "read",
                json!({"path": "notes.txt"}),
            )],
            ..MockTurn::text("Reading.").with_thinking("Let me think about it.")
        }
        .into(),
        MockTurn::text("Done reading: alpha.").into(),
    ])
    .await
    .unwrap();
    let mut model = model(&server.base_url());
    model.reasoning = true;
    let mut messages = vec![user_blocks("Read notes")];
    for turn in 0..2 {
        let mut request = request(model.clone(), messages.clone());
        request.thinking_level = ThinkingLevel::Medium;
        let events = collect(&provider(), request, CancellationToken::new()).await;
        messages.push(AgentMessage::Assistant(final_message(&events).clone()));
        if turn == 0 {
            messages.push(tool_result("call_r", "read", "alpha\n", false));
        }
    }
    let body = server.requests()[1].json();
    let top: Vec<&String> = body.as_object().unwrap().keys().collect();
    assert_eq!(
        top,
        [
            "model",
            "messages",
            "stream",
            "stream_options",
            "store",
            "max_completion_tokens",
            "tools",
            "reasoning_effort"
        ]
    );
    assert_eq!(body["reasoning_effort"], json!("medium"));
    assert_eq!(
        body["messages"].as_array().unwrap()[1..],
        [
            json!({"role": "user", "content": [{"type": "text", "text": "Read notes"}]}),
            json!({"role": "assistant", "content": "Reading.", "reasoning_content": "Let me think about it.", "tool_calls": [{"id": "call_r", "type": "function", "function": {"name": "read", "arguments": "{\"path\":\"notes.txt\"}"}}]}),
            json!({"role": "tool", "content": "alpha\n", "tool_call_id": "call_r"}),
        ]
    );
}

/// A conversation whose request body is over the streaming threshold (16 MiB) is sent while
/// it is written (chunked), and the server receives exactly the bytes the whole-body path
/// writes for a small one: same prefix, same messages, valid JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_body_is_streamed_and_arrives_whole() {
    use futures::StreamExt;
    use tau_provider::Provider;
    let server = MockServer::start(vec![MockTurn::text("ok").into()])
        .await
        .unwrap();
    let chunk = "x".repeat(64 * 1024);
    let messages: Vec<AgentMessage> = (0..300)
        .map(|i| user_blocks(&format!("{i}:{chunk}")))
        .collect();
    let refs: Vec<&AgentMessage> = messages.iter().collect();
    let events: Vec<AssistantMessageEvent> = provider()
        .stream_borrowed(
            request(model(&server.base_url()), Vec::new()),
            &refs,
            CancellationToken::new(),
        )
        .collect()
        .await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Stop);
    let recorded = &server.requests()[0];
    assert_eq!(recorded.header("transfer-encoding"), Some("chunked"));
    let body = recorded.json();
    let sent = body["messages"].as_array().unwrap();
    // The system prompt, then every user message in order.
    assert_eq!(sent.len(), 301);
    assert_eq!(sent[1]["content"][0]["text"], format!("0:{chunk}"));
    assert_eq!(sent[300]["content"][0]["text"], format!("299:{chunk}"));
    assert_eq!(body["model"], "fake-model");
}
