//! Pi's example extensions that keep state in the session or guard session changes, through
//! the real `tau` binary with sessions on disk: state rebuilt on resume (todo, tools), entries
//! written by commands (session-name, bookmark), `session_before_switch` gates
//! (confirm-destructive, dirty-repo-guard, driven by our probe's `ctx.newSession()`), and
//! git-checkpoint's per-turn `git stash create`.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

use super::ext_support::*;
use crate::support::Workspace;

/// `tau --script <script> <args…>` with `exts`, recording a session.
fn tau_session(env: &ExtEnv, ws: &Workspace, exts: &[&Path], script: &Path, args: &[&str]) -> Run {
    let mut cmd = env.tau(ws, exts);
    cmd.arg("--script").arg(script).args(args);
    run(cmd)
}

/// Runs git in the workspace; panics when it fails.
fn git(ws: &Workspace, args: &[&str]) -> String {
    let output = Command::new("git")
        .current_dir(ws.path())
        .args(["-c", "user.name=tau", "-c", "user.email=tau@example.com"])
        .args(args)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("run git");
    assert!(output.status.success(), "git {args:?}: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A git repository with one committed file, or `None` (reason printed) without git.
fn git_repo(test: &str, ws: &Workspace) -> Option<()> {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("{test}: skipped: git is not on PATH");
        return None;
    }
    ws.write("app.txt", "v1\n");
    git(ws, &["init", "-q"]);
    git(ws, &["add", "app.txt"]);
    git(ws, &["commit", "-q", "-m", "start"]);
    Some(())
}

/// The text of every user message in a session's entries.
fn user_texts(entries: &[Value]) -> Vec<String> {
    entries
        .iter()
        .filter(|e| e["type"] == "message" && e["message"]["role"] == "user")
        .map(|e| match &e["message"]["content"] {
            Value::String(text) => text.clone(),
            blocks => blocks[0]["text"].as_str().unwrap_or_default().to_string(),
        })
        .collect()
}

#[test]
fn ext_todo_state_is_rebuilt_from_tool_details_on_resume() {
    let Some((env, todo)) = example("ext_todo", "todo.ts") else {
        return;
    };
    let ws = Workspace::new();
    let call = |args: Value| json!({"toolCalls": [{"name": "todo", "arguments": args}]});
    let script = ws.script(&json!({"turns": [
        call(json!({"action": "add", "text": "buy milk"})),
        call(json!({"action": "add", "text": "walk dog"})),
        call(json!({"action": "toggle", "id": 1})),
        {"text": "noted"},
        {"toolCalls": [{"name": "todo", "arguments": {"action": "list"}}], "capture": {"list": ALL}},
        {"text": "list=${list}"},
        {"toolCalls": [{"name": "todo", "arguments": {"action": "add", "text": "call mom"}}],
         "capture": {"added": ALL}},
        {"text": "added=${added}"}
    ]}));
    let first = tau_session(&env, &ws, &[&todo], &script, &["-p", "plan my day"]);
    first.assert_ok().assert_quiet();
    assert_eq!(first.stdout(), "noted\n");
    let file = only_session(&ws);
    let details: Vec<Value> = entries(&file)
        .into_iter()
        .filter(|e| e["message"]["role"] == "toolResult" && e["message"]["toolName"] == "todo")
        .map(|e| e["message"]["details"].clone())
        .collect();
    assert_eq!(details.len(), 3);
    assert_eq!(
        details[2],
        json!({"action": "toggle", "nextId": 3, "todos": [
            {"id": 1, "text": "buy milk", "done": true},
            {"id": 2, "text": "walk dog", "done": false}]})
    );

    // A new process: session_start rebuilds the list from the tool results' details.
    let resumed = tau_session(
        &env,
        &ws,
        &[&todo],
        &script,
        &["--continue", "-p", "what is left?"],
    );
    resumed.assert_ok().assert_quiet();
    assert_eq!(
        resumed.stdout(),
        "list=[x] #1: buy milk\n[ ] #2: walk dog\n"
    );

    // `--session <file>` too, and nextId is restored with the list.
    let file_arg = file.display().to_string();
    let again = tau_session(
        &env,
        &ws,
        &[&todo],
        &script,
        &["--session", &file_arg, "-p", "more"],
    );
    again.assert_ok().assert_quiet();
    assert_eq!(again.stdout(), "added=Added todo #3: call mom\n");
    assert_eq!(session_files(&ws), std::slice::from_ref(&file));
    entries(&file);
}

#[test]
fn ext_tools_restores_the_saved_tool_selection_on_resume() {
    let Some((env, tools)) = example("ext_tools", "tools.ts") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [
        {"text": "tools=${tools}"},
        {"text": "tools=${tools}"}
    ]}));
    let first = tau_session(&env, &ws, &[&tools], &script, &["-p", "hi"]);
    first.assert_ok().assert_quiet();
    let before: Vec<String> = first.stdout().trim_end()["tools=".len()..]
        .split(',')
        .map(|t| t.trim().to_string())
        .collect();
    assert!(before.contains(&"bash".to_string()), "{before:?}");

    // What the example's /tools dialog persists (a `tools-config` custom entry), appended
    // the way Pi appends entries.
    let file = only_session(&ws);
    let last_id = entries(&file).last().expect("entries")["id"].clone();
    let saved = json!({
        "type": "custom", "customType": "tools-config",
        "data": {"enabledTools": ["read", "grep", "no_such_tool"]},
        "id": "7f3a9c21", "parentId": last_id, "timestamp": "2026-01-01T00:00:00.000Z"
    });
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str(&format!("{saved}\n"));
    std::fs::write(&file, text).unwrap();

    let resumed = tau_session(
        &env,
        &ws,
        &[&tools],
        &script,
        &["--continue", "-p", "again"],
    );
    resumed.assert_ok().assert_quiet();
    let mut after: Vec<String> = resumed.stdout().trim_end()["tools=".len()..]
        .split(',')
        .map(|t| t.trim().to_string())
        .collect();
    after.sort();
    assert_eq!(after, ["grep", "read"], "{}", resumed.stdout());
    entries(&file);
}

