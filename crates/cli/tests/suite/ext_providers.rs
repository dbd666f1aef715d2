//! Providers that extensions register, through the real binary and host: our fixture's
//! `streamSimple` provider (text with thinking, a tool call, errors, a throw, an abort, a
//! silent stream), providers registered and unregistered at run time, `--list-models` and
//! RPC `get_available_models`, `ctx.modelRegistry`, Pi's endpoint override of a built-in
//! provider, and Pi's two provider examples, loaded unmodified, on a loopback mock server.

use std::path::PathBuf;
use std::process::Command;

use serde_json::{json, Value};
use tau_test_support::{MockReply, MockServer, MockTurn};

use super::ext_support::*;
use super::rpc_client::RpcClient;
use crate::support::Workspace;

fn echo() -> PathBuf {
    fixture("ext-providers/index.ts")
}

fn redirect() -> PathBuf {
    fixture("ext-providers/redirect.ts")
}

/// The JSON records of a `--mode json` run.
fn json_records(run: &Run) -> Vec<Value> {
    run.stdout()
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

/// The last assistant message of a json-mode run.
fn last_assistant(records: &[Value]) -> Value {
    records
        .iter()
        .rev()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .map(|r| r["message"].clone())
        .expect("an assistant message")
}

fn echo_run(env: &ExtEnv, ws: &Workspace, args: &[&str]) -> Run {
    let mut cmd = env.tau(ws, &[&echo()]);
    cmd.args(["--model", "echo/echo-1"]).args(args);
    run(cmd)
}

#[test]
fn ext_provider_streams_text_thinking_and_tool_calls_from_the_host() {
    let Some(env) = ext_env("ext_provider_streams_text_thinking_and_tool_calls_from_the_host")
    else {
        return;
    };
    let ws = Workspace::new();
    let run = echo_run(&env, &ws, &["--mode", "json", "hello"]);
    run.assert_ok();
    let records = json_records(&run);
    let deltas: Vec<&str> = records
        .iter()
        .filter(|r| r["assistantMessageEvent"]["type"] == "text_delta")
        .filter_map(|r| r["assistantMessageEvent"]["delta"].as_str())
        .collect();
    assert!(deltas.len() > 2, "text arrives in pieces: {deltas:?}");
    let thinking = records
        .iter()
        .any(|r| r["assistantMessageEvent"]["type"] == "thinking_delta");
    assert!(thinking, "thinking streamed");
    let answer = last_assistant(&records);
    // The host got tau's key and the session's thinking level (medium by default).
    assert_eq!(
        answer["content"][1]["text"],
        "echo: hello key=echo-key reasoning=medium"
    );
    assert_eq!(answer["api"], "echo-api");
    assert_eq!(answer["usage"]["totalTokens"], 8);

    // A tool call from the extension's stream runs tau's tool; the result goes back to it.
    let run = echo_run(&env, &ws, &["--mode", "json", "tool"]);
    run.assert_ok();
    let records = json_records(&run);
    let result = records
        .iter()
        .find(|r| r["type"] == "tool_execution_end")
        .expect("the ls tool ran");
    assert_eq!(result["toolName"], "ls");
    assert_eq!(
        last_assistant(&records)["content"][1]["text"],
        "listed the files"
    );
}

/// Pi passes the live session's id in the options of an extension provider's own
/// `streamSimple`: the session file's id, and a `--no-session` run's own.
#[test]
fn ext_provider_stream_simple_gets_the_session_id() {
    let Some(env) = ext_env("ext_provider_stream_simple_gets_the_session_id") else {
        return;
    };
    let ws = Workspace::new();
    for extra in [&[][..], &["--no-session"][..]] {
        let mut args = vec!["--mode", "json"];
        args.extend_from_slice(extra);
        args.push("session");
        let run = echo_run(&env, &ws, &args);
        run.assert_ok();
        let records = json_records(&run);
        let header = records
            .iter()
            .find(|r| r["type"] == "session")
            .expect("session header");
        let id = header["id"].as_str().expect("id");
        assert_eq!(
            last_assistant(&records)["content"][1]["text"],
            format!("session={id} cache=undefined"),
            "{extra:?}"
        );
    }
}

#[test]
fn ext_provider_oauth_sign_in_is_refreshed_and_used_through_the_host() {
    let Some(env) = ext_env("ext_provider_oauth_sign_in_is_refreshed_and_used_through_the_host")
    else {
        return;
    };
    let ws = Workspace::new();
    let auth = ws.agent_dir.path().join("auth.json");
    let stored = json!({"echo": {"type": "oauth", "access": "old", "refresh": "r1", "expires": 0}});
    std::fs::write(&auth, stored.to_string()).expect("auth.json");
    let run = echo_run(&env, &ws, &["-p", "hello"]);
    run.assert_ok();
    // The stored sign-in wins over the provider's apiKey; it had expired, so it was refreshed.
    assert!(
        run.stdout().contains("key=refreshed-r1"),
        "{}",
        run.stdout()
    );
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(&auth).expect("auth.json")).expect("json");
    assert_eq!(written["echo"]["access"], "refreshed-r1");
    assert_eq!(written["echo"]["type"], "oauth");
    // Still valid: used as it is.
    let run = echo_run(&env, &ws, &["-p", "again"]);
    assert!(
        run.stdout().contains("key=refreshed-r1"),
        "{}",
        run.stdout()
    );
}

