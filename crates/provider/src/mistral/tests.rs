//! The Mistral request as pi-ai 1.6.0 sends it: the expected bodies were recorded by running
//! pi-ai's own Mistral provider against a loopback server with the same conversation.

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use super::payload::{build_payload, derive_tool_call_id, to_wire, PayloadInput, ToolCallIds};
use super::{error_message, headers};
use crate::transform::transform_messages;

fn model(map: Option<Value>) -> Model {
    let mut model: Model = serde_json::from_value(json!({
        "id": "magistral-medium-latest", "name": "M", "api": "mistral-conversations",
        "provider": "mistral", "baseUrl": "https://api.mistral.ai", "reasoning": true,
        "input": ["text", "image"], "cost": {"input": 2, "output": 5, "cacheRead": 0, "cacheWrite": 0},
        "contextWindow": 128_000, "maxTokens": 40000
    }))
    .unwrap();
    model.thinking_level_map = map;
    model
}

fn wire(
    model: &Model,
    messages: &[AgentMessage],
    tools: &[ToolDeclaration],
    level: ThinkingLevel,
) -> Value {
    let ids = ToolCallIds::default();
    let transformed = transform_messages(messages, model, &|id| ids.normalize(id));
    to_wire(
        &build_payload(&PayloadInput {
            model,
            system_prompt: "S",
            original: messages,
            messages: &transformed,
            tools,
            thinking_level: level,
            cache_session_id: None,
        })
        .unwrap(),
    )
}

#[test]
fn a_conversation_from_another_model_matches_pi_ai() {
    let messages: Vec<AgentMessage> = serde_json::from_value(json!([
        {"role": "user", "content": [{"type": "text", "text": "see"},
            {"type": "image", "data": "aGk=", "mimeType": "image/png"}], "timestamp": 1},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "hmm"}, {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": "call_abc|fc_123", "name": "read", "arguments": {"path": "x"}}],
         "api": "openai-responses", "provider": "openai", "model": "gpt-5",
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                   "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "toolUse", "timestamp": 2},
        {"role": "toolResult", "toolCallId": "call_abc|fc_123", "toolName": "read",
         "content": [{"type": "text", "text": "contents"}], "isError": true, "timestamp": 3}
    ]))
    .unwrap();
    let tool = ToolDeclaration {
        name: "read".into(),
        description: "Read a file.".into(),
        parameters: json!({"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}}),
        constrained_sampling: None,
    };
    let body = wire(&model(None), &messages, &[tool], ThinkingLevel::High);
    let expected = json!({"model": "magistral-medium-latest", "stream": true, "messages": [
        {"role": "system", "content": "S"},
        {"role": "user", "content": [{"type": "text", "text": "see"},
            {"type": "image_url", "image_url": "data:image/png;base64,aGk="}]},
        {"role": "assistant", "prefix": false, "content": [{"type": "text", "text": "ok"}],
         "tool_calls": [{"id": "18g6kob34", "type": "function",
            "function": {"name": "read", "arguments": "{\"path\":\"x\"}"}, "index": 0}]},
        {"role": "tool", "name": "read", "content": [{"type": "text", "text": "[tool error] contents"}],
         "tool_call_id": "18g6kob34"}
    ], "tools": [{"type": "function", "function": {"name": "read", "description": "Read a file.",
        "parameters": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}},
        "strict": false}}],
    "max_tokens": 40000, "prompt_mode": "reasoning"});
    // Compared as text too: the key order is part of the wire format.
    assert_eq!(body.to_string(), expected.to_string());
}

#[test]
fn models_with_an_effort_map_send_reasoning_effort() {
    let map = json!({"off": "none", "minimal": null, "low": "low", "high": "high"});
    let messages: Vec<AgentMessage> =
        serde_json::from_value(json!([{"role": "user", "content": "hi", "timestamp": 1}])).unwrap();
    let strip = |mut body: Value| {
        body.as_object_mut().unwrap().shift_remove("messages");
        body
    };
    let effort_model = model(Some(map));
    assert_eq!(
        strip(wire(&effort_model, &messages, &[], ThinkingLevel::Medium)),
        json!({"model": "magistral-medium-latest", "stream": true, "max_tokens": 40000, "reasoning_effort": "high"})
    );
    assert_eq!(
        strip(wire(&effort_model, &messages, &[], ThinkingLevel::Off)),
        json!({"model": "magistral-medium-latest", "stream": true, "max_tokens": 40000, "reasoning_effort": "none"})
    );
    assert_eq!(
        strip(wire(&model(None), &messages, &[], ThinkingLevel::Off)),
        json!({"model": "magistral-medium-latest", "stream": true, "max_tokens": 40000})
    );
}

#[test]
fn tool_call_ids_are_nine_letters_and_digits_and_stay_distinct() {
    assert_eq!(derive_tool_call_id("abcDEF123", 0), "abcDEF123");
    assert_eq!(derive_tool_call_id("call_abc|fc_123", 0), "18g6kob34");
    let ids = ToolCallIds::default();
    let first = ids.normalize("call_abc|fc_123");
    assert_eq!(
        ids.normalize("call_abc|fc_123"),
        first,
        "stable within a request"
    );
    // An id that derives the same candidate gets the next attempt's hash.
    let clash = ids.normalize("callabc|fc123");
    assert_ne!(clash, first);
    assert_eq!(clash, derive_tool_call_id("callabcfc123", 1));
    assert_eq!(clash.len(), 9);
}

#[test]
fn headers_and_errors_are_pi_ais() {
    let mut model = model(None);
    model.headers = Some(serde_json::from_value(json!({"x-extra": "1", "accept": null})).unwrap());
    assert_eq!(
        headers(&model, &[], "mk", None),
        [
            ("authorization".to_owned(), "Bearer mk".to_owned()),
            ("content-type".to_owned(), "application/json".to_owned()),
            ("x-extra".to_owned(), "1".to_owned()),
        ]
    );
    assert_eq!(
        error_message(401, "{\"detail\":\"Unauthorized\"}\n"),
        "Mistral API error (401): {\"detail\":\"Unauthorized\"}"
    );
    assert_eq!(
        error_message(502, ""),
        "Mistral API error (502): Bad Gateway"
    );
}
