//! `/compact` on a continued session against a real wire protocol: the summary request, the
//! Pi-shaped `compaction` entry in the session file, and the next run's request starting
//! with the checkpoint and the summary.

use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockTurn};

use crate::support::*;

/// A mock provider and settings that keep only ~50 recent tokens, so two prompts compact.
fn setup(ws: &Workspace, base_url: &str) {
    let models = json!({"providers": {"mock": {
        "baseUrl": base_url,
        "api": "openai-completions",
        "apiKey": "sk-test",
        "models": [{"id": "m1", "name": "Mock One"}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let settings = json!({"compaction": {"keepRecentTokens": 50}});
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        settings.to_string(),
    )
    .expect("settings.json");
}

fn run(ws: &Workspace, args: &[&str]) -> std::process::Output {
    ws.tau()
        .args(["--model", "mock/m1"])
        .args(args)
        .output()
        .expect("run tau")
}

/// The session files under the agent dir.
fn session_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(session_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "jsonl") {
            found.push(path);
        }
    }
    found
}

/// The text of an OpenAI chat message's content (a string or text parts).
fn text_of(message: &Value) -> String {
    match &message["content"] {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|part| part["text"].as_str())
            .collect::<Vec<_>>()
            .join(""),
        _ => String::new(),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn compact_command_writes_a_pi_compaction_and_the_next_run_starts_from_it() {
    let server = MockServer::start(vec![
        MockReply::Turn(Box::new(MockTurn::text("one"))),
        MockReply::Turn(Box::new(MockTurn::text("two"))),
        MockReply::Turn(Box::new(MockTurn::text("## Goal\nShip X"))),
        MockReply::Turn(Box::new(MockTurn::text("three"))),
    ])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    setup(&ws, &server.base_url());
    let first = format!("first {}", "a".repeat(400));
    let second = format!("second {}", "b".repeat(400));
    let (outputs, entries) = tokio::task::spawn_blocking(move || {
        let mut outputs = vec![
            run(&ws, &["-p", &first]),
            run(&ws, &["-c", "-p", &second]),
            run(&ws, &["-c", "-p", "/compact focus on X"]),
        ];
        let files = session_files(ws.agent_dir.path());
        assert_eq!(files.len(), 1, "{files:?}");
        let entries: Vec<Value> = std::fs::read_to_string(&files[0])
            .expect("session file")
            .lines()
            .map(|line| serde_json::from_str(line).expect("json line"))
            .collect();
        // Compacting again right away: json mode reports why not, and exits 0.
        outputs.push(run(&ws, &["-c", "--mode", "json", "/compact"]));
        outputs.push(run(&ws, &["-c", "-p", "next"]));
        (outputs, entries)
    })
    .await
    .expect("join");
    for output in &outputs {
        assert!(output.status.success(), "{}", stderr(output));
    }
    // /compact prints nothing in print mode.
    assert_eq!(stdout(&outputs[2]), "");
    assert_eq!(stdout(&outputs[4]), "three\n");

    // The session's last line is Pi's compaction entry, keys in Pi's order.
    let compaction = entries.last().expect("entries");
    let keys: Vec<&str> = compaction
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "type",
            "id",
            "parentId",
            "timestamp",
            "summary",
            "firstKeptEntryId",
            "tokensBefore",
            "details",
            "usage",
            "fromHook",
            "systemMessage"
        ]
    );
    assert_eq!(compaction["type"], "compaction");
    assert_eq!(compaction["summary"], "## Goal\nShip X");
    assert_eq!(
        compaction["details"],
        json!({"readFiles": [], "modifiedFiles": []})
    );
    assert_eq!(compaction["fromHook"], false);
    assert_eq!(compaction["systemMessage"]["role"], "system");
    assert!(compaction["tokensBefore"].as_u64().unwrap_or(0) > 0);
    // The kept range starts at the second prompt.
    let second_prompt = entries
        .iter()
        .find(|e| {
            e["type"] == "message"
                && e["message"]["role"] == "user"
                && text_of(&e["message"]).starts_with("second ")
        })
        .expect("second prompt entry");
    assert_eq!(compaction["firstKeptEntryId"], second_prompt["id"]);

    // The json run: only compaction events, the failure in errorMessage.
    let records = parse_jsonl(&outputs[3].stdout);
    assert_eq!(
        types(&records),
        ["session", "compaction_start", "compaction_end"]
    );
    assert_eq!(records[1]["reason"], "manual");
    assert_eq!(
        records[2]["errorMessage"],
        "Compaction failed: Already compacted"
    );
    assert_eq!(records[2]["aborted"], false);
    assert!(stderr(&outputs[3]).contains("Already compacted"));

    let requests: Vec<Value> = server.requests().iter().map(|r| r.json()).collect();
    assert_eq!(requests.len(), 4);
    // The summary request: no tools, a system prompt and one user message with the transcript.
    let summary = &requests[2];
    assert!(summary["tools"].as_array().is_none_or(Vec::is_empty));
    let messages = summary["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 2, "{messages:?}");
    let body = text_of(&messages[1]);
    assert!(body.starts_with("<conversation>\n[User]: first "), "{body}");
    assert!(body.contains("[Assistant]: one"));
    assert!(!body.contains("second "));
    assert!(body.ends_with("focus on X"));

    // The next run's context: system prompt, summary, then the kept messages.
    let next = requests[3]["messages"].as_array().expect("messages");
    let texts: Vec<String> = next.iter().map(text_of).collect();
    let roles: Vec<&str> = next.iter().filter_map(|m| m["role"].as_str()).collect();
    assert_eq!(roles[1..], ["user", "user", "assistant", "user"]);
    assert!(
        texts[1].contains("<summary>\n## Goal\nShip X\n</summary>"),
        "{texts:?}"
    );
    assert!(texts[2].starts_with("second "));
    assert_eq!(texts[3], "two");
    assert_eq!(texts[4], "next");
    assert!(!texts.iter().any(|t| t.starts_with("first ")));
}

/// A summary request that fails with a transient error is sent again, as Pi retries it:
/// `summarization_retry_scheduled`, `summarization_retry_attempt_start` (source and reason),
/// `summarization_retry_finished`, then the compaction ends with the retried summary.
#[tokio::test(flavor = "multi_thread")]
async fn a_failed_summary_request_is_retried_with_pis_events() {
    let overloaded = MockReply::Error {
        status: 503,
        body: json!({"error": {"message": "Service temporarily unavailable", "type": "overloaded"}}),
        headers: Vec::new(),
    };
    let server = MockServer::start(vec![
        MockReply::Turn(Box::new(MockTurn::text("one"))),
        MockReply::Turn(Box::new(MockTurn::text("two"))),
        overloaded,
        MockReply::Turn(Box::new(MockTurn::text("## Goal\nRetried"))),
    ])
    .await
    .expect("mock server");
    let ws = Workspace::new();
    setup(&ws, &server.base_url());
    let settings = json!({"compaction": {"keepRecentTokens": 50},
                          "retry": {"maxRetries": 2, "baseDelayMs": 10}});
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        settings.to_string(),
    )
    .expect("settings.json");
    let first = format!("first {}", "a".repeat(400));
    let second = format!("second {}", "b".repeat(400));
    let output = tokio::task::spawn_blocking(move || {
        run(&ws, &["-p", &first]);
        run(&ws, &["-c", "-p", &second]);
        run(&ws, &["-c", "--mode", "json", "/compact"])
    })
    .await
    .expect("join");
    assert!(output.status.success(), "{}", stderr(&output));
    let records = parse_jsonl(&output.stdout);
    assert_eq!(
        types(&records)[1..],
        [
            "compaction_start",
            "summarization_retry_scheduled",
            "summarization_retry_attempt_start",
            "summarization_retry_finished",
            "compaction_end"
        ]
    );
    let scheduled = &records[2];
    assert_eq!(scheduled["attempt"], 1);
    assert_eq!(scheduled["maxAttempts"], 2);
    assert_eq!(scheduled["delayMs"], 10);
    assert!(scheduled["errorMessage"]
        .as_str()
        .is_some_and(|m| !m.is_empty()));
    assert_eq!(
        records[3],
        json!({"type": "summarization_retry_attempt_start", "source": "compaction", "reason": "manual"})
    );
    assert_eq!(records[4], json!({"type": "summarization_retry_finished"}));
    assert_eq!(records[5]["result"]["summary"], "## Goal\nRetried");
    assert_eq!(server.request_count(), 4);
}
