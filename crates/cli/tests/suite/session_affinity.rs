//! The live session's id reaches the provider as Pi sends it (pi-ai's `sessionId`): the
//! real binary against a loopback openai-completions server whose model asks for the
//! `prompt_cache_key` and the session-affinity headers. The id is the session file's, a
//! `--no-session` run's own, the resumed file's again under `--session`, and a new one after
//! RPC `new_session`.

use serde_json::{json, Value};
use tau_test_support::{MockServer, MockTurn};

use super::rpc_client::RpcClient;
use crate::support::*;

/// The headers pi-ai's OpenAI format sends the session id in.
const AFFINITY_HEADERS: [&str; 3] = ["session_id", "x-client-request-id", "x-session-affinity"];

/// A workspace whose models.json has `affine/m1` at `base_url`, asking for the cache key and
/// the affinity headers.
fn workspace(base_url: &str) -> Workspace {
    let ws = Workspace::new();
    let models = json!({"providers": {"affine": {
        "baseUrl": base_url, "api": "openai-completions", "apiKey": "sk-test",
        "models": [{"id": "m1", "compat": {
            "promptCacheKeyMode": "enabled", "sendSessionAffinityHeaders": true}}]
    }}});
    std::fs::write(ws.agent_dir.path().join("models.json"), models.to_string())
        .expect("models.json");
    ws
}

/// Runs `tau --model affine/m1 --mode json <args>` and returns the session id its header
/// record names.
fn json_run(ws: &Workspace, args: &[&str]) -> String {
    let output = ws
        .tau()
        .args(["--model", "affine/m1", "--mode", "json"])
        .args(args)
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    let records = parse_jsonl(&output.stdout);
    let header = records
        .iter()
        .find(|record| record["type"] == "session")
        .unwrap_or_else(|| panic!("no session header in {records:?}"));
    header["id"].as_str().expect("session id").to_owned()
}

/// The one session file under the agent dir's sessions folder.
fn session_file(ws: &Workspace) -> std::path::PathBuf {
    let root = ws.agent_dir.path().join("sessions");
    let files: Vec<_> = std::fs::read_dir(&root)
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|dir| {
            std::fs::read_dir(dir.path())
                .into_iter()
                .flatten()
                .flatten()
        })
        .map(|file| file.path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    files[0].clone()
}

/// The id in a session file's header line.
fn file_session_id(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).expect("session file");
    let header: Value = serde_json::from_str(text.lines().next().expect("header")).expect("json");
    assert_eq!(header["type"], "session");
    header["id"].as_str().expect("id").to_owned()
}

/// Requires that `server`'s request `index` carried `id` as its cache key and in every
/// affinity header.
fn assert_sent(server: &MockServer, index: usize, id: &str) {
    let requests = server.requests();
    let request = &requests[index];
    assert_eq!(request.json()["prompt_cache_key"], id, "request {index}");
    for name in AFFINITY_HEADERS {
        assert_eq!(request.header(name), Some(id), "request {index}: {name}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_session_id_keys_the_cache_and_routes_each_request() {
    let server = MockServer::start_with(tau_test_support::server::MockOptions {
        replies: vec![MockTurn::text("noted").into()],
        repeat: true,
        ..Default::default()
    })
    .await
    .expect("mock server");
    let base = server.base_url();
    let (first, ephemeral, resumed, file_id) = tokio::task::spawn_blocking(move || {
        let ws = workspace(&base);
        let first = json_run(&ws, &["remember alpha"]);
        let file = session_file(&ws);
        let file_id = file_session_id(&file);
        let ephemeral = json_run(&ws, &["--no-session", "just once"]);
        let resumed = json_run(&ws, &["--session", &file.display().to_string(), "again"]);
        (first, ephemeral, resumed, file_id)
    })
    .await
    .expect("join");
    assert_eq!(first, file_id, "the header record names the file's session");
    assert_sent(&server, 0, &file_id);
    // A --no-session run has its own id, sent the same way.
    assert_ne!(ephemeral, file_id);
    assert_sent(&server, 1, &ephemeral);
    // Resuming the file sends its id again: the provider keeps the session's cache.
    assert_eq!(resumed, file_id);
    assert_sent(&server, 2, &file_id);
    assert_eq!(server.request_count(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_session_sends_its_own_id() {
    let server = MockServer::start_with(tau_test_support::server::MockOptions {
        replies: vec![MockTurn::text("noted").into()],
        repeat: true,
        ..Default::default()
    })
    .await
    .expect("mock server");
    let base = server.base_url();
    let (before, after) = tokio::task::spawn_blocking(move || {
        let ws = workspace(&base);
        let mut cmd = ws.tau();
        cmd.args(["--model", "affine/m1"]);
        let mut client = RpcClient::start(cmd);
        client.prompt_and_wait("first");
        let before = client.ok(json!({"type": "get_state"}))["sessionId"].clone();
        client.ok(json!({"type": "new_session"}));
        client.prompt_and_wait("second");
        let after = client.ok(json!({"type": "get_state"}))["sessionId"].clone();
        client.close();
        (before, after)
    })
    .await
    .expect("join");
    let before = before.as_str().expect("session id").to_owned();
    let after = after.as_str().expect("session id").to_owned();
    assert_ne!(before, after);
    assert_sent(&server, 0, &before);
    assert_sent(&server, 1, &after);
}
