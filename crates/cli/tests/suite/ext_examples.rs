//! Pi's example extensions, loaded unmodified from the reference package, driving the real
//! `tau` binary with the scripted model: the tool gates and the tools the examples register
//! or override. Each test asserts the behaviour the example documents, as far as print and
//! json mode can observe it (no UI: `ctx.hasUI` is false, `ctx.ui.*` are no-ops).

use serde_json::{json, Value};

use super::ext_support::*;
use crate::support::{parse_jsonl, tool_results, Workspace};

/// `tau --no-session --script <turns> <args…>` with `extensions`.
fn tau_run(
    env: &ExtEnv,
    ws: &Workspace,
    exts: &[&std::path::Path],
    turns: Value,
    args: &[&str],
) -> Run {
    let script = ws.script(&json!({ "turns": turns }));
    let mut cmd = env.tau(ws, exts);
    cmd.arg("--no-session")
        .arg("--script")
        .arg(script)
        .args(args);
    run(cmd)
}

#[test]
fn ext_permission_gate_blocks_dangerous_bash_without_ui_and_the_model_sees_why() {
    let Some((env, gate)) = example("ext_permission_gate", "permission-gate.ts") else {
        return;
    };
    let ws = Workspace::new();
    ws.write("victim/keep.txt", "still here");
    let turns = json!([
        {"toolCalls": [{"name": "bash", "arguments": {"command": "rm -rf victim"}}],
         "capture": {"rm": ALL}},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "chmod 777 victim/keep.txt"}}],
         "capture": {"chmod": ALL}},
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo safe"}}],
         "capture": {"echo": ALL}},
        {"text": "rm=${rm}|chmod=${chmod}|echo=${echo}"}
    ]);
    let out = tau_run(&env, &ws, &[&gate], turns, &["-p", "clean up"]);
    out.assert_ok().assert_quiet();
    let reason = "Dangerous command blocked (no UI for confirmation)";
    // The bash result keeps echo's newline; print mode adds one after the answer.
    assert_eq!(
        out.stdout(),
        format!("rm={reason}|chmod={reason}|echo=safe\n\n")
    );
    assert_eq!(ws.read("victim/keep.txt"), "still here");
}

#[test]
fn ext_protected_paths_blocks_writes_and_edits_to_protected_paths() {
    let Some((env, guard)) = example("ext_protected_paths", "protected-paths.ts") else {
        return;
    };
    let ws = Workspace::new();
    ws.write("node_modules/lib.js", "original");
    let turns = json!([
        {"toolCalls": [{"name": "write", "arguments": {"path": ".env", "content": "KEY=1"}}]},
        {"toolCalls": [{"name": "edit", "arguments": {"path": "node_modules/lib.js",
            "edits": [{"oldText": "original", "newText": "patched"}]}}]},
        {"toolCalls": [{"name": "write", "arguments": {"path": "notes.txt", "content": "ok"}}]},
        {"text": "done"}
    ]);
    let out = tau_run(&env, &ws, &[&guard], turns, &["--mode", "json", "go"]);
    out.assert_ok().assert_quiet();
    let results = tool_results(&parse_jsonl(&out.output.stdout));
    assert_eq!(results.len(), 3, "{results:?}");
    assert_eq!(results[0], ("Path \".env\" is protected".to_string(), true));
    assert_eq!(
        results[1],
        (
            "Path \"node_modules/lib.js\" is protected".to_string(),
            true
        )
    );
    assert!(!results[2].1, "the unprotected write ran: {results:?}");
    assert!(!ws.path().join(".env").exists());
    assert_eq!(ws.read("node_modules/lib.js"), "original");
    assert_eq!(ws.read("notes.txt"), "ok");
}

