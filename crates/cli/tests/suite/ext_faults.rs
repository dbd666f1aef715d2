//! Faulty extensions (our fixtures in tests/fixtures/ext-faults) against the real `tau`
//! binary: a handler that throws, a `tool_call` gate that never answers, one that calls
//! `process.exit`, and one that SIGKILLs its host mid-call. After each: tau finished with exit
//! code 0, the dangerous call was blocked and the model saw why, the next tool call ran, and
//! the session file parses line by line and resumes with `--continue`.

use std::time::Duration;

use serde_json::json;

use super::ext_support::*;
use crate::support::{session_files, Workspace};

/// What the scripted model saw for the two bash calls.
struct Outcome {
    ws: Workspace,
    run: Run,
    /// The result text of the dangerous call.
    first: String,
    /// The result text of the harmless call after it.
    second: String,
}

/// Runs `fixture` through a dangerous bash call and a harmless one, checks what every fault
/// test requires, and hands back the outcome for the fault-specific checks.
fn fault_run(test: &str, fixture_name: &str, vars: &[(&str, &str)]) -> Option<Outcome> {
    let env = ext_env(test)?;
    let ext = fixture(&format!("ext-faults/{fixture_name}"));
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "touch danger-ran.txt"}}],
         "capture": {"first": ALL}},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo after"}}],
         "capture": {"second": ALL}},
        {"text": "first=${first}|second=${second}"},
        {"text": "resumed: ${lastUserMessage}"}
    ]}));
    let mut cmd = env.tau(&ws, &[&ext]);
    cmd.arg("--script").arg(&script).args(["-p", "go"]);
    for (name, value) in vars {
        cmd.env(name, value);
    }
    let outcome = run_bounded(cmd, RUN_LIMIT);
    outcome.assert_ok();
    assert!(
        !ws.path().join("danger-ran.txt").exists(),
        "the blocked command ran; stderr: {}",
        outcome.stderr()
    );
    let stdout = outcome.stdout();
    let (first, second) = stdout
        .trim_end()
        .strip_prefix("first=")
        .and_then(|rest| rest.rsplit_once("|second="))
        .unwrap_or_else(|| panic!("unexpected answer: {stdout}\nstderr: {}", outcome.stderr()));
    let (first, second) = (first.trim().to_string(), second.trim().to_string());
    assert_eq!(
        second,
        "after",
        "the next tool call ran; stderr: {}",
        outcome.stderr()
    );

    // The session is intact: every line parses, the blocked call is an error result, and a
    // new process continues it.
    let file = only_session(&ws);
    let results: Vec<_> = entries(&file)
        .into_iter()
        .filter(|e| e["message"]["role"] == "toolResult")
        .collect();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["message"]["isError"], true);
    let mut resume = env.tau(&ws, &[&ext]);
    resume
        .arg("--script")
        .arg(&script)
        .args(["--continue", "-p", "again"]);
    let resumed = run(resume);
    resumed.assert_ok();
    assert_eq!(resumed.stdout(), "resumed: again\n", "{}", resumed.stderr());
    assert_eq!(session_files(&ws), std::slice::from_ref(&file));
    entries(&file);
    Some(Outcome {
        ws,
        run: outcome,
        first,
        second,
    })
}

/// The pids in gate.log, one per gate call (`<pid> <command>` lines).
fn gate_pids(ws: &Workspace) -> Vec<String> {
    ws.read("gate.log")
        .lines()
        .map(|l| {
            l.split_once(' ')
                .map(|(pid, _)| pid.to_string())
                .unwrap_or_default()
        })
        .collect()
}

#[test]
fn ext_fault_throwing_handlers_are_reported_and_a_throwing_gate_blocks() {
    let Some(out) = fault_run("ext_fault_throws", "throws.ts", &[]) else {
        return;
    };
    // Pi blocks with the thrown error's message.
    assert_eq!(out.first, "gate exploded on a dangerous command");
    let stderr = out.run.stderr();
    let reported = stderr
        .lines()
        .find(|l| l.contains("turn_start exploded"))
        .unwrap_or_else(|| panic!("turn_start error not reported: {stderr}"));
    assert!(
        reported.contains("ext-faults/throws.ts") && reported.contains("turn_start"),
        "the report names the extension and the event: {reported}"
    );
    assert_eq!(
        out.ws.read("gate.log"),
        "touch danger-ran.txt\necho after\n"
    );
    assert_eq!(out.second, "after");
}

