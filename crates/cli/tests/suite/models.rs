//! Model selection through the real binary: `--list-models`, `--model` resolution and its
//! errors, credentials from models.json, with `TAU_AGENT_DIR` holding a models.json and a
//! clean environment (no API keys from the machine running the tests).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::Command;

use pretty_assertions::assert_eq;
use serde_json::{json, Value};

use crate::support::{parse_jsonl, stderr, stdout, Workspace};

/// `tau` with only PATH, HOME, TAU_AGENT_DIR and `env` set.
fn tau(ws: &Workspace, env: &[(&str, &str)]) -> Command {
    let mut cmd = ws.tau();
    cmd.env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", ws.agent_dir.path())
        .env("TAU_AGENT_DIR", ws.agent_dir.path());
    for (name, value) in env {
        cmd.env(name, value);
    }
    cmd
}

fn write_models(ws: &Workspace, models: &Value) {
    let text = serde_json::to_string_pretty(models).expect("json");
    std::fs::write(ws.agent_dir.path().join("models.json"), text).expect("write models.json");
}

/// A provider `fake` (literal key) with two models, like the oracle's models.json.
fn fake_provider(ws: &Workspace, base_url: &str) {
    write_models(
        ws,
        &json!({"providers": {"fake": {
            "baseUrl": base_url,
            "api": "openai-completions",
            "apiKey": "sk-fake-key",
            "models": [
                {"id": "fake-model", "name": "Fake Model"},
                {"id": "big", "reasoning": true, "input": ["text", "image"], "contextWindow": 1500000, "maxTokens": 1234}
            ]
        }}}),
    );
}

#[test]
fn list_models_prints_pis_table() {
    let ws = Workspace::new();
    fake_provider(&ws, "http://127.0.0.1:9/v1");
    let output = tau(&ws, &[]).arg("--list-models").output().expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "provider  model       context  max-out  thinking  images\n\
         fake      big         1.5M     1.2K     yes       yes   \n\
         fake      fake-model  128K     16.4K    no        no    \n"
    );
    assert_eq!(stderr(&output), "");
}

#[test]
fn list_models_searches_and_includes_keyed_builtins() {
    let ws = Workspace::new();
    fake_provider(&ws, "http://127.0.0.1:9/v1");
    let output = tau(&ws, &[])
        .args(["--list-models", "fake/big"])
        .output()
        .expect("run");
    assert_eq!(
        stdout(&output),
        "provider  model  context  max-out  thinking  images\n\
         fake      big    1.5M     1.2K     yes       yes   \n"
    );
    let output = tau(&ws, &[])
        .args(["--list-models", "zzz"])
        .output()
        .expect("run");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "No models matching \"zzz\"\n");
    // A key variable makes the built-in provider's models available.
    let output = tau(&ws, &[("ANTHROPIC_API_KEY", "sk-ant")])
        .args(["--list-models", "opus"])
        .output()
        .expect("run");
    let text = stdout(&output);
    assert!(text.contains("\nanthropic  claude-opus-5-5 "), "{text}");
    assert!(!text.contains("fake"), "{text}");
}

#[test]
fn list_models_without_credentials_says_how_to_configure() {
    let ws = Workspace::new();
    let output = tau(&ws, &[]).arg("--list-models").output().expect("run");
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.contains("OPENAI_API_KEY") && text.contains("--model scripted/demo"),
        "{text}"
    );
}

#[test]
fn no_credentials_error_names_every_way_to_configure() {
    let ws = Workspace::new();
    let output = tau(&ws, &[]).args(["-p", "hi"]).output().expect("run");
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    let models_json = ws.agent_dir.path().join("models.json");
    for needle in [
        "OPENAI_API_KEY",
        "ANTHROPIC_API_KEY",
        &models_json.display().to_string(),
        "--model scripted/demo",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in {text}");
    }
}

