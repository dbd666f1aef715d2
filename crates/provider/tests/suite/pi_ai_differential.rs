//! tau's requests next to pi-ai's: the same model and conversation go through pi-ai 1.6.0's
//! own provider code (`tools/oracle/pi-ai-request.mjs`, run by the oracle's Node) and through
//! tau's provider, to one loopback server, which must receive the same path, key header and
//! body. Skipped when the oracle is not installed (`tools/oracle/setup.sh`).

use std::path::PathBuf;
use std::process::Command;

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_protocol::{AgentMessage, Model, ThinkingLevel, ToolDeclaration};
use tau_provider::{
    GoogleGenerativeAi, HttpClient, Mistral, OpenAiResponses, Provider, ProviderRequest, Timeouts,
};
use tau_test_support::oracle::PiOracle;
use tau_test_support::server::MockOptions;
use tau_test_support::{MockServer, MockTurn};
use tokio_util::sync::CancellationToken;

use super::support::collect;

/// pi-ai's package folder next to the oracle's pi-coding-agent.
fn pi_ai(pi: &PiOracle) -> PathBuf {
    // …/node_modules/@earendil-works/pi-coding-agent/dist/cli.js → …/@earendil-works/pi-ai
    pi.cli
        .ancestors()
        .nth(2)
        .map(|agent| agent.with_file_name("pi-ai"))
        .unwrap_or_default()
}

fn script() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tools/oracle/pi-ai-request.mjs")
}

/// A conversation with thinking, text, a signed tool call and a tool result with an image,
/// from `api`/`provider`/`model` (foreign to the model asked when they differ).
fn conversation(api: &str, provider: &str, model: &str) -> Value {
    signed_conversation(api, provider, model, "c2ln")
}

/// [`conversation`] with the thinking signed `signature` (a Responses reasoning item for
/// the Responses APIs, base64 for Google's).
fn signed_conversation(api: &str, provider: &str, model: &str, signature: &str) -> Value {
    json!([
        {"role": "user", "content": [{"type": "text", "text": "Fix notes"},
            {"type": "image", "data": "aGk=", "mimeType": "image/png"}], "timestamp": 1},
        {"role": "assistant", "content": [
            {"type": "thinking", "thinking": "hmm", "thinkingSignature": signature},
            {"type": "text", "text": "ok"},
            {"type": "toolCall", "id": "call_abc|fc_1", "name": "read", "arguments": {"path": "x"},
             "thoughtSignature": "c2lnbmF0dXJl"}],
         "api": api, "provider": provider, "model": model,
         "usage": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
                   "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
         "stopReason": "toolUse", "timestamp": 2},
        {"role": "toolResult", "toolCallId": "call_abc|fc_1", "toolName": "read",
         "content": [{"type": "text", "text": "contents"},
             {"type": "image", "data": "aGk=", "mimeType": "image/png"}],
         "isError": false, "timestamp": 3},
        {"role": "user", "content": "Go on", "timestamp": 4}
    ])
}

fn tool() -> Value {
    json!({"name": "read", "description": "Read a file.",
        "parameters": {"type": "object", "required": ["path"],
            "properties": {"path": {"type": "string", "description": "Path"}, "mode": {"const": "text"}}}})
}

/// Sends the request through pi-ai, then through `provider`, and compares what `server`
/// received.
#[allow(clippy::too_many_arguments)]
async fn compare(
    pi: &PiOracle,
    server: &MockServer,
    provider: &dyn Provider,
    model: Value,
    messages: Value,
    level: ThinkingLevel,
    key: &str,
    key_header: &str,
) {
    let context = json!({"systemPrompt": "You are a test assistant.", "messages": messages, "tools": [tool()]});
    let mut options = json!({"apiKey": key, "maxRetries": 0});
    if level != ThinkingLevel::Off {
        options["reasoning"] = json!(level.as_str());
    }
    let output = Command::new(&pi.node)
        .arg(script())
        .arg(pi_ai(pi))
        .arg(model["api"].as_str().unwrap())
        .arg(model.to_string())
        .arg(context.to_string())
        .arg(options.to_string())
        .env_remove("PI_CACHE_RETENTION")
        .output()
        .expect("run node");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let request = ProviderRequest {
        model: serde_json::from_value::<Model>(model.clone()).unwrap(),
        system_prompt: "You are a test assistant.".into(),
        messages: serde_json::from_value::<Vec<AgentMessage>>(messages).unwrap(),
        tools: vec![serde_json::from_value::<ToolDeclaration>(tool()).unwrap()],
        thinking_level: level,
        api_key: Some(key.into()),
        hooks: None,
    };
    collect(provider, request, CancellationToken::new()).await;
    let requests = server.requests();
    let (pi_request, tau_request) = (&requests[requests.len() - 2], &requests[requests.len() - 1]);
    let what = format!(
        "{} {}; pi-ai ended with {}",
        model["api"],
        model["id"],
        String::from_utf8_lossy(&output.stdout)
    );
    assert_eq!(tau_request.path, pi_request.path, "{what}");
    assert_eq!(
        tau_request.header(key_header),
        pi_request.header(key_header),
        "{what}"
    );
    assert_eq!(
        tau_request.body, pi_request.body,
        "{what}: the same bytes, key order included"
    );
}

