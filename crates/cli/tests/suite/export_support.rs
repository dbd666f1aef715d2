//! The sessions and helpers of the export tests (`export_html.rs`, `export_browser.rs`): a
//! hand-written session with every part the page shows, and readers for the page's sections.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::support::*;

/// A 1×1 PNG.
pub(super) const PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/// Text an attacker could put in a session; must show as text and never run.
pub(super) const HOSTILE: &str = "<script>document.body.dataset.pwned='script'</script> \
<img src=x onerror=\"document.body.dataset.pwned='img'\"> [click](javascript:document.body.dataset.pwned='link')";

pub(super) fn entry(id: &str, parent: Option<&str>, second: u32, body: Value) -> Value {
    let mut entry = json!({
        "id": id,
        "parentId": parent,
        "timestamp": format!("2026-12-05T10:00:{second:02}.000Z"),
    });
    for (key, value) in body.as_object().expect("object").clone() {
        entry[key] = value;
    }
    entry
}

pub(super) fn message(id: &str, parent: Option<&str>, second: u32, message: Value) -> Value {
    entry(
        id,
        parent,
        second,
        json!({"type": "message", "message": message}),
    )
}

fn usage(input: u64, output: u64, cost: f64) -> Value {
    json!({"input": input, "output": output, "cacheRead": 0, "cacheWrite": 0,
           "totalTokens": input + output,
           "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": cost}})
}

fn assistant(content: Value, stop: &str, usage_value: Value) -> Value {
    json!({"role": "assistant", "content": content, "api": "openai-completions",
           "provider": "loopback", "model": "test-model", "usage": usage_value,
           "stopReason": stop, "timestamp": 1})
}

fn tool_result(call: &str, tool: &str, content: Value, details: Value, is_error: bool) -> Value {
    json!({"role": "toolResult", "toolCallId": call, "toolName": tool, "content": content,
           "details": details, "isError": is_error, "timestamp": 1})
}

