//! Extension event payloads against the reference Pi 1.6.0: one probe extension
//! (fixtures/ext-payloads/probe.ts) records every loop event it sees, in Pi and in tau, for the
//! same scripted reply (text and a `read` call, then text) from the same kind of loopback
//! model. The order of events, the keys of every payload (an `undefined` field apart from a
//! `null` one) and the values that do not depend on time, ids or paths must match.
//!
//! Opt-in like `interop_pi.rs`: without the Pi and Node 22 that `tools/oracle/setup.sh`
//! installs the test prints why it is skipped and passes.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use pretty_assertions::assert_eq;
use serde_json::{json, Map, Value};
use tau_test_support::oracle::{AgentSandbox, Harness, PiOracle};
use tau_test_support::{MockServer, MockToolCall, MockTurn};

use super::ext_support::{ext_env, fixture, run_bounded, ExtEnv, RUN_LIMIT};

/// The scripted replies: a text and a `read` call, then a closing text.
fn replies() -> Vec<tau_test_support::MockReply> {
    let read_call = MockTurn {
        text: Some("Reading.".into()),
        ..MockTurn::tool_calls([MockToolCall::new(
            "call_1",
            "read",
            json!({"path": "notes.txt"}),
        )])
    };
    vec![read_call.into(), MockTurn::text("It says alpha.").into()]
}

/// Runs `who` with the probe on one prompt answered by `replies`, with `extra` arguments;
/// the records the probe wrote.
async fn probe_run(
    who: Harness,
    pi: &PiOracle,
    env: &ExtEnv,
    replies: Vec<tau_test_support::MockReply>,
    extra: &[&str],
) -> Vec<Value> {
    let extra: Vec<String> = extra.iter().map(ToString::to_string).collect();
    let server = MockServer::start(replies).await.expect("mock server");
    let base_url = server.base_url();
    let (pi, env) = (pi.clone(), env.clone());
    tokio::task::spawn_blocking(move || {
        let dir = tempfile::tempdir().expect("temp dir");
        let sandbox = AgentSandbox::create(dir.path()).expect("sandbox");
        sandbox.point_at(&base_url).expect("models.json");
        std::fs::write(sandbox.project.join("notes.txt"), "alpha\nbeta\n").expect("notes");
        std::fs::write(sandbox.project.join("draft.txt"), "one\ntwo\n").expect("draft");
        std::fs::create_dir_all(sandbox.project.join("sub/inner")).expect("sub");
        std::fs::write(sandbox.project.join("sub/a.txt"), "a\n").expect("sub file");
        let long: String = (1..=3000).map(|n| format!("line {n}\n")).collect();
        std::fs::write(sandbox.project.join("long.txt"), long).expect("long");
        let out = dir.path().join("probe.jsonl");
        let mut cmd = match who {
            Harness::Tau => Command::new(env!("CARGO_BIN_EXE_tau")),
            Harness::Pi => {
                let mut cmd = Command::new(&pi.node);
                cmd.arg(&pi.cli);
                cmd
            }
        };
        cmd.env_clear()
            .envs(sandbox.env(who))
            .env("TERM", "dumb")
            .env("PAYLOAD_PROBE_OUT", &out)
            .current_dir(&sandbox.project)
            .args(["--no-session", "--model", "mock/mock-model", "-e"])
            .arg(fixture("ext-payloads/probe.ts"))
            .args(&extra)
            .args(["-p", "read notes"]);
        if who == Harness::Tau {
            cmd.env("TAU_EXT_HOST", &env.host);
            if let Some(node) = &env.node {
                cmd.env("TAU_NODE", node);
            }
        }
        run_bounded(cmd, RUN_LIMIT).assert_ok();
        let text = std::fs::read_to_string(&out).unwrap_or_default();
        let records: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("probe line"))
            .collect();
        if let Some(keep) = std::env::var_os("PAYLOAD_PROBE_KEEP") {
            let name = format!("{who:?}.jsonl").to_lowercase();
            std::fs::write(Path::new(&keep).join(name), text).expect("keep");
        }
        records
    })
    .await
    .expect("join")
}

/// Event types in order, a run of `message_update` counted once; messages with their role.
fn timeline(records: &[Value]) -> Vec<String> {
    let mut kinds: Vec<String> = Vec::new();
    for record in records {
        let kind = record["type"].as_str().unwrap_or("?");
        let kind = match record["message"]["role"].as_str() {
            Some(role) => format!("{kind}:{role}"),
            None => kind.to_string(),
        };
        if kind.starts_with("message_update") && kinds.last() == Some(&kind) {
            continue;
        }
        kinds.push(kind);
    }
    kinds
}