#[test]
fn ext_provider_failures_end_as_provider_errors() {
    let Some(env) = ext_env("ext_provider_failures_end_as_provider_errors") else {
        return;
    };
    let ws = Workspace::new();
    for (prompt, message) in [
        ("error", "echo provider exploded mid-stream"),
        ("throw", "echo provider refused before streaming"),
    ] {
        let run = echo_run(&env, &ws, &["-p", prompt]);
        assert_eq!(
            run.output.status.code(),
            Some(1),
            "{prompt}: {}",
            run.stderr()
        );
        assert!(run.stderr().contains(message), "{prompt}: {}", run.stderr());
    }
    // A stream that never sends an event is stopped after the idle limit, not waited on.
    let mut cmd = env.tau(&ws, &[&echo()]);
    cmd.env("TAU_EXT_TIMEOUT_MS", "1500")
        .args(["--model", "echo/echo-1", "-p", "silent"]);
    let run = run(cmd);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    assert!(
        run.stderr()
            .contains("extension provider echo/echo-1 sent nothing for 1.5 s"),
        "{}",
        run.stderr()
    );
}

/// The `count`-th `agent_end`, whether it was read already (while waiting for a response) or not.
fn next_agent_end(client: &mut RpcClient, count: usize) -> Value {
    while client.seen_of("agent_end").len() < count {
        client.wait_type("agent_end");
    }
    client.seen_of("agent_end")[count - 1].clone()
}

#[test]
fn ext_provider_abort_aborts_the_host_stream() {
    let Some(env) = ext_env("ext_provider_abort_aborts_the_host_stream") else {
        return;
    };
    let ws = Workspace::new();
    let mut cmd = env.tau(&ws, &[&echo()]);
    cmd.args(["--model", "echo/echo-1"]);
    let mut client = RpcClient::start(cmd);
    client.ok(json!({"type": "prompt", "message": "hang"}));
    client.until(|r| r["type"] == "message_start" && r["message"]["role"] == "assistant");
    client.ok(json!({"type": "abort"}));
    let end = next_agent_end(&mut client, 1);
    let last = end["messages"]
        .as_array()
        .and_then(|m| m.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(last["stopReason"], "aborted", "{last}");
    // The host stream saw its signal abort and the session goes on.
    client.ok(json!({"type": "prompt", "message": "again"}));
    let end = next_agent_end(&mut client, 2);
    assert!(end.to_string().contains("echo: again"), "{end}");
    client.close();
}

#[tokio::test(flavor = "multi_thread")]
async fn ext_providers_join_list_models_rpc_and_change_at_run_time() {
    let Some(env) = ext_env("ext_providers_join_list_models_rpc_and_change_at_run_time") else {
        return;
    };
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "late provider answered",
    )))])
    .await
    .expect("mock server");
    let late_url = server.base_url();
    let outcome = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        let list = |search: Option<&str>, with: bool| {
            let exts: Vec<PathBuf> = if with { vec![echo()] } else { Vec::new() };
            let refs: Vec<&std::path::Path> = exts.iter().map(PathBuf::as_path).collect();
            let mut cmd = env.tau(&ws, &refs);
            cmd.arg("--list-models").args(search);
            run(cmd).stdout()
        };
        assert!(
            list(None, true).contains("echo      echo-1  32K"),
            "{}",
            list(None, true)
        );
        assert!(list(Some("echo"), true).contains("echo-1"));
        assert!(!list(Some("gpt"), true).contains("echo-1"));
        assert!(
            !list(None, false).contains("echo-1"),
            "no extension, no provider"
        );

        let mut cmd = env.tau(&ws, &[&echo()]);
        cmd.env("FIXTURE_LATE_URL", &late_url);
        cmd.args(["--model", "echo/echo-1"]);
        let mut client = RpcClient::start(cmd);
        let ids = |client: &mut RpcClient| -> Vec<String> {
            let answer = client.ok(json!({"type": "get_available_models"}));
            answer["models"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|m| {
                    format!(
                        "{}/{}",
                        m["provider"].as_str().unwrap_or(""),
                        m["id"].as_str().unwrap_or("")
                    )
                })
                .collect()
        };
        assert_eq!(ids(&mut client), ["echo/echo-1"]);
        client.ok(json!({"type": "prompt", "message": "/late-add"}));
        assert_eq!(ids(&mut client), ["echo/echo-1", "late/late-1"]);
        // The provider registered at run time answers through tau's own client.
        client.ok(json!({"type": "set_model", "provider": "late", "modelId": "late-1"}));
        let before = client.seen_of("agent_end").len();
        client.ok(json!({"type": "prompt", "message": "who answers?"}));
        let end = next_agent_end(&mut client, before + 1);
        client.ok(json!({"type": "prompt", "message": "/late-remove"}));
        let after = ids(&mut client);
        let failed =
            client.err(json!({"type": "set_model", "provider": "late", "modelId": "late-1"}));
        client.close();
        (end, after, failed)
    })
    .await
    .expect("join");
    let (end, after, failed) = outcome;
    assert!(end.to_string().contains("late provider answered"), "{end}");
    assert_eq!(after, ["echo/echo-1"]);
    assert!(failed.contains("late/late-1"), "{failed}");
    let request = server.requests()[0].json();
    assert_eq!(request["model"], "late-1");
    assert_eq!(
        server.requests()[0].header("authorization"),
        Some("Bearer late-key")
    );
}

