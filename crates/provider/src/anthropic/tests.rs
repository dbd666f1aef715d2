//! Unit tests of the anthropic-messages request body, error wording and id normalisation.
//! Streaming is tested against the mock server in `tests/suite/anthropic.rs`.

use pretty_assertions::assert_eq;
use serde_json::{json, Map, Value};
use tau_protocol::{
    AgentMessage, AssistantMessage, ContentBlock, Model, StopReason, ThinkingLevel,
    ToolDeclaration, ToolResultMessage, UserMessage,
};

use super::compat::Compat;
use super::request::{build_body, Body, BodyInput};
use super::transport::{error_message, is_strict_tool_limit_error};
use super::*;

fn model(id: &str, compat: Option<Value>, map: Option<Value>) -> Model {
    Model {
        id: id.into(),
        name: id.into(),
        api: API.into(),
        provider: "anthropic".into(),
        base_url: DEFAULT_BASE_URL.into(),
        reasoning: true,
        input: vec!["text".into(), "image".into()],
        cost: Default::default(),
        context_window: 200_000,
        max_tokens: 64_000,
        headers: None,
        compat,
        thinking_level_map: map,
    }
}

fn tool(name: &str, sampling: Option<Value>, parameters: Value) -> ToolDeclaration {
    ToolDeclaration {
        name: name.into(),
        description: format!("The {name} tool."),
        parameters,
        constrained_sampling: sampling,
    }
}

fn body(
    model: &Model,
    level: ThinkingLevel,
    messages: &[AgentMessage],
    tools: &[ToolDeclaration],
) -> Body {
    body_with(model, level, messages, tools, false)
}

fn body_with(
    model: &Model,
    level: ThinkingLevel,
    messages: &[AgentMessage],
    tools: &[ToolDeclaration],
    is_oauth: bool,
) -> Body {
    build_body(&BodyInput {
        model,
        compat: &Compat::for_model(model),
        system_prompt: "Be brief.",
        original: messages,
        messages,
        tools,
        thinking_level: level,
        is_oauth,
        extra_headers: &[],
        disable_preferred_strict: false,
        no_cache_retention: false,
    })
    .unwrap()
}

fn user(text: &str) -> AgentMessage {
    AgentMessage::User(UserMessage::text(text))
}

#[test]
fn budget_thinking_takes_its_budget_out_of_max_tokens() {
    let sonnet = model(
        "claude-sonnet-4-5",
        Some(json!({"supportsStrictTools": true})),
        None,
    );
    let built = body(&sonnet, ThinkingLevel::Medium, &[user("hi")], &[]);
    assert_eq!(built.json["max_tokens"], json!(64_000));
    assert_eq!(
        built.json["thinking"],
        json!({"type": "enabled", "budget_tokens": 8192, "display": "summarized"})
    );
    assert_eq!(built.betas, ["interleaved-thinking-2025-05-14"]);
    // xhigh is not offered without a map entry: clamped to high's budget.
    let high = body(&sonnet, ThinkingLevel::Xhigh, &[user("hi")], &[]);
    assert_eq!(high.json["thinking"]["budget_tokens"], json!(16384));
    let off = body(&sonnet, ThinkingLevel::Off, &[user("hi")], &[]);
    assert_eq!(off.json["thinking"], json!({"type": "disabled"}));
    assert!(off.betas.is_empty());
    // A small output limit keeps 1024 tokens for the answer.
    let mut small = sonnet;
    small.max_tokens = 4096;
    let built = body(&small, ThinkingLevel::High, &[user("hi")], &[]);
    assert_eq!(built.json["max_tokens"], json!(4096));
    assert_eq!(built.json["thinking"]["budget_tokens"], json!(3072));
}

#[test]
fn adaptive_and_managed_effort_models() {
    let sonnet46 = model(
        "claude-sonnet-4-6",
        Some(json!({"forceAdaptiveThinking": true})),
        Some(json!({"max": "max"})),
    );
    let built = body(&sonnet46, ThinkingLevel::Minimal, &[user("hi")], &[]);
    assert_eq!(
        built.json["thinking"],
        json!({"type": "adaptive", "display": "summarized"})
    );
    assert_eq!(built.json["output_config"], json!({"effort": "low"}));
    assert!(built.betas.is_empty());
    assert_eq!(
        body(&sonnet46, ThinkingLevel::Max, &[user("hi")], &[]).json["output_config"],
        json!({"effort": "max"})
    );

    let opus = model(
        "claude-opus-5-5",
        Some(json!({"forceAdaptiveThinking": true, "supportsMidConvoEffort": true})),
        Some(
            json!({"off": null, "minimal": null, "low": "low", "medium": "medium",
            "high": "high", "xhigh": "xhigh", "max": "max"}),
        ),
    );
    let mut earlier = AssistantMessage {
        api: API.into(),
        provider: "anthropic".into(),
        model: "claude-opus-5-5".into(),
        content: vec![ContentBlock::text("Earlier answer.")],
        stop_reason: StopReason::Stop,
        ..AssistantMessage::default()
    };
    earlier
        .extra
        .insert("providerThinkingLevel".into(), json!("medium"));
    let messages = [
        user("first"),
        AgentMessage::Assistant(earlier),
        user("second"),
    ];
    let built = body(&opus, ThinkingLevel::Xhigh, &messages, &[]);
    let marker = |effort: &str| json!({"role": "system", "content": [], "output_config": {"effort": effort}});
    assert_eq!(
        built.json["messages"],
        json!([
            {"role": "user", "content": "first"},
            marker("medium"),
            {"role": "assistant", "content": [{"type": "text", "text": "Earlier answer."}]},
            {"role": "user", "content": [{"type": "text", "text": "second",
                "cache_control": {"type": "ephemeral"}}]},
            marker("xhigh"),
        ])
    );
    assert_eq!(built.json["output_config"], json!({"effort": "low"}));
    assert_eq!(
        built.json["thinking"]["block_binding"],
        json!({"prefix_mismatch_behavior": "drop_block"})
    );
    assert_eq!(built.provider_thinking_level.as_deref(), Some("xhigh"));
    assert_eq!(
        built.betas,
        [
            "mid-conversation-output-config-2026-07-01",
            "thinking-binding-controls-2026-08-01"
        ]
    );
}

