//! The Gemini request as pi-ai 1.6.0 sends it: the expected bodies were recorded by running
//! pi-ai's own Google provider against a loopback server with the same conversation.

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};

use super::request::{build_params, model_path, to_wire, ParamsInput};
use super::{contents, error_message, headers};
use crate::transform::transform_messages;

fn model(id: &str) -> Model {
    serde_json::from_value(json!({
        "id": id, "name": "G", "api": "google-generative-ai", "provider": "google",
        "baseUrl": "http://127.0.0.1:1/v1beta", "reasoning": true, "input": ["text", "image"],
        "cost": {"input": 0.3, "output": 2.5, "cacheRead": 0.075, "cacheWrite": 0},
        "contextWindow": 1_048_576, "maxTokens": 65536
    }))
    .unwrap()
}

/// A turn with thinking, text and a signed tool call from `id`, an image tool result
/// (an error when `is_error`), and a user turn with an image.
fn conversation(id: &str, call_id: &str, is_error: bool) -> Vec<AgentMessage> {
    serde_json::from_value(json!([
        {"role": "user", "content": "Fix notes", "timestamp": 1},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "hmm", "thinkingSignature": "c2ln"},
            {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": call_id, "name": "read", "arguments": {"path": "x"},
             "thoughtSignature": "c2lnbmF0dXJl"}],
         "api": "google-generative-ai", "provider": "google", "model": id,
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                   "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "toolUse", "timestamp": 2},
        {"role": "toolResult", "toolCallId": call_id, "toolName": "read", "content": [
            {"type": "text", "text": "contents"},
            {"type": "image", "data": "aGk=", "mimeType": "image/png"}],
         "isError": is_error, "timestamp": 3},
        {"role": "user", "content": [
            {"type": "text", "text": "see"},
            {"type": "image", "data": "aGk=", "mimeType": "image/png"}], "timestamp": 4}
    ]))
    .unwrap()
}

fn read_tool(parameters: Value, constrained: Option<Value>) -> ToolDeclaration {
    ToolDeclaration {
        name: "read".into(),
        description: "Read a file.".into(),
        parameters,
        constrained_sampling: constrained,
    }
}

fn wire(
    model: &Model,
    messages: &[AgentMessage],
    tools: &[ToolDeclaration],
    level: ThinkingLevel,
) -> Value {
    let normalize = |id: &str| contents::normalize_tool_call_id(&model.id, id);
    let transformed = transform_messages(messages, model, &normalize);
    let params = build_params(&ParamsInput {
        model,
        system_prompt: "You are a test assistant.",
        original: messages,
        messages: &transformed,
        tools,
        thinking_level: level,
        vertex: false,
    })
    .unwrap();
    to_wire(&params, false)
}

#[test]
fn a_gemini_2_5_request_matches_pi_ai() {
    let model = model("gemini-2.5-flash");
    let tool = read_tool(
        json!({"$schema": "x", "type": "object", "required": ["path"],
               "properties": {"path": {"type": "string", "const": "a"}}}),
        None,
    );
    let body = wire(
        &model,
        &conversation("gemini-2.5-flash", "call_1", false),
        &[tool],
        ThinkingLevel::Medium,
    );
    let expected = json!({
        "contents": [
            {"parts": [{"text": "Fix notes"}], "role": "user"},
            {"parts": [
                {"text": "hmm", "thought": true, "thoughtSignature": "c2ln"},
                {"text": "ok"},
                {"functionCall": {"args": {"path": "x"}, "name": "read"}, "thoughtSignature": "c2lnbmF0dXJl"}
            ], "role": "model"},
            {"parts": [{"functionResponse": {"name": "read", "response": {"output": "contents"}}}], "role": "user"},
            {"parts": [{"text": "Tool result image:"}, {"inlineData": {"mimeType": "image/png", "data": "aGk="}}], "role": "user"},
            {"parts": [{"text": "see"}, {"inlineData": {"mimeType": "image/png", "data": "aGk="}}], "role": "user"}
        ],
        "systemInstruction": {"parts": [{"text": "You are a test assistant."}], "role": "user"},
        "tools": [{"functionDeclarations": [{"name": "read", "description": "Read a file.",
            "parametersJsonSchema": {"$schema": "x", "type": "object", "required": ["path"],
                "properties": {"path": {"type": "string", "enum": ["a"]}}}}]}],
        "generationConfig": {"maxOutputTokens": 65536,
            "thinkingConfig": {"includeThoughts": true, "thinkingBudget": 8192}}
    });
    // Compared as text too: the key order is part of the wire format.
    assert_eq!(body.to_string(), expected.to_string());
}