#[test]
fn ext_model_registry_sees_extension_providers() {
    let Some(env) = ext_env("ext_model_registry_sees_extension_providers") else {
        return;
    };
    let ws = Workspace::new();
    echo_run(&env, &ws, &["-p", "/registry complete"]).assert_ok();
    let view: Value = serde_json::from_str(&ws.read("registry-complete.json")).expect("json");
    assert_eq!(view["echo"]["id"], "echo-1");
    assert_eq!(view["echo"]["api"], "echo-api");
    assert_eq!(view["available"], json!(["echo/echo-1"]));
    assert_eq!(view["configured"], true);
    assert_eq!(
        view["provider"],
        json!({"id": "echo", "name": "Echo Provider"})
    );
    assert_eq!(view["displayName"], "Echo Provider");
    assert_eq!(
        view["auth"],
        json!({"auth": {"apiKey": "echo-key"}, "source": "configured API key"})
    );
    assert_eq!(view["ofType"], json!(["echo-1"]));
    assert_eq!(view["findOfType"], "echo-1");
    assert_eq!(view["classify"]["stopReason"], "error");
    assert_eq!(view["classify"]["answers"], json!({}));
    // Pi's message: role first, and how long it took.
    let complete = &view["complete"];
    assert_eq!(complete["role"], "assistant");
    assert!(complete["durationMs"].is_u64(), "{complete}");
    assert_eq!(
        complete["content"][1]["text"],
        "echo: hi key=echo-key reasoning=off"
    );
    // ctx.model is the extension's model as defined.
    assert_eq!(view["model"]["id"], "echo-1");
    assert_eq!(view["model"]["baseUrl"], "http://127.0.0.1:9/unused");

    // stream / streamSimple yield the deltas, with the cumulative partial.
    echo_run(&env, &ws, &["-p", "/registry stream"]).assert_ok();
    let view: Value = serde_json::from_str(&ws.read("registry-stream.json")).expect("json");
    let kinds: Vec<&str> = view["streamed"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["type"].as_str())
        .collect();
    assert_eq!(kinds.first(), Some(&"start"));
    assert_eq!(kinds.last(), Some(&"done"));
    for kind in ["thinking_delta", "text_start", "text_delta", "text_end"] {
        assert!(kinds.contains(&kind), "{kind}: {kinds:?}");
    }
    assert!(kinds.iter().filter(|k| **k == "text_delta").count() > 2);
}

/// Pi's documented override: registering only `baseUrl`/`headers` for a built-in provider
/// keeps its models and points tau's own client elsewhere.
#[tokio::test(flavor = "multi_thread")]
async fn ext_provider_base_url_override_redirects_a_builtin_provider() {
    let Some(env) = ext_env("ext_provider_base_url_override_redirects_a_builtin_provider") else {
        return;
    };
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "via the gateway",
    )))])
    .await
    .expect("mock server");
    let url = server.url();
    let run = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        let mut cmd = env.tau(&ws, &[&redirect()]);
        cmd.env("ANTHROPIC_API_KEY", "sk-ant-builtin")
            .env("FIXTURE_REDIRECT_PROVIDER", "anthropic")
            .env("FIXTURE_REDIRECT_URL", &url)
            .args(["--model", "anthropic/claude-sonnet-4-5", "-p", "hi"]);
        run(cmd)
    })
    .await
    .expect("join");
    run.assert_ok();
    assert!(run.stdout().contains("via the gateway"), "{}", run.stdout());
    let request = &server.requests()[0];
    assert_eq!(request.json()["model"], "claude-sonnet-4-5");
    assert_eq!(request.header("x-api-key"), Some("sk-ant-builtin"));
    assert_eq!(request.header("x-redirected-by"), Some("tau-fixture"));
}

