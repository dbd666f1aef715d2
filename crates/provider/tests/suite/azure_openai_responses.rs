//! The `azure-openai-responses` api against the loopback mock server: the request as
//! pi-ai 1.6.0 sends it to Azure (recorded by running pi-ai's own provider against a
//! loopback server): `…/responses?api-version=v1`, the key in `api-key`, strict-capable
//! tools, the Responses stream parsed as for OpenAI, and errors worded `Azure OpenAI API
//! error (<status>): …`.

use pretty_assertions::assert_eq;
use serde_json::json;
use tau_protocol::{Model, StopReason, ThinkingLevel};
use tau_provider::{ConfigureEndpoint, HttpClient, OpenAiResponses, Timeouts};
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};
use tokio_util::sync::CancellationToken;

use super::openai_responses::{request, user_blocks};
use super::support::{collect, final_message, kinds};

/// GPT-5 deployed on Azure, served at `base_url`.
fn model(base_url: &str) -> Model {
    Model {
        api: "azure-openai-responses".into(),
        provider: "azure".into(),
        compat: None,
        ..super::openai_responses::model(base_url)
    }
}

fn provider() -> OpenAiResponses {
    OpenAiResponses::azure(HttpClient::new(Timeouts::default()).unwrap())
        .with_api_key("az-key")
        .with_key_hint("set AZURE_OPENAI_API_KEY or pass --api-key")
}

#[tokio::test]
async fn requests_go_to_the_deployment_url_with_the_api_key_header() {
    let server = MockServer::start(vec![MockTurn {
        tool_calls: vec![MockToolCall::new("call_1", "read", json!({"path": "a"}))],
        ..MockTurn::text("Reading.").with_thinking("Look first.")
    }
    .into()])
    .await
    .unwrap();
    let model = model(&format!("{}/openai/v1/", server.url()));
    let events = collect(
        &provider(),
        request(model, vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    let received = &server.requests()[0];
    assert_eq!(received.path, "/openai/v1/responses?api-version=v1");
    assert_eq!(received.header("api-key"), Some("az-key"));
    assert_eq!(received.header("authorization"), None);
    assert_eq!(
        received.json(),
        json!({
            "model": "gpt-5",
            "input": [
                {"role": "developer", "content": "You are a test assistant."},
                {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
            ],
            "stream": true,
            "store": false,
            "max_output_tokens": 128000,
            "tools": [{"type": "function", "name": "read", "description": "Read the contents of a file.",
                "parameters": {"type": "object", "required": ["path"],
                    "properties": {"path": {"type": "string", "description": "Path to the file"}}},
                "strict": false}],
            "reasoning": {"effort": "medium", "summary": "auto"},
            "include": ["reasoning.encrypted_content"]
        })
    );
    assert_eq!(
        kinds(&events).first().map(String::as_str),
        Some("start"),
        "{events:?}"
    );
    let message = final_message(&events);
    assert_eq!(message.stop_reason, StopReason::ToolUse);
    assert_eq!(message.api, "azure-openai-responses");
    assert_eq!(message.content.len(), 3, "thinking, text and the call");
}

#[tokio::test]
async fn thinking_off_asks_for_no_effort_and_strict_can_be_switched_off() {
    let server = MockServer::start(vec![MockTurn::text("ok").into()])
        .await
        .unwrap();
    let mut model = model(&format!("{}/openai/v1", server.url()));
    model.compat = Some(json!({"supportsStrictMode": false}));
    // Without a map entry saying otherwise, off is an explicit `none` effort.
    model.thinking_level_map = None;
    let mut req = request(model, vec![user_blocks("hi")]);
    req.thinking_level = ThinkingLevel::Off;
    collect(&provider(), req, CancellationToken::new()).await;
    let body = server.requests()[0].json();
    assert_eq!(body["reasoning"], json!({"effort": "none"}));
    assert_eq!(body.get("include"), None);
    assert_eq!(body["tools"][0].get("strict"), None);
}

#[tokio::test]
async fn errors_read_as_pi_ai_words_them_for_azure() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            401,
            json!({"error": {"code": "401", "message": "Access denied due to invalid subscription key."}}),
        ),
        MockReply::json_error(500, json!({"error": {"message": "boom", "type": "server_error"}})),
    ])
    .await
    .unwrap();
    let base = format!("{}/openai/v1", server.url());
    let azure = provider();
    let run = || {
        collect(
            &azure,
            request(model(&base), vec![user_blocks("hi")]),
            CancellationToken::new(),
        )
    };
    let events = run().await;
    assert_eq!(kinds(&events), ["error"]);
    assert_eq!(
        final_message(&events).error_message.as_deref(),
        Some(
            "Azure OpenAI API error (401): {\"code\":\"401\",\"message\":\"Access denied due to invalid subscription key.\"}\n\
             provider azure rejected the API key (HTTP 401); set AZURE_OPENAI_API_KEY or pass --api-key"
        )
    );
    let events = run().await;
    assert_eq!(
        final_message(&events).error_message.as_deref(),
        Some("Azure OpenAI API error (500): {\"message\":\"boom\",\"type\":\"server_error\"}")
    );
    // Without a key nothing is sent.
    let keyless = OpenAiResponses::azure(HttpClient::new(Timeouts::default()).unwrap())
        .with_key_hint("set AZURE_OPENAI_API_KEY or pass --api-key");
    let events = collect(
        &keyless,
        request(model(&base), vec![user_blocks("hi")]),
        CancellationToken::new(),
    )
    .await;
    assert_eq!(
        final_message(&events).error_message.as_deref(),
        Some("No API key for provider: azure\nset AZURE_OPENAI_API_KEY or pass --api-key")
    );
    assert_eq!(server.request_count(), 2);
}
