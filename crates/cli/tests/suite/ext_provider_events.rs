//! Pi's provider request events through the real binary, the real host and a loopback model:
//! `before_provider_headers` and `before_provider_request` rewrite what the server receives,
//! `after_provider_response` sees the response's status and headers, `provider_stream_event`
//! shows each parsed stream event — the same events, in the same order, as Pi 1.6.0 shows
//! its extensions for the same scripted reply (when the reference Pi is installed). Pi's
//! examples provider-payload.ts and debug-provider.ts run unmodified.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};
use tau_test_support::oracle::PiOracle;
use tau_test_support::{MockReply, MockServer, MockTurn};

use super::ext_support::*;

const REPLY: &str = "Hello there friend.";

fn provider_fixture() -> PathBuf {
    fixture("ext-provider/index.ts")
}

/// The base URL an API's client is given (Anthropic's SDK appends `/v1/messages` itself).
fn base_url(server: &MockServer, api: &str) -> String {
    if api == "anthropic-messages" {
        server.url()
    } else {
        server.base_url()
    }
}

/// models.json with one provider `mock` speaking `api` at `base_url`, sending three headers
/// of its own (the ones `before_provider_headers` sees).
fn models_json(api: &str, base_url: &str) -> String {
    json!({"providers": {"mock": {
        "baseUrl": base_url,
        "api": api,
        "apiKey": "sk-mock",
        "headers": {"x-keep": "k", "x-drop-me": "d", "x-delete-me": "e"},
        "models": [{"id": "mock-model", "name": "Mock", "reasoning": true}]
    }}})
    .to_string()
}

fn one_reply() -> Vec<MockReply> {
    vec![MockTurn {
        thinking: Some("Let me think.".into()),
        ..MockTurn::text(REPLY)
    }
    .into()]
}

/// Runs tau with `extensions` in `ws` against `api` at `base_url`: `-p` with `prompts`.
fn run_tau(
    env: &ExtEnv,
    ws: &Workspace,
    extensions: &[&Path],
    api: &str,
    base_url: &str,
    prompts: &[&str],
) -> Run {
    std::fs::write(
        ws.agent_dir.path().join("models.json"),
        models_json(api, base_url),
    )
    .expect("models.json");
    let mut cmd = env.tau(ws, extensions);
    cmd.args(["--model", "mock/mock-model", "-p"]).args(prompts);
    let run = run(cmd);
    run.assert_ok();
    run
}

/// The records the fixture wrote in `dir`.
fn recorded(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("provider-events.jsonl"))
        .expect("the fixture's log")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