#[test]
fn tools_are_cached_strict_when_possible_and_native_changes_add_the_placeholder() {
    let prefer = Some(json!({"type": "json_schema", "strict": "prefer"}));
    let tools = [
        tool(
            "read",
            prefer.clone(),
            json!({"type": "object", "properties": {"path": {"type": "string"},
                "limit": {"type": "number"}}, "required": ["path"]}),
        ),
        tool(
            "grep",
            prefer,
            json!({"type": "object", "properties": {"n": {"type": "number", "minimum": 1}}}),
        ),
    ];
    let haiku = model(
        "claude-haiku-4-5",
        Some(json!({"supportsStrictTools": true})),
        None,
    );
    let built = body(&haiku, ThinkingLevel::Off, &[user("hi")], &tools);
    assert!(built.has_preferred_strict_tools);
    assert_eq!(
        built.json["tools"][0],
        json!({"name": "read", "description": "The read tool.", "eager_input_streaming": true,
            "strict": true, "input_schema": {"type": "object", "properties": {
                "path": {"type": "string"},
                "limit": {"anyOf": [{"type": "number"}, {"type": "null"}]}},
                "required": ["path", "limit"], "additionalProperties": false}})
    );
    // `minimum` is not allowed in Anthropic's strict mode: the tool goes non-strict.
    assert_eq!(
        built.json["tools"][1],
        json!({"name": "grep", "description": "The grep tool.", "eager_input_streaming": true,
            "input_schema": {"type": "object", "properties": {"n": {"type": "number", "minimum": 1}},
                "required": []}, "cache_control": {"type": "ephemeral"}})
    );
    let opus = model(
        "claude-opus-4-8",
        Some(
            json!({"forceAdaptiveThinking": true, "supportsMidConvoSystemMessages": true,
            "supportsMidConvoToolChanges": true}),
        ),
        None,
    );
    let built = body_with(&opus, ThinkingLevel::Off, &[user("hi")], &tools, true);
    let names: Vec<&str> = built.json["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Read", "Grep", "__pi_deferred_placeholder__"]);
    assert_eq!(
        built.json["system"][0]["text"],
        json!("You are Claude Code, Anthropic's official CLI for Claude.")
    );
    assert_eq!(
        built.betas,
        [
            "claude-code-20250219",
            "oauth-2025-04-20",
            "inline-tools-2026-09-15"
        ]
    );
}

#[test]
fn error_tool_results_move_their_images_after_the_results() {
    let image = ContentBlock::Image {
        data: "iVBOR".into(),
        mime_type: "image/png".into(),
    };
    let call = tau_protocol::ToolCall {
        id: "toolu_1".into(),
        name: "shot".into(),
        arguments: json!({}),
        thought_signature: None,
        namespace: None,
    };
    let assistant = AssistantMessage {
        api: API.into(),
        provider: "anthropic".into(),
        model: "m".into(),
        content: vec![ContentBlock::ToolCall(call)],
        stop_reason: StopReason::ToolUse,
        ..AssistantMessage::default()
    };
    let result = ToolResultMessage {
        tool_call_id: "toolu_1".into(),
        tool_name: "shot".into(),
        content: vec![ContentBlock::text("failed"), image],
        details: None,
        usage: None,
        is_error: true,
        duration_ms: None,
        timestamp: 0,
        extra: Map::new(),
    };
    let messages = [
        user("go"),
        AgentMessage::Assistant(assistant),
        AgentMessage::ToolResult(result),
    ];
    let built = body(&model("m", None, None), ThinkingLevel::Off, &messages, &[]);
    assert_eq!(
        built.json["messages"][2]["content"],
        json!([
            {"type": "tool_result", "tool_use_id": "toolu_1",
                "content": "failed\n(image attached after the tool results)", "is_error": true},
            {"type": "text", "text": "Images from the error result of tool call toolu_1 (shot):"},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR"},
                "cache_control": {"type": "ephemeral"}},
        ])
    );
}

#[test]
fn errors_are_worded_as_the_sdk_words_them() {
    let overloaded =
        r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#;
    assert_eq!(error_message(529, overloaded), format!("529 {overloaded}"));
    assert_eq!(error_message(400, r#"{"message":"bad"}"#), "400 bad");
    assert_eq!(error_message(503, "upstream down"), "503 upstream down");
    assert_eq!(error_message(502, ""), "502 status code (no body)");
    let limit = ProviderError::Status {
        status: 400,
        message: error_message(
            400,
            r#"{"type":"error","error":{"type":"invalid_request_error","message":"Too many strict tools (25)"}}"#,
        ),
    };
    assert!(is_strict_tool_limit_error(&limit));
}

#[test]
fn tool_call_ids_are_normalized_like_pi() {
    assert_eq!(normalize_tool_call_id("call_1|fc_2"), "call_1_fc_2");
    assert_eq!(normalize_tool_call_id("a🦀b"), "a__b");
    assert_eq!(normalize_tool_call_id(&"x".repeat(80)).len(), 64);
}