/// The handler time limit is 30 s by default; `TAU_EXT_TIMEOUT_MS` (proposed, see the report)
/// shortens it so the test runs in seconds.
#[test]
fn ext_fault_gate_that_never_answers_is_blocked_after_the_time_limit() {
    let Some(out) = fault_run(
        "ext_fault_hangs",
        "hangs.ts",
        &[("TAU_EXT_TIMEOUT_MS", "1500")],
    ) else {
        return;
    };
    assert!(
        out.first
            .starts_with("Extension failed, blocking execution: "),
        "{}",
        out.first
    );
    assert!(
        out.first.contains("tool_call") || out.first.contains("invoke"),
        "the reason names what timed out: {}",
        out.first
    );
    assert!(
        out.run.elapsed < Duration::from_secs(20),
        "TAU_EXT_TIMEOUT_MS was not honoured: the run took {:?}",
        out.run.elapsed
    );
}

#[test]
fn ext_fault_process_exit_in_a_gate_blocks_and_the_run_goes_on() {
    let Some(out) = fault_run("ext_fault_exit", "exits.ts", &[]) else {
        return;
    };
    // Either the host traps the exit and the handler fails with a message naming it, or the
    // host dies and the gate fails closed naming the exit.
    assert!(
        out.first.contains("process.exit(3)")
            || (out
                .first
                .starts_with("Extension failed, blocking execution: ")
                && out.first.contains("exit")),
        "{}",
        out.first
    );
    assert_eq!(gate_pids(&out.ws).len(), 2, "the gate saw both calls");
}

#[test]
fn ext_fault_host_killed_mid_tool_call_blocks_and_a_new_host_takes_over() {
    let Some(out) = fault_run("ext_fault_sigkill", "sigkill.ts", &[]) else {
        return;
    };
    assert!(
        out.first
            .starts_with("Extension failed, blocking execution: "),
        "{}",
        out.first
    );
    let pids = gate_pids(&out.ws);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert_ne!(pids[0], pids[1], "the second call ran in a new host");
}

#[test]
fn ext_fault_host_that_cannot_be_restarted_ends_the_run_with_an_error() {
    let Some(env) = ext_env("ext_fault_unrestartable") else {
        return;
    };
    let ext = fixture("ext-faults/breaks-on-restart.ts");
    // With a later tool call (which needs the gate), and without one (the run could finish,
    // but its extensions are gone: that is still an error).
    for (mode, later_call) in [("print", true), ("json", true), ("print", false)] {
        let ws = Workspace::new();
        let mut turns = vec![
            json!({"toolCalls": [{"name": "bash", "arguments": {"command": "echo danger; touch danger-ran.txt"}}]}),
        ];
        if later_call {
            turns.push(json!({"toolCalls": [{"name": "bash", "arguments": {"command": "touch after-ran.txt"}}]}));
        }
        turns.push(json!({"text": "the run went on"}));
        let script = ws.script(&json!({ "turns": turns }));
        let mut cmd = env.tau(&ws, &[&ext]);
        cmd.arg("--script").arg(&script);
        if mode == "json" {
            cmd.args(["--mode", "json"]);
        }
        cmd.args(["-p", "go"]);
        let out = run_bounded(cmd, RUN_LIMIT);
        let stderr = out.stderr();
        assert_eq!(out.output.status.code(), Some(1), "{mode}: {stderr}");
        assert!(
            stderr.contains("could not be restarted")
                && stderr.contains("this extension can only load once")
                && stderr.contains("tau -ne"),
            "{mode}: {stderr}"
        );
        assert!(!ws.path().join("danger-ran.txt").exists(), "{mode}");
        assert!(
            !ws.path().join("after-ran.txt").exists(),
            "{mode}: no tool ran after"
        );
        if later_call {
            assert!(!out.stdout().contains("the run went on"), "{mode}");
        }
        let sessions = session_files(&ws);
        assert_eq!(sessions.len(), 1, "{mode}: the session is kept");
    }
}

#[test]
fn ext_fault_host_that_cannot_be_restarted_ends_rpc_mode_too() {
    let Some(env) = ext_env("ext_fault_unrestartable_rpc") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo danger; touch danger-ran.txt"}}]},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "touch after-ran.txt"}}]},
        {"text": "the run went on"}
    ]}));
    let mut cmd = env.tau(&ws, &[&fixture("ext-faults/breaks-on-restart.ts")]);
    cmd.arg("--script").arg(&script).args(["--mode", "rpc"]);
    let mut client = super::rpc_client::RpcClient::start(cmd);
    client.ok(json!({"type": "prompt", "message": "go"}));
    // stdin stays open: tau ends the session by itself.
    let (status, stderr) = client.wait_exit();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("could not be restarted"), "{stderr}");
    assert!(!ws.path().join("danger-ran.txt").exists());
    assert!(!ws.path().join("after-ran.txt").exists());
}
