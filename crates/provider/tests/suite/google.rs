//! The `google-generative-ai` provider against the loopback mock server: the request as
//! pi-ai 1.6.0 sends it (path, `x-goog-api-key`, body; recorded by running pi-ai's own
//! provider against a loopback server), streamed thought summaries, text and function
//! calls, usage and cost, signatures replayed on the next turn, and every way it fails.

use futures::StreamExt;
use pretty_assertions::assert_eq;
use serde_json::{json, Map};
use tau_protocol::{
    AgentMessage, AssistantMessageEvent, ContentBlock, Model, StopReason, ThinkingLevel,
    ToolDeclaration, UserContent, UserMessage,
};
use tau_provider::{
    is_retryable_error, ConfigureEndpoint, GoogleGenerativeAi, HttpClient, Provider,
    ProviderRequest, Timeouts,
};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn, MockUsage};
use tokio_util::sync::CancellationToken;

use super::support::{collect, final_message, kinds, tool_result};

/// Gemini 2.5 Flash as Pi's catalogue describes it, served at `base_url`.
pub(super) fn model(base_url: &str) -> Model {
    Model {
        id: "gemini-2.5-flash".into(),
        name: "Gemini 2.5 Flash".into(),
        api: "google-generative-ai".into(),
        provider: "google".into(),
        base_url: base_url.into(),
        reasoning: true,
        input: vec!["text".into(), "image".into()],
        cost: tau_protocol::model::ModelCost {
            input: 0.3,
            output: 2.5,
            cache_read: 0.075,
            cache_write: 0.0,
        },
        context_window: 1_048_576,
        max_tokens: 65_536,
        headers: None,
        compat: None,
        thinking_level_map: None,
    }
}

pub(super) fn provider() -> GoogleGenerativeAi {
    GoogleGenerativeAi::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("gk-test")
        .with_key_hint("set GEMINI_API_KEY or pass --api-key")
}

fn read_tool() -> ToolDeclaration {
    ToolDeclaration {
        name: "read".into(),
        description: "Read a file.".into(),
        parameters: json!({"type": "object", "required": ["path"],
            "properties": {"path": {"type": "string"}}}),
        constrained_sampling: None,
    }
}

fn user(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage {
        content: UserContent::Text(text.into()),
        timestamp: 1,
        extra: Map::new(),
    })
}