#[test]
fn ext_tool_override_replaces_read_blocks_secrets_and_logs_access() {
    let Some((env, audited)) = example("ext_tool_override", "tool-override.ts") else {
        return;
    };
    let ws = Workspace::new();
    ws.write(".env", "SECRET=1");
    ws.write("readme.md", "line one\nline two\nline three");
    let turns = json!([
        {"toolCalls": [{"name": "read", "arguments": {"path": ".env"}}], "capture": {"env": ALL}},
        {"toolCalls": [{"name": "read", "arguments": {"path": "readme.md", "offset": 2, "limit": 1}}],
         "capture": {"readme": ALL}},
        {"text": "tools=${tools}\nenv=${env}\nreadme=${readme}"}
    ]);
    let out = tau_run(&env, &ws, &[&audited], turns, &["-p", "read"]);
    out.assert_ok().assert_quiet();
    let stdout = out.stdout();
    let lines: Vec<&str> = stdout.lines().collect();
    // One `read` (the override, in the built-in's place), not two.
    let tools: Vec<&str> = lines[0]["tools=".len()..]
        .split(',')
        .map(str::trim)
        .collect();
    assert_eq!(
        tools.iter().filter(|t| **t == "read").count(),
        1,
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("env=Access denied: \".env\" matches a blocked pattern"),
        "{stdout}"
    );
    assert_eq!(lines[2], "readme=line two", "{stdout}");
    // getAgentDir() is tau's agent dir: the access log lands there.
    let log = std::fs::read_to_string(ws.agent_dir.path().join("read-access.log"))
        .expect("read-access.log in the agent dir");
    let log_lines: Vec<&str> = log.lines().collect();
    assert_eq!(log_lines.len(), 2, "{log}");
    assert!(
        log_lines[0].contains("BLOCKED: ")
            && log_lines[0].ends_with(".env (matches blocked pattern)")
    );
    assert!(log_lines[1].contains("ALLOWED: ") && log_lines[1].ends_with("readme.md"));
}

#[test]
fn ext_truncated_tool_rg_finds_matches_and_truncates_long_output() {
    let Some((env, rg)) = example("ext_truncated_tool", "truncated-tool.ts") else {
        return;
    };
    if std::process::Command::new("rg")
        .arg("--version")
        .output()
        .is_err()
    {
        return eprintln!("ext_truncated_tool: skipped: ripgrep (rg) is not on PATH");
    }
    let ws = Workspace::new();
    ws.write("a.txt", "alpha\nneedle one\n");
    let many: String = (0..3000).map(|i| format!("hay {i}\n")).collect();
    ws.write("hay.txt", &many);
    let turns = json!([
        {"toolCalls": [{"name": "rg", "arguments": {"pattern": "needle", "path": "a.txt"}}]},
        {"toolCalls": [{"name": "rg", "arguments": {"pattern": "hay", "path": "hay.txt"}}]},
        {"toolCalls": [{"name": "rg", "arguments": {"pattern": "nothing-here-at-all"}}]},
        {"text": "done"}
    ]);
    let out = tau_run(&env, &ws, &[&rg], turns, &["--mode", "json", "search"]);
    out.assert_ok().assert_quiet();
    let records = parse_jsonl(&out.output.stdout);
    let results = tool_results(&records);
    assert_eq!(results.len(), 3, "{results:?}");
    assert_eq!(results[0], ("2:needle one\n".to_string(), false));
    let big = &results[1].0;
    assert!(
        big.contains("[Output truncated: showing 2000 of 3000 lines"),
        "{big}"
    );
    let saved = big
        .rsplit_once("Full output saved to: ")
        .map(|(_, p)| p.trim_end_matches(']'))
        .expect("temp file named");
    let full = std::fs::read_to_string(saved).expect("the full output file");
    assert_eq!(full.lines().count(), 3000);
    assert_eq!(results[2], ("No matches found".to_string(), false));
    // The details the tool returned reach the tool result message.
    let details: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "message_end" && r["message"]["role"] == "toolResult")
        .map(|r| &r["message"]["details"])
        .collect();
    assert_eq!(details[0]["matchCount"], 1);
    assert_eq!(details[1]["truncation"]["truncated"], true);
    let _ = std::fs::remove_dir_all(std::path::Path::new(saved).parent().unwrap_or(ws.path()));
}

