//! Pi's example extensions that shape what reaches the model (input transforms, system prompt
//! additions, user messages sent from commands) and the command/event-bus examples, through
//! the real `tau` binary. The scripted model echoes `${lastUserMessage}` or `${systemPrompt}`
//! so the tests see what tau sent it. Where an example only talks to a UI (`ctx.ui.notify`,
//! `setStatus`, `select`), the tests assert what print and json mode can observe and say what
//! they cannot.

use std::path::Path;

use serde_json::{json, Value};

use super::ext_support::*;
use crate::support::{parse_jsonl, Workspace};

/// `tau --no-session --script <turns> <args…>` with `exts`.
fn tau_run(env: &ExtEnv, ws: &Workspace, exts: &[&Path], turns: Value, args: &[&str]) -> Run {
    let script = ws.script(&json!({ "turns": turns }));
    let mut cmd = env.tau(ws, exts);
    cmd.arg("--no-session")
        .arg("--script")
        .arg(script)
        .args(args);
    run(cmd)
}

/// A turn answering with the latest user message.
fn echo_user() -> Value {
    json!({"text": "echo: ${lastUserMessage}"})
}

/// A turn answering with the whole system prompt.
fn echo_system() -> Value {
    json!({"text": "${systemPrompt}"})
}

/// The JSON lines a probe command or listener wrote into the workspace.
fn probe_lines(ws: &Workspace, file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(ws.path().join(file)).unwrap_or_default();
    text.lines()
        .map(|l| serde_json::from_str(l).expect("probe line"))
        .collect()
}