fn of_kind<'a>(records: &'a [Value], kind: &str) -> Vec<&'a Value> {
    records.iter().filter(|r| r["type"] == kind).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn header_and_payload_rewrites_reach_the_server_and_the_response_is_reported() {
    let Some(env) = ext_env("provider_events_rewrite") else {
        return;
    };
    let server = MockServer::start(one_reply()).await.expect("mock server");
    let ws = Workspace::new();
    let url = base_url(&server, "openai-completions");
    let path = ws.path().to_path_buf();
    let ws = tokio::task::spawn_blocking(move || {
        run_tau(
            &env,
            &ws,
            &[&provider_fixture()],
            "openai-completions",
            &url,
            &["hi"],
        )
        .assert_quiet();
        ws
    })
    .await
    .expect("join");

    let requests = server.requests();
    assert_eq!(requests.len(), 1, "{requests:#?}");
    let request = &requests[0];
    assert_eq!(
        request.header("x-ext-trace"),
        Some("on"),
        "a header the hook set"
    );
    assert_eq!(
        request.header("x-keep"),
        Some("k"),
        "a header the hook kept"
    );
    assert_eq!(request.header("x-drop-me"), None, "a header set to null");
    assert_eq!(
        request.header("x-delete-me"),
        None,
        "a header whose name was deleted"
    );
    assert_eq!(
        request.header("authorization"),
        Some("Bearer sk-mock"),
        "defaults stay"
    );
    let body = request.json();
    assert_eq!(
        body["temperature"], 0.5,
        "the first handler's returned payload"
    );
    assert_eq!(
        body["probe_note"], "chained",
        "the second handler's in-place edit of it"
    );
    assert_eq!(body["model"], "mock-model");

    let records = recorded(&path);
    let headers = of_kind(&records, "before_provider_headers");
    assert_eq!(headers.len(), 1, "once per request: {records:#?}");
    assert_eq!(
        headers[0]["headers"],
        json!({"x-keep": "k", "x-drop-me": "d", "x-delete-me": "e"}),
        "the request's own headers, not the API's defaults"
    );
    let second = of_kind(&records, "headers_seen_by_second");
    assert_eq!(
        second[0]["headers"],
        json!({"x-keep": "k", "x-drop-me": null, "x-delete-me": "e", "x-ext-trace": "on"})
    );
    assert_eq!(
        of_kind(&records, "payload_seen_by_second")[0]["temperature"],
        0.5
    );
    let response = of_kind(&records, "after_provider_response");
    assert_eq!(response.len(), 1);
    assert_eq!(response[0]["status"], 200);
    assert_eq!(response[0]["headers"]["content-type"], "text/event-stream");

    // Pi's order: headers, payload, response, then the assistant message and its events.
    let order: Vec<&str> = records
        .iter()
        .filter(|r| r["type"] != "provider_stream_event")
        .filter(|r| r["type"] != "message_start" || r["role"] == "assistant")
        .filter_map(|r| r["type"].as_str())
        .collect();
    assert_eq!(
        order,
        [
            "before_provider_headers",
            "headers_seen_by_second",
            "payload_seen_by_second",
            "after_provider_response",
            "message_start",
        ]
    );
    let events = of_kind(&records, "provider_stream_event");
    let text: String = events
        .iter()
        .filter_map(|e| e["data"]["choices"][0]["delta"]["content"].as_str())
        .collect();
    assert_eq!(text, REPLY, "every chunk, in order");
    assert!(events.iter().all(|e| e["provider"] == "mock"
        && e["api"] == "openai-completions"
        && e["model"] == "mock-model"));
    drop(ws);
}

/// Runs Pi 1.6.0 with `extension` in `project` against `api` at `base_url`, `-p hi`.
fn run_pi(pi: &PiOracle, root: &Path, project: &Path, extension: &Path, api: &str, base_url: &str) {
    let agent = root.join("pi-agent");
    std::fs::create_dir_all(&agent).expect("agent dir");
    std::fs::write(agent.join("models.json"), models_json(api, base_url)).expect("models.json");
    let mut cmd = Command::new(&pi.node);
    cmd.arg(&pi.cli)
        .args(["-e"])
        .arg(extension)
        .args(["--model", "mock/mock-model", "-p", "hi"])
        .current_dir(project)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", root.join("home"))
        .env("TERM", "dumb")
        .env("PI_OFFLINE", "1")
        .env("PI_SKIP_VERSION_CHECK", "1")
        .env("PI_TELEMETRY", "0")
        .env("PI_CODING_AGENT_DIR", &agent);
    let run = run(cmd);
    assert!(run.output.status.success(), "pi failed: {}", run.stderr());
}