/// Pi's `custom-provider-anthropic` example, unmodified: its own `streamSimple` (the Anthropic
/// SDK) runs in the host; our redirect fixture points its provider at the mock server.
#[tokio::test(flavor = "multi_thread")]
async fn pi_example_custom_provider_anthropic_streams_on_loopback() {
    let test = "pi_example_custom_provider_anthropic_streams_on_loopback";
    let Some((env, example)) = example(test, "custom-provider-anthropic") else {
        return;
    };
    let turn = MockTurn::text("custom answer").with_thinking("thinking it over");
    let server = MockServer::start(vec![MockReply::Turn(Box::new(turn))])
        .await
        .expect("mock server");
    let url = server.url();
    let run = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        let mut cmd = env.tau(&ws, &[&example, &redirect()]);
        cmd.env("CUSTOM_ANTHROPIC_API_KEY", "sk-ant-custom")
            .env("FIXTURE_REDIRECT_PROVIDER", "custom-anthropic")
            .env("FIXTURE_REDIRECT_URL", &url)
            .args([
                "--model",
                "custom-anthropic/claude-sonnet-4-5",
                "--mode",
                "json",
                "hi there",
            ]);
        run(cmd)
    })
    .await
    .expect("join");
    run.assert_ok();
    let records = json_records(&run);
    let answer = last_assistant(&records);
    assert_eq!(answer["provider"], "custom-anthropic");
    assert_eq!(answer["content"][0]["thinking"], "thinking it over");
    assert_eq!(answer["content"][1]["text"], "custom answer");
    let request = &server.requests()[0];
    assert_eq!(request.header("x-api-key"), Some("sk-ant-custom"));
    let body = request.json();
    // The example's own request: a third of maxTokens, thinking for the medium level.
    assert_eq!(body["model"], "claude-sonnet-4-5");
    assert_eq!(body["max_tokens"], 21333);
    assert_eq!(
        body["thinking"],
        json!({"type": "enabled", "budget_tokens": 10240})
    );
    assert_eq!(body["messages"][0]["content"][0]["text"], "hi there");
}

/// Pi's `custom-provider-gitlab-duo` example, unmodified: its stream exchanges the token and
/// delegates to pi-ai's Anthropic implementation; a preload sends gitlab.com to loopback.
#[tokio::test(flavor = "multi_thread")]
async fn pi_example_gitlab_duo_delegates_to_pi_ai_on_loopback() {
    let test = "pi_example_gitlab_duo_delegates_to_pi_ai_on_loopback";
    let Some((env, example)) = example(test, "custom-provider-gitlab-duo") else {
        return;
    };
    let server = MockServer::start(vec![MockReply::Turn(Box::new(MockTurn::text(
        "duo answer",
    )))])
    .await
    .expect("mock server");
    let mock = server.url();
    let (run, listed) = tokio::task::spawn_blocking(move || {
        let ws = Workspace::new();
        let preload = fixture("ext-providers/gitlab-loopback.mjs");
        let with_env = |cmd: &mut Command| {
            cmd.env("GITLAB_TOKEN", "glpat-test")
                .env("NODE_OPTIONS", format!("--import={}", preload.display()))
                .env("FIXTURE_GITLAB_MOCK", &mock);
        };
        let mut cmd = env.tau(&ws, &[&example]);
        with_env(&mut cmd);
        cmd.arg("--list-models");
        let listed = run(cmd).stdout();
        let mut cmd = env.tau(&ws, &[&example]);
        with_env(&mut cmd);
        cmd.args(["--model", "gitlab-duo/claude-sonnet-4-6", "-p", "hi there"]);
        (run(cmd), listed)
    })
    .await
    .expect("join");
    assert!(listed.contains("gitlab-duo  claude-sonnet-4-6"), "{listed}");
    assert!(listed.contains("gitlab-duo  gpt-5-codex"), "{listed}");
    run.assert_ok();
    assert!(run.stdout().contains("duo answer"), "{}", run.stdout());
    let request = &server.requests()[0];
    assert!(
        request
            .path
            .starts_with("/ai/v1/proxy/anthropic/v1/messages"),
        "{}",
        request.path
    );
    assert_eq!(request.header("authorization"), Some("Bearer direct-token"));
    assert_eq!(
        request.header("x-gitlab-seen-token"),
        Some("Bearer glpat-test")
    );
    assert_eq!(request.json()["model"], "claude-sonnet-4-6");
}