#[test]
fn ext_session_name_command_writes_a_session_info_entry() {
    let Some((env, naming)) = example("ext_session_name", "session-name.ts") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [{"text": "ok"}, {"text": "ok again"}]}));
    let out = tau_session(
        &env,
        &ws,
        &[&naming],
        &script,
        &["-p", "/session-name Refactor auth", "hello"],
    );
    out.assert_ok().assert_quiet();
    let file = only_session(&ws);
    let infos: Vec<Value> = of_type(&entries(&file), "session_info")
        .into_iter()
        .cloned()
        .collect();
    assert_eq!(infos.len(), 1, "{infos:?}");
    assert_eq!(infos[0]["name"], "Refactor auth");

    // The listing shows the name, and `/session-name` without a name only reads it.
    let mut list = env.tau(&ws, &[&naming]);
    list.arg("--resume");
    let list = run(list);
    list.assert_ok();
    assert!(list.stdout().contains("Refactor auth"), "{}", list.stdout());
    let show = tau_session(
        &env,
        &ws,
        &[&naming],
        &script,
        &["--continue", "-p", "/session-name"],
    );
    show.assert_ok().assert_quiet();
    assert_eq!(of_type(&entries(&file), "session_info").len(), 1);
}

#[test]
fn ext_bookmark_labels_the_last_assistant_message_and_unbookmark_clears_it() {
    let Some((env, bookmark)) = example("ext_bookmark", "bookmark.ts") else {
        return;
    };
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [{"text": "first answer"}]}));
    let out = tau_session(
        &env,
        &ws,
        &[&bookmark],
        &script,
        &["-p", "hello", "/bookmark milestone"],
    );
    out.assert_ok().assert_quiet();
    let file = only_session(&ws);
    let all = entries(&file);
    let assistant_id = all
        .iter()
        .rev()
        .find(|e| e["type"] == "message" && e["message"]["role"] == "assistant")
        .map(|e| e["id"].clone())
        .expect("assistant entry");
    let labels = of_type(&all, "label");
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert_eq!(labels[0]["targetId"], assistant_id);
    assert_eq!(labels[0]["label"], "milestone");

    // In a new process the label is found through ctx.sessionManager and removed.
    let out = tau_session(
        &env,
        &ws,
        &[&bookmark],
        &script,
        &["--continue", "-p", "/unbookmark"],
    );
    out.assert_ok().assert_quiet();
    let all = entries(&file);
    let labels = of_type(&all, "label");
    assert_eq!(labels.len(), 2, "{labels:?}");
    assert_eq!(labels[1]["targetId"], assistant_id);
    assert!(labels[1]["label"].is_null(), "{}", labels[1]);
}