/// The JSON kinds of a value's fields, every array item included. A field the probe saw as
/// `undefined` counts as absent (what `event.x === undefined` tells a handler); `null` stays
/// apart.
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let fields: BTreeMap<&String, Value> = map
                .iter()
                .filter(|(_, v)| !is_undefined(v))
                .map(|(k, v)| (k, shape(v)))
                .collect();
            json!(fields)
        }
        Value::Array(items) => Value::Array(items.iter().map(shape).collect()),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(_) => json!("bool"),
        Value::Null => json!("null"),
    }
}

fn is_undefined(value: &Value) -> bool {
    value.as_str() == Some("<undefined>")
}

/// Fields whose values are the run's own (clock, ids, paths, token estimates).
const VOLATILE: &[&str] = &[
    "timestamp",
    "durationMs",
    "responseId",
    "messageEntryId",
    "toolResultEntryIds",
    "id",
    "parentId",
    "cwd",
    "systemPrompt",
    "probeContextUsage",
    "fullOutputPath",
    "wall_time_seconds",
];

/// A record reduced to what both harnesses must agree on:
/// - system messages to their role: the prompt is each harness's own wording;
/// - `message_update` to its stream event without the partial message: Pi hands handlers
///   its live partial object, which has often run ahead of the event by the time a handler
///   reads it, so what it holds depends on timing (the final message is compared at
///   `message_end`);
/// - `systemPromptOptions`' tool snippets and guidelines to whether `read` has some: each
///   harness describes its own tools in its own words;
/// - the boundaries' `contextEntries` removed (a known difference, docs/pi-extensions.md
///   "Differences from Pi").
fn comparable(record: &Value) -> Value {
    let mut record = strip(record);
    if record["type"] == "message_update" {
        if let Some(event) = record["assistantMessageEvent"].as_object_mut() {
            event.remove("partial");
        }
        if let Some(fields) = record.as_object_mut() {
            fields.remove("message");
        }
    }
    // Each harness has its own tools with its own one-line descriptions.
    if let Some(options) = record
        .get_mut("systemPromptOptions")
        .and_then(Value::as_object_mut)
    {
        for key in ["toolSnippets", "toolGuidelines"] {
            if let Some(value) = options.get_mut(key) {
                *value = shape(value)
                    .get("read")
                    .map_or(json!("none"), |_| json!("has read"));
            }
        }
    }
    if let Some(context) = record.get_mut("context").and_then(Value::as_object_mut) {
        context.remove("contextEntries");
    }
    record
}

/// Drops undefined fields, reduces system messages to their role, and replaces volatile
/// values by their kind.
fn strip(value: &Value) -> Value {
    match value {
        Value::Object(map) if map.get("role").and_then(Value::as_str) == Some("system") => {
            json!({"role": "system"})
        }
        Value::Object(map) => {
            let fields: Map<String, Value> = map
                .iter()
                .filter(|(_, v)| !is_undefined(v))
                .map(|(k, v)| {
                    let v = if VOLATILE.contains(&k.as_str()) {
                        shape(v)
                    } else {
                        strip(v)
                    };
                    (k.clone(), v)
                })
                .collect();
            Value::Object(fields)
        }
        Value::Array(items) => Value::Array(items.iter().map(strip).collect()),
        other => other.clone(),
    }
}

/// `ctx.getContextUsage()` as the probe saw it at each event: where the figure changed,
/// and the figures from the first reported usage on (before it they are estimates of each
/// harness's own system prompt).
fn context_usage(records: &[Value]) -> (Vec<usize>, Vec<Value>) {
    let usage: Vec<&Value> = records.iter().map(|r| &r["probeContextUsage"]).collect();
    let changes = (1..usage.len())
        .filter(|&i| usage[i]["tokens"] != usage[i - 1]["tokens"])
        .collect();
    let first_reported = records
        .iter()
        .position(|r| r["type"] == "tool_execution_start")
        .unwrap_or(records.len());
    let reported = usage[first_reported..]
        .iter()
        .map(|u| (*u).clone())
        .collect();
    (changes, reported)
}

/// The content of the last `message_update` before each assistant `message_end`: what the
/// partial message held once the stream was through (tool call arguments included).
fn final_partials(records: &[Value]) -> Vec<Value> {
    let mut finals = Vec::new();
    let mut last = None;
    for record in records {
        match record["type"].as_str() {
            Some("message_update") => last = Some(record["message"]["content"].clone()),
            Some("message_end") => finals.extend(last.take()),
            _ => {}
        }
    }
    finals
}

