//! Pi's handler composition over the host: gates, chains, notifications and faults.

use std::time::Duration;

use serde_json::{json, Value};
use tau_agent::AgentHooks;
use tau_ext_bridge::ExtensionHooks;
use tau_protocol::{
    AgentEvent, AgentMessage, AssistantMessage, ContentBlock, ToolCall, ToolResult, UserContent,
    UserMessage,
};

use super::support::{self, Fixture};

fn bash_call(command: &str) -> (ToolCall, Value) {
    let args = json!({ "command": command });
    let call = ToolCall {
        id: "call-1".into(),
        name: "bash".into(),
        arguments: args.clone(),
        thought_signature: None,
        namespace: None,
    };
    (call, args)
}

fn spec(handlers: &[(&str, &str)]) -> Value {
    let handlers: Vec<Value> = handlers
        .iter()
        .map(|(event, action)| json!({ "event": event, "action": action }))
        .collect();
    json!({ "handlers": handlers })
}

#[tokio::test]
async fn tool_call_mutations_follow_load_then_registration_order() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let a = fx.ext(
        "a",
        spec(&[("tool_call", "append:-a1"), ("tool_call", "append:-a2")]),
    );
    let b = fx.ext("b", spec(&[("tool_call", "append:-b1")]));
    let host = fx.start(node, &[b, a], Duration::from_secs(10)).await;
    let hooks = ExtensionHooks::new(host);
    let (call, mut args) = bash_call("ls");
    let verdict = hooks
        .before_tool_call(&AssistantMessage::default(), &call, &mut args)
        .await;
    assert_eq!(verdict, None);
    assert_eq!(args, json!({ "command": "ls-b1-a1-a2" }));
}

#[tokio::test]
async fn a_block_short_circuits_later_handlers() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let gate = fx.ext("gate", spec(&[("tool_call", "block_rm")]));
    let later = fx.ext("later", spec(&[("tool_call", "append:-late")]));
    let host = fx
        .start(node, &[gate, later], Duration::from_secs(10))
        .await;
    let hooks = ExtensionHooks::new(host);
    let (call, mut args) = bash_call("rm -rf /");
    let verdict = hooks
        .before_tool_call(&AssistantMessage::default(), &call, &mut args)
        .await
        .unwrap();
    assert!(verdict.block);
    assert_eq!(
        verdict.reason.as_deref(),
        Some("rm -rf is not allowed here")
    );
    assert_eq!(
        args,
        json!({ "command": "rm -rf /" }),
        "the later handler never ran"
    );
}

#[tokio::test]
async fn a_throwing_gate_blocks_and_is_reported() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext("thrower", spec(&[("tool_call", "throw")]));
    let host = fx
        .start(node, std::slice::from_ref(&ext), Duration::from_secs(10))
        .await;
    let hooks = ExtensionHooks::new(host);
    let (call, mut args) = bash_call("ls");
    let verdict = hooks
        .before_tool_call(&AssistantMessage::default(), &call, &mut args)
        .await
        .unwrap();
    assert!(verdict.block);
    assert_eq!(verdict.reason.as_deref(), Some("boom in tool_call"));
    let seen = fx.reporter.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].event, "tool_call");
    assert_eq!(seen[0].extension_path.as_deref(), ext.to_str());
}

#[tokio::test]
async fn a_hung_gate_times_out_and_fails_closed() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let ext = fx.ext("hung", spec(&[("tool_call", "hang")]));
    let host = fx.start(node, &[ext], Duration::from_millis(1500)).await;
    let hooks = ExtensionHooks::new(host);
    let (call, mut args) = bash_call("ls");
    let verdict = hooks
        .before_tool_call(&AssistantMessage::default(), &call, &mut args)
        .await
        .unwrap();
    assert!(verdict.block);
    let reason = verdict.reason.unwrap();
    assert!(reason.starts_with(tau_ext_bridge::BLOCK_PREFIX), "{reason}");
    assert!(
        reason.contains("did not answer `invoke_sequence`"),
        "{reason}"
    );
}

