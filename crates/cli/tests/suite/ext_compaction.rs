//! Extensions in compaction, through the real binary, the real host and a loopback model:
//! `session_before_compact` with Pi's payload may cancel or supply the summary,
//! `session_compact` / `session_compact_failed` follow (our probe, tests/fixtures/
//! session-events), and Pi's `custom-compaction.ts` runs unmodified, summarising through
//! `ctx.modelRegistry` on a `google/gemini-2.5-flash` served by the mock.

use std::path::Path;

use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockTurn};

use super::ext_support::*;

/// Pi 1.6.0's `session_before_compact` keys, as its runner hands them to the probe.
const BEFORE_KEYS: [&str; 7] = [
    "type",
    "preparation",
    "branchEntries",
    "customInstructions",
    "reason",
    "willRetry",
    "signal",
];
/// Pi 1.6.0's `CompactionPreparation` keys.
const PREPARATION_KEYS: [&str; 8] = [
    "firstKeptEntryId",
    "messagesToSummarize",
    "turnPrefixMessages",
    "isSplitTurn",
    "tokensBefore",
    "previousSummary",
    "fileOps",
    "settings",
];

fn probe() -> std::path::PathBuf {
    fixture("session-events/probe.ts")
}

/// models.json with the mock as `mock/m1` and as `google/gemini-2.5-flash`; settings that
/// keep ~50 recent tokens so two long prompts compact.
fn setup(ws: &Workspace, base_url: &str) {
    let provider = |id: &str| {
        json!({"baseUrl": base_url, "api": "openai-completions", "apiKey": "sk-test",
               "models": [{"id": id, "name": id}]})
    };
    let models =
        json!({"providers": {"mock": provider("m1"), "google": provider("gemini-2.5-flash")}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    let settings = json!({"compaction": {"keepRecentTokens": 50}});
    std::fs::write(
        ws.agent_dir.path().join("settings.json"),
        settings.to_string(),
    )
    .expect("settings.json");
}

/// tau with `extensions` on the mock, `-c` after the first run, printing.
fn run_tau(
    env: &ExtEnv,
    ws: &Workspace,
    extensions: &[&Path],
    vars: &[(&str, &str)],
    args: &[&str],
) -> Run {
    let mut cmd = env.tau(ws, extensions);
    cmd.args(["--model", "mock/m1"]).args(args);
    for (key, value) in vars {
        cmd.env(key, value);
    }
    run(cmd)
}

/// Two long prompts (two model turns) recorded in a session of `ws`.
fn two_turns(env: &ExtEnv, ws: &Workspace, extensions: &[&Path]) {
    let first = format!("first {}", "a".repeat(400));
    let second = format!("second {}", "b".repeat(400));
    run_tau(env, ws, extensions, &[], &["-p", &first]).assert_ok();
    run_tau(env, ws, extensions, &[], &["-c", "-p", &second]).assert_ok();
}

fn probe_log(ws: &Workspace) -> Vec<Value> {
    ws.read("probe.jsonl")
        .lines()
        .map(|line| serde_json::from_str(line).expect("probe line"))
        .collect()
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .map(|keys| keys.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

fn compactions(ws: &Workspace) -> Vec<Value> {
    entries(&only_session(ws))
        .into_iter()
        .filter(|e| e["type"] == "compaction")
        .collect()
}

fn text_turns(texts: &[&str]) -> Vec<MockReply> {
    texts
        .iter()
        .map(|t| MockReply::Turn(Box::new(MockTurn::text(*t))))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn session_before_compact_supplies_the_summary_and_session_compact_follows() {
    let Some(env) = ext_env("session_before_compact_supplies_the_summary") else {
        return;
    };
    let server = MockServer::start(text_turns(&["one", "two"]))
        .await
        .expect("mock server");
    let ws = Workspace::new();
    setup(&ws, &server.base_url());
    let ws = tokio::task::spawn_blocking(move || {
        let probe = probe();
        two_turns(&env, &ws, &[&probe]);
        run_tau(
            &env,
            &ws,
            &[&probe],
            &[("PROBE_COMPACT", "replace")],
            &["-c", "-p", "/compact focus on X"],
        )
        .assert_ok()
        .assert_quiet();
        ws
    })
    .await
    .expect("join");
    // The extension's summary was used: no summary request reached the model.
    assert_eq!(server.request_count(), 2);
    let saved = compactions(&ws);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0]["summary"], "probe summary");
    assert_eq!(saved[0]["fromHook"], true);
    assert_eq!(saved[0]["details"], json!({"by": "probe"}));

    let log = probe_log(&ws);
    let events: Vec<&str> = log.iter().filter_map(|r| r["event"].as_str()).collect();
    assert_eq!(events, ["session_before_compact", "session_compact"]);
    let before = &log[0];
    assert_eq!(keys(&before["keys"]), BEFORE_KEYS);
    assert_eq!(keys(&before["preparationKeys"]), PREPARATION_KEYS);
    assert_eq!(
        keys(&before["settingsKeys"]),
        ["enabled", "reserveTokens", "keepRecentTokens"]
    );
    assert_eq!(before["signalIsAbortSignal"], true);
    assert_eq!(before["fileOpsAreSets"], true);
    assert_eq!(before["reason"], "manual");
    assert_eq!(before["willRetry"], false);
    assert_eq!(before["customInstructions"], "focus on X");
    assert_eq!(before["firstKeptEntryId"], saved[0]["firstKeptEntryId"]);
    assert!(before["summarised"].as_u64().unwrap_or(0) >= 2, "{before}");
    let branch = keys(&before["branchTypes"]);
    // Four turns' messages and the transcript's system message.
    assert_eq!(
        branch.iter().filter(|t| **t == "message").count(),
        5,
        "{branch:?}"
    );

    let after = &log[1];
    assert_eq!(
        keys(&after["keys"]),
        [
            "type",
            "compactionEntry",
            "fromExtension",
            "reason",
            "willRetry"
        ]
    );
    assert_eq!(after["fromExtension"], true);
    assert_eq!(after["entryType"], "compaction");
    assert_eq!(after["summary"], "probe summary");
    assert_eq!(after["fromHook"], true);
    assert_eq!(after["reason"], "manual");
}

#[tokio::test(flavor = "multi_thread")]
async fn session_before_compact_cancel_stops_it_and_session_compact_failed_reports_it() {
    let Some(env) = ext_env("session_before_compact_cancel_stops_it") else {
        return;
    };
    let server = MockServer::start(text_turns(&["one", "two"]))
        .await
        .expect("mock server");
    let ws = Workspace::new();
    setup(&ws, &server.base_url());
    let (ws, json_run) = tokio::task::spawn_blocking(move || {
        let probe = probe();
        two_turns(&env, &ws, &[&probe]);
        let json_run = run_tau(
            &env,
            &ws,
            &[&probe],
            &[("PROBE_COMPACT", "cancel")],
            &["-c", "--mode", "json", "/compact"],
        );
        json_run.assert_ok();
        (ws, json_run)
    })
    .await
    .expect("join");
    assert_eq!(server.request_count(), 2);
    assert!(compactions(&ws).is_empty());
    // json mode: the compaction ended aborted, without an error message (Pi's report).
    let records = crate::support::parse_jsonl(&json_run.output.stdout);
    let end = records
        .iter()
        .find(|r| r["type"] == "compaction_end")
        .expect("compaction_end");
    assert_eq!(end["aborted"], true);
    assert!(end.get("errorMessage").is_none_or(Value::is_null), "{end}");

    let log = probe_log(&ws);
    let events: Vec<&str> = log.iter().filter_map(|r| r["event"].as_str()).collect();
    assert_eq!(events, ["session_before_compact", "session_compact_failed"]);
    let failed = &log[1];
    assert_eq!(
        keys(&failed["keys"]),
        [
            "type",
            "reason",
            "errorMessage",
            "aborted",
            "willRetry",
            "fromExtension"
        ]
    );
    assert_eq!(failed["errorMessage"], "<undefined>");
    assert_eq!(failed["reason"], "manual");
    assert_eq!(failed["aborted"], true);
    assert_eq!(failed["willRetry"], false);
    assert_eq!(failed["fromExtension"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn threshold_compaction_asks_extensions_with_reason_threshold() {
    let Some(env) = ext_env("threshold_compaction_asks_extensions") else {
        return;
    };
    // The second answer reports a context near the mock model's window: tau compacts after
    // the run (with tau's own summary, the probe answering nothing).
    let full = MockTurn::text("two").with_usage(Some(tau_test_support::MockUsage {
        input: 127_000,
        output: 10,
        ..Default::default()
    }));
    let replies = vec![
        MockReply::Turn(Box::new(MockTurn::text("one"))),
        MockReply::Turn(Box::new(full)),
        MockReply::Turn(Box::new(MockTurn::text("## Goal\nauto"))),
    ];
    let server = MockServer::start(replies).await.expect("mock server");
    let ws = Workspace::new();
    setup(&ws, &server.base_url());
    let ws = tokio::task::spawn_blocking(move || {
        let probe = probe();
        two_turns(&env, &ws, &[&probe]);
        ws
    })
    .await
    .expect("join");
    let saved = compactions(&ws);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(
        saved[0]["summary"]
            .as_str()
            .map(|s| s.starts_with("## Goal\nauto")),
        Some(true)
    );
    assert_eq!(saved[0]["fromHook"], false);
    let log = probe_log(&ws);
    let events: Vec<&str> = log.iter().filter_map(|r| r["event"].as_str()).collect();
    assert_eq!(events, ["session_before_compact", "session_compact"]);
    assert_eq!(log[0]["reason"], "threshold");
    assert_eq!(log[0]["customInstructions"], "<undefined>");
    assert_eq!(log[0]["previousSummary"], "<undefined>");
    assert_eq!(log[1]["fromExtension"], false);
    assert_eq!(log[1]["reason"], "threshold");
}

#[tokio::test(flavor = "multi_thread")]
async fn pi_custom_compaction_example_summarises_through_the_model_registry() {
    let Some((env, example)) = example("pi_custom_compaction_example", "custom-compaction.ts")
    else {
        return;
    };
    let server = MockServer::start(text_turns(&["one", "two", "## Whole story\nall of it"]))
        .await
        .expect("mock server");
    let ws = Workspace::new();
    setup(&ws, &server.base_url());
    let ws = tokio::task::spawn_blocking(move || {
        two_turns(&env, &ws, &[&example]);
        run_tau(&env, &ws, &[&example], &[], &["-c", "-p", "/compact"]).assert_ok();
        ws
    })
    .await
    .expect("join");
    let requests: Vec<Value> = server.requests().iter().map(|r| r.json()).collect();
    assert_eq!(requests.len(), 3);
    // The example's own request, to the model it looked up.
    assert_eq!(requests[2]["model"], "gemini-2.5-flash");
    let body = requests[2]["messages"].to_string();
    assert!(body.contains("You are a conversation summarizer"), "{body}");
    assert!(body.contains("first aaaa"), "{body}");
    let saved = compactions(&ws);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0]["summary"], "## Whole story\nall of it");
    assert_eq!(saved[0]["fromHook"], true);
}