#[tokio::test(flavor = "multi_thread")]
async fn extension_event_payloads_match_pi_for_text_and_a_tool_call() {
    let test = "extension_event_payloads_match_pi";
    let Some(pi) = PiOracle::locate() else {
        eprintln!("{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return;
    };
    let Some(env) = ext_env(test) else {
        return;
    };
    let pi_records = probe_run(Harness::Pi, &pi, &env, replies(), &[]).await;
    let tau_records = probe_run(Harness::Tau, &pi, &env, replies(), &[]).await;
    assert!(
        pi_records.len() > 10,
        "Pi's probe saw too little: {pi_records:?}"
    );
    assert_eq!(timeline(&tau_records), timeline(&pi_records));
    let shapes = |records: &[Value]| {
        records
            .iter()
            .map(|record| shape(&comparable(record)))
            .collect::<Vec<_>>()
    };
    assert_eq!(shapes(&tau_records), shapes(&pi_records));
    let values = |records: &[Value]| records.iter().map(comparable).collect::<Vec<_>>();
    assert_eq!(values(&tau_records), values(&pi_records));
    assert_eq!(final_partials(&tau_records), final_partials(&pi_records));
    // getContextUsage() is live during the run, as in Pi.
    assert_eq!(context_usage(&tau_records), context_usage(&pi_records));
    // The boundary fields Pi gives `turn_end`, with values that follow from the run.
    let turn_ends: Vec<&Value> = tau_records
        .iter()
        .filter(|r| r["type"] == "turn_end")
        .collect();
    assert_eq!(turn_ends.len(), 2);
    assert_eq!(
        turn_ends[0]["toolResultEntryIds"].as_array().map(Vec::len),
        Some(1)
    );
    assert!(turn_ends[0]["messageEntryId"].is_string());
    assert_eq!(turn_ends[1]["context"]["canContinue"], json!(false));
}

/// One call of every built-in tool, in one turn, each on its own file (they run in
/// parallel). `grep` and `find` are left out: Pi runs them with ripgrep and fd, which it
/// downloads when they are missing, and the tests run offline.
fn every_tool_calls() -> Vec<tau_test_support::MockReply> {
    let calls = [
        ("call_read", "read", json!({"path": "notes.txt"})),
        ("call_bash", "bash", json!({"command": "echo hi"})),
        (
            "call_edit",
            "edit",
            json!({"path": "draft.txt", "edits": [{"oldText": "two", "newText": "three"}]}),
        ),
        (
            "call_write",
            "write",
            json!({"path": "new.txt", "content": "fresh\n"}),
        ),
        ("call_ls", "ls", json!({"path": "sub"})),
        // Output past the limits: truncation details.
        ("call_bash_long", "bash", json!({"command": "seq 1 3000"})),
        ("call_read_long", "read", json!({"path": "long.txt"})),
    ];
    let turn = MockTurn::tool_calls(
        calls
            .into_iter()
            .map(|(id, name, args)| MockToolCall::new(id, name, args)),
    );
    vec![turn.into(), MockTurn::text("Done.").into()]
}

/// Each call's `tool_result` event (by call id) as a handler reads it: which fields are
/// set, with their values but for paths and timings.
fn tool_results(records: &[Value]) -> BTreeMap<String, Value> {
    records
        .iter()
        .filter(|r| r["type"] == "tool_result")
        .map(|r| {
            let name = r["toolCallId"].as_str().unwrap_or("?").to_string();
            // The bash log's path is each harness's own.
            let text = r["content"][0]["text"].as_str().unwrap_or_default();
            let text = match text.find("Full output: ") {
                Some(at) => format!("{}Full output: <log>]", &text[..at]),
                None => text.to_string(),
            };
            let mut seen = strip(r);
            seen["content"][0]["text"] = json!(text);
            // Absent and undefined read the same to a handler.
            seen["details"] = match r.get("details") {
                None => json!("undefined"),
                Some(details) if is_undefined(details) => json!("undefined"),
                Some(details) => strip(details),
            };
            (name, seen)
        })
        .collect()
}

/// The `tool_execution_*` events of each call, in order, by their keys and kinds (the
/// calls run in parallel, so only each call's own sequence is fixed).
fn executions(records: &[Value]) -> BTreeMap<String, Vec<Value>> {
    let mut calls: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for record in records {
        let kind = record["type"].as_str().unwrap_or_default();
        if kind.starts_with("tool_execution_") {
            let id = record["toolCallId"].as_str().unwrap_or("?").to_string();
            // How many partial results a running tool reports, and what the early ones hold,
            // depends on timing (output chunks as the OS hands them over), in Pi too: of the
            // updates only the last, which holds the whole output, is compared.
            let shapes = calls.entry(id).or_default();
            let is_update = kind == "tool_execution_update";
            let last_was_update = shapes.last().is_some_and(|last: &Value| {
                last["type"] == "string" && last.get("partialResult").is_some()
            });
            if is_update && last_was_update {
                shapes.pop();
            }
            shapes.push(shape(&strip(record)));
        }
    }
    calls
}

#[tokio::test(flavor = "multi_thread")]
async fn built_in_tool_results_carry_pis_details() {
    let test = "built_in_tool_results_carry_pis_details";
    let Some(pi) = PiOracle::locate() else {
        eprintln!("{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return;
    };
    let Some(env) = ext_env(test) else {
        return;
    };
    let tools: &[&str] = &["--tools", "read,bash,edit,write,ls"];
    let pi_records = probe_run(Harness::Pi, &pi, &env, every_tool_calls(), tools).await;
    let tau_records = probe_run(Harness::Tau, &pi, &env, every_tool_calls(), tools).await;
    let expected = tool_results(&pi_records);
    assert_eq!(expected.len(), 7, "{expected:#?}");
    assert_eq!(tool_results(&tau_records), expected);
    assert_eq!(executions(&tau_records), executions(&pi_records));
}

/// Calls of the tools `fixtures/ext-payloads/factories.ts` registers from Pi's factories:
/// plain output, output past the limits, a file, a long file, a missing file.
fn factory_tool_calls() -> Vec<tau_test_support::MockReply> {
    let calls = [
        ("call_fbash", "factory_bash", json!({"command": "echo hi"})),
        (
            "call_fbash_long",
            "factory_bash",
            json!({"command": "seq 1 3000"}),
        ),
        (
            "call_fbash_fail",
            "factory_bash",
            json!({"command": "echo oops; exit 3"}),
        ),
        ("call_fread", "factory_read", json!({"path": "notes.txt"})),
        (
            "call_fread_long",
            "factory_read",
            json!({"path": "long.txt", "offset": 2990}),
        ),
        (
            "call_fread_missing",
            "factory_read",
            json!({"path": "missing.txt"}),
        ),
    ];
    let turn = MockTurn::tool_calls(
        calls
            .into_iter()
            .map(|(id, name, args)| MockToolCall::new(id, name, args)),
    );
    vec![turn.into(), MockTurn::text("Done.").into()]
}

/// `createBashTool(cwd)` / `createReadTool(cwd)` registered as an extension's tools run Pi's
/// own tool code in tau's host: results, details and errors as Pi gives them.
#[tokio::test(flavor = "multi_thread")]
async fn factory_tools_give_pis_results() {
    let test = "factory_tools_give_pis_results";
    let Some(pi) = PiOracle::locate() else {
        eprintln!("{test}: skipped: reference Pi not installed; run tools/oracle/setup.sh");
        return;
    };
    let Some(env) = ext_env(test) else {
        return;
    };
    let factories = fixture("ext-payloads/factories.ts");
    let extra = ["-e", factories.to_str().expect("utf-8 path")];
    let pi_records = probe_run(Harness::Pi, &pi, &env, factory_tool_calls(), &extra).await;
    let tau_records = probe_run(Harness::Tau, &pi, &env, factory_tool_calls(), &extra).await;
    let expected = without_project_dir(tool_results(&pi_records));
    assert_eq!(expected.len(), 6, "{expected:#?}");
    // Pi's shapes, not empty ones: bash's truncation details and read's line range.
    assert!(
        expected["call_fbash_long"]["details"]["truncation"].is_object(),
        "{expected:#?}"
    );
    assert_eq!(expected["call_fread_missing"]["isError"], json!(true));
    assert_eq!(without_project_dir(tool_results(&tau_records)), expected);
    assert_eq!(executions(&tau_records), executions(&pi_records));
}

/// The results with each harness's own project folder in error texts (`'/tmp/…/project/x'`)
/// written as `'<project>/x'`.
fn without_project_dir(mut results: BTreeMap<String, Value>) -> BTreeMap<String, Value> {
    for result in results.values_mut() {
        let Some(text) = result["content"][0]["text"].as_str() else {
            continue;
        };
        if let (Some(start), Some(end)) = (text.find("'/"), text.find("/project/")) {
            if start < end {
                let text = format!("{}'<project>/{}", &text[..start], &text[end + 9..]);
                result["content"][0]["text"] = json!(text);
            }
        }
    }
    results
}
