//! Faulty extensions (our fixtures in tests/fixtures/ext-faults) against the real `tau`
//! binary, one trial a kind (bench/faults.sh runs each kind many times). In every run a
//! `tool_call` gate must block a dangerous bash call while an extension misbehaves: the gate
//! itself (it throws, rejects, never answers, calls `process.exit`, kills its host, spins or
//! exhausts the heap), or a second extension loaded before a well-behaved gate (gate.ts) that
//! faults or writes garbage and forged frames to the host's stdout. After each: tau finished
//! with exit code 0, the dangerous call was blocked and the model saw why, the next tool call
//! ran, no host process outlived tau, and the session file parses line by line and resumes.

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;

use super::ext_support::*;
use crate::support::{process_alive, session_files, Workspace};

/// What gate.ts answers for a dangerous command.
const GATE_REASON: &str = "gate.ts: dangerous command blocked";
/// Pi's prefix for a call blocked because extension code failed.
const BLOCKED: &str = "Extension failed, blocking execution: ";
/// A handler limit short enough for quick tests and long enough for a loaded machine (a
/// restarted host must also say hello within it).
const SHORT_LIMIT: (&str, &str) = ("TAU_EXT_TIMEOUT_MS", "3000");
/// A heap so small that allocating in a loop kills Node in well under a second.
const SMALL_HEAP: (&str, &str) = ("NODE_OPTIONS", "--max-old-space-size=64");

/// What the scripted model saw for the two bash calls.
struct Outcome {
    ws: Workspace,
    run: Run,
    /// The result text of the dangerous call.
    first: String,
    /// The result text of the harmless call after it.
    second: String,
}

/// Runs `fixtures` (in load order) through a dangerous bash call and a harmless one, checks
/// what every fault test requires, and hands back the outcome for the fault-specific checks.
fn fault_run(test: &str, fixtures: &[&str], vars: &[(&str, &str)]) -> Option<Outcome> {
    fault_run_with(test, fixtures, vars, false)
}

/// [`fault_run`], with the host SIGKILLed from outside (as the OOM killer would) once the gate
/// has logged the dangerous call.
fn fault_run_killing_host(test: &str, fixtures: &[&str], vars: &[(&str, &str)]) -> Option<Outcome> {
    fault_run_with(test, fixtures, vars, true)
}

fn fault_run_with(
    test: &str,
    fixtures: &[&str],
    vars: &[(&str, &str)],
    kill_host: bool,
) -> Option<Outcome> {
    let env = ext_env(test)?;
    let exts: Vec<_> = fixtures
        .iter()
        .map(|name| fixture(&format!("ext-faults/{name}")))
        .collect();
    let ext_refs: Vec<&Path> = exts.iter().map(|p| p.as_path()).collect();
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "touch danger-ran.txt"}}],
         "capture": {"first": ALL}},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo after"}}],
         "capture": {"second": ALL}},
        {"text": "first=${first}|second=${second}"},
        {"text": "resumed: ${lastUserMessage}"}
    ]}));
    let mut cmd = env.tau(&ws, &ext_refs);
    cmd.arg("--script").arg(&script).args(["-p", "go"]);
    for (name, value) in vars {
        cmd.env(name, value);
    }
    let killer = kill_host.then(|| kill_host_when_gated(ws.path().join("gate.log")));
    let outcome = run_bounded(cmd, RUN_LIMIT);
    if let Some(killer) = killer {
        assert!(
            killer.join().expect("killer thread"),
            "the gate never logged the dangerous call"
        );
    }
    outcome.assert_ok();
    assert!(
        !outcome.stderr().contains("panicked"),
        "tau panicked: {}",
        outcome.stderr()
    );
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
    assert_hosts_gone(&ws);

    // The session is intact: every line parses, the blocked call is an error result, and a
    // new process resumes that file.
    let file = only_session(&ws);
    let results: Vec<_> = entries(&file)
        .into_iter()
        .filter(|e| e["message"]["role"] == "toolResult")
        .collect();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["message"]["isError"], true);
    let mut resume = env.tau(&ws, &ext_refs);
    resume
        .arg("--script")
        .arg(&script)
        .arg("--session")
        .arg(&file)
        .args(["-p", "again"]);
    for (name, value) in vars {
        resume.env(name, value);
    }
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

