//! The mock server over real HTTP: the OpenAI wire format, recording, errors, drops,
//! delays, repeat and the request log.

use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;
use serde_json::{json, Value};
use tau_test_support::server::MockOptions;
use tau_test_support::{MockReply, MockServer, MockToolCall, MockTurn};

async fn post(server: &MockServer, path: &str, body: Value) -> reqwest::Response {
    reqwest::Client::new()
        .post(format!("{}{path}", server.url()))
        .header("authorization", "Bearer k")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
}

/// The `data:` payloads of an SSE body.
fn data_lines(body: &str) -> Vec<String> {
    body.lines()
        .filter_map(|line| line.strip_prefix("data: "))
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn a_turn_streams_as_openai_chunks_and_the_request_is_recorded() {
    let server = MockServer::start(vec![MockTurn {
        tool_calls: vec![MockToolCall::new(
            "call_1",
            "read",
            json!({"path": "a.txt"}),
        )],
        ..MockTurn::text("Hi there!").with_thinking("Hmm.")
    }
    .into()])
    .await
    .unwrap();
    let response = post(
        &server,
        "/v1/chat/completions",
        json!({"model": "m7", "messages": []}),
    )
    .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let data = data_lines(&response.text().await.unwrap());
    assert_eq!(data.last().map(String::as_str), Some("[DONE]"));
    let chunks: Vec<Value> = data[..data.len() - 1]
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(chunks
        .iter()
        .all(|c| c["id"] == "chatcmpl-mock-1" && c["model"] == "m7"));
    let deltas: Vec<&Value> = chunks
        .iter()
        .filter_map(|c| c["choices"].get(0))
        .map(|c| &c["delta"])
        .collect();
    assert_eq!(deltas[0], &json!({"role": "assistant", "content": ""}));
    assert_eq!(deltas[1], &json!({"reasoning_content": "Hmm."}));
    assert_eq!(deltas[2], &json!({"content": "Hi there"}));
    assert_eq!(deltas[3], &json!({"content": "!"}));
    assert_eq!(
        deltas[4],
        &json!({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "read", "arguments": ""}}]})
    );
    let arguments: String = deltas[5..deltas.len() - 1]
        .iter()
        .map(|d| {
            d["tool_calls"][0]["function"]["arguments"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(arguments, r#"{"path":"a.txt"}"#);
    assert_eq!(
        chunks[chunks.len() - 2]["choices"][0]["finish_reason"],
        "tool_calls"
    );
    let usage = &chunks[chunks.len() - 1];
    assert_eq!(usage["choices"], json!([]));
    assert_eq!(usage["usage"]["prompt_tokens"], 100);
    assert_eq!(usage["usage"]["completion_tokens"], 20);

    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/v1/chat/completions");
    assert_eq!(requests[0].header("Authorization"), Some("Bearer k"));
    assert_eq!(requests[0].json()["model"], "m7");
}

#[tokio::test]
async fn errors_unknown_paths_and_exhaustion() {
    let server = MockServer::start(vec![
        MockReply::json_error(429, json!({"error": {"message": "slow down"}})),
        MockReply::text_error(503, "busy"),
    ])
    .await
    .unwrap();
    let unknown = post(&server, "/v1/nope", json!({})).await;
    assert_eq!(unknown.status(), 404);
    assert!(unknown
        .text()
        .await
        .unwrap()
        .contains("no route POST /v1/nope"));
    let limited = post(&server, "/v1/chat/completions", json!({})).await;
    assert_eq!(limited.status(), 429);
    assert_eq!(limited.headers()["content-type"], "application/json");
    assert_eq!(
        limited.text().await.unwrap(),
        r#"{"error":{"message":"slow down"}}"#
    );
    let busy = post(&server, "/v1/chat/completions", json!({})).await;
    assert_eq!(
        (busy.status().as_u16(), busy.text().await.unwrap()),
        (503, "busy".to_owned())
    );
    let exhausted = post(&server, "/v1/chat/completions", json!({}))
        .await
        .text()
        .await
        .unwrap();
    let text: String = data_lines(&exhausted)
        .iter()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|chunk| {
            chunk["choices"][0]["delta"]["content"]
                .as_str()
                .map(str::to_owned)
        })
        .collect();
    assert_eq!(text, "SCRIPT EXHAUSTED");
    // The unknown path consumed no reply but was recorded.
    assert_eq!(server.request_count(), 4);
}

#[tokio::test]
async fn drops_malformed_events_and_delays() {
    let server = MockServer::start(vec![
        MockTurn::text("abcdefghijklmnop").dropping_after(2).into(),
        MockTurn::text("abcdefgh").malformed_at(1).into(),
        MockTurn::text("abcdefghijklmnop").with_delay_ms(100).into(),
    ])
    .await
    .unwrap();
    let dropped = post(&server, "/v1/chat/completions", json!({})).await;
    let error = dropped.text().await.unwrap_err();
    assert!(error.is_body() || error.is_decode(), "{error:?}");

    let malformed = data_lines(
        &post(&server, "/v1/chat/completions", json!({}))
            .await
            .text()
            .await
            .unwrap(),
    );
    assert!(
        serde_json::from_str::<Value>(&malformed[1]).is_err(),
        "{}",
        malformed[1]
    );

    let started = Instant::now();
    let slow = data_lines(
        &post(&server, "/v1/chat/completions", json!({}))
            .await
            .text()
            .await
            .unwrap(),
    );
    // role, 2 text pieces, finish, usage, [DONE]: five pauses.
    assert_eq!(slow.len(), 6);
    assert!(
        started.elapsed() >= Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn repeat_and_log() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("requests.jsonl");
    let server = MockServer::start_with(MockOptions {
        replies: vec![MockTurn::text("again").into()],
        repeat: true,
        log: Some(log.clone()),
        ..MockOptions::default()
    })
    .await
    .unwrap();
    for _ in 0..3 {
        let body = post(&server, "/v1/chat/completions", json!({"model": "x"}))
            .await
            .text()
            .await
            .unwrap();
        assert!(body.contains(r#""content":"again""#), "{body}");
    }
    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["seq"], 3);
    assert_eq!(lines[2]["body"], json!({"model": "x"}));
    assert_eq!(lines[2]["url"], "/v1/chat/completions");
}

#[tokio::test]
async fn the_model_is_echoed_wherever_the_body_names_it() {
    let server = MockServer::start_with(MockOptions {
        replies: vec![MockTurn::text("a").into()],
        repeat: true,
        ..MockOptions::default()
    })
    .await
    .unwrap();
    // `model` first (read alone), later in the body, and missing.
    let bodies = [
        r#" { "model" : "first\"m", "messages": [{"role":"user","content":"x"}]}"#,
        r#"{"messages": [{"role":"user","content":"model"}], "model": "later"}"#,
        r#"{"messages": []}"#,
    ];
    let mut models = Vec::new();
    for body in bodies {
        let response = reqwest::Client::new()
            .post(format!("{}/v1/chat/completions", server.url()))
            .body(body)
            .send()
            .await
            .unwrap();
        let data = data_lines(&response.text().await.unwrap());
        let chunk: Value = serde_json::from_str(&data[0]).unwrap();
        models.push(chunk["model"].as_str().unwrap_or_default().to_owned());
    }
    assert_eq!(models, ["first\"m", "later", "mock-model"]);
    // The server keeps every body as it arrived.
    let recorded: Vec<String> = server.requests().into_iter().map(|r| r.body).collect();
    assert_eq!(recorded, bodies);
}