fn request(model: Model, messages: Vec<AgentMessage>) -> ProviderRequest {
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

async fn run(server: &MockServer, messages: Vec<AgentMessage>) -> Vec<AssistantMessageEvent> {
    collect(
        &provider(),
        request(model(&format!("{}/v1beta", server.url())), messages),
        CancellationToken::new(),
    )
    .await
}

fn error_text(events: &[AssistantMessageEvent]) -> String {
    final_message(events)
        .error_message
        .clone()
        .unwrap_or_default()
}

#[tokio::test]
async fn a_tool_turn_streams_and_replays_with_its_signatures() {
    let server = MockServer::start(vec![
        MockTurn {
            tool_calls: vec![MockToolCall {
                id: None,
                ..MockToolCall::new("", "read", json!({"path": "notes.txt"}))
            }],
            thinking_signature: Some("c2lnbmF0dXJl".into()),
            usage: Some(Some(MockUsage {
                input: 100,
                output: 20,
                cache_read: 40,
                reasoning: 5,
                ..MockUsage::default()
            })),
            ..MockTurn::text("Let me read it.").with_thinking("Need the file.")
        }
        .into(),
        MockTurn::text("Done.").into(),
    ])
    .await
    .unwrap();
    let mut messages = vec![user("Fix notes")];
    let events = run(&server, messages.clone()).await;
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
            "toolcall_end",
            "done"
        ]
    );
    let request = &server.requests()[0];
    assert_eq!(
        request.path,
        "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(request.header("x-goog-api-key"), Some("gk-test"));
    assert_eq!(request.header("content-type"), Some("application/json"));
    assert_eq!(request.header("authorization"), None);
    assert_eq!(
        request.json(),
        json!({
            "contents": [{"parts": [{"text": "Fix notes"}], "role": "user"}],
            "systemInstruction": {"parts": [{"text": "You are a test assistant."}], "role": "user"},
            "tools": [{"functionDeclarations": [{"name": "read", "description": "Read a file.",
                "parametersJsonSchema": {"type": "object", "required": ["path"],
                    "properties": {"path": {"type": "string"}}}}]}],
            "generationConfig": {"maxOutputTokens": 65536,
                "thinkingConfig": {"includeThoughts": true, "thinkingBudget": 8192}}
        })
    );
    let message = final_message(&events).clone();
    assert_eq!(
        message.stop_reason,
        StopReason::ToolUse,
        "STOP with a call is toolUse"
    );
    assert_eq!(message.extra.get("rawStopReason"), Some(&json!("STOP")));
    assert_eq!(message.response_id.as_deref(), Some("gemini-mock-1"));
    assert_eq!(
        (
            message.usage.input,
            message.usage.output,
            message.usage.cache_read
        ),
        (100, 20, 40),
        "input leaves the cached tokens out; output counts the thoughts"
    );
    assert_eq!(message.usage.reasoning, Some(5));
    assert_eq!(message.usage.total_tokens, 160);
    assert!(
        (message.usage.cost.total - (100.0 * 0.3 + 20.0 * 2.5 + 40.0 * 0.075) / 1e6).abs() < 1e-12
    );
    let ContentBlock::Thinking {
        thinking,
        thinking_signature,
        ..
    } = &message.content[0]
    else {
        panic!("{message:?}");
    };
    assert_eq!(
        (thinking.as_str(), thinking_signature.as_deref()),
        ("Need the file.", Some("c2lnbmF0dXJl"))
    );
    let ContentBlock::ToolCall(call) = &message.content[2] else {
        panic!("{message:?}");
    };
    assert_eq!(call.arguments, json!({"path": "notes.txt"}));
    assert!(
        call.id.starts_with("read_"),
        "Gemini 2.5 sends no id: {}",
        call.id
    );

    messages.push(AgentMessage::Assistant(message.clone()));
    messages.push(tool_result(&call.id, "read", "hello", false));
    let events = run(&server, messages).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Stop);
    assert_eq!(
        server.requests()[1].json()["contents"],
        json!([
            {"parts": [{"text": "Fix notes"}], "role": "user"},
            {"parts": [
                {"text": "Need the file.", "thought": true, "thoughtSignature": "c2lnbmF0dXJl"},
                {"text": "Let me read it."},
                {"functionCall": {"args": {"path": "notes.txt"}, "name": "read"}}
            ], "role": "model"},
            {"parts": [{"functionResponse": {"name": "read", "response": {"output": "hello"}}}], "role": "user"}
        ])
    );
}

#[tokio::test]
async fn gemini_3_ids_levels_and_images_go_as_pi_ai_sends_them() {
    let server = MockServer::start(vec![MockTurn::tool_calls([
        MockToolCall::new("call_a", "read", json!({"path": "a"})),
        MockToolCall::new("call_a", "read", json!({"path": "b"})),
    ])
    .into()])
    .await
    .unwrap();
    let mut model = model(&format!("{}/v1beta", server.url()));
    model.id = "gemini-3-pro-preview".into();
    let image = AgentMessage::User(UserMessage {
        content: UserContent::Blocks(vec![
            ContentBlock::text("what is this"),
            ContentBlock::Image {
                data: "aGk=".into(),
                mime_type: "image/png".into(),
            },
        ]),
        timestamp: 1,
        extra: Map::new(),
    });
    let mut req = request(model, vec![image]);
    req.thinking_level = ThinkingLevel::High;
    let events = collect(&provider(), req, CancellationToken::new()).await;
    let body = server.requests()[0].json();
    assert_eq!(
        body["contents"],
        json!([{"parts": [{"text": "what is this"},
            {"inlineData": {"mimeType": "image/png", "data": "aGk="}}], "role": "user"}])
    );
    assert_eq!(
        body["generationConfig"]["thinkingConfig"],
        json!({"includeThoughts": true, "thinkingLevel": "HIGH"})
    );
    let message = final_message(&events);
    let ids: Vec<&str> = message
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::ToolCall(call) => Some(call.id.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ids[0], "call_a");
    assert!(
        ids[1].starts_with("read_"),
        "a repeated id is replaced: {ids:?}"
    );
}

