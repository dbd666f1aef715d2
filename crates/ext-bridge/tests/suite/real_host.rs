//! Against the real host (crates/ext-bridge/host) with a small extension of our own
//! (tests/fixtures/gate-ext): directly through the API, and through the `tau` binary with the
//! scripted model. Skipped, with the reason printed, when node or the host's node_modules
//! are missing, or (for the binary test) when `tau` has not been built.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tau_agent::AgentHooks;
use tau_ext_bridge::{extension_tools, ExtensionHooks, ExtensionHost, HostOptions, LoadRequest};
use tau_protocol::{AssistantMessage, ContentBlock, ToolCall};
use tau_tools::ToolContext;
use tokio_util::sync::CancellationToken;

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn skip(reason: &str) {
    let _ = writeln!(std::io::stderr(), "skipping real-host test: {reason}");
}

/// The real host folder and node, or `None` (reason printed).
pub(super) fn real_host() -> Option<(PathBuf, PathBuf)> {
    let host = manifest().join("host");
    if !host.join("node_modules").is_dir() || !host.join("src/main.mjs").is_file() {
        skip("crates/ext-bridge/host/node_modules is absent (run npm ci there)");
        return None;
    }
    let node = super::support::node()?;
    Some((host, node))
}

fn gate_ext() -> PathBuf {
    manifest().join("tests/fixtures/gate-ext/index.ts")
}

#[tokio::test]
async fn the_real_host_runs_a_gate_a_tool_and_a_command() {
    let Some((host_dir, node)) = real_host() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut options = HostOptions::new(dir.path());
    options.node = Some(node);
    options.host_dir = Some(host_dir);
    options.request_timeout = Duration::from_secs(60);
    let host = Arc::new(ExtensionHost::start(options).await.unwrap());
    let report = host
        .load(LoadRequest {
            paths: vec![gate_ext()],
            cwd: dir.path().to_path_buf(),
            agent_dir: dir.path().join("agent"),
            mode: "print".into(),
            ..LoadRequest::default()
        })
        .await
        .unwrap();
    let ext = &report.extensions[0];
    assert!(ext.ok, "{:?}", ext.error);
    assert_eq!(ext.tools[0].name, "greet");
    assert_eq!(ext.commands[0].name, "note");
    host.bind(json!({ "cwd": dir.path() })).await.unwrap();

    let hooks = ExtensionHooks::new(host.clone());
    let call = |command: &str| ToolCall {
        id: "c1".into(),
        name: "bash".into(),
        arguments: json!({ "command": command }),
        thought_signature: None,
        namespace: None,
    };
    let assistant = AssistantMessage::default();
    let mut args = json!({ "command": "rm -rf /tmp/x" });
    let verdict = hooks
        .before_tool_call(&assistant, &call("rm -rf /tmp/x"), &mut args)
        .await
        .unwrap();
    assert!(verdict.block);
    assert_eq!(
        verdict.reason.as_deref(),
        Some("Blocked by gate-ext: rm -rf is not allowed")
    );
    let mut args = json!({ "command": "ls" });
    assert_eq!(
        hooks
            .before_tool_call(&assistant, &call("ls"), &mut args)
            .await,
        None
    );

    let greet = extension_tools(&host).pop().unwrap();
    let ctx = ToolContext::new(dir.path(), CancellationToken::new());
    let result = greet
        .execute("c2", json!({ "name": "tau" }), ctx)
        .await
        .unwrap();
    assert_eq!(result.content, vec![ContentBlock::text("Hello, tau!")]);

    host.run_command("note", "remember this").await.unwrap();
    let note = std::fs::read_to_string(dir.path().join("note.txt")).unwrap();
    assert_eq!(note, "remember this");
    host.shutdown().await.unwrap();
}

/// `target/<profile>/tau`, next to this test's `deps/` folder.
fn tau_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let bin = exe.parent()?.parent()?.join("tau");
    bin.is_file().then_some(bin)
}

#[tokio::test]
async fn the_model_sees_the_gate_block_reason_through_tau() {
    let Some((host_dir, node)) = real_host() else {
        return;
    };
    let Some(tau) = tau_binary() else {
        return skip("the tau binary is not built (cargo build -p tau)");
    };
    let dir = tempfile::tempdir().unwrap();
    let scratch = dir.path().join("scratch");
    std::fs::create_dir(&scratch).unwrap();
    let output = tokio::process::Command::new(&tau)
        .current_dir(dir.path())
        .env("TAU_AGENT_DIR", dir.path().join("agent"))
        .env("TAU_EXT_HOST", &host_dir)
        .env("TAU_NODE", &node)
        .arg("--no-session")
        .arg("--mode")
        .arg("json")
        .arg("--script")
        .arg(manifest().join("tests/fixtures/gate-script.json"))
        .arg("-e")
        .arg(gate_ext())
        .arg("go")
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "stderr: {stderr}");
    let events: Vec<Value> = stdout
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let ends: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "tool_execution_end")
        .collect();
    let bash = ends.iter().find(|e| e["toolName"] == "bash").unwrap();
    assert_eq!(bash["isError"], true, "{bash}");
    assert_eq!(
        bash["result"]["content"][0]["text"],
        "Blocked by gate-ext: rm -rf is not allowed"
    );
    let greet = ends.iter().find(|e| e["toolName"] == "greet").unwrap();
    assert_eq!(
        greet["result"]["content"][0]["text"], "Hello, tau!",
        "{greet}"
    );
    assert!(scratch.is_dir(), "the blocked command never ran");
    let last_text = events
        .iter()
        .rev()
        .find(|e| e["type"] == "message_end" && e["message"]["role"] == "assistant")
        .map(|e| e["message"]["content"][0]["text"].clone());
    assert_eq!(
        last_text,
        Some(json!("The gate blocked me.")),
        "stderr: {stderr}"
    );
    let lifecycle = std::fs::read_to_string(dir.path().join("lifecycle.log")).unwrap();
    assert_eq!(lifecycle, "session_start startup\nsession_shutdown quit\n");

    // A `/note` prompt runs the extension's command instead of asking the model.
    let output = tokio::process::Command::new(&tau)
        .current_dir(dir.path())
        .env("TAU_AGENT_DIR", dir.path().join("agent"))
        .env("TAU_EXT_HOST", &host_dir)
        .env("TAU_NODE", &node)
        .args(["--no-session", "--model", "scripted/hello", "-e"])
        .arg(gate_ext())
        .args(["-p", "/note from the command line"])
        .output()
        .await
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let note = std::fs::read_to_string(dir.path().join("note.txt")).unwrap();
    assert_eq!(note, "from the command line");
    assert!(
        output.stdout.is_empty(),
        "the model was not asked: {output:?}"
    );
}
