//! Stored OAuth sign-ins through the real binary: an expired Anthropic sign-in in auth.json
//! is refreshed at a token endpoint on loopback (`TAU_OAUTH_TOKEN_URL_ANTHROPIC`), written
//! back, and its new access token authenticates the request (also a ChatGPT sign-in for a
//! Codex model); a refused refresh stops the run without falling back to the environment's key.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::thread::JoinHandle;

use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockTurn};

use crate::support::*;

/// Answers one request with `status` and `body`; yields the request body it received.
fn token_endpoint(status: u16, body: Value) -> (String, JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!(
        "http://{}/v1/oauth/token",
        listener.local_addr().expect("addr")
    );
    let handle = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("accept");
        let mut reader = BufReader::new(stream.try_clone().expect("clone"));
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("read");
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().expect("length");
            }
            if line == "\r\n" || line.is_empty() {
                break;
            }
        }
        let mut request = vec![0; length];
        reader.read_exact(&mut request).expect("body");
        let text = body.to_string();
        let mut stream = stream;
        write!(
            stream,
            "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
            text.len()
        )
        .expect("answer");
        String::from_utf8(request).expect("utf-8")
    });
    (url, handle)
}

/// A workspace whose anthropic provider points at `server` and whose auth.json holds an
/// expired Anthropic sign-in.
fn signed_in_workspace(server: &MockServer) -> Workspace {
    let ws = Workspace::new();
    let models = json!({"providers": {"anthropic": {"baseUrl": server.url()}}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string()).expect("models");
    let auth = json!({"anthropic": {"type": "oauth", "access": "sk-ant-oat01-old", "refresh": "r-old", "expires": 1}});
    std::fs::write(ws.agent_dir.path().join("auth.json"), auth.to_string()).expect("auth");
    ws
}

fn run(ws: &Workspace, token_url: &str) -> std::process::Output {
    ws.tau()
        .env("TAU_OAUTH_TOKEN_URL_ANTHROPIC", token_url)
        .env("ANTHROPIC_API_KEY", "sk-env-must-not-be-used")
        .args(["--model", "anthropic/claude-haiku-4-5", "-p", "hi"])
        .output()
        .expect("run tau")
}

#[tokio::test(flavor = "multi_thread")]
async fn an_expired_sign_in_is_refreshed_written_back_and_used() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text("hello")))])
        .await
        .expect("mock");
    let ws = signed_in_workspace(&server);
    let (url, token) = token_endpoint(
        200,
        json!({"access_token": "sk-ant-oat01-fresh", "refresh_token": "r-new", "expires_in": 3600}),
    );
    let (ws, output) = tokio::task::spawn_blocking(move || {
        let output = run(&ws, &url);
        (ws, output)
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "hello");
    let grant: Value = serde_json::from_str(&token.join().expect("token")).expect("json");
    assert_eq!(grant["grant_type"], "refresh_token");
    assert_eq!(grant["refresh_token"], "r-old");
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(
        requests[0].header("authorization"),
        Some("Bearer sk-ant-oat01-fresh")
    );
    assert_eq!(requests[0].header("x-api-key"), None);
    let auth: Value = serde_json::from_str(
        &std::fs::read_to_string(ws.agent_dir.path().join("auth.json")).expect("auth"),
    )
    .expect("json");
    assert_eq!(auth["anthropic"]["access"], "sk-ant-oat01-fresh");
    assert_eq!(auth["anthropic"]["refresh"], "r-new");
    assert!(auth["anthropic"]["expires"].as_f64().unwrap_or(0.0) > 1.0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_refresh_stops_the_run_without_falling_back() {
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text("never")))])
        .await
        .expect("mock");
    let ws = signed_in_workspace(&server);
    let (url, token) = token_endpoint(401, json!({"error": "invalid_grant"}));
    let output = tokio::task::spawn_blocking(move || run(&ws, &url))
        .await
        .expect("join");
    token.join().expect("token");
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.contains("OAuth refresh failed for anthropic") && text.contains("401"),
        "{text}"
    );
    assert_eq!(
        server.request_count(),
        0,
        "no request with the environment's key"
    );
}

/// An expired ChatGPT sign-in (`openai-codex`) is refreshed at the token endpoint, and the
/// Codex request carries the fresh token and the account its claims name.
#[tokio::test(flavor = "multi_thread")]
async fn an_expired_chatgpt_sign_in_is_refreshed_for_a_codex_model() {
    // An unsigned JWT naming ChatGPT account `acct-fresh-2`.
    const FRESH: &str = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJodHRwczovL2FwaS5vcGVuYWkuY29tL2F1dGgiOnsiY2hhdGdwdF9hY2NvdW50X2lkIjoiYWNjdC1mcmVzaC0yIn0sImV4cCI6NDAwMDAwMDAwMH0.sig";
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text("hello")))])
        .await
        .expect("mock");
    let ws = Workspace::new();
    let models = json!({"providers": {"openai-codex": {"baseUrl": server.url()}}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string()).expect("models");
    let auth = json!({"openai-codex": {"type": "oauth", "access": "old.old.old", "refresh": "r-old",
        "expires": 1, "accountId": "acct-old"}});
    std::fs::write(ws.agent_dir.path().join("auth.json"), auth.to_string()).expect("auth");
    let (url, token) = token_endpoint(
        200,
        json!({"access_token": FRESH, "refresh_token": "r-new", "expires_in": 3600}),
    );
    let (ws, output) = tokio::task::spawn_blocking(move || {
        let output = ws
            .tau()
            .env("TAU_OAUTH_TOKEN_URL_OPENAI_CODEX", &url)
            .args(["--model", "openai-codex/gpt-5.6-sol", "-p", "hi"])
            .output()
            .expect("run tau");
        (ws, output)
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "hello");
    token.join().expect("token");
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, "/codex/responses");
    assert_eq!(
        requests[0].header("authorization"),
        Some(&*format!("Bearer {FRESH}"))
    );
    assert_eq!(
        requests[0].header("chatgpt-account-id"),
        Some("acct-fresh-2")
    );
    let auth: Value = serde_json::from_str(
        &std::fs::read_to_string(ws.agent_dir.path().join("auth.json")).expect("auth"),
    )
    .expect("json");
    assert_eq!(auth["openai-codex"]["access"], FRESH);
    assert_eq!(auth["openai-codex"]["accountId"], "acct-fresh-2");
}
