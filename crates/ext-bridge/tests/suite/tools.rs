//! Extension tools over the host: results, partial results, abort, replacing built-ins.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use tau_ext_bridge::{extension_tools, merge_tools};
use tau_protocol::ContentBlock;
use tau_tools::{ToolContext, ToolError};
use tokio_util::sync::CancellationToken;

use super::support::{self, Fixture};

fn tools_spec() -> serde_json::Value {
    let params = json!({ "type": "object", "properties": { "text": { "type": "string" } } });
    json!({ "tools": [
        { "name": "echo", "label": "Echo", "description": "Echoes", "parameters": params },
        { "name": "slow", "description": "Waits", "parameters": params },
        { "name": "read", "description": "My read", "parameters": params },
    ], "commands": [{ "name": "hello" }] })
}

#[tokio::test]
async fn an_extension_tool_runs_with_partial_results() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext("tools", tools_spec());
    let host = fx.start(node, &[ext], Duration::from_secs(10)).await;
    let tools = extension_tools(&host);
    let echo = tools.iter().find(|t| t.info().name == "echo").unwrap();
    assert_eq!(echo.info().label, "Echo");
    let (tx, mut rx) = tokio::sync::mpsc::channel(8);
    let mut ctx = ToolContext::new(fx.dir.path(), CancellationToken::new());
    ctx.updates = Some(tx);
    let result = echo
        .execute("c1", json!({ "text": "hi" }), ctx)
        .await
        .unwrap();
    assert_eq!(result.content, vec![ContentBlock::text("echo: hi")]);
    assert_eq!(result.details, Some(json!({ "n": 1 })));
    let partial = rx.recv().await.unwrap();
    assert_eq!(partial.content, vec![ContentBlock::text("working")]);
}

#[tokio::test]
async fn aborting_an_extension_tool_cancels_it_in_the_host() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext("tools", tools_spec());
    let host = fx.start(node, &[ext], Duration::from_secs(10)).await;
    let slow = extension_tools(&host)
        .into_iter()
        .find(|t| t.info().name == "slow")
        .unwrap();
    let cancel = CancellationToken::new();
    let ctx = ToolContext::new(fx.dir.path(), cancel.clone());
    let trigger = async {
        tokio::time::sleep(Duration::from_millis(200)).await;
        cancel.cancel();
    };
    let (result, ()) = tokio::join!(slow.execute("c2", json!({}), ctx), trigger);
    assert!(matches!(result, Err(ToolError::Aborted)));
    // The host saw the cancel notification and ended the tool.
    for _ in 0..50 {
        if fx.calls().iter().any(|c| c == "cancelled") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        fx.calls().iter().any(|c| c == "cancelled"),
        "{:?}",
        fx.calls()
    );
}

#[tokio::test]
async fn a_tool_with_a_builtin_name_replaces_it_in_place() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext("tools", tools_spec());
    let host = fx.start(node, &[ext], Duration::from_secs(10)).await;
    let merged = merge_tools(tau_tools::builtin_tools(), extension_tools(&host));
    let names: Vec<&str> = merged.iter().map(|t| t.info().name.as_str()).collect();
    assert_eq!(
        names,
        vec!["read", "bash", "edit", "write", "grep", "find", "ls", "echo", "slow"]
    );
    assert_eq!(merged[0].info().description, "My read");
    // Commands go through the host too.
    host.run_command("hello", "a b").await.unwrap();
    assert!(fx.calls().iter().any(|c| c == "command hello a b"));
    drop(Arc::clone(&host));
}