#[tokio::test]
async fn http_errors_are_the_sdks_text_with_tau_hints() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            400,
            json!({"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.",
                "status": "INVALID_ARGUMENT"}}),
        ),
        MockReply::json_error(403, json!({"error": {"message": "denied", "type": "x"}})),
        MockReply::json_error(429, json!({"error": {"message": "Resource has been exhausted", "type": "x"}})),
        MockReply::text_error(503, "overloaded"),
    ])
    .await
    .unwrap();
    let events = run(&server, vec![user("hi")]).await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(
        error_text(&events),
        r#"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}"#
    );
    let events = run(&server, vec![user("hi")]).await;
    assert_eq!(
        error_text(&events),
        "{\"error\":{\"code\":403,\"message\":\"denied\",\"status\":\"PERMISSION_DENIED\"}}\n\
         provider google refused access to model gemini-2.5-flash (HTTP 403); check that the API key may use this model, or set GEMINI_API_KEY or pass --api-key"
    );
    let events = run(&server, vec![user("hi")]).await;
    assert_eq!(
        error_text(&events),
        r#"{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}"#
    );
    assert!(is_retryable_error(final_message(&events)));
    let events = run(&server, vec![user("hi")]).await;
    assert_eq!(
        error_text(&events),
        r#"{"error":{"message":"overloaded","code":503,"status":"Service Unavailable"}}"#
    );
    assert!(is_retryable_error(final_message(&events)));
}

#[tokio::test]
async fn a_missing_key_fails_without_a_request() {
    let server = MockServer::start(Vec::new()).await.unwrap();
    let provider = GoogleGenerativeAi::new(HttpClient::new(Timeouts::default()).unwrap())
        .with_key_hint("set GEMINI_API_KEY or pass --api-key");
    let events = collect(
        &provider,
        request(model(&server.url()), vec![user("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(
        error_text(&events),
        "No API key for provider: google\nset GEMINI_API_KEY or pass --api-key"
    );
    assert_eq!(server.request_count(), 0);
}

#[tokio::test]
async fn incomplete_refused_and_failed_streams_end_with_pis_errors() {
    let server = MockServer::start(vec![
        MockTurn::text("Hel").with_finish("none").into(),
        MockTurn::text("Hel").with_finish("contentFilter").into(),
        MockTurn {
            stream_error: Some("boom".into()),
            ..MockTurn::text("Hel")
        }
        .into(),
        MockTurn::text("Hello there").malformed_at(1).into(),
        MockTurn::text("Hello there friend")
            .dropping_after(1)
            .into(),
        MockTurn::text("Hel").with_finish("NEW_REASON").into(),
        MockTurn::text("Long").with_finish("length").into(),
    ])
    .await
    .unwrap();
    let expect = [
        (
            vec!["start", "text_start", "text_delta", "text_end", "error"],
            "Google stream ended without a finish reason".to_owned(),
        ),
        (
            vec!["start", "text_start", "text_delta", "text_end", "error"],
            "Provider stopped with: SAFETY".to_owned(),
        ),
        (
            vec!["start", "text_start", "text_delta", "error"],
            format!(
                "got status: INTERNAL. {}",
                json!({"error": {"code": 500, "message": "boom", "status": "INTERNAL"}})
            ),
        ),
        (
            vec!["start", "text_start", "text_delta", "error"],
            "Error reading response: malformed server-sent event JSON.".to_owned(),
        ),
        (
            vec!["start", "text_start", "text_delta", "error"],
            "Connection lost while streaming the response".to_owned(),
        ),
        (
            vec!["start", "text_start", "text_delta", "error"],
            "Unhandled stop reason: NEW_REASON".to_owned(),
        ),
    ];
    for (kinds_expected, text) in expect {
        let events = run(&server, vec![user("hi")]).await;
        assert_eq!(kinds(&events), kinds_expected, "{text}");
        assert!(
            error_text(&events).starts_with(&text),
            "{}",
            error_text(&events)
        );
        let message = final_message(&events);
        assert_eq!(message.stop_reason, StopReason::Error);
        assert!(message.content[0]
            .as_text()
            .is_some_and(|text| text.starts_with("Hel")));
    }
    let events = run(&server, vec![user("hi")]).await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Length);
    assert_eq!(
        final_message(&events).extra.get("rawStopReason"),
        Some(&json!("MAX_TOKENS"))
    );
}

#[tokio::test]
async fn an_abort_keeps_the_partial_text_and_reads_as_fetch_reports_it() {
    // One event a minute: only the abort can end this stream in time.
    let server = MockServer::start(vec![MockTurn::text("Hello there friend")
        .with_delay_ms(60_000)
        .into()])
    .await
    .unwrap();
    let cancel = CancellationToken::new();
    let mut stream = provider().stream(
        request(model(&server.url()), vec![user("hi")]),
        cancel.clone(),
    );
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        if matches!(event, AssistantMessageEvent::TextDelta { .. }) {
            cancel.cancel();
        }
        events.push(event);
    }
    assert_eq!(
        kinds(&events),
        ["start", "text_start", "text_delta", "error"]
    );
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::Aborted);
    assert_eq!(
        message.error_message.as_deref(),
        Some("This operation was aborted")
    );
    assert_eq!(message.content[0].as_text(), Some("Hello th"));

    let cancel = CancellationToken::new();
    cancel.cancel();
    let events = collect(
        &provider(),
        request(model(&server.url()), vec![user("hi")]),
        cancel,
    )
    .await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(error_text(&events), "Request aborted");
    assert_eq!(server.request_count(), 1, "nothing is sent once aborted");
}