#[test]
fn a_gemini_3_request_echoes_ids_and_nests_result_images() {
    let model = model("gemini-3-pro-preview");
    let body = wire(
        &model,
        &conversation("gemini-3-pro-preview", "call|1", true),
        &[],
        ThinkingLevel::High,
    );
    let expected = json!({
        "contents": [
            {"parts": [{"text": "Fix notes"}], "role": "user"},
            {"parts": [
                {"text": "hmm", "thought": true, "thoughtSignature": "c2ln"},
                {"text": "ok"},
                {"functionCall": {"args": {"path": "x"}, "id": "call|1", "name": "read"}, "thoughtSignature": "c2lnbmF0dXJl"}
            ], "role": "model"},
            {"parts": [{"functionResponse": {"name": "read", "response": {"error": "contents"},
                "parts": [{"inlineData": {"mimeType": "image/png", "data": "aGk="}}], "id": "call|1"}}], "role": "user"},
            {"parts": [{"text": "see"}, {"inlineData": {"mimeType": "image/png", "data": "aGk="}}], "role": "user"}
        ],
        "systemInstruction": {"parts": [{"text": "You are a test assistant."}], "role": "user"},
        "generationConfig": {"maxOutputTokens": 65536,
            "thinkingConfig": {"includeThoughts": true, "thinkingLevel": "HIGH"}}
    });
    assert_eq!(body.to_string(), expected.to_string());
}