fn model(api: &str, provider: &str, id: &str, base_url: &str) -> Value {
    json!({"id": id, "name": id, "api": api, "provider": provider, "baseUrl": base_url,
        "reasoning": true, "input": ["text", "image"],
        "cost": {"input": 1, "output": 2, "cacheRead": 0.1, "cacheWrite": 0},
        "contextWindow": 200_000, "maxTokens": 32_000})
}

fn client() -> HttpClient {
    HttpClient::new(Timeouts::default()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn gemini_and_vertex_requests_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = MockServer::start_with(MockOptions {
        replies: vec![MockTurn::text("ok").into()],
        repeat: true,
        ..Default::default()
    })
    .await
    .unwrap();
    let gemini = GoogleGenerativeAi::new(client());
    let base = format!("{}/v1beta", server.url());
    for (id, level) in [
        ("gemini-2.5-flash", ThinkingLevel::Medium),
        ("gemini-2.5-pro", ThinkingLevel::Off),
        ("gemini-3-pro-preview", ThinkingLevel::High),
        ("gemini-3-flash-preview", ThinkingLevel::Minimal),
    ] {
        let model = model("google-generative-ai", "google", id, &base);
        // Same model (signatures echoed) and a foreign one (thinking as text, ids normalized).
        for messages in [
            conversation("google-generative-ai", "google", id),
            conversation("openai-responses", "openai", "gpt-5"),
        ] {
            compare(
                &pi,
                &server,
                &gemini,
                model.clone(),
                messages,
                level,
                "gk",
                "x-goog-api-key",
            )
            .await;
        }
    }
    let vertex = GoogleGenerativeAi::vertex(client());
    let model = model(
        "google-vertex",
        "google-vertex",
        "gemini-2.5-flash-lite",
        &server.url(),
    );
    let messages = conversation("google-vertex", "google-vertex", "gemini-2.5-flash-lite");
    compare(
        &pi,
        &server,
        &vertex,
        model,
        messages,
        ThinkingLevel::Low,
        "vk",
        "x-goog-api-key",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn mistral_and_azure_requests_match_pi_ai() {
    let Some(pi) = PiOracle::locate() else {
        eprintln!("skipped: the oracle Pi is not installed (tools/oracle/setup.sh)");
        return;
    };
    let server = MockServer::start_with(MockOptions {
        replies: vec![MockTurn::text("ok").into()],
        repeat: true,
        ..Default::default()
    })
    .await
    .unwrap();
    let mistral = Mistral::new(client());
    for (map, level) in [
        (None, ThinkingLevel::High),
        (
            Some(json!({"off": "none", "minimal": null, "low": "low", "high": "high"})),
            ThinkingLevel::Medium,
        ),
        (Some(json!({"off": "none"})), ThinkingLevel::Off),
    ] {
        let mut model = model(
            "mistral-conversations",
            "mistral",
            "magistral-medium-latest",
            &server.url(),
        );
        if let Some(map) = map {
            model["thinkingLevelMap"] = map;
        }
        for messages in [
            conversation(
                "mistral-conversations",
                "mistral",
                "magistral-medium-latest",
            ),
            conversation("openai-responses", "openai", "gpt-5"),
        ] {
            compare(
                &pi,
                &server,
                &mistral,
                model.clone(),
                messages,
                level,
                "mk",
                "authorization",
            )
            .await;
        }
    }
    let azure = OpenAiResponses::azure(client());
    let model = model(
        "azure-openai-responses",
        "azure",
        "gpt-5",
        &format!("{}/openai/v1", server.url()),
    );
    for level in [ThinkingLevel::Medium, ThinkingLevel::Off] {
        let reasoning = json!({"type": "reasoning", "id": "rs_1", "encrypted_content": "enc",
            "summary": [{"type": "summary_text", "text": "hmm"}]});
        for messages in [
            signed_conversation(
                "azure-openai-responses",
                "azure",
                "gpt-5",
                &reasoning.to_string(),
            ),
            conversation("anthropic-messages", "anthropic", "claude"),
        ] {
            compare(
                &pi,
                &server,
                &azure,
                model.clone(),
                messages,
                level,
                "ak",
                "api-key",
            )
            .await;
        }
    }
}
