//! The process layer: handshake, version mismatch, node checks, exit and timeouts.

use std::time::Duration;

use serde_json::json;
use tau_ext_bridge::{node, BridgeError, ExtensionHost};

use super::support::{self, Fixture};

#[tokio::test]
async fn handshake_reports_the_host_node_version() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let host = fx.start(node, &[], Duration::from_secs(10)).await;
    assert!(host.pid().await.is_some());
    assert_eq!(fx.calls(), vec!["load", "bind"]);
    host.shutdown().await.unwrap();
}

#[tokio::test]
async fn protocol_mismatch_names_both_versions() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({ "protocol": 2 }));
    let err = ExtensionHost::start(fx.options(node, Duration::from_secs(10)))
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, BridgeError::Handshake(_)), "{text}");
    assert!(
        text.contains("protocol 2") && text.contains("protocol 1"),
        "{text}"
    );
    assert!(text.contains("upgrade tau"), "{text}");
}

#[tokio::test]
async fn malformed_frames_are_skipped() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({ "garbage": true }));
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let mut options = fx.options(node, Duration::from_secs(10));
    let sink = seen.clone();
    options.stderr = std::sync::Arc::new(move |line| sink.lock().unwrap().push(line.to_string()));
    let host = ExtensionHost::start(options).await.unwrap();
    host.bind(json!({})).await.unwrap();
    let seen = seen.lock().unwrap();
    assert!(
        seen.iter().any(|l| l.contains("malformed frame")),
        "{seen:?}"
    );
    // The host's stdout is passed on as output, never read as frames.
    assert!(
        seen.iter()
            .any(|l| l == r#"{"kind":"response","id":1,"result":{}}"#),
        "{seen:?}"
    );
}

#[tokio::test]
async fn a_host_without_tau_s_token_is_refused() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({ "token": "guessed" }));
    let err = ExtensionHost::start(fx.options(node, Duration::from_secs(10)))
        .await
        .unwrap_err();
    assert!(matches!(err, BridgeError::Handshake(_)), "{err}");
    assert!(err.to_string().contains("did not give the token"), "{err}");
}

#[tokio::test]
async fn a_host_that_never_connects_is_reported_within_the_limit() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    std::fs::write(
        fx.host_dir().join("src/main.mjs"),
        "setInterval(() => {}, 1000)",
    )
    .unwrap();
    let err = ExtensionHost::start(fx.options(node, Duration::from_millis(1500)))
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("did not connect within 1500 ms"),
        "{err}"
    );
}

#[tokio::test]
async fn missing_host_script_exits_before_hello() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    std::fs::write(fx.host_dir().join("src/main.mjs"), "process.exit(7)").unwrap();
    let err = ExtensionHost::start(fx.options(node, Duration::from_secs(10)))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("exit status: 7"), "{err}");
}

#[tokio::test]
async fn node_that_is_too_old_or_missing_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("node");
    std::fs::write(&fake, "#!/bin/sh\necho v18.19.0\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let err = node::check_node(&fake).await.unwrap_err();
    assert!(err.to_string().contains("Node.js 20+"), "{err}");
    assert_eq!(node::parse_major("v22.3.1"), Some(22));
    assert_eq!(node::parse_major("garbage"), None);
}

#[tokio::test]
async fn pending_requests_fail_with_the_exit_status() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext(
        "hang",
        json!({ "handlers": [{ "event": "context", "action": "hang" }] }),
    );
    let host = fx.start(node, &[ext], Duration::from_secs(30)).await;
    let pid = host.pid().await.unwrap() as i32;
    let id = host.registered("context")[0].id.clone();
    let call = host.invoke(&id, json!({"type":"context","messages":[]}), json!({}));
    let kill = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        )
        .unwrap();
    };
    let (result, ()) = tokio::join!(call, kill);
    let err = result.unwrap_err();
    assert!(
        matches!(&err, BridgeError::Exited(status) if status.contains("SIGKILL")),
        "{err}"
    );
}

#[tokio::test]
async fn a_request_past_the_limit_fails() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext(
        "hang",
        json!({ "handlers": [{ "event": "agent_start", "action": "hang" }] }),
    );
    let host = fx.start(node, &[ext], Duration::from_millis(1500)).await;
    let id = host.registered("agent_start")[0].id.clone();
    let err = host
        .invoke(&id, json!({"type":"agent_start"}), json!({}))
        .await
        .unwrap_err();
    assert!(matches!(err, BridgeError::Timeout { .. }), "{err}");
    // The host is still usable afterwards.
    host.bind(json!({})).await.unwrap();
}