#[tokio::test]
async fn a_host_killed_mid_tool_call_blocks_then_restarts_and_reloads() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let gate = fx.ext("gate", spec(&[("tool_call", "block_rm")]));
    let hang = fx.ext("hang", spec(&[("tool_call", "hang_on:forever")]));
    let host = fx.start(node, &[gate, hang], Duration::from_secs(30)).await;
    let pid = host.pid().await.unwrap() as i32;
    let hooks = ExtensionHooks::new(host.clone());

    let (call, mut args) = bash_call("sleep forever");
    let assistant = AssistantMessage::default();
    let gate_call = hooks.before_tool_call(&assistant, &call, &mut args);
    let kill = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        )
        .unwrap();
    };
    let (verdict, ()) = tokio::join!(gate_call, kill);
    let verdict = verdict.unwrap();
    assert!(verdict.block);
    let reason = verdict.reason.unwrap();
    assert!(
        reason.contains("extension host exited") && reason.contains("SIGKILL"),
        "{reason}"
    );

    // The next call restarts the host, which loads and binds the same extensions again.
    let (call, mut args) = bash_call("rm -rf /");
    let verdict = hooks
        .before_tool_call(&assistant, &call, &mut args)
        .await
        .unwrap();
    assert_eq!(
        verdict.reason.as_deref(),
        Some("rm -rf is not allowed here")
    );
    assert_eq!(host.restarts(), 1);
    assert_ne!(host.pid().await.unwrap() as i32, pid);
    let calls = fx.calls();
    assert_eq!(
        calls.iter().filter(|c| *c == "load").count(),
        2,
        "{calls:?}"
    );
    assert_eq!(
        calls.iter().filter(|c| *c == "bind").count(),
        2,
        "{calls:?}"
    );
}

#[tokio::test]
async fn a_gate_stuck_in_a_busy_loop_blocks_and_the_host_is_replaced_but_a_slow_one_is_kept() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let gate = fx.ext("gate", spec(&[("tool_call", "block_rm")]));
    let stuck = fx.ext(
        "stuck",
        spec(&[("tool_call", "hang_on:slow"), ("tool_call", "spin_on:spin")]),
    );
    let host = fx
        .start(node, &[gate, stuck], Duration::from_millis(1500))
        .await;
    let pid = host.pid().await.unwrap();
    let hooks = ExtensionHooks::new(host.clone());
    let assistant = AssistantMessage::default();
    let verdict = |command: &'static str| {
        let hooks = &hooks;
        let assistant = &assistant;
        async move {
            let (call, mut args) = bash_call(command);
            hooks.before_tool_call(assistant, &call, &mut args).await
        }
    };

    // An awaiting handler times out, but the host still answers: it is kept.
    assert!(verdict("slow").await.unwrap().block);
    assert!(verdict("ls").await.is_none_or(|v| !v.block));
    assert_eq!((host.restarts(), host.pid().await.unwrap()), (0, pid));

    // A busy loop answers nothing: the call is blocked, the host replaced.
    let spun = verdict("spin").await.unwrap();
    assert!(spun.block);
    assert!(
        spun.reason
            .unwrap()
            .contains("did not answer `invoke_sequence`"),
        "fails closed"
    );
    assert_eq!(
        verdict("rm -rf /").await.unwrap().reason.as_deref(),
        Some("rm -rf is not allowed here"),
        "the new host gates again"
    );
    assert_eq!(host.restarts(), 1);
    assert_ne!(host.pid().await.unwrap(), pid);
    let seen = fx.reporter.seen();
    assert!(
        seen.iter()
            .any(|d| d.error.contains("is replaced by a new one")),
        "{seen:?}"
    );
    assert!(host.unrecoverable().is_none());
}

#[tokio::test]
async fn a_host_that_cannot_be_restarted_blocks_every_call_and_says_so() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let gate = fx.ext("gate", spec(&[("tool_call", "block_rm")]));
    let host = fx.start(node, &[gate], Duration::from_secs(10)).await;
    let pid = host.pid().await.unwrap() as i32;
    let hooks = ExtensionHooks::new(host.clone());
    // The next host dies at once (as with a deleted or broken host install).
    std::fs::write(fx.host_dir().join("src/main.mjs"), "process.exit(7)").unwrap();
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(pid),
        nix::sys::signal::Signal::SIGKILL,
    )
    .unwrap();
    while host.pid().await.is_some_and(|p| p as i32 == pid) && !host.broken().is_cancelled() {
        let (call, mut args) = bash_call("ls");
        let verdict = hooks
            .before_tool_call(&AssistantMessage::default(), &call, &mut args)
            .await
            .unwrap();
        assert!(verdict.block, "no call runs without its gate");
        if host.unrecoverable().is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let reason = host.unrecoverable().expect("the restart failure is kept");
    assert!(reason.contains("exit status: 7"), "{reason}");
    assert!(host.broken().is_cancelled());
    let (call, mut args) = bash_call("ls");
    let verdict = hooks
        .before_tool_call(&AssistantMessage::default(), &call, &mut args)
        .await
        .unwrap();
    assert!(verdict.block);
    assert!(
        verdict.reason.unwrap().contains("could not be restarted"),
        "later calls fail at once with the reason"
    );
}