#[test]
fn ext_dynamic_tools_registers_echo_session_at_session_start_and_more_by_command() {
    let Some((env, dynamic)) = example("ext_dynamic_tools", "dynamic-tools.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "echo_session", "arguments": {"message": "hi"}}],
         "capture": {"first": ALL}},
        {"text": "tools=${tools} first=${first}"},
        {"toolCalls": [{"name": "shout", "arguments": {"message": "later"}}],
         "capture": {"second": ALL}},
        {"text": "tools=${tools} second=${second}"}
    ]);
    // The tool registered in session_start is offered from the first request on; one added
    // by `/add-echo-tool` is offered to the next prompt.
    let out = tau_run(
        &env,
        &ws,
        &[&dynamic],
        turns,
        &["-p", "echo please", "/add-echo-tool shout", "now shout"],
    );
    out.assert_ok().assert_quiet();
    let stdout = out.stdout();
    let answer = stdout.trim_end();
    let (tools, second) = answer
        .strip_prefix("tools=")
        .and_then(|rest| rest.split_once(" second="))
        .unwrap_or_else(|| panic!("unexpected answer: {stdout}"));
    let tools: Vec<&str> = tools.split(',').map(str::trim).collect();
    assert!(
        tools.contains(&"echo_session") && tools.contains(&"shout"),
        "{stdout}"
    );
    assert_eq!(second, "[shout] later");
}

#[test]
fn ext_dynamic_tools_echo_session_result_reaches_the_model() {
    let Some((env, dynamic)) = example("ext_dynamic_tools", "dynamic-tools.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "echo_session", "arguments": {"message": "hi"}}],
         "capture": {"first": ALL}},
        {"text": "first=${first}"}
    ]);
    let out = tau_run(&env, &ws, &[&dynamic], turns, &["-p", "echo please"]);
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "first=[session] hi\n");
}

#[test]
fn ext_bash_spawn_hook_runs_bash_through_the_hook() {
    let Some((env, hook)) = example("ext_bash_spawn_hook", "bash-spawn-hook.ts") else {
        return;
    };
    let ws = Workspace::new();
    // The hook sources ~/.profile (HOME is the agent dir in these runs) and sets PI_SPAWN_HOOK.
    std::fs::write(
        ws.agent_dir.path().join(".profile"),
        "export FROM_PROFILE=yes\n",
    )
    .unwrap();
    let turns = json!([
        {"toolCalls": [{"name": "bash",
            "arguments": {"command": "echo \"hook=$PI_SPAWN_HOOK profile=$FROM_PROFILE\""}}],
         "capture": {"out": ALL}},
        {"text": "${out}"}
    ]);
    let out = tau_run(&env, &ws, &[&hook], turns, &["-p", "run"]);
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout().trim_end(), "hook=1 profile=yes");
}

#[test]
fn ext_shutdown_command_is_a_no_op_in_print_mode() {
    let Some((env, shutdown)) = example("ext_shutdown_command", "shutdown-command.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "finish_and_exit", "arguments": {}}], "capture": {"fin": ALL}},
        {"text": "after tool: ${fin}"},
        {"toolCalls": [{"name": "deploy_and_exit", "arguments": {"environment": "staging"}}],
         "capture": {"dep": ALL}},
        {"text": "after deploy: ${dep}"}
    ]);
    // Pi documents ctx.shutdown() as a no-op in print mode: every prompt is still processed,
    // including the ones after `/quit`.
    let out = tau_run(
        &env,
        &ws,
        &[&shutdown],
        turns,
        &["-p", "finish", "/quit", "deploy"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(
        out.stdout(),
        "after deploy: Done! Shutdown requested.\n",
        "stderr: {}",
        out.stderr()
    );
}

#[test]
fn ext_shutdown_command_tool_result_and_updates_in_json_mode() {
    let Some((env, shutdown)) = example("ext_shutdown_command", "shutdown-command.ts") else {
        return;
    };
    let ws = Workspace::new();
    let turns = json!([
        {"toolCalls": [{"name": "deploy_and_exit", "arguments": {"environment": "prod"}}]},
        {"text": "bye"}
    ]);
    let out = tau_run(&env, &ws, &[&shutdown], turns, &["--mode", "json", "ship"]);
    out.assert_ok().assert_quiet();
    let records = parse_jsonl(&out.output.stdout);
    let updates: Vec<&Value> = records
        .iter()
        .filter(|r| r["type"] == "tool_execution_update")
        .map(|r| &r["partialResult"]["content"][0]["text"])
        .collect();
    assert_eq!(
        updates,
        [
            &json!("Deploying to prod..."),
            &json!("Deployment complete, exiting...")
        ]
    );
    let results = tool_results(&records);
    assert_eq!(results, [("Done! Shutdown requested.".to_string(), false)]);
    let last = records
        .iter()
        .rev()
        .find(|r| r["type"] == "message_end" && r["message"]["role"] == "assistant")
        .expect("final answer");
    assert_eq!(last["message"]["content"][0]["text"], "bye");
}