#[test]
fn unknown_models_and_providers_are_clear_errors() {
    let ws = Workspace::new();
    fake_provider(&ws, "http://127.0.0.1:9/v1");
    let output = tau(&ws, &[])
        .args(["--model", "nope-nothing", "-p", "hi"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "tau: model \"nope-nothing\" not found; run tau --list-models to see available models\n"
    );
    let output = tau(&ws, &[])
        .args(["--provider", "nope", "--model", "x", "-p", "hi"])
        .output()
        .expect("run");
    assert!(
        stderr(&output).contains("unknown provider \"nope\""),
        "{}",
        stderr(&output)
    );
    let output = tau(&ws, &[])
        .args(["--provider", "fake", "-p", "hi"])
        .output()
        .expect("run");
    assert!(
        stderr(&output).contains("--provider requires --model"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_provider_without_key_says_which_variable_to_set() {
    let ws = Workspace::new();
    // openrouter is not built in here, but its key variable is known.
    let provider = |api_key: Option<&str>| {
        let mut entry = json!({"baseUrl": "http://127.0.0.1:9/v1", "api": "openai-completions",
            "models": [{"id": "some/model"}]});
        if let Some(key) = api_key {
            entry["apiKey"] = json!(key);
        }
        json!({"providers": {"openrouter": entry}})
    };
    write_models(&ws, &provider(None));
    let output = tau(&ws, &[])
        .args(["--model", "openrouter/some/model", "-p", "hi"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
    let models_json = ws.agent_dir.path().join("models.json");
    assert_eq!(
        stderr(&output),
        format!(
            "tau: no API key for provider openrouter; set OPENROUTER_API_KEY, add an \"apiKey\" for \"openrouter\" in {}, or pass --api-key\n",
            models_json.display()
        )
    );
    // A key command that fails is reported with the command.
    write_models(&ws, &provider(Some("!exit 7")));
    let output = tau(&ws, &[])
        .args(["--model", "openrouter/some/model", "-p", "hi"])
        .output()
        .expect("run");
    assert!(
        stderr(&output).contains("command `exit 7` exited with status 7"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_unsupported_api_is_named() {
    let ws = Workspace::new();
    write_models(
        &ws,
        &json!({"providers": {"aws": {"baseUrl": "http://b", "api": "pi-messages",
            "apiKey": "k", "models": [{"id": "claude-b"}]}}}),
    );
    let output = tau(&ws, &[])
        .args(["--model", "claude-b", "-p", "hi"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "tau: model aws/claude-b uses api \"pi-messages\", which tau does not support; \
         supported: openai-completions, openai-responses, azure-openai-responses, openai-codex-responses, anthropic-messages, google-generative-ai, google-vertex, mistral-conversations, bedrock-converse-stream, scripted\n"
    );
}

#[test]
fn broken_models_json_is_a_warning_with_position() {
    let ws = Workspace::new();
    std::fs::write(
        ws.agent_dir.path().join("models.json"),
        "{\n  \"providers\": {\"x\": {\"baseUrl\": 5}}\n}",
    )
    .expect("write");
    let output = tau(&ws, &[])
        .args(["--model", "scripted/hello", "-p", "hi"])
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    let path = ws.agent_dir.path().join("models.json");
    assert!(
        stderr(&output).starts_with(&format!(
            "tau: warning: {}:2:34: providers.x.baseUrl: invalid type: integer `5`, expected a string",
            path.display()
        )),
        "{}",
        stderr(&output)
    );
}

/// Serves one OpenAI Chat Completions streaming answer on a loopback port and hands back
/// the request it got (head and body).
fn one_shot_server(text: &str) -> (String, std::thread::JoinHandle<(String, Value)>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let base_url = format!("http://{}/v1", listener.local_addr().expect("addr"));
    let text = text.to_owned();
    let handle = std::thread::spawn(move || {
        let (stream, _) = listener.accept().expect("accept");
        let mut reader = BufReader::new(stream.try_clone().expect("clone"));
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("read");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        let length = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length:")
                    .map(|v| v.trim().to_owned())
            })
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(0);
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("body");
        let chunk = |delta: Value, finish: Value| {
            let chunk = json!({"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "m",
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]});
            format!("data: {chunk}\n\n")
        };
        let sse = format!(
            "{}{}data: [DONE]\n\n",
            chunk(json!({"role": "assistant", "content": text}), Value::Null),
            chunk(json!({}), json!("stop"))
        );
        let mut stream = stream;
        let response = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{sse}",
            sse.len()
        );
        stream.write_all(response.as_bytes()).expect("respond");
        (head, serde_json::from_slice(&body).unwrap_or(Value::Null))
    });
    (base_url, handle)
}

#[test]
fn model_with_thinking_suffix_key_and_headers_reach_the_server() {
    let ws = Workspace::new();
    let (base_url, server) = one_shot_server("Hello from fake.");
    write_models(
        &ws,
        &json!({"providers": {"fake": {
            "baseUrl": base_url,
            "api": "openai-completions",
            "apiKey": "${FAKE_KEY}",
            "headers": {"X-Team": "!printf blue"},
            "models": [{"id": "fake-model", "reasoning": true}]
        }}}),
    );
    let output = tau(&ws, &[("FAKE_KEY", "sk-from-env")])
        .args([
            "--model",
            "fake/fake-model:high",
            "--no-session",
            "--mode",
            "json",
            "hi",
        ])
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    let (head, body) = server.join().expect("server");
    let head = head.to_ascii_lowercase();
    assert!(head.contains("authorization: bearer sk-from-env"), "{head}");
    assert!(head.contains("x-team: blue"), "{head}");
    assert_eq!(body["model"], "fake-model");
    let records = parse_jsonl(&output.stdout);
    let end = records
        .iter()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("assistant message");
    assert_eq!(end["message"]["provider"], "fake");
    assert_eq!(end["message"]["model"], "fake-model");
    assert_eq!(end["message"]["thinkingLevel"], "high");
    assert_eq!(end["message"]["content"][0]["text"], "Hello from fake.");
    assert_eq!(end["message"]["stopReason"], "stop", "{end}");
}

#[test]
fn the_only_keyed_provider_is_picked_without_model_flag() {
    let ws = Workspace::new();
    let (base_url, server) = one_shot_server("Picked.");
    fake_provider(&ws, &base_url);
    let output = tau(&ws, &[])
        .args(["--no-session", "-p", "hi"])
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "Picked.\n");
    let (_, body) = server.join().expect("server");
    // The first available model in file order; it does not reason, so no effort is sent.
    assert_eq!(body["model"], "fake-model");
}

#[test]
fn non_reasoning_models_clamp_thinking_to_off() {
    let ws = Workspace::new();
    let (base_url, server) = one_shot_server("ok");
    fake_provider(&ws, &base_url);
    let output = tau(&ws, &[])
        .args([
            "--model",
            "fake-model",
            "--thinking",
            "high",
            "--no-session",
            "--mode",
            "json",
            "hi",
        ])
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    server.join().expect("server");
    let records = parse_jsonl(&output.stdout);
    let end = records
        .iter()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("assistant message");
    assert_eq!(end["message"]["thinkingLevel"], "off");
}

/// The agent dir comes from `--agent-dir`, else `TAU_AGENT_DIR`, else Pi's
/// `PI_CODING_AGENT_DIR` (with `~` as HOME): each run lists the models of the folder it chose.
#[test]
fn agent_dir_follows_flag_then_tau_then_pi_variable() {
    let ws = Workspace::new();
    let home = ws.agent_dir.path();
    let folder = |name: &str, provider: &str| {
        let dir = home.join(name);
        std::fs::create_dir_all(&dir).expect("mkdir");
        let models = json!({"providers": {provider: {
            "baseUrl": "http://127.0.0.1:9/v1", "api": "openai-completions", "apiKey": "sk-x",
            "models": [{"id": "m"}]
        }}});
        std::fs::write(dir.join("models.json"), models.to_string()).expect("models.json");
        dir
    };
    let (flag, tau_dir, _pi_dir) = (
        folder("flag", "fromflag"),
        folder("tau", "fromtau"),
        folder("pi", "frompi"),
    );
    let listed = |cmd: &mut Command| {
        let output = cmd.arg("--list-models").output().expect("run");
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        text.lines()
            .nth(1)
            .unwrap_or_default()
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let run = |env: &[(&str, &str)]| {
        let mut cmd = tau(&ws, env);
        cmd.env_remove("TAU_AGENT_DIR");
        for (name, value) in env {
            cmd.env(name, value);
        }
        cmd
    };
    let tau_text = tau_dir.display().to_string();
    assert_eq!(
        listed(
            run(&[("PI_CODING_AGENT_DIR", "~/pi")])
                .args(["--agent-dir", &flag.display().to_string()])
        ),
        "fromflag"
    );
    assert_eq!(
        listed(&mut run(&[
            ("PI_CODING_AGENT_DIR", "~/pi"),
            ("TAU_AGENT_DIR", &tau_text)
        ])),
        "fromtau"
    );
    assert_eq!(
        listed(&mut run(&[("PI_CODING_AGENT_DIR", "~/pi")])),
        "frompi"
    );
}