#[tokio::test]
async fn a_throwing_notification_is_reported_and_the_rest_run_in_order() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let bad = fx.ext("bad", spec(&[("agent_start", "throw")]));
    let good = fx.ext(
        "good",
        spec(&[
            ("agent_start", "record:good"),
            ("turn_start", "record:turn"),
        ]),
    );
    let host = fx
        .start(node, &[bad.clone(), good], Duration::from_secs(10))
        .await;
    let hooks = ExtensionHooks::new(host);
    hooks.on_event(&AgentEvent::AgentStart).await;
    hooks.on_event(&AgentEvent::TurnStart).await;
    let seen = fx.reporter.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].event, "agent_start");
    assert_eq!(seen[0].extension_path.as_deref(), bad.to_str());
    assert!(seen[0].error.contains("boom in agent_start"));
    let records: Vec<String> = fx
        .calls()
        .into_iter()
        .filter(|c| c.starts_with("event"))
        .collect();
    assert_eq!(
        records,
        vec!["event agent_start good", "event turn_start turn"]
    );
}

#[tokio::test]
async fn context_handlers_chain_returned_and_in_place_edits() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let a = fx.ext("a", spec(&[("context", "context_add:first")]));
    let b = fx.ext(
        "b",
        spec(&[("context", "context_inplace:second"), ("context", "throw")]),
    );
    let host = fx.start(node, &[a, b], Duration::from_secs(10)).await;
    let hooks = ExtensionHooks::new(host);
    let out = hooks
        .transform_context(&[AgentMessage::User(UserMessage::text("hi"))])
        .await
        .expect("context handlers rewrite the messages");
    let texts: Vec<String> = out
        .iter()
        .map(|m| match m {
            AgentMessage::User(u) => u.content.joined_text(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(texts, vec!["hi", "first", "second"]);
    assert_eq!(
        fx.reporter.seen().len(),
        1,
        "the throwing handler was reported"
    );
}

#[tokio::test]
async fn tool_result_patches_merge_field_by_field() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let a = fx.ext("a", spec(&[("tool_result", "result_text:+a")]));
    let b = fx.ext(
        "b",
        spec(&[
            ("tool_result", "result_text:+b"),
            ("tool_result", "result_error:b"),
        ]),
    );
    let host = fx.start(node, &[a, b], Duration::from_secs(10)).await;
    let hooks = ExtensionHooks::new(host);
    let (call, args) = bash_call("ls");
    let result = ToolResult {
        structured_content: Some(json!({ "old": true })),
        ..ToolResult::text("out")
    };
    let after = hooks
        .after_tool_call(&call, &args, &result, false)
        .await
        .unwrap();
    assert_eq!(after.content, Some(vec![ContentBlock::text("out+a+b")]));
    assert_eq!(after.is_error, Some(true));
    assert_eq!(after.details, Some(json!({ "by": "b" })));
    assert_eq!(
        after.structured_content, None,
        "replaced content drops structuredContent"
    );
}

#[tokio::test]
async fn message_end_replacements_chain_and_wrong_roles_are_skipped() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let a = fx.ext(
        "a",
        spec(&[
            ("message_end", "msg_text:replaced"),
            ("message_end", "msg_role"),
        ]),
    );
    let host = fx.start(node, &[a], Duration::from_secs(10)).await;
    let hooks = ExtensionHooks::new(host);
    let message = AgentMessage::Assistant(AssistantMessage {
        content: vec![ContentBlock::text("original")],
        ..AssistantMessage::default()
    });
    let out = hooks.finalize_message(message).await;
    let AgentMessage::Assistant(out) = out else {
        panic!("role changed: {out:?}")
    };
    assert_eq!(out.text(), "replaced");
    let seen = fx.reporter.seen();
    assert_eq!(seen.len(), 1);
    assert!(seen[0].error.contains("same role"), "{:?}", seen[0]);
}

#[tokio::test]
async fn input_handlers_transform_in_chain_and_can_handle_the_prompt() {
    let Some(node) = support::node() else { return };
    let fx = Fixture::new(json!({}));
    let a = fx.ext(
        "a",
        spec(&[("input", "input_transform: one"), ("input", "throw")]),
    );
    let b = fx.ext("b", spec(&[("input", "input_transform: two")]));
    let host = fx
        .start(node.clone(), &[a, b], Duration::from_secs(10))
        .await;
    let hooks = ExtensionHooks::new(host);
    let prompt = UserContent::Blocks(vec![ContentBlock::text("hi")]);
    let out = hooks.input(prompt, "interactive").await.unwrap();
    assert_eq!(out.joined_text(), "hi one two");
    assert_eq!(fx.reporter.seen().len(), 1);

    let fx = Fixture::new(json!({}));
    let c = fx.ext(
        "c",
        spec(&[("input", "input_handled"), ("input", "input_transform:x")]),
    );
    let host = fx.start(node, &[c], Duration::from_secs(10)).await;
    let hooks = ExtensionHooks::new(host);
    assert_eq!(
        hooks
            .input(UserContent::Text("hi".into()), "interactive")
            .await,
        None
    );
}