#[test]
fn ext_input_transform_rewrites_quick_questions() {
    let Some((env, transform)) = example("ext_input_transform", "input-transform.ts") else {
        return;
    };
    let ws = Workspace::new();
    let out = tau_run(
        &env,
        &ws,
        &[&transform],
        json!([echo_user()]),
        &["-p", "?quick What is TypeScript?"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(
        out.stdout(),
        "echo: Respond briefly in 1-2 sentences: What is TypeScript?\n"
    );
}

#[test]
fn ext_input_transform_handles_ping_and_time_without_the_model() {
    let Some((env, transform)) = example("ext_input_transform", "input-transform.ts") else {
        return;
    };
    let ws = Workspace::new();
    // Only the last prompt may reach the model: the first turn answers it, and any earlier
    // request would have consumed that turn.
    let out = tau_run(
        &env,
        &ws,
        &[&transform],
        json!([echo_user()]),
        &["-p", "ping", "TIME", "?quick ", "plain words"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "echo: plain words\n");
}

#[test]
fn ext_pirate_command_adds_pirate_instructions_to_the_system_prompt() {
    let Some((env, pirate)) = example("ext_pirate", "pirate.ts") else {
        return;
    };
    let ws = Workspace::new();
    let plain = tau_run(&env, &ws, &[&pirate], json!([echo_system()]), &["-p", "hi"]);
    plain.assert_ok().assert_quiet();
    let plain = plain.stdout();
    assert!(!plain.contains("PIRATE MODE"), "{plain}");

    // Pirate mode stays on for every prompt after `/pirate`.
    let on = tau_run(
        &env,
        &ws,
        &[&pirate],
        json!([echo_system(), echo_system()]),
        &["-p", "/pirate", "hi", "again"],
    );
    on.assert_ok().assert_quiet();
    let on = on.stdout();
    assert!(
        on.contains("IMPORTANT: You are now in PIRATE MODE. You must:"),
        "{on}"
    );
    assert!(
        on.starts_with(plain.trim_end()),
        "the extension appends to tau's prompt\nplain: {plain}\npirate: {on}"
    );

    // A second `/pirate` toggles it off again.
    let off = tau_run(
        &env,
        &ws,
        &[&pirate],
        json!([echo_system()]),
        &["-p", "/pirate", "/pirate", "hi"],
    );
    off.assert_ok().assert_quiet();
    assert!(!off.stdout().contains("PIRATE MODE"), "{}", off.stdout());
}

#[test]
fn ext_claude_rules_lists_rule_files_in_the_system_prompt() {
    let Some((env, rules)) = example("ext_claude_rules", "claude-rules.ts") else {
        return;
    };
    let ws = Workspace::new();
    let none = tau_run(&env, &ws, &[&rules], json!([echo_system()]), &["-p", "hi"]);
    none.assert_ok().assert_quiet();
    assert!(
        !none.stdout().contains("## Project Rules"),
        "{}",
        none.stdout()
    );

    ws.write(".claude/rules/testing.md", "# Tests\nAlways add one.");
    ws.write(".claude/rules/backend/api.md", "# API\nVersion it.");
    ws.write(".claude/rules/notes.txt", "not a rule");
    let out = tau_run(&env, &ws, &[&rules], json!([echo_system()]), &["-p", "hi"]);
    out.assert_ok().assert_quiet();
    let prompt = out.stdout();
    assert!(prompt.contains("## Project Rules"), "{prompt}");
    assert!(prompt.contains("\n- .claude/rules/testing.md"), "{prompt}");
    assert!(
        prompt.contains("\n- .claude/rules/backend/api.md"),
        "{prompt}"
    );
    assert!(!prompt.contains("notes.txt"), "{prompt}");
    assert!(
        prompt.contains("use the read tool to load the relevant rule files"),
        "{prompt}"
    );
}

/// system-prompt-header only calls `ctx.getSystemPrompt()` and `ctx.ui.setStatus` (a no-op
/// without UI): the status text is not observable in print mode. What is: the handlers run
/// on `agent_start` and `session_shutdown` without an error and the run is unaffected.
#[test]
fn ext_system_prompt_header_runs_quietly_in_print_mode() {
    let Some((env, header)) = example("ext_system_prompt_header", "system-prompt-header.ts") else {
        return;
    };
    let ws = Workspace::new();
    let out = tau_run(
        &env,
        &ws,
        &[&header],
        json!([echo_user()]),
        &["-p", "hello"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "echo: hello\n");
}

/// `/commands` shows the list in `ctx.ui.select`, which has no UI in print mode, so the list
/// itself is not printed; the probe records `pi.getCommands()`, the data `/commands` shows.
#[test]
fn ext_commands_lists_extension_commands() {
    let Some((env, commands)) = example("ext_commands", "commands.ts") else {
        return;
    };
    let probe = fixture("ext-examples/probe.ts");
    let ws = Workspace::new();
    let out = tau_run(
        &env,
        &ws,
        &[&commands, &probe],
        json!([{"text": "the model was asked"}]),
        &["-p", "/commands", "/commands extension", "/probe-commands"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "", "no prompt reached the model");
    let listed = probe_lines(&ws, "probe-commands.jsonl");
    assert_eq!(listed.len(), 1, "{listed:?}");
    let list = listed[0].as_array().cloned().unwrap_or_default();
    let find = |name: &str| {
        list.iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} missing from {list:?}"))
            .clone()
    };
    let entry = find("commands");
    assert_eq!(entry["description"], "List available slash commands");
    assert_eq!(entry["source"], "extension");
    let path = entry["sourceInfo"]["path"].as_str().unwrap_or_default();
    assert!(path.ends_with("commands.ts"), "{entry}");
    assert_eq!(find("probe-new-session")["source"], "extension");
}

/// event-bus notifies through `ctx.ui.notify` (not observable without UI); the probe listens
/// on the same bus, as another extension would.
#[test]
fn ext_event_bus_emits_on_session_start_and_on_emit() {
    let Some((env, bus)) = example("ext_event_bus", "event-bus.ts") else {
        return;
    };
    let probe = fixture("ext-examples/probe.ts");
    let ws = Workspace::new();
    let out = tau_run(
        &env,
        &ws,
        &[&probe, &bus],
        json!([{"text": "the model was asked"}]),
        &["-p", "/emit hello bus", "/emit"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "");
    assert_eq!(
        probe_lines(&ws, "probe-events.jsonl"),
        [
            json!({"message": "Session started", "from": "event-bus-example"}),
            json!({"message": "hello bus", "from": "/emit command"}),
            json!({"message": "hello", "from": "/emit command"}),
        ]
    );
}

#[test]
fn ext_send_user_message_commands_start_turns_with_user_messages() {
    let Some((env, send)) = example("ext_send_user_message", "send-user-message.ts") else {
        return;
    };
    let ws = Workspace::new();
    let out = tau_run(
        &env,
        &ws,
        &[&send],
        json!([echo_user(), echo_user(), echo_user()]),
        &[
            "--mode",
            "json",
            "/ask What is 2+2?",
            "/ask   ",
            "/askwith hi",
            "/steer go left",
        ],
    );
    out.assert_ok().assert_quiet();
    let records = parse_jsonl(&out.output.stdout);
    let texts = |role: &str| -> Vec<String> {
        records
            .iter()
            .filter(|r| r["type"] == "message_end" && r["message"]["role"] == role)
            .map(|r| {
                let content = &r["message"]["content"];
                match content {
                    Value::String(text) => text.clone(),
                    _ => content
                        .as_array()
                        .map(|blocks| {
                            blocks
                                .iter()
                                .filter_map(|b| b["text"].as_str())
                                .collect::<Vec<_>>()
                                .join("\n")
                        })
                        .unwrap_or_default(),
                }
            })
            .collect()
    };
    let askwith = "User request: hi\nPlease respond concisely.";
    assert_eq!(texts("user"), ["What is 2+2?", askwith, "go left"]);
    assert_eq!(
        texts("assistant"),
        [
            "echo: What is 2+2?".to_string(),
            format!("echo: {askwith}"),
            "echo: go left".to_string()
        ]
    );
}

#[test]
fn ext_send_user_message_answer_is_printed_in_print_mode() {
    let Some((env, send)) = example("ext_send_user_message", "send-user-message.ts") else {
        return;
    };
    let ws = Workspace::new();
    let out = tau_run(
        &env,
        &ws,
        &[&send],
        json!([echo_user()]),
        &["-p", "/ask What is 2+2?"],
    );
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "echo: What is 2+2?\n");
}

#[test]
fn ext_prompt_customizer_adds_a_tool_guidance_section_from_the_prompt_options() {
    let Some((env, customizer)) = example("ext_prompt_customizer", "prompt-customizer.ts") else {
        return;
    };
    let ws = Workspace::new();
    let plain = tau_run(&env, &ws, &[], json!([echo_system()]), &["-p", "hi"]);
    plain.assert_ok();
    let run = tau_run(
        &env,
        &ws,
        &[&customizer],
        json!([echo_system()]),
        &["-p", "hi"],
    );
    run.assert_ok().assert_quiet();
    let prompt = run.stdout();
    // The example edits `systemPromptOptions.sections` in place; Pi builds the prompt with
    // the new section after the built-in ones.
    let section = "<tool_guidance>\n- Use `read` for file contents; it supports text and images.";
    assert!(prompt.contains(section), "{prompt}");
    assert!(prompt.trim_end().ends_with("</tool_guidance>"), "{prompt}");
    assert!(
        prompt.starts_with(plain.stdout().trim_end()),
        "the built-in sections stay as they were\nplain: {}\ncustomized: {prompt}",
        plain.stdout()
    );
}
