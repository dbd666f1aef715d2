//! Tool definition options through the real binary and host: `prepareArguments` runs on the
//! model's raw arguments before tau validates them (a throw fails only that call), and
//! `executionMode: "sequential"` makes a batch run its calls one at a time, as Pi's loop does.

use serde_json::{json, Value};

use super::ext_support::{ext_env, fixture, run};
use crate::support::{parse_jsonl, Workspace};

/// The tool results of a json-mode run, in call order: (text, isError).
fn tool_results(stdout: &[u8]) -> Vec<(String, bool)> {
    parse_jsonl(stdout)
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == "toolResult")
        .map(|r| {
            let text = r["message"]["content"][0]["text"]
                .as_str()
                .unwrap_or_default();
            (text.to_string(), r["message"]["isError"] == true)
        })
        .collect()
}

#[test]
fn prepare_arguments_rewrites_raw_arguments_and_a_throw_fails_the_call() {
    let Some(env) = ext_env("prepare_arguments_rewrites_raw_arguments") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({ "turns": [
        { "toolCalls": [
            { "name": "shout", "arguments": { "text": "legacy shape" } },
            { "name": "shout", "arguments": { "message": "current shape" } },
            { "name": "shout", "arguments": { "forbidden": true } },
        ] },
        { "text": "done" },
    ] }));
    let mut cmd = env.tau(&ws, &[&fixture("ext-tool-options/index.ts")]);
    cmd.args(["--no-session", "--mode", "json", "--script"])
        .arg(script)
        .arg("go");
    let out = run(cmd);
    out.assert_ok();
    assert_eq!(
        tool_results(&out.output.stdout),
        [
            ("LEGACY SHAPE".to_string(), false),
            ("CURRENT SHAPE".to_string(), false),
            ("shout: forbidden argument".to_string(), true),
        ]
    );
}

/// The order the two `step` calls of one batch started and ended in.
fn step_order(parallel: bool) -> Option<Vec<String>> {
    let env = ext_env("execution_mode_sequential")?;
    let ws = Workspace::new();
    let log = ws.path().join("steps.log");
    let script = ws.script(&json!({ "turns": [
        { "toolCalls": [
            { "name": "step", "arguments": { "name": "a" } },
            { "name": "step", "arguments": { "name": "b" } },
        ] },
        { "text": "done" },
    ] }));
    let mut cmd = env.tau(&ws, &[&fixture("ext-tool-options/index.ts")]);
    cmd.env("TOOL_OPTIONS_LOG", &log)
        .args(["--no-session", "--mode", "json", "--script"])
        .arg(script)
        .arg("go");
    if parallel {
        cmd.env("TOOL_OPTIONS_PARALLEL", "1");
    }
    let out = run(cmd);
    out.assert_ok();
    let results: Vec<Value> = parse_jsonl(&out.output.stdout);
    assert!(!results.is_empty());
    Some(ws.read("steps.log").lines().map(str::to_string).collect())
}

#[test]
fn execution_mode_sequential_runs_the_batch_one_call_at_a_time() {
    let Some(order) = step_order(false) else {
        return;
    };
    assert_eq!(order, ["start a", "end a", "start b", "end b"]);
    // Without it, tau's default (parallel) starts both before either ends.
    let Some(order) = step_order(true) else {
        return;
    };
    assert_eq!(&order[..2], ["start a", "start b"], "{order:?}");
}

#[test]
fn default_active_false_keeps_a_tool_off_until_it_is_named() {
    let Some(env) = ext_env("default_active_false_keeps_a_tool_off") else {
        return;
    };
    let ws = Workspace::new();
    let log = ws.path().join("steps.log");
    let script = ws.script(&json!({ "turns": [
        { "toolCalls": [{ "name": "dormant" }] },
        { "text": "tried" },
        { "toolCalls": [{ "name": "dormant" }] },
        { "text": "done" },
    ] }));
    let mut cmd = env.tau(&ws, &[&fixture("ext-tool-options/index.ts")]);
    cmd.env("TOOL_OPTIONS_LOG", &log)
        .args(["--no-session", "--mode", "json", "--script"])
        .arg(script)
        .args(["first", "/wake", "second"]);
    let out = run(cmd);
    out.assert_ok();
    assert_eq!(
        ws.read("steps.log").lines().collect::<Vec<_>>(),
        ["before false", "after true"]
    );
    assert_eq!(
        tool_results(&out.output.stdout),
        [
            ("Tool dormant not found".to_string(), true),
            ("awake".to_string(), false),
        ]
    );

    // Named in --tools, it is active from the start.
    let script = ws.script(&json!({ "turns": [
        { "toolCalls": [{ "name": "dormant" }] },
        { "text": "done" },
    ] }));
    let mut cmd = env.tau(&ws, &[&fixture("ext-tool-options/index.ts")]);
    cmd.args([
        "--no-session",
        "--mode",
        "json",
        "--tools",
        "read,dormant",
        "--script",
    ])
    .arg(script)
    .arg("go");
    let out = run(cmd);
    out.assert_ok();
    assert_eq!(
        tool_results(&out.output.stdout),
        [("awake".to_string(), false)]
    );
}