#[test]
fn ext_confirm_destructive_does_not_cancel_a_new_session_without_ui() {
    let Some((env, confirm)) = example("ext_confirm_destructive", "confirm-destructive.ts") else {
        return;
    };
    let probe = fixture("ext-examples/probe.ts");
    let ws = Workspace::new();
    let script = ws.script(&json!({"turns": [{"text": "one"}]}));
    let out = tau_session(
        &env,
        &ws,
        &[&confirm, &probe],
        &script,
        &["-p", "hello", "/probe-new-session", "next"],
    );
    out.assert_ok().assert_quiet();
    let answer =
        std::fs::read_to_string(ws.path().join("probe-new-session.jsonl")).unwrap_or_default();
    assert_eq!(answer, "{\"cancelled\":false}\n");
    let files = session_files(&ws);
    assert_eq!(files.len(), 2, "a second session was started: {files:?}");
    let users: Vec<Vec<String>> = files.iter().map(|f| user_texts(&entries(f))).collect();
    assert!(users.contains(&vec!["hello".to_string()]), "{users:?}");
    assert!(users.contains(&vec!["next".to_string()]), "{users:?}");
}

#[test]
fn ext_dirty_repo_guard_cancels_a_new_session_only_in_a_dirty_repo() {
    let Some((env, guard)) = example("ext_dirty_repo_guard", "dirty-repo-guard.ts") else {
        return;
    };
    let probe = fixture("ext-examples/probe.ts");
    let attempt = |ws: &Workspace| {
        let script = ws.script(&json!({"turns": [{"text": "one"}]}));
        let out = tau_session(
            &env,
            ws,
            &[&guard, &probe],
            &script,
            &["-p", "hello", "/probe-new-session", "next"],
        );
        out.assert_ok().assert_quiet();
        std::fs::read_to_string(ws.path().join("probe-new-session.jsonl")).unwrap_or_default()
    };

    let dirty = Workspace::new();
    let Some(()) = git_repo("ext_dirty_repo_guard", &dirty) else {
        return;
    };
    dirty.write("app.txt", "v2, not committed\n");
    assert_eq!(attempt(&dirty), "{\"cancelled\":true}\n");
    let file = only_session(&dirty);
    assert_eq!(user_texts(&entries(&file)), ["hello", "next"]);

    let clean = Workspace::new();
    git_repo("ext_dirty_repo_guard", &clean);
    assert_eq!(attempt(&clean), "{\"cancelled\":false}\n");
    assert_eq!(session_files(&clean).len(), 2);

    let no_repo = Workspace::new();
    assert_eq!(attempt(&no_repo), "{\"cancelled\":false}\n");
}

/// git-checkpoint runs `git stash create` at every turn start: that writes a stash commit
/// without touching the working tree or the stash list. The checkpoint map and the fork
/// restore (a UI select) are not observable in print mode.
#[test]
fn ext_git_checkpoint_creates_a_stash_commit_per_turn_and_leaves_the_tree_alone() {
    let Some((env, checkpoint)) = example("ext_git_checkpoint", "git-checkpoint.ts") else {
        return;
    };
    let ws = Workspace::new();
    let Some(()) = git_repo("ext_git_checkpoint", &ws) else {
        return;
    };
    ws.write("app.txt", "v2, work in progress\n");
    let unreachable = |ws: &Workspace| {
        git(ws, &["fsck", "--unreachable", "--no-reflogs"])
            .lines()
            .filter(|l| l.starts_with("unreachable commit"))
            .count()
    };
    assert_eq!(unreachable(&ws), 0);
    let script = ws.script(&json!({"turns": [
        {"toolCalls": [{"name": "bash", "arguments": {"command": "echo working"}}]},
        {"text": "done"}
    ]}));
    let out = tau_session(&env, &ws, &[&checkpoint], &script, &["-p", "work"]);
    out.assert_ok().assert_quiet();
    assert_eq!(out.stdout(), "done\n");
    assert!(unreachable(&ws) >= 1, "no stash commit was created");
    assert_eq!(git(&ws, &["stash", "list"]), "");
    assert_eq!(ws.read("app.txt"), "v2, work in progress\n");
}
