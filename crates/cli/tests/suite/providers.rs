//! tau against a real wire protocol served on loopback: Pi's session-level retry of
//! transient failures, seen in the json stream.

use serde_json::json;
use tau_test_support::{MockReply, MockServer, MockTurn};

use crate::support::*;

fn mock_provider(ws: &Workspace, base_url: &str, settings: serde_json::Value) {
    let models = json!({"providers": {"mock": {
        "baseUrl": base_url,
        "api": "openai-completions",
        "apiKey": "sk-test",
        "models": [{"id": "m1", "name": "Mock One"}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        settings.to_string(),
    )
    .expect("settings.json");
}

fn run(ws: &Workspace) -> (Vec<serde_json::Value>, std::process::Output) {
    let output = ws
        .tau()
        .args([
            "--model",
            "mock/m1",
            "--no-session",
            "--mode",
            "json",
            "hello",
        ])
        .output()
        .expect("run tau");
    (parse_jsonl(&output.stdout), output)
}

fn kinds(records: &[serde_json::Value]) -> Vec<String> {
    records
        .iter()
        .filter(|r| !matches!(r["type"].as_str(), Some("message_update")))
        .map(|r| match r["type"].as_str().unwrap_or("") {
            "agent_end" => format!("agent_end({})", r["willRetry"]),
            "auto_retry_start" => format!("auto_retry_start({})", r["attempt"]),
            "auto_retry_end" => format!("auto_retry_end({})", r["success"]),
            "message_start" | "message_end" => {
                format!(
                    "{}({})",
                    r["type"].as_str().unwrap_or(""),
                    r["message"]["role"].as_str().unwrap_or("")
                )
            }
            other => other.to_string(),
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_transient_failure_is_retried_as_pi_retries_it() {
    let server = MockServer::start(vec![
        MockReply::json_error(
            500,
            json!({"error": {"message": "internal boom", "type": "server_error"}}),
        ),
        MockReply::Turn(Box::new(MockTurn::text("recovered"))),
    ])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    mock_provider(
        &ws,
        &server.base_url(),
        json!({"retry": {"baseDelayMs": 20}}),
    );
    let (records, output) = tokio::task::spawn_blocking(move || {
        let result = run(&ws);
        drop(ws);
        result
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        kinds(&records),
        [
            "session",
            "agent_start",
            "turn_start",
            "message_start(system)",
            "message_end(system)",
            "message_start(user)",
            "message_end(user)",
            "message_start(assistant)",
            "message_end(assistant)",
            "turn_end",
            "agent_end(true)",
            "auto_retry_start(1)",
            "entry_appended",
            "agent_start",
            "turn_start",
            "message_start(assistant)",
            "message_end(assistant)",
            "auto_retry_end(true)",
            "turn_end",
            "agent_end(false)",
            "agent_settled",
        ]
    );
    // The failed answer is dropped from model context with a context edit, as Pi records it.
    let edit = records
        .iter()
        .find(|r| r["type"] == "entry_appended")
        .expect("entry");
    assert_eq!(edit["entry"]["type"], "context_edit");
    assert_eq!(edit["entry"]["replacement"], serde_json::Value::Null);
    let start = records
        .iter()
        .find(|r| r["type"] == "auto_retry_start")
        .expect("retry start");
    assert_eq!(start["maxAttempts"], 3);
    assert_eq!(start["delayMs"], 20);
    assert!(
        start["errorMessage"]
            .as_str()
            .unwrap_or("")
            .starts_with("500"),
        "{start}"
    );
    // The retried request is the original one: the failed answer is not sent back.
    let requests = server.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(
        requests[0].json()["messages"],
        requests[1].json()["messages"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn retries_run_out_and_a_permanent_error_is_not_retried() {
    let boom = || {
        MockReply::json_error(
            503,
            json!({"error": {"message": "overloaded", "type": "server_error"}}),
        )
    };
    let server = MockServer::start(vec![boom(), boom(), boom()])
        .await
        .expect("mock server");
    let ws = Workspace::new();
    mock_provider(
        &ws,
        &server.base_url(),
        json!({"retry": {"baseDelayMs": 5, "maxRetries": 2}}),
    );
    let (records, output) = tokio::task::spawn_blocking(move || run(&ws))
        .await
        .expect("join");
    assert!(
        output.status.success(),
        "json mode exits 0 on provider errors"
    );
    let sequence = kinds(&records);
    assert_eq!(
        sequence
            .iter()
            .filter(|k| k.starts_with("auto_retry_start"))
            .count(),
        2
    );
    let tail: Vec<&str> = sequence[sequence.len() - 3..]
        .iter()
        .map(String::as_str)
        .collect();
    assert_eq!(
        tail,
        ["agent_end(false)", "auto_retry_end(false)", "agent_settled"]
    );
    let end = records
        .iter()
        .find(|r| r["type"] == "auto_retry_end")
        .expect("retry end");
    assert_eq!(end["attempt"], 2);
    assert!(end["finalError"]
        .as_str()
        .unwrap_or("")
        .contains("overloaded"));
    assert_eq!(server.request_count(), 3);

    let server = MockServer::start(vec![MockReply::json_error(
        401,
        json!({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}}),
    )])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    mock_provider(
        &ws,
        &server.base_url(),
        json!({"retry": {"baseDelayMs": 5}}),
    );
    let (records, _) = tokio::task::spawn_blocking(move || run(&ws))
        .await
        .expect("join");
    assert!(!kinds(&records).iter().any(|k| k.starts_with("auto_retry")));
    assert_eq!(server.request_count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_stream_cut_mid_answer_is_a_clear_error_and_the_session_survives() {
    let cut = || {
        MockReply::Turn(Box::new(
            MockTurn::text("partial answer that never finishes").dropping_after(3),
        ))
    };
    let server = MockServer::start(vec![
        cut(),
        cut(),
        MockReply::Turn(Box::new(MockTurn::text("second try works"))),
    ])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    // No retries, so the cut stream is the final answer of the first run.
    mock_provider(
        &ws,
        &server.base_url(),
        json!({"retry": {"enabled": false}}),
    );
    let (first, second, files) = tokio::task::spawn_blocking(move || {
        let first = ws
            .tau()
            .args(["--model", "mock/m1", "-p", "hello"])
            .output()
            .expect("run");
        let second = ws
            .tau()
            .args(["--model", "mock/m1", "-c", "-p", "again"])
            .output()
            .expect("run");
        let root = ws.agent_dir.path().join("sessions");
        let files: Vec<String> = std::fs::read_dir(&root)
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|dir| {
                std::fs::read_dir(dir.path())
                    .into_iter()
                    .flatten()
                    .flatten()
            })
            .map(|file| std::fs::read_to_string(file.path()).expect("session"))
            .collect();
        (first, second, files)
    })
    .await
    .expect("join");
    assert_eq!(first.status.code(), Some(1));
    let message = stderr(&first);
    assert!(
        message.to_lowercase().contains("connection") || message.contains("ended"),
        "{message}"
    );
    assert_eq!(files.len(), 1, "one session, continued");
    for line in files[0].lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("every line is whole JSON");
    }
    assert!(
        files[0].contains("\"errorMessage\""),
        "the failed answer is recorded"
    );
    // The continued run sends the user's first prompt again, not the failed partial answer.
    assert!(second.status.code().is_some());
    let requests = server.requests();
    let last = requests.last().expect("request").json();
    let text = last["messages"].to_string();
    assert!(text.contains("hello") && text.contains("again"), "{text}");
    assert!(
        !text.contains("partial answer"),
        "a failed answer is not sent back: {text}"
    );
}