/// Watches `gate_log` for the dangerous call and SIGKILLs the host pid logged with it; the
/// thread answers whether it killed one (it gives up after [`RUN_LIMIT`]).
fn kill_host_when_gated(gate_log: std::path::PathBuf) -> std::thread::JoinHandle<bool> {
    std::thread::spawn(move || {
        let start = Instant::now();
        while start.elapsed() < RUN_LIMIT {
            let log = std::fs::read_to_string(&gate_log).unwrap_or_default();
            let pid = log
                .lines()
                .find(|l| l.contains("danger"))
                .and_then(|l| l.split_once(' '))
                .map(|(pid, _)| pid.to_string());
            if let Some(pid) = pid {
                let killed = std::process::Command::new("kill")
                    .args(["-KILL", &pid])
                    .status()
                    .is_ok_and(|s| s.success());
                return killed;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    })
}

/// Every host that logged to gate.log is gone soon after tau exited (tau kills its host on
/// the way out, a spinning one included).
fn assert_hosts_gone(ws: &Workspace) {
    let start = Instant::now();
    let mut alive = Vec::new();
    while start.elapsed() < Duration::from_secs(5) {
        alive = gate_pids(ws)
            .into_iter()
            .filter(|pid| process_alive(pid))
            .collect();
        if alive.is_empty() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("extension hosts outlived tau: {alive:?}");
}

/// The host pids in gate.log, one per gate call, from the fixtures that log
/// `<pid> <command>` lines (throws.ts logs the command alone; the stdout attackers log nothing).
fn gate_pids(ws: &Workspace) -> Vec<String> {
    std::fs::read_to_string(ws.path().join("gate.log"))
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_once(' ').map(|(pid, _)| pid))
        .filter(|pid| pid.parse::<u32>().is_ok())
        .map(str::to_string)
        .collect()
}

/// Asserts that the second call ran in a host other than the one that took the first.
fn assert_new_host(ws: &Workspace) {
    let pids = gate_pids(ws);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert_ne!(pids[0], pids[1], "the second call ran in a new host");
}

#[test]
fn ext_fault_throwing_handlers_are_reported_and_a_throwing_gate_blocks() {
    let Some(out) = fault_run("ext_fault_throws", &["throws.ts"], &[]) else {
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

/// The handler time limit is 30 s by default; `TAU_EXT_TIMEOUT_MS` shortens it so the test
/// runs in seconds.
#[test]
fn ext_fault_gate_that_never_answers_is_blocked_after_the_time_limit() {
    let Some(out) = fault_run(
        "ext_fault_hangs",
        &["hangs.ts"],
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
    let Some(out) = fault_run("ext_fault_exit", &["exits.ts"], &[]) else {
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
    let Some(out) = fault_run("ext_fault_sigkill", &["sigkill.ts"], &[]) else {
        return;
    };
    assert!(
        out.first
            .starts_with("Extension failed, blocking execution: "),
        "{}",
        out.first
    );
    assert_new_host(&out.ws);
}

#[test]
fn ext_fault_gate_returning_a_rejected_promise_blocks_with_its_message() {
    let Some(out) = fault_run("ext_fault_rejects", &["rejects.ts"], &[]) else {
        return;
    };
    assert_eq!(out.first, "gate rejected a dangerous command");
    let pids = gate_pids(&out.ws);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert_eq!(pids[0], pids[1], "a rejection needs no new host");
}

/// The handler limit stays at its 30 s default: the host's death, not the limit, must end
/// the wait.
#[test]
fn ext_fault_host_killed_from_outside_mid_gate_blocks_and_a_new_host_takes_over() {
    let Some(out) = fault_run_killing_host("ext_fault_sigkill_external", &["hangs.ts"], &[]) else {
        return;
    };
    assert!(out.first.starts_with(BLOCKED), "{}", out.first);
    assert!(
        out.run.elapsed < Duration::from_secs(20),
        "tau waited for the time limit instead of seeing the host die: {:?}",
        out.run.elapsed
    );
    assert_new_host(&out.ws);
}

// A spinning host answers no ping after the time limit: tau kills it, so the harmless call
// runs in a new host.
#[test]
fn ext_fault_busy_looping_gate_blocks_and_a_new_host_takes_over() {
    let Some(out) = fault_run("ext_fault_busy", &["busy.ts"], &[SHORT_LIMIT]) else {
        return;
    };
    assert!(out.first.starts_with(BLOCKED), "{}", out.first);
    assert_new_host(&out.ws);
}

#[test]
fn ext_fault_gate_exhausting_the_heap_blocks_and_a_new_host_takes_over() {
    let Some(out) = fault_run("ext_fault_oom", &["oom.ts"], &[SMALL_HEAP]) else {
        return;
    };
    assert!(out.first.starts_with(BLOCKED), "{}", out.first);
    assert_new_host(&out.ws);
}

#[test]
fn ext_fault_process_exit_in_another_extension_keeps_the_call_blocked() {
    let Some(out) = fault_run("ext_fault_exit_pair", &["exits.ts", "gate.ts"], &[]) else {
        return;
    };
    // exits.ts runs first and fails, so the sequence stops before gate.ts: still blocked.
    assert!(out.first.contains("process.exit(3)"), "{}", out.first);
}

#[test]
fn ext_fault_another_extension_killing_the_host_keeps_the_call_blocked() {
    let Some(out) = fault_run("ext_fault_sigkill_pair", &["sigkill.ts", "gate.ts"], &[]) else {
        return;
    };
    assert!(out.first.starts_with(BLOCKED), "{}", out.first);
    let pids = gate_pids(&out.ws);
    assert_ne!(
        pids.first(),
        pids.last(),
        "the second call ran in a new host: {pids:?}"
    );
}

/// Extension `attacker` (loaded first, so it runs first on every call) writes to the host's
/// stdout and lets the call through; gate.ts's own answer must reach tau, from the one host.
fn stdout_attack(test: &str, fixtures: &[&str]) -> Option<Outcome> {
    let out = fault_run(test, fixtures, &[SHORT_LIMIT])?;
    assert_eq!(
        out.first,
        GATE_REASON,
        "the gate's answer was lost or replaced; stderr: {}",
        out.run.stderr()
    );
    let pids = gate_pids(&out.ws);
    assert_eq!(pids.len(), 2, "{pids:?}");
    assert_eq!(pids[0], pids[1], "stdout writes must not cost the host");
    Some(out)
}

#[test]
fn ext_fault_console_log_in_another_extension_does_not_disturb_the_gate() {
    stdout_attack("ext_fault_console_log", &["console-log.ts", "gate.ts"]);
}

#[test]
fn ext_fault_process_stdout_write_in_another_extension_does_not_disturb_the_gate() {
    stdout_attack("ext_fault_stdout_write", &["stdout-write.ts", "gate.ts"]);
}

// fd 1 is not the protocol channel: the writes are output, and the gate answers as usual.
#[test]
fn ext_fault_fd1_writes_in_another_extension_do_not_disturb_the_gate() {
    stdout_attack("ext_fault_fd1_write", &["fd1-write.ts", "gate.ts"]);
}

// As the fd 1 test, through a child process with inherited stdio.
#[test]
fn ext_fault_child_process_stdout_in_another_extension_does_not_disturb_the_gate() {
    stdout_attack("ext_fault_child_stdout", &["child-stdout.ts", "gate.ts"]);
}

// Forged `{"result":{}}` frames on stdout are just output lines: the gate's own answer counts.
#[test]
fn ext_fault_forged_empty_responses_do_not_answer_another_extensions_gate() {
    stdout_attack("ext_fault_forge_empty", &["forge-empty.ts", "gate.ts"]);
}

// Forged "no handler blocked" frames on stdout cannot let the dangerous command run.
#[test]
fn ext_fault_forged_allow_responses_do_not_let_a_gated_call_run() {
    stdout_attack("ext_fault_forge_allow", &["forge-allow.ts", "gate.ts"]);
}

// A forging timer racing the gate's answer (once one run in ten on the stdio protocol) loses:
// its frames never reach the channel.
#[test]
fn ext_fault_forging_timer_does_not_answer_a_gate_loaded_before_it() {
    stdout_attack("ext_fault_forge_timer", &["gate.ts", "forge-timer.ts"]);
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
