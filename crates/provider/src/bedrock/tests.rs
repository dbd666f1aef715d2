use serde_json::json;
use tau_protocol::{AgentMessage, ThinkingLevel, ToolDeclaration};

use super::request::{build_payload, to_wire, PayloadInput};

fn claude() -> tau_protocol::Model {
    serde_json::from_value(json!({"id": "anthropic.claude-sonnet-4-5-20250929-v1:0",
        "name": "Claude Sonnet 4.5", "api": "bedrock-converse-stream",
        "provider": "amazon-bedrock", "baseUrl": "http://127.0.0.1:1", "reasoning": true,
        "input": ["text", "image"],
        "cost": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75},
        "contextWindow": 200000, "maxTokens": 64000}))
    .unwrap()
}

fn conversation() -> Vec<AgentMessage> {
    serde_json::from_value(json!([
        {"role": "user", "content": [{"type": "text", "text": "hi"},
            {"type": "image", "mimeType": "image/png", "data": "iVBORw0KGgo="}], "timestamp": 1},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "hmm", "thinkingSignature": "sig"},
            {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": "call|1", "name": "read", "arguments": {"path": "a"}}],
         "api": "bedrock-converse-stream", "provider": "amazon-bedrock",
         "model": "anthropic.claude-sonnet-4-5-20250929-v1:0",
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
            "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "toolUse", "timestamp": 2},
        {"role": "toolResult", "toolCallId": "call|1", "toolName": "read",
         "content": [{"type": "text", "text": "data"}], "isError": false, "timestamp": 3}
    ]))
    .unwrap()
}

/// Recorded from pi-ai 1.6.0 (its Bedrock provider and the AWS SDK, against a loopback
/// server): a Claude conversation with an image, signed thinking, a tool call and its
/// result, thinking at `medium`.
#[test]
fn the_body_matches_the_one_pi_ai_sent() {
    let model = claude();
    let messages = conversation();
    let tools: Vec<ToolDeclaration> = serde_json::from_value(json!([{"name": "read",
        "description": "Read a file", "parameters": {"type": "object",
        "properties": {"path": {"type": "string"}}, "required": ["path"]}}]))
    .unwrap();
    let payload = build_payload(&PayloadInput {
        model: &model,
        system_prompt: "Be brief.",
        original: &messages,
        messages: &messages,
        tools: &tools,
        thinking_level: ThinkingLevel::Medium,
        region: "us-east-1",
        env: &|_| None,
        no_cache_retention: false,
    })
    .unwrap();
    assert_eq!(payload["modelId"], json!(model.id));
    let expected = r#"{"messages":[{"role":"user","content":[{"text":"hi"},{"image":{"format":"png","source":{"bytes":"iVBORw0KGgo="}}}]},{"role":"assistant","content":[{"reasoningContent":{"reasoningText":{"text":"hmm","signature":"sig"}}},{"text":"ok"},{"toolUse":{"toolUseId":"call|1","name":"read","input":{"path":"a"}}}]},{"role":"user","content":[{"toolResult":{"toolUseId":"call|1","content":[{"text":"data"}],"status":"success"}},{"cachePoint":{"type":"default"}}]}],"system":[{"text":"Be brief."},{"cachePoint":{"type":"default"}}],"inferenceConfig":{"maxTokens":64000},"toolConfig":{"tools":[{"toolSpec":{"name":"read","inputSchema":{"json":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}},"description":"Read a file"}}]},"additionalModelRequestFields":{"thinking":{"type":"enabled","budget_tokens":8192,"display":"summarized"},"anthropic_beta":["interleaved-thinking-2025-05-14"]}}"#;
    assert_eq!(serde_json::to_string(&to_wire(&payload)).unwrap(), expected);
}

#[test]
fn an_unknown_image_type_fails_with_pi_ai_words() {
    let model = claude();
    let messages: Vec<AgentMessage> = serde_json::from_value(json!([{"role": "user",
        "content": [{"type": "image", "mimeType": "image/bmp", "data": "AA=="}], "timestamp": 1}]))
    .unwrap();
    let error = build_payload(&PayloadInput {
        model: &model,
        system_prompt: "",
        original: &messages,
        messages: &messages,
        tools: &[],
        thinking_level: ThinkingLevel::Off,
        region: "us-east-1",
        env: &|_| None,
        no_cache_retention: false,
    })
    .unwrap_err();
    assert_eq!(error, "Unknown image type: image/bmp");
}

#[test]
fn http_errors_read_as_the_sdk_words_them() {
    use reqwest::header::{HeaderMap, HeaderValue};
    let mut headers = HeaderMap::new();
    headers.insert(
        "x-amzn-errortype",
        HeaderValue::from_static("ValidationException:http://internal.amazon.com/coral/"),
    );
    // Each text recorded from pi-ai 1.6.0 against a loopback server.
    assert_eq!(
        super::error_message(400, &headers, r#"{"message":"bad"}"#),
        "Validation error: bad"
    );
    headers.insert(
        "x-amzn-errortype",
        HeaderValue::from_static("AccessDeniedException"),
    );
    assert_eq!(
        super::error_message(403, &headers, r#"{"Message":"no"}"#),
        "AccessDeniedException: no"
    );
    let none = HeaderMap::new();
    assert_eq!(
        super::error_message(500, &none, r#"{"message":"boom"}"#),
        "Unknown: boom"
    );
    assert_eq!(
        super::error_message(404, &none, "{}"),
        "Unknown: UnknownError"
    );
    assert_eq!(
        super::error_message(403, &none, "<html>denied</html>"),
        "403: <html>denied</html>"
    );
}