/// What must agree between Pi and tau: the provider events in order, with `date` response
/// headers dropped (the clock differs between the runs).
fn comparable(records: &[Value]) -> Vec<Value> {
    records
        .iter()
        .filter(|r| {
            let kind = r["type"].as_str().unwrap_or_default();
            kind.contains("provider") || kind.ends_with("_by_second")
        })
        .map(|r| {
            let mut r = r.clone();
            let is_response = r["type"] == "after_provider_response";
            if let Some(headers) = r["headers"].as_object_mut().filter(|_| is_response) {
                headers.remove("date");
            }
            r
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn provider_events_match_pi_for_every_api() {
    let Some(env) = ext_env("provider_events_match_pi") else {
        return;
    };
    let Some(pi) = PiOracle::locate() else {
        eprintln!("provider_events_match_pi: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return;
    };
    for api in [
        "openai-completions",
        "anthropic-messages",
        "openai-responses",
    ] {
        // One server each: the scripted reply's ids count the server's requests.
        let pi_server = MockServer::start(one_reply()).await.expect("mock server");
        let tau_server = MockServer::start(one_reply()).await.expect("mock server");
        let (pi_url, tau_url) = (base_url(&pi_server, api), base_url(&tau_server, api));
        let (env, pi) = (env.clone(), pi.clone());
        let (pi_records, tau_records) = tokio::task::spawn_blocking(move || {
            let root = tempfile::tempdir().expect("tempdir");
            let project = root.path().join("project");
            std::fs::create_dir_all(&project).expect("project");
            run_pi(
                &pi,
                root.path(),
                &project,
                &provider_fixture(),
                api,
                &pi_url,
            );
            let ws = Workspace::new();
            run_tau(&env, &ws, &[&provider_fixture()], api, &tau_url, &["hi"]).assert_quiet();
            (recorded(&project), recorded(ws.path()))
        })
        .await
        .expect("join");
        let (pi_events, tau_events) = (comparable(&pi_records), comparable(&tau_records));
        let streamed = of_kind(&tau_events, "provider_stream_event").len();
        assert!(streamed > 5, "{api}: {tau_events:#?}");
        assert_eq!(
            tau_events, pi_events,
            "{api}: tau's provider events against Pi's"
        );
        for (who, server) in [("pi", &pi_server), ("tau", &tau_server)] {
            let request = &server.requests()[0];
            assert_eq!(request.header("x-ext-trace"), Some("on"), "{api} {who}");
            assert_eq!(request.header("x-drop-me"), None, "{api} {who}");
            assert_eq!(request.json()["temperature"], 0.5, "{api} {who}");
            assert_eq!(request.json()["probe_note"], "chained", "{api} {who}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn pi_provider_payload_example_logs_the_payload_and_the_response() {
    let Some((env, example)) = example("provider_payload_example", "provider-payload.ts") else {
        return;
    };
    let server = MockServer::start(one_reply()).await.expect("mock server");
    let url = base_url(&server, "openai-completions");
    let log = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        // The example appends to <cwd>/.pi/provider-payload.log; the folder is the project's.
        std::fs::create_dir_all(ws.path().join(".pi")).expect(".pi");
        run_tau(&env, &ws, &[&example], "openai-completions", &url, &["hi"]).assert_quiet();
        ws.read(".pi/provider-payload.log")
    })
    .await
    .expect("join");
    let sent = server.requests()[0].json();
    let (payload, response) = log
        .split_once("\n\n")
        .expect("a payload, then the response");
    let logged: Value = serde_json::from_str(payload).expect("the payload as JSON");
    assert_eq!(logged, sent, "the payload logged is the one sent");
    let (status, headers) = response.trim().split_once(' ').expect("[status] {headers}");
    assert_eq!(status, "[200]");
    let headers: Value = serde_json::from_str(headers).expect("headers as JSON");
    assert_eq!(headers["content-type"], "text/event-stream");
}

#[tokio::test(flavor = "multi_thread")]
async fn pi_debug_provider_example_records_the_raw_stream_events() {
    let Some((env, example)) = example("debug_provider_example", "debug-provider.ts") else {
        return;
    };
    let server = MockServer::start(one_reply()).await.expect("mock server");
    let url = base_url(&server, "openai-completions");
    let entries = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        run_tau(
            &env,
            &ws,
            &[&example],
            "openai-completions",
            &url,
            &["/debug-provider on", "hi"],
        );
        entries(&only_session(&ws))
    })
    .await
    .expect("join");
    let captured: Vec<&Value> = entries
        .iter()
        .filter(|e| e["type"] == "custom" && e["customType"] == "debug-provider-events")
        .collect();
    assert_eq!(captured.len(), 1, "{entries:#?}");
    let data = &captured[0]["data"];
    assert_eq!(data["provider"], "mock");
    assert_eq!(data["api"], "openai-completions");
    assert_eq!(data["model"], "mock-model");
    let events = data["events"].as_array().expect("events");
    let text: String = events
        .iter()
        .filter_map(|e| e["choices"][0]["delta"]["content"].as_str())
        .collect();
    assert_eq!(text, REPLY);
    assert_eq!(events[0]["choices"][0]["delta"]["role"], "assistant");
    assert!(
        events.last().expect("events")["usage"].is_object(),
        "the usage chunk is last"
    );
}

/// The system prompt and tool names of an `openai-completions` request.
fn prompt_and_tools(request: &Value) -> (String, Vec<String>) {
    let prompt = request["messages"][0]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let tools = request["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|tool| tool["function"]["name"].as_str().map(str::to_owned))
        .collect();
    (prompt, tools)
}

#[tokio::test(flavor = "multi_thread")]
async fn context_with_system_rewrites_the_prompt_and_tools_of_the_request_as_in_pi() {
    let Some(env) = ext_env("context_with_system") else {
        return;
    };
    let extension = fixture("ext-provider/with-system.ts");
    let tau_server = MockServer::start(one_reply()).await.expect("mock server");
    let pi_server = MockServer::start(one_reply()).await.expect("mock server");
    let (tau_url, pi_url) = (
        base_url(&tau_server, "openai-completions"),
        base_url(&pi_server, "openai-completions"),
    );
    let pi = PiOracle::locate();
    let records = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        run_tau(
            &env,
            &ws,
            &[&extension],
            "openai-completions",
            &tau_url,
            &["hi"],
        )
        .assert_quiet();
        let mut records = vec![("tau", ws.read("with-system.jsonl"))];
        if let Some(pi) = pi {
            let root = tempfile::tempdir().expect("tempdir");
            let project = root.path().join("project");
            std::fs::create_dir_all(&project).expect("project");
            run_pi(
                &pi,
                root.path(),
                &project,
                &extension,
                "openai-completions",
                &pi_url,
            );
            let log = std::fs::read_to_string(project.join("with-system.jsonl")).expect("log");
            records.push(("pi", log));
        } else {
            eprintln!("context_with_system: Pi not installed; checking tau alone");
        }
        records
    })
    .await
    .expect("join");
    for (who, log) in &records {
        let seen: Value = serde_json::from_str(log.trim()).expect("one record");
        assert_eq!(
            seen["roles"],
            json!(["system", "user"]),
            "{who}: the whole transcript"
        );
        assert_eq!(
            seen["preamble"], "You are the rewritten assistant.",
            "{who}: chained"
        );
        assert_eq!(seen["tools"], json!(["read", "bash", "edit"]), "{who}");
        let server = if *who == "tau" {
            &tau_server
        } else {
            &pi_server
        };
        let (prompt, tools) = prompt_and_tools(&server.requests()[0].json());
        assert!(
            prompt.starts_with("You are the rewritten assistant.\n\n<tools>"),
            "{who}: the request's prompt comes from the system message: {prompt}"
        );
        assert_eq!(tools, ["read", "bash", "edit"], "{who}: and its tools");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn throwing_provider_handlers_are_reported_and_the_request_goes_on() {
    let Some(env) = ext_env("provider_events_throwing") else {
        return;
    };
    let server = MockServer::start(one_reply()).await.expect("mock server");
    let url = base_url(&server, "openai-completions");
    let run = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        let extension = fixture("ext-provider/throwing.ts");
        run_tau(
            &env,
            &ws,
            &[&extension],
            "openai-completions",
            &url,
            &["hi"],
        )
    })
    .await
    .expect("join");
    assert_eq!(run.stdout().trim(), REPLY);
    let stderr = run.stderr();
    for event in [
        "before_provider_headers",
        "before_provider_request",
        "after_provider_response",
        "provider_stream_event",
    ] {
        assert!(
            stderr.contains(&format!("({event}): boom in {event}")),
            "{event} reported: {stderr}"
        );
    }
    let request = &server.requests()[0];
    assert_eq!(
        request.header("x-keep"),
        Some("k"),
        "the headers as they were"
    );
    assert!(
        request.json().get("temperature").is_none(),
        "the payload as built"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_prompt_forced_by_before_agent_start_outlives_context_with_system() {
    let Some(env) = ext_env("context_with_system_forced") else {
        return;
    };
    let server = MockServer::start(one_reply()).await.expect("mock server");
    let url = base_url(&server, "openai-completions");
    tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        let (forced, with_system) = (
            fixture("ext-provider/forced-prompt.ts"),
            fixture("ext-provider/with-system.ts"),
        );
        run_tau(
            &env,
            &ws,
            &[&forced, &with_system],
            "openai-completions",
            &url,
            &["hi"],
        )
        .assert_quiet();
    })
    .await
    .expect("join");
    // Pi 1.6.0 sends the same for these two extensions (compared by hand).
    let (prompt, tools) = prompt_and_tools(&server.requests()[0].json());
    assert_eq!(prompt, "FORCED PROMPT");
    assert_eq!(
        tools,
        ["read", "bash", "edit"],
        "the handler's tools still apply"
    );
}