/// Vertex AI with an API key, recorded from pi-ai's `google-vertex` provider: the
/// publisher path under the base URL's `v1`, the key in `x-goog-api-key`, function calls
/// replayed as given (`name` before `args`).
#[tokio::test]
async fn vertex_sends_gemini_requests_to_the_publisher_path() {
    let server = MockServer::start(vec![
        MockTurn::text("Hi from Vertex.").into(),
        MockTurn::text("Hel").with_finish("none").into(),
    ])
    .await
    .unwrap();
    let vertex = GoogleGenerativeAi::vertex(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("vk");
    let mut model = model(&server.url());
    model.api = "google-vertex".into();
    model.provider = "google-vertex".into();
    let earlier = serde_json::from_value(json!({"role": "assistant", "content": [
            {"type": "toolCall", "id": "call_1", "name": "read", "arguments": {"path": "x"}}],
        "api": "google-vertex", "provider": "google-vertex", "model": "gemini-2.5-flash",
        "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
            "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
        "stopReason": "toolUse", "timestamp": 2}))
    .unwrap();
    let messages = vec![
        user("Fix notes"),
        earlier,
        tool_result("call_1", "read", "contents", false),
    ];
    let events = collect(
        &vertex,
        request(model.clone(), messages),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(final_message(&events).stop_reason, StopReason::Stop);
    assert_eq!(final_message(&events).api, "google-vertex");
    let received = &server.requests()[0];
    assert_eq!(
        received.path,
        "/v1/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(received.header("x-goog-api-key"), Some("vk"));
    assert_eq!(
        received.body,
        json!({"contents": [
            {"parts": [{"text": "Fix notes"}], "role": "user"},
            {"parts": [{"functionCall": {"name": "read", "args": {"path": "x"}}}], "role": "model"},
            {"parts": [{"functionResponse": {"name": "read", "response": {"output": "contents"}}}], "role": "user"}],
            "systemInstruction": {"parts": [{"text": "You are a test assistant."}], "role": "user"},
            "tools": [{"functionDeclarations": [{"name": "read", "description": "Read a file.",
                "parametersJsonSchema": {"type": "object", "required": ["path"],
                    "properties": {"path": {"type": "string"}}}}]}],
            "generationConfig": {"maxOutputTokens": 65536,
                "thinkingConfig": {"includeThoughts": true, "thinkingBudget": 8192}}})
        .to_string(),
        "the exact bytes, key order included"
    );
    let events = collect(
        &vertex,
        request(model.clone(), vec![user("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        error_text(&events),
        "Google Vertex stream ended without a finish reason"
    );
    assert_eq!(server.request_count(), 2);
}