/// A session with every part the page shows: a system prompt with tools, a named session,
/// an image, thinking, `bash`/`read`/`edit`/custom tool calls (one failing), Markdown,
/// hostile text, a hidden extension message, a label, a malformed line (line 9), and two
/// branches after `a2`: `u3`/`a4` (written first) and the active `u2`/`a3`.
pub(super) fn rich_session(dir: &Path) -> PathBuf {
    let output: Vec<String> = (1..=12).map(|i| format!("line {i}")).collect();
    let lines = [
        json!({"type": "session", "version": 3, "id": "0193aaaa-0000-7000-8000-000000000e01",
               "timestamp": "2026-12-05T10:00:00.000Z", "cwd": "/home/ann/project"}),
        message(
            "s1",
            None,
            1,
            json!({"role": "system", "content": "You are a careful assistant.",
            "timestamp": 1,
            "toolsAdded": [
                {"name": "bash", "description": "Run a command", "parameters": {"type": "object", "properties": {"command": {"type": "string"}}}},
                {"name": "read", "description": "Read a file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}
            ]}),
        ),
        entry(
            "m1",
            Some("s1"),
            2,
            json!({"type": "model_change", "provider": "loopback", "modelId": "test-model"}),
        ),
        message(
            "u1",
            Some("m1"),
            3,
            json!({"role": "user", "timestamp": 1, "content": [
                {"type": "text", "text": "Please **fix** the bug in `main.rs`"},
                {"type": "image", "data": PNG, "mimeType": "image/png"}
            ]}),
        ),
        message(
            "a1",
            Some("u1"),
            4,
            assistant(
                json!([
                    {"type": "thinking", "thinking": "The user wants a fix; look at the files first."},
                    {"type": "text", "text": "Let me look."},
                    {"type": "toolCall", "id": "call_bash", "name": "bash", "arguments": {"command": "ls -la"}},
                    {"type": "toolCall", "id": "call_read", "name": "read", "arguments": {"path": "/home/ann/project/src/main.rs", "offset": 1, "limit": 20}},
                    {"type": "toolCall", "id": "call_edit", "name": "edit", "arguments": {"path": "src/main.rs", "edits": [{"oldText": "a", "newText": "b"}]}},
                    {"type": "toolCall", "id": "call_custom", "name": "deploy_site", "arguments": {"target": "staging", "dryRun": true}}
                ]),
                "toolUse",
                usage(1200, 80, 0.0123),
            ),
        ),
        message(
            "t1",
            Some("a1"),
            5,
            tool_result(
                "call_bash",
                "bash",
                json!([{"type": "text", "text": output.join("\n")}]),
                Value::Null,
                false,
            ),
        ),
        message(
            "t2",
            Some("t1"),
            6,
            tool_result(
                "call_read",
                "read",
                json!([{"type": "text", "text": "fn main() {}"}, {"type": "image", "data": PNG, "mimeType": "image/png"}]),
                Value::Null,
                false,
            ),
        ),
        message(
            "t3",
            Some("t2"),
            7,
            tool_result(
                "call_edit",
                "edit",
                json!([{"type": "text", "text": "Edited src/main.rs"}]),
                json!({"diff": "-1 let a = 1;\n+1 let b = 1;"}),
                false,
            ),
        ),
    ];
    let mut text: Vec<String> = lines.iter().map(Value::to_string).collect();
    text.push("{\"type\": \"message\", this line is torn".into());
    let rest = vec![
        message(
            "t4",
            Some("t3"),
            8,
            tool_result(
                "call_custom",
                "deploy_site",
                json!([{"type": "text", "text": "deploy refused: no credentials"}]),
                Value::Null,
                true,
            ),
        ),
        message(
            "a2",
            Some("t4"),
            9,
            assistant(
                json!([
                    {"type": "text", "text": "Fixed.\n\n```rust\nfn main() { println!(\"<ok>\"); }\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |"}
                ]),
                "stop",
                usage(1500, 40, 0.02),
            ),
        ),
        // The branch that is not active, written first.
        message(
            "u3",
            Some("a2"),
            10,
            json!({"role": "user", "content": "What about the other branch?", "timestamp": 1}),
        ),
        message(
            "a4",
            Some("u3"),
            11,
            assistant(
                json!([{"type": "text", "text": "An answer on the other branch."}]),
                "stop",
                usage(10, 5, 0.001),
            ),
        ),
        // The active branch.
        message(
            "u2",
            Some("a2"),
            12,
            json!({"role": "user", "content": HOSTILE, "timestamp": 1}),
        ),
        entry(
            "c1",
            Some("u2"),
            13,
            json!({"type": "custom_message", "customType": "audit", "content": "A note only the model sees", "display": false}),
        ),
        message(
            "a3",
            Some("c1"),
            14,
            assistant(
                json!([{"type": "text", "text": format!("You wrote: {HOSTILE}")}]),
                "stop",
                usage(20, 10, 0.0),
            ),
        ),
        entry(
            "l1",
            Some("a3"),
            15,
            json!({"type": "label", "targetId": "u1", "label": "start"}),
        ),
        entry(
            "n1",
            Some("l1"),
            16,
            json!({"type": "session_info", "name": "Fix <main.rs> & friends"}),
        ),
    ];
    text.extend(rest.iter().map(Value::to_string));
    let path = dir.join("2026-12-05T10-00-00-000Z_0193aaaa-0000-7000-8000-000000000e01.jsonl");
    std::fs::write(&path, text.join("\n") + "\n").expect("write session");
    path
}

/// Runs `tau --export` with `args` in the workspace.
pub(super) fn export(ws: &Workspace, args: &[&str]) -> std::process::Output {
    ws.tau()
        .arg("--export")
        .args(args)
        .output()
        .expect("run tau")
}

/// The `<section>` element of entry index `n`: its opening tag and content.
pub(super) fn section(page: &str, n: usize) -> Option<&str> {
    let marker = format!(" data-n=\"{n}\"");
    let start = page
        .match_indices("<section class=\"entry ")
        .map(|(at, _)| at)
        .find(|&at| {
            page[at..]
                .split('>')
                .next()
                .is_some_and(|tag| tag.contains(&marker))
        })?;
    let end = page[start..].find("</section>")? + start;
    Some(&page[start..end])
}

pub(super) fn is_hidden(section: &str) -> bool {
    section
        .split('>')
        .next()
        .is_some_and(|tag| tag.ends_with(" hidden"))
}