#[test]
fn strict_tools_on_gemini_3_ask_for_validated_calls() {
    let model = model("gemini-3-pro-preview");
    let tool = read_tool(
        json!({"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}}),
        Some(json!({"type": "json_schema", "strict": "prefer"})),
    );
    let messages: Vec<AgentMessage> =
        serde_json::from_value(json!([{"role": "user", "content": "Fix notes", "timestamp": 1}]))
            .unwrap();
    let body = wire(
        &model,
        &messages,
        std::slice::from_ref(&tool),
        ThinkingLevel::Off,
    );
    let expected = json!({
        "contents": [{"parts": [{"text": "Fix notes"}], "role": "user"}],
        "systemInstruction": {"parts": [{"text": "You are a test assistant."}], "role": "user"},
        "tools": [{"functionDeclarations": [{"name": "read", "description": "Read a file.",
            "parametersJsonSchema": {"type": "object", "required": ["path"],
                "properties": {"path": {"type": "string"}}, "additionalProperties": false}}]}],
        "toolConfig": {"functionCallingConfig": {"mode": "VALIDATED"}},
        "generationConfig": {"maxOutputTokens": 65536, "thinkingConfig": {"thinkingBudget": 0}}
    });
    assert_eq!(body.to_string(), expected.to_string());
    // Gemini 2.5 has no strict mode: the tool goes as written, without a calling mode.
    let body = wire(
        &self::model("gemini-2.5-flash"),
        &messages,
        &[tool],
        ThinkingLevel::Off,
    );
    assert_eq!(body.get("toolConfig"), None);
    assert_eq!(
        body.pointer("/tools/0/functionDeclarations/0/parametersJsonSchema/additionalProperties"),
        None
    );
}

#[test]
fn a_tool_that_requires_strict_sampling_fails_on_gemini_2_5() {
    let model = model("gemini-2.5-flash");
    let tool = read_tool(
        json!({"type": "object"}),
        Some(json!({"type": "json_schema", "strict": "require"})),
    );
    let error = build_params(&ParamsInput::<AgentMessage> {
        model: &model,
        system_prompt: "",
        original: &[],
        messages: &[],
        tools: &[tool],
        thinking_level: ThinkingLevel::Off,
        vertex: false,
    })
    .unwrap_err();
    assert_eq!(
        error,
        "Tool \"read\" requires JSON-schema constrained sampling, but strict tools are unsupported."
    );
}

#[test]
fn pi_ais_parameters_keep_the_sdk_shape_for_the_payload_hook() {
    let model = model("gemini-2.5-flash");
    let messages: Vec<AgentMessage> =
        serde_json::from_value(json!([{"role": "user", "content": "hi", "timestamp": 1}])).unwrap();
    let params = build_params(&ParamsInput {
        model: &model,
        system_prompt: "S",
        original: &messages,
        messages: &messages,
        tools: &[],
        thinking_level: ThinkingLevel::Off,
        vertex: false,
    })
    .unwrap();
    assert_eq!(
        params,
        json!({"model": "gemini-2.5-flash",
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "config": {"maxOutputTokens": 65536, "systemInstruction": "S",
                "automaticContinuation": false, "thinkingConfig": {"thinkingBudget": 0}}})
    );
    // A hook's edits reach the wire the way the SDK sends them; unknown keys are dropped.
    let edited = json!({"model": "models/gemini-x", "contents": [],
        "config": {"temperature": 0.5, "systemInstruction": "T", "automaticContinuation": false,
                   "bogus": 1}});
    assert_eq!(model_path(&edited, false), "models/gemini-x");
    assert_eq!(
        model_path(&json!({"model": "gemini-x"}), true),
        "publishers/google/models/gemini-x"
    );
    assert_eq!(
        to_wire(&edited, false),
        json!({"contents": [], "systemInstruction": {"parts": [{"text": "T"}], "role": "user"},
            "generationConfig": {"temperature": 0.5}})
    );
}

#[test]
fn empty_blocks_go_only_with_a_signature_and_foreign_thinking_becomes_text() {
    let model = model("gemini-2.5-flash");
    let messages: Vec<AgentMessage> = serde_json::from_value(json!([
        {"role": "assistant", "content": [
            {"type": "text", "text": "", "textSignature": "c2ln"},
            {"type": "text", "text": "  "},
            {"type": "thinking", "thinking": "", "thinkingSignature": "bad sig"}],
         "api": "google-generative-ai", "provider": "google", "model": "gemini-2.5-flash",
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                   "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "stop", "timestamp": 2},
        {"role": "assistant", "content": [{"type": "thinking", "thinking": "other", "thinkingSignature": "c2ln"}],
         "api": "anthropic-messages", "provider": "anthropic", "model": "claude",
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                   "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "stop", "timestamp": 3}
    ]))
    .unwrap();
    assert_eq!(
        contents::convert_messages(&model, &messages),
        vec![
            json!({"role": "model", "parts": [{"text": "", "thoughtSignature": "c2ln"}]}),
            json!({"role": "model", "parts": [{"text": "other"}]}),
        ]
    );
}

#[test]
fn the_key_goes_last_unless_a_header_carries_one() {
    let mut model = model("gemini-2.5-flash");
    model.headers =
        Some(serde_json::from_value(json!({"x-extra": "1", "content-type": null})).unwrap());
    assert_eq!(
        headers(&model, &[], vec![("x-goog-api-key", "gk".to_owned())]),
        [
            ("x-extra".to_owned(), "1".to_owned()),
            ("x-goog-api-key".to_owned(), "gk".to_owned())
        ]
    );
    let extra = [("X-Goog-Api-Key".to_owned(), "mine".to_owned())];
    assert_eq!(
        headers(&model, &extra, vec![("x-goog-api-key", "gk".to_owned())]),
        [
            ("x-extra".to_owned(), "1".to_owned()),
            ("X-Goog-Api-Key".to_owned(), "mine".to_owned())
        ]
    );
}

#[test]
fn http_errors_read_as_the_sdk_words_them() {
    assert_eq!(
        error_message(
            400,
            r#"{"error": {"code": 400, "message": "API key not valid.", "status": "INVALID_ARGUMENT"}}"#
        ),
        r#"{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT"}}"#
    );
    assert_eq!(
        error_message(502, "bad gateway"),
        r#"{"error":{"message":"bad gateway","code":502,"status":"Bad Gateway"}}"#
    );
}
